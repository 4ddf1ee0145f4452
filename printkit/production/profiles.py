"""Print profiles and page decoration: what every printkit page carries, by profile.

``home`` (the default) assumes a home printer: no bleed, thin grey cut lines, nothing within
6.35 mm (1/4 in) of the paper edge, where printers lose up to 6.7 mm, and a "print at 100 %"
notice with check rulers (home printers shrink pages to fit unless told not to), put where no
item would fit so that it never costs a row of cards.

``print-shop`` delivers files as print shops expect them: 3 mm bleed (colour that reaches a cut
runs on past it), crop marks outside the bleed, TrimBox/BleedBox on every page and a slug line
naming the file, the page and a date-free build id (a hash of the inputs, so the same input
gives the same bytes), all outside every trim. No notice: a shop prints at size. A full-page
component (a sheet) is delivered on a page larger than its paper (:class:`SheetFrame`): the
paper is the TrimBox, the bleed and a mark zone for the crop marks and the slug lie around it.

Templates do not call these by hand: :class:`printkit.page.Document` does the page ritual
(page boxes, the notice, the crop marks, the slug) around every page, and
:mod:`printkit.production.impose` and :mod:`printkit.production.tile` do it for what they lay out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.paper import Paper
from printkit.production import marks
from printkit.units import mm

if TYPE_CHECKING:
    from printkit.context import DrawContext

#: height of the first-page band (note + check rulers) in points
FIRST_PAGE_BAND = mm(13)
#: between the band (or strip) and what it sits beside
BAND_GAP = mm(1.5)
#: thickness of the one-line notice (note and check rulers on one line)
NOTICE_STRIP = mm(3.5)
#: the shortest one-line notice: the bold note and both rulers with their labels
NOTICE_STRIP_MIN = mm(130)
SLUG_SIZE = 5.0  # pt: printer's information, not read by players
SLUG_ROOM = mm(2.6)  # the height a slug line needs, with a little air
SLUG_EDGE = mm(4)  # a slug line's middle lies this far from the page edge when there is room


@dataclass(frozen=True)
class Profile:
    """How pages are finished for one kind of printer. All lengths in millimetres."""

    name: str
    bleed_mm: float  # added around every die-cut item
    safe_margin_mm: float  # nothing a player needs closer than this to the paper edge
    marks: str  # "cut-lines" (thin lines on the trim) or "crop-marks" (outside the trim)
    page_boxes: bool  # TrimBox/BleedBox on every page; sheets framed by bleed and marks
    slug: bool  # a slug line outside every trim on every page
    notice: bool = True  # the "print at 100 %" notice and check rulers
    mark_gap_mm: float = 0.5  # crop marks: gap between the bleed edge and a mark
    mark_length_mm: float = 4.0  # crop marks: length (fits in the 6.35 mm margin)
    mark_zone_mm: float = 10.0  # sheets: room beyond the bleed for crop marks and the slug

    @property
    def bleed(self) -> float:
        return mm(self.bleed_mm)

    @property
    def safe_margin(self) -> float:
        return mm(self.safe_margin_mm)

    @property
    def mark_reach(self) -> float:
        """How far crop marks reach beyond the bleed edge (points)."""
        return mm(self.mark_gap_mm + self.mark_length_mm)


PROFILES: dict[str, Profile] = {
    "home": Profile("home", 0.0, 6.35, "cut-lines", page_boxes=False, slug=False),
    "print-shop": Profile("print-shop", 3.0, 6.35, "crop-marks", page_boxes=True, slug=True,
                          notice=False),
}


def profile(name: str | Profile) -> Profile:
    if isinstance(name, Profile):
        return name
    try:
        return PROFILES[name]
    except KeyError:
        raise PrintkitError(
            f"unknown profile {name!r}; choose from {', '.join(PROFILES)}"
        ) from None


def safe_rect(paper: Paper, prof: Profile) -> Rect:
    """The area where everything a player needs must lie (points)."""
    m = prof.safe_margin
    return Rect(m, m, paper.width - 2 * m, paper.height - 2 * m)


def band_height(prof: Profile | str) -> float:
    """What the first page's "print at 100 %" band takes from the top of a sheet's safe area:
    :data:`FIRST_PAGE_BAND` at home, nothing in print-shop (no band there)."""
    return FIRST_PAGE_BAND if profile(prof).notice else 0.0


# --- sheets: the page around the paper --------------------------------------------------------


@dataclass(frozen=True)
class SheetFrame:
    """Where a full-page component's paper lies on its PDF page.

    At home the page is the paper (``margin`` 0). In print-shop the paper is the trim and the
    page adds ``margin`` on every side: the bleed, then a mark zone for the crop marks and the
    slug line. Drawing code works in the paper's own frame: (0, 0) is the trim's lower-left
    corner; :meth:`to_page` converts to the page.

    >>> from printkit.paper import paper
    >>> f = sheet_frame(paper("a4"), profile("print-shop"))
    >>> [round(v / mm(1), 1) for v in (*f.size, f.trim.x, f.bleed_box.x)]
    [236.0, 323.0, 13.0, 10.0]
    """

    paper: Paper
    margin: float  # page edge to trim, every side (points)
    bleed: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.paper.width + 2 * self.margin, self.paper.height + 2 * self.margin)

    @property
    def trim(self) -> Rect:
        """The paper on the page."""
        return Rect(self.margin, self.margin, self.paper.width, self.paper.height)

    @property
    def bleed_box(self) -> Rect:
        return self.trim.outset(self.bleed)

    @property
    def page(self) -> Rect:
        return Rect(0.0, 0.0, *self.size)

    def to_page(self, r: Rect) -> Rect:
        """A rectangle in the paper's frame, on the page."""
        return r.moved(self.margin, self.margin)


