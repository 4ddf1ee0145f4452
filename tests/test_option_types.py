"""Every option of every game given a value of the wrong type (``null``, ``true``, ``"x"``,
``[]``, ``{}``): refused in one line naming the option, exit code 2, or taken (``null`` is
"the default" for some), never a traceback.

``printkit play`` reads the options with the game's ``new_initial_state`` before it plays, so
a refusal is the engine's ``ValueError``; anything else escaping it is a traceback."""

from __future__ import annotations

import json

import pytest
from conftest import Cli

from printkit.kits import kits

BAD = ["null", "true", '"x"', "[]", "{}"]

CASES = [(name, option, value)
         for name, kit in kits().items() if kit.is_game
         for option in kit.game().options_schema().get("properties", {})
         for value in BAD]


def test_every_game_with_options_is_covered() -> None:
    assert {name for name, _o, _v in CASES} >= {"tug-of-war", "war-pnp", "war-of-bones",
                                                "pwinch-wars"}


@pytest.mark.parametrize(("name", "option", "value"), CASES)
def test_a_value_of_the_wrong_type_is_refused_in_one_line_or_taken(name: str, option: str,
                                                                  value: str,
                                                                  cli: Cli) -> None:
    game = kits()[name].game()
    given = {**game.default_options(), option: json.loads(value)}
    try:
        game.new_initial_state(game.info.default_players, given)
    except ValueError as exc:
        assert option.split("_")[0] in str(exc)
        r = cli("play", name, "--option", f"{option}={value}")
        lines = [x for x in r.err.splitlines() if x.strip()]
        assert r.code == 2 and len(lines) == 1, r.err
        assert lines[0].startswith("printkit: ") and "Traceback" not in r.err
