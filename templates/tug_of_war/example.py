"""A replayed Tug of War log drawn as an annotated booklet: one strip of diagrams per turn.

Each strip shows, left to right: whose turn it is and the athletes before it; the team dice
(and the team after an exchange); the common roll with the re-rolled dice struck out and what
they came up; a small rope with the athletes after the turn, placed on the same numbered
spaces as the mat (removed athletes as empty rings, new ones ringed). Under the diagrams, a
caption says what happened and why (the bot's or player's reason from the log).

The strips come from the replayed steps alone (no randomness), so the same log always gives
the same PDF. :func:`turn_strips` is the model; :func:`draw_example` lays it out.
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

from printkit.components import BuildContext
from printkit.engines.core import Replay
from printkit.engines.tug_of_war.game import Phase
from printkit.engines.tug_of_war.rules import RULES
from printkit.fonts import font
from printkit.geometry import Rect
from printkit.i18n import _, ngettext, use_locale
from printkit.paper import Paper
from printkit.pdf import open_canvas
from printkit.production.profiles import profile, safe_rect
from printkit.templates.tug_of_war.draw import (
    athlete,
    centre_mark,
    centred,
    die,
    ink,
    layout,
    rope,
    side_ink,
    strike,
)
from printkit.units import mm

YELLOW, RED = 0, 1
FACING = (-1, 1)


@dataclass
class Strip:
    """One set-up or one turn, as the booklet shows it."""

    kind: str  # "setup" or "turn"
    player: int
    number: int  # the turn number (both players' turns count); 0 for a set-up
    team: tuple[int, ...]  # team dice at the start of the turn (after set-up: the roll kept)
    athletes_before: tuple[int, int]
    roll: tuple[int, ...] = ()
    rerolled: tuple[int, ...] = ()
    new_dice: tuple[int, ...] = ()
    reroll_reason: str = ""
    rerolls_allowed: int = 0
    actions: list[tuple[dict[str, Any] | str, str, tuple[int, int]]] = field(default_factory=list)
    team_after: tuple[int, ...] = ()
    athletes_after: tuple[int, int] = (0, 0)
    winner: int | None = None
    over: bool = False
    starts: int | None = None  # after the second set-up: who takes the first turn


def turn_strips(replay: Replay) -> list[Strip]:
    """The replayed steps grouped into set-ups and turns."""
    strips: list[Strip] = []
    for step in replay.steps:
        before, entry, after = step.before, step.entry, step.after
        phase = before.phase
        p = before.player
        if phase in (Phase.SETUP_ROLL, Phase.TURN_ROLL):
            kind = "setup" if phase == Phase.SETUP_ROLL else "turn"
            strips.append(Strip(kind, p, after.turns if kind == "turn" else 0,
                                before.team[p], before.athletes, roll=tuple(entry.data)))
        if not strips:
            continue
        strip = strips[-1]
        if phase in (Phase.SETUP_REROLL, Phase.TURN_REROLL):
            strip.rerolled = tuple(entry.data.get("reroll", []))
            strip.reroll_reason = entry.reason or ""
            strip.rerolls_allowed = before.rerolls_allowed()
        elif phase in (Phase.SETUP_REROLL_ROLL, Phase.TURN_REROLL_ROLL):
            strip.new_dice = tuple(entry.data)
        elif phase == Phase.ACTIONS:
            strip.actions.append((entry.data, entry.reason or "", after.athletes))
        strip.team_after = after.team[p]
        strip.athletes_after = after.athletes
        strip.over = after.is_terminal()
        strip.winner = after.winner
        if strip.kind == "setup" and after.first_player is not None and not before.first_player:
            strip.starts = after.first_player
    return strips


def _dice_text(dice: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(v) for v in dice)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def captions(strip: Strip, names: list[str]) -> list[tuple[str, str]]:
    """The strip's caption as (what happened, why) pairs, one line each."""
    p, opp = strip.player, 1 - strip.player
    lines: list[tuple[str, str]] = []
    if strip.kind == "setup":
        lines.append((_("Rolls %(dice)s.") % {"dice": _dice_text(strip.roll)}, ""))
    else:
        lines.append((_("Rolls the common dice: %(dice)s.") % {"dice": _dice_text(strip.roll)},
                      ""))
    if strip.rerolled:
        lines.append((_("Re-rolls %(old)s: %(new)s.") % {"old": _dice_text(strip.rerolled),
                                                         "new": _dice_text(strip.new_dice)},
                      strip.reroll_reason))
    elif strip.rerolls_allowed:
        lines.append((_("Keeps the dice (may re-roll %(n)d).") % {"n": strip.rerolls_allowed},
                      strip.reroll_reason))
    if strip.kind == "setup":
        lines.append((ngettext("Team dice %(dice)s: %(n)d athlete onto the rope.",
                               "Team dice %(dice)s: %(n)d athletes onto the rope.",
                               strip.athletes_after[p])
                      % {"dice": _dice_text(strip.team_after), "n": strip.athletes_after[p]}, ""))
        if strip.starts is not None:
            a = strip.athletes_after
            lines.append((_("%(y)d against %(r)d athletes: %(who)s starts.")
                          % {"y": a[YELLOW], "r": a[RED], "who": names[strip.starts]}, ""))
        return lines
    athletes = strip.athletes_before
    for data, reason, after in strip.actions:
        if data == "end":
            lines.append((_("Stops here."), reason))
        elif "remove" in data:
            c, t = data["remove"]["common"], data["remove"]["team"]
            lines.append((_("Remove: common %(c)d against team %(t)d, one %(opp)s athlete off "
                            "(%(left)d left).") % {"c": c, "t": t, "opp": names[opp],
                                                   "left": after[opp]}, reason))
        elif "exchange" in data:
            c, t = data["exchange"]["common"], data["exchange"]["team"]
            due = RULES.exchange_bonus + c - t
            got = after[p] - athletes[p]
            text = _("Exchange: common %(c)d in, team %(t)d out, athletes %(change)s "
                     "(%(n)d on the rope).") % {"c": c, "t": t, "change": _signed(due),
                                                "n": after[p]}
            if got != due:
                text += " " + _("The reserve is empty: %(lost)d lost.") % {"lost": due - got}
            lines.append((text, reason))
        athletes = after
    if strip.over and strip.winner is not None:
        lines.append((_("%(who)s has no athlete left on the rope: %(win)s wins.")
                      % {"who": names[1 - strip.winner], "win": names[strip.winner]}, ""))
    elif strip.over:
        lines.append((_("The turn limit is reached: the game is a draw."), ""))
    elif not strip.actions:
        lines.append((_("No common die can be used: the turn ends."), ""))
    elif strip.actions[-1][0] != "end":
        lines.append((_("No common die left to use: the turn ends."), ""))
    return lines


