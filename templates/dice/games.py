"""The dice presets of every registered game: what the dice kit prints and its handout lists.

They are read from the kit registry (:func:`printkit.kits.kits`), never named here, so a game's
dice join the dice kit when its kit declares ``dice=``.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.drawing.dice import DicePreset
from printkit.errors import PrintkitError
from printkit.kits import kits


def presets() -> dict[str, DicePreset]:
    """The dice preset of every registered game, by name, in the words of its kit."""
    return {k.dice.name: replace(k.dice, catalog=k.dice.catalog or k.catalog)
            for k in kits().values() if k.dice is not None}


def preset(name: str) -> DicePreset:
    """The preset named ``name``; an unknown name lists the known ones."""
    found = presets()
    if name not in found:
        raise PrintkitError(f"unknown dice preset {name!r}; choose from {', '.join(found)}")
    return found[name]
