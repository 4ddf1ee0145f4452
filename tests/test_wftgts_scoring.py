"""WFtGtS scoring: known answers from the seed, and the fast scorer against brute force."""

from __future__ import annotations

import doctest
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import printkit.engines.wftgts.rules
import printkit.engines.wftgts.scoring
from printkit.engines.wftgts import DICE, Group, Scoring, best_scoring
from printkit.engines.wftgts.scoring import _search, _search_all

SIDES = tuple(d.sides for d in DICE)
POINTS = tuple(d.points for d in DICE)

any_line = st.tuples(*(st.integers(1, s) for s in SIDES))
# small numbers make sets, runs and competing groups common
crowded_line = st.tuples(*(st.integers(1, min(s, 5)) for s in SIDES))
packed_line = st.tuples(*(st.integers(1, 3) for _ in SIDES))  # big sets beside runs
lines = st.one_of(any_line, crowded_line, packed_line)


def brute_force(vals: tuple[int, ...]) -> int:
    """Every collection of disjoint valid groups (no assumption of at most two)."""
    valid: dict[int, int] = {}
    for mask in range(1, 1 << len(vals)):
        dice = [i for i in range(len(vals)) if mask >> i & 1]
        if len(dice) < 3:
            continue
        shown = sorted(vals[i] for i in dice)
        pts = sum(POINTS[i] for i in dice)
        if len(set(shown)) == 1:
            valid[mask] = pts * (len(dice) + 2)
        elif len(set(shown)) == len(shown) and shown[-1] - shown[0] == len(shown) - 1:
            valid[mask] = pts * len(dice)

    @cache
    def best(free: int) -> int:
        return max((v + best(free & ~m) for m, v in valid.items() if m & free == m), default=0)

    return best((1 << len(vals)) - 1)


def check_groups(vals: tuple[int, ...], scoring: Scoring) -> None:
    used: set[int] = set()
    for g in scoring.groups:
        assert isinstance(g, Group)
        assert not used & set(g.dice), "a die serves in one group at most"
        used |= set(g.dice)
        assert tuple(vals[d] for d in g.dice) == g.values
        assert list(g.values) == sorted(g.values)
        assert len(g.dice) >= 3
        assert g.die_points == sum(POINTS[d] for d in g.dice)
        if g.kind == "set":
            assert len(set(g.values)) == 1
            assert g.multiplier == len(g.dice) + 2
        else:
            assert g.kind == "run"
            assert list(g.values) == list(range(g.values[0], g.values[0] + len(g.values)))
            assert g.multiplier == len(g.dice)
        assert g.points == g.die_points * g.multiplier
    assert scoring.points == sum(g.points for g in scoring.groups)


SEED_LINES = [
    ((2, 3, 2, 10, 8, 4, 1), 76, ["1-2-3-4: 19 × 4 = 76"]),
    ((4, 6, 3, 2, 6, 1, 5), 156, ["1-2-3-4-5-6: 26 × 6 = 156"]),
    ((1, 2, 1, 10, 9, 1, 1), 108, ["four 1s: 18 × 6 = 108"]),
    ((2, 1, 3, 6, 8, 4, 7), 95, ["1-2-3-4: 11 × 4 = 44", "6-7-8: 17 × 3 = 51"]),
    ((2, 6, 6, 3, 6, 4, 19), 75, ["2-3-4: 10 × 3 = 30", "three 6s: 9 × 5 = 45"]),
    ((3, 2, 4, 10, 6, 1, 1), 60, ["1-2-3-4: 15 × 4 = 60"]),
]


@pytest.mark.parametrize("line, points, described", SEED_LINES)
def test_seed_c_lines(line: tuple[int, ...], points: int, described: list[str]) -> None:
    scoring = best_scoring(line)
    assert scoring.points == points
    assert [g.describe() for g in scoring.groups] == described
    check_groups(line, scoring)


def test_seed_scoring_notes() -> None:
    # "You could make the 2, 3, 4 with the d4 instead of the d6, but that only scores 27"
    s = best_scoring((3, 3, 2, 8, 8, 4, 14))
    assert s.points == 30 and s.groups[0].dice == (2, 1, 5)  # d8=2, d6=3, d12=4
    # pretend the d8 also had a 3: three 3s (d4, d6, d8) = 6 x 5 = 30
    assert best_scoring((3, 3, 3, 8, 9, 11, 14)).points == 30
    # pretend the two d10s had come up 2: set of 2s (45) plus the 1-2-3-4 run
    s = best_scoring((2, 3, 2, 2, 2, 4, 1))
    assert s.points == brute_force((2, 3, 2, 2, 2, 4, 1))


@settings(max_examples=600, deadline=None)
@given(lines)
def test_best_scoring_matches_brute_force(line: tuple[int, ...]) -> None:
    scoring = best_scoring(line)
    assert scoring.points == brute_force(line)
    check_groups(line, scoring)


@settings(max_examples=600, deadline=None)
@given(lines)
def test_fast_path_agrees_with_full_enumeration(line: tuple[int, ...]) -> None:
    assert _search(line) == _search_all(line)


def test_ties_are_deterministic_and_prefer_the_earlier_die() -> None:
    # both d10s show 5: the run 4-5-6 may use either; the d10 (1s) comes first on the sheet
    line = (1, 4, 8, 5, 5, 6, 20)
    first = best_scoring(line)
    assert first.groups[0].dice == (1, 3, 5)
    assert all(best_scoring(list(line)) == first for _ in range(3))


@pytest.mark.parametrize(
    "bad",
    [
        (1, 2, 3, 4, 5, 6),
        (1, 2, 3, 4, 5, 6, 7, 8),
        (5, 1, 1, 1, 1, 1, 1),  # a d4 cannot show 5
        (1, 1, 1, 1, 1, 1, 21),
        (0, 1, 1, 1, 1, 1, 1),
        (1, 1, 1, 1, 1, 1, True),
        (1.5, 1, 1, 1, 1, 1, 1),
        ("1", 1, 1, 1, 1, 1, 1),
    ],
)
def test_bad_lines_raise_value_error(bad: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        best_scoring(bad)


def test_values_are_immutable() -> None:
    s = best_scoring((1, 2, 3, 4, 5, 6, 7))
    with pytest.raises(AttributeError):
        s.points = 0  # type: ignore[misc]
    assert s.points == 28 * 7  # the whole set in one 1-to-7 run


def test_doctests() -> None:
    for module in (printkit.engines.wftgts.scoring, printkit.engines.wftgts.rules):
        failures, _ = doctest.testmod(module)
        assert failures == 0
