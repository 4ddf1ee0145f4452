"""The roster of pwinchers (``data/characters.csv``): the numbers printed on the two-sided
character counters and read by the turn engine.

A skill is the number to roll or under on 1d10; the red side is the shaken side, whose moral
is never above the blue side's. :func:`rating` is the yardstick the roster was balanced with
(``data/notes.md``), not a rule of the game.

>>> roster = load_roster()
>>> jack, bud = roster.get("jack"), roster.get("bud")
>>> (jack.fire, jack.sneak), bud.moral(Side.BLUE), bud.moral(Side.RED)
((6, 6), 3, 2)
>>> len(roster.characters) >= 20, Ability.SNIPER in roster.get("max").abilities
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final

from printkit.engines.core.data import read_csv
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_text
from printkit.engines.pwinch_wars.terrain import Ability

COLUMNS: Final = ("id", "name", "fire", "moral_blue", "moral_red", "sneak", "move", "special",
                  "designed", "from_seed")

ABILITY_WEIGHT: Final = {Ability.SNIPER: 1, Ability.TAUNT: 1, Ability.FRUSTRATION: 1,
                         Ability.FIGHTING: -1, Ability.BEDTIME: -2}
"""What an ability is worth in :func:`rating` (notes.md: why)."""


class Side(Enum):
    """The counter's face up: blue (fresh) or red (one failed moral check)."""

    BLUE = "blue"
    RED = "red"


@dataclass(frozen=True, slots=True)
class Character:
    """One pwincher; ``abilities`` in the order printed."""

    id: str
    name: str
    fire: int
    moral_blue: int
    moral_red: int
    sneak: int
    move: int
    abilities: tuple[Ability, ...]
    designed: bool
    from_seed: tuple[str, ...]

    def moral(self, side: Side) -> int:
        return self.moral_blue if side is Side.BLUE else self.moral_red

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    @property
    def special(self) -> str:
        """The letters as printed, e.g. ``"SF"``."""
        return "".join(a.value for a in self.abilities)


def rating(c: Character) -> int:
    """The balance yardstick: skills and both morals count 1 a point, movement 2 a point
    (it buys both moving and actions), abilities by :data:`ABILITY_WEIGHT`.

    >>> rating(load_roster().get("jack"))
    27
    """
    return (c.fire + c.sneak + c.moral_blue + c.moral_red + 2 * c.move
            + sum(ABILITY_WEIGHT[a] for a in c.abilities))


@dataclass(frozen=True, slots=True)
class Roster:
    characters: tuple[Character, ...]

    def get(self, character_id: str) -> Character:
        for c in self.characters:
            if c.id == character_id:
                return c
        raise KeyError(character_id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)


def parse_roster(text: str, source: str = "characters.csv") -> Roster:
    """Check and type the roster CSV; a wrong value raises ``PwinchDataError`` naming the
    file, line, character and column."""
    letters = "".join(a.value for a in Ability)
    out = []
    for row in read_csv(text, source, COLUMNS):
        special = row["special"].upper()
        for ch in special:
            if ch not in letters:
                raise row.fail(f"'special' letter '{ch}' is not an ability (B, S, F, X, T)")
        if len(set(special)) != len(special):
            raise row.fail(f"'special' repeats a letter: '{special}'")
        blue = row.integer("moral_blue", 1, 9)
        red = row.integer("moral_red", 1, 9)
        if red > blue:
            raise row.fail(f"'moral_red' ({red}) must not be above 'moral_blue' ({blue}): the "
                           f"red side is the shaken side")
        from_seed = row.names("from_seed")
        for col in from_seed:
            if col not in COLUMNS[2:8]:
                raise row.fail(f"'from_seed' names '{col}', which is not a value column")
        out.append(Character(
            id=row.text("id"), name=row.text("name"), fire=row.integer("fire", 1, 9),
            moral_blue=blue, moral_red=red, sneak=row.integer("sneak", 1, 9),
            move=row.integer("move", 1, 9), abilities=tuple(Ability(ch) for ch in special),
            designed=row.flag("designed"), from_seed=from_seed))
    names = [c.name.lower() for c in out]
    for c in out:
        if names.count(c.name.lower()) > 1:
            raise PwinchDataError(f"{source}: the name '{c.name}' is used twice")
    return Roster(tuple(out))


@cache
def load_roster() -> Roster:
    """The packaged roster."""
    return parse_roster(data_text("characters.csv"))
