"""Tug of War as a printkit kit: the rope mat, the athlete counters, the turn summary, the
nine dice, the example booklet and the capacities, declared once in :data:`KIT`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.drawing.dice import (
    INK_WHITE,
    RED,
    WHITE,
    YELLOW,
    DicePreset,
    DieSpec,
    dice_component,
)
from printkit.engines.tug_of_war import Action, TugOfWar, TugOfWarState
from printkit.i18n import N_, Catalog
from printkit.kits import Component, Handout, Kit, NoOptions
from printkit.resources import examples_dir
from printkit.templates.tug_of_war.example import BookletExample
from printkit.templates.tug_of_war.handout import handout_data
from printkit.templates.tug_of_war.mat import draw_rope_mat
from printkit.templates.tug_of_war.summary import draw_summary
from printkit.templates.tug_of_war.tokens import TokenOptions, draw_tokens
from printkit.templates.tug_of_war.validation import VALIDATION

# The side names are the engine's (rules.toml); marked here so that catalogs translate them.
SIDE_NAMES = (N_("Yellow"), N_("Red"))

DICE_PRESET = DicePreset("tug-of-war", N_("Tug of War: 9 dice"), (
    *(DieSpec("d6", N_("yellow team"), YELLOW) for _i in range(3)),
    *(DieSpec("d6", N_("red team"), RED, INK_WHITE) for _i in range(3)),
    *(DieSpec("d6", N_("common (white)"), WHITE) for _i in range(3))))


def components() -> list[Component[Any]]:
    rope_mat: Component[NoOptions] = Component(
        "rope-mat", N_("Rope mat"), draw_rope_mat,
        N_("The rope, athlete spaces for each side, dice boxes and reserves."))
    tokens: Component[TokenOptions] = Component(
        "athlete-tokens", N_("Athlete tokens"), draw_tokens,
        N_("Yellow and red athlete counters, printed alike on both sides."), TokenOptions)
    summary: Component[NoOptions] = Component(
        "turn-summary", N_("Turn summary"), draw_summary,
        N_("Set-up and a turn in brief: one card per player."))
    return [rope_mat, tokens, summary, dice_component(DICE_PRESET)]


KIT: Kit[TugOfWarState, Action] = Kit(
    name="tug-of-war",
    title=N_("Tug of War"),
    engine=TugOfWar,
    components=components,
    example=BookletExample,
    validation=VALIDATION,
    dice=DICE_PRESET,
    examples=examples_dir("tug-of-war"),
    play_bot="greedy",  # quick, and plays a sensible game: what `printkit play` seats
    handout=Handout(Path(__file__).with_name("handout.xml.j2"), handout_data,
                    example="jeff-turn.jsonl"),
    catalog=Catalog(__name__),  # its words: locale/ beside its templates
)
