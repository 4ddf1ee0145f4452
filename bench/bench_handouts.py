"""Batch handouts: every handout of every game in every shipped language on A4 and Letter,
as ``printkit handouts all`` runs it (a fresh process, the process pool included), with 1
and with 2 worker processes; their ratio; and pages per second with 2 workers."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _batch(out: Path, jobs: int) -> tuple[float, int]:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "handouts", "all", "--locales", "all",
                    "--paper", "a4,letter", "--out", str(out), "--jobs", str(jobs)],
                   check=True, capture_output=True)
    seconds = time.perf_counter() - start
    files = json.loads((out / "manifest.json").read_text())["files"]
    return seconds, sum(f["pages"] for f in files)


def run() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        _batch(Path(tmp) / "warm", 2)  # fills the font caches
        one, pages = _batch(Path(tmp) / "one", 1)
        two, _pages = _batch(Path(tmp) / "two", 2)
        same = (Path(tmp) / "one" / "manifest.json").read_bytes() == (
            Path(tmp) / "two" / "manifest.json").read_bytes()
    return [
        {"name": "handouts all locales x a4,letter, 1 job (whole process)",
         "value": round(one, 2), "unit": "s"},
        {"name": "handouts all locales x a4,letter, 2 jobs (whole process)",
         "value": round(two, 2), "unit": "s"},
        {"name": "handouts 1-job / 2-job wall time", "value": round(one / two, 2),
         "unit": "x"},
        {"name": "handouts pages per second, 2 jobs", "value": round(pages / two, 1),
         "unit": "pages/s"},
        {"name": "handouts pages in the batch", "value": pages, "unit": "pages"},
        {"name": "handouts batch identical with 1 and 2 jobs", "value": int(same),
         "unit": "bool"},
    ]
