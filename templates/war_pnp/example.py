"""A replayed W.A.R. – Powers 'n Points log drawn as the sheets its players filled in, then
round by round.

First one play sheet per player, written in a handwriting font as a person would have filled
it in: the rolls on the history track, "S" and round numbers in the development circles, the
power names in the name blanks, the activation numbers of a sheet that has them, the marks
(2x, PU#, X) in the Points boxes, Withering under the columns, the traps beside the scores,
the score track crossed off at every score reached, the name and the total. Every seat writes
with its own pencil colour, so the X, T and W an opponent wrote stand out. What was written
and later erased (a used or cancelled mark, a development a sprung trap took, a Withering
that changed, a sprung or cancelled trap) is shown faded and struck through where it stood:
a sheet then tells the whole game, not only its end.

Then the booklet: each round's roll, developments, the powers the dice used and what they
did, with the bot's or player's reason from the log (translated when it is a bot's message
id), the points gained with their arithmetic (Decay, Withering, 2x or PU#, X), the steals,
the traps that sprang, and the scores after the round.

The replay gives typed moves and the states around them; :class:`GameRecorder` turns them
into what was written on each sheet (:class:`SheetRecord`) and the booklet's notes. Changes
of score are taken from the engine as it makes them (:class:`_Traced`), one at a time, because
a gain and a steal in one step land on two scores, and a trap springs on either.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import glyph_top, ink_box, keep_inside
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.core.log import ReasonText, translate_reason
from printkit.engines.war_pnp import (
    Action,
    DevelopPoints,
    DevelopPower,
    Erase,
    EraseTrap,
    Mark,
    Pass,
    PowerKind,
    Score,
    SetTrap,
    Stop,
    Undevelop,
    Unwither,
    WarPnPState,
    Wither,
    decay_rows,
)
from printkit.engines.war_pnp.actions import Reroll, SetActivation, Target, UsePower
from printkit.engines.war_pnp.game import Job, Task
from printkit.engines.war_pnp.rules import RULES
from printkit.engines.war_pnp.sheets import SheetSpec
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page.document import open_document
from printkit.page.preflight import MIN_TEXT_PT
from printkit.scripts import paragraph_options
from printkit.templates.war_pnp.cards import power_name
from printkit.templates.war_pnp.sheet import (
    TITLE,
    SheetLayout,
    column_label,
    draw_sheet,
    portrait,
    roman,
    sheet_title,
)
from printkit.units import mm

DETAIL = "example sheet"
BOOKLET = "example booklet"

# --- the pencils ---------------------------------------------------------------------------

PENS = ("#1d3f8f", "#b3202b", "#1b7a3a", "#6a3d9a", "#9a5a12")
"""One pencil colour per seat (up to five players): what an opponent wrote on your sheet
(X, T, W) shows in their colour."""
STRIKE = HexColor("#262626")
"""The line through an erased mark: one ink for every seat, so it reads as "gone"."""
STRIKE_WIDTH = 0.8
GHOST = 0.55
"""How much an erased mark fades towards the paper (what is left of rubbed-out pencil)."""


@dataclass(frozen=True)
class HandStyle:
    """How a hand strays: it never leaves its box (the jitter is clamped to it), a long line
    is written level, and a handwritten 1 gets a flag so that it does not read as "/"."""

    jitter_x: float = 0.5      # points
    jitter_y: float = 0.5      # points
    tilt: float = 2.5          # degrees
    max_climb: float = 1.5     # points a line may rise end to end
    inset: float = 0.4         # points kept clear inside a box's edges
    flag: tuple[float, float] = (-0.17, -0.13)   # the 1's flag, from its top (em)
    flag_width: float = 0.075  # em
    strike_pad: float = 0.12   # em a strike runs past the ink on each side


HAND = HandStyle()


@dataclass(frozen=True)
class Sizes:
    """Designed sizes of the handwriting (pt on A4/Letter; bigger paper scales them), each
    shrunk to its box when it must be (never under the minimum printed size)."""

    circle: float = 11.0
    power_name: float = 15.0
    face: float = 20.0
    mark: float = 11.0
    withering: float = 10.0
    trap: float = 9.0
    history: float = 11.0
    player: float = 16.0
    total: float = 18.0


SIZES = Sizes()


def pen(seat: int) -> Color:
    """The pencil colour of ``seat``."""
    return HexColor(PENS[seat % len(PENS)])


def ghost(colour: Color) -> Color:
    """``colour`` faded towards the paper, for an erased mark."""
    return Color(*(v + (1.0 - v) * GHOST for v in (colour.red, colour.green, colour.blue)))


# --- what was written on each sheet --------------------------------------------------------


@dataclass
class Written:
    """One mark written on a sheet: its text, who wrote it, the order it was written in,
    and whether it was erased later (then it is drawn struck through)."""

    text: str
    writer: int
    seq: int
    erased: bool = False
    short: str = ""
    """A shorter form, written when the box runs out of room ("4" for "W −4")."""


@dataclass
class SheetRecord:
    """Everything written on one seat's sheet during the game, erased marks included."""

    seat: int
    spec: SheetSpec
    circles: dict[tuple[str, int, int], list[Written]] = field(default_factory=dict)
    """("power", row, box) or ("points", column index, box): the development marks."""
    marks: dict[tuple[int, int], list[Written]] = field(default_factory=dict)
    """(column index, box): 2x, PU# and X."""
    withering: dict[int, list[Written]] = field(default_factory=dict)
    traps: dict[int, list[Written]] = field(default_factory=dict)
    landings: list[int] = field(default_factory=list)
    """Every score the player landed on, in order (a score track is crossed off there)."""

    def erased(self) -> int:
        """How many marks were written and later erased (each is drawn struck through)."""
        groups = [*self.circles.values(), *self.marks.values(), *self.withering.values(),
                  *self.traps.values()]
        return sum(1 for group in groups for w in group if w.erased)


@dataclass(frozen=True)
class ScoreChange:
    """One change of score as the engine made it: why, and the trap it sprang, if any."""

    seat: int
    old: int
    new: int
    cause: str                 # "gain", "steal", "poke" or "other"
    actor: int | None = None   # who poked
    trapper: int | None = None


class _Traced(WarPnPState):
    """A copy of a replayed state that notes every change of score the engine makes, with
    its cause (the engine checks each change for a trap on its own: interpretation 8)."""

    changes: list[ScoreChange]
    cause: str
    actor: int | None

    @classmethod
    def of(cls, state: WarPnPState) -> _Traced:
        traced = object.__new__(cls)
        traced.__dict__.update(state.clone().__dict__)
        traced.changes, traced.cause, traced.actor = [], "other", None
        return traced

    def _change_score(self, p: int, delta: int) -> None:
        sheet = self.sheets[p]
        old, traps = sheet.score, dict(sheet.traps)
        super()._change_score(p, delta)
        new = sheet.score
        trapper = traps[new] if new in traps and new not in sheet.traps else None
        self.changes.append(ScoreChange(p, old, new, self.cause, self.actor, trapper))

    def _score(self, p: int, action: Score) -> None:
        self.cause = "gain"
        super()._score(p, action)
        self.cause = "other"

    def _resolve_steals(self) -> None:
        self.cause = "steal"
        super()._resolve_steals()
        self.cause = "other"

    def _target(self, job: Job, q: int) -> None:
        self.cause, self.actor = "poke", job.player
        super()._target(job, q)
        self.cause, self.actor = "other", None


