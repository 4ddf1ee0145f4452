"""Validation at scale: games/s per game with 1 and 2 local workers and through a 2-worker
dask ``LocalCluster`` (ratios to 1 worker), and the peak memory of 10^5 and 10^6 WFtGtS
games (it must stay flat: tallies are streaming aggregates).

Games are the main run of ``printkit validate`` (the kit's validation bot in every seat, no
pairings), played by :func:`printkit.simulation.run_batch`. Peak memory is each run's own
process (``resource.getrusage`` max RSS, and tracemalloc's peak of Python objects) in a
subprocess. ``BENCH_QUICK=1`` runs 10^4 and 10^5 games instead of 10^5 and 10^6 (the 10^6
run takes some 10 minutes of one core).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

from printkit.kits import game_kits
from printkit.simulation import DaskExecutor, Job, LocalExecutor, SerialExecutor, run_batch

GAMES = {"wftgts": 3000, "tug-of-war": 3000, "war-pnp": 400, "war-of-bones": 200,
         "pwinch-wars": 60}
"""Games per measurement: a few seconds of one core each."""

_MEMORY = """
import json, resource, sys, time, tracemalloc
from printkit.simulation import Job, SerialExecutor, run_batch
tracemalloc.start()
games = int(sys.argv[1])
t0 = time.perf_counter()
batch = run_batch([Job("wftgts", ("random", "random"), 0, games, measure=True)],
                  SerialExecutor(), chunk=2000)
seconds = time.perf_counter() - t0
assert batch.games == games
print(json.dumps({"rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "traced_mib": tracemalloc.get_traced_memory()[1] / 2**20,
                  "seconds": seconds}))
"""


def _rate(job: Job, executor: Any) -> float:
    run_batch([Job(job.kit, job.lineup, 10**6, 8, job.options)], executor)  # warm the workers
    start = time.perf_counter()
    batch = run_batch([job], executor)
    return batch.games / (time.perf_counter() - start)


def _memory(games: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _MEMORY, str(games)], capture_output=True,
                         text=True, check=True).stdout
    return dict(json.loads(out))


def run() -> Iterator[dict[str, Any]]:
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    executors = {"1 worker": SerialExecutor(), "2 workers": LocalExecutor(2),
                 "dask 2 workers": DaskExecutor(cluster.scheduler_address)}
    try:
        for kit in game_kits():
            if kit.validation is None or kit.name not in GAMES:
                continue
            game = kit.game()
            job = Job(kit.name, (kit.validation.bot,) * game.info.default_players, 0,
                      GAMES[kit.name], measure=True)
            rates = {name: _rate(job, ex) for name, ex in executors.items()}
            for name, rate in rates.items():
                yield {"name": f"validate {kit.name}: games/s, {name}", "value": round(rate, 1),
                       "unit": "games/s"}
                if name != "1 worker":
                    yield {"name": f"validate {kit.name}: {name} / 1 worker",
                           "value": round(rate / rates["1 worker"], 2), "unit": "ratio"}
    finally:
        for ex in executors.values():
            ex.close()
        cluster.close()
    sizes = (10**4, 10**5) if os.environ.get("BENCH_QUICK") else (10**5, 10**6)
    for games in sizes:
        found = _memory(games)
        yield {"name": f"validate wftgts {games} games: peak RSS", "value":
               round(found["rss_mib"], 1), "unit": "MiB"}
        yield {"name": f"validate wftgts {games} games: peak traced Python memory",
               "value": round(found["traced_mib"], 2), "unit": "MiB"}


if __name__ == "__main__":
    for row in run():
        print(json.dumps(row), flush=True)
