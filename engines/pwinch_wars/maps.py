"""The maps (``data/maps/*.txt``): a TOML header, then one character per hex, as a person edits
it (the format is described at the head of each map file).

A loaded :class:`GameMap` answers what the turn engine asks (the terrain of a hex, which hexes
are on the map, line of sight) and what the map printer needs (the hex layout in mm, the
outline of the restricted property, the size of the printed parts).

>>> forest = load_map("forest")
>>> forest.columns, forest.rows, forest.hex_flat_mm, forest.parts
(21, 22, 25.0, (3, 2))
>>> forest.terrain_at(forest.hex_at(12, 12)).id       # row 12, column 12, counted from 1
'fruit_tree'
>>> [round(v) for v in forest.size_mm]
[538, 484]
>>> try:
...     parse_map(FOREST_BAD_CELL, "forest.txt", load_chart())
... except PwinchDataError as exc:
...     print(exc)
forest.txt row 2, column 3: 'q' is not a terrain letter (legend: . grass, F forest)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from printkit.engines.core.data import parse_toml, read_int, read_table, read_text
from printkit.engines.pwinch_wars.hexes import (
    LAYOUT_NAME,
    Hex,
    Layout,
    SightGrid,
    hex_to_offset,
    line_of_sight,
    neighbours,
    offset_to_hex,
)
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_names, data_text
from printkit.engines.pwinch_wars.terrain import Chart, Terrain, load_chart

SEPARATOR: Final = "---"
KINDS: Final = ("forest", "city")
PRINTABLE_MM: Final = (190.0, 260.0)
"""A sheet's printable area (portrait, mm) the parts are sized for (A4 and Letter both)."""
OVERLAP_MM: Final = 10.0
"""What neighbouring parts share (printkit's tiler's default)."""
HEX_FLAT_RANGE_MM: Final = (22.0, 25.0)
"""Hexes this size across flats hold counters of 16-18 mm with a margin."""
HEADER_KEYS: Final = ("id", "title", "kind", "required", "legend", "designed_for_printkit")
DESIGNED_KEYS: Final = ("layout", "columns", "rows", "hex_flat_mm", "parts")

FOREST_BAD_CELL: Final = """id = "forest"
title = "t"
kind = "forest"
required = []
[legend]
"." = "grass"
F = "forest"
[designed_for_printkit]
layout = "pointy-odd-r"
columns = 3
rows = 2
hex_flat_mm = 25.0
parts = [1, 1]
---
. F .
 F F q
"""
"""A map with a mistake, for the docstring above."""


@dataclass(frozen=True, slots=True)
class GameMap:
    """A map: ``cells`` holds each hex's terrain id, row by row from the top (north) edge."""

    id: str
    title: str
    kind: str
    columns: int
    rows: int
    hex_flat_mm: float
    parts: tuple[int, int]
    legend: tuple[tuple[str, str], ...]
    cells: tuple[str, ...]
    required: tuple[str, ...]
    terrain: dict[Hex, Terrain] = field(compare=False, repr=False)
    sight: SightGrid = field(compare=False, repr=False)

    def hex_at(self, row: int, column: int) -> Hex:
        """The hex at ``row`` and ``column`` counted from 1, as printed and as the data files
        (scenarios' set-up zones) count them."""
        if not (1 <= row <= self.rows and 1 <= column <= self.columns):
            raise KeyError(f"row {row}, column {column} is off the {self.columns} x "
                           f"{self.rows} map")
        return offset_to_hex(column - 1, row - 1)

    def contains(self, h: Hex) -> bool:
        return h in self.terrain

    def terrain_at(self, h: Hex) -> Terrain:
        """The terrain of ``h`` (``KeyError`` off the map)."""
        return self.terrain[h]

    def hexes(self) -> Iterator[Hex]:
        """Every hex, row by row."""
        for row in range(self.rows):
            for col in range(self.columns):
                yield offset_to_hex(col, row)

    def hexes_of(self, terrain_id: str) -> tuple[Hex, ...]:
        return tuple(h for h in self.hexes() if self.terrain[h].id == terrain_id)

    def line_of_sight(self, a: Hex, b: Hex) -> bool:
        """See :func:`~printkit.engines.pwinch_wars.hexes.line_of_sight`."""
        return line_of_sight(self, a, b)

    @property
    def layout(self) -> Layout:
        return Layout(self.hex_flat_mm)

    @property
    def size_mm(self) -> tuple[float, float]:
        """Width and height of the hex grid, edge to edge (mm)."""
        return self.layout.map_size(self.columns, self.rows)

    def outline(self, terrain_id: str) -> tuple[tuple[Hex, int], ...]:
        """The edges around the hexes of ``terrain_id``: ``(hex, direction)`` for each side
        of such a hex whose neighbour across it (``DIRECTIONS[direction]``) is not of it;
        the printer draws the restricted property's red line along them."""
        inside = set(self.hexes_of(terrain_id))
        return tuple((h, d) for h in sorted(inside)
                     for d, n in enumerate(neighbours(h)) if n not in inside)

    def letter(self, terrain_id: str) -> str:
        """The character this map's file uses for ``terrain_id``."""
        for ch, tid in self.legend:
            if tid == terrain_id:
                return ch
        raise KeyError(terrain_id)

    def to_text(self) -> str:
        """The grid part of a map file, as :func:`parse_map` reads it."""
        lines = []
        for row in range(self.rows):
            cells = self.cells[row * self.columns:(row + 1) * self.columns]
            lines.append((" " if row % 2 else "") + " ".join(self.letter(t) for t in cells))
        return "\n".join(lines) + "\n"


