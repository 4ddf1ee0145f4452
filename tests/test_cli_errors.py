"""Bad input: one clear line on stderr, exit code 2, no traceback, no half-written file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import Cli, CliResult


def _one_line(r: CliResult) -> str:
    assert r.code == 2, (r.code, r.out, r.err)
    lines = [x for x in r.err.splitlines() if x.strip()]
    assert len(lines) == 1, r.err
    assert "Traceback" not in r.err
    assert lines[0].startswith("printkit: ")
    return lines[0]


def test_unknown_game(cli: Cli) -> None:
    assert "unknown game" in _one_line(cli("play", "chess"))


def test_unknown_bot(cli: Cli) -> None:
    assert "unknown bot" in _one_line(cli("play", "wftgts", "--bot", "genius"))


def test_negative_game_count(cli: Cli) -> None:
    assert "--games" in _one_line(cli("validate", "wftgts", "--games", "-3"))


def test_unknown_option_is_one_line(cli: Cli) -> None:
    _one_line(cli("build", "wftgts", "--colour", "red"))


def test_unknown_paper_and_locale(cli: Cli, tmp_path: Path) -> None:
    assert "paper" in _one_line(cli("build", "wftgts", "--paper", "a9", "--out", str(tmp_path)))
    assert "locale" in _one_line(cli("build", "wftgts", "--locale", "xx_QQ", "--out",
                                     str(tmp_path)))


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_output_folder(cli: Cli, tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    assert "not writable" in _one_line(cli("build", "wftgts", "--out", str(ro)))


def test_output_folder_that_is_a_file(cli: Cli, tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    _one_line(cli("build", "wftgts", "--out", str(f / "sub")))


def test_malformed_log_line_names_the_line(cli: Cli, tmp_path: Path, seed_log: Path) -> None:
    lines = seed_log.read_text().splitlines()
    lines[3] = lines[3][:-4]  # cut a line short: not JSON any more
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    msg = _one_line(cli("replay", "wftgts", str(bad)))
    assert "line 4" in msg and "JSON" in msg


def test_illegal_log_line_names_line_and_rule(cli: Cli, tmp_path: Path, seed_log: Path) -> None:
    lines = seed_log.read_text().splitlines()
    i = next(n for n, x in enumerate(lines) if '"keep"' in x)
    lines[i] = lines[i].replace('"keep": [', '"keep": ["d100", ', 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    msg = _one_line(cli("replay", "wftgts", str(bad)))
    assert f"line {i + 1}" in msg and "d100" in msg


def test_wrong_recorded_result(cli: Cli, tmp_path: Path, seed_log: Path) -> None:
    text = seed_log.read_text().replace("570", "571")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text)
    msg = _one_line(cli("replay", "wftgts", str(bad)))
    assert "571" in msg and "570" in msg


def test_missing_log_file(cli: Cli) -> None:
    assert "no such file" in _one_line(cli("replay", "wftgts", "/nonexistent/log.jsonl"))


def test_failed_example_leaves_no_file(cli: Cli, tmp_path: Path, seed_log: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(seed_log.read_text().replace('"chance": [', '"chance": [99, ', 1))
    out = tmp_path / "ex.pdf"
    _one_line(cli("example", "wftgts", str(bad), "--out", str(out)))
    assert list(tmp_path.iterdir()) == [bad]


def test_replay_json(cli: Cli, seed_log: Path) -> None:
    import json

    r = cli("replay", "wftgts", str(seed_log), "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["finished"] and data["result"]["scores"] == [570]


def test_play_is_reproducible(cli: Cli, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for p in (a, b):
        assert cli("play", "wftgts", "--seed", "9", "--players", "2", "--log", str(p)).code == 0
    assert a.read_bytes() == b.read_bytes()


def test_one_bot_fills_every_seat(cli: Cli) -> None:
    r = cli("play", "tug-of-war", "--bot", "random", "--seed", "2")
    assert r.code == 0, r.err


def test_a_mistyped_command_points_at_the_right_help(cli: Cli) -> None:
    r = cli("bild", "wftgts")
    assert r.code == 2 and r.err.rstrip().endswith("(see 'printkit --help')")
    r = cli("build", "wftgts", "--bogus")
    assert r.code == 2 and r.err.rstrip().endswith("(see 'printkit build --help')")
