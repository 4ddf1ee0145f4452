"""Whole-turn arithmetic for the bots: which exchange, and the most removals the rest allows.

Why a turn reduces to one choice: removals and the exchange each pair one common die with one
team die, and neither changes what the other pairs may do (an exchange only replaces the team
die it is paired with). So a turn is "which exchange, if any", followed by as many removals as
the remaining dice allow. At most 1 + 3 x 3 plans, all cached by dice values.

Everything here is *uncapped* (no reserve, no opposing team size); callers apply the caps.

>>> max_removals((3, 4, 5), (4, 6))
1
>>> [(p.exchange, p.gain, len(p.removals)) for p in plans((3, 4, 5), (2, 4, 6), (2, 4, 6))][:2]
[(None, 0, 2), ((3, 2), 2, 1)]
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from functools import cache
from math import factorial
from typing import NamedTuple

from printkit.engines.tug_of_war.rules import RULES

Dice = tuple[int, ...]


def matching(common: Dice, team: Dice) -> tuple[tuple[int, int], ...]:
    """A largest set of (common, team) pairs with common >= team, each die used once.

    Both inputs sorted. Greedy is optimal: the lowest team die takes the lowest common die
    that beats it.
    """
    pairs = []
    i = 0
    for t in team:
        while i < len(common) and common[i] < t:
            i += 1
        if i == len(common):
            break
        pairs.append((common[i], t))
        i += 1
    return tuple(pairs)


def max_removals(common: Dice, team: Dice) -> int:
    return len(matching(common, team))


class Plan(NamedTuple):
    """The rest of a turn: an optional exchange (common, team), then these removals.

    (A named tuple: thousands are made while the bots' tables fill.)"""

    exchange: tuple[int, int] | None
    removals: tuple[tuple[int, int], ...]
    team: Dice
    gain: int
    """Athletes the exchange adds (negative: loses), before the reserve cap; 0 without one."""


def drop_one(dice: Dice, value: int) -> Dice:
    """``dice`` without one die showing ``value`` (which must be there)."""
    i = dice.index(value)
    return dice[:i] + dice[i + 1 :]


@cache
def plans(common: Dice, free_team: Dice, team: Dice, exchange: bool = True) -> tuple[Plan, ...]:
    """Every sensible rest-of-turn from these unused common dice and unpaired team dice."""
    out = [Plan(None, matching(common, free_team), team, 0)]
    if exchange:
        for c in sorted(set(common)):
            for t in sorted(set(free_team)):
                if c == t:
                    continue
                new_team = tuple(sorted(drop_one(team, t) + (c,)))
                rest = matching(drop_one(common, c), drop_one(free_team, t))
                out.append(Plan((c, t), rest, new_team, RULES.exchange_bonus + c - t))
    return tuple(out)


@cache
def multiset_rolls(n: int, faces: int = RULES.faces) -> tuple[tuple[Dice, float], ...]:
    """Each sorted outcome of ``n`` dice with its probability (56 for three d6)."""
    total = faces**n
    out = []
    for combo in itertools.combinations_with_replacement(range(1, faces + 1), n):
        ways = factorial(n)
        for k in Counter(combo).values():
            ways //= factorial(k)
        out.append((combo, ways / total))
    return tuple(out)


@cache
def best_swing(common: Dice, team: Dice) -> int:
    """The best uncapped gain + removals from a fresh roll against this team."""
    return max(p.gain + len(p.removals) for p in plans(common, team, team))


@cache
def potential(team: Dice) -> float:
    """Expected best swing per turn with this team (a roll of the common dice, no re-rolls).

    Low team dice remove more; the number a bot weighs against athletes on the rope.
    """
    return sum(pr * best_swing(r, team) for r, pr in multiset_rolls(RULES.common_dice))


@cache
def reroll_choices(roll: Dice, most: int) -> tuple[Dice, ...]:
    """Every sub-multiset of ``roll`` with at most ``most`` dice, keeping all (``()``) first."""
    found = {c for k in range(min(most, len(roll)) + 1) for c in itertools.combinations(roll, k)}
    return tuple(sorted(found, key=lambda c: (len(c), c)))


@cache
def reroll_outcomes(kept: Dice, n: int) -> tuple[tuple[Dice, float], ...]:
    """Each roll (sorted) that re-rolling ``n`` dice beside ``kept`` can give, with its
    probability, in :func:`multiset_rolls` order."""
    return tuple((tuple(sorted(kept + fresh)), pr) for fresh, pr in multiset_rolls(n))


def expected_after_reroll(roll: Dice, reroll: Dice, value: Callable[[Dice], float]) -> float:
    """Expected ``value(new roll)`` when the dice ``reroll`` of ``roll`` are rolled again."""
    if not reroll:
        return value(roll)
    kept = roll
    for v in reroll:
        kept = drop_one(kept, v)
    return sum(pr * value(new) for new, pr in reroll_outcomes(kept, len(reroll)))


def best_reroll(roll: Dice, most: int, value: Callable[[Dice], float]) -> tuple[Dice, float]:
    """The dice to re-roll all at once (at most ``most``) that maximise the expected
    ``value``, and that expectation; keeping wins ties, then fewer and lower dice.

    >>> best_reroll((1, 5, 6), 2, sum)
    ((1,), 14.5)
    """
    best: tuple[Dice, float] | None = None
    for choice in reroll_choices(roll, most):
        v = expected_after_reroll(roll, choice, value)
        if best is None or v > best[1] + 1e-12:
            best = (choice, v)
    assert best is not None
    return best


def best_sequential_reroll(
    roll: Dice, left: int, value: Callable[[Dice], float]
) -> tuple[Dice, float]:
    """With ``left`` re-rolls of one die each still to come, each seen before the next is
    chosen (the same die may go again): the die to re-roll now (``()``: stop and keep the
    roll) and the expected ``value`` of playing the rest of them best.

    >>> best_sequential_reroll((1, 5, 6), 2, sum)
    ((1,), 15.25)
    """
    memo: dict[tuple[Dice, int], tuple[Dice, float]] = {}

    def solve(dice: Dice, k: int) -> tuple[Dice, float]:
        found = memo.get((dice, k))
        if found is not None:
            return found
        best: tuple[Dice, float] = ((), value(dice))
        if k:
            for v in sorted(set(dice)):
                expected = sum(pr * solve(new, k - 1)[1]
                               for new, pr in reroll_outcomes(drop_one(dice, v), 1))
                if expected > best[1] + 1e-12:
                    best = ((v,), expected)
        memo[(dice, k)] = best
        return best

    return solve(roll, left)
