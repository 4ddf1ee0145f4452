"""Paper sizes and orientation, exact to the point.

>>> p = paper("a4")
>>> round(p.width_mm, 1), round(p.height_mm, 1)
(210.0, 297.0)
>>> paper("letter", landscape=True).width == 11 * 72
True
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import LayoutError
from printkit.units import inch, mm, to_mm


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # points
    height: float  # points

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def width_mm(self) -> float:
        return to_mm(self.width)

    @property
    def height_mm(self) -> float:
        return to_mm(self.height)

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    def rotated(self) -> Paper:
        return Paper(self.name, self.height, self.width)


PAPERS: dict[str, tuple[float, float]] = {
    "a4": (mm(210), mm(297)),
    "letter": (inch(8.5), inch(11)),
    "a3": (mm(297), mm(420)),
    "tabloid": (inch(11), inch(17)),
    # the intersection of A4 and Letter: one PDF that prints right on both
    "universal": (mm(210), inch(11)),  # 210 x 279.4 mm
}


def paper(name: str, *, landscape: bool = False) -> Paper:
    """The named paper, portrait unless ``landscape``."""
    key = name.lower()
    if key not in PAPERS:
        raise LayoutError(f"unknown paper {name!r}; choose from {', '.join(PAPERS)}")
    w, h = PAPERS[key]
    p = Paper(key, w, h)
    return p.rotated() if landscape else p
