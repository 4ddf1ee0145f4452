"""The rules engine: rounds of three shared rolls, private keeps, and scoring.

Everyone shares the same physical rolls. A round goes: roll (line a); each player keeps any
subset; roll all seven dice again, and each player's line b is their kept values plus the new
values of the other dice; keep again (from line b, free to release or add dice); roll again
for line c; each player scores line c, either by its best runs and sets or, once per game,
by the sum of its dice ("stuck with junk").

Keeps are simultaneous at the table. The engine asks players 0, 1, ... in turn; one player's
keep never affects another's line or score, so :meth:`WFtGtSState.view` does not bother to
hide the keeps already chosen (hiding them would only cost time in every bot decision).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.game import CHANCE, TERMINAL, Game, GameInfo, State
from printkit.engines.wftgts.rules import RULES, Rules
from printkit.engines.wftgts.scoring import Scoring, _best

LINE_NAMES = "abcdefghij"
_N = len(RULES.dice)
_ALL = frozenset(range(_N))
_IDS = RULES.die_ids
_ID_TO_INDEX = {d: i for i, d in enumerate(_IDS)}


@dataclass(frozen=True)
class SetRoll(DiceRoll):
    """The seven dice rolled together: the core :class:`DiceRoll` with faster sampling and
    checking (same outcomes from the same RNG: ``randint(1, s)`` is ``1 + _randbelow(s)``)."""

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        below = getattr(rng, "_randbelow", None)
        if below is None:
            return DiceRoll.sample(self, rng)
        return tuple([below(s) + 1 for s in self.sides])

    def contains(self, outcome: Any) -> bool:
        if type(outcome) is not tuple and not isinstance(outcome, list | tuple):
            return False
        if len(outcome) != len(self.sides):
            return False
        for v, s in zip(outcome, self.sides, strict=True):
            if type(v) is not int or not 1 <= v <= s:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Keep:
    """Carry these dice (indices 0 = d4 ... 6 = d20) to the next line; the rest are rerolled."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"keep": [die ids]}``: the dice carried to the next line (any, none or all)."""
        return {"type": "object", "required": ["keep"], "additionalProperties": False,
                "properties": {"keep": {"type": "array", "uniqueItems": True,
                                        "items": {"enum": list(_IDS)}}}}

    dice: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.dice, frozenset):
            object.__setattr__(self, "dice", frozenset(self.dice))

    @property
    def mask(self) -> int:
        return sum(1 << d for d in self.dice if isinstance(d, int))


@dataclass(frozen=True, slots=True)
class Score:
    """Score line c: by its best runs and sets, or (``junk=True``) by the sum of its dice."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"score": "best"}`` or ``{"score": "junk"}``."""
        return {"type": "object", "required": ["score"], "additionalProperties": False,
                "properties": {"score": {"enum": ["best", "junk"]}}}

    junk: bool = False


KEEPS: tuple[Keep, ...] = tuple(
    Keep(frozenset(i for i in range(_N) if m >> i & 1)) for m in range(1 << _N)
)
"""Every keep, indexed by its bit mask (bit i = die i kept)."""
SCORE_BEST = Score(False)
SCORE_JUNK = Score(True)


class Phase(Enum):
    ROLL = "roll"
    KEEP = "keep"
    SCORE = "score"
    OVER = "over"


@dataclass(slots=True)
class RoundRecord:
    """One round on one player's sheet: what they wrote on lines a-c and the Score line."""

    lines: list[tuple[int, ...]] = field(default_factory=list)
    carried: list[frozenset[int]] = field(default_factory=list)
    scoring: Scoring | None = None
    junk: bool = False
    points: int | None = None
    total: int | None = None

    @property
    def c_sum(self) -> int | None:
        """Sum of the last line once all lines are rolled (the junk score, the tie-breaker)."""
        if len(self.lines) < RULES.rolls_per_round:
            return None
        return sum(self.lines[-1])

    @property
    def finished(self) -> bool:
        return self.points is not None

    def copy(self) -> RoundRecord:
        return RoundRecord(
            list(self.lines), list(self.carried), self.scoring, self.junk, self.points, self.total
        )


@dataclass(slots=True)
class PlayerSheet:
    """One player's play sheet: a record per round begun so far."""

    rounds: list[RoundRecord] = field(default_factory=list)

    @property
    def total(self) -> int:
        for r in reversed(self.rounds):
            if r.total is not None:
                return r.total
        return 0

    @property
    def junk_round(self) -> int | None:
        """The first round (1-based) scored as junk, if any."""
        for i, r in enumerate(self.rounds, start=1):
            if r.junk:
                return i
        return None

    @property
    def c_sum_best(self) -> int:
        return max((r.c_sum for r in self.rounds if r.finished), default=0)  # type: ignore[type-var]

    def copy(self) -> PlayerSheet:
        # finished rounds never change again, so they are shared rather than copied
        rounds = list(self.rounds)
        if rounds and not rounds[-1].finished:
            rounds[-1] = rounds[-1].copy()
        return PlayerSheet(rounds)


