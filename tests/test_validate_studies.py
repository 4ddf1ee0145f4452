"""Balance studies (``printkit validate GAME --study NAME``): a kit's own figures, played by
validation's chunks and executors and the one game loop, so they do not depend on the chunking
or the workers; the W.A.R. studies count exactly what ``bench/war_pnp_balance.py`` counted
(the same seeds, the same games: the figures below are that script's); one interval formula
for every rate."""

from __future__ import annotations

import json
from typing import Any

import pytest

from printkit.cli import main
from printkit.simulation import Executor, LocalExecutor, SerialExecutor
from printkit.simulation.statistics import Rate, mean_half_width, wilson_interval
from printkit.validate import run_study, study_table


def _figures(executor: Executor, chunk: int | None = None) -> dict[str, Any]:
    report = run_study("tug-of-war", "figures", 24, 3, options={"reroll_mode": "sequential"},
                       executor=executor, chunk=chunk)
    return report


def test_tug_of_war_figures_do_not_depend_on_the_workers_or_the_chunks() -> None:
    one = _figures(SerialExecutor())
    pool = LocalExecutor(2)
    try:
        two = _figures(pool, chunk=5)
    finally:
        pool.close()
    assert json.dumps(one) == json.dumps(two)
    assert one["game"] == "tug-of-war" and one["study"] == "figures" and not one["partial"]
    rows = one["rows"]
    assert [r["reroll_mode"] for r in rows] == ["sequential"] * 4
    assert [r["bots"] for r in rows] == [["greedy", "greedy"], ["lookahead", "lookahead"],
                                         ["random", "random"], ["lookahead", "greedy"]]
    for row in rows:
        assert row["games"] == 24
        rate = row["yellow_wins"]
        low, high = rate["ci95"]
        assert low <= rate["rate"] <= high
        assert rate["of"] == 24 - row["draws"]
        assert 1 <= row["max_athletes"] <= 18 and row["max_turns"] >= row["mean_turns"]
    assert set(rows[3]["win_rate"]) == {"lookahead"}
    table = study_table("tug-of-war", one)
    assert "| sequential | greedy mirror | 24 |" in table
    assert "lookahead vs greedy (lookahead wins" in table


def test_war_pnp_balance_counts_what_the_bench_script_counted() -> None:
    report = run_study("war-pnp", "balance", 60, 0, executor=SerialExecutor())
    # python -m bench.war_pnp_balance balance --games 60 --json (before it became a study)
    assert report["games"] == 60 and report["mean_rounds"] == 6.05
    assert report["longest_rounds"] == 12 and report["ends"] == {"score": 60}
    assert report["main_player_win_rate"]["count"] == 34
    assert report["new_rows_per_game"] == 10.05
    assert report["new_rows"]["bend"] == 0.322 and report["new_rows"]["powerup"] == 0.206
    assert report["columns_developed"] == {"2/12": 0.327, "3/11": 0.045, "4/10": 0.024,
                                           "5/9": 0.259, "6/8": 0.252, "7": 0.093}
    assert report["relied_power"]["powerup"]["players"] == 71
    assert report["relied_power"]["powerup"]["win_rate"]["count"] == 38
    assert report["relied_column"]["2/12"] == {
        "players": 34, "win_rate": Rate(26, 34).to_json(3)}
    assert "relied on a column" in study_table("war-pnp", report)


def test_war_pnp_without_and_bots_count_what_the_bench_script_counted() -> None:
    without = run_study("war-pnp", "without=powerup,2/12", 16, 0, executor=SerialExecutor())
    # ... without --games 16 --only powerup,2/12: win rates 0.25 and 0.5
    assert {k: v["win_rate"]["count"] for k, v in without["sheets"].items()} == {
        "no powerup": 4, "no 2/12": 8}
    bots = run_study("war-pnp", "bots=1", 20, 0, executor=SerialExecutor())
    pairs = {(p["first"], p["second"]): p for p in bots["pairs"]}
    # ... bots --games 20: heuristic beats random in all 20, the mirrors' seats
    assert pairs["heuristic", "random"]["first_win_rate"]["count"] == 20
    assert pairs["random", "random"]["main_player_win_rate"]["count"] == 8
    assert pairs["heuristic", "heuristic"]["first_win_rate"]["count"] == 9
    assert pairs["search", "search"]["games"] == 1


@pytest.mark.parametrize(("args", "words"), [
    (["war-pnp", "--study", "nope"], "no study 'nope'; choose from balance"),
    (["war-pnp", "--study", "without=zap"], "no power or column zap"),
    (["war-pnp", "--study", "bots=many"], "whole number"),
    (["war-pnp", "--study", "balance", "--report", "out"], "--report does not apply"),
    (["all", "--study", "balance"], "applies to one game"),
    (["wftgts", "--study", "figures"], "this game declares none"),
])
def test_a_bad_study_is_one_line_and_exit_2(args: list[str], words: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", *args, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and words in err


def test_a_study_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "war-pnp", "--study", "without=7", "--games", "4", "--jobs", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "war-pnp" and out["study"] == "without" and list(out["sheets"]) == [
        "no 7"]


def test_one_interval_formula() -> None:
    assert [round(x, 3) for x in wilson_interval(10_220, 20_000)] == [0.504, 0.518]
    assert Rate(10_220, 20_000).percent() == "51.1 % (50.4–51.8)"
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == pytest.approx(1)
    assert mean_half_width(1, 5, 25) == 0.0


def test_printkit_games_names_each_kits_studies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "studies (validate --study NAME): figures" in out
    assert "studies (validate --study NAME): balance, without, bots" in out
