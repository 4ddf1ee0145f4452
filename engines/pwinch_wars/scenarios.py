"""The turn chart (``data/turns.toml``) and the scenarios (``data/scenarios/*.toml``), checked
against the roster, the equipment and the maps they name.

>>> chart = load_turns()
>>> chart.turns, chart.is_night(9), chart.is_bed(10), chart.label(1)
(12, True, False, '3:00 pm')
>>> s = load_scenario("pepin_street")
>>> s.map, s.players, s.turn_limit, s.teams[0].characters[0], s.teams[1].characters[0]
('city', 2, 12, 'jack', 'bud')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Final

from printkit.engines.core.data import parse_toml, read_int, read_table, read_text
from printkit.engines.pwinch_wars.equipment import BUILT_IN, Equipment, load_equipment
from printkit.engines.pwinch_wars.hexes import Hex, distance
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_names, data_text
from printkit.engines.pwinch_wars.maps import GameMap, load_map, map_ids
from printkit.engines.pwinch_wars.roster import Roster, load_roster

TRAY_BOXES: Final = 10
"""Numbered boxes on a team tray: characters plus dummies."""
SCENARIO_KEYS: Final = ("id", "title", "map", "players", "designed_for_printkit")
DESIGNED_KEYS: Final = ("text", "turn_limit", "teams", "victory", "choose")
TEAM_KEYS: Final = ("colour", "characters", "draft", "dummies", "setup", "equipment", "flag")
VICTORY_KEYS: Final = ("eliminated", "red_at_end", "hold", "hold_points", "flag",
                       "flag_ends_game")


class Choose(Enum):
    """How drafted teams get their characters (the seed's second and third ways; the first,
    fixed teams, is a team's ``characters``)."""

    DRAFT = "draft"
    """All characters aligned on the map, players pick them in turn, by strengths."""
    BOWL = "bowl"
    """All counters in a bowl, players draw one at random in turn."""


class TeamColour(Enum):
    """The three team trays."""

    LIGHT_BLUE = "light_blue"
    YELLOW = "yellow"
    PINK = "pink"


@dataclass(frozen=True, slots=True)
class TurnChart:
    turns: int
    night: frozenset[int]
    bed: frozenset[int]
    clock: tuple[str, ...]

    def is_night(self, turn: int) -> bool:
        return turn in self.night

    def is_bed(self, turn: int) -> bool:
        return turn in self.bed

    def label(self, turn: int) -> str:
        """The time printed in the slot of ``turn``."""
        return self.clock[turn - 1]


def parse_turns(data: dict[str, Any], source: str = "turns.toml") -> TurnChart:
    designed = read_table(data, "designed_for_printkit", source)
    merged = {**{k: v for k, v in data.items() if k != "designed_for_printkit"}, **designed}
    turns = read_int(merged, "turns", 1, 40, source)

    def slots(key: str) -> frozenset[int]:
        value = merged.get(key, [])
        if not isinstance(value, list) or not all(
                isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= turns
                for t in value):
            raise PwinchDataError(f"{source}: '{key}' must list turns from 1 to {turns}")
        return frozenset(value)

    clock = merged.get("clock")
    if not isinstance(clock, list) or len(clock) != turns or not all(
            isinstance(c, str) and c for c in clock):
        raise PwinchDataError(f"{source}: 'clock' must give {turns} labels, one per turn")
    night, bed = slots("night"), slots("bed")
    for key, found in (("night", night), ("bed", bed)):
        if found and found != frozenset(range(min(found), turns + 1)):
            raise PwinchDataError(f"{source}: '{key}' must run without a gap to the last turn "
                                  f"(once dark, it stays dark)")
    return TurnChart(turns, night, bed, tuple(clock))


@dataclass(frozen=True, slots=True)
class Zone:
    """A set-up zone: rows and columns counted from 1, both ends included."""

    rows: tuple[int, int]
    columns: tuple[int, int]

    def hexes(self, game_map: GameMap) -> tuple[Hex, ...]:
        return tuple(game_map.hex_at(r, c) for r in range(self.rows[0], self.rows[1] + 1)
                     for c in range(self.columns[0], self.columns[1] + 1))

    def flag_home(self, game_map: GameMap) -> Hex:
        """Where a team's flag starts (designed, reading E5): the hex of the zone nearest its
        centre where a counter may stop; ties go to the upper, then the left hex."""
        zone = [h for h in self.hexes(game_map) if game_map.terrain_at(h).may_stop]
        mid = game_map.hex_at((self.rows[0] + self.rows[1]) // 2,
                              (self.columns[0] + self.columns[1]) // 2)
        return min(zone, key=lambda h: (distance(h, mid), h.r, h.q))


@dataclass(frozen=True, slots=True)
class Team:
    colour: TeamColour
    characters: tuple[str, ...]
    """Fixed characters by id; empty when the team is drafted."""
    draft: int
    """How many characters the player picks (0 when they are fixed)."""
    dummies: int
    setup: Zone
    equipment: tuple[tuple[str, int], ...]
    flag: bool

    @property
    def size(self) -> int:
        return len(self.characters) or self.draft


@dataclass(frozen=True, slots=True)
class Victory:
    eliminated: int = 0
    red_at_end: int = 0
    hold: str | None = None
    hold_points: int = 0
    flag: int = 0
    flag_ends_game: bool = False


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    map: str
    players: int
    text: str
    turn_limit: int
    teams: tuple[Team, ...]
    victory: Victory
    choose: Choose = Choose.DRAFT
    """How the drafted teams are chosen (a game option may override it)."""


def _zone(raw: Any, source: str, where: str, game_map: GameMap) -> Zone:
    if not isinstance(raw, dict):
        raise PwinchDataError(f"{source}: '{where}setup' must be a table with rows and columns")
    bounds = {"rows": game_map.rows, "columns": game_map.columns}
    pairs = {}
    for key, top in bounds.items():
        value = raw.get(key)
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise PwinchDataError(f"{source}: '{where}setup.{key}' must be [first, last]")
        if not 1 <= value[0] <= value[1] <= top:
            raise PwinchDataError(f"{source}: '{where}setup.{key}' {value} is not inside the "
                                  f"{game_map.id} map (it has {top} {key}, counted from 1)")
        pairs[key] = (value[0], value[1])
    return Zone(pairs["rows"], pairs["columns"])


def _no_unknown(table: dict[str, Any], known: tuple[str, ...], source: str, where: str) -> None:
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise PwinchDataError(f"{source}: unknown key(s) {', '.join(where + k for k in unknown)} "
                              f"(known: {', '.join(known)})")


def parse_scenario(data: dict[str, Any], source: str, *, roster: Roster, equipment: Equipment,
                   maps: dict[str, GameMap], turns: TurnChart) -> Scenario:
    """Check and type one scenario against the data it names; each mistake names the file
    and the key."""
    _no_unknown(data, SCENARIO_KEYS, source, "")
    map_id = read_text(data, "map", source)
    if map_id not in maps:
        raise PwinchDataError(f"{source}: 'map' names an unknown map '{map_id}' (known: "
                              f"{', '.join(sorted(maps))})")
    game_map = maps[map_id]
    players = read_int(data, "players", 2, 3, source)
    designed = read_table(data, "designed_for_printkit", source)
    _no_unknown(designed, DESIGNED_KEYS, source, "designed_for_printkit.")
    turn_limit = read_int(designed, "turn_limit", 1, turns.turns, source,
                          "designed_for_printkit.")
    raw_teams = designed.get("teams")
    if not isinstance(raw_teams, list) or len(raw_teams) != players:
        raise PwinchDataError(f"{source}: 'designed_for_printkit.teams' must list {players} "
                              f"teams, one per player")
    teams: list[Team] = []
    used: dict[str, str] = {}
    zones: list[tuple[str, set[Hex]]] = []
    for n, raw in enumerate(raw_teams, start=1):
        where = f"teams[{n}]."
        if not isinstance(raw, dict):
            raise PwinchDataError(f"{source}: '{where[:-1]}' must be a table")
        _no_unknown(raw, TEAM_KEYS, source, where)
        colours = tuple(c.value for c in TeamColour)
        colour = raw.get("colour")
        if colour not in colours:
            raise PwinchDataError(f"{source}: '{where}colour' must be one of "
                                  f"{', '.join(colours)}, got {colour!r}")
        chars = raw.get("characters", [])
        if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
            raise PwinchDataError(f"{source}: '{where}characters' must list character ids")
        for c in chars:
            if c not in roster.ids:
                raise PwinchDataError(f"{source}: '{where}characters' names an unknown "
                                      f"character '{c}' (characters.csv has no such id)")
            if c in used:
                raise PwinchDataError(f"{source}: '{where}characters': '{c}' is already in "
                                      f"{used[c]}")
            used[c] = where[:-1]
        draft = read_int(raw, "draft", 1, TRAY_BOXES, source, where) if "draft" in raw else 0
        if bool(chars) == bool(draft):
            raise PwinchDataError(f"{source}: '{where[:-1]}' needs either 'characters' or "
                                  f"'draft', not both")
        size = len(chars) or draft
        dummies = read_int(raw, "dummies", 0, TRAY_BOXES, source, where)
        if size + dummies > TRAY_BOXES:
            raise PwinchDataError(f"{source}: '{where[:-1]}' has {size} characters and "
                                  f"{dummies} dummies; a team tray has {TRAY_BOXES} boxes")
        items = raw.get("equipment", {})
        if not isinstance(items, dict):
            raise PwinchDataError(f"{source}: '{where}equipment' must be a table item = count")
        for item in items:
            if item not in equipment.ids or item == BUILT_IN:
                raise PwinchDataError(f"{source}: '{where}equipment' names '{item}', which is "
                                      f"not an item with counters (equipment.csv)")
            read_int(items, item, 1, size, source, f"{where}equipment.")
        zone = _zone(raw.get("setup"), source, where, game_map)
        cells = set(zone.hexes(game_map))
        room = sum(1 for h in cells if game_map.terrain_at(h).may_stop)
        if room < size + dummies:
            raise PwinchDataError(f"{source}: '{where}setup' has {room} hexes to stand on, "
                                  f"for {size + dummies} counters")
        for other, other_cells in zones:
            if cells & other_cells:
                raise PwinchDataError(f"{source}: '{where}setup' overlaps the zone of {other}")
        zones.append((where[:-1], cells))
        flag = raw.get("flag", False)
        if not isinstance(flag, bool):
            raise PwinchDataError(f"{source}: '{where}flag' must be true or false")
        teams.append(Team(TeamColour(colour), tuple(chars), draft, dummies, zone,
                          tuple(sorted(items.items())), flag))
    if len({t.colour for t in teams}) != len(teams):
        raise PwinchDataError(f"{source}: two teams have the same colour")
    drafted = sum(t.draft for t in teams)
    free = len(roster.ids) - len(used)
    if drafted > free:
        raise PwinchDataError(f"{source}: the teams draft {drafted} characters, the roster "
                              f"has {free} left")
    for item in equipment.items:
        total = sum(dict(t.equipment).get(item.id, 0) for t in teams)
        if total > item.counters:
            raise PwinchDataError(f"{source}: the teams get {total} {item.id} counters, the "
                                  f"counter sheets print {item.counters}")
    victory = _victory(designed, source, game_map, teams)
    ways = tuple(c.value for c in Choose)
    choose = designed.get("choose", Choose.DRAFT.value)
    if choose not in ways:
        raise PwinchDataError(f"{source}: 'designed_for_printkit.choose' must be one of "
                              f"{', '.join(ways)}, got {choose!r}")
    if "choose" in designed and not drafted:
        raise PwinchDataError(f"{source}: 'designed_for_printkit.choose' needs a team with "
                              f"'draft' (fixed teams choose nothing)")
    return Scenario(id=read_text(data, "id", source), title=read_text(data, "title", source),
                    map=map_id, players=players,
                    text=read_text(designed, "text", source, "designed_for_printkit."),
                    turn_limit=turn_limit, teams=tuple(teams), victory=victory,
                    choose=Choose(choose))


def _victory(designed: dict[str, Any], source: str, game_map: GameMap,
             teams: list[Team]) -> Victory:
    raw = read_table(designed, "victory", source, "designed_for_printkit.")
    _no_unknown(raw, VICTORY_KEYS, source, "victory.")
    nums = {k: read_int(raw, k, 0, 50, source, "victory.") for k in
            ("eliminated", "red_at_end", "hold_points", "flag") if k in raw}
    hold = raw.get("hold")
    if hold is not None:
        if not isinstance(hold, str) or not game_map.hexes_of(hold):
            raise PwinchDataError(f"{source}: 'victory.hold' must be a terrain on the "
                                  f"{game_map.id} map, got {hold!r}")
        if not nums.get("hold_points"):
            raise PwinchDataError(f"{source}: 'victory.hold' needs 'hold_points'")
    if nums.get("flag") and not all(t.flag for t in teams):
        raise PwinchDataError(f"{source}: 'victory.flag' needs every team to set up a flag")
    ends = raw.get("flag_ends_game", False)
    if not isinstance(ends, bool):
        raise PwinchDataError(f"{source}: 'victory.flag_ends_game' must be true or false")
    if not any(nums.values()):
        raise PwinchDataError(f"{source}: 'victory' gives no points")
    return Victory(hold=hold, flag_ends_game=ends, **nums)


@cache
def load_turns() -> TurnChart:
    """The packaged turn chart."""
    return parse_turns(parse_toml(data_text("turns.toml"), "turns.toml"))


def scenario_ids() -> tuple[str, ...]:
    return data_names("scenarios", ".toml")


@cache
def load_scenario(scenario_id: str) -> Scenario:
    """A packaged scenario by id, checked against the packaged data."""
    source = f"{scenario_id}.toml"
    scenario = parse_scenario(
        parse_toml(data_text("scenarios", source), source), source,
        roster=load_roster(), equipment=load_equipment(),
        maps={m: load_map(m) for m in map_ids()}, turns=load_turns())
    if scenario.id != scenario_id:
        raise PwinchDataError(f"{source}: 'id' must be the file's name, '{scenario_id}'")
    return scenario
