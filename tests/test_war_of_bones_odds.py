"""War of Bones odds: the exact one-attack table and the allocation, against seeded
simulation (tolerances from the binomial standard error)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from printkit.engines.war_of_bones.odds import (
    ODDS,
    Hit,
    best_allocation,
    judge,
    resolve,
    simulate,
    split_odds,
)

N = 20_000


def _close(observed: int, n: int, p: Fraction) -> bool:
    """Within 4.5 binomial standard errors (a false alarm about once in 150,000 checks)."""
    q = float(p)
    se = math.sqrt(max(q * (1 - q), 1e-12) / n)
    return abs(observed / n - q) <= 4.5 * se + 1e-12


def test_the_table_is_exact_and_sums_to_one() -> None:
    for odds in ODDS.values():
        assert odds.slain + odds.damage + odds.nothing == 1
        assert all(isinstance(v, Fraction) for v in (odds.slain, odds.damage, odds.nothing))
    # Strength 6 on Firepower 1: only 1 vs 6 fails
    assert ODDS[6, 1].nothing == Fraction(1, 36)
    # a Firepower 6 defender can never be slain by one attack, only damaged
    assert all(ODDS[s, 6].slain == 0 for s in range(1, 7))
    assert ODDS[6, 6].damage == Fraction(15, 36)
    # a Firepower 1 defender is never just damaged
    assert all(ODDS[s, 1].damage == 0 for s in range(1, 7))


@pytest.mark.parametrize(("s", "f"), list(itertools.product(range(1, 7), range(1, 7))))
def test_the_table_matches_a_seeded_simulation(s: int, f: int) -> None:
    counts = simulate(s, f, N, random.Random(f"odds/{s}/{f}"))
    odds = ODDS[s, f]
    assert _close(counts[Hit.SLAIN], N, odds.slain)
    assert _close(counts[Hit.DAMAGE], N, odds.damage)
    assert _close(counts[Hit.NONE], N, odds.nothing)


def test_the_allocation_is_the_defenders_best() -> None:
    for attack, rolls, f in [((9, 4), (5, 1), 3), ((8, 8, 3), (6, 1, 2), 2), ((7,), (2,), 4)]:
        chosen = best_allocation(attack, rolls, f)
        assert sorted(chosen) == sorted(rolls)
        best = min((int(d), h) for d, h in (resolve(attack, p, f)
                                           for p in itertools.permutations(rolls)))
        slain, damage = resolve(attack, chosen, f)
        assert (int(slain), damage) == best


@pytest.mark.parametrize(("strengths", "f"), [((2, 2), 2), ((3, 1), 3), ((2, 1, 1), 1),
                                               ((4, 2), 4)])
def test_split_odds_match_a_simulation_with_the_allocation(strengths: tuple[int, ...],
                                                           f: int) -> None:
    rng = random.Random(f"split/{strengths}/{f}")
    n = 6000
    slain = 0
    for _ in range(n):
        totals = tuple(rng.randint(1, 6) + s for s in strengths)
        rolls = tuple(rng.randint(1, 6) for _ in strengths)
        dead, _ = resolve(totals, best_allocation(totals, rolls, f), f)
        slain += dead
    odds = split_odds(strengths, f)
    assert _close(slain, n, odds.slain)
    assert odds.slain + sum(odds.damage) == 1


def test_the_seeds_flubbed_attack() -> None:
    assert judge(1 + 6, 6 + 1, 1) is Hit.NONE
