"""Pwinch Wars as a printkit kit: the counter sheets, the event cards, the forest and city
maps in parts, the team trays, the terrain and turn charts, the scenario booklet, the example
printer, the capacities (checked scenario by scenario) and the handout, declared once in
:data:`KIT`. ``--option scenario=ID`` plays and validates one scenario."""

from __future__ import annotations

from pathlib import Path

from printkit.engines.pwinch_wars import PwinchState, PwinchWars
from printkit.engines.pwinch_wars.actions import Action
from printkit.i18n import Catalog
from printkit.kits import Handout, Kit
from printkit.resources import examples_dir
from printkit.templates.pwinch_wars.components import DICE_PRESET, components
from printkit.templates.pwinch_wars.example import PwinchWarsExample
from printkit.templates.pwinch_wars.handout import EXAMPLE_LOG, EXAMPLE_PAGE, handout_data
from printkit.templates.pwinch_wars.style import TITLE
from printkit.templates.pwinch_wars.validation import VALIDATION

KIT: Kit[PwinchState, Action] = Kit(
    name="pwinch-wars",
    title=TITLE,
    engine=PwinchWars,
    components=components,
    example=PwinchWarsExample,
    validation=VALIDATION,
    dice=DICE_PRESET,
    examples=examples_dir("pwinch-wars"),
    handout=Handout(Path(__file__).with_name("handout.xml.j2"), handout_data,
                    example=EXAMPLE_LOG, example_page=EXAMPLE_PAGE),
    catalog=Catalog(__name__),  # its words: locale/ beside its templates
)
