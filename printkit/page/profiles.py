"""Print profiles: how pages are finished for one kind of printer, and the boxes of a page.

``home`` (the default) assumes a home printer: no bleed, thin grey cut lines, nothing within
6.35 mm (1/4 in) of the paper edge, where printers lose up to 6.7 mm, and a "print at 100 %"
notice with check rulers (home printers shrink pages to fit unless told not to; see
:mod:`printkit.page.notice`), put where no item would fit so that it never costs a row of cards.

``print-shop`` delivers files as print shops expect them: 3 mm bleed (colour that reaches a cut
runs on past it), crop marks outside the bleed (:mod:`printkit.page.marks`), TrimBox/BleedBox on
every page and a slug line naming the file, the page and a date-free build id (a hash of the
inputs, so the same input gives the same bytes; :mod:`printkit.page.slug`), all outside every
trim. No notice: a shop prints at size. A full-page component (a sheet) is delivered on a page
larger than its paper (:class:`SheetFrame`): the paper is the TrimBox, the bleed and a mark zone
for the crop marks and the slug lie around it.

Templates do not call these by hand: :class:`printkit.page.document.Document` does the page
ritual (page boxes, the notice, the crop marks, the slug) around every page, and
:mod:`printkit.layout.impose` and :mod:`printkit.layout.tile` do it for what they lay out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from printkit.errors import PrintkitError
from printkit.geometry import Rect
from printkit.paper import Paper
from printkit.units import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.context import DrawContext


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
