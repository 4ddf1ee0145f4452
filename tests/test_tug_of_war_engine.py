"""Tug of War: the seed's worked examples move by move, rule edge cases, logs and bots."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypedDict

import pytest

from printkit.engines.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    parse_log,
    play,
    read_log,
    replay,
)
from printkit.engines.core.conformance import check_game
from printkit.engines.core.errors import ReplayError
from printkit.engines.core.game import ChanceOutcome, State
from printkit.engines.core.runner import PlayedGame
from printkit.engines.tug_of_war import (
    RED,
    RULES,
    YELLOW,
    Action,
    EndTurn,
    Exchange,
    Phase,
    Remove,
    Reroll,
    TugOfWar,
    TugOfWarState,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "tug-of-war"


Teams = tuple[Sequence[int], Sequence[int]]


def position(team: Teams = ((1, 2, 3), (1, 2, 3)), athletes: tuple[int, int] = (9, 9),
             to_move: int = YELLOW) -> TugOfWarState:
    return TugOfWarState.from_position(team=team, athletes=athletes, to_move=to_move)


def refused(state: TugOfWarState, action: Action | ChanceOutcome, words: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert words in info.value.rule


def phase(state: TugOfWarState) -> Phase:
    """``state.phase`` read afresh: mypy keeps ``state.phase`` narrowed by an earlier assert
    even after ``state.apply()`` has moved the game on."""
    return state.phase


def log_text(played: PlayedGame[TugOfWarState, Action]) -> str:
    """The log of a game played with ``record`` on (the default), as text."""
    assert played.log is not None
    return played.log.dumps()


# -- the seed's worked examples ------------------------------------------------------------


def test_bernd_setup_golden() -> None:
    """Bernd rolls 2, 6, 6, re-rolls both sixes to 3 and 5: team 2, 3, 5 and 10 athletes."""
    state = TugOfWar().new_initial_state()
    assert state.current_player() == CHANCE and state.phase == Phase.SETUP_ROLL
    state.apply((2, 6, 6))
    assert state.current_player() == YELLOW
    assert Reroll((6, 6)) in state.legal_actions()
    assert Reroll(()) in state.legal_actions()  # keeping is re-rolling none
    state.apply(Reroll((6, 6)))
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes().sides) == 2
    state.apply((3, 5))
    assert state.team[YELLOW] == (2, 3, 5)
    assert state.athletes[YELLOW] == 10
    assert state.reserve(YELLOW) == 8
    # now Red sets up
    assert state.phase == Phase.SETUP_ROLL and state.player == RED


# Jeff plays Red against Bernd (Yellow) in every example: Bernd's set-up is Yellow's (Yellow
# rolls first), so Jeff's turn is Red's.
class Position(TypedDict):
    team: Teams
    athletes: tuple[int, int]
    to_move: int


JEFF_TURN: Position = {"team": ((1, 3, 5), (2, 4, 6)), "athletes": (6, 3), "to_move": RED}


def test_jeff_turn_golden() -> None:
    """Jeff: team 2, 4, 6 and 3 athletes; rolls 1, 3, 5; re-rolls the 1 to a 4; exchanges the
    3 for the 2 (+2: 5 athletes, team 3, 4, 6); then the 4 or the 5 removes one athlete."""
    state = position(**JEFF_TURN)
    state.apply((1, 3, 5))
    assert state.phase == Phase.TURN_REROLL and state.rerolls_allowed() == 1
    state.apply(Reroll((1,)))
    state.apply((4,))
    assert state.roll == (3, 4, 5)
    state.apply(Exchange(3, 2))
    assert state.athletes == (6, 5)
    assert state.team[RED] == (3, 4, 6)
    # Either the 4 or the 5 may remove against the team 4; nothing against the new 3 or the 6.
    assert set(state.legal_actions()) == {Remove(4, 4), Remove(5, 4), EndTurn()}
    refused(state, Remove(5, 3), "already paired")
    refused(state, Remove(4, 6), "at least as high")
    state.apply(Remove(5, 4))
    assert state.athletes == (5, 5)
    # the other common die is useless and the exchange is spent: the turn ends by itself
    assert phase(state) == Phase.TURN_ROLL and state.player == YELLOW
    assert state.stats.max_athletes == (6, 5)


def test_jeff_turn_the_four_works_too() -> None:
    state = position(**JEFF_TURN)
    for move in [(1, 3, 5), Reroll((1,)), (4,), Exchange(3, 2), Remove(4, 4)]:
        state.apply(move)
    assert state.athletes == (5, 5) and state.player == YELLOW


@pytest.mark.parametrize("name", ["bernd-setup", "jeff-turn", "lookahead-vs-greedy-seed58"])
def test_example_logs_replay(name: str) -> None:
    log = read_log(EXAMPLES / f"{name}.jsonl")
    state = replay(TugOfWar(), log).state
    if name == "jeff-turn":
        assert state.athletes == (5, 5) and state.team[RED] == (3, 4, 6)
        assert state.team[YELLOW] == (1, 3, 5)
    if name == "bernd-setup":
        assert state.team == ((2, 3, 5), (4, 5, 6)) and state.athletes == (10, 12)
        assert state.first_player == YELLOW


def test_jeff_and_bernd_keep_their_sides_in_every_example() -> None:
    """The seed's people play the same colours in every log: Bernd Yellow, Jeff Red (and Ann
    Yellow, Ben Red), so the booklets never swap a person's colour."""
    sides = {"Bernd": YELLOW, "Jeff": RED, "Ann": YELLOW, "Ben": RED, "Yellow": YELLOW,
             "Red": RED}
    seen = set()
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        for side, player in enumerate(read_log(path).header.players):
            assert sides[player.name] == side, (path.name, player.name)
            seen.add(player.name)
    assert {"Bernd", "Jeff"} <= seen


