"""What each applied step of Pwinch Wars caused, for printers: ``state.events``.

An event is a frozen value read by attribute, with the engine's own types (a
:class:`~printkit.engines.pwinch_wars.actions.Marker`, a :class:`~.hexes.Hex`, a
:class:`~.rules_fire.Modified` sum with every term). Each is also a read-only mapping of its
JSON form, the documented shape a printer or a file may hold: the ``"event"`` name, markers as
``[team, box]``, hexes as ``"RRCC"``, sums as :meth:`Modified.to_json`; a roll's ``kind`` is
part of the name (``"fire roll"``, ``"initiative"``). :func:`event_from_json` reads it back.

>>> from printkit.engines.pwinch_wars.hexes import offset_to_hex
>>> e = Moved(Marker(0, 3), (offset_to_hex(0, 0), offset_to_hex(1, 0)), 4)
>>> e["event"], e["path"], e.halves
('move', ['0101', '0102'], 4)
>>> e == {"event": "move", "marker": [0, 3], "path": ["0101", "0102"], "halves": 4}
True
>>> event_from_json(e.to_json()) == e
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar

from printkit.engines.pwinch_wars.actions import Marker, hex_code, hex_from_code
from printkit.engines.pwinch_wars.hexes import Hex
from printkit.engines.pwinch_wars.phases import DICE, RollKind
from printkit.engines.pwinch_wars.rules_fire import Modified

Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""How a field's value is written to JSON and read back."""


def _same(value: Any) -> Any:
    return value


def _optional(codec: Codec) -> Codec:
    to, back = codec
    return (lambda v: None if v is None else to(v)), (lambda v: None if v is None else back(v))


_MARKER: Codec = (Marker.to_json, Marker.from_json)
_HEX: Codec = (hex_code, hex_from_code)
CODECS: dict[str, Codec] = {
    "Marker": _MARKER,
    "Marker | None": _optional(_MARKER),
    "Hex": _HEX,
    "Hex | None": _optional(_HEX),
    "Modified": (Modified.to_json, Modified.from_json),
    "tuple[Hex, ...]": (lambda v: [hex_code(h) for h in v],
                        lambda v: tuple(hex_from_code(c) for c in v)),
    "tuple[int, ...]": (list, lambda v: tuple(int(x) for x in v)),
}
"""The codec of each field type written otherwise than as itself (by its annotation)."""


class Event(Mapping[str, Any]):
    """One thing a step caused. Subclasses are frozen dataclasses (``eq=False``: equality is
    this class's, so an event also equals its JSON form, a plain dict)."""

    __slots__ = ()
    NAME: ClassVar[str] = ""
    """The ``"event"`` name of the JSON form (a roll's comes from its kind)."""

    @property
    def name(self) -> str:
        return self.NAME

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.name}
        for key, (to, _back) in _layout(type(self)):
            out[key] = to(getattr(self, key))
        return out

    def _values(self) -> tuple[Any, ...]:
        keys: tuple[str, ...] = self.__slots__  # the dataclass's fields
        return tuple(getattr(self, key) for key in keys)

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_json())

    def __len__(self) -> int:
        return len(self.to_json())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return type(other) is type(self) and other._values() == self._values()
        if isinstance(other, Mapping):
            return self.to_json() == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((type(self), self._values()))


@cache
def _layout(cls: type[Event]) -> tuple[tuple[str, Codec], ...]:
    """The JSON keys of ``cls`` in field order, each with its codec (a ``kind`` is in the
    name, not a key)."""
    return tuple((f.name, CODECS.get(str(f.type), (_same, _same)))
                 for f in fields(cls) if f.name != "kind")  # type: ignore[arg-type]


# -- set-up -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Picked(Event):
    """A character joins a team: drafted, or drawn from the bowl."""

    NAME: ClassVar[str] = "pick"
    player: int
    character: str
    bowl: bool = False

    def to_json(self) -> dict[str, Any]:
        out = Event.to_json(self)
        if not self.bowl:  # written only for the bowl (notes.md, E1b)
            del out["bowl"]
        return out


