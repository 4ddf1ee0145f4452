"""The two Pwinch Wars maps at their true size: Duberger Park (forest) and Pepin Street (city).

Each map is drawn from its data file (``load_data().maps``) by the shared hex renderer
(:mod:`printkit.drawing.hexmap`): every hex at the size the file gives (25 mm across flats, room for
a counter), its terrain by colour *and* pattern (so a greyscale printer keeps them apart), the fruit
tree and the water outlets by a symbol, the restricted property by a red line round its hexes
(``GameMap.outline``'s group), the hex number (``RRCC``: row then column, as the logs and notes
write hexes) at the top of each hex. Under the hexes a band carries the title and a legend. The
sheet goes through the shared tiler (:func:`printkit.layout.tile.tile`): 3 x 2 parts with overlap,
registration marks and an assembly page on A4 and Letter, 2 x 2 on A3 and Tabloid, one page of its
own size in the print-shop profile.

:func:`pwinch_hexmap` is the map's look as data, for anything else that draws a Pwinch map (the
scenario booklet's thumbnails, the example printer's close-ups).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import fit_size
from printkit.drawing.hexmap import (
    Cell,
    CellStyle,
    HexGrid,
    HexMap,
    Labels,
    Pattern,
    Symbol,
    View,
    draw_map,
    letter_glyph,
    outline,
    tree_glyph,
)
from printkit.engines.pwinch_wars import GameMap, Hex, hex_code, hex_to_offset, load_data
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Capacity, Component, NoOptions
from printkit.layout.tile import TilePlan, plan_tiles, tile
from printkit.layouts import Color, load_layout
from printkit.page.preflight import MIN_TEXT_PT
from printkit.page.profiles import build_id, profile
from printkit.templates.pwinch_wars.style import TITLE
from printkit.units import mm


@dataclass(frozen=True)
class TerrainLook:
    """A terrain's fill and pattern: ink names of ``[ink]``, a
    :class:`~printkit.drawing.hexmap.Pattern` name, a symbol drawn on each of its hexes."""

    fill: str
    pattern: str = "none"
    mark: str | None = None
    spacing: float = 2.5
    width: float = 0.4
    angle: float = 45.0
    symbol: str | None = None


@dataclass(frozen=True)
class HexSizes:
    grid_width_pt: float
    label_size: float
    label_rise: float
    label_backing_alpha: float
    restricted_width_pt: float
    restricted_inset_pt: float
    edge_width_pt: float


@dataclass(frozen=True)
class SheetSizes:
    margin: float
    band: float
    band_gap: float
    cut_width_pt: float
    title_size: float
    subtitle_size: float
    legend_size: float
    legend_swatch: float
    legend_gap: float
    legend_spacing: float
    title_width: float


@dataclass(frozen=True)
class MapLayout:
    """``map.toml``: the terrains' look by terrain id, the hexes' lines and numbers and the
    sheet round them (mm, ``_pt`` and ``_size`` in pt)."""

    ink: dict[str, Color]
    terrain: dict[str, TerrainLook]
    hexes: HexSizes
    sheet: SheetSizes


LAYOUT = load_layout(MapLayout, Path(__file__).with_name("map.toml"))

MAP_TITLES: Final = (N_("Duberger Park"), N_("Pepin Street"))
"""The packaged maps' titles (the data's ``title``), marked so that they are translated."""
KIND_NAMES: Final = {"forest": N_("Forest map"), "city": N_("City map")}
TERRAIN_NAMES: Final = {
    "grass": N_("Grass"),
    "forest": N_("Forest"),
    "clearing": N_("Clearing or path"),
    "river": N_("River"),
    "boulevard": N_("Boulevard"),
    "building": N_("Building"),
    "water_outlet": N_("Building with a water outlet"),
    "restricted": N_("Restricted property"),
    "fruit_tree": N_("Fruit tree"),
}
"""The legend's name of each terrain of the chart (terrain.csv)."""

FOREST_TITLE: Final = N_("Forest map")
FOREST_DESCRIPTION: Final = N_(
    "Duberger Park at its true size, hexes 25 mm across: woods, paths and clearings, the fruit "
    "tree and the river, with hex numbers and a legend; 6 parts to join on A4 and Letter, "
    "4 on A3 and Tabloid.")
