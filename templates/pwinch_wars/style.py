"""The inks every printed Pwinch Wars part shares: the three team colours and the two sides
of a character counter, read from ``style.toml`` so that a designer recolours the whole kit
in one place."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.engines.pwinch_wars.roster import Side
from printkit.engines.pwinch_wars.scenarios import TeamColour
from printkit.i18n import N_
from printkit.layouts import Color, load_layout


@dataclass(frozen=True)
class StyleLayout:
    """``style.toml``: the inks the whole kit shares, by name."""

    ink: dict[str, Color]


STYLE = load_layout(StyleLayout, Path(__file__).with_name("style.toml"))

TITLE = N_("Pwinch Wars")
"""The game's name, printed on every part."""

TEAM_NAMES = {TeamColour.LIGHT_BLUE: N_("light blue"), TeamColour.YELLOW: N_("yellow"),
              TeamColour.PINK: N_("pink")}
"""A team's colour as printed (its tray, its markers)."""

TEAM_LETTERS = {TeamColour.LIGHT_BLUE: "L", TeamColour.YELLOW: "Y", TeamColour.PINK: "P"}
"""The letter on a team's markers, so the teams tell apart without colour."""


def team_ink(colour: TeamColour, dark: bool = False) -> Color:
    """A team's colour (``dark``: the one its text and outlines are drawn in)."""
    return STYLE.ink[f"{colour.value}_dark" if dark else colour.value]


def side_ink(side: Side, tint: bool = False) -> Color:
    """A character counter's side colour (``tint``: the pale fill behind its numbers)."""
    return STYLE.ink[f"{side.value}_tint" if tint else side.value]
