"""The rules engine: rounds of three shared rolls, private keeps, and scoring.

Everyone shares the same physical rolls. A round goes: roll (line a); each player keeps any
subset; roll all seven dice again, and each player's line b is their kept values plus the new
values of the other dice; keep again (from line b, free to release or add dice); roll again
for line c; each player scores line c: by its best runs and sets (``Score()``), by any other
legal grouping the player wrote (``Score(groups=...)``: a table log records what was written,
not what was best), or, once per game, by the sum of its dice (``Score(junk=True)``, "stuck
with junk"). Each round's record keeps both the written scoring and the best points.

Keeps (and scores) are simultaneous at the table. The engine asks players 0, 1, ... in turn,
and :meth:`WFtGtSState.view` hides from each player what the others chose for the current
line until everyone has chosen and the roll (or the next round) reveals it: a view at player
2's keep shows the lines of players 0 and 1 but not the keeps they just made. Only those few
records are redacted in the copy; the rest of a view is the ordinary cheap :meth:`clone`.

Rolls are written as the dice read: the d10 (10s) without its extra zero (00 is 10, 10 is 1,
20 is 2 ... 90 is 9) and the d10 (1s) with 0 as 10. A roll outside a die's faces is refused
with that reading rule.

The rules allow any number of players. The engine takes up to :data:`MAX_PLAYERS` (1,000),
more than any room holds: a guard against a mistyped count, not a rule. A log replays in time
linear in the players (1,000 players: a fifth of a second); auto-play grows with the square,
since every bot's view copies each sheet's current round (1,000 greedy players: about 30 s).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, TypeAlias

from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.codec import ActionCodec, Custom
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.game import CHANCE, TERMINAL, BotFactory, Game, GameInfo, State
from printkit.engines.core.options import Options
from printkit.engines.wftgts.rules import RULES, DieSpec, Rules
from printkit.engines.wftgts.scoring import Scoring, _best, score_groups

LINE_NAMES = "abcdefghij"
MAX_PLAYERS = 1_000
"""The most players a game may have. The rules set no limit ("any number of players"); this
only stops a mistyped count from building a million sheets (see the module notes)."""
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

    dice: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.dice, frozenset):
            object.__setattr__(self, "dice", frozenset(self.dice))

    @property
    def mask(self) -> int:
        return sum(1 << d for d in self.dice if isinstance(d, int))


Grouping: TypeAlias = tuple[tuple[int, ...], ...]
"""Groups of die indices (0 = d4 ... 6 = d20), each a run or a set the player wrote."""


@dataclass(frozen=True, slots=True)
class Score:
    """Score line c.

    ``Score()`` scores its best runs and sets; ``Score(groups=((1, 2, 5, 6), (0, 3, 4)))``
    the groups the player wrote, which may be any legal grouping (each group a run or a set,
    no die in two groups), not only the best; ``Score(junk=True)`` the sum of its dice, once
    per game. Groups are kept in a canonical order (dice, then groups, sorted), so two ways
    of writing the same grouping make equal actions.
    """

    junk: bool = False
    groups: Grouping | None = None

    def __post_init__(self) -> None:
        if self.groups is None:
            return
        if self.junk:
            raise ValueError("junk scoring scores the sum of line c; it takes no groups")
        try:
            groups = tuple(sorted(tuple(sorted(g)) for g in self.groups))
        except TypeError:
            raise ValueError(f"groups list die numbers 0..{_N - 1} (d4 ... d20), got"
                             f" {self.groups!r}") from None
        object.__setattr__(self, "groups", groups)

    @property
    def best(self) -> bool:
        """Whether this scores the line's best runs and sets (no junk, no written groups)."""
        return not self.junk and self.groups is None


KEEPS: tuple[Keep, ...] = tuple(
    Keep(frozenset(i for i in range(_N) if m >> i & 1)) for m in range(1 << _N)
)
"""Every keep, indexed by its bit mask (bit i = die i kept)."""
SCORE_BEST = Score(False)
SCORE_JUNK = Score(True)
Action: TypeAlias = Keep | Score
"""A WFtGtS decision: a keep after lines a and b, a score after line c."""


def _parse_keep(value: Any) -> Keep:
    if not isinstance(value, list):
        raise ValueError(f"'keep' must be a list of die ids ({', '.join(_IDS)})")
    dice = set()
    for item in value:
        d = _die_index(item, "keep")
        if d in dice:
            raise ValueError(f"die {item!r} is listed twice in 'keep'")
        dice.add(d)
    return KEEPS[sum(1 << d for d in dice)]


