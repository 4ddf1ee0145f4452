"""What the Tug of War kit holds, and what a game needs of it.

Capacities are counted from what is actually printed: counters of each colour on the token
sheet, numbered spaces on each side of the drawn mat, and strips in the example booklet within
its page budget (``max_pages`` in ``layout.toml``) on the build's paper. Demands come from the
engine's per-game statistics (:class:`printkit.engines.tug_of_war.game.TugStats`).
"""

from __future__ import annotations

from typing import Any

from printkit.components import BuildContext
from printkit.templates.tug_of_war.example import booklet_capacity
from printkit.templates.tug_of_war.mat import geometry
from printkit.templates.tug_of_war.tokens import RED, YELLOW, token_sides

BOT = "lookahead"
SETUP_STRIPS = 2  # the booklet shows each player's set-up as a strip before the first turn


def capacities(ctx: BuildContext) -> dict[str, int]:
    """Counters per colour, mat spaces per side and booklet strips for turns."""
    sides = token_sides()
    mat = geometry()
    return {
        "athlete tokens per colour": min(sides.count(YELLOW), sides.count(RED)),
        "rope spaces per side": min(len(mat.side_spaces(s)) for s in (0, 1)),
        "example booklet turns": booklet_capacity(ctx) - SETUP_STRIPS,
    }


def demands(state: Any) -> dict[str, int]:
    """The most athletes either side fielded at once, and the turns played."""
    stats = state.stats
    most = max(stats.max_athletes)
    return {
        "athlete tokens per colour": most,
        "rope spaces per side": most,
        "example booklet turns": stats.turns,
    }
