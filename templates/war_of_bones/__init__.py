"""War of Bones as a printkit kit: the play mat, the range rulers, the Supply tracker, the
turn card, the two players' dice, the example printer, the capacities and the handout,
declared once in :data:`KIT`; ``--die-size MM`` prints and plays for dice of another size."""

from __future__ import annotations

from pathlib import Path

from printkit.engines.war_of_bones import Action, WarOfBones, WarOfBonesState
from printkit.flags import game_option_flag, rules_file_flag
from printkit.i18n import N_, Catalog
from printkit.kits import Handout, Kit
from printkit.resources import examples_dir
from printkit.templates.war_of_bones.components import DICE_PRESET, components
from printkit.templates.war_of_bones.example import WarOfBonesExample
from printkit.templates.war_of_bones.handout import EXAMPLE_LOG, EXAMPLE_PAGE, handout_data
from printkit.templates.war_of_bones.validation import VALIDATION

KIT: Kit[WarOfBonesState, Action] = Kit(
    name="war-of-bones",
    title=N_("War of Bones"),
    engine=WarOfBones,
    components=components,
    example=WarOfBonesExample,
    validation=VALIDATION,
    dice=DICE_PRESET,
    examples=examples_dir("war-of-bones"),
    handout=Handout(Path(__file__).with_name("handout.xml.j2"), handout_data,
                    example=EXAMPLE_LOG, example_page=EXAMPLE_PAGE),
    flags=(
        game_option_flag(
            "die-size", "die_size_mm", metavar="MM", value_type=float,
            help="The size of the dice rolled onto the table, in mm: sizes the ruler and the "
                 "game's ranges",
            refusal=": its dice are not placed on the table"),
        rules_file_flag(
            "rules", "rules",
            help="A designer's edited copy of the game's rules.toml: the game is played, "
                 "printed and validated with its numbers"),
    ),
    catalog=Catalog(__name__),  # its words: locale/ beside its templates
)
