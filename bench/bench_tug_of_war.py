"""Tug of War auto-play figures for ``make bench``: games/s per bot and mean turns per game.

Run directly (``python -m bench.bench_tug_of_war``, one JSON object per line: name, value,
unit) or import :func:`run`. Games are played exactly as ``printkit validate`` plays them:
``printkit.engines.core.play(..., record=False)``, after a short warm-up that fills the bots'
tables as the first games of a long run would. Rates are per CPU second of the bench's
process (one core; ``bench/common.py``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from bench.common import scaled
from printkit.engines.core import play
from printkit.engines.tug_of_war import TugOfWar

WARMUP = scaled(50, 1)
GAMES = scaled({"greedy": 2000, "lookahead": 1000}, {"greedy": 5, "lookahead": 5})


def _rate(bot: str, games: int) -> tuple[float, float]:
    game = TugOfWar()
    for s in range(WARMUP):  # fill the bots' caches, as a long validate run would
        play(game, [bot, bot], seed=f"warm/{s}", record=False)
    turns = 0
    start = time.process_time()
    for s in range(games):
        turns += play(game, [bot, bot], seed=s, record=False).state.turns
    elapsed = time.process_time() - start
    return games / elapsed, turns / games


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for bot, games in GAMES.items():
        rate, turns = _rate(bot, games)
        rows.append(
            {"name": f"tug-of-war {bot} games/s", "value": round(rate, 1), "unit": "games/s"}
        )
        rows.append(
            {"name": f"tug-of-war {bot} mean turns", "value": round(turns, 2), "unit": "turns/game"}
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
              flush=True)
