"""What the Tug of War kit holds, and what a game needs of it.

Capacities are counted from what is actually printed: counters of each colour on the token
sheet, numbered spaces on each side of the drawn mat, the mat's dice boxes, and strips in the
example booklet within its page budget (``max_pages`` in ``layout.toml``) on the build's
paper. Demands come from the
engine's per-game statistics (:class:`printkit.engines.tug_of_war.game.TugStats`).
"""

from __future__ import annotations

from printkit.context import DrawContext
from printkit.engines.tug_of_war import TugOfWarState
from printkit.kits import Capacity, Validation
from printkit.templates.tug_of_war.example import booklet_capacity
from printkit.templates.tug_of_war.mat import dice_capacities, geometry
from printkit.templates.tug_of_war.studies import FIGURES
from printkit.templates.tug_of_war.tokens import RED, YELLOW, token_sides

SETUP_STRIPS = 1  # the booklet shows both players' set-ups in one strip before the first turn


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """Counters per colour, mat spaces per side, the mat's dice boxes (each sized from the
    printed d6) and booklet strips for turns."""
    sides = token_sides()
    mat = geometry()
    return [
        *dice_capacities(),
        Capacity("athlete tokens per colour", min(sides.count(YELLOW), sides.count(RED)),
                 "counters"),
        Capacity("rope spaces per side", min(len(mat.side_spaces(s)) for s in (0, 1)),
                 "spaces"),
        Capacity("example booklet turns", booklet_capacity(ctx) - SETUP_STRIPS, "strips"),
    ]


def most_athletes(state: TugOfWarState) -> int:
    """The most athletes either side fielded at once."""
    return max(state.stats.max_athletes)


def team_dice(state: TugOfWarState) -> int:
    """The most team dice a side held (each needs a box on its side of the mat)."""
    return max(len(dice) for dice in state.team)


def common_dice(state: TugOfWarState) -> int:
    return state.rules.common_dice


def turns(state: TugOfWarState) -> int:
    return state.stats.turns


VALIDATION: Validation[TugOfWarState] = Validation(
    bot="lookahead",
    capacities=capacities,
    rounds=lambda s: int(s.result()["turns"]),
    demands={
        "team dice boxes per side": team_dice,
        "common dice boxes": common_dice,
        "athlete tokens per colour": most_athletes,
        "rope spaces per side": most_athletes,
        "example booklet turns": turns,
    },
    studies=(FIGURES,),
)
