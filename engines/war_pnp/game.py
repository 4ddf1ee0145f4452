"""The W.A.R. – Powers 'n Points rules engine for two players.

The seed's play is "(largely) simultaneous"; the engine asks the players one after another,
main player first ("if there's a timing issue, start with the main player and go clockwise"),
and resolves everything through a queue of small *tasks* (develop, mark, cancel, score...),
so every choice the paper game leaves to a player is one logged decision. Ranks are taken at
the roll (interpretation 2), which is what makes the sequential order give the simultaneous
result; ``data/notes.md`` says where the order still matters and how it is settled.

A log written at the table reads like this (one JSON value per line)::

    {"player": 0, "action": {"develop_power": {"row": 3, "power": "steal"}}}
    {"player": 0, "action": {"develop_points": "5/9"}}
    {"chance": [3, 3]}                                   the main player rolls a double 3
    {"player": 0, "action": {"mark": {"player": 1, "column": "7", "box": 1}}}
    {"player": 0, "action": {"score": {"sum": 6, "box": 2}}}
    {"player": 1, "action": "pass"}
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Final, NamedTuple

from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.game import CHANCE, TERMINAL, BotFactory, Game, GameInfo, State
from printkit.engines.war_pnp.effects import (
    SETUP,
    Boxes,
    add_withering,
    bent_sums,
    cancel_stops,
    cancel_withering,
    column_points,
    decay_rows,
    develop,
    game_over,
    grow_developments,
    rank,
    springs,
    steal_amount,
    undevelop,
)
from printkit.engines.war_pnp.rules import RULES, PowerKind, Rules


def _safety_limit() -> int:
    """``designed_for_printkit.limits.round_safety_limit`` (rules.py does not read it)."""
    text = (resources.files("printkit.engines.war_pnp") / "data" / "rules.toml").read_text(
        "utf-8"
    )
    value = tomllib.loads(text)["designed_for_printkit"]["limits"]["round_safety_limit"]
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError("war_pnp rules.toml: 'designed_for_printkit.limits."
                         "round_safety_limit' must be a whole number of at least 1")
    return value


ROUND_SAFETY_LIMIT: Final = _safety_limit()
ROUND_LIMITS: Final = {
    "none": None,
    "hard_decisions": RULES.hard_decisions_rounds,
    "design_notes": RULES.design_notes_rounds,
}
"""The ``round_limit`` option: no limit, the Hard Decisions variant, or the design notes'."""

COLUMNS: Final = tuple(c.label for c in RULES.columns)
_ROWS: Final = tuple(range(1, RULES.power_rows + 1))
_BOXES: Final = tuple(range(1, RULES.boxes_per_row + 1))

# -- actions -------------------------------------------------------------------------------

_ROW: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": RULES.power_rows}
_BOX: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": RULES.boxes_per_row}
_COL: dict[str, Any] = {"enum": list(COLUMNS)}
_SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 1}


def _obj(key: str, what: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object", "description": what, "required": [key],
        "additionalProperties": False,
        "properties": {key: {"type": "object", "required": required,
                             "additionalProperties": False, "properties": props}},
    }


@dataclass(frozen=True, slots=True)
class DevelopPower:
    """Fill the leftmost empty box of Powers row ``row``; ``power`` names the row's power
    the first time the row is developed, and only then."""

    row: int
    power: PowerKind | None = None

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"develop_power": {"row": 3, "power": "steal"}}`` (``power`` only when new)."""
        return _obj("develop_power", "develop a Powers row", {
            "row": _ROW, "power": {"enum": [k.value for k in PowerKind]}}, ["row"])


@dataclass(frozen=True, slots=True)
class DevelopPoints:
    """Fill the bottom empty box of the Points column labelled ``column`` (e.g. ``5/9``)."""

    column: str

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"develop_points": "5/9"}``."""
        return {"type": "object", "description": "develop a Points column",
                "required": ["develop_points"], "additionalProperties": False,
                "properties": {"develop_points": _COL}}


