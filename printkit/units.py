"""Lengths: everything is stored in PDF points; these convert from the units people use.

>>> round(mm(25.4), 6), inch(1)
(72.0, 72.0)
"""

from __future__ import annotations

MM = 72.0 / 25.4
INCH = 72.0


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def inch(value: float) -> float:
    """Inches to points."""
    return value * INCH


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / MM
