"""Reading Pwinch Wars' data files: the error type and the small readers every loader shares.

Every data mistake raises :class:`PwinchDataError` with one message naming the file, the line
or key, and the rule broken, so a person editing a spreadsheet or a map finds it at once.
CSV files may open with ``#`` comment lines (the file's conventions); they are skipped, but
line numbers count them, as a text editor or a spreadsheet shows them.

>>> rows = read_csv("# a note\\nid,fire\\njack,6\\n", "x.csv")
>>> rows[0].line, rows[0]["id"], rows[0].integer("fire", 1, 9)
(3, 'jack', 6)
>>> try:
...     rows[0].integer("fire", 7, 9)
... except PwinchDataError as exc:
...     print(exc)
x.csv line 3 (jack): 'fire' must be a whole number from 7 to 9, got '6'
"""

from __future__ import annotations

import csv
import io
from importlib import resources
from typing import Any

from printkit.engines.core.reading import UnreadableError, toml_document

PACKAGE = "printkit.engines.pwinch_wars"


class PwinchDataError(ValueError):
    """A data file breaks a rule; the message names the file, the place and the rule."""


def data_text(*parts: str) -> str:
    """The text of a packaged data file, e.g. ``data_text("maps", "forest.txt")``."""
    path = resources.files(PACKAGE).joinpath("data", *parts)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PwinchDataError(f"{'/'.join(parts)}: no such data file") from None


def data_names(folder: str, suffix: str) -> tuple[str, ...]:
    """The names (without ``suffix``) of the packaged files of ``data/<folder>``, sorted."""
    base = resources.files(PACKAGE).joinpath("data", folder)
    return tuple(sorted(p.name[: -len(suffix)] for p in base.iterdir()
                        if p.name.endswith(suffix)))


def parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return toml_document(text)
    except UnreadableError as exc:
        raise PwinchDataError(f"{source}: {exc}") from None


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

    def fail(self, message: str) -> PwinchDataError:
        return PwinchDataError(f"{self.where()}: {message}")

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
        raise PwinchDataError(f"{source}: the header line lacks the column(s) "
                              f"{', '.join(missing)}")
    rows = []
    seen: dict[str, int] = {}
    for values in reader:
        line = skipped + reader.line_num
        if not any((v or "").strip() for v in values.values() if isinstance(v, str)):
            continue
        if None in values:
            raise PwinchDataError(f"{source} line {line}: more cells than the header has "
                                  f"columns")
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


def require(condition: bool, source: str, message: str) -> None:
    if not condition:
        raise PwinchDataError(f"{source}: {message}")


def toml_int(data: dict[str, Any], key: str, low: int, high: int, source: str,
             where: str = "") -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PwinchDataError(f"{source}: '{where}{key}' must be a whole number from {low} to "
                              f"{high}, got {value!r}")
    return value


def toml_str(data: dict[str, Any], key: str, source: str, where: str = "") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PwinchDataError(f"{source}: '{where}{key}' must be a non-empty text, got "
                              f"{value!r}")
    return value


def toml_table(data: dict[str, Any], key: str, source: str, where: str = "") -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise PwinchDataError(f"{source}: '{where}{key}' must be a table")
    return value
