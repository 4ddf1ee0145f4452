"""WFtGtS engine: the seed's worked example, legality, multiplayer, and the optimal tables."""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from printkit.engines.core import (
    IllegalActionError,
    Replay,
    ReplayError,
    parse_log,
    play,
    read_log,
    replay,
)
from printkit.engines.wftgts import (
    DICE,
    KEEPS,
    Action,
    Keep,
    Score,
    WFtGtS,
    WFtGtSState,
    best_scoring,
    load_rules,
)
from printkit.engines.wftgts import optimal as opt

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "wftgts" / "seed-example.jsonl"
SEED_ROUNDS = [76, 156, 108, 95, 75, 60]
SEED_TOTALS = [76, 232, 340, 435, 510, 570]
SEED_LINES = [
    [(3, 3, 2, 8, 8, 4, 14), (3, 3, 2, 10, 9, 4, 17), (2, 3, 2, 10, 8, 4, 1)],
    [(4, 2, 3, 2, 6, 1, 5), (4, 1, 3, 2, 6, 1, 5), (4, 6, 3, 2, 6, 1, 5)],
    [(1, 4, 1, 3, 7, 1, 1), (1, 4, 1, 10, 10, 1, 1), (1, 2, 1, 10, 9, 1, 1)],
    [(2, 2, 3, 6, 8, 4, 4), (2, 1, 3, 6, 8, 4, 7), (2, 1, 3, 6, 8, 4, 7)],
    [(1, 6, 6, 9, 6, 10, 1), (1, 6, 6, 3, 6, 4, 18), (2, 6, 6, 3, 6, 4, 19)],
    [(1, 2, 7, 7, 8, 11, 1), (3, 2, 4, 1, 8, 11, 1), (3, 2, 4, 10, 6, 1, 1)],
]


@pytest.fixture(scope="module")
def game() -> WFtGtS:
    return WFtGtS()


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[opt.Tables]:
    """Cold-build the tables into a fresh cache dir (about 10 s), used by every bot here; the
    200 MB are removed afterwards."""
    root = tmp_path_factory.mktemp("printkit-cache")
    old = os.environ.get("PRINTKIT_CACHE_DIR")
    os.environ["PRINTKIT_CACHE_DIR"] = str(root)
    try:
        built = opt.load_tables()
        assert built.path.parent == root
        yield built
    finally:
        if old is None:
            os.environ.pop("PRINTKIT_CACHE_DIR", None)
        else:
            os.environ["PRINTKIT_CACHE_DIR"] = old
        opt._LOADED.pop(built.path, None)
        shutil.rmtree(root, ignore_errors=True)


def _example_lines() -> list[str]:
    return EXAMPLE.read_text(encoding="utf-8").splitlines()


def _replay_text(game: WFtGtS, lines: list[str]) -> Replay[WFtGtSState, Action]:
    return replay(game, parse_log("\n".join(lines) + "\n"))


# -- the seed's worked example ------------------------------------------------------------


def test_seed_example_replays_to_570(game: WFtGtS) -> None:
    result = replay(game, read_log(EXAMPLE), keep_steps=True)
    state = result.state
    assert state.is_terminal()
    rounds = state.sheets[0].rounds
    assert [r.points for r in rounds] == SEED_ROUNDS
    assert [r.total for r in rounds] == SEED_TOTALS
    assert [r.lines for r in rounds] == SEED_LINES
    assert state.result() == {"scores": [570], "winners": [0], "c_sum_best": [46]}
    assert state.returns() == [570.0]
    assert rounds[0].carried == [frozenset({0, 1, 2, 5}), frozenset({1, 2, 5})]
    assert rounds[3].scoring is not None
    assert rounds[3].scoring.describe() == ("1-2-3-4: 11 × 4 = 44; 6-7-8: 17 × 3 = 51; total 95")
    assert not any(r.junk for r in rounds)
    assert [r.c_sum for r in rounds] == [30, 27, 25, 31, 46, 27]
    # every keep line carries a reason for the printed annotations
    keeps = [s for s in result.steps if s.entry.player is not None and "keep" in s.entry.data]
    assert len(keeps) == 12 and all(s.entry.reason for s in keeps)


