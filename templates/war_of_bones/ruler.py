"""The range rulers: range in die widths, face to face, for the die size a build plays with.

A Troop's Firepower is its range: a target is in range when the gap between the two dice's
nearest faces is at most Firepower die widths (the engine's reading). A ruler's zero is its
left, cut edge: laid against the attacker's face, the box the target's nearest face falls in
is the Firepower that reaches it (on a line: the lower box's number reaches). The edges of the
boxes are ticks at k x the die size from the zero, for k = 1 to the die's highest face.

A build prints two rulers of its die size (the game option ``die_size_mm``, else the rules
data's default), one per player with their letter, then one of every other preset size and of
the printed d6 of this kit (:func:`printkit.drawing.polyhedra.die_size`), so that whatever
dice are on the table, one ruler fits them. Every ruler has one length (six widths of the
largest die printed, and a stub past the last box), so the shared imposition lays them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.drawing.polyhedra import die_size
from printkit.engines.war_of_bones.rules import Rules
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.kits import NoOptions
from printkit.layout.impose import impose
from printkit.layout.sizes import ItemSize
from printkit.page.preflight import MIN_TEXT_PT
from printkit.page.profiles import build_id
from printkit.templates.war_of_bones.mat import (
    LAYOUT,
    PLAYER_A,
    PLAYER_B,
    TITLE,
    game_rules,
    ink,
    player_badge,
    text_in,
)
from printkit.units import mm


@dataclass(frozen=True)
class RulerSpec:
    """One ruler: its die size, and the player it belongs to (the build's own size is
    printed once per player; the other sizes once, for nobody in particular)."""

    die_mm: float
    player: int | None = None


def printed_d6_mm() -> float:
    """The size of the d6 this kit prints (its dice component), face to face."""
    return round(die_size("d6").across, 1)


def ruler_specs(rules: Rules) -> tuple[RulerSpec, ...]:
    """The build's die size for each player, then every preset and the printed d6, once."""
    chosen = rules.die_size_mm
    others = sorted({*rules.die_size_presets_mm, printed_d6_mm()} - {chosen})
    return (RulerSpec(chosen, PLAYER_A), RulerSpec(chosen, PLAYER_B),
            *(RulerSpec(d) for d in others))


def ruler_size(rules: Rules) -> ItemSize:
    """The trim size shared by every ruler of the build: six widths of its largest die and
    the stub past the last box, by the ruler's height."""
    r = LAYOUT.ruler
    longest = max(s.die_mm for s in ruler_specs(rules)) * rules.faces
    return ItemSize("war-of-bones-ruler", round(longest + r.tail, 3),
                    r.height)


def tick_offsets_mm(die_mm: float, boxes: int) -> tuple[float, ...]:
    """Where the ticks lie, in mm from the zero edge: 0, then k x the die size."""
    return tuple(k * die_mm for k in range(boxes + 1))


def ruler_boxes(rules: Rules, spec: RulerSpec | None = None) -> int:
    """How many die widths a ruler of the build measures: its boxes, up to the die's highest
    face, that lie wholly on the strip (the longest range a Troop can have)."""
    spec = spec or ruler_specs(rules)[0]
    length = ruler_size(rules).width_mm
    return sum(1 for t in tick_offsets_mm(spec.die_mm, rules.faces)[1:] if t <= length + 1e-9)


def number_size(die_mm: float) -> float:
    """A box number's size: ``number_share`` pt per mm of die, at most ``number_max``, never
    under the smallest printed size."""
    r = LAYOUT.ruler
    return max(MIN_TEXT_PT, min(r.number_max, die_mm * r.number_share))


