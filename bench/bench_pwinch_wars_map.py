"""Pwinch Wars map drawing speed for ``make bench``: seconds for one part of the forest map.

Run directly (``python -m bench.bench_pwinch_wars_map``, one JSON object per line: name, value,
unit) or import :func:`run`. Measured in-process, best of a few runs, after one warm-up (fonts
registered, data loaded):

* ``pwinch_wars_forest_map_part_a4``: one A4 page holding part A1 of Duberger Park at true
  size, drawn alone by the shared hex renderer (fills, patterns, grid, symbols, hex numbers,
  clipped to the part's window): the figure to set beside protograf's 1.4 s for a numbered
  hex grid page.
* ``pwinch_wars_forest_map_a4``: the whole component as a kit build writes it, through the
  tiler (the map drawn once into a form, the assembly page and the six parts).
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.context import BuildContext
from printkit.engines.pwinch_wars import load_data
from printkit.hexmap import MapRect, View, draw_map
from printkit.kits import NoOptions
from printkit.paper import paper
from printkit.pdf import open_canvas
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.maps import (
    draw_forest_map,
    pwinch_hexmap,
    sheet_geometry,
    tile_plan,
)
from printkit.units import to_mm

REPEATS = 3


def _best(work: Callable[[], None]) -> float:
    work()  # warm-up
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def run() -> list[dict[str, Any]]:
    game_map = load_data().maps["forest"]
    a4 = paper("a4")
    with tempfile.TemporaryDirectory() as tmp, drawing(BuildContext(a4)) as ctx:
        out = Path(tmp)
        plan = tile_plan(ctx, "forest")
        first = plan.tiles[0]
        sheet = sheet_geometry(game_map)
        # part A1's window on the map: the tile's region less the sheet's margin, in map mm
        # (y down), placed where the tiler places the part on its page
        top_mm = to_mm(sheet.view.rect.top - first.region.top)
        left_mm = to_mm(first.region.x - sheet.view.x)
        window = MapRect(left_mm, top_mm, to_mm(first.region.w), to_mm(first.region.h))
        view = View(sheet.view.grid, first.page_rect.x, first.page_rect.y, 1.0, window)
        hexmap = pwinch_hexmap(game_map)

        def one_part() -> None:
            with open_canvas(out / "part.pdf", a4, title="part A1") as c:
                draw_map(c, ctx, hexmap, view)
                c.showPage()

        def whole() -> None:
            draw_forest_map(ctx.for_component("forest-map"), NoOptions(), out / "forest.pdf")

        part = _best(one_part)
        full = _best(whole)
    return [
        {"name": "pwinch_wars_forest_map_part_a4", "value": round(part, 3), "unit": "s"},
        {"name": "pwinch_wars_forest_map_a4", "value": round(full, 3), "unit": "s"},
    ]


if __name__ == "__main__":
    for row in run():
        print(json.dumps(row))