# -- set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "yellow, red, first",
    [((1, 2, 3), (4, 5, 6), YELLOW), ((6, 6, 6), (1, 1, 1), RED), ((2, 3, 4), (3, 3, 3), YELLOW)],
)
def test_fewer_athletes_starts_yellow_on_a_tie(yellow: tuple[int, int, int],
                                               red: tuple[int, int, int], first: int) -> None:
    state = TugOfWar().new_initial_state()
    for roll in (yellow, red):
        state.apply(roll)
        state.apply(Reroll(()))
    assert state.first_player == first
    assert state.player == first and state.phase == Phase.TURN_ROLL
    assert state.athletes == (sum(yellow), sum(red))
    assert state.stats.max_athletes == (sum(yellow), sum(red))


def test_setup_reroll_must_name_rolled_dice() -> None:
    state = TugOfWar().new_initial_state()
    state.apply((2, 6, 6))
    refused(state, Reroll((5,)), "the dice show")
    refused(state, Reroll((6, 6, 6)), "the dice show")
    refused(state, Remove(6, 2), "re-roll")


# -- turn rules --------------------------------------------------------------------------------


def test_no_six_no_reroll_decision() -> None:
    state = position(team=((1, 2, 3), (4, 4, 4)))
    state.apply((1, 1, 1))
    assert state.phase == Phase.ACTIONS


def test_reroll_count_limited_by_sixes() -> None:
    state = position(team=((1, 6, 6), (4, 4, 4)))
    state.apply((1, 2, 3))
    assert state.rerolls_allowed() == 2
    actions = state.legal_actions()
    assert all(isinstance(a, Reroll) for a in actions)  # only the re-roll decision
    assert max(len(a.dice) for a in actions if isinstance(a, Reroll)) == 2
    refused(state, Reroll((1, 2, 3)), "one per 6")
    state.apply(Reroll((1, 2)))
    assert state.current_player() == CHANCE
    refused(state, (5,), "2 dice")
    state.apply((5, 6))
    assert state.roll == (3, 5, 6)


def test_remove_with_too_low_die_refused() -> None:
    state = position(team=((4, 5, 5), (1, 1, 1)))
    state.apply((1, 2, 3))  # nothing beats a 4, but exchanges are possible
    assert state.phase == Phase.ACTIONS
    refused(state, Remove(3, 4), "at least as high")
    refused(state, Remove(6, 4), "no common die shows 6")


def test_common_die_used_twice_refused() -> None:
    state = position(team=((1, 2, 3), (1, 1, 1)))
    state.apply((1, 4, 5))
    state.apply(Remove(5, 1))
    refused(state, Remove(5, 2), "already been used")
    state.apply(Remove(4, 2))
    assert state.athletes == (9, 7)


def test_team_die_used_twice_refused() -> None:
    state = position(team=((1, 5, 6), (1, 1, 1)))
    state.apply((2, 3, 4))
    state.apply(Reroll(()))
    state.apply(Remove(4, 1))
    # 2 and 3 cannot beat 5 or 6 and the 1 is taken; an exchange is still possible
    refused(state, Remove(3, 1), "already paired")
    assert all(not isinstance(a, Remove) for a in state.legal_actions())


