"""The reference cards: every power of a sheet with its options, and a round in brief.

Both are half-page cards, two to a page, one per player: a custom sheet's card first (its own
powers and options, its free activation numbers), then the standard sheet's. Every option
and every number on them (set-up developments, the dice, the winning score, the two round
limits) comes from the sheet and the rules the engine plays with; the words are printkit's
own, and go through the build's translations.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.engines.war_pnp.rules import RULES, PowerKind, PowerSpec, Rules
from printkit.engines.war_pnp.sheets import SheetSpec
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import NoOptions
from printkit.layout.impose import impose
from printkit.layout.sizes import size as item_size
from printkit.page.preflight import MIN_TEXT_PT
from printkit.scripts import hyphenation_options, paragraph_options
from printkit.templates.war_pnp.sheet import (
    LAYOUT,
    TITLE,
    Block,
    flow,
    flow_size,
    ink,
    roman,
    sheet_title,
    text_left,
)
from printkit.templates.war_pnp.sheets import build_sheets
from printkit.units import mm

POWER_NAMES: dict[PowerKind, str] = {
    PowerKind.GROW: N_("Grow"),
    PowerKind.DOUBLE: N_("Double"),
    PowerKind.BEND: N_("Bend"),
    PowerKind.BLOCK: N_("Block"),
    PowerKind.STEAL: N_("Steal"),
    PowerKind.CANCEL: N_("Cancel"),
    PowerKind.TRAP: N_("Trap"),
    PowerKind.DECAY: N_("Decay"),
    PowerKind.POWERUP: N_("PowerUp"),
    PowerKind.WITHER: N_("Wither"),
    PowerKind.REROLL: N_("Re-roll"),
    PowerKind.POKE: N_("Poke"),
}
"""The powers' names as players write them on the sheet."""

POWER_LINES: dict[PowerKind, str] = {
    PowerKind.GROW: N_("Develop that many more boxes; your opponents develop the second "
                       "number (they choose which)."),
    PowerKind.DOUBLE: N_("Write 2x on that many of your Points boxes: the box scores double "
                         "once."),
    PowerKind.BEND: N_("Move the dice sum up or down by up to that much, for your own Points "
                       "only."),
    PowerKind.BLOCK: N_("Write X on that many Points boxes of one opponent: the box scores "
                        "nothing once."),
    PowerKind.STEAL: N_("Take points from one opponent: at most that box's value in the column "
                        "you score, and never more than you gain."),
    PowerKind.CANCEL: N_("Stop one power with no more active boxes, or erase that many marks, "
                         "or take that much off a Withering."),
    PowerKind.TRAP: N_("Write T by that many scores on one opponent's track; if they land on "
                       "one, un-develop one of their boxes."),
    PowerKind.DECAY: N_("The box one opponent scores this round counts that many boxes lower "
                        "(below i: nothing)."),
    PowerKind.POWERUP: N_("Write that PU on one of your Points boxes: the box scores that many "
                          "times its value once."),
    PowerKind.WITHER: N_("Write W under one opponent's Points column: its boxes score that "
                         "much less for good (it adds up)."),
    PowerKind.REROLL: N_("Roll one die again, that many times, for your own Points only."),
    PowerKind.POKE: N_("One opponent loses that many points."),
}
"""What each power does, in one line; the option table gives the "that many"."""

CARD_DETAIL = {"powers": "powers card", "round": "round card"}


def power_name(ctx: DrawContext, kind: PowerKind) -> str:
    """A power's name in the build's language."""
    return ctx._(POWER_NAMES[kind])


def option_text(ctx: DrawContext, power: PowerSpec, rank: int) -> tuple[str, str]:
    """The option of ``power`` at box ``rank`` (1-6) as the table prints it: a main line
    and a second line (Grow's gift to the opponents, else empty)."""
    n = power.amount(rank)
    number = ctx.format_number(n)
    kind = power.kind
    if kind is PowerKind.GROW:
        gift = power.gifts[rank - 1]
        second = ctx._("opp. +%(n)s") % {"n": ctx.format_number(gift)} if gift else ""
        return "+" + number, second
    if kind is PowerKind.BEND:
        return "±" + number, ""
    if kind is PowerKind.STEAL:
        return ctx._("box %(box)s") % {"box": roman(n)}, ""
    if kind is PowerKind.POWERUP:
        return ctx._("PU%(n)s") % {"n": number}, ""
    if kind is PowerKind.WITHER:
        return ctx._("W −%(n)s") % {"n": number}, ""
    if kind in (PowerKind.DECAY, PowerKind.POKE):
        return "−" + number, ""
    return number, ""


