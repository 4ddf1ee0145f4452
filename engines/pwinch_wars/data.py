"""All of Pwinch Wars' data in one checked bundle: what the turn engine and the printer load.

:func:`load_data` reads every packaged file and checks them against each other (equipment
refills name chart actions that exist, refill cards name real items, scenarios name real
maps, characters and items, every map holds its required terrain), so one call tells an
editor whether the whole game still fits together.

>>> data = load_data()
>>> len(data.roster.characters), len(data.deck.cards), sorted(data.maps), len(data.scenarios)
(24, 27, ['city', 'forest'], 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from printkit.engines.pwinch_wars.cards import Deck, Effect, load_deck
from printkit.engines.pwinch_wars.equipment import Equipment, load_equipment
from printkit.engines.pwinch_wars.loading import PwinchDataError
from printkit.engines.pwinch_wars.maps import GameMap, load_map, map_ids
from printkit.engines.pwinch_wars.roster import Roster, load_roster
from printkit.engines.pwinch_wars.scenarios import (
    Scenario,
    TurnChart,
    load_scenario,
    load_turns,
    scenario_ids,
)
from printkit.engines.pwinch_wars.terrain import Chart, load_chart


@dataclass(frozen=True, slots=True)
class GameData:
    chart: Chart
    roster: Roster
    equipment: Equipment
    deck: Deck
    turns: TurnChart
    maps: dict[str, GameMap]
    scenarios: dict[str, Scenario]


def cross_check(chart: Chart, equipment: Equipment, deck: Deck) -> None:
    """The checks that span files other than the scenarios' (those check themselves)."""
    actions = {a.id: a for a in chart.actions}
    for item in equipment.items:
        for key in ("refill", "setup"):
            name = getattr(item, key)
            if name is not None and name not in actions:
                raise PwinchDataError(f"equipment.csv ({item.id}): '{key}' names an unknown "
                                      f"action '{name}'")
        if item.refill is not None and actions[item.refill].refills != item.id:
            raise PwinchDataError(f"equipment.csv ({item.id}): refilled by '{item.refill}', "
                                  f"but terrain.toml's action refills "
                                  f"'{actions[item.refill].refills}'")
    for action in chart.actions:
        for key in ("refills", "needs"):
            name = getattr(action, key)
            if name is not None and name not in equipment.ids:
                raise PwinchDataError(f"terrain.toml: 'actions.{action.id}.{key}' names an "
                                      f"unknown item '{name}'")
    for card in deck.cards:
        if card.effect is Effect.REFILL and card.item not in equipment.ids:
            raise PwinchDataError(f"events.csv ({card.id}): 'item' names an unknown item "
                                  f"'{card.item}'")


@cache
def load_data() -> GameData:
    """Every packaged data file, loaded and cross-checked."""
    chart, equipment, deck = load_chart(), load_equipment(), load_deck()
    cross_check(chart, equipment, deck)
    return GameData(chart=chart, roster=load_roster(), equipment=equipment, deck=deck,
                    turns=load_turns(), maps={m: load_map(m) for m in map_ids()},
                    scenarios={s: load_scenario(s) for s in scenario_ids()})
