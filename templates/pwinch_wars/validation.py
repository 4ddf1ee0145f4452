"""What the printed Pwinch Wars parts hold: the capacities side of the kit's validation.

Each capacity is measured from the code that draws the part (counts from the counter sheets,
sizes from the geometry), on the build's paper and in the build's language:

* ``character counters``: counters on the character sheet, against the characters a game
  put in play (every team's characters);
* ``hidden markers per team``: the "?" markers of one team colour, against the most markers a
  team placed (characters and dummies); ``tray boxes``: the boxes of a team tray, against the
  same;
* ``counters in a tray box``: the counter slots of one box, against the most counters one
  character held at once (himself and his items);
* ``<item> counters``: each item's counters on the weapon and defensive sheets, against the
  counters of that item a scenario shares out;
* ``turn chart slots``: the turn chart's track, against the last turn a game played;
* ``counter side in a hex`` (mm): the largest square counter that sits inside a hex of the
  map, against the printed counter's side (rounded up);
* ``turn slot side`` (mm): a turn-chart slot, against the turn marker;
* ``event cards that fit``: the event cards whose title and text fit their boxes in the
  build's language, against the cards of the game's deck.

:data:`VALIDATION` pairs each with what a finished game demanded of it and runs every
scenario as a variant of its own (``printkit validate pwinch-wars`` prints one result per
scenario; ``--option scenario=ID`` validates one). The balance report's scores are each
player's victory points.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from printkit.context import DrawContext
from printkit.engines.pwinch_wars import PwinchState, load_data, scenario_ids
from printkit.kits import Capacity, Validation
from printkit.templates.pwinch_wars.cards import fit_deck
from printkit.templates.pwinch_wars.charts import slot_mm, turn_slots
from printkit.templates.pwinch_wars.counters import (
    counter_mm,
    largest_counter_in_hex_mm,
    printed_counts,
)
from printkit.templates.pwinch_wars.trays import box_holds, tray_boxes


@cache
def item_ids() -> tuple[str, ...]:
    """The items printed as counters (every kind but the built-in sling)."""
    return tuple(i.id for i in load_data().equipment.items if i.counters)


def _markers_per_team(state: PwinchState) -> int:
    teams = [m.team for m in state.pieces]
    return max((teams.count(t) for t in set(teams)), default=0)


def _items_shared(item: str) -> Callable[[PwinchState], int]:
    def demand(state: PwinchState) -> int:
        return sum(n for team in state.scenario.teams for i, n in team.equipment if i == item)
    return demand


def _most_carried(state: PwinchState) -> int:
    return max((1 + len(p.items) for p in state.pieces.values() if not p.dummy), default=0)


def _cards_that_fit(ctx: DrawContext) -> int:
    fit = fit_deck(ctx)
    return sum(1 for title, text in zip(fit.titles, fit.texts, strict=True)
               if title.fits and text.fits)


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """Every capacity above, for a game of ``players`` players (2 or 3: the parts are the
    same)."""
    counts = printed_counts()
    hidden = min(n for name, n in counts.items() if name.startswith("hidden:"))
    smallest_hex = min(m.hex_flat_mm for m in load_data().maps.values())
    return [
        Capacity("character counters", counts["characters"], "counters"),
        Capacity("hidden markers per team", hidden, "markers"),
        Capacity("tray boxes", tray_boxes(), "boxes"),
        Capacity("counters in a tray box", box_holds(ctx), "counters"),
        *(Capacity(f"{item} counters", counts[f"item:{item}"], "counters")
          for item in item_ids()),
        Capacity("turn chart slots", turn_slots(), "turns"),
        Capacity("counter side in a hex", math.floor(largest_counter_in_hex_mm(smallest_hex)),
                 "mm"),
        Capacity("turn slot side", math.floor(slot_mm(ctx)), "mm"),
        Capacity("event cards that fit", _cards_that_fit(ctx), "cards"),
    ]


def _demands() -> dict[str, Callable[[PwinchState], int]]:
    counter_side = math.ceil(counter_mm())
    return {
        "character counters": lambda s: sum(1 for p in s.pieces.values() if not p.dummy),
        "hidden markers per team": _markers_per_team,
        "tray boxes": _markers_per_team,
        "counters in a tray box": _most_carried,
        **{f"{item} counters": _items_shared(item) for item in item_ids()},
        "turn chart slots": lambda s: s.turn,
        "counter side in a hex": lambda s: counter_side,
        "turn slot side": lambda s: counter_side,
        "event cards that fit": lambda s: len(s.data.deck.for_map(s.map.kind)),
    }


VALIDATION: Validation[PwinchState] = Validation(
    bot="tactical",
    capacities=capacities,
    demands=_demands(),
    variants=lambda: [(sid, {"scenario": sid}) for sid in scenario_ids()],
    scores=lambda s: [float(points) for points in s.scores],
    rounds=lambda s: s.turn,
)
"""How ``printkit validate pwinch-wars`` checks the parts against auto-played games, one
scenario at a time."""