def seat_sheets(ctx: DrawContext, rules: Rules = RULES) -> list[SheetSpec]:
    """One sheet per player of a standard game: the custom sheet (if the build has one) for
    the first, the standard sheet for the others."""
    sheets = build_sheets(ctx)
    return sheets + [sheets[-1]] * max(0, rules.default_players - len(sheets))


# --- the powers card -----------------------------------------------------------------------


def _card_frame(c: Canvas, ctx: DrawContext, x: float, y: float, w: float, h: float,
                bleed: float, title: str, sub: str, colour: Color) -> float:
    """The card's title band; returns the y under it."""
    cd = LAYOUT.card
    pad = mm(cd.padding)
    band = mm(cd.title_h)
    c.setFillColor(ink("fill"))
    c.rect(x - bleed, y + h - pad - band, w + 2 * bleed, pad + band + bleed, stroke=0, fill=1)
    c.setFillColor(colour)
    text_left(c, ctx, title, FontRole.SANS_BOLD, cd.title_size,
              Rect(x + pad, y + h - pad - band, (w - 2 * pad) * 0.45, band), detail="card title")
    c.setFillColor(ink("hint"))
    text_left(c, ctx, sub, FontRole.SANS, cd.sub_size,
              Rect(x + pad + (w - 2 * pad) * 0.45, y + h - pad - band, (w - 2 * pad) * 0.55,
                   band), detail="card title")
    return y + h - pad - band - mm(2)


def _description_style(ctx: DrawContext, size: float, hyphenate: bool) -> ParagraphStyle:
    script = paragraph_options(ctx.locale)
    if hyphenate:
        script = {**script, **hyphenation_options(ctx.locale)}
    return ParagraphStyle("d", fontName=ctx.font(FontRole.SANS), fontSize=size, leading=size * 1.18,
                          textColor=ink("text"), **script)


def powers_card(ctx: DrawContext, spec: SheetSpec) -> Callable[..., None]:
    """The drawing callback of the powers card of ``spec``: a table of its powers, each with
    what it does and its six options i-vi."""
    cd = LAYOUT.card
    detail = CARD_DETAIL["powers"]

    def draw(c: Canvas, x: float, y: float, w: float, h: float, _index: int, *,
             bleed: float = 0.0) -> None:
        pad = mm(cd.padding)
        c.saveState()
        top = _card_frame(c, ctx, x, y, w, h, bleed, ctx._("Powers"),
                          ctx._(TITLE) + " · " + sheet_title(ctx, spec), ink("powers"))
        inner_w = w - 2 * pad
        name_w, opt_w = mm(cd.name_w), mm(cd.option_w)
        boxes = len(spec.powers[0].options)
        desc_w = inner_w - name_w - boxes * opt_w
        left = x + pad
        # the column heads
        head_h = mm(cd.head_h)
        c.setFillColor(ink("powers"))
        head_size = cd.head_size
        text_left(c, ctx, ctx._("Power"), FontRole.SANS_BOLD, head_size,
                  Rect(left + mm(1), top - head_h, name_w - mm(1), head_h), detail=detail)
        text_left(c, ctx, ctx._("What it does: \"that many\" is the option"), FontRole.SANS_BOLD,
                  head_size, Rect(left + name_w, top - head_h, desc_w - mm(1), head_h),
                  detail=detail)
        for b in range(1, boxes + 1):
            cx = left + name_w + desc_w + (b - 1) * opt_w
            centred(c, ctx, roman(b), FontRole.SANS_BOLD, head_size + 1, cx + opt_w / 2,
                    top - head_h / 2, width=opt_w, detail=detail, minimum=MIN_TEXT_PT)
        top -= head_h
        foot_h = mm(6)
        bottom = y + pad + foot_h
        row_h = (top - bottom) / len(spec.powers)
        # one text size for every description: the largest that fits each row
        size = cd.max_size

        def fits(s: float, hyphenate: bool = False) -> bool:
            style = _description_style(ctx, s, hyphenate)
            return all(Paragraph(escape(ctx._(POWER_LINES[p.kind])), style).wrap(
                desc_w - mm(2), 10_000)[1] <= row_h - mm(1) for p in spec.powers)

        while size > cd.min_size and not fits(size):
            size = max(cd.min_size, size - 0.25)
        hyphenate = not fits(size)
        style = _description_style(ctx, size, hyphenate)
        for i, power in enumerate(spec.powers):
            ry = top - (i + 1) * row_h
            if i % 2 == 0:
                c.setFillColor(ink("powers_tint"))
                c.rect(left, ry, inner_w, row_h, stroke=0, fill=1)
            c.setFillColor(ink("powers"))
            text_left(c, ctx, power_name(ctx, power.kind), FontRole.SANS_BOLD, size + 1.5,
                      Rect(left + mm(1), ry, name_w - mm(2), row_h), detail=detail)
            line = ctx._(POWER_LINES[power.kind])
            ctx.check_glyphs(FontRole.SANS, line, detail)
            para = Paragraph(escape(line), style)
            ph = para.wrap(desc_w - mm(2), 10_000)[1]
            if ph > row_h:
                ctx.check_text(line, FontRole.SANS, size, desc_w - mm(2), row_h, detail=detail)
            para.drawOn(c, left + name_w, ry + (row_h - ph) / 2)
            for b in range(1, boxes + 1):
                cell = Rect(left + name_w + desc_w + (b - 1) * opt_w, ry, opt_w, row_h)
                main, second = option_text(ctx, power, b)
                c.setFillColor(ink("text"))
                if second:
                    upper = Rect(cell.x, cell.cy, cell.w, cell.h / 2)
                    lower = Rect(cell.x, cell.y + cell.h * 0.08, cell.w, cell.h * 0.42)
                    centred(c, ctx, main, FontRole.SANS_BOLD, size + 1, upper.cx, upper.y + mm(0.6),
                            width=cell.w - mm(1), detail=detail, minimum=MIN_TEXT_PT)
                    c.setFillColor(ink("hint"))
                    centred(c, ctx, second, FontRole.SANS, size, lower.cx, lower.cy,
                            width=cell.w - mm(1), detail=detail, minimum=MIN_TEXT_PT)
                else:
                    centred(c, ctx, main, FontRole.SANS_BOLD, size + 1, cell.cx, cell.cy,
                            width=cell.w - mm(1), detail=detail, minimum=MIN_TEXT_PT)
        c.setStrokeColor(ink("faint"))
        c.setLineWidth(0.5)
        for b in range(boxes + 1):
            lx = left + name_w + desc_w + b * opt_w
            c.line(lx, bottom, lx, top + head_h)
        c.line(left, top, left + inner_w, top)
        c.line(left, bottom, left + inner_w, bottom)
        c.setFillColor(ink("hint"))
        note = ctx._("Option: the highest developed box of the power's row (i-vi). A box or a "
                     "score holds one mark at a time; only Withering adds up.")
        text_left(c, ctx, note, FontRole.SANS_ITALIC, cd.note_size,
                  Rect(left, y + pad, inner_w, foot_h), detail=detail)
        c.restoreState()

    return draw


