"""The Supply tracker and the turn-reference card: one of each per player, two to a page.

The tracker holds the Supply (boxes 0 to ``max_supply``, each big enough for the build's die,
the printed d6 or a shop-bought one, so that the Supply die, a coin or a pencil mark can stand
in it) and a tick box per Troop (``troops``, named like the engine names them: A1-A8), for the
Troops out of the area. The turn card says set-up, the four actions, defence and victory in
printkit's own words, every number from the rules data. Every word goes through the build's
translations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.dice import SHOP_D6_MM
from printkit.drawing.draw import centred
from printkit.engines.war_of_bones.rules import Rules
from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.kits import NoOptions
from printkit.layout.impose import impose
from printkit.layout.sizes import ItemSize
from printkit.layout.sizes import size as item_size
from printkit.page.preflight import MIN_WRITE_ROW, WRITE_DIGIT
from printkit.page.profiles import build_id
from printkit.scripts import hyphenation_options, paragraph_options
from printkit.templates.war_of_bones.mat import (
    LAYOUT,
    PLAYER_A,
    PLAYER_B,
    TITLE,
    colour_name,
    converge_sides_in,
    game_rules,
    ink,
    player_badge,
    player_ink,
    player_letter,
    player_name,
    text_in,
)
from printkit.templates.war_of_bones.ruler import printed_d6_mm
from printkit.units import mm

PLAYERS = (PLAYER_A, PLAYER_B)


def _frame(c: Canvas, ctx: DrawContext, rules: Rules, player: int, x: float, y: float,
           w: float, h: float, bleed: float, title: str, section: str) -> float:
    """A card's title band: the player's badge, the title, the game's name; returns the y
    under it."""
    cd = LAYOUT.tracker if section == "tracker" else LAYOUT.card
    pad, band = mm(cd.padding), mm(cd.title_h)
    c.setFillColor(player_ink(player, "tint"))
    c.rect(x - bleed, y + h - pad - band, w + 2 * bleed, pad + band + bleed, stroke=0, fill=1)
    player_badge(c, ctx, player, rules, x + pad, y + h - pad - band + mm(0.5), band - mm(1))
    c.setFillColor(player_ink(player, "dark"))
    left = x + pad + band + mm(2)
    text_in(c, ctx, title, FontRole.SANS_BOLD, cd.title_size,
            Rect(left, y + h - pad - band, (x + w - pad - left) * 0.62, band),
            detail=section)
    c.setFillColor(ink("hint"))
    text_in(c, ctx, ctx._(TITLE), FontRole.SANS, cd.sub_size,
            Rect(left + (x + w - pad - left) * 0.62, y + h - pad - band,
                 (x + w - pad - left) * 0.38, band), align="right", detail=section)
    return y + h - pad - band


# --- the Supply tracker ---------------------------------------------------------------------


def tracker_size() -> ItemSize:
    return item_size(LAYOUT.tracker.size)


def supply_die_mm(rules: Rules) -> float:
    """The largest die a Supply box must hold: the build's die, the printed d6 or a
    shop-bought one."""
    return max(rules.die_size_mm, printed_d6_mm(), SHOP_D6_MM)


@dataclass(frozen=True)
class TrackerGeometry:
    """Every box of a tracker card, in points, in the card's own frame."""

    top: float  # under the title band
    supply_label: Rect
    supply: tuple[Rect, ...]  # box 0, 1 ... max_supply
    supply_hint: Rect
    troop_label: Rect
    troops: tuple[Rect, ...]  # Troop 1 ... troops
    troop_hint: Rect


def tracker_geometry(rules: Rules, w: float | None = None, h: float | None = None
                     ) -> TrackerGeometry:
    """The tracker's boxes on a card of ``w x h`` points (default: ``[tracker] size``)."""
    t = LAYOUT.tracker
    card = tracker_size()
    w = card.width if w is None else w
    h = card.height if h is None else h
    pad = mm(t.padding)
    inner = Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    top = h - pad - mm(t.title_h)
    gap = mm(t.section_gap)
    n = rules.max_supply + 1
    side = mm(supply_die_mm(rules) + 2 * t.die_clearance)
    box_gap = mm(t.box_gap)
    row_w = n * side + (n - 1) * box_gap
    if row_w > inner.w + 0.01:
        raise LayoutError(f"Supply tracker: {n} boxes of {side / mm(1):.1f} mm do not fit "
                          f"across the card; widen [tracker] size")
    label_h = mm(t.number_h)
    x0 = inner.cx - row_w / 2
    box_y = top - gap - label_h - side
    supply = tuple(Rect(x0 + i * (side + box_gap), box_y, side, side) for i in range(n))
    hint_h = t.hint_size * 1.4  # one line of the hint, in points
    supply_hint = Rect(x0, box_y - hint_h - mm(1), row_w, hint_h)
    troop = mm(t.troop_box)
    troop_gap = mm(t.troop_gap)
    troops_w = rules.troops * troop + (rules.troops - 1) * troop_gap
    troop_y = supply_hint.y - gap - troop
    label_w = row_w - troops_w - mm(2)
    if label_w < mm(20):
        raise LayoutError("Supply tracker: the Troop boxes leave no room for their label")
    troops = tuple(Rect(x0 + row_w - troops_w + i * (troop + troop_gap), troop_y, troop, troop)
                   for i in range(rules.troops))
    troop_hint = Rect(x0, troop_y - hint_h - mm(1), row_w, hint_h)
    if troop_hint.y < inner.y - 0.01:
        raise LayoutError("Supply tracker: the boxes do not fit the card; make it taller")
    return TrackerGeometry(top, Rect(x0, box_y + side, row_w, label_h), supply, supply_hint,
                           Rect(x0, troop_y, label_w, troop), troops, troop_hint)


