"""The Pwinch Wars counter sheets: characters, weapons 1 and 2, defensive and miscellaneous,
and the team markers, each a sheet to glue on cardboard (the seed's asterisk), as the seed's
component list has them.

Every counter comes from the game data (:func:`printkit.engines.pwinch_wars.load_data`): one
character counter per pwincher of the roster, the ``counters`` column of ``equipment.csv`` for
each item, the ten numbered hidden markers of a team tray (``TRAY_BOXES``) with an HQ and a
flag per team colour, and one turn marker. Sizes live in ``counters.toml``; the counter's side
(:func:`counter_mm`) is chosen to lie inside a map hex with a margin.

Which counters have two sides, and why:

- **characters**: blue front (fresh), red back (shaken): the seed flips the counter after a
  failed moral check. Each side prints that side's moral; the red side's name band is white,
  and its face frowns under a plaster, so the sides tell apart in greyscale too.
- **hidden markers**: the "?" side faces up on the map, in the team's colour, letter and
  pattern: an opponent sees whose marker it is, not which. The number (the tray box, so the
  character or a dummy) is on the underside, for its owner to lift and read; a number on top
  would let anybody match a marker with the tray and see through the dummies.
- **HQ and flag**: the same on both sides (nothing to hide; a counter that lands upside down
  still reads). They share the team-marker sheet, which is printed two-sided for the markers.
- **items and the turn marker**: one side. An item lies face up in a tray box or where its
  owner dropped it, and is only ever turned a quarter turn (its uses); the turn marker only
  moves along the turn chart. A back would double the printing and the gluing for nothing.

An item with limited uses shows them in blue squares in its corners, one per use: the full
count upright in the bottom-right corner, each smaller count a quarter turn further round, so
that turning the counter a quarter turn clockwise after each use brings the uses left upright
into the bottom-right corner.

The drawing functions (``draw_character_counter`` and the others) draw one counter of any size
with its lower-left corner at ``(x, y)``; the example printer draws counters on its maps with
them. Sheets are imposed by the shared :mod:`printkit.layout.impose` (cut lines, duplex
mirroring, the "print at 100 %" notice); each sheet's first page carries a header in the room
the counters leave: the sheet's name, how to glue and cut it, and the key to its symbols.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from collections import Counter as Tally
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Final

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.engines.pwinch_wars.data import GameData, load_data
from printkit.engines.pwinch_wars.equipment import Item
from printkit.engines.pwinch_wars.maps import GameMap
from printkit.engines.pwinch_wars.roster import Character, Side
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, TeamColour
from printkit.engines.pwinch_wars.terrain import Ability
from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Component, NoOptions, component_option
from printkit.layout.fit import wrap
from printkit.layout.impose import (
    DUPLEX_MODES,
    VIEWER_DUPLEX,
    Placement,
    SheetPlan,
    draw_sheets,
    place,
    plan_sheet,
)
from printkit.layout.sizes import ItemSize
from printkit.layouts import load_layout
from printkit.page.canvas import circles, clip_rect, open_canvas
from printkit.page.preflight import MIN_TEXT_PT
from printkit.page.profiles import build_id, profile, safe_rect
from printkit.templates.pwinch_wars.style import (
    TEAM_LETTERS,
    TEAM_NAMES,
    TITLE,
    side_ink,
    team_ink,
)
from printkit.units import mm


@dataclass(frozen=True)
class CounterSizes:
    size: float
    design: float
    min_margin: float


@dataclass(frozen=True)
class CharacterSizes:
    band: float
    name_size: float
    symbol: float
    symbol_inset: float
    upper_y: float
    lower_y: float
    value_size: float
    portrait: tuple[float, float, float, float]
    ability_y: float
    ability_size: float


@dataclass(frozen=True)
class ItemSizes:
    band: float
    name_size: float
    name_two_line_size: float
    uses_square: float
    uses_inset: float
    uses_size: float
    symbol: float
    symbol_y: float
    symbol_x: tuple[float, ...]
    value_size: float
    icon: tuple[float, float, float, float]
    crossfire_pad: float


@dataclass(frozen=True)
class MarkerSizes:
    ring: float
    mark_size: float
    number_size: float
    letter_size: float
    letter_box: float
    hq_size: float
    stripe: float
    stripe_width: float


@dataclass(frozen=True)
class TurnSizes:
    label_size: float


@dataclass(frozen=True)
class HeaderSizes:
    gap: float
    title_size: float
    text_size: float
    leading: float
    key_symbol: float
    key_size: float
    key_gap: float
    key_row: float


@dataclass(frozen=True)
class PortraitInks:
    """The inks a portrait picks from (``"#rrggbb"``, kept as text in a
    :class:`Portrait`), its panel and its outline."""

    skins: tuple[str, ...]
    hairs: tuple[str, ...]
    shirts: tuple[str, ...]
    caps: tuple[str, ...]
    panel: Color
    line: Color


@dataclass(frozen=True)
class SymbolSizes:
    value_width: dict[str, float]
    """A number's room in its symbol, by symbol (``any``: every other one)."""


@dataclass(frozen=True)
class CountersLayout:
    """``counters.toml``: the counters' measurements for a counter of ``[counter] design``
    mm (text sizes and line widths in pt), the portraits' inks and the sheet header's."""

    counter: CounterSizes
    character: CharacterSizes
    item: ItemSizes
    marker: MarkerSizes
    turn: TurnSizes
    sheet: HeaderSizes
    portrait: PortraitInks
    ink: dict[str, Color]
    symbol: SymbolSizes


LAYOUT: Final = load_layout(CountersLayout, Path(__file__).with_name("counters.toml"))
TEAM_PATTERNS: Final = {TeamColour.LIGHT_BLUE: "stripes", TeamColour.YELLOW: "dots",
                        TeamColour.PINK: "diagonals"}
"""Each team's pattern on the border of its markers: with the letter, the teams tell apart
without colour (the three team colours are equally light in greyscale)."""
DIAGONAL_STEP: Final = 1.2
"""The diagonals' step, times the pattern's pitch (they look as dense as stripes so)."""

ABILITY_NAMES: Final = {Ability.BEDTIME: N_("bedtime worried"), Ability.SNIPER: N_("sniper"),
                        Ability.FRUSTRATION: N_("frustration"), Ability.FIGHTING: N_("fighting"),
                        Ability.TAUNT: N_("taunt")}
"""The abilities as the key of the character sheet names them (the letters are the seed's)."""

HQ: Final = N_("HQ")
"""Printed on a team's headquarters counter."""
TURN: Final = N_("Turn")
"""Printed on the turn marker."""


def counter_mm() -> float:
    """The side of every counter, in mm (``[counter] size``)."""
    return LAYOUT.counter.size


def counter_size() -> ItemSize:
    """The counters' trim size for imposition."""
    side = counter_mm()
    return ItemSize(f"pwinch-counter-{side:g}mm", side, side)


def largest_counter_in_hex_mm(hex_flat_mm: float) -> float:
    """The side of the largest square that lies inside a pointy-top hex ``hex_flat_mm``
    across flats (the square upright, as counters lie on the map): its corners touch the
    hex's slanted sides.

    >>> round(largest_counter_in_hex_mm(25.0), 2)
    18.3
    """
    r = hex_flat_mm / math.sqrt(3)  # centre to corner
    return 2 * r * hex_flat_mm / (hex_flat_mm + r)


def counter_margin_mm(game_map: GameMap) -> float:
    """The room left between a counter and the sides of one of ``game_map``'s hexes, each
    way (validation: a counter must sit inside a hex with ``[counter] min_margin``)."""
    return (largest_counter_in_hex_mm(game_map.hex_flat_mm) - counter_mm()) / 2


# --- the design frame -----------------------------------------------------------------------


def _design() -> float:
    return mm(LAYOUT.counter.design)


def _m(value: float) -> float:
    """``value`` mm of the design frame, in its units."""
    return mm(float(value))


@contextmanager
def _counter_frame(c: Canvas, x: float, y: float, size: float, bleed: float
                   ) -> Iterator[float]:
    """Draw one counter in its design frame: (0, 0) its lower-left corner, lengths as for a
    counter of ``[counter] design`` mm, clipped to the counter and its ``bleed``. Yields the
    bleed in the frame's units."""
    k = size / _design()
    c.saveState()
    c.translate(x, y)
    c.scale(k, k)
    b = bleed / k
    side = _design()
    clip_rect(c, -b, -b, side + 2 * b, side + 2 * b)
    c.setLineJoin(1)
    c.setLineCap(1)
    yield b
    c.restoreState()


def _fill(c: Canvas, ink: Color, b: float) -> None:
    side = _design()
    c.setFillColor(ink)
    c.rect(-b, -b, side + 2 * b, side + 2 * b, stroke=0, fill=1)


def _ink(name: str) -> Color:
    return LAYOUT.ink[name]


def _text_line(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, box: Rect, *,
               detail: str) -> float:
    """``text`` centred in ``box`` on one line, shrunk to its width down to 6 pt."""
    return centred(c, ctx, text, role, size, box.cx, box.cy, width=box.w, detail=detail,
                   minimum=MIN_TEXT_PT)


def signed(ctx: DrawContext, value: int) -> str:
    """A modifier as printed: ``+1``, ``−2`` (a true minus sign), in the locale's digits."""
    text = ctx.format_number(abs(value))
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + text


# --- symbols: a number inside a shape that says what it is ----------------------------------


