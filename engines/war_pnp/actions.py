"""W.A.R. – Powers 'n Points actions: every decision a player writes down, as frozen
dataclasses, with the JSON each takes in a game log and its schema.

A schema needs the table's numbers (rows, boxes, the Points columns' labels of every sheet in
play, the seats), so each class's ``json_schema(parts)`` is given them as :class:`SchemaParts`.

>>> DevelopPower(3, PowerKind.STEAL), SetTrap(1, 25)
(DevelopPower(row=3, power=<PowerKind.STEAL: 'steal'>), SetTrap(player=1, score=25))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

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


def _obj(key: str, what: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object", "description": what, "required": [key],
        "additionalProperties": False,
        "properties": {key: {"type": "object", "required": required,
                             "additionalProperties": False, "properties": props}},
    }


def _one(key: str, what: str, value: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": what, "required": [key],
            "additionalProperties": False, "properties": {key: value}}


@dataclass(frozen=True, slots=True)
class SetActivation:
    """Free activation numbers (a sheet variant): write ``face`` as the number of Powers row
    ``row`` at set-up; the row's power is used when a die shows it."""

    row: int
    face: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"activation": {"row": 2, "face": 5}}``."""
        return _obj("activation", "write a Powers row's activation number (set-up)",
                    {"row": parts.row, "face": parts.face}, ["row", "face"])


@dataclass(frozen=True, slots=True)
class DevelopPower:
    """Fill the leftmost empty box of Powers row ``row``; ``power`` names the row's power
    the first time the row is developed, and only then."""

    row: int
    power: PowerKind | None = None

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"develop_power": {"row": 3, "power": "steal"}}`` (``power`` only when new)."""
        return _obj("develop_power", "develop a Powers row",
                    {"row": parts.row, "power": {"enum": parts.powers}}, ["row"])


@dataclass(frozen=True, slots=True)
class DevelopPoints:
    """Fill the bottom empty box of the Points column labelled ``column`` (e.g. ``5/9``)."""

    column: str

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"develop_points": "5/9"}``."""
        return _one("develop_points", "develop a Points column", parts.column)


@dataclass(frozen=True, slots=True)
class Mark:
    """Write the due mark (2x, PU#: own sheet; X: an opponent's) on an unmarked box."""

    player: int
    column: str
    box: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"mark": {"player": 1, "column": "7", "box": 2}}``."""
        return _obj("mark", "mark a Points box (Double, Block, PowerUp)",
                    {"player": parts.seat, "column": parts.column, "box": parts.box},
                    ["player", "column", "box"])


@dataclass(frozen=True, slots=True)
class SetTrap:
    """Write a "T" beside ``score`` on ``player``'s score track."""

    player: int
    score: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"trap": {"player": 1, "score": 25}}``."""
        return _obj("trap", "set a trap on an opponent's score track",
                    {"player": parts.seat, "score": parts.score}, ["player", "score"])


@dataclass(frozen=True, slots=True)
class Wither:
    """Add the Wither's amount to the Withering of a column of ``player`` (an opponent)."""

    player: int
    column: str

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"wither": {"player": 1, "column": "6/8"}}``."""
        return _obj("wither", "wither an opponent's Points column",
                    {"player": parts.seat, "column": parts.column}, ["player", "column"])


@dataclass(frozen=True, slots=True)
class UsePower:
    """3+ players: on one's turn, use the power of row ``row`` that the dice activated."""

    row: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"use": 3}``."""
        return _one("use", "use an activated power (3+ players, in turns)", parts.row)


@dataclass(frozen=True, slots=True)
class Target:
    """Choose the opponent a power acts on (3+ players): who receives a gifted Grow, who is
    Decayed, Poked or Stolen from."""

    player: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"target": 2}``."""
        return _one("target", "the opponent a power acts on", parts.seat)


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll die ``die`` (1 or 2) for one's own Points column this round."""

    die: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"reroll": 2}``."""
        return _one("reroll", "re-roll one die for your own Points column",
                    {"type": "integer", "minimum": 1, "maximum": 2})


@dataclass(frozen=True, slots=True)
class Stop:
    """Cancel: stop ``player``'s power in row ``row`` this round."""

    player: int
    row: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"stop": {"player": 1, "row": 4}}``."""
        return _obj("stop", "cancel another player's power",
                    {"player": parts.seat, "row": parts.row}, ["player", "row"])


@dataclass(frozen=True, slots=True)
class Unwither:
    """Cancel: reduce the Withering on ``player``'s ``column`` by the Cancel's points."""

    player: int
    column: str

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"unwither": {"player": 0, "column": "6/8"}}``."""
        return _obj("unwither", "reduce a column's Withering",
                    {"player": parts.seat, "column": parts.column}, ["player", "column"])


@dataclass(frozen=True, slots=True)
class Erase:
    """Cancel: erase the mark (2x, X or PU#) on a Points box, one per point of Cancel."""

    player: int
    column: str
    box: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"erase": {"player": 0, "column": "7", "box": 2}}``."""
        return _obj("erase", "erase a mark on a Points box",
                    {"player": parts.seat, "column": parts.column, "box": parts.box},
                    ["player", "column", "box"])


@dataclass(frozen=True, slots=True)
class EraseTrap:
    """Cancel: erase the "T" beside ``score`` on ``player``'s score track (one point)."""

    player: int
    score: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"erase_trap": {"player": 0, "score": 25}}``."""
        return _obj("erase_trap", "erase a trap on a score track",
                    {"player": parts.seat, "score": parts.score}, ["player", "score"])


@dataclass(frozen=True, slots=True)
class Score:
    """Gain points: the sum used (after Bend and Re-roll) and the active box chosen in its
    column."""

    total: int
    box: int

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"score": {"sum": 9, "box": 3}}``."""
        return _obj("score", "gain points from an active box of the column of the sum",
                    {"sum": parts.total, "box": parts.box}, ["sum", "box"])


