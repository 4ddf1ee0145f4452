"""W.A.R. – Powers 'n Points as a printkit kit: the play sheet, the powers reference card, the
round-summary card, the two dice, the example printer, the capacities and the handout,
declared once in :data:`KIT`; ``--sheet FILE`` plays and prints a custom sheet."""

from __future__ import annotations

from pathlib import Path

from printkit.engines.war_pnp import Action, WarPnP, WarPnPState
from printkit.i18n import N_, Catalog
from printkit.kits import Handout, Kit
from printkit.resources import examples_dir
from printkit.templates.war_pnp.components import DICE_PRESET, components
from printkit.templates.war_pnp.example import WarPnPExample
from printkit.templates.war_pnp.handout import handout_data
from printkit.templates.war_pnp.sheets import SHEET_FILE
from printkit.templates.war_pnp.validation import VALIDATION

KIT: Kit[WarPnPState, Action] = Kit(
    name="war-pnp",
    title=N_("W.A.R. – Powers 'n Points"),
    engine=WarPnP,
    components=components,
    example=WarPnPExample,
    validation=VALIDATION,
    dice=DICE_PRESET,
    examples=examples_dir("war-pnp"),
    sheet_file=SHEET_FILE,
    handout=Handout(Path(__file__).with_name("handout.xml.j2"), handout_data,
                    example="two-player-game.jsonl"),
    catalog=Catalog(__name__),  # its words: locale/ beside its templates
)
