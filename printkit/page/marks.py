"""Drawing primitives for print marks. Every function takes points and draws on a canvas.

Marks are drawn in CMYK "registration black" (100 % K) with thin hairlines, so they print on
every plate of a print shop and stay unobtrusive on a home printer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page.canvas import exempt
from printkit.page.profiles import Profile
from printkit.units import inch, mm

if TYPE_CHECKING:
    from printkit.context import DrawContext

MARK_BLACK = (0, 0, 0, 1)  # CMYK
CUT_GREY = (0, 0, 0, 0.45)
HAIRLINE = 0.25  # pt


def cut_rects(canvas: Canvas, rects: Iterable[Rect], *, width: float = HAIRLINE) -> None:
    """Thin cut lines around each trim rectangle (home profile)."""
    canvas.saveState()
    canvas.setStrokeColorCMYK(*CUT_GREY)
    canvas.setLineWidth(width)
    path = canvas.beginPath()
    for r in rects:
        path.rect(r.x, r.y, r.w, r.h)
    with exempt(canvas):  # printer's marks lie outside the trim by design
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def crop_marks(canvas: Canvas, xs: Iterable[float], ys: Iterable[float], outer: Rect,
               *, offset: float, length: float) -> None:
    """Crop marks for a grid of trims: a short line at every cut position ``xs``/``ys``.

    The marks sit outside ``outer`` (the grid's bleed rectangle) starting ``offset`` beyond its
    edge and running ``length`` outwards, so they never touch artwork (never ``cropMarks=True``:
    that enlarges the page and makes printers shrink it).
    """
    x0, y0, x1, y1 = outer.corners
    canvas.saveState()
    canvas.setStrokeColorCMYK(*MARK_BLACK)
    canvas.setLineWidth(HAIRLINE)
    path = canvas.beginPath()
    for x in sorted(set(round(v, 4) for v in xs)):
        path.moveTo(x, y0 - offset)
        path.lineTo(x, y0 - offset - length)
        path.moveTo(x, y1 + offset)
        path.lineTo(x, y1 + offset + length)
    for y in sorted(set(round(v, 4) for v in ys)):
        path.moveTo(x0 - offset, y)
        path.lineTo(x0 - offset - length, y)
        path.moveTo(x1 + offset, y)
        path.lineTo(x1 + offset + length, y)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def trim_marks(canvas: Canvas, prof: Profile, trim: Rect, bleed: Rect,
               xs: tuple[float, ...] = (), ys: tuple[float, ...] = ()) -> Rect:
    """Crop marks at the corners of ``trim`` (and at the extra cuts ``xs``/``ys``), outside
    ``bleed``; returns the box they reach (what a slug line must keep out of)."""
    gap, length = mm(prof.mark_gap_mm), mm(prof.mark_length_mm)
    with exempt(canvas):
        crop_marks(canvas, [trim.x, trim.right, *xs], [trim.y, trim.top, *ys], bleed,
                   offset=gap, length=length)
    return bleed.outset(gap + length)


def registration_mark(canvas: Canvas, x: float, y: float, radius: float = mm(3)) -> None:
    """A crosshair in a circle centred on (x, y): align two sheets by overlaying these."""
    canvas.saveState()
    canvas.setStrokeColorCMYK(*MARK_BLACK)
    canvas.setLineWidth(HAIRLINE)
    canvas.circle(x, y, radius * 0.6, stroke=1, fill=0)
    canvas.line(x - radius, y, x + radius, y)
    canvas.line(x, y - radius, x, y + radius)
    canvas.restoreState()


def fold_line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    """A dashed fold line (valley fold)."""
    canvas.saveState()
    canvas.setStrokeColorCMYK(*CUT_GREY)
    canvas.setLineWidth(0.5)
    canvas.setDash(mm(2), mm(1.5))
    canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def ruler(canvas: Canvas, ctx: DrawContext, x: float, y: float, length: float, *,
          minor: float, major_every: int, label: str, tick: float = mm(1.2),
          label_at_end: bool = False) -> None:
    """A check ruler from (x, y) to the right: ticks every ``minor`` pt, long ones every
    ``major_every`` ticks, end ticks full height, ``label`` centred under it (or, with
    ``label_at_end``, after its right end on its baseline: a ruler one line high)."""
    canvas.saveState()
    canvas.setStrokeColorCMYK(*MARK_BLACK)
    canvas.setLineWidth(0.35)
    canvas.line(x, y, x + length, y)
    n = round(length / minor)
    path = canvas.beginPath()
    for i in range(n + 1):
        h = tick * (2 if i in (0, n) else 1.4 if i % major_every == 0 else 0.8)
        path.moveTo(x + i * minor, y)
        path.lineTo(x + i * minor, y + h)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFillColorCMYK(*MARK_BLACK)
    canvas.setFont(ctx.font(FontRole.SANS), RULER_LABEL)
    if label_at_end:
        canvas.drawString(x + length + LABEL_GAP, y, label)
    else:
        canvas.drawCentredString(x + length / 2, y - 7, label)
    canvas.restoreState()


RULER_LABEL = 6.0  # pt
LABEL_GAP = mm(1.5)  # between a ruler's end and its label at the end
RULER_GAP = mm(8)  # between the two check rulers (labels below them)
RULER_GAP_END = mm(4)  # between the first ruler's end label and the second ruler


def _ruler_labels(ctx: DrawContext) -> tuple[str, str]:
    return ctx._("50 mm"), ctx._("1 in")


def check_rulers_width(ctx: DrawContext, *, labels_at_end: bool = False) -> float:
    """The width :func:`check_rulers` takes (with end labels: in the context's locale)."""
    if not labels_at_end:
        return mm(50) + RULER_GAP + inch(1)

    a, b = (float(stringWidth(t, ctx.font(FontRole.SANS), RULER_LABEL)) for t in _ruler_labels(ctx))
    return mm(50) + LABEL_GAP + a + RULER_GAP_END + inch(1) + LABEL_GAP + b


def check_rulers(canvas: Canvas, ctx: DrawContext, x: float, y: float, *,
                 labels_at_end: bool = False) -> float:
    """The 50 mm and the 1 in check rulers side by side from (x, y); returns the width used.
    ``labels_at_end``: each label after its ruler, so that the pair is one line high."""
    first, second = _ruler_labels(ctx)
    ruler(canvas, ctx, x, y, mm(50), minor=mm(1), major_every=5, label=first,
          label_at_end=labels_at_end)
    if labels_at_end:
        x2 = x + mm(50) + LABEL_GAP + stringWidth(first, ctx.font(FontRole.SANS), RULER_LABEL) \
            + RULER_GAP_END
    else:
        x2 = x + mm(50) + RULER_GAP
    ruler(canvas, ctx, x2, y, inch(1), minor=inch(1) / 8, major_every=4, label=second,
          label_at_end=labels_at_end)
    return check_rulers_width(ctx, labels_at_end=labels_at_end)
