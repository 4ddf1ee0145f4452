"""One loader for the games' data files (rules.toml, rosters, maps): the readers every game
shares, so a mistake reads the same in every game and always names the file, the key (or
line) and what was expected, as one :class:`~printkit.engines.core.errors.DataError`.

TOML values are read with :func:`read_int`, :func:`read_number`, :func:`read_text`,
:func:`read_table` and :func:`read_ints`; CSV files with :func:`read_csv`, whose rows have
typed readers too. CSV files may open with ``#`` comment lines (the file's conventions); they
are skipped, but line numbers count them, as a text editor or a spreadsheet shows them.

>>> def refusal(read, *args):
...     try:
...         read(*args)
...     except DataError as exc:
...         print(exc)
>>> refusal(read_int, {"faces": 9}, "faces", 2, 6, "x.toml")
x.toml: 'faces' must be a whole number from 2 to 6, not 9
>>> rows = read_csv("# a note\\nid,fire\\njack,6\\n", "x.csv")
>>> rows[0].line, rows[0]["id"], rows[0].integer("fire", 1, 9)
(3, 'jack', 6)
>>> refusal(rows[0].integer, "fire", 7, 9)
x.csv line 3 (jack): 'fire' must be a whole number from 7 to 9, got '6'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from printkit.engines.core.errors import DataError
from printkit.engines.core.reading import UnreadableError, toml_document

MAX_SHOWN = 40
"""A refused value is quoted in at most this many characters (a 4,000-digit number or a long
text would otherwise fill the terminal)."""


def shown(value: Any) -> str:
    """``value`` as a refusal quotes it: its repr (control characters escaped), cut short.

    >>> print(shown("a\\nb"), shown(10 ** 60))
    'a\\nb' 1000000000000000000000000000000000000000…
    """
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def fail(source: str, message: str) -> DataError:
    """The error refusing ``source`` with ``message``, to raise."""
    return DataError(f"{source}: {message}")


def require(condition: bool, source: str, message: str) -> None:
    """Refuse ``source`` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise fail(source, message)


def packaged_text(package: str, *parts: str) -> str:
    """The text of a file under ``data/`` of a game's ``package``."""
    path = resources.files(package).joinpath("data", *parts)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{'/'.join(parts)}: no such data file") from None