def test_example_header_names_jonathan() -> None:
    log = read_log(EXAMPLE)
    assert [p.name for p in log.header.players] == ["Jonathan"]
    assert log.header.players[0].bot is None


# -- rules data --------------------------------------------------------------------------


def test_rules_data_is_the_seed() -> None:
    rules = load_rules()
    assert [(d.id, d.sides, d.points) for d in DICE] == [
        ("d4", 4, 1), ("d6", 6, 2), ("d8", 8, 3), ("d10_ones", 10, 4),
        ("d10_tens", 10, 4), ("d12", 12, 5), ("d20", 20, 9),
    ]  # fmt: skip
    assert DICE[3].label == "d10 (1s)" and DICE[4].label == "d10 (10s)"
    assert (rules.rounds, rules.rolls_per_round, rules.min_group) == (6, 3, 3)
    assert (rules.set_bonus, rules.junk_uses) == (2, 1)
    assert len(rules.digest) == 16


def test_the_rules_digest_is_made_once_and_follows_the_numbers() -> None:
    rules = load_rules()
    # a plain attribute set when the rules are made (bots look it up every game)
    assert not isinstance(type(rules).__dict__.get("digest"), property)
    assert dataclasses.replace(rules, title="Another title").digest == rules.digest
    assert dataclasses.replace(rules, rounds=5).digest != rules.digest


def test_bad_rules_data_is_named() -> None:
    from printkit.engines.wftgts.rules import parse_rules

    with pytest.raises(ValueError, match="rounds"):
        parse_rules({"rounds": "six", "dice": []})


# -- legality ---------------------------------------------------------------------------


def _edit(lines: list[str], number: int, obj: dict[str, Any]) -> list[str]:
    out = list(lines)
    out[number - 1] = json.dumps(obj)
    return out


def test_second_junk_is_refused_with_line_number(game: WFtGtS) -> None:
    lines = _example_lines()
    lines = _edit(lines, 7, {"player": 0, "action": {"score": "junk"}})
    lines = _edit(lines, 13, {"player": 0, "action": {"score": "junk"}})
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines[:-1])
    assert err.value.line == 13
    assert "junk scoring was already used in round 1; it is allowed once per game" in str(err.value)


def test_one_junk_scores_the_sum(game: WFtGtS) -> None:
    lines = _edit(_example_lines(), 7, {"player": 0, "action": {"score": "junk"}})
    state = _replay_text(game, lines[:-1]).state
    first = state.sheets[0].rounds[0]
    assert first.scoring is not None
    assert first.junk and first.points == 30 and first.scoring.points == 76
    assert state.result()["scores"] == [570 - 76 + 30]


def test_unknown_die_is_refused_with_line_number(game: WFtGtS) -> None:
    lines = _edit(_example_lines(), 3, {"player": 0, "action": {"keep": ["d4", "d7"]}})
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines)
    assert err.value.line == 3
    assert "unknown die 'd7'" in str(err.value)


def test_wrong_player_is_refused_with_line_number(game: WFtGtS) -> None:
    lines = _example_lines()
    header = json.loads(lines[0])
    header["players"] = [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": None}]
    lines = [json.dumps(header), lines[1], lines[2].replace('"player": 0', '"player": 1')]
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines)
    assert err.value.line == 3
    assert "Ann's (player 0) decision" in str(err.value)


