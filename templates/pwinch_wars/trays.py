"""The Pwinch Wars team trays: one page per team colour (light blue, yellow, pink), ten
numbered boxes a tray.

The seed's set-up: a player puts each character counter in a box of his tray, and the box's
number is the character's for the game (his hidden marker carries it); boxes left empty give
the dummies' numbers; each character's items lie in his box. So a box holds a character
counter and the most a character can carry: one item of each kind (the kinds with counters in
``equipment.csv``; the normal sling is built in and has none). The slots are laid out in a
small grid (``[tray] slot_cols`` across), the character's first; each slot is a counter
(:func:`~printkit.templates.pwinch_wars.counters.counter_mm`) with a clearance round it.

The tray is not glued on cardboard (the seed's asterisk is on the counter and card sheets
only); it is the team's board, and the teams tell apart in greyscale by their letter and
pattern, as on their markers. :func:`box_holds` and :func:`tray_boxes` give the validation
what the printed boxes hold, measured from the geometry that draws them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.engines.pwinch_wars.data import GameData, load_data
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, TeamColour
from printkit.errors import LayoutError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Component, NoOptions
from printkit.layout.fit import wrap
from printkit.layouts import Color, load_layout
from printkit.page.document import open_document
from printkit.page.notice import band_height
from printkit.page.preflight import MIN_TEXT_PT
from printkit.templates.pwinch_wars.counters import counter_mm, draw_team_pattern
from printkit.templates.pwinch_wars.style import TEAM_LETTERS, TEAM_NAMES, TITLE, team_ink
from printkit.units import mm


@dataclass(frozen=True)
class TraySizes:
    title_h: float
    title_size: float
    hint_size: float
    hint_h: float
    hint_leading: float
    box_cols: int
    box_gap: float
    box_pad: float
    number_h: float
    number_size: float
    slot_cols: int
    slot_clearance: float
    slot_gap: float
    slot_line: float
    letter_box: float
    stripe: float
    stripe_width: float


@dataclass(frozen=True)
class TraysLayout:
    """``trays.toml``: a tray's measurements (mm, text sizes in pt) and inks."""

    tray: TraySizes
    ink: dict[str, Color]


LAYOUT: Final = load_layout(TraysLayout, Path(__file__).with_name("trays.toml"))

TRAY_TITLE: Final = N_("{game}: {colour} team tray")
TRAY_HINT: Final = N_(
    "Put each of your characters in a box: its number is his for the whole game, and your "
    "hidden marker with that number stands for him on the map. Lay the items he carries in "
    "his box, one of each kind at most. The numbers of empty boxes are your dummies.")
TRAYS_SUBJECT: Final = N_("Ten numbered boxes per team, each holding a character and his items")


def tray_boxes() -> int:
    """The numbered boxes on a tray (the game data's ``TRAY_BOXES``: characters plus
    dummies)."""
    return TRAY_BOXES


def item_kinds(data: GameData | None = None) -> int:
    """The kinds of item a character may carry one of each: those with counters."""
    data = data or load_data()
    return sum(1 for item in data.equipment.items if item.counters)


def slots_needed(data: GameData | None = None) -> int:
    """The counters one box must hold: a character and one item of each kind."""
    return 1 + item_kinds(data)


@dataclass(frozen=True)
class TrayGeometry:
    """Every box and slot of a tray page, in points, in the paper's frame."""

    title: Rect
    hint: Rect
    hint_lines: tuple[str, ...]  # the hint, wrapped to its box
    boxes: tuple[Rect, ...]  # box 1 ... 10
    numbers: tuple[Rect, ...]  # each box's number strip
    slots: tuple[tuple[Rect, ...], ...]  # each box's slots: the character's first
    pages: tuple[int, ...]  # the page of its tray (0 or more) each box is on

    @property
    def slot_mm(self) -> float:
        """The side of a slot, in mm."""
        return self.slots[0][0].w / mm(1)

    @property
    def page_count(self) -> int:
        """The pages one tray takes: one, unless the paper is too short for the ten boxes
        (a landscape page), when they share out over two or more."""
        return max(self.pages) + 1


def _hint_lines(ctx: DrawContext, width: float) -> tuple[str, ...]:
    """The hint wrapped to ``width``, between characters in a script written without
    spaces (Chinese, Japanese)."""
    lines, _widest, _split = wrap(ctx._(TRAY_HINT), ctx.font(FontRole.SANS),
                                  LAYOUT.tray.hint_size, width)
    return lines


