"""Imposition: many small items (cards, counters, tokens) on as few sheets as possible.

The layout is data (:class:`SheetPlan`, :class:`Placement`); drawing is a few calls over it.
Items are drawing callbacks ``draw(canvas, x, y, w, h, index)`` (optionally accepting a
``bleed=`` keyword), or ReportLab ``Drawing``/``Flowable`` objects. A callback always draws in
the item's own upright frame: ``(x, y) = (0, 0)`` is the trim's lower-left corner, ``w x h`` the
trim size; with bleed it may paint out to ``-bleed`` and ``w + bleed`` (it is clipped there).
Rotated placement (when that fits more per sheet) is done for it.

Two-sided items, per ``duplex``:

- ``"long"``  duplex, flipped on the paper's long edge; ``"short"``: on the short edge. The back
  of an item is drawn at the mirror image of its front position, so it lands behind it.
  Portrait paper flipped on the long edge mirrors columns (x' = W - x - w); on the short edge,
  rows (y' = H - y - h). Landscape paper: the other way round.
- ``"fold"``  gutter-fold: fronts on one half of the page, backs mirrored on the other; fold on
  the dashed line, glue, cut.

``duplex_offset`` (mm, from ``ctx.duplex_offset`` or the argument) shifts every back page by
(X, Y) in the back page's own frame: read it off the calibration page (:func:`draw_calibration`).

The grid takes the whole safe area; at home the "print at 100 %" notice goes where no item
would fit (never at the cost of a row). In print-shop there is no notice: crop marks stand
outside the bleed on both sides of the sheet, and the slug line where nothing else is.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.paper import Paper
from printkit.production import marks
from printkit.production.profiles import (
    BAND_GAP,
    FIRST_PAGE_BAND,
    NOTICE_STRIP,
    Notice,
    Profile,
    band_height,
    begin_page,
    build_id,
    decorate_first_page,
    draw_notice,
    place_notice,
    profile,
    safe_rect,
    set_boxes,
    slug,
    slug_spot,
)
from printkit.production.sizes import ItemSize, size
from printkit.tracking import clip_rect
from printkit.units import mm, to_mm

if TYPE_CHECKING:
    from printkit.context import DrawContext

Item = Callable[..., Any] | Any  # a callback, or a ReportLab Drawing / Flowable

DUPLEX_MODES = ("none", "long", "short", "fold")
VIEWER_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
MIN_FOLD_GAP = mm(4)


@dataclass(frozen=True)
class Placement:
    """Where one face of one item lands: its trim rectangle on a page, in points."""

    index: int
    page: int  # 0-based page of the output PDF
    side: str  # "front" or "back"
    x: float
    y: float
    w: float  # as laid on the page (width and height swap when rotated)
    h: float
    rotated: bool

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def trim(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)


@dataclass(frozen=True)
class SheetPlan:
    """A grid of cells repeated on every sheet, and how backs mirror it."""

    paper: Paper
    profile: Profile
    item: ItemSize
    duplex: str
    rotated: bool
    cols: int
    rows: int
    gutter: float
    bleed: float
    cells: tuple[tuple[float, float], ...]  # trim lower-left of front cells, reading order
    first_page_cells: tuple[int, ...]  # indexes into ``cells`` usable on page 1 (all of them:
    #                                    the notice goes where no cell fits)
    notice: Notice | None  # the first page's "print at 100 %" notice (home), beside the grid
    mirror: str  # "x" or "y": how a back mirrors its front ("" when one-sided)
    fold: Rect | None = None  # gutter-fold's fold line: a Rect 0 wide (vertical) or 0 high

    @property
    def cell_w(self) -> float:
        return self.item.height if self.rotated else self.item.width

    @property
    def cell_h(self) -> float:
        return self.item.width if self.rotated else self.item.height

    @property
    def per_page(self) -> int:
        return len(self.cells)

    def sheets_for(self, n: int) -> int:
        """Sheets (front pages) needed for ``n`` items."""
        first = len(self.first_page_cells)
        if n <= first:
            return 1
        return 1 + math.ceil((n - first) / self.per_page)

    def back_of(self, x: float, y: float) -> tuple[float, float]:
        """The back's trim lower-left for a front cell at (x, y)."""
        w, h = self.cell_w, self.cell_h
        if self.fold is not None:
            if self.fold.w == 0:  # vertical fold
                return (2 * self.fold.x - x - w, y)
            return (x, 2 * self.fold.y - y - h)
        if self.mirror == "x":
            return (self.paper.width - x - w, y)
        return (x, self.paper.height - y - h)


