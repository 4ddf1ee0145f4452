"""W.A.R. – Powers 'n Points engine: a hand-written game replayed, refusals naming the rule,
random play ending, and the conformance check of every game (tests/test_conformance.py) over
more seeds for the random bot."""

from __future__ import annotations

import json
import random

import pytest

from printkit.engines.core import (
    CHANCE,
    TERMINAL,
    GameLog,
    IllegalActionError,
    LogEntry,
    LogHeader,
    Player,
    parse_log,
    play,
    replay,
    validate_log_lines,
)
from printkit.engines.core.conformance import check_game
from printkit.engines.war_pnp import PowerKind
from printkit.engines.war_pnp.game import (
    ACTION_TYPES,
    ROUND_SAFETY_LIMIT,
    Action,
    DevelopPoints,
    DevelopPower,
    Erase,
    EraseTrap,
    Mark,
    Pass,
    Reroll,
    Score,
    SetActivation,
    SetTrap,
    Stop,
    Target,
    Undevelop,
    Unwither,
    UsePower,
    WarPnP,
    WarPnPState,
    Wither,
)

GAME = WarPnP()

Move = tuple[int | None, Action | tuple[int, ...]]
"""A seat and its action, or None and a roll."""

SETUP: list[Move] = [
    (0, DevelopPower(3, PowerKind.BLOCK)), (0, DevelopPower(3)), (0, DevelopPoints("6/8")),
    (0, DevelopPoints("6/8")), (0, DevelopPoints("7")),
    (1, DevelopPower(3, PowerKind.GROW)), (1, DevelopPoints("6/8")),
    (1, DevelopPoints("6/8")), (1, DevelopPoints("6/8")), (1, DevelopPoints("2/12")),
]
ROUND_ONE: list[Move] = [
    (0, DevelopPower(1, PowerKind.DOUBLE)), (1, DevelopPower(1, PowerKind.DECAY)),
    (0, DevelopPoints("7")), (1, DevelopPoints("7")),
    (None, (3, 3)),                                   # a double 3: each row 3 works twice
    (0, Mark(1, "6/8", 3)), (0, Mark(1, "6/8", 1)),   # Block (ii) twice: two X marks
    (1, DevelopPower(3)), (1, DevelopPoints("6/8")),  # Grow (i) twice: two developments
    (0, Score(6, 2)),                                 # box ii of 6/8: 5 points
    (1, Score(6, 3)),                                 # box iii carries an X: nothing
]


def _play(moves: list[Move]) -> WarPnPState:
    state = GAME.new_initial_state(2)
    for who, move in moves:
        assert state.current_player() == (CHANCE if who is None else who), move
        state.apply(move)
    return state


def _log(moves: list[Move]) -> GameLog:
    log = GameLog(LogHeader(game=GAME.info.name, rules=GAME.info.rules_version,
                            players=(Player("Ann"), Player("Bob")),
                            options=GAME.default_options()))
    for who, move in moves:
        if who is None:
            log.entries.append(LogEntry(None, GAME.outcome_to_json(move)))
        else:
            assert not isinstance(move, tuple)  # an action
            log.entries.append(LogEntry.decision(who, GAME.action_to_json(move), None))
    return log


def test_a_hand_written_round_with_a_double_and_powers() -> None:
    state = _play(SETUP + ROUND_ONE)
    ann, bob = state.sheets
    assert [ann.score, bob.score] == [5, 0]
    assert bob.marks[4][0] == "X" and bob.marks[4][2] is None    # the used X is erased
    assert bob.powers[2][:2] == (0, 1)                           # Grow grew itself: S, 1
    assert bob.points[4][:4] == (0, 0, 0, 1)
    assert state.round == 2 and state.main == 1                  # the dice passed
    assert state.current_player() == 1                           # Bob develops first now


def test_the_hand_written_log_replays_and_matches_the_schema() -> None:
    log = _log(SETUP + ROUND_ONE)
    text = log.dumps()
    validate_log_lines(GAME, text)
    again = replay(GAME, parse_log(text))
    assert [s.score for s in again.state.sheets] == [5, 0]


ROUND_TWO: list[Move] = [  # Bob is the main player now and goes first
    (1, DevelopPower(1)), (0, DevelopPower(6, PowerKind.STEAL)),
    (1, DevelopPoints("7")), (0, DevelopPoints("7")),
    (None, (1, 6)),                  # row 1: Bob's Decay (ii), Ann's Double (i); row 6: Steal
    (0, Mark(0, "7", 3)),            # Ann's 2x on her box iii of 7
    (1, Score(7, 2)),                # Bob: box ii of 7 = 7
    (0, Score(7, 3)),                # Ann: Decay 2 moves iii to i (3), then 2x = 6
]


def test_decay_double_and_steal_resolve_in_order() -> None:
    state = _play(SETUP + ROUND_ONE + ROUND_TWO)
    # Steal (i): at most box i of 7 (3), at most Ann's gain (6), at most Bob's score (7)
    assert [s.score for s in state.sheets] == [5 + 6 + 3, 7 - 3]
    assert state.sheets[0].marks[5][2] is None       # the 2x was used and erased
    assert state.round == 3 and state.main == 0
    replayed = replay(GAME, parse_log(_log(SETUP + ROUND_ONE + ROUND_TWO).dumps()))
    assert replayed.state.result() == state.result()


