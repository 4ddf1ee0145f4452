"""The Pwinch Wars turn engine: set-up, the seed's turn sequence, fire, moral, hiding, cards.

A game is one scenario (option ``scenario``, default ``forest_skirmish``). Set-up: a roll for
the first draft pick, the draft (players alternate) or the bowl (each draws a character at
random in turn: the scenario's ``choose``, or the option ``choose=draft|bowl``), equipment
counters handed out, characters
put in tray boxes, hidden markers placed (players alternate, one marker each). Then each turn
follows the seed: (1) bedtime checks on "bed" turns, then fighting checks; (2) initiative,
1d10 each (+1 for a player whose fire eliminated an enemy last turn; tied players re-roll
among themselves until untied, the re-roll only orders them); (3-6) players alternate in
initiative order, each playing one unplayed marker: move and special actions within its
movement points, fire, then end the impulse hiding (a sneak check if any enemy character can
see it) or staying seen; (7) counters turned back; (8) each player may draw one card
(discarding first with 3 in hand); (9) the turn marker moves on. ``data/notes.md`` ("Engine")
records every reading of the seed.

Rolls are chance nodes: one d10 (``[5]``), the initiative dice (``[7, 3]``), a drawn card
(``"steady_aim"``) or a character drawn from the bowl (``"milo"``). Before a roll that a card
could change, the players holding such a card are asked in turn (a
:class:`~printkit.engines.core.game.ReactionWindow`): play one card or pass. Cards that change
no roll are played in your own impulse, and in the other players' impulses in two windows:
when a marker is activated and once its impulse is over.

Every applied step leaves what it caused in ``state.events`` (JSON-able dicts, markers as
``[team, box]``, hexes as ``"RRCC"``), for printers: ``pick``, ``equip``, ``place``,
``flag``, ``turn`` (turn, night, bed), ``first``/``initiative``/``tiebreak`` (players,
dice), ``order``, ``activate``, ``move`` (path, halves), ``special``, ``scout``, ``fire``
(weapon, target, the modified skill with every term), ``fire roll``/``moral roll``/``sneak
roll`` (roll, skill with every term and card, success, cause), ``red``, ``eliminated``
(cause, credit), ``revealed``/``hidden`` (why), ``dummy`` (turned over), ``card``, ``draw``,
``hold``, ``flag taken``/``flag dropped``/``flag returned``/``flag captured``, ``end``
(hide), ``game over``. :func:`position` builds a mid-turn state from a list of counters
(what a printed example starts from).

>>> from printkit.engines.core import play
>>> played = play(PwinchWars(), ["random", "random"], seed=3)
>>> played.state.is_terminal(), len(played.state.result()["scores"])
(True, 2)
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from printkit.engines.core import (
    CHANCE,
    TERMINAL,
    BotFactory,
    Choice,
    DiceRoll,
    Game,
    GameInfo,
    IllegalActionError,
    State,
)
from printkit.engines.core.game import ReactionWindow
from printkit.engines.pwinch_wars.actions import (
    ACTION_TYPES,
    Action,
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
    action_from_json,
    action_schema,
    action_to_json,
    hex_code,
)
from printkit.engines.pwinch_wars.cards import Card, Colour, Effect, Target, When
from printkit.engines.pwinch_wars.data import GameData, load_data
from printkit.engines.pwinch_wars.equipment import BUILT_IN, Item
from printkit.engines.pwinch_wars.hexes import Hex, distance, hex_to_offset, neighbours
from printkit.engines.pwinch_wars.maps import GameMap
from printkit.engines.pwinch_wars.roster import Character, Side
from printkit.engines.pwinch_wars.rules_fire import (
    Modified,
    fire_skill,
    moral_skill,
    sneak_skill,
    succeeds,
)
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, Choose, Scenario, Zone
from printkit.engines.pwinch_wars.terrain import Ability

FLAG = "flag"
"""The item name of a flag in ``Special("pick_up_item", "flag")``."""
DUMMY_MOVE = 4
"""A dummy's movement points (designed: the roster's most common value, so it gives nothing
away)."""
DUMMY_SNEAK = 6
"""The sneak skill a dummy's owner rolls against (designed): a dummy makes the same checks
a character would, so the rolls give nothing away; a failed check turns it over."""
HAND = 3
DEFAULT_SCENARIO = "forest_skirmish"
SETUP_PHASES = frozenset({"first", "draft", "bowl", "equip", "tray", "place"})
"""Phases in which the teams, trays, equipment and counters to place still change."""
REGIONS_KEPT = 4_000
"""How many path searches a game object keeps for reuse (some 10-20 kB each; all are
dropped when there are more, and made again as needed)."""
WITHOUT_KEPT = 8
"""How many sets of friendly counters a kept search remembers its stops without."""
ODDS_KEPT = 100_000
"""How many fire and moral sums a game object keeps."""
SAFETY_STEPS = 20_000
"""Impulses are bounded by movement points; this only guards against an engine bug."""


class Piece:
    """One counter on a team tray / the map: a character or a dummy."""

    __slots__ = ("team", "box", "char", "dummy", "at", "hidden", "side", "items", "hose_at",
                 "played", "out", "known", "spent", "moved", "scouted", "fired",
                 "entry_checked", "move_bonus", "reddened_by", "unknown", "blank")

    def __init__(self, team: int, box: int, char: Character | None) -> None:
        self.team, self.box, self.char = team, box, char
        self.dummy = char is None
        self.at: Hex | None = None
        self.hidden = True
        self.side = Side.BLUE
        self.items: dict[str, int] = {}
        """Item id -> uses left (0 for unlimited items); a used-up counter is removed."""
        self.hose_at: Hex | None = None
        self.played = False
        self.out = False
        self.known = False
        """The identity was seen by the other players (revealed at least once)."""
        self.spent = 0
        """Half movement points spent this impulse."""
        self.moved = False
        self.scouted = False
        self.fired = False
        self.entry_checked = False
        self.move_bonus = 0
        self.reddened_by: int | None = None
        self.unknown = False
        """In a view: an enemy marker whose identity this player does not know."""
        self.blank: Piece | None = None
        """This piece as an enemy who does not know it sees it (views cache it here once the
        piece is shared, i.e. never changed again in place)."""

    @property
    def marker(self) -> Marker:
        return Marker(self.team, self.box)

    @property
    def on_map(self) -> bool:
        return self.at is not None and not self.out

    @property
    def name(self) -> str:
        if self.unknown:
            return f"marker {self.box}"
        return self.char.name if self.char is not None else f"dummy {self.box}"

    @property
    def move_points(self) -> int:
        base = DUMMY_MOVE if self.char is None else self.char.move
        return max(0, base + self.move_bonus)

    def copy(self) -> Piece:
        p = object.__new__(Piece)
        p.team, p.box, p.char, p.dummy, p.at = self.team, self.box, self.char, self.dummy, self.at
        p.hidden, p.side, p.items, p.hose_at = self.hidden, self.side, dict(self.items), \
            self.hose_at
        p.played, p.out, p.known, p.spent, p.moved = (self.played, self.out, self.known,
                                                      self.spent, self.moved)
        p.scouted, p.fired, p.entry_checked = self.scouted, self.fired, self.entry_checked
        p.move_bonus, p.reddened_by, p.unknown = self.move_bonus, self.reddened_by, self.unknown
        p.blank = None
        return p

    def __repr__(self) -> str:
        return (f"Piece({self.team}:{self.box} {self.name} at "
                f"{hex_code(self.at) if self.at else '-'}{' hidden' if self.hidden else ''}"
                f"{' out' if self.out else ''})")


@dataclass
class Roll:
    """A pending d10 (or the initiative dice, or a card draw) and what it decides."""

    kind: str
    """first, initiative, tiebreak, fire, moral, sneak, draw, bowl."""
    subject: Marker | None = None
    skill: Modified | None = None
    player: int | None = None
    shooter: Marker | None = None
    weapon: str | None = None
    credit: int | None = None
    """The player an elimination (or a red counter) counts for; None: nobody."""
    by_fire: bool = False
    crossfire: bool = False
    scouting: bool = False
    cause: str = ""
    players: tuple[int, ...] = ()
    cards: list[tuple[str, int]] = field(default_factory=list)
    window_done: bool = False

    def copy(self) -> Roll:
        r = object.__new__(Roll)
        r.__dict__.update(self.__dict__)
        r.cards = list(self.cards)
        return r


@dataclass
class Window:
    """An open reaction window: who is still to be asked, about which roll or moment."""

    trigger: str
    subject: Marker | None
    asked: list[int]
    effect: Effect | None
    """The modifier cards the window is for; None in a window for any-time cards only."""
    any_time: tuple[int, ...] = ()
    """The players who may also play here a card that changes no roll (reveal, forced moral
    check, rally, refill) on any valid target."""


class PwinchState(State[Action]):
    """One moment of a game of Pwinch Wars."""

    game: PwinchWars

    def __init__(self, game: PwinchWars, scenario: Scenario) -> None:
        self.game = game
        data = game.data
        self.data = data
        self.scenario = scenario
        self.map: GameMap = data.maps[scenario.map]
        self._num_players = scenario.players
        self.phase = "first"
        self.turn = 0
        self.over = False
        self.end_reason = ""
        self.pieces: dict[Marker, Piece] = {}
        self._own: set[Marker] = set()
        """Pieces this state may change in place; the others are shared with a clone."""
        self.occupied: dict[Hex, Marker] = {}
        self.ground: dict[Hex, list[tuple[str, int]]] = {}
        self.teams: list[list[str]] = [list(t.characters) for t in scenario.teams]
        self.pool: list[list[str]] = [[i for i, n in t.equipment for _ in range(n)]
                                      for t in scenario.teams]
        self.equipment: list[dict[str, list[str]]] = [{} for _ in scenario.teams]
        self.trays: list[dict[str, int]] = [{} for _ in scenario.teams]
        self.dummies_left = [t.dummies for t in scenario.teams]
        self.to_place: list[int] = [t.size + t.dummies for t in scenario.teams]
        self.hands: list[list[str]] = [[] for _ in scenario.teams]
        self.pile: list[str] = sorted(c.id for c in data.deck.for_map(self.map.kind))
        self.discards: list[str] = []
        self.scores = [0] * self._num_players
        self.eliminated = [0] * self._num_players
        self.first = 0
        self.seat = 0
        self.order: list[int] = list(range(self._num_players))
        self.initiative: list[tuple[int, ...]] = [() for _ in range(self._num_players)]
        self.fire_kills = [False] * self._num_players
        self.momentum = [False] * self._num_players
        self.init_cards = [0] * self._num_players
        self.actor = 0
        self.active: Marker | None = None
        self.walkie: dict[Marker, set[Marker]] = {}
        self.rolls: list[Roll] = []
        self.window: Window | None = None
        self.closing: Marker | None = None
        """The marker whose impulse just ended: the "impulse end" window is still due."""
        self.drawers: list[int] = []
        self.flag_won = False
        self.flag_home: dict[int, Hex] = {}
        self.flag_at: dict[int, Hex] = {}
        """Flags lying on the map, by owning team."""
        self.flag_carrier: dict[int, Marker] = {}
        """Flags carried, by owning team: the carrier."""
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self._memo: list[Any] = [None, None, None]
        self._token = object()
        self._order_memo: tuple[Marker, ...] = ()
        """The markers sorted (the pieces never change once placed, only their state)."""
        self._reach: list[Reach | None] = [None]
        self._targets: list[Any] = [None, {}]
        """:meth:`targets` worked out for this state (token, marker -> targets)."""
        """The last :meth:`reach` worked out; the list is shared with clones and views."""
        self._advance()

    # -- protocol ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.window is not None:
            return self.window.asked[0]
        if self.rolls:
            return CHANCE
        if self.phase in ("draft",):
            return self.seat
        if self.phase in ("equip", "tray", "place"):
            return self.seat
        if self.phase == "impulse":
            return self.actor
        if self.phase == "draw":
            return self.drawers[0]
        raise AssertionError(f"no decision in phase {self.phase}")  # pragma: no cover

    def reaction_window(self) -> ReactionWindow | None:
        w = self.window
        if w is None:
            return None
        return ReactionWindow(w.trigger, tuple(w.asked))

    def chance_outcomes(self) -> DiceRoll | Choice:
        roll = self.rolls[0]
        if roll.kind in ("first", "initiative", "tiebreak"):
            return DiceRoll((10,) * len(roll.players))
        if roll.kind == "draw":
            return Choice(tuple(self.pile))
        if roll.kind == "bowl":
            return Choice(tuple(self.in_bowl()))
        return DiceRoll((10,))

    def in_bowl(self) -> list[str]:
        """The characters nobody has yet (in the bowl, or aligned for the draft)."""
        taken = {c for t in self.teams for c in t}
        return [c for c in self.data.roster.ids if c not in taken]

    def legal_actions(self) -> list[Action]:
        """Every decision open now; listed once per state (a view shares the list)."""
        if self.over or (self.rolls and self.window is None):
            return []
        memo = self._memo
        if memo[0] is not self._token:
            memo[0], memo[1], memo[2] = self._token, self._legal(), None
        return list(memo[1])

    def check_legal(self, action: Any) -> None:
        """As the core's, with the legal actions looked up in a set (a turn lists many)."""
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(f"{action!r} is not a Pwinch Wars action")
        player = self.current_player()
        if player in (CHANCE, TERMINAL):
            super().check_legal(action)
            return
        if type(action) is Place and self.phase == "place" and self.window is None:
            # hundreds of places: the rule itself rather than a set of them
            zone = self.scenario.teams[player].setup
            legal = (action.at not in self.occupied and 1 <= action.box <= TRAY_BOXES
                     and action.at in self.game.places(self.map, zone)[0]
                     and action.box not in {q.box for q in self.team_pieces(player)}
                     and (action.box in self.trays[player].values()
                          or self.dummies_left[player] > 0))
            if not legal:
                raise IllegalActionError(self.explain_illegal(action))
            return
        if (type(action) is Move and self.window is None and self.phase == "impulse"
                and self.active is not None):
            # the moves of a turn are many: looked up in the search, not in a set of them
            p = self.pieces[self.active]
            j = self.game.graph(self.map)[1].get(action.to)
            if (not p.fired and j is not None and action.to not in self.occupied
                    and self.reach(p).reaches(j) and self.game.graph(self.map)[3][j]):
                return
            raise IllegalActionError(self.explain_illegal(action))
        self.legal_actions()
        memo = self._memo
        if memo[2] is None:  # the moves (listed first) were checked above
            skip = 0
            if self.window is None and self.phase == "impulse" and self.active is not None:
                p = self.pieces[self.active]
                skip = 0 if p.fired else len(self.reach(p).moves)
            memo[2] = frozenset(memo[1][skip:])
        if action not in memo[2]:
            raise IllegalActionError(self.explain_illegal(action))

    def explain_illegal(self, action: Any) -> str:  # noqa: C901 - one sentence per rule
        w = self.window
        if w is not None:
            kinds = [k for k in (w.effect.value if w.effect is not None else "",
                                 "any-time" if w.asked[0] in w.any_time else "") if k]
            return (f"a reaction window is open ({w.trigger}, {self._label(w.subject)}): "
                    f"play one {' or '.join(kinds)} card you hold on a valid target, or pass")
        phase = self.phase
        if phase == "draft":
            return "draft: pick one character nobody has picked yet"
        if phase == "equip":
            return ("equipment: give the next item counter to a character of yours who has "
                    "no item of that kind (one of each kind)")
        if phase == "tray":
            return "team tray: put the character in an empty numbered box (1-10)"
        if phase == "place":
            return ("set-up: place a marker of an unplaced box on a free hex of your set-up "
                    "zone where a counter may stop")
        if phase == "draw":
            return ("end of turn: draw one card (discarding one of yours first with 3 in hand)"
                    " or keep your hand")
        piece = self.pieces.get(self.active) if self.active else None
        if piece is None:
            return "impulse: activate one of your markers that has not played this turn"
        if isinstance(action, Move):
            return (f"movement: {piece.name} cannot reach {hex_code(action.to)} with "
                    f"{self._left(piece) / 2:g} movement points left (terrain costs, no "
                    f"stopping on the boulevard, no hex with another counter, the hose's "
                    f"leash, and no moving after firing)")
        if isinstance(action, Fire):
            return ("fire: the target must be a revealed enemy in line of sight and in the "
                    "weapon's range; one shot per impulse; a fighting character cannot fire")
        if isinstance(action, Special):
            cost = self.data.chart.action(action.action).cost if action.action in {
                a.id for a in self.data.chart.actions} else 0
            return (f"special action {action.action}: needs {cost} movement points (a task is "
                    f"never split over two turns), the right hex, and the item rules "
                    f"({self._left(piece) / 2:g} points left)")
        if isinstance(action, Scout):
            return ("scouting: 2 movement points, next to a hidden enemy marker, before "
                    "firing")
        if isinstance(action, PlayCard):
            return ("cards: play a card from your hand on a valid target (modifier cards are "
                    "played in the window of the roll they change)")
        return f"{action!r} is not a legal action now"

    def _apply_action(self, action: Action) -> None:
        self.events = []
        self.steps += 1
        if self.window is not None:
            self._react(action)
        elif self.phase == "draft":
            self._pick(action)
        elif self.phase == "equip":
            self._equip(action)
        elif self.phase == "tray":
            self._tray(action)
        elif self.phase == "place":
            self._place(action)
        elif self.phase == "impulse":
            self._impulse(action)
        elif self.phase == "draw":
            self._draw(action)
        self._advance()
        self._token = object()  # what was worked out on the way is stale now

    def _apply_outcome(self, outcome: Any) -> None:
        self._token = object()
        self.events = []
        self.steps += 1
        roll = self.rolls.pop(0)
        self._resolve(roll, outcome)
        self._advance()
        self._token = object()

    def returns(self) -> list[float]:
        n = self._num_players
        if not self.over:
            return [0.0] * n
        top = max(self.scores)
        best = [p for p in range(n) if self.scores[p] == top]
        return [1.0 / len(best) if p in best else 0.0 for p in range(n)]

    def result(self) -> dict[str, Any]:
        top = max(self.scores)
        best = [p for p in range(self._num_players) if self.scores[p] == top]
        return {"winner": best[0] if len(best) == 1 else None, "scores": list(self.scores),
                "eliminated": list(self.eliminated), "turns": self.turn,
                "end": self.end_reason}

    # -- reading the table ------------------------------------------------------------------

    def _label(self, m: Marker | None) -> str:
        if m is None:
            return "nobody"
        p = self.pieces[m]
        return f"{p.name} ({m.team}/{m.box})"

    def _mut(self, m: Marker) -> Piece:
        """The piece of ``m``, for changing: copied first if a clone shares it."""
        p = self.pieces[m]
        if m not in self._own:
            p = p.copy()
            self.pieces[m] = p
            self._own.add(m)
        return p

    def team_pieces(self, team: int) -> list[Piece]:
        return [p for p in self.pieces.values() if p.team == team]

    def live_teams(self) -> list[int]:
        """Teams with a character (not a dummy) still on the map (in a view, an unknown
        marker may be one)."""
        return sorted({p.team for p in self.pieces.values() if p.on_map and not p.dummy})

    def _in_order(self) -> list[Piece]:
        """Every piece, team by team and box by box."""
        order = self._order_memo
        if len(order) != len(self.pieces):
            order = self._order_memo = tuple(sorted(self.pieces))
        pieces = self.pieces
        return [pieces[m] for m in order]

    def _one_team_left(self) -> bool:
        """``len(self.live_teams()) <= 1``, stopping at the second team found."""
        first = -1
        for p in self.pieces.values():
            if p.at is not None and not p.out and not p.dummy:
                if first < 0:
                    first = p.team
                elif p.team != first:
                    return False
        return True

    def _left(self, p: Piece) -> int:
        return 2 * p.move_points - p.spent

    def night(self) -> bool:
        return self.data.turns.is_night(self.turn)

    def items_of(self, p: Piece) -> list[Item]:
        eq = self.data.equipment
        return [eq.get(i) for i in sorted(p.items)]

    def seen_by_enemy(self, p: Piece, at: Hex | None = None) -> bool:
        """Whether an enemy character (hidden or not; dummies see nothing) has a line of
        sight to ``p`` (at ``at``)."""
        h = at if at is not None else p.at
        assert h is not None
        los = self.map.line_of_sight
        for q in self.pieces.values():
            if q.team != p.team and q.on_map and not q.dummy and q.at is not None:
                if q.at == h or los(q.at, h):
                    return True
        return False

    def engaged(self, p: Piece) -> bool:
        """A fighter within reach of an opposing fighter fights and may only move."""
        if p.char is None or not p.char.has(Ability.FIGHTING) or not p.on_map:
            return False
        reach = self.data.chart.abilities.fighting_reach
        assert p.at is not None
        for q in self.pieces.values():
            if (q.team != p.team and q.on_map and q.char is not None
                    and q.char.has(Ability.FIGHTING) and q.at is not None
                    and distance(p.at, q.at) <= reach):
                return True
        return False

    def reachable(self, p: Piece) -> dict[Hex, tuple[int, int]]:
        """Hexes ``p`` may end a move on now: hex -> (half points, river/property hexes
        entered on the way); :meth:`path_to` gives the path.

        Cheapest path first, then the one entering fewest river/property hexes. A path may
        cross the boulevard and friendly counters, never an enemy counter; the hose's user
        stays within its leash."""
        r = self.reach(p)
        if r.out is None:
            hexes = self.game.graph(self.map)[0]
            r.out = {hexes[j]: (k >> 4, k & 15) for j, k in r.table}
        return dict(r.out)

    def reach(self, p: Piece) -> Reach:
        """What :meth:`reachable` answers, by hex number (of :meth:`PwinchWars.graph`), with
        the :class:`Move` to each hex: worked out once per state and piece (views share the
        answer: it depends on public facts only), and most often read from the empty map's
        :class:`Region`."""
        assert p.at is not None
        found = self._reach[0]
        if found is not None and found.token is self._token and found.marker == p.marker:
            return found
        budget = self._left(p)
        hexes, index, adj, stop = self.game.graph(self.map)
        start = index[p.at]
        region = self.game.region(self.map, start, budget)
        inside = region.prev
        enemies = []
        taken = []
        for h, m in self.occupied.items():
            j = index[h]
            if j in inside:
                if m.team != p.team:
                    enemies.append(j)
                else:
                    taken.append(j)
        if p.hose_at is None:
            # the search around the enemy counters on the empty map's paths (counters
            # elsewhere change nothing): this one, step for step; the friendly counters'
            # hexes, passable, are only left out of the stops
            if enemies:
                region = self.game.region(self.map, start, budget, frozenset(enemies))
            table, moves = region.without(frozenset(taken)) if taken else (region.table,
                                                                             region.moves)
            r = Reach(self._token, p.marker, start, region.prev, table, moves)
            self._reach[0] = r
            return r
        # the hose's user: the leash too (rare, not kept)
        forbidden = set()
        occupied = set()
        for h, m in self.occupied.items():
            occupied.add(index[h])
            if m.team != p.team:
                forbidden.add(index[h])
        leash = self.data.equipment.get("hose").tether
        hose = p.hose_at
        forbidden.update(i for i, h in enumerate(hexes) if distance(h, hose) > leash)
        best, prev = _search(adj, start, budget, forbidden)
        plain = [(j, best[j]) for j in prev if stop[j] and j not in occupied]
        by_index = self.game.index_moves(self.map)
        r = Reach(self._token, p.marker, start, prev, plain, [by_index[j] for j, _ in plain])
        self._reach[0] = r
        return r

    def path_to(self, p: Piece, h: Hex) -> tuple[Hex, ...]:
        """The path :meth:`reachable` found to ``h`` (both ends included)."""
        r = self.reach(p)
        hexes, index = self.game.graph(self.map)[:2]
        prev, start = r.prev, r.start
        path = [index[h]]
        while path[-1] != start:
            path.append(prev[path[-1]])
        return tuple(hexes[k] for k in reversed(path))

    def weapons(self, p: Piece) -> list[str]:
        """The weapons ``p`` can fire now (the normal sling always)."""
        out = [BUILT_IN]
        eq = self.data.equipment
        for i in sorted(p.items):
            item = eq.get(i)
            if not item.weapon:
                continue
            if item.setup is not None and p.hose_at is None:
                continue
            out.append(i)
        return out

    def targets(self, p: Piece) -> list[tuple[Piece, int]]:
        """Revealed enemies in line of sight, with their distance."""
        assert p.at is not None
        memo = self._targets  # shared with views: revealed pieces are the same in both
        if memo[0] is not self._token:
            memo[0], memo[1] = self._token, {}
        found: list[tuple[Piece, int]] | None = memo[1].get(p.marker)
        if found is not None:
            return list(found)
        out = []
        for q in self.pieces.values():
            if q.team == p.team or not q.on_map or q.hidden or q.at is None:
                continue
            d = distance(p.at, q.at)
            if d <= self.game.longest_range and self.map.line_of_sight(p.at, q.at):
                out.append((q, d))
        memo[1][p.marker] = out
        return list(out)

    def fire_odds(self, shooter: Piece, target: Piece, weapon: str) -> Modified:
        """The modified fire skill of ``shooter`` at ``target`` with ``weapon`` now."""
        assert shooter.char is not None and target.at is not None and shooter.at is not None
        eq = self.data.equipment
        item = eq.get(weapon)
        walkie = eq.get("walkie")
        crossfire = "walkie" in shooter.items and any(
            m != shooter.marker and m.team == shooter.team
            for m in self.walkie.get(target.marker, ()))
        tchar = target.char
        d = distance(shooter.at, target.at)
        terrain = self.map.terrain_at(target.at)
        taunts = tchar is not None and tchar.has(Ability.TAUNT)
        night = self.night()
        # the sum depends on these facts only: worked out once per game object (bots ask
        # for every target with every weapon at every step)
        key = ("fire", shooter.char.id, weapon, d, shooter.moved, terrain.id,
               tuple(sorted(target.items)), taunts, night, shooter.scouted, crossfire)
        found = self.game.odds.get(key)
        if found is None:
            found = fire_skill(
                self.data.chart, shooter.char, item, distance=d, moved=shooter.moved,
                target_terrain=terrain,
                target_items=[i for i in self.items_of(target) if i.enemy_fire],
                target_taunts=taunts, night=night, scouted=shooter.scouted,
                crossfire=walkie if crossfire else None)
            self.game.keep_odds(key, found)
        return found

    def sneak_odds(self, p: Piece, *, own_check: bool, scouted: bool = False) -> Modified:
        assert p.at is not None
        return sneak_skill(
            self.data.chart, p.char, terrain=self.map.terrain_at(p.at),
            items=[i for i in self.items_of(p) if i.sneak],
            moved=p.moved or not own_check, night=self.night(), scouted=scouted,
            base=DUMMY_SNEAK if p.char is None else None)

    def moral_odds(self, p: Piece, *, weapon: str | None = None,
                   shooter: Piece | None = None, crossfire: bool = False,
                   extra: Sequence[tuple[str, int]] = ()) -> Modified:
        assert p.char is not None
        eq = self.data.equipment
        frus = 0
        if shooter is not None and shooter.char is not None and shooter.char.has(
                Ability.FRUSTRATION):
            frus = self.data.chart.abilities.frustration_target_moral
        key = ("moral", p.char.id, p.side.value, tuple(sorted(p.items)), weapon, frus,
               crossfire, tuple(extra))
        found = self.game.odds.get(key)
        if found is None:
            found = moral_skill(p.char, p.side, items=[i for i in self.items_of(p) if i.moral],
                                weapon=eq.get(weapon) if weapon else None,
                                frustrated_shooter=frus,
                                crossfire=eq.get("walkie") if crossfire else None, extra=extra)
            self.game.keep_odds(key, found)
        return found

    # -- legal actions ----------------------------------------------------------------------

    def _legal(self) -> list[Action]:  # noqa: C901 - one block per phase
        if self.window is not None:
            return self._window_options()
        phase, me = self.phase, self.current_player()
        if phase == "draft":
            return [Pick(c) for c in self.in_bowl()]
        if phase == "equip":
            item = self.pool[me][0]
            return [Equip(item, c) for c in self.teams[me]
                    if item not in self.equipment[me].get(c, [])]
        if phase == "tray":
            c = next(c for c in self.teams[me] if c not in self.trays[me])
            used = set(self.trays[me].values())
            return [Tray(c, b) for b in range(1, 11) if b not in used]
        if phase == "place":
            placed = {p.box for p in self.team_pieces(me)}
            boxes = [b for b in self.trays[me].values() if b not in placed]
            if self.dummies_left[me]:
                boxes += [b for b in range(1, 11)
                          if b not in self.trays[me].values() and b not in placed]
            _, places = self.game.places(self.map, self.scenario.teams[me].setup)
            occupied = self.occupied
            free = [i for i, a in enumerate(places[1]) if a.at not in occupied]
            return [places[b][i] for b in sorted(boxes) for i in free]
        if phase == "draw":
            hand = self.hands[me]
            if len(hand) < HAND:
                return [Draw(), NoDraw()]
            return [*(Draw(c) for c in sorted(set(hand))), NoDraw()]
        # impulse
        if self.active is None:
            return [Activate(p.box) for p in sorted(self.team_pieces(me), key=lambda p: p.box)
                    if p.on_map and not p.played]
        return self._impulse_options(self.pieces[self.active])

    def _impulse_options(self, p: Piece) -> list[Action]:  # noqa: C901
        out: list[Action] = []
        chart = self.data.chart
        left = self._left(p)
        assert p.at is not None
        engaged = self.engaged(p)
        if not p.fired:
            out += self.reach(p).moves  # a fixed order: the search's
            if not p.dummy and not engaged:
                out += self._specials(p, left)
                if left >= 2 * chart.action("scouting").cost:
                    for n in neighbours(p.at):
                        m = self.occupied.get(n)
                        if m is not None and m.team != p.team and self.pieces[m].hidden:
                            out.append(Scout(m))
                for q, d in self.targets(p):
                    for w in self.weapons(p):
                        if self.data.equipment.get(w).reaches(d):
                            out.append(Fire(q.marker, w))
        if p.marker not in self.flag_carrier.values():
            out.append(End(True))
        out.append(End(False))
        out += self._any_cards(p.team)
        return out

    def _specials(self, p: Piece, left: int) -> list[Action]:
        chart = self.data.chart
        assert p.at is not None
        t = self.map.terrain_at(p.at)
        out: list[Action] = []
        if left >= 4:
            if "pick_fruit" in t.actions and "fruits" not in p.items:
                out.append(Special("pick_fruit"))
            near_outlet = self.game.outlets_near(self.map).get(p.at, ())
            if "water_balls" not in p.items and (t.id == "river" or near_outlet):
                out.append(Special("fill_water"))
            if "hose" in p.items and p.hose_at is None:
                out += [Special("place_hose", at=n) for n in near_outlet]
        if left >= 2 * chart.action("pick_up_item").cost:
            for item, _ in self.ground.get(p.at, ()):
                if item not in p.items and Special("pick_up_item", item) not in out:
                    out.append(Special("pick_up_item", item))
            for team, h in sorted(self.flag_at.items()):
                if h == p.at and (team != p.team or h != self.flag_home[team]):
                    out.append(Special("pick_up_item", FLAG))
                    break
        return out

    def _any_cards(self, team: int, subject: Marker | None = None) -> list[Action]:
        """Cards played "at any time" that change no roll. In your own impulse: on any valid
        target. In a window of another player's impulse (``subject``: the marker playing):
        a card on an enemy goes on that marker, the one you react to, and rallies on your
        own red characters; refills wait for your impulse (they change nothing before the
        character fires)."""
        out: list[Action] = []
        by_id = self.data.deck.by_id
        cards = [by_id[c] for c in sorted(set(self.hands[team])) if c != "?"]
        cards = [c for c in cards if c.when is When.ANY
                 and (subject is None or c.effect is not Effect.REFILL)]
        if not cards:
            return out
        pieces = self._in_order()
        for card in cards:
            cid = card.id
            if subject is not None and card.target is Target.ENEMY:
                on = self.pieces[subject]
                if on.team != team and on.on_map and (
                        card.effect is not Effect.REVEAL or on.hidden):
                    out.append(PlayCard(cid, subject))
                continue
            for q in pieces:
                if not q.on_map:
                    continue
                if card.target is Target.ENEMY and q.team != team:
                    if card.effect is Effect.REVEAL and not q.hidden:
                        continue
                    if subject is not None and q.marker != subject:
                        continue
                    out.append(PlayCard(cid, q.marker))
                elif card.target is Target.SELF and q.team == team and not q.dummy:
                    if card.effect is Effect.RALLY and q.side is not Side.RED:
                        continue
                    if card.effect is Effect.REFILL:
                        assert card.item is not None
                        full = self.data.equipment.get(card.item).uses
                        if q.items.get(card.item) == full:
                            continue
                    out.append(PlayCard(cid, q.marker))
        return out

    def _window_options(self) -> list[Action]:
        w = self.window
        assert w is not None
        me = w.asked[0]
        return [*self._window_cards(me, w), Pass()]

    def _window_cards(self, me: int, w: Window) -> list[Action]:
        deck = self.data.deck
        out: list[Action] = []
        by_id = deck.by_id
        any_time = me in w.any_time
        for c in self.hands[me]:
            if c != "?":
                card = by_id[c]
                if card.effect is w.effect or (any_time and card.when is When.ANY):
                    break
        else:
            return out  # nothing for this window in his hand (the usual answer)
        if me in w.any_time:
            out += self._any_cards(me, w.subject)
        if w.effect is None or (w.subject is not None and not self.pieces[w.subject].on_map):
            return out
        for cid in sorted(set(self.hands[me])):
            card = deck.get(cid)
            if card.effect is not w.effect:
                continue
            if w.effect is Effect.INITIATIVE_MOD:
                if card.target is Target.YOU:
                    out.append(PlayCard(cid, player=me))
                else:
                    out += [PlayCard(cid, player=q) for q in range(self._num_players)
                            if q != me]
                continue
            assert w.subject is not None
            mine = w.subject.team == me
            if mine == (card.colour is Colour.BLUE):
                out.append(PlayCard(cid, w.subject))
        return out

    def _holders(self, effect: Effect, subject: Marker | None, first: int) -> list[int]:
        """Players holding a card of ``effect`` they could play now, ``first`` first."""
        w = Window("", subject, [], effect)
        found = ReactionWindow.asking("", first, self._num_players,
                                      lambda q: bool(self._window_cards(q, w)))
        return [] if found is None else list(found.players)

    def _open(self, w: Window, first: int) -> bool:
        """Open ``w`` for the players, from ``first`` round the table, who hold a card they
        could play in it (the core's :meth:`ReactionWindow.asking`); no window, and no step
        in the log, when nobody does."""
        found = ReactionWindow.asking(w.trigger, first, self._num_players,
                                      lambda q: bool(self._window_cards(q, w)))
        if found is None:
            return False
        w.asked = list(found.players)
        self.window = w
        return True

    # -- applying decisions -----------------------------------------------------------------

    def _pick(self, a: Action) -> None:
        assert isinstance(a, Pick)
        me = self.seat
        self.teams[me].append(a.character)
        self.events.append({"event": "pick", "player": me, "character": a.character})
        self.seat = self._next_drafter(me)

    def _next_drafter(self, me: int) -> int:
        n = self._num_players
        for k in range(1, n + 1):
            q = (me + k) % n
            if len(self.teams[q]) < self.scenario.teams[q].size:
                return q
        return me

    def _equip(self, a: Action) -> None:
        assert isinstance(a, Equip)
        me = self.seat
        self.pool[me].pop(0)
        self.equipment[me].setdefault(a.character, []).append(a.item)
        self.events.append({"event": "equip", "player": me, "item": a.item,
                            "character": a.character})

    def _tray(self, a: Action) -> None:
        assert isinstance(a, Tray)
        self.trays[self.seat][a.character] = a.box

    def _place(self, a: Action) -> None:
        assert isinstance(a, Place)
        me = self.seat
        owner = {b: c for c, b in self.trays[me].items()}
        cid = owner.get(a.box)
        char = self.data.roster.get(cid) if cid else None
        p = Piece(me, a.box, char)
        if char is None:
            self.dummies_left[me] -= 1
        else:
            eq = self.data.equipment
            for item in self.equipment[me].get(char.id, []):
                p.items[item] = eq.get(item).uses
        p.at = a.at
        self.pieces[p.marker] = p
        self._own.add(p.marker)
        self.occupied[a.at] = p.marker
        self.to_place[me] -= 1
        self.events.append({"event": "place", "player": me, "box": a.box, "at": hex_code(a.at)})
        n = self._num_players
        for k in range(1, n + 1):
            q = (me + k) % n
            if self.to_place[q]:
                self.seat = q
                break

    def _impulse(self, a: Action) -> None:  # noqa: C901 - one branch per action
        if isinstance(a, Activate):
            p = self._mut(Marker(self.actor, a.box))
            self.active = p.marker
            p.spent = 0
            p.moved = p.scouted = p.fired = p.entry_checked = False
            p.move_bonus = 0
            self.events.append({"event": "activate", "marker": p.marker.to_json()})
            # movement cards on the marker (the acting side first), and the other players'
            # any-time cards: the actor plays his during the impulse itself
            others = tuple(q for q in range(self._num_players) if q != p.team)
            self._open(Window("impulse", p.marker, [], Effect.MOVE_MOD, others), p.team)
            return
        assert self.active is not None
        p = self._mut(self.active)
        assert p.at is not None
        chart = self.data.chart
        if isinstance(a, Move):
            cost = self.reach(p).key(self.game.graph(self.map)[1][a.to]) >> 4
            path = self.path_to(p, a.to)
            del self.occupied[p.at]
            p.at = a.to
            self.occupied[a.to] = p.marker
            p.spent += cost
            p.moved = True
            self.events.append({"event": "move", "marker": p.marker.to_json(),
                                "path": [hex_code(h) for h in path], "halves": cost})
            self._flag_home_check(p)
            entered = [self.map.terrain_at(h) for h in path[1:]
                       if self.map.terrain_at(h).entry_check]
            if entered and not p.entry_checked and not p.dummy:
                p.entry_checked = True
                worst = min(entered, key=lambda t: t.entry_moral)
                extra = [(f"entering the {worst.name.lower()}", worst.entry_moral)]
                self._queue_moral(p, self.moral_odds(p, extra=extra), credit=None,
                                  cause=f"entered {worst.id}")
        elif isinstance(a, Special):
            action = chart.action(a.action)
            p.spent += 2 * action.cost
            p.moved = True
            if a.action == "pick_fruit":
                p.items["fruits"] = self.data.equipment.get("fruits").uses
            elif a.action == "fill_water":
                p.items["water_balls"] = self.data.equipment.get("water_balls").uses
            elif a.action == "place_hose":
                p.hose_at = a.at
            elif a.action == "pick_up_item" and a.item == FLAG:
                self._take_flag(p)
            elif a.action == "pick_up_item":
                lying = self.ground[p.at]
                k = next(i for i, (item, _) in enumerate(lying) if item == a.item)
                item, uses = lying.pop(k)
                if not lying:
                    del self.ground[p.at]
                p.items[item] = uses
            self.events.append({"event": "special", "marker": p.marker.to_json(),
                                "action": a.action, "item": a.item,
                                "at": hex_code(a.at) if a.at else None})
        elif isinstance(a, Scout):
            p.spent += 2 * chart.action("scouting").cost
            p.moved = True
            target = self.pieces[a.target]
            self.events.append({"event": "scout", "marker": p.marker.to_json(),
                                "target": a.target.to_json()})
            self.rolls.append(Roll("sneak", a.target, self.sneak_odds(
                target, own_check=False, scouted=True), player=target.team,
                scouting=True, shooter=p.marker, cause="scouted"))
        elif isinstance(a, Fire):
            self._fire(p, self.pieces[a.target], a.weapon)
        elif isinstance(a, End):
            self._end_impulse(p, a.hide)
        elif isinstance(a, PlayCard):
            self._play_any(a, self.actor)

    def _fire(self, p: Piece, target: Piece, weapon: str) -> None:
        p.fired = True
        if p.hidden:
            p.hidden = False
            p.known = True
            self.events.append({"event": "revealed", "marker": p.marker.to_json(),
                                "why": "fired"})
        skill = self.fire_odds(p, target, weapon)
        crossfire = any(t.reason == "crossfire" for t in skill.terms)
        if "walkie" in p.items:
            self.walkie.setdefault(target.marker, set()).add(p.marker)
        uses = p.items.get(weapon)
        if uses:
            if uses == 1:
                del p.items[weapon]
            else:
                p.items[weapon] = uses - 1
        self.events.append({"event": "fire", "marker": p.marker.to_json(),
                            "target": target.marker.to_json(), "weapon": weapon,
                            "skill": skill.to_json()})
        self.rolls.append(Roll("fire", target.marker, skill, player=p.team, shooter=p.marker,
                               weapon=weapon, credit=p.team, by_fire=True,
                               crossfire=crossfire))

    def _end_impulse(self, p: Piece, hide: bool) -> None:
        self.events.append({"event": "end", "marker": p.marker.to_json(), "hide": hide})
        if hide:
            if self.seen_by_enemy(p):
                self.rolls.append(Roll("sneak", p.marker, self.sneak_odds(p, own_check=True),
                                       player=p.team, cause="end of impulse"))
            else:
                self._set_hidden(p, True, "out of sight")
        elif not hide and p.hidden:
            self._set_hidden(p, False, "stays seen")
        p.played = True
        self.active = None
        self.closing = p.marker
        self._next_actor()

    def _set_hidden(self, p: Piece, hidden: bool, why: str) -> None:
        if p.hidden == hidden:
            return
        p.hidden = hidden
        if not hidden:
            if p.dummy:
                self._expose_dummy(p, why)
                return
            p.known = True
        self.events.append({"event": "hidden" if hidden else "revealed",
                            "marker": p.marker.to_json(), "why": why})

    def _expose_dummy(self, p: Piece, why: str) -> None:
        p.out = True
        if p.at is not None:
            self.occupied.pop(p.at, None)
        self.events.append({"event": "dummy", "marker": p.marker.to_json(), "why": why})

    def _plant_flags(self) -> None:
        """Each flag on its home hex (``Zone.flag_home``, reading E5)."""
        for team, t in enumerate(self.scenario.teams):
            if not t.flag:
                continue
            home = t.setup.flag_home(self.map)
            self.flag_home[team] = self.flag_at[team] = home
            self.events.append({"event": "flag", "team": team, "at": hex_code(home)})

    def _take_flag(self, p: Piece) -> None:
        team = next(t for t, h in sorted(self.flag_at.items()) if h == p.at and (
            t != p.team or h != self.flag_home[t]))
        if team == p.team:
            self.flag_at[team] = self.flag_home[team]
            self.events.append({"event": "flag returned", "team": team})
            return
        del self.flag_at[team]
        self.flag_carrier[team] = p.marker
        self._set_hidden(p, False, "carries the flag")
        self.events.append({"event": "flag taken", "team": team,
                            "marker": p.marker.to_json()})
        self._flag_home_check(p)

    def _flag_home_check(self, p: Piece) -> None:
        """A carrier standing in his own set-up zone brings the flag home."""
        assert p.at is not None
        zone = self.scenario.teams[p.team].setup
        col, row = hex_to_offset(p.at)
        if not (zone.rows[0] <= row + 1 <= zone.rows[1]
                and zone.columns[0] <= col + 1 <= zone.columns[1]):
            return
        for team, carrier in list(self.flag_carrier.items()):
            if carrier == p.marker:
                del self.flag_carrier[team]
                v = self.scenario.victory
                self.scores[p.team] += v.flag
                self.events.append({"event": "flag captured", "team": team,
                                    "by": p.team, "points": v.flag})
                if v.flag_ends_game:
                    self.flag_won = True

    def _play_any(self, a: PlayCard, player: int) -> None:
        card = self.data.deck.get(a.card)
        self._spend(player, card)
        assert a.marker is not None
        q = self._mut(a.marker)
        self.events.append({"event": "card", "player": player, "card": card.id,
                            "on": a.marker.to_json()})
        if card.eye and q.hidden:
            self._set_hidden(q, False, card.title)
            if q.out:
                return
        if q.dummy:
            if q.hidden:
                self._set_hidden(q, False, card.title)
            return
        if card.effect is Effect.MORAL_CHECK:
            extra = [(card.title, card.amount)] if card.amount else []
            self._queue_moral(q, self.moral_odds(q, extra=extra), credit=player,
                              cause=card.id)
        elif card.effect is Effect.RALLY:
            q.side = Side.BLUE
            q.reddened_by = None
        elif card.effect is Effect.REFILL:
            assert card.item is not None
            q.items[card.item] = self.data.equipment.get(card.item).uses

    def _spend(self, player: int, card: Card) -> None:
        self.hands[player].remove(card.id)
        self.discards.append(card.id)

    def _react(self, a: Action) -> None:
        w = self.window
        assert w is not None
        me = w.asked.pop(0)
        if isinstance(a, PlayCard) and self.data.deck.get(a.card).when is When.ANY:
            self._play_any(a, me)
        elif isinstance(a, PlayCard):
            card = self.data.deck.get(a.card)
            self._spend(me, card)
            self.events.append({"event": "card", "player": me, "card": card.id,
                                "on": a.marker.to_json() if a.marker else None,
                                "target_player": a.player})
            if w.effect is Effect.INITIATIVE_MOD:
                assert a.player is not None
                self.init_cards[a.player] += card.amount
            elif w.effect is Effect.MOVE_MOD:
                assert a.marker is not None
                self._mut(a.marker).move_bonus += card.amount
            else:
                roll = self.rolls[0]
                roll.cards.append((card.title, card.amount))
            if card.eye and a.marker is not None:
                q = self._mut(a.marker)
                if q.hidden and w.effect is not Effect.SNEAK_MOD:
                    self._set_hidden(q, False, card.title)
        if isinstance(a, PlayCard):  # a card played may leave the next ones nothing to play
            w.asked = [q for q in w.asked if self._window_cards(q, w)]
        if not w.asked:
            self.window = None

    def _draw(self, a: Action) -> None:
        me = self.drawers.pop(0)
        if isinstance(a, Draw):
            if a.discard is not None:
                self.hands[me].remove(a.discard)
                self.discards.append(a.discard)
            self.rolls.append(Roll("draw", player=me))
        else:
            assert isinstance(a, NoDraw)

    # -- rolls ------------------------------------------------------------------------------

    def _queue_moral(self, p: Piece, skill: Modified, *, credit: int | None, cause: str,
                     by_fire: bool = False, front: bool = False) -> None:
        roll = Roll("moral", p.marker, skill, player=p.team, credit=credit, by_fire=by_fire,
                    cause=cause)
        if front:
            self.rolls.insert(0, roll)
        else:
            self.rolls.append(roll)

    def _resolve(self, roll: Roll, outcome: Any) -> None:  # noqa: C901
        kind = roll.kind
        if kind == "bowl":
            assert roll.player is not None
            self.teams[roll.player].append(outcome)
            self.events.append({"event": "pick", "player": roll.player, "character": outcome,
                                "bowl": True})
            self.seat = self._next_drafter(roll.player)
            return
        if kind == "draw":
            assert roll.player is not None
            self.pile.remove(outcome)
            self.hands[roll.player].append(outcome)
            self.events.append({"event": "draw", "player": roll.player})
            return
        if kind in ("first", "initiative", "tiebreak"):
            self._order(roll, tuple(int(v) for v in outcome))
            return
        face = int(outcome[0])
        assert roll.skill is not None and roll.subject is not None
        skill = roll.skill
        for title, amount in roll.cards:
            skill = skill.with_term(title, amount)
        ok = succeeds(face, skill.total)
        target = self._mut(roll.subject)
        self.events.append({"event": f"{kind} roll", "marker": roll.subject.to_json(),
                            "roll": face, "skill": skill.to_json(), "success": ok,
                            "cause": roll.cause})
        if kind == "fire":
            if ok and target.on_map:
                assert roll.shooter is not None
                shooter = self.pieces[roll.shooter]
                self._queue_moral(target, self.moral_odds(
                    target, weapon=roll.weapon, shooter=shooter, crossfire=roll.crossfire),
                    credit=roll.credit, cause="hit", by_fire=True, front=True)
        elif kind == "sneak":
            if roll.scouting:
                if not ok:
                    self._set_hidden(target, False, "scouted")
                    if roll.shooter is not None and not target.dummy:
                        self._mut(roll.shooter).scouted = True
            else:
                self._set_hidden(target, ok, "sneak check")
        elif kind == "moral" and not ok and target.on_map:
            if target.side is Side.BLUE:
                target.side = Side.RED
                target.reddened_by = roll.credit
                self.events.append({"event": "red", "marker": roll.subject.to_json()})
            else:
                self._eliminate(target, roll)

    def _eliminate(self, p: Piece, roll: Roll) -> None:
        p.out = True
        assert p.at is not None
        self.occupied.pop(p.at, None)
        lying = self.ground.setdefault(p.at, [])
        lying.extend(sorted(p.items.items()))
        if not lying:
            del self.ground[p.at]
        p.items = {}
        p.hose_at = None
        for team, carrier in list(self.flag_carrier.items()):
            if carrier == p.marker:
                del self.flag_carrier[team]
                self.flag_at[team] = p.at
                self.events.append({"event": "flag dropped", "team": team,
                                    "at": hex_code(p.at)})
        if not p.hidden:
            p.known = True
        p.hidden = False
        self.eliminated[p.team] += 1
        v = self.scenario.victory
        if roll.credit is not None and roll.credit != p.team:
            self.scores[roll.credit] += v.eliminated
            if roll.by_fire:
                self.fire_kills[roll.credit] = True
        self.events.append({"event": "eliminated", "marker": p.marker.to_json(),
                            "cause": roll.cause, "credit": roll.credit})

    def _order(self, roll: Roll, faces: tuple[int, ...]) -> None:
        for p, f in zip(roll.players, faces, strict=True):
            if roll.kind == "initiative":
                total = f + (1 if self.momentum[p] else 0) + self.init_cards[p]
                self.initiative[p] = (total,)
            else:
                self.initiative[p] = (*self.initiative[p], f)
        self.events.append({"event": roll.kind, "players": list(roll.players),
                            "dice": list(faces)})
        keys: dict[tuple[int, ...], list[int]] = {}
        for p in range(self._num_players):
            keys.setdefault(self.initiative[p], []).append(p)
        tied = next((ps for k, ps in sorted(keys.items(), reverse=True) if len(ps) > 1), None)
        if tied:
            self.rolls.insert(0, Roll("tiebreak", players=tuple(tied), cause=roll.cause))
            return
        order = sorted(range(self._num_players), key=lambda p: self.initiative[p],
                       reverse=True)
        if roll.cause == "first pick":
            self.first = order[0]
            self.seat = order[0]
        else:
            self.order = order
            self.events.append({"event": "order", "players": order})

    # -- the flow ---------------------------------------------------------------------------

    def _advance(self) -> None:  # noqa: C901 - the turn sequence, step by step
        while not self.over:
            if self.window is not None:
                return
            if self.rolls:
                roll = self.rolls[0]
                if not roll.window_done:
                    roll.window_done = True
                    effect = {"fire": Effect.FIRE_MOD, "moral": Effect.MORAL_MOD,
                              "sneak": Effect.SNEAK_MOD,
                              "initiative": Effect.INITIATIVE_MOD}.get(roll.kind)
                    if roll.kind == "fire":
                        subject = roll.shooter
                    else:
                        subject = roll.subject
                    if effect is not None:
                        first = roll.player if roll.player is not None else self.order[0]
                        holders = self._holders(effect, subject, first)
                        if holders:
                            self.window = Window(f"{roll.kind} roll", subject, holders, effect)
                            return
                if roll.kind in ("fire", "moral", "sneak"):
                    assert roll.subject is not None
                    if not self.pieces[roll.subject].on_map:
                        self.rolls.pop(0)
                        continue
                    if roll.kind == "fire" and not self.pieces[roll.shooter or
                                                               roll.subject].on_map:
                        self.rolls.pop(0)
                        continue
                if roll.kind == "draw" and not self.pile:
                    if not self.discards:
                        self.rolls.pop(0)
                        continue
                    self.pile, self.discards = sorted(self.discards), []
                return
            if self.flag_won:
                self._finish("flag")
                return
            if self.phase == "impulse" and self.turn >= 1 and self._one_team_left():
                self._finish("one team left")
                return
            if self.phase == "impulse" and self.active is not None:
                gone = self.pieces[self.active]
                if not gone.on_map:
                    gone = self._mut(self.active)  # lost during his own impulse (an entry check)
                    gone.played = True
                    self.active = None
                    self.closing = gone.marker
                    self._next_actor()
            if self.closing is not None:
                # after an impulse (its end's checks made): the other players, round the
                # table from the actor, may play an any-time card ("at any moment")
                team, subject, self.closing = self.closing.team, self.closing, None
                others = tuple(q for q in range(self._num_players) if q != team)
                if self._open(Window("impulse end", subject, [], None, others),
                              (team + 1) % self._num_players):
                    return
            if self.phase == "first":
                if any(t.draft for t in self.scenario.teams):
                    self.rolls.append(Roll("first", players=tuple(range(self._num_players)),
                                           cause="first pick"))
                    self.initiative = [() for _ in range(self._num_players)]
                    self.phase = "bowl" if self.scenario.choose is Choose.BOWL else "draft"
                    continue
                self.phase = "equip"
                self.seat = 0
                continue
            if self.phase in ("draft", "bowl"):
                if all(len(self.teams[q]) >= self.scenario.teams[q].size
                       for q in range(self._num_players)):
                    self.phase, self.seat = "equip", 0
                    continue
                if len(self.teams[self.seat]) >= self.scenario.teams[self.seat].size:
                    self.seat = self._next_drafter(self.seat)
                if self.phase == "bowl":  # the seat draws a counter from the bowl: a roll
                    self.rolls.append(Roll("bowl", player=self.seat, cause="bowl"))
                    continue
                return
            if self.phase == "equip":
                me = self.seat
                while self.pool[me] and all(self.pool[me][0] in self.equipment[me].get(c, [])
                                            for c in self.teams[me]):
                    self.pool[me].pop(0)
                if self.pool[me]:
                    return
                if me + 1 < self._num_players:
                    self.seat = me + 1
                    continue
                self.phase, self.seat = "tray", 0
                continue
            if self.phase == "tray":
                me = self.seat
                if len(self.trays[me]) < len(self.teams[me]):
                    return
                if me + 1 < self._num_players:
                    self.seat = me + 1
                    continue
                self.phase, self.seat = "place", self.first
                continue
            if self.phase == "place":
                if any(self.to_place):
                    return
                self.phase = "deal"
                self._plant_flags()
                for _ in range(HAND):
                    for q in range(self._num_players):
                        self.rolls.append(Roll("draw", player=q))
                continue
            if self.phase == "deal":
                self._start_turn()
                continue
            if self.phase == "turn_start":
                self.phase = "impulse"
                self.seat = 0
                self.actor = -1
                self._next_actor()
                continue
            if self.phase == "impulse":
                if self.actor >= 0 and self.active is None and not any(
                        p.team == self.actor and p.on_map and not p.played
                        for p in self.pieces.values()):
                    self._next_actor()  # a card after the last impulse took his last marker
                if self.actor >= 0:
                    return
                self._end_turn()
                continue
            if self.phase == "draw":
                if self.drawers:
                    return
                self._turn_marker()
                continue
            raise AssertionError(self.phase)  # pragma: no cover

    def _start_turn(self) -> None:
        self.turn += 1
        self.phase = "turn_start"
        self.walkie = {}
        self.momentum, self.fire_kills = self.fire_kills, [False] * self._num_players
        self.init_cards = [0] * self._num_players
        self.events.append({"event": "turn", "turn": self.turn, "night": self.night(),
                            "bed": self.data.turns.is_bed(self.turn)})
        live = sorted((p for p in self.pieces.values() if p.on_map and not p.dummy),
                      key=lambda p: (p.team, p.box))
        if self.data.turns.is_bed(self.turn):
            for p in live:
                if p.char is not None and p.char.has(Ability.BEDTIME):
                    self._queue_moral(p, self.moral_odds(p), credit=None, cause="bedtime")
        for p in live:
            if self.engaged(p):
                self._queue_moral(p, self.moral_odds(p), credit=None, cause="fighting")
        self.initiative = [() for _ in range(self._num_players)]
        self.rolls.append(Roll("initiative", players=tuple(range(self._num_players)),
                               player=0, cause="initiative"))

    def _next_actor(self) -> None:
        """The next player in initiative order with an unplayed marker on the map."""
        order = self.order
        n = len(order)
        start = order.index(self.actor) + 1 if self.actor in order else 0
        for k in range(n):
            q = order[(start + k) % n]
            if any(p.on_map and not p.played for p in self.pieces.values() if p.team == q):
                self.actor = q
                return
        self.actor = -1

    def _end_turn(self) -> None:
        for m, p in list(self.pieces.items()):
            if p.played or p.move_bonus:
                p = self._mut(m)
                p.played = False
                p.move_bonus = 0
        v = self.scenario.victory
        if v.hold is not None:
            for team in range(self._num_players):
                if self._holds(team, v.hold):
                    self.scores[team] += v.hold_points
                    self.events.append({"event": "hold", "player": team,
                                        "points": v.hold_points})
        self.phase = "draw"
        self.drawers = [q for q in self.order if self.pile or self.discards]

    def _holds(self, team: int, terrain: str) -> bool:
        mine = enemy = False
        for p in self.pieces.values():
            if not p.on_map or p.dummy or p.at is None:
                continue
            t = self.map.terrain_at(p.at).id
            if p.team == team and t == terrain:
                mine = True
            elif p.team != team and (t == terrain or any(
                    self.map.contains(n) and self.map.terrain_at(n).id == terrain
                    for n in neighbours(p.at))):
                enemy = True
        return mine and not enemy

    def _turn_marker(self) -> None:
        if self.turn >= self.scenario.turn_limit:
            self._finish("turn limit")
            return
        if len(self.live_teams()) <= 1:
            self._finish("one team left")
            return
        self._start_turn()

    def _finish(self, why: str) -> None:
        v = self.scenario.victory
        if v.red_at_end:
            for p in self.pieces.values():
                if (p.on_map and p.side is Side.RED and p.reddened_by is not None
                        and p.reddened_by != p.team):
                    self.scores[p.reddened_by] += v.red_at_end
        self.over = True
        self.end_reason = why
        self.events.append({"event": "game over", "why": why, "scores": list(self.scores)})

    # -- copies and views -------------------------------------------------------------------

    def clone(self) -> PwinchState:
        return self._copy(events=True)

    def _copy(self, *, events: bool, hands_of: int | None = None) -> PwinchState:
        s = object.__new__(PwinchState)
        s.__dict__.update(self.__dict__)
        # copy on write: both states share the pieces until one of them changes one
        s.pieces = dict(self.pieces)
        s._own = set()
        self._own = set()
        s.occupied = dict(self.occupied)
        s.ground = {h: list(v) for h, v in self.ground.items()} if self.ground else {}
        if self.phase in SETUP_PHASES:  # after the set-up these never change again: shared
            s.teams = [list(t) for t in self.teams]
            s.pool = [list(t) for t in self.pool]
            s.equipment = [{k: list(v) for k, v in e.items()} for e in self.equipment]
            s.trays = [dict(t) for t in self.trays]
            s.dummies_left = list(self.dummies_left)
            s.to_place = list(self.to_place)
        if hands_of is None:
            s.hands = [list(h) for h in self.hands]
        else:  # a view: the others' hands are replaced anyway
            s.hands = [list(h) if q == hands_of else h for q, h in enumerate(self.hands)]
        s.pile = list(self.pile)
        s.discards = list(self.discards)
        s.scores = list(self.scores)
        s.eliminated = list(self.eliminated)
        s.order = list(self.order)
        s.initiative = list(self.initiative)
        s.fire_kills = list(self.fire_kills)
        s.momentum = list(self.momentum)
        s.init_cards = list(self.init_cards)
        s.walkie = {m: set(v) for m, v in self.walkie.items()} if self.walkie else {}
        if self.rolls:
            s.rolls = [r.copy() for r in self.rolls]
        else:
            s.rolls = []
        w = self.window
        if w is not None:
            s.window = Window(w.trigger, w.subject, list(w.asked), w.effect, w.any_time)
        s.drawers = list(self.drawers)
        s.flag_at = dict(self.flag_at)
        s.flag_carrier = dict(self.flag_carrier)
        s.events = list(self.events) if events else []
        return s

    def view(self, player: int) -> PwinchState:
        """What ``player`` knows: his own trays and hand; of the others, the markers on the
        map, the characters revealed at least once (not which hidden marker is a dummy),
        how many cards they hold. The draw pile and the others' hands become one unknown
        pool (``pile``)."""
        s = self._copy(events=False, hands_of=player)
        pieces = s.pieces
        for m, p in self.pieces.items():
            if p.hidden and p.team != player and not p.known and not p.out:
                # p is shared by both states now (the clone), so it never changes again:
                # its blank copy can be kept on it for the next views
                b = p.blank
                if b is None:
                    b = p.copy()
                    b.char, b.dummy, b.unknown = None, False, True
                    b.items, b.side, b.reddened_by = {}, Side.BLUE, None
                    p.blank = b
                pieces[m] = b
        hands = s.hands
        for q in range(self._num_players):
            if q != player:
                s.pile.extend(hands[q])
                hands[q] = ["?"] * len(hands[q])
        s.trays = [t if q == player else {} for q, t in enumerate(s.trays)]
        s.equipment = [e if q == player else {} for q, e in enumerate(s.equipment)]
        s.pile.sort()
        for r in s.rolls:  # a pending check of a marker he cannot identify: no numbers
            if r.subject is not None and pieces[r.subject].unknown:
                r.skill = None
        return s

    def unknown_hidden(self, player: int) -> list[Piece]:
        """Enemy markers ``player`` cannot identify (in a view: characters or dummies)."""
        return [p for p in self.pieces.values() if p.team != player and p.on_map and p.unknown]

    def pieces_of(self, team: int) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.team == team and p.on_map)


