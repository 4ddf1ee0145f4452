"""The terrain effect chart and the turn chart, drawn from the game data.

The **terrain effect chart** (one page) is three :mod:`printkit.drawing.chart_table` tables: each
terrain of ``terrain.csv`` with the map's own swatch (fill and pattern of ``map.toml``, through
the map printer's :func:`~printkit.templates.pwinch_wars.maps.terrain_style`), its movement
cost, fire and sneak modifiers, its moral check, whether it blocks a line of sight and whether
a move may end on it; the special actions of ``terrain.toml`` with their costs; and the other
modifiers (not moved, adjacent target, night, scouting, the special abilities' numbers).

The **turn chart** (one page) is the turn track of ``turns.toml`` beside the turn sequence:
one box per turn with its number and clock time, a dashed slot that holds the turn marker,
night turns dark (a moon and the word), bed turns banded red (a bed and the word), so that
both read in greyscale. :func:`turn_slots` and :func:`slot_mm` are what validation checks:
the track is as long as the longest scenario, and the marker fits its slot.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import time
from pathlib import Path

from babel.dates import format_time
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.chart_table import (
    Align,
    ChartStyle,
    ChartTable,
    Column,
    Icon,
    Number,
    Text,
    draw_table,
    fit_tables,
    format_value,
)
from printkit.drawing.draw import centred, fit_size
from printkit.engines.pwinch_wars import Chart, TurnChart, load_data
from printkit.engines.pwinch_wars.game import HAND
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import NoOptions
from printkit.layouts import load_layout
from printkit.page.document import open_document
from printkit.page.preflight import MIN_TEXT_PT
from printkit.templates.pwinch_wars.style import TITLE
from printkit.units import mm


@dataclass(frozen=True)
class PageSizes:
    heading_size: float


@dataclass(frozen=True)
class TableSizes:
    max_size: float
    min_size: float
    title_scale: float
    note_scale: float
    pad_x: float
    pad_y: float
    table_gap: float
    swatch: float


@dataclass(frozen=True)
class TurnTrackSizes:
    columns: int
    slot_margin: float
    slot_dash: tuple[float, ...]
    slot_line: float
    cell_pad: float
    cell_gap: float
    label_w: float
    number_size: float
    clock_size: float
    mark_size: float
    mark_icon: float
    gap: float
    track_title_size: float


@dataclass(frozen=True)
class ChartsLayout:
    """``charts.toml``: the terrain and turn charts' measurements (mm, text sizes in pt) and
    inks."""

    page: PageSizes
    table: TableSizes
    turns: TurnTrackSizes
    ink: dict[str, Color]


LAYOUT = load_layout(ChartsLayout, Path(__file__).with_name("charts.toml"))

TERRAIN_TITLE = N_("Terrain effect chart")
TURN_TITLE = N_("Turn chart")

ACTION_NAMES = {
    "pick_fruit": N_("Pick fruits"),
    "fill_water": N_("Fill water balls"),
    "place_hose": N_("Place the hose"),
    "scouting": N_("Scouting"),
    "pick_up_item": N_("Pick up an item"),
}
"""The special actions of ``terrain.toml``, as the chart names them."""

ITEM_NAMES = {"fruits": N_("fruits"), "water_balls": N_("water balls"), "hose": N_("hose")}


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


def chart_style() -> ChartStyle:
    t = LAYOUT.table
    return ChartStyle(
        max_size=t.max_size, min_size=max(MIN_TEXT_PT, t.min_size),
        title_scale=t.title_scale, note_scale=t.note_scale,
        pad_x=t.pad_x, pad_y=t.pad_y, table_gap=t.table_gap,
        title_ink=ink("title"), text_ink=ink("text"), head_ink=ink("head"),
        head_fill=ink("head_fill"), zebra=ink("zebra"), rule=ink("rule"),
        note_ink=ink("note"))


# --- the terrain effect chart ---------------------------------------------------------------


def terrain_swatch(ctx: DrawContext, terrain_id: str) -> Callable[[Canvas, Rect], None]:
    """A hex of ``terrain_id`` as the maps print it (fill, pattern, symbol; the restricted
    property's red line), scaled to the box it is drawn in."""
    from printkit.drawing.hexmap import EdgeLine, HexGrid, HexMap, View, draw_map, outline
    from printkit.templates.pwinch_wars.maps import LAYOUT as MAP
    from printkit.templates.pwinch_wars.maps import ink as map_ink
    from printkit.templates.pwinch_wars.maps import terrain_style, terrain_symbols

    flat = next(iter(load_data().maps.values())).hex_flat_mm

    def draw(c: Canvas, box: Rect) -> None:
        grid = HexGrid(1, 1, flat)
        view = View.fit(grid, box)
        lines: tuple[EdgeLine, ...] = ()
        if terrain_id == "restricted":
            h = MAP.hexes
            lines = (outline(grid, [(0, 0)], map_ink("restricted_line"),
                             h.restricted_width_pt,
                             inset_pt=h.restricted_inset_pt),)
        symbols = terrain_symbols(terrain_id)
        one = HexMap(grid, {(0, 0): terrain_style(terrain_id)}, {},
                     {(0, 0): symbols} if symbols else {}, lines, map_ink("grid"),
                     MAP.hexes.grid_width_pt * 2)
        draw_map(c, ctx, one, view, clip=False)

    return draw


def _yes(ctx: DrawContext, flag: bool) -> str:
    return ctx._("yes") if flag else ctx._("no")


def terrain_table(ctx: DrawContext, chart: Chart) -> ChartTable:
    """One row per terrain of ``terrain.csv``."""
    side = LAYOUT.table.swatch
    dash = "–"
    rows = []
    for t in chart.terrains:
        if t.entry_check:
            moral = (ctx._("check on entering, %(n)s") % {
                "n": format_value(ctx, t.entry_moral, signed=True)}
                if t.entry_moral else ctx._("check on entering"))
        else:
            moral = dash
        actions = ", ".join(
            ctx._("%(action)s (%(cost)s)") % {"action": ctx._(ACTION_NAMES[a]),
                                              "cost": format_value(ctx, chart.action(a).cost)}
            for a in t.actions) or dash
        rows.append((
            Icon(terrain_swatch(ctx, t.id), side, side * 2 / 3 ** 0.5, ctx._(t.name)),
            Number(t.move_cost),
            Number(t.fire, signed=True, zero=dash),
            Number(t.sneak, signed=True, zero=dash),
            moral,
            ctx._("blocked") if t.blocks_sight else dash,
            _yes(ctx, t.may_stop),
            actions,
        ))
    columns = (
        Column(ctx._("Terrain")),
        Column(ctx._("Move cost"), Align.CENTRE, wrap=False),
        Column(ctx._("Fire"), Align.CENTRE, wrap=False),
        Column(ctx._("Sneak"), Align.CENTRE, wrap=False),
        Column(ctx._("Moral")),
        Column(ctx._("Line of sight")),
        Column(ctx._("May stop"), Align.CENTRE),
        Column(ctx._("Special actions (cost)")),
    )
    notes = (
        ctx._("Move cost: movement points to enter the hex. Fire: added to the fire skill of "
              "anyone firing at a character in the hex. Sneak: added to the sneak skill of a "
              "character in it."),
        ctx._("Line of sight: a ruler from centre to centre crossing a blocking hex is cut; "
              "the shooter's and the target's own hexes never block."),
        ctx._("May stop \"no\": the hex may be crossed, but a move may not end on it."),
    )
    return ChartTable(ctx._("Terrain"), columns, tuple(rows), notes)


def _action_text(ctx: DrawContext, chart: Chart, action_id: str) -> str:
    a = chart.action(action_id)
    n = {"reach": format_value(ctx, a.reach),
         "sneak": format_value(ctx, a.target_sneak, signed=True),
         "fire": format_value(ctx, a.own_fire, signed=True),
         "item": ctx._(ITEM_NAMES.get(a.refills or a.needs or "", a.refills or a.needs or ""))}
    if a.refills:
        return ctx._("A full %(item)s counter, only when the character has none left.") % n
    if a.needs:
        return ctx._("Screw the %(item)s on the outlet: it fires from there, its user staying "
                     "within 1 hex of the outlet.") % n
    if a.reach:
        return ctx._("Within %(reach)s hex of a hidden enemy: he makes a sneak check at "
                     "%(sneak)s; if he fails he is revealed, and the scout fires at %(fire)s "
                     "this impulse.") % n
    return ctx._("Take one item an eliminated character left in the hex.")


def actions_table(ctx: DrawContext, chart: Chart) -> ChartTable:
    """The special actions of ``terrain.toml``, paid with movement points."""
    rows = []
    for a in chart.actions:
        where = (", ".join(ctx._(chart.terrain(t).name) for t in a.terrain) if a.terrain
                 else ctx._("any hex"))
        rows.append((Text(ctx._(ACTION_NAMES[a.id]), FontRole.SANS_BOLD), Number(a.cost), where,
                     _action_text(ctx, chart, a.id)))
    columns = (Column(ctx._("Action")), Column(ctx._("Cost"), Align.CENTRE, wrap=False),
               Column(ctx._("Where")), Column(ctx._("What it does")))
    notes = (ctx._("A task is begun and finished in one turn: points left at the end of a "
                   "turn are lost."),)
    return ChartTable(ctx._("Special actions"), columns, tuple(rows), notes)


def modifiers_table(ctx: DrawContext, chart: Chart) -> ChartTable:
    """The other modifiers: not moved, adjacent, night, scouting, the abilities' numbers."""
    m, ab = chart.modifiers, chart.abilities
    scout = chart.action("scouting")
    dash = "–"

    def row(label: str, fire: int = 0, sneak: int = 0, moral: int = 0,
            initiative: int = 0) -> tuple[str, Number, Number, Number, Number]:
        return (label, *(Number(v, signed=True, zero=dash)
                         for v in (fire, sneak, moral, initiative)))  # type: ignore[return-value]

    rows = (
        row(ctx._("Not moved this impulse (no movement point spent)"), m.not_moved_fire,
            m.not_moved_sneak),
        row(ctx._("Sniper (S) not moved: on top of the above"), ab.sniper_not_moved_fire),
        row(ctx._("Target adjacent"), m.adjacent_fire),
        row(ctx._("Target taunts (T): anyone firing at him"), ab.taunt_enemy_fire),
        row(ctx._("Night turn: everybody"), m.night_fire, m.night_sneak),
        row(ctx._("Scouting: the scout, the rest of the impulse"), scout.own_fire),
        row(ctx._("Scouted: the hidden character"), 0, scout.target_sneak),
        row(ctx._("Hit by a frustrated character (F)"), 0, 0, ab.frustration_target_moral),
        row(ctx._("You eliminated a character by fire last turn"), 0, 0, 0,
            m.initiative_momentum),
    )
    columns = (Column(ctx._("Situation")),
               *(Column(ctx._(h), Align.CENTRE, wrap=False)
                 for h in (N_("Fire"), N_("Sneak"), N_("Moral"), N_("Initiative"))))
    notes = (
        ctx._("Roll 1d%(faces)s equal to or under the modified skill: a %(yes)s always "
              "succeeds, a %(no)s always fails.") % {
            "faces": format_value(ctx, chart.dice_faces),
            "yes": format_value(ctx, chart.always_succeeds),
            "no": format_value(ctx, chart.always_fails)},
        ctx._("Fighting (X): two opposing fighters within %(n)s hexes fight, and only move "
              "until apart, checking moral each turn.") % {
            "n": format_value(ctx, ab.fighting_reach)},
        ctx._("Equipment and event cards add their own modifiers; one card per ability at a "
              "time."),
    )
    return ChartTable(ctx._("Other modifiers"), columns, rows, notes)


def terrain_tables(ctx: DrawContext) -> list[ChartTable]:
    chart = load_data().chart
    return [terrain_table(ctx, chart), actions_table(ctx, chart), modifiers_table(ctx, chart)]


def draw_terrain_chart(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The terrain effect chart: terrains, special actions and other modifiers, one page."""
    from printkit.drawing.chart_table import draw_chart

    title = ctx._(TITLE) + ": " + ctx._(TERRAIN_TITLE)
    draw_chart(ctx, path, terrain_tables(ctx), heading=title, title=title,
               subject=ctx._("Terrain, special actions and modifiers"), style=chart_style(),
               heading_size=LAYOUT.page.heading_size,
               build=("pwinch_wars", "terrain-chart"))


# --- the turn chart -------------------------------------------------------------------------


def turn_slots() -> int:
    """The slots on the turn track: the turns of ``turns.toml``."""
    return load_data().turns.turns


def counter_mm() -> float:
    """The turn marker's side: the counter printer's size (``counters.toml``)."""
    from printkit.templates.pwinch_wars.counters import counter_mm as printed

    return float(printed())


def slot_mm(ctx: DrawContext | None = None) -> float:
    """The side of a slot on the track: the marker and a margin all round (mm). The same on
    every paper: the track is drawn at true size."""
    return counter_mm() + 2 * LAYOUT.turns.slot_margin


_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s*$", re.IGNORECASE)


def clock_label(ctx: DrawContext, label: str) -> str:
    """A slot's time the locale's way (``7:00 pm`` is ``19:00`` in French); a label that is
    not a time prints as written."""
    found = _CLOCK.match(label)
    if not found:
        return label
    hour, minute = int(found.group(1)) % 12, int(found.group(2))
    if found.group(3).lower() == "p":
        hour += 12
    return str(format_time(time(hour, minute), format="short", locale=ctx.babel_locale))


STEPS = (
    N_("Bedtime: on a bed turn, every bedtime worried (B) character checks moral."),
    N_("Initiative: each player rolls 1d%(faces)s, highest first (%(momentum)s if you "
       "eliminated a character by fire last turn)."),
    N_("The first player plays one character:"),
    N_("The second player plays one character (a to d)."),
    N_("The third player, if any, plays one character (a to d)."),
    N_("Steps 3 to 5 again until every character and dummy on the map has played."),
    N_("Turn every counter back."),
    N_("Each player may discard one event card and draw one (%(hand)s in hand at most)."),
    N_("Move the turn marker one slot."),
)
"""The seed's nine steps of a turn, in printkit's words."""

IMPULSE = (
    N_("Move, or spend movement points on special actions."),
    N_("Fire at a revealed enemy in range and in sight."),
    N_("Sneak check to hide, if an enemy can see him."),
    N_("Turn his counter a quarter turn: he has played."),
)
"""A character's impulse, step 3's a to d."""


def sequence_table(ctx: DrawContext, chart: Chart) -> ChartTable:
    n = {"faces": format_value(ctx, chart.dice_faces),
         "momentum": format_value(ctx, chart.modifiers.initiative_momentum, signed=True),
         "hand": format_value(ctx, HAND)}
    rows: list[tuple[Text | str, str]] = []
    for i, step in enumerate(STEPS, 1):
        rows.append((Text(format_value(ctx, i), FontRole.SANS_BOLD), ctx._(step) % n
                     if "%(" in step else ctx._(step)))
        if i == 3:
            for letter, part in zip("abcd", IMPULSE, strict=True):
                rows.append((Text(letter, FontRole.SANS_BOLD), ctx._(part)))
    night = ctx._("Night turns: %(sneak)s sneak and %(fire)s fire for everybody.") % {
        "sneak": format_value(ctx, chart.modifiers.night_sneak, signed=True),
        "fire": format_value(ctx, chart.modifiers.night_fire, signed=True)}
    notes = (night, ctx._("Bed turns: bedtime worried characters check moral at the start."))
    return ChartTable(ctx._("Turn sequence"), (Column("", Align.CENTRE, wrap=False),
                                               Column(ctx._("What happens"))),
                      tuple(rows), notes)


def track_size(turns: TurnChart) -> tuple[float, float]:
    """The track's width and height (points): its columns of turn boxes."""
    t = LAYOUT.turns
    cols = t.columns
    per_col = -(-turns.turns // cols)
    box_w = mm(2 * t.cell_pad + t.label_w) + mm(slot_mm())
    box_h = mm(slot_mm() + 2 * t.cell_pad)
    return (cols * box_w + (cols - 1) * mm(t.cell_gap),
            per_col * box_h + (per_col - 1) * mm(t.cell_gap))


def _moon(c: Canvas, cx: float, cy: float, d: float, fill: Color, back: Color) -> None:
    c.setFillColor(fill)
    c.circle(cx, cy, d / 2, stroke=0, fill=1)
    c.setFillColor(back)
    c.circle(cx + d * 0.22, cy + d * 0.14, d * 0.4, stroke=0, fill=1)


def _bed(c: Canvas, x: float, y: float, w: float, h: float, colour: Color) -> None:
    """A bed seen from the side: frame, mattress, pillow, headboard."""
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineWidth(max(0.5, h * 0.12))
    c.line(x, y, x, y + h)  # headboard
    c.line(x + w, y, x + w, y + h * 0.55)  # foot
    c.rect(x, y + h * 0.2, w, h * 0.22, stroke=0, fill=1)  # the bed
    c.roundRect(x + w * 0.08, y + h * 0.45, w * 0.26, h * 0.22, h * 0.08, stroke=0, fill=1)


def draw_turn_box(c: Canvas, ctx: DrawContext, turns: TurnChart, turn: int, box: Rect) -> Rect:
    """One turn's box: number, clock, night and bed marks, the marker's slot (returned)."""
    t = LAYOUT.turns
    night, bed = turns.is_night(turn), turns.is_bed(turn)
    pad = mm(t.cell_pad)
    c.saveState()
    c.setFillColor(ink("night") if night else ink("day"))
    c.setStrokeColor(ink("day_line"))
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=1)
    side = mm(slot_mm())
    slot = Rect(box.right - pad - side, box.cy - side / 2, side, side)
    c.setFillColor(ink("slot"))
    c.setStrokeColor(ink("slot_line"))
    c.setLineWidth(t.slot_line)
    c.setDash(*t.slot_dash)
    c.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=1)
    c.setDash()
    text = ink("night_text") if night else ink("text")
    label = Rect(box.x + pad, box.y + pad, slot.x - box.x - 2 * pad, box.h - 2 * pad)
    detail = f"turn {turn}"
    number_size = t.number_size
    c.setFillColor(text)
    centred(c, ctx, format_value(ctx, turn), FontRole.SANS_BOLD, number_size, label.cx,
            label.top - number_size * 0.45, width=label.w, detail=detail, minimum=MIN_TEXT_PT)
    clock = clock_label(ctx, turns.label(turn))
    clock_size = t.clock_size
    centred(c, ctx, clock, FontRole.SANS, clock_size, label.cx,
            label.top - number_size * 0.95 - clock_size * 0.55, width=label.w, detail=detail,
            minimum=MIN_TEXT_PT)
    icon = mm(t.mark_icon)
    # (word, its icon, banded red): the bed mark is banded so that it reads on the dark box
    marks: list[tuple[str, Callable[[float, float], None], bool]] = []
    if night:
        marks.append((ctx._("night"), lambda x, y: _moon(c, x + icon / 2, y, icon,
                                                          ink("moon"), ink("night")), False))
    if bed:
        marks.append((ctx._("bed"), lambda x, y: _bed(c, x, y - icon * 0.4, icon * 1.3,
                                                       icon * 0.8, ink("bed_text")), True))
    mark_size = t.mark_size
    row_h = mark_size * 1.5
    y = label.y + row_h / 2
    face = ctx.font(FontRole.SANS_BOLD)
    for word, draw_icon, banded in reversed(marks):
        if banded:
            c.setFillColor(ink("bed"))
            c.setStrokeColor(ink("bed_text"))  # a white edge: the band reads in greyscale too
            c.setLineWidth(0.6)
            c.roundRect(label.x - pad / 2, y - row_h / 2, label.w + pad, row_h, mm(1), stroke=1,
                        fill=1)
        draw_icon(label.x, y)
        c.setFillColor(ink("bed_text") if banded else text)
        room = label.w - icon * 1.4 - mm(1)
        size = fit_size(word, face, mark_size, room, MIN_TEXT_PT)
        centred(c, ctx, word, FontRole.SANS_BOLD, size, label.x + icon * 1.4 + mm(1) + room / 2, y,
                width=room, detail=detail, minimum=MIN_TEXT_PT)
        y += row_h + mm(0.8)
    c.restoreState()
    return slot


def draw_track(c: Canvas, ctx: DrawContext, turns: TurnChart, x: float, top: float
               ) -> list[Rect]:
    """The turn boxes in columns from ``top`` down, turn 1 at the top of the first column;
    returns every slot (for the tests and the example printer)."""
    t = LAYOUT.turns
    cols = t.columns
    per_col = -(-turns.turns // cols)
    width, _height = track_size(turns)
    box_w = (width - (cols - 1) * mm(t.cell_gap)) / cols
    box_h = mm(slot_mm() + 2 * t.cell_pad)
    slots = []
    for turn in range(1, turns.turns + 1):
        col, row = divmod(turn - 1, per_col)
        bx = x + col * (box_w + mm(t.cell_gap))
        by = top - (row + 1) * box_h - row * mm(t.cell_gap)
        slots.append(draw_turn_box(c, ctx, turns, turn, Rect(bx, by, box_w, box_h)))
    return slots


def draw_turn_chart(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The turn chart: the track of turns beside the turn sequence, one page."""
    data = load_data()
    turns, chart = data.turns, data.chart
    t = LAYOUT.turns
    title = ctx._(TITLE) + ": " + ctx._(TURN_TITLE)
    heading_size = LAYOUT.page.heading_size
    with open_document(ctx, path, title=title, subject=ctx._("The turn track and the turn "
                                                             "sequence"),
                       build=("pwinch_wars", "turn-chart")) as doc:
        with doc.page() as area:
            c = doc.canvas
            c.setFillColor(ink("title"))
            head = Rect(area.x, area.top - heading_size * 1.3, area.w, heading_size * 1.3)
            fitted = fit_size(title, ctx.font(FontRole.SANS_BOLD), heading_size, area.w,
                              MIN_TEXT_PT)
            centred(c, ctx, title, FontRole.SANS_BOLD, fitted, area.x + area.w / 2, head.cy,
                    width=area.w, detail="heading", minimum=MIN_TEXT_PT)
            top = head.y - mm(LAYOUT.table.table_gap)
            track_w, track_h = track_size(turns)
            sub = t.track_title_size
            c.setFillColor(ink("title"))
            centred(c, ctx, ctx._("Turn track"), FontRole.SANS_BOLD, sub, area.x + track_w / 2,
                    top - sub * 0.6, width=track_w, detail="track", minimum=MIN_TEXT_PT)
            track_top = top - sub * 1.3 - mm(1.5)
            draw_track(c, ctx, turns, area.x, track_top)
            ctx.check_inside(Rect(area.x, track_top - track_h, track_w, track_h), "turn track")
            seq_x = area.x + track_w + mm(t.gap)
            seq_w = area.right - seq_x
            layouts, fits = fit_tables(ctx, [sequence_table(ctx, chart)], seq_w,
                                       top - area.y, chart_style())
            if not fits:
                ctx.check_text(layouts[0].table.title, FontRole.SANS, layouts[0].size, seq_w,
                               top - area.y - layouts[0].height, detail="turn sequence")
            draw_table(c, ctx, layouts[0], seq_x, top, detail="turn sequence")
