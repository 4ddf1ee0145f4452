"""JSON Lines game logs: readable by people, writable by hand, replayable without an RNG.

A log is a header line, one line per decision or chance outcome, and a result line::

    {"printkit_log": 1, "game": "mygame", "rules": "1.0", "options": {}, "seed": null,
     "players": [{"name": "Ann", "bot": null}, {"name": "Bo", "bot": "greedy"}]}
    {"chance": [3, 5]}
    {"player": 0, "action": {"keep": [5]}, "reason": "the five starts a run"}
    ...
    {"result": {"scores": [57, 42], "winners": [0]}}

(The header is one line in a real file.) ``reason`` is optional and becomes an annotation on
printed examples. A bot's reason is written as its message id with the values of its
``%(name)s`` placeholders beside it, so a printer can translate the sentence::

    {"player": 0, "action": "end", "reason": "%(n)d dice left, none worth using",
     "reason_params": {"n": 2}}

A reason written by hand is plain text; the two forms may be mixed in one log.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.engines.core.errors import LogFormatError
from printkit.engines.core.files import atomic_write_text
from printkit.engines.core.game import Reason
from printkit.engines.core.reading import UnreadableError, json_value, log_lines

FORMAT_VERSION = 1


@dataclass(frozen=True)
class Player:
    name: str
    bot: str | None = None


@dataclass(frozen=True)
class LogHeader:
    game: str
    rules: str
    players: tuple[Player, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | str | None = None
    version: int = FORMAT_VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "printkit_log": self.version,
            "game": self.game,
            "rules": self.rules,
            "options": self.options,
            "seed": self.seed,
            "players": [{"name": p.name, "bot": p.bot} for p in self.players],
        }


class ReasonText(str):
    """A reason as a log holds it: it reads as its English sentence (it *is* that string), and
    keeps the message id and values it was made from, so a printer can translate it.

    >>> why = ReasonText("%(n)d dice left, none worth using", {"n": 2})
    >>> why, why.msgid, dict(why.params)
    ('2 dice left, none worth using', '%(n)d dice left, none worth using', {'n': 2})
    >>> translate_reason(why, {"%(n)d dice left, none worth using": "%(n)d dés inutiles"}.get)
    '2 dés inutiles'
    """

    msgid: str
    params: Mapping[str, Any]

    def __new__(cls, msgid: str, params: Mapping[str, Any] | None = None) -> ReasonText:
        values = dict(params or {})
        self = super().__new__(cls, msgid % values if values else msgid)
        self.msgid = msgid
        self.params = values
        return self

    @classmethod
    def of(cls, reason: str | Reason) -> str:
        """A bot's :class:`Reason` as text with its message id (values made JSON-ready: numbers
        and text stay, anything else is written out); plain text stays as it is."""
        if not isinstance(reason, Reason):
            return reason
        return cls(reason.text, {k: v if v is None or isinstance(v, bool | int | float | str)
                                 else str(v) for k, v in reason.params.items()})


_DECIMAL = re.compile(r"%\((\w+)\)\.(\d+)f")


def translate_reason(reason: str, gettext: Callable[[str], str | None],
                     decimal: Callable[[float, int], str] | None = None) -> str:
    """``reason`` in the language of ``gettext``: a bot's message id is translated and then
    filled in; a reason written by hand is looked up as it stands (usually left as it is).
    An untranslated message (``gettext`` giving None or the id back) stays English.
    ``decimal(value, digits)`` writes a ``%(x).1f`` value the language's way (1,5 not 1.5).

    >>> why = ReasonText("about %(swing).1f athletes", {"swing": 2.5})
    >>> translate_reason(why, {"about %(swing).1f athletes": "environ %(swing).1f athlètes"}.get,
    ...                  lambda v, d: f"{v:.{d}f}".replace(".", ","))
    'environ 2,5 athlètes'
    """
    msgid = reason.msgid if isinstance(reason, ReasonText) else reason
    text = gettext(msgid) or msgid
    if not isinstance(reason, ReasonText) or not reason.params:
        return text
    params = dict(reason.params)
    if decimal is not None:
        for name, digits in _DECIMAL.findall(text):
            value = params.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                params[name] = decimal(float(value), int(digits))
        text = _DECIMAL.sub(r"%(\1)s", text)
    try:
        return text % params
    except (KeyError, TypeError, ValueError, OverflowError):  # a catalog's placeholders gone wrong
        return str(reason)


@dataclass(frozen=True)
class LogEntry:
    """One line: a decision (``player`` set) or a chance outcome (``player`` is None).

    ``reason`` is plain text, or a :class:`ReasonText` when it came from a bot (or from a line
    with ``reason_params``)."""

    player: int | None
    data: Any
    reason: str | None = None
    line: int | None = None

    @classmethod
    def decision(cls, player: int, data: Any, reason: str | Reason | None) -> LogEntry:
        """A decision line; a bot's :class:`Reason` is kept as its message id and values."""
        return cls(player, data, None if reason is None else ReasonText.of(reason))

    @property
    def is_chance(self) -> bool:
        return self.player is None

    def to_json(self) -> dict[str, Any]:
        if self.player is None:
            return {"chance": self.data}
        out: dict[str, Any] = {"player": self.player, "action": self.data}
        reason = self.reason
        if isinstance(reason, ReasonText) and reason.params:
            out["reason"] = reason.msgid
            out["reason_params"] = dict(reason.params)
        elif reason:
            out["reason"] = str(reason)
        return out


