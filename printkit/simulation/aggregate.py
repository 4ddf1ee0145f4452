"""Streaming aggregates of auto-played games, merged exactly whatever the chunking.

A balance run of a million games must neither keep the games nor depend on how they were
split: every aggregate here holds a bounded summary (a histogram keyed by the values the game
can produce, sums as exact fractions, a maximum with the seed that reached it) and merges by
addition or by a maximum with a fixed tie-break. Integer counts and :class:`~fractions.Fraction`
sums are associative and commutative, so one chunk, seven chunks or a cluster's chunks in any
order give the same totals to the last bit, where float sums would not.

The accumulators are mutable on purpose: a chunk adds game after game to one of each.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from printkit.simulation.statistics import mean_half_width


@dataclass(slots=True)
class Histogram:
    """How often each value occurred: exact, and as small as the game's range of values
    (a score histogram of a million games holds a few hundred keys, not a million values).

    >>> h = Histogram(); h.add_all([3, 1, 3]); h.mean(), h.quantile(0.5), h.max()
    (Fraction(7, 3), 3, 3)
    """

    counts: Counter[float] = field(default_factory=Counter)

    def add(self, value: float) -> None:
        self.counts[value] += 1

    def add_all(self, values: Iterable[float]) -> None:
        for value in values:
            self.counts[value] += 1

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def items(self) -> list[tuple[float, int]]:
        return sorted(self.counts.items())

    def mean(self) -> Fraction | None:
        n = self.total
        if not n:
            return None
        return sum((Fraction(v) * c for v, c in self.items()), Fraction(0)) / n

    def mean_half_width(self) -> float:
        """Half the width of the mean's 95 % interval (:mod:`~printkit.simulation.statistics`).

        >>> h = Histogram(); h.add_all([1, 2, 3, 4]); round(h.mean_half_width(), 3)
        1.265
        """
        total = sum((Fraction(v) * c for v, c in self.items()), Fraction(0))
        squares = sum((Fraction(v) ** 2 * c for v, c in self.items()), Fraction(0))
        return mean_half_width(self.total, total, squares)

    def sd(self) -> float | None:
        """The population standard deviation, from exact sums."""
        n, mean = self.total, self.mean()
        if mean is None:
            return None
        square = sum((Fraction(v) ** 2 * c for v, c in self.items()), Fraction(0)) / n
        return math.sqrt(max(Fraction(0), square - mean * mean))

    def min(self) -> float | None:
        return min(self.counts) if self.counts else None

    def max(self) -> float | None:
        return max(self.counts) if self.counts else None

    def quantile(self, q: float) -> float | None:
        """The smallest value with at least ``q`` of the observations at or below it."""
        n = self.total
        if not n:
            return None
        need, seen = max(1, math.ceil(q * n)), 0
        for value, count in self.items():
            seen += count
            if seen >= need:
                return value
        return self.max()

    def summary(self) -> dict[str, Any]:
        """The JSON form: moments, quantiles and the histogram as ``[value, count]`` pairs."""
        mean = self.mean()
        return {
            "count": self.total,
            "mean": None if mean is None else round(float(mean), 4),
            "sd": None if mean is None else round(self.sd() or 0.0, 4),
            "min": _number(self.min()),
            "median": _number(self.quantile(0.5)),
            "p90": _number(self.quantile(0.9)),
            "max": _number(self.max()),
            "histogram": [[_number(v), c] for v, c in self.items()],
        }


@dataclass(slots=True)
class Moments:
    """Count, sum and sum of squares as exact fractions: a mean and spread in constant
    memory, for values too varied to histogram (a seat's scores)."""

    count: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def add(self, value: float | Fraction) -> None:
        x = Fraction(value)
        self.count += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Moments) -> None:
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    def mean(self) -> Fraction | None:
        return self.total / self.count if self.count else None


@dataclass(frozen=True, slots=True, order=True)
class Extreme:
    """A record value and the game that set it; a tie goes to the smaller seed, so the
    record does not depend on the order in which chunks finish.

    >>> Extreme.of(5, 9).best(Extreme.of(5, 3)).seed
    3
    """

    value: float
    neg_seed: int

    @classmethod
    def of(cls, value: float, seed: int) -> Extreme:
        return cls(value, -seed)

    @property
    def seed(self) -> int:
        return -self.neg_seed

    def best(self, other: Extreme | None) -> Extreme:
        return self if other is None or self >= other else other


def best_of(a: Extreme | None, b: Extreme | None) -> Extreme | None:
    if a is None:
        return b
    return a.best(b)