# --- the round card ------------------------------------------------------------------------


def round_blocks(ctx: DrawContext, spec: SheetSpec,
                 rules: Rules = RULES) -> tuple[list[Block], list[Block]]:
    """The round card's text as (heading, items), left column and right column."""
    n = {
        "setup": rules.setup_developments,
        "dice": rules.dice,
        "faces": rules.faces,
        "rows": rules.power_rows,
        "win": rules.win_score,
        "top": rules.score_track_top,
        "hard": rules.hard_decisions_rounds,
        "notes": rules.design_notes_rounds,
        "chances": rules.power_chances_per_player,
        "least": rules.turns_from_players,
        "most": rules.max_players,
    }
    setup = [ctx._("Everyone takes a play sheet and a pencil.")]
    if spec.free_activation:
        setup.append(ctx._("Write a die face (1-%(faces)d) in the number box of each of your "
                           "%(rows)d Powers rows: the dice that show it use that row.") % n)
    setup += [
        ctx.ngettext("Develop %(setup)d box, in your Powers and/or Points, writing S in its O.",
                     "Develop %(setup)d boxes, in your Powers and/or Points, writing S in "
                     "their O.", rules.setup_developments) % n,
        ctx._("<b>Developing</b>: a Powers row fills from i rightwards, a Points column from "
              "i upwards. When a Powers row gets its first O, write a power's name in its "
              "blank."),
        ctx._("Pick a first main player and give them the dice."),
    ]
    end = [
        ctx._("After Gain points: if someone has %(win)d or more and the top score is not "
              "shared, the highest score wins. Otherwise play another round.") % n,
        ctx._("Scores may pass %(top)d: write the total in the Total box.") % n,
    ]
    limits = [
        ctx._("<b>Hard Decisions</b>: the game ends after round %(hard)d.") % n,
        ctx._("<b>Design notes</b>: the game ends after round %(notes)d.") % n,
        ctx._("Either way the highest score wins; a tie at the top plays on."),
    ]
    rounds = [
        ctx._("<b>Develop a power</b>: fill one O in a Powers row with the round number."),
        ctx._("<b>Develop a Points column</b>: fill one O in a Points column with the round "
              "number."),
        ctx._("<b>Roll</b>: the main player rolls %(dice)d dice; everyone writes both under "
              "Rolls.") % n,
        ctx._("<b>Use and resolve powers</b>: each die uses the Powers row of its number (a "
              "double, twice) at the option of the row's highest developed box. Powers act "
              "at the same time."),
        ctx._("<b>Gain points</b>: pick one developed box of the column whose numbers include "
              "the dice sum and score its value (Decay first, then Withering, then 2x or PU; "
              "X scores nothing)."),
        ctx._("<b>Check the end</b>: see End of the game."),
        ctx._("<b>Pass the dice</b>: the next player is the main player."),
    ]
    order = [ctx._("Everyone plays each phase at once; when order matters, the main player "
                   "goes first, then clockwise.")]
    many = [ctx._("Take turns in every phase, from the main player clockwise."),
            ctx.ngettext("<b>Use powers</b>: in turn, use one activated power (on one "
                         "opponent) or pass, until everyone has had %(chances)d turn; a pass "
                         "forfeits that use.",
                         "<b>Use powers</b>: in turn, use one activated power (on one "
                         "opponent) or pass, until everyone has had %(chances)d turns; a pass "
                         "forfeits that use.", rules.power_chances_per_player) % n]
    marks = [
        ctx._("<b>S</b> or a round number in an O: the box is developed."),
        ctx._("<b>2x</b>, <b>PU#</b>, <b>X</b> on a Points box; <b>T</b> beside a score; "
              "<b>W −#</b> under a Points column."),
        ctx._("A box or a score holds one mark at a time; a used mark is erased. Withering "
              "adds up."),
    ]
    left: list[Block] = [(ctx._("Set-up"), setup, False), (ctx._("End of the game"), end, False),
                         (ctx._("Round limits (agree before playing)"), limits, False)]
    right: list[Block] = [(ctx._("A round"), rounds, True), (ctx._("At the same time"), order,
                                                             False),
                          (ctx._("With %(least)d to %(most)d players") % n, many, False),
                          (ctx._("Marks"), marks, False)]
    return left, right


