"""W.A.R. – Powers 'n Points beyond the two-player standard game: the 3+ player variant
(powers used in turns, two chances each, opponents chosen), custom sheets (their checks, Re-roll,
Poke, free activation numbers) and ``--sheet FILE`` on the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.engines.core import CHANCE, TERMINAL, parse_log, play, replay, validate_log_lines
from printkit.engines.war_pnp import PowerKind
from printkit.engines.war_pnp.game import (
    DevelopPoints,
    DevelopPower,
    Mark,
    Pass,
    Reroll,
    Score,
    SetActivation,
    Target,
    UsePower,
    WarPnP,
    WarPnPState,
)
from printkit.engines.war_pnp.sheets import STANDARD, SheetError, load_sheet_file, parse_sheet

GAME = WarPnP()
TINKERER = Path(__file__).resolve().parents[1] / "examples" / "war-pnp" / "sheets" / "tinkerer.toml"


def _apply(state: WarPnPState, *moves: object) -> None:
    for move in moves:
        assert state.current_player() != TERMINAL
        state.apply(move)


def _marked_sheets(state: WarPnPState) -> set[int]:
    """The players whose sheets the legal moves mark (every legal move is a Mark)."""
    marks = [a for a in state.legal_actions() if isinstance(a, Mark)]
    assert len(marks) == len(state.legal_actions())
    return {m.player for m in marks}

# -- 3+ players --------------------------------------------------------------------------


def _three_player_round() -> WarPnPState:
    state = GAME.new_initial_state(3)
    for kind in (PowerKind.DECAY, PowerKind.GROW, PowerKind.STEAL):
        _apply(state, DevelopPower(3, kind), *[DevelopPoints("7")] * 4)
    _apply(state, *[DevelopPower(1, PowerKind.DOUBLE)] * 3, *[DevelopPoints("6/8")] * 3)
    _apply(state, (3, 4))
    return state


def test_three_players_use_powers_in_turns_from_the_main_player() -> None:
    state = _three_player_round()
    assert state.current_player() == 0                       # the main player goes first
    assert state.legal_actions() == [UsePower(3), Pass()]
    _apply(state, UsePower(3))                               # Decay (i): whom?
    assert state.legal_actions() == [Target(1), Target(2)]
    _apply(state, Target(2))
    assert state.current_player() == 1
    _apply(state, UsePower(3))                               # Grow (i): one development
    assert state.current_player() == 1
    _apply(state, DevelopPower(3))                           # grows row 3 to rank 2 ...
    assert state.current_player() == 2
    _apply(state, UsePower(3), Target(0))                    # Steal (i) from player 0
    # nobody has a second activated power: the second lap is skipped, scoring begins
    assert state.current_player() == 0
    _apply(state, Score(7, 4), Score(7, 4), Score(7, 4))
    # 15, 15 and (Decayed one row) 11; the Steal takes box i of 7 (3) from player 0
    assert [s.score for s in state.sheets] == [12, 15, 14]
    assert state.round == 2 and state.main == 1 and state.current_player() == 1


def test_a_chance_passed_is_lost_but_the_power_waits_for_the_second() -> None:
    state = _three_player_round()
    _apply(state, Pass())                                    # player 0 waits ...
    _apply(state, UsePower(3), DevelopPower(3), UsePower(3), Target(0))
    assert state.current_player() == 0                       # ... and has a second chance
    assert state.legal_actions() == [UsePower(3), Pass()]
    _apply(state, Pass())                                    # both chances gone: no Decay
    assert state.current_player() == 0 and state.queue[0].task.value == "score"
    assert state.decays == [[], [], []]


def test_the_marks_of_one_block_go_on_one_opponents_sheet() -> None:
    state = GAME.new_initial_state(3)
    _apply(state, DevelopPower(3, PowerKind.BLOCK), DevelopPower(3), DevelopPower(3),
           *[DevelopPoints("7")] * 2)
    for _seat in (1, 2):
        _apply(state, *[DevelopPoints("7")] * 5)
    _apply(state, DevelopPower(1, PowerKind.GROW), DevelopPower(1, PowerKind.GROW),
           DevelopPower(1, PowerKind.GROW), *[DevelopPoints("6/8")] * 3, (3, 5))
    _apply(state, UsePower(3))                               # Block (iii): two X marks
    assert _marked_sheets(state) == {1, 2}
    _apply(state, Mark(2, "7", 1))
    assert _marked_sheets(state) == {2}  # the second follows the first


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_of_three_to_five_end_and_replay(players: int) -> None:
    for seed in range(4):
        played = play(GAME, ["random"] * players, seed=seed)
        assert played.state.is_terminal() and len(played.state.result()["scores"]) == players
        assert played.log is not None
        text = played.log.dumps()
        validate_log_lines(GAME, text)
        assert replay(GAME, parse_log(text)).state.result() == played.state.result()


# -- custom sheets ---------------------------------------------------------------------


def _custom(**data: object) -> WarPnPState:
    return GAME.new_initial_state(2, {"sheet": data, "sheet_seat": 0})


def test_a_custom_sheet_offers_only_its_powers_and_its_columns() -> None:
    columns = [{"sums": [2, 3, 4, 10, 11, 12], "values": [5, 10, 15, 20, 25, 30]},
               {"sums": [5, 6], "values": [1, 2, 3, 4, 5, 6]},
               {"sums": [7, 8, 9], "values": [2, 4, 6, 8, 10, 12]}]
    state = _custom(powers=["grow", "poke"], points_columns=columns)
    named = {a.power for a in state.legal_actions() if isinstance(a, DevelopPower)}
    assert named == {PowerKind.GROW, PowerKind.POKE}
    labels = {a.column for a in state.legal_actions() if isinstance(a, DevelopPoints)}
    assert labels == {"2/3/4/10/11/12", "5/6", "7/8/9"}
    assert state.specs[1] is STANDARD


def test_free_activation_numbers_are_written_first_and_decide_what_fires() -> None:
    state = _custom(free_activation=True, powers=["poke", "grow"])
    assert all(isinstance(a, SetActivation) for a in state.legal_actions())
    _apply(state, *(SetActivation(row, 6) for row in range(1, 7)))   # every row on a 6
    _apply(state, DevelopPower(2, PowerKind.POKE), DevelopPower(2), DevelopPower(5, PowerKind.POKE),
           *[DevelopPoints("7")] * 2)
    _apply(state, *[DevelopPoints("7")] * 5)                          # the standard seat
    state.sheets[1].score = 30
    _apply(state, DevelopPower(2), DevelopPower(1, PowerKind.GROW),
           DevelopPoints("7"), DevelopPoints("7"), (6, 1))
    # rows 2 (Poke iii: 6) and 5 (Poke i: 2) both fire on the 6; row 1 of the standard seat
    # is Grow on a 1 (its own number)
    assert state.sheets[1].score == 30 - 6 - 2
    assert state.current_player() == 1                               # Grow (i) develops


def test_reroll_changes_only_its_owners_sum() -> None:
    state = _custom(powers=["reroll", "grow"], options={"reroll": [1, 1, 1, 1, 1, 1]})
    _apply(state, DevelopPower(4, PowerKind.REROLL), *[DevelopPoints("6/8")] * 4)
    _apply(state, *[DevelopPoints("6/8")] * 5)
    _apply(state, DevelopPower(1, PowerKind.GROW), DevelopPower(1, PowerKind.GROW),
           DevelopPoints("7"), DevelopPoints("7"), (4, 3))
    assert state.legal_actions() == [Reroll(1), Reroll(2), Pass()]
    _apply(state, Reroll(2))
    assert state.current_player() == CHANCE and state.chance_outcomes().sides == (6,)
    _apply(state, (4,))                                              # 4 + 4: column 6/8
    assert state.own_sum(0) == 8 and state.own_sum(1) == 7
    assert Score(8, 4) in state.legal_actions()


def test_sheet_mistakes_are_one_line_each_naming_the_key() -> None:
    with pytest.raises(SheetError) as caught:
        parse_sheet({"powers": ["grow", "grow"], "options": {"grow": [[1, 0]], "steal": [9] * 6},
                     "history_length": "long", "free_activation": "yes", "colour": "red",
                     "points_columns": [{"sums": [2, 12], "values": [1, 2]}]}, "s.toml")
    lines = caught.value.mistakes
    assert len(lines) == 7
    for key in ("'colour'", "'powers'", "'options.grow'", "'options.steal'",
                "'history_length'", "'free_activation'", "'points_columns[0].values'"):
        assert any(line.startswith(f"s.toml: {key}") for line in lines), key
    assert all("\n" not in line for line in lines)


def test_points_columns_must_cover_every_sum_once() -> None:
    with pytest.raises(SheetError, match="no column for 7; more than one for 8"):
        parse_sheet({"points_columns": [
            {"sums": [2, 3, 4, 5, 6, 8], "values": [1] * 6},
            {"sums": [8, 9, 10, 11, 12], "values": [1] * 6}]}, "s.toml")


def test_the_example_sheet_file_loads(tmp_path: Path) -> None:
    data, spec = load_sheet_file(TINKERER)
    assert spec.name == "The Tinkerer" and spec.free_activation and spec.history_length == 24
    assert PowerKind.BLOCK not in spec.kinds and PowerKind.REROLL in spec.kinds
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [", encoding="utf-8")
    with pytest.raises(SheetError, match="bad.toml: is not valid TOML"):
        load_sheet_file(bad)
    assert json.loads(json.dumps(data)) == data                      # a log header carries it


@pytest.mark.parametrize("seat", [0, 1])
def test_a_custom_sheet_plays_against_the_standard_and_replays(seat: int) -> None:
    data, _spec = load_sheet_file(TINKERER)
    for seed in range(6):
        played = play(GAME, ["random", "random"], seed=seed,
                      options={"sheet": data, "sheet_seat": seat})
        assert played.log is not None
        text = played.log.dumps()
        validate_log_lines(GAME, text)
        again = replay(GAME, parse_log(text))
        assert again.state.result() == played.state.result()
        assert again.state.specs[seat].name == "The Tinkerer"


def test_every_decision_of_random_custom_games_is_legal_json() -> None:
    data, _spec = load_sheet_file(TINKERER)
    rng = random.Random(5)
    for seed in range(10):
        state = GAME.new_initial_state(3, {"sheet": data, "sheet_seat": seed % 3})
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.chance_outcomes().sample(rng))
                continue
            action = rng.choice(state.legal_actions())
            written = json.loads(json.dumps(GAME.action_to_json(action)))
            assert GAME.action_from_json(written) == action
            state.apply(action)


# -- the command line -----------------------------------------------------------------------


def test_play_with_a_bad_sheet_file_says_every_mistake_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('powers = ["grow", "fly"]\nhistory_length = 0\n', encoding="utf-8")
    assert main(["play", "war-pnp", "--sheet", str(bad)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "printkit: mine.toml: 'powers' names an unknown power 'fly' (known: grow, double, "
        "bend, block, steal, cancel, trap, decay, powerup, wither, reroll, poke)",
        "printkit: mine.toml: 'history_length' must be a whole number from 1 to 200",
    ]
    assert main(["play", "tug-of-war", "--sheet", str(TINKERER)]) == 2
    assert "takes no --sheet" in capsys.readouterr().err


def test_play_with_a_sheet_and_an_option_writes_both_into_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["play", "war-pnp", "--sheet", str(TINKERER), "--option", "sheet_seat=1",
                 "--option", "round_limit=design_notes", "--log", str(log), "--json"]) == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["sheet_seat"] == 1
    assert header["options"]["round_limit"] == "design_notes"
    assert header["options"]["sheet"]["name"] == "The Tinkerer"
    result = json.loads(capsys.readouterr().out)
    assert result["rounds"] <= 12
    assert main(["play", "war-pnp", "--option", "sheet_seat=7"]) == 2


def test_a_hole_a_trap_left_in_a_full_column_can_be_developed_again() -> None:
    state = GAME.new_initial_state(2)
    full = (0, 0, 0, 0, 0, 0)
    state.sheets[0].points[5] = full                      # column 7 full ...
    state.sheets[0].points[5] = (0, 0, None, 0, 0, 0)     # ... until a trap took box iii
    assert DevelopPoints("7") in state.legal_actions()
    state.apply(DevelopPoints("7"))
    assert state.sheets[0].points[5] == (0, 0, 0, 0, 0, 0)
