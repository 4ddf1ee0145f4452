"""Play sheets: the standard one, and the custom sheets a designer writes in TOML.

The seed's designer wants "custom sheets with asymmetric setups ... unique powers; old powers
with new twists/different costs/rankings; different Points progressions". A
:class:`SheetSpec` is everything one player's sheet decides: which powers its rows may be
given and their six options, its Points columns (activation sums and box values), the length
of its history track, and whether its owner writes the activation numbers of the Powers rows
at set-up (the design notes' variant). The engine gives every seat its own sheet, so a custom
sheet plays against standard ones.

A custom sheet file names only what differs from the standard sheet::

    name = "The Gardener"                 # printed at the top of the sheet
    powers = ["grow", "double", "bend", "steal", "cancel", "reroll"]   # allowed powers
    history_length = 24                   # rolls the history track holds
    free_activation = true                # write each Powers row's number at set-up

    [options]                             # a power's six options, boxes i..vi
    grow = [[1, 0], [2, 0], [2, 0], [3, 1], [3, 0], [4, 0]]
    reroll = [1, 1, 2, 2, 3, 3]

    [[points_columns]]                    # all the Points columns, bottom box first
    sums = [2, 12]
    values = [10, 20, 30, 40, 50, 60]
    # ... one table per column; together they cover each dice sum 2..12 once

Every mistake is reported on its own line naming its key:

>>> try:
...     parse_sheet({"powers": ["grow", "dance"], "history_length": 0}, "my.toml")
... except SheetError as exc:
...     for line in exc.mistakes: print(line)  # doctest: +ELLIPSIS
my.toml: 'powers' names an unknown power 'dance' (known: grow, double, ..., reroll, poke)
my.toml: 'history_length' must be a whole number from 1 to 200
>>> STANDARD.name, len(STANDARD.powers), STANDARD.column_for_sum(9).label
('standard', 10, '5/9')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from printkit.engines.core.reading import UnreadableError, toml_document
from printkit.engines.war_pnp.rules import (
    RULES,
    STANDARD_POWERS,
    PointsColumn,
    PowerKind,
    PowerSpec,
    Rules,
)

MAX_HISTORY: Final = 200
MAX_MISTAKES: Final = 20
"""A sheet with more mistakes than this reports the first ones and how many more."""
MAX_SHOWN: Final = 60
"""A key or value quoted in a mistake is cut to this many characters."""
MAX_SHEET_BYTES: Final = 1_000_000
"""A sheet file is a few hundred bytes; anything over a megabyte is not one."""
SHEET_KEYS: Final = ("name", "powers", "options", "points_columns", "history_length",
                     "free_activation")


class SheetError(ValueError):
    """A custom sheet with mistakes; ``mistakes`` holds one line per mistake (control
    characters escaped, so that no mistake spans two lines), the first :data:`MAX_MISTAKES`
    of them."""

    def __init__(self, mistakes: list[str]) -> None:
        lines = [plain(m, len(m)) for m in mistakes[:MAX_MISTAKES]]
        if len(mistakes) > MAX_MISTAKES:
            lines.append(f"... and {len(mistakes) - MAX_MISTAKES} more mistakes")
        super().__init__("\n".join(lines))
        self.mistakes = lines


def plain(text: str, most: int = MAX_SHOWN) -> str:
    """``text`` for a one-line message: control and other unprintable characters escaped
    (a TOML key may hold a newline), cut to ``most`` characters.

    >>> print(plain("bad\\nkey"), plain("x" * 80, 10))
    bad\\nkey xxxxxxxxxx…
    """
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                  for ch in text[:most])
    return out + ("…" if len(text) > most else "")


def shown(value: Any) -> str:
    """A value as a mistake quotes it: its repr (which escapes control characters), cut."""
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


@dataclass(frozen=True, slots=True)
class SheetSpec:
    """One player's sheet: its powers (with their tables), Points columns and tracks."""

    name: str
    powers: tuple[PowerSpec, ...]
    columns: tuple[PointsColumn, ...]
    history_length: int
    free_activation: bool = False
    custom: bool = False
    # worked out once from the fields above: the engine reads them at every step
    kinds: tuple[PowerKind, ...] = field(init=False, compare=False)
    """The powers a row of this sheet may be given, in the seed's order."""
    labels: tuple[str, ...] = field(init=False, compare=False)
    """The Points columns' labels (``2/12`` ...), left to right."""
    _tables: dict[PowerKind, PowerSpec] = field(init=False, compare=False, repr=False)
    _by_sum: dict[int, int] = field(init=False, compare=False, repr=False)
    _by_label: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "kinds", tuple(p.kind for p in self.powers))
        set_(self, "labels", tuple(c.label for c in self.columns))
        set_(self, "_tables", {p.kind: p for p in self.powers})
        set_(self, "_by_sum", {s: i for i, c in enumerate(self.columns) for s in c.sums})
        set_(self, "_by_label", {label: i for i, label in enumerate(self.labels)})

    def power(self, kind: PowerKind) -> PowerSpec:
        """The table of ``kind`` on this sheet."""
        return self._tables[kind]

    def column_for_sum(self, total: int) -> PointsColumn:
        """The column the sum ``total`` activates on this sheet."""
        return self.columns[self._by_sum[total]]

    def column_index(self, label: str) -> int:
        """The position of the column labelled ``label``; ``ValueError`` if none is."""
        try:
            return self._by_label[label]
        except KeyError:
            raise ValueError(f"no Points column {label!r}") from None


