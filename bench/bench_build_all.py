"""Wall seconds of ``printkit build all`` (A4, home profile) as a user runs it: a fresh
process each time, imports and font registration included; the median of five runs. And the
sheets of paper each kit takes on each paper (home profile, small components sharing sheets):
what a player feeds the printer."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PAPERS = ("a4", "letter", "a3", "tabloid")


def run() -> list[dict[str, Any]]:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(6):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printkit", "build", "all", "--out",
                            f"{tmp}/{i}"], check=True, capture_output=True)
            if i:  # the first run fills the font and table caches
                times.append(time.perf_counter() - start)
    return [{"name": "printkit build all (A4, warm caches, whole process)",
             "value": round(statistics.median(times), 3), "unit": "s"}, *sheets()]


def sheets() -> list[dict[str, Any]]:
    """One figure per kit per paper: the sheets its kit PDF prints on."""
    from printkit.context import BuildContext
    from printkit.kits import kits
    from printkit.paper import paper
    from printkit.pipeline import build_kits
    from printkit.production.kit import sheet_count

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in PAPERS:
            out = Path(tmp) / name
            build_kits("all", BuildContext(paper(name)), out, echo=lambda _s: None)
            for kit in sorted(kits()):
                rows.append({"name": f"sheets: {kit} kit ({name}, home)",
                             "value": sheet_count(out / kit / f"{kit}-kit.pdf"),
                             "unit": "sheets"})
    return rows
