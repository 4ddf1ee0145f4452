"""Pwinch Wars' decisions: frozen dataclasses, the JSON each takes in a game log, its schema.

Conventions a person can write down at the table:

- a hex is ``"RRCC"``: its row then its column as printed on the map, counted from 1, two
  digits each (``"0712"`` is row 7, column 12);
- a marker is ``[team, box]``: the seat of its player (0, 1, 2) and the numbered box of the
  team tray (1-10), which is also the number on its hidden marker.

>>> hex_code(hex_from_code("0712")), action_to_json(Fire(Marker(1, 3), "heavy_sling"))
('0712', {'fire': {'at': [1, 3], 'with': 'heavy_sling'}})
>>> action_from_json({"move": "0213"})
Move(to=Hex(q=12, r=1))
>>> action_from_json("pass"), action_from_json({"end": "hide"})
(Pass(), End(hide=True))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from printkit.engines.core.codec import ActionCodec, Const, Field, Record, Value
from printkit.engines.pwinch_wars.hexes import Hex, hex_to_offset, offset_to_hex

_HEX = re.compile(r"^([0-9]{2})([0-9]{2})$")
HEX_SCHEMA: dict[str, Any] = {"type": "string", "pattern": "^[0-9]{4}$",
                              "description": "row then column as printed, e.g. 0712"}
MARKER_SCHEMA: dict[str, Any] = {"type": "array", "minItems": 2, "maxItems": 2,
                                 "prefixItems": [{"type": "integer", "minimum": 0},
                                                 {"type": "integer", "minimum": 1,
                                                  "maximum": 10}],
                                 "description": "[team seat, tray box]"}


def hex_code(h: Hex) -> str:
    """``"RRCC"``: row and column counted from 1."""
    col, row = hex_to_offset(h)
    return f"{row + 1:02d}{col + 1:02d}"


def hex_from_code(code: Any) -> Hex:
    m = _HEX.match(code) if isinstance(code, str) else None
    if not m or int(m[1]) < 1 or int(m[2]) < 1:
        raise ValueError(f"a hex is written RRCC (row, column from 1), e.g. '0712'; got "
                         f"{code!r}")
    return offset_to_hex(int(m[2]) - 1, int(m[1]) - 1)


@dataclass(frozen=True, slots=True, order=True)
class Marker:
    """A counter on the map: team seat and tray box (the hidden marker's number)."""

    team: int
    box: int

    def to_json(self) -> list[int]:
        return [self.team, self.box]

    @classmethod
    def from_json(cls, data: Any) -> Marker:
        if (not isinstance(data, list) or len(data) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in data)):
            raise ValueError(f"a marker is [team, box], e.g. [1, 3]; got {data!r}")
        return cls(data[0], data[1])


# -- set-up ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pick:
    """Draft: take a character from those left (``{"pick": "jack"}``)."""

    character: str


@dataclass(frozen=True, slots=True)
class Equip:
    """Give the team's next item counter to one of its characters."""

    item: str
    character: str


@dataclass(frozen=True, slots=True)
class Tray:
    """Put a character in a numbered box of the team tray (his marker's number)."""

    character: str
    box: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put the hidden marker of ``box`` on a hex of the set-up zone (a box holding no
    character is a dummy)."""

    box: int
    at: Hex


# -- a turn ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Activate:
    """Play one of your unplayed markers this impulse."""

    box: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move to a reachable hex (cheapest path, avoiding river and property when as cheap)."""

    to: Hex


@dataclass(frozen=True, slots=True)
class Special:
    """A special action paid with movement points: ``pick_fruit``, ``fill_water``,
    ``place_hose`` (at the outlet ``at``), ``pick_up_item`` (``item``)."""

    action: str
    item: str | None = None
    at: Hex | None = None