def mirror_axis(paper: Paper, duplex: str) -> str:
    """Which coordinate a duplex flip mirrors: ``"x"`` when flipping about a vertical edge."""
    long_is_vertical = paper.height >= paper.width
    if duplex == "long":
        return "x" if long_is_vertical else "y"
    if duplex == "short":
        return "y" if long_is_vertical else "x"
    return ""


def _fit(avail: float, cell: float, gutter: float, bleed: float) -> int:
    return max(0, math.floor((avail - 2 * bleed + gutter + 1e-6) / (cell + gutter)))


def plan_sheet(item: ItemSize | str, paper: Paper, prof: Profile | str = "home", *,
               duplex: str = "none", gutter_mm: float | None = None,
               bleed_mm: float | None = None, rotate: bool = True,
               band: bool = True, count: int | None = None) -> SheetPlan:
    """Plan the grid: as many cells per sheet as fit in the whole safe area, rotated if that
    fits more. Gutters default to 0 (home: one cut between neighbours) or twice the bleed.

    The "print at 100 %" notice (home, ``band``) then goes where no cell would fit
    (:func:`~printkit.production.profiles.place_notice`): the band above the grid when the
    page has the height to spare, else a one-line strip above or beside it, else in the
    paper's margin; it never costs a row or a column. The grid is centred in what is left.
    When the grid fills the safe area and ``count`` items leave room to spare on the last
    sheet, the first sheet gives the top of its grid to the band (or the strip) instead of
    the margin, as long as that takes no more sheets."""
    item = size(item)
    prof = profile(prof)
    if duplex not in DUPLEX_MODES:
        raise LayoutError(f"unknown duplex mode {duplex!r}; choose from {', '.join(DUPLEX_MODES)}")
    bleed = prof.bleed if bleed_mm is None else mm(bleed_mm)
    if bleed < 0 or (gutter_mm is not None and gutter_mm < 0):
        raise LayoutError("gutter and bleed must not be negative")
    gutter = max(2 * bleed, mm(gutter_mm) if gutter_mm is not None else 0.0)
    safe = safe_rect(paper, prof)
    aw, ah = safe.w, safe.h

    # (items per sheet, upright, vertical fold or None, rotated, columns, rows, fold gap)
    options: list[tuple[int, bool, bool | None, bool, int, int, float]] = []
    for rot in (False, True) if rotate else (False,):
        cw, ch = (item.height, item.width) if rot else (item.width, item.height)
        if duplex == "fold":
            fold_gap = max(gutter, MIN_FOLD_GAP, 2 * bleed)
            for fold_vertical in (True, False):
                hw = (aw - fold_gap) / 2 if fold_vertical else aw
                hh = ah if fold_vertical else (ah - fold_gap) / 2
                cols, rows = _fit(hw, cw, gutter, bleed), _fit(hh, ch, gutter, bleed)
                options.append((cols * rows, not rot, fold_vertical, rot, cols, rows, fold_gap))
        else:
            cols, rows = _fit(aw, cw, gutter, bleed), _fit(ah, ch, gutter, bleed)
            options.append((cols * rows, not rot, None, rot, cols, rows, 0.0))
    options.sort(key=lambda o: (o[0], o[1]), reverse=True)
    fitted, _upright, vertical, rot, cols, rows, fold_gap = options[0]
    if fitted == 0:
        raise LayoutError(
            f"an item of {item.width_mm:g} x {item.height_mm:g} mm does not fit on "
            f"{paper.name} (printable {to_mm(aw):.1f} x {to_mm(ah):.1f} mm); "
            "choose a larger paper or tile it"
        )
    cw, ch = (item.height, item.width) if rot else (item.width, item.height)
    grid_w = cols * cw + (cols - 1) * gutter
    grid_h = rows * ch + (rows - 1) * gutter
    # the block: every cell of a sheet with its bleed (both halves of a gutter-fold sheet)
    block_w = grid_w + (grid_w + fold_gap if vertical is True else 0.0) + 2 * bleed
    block_h = grid_h + (grid_h + fold_gap if vertical is False else 0.0) + 2 * bleed
    notice, region = (place_notice(paper, prof, block_w, block_h) if band
                      else (None, safe))
    cx, cy = region.cx, region.cy
    fold: Rect | None = None
    if vertical is True:  # fronts on the left half, against the fold
        fold = Rect(cx, region.y, 0.0, region.h)
        x_first = cx - fold_gap / 2 - grid_w
    elif vertical is False:  # fronts on the top half, against the fold
        fold = Rect(region.x, cy, region.w, 0.0)
        x_first = cx - grid_w / 2
    else:
        x_first = cx - grid_w / 2
    y_top = cy + fold_gap / 2 + grid_h if vertical is False else cy + grid_h / 2
    cells = tuple(
        (x_first + c * (cw + gutter), y_top - ch - r * (ch + gutter))
        for r in range(rows) for c in range(cols)
    )
    first = tuple(range(len(cells)))
    if notice is not None and notice.margin and count:
        notice, first = _notice_for_free(notice, cells, ch + bleed, safe, count)
        if fold is not None and fold.w == 0 and not notice.margin:  # the fold stops below it
            fold = Rect(fold.x, fold.y, 0.0, notice.rect.y - BAND_GAP - fold.y)
    return SheetPlan(paper, prof, item, duplex, rot, cols, rows, gutter, bleed, cells,
                     first, notice, mirror_axis(paper, duplex), fold)


