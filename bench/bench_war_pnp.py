"""W.A.R. – Powers 'n Points auto-play figures for ``make bench``: games/s and game length.

Run directly (``python -m bench.bench_war_pnp``, one JSON object per line: name, value, unit)
or import :func:`run`. Games are played exactly as ``printkit validate`` plays them:
``printkit.engines.core.play(..., record=False)``, on one core, after a short warm-up (the
heuristic bot looks its set-up up after the first game). Also given: the engine alone, the
same heuristic games replayed with no bot deciding, which bounds what any bot can reach.
Rates are per CPU second of the bench's process (``bench/common.py``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from bench.common import scaled
from bench.replay_rate import engine_alone_rate
from printkit.engines.core import play
from printkit.engines.war_pnp.game import WarPnP

WARMUP = scaled(20, 1)
SEARCH_WARMUP = scaled(2, 1)
HEURISTIC_GAMES = scaled(300, 2)
SEARCH_GAMES = scaled(20, 1)
ENGINE_GAMES = scaled(120, 2)


def _rate(bots: list[str], games: int, warmup: int = WARMUP) -> tuple[float, float]:
    """Games per second and mean rounds per game, seats swapped every other game."""
    game = WarPnP()
    for s in range(warmup):
        play(game, bots, seed=f"warm/{s}", record=False)
    rounds = 0
    start = time.process_time()
    for s in range(games):
        seats = bots if s % 2 == 0 else bots[::-1]
        rounds += play(game, seats, seed=s, record=False).state.round
    return games / (time.process_time() - start), rounds / games


def _engine_rate(games: int) -> float:
    """The same games with every decision known in advance: the engine's cost."""
    return engine_alone_rate(WarPnP(), ["heuristic", "heuristic"], games)


def run() -> list[dict[str, Any]]:
    heuristic, rounds = _rate(["heuristic", "heuristic"], HEURISTIC_GAMES)
    search, _ = _rate(["search", "heuristic"], SEARCH_GAMES, SEARCH_WARMUP)
    return [
        {"name": "war-pnp heuristic vs heuristic games/s", "value": round(heuristic, 1),
         "unit": "games/s"},
        {"name": "war-pnp search vs heuristic games/s", "value": round(search, 2),
         "unit": "games/s"},
        {"name": "war-pnp heuristic vs heuristic mean rounds", "value": round(rounds, 2),
         "unit": "rounds/game"},
        {"name": "war-pnp engine alone (heuristic games replayed) games/s",
         "value": round(_engine_rate(ENGINE_GAMES), 1), "unit": "games/s"},
    ]


if __name__ == "__main__":
    for row in run():
        print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
              flush=True)
