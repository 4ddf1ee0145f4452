"""Wall seconds of ``printkit build all`` (A4, home profile) as a user runs it: a fresh
process each time, imports and font registration included; the median of five runs."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any


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
             "value": round(statistics.median(times), 3), "unit": "s"}]