def sheet_frame(paper: Paper, prof: Profile | str) -> SheetFrame:
    """The page around ``paper`` for a full-page component in ``prof``."""
    prof = profile(prof)
    if not prof.page_boxes:
        return SheetFrame(paper, 0.0, 0.0)
    return SheetFrame(paper, prof.bleed + mm(prof.mark_zone_mm), prof.bleed)


def build_id(*inputs: Any) -> str:
    """A short, date-free id of a build: the same inputs always give the same id.

    >>> build_id("deck", b"title,text", {"size": "poker"})
    '420e28e9d6'
    """
    h = hashlib.sha256()
    for item in inputs:
        if isinstance(item, bytes):
            h.update(item)
        else:
            h.update(json.dumps(item, sort_keys=True, default=str).encode())
        h.update(b"\x00")
    return h.hexdigest()[:10]


def set_boxes(canvas: Canvas, trim: Rect, bleed: Rect | None = None) -> None:
    """Set TrimBox and BleedBox of the current page (and the next ones until set again).
    The BleedBox is clipped to the page and never smaller than the trim."""
    w, h = canvas._pagesize
    bleed = (bleed or trim).union(trim)
    bleed = Rect.from_corners(max(0.0, bleed.x), max(0.0, bleed.y), min(w, bleed.right),
                              min(h, bleed.top))
    canvas.setTrimBox([round(v, 3) for v in trim.corners])
    canvas.setBleedBox([round(v, 3) for v in bleed.corners])


def begin_page(canvas: Canvas, ctx: DrawContext, *, trim: Rect | None = None,
               bleed: Rect | None = None) -> None:
    """Start-of-page duties: page boxes in print-shop (default trim: the whole page)."""
    prof = profile(ctx.profile)
    if prof.page_boxes:
        w, h = canvas._pagesize
        set_boxes(canvas, trim or Rect(0.0, 0.0, w, h), bleed)


def trim_marks(canvas: Canvas, prof: Profile, trim: Rect, bleed: Rect,
               xs: tuple[float, ...] = (), ys: tuple[float, ...] = ()) -> Rect:
    """Crop marks at the corners of ``trim`` (and at the extra cuts ``xs``/``ys``), outside
    ``bleed``; returns the box they reach (what a slug line must keep out of)."""
    from printkit.tracking import exempt

    gap, length = mm(prof.mark_gap_mm), mm(prof.mark_length_mm)
    with exempt(canvas):
        marks.crop_marks(canvas, [trim.x, trim.right, *xs], [trim.y, trim.top, *ys], bleed,
                         offset=gap, length=length)
    return bleed.outset(gap + length)


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
    from printkit.tracking import exempt

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


# --- the "print at 100 %" notice ----------------------------------------------------------


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
    from printkit.tracking import exempt

    if notice.margin:
        with exempt(canvas):  # in the paper's margin: where no item may go
            notice_strip(canvas, ctx, notice.rect, turned=notice.turned)
    else:
        notice_strip(canvas, ctx, notice.rect, turned=notice.turned)


def decorate_first_page(canvas: Canvas, ctx: DrawContext, x: float, top: float,
                        width: float) -> float:
    """The "print at 100 %" note and the 50 mm and 1 in check rulers in a band whose top-left
    corner is (x, top) and width ``width``. Returns the band height used (``FIRST_PAGE_BAND``).

    :class:`printkit.page.Document` draws it on a sheet's first page at home; imposition and
    tiling place it by :func:`place_notice`, where no item would fit.
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
    from reportlab.pdfbase.pdfmetrics import stringWidth

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