# --- the booklet's notes -------------------------------------------------------------------


@dataclass(frozen=True)
class Note:
    """One line of the booklet: a label (a power, "Points"...), what happened, and why."""

    text: str
    label: str = ""
    reason: str = ""
    strong: bool = False


@dataclass
class RoundNotes:
    """One round of the booklet (round 0 is the set-up)."""

    number: int
    main: int
    notes: list[Note] = field(default_factory=list)


def mark_text(ctx: DrawContext, mark: str) -> str:
    """A Points box's mark as a player writes it: 2x and X as they stand, PU# with the
    language's digits."""
    if mark.startswith("PU"):
        return ctx._("PU%(n)s") % {"n": ctx.format_number(int(mark[2:]))}
    return mark


def development_text(ctx: DrawContext, value: int) -> str:
    """A development mark: "S" at set-up, else the round number."""
    return "S" if value == 0 else ctx.format_number(value)


class GameRecorder:
    """Turns the replayed moves into what each sheet holds and the booklet's notes."""

    def __init__(self, ctx: DrawContext, names: Sequence[str]) -> None:
        self.ctx = ctx
        self.names = list(names)
        self.sheets: list[SheetRecord] = []
        self.rounds: list[RoundNotes] = []
        self.rolls: list[tuple[int, int]] = []
        self.seq = 0
        self._said: dict[int, str] = {}

    # -- set-up ------------------------------------------------------------------------

    def begin(self, state: WarPnPState) -> None:
        self.sheets = [SheetRecord(p, spec) for p, spec in enumerate(state.specs)]
        self.rounds = [RoundNotes(0, state.main)]

    def _round(self, state: WarPnPState) -> RoundNotes:
        if self.rounds[-1].number != state.round:
            self.rounds.append(RoundNotes(state.round, state.main))
            self._said = {}
        return self.rounds[-1]

    def _note(self, state: WarPnPState, text: str, label: str = "", *, who: int | None = None,
              reason: str | None = None, strong: bool = False) -> None:
        why = translate_reason(self._worded(reason), self.ctx._,
                               self.ctx.format_fixed) if reason else ""
        if who is not None and why:
            if self._said.get(who) == why:  # a reason is said once, not for every repeat
                why = ""
            else:
                self._said[who] = why
        self._round(state).notes.append(Note(text, label, why, strong))

    def _worded(self, reason: str) -> str:
        """A bot's reason with the values it names in the engine's terms put in the
        booklet's: a power ("powerup") by its printed name, a PU mark with the language's
        digits (the engine knows no language, the printer does)."""
        if not isinstance(reason, ReasonText) or not reason.params:
            return reason
        kinds = {k.value: k for k in PowerKind}
        params: dict[str, Any] = {}
        for key, value in reason.params.items():
            if isinstance(value, str) and value in kinds:
                value = power_name(self.ctx, kinds[value])
            elif isinstance(value, str) and value.startswith("PU") and value[2:].isdigit():
                value = mark_text(self.ctx, value)
            params[key] = value
        return ReasonText(reason.msgid, params)

    # -- the moves ---------------------------------------------------------------------

    def chance(self, before: WarPnPState, outcome: Any, after: WarPnPState) -> None:
        ctx = self.ctx
        self._round(before)
        changes = self._trace(before, outcome, after)
        job = before.queue[0] if before.queue else None
        if job is not None and job.task is Task.REROLL_DIE:
            p = job.player
            self._note(before, ctx._("Die %(die)s comes up %(face)s: %(who)s's sum is now "
                                     "%(sum)s.") % {
                "die": ctx.format_number(job.amount), "face": ctx.format_number(outcome[0]),
                "who": self.names[p], "sum": ctx.format_number(after.own_sum(p))},
                power_name(ctx, PowerKind.REROLL))
        else:
            a, b = int(outcome[0]), int(outcome[1])
            self.rolls.append((a, b))
            self._note(before, ctx._("%(who)s rolls %(a)s and %(b)s: sum %(sum)s.") % {
                "who": self.names[before.main], "a": ctx.format_number(a),
                "b": ctx.format_number(b), "sum": ctx.format_number(a + b)},
                ctx._("Roll"))
            self._note(before, self._activations(after))
        self._follow(before, after, changes, None)

    def action(self, player: int, before: WarPnPState, action: Action, after: WarPnPState,
               reason: str | None) -> None:
        self._round(before)
        changes = self._trace(before, action, after)
        job = before.task()
        if job is not None:
            text, label = self._describe(player, job, before, action, after)
            if text:
                self._note(before, text, label, who=player, reason=reason)
        self._follow(before, after, changes, player)

    def _trace(self, before: WarPnPState, move: Any, after: WarPnPState) -> list[ScoreChange]:
        """The changes of score of one step, one by one; if the engine's bookkeeping cannot
        be followed, one change per seat from the scores before and after."""
        try:
            traced = _Traced.of(before)
            traced.apply(move)
            ok = [s.score for s in traced.sheets] == [s.score for s in after.sheets]
        except Exception:  # noqa: BLE001 - a replay already checked the move; never fail here
            ok = False
        if ok:
            return traced.changes
        return [ScoreChange(p, b.score, a.score, "other")
                for p, (b, a) in enumerate(zip(before.sheets, after.sheets, strict=True))
                if a.score != b.score]

    def _activations(self, after: WarPnPState) -> str:
        """The powers the dice use, seat by seat: "Ada: Steal (box iii, row 3); Bruno: —"."""
        ctx = self.ctx
        per_seat: list[str] = []
        for p in after.order():
            used = [ctx._("%(power)s (box %(box)s, row %(row)s)") % {
                "power": power_name(ctx, a.kind), "box": roman(a.rank),
                "row": ctx.format_number(a.row)} for a in after.activations if a.player == p]
            per_seat.append(ctx._("%(who)s: %(powers)s") % {
                "who": self.names[p], "powers": ", ".join(used) if used else "—"})
        return ctx._("Powers the dice use: %(list)s.") % {"list": "; ".join(per_seat)}

    def _column(self, seat: int, label: str) -> str:
        spec = self.sheets[seat].spec
        return column_label(self.ctx, spec.columns[spec.column_index(label)].sums)

    def _describe(self, p: int, job: Job, before: WarPnPState, action: Action,
                  after: WarPnPState) -> tuple[str, str]:
        """A decision as one line of the booklet, and its label."""
        ctx, who = self.ctx, self.names[p]
        task = job.task
        label = ""
        if task is Task.GROW:
            own = any(a.kind is PowerKind.GROW and a.player == p
                      for i, a in enumerate(before.activations) if i not in before.stopped)
            label = power_name(ctx, PowerKind.GROW) if own else ctx._("Grow (gift)")
        elif task in (Task.CANCEL, Task.ERASE):
            label = power_name(ctx, PowerKind.CANCEL)
        elif task is Task.MARK_OWN:
            label = power_name(ctx, PowerKind.DOUBLE if job.mark == "2x" else PowerKind.POWERUP)
        elif task is Task.MARK_OPP:
            label = power_name(ctx, PowerKind.BLOCK)
        elif task in (Task.TRAP, Task.UNDEVELOP):
            label = power_name(ctx, PowerKind.TRAP)
        elif task is Task.WITHER:
            label = power_name(ctx, PowerKind.WITHER)
        elif task is Task.REROLL:
            label = power_name(ctx, PowerKind.REROLL)
        elif task is Task.SCORE:
            label = ctx._("Points")
        elif task is Task.TARGET:
            label = power_name(ctx, PowerKind(job.mark))
        elif task is Task.GIFT:
            label = power_name(ctx, PowerKind.GROW)
        return self._sentence(p, who, job, before, action, after), label

    def _sentence(self, p: int, who: str, job: Job, before: WarPnPState, action: Action,
                  after: WarPnPState) -> str:  # noqa: C901 - one branch per action
        ctx = self.ctx
        n = ctx.format_number
        if isinstance(action, SetActivation):
            return ctx._("%(who)s writes %(face)s in the number box of Powers row %(row)s.") % {
                "who": who, "face": n(action.face), "row": n(action.row)}
        if isinstance(action, DevelopPower):
            row = before.sheets[p].powers[action.row - 1]
            box = roman(row.index(None) + 1)
            kind = after.sheets[p].names[action.row - 1]
            power = power_name(ctx, kind) if kind is not None else "?"
            if action.power is not None:
                return ctx._("%(who)s develops Powers row %(row)s, box %(box)s, and names it "
                             "%(power)s.") % {"who": who, "row": n(action.row), "box": box,
                                              "power": power}
            return ctx._("%(who)s develops Powers row %(row)s (%(power)s), box %(box)s.") % {
                "who": who, "row": n(action.row), "box": box, "power": power}
        if isinstance(action, DevelopPoints):
            i = before.specs[p].column_index(action.column)
            box = roman(before.sheets[p].points[i].index(None) + 1)
            return ctx._("%(who)s develops Points column %(column)s, box %(box)s.") % {
                "who": who, "column": self._column(p, action.column), "box": box}
        if isinstance(action, Mark):
            q = action.player
            values = {"who": who, "whom": self.names[q], "mark": mark_text(ctx, job.mark),
                      "box": roman(action.box), "column": self._column(q, action.column)}
            if q == p:
                return ctx._("%(who)s writes %(mark)s in box %(box)s of column %(column)s.") \
                    % values
            return ctx._("%(who)s writes %(mark)s in box %(box)s of %(whom)s's column "
                         "%(column)s.") % values
        if isinstance(action, SetTrap):
            return ctx._("%(who)s writes T beside %(score)s on %(whom)s's score track.") % {
                "who": who, "score": n(action.score), "whom": self.names[action.player]}
        if isinstance(action, Wither):
            q = action.player
            i = before.specs[q].column_index(action.column)
            return ctx._("%(who)s withers %(whom)s's column %(column)s by %(n)s (now "
                         "%(mark)s).") % {
                "who": who, "whom": self.names[q], "column": self._column(q, action.column),
                "n": n(job.amount),
                "mark": ctx._("W −%(n)s") % {"n": n(after.sheets[q].withering[i])}}
        if isinstance(action, Stop):
            q = action.player
            kind = before.sheets[q].names[action.row - 1]
            return ctx._("%(who)s cancels %(whom)s's %(power)s (row %(row)s).") % {
                "who": who, "whom": self.names[q], "row": n(action.row),
                "power": power_name(ctx, kind) if kind is not None else "?"}
        if isinstance(action, Unwither):
            q = action.player
            i = before.specs[q].column_index(action.column)
            return ctx._("%(who)s lowers the Withering of %(whom)s's column %(column)s from "
                         "%(old)s to %(new)s.") % {
                "who": who, "whom": self.names[q], "column": self._column(q, action.column),
                "old": n(before.sheets[q].withering[i]), "new": n(after.sheets[q].withering[i])}
        if isinstance(action, Erase):
            q = action.player
            i = before.specs[q].column_index(action.column)
            mark = before.sheets[q].marks[i][action.box - 1] or ""
            values = {"who": who, "whom": self.names[q], "mark": mark_text(ctx, mark),
                      "box": roman(action.box), "column": self._column(q, action.column)}
            if q == p:
                return ctx._("%(who)s erases the %(mark)s in box %(box)s of their own column "
                             "%(column)s.") % values
            return ctx._("%(who)s erases the %(mark)s in box %(box)s of %(whom)s's column "
                         "%(column)s.") % values
        if isinstance(action, EraseTrap):
            values = {"who": who, "whom": self.names[action.player], "score": n(action.score)}
            if action.player == p:
                return ctx._("%(who)s erases the T beside %(score)s on their own score track.") \
                    % values
            return ctx._("%(who)s erases the T beside %(score)s on %(whom)s's score track.") \
                % values
        if isinstance(action, Reroll):
            return ctx._("%(who)s re-rolls die %(die)s (it showed %(face)s).") % {
                "who": who, "die": n(action.die), "face": n(before.dice[p][action.die - 1])}
        if isinstance(action, Score):
            return self._gain(p, who, before, action, after)
        if isinstance(action, Undevelop):
            return self._undevelop(p, who, job, before, action)
        if isinstance(action, UsePower):
            kind = before.sheets[p].names[action.row - 1]
            return ctx._("%(who)s uses %(power)s (row %(row)s).") % {
                "who": who, "row": n(action.row),
                "power": power_name(ctx, kind) if kind is not None else "?"}
        if isinstance(action, Target):
            whom = self.names[action.player]
            if job.task is Task.GIFT:
                return ctx._("%(who)s gives a Grow development to %(whom)s.") % {
                    "who": who, "whom": whom}
            return ctx._("%(who)s aims %(power)s at %(whom)s.") % {
                "who": who, "whom": whom, "power": power_name(ctx, PowerKind(job.mark))}
        if isinstance(action, Pass):
            if job.task is Task.CANCEL:
                return ctx._("%(who)s leaves the Cancel unused.") % {"who": who}
            if job.task is Task.ERASE:
                return ctx._("%(who)s erases nothing more.") % {"who": who}
            if job.task is Task.REROLL:
                return ctx._("%(who)s keeps the dice.") % {"who": who}
            return ctx._("%(who)s passes.") % {"who": who}
        return ""

    def _gain(self, p: int, who: str, before: WarPnPState, action: Score,
              after: WarPnPState) -> str:
        """The Gain points line, with the arithmetic a player does: Decay moves the box
        down, Withering comes off, then the 2x or PU# multiplies; an X gives nothing."""
        ctx = self.ctx
        n = ctx.format_number
        spec, sheet = before.specs[p], before.sheets[p]
        column = spec.column_for_sum(action.total)
        i = spec.column_index(column.label)
        mark = sheet.marks[i][action.box - 1]
        decay = decay_rows(before.decays[p])
        withering = sheet.withering[i]
        scored = after.scored[p]
        points = scored[1] if scored is not None else 0
        value = column.value(action.box - decay)
        how = n(value)
        modified = False
        if decay:
            modified = True
            if action.box - decay >= 1:
                how = ctx._("%(value)s (Decay %(n)s: box %(box)s)") % {
                    "value": how, "n": n(decay), "box": roman(action.box - decay)}
            else:
                how = ctx._("%(value)s (Decay %(n)s: below box i)") % {"value": how,
                                                                       "n": n(decay)}
        if withering and mark != "X":
            modified = True
            how += " − " + ctx._("%(n)s Withering") % {"n": n(withering)}
            if mark is not None:  # the multiplier applies to what Withering left
                how += " = " + n(max(0, value - withering))
        if mark == "X":
            result = ctx._("%(how)s, but X: no points") % {"how": how}
        else:
            if mark is not None:
                modified = True
                multiplier = 2 if mark == "2x" else int(mark[2:])
                how += " × " + ctx._("%(n)s (%(mark)s)") % {"n": n(multiplier),
                                                            "mark": mark_text(ctx, mark)}
            if modified:
                result = ctx.ngettext("%(how)s = %(n)s point", "%(how)s = %(n)s points",
                                      points) % {"how": how, "n": n(points)}
            else:
                result = ctx.ngettext("%(n)s point", "%(n)s points", points) % {"n": n(points)}
        values = {"who": who, "box": roman(action.box),
                  "column": column_label(ctx, column.sums), "result": result,
                  "from": n(before.own_sum(p)), "to": n(action.total)}
        if action.total != before.own_sum(p):
            return ctx._("%(who)s bends the sum from %(from)s to %(to)s and scores box %(box)s "
                         "of column %(column)s: %(result)s.") % values
        return ctx._("%(who)s scores box %(box)s of column %(column)s: %(result)s.") % values

    def _undevelop(self, p: int, who: str, job: Job, before: WarPnPState,
                   action: Undevelop) -> str:
        ctx = self.ctx
        q = job.target
        sheet = before.sheets[q]
        values = {"who": who, "whom": self.names[q], "box": roman(action.box)}
        if action.row is not None:
            kind = sheet.names[action.row - 1]
            values.update(mark=development_text(ctx, sheet.powers[action.row - 1][action.box - 1]
                                                or 0),
                          row=ctx.format_number(action.row),
                          power=power_name(ctx, kind) if kind is not None else "?")
            return ctx._("%(who)s erases %(whom)s's %(mark)s in Powers row %(row)s "
                         "(%(power)s), box %(box)s.") % values
        assert action.column is not None
        i = before.specs[q].column_index(action.column)
        values.update(mark=development_text(ctx, sheet.points[i][action.box - 1] or 0),
                      column=self._column(q, action.column))
        return ctx._("%(who)s erases %(whom)s's %(mark)s in box %(box)s of Points column "
                     "%(column)s.") % values

    # -- what a step wrote and erased ------------------------------------------------

    def _write(self, group: list[Written], text: str, writer: int, short: str = "") -> None:
        self.seq += 1
        group.append(Written(text, writer, self.seq, short=short))

    @staticmethod
    def _erase(group: list[Written]) -> None:
        for w in reversed(group):
            if not w.erased:
                w.erased = True
                return

    def _follow(self, before: WarPnPState, after: WarPnPState, changes: list[ScoreChange],
                actor: int | None) -> None:
        """Note the step's changes of score, then write and erase on the sheets what the
        step changed, then close the round if it ended."""
        self._score_notes(before, after, changes)
        for q, rec in enumerate(self.sheets):
            self._diff_sheet(rec, before, after, q, actor)
            rec.landings.extend(c.new for c in changes if c.seat == q and c.new != c.old)
        if after.is_terminal() or after.round != before.round:
            self._close_round(before, after)

    def _diff_sheet(self, rec: SheetRecord, before: WarPnPState, after: WarPnPState, q: int,
                    actor: int | None) -> None:
        ctx = self.ctx
        b, a = before.sheets[q], after.sheets[q]
        writer = q if actor is None else actor
        for kind, old_rows, new_rows in (("power", b.powers, a.powers),
                                         ("points", b.points, a.points)):
            for i, (old, new) in enumerate(zip(old_rows, new_rows, strict=True)):
                for box, (was, now) in enumerate(zip(old, new, strict=True), start=1):
                    if was == now:
                        continue
                    key = (kind, i + 1 if kind == "power" else i, box)
                    group = rec.circles.setdefault(key, [])
                    if was is not None:
                        self._erase(group)
                    if now is not None:  # a player develops on their own sheet
                        self._write(group, development_text(ctx, now), q)
        for i, (old_marks, new_marks) in enumerate(zip(b.marks, a.marks, strict=True)):
            for box, (was_mark, now_mark) in enumerate(zip(old_marks, new_marks, strict=True),
                                                       start=1):
                if was_mark == now_mark:
                    continue
                group = rec.marks.setdefault((i, box), [])
                if was_mark is not None:
                    self._erase(group)
                if now_mark is not None:
                    self._write(group, mark_text(ctx, now_mark), writer)
        for i, (was_w, now_w) in enumerate(zip(b.withering, a.withering, strict=True)):
            if was_w == now_w:
                continue
            group = rec.withering.setdefault(i, [])
            if was_w:
                self._erase(group)
            if now_w:
                number = ctx.format_number(now_w)
                self._write(group, ctx._("W −%(n)s") % {"n": number}, writer, number)
        for score in sorted(set(b.traps) | set(a.traps)):
            if b.traps.get(score) == a.traps.get(score):
                continue
            group = rec.traps.setdefault(score, [])
            if score in b.traps:
                self._erase(group)
            if score in a.traps:
                self._write(group, "T", a.traps[score])

    def _score_notes(self, before: WarPnPState, after: WarPnPState,
                     changes: list[ScoreChange]) -> None:
        """Steals (a pair of changes: the victim's, then the thief's), pokes and the traps
        they sprang; a gain is told by its Score line."""
        ctx = self.ctx
        n = ctx.format_number
        k = 0
        while k < len(changes):
            ch = changes[k]
            if (ch.cause == "steal" and k + 1 < len(changes)
                    and changes[k + 1].cause == "steal"):
                thief = changes[k + 1]
                taken = thief.new - thief.old
                self._note(before, self._steal_text(after, thief.seat, ch.seat, taken, ch.old),
                           power_name(ctx, PowerKind.STEAL))
                self._trap_note(before, ch)
                self._trap_note(before, thief)
                k += 2
                continue
            if ch.cause == "poke":
                poker = ch.actor if ch.actor is not None else ch.seat
                self._note(before, ctx._("%(who)s pokes %(whom)s: %(old)s − %(n)s → %(new)s.") % {
                               "who": self.names[poker], "whom": self.names[ch.seat],
                               "old": n(ch.old), "n": n(ch.old - ch.new), "new": n(ch.new)},
                           power_name(ctx, PowerKind.POKE))
            self._trap_note(before, ch)
            k += 1

    def _steal_text(self, after: WarPnPState, thief: int, victim: int, taken: int,
                    had: int) -> str:
        """What a Steal took, and its limit (interpretation 3: the box of the Steal's rank
        in the column scored, the thief's gain, the victim's score)."""
        ctx = self.ctx
        n = ctx.format_number
        values: dict[str, str] = {"who": self.names[thief], "whom": self.names[victim],
                                  "n": n(taken)}
        scored = after.scored[thief]
        if taken == 0:
            if had == 0:
                return ctx._("%(who)s's Steal takes nothing: %(whom)s has no points.") % values
            if scored is not None and scored[1] > 0:  # an earlier Steal took all of it
                return ctx._("%(who)s's Steal takes nothing: the Steal before it took all "
                             "%(who)s gained this round.") % values
            return ctx._("%(who)s's Steal takes nothing: %(who)s gained no points this "
                         "round.") % values
        ranks = [r for r, q in after.steals[thief] if q == victim]
        if scored is None or not ranks:
            return ctx.ngettext("%(who)s steals %(n)s point from %(whom)s.",
                                "%(who)s steals %(n)s points from %(whom)s.", taken) % values
        spec = after.specs[thief]
        column = spec.columns[spec.column_index(scored[0])]
        rank = ranks[0]
        values.update(limit=n(column.value(rank)), box=roman(rank),
                      column=column_label(ctx, column.sums))
        return ctx.ngettext("%(who)s steals %(n)s point from %(whom)s (at most %(limit)s: box "
                            "%(box)s of column %(column)s).",
                            "%(who)s steals %(n)s points from %(whom)s (at most %(limit)s: box "
                            "%(box)s of column %(column)s).", taken) % values

    def _trap_note(self, before: WarPnPState, ch: ScoreChange) -> None:
        if ch.trapper is None:
            return
        ctx = self.ctx
        self._note(before, ctx._("%(whom)s lands on %(score)s: %(who)s's trap springs.") % {
            "whom": self.names[ch.seat], "score": ctx.format_number(ch.new),
            "who": self.names[ch.trapper]}, power_name(ctx, PowerKind.TRAP))

    def _close_round(self, before: WarPnPState, after: WarPnPState) -> None:
        ctx = self.ctx
        n = ctx.format_number
        if before.round == 0:
            return
        for p in before.order():
            if after.scored[p] is None:
                self._note(before, ctx._("%(who)s has no developed box to score: no points.")
                           % {"who": self.names[p]}, ctx._("Points"))
        scores = ", ".join(f"{self.names[p]} {n(s.score)}" for p, s in enumerate(after.sheets))
        self._note(before, ctx._("Scores after round %(n)s: %(scores)s.") % {
            "n": n(before.round), "scores": scores}, strong=True)
        if after.is_terminal():
            self._note(before, self._ending(after), strong=True)

    def _ending(self, state: WarPnPState) -> str:
        ctx = self.ctx
        if state.winner is None:
            return ctx._("The game stops at the safety limit of rounds: a draw.")
        values = {"who": self.names[state.winner],
                  "n": ctx.format_number(state.sheets[state.winner].score)}
        if state.end_reason == "round limit":
            return ctx._("The round limit is reached: %(who)s wins with %(n)s.") % values
        if state.end_reason == "safety limit":
            return ctx._("The game stops at the safety limit of rounds: %(who)s wins with "
                         "%(n)s.") % values
        values["win"] = ctx.format_number(RULES.win_score)
        return ctx._("%(who)s wins with %(n)s: %(win)s or more, and no tie at the top.") \
            % values


