"""The terrain effect chart (``data/terrain.csv``) and its special actions, other modifiers,
dice and special abilities (``data/terrain.toml``): the numbers the turn engine applies and
the printed chart shows.

Movement costs are kept as exact fractions (a path costs half a point); the engine may count
in half points (:attr:`Terrain.move_halves`).

>>> chart = load_chart()
>>> forest = chart.terrain("forest")
>>> forest.move_cost, forest.fire, forest.blocks_sight, chart.terrain("clearing").move_halves
(Fraction(2, 1), -1, True, 1)
>>> chart.action("scouting").cost, chart.action("fill_water").terrain
(2, ('water_outlet', 'river'))
>>> chart.modifiers.not_moved_fire, chart.abilities.sniper_not_moved_fire
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from printkit.engines.core.data import (
    parse_toml,
    read_csv,
    read_int,
    read_table,
    read_text,
    require,
)
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_text

ACTION_IDS = ("pick_fruit", "fill_water", "place_hose", "scouting", "pick_up_item")
"""The special actions the turn engine knows."""

REFILLABLE = ("fruits", "water_balls")


class Ability(Enum):
    """The seed's five special abilities, by the letter printed on a counter."""

    BEDTIME = "B"
    SNIPER = "S"
    FRUSTRATION = "F"
    FIGHTING = "X"
    TAUNT = "T"


@dataclass(frozen=True, slots=True)
class Terrain:
    """One line of the terrain effect chart (see the head of ``terrain.csv``)."""

    id: str
    name: str
    move_cost: Fraction
    fire: int
    sneak: int
    blocks_sight: bool
    may_stop: bool
    entry_check: bool
    entry_moral: int
    actions: tuple[str, ...]
    designed: bool
    from_seed: tuple[str, ...]

    @property
    def move_halves(self) -> int:
        """The movement cost in half points (whole numbers for the engine)."""
        return int(self.move_cost * 2)


@dataclass(frozen=True, slots=True)
class Action:
    """A special action paid with movement points (the chart's lower part)."""

    id: str
    cost: int
    terrain: tuple[str, ...]
    """Where it may be taken; empty: anywhere."""
    refills: str | None = None
    needs: str | None = None
    reach: int = 0
    target_sneak: int = 0
    own_fire: int = 0
    designed: bool = False


@dataclass(frozen=True, slots=True)
class Modifiers:
    """The chart's other modifiers."""

    not_moved_fire: int
    not_moved_sneak: int
    adjacent_fire: int
    night_fire: int
    night_sneak: int
    initiative_momentum: int


@dataclass(frozen=True, slots=True)
class AbilityRules:
    """The numbers behind the special abilities, and which losses give nobody points."""

    names: tuple[tuple[Ability, str], ...]
    sniper_not_moved_fire: int
    frustration_target_moral: int
    fighting_reach: int
    taunt_enemy_fire: int
    bed_counts_for_victory: bool
    fighting_counts_for_victory: bool

    def name(self, ability: Ability) -> str:
        return dict(self.names)[ability]


@dataclass(frozen=True, slots=True)
class Chart:
    """The whole terrain effect chart."""

    terrains: tuple[Terrain, ...]
    actions: tuple[Action, ...]
    modifiers: Modifiers
    abilities: AbilityRules
    dice_faces: int
    always_succeeds: int
    always_fails: int
    entry_check_once_per_impulse: bool
    entry_check_counts_for_victory: bool

    def terrain(self, terrain_id: str) -> Terrain:
        for t in self.terrains:
            if t.id == terrain_id:
                return t
        raise KeyError(terrain_id)

    def action(self, action_id: str) -> Action:
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(action_id)

    @property
    def terrain_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.terrains)


def parse_terrains(text: str, source: str = "terrain.csv") -> tuple[Terrain, ...]:
    """Check and type ``terrain.csv``."""
    out = []
    for row in read_csv(text, source, ("id", "name", "move_cost", "fire", "sneak",
                                       "blocks_sight", "may_stop", "entry_check",
                                       "entry_moral", "actions", "designed", "from_seed")):
        raw = row["move_cost"]
        try:
            cost = Fraction(raw)
        except (ValueError, ZeroDivisionError):
            cost = Fraction(-1)
        if cost not in (Fraction(1, 2), Fraction(1), Fraction(2)):
            raise row.fail(f"'move_cost' must be 1, 2 or 0.5 (the chart's costs), got '{raw}'")
        actions = row.names("actions")
        for a in actions:
            if a not in ACTION_IDS:
                raise row.fail(f"'actions' names an unknown action '{a}' (known: "
                               f"{', '.join(ACTION_IDS)})")
        out.append(Terrain(
            id=row.text("id"), name=row.text("name"), move_cost=cost,
            fire=row.integer("fire", -9, 9, blank=0), sneak=row.integer("sneak", -9, 9, blank=0),
            blocks_sight=row.flag("blocks_sight"), may_stop=row.flag("may_stop"),
            entry_check=row.flag("entry_check"),
            entry_moral=row.integer("entry_moral", -9, 9, blank=0), actions=actions,
            designed=row.flag("designed"), from_seed=row.names("from_seed")))
    require(bool(out), source, "lists no terrain")
    return tuple(out)