class WFtGtSState(State["Keep | Score"]):
    """A game in progress. ``sheets[p]`` is what player ``p`` has written so far."""

    __slots__ = (
        "game",
        "rules",
        "_num_players",
        "round",
        "line",
        "_player",
        "sheets",
        "junk_used",
        "_roll",
    )

    def __init__(self, game: WFtGtS, num_players: int) -> None:
        self.game = game
        self.rules: Rules = game.rules
        self._num_players = num_players
        self.round = 1
        """The round being played (1-based); stays at the last round once the game is over."""
        self.line = 0
        """How many lines of this round have been rolled (0 before line a)."""
        self._player = CHANCE
        self.sheets = [PlayerSheet() for _ in range(num_players)]
        self.junk_used = [0] * num_players
        self._roll = game.dice_roll

    # -- protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._player

    @property
    def phase(self) -> Phase:
        if self._player == CHANCE:
            return Phase.ROLL
        if self._player == TERMINAL:
            return Phase.OVER
        return Phase.SCORE if self.line == self.rules.rolls_per_round else Phase.KEEP

    def legal_actions(self) -> list[Any]:
        p = self._player
        if p < 0:
            return []
        if self.line < self.rules.rolls_per_round:
            return list(KEEPS)
        if self.junk_used[p] < self.rules.junk_uses:
            return [SCORE_BEST, SCORE_JUNK]
        return [SCORE_BEST]

    def chance_outcomes(self) -> DiceRoll:
        return self._roll

    def check_legal(self, action: Any) -> None:
        p = self._player
        if p == TERMINAL:
            raise IllegalActionError("the game is over; no more actions")
        if p == CHANCE:
            raise IllegalActionError("a chance outcome (a roll) is due, not a decision")
        rules = self.rules
        line = LINE_NAMES[self.line - 1]
        if self.line < rules.rolls_per_round:
            if type(action) is Keep:
                if action.dice <= _ALL:
                    return
                bad = sorted(repr(d) for d in action.dice - _ALL)
                raise IllegalActionError(
                    f"a keep names dice 0..{_N - 1} (d4 ... d20); {', '.join(bad)} is not a die"
                )
            if type(action) is Score:
                raise IllegalActionError(
                    f"after line {line} each player chooses dice to keep; scoring comes only"
                    f" after line {LINE_NAMES[rules.rolls_per_round - 1]}"
                )
        else:
            if type(action) is Score:
                if not action.junk or self.junk_used[p] < rules.junk_uses:
                    return
                first = self.sheets[p].junk_round
                times = "once" if rules.junk_uses == 1 else f"{rules.junk_uses} times"
                raise IllegalActionError(
                    f"junk scoring was already used in round {first}; it is allowed {times}"
                    " per game"
                )
            if type(action) is Keep:
                raise IllegalActionError(
                    f"line {line} is the last line of the round: score it (best or junk);"
                    " there is nothing left to keep"
                )
        raise IllegalActionError(self.explain_illegal(action))

    def explain_illegal(self, action: Any) -> str:
        want = "a Keep" if self.line < self.rules.rolls_per_round else "a Score"
        return f"{action!r} is not a WFtGtS action; {want} is expected now"

    def _apply_action(self, action: Any) -> None:
        p = self._player
        rec = self.sheets[p].rounds[-1]
        if type(action) is Keep:
            rec.carried.append(action.dice)
        else:
            line = rec.lines[-1]
            scoring = _best(line)
            rec.scoring = scoring
            if action.junk:
                rec.junk = True
                rec.points = sum(line)
                self.junk_used[p] += 1
            else:
                rec.points = scoring.points
            prev = self.sheets[p].rounds[-2].total if len(self.sheets[p].rounds) > 1 else 0
            rec.total = prev + rec.points  # type: ignore[operator]
        p += 1
        if p < self._num_players:
            self._player = p
            return
        if self.line < self.rules.rolls_per_round:
            self._player = CHANCE
        elif self.round < self.rules.rounds:
            self.round += 1
            self.line = 0
            self._player = CHANCE
        else:
            self._player = TERMINAL

    def _apply_outcome(self, outcome: Any) -> None:
        roll = tuple(outcome)
        if self.line == 0:
            for sheet in self.sheets:
                sheet.rounds.append(RoundRecord([roll]))
        else:
            for sheet in self.sheets:
                rec = sheet.rounds[-1]
                keep = rec.carried[-1]
                prev = rec.lines[-1]
                if not keep:
                    rec.lines.append(roll)
                else:
                    rec.lines.append(tuple(prev[i] if i in keep else v for i, v in enumerate(roll)))
        self.line += 1
        self._player = 0

    def returns(self) -> list[float]:
        return [float(s.total) for s in self.sheets]

    def result(self) -> dict[str, Any]:
        scores = [s.total for s in self.sheets]
        c_best = [s.c_sum_best for s in self.sheets]
        top = max(scores)
        tied = [i for i, s in enumerate(scores) if s == top]
        best_c = max(c_best[i] for i in tied)
        winners = [i for i in tied if c_best[i] == best_c]
        return {"scores": scores, "winners": winners, "c_sum_best": c_best}

    # -- copies --------------------------------------------------------------------------

    def clone(self) -> WFtGtSState:
        new = WFtGtSState.__new__(WFtGtSState)
        new.game = self.game
        new.rules = self.rules
        new._num_players = self._num_players
        new.round = self.round
        new.line = self.line
        new._player = self._player
        new.sheets = [s.copy() for s in self.sheets]
        new.junk_used = list(self.junk_used)
        new._roll = self._roll
        return new

    def view(self, player: int) -> WFtGtSState:
        return self.clone()

    # -- helpers for bots and sheets -----------------------------------------------------

    def current_line(self, player: int) -> tuple[int, ...] | None:
        """The last line ``player`` wrote this round (None before line a is rolled)."""
        if self.line == 0:
            return None
        return self.sheets[player].rounds[-1].lines[-1]

    def junk_left(self, player: int) -> int:
        return self.rules.junk_uses - self.junk_used[player]

    def __repr__(self) -> str:
        who = {CHANCE: "roll", TERMINAL: "over"}.get(self._player, f"player {self._player}")
        return f"<WFtGtSState round {self.round} line {self.line} {who}>"


