"""Seconds per PDF for the WFtGtS blank sheet and the seed example sheet, in-process."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _per_call(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    fn()  # warm up: font registration, imports
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def run() -> list[dict]:
    import printkit.engines
    from printkit.engines.core import read_log, replay
    from printkit.templates.wftgts import draw_play_sheet
    from printkit.templates.wftgts.example import draw_example

    from printkit.context import BuildContext
    from printkit.paper import paper

    ctx = BuildContext(paper("a4"))
    game = printkit.engines.get_game("wftgts")
    log = read_log(ROOT / "examples" / "wftgts" / "seed-example.jsonl")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        blank = _per_call(lambda: draw_play_sheet(ctx, out / "sheet.pdf"), 20)
        example = _per_call(
            lambda: draw_example(replay(game, log, keep_steps=True), ctx, out / "ex.pdf"), 10)
    return [
        {"name": "wftgts blank sheet PDF", "value": round(blank, 4), "unit": "s/PDF"},
        {"name": "wftgts seed example PDF (replay + draw)", "value": round(example, 4),
         "unit": "s/PDF"},
    ]
