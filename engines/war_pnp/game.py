"""The W.A.R. – Powers 'n Points rules engine: two players, or the 3+ player variant, each
on their own sheet (the standard one or a custom sheet, :mod:`.sheets`).

The seed's play is "(largely) simultaneous"; the engine asks the players one after another,
main player first ("if there's a timing issue, start with the main player and go clockwise"),
and resolves everything through a queue of small *tasks* (develop, mark, cancel, score...),
so every choice the paper game leaves to a player is one logged decision. Ranks are taken at
the roll (interpretation 2), which is what makes the sequential order give the simultaneous
result; ``data/notes.md`` says where the order still matters and how it is settled. With
three or more players the powers are used in turns, as the seed's variant says: from the main
player round the table, each player gets two chances to use one activated power.

A log written at the table reads like this (one JSON value per line)::

    {"player": 0, "action": {"develop_power": {"row": 3, "power": "steal"}}}
    {"player": 0, "action": {"develop_points": "5/9"}}
    {"chance": [3, 3]}                                   the main player rolls a double 3
    {"player": 0, "action": {"mark": {"player": 1, "column": "7", "box": 1}}}
    {"player": 0, "action": {"score": {"sum": 6, "box": 2}}}
    {"player": 1, "action": "pass"}

>>> state = WarPnP().new_initial_state(3)
>>> state.num_players, state.current_player(), len(state.legal_actions())
(3, 0, 66)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from printkit.engines.core.chance import DiceRoll
from printkit.engines.core.codec import is_whole
from printkit.engines.core.game import CHANCE, TERMINAL, BotFactory, Game, GameInfo, State
from printkit.engines.core.options import Option, Options
from printkit.engines.war_pnp.actions import (
    ACTION_TYPES,
    CODEC,
    Action,
    DevelopPoints,
    DevelopPower,
    Erase,
    EraseTrap,
    Mark,
    Pass,
    Reroll,
    SchemaParts,
    Score,
    SetActivation,
    SetTrap,
    Stop,
    Target,
    Undevelop,
    Unwither,
    UsePower,
    Wither,
    action_from_json,
    action_to_json,
    describe,
)
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
from printkit.engines.war_pnp.sheets import STANDARD, SheetSpec, parse_sheet

__all__ = [
    "ACTION_TYPES", "Action", "DevelopPoints", "DevelopPower", "Erase", "EraseTrap", "Mark",
    "Pass", "Reroll", "Score", "SetActivation", "SetTrap", "Stop", "Target", "Undevelop",
    "Unwither", "UsePower", "Wither", "Activation", "Job", "ROUND_LIMITS",
    "ROUND_SAFETY_LIMIT", "Peaks", "Sheet", "Task", "WarPnP", "WarPnPState",
]


ROUND_SAFETY_LIMIT: Final = RULES.round_safety_limit
ROUND_LIMITS: Final = {
    "none": None,
    "hard_decisions": RULES.hard_decisions_rounds,
    "design_notes": RULES.design_notes_rounds,
}
"""The ``round_limit`` option: no limit, the Hard Decisions variant, or the design notes'."""

_ROWS: Final = tuple(range(1, RULES.power_rows + 1))
_BOXES: Final = tuple(range(1, RULES.boxes_per_row + 1))


# -- tasks ---------------------------------------------------------------------------------


class Task(enum.Enum):
    """What the head of the queue asks for; ROLL and REROLL_DIE are chance nodes, the last
    four are the engine's own steps."""

    ACTIVATION = "activation"  # set-up, free activation numbers: write a row's number
    SETUP = "setup"            # a set-up development, Powers or Points
    DEV_POWER = "dev_power"
    DEV_POINTS = "dev_points"
    USE = "use"                # 3+ players: a chance to use one activated power
    GROW = "grow"              # a development from Grow, Powers or Points
    GIFT = "gift"              # 3+ players: who receives one gifted Grow
    TARGET = "target"          # 3+ players: whom a Decay, Poke or Steal acts on
    MARK_OWN = "mark_own"      # 2x or PU# on one's own sheet
    MARK_OPP = "mark_opp"      # X on an opponent's sheet
    TRAP = "trap"
    WITHER = "wither"
    CANCEL = "cancel"
    ERASE = "erase"            # the rest of a Cancel that erases marks
    REROLL = "reroll"          # choose a die to re-roll, or pass
    SCORE = "score"
    UNDEVELOP = "undevelop"
    ROLL = "roll"
    REROLL_DIE = "reroll_die"
    RESOLVE = "resolve"
    SCORING = "scoring"
    STEALS = "steals"
    END = "end"


