"""Hex geometry for Pwinch Wars: axial/cube coordinates, the maps' offset layout, distance,
rings, pixel centres for the printer, line drawing and the seed's line of sight.

Why axial coordinates: distance, neighbours and lines are simple sums there, while the maps
are stored and printed as rows (the offset layout). The layout of both maps is **pointy-top
hexes, odd rows shoved right** ("odd-r"): in a map file odd rows are indented by half a hex,
as they print. Offset coordinates count from 0 here (``col``, ``row``); people and the data
files count from 1 (:func:`label`).

Range (the seed: count the hexes between shooter and target *including the target's*) is the
hex distance: an adjacent target is at range 1, two hexes away at range 2.

>>> a, b = offset_to_hex(0, 0), offset_to_hex(3, 2)
>>> a, b, distance(a, b), hex_to_offset(b)
(Hex(q=0, r=0), Hex(q=2, r=2), 4, (3, 2))
>>> len(neighbours(a)), len(ring(a, 2)), len(within(a, 2))
(6, 12, 19)
>>> [hex_to_offset(h) for h in line(a, b)]
[(0, 0), (0, 1), (1, 1), (2, 2), (3, 2)]

Line of sight (the seed: a ruler from centre to centre is cut by a blocking hex it crosses;
the two end hexes never block). Where the ruler runs exactly along the edge between two
hexes it is cut only when *both* of them block (see :func:`sight_pattern`):

>>> grid = SightGrid(columns=5, rows=3, blocking=[(2, 0)])
>>> line_of_sight(grid, offset_to_hex(0, 0), offset_to_hex(4, 0))
False
>>> line_of_sight(grid, offset_to_hex(0, 0), offset_to_hex(2, 0))   # the target's hex
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final, Protocol

SQRT3: Final = math.sqrt(3.0)


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex in axial coordinates; the cube's third coordinate is ``s = -q - r``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


DIRECTIONS: Final = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six neighbour steps, counter-clockwise from east (on a map whose rows run down the page:
east, north-east, north-west, west, south-west, south-east)."""


