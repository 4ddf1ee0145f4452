"""Run every ``bench/bench_*.py`` and print one JSON object per line: name, value, unit.

    python -m bench.run                      # make bench: every module, about 4 minutes
    python -m bench.run handouts wftgts_print   # some modules (``bench_`` may be left off)

The last line is the wall time of the whole run. Speed is measured here, never asserted in
tests. ``BENCH_QUICK=1`` measures token amounts (``tests/test_bench.py``: the output's shape,
not its figures). The peak memory of 10^5 and 10^6 games is ``make bench-million``
(:mod:`bench.memory_probe`).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import time

import bench


def modules() -> list[str]:
    """The bench modules, in the order they run."""
    return sorted(m.name for m in pkgutil.iter_modules(bench.__path__)
                  if m.name.startswith("bench_"))


def main(argv: list[str]) -> int:
    wanted = set(argv)
    known = modules()
    unknown = {w for w in wanted if w not in known and f"bench_{w}" not in known}
    if unknown:
        print(f"unknown bench module(s): {', '.join(sorted(unknown))}; known: "
              f"{', '.join(m.removeprefix('bench_') for m in known)}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    for name in known:
        if wanted and name not in wanted and name.removeprefix("bench_") not in wanted:
            continue
        module = importlib.import_module(f"bench.{name}")
        for row in module.run():
            print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
                  flush=True)
    what = "the whole bench" if not wanted else f"bench {' '.join(sorted(wanted))}"
    print(json.dumps({"name": f"wall time of {what}",
                      "value": round(time.perf_counter() - start, 1), "unit": "s"}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