_CHANCE_TASKS: Final = frozenset({Task.ROLL, Task.REROLL_DIE})
_ENGINE_STEPS: Final = frozenset({Task.RESOLVE, Task.SCORING, Task.STEALS, Task.END})


class Job(NamedTuple):
    """One queued task: who decides, what, and its parameters."""

    player: int
    task: Task
    amount: int = 0        # an amount, a Cancel's activation index, re-rolls or erasings left
    mark: str = ""         # the mark a MARK_* task writes; the power a TARGET task is for
    target: int = 0        # the player a task acts on (UNDEVELOP; Block and Trap once
                           # their first mark is down, -1 before)


class Activation(NamedTuple):
    """A power used this round, with its row's rank and active boxes at the roll."""

    player: int
    row: int
    kind: PowerKind
    rank: int
    boxes: Boxes           # the row as it was at the roll


@dataclass
class Sheet:
    """One player's play sheet as pencilled so far."""

    powers: list[Boxes]
    names: list[PowerKind | None]
    faces: list[int | None]        # each Powers row's activation number
    points: list[Boxes]
    marks: list[list[str | None]]
    withering: list[int]
    traps: dict[int, int]          # score -> the player who set the trap
    score: int = 0
    writes: list[int] | None = None
    """Marks ever written in each box (Powers rows first, then Points columns, box by box):
    what validation checks against the room a box has for erased and rewritten marks."""

    def copy(self) -> Sheet:
        return Sheet(list(self.powers), list(self.names), list(self.faces), list(self.points),
                     [list(m) for m in self.marks], list(self.withering), dict(self.traps),
                     self.score, None if self.writes is None else list(self.writes))

    def wrote(self, index: int) -> None:
        """Count a mark written in box ``index`` (see :attr:`writes`)."""
        assert self.writes is not None
        self.writes[index] += 1


def _new_sheet(rules: Rules, spec: SheetSpec) -> Sheet:
    empty: Boxes = (None,) * rules.boxes_per_row
    faces: list[int | None] = ([None] * rules.power_rows if spec.free_activation
                               else list(range(1, rules.power_rows + 1)))
    return Sheet(
        powers=[empty] * rules.power_rows, names=[None] * rules.power_rows, faces=faces,
        points=[empty] * len(spec.columns),
        marks=[[None] * rules.boxes_per_row for _ in spec.columns],
        withering=[0] * len(spec.columns), traps={},
        writes=[0] * (rules.power_rows + len(spec.columns)) * rules.boxes_per_row,
    )


@dataclass
class Peaks:
    """The largest marks a game wrote anywhere, for validation: the Withering on a column,
    a PU multiplier, the score a trap was set on."""

    withering: int = 0
    multiplier: int = 0
    trap: int = 0


def multiplier(mark: str | None) -> int:
    """What a mark multiplies a box's points by: 2x doubles, PU# multiplies by #."""
    if mark == "2x":
        return 2
    if mark is not None and mark.startswith("PU"):
        return int(mark[2:])
    return 1


