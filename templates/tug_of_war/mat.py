"""The rope mat: geometry from ``layout.toml`` and the rules data, one call to draw it.

:func:`geometry` places every athlete space, dice box and reserve in millimetres that do not
depend on the paper (a space must hold a counter whatever the page); the mat is then centred on
a landscape page. The number of spaces per side and of dice boxes come from the rules data the
engine plays with, so the printed mat and the engine cannot disagree. The shared tiler places
it on the page (or splits it over pages when the paper is too small).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.draw import centred
from printkit.engines.tug_of_war.rules import RULES, Rules
from printkit.errors import LayoutError
from printkit.geometry import Rect
from printkit.kits import NoOptions
from printkit.production.profiles import build_id
from printkit.production.sizes import size as item_size
from printkit.production.tile import tile
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
    return item_size(LAYOUT["tokens"]["preset"]).width_mm


def mat_size() -> tuple[float, float]:
    m = LAYOUT["mat"]
    return mm(m["width"]), mm(m["height"])


def geometry(box: Rect | None = None, rules: Rules = RULES) -> MatGeometry:
    """Centre the mat in ``box`` (points; default: the mat's own frame at the origin); a box
    smaller than the mat raises ``LayoutError``."""
    if box is None:
        box = Rect(0, 0, *mat_size())
    m = LAYOUT["mat"]
    w, h = mat_size()
    if w > box.w + 0.01 or h > box.h + 0.01:
        raise LayoutError(
            f"the rope mat ({m['width']:g} x {m['height']:g} mm) does not fit the printable "
            f"box ({to_mm(box.w):.1f} x {to_mm(box.h):.1f} mm)"
        )
    mat = Rect(box.cx - w / 2, box.cy - h / 2, w, h)
    pad = mm(m["padding"])
    title = Rect(mat.x + pad, mat.top - pad - mm(m["title_height"]), mat.w - 2 * pad,
                 mm(m["title_height"]))

    n, rows = rules.athletes_per_side, m["space_rows"]
    cols = math.ceil(n / rows)
    pitch = mm(m["space_pitch"])
    side = mm(token_side_mm() + m["space_clearance"])
    half_gap = mm(m["centre_gap"]) / 2
    box_w, gap = mm(m["die_box"]), mm(m["die_gap"])
    label_h = mm(m["label_size"]) * 1.8

    dice_top = title.y - label_h
    dice_y = dice_top - box_w
    block_top = dice_y - mm(m["dice_row_gap"]) - label_h
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

    def dice_row(right_edge: float, count: int) -> tuple[Rect, ...]:
        x = right_edge - count * box_w - (count - 1) * gap
        return tuple(Rect(x + i * (box_w + gap), dice_y, box_w, box_w) for i in range(count))

    row_w = rules.team_dice * box_w + (rules.team_dice - 1) * gap
    team = (dice_row(blocks[YELLOW].x + row_w, rules.team_dice),
            dice_row(blocks[RED].right, rules.team_dice))
    common_w = rules.common_dice * box_w + (rules.common_dice - 1) * gap
    common = dice_row(mat.cx + common_w / 2, rules.common_dice)
    if team[YELLOW][-1].right > common[0].x or common[-1].right > team[RED][0].x:
        raise LayoutError("rope mat: the team and common dice boxes overlap; widen the mat")

    reserve_top = block_top - block_h - mm(m["reserve_gap"])
    reserves = tuple(Rect(b.x, mat.y + pad, b.w, reserve_top - mat.y - pad) for b in blocks)
    if reserves[0].h < mm(m["reserve_min_height"]):
        raise LayoutError("rope mat: the reserves are too shallow; make the mat taller")
    margin = pad + mm(2)
    return MatGeometry(mat, title, tuple(spaces), rope_y, (mat.x + margin, mat.right - margin),
                       team, common, (reserves[0], reserves[1]), (blocks[0], blocks[1]))


def draw_mat(c: Canvas, ctx: DrawContext, g: MatGeometry) -> None:
    """Print the mat into its geometry."""
    m = LAYOUT["mat"]
    label = mm(m["label_size"])
    c.saveState()
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(0.8)
    c.roundRect(g.mat.x, g.mat.y, g.mat.w, g.mat.h, mm(m["corner"]), stroke=1, fill=0)
    c.setFillColor(ink("text"))
    centred(c, ctx, ctx._("TUG OF WAR"), "sans-bold", g.title.h * 0.62, g.title.cx, g.title.cy)
    _draw_centre_line(c, g)
    rope(c, g.rope_x[0], g.rope_x[1], g.rope_y, mm(m["rope_width"]))
    centre_mark(c, g.mat.cx, g.rope_y, mm(m["rope_width"]) * 2.6)
    for space in g.spaces:
        _draw_space(c, ctx, space, mm(m["number_size"]))
    for s in (YELLOW, RED):
        _draw_dice_boxes(c, ctx, g.team_dice[s], side_ink(s, "dark"), side_ink(s, "tint"),
                         ctx._("%(side)s team dice") % {"side": side_name(ctx, s)},
                         ctx._("each %(six)d: re-roll one common die") % {"six": RULES.faces},
                         label)
        _draw_reserve(c, ctx, g.reserves[s], s, label)
    _draw_dice_boxes(c, ctx, g.common_dice, ink("text"), ink("fill"), ctx._("Common dice"),
                     ctx._("use each one once: remove or exchange"), label)
    c.restoreState()


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
    centred(c, ctx, str(space.number), "sans-bold", number_size, r.cx, r.cy)
    c.restoreState()


def _draw_dice_boxes(c: Canvas, ctx: DrawContext, boxes: tuple[Rect, ...], edge: Color,
                     fill: Color, title: str, hint: str, label: float) -> None:
    x0, x1 = boxes[0].x, boxes[-1].right
    c.saveState()
    c.setFillColor(edge)
    centred(c, ctx, title, "sans-bold", label, (x0 + x1) / 2, boxes[0].top + label * 0.9,
            width=x1 - x0)
    for b in boxes:
        c.setFillColor(fill)
        c.setStrokeColor(edge)
        c.setLineWidth(0.9)
        c.roundRect(b.x, b.y, b.w, b.h, b.w * 0.16, stroke=1, fill=1)
    c.setFillColor(ink("rule"))
    centred(c, ctx, hint, "sans-italic", label * 0.85, (x0 + x1) / 2, boxes[0].y - label * 0.95,
            width=x1 - x0)
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
    centred(c, ctx, ctx._("%(side)s reserve") % {"side": side_name(ctx, side)}, "sans-bold", label,
            r.cx, r.top - label * 1.1, width=r.w * 0.9)
    c.setFillColor(ink("rule"))
    centred(c, ctx, ctx._("athletes off the rope; removed athletes come back here"), "sans-italic",
            label * 0.8, r.cx, r.top - label * 2.2, width=r.w * 0.9)
    c.restoreState()


def draw_rope_mat(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The mat at its true size: whole on one page when it fits the paper (either way round,
    below the "print at 100 %" band), else tiled over pages by the shared tiler."""
    m = LAYOUT["mat"]
    tile(lambda c, w, h: draw_mat(c, ctx, geometry(Rect(0, 0, w, h))),
         m["width"], m["height"], ctx, path, title=ctx._("Tug of War: rope mat"),
         build=build_id("tug-of-war", "rope-mat", ctx.paper.size, ctx.profile, ctx.locale))