def test_direct_illegal_actions(game: WFtGtS) -> None:
    state = game.new_initial_state(1)
    with pytest.raises(IllegalActionError, match="roll"):
        state.apply(Keep(frozenset()))
    state.apply((1, 1, 1, 1, 1, 1, 1))
    with pytest.raises(IllegalActionError, match="scoring comes only after line c"):
        state.apply(Score())
    with pytest.raises(IllegalActionError, match="not a die"):
        state.apply(Keep(frozenset({7})))
    with pytest.raises(IllegalActionError):
        state.apply("keep everything")
    state.apply(KEEPS[127])
    state.apply((2, 2, 2, 2, 2, 2, 2))
    state.apply(KEEPS[127])
    state.apply((3, 3, 3, 3, 3, 3, 3))
    assert state.current_line(0) == (1, 1, 1, 1, 1, 1, 1)
    with pytest.raises(IllegalActionError, match="nothing left to keep"):
        state.apply(KEEPS[0])
    with pytest.raises(IllegalActionError):
        state.apply((1, 2, 3, 4, 5, 6, 7))  # not a roll: a score is due
    state.apply(Score())
    assert state.sheets[0].rounds[0].points == 28 * 9  # seven 1s: 28 x (7 + 2)
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        state.apply((5, 1, 1, 1, 1, 1, 1))


def test_legal_actions_and_check_legal_agree(game: WFtGtS) -> None:
    state = game.new_initial_state(1)
    state.apply((1, 2, 3, 4, 5, 6, 7))
    assert len(state.legal_actions()) == 128
    for action in state.legal_actions():
        state.check_legal(action)


@pytest.mark.parametrize(
    "data",
    [
        [], "keep", {"keep": "d4"}, {"keep": ["d4", "d4"]}, {"keep": [3]}, {"score": "max"},
        {"score": True}, {"keep": [], "score": "best"}, {"roll": [1]}, None,
        {"score": {}}, {"score": {"groups": "d4"}}, {"score": {"groups": ["d4", "d6", "d8"]}},
        {"score": {"groups": [["d4", "d6", "d7"]]}}, {"score": {"groups": [[0, 1, 2]]}},
        {"score": {"groups": [], "junk": True}},
    ],
)  # fmt: skip
def test_malformed_actions_raise_value_error(game: WFtGtS, data: object) -> None:
    with pytest.raises(ValueError):
        game.action_from_json(data)


def test_action_json_round_trip(game: WFtGtS) -> None:
    written = Score(groups=((1, 2, 5, 6), (0, 3, 4)))
    actions: list[Action] = [*KEEPS, Score(), Score(junk=True), written, Score(groups=())]
    for action in actions:
        data = game.action_to_json(action)
        assert json.loads(json.dumps(data)) == data
        assert game.action_from_json(data) == action
    assert game.action_to_json(Keep(frozenset({6, 0}))) == {"keep": ["d4", "d20"]}
    assert game.action_to_json(KEEPS[0]) == {"keep": []}
    assert game.action_to_json(written) == {"score": {"groups": [
        ["d4", "d10_ones", "d10_tens"], ["d6", "d8", "d12", "d20"]]}}
    # the same grouping written in another order is the same action
    assert Score(groups=((4, 3, 0), (6, 5, 2, 1))) == written
    with pytest.raises(ValueError, match="no groups"):
        Score(junk=True, groups=((0, 1, 2),))


# -- multiplayer and sheets --------------------------------------------------------------


def test_shared_rolls_private_keeps(game: WFtGtS) -> None:
    state: WFtGtSState = game.new_initial_state(2)
    state.apply((3, 3, 2, 8, 8, 4, 14))
    state.apply(Keep(frozenset({0, 1, 2, 5})))
    assert state.current_player() == 1
    state.apply(Keep(frozenset()))
    state.apply((1, 2, 6, 10, 9, 1, 17))
    a, b = (s.rounds[0].lines[1] for s in state.sheets)
    assert a == (3, 3, 2, 10, 9, 4, 17)
    assert b == (1, 2, 6, 10, 9, 1, 17)
    snapshot = state.clone()
    state.apply(KEEPS[0])
    assert snapshot.sheets[0].rounds[0].carried == [frozenset({0, 1, 2, 5})]
    assert state.sheets[0].rounds[0].carried[-1] == frozenset()


