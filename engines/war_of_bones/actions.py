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

from printkit.engines.core.codec import ActionCodec, Const, Custom, Field, Value

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


def _die(v: Any) -> str:
    if not isinstance(v, str) or not DIE_ID.match(v):
        raise ValueError(f"{v!r} is not a die name like \"A3\" (owner letter, Troop number)")
    return v


def _int(v: Any, low: int = 1) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise ValueError(f"{v!r} is not a whole number of at least {low}")
    return v


def _attack(v: Any) -> Attack:
    if not isinstance(v, dict) or set(v) != {"troop", "attacks"}:
        raise ValueError('an attack is {"troop": "A3", "attacks": [["B2", 3], ...]}')
    pairs = v["attacks"]
    if not isinstance(pairs, list) or not pairs or not all(
            isinstance(p, list) and len(p) == 2 for p in pairs):
        raise ValueError('"attacks" lists [target, strength] pairs, e.g. [["B2", 3]]')
    return Attack.of(_die(v["troop"]), [(_die(t), _int(s)) for t, s in pairs])


def _converge(v: Any) -> Converge:
    if v is not True:
        raise ValueError('converging is written {"converge": true}')
    return Converge()


def _reroll(v: Any) -> tuple[int, ...]:
    if not isinstance(v, list):
        raise ValueError('a re-roll lists the dice of the roll by position: {"reroll": [1]}')
    dice = tuple(sorted(_int(i) for i in v))
    if len(set(dice)) != len(dice):
        raise ValueError("a die of the roll is listed twice for re-rolling")
    return dice


def _defend(v: Any) -> Defend:
    if not isinstance(v, dict) or set(v) != {"troop", "rolls"} or not isinstance(
            v["rolls"], list):
        raise ValueError('a defence is {"troop": "B2", "rolls": [6, 3]}')
    return Defend(_die(v["troop"]), tuple(_int(r) for r in v["rolls"]))


def _remove(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list):
        raise ValueError('Reengage removes a list of dice: {"remove": ["B2", "B5"]}')
    names = [_die(d) for d in v]
    if len(set(names)) != len(names):
        raise ValueError("a die is listed twice for removal")
    return Remove.of(names).dice


def _opening(v: Any) -> Opening:
    try:
        return Opening(v)
    except ValueError:
        raise ValueError('choose "reengage" or "first_strike"') from None


CODEC: Final = ActionCodec[Action]([
    Value(Choose, "choose", "the roll-off winner's choice",
          Field("choose", "opening", {"enum": [o.value for o in Opening]}, _opening,
                lambda o: o.value)),
    Value(Remove, "remove", "Reengage: dice picked up to be rolled back in",
          Field("remove", "dice", lambda p: {"type": "array", "items": p["die"],
                                             "maxItems": 2 * p["troops"], "uniqueItems": True},
                _remove, list)),
    Custom(Attack, "attack", "a Troop's attacks, Strengths adding up to its Firepower",
           lambda a: {"troop": a.troop, "attacks": [[t, s] for t, s in a.attacks]}, _attack,
           lambda p: {"type": "object", "required": ["troop", "attacks"],
                      "additionalProperties": False, "properties": {"troop": p["die"], "attacks": {
                          "type": "array", "minItems": 1, "maxItems": p["faces"],
                          "items": {"type": "array", "prefixItems": [p["die"], p["face"]],
                                    "minItems": 2, "maxItems": 2}}}}),
    Value(Reinforce, "reinforce", "roll a Roller to re-roll a Troop",
          Field("reinforce", "troop", "die", _die)),
    Value(Resupply, "resupply", "turn a Troop into supplies",
          Field("resupply", "troop", "die", _die)),
    Custom(Converge, "converge", "converge (effective if the opponent just did)",
           lambda a: True, _converge, {"const": True}),
    Value(Reroll, "reroll", "spend supplies to re-roll dice of one's last roll",
          Field("reroll", "dice", {"type": "array", "items": {"type": "integer", "minimum": 1},
                                   "uniqueItems": True}, _reroll, list),
          when=lambda a: bool(a.dice)),
    Const(Reroll, "keep", "keep one's last roll (no re-roll)"),
    Custom(Defend, "defend", "defence rolls put against the attacks on a Troop",
           lambda a: {"troop": a.troop, "rolls": list(a.rolls)}, _defend,
           lambda p: {"type": "object", "required": ["troop", "rolls"],
                      "additionalProperties": False,
                      "properties": {"troop": p["die"], "rolls": {"type": "array",
                                                                   "items": p["face"],
                                                                   "minItems": 1}}}),
], shape='an action is "keep" or an object with one key, e.g. {"reinforce": "A3"}',
    unknown=lambda key: f"unknown action {key!r}; actions are attack, reinforce, resupply, "
                        "converge, reroll/keep, defend, remove and choose",
    foreign=lambda a: ValueError(f"{a!r} is not a War of Bones action"))
"""Every action's JSON form in a log (a malformed one raises ``ValueError`` saying what is
expected), and its schema given the parts ``die``, ``face``, ``troops`` and ``faces``. A
re-roll of no dice is written ``"keep"``.

>>> CODEC.from_json({"attack": {"troop": "A1", "attacks": [["B3", 1], ["B3", 4]]}})
Attack(troop='A1', attacks=(('B3', 4), ('B3', 1)))
>>> CODEC.from_json({"remove": ["B4", "B2"]}), CODEC.to_json(Reroll(()))
(Remove(dice=('B2', 'B4')), 'keep')
"""

action_to_json = CODEC.to_json
action_from_json = CODEC.from_json


def action_schema(letters: tuple[str, str], troops: int, faces: int) -> dict[str, Any]:
    """The JSON Schema of a decision line's ``"action"``."""
    die = {"type": "string", "pattern": f"^[{''.join(letters)}]([1-9]|1[0-9])$",
           "description": "a die: owner letter and Troop number, e.g. A3"}
    face = {"type": "integer", "minimum": 1, "maximum": faces}
    return CODEC.schema({"die": die, "face": face, "troops": troops, "faces": faces})
