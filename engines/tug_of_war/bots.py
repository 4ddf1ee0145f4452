"""Tug of War bots: ``greedy`` (best swing this turn) and ``lookahead`` (expectimax).

Both plan the whole rest of the turn at each decision (see :mod:`printkit.engines.tug_of_war.plans`)
and play its first step, removals before the exchange so that a winning removal comes first.
The ``random`` bot is the core's :class:`~printkit.engines.core.bots.RandomBot`.

* ``greedy`` maximises athletes gained plus opposing athletes removed this turn; ties go to the
  lower team dice (they remove more later), then to not exchanging. At set-up it re-rolls dice
  below the average face; after the common roll it re-rolls the dice that maximise the
  expected best swing (one die at a time, looking ahead over the re-rolls still to come, when
  the re-rolls for sixes are ``sequential``).
* ``lookahead`` scores a position as lead on the rope plus ``W`` x the difference in team
  *potential* (expected swing per turn), and picks the plan whose end position is best on
  average over the opponent's next common roll, the opponent answering with its own best plan
  under the same score (the opponent's six re-rolls are not modelled). Every table is cached
  by dice values, so a tournament quickly runs on lookups.

Every decision, with its :class:`~printkit.engines.core.Reason`, is a pure function of a few
dice and counts, so each bot keeps the :class:`~printkit.engines.core.Decision` objects it has
made and hands the same one out again; a reason is formatted only when a log records it.
A reason is a message id marked with ``N_`` (catalogs translate it when a booklet prints it),
worded for players: what the move is good for, never the bots' internal scores. It does not
repeat what the booklet's caption already says (the dice, the athletes gained), and it names
no side, so Yellow and Red share every decision.

>>> from printkit.engines.core import play
>>> from printkit.engines.tug_of_war import TugOfWar
>>> play(TugOfWar(), ["greedy", "lookahead"], seed=3).state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from functools import cache
from typing import ClassVar, TypeVar

from printkit.engines.core.bots import N_
from printkit.engines.core.game import Decision, Game, Reason
from printkit.engines.tug_of_war.game import (
    Action,
    EndTurn,
    Exchange,
    Phase,
    Remove,
    Reroll,
    TugOfWarState,
)
from printkit.engines.tug_of_war.plans import (
    Dice,
    Plan,
    best_reroll,
    best_sequential_reroll,
    best_swing,
    multiset_rolls,
    plans,
    potential,
)
from printkit.engines.tug_of_war.rules import RULES

W = 1.5
"""How many athletes on the rope one point of team potential is worth to ``lookahead``."""
WIN = 1000.0
_CACHE_LIMIT = 100_000
T = TypeVar("T")

_ACTIONS = Phase.ACTIONS
_TURN_REROLL = Phase.TURN_REROLL
_SETUP_REROLL = Phase.SETUP_REROLL

# Own athletes matter to greedy only near the ends (from 5 up no exchange is refused, and up
# to 12 none is capped by the reserve); the opposing count only when removals could finish it.
_EDGE = RULES.faces - RULES.exchange_bonus
_TOP = RULES.athletes_per_side - RULES.exchange_bonus - RULES.faces + 2
_NEAR = RULES.common_dice + 1
_ATHLETES = RULES.athletes_per_side
_BONUS = RULES.exchange_bonus

Choice = Decision[Action]

# Why a removal: the last athlete, every athlete left this turn, or one more off the rope.
_REMOVE_LAST, _REMOVE_ALL, _REMOVE = 2, 1, 0
_REMOVE_WHY = (
    Reason(N_("taking an athlete off costs nothing and brings the win closer")),
    Reason(N_("these dice take off every athlete left on the other side: this turn wins")),
    Reason(N_("the last athlete on the other side: this wins the game")),
)
_END_WHY = Reason(N_("stopping here is best: the dice left would not improve the position"))


def _dice(d: Dice) -> str:
    return ", ".join(map(str, d))


def _remember(cache: dict[Hashable, T], key: Hashable, value: T) -> T:
    if len(cache) >= _CACHE_LIMIT:  # long validate runs: bound the memory
        cache.clear()
    cache[key] = value
    return value


class _PlanBot:
    name: ClassVar[str] = ""
    # Each bot's reasons for its re-roll decisions (set-up, then turn; re-roll, then keep).
    _setup_reroll_why: ClassVar[Reason]
    _setup_keep_why: ClassVar[Reason]
    _turn_keep_why: ClassVar[Reason]
    # Decisions by position key, shared by every bot of the class (pure functions of the key).
    _rerolls: ClassVar[dict[Hashable, Choice]]

    def __init__(self, game: Game[TugOfWarState, Action], player: int,
                 rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: TugOfWarState) -> Choice:
        # Read the slots directly: this runs at every step of every auto-played game.
        phase = view._phase
        if phase is _ACTIONS:
            return self._act(view)
        if phase is _TURN_REROLL:
            return self._turn_reroll(view)
        if phase is _SETUP_REROLL:
            return self._setup_reroll(view._roll)
        raise ValueError(f"{self.name}: no decision is due in {phase.name}")

    # -- re-rolls -----------------------------------------------------------------------

    def _setup_reroll(self, roll: Dice) -> Choice:
        key = ("setup", roll)
        found = self._rerolls.get(key)
        if found is None:
            dice = self._setup_dice(roll)
            found = Decision(Reroll(dice),
                             self._setup_reroll_why if dice else self._setup_keep_why)
            found = _remember(self._rerolls, key, found)
        return found

    def _turn_reroll(self, view: TugOfWarState) -> Choice:
        roll = view._roll
        team = view._teams[view._player]
        sequential = view._cfg.sequential
        most = view._left
        if not sequential and most > len(roll):
            most = len(roll)
        key = (roll, team, most, sequential)
        found = self._rerolls.get(key)
        if found is None:
            value = self._roll_value(team)
            if sequential:
                dice, expected = best_sequential_reroll(roll, most, value)
            else:
                dice, expected = best_reroll(roll, most, value)
            if dice:
                found = Decision(Reroll(dice), self._turn_reroll_why(expected))
            else:
                found = Decision(Reroll(()), self._turn_keep_why)
            found = _remember(self._rerolls, key, found)
        return found

    def _turn_reroll_why(self, expected: float) -> Reason:
        """Why re-roll these common dice, given what the best re-roll is worth on average."""
        raise NotImplementedError

    def _setup_dice(self, roll: Dice) -> Dice:
        raise NotImplementedError

    def _roll_value(self, team: Dice) -> Callable[[Dice], float]:
        """What a common roll is worth to this bot with ``team`` (re-rolls maximise it)."""
        raise NotImplementedError

    # -- whole-turn choice --------------------------------------------------------------

    def _act(self, view: TugOfWarState) -> Choice:
        raise NotImplementedError


class _Candidate:
    """One plan for the rest of a turn, with what the bots score it by; its decisions are
    made the first time it is chosen."""

    __slots__ = ("plan", "exchange", "removals", "plain", "team_sum", "weighted_potential",
                 "diff", "change", "lookahead", "_decisions")

    def __init__(self, plan: Plan, lookahead: bool) -> None:
        self.plan = plan
        self.exchange = plan.exchange
        self.removals = len(plan.removals)
        self.plain = plan.exchange is None
        """No exchange (preferred on a tie)."""
        self.team_sum = sum(plan.team)
        self.weighted_potential = W * potential(plan.team) if lookahead else 0.0
        """``W`` x the potential of the team the plan leaves (lookahead only)."""
        self.diff = plan.exchange[0] - plan.exchange[1] if plan.exchange else 0
        """The exchange's difference of dice (new team die minus old)."""
        self.change = plan.gain
        """Athletes the exchange adds or takes away when the reserve caps nothing."""
        self.lookahead = lookahead
        self._decisions: list[Choice | None] = [None, None, None]

    def decision(self, removal: int) -> Choice:
        """Its first step; a removal says whether it is ``_REMOVE_LAST``, ``_REMOVE_ALL`` (the
        turn removes every athlete left) or a plain ``_REMOVE``."""
        found = self._decisions[removal]
        if found is None:
            found = self._decisions[removal] = _first_step(self.plan, self.change, removal,
                                                           self.lookahead)
        return found