def tracker_card(ctx: DrawContext, rules: Rules, player: int) -> Callable[..., None]:
    """The drawing callback of one player's tracker card."""
    t = LAYOUT.tracker
    detail = "supply tracker"

    def draw(c: Canvas, x: float, y: float, w: float, h: float, _index: int, *,
             bleed: float = 0.0) -> None:
        g = tracker_geometry(rules, w, h)
        c.saveState()
        _frame(c, ctx, rules, player, x, y, w, h, bleed,
               ctx._("%(player)s: Supply") % {"player": player_name(ctx, player, rules)},
               "tracker")
        c.translate(x, y)
        number = t.number_size
        for value, box in enumerate(g.supply):
            c.setFillColor(ink("box"))
            c.setStrokeColor(player_ink(player, "dark"))
            c.setLineWidth(0.9)
            c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=1)
            # the value once, above its box: a die or coin in the box hides nothing
            c.setFillColor(player_ink(player, "dark"))
            centred(c, ctx, ctx.format_number(value), FontRole.SANS_BOLD, number, box.cx,
                    g.supply_label.cy, detail=detail)
        c.setFillColor(ink("hint"))
        text_in(c, ctx, ctx._("Resupply: take one of your Troops out of the area and add its "
                              "Firepower (never more than %(max)d). Spend supplies on "
                              "re-rolls.") % {"max": rules.max_supply}, FontRole.SANS,
                t.hint_size, g.supply_hint, detail=detail)
        c.setFillColor(player_ink(player, "dark"))
        text_in(c, ctx, ctx._("Troops out of the area"), FontRole.SANS_BOLD,
                t.number_size,
                g.troop_label, detail=detail)
        letter = player_letter(player, rules)
        for i, box in enumerate(g.troops, start=1):
            c.setFillColor(ink("box"))
            c.setStrokeColor(player_ink(player, "dark"))
            c.setLineWidth(0.7)
            c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=1)
            c.setFillColor(ink("hint"))
            text_in(c, ctx, f"{letter}{i}", FontRole.SANS, t.troop_label_size,
                    Rect(box.x + mm(0.8), box.top - mm(3), box.w - mm(1.6), mm(2.6)),
                    detail=detail)
            ctx.preflight.check_box("Troop tick box", box, WRITE_DIGIT, MIN_WRITE_ROW,
                                    where=ctx.where(detail))
        c.setFillColor(ink("hint"))
        text_in(c, ctx, ctx._("Tick a Troop when it is slain or used to Resupply; rub the tick "
                              "out when a Reinforce brings it back."), FontRole.SANS,
                t.hint_size, g.troop_hint, detail=detail)
        c.restoreState()

    return draw


