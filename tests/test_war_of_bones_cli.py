"""``--die-size MM`` through every command that takes it: build (the ruler of that die), play
(the log's header carries it, so the game replays anywhere), validate (the same capacities,
with games played at that size) and the refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from printkit.cli import main
from printkit.engines.core import parse_log, replay
from printkit.engines.war_of_bones import WarOfBones

MM = 72 / 25.4


def test_build_prints_the_ruler_of_the_die_size_given(tmp_path: Path) -> None:
    assert main(["build", "war-of-bones", "--die-size", "17.5", "--component", "range-ruler",
                 "--out", str(tmp_path)]) == 0
    with pdfplumber.open(tmp_path / "war-of-bones" / "range-ruler.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "17.5 mm" in text


def test_play_carries_the_die_size_in_the_log_and_replays_it(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert main(["play", "war-of-bones", "--die-size", "19", "--seed", "3", "--bot",
                 "heuristic", "--log", str(log)]) == 0
    parsed = parse_log(log.read_text())
    assert parsed.header.options["die_size_mm"] == 19
    state = replay(WarOfBones(), parsed).state
    assert state.rules.die_size_mm == 19
    assert state.is_terminal()


def test_validate_plays_at_the_die_size_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "war-of-bones", "--games", "4", "--die-size", "12",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out.splitlines()[0])
    names = {c["name"] for c in report["capacities"]}
    assert {"ruler die widths", "troops per player", "supply track", "play area side",
            "turns in the example booklet"} == names
    assert report["ok"] is True


@pytest.mark.parametrize(("args", "message"), [
    (["play", "war-of-bones", "--die-size", "3"], "--die-size 3"),
    (["play", "war-pnp", "--die-size", "16"], "takes no --die-size"),
    (["validate", "all", "--die-size", "16"], "applies to one game"),
])
def test_a_die_size_that_cannot_be_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["null", "true", '"x"', '"16"', "[]", "{}"])
def test_a_die_size_that_is_no_number_is_one_line_and_exit_2(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It once reached ``float(None)``: a TypeError traceback and exit 1."""
    assert main(["play", "war-of-bones", "--option", f"die_size_mm={value}"]) == 2
    err = capsys.readouterr().err
    assert "die_size_mm must be a number of millimetres from 8 to 20" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
