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
from dataclasses import dataclass
from typing import Any

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


def action_to_json(a: Action) -> Any:  # noqa: C901 - one line per kind of action
    if isinstance(a, Pick):
        return {"pick": a.character}
    if isinstance(a, Equip):
        return {"equip": {"item": a.item, "to": a.character}}
    if isinstance(a, Tray):
        return {"tray": {"character": a.character, "box": a.box}}
    if isinstance(a, Place):
        return {"place": {"box": a.box, "at": hex_code(a.at)}}
    if isinstance(a, Activate):
        return {"activate": a.box}
    if isinstance(a, Move):
        return {"move": hex_code(a.to)}
    if isinstance(a, Special):
        out: dict[str, Any] = {"action": a.action}
        if a.item is not None:
            out["item"] = a.item
        if a.at is not None:
            out["at"] = hex_code(a.at)
        return {"special": out}
    if isinstance(a, Scout):
        return {"scout": a.target.to_json()}
    if isinstance(a, Fire):
        return {"fire": {"at": a.target.to_json(), "with": a.weapon}}
    if isinstance(a, End):
        return {"end": "hide" if a.hide else "stay"}
    if isinstance(a, PlayCard):
        card: dict[str, Any] = {"id": a.card}
        if a.marker is not None:
            card["on"] = a.marker.to_json()
        if a.player is not None:
            card["player"] = a.player
        return {"card": card}
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Draw):
        return {"draw": {"discard": a.discard}} if a.discard else {"draw": {}}
    if isinstance(a, NoDraw):
        return "keep"
    raise TypeError(f"not a Pwinch Wars action: {a!r}")


def _int(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{what} must be a whole number, got {v!r}")
    return v


def _str(v: Any, what: str) -> str:
    if not isinstance(v, str) or not v:
        raise ValueError(f"{what} must be text, got {v!r}")
    return v


def _body(data: dict[str, Any], key: str) -> dict[str, Any]:
    body = data[key]
    if not isinstance(body, dict):
        raise ValueError(f"'{key}' takes an object")
    return body


def action_from_json(data: Any) -> Action:  # noqa: C901 - one branch per kind of action
    """Parse a logged action; ``ValueError`` names what is wrong."""
    if data == "pass":
        return Pass()
    if data == "keep":
        return NoDraw()
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"an action is 'pass', 'keep' or an object with one key, got {data!r}")
    (key, value), = data.items()
    if key == "pick":
        return Pick(_str(value, "pick"))
    if key == "equip":
        b = _body(data, key)
        return Equip(_str(b.get("item"), "equip.item"), _str(b.get("to"), "equip.to"))
    if key == "tray":
        b = _body(data, key)
        return Tray(_str(b.get("character"), "tray.character"), _int(b.get("box"), "tray.box"))
    if key == "place":
        b = _body(data, key)
        return Place(_int(b.get("box"), "place.box"), hex_from_code(b.get("at")))
    if key == "activate":
        return Activate(_int(value, "activate"))
    if key == "move":
        return Move(hex_from_code(value))
    if key == "special":
        b = _body(data, key)
        at = b.get("at")
        item = b.get("item")
        return Special(_str(b.get("action"), "special.action"),
                       None if item is None else _str(item, "special.item"),
                       None if at is None else hex_from_code(at))
    if key == "scout":
        return Scout(Marker.from_json(value))
    if key == "fire":
        b = _body(data, key)
        return Fire(Marker.from_json(b.get("at")), _str(b.get("with"), "fire.with"))
    if key == "end":
        if value not in ("hide", "stay"):
            raise ValueError("'end' is 'hide' or 'stay'")
        return End(value == "hide")
    if key == "card":
        b = _body(data, key)
        on = b.get("on")
        player = b.get("player")
        return PlayCard(_str(b.get("id"), "card.id"),
                        None if on is None else Marker.from_json(on),
                        None if player is None else _int(player, "card.player"))
    if key == "draw":
        b = _body(data, key)
        discard = b.get("discard")
        return Draw(None if discard is None else _str(discard, "draw.discard"))
    raise ValueError(f"unknown action {key!r}")


def _one(key: str, what: str, value: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": what, "required": [key],
            "additionalProperties": False, "properties": {key: value}}


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "required": required, "additionalProperties": False,
            "properties": props}


def action_schema() -> dict[str, Any]:
    """The JSON Schema of a decision line's ``"action"``."""
    name = {"type": "string", "minLength": 1}
    box = {"type": "integer", "minimum": 1, "maximum": 10}
    return {"oneOf": [
        {"const": "pass", "description": "play no card in this reaction window"},
        {"const": "keep", "description": "end of turn: draw no card"},
        _one("pick", "draft a character", name),
        _one("equip", "give an item counter to a character",
             _obj({"item": name, "to": name}, ["item", "to"])),
        _one("tray", "put a character in a tray box",
             _obj({"character": name, "box": box}, ["character", "box"])),
        _one("place", "place a hidden marker in the set-up zone",
             _obj({"box": box, "at": HEX_SCHEMA}, ["box", "at"])),
        _one("activate", "play a marker this impulse", box),
        _one("move", "move to a hex", HEX_SCHEMA),
        _one("special", "a special action paid with movement points",
             _obj({"action": {"enum": ["pick_fruit", "fill_water", "place_hose",
                                       "pick_up_item"]},
                   "item": name, "at": HEX_SCHEMA}, ["action"])),
        _one("scout", "scout an adjacent hidden marker", MARKER_SCHEMA),
        _one("fire", "fire at a revealed enemy",
             _obj({"at": MARKER_SCHEMA, "with": name}, ["at", "with"])),
        _one("end", "end the impulse, hiding or staying seen", {"enum": ["hide", "stay"]}),
        _one("card", "play an event card",
             _obj({"id": name, "on": MARKER_SCHEMA,
                   "player": {"type": "integer", "minimum": 0, "maximum": 2}}, ["id"])),
        _one("draw", "end of turn: draw a card, discarding one first if the hand is full",
             _obj({"discard": {"type": ["string", "null"]}}, [])),
    ]}


__all__ = ["ACTION_TYPES", "Action", "Activate", "Draw", "End", "Equip", "Fire", "Marker",
           "Move", "NoDraw", "Pass", "Pick", "Place", "PlayCard", "Scout", "Special", "Tray",
           "action_from_json", "action_schema", "action_to_json", "hex_code", "hex_from_code"]
