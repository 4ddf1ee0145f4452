"""The printed components of Pwinch Wars, in the order of the seed's component list.

Counter sheets (characters, weapons 1 and 2, defensive and miscellaneous, team markers), the
three event-card sheets, the forest and city maps (6 parts each on A4 and Letter), the team
trays, the terrain effect chart, the turn chart, the scenario booklet and a d10 per team.
Each module draws its part from the data the engine plays with
(``engines/pwinch_wars/data``).
"""

from __future__ import annotations

from typing import Any

from printkit.drawing.dice import DicePreset, DieSpec, dice_component
from printkit.engines.pwinch_wars.scenarios import TeamColour
from printkit.i18n import N_
from printkit.kits import Component, NoOptions
from printkit.templates.pwinch_wars.booklet import (
    BOOKLET_DESCRIPTION,
    BOOKLET_TITLE,
    draw_scenario_booklet,
)
from printkit.templates.pwinch_wars.cards import draw_event_cards
from printkit.templates.pwinch_wars.charts import (
    TERRAIN_TITLE,
    TURN_TITLE,
    draw_terrain_chart,
    draw_turn_chart,
)
from printkit.templates.pwinch_wars.counters import counter_components
from printkit.templates.pwinch_wars.maps import map_components
from printkit.templates.pwinch_wars.style import TEAM_NAMES
from printkit.templates.pwinch_wars.trays import tray_component

TEAM_CMYK = {TeamColour.LIGHT_BLUE: (0.36, 0.06, 0.0, 0.0),
             TeamColour.YELLOW: (0.0, 0.1, 0.68, 0.0),
             TeamColour.PINK: (0.0, 0.34, 0.05, 0.0)}
"""The team colours of ``style.toml`` in CMYK, for the dice nets (light: black numbers)."""

DICE_PRESET = DicePreset("pwinch-wars", N_("Pwinch Wars: 3 d10, one per team"), tuple(
    DieSpec("d10", TEAM_NAMES[colour], TEAM_CMYK[colour], ten_for_zero=True)
    for colour in TeamColour))
"""Every roll of the game is one d10 (fire, moral, sneak, initiative): one per player, in
the team's colour, so that three players roll their initiative at once. Its 0 face reads
"10" (a 10 always fails: the seed's key rule)."""


def components() -> list[Component[Any]]:
    """Every part a group needs to play any scenario, blank."""
    cards: Component[NoOptions] = Component(
        "event-cards", N_("Event cards"), draw_event_cards,
        N_("The 27 event cards on three sheets of nine: blue bonus and red penalty headings, "
           "the eye and the grey dot, with a common back."))
    terrain: Component[NoOptions] = Component(
        "terrain-chart", TERRAIN_TITLE, draw_terrain_chart,
        N_("Every terrain with its map swatch, movement cost, fire, sneak and moral effects, "
           "line of sight and stopping; the special actions and their costs; the other "
           "modifiers."))
    turns: Component[NoOptions] = Component(
        "turn-chart", TURN_TITLE, draw_turn_chart,
        N_("The turn track with clock times, night and bed turns marked, each slot holding "
           "the turn marker, beside the turn sequence."))
    booklet: Component[NoOptions] = Component(
        "scenario-booklet", BOOKLET_TITLE, draw_scenario_booklet, BOOKLET_DESCRIPTION)
    return [*counter_components(), cards, *map_components(), tray_component(), terrain, turns,
            booklet, dice_component(DICE_PRESET)]
