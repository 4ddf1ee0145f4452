"""Explicit chance: a state at a CHANCE node says what can happen; a runner picks.

Dice games roll several dice at once and the outcome space is a product of small uniform
spaces, so a chance node returns a :class:`DiceRoll` that can both enumerate its outcomes with
their probabilities and sample one from a seeded RNG.

>>> roll = DiceRoll((6, 6))
>>> len(list(roll.outcomes()))
36
>>> roll.probability((3, 4))
0.027777777777777776
>>> roll.contains((7, 1))
False

Games played by rolling dice onto a mat (positions matter, not just faces) use an
:class:`AreaRoll`, whose outcomes are :class:`Landing` positions on a fine grid.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from printkit.engines.core.errors import NoRoomError


class ChanceSpec(Protocol):
    """What a CHANCE node offers: its outcomes, their odds, and a way to draw one."""

    def outcomes(self) -> Iterator[tuple[Any, float]]: ...

    def sample(self, rng: random.Random) -> Any: ...

    def contains(self, outcome: Any) -> bool: ...

    def probability(self, outcome: Any) -> float: ...


@dataclass(frozen=True)
class DiceRoll:
    """Independent fair dice rolled together; an outcome is a tuple of faces (1..sides)."""

    sides: tuple[int, ...]

    def outcomes(self) -> Iterator[tuple[tuple[int, ...], float]]:
        p = self.probability(tuple(1 for _ in self.sides))
        for faces in itertools.product(*(range(1, s + 1) for s in self.sides)):
            yield faces, p

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.randint(1, s) for s in self.sides)

    def contains(self, outcome: Any) -> bool:
        return (
            isinstance(outcome, Sequence)
            and not isinstance(outcome, str)
            and len(outcome) == len(self.sides)
            and all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= s
                for v, s in zip(outcome, self.sides, strict=True)
            )
        )

    def probability(self, outcome: Any) -> float:
        if not self.contains(outcome):
            return 0.0
        p = 1.0
        for s in self.sides:
            p /= s
        return p


@dataclass(frozen=True)
class Choice:
    """A finite list of equally likely (or weighted) outcomes, e.g. a shuffled card."""

    options: tuple[Any, ...]
    weights: tuple[float, ...] | None = None

    def outcomes(self) -> Iterator[tuple[Any, float]]:
        total = sum(self.weights) if self.weights else len(self.options)
        for i, o in enumerate(self.options):
            yield o, (self.weights[i] if self.weights else 1.0) / total

    def sample(self, rng: random.Random) -> Any:
        if self.weights:
            return rng.choices(self.options, weights=self.weights)[0]
        return self.options[rng.randrange(len(self.options))]

    def contains(self, outcome: Any) -> bool:
        return outcome in self.options

    def probability(self, outcome: Any) -> float:
        return dict(self.outcomes()).get(outcome, 0.0) if self.contains(outcome) else 0.0


class Landing(NamedTuple):
    """Where one die came to rest on an area, and the face it shows.

    ``x`` and ``y`` are the die's centre in whole grid steps (the game says how long a step
    is, e.g. 0.1 mm), so that positions compare exactly and logs replay byte for byte.
    """

    x: int
    y: int
    face: int


@dataclass(frozen=True)
class AreaRoll:
    """Dice rolled onto a rectangular area: each die lands at a uniformly random grid point
    and shows a uniformly random face.

    ``low`` and ``high`` bound the *centre* of a die that lies wholly inside the area (the
    game works them out from the area and the die size), both ends included, in grid steps.
    Dice are axis-aligned squares of side ``size`` steps; two dice overlap when their centres
    are less than ``size`` apart along both axes (dice that only touch do not). Unless
    ``overlap`` is true, a die may not come to rest on a die in ``occupied`` nor on one rolled
    earlier in the same outcome. The outcome is a tuple of :class:`Landing`, one per die, in the
    order the game lists the dice.

    :meth:`sample` is rejection sampling, as at a table: a die that falls outside (never
    happens here, positions are drawn inside) or on another die is rolled again, so each die
    is uniform over the free grid points given the dice before it; :meth:`probability` is that
    chance, exactly on the grid. A die that finds no free point at all jams the roll, and the
    whole roll is thrown again, as players would pick the dice up (rare: a few in a thousand
    rolls at the densest rules a game allows; :meth:`probability` leaves these re-throws
    out). A roll that jams ``max_throws`` times running raises :class:`NoRoomError`.
    :meth:`outcomes` is lazy and there are far too many outcomes to list (a 9 in area at
    0.1 mm has millions of points per die): a search samples instead.

    >>> roll = AreaRoll(1, (0, 0), (2, 2), size=2, occupied=((0, 0),))
    >>> roll.contains(((1, 1, 6),)), roll.contains(((2, 2, 6),)), roll.contains(((3, 0, 1),))
    (False, True, False)
    >>> roll.free_points(roll.occupied), round(roll.probability(((2, 0, 4),)), 6)
    (5, 0.033333)
    >>> round(sum(p for _, p in roll.outcomes()), 12)
    1.0
    >>> import random
    >>> roll.sample(random.Random(1))
    (Landing(x=0, y=2, face=1),)
    """

    count: int
    low: tuple[int, int]
    high: tuple[int, int]
    size: int
    occupied: tuple[tuple[int, int], ...] = ()
    sides: int = 6
    overlap: bool = False
    max_throws: int = 100
    patience: int = 2_000
    """Misses in a row after which :meth:`sample` counts the free points, to tell a die that
    is unlucky from one that has no room."""

    def clear(self, x: int, y: int, others: Sequence[tuple[int, int]]) -> bool:
        """Whether a die centred at (x, y) rests on none of ``others``."""
        if self.overlap:
            return True
        s = self.size
        for ox, oy in others:
            if -s < x - ox < s and -s < y - oy < s:
                return False
        return True

    def sample(self, rng: random.Random) -> tuple[Landing, ...]:
        """Roll every die; one that lands on another die is rolled again, and a roll in which
        a die finds no room at all is thrown again whole."""
        for _ in range(self.max_throws):
            landed = self._throw(rng)
            if landed is not None:
                return landed
        raise NoRoomError(
            f"{self.count} dice of {self.size} grid steps found no room in the area "
            f"({self.high[0] - self.low[0] + 1} x {self.high[1] - self.low[1] + 1} points for "
            f"their centres, {len(self.occupied)} dice already down) in {self.max_throws} "
            "throws: the rules ask for more dice than the area holds")

    def _throw(self, rng: random.Random) -> tuple[Landing, ...] | None:
        """One throw of every die, or None when a die found no free point (a jam)."""
        (x0, y0), (x1, y1) = self.low, self.high
        nx, ny = x1 - x0 + 1, y1 - y0 + 1
        placed = list(self.occupied)
        out: list[Landing] = []
        randbelow = rng.randrange
        for _ in range(self.count):
            misses = 0
            while True:
                x, y = x0 + randbelow(nx), y0 + randbelow(ny)
                if self.clear(x, y, placed):
                    break
                misses += 1
                if misses % self.patience == 0 and self.free_points(placed) == 0:
                    return None
            face = 1 + randbelow(self.sides)
            placed.append((x, y))
            out.append(Landing(x, y, face))
        return tuple(out)

    def contains(self, outcome: Any) -> bool:
        if (not isinstance(outcome, Sequence) or isinstance(outcome, str)
                or len(outcome) != self.count):
            return False
        placed = list(self.occupied)
        for landing in outcome:
            if (not isinstance(landing, Sequence) or isinstance(landing, str)
                    or len(landing) != 3
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in landing)):
                return False
            x, y, face = landing
            if not (self.low[0] <= x <= self.high[0] and self.low[1] <= y <= self.high[1]
                    and 1 <= face <= self.sides and self.clear(x, y, placed)):
                return False
            placed.append((x, y))
        return True

    def free_points(self, others: Sequence[tuple[int, int]]) -> int:
        """How many grid points a die's centre may take with ``others`` already down."""
        (x0, y0), (x1, y1) = self.low, self.high
        total = (x1 - x0 + 1) * (y1 - y0 + 1)
        if self.overlap or not others:
            return total
        s = self.size
        # the blocked centres around each die: a (2s-1)-point square, clipped to the bounds
        boxes = []
        for ox, oy in others:
            bx0, bx1 = max(x0, ox - s + 1), min(x1, ox + s - 1)
            by0, by1 = max(y0, oy - s + 1), min(y1, oy + s - 1)
            if bx0 <= bx1 and by0 <= by1:
                boxes.append((bx0, bx1 + 1, by0, by1 + 1))
        xs = sorted({b[0] for b in boxes} | {b[1] for b in boxes})
        blocked = 0
        for left, right in itertools.pairwise(xs):
            spans = sorted((b[2], b[3]) for b in boxes if b[0] <= left and right <= b[1])
            length, end = 0, None
            for a, b in spans:
                if end is None or a > end:
                    length += b - a
                    end = b
                elif b > end:
                    length += b - end
                    end = b
            blocked += length * (right - left)
        return total - blocked

    def probability(self, outcome: Any) -> float:
        if not self.contains(outcome):
            return 0.0
        p = 1.0
        placed = list(self.occupied)
        for x, y, _face in outcome:
            p /= self.free_points(placed) * self.sides
            placed.append((x, y))
        return p

    def outcomes(self) -> Iterator[tuple[tuple[Landing, ...], float]]:
        """Every outcome with its chance, lazily: only usable on tiny areas (tests)."""

        def grow(placed: list[tuple[int, int]], so_far: tuple[Landing, ...],
                 p: float) -> Iterator[tuple[tuple[Landing, ...], float]]:
            if len(so_far) == self.count:
                yield so_far, p
                return
            q = p / (self.free_points(placed) * self.sides)
            for x in range(self.low[0], self.high[0] + 1):
                for y in range(self.low[1], self.high[1] + 1):
                    if self.clear(x, y, placed):
                        for face in range(1, self.sides + 1):
                            yield from grow([*placed, (x, y)], (*so_far, Landing(x, y, face)),
                                            q)

        yield from grow(list(self.occupied), (), 1.0)
