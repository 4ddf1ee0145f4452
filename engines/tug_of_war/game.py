"""The Tug of War rules engine: set-up, turns, re-rolls, removals and exchanges.

The rules in brief (the interpretations are argued in ``data/notes.md``):

* Yellow (seat 0), then Red (seat 1), rolls the three team dice, may re-roll any of them once
  (all at the same time), and puts athletes on the rope equal to their sum. Fewer athletes
  starts; Yellow starts on a tie.
* A turn: roll the three common dice; re-roll one common die per 6 among your team dice (all at
  the same time, each die at most once); then use each common die at most once, pairing it
  with one of your team dice that no other common die is paired with this turn:
  *remove* an opposing athlete if the common die is at least as high as the team die, or
  (once a turn) *exchange* the two dice if they differ: +1 athlete, plus the difference if the
  new team die is higher, minus it if lower. The team die just exchanged in is paired already
  (the seed's Jeff example). Stop whenever you like; the turn ends by itself when no common
  die can be used any more.
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
    {"player": 0, "action": "end"}                          stop early (only when needed)

``{"reroll": []}`` keeps the dice. Chance lines list the faces rolled; a re-roll lists only the
re-rolled dice. A log may start mid-game (a worked example) with the header option
``"position"``: see :meth:`TugOfWar._position`.

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
from typing import Any

from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.game import CHANCE, TERMINAL, Game, GameInfo, State
from printkit.engines.tug_of_war.rules import RULES, Rules

YELLOW = 0
RED = 1


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


_CHANCE_PHASES = frozenset(
    {Phase.SETUP_ROLL, Phase.SETUP_REROLL_ROLL, Phase.TURN_ROLL, Phase.TURN_REROLL_ROLL}
)


# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll the dice showing these values (a multiset; ``()`` keeps them all)."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"reroll": [values]}``: the dice to roll again (``[]`` keeps them all)."""
        return {"type": "object", "required": ["reroll"], "additionalProperties": False,
                "properties": {"reroll": {"type": "array", "maxItems": 3,
                                          "items": {"type": "integer", "minimum": 1,
                                                    "maximum": 6}}}}

    dice: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))


@dataclass(frozen=True, slots=True)
class Remove:
    """Pair the common die ``common`` with the team die ``team`` to remove an opposing athlete."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"remove": {"common": value, "team": value}}``."""
        pair = {"type": "integer", "minimum": 1, "maximum": 6}
        return {"type": "object", "required": ["remove"], "additionalProperties": False,
                "properties": {"remove": {"type": "object", "required": ["common", "team"],
                                          "additionalProperties": False,
                                          "properties": {"common": pair, "team": pair}}}}

    common: int
    team: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap the common die ``common`` into the team in place of the team die ``team``."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"exchange": {"common": value, "team": value}}``."""
        pair = {"type": "integer", "minimum": 1, "maximum": 6}
        return {"type": "object", "required": ["exchange"], "additionalProperties": False,
                "properties": {"exchange": {"type": "object", "required": ["common", "team"],
                                          "additionalProperties": False,
                                          "properties": {"common": pair, "team": pair}}}}

    common: int
    team: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop using common dice; the opponent's turn begins."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``"end"``: stop using common dice."""
        return {"const": "end"}


Action = Reroll | Remove | Exchange | EndTurn


@dataclass(frozen=True, slots=True)
class TugStats:
    """What the printed kit must hold: the most athletes each side fielded, and turns played."""

    max_athletes: tuple[int, int]
    turns: int


class _Roll(DiceRoll):
    """A :class:`DiceRoll` of d6s with a one-call sampler (auto-play rolls a lot of dice)."""

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        return rng.choice(_all_rolls(len(self.sides), self.sides[0]))


@cache
def _all_rolls(n: int, faces: int) -> tuple[tuple[int, ...], ...]:
    """Every ordered outcome of ``n`` dice: one uniform pick is one fair roll."""
    return tuple(itertools.product(range(1, faces + 1), repeat=n))


@cache
def _valid_rolls(n: int, faces: int) -> frozenset[tuple[int, ...]]:
    return frozenset(_all_rolls(n, faces))