# --- handwriting ---------------------------------------------------------------------------


ROW_GAP = 0.3
"""The space between marks written side by side in one box (em)."""


@dataclass(frozen=True)
class Item:
    """A piece of writing: its text, its pencil, and whether it was erased."""

    text: str
    colour: Color
    struck: bool = False


class Hand:
    """Writes like a person: a little off the line and a little tilted, deterministically,
    but never out of its box (the jitter is clamped to the room: :func:`keep_inside`)."""

    def __init__(self, c: Canvas, ctx: DrawContext, seed: str, bounds: Rect) -> None:
        self.c = c
        self.ctx = ctx
        self.bounds = bounds
        self.rng = random.Random(seed)
        self.strikes = 0

    def _flags(self, text: str, role: FontRole, size: float) -> list[tuple[float, float, float,
                                                                         float]]:
        top = glyph_top(role, "1", self.ctx.locale)
        if top is None or "1" not in text:
            return []
        fx, fy = HAND.flag
        x, y = top[0] * size, top[1] * size - self._flag_width(role, size) / 2
        face = self.ctx.font(role)
        return [(pen_x + x, y, pen_x + x + fx * size, y + fy * size)
                for pen_x in (stringWidth(text[:i], face, size) for i, ch in enumerate(text)
                              if ch == "1")]

    @staticmethod
    def _flag_width(role: FontRole, size: float) -> float:
        return HAND.flag_width * size * (1.5 if role.endswith("-bold") else 1.0)

    def _strike(self, ink: Rect, size: float) -> tuple[float, float, float, float]:
        """The line through an erased mark: rising a little, so that it never reads as a
        minus sign or the bar of a T."""
        pad = HAND.strike_pad * size
        return (ink.x - pad, ink.y + ink.h * 0.3, ink.right + pad, ink.y + ink.h * 0.66)

    def ink(self, text: str, role: FontRole, size: float, struck: bool = False) -> Rect:
        """What ``text`` covers from the start of its baseline: glyphs, flags, strike."""
        box = ink_box(text, role, size, self.ctx.locale)
        half = self._flag_width(role, size) / 2
        for x0, y0, x1, y1 in self._flags(text, role, size):
            flag = Rect.from_corners(min(x0, x1) - half, min(y0, y1) - half,
                                     max(x0, x1) + half, max(y0, y1) + half)
            box = flag if box.w == 0 else box.union(flag)
        if struck and box.w > 0:
            x0, y0, x1, y1 = self._strike(box, size)
            box = box.union(Rect(x0, y0 - STRIKE_WIDTH / 2, x1 - x0,
                                 y1 - y0 + STRIKE_WIDTH))
        return box

    def size(self, text: str, role: FontRole, size: float, room: Rect, name: str, *,
             struck: bool = False) -> float:
        """``size``, or smaller so that ``text`` fits ``room`` (but never under the minimum
        printed size; what still does not fit is reported, ``box-too-small``)."""
        inner = room.inset(HAND.inset)
        ink = self.ink(text, role, size, struck)
        if ink.w > 0 and ink.h > 0:
            size = max(MIN_TEXT_PT, size * min(1.0, inner.w / ink.w, inner.h / ink.h))
        need = self.ink(text, role, size, struck)
        self.ctx.preflight.check_box(name, room, need.w + 2 * HAND.inset,
                                     need.h + 2 * HAND.inset, where=self.ctx.where(DETAIL))
        return size

    def write(self, item: Item, role: FontRole, size: float, room: Rect, *,
              align: str = "centre") -> None:
        """Write ``item`` in ``room`` at ``size`` (sized by :meth:`size`), centred or from
        the left edge."""
        ctx, c = self.ctx, self.c
        ctx.check_glyphs(role, item.text, DETAIL)
        inner = room.inset(HAND.inset)
        ink = self.ink(item.text, role, size, item.struck)
        x = inner.x - ink.x if align == "left" else inner.cx - ink.cx
        y = inner.cy - ink.cy
        dx = self.rng.uniform(-HAND.jitter_x, HAND.jitter_x)
        dy = self.rng.uniform(-HAND.jitter_y, HAND.jitter_y)
        angle = self.rng.uniform(-HAND.tilt, HAND.tilt)
        level = math.degrees(math.atan2(HAND.max_climb, max(ink.w, 1.0)))
        angle = max(-level, min(angle, level))
        dx, dy, angle = keep_inside(ink, (x, y), inner, dx, dy, angle)
        dx, dy = self._within_bounds(item.text, role, size, x + dx, y + dy, angle, dx, dy)
        c.saveState()
        c.translate(x + dx, y + dy)
        c.rotate(angle)
        colour = ghost(item.colour) if item.struck else item.colour
        c.setFillColor(colour)
        c.setFont(ctx.font(role), size)
        c.drawString(0, 0, item.text)
        flags = self._flags(item.text, role, size)
        if flags:
            c.setStrokeColor(colour)
            c.setLineWidth(self._flag_width(role, size))
            c.setLineCap(1)
            c.lines(flags)
        if item.struck:
            glyphs = self.ink(item.text, role, size)
            c.setStrokeColor(STRIKE)
            c.setLineWidth(STRIKE_WIDTH)
            c.setLineCap(1)
            c.line(*self._strike(glyphs, size))
            self.strikes += 1
        c.restoreState()

    def _within_bounds(self, text: str, role: FontRole, size: float, x: float, y: float,
                       angle: float, dx: float, dy: float) -> tuple[float, float]:
        """The shift, moved just enough that the line's whole type body (ascent to descent,
        what preflight measures) stays inside the page's safe area: a box on the area's
        edge (the Withering spaces on Letter) would otherwise push a handwriting font's
        long descent past it."""
        asc, desc = getAscentDescent(self.ctx.font(role), size)
        width = stringWidth(text, self.ctx.font(role), size)
        a = math.radians(angle)
        cos, sin = math.cos(a), math.sin(a)
        pts = [(x + px * cos - py * sin, y + px * sin + py * cos)
               for px in (0.0, width) for py in (desc, asc)]
        b = self.bounds
        low_x, high_x = min(p[0] for p in pts), max(p[0] for p in pts)
        low_y, high_y = min(p[1] for p in pts), max(p[1] for p in pts)
        dx += max(0.0, b.x - low_x) - max(0.0, high_x - b.right)
        dy += max(0.0, b.y - low_y) - max(0.0, high_y - b.top)
        return dx, dy

    def fits(self, items: Sequence[Item], role: FontRole, size: float, room: Rect) -> bool:
        """Whether :meth:`row` can write ``items`` in ``room`` at the minimum size or more."""
        return not items or self._arrange(items, role, size, room)[2]

    def _arrange(self, items: Sequence[Item], role: FontRole, size: float,
                 room: Rect) -> tuple[list[Sequence[Item]], float, bool]:
        """The lines ``items`` are written on, their size, and whether it is legible: the
        fewest lines that write nearly as large as any number of lines would."""
        inner = room.inset(HAND.inset)

        def fitted(line: Sequence[Item], h: float) -> float:
            inks = [self.ink(it.text, role, size, it.struck) for it in line]
            width = sum(i.w for i in inks) + ROW_GAP * size * len(line)  # half a space each
            height = max(i.h for i in inks)                               # side
            return size * min(1.0, inner.w / max(width, 1e-6), h / max(height, 1e-6))

        options: list[tuple[list[Sequence[Item]], float]] = []
        for count in range(1, len(items) + 1):
            per = math.ceil(len(items) / count)
            split = [items[i:i + per] for i in range(0, len(items), per)]
            line_h = room.h / len(split) - 2 * HAND.inset  # each line keeps its inset
            options.append((split, min(fitted(line, line_h) for line in split)))
        legible = [(split, at) for split, at in options if at >= MIN_TEXT_PT]
        if legible:
            best = max(at for _split, at in legible)
            lines, at = next((split, at) for split, at in legible if at >= 0.75 * best)
            return lines, at, True
        lines, _at = max(options, key=lambda option: option[1])
        return lines, MIN_TEXT_PT, False  # the least overflow: reported by row()

    def row(self, items: Sequence[Item], role: FontRole, size: float, room: Rect,
            name: str) -> None:
        """Several marks side by side in one box (erased ones first, as they were written),
        on more lines when one line would write them much smaller."""
        if not items:
            return
        gap = ROW_GAP
        lines, at, _legible = self._arrange(items, role, size, room)
        line_h = room.h / len(lines)
        for li, line in enumerate(lines):
            band = Rect(room.x, room.top - (li + 1) * line_h, room.w, line_h)
            inks = [self.ink(it.text, role, at, it.struck) for it in line]
            widths = [i.w + gap * at for i in inks]  # each slot: the mark, half a space
            total = sum(widths)                      # either side
            need_w = total + 2 * HAND.inset
            need_h = max(i.h for i in inks) + 2 * HAND.inset
            self.ctx.preflight.check_box(name, band, need_w, need_h,
                                         where=self.ctx.where(DETAIL))
            x = band.cx - min(total, band.w) / 2
            share = min(1.0, band.w / total)
            for it, w in zip(line, widths, strict=True):
                slot = Rect(x, band.y, w * share, band.h)
                self.write(it, role, at, slot)
                x += w * share