class Symbol(Enum):
    """What a number on a counter is. Light symbols are the holder's own skills; dark ones
    (``TARGET_MORAL``, ``ENEMY_FIRE``) change the other side's roll."""

    FIRE = "fire"  # a target
    MORAL = "moral"  # a heart
    SNEAK = "sneak"  # an eye
    MOVE = "move"  # an arrow
    RANGE = "range"  # a hex: range in hexes
    TARGET_MORAL = "target_moral"  # a dark heart: the moral of the target hit
    ENEMY_FIRE = "enemy_fire"  # a dark target: the fire of anybody firing at the holder

    @property
    def dark(self) -> bool:
        return self in (Symbol.TARGET_MORAL, Symbol.ENEMY_FIRE)


SYMBOL_NAMES: Final = {
    Symbol.FIRE: N_("fire"), Symbol.MORAL: N_("moral"), Symbol.SNEAK: N_("sneak"),
    Symbol.MOVE: N_("movement points"), Symbol.RANGE: N_("range in hexes"),
    Symbol.TARGET_MORAL: N_("moral of the target hit"),
    Symbol.ENEMY_FIRE: N_("fire of anybody firing at the holder")}
"""The key's words for each symbol."""


def _symbol_path(c: Canvas, symbol: Symbol, cx: float, cy: float, d: float) -> Any:
    p = c.beginPath()
    if symbol in (Symbol.FIRE, Symbol.ENEMY_FIRE):
        p.circle(cx, cy, 0.4 * d)
    elif symbol in (Symbol.MORAL, Symbol.TARGET_MORAL):
        top, tip = cy + 0.3 * d, cy - 0.46 * d
        p.moveTo(cx, tip)
        p.curveTo(cx - 0.12 * d, cy - 0.3 * d, cx - 0.5 * d, cy - 0.1 * d, cx - 0.5 * d,
                  cy + 0.15 * d)
        p.curveTo(cx - 0.5 * d, cy + 0.46 * d, cx - 0.1 * d, cy + 0.52 * d, cx, top)
        p.curveTo(cx + 0.1 * d, cy + 0.52 * d, cx + 0.5 * d, cy + 0.46 * d, cx + 0.5 * d,
                  cy + 0.15 * d)
        p.curveTo(cx + 0.5 * d, cy - 0.1 * d, cx + 0.12 * d, cy - 0.3 * d, cx, tip)
        p.close()
    elif symbol is Symbol.SNEAK:
        p.moveTo(cx - 0.5 * d, cy)
        p.curveTo(cx - 0.25 * d, cy + 0.5 * d, cx + 0.25 * d, cy + 0.5 * d, cx + 0.5 * d, cy)
        p.curveTo(cx + 0.25 * d, cy - 0.5 * d, cx - 0.25 * d, cy - 0.5 * d, cx - 0.5 * d, cy)
        p.close()
    elif symbol is Symbol.MOVE:
        h = 0.37 * d
        p.moveTo(cx - 0.48 * d, cy - h)
        p.lineTo(cx + 0.14 * d, cy - h)
        p.lineTo(cx + 0.5 * d, cy)
        p.lineTo(cx + 0.14 * d, cy + h)
        p.lineTo(cx - 0.48 * d, cy + h)
        p.close()
    else:  # RANGE: a pointy-top hex
        for k in range(6):
            a = math.radians(90 + 60 * k)
            px, py = cx + 0.5 * d * math.cos(a), cy + 0.5 * d * math.sin(a)
            if k == 0:
                p.moveTo(px, py)
            else:
                p.lineTo(px, py)
        p.close()
    return p


def _value_centre(symbol: Symbol, cx: float, cy: float, d: float) -> tuple[float, float]:
    """Where a symbol's number is centred (a heart's middle is above its box's)."""
    if symbol in (Symbol.MORAL, Symbol.TARGET_MORAL):
        return cx, cy + 0.04 * d
    if symbol is Symbol.MOVE:
        return cx - 0.06 * d, cy
    return cx, cy


def _value_width(symbol: Symbol, d: float) -> float:
    """The width a symbol's number may take: the symbol's width at the height of its digits
    (an eye is narrower there than a target or a hex). Wide enough for a sign and a digit at
    6 pt in the widest digits of the kit's fonts (a Japanese font's are wider than Latin
    ones) on the item counters' 3.8 mm symbols."""
    widths = LAYOUT.symbol.value_width
    return d * widths.get(symbol.value, widths["any"])


def draw_symbol(c: Canvas, symbol: Symbol, cx: float, cy: float, d: float) -> None:
    """The symbol alone, centred on (cx, cy) in a box ``d`` across (any units)."""
    c.saveState()
    c.setLineWidth(d * 0.045)
    c.setStrokeColor(_ink("symbol_line"))
    c.setFillColor(_ink("symbol_dark") if symbol.dark else white)
    c.drawPath(_symbol_path(c, symbol, cx, cy, d), stroke=1, fill=1)
    if symbol in (Symbol.FIRE, Symbol.ENEMY_FIRE):  # the target's sight ticks
        c.setStrokeColor(_ink("symbol_dark") if symbol.dark else _ink("symbol_line"))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c.line(cx + dx * 0.4 * d, cy + dy * 0.4 * d, cx + dx * 0.5 * d, cy + dy * 0.5 * d)
    c.restoreState()


def draw_value(c: Canvas, ctx: DrawContext, symbol: Symbol, text: str, cx: float, cy: float,
               d: float, size: float, *, detail: str = "") -> None:
    """A number in its symbol: dark digits in a light symbol, white in a dark one."""
    draw_symbol(c, symbol, cx, cy, d)
    c.setFillColor(white if symbol.dark else _ink("text"))
    vx, vy = _value_centre(symbol, cx, cy, d)
    centred(c, ctx, text, FontRole.SANS_BOLD, size, vx, vy, width=_value_width(symbol, d),
            detail=detail, minimum=MIN_TEXT_PT)


# --- portraits ------------------------------------------------------------------------------


class Hair(Enum):
    SHORT = "short"
    LONG = "long"
    SPIKY = "spiky"
    BUNS = "buns"
    CURLY = "curly"
    BUZZ = "buzz"


class Headwear(Enum):
    NONE = "none"
    CAP = "cap"
    BAND = "band"


@dataclass(frozen=True)
class Portrait:
    """A pwincher's face, worked out from the character's id (the same on every build)."""

    skin: str
    hair_ink: str
    hair: Hair
    headwear: Headwear
    headwear_ink: str
    shirt: str
    glasses: bool
    freckles: bool


def portrait_of(character: Character) -> Portrait:
    """The features of ``character``'s portrait: bytes of a SHA-256 of the id pick them
    (a stable hash: Python's own ``hash`` changes from run to run)."""
    p = LAYOUT.portrait
    b = hashlib.sha256(character.id.encode("utf-8")).digest()
    hairs = list(Hair)
    wear = (Headwear.NONE, Headwear.NONE, Headwear.CAP, Headwear.BAND)[b[3] % 4]
    return Portrait(skin=p.skins[b[0] % len(p.skins)],
                    hair_ink=p.hairs[b[1] % len(p.hairs)],
                    hair=hairs[b[2] % len(hairs)], headwear=wear,
                    headwear_ink=p.caps[b[4] % len(p.caps)],
                    shirt=p.shirts[b[5] % len(p.shirts)],
                    glasses=b[6] % 5 == 0, freckles=b[7] % 4 == 0)


