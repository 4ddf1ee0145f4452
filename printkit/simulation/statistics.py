"""The statistics of auto-played games, in one place: a rate's and a mean's 95 % interval.

Every figure printkit prints with an interval comes from here: ``printkit validate`` (seats,
the first player, bots against bots, a custom sheet against the standard ones), its balance
studies (:mod:`printkit.simulation.studies`) and the bench. A rate's interval is the Wilson
score interval, good at any rate and any number of games, unlike p ± z·√(p(1-p)/n), which
is too narrow near 0 % and 100 % and can leave [0, 1]; a mean's is the normal approximation
with the sample variance, good for the thousands of games a study plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval, to six decimals (the figure validation
reports have always used; the exact 1.95996398... moves no printed digit).

>>> from statistics import NormalDist
>>> round(NormalDist().inv_cdf(0.975), 6) == Z95
True
"""


def wilson_interval(points: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``points`` in ``games`` (a win counts 1, a
    shared win its share); ``(0, 1)`` when nothing was played.

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    >>> [round(x, 3) for x in wilson_interval(10_220, 20_000)]
    [0.504, 0.518]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_half_width(count: int, total: float | Fraction, squares: float | Fraction,
                    z: float = Z95) -> float:
    """Half the width of the 95 % interval of a mean of ``count`` values that add up to
    ``total``, with squares adding up to ``squares`` (sample variance; 0 for one value).

    >>> round(mean_half_width(4, 10, 30), 3)  # 1, 2, 3, 4
    1.265
    """
    if count < 2:
        return 0.0
    mean = Fraction(total) / count
    variance = (Fraction(squares) - count * mean * mean) / (count - 1)
    return z * math.sqrt(max(float(variance), 0.0) / count)


@dataclass(frozen=True)
class Rate:
    """``points`` out of ``games`` (a win 1, a shared win or a draw its share), with its 95 %
    interval.

    >>> Rate(Fraction(3, 2), 4).to_json()
    {'count': 1.5, 'of': 4, 'rate': 0.375, 'ci95': [0.0919, 0.7806]}
    """

    points: Fraction | int
    games: int

    @property
    def rate(self) -> float:
        return float(Fraction(self.points) / self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(float(self.points), self.games)

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        low, high = self.interval
        count = float(self.points)
        return {"count": int(count) if count.is_integer() else count, "of": self.games,
                "rate": round(self.rate, digits) if self.games else None,
                "ci95": [round(low, digits), round(high, digits)]}

    def percent(self) -> str:
        """``"50.7 % (50.0-51.4)"``: the rate and its interval, in percent to 0.1.

        >>> Rate(522, 1000).percent()
        '52.2 % (49.1–55.3)'
        """
        low, high = self.interval
        return f"{100 * self.rate:.1f} % ({100 * low:.1f}–{100 * high:.1f})"