@dataclass(frozen=True, slots=True)
class Mark:
    """Write the due mark (2x, PU#: own sheet; X: the opponent's) on an unmarked box."""

    player: int
    column: str
    box: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"mark": {"player": 1, "column": "7", "box": 2}}``."""
        return _obj("mark", "mark a Points box (Double, Block, PowerUp)",
                    {"player": _SEAT, "column": _COL, "box": _BOX},
                    ["player", "column", "box"])


@dataclass(frozen=True, slots=True)
class SetTrap:
    """Write a "T" beside ``score`` on the opponent's score track."""

    score: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"trap": 25}``."""
        return {"type": "object", "description": "set a trap on the opponent's score track",
                "required": ["trap"], "additionalProperties": False,
                "properties": {"trap": {"type": "integer", "minimum": 1,
                                        "maximum": RULES.score_track_top}}}


@dataclass(frozen=True, slots=True)
class Wither:
    """Add the Wither's amount to the Withering of a column of ``player`` (an opponent)."""

    player: int
    column: str

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"wither": {"player": 1, "column": "6/8"}}``."""
        return _obj("wither", "wither an opponent's Points column",
                    {"player": _SEAT, "column": _COL}, ["player", "column"])


@dataclass(frozen=True, slots=True)
class Stop:
    """Cancel: stop ``player``'s power in row ``row`` this round."""

    player: int
    row: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"stop": {"player": 1, "row": 4}}``."""
        return _obj("stop", "cancel another player's power",
                    {"player": _SEAT, "row": _ROW}, ["player", "row"])


@dataclass(frozen=True, slots=True)
class Unwither:
    """Cancel: reduce the Withering on ``player``'s ``column`` by the Cancel's points."""

    player: int
    column: str

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"unwither": {"player": 0, "column": "6/8"}}``."""
        return _obj("unwither", "reduce a column's Withering",
                    {"player": _SEAT, "column": _COL}, ["player", "column"])


@dataclass(frozen=True, slots=True)
class Erase:
    """Cancel: erase the mark (2x, X or PU#) on a Points box, one per point of Cancel."""

    player: int
    column: str
    box: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"erase": {"player": 0, "column": "7", "box": 2}}``."""
        return _obj("erase", "erase a mark on a Points box",
                    {"player": _SEAT, "column": _COL, "box": _BOX},
                    ["player", "column", "box"])


@dataclass(frozen=True, slots=True)
class EraseTrap:
    """Cancel: erase the "T" beside ``score`` on ``player``'s score track (one point)."""

    player: int
    score: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"erase_trap": {"player": 0, "score": 25}}``."""
        return _obj("erase_trap", "erase a trap on a score track",
                    {"player": _SEAT, "score": {"type": "integer", "minimum": 1,
                                                "maximum": RULES.score_track_top}},
                    ["player", "score"])


@dataclass(frozen=True, slots=True)
class Score:
    """Gain points: the sum used (after Bend) and the active box chosen in its column."""

    total: int
    box: int

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"score": {"sum": 9, "box": 3}}``."""
        low, high = RULES.dice, RULES.dice * RULES.faces
        return _obj("score", "gain points from an active box of the column of the sum",
                    {"sum": {"type": "integer", "minimum": low, "maximum": high},
                     "box": _BOX}, ["sum", "box"])


@dataclass(frozen=True, slots=True)
class Undevelop:
    """A sprung trap: the trapper erases one development of the trapped player, in Powers
    row ``row`` or Points column ``column`` (exactly one of them)."""

    box: int
    row: int | None = None
    column: str | None = None

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``{"undevelop": {"row": 2, "box": 3}}`` or ``{"undevelop": {"column": "7",
        "box": 1}}``."""
        return {
            "type": "object", "description": "un-develop a box of the trapped player",
            "required": ["undevelop"], "additionalProperties": False,
            "properties": {"undevelop": {"oneOf": [
                {"type": "object", "required": ["row", "box"], "additionalProperties": False,
                 "properties": {"row": _ROW, "box": _BOX}},
                {"type": "object", "required": ["column", "box"],
                 "additionalProperties": False, "properties": {"column": _COL, "box": _BOX}},
            ]}},
        }


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a Cancel (or its remaining erasing) go unused."""

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """``"pass"``."""
        return {"const": "pass", "description": "leave a Cancel unused"}


