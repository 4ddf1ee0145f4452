"""What the printed War of Bones parts hold: the capacities side of the kit's validation.

Each capacity is measured from the geometry that draws the part, on the build's paper and
with the build's die size:

* ``ruler die widths``: the boxes on the build's range ruler (1 to the die's highest face),
  against the longest range a game used;
* ``troops per player``: the fewer of the Troop tick boxes on a tracker card and the dice of
  one colour in the printed preset that are left for Troops (after the Rollers and the Supply
  die);
* ``supply track``: the highest box of the Supply track (0 to ``max_supply``);
* ``play area side``: the largest play area (whole mm) whose mat the shared tiler prints on
  this paper in at most two pieces (``layout.toml``'s ``max_tiles``), against the area of the
  rules the game was played with (an edited ``area_in`` shows here);
* ``turns in the example booklet``: the turns the example booklet draws, against the longest
  game.

:data:`VALIDATION` pairs each with what a finished game demanded of it (the engine's peaks).
"""

from __future__ import annotations

import math

from printkit.context import DrawContext
from printkit.engines.war_of_bones.game import WarOfBonesState
from printkit.kits import Capacity, Validation
from printkit.templates.war_of_bones.cards import tracker_geometry
from printkit.templates.war_of_bones.components import DICE_PRESET, DIE_LABELS
from printkit.templates.war_of_bones.mat import LAYOUT, game_rules, largest_area_mm
from printkit.templates.war_of_bones.ruler import ruler_boxes
from printkit.units import mm


def printed_troops(ctx: DrawContext) -> int:
    """Dice of the scarcer colour in the printed preset, less each player's Rollers and
    Supply dice: the Troops the printed dice make."""
    rules = game_rules(ctx)
    per_colour = min(sum(1 for d in DICE_PRESET.dice if d.colour == colour)
                     for colour in DIE_LABELS)
    return per_colour - rules.rollers - rules.supply_dice


def booklet_turns(ctx: DrawContext) -> int:
    """The turns the example booklet holds in ``[booklet] max_pages`` pages of the build's
    paper: the example printer's grid of diagrams, each with a caption of ``caption_lines``
    lines (a turn's usual caption; the printer itself never drops a turn)."""
    from printkit.templates.war_of_bones.example import EXAMPLE, Grid

    book = LAYOUT.booklet
    area = ctx.safe_area
    grid = Grid.fit(area)
    caption = mm(EXAMPLE.example.caption_size
                 * EXAMPLE.example.caption_leading / 72 * 25.4) * book.caption_lines
    row = grid.head() + caption + mm(EXAMPLE.example.gap)
    rows = max(1, int(area.h // row))
    return book.max_pages * rows * grid.columns


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """The ruler's die widths, Troops per player, the Supply track's top, the largest play
    area the mat prints, and the example booklet's turns, for a game of ``players`` players
    (always two)."""
    rules = game_rules(ctx)
    tracker = tracker_geometry(rules)
    return [
        Capacity("ruler die widths", ruler_boxes(rules), "die widths"),
        Capacity("troops per player", min(len(tracker.troops), printed_troops(ctx)), "troops"),
        Capacity("supply track", len(tracker.supply) - 1, "supplies"),
        Capacity("play area side", largest_area_mm(ctx), "mm"),
        Capacity("turns in the example booklet", booklet_turns(ctx), "turns"),
    ]


VALIDATION: Validation[WarOfBonesState] = Validation(
    bot="heuristic",
    capacities=capacities,
    rounds=lambda s: s.turn,
    demands={
        "ruler die widths": lambda s: s.peak_range,
        "troops per player": lambda s: s.peak_troops,
        "supply track": lambda s: s.peak_supply,
        "play area side": lambda s: math.ceil(s.rules.area_mm),
        "turns in the example booklet": lambda s: s.turn,
    },
)
"""How ``printkit validate war-of-bones`` checks the parts against auto-played games."""
