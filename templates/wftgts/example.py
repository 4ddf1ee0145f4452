"""A replayed WFtGtS log drawn as the sheets its players would have filled in.

Page one onwards: one play sheet per player, written in a handwriting font. New rolls are in
the roll ink, carried (kept) values in a second ink, struck carry arrows mark the dice kept,
and each Score line shows the groups and their arithmetic. A last page explains each step:
what was rolled, what was kept and why (the bot's or player's reason from the log), and how
the round was scored.

The handwriting strays and tilts a little, deterministically, but never out of its box: the jitter
is clamped to the room the box leaves (:func:`printkit.drawing.draw.keep_inside`), measured on the
glyphs as drawn. The width of a Score line is a capacity: a long line is written smaller, down to
the minimum printed size, and what still does not fit is reported by preflight. A handwritten 1 gets
a flag stroke (the handwriting font's bare stroke reads as "/").
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import fit_size, glyph_top, ink_box, keep_inside
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.core.log import translate_reason
from printkit.engines.wftgts import Keep, Score, WFtGtSState
from printkit.engines.wftgts.rules import DICE
from printkit.fonts import FontRole, font
from printkit.geometry import Rect
from printkit.page.document import open_document
from printkit.page.preflight import MIN_TEXT_PT
from printkit.paper import Paper
from printkit.scripts import paragraph_options
from printkit.templates.wftgts.components import page_for
from printkit.templates.wftgts.sheet import (
    LAYOUT,
    LINE_LETTERS,
    SheetGeometry,
    draw_arrow,
    draw_blank,
    final_line_box,
    geometry,
    ink,
    name_line_box,
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
    # the dice's values, as a player jots them, in every language: "1-2-3-4" (a run),
    # "1-1-1-1" (a set), then the sum of the dice's points times the multiplier
    parts = ["-".join(str(v) for v in g.values)
             + f": {g.die_points} × {g.multiplier} = {g.points}" for g in groups]
    text = "; ".join(parts)
    if len(groups) > 1:
        text += f"; {' + '.join(str(g.points) for g in groups)} = {record.points}"
    return text


def one_flags(text: str, role: FontRole, size: float,
              locale: str) -> list[tuple[float, float, float, float]]:
    """The flag strokes (x0, y0, x1, y1 from the start of the baseline) that make every "1" of
    ``text`` read as a one: from the top of its stroke, down to the left."""
    top = glyph_top(role, "1", locale)
    if top is None or "1" not in text:
        return []
    fx, fy = LAYOUT.hand.one_flag
    x, y = top[0] * size, top[1] * size - flag_width(role, size) / 2
    face = font(role, locale)
    return [(pen + x, y, pen + x + fx * size, y + fy * size)
            for pen in (stringWidth(text[:i], face, size) for i, ch in enumerate(text)
                        if ch == "1")]


def flag_width(role: FontRole, size: float) -> float:
    bold = 1.5 if role.endswith("-bold") else 1.0
    return LAYOUT.hand.one_flag_width * size * bold


def hand_ink(text: str, role: FontRole, size: float, locale: str) -> Rect:
    """What a handwritten ``text`` covers, flags included, from the start of its baseline."""
    box = ink_box(text, role, size, locale)
    half = flag_width(role, size) / 2
    for x0, y0, x1, y1 in one_flags(text, role, size, locale):
        flag = Rect.from_corners(min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half,
                                 max(y0, y1) + half)
        box = flag if box.w == 0 else box.union(flag)
    return box


def _hand(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, room: Rect,
          x: float, y: float, color: Color, jitter: random.Random, *,
          align: str = "centre") -> None:
    """Write like a person at (``x``, ``y``): a little off the line and a little tilted,
    deterministically, but never out of ``room`` (the box the writing belongs in)."""
    ctx.check_glyphs(role, text, "example sheet")
    hand = LAYOUT.hand
    face = ctx.font(role)
    width = stringWidth(text, face, size)
    start = {"centre": -width / 2, "right": -width}.get(align, 0.0)
    dx = jitter.uniform(-hand.jitter_x, hand.jitter_x)
    dy = jitter.uniform(-hand.jitter_y, hand.jitter_y)
    angle = jitter.uniform(-hand.tilt, hand.tilt)
    level = math.degrees(math.atan2(hand.max_climb, max(width, 1.0)))
    angle = max(-level, min(angle, level))  # a long line is written level
    dx, dy, angle = keep_inside(hand_ink(text, role, size, ctx.locale).moved(start, 0), (x, y),
                                room.inset(hand.inset), dx, dy, angle)
    c.saveState()
    c.setFillColor(color)
    c.translate(x + dx, y + dy)
    c.rotate(angle)
    c.setFont(face, size)
    c.drawString(start, 0, text)
    flags = one_flags(text, role, size, ctx.locale)
    if flags:
        c.setStrokeColor(color)
        c.setLineWidth(flag_width(role, size))
        c.setLineCap(1)
        c.lines([(start + x0, y0, start + x1, y1) for x0, y0, x1, y1 in flags])
    c.restoreState()


def _baseline(rect: Rect, size: float) -> float:
    return rect.y + rect.h / 2 - size * 0.32


def writing_room(box: Rect, *, lead: float) -> Rect:
    """Where a line of writing goes in ``box``: all of it but a ``lead`` on the left."""
    return Rect(box.x + lead, box.y, box.w - lead, box.h)


def line_size(ctx: DrawContext, text: str, role: FontRole, size: float, room: Rect,
              name: str) -> float:
    """The size a line of writing takes in ``room`` (written from its left edge): ``size``,
    or smaller so that it fits the room's width (the line's capacity), but never under the
    minimum printed size. What does not fit even then is reported (``box-too-small``) and
    written at the minimum."""
    inset = LAYOUT.hand.inset
    room_w = room.w - 2 * inset
    size = fit_size(text, ctx.font(role), size, room_w, MIN_TEXT_PT)
    ink_w = hand_ink(text, role, size, ctx.locale).w  # glyphs may overhang their advance widths
    if ink_w > room_w:
        size = max(size * room_w / ink_w, MIN_TEXT_PT)
    need = hand_ink(text, role, size, ctx.locale)
    ctx.preflight.check_box(name, room, need.w + 2 * inset, need.h + 2 * inset,
                            where=ctx.where("example sheet"))
    return size


def fill_sheet(c: Canvas, ctx: DrawContext, g: SheetGeometry, sheet: Any, name: str,
               seed: int) -> None:
    """Write one player's rounds into a drawn blank sheet."""
    jitter = random.Random(f"wftgts-example/{seed}/{name}")
    hand, hand_score = g.size(LAYOUT.text.hand_size), g.size(LAYOUT.text.hand_score_size)
    # the player's name on the Name line
    b = g.banner
    name_room = writing_room(name_line_box(ctx, g), lead=b.h * 0.06)
    name_size = line_size(ctx, name, FontRole.HAND, b.h * 0.3, name_room, f"Name line of {name}")
    _hand(c, ctx, name, FontRole.HAND, name_size, name_room, name_room.x, b.y + b.h * 0.09,
          ink("roll"), jitter, align="left")
    for record in sheet.rounds:
        r = sheet.rounds.index(record) + 1
        for li, line in enumerate(record.lines):
            letter = LINE_LETTERS[li]
            carried = record.carried[li - 1] if li > 0 and li - 1 < len(record.carried) else set()
            for die, value in enumerate(line):
                cell = g.cell(r, letter, die)
                color = ink("kept") if die in carried else ink("roll")
                _hand(c, ctx, str(value), FontRole.HAND, hand, cell, cell.x + cell.w * 0.42,
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
        room = writing_room(wide, lead=wide.w * 0.02)
        text = describe_scoring(ctx, record)
        size = line_size(ctx, text, FontRole.HAND, hand, room, f"Score line of {name}, round {r}")
        _hand(c, ctx, text, FontRole.HAND, size, room, room.x, _baseline(room, size), ink("score"),
              jitter, align="left")
        box = g.points_box(score_row)
        _hand(c, ctx, str(record.points), FontRole.HAND_BOLD, hand_score, box, box.cx,
              _baseline(box, hand_score), ink("score"), jitter)
        if r > 1 and record.total is not None:
            kind = "final" if r == _rounds(g) else "total"
            total_row = g.row(kind, r)
            prev = sheet.rounds[r - 2].total
            sum_text = f"{prev} + {record.points} = {record.total}"
            wide_t = g.wide(total_row) if kind == "total" else final_line_box(ctx, g)
            room_t = writing_room(wide_t, lead=wide.w * 0.02)
            sum_size = line_size(ctx, sum_text, FontRole.HAND, hand * 0.9, room_t,
                                 f"{kind.capitalize()} line of {name}, round {r}")
            _hand(c, ctx, sum_text, FontRole.HAND, sum_size, room_t, room_t.x,
                  _baseline(room_t, sum_size), ink("note"), jitter, align="left")
            box_t = g.points_box(total_row)
            _hand(c, ctx, str(record.total), FontRole.HAND_BOLD, hand_score, box_t, box_t.cx,
                  _baseline(box_t, hand_score), ink("score"), jitter)
            if kind == "final":
                tb = tiebreak_box(g, total_row)
                best_c = max(x.c_sum for x in sheet.rounds if x.c_sum is not None)
                _hand(c, ctx, str(best_c), FontRole.HAND, hand, tb, tb.cx, _baseline(tb, hand),
                      ink("note"), jitter)


def _rounds(g: SheetGeometry) -> int:
    return max(row.round for row in g.rows)


def _style(ctx: DrawContext, size: float, role: FontRole = FontRole.SANS,
           leading: float = 1.3) -> ParagraphStyle:
    return ParagraphStyle(role, fontName=ctx.font(role), fontSize=size, leading=size * leading,
                          **paragraph_options(ctx.locale))


def _label(ctx: DrawContext, die: int) -> str:
    return ctx._(DICE[die].label)


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
        roll = ", ".join(f"{ctx._(d.label)} {v}" for d, v in zip(DICE, outcome, strict=True))
        letter = LINE_LETTERS[before.line]
        self.notes.setdefault(r, []).append(
            ctx._("Roll for line %(line)s: %(roll)s.") % {"line": f"{r}{letter}", "roll": roll})

    def visit_action(self, player: int, before: WFtGtSState, action: Keep | Score,
                     after: WFtGtSState, reason: str | None) -> None:
        ctx = self.ctx
        r = before.round
        who = self.names[player]
        why = f" ({translate_reason(reason, ctx._, ctx.format_fixed)})" if reason else ""
        lines = self.notes.setdefault(r, [])
        if isinstance(action, Keep):
            kept = ", ".join(_label(ctx, d) for d in sorted(action.dice)) or ctx._("nothing")
            lines.append(ctx._("%(who)s keeps %(kept)s%(reason)s.") % {
                "who": who, "kept": kept, "reason": why})
        else:
            rec = after.sheets[player].rounds[r - 1]
            lines.append(ctx._("%(who)s scores %(text)s; total %(total)d.") % {
                "who": who, "text": describe_scoring(ctx, rec), "total": rec.total})

    def end(self, state: WFtGtSState) -> None:
        ctx = self.ctx
        page = page_for(ctx.paper, False)  # the sheet is a portrait design
        ctx = ctx.on_paper(page)
        with open_document(ctx, self.out, build=("wftgts", "example"), paper=page,
                           title=ctx._("Waiting For the Game to Start") + ": "
                           + ctx._("example game"),
                           subject=ctx._("A game log drawn as filled-in play sheets")) as doc:
            for p, sheet in enumerate(state.sheets):
                with doc.page(band=False) as area:
                    g = geometry(area)
                    draw_blank(doc.canvas, ctx, g)
                    fill_sheet(doc.canvas, ctx, g, sheet, self.names[p],
                               hash_seed(self.header.seed))
            self._draw_notes(doc.canvas, state, page)
            doc.canvas.showPage()

    def _draw_notes(self, c: Canvas, state: WFtGtSState, page: Paper) -> None:
        """The annotation pages: each round step by step."""
        ctx = self.ctx
        margin = mm(14)
        width = page.width - 2 * margin
        y = page.height - margin
        head = _style(ctx, 15, FontRole.SANS_BOLD)
        body = _style(ctx, 9.5, FontRole.SANS)
        roundhead = _style(ctx, 11, FontRole.SANS_BOLD)

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
                ctx.check_glyphs(FontRole.SANS, s, "notes")
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
