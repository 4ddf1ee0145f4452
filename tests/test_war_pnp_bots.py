"""W.A.R. – Powers 'n Points bots: legal play for 2-5 players and on custom sheets, reasons
from the known set with every placeholder filled, determinism, a clear margin over random
play, and the choices a decent player makes in set situations."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from printkit.engines.core import Decision, LogEntry, Reason, ReasonText, play
from printkit.engines.war_pnp import PowerKind
from printkit.engines.war_pnp.bots import MESSAGES, HeuristicBot, SearchBot
from printkit.engines.war_pnp.game import (
    Action,
    DevelopPoints,
    DevelopPower,
    Job,
    Mark,
    Score,
    SetActivation,
    SetTrap,
    Stop,
    Target,
    Task,
    Undevelop,
    WarPnP,
    WarPnPState,
)

GAME = WarPnP()
CUSTOM = {"sheet": {"powers": ["grow", "reroll", "poke", "steal"], "free_activation": True},
          "sheet_seat": 1}
PLACEHOLDER = re.compile(r"%\((\w+)\)")


def _check_reasons(entries: list[LogEntry], bots: list[str]) -> int:
    """Every bot decision carries a known message whose placeholders its values fill."""
    checked = 0
    for entry in entries:
        if entry.player is None or bots[entry.player] == "random":
            continue
        reason = entry.reason
        assert reason is not None, entry
        assert isinstance(reason, ReasonText)  # a bot's reason (a message and its values)
        text, params = reason.msgid, dict(reason.params)
        assert text in MESSAGES, text
        assert set(PLACEHOLDER.findall(text)) == set(params), (text, params)
        assert "%(" not in str(reason)
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_plays_legally_with_reasons(players: int) -> None:
    bots = ["heuristic"] * (players - 1) + ["random"]
    checked = 0
    for seed in range(3):
        played = play(GAME, bots, seed=seed)
        assert played.state.is_terminal()
        assert played.log is not None
        checked += _check_reasons(played.log.entries, bots)
    assert checked > 40


@pytest.mark.parametrize("players", [2, 3, 5])
def test_search_plays_legally_with_reasons(players: int) -> None:
    bots = ["search"] + ["heuristic"] * (players - 1)
    played = play(GAME, bots, seed=4, options={"round_limit": "design_notes"})
    assert played.state.is_terminal() and played.log is not None
    assert _check_reasons(played.log.entries, bots) > 20


@pytest.mark.parametrize("bot", ["heuristic", "search"])
def test_bots_play_a_custom_sheet_with_free_activation(bot: str) -> None:
    bots = ["heuristic", bot]
    played = play(GAME, bots, seed=5, options={**CUSTOM, "round_limit": "design_notes"})
    assert played.state.is_terminal() and played.log is not None
    _check_reasons(played.log.entries, bots)
    faces = played.state.sheets[1].faces
    assert sorted(f for f in faces if f is not None) == [1, 2, 3, 4, 5, 6]  # one per face
    allowed = {PowerKind(k) for k in CUSTOM["sheet"]["powers"]}  # type: ignore[index]
    assert {k for k in played.state.sheets[1].names if k is not None} <= allowed


def test_the_same_seed_gives_the_same_game() -> None:
    for bots in (["heuristic", "heuristic"], ["search", "heuristic"]):
        one = play(GAME, bots, seed=11, options={"round_limit": "design_notes"})
        two = play(GAME, bots, seed=11, options={"round_limit": "design_notes"})
        assert one.log is not None and two.log is not None
        assert [(e.player, e.data, str(e.reason)) for e in one.log.entries] == [
            (e.player, e.data, str(e.reason)) for e in two.log.entries]


def test_heuristic_beats_random_clearly() -> None:
    wins = 0.0
    games = 100
    for seed in range(games):
        seat = seed % 2
        bots = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        wins += play(GAME, bots, seed=seed, record=False).state.returns()[seat]
    assert wins / games >= 0.9


# -- set situations ------------------------------------------------------------------------


def _state(*moves: object, players: int = 2) -> WarPnPState:
    state = GAME.new_initial_state(players)
    for move in moves:
        state.apply(move)
    return state


def _job(state: WarPnPState) -> Job:
    """The decision due now (there is one)."""
    job = state.task()
    assert job is not None
    return job


def _decide(state: WarPnPState, bot: type[HeuristicBot] = HeuristicBot) -> Decision[Action]:
    job = state.task()
    assert job is not None
    import random

    decision = bot(GAME, job.player, random.Random(0)).decide(state.view(job.player))
    assert decision.action in state.legal_actions()
    assert isinstance(decision.reason, Reason) and decision.reason.text in MESSAGES
    return decision


def _params(decision: Decision[Action]) -> Mapping[str, Any]:
    """The values of a decision's reason (a bot's reason is a message and its values)."""
    assert isinstance(decision.reason, Reason)
    return decision.reason.params


# Player 0: PowerUp on face 1, Bend on face 3, 5/9 up to box 3 (9 points), 7 box 1.
# Player 1: Block on face 2, Cancel on face 5 (two boxes), 6/8 up to box 2.
SETUP = [
    DevelopPower(1, PowerKind.POWERUP), DevelopPower(3, PowerKind.BEND),
    DevelopPoints("5/9"), DevelopPoints("5/9"), DevelopPoints("5/9"),
    DevelopPower(2, PowerKind.BLOCK), DevelopPower(5, PowerKind.CANCEL), DevelopPower(5),
    DevelopPoints("6/8"), DevelopPoints("6/8"),
]
ROUND = [DevelopPower(1), DevelopPower(2), DevelopPoints("5/9"), DevelopPoints("6/8")]


def test_powerup_goes_on_the_box_scored_this_roll_and_that_box_is_scored() -> None:
    state = _state(*SETUP, *ROUND, (1, 4))   # sum 5: the PowerUp (PU3) fires
    assert _job(state).task is Task.MARK_OWN
    decision = _decide(state)
    assert decision.action == Mark(0, "5/9", 4)          # 12 x 3 this roll
    assert _params(decision)["points"] == 24
    state.apply(decision.action)
    assert _decide(state).action == Score(5, 4)


def test_the_best_box_counts_marks_and_bend() -> None:
    state = _state(*SETUP, *ROUND, (1, 4))
    state.apply(Mark(0, "5/9", 2))                       # PU3 on box 2: 6 x 3 = 18 > 12
    assert _decide(state).action == Score(5, 2)
    state = _state(*SETUP, *ROUND, (3, 3))               # sum 6, Bend 1 reaches 5
    assert _job(state).task is Task.SCORE
    decision = _decide(state)
    assert decision.action == Score(5, 4)
    assert _params(decision) == {"points": 12, "column": "5/9"}


def test_block_goes_on_the_box_the_opponent_scores_now() -> None:
    state = _state(*SETUP, *ROUND, (2, 3))               # sum 5: Block (face 2) fires
    job = state.task()
    assert job is not None and job.task is Task.MARK_OPP and job.player == 1
    decision = _decide(state)
    assert decision.action == Mark(0, "5/9", 4)
    assert _params(decision) == {"points": 3}       # 12 becomes 9


def test_cancel_stops_the_power_that_does_most() -> None:
    state = _state(*SETUP, *ROUND, (1, 5))               # PowerUp and Cancel both fire
    assert state.task() == Job(1, Task.CANCEL, 1)
    decision = _decide(state)
    assert decision.action == Stop(0, 1)
    assert _params(decision) == {"power": "powerup"}


def test_a_trap_goes_where_the_score_will_land() -> None:
    state = _state(*SETUP, *ROUND, (2, 3))
    state.queue.insert(0, Job(1, Task.TRAP))
    decision = _decide(state)
    assert decision.action == SetTrap(0, 12)             # 0 + this roll's 12 points


def test_a_sprung_trap_erases_the_top_box_of_the_strongest_row_or_column() -> None:
    state = _state(*SETUP, *ROUND, (2, 3))
    state.queue.insert(0, Job(1, Task.UNDEVELOP, target=0))
    action = _decide(state).action
    assert isinstance(action, Undevelop)
    sheet = state.sheets[0]
    boxes = (sheet.powers[action.row - 1] if action.row is not None
             else sheet.points[state.specs[0].column_index(action.column or "")])
    assert action.box == max(b for b, m in enumerate(boxes, 1) if m is not None)
    # the PowerUp drops to PU2, the Bend (it reaches 5/9 from 4, 6 and 8) goes, or 5/9 drops
    # to 9 points: nothing lower
    assert action in (Undevelop(2, row=1), Undevelop(1, row=3), Undevelop(4, column="5/9"))


def test_with_three_players_attacks_go_to_the_leader() -> None:
    state = _state(DevelopPower(1, PowerKind.DECAY), *[DevelopPoints("5/9")] * 4,
                   *[DevelopPoints("5/9")] * 5, *[DevelopPoints("6/8")] * 5, players=3)
    state.sheets[2].score = 80
    state.sheets[1].score = 10
    for move in (DevelopPower(1), DevelopPower(1, PowerKind.GROW),
                 DevelopPower(1, PowerKind.GROW), DevelopPoints("5/9"), DevelopPoints("5/9"),
                 DevelopPoints("6/8"), (1, 5)):
        state.apply(move)
    job = state.task()
    assert job is not None and job.task is Task.USE and job.player == 0
    state.apply(_decide(state).action)                   # uses its Decay
    assert _job(state).task is Task.TARGET
    assert _decide(state).action == Target(2)


def test_free_activation_gives_each_row_its_own_face() -> None:
    state = GAME.new_initial_state(2, {"sheet": CUSTOM["sheet"], "sheet_seat": 0})
    faces = []
    while _job(state).task is Task.ACTIVATION:
        action = _decide(state).action
        assert isinstance(action, SetActivation)
        faces.append(action.face)
        state.apply(action)
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]


def test_search_looks_ahead_from_its_best_developments() -> None:
    state = _state(*SETUP)
    decision = _decide(state, SearchBot)
    assert isinstance(decision.action, DevelopPower)
