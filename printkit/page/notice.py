"""The "print at 100 %" notice: a note and two check rulers on a home print's first page.

Home printers shrink pages to fit unless told not to; the notice says so, and its 50 mm and 1 in
rulers let a player check. It is placed where no item would fit (:func:`place_notice`), so that
it never costs a row of cards: a band above the items when the page has the height to spare,
else a one-line strip above or beside them, else the strip in the paper's margin. A print-shop
page has none (a shop prints at size).

:class:`printkit.page.document.Document` draws the band on a sheet's first page at home;
imposition and tiling place it by :func:`place_notice`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page import marks
from printkit.page.canvas import exempt
from printkit.page.profiles import Profile, profile, safe_rect
from printkit.paper import Paper
from printkit.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.context import DrawContext

#: height of the first-page band (note + check rulers) in points
FIRST_PAGE_BAND = mm(13)
#: between the band (or strip) and what it sits beside
BAND_GAP = mm(1.5)
#: thickness of the one-line notice (note and check rulers on one line)
NOTICE_STRIP = mm(3.5)
#: the shortest one-line notice: the bold note and both rulers with their labels
NOTICE_STRIP_MIN = mm(130)


def band_height(prof: Profile | str) -> float:
    """What the first page's "print at 100 %" band takes from the top of a sheet's safe area:
    :data:`FIRST_PAGE_BAND` at home, nothing in print-shop (no band there)."""
    return FIRST_PAGE_BAND if profile(prof).notice else 0.0


@dataclass(frozen=True)
class Notice:
    """Where the "print at 100 %" notice and its check rulers go.

    ``band``: three lines and the rulers across ``rect`` (:data:`FIRST_PAGE_BAND` high).
    ``strip``: the note and the rulers on one line (:data:`NOTICE_STRIP` thick), running up
    the page when ``turned``. ``margin``: the strip lies in the paper's margin, outside the
    safe area (the last resort, when no free strip is left beside the items)."""

    kind: str  # "band" or "strip"
    rect: Rect
    turned: bool = False
    margin: bool = False


def place_notice(paper: Paper, prof: Profile | str, block_w: float, block_h: float
                 ) -> tuple[Notice | None, Rect]:
    """Where the notice goes beside a block of ``block_w x block_h`` points (items with their
    bleed) that keeps its size, and the region of the safe area left to centre the block in.

    Never at the block's cost: the band when the safe area has its height to spare, else the
    one-line strip above the block or up its side where it has the room, else the strip in
    the paper's top margin. ``None`` in print-shop (a shop prints at size)."""
    prof = profile(prof)
    safe = safe_rect(paper, prof)
    if not prof.notice:
        return None, safe
    spare_h, spare_w = safe.h - block_h, safe.w - block_w
    eps = 1e-6
    if spare_h + eps >= FIRST_PAGE_BAND + BAND_GAP:
        room = FIRST_PAGE_BAND + BAND_GAP
        return (Notice("band", Rect(safe.x, safe.top - FIRST_PAGE_BAND, safe.w,
                                    FIRST_PAGE_BAND)),
                Rect(safe.x, safe.y, safe.w, safe.h - room))
    strip_room = NOTICE_STRIP + BAND_GAP
    if spare_h + eps >= strip_room and safe.w + eps >= NOTICE_STRIP_MIN:
        return (Notice("strip", Rect(safe.x, safe.top - NOTICE_STRIP, safe.w, NOTICE_STRIP)),
                Rect(safe.x, safe.y, safe.w, safe.h - strip_room))
    if spare_w + eps >= strip_room and safe.h + eps >= NOTICE_STRIP_MIN:
        return (Notice("strip", Rect(safe.x, safe.y, NOTICE_STRIP, safe.h), turned=True),
                Rect(safe.x + strip_room, safe.y, safe.w - strip_room, safe.h))
    margin = paper.height - safe.top
    return (Notice("strip", Rect(safe.x, safe.top + (margin - NOTICE_STRIP) / 2, safe.w,
                                 NOTICE_STRIP), margin=True), safe)


def draw_notice(canvas: Canvas, ctx: DrawContext, notice: Notice | None) -> None:
    """Draw ``notice`` (nothing for ``None``)."""
    if notice is None:
        return
    if notice.kind == "band":
        decorate_first_page(canvas, ctx, notice.rect.x, notice.rect.top, notice.rect.w)
        return
    if notice.margin:
        with exempt(canvas):  # in the paper's margin: where no item may go
            notice_strip(canvas, ctx, notice.rect, turned=notice.turned)
    else:
        notice_strip(canvas, ctx, notice.rect, turned=notice.turned)


def decorate_first_page(canvas: Canvas, ctx: DrawContext, x: float, top: float,
                        width: float) -> float:
    """The "print at 100 %" note and the 50 mm and 1 in check rulers in a band whose top-left
    corner is (x, top) and width ``width``. Returns the band height used (``FIRST_PAGE_BAND``).

    :class:`printkit.page.document.Document` draws it on a sheet's first page at home; imposition
    and tiling place it by :func:`place_notice`, where no item would fit.
    """
    canvas.saveState()
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    canvas.setFont(ctx.font(FontRole.SANS_BOLD), 7.5)
    canvas.drawString(x, top - mm(3), ctx._("Print at 100 % / actual size"))
    canvas.setFont(ctx.font(FontRole.SANS), 6.5)
    canvas.drawString(x, top - mm(6), ctx._("Turn off “fit to page”. Check the rulers:"))
    canvas.drawString(x, top - mm(9), ctx._("they must measure exactly 50 mm and 1 inch."))
    ruler_w = mm(50) + mm(8) + 72
    rx = max(x + mm(62), x + width - ruler_w)
    marks.check_rulers(canvas, ctx, rx, top - mm(7.5))
    canvas.restoreState()
    return FIRST_PAGE_BAND


def notice_strip(canvas: Canvas, ctx: DrawContext, rect: Rect, *,
                 turned: bool = False) -> None:
    """The notice on one line in ``rect``: the bold note, the advice when there is room for
    it, and the 50 mm and 1 in rulers labelled at their ends. ``turned``: it runs up the page
    (``rect`` is then tall and narrow), its foot towards ``rect``'s right edge."""
    canvas.saveState()
    if turned:
        canvas.translate(rect.right, rect.y)
        canvas.rotate(90)
        length = rect.h
    else:
        canvas.translate(rect.x, rect.y)
        length = rect.w
    base = mm(0.8)
    rulers = marks.check_rulers_width(ctx, labels_at_end=True)
    note = ctx._("Print at 100 % / actual size")
    advice = ctx._("Turn off “fit to page”. Check the rulers:")
    bold, sans = ctx.font(FontRole.SANS_BOLD), ctx.font(FontRole.SANS)
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    size = 7.0
    while size > 6.0 and stringWidth(note, bold, size) + mm(3) + rulers > length:
        size -= 0.25
    if stringWidth(note, bold, size) + mm(3) + rulers > length:  # a long translation
        ctx.check_text(note, FontRole.SANS_BOLD, size, length - rulers - mm(3), mm(4),
                       detail="print-at-100 % notice", wrap=False)
    canvas.setFont(bold, size)
    canvas.drawString(0, base, note)
    x = stringWidth(note, bold, size) + mm(3)
    if x + stringWidth(advice, sans, 6.5) + mm(3) + rulers <= length:
        canvas.setFont(sans, 6.5)
        canvas.drawString(x, base, advice)
        x += stringWidth(advice, sans, 6.5) + mm(3)
    marks.check_rulers(canvas, ctx, x, base, labels_at_end=True)
    canvas.restoreState()
