"""The slug line: file, page and build id in 5 pt type outside every trim of a print-shop page.

A print shop reads it to tell files and pages apart; players never see it (it is cut away).
:func:`finish_page` draws it at the end of every print-shop page, in a free strip between what
the page prints (trims, bleed, crop marks) and the page's edge (:func:`slug_spot`). The build id
is date-free (:func:`~printkit.page.profiles.build_id`), so the same input gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page import marks
from printkit.page.canvas import exempt
from printkit.page.profiles import profile
from printkit.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.context import DrawContext

SLUG_SIZE = 5.0  # pt: printer's information, not read by players
SLUG_ROOM = mm(2.6)  # the height a slug line needs, with a little air
SLUG_EDGE = mm(4)  # a slug line's middle lies this far from the page edge when there is room


def finish_page(canvas: Canvas, ctx: DrawContext, *, file_name: str, build_id: str,
                page_count: int | None = None, used: Rect | None = None) -> None:
    """End-of-page duties: the slug line in print-shop, outside ``used`` (what the page prints:
    trims, bleed and marks; default: the TrimBox). Call before ``showPage``."""
    if not profile(ctx.profile).slug:
        return
    page = Rect(0.0, 0.0, *canvas._pagesize)
    if used is None:
        trim = getattr(canvas, "_trimBox", None)
        used = Rect.from_corners(*trim) if trim else page.inset(mm(6.35))
    slug(canvas, ctx, file_name=file_name, page=canvas.getPageNumber(), page_count=page_count,
         build_id=build_id, spot=slug_spot(page, used))


def slug_text(ctx: DrawContext, *, file_name: str, page: int, build_id: str,
              page_count: int | None = None) -> str:
    page_text = f"{page}/{page_count}" if page_count else f"{page}"
    return ctx._("{file} · page {page} · build {build} · printkit").format(
        file=file_name, page=page_text, build=build_id)


@dataclass(frozen=True)
class SlugSpot:
    """Where a slug line starts (its baseline) and whether it runs up the page."""

    x: float
    y: float
    turned: bool = False


def slug_spot(page: Rect, used: Rect, length: float = mm(60)) -> SlugSpot:
    """Where the slug goes: in a free strip between ``used`` (everything the page prints:
    trims, bleed, marks) and the page's edge, below it first, then above, then up the left or
    right side; the widest strip when none is deep enough. Near the page edge (4 mm) when
    the strip is deep, in its middle when it is narrower.

    >>> s = slug_spot(Rect(0, 0, 600, 800), Rect(50, 40, 500, 700))
    >>> (s.x, round(s.y, 2), s.turned)
    (50, 10.09, False)
    """
    below, above = used.y - page.y, page.top - used.top
    left, right = used.x - page.x, page.right - used.right
    mid = SLUG_SIZE * 0.25  # from the baseline to the middle of the line's ink

    def edge(room: float) -> float:  # the line's middle from the page edge: near the edge
        return min(room, SLUG_EDGE * 2) / 2

    x = min(max(used.x, page.x + mm(2)), page.right - length - mm(2))
    choices = [(below, SlugSpot(x, page.y + edge(below) - mid)),
               (above, SlugSpot(x, page.top - edge(above) - mid))]
    y = min(max(used.y, page.y + mm(2)), page.top - length - mm(2))
    choices += [(left, SlugSpot(page.x + edge(left) + mid, y, True)),
                (right, SlugSpot(page.right - edge(right) + mid, y, True))]
    for room, spot in choices:
        along = page.h if spot.turned else page.w
        if room >= SLUG_ROOM and along >= length + mm(4):
            return spot
    return max(choices, key=lambda c: c[0])[1]


def slug(canvas: Canvas, ctx: DrawContext, *, file_name: str, page: int, build_id: str,
         page_count: int | None = None, spot: SlugSpot | None = None) -> None:
    """File name, page and build id in 5 pt type at ``spot`` (default: 2.2 mm above the page's
    foot). Printer's information: it lies outside the safe area and every trim."""
    text = slug_text(ctx, file_name=file_name, page=page, build_id=build_id,
                     page_count=page_count)
    spot = spot or SlugSpot(mm(6.35), mm(2.2))
    canvas.saveState()
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    canvas.setFont(ctx.font(FontRole.SANS), SLUG_SIZE)
    canvas.translate(spot.x, spot.y)
    if spot.turned:
        canvas.rotate(90)
    with exempt(canvas):  # printer's information: it may lie outside the safe area
        canvas.drawString(0, 0, text)
    canvas.restoreState()
