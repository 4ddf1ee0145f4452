"""The printed components of War of Bones, as the kit lists them, and its dice.

The game needs, per player, twelve six-sided dice of one colour (the rules data's ``troops``,
``rollers`` and ``supply_dice``: 8 + 3 + 1). :data:`DICE_PRESET` prints exactly those as
d6 nets: player A's in bone (light, black pips), player B's in red (dark, white pips), so
that the two armies tell apart in greyscale too. The nets print at the kit's d6 size
(:func:`printkit.drawing.polyhedra.die_size`, 18 mm); the range rulers include one for it.
"""

from __future__ import annotations

from typing import Any

from printkit.drawing.dice import INK_WHITE, DicePreset, DieSpec, dice_component
from printkit.engines.war_of_bones.rules import RULES
from printkit.i18n import N_
from printkit.kits import Component, NoOptions
from printkit.templates.war_of_bones.cards import draw_supply_tracker, draw_turn_card
from printkit.templates.war_of_bones.mat import PLAYER_A, PLAYER_B, draw_play_mat
from printkit.templates.war_of_bones.ruler import draw_range_rulers

BONE = (0.0, 0.04, 0.16, 0.02)  # CMYK: the colour of player A's dice (ink layout "a")
RED = (0.0, 0.85, 0.75, 0.45)  # CMYK: player B's (ink layout "b"), dark enough for white pips

DIE_LABELS = (N_("bone, player A"), N_("red, player B"))
"""What each net is labelled with: its colour and whose it is."""
DICE_PER_PLAYER = RULES.troops + RULES.rollers + RULES.supply_dice
DICE_PRESET = DicePreset("war-of-bones", N_("War of Bones: 24 dice, 12 per player"), (
    *(DieSpec("d6", DIE_LABELS[PLAYER_A], BONE) for _i in range(DICE_PER_PLAYER)),
    *(DieSpec("d6", DIE_LABELS[PLAYER_B], RED, INK_WHITE) for _i in range(DICE_PER_PLAYER))))
"""Each player's twelve dice (Troops, Rollers and the Supply die), one colour a player."""


def components() -> list[Component[Any]]:
    """The play mat, the range rulers, the Supply tracker, the turn card and the dice."""
    mat: Component[NoOptions] = Component(
        "play-mat", N_("Play mat"), draw_play_mat,
        N_("The 9 in play area at its true size with the Converge boundary, mm and inch "
           "scales and each player's edge; tiled on A4 and Letter, whole on A3 and Tabloid."))
    ruler: Component[NoOptions] = Component(
        "range-ruler", N_("Range rulers"), draw_range_rulers,
        N_("Range 1-6 in die widths, face to face: two for the die size played with, one for "
           "each usual size."))
    tracker: Component[NoOptions] = Component(
        "supply-tracker", N_("Supply tracker"), draw_supply_tracker,
        N_("Supply 0-6 and the Troops out of the area: one card per player."))
    card: Component[NoOptions] = Component(
        "turn-card", N_("Turn reference"), draw_turn_card,
        N_("Set-up, the four actions, defence and victory in brief: one card per player."))
    return [mat, ruler, tracker, card, dice_component(DICE_PRESET)]