def _notice_for_free(notice: Notice, cells: tuple[tuple[float, float], ...], reach: float,
                     safe: Rect, count: int) -> tuple[Notice, tuple[int, ...]]:
    """The band (else the strip) across the top of the first sheet instead of ``notice`` in
    the margin, with the cells it leaves free, when ``count`` items still take no more sheets
    (``reach``: from a cell's y to the top of its bleed)."""
    per_page = len(cells)
    sheets = math.ceil(count / per_page)
    for height in (FIRST_PAGE_BAND, NOTICE_STRIP):
        bottom = safe.top - height - BAND_GAP
        usable = tuple(i for i, (_x, y) in enumerate(cells) if y + reach <= bottom + 1e-6)
        if usable and 1 + math.ceil(max(0, count - len(usable)) / per_page) <= sheets:
            kind = "band" if height == FIRST_PAGE_BAND else "strip"
            return Notice(kind, Rect(safe.x, safe.top - height, safe.w, height)), usable
    return notice, tuple(range(per_page))


def place(plan: SheetPlan, n: int, *, two_sided: bool) -> list[Placement]:
    """Placements of ``n`` items (fronts, and backs when ``two_sided``), in page order."""
    out: list[Placement] = []
    step = 2 if two_sided and plan.duplex in ("long", "short") else 1
    index = 0
    sheet = 0
    w, h = plan.cell_w, plan.cell_h
    while index < n:
        usable = plan.first_page_cells if sheet == 0 else range(plan.per_page)
        page = sheet * step
        for cell in usable:
            if index >= n:
                break
            x, y = plan.cells[cell]
            out.append(Placement(index, page, "front", x, y, w, h, plan.rotated))
            if two_sided:
                bx, by = plan.back_of(x, y)
                back_page = page + 1 if step == 2 else page
                out.append(Placement(index, back_page, "back", bx, by, w, h, plan.rotated))
            index += 1
        sheet += 1
    return out


@dataclass(frozen=True)
class Imposition:
    """What :func:`impose` wrote: the plan, every placement, the page count and the file."""

    plan: SheetPlan
    placements: tuple[Placement, ...]
    pages: int
    path: Path | None
    build_id: str