def distance(a: Hex, b: Hex) -> int:
    """Hexes from ``a`` to ``b`` counting ``b``'s and not ``a``'s: the seed's range.

    >>> distance(Hex(0, 0), Hex(1, 0)), distance(Hex(0, 0), Hex(2, -3))
    (1, 3)
    """
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes at distance 1, in :data:`DIRECTIONS` order (kept: engines ask often)."""
    return tuple(Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS)


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes at exactly ``radius`` (6 x radius of them; the centre alone for 0)."""
    if radius < 0:
        raise ValueError(f"a ring's radius must not be negative, got {radius}")
    if radius == 0:
        return (centre,)
    out = []
    h = centre + DIRECTIONS[4].scaled(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h + DIRECTIONS[side]
    return tuple(out)


def within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at distance ``radius`` or less, the centre first, ring by ring."""
    return tuple(h for k in range(radius + 1) for h in ring(centre, k))


# -- the maps' offset layout: pointy-top, odd rows shoved right ("odd-r") ----------------------

LAYOUT_NAME: Final = "pointy-odd-r"
"""The only layout the map files use; a map header names it so a reader knows."""


def offset_to_hex(col: int, row: int) -> Hex:
    """Axial hex of the 0-based ``col`` and ``row`` of an odd-r map."""
    return Hex(col - (row - (row & 1)) // 2, row)


def hex_to_offset(h: Hex) -> tuple[int, int]:
    """``(col, row)``, 0-based, of ``h`` on an odd-r map."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def label(h: Hex) -> str:
    """How people name a hex: "row 7, column 12", counted from 1 as printed.

    >>> label(offset_to_hex(11, 6))
    'row 7, column 12'
    """
    col, row = hex_to_offset(h)
    return f"row {row + 1}, column {col + 1}"


@dataclass(frozen=True, slots=True)
class Layout:
    """Where hexes print: pointy-top hexes ``flat_mm`` across flats, the map's top-left corner
    at (0, 0) and y growing **down** the page (a printer drawing upward flips it).

    >>> lay = Layout(25.0)
    >>> [round(v, 2) for v in lay.centre(offset_to_hex(0, 0))]
    [12.5, 14.43]
    >>> [round(v, 2) for v in lay.centre(offset_to_hex(0, 1))]
    [25.0, 36.08]
    >>> [round(v, 1) for v in lay.map_size(21, 22)]
    [537.5, 483.5]
    """

    flat_mm: float

    @property
    def radius_mm(self) -> float:
        """Centre to corner (the side length)."""
        return self.flat_mm / SQRT3

    @property
    def row_step_mm(self) -> float:
        """Vertical distance between the centres of two rows."""
        return 1.5 * self.radius_mm

    def centre(self, h: Hex) -> tuple[float, float]:
        """The centre of ``h`` in mm from the map's top-left corner."""
        return (self.flat_mm * (h.q + h.r / 2 + 0.5), self.radius_mm * (1.0 + 1.5 * h.r))

    def corners(self, h: Hex) -> tuple[tuple[float, float], ...]:
        """The six corners of ``h`` (mm), clockwise from the top one."""
        x, y = self.centre(h)
        rad = self.radius_mm
        return tuple((x + rad * math.cos(math.radians(a)), y + rad * math.sin(math.radians(a)))
                     for a in (-90, -30, 30, 90, 150, 210))

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends (mm) of the side of ``h`` facing ``DIRECTIONS[direction]``: what the
        printer strokes for an outline (:meth:`GameMap.outline`)."""
        c = self.corners(h)
        return c[(1 - direction) % 6], c[(2 - direction) % 6]

    def map_size(self, columns: int, rows: int) -> tuple[float, float]:
        """Width and height (mm) of a ``columns`` x ``rows`` odd-r map, edge to edge."""
        width = self.flat_mm * (columns + (0.5 if rows > 1 else 0.0))
        return width, self.radius_mm * (2.0 + 1.5 * (rows - 1))

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex under the point (x, y) mm (for a printer placing labels, or a click)."""
        fq = (x / self.flat_mm - 0.5) - (y / self.radius_mm - 1.0) / 3.0
        fr = (y / self.radius_mm - 1.0) / 1.5
        return _round(fq, fr)


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def line(a: Hex, b: Hex, nudge: int = 1) -> tuple[Hex, ...]:
    """The ``distance + 1`` hexes of a drawn line from ``a`` to ``b`` (each a neighbour of the
    last): the centre-to-centre line sampled once per hex, nudged a hair to one side (``nudge``
    1 or -1) so a sample on an edge falls on a chosen side (redblobgames' epsilon nudge).

    A path to draw or to walk, not the line of sight: a ruler can clip the corner of a hex
    the samples skip (see :func:`sight_pattern`).
    """
    n = distance(a, b)
    if n == 0:
        return (a,)
    aq, ar = a.q + 1e-6 * nudge, a.r + 2e-6 * nudge
    dq, dr = b.q - a.q, b.r - a.r
    return tuple(_round(aq + dq * i / n, ar + dr * i / n) for i in range(n + 1))


# -- line of sight ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SightPattern:
    """What a centre-to-centre ruler from ``Hex(0, 0)`` to ``Hex(dq, dr)`` passes, as offsets.

    ``crossed``: hexes whose inside the ruler crosses (the end hexes left out); any one that
    blocks cuts the sight. ``edges``: pairs of hexes the ruler runs between, exactly along
    their common edge; it is cut only when both block.
    """

    crossed: tuple[Hex, ...]
    edges: tuple[tuple[Hex, Hex], ...]


def _span(d: Hex, c: Hex, scale: int, closed: bool) -> tuple[int, int]:
    """The part of the ruler ``t * d`` (t from 0 to 1) inside hex ``c`` (on or inside it
    when ``closed``), as ``(lo, hi)`` in steps of ``1 / scale``; it misses when ``lo >= hi``.

    A point is inside a hex when ``|x1 - x2| < 1`` for each pair of cube coordinates of its
    offset from the centre. ``scale`` is a multiple of every nonzero ``u`` below, so the
    bounds are whole numbers: exact, with no fractions to slow it down.
    """
    lo, hi = 0, scale
    for u, k in ((d.q - d.r, c.q - c.r), (d.r - d.s, c.r - c.s), (d.s - d.q, c.s - c.q)):
        if u == 0:
            if abs(k) > (1 if closed else 0):
                return 1, 0
            continue
        a, b = (k - 1) * scale // u, (k + 1) * scale // u
        if u < 0:
            a, b = b, a
        lo, hi = max(lo, a), min(hi, b)
    return lo, hi


@cache
def sight_pattern(dq: int, dr: int) -> SightPattern:
    """The hexes a ruler from the centre of ``Hex(0, 0)`` to the centre of ``Hex(dq, dr)``
    crosses, worked out exactly (whole-number arithmetic, no sampling).

    The seed cuts the sight when the ruler "intercepts" a forest or building hex. Read here:
    the ruler crosses the inside of the hex, however little (a clipped corner counts, as a
    ruler on the printed map shows it). Touching a single corner point is not crossing.
    Where the ruler lies exactly on the edge between two hexes (it does for the six
    "diagonal" directions, e.g. from ``Hex(0, 0)`` to ``Hex(1, 1)``) it crosses neither
    inside; it is cut only when both hexes block, because then the edge lies inside one
    continuous wood or block of houses, while with one side open the ruler slides past the
    other's outline. Sampling the line once per hex, nudged both ways, misses clipped corners
    (``Hex(7, 2)`` clips two hexes a sampled line skips), hence the exact test.

    >>> p = sight_pattern(2, -1)          # a diagonal: along the edge of two hexes
    >>> p.crossed, p.edges
    ((), ((Hex(q=1, r=-1), Hex(q=1, r=0)),))
    >>> sight_pattern(3, 0).crossed
    (Hex(q=1, r=0), Hex(q=2, r=0))
    """
    d = Hex(dq, dr)
    n = distance(Hex(0, 0), d)
    if n <= 1:
        return SightPattern((), ())
    scale = math.lcm(*(abs(u) for u in (d.q - d.r, d.r - d.s, d.s - d.q) if u))
    candidates: set[Hex] = set()
    for nudge in (1, -1):
        for h in line(Hex(0, 0), d, nudge):
            candidates.add(h)
            candidates.update(Hex(h.q + e.q, h.r + e.r) for e in DIRECTIONS)
    candidates.discard(Hex(0, 0))
    candidates.discard(d)
    crossed: list[tuple[int, Hex]] = []
    on_edge: list[tuple[int, Hex]] = []
    for c in candidates:
        lo, hi = _span(d, c, scale, closed=False)
        if lo < hi:
            crossed.append((lo, c))
        else:
            lo, hi = _span(d, c, scale, closed=True)
            if lo < hi:
                on_edge.append((lo, c))
    crossed.sort()
    on_edge.sort()
    if len(on_edge) % 2:
        raise AssertionError(f"ruler to {d} lies along an edge with one side only")
    edges = tuple((on_edge[i][1], on_edge[i + 1][1]) for i in range(0, len(on_edge), 2))
    for x, y in edges:
        if distance(x, y) != 1:
            raise AssertionError(f"ruler to {d}: {x} and {y} share no edge")
    return SightPattern(tuple(c for _, c in crossed), edges)


class HasSight(Protocol):
    """Anything carrying a :class:`SightGrid` (a loaded map does)."""

    @property
    def sight(self) -> SightGrid: ...


class SightGrid:
    """A map reduced to what line of sight needs: which hexes block, as a flat byte array
    indexed by plain ints, with the ruler patterns turned into index offsets once per map.

    ``blocking`` lists 0-based ``(col, row)`` pairs of an odd-r map ``columns`` x ``rows``.
    Hexes just outside the map count as open (a ruler along the map's edge may touch them).
    """

    PAD: Final = 2

    def __init__(self, columns: int, rows: int, blocking: Iterable[tuple[int, int]]) -> None:
        if columns < 1 or rows < 1:
            raise ValueError(f"a map needs at least one column and one row, got {columns} x "
                             f"{rows}")
        self.columns, self.rows = columns, rows
        self._qmin = -((rows - 1) // 2) - self.PAD
        qmax = columns - 1 + self.PAD
        span = qmax - self._qmin + 1
        self.stride = 2 * span + 1  # |dq| < stride / 2: a (dq, dr) has one key dr*stride + dq
        self._base = self.PAD * self.stride - self._qmin
        size = (rows + 2 * self.PAD) * self.stride
        self.blocks = bytearray(size)
        self.inside = bytearray(size)
        for row in range(rows):
            for col in range(columns):
                self.inside[self.index(offset_to_hex(col, row))] = 1
        for col, row in blocking:
            if not (0 <= col < columns and 0 <= row < rows):
                raise ValueError(f"blocking hex ({col}, {row}) is off the {columns} x {rows} map")
            self.blocks[self.index(offset_to_hex(col, row))] = 1
        self._patterns: dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = {}

    @property
    def sight(self) -> SightGrid:
        return self

    def index(self, h: Hex) -> int:
        """The flat index of ``h`` (plain int arithmetic: offsets add)."""
        return h.r * self.stride + h.q + self._base

    def compiled(self, dq: int, dr: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """:func:`sight_pattern` as index offsets, cached per map."""
        key = dr * self.stride + dq
        found = self._patterns.get(key)
        if found is None:
            p = sight_pattern(dq, dr)
            st = self.stride
            found = (tuple(h.r * st + h.q for h in p.crossed),
                     tuple((x.r * st + x.q, y.r * st + y.q) for x, y in p.edges))
            self._patterns[key] = found
        return found

    def clear(self, a: Hex, b: Hex) -> bool:
        """Line of sight from ``a`` to ``b``; see :func:`line_of_sight`."""
        return line_of_sight(self, a, b)


def line_of_sight(board: HasSight, a: Hex, b: Hex) -> bool:
    """True when nothing cuts the ruler from the centre of ``a`` to the centre of ``b``:
    no blocking hex it crosses, and no edge it runs along with blocking hexes on both sides
    (:func:`sight_pattern`). The end hexes never block: a shooter in a wood sees out, a
    target in a wood is seen (the wood gives its fire penalty instead). Symmetric.

    Both hexes must be on the map (``ValueError`` otherwise).
    """
    g = board.sight
    st = g.stride
    dq, dr = b.q - a.q, b.r - a.r
    pattern = g._patterns.get(dr * st + dq)
    if pattern is None:
        pattern = g.compiled(dq, dr)
    ia = a.r * st + a.q + g._base
    ib = ia + dr * st + dq
    size = len(g.inside)
    if not (0 <= ia < size and 0 <= ib < size and g.inside[ia] and g.inside[ib]):
        raise ValueError(f"line of sight from {a} to {b}: both hexes must be on the map")
    blocks = g.blocks
    for off in pattern[0]:
        if blocks[ia + off]:
            return False
    for left, right in pattern[1]:
        if blocks[ia + left] and blocks[ia + right]:
            return False
    return True


def hexes_of(columns: int, rows: int) -> Iterator[Hex]:
    """Every hex of an odd-r map, row by row."""
    for row in range(rows):
        for col in range(columns):
            yield offset_to_hex(col, row)
