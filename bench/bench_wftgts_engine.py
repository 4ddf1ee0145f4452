"""WFtGtS engine figures: scorer speed, auto-play speed, optimal-table build and quality.

Run directly (``python -m bench.bench_wftgts_engine``) or import :func:`run`. Games are played
as ``printkit validate`` plays them: ``printkit.engines.core.play(game, [bot], record=False)``. The
table build runs in a subprocess with an empty cache dir, so it is a true cold build and its
peak memory is the whole process's.

The optimal bot's mean final score is measured over 20,000 solo games played by the real bot
through ``play`` (seeds 0 .. 19,999), in a process pool (about 12 s of CPU, split over every
core), and given with its 95 % interval beside the exact game value the bot should reach
(568.178). ``python -m bench.bench_wftgts_engine --games 200000`` plays more (about 2 CPU
minutes) for a tighter interval.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.common import ROOT, scaled
from printkit.engines.core import play
from printkit.engines.wftgts import DICE, WFtGtS, best_scoring, scoring
from printkit.engines.wftgts import optimal as opt
from printkit.simulation.statistics import mean_half_width

SCORER_CALLS = scaled(100_000, 1_000)
GAMES = scaled({"greedy": 2000, "optimal": 1000}, {"greedy": 5, "optimal": 5})
SIM_ROUNDS = scaled(50_000, 100)
OPTIMAL_GAMES = scaled(20_000, 20)
_SLICE = scaled(5_000, 10)

_BUILD = """
import json, sys, time
from pathlib import Path
t0 = time.process_time()
from printkit.engines.wftgts import optimal
optimal.load_tables(sys.argv[1])
seconds = time.process_time() - t0
from bench.common import vm_hwm_mib
disk = sum(f.stat().st_size for f in Path(sys.argv[1]).rglob("*") if f.is_file())
print(json.dumps({"seconds": seconds, "hwm_mib": vm_hwm_mib(), "disk_mib": disk / 2**20}))
"""


def _scorer_rate() -> float:
    rng = random.Random(2024)
    best = 0.0
    for _ in range(3):
        lines = [[rng.randint(1, d.sides) for d in DICE] for _ in range(SCORER_CALLS)]
        scoring._MEMO.clear()  # fresh lines, empty memo: the cold per-call cost
        start = time.process_time()
        for line in lines:
            best_scoring(line)
        best = max(best, SCORER_CALLS / (time.process_time() - start))
    return best


def _game_rate(bot: str, games: int) -> tuple[float, float]:
    game = WFtGtS()
    for s in range(50):
        play(game, [bot], seed=f"warm/{s}", record=False)
    total = 0.0
    start = time.process_time()
    for s in range(games):
        total += play(game, [bot], seed=s, record=False).state.returns()[0]
    return games / (time.process_time() - start), total / games


def _play_slice(bounds: tuple[int, int]) -> tuple[int, float, float]:
    """Solo games of the optimal bot, seeds ``start .. stop - 1``: count, sum, sum of squares."""
    game = WFtGtS()
    total = squares = 0.0
    for seed in range(*bounds):
        score = play(game, ["optimal"], seed=seed, record=False).state.returns()[0]
        total += score
        squares += score * score
    return bounds[1] - bounds[0], total, squares


def _optimal_mean(games: int) -> tuple[float, float, float]:
    """Mean final score of ``games`` solo games of the optimal bot, with its 95 % interval
    (:func:`~printkit.simulation.statistics.mean_half_width`), played in a process pool;
    also the wall-clock seconds."""
    opt.load_tables()  # built (or checked) once, before the workers map it
    slices = [(a, min(a + _SLICE, games)) for a in range(0, games, _SLICE)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        parts = list(pool.map(_play_slice, slices))
    seconds = time.perf_counter() - start
    n = sum(p[0] for p in parts)
    total, squares = sum(p[1] for p in parts), sum(p[2] for p in parts)
    return total / n, mean_half_width(n, total, squares), seconds


def _cold_build() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", _BUILD, tmp],
            check=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
        ).stdout
    found: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return found


def run(optimal_games: int = OPTIMAL_GAMES) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []

    def row(name: str, value: float, unit: str, digits: int = 1) -> None:
        rows.append({"name": f"wftgts {name}", "value": round(value, digits), "unit": unit})

    row("best_scoring calls/s", _scorer_rate(), "calls/s", 0)
    build = _cold_build()
    row("optimal table build", build["seconds"], "s", 2)
    row("optimal table build peak memory of the process (VmHWM)", build["hwm_mib"], "MiB")
    row("optimal tables on disk", build["disk_mib"], "MiB")
    tables = opt.load_tables()  # the shared cache, built once if missing
    for bot, games in GAMES.items():
        rate, mean = _game_rate(bot, games)
        row(f"{bot} games/s (1 player)", rate, "games/s")
        row(f"{bot} mean final score", mean, "points", 1)
    stats = opt.round_statistics(SIM_ROUNDS, seed=7)
    row(f"optimal mean round score ({SIM_ROUNDS} rounds)", stats.mean, "points", 2)
    row("optimal mean round score / exact expected round", stats.mean / stats.expected,
        "ratio", 4)
    row("optimal exact expected round", stats.expected, "points", 3)
    row("optimal exact solo game value", tables.game_value, "points", 3)
    row("optimal exact solo game value without junk", tables.game_value_without_junk,
        "points", 3)
    mean, half, seconds = _optimal_mean(optimal_games)
    row(f"optimal bot mean final score ({optimal_games} games)", mean, "points", 2)
    row("optimal bot mean final score, 95 % interval low", mean - half, "points", 2)
    row("optimal bot mean final score, 95 % interval high", mean + half, "points", 2)
    row(f"optimal bot {optimal_games} games, wall clock ({os.cpu_count()} processes)",
        seconds, "s", 1)
    return rows


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else OPTIMAL_GAMES
    for r in run(n):
        print(json.dumps(r), flush=True)