def packaged_names(package: str, folder: str, suffix: str) -> tuple[str, ...]:
    """The names (without ``suffix``) of the files of ``data/<folder>``, sorted."""
    base = resources.files(package).joinpath("data", folder)
    return tuple(sorted(p.name[: -len(suffix)] for p in base.iterdir()
                        if p.name.endswith(suffix)))


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The tables of a TOML text; a syntax error names ``source``."""
    try:
        return toml_document(text)
    except UnreadableError as exc:
        raise DataError(f"{source}: {exc}") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low:g} to {high:g}"
    return f" of at least {low:g}" if low is not None else ""


def read_int(data: Mapping[str, Any], key: str, low: int | None, high: int | None,
             source: str, where: str = "") -> int:
    """The whole number at ``key`` (in the table ``where``, a dotted prefix), from ``low``
    to ``high`` (``None``: unbounded)."""
    value: Any = data.get(key)
    if (not _is_int(value) or (low is not None and value < low)
            or (high is not None and value > high)):
        raise DataError(f"{source}: '{where}{key}' must be a whole number"
                        f"{_bounds(low, high)}, not {shown(value)}")
    return int(value)


def read_number(data: Mapping[str, Any], key: str, low: float, high: float, source: str,
                where: str = "", why: str = "") -> float:
    """The number (whole or not) at ``key``, from ``low`` to ``high``; a key that may take
    one value only (``low == high``) says ``why``."""
    value: Any = data.get(key)
    if ((not _is_int(value) and not isinstance(value, float))
            or not low <= value <= high):
        if low == high:
            raise DataError(f"{source}: '{where}{key}' must be {low:g}, not {shown(value)}"
                            + (f" ({why})" if why else ""))
        raise DataError(f"{source}: '{where}{key}' must be a number{_bounds(low, high)}, not "
                        f"{shown(value)}")
    return float(value)


def read_text(data: Mapping[str, Any], key: str, source: str, where: str = "", *,
              default: str | None = None, longest: int | None = None) -> str:
    """The text at ``key`` (``default`` if absent, when given): not empty, or (``longest``)
    of at most that many printable characters."""
    value: Any = data.get(key, default)
    if longest is not None:
        if not isinstance(value, str) or len(value) > longest or not value.isprintable():
            raise DataError(f"{source}: '{where}{key}' must be a text of at most {longest} "
                            f"printable characters, not {shown(value)}")
    elif not isinstance(value, str) or not value.strip():
        raise DataError(f"{source}: '{where}{key}' must be a non-empty text, not "
                        f"{shown(value)}")
    return value


def read_table(data: Mapping[str, Any], key: str, source: str, where: str = "") -> dict[str, Any]:
    """The table at ``key``."""
    value: Any = data.get(key)
    if not isinstance(value, dict):
        raise DataError(f"{source}: '{where}{key}' must be a table")
    return value


def read_ints(value: Any, name: str, length: int | None, low: int, source: str
              ) -> tuple[int, ...]:
    """``value`` as a list of ``length`` (any, if ``None``) whole numbers of at least
    ``low``; ``name`` is its whole key."""
    if (not isinstance(value, list) or (length is not None and len(value) != length)
            or not all(_is_int(v) and v >= low for v in value)):
        count = f"{length} " if length is not None else ""
        raise DataError(f"{source}: '{name}' must list {count}whole numbers of at least {low}, "
                        f"not {shown(value)}")
    return tuple(value)


def known_keys(data: Mapping[str, Any], known: Sequence[str], source: str,
               where: str = "") -> None:
    """Refuse a key that is not ``known`` (a misspelt one would otherwise be ignored)."""
    for key in data:
        if key not in known:
            raise DataError(f"{source}: unknown key {shown(where + str(key))} (known: "
                            f"{', '.join(known)})")


class Row:
    """One CSV row with typed, checked readers; errors name the file, line and row id."""

    __slots__ = ("source", "line", "values")

    def __init__(self, source: str, line: int, values: dict[str, str]) -> None:
        self.source, self.line, self.values = source, line, values

    def __getitem__(self, key: str) -> str:
        return self.values.get(key, "").strip()

    def where(self) -> str:
        name = self["id"]
        return f"{self.source} line {self.line}" + (f" ({name})" if name else "")

    def fail(self, message: str) -> DataError:
        return DataError(f"{self.where()}: {message}")

    def text(self, key: str, *, required: bool = True) -> str:
        value = self[key]
        if required and not value:
            raise self.fail(f"'{key}' must not be empty")
        return value

    def integer(self, key: str, low: int, high: int, *, blank: int | None = None) -> int:
        raw = self[key]
        if raw == "" and blank is not None:
            return blank
        try:
            value = int(raw)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise self.fail(f"'{key}' must be a whole number from {low} to {high}, got '{raw}'")
        return value

    def flag(self, key: str) -> bool:
        raw = self[key].lower()
        if raw in ("true", "yes", "1"):
            return True
        if raw in ("false", "no", "0", ""):
            return False
        raise self.fail(f"'{key}' must be true or false, got '{self[key]}'")

    def choice(self, key: str, choices: tuple[str, ...], *, blank_ok: bool = False) -> str:
        raw = self[key]
        if (raw == "" and blank_ok) or raw in choices:
            return raw
        raise self.fail(f"'{key}' must be one of {', '.join(choices)}, got '{raw}'")

    def names(self, key: str) -> tuple[str, ...]:
        """A ``;``-separated list (blank: empty)."""
        return tuple(p.strip() for p in self[key].split(";") if p.strip())


def read_csv(text: str, source: str, required: tuple[str, ...] = ("id",)) -> list[Row]:
    """The rows of a CSV text after its ``#`` comment lines; checks the header and that ids
    are unique."""
    lines = text.splitlines()
    skipped = 0
    while skipped < len(lines) and lines[skipped].lstrip().startswith("#"):
        skipped += 1
    reader = csv.DictReader(io.StringIO("\n".join(lines[skipped:])))
    header = reader.fieldnames or []
    missing = [k for k in required if k not in header]
    if missing:
        raise DataError(f"{source}: the header line lacks the column(s) {', '.join(missing)}")
    rows = []
    seen: dict[str, int] = {}
    for values in reader:
        line = skipped + reader.line_num
        if not any((v or "").strip() for v in values.values() if isinstance(v, str)):
            continue
        if None in values:
            raise DataError(f"{source} line {line}: more cells than the header has columns")
        row = Row(source, line, {k: v or "" for k, v in values.items()})
        ident = row["id"]
        if "id" in required:
            if not ident.replace("_", "").isalnum() or ident != ident.lower():
                raise row.fail(f"'id' must be lower-case letters, digits and _, got '{ident}'")
            if ident in seen:
                raise row.fail(f"id '{ident}' is already used on line {seen[ident]}")
            seen[ident] = line
        rows.append(row)
    return rows
