"""War of Bones figures for ``make bench``: auto-play games/s, game length, range queries/s.

Run directly (``python -m bench.bench_war_of_bones``, one JSON object per line: name, value,
unit) or import :func:`run`. Games are played exactly as ``printkit validate`` plays them:
``printkit.engines.core.play(..., record=False)``, on one core, seats swapped every other
game, after a warm-up (the heuristic's odds tables fill on first use). Range queries are
``state.in_range(a, b)`` on the dice of real positions (the state keeps every pair's gap,
refreshed when a die lands), and :func:`geometry.in_range` computed afresh; the engine
alone replays the same heuristic games with no bot deciding. Rates are per CPU second of
the bench's process (``bench/common.py``).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bench.common import scaled
from bench.replay_rate import engine_alone_rate
from printkit.engines.core import play
from printkit.engines.war_of_bones.game import WarOfBones, WarOfBonesState
from printkit.engines.war_of_bones.geometry import in_range

WARMUP = scaled(20, 1)
SEARCH_WARMUP = scaled(2, 1)
HEURISTIC_GAMES = scaled(300, 2)
SEARCH_GAMES = scaled(10, 1)
RANGE_QUERIES = scaled(200_000, 2_000)
ENGINE_GAMES = scaled(60, 2)


def _rate(bots: list[str], games: int, warmup: int = WARMUP) -> tuple[float, float]:
    """Games per second and mean turns per game."""
    game = WarOfBones()
    for s in range(warmup):
        play(game, bots, seed=f"warm/{s}", record=False)
    turns = 0
    start = time.process_time()
    for s in range(games):
        seats = bots if s % 2 == 0 else bots[::-1]
        turns += play(game, seats, seed=s, record=False).state.turn
    return games / (time.process_time() - start), turns / games


def _range_rate(queries: int) -> float:
    """``in_range`` calls per second between random dice of set-up positions."""
    game = WarOfBones()
    rng = random.Random(0)
    states: list[WarOfBonesState] = []
    for _ in range(20):
        state = game.new_initial_state(2, game.default_options())
        state.apply(state.chance_outcomes().sample(rng))
        states.append(state)
    pairs = [(states[rng.randrange(20)], rng.randrange(16), rng.randrange(16))
             for _ in range(1000)]
    rounds = queries // len(pairs)
    start = time.process_time()
    for _ in range(rounds):
        for state, a, b in pairs:
            state.in_range(a, b)
    return rounds * len(pairs) / (time.process_time() - start)


def _geometry_rate(queries: int) -> float:
    """:func:`geometry.in_range` computed from two positions each time (no stored gaps)."""
    rng = random.Random(1)
    d = 160
    pairs = [(rng.randrange(80, 2207), rng.randrange(80, 2207), rng.randrange(80, 2207),
              rng.randrange(80, 2207), rng.randint(1, 6)) for _ in range(1000)]
    rounds = queries // len(pairs)
    start = time.process_time()
    for _ in range(rounds):
        for ax, ay, bx, by, f in pairs:
            in_range(ax, ay, bx, by, d, f)
    return rounds * len(pairs) / (time.process_time() - start)


def _engine_rate(games: int) -> float:
    """The same games with every decision known in advance: the engine's cost."""
    return engine_alone_rate(WarOfBones(), ["heuristic", "heuristic"], games)


def run() -> list[dict[str, Any]]:
    heuristic, turns = _rate(["heuristic", "heuristic"], HEURISTIC_GAMES)
    search, _ = _rate(["search", "heuristic"], SEARCH_GAMES, SEARCH_WARMUP)
    return [
        {"name": "war-of-bones heuristic vs heuristic games/s", "value": round(heuristic, 1),
         "unit": "games/s"},
        {"name": "war-of-bones heuristic vs heuristic mean turns", "value": round(turns, 1),
         "unit": "turns/game"},
        {"name": "war-of-bones search vs heuristic games/s", "value": round(search, 2),
         "unit": "games/s"},
        {"name": "war-of-bones range queries/s", "value": round(_range_rate(RANGE_QUERIES)),
         "unit": "queries/s"},
        {"name": "war-of-bones range queries/s (computed from positions)",
         "value": round(_geometry_rate(RANGE_QUERIES)), "unit": "queries/s"},
        {"name": "war-of-bones engine alone (heuristic games replayed) games/s",
         "value": round(_engine_rate(ENGINE_GAMES), 1), "unit": "games/s"},
    ]


if __name__ == "__main__":
    for row in run():
        print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
              flush=True)
