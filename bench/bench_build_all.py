"""Wall seconds of ``printkit build all`` (A4, home profile) as a user runs it: a fresh
process each time, imports and font registration included; the faster of two runs (a first
run that fills cold font and table caches is the slower one, and the machine is shared).

And the sheets of paper each kit takes on each paper (home profile, small components sharing
sheets): what a player feeds the printer. A4 is counted on the timed builds' own kits; the
other papers are built afterwards in a pool of processes (counts, not times)."""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import fastest, row, scaled, timed

PAPERS = ("a4", "letter", "a3", "tabloid")
RUNS = scaled(2, 1)


def run() -> list[dict[str, Any]]:
    from printkit.kits import kits

    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(RUNS):
            out = Path(tmp) / str(i)
            times.append(timed([sys.executable, "-m", "printkit", "build", "all", "--out",
                                str(out)]))
        best = fastest(times)
        what = f"printkit build all (A4, warm caches, whole process; {len(kits())} kits)"
        rows = [row(what, round(best.wall, 3), "s"),
                row(f"{what}, CPU", round(best.cpu, 3), "s")]
        rows += _sheets("a4", out)
    with ProcessPoolExecutor(max_workers=min(len(PAPERS) - 1, os.cpu_count() or 1)) as pool:
        for found in pool.map(sheets, PAPERS[1:]):
            rows += found
    return rows


def _sheets(paper_name: str, out: Path) -> list[dict[str, Any]]:
    from printkit.kits import kits
    from printkit.layout.assembly import sheet_count

    return [row(f"sheets: {kit} kit ({paper_name}, home)", sheet_count(kit_pdf(out / kit)),
                "sheets") for kit in sorted(kits())]


def kit_pdf(folder: Path) -> Path:
    """The kit PDF a build wrote into a game's folder (``GAME-kit….pdf``)."""
    found = sorted(folder.glob(f"{folder.name}-kit*.pdf"))
    assert len(found) == 1, found
    return found[0]


def sheets(paper_name: str) -> list[dict[str, Any]]:
    """One figure per kit on ``paper_name``: the sheets its kit PDF prints on."""
    from printkit.context import BuildContext
    from printkit.paper import paper
    from printkit.pipeline import build_kits

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build_kits("all", BuildContext(paper(paper_name)), out, echo=lambda _s: None)
        return _sheets(paper_name, out)