class _Painter:
    """Draws items of any accepted kind; remembers which callbacks take ``bleed=``."""

    def __init__(self, bleed: float) -> None:
        self.bleed = bleed
        self._takes_bleed: dict[int, bool] = {}

    def __call__(self, canvas: Canvas, item: Item, p: Placement, iw: float, ih: float) -> None:
        canvas.saveState()
        if p.rotated:
            canvas.translate(p.x + p.w, p.y)
            canvas.rotate(90)
        else:
            canvas.translate(p.x, p.y)
        b = self.bleed
        clip_rect(canvas, -b, -b, iw + 2 * b, ih + 2 * b)  # the bleed rectangle
        if hasattr(item, "wrapOn") or hasattr(item, "drawOn"):
            _draw_flowable(canvas, item, iw, ih)
        else:
            key = id(item)
            takes = self._takes_bleed.get(key)
            if takes is None:
                try:
                    takes = "bleed" in inspect.signature(item).parameters
                except (TypeError, ValueError):
                    takes = False
                self._takes_bleed[key] = takes
            if takes:
                item(canvas, 0.0, 0.0, iw, ih, p.index, bleed=b)
            else:
                item(canvas, 0.0, 0.0, iw, ih, p.index)
        canvas.restoreState()


def _draw_flowable(canvas: Canvas, item: Any, w: float, h: float) -> None:
    from reportlab.graphics.shapes import Drawing

    if isinstance(item, Drawing):
        from reportlab.graphics import renderPDF

        sx, sy = w / item.width, h / item.height
        s = min(sx, sy)
        canvas.translate((w - item.width * s) / 2, (h - item.height * s) / 2)
        canvas.scale(s, s)
        renderPDF.draw(item, canvas, 0, 0)
        return
    fw, fh = item.wrapOn(canvas, w, h)
    item.drawOn(canvas, (w - fw) / 2, (h - fh) / 2)


def _bbox(rects: Sequence[Rect], grow: float = 0.0) -> Rect:
    """The box around ``rects``, grown by ``grow`` on every side."""
    return reduce(Rect.union, rects).outset(grow)


def draw_sheets(canvas: Canvas, plan: SheetPlan, fronts: Sequence[Item],
                backs: Item | Sequence[Item] | None, ctx: DrawContext, *,
                file_name: str = "", build: str = "",
                duplex_offset: tuple[float, float] | None = None) -> list[Placement]:
    """Draw the imposed pages onto an open canvas (one ``showPage`` per page)."""
    if not fronts:
        raise LayoutError("nothing to impose: the list of items is empty")
    two_sided = backs is not None
    if two_sided and plan.duplex == "none":
        raise LayoutError("items have backs: choose a duplex mode (long, short or fold)")
    back_list: Sequence[Item] | None = None
    if isinstance(backs, (list, tuple)):
        if len(backs) != len(fronts):
            raise LayoutError(f"{len(fronts)} fronts but {len(backs)} backs")
        back_list = backs
    dx, dy = duplex_offset if duplex_offset is not None else ctx.duplex_offset
    placements = place(plan, len(fronts), two_sided=two_sided)
    by_page: dict[int, list[Placement]] = {}
    for p in placements:
        by_page.setdefault(p.page, []).append(p)
    pages = max(by_page) + 1
    prof = plan.profile
    paint = _Painter(plan.bleed)
    iw, ih = plan.item.width, plan.item.height
    sheet = Rect(0.0, 0.0, plan.paper.width, plan.paper.height)
    for page in range(pages):
        items = by_page.get(page, [])
        is_back_page = bool(items) and all(p.side == "back" for p in items)
        shift = (mm(dx), mm(dy)) if is_back_page else (0.0, 0.0)
        trims = [p.trim.moved(*shift) for p in items]
        if prof.page_boxes and trims:
            set_boxes(canvas, _bbox(trims), _bbox(trims, plan.bleed))
        canvas.saveState()
        canvas.translate(*shift)
        for p in items:
            source = fronts[p.index] if p.side == "front" else (
                back_list[p.index] if back_list is not None else backs)
            paint(canvas, source, p, iw, ih)
        # home: cut lines on fronts (and both halves of a gutter-fold sheet); print-shop:
        # crop marks on every side, outside the bleed (the backs' mirror the fronts')
        cut = [p.trim for p in items
               if p.side == "front" or plan.duplex == "fold" or prof.marks == "crop-marks"]
        used = [_bbox(trims, plan.bleed)] if trims else []
        if cut and prof.marks == "cut-lines":
            marks.cut_rects(canvas, cut)
        elif cut:  # around the block of cells: rows (columns) line up across a fold
            marks.crop_marks(canvas, [v for r in cut for v in (r.x, r.right)],
                             [v for r in cut for v in (r.y, r.top)], _bbox(cut, plan.bleed),
                             offset=mm(prof.mark_gap_mm), length=mm(prof.mark_length_mm))
            used.append(_bbox(cut, plan.bleed + prof.mark_reach).moved(*shift))
        if plan.fold is not None:
            marks.fold_line(canvas, *plan.fold.corners)
            used.append(plan.fold)
        canvas.restoreState()
        if page == 0:
            draw_notice(canvas, ctx, plan.notice)
        if prof.slug:
            spot = slug_spot(sheet, _bbox(used)) if used else None
            slug(canvas, ctx, file_name=file_name, page=page + 1, page_count=pages,
                 build_id=build,
                 spot=spot)
        canvas.showPage()
    return placements