@dataclass(frozen=True, slots=True, eq=False)
class Equipped(Event):
    NAME: ClassVar[str] = "equip"
    player: int
    item: str
    character: str


@dataclass(frozen=True, slots=True, eq=False)
class Placed(Event):
    NAME: ClassVar[str] = "place"
    player: int
    box: int
    at: Hex


@dataclass(frozen=True, slots=True, eq=False)
class FlagPlanted(Event):
    """A team's flag on its home hex, before the first turn."""

    NAME: ClassVar[str] = "flag"
    team: int
    at: Hex


# -- the turn ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class TurnBegan(Event):
    NAME: ClassVar[str] = "turn"
    turn: int
    night: bool
    bed: bool


@dataclass(frozen=True, slots=True, eq=False)
class DiceRolled(Event):
    """One die per player (first pick, initiative) or per tied player (tiebreak)."""

    kind: RollKind
    players: tuple[int, ...]
    dice: tuple[int, ...]

    @property
    def name(self) -> str:
        return str(self.kind)


@dataclass(frozen=True, slots=True, eq=False)
class OrderSet(Event):
    """The turn's initiative order, first player first."""

    NAME: ClassVar[str] = "order"
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class HoldScored(Event):
    """Points for holding the scenario's terrain at the end of a turn."""

    NAME: ClassVar[str] = "hold"
    player: int
    points: int


@dataclass(frozen=True, slots=True, eq=False)
class GameOver(Event):
    NAME: ClassVar[str] = "game over"
    why: str
    scores: tuple[int, ...]


# -- an impulse -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Activated(Event):
    NAME: ClassVar[str] = "activate"
    marker: Marker


@dataclass(frozen=True, slots=True, eq=False)
class Moved(Event):
    """A move along ``path`` (both ends included) for ``halves`` half movement points."""

    NAME: ClassVar[str] = "move"
    marker: Marker
    path: tuple[Hex, ...]
    halves: int


@dataclass(frozen=True, slots=True, eq=False)
class SpecialDone(Event):
    """A special action (terrain.toml ``actions``): its item, or the hex it names."""

    NAME: ClassVar[str] = "special"
    marker: Marker
    action: str
    item: str | None
    at: Hex | None


@dataclass(frozen=True, slots=True, eq=False)
class Scouted(Event):
    NAME: ClassVar[str] = "scout"
    marker: Marker
    target: Marker


@dataclass(frozen=True, slots=True, eq=False)
class Fired(Event):
    """A shot declared; its roll (:class:`CheckRolled`) follows once the window closes."""

    NAME: ClassVar[str] = "fire"
    marker: Marker
    target: Marker
    weapon: str
    skill: Modified


@dataclass(frozen=True, slots=True, eq=False)
class ImpulseEnded(Event):
    """The impulse's end: ``hide`` if the player tries to hide the marker."""

    NAME: ClassVar[str] = "end"
    marker: Marker
    hide: bool


# -- checks and their upshots -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class CheckRolled(Event):
    """A fire, moral or sneak roll against ``skill`` (with the cards played on it)."""

    kind: RollKind
    marker: Marker
    roll: int
    skill: Modified
    success: bool
    cause: str
    """Why the check is made: "hit", "bedtime", "end of impulse", a card's id..."""

    @property
    def name(self) -> str:
        return f"{self.kind} roll"


@dataclass(frozen=True, slots=True, eq=False)
class Reddened(Event):
    NAME: ClassVar[str] = "red"
    marker: Marker


@dataclass(frozen=True, slots=True, eq=False)
class Eliminated(Event):
    """A character out of the game; ``credit``: the player it scores for (None: nobody)."""

    NAME: ClassVar[str] = "eliminated"
    marker: Marker
    cause: str
    credit: int | None


@dataclass(frozen=True, slots=True, eq=False)
class Revealed(Event):
    NAME: ClassVar[str] = "revealed"
    marker: Marker
    why: str


