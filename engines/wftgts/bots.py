"""Bots for WFtGtS: ``random`` (core), ``greedy`` (a table player's habits) and ``optimal``.

Every bot decides from its own player's sheet only; the others' keeps never matter.

A bot's reason is a :class:`~printkit.engines.core.Reason`: a fixed sentence marked with
``N_`` (a message id a catalog can translate) with named values. The values are cheap to make
(numbers, and small objects that write out the dice only when asked), so auto-play that
records no log formats nothing. Sentences say why, as a player would: die labels and faces
("d20 1"), runs and sets as their faces ("1-2-3", "6-6-6"), points rounded; the values hold
no English words, so a translated sentence reads whole.

>>> from printkit.engines.core import play
>>> from printkit.engines.wftgts import WFtGtS
>>> log = play(WFtGtS(), ["greedy"], seed=2).log
>>> log.entries[1].reason
'a start: d6 1, d12 3 could grow into a run or set'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.engines.core.bots import N_, RandomBot
from printkit.engines.core.game import BotFactory, Decision, Game, Reason
from printkit.engines.wftgts.game import KEEPS, SCORE_BEST, SCORE_JUNK, Action, WFtGtSState
from printkit.engines.wftgts.rules import RULES
from printkit.engines.wftgts.scoring import Scoring, _best

_LABELS = tuple(d.label for d in RULES.dice)
_PTS = RULES.points
_N = len(_LABELS)


@dataclass(frozen=True, slots=True)
class DiceText:
    """The kept dice with their faces ("d6 3, d8 2, d12 4"), written only when a log
    records the reason."""

    mask: int
    line: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(f"{_LABELS[i]} {self.line[i]}" for i in range(_N) if self.mask >> i & 1)


@dataclass(frozen=True, slots=True)
class GroupsText:
    """A scoring's runs and sets as their faces ("1-2-3, 6-6-6"): no words to translate."""

    scoring: Scoring

    def __str__(self) -> str:
        return ", ".join("-".join(map(str, g.values)) for g in self.scoring.groups)


def _mask(scoring: Scoring) -> int:
    mask = 0
    for g in scoring.groups:
        for d in g.dice:
            mask |= 1 << d
    return mask


class _SheetBot:
    name = ""

    def __init__(self, game: Game[WFtGtSState, Action], player: int, rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: WFtGtSState) -> Decision[Action]:
        rec = view.sheets[self.player].rounds[-1]
        line = rec.lines[-1]
        if view.line < view.rules.rolls_per_round:
            return self.keep(view, line)
        scoring = _best(line)
        return self.score(view, line, scoring.points, sum(line), scoring)

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision[Action]:
        raise NotImplementedError

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Scoring
    ) -> Decision[Action]:
        raise NotImplementedError


_NOTHING_TO_SCORE: Decision[Action] = Decision(
    SCORE_BEST, Reason(N_("no run or set on the line: it scores 0")))


def _score_best(scoring: Scoring) -> Decision[Action]:
    if not scoring.groups:
        return _NOTHING_TO_SCORE
    return Decision(SCORE_BEST, Reason(N_("the best runs and sets of the line: %(points)d points"),
                                       {"points": scoring.points}))


class GreedyBot(_SheetBot):
    """Keeps the dice of its best groups; with none, keeps the most valuable pair that could
    grow into a run or set (two dice showing equal or nearly consecutive numbers). Takes the
    junk when the sum beats the groups by 25+ points, or by anything in the last round."""

    name = "greedy"
    JUNK_MARGIN = 25

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision[Action]:
        scoring = _best(line)
        if scoring.groups:
            mask = _mask(scoring)
            return Decision(KEEPS[mask], Reason(N_("already a run or set: %(groups)s"),
                                                {"groups": GroupsText(scoring)}))
        best_pair = None
        best_pts = 0
        for i in range(_N):
            for j in range(i + 1, _N):
                if abs(line[i] - line[j]) <= 2 and _PTS[i] + _PTS[j] > best_pts:
                    best_pts = _PTS[i] + _PTS[j]
                    best_pair = (i, j)
        if best_pair is None:
            return Decision(KEEPS[0], Reason(N_("no two dice close enough to start a run or set")))
        mask = (1 << best_pair[0]) | (1 << best_pair[1])
        return Decision(KEEPS[mask], Reason(N_("a start: %(dice)s could grow into a run or set"),
                                            {"dice": DiceText(mask, line)}))

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Scoring
    ) -> Decision[Action]:
        gain = c_sum - best
        last = view.round == view.rules.rounds
        if view.junk_left(self.player) > 0 and gain > 0 and (last or gain >= self.JUNK_MARGIN):
            return Decision(SCORE_JUNK, Reason(N_(
                "stuck with junk: the line adds up to %(sum)d against %(best)d for its runs and"
                " sets"), {"sum": c_sum, "best": best}))
        return _score_best(scoring)


class OptimalBot(_SheetBot):
    """Plays the whole game exactly: keeps by the expectimax of its round that also weighs
    the once-per-game junk option for the rounds left, and takes the junk exactly when the
    c-line sum beats the score by more than the option is worth (see
    :mod:`printkit.engines.wftgts.optimal`). The points a keep "expects" count a junk round
    at its sum less what the junk would still have been worth."""

    name = "optimal"

    def __init__(self, game: Game[WFtGtSState, Action], player: int, rng: random.Random) -> None:
        super().__init__(game, player, rng)
        from printkit.engines.wftgts.optimal import load_tables

        self.tables = load_tables()

    def keep(self, view: WFtGtSState, line: tuple[int, ...]) -> Decision[Action]:
        rounds_left = view.rules.rounds - view.round
        mask, worth = self.tables.best_keep(view.line - 1, line, rounds_left,
                                            view.junk_left(self.player))
        if mask == 0:
            return Decision(KEEPS[0], Reason(N_(
                "rerolling everything is best: it expects about %(points)d points this round"),
                {"points": round(worth)}))
        return Decision(KEEPS[mask], Reason(N_(
            "keeping %(dice)s is best: it expects about %(points)d points this round"),
            {"dice": DiceText(mask, line), "points": round(worth)}))

    def score(
        self, view: WFtGtSState, line: tuple[int, ...], best: int, c_sum: int, scoring: Scoring
    ) -> Decision[Action]:
        rounds_left = view.rules.rounds - view.round
        uses = view.junk_left(self.player)
        if self.tables.use_junk(c_sum - best, rounds_left, uses):
            if rounds_left == 0:
                return Decision(SCORE_JUNK, Reason(N_(
                    "stuck with junk in the last round: the line adds up to %(sum)d against"
                    " %(best)d for its runs and sets"), {"sum": c_sum, "best": best}))
            return Decision(SCORE_JUNK, Reason(N_(
                "stuck with junk: the line adds up to %(sum)d against %(best)d for its runs and"
                " sets, and saving the junk for a later round would be worth only about"
                " %(worth)d points"), {"sum": c_sum, "best": best,
                                       "worth": round(self.tables.junk_cost[rounds_left][uses])}))
        return _score_best(scoring)


BOTS: Mapping[str, BotFactory[WFtGtSState, Action]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "optimal": OptimalBot,
}
