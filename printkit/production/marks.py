"""Drawing primitives for print marks. Every function takes points and draws on a canvas.

Marks are drawn in CMYK "registration black" (100 % K) with thin hairlines, so they print on
every plate of a print shop and stay unobtrusive on a home printer.
"""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.pdfgen.canvas import Canvas

from printkit.fonts import font
from printkit.geometry import Rect
from printkit.tracking import exempt
from printkit.units import inch, mm

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


def ruler(canvas: Canvas, x: float, y: float, length: float, *, minor: float, major_every: int,
          label: str, tick: float = mm(1.2)) -> None:
    """A check ruler from (x, y) to the right: ticks every ``minor`` pt, long ones every
    ``major_every`` ticks, end ticks full height, ``label`` centred under it."""
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
    canvas.setFont(font("sans"), 6)
    canvas.drawCentredString(x + length / 2, y - 7, label)
    canvas.restoreState()


def check_rulers(canvas: Canvas, x: float, y: float) -> float:
    """The 50 mm and the 1 in check rulers side by side from (x, y); returns the width used."""
    from printkit.i18n import _

    ruler(canvas, x, y, mm(50), minor=mm(1), major_every=5, label=_("50 mm"))
    x2 = x + mm(50) + mm(8)
    ruler(canvas, x2, y, inch(1), minor=inch(1) / 8, major_every=4, label=_("1 in"))
    return mm(50) + mm(8) + inch(1)
