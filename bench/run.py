"""Run every ``bench/bench_*.py`` and print one JSON object per line: name, value, unit.

Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys

import bench


def main(argv: list[str]) -> int:
    wanted = set(argv)
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        if wanted and info.name not in wanted and info.name.removeprefix("bench_") not in wanted:
            continue
        module = importlib.import_module(f"bench.{info.name}")
        for row in module.run():
            print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