CITY_TITLE: Final = N_("City map")
CITY_DESCRIPTION: Final = N_(
    "Pepin Street at its true size, hexes 25 mm across: houses and water outlets, the "
    "boulevard, the river, the fruit tree and the restricted property in red, with hex numbers "
    "and a legend; 6 parts to join on A4 and Letter, 4 on A3 and Tabloid.")


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


# --- the look of a Pwinch map, as data ----------------------------------------------------------


def grid_of(game_map: GameMap) -> HexGrid:
    """The map's grid: pointy-top hexes, odd rows shoved right (the files' layout)."""
    return HexGrid(game_map.columns, game_map.rows, game_map.hex_flat_mm)


def cell_of(h: Hex) -> Cell:
    """The renderer's cell of an engine hex."""
    return hex_to_offset(h)


@cache
def terrain_style(terrain_id: str) -> CellStyle:
    """A terrain's fill and pattern (``map.toml``)."""
    t = LAYOUT.terrain[terrain_id]
    return CellStyle(ink(t.fill), Pattern(t.pattern), ink(t.mark) if t.mark else None,
                     t.spacing, t.width, t.angle)


@cache
def _glyph(name: str) -> Symbol:
    if name == "tree":
        return tree_glyph(ink("tree_crown"), ink("tree_trunk"), ink("tree_fruit"),
                          ink("tree_outline"))
    if name == "tap":
        return letter_glyph("w", ink("tap_ink"), ink("tap_ring"), ink("tap_paper"))
    raise KeyError(f"map.toml: unknown symbol {name!r} (tree, tap)")


def terrain_symbols(terrain_id: str) -> tuple[Symbol, ...]:
    """The glyphs on every hex of a terrain (the fruit tree's tree, an outlet's "w")."""
    name = LAYOUT.terrain[terrain_id].symbol
    return (_glyph(name),) if name else ()


def label_style() -> Labels:
    h = LAYOUT.hexes
    return Labels(h.label_size, FontRole.SANS, ink("label"), h.label_rise,
                  ink("label_backing"), h.label_backing_alpha)


def pwinch_hexmap(game_map: GameMap, *, labels: bool = True) -> HexMap:
    """A Pwinch map as the renderer draws it: terrains, symbols, the restricted property's
    red line, the map's edge and (``labels``) the hex numbers."""
    grid = grid_of(game_map)
    h = LAYOUT.hexes
    styles: dict[Cell, CellStyle] = {}
    symbols: dict[Cell, tuple[Symbol, ...]] = {}
    numbers: dict[Cell, str] = {}
    for hx in game_map.hexes():
        cell = cell_of(hx)
        tid = game_map.terrain_at(hx).id
        styles[cell] = terrain_style(tid)
        marks = terrain_symbols(tid)
        if marks:
            symbols[cell] = marks
        if labels:
            numbers[cell] = hex_code(hx)
    lines = [outline(grid, grid.cells(), ink("grid"), h.edge_width_pt)]
    restricted = [cell_of(hx) for hx in game_map.hexes_of("restricted")]
    if restricted:
        lines.append(outline(grid, restricted, ink("restricted_line"),
                             h.restricted_width_pt,
                             inset_pt=h.restricted_inset_pt))
    return HexMap(grid, styles, numbers, symbols, tuple(lines), ink("grid"),
                  h.grid_width_pt, label_style())


def legend_terrains(game_map: GameMap) -> tuple[str, ...]:
    """The terrains the map uses, in the order of its file's legend."""
    used = set(game_map.cells)
    seen: list[str] = []
    for _ch, tid in game_map.legend:
        if tid in used and tid not in seen:
            seen.append(tid)
    return tuple(seen)


# --- the sheet: hexes, and a band with the title and the legend ----------------------------------


@dataclass(frozen=True)
class SheetGeometry:
    """The sheet in points, its lower-left corner at the origin: where the hexes land (a
    true-size view) and the band under them."""

    width: float
    height: float
    view: View
    band: Rect


def sheet_size_mm(game_map: GameMap) -> tuple[float, float]:
    """The sheet's trim size in mm: the hexes, the band under them and the margin."""
    s = LAYOUT.sheet
    w, h = grid_of(game_map).size_mm
    margin = s.margin
    return w + 2 * margin, h + 2 * margin + s.band + s.band_gap