def _first_step(plan: Plan, change: int, removal: int, lookahead: bool) -> Choice:
    """The first step of ``plan``: removals come before the exchange (a winning removal first)."""
    if plan.removals:
        return Decision(Remove(*plan.removals[0]), _REMOVE_WHY[removal])
    if plan.exchange is not None:
        why = _lookahead_exchange_why(plan.team, change) if lookahead else _greedy_exchange_why(
            change)
        return Decision(Exchange(*plan.exchange), why)
    return Decision(EndTurn(), _END_WHY)


_GREEDY_EXCHANGE_WHY = (
    Reason(N_("a lower team die removes more in later turns, worth the athletes given back")),
    Reason(N_("costs no athlete, and a lower team die removes more in later turns")),
    Reason(N_("no other use of this die gains as many athletes this turn")),
)


def _greedy_exchange_why(change: int) -> Reason:
    """Greedy exchanges for the athletes it gains now, or for a lower team at no cost."""
    return _GREEDY_EXCHANGE_WHY[(change > 0) - (change < 0) + 1]


def _lookahead_exchange_why(team: Dice, change: int) -> Reason:
    """Lookahead weighs the athletes against how much the new team wins a turn on average."""
    params = {"team": _dice(team), "swing": round(potential(team), 1)}
    if change > 0:
        return Reason(N_("more athletes now, and the team %(team)s still gains or removes about "
                         "%(swing).1f athletes a turn on average"), params)
    if change == 0:
        return Reason(N_("costs no athlete, and the team %(team)s gains or removes about "
                         "%(swing).1f athletes a turn on average"), params)
    return Reason(N_("worth the athletes given back: the team %(team)s gains or removes about "
                     "%(swing).1f athletes a turn on average"), params)


