"""Bots for WFtGtS: ``random`` (core), ``greedy`` (a table player's habits) and ``optimal``.

Every bot decides from its own player's sheet only; the others' keeps never matter.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from printkit.engines.core.bots import RandomBot
from printkit.engines.core.game import Decision, Game
from printkit.engines.wftgts.game import KEEPS, SCORE_BEST, SCORE_JUNK, WFtGtSState
from printkit.engines.wftgts.rules import RULES
from printkit.engines.wftgts.scoring import _best

_IDS = RULES.die_ids
_PTS = RULES.points
_N = len(_IDS)


def _dice_text(dice: Any, line: tuple[int, ...]) -> str:
    return ", ".join(f"{_IDS[i]}={line[i]}" for i in sorted(dice))


class _SheetBot:
    def __init__(self, game: Game, player: int, rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: WFtGtSState) -> Decision:  # type: ignore[override]
        rec = view.sheets[self.player].rounds[-1]
        line = rec.lines[-1]
        if view.line < view.rules.rolls_per_round:
            return self.keep(view, line)
        scoring = _best(line)
        return self.score(view, line, scoring.points, sum(line), scoring)

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision:
        raise NotImplementedError

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Any
    ) -> Decision:
        raise NotImplementedError


class GreedyBot(_SheetBot):
    """Keeps the dice of its best groups; with none, keeps the most valuable pair that could
    grow into a run or set (two dice showing equal or nearly consecutive numbers). Takes the
    junk when the sum beats the groups by 25+ points, or by anything in the last round."""

    name = "greedy"
    JUNK_MARGIN = 25

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision:
        scoring = _best(line)
        if scoring.groups:
            mask = 0
            for g in scoring.groups:
                for d in g.dice:
                    mask |= 1 << d
            what = " and ".join(g.describe().split(":")[0] for g in scoring.groups)
            return Decision(KEEPS[mask], f"keep {what} ({_dice_text(KEEPS[mask].dice, line)})")
        best_pair = None
        best_pts = 0
        for i in range(_N):
            for j in range(i + 1, _N):
                if abs(line[i] - line[j]) <= 2 and _PTS[i] + _PTS[j] > best_pts:
                    best_pts = _PTS[i] + _PTS[j]
                    best_pair = (i, j)
        if best_pair is None:
            return Decision(KEEPS[0], "nothing worth keeping; reroll all")
        mask = (1 << best_pair[0]) | (1 << best_pair[1])
        return Decision(KEEPS[mask], f"keep a start ({_dice_text(KEEPS[mask].dice, line)})")

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Any
    ) -> Decision:
        gain = c_sum - best
        last = view.round == view.rules.rounds
        if view.junk_left(self.player) > 0 and gain > 0 and (last or gain >= self.JUNK_MARGIN):
            return Decision(SCORE_JUNK, f"junk: sum {c_sum} beats {best}")
        return Decision(SCORE_BEST, scoring.describe())


class OptimalBot(_SheetBot):
    """Exact expectimax keeps for the round; junk by the option-value rule (see
    :mod:`printkit.engines.wftgts.optimal`)."""

    name = "optimal"

    def __init__(self, game: Game, player: int, rng: random.Random) -> None:
        super().__init__(game, player, rng)
        from printkit.engines.wftgts.optimal import load_tables

        self.tables = load_tables()

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision:
        mask, ev = self.tables.best_keep(view.line - 1, line)
        if mask == 0:
            return Decision(KEEPS[0], f"reroll all; EV {ev:.1f}")
        return Decision(KEEPS[mask], f"keep {_dice_text(KEEPS[mask].dice, line)}; EV {ev:.1f}")

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Any
    ) -> Decision:
        rounds_left = view.rules.rounds - view.round
        if self.tables.use_junk(c_sum - best, rounds_left, view.junk_left(self.player)):
            reserve = self.tables.junk_option[rounds_left][view.junk_left(self.player)]
            return Decision(
                SCORE_JUNK, f"junk: sum {c_sum} beats {best} by more than {reserve:.1f}"
            )
        return Decision(SCORE_BEST, scoring.describe())


BOTS: Mapping[str, Callable[[Game, int, random.Random], Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "optimal": OptimalBot,
}