def draw_portrait(c: Canvas, character: Character, side: Side, box: Rect) -> None:
    """The face in ``box`` (any units): shoulders, head, hair, headwear; smiling on the blue
    side, frowning with a plaster on the red side."""
    f = portrait_of(character)
    line = LAYOUT.portrait.line
    w = box.w
    r = 0.36 * w  # head radius
    hx, hy = box.cx, box.y + box.h * 0.56
    lw = w * 0.03
    c.saveState()
    c.setLineWidth(lw)
    c.setStrokeColor(line)
    c.setFillColor(LAYOUT.portrait.panel)
    c.roundRect(box.x, box.y, box.w, box.h, w * 0.12, stroke=0, fill=1)
    clip_rect(c, box.x, box.y, box.w, box.h)
    hair = HexColor(f.hair_ink)
    # long hair falls behind the shoulders
    if f.hair is Hair.LONG:
        c.setFillColor(hair)
        c.roundRect(hx - r * 1.12, hy - r * 1.55, 2.24 * r, 2.3 * r, r * 0.5, stroke=0, fill=1)
    # shoulders and neck
    c.setFillColor(HexColor(f.shirt))
    c.ellipse(hx - w * 0.5, box.y - box.h * 0.18, hx + w * 0.5, hy - r * 0.75, stroke=1,
              fill=1)
    skin = HexColor(f.skin)
    c.setFillColor(skin)
    c.rect(hx - r * 0.3, hy - r * 1.25, r * 0.6, r * 0.6, stroke=0, fill=1)
    if f.hair is Hair.BUNS:
        c.setFillColor(hair)
        for sx in (-1, 1):
            c.circle(hx + sx * r * 1.02, hy + r * 0.35, r * 0.38, stroke=1, fill=1)
    if f.hair is Hair.CURLY:
        c.setFillColor(hair)
        for k in range(7):
            a = math.radians(200 - k * 36.7)
            c.circle(hx + math.cos(a) * r * 0.95, hy + math.sin(a) * r * 0.95 + r * 0.05,
                     r * 0.34, stroke=0, fill=1)
    # the head
    c.setFillColor(skin)
    c.circle(hx, hy, r, stroke=1, fill=1)
    # hair on top
    c.setFillColor(hair)
    top = c.beginPath()
    if f.hair is Hair.SPIKY:
        top.moveTo(hx - r, hy + r * 0.1)
        for k in range(6):
            a0 = math.radians(180 - k * 30)
            a1 = math.radians(180 - (k + 0.5) * 30)
            top.lineTo(hx + math.cos(a0) * r, hy + math.sin(a0) * r)
            top.lineTo(hx + math.cos(a1) * r * 1.4, hy + math.sin(a1) * r * 1.4)
        top.lineTo(hx + r, hy + r * 0.1)
        top.close()
        c.drawPath(top, stroke=0, fill=1)
    elif f.hair is Hair.BUZZ:
        c.wedge(hx - r, hy - r, hx + r, hy + r, 20, 140, stroke=0, fill=1)
    else:  # a fringe over the top half, lower on the side of the parting
        top.moveTo(hx - r * 1.02, hy)
        top.curveTo(hx - r * 1.05, hy + r * 1.45, hx + r * 1.05, hy + r * 1.45, hx + r * 1.02,
                    hy)
        top.curveTo(hx + r * 0.6, hy + r * 0.55, hx - r * 0.2, hy + r * 0.3, hx - r * 1.02, hy)
        top.close()
        c.drawPath(top, stroke=0, fill=1)
    # headwear
    if f.headwear is Headwear.CAP:
        c.setFillColor(HexColor(f.headwear_ink))
        c.wedge(hx - r * 1.04, hy - r * 0.75, hx + r * 1.04, hy + r * 1.25, 0, 180, stroke=1,
                fill=1)
        c.roundRect(hx - r * 0.1, hy + r * 0.2, r * 1.45, r * 0.28, r * 0.12, stroke=1, fill=1)
    elif f.headwear is Headwear.BAND:
        c.setFillColor(HexColor(f.headwear_ink))
        c.rect(hx - r * 0.98, hy + r * 0.32, r * 1.96, r * 0.26, stroke=0, fill=1)
    # eyes, glasses, freckles
    c.setFillColor(line)
    ey = hy + r * 0.02
    for sx in (-1, 1):
        c.circle(hx + sx * r * 0.38, ey, r * 0.11, stroke=0, fill=1)
    if f.glasses:
        c.setLineWidth(lw * 0.9)
        for sx in (-1, 1):
            c.circle(hx + sx * r * 0.38, ey, r * 0.27, stroke=1, fill=0)
        c.line(hx - r * 0.11, ey, hx + r * 0.11, ey)
    if f.freckles:
        c.setFillColor(HexColor("#b0643c"))
        for sx in (-1, 1):
            for dx, dy in ((0.45, -0.3), (0.62, -0.22), (0.55, -0.42)):
                c.circle(hx + sx * r * dx, hy + r * dy, r * 0.045, stroke=0, fill=1)
    # the mouth: a smile (blue), a frown and a plaster (red)
    c.setLineWidth(lw * 1.2)
    c.setStrokeColor(line)
    if side is Side.BLUE:
        c.arc(hx - r * 0.42, hy - r * 0.75, hx + r * 0.42, hy - r * 0.05, 200, 140)
    else:
        c.arc(hx - r * 0.36, hy - r * 0.72, hx + r * 0.36, hy - r * 0.3, 20, 140)
        c.saveState()
        c.translate(hx + r * 0.5, hy + r * 0.5)
        c.rotate(35)
        c.setFillColor(HexColor("#f3dfb8"))
        c.setLineWidth(lw * 0.7)
        c.rect(-r * 0.38, -r * 0.13, r * 0.76, r * 0.26, stroke=1, fill=1)
        c.restoreState()
    c.restoreState()


# --- character counters ---------------------------------------------------------------------


def character_values(character: Character, side: Side) -> tuple[tuple[Symbol, int], ...]:
    """The four numbers of one side, in the counter's order: fire and moral on the upper row,
    sneak and movement points on the lower."""
    return ((Symbol.FIRE, character.fire), (Symbol.MORAL, character.moral(side)),
            (Symbol.SNEAK, character.sneak), (Symbol.MOVE, character.move))


def draw_character_counter(c: Canvas, ctx: DrawContext, character: Character, side: Side,
                           x: float, y: float, size: float, *, bleed: float = 0.0) -> None:
    """One side of a character counter, ``size`` points square, lower-left at (x, y)."""
    lay = LAYOUT.character
    detail = f"{character.id} ({side.value})"
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        ink = side_ink(side)
        _fill(c, ink, b)
        band = _m(lay.band)
        if side is Side.RED:  # the shaken side: a white band, in greyscale too
            c.setFillColor(white)
            c.rect(-b, s - band, s + 2 * b, band + b, stroke=0, fill=1)
        c.setFillColor(ink if side is Side.RED else white)
        _text_line(c, ctx, character.name, FontRole.SANS_BOLD, lay.name_size,
                   Rect(_m(0.4), s - band, s - _m(0.8), band), detail=detail)
        d = _m(lay.symbol)
        left = _m(lay.symbol_inset) + d / 2
        centres = ((left, _m(lay.upper_y)), (s - left, _m(lay.upper_y)),
                   (left, _m(lay.lower_y)), (s - left, _m(lay.lower_y)))
        for (symbol, value), (cx, cy) in zip(character_values(character, side), centres,
                                             strict=True):
            draw_value(c, ctx, symbol, ctx.format_number(value), cx, cy, d,
                       lay.value_size, detail=detail)
        px, py, pw, ph = (_m(v) for v in lay.portrait)
        draw_portrait(c, character, side, Rect(px, py, pw, ph))
        if character.special:
            c.setFillColor(white)
            _text_line(c, ctx, character.special, FontRole.SANS_BOLD, lay.ability_size,
                       Rect(px - _m(0.3), _m(lay.ability_y) - _m(1.4), pw + _m(0.6),
                            _m(2.8)), detail=detail)


# --- item counters --------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """One number on an item counter; ``crossfire``: it counts only for a walkie-talkie's
    crossfire (framed together on the counter)."""

    symbol: Symbol
    value: int
    signed: bool = True
    crossfire: bool = False


def item_values(item: Item) -> tuple[Value, ...]:
    """The numbers an item counter shows, in order: range, the holder's modifiers, the other
    side's, then the crossfire pair. Zeros are left out."""
    out: list[Value] = []
    if item.range:
        out.append(Value(Symbol.RANGE, item.range, signed=False))
    for symbol, value in ((Symbol.FIRE, item.fire), (Symbol.TARGET_MORAL, item.target_moral),
                          (Symbol.MORAL, item.moral), (Symbol.ENEMY_FIRE, item.enemy_fire),
                          (Symbol.SNEAK, item.sneak)):
        if value:
            out.append(Value(symbol, value))
    for symbol, value in ((Symbol.FIRE, item.crossfire_fire),
                          (Symbol.TARGET_MORAL, item.crossfire_moral)):
        if value:
            out.append(Value(symbol, value, crossfire=True))
    return tuple(out)


def uses_squares(item: Item) -> tuple[tuple[int, int], ...]:
    """(number printed, quarter turns from upright) of each blue uses square: the full count
    upright in the bottom-right corner, each smaller one a quarter turn further
    (anticlockwise) round the counter."""
    if item.uses > 4:
        raise LayoutError(f"{item.id}: {item.uses} uses do not fit on a counter's four corners")
    return tuple((item.uses - k, k) for k in range(item.uses))


def draw_item_counter(c: Canvas, ctx: DrawContext, item: Item, x: float, y: float,
                      size: float, *, bleed: float = 0.0) -> None:
    """An item counter: its name, a drawn icon, its numbers in their symbols along the
    bottom, its uses in blue squares in the corners."""
    lay = LAYOUT.item
    detail = item.id
    values = item_values(item)
    xs = lay.symbol_x
    if len(values) > len(xs):
        raise LayoutError(f"{item.id}: {len(values)} numbers, the counter has room for "
                          f"{len(xs)}")
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        weapon = item.weapon
        _fill(c, _ink("weapon" if weapon else "gear"), b)
        band = _m(lay.band)
        c.setFillColor(_ink("weapon_band" if weapon else "gear_band"))
        c.rect(-b, s - band, s + 2 * b, band + b, stroke=0, fill=1)
        sq, inset = _m(lay.uses_square), _m(lay.uses_inset)
        squares = uses_squares(item)
        for number, turns in squares:
            c.saveState()
            c.translate(s / 2, s / 2)
            c.rotate(90 * turns)
            c.translate(-s / 2, -s / 2)
            c.setFillColor(_ink("uses"))
            c.setStrokeColor(white)
            c.setLineWidth(0.5)
            c.rect(s - inset - sq, inset, sq, sq, stroke=1, fill=1)
            c.setFillColor(white)
            centred(c, ctx, ctx.format_number(number), FontRole.SANS_BOLD, lay.uses_size,
                    s - inset - sq / 2, inset + sq / 2, width=sq * 0.9, detail=detail,
                    minimum=MIN_TEXT_PT)
            c.restoreState()
        corner = inset + sq + _m(0.2)  # the name keeps clear of squares in the top corners
        left = corner if len(squares) >= 3 else _m(0.4)
        right = s - corner if len(squares) >= 2 else s - _m(0.4)
        room = Rect(left, s - band, right - left, band)
        c.setFillColor(_ink("text"))
        _item_name(c, ctx, ctx._(item.name), room, detail)
        ix, iy, iw, ih = (_m(v) for v in lay.icon)
        draw_item_icon(c, item.id, Rect(ix, iy, iw, ih))
        d = _m(lay.symbol)
        cy = _m(lay.symbol_y)
        # fewer numbers than places, and no uses square in the corner: centre them
        shift = 0.0
        if values and not squares:
            used = [float(v) for v in xs[:len(values)]]
            shift = LAYOUT.counter.design / 2 - sum(used) / len(used)
        framed = [i for i, v in enumerate(values) if v.crossfire]
        if framed:
            pad = _m(lay.crossfire_pad)
            x0 = _m(xs[framed[0]] + shift) - d / 2 - pad
            x1 = _m(xs[framed[-1]] + shift) + d / 2 + pad
            c.setStrokeColor(_ink("symbol_line"))
            c.setFillColor(white)
            c.setLineWidth(0.5)
            c.setDash(1.2, 0.8)
            c.roundRect(x0, cy - d / 2 - pad, x1 - x0, d + 2 * pad, pad * 2, stroke=1, fill=0)
            c.setDash()
        for value, vx in zip(values, xs, strict=False):
            vx = float(vx) + shift
            text = signed(ctx, value.value) if value.signed else ctx.format_number(value.value)
            draw_value(c, ctx, value.symbol, text, _m(vx), cy, d, lay.value_size,
                       detail=detail)


