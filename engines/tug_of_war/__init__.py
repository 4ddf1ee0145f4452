"""Tug of War (Bernd Eisenstein): a two-player dice game of athletes on a rope.

>>> from printkit.engines.core import play
>>> played = play(TugOfWar(), ["greedy", "greedy"], seed=1, record=False)
>>> played.state.result()["winner"] in (0, 1)
True
"""

from printkit.engines.tug_of_war.game import (
    RED,
    YELLOW,
    Action,
    EndTurn,
    Exchange,
    Phase,
    Remove,
    Reroll,
    TugOfWar,
    TugOfWarState,
    TugStats,
)
from printkit.engines.tug_of_war.rules import REROLL_MODES, RULES, RerollMode, Rules, load_rules

__all__ = [
    "RED",
    "REROLL_MODES",
    "RULES",
    "YELLOW",
    "Action",
    "EndTurn",
    "Exchange",
    "Phase",
    "Remove",
    "Reroll",
    "RerollMode",
    "Rules",
    "TugOfWar",
    "TugOfWarState",
    "TugStats",
    "load_rules",
]
