"""Pwinch Wars map drawing speed for ``make bench``: seconds for one part of the forest map,
and the same page against protograf, both as whole processes.

Run directly (``python -m bench.bench_pwinch_wars_map``, one JSON object per line: name, value,
unit) or import :func:`run`.

In-process, in CPU seconds of the bench's process, best of a few runs after one warm-up (fonts
registered, data loaded), the hex renderer's worked-out hexes and marks forgotten before each
run (:func:`printkit.drawing.hexmap.clear_caches`: a build draws each map's marks once):

* ``pwinch_wars_forest_map_part_a4``: one A4 page holding part A1 of Duberger Park at true
  size, drawn alone by the shared hex renderer (fills, patterns, grid, symbols, hex numbers,
  clipped to the part's window).
* ``pwinch_wars_forest_map_a4``: the whole component as a kit build writes it, through the
  tiler (the map drawn once into a form, the assembly page and the six parts).

Whole process against whole process, run in turns, the fastest of several runs each on the
wall clock and in CPU seconds (start-up and imports included on both sides, as a user waits
for them):

* printkit: ``python -m bench.bench_pwinch_wars_map --part OUT.pdf`` draws that part A1 page;
* protograf: ``bench/peer_protograf_hex_page.py``, one A4 page of numbered pointy-top hexes
  of the same size, run by protograf's own Python (``PROTOGRAF_PYTHON``, ``make
  bench-peers``); without it the figure says so instead of a number;
* their ratios, printkit / protograf, on each clock.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import ROOT, fastest, interleaved, peer_python, row, scaled
from printkit.context import BuildContext, DrawContext
from printkit.drawing.hexmap import MapRect, View, clear_caches, draw_map
from printkit.engines.pwinch_wars import load_data
from printkit.kits import NoOptions
from printkit.page.canvas import open_canvas
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.maps import (
    draw_forest_map,
    pwinch_hexmap,
    sheet_geometry,
    tile_plan,
)
from printkit.units import to_mm

REPEATS = scaled(3, 1)
PROCESS_RUNS = scaled(3, 1)
PEER_SCRIPT = ROOT / "bench" / "peer_protograf_hex_page.py"


def _best(work: Callable[[], None]) -> float:
    work()  # warm-up
    times = []
    for _ in range(REPEATS):
        clear_caches()  # each run works its marks out afresh, as a build drawing it once does
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def _part_drawer(ctx: DrawContext) -> Callable[[Path], None]:
    """Draws part A1 of the forest map alone on an A4 page, into the path given."""
    game_map = load_data().maps["forest"]
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

    def one_part(out: Path) -> None:
        with open_canvas(out, ctx.paper, ctx=ctx, title="part A1") as c:
            draw_map(c, ctx, hexmap, view)
            c.showPage()

    return one_part


def draw_part(out: Path) -> None:
    """The whole-process side: part A1 of the forest map on A4, into ``out``."""
    with drawing(BuildContext(paper("a4"))) as ctx:
        _part_drawer(ctx)(out)


def _in_process() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp, drawing(BuildContext(paper("a4"))) as ctx:
        out = Path(tmp)
        one_part = _part_drawer(ctx)
        part = _best(lambda: one_part(out / "part.pdf"))
        full = _best(lambda: draw_forest_map(ctx.for_component("forest-map"), NoOptions(),
                                             out / "forest.pdf"))
    return [row("pwinch_wars_forest_map_part_a4", round(part, 3), "s"),
            row("pwinch_wars_forest_map_a4", round(full, 3), "s")]


def _against_protograf() -> list[dict[str, Any]]:
    mine = "pwinch_wars_forest_map_part_a4, whole process"
    theirs = "protograf numbered hex grid page, A4, whole process"
    ratio = "pwinch_wars map part / protograf page (whole processes)"
    python, version = peer_python("protograf")
    with tempfile.TemporaryDirectory() as tmp:
        cmds: dict[str, tuple[list[str], Path | str]] = {"printkit": (
            [sys.executable, "-m", "bench.bench_pwinch_wars_map", "--part", f"{tmp}/part.pdf"],
            ROOT)}
        if python is not None:  # protograf writes hexpage.pdf in its working folder
            cmds["protograf"] = ([python, str(PEER_SCRIPT)], tmp)
        times = interleaved(cmds, PROCESS_RUNS)
        assert (Path(tmp) / "part.pdf").stat().st_size > 0
        if python is not None:
            assert (Path(tmp) / "hexpage.pdf").stat().st_size > 0
    ours = fastest(times["printkit"])
    rows = [row(f"{mine}, wall", round(ours.wall, 3), "s"),
            row(f"{mine}, CPU", round(ours.cpu, 3), "s")]
    if python is None:
        rows += [row(f"{theirs}: not measured, {version}", None, "s"),
                 row(f"{ratio}: not measured, protograf is not installed here", None, "ratio")]
        return rows
    peer = fastest(times["protograf"])
    return rows + [
        row(f"{theirs} (protograf {version}), wall", round(peer.wall, 3), "s"),
        row(f"{theirs} (protograf {version}), CPU", round(peer.cpu, 3), "s"),
        row(f"{ratio}, wall", round(ours.wall / peer.wall, 2), "ratio"),
        row(f"{ratio}, CPU", round(ours.cpu / peer.cpu, 2), "ratio"),
    ]


def run() -> list[dict[str, Any]]:
    return _in_process() + _against_protograf()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--part"]:
        draw_part(Path(sys.argv[2]))
    else:
        for r in run():
            print(json.dumps(r), flush=True)