@dataclass(frozen=True, slots=True, eq=False)
class Hidden(Event):
    NAME: ClassVar[str] = "hidden"
    marker: Marker
    why: str


@dataclass(frozen=True, slots=True, eq=False)
class DummyExposed(Event):
    """A dummy seen: turned over and taken off the map."""

    NAME: ClassVar[str] = "dummy"
    marker: Marker
    why: str


# -- cards ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class CardPlayed(Event):
    """A card that changes no roll, played on a marker (in an impulse or its windows)."""

    NAME: ClassVar[str] = "card"
    player: int
    card: str
    on: Marker


@dataclass(frozen=True, slots=True, eq=False)
class ModifierPlayed(Event):
    """A card played in a roll's (or an activation's) window: on a marker, or on a player's
    initiative (``target_player``)."""

    NAME: ClassVar[str] = "card"
    player: int
    card: str
    on: Marker | None
    target_player: int | None


@dataclass(frozen=True, slots=True, eq=False)
class CardDrawn(Event):
    NAME: ClassVar[str] = "draw"
    player: int


# -- scenario objectives ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class FlagTaken(Event):
    NAME: ClassVar[str] = "flag taken"
    team: int
    marker: Marker


@dataclass(frozen=True, slots=True, eq=False)
class FlagDropped(Event):
    """The carrier eliminated: the flag lies on his hex."""

    NAME: ClassVar[str] = "flag dropped"
    team: int
    at: Hex


@dataclass(frozen=True, slots=True, eq=False)
class FlagReturned(Event):
    NAME: ClassVar[str] = "flag returned"
    team: int


@dataclass(frozen=True, slots=True, eq=False)
class FlagCaptured(Event):
    """A flag brought home by team ``by``: ``points`` for it."""

    NAME: ClassVar[str] = "flag captured"
    team: int
    by: int
    points: int


EVENTS: tuple[type[Event], ...] = (
    Picked, Equipped, Placed, FlagPlanted, TurnBegan, DiceRolled, OrderSet, HoldScored,
    GameOver, Activated, Moved, SpecialDone, Scouted, Fired, ImpulseEnded, CheckRolled,
    Reddened, Eliminated, Revealed, Hidden, DummyExposed, CardPlayed, ModifierPlayed,
    CardDrawn, FlagTaken, FlagDropped, FlagReturned, FlagCaptured)
"""Every kind of event."""
_BY_NAME = {cls.NAME: cls for cls in EVENTS if cls.NAME and cls is not ModifierPlayed}


def event_from_json(data: Mapping[str, Any]) -> Event:
    """The event whose JSON form (:meth:`Event.to_json`) is ``data``."""
    name = str(data["event"])
    kind: RollKind | None = None
    cls: type[Event] | None
    if name in DICE:
        cls, kind = DiceRolled, RollKind(name)
    elif name.endswith(" roll"):
        cls, kind = CheckRolled, RollKind(name.removesuffix(" roll"))
    elif name == "card" and "target_player" in data:
        cls = ModifierPlayed
    else:
        cls = _BY_NAME.get(name)
    if cls is None:
        raise ValueError(f"unknown event {name!r}")
    values = {key: back(data[key]) for key, (_to, back) in _layout(cls) if key in data}
    if kind is not None:
        values["kind"] = kind
    return cls(**values)


__all__ = ["CODECS", "EVENTS", "Activated", "CardDrawn", "CardPlayed", "CheckRolled",
           "DiceRolled", "DummyExposed", "Eliminated", "Equipped", "Event", "FlagCaptured",
           "FlagDropped", "FlagPlanted", "FlagReturned", "FlagTaken", "Fired", "GameOver",
           "Hidden", "HoldScored", "ImpulseEnded", "ModifierPlayed", "Moved", "OrderSet",
           "Picked", "Placed", "Reddened", "Revealed", "Scouted", "SpecialDone", "TurnBegan",
           "event_from_json"]