def test_exchange_of_equal_values_refused() -> None:
    state = position(team=((3, 5, 6), (1, 1, 1)))
    state.apply((1, 3, 2))
    state.apply(Reroll(()))
    refused(state, Exchange(3, 3), "different values")


def test_exchange_gains_and_losses() -> None:
    state = position(team=((2, 4, 6), (1, 1, 1)), athletes=(9, 9))
    state.apply((1, 1, 5))
    state.apply(Reroll(()))
    state.apply(Exchange(1, 6))  # +1 -5
    assert state.athletes[YELLOW] == 5
    assert state.team[YELLOW] == (1, 2, 4)
    refused(state, Exchange(1, 2), "one exchange")


def test_gain_capped_at_reserve() -> None:
    state = position(team=((1, 2, 3), (1, 1, 1)), athletes=(16, 9))
    state.apply((6, 6, 6))
    state.apply(Exchange(6, 1))  # +1 +5 = 6, but only 2 athletes are in the reserve
    assert state.athletes[YELLOW] == RULES.athletes_per_side
    assert state.reserve(YELLOW) == 0
    assert state.stats.max_athletes[YELLOW] == 18


def test_exchange_may_not_empty_own_team() -> None:
    state = position(team=((1, 5, 6), (1, 1, 1)), athletes=(2, 9))
    state.apply((1, 1, 1))
    state.apply(Reroll(()))
    refused(state, Exchange(1, 6), "none on the rope")  # +1 -5 from 2 athletes
    refused(state, Exchange(1, 5), "none on the rope")  # +1 -4
    assert Exchange(1, 6) not in state.legal_actions()
    state = position(team=((2, 5, 6), (1, 1, 1)), athletes=(2, 9))
    state.apply((1, 1, 1))
    state.apply(Reroll(()))
    assert Exchange(1, 2) in state.legal_actions()  # +1 -1: stays at 2


def test_turn_ends_by_itself_when_no_die_can_be_used() -> None:
    # three 1s against 1, 1, 1: the removals use every die
    state = position(team=((1, 1, 1), (1, 1, 1)))
    state.apply((1, 1, 1))
    for _ in range(3):
        state.apply(Remove(1, 1))
    assert state.player == RED and state.phase == Phase.TURN_ROLL and state.athletes == (9, 6)
    # nothing beats a 5 and every exchange would cost Red its last athlete: straight to Yellow
    state = position(team=((1, 1, 1), (5, 5, 5)), athletes=(9, 1), to_move=RED)
    state.apply((1, 1, 1))
    assert state.player == YELLOW and state.phase == Phase.TURN_ROLL


def test_end_turn_early_and_decision_refused_at_roll() -> None:
    state = position()
    refused(state, EndTurn(), "roll")
    state.apply((4, 5, 6))
    state.apply(EndTurn())
    assert state.player == RED and state.athletes == (9, 9) and state.turns == 1


def test_removing_the_last_athlete_wins() -> None:
    state = position(athletes=(9, 2))
    state.apply((3, 4, 5))
    state.apply(Remove(3, 1))
    state.apply(Remove(4, 2))
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0]
    result = state.result()
    assert result["winner"] == YELLOW and result["athletes"] == [9, 0] and result["turns"] == 1
    refused(state, EndTurn(), "over")
    json.dumps(result)


def test_turn_limit_is_a_draw() -> None:
    state = TugOfWar().new_initial_state(2, {"turn_limit": 2})
    for roll in ((6, 6, 6), (6, 6, 6)):
        state.apply(roll)
        state.apply(Reroll(()))
    for _ in range(2):
        state.apply((1, 1, 1))
        state.apply(Reroll(()))
        if not state.is_chance():
            state.apply(EndTurn())
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]
    assert state.result()["winner"] is None and state.result()["end"] == "turn limit"


def test_bad_options_refused() -> None:
    game = TugOfWar()
    with pytest.raises(ValueError, match="unknown option"):
        game.new_initial_state(2, {"board": 3})
    with pytest.raises(ValueError, match="turn_limit"):
        game.new_initial_state(2, {"turn_limit": 0})
    with pytest.raises(ValueError, match="position"):
        game.new_initial_state(2, {"position": {"team": [[1, 2]]}})
    with pytest.raises(ValueError, match="2 players"):
        game.new_initial_state(3)


