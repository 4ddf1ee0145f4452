"""Tiling: one component larger than the printable area, split over several sheets.

The component is drawn **once** into a form XObject; each tile page shows it through a clip
window (``beginForm``/``doForm``): an A2 map over 3 x 3 A4 tiles costs 36 KB, not 259 KB.

Tiles share a declared ``overlap`` with each neighbour (all tiles of a row have one width, of a
column one height, so the overlaps are exact and the tiles cover the component). To assemble:
cut each tile along its left and top edges, lay that edge on the neighbour's dashed glue line
(registration crosshairs sit on that line: the two halves make one cross), and glue. Page 1 is
an assembly diagram. When the component fits one page (A3/Tabloid, or the other orientation
of the paper), the tiler prints it whole instead, with the "print at 100 %" notice where the
component is not (:func:`~printkit.page.notice.place_notice`).

In print-shop nothing is tiled: a shop prints large formats and cuts them. The component is one
page, its trim the TrimBox, the bleed 3 mm around it (a ``draw`` that takes ``bleed=`` paints
its background out to it) and crop marks outside the bleed: centred on the paper when it fits
there with its marks and slug, else on a page of its own size plus bleed and mark zone (as a
print-shop sheet, :class:`~printkit.page.profiles.SheetFrame`).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page import marks
from printkit.page.canvas import clip_rect, exempt, open_canvas
from printkit.page.marks import trim_marks
from printkit.page.notice import (
    FIRST_PAGE_BAND,
    Notice,
    decorate_first_page,
    draw_notice,
    place_notice,
)
from printkit.page.profiles import Profile, build_id, profile, safe_rect, set_boxes, sheet_frame
from printkit.page.slug import SLUG_ROOM, slug, slug_spot
from printkit.paper import Paper
from printkit.units import mm, to_mm

if TYPE_CHECKING:
    from printkit.context import DrawContext

LABEL_STRIP = mm(9)  # above each tile: its label and a little map
BAND_ROOM = FIRST_PAGE_BAND + mm(1.5)


@dataclass(frozen=True)
class Tile:
    row: int  # 0 = top row
    col: int  # 0 = left column
    region: Rect  # the part of the component it shows (component points, y up)
    page_rect: Rect  # where that part lands on its page

    @property
    def label(self) -> str:
        return f"{_row_name(self.row)}{self.col + 1}"


@dataclass(frozen=True)
class TilePlan:
    paper: Paper
    width: float  # component size, points
    height: float
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]  # reading order; empty when the component fits one page
    single: Rect | None = None  # where the whole component lands when it fits one page
    notice: Notice | None = None  # the single page's "print at 100 %" notice (home)

    @property
    def pages(self) -> int:
        return 1 if self.single else 1 + len(self.tiles)


def _row_name(row: int) -> str:
    name = ""
    row += 1
    while row:
        row, rem = divmod(row - 1, 26)
        name = chr(65 + rem) + name
    return name


def _split(total: float, room: float, overlap: float) -> tuple[int, float]:
    """How many tiles of what size cover ``total`` with ``overlap``, each at most ``room``."""
    if total <= room + 1e-6:
        return 1, total
    n = math.ceil((total - overlap) / (room - overlap) - 1e-9)
    return n, (total + (n - 1) * overlap) / n


def plan_tiles(width: float, height: float, paper: Paper, prof: Profile | str = "home", *,
               overlap_mm: float = 10.0, allow_turn: bool = True) -> TilePlan:
    """Plan for a ``width x height`` pt component: one page when it fits (on the paper as given
    or turned), else the tiling with fewest pages (home) or a page of its own (print-shop)."""
    prof = profile(prof)
    if width <= 0 or height <= 0:
        raise LayoutError(f"component size must be positive, got {to_mm(width):g} x "
                          f"{to_mm(height):g} mm")
    if overlap_mm < 0:
        raise LayoutError(f"tile overlap must not be negative, got {overlap_mm:g} mm")
    overlap = mm(overlap_mm)
    papers = [paper, paper.rotated()] if allow_turn else [paper]
    for p in papers:
        single = _single(width, height, p, prof, overlap)
        if single is not None:
            return single
    if prof.page_boxes:  # a print shop prints it whole: a page of its own size
        frame = sheet_frame(Paper("component", width, height), prof)
        return TilePlan(Paper(f"{paper.name}+component", *frame.size), width, height, overlap,
                        1, 1, (), frame.trim)
    best: TilePlan | None = None
    for p in papers:
        safe = safe_rect(p, prof)
        room_w, room_h = safe.w, safe.h - LABEL_STRIP
        if overlap * 2 >= min(room_w, room_h):
            raise LayoutError(f"a {overlap_mm:g} mm overlap leaves no room on {p.name}")
        cols, tw = _split(width, room_w, overlap)
        rows, th = _split(height, room_h, overlap)
        tiles = []
        for r in range(rows):
            for c in range(cols):
                rx0 = c * (tw - overlap)
                ry1 = height - r * (th - overlap)
                px0 = (p.width - tw) / 2
                py1 = safe.top - LABEL_STRIP
                tiles.append(Tile(r, c, Rect(rx0, ry1 - th, tw, th),
                                  Rect(px0, py1 - th, tw, th)))
        plan = TilePlan(p, width, height, overlap, rows, cols, tuple(tiles))
        if best is None or len(tiles) < len(best.tiles):
            best = plan
    assert best is not None
    return best


def _single(width: float, height: float, p: Paper, prof: Profile, overlap: float
            ) -> TilePlan | None:
    """The component whole on paper ``p``, or None when it does not fit: inside the safe
    area, the notice beside it (home), or centred with room for bleed, crop marks and the
    slug around it (print-shop)."""
    safe = safe_rect(p, prof)
    eps = 1e-6
    if width > safe.w + eps or height > safe.h + eps:
        return None
    if prof.page_boxes:
        reach = prof.bleed + prof.mark_reach
        if width + 2 * reach > p.width + eps or height + 2 * (reach + SLUG_ROOM) > p.height + eps:
            return None
        return TilePlan(p, width, height, overlap, 1, 1, (),
                        Rect((p.width - width) / 2, (p.height - height) / 2, width, height))
    notice, region = place_notice(p, prof, width, height)
    return TilePlan(p, width, height, overlap, 1, 1, (),
                    Rect(region.cx - width / 2, region.cy - height / 2, width, height), notice)


def seam_marks(plan: TilePlan) -> list[tuple[float, float]]:
    """Registration crosshair positions (component points): on every seam, at the cut edge
    of the tile laid on top, a quarter and three quarters along each shared edge."""
    points: list[tuple[float, float]] = []
    for t in plan.tiles:
        r = t.region
        if t.col > 0:  # the left edge of this tile lies on the left neighbour
            points += [(r.x, r.y + r.h * f) for f in (0.25, 0.75)]
        if t.row > 0:  # its top edge lies on the tile above
            points += [(r.x + r.w * f, r.top) for f in (0.25, 0.75)]
    return points


def tile(draw: Callable[..., Any], width_mm: float, height_mm: float,
         ctx: DrawContext, out: str | Path, *, title: str = "",
         overlap_mm: float = 10.0, build: str | None = None) -> TilePlan:
    """Write ``out``: the component ``draw(canvas, w, h)`` (``w x h`` pt, origin lower-left)
    on one page if it fits, else an assembly page and one page per tile (home). A ``draw``
    that accepts a ``bleed=`` keyword is told the bleed (print-shop: 3 mm) and may paint its
    background out to ``-bleed`` and ``w + bleed``."""
    plan = plan_tiles(mm(width_mm), mm(height_mm), ctx.paper, ctx.profile,
                      overlap_mm=overlap_mm)
    out = Path(out)
    prof = profile(ctx.profile)
    bid = build or build_id("tile", title, width_mm, height_mm, overlap_mm, ctx.paper.name,
                            ctx.paper.size, ctx.profile)
    form = "pk_component"
    title = title or out.stem
    bleed = prof.bleed if prof.page_boxes else 0.0
    with open_canvas(out, plan.paper, ctx=ctx, title=title) as c:
        c.beginForm(form, -bleed, -bleed, plan.width + bleed, plan.height + bleed)
        if _takes_bleed(draw):
            draw(c, plan.width, plan.height, bleed=bleed)
        else:
            draw(c, plan.width, plan.height)
        c.endForm()
        if plan.single:
            _single_page(c, ctx, plan, form, file_name=out.name, build=bid)
            return plan
        _assembly_page(c, ctx, plan, form, title)
        c.showPage()
        seams = seam_marks(plan)
        for t in plan.tiles:
            _tile_page(c, ctx, plan, t, form, seams, title)
            c.showPage()
    return plan


def _takes_bleed(draw: Callable[..., Any]) -> bool:
    try:
        return "bleed" in inspect.signature(draw).parameters
    except (TypeError, ValueError):
        return False


def _single_page(c: Canvas, ctx: DrawContext, plan: TilePlan, form: str, *,
                 file_name: str, build: str) -> None:
    """The whole component on one page: with the notice beside it at home; with its page
    boxes, bleed, crop marks and slug in print-shop."""
    assert plan.single is not None
    prof = profile(ctx.profile)
    trim = plan.single
    c.saveState()
    if prof.page_boxes:
        bleed = trim.outset(prof.bleed)
        set_boxes(c, trim, bleed)
        clip_rect(c, bleed.x, bleed.y, bleed.w, bleed.h)
    c.translate(trim.x, trim.y)
    c.doForm(form)
    c.restoreState()
    draw_notice(c, ctx, plan.notice)
    if prof.page_boxes:
        used = trim_marks(c, prof, trim, trim.outset(prof.bleed))
        slug(c, ctx, file_name=file_name, page=1, page_count=1, build_id=build,
             spot=slug_spot(Rect(0.0, 0.0, plan.paper.width, plan.paper.height), used))
    c.showPage()


def _tile_page(c: Canvas, ctx: DrawContext, plan: TilePlan, t: Tile, form: str,
               seams: list[tuple[float, float]], title: str) -> None:
    pr, rg = t.page_rect, t.region
    c.saveState()
    clip = c.beginPath()
    clip.rect(pr.x, pr.y, pr.w, pr.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(pr.x - rg.x, pr.y - rg.y)
    c.doForm(form)
    c.restoreState()
    # the tile edge: cut along the left and top edges that overlay a neighbour
    marks.cut_rects(c, [pr])
    ov = plan.overlap
    if t.col < plan.cols - 1:  # glue line: where the right neighbour's cut edge goes
        marks.fold_line(c, pr.right - ov, pr.y, pr.right - ov, pr.top)
    if t.row < plan.rows - 1:
        marks.fold_line(c, pr.x, pr.y + ov, pr.right, pr.y + ov)
    # each tile prints the half of a crosshair on its own paper (clipped to the tile): laid
    # over the neighbour, the halves make the whole cross, and none prints over a caption
    c.saveState()
    clip_rect(c, pr.x, pr.y, pr.w, pr.h)
    for sx, sy in seams:
        if rg.x - 1 <= sx <= rg.right + 1 and rg.y - 1 <= sy <= rg.top + 1:
            x, y = pr.x + sx - rg.x, pr.y + sy - rg.y
            marks.registration_mark(c, x, y, mm(2.5))
    c.restoreState()
    # label and little map above the tile
    c.setFillColorCMYK(*marks.MARK_BLACK)
    c.setFont(ctx.font(FontRole.SANS_BOLD), 9)
    index = t.row * plan.cols + t.col + 1
    c.drawString(pr.x, pr.top + mm(4.5), ctx._("{title} — tile {label}").format(
        title=title, label=t.label))
    c.setFont(ctx.font(FontRole.SANS), 6.5)
    c.drawString(pr.x, pr.top + mm(1.3), ctx._(
        "row {row}, column {col} · {n} of {total} · overlap {ov} mm: {step}").format(
        row=_row_name(t.row), col=t.col + 1, n=index, total=len(plan.tiles),
        ov=f"{to_mm(plan.overlap):g}", step=_tile_step(ctx, t.row, t.col)))
    cell = mm(2.2)
    mx = pr.right - plan.cols * cell
    my = pr.top + mm(1.2)
    c.setLineWidth(0.3)
    for r in range(plan.rows):
        for col in range(plan.cols):
            filled = (r, col) == (t.row, t.col)
            c.setFillColorCMYK(0, 0, 0, 0.8 if filled else 0.0)
            c.rect(mx + col * cell, my + (plan.rows - 1 - r) * cell * 0.75, cell,
                   cell * 0.75, stroke=1, fill=1)


def _tile_step(ctx: DrawContext, row: int, col: int) -> str:
    """What to cut on this tile: the edges that lie on a neighbour (the left one from the
    second column on, the top one from the second row on); the first tile is cut nowhere."""
    if row and col:
        return ctx._("cut the left and top edges, lay them on the neighbours' dashed lines")
    if col:
        return ctx._("cut the left edge, lay it on the neighbour's dashed line")
    if row:
        return ctx._("cut the top edge, lay it on the neighbour's dashed line")
    return ctx._("nothing to cut: the other tiles are laid on its dashed lines")


def _assembly_page(c: Canvas, ctx: DrawContext, plan: TilePlan, form: str,
                   title: str) -> None:
    prof = profile(ctx.profile)
    safe = safe_rect(plan.paper, prof)
    decorate_first_page(c, ctx, safe.x, safe.top, safe.w)  # tiles are printed at home
    top = safe.top - BAND_ROOM - mm(6)
    c.setFillColorCMYK(*marks.MARK_BLACK)
    c.setFont(ctx.font(FontRole.SANS_BOLD), 12)
    c.drawString(safe.x, top, ctx._("{title}: assembly").format(title=title))
    c.setFont(ctx.font(FontRole.SANS), 8)
    steps = [
        ctx.ngettext("{w} × {h} mm on {n} tile ({rows} by {cols}), {ov} mm overlap.",
                     "{w} × {h} mm on {n} tiles ({rows} by {cols}), {ov} mm overlap.",
                     len(plan.tiles)).format(
            w=f"{to_mm(plan.width):.1f}", h=f"{to_mm(plan.height):.1f}", n=len(plan.tiles),
            rows=ctx.ngettext("{n} row", "{n} rows", plan.rows).format(n=plan.rows),
            cols=ctx.ngettext("{n} column", "{n} columns", plan.cols).format(n=plan.cols),
            ov=f"{to_mm(plan.overlap):g}"),
        ctx._("1. Cut every tile along its thin outline on the left and top (not on row A's top"
          " or column 1's left)."),
        ctx._("2. Work from the top left: lay each cut edge on the neighbour's dashed glue line;"
          " the crosshair halves make full crosses."),
        ctx._("3. Glue in the overlap, then trim the outer edges."),
    ]
    # a step wraps rather than run past the safe area (translations are often longer)
    lines = [part for line in steps
             for part in simpleSplit(line, ctx.font(FontRole.SANS), 8, safe.w)]
    for i, line in enumerate(lines):
        c.drawString(safe.x, top - mm(6) - i * mm(4.2), line)
    # diagram: the whole component, scaled, with the tiles over it
    box_top = top - mm(6) - len(lines) * mm(4.2) - mm(4)
    box_w, box_h = safe.w, box_top - safe.y
    s = min(box_w / plan.width, box_h / plan.height)
    ox = safe.x + (box_w - plan.width * s) / 2
    oy = box_top - plan.height * s
    c.saveState()
    c.translate(ox, oy)
    c.scale(s, s)
    with exempt(c):  # a scaled picture of the whole: its small print is not for reading
        c.doForm(form)
    c.restoreState()
    c.saveState()
    c.setLineWidth(0.8)
    for t in plan.tiles:
        r = t.region
        shade = 0.9 if (t.row + t.col) % 2 else 0.6
        c.setStrokeColorCMYK(shade, 0.2, 0, 0)
        c.rect(ox + r.x * s, oy + r.y * s, r.w * s, r.h * s, stroke=1, fill=0)
        cx, cy = ox + r.cx * s, oy + r.cy * s
        c.setFillColorCMYK(0, 0, 0, 0)
        c.setStrokeColorCMYK(0, 0, 0, 1)
        c.circle(cx, cy, mm(5), stroke=1, fill=1)
        c.setFillColorCMYK(0, 0, 0, 1)
        c.setFont(ctx.font(FontRole.SANS_BOLD), 10)
        c.drawCentredString(cx, cy - 3.5, t.label)
    c.restoreState()