_CANDIDATES: dict[Hashable, tuple[_Candidate, ...]] = {}


def _candidates(
    free_common: Dice, free_team: Dice, team: Dice, exchanged: bool, lookahead: bool
) -> tuple[_Candidate, ...]:
    """Every plan for the rest of the turn, in :func:`plans` order (ties go to the first)."""
    key = (free_common, free_team, team, exchanged, lookahead)
    found = _CANDIDATES.get(key)
    if found is None:
        found = tuple(_Candidate(plan, lookahead)
                      for plan in plans(free_common, free_team, team, not exchanged))
        found = _remember(_CANDIDATES, key, found)
    return found


def _decision(best: _Candidate, own: int, own2: int, removed: int, opp: int) -> Choice:
    """The chosen candidate's first step. ``opp`` is the opposing athletes left (exact up to
    the most a turn removes), ``removed`` how many the plan takes off."""
    if removed:
        if removed < opp:
            return best.decision(_REMOVE)
        return best.decision(_REMOVE_LAST if opp == 1 else _REMOVE_ALL)
    if best.exchange is not None and own2 - own != best.change:  # the reserve capped it
        return _first_step(best.plan, own2 - own, _REMOVE, best.lookahead)
    return best.decision(_REMOVE)


class GreedyBot(_PlanBot):
    """Maximises the immediate swing: own athletes gained plus opposing athletes removed;
    ties go to lower team dice, then to not exchanging.

    Which plan wins does not depend on the dice already paired this turn (every plan's team
    sum moves by the same amount), so its table of choices is keyed by the free dice alone.
    """

    name = "greedy"
    _acts: ClassVar[dict[Hashable, Choice]] = {}
    _rerolls = {}
    _setup_reroll_why = Reason(N_("below the average of a die: a re-roll brings more athletes "
                                  "on average"))
    _setup_keep_why = Reason(N_("every die shows more than the average: a re-roll would bring "
                                "fewer athletes on average"))
    _turn_keep_why = Reason(N_("no re-roll would gain or remove more athletes this turn, on "
                               "average"))

    def _turn_reroll_why(self, expected: float) -> Reason:
        return Reason(N_("the best re-roll: about %(swing).1f athletes gained or removed this "
                         "turn, on average"), {"swing": round(expected, 1)})

    def decide(self, view: TugOfWarState) -> Choice:
        phase = view._phase
        if phase is not _ACTIONS:
            if phase is _TURN_REROLL:
                return self._turn_reroll(view)
            return super().decide(view)
        # using the common dice: _act's body, inlined for the most common decision
        p = view._player
        athletes = view._athletes
        own = athletes[p]
        if _EDGE <= own < _TOP:
            own = _EDGE
        opp = athletes[1 - p]
        if opp > _NEAR:
            opp = _NEAR
        key = (view._free_common, view._free_team, view._exchanged, own, opp)
        found = self._acts.get(key)
        if found is None:
            found = _remember(self._acts, key, self._choose(*key))
        return found

    def _act(self, view: TugOfWarState) -> Choice:
        return self.decide(view)

    @staticmethod
    def _choose(free_common: Dice, free_team: Dice, exchanged: bool, own: int,
                opp: int) -> Choice:
        """The best first step (a pure function of its arguments)."""
        best: tuple[tuple[float, ...], _Candidate, int, int] | None = None
        after = RULES.after_exchange
        # any team holding the free team dice ranks the plans alike: take those alone
        for cand in _candidates(free_common, free_team, free_team, exchanged, False):
            if cand.exchange is not None:
                own2 = after(own, *cand.exchange)
                if own2 < 1:
                    continue
            else:
                own2 = own
            removed = cand.removals if cand.removals < opp else opp
            win = 1.0 if removed == opp else 0.0
            score = (win, own2 - own + removed, -cand.team_sum, cand.plain)
            if best is None or score > best[0]:
                best = (score, cand, own2, removed)
        assert best is not None
        _, cand, own2, removed = best
        return _decision(cand, own, own2, removed, opp)

    def _setup_dice(self, roll: Dice) -> Dice:
        return tuple(v for v in roll if 2 * v < RULES.faces + 1)

    def _roll_value(self, team: Dice) -> Callable[[Dice], float]:
        return _swing_table(team).__getitem__