@dataclass(frozen=True, slots=True)
class Scout:
    """Scouting (2 points): the adjacent hidden marker makes a sneak check at -4."""

    target: Marker


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire at a revealed enemy in sight and range with one of your weapons."""

    target: Marker
    weapon: str


@dataclass(frozen=True, slots=True)
class End:
    """End the impulse: ``hide`` tries to hide (a sneak check when seen), else stay seen."""

    hide: bool


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play an event card from your hand: on a marker, on a player (initiative cards), or
    on nobody (``you`` cards)."""

    card: str
    marker: Marker | None = None
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play a card in a reaction window."""


@dataclass(frozen=True, slots=True)
class Draw:
    """End of turn: take a new card, discarding ``discard`` first (needed with 3 in hand)."""

    discard: str | None = None


@dataclass(frozen=True, slots=True)
class NoDraw:
    """End of turn: keep the hand as it is."""


Action = (Pick | Equip | Tray | Place | Activate | Move | Special | Scout | Fire | End
          | PlayCard | Pass | Draw | NoDraw)
ACTION_TYPES = (Pick, Equip, Tray, Place, Activate, Move, Special, Scout, Fire, End, PlayCard,
                Pass, Draw, NoDraw)


def _int(what: str) -> Callable[[Any], int]:
    def parse(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"{what} must be a whole number, got {v!r}")
        return v
    return parse


def _str(what: str) -> Callable[[Any], str]:
    def parse(v: Any) -> str:
        if not isinstance(v, str) or not v:
            raise ValueError(f"{what} must be text, got {v!r}")
        return v
    return parse


def _end(v: Any) -> bool:
    if v not in ("hide", "stay"):
        raise ValueError("'end' is 'hide' or 'stay'")
    return bool(v == "hide")


_NAME: Final = {"type": "string", "minLength": 1}
_BOX: Final = {"type": "integer", "minimum": 1, "maximum": 10}


def _hex(name: str, attr: str, *, optional: bool = False) -> Field:
    return Field(name, attr, HEX_SCHEMA, hex_from_code, hex_code, optional)


def _marker(name: str, attr: str, *, optional: bool = False) -> Field:
    return Field(name, attr, MARKER_SCHEMA, Marker.from_json, Marker.to_json, optional)


CODEC: Final = ActionCodec[Action]([
    Const(Pass, "pass", "play no card in this reaction window"),
    Const(NoDraw, "keep", "end of turn: draw no card"),
    Value(Pick, "pick", "draft a character", Field("pick", "character", _NAME, _str("pick"))),
    Record(Equip, "equip", "give an item counter to a character",
           (Field("item", "item", _NAME, _str("equip.item")),
            Field("to", "character", _NAME, _str("equip.to"))), loose=True),
    Record(Tray, "tray", "put a character in a tray box",
           (Field("character", "character", _NAME, _str("tray.character")),
            Field("box", "box", _BOX, _int("tray.box"))), loose=True),
    Record(Place, "place", "place a hidden marker in the set-up zone",
           (Field("box", "box", _BOX, _int("place.box")), _hex("at", "at")), loose=True),
    Value(Activate, "activate", "play a marker this impulse",
          Field("activate", "box", _BOX, _int("activate"))),
    Value(Move, "move", "move to a hex", _hex("move", "to")),
    Record(Special, "special", "a special action paid with movement points",
           (Field("action", "action", {"enum": ["pick_fruit", "fill_water", "place_hose",
                                                "pick_up_item"]}, _str("special.action")),
            Field("item", "item", _NAME, _str("special.item"), optional=True),
            _hex("at", "at", optional=True)), loose=True),
    Value(Scout, "scout", "scout an adjacent hidden marker", _marker("scout", "target")),
    Record(Fire, "fire", "fire at a revealed enemy",
           (_marker("at", "target"), Field("with", "weapon", _NAME, _str("fire.with"))),
           loose=True),
    Value(End, "end", "end the impulse, hiding or staying seen",
          Field("end", "hide", {"enum": ["hide", "stay"]}, _end,
                lambda hide: "hide" if hide else "stay")),
    Record(PlayCard, "card", "play an event card",
           (Field("id", "card", _NAME, _str("card.id")), _marker("on", "marker", optional=True),
            Field("player", "player", {"type": "integer", "minimum": 0, "maximum": 2},
                  _int("card.player"), optional=True)), loose=True),
    Record(Draw, "draw", "end of turn: draw a card, discarding one first if the hand is full",
           (Field("discard", "discard", {"type": ["string", "null"]}, _str("draw.discard"),
                  optional=True),), loose=True),
], shape=lambda data: f"an action is 'pass', 'keep' or an object with one key, got {data!r}",
    foreign=lambda a: TypeError(f"not a Pwinch Wars action: {a!r}"))
"""Every action's JSON form in a log (``ValueError`` names what is wrong in one), and its
schema."""

action_to_json = CODEC.to_json
action_from_json = CODEC.from_json


def action_schema() -> dict[str, Any]:
    """The JSON Schema of a decision line's ``"action"``."""
    return CODEC.schema()


__all__ = ["ACTION_TYPES", "Action", "Activate", "Draw", "End", "Equip", "Fire", "Marker",
           "Move", "NoDraw", "Pass", "Pick", "Place", "PlayCard", "Scout", "Special", "Tray",
           "action_from_json", "action_schema", "action_to_json", "hex_code", "hex_from_code"]