def impose(fronts: Sequence[Item], item: ItemSize | str, ctx: DrawContext,
           out: str | Path, *, backs: Item | Sequence[Item] | None = None,
           duplex: str | None = None, gutter_mm: float | None = None, bleed_mm: float | None = None,
           title: str = "", subject: str = "", build: str | None = None,
           duplex_offset: tuple[float, float] | None = None, rotate: bool = True
           ) -> Imposition:
    """Lay ``fronts`` (and ``backs``: one item for all, or one per front) out on as few sheets
    of ``ctx.paper`` as possible and write the PDF ``out`` atomically.

    ``duplex`` defaults to ``"long"`` when there are backs.
    """
    from printkit.pdf import open_canvas

    item = size(item)
    if duplex is None:
        duplex = "long" if backs is not None else "none"
    if backs is None and duplex != "none":
        duplex = "none"
    plan = plan_sheet(item, ctx.paper, ctx.profile, duplex=duplex, gutter_mm=gutter_mm,
                      bleed_mm=bleed_mm, rotate=rotate, count=len(fronts))
    out = Path(out)
    bid = build or build_id("impose", title, item.name, item.width_mm, item.height_mm,
                            len(fronts), ctx.paper.name, ctx.paper.size, ctx.profile, duplex,
                            gutter_mm, bleed_mm, duplex_offset or ctx.duplex_offset)
    with open_canvas(out, ctx.paper, ctx=ctx, title=title or out.stem,
                     subject=subject) as canvas:
        if duplex in VIEWER_DUPLEX:
            canvas.setViewerPreference("Duplex", VIEWER_DUPLEX[duplex])
        placements = draw_sheets(canvas, plan, fronts, backs, ctx, file_name=out.name,
                                 build=bid, duplex_offset=duplex_offset)
    pages = max(p.page for p in placements) + 1
    return Imposition(plan, tuple(placements), pages, out, bid)


# --- duplex calibration -------------------------------------------------------------------

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
    from reportlab.lib.utils import simpleSplit

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
    from printkit.fonts import font

    return font(FontRole.SANS, locale), font(FontRole.SANS_BOLD, locale)


def write_calibration(out: str | Path, ctx: DrawContext,
                      duplex: str = "long") -> Path:
    """The duplex calibration sheet as its own PDF."""
    from printkit.pdf import open_canvas

    out = Path(out)
    with open_canvas(out, ctx.paper, ctx=ctx, title=ctx._("Duplex calibration")) as canvas:
        canvas.setViewerPreference("Duplex", VIEWER_DUPLEX.get(duplex, "Simplex"))
        draw_calibration(canvas, ctx, duplex)
    return out