def test_ties_broken_by_best_c_line_sum(game: WFtGtS) -> None:
    state = game.new_initial_state(3)
    for rnd in range(6):
        state.apply((1, 1, 1, 1, 1, 1, 1))
        for _ in range(3):
            state.apply(KEEPS[127] if rnd else KEEPS[0])
        state.apply((2, 5, 7, 9, 10, 12, 20))
        for _ in range(3):
            state.apply(KEEPS[127])
        state.apply((4, 6, 8, 10, 10, 12, 20))
        # round 1: players 0 and 1 score the junk line (2 5 7 9 10 12 20) the same way
        state.apply(Score(junk=rnd == 0))
        state.apply(Score(junk=rnd == 0))
        state.apply(Score(junk=rnd == 5))
    assert state.is_terminal()
    res = state.result()
    assert res["scores"][0] == res["scores"][1]
    assert res["winners"] == [0, 1]  # tied on total and on best c-line sum: shared win
    assert res["c_sum_best"][0] == 65


def test_options_and_player_counts(game: WFtGtS) -> None:
    with pytest.raises(ValueError):
        game.new_initial_state(0)
    with pytest.raises(ValueError):
        game.new_initial_state(1, {"variant": "x"})
    from printkit.kits import get_kit

    assert get_kit("wftgts").game().info.name == "wftgts"
    assert set(game.bots()) == {"random", "greedy", "optimal"}


def test_any_number_of_players_up_to_a_documented_guard(game: WFtGtS) -> None:
    from printkit.engines.wftgts.game import MAX_PLAYERS

    assert game.info.max_players == MAX_PLAYERS >= 1000
    state = game.new_initial_state(150)  # a convention hall, one caller rolling
    assert len(state.sheets) == 150
    with pytest.raises(ValueError, match="the rules allow any number"):
        game.new_initial_state(MAX_PLAYERS + 1)
    assert "any number of players" in game.info.notes


def test_a_big_game_replays(game: WFtGtS) -> None:
    played = play(game, ["greedy"] * 120, seed=3)
    assert played.log is not None
    assert replay(game, parse_log(played.log.dumps())).state.result() == played.state.result()


# -- what a player may see --------------------------------------------------------------


def _carried(state: WFtGtSState) -> list[list[frozenset[int]]]:
    return [s.rounds[-1].carried for s in state.sheets]


def test_view_hides_the_keeps_others_made_for_this_line(game: WFtGtS) -> None:
    state: WFtGtSState = game.new_initial_state(3)
    state.apply((3, 3, 2, 8, 8, 4, 14))
    state.apply(Keep(frozenset({0, 1})))
    state.apply(Keep(frozenset({2, 5})))
    # player 2's keep is due: players 0 and 1 have kept, and player 2 must not see it
    assert _carried(state.view(2)) == [[], [], []]
    assert _carried(state.view(1)) == [[], [frozenset({2, 5})], []]
    assert _carried(state.view(0)) == [[frozenset({0, 1})], [], []]
    # the real state keeps them, and the lines already written stay visible
    assert _carried(state) == [[frozenset({0, 1})], [frozenset({2, 5})], []]
    assert all(s.rounds[-1].lines == [(3, 3, 2, 8, 8, 4, 14)] for s in state.view(2).sheets)
    state.apply(Keep(frozenset()))
    assert _carried(state.view(0)) == [[frozenset({0, 1})], [], []]  # before the roll
    state.apply((1, 2, 6, 10, 9, 1, 17))
    # the roll shows what everyone kept: nothing is hidden at the next keep
    assert _carried(state.view(0)) == _carried(state)
    assert state.view(0).sheets[1].rounds[-1].lines[-1] == (1, 2, 2, 10, 9, 4, 17)


