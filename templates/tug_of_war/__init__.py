"""Printed components of Tug of War: the rope mat, the athlete counters, the turn summary and
the shared printable dice's ``tug-of-war`` preset (for players who lack the dice)."""

from __future__ import annotations

from printkit.components import BuildContext, Component
from printkit.i18n import N_, _
from printkit.production import dice

# The side names are the engine's (rules.toml); marked here so that catalogs translate them.
SIDE_NAMES = (N_("Yellow"), N_("Red"))
DICE_PRESET = "tug-of-war"  # in printkit.production.dice: 3 yellow, 3 red, 3 white d6


def components(ctx: BuildContext) -> list[Component]:
    from printkit.templates.tug_of_war.mat import draw_rope_mat
    from printkit.templates.tug_of_war.summary import draw_summary
    from printkit.templates.tug_of_war.tokens import draw_tokens

    return [
        Component("rope-mat", _("Rope mat"), draw_rope_mat,
                  _("The rope, athlete spaces for each side, dice boxes and reserves.")),
        Component("athlete-tokens", _("Athlete tokens"), draw_tokens,
                  _("Yellow and red athlete counters, printed alike on both sides.")),
        Component("turn-summary", _("Turn summary"), draw_summary,
                  _("Set-up and a turn in brief: one card per player.")),
        *(Component("dice", c.title, c.draw, c.description)
          for c in dice.components(ctx) if c.name == DICE_PRESET),
    ]
