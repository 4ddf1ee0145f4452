"""The printed components of W.A.R. – Powers 'n Points: the play sheet, the two reference
cards and the dice, as the kit lists them.

The sheet and the cards are drawn from the sheets a build prints
(:func:`~printkit.templates.war_pnp.sheets.build_sheets`: a custom sheet given with
``--sheet FILE``, then the standard one) and from the rules data the engine plays with.
"""

from __future__ import annotations

from typing import Any

from printkit.drawing.dice import WHITE, DicePreset, DieSpec, dice_component
from printkit.engines.war_pnp.rules import RULES
from printkit.i18n import N_
from printkit.kits import Component, NoOptions
from printkit.templates.war_pnp.cards import draw_powers_card, draw_round_card
from printkit.templates.war_pnp.sheet import draw_play_sheet

DICE_PRESET = DicePreset("war-pnp", N_("W.A.R. PnP: 2 dice"),
                         tuple(DieSpec("d6", N_("white"), WHITE) for _i in range(RULES.dice)))
"""The dice the game is played with (two six-sided dice), as printable nets."""


def components() -> list[Component[Any]]:
    """The play sheet, the powers card, the round card and the dice."""
    sheet: Component[NoOptions] = Component(
        "play-sheet", N_("Play sheet"), draw_play_sheet,
        N_("One per player: rolls, Powers, Points, the score track 1-100 and a round's "
           "phases."))
    powers: Component[NoOptions] = Component(
        "powers-card", N_("Powers card"), draw_powers_card,
        N_("Every power of the sheet with its six options: one card per player."))
    rounds: Component[NoOptions] = Component(
        "round-card", N_("Round card"), draw_round_card,
        N_("Set-up, a round and the end of the game in brief: one card per player."))
    return [sheet, powers, rounds, dice_component(DICE_PRESET)]
