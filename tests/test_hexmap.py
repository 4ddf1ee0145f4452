"""The shared hex renderer (:mod:`printkit.drawing.hexmap`): geometry for both orientations and both
offsets, agreement with the Pwinch Wars engine's own layout, outlines, windows, and what a
drawing puts in the PDF (each cell once, hexes measured at their size, labels, clipping)."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.colors import HexColor

from printkit.context import BuildContext
from printkit.drawing.hexmap import (
    CellStyle,
    HexGrid,
    HexMap,
    Labels,
    MapRect,
    Offset,
    Orientation,
    Pattern,
    View,
    draw_map,
    outline_edges,
    window_around,
)
from printkit.engines.pwinch_wars import Layout as EngineLayout
from printkit.engines.pwinch_wars import load_data, offset_to_hex
from printkit.engines.pwinch_wars.hexes import neighbours as engine_neighbours
from printkit.geometry import Rect
from printkit.page.canvas import open_canvas
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.units import mm

GRIDS = [HexGrid(7, 5, 20.0, o, f) for o in Orientation for f in Offset]


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.orientation.value}-{g.offset.value}")
def test_neighbours_are_one_hex_apart_and_symmetric(grid: HexGrid) -> None:
    for cell in grid.cells():
        cx, cy = grid.centre(cell)
        found = grid.neighbours(cell)
        assert len(set(found)) == 6
        for side, n in enumerate(found):
            nx, ny = grid.centre(n)
            assert math.hypot(nx - cx, ny - cy) == pytest.approx(grid.flat_mm)
            assert grid.neighbour(n, (side + 3) % 6) == cell  # across the same side back
            a, b = grid.edge(cell, side)  # the shared side has the same two corners
            a2, b2 = grid.edge(n, (side + 3) % 6)
            assert a == pytest.approx(b2) and b == pytest.approx(a2)


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.orientation.value}-{g.offset.value}")
def test_the_grid_fills_its_size_exactly(grid: HexGrid) -> None:
    w, h = grid.size_mm
    boxes = [grid.bounds(c) for c in grid.cells()]
    assert min(b.x for b in boxes) == pytest.approx(0.0)
    assert min(b.y for b in boxes) == pytest.approx(0.0)
    assert max(b.right for b in boxes) == pytest.approx(w)
    assert max(b.bottom for b in boxes) == pytest.approx(h)
    # across flats: between two opposite sides' corners (pointy: x of corners 1 and 5;
    # flat: y of corners 1 and 5)
    across = [abs(grid.corners(c)[1][0] - grid.corners(c)[5][0]) if grid.pointy
              else abs(grid.corners(c)[1][1] - grid.corners(c)[5][1]) for c in grid.cells()]
    assert across == pytest.approx([grid.flat_mm] * len(across))


@given(st.floats(0.0, 150.0), st.floats(0.0, 110.0))
def test_cell_at_finds_the_nearest_centre(x: float, y: float) -> None:
    for grid in GRIDS:
        cell = grid.cell_at(x, y)
        d = math.dist(grid.centre(cell), (x, y))
        assert d <= grid.radius_mm + 1e-9
        assert all(d <= math.dist(grid.centre(n), (x, y)) + 1e-9 for n in grid.neighbours(cell))


def test_the_pwinch_engine_and_the_renderer_agree() -> None:
    """Same centres, corners and neighbours as the engine's layout, on both maps."""
    for game_map in load_data().maps.values():
        grid = HexGrid(game_map.columns, game_map.rows, game_map.hex_flat_mm)
        lay = EngineLayout(game_map.hex_flat_mm)
        assert grid.size_mm == pytest.approx(game_map.size_mm)
        for col, row in grid.cells():
            h = offset_to_hex(col, row)
            assert grid.centre((col, row)) == pytest.approx(lay.centre(h))
            mine_c = [v for pt in grid.corners((col, row)) for v in pt]  # both clockwise
            assert mine_c == pytest.approx([v for pt in lay.corners(h) for v in pt], abs=1e-9)
            mine = {offset_to_hex(*n) for n in grid.neighbours((col, row))}
            assert mine == set(engine_neighbours(h))