# --- filling a sheet -----------------------------------------------------------------------


def _circle_room(circle: Rect) -> Rect:
    """The square inside a development circle a mark stays in."""
    side = circle.w * 0.74
    return Rect(circle.cx - side / 2, circle.cy - side / 2, side, side)


def _items(group: Sequence[Written]) -> list[Item]:
    return [Item(w.text, pen(w.writer), w.erased) for w in group]


def fill_sheet(c: Canvas, ctx: DrawContext, lay: SheetLayout, state: WarPnPState,
               rec: SheetRecord, name: str, rolls: Sequence[tuple[int, int]],
               hand: Hand) -> None:
    """Write one seat's game into its drawn blank sheet."""
    q = rec.seat
    own = pen(q)
    sheet = state.sheets[q]
    s = SIZES
    n = ctx.format_number
    # the header: the player's name and the total
    room = lay.name_field()
    size = hand.size(name, FontRole.HAND, lay.pt(s.player), room.inset(lay.u(1.5)), "Player field")
    hand.write(Item(name, own), FontRole.HAND, size, room.inset(lay.u(1.5)), align="left")
    total = n(sheet.score)
    room = lay.total_field()
    size = hand.size(total, FontRole.HAND_BOLD, lay.pt(s.total), room, "Total field")
    hand.write(Item(total, own), FontRole.HAND_BOLD, size, room)
    # the rolls
    for r, (a, b) in enumerate(rolls[:rec.spec.history_length], start=1):
        text = f"{n(a)} {n(b)}"
        cell = lay.history_cell(r)
        size = hand.size(text, FontRole.HAND, lay.pt(s.history), cell, "history cell")
        hand.write(Item(text, own), FontRole.HAND, size, cell)
    if len(rolls) > rec.spec.history_length:
        ctx.preflight.add("info", "history-full",
                          f"{len(rolls)} rounds played, the history track holds "
                          f"{rec.spec.history_length}", ctx.where(DETAIL))
    # the Powers rows: activation numbers, names, development marks
    for row in range(1, RULES.power_rows + 1):
        face = sheet.faces[row - 1]
        if rec.spec.free_activation and face is not None:
            number = lay.row_number_box(row)
            size = hand.size(n(face), FontRole.HAND_BOLD, lay.pt(s.face), number, "activation box")
            hand.write(Item(n(face), own), FontRole.HAND_BOLD, size, number)
        kind = sheet.names[row - 1]
        if kind is not None:
            blank = lay.power_name(row)
            room = Rect(blank.x + lay.u(2), blank.y, blank.w - lay.u(3), blank.h)
            text = power_name(ctx, kind)
            size = hand.size(text, FontRole.HAND, lay.pt(s.power_name), room, "Powers name blank")
            hand.write(Item(text, own), FontRole.HAND, size, room, align="left")
        for box in range(1, RULES.boxes_per_row + 1):
            group = rec.circles.get(("power", row, box), [])
            earlier = _circle(hand, lay, lay.power_circle(row, box), group, "Powers circle")
            hand.row(_items(earlier), FontRole.HAND, lay.pt(s.mark), lay.power_mark(row, box),
                     "Powers mark room")
    # the Points grid: development marks, marks, Withering
    for col in range(len(rec.spec.columns)):
        for box in range(1, RULES.boxes_per_row + 1):
            group = rec.circles.get(("points", col, box), [])
            earlier = _circle(hand, lay, lay.points_circle(col, box), group, "Points circle")
            marks = sorted([*earlier, *rec.marks.get((col, box), [])], key=lambda w: w.seq)
            hand.row(_items(marks), FontRole.HAND, lay.pt(s.mark), lay.points_mark(col, box),
                     "Points mark room")
        withering = rec.withering.get(col, [])
        items = _items(withering)
        if len(items) > 2 or not hand.fits(items, FontRole.HAND, lay.pt(s.withering),
                                            lay.withering(col)):
            # a column withered again and again: the erased values without their W
            items = [Item(w.short if w.erased and w.short else w.text, pen(w.writer),
                          w.erased) for w in withering]
        hand.row(items, FontRole.HAND, lay.pt(s.withering), lay.withering(col), "Withering space")
    # the score track: traps, every score reached crossed off, the last one ringed
    for score, group in sorted(rec.traps.items()):
        hand.row(_items(group), FontRole.HAND, lay.pt(s.trap), lay.trap_slot(score), "trap slot")
    cross_scores(c, lay, rec.landings, sheet.score, own)


