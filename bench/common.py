"""Helpers shared by the bench modules: whole-process timing, a process's own peak memory,
the peer tools a figure is compared with, and the quick mode of the bench's own test.

Two clocks, one per kind of figure, and a comparison always uses the same one on both sides:

* work done inside the bench's process on one core (games/s, calls/s, seconds per PDF) is
  timed in the process's CPU time (``time.process_time``): on a shared machine the time it
  waited for a core is not its cost;
* a whole process as a user runs it (``printkit build all``, a peer tool) and work spread over
  several processes (pools, dask) are timed on the wall clock, the fastest of several runs
  where the bench can afford it: other work only ever slows a run down. A whole process's
  CPU seconds (its own and its workers') are given beside its wall time: on a busy machine
  they are disturbed less than the wall time is. Two commands compared with each other are
  run in turns (A B A B …), so both see the same machine, and compared on both clocks.
"""

from __future__ import annotations

import os
import resource
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent

QUICK = bool(os.environ.get("BENCH_QUICK"))
"""``BENCH_QUICK=1``: every module measures a token amount, to check that it runs and what it
prints (``tests/test_bench.py``); its figures mean nothing."""


def scaled(full: T, quick: T) -> T:
    """``full``, or ``quick`` in quick mode."""
    return quick if QUICK else full


def vm_hwm_mib(status: str | None = None) -> float:
    """This process's own peak resident memory (``VmHWM`` of ``/proc/self/status``), in MiB.

    Unlike ``getrusage(...).ru_maxrss``, it is not carried over from the parent that forked
    the process: it starts again at ``exec``.

    >>> vm_hwm_mib("Name:\\tpython\\nVmHWM:\\t  122880 kB\\nVmRSS:\\t  1024 kB\\n")
    120.0
    """
    text = status if status is not None else Path("/proc/self/status").read_text()
    for line in text.splitlines():
        if line.startswith("VmHWM:"):
            value, unit = line.split()[1:3]
            assert unit == "kB", line
            return int(value) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


class Timed(NamedTuple):
    """One run of a whole process: wall seconds, and the CPU seconds (user + system) of the
    process and of every process it waited for (a pool's workers)."""

    wall: float
    cpu: float


def timed(cmd: Sequence[str], *, cwd: Path | str = ROOT) -> Timed:
    """One run of ``cmd`` as a whole process (start-up included); a failing command raises
    with its stderr. The CPU figure is the rise of this process's ``RUSAGE_CHILDREN``, so
    nothing else may be waited for meanwhile (the bench starts one command at a time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(seconds, cpu)


def fastest(runs: Sequence[Timed]) -> Timed:
    """The least wall time and the least CPU time of several runs of one command (other
    work on the machine only ever adds to either)."""
    return Timed(min(r.wall for r in runs), min(r.cpu for r in runs))


def interleaved(cmds: Mapping[str, tuple[Sequence[str], Path | str]], runs: int, *,
                warm: int = 1) -> dict[str, list[Timed]]:
    """Runs of each command (``name: (argv, working folder)``), in turns, ``runs`` times
    after ``warm`` untimed rounds (caches filled, files in the page cache)."""
    times: dict[str, list[Timed]] = {name: [] for name in cmds}
    for i in range(warm + runs):
        names = list(cmds) if i % 2 == 0 else list(cmds)[::-1]
        for name in names:
            argv, cwd = cmds[name]
            found = timed(argv, cwd=cwd)
            if i >= warm:
                times[name].append(found)
    return times


def peer_python(tool: str) -> tuple[str | None, str]:
    """The Python that runs ``tool`` (a peer tool a figure is compared with, in a virtual
    environment of its own: ``make bench-peers``; ``TOOL_PYTHON`` names it) and the tool's
    version, or ``None`` and the reason it cannot be measured."""
    var = f"{tool.upper()}_PYTHON"
    python = os.environ.get(var)
    if not python:
        return None, f"{var} is not set (make bench-peers installs {tool})"
    if not Path(python).exists():
        return None, f"{var}={python} does not exist (make bench-peers installs {tool})"
    found = subprocess.run(
        [python, "-c", f"import importlib.metadata as m; print(m.version({tool!r}))"],
        capture_output=True, text=True)
    if found.returncode:
        return None, f"{tool} is not installed in {python} (make bench-peers installs it)"
    return python, found.stdout.strip()


def row(name: str, value: Any, unit: str) -> dict[str, Any]:
    return {"name": name, "value": value, "unit": unit}
