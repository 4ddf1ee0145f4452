"""War of Bones (Matt Sall): a two-player wargame of dice rolled onto a 9 in square area.

The game's numbers (:mod:`.rules`, from ``data/rules.toml``), the area and range measured
face to face (:mod:`.geometry`), the decisions (:mod:`.actions`), the exact odds of an attack
(:mod:`.odds`), the engine (:mod:`.game`) and its bots (:mod:`.bots`: ``random``,
``heuristic``, ``search``). ``data/notes.md`` records every reading of the seed.

>>> from printkit.engines.core import play
>>> played = play(WarOfBones(), ["heuristic", "heuristic"], seed=0)
>>> played.state.is_terminal(), played.log.header.options["die_size_mm"]
(True, 16.0)
"""

from printkit.engines.war_of_bones.actions import (
    ACTION_TYPES,
    Action,
    Attack,
    Choose,
    Converge,
    Defend,
    Opening,
    Reinforce,
    Remove,
    Reroll,
    Resupply,
    action_from_json,
    action_to_json,
    die_key,
)
from printkit.engines.war_of_bones.game import (
    AreaChanged,
    AttackPair,
    Event,
    GameOver,
    Landed,
    Phase,
    ReinforceRolled,
    Rerolled,
    Resupplied,
    TroopHit,
    WarOfBones,
    WarOfBonesState,
    splits,
)
from printkit.engines.war_of_bones.geometry import Area, gap_sq, in_range, overlaps, widths
from printkit.engines.war_of_bones.odds import (
    ODDS,
    Hit,
    Odds,
    SplitOdds,
    attack_odds,
    best_allocation,
    judge,
    resolve,
    split_odds,
)
from printkit.engines.war_of_bones.rules import RULES, Rules, load_rules, parse_rules

__all__ = [
    "ACTION_TYPES", "ODDS", "RULES", "Action", "Area", "AreaChanged", "Attack", "AttackPair",
    "Choose", "Converge", "Defend", "Event", "GameOver", "Hit", "Landed", "Odds", "Opening",
    "Phase", "Reinforce", "ReinforceRolled", "Remove", "Reroll", "Rerolled", "Resupplied",
    "Resupply", "Rules", "SplitOdds", "TroopHit", "WarOfBones", "WarOfBonesState",
    "action_from_json", "action_to_json", "attack_odds", "best_allocation", "die_key",
    "gap_sq", "in_range", "judge", "load_rules", "overlaps", "parse_rules", "resolve",
    "split_odds", "splits", "widths",
]