def _circle(hand: Hand, lay: SheetLayout, circle: Rect, group: Sequence[Written],
            name: str) -> list[Written]:
    """Write the circle's mark (the last one written; struck if it was erased and nothing
    replaced it); return the earlier, erased ones, which go beside it in the mark room."""
    if not group:
        return []
    last = group[-1]
    room = _circle_room(circle)
    item = Item(last.text, pen(last.writer), last.erased)
    size = hand.size(item.text, FontRole.HAND, lay.pt(SIZES.circle), room, name, struck=item.struck)
    hand.write(item, FontRole.HAND, size, room)
    return list(group[:-1])


def cross_scores(c: Canvas, lay: SheetLayout, landings: Sequence[int], final: int,
                 colour: Color) -> None:
    """Cross off every score landed on (a second landing crosses the other way) and ring
    the score the game ended on; scores past the track's top are only in the Total."""
    top = RULES.score_track_top
    seen: dict[int, int] = {}
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineCap(1)
    c.setLineWidth(lay.pt(0.9))
    for score in landings:
        if not 1 <= score <= top:
            continue
        times = seen.get(score, 0)
        seen[score] = times + 1
        if times > 1:
            continue
        r = lay.score_number(score).inset(lay.u(0.9))
        if times == 0:
            c.line(r.x, r.y, r.right, r.top)
        else:
            c.line(r.x, r.top, r.right, r.y)
    if 1 <= final <= top:
        r = lay.score_number(final)
        c.setLineWidth(lay.pt(0.8))
        c.ellipse(r.x + lay.u(0.3), r.y + lay.u(0.4), r.right - lay.u(0.3), r.top - lay.u(0.4),
                  stroke=1, fill=0)
    c.restoreState()