# -- drawing --------------------------------------------------------------------------------


def _caption_paragraph(lines: list[tuple[str, str]], size: float) -> Paragraph:
    style = ParagraphStyle("cap", fontName=font("sans"), fontSize=size, leading=size * 1.22,
                           textColor=ink("text"))
    italic = font("sans-italic")
    parts = []
    for text, why in lines:
        line = escape(text)
        if why:
            line += f' <font name="{italic}" color="{layout()["ink"]["rule"]}">— ' \
                    f"{escape(why)}</font>"
        parts.append(line)
    return Paragraph("<br/>".join(parts), style)


def _fit_caption(lines: list[tuple[str, str]], w: float, h: float) -> Paragraph:
    e = layout()["example"]
    size = float(e["caption_size"])
    while True:
        para = _caption_paragraph(lines, size)
        if para.wrap(w, h)[1] <= h or size <= e["caption_min_size"]:
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


def _label(c: Canvas, text: str, x: float, y: float, size: float = 6.5) -> None:
    c.setFillColor(ink("rule"))
    c.setFont(font("sans-bold"), size)
    c.drawString(x, y, text)


def _mini_rope(c: Canvas, box: Rect, before: tuple[int, int], after: tuple[int, int],
               names: list[str], *, ring_new: bool = True) -> None:
    """The athletes after the turn on the mat's numbered spaces (3 rows, from the centre)."""
    rows = layout()["mat"]["space_rows"]
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
        centred(c, text, "sans-bold", 7, box.cx + sign * box.w / 4, box.y + mm(1.6),
                width=box.w / 2 - mm(2))