def parts_needed(width_mm: float, height_mm: float) -> tuple[int, int]:
    """Portrait sheets across and down that hold a map this size, with the overlap."""
    def count(total: float, room: float) -> int:
        n = 1
        while total > n * room - (n - 1) * OVERLAP_MM + 1e-9:
            n += 1
        return n

    return count(width_mm, PRINTABLE_MM[0]), count(height_mm, PRINTABLE_MM[1])


def _fail(source: str, message: str) -> PwinchDataError:
    return PwinchDataError(f"{source}: {message}")


def parse_map(text: str, source: str, chart: Chart) -> GameMap:
    """Check and type a map file; every mistake names the file and, in the grid, the row and
    column (counted from 1)."""
    lines = text.splitlines()
    try:
        cut = next(i for i, line in enumerate(lines) if line.strip() == SEPARATOR)
    except StopIteration:
        raise _fail(source, f"no line '{SEPARATOR}' between the header and the hexes") from None
    head = parse_toml("\n".join(lines[:cut]), source)
    unknown = sorted(set(head) - set(HEADER_KEYS))
    if unknown:
        raise _fail(source, f"unknown header key(s) {', '.join(unknown)} (known: "
                            f"{', '.join(HEADER_KEYS)})")
    designed = read_table(head, "designed_for_printkit", source)
    unknown = sorted(set(designed) - set(DESIGNED_KEYS))
    if unknown:
        raise _fail(source, f"unknown key(s) {', '.join(unknown)} under "
                            f"[designed_for_printkit] (known: {', '.join(DESIGNED_KEYS)})")
    where = "designed_for_printkit."
    layout = read_text(designed, "layout", source, where)
    if layout != LAYOUT_NAME:
        raise _fail(source, f"'{where}layout' must be '{LAYOUT_NAME}', got '{layout}'")
    columns = read_int(designed, "columns", 2, 99, source, where)
    rows = read_int(designed, "rows", 2, 99, source, where)
    flat = designed.get("hex_flat_mm")
    low, high = HEX_FLAT_RANGE_MM
    if not isinstance(flat, int | float) or isinstance(flat, bool) or not low <= flat <= high:
        raise _fail(source, f"'{where}hex_flat_mm' must be from {low:g} to {high:g} (mm across "
                            f"flats, room for a counter), got {flat!r}")
    parts = designed.get("parts")
    if (not isinstance(parts, list) or len(parts) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 1
                       for p in parts)):
        raise _fail(source, f"'{where}parts' must be [columns, rows] of printed sheets")
    map_id = read_text(head, "id", source)
    kind = read_text(head, "kind", source)
    if kind not in KINDS:
        raise _fail(source, f"'kind' must be one of {', '.join(KINDS)}, got '{kind}'")
    legend_raw = read_table(head, "legend", source)
    legend: list[tuple[str, str]] = []
    for ch, tid in legend_raw.items():
        if len(ch) != 1 or ch.isspace():
            raise _fail(source, f"legend key '{ch}' must be one character, not a space")
        if tid not in chart.terrain_ids:
            raise _fail(source, f"legend '{ch}' names an unknown terrain '{tid}' (terrain.csv "
                                f"has {', '.join(chart.terrain_ids)})")
        legend.append((ch, str(tid)))
    letters = dict(legend)
    legend_text = ", ".join(f"{ch} {tid}" for ch, tid in legend)
    grid = [line.rstrip() for line in lines[cut + 1:]]
    while grid and not grid[-1]:
        grid.pop()
    if len(grid) != rows:
        raise _fail(source, f"the grid has {len(grid)} rows, the header says {rows}")
    cells: list[str] = []
    for r, line in enumerate(grid):
        row_no = r + 1
        indent = 1 if r % 2 else 0
        lead = len(line) - len(line.lstrip(" "))
        if lead != indent:
            raise _fail(source, f"row {row_no} must start with {indent} space(s) (the 2nd, "
                                f"4th... rows are shoved half a hex right), not {lead}")
        body = line[indent:]
        if any(ch != " " for ch in body[1::2]):
            pos = next(i for i, ch in enumerate(body[1::2]) if ch != " ")
            raise _fail(source, f"row {row_no}, after column {pos + 1}: hexes are one "
                                f"character each, with a space between them")
        found = body[0::2]
        if len(found) != columns:
            raise _fail(source, f"row {row_no} has {len(found)} hexes, the header says "
                                f"{columns} columns")
        for c, ch in enumerate(found):
            if ch not in letters:
                raise PwinchDataError(f"{source} row {row_no}, column {c + 1}: '{ch}' is not a "
                                      f"terrain letter (legend: {legend_text})")
            cells.append(letters[ch])
    required = head.get("required", [])
    if not isinstance(required, list) or not all(isinstance(t, str) for t in required):
        raise _fail(source, "'required' must list terrain ids")
    for tid in required:
        if tid not in chart.terrain_ids:
            raise _fail(source, f"'required' names an unknown terrain '{tid}'")
        if tid not in cells:
            raise _fail(source, f"the map has no {tid} hex, which a {kind} map requires")
    terrain = {offset_to_hex(i % columns, i // columns): chart.terrain(t)
               for i, t in enumerate(cells)}
    sight = SightGrid(columns, rows, [hex_to_offset(h) for h, t in terrain.items()
                                      if t.blocks_sight])
    game_map = GameMap(id=map_id, title=read_text(head, "title", source), kind=kind,
                       columns=columns, rows=rows, hex_flat_mm=float(flat),
                       parts=(parts[0], parts[1]), legend=tuple(legend), cells=tuple(cells),
                       required=tuple(required), terrain=terrain, sight=sight)
    _check_print_size(game_map, source)
    _check_groups(game_map, source)
    return game_map


def _check_print_size(m: GameMap, source: str) -> None:
    width, height = m.size_mm
    need = parts_needed(width, height)
    if need[0] > m.parts[0] or need[1] > m.parts[1]:
        raise _fail(source, f"the map is {width:.0f} x {height:.0f} mm and needs {need[0]} x "
                            f"{need[1]} sheets, the header says {m.parts[0]} x {m.parts[1]}")


def _check_groups(m: GameMap, source: str) -> None:
    """The restricted property is one group of hexes (one red outline)."""
    order = m.hexes_of("restricted")
    left = set(order)
    groups: list[list[Hex]] = []
    for start in order:
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.discard(n)
                    group.append(n)
                    todo.append(n)
        groups.append(group)
    if len(groups) > 1:
        main = max(groups, key=len)
        stray = next(h for h in order if h not in main)
        col, row = hex_to_offset(stray)
        raise _fail(source, f"row {row + 1}, column {col + 1}: restricted property apart "
                            f"from the rest (the property is one group, one red outline)")


def map_ids() -> tuple[str, ...]:
    """The packaged maps."""
    return data_names("maps", ".txt")


@cache
def load_map(map_id: str) -> GameMap:
    """A packaged map by id ("forest", "city")."""
    source = f"{map_id}.txt"
    game_map = parse_map(data_text("maps", source), source, load_chart())
    if game_map.id != map_id:
        raise _fail(source, f"'id' must be the file's name, '{map_id}', got '{game_map.id}'")
    return game_map