Action = (DevelopPower | DevelopPoints | Mark | SetTrap | Wither | Stop | Unwither | Erase
          | EraseTrap | Score | Undevelop | Pass)
ACTION_TYPES: Final = (DevelopPower, DevelopPoints, Mark, SetTrap, Wither, Stop, Unwither,
                       Erase, EraseTrap, Score, Undevelop, Pass)


# -- tasks ---------------------------------------------------------------------------------


class Task(enum.Enum):
    """What the head of the queue asks for; ROLL is a chance node, the last three are the
    engine's own steps."""

    SETUP = "setup"            # a set-up development, Powers or Points
    DEV_POWER = "dev_power"
    DEV_POINTS = "dev_points"
    GROW = "grow"              # a development from Grow, Powers or Points
    MARK_OWN = "mark_own"      # 2x or PU# on one's own sheet
    MARK_OPP = "mark_opp"      # X on the opponent's sheet
    TRAP = "trap"
    WITHER = "wither"
    CANCEL = "cancel"
    ERASE = "erase"            # the rest of a Cancel that erases marks
    SCORE = "score"
    UNDEVELOP = "undevelop"
    ROLL = "roll"
    RESOLVE = "resolve"
    STEALS = "steals"
    END = "end"


_ENGINE_STEPS: Final = frozenset({Task.RESOLVE, Task.STEALS, Task.END})


class Job(NamedTuple):
    """One queued task: who decides, what, and its parameters."""

    player: int
    task: Task
    amount: int = 0        # Wither points, a Cancel's activation, erasings left
    mark: str = ""         # the mark a MARK_* task writes
    target: int = 0        # the player whose sheet a task acts on


class Activation(NamedTuple):
    """A power used this round, with its row's rank and active boxes at the roll."""

    player: int
    row: int
    kind: PowerKind
    rank: int
    boxes: Boxes           # the row as it was at the roll


@dataclass
class Sheet:
    """One player's play sheet."""

    powers: list[Boxes]
    names: list[PowerKind | None]
    points: list[Boxes]
    marks: list[list[str | None]]
    withering: list[int]
    traps: dict[int, int]          # score -> the player who set the trap
    score: int = 0


def _new_sheet(rules: Rules) -> Sheet:
    empty: Boxes = (None,) * rules.boxes_per_row
    return Sheet(
        powers=[empty] * rules.power_rows, names=[None] * rules.power_rows,
        points=[empty] * len(rules.columns),
        marks=[[None] * rules.boxes_per_row for _ in rules.columns],
        withering=[0] * len(rules.columns), traps={},
    )


def _multiplier(mark: str | None) -> int:
    if mark == "2x":
        return 2
    if mark is not None and mark.startswith("PU"):
        return int(mark[2:])
    return 1


