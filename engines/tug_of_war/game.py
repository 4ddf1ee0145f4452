"""The Tug of War rules engine: set-up, turns, re-rolls, removals and exchanges.

The rules in brief (the interpretations are argued in ``data/notes.md``):

* Yellow (seat 0), then Red (seat 1), rolls the three team dice, may re-roll any of them once
  (all at the same time), and puts athletes on the rope equal to their sum. Fewer athletes
  starts; Yellow starts on a tie.
* A turn: roll the three common dice; for each 6 among your team dice you may re-roll one
  common die (``reroll_mode`` "simultaneous": choose them all at once, each die at most once;
  "sequential": one at a time, each result seen before the next, the same die may go again).
  Then use each common die at most once, pairing it with one of your team dice that no other
  common die is paired with this turn: *remove* an opposing athlete if the common die is at
  least as high as the team die, or (once a turn) *exchange* the two dice if they differ:
  first +1 athlete (if the reserve has one), then plus the difference if the new team die is
  higher, minus it if lower. The team die just exchanged in is paired already (the seed's
  Jeff example), and a 6 it brings in grants no re-roll (that step is over). Stop whenever
  you like; the turn ends by itself when no common die can be used any more.
* Whoever removes the last opposing athlete wins. An exchange may not take your own last
  athlete off the rope; gains beyond your reserve are lost.

Dice are *multisets*: the engine keeps every group of dice sorted and actions name dice by
their values, since two dice showing the same value are interchangeable. A log written at the
table reads like this (one JSON value per line, see :meth:`TugOfWar.action_to_json`)::

    {"chance": [2, 6, 6]}                                   Yellow rolls the team dice
    {"player": 0, "action": {"reroll": [6, 6]}}             ... re-rolls both sixes
    {"chance": [3, 5]}                                      ... which show 3 and 5
    {"player": 0, "action": {"reroll": [1]}}                re-roll a common 1 (team has a 6)
    {"player": 0, "action": {"exchange": {"common": 3, "team": 2}}}
    {"player": 0, "action": {"remove": {"common": 5, "team": 4}}}
    {"player": 0, "action": "end"}                          stop early, or after the fact

``{"reroll": []}`` keeps the dice. Chance lines list the faces rolled; a re-roll lists only the
re-rolled dice. A re-roll decision is due only after a roll that may be re-rolled (set-up, or
a common roll with a 6 among the team dice). An ``"end"`` written after a turn that ended by
itself is redundant: replay skips it (:meth:`TugOfWarState.absorbs_redundant`). A log may
start mid-game (a worked example) with the header option ``"position"``: see
:meth:`TugOfWar._position`.

>>> from printkit.engines.tug_of_war import TugOfWar, Exchange, Remove, Reroll
>>> s = TugOfWarState.from_position(team=((2, 4, 6), (1, 3, 5)), athletes=(3, 6), to_move=0)
>>> for move in [(1, 3, 5), Reroll((1,)), (4,), Exchange(3, 2), Remove(5, 4)]:
...     s.apply(move)
>>> s.athletes, s.team
((5, 5), ((3, 4, 6), (1, 3, 5)))
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final, NamedTuple

from printkit.engines.core.bots import RandomBot
from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.codec import ActionCodec, Const, Field, Record, Value, is_whole, whole
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.game import CHANCE, TERMINAL, BotFactory, Game, GameInfo, State
from printkit.engines.core.options import Option, Options
from printkit.engines.tug_of_war.rules import REROLL_MODES, RULES, Rules

YELLOW: Final = 0
RED: Final = 1

Dice = tuple[int, ...]


class Phase(enum.IntEnum):
    """Where a game stands; the ``*_ROLL`` phases are CHANCE nodes."""

    SETUP_ROLL = 0
    SETUP_REROLL = 1
    SETUP_REROLL_ROLL = 2
    TURN_ROLL = 3
    TURN_REROLL = 4
    TURN_REROLL_ROLL = 5
    ACTIONS = 6
    OVER = 7


# Module-level names for the phases: compared with ``is`` on every step of auto-play.
_SETUP_ROLL: Final = Phase.SETUP_ROLL
_SETUP_REROLL: Final = Phase.SETUP_REROLL
_SETUP_REROLL_ROLL: Final = Phase.SETUP_REROLL_ROLL
_TURN_ROLL: Final = Phase.TURN_ROLL
_TURN_REROLL: Final = Phase.TURN_REROLL
_TURN_REROLL_ROLL: Final = Phase.TURN_REROLL_ROLL
_ACTIONS: Final = Phase.ACTIONS
_OVER: Final = Phase.OVER


# -- actions -------------------------------------------------------------------------------

_FACE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": RULES.faces}


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll the dice showing these values (a multiset; ``()`` keeps them all)."""

    dice: Dice = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))


@dataclass(frozen=True, slots=True)
class Remove:
    """Pair the common die ``common`` with the team die ``team`` to remove an opposing athlete."""

    common: int
    team: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap the common die ``common`` into the team in place of the team die ``team``."""

    common: int
    team: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop using common dice; the opponent's turn begins."""


Action = Reroll | Remove | Exchange | EndTurn
ACTION_TYPES: Final = (Reroll, Remove, Exchange, EndTurn)


def _die_values(v: Any) -> Dice:
    if not isinstance(v, list) or not all(is_whole(d) for d in v):
        raise ValueError(v)
    return tuple(v)


_PAIR = (Field("common", "common", _FACE, whole), Field("team", "team", _FACE, whole))
_MALFORMED: Final = {
    "reroll": '"reroll" takes a list of die values, e.g. [6, 6] or []',
    "remove": '"remove" takes {"common": value, "team": value}',
    "exchange": '"exchange" takes {"common": value, "team": value}',
}