def _dump_score(action: Score) -> Any:
    if action.groups is not None:
        return {"groups": [[_IDS[i] for i in g] for g in action.groups]}
    return "junk" if action.junk else "best"


def _parse_score(value: Any) -> Score:
    if value == "best":
        return SCORE_BEST
    if value == "junk":
        return SCORE_JUNK
    if isinstance(value, dict) and list(value) == ["groups"]:
        groups = value["groups"]
        if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
            raise ValueError("'groups' must be a list of groups, each a list of die ids"
                             f" ({', '.join(_IDS)})")
        return Score(groups=tuple(tuple(_die_index(d, "groups") for d in g) for g in groups))
    raise ValueError(f'\'score\' must be "best", "junk" or {{"groups": [...]}}, got {value!r}')


_GROUP: dict[str, Any] = {"type": "array", "items": {"enum": list(_IDS)},
                          "description": "the dice of one run or set"}
_SHAPE = ('an action is {"keep": ["d4", ...]}, {"score": "best"}, {"score": "junk"} or'
          ' {"score": {"groups": [["d4", ...], ...]}}')

CODEC: Final = ActionCodec[Action]([
    Custom(Keep, "keep", "", lambda a: [_IDS[i] for i in sorted(a.dice)], _parse_keep,
           {"type": "array", "uniqueItems": True, "items": {"enum": list(_IDS)}}),
    Custom(Score, "score", "", _dump_score, _parse_score, {"oneOf": [
        {"enum": ["best", "junk"],
         "description": "best: the best runs and sets; junk: the sum of line c"},
        {"type": "object", "required": ["groups"], "additionalProperties": False,
         "properties": {"groups": {"type": "array", "items": _GROUP}},
         "description": "the runs and sets the player wrote (any legal grouping: "
                        "a run or a set of at least three dice each, no die twice)"}]}),
], shape=lambda data: f"{_SHAPE}; got {data!r}",
    unknown=lambda key: f"{_SHAPE}; unknown key {key!r}",
    foreign=lambda a: TypeError(f"not a WFtGtS action: {a!r}"))
"""Every action's JSON form in a log, and its schema: ``{"keep": [die ids]}`` (the dice
carried to the next line: any, none or all), ``{"score": "best"}``, ``{"score": "junk"}`` or
``{"score": {"groups": [["d6", "d8", "d12", "d20"], ["d4", "d10_ones", "d10_tens"]]}}``.

>>> CODEC.to_json(KEEPS[0b101]), CODEC.from_json({"score": "junk"}) is SCORE_JUNK
({'keep': ['d4', 'd8']}, True)
"""


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
    """The groups written on the Score line: the player's own grouping when they wrote one,
    else the best (also for a junk round, where the sum was scored instead)."""
    junk: bool = False
    points: int | None = None
    total: int | None = None
    best_points: int | None = None
    """The most the line's runs and sets could have scored, whatever the player wrote."""

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
            list(self.lines), list(self.carried), self.scoring, self.junk, self.points,
            self.total, self.best_points,
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
        """The highest c-line sum of the rounds scored (the tie-breaker)."""
        return max((sum(r.lines[-1]) for r in self.rounds if r.finished), default=0)

    def copy(self) -> PlayerSheet:
        # finished rounds never change again, so they are shared rather than copied
        rounds = list(self.rounds)
        if rounds and not rounds[-1].finished:
            rounds[-1] = rounds[-1].copy()
        return PlayerSheet(rounds)