class WarPnPState(State[Action]):
    """A game of W.A.R. – Powers 'n Points: every seat's sheet, the round, the queue."""

    def __init__(self, game: WarPnP, players: int, round_limit: int | None,
                 specs: list[SheetSpec]) -> None:
        self.game = game
        self._num_players = players
        self.rules = game.rules
        self.specs = specs
        self.round_limit = round_limit
        self.sheets = [_new_sheet(self.rules, spec) for spec in specs]
        self.round = 0              # 0 during set-up
        self.main = 0
        self.rolls: list[tuple[int, int]] = []
        self.dice: list[list[int]] = [[0, 0] for _ in specs]   # each player's own dice
        self.activations: list[Activation] = []
        self.stopped: set[int] = set()
        self.used: set[int] = set()
        self.bend = [0] * players
        self.decays: list[list[int]] = [[] for _ in specs]
        self.steals: list[list[tuple[int, int]]] = [[] for _ in specs]   # (rank, victim)
        self.scored: list[tuple[str, int] | None] = [None] * players    # column, gained
        self.winner: int | None = None
        self.over = False
        self.end_reason = ""
        self.peaks = Peaks()
        self._token = object()
        self._memo: list[Any] = [None, None]
        self.queue: list[Job] = []
        for p in range(players):
            if specs[p].free_activation:
                self.queue += [Job(p, Task.ACTIVATION)] * self.rules.power_rows
            self.queue += [Job(p, Task.SETUP)] * self.rules.setup_developments
        self.queue.append(Job(0, Task.END))
        self._advance()

    # -- protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        head = self.queue[0]
        return CHANCE if head.task in _CHANCE_TASKS else head.player

    def chance_outcomes(self) -> DiceRoll:
        if self.queue and self.queue[0].task is Task.REROLL_DIE:
            return DiceRoll((self.rules.faces,))
        return DiceRoll((self.rules.faces,) * self.rules.dice)

    def legal_actions(self) -> list[Action]:
        """The options of the task due. A bot lists them on its view (a clone) and the game
        checks the chosen one against them at once, so they are kept for the state as it is
        (``_token``), in a holder a clone shares until either of them moves on."""
        if self.over or self.queue[0].task in _CHANCE_TASKS:
            return []
        memo = self._memo
        if memo[0] is not self._token:
            memo[0], memo[1] = self._token, self._options(self.queue[0])
        return list(memo[1])

    def explain_illegal(self, action: Any) -> str:
        job = self.queue[0]
        if not isinstance(action, ACTION_TYPES):
            return f"{type(action).__name__} is not a W.A.R. PnP action"
        wanted = {
            Task.ACTIVATION: "free activation numbers: write a face 1-6 beside a Powers row "
                             "that has none yet",
            Task.SETUP: "set-up: develop a Powers row or a Points column",
            Task.DEV_POWER: "Develop a Power: develop one Powers row (naming a power this "
                            "sheet allows when the row is new)",
            Task.DEV_POINTS: "Develop a Points Column: develop one Points column",
            Task.USE: "3+ players: use one power the dice activated, or pass",
            Task.GROW: "Grow: develop a Powers row or a Points column",
            Task.GIFT: "Grow: give the gifted development to an opponent",
            Task.TARGET: f"{job.mark.capitalize()}: pick the opponent it acts on",
            Task.MARK_OWN: f"Double/PowerUp: write {job.mark} on an unmarked box of your "
                           "own Points section",
            Task.MARK_OPP: "Block: mark an unmarked box on an opponent's Points section",
            Task.TRAP: "Trap: mark an unmarked score 1-100 on an opponent's track",
            Task.WITHER: "Wither: pick a column on an opponent's sheet",
            Task.CANCEL: "Cancel: stop a power with as many or fewer active boxes, erase "
                         "marks (not developments) or reduce Withering, or pass",
            Task.ERASE: "Cancel: erase another mark (one per point of Cancel) or pass",
            Task.REROLL: "Re-roll: re-roll die 1 or 2 for your own Points column, or pass",
            Task.SCORE: "Gain Points: an active box of the column of the sum (after Bend)",
            Task.UNDEVELOP: "Trap: the trapper un-develops one active box of the trapped",
        }[job.task]
        return (f"player {job.player} must follow the rule '{wanted}'; "
                f"'{describe(action)}' does not")

    def _apply_action(self, action: Action) -> None:
        self._token = object()
        job = self.queue.pop(0)
        self._do(job, action)
        self._advance()

    def _apply_outcome(self, outcome: Any) -> None:
        self._token = object()
        job = self.queue.pop(0)
        if job.task is Task.REROLL_DIE:
            self.dice[job.player][job.amount - 1] = int(outcome[0])
        else:
            dice = (int(outcome[0]), int(outcome[1]))
            self.rolls.append(dice)
            self._start_powers(dice)
        self._advance()

    def returns(self) -> list[float]:
        n = self._num_players
        if not self.over:
            return [0.0] * n
        if self.winner is not None:
            return [1.0 if p == self.winner else 0.0 for p in range(n)]
        scores = [s.score for s in self.sheets]
        top = [p for p in range(n) if scores[p] == max(scores)]
        return [1.0 / len(top) if p in top else 0.0 for p in range(n)]

    def result(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": [s.score for s in self.sheets],
            "rounds": self.round,
            "end": self.end_reason,
        }

    # -- reading the table ---------------------------------------------------------------------

    def opponents(self, p: int) -> list[int]:
        """The other players, round the table from ``p``."""
        n = self._num_players
        return [(p + k) % n for k in range(1, n)]

    def order(self) -> list[int]:
        """Seat order for the round: the main player first, then round the table."""
        n = self._num_players
        return [(self.main + k) % n for k in range(n)]

    def own_sum(self, p: int) -> int:
        """The sum ``p`` scores with before Bend: the roll, or the dice after a Re-roll."""
        return sum(self.dice[p])

    # -- legal options -----------------------------------------------------------------------

    def _power_options(self, p: int) -> list[Action]:
        sheet, out = self.sheets[p], list[Action]()
        for r in _ROWS:
            if None not in sheet.powers[r - 1]:   # full (a trap's hole can be filled again)
                continue
            if sheet.names[r - 1] is None:
                out.extend(DevelopPower(r, k) for k in self.specs[p].kinds)
            else:
                out.append(DevelopPower(r))
        return out

    def _points_options(self, p: int) -> list[Action]:
        sheet = self.sheets[p]
        return [DevelopPoints(c) for i, c in enumerate(self.specs[p].labels)
                if None in sheet.points[i]]

    def _options(self, job: Job) -> list[Action]:
        p, t, sheet = job.player, job.task, self.sheets[job.player]
        if t in (Task.SETUP, Task.GROW):
            return self._power_options(p) + self._points_options(p)
        if t is Task.DEV_POWER:
            return self._power_options(p)
        if t is Task.DEV_POINTS:
            return self._points_options(p)
        if t is Task.ACTIVATION:
            return [SetActivation(r, f) for r in _ROWS if sheet.faces[r - 1] is None
                    for f in range(1, self.rules.faces + 1)]
        if t is Task.USE:
            rows = sorted({a.row for i, a in enumerate(self.activations)
                           if a.player == p and i not in self.used and i not in self.stopped})
            return [*(UsePower(r) for r in rows), Pass()] if rows else []
        if t in (Task.GIFT, Task.TARGET):
            return [Target(q) for q in self.opponents(p)]
        if t in (Task.MARK_OWN, Task.MARK_OPP):
            seats = [p] if t is Task.MARK_OWN else self._victims(job)
            return [Mark(q, c, b) for q in seats for i, c in enumerate(self.specs[q].labels)
                    for b in _BOXES if self.sheets[q].marks[i][b - 1] is None]
        if t is Task.TRAP:
            return [SetTrap(q, s) for q in self._victims(job)
                    for s in range(1, self.rules.score_track_top + 1)
                    if s not in self.sheets[q].traps]
        if t is Task.WITHER:
            return [Wither(q, c) for q in self.opponents(p) for c in self.specs[q].labels]
        if t is Task.CANCEL:
            mine = self.activations[job.amount]
            out: list[Action] = [Pass()]
            seen: set[tuple[int, int]] = set()
            for i, a in enumerate(self.activations):
                if (a.player != p and i not in self.stopped and i not in self.used
                        and cancel_stops(mine.boxes, a.boxes)
                        and (a.player, a.row) not in seen):
                    seen.add((a.player, a.row))
                    out.append(Stop(a.player, a.row))
            for q in range(self._num_players):
                out.extend(Unwither(q, c) for i, c in enumerate(self.specs[q].labels)
                           if self.sheets[q].withering[i] > 0)
            return out + self._erasable()
        if t is Task.ERASE:
            return [Pass(), *self._erasable()]
        if t is Task.REROLL:
            return [Reroll(1), Reroll(2), Pass()]
        if t is Task.SCORE:
            spec, out = self.specs[p], []
            for s in bent_sums(self.rules, self.own_sum(p), self.bend[p]):
                i = spec.column_index(spec.column_for_sum(s).label)
                out.extend(Score(s, b) for b in _BOXES if sheet.points[i][b - 1] is not None)
            return out
        if t is Task.UNDEVELOP:
            victim, labels = self.sheets[job.target], self.specs[job.target].labels
            undo: list[Action] = [Undevelop(b, row=r) for r in _ROWS for b in _BOXES
                                  if victim.powers[r - 1][b - 1] is not None]
            undo.extend(Undevelop(b, column=c) for i, c in enumerate(labels) for b in _BOXES
                        if victim.points[i][b - 1] is not None)
            return undo
        raise AssertionError(t)

    def _has_options(self, job: Job) -> bool:
        """Whether ``job`` leaves its player any choice (else the engine skips it): the
        cheap cases answered directly, the rest by listing the options."""
        t, sheet = job.task, self.sheets[job.player]
        if t in (Task.CANCEL, Task.ERASE, Task.REROLL, Task.GIFT, Task.TARGET, Task.WITHER):
            return True
        if t in (Task.SETUP, Task.GROW):
            return (any(None in row for row in sheet.powers)
                    or any(None in col for col in sheet.points))
        if t is Task.DEV_POWER:
            return any(None in row for row in sheet.powers)
        if t is Task.DEV_POINTS:
            return any(None in col for col in sheet.points)
        if t is Task.ACTIVATION:
            return None in sheet.faces
        if t is Task.UNDEVELOP:
            victim = self.sheets[job.target]
            return (any(b is not None for row in victim.powers for b in row)
                    or any(b is not None for col in victim.points for b in col))
        return bool(self._options(job))

    def _victims(self, job: Job) -> list[int]:
        """Whose sheet a Block or Trap mark may go on: any opponent for the first mark of a
        use, then the same one ("one opponent's Points section", "your opponent's track")."""
        return self.opponents(job.player) if job.target < 0 else [job.target]

    def _same_victim(self, job: Job, q: int) -> None:
        """After the first mark of a Block or Trap use, its other marks go on ``q``'s sheet."""
        for k, queued in enumerate(self.queue):
            if (queued.task is job.task and queued.player == job.player
                    and queued.amount == job.amount and queued.target < 0):
                self.queue[k] = queued._replace(target=q)

    def _erasable(self) -> list[Action]:
        marks: list[Action] = [Erase(q, c, b) for q in range(self._num_players)
                               for i, c in enumerate(self.specs[q].labels)
                               for b in _BOXES if self.sheets[q].marks[i][b - 1] is not None]
        marks.extend(EraseTrap(q, t) for q in range(self._num_players)
                     for t in sorted(self.sheets[q].traps))
        return marks

    # -- doing -------------------------------------------------------------------------------

    def _mark_of_round(self) -> int:
        return SETUP if self.round == 0 else self.round

    def _do(self, job: Job, action: Action) -> None:  # noqa: C901 - one branch per action
        p, sheet = job.player, self.sheets[job.player]
        if isinstance(action, DevelopPower):
            i = action.row - 1
            if sheet.names[i] is None:
                sheet.names[i] = action.power
            box = sheet.powers[i].index(None)
            sheet.powers[i] = develop(sheet.powers[i], self._mark_of_round())
            sheet.wrote(i * len(_BOXES) + box)
        elif isinstance(action, DevelopPoints):
            i = self.specs[p].column_index(action.column)
            box = sheet.points[i].index(None)
            sheet.points[i] = develop(sheet.points[i], self._mark_of_round())
            sheet.wrote((len(_ROWS) + i) * len(_BOXES) + box)
        elif isinstance(action, SetActivation):
            sheet.faces[action.row - 1] = action.face
        elif isinstance(action, UsePower):
            for i, a in enumerate(self.activations):
                if (a.player == p and a.row == action.row and i not in self.used
                        and i not in self.stopped):
                    self.used.add(i)
                    self.queue[0:0] = ([Job(p, Task.CANCEL, i)] if a.kind is PowerKind.CANCEL
                                       else self._power_jobs(i))
                    break
        elif isinstance(action, Target):
            self._target(job, action.player)
        elif isinstance(action, Mark):
            q = action.player
            i = self.specs[q].column_index(action.column)
            self.sheets[q].marks[i][action.box - 1] = job.mark
            self.sheets[q].wrote((len(_ROWS) + i) * len(_BOXES) + action.box - 1)
            self.peaks.multiplier = max(self.peaks.multiplier, multiplier(job.mark))
            if job.task is Task.MARK_OPP:
                self._same_victim(job, q)
        elif isinstance(action, SetTrap):
            self.sheets[action.player].traps[action.score] = p
            self._same_victim(job, action.player)
            self.peaks.trap = max(self.peaks.trap, action.score)
        elif isinstance(action, Wither):
            q = action.player
            i = self.specs[q].column_index(action.column)
            self.sheets[q].withering[i] = add_withering(self.sheets[q].withering[i], job.amount)
            self.peaks.withering = max(self.peaks.withering, self.sheets[q].withering[i])
        elif isinstance(action, Stop):
            for i, a in enumerate(self.activations):
                if (a.player == action.player and a.row == action.row
                        and i not in self.stopped and i not in self.used):
                    self.stopped.add(i)
                    break
        elif isinstance(action, Unwither):
            q = action.player
            i = self.specs[q].column_index(action.column)
            cancel = self._cancel(p, self.activations[job.amount].rank)
            self.sheets[q].withering[i] = cancel_withering(self.sheets[q].withering[i], cancel)
        elif isinstance(action, (Erase, EraseTrap)):
            q = action.player
            if isinstance(action, Erase):
                self.sheets[q].marks[self.specs[q].column_index(action.column)][
                    action.box - 1] = None
            else:
                del self.sheets[q].traps[action.score]
            left = (self._cancel(p, self.activations[job.amount].rank)
                    if job.task is Task.CANCEL else job.amount) - 1
            if left > 0:
                self.queue.insert(0, Job(p, Task.ERASE, left))
        elif isinstance(action, Reroll):
            again = [Job(p, Task.REROLL, job.amount - 1)] if job.amount > 1 else []
            self.queue[0:0] = [Job(p, Task.REROLL_DIE, action.die), *again]
        elif isinstance(action, Score):
            self._score(p, action)
        elif isinstance(action, Undevelop):
            q = job.target
            victim = self.sheets[q]
            if action.row is not None:
                victim.powers[action.row - 1] = undevelop(victim.powers[action.row - 1],
                                                          action.box)
            else:
                assert action.column is not None
                i = self.specs[q].column_index(action.column)
                victim.points[i] = undevelop(victim.points[i], action.box)

    def _cancel(self, p: int, cancel_rank: int) -> int:
        return self.specs[p].power(PowerKind.CANCEL).amount(cancel_rank)

    def _change_score(self, p: int, delta: int) -> None:
        """Every change of score is checked for a trap on its own (interpretation 8)."""
        sheet = self.sheets[p]
        sheet.score = max(0, sheet.score + delta)
        if delta and springs(sheet.traps, sheet.score):
            trapper = sheet.traps.pop(sheet.score)
            self.queue.insert(0, Job(trapper, Task.UNDEVELOP, target=p))

    def _score(self, p: int, action: Score) -> None:
        sheet, spec = self.sheets[p], self.specs[p]
        column = spec.column_for_sum(action.total)
        i = spec.column_index(column.label)
        mark = sheet.marks[i][action.box - 1]
        sheet.marks[i][action.box - 1] = None
        gained = column_points(
            column, action.box, decay=decay_rows(self.decays[p]),
            withering=sheet.withering[i], multiplier=multiplier(mark), blocked=mark == "X")
        self.scored[p] = (column.label, gained)
        self._change_score(p, gained)

    def _start_powers(self, dice: tuple[int, int]) -> None:
        """At the roll: list every power used, with its rank then (interpretation 2)."""
        n = self._num_players
        self.activations, self.stopped, self.used = [], set(), set()
        self.bend, self.decays, self.steals = [0] * n, [[] for _ in range(n)], [
            [] for _ in range(n)]
        self.scored = [None] * n
        self.dice = [list(dice) for _ in range(n)]
        for p in self.order():
            sheet = self.sheets[p]
            for face in sorted(dice):  # a double lists its rows twice: two activations
                for r in _ROWS:
                    kind, row = sheet.names[r - 1], sheet.powers[r - 1]
                    if sheet.faces[r - 1] == face and kind is not None and rank(row) > 0:
                        self.activations.append(Activation(p, r, kind, rank(row), row))
        if n < self.rules.turns_from_players:  # a duel: powers resolve at once
            cancels = [Job(a.player, Task.CANCEL, i) for i, a in enumerate(self.activations)
                       if a.kind is PowerKind.CANCEL]
            self.queue = [*cancels, Job(self.main, Task.RESOLVE)]
        else:
            chances = self.rules.power_chances_per_player
            self.queue = [Job(p, Task.USE) for _lap in range(chances) for p in self.order()]
            self.queue.append(Job(self.main, Task.SCORING))

    def _power_jobs(self, use: int) -> list[Job]:
        """What using activation ``a`` asks for (or does at once: Bend, and with one
        opponent Decay, Poke and Steal). ``use`` is the activation's index, which ties the
        marks of one Block or Trap use to one opponent."""
        a = self.activations[use]
        spec, p = self.specs[a.player].power(a.kind), a.player
        others = self.opponents(p)
        single = others[0] if len(others) == 1 else None
        amount = spec.amount(a.rank)
        if a.kind is PowerKind.GROW:
            own, gifts = grow_developments(spec, a.rank, 1)
            gifted = ([Job(single, Task.GROW)] if single is not None
                      else [Job(p, Task.GIFT)])
            return [Job(p, Task.GROW)] * own + gifted * gifts
        if a.kind is PowerKind.DOUBLE:
            return [Job(p, Task.MARK_OWN, mark="2x")] * amount
        if a.kind is PowerKind.POWERUP:
            return [Job(p, Task.MARK_OWN, mark=f"PU{amount}")]
        if a.kind is PowerKind.BLOCK:
            return [Job(p, Task.MARK_OPP, use, mark="X", target=-1)] * amount
        if a.kind is PowerKind.TRAP:
            return [Job(p, Task.TRAP, use, target=-1)] * amount
        if a.kind is PowerKind.WITHER:
            return [Job(p, Task.WITHER, amount)]
        if a.kind is PowerKind.REROLL:
            return [Job(p, Task.REROLL, amount)]
        if a.kind is PowerKind.BEND:
            self.bend[p] += amount
            return []
        if a.kind in (PowerKind.DECAY, PowerKind.POKE, PowerKind.STEAL):
            value = a.rank if a.kind is PowerKind.STEAL else amount
            job = Job(p, Task.TARGET, value, mark=a.kind.value)
            if single is None:
                return [job]
            self._target(job, single)
            return []
        raise AssertionError(a.kind)

    def _target(self, job: Job, q: int) -> None:
        """A power's opponent is chosen: Grow's gift, Decay, Poke or Steal acts on ``q``."""
        if job.task is Task.GIFT:
            self.queue.insert(0, Job(q, Task.GROW))
        elif job.mark == PowerKind.DECAY.value:
            self.decays[q].append(job.amount)
        elif job.mark == PowerKind.POKE.value:
            self._change_score(q, -job.amount)
        else:
            self.steals[job.player].append((job.amount, q))

    def _resolve(self) -> None:
        """Two players, after the Cancels: every power not stopped, from the main player."""
        jobs: list[Job] = []
        for i, a in enumerate(self.activations):
            if i in self.stopped or a.kind is PowerKind.CANCEL:
                continue
            self.used.add(i)
            jobs += self._power_jobs(i)
        self.queue[0:0] = [*jobs, Job(self.main, Task.SCORING)]

    def _scoring(self) -> None:
        self.queue[0:0] = [*(Job(p, Task.SCORE) for p in self.order()),
                           Job(self.main, Task.STEALS), Job(self.main, Task.END)]

    def _resolve_steals(self) -> None:
        """After everyone gained: each Steal takes what interpretation 3 allows."""
        for p in self.order():
            scored = self.scored[p]
            if scored is None:
                continue
            label, gained = scored
            column = self.specs[p].columns[self.specs[p].column_index(label)]
            for steal_rank, q in self.steals[p]:
                taken = steal_amount(column, steal_rank, gained, self.sheets[q].score)
                gained -= taken
                self._change_score(q, -taken)
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
            self.main = (self.main + 1) % self._num_players
        self.round += 1
        order = self.order()
        self.queue = ([Job(p, Task.DEV_POWER) for p in order]
                      + [Job(p, Task.DEV_POINTS) for p in order] + [Job(self.main, Task.ROLL)])

    def _advance(self) -> None:
        """Run the engine's own steps and skip tasks nobody can carry out."""
        while not self.over and self.queue:
            job = self.queue[0]
            if job.task in _CHANCE_TASKS:
                return
            if job.task in _ENGINE_STEPS:
                self.queue.pop(0)
                if job.task is Task.RESOLVE:
                    self._resolve()
                elif job.task is Task.SCORING:
                    self._scoring()
                elif job.task is Task.STEALS:
                    self._resolve_steals()
                else:
                    self._end_of_round()
                continue
            if job.task is Task.CANCEL and job.amount in self.stopped:
                self.queue.pop(0)
                continue
            if self._has_options(job):
                return
            self.queue.pop(0)

    def clone(self) -> WarPnPState:
        s = object.__new__(WarPnPState)
        s.__dict__.update(self.__dict__)
        s.sheets = [x.copy() for x in self.sheets]
        s.peaks = Peaks(self.peaks.withering, self.peaks.multiplier, self.peaks.trap)
        s.rolls = list(self.rolls)
        s.dice = [list(d) for d in self.dice]
        s.activations = list(self.activations)
        s.stopped = set(self.stopped)
        s.used = set(self.used)
        s.bend = list(self.bend)
        s.decays = [list(d) for d in self.decays]
        s.steals = [list(d) for d in self.steals]
        s.scored = list(self.scored)
        s.queue = list(self.queue)
        return s

    def view(self, player: int) -> WarPnPState:
        """Nothing is hidden: the sheets lie open on the table."""
        return self.clone()

    def task(self) -> Job | None:
        """The decision due now (None at a roll or the end): what bots and printers read."""
        if self.over or self.queue[0].task in _CHANCE_TASKS:
            return None
        return self.queue[0]


