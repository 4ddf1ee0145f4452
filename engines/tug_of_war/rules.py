"""Tug of War's numbers, read from ``data/rules.toml`` (the single source of truth).

The engine, the bots and the printed kit (18 rope spaces and 18 tokens per colour) all take
their numbers from here, so an edited data file changes them together.

>>> rules = load_rules()
>>> rules.athletes_per_side, rules.team_dice, rules.common_dice, rules.total_dice
(18, 3, 3, 9)
>>> rules.after_exchange(18, 1, 6), rules.after_exchange(18, 4, 5), rules.after_exchange(9, 6, 1)
(13, 17, 15)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, get_args

from printkit.engines.core.data import packaged_text, parse_toml, read_int, require

RerollMode = Literal["simultaneous", "sequential"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything numeric about the game, and how it reads the six re-rolls; ``turn_limit``
    and ``reroll_mode`` are chosen for printkit (the seed does not fix them)."""

    title: str
    rules_version: str
    player_names: tuple[str, str]
    athletes_per_side: int
    faces: int
    team_dice: int
    common_dice: int
    setup_rerolls: int
    rerolls_per_six: int
    exchanges_per_turn: int
    exchange_bonus: int
    turn_limit: int
    reroll_mode: RerollMode = "simultaneous"
    """How the re-rolls for sixes are taken: one of :data:`REROLL_MODES`."""

    def after_exchange(self, own: int, common: int, team: int) -> int:
        """Athletes on the rope after exchanging the common die ``common`` for the team die
        ``team`` with ``own`` on the rope, in the seed's order: first the bonus athlete(s)
        (only as many as the reserve holds), then the difference of the dice, gained (again
        no more than the reserve holds) or lost. Below 1 means the exchange is not allowed.
        """
        top = self.athletes_per_side
        first = own + self.exchange_bonus
        if first > top:
            first = top
        after = first + common - team
        return top if after > top else after

    @property
    def total_dice(self) -> int:
        """Dice on the table: two teams and the common dice (9 in the seed)."""
        return 2 * self.team_dice + self.common_dice


REROLL_MODES: tuple[RerollMode, ...] = get_args(RerollMode)
"""``simultaneous``: the dice to re-roll for sixes are chosen together, each die at most once.
``sequential``: one die per six, one after another, each seen before the next is chosen."""


SOURCE = "tug-of-war rules.toml"
"""How a mistake in the rules names the file."""


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``ValueError`` naming it."""
    designed = data.get("designed_for_printkit", {})
    require(isinstance(designed, dict), SOURCE, "[designed_for_printkit] must be a table")
    merged = {**data, **designed}
    minimum = {
        "athletes_per_side": 1,
        "faces": 2,
        "team_dice": 1,
        "common_dice": 1,
        "setup_rerolls": 0,
        "rerolls_per_six": 0,
        "exchanges_per_turn": 0,
        "exchange_bonus": 0,
        "turn_limit": 1,
    }
    numbers = {key: read_int(merged, key, low, None, SOURCE) for key, low in minimum.items()}
    names = data.get("player_names", ["Yellow", "Red"])
    require(isinstance(names, list) and len(names) == 2
            and all(isinstance(n, str) for n in names), SOURCE,
            "'player_names' must list two names")
    mode = merged.get("reroll_mode", "simultaneous")
    require(mode in REROLL_MODES, SOURCE, f"'reroll_mode' must be one of "
                                          f"{', '.join(REROLL_MODES)}")
    return Rules(
        title=str(data.get("title", "Tug of War")),
        rules_version=str(data.get("rules_version", "")),
        player_names=(names[0], names[1]),
        **numbers,
        reroll_mode=mode,
    )


@cache
def load_rules() -> Rules:
    """The rules from the packaged ``data/rules.toml`` (read once per process)."""
    return parse_rules(parse_toml(packaged_text("printkit.engines.tug_of_war", "rules.toml"),
                                  SOURCE))


RULES = load_rules()
