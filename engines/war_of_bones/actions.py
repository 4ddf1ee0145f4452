"""War of Bones decisions: frozen dataclasses, the JSON each takes in a game log, and schemas.

Dice are named as a player writes them down: the owner's letter and the Troop's number,
``"A3"`` is player A's Troop 3 (A is seat 0, B seat 1). Rolls and landings are chance lines,
never decisions.

>>> action_to_json(Attack.of("A3", [("B5", 2), ("B2", 3)]))
{'attack': {'troop': 'A3', 'attacks': [['B2', 3], ['B5', 2]]}}
>>> action_from_json({"reinforce": "B7"}), action_from_json("keep")
(Reinforce(troop='B7'), Reroll(dice=()))
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

DIE_ID: Final = re.compile(r"^[A-Z][1-9][0-9]?$")


def die_key(die: str) -> tuple[str, int]:
    """The order dice are listed in: by owner, then number (A2 before A10)."""
    return die[0], int(die[1:])


class Opening(enum.Enum):
    """What the roll-off winner takes; the other player gets the other one."""

    REENGAGE = "reengage"
    FIRST_STRIKE = "first_strike"


@dataclass(frozen=True, slots=True)
class Choose:
    """The roll-off winner takes Reengage or First Strike."""

    opening: Opening


@dataclass(frozen=True, slots=True)
class Remove:
    """Reengage: the dice picked up to be rolled back in (first the opponent's, any number,
    then one's own, up to as many), listed in die order."""

    dice: tuple[str, ...]

    @classmethod
    def of(cls, dice: Iterable[str]) -> Remove:
        return cls(tuple(sorted(dice, key=die_key)))


@dataclass(frozen=True, slots=True)
class Attack:
    """A Troop's Firepower split into attacks ``(target, strength)`` whose Strengths add up
    to it, listed by target in die order, strongest first (:meth:`of` sorts them)."""

    troop: str
    attacks: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, troop: str, attacks: Iterable[tuple[str, int]]) -> Attack:
        return cls(troop, tuple(sorted(((t, s) for t, s in attacks),
                                       key=lambda a: (die_key(a[0]), -a[1]))))


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Roll a Roller for one's Troop: higher re-rolls it into the area, a 6 adds a Troop."""

    troop: str


@dataclass(frozen=True, slots=True)
class Resupply:
    """Take one's Troop out of the area and add its Firepower to one's Supply (at most 6)."""

    troop: str


@dataclass(frozen=True, slots=True)
class Converge:
    """Converge; it takes effect when the opponent converged on the turn just before."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """Spend one supply per die to re-roll dice of one's own roll just made (positions
    1, 2, ... in the roll's order); no dice (``"keep"``) keeps the roll."""

    dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Defend:
    """The defender of ``troop`` puts its defence rolls against the attacks on it: ``rolls[i]``
    defends the Troop's ``i``-th attack in the attack's listed order."""

    troop: str
    rolls: tuple[int, ...]


Action = Choose | Remove | Attack | Reinforce | Resupply | Converge | Reroll | Defend
ACTION_TYPES: Final = (Choose, Remove, Attack, Reinforce, Resupply, Converge, Reroll, Defend)


def action_to_json(action: Action) -> Any:
    """The log form of ``action``."""
    if isinstance(action, Attack):
        return {"attack": {"troop": action.troop,
                           "attacks": [[t, s] for t, s in action.attacks]}}
    if isinstance(action, Reinforce):
        return {"reinforce": action.troop}
    if isinstance(action, Resupply):
        return {"resupply": action.troop}
    if isinstance(action, Converge):
        return {"converge": True}
    if isinstance(action, Reroll):
        return {"reroll": list(action.dice)} if action.dice else "keep"
    if isinstance(action, Defend):
        return {"defend": {"troop": action.troop, "rolls": list(action.rolls)}}
    if isinstance(action, Remove):
        return {"remove": list(action.dice)}
    if isinstance(action, Choose):
        return {"choose": action.opening.value}
    raise ValueError(f"{action!r} is not a War of Bones action")


def _die(v: Any) -> str:
    if not isinstance(v, str) or not DIE_ID.match(v):
        raise ValueError(f"{v!r} is not a die name like \"A3\" (owner letter, Troop number)")
    return v


def _int(v: Any, low: int = 1) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise ValueError(f"{v!r} is not a whole number of at least {low}")
    return v


