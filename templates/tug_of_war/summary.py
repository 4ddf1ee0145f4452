"""The turn summary: set-up and a turn in brief, on a half-page card (one per player).

Every number on it comes from the rules data (athletes per side, team and common dice, the
exchange bonus, re-rolls per six), and the points the seed leaves open are stated the way the
engine plays them (see ``engines/tug_of_war/game.py``). The two columns are set in the
largest size that fits the card.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.engines.tug_of_war.rules import RULES, Rules
from printkit.fonts import FontRole
from printkit.kits import NoOptions
from printkit.layout.impose import impose
from printkit.layout.sizes import size as item_size
from printkit.scripts import hyphenation_options, paragraph_options
from printkit.templates.tug_of_war.draw import (
    LAYOUT,
    athlete,
    ink,
    rope,
    side_ink,
    side_name,
)
from printkit.units import mm

Section = tuple[str, list[str]]


def sections(ctx: DrawContext, rules: Rules = RULES) -> tuple[list[Section], list[Section]]:
    """The card's text as (heading, items), left column and right column."""
    n = {
        "athletes": rules.athletes_per_side,
        "team": rules.team_dice,
        "common": rules.common_dice,
        "six": rules.faces,
        "bonus": rules.exchange_bonus,
        "yellow": side_name(ctx, 0),
        "red": side_name(ctx, 1),
    }
    setup = [
        ctx._("Each player puts the %(athletes)d athletes of one colour in their reserve.") % n,
        ctx._("%(yellow)s first, then %(red)s: roll %(team)d dice. Once, you may pick up any of "
          "them and roll those again together.") % n,
        ctx._("Those dice are your team dice: set them in your team boxes without turning them.")
        % n,
        ctx._("Move athletes from your reserve onto the rope: as many as your team dice show in "
          "all (at most %(athletes)d).") % n,
        ctx._("The player with fewer athletes on the rope starts; on a tie, %(yellow)s.") % n,
    ]
    rerolls = ctx.ngettext(
        "For each %(six)d among your team dice, you may roll %(per)d common die again "
        "(all of them at once).",
        "For each %(six)d among your team dice, you may roll %(per)d common dice again "
        "(all of them at once).",
        rules.rerolls_per_six,
    ) % {**n, "per": rules.rerolls_per_six}
    if rules.reroll_mode == "sequential":
        rerolls = ctx._("For each %(six)d among your team dice, you may roll one common die "
                        "again, one at a time; a die just rolled may go again.") % n
    bonus = ctx.ngettext("put %(bonus)d athlete from your reserve on the rope",
                     "put %(bonus)d athletes from your reserve on the rope",
                     rules.exchange_bonus) % n
    turn = [
        ctx._("Roll the %(common)d common dice.") % n,
        rerolls,
        ctx._("Then use each common die at most once, each time with a different team die:") % n,
        ctx._("<b>Remove</b>: a common die at least as high as the team die sends one opposing "
          "athlete back to its reserve.") % n,
        ctx._("<b>Exchange</b> (once a turn): the common die joins your team in place of a team "
          "die of a different value. First %(bonus)s; then add as many more as the new die is "
          "higher, or take back as many as it is lower. An exchange never removes an "
          "opposing athlete.") % {**n, "bonus": bonus},
        ctx._("Stop when you like; the turn also ends when no common die can be used.") % n,
    ]
    win = [ctx._("Send the last opposing athlete back to its reserve and you win at once.")]
    readings = [
        ctx._("The die you exchange into your team counts as already used this turn."),
        ctx._("Athletes beyond your reserve are lost; an exchange may not take your own last "
          "athlete off the rope."),
    ]
    left = [(ctx._("Set-up"), setup), (ctx._("Winning"), win),
            (ctx._("How we read the rules"), readings)]
    right = [(ctx._("Your turn"), turn)]
    return left, right