def ruler_face(ctx: DrawContext, rules: Rules, spec: RulerSpec) -> Callable[..., None]:
    """The drawing callback of one ruler (in the ruler's own frame)."""
    r = LAYOUT.ruler
    boxes = ruler_boxes(rules, spec)
    detail = f"range ruler {spec.die_mm:g} mm"

    def draw(c: Canvas, x: float, y: float, w: float, h: float, _index: int, *,
             bleed: float = 0.0) -> None:
        d = mm(spec.die_mm)
        top = y + h
        bh = mm(r.boxes_h)
        c.saveState()
        # the boxes, alternately shaded; past the last one, out of range (colour that
        # reaches the trim runs on into the bleed, print-shop)
        for k in range(1, boxes + 1):
            x0 = x + (k - 1) * d - (bleed if k == 1 else 0.0)
            c.setFillColor(ink("segment" if k % 2 else "segment_alt"))
            c.rect(x0, top - bh, x + k * d - x0, bh + bleed, stroke=0, fill=1)
        end = x + boxes * d
        c.setFillColor(ink("beyond"))
        c.rect(end, top - bh, x + w + bleed - end, bh + bleed, stroke=0, fill=1)
        c.setFillColor(ink("hint"))
        stub = Rect(end + mm(1), top - bh, x + w - end - mm(2), bh)
        _out_of_range(c, ctx, stub, detail)
        # the ticks: every box edge, the zero on the cut edge
        c.setStrokeColor(ink("rule"))
        c.setLineWidth(r.tick_width)
        path = c.beginPath()
        for t in tick_offsets_mm(spec.die_mm, boxes)[1:]:
            path.moveTo(x + mm(t), top)
            path.lineTo(x + mm(t), top - bh)
        c.drawPath(path, stroke=1, fill=0)
        if not bleed:  # at home the zero is drawn; at a shop the cut itself is the zero
            c.setLineWidth(r.zero_width)
            c.line(x, top, x, top - bh)
        c.setLineWidth(r.tick_width)
        c.line(x, top - bh, end, top - bh)
        # the numbers: the Firepower that reaches a face in each box
        c.setFillColor(ink("text"))
        size = number_size(spec.die_mm)
        for k in range(1, boxes + 1):
            centred(c, ctx, ctx.format_number(k), FontRole.SANS_BOLD, size, x + (k - 0.5) * d,
                    top - bh / 2, width=d - mm(1), detail=detail, minimum=MIN_TEXT_PT)
        # the line below: the die size, how to lay it, the owner's letter
        pad = mm(r.padding)
        line = Rect(x + pad, y + pad * 0.5, w - 2 * pad, top - bh - y - pad)
        if spec.player is not None:
            badge = mm(r.badge)
            player_badge(c, ctx, spec.player, rules, line.right - badge, line.cy - badge / 2,
                         badge)
            line = Rect(line.x, line.y, line.w - badge - mm(2), line.h)
        label = ctx._("%(size)s mm dice") % {"size": ctx.format_number(spec.die_mm)}
        used = text_in(c, ctx, label, FontRole.SANS_BOLD, r.text_size + 1, line,
                       detail=detail)
        lw = stringWidth(label, ctx.font(FontRole.SANS_BOLD), used) + mm(2.5)
        c.setFillColor(ink("hint"))
        text_in(c, ctx, ctx._("Range in die widths, face to face: lay the end at box 1 against the "
                              "attacking Troop's face."), FontRole.SANS, r.text_size,
                Rect(line.x + lw, line.y, line.w - lw, line.h), detail=detail,
                minimum=r.text_min)
        c.restoreState()

    return draw


def _out_of_range(c: Canvas, ctx: DrawContext, stub: Rect, detail: str) -> None:
    """"out of range" in the stub past the last box: on one line where it fits, else on two
    (the largest die's ruler keeps the shortest stub: "außer / Reichweite")."""
    label = ctx._("out of range")
    role = FontRole.SANS_ITALIC
    if stringWidth(label, ctx.font(role), MIN_TEXT_PT) <= stub.w or " " not in label:
        text_in(c, ctx, label, role, MIN_TEXT_PT, stub, align="centre", detail=detail)
        return
    first, _, second = label.rpartition(" ")
    line = mm(3)
    for text, cy in ((first, stub.cy + line / 2), (second, stub.cy - line / 2)):
        text_in(c, ctx, text, role, MIN_TEXT_PT, Rect(stub.x, cy - line / 2, stub.w, line),
                align="centre", detail=detail)


def draw_range_rulers(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """Every ruler of the build on as few sheets as the imposition needs (one, at home),
    upright so that they read along the page."""
    rules = game_rules(ctx)
    specs = ruler_specs(rules)
    item = ruler_size(rules)
    impose([ruler_face(ctx, rules, s) for s in specs], item, ctx, path, rotate=False,
           title=ctx._(TITLE) + ": " + ctx._("range rulers"),
           subject=ctx._("Range in die widths for the build's die size and the usual sizes"),
           build=build_id("war-of-bones", "range-ruler", tuple(s.die_mm for s in specs),
                          rules.faces, ctx.paper.size, ctx.profile, ctx.locale))
