"""A rectangle on the page, in points with PDF's bottom-left origin: every module's one box.

A box is (x, y, w, h). Where a corner form is handier (PDF page boxes, bounding boxes read
back from a PDF), :meth:`Rect.from_corners` and :attr:`Rect.corners` convert.

>>> r = Rect(10, 20, 30, 40)
>>> (r.top, r.right, r.cx, r.cy), r.inset(5)
((60, 40, 25.0, 40.0), Rect(x=15, y=25, w=20, h=30))
>>> Rect.from_corners(10, 20, 40, 60) == r, r.corners
(True, (10, 20, 40, 60))
>>> r.contains(Rect(12, 22, 5, 5)), r.contains(Rect(35, 22, 10, 5))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # bottom edge, PDF coordinates
    w: float
    h: float

    @classmethod
    def from_corners(cls, x0: float, y0: float, x1: float, y1: float) -> Rect:
        """The box between two corners (lower left, upper right)."""
        return cls(x0, y0, x1 - x0, y1 - y0)

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def corners(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): lower-left and upper-right corners, as PDF page boxes write it."""
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def outset(self, d: float) -> Rect:
        return self.inset(-d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Rect, tolerance: float = 0.0) -> bool:
        """Whether ``other`` lies wholly inside this box (give or take ``tolerance``)."""
        t = tolerance
        return (other.x >= self.x - t and other.y >= self.y - t
                and other.right <= self.right + t and other.top <= self.top + t)

    def overshoot(self, other: Rect) -> float:
        """How far ``other`` reaches outside this box at its worst side (0 when inside)."""
        return max(0.0, self.x - other.x, self.y - other.y, other.right - self.right,
                   other.top - self.top)

    def union(self, other: Rect) -> Rect:
        return Rect.from_corners(min(self.x, other.x), min(self.y, other.y),
                                 max(self.right, other.right), max(self.top, other.top))
