"""W.A.R. – Powers 'n Points actions: every decision a player writes down, as frozen
dataclasses, with the JSON each takes in a game log and its schema.

A schema needs the table's numbers (rows, boxes, the Points columns' labels of every sheet in
play, the seats), so :data:`CODEC`'s schema is given them as :class:`SchemaParts`.

>>> DevelopPower(3, PowerKind.STEAL), SetTrap(1, 25)
(DevelopPower(row=3, power=<PowerKind.STEAL: 'steal'>), SetTrap(player=1, score=25))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from printkit.engines.core.codec import (
    ActionCodec,
    Const,
    Custom,
    Field,
    Record,
    Value,
    record,
    text,
    whole,
)
from printkit.engines.war_pnp.rules import PowerKind


class SchemaParts(NamedTuple):
    """The sub-schemas the action schemas are built from."""

    row: dict[str, Any]
    box: dict[str, Any]
    column: dict[str, Any]
    seat: dict[str, Any]
    face: dict[str, Any]
    score: dict[str, Any]
    total: dict[str, Any]
    powers: list[str]


@dataclass(frozen=True, slots=True)
class SetActivation:
    """Free activation numbers (a sheet variant): write ``face`` as the number of Powers row
    ``row`` at set-up; the row's power is used when a die shows it."""

    row: int
    face: int


@dataclass(frozen=True, slots=True)
class DevelopPower:
    """Fill the leftmost empty box of Powers row ``row``; ``power`` names the row's power
    the first time the row is developed, and only then."""

    row: int
    power: PowerKind | None = None


@dataclass(frozen=True, slots=True)
class DevelopPoints:
    """Fill the bottom empty box of the Points column labelled ``column`` (e.g. ``5/9``)."""

    column: str


@dataclass(frozen=True, slots=True)
class Mark:
    """Write the due mark (2x, PU#: own sheet; X: an opponent's) on an unmarked box."""

    player: int
    column: str
    box: int


@dataclass(frozen=True, slots=True)
class SetTrap:
    """Write a "T" beside ``score`` on ``player``'s score track."""

    player: int
    score: int


@dataclass(frozen=True, slots=True)
class Wither:
    """Add the Wither's amount to the Withering of a column of ``player`` (an opponent)."""

    player: int
    column: str


@dataclass(frozen=True, slots=True)
class UsePower:
    """3+ players: on one's turn, use the power of row ``row`` that the dice activated."""

    row: int


@dataclass(frozen=True, slots=True)
class Target:
    """Choose the opponent a power acts on (3+ players): who receives a gifted Grow, who is
    Decayed, Poked or Stolen from."""

    player: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll die ``die`` (1 or 2) for one's own Points column this round."""

    die: int


@dataclass(frozen=True, slots=True)
class Stop:
    """Cancel: stop ``player``'s power in row ``row`` this round."""

    player: int
    row: int


@dataclass(frozen=True, slots=True)
class Unwither:
    """Cancel: reduce the Withering on ``player``'s ``column`` by the Cancel's points."""

    player: int
    column: str


@dataclass(frozen=True, slots=True)
class Erase:
    """Cancel: erase the mark (2x, X or PU#) on a Points box, one per point of Cancel."""

    player: int
    column: str
    box: int


@dataclass(frozen=True, slots=True)
class EraseTrap:
    """Cancel: erase the "T" beside ``score`` on ``player``'s score track (one point)."""

    player: int
    score: int


@dataclass(frozen=True, slots=True)
class Score:
    """Gain points: the sum used (after Bend and Re-roll) and the active box chosen in its
    column."""

    total: int
    box: int


