"""Seconds per PDF for the WFtGtS blank sheet and the seed example sheet, in-process (CPU
seconds of the bench's process, ``bench/common.py``)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import ROOT, scaled

BLANK_REPEAT = scaled(20, 1)
EXAMPLE_REPEAT = scaled(10, 1)


def _per_call(fn: Callable[[], Any], repeat: int) -> float:
    fn()  # warm up: font registration, imports
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def run() -> list[dict[str, Any]]:
    from printkit.context import BuildContext
    from printkit.engines.core import read_log
    from printkit.kits import get_kit
    from printkit.paper import paper
    from printkit.pipeline import build_kits, draw_example

    build = BuildContext(paper("a4"))
    kit = get_kit("wftgts")
    log = read_log(ROOT / "examples" / "wftgts" / "seed-example.jsonl")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        blank = _per_call(lambda: build_kits("wftgts", build, out, components=["play-sheet"],
                                             echo=lambda _s: None), BLANK_REPEAT)
        example = _per_call(lambda: draw_example(kit, log, build, out / "ex.pdf"), EXAMPLE_REPEAT)
    return [
        {"name": "wftgts blank sheet PDF", "value": round(blank, 4), "unit": "s/PDF"},
        {"name": "wftgts seed example PDF (replay + draw)", "value": round(example, 4),
         "unit": "s/PDF"},
    ]
