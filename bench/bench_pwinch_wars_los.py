"""Pwinch Wars line-of-sight figures for ``make bench``: checks per second on one core.

Run directly (``python -m bench.bench_pwinch_wars_los``, one JSON object per line: name,
value, unit) or import :func:`run`. Pairs of hexes are drawn at random (fixed seed) on each
packaged map. A first pass on a fresh grid also works out the ruler patterns (cold: the
first game on a map); later passes measure what a turn engine sees in a game (warm). Rates
are per CPU second of the bench's process (``bench/common.py``).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bench.common import scaled
from printkit.engines.pwinch_wars.hexes import (
    HasSight,
    Hex,
    SightGrid,
    distance,
    hex_to_offset,
    line_of_sight,
    sight_pattern,
)
from printkit.engines.pwinch_wars.maps import GameMap, load_map

PAIRS = scaled(50_000, 500)
REPEATS = scaled(3, 1)


def _pairs(game_map: GameMap, count: int, rng: random.Random) -> list[tuple[Hex, Hex]]:
    hexes = list(game_map.hexes())
    return [(rng.choice(hexes), rng.choice(hexes)) for _ in range(count)]


def _rate(board: HasSight, pairs: list[tuple[Hex, Hex]]) -> float:
    start = time.process_time()
    for a, b in pairs:
        line_of_sight(board, a, b)
    return len(pairs) / (time.process_time() - start)


def _fresh(game_map: GameMap) -> SightGrid:
    """The map's sight grid with nothing cached, here or in :func:`sight_pattern`."""
    sight_pattern.cache_clear()
    return SightGrid(game_map.columns, game_map.rows,
                     [hex_to_offset(h) for h in game_map.hexes()
                      if game_map.terrain_at(h).blocks_sight])


def run() -> list[dict[str, Any]]:
    rng = random.Random(15)
    rows: list[dict[str, Any]] = []
    for map_id in ("city", "forest"):
        game_map = load_map(map_id)
        pairs = _pairs(game_map, PAIRS, rng)
        cold = _rate(_fresh(game_map), pairs)
        warm = max(_rate(game_map, pairs) for _ in range(REPEATS))
        mean = sum(distance(a, b) for a, b in pairs) / len(pairs)
        clear = sum(line_of_sight(game_map, a, b) for a, b in pairs) / len(pairs)
        rows += [
            {"name": f"pwinch-wars {map_id} line-of-sight checks/s", "value": round(warm),
             "unit": "checks/s"},
            {"name": f"pwinch-wars {map_id} line-of-sight checks/s, patterns uncached",
             "value": round(cold), "unit": "checks/s"},
            {"name": f"pwinch-wars {map_id} random pairs: mean distance", "value": round(mean, 2),
             "unit": "hexes"},
            {"name": f"pwinch-wars {map_id} random pairs: share in sight",
             "value": round(clear, 3), "unit": "fraction"},
        ]
    return rows


if __name__ == "__main__":
    for row in run():
        print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
              flush=True)