CODEC: Final = ActionCodec[Action]([
    Value(Reroll, "reroll", "re-roll the dice showing these values; [] keeps them all",
          Field("reroll", "dice", {"type": "array",
                                   "maxItems": max(RULES.team_dice, RULES.common_dice),
                                   "items": _FACE}, _die_values, list)),
    Record(Remove, "remove", "a common die at least as high as a team die removes one "
                             "opposing athlete", _PAIR),
    Record(Exchange, "exchange", "the common die joins the team in place of a team die of "
                                 "another value", _PAIR),
    Const(EndTurn, "end", "stop using common dice (or note that the turn ended by itself)"),
], shape='an action is {"reroll": [...]}, {"remove": {...}}, {"exchange": {...}} or "end"',
    malformed=lambda key, v: _MALFORMED.get(
        key, f"unknown action {key!r}; use reroll, remove, exchange or end"),
    foreign=lambda a: ValueError(f"{a!r} is not a Tug of War action"))
"""Every action's JSON form in a log, and its schema: ``{"reroll": [6, 6]}``,
``{"remove": {"common": 5, "team": 4}}``, ``{"exchange": {"common": 3, "team": 2}}`` or
``"end"``.

>>> CODEC.to_json(Remove(5, 4)), CODEC.from_json({"reroll": [6, 1]})
({'remove': {'common': 5, 'team': 4}}, Reroll(dice=(1, 6)))
"""


@dataclass(frozen=True, slots=True)
class TugStats:
    """What the printed kit must hold: the most athletes each side fielded, and turns played."""

    max_athletes: tuple[int, int]
    turns: int


# -- dice ----------------------------------------------------------------------------------


@cache
def _all_rolls(n: int, faces: int) -> tuple[Dice, ...]:
    """Every ordered outcome of ``n`` dice: one uniform pick is one fair roll."""
    return tuple(itertools.product(range(1, faces + 1), repeat=n))


def _fast_choice_matches() -> bool:
    """Whether :meth:`_Roll.sample`'s inlined draw is exactly ``random.Random.choice`` here
    (it is on CPython 3.11+; checked once so a future change cannot alter seeded games)."""
    rolls = _all_rolls(3, 6)
    a, b = random.Random("printkit/check"), random.Random("printkit/check")
    n, k = len(rolls), len(rolls).bit_length()
    for _ in range(300):
        r = b.getrandbits(k)
        while r >= n:
            r = b.getrandbits(k)
        if a.choice(rolls) != rolls[r]:
            return False
    return True


_FAST_CHOICE: Final = _fast_choice_matches()


class _Roll(DiceRoll):
    """A :class:`DiceRoll` of ``n`` alike dice with a one-call sampler (auto-play rolls a lot
    of dice); it draws exactly what ``rng.choice`` over every ordered outcome would."""

    def __init__(self, n: int, faces: int) -> None:
        super().__init__((faces,) * n)
        rolls = _all_rolls(n, faces)
        object.__setattr__(self, "_rolls", rolls)
        object.__setattr__(self, "_bits", len(rolls).bit_length())

    def sample(self, rng: random.Random) -> Dice:
        rolls: tuple[Dice, ...] = self._rolls  # type: ignore[attr-defined]
        if _FAST_CHOICE and type(rng) is random.Random:
            n = len(rolls)
            k: int = self._bits  # type: ignore[attr-defined]
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return rolls[r]
        return rng.choice(rolls)


@cache
def _sorted_rolls(faces: int, most: int) -> dict[Dice, Dice]:
    """Every ordered roll of 1..``most`` dice -> the same dice sorted (one lookup per roll)."""
    return {
        roll: tuple(sorted(roll))
        for n in range(1, most + 1)
        for roll in _all_rolls(n, faces)
    }


@cache
def _known_rolls(faces: int, most: int) -> dict[Dice, tuple[Dice, Dice]]:
    """Every ordered roll of 1..``most`` dice -> the roll itself, as :class:`_Roll` draws it,
    and the same dice sorted: a roll that *is* one of these holds nothing but whole faces."""
    return {roll: (roll, rolled) for roll, rolled in _sorted_rolls(faces, most).items()}


@cache
def _rolls(faces: int, most: int) -> dict[int, _Roll]:
    """The roll of 1..``most`` dice, by the number of dice."""
    return {n: _Roll(n, faces) for n in range(1, most + 1)}


_DROP: dict[tuple[Dice, int], Dice] = {}


def _drop(dice: Dice, value: int) -> Dice:
    """``dice`` without one die showing ``value`` (which must be there)."""
    key = (dice, value)
    rest = _DROP.get(key)
    if rest is None:
        i = dice.index(value)
        rest = _DROP[key] = dice[:i] + dice[i + 1 :]
    return rest


_SWAPPED: dict[tuple[Dice, int, int], Dice] = {}


def _swapped(team: Dice, out: int, into: int) -> Dice:
    """``team`` with a die showing ``out`` replaced by one showing ``into`` (sorted)."""
    key = (team, out, into)
    new = _SWAPPED.get(key)
    if new is None:
        new = _SWAPPED[key] = tuple(sorted(_drop(team, out) + (into,)))
    return new


_KEPT: dict[tuple[Dice, Dice], Dice | None] = {}


def _kept_after(roll: Dice, reroll: Dice) -> Dice | None:
    """The dice of ``roll`` that stay when the dice ``reroll`` are picked up (sorted), or
    None when ``roll`` does not hold them all."""
    key = (roll, reroll)
    try:
        return _KEPT[key]
    except KeyError:
        pass
    except TypeError:  # unhashable values: not dice
        return None
    kept: Dice | None = roll
    for v in reroll:
        if kept is None or v not in kept:
            kept = None
            break
        kept = _drop(kept, v)
    if len(_KEPT) < 100_000:
        _KEPT[key] = kept
    return kept


