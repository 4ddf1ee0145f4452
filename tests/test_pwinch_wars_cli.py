"""Pwinch Wars through the command line: play a scenario, replay its log, validate every
scenario as a variant of its own (one JSON line each), and bad input as one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli

from printkit.engines.pwinch_wars import scenario_ids


def test_play_a_scenario_and_replay_its_log(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "city.jsonl"
    result = cli("play", "pwinch-wars", "--seed", "2", "--bot", "tactical", "--bot", "random",
                 "--option", "scenario=pepin_street", "--log", str(log))
    assert result.code == 0, result.err
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["scenario"] == "pepin_street"
    replayed = cli("replay", "pwinch-wars", str(log), "--json")
    assert replayed.code == 0, replayed.err
    summary = json.loads(replayed.out)
    assert summary["finished"] and len(summary["result"]["scores"]) == 2


def test_validate_json_gives_one_line_per_scenario(cli: Cli) -> None:
    result = cli("validate", "pwinch-wars", "--games", "2", "--seed", "4", "--json",
                 "--pair-games", "0")
    assert result.code == 0, result.err
    lines = [json.loads(line) for line in result.out.splitlines() if line.strip()]
    assert [line["variant"] for line in lines] == list(scenario_ids())
    players = {line["variant"]: line["players"] for line in lines}
    assert players["three_gangs"] == 3 and players["forest_skirmish"] == 2
    for line in lines:
        assert line["ok"], line
        names = {c["name"] for c in line["capacities"]}
        assert {"hidden markers per team", "turn chart slots", "event cards that fit"} <= names


def test_an_unknown_scenario_is_one_line_and_exit_2(cli: Cli) -> None:
    result = cli("play", "pwinch-wars", "--option", "scenario=moon_base")
    assert result.code == 2
    assert result.err.startswith("printkit: ") and len(result.err.strip().splitlines()) == 1
    assert "moon_base" in result.err