def test_outline_of_the_restricted_property_matches_the_engine() -> None:
    city = load_data().maps["city"]
    grid = HexGrid(city.columns, city.rows, city.hex_flat_mm)
    cells = [(c, r) for c, r in grid.cells()
             if city.terrain_at(offset_to_hex(c, r)).id == "restricted"]
    edges = outline_edges(grid, cells)
    assert len(edges) == len(city.outline("restricted"))
    # every outline side separates a property hex from one that is not
    assert all(grid.neighbour(cell, side) not in cells for cell, side in edges)
    # a single hex has six sides; two neighbours share one, so 10
    assert len(outline_edges(grid, [(3, 3)])) == 6
    assert len(outline_edges(grid, [(3, 3), (4, 3)])) == 10


def test_window_and_view_geometry() -> None:
    grid = HexGrid(21, 22, 25.0)
    win = window_around(grid, [(5, 5), (7, 6)], margin_mm=4.0)
    b0, b1 = grid.bounds((5, 5)), grid.bounds((7, 6))
    assert win.x == pytest.approx(b0.x - 4) and win.right == pytest.approx(b1.right + 4)
    assert window_around(grid, [(0, 0)], margin_mm=10).x == 0.0  # clamped to the map
    box = Rect(0, 0, mm(100), mm(60))
    view = View.fit(grid, box, window=win, max_scale=2.0)
    assert box.contains(view.rect, 1e-6)
    assert max(view.rect.w - box.w, view.rect.h - box.h) == pytest.approx(0.0, abs=1e-6)
    x, y = view.centre((5, 5))
    gx, gy = grid.centre((5, 5))
    assert x == pytest.approx(view.x + (gx - win.x) * view.k)
    assert y == pytest.approx(view.y + (win.bottom - gy) * view.k)
    shown = view.cells()
    assert (5, 5) in shown and (7, 6) in shown and (15, 15) not in shown
    assert all(grid.bounds(c).overlaps(win) for c in shown)
    with pytest.raises(ValueError):
        window_around(grid, [])
    with pytest.raises(ValueError):
        HexGrid(0, 3, 25.0)


def _draw(tmp_path: Path, grid: HexGrid, view_of: object, labels: bool = True
          ) -> tuple[Path, tuple[tuple[int, int], ...], Preflight]:
    styles = {cell: CellStyle(HexColor("#d4ebb0"), list(Pattern)[i % len(Pattern)],
                              HexColor("#335522"))
              for i, cell in enumerate(grid.cells())}
    names = {cell: f"{cell[1] + 1:02d}{cell[0] + 1:02d}" for cell in grid.cells()} if labels \
        else {}
    hm = HexMap(grid, styles, names, label_style=Labels(7.0))
    report = Preflight()
    out = tmp_path / "hexes.pdf"
    with drawing(BuildContext(paper("a4")), report) as ctx, \
            open_canvas(out, paper("a4"), ctx=ctx, title="hexes") as c:
        drawn = draw_map(c, ctx, hm, view_of(grid))  # type: ignore[operator]
        c.showPage()
    return out, drawn, report


@pytest.mark.parametrize("orientation", list(Orientation))
def test_a_drawn_grid_has_every_cell_once_at_its_size(tmp_path: Path,
                                                      orientation: Orientation) -> None:
    grid = HexGrid(5, 4, 25.0, orientation, Offset.EVEN)
    out, drawn, report = _draw(tmp_path, grid, lambda g: View.whole(g, mm(20), mm(100)))
    assert sorted(drawn) == sorted(grid.cells()) and len(set(drawn)) == len(drawn)
    assert report.errors == []
    with pdfplumber.open(out) as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
        assert sorted(words) == sorted(f"{r + 1:02d}{c + 1:02d}" for c, r in grid.cells())
        # the hexes' fills: one closed six-sided shape each, 25.0 mm across flats
        fills = [o for o in pdf.pages[0].curves if o.get("fill") and len(o["pts"]) >= 6]
        across = [(o["x1"] - o["x0"]) if grid.pointy else (o["bottom"] - o["top"])
                  for o in fills]
    assert across and all(abs(a / mm(1) - 25.0) < 0.1 for a in across)


def test_a_window_draws_only_its_cells_and_clips(tmp_path: Path) -> None:
    grid = HexGrid(10, 8, 25.0)
    win = window_around(grid, [(4, 4)], margin_mm=3.0)
    out, drawn, report = _draw(
        tmp_path, grid, lambda g: View.fit(g, Rect(mm(20), mm(20), mm(80), mm(80)), win,
                                           max_scale=1.5))
    assert (4, 4) in drawn and len(drawn) < 12 and (0, 0) not in drawn
    assert all(grid.bounds(c).overlaps(win) for c in drawn)
    assert report.errors == []
    assert isinstance(win, MapRect)