def _paragraphs(ctx: DrawContext, column: list[Section], size: float,
                hyphenate: bool = False) -> list[tuple[Paragraph, float]]:
    """Flowing paragraphs of a column with the space to leave above each; ``hyphenate``
    breaks long words the language's way (pyphen), the last resort before overflow."""
    script = paragraph_options(ctx.locale)  # CJK line breaking where the language needs it
    if hyphenate:
        script = {**script, **hyphenation_options(ctx.locale)}
    head = ParagraphStyle("h", fontName=ctx.font(FontRole.SANS_BOLD), fontSize=size * 1.12,
                          leading=size * 1.35, textColor=ink("text"), **script)
    body = ParagraphStyle("b", fontName=ctx.font(FontRole.SANS), fontSize=size, leading=size * 1.28,
                          leftIndent=size * 1.1, bulletIndent=0, textColor=ink("text"),
                          bulletFontName=ctx.font(FontRole.SANS), bulletFontSize=size, **script)
    bold = ctx.font(FontRole.SANS_BOLD)
    out: list[tuple[Paragraph, float]] = []
    for title, items in column:
        ctx.check_glyphs(FontRole.SANS_BOLD, title, "turn summary")
        out.append((Paragraph(escape(title), head), size * 0.6 if out else 0.0))
        for item in items:
            ctx.check_glyphs(FontRole.SANS, item, "turn summary")
            text = escape(item).replace("&lt;b&gt;", f'<font name="{bold}">').replace(
                "&lt;/b&gt;", "</font>")
            out.append((Paragraph(text, body, bulletText="•"), size * 0.25))
    return out


def _height(paras: list[tuple[Paragraph, float]], width: float) -> float:
    return float(sum(p.wrap(width, 10_000)[1] + gap for p, gap in paras))


def card_face(ctx: DrawContext) -> Callable[..., None]:
    """The drawing callback of the card (the same card for both players)."""
    s = LAYOUT.summary

    def draw(c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
             bleed: float = 0.0) -> None:
        pad = mm(s.padding)
        left, right = sections(ctx)
        head_h = mm(s.head_size * 0.9)
        c.saveState()
        c.setFillColor(ink("fill"))
        c.rect(x - bleed, y + h - pad - head_h * 1.25, w + 2 * bleed, pad + head_h * 1.25 + bleed,
               stroke=0, fill=1)
        c.setFillColor(ink("text"))
        title = ctx._("Tug of War: set-up and turn")
        centred(c, ctx, title, FontRole.SANS_BOLD, s.head_size, x + w / 2,
                y + h - pad - head_h * 0.45,
                width=w * 0.62)
        rope(c, x + pad, x + w * 0.18, y + h - pad - head_h * 0.45, mm(2.2))
        rope(c, x + w * 0.82, x + w - pad, y + h - pad - head_h * 0.45, mm(2.2))
        athlete(c, x + pad + mm(6), y + h - pad - head_h * 0.45, head_h * 1.05, facing=-1,
                colour=side_ink(0, "dark"))
        athlete(c, x + w - pad - mm(6), y + h - pad - head_h * 0.45, head_h * 1.05, facing=1,
                colour=side_ink(1, "dark"))
        top = y + h - pad - head_h * 1.25 - mm(3)
        col_w = (w - 2 * pad - mm(s.columns_gap)) / 2
        avail = top - (y + pad)
        size = s.max_size

        def needed(hyphenate: bool) -> float:
            return max(_height(_paragraphs(ctx, col, size, hyphenate), col_w)
                       for col in (left, right))

        while size > s.min_size and needed(False) > avail:  # shrink first,
            size -= 0.25
        hyphenate = needed(False) > avail  # then hyphenate, then report
        for i, col in enumerate((left, right)):
            cx = x + pad + i * (col_w + mm(s.columns_gap))
            cy = top
            paras = _paragraphs(ctx, col, size, hyphenate)
            for para, gap in paras:
                ph = para.wrap(col_w, 10_000)[1]
                cy -= gap + ph
                para.drawOn(c, cx, cy)
            used = _height(paras, col_w)
            if used > avail:
                ctx.preflight.add("error", "text-overflow",
                                  f"column {i + 1} needs {used - avail:.0f} pt more",
                                  ctx.where("turn summary"))
        c.setStrokeColor(ink("faint"))
        c.setLineWidth(0.5)
        mid = x + pad + col_w + mm(s.columns_gap) / 2
        c.line(mid, y + pad, mid, top)
        c.restoreState()

    return draw


def draw_summary(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """Two cards (one per player) on one page, with cut lines: upright on portrait paper,
    turned side by side on landscape (the imposer turns them when that fits more)."""
    face = card_face(ctx)
    impose([face, face], item_size(LAYOUT.summary.size), ctx, path, rotate=True,
           title=ctx._("Tug of War: turn summary"), subject=ctx._("Set-up and a turn in brief"))