# --- the booklet ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BookletStyle:
    """The booklet's type (pt) and spacing (mm)."""

    title: float = 13.0
    sub: float = 8.0
    heading: float = 9.5
    body: float = 7.6
    header_gap: float = 5.0    # below the header, around its rule
    columns_gap: float = 6.0
    round_gap: float = 3.0


BOOK = BookletStyle()
NOTE_INK = HexColor("#2b2b2b")
REASON_INK = "#5a5a5a"
RULE_INK = HexColor("#b0b0b0")


def _style(ctx: DrawContext, role: FontRole, size: float, leading: float = 1.25) -> ParagraphStyle:
    return ParagraphStyle(role, fontName=ctx.font(role), fontSize=size, leading=size * leading,
                          textColor=NOTE_INK, **paragraph_options(ctx.locale))


def _paragraphs(ctx: DrawContext, rounds: Sequence[RoundNotes],
                names: Sequence[str]) -> list[tuple[Paragraph, float, bool]]:
    """The booklet as (paragraph, space before, keep with the next one)."""
    head = _style(ctx, FontRole.SANS_BOLD, BOOK.heading)
    body = ParagraphStyle("body", parent=_style(ctx, FontRole.SANS, BOOK.body),
                          leftIndent=BOOK.body,
                          firstLineIndent=-BOOK.body)
    bold, italic = ctx.font(FontRole.SANS_BOLD), ctx.font(FontRole.SANS_ITALIC)
    out: list[tuple[Paragraph, float, bool]] = []
    for rnd in rounds:
        if rnd.number == 0:
            title = ctx._("Set-up")
        else:
            title = ctx._("Round %(n)s · main player %(who)s") % {
                "n": ctx.format_number(rnd.number), "who": names[rnd.main]}
        ctx.check_glyphs(FontRole.SANS_BOLD, title, BOOKLET)
        out.append((Paragraph(escape(title), head), mm(BOOK.round_gap) if out else 0.0,
                    True))
        for note in rnd.notes:
            ctx.check_glyphs(FontRole.SANS, note.text, BOOKLET)
            text = escape(note.text)
            if note.strong:
                text = f'<font name="{bold}">{text}</font>'
            if note.label:
                ctx.check_glyphs(FontRole.SANS_BOLD, note.label, BOOKLET)
                text = f'<font name="{bold}">{escape(note.label)}:</font> {text}'
            if note.reason:
                ctx.check_glyphs(FontRole.SANS_ITALIC, note.reason, BOOKLET)
                text += (f' <font name="{italic}" color="{REASON_INK}">— '
                         f"{escape(note.reason)}</font>")
            out.append((Paragraph(text, body), 1.2, False))
        if len(rnd.notes) > 1:  # the round's last line (its scores) never stands alone
            para, gap, _keep = out[-2]
            out[-2] = (para, gap, True)
    return out