@dataclass(frozen=True, slots=True)
class Undevelop:
    """A sprung trap: the trapper erases one development of the trapped player, in Powers
    row ``row`` or Points column ``column`` (exactly one of them)."""

    box: int
    row: int | None = None
    column: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a Cancel, a Re-roll or (3+ players) a chance to use a power go unused."""


Action = (SetActivation | DevelopPower | DevelopPoints | Mark | SetTrap | Wither | UsePower
          | Target | Reroll | Stop | Unwither | Erase | EraseTrap | Score | Undevelop | Pass)
ACTION_TYPES = (SetActivation, DevelopPower, DevelopPoints, Mark, SetTrap, Wither, UsePower,
                Target, Reroll, Stop, Unwither, Erase, EraseTrap, Score, Undevelop, Pass)


POWER_TITLES: Final = {
    PowerKind.GROW: "Grow", PowerKind.DOUBLE: "Double", PowerKind.BEND: "Bend",
    PowerKind.BLOCK: "Block", PowerKind.STEAL: "Steal", PowerKind.CANCEL: "Cancel",
    PowerKind.TRAP: "Trap", PowerKind.DECAY: "Decay", PowerKind.POWERUP: "PowerUp",
    PowerKind.WITHER: "Wither", PowerKind.REROLL: "Re-roll", PowerKind.POKE: "Poke",
}
"""The powers as the rules name them."""


def describe(action: Action) -> str:
    """``action`` in words, as a rule message quotes it.

    >>> describe(DevelopPower(6, PowerKind.POWERUP)), describe(Mark(1, "5/9", 2))
    ('develop Powers row 6 as PowerUp', "mark box 2 of player 1's Points column 5/9")
    """
    a: Any = action
    match action:
        case SetActivation():
            return f"write activation number {a.face} beside Powers row {a.row}"
        case DevelopPower():
            power = f" as {POWER_TITLES[a.power]}" if a.power is not None else ""
            return f"develop Powers row {a.row}{power}"
        case DevelopPoints():
            return f"develop Points column {a.column}"
        case Mark():
            return f"mark box {a.box} of player {a.player}'s Points column {a.column}"
        case SetTrap():
            return f"set a trap at score {a.score} on player {a.player}'s track"
        case Wither():
            return f"wither player {a.player}'s Points column {a.column}"
        case UsePower():
            return f"use the power of Powers row {a.row}"
        case Target():
            return f"act on player {a.player}"
        case Reroll():
            return f"re-roll die {a.die}"
        case Stop():
            return f"cancel player {a.player}'s power in Powers row {a.row}"
        case Unwither():
            return f"reduce the Withering of player {a.player}'s Points column {a.column}"
        case Erase():
            return f"erase the mark on box {a.box} of player {a.player}'s Points column {a.column}"
        case EraseTrap():
            return f"erase the trap at score {a.score} on player {a.player}'s track"
        case Score():
            return f"score box {a.box} of the column of the sum {a.total}"
        case Undevelop():
            where = f"Powers row {a.row}" if a.row is not None else f"Points column {a.column}"
            return f"un-develop box {a.box} of {where}"
        case Pass():
            return "pass"
    return "an action W.A.R. PnP does not know"


def _parse_undevelop(v: Any) -> Undevelop:
    if isinstance(v, dict) and set(v) == {"row", "box"}:
        return Undevelop(whole(v["box"]), row=whole(v["row"]))
    if not isinstance(v, dict) or set(v) != {"column", "box"}:
        raise ValueError(v)
    return Undevelop(whole(v["box"]), column=text(v["column"]))


def _dump_undevelop(a: Undevelop) -> dict[str, Any]:
    if a.row is not None:
        return {"row": a.row, "box": a.box}
    return {"column": a.column, "box": a.box}


def _undevelop_schema(parts: Any) -> dict[str, Any]:
    return {"oneOf": [record({"row": parts["row"], "box": parts["box"]}, ["row", "box"]),
                      record({"column": parts["column"], "box": parts["box"]},
                             ["column", "box"])]}


ROW = Field("row", "row", "row", whole)
BOX = Field("box", "box", "box", whole)
COLUMN = Field("column", "column", "column", text)
SEAT = Field("player", "player", "seat", whole)
SCORE = Field("score", "score", "score", whole)

CODEC: Final = ActionCodec[Action]([
    Record(SetActivation, "activation", "write a Powers row's activation number (set-up)",
           (ROW, Field("face", "face", "face", whole))),
    Record(DevelopPower, "develop_power", "develop a Powers row",
           (ROW, Field("power", "power", lambda p: {"enum": p["powers"]}, PowerKind,
                       lambda k: k.value, optional=True))),
    Value(DevelopPoints, "develop_points", "develop a Points column", COLUMN),
    Record(Mark, "mark", "mark a Points box (Double, Block, PowerUp)", (SEAT, COLUMN, BOX)),
    Record(SetTrap, "trap", "set a trap on an opponent's score track", (SEAT, SCORE)),
    Record(Wither, "wither", "wither an opponent's Points column", (SEAT, COLUMN)),
    Value(UsePower, "use", "use an activated power (3+ players, in turns)", ROW),
    Value(Target, "target", "the opponent a power acts on", SEAT),
    Value(Reroll, "reroll", "re-roll one die for your own Points column",
          Field("die", "die", {"type": "integer", "minimum": 1, "maximum": 2}, whole)),
    Record(Stop, "stop", "cancel another player's power", (SEAT, ROW)),
    Record(Unwither, "unwither", "reduce a column's Withering", (SEAT, COLUMN)),
    Record(Erase, "erase", "erase a mark on a Points box", (SEAT, COLUMN, BOX)),
    Record(EraseTrap, "erase_trap", "erase a trap on a score track", (SEAT, SCORE)),
    Record(Score, "score", "gain points from an active box of the column of the sum",
           (Field("sum", "total", "total", whole), BOX)),
    Custom(Undevelop, "undevelop", "un-develop a box of the trapped player", _dump_undevelop,
           _parse_undevelop, _undevelop_schema),
    Const(Pass, "pass", "leave a Cancel, a Re-roll or a turn unused"),
], shape='an action is "pass" or an object with one key, e.g. {"develop_points": "5/9"}',
    malformed=lambda key, v: f"malformed {key!r} action {v!r}: see the action schema",
    foreign=lambda a: ValueError(f"{a!r} is not a W.A.R. PnP action"))
"""Every action's JSON form in a log, and its schema (given :class:`SchemaParts`).

>>> CODEC.to_json(Score(9, 3)), CODEC.to_json(Pass())
({'score': {'sum': 9, 'box': 3}}, 'pass')
>>> CODEC.from_json({"trap": {"player": 1, "score": 25}})
SetTrap(player=1, score=25)
"""

action_to_json = CODEC.to_json
action_from_json = CODEC.from_json
