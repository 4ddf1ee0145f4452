"""The log format shared by every game: parsing, the result line, the JSON Schema, replay as
typed moves through a visitor, and reasons that cost nothing when nobody records them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli

from printkit.engines.core import (
    LogFormatError,
    Reason,
    ReplayError,
    ReplayVisitor,
    State,
    log_schema,
    parse_log,
    play,
    read_log,
    replay,
    validate_log_lines,
)
from printkit.kits import Kit, game_kits, get_kit

ROOT = Path(__file__).resolve().parent.parent
SEED_LOG = ROOT / "examples" / "wftgts" / "seed-example.jsonl"
HEADER = '{"printkit_log": 1, "game": "wftgts", "rules": "1.01", "players": ["Ann"]}'


def test_nothing_may_follow_the_result_line() -> None:
    text = HEADER + '\n{"result": {"scores": [0]}}\n{"chance": [1, 1, 1, 1, 1, 1, 1]}\n'
    with pytest.raises(LogFormatError, match="line 3: nothing may follow the result line"):
        parse_log(text)


def test_a_result_key_the_game_does_not_write_is_an_error() -> None:
    lines = SEED_LOG.read_text().splitlines()
    body = [ln for ln in lines if not ln.startswith('{"result"')]
    game = get_kit("wftgts").game()
    good = parse_log("\n".join(body) + '\n{"result": {"scores": [570]}}\n')
    assert replay(game, good).state.result()["scores"] == [570]
    bad = parse_log("\n".join(body) + '\n{"result": {"scores": [570], "winner": 3}}\n')
    with pytest.raises(ReplayError, match=rf"line {len(body) + 1}: the result names 'winner'"):
        replay(game, bad)


@pytest.mark.parametrize("kit", game_kits(), ids=lambda k: k.name)
def test_every_example_log_and_bot_log_matches_the_schema(kit: Kit[Any, Any]) -> None:
    game = kit.game()
    schema = log_schema(game)
    assert schema["$schema"].endswith("2020-12/schema")
    json.dumps(schema)  # serialisable as it is published
    for log in kit.example_logs():
        validate_log_lines(game, log.read_text(encoding="utf-8"))
    assert kit.validation is not None
    for seed in range(5):
        played = play(game, [kit.validation.bot] * game.info.default_players, seed=seed)
        assert played.log is not None
        validate_log_lines(game, played.log.dumps())


def test_the_schema_names_the_line_and_the_unknown_key() -> None:
    game = get_kit("wftgts").game()
    text = HEADER + '\n{"chance": [1, 1, 1, 1, 1, 1, 1], "note": "hm"}\n'
    with pytest.raises(LogFormatError, match="line 2: chance line: .*unknown key.*'note'"):
        validate_log_lines(game, text)


def test_replay_prints_the_schema(cli: Cli) -> None:
    r = cli("replay", "--schema", "tug-of-war")
    assert r.code == 0
    schema = json.loads(r.out)
    assert schema["$defs"]["header"]["properties"]["game"] == {"const": "tug-of-war"}


def test_a_visitor_sees_typed_moves_with_their_reasons() -> None:
    from printkit.engines.wftgts import Action, Keep, Score, WFtGtSState

    seen: list[tuple[str, object]] = []

    class Collect(ReplayVisitor[WFtGtSState, Action]):
        def visit_chance(self, before: WFtGtSState, outcome: Any, after: WFtGtSState) -> None:
            seen.append(("chance", outcome))

        def visit_action(self, player: int, before: WFtGtSState, action: Action,
                         after: WFtGtSState, reason: str | None) -> None:
            assert after is not before
            seen.append(("action", action))

        def end(self, state: WFtGtSState) -> None:
            seen.append(("end", state.result()["scores"]))

    replay(get_kit("wftgts").game(), read_log(SEED_LOG), visitor=Collect())
    actions = [m for kind, m in seen if kind == "action"]
    assert actions and all(isinstance(a, Keep | Score) for a in actions)
    assert seen[-1] == ("end", [570])


def test_reasons_are_recorded_as_message_ids_and_never_formatted_in_play(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    class Counting(Reason):
        def __str__(self) -> str:
            calls.append(1)
            return super().__str__()

    from printkit.engines.core import Decision, RandomBot

    def decide(self: object, view: State[Any]) -> Decision[Any]:
        return Decision(view.legal_actions()[0], Counting("first of %(n)d", {"n": 1}))

    monkeypatch.setattr(RandomBot, "decide", decide)
    game = get_kit("tug-of-war").game()
    play(game, ["random", "random"], seed=1, record=False)
    assert calls == []
    played = play(game, ["random", "random"], seed=1)
    # the log keeps the message id and its values (a printer translates them), and a
    # reader formats it as the English sentence
    assert calls == []  # not even when recorded: the sentence is made when a log is read
    assert played.log is not None
    assert '"reason": "first of %(n)d", "reason_params": {"n": 1}' in played.log.dumps()
    from printkit.engines.core import parse_log

    again = parse_log(played.log.dumps())
    assert next(e.reason for e in again.entries if e.reason) == "first of 1"