def _sub_multisets(dice: Dice, most: int) -> list[Dice]:
    """Every sub-multiset of ``dice`` with at most ``most`` members, smallest first."""
    found = {c for k in range(min(most, len(dice)) + 1) for c in itertools.combinations(dice, k)}
    return sorted(found, key=lambda c: (len(c), c))


def _is_sub_multiset(part: Sequence[int], whole: Dice) -> bool:
    rest = list(whole)
    for v in part:
        if v not in rest:
            return False
        rest.remove(v)
    return True


def _listed(dice: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, dice)) + "]"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class _Config:
    """What every state of one game shares (rules, options, lookup tables): one reference
    for :meth:`TugOfWarState.clone` to copy."""

    __slots__ = ("rules", "turn_limit", "sequential", "faces", "top", "bonus", "team_dice",
                 "common_dice", "per_six", "exchanges", "setup_rerolls", "names", "sorted", "known",
                 "rolls")

    def __init__(self, rules: Rules, turn_limit: int, reroll_mode: str) -> None:
        self.rules = rules
        self.turn_limit = turn_limit
        self.sequential = reroll_mode == "sequential"
        self.faces = rules.faces
        self.top = rules.athletes_per_side
        self.bonus = rules.exchange_bonus
        self.team_dice = rules.team_dice
        self.common_dice = rules.common_dice
        self.per_six = rules.rerolls_per_six
        self.exchanges = rules.exchanges_per_turn > 0
        self.setup_rerolls = rules.setup_rerolls > 0
        self.names = rules.player_names
        most = max(rules.team_dice, rules.common_dice)
        self.sorted = _sorted_rolls(rules.faces, most)
        self.known = _known_rolls(rules.faces, most)
        self.rolls = _rolls(rules.faces, most)

    @property
    def reroll_mode(self) -> str:
        return "sequential" if self.sequential else "simultaneous"

    def after_exchange(self, own: int, common: int, team: int) -> int:
        """:meth:`Rules.after_exchange`, inlined for the hot path."""
        first = own + self.bonus
        if first > self.top:
            first = self.top
        after = first + common - team
        return self.top if after > self.top else after


# -- state ---------------------------------------------------------------------------------