def sheet_geometry(game_map: GameMap) -> SheetGeometry:
    s = LAYOUT.sheet
    w_mm, h_mm = sheet_size_mm(game_map)
    margin, band = mm(s.margin), mm(s.band)
    view = View.whole(grid_of(game_map), margin, margin + band + mm(s.band_gap))
    return SheetGeometry(mm(w_mm), mm(h_mm), view,
                         Rect(margin, margin, mm(w_mm) - 2 * margin, band))


def map_title(ctx: DrawContext, game_map: GameMap) -> str:
    """"Pwinch Wars: Duberger Park", in the build's language."""
    return ctx._("%(game)s: %(map)s") % {"game": ctx._(TITLE), "map": ctx._(game_map.title)}


def draw_sheet(c: Canvas, ctx: DrawContext, game_map: GameMap) -> tuple[Cell, ...]:
    """The whole sheet in its own frame; returns the cells drawn (each hex once)."""
    g = sheet_geometry(game_map)
    c.saveState()
    if profile(ctx.profile).bleed == 0:  # at home this line is where the joined map is cut
        width = LAYOUT.sheet.cut_width_pt
        c.setStrokeColor(ink("cut"))
        c.setLineWidth(width)
        c.rect(width / 2, width / 2, g.width - width, g.height - width, stroke=1, fill=0)
    drawn = draw_map(c, ctx, pwinch_hexmap(game_map), g.view)
    _band(c, ctx, game_map, g.band)
    c.restoreState()
    return drawn


def _band(c: Canvas, ctx: DrawContext, game_map: GameMap, band: Rect) -> None:
    s = LAYOUT.sheet
    title_w = mm(s.title_width)
    title = map_title(ctx, game_map)
    face = ctx.font(FontRole.SANS_BOLD)
    ctx.check_glyphs(FontRole.SANS_BOLD, title, "map title")
    size = fit_size(title, face, s.title_size, title_w - mm(3), MIN_TEXT_PT)
    c.setFillColor(ink("title"))
    c.setFont(face, size)
    c.drawString(band.x, band.top - size * 0.95, title)
    flat = game_map.hex_flat_mm
    example = game_map.hex_at(min(7, game_map.rows), min(12, game_map.columns))
    row, col = hex_to_offset(example)[1] + 1, hex_to_offset(example)[0] + 1
    sub = ctx._("%(kind)s · hexes %(size)s mm across · hex number = row, column: %(code)s is "
                "row %(row)d, column %(col)d") % {
        "kind": ctx._(KIND_NAMES[game_map.kind]), "size": ctx.format_number(flat),
        "code": hex_code(example), "row": row, "col": col}
    sface = ctx.font(FontRole.SANS)
    ctx.check_glyphs(FontRole.SANS, sub, "map subtitle")
    ssize = fit_size(sub, sface, s.subtitle_size, title_w - mm(3), MIN_TEXT_PT)
    if pdfmetrics.stringWidth(sub, sface, ssize) > title_w - mm(3):
        ctx.check_text(sub, FontRole.SANS, ssize, title_w - mm(3), band.h / 2,
                       detail="map subtitle",
                       wrap=False)
    c.setFillColor(ink("text"))
    c.setFont(sface, ssize)
    c.drawString(band.x, band.y + ssize * 0.4, sub)
    _legend(c, ctx, game_map, Rect(band.x + title_w, band.y, band.w - title_w, band.h))