def round_card(ctx: DrawContext, spec: SheetSpec) -> Callable[..., None]:
    """The drawing callback of the round card of ``spec``: set-up, a round, the end."""
    cd = LAYOUT.card
    detail = CARD_DETAIL["round"]

    def draw(c: Canvas, x: float, y: float, w: float, h: float, _index: int, *,
             bleed: float = 0.0) -> None:
        pad = mm(cd.padding)
        c.saveState()
        top = _card_frame(c, ctx, x, y, w, h, bleed, ctx._("Set-up and a round"),
                          ctx._(TITLE) + " · " + sheet_title(ctx, spec), ink("points"))
        gap = mm(cd.columns_gap)
        col_w = (w - 2 * pad - gap) / 2
        columns = round_blocks(ctx, spec)
        boxes = [Rect(x + pad + i * (col_w + gap), y + pad, col_w, top - (y + pad))
                 for i in range(len(columns))]
        # one text size for both columns: the largest at which each fits
        size = min(flow_size(ctx, blocks, box, max_size=cd.round_max_size,
                             min_size=cd.min_size)
                   for blocks, box in zip(columns, boxes, strict=True))
        for blocks, box in zip(columns, boxes, strict=True):
            flow(c, ctx, blocks, box, max_size=size, min_size=size, detail=detail,
                 colour=ink("points"))
        c.setStrokeColor(ink("faint"))
        c.setLineWidth(0.5)
        mid = x + pad + col_w + gap / 2
        c.line(mid, y + pad, mid, top)
        c.restoreState()

    return draw


# --- the components ------------------------------------------------------------------------


def draw_powers_card(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The powers card, one per player, two to a page with cut lines."""
    faces = [powers_card(ctx, spec) for spec in seat_sheets(ctx)]
    impose(faces, item_size(LAYOUT.card.size), ctx, path, rotate=True,
           title=ctx._(TITLE) + ": " + ctx._("powers card"),
           subject=ctx._("Every power and its six options"))


def draw_round_card(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The round card, one per player, two to a page with cut lines."""
    faces = [round_card(ctx, spec) for spec in seat_sheets(ctx)]
    impose(faces, item_size(LAYOUT.card.size), ctx, path, rotate=True,
           title=ctx._(TITLE) + ": " + ctx._("round card"),
           subject=ctx._("Set-up, a round and the end in brief"))