class WFtGtS(Game[WFtGtSState, "Keep | Score"]):
    """Waiting For the Game to Start: one shared 7-die set, any number of players."""

    info = GameInfo(
        name="wftgts",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=1,
        max_players=99,
        default_players=2,
        seed_document="003_28de51f5a518a942.txt",
        has_score=True,
        simultaneous=True,
        hidden_information=False,
        components=("play-sheet", "dice"),
        notes="Everyone scores the same shared rolls; keeps are private choices.",
    )

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or RULES
        if self.rules is not RULES and self.rules.dice != RULES.dice:
            raise ValueError("the scorer is built for the packaged dice; edit data/rules.toml")
        self.dice_roll = SetRoll(self.rules.sides)

    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> WFtGtSState:
        n = self.info.default_players if num_players is None else num_players
        if not isinstance(n, int) or not self.info.min_players <= n <= self.info.max_players:
            raise ValueError(
                f"{self.info.title} takes {self.info.min_players}-{self.info.max_players}"
                f" players, not {n!r}"
            )
        if options:
            raise ValueError(f"{self.info.name} has no options; got {', '.join(options)}")
        return WFtGtSState(self, n)

    # -- JSON ----------------------------------------------------------------------------

    def action_to_json(self, action: Any) -> Any:
        if isinstance(action, Keep):
            return {"keep": [_IDS[i] for i in sorted(action.dice)]}
        if isinstance(action, Score):
            return {"score": "junk" if action.junk else "best"}
        raise TypeError(f"not a WFtGtS action: {action!r}")

    def action_from_json(self, data: Any) -> Keep | Score:
        shape = 'an action is {"keep": ["d4", ...]} or {"score": "best"} / {"score": "junk"}'
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError(f"{shape}; got {data!r}")
        ((key, value),) = data.items()
        if key == "keep":
            if not isinstance(value, list):
                raise ValueError(f"'keep' must be a list of die ids ({', '.join(_IDS)})")
            dice = set()
            for item in value:
                if not isinstance(item, str) or item not in _ID_TO_INDEX:
                    raise ValueError(
                        f"unknown die {item!r} in 'keep'; the dice are {', '.join(_IDS)}"
                    )
                if _ID_TO_INDEX[item] in dice:
                    raise ValueError(f"die {item!r} is listed twice in 'keep'")
                dice.add(_ID_TO_INDEX[item])
            return KEEPS[sum(1 << d for d in dice)]
        if key == "score":
            if value == "best":
                return SCORE_BEST
            if value == "junk":
                return SCORE_JUNK
            raise ValueError(f'\'score\' must be "best" or "junk", got {value!r}')
        raise ValueError(f"{shape}; unknown key {key!r}")

    def outcome_from_json(self, data: Any) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"a roll is a list of {_N} numbers (d4 ... d20), got {data!r}")
        return tuple(data)

    def action_schema(self) -> dict[str, Any]:
        return {"oneOf": [Keep.json_schema(), Score.json_schema()]}

    def outcome_schema(self) -> dict[str, Any]:
        """Seven faces in sheet order (d4 ... d20), each within its die."""
        return {"type": "array", "minItems": _N, "maxItems": _N,
                "prefixItems": [{"type": "integer", "minimum": 1, "maximum": d.sides,
                                 "description": d.id} for d in self.rules.dice],
                "items": False}

    def result_schema(self) -> dict[str, Any]:
        ints = {"type": "array", "items": {"type": "integer", "minimum": 0}}
        return {"type": "object", "additionalProperties": False,
                "properties": {"scores": ints, "winners": ints, "c_sum_best": ints}}

    def bots(self) -> Mapping[str, Any]:
        from printkit.engines.wftgts.bots import BOTS

        return BOTS
