"""WFtGtS engine: the seed's worked example, legality, multiplayer, and the optimal tables."""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path

import numpy as np
import pytest

from printkit.engines.core import IllegalActionError, ReplayError, parse_log, play, read_log, replay
from printkit.engines.wftgts import (
    DICE,
    KEEPS,
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
def tables(tmp_path_factory):
    """Cold-build the tables into a fresh cache dir (a few seconds), used by every bot here."""
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


def _example_lines() -> list[str]:
    return EXAMPLE.read_text(encoding="utf-8").splitlines()


def _replay_text(game, lines: list[str]):
    return replay(game, parse_log("\n".join(lines) + "\n"))


# -- the seed's worked example ------------------------------------------------------------


def test_seed_example_replays_to_570(game):
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
    assert rounds[3].scoring.describe() == ("1-2-3-4: 11 × 4 = 44; 6-7-8: 17 × 3 = 51; total 95")
    assert not any(r.junk for r in rounds)
    assert [r.c_sum for r in rounds] == [30, 27, 25, 31, 46, 27]
    # every keep line carries a reason for the printed annotations
    keeps = [s for s in result.steps if s.entry.player is not None and "keep" in s.entry.data]
    assert len(keeps) == 12 and all(s.entry.reason for s in keeps)


def test_example_header_names_jonathan():
    log = read_log(EXAMPLE)
    assert [p.name for p in log.header.players] == ["Jonathan"]
    assert log.header.players[0].bot is None


# -- rules data --------------------------------------------------------------------------


def test_rules_data_is_the_seed():
    rules = load_rules()
    assert [(d.id, d.sides, d.points) for d in DICE] == [
        ("d4", 4, 1), ("d6", 6, 2), ("d8", 8, 3), ("d10_ones", 10, 4),
        ("d10_tens", 10, 4), ("d12", 12, 5), ("d20", 20, 9),
    ]  # fmt: skip
    assert DICE[3].label == "d10 (1s)" and DICE[4].label == "d10 (10s)"
    assert (rules.rounds, rules.rolls_per_round, rules.min_group) == (6, 3, 3)
    assert (rules.set_bonus, rules.junk_uses) == (2, 1)
    assert len(rules.digest) == 16


def test_bad_rules_data_is_named():
    from printkit.engines.wftgts.rules import parse_rules

    with pytest.raises(ValueError, match="rounds"):
        parse_rules({"rounds": "six", "dice": []})


# -- legality ---------------------------------------------------------------------------


def _edit(lines: list[str], number: int, obj: dict) -> list[str]:
    out = list(lines)
    out[number - 1] = json.dumps(obj)
    return out


def test_second_junk_is_refused_with_line_number(game):
    lines = _example_lines()
    lines = _edit(lines, 7, {"player": 0, "action": {"score": "junk"}})
    lines = _edit(lines, 13, {"player": 0, "action": {"score": "junk"}})
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines[:-1])
    assert err.value.line == 13
    assert "junk scoring was already used in round 1; it is allowed once per game" in str(err.value)


def test_one_junk_scores_the_sum(game):
    lines = _edit(_example_lines(), 7, {"player": 0, "action": {"score": "junk"}})
    state = _replay_text(game, lines[:-1]).state
    first = state.sheets[0].rounds[0]
    assert first.junk and first.points == 30 and first.scoring.points == 76
    assert state.result()["scores"] == [570 - 76 + 30]


def test_unknown_die_is_refused_with_line_number(game):
    lines = _edit(_example_lines(), 3, {"player": 0, "action": {"keep": ["d4", "d7"]}})
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines)
    assert err.value.line == 3
    assert "unknown die 'd7'" in str(err.value)


def test_wrong_player_is_refused_with_line_number(game):
    lines = _example_lines()
    header = json.loads(lines[0])
    header["players"] = [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": None}]
    lines = [json.dumps(header), lines[1], lines[2].replace('"player": 0', '"player": 1')]
    with pytest.raises(ReplayError) as err:
        _replay_text(game, lines)
    assert err.value.line == 3
    assert "Ann's (player 0) decision" in str(err.value)


def test_direct_illegal_actions(game):
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


def test_legal_actions_and_check_legal_agree(game):
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
    ],
)  # fmt: skip
def test_malformed_actions_raise_value_error(game, data):
    with pytest.raises(ValueError):
        game.action_from_json(data)


def test_action_json_round_trip(game):
    for action in [*KEEPS, Score(), Score(junk=True)]:
        data = game.action_to_json(action)
        assert json.loads(json.dumps(data)) == data
        assert game.action_from_json(data) == action
    assert game.action_to_json(Keep(frozenset({6, 0}))) == {"keep": ["d4", "d20"]}
    assert game.action_to_json(KEEPS[0]) == {"keep": []}


# -- multiplayer and sheets --------------------------------------------------------------


def test_shared_rolls_private_keeps(game):
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


def test_ties_broken_by_best_c_line_sum(game):
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


def test_options_and_player_counts(game):
    with pytest.raises(ValueError):
        game.new_initial_state(0)
    with pytest.raises(ValueError):
        game.new_initial_state(1, {"variant": "x"})
    from printkit.kits import get_kit

    assert get_kit("wftgts").game().info.name == "wftgts"
    assert set(game.bots()) == {"random", "greedy", "optimal"}


def test_greedy_play_keeps_group_dice(game):
    played = play(game, ["greedy"], seed=4)
    for entry in played.log.entries:
        if entry.player is not None:
            assert entry.reason
    assert played.state.is_terminal()


# -- optimal play -------------------------------------------------------------------------


def test_optimal_round_values(tables):
    assert tables.expected_round == pytest.approx(93.45, abs=0.05)
    assert tables.first_roll_mean == pytest.approx(36.0, abs=0.05)


def test_score_table_matches_scorer(tables):
    rng = random.Random(3)
    for _ in range(300):
        line = tuple(rng.randint(1, d.sides) for d in DICE)
        assert tables.line_score(line) == best_scoring(line).points


def test_keep_values_are_exact_expectations(tables):
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


def test_junk_option_values(tables):
    col = [row[1] for row in tables.junk_option]
    assert col[0] == 0 and all(a < b for a, b in itertools.pairwise(col))
    assert tables.use_junk(1, 0, 1)  # last round: any gain
    assert not tables.use_junk(1, 5, 1)
    assert not tables.use_junk(50, 3, 0)  # already used


def test_simulation_is_near_the_exact_value(tables):
    stats = opt.round_statistics(20_000, seed=1)
    assert stats.ratio == pytest.approx(1.0, abs=0.01)


def test_optimal_beats_greedy(game, tables):
    greedy = optimal = 0.0
    for seed in range(50):  # 300 rounds with the same shared rolls for both
        played = play(game, ["greedy", "optimal"], seed=seed, record=False)
        g, o = played.state.returns()
        greedy += g
        optimal += o
    assert optimal > greedy


def test_optimal_bot_logs_and_replays(game, tables):
    played = play(game, ["optimal"], seed=5)
    replay(game, played.log)
    reasons = [e.reason for e in played.log.entries if e.player is not None]
    assert all(reasons) and any("EV" in r for r in reasons)
