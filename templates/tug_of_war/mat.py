"""The rope mat: geometry from ``layout.toml`` and the rules data, one call to draw it.

:func:`geometry` places every athlete space, dice box and reserve in millimetres that do not
depend on the paper (a space must hold a counter whatever the page); the mat is then centred on
a landscape page. The number of spaces per side and of dice boxes come from the rules data the
engine plays with, so the printed mat and the engine cannot disagree. The dice boxes are
declared by what they hold (:func:`dice_capacities`: so many dice, each up to the kit's printed
d6 or a shop-bought one) and sized from that; the three groups (yellow team, common, red team)
share one line across the mat, or take more lines when they do not fit. The shared tiler
places the mat on the page (or splits it over pages when the paper is too small). The mat's
background runs past its trim by the profile's bleed (print-shop); its border line lies
wholly inside the trim.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.dice import SHOP_D6_MM
from printkit.drawing.draw import centred
from printkit.drawing.polyhedra import die_size
from printkit.engines.tug_of_war.rules import RULES, Rules
from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.kits import Capacity, NoOptions
from printkit.layout.sizes import size as item_size
from printkit.layout.tile import tile
from printkit.page.profiles import build_id, profile
from printkit.templates.tug_of_war.draw import (
    LAYOUT,
    centre_mark,
    ink,
    rope,
    side_ink,
    side_name,
)
from printkit.units import mm, to_mm

YELLOW, RED = 0, 1


@dataclass(frozen=True)
class Space:
    side: int
    number: int  # 1 nearest the centre mark, counting outwards column by column
    rect: Rect


@dataclass(frozen=True)
class MatGeometry:
    """Every rectangle of the mat, in points on the page."""

    mat: Rect
    title: Rect
    spaces: tuple[Space, ...]
    rope_y: float
    rope_x: tuple[float, float]
    team_dice: tuple[tuple[Rect, ...], tuple[Rect, ...]]  # per side
    common_dice: tuple[Rect, ...]
    reserves: tuple[Rect, Rect]
    blocks: tuple[Rect, Rect]  # each side's block of spaces

    def side_spaces(self, side: int) -> list[Space]:
        return [s for s in self.spaces if s.side == side]

    @property
    def space_side(self) -> float:
        return self.spaces[0].rect.w


def token_side_mm() -> float:
    """The athlete counter's side (mm), from the size preset named in the layout."""
    return item_size(LAYOUT.tokens.preset).width_mm


@dataclass(frozen=True)
class DiceCapacity(Capacity):
    """A group of dice boxes, declared by what it holds: ``holds`` dice, each up to
    ``die_mm`` across. Its boxes are sized from that, not the other way round."""

    die_mm: float = 0.0

    @property
    def box_mm(self) -> float:
        """A box's side: the die and the clearance (``die_clearance``) on each side."""
        return self.die_mm + 2 * LAYOUT.mat.die_clearance


def held_die_mm() -> float:
    """The largest die a box must hold: the kit's printed d6 (its size comes from the dice
    module's sizing rule) or a shop-bought d6, whichever is larger."""
    return max(die_size("d6").across, SHOP_D6_MM)


def dice_capacities(rules: Rules = RULES) -> tuple[DiceCapacity, DiceCapacity]:
    """The mat's dice boxes: one side's team dice (each side has such a group) and the
    common dice, in the numbers of the rules data."""
    size = held_die_mm()
    return (DiceCapacity("team dice boxes per side", rules.team_dice, "dice", size),
            DiceCapacity("common dice boxes", rules.common_dice, "dice", size))


def mat_size() -> tuple[float, float]:
    m = LAYOUT.mat
    return mm(m.width), mm(m.height)


def _dice_lines(counts: tuple[int, int, int], box: float, gap: float, group_gap: float,
                width: float) -> int:
    """The fewest lines the three groups of dice boxes (yellow team, common, red team) take
    side by side within ``width``: one when they fit, more for more dice or a narrower mat."""
    for lines in range(1, max(counts) + 1):
        total = sum(_group_width(n, lines, box, gap) for n in counts) + 2 * group_gap
        if total <= width + 0.01:
            return lines
    raise LayoutError("rope mat: the dice boxes do not fit across the mat; widen the mat")


def _group_width(count: int, lines: int, box: float, gap: float) -> float:
    per = math.ceil(count / lines)
    return per * box + (per - 1) * gap


