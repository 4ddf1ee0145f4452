"""The vocabulary of Pwinch Wars' turn sequence: where the game stands and what a roll decides.

Both are :class:`~enum.StrEnum`: a member *is* the string it replaced, so the events, the
reaction windows' triggers and every file written from them read exactly as before.

>>> Phase.IMPULSE == "impulse", f"{RollKind.FIRE} roll"
(True, 'fire roll')
>>> sorted(p.value for p in SETUP_PHASES)
['bowl', 'draft', 'equip', 'first', 'place', 'tray']
"""

from __future__ import annotations

from enum import StrEnum, unique

from printkit.engines.pwinch_wars.cards import Effect


@unique
class Phase(StrEnum):
    """Where the game stands: what :meth:`PwinchState._advance` does next."""

    FIRST = "first"
    """The first-pick roll (drafted teams), or straight to the equipment (fixed teams)."""
    DRAFT = "draft"
    """Players pick a character each in turn."""
    BOWL = "bowl"
    """Players draw a character each in turn (a roll, not a decision)."""
    EQUIP = "equip"
    """Each player hands out his team's item counters."""
    TRAY = "tray"
    """Each player puts his characters in numbered tray boxes."""
    PLACE = "place"
    """Players place their markers, one each in turn."""
    DEAL = "deal"
    """The flags planted and the hands dealt; the first turn starts next."""
    TURN_START = "turn_start"
    """Bedtime and fighting checks, then initiative, made; the impulses start next."""
    IMPULSE = "impulse"
    """Players play one marker each in initiative order."""
    DRAW = "draw"
    """The end of the turn: each player may draw a card."""


@unique
class RollKind(StrEnum):
    """What a pending roll decides (:class:`~printkit.engines.pwinch_wars.state.Roll`)."""

    FIRST = "first"
    """The first-pick dice, one per player."""
    INITIATIVE = "initiative"
    """The initiative dice, one per player."""
    TIEBREAK = "tiebreak"
    """A re-roll among tied players (it only orders them)."""
    FIRE = "fire"
    MORAL = "moral"
    SNEAK = "sneak"
    DRAW = "draw"
    """A card drawn from the pile."""
    BOWL = "bowl"
    """A character drawn from the bowl."""


SETUP_PHASES = frozenset({Phase.FIRST, Phase.DRAFT, Phase.BOWL, Phase.EQUIP, Phase.TRAY,
                          Phase.PLACE})
"""Phases in which the teams, trays, equipment and counters to place still change."""
SEATED_PHASES = frozenset({Phase.DRAFT, Phase.EQUIP, Phase.TRAY, Phase.PLACE})
"""Phases in which the player in ``seat`` decides."""
DICE = frozenset({RollKind.FIRST, RollKind.INITIATIVE, RollKind.TIEBREAK})
"""Rolls of one die per player that order the players."""
CHECKS = frozenset({RollKind.FIRE, RollKind.MORAL, RollKind.SNEAK})
"""Rolls of one d10 against a marker's modified skill."""
MODIFIED_BY: dict[RollKind, Effect] = {
    RollKind.FIRE: Effect.FIRE_MOD, RollKind.MORAL: Effect.MORAL_MOD,
    RollKind.SNEAK: Effect.SNEAK_MOD, RollKind.INITIATIVE: Effect.INITIATIVE_MOD}
"""The cards that change a roll of each kind (played in the window before it)."""

__all__ = ["CHECKS", "DICE", "MODIFIED_BY", "SEATED_PHASES", "SETUP_PHASES", "Phase",
           "RollKind"]