class LookaheadBot(_PlanBot):
    """Expectimax over the opponent's next common roll (see the module docstring).

    Its positions rarely repeat (both sides' athletes and the opposing team dice count), so
    it keeps no table of decisions; it scores the turn's few plans afresh, each from cached
    parts (the plans of these dice, and the opponent's expected reply).
    """

    name = "lookahead"
    _rerolls = {}
    _setup_reroll_why = Reason(N_("the best balance on average: more athletes now, and low team "
                                  "dice that remove more later"))
    _setup_keep_why = Reason(N_("already the best balance between athletes now and low team "
                                "dice that remove more later"))
    _turn_keep_why = Reason(N_("no re-roll would do better, on average, for this turn and the "
                               "team dice it leaves"))

    def _turn_reroll_why(self, expected: float) -> Reason:
        return Reason(N_("the best re-roll on average, for this turn and for the team dice it "
                         "leaves"))

    def _act(self, view: TugOfWarState) -> Choice:
        p = view._player
        athletes = view._athletes
        teams = view._teams
        own, opp = athletes[p], athletes[1 - p]
        fc, ft, team = view._free_common, view._free_team, teams[p]
        grid = _reply_grid(teams[1 - p])
        # an exchange first brings the bonus athlete (if the reserve has one), then the
        # difference: RULES.after_exchange, inlined
        first = own + _BONUS
        if first > _ATHLETES:
            first = _ATHLETES
        best: tuple[float, float] | None = None
        chosen: _Candidate | None = None
        chosen_own2 = chosen_removed = 0
        for cand in _candidates(fc, ft, team, view._exchanged, True):
            if cand.exchange is not None:
                own2 = first + cand.diff
                if own2 > _ATHLETES:
                    own2 = _ATHLETES
                elif own2 < 1:
                    continue
            else:
                own2 = own
            removals = cand.removals
            removed = removals if removals < opp else opp
            if removed == opp:
                score: tuple[float, float] = (WIN, 0.0)
            else:
                row = grid[opp - removed]
                reply = row[own2]
                if reply is None:
                    reply = row[own2] = _reply(teams[1 - p], opp - removed, own2)
                score = (cand.weighted_potential - reply, cand.plain)
            if best is None or score > best:
                best, chosen, chosen_own2, chosen_removed = score, cand, own2, removed
        assert chosen is not None
        return _decision(chosen, own, chosen_own2, chosen_removed, opp)

    def _setup_dice(self, roll: Dice) -> Dice:
        return _lookahead_setup(roll)

    def _roll_value(self, team: Dice) -> Callable[[Dice], float]:
        return _turn_value_table(team).__getitem__