class TugOfWarState(State[Action]):
    """One moment of a game of Tug of War. Mutable; :meth:`clone` is cheap (no deepcopy)."""

    __slots__ = (
        "game",
        "_cfg",
        "_phase",
        "_cp",
        "_player",
        "_teams",
        "_athletes",
        "_max",
        "_roll",
        "_kept",
        "_free_common",
        "_free_team",
        "_exchanged",
        "_turns",
        "_opening",
        "_winner",
        "_sixes",
        "_left",
        "_ended",
    )
    _num_players: ClassVar[int] = 2
    game: TugOfWar

    def __init__(
        self, game: TugOfWar, *, turn_limit: int | None = None, reroll_mode: str | None = None
    ) -> None:
        rules = game.rules
        mode = reroll_mode if reroll_mode is not None else rules.reroll_mode
        if mode not in REROLL_MODES:
            raise ValueError(f"reroll_mode must be one of {', '.join(REROLL_MODES)}")
        self.game = game
        self._cfg = _Config(rules, turn_limit if turn_limit is not None else rules.turn_limit,
                            mode)
        self._teams: tuple[Dice, Dice] = ((), ())
        self._athletes: tuple[int, int] = (0, 0)
        self._max: tuple[int, int] = (0, 0)
        self._roll: Dice = ()
        self._kept: Dice = ()
        self._free_common: Dice = ()
        self._free_team: Dice = ()
        self._exchanged = False
        self._turns = 0
        self._opening: tuple[int, int, int] | None = None
        """Who took the first turn, and each side's athletes then (None during set-up)."""
        self._winner: int | None = None
        self._sixes = 0
        self._left = 0
        self._ended: _EndedTuple | None = None
        """The turn that ended by itself just now, as :class:`_Ended` fields (a plain tuple:
        one is made at the end of most turns)."""
        self._player = YELLOW
        self._phase = _SETUP_ROLL
        self._cp = CHANCE

    @classmethod
    def from_position(
        cls,
        *,
        team: tuple[Sequence[int], Sequence[int]],
        athletes: tuple[int, int],
        to_move: int = YELLOW,
        turns: int = 0,
        game: TugOfWar | None = None,
        turn_limit: int | None = None,
        reroll_mode: str | None = None,
    ) -> TugOfWarState:
        """A mid-game state at the start of ``to_move``'s turn, before the common roll.

        For worked examples and tests: set-up is skipped and the statistics start here.

        >>> s = TugOfWarState.from_position(team=((2, 4, 6), (1, 3, 5)), athletes=(3, 6))
        >>> s.phase, s.is_chance()
        (<Phase.TURN_ROLL: 3>, True)
        """
        state = cls(game or TugOfWar(), turn_limit=turn_limit, reroll_mode=reroll_mode)
        r = state.rules
        teams: list[Dice] = []
        for p in (YELLOW, RED):
            dice = tuple(sorted(team[p]))
            if len(dice) != r.team_dice or not all(1 <= v <= r.faces for v in dice):
                raise ValueError(f"team {p} must be {r.team_dice} dice showing 1-{r.faces}")
            if not 1 <= athletes[p] <= r.athletes_per_side:
                raise ValueError(f"athletes must be 1-{r.athletes_per_side} per side")
            teams.append(dice)
        if to_move not in (YELLOW, RED):
            raise ValueError("to_move must be 0 (yellow) or 1 (red)")
        if turns < 0:
            raise ValueError("turns must be 0 or more")
        state._teams = (teams[0], teams[1])
        state._athletes = (athletes[0], athletes[1])
        state._max = state._athletes
        state._turns = turns
        state._opening = (to_move, athletes[0], athletes[1])
        state._start_turn(to_move)
        return state

    # -- read-only views -------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._cfg.rules

    @property
    def reroll_mode(self) -> str:
        """``"simultaneous"`` or ``"sequential"``: how this game takes the re-rolls for sixes."""
        return self._cfg.reroll_mode

    @property
    def turn_limit(self) -> int:
        return self._cfg.turn_limit

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def player(self) -> int:
        """The player whose set-up or turn it is (also during its CHANCE nodes)."""
        return self._player

    @property
    def team(self) -> tuple[Dice, Dice]:
        """Each side's team dice, sorted (``()`` before that side's set-up is done)."""
        return self._teams

    @property
    def athletes(self) -> tuple[int, int]:
        """Athletes on the rope, per side."""
        return self._athletes

    def reserve(self, player: int) -> int:
        """Athletes of ``player`` off the rope (removed ones go back here)."""
        return self._cfg.top - self._athletes[player]

    @property
    def roll(self) -> Dice:
        """The dice just rolled: the set-up roll, or this turn's common dice after re-rolls."""
        return self._roll

    @property
    def free_common(self) -> Dice:
        """Common dice not yet used this turn."""
        return self._free_common

    @property
    def free_team(self) -> Dice:
        """Team dice of the active player not yet paired with a common die this turn."""
        return self._free_team

    @property
    def exchanged(self) -> bool:
        return self._exchanged

    @property
    def turns(self) -> int:
        """Turns begun so far (both players' turns count)."""
        return self._turns

    @property
    def first_player(self) -> int | None:
        """Who took the first turn (``None`` during set-up)."""
        return None if self._opening is None else self._opening[0]

    @property
    def opening_athletes(self) -> tuple[int, int] | None:
        """Athletes on the rope when the first turn began (after set-up, or the position a
        log starts from); None during set-up."""
        return None if self._opening is None else self._opening[1:]

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def stats(self) -> TugStats:
        return TugStats(self._max, self._turns)

    @property
    def rerolls_left(self) -> int:
        """Re-rolls for sixes still to come this turn (0 outside the re-roll step)."""
        return self._left if self._phase in (_TURN_REROLL, _TURN_REROLL_ROLL) else 0

    def rerolls_allowed(self) -> int:
        """How many dice the current re-roll decision may name."""
        phase = self._phase
        if phase is _SETUP_REROLL:
            return self._cfg.team_dice if self._cfg.setup_rerolls else 0
        if phase is not _TURN_REROLL:
            return 0
        if self._cfg.sequential:
            return 1 if self._left else 0
        return min(self._left, len(self._roll))

    def __repr__(self) -> str:
        names = self._cfg.names
        sides = " | ".join(
            f"{names[p]} {self._athletes[p]} {list(self._teams[p])}" for p in (YELLOW, RED)
        )
        return f"<TugOfWarState {sides} | {names[self._player]} {self._phase.name}>"

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._cp

    def is_terminal(self) -> bool:
        return self._cp == TERMINAL

    def is_chance(self) -> bool:
        return self._cp == CHANCE

    def _roll_size(self) -> int:
        """How many dice the due roll has (0 when no roll is due)."""
        phase = self._phase
        if phase is _TURN_ROLL:
            return self._cfg.common_dice
        if phase is _SETUP_ROLL:
            return self._cfg.team_dice
        if phase is _TURN_REROLL_ROLL or phase is _SETUP_REROLL_ROLL:
            return len(self._roll) - len(self._kept)
        return 0

    def chance_outcomes(self) -> _Roll:
        phase = self._phase
        n = (
            self._cfg.common_dice if phase is _TURN_ROLL
            else len(self._roll) - len(self._kept) if phase is _TURN_REROLL_ROLL
            else self._roll_size()
        )
        if not n:
            raise IllegalActionError("no roll is due now; a player must decide")
        return self._cfg.rolls[n]

    def check_outcome(self, outcome: Any) -> None:
        if self._cp != CHANCE:
            raise IllegalActionError(self._no_roll_due())
        if isinstance(outcome, ACTION_TYPES):
            raise IllegalActionError(self._decision_at_chance(outcome))
        n, faces = self._roll_size(), self._cfg.faces
        if type(outcome) is not tuple:
            outcome = tuple(outcome) if isinstance(outcome, list) else None
        if (
            outcome is None
            or len(outcome) != n
            or not all(type(v) is int and 1 <= v <= faces for v in outcome)
        ):
            shown = _listed(outcome) if isinstance(outcome, tuple) else repr(outcome)
            raise IllegalActionError(
                f"{shown} is not a possible roll: {_plural(n, 'die', 'dice')} showing"
                f" 1-{faces} {'is' if n == 1 else 'are'} due"
            )

    def _no_roll_due(self) -> str:
        name = self._cfg.names[self._player]
        phase = self._phase
        if phase is _ACTIONS:
            return f"no roll is due now: {name} uses the common dice or ends the turn"
        if phase is _TURN_REROLL or phase is _SETUP_REROLL:
            return f"no roll is due now: {name} first says which dice to re-roll"
        return "no roll is due now: the game is over"

    def apply(self, move: Any) -> None:
        """Apply a decision, or a chance outcome at a CHANCE node, refusing illegal ones.

        Auto-play calls this on every step, so the moves it makes most are checked here by a
        few comparisons, then applied by the same transitions as any other (one source of
        truth for the rules: :meth:`_apply_outcome`, :meth:`_remove`, :meth:`_start_turn`,
        :meth:`_exchange`, :meth:`_reroll`); anything else goes through
        :meth:`check_legal` and :meth:`check_outcome`, which name the rule a refused move
        breaks. ``tests/test_tug_of_war_engine.py`` plays many games both ways and compares.
        """
        cfg = self._cfg
        phase = self._phase
        if self._cp == CHANCE:
            # One lookup turns a possible roll into the same dice sorted (None: not a roll
            # of 1-3 dice). True looks a 1 up too, so a roll the dice spec did not draw
            # itself (one read from a log, say) is checked for it when it shows a 1.
            try:
                known = cfg.known.get(move) if type(move) is tuple else None
            except TypeError:  # unhashable members
                known = None
            if known is None or len(known[1]) != (
                cfg.common_dice if phase is _TURN_ROLL
                else len(self._roll) - len(self._kept) if phase is _TURN_REROLL_ROLL
                else self._roll_size()
            ) or known[0] is not move and known[1][0] == 1 and bool in map(type, move):
                self.check_outcome(move)  # raises, naming the rule
                rolled = tuple(sorted(move))
            else:
                rolled = known[1]
            self._apply_outcome(rolled)
            return
        kind = type(move)
        if phase is _ACTIONS:
            if kind is Remove:
                c, t = move.common, move.team
                if c in self._free_common and t in self._free_team and c >= t:
                    self._remove(c, t)
                    return
            elif kind is EndTurn:
                self._start_turn(1 - self._player)
                return
            elif kind is Exchange:
                c, t = move.common, move.team
                if (
                    not self._exchanged
                    and cfg.exchanges
                    and c != t
                    and c in self._free_common
                    and t in self._free_team
                    and cfg.after_exchange(self._athletes[self._player], c, t) >= 1
                ):
                    self._exchange(c, t)
                    return
        elif phase is _TURN_REROLL and kind is Reroll:
            dice = move.dice
            if not dice:
                self._reroll(dice)
                return
            kept = _kept_after(self._roll, dice)
            if kept is not None and (len(dice) == 1 if cfg.sequential
                                     else len(dice) <= self._left):
                self._reroll(dice, kept)
                return
        self.check_legal(move)  # raises unless legal (set-up re-rolls always come this way)
        self._apply_action(move)

    def _remove(self, c: int, t: int) -> None:
        """A legal removal: the common ``c`` against the team ``t``."""
        self._ended = None
        key = (self._free_common, c)
        fc = _DROP.get(key)
        if fc is None:
            fc = _drop(*key)
        key = (self._free_team, t)
        ft = _DROP.get(key)
        if ft is None:
            ft = _drop(*key)
        self._free_common = fc
        self._free_team = ft
        p = self._player
        a = self._athletes
        if p:
            self._athletes = a = (a[0] - 1, a[1])
            left = a[0]
        else:
            self._athletes = a = (a[0], a[1] - 1)
            left = a[1]
        if not left:
            self._winner = p
            self._phase = _OVER
            self._cp = TERMINAL
            self._ended = (p, self._roll, fc, ft, self._exchanged, self._sixes)
        elif not fc or not ft or fc[-1] < ft[0] and not self._can_exchange():
            self._end_by_itself()

    def _apply_outcome(self, rolled: Dice) -> None:
        """Apply a roll already known to be possible (``rolled``: sorted)."""
        cfg = self._cfg
        phase = self._phase
        self._ended = None
        if phase is _TURN_ROLL:
            self._turns += 1
            self._roll = rolled
            sixes = self._teams[self._player].count(cfg.faces) * cfg.per_six
            self._sixes = self._left = sixes
            if sixes:
                self._phase = _TURN_REROLL
                self._cp = self._player
            else:
                self._enter_actions()
        elif phase is _TURN_REROLL_ROLL:
            self._roll = cfg.sorted[self._kept + rolled]
            self._kept = ()
            if self._left:  # sequential: the next re-roll decision
                self._phase = _TURN_REROLL
                self._cp = self._player
            else:
                self._enter_actions()
        elif phase is _SETUP_ROLL:
            self._roll = rolled
            if cfg.setup_rerolls:
                self._phase = _SETUP_REROLL
                self._cp = self._player
            else:
                self._finish_setup()
        else:  # SETUP_REROLL_ROLL
            self._roll = cfg.sorted[self._kept + rolled]
            self._finish_setup()

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase is _SETUP_REROLL or phase is _TURN_REROLL:
            return [Reroll(d) for d in _sub_multisets(self._roll, self.rerolls_allowed())]
        if phase is not _ACTIONS:
            return []
        actions: list[Action] = []
        commons = sorted(set(self._free_common))
        teams = sorted(set(self._free_team))
        for c in commons:
            for t in teams:
                if c >= t:
                    actions.append(Remove(c, t))
        if not self._exchanged and self._cfg.exchanges:
            own = self._athletes[self._player]
            after = self._cfg.after_exchange
            for c in commons:
                for t in teams:
                    if c != t and after(own, c, t) >= 1:
                        actions.append(Exchange(c, t))
        actions.append(EndTurn())
        return actions

    def check_legal(self, action: Any) -> None:
        why = self._illegal_reason(action)
        if why is not None:
            raise IllegalActionError(why)

    def explain_illegal(self, action: Any) -> str:
        return self._illegal_reason(action) or f"{action!r} is legal now"

    def absorbs_redundant(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action``, written where no decision is due, is a redundant ``"end"``:
        the turn of the player who wrote it (``player``, when the caller knows it) already
        ended by itself (no common die could be used any more, or the game ended), and
        nothing has been rolled since. Replay then skips the line; it changes nothing.

        Any other decision written right after a turn that ended by itself is refused here
        with the rule it breaks in that turn (replay asks this hook before refusing a
        decision at a CHANCE node), e.g. an exchange that would have emptied the rope.
        """
        if self._ended is None or self._cp not in (CHANCE, TERMINAL):
            return False
        if player is not None and player != self._ended[0]:
            return False  # not that turn's player: the caller's own refusal says it
        if type(action) is EndTurn:
            return True
        if isinstance(action, ACTION_TYPES) and self._cp == CHANCE:
            raise IllegalActionError(self._decision_at_chance(action))
        return False

    def _decision_at_chance(self, action: Any) -> str:
        """Why a decision written where a roll is due is refused, as precisely as known."""
        if self._ended is None or not isinstance(action, ACTION_TYPES):
            return "a chance outcome (a roll) is due, not a decision"
        ended = _Ended(*self._ended)
        name = self._cfg.names[ended.player]
        head = (
            f"{name}'s turn already ended by itself, as no common die could be used any more"
            " (a roll is due next)"
        )
        if type(action) is EndTurn:
            return head
        why = self._turn_reason(
            action, ended.player, ended.roll, ended.free_common, ended.free_team,
            ended.exchanged, ended.sixes,
        )
        return f"{head}: {why}" if why else head

    def _illegal_reason(self, action: Any) -> str | None:
        cp = self._cp
        if cp == TERMINAL:
            return "the game is over; no more actions"
        if cp == CHANCE:
            return self._decision_at_chance(action)
        cfg = self._cfg
        p = self._player
        name = cfg.names[p]
        kind = type(action)
        phase = self._phase
        if isinstance(action, tuple | list):
            return self._no_roll_due()  # a roll written where a decision is due
        if phase is _SETUP_REROLL or phase is _TURN_REROLL:
            if kind is not Reroll:
                if phase is _SETUP_REROLL:
                    return (
                        f"{name} must first say which team dice to re-roll"
                        ' ({"reroll": [...]}; [] keeps them all)'
                    )
                return (
                    f"{name}'s team dice {_listed(self._teams[p])} hold a 6, so {name} must"
                    ' first say which common dice to re-roll ({"reroll": [...]}; [] keeps them)'
                )
            dice = action.dice
            most = self.rerolls_allowed()
            if len(dice) > most:
                if phase is _SETUP_REROLL:
                    return f"at set-up at most {_plural(most, 'die', 'dice')} may be re-rolled"
                if cfg.sequential:
                    return (
                        "re-rolls for sixes are taken one at a time (reroll_mode"
                        f' "sequential"): name one die; {name} has'
                        f" {_plural(self._left, 're-roll', 're-rolls')} left this turn"
                    )
                return (
                    f"{name} may re-roll only {_plural(most, 'common die', 'common dice')}:"
                    f" one per 6 among the team dice {_listed(self._teams[p])}"
                )
            if not _is_sub_multiset(dice, self._roll):
                return f"cannot re-roll {_listed(dice)}: the dice show {_listed(self._roll)}"
            return None
        # ACTIONS
        return self._turn_reason(
            action, p, self._roll, self._free_common, self._free_team, self._exchanged,
            self._sixes,
        )

    def _turn_reason(
        self,
        action: Any,
        p: int,
        roll: Dice,
        free_common: Dice,
        free_team: Dice,
        exchanged: bool,
        sixes: int,
    ) -> str | None:
        """Why ``action`` breaks the rules of using the common dice, in ``p``'s turn with
        these dice (None if it does not)."""
        cfg = self._cfg
        name = cfg.names[p]
        kind = type(action)
        team = self._teams[p]
        if kind is EndTurn:
            return None
        if kind is Reroll:
            if not sixes:
                why = (
                    f"there is no re-roll decision this turn: {name} had no 6 among the team"
                    " dice when the common dice were rolled"
                )
                if cfg.faces in team:
                    why += " (a 6 brought in by an exchange grants no re-roll: that step is over)"
                return why + "; use the common dice or end the turn"
            return (
                "the re-roll decision came straight after the roll and is over; now use the"
                " common dice or end the turn"
            )
        if kind is not Remove and kind is not Exchange:
            return f"{action!r} is not a Tug of War action"
        c, t = action.common, action.team
        if kind is Exchange and exchanged:
            return "only one exchange is allowed per turn"
        if kind is Exchange and not cfg.exchanges:
            return "these rules allow no exchanges"
        if c not in free_common:
            if c in roll:
                return f"the common {c} has already been used this turn (each common die once)"
            return f"no common die shows {c} (the common dice show {_listed(roll)})"
        if t not in free_team:
            if t in team:
                return (
                    f"the team {t} is already paired with a common die this turn"
                    " (each team die once)"
                )
            return f"no team die of {name} shows {t} (the team dice show {_listed(team)})"
        if kind is Remove:
            if c < t:
                return (
                    f"a common {c} cannot remove an athlete against the team {t}:"
                    " the common die must be at least as high"
                )
            return None
        if c == t:
            return "an exchange needs dice of different values"
        own = self._athletes[p]
        if cfg.after_exchange(own, c, t) < 1:
            got = min(own + cfg.bonus, cfg.top) - own
            return (
                f"exchanging the common {c} for the team {t} would leave {name} none on the"
                f" rope ({own} + {got} - {t - c}): an exchange may not take your own last"
                " athlete off the rope"
            )
        return None

    def _apply_action(self, action: Action) -> None:
        """Apply a decision already known to be legal."""
        if type(action) is Remove:
            self._remove(action.common, action.team)
        elif type(action) is EndTurn:
            self._start_turn(1 - self._player)
        elif type(action) is Exchange:
            self._exchange(action.common, action.team)
        else:
            assert type(action) is Reroll  # the last kind of Action
            self._reroll(action.dice)

    def _exchange(self, c: int, t: int) -> None:
        """A legal exchange of the common ``c`` for the team ``t``."""
        self._ended = None
        p = self._player
        cfg = self._cfg
        self._free_common = _drop(self._free_common, c)
        self._free_team = _drop(self._free_team, t)
        new = _swapped(self._teams[p], t, c)
        own = cfg.after_exchange(self._athletes[p], c, t)
        if p == YELLOW:
            self._teams = (new, self._teams[1])
            self._athletes = (own, self._athletes[1])
            if own > self._max[0]:
                self._max = (own, self._max[1])
        else:
            self._teams = (self._teams[0], new)
            self._athletes = (self._athletes[0], own)
            if own > self._max[1]:
                self._max = (self._max[0], own)
        self._exchanged = True
        if not self._can_act():
            self._end_by_itself()

    def _reroll(self, dice: Dice, kept: Dice | None = None) -> None:
        """A legal re-roll of ``dice`` (``()`` keeps them all), at set-up or for sixes;
        ``kept``: the dice that stay, when the caller knows them."""
        self._ended = None
        if self._phase is _SETUP_REROLL:
            if not dice:
                self._finish_setup()
                return
            self._phase = _SETUP_REROLL_ROLL
        else:
            if not dice:
                self._left = 0
                self._enter_actions()
                return
            self._left = self._left - len(dice) if self._cfg.sequential else 0
            self._phase = _TURN_REROLL_ROLL
        if kept is None:
            kept = _kept_after(self._roll, dice)
            assert kept is not None
        self._kept = kept
        self._cp = CHANCE

    # -- transitions ---------------------------------------------------------------------------

    def _finish_setup(self) -> None:
        p = self._player
        cfg = self._cfg
        roll = self._roll
        own = min(sum(roll), cfg.top)
        if p == YELLOW:
            self._teams = (roll, self._teams[1])
            self._athletes = (own, self._athletes[1])
            self._max = (max(self._max[0], own), self._max[1])
        else:
            self._teams = (self._teams[0], roll)
            self._athletes = (self._athletes[0], own)
            self._max = (self._max[0], max(self._max[1], own))
        self._roll = ()
        self._kept = ()
        if p == YELLOW:
            self._player = RED
            self._phase = _SETUP_ROLL
            self._cp = CHANCE
        else:
            a = self._athletes
            first = YELLOW if a[YELLOW] <= a[RED] else RED
            self._opening = (first, a[YELLOW], a[RED])
            self._start_turn(first)

    def _start_turn(self, player: int, ended: _EndedTuple | None = None) -> None:
        """``player``'s turn begins (or the game ends at the turn limit); ``ended``: the turn
        before it, when it ended by itself (see :meth:`absorbs_redundant`)."""
        self._ended = ended
        self._player = player
        self._roll = ()
        self._kept = ()
        self._free_common = ()
        self._free_team = ()
        self._exchanged = False
        self._sixes = self._left = 0
        if self._turns >= self._cfg.turn_limit:
            self._phase = _OVER
            self._cp = TERMINAL
        else:
            self._phase = _TURN_ROLL
            self._cp = CHANCE

    def _enter_actions(self) -> None:
        self._kept = ()
        self._free_common = fc = self._roll
        self._free_team = ft = self._teams[self._player]
        self._exchanged = False
        self._phase = _ACTIONS
        self._cp = self._player
        if not fc or not ft or fc[-1] < ft[0] and not self._can_exchange():
            self._end_by_itself()

    def _can_act(self) -> bool:
        """Whether any remove or exchange is still possible (else the turn ends by itself)."""
        fc, ft = self._free_common, self._free_team
        if not fc or not ft:
            return False
        return fc[-1] >= ft[0] or self._can_exchange()

    def _can_exchange(self) -> bool:
        """When every free common die is below every free team die: whether an exchange is
        still allowed. The one that costs least pairs the highest common die with the lowest
        team die; it is allowed unless it would empty the rope."""
        cfg = self._cfg
        if self._exchanged or not cfg.exchanges:
            return False
        fc, ft = self._free_common, self._free_team
        return cfg.after_exchange(self._athletes[self._player], fc[-1], ft[0]) >= 1

    def _end_by_itself(self) -> None:
        """The turn ends because no common die can be used any more (remembered, to tell a
        redundant "end" written after it), and the opponent's begins."""
        p = self._player
        self._start_turn(1 - p, (p, self._roll, self._free_common, self._free_team,
                                 self._exchanged, self._sixes))

    # -- results -------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self._phase is not _OVER:
            return [0.0, 0.0]
        if self._winner is None:
            return [0.5, 0.5]
        return [1.0, 0.0] if self._winner == YELLOW else [0.0, 1.0]

    def result(self) -> dict[str, Any]:
        w = self._winner
        return {
            "winner": w,
            "winner_name": None if w is None else self._cfg.names[w],
            "end": "eliminated" if w is not None else "turn limit",
            "athletes": list(self._athletes),
            "turns": self._turns,
            "first_player": self.first_player,
            "max_athletes": list(self._max),
        }

    def clone(self) -> TugOfWarState:
        s = object.__new__(TugOfWarState)
        s.game = self.game
        s._cfg = self._cfg
        s._phase = self._phase
        s._cp = self._cp
        s._player = self._player
        s._teams = self._teams
        s._athletes = self._athletes
        s._max = self._max
        s._roll = self._roll
        s._kept = self._kept
        s._free_common = self._free_common
        s._free_team = self._free_team
        s._exchanged = self._exchanged
        s._turns = self._turns
        s._opening = self._opening
        s._winner = self._winner
        s._sixes = self._sixes
        s._left = self._left
        s._ended = self._ended
        return s

    def view(self, player: int) -> TugOfWarState:
        """Tug of War hides nothing: a player sees the whole state (a copy of it)."""
        return self.clone()


_EndedTuple = tuple[int, Dice, Dice, Dice, bool, int]


class _Ended(NamedTuple):
    """A turn that ended by itself: whose, and its dice when it did (for a precise refusal
    of a decision written after it, and to recognise a redundant ``"end"``)."""

    player: int
    roll: Dice
    free_common: Dice
    free_team: Dice
    exchanged: bool
    sixes: int


# -- game ----------------------------------------------------------------------------------


class TugOfWar(Game[TugOfWarState, Action]):
    """Tug of War for two players (Yellow and Red).

    Options: ``turn_limit`` (designed for printkit; default from ``rules.toml``),
    ``reroll_mode`` (``"simultaneous"`` or ``"sequential"``: how the re-rolls for sixes are
    taken; default from ``rules.toml``) and ``position`` (start mid-game, see
    :meth:`_position`).
    """

    info = GameInfo(
        name="tug-of-war",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=2,
        max_players=2,
        default_players=2,
        seed_document="001_17bbc5b0bfd75b75.txt",
        player_names=RULES.player_names,
        has_score=False,
        notes="A game ends in a draw after turn_limit turns (designed for printkit).",
    )

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> TugOfWarState:
        if num_players not in (None, 2):
            raise ValueError(f"Tug of War is for 2 players, not {num_players}")
        opts = self.declared_options().read(options)
        limit, mode, position = opts["turn_limit"], opts["reroll_mode"], opts["position"]
        if position is None:
            return TugOfWarState(self, turn_limit=limit, reroll_mode=mode)
        return self._position(position, limit, mode)

    def _position(self, position: Any, limit: int | None, mode: str | None) -> TugOfWarState:
        """The ``position`` option: a log that starts mid-game (for worked examples), e.g.
        ``{"team": [[2, 4, 6], [1, 3, 5]], "athletes": [3, 6], "to_move": 0}`` (optional
        ``"turns"``: turns already played)."""
        shape = (
            'position must be {"team": [[...], [...]], "athletes": [y, r], "to_move": 0 or 1}'
        )
        if not isinstance(position, dict) or not {"team", "athletes"} <= set(position):
            raise ValueError(shape)
        unknown = set(position) - {"team", "athletes", "to_move", "turns"}
        if unknown:
            raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))} in position; "
                             + shape)
        team, athletes = position["team"], position["athletes"]
        to_move = position.get("to_move", YELLOW)
        turns = position.get("turns", 0)
        if (
            not isinstance(team, list)
            or len(team) != 2
            or not all(isinstance(t, list) and all(is_whole(v) for v in t) for t in team)
            or not isinstance(athletes, list)
            or len(athletes) != 2
            or not all(is_whole(a) for a in athletes)
            or not is_whole(to_move)
            or not is_whole(turns)
        ):
            raise ValueError(shape)
        return TugOfWarState.from_position(
            team=(team[0], team[1]),
            athletes=(athletes[0], athletes[1]),
            to_move=to_move,
            turns=turns,
            game=self,
            turn_limit=limit,
            reroll_mode=mode,
        )

    def outcome_from_json(self, data: Any) -> Dice:
        if not isinstance(data, list) or not all(is_whole(v) for v in data):
            raise ValueError("a roll is a list of the faces shown, e.g. [2, 6, 6]")
        return tuple(data)

    def action_to_json(self, action: Action) -> Any:
        """``{"reroll": [6, 6]}``, ``{"remove": {"common": 5, "team": 4}}``,
        ``{"exchange": {"common": 3, "team": 2}}`` or ``"end"`` (:data:`CODEC`)."""
        return CODEC.to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return CODEC.from_json(data)

    # -- JSON Schemas (draft 2020-12) of this game's parts of a log line ---------------------

    def action_schema(self) -> dict[str, Any]:
        """One of the action forms, each from :data:`CODEC`."""
        return CODEC.schema()

    def outcome_schema(self) -> dict[str, Any]:
        """The faces rolled: all the dice of a roll, or only the re-rolled ones."""
        r = self.rules
        return {
            "type": "array",
            "description": "the faces rolled; a re-roll lists only the re-rolled dice",
            "minItems": 1,
            "maxItems": max(r.team_dice, r.common_dice),
            "items": {"type": "integer", "minimum": 1, "maximum": r.faces},
        }

    def result_schema(self) -> dict[str, Any]:
        """Every key :meth:`TugOfWarState.result` writes (a written result may give fewer)."""
        r = self.rules
        side = {"enum": [YELLOW, RED, None]}
        count = {"type": "integer", "minimum": 0, "maximum": r.athletes_per_side}
        pair = {"type": "array", "minItems": 2, "maxItems": 2, "items": count}
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "winner": side,
                "winner_name": {"enum": [*r.player_names, None]},
                "end": {"enum": ["eliminated", "turn limit"]},
                "athletes": pair,
                "turns": {"type": "integer", "minimum": 0},
                "first_player": side,
                "max_athletes": pair,
            },
        }

    def declared_options(self) -> Options:
        r = self.rules
        dice = {"type": "array", "minItems": r.team_dice, "maxItems": r.team_dice,
                "items": {"type": "integer", "minimum": 1, "maximum": r.faces}}
        return Options(
            Option("turn_limit", {"type": "integer", "minimum": 1},
                   "turns (both sides') before a draw",
                   check=lambda v: v is None or (is_whole(v) and v >= 1),
                   error=lambda v: "turn_limit must be a whole number of at least 1"),
            Option("reroll_mode", {"enum": list(REROLL_MODES)},
                   "how the re-rolls for sixes are taken",
                   check=lambda v: v is None or v in REROLL_MODES,
                   error=lambda v: f"reroll_mode must be "
                                   f"{' or '.join(map(repr, REROLL_MODES))}, not {v!r}"),
            Option("position", {
                "type": "object",
                "required": ["team", "athletes"],
                "additionalProperties": False,
                "properties": {
                    "team": {"type": "array", "minItems": 2, "maxItems": 2, "items": dice},
                    "athletes": {"type": "array", "minItems": 2, "maxItems": 2,
                                 "items": {"type": "integer", "minimum": 1,
                                           "maximum": r.athletes_per_side}},
                    "to_move": {"enum": [YELLOW, RED]},
                    "turns": {"type": "integer", "minimum": 0},
                }}, "start mid-game, at to_move's common roll"),  # checked by _position
        )

    def bots(self) -> Mapping[str, BotFactory[TugOfWarState, Action]]:
        from printkit.engines.tug_of_war.bots import GreedyBot, LookaheadBot

        return {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}
