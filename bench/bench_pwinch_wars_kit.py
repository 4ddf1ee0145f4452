"""The whole Pwinch Wars kit for ``make bench``: ``printkit build pwinch-wars`` on A4 (every
component, the kit PDF, home profile) as a user runs it, a fresh process each time, imports
and font registration included; the faster of two runs (a first run that fills cold caches is
the slower one).
Also the pages it writes and the bytes per page of the component PDFs and of the kit PDF.

Run directly: ``python -m bench.bench_pwinch_wars_kit`` (one JSON object per line).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from bench.bench_build_all import kit_pdf
from bench.common import fastest, scaled, timed

RUNS = scaled(2, 1)


def run() -> list[dict[str, Any]]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(RUNS):
            out = Path(tmp) / str(i)
            times.append(timed([sys.executable, "-m", "printkit", "build", "pwinch-wars",
                                "--out", str(out)]))
        folder = out / "pwinch-wars"
        kit = kit_pdf(folder)
        parts = [p for p in sorted(folder.glob("*.pdf")) if p != kit]
        pages = sum(len(PdfReader(str(p)).pages) for p in parts)
        size = sum(p.stat().st_size for p in parts)
        kit_pages = len(PdfReader(str(kit)).pages)
        kit_size = kit.stat().st_size
    best = fastest(times)
    seconds = best.wall
    what = ("printkit build pwinch-wars (A4, all components and the kit PDF, whole process, "
            "warm caches)")
    return [
        {"name": what, "value": round(seconds, 2), "unit": "s"},
        {"name": f"{what}, CPU", "value": round(best.cpu, 2), "unit": "s"},
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