def _columns(area: Rect, header_h: float) -> list[Rect]:
    gap = mm(BOOK.columns_gap)
    top = area.top - header_h
    w = (area.w - gap) / 2
    foot = BOOK.body * 0.4  # the last line's descenders stay above the area's foot
    return [Rect(area.x + i * (w + gap), area.y + foot, w, top - area.y - foot)
            for i in range(2)]


def lay_out(paras: Sequence[tuple[Paragraph, float, bool]], area: Rect,
            header_h: float) -> list[list[tuple[Paragraph, float, float]]]:
    """The paragraphs placed in two columns a page, page after page, below a header of
    ``header_h``: (paragraph, x, y of its top). A heading is kept with the line after it."""
    cols = _columns(area, header_h)
    pages: list[list[tuple[Paragraph, float, float]]] = [[]]
    col, y = 0, cols[0].top
    width = cols[0].w - SPACE * BOOK.body
    heights = [p.wrap(width, cols[0].h)[1] for p, _gap, _keep in paras]
    for i, (para, gap, keep) in enumerate(paras):
        need = heights[i] + (heights[i + 1] + paras[i + 1][1] if keep and i + 1 < len(paras)
                             else 0.0)
        at_top = y == cols[col].top
        if not at_top and y - gap - need < cols[col].y:
            col += 1
            if col == len(cols):
                pages.append([])
                col = 0
            y = cols[col].top
            at_top = True
        if not at_top:
            y -= gap
        pages[-1].append((para, cols[col].x, y))
        y -= heights[i]
    return pages