def _merge(top: dict[str, Any], designed: dict[str, Any], source: str, where: str = ""
           ) -> dict[str, Any]:
    """``top`` with ``designed`` merged in, tables recursively; a key in both is an error."""
    merged = dict(top)
    for key, value in designed.items():
        if key in merged and isinstance(merged[key], dict) and isinstance(value, dict):
            merged[key] = _merge(merged[key], value, source, f"{where}{key}.")
        elif key in merged:
            raise PwinchDataError(f"{source}: '{where}{key}' is both a seed value and under "
                                  f"[designed_for_printkit]")
        else:
            merged[key] = value
    return merged


def _designed_keys(data: dict[str, Any]) -> dict[str, Any]:
    value = data.get("designed_for_printkit", {})
    return value if isinstance(value, dict) else {}


def parse_chart(data: dict[str, Any], terrains: tuple[Terrain, ...],
                source: str = "terrain.toml") -> Chart:
    """Check and type ``terrain.toml`` against the terrains of ``terrain.csv``."""
    designed = data.get("designed_for_printkit", {})
    require(isinstance(designed, dict), source, "[designed_for_printkit] must be a table")
    merged = _merge({k: v for k, v in data.items() if k != "designed_for_printkit"},
                    designed, source)
    ids = tuple(t.id for t in terrains)
    dice = read_table(merged, "dice", source)
    faces = read_int(dice, "faces", 2, 100, source, "dice.")
    actions_raw = read_table(merged, "actions", source)
    designed_actions = _designed_keys(data).get("actions", {})
    actions = []
    for key in ACTION_IDS:
        where = f"actions.{key}."
        raw = read_table(actions_raw, key, source, "actions.")
        places = raw.get("terrain", [])
        if not isinstance(places, list) or not all(isinstance(p, str) for p in places):
            raise PwinchDataError(f"{source}: '{where}terrain' must list terrain ids")
        for p in places:
            require(p in ids, source, f"'{where}terrain' names an unknown terrain '{p}' "
                                      f"(terrain.csv has {', '.join(ids)})")
        refills = raw.get("refills")
        require(refills is None or refills in REFILLABLE, source,
                f"'{where}refills' must be one of {', '.join(REFILLABLE)}")
        actions.append(Action(
            id=key, cost=read_int(raw, "cost", 0, 9, source, where), terrain=tuple(places),
            refills=refills, needs=raw.get("needs"),
            reach=read_int(raw, "reach", 0, 9, source, where) if "reach" in raw else 0,
            target_sneak=(read_int(raw, "target_sneak", -9, 9, source, where)
                          if "target_sneak" in raw else 0),
            own_fire=read_int(raw, "own_fire", -9, 9, source, where) if "own_fire" in raw else 0,
            designed=key in designed_actions))
    unknown = sorted(set(actions_raw) - set(ACTION_IDS))
    require(not unknown, source, f"unknown action(s) {', '.join(unknown)} (known: "
                                 f"{', '.join(ACTION_IDS)})")
    for t in terrains:
        for a in t.actions:
            allowed = next(x for x in actions if x.id == a).terrain
            require(not allowed or t.id in allowed, source,
                    f"terrain.csv gives '{t.id}' the action '{a}' but 'actions.{a}.terrain' "
                    f"leaves it out")
    mods = read_table(merged, "modifiers", source)
    modifiers = Modifiers(**{k: read_int(mods, k, -9, 9, source, "modifiers.")
                             for k in Modifiers.__dataclass_fields__})
    abilities = read_table(merged, "abilities", source)
    tables = {}
    for ability in Ability:
        tables[ability] = read_table(abilities, ability.value, source, "abilities.")
        read_text(tables[ability], "name", source, f"abilities.{ability.value}.")

    def num(ability: Ability, key: str, low: int = -9) -> int:
        return read_int(tables[ability], key, low, 9, source, f"abilities.{ability.value}.")

    def flag(table: dict[str, Any], key: str, where: str) -> bool:
        value = table.get(key)
        if not isinstance(value, bool):
            raise PwinchDataError(f"{source}: '{where}{key}' must be true or false")
        return value

    rules = read_table(merged, "rules", source)
    return Chart(
        terrains=terrains, actions=tuple(actions), modifiers=modifiers,
        abilities=AbilityRules(
            names=tuple((a, str(tables[a]["name"])) for a in Ability),
            sniper_not_moved_fire=num(Ability.SNIPER, "not_moved_fire"),
            frustration_target_moral=num(Ability.FRUSTRATION, "target_moral"),
            fighting_reach=num(Ability.FIGHTING, "reach", 1),
            taunt_enemy_fire=num(Ability.TAUNT, "enemy_fire"),
            bed_counts_for_victory=flag(tables[Ability.BEDTIME], "counts_for_victory",
                                        "abilities.B."),
            fighting_counts_for_victory=flag(tables[Ability.FIGHTING], "counts_for_victory",
                                             "abilities.X.")),
        dice_faces=faces,
        always_succeeds=read_int(dice, "always_succeeds", 1, faces, source, "dice."),
        always_fails=read_int(dice, "always_fails", 1, faces, source, "dice."),
        entry_check_once_per_impulse=flag(rules, "entry_check_once_per_impulse", "rules."),
        entry_check_counts_for_victory=flag(rules, "entry_check_counts_for_victory", "rules."),
    )


@cache
def load_chart() -> Chart:
    """The packaged terrain effect chart (``terrain.csv`` + ``terrain.toml``)."""
    terrains = parse_terrains(data_text("terrain.csv"))
    return parse_chart(parse_toml(data_text("terrain.toml"), "terrain.toml"), terrains)
