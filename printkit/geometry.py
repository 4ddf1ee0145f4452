"""A rectangle on the page, in points with PDF's bottom-left origin: every template's unit.

>>> r = Rect(10, 20, 30, 40)
>>> (r.top, r.right, r.cx, r.cy), r.inset(5)
((60, 40, 25.0, 40.0), Rect(x=15, y=25, w=20, h=30))
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float  # bottom edge, PDF coordinates
    w: float
    h: float

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

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)
