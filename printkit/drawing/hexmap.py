"""Hex maps on paper: the grid's geometry, and a map drawn from data in a few composable calls.

Any hex game's board is the same few things: a grid of hexes of one size (pointy-top or
flat-top, every other row or column shoved half a hex), a look per hex (a fill colour and a
pattern that still tells terrains apart on a greyscale printer), a number per hex, symbols on
some hexes, thick lines along hex sides (a property line around a group of hexes, a river
bank). This module knows those and nothing of any game's rules.

Cells are ``(column, row)`` offset coordinates counted from 0, rows running **down** the map,
as map files are written. Geometry is in millimetres with the map's top-left corner at (0, 0)
and y growing down (:class:`HexGrid`); a :class:`View` puts the whole map, or a window of it,
on the page at a scale (points, y up), and every drawing call goes through a view.

>>> g = HexGrid(columns=21, rows=22, flat_mm=25.0)            # pointy-top, odd rows shoved
>>> [round(v, 2) for v in g.centre((0, 0))], [round(v, 2) for v in g.centre((0, 1))]
([12.5, 14.43], [25.0, 36.08])
>>> [round(v, 1) for v in g.size_mm]
[537.5, 483.5]
>>> g.neighbours((3, 3))            # from the upper-right side, clockwise
((4, 2), (4, 3), (4, 4), (3, 4), (2, 3), (3, 2))
>>> g.cell_at(25.0, 36.0), g.neighbour((0, 0), 4)   # off the grid to the left
((0, 1), (-1, 0))
>>> f = HexGrid(columns=4, rows=3, flat_mm=20.0, orientation=Orientation.FLAT,
...             offset=Offset.EVEN)
>>> [round(v, 2) for v in f.centre((1, 0))], f.cell_at(*f.centre((3, 2)))
([28.87, 10.0], (3, 2))

Drawing (``c`` a ReportLab canvas, ``ctx`` the drawing context)::

    hm = HexMap(grid, styles={cell: CellStyle(fill) ...}, labels={cell: "0712" ...},
                symbols={cell: (GLYPHS["tree"],)}, lines=(outline(grid, yard, red, 2.0),))
    view = View.whole(grid, x, y)                       # true size, lower-left at (x, y)
    drawn = draw_map(c, ctx, hm, view)                  # the cells drawn, in order
    part = View.fit(grid, box, window=window_around(grid, cells, margin_mm=10))
    draw_map(c, ctx, hm, part)                          # only that window, scaled into box
    fill_cells(c, part, zone, CellStyle(team_colour, alpha=0.5))   # an overlay on top
    base = BaseForm("park", View.whole(grid, 0, 0))     # a map shown on page after page:
    draw_map(c, ctx, hm, View.fit(grid, box), base=base)  # its look drawn once, into a form
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Final

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page.canvas import add_to_path
from printkit.units import MM

if TYPE_CHECKING:
    from printkit.context import DrawContext

SQRT3: Final = math.sqrt(3.0)

Cell = tuple[int, int]
"""``(column, row)``, counted from 0; rows run down the map."""
Point = tuple[float, float]
Edge = tuple[Cell, int]
"""A side of a cell: ``(cell, side)``, side ``i`` running from corner ``i`` to ``i + 1``."""


class Orientation(Enum):
    """Which way the hexes point: POINTY (a corner at the top, rows of hexes) or FLAT (a
    side at the top, columns of hexes)."""

    POINTY = "pointy"
    FLAT = "flat"


class Offset(Enum):
    """Which rows (pointy) or columns (flat) are shoved half a hex: right (pointy) or down
    (flat). ODD: the 2nd, 4th... as printed (counted from 1); EVEN: the 1st, 3rd..."""

    ODD = "odd"
    EVEN = "even"


# -- geometry ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapRect:
    """A rectangle on the map, in mm from the map's top-left corner, y down."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: MapRect) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)