@dataclass
class GameLog:
    header: LogHeader
    entries: list[LogEntry] = field(default_factory=list)
    result: dict[str, Any] | None = None
    result_line: int | None = None

    def lines(self) -> Iterable[str]:
        yield _dump(self.header.to_json())
        for e in self.entries:
            yield _dump(e.to_json())
        if self.result is not None:
            yield _dump({"result": self.result})

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a temporary file in the same folder, then a rename."""
        atomic_write_text(Path(path), self.dumps())


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def parse_log(text: str) -> GameLog:
    """Parse a log, naming the line of the first problem. Blank lines are ignored.

    >>> head = '{"printkit_log": 1, "game": "g", "rules": "1", "players": ["A"]}'
    >>> log = parse_log(head + '\\n{"chance": [1, 2]}\\n{"player": 0, "action": 5}\\n'
    ...                 '{"result": {"winner": 0}}')
    >>> [e.player for e in log.entries], log.result
    ([None, 0], {'winner': 0})
    """
    header: LogHeader | None = None
    log: GameLog | None = None
    for number, raw in enumerate(log_lines(text), start=1):
        if not raw.strip():
            continue
        try:
            obj = json_value(raw)
        except UnreadableError as exc:
            raise LogFormatError(str(exc), number) from None
        if not isinstance(obj, dict):
            raise LogFormatError("each line must be a JSON object", number)
        if header is None:
            header = _parse_header(obj, number)
            log = GameLog(header)
            continue
        assert log is not None
        if log.result is not None:
            raise LogFormatError("nothing may follow the result line", number)
        if "result" in obj:
            if not isinstance(obj["result"], dict):
                raise LogFormatError("'result' must be an object", number)
            log.result = obj["result"]
            log.result_line = number
        elif "chance" in obj:
            log.entries.append(LogEntry(None, obj["chance"], None, number))
        elif "player" in obj:
            p = obj["player"]
            if not isinstance(p, int) or isinstance(p, bool) or p < 0:
                raise LogFormatError("'player' must be a player number (0, 1, ...)", number)
            if "action" not in obj:
                raise LogFormatError("a player line needs an 'action'", number)
            log.entries.append(LogEntry(p, obj["action"], _parse_reason(obj, number), number))
        else:
            raise LogFormatError(
                "a line must hold 'chance', 'player' and 'action', or 'result'", number
            )
    if log is None:
        raise LogFormatError("the log is empty: it needs at least a header line")
    return log


def _parse_reason(obj: dict[str, Any], number: int) -> str | None:
    """A decision line's reason: plain text, or a message id filled from ``reason_params``."""
    reason = obj.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise LogFormatError("'reason' must be text", number)
    params = obj.get("reason_params")
    if params is None:
        return reason
    if reason is None:
        raise LogFormatError("'reason_params' fills a 'reason', and this line has none", number)
    if not isinstance(params, dict) or not all(
            v is None or isinstance(v, int | float | str) for v in params.values()):
        raise LogFormatError("'reason_params' must be an object of numbers and text", number)
    if any(isinstance(v, float) and not math.isfinite(v) for v in params.values()):
        raise LogFormatError("'reason_params' must be finite numbers (not Infinity or NaN)",
                             number)
    try:
        return ReasonText(reason, params)
    except OverflowError:  # a whole number too large for a %f placeholder
        raise LogFormatError("'reason_params' hold a number too large to print", number
                             ) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise LogFormatError(
            f"'reason_params' do not fill the reason's placeholders ({exc!r})", number
        ) from None


def _parse_header(obj: dict[str, Any], number: int) -> LogHeader:
    version = obj.get("printkit_log")
    if version != FORMAT_VERSION:
        raise LogFormatError(
            f"the first line must be a header with \"printkit_log\": {FORMAT_VERSION}", number
        )
    for key in ("game", "players"):
        if key not in obj:
            raise LogFormatError(f"the header lacks {key!r}", number)
    players_raw = obj["players"]
    if not isinstance(players_raw, list) or not players_raw:
        raise LogFormatError("'players' must be a non-empty list", number)
    players = []
    for i, p in enumerate(players_raw):
        if isinstance(p, str):
            players.append(Player(p))
        elif isinstance(p, dict) and isinstance(p.get("name", f"Player {i + 1}"), str):
            players.append(Player(p.get("name", f"Player {i + 1}"), p.get("bot")))
        else:
            raise LogFormatError(
                f"player {i} must be a name or {{'name': ..., 'bot': ...}}", number
            )
    options = obj.get("options") or {}
    if not isinstance(options, dict):
        raise LogFormatError("'options' must be an object", number)
    return LogHeader(
        game=str(obj["game"]),
        rules=str(obj.get("rules", "")),
        players=tuple(players),
        options=options,
        seed=obj.get("seed"),
        version=version,
    )


def read_log(path: str | os.PathLike[str]) -> GameLog:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise LogFormatError(f"{path} is not UTF-8 text") from None
    return parse_log(text)