def position(scenario: str = DEFAULT_SCENARIO,
             pieces: Sequence[tuple[int, str | None, str, Sequence[str]]] = (),
             *, turn: int = 1, hidden: bool = False, actor: int = 0,
             hands: Sequence[Sequence[str]] = ()) -> PwinchState:
    """A state in the middle of a turn with the given counters, for tests and printed
    examples: ``(team, character id or None for a dummy, "RRCC", items)``; boxes are
    numbered in order per team. Nobody has played yet; ``actor`` plays first."""
    from printkit.engines.pwinch_wars.actions import hex_from_code

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
    s.phase = "impulse"
    s.order = [(actor + k) % s._num_players for k in range(s._num_players)]
    s.actor = actor
    s.active = None
    s.events = []
    s._token = object()
    return s


def _search(adj: list[tuple[tuple[int, int], ...]], start: int, budget: int,
            forbidden: set[int] | frozenset[int] = frozenset()) -> tuple[list[int],
                                                                       dict[int, int]]:
    """Dijkstra from ``start`` within ``budget`` half points on the whole-number key cost *
    16 + entries, the hex's number in the low bits of one int per heap entry (ints compare
    fastest): the best key of every hex and, for each hex reached, the one before it."""
    far = 1 << 30
    best = [far] * len(adj)
    for j in forbidden:
        best[j] = -1  # never improved on: never entered
    best[start] = 0
    prev: dict[int, int] = {}
    limit = budget * 16 + 15
    heap = [start]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        item = pop(heap)
        key, i = item >> 10, item & 1023
        if best[i] != key:
            continue
        for j, w in adj[i]:
            k = key + w
            if k <= limit and k < best[j]:
                best[j] = k
                prev[j] = i
                push(heap, (k << 10) | j)
    for j in forbidden:
        best[j] = far
    return best, prev


