"""W.A.R. – Powers 'n Points (Jonathan Leistiko): a write-then-roll game of powers and points.

This first part holds the game's numbers (:mod:`.rules`, from ``data/rules.toml``) and the pure
rule functions the seed's worked examples exercise (:mod:`.effects`); the game state, the
actions and the bots come next.

>>> RULES.power(PowerKind.STEAL).designed, RULES.power(PowerKind.GROW).designed
(True, False)
"""

from printkit.engines.war_pnp.effects import (
    SETUP,
    active_boxes,
    add_withering,
    bent_sums,
    box_points,
    can_trap,
    cancel_stops,
    cancel_withering,
    column_points,
    decay_rows,
    develop,
    game_over,
    grow_developments,
    rank,
    springs,
    steal_amount,
    undevelop,
)
from printkit.engines.war_pnp.rules import (
    RULES,
    PointsColumn,
    PowerKind,
    PowerSpec,
    Rules,
    load_rules,
    parse_rules,
)

__all__ = [
    "RULES",
    "SETUP",
    "PointsColumn",
    "PowerKind",
    "PowerSpec",
    "Rules",
    "active_boxes",
    "add_withering",
    "bent_sums",
    "box_points",
    "can_trap",
    "cancel_stops",
    "cancel_withering",
    "column_points",
    "decay_rows",
    "develop",
    "game_over",
    "grow_developments",
    "load_rules",
    "parse_rules",
    "rank",
    "springs",
    "steal_amount",
    "undevelop",
]