def test_illegal_outcomes_refused() -> None:
    state = position()
    for bad in [(0, 1, 2), (1, 2), (1, 2, 7), "123", None, ([1], 2, 3)]:
        with pytest.raises(IllegalActionError):
            state.apply(bad)


# -- JSON, logs, clone --------------------------------------------------------------------------


def test_action_json_round_trip() -> None:
    game = TugOfWar()
    actions: list[Action] = [Reroll(()), Reroll((6, 1)), Remove(5, 4), Exchange(3, 2), EndTurn()]
    for action in actions:
        data = game.action_to_json(action)
        assert game.action_from_json(json.loads(json.dumps(data))) == action
    assert game.action_to_json(Reroll((6, 1))) == {"reroll": [1, 6]}
    assert game.action_to_json(Remove(5, 4)) == {"remove": {"common": 5, "team": 4}}
    assert game.action_to_json(EndTurn()) == "end"
    for bad in [{"remove": {"common": 5}}, {"reroll": 6}, {"jump": 1}, 3, {"reroll": [True]}]:
        with pytest.raises(ValueError):
            game.action_from_json(bad)
    with pytest.raises(ValueError):
        game.outcome_from_json([True, 2, 3])


def test_replay_names_the_line_and_rule() -> None:
    text = (EXAMPLES / "jeff-turn.jsonl").read_text()
    bad = text.replace('"remove": {"common": 5, "team": 4}', '"remove": {"common": 5, "team": 3}')
    with pytest.raises(ReplayError) as info:
        replay(TugOfWar(), parse_log(bad))
    assert info.value.line == 6 and "already paired" in info.value.message


def test_clone_is_independent_and_equal() -> None:
    state = position(team=((2, 4, 6), (1, 3, 5)), athletes=(3, 6))
    state.apply((1, 3, 5))
    copy = state.clone()
    state.apply(Reroll((1,)))
    state.apply((4,))
    state.apply(Exchange(3, 2))
    assert copy.phase == Phase.TURN_REROLL and copy.athletes == (3, 6)
    assert copy.team[YELLOW] == (2, 4, 6) and copy.roll == (1, 3, 5)
    assert copy.legal_actions() == [Reroll(()), Reroll((1,)), Reroll((3,)), Reroll((5,))]


def test_stats_follow_play() -> None:
    played = play(TugOfWar(), ["greedy", "greedy"], seed=4)
    stats = played.state.stats
    assert stats.turns == played.state.result()["turns"] >= 1
    assert all(1 <= m <= RULES.athletes_per_side for m in stats.max_athletes)
    assert played.log is not None and played.log.result is not None
    assert played.log.result["max_athletes"] == list(stats.max_athletes)


# -- random play and bots ----------------------------------------------------------------------


def test_random_play_property() -> None:
    """Random legal play keeps every invariant and always ends."""
    game = TugOfWar()
    rng = random.Random(0)
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.chance_outcomes().sample(rng))
            else:
                actions = state.legal_actions()
                assert actions
                for action in actions:
                    state.check_legal(action)  # raises IllegalActionError on an illegal one
                state.apply(rng.choice(actions))
            a = state.athletes
            assert all(0 <= x <= RULES.athletes_per_side for x in a)
            assert state.turns <= RULES.turn_limit
        assert state.winner is None or state.athletes[1 - state.winner] == 0


def test_bot_reasons_and_lookahead_strength() -> None:
    played = play(TugOfWar(), ["lookahead", "greedy"], seed=58)
    assert played.log is not None
    reasons = [e.reason or "" for e in played.log.entries if e.player is not None]
    assert all(reasons)
    # "the last athlete" only on the removal that takes the last one (issue 11, item 12)
    last = [i for i, r in enumerate(reasons) if "last athlete" in r]
    assert last == [len(reasons) - 1]
    assert sum("every athlete left" in r for r in reasons) == 2
    wins = sum(
        play(TugOfWar(), bots, seed=s, record=False).state.winner == bots.index("lookahead")
        for s in range(20)
        for bots in (["lookahead", "greedy"], ["greedy", "lookahead"])
    )
    assert wins >= 30


# -- the exchange in the seed's order (first the bonus athlete, then the difference) -------------