class WarPnPState(State[Action]):
    """A two-player game of W.A.R. – Powers 'n Points."""

    def __init__(self, game: WarPnP, round_limit: int | None) -> None:
        self.game = game
        self._num_players = 2
        self.rules = game.rules
        self.round_limit = round_limit
        self.sheets = [_new_sheet(self.rules) for _ in range(2)]
        self.round = 0              # 0 during set-up
        self.main = 0
        self.rolls: list[tuple[int, int]] = []
        self.activations: list[Activation] = []
        self.stopped: set[int] = set()
        self.bend = [0, 0]
        self.decays: list[list[int]] = [[], []]
        self.steals: list[list[int]] = [[], []]
        self.scored: list[tuple[str, int] | None] = [None, None]   # column, points gained
        self.winner: int | None = None
        self.over = False
        self.end_reason = ""
        self.queue: list[Job] = [Job(p, Task.SETUP) for p in (0, 1)
                                 for _ in range(self.rules.setup_developments)]
        self.queue.append(Job(0, Task.END))
        self._advance()

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        head = self.queue[0]
        return CHANCE if head.task is Task.ROLL else head.player

    def chance_outcomes(self) -> DiceRoll:
        return DiceRoll((self.rules.faces,) * self.rules.dice)

    def legal_actions(self) -> list[Action]:
        if self.over or self.queue[0].task is Task.ROLL:
            return []
        return self._options(self.queue[0])

    def explain_illegal(self, action: Any) -> str:
        job = self.queue[0]
        if not isinstance(action, ACTION_TYPES):
            return f"{action!r} is not a W.A.R. PnP action"
        wanted = {
            Task.SETUP: "set-up: develop a Powers row or a Points column",
            Task.DEV_POWER: "Develop a Power: develop one Powers row",
            Task.DEV_POINTS: "Develop a Points Column: develop one Points column",
            Task.GROW: "Grow: develop a Powers row or a Points column",
            Task.MARK_OWN: f"Double/PowerUp: write {job.mark} on an unmarked box of your "
                           "own Points section",
            Task.MARK_OPP: "Block: mark an unmarked box on the opponent's Points section",
            Task.TRAP: "Trap: mark an unmarked score 1-100 on the opponent's track",
            Task.WITHER: "Wither: pick a column on the opponent's sheet",
            Task.CANCEL: "Cancel: stop a power with as many or fewer active boxes, erase "
                         "marks (not developments) or reduce Withering, or pass",
            Task.ERASE: "Cancel: erase another mark (one per point of Cancel) or pass",
            Task.SCORE: "Gain Points: an active box of the column of the sum (after Bend)",
            Task.UNDEVELOP: "Trap: the trapper un-develops one active box of the trapped",
        }[job.task]
        return f"player {job.player} must follow the rule '{wanted}'; {action!r} does not"

    def _apply_action(self, action: Action) -> None:
        job = self.queue.pop(0)
        self._do(job, action)
        self._advance()

    def _apply_outcome(self, outcome: Any) -> None:
        self.queue.pop(0)
        dice = (int(outcome[0]), int(outcome[1]))
        self.rolls.append(dice)
        self._start_powers(dice)
        self._advance()

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def result(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": [s.score for s in self.sheets],
            "rounds": self.round,
            "end": self.end_reason,
        }

    # -- legal options -----------------------------------------------------------------------

    def _power_options(self, p: int) -> list[Action]:
        sheet, out = self.sheets[p], list[Action]()
        for r in _ROWS:
            if sheet.powers[r - 1][-1] is not None:
                continue
            if sheet.names[r - 1] is None:
                out.extend(DevelopPower(r, k) for k in PowerKind)
            else:
                out.append(DevelopPower(r))
        return out

    def _points_options(self, p: int) -> list[Action]:
        sheet = self.sheets[p]
        return [DevelopPoints(c) for i, c in enumerate(COLUMNS) if sheet.points[i][-1] is None]

    def _options(self, job: Job) -> list[Action]:
        p, t, sheet = job.player, job.task, self.sheets[job.player]
        other = self.sheets[1 - p]
        if t in (Task.SETUP, Task.GROW):
            return self._power_options(p) + self._points_options(p)
        if t is Task.DEV_POWER:
            return self._power_options(p)
        if t is Task.DEV_POINTS:
            return self._points_options(p)
        if t in (Task.MARK_OWN, Task.MARK_OPP):
            q = p if t is Task.MARK_OWN else 1 - p
            return [Mark(q, c, b) for i, c in enumerate(COLUMNS) for b in _BOXES
                    if self.sheets[q].marks[i][b - 1] is None]
        if t is Task.TRAP:
            return [SetTrap(s) for s in range(1, self.rules.score_track_top + 1)
                    if s not in other.traps]
        if t is Task.WITHER:
            return [Wither(1 - p, c) for c in COLUMNS]
        if t is Task.CANCEL:
            mine = self.activations[job.amount]
            out: list[Action] = [Pass()]
            seen: set[tuple[int, int]] = set()
            for i, a in enumerate(self.activations):
                if (a.player != p and i not in self.stopped and cancel_stops(mine.boxes, a.boxes)
                        and (a.player, a.row) not in seen):
                    seen.add((a.player, a.row))
                    out.append(Stop(a.player, a.row))
            for q in (0, 1):
                out.extend(Unwither(q, c) for i, c in enumerate(COLUMNS)
                           if self.sheets[q].withering[i] > 0)
            return out + self._erasable()
        if t is Task.ERASE:
            return [Pass(), *self._erasable()]
        if t is Task.SCORE:
            total = sum(self.rolls[-1])
            out = []
            for s in bent_sums(self.rules, total, self.bend[p]):
                i = COLUMNS.index(self.rules.column_for_sum(s).label)
                out.extend(Score(s, b) for b in _BOXES if sheet.points[i][b - 1] is not None)
            return out
        if t is Task.UNDEVELOP:
            victim = self.sheets[job.target]
            undo: list[Action] = [Undevelop(b, row=r) for r in _ROWS for b in _BOXES
                                  if victim.powers[r - 1][b - 1] is not None]
            undo.extend(Undevelop(b, column=c) for i, c in enumerate(COLUMNS) for b in _BOXES
                        if victim.points[i][b - 1] is not None)
            return undo
        raise AssertionError(t)

    def _erasable(self) -> list[Action]:
        marks: list[Action] = [Erase(q, c, b) for q in (0, 1) for i, c in enumerate(COLUMNS)
                               for b in _BOXES if self.sheets[q].marks[i][b - 1] is not None]
        marks.extend(EraseTrap(q, t) for q in (0, 1) for t in sorted(self.sheets[q].traps))
        return marks

    # -- doing -------------------------------------------------------------------------------

    def _mark_of_round(self) -> int:
        return SETUP if self.round == 0 else self.round

    def _do(self, job: Job, action: Action) -> None:
        p, sheet = job.player, self.sheets[job.player]
        if isinstance(action, DevelopPower):
            i = action.row - 1
            if sheet.names[i] is None:
                sheet.names[i] = action.power
            sheet.powers[i] = develop(sheet.powers[i], self._mark_of_round())
        elif isinstance(action, DevelopPoints):
            i = COLUMNS.index(action.column)
            sheet.points[i] = develop(sheet.points[i], self._mark_of_round())
        elif isinstance(action, Mark):
            self.sheets[action.player].marks[COLUMNS.index(action.column)][action.box - 1] = (
                job.mark)
        elif isinstance(action, SetTrap):
            self.sheets[1 - p].traps[action.score] = p
        elif isinstance(action, Wither):
            i = COLUMNS.index(action.column)
            target = self.sheets[action.player]
            target.withering[i] = add_withering(target.withering[i], job.amount)
        elif isinstance(action, Stop):
            for i, a in enumerate(self.activations):
                if a.player == action.player and a.row == action.row and i not in self.stopped:
                    self.stopped.add(i)
                    break
        elif isinstance(action, Unwither):
            i = COLUMNS.index(action.column)
            target = self.sheets[action.player]
            cancel = self.activations[job.amount].rank
            target.withering[i] = cancel_withering(target.withering[i], self._cancel(cancel))
        elif isinstance(action, (Erase, EraseTrap)):
            if isinstance(action, Erase):
                marks = self.sheets[action.player].marks[COLUMNS.index(action.column)]
                marks[action.box - 1] = None
            else:
                del self.sheets[action.player].traps[action.score]
            left = (self._cancel(self.activations[job.amount].rank)
                    if job.task is Task.CANCEL else job.amount) - 1
            if left > 0:
                self.queue.insert(0, Job(p, Task.ERASE, left))
        elif isinstance(action, Score):
            self._score(p, action)
        elif isinstance(action, Undevelop):
            victim = self.sheets[job.target]
            if action.row is not None:
                victim.powers[action.row - 1] = undevelop(victim.powers[action.row - 1],
                                                          action.box)
            elif action.column is not None:
                i = COLUMNS.index(action.column)
                victim.points[i] = undevelop(victim.points[i], action.box)

    def _cancel(self, cancel_rank: int) -> int:
        return self.rules.power(PowerKind.CANCEL).amount(cancel_rank)

    def _change_score(self, p: int, delta: int) -> None:
        """Every change of score is checked for a trap on its own (interpretation 8)."""
        sheet = self.sheets[p]
        sheet.score = max(0, sheet.score + delta)
        if delta and springs(sheet.traps, sheet.score):
            trapper = sheet.traps.pop(sheet.score)
            self.queue.insert(0, Job(trapper, Task.UNDEVELOP, target=p))

    def _score(self, p: int, action: Score) -> None:
        sheet = self.sheets[p]
        column = self.rules.column_for_sum(action.total)
        i = COLUMNS.index(column.label)
        mark = sheet.marks[i][action.box - 1]
        sheet.marks[i][action.box - 1] = None
        gained = column_points(
            column, action.box, decay=decay_rows(self.decays[p]),
            withering=sheet.withering[i], multiplier=_multiplier(mark), blocked=mark == "X")
        self.scored[p] = (column.label, gained)
        self._change_score(p, gained)

    def _start_powers(self, dice: tuple[int, int]) -> None:
        """At the roll: list every power used, with its rank then (interpretation 2)."""
        self.activations, self.stopped = [], set()
        self.bend, self.decays, self.steals = [0, 0], [[], []], [[], []]
        self.scored = [None, None]
        for p in self._order():
            sheet = self.sheets[p]
            for face in sorted(dice):  # a double lists its row twice: two activations
                kind, row = sheet.names[face - 1], sheet.powers[face - 1]
                if kind is not None and rank(row) > 0:
                    self.activations.append(Activation(p, face, kind, rank(row), row))
        cancels = [Job(a.player, Task.CANCEL, i) for i, a in enumerate(self.activations)
                   if a.kind is PowerKind.CANCEL]
        self.queue = [*cancels, Job(self.main, Task.RESOLVE)]

    def _order(self) -> list[int]:
        return [self.main, 1 - self.main]

    def _resolve(self) -> None:
        """After the Cancels: every power not stopped, in seat order from the main player."""
        jobs: list[Job] = []
        for i, a in enumerate(self.activations):
            if i in self.stopped or a.kind is PowerKind.CANCEL:
                continue
            spec, p, q = self.rules.power(a.kind), a.player, 1 - a.player
            if a.kind is PowerKind.GROW:
                own, gifts = grow_developments(spec, a.rank, 1)
                jobs += [Job(p, Task.GROW)] * own + [Job(q, Task.GROW)] * gifts
            elif a.kind is PowerKind.DOUBLE:
                jobs += [Job(p, Task.MARK_OWN, mark="2x")] * spec.amount(a.rank)
            elif a.kind is PowerKind.POWERUP:
                jobs.append(Job(p, Task.MARK_OWN, mark=f"PU{spec.amount(a.rank)}"))
            elif a.kind is PowerKind.BLOCK:
                jobs += [Job(p, Task.MARK_OPP, mark="X", target=q)] * spec.amount(a.rank)
            elif a.kind is PowerKind.TRAP:
                jobs += [Job(p, Task.TRAP, target=q)] * spec.amount(a.rank)
            elif a.kind is PowerKind.WITHER:
                jobs.append(Job(p, Task.WITHER, spec.amount(a.rank), target=q))
            elif a.kind is PowerKind.BEND:
                self.bend[p] += spec.amount(a.rank)
            elif a.kind is PowerKind.DECAY:
                self.decays[q].append(spec.amount(a.rank))
            elif a.kind is PowerKind.STEAL:
                self.steals[p].append(a.rank)
        jobs += [Job(p, Task.SCORE) for p in self._order()]
        self.queue[0:0] = [*jobs, Job(self.main, Task.STEALS), Job(self.main, Task.END)]

    def _resolve_steals(self) -> None:
        """After everyone gained: each Steal takes what interpretation 3 allows."""
        for p in self._order():
            scored = self.scored[p]
            if scored is None:
                continue
            label, gained = scored
            column = self.rules.columns[COLUMNS.index(label)]
            for steal_rank in self.steals[p]:
                victim = self.sheets[1 - p]
                taken = steal_amount(column, steal_rank, gained, victim.score)
                gained -= taken
                self._change_score(1 - p, -taken)
                self._change_score(p, taken)

    def _end_of_round(self) -> None:
        scores = [s.score for s in self.sheets]
        if self.round > 0:
            limited = self.round_limit is not None and self.round >= self.round_limit
            if game_over(scores, self.rules.win_score, limited):
                top = max(scores)
                self.over, self.winner = True, scores.index(top)
                self.end_reason = "round limit" if top < self.rules.win_score else "score"
                return
            if self.round >= ROUND_SAFETY_LIMIT:
                top = max(scores)
                self.over = True
                self.winner = scores.index(top) if scores.count(top) == 1 else None
                self.end_reason = "safety limit"
                return
            self.main = 1 - self.main
        self.round += 1
        order = self._order()
        self.queue = ([Job(p, Task.DEV_POWER) for p in order]
                      + [Job(p, Task.DEV_POINTS) for p in order] + [Job(self.main, Task.ROLL)])

    def _advance(self) -> None:
        """Run the engine's own steps and skip tasks nobody can carry out."""
        while not self.over and self.queue:
            job = self.queue[0]
            if job.task is Task.ROLL:
                return
            if job.task in _ENGINE_STEPS:
                self.queue.pop(0)
                if job.task is Task.RESOLVE:
                    self._resolve()
                elif job.task is Task.STEALS:
                    self._resolve_steals()
                else:
                    self._end_of_round()
                continue
            if job.task is Task.CANCEL and job.amount in self.stopped:
                self.queue.pop(0)
                continue
            if self._options(job):
                return
            self.queue.pop(0)

    def clone(self) -> WarPnPState:
        s = object.__new__(WarPnPState)
        s.__dict__.update(self.__dict__)
        s.sheets = [Sheet(list(x.powers), list(x.names), list(x.points),
                          [list(m) for m in x.marks], list(x.withering), dict(x.traps),
                          x.score) for x in self.sheets]
        s.rolls = list(self.rolls)
        s.activations = list(self.activations)
        s.stopped = set(self.stopped)
        s.bend = list(self.bend)
        s.decays = [list(d) for d in self.decays]
        s.steals = [list(d) for d in self.steals]
        s.scored = list(self.scored)
        s.queue = list(self.queue)
        return s

    def view(self, player: int) -> WarPnPState:
        """Nothing is hidden: the sheets lie open on the table."""
        return self.clone()