@dataclass
class BookletHeader:
    """The head of every booklet page: the title and page number, who played (wrapped to
    the width), and whose pencil is which colour (items wrapped onto as many lines as the
    players need)."""

    title: str
    players: Paragraph
    legend: list[list[tuple[str, Color | None, float]]]
    height: float

    @classmethod
    def build(cls, ctx: DrawContext, area: Rect, header: LogHeader,
              specs: Sequence[SheetSpec], names: Sequence[str]) -> BookletHeader:
        title = ctx._("W.A.R. – Powers 'n Points: an example game")
        ctx.check_glyphs(FontRole.SANS_BOLD, title, BOOKLET)
        who = []
        for p, name in enumerate(names):
            notes = [sheet_title(ctx, specs[p])]
            bot = header.players[p].bot
            if bot:
                notes.append(ctx._("%(bot)s bot") % {"bot": bot})
            who.append(f"{name} ({', '.join(notes)})")
        line = " · ".join(who)
        ctx.check_glyphs(FontRole.SANS, line, BOOKLET)
        players = Paragraph(escape(line), _style(ctx, FontRole.SANS, BOOK.sub))
        players_h = players.wrap(area.w - SPACE * BOOK.sub, area.h)[1]
        face = ctx.font(FontRole.SANS)
        items: list[tuple[str, Color | None]] = [
            (ctx._("%(who)s's pencil") % {"who": name}, pen(p)) for p, name in enumerate(names)]
        items.append((ctx._("struck through: written, then erased"), None))
        legend: list[list[tuple[str, Color | None, float]]] = [[]]
        x = 0.0
        for text, colour in items:
            ctx.check_glyphs(FontRole.SANS, text, BOOKLET)
            w = LEGEND_SWATCH + stringWidth(text, face, LEGEND_SIZE)
            if legend[-1] and x + w > area.w:
                legend.append([])
                x = 0.0
            legend[-1].append((text, colour, x))
            x += w + LEGEND_GAP
        height = (BOOK.title * 1.25 + players_h + len(legend) * LEGEND_SIZE * 1.6
                  + mm(BOOK.header_gap))
        return cls(title, players, legend, height)

    def draw(self, c: Canvas, ctx: DrawContext, area: Rect, page_no: int, pages: int) -> None:
        y = area.top - BOOK.title
        c.setFillColor(NOTE_INK)
        c.setFont(ctx.font(FontRole.SANS_BOLD), BOOK.title)
        c.drawString(area.x, y, self.title)
        page = ctx._("page %(n)d of %(m)d") % {"n": page_no, "m": pages}
        c.setFont(ctx.font(FontRole.SANS), BOOK.sub)
        c.drawRightString(area.right, y, page)
        y -= BOOK.title * 0.25
        self.players.wrap(area.w - SPACE * BOOK.sub, area.h)
        y -= self.players.height
        self.players.drawOn(c, area.x, y)
        c.saveState()
        c.setFont(ctx.font(FontRole.SANS), LEGEND_SIZE)
        for line in self.legend:
            y -= LEGEND_SIZE * 1.6
            for text, colour, x in line:
                c.setLineWidth(1.6 if colour is not None else STRIKE_WIDTH)
                c.setStrokeColor(colour if colour is not None else STRIKE)
                c.line(area.x + x, y + 2.4, area.x + x + LEGEND_SWATCH - 3, y + 2.4)
                c.setFillColor(NOTE_INK)
                c.drawString(area.x + x + LEGEND_SWATCH, y, text)
        c.restoreState()
        c.setStrokeColor(RULE_INK)
        c.setLineWidth(0.5)
        rule_y = area.top - self.height + mm(BOOK.header_gap) / 2
        c.line(area.x, rule_y, area.right, rule_y)


SPACE = 1.5
"""Room (em) kept at the right of wrapped text: a wrapped line may end in a space, which
the canvas counts as printed, and Japanese line breaking hangs a character that may not start
a line (a small kana, ー, a closing bracket) one em past the column."""
LEGEND_SIZE = 7.0
LEGEND_SWATCH = 15.0   # points: the pencil's stroke and the space after it
LEGEND_GAP = 12.0


# --- the printer ---------------------------------------------------------------------------


class WarPnPExample(ReplayVisitor[WarPnPState, Action]):
    """Draws a replayed game: each player's filled-in sheet, then the round-by-round booklet
    with the reasons written beside the moves."""

    def __init__(self, ctx: DrawContext, header: LogHeader, out: Path) -> None:
        self.ctx = ctx
        self.header = header
        self.out = out
        self.names = [p.name for p in header.players]
        self.recorder = GameRecorder(ctx, self.names)
        self.strikes = 0
        """Strike lines drawn on the sheets (one per erased mark): what tests compare."""
        self.booklet_pages = 0

    def begin(self, header: LogHeader, state: WarPnPState) -> None:
        self.recorder.begin(state)

    def visit_chance(self, before: WarPnPState, outcome: Any, after: WarPnPState) -> None:
        self.recorder.chance(before, outcome, after)

    def visit_action(self, player: int, before: WarPnPState, action: Action,
                     after: WarPnPState, reason: str | None) -> None:
        self.recorder.action(player, before, action, after, reason)

    def end(self, state: WarPnPState) -> None:
        page = portrait(self.ctx.paper)
        ctx = self.ctx.on_paper(page)
        rec = self.recorder
        with open_document(ctx, self.out, build=("war-pnp", "example"), paper=page,
                           title=ctx._(TITLE) + ": " + ctx._("example game"),
                           subject=ctx._("A game log drawn as filled-in play sheets, then "
                                         "round by round")) as doc:
            for p, sheet_rec in enumerate(rec.sheets):
                with doc.page(band=False) as area:
                    lay = SheetLayout.fit(area, sheet_rec.spec)
                    draw_sheet(doc.canvas, ctx, lay)
                    hand = Hand(doc.canvas, ctx, f"war-pnp-example/{self.header.seed}/{p}",
                                doc.safe_area)
                    fill_sheet(doc.canvas, ctx, lay, state, sheet_rec, self.names[p],
                               rec.rolls, hand)
                    self.strikes += hand.strikes
            paras = _paragraphs(ctx, rec.rounds, self.names)
            head = BookletHeader.build(ctx, doc.safe_area, self.header, state.specs,
                                       self.names)
            pages = lay_out(paras, doc.safe_area, head.height)
            for page_no, placed in enumerate(pages, start=1):
                with doc.page(band=False) as area:
                    head.draw(doc.canvas, ctx, area, page_no, len(pages))
                    for para, x, y in placed:
                        para.drawOn(doc.canvas, x, y - para.height)
            self.booklet_pages = len(pages)
