"""The page ritual, done once: every printed page goes through :meth:`Document.page`.

A component opens a :class:`Document` and draws each page inside ``with doc.page() as area``;
the document sets the print-shop page boxes, draws the first page's "print at 100 %" band with
its check rulers, hands the drawing code the area it may fill, and finishes the page with the
print-shop slug line::

    with open_document(ctx, path, title=..., subject=..., build=("mygame", "play-sheet")) as doc:
        with doc.page() as area:          # a Rect: the safe area, below the first-page band
            draw_sheet(doc.canvas, area)

Pages that carry die-cut items pass their own ``trim`` and ``bleed`` boxes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.geometry import Rect
from printkit.paper import Paper
from printkit.pdf import open_canvas
from printkit.production.profiles import (
    FIRST_PAGE_BAND,
    begin_page,
    build_id,
    decorate_first_page,
    finish_page,
    profile,
    safe_rect,
)


class Document:
    """A PDF being drawn for one component, one page at a time."""

    def __init__(self, ctx: DrawContext, canvas: Canvas, path: Path, paper: Paper,
                 build: str) -> None:
        self.ctx = ctx
        self.canvas = canvas
        self.path = path
        self.paper = paper
        self.build_id = build
        self.pages = 0

    @property
    def safe_area(self) -> Rect:
        return safe_rect(self.paper, profile(self.ctx.profile))

    def content_area(self, *, first: bool) -> Rect:
        """The safe area, less the first page's band on the first page."""
        area = self.safe_area
        if first:
            area = Rect(area.x, area.y, area.w, area.h - FIRST_PAGE_BAND)
        return area

    @contextmanager
    def page(self, *, band: bool = True, trim: Rect | None = None, bleed: Rect | None = None,
             page_count: int | None = None) -> Iterator[Rect]:
        """One page: yields the area to draw in. ``band=False`` leaves out the first page's
        "print at 100 %" band (examples and notes, which are read, not measured)."""
        c = self.canvas
        begin_page(c, self.ctx, trim=trim, bleed=bleed)
        first = self.pages == 0 and band
        if first:
            safe = self.safe_area
            decorate_first_page(c, self.ctx, safe.x, safe.top, safe.w)
        yield self.content_area(first=first)
        finish_page(c, self.ctx, file_name=self.path.name, build_id=self.build_id,
                    page_count=page_count)
        c.showPage()
        self.pages += 1


@contextmanager
def open_document(ctx: DrawContext, path: str | Path, *, title: str, subject: str = "",
                  build: tuple[Any, ...] = (), paper: Paper | None = None) -> Iterator[Document]:
    """Open ``path`` for drawing on ``paper`` (default: the build's paper). ``build`` names
    what the document is built from (kit, component, options); with the settings it makes
    the date-free build id on the slug line. The PDF lands atomically on a clean exit."""
    path = Path(path)
    page_paper = paper or ctx.paper
    bid = build_id(*build, page_paper.size, ctx.profile, ctx.locale)
    with open_canvas(path, page_paper, title=title, subject=subject) as c:
        yield Document(ctx, c, path, page_paper, bid)