@pytest.mark.parametrize(
    "own, common, team, after",
    [
        (18, 1, 6, 13),  # reserve empty: no bonus athlete, then 5 back to the reserve
        (18, 4, 5, 17),  # one value lower from a full rope costs one athlete
        (18, 6, 1, 18),  # gains beyond the reserve are lost
        (17, 1, 6, 13),  # the bonus athlete fills the rope, then 5 go back
        (17, 5, 4, 18),
        (9, 1, 6, 5),
        (9, 6, 1, 15),
        (2, 1, 3, 1),
    ],
)
def test_exchange_first_adds_the_bonus_then_the_difference(own: int, common: int, team: int,
                                                           after: int) -> None:
    assert RULES.after_exchange(own, common, team) == after
    teams = (tuple(sorted((team, 2, 3))), (1, 1, 1))
    state = position(team=teams, athletes=(own, 9))
    state.apply((common, common, common))
    if state.phase == Phase.TURN_REROLL:
        state.apply(Reroll(()))
    state.apply(Exchange(common, team))
    assert state.athletes[YELLOW] == after
    assert state.reserve(YELLOW) == RULES.athletes_per_side - after


def test_lowering_exchange_from_a_full_rope() -> None:
    """18 on the rope and an empty reserve: 1-for-6 gives 13 (not 14), 4-for-5 gives 17."""
    state = position(team=((2, 5, 6), (1, 1, 1)), athletes=(18, 9))
    state.apply((1, 4, 4))
    state.apply(Reroll(()))
    state.apply(Exchange(1, 6))
    assert state.athletes == (13, 9) and state.team[YELLOW] == (1, 2, 5)
    state = position(team=((2, 5, 6), (1, 1, 1)), athletes=(18, 9))
    state.apply((1, 4, 4))
    state.apply(Reroll(()))
    state.apply(Exchange(4, 5))
    assert state.athletes == (17, 9) and state.team[YELLOW] == (2, 4, 6)


# -- re-rolls for sixes: both readings -------------------------------------------------------------


def sequential(team: Teams, athletes: tuple[int, int] = (9, 9),
               to_move: int = YELLOW) -> TugOfWarState:
    return TugOfWarState.from_position(team=team, athletes=athletes, to_move=to_move,
                                       reroll_mode="sequential")


def test_sequential_rerolls_one_die_at_a_time_and_the_same_die_again() -> None:
    state = sequential(team=((1, 6, 6), (4, 4, 4)))
    assert state.reroll_mode == "sequential"
    state.apply((1, 2, 3))
    assert state.phase == Phase.TURN_REROLL and state.rerolls_left == 2
    assert state.rerolls_allowed() == 1
    assert state.legal_actions() == [Reroll(()), Reroll((1,)), Reroll((2,)), Reroll((3,))]
    refused(state, Reroll((1, 2)), "one at a time")
    state.apply(Reroll((1,)))
    assert state.current_player() == CHANCE and len(state.chance_outcomes().sides) == 1
    refused(state, (2, 2), "1 die")
    state.apply((2,))  # the 1 came up 2: the second six re-rolls that same die again
    assert state.phase == Phase.TURN_REROLL and state.roll == (2, 2, 3)
    assert state.rerolls_left == 1
    state.apply(Reroll((2,)))
    state.apply((5,))
    assert phase(state) == Phase.ACTIONS and state.roll == (2, 3, 5)
    assert state.rerolls_left == 0


def test_sequential_keep_ends_the_rerolls() -> None:
    state = sequential(team=((1, 6, 6), (4, 4, 4)))
    state.apply((5, 5, 6))
    state.apply(Reroll(()))
    assert state.phase == Phase.ACTIONS and state.roll == (5, 5, 6)


def test_simultaneous_rerolls_each_die_once_all_together() -> None:
    state = position(team=((1, 6, 6), (4, 4, 4)))
    assert state.reroll_mode == RULES.reroll_mode == "simultaneous"
    state.apply((1, 2, 3))
    state.apply(Reroll((1, 2)))
    state.apply((1, 1))
    assert state.phase == Phase.ACTIONS and state.roll == (1, 1, 3)  # no second chance


def test_a_six_brought_in_by_an_exchange_grants_no_reroll() -> None:
    state = position(team=((1, 2, 3), (5, 5, 5)))
    state.apply((6, 4, 1))  # no 6 among the team dice: no re-roll decision
    assert state.phase == Phase.ACTIONS
    state.apply(Exchange(6, 1))
    assert 6 in state.team[YELLOW] and state.phase == Phase.ACTIONS
    refused(state, Reroll((1,)), "a 6 brought in by an exchange grants no re-roll")
    state.apply(EndTurn())
    state.apply((1, 1, 1))  # Red
    refused(state, (1, 2, 3), "no roll is due now: Red uses the common dice or ends the turn")
    state.apply(EndTurn())
    state.apply((1, 2, 3))  # Yellow's next turn: now the 6 counts
    assert phase(state) == Phase.TURN_REROLL and state.rerolls_allowed() == 1