def draw_supply_tracker(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """One tracker card per player, on one sheet with cut lines."""
    rules = game_rules(ctx)
    impose([tracker_card(ctx, rules, p) for p in PLAYERS], tracker_size(), ctx, path,
           title=ctx._(TITLE) + ": " + ctx._("Supply tracker"),
           subject=ctx._("Each player's Supply, 0 to %(top)d, and their Troops out of the "
                          "area") % {"top": rules.max_supply},
           build=build_id("war-of-bones", "supply-tracker", rules.max_supply, rules.troops,
                          supply_die_mm(rules), ctx.paper.size, ctx.profile, ctx.locale))


# --- the turn-reference card ----------------------------------------------------------------

Block = tuple[str, Sequence[str], bool]
"""A heading, its items (``<b>`` marks bold), and whether they are numbered."""


def turn_blocks(ctx: DrawContext, rules: Rules) -> tuple[list[Block], list[Block]]:
    """The card's text as (left column, right column), every number from ``rules``."""
    fmt = ctx.format_number
    converges = rules.converges_allowed
    n = {
        "dice": rules.troops + rules.rollers + rules.supply_dice,
        "troops": rules.troops,
        "rollers": rules.rollers,
        "supply": rules.supply_dice,
        "own": rules.setup_own,
        "other": rules.setup_opponent,
        "area": fmt(rules.area_in),
        "max": rules.max_troops_in_area,
        "max_supply": rules.max_supply,
        "converge": fmt(rules.converge_in),
        "after": fmt(converge_sides_in(rules)[-1]) if converges else fmt(rules.area_in),
        "n": converges,
        "cost": rules.supply_reroll_cost,
    }
    setup = [
        ctx.ngettext("Each player takes %(dice)d dice of one colour: %(troops)d Troops, "
                     "%(rollers)d Rollers and %(supply)d Supply die. Rollers and the Supply "
                     "die stay beside the area.",
                     "Each player takes %(dice)d dice of one colour: %(troops)d Troops, "
                     "%(rollers)d Rollers and %(supply)d Supply dice. Rollers and Supply "
                     "dice stay beside the area.", rules.supply_dice) % n,
        ctx._("Each player rolls %(own)d of their own Troops and %(other)d of the "
              "opponent's into the %(area)s × %(area)s in area, both at once. A die that "
              "falls out or lands on another is rolled again.") % n,
        ctx._("Roll off: the winner chooses <b>Reengage</b> or <b>First Strike</b>, the "
              "other player gets the other."),
        ctx._("<b>Reengage</b>: pick up any number of the opponent's Troops, then up to as "
              "many of your own, and roll them all back in."),
        ctx._("<b>First Strike</b>: take the first turn."),
    ]
    supplies = [
        ctx.ngettext("Spend %(cost)d supply to re-roll one die of your own roll, right after "
                     "the roll. Dice rolled into the area cannot be re-rolled.",
                     "Spend %(cost)d supplies to re-roll one die of your own roll, right "
                     "after the roll. Dice rolled into the area cannot be re-rolled.",
                     rules.supply_reroll_cost) % n,
    ]
    measuring = [
        ctx._("A die is in the area only when it lies wholly inside the edge line."),
        ctx._("Range is the gap between the two dice's nearest faces, in die widths. Lay the "
              "range ruler's box 1 end against the attacker: the box the target's nearest "
              "face is in is the Firepower that reaches it (on a line, the lower number)."),
    ]
    victory = [ctx._("At the end of any turn, a player with no Troops in the area loses; "
                     "the other player wins.")]
    if converges:
        converge = ctx.ngettext(
            "<b>Converge</b>: takes effect only if the other player converged on the turn "
            "just before. Every edge moves %(converge)s in inwards (to %(after)s in); Troops "
            "not wholly inside are rolled back in. At most %(n)d Converge a game.",
            "<b>Converge</b>: takes effect only if the other player converged on the turn "
            "just before. Every edge moves %(converge)s in inwards (to %(after)s in); Troops "
            "not wholly inside are rolled back in. At most %(n)d Converges a game.",
            converges) % n
    else:
        converge = ctx._("<b>Converge</b>: not allowed (the area is already as small as it "
                         "may be).")
    actions = [
        ctx._("<b>Attack</b>: choose one of your Troops. Its face is its Firepower and its "
              "range in die widths, face to face: declare, then measure with the ruler. "
              "Split the Firepower into attacks whose Strengths add up to it, each at an "
              "enemy Troop in range. Roll one Roller per attack and add its Strength."),
        ctx._("<b>Reinforce</b>: roll a Roller for one of your Troops. Higher than its face: "
              "roll that Troop into the area again. A 6 also rolls in one of your Troops "
              "from outside, up to %(max)d in the area.") % n,
        ctx._("<b>Resupply</b>: take one of your Troops out of the area and add its "
              "Firepower to your Supply (never more than %(max_supply)d).") % n,
        converge,
    ]
    defence = [
        ctx._("The defender rolls one die per attack, all at once, and sets each roll "
              "against one attack on that Troop."),
        ctx._("Each pair: attack roll + Strength, minus defence roll + the Troop's "
              "Firepower. At least its Firepower: the Troop is slain. Above 0: turn it down "
              "one face, in place. Otherwise nothing."),
    ]
    left: list[Block] = [(ctx._("Set-up"), setup, False),
                         (ctx._("Measuring"), measuring, False),
                         (ctx._("Victory"), victory, False)]
    right: list[Block] = [(ctx._("Your turn: one action"), actions, True),
                          (ctx._("Defence"), defence, False),
                          (ctx._("Supplies"), supplies, False)]
    return left, right


def _paragraphs(ctx: DrawContext, blocks: Sequence[Block], size: float, hyphenate: bool,
                colour: Color, detail: str) -> list[tuple[Paragraph, float]]:
    """Headings and bulleted or numbered items as paragraphs, each with the gap above it."""
    script = paragraph_options(ctx.locale)
    if hyphenate:
        script = {**script, **hyphenation_options(ctx.locale)}
    head = ParagraphStyle("h", fontName=ctx.font(FontRole.SANS_BOLD), fontSize=size * 1.12,
                          leading=size * 1.35, textColor=colour, **script)
    body = ParagraphStyle("b", fontName=ctx.font(FontRole.SANS), fontSize=size, leading=size * 1.25,
                          leftIndent=size * 1.2, bulletIndent=0, textColor=ink("text"),
                          bulletFontName=ctx.font(FontRole.SANS_BOLD), bulletFontSize=size,
                          **script)
    bold = ctx.font(FontRole.SANS_BOLD)
    out: list[tuple[Paragraph, float]] = []
    for title, items, numbered in blocks:
        ctx.check_glyphs(FontRole.SANS_BOLD, title, detail)
        out.append((Paragraph(escape(title), head), size * 0.6 if out else 0.0))
        for i, item in enumerate(items, start=1):
            ctx.check_glyphs(FontRole.SANS, item.replace("<b>", "").replace("</b>", ""), detail)
            text = escape(item).replace("&lt;b&gt;", f'<font name="{bold}">').replace(
                "&lt;/b&gt;", "</font>")
            bullet = ctx.format_number(i) + "." if numbered else "•"
            out.append((Paragraph(text, body, bulletText=bullet), size * 0.25))
    return out


def _height(paras: list[tuple[Paragraph, float]], width: float) -> float:
    return float(sum(p.wrap(width, 100_000)[1] + gap for p, gap in paras))


def text_size(ctx: DrawContext, columns: Sequence[Sequence[Block]], boxes: Sequence[Rect],
              colour: Color) -> tuple[float, bool]:
    """The largest size (quarter points, from ``max_size`` down to ``min_size``) at which
    every column fits its box, and whether it needs hyphenation even then."""
    cd = LAYOUT.card
    size = cd.max_size

    def fits(s: float, hyphenate: bool) -> bool:
        return all(_height(_paragraphs(ctx, blocks, s, hyphenate, colour, ""), box.w) <= box.h
                   for blocks, box in zip(columns, boxes, strict=True))

    while size > cd.min_size and not fits(size, False):
        size = max(cd.min_size, size - 0.25)
    return size, not fits(size, False)


def turn_card(ctx: DrawContext, rules: Rules, player: int) -> Callable[..., None]:
    """The drawing callback of one player's turn-reference card: two columns of text set
    at one size, the largest at which both fit."""
    cd = LAYOUT.card
    detail = "turn card"

    def draw(c: Canvas, x: float, y: float, w: float, h: float, _index: int, *,
             bleed: float = 0.0) -> None:
        pad = mm(cd.padding)
        c.saveState()
        top = _frame(c, ctx, rules, player, x, y, w, h, bleed,
                     ctx._("Turn reference") + " · " + ctx._("%(colour)s dice") % {
                         "colour": colour_name(ctx, player)}, "card") - mm(2.5)
        gap = mm(cd.columns_gap)
        col_w = (w - 2 * pad - gap) / 2
        columns = turn_blocks(ctx, rules)
        boxes = [Rect(x + pad + i * (col_w + gap), y + pad, col_w, top - (y + pad))
                 for i in range(2)]
        colour = player_ink(player, "dark")
        size, hyphenate = text_size(ctx, columns, boxes, colour)
        for blocks, box in zip(columns, boxes, strict=True):
            paras = _paragraphs(ctx, blocks, size, hyphenate, colour, detail)
            y_at = box.top
            for para, above in paras:
                ph = para.wrap(box.w, 100_000)[1]
                y_at -= above + ph
                para.drawOn(c, box.x, y_at)
            used = _height(paras, box.w)
            if used > box.h + 0.01:
                ctx.preflight.add("error", "text-overflow",
                                  f"turn card needs {used - box.h:.0f} pt more",
                                  ctx.where(detail))
        c.setStrokeColor(ink("grid_major"))
        c.setLineWidth(0.5)
        mid = x + pad + col_w + gap / 2
        c.line(mid, y + pad, mid, top)
        c.restoreState()

    return draw


def card_size() -> ItemSize:
    return item_size(LAYOUT.card.size)


def draw_turn_card(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """One turn-reference card per player, two to a page with cut lines."""
    rules = game_rules(ctx)
    impose([turn_card(ctx, rules, p) for p in PLAYERS], card_size(), ctx, path,
           title=ctx._(TITLE) + ": " + ctx._("turn reference"),
           subject=ctx._("Set-up, the four actions, defence and victory in brief"),
           build=build_id("war-of-bones", "turn-card", repr(rules), ctx.paper.size, ctx.profile,
                          ctx.locale))
