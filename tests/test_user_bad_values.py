"""Values a user gives that the commands used to take wrongly (issue 25, items 7, 9 and 10):
each is refused in one line with exit code 2, and a failed write names the user's file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from conftest import Cli

ROOT = Path(__file__).resolve().parent.parent


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize(("args", "says"), [
    (("preview", "{pdf}", "--dpi", "nan", "--out", "{tmp}/p"), "between 10 and 1200 dpi"),
    (("preview", "{pdf}", "--dpi", "1e-300", "--out", "{tmp}/p"), "between 10 and 1200 dpi"),
    (("preview", "{pdf}", "--dpi", "inf", "--out", "{tmp}/p"), "between 10 and 1200 dpi"),
    (("play", "wftgts", "--players", "1", "--bot", "greedy", "--bot", "random"),
     "2 --bot values for 1 player"),
    (("validate", "wftgts", "--players", "0"), "--players must be a positive number"),
    (("build", "dice", "--out", ""), "--out names no folder"),
    (("play", "wftgts", "--log", "{tmp}"), "is a folder"),
    (("replay", "wftgts", "/dev/null"), "/dev/null is not a regular file"),
    (("example", "wftgts", "/dev/null", "--out", "{tmp}/p/e.pdf"),
     "/dev/null is not a regular file"),
    (("replay", "wftgts", "{tmp}/missing.jsonl"), "no such file: "),
])
def test_a_value_out_of_range_is_one_line(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                          says: str) -> None:
    pdf = tmp_path / "one.pdf"
    assert cli("calibrate", "--out", str(pdf)).code == 0
    filled = [a.format(pdf=pdf, tmp=tmp_path) for a in args]
    r = cli(*filled)
    assert r.code == 2 and says in _one_line(r.err), r.err
    assert not (tmp_path / "p").exists()


def test_a_full_disk_names_the_users_file_and_leaves_nothing(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    target = tmp_path / "game.jsonl"
    r = cli("play", "wftgts", "--seed", "1", "--log", str(target))
    line = _one_line(r.err)
    assert r.code == 2 and str(target) in line and "No space left on device" in line, line
    assert list(tmp_path.iterdir()) == []  # neither the log nor a temporary file