@pytest.mark.parametrize("mode", ["simultaneous", "sequential"])
def test_both_reroll_modes_conform(mode: str) -> None:
    """The conformance check, for each reading of the six re-rolls (random play over ten
    seeds, every bot over three), and a mixed line-up's log round trip."""
    game = TugOfWar()
    options = {"reroll_mode": mode}
    found = check_game(game, options=options, seeds=range(10), bot_seeds=(1, 2, 3))
    assert found.random_games == 10 and found.bot_games == 9
    for seed in (1, 2, 3):
        played = play(game, ["lookahead", "greedy"], seed=seed, options=options)
        assert played.log is not None
        assert played.log.header.options == options
        text = played.log.dumps()
        assert parse_log(text).dumps() == text
        assert replay(game, parse_log(text)).state.result() == played.state.result()


def test_reroll_mode_option_is_checked() -> None:
    game = TugOfWar()
    assert game.new_initial_state(2, {"reroll_mode": "sequential"}).reroll_mode == "sequential"
    with pytest.raises(ValueError, match="reroll_mode must be 'simultaneous' or 'sequential'"):
        game.new_initial_state(2, {"reroll_mode": "one by one"})
    state = game.new_initial_state(2, {"reroll_mode": "sequential", "position": {
        "team": [[6, 6, 1], [2, 3, 4]], "athletes": [5, 5]}})
    assert state.reroll_mode == "sequential" and state.team[YELLOW] == (1, 6, 6)


def test_setup_rerolls_are_simultaneous_in_both_modes() -> None:
    state = TugOfWar().new_initial_state(2, {"reroll_mode": "sequential"})
    state.apply((1, 1, 6))
    assert state.rerolls_allowed() == 3
    state.apply(Reroll((1, 1)))
    state.apply((6, 6))
    assert state.team[YELLOW] == (6, 6, 6) and state.player == RED


# -- the fast paths agree with the rules as checked one by one -------------------------------------


def test_apply_agrees_with_the_checks() -> None:
    """Every legal action applies, every refused one names a rule: the fast path of apply()
    gives exactly what check_legal() says, and leaves a refused state untouched."""
    game = TugOfWar()
    rng = random.Random(7)
    probes: list[Action] = [Remove(c, t) for c in range(1, 7) for t in range(1, 7)]
    probes += [Exchange(c, t) for c in range(1, 7) for t in range(1, 7)]
    probes += [Reroll(()), Reroll((6,)), Reroll((1, 2)), EndTurn()]
    for mode in ("simultaneous", "sequential"):
        for _ in range(15):
            state = game.new_initial_state(2, {"reroll_mode": mode})
            while not state.is_terminal():
                if state.is_chance():
                    state.apply(state.chance_outcomes().sample(rng))
                    continue
                legal = set(state.legal_actions())
                for action in rng.sample(probes, 12) + list(legal):
                    trial = state.clone()
                    why = state._illegal_reason(action)
                    assert (why is None) == (action in legal), (state, action, why)
                    if why is None:
                        trial.apply(action)
                    else:
                        with pytest.raises(IllegalActionError) as info:
                            trial.apply(action)
                        assert info.value.rule == why
                        assert trial.view(0).legal_actions() == state.legal_actions()
                state.apply(rng.choice(sorted(legal, key=repr)))


def _plain_apply(state: TugOfWarState, move: Action | ChanceOutcome) -> None:
    """The protocol's own apply, check then transition, with no fast path (the engine's
    transition takes a roll sorted, as a roll is a multiset)."""
    if state.is_chance():
        state.check_outcome(move)  # a roll: a tuple or list of dice, not a decision
        assert not isinstance(move, (Reroll, Remove, Exchange, EndTurn))
        state._apply_outcome(tuple(sorted(move)))
    else:
        State.apply(state, move)


def _slots(state: TugOfWarState) -> dict[str, Any]:
    return {slot: getattr(state, slot) for slot in TugOfWarState.__slots__}


