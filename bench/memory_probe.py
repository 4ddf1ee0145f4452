"""Peak memory of a WFtGtS validation run (random bots, :func:`printkit.simulation.run_batch`
in chunks of 2,000 games, as ``printkit validate`` runs them), each size in a fresh process of
its own.

The measured process reports its own high-water mark: at its end the child reads ``VmHWM``
from ``/proc/self/status`` and prints it as JSON. (``getrusage(RUSAGE_SELF).ru_maxrss`` in the
child, or ``RUSAGE_CHILDREN`` in the parent, gives the parent's peak when that was larger: the
forked child starts with the parent's figure.)

    python -m bench.memory_probe 100000 1000000    # make bench-million: about 15 minutes
    python -m bench.memory_probe --child 2000      # one run, one JSON object

``make bench`` measures the small sizes (:data:`BENCH_SIZES`) through
``bench/bench_simulation.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

from bench.common import ROOT, row, vm_hwm_mib

CHUNK = 2000
BENCH_SIZES = (10_000,)
MILLION_SIZES = (100_000, 1_000_000)


def child(games: int) -> dict[str, Any]:
    """Play ``games`` games in this process; its peak memory, read at the end."""
    from printkit.simulation import Job, SerialExecutor, run_batch

    start = time.process_time()
    batch = run_batch([Job("wftgts", ("random", "random"), 0, games, measure=True)],
                      SerialExecutor(), chunk=CHUNK)
    seconds = time.process_time() - start
    assert batch.games == games, (batch.games, games)
    return {"games": games, "seconds": round(seconds, 2), "vm_hwm_mib": round(vm_hwm_mib(), 1)}


def probe(games: int) -> dict[str, Any]:
    """``games`` games in a fresh process (``--child``): what it reported."""
    done = subprocess.run([sys.executable, "-m", "bench.memory_probe", "--child", str(games)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def rows(sizes: Iterable[int]) -> Iterator[dict[str, Any]]:
    for games in sizes:
        found = probe(games)
        yield row(f"validate wftgts {games} games: peak memory of the process (VmHWM)",
                  found["vm_hwm_mib"], "MiB")
        yield row(f"validate wftgts {games} games: CPU seconds (one core)", found["seconds"],
                  "s")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        print(json.dumps(child(int(argv[1]))), flush=True)
        return 0
    for r in rows([int(a) for a in argv] or MILLION_SIZES):
        print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