def test_illegal_actions_are_refused_naming_the_rule() -> None:
    state = _play(SETUP)
    with pytest.raises(IllegalActionError, match="Develop a Power"):
        state.apply(DevelopPoints("7"))
    with pytest.raises(IllegalActionError, match="Develop a Power"):
        state.apply(DevelopPower(1))                   # a new row must name its power
    with pytest.raises(IllegalActionError, match="Develop a Power"):
        state.apply(DevelopPower(3, PowerKind.GROW))   # row 3 is Block already
    with pytest.raises(IllegalActionError):
        state.apply((3, 3))                            # no roll is due
    state = _play(SETUP + ROUND_ONE[:6])
    with pytest.raises(IllegalActionError, match="Block"):
        state.apply(Mark(1, "6/8", 3))                 # already marked
    with pytest.raises(IllegalActionError, match="Block"):
        state.apply(Mark(0, "6/8", 2))                 # Block marks the opponent
    state = _play(SETUP + ROUND_ONE[:9])
    with pytest.raises(IllegalActionError, match="Gain Points"):
        state.apply(Score(6, 3))                       # Ann's box iii of 6/8 is empty
    with pytest.raises(IllegalActionError, match="Gain Points"):
        state.apply(Score(7, 1))                       # no Bend: only the rolled sum


def test_options_and_round_limits() -> None:
    with pytest.raises(ValueError):
        GAME.new_initial_state(GAME.info.max_players + 1)
    with pytest.raises(ValueError):
        GAME.new_initial_state(1)
    with pytest.raises(ValueError):
        GAME.new_initial_state(2, {"round_limit": "forever"})
    for limit, rounds in (("design_notes", 12), ("hard_decisions", 20)):
        for seed in range(5):
            played = play(GAME, ["random", "random"], seed=seed,
                          options={"round_limit": limit})
            assert played.state.round <= rounds
    assert ROUND_SAFETY_LIMIT >= 20


def test_every_action_form_round_trips_through_json() -> None:
    actions: list[Action]
    actions = [DevelopPower(2, PowerKind.WITHER), DevelopPower(2), DevelopPoints("2/12"),
               Mark(1, "7", 6), SetTrap(1, 25), Wither(1, "4/10"), Stop(0, 6),
               Unwither(0, "3/11"), Erase(1, "5/9", 2), EraseTrap(0, 25), Score(12, 6),
               Undevelop(3, row=2), Undevelop(1, column="7"), Pass(), SetActivation(2, 6),
               UsePower(4), Target(2), Reroll(1)]
    assert {type(a) for a in actions} == set(ACTION_TYPES)
    for action in actions:
        data = json.loads(json.dumps(GAME.action_to_json(action)))
        assert GAME.action_from_json(data) == action
    for bad in ({"score": {"sum": 9}}, {"develop_points": 5}, {"jump": 1}, "end",
                {"trap": 25}, {"use": "3"}):
        with pytest.raises(ValueError):
            GAME.action_from_json(bad)


def test_random_play_ends_and_uses_every_kind_of_decision() -> None:
    seen: set[type] = set()
    for seed in range(30):
        state = GAME.new_initial_state(2)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes().sample(rng))
            else:
                action = rng.choice(state.legal_actions())
                seen.add(type(action))
                state.apply(action)
        assert state.round <= ROUND_SAFETY_LIMIT
        assert state.result()["end"] in ("score", "safety limit")
    assert {Mark, SetTrap, Wither, Score, DevelopPower, DevelopPoints} <= seen


def test_random_bot_games_conform_over_more_seeds() -> None:
    """The conformance check's bot games for seeds 1-3; tests/test_conformance.py checks the
    rest."""
    assert check_game(GAME, seeds=(), bots=["random"], bot_seeds=(1, 2, 3)).bot_games == 3


def test_a_trap_springs_on_an_exact_score_and_the_trapper_undevelops() -> None:
    state = _play(SETUP + ROUND_ONE)
    state.sheets[0].traps[11] = 1                      # Bob's T on Ann's 11
    for _who, move in ROUND_TWO:
        state.apply(move)
    assert state.current_player() == 1                 # Ann landed on 11: Bob un-develops
    with pytest.raises(IllegalActionError, match="Trap"):
        state.apply(Undevelop(6, row=3))               # Ann's box vi of row 3 is empty
    state.apply(Undevelop(2, row=3))
    assert state.sheets[0].powers[2][:2] == (0, None)
    assert 11 not in state.sheets[0].traps
    assert [s.score for s in state.sheets] == [14, 4]  # the Steal comes after


def test_a_cancel_stops_a_power_with_no_more_active_boxes() -> None:
    state = _play(SETUP)
    state.sheets[1].names[2] = PowerKind.CANCEL        # Bob's row 3 (one box) is a Cancel
    for move in [DevelopPower(1, PowerKind.DOUBLE), DevelopPower(3),   # Bob: Cancel (ii)
                 DevelopPoints("7"), DevelopPoints("7"), (3, 5)]:
        state.apply(move)
    assert state.current_player() == 1
    assert Stop(0, 3) in state.legal_actions()         # Ann's Block has 2 boxes, Cancel 2
    state.apply(Stop(0, 3))
    assert state.current_player() == 0                 # no Block marks: straight to scores
    assert all(m is None for m in state.sheets[1].marks[4])


def test_a_cancel_erases_marks_one_per_point_across_sheets() -> None:
    state = _play(SETUP)
    state.sheets[1].names[2] = PowerKind.CANCEL        # Bob's Cancel (ii): two points
    state.sheets[0].traps[40] = 1
    state.sheets[1].marks[0][0] = "X"
    for move in [DevelopPower(1, PowerKind.DOUBLE), DevelopPower(3),
                 DevelopPoints("7"), DevelopPoints("7"), (3, 5)]:
        state.apply(move)
    state.apply(EraseTrap(0, 40))
    assert state.current_player() == 1                 # one more point of Cancel to use
    state.apply(Erase(1, "2/12", 1))
    assert 40 not in state.sheets[0].traps and state.sheets[1].marks[0][0] is None
    assert state.current_player() == 0                 # Ann's Block marks come next
