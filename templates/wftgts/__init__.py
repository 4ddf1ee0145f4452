"""Waiting For the Game to Start as a printkit kit: the engine, the play sheet, the dice, the
example printer and the capacities, declared once in :data:`KIT`."""

from __future__ import annotations

from pathlib import Path

from printkit.engines.wftgts import Keep, Score, WFtGtS, WFtGtSState
from printkit.i18n import N_, Catalog
from printkit.kits import Handout, Kit
from printkit.resources import examples_dir
from printkit.templates.wftgts.components import DICE_PRESET, components
from printkit.templates.wftgts.example import SheetExample
from printkit.templates.wftgts.handout import handout_data
from printkit.templates.wftgts.validation import VALIDATION

# The rules data's die labels (engines/wftgts/data/rules.toml), marked so that catalogs
# translate them: the sheet's column heads and the examples print them in the build's language.
DIE_LABELS = (N_("d4"), N_("d6"), N_("d8"), N_("d10 (1s)"), N_("d10 (10s)"), N_("d12"),
              N_("d20"))

KIT: Kit[WFtGtSState, Keep | Score] = Kit(
    name="wftgts",
    title=N_("Waiting For the Game to Start"),
    engine=WFtGtS,
    components=components,
    example=SheetExample,
    validation=VALIDATION,
    dice=DICE_PRESET,
    examples=examples_dir("wftgts"),
    play_bot="greedy",  # quick, and plays a sensible game: what `printkit play` seats
    handout=Handout(Path(__file__).with_name("handout.xml.j2"), handout_data,
                    example="seed-example.jsonl"),
    catalog=Catalog(__name__),  # its words: locale/ beside its templates
)