def _remove_one(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = dice.index(value)
    return dice[:i] + dice[i + 1 :]


def _sub_multisets(dice: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    """Every sub-multiset of ``dice`` with at most ``most`` members, smallest first."""
    found = {c for k in range(min(most, len(dice)) + 1) for c in itertools.combinations(dice, k)}
    return sorted(found, key=lambda c: (len(c), c))


def _is_sub_multiset(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    rest = list(whole)
    for v in part:
        if v not in rest:
            return False
        rest.remove(v)
    return True


# -- state ---------------------------------------------------------------------------------


class TugOfWarState(State["Action"]):
    """One moment of a game of Tug of War. Mutable; :meth:`clone` is cheap (no deepcopy)."""

    __slots__ = (
        "game",
        "_num_players",
        "rules",
        "_phase",
        "_cp",
        "_player",
        "_team",
        "_athletes",
        "_roll",
        "_kept",
        "_need",
        "_free_common",
        "_free_team",
        "_exchanged",
        "_turns",
        "_max",
        "_first",
        "_winner",
        "_turn_limit",
    )

    def __init__(self, game: TugOfWar, *, turn_limit: int | None = None) -> None:
        self.game = game
        self._num_players = 2
        self.rules: Rules = game.rules
        self._turn_limit = turn_limit if turn_limit is not None else self.rules.turn_limit
        self._team: list[tuple[int, ...]] = [(), ()]
        self._athletes = [0, 0]
        self._max = [0, 0]
        self._roll: tuple[int, ...] = ()
        self._kept: tuple[int, ...] = ()
        self._need = 0
        self._free_common: tuple[int, ...] = ()
        self._free_team: tuple[int, ...] = ()
        self._exchanged = False
        self._turns = 0
        self._first: int | None = None
        self._winner: int | None = None
        self._player = YELLOW
        self._set_phase(Phase.SETUP_ROLL)

    @classmethod
    def from_position(
        cls,
        *,
        team: tuple[Sequence[int], Sequence[int]],
        athletes: tuple[int, int],
        to_move: int = YELLOW,
        turns: int = 0,
        game: TugOfWar | None = None,
    ) -> TugOfWarState:
        """A mid-game state at the start of ``to_move``'s turn, before the common roll.

        For worked examples and tests: set-up is skipped and the statistics start here.

        >>> s = TugOfWarState.from_position(team=((2, 4, 6), (1, 3, 5)), athletes=(3, 6))
        >>> s.phase, s.is_chance()
        (<Phase.TURN_ROLL: 3>, True)
        """
        state = cls(game or TugOfWar())
        r = state.rules
        for p in (YELLOW, RED):
            dice = tuple(sorted(team[p]))
            if len(dice) != r.team_dice or not all(1 <= v <= r.faces for v in dice):
                raise ValueError(f"team {p} must be {r.team_dice} dice showing 1-{r.faces}")
            if not 1 <= athletes[p] <= r.athletes_per_side:
                raise ValueError(f"athletes must be 1-{r.athletes_per_side} per side")
            state._team[p] = dice
            state._athletes[p] = athletes[p]
            state._max[p] = athletes[p]
        if to_move not in (YELLOW, RED):
            raise ValueError("to_move must be 0 (yellow) or 1 (red)")
        state._turns = turns
        state._first = to_move
        state._start_turn(to_move)
        return state

    # -- read-only views -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def player(self) -> int:
        """The player whose set-up or turn it is (also during its CHANCE nodes)."""
        return self._player

    @property
    def team(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each side's team dice, sorted (``()`` before that side's set-up is done)."""
        return (self._team[0], self._team[1])

    @property
    def athletes(self) -> tuple[int, int]:
        """Athletes on the rope, per side."""
        return (self._athletes[0], self._athletes[1])

    def reserve(self, player: int) -> int:
        """Athletes of ``player`` off the rope (removed ones go back here)."""
        return self.rules.athletes_per_side - self._athletes[player]

    @property
    def roll(self) -> tuple[int, ...]:
        """The dice just rolled: the set-up roll, or this turn's common dice after re-rolls."""
        return self._roll

    @property
    def free_common(self) -> tuple[int, ...]:
        """Common dice not yet used this turn."""
        return self._free_common

    @property
    def free_team(self) -> tuple[int, ...]:
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
        return self._first

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def stats(self) -> TugStats:
        return TugStats((self._max[0], self._max[1]), self._turns)

    def rerolls_allowed(self) -> int:
        """How many dice the current re-roll decision may name."""
        if self._phase == Phase.SETUP_REROLL:
            return self.rules.team_dice if self.rules.setup_rerolls else 0
        sixes = self._team[self._player].count(self.rules.faces)
        return min(sixes * self.rules.rerolls_per_six, len(self._roll))

    def __repr__(self) -> str:
        names = self.rules.player_names
        sides = " | ".join(
            f"{names[p]} {self._athletes[p]} {list(self._team[p])}" for p in (YELLOW, RED)
        )
        return f"<TugOfWarState {sides} | {names[self._player]} {self._phase.name}>"

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._cp

    def _set_phase(self, phase: Phase) -> None:
        self._phase = phase
        if phase == Phase.OVER:
            self._cp = TERMINAL
        elif phase in _CHANCE_PHASES:
            self._cp = CHANCE
            if phase == Phase.SETUP_ROLL:
                self._need = self.rules.team_dice
            elif phase == Phase.TURN_ROLL:
                self._need = self.rules.common_dice
            else:
                self._need = len(self._roll) - len(self._kept)
        else:
            self._cp = self._player

    def chance_outcomes(self) -> _Roll:
        return _dice(self._roll_size(), self.rules.faces)

    def _roll_size(self) -> int:
        """How many dice the due roll has (0 when no roll is due)."""
        return self._need if self._cp == CHANCE else 0

    def check_outcome(self, outcome: Any) -> None:
        if self._cp != CHANCE:
            raise IllegalActionError("no roll is due now; a player must decide")
        n, faces = self._roll_size(), self.rules.faces
        if type(outcome) is not tuple:
            outcome = tuple(outcome) if isinstance(outcome, list) else None
        try:
            possible = outcome in _valid_rolls(n, faces)
        except TypeError:  # unhashable members
            possible = False
        if not possible:
            what = "dice" if n != 1 else "die"
            raise IllegalActionError(
                f"{outcome!r} is not a possible roll: {n} {what} showing 1-{faces} are due"
            )

    def _apply_outcome(self, outcome: Any) -> None:
        phase = self._phase
        p = self._player
        if phase == Phase.SETUP_ROLL:
            self._roll = tuple(sorted(outcome))
            self._set_phase(Phase.SETUP_REROLL)
            if not self.rerolls_allowed():
                self._finish_setup()
        elif phase == Phase.SETUP_REROLL_ROLL:
            self._roll = tuple(sorted(self._kept + tuple(outcome)))
            self._finish_setup()
        elif phase == Phase.TURN_ROLL:
            self._turns += 1
            self._roll = tuple(sorted(outcome))
            if self.rules.faces in self._team[p] and self.rules.rerolls_per_six:
                self._set_phase(Phase.TURN_REROLL)
            else:
                self._enter_actions()
        else:  # TURN_REROLL_ROLL
            self._roll = tuple(sorted(self._kept + tuple(outcome)))
            self._enter_actions()

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase in (Phase.SETUP_REROLL, Phase.TURN_REROLL):
            return [Reroll(d) for d in _sub_multisets(self._roll, self.rerolls_allowed())]
        if phase != Phase.ACTIONS:
            return []
        actions: list[Action] = []
        commons = sorted(set(self._free_common))
        teams = sorted(set(self._free_team))
        for c in commons:
            for t in teams:
                if c >= t:
                    actions.append(Remove(c, t))
        if not self._exchanged:
            own = self._athletes[self._player]
            bonus = self.rules.exchange_bonus
            for c in commons:
                for t in teams:
                    if c != t and own + bonus + c - t >= 1:
                        actions.append(Exchange(c, t))
        actions.append(EndTurn())
        return actions

    def check_legal(self, action: Any) -> None:
        why = self._illegal_reason(action)
        if why is not None:
            raise IllegalActionError(why)

    def explain_illegal(self, action: Any) -> str:
        return self._illegal_reason(action) or f"{action!r} is legal now"

    def _illegal_reason(self, action: Any) -> str | None:
        cp = self._cp
        if cp == TERMINAL:
            return "the game is over; no more actions"
        if cp == CHANCE:
            return "a chance outcome (a roll) is due, not a decision"
        name = self.rules.player_names[self._player]
        kind = type(action)
        if self._phase in (Phase.SETUP_REROLL, Phase.TURN_REROLL):
            if kind is not Reroll:
                return (
                    f"{name} must first say which dice to re-roll"
                    ' ({"reroll": [...]}; [] keeps them all)'
                )
            most = self.rerolls_allowed()
            if len(action.dice) > most:
                if self._phase == Phase.SETUP_REROLL:
                    return f"at set-up at most {most} dice may be re-rolled"
                sixes = self._team[self._player].count(self.rules.faces)
                return (
                    f"{name} may re-roll only {most} common {'die' if most == 1 else 'dice'}:"
                    f" one per 6 among the team dice ({sixes} six{'es' if sixes != 1 else ''})"
                )
            if not _is_sub_multiset(action.dice, self._roll):
                return f"cannot re-roll {list(action.dice)}: the dice show {list(self._roll)}"
            return None
        # ACTIONS
        if kind is EndTurn:
            return None
        if kind is Reroll:
            return "re-rolls come straight after the roll; now use the common dice or end the turn"
        if kind is not Remove and kind is not Exchange:
            return f"{action!r} is not a Tug of War action"
        c, t = action.common, action.team
        if kind is Exchange and self._exchanged:
            return "only one exchange is allowed per turn"
        if c not in self._free_common:
            if c in self._roll:
                return f"the common {c} has already been used this turn (each common die once)"
            return f"no common die shows {c} (the common dice show {list(self._roll)})"
        if t not in self._free_team:
            if t in self._team[self._player]:
                return (
                    f"the team {t} is already paired with a common die this turn"
                    " (each team die once)"
                )
            shown = list(self._team[self._player])
            return f"no team die of {name} shows {t} (the team dice show {shown})"
        if kind is Remove:
            if c < t:
                return (
                    f"a common {c} cannot remove an athlete against the team {t}:"
                    " the common die must be at least as high"
                )
            return None
        if c == t:
            return "an exchange needs dice of different values"
        change = self.rules.exchange_bonus + c - t
        if self._athletes[self._player] + change < 1:
            return (
                f"exchanging {c} for {t} costs {-change} athletes and would leave {name}"
                " none on the rope"
            )
        return None

    def _apply_action(self, action: Any) -> None:
        kind = type(action)
        p = self._player
        if kind is Reroll:
            if not action.dice:
                if self._phase == Phase.SETUP_REROLL:
                    self._finish_setup()
                else:
                    self._enter_actions()
                return
            kept = self._roll
            for v in action.dice:
                kept = _remove_one(kept, v)
            self._kept = kept
            self._set_phase(
                Phase.SETUP_REROLL_ROLL if self._phase == Phase.SETUP_REROLL
                else Phase.TURN_REROLL_ROLL
            )
            return
        if kind is EndTurn:
            self._end_turn()
            return
        c, t = action.common, action.team
        self._free_common = _remove_one(self._free_common, c)
        self._free_team = _remove_one(self._free_team, t)
        if kind is Remove:
            opp = 1 - p
            self._athletes[opp] -= 1
            if self._athletes[opp] == 0:
                self._winner = p
                self._set_phase(Phase.OVER)
                return
        else:
            self._team[p] = tuple(sorted(_remove_one(self._team[p], t) + (c,)))
            change = self.rules.exchange_bonus + c - t
            own = self._athletes[p]
            self._athletes[p] = min(own + change, self.rules.athletes_per_side)
            if self._athletes[p] > self._max[p]:
                self._max[p] = self._athletes[p]
            self._exchanged = True
        if not self._can_act():
            self._end_turn()

    # -- transitions ---------------------------------------------------------------------------

    def _finish_setup(self) -> None:
        p = self._player
        self._team[p] = self._roll
        self._athletes[p] = min(sum(self._roll), self.rules.athletes_per_side)
        self._max[p] = max(self._max[p], self._athletes[p])
        self._roll = ()
        self._kept = ()
        if p == YELLOW:
            self._player = RED
            self._set_phase(Phase.SETUP_ROLL)
        else:
            self._first = YELLOW if self._athletes[YELLOW] <= self._athletes[RED] else RED
            self._start_turn(self._first)

    def _start_turn(self, player: int) -> None:
        self._player = player
        self._roll = ()
        self._kept = ()
        self._free_common = ()
        self._free_team = ()
        self._exchanged = False
        if self._turns >= self._turn_limit:
            self._set_phase(Phase.OVER)
        else:
            self._set_phase(Phase.TURN_ROLL)

    def _enter_actions(self) -> None:
        self._kept = ()
        self._free_common = self._roll
        self._free_team = self._team[self._player]
        self._exchanged = False
        self._set_phase(Phase.ACTIONS)
        if not self._can_act():
            self._end_turn()

    def _can_act(self) -> bool:
        """Whether any remove or exchange is still possible (else the turn ends by itself)."""
        fc, ft = self._free_common, self._free_team
        if not fc or not ft:
            return False
        if fc[-1] >= ft[0]:
            return True
        if self._exchanged or not self.rules.exchanges_per_turn:
            return False
        floor = 1 - self._athletes[self._player] - self.rules.exchange_bonus
        return any(c != t and c - t >= floor for c in fc for t in ft)

    def _end_turn(self) -> None:
        self._start_turn(1 - self._player)

    # -- results -------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self._phase != Phase.OVER:
            return [0.0, 0.0]
        if self._winner is None:
            return [0.5, 0.5]
        return [1.0, 0.0] if self._winner == YELLOW else [0.0, 1.0]

    def result(self) -> dict[str, Any]:
        w = self._winner
        return {
            "winner": w,
            "winner_name": None if w is None else self.rules.player_names[w],
            "end": "eliminated" if w is not None else "turn limit",
            "athletes": [self._athletes[0], self._athletes[1]],
            "turns": self._turns,
            "first_player": self._first,
            "max_athletes": [self._max[0], self._max[1]],
        }

    def clone(self) -> TugOfWarState:
        s = object.__new__(TugOfWarState)
        s.game = self.game
        s._num_players = 2
        s.rules = self.rules
        s._phase = self._phase
        s._cp = self._cp
        s._player = self._player
        s._team = self._team[:]
        s._athletes = self._athletes[:]
        s._roll = self._roll
        s._kept = self._kept
        s._need = self._need
        s._free_common = self._free_common
        s._free_team = self._free_team
        s._exchanged = self._exchanged
        s._turns = self._turns
        s._max = self._max[:]
        s._first = self._first
        s._winner = self._winner
        s._turn_limit = self._turn_limit
        return s


_DICE: dict[tuple[int, int], _Roll] = {}


def _dice(n: int, faces: int) -> _Roll:
    roll = _DICE.get((n, faces))
    if roll is None:
        roll = _DICE[(n, faces)] = _Roll((faces,) * n)
    return roll


# -- game ----------------------------------------------------------------------------------


class TugOfWar(Game[TugOfWarState, "Action"]):
    """Tug of War for two players (Yellow and Red).

    Options: ``turn_limit`` (designed for printkit; default from ``rules.toml``) and
    ``position`` (start mid-game, see :meth:`_position`).
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
        components=("rope-mat", "athlete-tokens", "turn-summary", "dice"),
        notes="A game ends in a draw after turn_limit turns (designed for printkit).",
    )

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> TugOfWarState:
        if num_players not in (None, 2):
            raise ValueError(f"Tug of War is for 2 players, not {num_players}")
        opts = dict(options or {})
        limit = opts.pop("turn_limit", None)
        position = opts.pop("position", None)
        if opts:
            raise ValueError(
                f"unknown option(s) {', '.join(sorted(opts))}; known: turn_limit, position"
            )
        if limit is not None and not (_is_int(limit) and limit >= 1):
            raise ValueError("turn_limit must be a whole number of at least 1")
        if position is None:
            return TugOfWarState(self, turn_limit=limit)
        return self._position(position, limit)

    def _position(self, position: Any, limit: int | None) -> TugOfWarState:
        """The ``position`` option: a log that starts mid-game (for worked examples), e.g.
        ``{"team": [[2, 4, 6], [1, 3, 5]], "athletes": [3, 6], "to_move": 0}``."""
        shape = (
            'position must be {"team": [[...], [...]], "athletes": [y, r], "to_move": 0 or 1}'
        )
        if not isinstance(position, dict) or not {"team", "athletes"} <= set(position):
            raise ValueError(shape)
        team, athletes = position["team"], position["athletes"]
        to_move = position.get("to_move", YELLOW)
        if (
            not isinstance(team, list)
            or len(team) != 2
            or not all(isinstance(t, list) and all(_is_int(v) for v in t) for t in team)
            or not isinstance(athletes, list)
            or len(athletes) != 2
            or not all(_is_int(a) for a in athletes)
            or not _is_int(to_move)
            or not _is_int(position.get("turns", 0))
        ):
            raise ValueError(shape)
        state = TugOfWarState.from_position(
            team=(team[0], team[1]),
            athletes=(athletes[0], athletes[1]),
            to_move=to_move,
            turns=position.get("turns", 0),
            game=self,
        )
        if limit is not None:
            state._turn_limit = limit
            state._start_turn(to_move)
        return state

    def outcome_from_json(self, data: Any) -> tuple[int, ...]:
        if not isinstance(data, list) or not all(_is_int(v) for v in data):
            raise ValueError("a roll is a list of the faces shown, e.g. [2, 6, 6]")
        return tuple(data)

    def action_to_json(self, action: Any) -> Any:
        """``{"reroll": [6, 6]}``, ``{"remove": {"common": 5, "team": 4}}``,
        ``{"exchange": {"common": 3, "team": 2}}`` or ``"end"``."""
        kind = type(action)
        if kind is Reroll:
            return {"reroll": list(action.dice)}
        if kind is Remove:
            return {"remove": {"common": action.common, "team": action.team}}
        if kind is Exchange:
            return {"exchange": {"common": action.common, "team": action.team}}
        if kind is EndTurn:
            return "end"
        raise ValueError(f"{action!r} is not a Tug of War action")

    def action_from_json(self, data: Any) -> Action:
        if data == "end" or data == {"end": True}:
            return EndTurn()
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError(
                'an action is {"reroll": [...]}, {"remove": {...}}, {"exchange": {...}} or "end"'
            )
        (key, value), = data.items()
        if key == "reroll":
            if not isinstance(value, list) or not all(_is_int(v) for v in value):
                raise ValueError('"reroll" takes a list of die values, e.g. [6, 6] or []')
            return Reroll(tuple(value))
        if key in ("remove", "exchange"):
            if (
                not isinstance(value, dict)
                or set(value) != {"common", "team"}
                or not all(_is_int(v) for v in value.values())
            ):
                raise ValueError(f'"{key}" takes {{"common": value, "team": value}}')
            cls = Remove if key == "remove" else Exchange
            return cls(value["common"], value["team"])
        raise ValueError(f"unknown action {key!r}; use reroll, remove, exchange or end")

    def action_schema(self) -> dict[str, Any]:
        return {"oneOf": [Reroll.json_schema(), Remove.json_schema(), Exchange.json_schema(),
                          EndTurn.json_schema()]}

    def outcome_schema(self) -> dict[str, Any]:
        """The faces rolled: three dice, or fewer for a re-roll."""
        r = self.rules
        return {"type": "array", "minItems": 1, "maxItems": max(r.team_dice, r.common_dice),
                "items": {"type": "integer", "minimum": 1, "maximum": r.faces}}

    def result_schema(self) -> dict[str, Any]:
        side = {"type": ["integer", "null"], "enum": [0, 1, None]}
        pair = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer"}}
        return {"type": "object", "additionalProperties": False, "properties": {
            "winner": side, "winner_name": {"type": ["string", "null"]},
            "end": {"enum": ["eliminated", "turn limit"]}, "athletes": pair,
            "turns": {"type": "integer", "minimum": 0}, "first_player": side,
            "max_athletes": pair}}

    def options_schema(self) -> dict[str, Any]:
        dice = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}}
        return {"type": "object", "additionalProperties": False, "properties": {
            "turn_limit": {"type": "integer", "minimum": 1},
            "position": {"type": "object", "required": ["team", "athletes"],
                         "additionalProperties": False, "properties": {
                             "team": {"type": "array", "minItems": 2, "maxItems": 2,
                                      "items": dice},
                             "athletes": {"type": "array", "minItems": 2, "maxItems": 2,
                                          "items": {"type": "integer", "minimum": 1}},
                             "to_move": {"enum": [0, 1]},
                             "turns": {"type": "integer", "minimum": 0}}}}}

    def bots(self) -> Mapping[str, Any]:
        from printkit.engines.core.bots import RandomBot
        from printkit.engines.tug_of_war.bots import GreedyBot, LookaheadBot

        return {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)