def _legend(c: Canvas, ctx: DrawContext, game_map: GameMap, box: Rect) -> None:
    """A small hex of each terrain the map uses, with its name, in one row."""
    s = LAYOUT.sheet
    face = ctx.font(FontRole.SANS)
    swatch, gap, spacing = mm(s.legend_swatch), mm(s.legend_gap), mm(s.legend_spacing)
    terrains = legend_terrains(game_map)
    names = [ctx._(TERRAIN_NAMES[t]) for t in terrains]
    size = s.legend_size
    fixed = len(names) * (swatch * 0.9 + gap) + (len(names) - 1) * spacing
    widths = sum(pdfmetrics.stringWidth(n, face, 1.0) for n in names)
    if widths * size > box.w - fixed:
        size = max(MIN_TEXT_PT, (box.w - fixed) / widths)
    used = fixed + widths * size
    if used > box.w + 0.01:
        ctx.check_text(" · ".join(names), FontRole.SANS, size, box.w - fixed, box.h,
                       detail="map legend", wrap=False)
    x = box.right - used
    full = pwinch_hexmap(game_map, labels=False)
    for tid, name in zip(terrains, names, strict=True):
        ctx.check_glyphs(FontRole.SANS, name, "map legend")
        grid = HexGrid(1, 1, game_map.hex_flat_mm)
        scale = swatch / mm(game_map.hex_flat_mm)
        gw, gh = grid.size_mm
        view = View.whole(grid, x - mm(gw) * scale * 0.05, box.cy - mm(gh) * scale / 2, scale)
        one = HexMap(grid, {(0, 0): terrain_style(tid)}, {},
                     {(0, 0): terrain_symbols(tid)} if terrain_symbols(tid) else {}, (),
                     full.grid_ink, full.grid_width_pt * 2)
        draw_map(c, ctx, one, view, clip=False)
        if tid == "restricted":  # the red outline, just inside the swatch's edge
            red = next(line for line in full.lines if line.ink == ink("restricted_line"))
            cx, cy = view.centre((0, 0))
            shrink = 1 - (red.inset_pt + red.width_pt / 2) / (swatch / 2)
            corners = [(cx + (x - cx) * shrink, cy + (y - cy) * shrink)
                       for x, y in view.corners((0, 0))]
            path = c.beginPath()
            path.moveTo(*corners[0])
            for point in corners[1:]:
                path.lineTo(*point)
            path.close()
            c.setStrokeColor(red.ink)
            c.setLineWidth(red.width_pt)
            c.drawPath(path, stroke=1, fill=0)
        x += swatch * 0.9 + gap
        c.setFillColor(ink("text"))
        c.setFont(face, size)
        asc = pdfmetrics.getAscentDescent(face, size)[0]
        c.drawString(x, box.cy - asc * 0.36, name)
        x += pdfmetrics.stringWidth(name, face, size) + spacing


# --- the component ------------------------------------------------------------------------------


def tile_plan(ctx: DrawContext, map_id: str) -> TilePlan:
    """How the shared tiler lays a map's sheet on the build's paper."""
    w, h = sheet_size_mm(load_data().maps[map_id])
    return plan_tiles(mm(w), mm(h), ctx.paper, ctx.profile)


def map_parts(ctx: DrawContext, map_id: str) -> int:
    """The pieces a map is printed on: 1 when whole, else the number of parts to join."""
    plan = tile_plan(ctx, map_id)
    return 1 if plan.single else len(plan.tiles)


def hex_size_mm(map_id: str) -> float:
    """A hex's width across flats on paper (mm): the maps print at true size, so this is the
    map file's size (what a counter must fit in)."""
    game_map = load_data().maps[map_id]
    return sheet_geometry(game_map).view.flat_pt / mm(1.0)


def map_capacities(ctx: DrawContext) -> list[Capacity]:
    """What validation compares: each map's hex size on paper (whole mm, rounded down, for
    "counter size against hex size") and the parts each map prints on."""
    caps = []
    for map_id in sorted(load_data().maps):
        caps.append(Capacity(f"{map_id} map hex across flats", int(hex_size_mm(map_id) + 1e-6),
                             "mm"))
        caps.append(Capacity(f"{map_id} map parts", map_parts(ctx, map_id), "sheets"))
    return caps


def draw_map_sheet(ctx: DrawContext, map_id: str, out: Path) -> TilePlan:
    """Write one map's PDF through the shared tiler."""
    game_map = load_data().maps[map_id]
    w_mm, h_mm = sheet_size_mm(game_map)

    def draw(c: Canvas, _w: float, _h: float) -> None:
        draw_sheet(c, ctx, game_map)

    return tile(draw, w_mm, h_mm, ctx, out, title=map_title(ctx, game_map),
                build=build_id("pwinch-wars", "map", map_id, game_map.to_text(),
                               ctx.paper.size, ctx.profile, ctx.locale))


def draw_forest_map(ctx: DrawContext, _options: NoOptions, out: Path) -> None:
    """Duberger Park, the forest map."""
    draw_map_sheet(ctx, "forest", out)


def draw_city_map(ctx: DrawContext, _options: NoOptions, out: Path) -> None:
    """Pepin Street, the city map."""
    draw_map_sheet(ctx, "city", out)


def map_components() -> Sequence[Component[NoOptions]]:
    """The two map components (``forest-map``, ``city-map``), for the kit's list."""
    return (
        Component("forest-map", FOREST_TITLE, draw_forest_map, FOREST_DESCRIPTION),
        Component("city-map", CITY_TITLE, draw_city_map, CITY_DESCRIPTION),
    )
