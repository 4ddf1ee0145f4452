"""The Pwinch Wars turn engine: set-up, the seed's turn sequence, fire, moral, hiding, cards.

A game is one scenario (option ``scenario``, default ``forest_skirmish``; ``choose=draft|bowl``
for drafted teams). :class:`PwinchState` is built in layers, one concern per module, each
using only the ones below it:

- :mod:`.state`: the table (counters, hands, trays), hiding, copies and each player's view;
- :mod:`.checks`: fire and the checks (the sums of :mod:`.rules_fire`, the d10, upshots);
- :mod:`.victory`: flags, holding terrain, the final count;
- :mod:`.card_play`: the cards, drawn and played, and their reaction windows;
- :mod:`.set_up`: the draft or bowl, items, trays, placing;
- :mod:`.impulse`: a marker's impulse (where it may move: :mod:`.paths`);
- :mod:`.turns`: the protocol and the turn sequence, phase by phase (:mod:`.phases`).

Every applied step leaves what it caused in ``state.events`` (:mod:`.events`), for printers.
:func:`position` builds a mid-turn state from a list of counters (what a printed example
starts from).

>>> from printkit.engines.core import play
>>> played = play(PwinchWars(), ["random", "random"], seed=3)
>>> played.state.is_terminal(), len(played.state.result()["scores"])
(True, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from printkit.engines.core import BotFactory, Game, GameInfo
from printkit.engines.core.options import Option, Options
from printkit.engines.pwinch_wars.actions import (
    Action,
    Move,
    Place,
    action_from_json,
    action_schema,
    action_to_json,
    hex_from_code,
)
from printkit.engines.pwinch_wars.checks import DUMMY_SNEAK
from printkit.engines.pwinch_wars.data import GameData, load_data
from printkit.engines.pwinch_wars.hexes import Hex
from printkit.engines.pwinch_wars.maps import GameMap
from printkit.engines.pwinch_wars.paths import Graph, Region, paths_of, search
from printkit.engines.pwinch_wars.phases import Phase
from printkit.engines.pwinch_wars.rules_fire import odds_of
from printkit.engines.pwinch_wars.scenarios import Choose, Scenario, Zone
from printkit.engines.pwinch_wars.state import DUMMY_MOVE, HAND, Piece, Roll, Window
from printkit.engines.pwinch_wars.turns import Turns
from printkit.engines.pwinch_wars.victory import FLAG

DEFAULT_SCENARIO = "forest_skirmish"
_search = search
"""The path search's name before it moved to :mod:`.paths`."""


class PwinchState(Turns):
    """One moment of a game of Pwinch Wars."""

    def __init__(self, game: PwinchWars, scenario: Scenario) -> None:
        super().__init__(game, scenario)
        self._advance()


def position(scenario: str = DEFAULT_SCENARIO,
             pieces: Sequence[tuple[int, str | None, str, Sequence[str]]] = (),
             *, turn: int = 1, hidden: bool = False, actor: int = 0,
             hands: Sequence[Sequence[str]] = ()) -> PwinchState:
    """A state in the middle of a turn with the given counters, for tests and printed
    examples: ``(team, character id or None for a dummy, "RRCC", items)``; boxes are
    numbered in order per team. Nobody has played yet; ``actor`` plays first."""
    game = PwinchWars()
    s = PwinchState.__new__(PwinchState)
    PwinchState.__init__(s, game, game.data.scenarios[scenario])
    s.rolls.clear()
    s.window = None
    s.pieces, s.occupied, s._own = {}, {}, set()
    s.teams = [[] for _ in s.teams]
    boxes = [0] * s._num_players
    for team, cid, at, items in pieces:
        boxes[team] += 1
        char = game.data.roster.get(cid) if cid else None
        p = Piece(team, boxes[team], char)
        p.at = hex_from_code(at)
        p.hidden = hidden
        p.known = not hidden
        for i in items:
            p.items[i] = game.data.equipment.get(i).uses
        s.pieces[p.marker] = p
        s._own.add(p.marker)
        s.occupied[p.at] = p.marker
        if cid:
            s.teams[team].append(cid)
    s.hands = [list(h) for h in hands] + [[] for _ in range(s._num_players - len(hands))]
    s.pile = [c for c in s.pile if not any(c in h for h in s.hands)]
    s.turn = turn
    s.phase = Phase.IMPULSE
    s.order = [(actor + k) % s._num_players for k in range(s._num_players)]
    s.actor = actor
    s.active = None
    s.events = []
    s._token = object()
    return s


