"""The table of a Pwinch Wars game: the counters, what each player holds, and what each may see.

:class:`Table` is the bottom layer of :class:`~printkit.engines.pwinch_wars.game.PwinchState`:
every fact of a moment of the game, the readings the rules share (who is on the map, who sees
whom, who fights), a counter hidden or revealed, and the copies: :meth:`Table.clone` (copy on
write: the pieces are shared until one side changes one) and :meth:`Table.view`, what one
player knows. The layers above it (:mod:`.checks`, :mod:`.victory`, :mod:`.card_play`,
:mod:`.set_up`, :mod:`.impulse`, :mod:`.turns`) add the rules, one concern each.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from printkit.engines.core import State
from printkit.engines.core.game import ReactionWindow
from printkit.engines.pwinch_wars.actions import Action, Marker, hex_code
from printkit.engines.pwinch_wars.cards import Effect
from printkit.engines.pwinch_wars.equipment import Item
from printkit.engines.pwinch_wars.events import DummyExposed, Event, Hidden, Revealed
from printkit.engines.pwinch_wars.hexes import Hex, distance
from printkit.engines.pwinch_wars.paths import MapPaths, Reach, paths_of
from printkit.engines.pwinch_wars.phases import SETUP_PHASES, Phase, RollKind
from printkit.engines.pwinch_wars.roster import Character, Side
from printkit.engines.pwinch_wars.rules_fire import Modified, Odds, odds_of
from printkit.engines.pwinch_wars.scenarios import Scenario
from printkit.engines.pwinch_wars.terrain import Ability

if TYPE_CHECKING:
    from printkit.engines.pwinch_wars.game import PwinchWars

DUMMY_MOVE = 4
"""A dummy's movement points (designed: the roster's most common value, so it gives nothing
away)."""
HAND = 3
"""The most cards a player holds (he discards one to draw a fourth)."""


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

    kind: RollKind
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


class Table(State[Action]):
    """Every fact of one moment of a game, and the readings the rules share."""

    game: PwinchWars

    def __init__(self, game: PwinchWars, scenario: Scenario) -> None:
        self.game = game
        data = game.data
        self.data = data
        self.scenario = scenario
        self.map = data.maps[scenario.map]
        self.paths: MapPaths = paths_of(self.map)
        self.odds: Odds = odds_of(data)
        self._num_players = scenario.players
        self.phase = Phase.FIRST
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
        self.events: list[Event] = []
        """What the last step caused (:mod:`.events`), for printers."""
        self.steps = 0
        self._memo: list[Any] = [None, None, None]
        """The legal actions worked out for this state (token, list, set)."""
        self._token = object()
        """Changes with every step: what was worked out for the last one is stale."""
        self._order_memo: tuple[Marker, ...] = ()
        """The markers sorted (the pieces never change once placed, only their state)."""
        self._reach: list[Reach | None] = [None]
        """The last :meth:`reach` worked out; the list is shared with clones and views."""
        self._targets: list[Any] = [None, {}]
        """:meth:`targets` worked out for this state (token, marker -> targets)."""

    # -- the protocol's answers that only read the table --------------------------------

    def reaction_window(self) -> ReactionWindow | None:
        w = self.window
        if w is None:
            return None
        return ReactionWindow(w.trigger, tuple(w.asked))

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

    def in_bowl(self) -> list[str]:
        """The characters nobody has yet (in the bowl, or aligned for the draft)."""
        taken = {c for t in self.teams for c in t}
        return [c for c in self.data.roster.ids if c not in taken]

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

    def pieces_of(self, team: int) -> Iterator[Piece]:
        """``team``'s pieces on the map."""
        return (p for p in self.pieces.values() if p.team == team and p.on_map)

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
        """The half movement points ``p`` has left this impulse."""
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

    # -- hidden or seen ---------------------------------------------------------------------

    def _set_hidden(self, p: Piece, hidden: bool, why: str) -> None:
        if p.hidden == hidden:
            return
        p.hidden = hidden
        if not hidden:
            if p.dummy:
                self._expose_dummy(p, why)
                return
            p.known = True
        self.events.append((Hidden if hidden else Revealed)(p.marker, why))

    def _expose_dummy(self, p: Piece, why: str) -> None:
        p.out = True
        if p.at is not None:
            self.occupied.pop(p.at, None)
        self.events.append(DummyExposed(p.marker, why))

    # -- copies and views -------------------------------------------------------------------

    def clone(self) -> Self:
        return self._copy(events=True)

    def _copy(self, *, events: bool, hands_of: int | None = None) -> Self:
        s = object.__new__(type(self))
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

    def view(self, player: int) -> Self:
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


__all__ = ["DUMMY_MOVE", "HAND", "Piece", "Roll", "Table", "Window"]
