"""The printable dice as a kit of their own: every registered game's dice, one component per
game, and a folding guide as the kit's handout, declared once in :data:`KIT`.

The nets are drawn by printkit's dice drawing kit (:mod:`printkit.drawing.dice`, which every
game's own ``dice`` component uses too); this kit only gathers the games' presets through the
registry (:mod:`printkit.templates.dice.games`), so a new game's dice are printed here
unasked. Its words are printkit's own (no ``catalog``): what it prints is the shared dice
drawing's, and each game's dice are printed in that game's words.
"""

from __future__ import annotations

from typing import Any

from printkit.drawing.dice import dice_component
from printkit.flags import KitFlag
from printkit.i18n import N_
from printkit.kits import Component, Handout, Kit, NoOptions
from printkit.templates.dice.games import preset, presets
from printkit.templates.dice.handout import TEMPLATE, handout_data


def components() -> list[Component[NoOptions]]:
    """One component per registered game's dice, named after the game."""
    return [dice_component(p, p.name) for p in presets().values()]


def _preset_components(name: Any) -> tuple[str, ...]:
    """``--preset GAME``: the one component of the dice kit that prints that game's dice."""
    return (preset(str(name)).name,)


KIT: Kit[Any, Any] = Kit(
    name="dice",
    title=N_("Printable dice"),
    components=components,
    description=N_("Foldable nets of every game's dice, one component per game."),
    handout=Handout(TEMPLATE, handout_data),
    flags=(KitFlag("preset", "Only this game's dice", metavar="GAME", commands=("build",),
                   components=_preset_components),),
)
