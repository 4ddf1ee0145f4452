"""Scoring a c-line: the best choice of disjoint runs and sets.

A *run* is three or more dice showing consecutive, different numbers; it scores the dice's
point values times the number of dice. A *set* is three or more dice showing the same number;
it scores the point values times (number of dice + 2). A die serves in one group at most.
With seven dice and groups of at least three there are never more than two groups, so the
best scoring is the best single group or the best disjoint pair of groups.

The search is written for speed in pure Python (bots and validation score millions of lines):
dice are bucketed by value, sets come from the buckets, runs from stretches of consecutive
values, and only the handful of candidate groups found are paired.

Ties between groupings of equal points are broken by a fixed enumeration order (sets before
runs, lower values first, and among equal-valued dice the one earlier on the sheet, e.g. the
d10 (1s) before the d10 (10s)), so the same line always gets the same groups.

A player need not write the best grouping: :func:`score_groups` scores any legal one (and
names the rule a wrong one breaks), so a log written at a table records what was written.

>>> s = best_scoring([2, 3, 2, 10, 8, 4, 1])
>>> s.points
76
>>> [g.describe() for g in s.groups]
['1-2-3-4: 19 × 4 = 76']
>>> best_scoring([2, 6, 6, 3, 6, 4, 19]).describe()
'2-3-4: 10 × 3 = 30; three 6s: 9 × 5 = 45; total 75'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product
from operator import index

from printkit.engines.wftgts.rules import RULES


class GroupKind(StrEnum):
    RUN = "run"
    SET = "set"


_COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True, slots=True)
class Group:
    """One scoring group. ``dice`` are die indices (0 = d4 ... 6 = d20) listed in the order
    of ``values`` (ascending), so ``dice[i]`` shows ``values[i]``."""

    kind: str
    dice: tuple[int, ...]
    values: tuple[int, ...]
    die_points: int
    multiplier: int
    points: int

    def describe(self) -> str:
        """The arithmetic as a player would jot it on the Score line."""
        if self.kind == GroupKind.SET:
            n = len(self.dice)
            head = f"{_COUNT_WORDS.get(n, str(n))} {self.values[0]}s"
        else:
            head = "-".join(str(v) for v in self.values)
        return f"{head}: {self.die_points} × {self.multiplier} = {self.points}"


@dataclass(frozen=True, slots=True)
class Scoring:
    """The best scoring of a line: total ``points`` and the ``groups`` that make it up
    (ordered by their lowest value)."""

    points: int
    groups: tuple[Group, ...]

    @property
    def dice(self) -> frozenset[int]:
        """The dice used by some group."""
        return frozenset(d for g in self.groups for d in g.dice)

    def describe(self) -> str:
        if not self.groups:
            return "no run or set: 0"
        parts = "; ".join(g.describe() for g in self.groups)
        return parts if len(self.groups) == 1 else f"{parts}; total {self.points}"


NO_SCORING = Scoring(0, ())

_N = len(RULES.dice)
_PTS = RULES.points
_SIDES = RULES.sides
_LABELS = tuple(d.label for d in RULES.dice)
_MIN = RULES.min_group
_BONUS = RULES.set_bonus
_BIT = tuple(1 << i for i in range(_N))
# positions to pick from a bucket of L equal dice to form a set of size >= _MIN
# A set's candidates: all n equal dice, or n - 1 of them (one die given to a run; a run
# takes at most one die of a value, and a leftover die would only lift the set). Smaller
# sets are never part of a best scoring, so they are not enumerated.
_COMBOS = {
    n: tuple(c for k in range(max(_MIN, n - 1), n + 1) for c in combinations(range(n), k))
    for n in range(_MIN, _N + 1)
}


def best_scoring(dice: Sequence[int]) -> Scoring:
    """The highest-scoring choice of disjoint runs and sets among ``dice``.

    ``dice`` holds the seven values in sheet order d4, d6, d8, d10 (1s), d10 (10s), d12,
    d20, each within 1..sides (the d10 (10s) already read as 1..10); anything else raises
    ``ValueError``.
    """
    vals = tuple(dice)
    if len(vals) == _N:  # fast check for the usual case: plain ints in range
        for v, s in zip(vals, _SIDES):  # noqa: B905 -- lengths are equal here
            if type(v) is not int or not 0 < v <= s:
                break
        else:
            return _best(vals)
    return _best(_checked(vals))


def score_groups(dice: Sequence[int], groups: Iterable[Iterable[int]]) -> Scoring:
    """The scoring of a grouping a player chose, which need not be the best one.

    ``groups`` lists die indices (0 = d4 ... 6 = d20), one collection per group; no groups
    at all scores 0. Each group must be a run or a set of at least ``min_group`` dice, and no
    die may serve twice. A grouping that breaks a rule raises ``ValueError`` naming it.

    The seed's note "pretend the d10s had come up 2": the run 1-2-3-4 on the d20, d8, d6 and
    d12 beside three 2s on the d4 and both d10s scores 121, where the best grouping (the d8
    in the set, the d4 in the run) scores 123.

    >>> line = (2, 3, 2, 2, 2, 4, 1)
    >>> s = score_groups(line, [(1, 2, 5, 6), (0, 3, 4)])
    >>> s.points, best_scoring(line).points
    (121, 123)
    >>> s.describe()
    '1-2-3-4: 19 × 4 = 76; three 2s: 9 × 5 = 45; total 121'
    >>> score_groups(line, [(0, 1, 2)])
    Traceback (most recent call last):
    ...
    ValueError: the d4, d6 and d8 show 2, 3 and 2: a set needs the same number on every die, \