def geometry(box: Rect | None = None, rules: Rules = RULES) -> MatGeometry:
    """Centre the mat in ``box`` (points; default: the mat's own frame at the origin); a box
    smaller than the mat raises ``LayoutError``."""
    if box is None:
        box = Rect(0, 0, *mat_size())
    m = LAYOUT.mat
    w, h = mat_size()
    if w > box.w + 0.01 or h > box.h + 0.01:
        raise LayoutError(
            f"the rope mat ({m.width:g} x {m.height:g} mm) does not fit the printable "
            f"box ({to_mm(box.w):.1f} x {to_mm(box.h):.1f} mm)"
        )
    mat = Rect(box.cx - w / 2, box.cy - h / 2, w, h)
    pad = mm(m.padding)
    title = Rect(mat.x + pad, mat.top - pad - mm(m.title_height), mat.w - 2 * pad,
                 mm(m.title_height))

    n, rows = rules.athletes_per_side, m.space_rows
    cols = math.ceil(n / rows)
    pitch = mm(m.space_pitch)
    side = mm(token_side_mm() + m.space_clearance)
    half_gap = mm(m.centre_gap) / 2
    team_cap, common_cap = dice_capacities(rules)
    box_w, gap = mm(team_cap.box_mm), mm(m.die_gap)
    label_h = mm(m.label_size) * 1.8
    counts = (team_cap.holds, common_cap.holds, team_cap.holds)
    lines = _dice_lines(counts, box_w, gap, mm(m.dice_group_gap), title.w)

    dice_top = title.y - label_h
    dice_y = dice_top - lines * box_w - (lines - 1) * gap
    block_top = dice_y - mm(m.dice_row_gap) - label_h
    block_h = rows * pitch
    rope_y = block_top - block_h / 2

    spaces: list[Space] = []
    blocks: list[Rect] = []
    for s, sign in ((YELLOW, -1), (RED, 1)):
        for k in range(cols):
            cx = mat.cx + sign * (half_gap + (k + 0.5) * pitch)
            for r in range(rows):
                number = k * rows + r + 1
                if number > n:
                    break
                cy = block_top - (r + 0.5) * pitch
                spaces.append(Space(s, number, Rect(cx - side / 2, cy - side / 2, side, side)))
        inner = mat.cx + sign * half_gap
        outer = mat.cx + sign * (half_gap + cols * pitch)
        blocks.append(Rect(min(inner, outer), block_top - block_h, cols * pitch, block_h))

    def dice_group(x: float, count: int) -> tuple[Rect, ...]:
        """``count`` boxes from (x, dice_top) down, ``lines`` lines, the last one centred."""
        per = math.ceil(count / lines)
        out = []
        for i in range(count):
            line, k = divmod(i, per)
            in_line = min(per, count - line * per)
            x0 = x + (per - in_line) * (box_w + gap) / 2
            out.append(Rect(x0 + k * (box_w + gap), dice_top - (line + 1) * box_w - line * gap,
                            box_w, box_w))
        return tuple(out)

    team_w = _group_width(team_cap.holds, lines, box_w, gap)
    common_w = _group_width(common_cap.holds, lines, box_w, gap)
    team = (dice_group(title.x, team_cap.holds), dice_group(title.right - team_w, team_cap.holds))
    common = dice_group(mat.cx - common_w / 2, common_cap.holds)

    reserve_top = block_top - block_h - mm(m.reserve_gap)
    reserves = tuple(Rect(b.x, mat.y + pad, b.w, reserve_top - mat.y - pad) for b in blocks)
    if reserves[0].h < mm(m.reserve_min_height):
        raise LayoutError("rope mat: the reserves are too shallow; make the mat taller")
    if min(b.x for b in blocks) < mat.x + pad - 0.01:
        raise LayoutError(f"rope mat: {n} athletes a side do not fit across the mat; widen it")
    margin = pad + mm(2)
    return MatGeometry(mat, title, tuple(spaces), rope_y, (mat.x + margin, mat.right - margin),
                       team, common, (reserves[0], reserves[1]), (blocks[0], blocks[1]))


def draw_mat(c: Canvas, ctx: DrawContext, g: MatGeometry) -> None:
    """Print the mat into its geometry."""
    m = LAYOUT.mat
    label = mm(m.label_size)
    c.saveState()
    ground = g.mat.outset(profile(ctx.profile).bleed)  # print-shop: into the bleed
    c.setFillColor(ink("ground"))
    c.rect(ground.x, ground.y, ground.w, ground.h, stroke=0, fill=1)
    border = border_rect(g)
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(m.border_width)
    c.roundRect(border.x, border.y, border.w, border.h, mm(m.corner), stroke=1, fill=0)
    c.setFillColor(ink("text"))
    centred(c, ctx, ctx._("TUG OF WAR"), FontRole.SANS_BOLD, g.title.h * 0.62, g.title.cx,
            g.title.cy)
    _draw_centre_line(c, g)
    rope(c, g.rope_x[0], g.rope_x[1], g.rope_y, mm(m.rope_width))
    centre_mark(c, g.mat.cx, g.rope_y, mm(m.rope_width) * 2.6)
    for space in g.spaces:
        _draw_space(c, ctx, space, mm(m.number_size))
    for s in (YELLOW, RED):
        _draw_dice_boxes(c, ctx, g.team_dice[s], side_ink(s, "dark"), side_ink(s, "tint"),
                         ctx._("%(side)s team dice") % {"side": side_name(ctx, s)},
                         ctx._("each %(six)d: re-roll one common die") % {"six": RULES.faces},
                         label)
        _draw_reserve(c, ctx, g.reserves[s], s, label)
    _draw_dice_boxes(c, ctx, g.common_dice, ink("text"), ink("fill"), ctx._("Common dice"),
                     ctx._("use each one once: remove or exchange"), label)
    c.restoreState()


