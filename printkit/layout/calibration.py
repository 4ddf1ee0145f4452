"""The duplex calibration sheet: two pages that show how far a printer shifts the backs.

Printed double-sided and held against a window, the back's lines cross the front's scales at
the correction to type: ``--duplex-offset X,Y`` (mm), which the imposition
(:mod:`printkit.layout.impose`) then applies to every back page. ``printkit calibrate`` writes
it (:func:`write_calibration`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import LayoutError
from printkit.fonts import FontRole, font
from printkit.geometry import Rect
from printkit.layout.impose import VIEWER_DUPLEX, mirror_axis
from printkit.page import marks
from printkit.page.canvas import open_canvas
from printkit.page.notice import band_height, decorate_first_page
from printkit.page.profiles import begin_page, profile, safe_rect
from printkit.paper import Paper
from printkit.units import mm

if TYPE_CHECKING:
    from printkit.context import DrawContext


CAL_RANGE_MM = 20  # the scales read ±20 mm: as far as ``--duplex-offset`` goes
CAL_REACH_MM = 26  # each back line runs this far either side of its scale: a shift of 20 mm
#                    along the line still leaves it crossing the scale and its ticks
CAL_CLEAR_MM = 50  # a scale's centre lies this far inside the safe area: the back's lines
#                    stay in it even when printed with a 20 mm --duplex-offset


def _flip(paper: Paper, axis: str, x: float, y: float) -> tuple[float, float]:
    """Where a point of one side lies on the other side of the sheet (the flip is its own
    inverse): flipping about a vertical edge mirrors x, about a horizontal edge y."""
    return (paper.width - x, y) if axis == "x" else (x, paper.height - y)


def _calibration_scales(paper: Paper, safe: Rect) -> tuple[tuple[float, float],
                                                           tuple[float, float]]:
    """Front-page centres of the X scale (horizontal, centred across the page, near the foot)
    and of the Y scale (vertical, to the right, above it), in points."""
    clear = mm(CAL_CLEAR_MM)
    return (paper.width / 2, safe.y + clear), (safe.right - clear, safe.y + 2 * clear)


def draw_calibration(canvas: Canvas, ctx: DrawContext, duplex: str) -> None:
    """Two pages to print double-sided: the front carries an X and a Y scale, the back one
    line per scale, drawn where the flip puts it across its scale's 0.

    Printed with a perfect printer, the back's vertical line shows through at 0 on the X
    scale and its horizontal line at 0 on the Y scale. A printer that shifts the back by
    (ex, ey) mm (in the back page's frame) moves each crossing to the tick labelled with the
    correction, -ex and -ey: the labels are signed per flip so that ``--duplex-offset X,Y``
    is typed as read (impose shifts back pages by +X, +Y in their own frame). The back page
    here is shifted by ``ctx.duplex_offset`` like any back page, so printing the sheet again
    with the offset read checks it: the lines then cross at 0.
    """
    if duplex not in VIEWER_DUPLEX:
        raise LayoutError("the calibration page is for duplex printing: choose long or short")
    paper = Paper(ctx.paper.name, *canvas._pagesize)
    axis = mirror_axis(paper, duplex)
    safe = safe_rect(paper, profile(ctx.profile))
    (xs_x, xs_y), (ys_x, ys_y) = _calibration_scales(paper, safe)
    # A back shifted by +e along a mirrored axis lands -e on the front, along the other +e.
    # The tick at front offset u must read the correction -e, so it is labelled u on the
    # mirrored axis and -u on the other.
    sx = 1 if axis == "x" else -1
    sy = 1 if axis == "y" else -1
    black = marks.MARK_BLACK
    sans, bold = _fonts(ctx.locale)

    # front page: the instructions and the two scales (and the home printer's notice: the
    # page is all text and scales, with room above them)
    begin_page(canvas, ctx)
    if profile(ctx.profile).notice:
        decorate_first_page(canvas, ctx, safe.x, safe.top, safe.w)
    canvas.setFillColorCMYK(*black)
    canvas.setFont(bold, 12)
    top = safe.top - band_height(ctx.profile) - mm(8)
    edge = ctx._("long edge") if duplex == "long" else ctx._("short edge")
    canvas.drawString(safe.x, top, ctx._("Duplex calibration ({edge})").format(edge=edge))
    canvas.setFont(sans, 8)
    lines = [
        ctx._("1. Print this sheet double-sided, flipped on the {edge}, at 100 %.").format(
            edge=edge),
        ctx._("2. Hold it against a window: the back's lines show through."),
        ctx._("3. X is the number where the back's vertical line crosses the X scale, "
          "Y where its horizontal line crosses the Y scale."),
        ctx._("4. Build with --duplex-offset X,Y (mm), typed as read. 0,0 means your printer "
          "is exact."),
        ctx._("5. +X shifts back pages to the right, +Y upwards (as seen on the back); "
          "each scale's arrow points to its + side."),
        ctx._("6. To check, print this sheet again with --duplex-offset X,Y: "
          "the lines then cross at 0."),
    ]
    for i, line in enumerate(lines):
        canvas.drawString(safe.x, top - mm(6) - i * mm(4.5), line)
    _scale(canvas, ctx, xs_x, xs_y, vertical=False, sign=sx, name="X",
           caption=ctx._("X (mm): the number where the back's vertical line crosses this scale"))
    _scale(canvas, ctx, ys_x, ys_y, vertical=True, sign=sy, name="Y",
           caption=ctx._("Y (mm): the number where the back's horizontal line crosses this scale"))
    canvas.showPage()

    # back page: each line where the flip lays it across its scale's 0
    reach = mm(CAL_REACH_MM)
    dx, dy = ctx.duplex_offset
    begin_page(canvas, ctx)
    canvas.saveState()
    canvas.translate(mm(dx), mm(dy))  # as impose shifts every back page
    canvas.setStrokeColorCMYK(*black)
    canvas.setLineWidth(0.6)
    for (x0, y0), (x1, y1) in (((xs_x, xs_y - reach), (xs_x, xs_y + reach)),
                               ((ys_x - reach, ys_y), (ys_x + reach, ys_y))):
        canvas.line(*_flip(paper, axis, x0, y0), *_flip(paper, axis, x1, y1))
    canvas.setFont(sans, 8)
    canvas.setFillColorCMYK(*black)
    canvas.drawCentredString(*_flip(paper, axis, xs_x, ys_y + mm(30)),
                             ctx._("back of the calibration sheet"))
    canvas.restoreState()
    canvas.showPage()


def _scale(canvas: Canvas, ctx: DrawContext, x: float, y: float, *, vertical: bool, sign: int,
           name: str, caption: str) -> None:
    """A ±CAL_RANGE_MM scale centred on (x, y), horizontal (numbers above) or vertical
    (numbers to the right); the tick ``u`` mm right of (above) the centre is labelled
    ``sign * u``. An arrow beyond the + end points to it, with the scale's ``name``; the
    ``caption`` stands beyond the - end."""
    sans, bold = _fonts(ctx.locale)

    def at(along: float, across: float) -> tuple[float, float]:
        return (x + across, y + along) if vertical else (x + along, y + across)

    r = mm(CAL_RANGE_MM)
    canvas.saveState()
    canvas.setStrokeColorCMYK(*marks.MARK_BLACK)
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    canvas.setLineWidth(0.3)
    canvas.line(*at(-r, 0), *at(r, 0))
    path = canvas.beginPath()
    for half in range(-2 * CAL_RANGE_MM, 2 * CAL_RANGE_MM + 1):
        u = mm(half / 2)
        t = mm(3) if half % 10 == 0 else mm(2) if half % 2 == 0 else mm(1)
        path.moveTo(*at(u, -t))
        path.lineTo(*at(u, t))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFont(sans, 6)
    for u in range(-CAL_RANGE_MM, CAL_RANGE_MM + 1, 5):
        value = sign * u
        text = (f"{value:+d}" if value else "0").replace("-", "−")
        if vertical:  # upright, beside its tick: the digits' middle on the tick
            canvas.drawString(x + mm(4), y + mm(u) - 2.2, text)
        else:
            canvas.drawCentredString(x + mm(u), y + mm(4), text)
    # the arrow to the + end, and the name beyond it
    a0, a1 = sign * (r + mm(2)), sign * (r + mm(8))
    canvas.setLineWidth(0.6)
    canvas.line(*at(a0, 0), *at(a1 - sign * mm(1.5), 0))
    head = canvas.beginPath()
    head.moveTo(*at(a1, 0))
    head.lineTo(*at(a1 - sign * mm(2.2), mm(1)))
    head.lineTo(*at(a1 - sign * mm(2.2), -mm(1)))
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)
    canvas.setFont(bold, 10)
    gap = mm(1.5)
    if not vertical:
        draw = canvas.drawString if sign > 0 else canvas.drawRightString
        draw(x + a1 + sign * gap, y - 3.5, name)
    else:
        canvas.drawCentredString(x, y + a1 + gap if sign > 0 else y + a1 - gap - 7.2, name)
    # the caption beyond the - end, where the back's line never runs (it moves at most
    # CAL_RANGE_MM along the scale)
    canvas.setFont(sans, 6.5)
    lines = simpleSplit(caption, sans, 6.5, mm(40) if vertical else mm(34))
    lead = 8.0
    for i, line in enumerate(lines):
        if vertical:  # centred above (below) the - end
            base = (y + r + mm(4) + (len(lines) - 1 - i) * lead if sign < 0
                    else y - r - mm(4) - 5.0 - i * lead)
            canvas.drawCentredString(x, base, line)
        else:  # beside the - end, level with the scale
            base = y + (len(lines) / 2 - 1 - i) * lead + 1.5
            if sign > 0:
                canvas.drawRightString(x - r - mm(4), base, line)
            else:
                canvas.drawString(x + r + mm(4), base, line)
    canvas.restoreState()


def _fonts(locale: str) -> tuple[str, str]:
    return font(FontRole.SANS, locale), font(FontRole.SANS_BOLD, locale)


def write_calibration(out: str | Path, ctx: DrawContext,
                      duplex: str = "long") -> Path:
    """The duplex calibration sheet as its own PDF."""
    out = Path(out)
    with open_canvas(out, ctx.paper, ctx=ctx, title=ctx._("Duplex calibration")) as canvas:
        canvas.setViewerPreference("Duplex", VIEWER_DUPLEX.get(duplex, "Simplex"))
        draw_calibration(canvas, ctx, duplex)
    return out
