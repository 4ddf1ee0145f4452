"""The bench prints what ``make bench`` promises (one JSON object per line: name, value, unit),
its memory figure is the measured process's own peak, and a peer tool that is not installed is
said to be missing rather than given a number. Figures themselves are never asserted: speed is
measured by ``make bench``, not tested. Each module runs in quick mode (``BENCH_QUICK=1``)."""

from __future__ import annotations

import doctest
import importlib
import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUICK = {**os.environ, "BENCH_QUICK": "1"}


def _python(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env or QUICK,
                          capture_output=True, text=True, timeout=120)


def _bench_module(name: str) -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module(name)


def test_bench_modules_print_one_json_object_per_line() -> None:
    done = _python("-m", "bench.run", "tug_of_war", "pwinch_wars_los", "war_pnp")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) > 10
    for line in lines:
        obj = json.loads(line)
        assert list(obj) == ["name", "value", "unit"], line
        assert isinstance(obj["name"], str) and isinstance(obj["unit"], str), line
        assert obj["value"] is None or isinstance(obj["value"], int | float), line
    assert json.loads(lines[-1])["name"].startswith("wall time of bench")


def test_an_unknown_bench_module_is_one_line_and_exit_2() -> None:
    done = _python("-m", "bench.run", "no_such_module")
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "no_such_module" in done.stderr


def test_the_memory_figure_is_the_measured_process_s_own_peak() -> None:
    # a parent with a peak far above the child's: the old figure (the child's ru_maxrss,
    # inherited through fork) reported the parent's; VmHWM starts again at exec
    parent = (
        "import json\n"
        "ballast = b'x' * (384 << 20)\n"
        "from bench.memory_probe import probe\n"
        "print(json.dumps(probe(60)))\n"
    )
    done = _python("-c", parent)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["games"] == 60
    assert 10 < found["vm_hwm_mib"] < 300, found


def test_a_peer_tool_that_is_missing_is_reported_not_measured(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    common = _bench_module("bench.common")
    monkeypatch.delenv("PROTOGRAF_PYTHON", raising=False)
    python, why = common.peer_python("protograf")
    assert python is None and "make bench-peers" in why
    monkeypatch.setenv("PROTOGRAF_PYTHON", str(ROOT / "no-such-python"))
    python, why = common.peer_python("protograf")
    assert python is None and "does not exist" in why
    if find_spec("protograf") is None:  # printkit's own venv holds no protograf
        monkeypatch.setenv("PROTOGRAF_PYTHON", sys.executable)
        python, why = common.peer_python("protograf")
        assert python is None and "not installed" in why


@pytest.mark.parametrize("name", ["bench.common", "bench.bench_production"])
def test_bench_doctests(name: str) -> None:
    module = _bench_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner()
    for test in finder.find(module, name):
        runner.run(test)
    assert runner.failures == 0