# -- game ----------------------------------------------------------------------------------


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class WarPnP(Game[WarPnPState, Action]):
    """W.A.R. – Powers 'n Points for two players.

    Option ``round_limit``: ``"none"`` (default), ``"hard_decisions"`` (ends after round 20)
    or ``"design_notes"`` (after round 12); a shared top score plays on (interpretation 9).
    """

    info = GameInfo(
        name="war-pnp",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=2,
        max_players=2,
        default_players=2,
        seed_document="000_fbe6686709a06d54.txt",
        components=("play-sheet", "dice"),
        notes="The 3+ player variant comes next; a game stops after round_safety_limit "
              "rounds (designed for printkit).",
    )

    OPTIONS: ClassVar[tuple[str, ...]] = ("round_limit",)

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> WarPnPState:
        if num_players not in (None, 2):
            raise ValueError(f"W.A.R. PnP is played by 2 players here, not {num_players}")
        opts = dict(options or {})
        limit = opts.pop("round_limit", "none")
        if opts:
            raise ValueError(f"unknown option(s) {', '.join(sorted(opts))}; "
                             f"known: {', '.join(self.OPTIONS)}")
        if limit not in ROUND_LIMITS:
            raise ValueError(f"round_limit must be one of {', '.join(ROUND_LIMITS)}")
        return WarPnPState(self, ROUND_LIMITS[limit])

    def outcome_from_json(self, data: Any) -> tuple[int, ...]:
        if not isinstance(data, list) or not all(_is_int(v) for v in data):
            raise ValueError("a roll is a list of the two faces shown, e.g. [3, 5]")
        return tuple(data)

    def action_to_json(self, action: Action) -> Any:
        if isinstance(action, DevelopPower):
            body: dict[str, Any] = {"row": action.row}
            if action.power is not None:
                body["power"] = action.power.value
            return {"develop_power": body}
        if isinstance(action, DevelopPoints):
            return {"develop_points": action.column}
        if isinstance(action, (Mark, Erase)):
            key = "mark" if isinstance(action, Mark) else "erase"
            return {key: {"player": action.player, "column": action.column, "box": action.box}}
        if isinstance(action, SetTrap):
            return {"trap": action.score}
        if isinstance(action, EraseTrap):
            return {"erase_trap": {"player": action.player, "score": action.score}}
        if isinstance(action, (Wither, Unwither)):
            key = "wither" if isinstance(action, Wither) else "unwither"
            return {key: {"player": action.player, "column": action.column}}
        if isinstance(action, Stop):
            return {"stop": {"player": action.player, "row": action.row}}
        if isinstance(action, Score):
            return {"score": {"sum": action.total, "box": action.box}}
        if isinstance(action, Undevelop):
            if action.row is not None:
                return {"undevelop": {"row": action.row, "box": action.box}}
            return {"undevelop": {"column": action.column, "box": action.box}}
        if isinstance(action, Pass):
            return "pass"
        raise ValueError(f"{action!r} is not a W.A.R. PnP action")

    def action_from_json(self, data: Any) -> Action:
        if data == "pass":
            return Pass()
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError('an action is "pass" or an object with one key, e.g. '
                             '{"develop_points": "5/9"}')
        ((key, v),) = data.items()
        try:
            return self._parse(key, v)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed {key!r} action {v!r}: see the action schema") from exc

    def _parse(self, key: str, v: Any) -> Action:
        def ints(*names: str) -> list[int]:
            if not all(_is_int(v[n]) for n in names):
                raise ValueError(names)
            return [v[n] for n in names]

        def only(*names: str) -> None:
            if not isinstance(v, dict) or set(v) != set(names):
                raise ValueError(names)

        def col(value: Any) -> str:
            if value not in COLUMNS:
                raise ValueError(value)
            return str(value)

        if key == "develop_power":
            if not isinstance(v, dict) or not {"row"} <= set(v) <= {"row", "power"}:
                raise ValueError(v)
            power = PowerKind(v["power"]) if "power" in v else None
            return DevelopPower(ints("row")[0], power)
        if key == "develop_points":
            return DevelopPoints(col(v))
        if key in ("mark", "erase"):
            only("player", "column", "box")
            player, box = ints("player", "box")
            return (Mark if key == "mark" else Erase)(player, col(v["column"]), box)
        if key == "trap":
            if not _is_int(v):
                raise ValueError(v)
            return SetTrap(v)
        if key == "erase_trap":
            only("player", "score")
            player, score = ints("player", "score")
            return EraseTrap(player, score)
        if key in ("wither", "unwither"):
            only("player", "column")
            return (Wither if key == "wither" else Unwither)(ints("player")[0],
                                                             col(v["column"]))
        if key == "stop":
            only("player", "row")
            player, row = ints("player", "row")
            return Stop(player, row)
        if key == "score":
            only("sum", "box")
            total, box = ints("sum", "box")
            return Score(total, box)
        if key == "undevelop":
            if isinstance(v, dict) and set(v) == {"row", "box"}:
                row, box = ints("row", "box")
                return Undevelop(box, row=row)
            only("column", "box")
            return Undevelop(ints("box")[0], column=col(v["column"]))
        raise ValueError(f"unknown action {key!r}")

    def action_schema(self) -> dict[str, Any]:
        """One of the action forms, each from its class's ``json_schema()``."""
        return {"oneOf": [cls.json_schema() for cls in ACTION_TYPES]}

    def outcome_schema(self) -> dict[str, Any]:
        r = self.rules
        return {"type": "array", "description": "the two faces the main player rolled",
                "minItems": r.dice, "maxItems": r.dice,
                "items": {"type": "integer", "minimum": 1, "maximum": r.faces}}

    def result_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "winner": {"enum": [0, 1, None]},
                "scores": {"type": "array", "minItems": 2, "maxItems": 2,
                           "items": {"type": "integer", "minimum": 0}},
                "rounds": {"type": "integer", "minimum": 0},
                "end": {"enum": ["score", "round limit", "safety limit"]},
            },
        }

    def options_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {"round_limit": {
                "enum": list(ROUND_LIMITS),
                "description": "none, Hard Decisions (20 rounds) or the design notes (12)"}},
        }

    def default_options(self) -> dict[str, Any]:
        return {"round_limit": "none"}

    def bots(self) -> Mapping[str, BotFactory[WarPnPState, Action]]:
        from printkit.engines.war_pnp.bots import RandomBot

        return {"random": RandomBot}
