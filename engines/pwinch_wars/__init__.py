"""Pwinch Wars: a hex-map skirmish game for 2-3 players, kids' water and fruit fights.

This part holds the game's data (roster, equipment, terrain chart, event cards, maps, turn
chart, scenarios: all under ``data/``, each loaded into frozen dataclasses and checked), the
hex geometry with the seed's line of sight (:mod:`.hexes`), the pure rule functions (fire,
moral and sneak skills: :mod:`.rules_fire`), the decisions (:mod:`.actions`), the turn engine
(:mod:`.game`, built in layers: :mod:`.state`, :mod:`.checks`, :mod:`.victory`,
:mod:`.card_play`, :mod:`.set_up`, :mod:`.impulse`, :mod:`.turns`, with its vocabulary in
:mod:`.phases`, its events in :mod:`.events` and its path finding in :mod:`.paths`) and its
bots (:mod:`.bots`: ``random``, ``tactical``). ``data/notes.md`` records every reading of the
seed (its last section, "Engine", those of the turn engine).

>>> data = load_data()
>>> forest = data.maps["forest"]
>>> line_of_sight(forest, forest.hex_at(1, 1), forest.hex_at(1, 2))
True
"""

from printkit.engines.pwinch_wars.actions import (
    Activate,
    Draw,
    End,
    Equip,
    Fire,
    Marker,
    Move,
    NoDraw,
    Pass,
    Pick,
    Place,
    PlayCard,
    Scout,
    Special,
    Tray,
    hex_code,
    hex_from_code,
)
from printkit.engines.pwinch_wars.cards import Card, Colour, Deck, Effect, Target, When, load_deck
from printkit.engines.pwinch_wars.data import GameData, load_data
from printkit.engines.pwinch_wars.equipment import (
    Equipment,
    Item,
    ItemKind,
    check_loadout,
    load_equipment,
)
from printkit.engines.pwinch_wars.game import Piece, PwinchState, PwinchWars, position
from printkit.engines.pwinch_wars.hexes import (
    DIRECTIONS,
    LAYOUT_NAME,
    Hex,
    Layout,
    SightGrid,
    SightPattern,
    distance,
    hex_to_offset,
    label,
    line,
    line_of_sight,
    neighbours,
    offset_to_hex,
    ring,
    sight_pattern,
    within,
)
from printkit.engines.pwinch_wars.loading import PwinchDataError
from printkit.engines.pwinch_wars.maps import GameMap, load_map, map_ids, parse_map
from printkit.engines.pwinch_wars.roster import Character, Roster, Side, load_roster, rating
from printkit.engines.pwinch_wars.rules_fire import (
    Modified,
    Term,
    chance_of,
    fire_skill,
    moral_skill,
    sneak_skill,
    succeeds,
)
from printkit.engines.pwinch_wars.scenarios import (
    Choose,
    Scenario,
    Team,
    TeamColour,
    TurnChart,
    Victory,
    Zone,
    load_scenario,
    load_turns,
    scenario_ids,
)
from printkit.engines.pwinch_wars.terrain import Ability, Action, Chart, Terrain, load_chart

__all__ = [
    "Activate",
    "Draw",
    "End",
    "Equip",
    "Fire",
    "Marker",
    "Modified",
    "Move",
    "NoDraw",
    "Pass",
    "Pick",
    "Piece",
    "Place",
    "PlayCard",
    "PwinchState",
    "PwinchWars",
    "Scout",
    "Special",
    "Term",
    "Tray",
    "chance_of",
    "fire_skill",
    "hex_code",
    "hex_from_code",
    "moral_skill",
    "position",
    "sneak_skill",
    "succeeds",
    "DIRECTIONS",
    "LAYOUT_NAME",
    "Ability",
    "Action",
    "Card",
    "Character",
    "Chart",
    "Choose",
    "Colour",
    "Deck",
    "Effect",
    "Equipment",
    "GameData",
    "GameMap",
    "Hex",
    "Item",
    "ItemKind",
    "Layout",
    "PwinchDataError",
    "Roster",
    "Scenario",
    "Side",
    "SightGrid",
    "SightPattern",
    "Target",
    "Team",
    "TeamColour",
    "Terrain",
    "TurnChart",
    "Victory",
    "When",
    "Zone",
    "check_loadout",
    "distance",
    "hex_to_offset",
    "label",
    "line",
    "line_of_sight",
    "load_chart",
    "load_data",
    "load_deck",
    "load_equipment",
    "load_map",
    "load_roster",
    "load_scenario",
    "load_turns",
    "map_ids",
    "neighbours",
    "offset_to_hex",
    "parse_map",
    "rating",
    "ring",
    "scenario_ids",
    "sight_pattern",
    "within",
]
