"""A replayed Tug of War log drawn as an annotated booklet: one strip of diagrams per turn.

Each strip shows, left to right: whose turn it is and the athletes before it; the team dice
(and the team after an exchange); the common roll with the re-rolled dice struck out and what
they came up; a small rope with the athletes after the turn, placed on the same numbered
spaces as the mat (removed athletes as empty rings, new ones ringed). Under the diagrams, a
caption says what happened and why (the bot's or player's reason from the log, translated
when it is a bot's message id). Both set-ups share one strip, a row each, beside one rope
that shows who starts: a set-up is a roll and a team, and a strip of its own would stay
half empty.

The strips come from the replayed steps alone (no randomness), so the same log always gives
the same PDF. :class:`StripBuilder` is the model: :class:`BookletExample` (a replay visitor)
feeds it the typed moves (rolls as tuples of faces; :class:`Reroll`, :class:`Remove`,
:class:`Exchange` and :class:`EndTurn` decisions) and lays the strips out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.core.log import translate_reason
from printkit.engines.tug_of_war import (
    Action,
    EndTurn,
    Exchange,
    Phase,
    Remove,
    Reroll,
    TugOfWarState,
)
from printkit.engines.tug_of_war.rules import RULES
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page.document import open_document
from printkit.scripts import paragraph_options
from printkit.templates.tug_of_war.draw import (
    LAYOUT,
    athlete,
    centre_mark,
    die,
    ink,
    rope,
    side_ink,
    side_name,
    strike,
)
from printkit.units import mm

YELLOW, RED = 0, 1
FACING = (-1, 1)
ROLLS = (Phase.SETUP_ROLL, Phase.TURN_ROLL)  # a roll that starts a strip
REROLL_ROLLS = (Phase.SETUP_REROLL_ROLL, Phase.TURN_REROLL_ROLL)


@dataclass(frozen=True)
class Played:
    """A decision of a turn's action step: the typed action, the reason written beside it,
    and the athletes on the rope after it (per side)."""

    action: Remove | Exchange | EndTurn
    reason: str
    athletes: tuple[int, int]


@dataclass
class Strip:
    """One set-up or one turn, as the booklet shows it."""

    kind: str  # "setup" or "turn"
    player: int
    number: int  # the turn number (both players' turns count); 0 for a set-up
    team: tuple[int, ...]  # team dice at the start of the turn (after set-up: the roll kept)
    athletes_before: tuple[int, int]
    roll: tuple[int, ...] = ()
    rerolls: list[Rerolled] = field(default_factory=list)
    rerolls_allowed: int = 0
    reroll_reason: str = ""  # why the dice were kept, when the player chose no re-roll

    @property
    def rerolled(self) -> tuple[int, ...]:
        """Dice of the first roll that were rolled again (struck out in the diagram)."""
        return self._reroll_diagram()[0]

    @property
    def new_dice(self) -> tuple[int, ...]:
        """What the re-rolls came up, as they still lie after every re-roll of the turn."""
        return self._reroll_diagram()[1]

    def _reroll_diagram(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        standing, struck, new = list(self.roll), list[int](), list[int]()
        for step in self.rerolls:  # one step, or several in the sequential reading
            for v in step.dice:
                if v in new:  # a die that an earlier re-roll brought in goes again
                    new.remove(v)
                elif v in standing:
                    standing.remove(v)
                    struck.append(v)
            new.extend(step.came_up)
        return tuple(struck), tuple(new)
    actions: list[Played] = field(default_factory=list)
    team_after: tuple[int, ...] = ()
    athletes_after: tuple[int, int] = (0, 0)
    winner: int | None = None
    over: bool = False
    starts: int | None = None  # after the second set-up: who takes the first turn


@dataclass
class Rerolled:
    """One re-roll decision and what the dice came up."""

    dice: tuple[int, ...]
    came_up: tuple[int, ...] = ()
    reason: str = ""


class StripBuilder:
    """Groups replayed moves into set-up and turn strips (the booklet's model)."""

    def __init__(self) -> None:
        self.strips: list[Strip] = []

    def roll(self, before: TugOfWarState, outcome: tuple[int, ...],
             after: TugOfWarState) -> None:
        """A roll: the set-up roll or the common dice start a strip; a re-roll's dice land
        on the current one."""
        phase = before.phase
        p = before.player
        if phase in ROLLS:
            kind = "setup" if phase == Phase.SETUP_ROLL else "turn"
            self.strips.append(Strip(kind, p, after.turns if kind == "turn" else 0,
                                     before.team[p], before.athletes, roll=tuple(outcome)))
        elif phase in REROLL_ROLLS and self.strips:
            if self.strips[-1].rerolls:
                self.strips[-1].rerolls[-1].came_up = tuple(outcome)
        self._follow(before, after)

    def decide(self, before: TugOfWarState, action: Action, after: TugOfWarState,
               reason: str | None) -> None:
        """A decision: which dice to re-roll, or a remove, exchange or stop."""
        if not self.strips:  # a log that starts mid-game starts with a roll
            return
        strip = self.strips[-1]
        if isinstance(action, Reroll):
            if not strip.rerolls and not strip.rerolls_allowed:
                strip.rerolls_allowed = before.rerolls_allowed()
            if action.dice:
                strip.rerolls.append(Rerolled(action.dice, (), reason or ""))
            else:
                strip.reroll_reason = reason or ""
        else:
            strip.actions.append(Played(action, reason or "", after.athletes))
        self._follow(before, after)

    def _follow(self, before: TugOfWarState, after: TugOfWarState) -> None:
        """The current strip's state after the move: team, athletes, end of the game."""
        if not self.strips:
            return
        strip = self.strips[-1]
        strip.team_after = after.team[strip.player]
        strip.athletes_after = after.athletes
        strip.over = after.is_terminal()
        strip.winner = after.winner
        if strip.kind == "setup" and before.first_player is None:
            strip.starts = after.first_player  # set by the last move of the second set-up


def _dice_text(dice: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(v) for v in dice)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def translated_reason(ctx: DrawContext, reason: str) -> str:
    """A reason from the log in the booklet's language (a bot's message id is translated and
    filled in; a reason written by hand is printed as written)."""
    return translate_reason(reason, ctx._, ctx.format_fixed) if reason else ""


def captions(ctx: DrawContext, strip: Strip, names: list[str]) -> list[tuple[str, str]]:
    """The strip's caption as (what happened, why) pairs, one line each; a reason that
    repeats the one just given is left out."""
    p, opp = strip.player, 1 - strip.player
    lines: list[tuple[str, str]] = []
    if strip.kind == "setup":
        lines.append((ctx._("Rolls %(dice)s.") % {"dice": _dice_text(strip.roll)}, ""))
    else:
        lines.append((ctx._("Rolls the common dice: %(dice)s.") % {"dice": _dice_text(strip.roll)},
                      ""))
    said = ""
    for step in strip.rerolls:
        lines.append((ctx._("Re-rolls %(old)s: %(new)s.") % {"old": _dice_text(step.dice),
                                                         "new": _dice_text(step.came_up)},
                      translated_reason(ctx, step.reason) if step.reason != said else ""))
        said = step.reason
    if strip.rerolls and strip.reroll_reason:
        lines.append((ctx._("Keeps the dice."), translated_reason(ctx, strip.reroll_reason)))
    elif not strip.rerolls and strip.rerolls_allowed:
        if strip.kind == "setup":
            keeps = ctx._("Keeps all the dice.")
        else:  # "(may re-roll 1)" would read as the die showing 1
            n = strip.rerolls_allowed
            keeps = ctx.ngettext("Keeps the dice (%(n)d re-roll allowed).",
                                 "Keeps the dice (%(n)d re-rolls allowed).", n) % {"n": n}
        lines.append((keeps, translated_reason(ctx, strip.reroll_reason)))
    if strip.kind == "setup":
        lines.append((ctx.ngettext("Team dice %(dice)s: %(n)d athlete onto the rope.",
                               "Team dice %(dice)s: %(n)d athletes onto the rope.",
                               strip.athletes_after[p])
                      % {"dice": _dice_text(strip.team_after), "n": strip.athletes_after[p]}, ""))
        return lines
    athletes = strip.athletes_before
    said = ""
    for played in strip.actions:
        action, after = played.action, played.athletes
        # a reason is said once: the next removal for the same reason goes without it
        reason = translated_reason(ctx, played.reason) if played.reason != said else ""
        said = played.reason
        if isinstance(action, EndTurn):
            lines.append((ctx._("Stops here."), reason))
        elif isinstance(action, Remove):
            c, t = action.common, action.team
            lines.append((ctx._("Remove: common %(c)d against team %(t)d, one %(opp)s athlete off "
                            "(%(left)d left).") % {"c": c, "t": t, "opp": names[opp],
                                                   "left": after[opp]}, reason))
        elif isinstance(action, Exchange):
            c, t = action.common, action.team
            due = RULES.exchange_bonus + c - t
            got = after[p] - athletes[p]
            text = ctx._("Exchange: common %(c)d in, team %(t)d out, athletes %(change)s "
                     "(%(n)d on the rope).") % {"c": c, "t": t, "change": _signed(due),
                                                "n": after[p]}
            if got != due:
                text += " " + ctx._("The reserve is empty: %(lost)d lost.") % {"lost": due - got}
            lines.append((text, reason))
        athletes = after
    if strip.over and strip.winner is not None:
        lines.append((ctx._("%(who)s has no athlete left on the rope: %(win)s wins.")
                      % {"who": names[1 - strip.winner], "win": names[strip.winner]}, ""))
    elif strip.over:
        lines.append((ctx._("The turn limit is reached: the game is a draw."), ""))
    elif not strip.actions:
        lines.append((ctx._("No common die can be used: the turn ends."), ""))
    elif not isinstance(strip.actions[-1].action, EndTurn):
        lines.append((ctx._("No common die left to use: the turn ends."), ""))
    return lines


def who_starts(ctx: DrawContext, strip: Strip, names: list[str]) -> str:
    """After the second set-up: who takes the first turn, and why (fewer athletes start)."""
    if strip.starts is None:
        return ""
    a = strip.athletes_after
    if a[YELLOW] == a[RED]:
        return ctx._("%(n)d athletes each: on a tie, %(who)s starts.") % {
            "n": a[YELLOW], "who": names[strip.starts]}
    return ctx._("%(who)s starts: fewer athletes on the rope.") % {"who": names[strip.starts]}


def blocks(strips: list[Strip]) -> list[list[Strip]]:
    """The booklet's strips as drawn: consecutive set-ups share one strip, a turn has its own."""
    out: list[list[Strip]] = []
    for strip in strips:
        if (strip.kind == "setup" and out and out[-1][-1].kind == "setup"
                and len(out[-1]) < 2 and out[-1][-1].player != strip.player):
            out[-1].append(strip)
        else:
            out.append([strip])
    return out


# -- drawing --------------------------------------------------------------------------------


def _caption_paragraph(ctx: DrawContext, lines: list[tuple[str, str]], size: float,
                       sep: str = "<br/>") -> Paragraph:
    style = ParagraphStyle("cap", fontName=ctx.font(FontRole.SANS), fontSize=size,
                           leading=size * 1.22, textColor=ink("text"),
                           **paragraph_options(ctx.locale))
    italic = ctx.font(FontRole.SANS_ITALIC)
    parts = []
    for text, why in lines:
        line = escape(text)
        if why:
            if sep != "<br/>" and not why.endswith((".", "!", "?")):
                why += "."  # run on: the next sentence follows the reason
            line += f' <font name="{italic}" color="{ink("rule").hexval()}">— ' \
                    f"{escape(why)}</font>"
        parts.append(line)
    return Paragraph(sep.join(parts), style)


def _fit_caption(ctx: DrawContext, lines: list[tuple[str, str]], w: float,
                 h: float, sep: str = "<br/>") -> Paragraph:
    """The caption at the largest size (down to the minimum) whose lines fit ``w`` x ``h``;
    ``sep`` joins the lines (a set-up row runs them on as one paragraph)."""
    for text, reason in lines:
        ctx.check_glyphs(FontRole.SANS, text, "caption")
        ctx.check_glyphs(FontRole.SANS_ITALIC, reason, "caption")
    e = LAYOUT.example
    size = e.caption_size
    while True:
        para = _caption_paragraph(ctx, lines, size, sep)
        if para.wrap(w, h)[1] <= h or size <= e.caption_min_size:
            return para
        size -= 0.2


def _dice_row(c: Canvas, x: float, y: float, dice: tuple[int, ...], size: float,
              *, struck: tuple[int, ...] = (), edge: Any = None) -> float:
    """Dice left to right from (x, y); values in ``struck`` (a multiset) get a stroke.
    Returns the x after the last die."""
    left = list(struck)
    for v in dice:
        die(c, x, y, size, v, edge=edge, width=0.9 if edge is not None else 0.6)
        if v in left:
            left.remove(v)
            strike(c, x, y, size, ink("gone"))
        x += size * 1.25
    return x


def _arrow(c: Canvas, x: float, y: float, length: float) -> None:
    c.saveState()
    c.setStrokeColor(ink("rule"))
    c.setFillColor(ink("rule"))
    c.setLineWidth(0.7)
    c.line(x, y, x + length - 2.5, y)
    p = c.beginPath()
    p.moveTo(x + length, y)
    p.lineTo(x + length - 3, y + 1.6)
    p.lineTo(x + length - 3, y - 1.6)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _label(c: Canvas, ctx: DrawContext, text: str, x: float, y: float,
           size: float = 6.5) -> None:
    ctx.check_glyphs(FontRole.SANS_BOLD, text, "label")
    c.setFillColor(ink("rule"))
    c.setFont(ctx.font(FontRole.SANS_BOLD), size)
    c.drawString(x, y, text)


def _mini_rope(c: Canvas, ctx: DrawContext, box: Rect, before: tuple[int, int],
               after: tuple[int, int], names: list[str], *, ring_new: bool = True) -> None:
    """The athletes after the turn on the mat's numbered spaces (3 rows, from the centre)."""
    rows = LAYOUT.mat.space_rows
    cols = math.ceil(RULES.athletes_per_side / rows)
    gap = mm(4)
    pitch = min((box.w - gap) / 2 / cols, (box.h - mm(5)) / rows)
    block_h = rows * pitch
    top = box.top - mm(0.5)
    rope_y = top - block_h / 2
    rope(c, box.x, box.right, rope_y, pitch * 0.38)
    centre_mark(c, box.cx, rope_y, pitch * 1.1)
    r = pitch * 0.33
    for side, sign in ((YELLOW, -1), (RED, 1)):
        shown = max(before[side], after[side])
        for i in range(shown):
            k, row = divmod(i, rows)
            cx = box.cx + sign * (gap / 2 + (k + 0.5) * pitch)
            cy = top - (row + 0.5) * pitch
            c.setLineWidth(0.7)
            if i < after[side]:
                c.setFillColor(side_ink(side))
                c.setStrokeColor(side_ink(side, "dark"))
                c.circle(cx, cy, r, stroke=1, fill=1)
                if ring_new and i >= before[side]:  # new on the rope this turn
                    c.setStrokeColor(ink("text"))
                    c.setLineWidth(0.8)
                    c.circle(cx, cy, r * 1.4, stroke=1, fill=0)
            else:  # removed this turn (or given back by an exchange)
                c.setStrokeColor(ink("gone"))
                c.setFillColor(ink("die"))
                c.setDash(1.2, 0.9)
                c.circle(cx, cy, r, stroke=1, fill=1)
                c.setDash()
        c.setFillColor(side_ink(side, "dark"))
        text = f"{names[side]} {after[side]}"
        change = after[side] - before[side]
        if change:
            text += f" ({_signed(change)})"
        centred(c, ctx, text, FontRole.SANS_BOLD, 7, box.cx + sign * box.w / 4, box.y + mm(1.6),
                width=box.w / 2 - mm(2))


def _frame(c: Canvas, box: Rect) -> None:
    c.setStrokeColor(ink("faint"))
    c.setLineWidth(0.5)
    c.roundRect(box.x, box.y, box.w, box.h, mm(2), stroke=1, fill=0)


def _before(c: Canvas, ctx: DrawContext, col: Rect, athletes: tuple[int, int]) -> None:
    """The athletes on the rope before the turn, at the foot of the turn column: each side's
    count in its colour (a bare "13 : 9" left the reader to guess the order)."""
    c.setFillColor(ink("rule"))
    centred(c, ctx, ctx._("before the turn"), FontRole.SANS, 6.5, col.cx, col.y + mm(7),
            width=col.w - mm(3))
    size, face = 8.0, ctx.font(FontRole.SANS_BOLD)
    y = col.y + mm(3)
    c.setFont(face, size)
    c.setFillColor(ink("rule"))
    c.drawCentredString(col.cx, y, ":")
    half = c.stringWidth(":", face, size) / 2 + mm(1)
    c.setFillColor(side_ink(YELLOW, "dark"))
    c.drawRightString(col.cx - half, y, str(athletes[YELLOW]))
    c.setFillColor(side_ink(RED, "dark"))
    c.drawString(col.cx + half, y, str(athletes[RED]))


def draw_strip(c: Canvas, ctx: DrawContext, box: Rect, strip: Strip, names: list[str]) -> None:
    """One turn: turn column, team dice, common roll, mini rope, caption."""
    e = LAYOUT.example
    p = strip.player
    ds = mm(e.dice_size)
    c.saveState()
    _frame(c, box)
    # turn column
    col = Rect(box.x, box.y, mm(e.turn_column), box.h)
    c.setFillColor(side_ink(p, "tint"))
    c.roundRect(col.x, col.y, col.w, col.h, mm(2), stroke=0, fill=1)
    c.setFillColor(side_ink(p, "dark"))
    centred(c, ctx, ctx._("Turn %(n)d") % {"n": strip.number}, FontRole.SANS_BOLD, 11, col.cx,
            col.top - mm(5), width=col.w - mm(3))
    centred(c, ctx, names[p], FontRole.SANS_BOLD, 8.5, col.cx, col.top - mm(10),
            width=col.w - mm(3))
    athlete(c, col.cx, col.top - mm(20), mm(10), facing=FACING[p], colour=side_ink(p, "dark"))
    _before(c, ctx, col, strip.athletes_before)
    # diagrams row
    x = col.right + mm(4)
    row_top = box.top - mm(2.5)
    dice_y = row_top - mm(3.5) - ds
    _label(c, ctx, ctx._("Team dice"), x, row_top - mm(2.2))
    exchanged = [a.action.team for a in strip.actions if isinstance(a.action, Exchange)]
    end = _dice_row(c, x, dice_y, strip.team, ds, struck=tuple(exchanged))
    if strip.team_after != strip.team:  # the team after the exchange, edged
        _dice_row(c, x, dice_y - ds * 1.35, strip.team_after, ds, edge=side_ink(p, "dark"))
    x = max(end, x + 3 * ds * 1.25) + mm(4)
    _label(c, ctx, ctx._("Common dice"), x, row_top - mm(2.2))
    end = _dice_row(c, x, dice_y, strip.roll, ds, struck=strip.rerolled)
    if strip.new_dice:
        _arrow(c, end + mm(0.5), dice_y + ds / 2, mm(5))
        _dice_row(c, end + mm(7), dice_y, strip.new_dice, ds, edge=side_ink(p, "dark"))
    rope_w = mm(e.rope_width)
    rope_box = Rect(box.right - mm(3) - rope_w, dice_y - ds * 1.6, rope_w,
                    row_top - (dice_y - ds * 1.6))
    _label(c, ctx, ctx._("On the rope after the turn"), rope_box.x, row_top - mm(2.2))
    _mini_rope(c, ctx, Rect(rope_box.x, rope_box.y, rope_box.w, rope_box.h - mm(3.5)),
               strip.athletes_before, strip.athletes_after, names)
    # caption
    cap_x = col.right + mm(4)
    cap = Rect(cap_x, box.y + mm(1.5), box.right - mm(3) - cap_x, rope_box.y - box.y - mm(2.5))
    para = _fit_caption(ctx, captions(ctx, strip, names), cap.w, cap.h)
    _w, ph = para.wrap(cap.w, cap.h)
    para.drawOn(c, cap.x, cap.top - ph)
    c.restoreState()


def draw_setups(c: Canvas, ctx: DrawContext, box: Rect, setups: list[Strip],
                names: list[str]) -> None:
    """Both set-ups in one strip: a row each (column, set-up roll, team dice, a caption run on
    under them), and one rope at the right with the athletes after both and who starts."""
    e = LAYOUT.example
    ds = mm(e.dice_size)
    rope_w = mm(e.rope_width)
    c.saveState()
    _frame(c, box)
    col = Rect(box.x, box.y, mm(e.turn_column), box.h)
    clip = c.beginPath()
    clip.roundRect(col.x, col.y, col.w, col.h, mm(2))
    rope_x = box.right - mm(3) - rope_w
    row_h = box.h / 2
    # the team dice line up under each other, after the longest roll and re-roll
    most_new = max(len(s.new_dice) for s in setups)
    team_x = col.right + mm(4) + RULES.team_dice * ds * 1.25 + mm(5) + (
        mm(7) + most_new * ds * 1.25 if most_new else 0.0)
    for i, strip in enumerate(setups):
        p = strip.player
        row = Rect(box.x, box.top - (i + 1) * row_h, box.w, row_h)
        c.saveState()  # the column's tint, its outer corners rounded
        c.clipPath(clip, stroke=0, fill=0)
        c.setFillColor(side_ink(p, "tint"))
        c.rect(col.x, row.y, col.w, row.h, stroke=0, fill=1)
        c.restoreState()
        c.setFillColor(side_ink(p, "dark"))
        centred(c, ctx, ctx._("Set-up"), FontRole.SANS_BOLD, 10, col.cx, row.top - mm(4.2),
                width=col.w - mm(3))
        centred(c, ctx, names[p], FontRole.SANS_BOLD, 8, col.cx, row.top - mm(8.4),
                width=col.w - mm(3))
        athlete(c, col.cx, row.top - mm(14.6), mm(7), facing=FACING[p],
                colour=side_ink(p, "dark"))
        x = col.right + mm(4)
        row_top = row.top - mm(2)
        dice_y = row_top - mm(3.5) - ds
        _label(c, ctx, ctx._("Set-up roll"), x, row_top - mm(2.2))
        end = _dice_row(c, x, dice_y, strip.roll, ds, struck=strip.rerolled)
        if strip.new_dice:
            _arrow(c, end + mm(0.5), dice_y + ds / 2, mm(5))
            _dice_row(c, end + mm(7), dice_y, strip.new_dice, ds, edge=side_ink(p, "dark"))
        _label(c, ctx, ctx._("Team dice"), team_x, row_top - mm(2.2))
        _dice_row(c, team_x, dice_y, strip.team_after, ds, edge=side_ink(p, "dark"))
        cap_x = col.right + mm(4)
        cap = Rect(cap_x, row.y + mm(1), rope_x - mm(4) - cap_x, dice_y - mm(1.2) - row.y - mm(1))
        para = _fit_caption(ctx, captions(ctx, strip, names), cap.w, cap.h, sep=" ")
        _w, ph = para.wrap(cap.w, cap.h)
        para.drawOn(c, cap.x, cap.top - ph)
    # the rope after both set-ups, and who starts
    last = setups[-1]
    top = box.top - mm(2)
    _label(c, ctx, ctx._("On the rope after set-up"), rope_x, top - mm(2.2))
    rows = LAYOUT.mat.space_rows
    pitch = (rope_w - mm(4)) / 2 / math.ceil(RULES.athletes_per_side / rows)
    rope_h = rows * pitch + mm(5)
    _mini_rope(c, ctx, Rect(rope_x, top - mm(3.5) - rope_h, rope_w, rope_h),
               setups[0].athletes_before, last.athletes_after, names, ring_new=False)
    starts = who_starts(ctx, last, names)
    if starts:
        c.setFillColor(ink("text"))
        centred(c, ctx, starts, FontRole.SANS, 7, rope_x + rope_w / 2,
                top - mm(3.5) - rope_h - mm(3),
                width=rope_w)
    c.restoreState()


def strip_boxes(area: Rect) -> list[Rect]:
    """Where the strips of one page go, top to bottom, inside the page's ``area`` (the safe
    area), below the header: as many as fit at ``strip_height`` (a minimum), stretched to
    fill the page."""
    e = LAYOUT.example
    x0, y0, x1, y1 = area.corners
    top = y1 - mm(e.header_height)
    h, gap = mm(e.strip_height), mm(e.strip_gap)
    n = int((top - y0 + gap) // (h + gap))
    h = (top - y0 - (n - 1) * gap) / n  # share the page's spare height among the strips
    return [Rect(x0, top - (i + 1) * h - i * gap, x1 - x0, h) for i in range(n)]


def booklet_capacity(ctx: DrawContext) -> int:
    """Strips the booklet holds within its page budget (``max_pages`` in layout.toml); both
    set-ups take one strip."""
    return len(strip_boxes(ctx.safe_area)) * LAYOUT.example.max_pages


def _header(c: Canvas, ctx: DrawContext, area: Rect, header: LogHeader, names: list[str],
            page_no: int, pages: int) -> None:
    x0, _y0, x1, y1 = area.corners
    c.setFillColor(ink("text"))
    title = ctx._("Tug of War: an example game")
    ctx.check_glyphs(FontRole.SANS_BOLD, title, "header")
    c.setFont(ctx.font(FontRole.SANS_BOLD), 13)
    c.drawString(x0, y1 - mm(5), title)
    who = " · ".join(_player_line(ctx, header, names, side) for side in (YELLOW, RED))
    ctx.check_glyphs(FontRole.SANS, who, "header")
    c.setFont(ctx.font(FontRole.SANS), 8)
    c.setFillColor(ink("rule"))
    c.drawString(x0, y1 - mm(9.5), who)
    c.drawRightString(x1, y1 - mm(5),
                      ctx._("page %(n)d of %(m)d") % {"n": page_no, "m": pages})
    _legend(c, ctx, x1, y1 - mm(9.5))


def _player_line(ctx: DrawContext, header: LogHeader, names: list[str], side: int) -> str:
    """A player as the header names them: the side they play (unless the name is the side's)
    and the bot that played, if one did: "Bernd (Yellow)", "Red (greedy bot)"."""
    notes = []
    colour = side_name(ctx, side)
    if names[side] not in (colour, RULES.player_names[side]):
        notes.append(colour)
    bot = header.players[side].bot
    if bot:
        notes.append(ctx._("%(bot)s bot") % {"bot": bot})
    return f"{names[side]} ({', '.join(notes)})" if notes else names[side]


def _legend(c: Canvas, ctx: DrawContext, right: float, y: float) -> None:
    """What the rings on the small ropes mean, right-aligned on the line at ``y``."""
    r = mm(1.3)
    items = [(ctx._("new on the rope this turn"), "new"),
             (ctx._("sent back to the reserve this turn"), "gone")]
    c.setFont(ctx.font(FontRole.SANS), 7)
    x = right
    for text, kind in reversed(items):
        ctx.check_glyphs(FontRole.SANS, text, "legend")
        width = c.stringWidth(text, ctx.font(FontRole.SANS), 7)
        c.setFillColor(ink("rule"))
        c.drawRightString(x, y, text)
        cx, cy = x - width - mm(1.5) - r * 1.4, y + mm(0.9)
        c.setLineWidth(0.7)
        if kind == "new":
            c.setFillColor(side_ink(YELLOW))
            c.setStrokeColor(side_ink(YELLOW, "dark"))
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setStrokeColor(ink("text"))
            c.setLineWidth(0.8)
            c.circle(cx, cy, r * 1.4, stroke=1, fill=0)
        else:
            c.setStrokeColor(ink("gone"))
            c.setFillColor(ink("die"))
            c.setDash(1.2, 0.9)
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setDash()
        x = cx - r * 1.4 - mm(5)


class BookletExample(ReplayVisitor[TugOfWarState, Action]):
    """Draws a replayed game as a booklet: a strip of diagrams per set-up and turn, with the
    reasons written beside the moves."""

    def __init__(self, ctx: DrawContext, header: LogHeader, out: Path) -> None:
        self.ctx = ctx
        self.header = header
        self.out = out
        self.builder = StripBuilder()

    def visit_chance(self, before: TugOfWarState, outcome: tuple[int, ...],
                     after: TugOfWarState) -> None:
        self.builder.roll(before, outcome, after)

    def visit_action(self, player: int, before: TugOfWarState, action: Action,
                     after: TugOfWarState, reason: str | None) -> None:
        self.builder.decide(before, action, after, reason)

    def end(self, state: TugOfWarState) -> None:
        ctx = self.ctx
        names = [p.name for p in self.header.players]
        shown = blocks(self.builder.strips)
        per_page = len(strip_boxes(ctx.safe_area))
        pages = max(1, math.ceil(len(shown) / per_page))
        with open_document(ctx, self.out, build=("tug-of-war", "example"),
                           title=ctx._("Tug of War: example game"),
                           subject=ctx._("A game log drawn turn by turn, with the reasons "
                                         "for each move")) as doc:
            for page_no in range(pages):
                with doc.page(band=False) as area:
                    _header(doc.canvas, ctx, area, self.header, names, page_no + 1, pages)
                    boxes = strip_boxes(area)
                    chunk = shown[page_no * per_page:(page_no + 1) * per_page]
                    for box, block in zip(boxes, chunk, strict=False):
                        if block[0].kind == "setup":
                            draw_setups(doc.canvas, ctx, box, block, names)
                        else:
                            draw_strip(doc.canvas, ctx, box, block[0], names)
