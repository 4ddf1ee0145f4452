"""The exact odds of an attack, and the defender's best use of its defence rolls.

One attack pairs an attack roll plus its Strength against a defence roll plus the defender's
Firepower ``f``; the difference slays at ``f`` or more, does 1 damage when it is positive but
below ``f``, and otherwise does nothing. With two dice that is 36 equally likely cases, so the
table of every Strength against every Firepower is small and exact (:data:`ODDS`).

Several attacks on one Troop are judged pair by pair after the defender, who sees both rolls,
allocates its defence rolls (:func:`best_allocation`: first stay alive, then take the least
damage). Damage adds up; a Troop whose damage reaches its Firepower is slain too (it would
show no face). :func:`split_odds` gives the exact odds of such a group of attacks.

The seed's flubbed attack: Strength 6 rolling 1 against a Firepower 1 defender rolling 6.

>>> judge(1 + 6, 6 + 1, 1)
<Hit.NONE: 0>
>>> ODDS[6, 1].slain, ODDS[6, 1].nothing
(Fraction(35, 36), Fraction(1, 36))
>>> ODDS[1, 6].slain, ODDS[1, 6].damage, ODDS[3, 4].damage
(Fraction(0, 1), Fraction(0, 1), Fraction(1, 4))
>>> best_allocation((9, 4), (5, 1), 3)      # the 5 goes on the 9: 9-8=1 damage, 4-4=0
(5, 1)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import factorial
from typing import Final

FACES: Final = 6


class Hit(enum.IntEnum):
    """What one attack/defence pair does."""

    NONE = 0
    DAMAGE = 1
    SLAIN = 2


def judge(attack_total: int, defence_total: int, firepower: int) -> Hit:
    """One pair: attack roll + Strength against defence roll + the defender's Firepower."""
    diff = attack_total - defence_total
    if diff >= firepower:
        return Hit.SLAIN
    return Hit.DAMAGE if diff > 0 else Hit.NONE


def resolve(attack_totals: tuple[int, ...], defence_rolls: tuple[int, ...],
            firepower: int) -> tuple[bool, int]:
    """All attacks on one Troop, ``defence_rolls[i]`` defending attack ``i``: (slain, damage).
    Damage that reaches the Troop's Firepower slays it too."""
    damage = 0
    for a, d in zip(attack_totals, defence_rolls, strict=True):
        hit = judge(a, d + firepower, firepower)
        if hit is Hit.SLAIN:
            return True, 0
        damage += hit
    if damage >= firepower:
        return True, 0
    return False, damage


@lru_cache(maxsize=65536)
def best_allocation(attack_totals: tuple[int, ...], defence_rolls: tuple[int, ...],
                    firepower: int) -> tuple[int, ...]:
    """The defence rolls in attack order that keep the Troop alive if anything can, and then
    take the least damage (ties: the first such order, rolls sorted, so it is deterministic)."""
    best: tuple[int, ...] | None = None
    best_key = (2, 99)
    for order in sorted(set(itertools.permutations(sorted(defence_rolls)))):
        slain, damage = resolve(attack_totals, order, firepower)
        key = (int(slain), damage)
        if key < best_key:
            best, best_key = order, key
            if key == (0, 0):
                break
    assert best is not None
    return best


@dataclass(frozen=True, slots=True)
class Odds:
    """The chances of one attack: slain, 1 damage, nothing."""

    slain: Fraction
    damage: Fraction
    nothing: Fraction


def attack_odds(strength: int, firepower: int) -> Odds:
    """The exact odds of one attack of ``strength`` on a Troop of ``firepower``."""
    counts = Counter(judge(a + strength, d + firepower, firepower)
                     for a in range(1, FACES + 1) for d in range(1, FACES + 1))
    n = FACES * FACES
    return Odds(Fraction(counts[Hit.SLAIN], n), Fraction(counts[Hit.DAMAGE], n),
                Fraction(counts[Hit.NONE], n))


ODDS: Final = {(s, f): attack_odds(s, f) for s in range(1, FACES + 1)
               for f in range(1, FACES + 1)}
"""``ODDS[strength, firepower]``: the exact table of one attack."""


@dataclass(frozen=True, slots=True)
class SplitOdds:
    """The chances of a group of attacks on one Troop with the defender allocating well:
    slain, and (if it lives) ``damage[k]`` = the chance of exactly ``k`` damage."""

    firepower: int
    slain: Fraction
    damage: tuple[Fraction, ...]

    @property
    def expected_loss(self) -> Fraction:
        """The Firepower the defender loses on average (all of it when slain)."""
        return self.slain * self.firepower + sum(
            (k * p for k, p in enumerate(self.damage)), Fraction())


def _multisets(k: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted roll of ``k`` dice with how many ordered rolls give it."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, FACES + 1), k):
        ways = factorial(k)
        for c in Counter(combo).values():
            ways //= factorial(c)
        out.append((combo, ways))
    return out


@cache
def split_odds(strengths: tuple[int, ...], firepower: int) -> SplitOdds:
    """The exact odds of attacks of ``strengths`` (largest first) on one Troop of
    ``firepower``, by enumerating every attack and defence roll: instant up to 3 attacks,
    about a second for 5, some seconds for 6 (the bots consider at most 3 on one Troop).

    >>> split_odds((6,), 1).slain == ODDS[6, 1].slain
    True
    >>> one, two = split_odds((4,), 2), split_odds((2, 2), 2)
    >>> float(one.expected_loss) > float(two.expected_loss)
    True
    """
    k = len(strengths)
    groups = sorted(Counter(strengths).items(), reverse=True)
    per_group = [_multisets(m) for _, m in groups]
    defences = _multisets(k)
    slain = 0
    damage = [0] * firepower
    for picks in itertools.product(*per_group):
        totals: list[int] = []
        ways = 1
        for (s, _), (rolls, w) in zip(groups, picks, strict=True):
            totals.extend(r + s for r in rolls)
            ways *= w
        attack = tuple(totals)
        for rolls, w in defences:
            order = best_allocation(attack, rolls, firepower)
            dead, hurt = resolve(attack, order, firepower)
            if dead:
                slain += ways * w
            else:
                damage[hurt] += ways * w
    total = FACES ** (2 * k)
    return SplitOdds(firepower, Fraction(slain, total),
                     tuple(Fraction(c, total) for c in damage))


def simulate(strength: int, firepower: int, n: int, rng: random.Random) -> Counter[Hit]:
    """``n`` simulated single attacks (the tests compare them with :data:`ODDS`)."""
    return Counter(judge(rng.randint(1, FACES) + strength,
                         rng.randint(1, FACES) + firepower, firepower) for _ in range(n))


__all__ = ["FACES", "Hit", "ODDS", "Odds", "SplitOdds", "attack_odds", "best_allocation",
           "judge", "resolve", "simulate", "split_odds"]
