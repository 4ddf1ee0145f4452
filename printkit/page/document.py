"""The page ritual, done once: every printed page goes through :meth:`Document.page`.

A component opens a :class:`Document` and draws each page inside ``with doc.page() as area``;
the document sets the page boxes, draws the first page's "print at 100 %" band with its check
rulers (home only), hands the drawing code the area it may fill, and finishes the page with
the print-shop crop marks and slug line::

    with open_document(ctx, path, title=..., subject=..., build=("mygame", "play-sheet")) as doc:
        with doc.page() as area:          # a Rect: the safe area, below the first-page band
            draw_sheet(doc.canvas, area)

Drawing code always works in the paper's frame: (0, 0) is the paper's lower-left corner and
``ctx.paper`` its size, whatever the profile. In print-shop the PDF page is larger than the
paper (:class:`~printkit.page.profiles.SheetFrame`): the paper is the TrimBox, the
BleedBox is 3 mm larger, and crop marks and the slug lie in a mark zone around it; the document
moves the canvas so that templates need not know. A fill that reaches the paper's edge must run
on into the bleed: draw it over ``doc.to_bleed(rect)`` (or ``doc.bleed_rect`` for the whole
page), which is ``rect`` itself at home.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.geometry import Rect
from printkit.page.canvas import clip_rect, open_canvas
from printkit.page.marks import trim_marks
from printkit.page.notice import band_height, decorate_first_page
from printkit.page.profiles import SheetFrame, begin_page, build_id, profile, safe_rect, sheet_frame
from printkit.page.slug import finish_page
from printkit.paper import Paper

EDGE_TOLERANCE = 0.01  # points: a side this close to the paper's edge lies on it


class Document:
    """A PDF being drawn for one component, one page at a time (in the paper's frame)."""

    def __init__(self, ctx: DrawContext, canvas: Canvas, path: Path, paper: Paper,
                 build: str, frame: SheetFrame | None = None) -> None:
        self.ctx = ctx
        self.canvas = canvas
        self.path = path
        self.paper = paper
        self.build_id = build
        self.frame = frame or SheetFrame(paper, 0.0, 0.0)
        self.pages = 0
        self._cuts: tuple[list[float], list[float]] = ([], [])

    @property
    def safe_area(self) -> Rect:
        return safe_rect(self.paper, profile(self.ctx.profile))

    @property
    def trim(self) -> Rect:
        """The paper: where the sheet is cut (its lower-left corner is the origin)."""
        return Rect(0.0, 0.0, self.paper.width, self.paper.height)

    @property
    def bleed(self) -> float:
        """How far colour that reaches the paper's edge runs on (0 at home)."""
        return self.frame.bleed

    @property
    def bleed_rect(self) -> Rect:
        """The paper with its bleed: what a full-page background fills."""
        return self.trim.outset(self.bleed)

    def to_bleed(self, rect: Rect) -> Rect:
        """``rect`` with every side that reaches the paper's edge pushed out to the bleed's
        edge: draw a fill that runs to the edge over this (at home it is ``rect`` itself).

        A header band across the top of the sheet: ``r = doc.to_bleed(band)``, then
        ``c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)``."""
        b, t, e = self.bleed, self.trim, EDGE_TOLERANCE
        x0, y0, x1, y1 = rect.corners
        x0 = x0 - b if x0 <= t.x + e else x0
        y0 = y0 - b if y0 <= t.y + e else y0
        x1 = x1 + b if x1 >= t.right - e else x1
        y1 = y1 + b if y1 >= t.top - e else y1
        return Rect.from_corners(x0, y0, x1, y1)

    def mark_cut(self, *, x: float | None = None, y: float | None = None) -> None:
        """A straight cut right across this page at ``x`` (a vertical cut) or ``y`` (paper
        frame), e.g. the centre cut of a two-up sheet: in print-shop a crop mark at each end
        in the mark zone, outside the bleed. At home nothing: draw your own guide line."""
        if x is not None:
            self._cuts[0].append(x)
        if y is not None:
            self._cuts[1].append(y)

    def content_area(self, *, first: bool) -> Rect:
        """The safe area, less the first page's band on the first page (home only)."""
        area = self.safe_area
        if first:
            area = Rect(area.x, area.y, area.w, area.h - band_height(self.ctx.profile))
        return area

    @contextmanager
    def page(self, *, band: bool = True, trim: Rect | None = None, bleed: Rect | None = None,
             page_count: int | None = None) -> Iterator[Rect]:
        """One page: yields the area to draw in (paper frame).

        ``band=False`` leaves out the first page's "print at 100 %" band (examples and notes,
        which are read, not measured); print-shop pages never have one.
        ``trim``/``bleed`` (paper frame): a page of die-cut items gives its own cut box and
        bleed box; by default the trim is the paper and the bleed runs the profile's bleed
        (3 mm in print-shop) around it. In print-shop the crop marks stand at the trim's
        corners and at every :meth:`mark_cut`, outside the bleed; what is drawn is clipped to
        the bleed box; the slug line lies beyond the marks.
        ``page_count``: the slug line reads "page 2/5" instead of "page 2".
        """
        c, f, prof = self.canvas, self.frame, profile(self.ctx.profile)
        page_trim = f.to_page(trim) if trim is not None else f.trim
        page_bleed = (f.to_page(bleed) if bleed is not None
                      else page_trim.outset(prof.bleed if prof.page_boxes else 0.0))
        begin_page(c, self.ctx, trim=page_trim, bleed=page_bleed)
        first = self.pages == 0 and band and prof.notice
        self._cuts = ([], [])
        c.saveState()
        if f.margin:
            c.translate(f.margin, f.margin)
            clip_rect(c, *_xywh(page_bleed.moved(-f.margin, -f.margin)))
        if first:
            safe = self.safe_area
            decorate_first_page(c, self.ctx, safe.x, safe.top, safe.w)
        yield self.content_area(first=first)
        c.restoreState()
        used = page_trim
        if prof.page_boxes and prof.marks == "crop-marks":
            xs, ys = (tuple(v + f.margin for v in cut) for cut in self._cuts)
            used = trim_marks(c, prof, page_trim, page_bleed.union(page_trim), xs, ys)
        finish_page(c, self.ctx, file_name=self.path.name, build_id=self.build_id,
                    page_count=page_count, used=used)
        c.showPage()
        self.pages += 1


def _xywh(r: Rect) -> tuple[float, float, float, float]:
    return (r.x, r.y, r.w, r.h)


@contextmanager
def open_document(ctx: DrawContext, path: str | Path, *, title: str, subject: str = "",
                  build: tuple[Any, ...] = (), paper: Paper | None = None) -> Iterator[Document]:
    """Open ``path`` for drawing on ``paper`` (default: the build's paper). ``build`` names
    what the document is built from (kit, component, options); with the settings it makes
    the date-free build id on the slug line. In print-shop the page is the paper framed by
    its bleed and a mark zone (see :mod:`printkit.page.document`). The PDF lands atomically on a
    clean exit."""
    path = Path(path)
    page_paper = paper or ctx.paper
    bid = build_id(*build, page_paper.size, ctx.profile, ctx.locale)
    frame = sheet_frame(page_paper, ctx.profile)
    with open_canvas(path, page_paper, ctx=ctx, title=title, subject=subject,
                     frame=frame) as c:
        yield Document(ctx, c, path, page_paper, bid, frame)