@dataclass(frozen=True, slots=True)
class Undevelop:
    """A sprung trap: the trapper erases one development of the trapped player, in Powers
    row ``row`` or Points column ``column`` (exactly one of them)."""

    box: int
    row: int | None = None
    column: str | None = None

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``{"undevelop": {"row": 2, "box": 3}}`` or ``{"undevelop": {"column": "7",
        "box": 1}}``."""
        return _one("undevelop", "un-develop a box of the trapped player", {"oneOf": [
            {"type": "object", "required": ["row", "box"], "additionalProperties": False,
             "properties": {"row": parts.row, "box": parts.box}},
            {"type": "object", "required": ["column", "box"], "additionalProperties": False,
             "properties": {"column": parts.column, "box": parts.box}},
        ]})


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a Cancel, a Re-roll or (3+ players) a chance to use a power go unused."""

    @classmethod
    def json_schema(cls, parts: SchemaParts) -> dict[str, Any]:
        """``"pass"``."""
        return {"const": "pass", "description": "leave a Cancel, a Re-roll or a turn unused"}


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


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def action_to_json(action: Action) -> Any:
    """The log form of ``action``.

    >>> action_to_json(Score(9, 3)), action_to_json(Pass())
    ({'score': {'sum': 9, 'box': 3}}, 'pass')
    """
    if isinstance(action, DevelopPower):
        body: dict[str, Any] = {"row": action.row}
        if action.power is not None:
            body["power"] = action.power.value
        return {"develop_power": body}
    if isinstance(action, SetActivation):
        return {"activation": {"row": action.row, "face": action.face}}
    if isinstance(action, DevelopPoints):
        return {"develop_points": action.column}
    if isinstance(action, (Mark, Erase)):
        key = "mark" if isinstance(action, Mark) else "erase"
        return {key: {"player": action.player, "column": action.column, "box": action.box}}
    if isinstance(action, (SetTrap, EraseTrap)):
        key = "trap" if isinstance(action, SetTrap) else "erase_trap"
        return {key: {"player": action.player, "score": action.score}}
    if isinstance(action, (Wither, Unwither)):
        key = "wither" if isinstance(action, Wither) else "unwither"
        return {key: {"player": action.player, "column": action.column}}
    if isinstance(action, UsePower):
        return {"use": action.row}
    if isinstance(action, Target):
        return {"target": action.player}
    if isinstance(action, Reroll):
        return {"reroll": action.die}
    if isinstance(action, Stop):
        return {"stop": {"player": action.player, "row": action.row}}
    if isinstance(action, Score):
        return {"score": {"sum": action.total, "box": action.box}}
    if isinstance(action, Undevelop):
        if action.row is not None:
            return {"undevelop": {"row": action.row, "box": action.box}}
        return {"undevelop": {"column": action.column, "box": action.box}}
    if isinstance(action, Pass):
        return "pass"
    raise ValueError(f"{action!r} is not a W.A.R. PnP action")


def action_from_json(data: Any) -> Action:
    """Parse a logged action; a malformed one raises ``ValueError`` pointing at the schema.

    >>> action_from_json({"trap": {"player": 1, "score": 25}})
    SetTrap(player=1, score=25)
    """
    if data == "pass":
        return Pass()
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError('an action is "pass" or an object with one key, e.g. '
                         '{"develop_points": "5/9"}')
    ((key, v),) = data.items()
    try:
        return _parse(key, v)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed {key!r} action {v!r}: see the action schema") from exc


def _parse(key: str, v: Any) -> Action:
    def ints(*names: str) -> list[int]:
        if not all(_is_int(v[n]) for n in names):
            raise ValueError(names)
        return [v[n] for n in names]

    def only(*names: str) -> None:
        if not isinstance(v, dict) or set(v) != set(names):
            raise ValueError(names)

    def text(value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(value)
        return value

    def whole(value: Any) -> int:
        if not _is_int(value):
            raise ValueError(value)
        return int(value)

    if key == "develop_power":
        if not isinstance(v, dict) or not {"row"} <= set(v) <= {"row", "power"}:
            raise ValueError(v)
        power = PowerKind(v["power"]) if "power" in v else None
        return DevelopPower(ints("row")[0], power)
    if key == "activation":
        only("row", "face")
        row, face = ints("row", "face")
        return SetActivation(row, face)
    if key == "develop_points":
        return DevelopPoints(text(v))
    if key in ("mark", "erase"):
        only("player", "column", "box")
        player, box = ints("player", "box")
        return (Mark if key == "mark" else Erase)(player, text(v["column"]), box)
    if key in ("trap", "erase_trap"):
        only("player", "score")
        player, score = ints("player", "score")
        return (SetTrap if key == "trap" else EraseTrap)(player, score)
    if key in ("wither", "unwither"):
        only("player", "column")
        return (Wither if key == "wither" else Unwither)(ints("player")[0], text(v["column"]))
    if key == "use":
        return UsePower(whole(v))
    if key == "target":
        return Target(whole(v))
    if key == "reroll":
        return Reroll(whole(v))
    if key == "stop":
        only("player", "row")
        player, row = ints("player", "row")
        return Stop(player, row)
    if key == "score":
        only("sum", "box")
        total, box = ints("sum", "box")
        return Score(total, box)
    if key == "undevelop":
        if isinstance(v, dict) and set(v) == {"row", "box"}:
            row, box = ints("row", "box")
            return Undevelop(box, row=row)
        only("column", "box")
        return Undevelop(ints("box")[0], column=text(v["column"]))
    raise ValueError(f"unknown action {key!r}")