def _grid(count: int, cols_fit: int, rows_fit: int, preferred: int) -> tuple[int, int, int]:
    """(boxes a page, columns, rows) for ``count`` boxes on pages that hold ``cols_fit`` x
    ``rows_fit``: all on one page in ``preferred`` columns if they fit so, else in the fewest
    columns that hold them; else shared out evenly over as few pages as it takes."""
    per_page = count
    if cols_fit * rows_fit < count:
        pages = math.ceil(count / (cols_fit * rows_fit))
        per_page = math.ceil(count / pages)
    choices = [preferred] + [c for c in range(1, cols_fit + 1) if c != preferred]
    for cols in choices:
        if cols <= cols_fit and math.ceil(per_page / cols) <= rows_fit:
            return per_page, cols, math.ceil(per_page / cols)
    raise AssertionError("unreachable: the page holds cols_fit x rows_fit boxes")


def tray_geometry(ctx: DrawContext, data: GameData | None = None) -> TrayGeometry:
    """The tray on the build's paper: the title and the hint across the top of the safe
    area (below the first page's band, left free on every page so the three trays match),
    then the boxes in ``box_cols`` columns, numbered down each column. On a page too short
    for that (landscape), in the columns that fit, over two pages if one cannot hold ten
    boxes (each page with the title and the hint)."""
    t = LAYOUT.tray
    safe = ctx.safe_area
    top = safe.top - band_height(ctx.profile)
    title = Rect(safe.x, top - mm(t.title_h), safe.w, mm(t.title_h))
    hint_lines = _hint_lines(ctx, safe.w)
    hsize = t.hint_size
    hint_h = max(mm(t.hint_h), hsize + (len(hint_lines) - 1) * hsize * t.hint_leading
                 + mm(1.5))
    hint = Rect(safe.x, title.y - hint_h, safe.w, hint_h)
    slot = mm(counter_mm() + 2 * t.slot_clearance)
    gap, pad = mm(t.slot_gap), mm(t.box_pad)
    cols = t.slot_cols
    rows = math.ceil(slots_needed(data) / cols)
    box_w = 2 * pad + cols * slot + (cols - 1) * gap
    box_h = mm(t.number_h) + pad + rows * slot + (rows - 1) * gap + pad
    box_gap = mm(t.box_gap)
    room = Rect(safe.x, safe.y, safe.w, hint.y - mm(1) - safe.y)
    cols_fit = int((room.w + box_gap + 0.01) // (box_w + box_gap))
    rows_fit = int((room.h + box_gap + 0.01) // (box_h + box_gap))
    if cols_fit * rows_fit == 0:
        raise LayoutError(
            f"team tray: a box of {box_w / mm(1):.1f} x {box_h / mm(1):.1f} mm does not fit "
            f"the {room.w / mm(1):.1f} x {room.h / mm(1):.1f} mm {ctx.paper.name} leaves")
    per_page, box_cols, box_rows = _grid(tray_boxes(), cols_fit, rows_fit, t.box_cols)
    grid_w = box_cols * box_w + (box_cols - 1) * box_gap
    grid_h = box_rows * box_h + (box_rows - 1) * box_gap
    x0 = room.cx - grid_w / 2
    y_top = room.top - (room.h - grid_h) / 2
    boxes, numbers, slots, pages = [], [], [], []
    for n in range(tray_boxes()):
        page, k = divmod(n, per_page)
        col, row = divmod(k, box_rows)
        pages.append(page)
        bx = x0 + col * (box_w + box_gap)
        by = y_top - (row + 1) * box_h - row * box_gap
        box = Rect(bx, by, box_w, box_h)
        boxes.append(box)
        numbers.append(Rect(bx, box.top - mm(t.number_h), box_w, mm(t.number_h)))
        first_y = box.top - mm(t.number_h) - pad - slot
        slots.append(tuple(
            Rect(bx + pad + (k % cols) * (slot + gap), first_y - (k // cols) * (slot + gap),
                 slot, slot)
            for k in range(cols * rows)))
    return TrayGeometry(title, hint, hint_lines, tuple(boxes), tuple(numbers), tuple(slots),
                        tuple(pages))


def box_holds(ctx: DrawContext) -> int:
    """How many counters one box holds, measured from the drawn slots: those a counter
    (``counter_mm``) fits in."""
    side = mm(counter_mm())
    geometry = tray_geometry(ctx)
    return sum(1 for s in geometry.slots[0] if s.w >= side - 1e-6 and s.h >= side - 1e-6)


def _figure(c: Canvas, r: Rect) -> None:
    """A faint person in the character's slot."""
    c.saveState()
    c.setFillColor(LAYOUT.ink["figure"])
    c.circle(r.cx, r.y + r.h * 0.72, r.w * 0.15, stroke=0, fill=1)
    c.wedge(r.cx - r.w * 0.32, r.y - r.h * 0.25, r.cx + r.w * 0.32, r.y + r.h * 0.55, 0, 180,
            stroke=0, fill=1)
    c.restoreState()


def draw_tray(c: Canvas, ctx: DrawContext, colour: TeamColour, g: TrayGeometry,
              page: int = 0) -> None:
    """Page ``page`` of one team's tray on the current page."""
    t = LAYOUT.tray
    dark = team_ink(colour, dark=True)
    pitch, width = mm(t.stripe), mm(t.stripe_width)
    # the title band: the team's pattern, its letter, the tray's name
    c.saveState()
    c.setFillColor(team_ink(colour))
    c.rect(g.title.x, g.title.y, g.title.w, g.title.h, stroke=0, fill=1)
    draw_team_pattern(c, colour, Rect(g.title.x, g.title.y, g.title.w, mm(1.6)), pitch, width)
    lb = mm(t.letter_box)
    letter = Rect(g.title.x + mm(2), g.title.cy - lb / 2 + mm(0.8), lb, lb)
    c.setFillColor(white)
    c.setStrokeColor(dark)
    c.setLineWidth(0.8)
    c.rect(letter.x, letter.y, letter.w, letter.h, stroke=1, fill=1)
    c.setFillColor(dark)
    centred(c, ctx, TEAM_LETTERS[colour], FontRole.SANS_BOLD, t.title_size, letter.cx,
            letter.cy, width=letter.w * 0.85, detail="title", minimum=MIN_TEXT_PT)
    title = ctx._(TRAY_TITLE).format(game=ctx._(TITLE), colour=ctx._(TEAM_NAMES[colour]))
    size = t.title_size
    face = ctx.font(FontRole.SANS_BOLD)
    room = g.title.right - mm(2) - (letter.right + mm(3))
    ctx.check_glyphs(FontRole.SANS_BOLD, title, "title")
    ctx.check_text(title, FontRole.SANS_BOLD, size, room, g.title.h, detail="title", wrap=False)
    c.setFont(face, size)
    c.drawString(letter.right + mm(3), letter.cy - size * 0.34, title)
    # the hint
    c.setFillColor(LAYOUT.ink["hint"])
    hsize = t.hint_size
    lead = hsize * t.hint_leading
    ctx.check_text("\n".join(g.hint_lines), FontRole.SANS, hsize, g.hint.w, g.hint.h, detail="hint",
                   leading=lead, wrap=False)
    c.setFont(ctx.font(FontRole.SANS), hsize)
    for i, line in enumerate(g.hint_lines):
        c.drawString(g.hint.x, g.hint.top - hsize - i * lead, line)
    # the boxes
    for n, (box, strip, slots, on) in enumerate(zip(g.boxes, g.numbers, g.slots, g.pages,
                                                    strict=True), start=1):
        if on != page:
            continue
        c.setFillColor(team_ink(colour))
        c.setStrokeColor(dark)
        c.setLineWidth(1.0)
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=1)
        draw_team_pattern(c, colour, Rect(strip.right - mm(24), strip.y + mm(1.2), mm(22),
                                          strip.h - mm(2.2)), pitch, width)
        c.setFillColor(dark)
        centred(c, ctx, ctx.format_number(n), FontRole.SANS_BOLD, t.number_size,
                strip.x + mm(6), strip.cy - mm(0.2), width=mm(10), detail=f"box {n}",
                minimum=MIN_TEXT_PT)
        c.setFillColor(LAYOUT.ink["slot"])
        c.setStrokeColor(LAYOUT.ink["slot_line"])
        for k, s in enumerate(slots):
            c.setLineWidth(t.slot_line * (2.0 if k == 0 else 1.0))
            if k:
                c.setDash(2, 1.5)
            c.rect(s.x, s.y, s.w, s.h, stroke=1, fill=1)
            c.setDash()
            if k == 0:
                _figure(c, s.inset(mm(1.5)))
    c.restoreState()


def draw_team_trays(ctx: DrawContext, options: NoOptions, out: Path) -> None:
    """Component ``team-trays``: one page per team colour."""
    g = tray_geometry(ctx)
    title = ctx._(TITLE)
    with open_document(ctx, out, title=title, subject=ctx._(TRAYS_SUBJECT),
                       build=("pwinch-wars", "team-trays")) as doc:
        for colour in TeamColour:
            for page in range(g.page_count):
                with doc.page(page_count=len(TeamColour) * g.page_count):
                    draw_tray(doc.canvas, ctx, colour, g, page)


def tray_component() -> Component[NoOptions]:
    """The team trays as a kit component."""
    return Component("team-trays", N_("Team trays"), draw_team_trays,
                     N_("One tray per team colour: ten numbered boxes, each with room for a "
                        "character and one item of each kind."))