@dataclass(frozen=True)
class HexGrid:
    """A ``columns`` x ``rows`` grid of hexes ``flat_mm`` across flats.

    Corners go clockwise on the page (y down): pointy hexes from the top corner, flat hexes
    from the right corner, so side 0 of a pointy hex is its upper-right side and side 0 of a
    flat hex its lower-right side.
    """

    columns: int
    rows: int
    flat_mm: float
    orientation: Orientation = Orientation.POINTY
    offset: Offset = Offset.ODD

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a hex grid needs at least one column and row, got "
                             f"{self.columns} x {self.rows}")
        if self.flat_mm <= 0:
            raise ValueError(f"hexes must be wider than 0 mm, got {self.flat_mm}")

    @cached_property
    def pointy(self) -> bool:
        return self.orientation is Orientation.POINTY

    @cached_property
    def radius_mm(self) -> float:
        """Centre to corner, which is also the length of a side."""
        return self.flat_mm / SQRT3

    def _shoved(self, index: int) -> bool:
        return index % 2 == (1 if self.offset is Offset.ODD else 0)

    @cached_property
    def _staggered(self) -> bool:
        """Whether any row (pointy) or column (flat) sits half a hex off the others."""
        return (self.rows if self.pointy else self.columns) > 1 or self.offset is Offset.EVEN

    def centre(self, cell: Cell) -> Point:
        """The centre of ``cell`` in mm from the map's top-left corner (y down)."""
        col, row = cell
        rad = self.radius_mm
        if self.pointy:
            shove = 0.5 if self._shoved(row) else 0.0
            return self.flat_mm * (col + 0.5 + shove), rad * (1.0 + 1.5 * row)
        shove = 0.5 if self._shoved(col) else 0.0
        return rad * (1.0 + 1.5 * col), self.flat_mm * (row + 0.5 + shove)

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        """The six corners of ``cell`` (mm), clockwise on the page."""
        x, y = self.centre(cell)
        return tuple((x + dx, y + dy) for dx, dy in self._corner_offsets)

    @cached_property
    def _corner_offsets(self) -> tuple[Point, ...]:
        """Centre to each corner (mm): the same for every cell, worked out once."""
        rad = self.radius_mm
        start = -90 if self.pointy else 0
        return tuple((rad * math.cos(math.radians(start + 60 * i)),
                      rad * math.sin(math.radians(start + 60 * i))) for i in range(6))

    def edge(self, cell: Cell, side: int) -> tuple[Point, Point]:
        """The two ends (mm) of side ``side`` of ``cell``."""
        c = self.corners(cell)
        return c[side % 6], c[(side + 1) % 6]

    def bounds(self, cell: Cell) -> MapRect:
        """The box around ``cell`` (mm)."""
        x, y = self.centre(cell)
        rad, half = self.radius_mm, self.flat_mm / 2
        if self.pointy:
            return MapRect(x - half, y - rad, self.flat_mm, 2 * rad)
        return MapRect(x - rad, y - half, 2 * rad, self.flat_mm)

    @cached_property
    def size_mm(self) -> tuple[float, float]:
        """Width and height of the whole grid (mm), edge to edge."""
        rad = self.radius_mm
        extra = 0.5 if self._staggered else 0.0
        if self.pointy:
            return self.flat_mm * (self.columns + extra), rad * (2.0 + 1.5 * (self.rows - 1))
        return rad * (2.0 + 1.5 * (self.columns - 1)), self.flat_mm * (self.rows + extra)

    @cached_property
    def rect(self) -> MapRect:
        w, h = self.size_mm
        return MapRect(0.0, 0.0, w, h)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row from the top."""
        for row in range(self.rows):
            for col in range(self.columns):
                yield col, row

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.rows

    def cell_at(self, x: float, y: float) -> Cell:
        """The cell whose hex holds the point (x, y) mm; it may lie off the grid (a cell
        beyond the edge has coordinates all the same)."""
        rad = self.radius_mm
        if self.pointy:
            row = round((y / rad - 1.0) / 1.5)
            col = round(x / self.flat_mm - 0.5)
        else:
            col = round((x / rad - 1.0) / 1.5)
            row = round(y / self.flat_mm - 0.5)
        best: tuple[float, Cell] | None = None
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cand = (col + dc, row + dr)
                cx, cy = self.centre(cand)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0] - 1e-9:
                    best = (d, cand)
        assert best is not None
        return best[1]

    def neighbour(self, cell: Cell, side: int) -> Cell:
        """The cell across side ``side`` of ``cell`` (possibly off the grid)."""
        col, row = cell
        dc, dr = self._steps[(row if self.pointy else col) % 2][side % 6]
        return col + dc, row + dr

    def _neighbour_across(self, cell: Cell, side: int) -> Cell:
        """The cell across side ``side`` of ``cell`` found on the map: the centre mirrored
        across the side, and the cell there (what :meth:`neighbour`'s table is made of)."""
        (x0, y0), (x1, y1) = self.edge(cell, side)
        cx, cy = self.centre(cell)
        return self.cell_at(x0 + x1 - cx, y0 + y1 - cy)

    @cached_property
    def _steps(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        """The step (columns, rows) to the cell across each side, for a cell of an even and
        of an odd row (pointy) or column (flat): found on the map once per grid (the lattice
        repeats every two rows or columns, so the steps are the same everywhere), not for
        every cell and side (an outline asks for thousands)."""
        steps = []
        for parity in (0, 1):
            cell = (2, 2 + parity) if self.pointy else (2 + parity, 2)
            steps.append(tuple((n[0] - cell[0], n[1] - cell[1])
                               for n in (self._neighbour_across(cell, side)
                                         for side in range(6))))
        return steps[0], steps[1]

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The six cells around ``cell``, in side order."""
        return tuple(self.neighbour(cell, side) for side in range(6))

    def cells_in(self, window: MapRect) -> tuple[Cell, ...]:
        """The cells of the grid whose hex reaches into ``window``, row by row."""
        return tuple(c for c in self.cells() if self.bounds(c).overlaps(window))


def outline_edges(grid: HexGrid, cells: Iterable[Cell]) -> tuple[Edge, ...]:
    """The sides around a group of cells: each side of a cell of the group whose neighbour
    across it is not in the group (the map's edge included), in reading order."""
    inside = set(cells)
    steps = grid._steps
    pointy = grid.pointy
    edges: list[Edge] = []
    for cell in sorted(inside, key=lambda c: (c[1], c[0])):
        col, row = cell
        for side, (dc, dr) in enumerate(steps[(row if pointy else col) % 2]):
            if (col + dc, row + dr) not in inside:
                edges.append((cell, side))
    return tuple(edges)


def window_around(grid: HexGrid, cells: Iterable[Cell], margin_mm: float = 0.0,
                  clamp: bool = True) -> MapRect:
    """The part of the map holding ``cells`` plus ``margin_mm`` all round (kept on the map
    when ``clamp``): "the part of the map where things happen"."""
    boxes = [grid.bounds(c) for c in cells]
    if not boxes:
        raise ValueError("a window needs at least one cell")
    x0 = min(b.x for b in boxes) - margin_mm
    y0 = min(b.y for b in boxes) - margin_mm
    x1 = max(b.right for b in boxes) + margin_mm
    y1 = max(b.bottom for b in boxes) + margin_mm
    if clamp:
        w, h = grid.size_mm
        x0, y0, x1, y1 = max(0.0, x0), max(0.0, y0), min(w, x1), min(h, y1)
    return MapRect(x0, y0, x1 - x0, y1 - y0)


# -- placing a map on the page ---------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """A window of a grid's map on the page: the window's lower-left corner at (``x``, ``y``)
    points, ``scale`` mm on paper per mm of map (1.0: true size)."""

    grid: HexGrid
    x: float
    y: float
    scale: float = 1.0
    window: MapRect | None = None

    @classmethod
    def whole(cls, grid: HexGrid, x: float, y: float, scale: float = 1.0) -> View:
        return cls(grid, x, y, scale)

    @classmethod
    def fit(cls, grid: HexGrid, box: Rect, window: MapRect | None = None,
            max_scale: float = 1.0) -> View:
        """The window (default: the whole map) as large as fits ``box`` but no larger than
        ``max_scale``, centred in it."""
        area = window or grid.rect
        s = min(box.w / (area.w * MM), box.h / (area.h * MM), max_scale)
        x = box.cx - area.w * MM * s / 2
        y = box.cy - area.h * MM * s / 2
        return cls(grid, x, y, s, window)

    @cached_property
    def area(self) -> MapRect:
        """The window on the map (mm), the whole map when there is none."""
        return self.window or self.grid.rect

    @cached_property
    def k(self) -> float:
        """Points on the page per mm of map."""
        return MM * self.scale

    @property
    def rect(self) -> Rect:
        """Where the window lands on the page (points)."""
        a = self.area
        return Rect(self.x, self.y, a.w * self.k, a.h * self.k)

    @property
    def flat_pt(self) -> float:
        """A hex's width across flats on the page (points)."""
        return self.grid.flat_mm * self.k

    def point(self, x_mm: float, y_mm: float) -> Point:
        """The page point (points, y up) of the map point (x, y) mm."""
        ax, bottom, k = self._frame
        return self.x + (x_mm - ax) * k, self.y + (bottom - y_mm) * k

    @cached_property
    def _frame(self) -> tuple[float, float, float]:
        """The window's left and bottom (mm) and ``k``: what :meth:`point` needs, read once
        (a map page places hundreds of thousands of points)."""
        a = self.area
        return a.x, a.bottom, self.k

    def centre(self, cell: Cell) -> Point:
        return self.point(*self.grid.centre(cell))

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        return tuple(self.point(x, y) for x, y in self.grid.corners(cell))

    def cells(self) -> tuple[Cell, ...]:
        """The grid's cells that show in the window."""
        return self.grid.cells_in(self.area) if self.window else tuple(self.grid.cells())

    def clip(self, c: Canvas) -> None:
        """Clip drawing to the window (inside ``saveState``/``restoreState``)."""
        r = self.rect
        path = c.beginPath()
        path.rect(r.x, r.y, r.w, r.h)
        c.clipPath(path, stroke=0, fill=0)


# -- the look of a hex ---------------------------------------------------------------------------


class Pattern(Enum):
    """Marks drawn over a hex's fill, clipped to the hex, so that terrains differ in
    greyscale too: DOTS (a stipple), RINGS (small circles, like tree tops), HATCH (parallel
    lines at ``angle``), CROSS_HATCH (two sets at right angles), WAVES, BRICKS."""

    NONE = "none"
    DOTS = "dots"
    RINGS = "rings"
    HATCH = "hatch"
    CROSS_HATCH = "cross-hatch"
    WAVES = "waves"
    BRICKS = "bricks"


@dataclass(frozen=True)
class CellStyle:
    """A hex's fill and pattern. ``spacing_mm`` and ``width_pt`` are at true size (they
    scale with the view); ``alpha`` below 1 lays the fill over what is beneath (an overlay)."""

    fill: Color | None
    pattern: Pattern = Pattern.NONE
    ink: Color | None = None
    spacing_mm: float = 2.5
    width_pt: float = 0.4
    angle: float = 45.0
    alpha: float = 1.0


@dataclass(frozen=True)
class EdgeLine:
    """A line along hex sides: ``inset_pt`` moves it towards each side's own cell (an
    outline drawn just inside its group, leaving the grid line visible)."""

    edges: tuple[Edge, ...]
    ink: Color
    width_pt: float
    dash: tuple[float, ...] = ()
    inset_pt: float = 0.0


def outline(grid: HexGrid, cells: Iterable[Cell], ink: Color, width_pt: float, *,
            dash: tuple[float, ...] = (), inset_pt: float = 0.0) -> EdgeLine:
    """The line around a group of cells (:func:`outline_edges`)."""
    return EdgeLine(outline_edges(grid, cells), ink, width_pt, dash, inset_pt)


Symbol = Callable[[Canvas, "DrawContext", float, float, float], None]
"""Draws a symbol centred on (x, y) points for a hex ``size`` points across flats:
``symbol(c, ctx, x, y, size)``."""


@dataclass(frozen=True)
class Labels:
    """How hex numbers print: ``size_pt`` at true size (scaled with the view), centred
    ``rise`` x the hex's radius above the hex's centre, on a ``backing`` patch (so that a
    number reads over any pattern) when one is given."""

    size_pt: float = 6.5
    role: FontRole = FontRole.SANS
    ink: Color = field(default_factory=lambda: HexColor("#333333"))
    rise: float = 0.6
    backing: Color | None = None
    backing_alpha: float = 0.8


@dataclass(frozen=True)
class HexMap:
    """A map as data: the look of each cell (a cell without a style is not drawn), the
    hex numbers, the symbols on cells, the lines along sides, and the grid line."""

    grid: HexGrid
    styles: Mapping[Cell, CellStyle]
    labels: Mapping[Cell, str] = field(default_factory=dict)
    symbols: Mapping[Cell, Sequence[Symbol]] = field(default_factory=dict)
    lines: tuple[EdgeLine, ...] = ()
    grid_ink: Color = field(default_factory=lambda: HexColor("#4d4d4d"))
    grid_width_pt: float = 0.5
    label_style: Labels = field(default_factory=Labels)


def hex_path(c: Canvas, view: View, cells: Iterable[Cell]) -> PDFPathObject:
    """A path of the hexes of ``cells`` (one closed subpath each)."""
    path = c.beginPath()
    for cell in cells:
        code, bounds = _hex_code(view, cell)
        add_to_path(path, code, bounds)
    return path


@lru_cache(maxsize=8192)
def _hex_code(view: View, cell: Cell) -> PathCode:
    """The closed hexagon of ``cell`` through ``view``: its path operators as ``moveTo``,
    ``lineTo`` and ``close`` write them, and its corners (page points). Worked out once per
    view and cell: a map draws each hex twice (its fill, the clip of its pattern), and a
    booklet or a test run draws the same maps over and over."""
    pts = view.corners(cell)
    (x0, y0), rest = pts[0], pts[1:]
    return (f"{fp_str(x0, y0)} m", " ".join([f"{fp_str(x, y)} l" for x, y in rest]) + " h"), pts


def fill_cells(c: Canvas, view: View, cells: Iterable[Cell], style: CellStyle) -> None:
    """``style`` over each of ``cells``: the fill, then the pattern clipped to each hex."""
    cells = tuple(cells)
    if not cells:
        return
    c.saveState()
    if style.fill is not None:
        c.setFillColor(style.fill, alpha=style.alpha)
        c.drawPath(hex_path(c, view, cells), stroke=0, fill=1)
    if style.pattern is not Pattern.NONE:
        ink = style.ink or HexColor("#000000")
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        c.setLineWidth(style.width_pt * view.scale)
        stroke = int(style.pattern is not Pattern.DOTS)
        for cell in cells:
            c.saveState()
            c.clipPath(hex_path(c, view, (cell,)), stroke=0, fill=0)
            path = c.beginPath()
            code, bounds = _marks(view, cell, style)
            add_to_path(path, code, bounds)
            c.drawPath(path, stroke=stroke, fill=1 - stroke)
            c.restoreState()
    c.restoreState()


def _clip_segment(x0: float, y0: float, x1: float, y1: float, box: MapRect
                  ) -> tuple[float, float, float, float] | None:
    """The part of the segment inside ``box`` (Liang-Barsky), or None when it misses it.

    >>> _clip_segment(-5, 1, 15, 1, MapRect(0, 0, 10, 2))
    (0.0, 1.0, 10.0, 1.0)
    """
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box.x), (dx, box.x + box.w - x0),
                 (-dy, y0 - box.y), (dy, box.y + box.h - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return None
    return (x0 + lo * dx, y0 + lo * dy, x0 + hi * dx, y0 + hi * dy)


@lru_cache(maxsize=4096)
def _marks(view: View, cell: Cell, style: CellStyle) -> PathCode:
    """The marks of ``style.pattern`` over the box of ``cell`` (clipped to the hex by the
    caller), as path operators (written as the path's own calls write them, ``fp_str``
    numbers: the same bytes) and the corners of their box (page points).

    Marks sit on a lattice fixed to the map, not to the hex, so neighbouring hexes of one
    terrain read as one continuous area. Worked out once per view, cell and style: a map page
    holds some 10,000 marks, and the same maps are drawn again and again (the booklet's
    thumbnails, every paper and language of a test run)."""
    b = view.grid.bounds(cell)
    k, s = view.k, style.spacing_mm
    vx, vy = view.x, view.y
    ax, bottom, _k = view._frame  # view.point(x, y) is (vx + (x - ax) * k, vy + (bottom - y) * k)
    x0, y0 = math.floor(b.x / s) * s, math.floor(b.y / s) * s
    nx, ny = int(math.ceil(b.w / s)) + 2, int(math.ceil(b.h / s)) + 2
    p = style.pattern
    ops: list[str] = []
    xs: list[float] = []
    ys: list[float] = []
    if p in (Pattern.DOTS, Pattern.RINGS):
        r_mm = (0.12 if p is Pattern.DOTS else 0.3) * s
        arcs = _circle_arcs(r_mm * k)
        r = arcs[0][0]
        (a1, b1, c1, d1, e1, f1), (a2, b2, c2, d2, e2, f2), (a3, b3, c3, d3, e3, f3), \
            (a4, b4, c4, d4, e4, f4) = arcs
        # within reach of the hex (the hexagon grown by the mark's radius and line on every
        # side): a mark wholly outside the hex would be clipped away
        cx, cy = view.grid.centre(cell)
        limit = view.grid.flat_mm / 2 + (r_mm + style.width_pt / MM)
        (u1, v1), (u2, v2), (u3, v3) = _hex_axes(view.grid.pointy)
        odd = round(y0 / s)
        for j in range(ny):
            y = y0 + j * s
            shift = 0.5 if (odd + j) % 2 else 0.0
            dy = y - cy
            py = vy + (bottom - y) * k
            for i in range(nx):
                x = x0 + (i + shift) * s
                dx = x - cx
                if (abs(dx * u1 + dy * v1) <= limit and abs(dx * u2 + dy * v2) <= limit
                        and abs(dx * u3 + dy * v3) <= limit):
                    px = vx + (x - ax) * k
                    xs.append(px)
                    ys.append(py)
                    ops.append(f"{fp_str(px + e4, py + f4)} m")
                    ops.append(f"{fp_str(px + a1, py + b1, px + c1, py + d1, px + e1, py + f1)} c"
                               f" {fp_str(px + a2, py + b2, px + c2, py + d2, px + e2, py + f2)} c"
                               f" {fp_str(px + a3, py + b3, px + c3, py + d3, px + e3, py + f3)} c"
                               f" {fp_str(px + a4, py + b4, px + c4, py + d4, px + e4, py + f4)} c")
        if not ops:
            return (), ()
        # every control point lies within r of its centre, and (r, 0), (-r, 0), (0, r),
        # (0, -r) are among them: the box of the centres grown by r is the marks' box
        return _code(ops), _box_corners(min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
    points: list[Point] = []
    if p in (Pattern.HATCH, Pattern.CROSS_HATCH):
        angles = (style.angle,) if p is Pattern.HATCH else (style.angle, style.angle + 90)
        mx0, my0 = b.x + b.w / 2, b.y + b.h / 2
        reach = math.hypot(b.w, b.h) / 2 + s
        for a in angles:
            dx, dy = math.cos(math.radians(a)), -math.sin(math.radians(a))
            nxv, nyv = -dy, dx  # across the lines
            # lines at offsets that are multiples of s from the map's origin: continuous
            base = mx0 * nxv + my0 * nyv
            first = math.floor((base - reach) / s)
            for n in range(first, first + int(2 * reach / s) + 2):
                off = n * s - base
                mx, my = mx0 + nxv * off, my0 + nyv * off
                seg = _clip_segment(mx - dx * reach, my - dy * reach, mx + dx * reach,
                                    my + dy * reach, b)
                if seg is not None:  # only the part over the hex's box: the same ink, and a
                    p0 = view.point(seg[0], seg[1])  # line never reaches past it
                    p1 = view.point(seg[2], seg[3])
                    points += (p0, p1)
                    ops.append(f"{fp_str(*p0)} m")
                    ops.append(f"{fp_str(*p1)} l")
    elif p is Pattern.WAVES:
        amp = s * 0.22
        for j in range(ny):
            y = y0 + j * s
            x = x0 - s
            start = view.point(x, y)
            points.append(start)
            ops.append(f"{fp_str(*start)} m")
            while x < b.right + s:
                curve = (view.point(x + s / 4, y - amp), view.point(x + s / 4, y - amp),
                         view.point(x + s / 2, y), view.point(x + 3 * s / 4, y + amp),
                         view.point(x + 3 * s / 4, y + amp), view.point(x + s, y))
                points += curve
                ops.append(f"{fp_str(*curve[0], *curve[1], *curve[2])} c")
                ops.append(f"{fp_str(*curve[3], *curve[4], *curve[5])} c")
                x += s
    elif p is Pattern.BRICKS:
        h = s / 2
        y = math.floor(b.y / h) * h
        while y < b.bottom + h:
            p0, p1 = view.point(b.x - s, y), view.point(b.right + s, y)
            points += (p0, p1)
            ops.append(f"{fp_str(*p0)} m")
            ops.append(f"{fp_str(*p1)} l")
            course = round(y / h)
            x = math.floor(b.x / s) * s + (s / 2 if course % 2 else 0.0) - s
            while x < b.right + s:
                p0, p1 = view.point(x, y), view.point(x, y + h)
                points += (p0, p1)
                ops.append(f"{fp_str(*p0)} m")
                ops.append(f"{fp_str(*p1)} l")
                x += s
            y += h
    if not ops:
        return (), ()
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    return _code(ops), _box_corners(min(xs), min(ys), max(xs), max(ys))


def clear_caches() -> None:
    """Forget the hexes and marks worked out so far (a benchmark timing a first drawing; a
    map's marks take some kilobytes per hex, and at most a few thousand hexes are kept)."""
    _hex_code.cache_clear()
    _marks.cache_clear()


PathCode = tuple[tuple[str, ...], tuple[Point, ...]]
"""Path operators written out (a first move alone, then the rest in one string) and points
that bound them: what :func:`printkit.page.canvas.add_to_path` adds to a path at once."""


def _code(ops: list[str]) -> tuple[str, ...]:
    """``ops`` (the first a move) as :data:`PathCode` keeps them: the move, then the rest
    joined (a path's code is its operators joined with spaces, so the bytes are the same)."""
    return (ops[0], " ".join(ops[1:])) if len(ops) > 1 else (ops[0],)


def _box_corners(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    """The four corners of a box: a tracking canvas finds the same box from them as from
    every point inside when it draws unrotated (maps are), and a box holding them all when
    rotated."""
    return ((x0, y0), (x1, y1), (x0, y1), (x1, y0))


@lru_cache(maxsize=2)
def _hex_axes(pointy: bool) -> tuple[Point, Point, Point]:
    """The three directions across a hex's pairs of sides (unit vectors, map mm)."""
    base = 0.0 if pointy else 30.0
    a, b, c = ((math.cos(math.radians(base + 60 * i)), math.sin(math.radians(base + 60 * i)))
               for i in range(3))
    return a, b, c


@lru_cache(maxsize=64)
def _circle_arcs(r: float) -> tuple[tuple[float, float, float, float, float, float], ...]:
    """A circle of radius ``r`` round (0, 0) as four Bézier quarter arcs (control points and
    end of each), starting and ending at (r, 0) and running counter-clockwise: the curves
    ReportLab's ``circle`` draws, worked out once per radius (a map's dot pattern draws tens
    of thousands of equal dots).

    >>> [tuple(round(v, 4) for v in arc) for arc in _circle_arcs(1.0)][0]
    (1.0, 0.5523, 0.5523, 1.0, 0.0, 1.0)
    """
    kappa = 4 / 3 * (math.sqrt(2) - 1) * r
    return ((r, kappa, kappa, r, 0.0, r), (-kappa, r, -r, kappa, -r, 0.0),
            (-r, -kappa, -kappa, -r, 0.0, -r), (kappa, -r, r, -kappa, r, 0.0))


def draw_edges(c: Canvas, view: View, line: EdgeLine) -> None:
    """A line along hex sides (round joins, so the corners of an outline close)."""
    if not line.edges:
        return
    c.saveState()
    c.setStrokeColor(line.ink)
    c.setLineWidth(line.width_pt * view.scale)
    c.setLineCap(1)
    c.setLineJoin(1)
    if line.dash:
        c.setDash([d * view.scale for d in line.dash], 0)
    path = c.beginPath()
    inset = line.inset_pt / view.k if line.inset_pt else 0.0  # in map mm
    for cell, side in line.edges:
        (x0, y0), (x1, y1) = view.grid.edge(cell, side)
        if inset:
            cx, cy = view.grid.centre(cell)
            x0, y0 = _towards(x0, y0, cx, cy, inset)
            x1, y1 = _towards(x1, y1, cx, cy, inset)
        path.moveTo(*view.point(x0, y0))
        path.lineTo(*view.point(x1, y1))
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _towards(x: float, y: float, cx: float, cy: float, dist_across: float) -> Point:
    """A corner moved towards its hex's centre so that the side through it moves
    ``dist_across`` inwards (a corner moves 2/sqrt(3) times as far as its sides)."""
    d = math.hypot(cx - x, cy - y)
    f = dist_across * 2 / SQRT3 / d
    return x + (cx - x) * f, y + (cy - y) * f


def draw_grid(c: Canvas, view: View, cells: Iterable[Cell], ink: Color,
              width_pt: float) -> None:
    """The hex sides of ``cells``, each side stroked once (shared sides are not doubled)."""
    seen: set[tuple[Point, Point]] = set()
    ops: list[str] = []
    points: list[Point] = []
    grid = view.grid
    for cell in cells:
        ends = [(round(x, 3), round(y, 3)) for x, y in grid.corners(cell)]
        page = _hex_code(view, cell)[1]  # the corners on the page: view.point of each
        for side in range(6):
            a, b = ends[side], ends[(side + 1) % 6]
            key = (a, b) if a <= b else (b, a)
            if key in seen:
                continue
            seen.add(key)
            pa, pb = page[side], page[(side + 1) % 6]
            points += (pa, pb)
            ops.append(f"{fp_str(*pa)} m")
            ops.append(f"{fp_str(*pb)} l")
    path = c.beginPath()
    if ops:
        add_to_path(path, _code(ops), points)
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(width_pt * view.scale)
    c.setLineCap(1)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def draw_labels(c: Canvas, ctx: DrawContext, view: View, labels: Mapping[Cell, str],
                style: Labels, cells: Iterable[Cell] | None = None) -> None:
    """Each cell's label centred at ``style.rise`` x radius above its centre."""
    face = ctx.font(style.role)
    size = style.size_pt * view.scale
    rise = style.rise * view.grid.radius_mm * view.k
    todo = labels if cells is None else {cell: labels[cell] for cell in cells if cell in labels}
    asc = pdfmetrics.getAscentDescent(face, size)[0]
    c.saveState()
    if style.backing is not None:
        c.setFillColor(style.backing, alpha=style.backing_alpha)
        path = c.beginPath()
        for cell, text in todo.items():
            x, y = view.centre(cell)
            w = pdfmetrics.stringWidth(text, face, size) + size * 0.5
            path.roundRect(x - w / 2, y + rise - size * 0.55, w, size * 1.1, size * 0.25)
        c.drawPath(path, stroke=0, fill=1)
    c.setFillColor(style.ink)
    c.setFont(face, size)
    for cell, text in todo.items():
        ctx.check_glyphs(style.role, text, "hex number")
        x, y = view.centre(cell)
        c.drawCentredString(x, y + rise - asc * 0.36, text)
    c.restoreState()


def draw_symbols(c: Canvas, ctx: DrawContext, view: View,
                 symbols: Mapping[Cell, Sequence[Symbol]],
                 cells: Iterable[Cell] | None = None) -> None:
    """Each cell's symbols, drawn at its centre one over the other, in order."""
    keep = None if cells is None else set(cells)
    for cell, marks in symbols.items():
        if keep is not None and cell not in keep:
            continue
        x, y = view.centre(cell)
        for symbol in marks:
            c.saveState()
            symbol(c, ctx, x, y, view.flat_pt)
            c.restoreState()


@dataclass(frozen=True)
class BaseForm:
    """A map drawn many times in one document (a booklet's thumbnails, each scenario's page
    showing the same map): its fills, patterns and grid are drawn once, through ``view`` (a
    view of the whole map at any place and scale; true size is best, as sharp as any), into
    a PDF form named after ``name``, and each drawing places that form scaled into its own
    view. ``name`` stands for the map's look: the same name, the same hexmap.

    What is drawn is the same: the same shapes at the same places (all of them scale with the
    view), in the same order, under the same clip; only the hex numbers, the symbols and the
    lines along sides, whose sizes do not all scale with the view, are drawn as ever. A
    tracking canvas sees each placement's shapes where they land, as if drawn there."""

    name: str
    view: View

    @cached_property
    def form(self) -> str:
        """The form's name in the PDF: ``name`` and the view, as a name may be written."""
        digest = hashlib.sha1(repr((self.name, self.view)).encode()).hexdigest()[:16]
        return f"hexmap{digest}"


def draw_map(c: Canvas, ctx: DrawContext, hexmap: HexMap, view: View, *,
             clip: bool = True, base: BaseForm | None = None) -> tuple[Cell, ...]:
    """Draw ``hexmap`` through ``view``: fills and patterns, the grid, the lines, the
    symbols and the hex numbers, clipped to the view's window (``clip``). Returns the cells
    drawn, in drawing order (each once). With ``base``, the fills, patterns and grid come
    from that form, drawn on first use in the document (:class:`BaseForm`)."""
    cells = tuple(cell for cell in view.cells() if cell in hexmap.styles)
    c.saveState()
    if clip:
        view.clip(c)
    if base is None:
        _draw_base(c, hexmap, view, cells)
    else:
        _place_base(c, hexmap, view, base, clip)
    for line in hexmap.lines:
        draw_edges(c, view, line)
    draw_symbols(c, ctx, view, hexmap.symbols, cells)
    if hexmap.labels:
        draw_labels(c, ctx, view, hexmap.labels, hexmap.label_style, cells)
    c.restoreState()
    return cells


def _draw_base(c: Canvas, hexmap: HexMap, view: View, cells: tuple[Cell, ...]) -> None:
    """The fills and patterns of ``cells``, a style at a time, then their grid."""
    by_style: dict[CellStyle, list[Cell]] = {}
    for cell in cells:
        by_style.setdefault(hexmap.styles[cell], []).append(cell)
    for style, group in by_style.items():
        fill_cells(c, view, group, style)
    draw_grid(c, view, cells, hexmap.grid_ink, hexmap.grid_width_pt)


def _place_base(c: Canvas, hexmap: HexMap, view: View, base: BaseForm, clip: bool) -> None:
    """The base form (drawn first if the document has none yet) placed into ``view``."""
    bv = base.view
    if bv.window is not None or bv.grid != view.grid:
        raise ValueError("a map's base form is drawn through a view of the same whole map")
    if not c.hasForm(base.form):
        r = bv.rect
        pad = 0.0 if clip else bv.flat_pt  # unclipped, the edge's strokes reach past it
        c.beginForm(base.form, r.x - pad, r.y - pad, r.right + pad, r.top + pad)
        if clip:
            bv.clip(c)
        _draw_base(c, hexmap, bv, tuple(cell for cell in bv.cells() if cell in hexmap.styles))
        c.endForm()
    # the map point at bv's page point p lands at view's page point: f * p + (e, g)
    ax_b, bottom_b, k_b = bv._frame
    ax_v, bottom_v, k_v = view._frame
    f = k_v / k_b
    c.saveState()
    c.transform(f, 0, 0, f, view.x + (ax_b - ax_v) * k_v - bv.x * f,
                view.y + (bottom_v - bottom_b) * k_v - bv.y * f)
    c.doForm(base.form)
    c.restoreState()


# -- named glyphs --------------------------------------------------------------------------------


def tree_glyph(crown: Color, trunk: Color, fruit: Color | None = None,
               outline_ink: Color | None = None) -> Symbol:
    """A round tree (a trunk and a crown, with fruit dots when ``fruit`` is given)."""

    def draw(c: Canvas, ctx: DrawContext, x: float, y: float, size: float) -> None:
        r = size * 0.2
        c.setLineWidth(max(0.4, size * 0.012))
        c.setStrokeColor(outline_ink or HexColor("#1a1a1a"))
        c.setFillColor(trunk)
        c.rect(x - r * 0.22, y - r * 1.55, r * 0.44, r * 1.1, stroke=1, fill=1)
        c.setFillColor(crown)
        c.circle(x, y, r, stroke=1, fill=1)
        if fruit is not None:
            c.setFillColor(fruit)
            for dx, dy in ((-0.45, 0.25), (0.4, 0.35), (0.05, -0.4), (0.5, -0.25),
                           (-0.35, -0.35)):
                c.circle(x + dx * r, y + dy * r, r * 0.16, stroke=1, fill=1)

    return draw


def letter_glyph(letter: str, ink: Color, ring: Color, paper: Color | None = None,
                 role: FontRole = FontRole.SANS_BOLD) -> Symbol:
    """A letter in a ring (a map feature's initial, an objective's letter)."""

    def draw(c: Canvas, ctx: DrawContext, x: float, y: float, size: float) -> None:
        r = size * 0.19
        c.setLineWidth(max(0.5, size * 0.02))
        c.setStrokeColor(ring)
        c.setFillColor(paper or HexColor("#ffffff"))
        c.circle(x, y, r, stroke=1, fill=1)
        ctx.check_glyphs(role, letter, "map symbol")
        face = ctx.font(role)
        fs = r * 1.5
        asc = pdfmetrics.getAscentDescent(face, fs)[0]
        c.setFillColor(ink)
        c.setFont(face, fs)
        c.drawCentredString(x, y - asc * 0.36, letter)

    return draw


def flag_glyph(cloth: Color, pole: Color | None = None) -> Symbol:
    """A flag on a pole."""

    def draw(c: Canvas, ctx: DrawContext, x: float, y: float, size: float) -> None:
        h = size * 0.42
        c.setStrokeColor(pole or HexColor("#1a1a1a"))
        c.setLineWidth(max(0.6, size * 0.03))
        c.line(x - h * 0.3, y - h / 2, x - h * 0.3, y + h / 2)
        path = c.beginPath()
        path.moveTo(x - h * 0.3, y + h / 2)
        path.lineTo(x + h * 0.45, y + h * 0.27)
        path.lineTo(x - h * 0.3, y + h * 0.04)
        path.close()
        c.setFillColor(cloth)
        c.setLineWidth(max(0.4, size * 0.015))
        c.drawPath(path, stroke=1, fill=1)

    return draw


def star_glyph(fill: Color, ink: Color | None = None) -> Symbol:
    """A five-pointed star (an objective)."""

    def draw(c: Canvas, ctx: DrawContext, x: float, y: float, size: float) -> None:
        r_out, r_in = size * 0.26, size * 0.11
        path = c.beginPath()
        for i in range(10):
            r = r_out if i % 2 == 0 else r_in
            a = math.radians(90 + 36 * i)
            px, py = x + r * math.cos(a), y + r * math.sin(a)
            if i == 0:
                path.moveTo(px, py)
            else:
                path.lineTo(px, py)
        path.close()
        c.setFillColor(fill)
        c.setStrokeColor(ink or HexColor("#1a1a1a"))
        c.setLineWidth(max(0.5, size * 0.02))
        c.setLineJoin(1)
        c.drawPath(path, stroke=1, fill=1)

    return draw


GLYPHS: Final[Mapping[str, Symbol]] = {
    "tree": tree_glyph(HexColor("#5a9a3c"), HexColor("#7a5230")),
    "flag": flag_glyph(HexColor("#d2322d")),
    "star": star_glyph(HexColor("#f2c200")),
}
"""Named glyphs in neutral inks, for a caller that needs no colours of its own."""
