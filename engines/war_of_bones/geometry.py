"""The play area and the dice on it, in whole grid steps (0.1 mm by default).

A die is an axis-aligned square of side ``d`` centred at ``(x, y)``; positions are measured
from the bottom-left corner of the original 9 in area. Rotation is not modelled: at the table
a die is measured along the line between the two nearest faces, and the squares here give
that gap exactly when the dice sit square to the mat (see ``data/notes.md``).

Range is measured face to face: the shortest distance between the two squares (0 when they
touch), compared with ``Firepower`` die widths. All of it is integer arithmetic, so a range
check never depends on float rounding.

>>> d = 160                                    # a 16 mm die, in 0.1 mm steps
>>> gap_sq(0, 0, 800, 0, d) == 640 ** 2        # centres 80 mm apart: 64 mm face to face
True
>>> widths(0, 0, 800, 0, d)                    # 64 mm is 4 die widths
4.0
>>> in_range(0, 0, 800, 0, d, 4), in_range(0, 0, 800, 0, d, 3)
(True, False)
>>> in_range(0, 0, 800, 1, d, 4)               # 0.1 mm further off: out of range 4
True
>>> overlaps(0, 0, 159, 0, d), overlaps(0, 0, 160, 0, d)   # touching is not overlapping
(True, False)
>>> area = Area(0, 2286)
>>> area.centre_bounds(d), area.holds(80, 2206, d), area.holds(79, 900, d)
((80, 2206), True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Area:
    """The square play area, ``lo`` to ``hi`` along both axes (grid steps)."""

    lo: int
    hi: int

    @property
    def side(self) -> int:
        return self.hi - self.lo

    def centre_bounds(self, d: int) -> tuple[int, int]:
        """The smallest and largest centre coordinate of a die of side ``d`` wholly inside."""
        half = (d + 1) // 2
        return self.lo + half, self.hi - half

    def holds(self, x: int, y: int, d: int) -> bool:
        """Whether a die of side ``d`` centred at ``(x, y)`` lies wholly inside the area (a die
        over the edge line counts as out)."""
        a, b = self.centre_bounds(d)
        return a <= x <= b and a <= y <= b

    def shrunk(self, by: int) -> Area:
        """The area after each edge moves ``by`` steps inwards (a Converge)."""
        return Area(self.lo + by, self.hi - by)


def gap_sq(ax: int, ay: int, bx: int, by: int, d: int) -> int:
    """The squared face-to-face distance between two dice of side ``d`` (0 if they touch or
    overlap)."""
    dx = abs(ax - bx) - d
    dy = abs(ay - by) - d
    dx = dx if dx > 0 else 0
    dy = dy if dy > 0 else 0
    return dx * dx + dy * dy


def widths(ax: int, ay: int, bx: int, by: int, d: int) -> float:
    """The face-to-face distance in die widths (what a line of Rollers measures)."""
    return math.sqrt(gap_sq(ax, ay, bx, by, d)) / d


def in_range(ax: int, ay: int, bx: int, by: int, d: int, firepower: int) -> bool:
    """Whether a die at ``b`` is within ``firepower`` die widths of a die at ``a``, face to
    face (exactly at the limit is in range)."""
    reach = firepower * d
    return gap_sq(ax, ay, bx, by, d) <= reach * reach


def overlaps(ax: int, ay: int, bx: int, by: int, d: int) -> bool:
    """Whether two dice of side ``d`` would rest on each other (touching is fine)."""
    return -d < ax - bx < d and -d < ay - by < d
