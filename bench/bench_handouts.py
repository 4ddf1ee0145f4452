"""Batch handouts: every handout of every game in English and Japanese on A4, as ``printkit
handouts all --locales en,ja`` runs it (a fresh process, the process pool included), with 1
and with 2 worker processes; their ratio; and pages per second with 2 workers.

English and Japanese are the cheapest and the dearest language to print (the Japanese font is
the largest); each of the other six costs about what English does, so the whole batch of 8
languages takes about four times as long, too long for ``make bench``. First the WFtGtS
handouts in both languages fill the font and table caches if they were cold, then each batch
runs once (the README gives the fastest of several bench runs). Letter doubles the work and
changes nothing measured here.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.common import QUICK, Timed, row, timed

LOCALES = "en,ja"


def _batch(out: Path, jobs: int, names: str = "all") -> tuple[Timed, int, int]:
    """Times, pages and files of one batch."""
    locales = "en" if QUICK else LOCALES
    names = "dice" if QUICK else names
    found = timed([sys.executable, "-m", "printkit", "handouts", names, "--locales", locales,
                   "--paper", "a4", "--out", str(out), "--jobs", str(jobs)])
    files = json.loads((out / "manifest.json").read_text())["files"]
    return found, sum(f["pages"] for f in files), len(files)


def run() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        _batch(d / "warm", 2, names="wftgts")
        one, pages, files = _batch(d / "one", 1)
        two, _pages, _files = _batch(d / "two", 2)
        same = (d / "one" / "manifest.json").read_bytes() == (
            d / "two" / "manifest.json").read_bytes()
    what = f"handouts all x {LOCALES} x a4 ({files} files, {pages} pages)"
    return [
        row(f"{what}, 1 job (whole process)", round(one.wall, 2), "s"),
        row(f"{what}, 2 jobs (whole process)", round(two.wall, 2), "s"),
        row("handouts 1-job / 2-job wall time", round(one.wall / two.wall, 2), "x"),
        row(f"{what}, 1 job, CPU", round(one.cpu, 2), "s"),
        row(f"{what}, 2 jobs, CPU (the process and its workers)", round(two.cpu, 2), "s"),
        row("handouts pages per second, 2 jobs", round(pages / two.wall, 1), "pages/s"),
        row("handouts pages in the batch", pages, "pages"),
        row("handouts batch identical with 1 and 2 jobs", int(same), "bool"),
    ]


if __name__ == "__main__":
    for r in run():
        print(json.dumps(r), flush=True)