def _item_name(c: Canvas, ctx: DrawContext, name: str, room: Rect, detail: str) -> None:
    """The item's name on one line if it fits at 6 pt or more, else on two lines."""
    lay = LAYOUT.item
    face = ctx.font(FontRole.SANS_BOLD)
    size = lay.name_size
    if pdfmetrics.stringWidth(name, face, MIN_TEXT_PT) <= room.w:
        _text_line(c, ctx, name, FontRole.SANS_BOLD, size, room, detail=detail)
        return
    two = lay.name_two_line_size
    lines, _widest, _split = wrap(name, face, two, room.w)
    if len(lines) > 2 or any(pdfmetrics.stringWidth(t, face, two) > room.w for t in lines):
        ctx.check_text(name, FontRole.SANS_BOLD, two, room.w, room.h, detail=detail)
    lead = two * 1.02
    for i, line in enumerate(lines[:2]):
        cy = room.cy + (lead / 2 if i == 0 else -lead / 2) if len(lines) > 1 else room.cy
        centred(c, ctx, line, FontRole.SANS_BOLD, two, room.cx, cy, width=room.w, detail=detail,
                minimum=MIN_TEXT_PT)


# --- item icons (drawn with shapes, in a box of any units) ----------------------------------


def draw_item_icon(c: Canvas, item_id: str, box: Rect) -> None:
    """The drawn picture of an item (a generic parcel for an item this module does not
    know yet)."""
    c.saveState()
    c.setStrokeColor(_ink("icon_line"))
    c.setLineWidth(box.w * 0.035)
    c.setLineJoin(1)
    c.setLineCap(1)
    ICONS.get(item_id, _icon_parcel)(c, box)
    c.restoreState()


def _icon_sling(c: Canvas, r: Rect, heavy: bool = True) -> None:
    cx, u = r.cx, r.h / 10
    c.setFillColor(HexColor("#8a5a2b"))
    p = c.beginPath()  # the Y of the frame
    p.moveTo(cx - u * 0.5, r.y + u * 0.4)
    p.lineTo(cx + u * 0.5, r.y + u * 0.4)
    p.lineTo(cx + u * 0.5, r.y + u * 4.6)
    p.lineTo(cx + u * 2.8, r.y + u * 8.6)
    p.lineTo(cx + u * 2.0, r.y + u * 9.0)
    p.lineTo(cx, r.y + u * 5.6)
    p.lineTo(cx - u * 2.0, r.y + u * 9.0)
    p.lineTo(cx - u * 2.8, r.y + u * 8.6)
    p.lineTo(cx - u * 0.5, r.y + u * 4.6)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setStrokeColor(HexColor("#c0392b"))
    c.setLineWidth(r.w * 0.05)
    c.line(cx - u * 2.4, r.y + u * 8.8, cx - u * 0.3, r.y + u * 6.6)
    c.line(cx + u * 2.4, r.y + u * 8.8, cx + u * 0.3, r.y + u * 6.6)
    c.setFillColor(HexColor("#5b3a1c"))
    c.setStrokeColor(_ink("icon_line"))
    c.setLineWidth(r.w * 0.03)
    c.roundRect(cx - u * 0.8, r.y + u * 6.2, u * 1.6, u * 0.9, u * 0.3, stroke=1, fill=1)
    if heavy:  # a wrist brace
        c.setFillColor(HexColor("#555555"))
        c.rect(cx - u * 0.5, r.y + u * 0.4, u * 1.0, u * 2.2, stroke=1, fill=1)
        c.line(cx + u * 0.5, r.y + u * 2.4, cx + u * 2.2, r.y + u * 1.2)
        c.line(cx + u * 2.2, r.y + u * 1.2, cx + u * 2.2, r.y + u * 0.3)


