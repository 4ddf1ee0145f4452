"""Tug of War bots: ``greedy`` (best swing this turn) and ``lookahead`` (expectimax).

Both plan the whole rest of the turn at each decision (see :mod:`printkit.engines.tug_of_war.plans`)
and play its first step, removals before the exchange so that a winning removal comes first.
The ``random`` bot is the core's :class:`~printkit.engines.core.bots.RandomBot`.

* ``greedy`` maximises athletes gained plus opposing athletes removed this turn; ties go to the
  lower team dice (they remove more later), then to not exchanging. At set-up it re-rolls dice
  below the average face; after the common roll it re-rolls the dice that maximise the
  expected best swing.
* ``lookahead`` scores a position as lead on the rope plus ``W`` x the difference in team
  *potential* (expected swing per turn), and picks the plan whose end position is best on
  average over the opponent's next common roll, the opponent answering with its own best plan
  under the same score (the opponent's six re-rolls are not modelled). Every table is cached
  by dice values, so a tournament quickly runs on lookups.

>>> from printkit.engines.core import play
>>> from printkit.engines.tug_of_war import TugOfWar
>>> play(TugOfWar(), ["greedy", "lookahead"], seed=3).state.is_terminal()
True
"""

from __future__ import annotations

import random
from functools import cache

from printkit.engines.core.game import Decision, Game
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
    best_swing,
    expected_after_reroll,
    multiset_rolls,
    plans,
    potential,
    reroll_choices,
)
from printkit.engines.tug_of_war.rules import RULES

W = 1.5
"""How many athletes on the rope one point of team potential is worth to ``lookahead``."""
WIN = 1000.0
_CACHE_LIMIT = 100_000


def _dice(d: Dice) -> str:
    return ", ".join(map(str, d))


class _PlanBot:
    name = ""
    _cache: dict[tuple[object, ...], tuple[Action, str]]

    def __init__(self, game: Game, player: int, rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: TugOfWarState) -> Decision:  # type: ignore[override]
        phase = view._phase
        if phase == Phase.ACTIONS:
            return self._act(view)
        if phase == Phase.SETUP_REROLL:
            dice = self._setup_reroll(view.roll)
            if dice:
                return Decision(Reroll(dice), f"re-roll {_dice(dice)}: {self._setup_why}")
            return Decision(Reroll(()), "keep the team dice")
        if phase == Phase.TURN_REROLL:
            team = view.team[view.player]
            dice, value = self._turn_reroll(view.roll, team, view.rerolls_allowed())
            if dice:
                return Decision(Reroll(dice), f"re-roll {_dice(dice)} (six bonus): {value}")
            return Decision(Reroll(()), "keep the common dice")
        return self._act(view)

    # -- whole-turn choice --------------------------------------------------------------

    def _act(self, view: TugOfWarState) -> Decision:
        # Read the slots directly: this runs at every step of every auto-played game.
        p = view._player
        athletes = view._athletes
        teams = view._team
        key = (
            view._free_common,
            view._free_team,
            teams[p],
            view._exchanged,
            *self._key(athletes[p], athletes[1 - p], teams[1 - p]),
            view.rules.player_names[1 - p],
        )
        chosen = self._cache.get(key)
        if chosen is None:
            if len(self._cache) >= _CACHE_LIMIT:  # long validate runs: bound the memory
                self._cache.clear()
            chosen = self._cache[key] = self._choose(*key)
        return Decision(*chosen)

    def _key(self, own: int, opp: int, opp_team: Dice) -> tuple[int, int, Dice]:
        """The part of the position the choice depends on (a smaller key caches better)."""
        return own, opp, opp_team

    def _choose(
        self,
        free_common: Dice,
        free_team: Dice,
        team: Dice,
        exchanged: bool,
        own: int,
        opp: int,
        opp_team: Dice,
        opp_name: str,
    ) -> tuple[Action, str]:
        """The first step of the best plan, and why (a pure function of its arguments)."""
        top = RULES.athletes_per_side
        best: tuple[tuple[float, ...], Plan, int, int] | None = None
        for plan in plans(free_common, free_team, team, not exchanged):
            if plan.exchange is not None and own + plan.gain < 1:
                continue
            own2 = min(own + plan.gain, top)
            removed = min(len(plan.removals), opp)
            key = self._score(plan, own, own2, opp, removed, opp_team)
            if best is None or key > best[0]:
                best = (key, plan, own2, removed)
        assert best is not None
        _, plan, own2, removed = best
        if removed:
            c, t = plan.removals[0]
            why = f"{c} beats team {t}: one {opp_name} athlete off"
            if removed == opp:
                why += ", the last one"
            return Remove(c, t), why
        if plan.exchange is not None:
            c, t = plan.exchange
            return Exchange(c, t), self._exchange_why(plan, own, own2)
        return EndTurn(), "nothing worth doing with the dice left"

    def _exchange_why(self, plan: Plan, own: int, own2: int) -> str:
        c, t = plan.exchange  # type: ignore[misc]
        return f"exchange {c} for {t}: {own2 - own:+d} athletes, team {_dice(plan.team)}"

    _setup_why = ""

    def _score(
        self, plan: Plan, own: int, own2: int, opp: int, removed: int, opp_team: Dice
    ) -> tuple[float, ...]:
        raise NotImplementedError

    def _setup_reroll(self, roll: Dice) -> Dice:
        raise NotImplementedError

    def _turn_reroll(self, roll: Dice, team: Dice, most: int) -> tuple[Dice, str]:
        raise NotImplementedError