def test_view_hides_the_scores_others_wrote_this_round(game: WFtGtS) -> None:
    state: WFtGtSState = game.new_initial_state(2)
    for roll in [(1, 1, 1, 1, 1, 1, 1), (2, 2, 2, 2, 2, 2, 2)]:
        state.apply(roll)
        state.apply(KEEPS[0])
        state.apply(KEEPS[0])
    state.apply((4, 6, 8, 10, 9, 12, 20))  # no run or set; adds up to 69
    state.apply(Score(junk=True))
    hidden = state.view(1)
    rec = hidden.sheets[0].rounds[-1]
    assert (rec.points, rec.junk, rec.scoring, rec.total) == (None, False, None, None)
    assert hidden.junk_left(0) == 1 and state.junk_left(0) == 0
    assert state.sheets[0].rounds[-1].points == 69  # the real sheet is untouched
    assert state.view(0).sheets[0].rounds[-1].points == 69  # the writer sees their own
    state.apply(Score())
    assert state.view(1).sheets[0].rounds[-1].points == 69  # the round is over


def test_a_view_plays_on_by_itself(game: WFtGtS) -> None:
    state: WFtGtSState = game.new_initial_state(2)
    state.apply((3, 3, 2, 8, 8, 4, 14))
    state.apply(KEEPS[127])
    view = state.view(1)
    view.apply(KEEPS[0])
    view.apply((1, 1, 1, 1, 1, 1, 1))  # player 0's hidden keep counts as keeping nothing
    assert view.sheets[0].rounds[-1].lines[-1] == (1, 1, 1, 1, 1, 1, 1)
    assert state.sheets[0].rounds[-1].carried == [KEEPS[127].dice]


