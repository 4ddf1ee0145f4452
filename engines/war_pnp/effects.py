"""The pure rule functions of W.A.R. – Powers 'n Points, apart from any game state.

The seed's worked examples test exactly these (tests/test_war_pnp_rules.py), and the engine
calls them, so the examples and the engine cannot drift apart. A row or column of boxes is a
tuple of development marks: ``None`` for an empty circle, :data:`SETUP` for "S", otherwise the
round number written in it.

>>> row = develop(develop((None,) * 6, SETUP), SETUP)
>>> rank(row), active_boxes(row), rank(undevelop(row, 1)), active_boxes(undevelop(row, 1))
(2, 2, 2, 1)
>>> box_points(20, withering=9, multiplier=3), box_points(5, withering=6)
(33, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from printkit.engines.war_pnp.rules import PointsColumn, PowerKind, PowerSpec, Rules

SETUP = 0
"""The mark of a box developed at set-up (printed "S"); later marks hold the round number."""

Boxes = tuple[int | None, ...]


def rank(boxes: Sequence[int | None]) -> int:
    """The highest active box (1-based), 0 if none: it picks a power's option.

    Un-developing a lower box leaves the rank alone, as the seed says.
    """
    return max((i + 1 for i, mark in enumerate(boxes) if mark is not None), default=0)


def active_boxes(boxes: Sequence[int | None]) -> int:
    """How many boxes are active: what Cancel compares."""
    return sum(1 for mark in boxes if mark is not None)


def develop(boxes: Boxes, mark: int) -> Boxes:
    """Fill the lowest empty box (leftmost in a Powers row, bottom in a Points column).

    >>> develop((0, None, 3, None), 5)
    (0, 5, 3, None)
    """
    for i, current in enumerate(boxes):
        if current is None:
            return boxes[:i] + (mark,) + boxes[i + 1 :]
    raise ValueError("every box is already developed")


def undevelop(boxes: Boxes, box: int) -> Boxes:
    """Erase the development mark of ``box`` (1-based): what a sprung trap does."""
    if not 1 <= box <= len(boxes) or boxes[box - 1] is None:
        raise ValueError(f"box {box} is not active")
    return boxes[: box - 1] + (None,) + boxes[box:]


def grow_developments(spec: PowerSpec, power_rank: int, activations: int) -> tuple[int, int]:
    """Developments Grow gives (to you, to your opponents together) over ``activations``.

    Every activation uses the rank the row had when the dice were rolled: powers resolve at
    the same time, so a Grow that grows itself only counts from the next round on.

    >>> from printkit.engines.war_pnp.rules import RULES
    >>> grow_developments(RULES.power(PowerKind.GROW), 2, 2)
    (4, 2)
    """
    if spec.kind is not PowerKind.GROW:
        raise ValueError(f"{spec.kind.value} is not Grow")
    own, gifts = spec.grants(power_rank)
    return own * activations, gifts * activations


def box_points(
    value: int, *, withering: int = 0, multiplier: int = 1, blocked: bool = False
) -> int:
    """Points a scored box brings: Withering first (never below zero), then the multiplier
    (a "2x" or a "PU#"); a Block ("X") makes it nothing."""
    if blocked:
        return 0
    return max(0, value - withering) * multiplier


def column_points(
    column: PointsColumn,
    box: int,
    *,
    decay: int = 0,
    withering: int = 0,
    multiplier: int = 1,
    blocked: bool = False,
) -> int:
    """Points from scoring ``box`` of ``column``: Decay first moves the box down (to no box
    and no points at worst), then :func:`box_points`.

    >>> from printkit.engines.war_pnp.rules import RULES
    >>> five_nine = RULES.column_for_sum(5)
    >>> column_points(five_nine, 5), column_points(five_nine, 5, decay=2)
    (15, 9)
    >>> column_points(five_nine, 2, decay=4, multiplier=2)
    0
    """
    return box_points(
        column.value(box - decay), withering=withering, multiplier=multiplier, blocked=blocked
    )


def bent_sums(rules: Rules, total: int, bend: int) -> tuple[int, ...]:
    """Sums a player with ``bend`` points of Bend may score with (their own columns only).

    >>> from printkit.engines.war_pnp.rules import RULES
    >>> bent_sums(RULES, 12, 2)
    (10, 11, 12)
    """
    low, high = rules.dice, rules.dice * rules.faces
    return tuple(s for s in range(total - bend, total + bend + 1) if low <= s <= high)


def steal_amount(column: PointsColumn, steal_rank: int, gained: int, victim_score: int) -> int:
    """What Steal takes: at most the value of the box of the steal's rank in the column you
    score, at most what you gain this round, and no more than the victim has."""
    return max(0, min(column.value(steal_rank), gained, victim_score))


def decay_rows(decays: Iterable[int]) -> int:
    """Rows an opponent's box drops this round: Decays on one player do not add up, the
    strongest one counts."""
    return max(decays, default=0)


def add_withering(withering: int, amount: int) -> int:
    """Withering on a column accumulates (the one mark that may go on a marked target)."""
    return withering + amount


def cancel_withering(withering: int, cancel: int) -> int:
    """Withering left after a Cancel of ``cancel`` points reduces it (never below zero)."""
    return max(0, withering - cancel)


def cancel_stops(cancel_row: Sequence[int | None], target_row: Sequence[int | None]) -> bool:
    """Whether a Cancel stops a power: only one with as many or fewer active boxes."""
    return active_boxes(target_row) <= active_boxes(cancel_row)


def can_trap(score: int, top: int) -> bool:
    """Traps go on the score track only, which runs from 1 to ``top`` (100)."""
    return 1 <= score <= top


def springs(traps: Iterable[int], score: int) -> bool:
    """A trap springs only when a score change lands exactly on it; passing over it does
    nothing. Each change of score (a gain, a steal) is checked on its own."""
    return score in set(traps)


def game_over(scores: Sequence[int], win_score: int, round_limit_reached: bool = False) -> bool:
    """The game ends when someone has ``win_score`` or more (or a round limit is reached)
    and the top score is not shared; otherwise another round is played.

    >>> game_over([100, 100], 100), game_over([101, 100], 100), game_over([40, 30], 100, True)
    (False, True, True)
    """
    top = max(scores)
    if top < win_score and not round_limit_reached:
        return False
    return scores.count(top) == 1
