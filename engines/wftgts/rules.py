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
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any


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


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"wftgts rules.toml: {message}")


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``ValueError`` naming it."""
    ints = ("rounds", "rolls_per_round", "min_group", "set_bonus", "junk_uses")
    for key in ints:
        _require(isinstance(data.get(key), int), f"{key!r} must be a whole number")
    _require(data["rounds"] >= 1, "'rounds' must be at least 1")
    _require(data["rolls_per_round"] >= 1, "'rolls_per_round' must be at least 1")
    _require(data["min_group"] >= 2, "'min_group' must be at least 2")
    _require(data["set_bonus"] >= 0, "'set_bonus' must not be negative")
    _require(data["junk_uses"] >= 0, "'junk_uses' must not be negative")
    raw_dice = data.get("dice")
    if not isinstance(raw_dice, list) or not raw_dice:
        raise ValueError("wftgts rules.toml: 'dice' must list the dice")
    dice = []
    for i, d in enumerate(raw_dice):
        _require(isinstance(d, dict), f"dice[{i}] must be a table")
        for key in ("id", "label"):
            _require(isinstance(d.get(key), str) and d[key], f"dice[{i}].{key} must be text")
        for key in ("sides", "points"):
            _require(isinstance(d.get(key), int) and d[key] >= 1, f"dice[{i}].{key} must be >= 1")
        dice.append(DieSpec(d["id"], d["label"], d["sides"], d["points"], d.get("reading", "")))
    ids = [d.id for d in dice]
    _require(len(set(ids)) == len(ids), "die ids must be different")
    # The scorer and the optimal tables rely on at most two disjoint groups per line.
    _require(
        len(dice) < 3 * data["min_group"],
        f"{len(dice)} dice with groups of {data['min_group']} could make three groups;"
        " the scorer supports at most two",
    )
    return Rules(
        title=str(data.get("title", "Waiting For the Game to Start")),
        short_title=str(data.get("short_title", "WFtGtS")),
        rules_version=str(data.get("rules_version", "")),
        dice=tuple(dice),
        rounds=data["rounds"],
        rolls_per_round=data["rolls_per_round"],
        min_group=data["min_group"],
        set_bonus=data["set_bonus"],
        junk_uses=data["junk_uses"],
    )


@cache
def load_rules() -> Rules:
    """The rules from the packaged ``data/rules.toml`` (read once per process)."""
    text = (resources.files("printkit.engines.wftgts") / "data" / "rules.toml").read_text("utf-8")
    return parse_rules(tomllib.loads(text))


RULES = load_rules()
DICE: tuple[DieSpec, ...] = RULES.dice
"""The seven dice in play-sheet order: d4, d6, d8, d10 (1s), d10 (10s), d12, d20."""
