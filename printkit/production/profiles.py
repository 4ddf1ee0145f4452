"""Print profiles and page decoration: what every printkit page carries, by profile.

``home`` (the default) assumes a home printer: no bleed, thin grey cut lines, and nothing
within 6.35 mm (1/4 in) of the paper edge, where printers lose up to 6.7 mm.
``print-shop`` adds 3 mm bleed around die-cut items, crop marks outside the trim (drawn by us
inside the real page), TrimBox/BleedBox on every page and a slug line naming the file, the page
and a date-free build id (a hash of the inputs, so the same input gives the same bytes).

Templates do not call these by hand: :class:`printkit.page.Document` does the page ritual
(page boxes, the first page's band, the slug) around every page. A sheet has no bleed: it is
not die-cut, its trim is the page.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import PrintkitError
from printkit.fonts import font
from printkit.geometry import Rect
from printkit.i18n import _
from printkit.paper import Paper
from printkit.production import marks
from printkit.units import mm

#: height of the first-page band (note + check rulers) in points
FIRST_PAGE_BAND = mm(13)


@dataclass(frozen=True)
class Profile:
    """How pages are finished for one kind of printer. All lengths in millimetres."""

    name: str
    bleed_mm: float  # added around every die-cut item
    safe_margin_mm: float  # nothing a player needs closer than this to the paper edge
    marks: str  # "cut-lines" (thin lines on the trim) or "crop-marks" (outside the trim)
    page_boxes: bool  # TrimBox/BleedBox on every page
    slug: bool  # a slug line at the foot of every page
    mark_gap_mm: float = 0.5  # crop marks: gap between the grid's bleed edge and a mark
    mark_length_mm: float = 4.0  # crop marks: length (fits in the 6.35 mm margin)

    @property
    def bleed(self) -> float:
        return mm(self.bleed_mm)

    @property
    def safe_margin(self) -> float:
        return mm(self.safe_margin_mm)


PROFILES: dict[str, Profile] = {
    "home": Profile("home", 0.0, 6.35, "cut-lines", page_boxes=False, slug=False),
    "print-shop": Profile("print-shop", 3.0, 6.35, "crop-marks", page_boxes=True, slug=True),
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


def begin_page(canvas: Canvas, ctx: Any, *, trim: Rect | None = None,
               bleed: Rect | None = None) -> None:
    """Start-of-page duties: page boxes in print-shop (default trim: the whole page)."""
    prof = profile(ctx.profile)
    if prof.page_boxes:
        w, h = canvas._pagesize
        set_boxes(canvas, trim or Rect(0.0, 0.0, w, h), bleed)


def finish_page(canvas: Canvas, ctx: Any, *, file_name: str, build_id: str,
                page_count: int | None = None) -> None:
    """End-of-page duties: the slug line in print-shop. Call before ``showPage``."""
    if profile(ctx.profile).slug:
        slug(canvas, file_name=file_name, page=canvas.getPageNumber(), page_count=page_count,
             build_id=build_id)


def slug(canvas: Canvas, *, file_name: str, page: int, build_id: str,
         page_count: int | None = None) -> None:
    """File name, page and build id in 5 pt type, 2.5 mm above the paper's foot (printer's
    information: it may lie outside the safe area)."""
    page_text = f"{page}/{page_count}" if page_count else f"{page}"
    from printkit.tracking import exempt

    text = _("{file} · page {page} · build {build} · printkit").format(
        file=file_name, page=page_text, build=build_id)
    canvas.saveState()
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    canvas.setFont(font("sans"), 5)
    with exempt(canvas):  # printer's information: it may lie outside the safe area
        canvas.drawString(mm(6.35), mm(2.2), text)
    canvas.restoreState()


def decorate_first_page(canvas: Canvas, ctx: Any, x: float, top: float, width: float) -> float:
    """The "print at 100 %" note and the 50 mm and 1 in check rulers in a band whose top-left
    corner is (x, top) and width ``width``. Returns the band height used (``FIRST_PAGE_BAND``).

    Templates call it on their first page, inside the safe area, and draw below the band.
    """
    canvas.saveState()
    canvas.setFillColorCMYK(*marks.MARK_BLACK)
    canvas.setFont(font("sans-bold"), 7.5)
    canvas.drawString(x, top - mm(3), _("Print at 100 % / actual size"))
    canvas.setFont(font("sans"), 6.5)
    canvas.drawString(x, top - mm(6), _("Turn off “fit to page”. Check the rulers:"))
    canvas.drawString(x, top - mm(9), _("they must measure exactly 50 mm and 1 inch."))
    ruler_w = mm(50) + mm(8) + 72
    rx = max(x + mm(62), x + width - ruler_w)
    marks.check_rulers(canvas, rx, top - mm(7.5))
    canvas.restoreState()
    return FIRST_PAGE_BAND
