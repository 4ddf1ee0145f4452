"""WFtGtS logs as written at a table: any legal grouping scored, refusals that name the rule
(groups, the tens d10's reading), and bot logs that match the published schema line by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.engines.core import (
    LogFormatError,
    Replay,
    ReplayError,
    parse_log,
    play,
    read_log,
    replay,
    validate_log_lines,
)
from printkit.engines.wftgts import (
    KEEPS,
    Action,
    Score,
    WFtGtS,
    WFtGtSState,
    best_scoring,
    score_groups,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "wftgts"
SEED = EXAMPLES / "seed-example.jsonl"
TWOS = EXAMPLES / "pretend-twos.jsonl"
HEADER = '{"printkit_log": 1, "game": "wftgts", "rules": "1.01", "players": ["Ann"]}'
# the seed's first round, with the d10s showing 2 on line c (its "pretend" note)
ROUND_ONE = [
    '{"chance": [3, 3, 2, 8, 8, 4, 14]}',
    '{"player": 0, "action": {"keep": ["d4", "d6", "d8", "d12"]}}',
    '{"chance": [1, 2, 6, 10, 9, 1, 17]}',
    '{"player": 0, "action": {"keep": ["d6", "d8", "d12"]}}',
    '{"chance": [2, 4, 2, 2, 2, 8, 1]}',
]
TENS_RULE = "00 is 10, 10 is 1, 20 is 2"


@pytest.fixture(scope="module")
def game() -> WFtGtS:
    return WFtGtS()


def _score_line(groups: object) -> str:
    return json.dumps({"player": 0, "action": {"score": {"groups": groups}}})


def _replay(game: WFtGtS, *lines: str) -> Replay[WFtGtSState, Action]:
    return replay(game, parse_log("\n".join([HEADER, *lines]) + "\n"))


# -- scoring what the player wrote ----------------------------------------------------------


def test_the_seed_note_scores_121_where_123_was_possible() -> None:
    line = (2, 3, 2, 2, 2, 4, 1)
    written = score_groups(line, [(6, 2, 1, 5), (0, 3, 4)])
    assert written.points == 121
    assert [g.describe() for g in written.groups] == ["1-2-3-4: 19 × 4 = 76",
                                                      "three 2s: 9 × 5 = 45"]
    best = best_scoring(line)
    assert best.points == 123
    assert [g.describe() for g in best.groups] == ["1-2-3-4: 17 × 4 = 68",
                                                   "three 2s: 11 × 5 = 55"]


def test_a_hand_written_log_records_the_lower_grouping(game: WFtGtS) -> None:
    text = TWOS.read_text(encoding="utf-8")
    validate_log_lines(game, text)
    state = replay(game, read_log(TWOS)).state
    rounds = state.sheets[0].rounds
    first = rounds[0]
    assert first.scoring is not None
    assert (first.points, first.best_points, first.junk) == (121, 123, False)
    assert [g.describe() for g in first.scoring.groups] == ["1-2-3-4: 19 × 4 = 76",
                                                            "three 2s: 9 × 5 = 45"]
    # the rest is the seed's game, each round scored at its best
    assert [r.points for r in rounds[1:]] == [156, 108, 95, 75, 60]
    assert all(r.points == r.best_points for r in rounds[1:])
    assert state.result() == {"scores": [615], "winners": [0], "c_sum_best": [46]}
    report = [f"round {i}: wrote {r.points}, best was {r.best_points}"
              for i, r in enumerate(rounds, start=1) if r.points != r.best_points]
    assert report == ["round 1: wrote 121, best was 123"]


def test_the_seed_example_still_scores_570(game: WFtGtS) -> None:
    rounds = replay(game, read_log(SEED)).state.sheets[0].rounds
    assert [r.points for r in rounds] == [76, 156, 108, 95, 75, 60]
    assert [r.best_points for r in rounds] == [76, 156, 108, 95, 75, 60]


def test_written_groups_in_any_order_and_the_best_grouping_written_out(game: WFtGtS) -> None:
    state = _replay(game, *ROUND_ONE, _score_line([["d12", "d4", "d20", "d6"],
                                                   ["d10_tens", "d8", "d10_ones"]])).state
    rec = state.sheets[0].rounds[0]
    assert rec.points == rec.best_points == 123
    state = _replay(game, *ROUND_ONE, _score_line([])).state
    assert state.sheets[0].rounds[0].points == 0  # a player may write nothing at all
    assert state.sheets[0].rounds[0].best_points == 123


def test_written_groups_do_not_spend_the_junk(game: WFtGtS) -> None:
    state = _replay(game, *ROUND_ONE, _score_line([["d4", "d10_ones", "d10_tens"]])).state
    assert state.junk_left(0) == 1 and state.sheets[0].rounds[0].points == 45


@pytest.mark.parametrize("groups, rule", [
    ([["d4", "d6", "d8"]], "the d4, d6 and d8 show 2, 3 and 2: a set needs the same number on"
                           " every die, and a run a different number on each, in a row"),
    ([["d20", "d6", "d12"]], "the d6, d12 and d20 show 3, 4 and 1: a run needs numbers in a row,"
                             " and 2 is missing"),
    ([["d20", "d8", "d6", "d12"], ["d4", "d8", "d10_tens"]],
     "the d8 is in two groups; a die serves in one group at most"),
    ([["d4", "d10_ones"]], "a run or a set needs at least three dice; this group has only d4"
                           " and d10 (1s)"),
    ([["d4", "d4", "d10_ones", "d10_tens"]], "the d4 is listed twice in one group"),
    ([[]], "an empty group scores nothing"),
])
def test_an_illegal_grouping_is_refused_naming_the_rule(game: WFtGtS, groups: list[list[str]],
                                                         rule: str) -> None:
    with pytest.raises(ReplayError) as err:
        _replay(game, *ROUND_ONE, _score_line(groups))
    assert err.value.line == 7
    assert rule in str(err.value)


def test_groups_name_real_dice_and_come_only_at_the_score(game: WFtGtS) -> None:
    with pytest.raises(ReplayError, match="line 7: cannot read this line: unknown die 'd7'"):
        _replay(game, *ROUND_ONE, _score_line([["d4", "d6", "d7"]]))
    with pytest.raises(ReplayError, match="line 3: .*scoring comes only after line c"):
        _replay(game, ROUND_ONE[0], _score_line([["d4", "d6", "d8"]]))
    state = game.new_initial_state(1)
    for roll in ([1] * 7, [2] * 7, [3] * 7):
        state.apply(tuple(roll))
        if state.line < 3:
            state.apply(KEEPS[127])
    state.apply(Score(groups=((0, 1, 2, 3, 4, 5, 6),)))  # seven 3s: 28 x 9
    assert state.sheets[0].rounds[0].points == 252


def test_the_schema_takes_groups_and_refuses_bad_shapes(game: WFtGtS) -> None:
    good = "\n".join([HEADER, *ROUND_ONE, _score_line([["d4", "d10_ones", "d10_tens"]])])
    validate_log_lines(game, good)
    bad = "\n".join([HEADER, *ROUND_ONE, _score_line([["d4", "d9", "d10_tens"]])])
    with pytest.raises(LogFormatError, match="line 7: decision line"):
        validate_log_lines(game, bad)
    bad = "\n".join([HEADER, *ROUND_ONE, '{"player": 0, "action": {"score": {"group": []}}}'])
    with pytest.raises(LogFormatError, match="line 7"):
        validate_log_lines(game, bad)


# -- the tens d10 is written as read ----------------------------------------------------------


@pytest.mark.parametrize("face, fix", [(0, "write 10, not 0"), ('"00"', 'write 10, not "00"'),
                                       (20, "write 2, not 20"), (90, "write 9, not 90")])
def test_a_tens_die_written_as_printed_is_refused_with_the_reading_rule(
    game: WFtGtS, face: int | str, fix: str
) -> None:
    line = f'{{"chance": [3, 3, 2, 8, {face}, 4, 14]}}'
    with pytest.raises(ReplayError) as err:
        _replay(game, line)
    assert err.value.line == 2
    assert TENS_RULE in str(err.value) and fix in str(err.value)
    assert "d10 (10s)" in str(err.value)
    # the schema check (run first by `printkit replay`) states the rule too
    with pytest.raises(LogFormatError) as bad_format:
        validate_log_lines(game, f"{HEADER}\n{line}\n")
    assert "line 2" in str(bad_format.value) and TENS_RULE in str(bad_format.value)


def test_the_ones_die_reading_and_plain_dice(game: WFtGtS) -> None:
    with pytest.raises(ReplayError, match="the d10 \\(1s\\) is written 1 to 10, 0 counts as 10;"
                                          " write 10, not 0"):
        _replay(game, '{"chance": [3, 3, 2, 0, 8, 4, 14]}')
    with pytest.raises(LogFormatError, match="0 counts as 10"):
        validate_log_lines(game, f'{HEADER}\n{{"chance": [3, 3, 2, 0, 8, 4, 14]}}\n')
    with pytest.raises(ReplayError, match="not a possible outcome of this roll: the d20 shows 1 to"
                                          " 20, not 21"):
        _replay(game, '{"chance": [3, 3, 2, 8, 8, 4, 21]}')
    # 10 on either d10 is a face: the ones die's 0, the tens die's 00
    _replay(game, '{"chance": [3, 3, 2, 10, 10, 4, 14]}')


# -- bot logs ---------------------------------------------------------------------------------


SEATS = [["optimal"], ["greedy"], ["random"], ["optimal", "greedy"],
         ["greedy", "random", "optimal"]]


def test_every_line_of_50_bot_games_matches_the_schema(game: WFtGtS) -> None:
    for seed in range(50):
        seats = SEATS[seed % len(SEATS)]
        played = play(game, seats, seed=seed)
        assert played.log is not None
        text = played.log.dumps()
        validate_log_lines(game, text)
        assert replay(game, parse_log(text)).state.result() == played.state.result()
        reasons = [e.reason for e in played.log.entries if e.reason]
        assert not any("d10_" in r or "EV" in r for r in reasons)
