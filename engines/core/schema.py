"""The log format as a JSON Schema per game, for editors and for checking a log before replay.

A log is JSON Lines, so the schema describes one *line*: a header, a chance line, a decision
line or a result line (``oneOf``). The game supplies the schemas of its own parts (actions,
chance outcomes, result keys, header options; see :class:`~printkit.engines.core.game.Game`);
this module assembles them. A person's editor can check each line as it is written, and
:func:`validate_log_lines` checks a whole log, naming the line of the first problem.

>>> from printkit.engines.core.schema import line_schema_base
>>> sorted(line_schema_base()["$defs"])
['header', 'player']
"""

from __future__ import annotations

from typing import Any

from printkit.engines.core.errors import LogFormatError
from printkit.engines.core.game import Game
from printkit.engines.core.log import FORMAT_VERSION
from printkit.engines.core.reading import UnreadableError, json_value, log_lines

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def line_schema_base() -> dict[str, Any]:
    """The parts every game shares: the header's fields and a player entry."""
    player = {
        "oneOf": [
            {"type": "string", "description": "the player's name"},
            {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "bot": {"type": ["string", "null"]},
                },
                "additionalProperties": False,
            },
        ]
    }
    header = {
        "type": "object",
        "required": ["printkit_log", "game", "players"],
        "properties": {
            "printkit_log": {"const": FORMAT_VERSION, "description": "log format version"},
            "game": {"type": "string"},
            "rules": {"type": "string", "description": "rules version"},
            "options": {"type": "object"},
            "seed": {"type": ["integer", "string", "null"]},
            "players": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/player"}},
        },
        "additionalProperties": False,
    }
    return {"$defs": {"header": header, "player": player}}


def log_schema(game: Game[Any, Any]) -> dict[str, Any]:
    """The JSON Schema of one line of a ``game`` log (header, chance, decision or result)."""
    base = line_schema_base()
    defs = base["$defs"]
    defs["header"]["properties"]["game"] = {"const": game.info.name}
    defs["header"]["properties"]["options"] = game.options_schema()
    defs["header"]["properties"]["players"]["minItems"] = game.info.min_players
    if game.info.max_players:
        defs["header"]["properties"]["players"]["maxItems"] = game.info.max_players
    defs["chance"] = {
        "type": "object",
        "required": ["chance"],
        "properties": {"chance": game.outcome_schema()},
        "additionalProperties": False,
    }
    defs["decision"] = {
        "type": "object",
        "required": ["player", "action"],
        "properties": {
            "player": {"type": "integer", "minimum": 0,
                       "maximum": game.info.max_players - 1},
            "action": game.action_schema(),
            "reason": {"type": "string"},
            "reason_params": {"type": "object", "additionalProperties": {
                "type": ["string", "number", "boolean", "null"]}},
        },
        "dependentRequired": {"reason_params": ["reason"]},
        "additionalProperties": False,
    }
    defs["result"] = {
        "type": "object",
        "required": ["result"],
        "properties": {"result": game.result_schema()},
        "additionalProperties": False,
    }
    return {
        "$schema": DRAFT,
        "$id": f"https://printkit.invalid/schemas/{game.info.name}-log-line.json",
        "title": f"One line of a printkit log of {game.info.title}",
        "description": "A log is JSON Lines: a header line, then chance and decision lines, "
                       "then an optional result line.",
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in
                  ("header", "chance", "decision", "result")],
        "$defs": defs,
    }


def validate_log_lines(game: Game[Any, Any], text: str) -> None:
    """Check every line of a log against :func:`log_schema`; the first line must be the
    header. Raises :class:`LogFormatError` naming the line and what is wrong there."""
    from jsonschema import Draft202012Validator

    defs = log_schema(game)["$defs"]
    kinds = {kind: Draft202012Validator({"$schema": DRAFT, "$defs": defs,
                                         "$ref": f"#/$defs/{kind}"})
             for kind in ("header", "chance", "decision", "result")}
    first = True
    for number, raw in enumerate(log_lines(text), start=1):
        if not raw.strip():
            continue
        try:
            obj = json_value(raw)
        except UnreadableError as exc:
            raise LogFormatError(str(exc), number) from None
        if first:
            kind = "header"
            first = False
        elif isinstance(obj, dict) and "chance" in obj:
            kind = "chance"
        elif isinstance(obj, dict) and "result" in obj:
            kind = "result"
        elif isinstance(obj, dict) and ("player" in obj or "action" in obj):
            kind = "decision"
        else:
            raise LogFormatError(
                "a line must hold 'chance', 'player' and 'action', or 'result'", number)
        too_long = _longest_array(obj)
        if too_long > MAX_ARRAY:  # before the schema walks a 6 MB array item by item
            raise LogFormatError(f"{kind} line: a list of {too_long:,} items (at most "
                                 f"{MAX_ARRAY:,})", number)
        errors = sorted(kinds[kind].iter_errors(obj), key=lambda e: (len(e.path), e.path))
        if errors:
            raise LogFormatError(f"{kind} line: {_describe(errors[0])}", number)


MAX_ARRAY = 10_000
"""No list in a log line of any game comes near this (a roll is a handful of dice, a move
along a path a few hexes)."""

MAX_MESSAGE = 160
"""A schema error quotes the value it refused; a long one is cut to this many characters."""


def _longest_array(value: Any) -> int:
    """The length of the longest list anywhere in ``value`` (a decoded JSON line)."""
    longest = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            longest = max(longest, len(item))
            if len(item) <= MAX_ARRAY:
                stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return longest


def _describe(error: Any) -> str:
    """A jsonschema error in a sentence: where in the line, and what the schema wanted."""
    from jsonschema.exceptions import best_match

    error = best_match([error]) or error
    where = "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.path)
    message = error.message
    if error.validator == "additionalProperties":
        message = message.replace("Additional properties are not allowed", "unknown key")
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 1] + "…"
    return f"{where.lstrip('.') or 'the line'}: {message}"