@dataclass(slots=True)
class Tally:
    """Everything a validation run keeps of its games: bounded whatever their number.

    ``points`` count a win as 1 and a win shared by k players as 1/k each (a game every
    player ends level is shared by all). The *focus* seat is the one a run moves round the
    table (a bot against another, a custom sheet against the standard ones); the *first*
    seat is whoever made the game's first decision. ``counts`` (added up) and ``peaks`` (the
    largest) are what a balance study counts of each game, by name
    (:mod:`printkit.simulation.studies`).
    """

    players: int
    games: int = 0
    decisions: Histogram = field(default_factory=Histogram)
    rounds: Histogram = field(default_factory=Histogram)
    scores: Histogram = field(default_factory=Histogram)
    winning_scores: Histogram = field(default_factory=Histogram)
    seat_points: list[Fraction] = field(default_factory=list)
    seat_scores: list[Moments] = field(default_factory=list)
    first_moves: list[int] = field(default_factory=list)
    first_points: Fraction = Fraction(0)
    focus_points: Fraction = Fraction(0)
    draws: int = 0
    demands: dict[str, Extreme] = field(default_factory=dict)
    longest: Extreme | None = None
    highest: Extreme | None = None
    counts: dict[str, int | Fraction] = field(default_factory=dict)
    peaks: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seat_points:
            self.seat_points = [Fraction(0)] * self.players
            self.seat_scores = [Moments() for _ in range(self.players)]
            self.first_moves = [0] * self.players

    def add_game(self, seed: int, returns: Sequence[float], scores: Sequence[float] | None,
                 decisions: int, rounds: int | None, first: int | None, focus: int | None,
                 demands: Mapping[str, int]) -> None:
        """Count one finished game."""
        self.games += 1
        self.decisions.add(decisions)
        if rounds is not None:
            self.rounds.add(rounds)
        points = win_points(returns)
        if len(set(returns)) == 1 and len(returns) > 1:
            self.draws += 1
        for seat, p in enumerate(points):
            self.seat_points[seat] += p
        if first is not None:
            self.first_moves[first] += 1
            self.first_points += points[first]
        if focus is not None:
            self.focus_points += points[focus]
        if scores:
            self.scores.add_all(scores)
            top = max(scores)
            self.winning_scores.add(top)
            for seat, s in enumerate(scores):
                self.seat_scores[seat].add(s)
            self.highest = Extreme.of(top, seed).best(self.highest)
        self.longest = Extreme.of(decisions, seed).best(self.longest)
        for name, value in demands.items():
            self.demands[name] = Extreme.of(value, seed).best(self.demands.get(name))

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to this one's: exact, in any order."""
        if other.players != self.players:
            raise ValueError("cannot merge tallies of different player counts")
        self.games += other.games
        self.decisions.merge(other.decisions)
        self.rounds.merge(other.rounds)
        self.scores.merge(other.scores)
        self.winning_scores.merge(other.winning_scores)
        for seat in range(self.players):
            self.seat_points[seat] += other.seat_points[seat]
            self.seat_scores[seat].merge(other.seat_scores[seat])
            self.first_moves[seat] += other.first_moves[seat]
        self.first_points += other.first_points
        self.focus_points += other.focus_points
        self.draws += other.draws
        for name, record in other.demands.items():
            self.demands[name] = record.best(self.demands.get(name))
        self.longest = best_of(self.longest, other.longest)
        self.highest = best_of(self.highest, other.highest)
        self.add_counts(other.counts, other.peaks)

    def add_counts(self, counts: Mapping[str, int | Fraction],
                   peaks: Mapping[str, int]) -> None:
        """Add a study's counts of one game (or of a tally's games), keep its peaks."""
        for name, value in counts.items():
            self.counts[name] = self.counts.get(name, 0) + value
        for name, peak in peaks.items():
            self.peaks[name] = max(peak, self.peaks.get(name, peak))

    @classmethod
    def merged(cls, players: int, parts: Iterable[Tally]) -> Tally:
        total = cls(players)
        for part in parts:
            total.merge(part)
        return total


def win_points(returns: Sequence[float]) -> list[Fraction]:
    """Each seat's share of the win: 1 to a sole winner, 1/k to each of k tied at the top.

    >>> [str(p) for p in win_points([3.0, 5.0, 5.0])]
    ['0', '1/2', '1/2']
    """
    top = max(returns)
    winners = sum(1 for r in returns if r == top)
    return [Fraction(1, winners) if r == top else Fraction(0) for r in returns]


def _number(value: float | None) -> float | int | None:
    """A JSON number: whole values as integers (a histogram of decisions reads 54, not 54.0)."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else round(float(value), 4)
