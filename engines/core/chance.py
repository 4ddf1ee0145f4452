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
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


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