def border_rect(g: MatGeometry) -> Rect:
    """The border line's path: inside the trim by ``border_inset`` and half the line's width,
    so that the whole line stays on the mat when it is cut out."""
    m = LAYOUT.mat
    return g.mat.inset(mm(m.border_inset) + m.border_width / 2)


def _draw_centre_line(c: Canvas, g: MatGeometry) -> None:
    c.saveState()
    c.setStrokeColor(ink("faint"))
    c.setLineWidth(0.6)
    c.setDash(mm(1.5), mm(1.5))
    top = g.blocks[0].top + mm(2)
    bottom = g.reserves[0].y
    c.line(g.mat.cx, bottom, g.mat.cx, top)
    c.restoreState()


def _draw_space(c: Canvas, ctx: DrawContext, space: Space, number_size: float) -> None:
    r = space.rect
    c.saveState()
    c.setFillColor(side_ink(space.side, "tint"))
    c.setStrokeColor(side_ink(space.side, "dark"))
    c.setLineWidth(0.7)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.12, stroke=1, fill=1)
    c.setFillColor(side_ink(space.side, "dark"))
    centred(c, ctx, str(space.number), FontRole.SANS_BOLD, number_size, r.cx, r.cy)
    c.restoreState()


def _draw_dice_boxes(c: Canvas, ctx: DrawContext, boxes: tuple[Rect, ...], edge: Color,
                     fill: Color, title: str, hint: str, label: float) -> None:
    x0, x1 = min(b.x for b in boxes), max(b.right for b in boxes)
    top, bottom = max(b.top for b in boxes), min(b.y for b in boxes)
    room = x1 - x0 + mm(LAYOUT.mat.dice_group_gap)  # captions may reach into the gaps
    c.saveState()
    c.setFillColor(edge)
    centred(c, ctx, title, FontRole.SANS_BOLD, label, (x0 + x1) / 2, top + label * 0.9, width=room)
    for b in boxes:
        c.setFillColor(fill)
        c.setStrokeColor(edge)
        c.setLineWidth(0.9)
        c.roundRect(b.x, b.y, b.w, b.h, b.w * 0.16, stroke=1, fill=1)
    c.setFillColor(ink("rule"))
    centred(c, ctx, hint, FontRole.SANS_ITALIC, label * 0.85, (x0 + x1) / 2, bottom - label * 0.95,
            width=room)
    c.restoreState()


def _draw_reserve(c: Canvas, ctx: DrawContext, r: Rect, side: int, label: float) -> None:
    c.saveState()
    c.setFillColor(side_ink(side, "tint"))
    c.setStrokeColor(side_ink(side, "dark"))
    c.setLineWidth(0.8)
    c.setDash(mm(2), mm(1.2))
    c.roundRect(r.x, r.y, r.w, r.h, mm(3), stroke=1, fill=1)
    c.setDash()
    c.setFillColor(side_ink(side, "dark"))
    centred(c, ctx, ctx._("%(side)s reserve") % {"side": side_name(ctx, side)}, FontRole.SANS_BOLD,
            label,
            r.cx, r.top - label * 1.1, width=r.w * 0.9)
    c.setFillColor(ink("rule"))
    centred(c, ctx, ctx._("athletes off the rope; removed athletes come back here"),
            FontRole.SANS_ITALIC,
            label * 0.8, r.cx, r.top - label * 2.2, width=r.w * 0.9)
    c.restoreState()


def draw_rope_mat(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The mat at its true size: whole on one page when it fits the paper (either way round,
    below the "print at 100 %" band), else tiled over pages by the shared tiler."""
    m = LAYOUT.mat
    tile(lambda c, w, h: draw_mat(c, ctx, geometry(Rect(0, 0, w, h))),
         m.width, m.height, ctx, path, title=ctx._("Tug of War: rope mat"),
         build=build_id("tug-of-war", "rope-mat", ctx.paper.size, ctx.profile, ctx.locale))
