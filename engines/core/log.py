"""JSON Lines game logs: readable by people, writable by hand, replayable without an RNG.

A log is a header line, one line per decision or chance outcome, and a result line::

    {"printkit_log": 1, "game": "mygame", "rules": "1.0", "options": {}, "seed": null,
     "players": [{"name": "Ann", "bot": null}, {"name": "Bo", "bot": "greedy"}]}
    {"chance": [3, 5]}
    {"player": 0, "action": {"keep": [5]}, "reason": "the five starts a run"}
    ...
    {"result": {"scores": [57, 42], "winners": [0]}}

(The header is one line in a real file.) ``reason`` is optional and becomes an annotation on
printed examples.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.engines.core.errors import LogFormatError

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


@dataclass(frozen=True)
class LogEntry:
    """One line: a decision (``player`` set) or a chance outcome (``player`` is None)."""

    player: int | None
    data: Any
    reason: str | None = None
    line: int | None = None

    @property
    def is_chance(self) -> bool:
        return self.player is None

    def to_json(self) -> dict[str, Any]:
        if self.player is None:
            return {"chance": self.data}
        out: dict[str, Any] = {"player": self.player, "action": self.data}
        if self.reason:
            out["reason"] = self.reason
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


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


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
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise LogFormatError(f"not valid JSON ({exc.msg})", number) from None
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
            reason = obj.get("reason")
            if reason is not None and not isinstance(reason, str):
                raise LogFormatError("'reason' must be text", number)
            log.entries.append(LogEntry(p, obj["action"], reason, number))
        else:
            raise LogFormatError(
                "a line must hold 'chance', 'player' and 'action', or 'result'", number
            )
    if log is None:
        raise LogFormatError("the log is empty: it needs at least a header line")
    return log


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