@pytest.mark.parametrize("mode", ["simultaneous", "sequential"])
def test_the_fast_apply_is_the_plain_apply_step_by_step(mode: str) -> None:
    """Over many random games, apply() and the protocol's plain check-then-apply leave every
    slot alike after every move, and refuse the same moves with the same rule."""
    game = TugOfWar()
    rng = random.Random(mode)
    probes: list[Action | tuple[int, ...]] = [
        Remove(c, t) for c in range(1, 7) for t in range(1, 7)]
    probes += [Exchange(c, t) for c in range(1, 7) for t in range(1, 7)]
    probes += [Reroll(()), Reroll((6,)), Reroll((1, 2)), Reroll((5, 5, 5)), EndTurn(),
               (1, 2, 3), (4,), (6, 6), (0, 7, 1), (True, 2, 3)]
    steps = 0
    for _ in range(120):
        fast = game.new_initial_state(2, {"reroll_mode": mode})
        plain = fast.clone()
        while not fast.is_terminal():
            legal = fast.legal_actions() if not fast.is_chance() else []
            move = (fast.chance_outcomes().sample(rng) if fast.is_chance()
                    else rng.choice(legal))
            for probe in rng.sample(probes, 3):
                outcomes: list[tuple[str, object]] = []
                for state, apply in ((fast.clone(), TugOfWarState.apply),
                                     (plain.clone(), _plain_apply)):
                    try:
                        apply(state, probe)
                        outcomes.append(("applied", _slots(state)))
                    except IllegalActionError as exc:
                        outcomes.append(("refused", exc.rule))
                assert outcomes[0] == outcomes[1], (fast, probe)
            fast.apply(move)
            _plain_apply(plain, move)
            assert _slots(fast) == _slots(plain), (fast, move)
            steps += 1
    assert steps > 10_000