@dataclass(frozen=True, slots=True)
class Region:
    """What a marker with ``budget`` half points reaches from one hex of a map empty but for
    some enemy counters: the same in every game, so it is worked out once
    (:meth:`PwinchWars.region`). A state reads its search from the region of the empty map
    when no enemy counter stands on a hex its paths enter (``prev``): the search with the
    counters is then the same step for step; else from the region with those enemies."""

    prev: dict[int, int]
    """The hex before each hex a path within the budget enters (may stop or not), on the
    best path (read only: shared)."""
    table: tuple[tuple[int, int], ...]
    """Where a move may end: (hex number, key), in the search's order."""
    moves: tuple[Move, ...]
    """The moves to those hexes, in the same order."""
    _without: dict[frozenset[int], tuple[tuple[tuple[int, int], ...], tuple[Move, ...]]] = \
        field(default_factory=dict, compare=False, repr=False)
    _where: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """Each stop's place in ``table`` (made on first use)."""

    def without(self, taken: frozenset[int]) -> tuple[tuple[tuple[int, int], ...],
                                                      tuple[Move, ...]]:
        """``table`` and ``moves`` without the hexes numbered ``taken`` (friendly counters
        stand there: a move passes, never stops), kept for the next time."""
        found = self._without.get(taken)
        if found is None:
            where = self._where
            if not where:
                where.update((j, n) for n, (j, _) in enumerate(self.table))
            gone = sorted((where[j] for j in taken if j in where), reverse=True)
            table, moves = list(self.table), list(self.moves)
            for n in gone:
                del table[n], moves[n]
            found = (tuple(table), tuple(moves))
            if len(self._without) >= WITHOUT_KEPT:
                self._without.clear()
            self._without[taken] = found
        return found