def standard_sheet(rules: Rules = RULES) -> SheetSpec:
    """The sheet of ``data/rules.toml``: the ten powers, the designed columns."""
    return SheetSpec("standard", tuple(rules.power(k) for k in STANDARD_POWERS), rules.columns,
                     rules.history_length)


STANDARD: Final = standard_sheet()


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def parse_sheet(data: Mapping[str, Any], source: str, rules: Rules = RULES) -> SheetSpec:
    """Check a custom sheet (the TOML file's tables) and build it on the standard sheet.

    Raises :class:`SheetError` with one line per mistake, each naming its key.
    """
    mistakes: list[str] = []

    def fail(key: str, why: str) -> None:
        mistakes.append(f"{plain(source)}: '{plain(key)}' {why}")

    if not isinstance(data, Mapping):
        raise SheetError([f"{plain(source)}: a sheet is a TOML table"])
    for key in sorted(set(data) - set(SHEET_KEYS)):
        fail(key, f"is not a sheet key (known: {', '.join(SHEET_KEYS)})")
    name = data.get("name", "custom")
    if (not isinstance(name, str) or not name.strip() or len(name) > 40
            or not name.isprintable()):
        fail("name", "must be a text of 1 to 40 characters, on one line")
        name = "custom"
    known = {k.value: k for k in PowerKind}
    kinds: list[PowerKind] = list(STANDARD_POWERS)
    misread = False  # a power list that names something else than powers
    raw_powers = data.get("powers")
    if raw_powers is not None:
        if (not isinstance(raw_powers, list) or not raw_powers
                or len(raw_powers) > len(known)):
            fail("powers", f"must list 1 to {len(known)} of the powers a row may be given, "
                           "e.g. [\"grow\", \"steal\"]")
            misread = True
        else:
            kinds = []
            for value in raw_powers:
                if not isinstance(value, str):
                    fail("powers", f"lists power names, e.g. \"grow\", not {shown(value)}")
                    misread = True
                elif value not in known:
                    fail("powers", f"names an unknown power {shown(value)} "
                         f"(known: {', '.join(known)})")
                    misread = True
                elif known[value] in kinds:
                    fail("powers", f"names {shown(value)} twice")
                else:
                    kinds.append(known[value])
            kinds.sort(key=list(PowerKind).index)
    boxes = rules.boxes_per_row
    tables = {k: rules.power(k) for k in PowerKind}
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        fail("options", "must be a table of power = [six options]")
        options = {}
    for key, raw in options.items():
        where = f"options.{key}"
        if key not in known:
            fail(where, f"names an unknown power (known: {', '.join(known)})")
            continue
        kind = known[key]
        if kind not in kinds:
            if not misread:  # else the options of a misnamed power would be no news
                fail(where, f"gives options to {key}, which is not among this sheet's powers")
            continue
        spec = tables[kind]
        if kind is PowerKind.GROW:
            if (not isinstance(raw, list) or len(raw) != boxes
                    or not all(isinstance(p, list) and len(p) == 2
                               and all(_whole(v, 0, 9) for v in p) for p in raw)):
                fail(where, f"must list {boxes} [you, opponents] pairs of whole numbers 0-9")
                continue
            tables[kind] = PowerSpec(kind, spec.number, tuple(p[0] for p in raw),
                                     tuple(p[1] for p in raw), True)
        else:
            if not isinstance(raw, list) or len(raw) != boxes or not all(
                    _whole(v, 1, 99) for v in raw):
                fail(where, f"must list {boxes} whole numbers from 1 to 99")
                continue
            if kind in (PowerKind.STEAL, PowerKind.DECAY) and max(raw) > boxes:
                fail(where, f"counts boxes, so each option must be 1 to {boxes}")
                continue
            if kind is PowerKind.POWERUP and min(raw) < 2:
                fail(where, "is a multiplier, so each option must be at least 2")
                continue
            tables[kind] = PowerSpec(kind, spec.number, tuple(raw), spec.gifts, True)
    columns = rules.columns
    raw_columns = data.get("points_columns")
    if raw_columns is not None:
        columns = _columns(raw_columns, rules, fail) or rules.columns
    history = data.get("history_length", rules.history_length)
    if not _whole(history, 1, MAX_HISTORY):
        fail("history_length", f"must be a whole number from 1 to {MAX_HISTORY}")
        history = rules.history_length
    free = data.get("free_activation", False)
    if not isinstance(free, bool):
        fail("free_activation", "must be true or false")
        free = False
    if mistakes:
        raise SheetError(mistakes)
    return SheetSpec(name.strip(), tuple(tables[k] for k in kinds), columns, history, free,
                     custom=True)