class GreedyBot(_PlanBot):
    """Maximises the immediate swing: own athletes gained plus opposing athletes removed."""

    name = "greedy"
    _cache = {}
    _setup_why = "below the average face"

    def _score(
        self, plan: Plan, own: int, own2: int, opp: int, removed: int, opp_team: Dice
    ) -> tuple[float, ...]:
        win = 1.0 if removed == opp else 0.0
        return (win, own2 - own + removed, -sum(plan.team), plan.exchange is None)

    def _key(self, own: int, opp: int, opp_team: Dice) -> tuple[int, int, Dice]:
        # Own athletes matter only near the ends (an exchange changes them by -4..+6: no
        # exchange is refused from 5 up, none is capped up to 12); the opposing count only
        # when removals could finish it (3 at most); the opposing dice not at all.
        edge = RULES.faces - RULES.exchange_bonus
        top = RULES.athletes_per_side - RULES.exchange_bonus - RULES.faces + 2
        if edge <= own < top:
            own = edge
        return own, min(opp, RULES.common_dice + 1), ()

    def _setup_reroll(self, roll: Dice) -> Dice:
        return tuple(v for v in roll if 2 * v < RULES.faces + 1)

    def _turn_reroll(self, roll: Dice, team: Dice, most: int) -> tuple[Dice, str]:
        dice, value = _greedy_reroll(roll, team, most)
        return dice, f"expected swing {value:.1f}"


class LookaheadBot(_PlanBot):
    """Expectimax over the opponent's next common roll (see the module docstring)."""

    name = "lookahead"
    _cache = {}
    _setup_why = "best expected athletes plus team potential"

    def _score(
        self, plan: Plan, own: int, own2: int, opp: int, removed: int, opp_team: Dice
    ) -> tuple[float, ...]:
        if removed == opp:
            return (WIN, 0.0)
        value = W * potential(plan.team) - _reply(opp_team, opp - removed, own2)
        return (value, plan.exchange is None)

    def _exchange_why(self, plan: Plan, own: int, own2: int) -> str:
        return super()._exchange_why(plan, own, own2) + f" (potential {potential(plan.team):.2f})"

    def _setup_reroll(self, roll: Dice) -> Dice:
        return _lookahead_setup(roll)

    def _turn_reroll(self, roll: Dice, team: Dice, most: int) -> tuple[Dice, str]:
        dice, value = _lookahead_reroll(roll, team, most)
        return dice, f"expected swing with team potential {value:.1f}"


# -- cached tables ---------------------------------------------------------------------------


def _best_reroll(roll: Dice, most: int, value: object) -> tuple[Dice, float]:
    best: tuple[Dice, float] | None = None
    for choice in reroll_choices(roll, most):
        v = expected_after_reroll(roll, choice, value)  # type: ignore[arg-type]
        if best is None or v > best[1] + 1e-12:
            best = (choice, v)
    assert best is not None
    return best


@cache
def _greedy_reroll(roll: Dice, team: Dice, most: int) -> tuple[Dice, float]:
    return _best_reroll(roll, most, lambda r: best_swing(r, team))


@cache
def _lookahead_turn_value(roll: Dice, team: Dice) -> float:
    return max(p.gain + len(p.removals) + W * potential(p.team) for p in plans(roll, team, team))


@cache
def _lookahead_reroll(roll: Dice, team: Dice, most: int) -> tuple[Dice, float]:
    return _best_reroll(roll, most, lambda r: _lookahead_turn_value(r, team))


@cache
def _lookahead_setup(roll: Dice) -> Dice:
    dice, _ = _best_reroll(roll, RULES.team_dice, lambda r: sum(r) + W * potential(r))
    return dice


@cache
def _reply_table(team: Dice) -> tuple[tuple[float, tuple[tuple[int, int, float], ...]], ...]:
    """Per common roll: its probability and each plan's (gain, removals, W x potential)."""
    rows = []
    for roll, pr in multiset_rolls(RULES.common_dice):
        options = {
            (p.gain if p.exchange else 0, len(p.removals), W * potential(p.team))
            for p in plans(roll, team, team)
        }
        rows.append((pr, tuple(sorted(options))))
    return tuple(rows)


@cache
def _reply(team: Dice, own: int, opp: int) -> float:
    """Expected score, for the side to move with ``team`` and ``own`` athletes against
    ``opp``, of its best plan after rolling the common dice (no re-rolls)."""
    top = RULES.athletes_per_side
    total = 0.0
    for pr, options in _reply_table(team):
        best = -WIN
        for gain, removals, pot in options:
            if removals >= opp:
                best = WIN
                break
            own2 = own + gain
            if own2 < 1:
                continue
            if own2 > top:
                own2 = top
            v = own2 - opp + removals + pot
            if v > best:
                best = v
        total += pr * best
    return total
