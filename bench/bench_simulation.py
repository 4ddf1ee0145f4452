"""Validation at scale: games/s per game with 1 and 2 local workers and through a 2-worker
dask ``LocalCluster`` (ratios to 1 worker), and the peak memory of a WFtGtS validation run of
10,000 games (it must stay flat however many games: tallies are streaming aggregates).

Games are the main run of ``printkit validate`` (the kit's validation bot in every seat, no
pairings), played by :func:`printkit.simulation.run_batch`. Peak memory is each run's own
process, reported from inside it (``VmHWM``; :mod:`bench.memory_probe`). 10^5 and 10^6 games
take some 15 minutes of one core: ``make bench-million``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from bench import memory_probe
from bench.common import scaled
from printkit.kits import game_kits
from printkit.simulation import (
    DaskExecutor,
    Executor,
    Job,
    LocalExecutor,
    SerialExecutor,
    run_batch,
)

GAMES = scaled({"wftgts": 1500, "tug-of-war": 1500, "war-pnp": 200, "war-of-bones": 200,
                "pwinch-wars": 30},
               {"wftgts": 4, "tug-of-war": 4, "war-pnp": 4, "war-of-bones": 2, "pwinch-wars": 2})
"""Games per measurement: a few seconds of one core each."""


def _rate(job: Job, executor: Any) -> float:
    run_batch([Job(job.kit, job.lineup, 10**6, 8, job.options)], executor)  # warm the workers
    start = time.perf_counter()
    batch = run_batch([job], executor)
    return batch.games / (time.perf_counter() - start)


def run() -> Iterator[dict[str, Any]]:
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                           host="127.0.0.1", dashboard_address=None)
    executors: dict[str, Executor] = {"1 worker": SerialExecutor(), "2 workers": LocalExecutor(2),
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
    yield from memory_probe.rows(scaled(memory_probe.BENCH_SIZES, (200,)))


if __name__ == "__main__":
    for row in run():
        print(json.dumps(row), flush=True)
