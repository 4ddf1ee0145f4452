"""Pwinch Wars auto-play figures for ``make bench``: games/s, game length, bot strength.

Run directly (``python -m bench.bench_pwinch_wars``, one JSON object per line: name, value,
unit) or import :func:`run`. Games are played as ``printkit validate`` plays them:
``printkit.engines.core.play(..., record=False)`` on one core after a short warm-up (the
maps' line-of-sight patterns, the path searches a game object keeps for every game and the
tactical bot's distance grid are worked out on first use). Also given: the engine alone (the
same tactical games replayed with every decision known, each step's view and checked apply
as :func:`play` does), which bounds what any bot can reach. ``--strength N`` adds the
tactical bot's win rate against ``random`` over N games per scenario (seats rotated) and each
scenario's mean length in turns. Rates are per CPU second of the bench's process
(``bench/common.py``).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from bench.common import scaled
from bench.replay_rate import engine_alone_rate
from printkit.engines.core import play
from printkit.engines.pwinch_wars.game import PwinchWars

WARMUP = scaled(5, 1)
GAMES = scaled(50, 2)
SCENARIO = "forest_skirmish"


def _rate(bots: list[str], games: int,
          scenario: str = SCENARIO) -> tuple[float, float, float]:
    """Games per second, mean turns per game and the first seat's share of the wins."""
    game = PwinchWars()
    opts = {"scenario": scenario}
    for s in range(WARMUP):
        play(game, bots, seed=f"warm/{s}", record=False, options=opts)
    turns = 0
    first = 0.0
    start = time.process_time()
    for s in range(games):
        state = play(game, bots, seed=s, record=False, options=opts).state
        turns += state.turn
        first += state.returns()[0]
    return games / (time.process_time() - start), turns / games, first / games


def _engine_rate(games: int) -> float:
    """The same games with every decision known in advance: the engine's cost."""
    return engine_alone_rate(PwinchWars(), ["tactical", "tactical"], games, list_actions=True)


def strength(games: int) -> list[dict[str, Any]]:
    """The tactical bot against random bots, per scenario: win rate (a shared win counts
    its share) and mean turns; the tactical bot takes every seat in turn."""
    game = PwinchWars()
    out: list[dict[str, Any]] = []
    for sid, scenario in sorted(game.data.scenarios.items()):
        n = scenario.players
        wins = 0.0
        turns = 0
        start = time.process_time()
        for s in range(games):
            seat = s % n
            bots = ["random"] * n
            bots[seat] = "tactical"
            state = play(game, bots, seed=s, record=False, options={"scenario": sid}).state
            wins += state.returns()[seat]
            turns += state.turn
        rate = games / (time.process_time() - start)
        out += [
            {"name": f"pwinch_wars.{sid}.tactical_vs_random_win_rate",
             "value": round(wins / games, 3), "unit": "share"},
            {"name": f"pwinch_wars.{sid}.mean_turns", "value": round(turns / games, 2),
             "unit": "turns"},
            {"name": f"pwinch_wars.{sid}.tactical_vs_random_games_per_s",
             "value": round(rate, 1), "unit": "games/s"},
        ]
    return out


def run(strength_games: int = 0) -> list[dict[str, Any]]:
    tactical, turns, first = _rate(["tactical", "tactical"], GAMES)
    rand, _, _ = _rate(["random", "random"], GAMES)
    engine = _engine_rate(max(1, GAMES // 2))
    out = [
        {"name": "pwinch_wars.forest_skirmish.tactical_games_per_s",
         "value": round(tactical, 1), "unit": "games/s"},
        {"name": "pwinch_wars.forest_skirmish.random_games_per_s",
         "value": round(rand, 1), "unit": "games/s"},
        {"name": "pwinch_wars.forest_skirmish.engine_games_per_s", "value": round(engine, 1),
         "unit": "games/s"},
        {"name": "pwinch_wars.forest_skirmish.tactical_mean_turns", "value": round(turns, 2),
         "unit": "turns"},
        {"name": "pwinch_wars.forest_skirmish.tactical_first_seat_win_share",
         "value": round(first, 3), "unit": "share"},
    ]
    if strength_games:
        out += strength(strength_games)
    return out


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--strength") + 1]) if "--strength" in sys.argv else 0
    for row in run(n):
        print(json.dumps(row))
