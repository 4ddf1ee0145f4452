"""Equipment (``data/equipment.csv``): every item's range, modifiers, uses and refill.

The normal sling is built in (no counter); a character carries at most one item of each
kind (:func:`check_loadout`). Range counts hexes including the target's, so a weapon of
range ``n`` reaches targets at hex distance ``n`` or less.

>>> items = load_equipment()
>>> heavy = items.get("heavy_sling")
>>> heavy.range, heavy.fire, heavy.target_moral
(5, 1, -1)
>>> items.get("fruits").uses, items.get("fruits").refill, items.get("fireworks").refill
(3, 'pick_fruit', None)
>>> try:
...     check_loadout(["shield", "camo", "shield"])
... except PwinchDataError as exc:
...     print(exc)
a character carries at most one item of each kind: 'shield' twice
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final

from printkit.engines.core.data import read_csv
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_text
from printkit.engines.pwinch_wars.terrain import ACTION_IDS

BUILT_IN: Final = "sling"
COLUMNS: Final = ("id", "name", "kind", "range", "fire", "target_moral", "moral", "enemy_fire",
                  "sneak", "uses", "refill", "setup", "tether", "crossfire_fire",
                  "crossfire_moral", "counters", "designed", "from_seed")
SEED_ITEMS: Final = ("sling", "heavy_sling", "fruits", "water_balls", "fireworks", "hose",
                     "helmet", "shield", "camo", "walkie")


class ItemKind(Enum):
    WEAPON = "weapon"
    PROTECTION = "protection"
    GEAR = "gear"


@dataclass(frozen=True, slots=True)
class Item:
    """One kind of item (see the head of ``equipment.csv`` for each number's meaning)."""

    id: str
    name: str
    kind: ItemKind
    range: int
    fire: int
    target_moral: int
    moral: int
    enemy_fire: int
    sneak: int
    uses: int
    """Shots per counter; 0: unlimited."""
    refill: str | None
    setup: str | None
    tether: int
    crossfire_fire: int
    crossfire_moral: int
    counters: int
    designed: bool
    from_seed: tuple[str, ...]

    @property
    def weapon(self) -> bool:
        return self.kind is ItemKind.WEAPON

    def reaches(self, distance: int) -> bool:
        """Can it fire at a target ``distance`` hexes away (counting the target's hex)?"""
        return 1 <= distance <= self.range


@dataclass(frozen=True, slots=True)
class Equipment:
    items: tuple[Item, ...]

    def get(self, item_id: str) -> Item:
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(item_id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.items)


def check_loadout(item_ids: Iterable[str]) -> None:
    """Raise unless the items are all of different kinds (the seed's one-of-each rule)."""
    seen: set[str] = set()
    for item in item_ids:
        if item in seen:
            raise PwinchDataError(f"a character carries at most one item of each kind: "
                                  f"'{item}' twice")
        seen.add(item)


def parse_equipment(text: str, source: str = "equipment.csv") -> Equipment:
    """Check and type the equipment CSV."""
    out = []
    for row in read_csv(text, source, COLUMNS):
        kind = ItemKind(row.choice("kind", tuple(k.value for k in ItemKind)))
        refill = row.choice("refill", ACTION_IDS, blank_ok=True) or None
        setup = row.choice("setup", ACTION_IDS, blank_ok=True) or None
        rng = row.integer("range", 0, 20)
        if (kind is ItemKind.WEAPON) != (rng > 0):
            raise row.fail("a weapon needs a 'range' of 1 or more, and only a weapon has one")
        uses = row.integer("uses", 0, 9)
        if refill and not uses:
            raise row.fail("'refill' needs limited 'uses'")
        ident = row.text("id")
        counters = row.integer("counters", 0, 30)
        if (ident == BUILT_IN) != (counters == 0):
            raise row.fail(f"only the built-in '{BUILT_IN}' has no counters")
        from_seed = row.names("from_seed")
        for col in from_seed:
            if col not in COLUMNS[3:16]:
                raise row.fail(f"'from_seed' names '{col}', which is not a value column")
        out.append(Item(
            id=ident, name=row.text("name"), kind=kind, range=rng,
            fire=row.integer("fire", -9, 9), target_moral=row.integer("target_moral", -9, 9),
            moral=row.integer("moral", -9, 9), enemy_fire=row.integer("enemy_fire", -9, 9),
            sneak=row.integer("sneak", -9, 9), uses=uses, refill=refill, setup=setup,
            tether=row.integer("tether", 0, 9), crossfire_fire=row.integer("crossfire_fire", -9, 9),
            crossfire_moral=row.integer("crossfire_moral", -9, 9), counters=counters,
            designed=row.flag("designed"), from_seed=from_seed))
    ids = {i.id for i in out}
    missing = [i for i in SEED_ITEMS if i not in ids]
    if missing:
        raise PwinchDataError(f"{source}: the seed's item(s) {', '.join(missing)} are missing")
    return Equipment(tuple(out))


@cache
def load_equipment() -> Equipment:
    """The packaged equipment."""
    return parse_equipment(data_text("equipment.csv"))