def _icon_fruits(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#d9412b"))  # an apple
    c.circle(r.cx - u * 1.2, r.y + u * 4.2, u * 3.0, stroke=1, fill=1)
    c.setFillColor(HexColor("#4caf50"))
    c.ellipse(r.cx - u * 1.0, r.y + u * 7.0, r.cx + u * 1.3, r.y + u * 8.2, stroke=1, fill=1)
    c.line(r.cx - u * 1.2, r.y + u * 7.1, r.cx - u * 1.4, r.y + u * 8.4)
    c.setFillColor(HexColor("#9c1c3b"))  # cherries
    c.circle(r.cx + u * 2.4, r.y + u * 1.6, u * 1.3, stroke=1, fill=1)
    c.circle(r.cx + u * 3.6, r.y + u * 2.8, u * 1.2, stroke=1, fill=1)
    c.line(r.cx + u * 2.4, r.y + u * 2.9, r.cx + u * 3.4, r.y + u * 6.0)
    c.line(r.cx + u * 3.6, r.y + u * 4.0, r.cx + u * 3.4, r.y + u * 6.0)


def _icon_water_balls(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    for dx, ink in ((-1.6, "#4aa3df"), (1.5, "#7fd0f5")):
        cx = r.cx + dx * u
        c.setFillColor(HexColor(ink))
        p = c.beginPath()
        p.moveTo(cx, r.y + u * 1.4)
        p.curveTo(cx - u * 3.6, r.y + u * 3.2, cx - u * 2.4, r.y + u * 9.6, cx, r.y + u * 9.4)
        p.curveTo(cx + u * 2.4, r.y + u * 9.6, cx + u * 3.6, r.y + u * 3.2, cx, r.y + u * 1.4)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        p = c.beginPath()  # the knot
        p.moveTo(cx, r.y + u * 1.4)
        p.lineTo(cx - u * 0.6, r.y + u * 0.4)
        p.lineTo(cx + u * 0.6, r.y + u * 0.4)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setFillColor(white)
        c.ellipse(cx - u * 1.3, r.y + u * 6.2, cx - u * 0.5, r.y + u * 7.8, stroke=0, fill=1)


def _icon_fireworks(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.saveState()
    c.translate(r.cx, r.y + u * 4.6)
    c.rotate(-30)
    c.setFillColor(HexColor("#c0392b"))
    c.rect(-u * 0.9, -u * 2.6, u * 1.8, u * 5.0, stroke=1, fill=1)
    c.setFillColor(HexColor("#f0c419"))
    p = c.beginPath()
    p.moveTo(-u * 1.1, u * 2.4)
    p.lineTo(u * 1.1, u * 2.4)
    p.lineTo(0, u * 4.4)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setStrokeColor(HexColor("#8a5a2b"))
    c.line(0, -u * 2.6, 0, -u * 5.2)  # the stick
    c.restoreState()
    c.setStrokeColor(HexColor("#e8833a"))
    sx, sy = r.cx - u * 3.2, r.y + u * 1.8
    for k in range(8):  # sparks from the fuse
        a = math.radians(k * 45)
        c.line(sx + math.cos(a) * u * 0.5, sy + math.sin(a) * u * 0.5,
               sx + math.cos(a) * u * 1.3, sy + math.sin(a) * u * 1.3)


def _icon_hose(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setStrokeColor(HexColor("#2e9e57"))
    c.setLineWidth(u * 0.9)
    for k, rad in enumerate((3.2, 2.3, 1.4)):  # the coil
        c.circle(r.cx - u * 0.8, r.y + u * 4.6 - k * 0.0, u * rad, stroke=1, fill=0)
    c.line(r.cx + u * 2.4, r.y + u * 4.6, r.cx + u * 3.2, r.y + u * 8.0)
    c.setStrokeColor(_ink("icon_line"))
    c.setLineWidth(r.w * 0.03)
    c.setFillColor(HexColor("#f0c419"))  # the nozzle
    c.saveState()
    c.translate(r.cx + u * 3.2, r.y + u * 8.0)
    c.rotate(14)
    c.rect(-u * 0.6, 0, u * 1.2, u * 1.6, stroke=1, fill=1)
    c.restoreState()
    c.setFillColor(HexColor("#4aa3df"))
    for dx, dy in ((3.4, 9.9), (4.4, 9.4), (4.0, 8.5)):
        c.circle(r.cx + u * dx, r.y + u * dy, u * 0.35, stroke=0, fill=1)


def _icon_helmet(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#d63c3c"))
    p = c.beginPath()
    p.moveTo(r.cx - u * 3.4, r.y + u * 2.2)
    p.curveTo(r.cx - u * 4.4, r.y + u * 9.4, r.cx + u * 4.2, r.y + u * 10.2, r.cx + u * 3.8,
              r.y + u * 4.4)
    p.lineTo(r.cx + u * 1.6, r.y + u * 4.4)
    p.lineTo(r.cx + u * 1.0, r.y + u * 2.2)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(white)
    c.rect(r.cx - u * 1.6, r.y + u * 4.0, u * 1.0, u * 4.6, stroke=0, fill=1)  # a stripe
    c.setStrokeColor(HexColor("#777777"))  # the face guard
    c.setLineWidth(u * 0.45)
    c.line(r.cx + u * 1.6, r.y + u * 4.4, r.cx + u * 4.4, r.y + u * 4.0)
    c.line(r.cx + u * 1.2, r.y + u * 2.9, r.cx + u * 4.2, r.y + u * 2.6)
    c.line(r.cx + u * 4.3, r.y + u * 4.2, r.cx + u * 4.1, r.y + u * 1.6)


def _icon_shield(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#9aa3a8"))  # a trash-can lid
    c.circle(r.cx, r.y + u * 5.0, u * 4.4, stroke=1, fill=1)
    c.setFillColor(HexColor("#b9c1c5"))
    for rad in (3.3, 2.2):
        c.circle(r.cx, r.y + u * 5.0, u * rad, stroke=1, fill=1)
    c.setFillColor(HexColor("#6d767b"))
    c.roundRect(r.cx - u * 1.5, r.y + u * 4.5, u * 3.0, u * 1.0, u * 0.4, stroke=1, fill=1)


def _icon_camo(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#6b8e3d"))  # a shirt in camouflage
    p = c.beginPath()
    p.moveTo(r.cx - u * 2.6, r.y + u * 0.5)
    p.lineTo(r.cx + u * 2.6, r.y + u * 0.5)
    p.lineTo(r.cx + u * 2.6, r.y + u * 6.0)
    p.lineTo(r.cx + u * 4.4, r.y + u * 5.0)
    p.lineTo(r.cx + u * 4.9, r.y + u * 7.6)
    p.lineTo(r.cx + u * 1.6, r.y + u * 9.2)
    p.lineTo(r.cx - u * 1.6, r.y + u * 9.2)
    p.lineTo(r.cx - u * 4.9, r.y + u * 7.6)
    p.lineTo(r.cx - u * 4.4, r.y + u * 5.0)
    p.lineTo(r.cx - u * 2.6, r.y + u * 6.0)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.saveState()
    c.clipPath(p, stroke=0, fill=0)
    for ink, spots in (("#3e5a23", ((-1.5, 2.0, 1.3), (1.8, 6.4, 1.4), (-3.2, 7.0, 1.0))),
                       ("#9c8a4a", ((1.2, 2.6, 1.1), (-0.8, 6.0, 1.2), (3.6, 7.4, 0.8)))):
        c.setFillColor(HexColor(ink))
        for dx, dy, rad in spots:
            c.ellipse(r.cx + u * (dx - rad * 1.3), r.y + u * (dy - rad * 0.8),
                      r.cx + u * (dx + rad * 1.3), r.y + u * (dy + rad * 0.8), stroke=0, fill=1)
    c.restoreState()
    c.drawPath(p, stroke=1, fill=0)


def _icon_walkie(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#3a3a3a"))
    c.rect(r.cx + u * 0.7, r.y + u * 6.4, u * 0.7, u * 3.4, stroke=0, fill=1)  # antenna
    c.setFillColor(HexColor("#f0c419"))
    c.roundRect(r.cx - u * 2.0, r.y + u * 0.3, u * 4.0, u * 6.6, u * 0.7, stroke=1, fill=1)
    c.setFillColor(HexColor("#3a3a3a"))
    for k in range(3):  # the speaker grille
        c.rect(r.cx - u * 1.3, r.y + u * (1.2 + k * 0.9), u * 2.6, u * 0.45, stroke=0, fill=1)
    c.setFillColor(HexColor("#cfe8f5"))
    c.rect(r.cx - u * 1.3, r.y + u * 4.3, u * 2.6, u * 1.7, stroke=1, fill=1)  # the screen
    c.setStrokeColor(HexColor("#2c6fb7"))  # its waves
    for rad in (1.0, 1.8):
        c.arc(r.cx + u * 1.05 - u * rad, r.y + u * 9.8 - u * rad, r.cx + u * 1.05 + u * rad,
              r.y + u * 9.8 + u * rad, -30, 60)


def _icon_parcel(c: Canvas, r: Rect) -> None:
    u = r.h / 10
    c.setFillColor(HexColor("#c9a66b"))
    c.rect(r.cx - u * 3.5, r.y + u * 1.5, u * 7.0, u * 6.0, stroke=1, fill=1)
    c.line(r.cx, r.y + u * 1.5, r.cx, r.y + u * 7.5)
    c.line(r.cx - u * 3.5, r.y + u * 4.5, r.cx + u * 3.5, r.y + u * 4.5)


ICONS: Final[dict[str, Callable[[Canvas, Rect], None]]] = {
    "heavy_sling": _icon_sling, "fruits": _icon_fruits, "water_balls": _icon_water_balls,
    "fireworks": _icon_fireworks, "hose": _icon_hose, "helmet": _icon_helmet,
    "shield": _icon_shield, "camo": _icon_camo, "walkie": _icon_walkie}
"""The drawn picture of each item of ``equipment.csv``, by id."""


# --- team markers, HQ, flag, turn marker ----------------------------------------------------


class MarkerFace(Enum):
    """The two sides of a hidden marker: the "?" that faces up on the map, and the numbered
    underside its owner lifts to read."""

    HIDDEN = "hidden"
    NUMBER = "number"


def draw_team_pattern(c: Canvas, colour: TeamColour, box: Rect, pitch: float,
                      width: float) -> None:
    """Team ``colour``'s pattern (:data:`TEAM_PATTERNS`) over ``box``, clipped to it, in the
    team's dark ink: the teams' markers and trays tell apart in greyscale by it."""
    dark = team_ink(colour, dark=True)
    c.saveState()
    clip_rect(c, box.x, box.y, box.w, box.h)
    c.setStrokeColor(dark)
    c.setFillColor(dark)
    c.setLineWidth(width)
    pattern = TEAM_PATTERNS[colour]
    if pattern == "stripes":
        for k in range(int(box.h / pitch) + 1):
            c.line(box.x, box.y + k * pitch, box.right, box.y + k * pitch)
    elif pattern == "diagonals":
        step = pitch * DIAGONAL_STEP
        for k in range(-int(box.h / step) - 1, int(box.w / step) + 1):
            x0 = box.x + k * step  # the line y - box.y = x - x0, cut to the box (a line
            xs, xe = max(x0, box.x), min(x0 + box.h, box.right)  # running past it would
            if xe > xs:  # reach, unseen, across a neighbour's cut)
                c.line(xs, box.y + xs - x0, xe, box.y + xe - x0)
    else:
        circles(c, [(box.x + (i + 0.5) * pitch, box.y + (j + 0.5) * pitch)
                    for i in range(int(box.w / pitch) + 1)
                    for j in range(int(box.h / pitch) + 1)], pitch * 0.22, stroke=0, fill=1)
    c.restoreState()


def _pattern_box(colour: TeamColour, s: float, b: float, pitch: float) -> tuple[Rect, float]:
    """Where to draw a counter's pattern, and at what pitch, so that the counter's cut falls
    midway between two lines of it: the pitch is stretched to divide the counter's side
    ``s`` and the box starts half a step off it (a line along the cut would be half cut off,
    or show as a sliver on the neighbour when the cut strays). Covers the bleed ``b``."""
    factor = DIAGONAL_STEP if TEAM_PATTERNS[colour] == "diagonals" else 1.0
    step = s / max(1, round(s / (pitch * factor)))
    start = -(math.ceil(b / step) + 0.5) * step
    return Rect(start, start, s - 2 * start, s - 2 * start), step / factor


def _team_base(c: Canvas, ctx: DrawContext, colour: TeamColour, b: float) -> None:
    """A team counter's ground: the team's colour, its pattern round the border, its letter
    in a white square in the bottom-left corner."""
    lay = LAYOUT.marker
    s = _design()
    _fill(c, team_ink(colour), b)
    dark = team_ink(colour, dark=True)
    pattern, pitch = _pattern_box(colour, s, b, _m(lay.stripe))
    draw_team_pattern(c, colour, pattern, pitch, _m(lay.stripe_width))
    ring = _m(lay.ring)
    c.setFillColor(team_ink(colour))
    c.setStrokeColor(dark)
    c.setLineWidth(0.6)
    c.rect(ring, ring, s - 2 * ring, s - 2 * ring, stroke=1, fill=1)
    box = _m(lay.letter_box)
    c.setFillColor(white)  # the white square runs into the bleed: no outline on the cut
    c.rect(-b, -b, box + b, box + b, stroke=0, fill=1)
    c.line(-b, box, box, box)
    c.line(box, box, box, -b)
    c.setFillColor(dark)
    centred(c, ctx, TEAM_LETTERS[colour], FontRole.SANS_BOLD, lay.letter_size, box / 2,
            box / 2, width=box * 0.9, detail=f"{colour.value} letter", minimum=MIN_TEXT_PT)


def draw_hidden_marker(c: Canvas, ctx: DrawContext, colour: TeamColour, number: int,
                       x: float, y: float, size: float, *,
                       face: MarkerFace = MarkerFace.HIDDEN, bleed: float = 0.0) -> None:
    """One side of team ``colour``'s hidden marker ``number`` (1-10): the "?" side (what
    everybody sees on the map) or its numbered underside. A 6 and a 9 are underlined."""
    lay = LAYOUT.marker
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        _team_base(c, ctx, colour, b)
        c.setFillColor(team_ink(colour, dark=True))
        detail = f"{colour.value} marker {number}"
        if face is MarkerFace.HIDDEN:
            centred(c, ctx, "?", FontRole.SANS_BOLD, lay.mark_size, s / 2,
                    s / 2 + _m(0.3),
                    detail=detail)
            return
        text = ctx.format_number(number)
        size_pt = lay.number_size
        used = centred(c, ctx, text, FontRole.SANS_BOLD, size_pt, s / 2, s / 2 + _m(0.4),
                       width=s - 2 * _m(lay.ring) - _m(1), detail=detail,
                       minimum=MIN_TEXT_PT)
        if number in (6, 9):
            w = pdfmetrics.stringWidth(text, ctx.font(FontRole.SANS_BOLD), used)
            c.setStrokeColor(team_ink(colour, dark=True))
            c.setLineWidth(_m(0.45))
            yy = s / 2 + _m(0.4) - used * 0.42
            c.line(s / 2 - w / 2, yy, s / 2 + w / 2, yy)


def draw_hq(c: Canvas, ctx: DrawContext, colour: TeamColour, x: float, y: float, size: float,
            *, bleed: float = 0.0) -> None:
    """Team ``colour``'s headquarters: a hut with "HQ" on it."""
    lay = LAYOUT.marker
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        _team_base(c, ctx, colour, b)
        dark = team_ink(colour, dark=True)
        c.setFillColor(dark)
        c.setStrokeColor(dark)
        p = c.beginPath()
        p.moveTo(s / 2, s - _m(3.0))
        p.lineTo(s - _m(3.0), s - _m(7.0))
        p.lineTo(s - _m(3.8), s - _m(7.0))
        p.lineTo(s - _m(3.8), _m(3.4))
        p.lineTo(_m(3.8), _m(3.4))
        p.lineTo(_m(3.8), s - _m(7.0))
        p.lineTo(_m(3.0), s - _m(7.0))
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.setFillColor(white)
        _text_line(c, ctx, ctx._(HQ), FontRole.SANS_BOLD, lay.hq_size,
                   Rect(_m(3.9), _m(3.6), s - _m(7.8), _m(4.8)), detail=f"{colour.value} HQ")


def draw_flag(c: Canvas, ctx: DrawContext, colour: TeamColour, x: float, y: float,
              size: float, *, bleed: float = 0.0) -> None:
    """Team ``colour``'s flag (capture the flag): a pennant on a pole."""
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        _team_base(c, ctx, colour, b)
        dark = team_ink(colour, dark=True)
        c.setStrokeColor(dark)
        c.setLineWidth(_m(0.6))
        c.line(_m(5.0), _m(3.6), _m(5.0), s - _m(2.6))
        c.setFillColor(dark)
        p = c.beginPath()
        p.moveTo(_m(5.3), s - _m(2.8))
        p.curveTo(_m(8.0), s - _m(1.8), _m(9.5), s - _m(4.6), s - _m(2.8), s - _m(3.6))
        p.lineTo(s - _m(2.8), s - _m(8.4))
        p.curveTo(_m(9.5), s - _m(9.4), _m(8.0), s - _m(6.6), _m(5.3), s - _m(7.6))
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.setFillColor(white)
        c.circle(_m(9.6), s - _m(5.6), _m(1.1), stroke=0, fill=1)


def draw_turn_marker(c: Canvas, ctx: DrawContext, x: float, y: float, size: float, *,
                     bleed: float = 0.0) -> None:
    """The turn marker: a clock and the word "Turn", moved one slot of the turn chart at the
    end of every turn."""
    lay = LAYOUT.turn
    with _counter_frame(c, x, y, size, bleed) as b:
        s = _design()
        _fill(c, _ink("turn"), b)
        band = _m(4.2)
        c.setFillColor(_ink("turn_band"))
        c.rect(-b, -b, s + 2 * b, band + b, stroke=0, fill=1)
        c.setFillColor(white)
        _text_line(c, ctx, ctx._(TURN), FontRole.SANS_BOLD, lay.label_size,
                   Rect(_m(0.5), 0, s - _m(1.0), band), detail="turn marker")
        cx, cy, r = s / 2, band + (s - band) / 2, _m(4.7)
        c.setStrokeColor(_ink("turn_band"))
        c.setLineWidth(_m(0.5))
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setLineWidth(_m(0.3))
        for k in range(12):
            a = math.radians(k * 30)
            inner = 0.72 if k % 3 == 0 else 0.84
            c.line(cx + math.cos(a) * r * inner, cy + math.sin(a) * r * inner,
                   cx + math.cos(a) * r * 0.95, cy + math.sin(a) * r * 0.95)
        c.setLineWidth(_m(0.45))
        c.line(cx, cy, cx, cy + r * 0.7)  # three o'clock: the chart's first turn
        c.line(cx, cy, cx + r * 0.5, cy)
        c.setFillColor(_ink("turn_band"))
        c.circle(cx, cy, _m(0.45), stroke=0, fill=1)


# --- sheets ---------------------------------------------------------------------------------

Face = Callable[[Canvas, DrawContext, float, float, float, float], None]
"""One side of one counter: ``face(c, ctx, x, y, size, bleed)``."""


@dataclass(frozen=True)
class CounterSpec:
    """One counter of a sheet: what it counts as (:func:`printed_counts`), its front, and
    its back on a two-sided sheet."""

    kind: str
    front: Face
    back: Face | None = None


class KeyEntry(Enum):
    """The entries a sheet's key can show."""

    FIRE = "fire"
    MORAL = "moral"
    SNEAK = "sneak"
    MOVE = "move"
    ABILITIES = "abilities"
    SIDES = "sides"
    RANGE = "range"
    TARGET_MORAL = "target_moral"
    ENEMY_FIRE = "enemy_fire"
    USES = "uses"
    CROSSFIRE = "crossfire"
    HIDDEN = "hidden"
    NUMBER = "number"
    TEAMS = "teams"
    TURN = "turn"


@dataclass(frozen=True)
class CounterSheet:
    """One counter sheet: a component of the kit."""

    name: str
    title: str
    description: str
    counters: tuple[CounterSpec, ...]
    key: tuple[KeyEntry, ...]

    @property
    def two_sided(self) -> bool:
        return any(s.back is not None for s in self.counters)

    def counts(self) -> dict[str, int]:
        return dict(Tally(s.kind for s in self.counters))


def _character_face(character: Character, side: Side) -> Face:
    def face(c: Canvas, ctx: DrawContext, x: float, y: float, size: float,
             bleed: float) -> None:
        draw_character_counter(c, ctx, character, side, x, y, size, bleed=bleed)
    return face


def _item_face(item: Item) -> Face:
    def face(c: Canvas, ctx: DrawContext, x: float, y: float, size: float,
             bleed: float) -> None:
        draw_item_counter(c, ctx, item, x, y, size, bleed=bleed)
    return face


def _marker_face(colour: TeamColour, number: int, side: MarkerFace) -> Face:
    def face(c: Canvas, ctx: DrawContext, x: float, y: float, size: float,
             bleed: float) -> None:
        draw_hidden_marker(c, ctx, colour, number, x, y, size, face=side, bleed=bleed)
    return face


def _team_face(draw: Callable[..., None], colour: TeamColour) -> Face:
    def face(c: Canvas, ctx: DrawContext, x: float, y: float, size: float,
             bleed: float) -> None:
        draw(c, ctx, colour, x, y, size, bleed=bleed)
    return face


def _turn_face(c: Canvas, ctx: DrawContext, x: float, y: float, size: float,
               bleed: float) -> None:
    draw_turn_marker(c, ctx, x, y, size, bleed=bleed)


def item_kind(item: Item) -> str:
    """An item's key in :func:`printed_counts`."""
    return f"item:{item.id}"


def _items_sheet(items: Sequence[Item]) -> tuple[CounterSpec, ...]:
    return tuple(CounterSpec(item_kind(i), _item_face(i)) for i in items
                 for _n in range(i.counters))


def split_weapons(data: GameData) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """The weapons with counters, split over the seed's two weapon sheets in the data's
    order: the first sheet takes kinds until it holds at least half the weapon counters."""
    weapons = [i for i in data.equipment.items if i.weapon and i.counters]
    half = sum(i.counters for i in weapons) / 2
    first: list[Item] = []
    held = 0
    for item in weapons:
        if held >= half:
            break
        first.append(item)
        held += item.counters
    return tuple(first), tuple(weapons[len(first):])


def counter_sheets(data: GameData | None = None) -> tuple[CounterSheet, ...]:
    """The five counter sheets of the seed's component list, from the game data."""
    data = data or load_data()
    characters = tuple(CounterSpec("characters", _character_face(ch, Side.BLUE),
                                   _character_face(ch, Side.RED))
                       for ch in data.roster.characters)
    weapons_1, weapons_2 = split_weapons(data)
    defensive = [i for i in data.equipment.items if not i.weapon and i.counters]
    markers: list[CounterSpec] = []
    for colour in TeamColour:
        markers += [CounterSpec(f"hidden:{colour.value}",
                                _marker_face(colour, n, MarkerFace.HIDDEN),
                                _marker_face(colour, n, MarkerFace.NUMBER))
                    for n in range(1, TRAY_BOXES + 1)]
        hq, flag = _team_face(draw_hq, colour), _team_face(draw_flag, colour)
        markers += [CounterSpec(f"hq:{colour.value}", hq, hq),
                    CounterSpec(f"flag:{colour.value}", flag, flag)]
    weapon_key = (KeyEntry.RANGE, KeyEntry.FIRE, KeyEntry.TARGET_MORAL, KeyEntry.USES)
    return (
        CounterSheet("character-counters", N_("Character counters"),
                     N_("One two-sided counter per pwincher: blue front, red back, each with "
                        "its fire, moral, sneak, movement points and abilities."),
                     characters, (KeyEntry.FIRE, KeyEntry.MORAL, KeyEntry.SNEAK,
                                  KeyEntry.MOVE, KeyEntry.SIDES, KeyEntry.ABILITIES)),
        CounterSheet("weapon-counters-1", N_("Weapons 1"),
                     N_("The first sheet of weapon counters, uses in blue squares."),
                     _items_sheet(weapons_1), weapon_key),
        CounterSheet("weapon-counters-2", N_("Weapons 2"),
                     N_("The second sheet of weapon counters, uses in blue squares."),
                     _items_sheet(weapons_2), weapon_key),
        CounterSheet("defensive-counters", N_("Defensive and miscellaneous"),
                     N_("Helmets, shields, camouflage, walkie-talkies and the turn marker."),
                     (*_items_sheet(defensive), CounterSpec("turn-marker", _turn_face)),
                     (KeyEntry.MORAL, KeyEntry.ENEMY_FIRE, KeyEntry.SNEAK, KeyEntry.CROSSFIRE,
                      KeyEntry.TURN)),
        CounterSheet("team-markers", N_("Team markers"),
                     N_("For each team colour: hidden markers 1-10 (\"?\" on top, the number "
                        "underneath), an HQ and a flag."),
                     tuple(markers), (KeyEntry.HIDDEN, KeyEntry.NUMBER, KeyEntry.TEAMS)),
    )


def printed_counts(data: GameData | None = None) -> dict[str, int]:
    """How many counters of each kind the sheets print: ``characters``, ``item:<id>`` per
    item, ``hidden:<colour>``, ``hq:<colour>`` and ``flag:<colour>`` per team colour, and
    ``turn-marker``."""
    total: Tally[str] = Tally()
    for sheet in counter_sheets(data):
        total.update(sheet.counts())
    return dict(total)


# --- the sheet header -----------------------------------------------------------------------

GLUE_ONE_SIDED: Final = N_(
    "Glue this sheet on thin cardboard and let it dry flat under a book, then cut the "
    "counters out along the grey lines.")
GLUE_DUPLEX: Final = N_(
    "Two-sided counters. Print both pages at 100 %. Glue the first on thin cardboard, then "
    "the second on the back, turned over along its {edge} so that its squares lie behind "
    "the first page's (hold it against a window). Let it dry flat, then cut the counters out "
    "along the grey lines.")
GLUE_FOLD: Final = N_(
    "Two-sided counters. Fold the sheet along the dashed line around a piece of thin "
    "cardboard and glue both halves on it. Let it dry flat, then cut the counters out along "
    "the grey lines.")
SHEET_TITLE: Final = N_("{game}: {sheet}")
KEY_TEXT: Final = {
    KeyEntry.ABILITIES: N_("abilities: {list}"),
    KeyEntry.SIDES: N_("blue side: fresh; red side (white name band): shaken"),
    KeyEntry.USES: N_("uses left: after each use turn the counter a quarter turn clockwise"),
    KeyEntry.CROSSFIRE: N_("crossfire: for the second walkie-talkie firing at the same "
                           "target in a turn"),
    KeyEntry.HIDDEN: N_("hidden marker: stands for a character, or a dummy"),
    KeyEntry.NUMBER: N_("its underside: the number of the tray box"),
    KeyEntry.TEAMS: N_("teams: {list}"),
    KeyEntry.TURN: N_("turn marker: one slot along the turn chart each turn"),
}
ABILITY_ITEM: Final = N_("{letter} {name}")
TEAM_ITEM: Final = N_("{letter} {colour}")
LIST_SEP: Final = N_(", ")


def _key_text(ctx: DrawContext, entry: KeyEntry) -> str:
    if entry.value in {s.value for s in Symbol}:
        return ctx._(SYMBOL_NAMES[Symbol(entry.value)])
    if entry is KeyEntry.ABILITIES:
        parts = [ctx._(ABILITY_ITEM).format(letter=a.value, name=ctx._(ABILITY_NAMES[a]))
                 for a in Ability]
        return ctx._(KEY_TEXT[entry]).format(list=ctx._(LIST_SEP).join(parts))
    if entry is KeyEntry.TEAMS:
        parts = [ctx._(TEAM_ITEM).format(letter=TEAM_LETTERS[t], colour=ctx._(TEAM_NAMES[t]))
                 for t in TeamColour]
        return ctx._(KEY_TEXT[entry]).format(list=ctx._(LIST_SEP).join(parts))
    return ctx._(KEY_TEXT[entry])


def _key_symbol(c: Canvas, ctx: DrawContext, entry: KeyEntry, x: float, y: float,
                d: float) -> None:
    """The key's picture of ``entry`` in a ``d``-square box at (x, y)."""
    cx, cy = x + d / 2, y + d / 2
    if entry.value in {s.value for s in Symbol}:
        draw_symbol(c, Symbol(entry.value), cx, cy, d)
        return
    c.saveState()
    if entry is KeyEntry.USES:
        c.setFillColor(_ink("uses"))
        c.rect(x + d * 0.15, y + d * 0.15, d * 0.7, d * 0.7, stroke=0, fill=1)
        c.setFillColor(white)
        centred(c, ctx, ctx.format_number(3), FontRole.SANS_BOLD, 7.0, cx, cy, detail="key")
    elif entry is KeyEntry.CROSSFIRE:
        c.setStrokeColor(_ink("symbol_line"))
        c.setLineWidth(0.5)
        c.setDash(1.2, 0.8)
        c.roundRect(x, y + d * 0.2, d, d * 0.6, d * 0.15, stroke=1, fill=0)
        c.setDash()
        draw_symbol(c, Symbol.FIRE, x + d * 0.28, cy, d * 0.42)
        draw_symbol(c, Symbol.TARGET_MORAL, x + d * 0.72, cy, d * 0.42)
    elif entry is KeyEntry.SIDES:
        for k, side in enumerate(Side):
            c.setFillColor(side_ink(side))
            c.rect(x + k * d / 2, y, d / 2, d, stroke=0, fill=1)
        c.setFillColor(white)
        c.rect(x + d / 2, y + d * 0.72, d / 2, d * 0.28, stroke=0, fill=1)
    elif entry in (KeyEntry.HIDDEN, KeyEntry.NUMBER):
        c.setFillColor(team_ink(TeamColour.LIGHT_BLUE))
        c.setStrokeColor(team_ink(TeamColour.LIGHT_BLUE, dark=True))
        c.rect(x, y, d, d, stroke=1, fill=1)
        c.setFillColor(team_ink(TeamColour.LIGHT_BLUE, dark=True))
        centred(c, ctx, "?" if entry is KeyEntry.HIDDEN else ctx.format_number(7),
                FontRole.SANS_BOLD,
                9.0, cx, cy, detail="key")
    elif entry is KeyEntry.TEAMS:
        for k, team in enumerate(TeamColour):
            c.setFillColor(team_ink(team))
            c.rect(x + k * d / 3, y, d / 3, d, stroke=0, fill=1)
    elif entry is KeyEntry.TURN:
        c.setStrokeColor(_ink("turn_band"))
        c.setFillColor(white)
        c.setLineWidth(0.6)
        c.circle(cx, cy, d * 0.45, stroke=1, fill=1)
        c.line(cx, cy, cx, cy + d * 0.32)
        c.line(cx, cy, cx + d * 0.24, cy)
    elif entry is KeyEntry.ABILITIES:
        c.setFillColor(side_ink(Side.BLUE))
        c.rect(x, y, d, d, stroke=0, fill=1)
        c.setFillColor(white)
        centred(c, ctx, "S", FontRole.SANS_BOLD, 8.0, cx, cy, detail="key")
    c.restoreState()


@dataclass(frozen=True)
class HeaderLayout:
    """The header's lines, worked out before drawing (to find room for it)."""

    title: str
    lines: tuple[str, ...]
    key: tuple[tuple[KeyEntry, str, float, int], ...]  # entry, text, x offset, row
    height: float


def _instructions(ctx: DrawContext, sheet: CounterSheet, duplex: str) -> str:
    if not sheet.two_sided:
        return ctx._(GLUE_ONE_SIDED)
    if duplex == "fold":
        return ctx._(GLUE_FOLD)
    edge = ctx._("long edge") if duplex == "long" else ctx._("short edge")
    return ctx._(GLUE_DUPLEX).format(edge=edge)


def header_layout(ctx: DrawContext, sheet: CounterSheet, duplex: str, width: float
                  ) -> HeaderLayout:
    """Wrap the header to ``width`` points: title, instructions, key entries in rows."""
    lay = LAYOUT.sheet
    title = ctx._(SHEET_TITLE).format(game=ctx._(TITLE), sheet=ctx._(sheet.title))
    sans = ctx.font(FontRole.SANS)
    size = lay.text_size
    lines, _widest, _split = wrap(_instructions(ctx, sheet, duplex), sans, size, width)
    d = _m(lay.key_symbol)
    gap = _m(lay.key_gap)
    ksize = lay.key_size
    entries: list[tuple[KeyEntry, str, float, int]] = []
    xpos, row = 0.0, 0
    for entry in sheet.key:
        text = _key_text(ctx, entry)
        ctx.check_text(text, FontRole.SANS, ksize, width - d - _m(1.2), _m(lay.key_row),
                       detail="key", wrap=False)
        w = d + _m(1.2) + pdfmetrics.stringWidth(text, sans, ksize)
        if xpos > 0 and xpos + w > width:
            xpos, row = 0.0, row + 1
        entries.append((entry, text, xpos, row))
        xpos += w + gap
    rows = row + 1 if entries else 0
    height = (lay.title_size * 1.3 + len(lines) * lay.leading + _m(1.5)
              + rows * _m(lay.key_row))
    return HeaderLayout(title, lines, tuple(entries), height)


def draw_header(c: Canvas, ctx: DrawContext, head: HeaderLayout, box: Rect) -> None:
    """The header in ``box`` (its top-left is where the title starts)."""
    lay = LAYOUT.sheet
    c.saveState()
    c.setFillColor(_ink("text"))
    tsize = lay.title_size
    top = box.top
    c.setFont(ctx.font(FontRole.SANS_BOLD), tsize)
    ctx.check_glyphs(FontRole.SANS_BOLD, head.title, "header")
    ctx.check_text(head.title, FontRole.SANS_BOLD, tsize, box.w, tsize * 1.3, detail="header",
                   wrap=False)
    c.drawString(box.x, top - tsize, head.title)
    y = top - tsize * 1.3
    size, lead = lay.text_size, lay.leading
    c.setFont(ctx.font(FontRole.SANS), size)
    for line in head.lines:
        ctx.check_glyphs(FontRole.SANS, line, "header")
        c.drawString(box.x, y - size, line)
        y -= lead
    y -= _m(1.5)
    d = _m(lay.key_symbol)
    row_h = _m(lay.key_row)
    ksize = lay.key_size
    for entry, text, dx, row in head.key:
        ry = y - (row + 1) * row_h + (row_h - d) / 2
        _key_symbol(c, ctx, entry, box.x + dx, ry, d)
        c.setFillColor(_ink("text"))
        ctx.check_glyphs(FontRole.SANS, text, "key")
        c.setFont(ctx.font(FontRole.SANS), ksize)
        c.drawString(box.x + dx + d + _m(1.2), ry + d / 2 - ksize * 0.34, text)
    c.restoreState()


def header_room(plan: SheetPlan, placements: Sequence[Placement], prof_name: str) -> Rect:
    """The tallest free band of the first page's safe area: nothing of the imposition
    touches it (cells with their bleed and marks, the notice, a fold line). Across the whole
    safe area, or beside the notice where it runs up the page's side, and across the fronts'
    half of a sheet folded down the middle."""
    prof = profile(prof_name)
    safe = safe_rect(plan.paper, prof)
    gap = _m(LAYOUT.sheet.gap)
    reach = plan.bleed + (prof.mark_reach if prof.marks == "crop-marks" else 0.0)
    busy = [p.trim.outset(reach) for p in placements if p.page == 0]
    area = safe
    notice = plan.notice
    if notice is not None and not notice.margin and notice.turned:  # up the side: beside it
        left = notice.rect.x - gap - safe.x
        right = safe.right - (notice.rect.right + gap)
        area = (Rect(safe.x, safe.y, left, safe.h) if left > right
                else Rect(notice.rect.right + gap, safe.y, right, safe.h))
    elif notice is not None and not notice.margin:
        busy.append(notice.rect)
    if plan.fold is not None and plan.fold.w == 0:  # a vertical fold: keep to the fronts
        area = Rect(area.x, area.y, min(area.right, plan.fold.x - gap) - area.x, area.h)
    elif plan.fold is not None:
        busy.append(plan.fold.outset(mm(2)))
    spans = sorted((max(r.y, area.y), min(r.top, area.top)) for r in busy
                   if r.right > area.x and r.x < area.right)
    best = Rect(area.x, area.y, area.w, 0.0)
    low = area.y
    for y0, y1 in [*spans, (area.top, area.top)]:
        if y0 > low:
            room_top = y0 - gap if y0 < area.top else y0
            room_low = low + gap if low > area.y else low
            if room_top - room_low > best.h:
                best = Rect(area.x, room_low, area.w, room_top - room_low)
        low = max(low, y1)
    return best


# --- drawing a sheet ------------------------------------------------------------------------


@dataclass(frozen=True)
class CounterOptions:
    """``duplex``: how the backs are printed (``long`` or ``short`` edge, or ``fold``)."""

    duplex: str = component_option("long", "How the backs are printed.",
                                   choices=("long", "short", "fold"))

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES or self.duplex == "none":
            raise ValueError(f"--duplex takes long, short or fold, not {self.duplex!r}")


class _Cell:
    """One face as impose draws it: ``cell(canvas, x, y, w, h, index, bleed=...)``."""

    def __init__(self, ctx: DrawContext, face: Face) -> None:
        self.ctx, self.face = ctx, face

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
                 bleed: float = 0.0) -> None:
        self.face(c, self.ctx, x, y, w, bleed)


def draw_sheet(ctx: DrawContext, sheet: CounterSheet, out: Path, duplex: str = "none"
               ) -> tuple[SheetPlan, tuple[Placement, ...]]:
    """Impose ``sheet`` on the build's paper and write it to ``out``, with its header on the
    first page. Returns the plan and the placements (the tests measure them)."""
    duplex = duplex if sheet.two_sided else "none"
    fronts = [_Cell(ctx, s.front) for s in sheet.counters]
    backs = [_Cell(ctx, s.back) for s in sheet.counters if s.back is not None] \
        if sheet.two_sided else None
    if backs is not None and len(backs) != len(fronts):
        raise LayoutError(f"{sheet.name}: every counter of a two-sided sheet needs a back")
    plan = plan_sheet(counter_size(), ctx.paper, ctx.profile, duplex=duplex,
                      count=len(fronts))
    plan, placements, room, head = _plan_with_header(ctx, sheet, plan, len(fronts),
                                                     backs is not None, duplex)
    title = ctx._(SHEET_TITLE).format(game=ctx._(TITLE), sheet=ctx._(sheet.title))
    bid = build_id("pwinch-counters", sheet.name, len(fronts), ctx.paper.name, ctx.paper.size,
                   ctx.profile, duplex, ctx.duplex_offset)
    with open_canvas(out, ctx.paper, ctx=ctx, title=title,
                     subject=ctx._(sheet.description)) as canvas:
        if duplex in VIEWER_DUPLEX:
            canvas.setViewerPreference("Duplex", VIEWER_DUPLEX[duplex])
        draw_header(canvas, ctx, head, room)
        draw_sheets(canvas, plan, fronts, backs, ctx, file_name=out.name, build=bid)
    return plan, placements


def _plan_with_header(ctx: DrawContext, sheet: CounterSheet, plan: SheetPlan, count: int,
                      two_sided: bool, duplex: str
                      ) -> tuple[SheetPlan, tuple[Placement, ...], Rect, HeaderLayout]:
    """``plan`` with room for the sheet's header on its first page: when the counters fill
    that page (a sheet that takes a whole page, on large paper), its top rows of counters
    move on to the next pages, a row at a time, until the header fits above them."""
    first = plan.first_page_cells
    rows = sorted({plan.cells[i][1] for i in first}, reverse=True)  # page 1's rows, top first
    room = Rect(0.0, 0.0, 0.0, 0.0)
    head: HeaderLayout | None = None
    for dropped in range(len(rows) + 1):  # at worst the header has page 1 to itself
        keep = tuple(i for i in first if plan.cells[i][1] not in rows[:dropped])
        trial = dataclasses.replace(plan, first_page_cells=keep)
        placements = tuple(place(trial, count, two_sided=two_sided))
        room = header_room(trial, placements, ctx.profile)
        head = header_layout(ctx, sheet, duplex, room.w)
        if head.height <= room.h:
            return trial, placements, room, head
    need = head.height if head is not None else 0.0
    raise LayoutError(f"{sheet.name}: the header needs {need / mm(1):.1f} mm, the first "
                      f"page leaves {room.h / mm(1):.1f} mm")


def _sheet(name: str) -> CounterSheet:
    for sheet in counter_sheets():
        if sheet.name == name:
            return sheet
    raise KeyError(name)


def draw_character_counters(ctx: DrawContext, options: CounterOptions, out: Path) -> None:
    """Component ``character-counters``."""
    draw_sheet(ctx, _sheet("character-counters"), out, options.duplex)


def draw_weapons_1(ctx: DrawContext, options: NoOptions, out: Path) -> None:
    """Component ``weapon-counters-1``."""
    draw_sheet(ctx, _sheet("weapon-counters-1"), out)


def draw_weapons_2(ctx: DrawContext, options: NoOptions, out: Path) -> None:
    """Component ``weapon-counters-2``."""
    draw_sheet(ctx, _sheet("weapon-counters-2"), out)


def draw_defensive_counters(ctx: DrawContext, options: NoOptions, out: Path) -> None:
    """Component ``defensive-counters``."""
    draw_sheet(ctx, _sheet("defensive-counters"), out)


def draw_team_markers(ctx: DrawContext, options: CounterOptions, out: Path) -> None:
    """Component ``team-markers``."""
    draw_sheet(ctx, _sheet("team-markers"), out, options.duplex)


def counter_components() -> list[Component[Any]]:
    """The five counter sheets as kit components (the lead lists them in ``KIT``)."""
    sheets = {s.name: s for s in counter_sheets()}
    draws: dict[str, tuple[Callable[[DrawContext, Any, Path], None], type[Any]]] = {
        "character-counters": (draw_character_counters, CounterOptions),
        "weapon-counters-1": (draw_weapons_1, NoOptions),
        "weapon-counters-2": (draw_weapons_2, NoOptions),
        "defensive-counters": (draw_defensive_counters, NoOptions),
        "team-markers": (draw_team_markers, CounterOptions),
    }
    return [Component(name, sheets[name].title, draw, sheets[name].description, options)
            for name, (draw, options) in draws.items()]
