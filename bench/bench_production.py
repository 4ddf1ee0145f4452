"""Print production figures: imposition cost over plain ReportLab, ``printkit deck`` as a whole
process, and kit PDF bytes per page.

    .venv/bin/python -m bench.run production
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "decks" / "sample.csv"
CARDS = 200


def _front(c, x, y, w, h, i):  # type: ignore[no-untyped-def]
    from printkit.fonts import font

    c.roundRect(x + 5, y + 5, w - 10, h - 10, 7)
    c.setFont(font("sans-bold"), 12)
    c.drawCentredString(x + w / 2, y + h - 24, f"Card {i + 1}")
    c.setFont(font("sans"), 8)
    c.drawCentredString(x + w / 2, y + h / 2, "Move one runner two spaces.")


def _back(c, x, y, w, h, i):  # type: ignore[no-untyped-def]
    from printkit.fonts import font

    c.roundRect(x + 5, y + 5, w - 10, h - 10, 7)
    c.setFont(font("sans-bold"), 18)
    c.drawCentredString(x + w / 2, y + h / 2, "RUN!")


def _impose(out: Path) -> list:  # type: ignore[type-arg]
    from printkit.context import BuildContext
    from printkit.paper import paper
    from printkit.production.impose import impose

    ctx = BuildContext(paper=paper("a4"))
    return list(impose([_front] * CARDS, "poker", ctx, out, backs=_back).placements)


def _plain(out: Path, placements: list) -> None:  # type: ignore[type-arg]
    """The same rectangles and text on the same pages, straight ReportLab."""
    from printkit.fonts import font
    from printkit.paper import paper
    from printkit.pdf import open_canvas

    pages: dict[int, list] = {}  # type: ignore[type-arg]
    for p in placements:
        pages.setdefault(p.page, []).append(p)
    with open_canvas(out, paper("a4")) as c:
        for page in sorted(pages):
            for p in pages[page]:
                (_front if p.side == "front" else _back)(c, p.x, p.y, p.w, p.h, p.index)
                if p.side == "front":
                    c.rect(p.x, p.y, p.w, p.h)
            c.showPage()
        del font


def _median(fn, n: int = 5) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run() -> list[dict]:  # type: ignore[type-arg]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        placements = _impose(d / "warm.pdf")  # warm fonts and imports
        _plain(d / "warm2.pdf", placements)
        t_impose = _median(lambda: _impose(d / "a.pdf"))
        t_plain = _median(lambda: _plain(d / "b.pdf", placements))
        rows.append({"name": "impose_200_poker_cards_duplex", "value": round(t_impose, 4),
                     "unit": "s"})
        rows.append({"name": "impose_overhead_vs_plain_reportlab",
                     "value": round(t_impose / t_plain, 3), "unit": "ratio"})

        cmd = [sys.executable, "-m", "printkit", "deck", str(SAMPLE), "--back", "RUN!",
               "--paper", "a4", "--out", str(d / "deck.pdf")]
        walls = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True)
            walls.append(time.perf_counter() - t)
        rows.append({"name": "deck_18_cards_with_backs_a4_process", "value":
                     round(statistics.median(walls), 3), "unit": "s"})

        from printkit.context import BuildContext
        from printkit.paper import paper
        from printkit.production import dice
        from printkit.production.kit import assemble
        from printkit.production.tile import tile

        ctx = BuildContext(paper=paper("a4"))
        dice_pdf = dice.draw_preset(dice.PRESETS["wftgts"], ctx, d / "dice.pdf")

        def mat(c, w, h):  # type: ignore[no-untyped-def]
            for i in range(10):
                c.line(i * w / 9, 0, i * w / 9, h)
                c.line(0, i * h / 9, w, i * h / 9)
        tile(mat, 228.6, 228.6, ctx, d / "mat.pdf", title="Mat")
        kit = assemble("Bench kit", [("Deck", d / "deck.pdf"), ("Dice", dice_pdf),
                                     ("Mat", d / "mat.pdf")], d / "kit.pdf", ctx)
        from pypdf import PdfReader

        pages = len(PdfReader(str(kit)).pages)
        rows.append({"name": "kit_pdf_bytes_per_page",
                     "value": round(kit.stat().st_size / pages), "unit": "B/page"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
