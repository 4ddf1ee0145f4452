"""The whole Pwinch Wars kit for ``make bench``: ``printkit build pwinch-wars`` on A4 (every
component, the kit PDF, home profile) as a user runs it, a fresh process each time, imports
and font registration included; the median of three runs after one that fills the caches.
Also the pages it writes and the bytes per page of the component PDFs and of the kit PDF.

Run directly: ``python -m bench.bench_pwinch_wars_kit`` (one JSON object per line).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pypdf import PdfReader

RUNS = 3


def run() -> list[dict[str, Any]]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(RUNS + 1):
            out = Path(tmp) / str(i)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printkit", "build", "pwinch-wars", "--out",
                            str(out)], check=True, capture_output=True)
            if i:  # the first run fills the font caches
                times.append(time.perf_counter() - start)
        folder = out / "pwinch-wars"
        kit = folder / "pwinch-wars-kit.pdf"
        parts = [p for p in sorted(folder.glob("*.pdf")) if p != kit]
        pages = sum(len(PdfReader(str(p)).pages) for p in parts)
        size = sum(p.stat().st_size for p in parts)
        kit_pages = len(PdfReader(str(kit)).pages)
        kit_size = kit.stat().st_size
    seconds = statistics.median(times)
    return [
        {"name": "printkit build pwinch-wars (A4, all components and the kit PDF, whole "
                 "process, warm caches)", "value": round(seconds, 2), "unit": "s"},
        {"name": "pwinch-wars components: pages", "value": pages, "unit": "pages"},
        {"name": "pwinch-wars build: seconds per component page",
         "value": round(seconds / pages, 3), "unit": "s/page"},
        {"name": "pwinch-wars components: bytes per page", "value": round(size / pages),
         "unit": "bytes/page"},
        {"name": "pwinch-wars kit PDF: bytes per page", "value": round(kit_size / kit_pages),
         "unit": "bytes/page"},
    ]


if __name__ == "__main__":
    for row in run():
        print(json.dumps(row), flush=True)
