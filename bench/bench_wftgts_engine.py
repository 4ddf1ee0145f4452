"""WFtGtS engine figures: scorer speed, auto-play speed, optimal-table build and quality.

Run directly (``python -m bench.bench_wftgts_engine``) or import :func:`run`. Games are played
as ``printkit validate`` plays them: ``printkit.engines.core.play(game, [bot], record=False)``. The
table build runs in a subprocess with an empty cache dir, so it is a true cold build and its
peak memory is the whole process's.

The optimal bot's mean final score is measured over 200,000 solo games played by the real bot
through ``play`` (seeds 0 .. 199,999), in a process pool (about 70 s of CPU at some 3,000
games/s, so split over every core), and given with its 95 % interval beside the exact game
value the bot should reach (568.178).
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from printkit.engines.core import play
from printkit.engines.wftgts import DICE, WFtGtS, best_scoring, scoring
from printkit.engines.wftgts import optimal as opt

ROOT = Path(__file__).resolve().parents[1]
EXACT_ROUND = 93.45
SCORER_CALLS = 200_000
GAMES = {"greedy": 2000, "optimal": 1000}
SIM_ROUNDS = 50_000
OPTIMAL_GAMES = 200_000
_SLICE = 5_000

_BUILD = """
import json, resource, sys, time, tracemalloc
tracemalloc.start()
t0 = time.perf_counter()
from printkit.engines.wftgts import optimal
tables = optimal.load_tables(sys.argv[1])
seconds = time.perf_counter() - t0
traced = tracemalloc.get_traced_memory()[1]
rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
disk = sum(f.stat().st_size for f in tables.path.iterdir())
print(json.dumps({"seconds": seconds, "rss_mib": rss_kib / 1024, "traced_mib": traced / 2**20,
                  "disk_mib": disk / 2**20, "expected": tables.expected_round}))
"""


def _scorer_rate() -> float:
    rng = random.Random(2024)
    best = 0.0
    for _ in range(3):
        lines = [[rng.randint(1, d.sides) for d in DICE] for _ in range(SCORER_CALLS)]
        scoring._MEMO.clear()  # fresh lines, empty memo: the cold per-call cost
        start = time.perf_counter()
        for line in lines:
            best_scoring(line)
        best = max(best, SCORER_CALLS / (time.perf_counter() - start))
    return best


def _game_rate(bot: str, games: int) -> tuple[float, float]:
    game = WFtGtS()
    for s in range(50):
        play(game, [bot], seed=f"warm/{s}", record=False)
    total = 0.0
    start = time.perf_counter()
    for s in range(games):
        total += play(game, [bot], seed=s, record=False).state.returns()[0]
    return games / (time.perf_counter() - start), total / games


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
    (normal approximation), played in a process pool; also the wall-clock seconds."""
    opt.load_tables()  # built (or checked) once, before the workers map it
    slices = [(a, min(a + _SLICE, games)) for a in range(0, games, _SLICE)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        parts = list(pool.map(_play_slice, slices))
    seconds = time.perf_counter() - start
    n = sum(p[0] for p in parts)
    mean = sum(p[1] for p in parts) / n
    var = (sum(p[2] for p in parts) - n * mean * mean) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n), seconds


def _cold_build() -> dict:
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
    return json.loads(out.strip().splitlines()[-1])


def run() -> list[dict]:
    rows: list[dict] = []

    def row(name: str, value: float, unit: str, digits: int = 1) -> None:
        rows.append({"name": f"wftgts {name}", "value": round(value, digits), "unit": unit})

    row("best_scoring calls/s", _scorer_rate(), "calls/s", 0)
    build = _cold_build()
    row("optimal table build", build["seconds"], "s", 2)
    row("optimal table build peak RSS", build["rss_mib"], "MiB")
    row("optimal table build peak traced", build["traced_mib"], "MiB")
    row("optimal tables on disk", build["disk_mib"], "MiB")
    tables = opt.load_tables()  # the shared cache, built once if missing
    for bot, games in GAMES.items():
        rate, mean = _game_rate(bot, games)
        row(f"{bot} games/s (1 player)", rate, "games/s")
        row(f"{bot} mean final score", mean, "points", 1)
    stats = opt.round_statistics(SIM_ROUNDS, seed=7)
    row(f"optimal mean round score ({SIM_ROUNDS} rounds)", stats.mean, "points", 2)
    row("optimal round score / 93.45", stats.mean / EXACT_ROUND, "ratio", 4)
    row("optimal exact expected round", stats.expected, "points", 3)
    row("optimal exact solo game value", tables.game_value, "points", 3)
    row("optimal exact solo game value without junk", tables.game_value_without_junk,
        "points", 3)
    mean, half, seconds = _optimal_mean(OPTIMAL_GAMES)
    row(f"optimal bot mean final score ({OPTIMAL_GAMES} games)", mean, "points", 2)
    row("optimal bot mean final score, 95 % interval low", mean - half, "points", 2)
    row("optimal bot mean final score, 95 % interval high", mean + half, "points", 2)
    row(f"optimal bot {OPTIMAL_GAMES} games, wall clock ({os.cpu_count()} processes)",
        seconds, "s", 1)
    return rows


if __name__ == "__main__":
    for r in run():
        print(f"{r['name']:<52} {r['value']:>12} {r['unit']}")
