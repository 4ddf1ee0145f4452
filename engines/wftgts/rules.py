"""The game's numbers, read from ``data/rules.toml`` (the single source of truth).

The engine, the optimal-play tables and the printed sheets all take their dice, point values
and round structure from here, so an edited data file changes them all together.

>>> rules = load_rules()
>>> [d.id for d in rules.dice]
['d4', 'd6', 'd8', 'd10_ones', 'd10_tens', 'd12', 'd20']
>>> rules.rounds, rules.rolls_per_round, rules.min_group, rules.set_bonus, rules.junk_uses
(6, 3, 3, 2, 1)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from printkit.engines.core.data import packaged_text, parse_toml, read_int, read_text, require


@dataclass(frozen=True, slots=True)
class DieSpec:
    """One die of the set: its column id, printed label, number of faces and point value."""

    id: str
    label: str
    sides: int
    points: int
    reading: str = ""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything numeric about the game. ``digest`` identifies the data (for table caches)."""

    title: str
    short_title: str
    rules_version: str
    dice: tuple[DieSpec, ...]
    rounds: int
    rolls_per_round: int
    min_group: int
    set_bonus: int
    junk_uses: int
    digest: str = field(init=False, repr=False, compare=False)
    """A stable hash of the numbers (not the wording), used to key cached tables. Computed
    once, when the rules are made: bots look it up every game."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", _digest(self))

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(d.sides for d in self.dice)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(d.points for d in self.dice)

    @property
    def die_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.dice)


def _digest(rules: Rules) -> str:
    numbers = {
        "dice": [{"id": d.id, "sides": d.sides, "points": d.points} for d in rules.dice],
        "rounds": rules.rounds,
        "rolls_per_round": rules.rolls_per_round,
        "min_group": rules.min_group,
        "set_bonus": rules.set_bonus,
        "junk_uses": rules.junk_uses,
    }
    blob = json.dumps(numbers, sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


SOURCE = "wftgts rules.toml"
"""How a mistake in the rules names the file."""


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``DataError`` naming it."""
    low = {"rounds": 1, "rolls_per_round": 1, "min_group": 2, "set_bonus": 0, "junk_uses": 0}
    numbers = {key: read_int(data, key, least, None, SOURCE) for key, least in low.items()}
    raw_dice: Any = data.get("dice")
    require(isinstance(raw_dice, list) and bool(raw_dice), SOURCE, "'dice' must list the dice")
    dice = []
    for i, d in enumerate(raw_dice):
        require(isinstance(d, dict), SOURCE, f"dice[{i}] must be a table")
        where = f"dice[{i}]."
        ident, label = read_text(d, "id", SOURCE, where), read_text(d, "label", SOURCE, where)
        sides = read_int(d, "sides", 1, None, SOURCE, where)
        dice.append(DieSpec(ident, label, sides, read_int(d, "points", 1, None, SOURCE, where),
                            d.get("reading", "")))
    ids = [d.id for d in dice]
    require(len(set(ids)) == len(ids), SOURCE, "die ids must be different")
    # The scorer and the optimal tables rely on at most two disjoint groups per line.
    require(len(dice) < 3 * numbers["min_group"], SOURCE,
            f"{len(dice)} dice with groups of {numbers['min_group']} could make three groups;"
            " the scorer supports at most two")
    return Rules(
        title=str(data.get("title", "Waiting For the Game to Start")),
        short_title=str(data.get("short_title", "WFtGtS")),
        rules_version=str(data.get("rules_version", "")),
        dice=tuple(dice),
        **numbers,
    )


@cache
def load_rules() -> Rules:
    """The rules from the packaged ``data/rules.toml`` (read once per process)."""
    return parse_rules(parse_toml(packaged_text("printkit.engines.wftgts", "rules.toml"), SOURCE))


RULES = load_rules()
DICE: tuple[DieSpec, ...] = RULES.dice
"""The seven dice in play-sheet order: d4, d6, d8, d10 (1s), d10 (10s), d12, d20."""