class Reach:
    """Where one marker may move in one state (:meth:`PwinchState.reach`): by hex number,
    in the search's order; ``out`` is the hex-keyed answer, made when first asked."""

    __slots__ = ("token", "marker", "start", "prev", "table", "moves", "out")

    def __init__(self, token: object, marker: Marker, start: int, prev: dict[int, int],
                 table: Sequence[tuple[int, int]], moves: Sequence[Move]) -> None:
        self.token, self.marker, self.start = token, marker, start
        self.prev, self.table, self.moves = prev, table, moves
        self.out: dict[Hex, tuple[int, int]] | None = None

    def key(self, j: int) -> int:
        """The key (16 x half points + river/property hexes entered) of a move's end."""
        return next(k for i, k in self.table if i == j)

    def reaches(self, j: int) -> bool:
        """Whether a path within the budget enters hex number ``j``."""
        return j in self.prev


Graph = tuple[list[Hex], dict[Hex, int], list[tuple[tuple[int, int], ...]], list[bool]]
"""A map for path finding: hexes, index of each, neighbours (index, 16 x cost in half points
+ 1 if entering makes a moral check), may stop."""


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
        components=("forest-map", "city-map", "counter-sheets", "card-sheets", "team-trays",
                    "terrain-chart", "turn-chart", "d10"),
        notes="Set-up, draft or bowl, the turn sequence, fire, moral, hiding, scouting, "
              "dummies, cards in reaction windows; data/notes.md (Engine) lists the readings.",
    )

    OPTIONS: ClassVar[tuple[str, ...]] = ("scenario", "choose")

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or load_data()
        self._graphs: dict[str, Graph] = {}
        self._regions: dict[tuple[str, int, int, frozenset[int]], Region] = {}
        self._index_moves: dict[str, list[Move]] = {}
        self._outlets: dict[str, dict[Hex, tuple[Hex, ...]]] = {}
        self.odds: dict[tuple[Any, ...], Modified] = {}
        """Fire and moral sums by the facts they depend on (:meth:`keep_odds`)."""
        self._places: dict[tuple[str, Zone], tuple[frozenset[Hex],
                                                   dict[int, tuple[Place, ...]]]] = {}
        self.longest_range = max(i.range for i in self.data.equipment.items)
        self.moves = {h: Move(h) for m in self.data.maps.values() for h in m.hexes()}
        """One :class:`Move` per hex, made once (legal actions list many)."""

    def graph(self, game_map: GameMap) -> Graph:
        """The map as numbered hexes: each hex's neighbours with the cost to enter them (half
        points) and whether entering makes a moral check (1/0), and where a move may stop."""
        found = self._graphs.get(game_map.id)
        if found is None:
            t = game_map.terrain
            hexes = list(game_map.hexes())
            if len(hexes) > 1024:
                raise ValueError(f"the {game_map.id} map has {len(hexes)} hexes; path finding "
                                 f"packs a hex's number in 10 bits")
            index = {h: i for i, h in enumerate(hexes)}
            adj = [tuple((index[n], 16 * t[n].move_halves + int(t[n].entry_check))
                         for n in neighbours(h) if n in t) for h in hexes]
            found = (hexes, index, adj, [t[h].may_stop for h in hexes])
            self._graphs[game_map.id] = found
        return found

    def region(self, game_map: GameMap, start: int, budget: int,
               enemies: frozenset[int] = frozenset()) -> Region:
        """The :class:`Region` a marker reaches from hex number ``start`` (of :meth:`graph`)
        with ``budget`` half points on ``game_map`` empty but for enemy counters on the hexes
        numbered ``enemies`` (paths never cross them), kept for every game (up to
        :data:`REGIONS_KEPT`)."""
        key = (game_map.id, start, budget, enemies)
        found = self._regions.get(key)
        if found is None:
            _, _, adj, stop = self.graph(game_map)
            best, prev = _search(adj, start, budget, enemies)
            table = tuple([(j, best[j]) for j in prev if stop[j]])
            by_index = self.index_moves(game_map)
            found = Region(prev, table, tuple([by_index[j] for j, _ in table]))
            if len(self._regions) >= REGIONS_KEPT:
                self._regions.clear()  # made again when needed: memory stays bounded
            self._regions[key] = found
        return found

    def keep_odds(self, key: tuple[Any, ...], skill: Modified) -> None:
        """Keep a fire or moral sum worked out from the facts in ``key`` (up to
        :data:`ODDS_KEPT`): a :class:`Modified` is frozen, so states share it."""
        if len(self.odds) >= ODDS_KEPT:
            self.odds.clear()
        self.odds[key] = skill

    def outlets_near(self, game_map: GameMap) -> dict[Hex, tuple[Hex, ...]]:
        """The water outlets on or next to each hex of ``game_map`` (where a hose is screwed
        on and water balls filled), for the hexes that have any."""
        found = self._outlets.get(game_map.id)
        if found is None:
            kinds = self.data.chart.action("place_hose").terrain
            found = {}
            for h in game_map.hexes():
                near = tuple(n for n in (h, *neighbours(h))
                             if game_map.contains(n) and game_map.terrain_at(n).id in kinds)
                if near:
                    found[h] = near
            self._outlets[game_map.id] = found
        return found

    def places(self, game_map: GameMap,
               zone: Zone) -> tuple[frozenset[Hex], dict[int, tuple[Place, ...]]]:
        """The hexes of ``zone`` where a counter may stop and, for each tray box, the
        :class:`Place` on each of them, row by row (made once: set-up lists hundreds)."""
        key = (game_map.id, zone)
        found = self._places.get(key)
        if found is None:
            hexes = [h for h in zone.hexes(game_map) if game_map.terrain_at(h).may_stop]
            found = (frozenset(hexes),
                     {b: tuple(Place(b, h) for h in hexes) for b in range(1, TRAY_BOXES + 1)})
            self._places[key] = found
        return found

    def index_moves(self, game_map: GameMap) -> list[Move]:
        """The :class:`Move` to each hex of ``game_map`` by its number in :meth:`graph`."""
        found = self._index_moves.get(game_map.id)
        if found is None:
            found = [self.moves[h] for h in self.graph(game_map)[0]]
            self._index_moves[game_map.id] = found
        return found

    def new_initial_state(self, num_players: int | None = None,
                          options: Mapping[str, Any] | None = None) -> PwinchState:
        opts = dict(options or {})
        sid = opts.pop("scenario", DEFAULT_SCENARIO)
        choose = opts.pop("choose", None)
        if opts:
            raise ValueError(f"unknown option(s) {', '.join(sorted(opts))}; known: scenario, "
                             f"choose")
        if not isinstance(sid, str) or sid not in self.data.scenarios:
            shown = repr(sid) if len(repr(sid)) <= 60 else repr(sid)[:60] + "…"
            raise ValueError(f"option scenario must be one of "
                             f"{', '.join(sorted(self.data.scenarios))}, got {shown}")
        scenario = self.data.scenarios[sid]
        if choose is not None:
            ways = [c.value for c in Choose]
            if not isinstance(choose, str) or choose not in ways:
                shown = repr(choose) if len(repr(choose)) <= 60 else repr(choose)[:60] + "…"
                raise ValueError(f"option choose must be one of {', '.join(ways)}, got "
                                 f"{shown}")
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

    def options_schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": False, "properties": {
            "scenario": {"enum": sorted(self.data.scenarios)},
            "choose": {"enum": [c.value for c in Choose],
                       "description": "how drafted teams get their characters (the "
                                      "scenario's way when absent)"}}}

    def default_options(self) -> dict[str, Any]:
        return {"scenario": DEFAULT_SCENARIO}

    def bots(self) -> Mapping[str, BotFactory[PwinchState, Action]]:
        from printkit.engines.pwinch_wars.bots import BOTS

        return BOTS


__all__ = ["DUMMY_MOVE", "DUMMY_SNEAK", "Piece", "PwinchState", "PwinchWars", "Roll",
           "Window", "position"]
