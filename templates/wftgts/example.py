"""A replayed WFtGtS log drawn as the sheets its players would have filled in.

Page one onwards: one play sheet per player, written in a handwriting font. New rolls are in
the roll ink, carried (kept) values in a second ink, struck carry arrows mark the dice kept,
and each Score line shows the groups and their arithmetic. A last page explains each step:
what was rolled, what was kept and why (the bot's or player's reason from the log), and how
the round was scored.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.draw import fit_size
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.wftgts import Keep, Score, WFtGtSState
from printkit.engines.wftgts.rules import DICE
from printkit.geometry import Rect
from printkit.page import open_document
from printkit.templates.wftgts.components import sheet_boxes
from printkit.templates.wftgts.sheet import (
    LINE_LETTERS,
    SheetGeometry,
    draw_arrow,
    draw_blank,
    geometry,
    ink,
    tiebreak_box,
)
from printkit.units import mm


def describe_scoring(ctx: DrawContext, record: Any) -> str:
    """The arithmetic a player writes on the Score line for one round."""
    if record.junk:
        values = " + ".join(str(v) for v in record.lines[-1])
        return ctx._("stuck with junk: %(sum)s = %(points)d") % {"sum": values,
                                                                 "points": record.points}
    groups = record.scoring.groups if record.scoring else ()
    if not groups:
        return ctx._("nothing scores: 0")
    parts = [g.describe() for g in groups]
    text = "; ".join(parts)
    if len(groups) > 1:
        text += f"; {' + '.join(str(g.points) for g in groups)} = {record.points}"
    return text


def _hand(c: Canvas, ctx: DrawContext, text: str, role: str, size: float, x: float, y: float,
          color: Color, jitter: random.Random, *, align: str = "centre") -> None:
    """Write like a person: a little off the line and a little tilted, deterministically."""
    ctx.check_glyphs(role, text, "example sheet")
    c.saveState()
    c.setFillColor(color)
    c.translate(x + jitter.uniform(-0.5, 0.5), y + jitter.uniform(-0.6, 0.6))
    c.rotate(jitter.uniform(-2.5, 2.5))
    c.setFont(ctx.font(role), size)
    if align == "centre":
        c.drawCentredString(0, 0, text)
    elif align == "right":
        c.drawRightString(0, 0, text)
    else:
        c.drawString(0, 0, text)
    c.restoreState()


def _baseline(rect: Rect, size: float) -> float:
    return rect.y + rect.h / 2 - size * 0.32


def fill_sheet(c: Canvas, ctx: DrawContext, g: SheetGeometry, sheet: Any, name: str,
               seed: int) -> None:
    """Write one player's rounds into a drawn blank sheet."""
    jitter = random.Random(f"wftgts-example/{seed}/{name}")
    hand, hand_score = g.size("hand_size"), g.size("hand_score_size")
    # the player's name on the Name line
    b = g.banner
    _hand(c, ctx, name, "hand", b.h * 0.3, b.x + b.w * 0.06, b.y + b.h * 0.09, ink("roll"), jitter,
          align="left")
    for record in sheet.rounds:
        r = sheet.rounds.index(record) + 1
        for li, line in enumerate(record.lines):
            letter = LINE_LETTERS[li]
            carried = record.carried[li - 1] if li > 0 and li - 1 < len(record.carried) else set()
            for die, value in enumerate(line):
                cell = g.cell(r, letter, die)
                color = ink("kept") if die in carried else ink("roll")
                _hand(c, ctx, str(value), "hand", hand, cell.x + cell.w * 0.42,
                      _baseline(cell, hand), color, jitter)
        for ki, kept in enumerate(record.carried):
            for die in sorted(kept):
                x, y, h = g.arrow(r, LINE_LETTERS[ki], die)
                c.setFillColor(ink("mark"))
                c.setStrokeColor(ink("mark"))
                draw_arrow(c, x, y, h * 1.15, filled=True)
        if record.points is None:
            continue
        score_row = g.row("score", r)
        wide = g.wide(score_row)
        text = describe_scoring(ctx, record)
        size = fit_size(text, ctx.font("hand"), hand, wide.w * 0.92)
        _hand(c, ctx, text, "hand", size, wide.x + wide.w * 0.02, _baseline(wide, size),
              ink("score"), jitter, align="left")
        box = g.points_box(score_row)
        _hand(c, ctx, str(record.points), "hand-bold", hand_score, box.cx,
              _baseline(box, hand_score), ink("score"), jitter)
        if r > 1 and record.total is not None:
            kind = "final" if r == _rounds(g) else "total"
            total_row = g.row(kind, r)
            prev = sheet.rounds[r - 2].total
            sum_text = f"{prev} + {record.points} = {record.total}"
            wide_t = g.wide(total_row)
            _hand(c, ctx, sum_text, "hand", hand * 0.9, wide_t.x + wide_t.w * 0.02,
                  _baseline(wide_t, hand * 0.9), ink("note"), jitter, align="left")
            box_t = g.points_box(total_row)
            _hand(c, ctx, str(record.total), "hand-bold", hand_score, box_t.cx,
                  _baseline(box_t, hand_score), ink("score"), jitter)
            if kind == "final":
                tb = tiebreak_box(g, total_row)
                best_c = max(x.c_sum for x in sheet.rounds if x.c_sum is not None)
                _hand(c, ctx, str(best_c), "hand", hand, tb.cx, _baseline(tb, hand), ink("note"),
                      jitter)


