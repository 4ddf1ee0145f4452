"""Drawing primitives shared by the Tug of War components: dice, athletes, the rope, text.

The mat, the counters, the turn summary and the example booklet draw the same dice, athletes
and rope with these calls, so the booklet's diagrams look like the table they describe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.engines.tug_of_war.rules import RULES
from printkit.layouts import load_layout


@dataclass(frozen=True)
class Tokens:
    preset: str
    ring: float
    figure: float


@dataclass(frozen=True)
class Mat:
    width: float
    height: float
    corner: float
    padding: float
    border_inset: float
    border_width: float
    title_height: float
    space_clearance: float
    space_pitch: float
    space_rows: int
    centre_gap: float
    rope_width: float
    die_clearance: float
    die_gap: float
    dice_group_gap: float
    dice_row_gap: float
    label_size: float
    number_size: float
    reserve_gap: float
    reserve_min_height: float


@dataclass(frozen=True)
class Summary:
    size: str
    padding: float
    columns_gap: float
    max_size: float
    min_size: float
    head_size: float


@dataclass(frozen=True)
class Example:
    strip_height: float
    strip_gap: float
    header_height: float
    turn_column: float
    dice_size: float
    rope_width: float
    caption_size: float
    caption_min_size: float
    max_pages: int


@dataclass(frozen=True)
class TugLayout:
    """``layout.toml``: the kit's measurements (mm unless noted) and inks."""

    ink: dict[str, Color]
    tokens: Tokens
    mat: Mat
    summary: Summary
    example: Example


LAYOUT = load_layout(TugLayout, Path(__file__).parent / "layout.toml")

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.73), (0.73, 0.27)),
    3: ((0.27, 0.73), (0.5, 0.5), (0.73, 0.27)),
    4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)),
}
SIDE_KEYS = ("yellow", "red")


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


def side_ink(side: int, shade: str = "") -> Color:
    """A team's colour: ``shade`` is ``""``, ``"dark"`` or ``"tint"``."""
    return ink(SIDE_KEYS[side] + (f"_{shade}" if shade else ""))


def side_name(ctx: DrawContext, side: int) -> str:
    """The translated name of a side (the engine's names are the source: Yellow, Red)."""
    return ctx._(RULES.player_names[side])


def die(c: Canvas, x: float, y: float, size: float, value: int, *, face: Color | None = None,
        pip: Color | None = None, edge: Color | None = None, width: float = 0.6) -> None:
    """A d6 face showing ``value`` with its lower-left corner at (x, y)."""
    c.saveState()
    c.setFillColor(face or ink("die"))
    c.setStrokeColor(edge or ink("text"))
    c.setLineWidth(width)
    c.roundRect(x, y, size, size, size * 0.18, stroke=1, fill=1)
    c.setFillColor(pip or ink("pip"))
    r = size * 0.09
    for px, py in PIPS.get(value, ()):
        c.circle(x + px * size, y + py * size, r, stroke=0, fill=1)
    c.restoreState()


def strike(c: Canvas, x: float, y: float, size: float, colour: Color) -> None:
    """A diagonal stroke over a die that was re-rolled or given away."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.8, size * 0.1))
    c.setLineCap(1)
    c.line(x - size * 0.1, y - size * 0.1, x + size * 1.1, y + size * 1.1)
    c.restoreState()


def athlete(c: Canvas, cx: float, cy: float, h: float, *, facing: int, colour: Color) -> None:
    """A stick athlete leaning back on a rope, ``h`` tall, pulling towards ``facing``
    (-1: to the left, as Yellow pulls; +1: to the right, as Red pulls)."""
    c.saveState()
    c.translate(cx, cy)
    c.scale(facing * h / 10.0, h / 10.0)  # draw in a 10-unit box centred on the origin
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(1.15)
    c.setLineCap(1)
    c.setLineJoin(1)
    c.circle(2.0, 3.3, 1.3, stroke=0, fill=1)  # head, leaning back
    p = c.beginPath()
    p.moveTo(1.4, 2.0)  # neck to hip
    p.lineTo(0.0, -1.0)
    p.lineTo(-3.4, -4.8)  # front leg braced towards the opponent
    p.moveTo(0.0, -1.0)  # back leg bent under the body
    p.lineTo(1.0, -3.0)
    p.lineTo(-0.4, -4.8)
    p.moveTo(1.1, 1.4)  # arms reaching to the rope
    p.lineTo(-3.2, 0.3)
    c.drawPath(p, stroke=1, fill=0)
    c.setStrokeColor(ink("rope_dark"))
    c.setLineWidth(0.8)
    c.line(-4.8, 0.1, 4.8, 1.3)  # the rope in the hands
    c.restoreState()


def rope(c: Canvas, x0: float, x1: float, y: float, width: float) -> None:
    """A twisted rope from x0 to x1 centred on y, ``width`` thick."""
    c.saveState()
    c.setFillColor(ink("rope"))
    c.setStrokeColor(ink("rope_dark"))
    c.setLineWidth(max(0.3, width * 0.06))
    c.roundRect(x0, y - width / 2, x1 - x0, width, width / 2, stroke=1, fill=1)
    clip = c.beginPath()
    clip.roundRect(x0, y - width / 2, x1 - x0, width, width / 2)
    c.clipPath(clip, stroke=0, fill=0)
    step = width * 0.75
    n = math.ceil((x1 - x0) / step) + 2
    p = c.beginPath()
    for i in range(n):
        sx = x0 + (i - 1) * step
        p.moveTo(sx, y - width / 2)
        p.lineTo(sx + width * 0.6, y + width / 2)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def centre_mark(c: Canvas, x: float, y: float, h: float) -> None:
    """The ribbon tied round the middle of the rope, ``h`` tall."""
    c.saveState()
    c.setFillColor(ink("knot"))
    c.rect(x - h * 0.09, y - h / 2, h * 0.18, h, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(x, y - h / 2)
    p.lineTo(x - h * 0.22, y - h * 0.78)
    p.lineTo(x + h * 0.22, y - h * 0.78)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()