def action_from_json(data: Any) -> Action:
    """Parse a logged action; a malformed one raises ``ValueError`` saying what is expected.

    >>> action_from_json({"attack": {"troop": "A1", "attacks": [["B3", 1], ["B3", 4]]}})
    Attack(troop='A1', attacks=(('B3', 4), ('B3', 1)))
    >>> action_from_json({"remove": ["B4", "B2"]})
    Remove(dice=('B2', 'B4'))
    """
    if data == "keep":
        return Reroll()
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError('an action is "keep" or an object with one key, e.g. '
                         '{"reinforce": "A3"}')
    ((key, v),) = data.items()
    if key == "attack":
        if not isinstance(v, dict) or set(v) != {"troop", "attacks"}:
            raise ValueError('an attack is {"troop": "A3", "attacks": [["B2", 3], ...]}')
        pairs = v["attacks"]
        if not isinstance(pairs, list) or not pairs or not all(
                isinstance(p, list) and len(p) == 2 for p in pairs):
            raise ValueError('"attacks" lists [target, strength] pairs, e.g. [["B2", 3]]')
        return Attack.of(_die(v["troop"]), [(_die(t), _int(s)) for t, s in pairs])
    if key in ("reinforce", "resupply"):
        return (Reinforce if key == "reinforce" else Resupply)(_die(v))
    if key == "converge":
        if v is not True:
            raise ValueError('converging is written {"converge": true}')
        return Converge()
    if key == "reroll":
        if not isinstance(v, list):
            raise ValueError('a re-roll lists the dice of the roll by position: {"reroll": [1]}')
        dice = tuple(sorted(_int(i) for i in v))
        if len(set(dice)) != len(dice):
            raise ValueError("a die of the roll is listed twice for re-rolling")
        return Reroll(dice)
    if key == "defend":
        if not isinstance(v, dict) or set(v) != {"troop", "rolls"} or not isinstance(
                v["rolls"], list):
            raise ValueError('a defence is {"troop": "B2", "rolls": [6, 3]}')
        return Defend(_die(v["troop"]), tuple(_int(r) for r in v["rolls"]))
    if key == "remove":
        if not isinstance(v, list):
            raise ValueError('Reengage removes a list of dice: {"remove": ["B2", "B5"]}')
        names = [_die(d) for d in v]
        if len(set(names)) != len(names):
            raise ValueError("a die is listed twice for removal")
        return Remove.of(names)
    if key == "choose":
        try:
            return Choose(Opening(v))
        except ValueError:
            raise ValueError('choose "reengage" or "first_strike"') from None
    raise ValueError(f"unknown action {key!r}; actions are attack, reinforce, resupply, "
                     "converge, reroll/keep, defend, remove and choose")


def action_schema(letters: tuple[str, str], troops: int, faces: int) -> dict[str, Any]:
    """The JSON Schema of a decision line's ``"action"``."""
    die = {"type": "string", "pattern": f"^[{''.join(letters)}]([1-9]|1[0-9])$",
           "description": "a die: owner letter and Troop number, e.g. A3"}
    face = {"type": "integer", "minimum": 1, "maximum": faces}

    def one(key: str, what: str, value: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "description": what, "required": [key],
                "additionalProperties": False, "properties": {key: value}}

    return {"oneOf": [
        one("choose", "the roll-off winner's choice",
            {"enum": [o.value for o in Opening]}),
        one("remove", "Reengage: dice picked up to be rolled back in",
            {"type": "array", "items": die, "maxItems": 2 * troops, "uniqueItems": True}),
        one("attack", "a Troop's attacks, Strengths adding up to its Firepower",
            {"type": "object", "required": ["troop", "attacks"], "additionalProperties": False,
             "properties": {"troop": die, "attacks": {
                 "type": "array", "minItems": 1, "maxItems": faces,
                 "items": {"type": "array", "prefixItems": [die, face],
                           "minItems": 2, "maxItems": 2}}}}),
        one("reinforce", "roll a Roller to re-roll a Troop", die),
        one("resupply", "turn a Troop into supplies", die),
        one("converge", "converge (effective if the opponent just did)", {"const": True}),
        one("reroll", "spend supplies to re-roll dice of one's last roll",
            {"type": "array", "items": {"type": "integer", "minimum": 1},
             "uniqueItems": True}),
        {"const": "keep", "description": "keep one's last roll (no re-roll)"},
        one("defend", "defence rolls put against the attacks on a Troop",
            {"type": "object", "required": ["troop", "rolls"], "additionalProperties": False,
             "properties": {"troop": die, "rolls": {"type": "array", "items": face,
                                                    "minItems": 1}}}),
    ]}