# -- cached tables ---------------------------------------------------------------------------


@cache
def _lookahead_turn_value(roll: Dice, team: Dice) -> float:
    return max(p.gain + len(p.removals) + W * potential(p.team) for p in plans(roll, team, team))


@cache
def _swing_table(team: Dice) -> dict[Dice, float]:
    """:func:`best_swing` of every common roll (sorted) against ``team``."""
    return {r: best_swing(r, team) for r, _ in multiset_rolls(RULES.common_dice)}


@cache
def _turn_value_table(team: Dice) -> dict[Dice, float]:
    """:func:`_lookahead_turn_value` of every common roll (sorted) with ``team``."""
    return {r: _lookahead_turn_value(r, team) for r, _ in multiset_rolls(RULES.common_dice)}


@cache
def _lookahead_setup(roll: Dice) -> Dice:
    dice, _ = best_reroll(roll, RULES.team_dice, lambda r: sum(r) + W * potential(r))
    return dice


_Option = tuple[int | None, int, float]
"""A reply plan: the exchange's difference of dice (None: no exchange), removals, W x
potential of the team it leaves."""


@cache
def _reply_table(team: Dice) -> tuple[tuple[float, tuple[_Option, ...]], ...]:
    """Per common roll: its probability and each plan's (difference, removals, W x potential)."""
    rows = []
    for roll, pr in multiset_rolls(RULES.common_dice):
        options = {
            (p.exchange[0] - p.exchange[1] if p.exchange else None, len(p.removals),
             W * potential(p.team))
            for p in plans(roll, team, team)
        }
        rows.append((pr, tuple(sorted(options, key=lambda o: (o[0] is not None, o[0] or 0,
                                                              o[1], o[2])))))
    return tuple(rows)


@cache
def _reply_grid(team: Dice) -> list[list[float | None]]:
    """:func:`_reply` for ``team`` as a grid [own][opp], filled as it is used."""
    size = RULES.athletes_per_side + 1
    return [[None] * size for _ in range(size)]


@cache
def _reply(team: Dice, own: int, opp: int) -> float:
    """Expected score, for the side to move with ``team`` and ``own`` athletes against
    ``opp``, of its best plan after rolling the common dice (no re-rolls)."""
    total = 0.0
    first = min(own + _BONUS, _ATHLETES)  # RULES.after_exchange, inlined
    for pr, options in _reply_table(team):
        best = -WIN
        for diff, removals, pot in options:
            if removals >= opp:
                best = WIN
                break
            if diff is None:
                own2 = own
            else:
                own2 = first + diff
                if own2 > _ATHLETES:
                    own2 = _ATHLETES
                elif own2 < 1:
                    continue
            v = own2 - opp + removals + pot
            if v > best:
                best = v
        total += pr * best
    return total