class WFtGtSState(State[Action]):
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

    def legal_actions(self) -> Sequence[Action]:
        """Every keep, or the scores ``best`` and (while unused) ``junk``. A score by written
        groups is legal too when the groups are (see :func:`~.scoring.score_groups`), but
        those are not listed."""
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
                if action.groups is not None:
                    try:
                        score_groups(self.sheets[p].rounds[-1].lines[-1], action.groups)
                    except ValueError as exc:
                        raise IllegalActionError(str(exc)) from None
                    return
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
                    f"line {line} is the last line of the round: score it (best, junk or the"
                    " groups written); there is nothing left to keep"
                )
        raise IllegalActionError(self.explain_illegal(action))

    def explain_illegal(self, action: Any) -> str:
        want = "a Keep" if self.line < self.rules.rolls_per_round else "a Score"
        return f"{action!r} is not a WFtGtS action; {want} is expected now"

    def check_outcome(self, outcome: Any) -> None:
        if self._player != CHANCE:
            raise IllegalActionError("no roll is due now; a player must decide")
        if not self._roll.contains(outcome):
            raise IllegalActionError(roll_problem(self.rules, outcome))

    def _apply_action(self, action: Action) -> None:
        p = self._player
        sheet = self.sheets[p]
        rec = sheet.rounds[-1]
        if type(action) is Keep:
            rec.carried.append(action.dice)
        else:
            assert isinstance(action, Score)
            line = rec.lines[-1]
            best = _best(line)
            rec.best_points = best.points
            if action.groups is not None:
                rec.scoring = score_groups(line, action.groups)
                points = rec.scoring.points
            else:
                rec.scoring = best
                points = best.points
            if action.junk:
                rec.junk = True
                points = sum(line)
                self.junk_used[p] += 1
            rec.total = sheet.total + points  # before rec.points is set: the total so far
            rec.points = points
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
                prev = rec.lines[-1]
                # a keep hidden from a view (see view()) is played on as keeping nothing
                keep = rec.carried[-1] if len(rec.carried) == len(rec.lines) else None
                if not keep:
                    rec.lines.append(roll)
                else:
                    rec.lines.append(tuple(prev[i] if i in keep else v for i, v in enumerate(roll)))
        self.line += 1
        self._player = 0

    def returns(self) -> list[float]:
        return [float(s.total) for s in self.sheets]

    def remarks(self, names: Sequence[str]) -> list[str]:
        """Every round scored below the best the line allowed (a grouping written by hand).

        Junk rounds are left out: scoring the sum is a choice, not a slip."""
        found = []
        for p, sheet in enumerate(self.sheets):
            for r, rec in enumerate(sheet.rounds, start=1):
                if (rec.points is not None and rec.best_points is not None and not rec.junk
                        and rec.points < rec.best_points):
                    found.append(f"{names[p]}, round {r}: wrote {rec.points}, "
                                 f"best was {rec.best_points}")
        return found

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

    def hidden(self, player: int) -> dict[str, Any]:
        """What :meth:`view` hides from ``player``: the keeps the players asked before made
        for this line (until the roll shows them), or their scores of this round (until the
        round is over)."""
        p = self._player
        if p >= 0:
            chosen = p
        elif p == CHANCE and self.line > 0:
            chosen = self._num_players
        else:
            return {}
        scoring = self.line == self.rules.rolls_per_round
        found: dict[str, Any] = {}
        for q in range(chosen):
            rec = self.sheets[q].rounds[-1]
            if q == player:
                continue
            if scoring and rec.points is not None:
                found[f"the score of player {q} this round"] = (rec.points, rec.junk,
                                                                 rec.total)
            elif not scoring and len(rec.carried) == len(rec.lines):
                found[f"the keep of player {q} for line {self.line}"] = rec.carried[-1]
        return found

    def view(self, player: int) -> WFtGtSState:
        """What ``player`` may know: everything but what the others chose for the current
        line and nobody has seen yet. At a keep, the keeps made for this line by the players
        asked before are left out (as if not yet made); at the score, their scores (points,
        groups, junk) are. After the roll (or, for scores, once the round is over) they show.

        Only the records of those players are changed, in copies; everything else is the
        usual :meth:`clone`. A view plays on as a state of its own: a hidden keep counts as
        keeping nothing, a hidden score as not scored."""
        new = self.clone()
        p = self._player
        if p >= 0:
            chosen = p  # players 0 .. p-1 have chosen for this line
        elif p == CHANCE and self.line > 0:
            chosen = self._num_players  # everyone kept; the roll will show it
        else:
            return new  # a new round or the end: nothing is pending
        scoring = self.line == self.rules.rolls_per_round
        for q in range(chosen):
            if q == player:
                continue
            sheet = new.sheets[q]
            rec = sheet.rounds[-1]
            if scoring:
                # a scored round is shared by clone(): replace it with an unscored copy
                sheet.rounds[-1] = RoundRecord(list(rec.lines), list(rec.carried))
                if rec.junk:
                    new.junk_used[q] -= 1
            else:
                rec.carried.pop()  # clone() copied this unfinished round
        return new

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


