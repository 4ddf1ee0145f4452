"""Item sizes: the named presets people ask for, and custom ``WxHmm`` / ``WxHin`` sizes.

>>> size("poker").width_mm, size("poker").height_mm
(63.5, 88.9)
>>> size("40x60mm")
ItemSize(name='40x60mm', width_mm=40.0, height_mm=60.0)
>>> round(size("counter-5/8").width_mm, 3)
15.875
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.errors import LayoutError
from printkit.units import mm


@dataclass(frozen=True)
class ItemSize:
    """The trim size of one item (card, counter, token); bleed is added by the profile."""

    name: str
    width_mm: float
    height_mm: float

    def __post_init__(self) -> None:
        if not (self.width_mm > 0 and self.height_mm > 0):
            raise LayoutError(
                f"item size {self.name!r} must be positive, got "
                f"{self.width_mm:g} x {self.height_mm:g} mm"
            )

    @property
    def width(self) -> float:
        return mm(self.width_mm)

    @property
    def height(self) -> float:
        return mm(self.height_mm)


PRESETS: dict[str, ItemSize] = {
    p.name: p
    for p in (
        ItemSize("poker", 63.5, 88.9),  # 2.5 x 3.5 in
        ItemSize("bridge", 57.2, 88.9),  # 2.25 x 3.5 in
        ItemSize("mini", 44.0, 63.5),
        ItemSize("counter-1/2", 12.7, 12.7),
        ItemSize("counter-5/8", 15.875, 15.875),  # the most common counter
        ItemSize("counter-3/4", 19.05, 19.05),
        ItemSize("counter-1", 25.4, 25.4),
    )
}
ALIASES = {"1/2in": "counter-1/2", "5/8in": "counter-5/8", "3/4in": "counter-3/4",
           "1in": "counter-1", "counter-1in": "counter-1"}

_CUSTOM = re.compile(r"^\s*(-?[0-9.]+)\s*[x×]\s*(-?[0-9.]+)\s*(mm|in)\s*$", re.IGNORECASE)


def size(spec: str | ItemSize) -> ItemSize:
    """A preset name (``poker``, ``counter-5/8``, ``5/8in`` ...) or a custom ``WxHmm``/``WxHin``."""
    if isinstance(spec, ItemSize):
        return spec
    key = spec.strip().lower()
    key = ALIASES.get(key, key)
    if key in PRESETS:
        return PRESETS[key]
    match = _CUSTOM.match(key)
    if not match:
        raise LayoutError(
            f"unknown size {spec!r}; use one of {', '.join(PRESETS)} or a custom size like 60x90mm"
        )
    try:
        w, h = float(match.group(1)), float(match.group(2))
    except ValueError:
        raise LayoutError(f"cannot read the size {spec!r}; write it like 60x90mm") from None
    if match.group(3).lower() == "in":
        w, h = w * 25.4, h * 25.4
    return ItemSize(key, round(w, 4), round(h, 4))