def draw_strip(c: Canvas, box: Rect, strip: Strip, names: list[str]) -> None:
    """One strip: turn column, team dice, common roll, mini rope, caption."""
    e = layout()["example"]
    p = strip.player
    ds = mm(e["dice_size"])
    c.saveState()
    c.setStrokeColor(ink("faint"))
    c.setLineWidth(0.5)
    c.roundRect(box.x, box.y, box.w, box.h, mm(2), stroke=1, fill=0)
    # turn column
    col = Rect(box.x, box.y, mm(e["turn_column"]), box.h)
    c.setFillColor(side_ink(p, "tint"))
    c.roundRect(col.x, col.y, col.w, col.h, mm(2), stroke=0, fill=1)
    c.setFillColor(side_ink(p, "dark"))
    title = _("Set-up") if strip.kind == "setup" else _("Turn %(n)d") % {"n": strip.number}
    centred(c, title, "sans-bold", 11, col.cx, col.top - mm(5), width=col.w - mm(3))
    centred(c, names[p], "sans-bold", 8.5, col.cx, col.top - mm(10), width=col.w - mm(3))
    athlete(c, col.cx, col.top - mm(20), mm(10), facing=FACING[p], colour=side_ink(p, "dark"))
    if strip.kind == "turn":
        a = strip.athletes_before
        c.setFillColor(ink("rule"))
        centred(c, _("before: %(y)d : %(r)d") % {"y": a[YELLOW], "r": a[RED]}, "sans", 6.5,
                col.cx, col.y + mm(3), width=col.w - mm(3))
    # diagrams row
    x = col.right + mm(4)
    row_top = box.top - mm(2.5)
    dice_y = row_top - mm(3.5) - ds
    if strip.kind == "turn":
        _label(c, _("Team dice"), x, row_top - mm(2.2))
        exchanged = [d["exchange"]["team"] for d, *_rest in strip.actions
                     if isinstance(d, dict) and "exchange" in d]
        end = _dice_row(c, x, dice_y, strip.team, ds, struck=tuple(exchanged))
        if strip.team_after != strip.team:  # the team after the exchange, edged
            _dice_row(c, x, dice_y - ds * 1.35, strip.team_after, ds, edge=side_ink(p, "dark"))
        x = max(end, x + 3 * ds * 1.25) + mm(4)
    roll_label = _("Set-up roll") if strip.kind == "setup" else _("Common dice")
    _label(c, roll_label, x, row_top - mm(2.2))
    end = _dice_row(c, x, dice_y, strip.roll, ds, struck=strip.rerolled)
    if strip.new_dice:
        _arrow(c, end + mm(0.5), dice_y + ds / 2, mm(5))
        end = _dice_row(c, end + mm(7), dice_y, strip.new_dice, ds, edge=side_ink(p, "dark"))
    if strip.kind == "setup":
        _label(c, _("Team dice"), x, dice_y - mm(4.5))
        end = max(end, _dice_row(c, x, dice_y - mm(5.5) - ds, strip.team_after, ds,
                                 edge=side_ink(p, "dark")))
    rope_w = mm(e["rope_width"])
    rope_box = Rect(box.right - mm(3) - rope_w, dice_y - ds * 1.6, rope_w,
                    row_top - (dice_y - ds * 1.6))
    _label(c, _("On the rope after the turn") if strip.kind == "turn"
           else _("On the rope after set-up"), rope_box.x, row_top - mm(2.2))
    _mini_rope(c, Rect(rope_box.x, rope_box.y, rope_box.w, rope_box.h - mm(3.5)),
               strip.athletes_before, strip.athletes_after, names,
               ring_new=strip.kind == "turn")
    # caption
    cap_x = col.right + mm(4)
    cap = Rect(cap_x, box.y + mm(1.5), box.right - mm(3) - cap_x, rope_box.y - box.y - mm(2.5))
    if strip.kind == "setup":
        cap = Rect(end + mm(5), rope_box.y, rope_box.x - end - mm(9), row_top - rope_box.y)
    para = _fit_caption(captions(strip, names), cap.w, cap.h)
    _w, ph = para.wrap(cap.w, cap.h)
    para.drawOn(c, cap.x, cap.top - ph)
    c.restoreState()


def strip_boxes(page: Paper, ctx: BuildContext) -> list[Rect]:
    """Where the strips of one page go, top to bottom, inside the safe area: as many as fit
    at ``strip_height`` (a minimum), stretched to fill the page."""
    e = layout()["example"]
    x0, y0, x1, y1 = safe_rect(page, profile(ctx.profile))
    top = y1 - mm(e["header_height"])
    h, gap = mm(e["strip_height"]), mm(e["strip_gap"])
    n = int((top - y0 + gap) // (h + gap))
    h = (top - y0 - (n - 1) * gap) / n  # share the page's spare height among the strips
    return [Rect(x0, top - (i + 1) * h - i * gap, x1 - x0, h) for i in range(n)]


def booklet_capacity(ctx: BuildContext) -> int:
    """Strips the booklet holds within its page budget (``max_pages`` in layout.toml)."""
    return len(strip_boxes(ctx.paper, ctx)) * int(layout()["example"]["max_pages"])


def _header(c: Canvas, ctx: BuildContext, replay: Replay, names: list[str], page_no: int,
            pages: int) -> None:
    x0, _y0, x1, y1 = safe_rect(ctx.paper, profile(ctx.profile))
    c.setFillColor(ink("text"))
    c.setFont(font("sans-bold"), 13)
    c.drawString(x0, y1 - mm(5), _("Tug of War: an example game"))
    players = replay.log.header.players
    who = " · ".join(
        f"{names[i]}" + (f" ({players[i].bot})" if players[i].bot else "") for i in range(2))
    c.setFont(font("sans"), 8)
    c.setFillColor(ink("rule"))
    c.drawString(x0, y1 - mm(9.5), who)
    c.drawRightString(x1, y1 - mm(5), _("page %(n)d of %(m)d") % {"n": page_no, "m": pages})


def draw_example(replay: Replay, ctx: BuildContext, out: Path) -> None:
    """Write the booklet for a replayed log (``keep_steps=True``) to ``out``."""
    names = [p.name for p in replay.log.header.players]
    with use_locale(ctx.locale), open_canvas(
        out, ctx.paper, title=_("Tug of War: example game"),
        subject=_("A game log drawn turn by turn, with the reasons for each move"),
    ) as c:
        strips = turn_strips(replay)
        boxes = strip_boxes(ctx.paper, ctx)
        pages = max(1, math.ceil(len(strips) / len(boxes)))
        for page_no in range(pages):
            _header(c, ctx, replay, names, page_no + 1, pages)
            chunk = strips[page_no * len(boxes):(page_no + 1) * len(boxes)]
            for box, strip in zip(boxes, chunk, strict=False):
                draw_strip(c, box, strip, names)
            c.showPage()
