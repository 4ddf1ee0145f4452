"""Pwinch Wars' pure rule functions: the modified fire, moral and sneak skills, and the d10.

Each function returns a :class:`Modified`: the printed skill and every modifier with the
reason for it, so an example printer can write the sum exactly as the seed's worked examples
do ("Jack's firing skill of 6 becomes 7"). Nothing here reads a game state: the engine
gathers the facts and these functions add them up; :class:`Odds` keeps the sums worked out,
by the facts they depend on, for every game of one data set.

>>> from printkit.engines.pwinch_wars.data import load_data
>>> data = load_data()
>>> jack, bud = data.roster.get("jack"), data.roster.get("bud")
>>> heavy, shield, helmet = (data.equipment.get(i) for i in ("heavy_sling", "shield", "helmet"))
>>> fire = fire_skill(data.chart, jack, heavy, distance=1, moved=False,
...                   target_terrain=data.chart.terrain("forest"), target_items=(shield,))
>>> fire.total, [t.reason for t in fire.terms]
(7, ['heavy sling', 'not moved', 'adjacent target', 'target in forest', "target's shield"])
>>> succeeds(5, fire.total), succeeds(1, -3), succeeds(10, 12)
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from printkit.engines.pwinch_wars.data import GameData
from printkit.engines.pwinch_wars.equipment import Item
from printkit.engines.pwinch_wars.roster import Character, Side
from printkit.engines.pwinch_wars.terrain import Ability, Chart, Terrain

ALWAYS_SUCCEEDS = 1
ALWAYS_FAILS = 10
ODDS_KEPT = 100_000
"""How many fire and moral sums are kept per game's data."""


@dataclass(frozen=True, slots=True)
class Term:
    """One modifier and why it applies ("target in forest", -1)."""

    reason: str
    amount: int


@dataclass(frozen=True, slots=True)
class Modified:
    """A skill with its modifiers: roll ``total`` or under on 1d10."""

    kind: str
    base: int
    terms: tuple[Term, ...]

    @property
    def total(self) -> int:
        return self.base + sum(t.amount for t in self.terms)

    def with_term(self, reason: str, amount: int) -> Modified:
        return Modified(self.kind, self.base, (*self.terms, Term(reason, amount)))

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "base": self.base, "total": self.total,
                "terms": [[t.reason, t.amount] for t in self.terms]}

    @classmethod
    def from_json(cls, data: Any) -> Modified:
        """The sum :meth:`to_json` wrote (its ``total`` is worked out again)."""
        return cls(str(data["kind"]), int(data["base"]),
                   tuple(Term(str(r), int(a)) for r, a in data["terms"]))


def succeeds(roll: int, skill: int) -> bool:
    """The seed's d10 test: at or under the skill; a 1 always succeeds, a 10 always fails."""
    if roll == ALWAYS_SUCCEEDS:
        return True
    if roll == ALWAYS_FAILS:
        return False
    return roll <= skill


@cache
def chance_of(skill: int) -> float:
    """The chance of :func:`succeeds` on 1d10 (between 0.1 and 0.9).

    >>> chance_of(7), chance_of(-2), chance_of(15)
    (0.7, 0.1, 0.9)
    """
    return sum(succeeds(r, skill) for r in range(1, 11)) / 10


def _terms(pairs: Sequence[tuple[str, int]]) -> tuple[Term, ...]:
    return tuple(Term(r, a) for r, a in pairs if a)


def fire_skill(chart: Chart, shooter: Character, weapon: Item, *, distance: int, moved: bool,
               target_terrain: Terrain, target_items: Sequence[Item] = (),
               target_taunts: bool = False, night: bool = False, scouted: bool = False,
               crossfire: Item | None = None, cards: Sequence[tuple[str, int]] = ()
               ) -> Modified:
    """The shooter's fire skill against one target, every modifier named.

    ``moved``: any movement point spent this impulse (no steady-aim bonus, no sniper bonus).
    ``crossfire``: the walkie-talkie, when this is the second walkie shooter on the target
    this turn. ``cards``: (title, amount) of the fire cards played on this shot.
    """
    m, a = chart.modifiers, chart.abilities
    pairs: list[tuple[str, int]] = [(weapon.name.lower(), weapon.fire)]
    if not moved:
        pairs.append(("not moved", m.not_moved_fire))
        if shooter.has(Ability.SNIPER):
            pairs.append(("sniper", a.sniper_not_moved_fire))
    if distance == 1:
        pairs.append(("adjacent target", m.adjacent_fire))
    pairs.append((f"target in {target_terrain.name.lower()}", target_terrain.fire))
    for item in target_items:
        pairs.append((f"target's {item.name.lower()}", item.enemy_fire))
    if target_taunts:
        pairs.append(("target taunts", a.taunt_enemy_fire))
    if night:
        pairs.append(("night", m.night_fire))
    if scouted:
        pairs.append(("surprised while scouting", chart.action("scouting").own_fire))
    if crossfire is not None:
        pairs.append(("crossfire", crossfire.crossfire_fire))
    pairs.extend(cards)
    return Modified("fire", shooter.fire, _terms(pairs))