and a run a different number on each, in a row
    """
    vals = _checked(tuple(dice))
    written = [tuple(g) for g in groups]
    used: dict[int, int] = {}
    for number, group in enumerate(written):
        for d in group:
            if type(d) is not int or not 0 <= d < _N:
                raise ValueError(f"a group names dice 0..{_N - 1} (d4 ... d20); {d!r} is not a"
                                 " die")
            if used.get(d) == number:
                raise ValueError(f"the {_LABELS[d]} is listed twice in one group")
            if d in used:
                raise ValueError(f"the {_LABELS[d]} is in two groups; a die serves in one group"
                                 " at most")
            used[d] = number
    made = [_group(vals, group) for group in written]
    made.sort(key=_first_value)
    return Scoring(sum(g.points for g in made), tuple(made))


def _group(vals: tuple[int, ...], dice: tuple[int, ...]) -> Group:
    """One written group as a :class:`Group`, or ``ValueError`` saying why it is none."""
    names = _and([_LABELS[d] for d in dice])
    if len(dice) < _MIN:
        count = _COUNT_WORDS.get(_MIN, str(_MIN))
        if not dice:
            raise ValueError(f"an empty group scores nothing; a run or a set needs at least"
                             f" {count} dice")
        one = "only the" if len(dice) == 1 else "only"
        raise ValueError(f"a run or a set needs at least {count} dice; this group has {one}"
                         f" {names}")
    ordered = tuple(sorted(dice, key=lambda d: (vals[d], d)))
    shown = tuple(vals[d] for d in ordered)
    die_points = sum(_PTS[d] for d in ordered)
    if shown[0] == shown[-1]:
        mult = len(ordered) + _BONUS
        return Group(GroupKind.SET.value, ordered, shown, die_points, mult, die_points * mult)
    if len(set(shown)) == len(shown) and shown[-1] - shown[0] == len(shown) - 1:
        mult = len(ordered)
        return Group(GroupKind.RUN.value, ordered, shown, die_points, mult, die_points * mult)
    show = _and([str(vals[d]) for d in dice])
    if len(set(shown)) == len(shown):
        gaps = [v for v in range(shown[0] + 1, shown[-1]) if v not in shown]
        missing = _and([str(v) for v in gaps])
        raise ValueError(f"the {names} show {show}: a run needs numbers in a row, and"
                         f" {missing} {'is' if len(gaps) == 1 else 'are'} missing")
    raise ValueError(f"the {names} show {show}: a set needs the same number on every die, and"
                     " a run a different number on each, in a row")


def _and(words: list[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _checked(dice: tuple[object, ...]) -> tuple[int, ...]:
    """The values as ints, or ``ValueError`` naming the first bad one."""
    if len(dice) != _N:
        raise ValueError(f"a line has {_N} dice values (d4 ... d20), got {len(dice)}")
    vals = []
    for raw, s, label in zip(dice, _SIDES, _LABELS, strict=True):
        try:
            if isinstance(raw, bool):
                raise TypeError
            v = index(raw)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"the {label} value must be a whole number, got {raw!r}") from None
        if not 1 <= v <= s:
            raise ValueError(f"the {label} shows 1..{s}, got {v}")
        vals.append(v)
    return tuple(vals)


_MEMO: dict[tuple[int, ...], Scoring] = {}
_MEMO_MAX = 1 << 16


def _best(vals: tuple[int, ...]) -> Scoring:
    """:func:`best_scoring` without input checks (callers pass a valid tuple).

    Results are memoised (bounded): the engine and the bots score the same lines again.
    """
    hit = _MEMO.get(vals)
    if hit is not None:
        return hit
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    result = _MEMO[vals] = _search(vals)
    return result


def _search(vals: tuple[int, ...]) -> Scoring:
    """Fast path for the common lines; hands the rest to :func:`_search_all`.

    Groups that share no value never compete for a die. So when no stretch of consecutive
    values contains a value shown three times, each set is best taken whole; and a stretch
    with no repeated value, or with too few dice for two runs, is best used whole, each
    value taken by its most valuable die (two runs from one stretch must share a value).
    Only the other lines need the full enumeration.
    """
    if _MIN != 3:
        return _search_all(vals)
    present = dup = trip = 0
    for v in vals:
        b = 1 << v
        trip |= dup & b
        dup |= present & b
        present |= b
    run3 = present & (present >> 1) & (present >> 2)
    if not run3 and not trip:
        return NO_SCORING
    byval = _dice_by_value(vals)
    keys = sorted(byval)
    pts = _PTS
    groups: list[Group] = []
    total = 0
    if trip:
        for v in keys:
            if trip >> v & 1:
                ds = tuple(byval[v])
                dp = 0
                for d in ds:
                    dp += pts[d]
                mult = len(ds) + _BONUS
                groups.append(Group("set", ds, (v,) * len(ds), dp, mult, dp * mult))
                total += dp * mult
    if run3:
        nk = len(keys)
        start = 0
        for k in range(1, nk + 1):
            if k == nk or keys[k] != keys[k - 1] + 1:
                if k - start >= 3:
                    run_vals = tuple(keys[start:k])
                    run_dice: list[int] = []
                    dp = 0
                    ndice = 0
                    for v in run_vals:
                        bucket = byval[v]
                        if len(bucket) > 1:
                            if len(bucket) > 2:
                                return _search_all(vals)  # a set inside the stretch
                            ndice += 2
                            d = bucket[1]
                            if pts[bucket[0]] == pts[d]:
                                d = bucket[0]
                        else:
                            ndice += 1
                            d = bucket[0]
                        run_dice.append(d)
                        dp += pts[d]
                    if ndice >= 6 and ndice > k - start:
                        return _search_all(vals)  # room for two runs sharing values
                    mult = k - start
                    groups.append(Group("run", tuple(run_dice), run_vals, dp, mult, dp * mult))
                    total += dp * mult
                start = k
    if len(groups) > 1:
        groups.sort(key=_first_value)
    return Scoring(total, tuple(groups))


def _first_value(g: Group) -> int:
    return g.values[0]


def _dice_by_value(vals: tuple[int, ...]) -> dict[int, list[int]]:
    """Die indices grouped by the value they show, in sheet order within a value."""
    byval: dict[int, list[int]] = {}
    for i, v in enumerate(vals):
        bucket = byval.get(v)
        if bucket is None:
            byval[v] = [i]
        else:
            bucket.append(i)
    return byval


def _search_all(vals: tuple[int, ...]) -> Scoring:
    """Every candidate group, then the best single group or disjoint pair."""
    byval = _dice_by_value(vals)
    keys = sorted(byval)
    nk = len(keys)
    pts = _PTS
    bit = _BIT
    # candidate: (points, mask, kind, dice, values, die_points, multiplier)
    cands: list[tuple[int, int, str, tuple[int, ...], tuple[int, ...], int, int]] = []
    if nk <= _N - _MIN + 1:  # some value shows on >= _MIN dice
        for v in keys:
            bucket = byval[v]
            if len(bucket) >= _MIN:
                for combo in _COMBOS[len(bucket)]:
                    ds = tuple(bucket[j] for j in combo)
                    dp = 0
                    m = 0
                    for d in ds:
                        dp += pts[d]
                        m |= bit[d]
                    mult = len(ds) + _BONUS
                    cands.append((dp * mult, m, GroupKind.SET, ds, (v,) * len(ds), dp, mult))
    start = 0
    for k in range(1, nk + 1):
        if k == nk or keys[k] != keys[k - 1] + 1:
            if k - start >= _MIN:
                for a in range(start, k - _MIN + 1):
                    for b in range(a + _MIN, k + 1):
                        run_vals = tuple(keys[a:b])
                        mult = b - a
                        buckets = [byval[v] for v in run_vals]
                        if all(len(bk) == 1 for bk in buckets):
                            choices: object = (tuple(bk[0] for bk in buckets),)
                        else:
                            choices = product(*buckets)
                        for ds in choices:  # type: ignore[attr-defined]
                            dp = 0
                            m = 0
                            for d in ds:
                                dp += pts[d]
                                m |= bit[d]
                            cands.append((dp * mult, m, GroupKind.RUN, ds, run_vals, dp, mult))
            start = k
    if not cands:
        return NO_SCORING
    best = 0
    sel: tuple[tuple[int, int, str, tuple[int, ...], tuple[int, ...], int, int], ...] = ()
    n = len(cands)
    top = max(c[0] for c in cands)
    for i in range(n):
        ci = cands[i]
        pi = ci[0]
        if pi > best:
            best = pi
            sel = (ci,)
        if pi + top <= best:
            continue  # no partner can lift this one above the best so far
        mi = ci[1]
        for j in range(i + 1, n):
            cj = cands[j]
            if not mi & cj[1] and pi + cj[0] > best:
                best = pi + cj[0]
                sel = (ci, cj)
    if len(sel) == 2 and sel[1][4][0] < sel[0][4][0]:
        sel = (sel[1], sel[0])
    return Scoring(best, tuple(Group(str(c[2]), c[3], c[4], c[5], c[6], c[0]) for c in sel))