def test_bots_decide_the_same_without_the_others_keeps(game: WFtGtS,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # every bot looks at its own sheet only: hiding the others' keeps changes no decision
    seats = ["optimal", "greedy", "optimal", "random"]
    log = play(game, seats, seed=12).log
    assert log is not None
    hidden = log.dumps()
    monkeypatch.setattr(WFtGtSState, "view", lambda self, player: self.clone())
    log = play(game, seats, seed=12).log
    assert log is not None
    assert log.dumps() == hidden


def test_greedy_play_keeps_group_dice(game: WFtGtS) -> None:
    played = play(game, ["greedy"], seed=4)
    assert played.log is not None
    for entry in played.log.entries:
        if entry.player is not None:
            assert entry.reason
    assert played.state.is_terminal()


# -- optimal play -------------------------------------------------------------------------


def test_optimal_round_values(tables: opt.Tables) -> None:
    assert tables.expected_round == pytest.approx(93.45, abs=0.05)
    assert tables.first_roll_mean == pytest.approx(36.0, abs=0.05)


def test_score_table_matches_scorer(tables: opt.Tables) -> None:
    rng = random.Random(3)
    for _ in range(300):
        line = tuple(rng.randint(1, d.sides) for d in DICE)
        assert tables.line_score(line) == best_scoring(line).points


def test_keep_values_are_exact_expectations(tables: opt.Tables) -> None:
    # after line b, keeping all but the d4 and d6: average over their 24 outcomes
    rng = random.Random(8)
    for _ in range(5):
        line = tuple(rng.randint(1, d.sides) for d in DICE)
        keep = 0b1111100
        expect = np.mean(
            [best_scoring((a, b, *line[2:])).points for a in range(1, 5) for b in range(1, 7)]
        )
        assert tables.keep_values(1, line)[keep] == pytest.approx(expect, rel=1e-5)
    seed_b = (2, 3, 2, 10, 8, 4, 1)
    values = tables.keep_values(1, seed_b)
    assert values[127] == 76 and int(values.argmax()) == tables.best_keep(1, seed_b)[0]


def test_junk_option_values(tables: opt.Tables) -> None:
    col = [row[1] for row in tables.junk_option]
    assert col[0] == 0 and all(a < b for a, b in itertools.pairwise(col))
    assert tables.use_junk(1, 0, 1)  # last round: any gain
    assert not tables.use_junk(1, 5, 1)
    assert not tables.use_junk(50, 3, 0)  # already used


def test_game_values_by_backward_induction(tables: opt.Tables) -> None:
    # a solo game played perfectly: 568.178 with the junk option, 560.690 (6 rounds of
    # 93.448) never taking it
    assert round(tables.game_value, 3) == 568.178
    assert round(tables.game_value_without_junk, 3) == 560.690
    assert tables.game_value_without_junk == pytest.approx(6 * tables.expected_round)
    # the option is worth what the induction says: W(k, 1) - W(k, 0), rising with rounds left
    costs = [row[1] for row in tables.junk_cost]
    assert costs[0] == 0 and all(a < b for a, b in itertools.pairwise(costs))
    assert costs == pytest.approx([row[1] for row in tables.junk_option])
    assert costs[5] == pytest.approx(tables.worth[5][1] - tables.worth[5][0])
    # junk exactly when the sum beats the score by more than the option is worth
    assert tables.use_junk(7, 5, 1) and not tables.use_junk(6, 5, 1)


def test_keeps_weigh_the_junk_option(tables: opt.Tables) -> None:
    # junk-aware keep values: the mean of max(score, c_sum - D) over the rerolled dice
    line = (4, 6, 7, 9, 3, 11, 18)
    table = tables.table(2, 1)
    cost = tables.junk_cost[2][1]
    keep = 0b1111100  # reroll the d4 and the d6
    expect = np.mean([max(best_scoring((a, b, *line[2:])).points, a + b + sum(line[2:]) - cost)
                      for a in range(1, 5) for b in range(1, 7)])
    assert table.keep_values(1, line)[keep] == pytest.approx(expect, rel=1e-5)
    assert tables.keep_values(1, line, 2, 1)[keep] == table.keep_values(1, line)[keep]
    # a high line with no group: the game-optimal keep holds the high dice for the junk,
    # where the per-round keep would not
    assert tables.best_keep(1, line, 0, 1)[0] != tables.best_keep(1, line)[0]
    assert tables.table(3, 0) is tables.plain


def test_the_vectorised_games_reach_the_game_value(tables: opt.Tables) -> None:
    scores = tables.simulate_games(20_000, np.random.default_rng(2))
    half = 1.96 * scores.std(ddof=1) / np.sqrt(len(scores))
    assert abs(scores.mean() - tables.game_value) < 2 * half


def test_simulation_is_near_the_exact_value(tables: opt.Tables) -> None:
    stats = opt.round_statistics(20_000, seed=1)
    assert stats.ratio == pytest.approx(1.0, abs=0.01)


def test_optimal_beats_greedy(game: WFtGtS, tables: opt.Tables) -> None:
    greedy = optimal = 0.0
    for seed in range(50):  # 300 rounds with the same shared rolls for both
        played = play(game, ["greedy", "optimal"], seed=seed, record=False)
        g, o = played.state.returns()
        greedy += g
        optimal += o
    assert optimal > greedy


def test_optimal_bot_logs_and_replays(game: WFtGtS, tables: opt.Tables) -> None:
    played = play(game, ["optimal"], seed=5)
    assert played.log is not None
    replay(game, played.log)
    reasons = [e.reason or "" for e in played.log.entries if e.player is not None]
    # player-facing sentences: die labels and rounded points, no ids or "EV 101.9"
    assert all(reasons) and any("expects about" in r for r in reasons)
    assert not any("EV" in r or "d10_" in r or re.search(r"d\d+=", r) for r in reasons)


def test_the_optimal_bot_weighs_the_junk_in_its_keeps(game: WFtGtS, tables: opt.Tables) -> None:
    # a game the bot plays for the junk: keeping high dice with no group in sight
    junk_rounds = 0
    for seed in range(40):
        played = play(game, ["optimal"], seed=seed, record=False)
        sheet = played.state.sheets[0]
        junk_rounds += sheet.junk_round is not None
        for r, rec in enumerate(sheet.rounds):
            if rec.junk:
                assert rec.c_sum is not None and rec.best_points is not None
                assert tables.use_junk(rec.c_sum - rec.best_points, 5 - r, 1)
    assert junk_rounds > 20