def moral_skill(character: Character, side: Side, *, items: Sequence[Item] = (),
                weapon: Item | None = None, frustrated_shooter: int = 0,
                crossfire: Item | None = None, extra: Sequence[tuple[str, int]] = (),
                cards: Sequence[tuple[str, int]] = ()) -> Modified:
    """A moral check: the side's moral, own protection, the hit's weapon and shooter, cards.

    ``frustrated_shooter`` is the frustration penalty (negative) when the shooter has F.
    ``extra``: other named terms (the restricted property's -1, an event card's -1).
    """
    pairs: list[tuple[str, int]] = [(f"own {i.name.lower()}", i.moral) for i in items]
    if weapon is not None:
        pairs.append((f"hit by {weapon.name.lower()}", weapon.target_moral))
    if frustrated_shooter:
        pairs.append(("frustrated shooter", frustrated_shooter))
    if crossfire is not None:
        pairs.append(("crossfire", crossfire.crossfire_moral))
    pairs.extend(extra)
    pairs.extend(cards)
    return Modified("moral", character.moral(side), _terms(pairs))


def sneak_skill(chart: Chart, character: Character | None, *, terrain: Terrain,
                items: Sequence[Item] = (), moved: bool = True, night: bool = False,
                scouted: bool = False, base: int | None = None,
                cards: Sequence[tuple[str, int]] = ()) -> Modified:
    """A sneak check: skill, terrain, own gear, standing still (-3), night, being scouted.

    ``moved`` is False only for the character's own end-of-impulse check after spending no
    movement point (the seed's example: "he has not moved this turn (-3 sneak)").
    """
    m = chart.modifiers
    pairs: list[tuple[str, int]] = [(f"in {terrain.name.lower()}", terrain.sneak)]
    pairs += [(f"own {i.name.lower()}", i.sneak) for i in items]
    if not moved:
        pairs.append(("not moved", m.not_moved_sneak))
    if night:
        pairs.append(("night", m.night_sneak))
    if scouted:
        pairs.append(("scouted", chart.action("scouting").target_sneak))
    pairs.extend(cards)
    skill = base if base is not None else (character.sneak if character else 0)
    return Modified("sneak", skill, _terms(pairs))


class Odds:
    """What the checks work out once per game's data (:func:`odds_of`): the longest weapon
    range, and fire and moral sums by the facts they depend on (bots ask for every target
    with every weapon at every step; a :class:`Modified` is frozen, so all states share it)."""

    __slots__ = ("data", "longest_range", "sums")

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.longest_range = max(i.range for i in data.equipment.items)
        self.sums: dict[tuple[Any, ...], Modified] = {}
        """Sums by the facts in their key (:meth:`keep`)."""

    def keep(self, key: tuple[Any, ...], skill: Modified) -> None:
        """Keep a sum worked out from the facts in ``key`` (up to :data:`ODDS_KEPT`)."""
        if len(self.sums) >= ODDS_KEPT:
            self.sums.clear()
        self.sums[key] = skill


_ODDS: dict[int, Odds] = {}


def odds_of(data: GameData) -> Odds:
    """The :class:`Odds` of ``data`` (kept by identity: another data set has other numbers).

    >>> from printkit.engines.pwinch_wars.data import load_data
    >>> odds_of(load_data()) is odds_of(load_data()), odds_of(load_data()).longest_range
    (True, 8)
    """
    found = _ODDS.get(id(data))
    if found is None or found.data is not data:
        found = _ODDS[id(data)] = Odds(data)
    return found


__all__ = ["ALWAYS_FAILS", "ALWAYS_SUCCEEDS", "ODDS_KEPT", "Modified", "Odds", "Term",
           "chance_of", "fire_skill", "moral_skill", "odds_of", "sneak_skill", "succeeds"]
