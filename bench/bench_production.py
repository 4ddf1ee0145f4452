"""Print production figures: imposition cost over plain ReportLab, ``printkit deck`` as a whole
process, and kit PDF bytes per page.

    .venv/bin/python -m bench.run production

The imposition ratio is paired: each run of the imposer is timed next to a run of the plain
ReportLab loop (which goes first alternates), and the figure is the median of the per-pair
ratios, so one run slowed by the machine moves one pair, not the whole figure; both sides
are timed in CPU seconds of the bench's process. ``printkit deck`` is timed on the wall
clock as a whole process, the fastest of three runs after one warm-up (``bench/common.py``).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printkit.layout.impose import Placement

from bench.common import ROOT, fastest, scaled, timed

SAMPLE = ROOT / "examples" / "decks" / "sample.csv"
CARDS = scaled(200, 10)
PAIRS = scaled(5, 1)
DECK_RUNS = scaled(3, 1)


def _front(c: Canvas, x: float, y: float, w: float, h: float, i: int) -> None:
    from printkit.fonts import FontRole, font

    c.roundRect(x + 5, y + 5, w - 10, h - 10, 7)
    c.setFont(font(FontRole.SANS_BOLD, "en"), 12)
    c.drawCentredString(x + w / 2, y + h - 24, f"Card {i + 1}")
    c.setFont(font(FontRole.SANS, "en"), 8)
    c.drawCentredString(x + w / 2, y + h / 2, "Move one runner two spaces.")


def _back(c: Canvas, x: float, y: float, w: float, h: float, i: int) -> None:
    from printkit.fonts import FontRole, font

    c.roundRect(x + 5, y + 5, w - 10, h - 10, 7)
    c.setFont(font(FontRole.SANS_BOLD, "en"), 18)
    c.drawCentredString(x + w / 2, y + h / 2, "RUN!")


def _impose(out: Path) -> list[Placement]:
    from printkit.context import BuildContext
    from printkit.layout.impose import impose
    from printkit.paper import paper
    from printkit.pipeline import drawing

    with drawing(BuildContext(paper=paper("a4"))) as ctx:
        return list(impose([_front] * CARDS, "poker", ctx, out, backs=_back).placements)


def _plain(out: Path, placements: list[Placement]) -> None:
    """The same rectangles and text on the same pages, straight ReportLab (a bare canvas,
    no safe-area tracking: what printkit's imposition is measured against)."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.paper import paper

    pages: dict[int, list[Placement]] = {}
    for p in placements:
        pages.setdefault(p.page, []).append(p)
    c = Canvas(str(out), pagesize=paper("a4").size, invariant=1, pageCompression=1)
    for page in sorted(pages):
        for p in pages[page]:
            (_front if p.side == "front" else _back)(c, p.x, p.y, p.w, p.h, p.index)
            if p.side == "front":
                c.rect(p.x, p.y, p.w, p.h)
        c.showPage()
    c.save()


def _timed(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def paired(a: Callable[[], object], b: Callable[[], object], pairs: int = PAIRS
           ) -> tuple[list[float], list[float]]:
    """Times of ``a`` and of ``b``, run side by side ``pairs`` times; which of the two goes
    first alternates, so neither always runs on a warmer (or busier) machine."""
    times_a, times_b = [], []
    for i in range(pairs):
        if i % 2 == 0:
            times_a.append(_timed(a))
            times_b.append(_timed(b))
        else:
            times_b.append(_timed(b))
            times_a.append(_timed(a))
    return times_a, times_b


def paired_ratio(times_a: list[float], times_b: list[float]) -> float:
    """The median of the per-pair ratios a / b.

    >>> paired_ratio([2.0, 2.2, 9.0], [1.0, 1.1, 1.0])  # one slow run of a moves one pair
    2.0
    """
    return statistics.median(ta / tb for ta, tb in zip(times_a, times_b, strict=True))


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        placements = _impose(d / "warm.pdf")  # warm fonts and imports
        _plain(d / "warm2.pdf", placements)
        t_impose, t_plain = paired(lambda: _impose(d / "a.pdf"),
                                   lambda: _plain(d / "b.pdf", placements))
        rows.append({"name": "impose_200_poker_cards_duplex",
                     "value": round(statistics.median(t_impose), 4), "unit": "s"})
        rows.append({"name": "impose_overhead_vs_plain_reportlab",
                     "value": round(paired_ratio(t_impose, t_plain), 3), "unit": "ratio"})

        cmd = [sys.executable, "-m", "printkit", "deck", str(SAMPLE), "--back", "RUN!",
               "--paper", "a4", "--out", str(d / "deck.pdf")]
        best = fastest([timed(cmd) for _ in range(DECK_RUNS + 1)][1:])  # the first warms up
        rows.append({"name": "deck_18_cards_with_backs_a4_process", "value":
                     round(best.wall, 3), "unit": "s"})
        rows.append({"name": "deck_18_cards_with_backs_a4_process, CPU", "value":
                     round(best.cpu, 3), "unit": "s"})

        from pypdf import PdfReader

        from printkit.context import BuildContext
        from printkit.drawing import dice
        from printkit.layout.assembly import assemble
        from printkit.layout.tile import tile
        from printkit.paper import paper
        from printkit.pipeline import drawing
        from printkit.templates.dice import games as dice_games

        def mat(c: Canvas, w: float, h: float) -> None:
            for i in range(10):
                c.line(i * w / 9, 0, i * w / 9, h)
                c.line(0, i * h / 9, w, i * h / 9)

        with drawing(BuildContext(paper=paper("a4"))) as ctx:
            dice_pdf = dice.draw_preset(dice_games.preset("wftgts"), ctx, d / "dice.pdf")
            tile(mat, 228.6, 228.6, ctx, d / "mat.pdf", title="Mat")
            kit = assemble("Bench kit", [("Deck", d / "deck.pdf"), ("Dice", dice_pdf),
                                         ("Mat", d / "mat.pdf")], d / "kit.pdf", ctx)
        pages = len(PdfReader(str(kit)).pages)
        rows.append({"name": "kit_pdf_bytes_per_page",
                     "value": round(kit.stat().st_size / pages), "unit": "B/page"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(json.dumps({"name": row["name"], "value": row["value"], "unit": row["unit"]}),
              flush=True)
