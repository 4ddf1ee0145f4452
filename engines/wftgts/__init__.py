"""Waiting For the Game to Start (WFtGtS): the reference rules engine.

A roll-and-write for any number of players sharing one 7-die polyhedral set: six rounds of
three shared rolls, private keeps, and runs and sets scored on the last line (the best ones,
or any legal grouping the player wrote, or once per game the line's sum).

>>> from printkit.engines.core import play
>>> played = play(WFtGtS(), ["greedy"], seed=1, record=False)
>>> len(played.state.sheets[0].rounds)
6
"""

from printkit.engines.wftgts.game import (
    KEEPS,
    MAX_PLAYERS,
    Action,
    Grouping,
    Keep,
    Phase,
    PlayerSheet,
    RoundRecord,
    Score,
    WFtGtS,
    WFtGtSState,
)
from printkit.engines.wftgts.rules import DICE, DieSpec, Rules, load_rules
from printkit.engines.wftgts.scoring import Group, GroupKind, Scoring, best_scoring, score_groups

__all__ = [
    "DICE",
    "KEEPS",
    "MAX_PLAYERS",
    "Action",
    "DieSpec",
    "Group",
    "GroupKind",
    "Grouping",
    "Keep",
    "Phase",
    "PlayerSheet",
    "RoundRecord",
    "Rules",
    "Score",
    "Scoring",
    "WFtGtS",
    "WFtGtSState",
    "best_scoring",
    "load_rules",
    "score_groups",
]