def _columns(raw: Any, rules: Rules, fail: Any) -> tuple[PointsColumn, ...] | None:
    boxes = rules.boxes_per_row
    low, high = rules.dice, rules.dice * rules.faces
    if not isinstance(raw, list) or not raw or len(raw) > high - low + 1:
        fail("points_columns", f"must be a list of 1 to {high - low + 1} [[points_columns]] "
                               "tables")
        return None
    columns, ok = [], True
    for i, col in enumerate(raw):
        key = f"points_columns[{i}]"
        if not isinstance(col, Mapping):
            fail(key, "must be a table with 'sums' and 'values'")
            ok = False
            continue
        for extra in sorted(set(col) - {"sums", "values"}):
            fail(f"{key}.{extra}", "is not a column key (known: sums, values)")
            ok = False
        sums, values = col.get("sums"), col.get("values")
        if (not isinstance(sums, list) or not sums or len(sums) > high - low + 1
                or not all(_whole(s, low, high) for s in sums)):
            fail(f"{key}.sums", f"must list dice sums from {low} to {high}")
            ok = False
        if not isinstance(values, list) or len(values) != boxes or not all(
                _whole(v, 0, 999) for v in values):
            fail(f"{key}.values", f"must list {boxes} box values from 0 to 999, bottom first")
            ok = False
        if ok and isinstance(sums, list) and isinstance(values, list):
            columns.append(PointsColumn(tuple(sums), tuple(values)))
    if not ok:
        return None
    covered = sorted(s for c in columns for s in c.sums)
    if covered != list(range(low, high + 1)):
        missing = sorted(set(range(low, high + 1)) - set(covered))
        twice = sorted(s for s, n in Counter(covered).items() if n > 1)
        why = []
        if missing:
            why.append(f"no column for {', '.join(map(str, missing))}")
        if twice:
            why.append(f"more than one for {', '.join(map(str, twice))}")
        fail("points_columns", f"must cover each sum {low}-{high} once: " + "; ".join(why))
        return None
    return tuple(columns)


def load_sheet_file(path: Path, rules: Rules = RULES) -> tuple[dict[str, Any], SheetSpec]:
    """Read and check a custom sheet file: its raw tables (what a game log carries) and the
    sheet. Raises :class:`SheetError` (one line per mistake)."""
    where = plain(str(path), 200)
    try:
        if not path.is_file():  # a FIFO or a device would block or never end
            raise SheetError([f"{where}: no such file" if not path.exists() else
                              f"{where}: is not a regular file"])
        with path.open("rb") as file:
            raw = file.read(MAX_SHEET_BYTES + 1)
        if len(raw) > MAX_SHEET_BYTES:
            raise SheetError([f"{where}: is over {MAX_SHEET_BYTES:,} bytes, too large for a "
                              "sheet"])
        # a byte order mark (some Windows editors write one) is dropped, as in a deck's CSV
        data = toml_document(raw.decode("utf-8-sig"))
    except OSError as exc:
        raise SheetError([f"{where}: cannot read it ({exc.strerror or exc})"]) from None
    except UnicodeDecodeError:
        raise SheetError([f"{where}: is not UTF-8 text"]) from None
    except UnreadableError as exc:
        raise SheetError([f"{where}: is {exc}"]) from None
    return data, parse_sheet(data, path.name, rules)