class WFtGtS(Game[WFtGtSState, Action]):
    """Waiting For the Game to Start: one shared 7-die set, any number of players."""

    info = GameInfo(
        name="wftgts",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=1,
        max_players=MAX_PLAYERS,
        default_players=2,
        seed_document="003_28de51f5a518a942.txt",
        has_score=True,
        simultaneous=True,
        hidden_information=False,
        notes="Everyone scores the same shared rolls; keeps are private choices. The rules"
              f" allow any number of players; the engine stops at {MAX_PLAYERS:,} to catch a"
              " mistyped count.",
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
                f" players, not {n!r} (the rules allow any number; the engine stops at"
                f" {self.info.max_players:,} to catch a mistyped count)"
            )
        self.declared_options().read(options)
        return WFtGtSState(self, n)

    def declared_options(self) -> Options:
        """None: the rules have no variants, so any option given is refused."""
        return Options(unknown=lambda names, known:
                       f"{self.info.name} has no options; got {', '.join(names)}")

    # -- JSON ----------------------------------------------------------------------------

    def action_to_json(self, action: Action) -> Any:
        return CODEC.to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return CODEC.from_json(data)

    def outcome_from_json(self, data: Any) -> Any:
        if not isinstance(data, list):
            raise ValueError(f"a roll is a list of {_N} numbers (d4 ... d20), got {data!r}")
        return tuple(data)

    def action_schema(self) -> dict[str, Any]:
        """A keep (after lines a and b) or a score (after line c): best, junk or groups."""
        return CODEC.schema()

    def outcome_schema(self) -> dict[str, Any]:
        """Seven faces in sheet order (d4 ... d20), each within its die.

        A die with a reading rule (the d10s) states it when a face breaks it: the schema
        has no messages of its own, so a failed ``const`` of the rule's sentence carries it
        (``'the d10 (10s) written 1 to 10, without the extra zero: 00 is 10, ...' was
        expected``); ``errorMessage`` says the same to editors that read it."""
        return {"type": "array", "minItems": _N, "maxItems": _N,
                "prefixItems": [_face_schema(d) for d in self.rules.dice],
                "items": False}

    def result_schema(self) -> dict[str, Any]:
        ints = {"type": "array", "items": {"type": "integer", "minimum": 0}}
        return {"type": "object", "additionalProperties": False,
                "properties": {"scores": ints, "winners": ints, "c_sum_best": ints}}

    def bots(self) -> Mapping[str, BotFactory[WFtGtSState, Action]]:
        from printkit.engines.wftgts.bots import BOTS

        return BOTS


def _die_index(item: object, where: str) -> int:
    if not isinstance(item, str) or item not in _ID_TO_INDEX:
        raise ValueError(f"unknown die {item!r} in {where!r}; the dice are {', '.join(_IDS)}")
    return _ID_TO_INDEX[item]


def _face_schema(die: DieSpec) -> dict[str, Any]:
    face = {"type": "integer", "minimum": 1, "maximum": die.sides}
    if not die.reading:
        return {**face, "description": die.id}
    rule = f"the {die.label} written 1 to {die.sides}, {die.reading}"
    # "if"/"then" come first: their error is the one a log checker reports
    return {"if": {"not": face}, "then": {"const": rule}, **face,
            "description": f"{die.id}: {rule}", "errorMessage": rule}


def roll_problem(rules: Rules, outcome: object) -> str:
    """Why ``outcome`` is not a roll of the set: the first die showing what it cannot, with
    its reading rule (the tens d10 is read without its extra zero: 00 is 10, 20 is 2)."""
    dice = rules.dice
    head = f"{_as_json(outcome)} is not a possible outcome of this roll"
    if not isinstance(outcome, list | tuple) or len(outcome) != len(dice):
        labels = ", ".join(d.label for d in dice)
        return f"{head}: a roll lists the {len(dice)} dice in sheet order ({labels})"
    for v, die in zip(outcome, dice, strict=True):
        if type(v) is int and 1 <= v <= die.sides:
            continue
        if die.reading:
            rule = f"the {die.label} is written 1 to {die.sides}, {die.reading}"
        else:
            rule = f"the {die.label} shows 1 to {die.sides}"
        fix = _as_read(die, v)
        if fix is not None:
            rule += f"; write {fix}"
        return f"{head}: {rule}, not {_as_json(v)}"
    return head


def _as_json(value: object) -> str:
    """``value`` as it would appear in a log line (``"00"`` keeps its quotes)."""
    try:
        return json.dumps(list(value) if isinstance(value, tuple) else value)
    except (TypeError, ValueError):
        return repr(value)


def _as_read(die: DieSpec, v: object) -> int | None:
    """What a d10 face written as printed stands for (00 -> 10; 20 -> 2 on the tens die)."""
    if not die.reading or die.sides != 10:
        return None
    if isinstance(v, str):
        if not v.isdigit():
            return None
        if v in ("0", "00"):
            return 10
        v = int(v)
    if type(v) is not int:
        return None
    if v == 0:
        return 10
    if 10 < v <= 90 and v % 10 == 0 and die.id.endswith("tens"):
        return v // 10
    if 1 <= v <= 10:
        return v
    return None