class PwinchWars(Game[PwinchState, Action]):
    """Pwinch Wars; option ``scenario`` picks one of ``data/scenarios`` (the number of
    players is the scenario's)."""

    info = GameInfo(
        name="pwinch-wars",
        title="Pwinch Wars",
        rules_version="1.0",
        min_players=2,
        max_players=3,
        default_players=2,
        seed_document="002_58e59fd19118fc45.txt",
        player_names=("Light blue", "Yellow", "Pink"),
        has_score=True,
        hidden_information=True,
        notes="Set-up, draft or bowl, the turn sequence, fire, moral, hiding, scouting, "
              "dummies, cards in reaction windows; data/notes.md (Engine) lists the readings.",
    )

    OPTIONS: ClassVar[tuple[str, ...]] = ("scenario", "choose")

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or load_data()

    @property
    def longest_range(self) -> int:
        """The longest weapon range (no target farther needs a line of sight drawn)."""
        return odds_of(self.data).longest_range

    def graph(self, game_map: GameMap) -> Graph:
        """The map as numbered hexes: each hex's neighbours with the cost to enter them (half
        points) and whether entering makes a moral check (1/0), and where a move may stop
        (:attr:`MapPaths.graph`: one value per map, shared by every game)."""
        return paths_of(game_map).graph

    def region(self, game_map: GameMap, start: int, budget: int,
               enemies: frozenset[int] = frozenset()) -> Region:
        """:meth:`MapPaths.region` of ``game_map``."""
        return paths_of(game_map).region(start, budget, enemies)

    def outlets_near(self, game_map: GameMap) -> dict[Hex, tuple[Hex, ...]]:
        """The water outlets on or next to each hex of ``game_map`` (where a hose is screwed
        on and water balls filled), for the hexes that have any."""
        return paths_of(game_map).outlets_near(self.data.chart.action("place_hose").terrain)

    def places(self, game_map: GameMap,
               zone: Zone) -> tuple[frozenset[Hex], dict[int, tuple[Place, ...]]]:
        """:meth:`MapPaths.places` of ``game_map``."""
        return paths_of(game_map).places(zone)

    def index_moves(self, game_map: GameMap) -> tuple[Move, ...]:
        """The :class:`Move` to each hex of ``game_map`` by its number in :meth:`graph`."""
        return paths_of(game_map).moves

    def new_initial_state(self, num_players: int | None = None,
                          options: Mapping[str, Any] | None = None) -> PwinchState:
        opts = self.declared_options().read(options)
        sid, choose = opts["scenario"], opts["choose"]
        scenario = self.data.scenarios[sid]
        if choose is not None:
            if not any(t.draft for t in scenario.teams):
                raise ValueError(f"the scenario {sid} has fixed teams: there is nothing to "
                                 f"choose")
            scenario = replace(scenario, choose=Choose(choose))
        n = scenario.players if num_players is None else num_players
        if n != scenario.players:
            raise ValueError(f"the scenario {sid} is for {scenario.players} players, not {n}")
        return PwinchState(self, scenario)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def outcome_to_json(self, outcome: Any) -> Any:
        return list(outcome) if isinstance(outcome, tuple) else outcome

    def outcome_from_json(self, data: Any) -> Any:
        if isinstance(data, str):
            return data
        if not isinstance(data, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in data):
            raise ValueError("a roll is a list of d10 faces, e.g. [5], or a drawn card's id")
        return tuple(data)

    def action_schema(self) -> dict[str, Any]:
        return action_schema()

    def outcome_schema(self) -> dict[str, Any]:
        return {"oneOf": [
            {"type": "array", "minItems": 1, "maxItems": 3,
             "items": {"type": "integer", "minimum": 1, "maximum": 10},
             "description": "d10 faces: one check, or one die per player for initiative"},
            {"type": "string", "description": "the id of a card drawn, or of a character "
                                              "drawn from the bowl"}]}

    def result_schema(self) -> dict[str, Any]:
        scores = {"type": "array", "minItems": 2, "maxItems": 3,
                  "items": {"type": "integer", "minimum": 0}}
        return {"type": "object", "additionalProperties": False, "properties": {
            "winner": {"enum": [0, 1, 2, None]}, "scores": scores, "eliminated": scores,
            "turns": {"type": "integer", "minimum": 0},
            "end": {"enum": ["turn limit", "one team left", "flag"]}}}

    def declared_options(self) -> Options:
        scenarios = sorted(self.data.scenarios)
        ways = [c.value for c in Choose]
        return Options(
            Option("scenario", {"enum": scenarios}, default=DEFAULT_SCENARIO, in_header=True,
                   check=lambda v: isinstance(v, str) and v in self.data.scenarios,
                   error=lambda v: f"option scenario must be one of {', '.join(scenarios)}, "
                                   f"got {_shown(v)}"),
            Option("choose", {"enum": ways},
                   "how drafted teams get their characters (the scenario's way when absent)",
                   check=lambda v: v is None or (isinstance(v, str) and v in ways),
                   error=lambda v: f"option choose must be one of {', '.join(ways)}, got "
                                   f"{_shown(v)}"),
        )

    def bots(self) -> Mapping[str, BotFactory[PwinchState, Action]]:
        from printkit.engines.pwinch_wars.bots import BOTS

        return BOTS


def _shown(value: Any) -> str:
    """``value`` as a message quotes it, cut at 60 characters."""
    return repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "…"


__all__ = ["DEFAULT_SCENARIO", "DUMMY_MOVE", "DUMMY_SNEAK", "FLAG", "HAND", "Piece",
           "PwinchState", "PwinchWars", "Roll", "Window", "position"]