def test_the_fast_apply_plays_the_same_games_as_the_plain_apply(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    game = TugOfWar()
    seats = [["lookahead", "greedy"], ["greedy", "random"], ["random", "random"]]
    logs = [log_text(play(game, bots, seed=s, options={"reroll_mode": mode}))
            for bots in seats for s in range(4) for mode in ("simultaneous", "sequential")]
    monkeypatch.setattr(TugOfWarState, "apply", _plain_apply)
    assert logs == [log_text(play(game, bots, seed=s, options={"reroll_mode": mode}))
                    for bots in seats for s in range(4)
                    for mode in ("simultaneous", "sequential")]


def test_view_and_clone_copy_every_slot() -> None:
    state = position(team=((2, 4, 6), (1, 3, 5)), athletes=(3, 6))
    for move in [(1, 3, 5), Reroll((1,)), (4,), Exchange(3, 2)]:
        state.apply(move)
    for copy in (state.clone(), state.view(0), state.view(1)):
        assert copy is not state
        for slot in TugOfWarState.__slots__:
            assert getattr(copy, slot) == getattr(state, slot), slot


def test_fast_dice_sampling_draws_what_rng_choice_draws() -> None:
    state = position()
    roll = state.chance_outcomes()
    a, b = random.Random(3), random.Random(3)
    from printkit.engines.tug_of_war.game import _all_rolls

    rolls = _all_rolls(3, 6)
    assert [roll.sample(a) for _ in range(500)] == [b.choice(rolls) for _ in range(500)]


# -- the log schema -------------------------------------------------------------------------------


def test_every_logged_line_of_bot_games_matches_the_schemas() -> None:
    from jsonschema import Draft202012Validator

    game = TugOfWar()
    parts = {
        "action": game.action_schema(),
        "chance": game.outcome_schema(),
        "result": game.result_schema(),
        "options": game.options_schema(),
    }
    checkers = {}
    for name, schema in parts.items():
        Draft202012Validator.check_schema(schema)
        checkers[name] = Draft202012Validator(schema)
    from printkit.engines.core import validate_log_lines

    seats = [["lookahead", "greedy"], ["random", "random"], ["greedy", "lookahead"]]
    for i in range(50):
        options = {"reroll_mode": ("simultaneous", "sequential")[i % 2]}
        text = log_text(play(game, seats[i % 3], seed=i, options=options))
        validate_log_lines(game, text)
        for number, line in enumerate(text.splitlines()):
            obj = json.loads(line)
            if number == 0:
                checkers["options"].validate(obj["options"])
            elif "chance" in obj:
                checkers["chance"].validate(obj["chance"])
            elif "result" in obj:
                checkers["result"].validate(obj["result"])
                assert set(obj["result"]) == set(parts["result"]["properties"])
            else:
                checkers["action"].validate(obj["action"])


@pytest.mark.parametrize(
    "part, value",
    [
        ("action", {"end": True}),
        ("action", "stop"),
        ("action", {"reroll": [7]}),
        ("action", {"reroll": [1, 2, 3, 4]}),
        ("action", {"remove": {"common": 5}}),
        ("action", {"exchange": {"common": 3, "team": 2, "bonus": 1}}),
        ("chance", []),
        ("chance", [1, 2, 3, 4]),
        ("chance", [0]),
        ("result", {"winer": 0}),
        ("result", {"winner": 2}),
        ("options", {"reroll_mode": "one by one"}),
        ("options", {"turn_limit": 0}),
        ("options", {"position": {"team": [[1, 2], [3, 4, 5]], "athletes": [3, 3]}}),
        ("options", {"board": 3}),
    ],
)
def test_the_schemas_refuse_what_the_engine_refuses(part: str, value: object) -> None:
    from jsonschema import Draft202012Validator

    game = TugOfWar()
    schema = getattr(game, f"{'outcome' if part == 'chance' else part}_schema")()
    assert not Draft202012Validator(schema).is_valid(value)


def test_action_schema_is_made_of_the_codec_forms_one_per_action_class() -> None:
    from printkit.engines.tug_of_war.game import ACTION_TYPES, CODEC

    schema = TugOfWar().action_schema()
    assert schema["oneOf"] == [form.schema({}) for form in CODEC.forms]
    assert tuple(form.cls for form in CODEC.forms) == ACTION_TYPES


# -- bots' reasons are formatted only when a log records them ------------------------------------


def test_bot_reasons_are_reason_objects() -> None:
    from printkit.engines.core import Reason

    played = play(TugOfWar(), ["greedy", "lookahead"], seed=5, record=False)
    assert played.log is None
    bot_game = TugOfWar()
    state = position(**JEFF_TURN)
    state.apply((1, 3, 5))
    said = {}
    for name, factory in bot_game.bots().items():
        if name == "random":
            continue
        decision = factory(bot_game, RED, random.Random(1)).decide(state.view(RED))
        assert decision.action == Reroll((1,))
        assert isinstance(decision.reason, Reason)
        said[name] = str(decision.reason)
    assert said["greedy"] == ("the best re-roll: about 4.7 athletes gained or removed this "
                              "turn, on average")
    assert said["lookahead"].startswith("the best re-roll on average")


@pytest.mark.parametrize("opp, words", [(1, "the last athlete on the other side"),
                                        (2, "every athlete left"), (3, "every athlete left"),
                                        (4, "costs nothing")])
@pytest.mark.parametrize("bot", ["greedy", "lookahead"])
def test_a_removal_says_last_only_when_it_is(bot: str, opp: int, words: str) -> None:
    """Three removals against 1-4 athletes left: only the very last says it is the last."""
    game = TugOfWar()
    state = position(team=((1, 1, 1), (2, 3, 4)), athletes=(9, opp))
    state.apply((2, 3, 4))  # Yellow: 2, 3 and 4 each beat a team 1
    decision = game.bots()[bot](game, YELLOW, random.Random(0)).decide(state.view(YELLOW))
    assert isinstance(decision.action, Remove)
    assert words in str(decision.reason)


def _rules_data() -> dict[str, Any]:
    import tomllib
    from importlib import resources

    text = (resources.files("printkit.engines.tug_of_war") / "data" / "rules.toml").read_text()
    return tomllib.loads(text)


def test_rules_toml_reroll_mode_is_checked() -> None:
    from printkit.engines.tug_of_war.rules import parse_rules

    data = _rules_data()
    assert parse_rules(data).reroll_mode == "simultaneous"
    data["designed_for_printkit"]["reroll_mode"] = "sequential"
    assert parse_rules(data).reroll_mode == "sequential"
    assert TugOfWar(parse_rules(data)).new_initial_state().reroll_mode == "sequential"
    data["designed_for_printkit"]["reroll_mode"] = "both"
    with pytest.raises(ValueError, match="reroll_mode"):
        parse_rules(data)


def test_rules_without_exchanges() -> None:
    from printkit.engines.tug_of_war.rules import parse_rules

    data = _rules_data()
    data["exchanges_per_turn"] = 0
    game = TugOfWar(parse_rules(data))
    state = TugOfWarState.from_position(team=((2, 3, 4), (1, 1, 1)), athletes=(9, 9), game=game)
    state.apply((1, 5, 5))
    assert not any(isinstance(a, Exchange) for a in state.legal_actions())
    refused(state, Exchange(1, 2), "no exchanges")
    state.apply(Remove(5, 2))
    state.apply(Remove(5, 3))
    assert state.player == RED  # the 1 cannot beat the 4 and no exchange is allowed