# -- game ----------------------------------------------------------------------------------


class WarPnP(Game[WarPnPState, Action]):
    """W.A.R. – Powers 'n Points for two players, or three to five in turns.

    Options: ``round_limit`` is ``"none"`` (default), ``"hard_decisions"`` (ends after round
    20) or ``"design_notes"`` (after round 12), and a shared top score plays on
    (interpretation 9); ``sheet`` is a custom sheet's tables (as in its TOML file, see
    :mod:`.sheets`) played by seat ``sheet_seat`` (default 0) against standard sheets.
    """

    info = GameInfo(
        name="war-pnp",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=RULES.min_players,
        max_players=RULES.max_players,
        default_players=RULES.default_players,
        seed_document="000_fbe6686709a06d54.txt",
        has_score=False,   # returns() are win shares; the scores are in result()
        notes="3+ players use powers in turns, two chances each; custom sheets (option "
              "'sheet') play against the standard one; a game stops after "
              "round_safety_limit rounds (designed for printkit).",
    )

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> WarPnPState:
        n = self.info.default_players if num_players is None else num_players
        if not self.info.min_players <= n <= self.info.max_players:
            raise ValueError(f"W.A.R. PnP takes {self.info.min_players}-"
                             f"{self.info.max_players} players, not {n}")
        opts = self.declared_options().read(options)
        limit, custom, seat = opts["round_limit"], opts["sheet"], opts["sheet_seat"]
        if not is_whole(seat) or not 0 <= seat < n:  # the seats are the players
            raise ValueError(f"sheet_seat must be a seat from 0 to {n - 1}")
        specs = [STANDARD] * n
        if custom is not None:
            specs[seat] = parse_sheet(custom, "sheet", self.rules)
        return WarPnPState(self, n, ROUND_LIMITS[limit], specs)

    def outcome_from_json(self, data: Any) -> tuple[int, ...]:
        if not isinstance(data, list) or not all(is_whole(v) for v in data):
            raise ValueError("a roll is a list of the faces shown, e.g. [3, 5] (or [4] for "
                             "a re-rolled die)")
        return tuple(data)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def schema_parts(self) -> SchemaParts:
        r = self.rules
        return SchemaParts(
            row={"type": "integer", "minimum": 1, "maximum": r.power_rows},
            box={"type": "integer", "minimum": 1, "maximum": r.boxes_per_row},
            column={"type": "string", "pattern": "^[0-9]+(/[0-9]+)*$",
                    "description": "a Points column's label, e.g. 5/9"},
            seat={"type": "integer", "minimum": 0, "maximum": self.info.max_players - 1},
            face={"type": "integer", "minimum": 1, "maximum": r.faces},
            score={"type": "integer", "minimum": 1, "maximum": r.score_track_top},
            total={"type": "integer", "minimum": r.dice, "maximum": r.dice * r.faces},
            powers=[k.value for k in PowerKind],
        )

    def action_schema(self) -> dict[str, Any]:
        """One of the action forms, each from :data:`~.actions.CODEC`."""
        return CODEC.schema(self.schema_parts()._asdict())

    def outcome_schema(self) -> dict[str, Any]:
        r = self.rules
        return {"type": "array",
                "description": "the faces the main player rolled (one die after a Re-roll)",
                "minItems": 1, "maxItems": r.dice,
                "items": {"type": "integer", "minimum": 1, "maximum": r.faces}}

    def result_schema(self) -> dict[str, Any]:
        n = self.info.max_players
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "winner": {"enum": [*range(n), None]},
                "scores": {"type": "array", "minItems": self.info.min_players, "maxItems": n,
                           "items": {"type": "integer", "minimum": 0}},
                "rounds": {"type": "integer", "minimum": 0},
                "end": {"enum": ["score", "round limit", "safety limit"]},
            },
        }

    def declared_options(self) -> Options:
        return Options(
            Option("round_limit", {"enum": list(ROUND_LIMITS)},
                   "none, Hard Decisions (20 rounds) or the design notes (12)",
                   default="none", in_header=True,
                   check=lambda v: isinstance(v, str) and v in ROUND_LIMITS,
                   error=lambda v: f"round_limit must be one of {', '.join(ROUND_LIMITS)}"),
            Option("sheet", {"type": ["object", "null"]},
                   "a custom sheet's tables, as in its TOML file"),  # checked by parse_sheet
            Option("sheet_seat", {"type": "integer", "minimum": 0,
                                  "maximum": self.info.max_players - 1},
                   "the seat that plays the custom sheet", default=0),
        )

    def bots(self) -> Mapping[str, BotFactory[WarPnPState, Action]]:
        from printkit.engines.war_pnp.bots import HeuristicBot, RandomBot, SearchBot

        return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