def _rounds(g: SheetGeometry) -> int:
    return max(row.round for row in g.rows)


def _style(ctx: DrawContext, size: float, role: str = "sans",
           leading: float = 1.3) -> ParagraphStyle:
    return ParagraphStyle(role, fontName=ctx.font(role), fontSize=size, leading=size * leading)


def _label(die: int) -> str:
    return DICE[die].label


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def hash_seed(seed: Any) -> int:
    return sum(ord(ch) for ch in str(seed))


class SheetExample(ReplayVisitor[WFtGtSState, Keep | Score]):
    """Draws a replayed game: each player's filled-in sheet, then a page of notes that
    explain every roll and keep (with the reasons from the log) and how each round scored."""

    def __init__(self, ctx: DrawContext, header: LogHeader, out: Path) -> None:
        self.ctx = ctx
        self.header = header
        self.out = out
        self.names = [p.name for p in header.players]
        self.notes: dict[int, list[str]] = {}

    def visit_chance(self, before: WFtGtSState, outcome: Any, after: WFtGtSState) -> None:
        ctx = self.ctx
        r = before.round
        roll = ", ".join(f"{d.label} {v}" for d, v in zip(DICE, outcome, strict=True))
        letter = LINE_LETTERS[before.line]
        self.notes.setdefault(r, []).append(
            ctx._("Roll for line %(line)s: %(roll)s.") % {"line": f"{r}{letter}", "roll": roll})

    def visit_action(self, player: int, before: WFtGtSState, action: Keep | Score,
                     after: WFtGtSState, reason: str | None) -> None:
        ctx = self.ctx
        r = before.round
        who = self.names[player]
        why = f" ({reason})" if reason else ""
        lines = self.notes.setdefault(r, [])
        if isinstance(action, Keep):
            kept = ", ".join(_label(d) for d in sorted(action.dice)) or ctx._("nothing")
            lines.append(ctx._("%(who)s keeps %(kept)s%(reason)s.") % {
                "who": who, "kept": kept, "reason": why})
        else:
            rec = after.sheets[player].rounds[r - 1]
            lines.append(ctx._("%(who)s scores %(text)s; total %(total)d.") % {
                "who": who, "text": describe_scoring(ctx, rec), "total": rec.total})

    def end(self, state: WFtGtSState) -> None:
        ctx = self.ctx
        with open_document(ctx, self.out, build=("wftgts", "example"),
                           title=ctx._("Waiting For the Game to Start") + ": "
                           + ctx._("example game"),
                           subject=ctx._("A game log drawn as filled-in play sheets")) as doc:
            for p, sheet in enumerate(state.sheets):
                with doc.page(band=False):
                    g = geometry(sheet_boxes(ctx, False, first_page=False)[0])
                    draw_blank(doc.canvas, ctx, g)
                    fill_sheet(doc.canvas, ctx, g, sheet, self.names[p],
                               hash_seed(self.header.seed))
            self._draw_notes(doc.canvas, state)
            doc.canvas.showPage()

    def _draw_notes(self, c: Canvas, state: WFtGtSState) -> None:
        """The annotation pages: each round step by step."""
        ctx = self.ctx
        page = ctx.paper
        margin = mm(14)
        width = page.width - 2 * margin
        y = page.height - margin
        head = _style(ctx, 15, "sans-bold")
        body = _style(ctx, 9.5, "sans")
        roundhead = _style(ctx, 11, "sans-bold")

        def put(par: Paragraph, gap: float = 3) -> None:
            nonlocal y
            _w, h = par.wrap(width, y - margin)
            if y - h < margin:
                c.showPage()
                y = page.height - margin
                par.wrap(width, y - margin)
            par.drawOn(c, margin, y - h)
            y -= h + gap

        put(Paragraph(ctx._("How this game was played"), head), 8)
        for r, sentences in sorted(self.notes.items()):
            put(Paragraph(ctx._("Round %(n)d") % {"n": r}, roundhead), 2)
            for s in sentences:
                ctx.check_glyphs("sans", s, "notes")
                put(Paragraph(_escape(s), body), 1.5)
            y -= 4
        if state.is_terminal():
            result = state.result()
            names = self.names
            winners = ", ".join(names[i] for i in result["winners"])
            put(Paragraph(ctx._("Final scores: %(scores)s. Winner: %(w)s.") % {
                "scores": ", ".join(f"{n} {s}" for n, s in
                                    zip(names, result["scores"], strict=True)),
                "w": winners}, roundhead))
        for p, sheet in enumerate(state.sheets):
            for r, rec in enumerate(sheet.rounds, start=1):
                if (rec.points is not None and rec.best_points is not None and not rec.junk
                        and rec.points < rec.best_points):
                    note = ctx._("%(who)s wrote %(wrote)d in round %(n)d; the dice allowed "
                                 "%(best)d.") % {"who": self.names[p], "wrote": rec.points,
                                                 "n": r, "best": rec.best_points}
                    put(Paragraph(_escape(note), body), 1.5)
