"""The W.A.R. – Powers 'n Points play sheet: geometry as data, a few calls to draw it.

:class:`SheetLayout` turns ``layout.toml`` (sizes in mm), a sheet (:class:`SheetSpec`: its
Points columns, history length, free activation) and the area of a page into the rectangle
of every part a player writes in: each Powers box and its development circle, each Points
box, the Withering spaces, the score track's cells and trap slots, the history cells, the
Player and Total fields. :func:`draw_sheet` prints the blank sheet into those rectangles, and
an example printer that handwrites a replayed game uses the very same ones, so a filled-in
sheet and a blank one can never disagree. Every number printed (box values, activation sums,
the score track's top, the round's steps) comes from the sheet or the rules the engine plays.

Top to bottom: the title with the Player and Total fields; the history track of the rolls
(along the top edge, as the seed has it); the six Powers rows; then the Points grid beside
the score track 1-100 and the phase order of a round.

The sheet fits the safe area of A4 and Letter as designed; taller paper gives its rows more
room (up to ``[sheet] max_stretch``), bigger paper (A3, Tabloid) enlarges the whole sheet.
Text never prints under :data:`~printkit.page.preflight.MIN_TEXT_PT`, and
:func:`check_write_in` tells preflight what each write-in box must hold, so a sheet too small
to write on (a very long custom history, many Points columns) is reported, not printed
silently.

>>> from printkit.context import BuildContext, DrawContext
>>> from printkit.engines.war_pnp.sheets import STANDARD
>>> from printkit.paper import paper
>>> from printkit.page.preflight import Preflight
>>> from printkit.units import to_mm
>>> lay = SheetLayout.on_page(DrawContext(BuildContext(paper("a4")), Preflight()), STANDARD)
>>> box = lay.points_box(STANDARD.column_index("5/9"), 3)      # box iii of 5/9, worth 9
>>> [round(to_mm(v), 1) for v in (box.w, box.h)]
[15.5, 18.0]
>>> box.contains(lay.points_circle(3, 3)), lay.score_cell(100).contains(lay.trap_slot(100))
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import centred, fit_size
from printkit.engines.war_pnp.rules import RULES, Rules
from printkit.engines.war_pnp.sheets import SheetSpec
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import NoOptions
from printkit.layouts import load_layout
from printkit.page.document import open_document
from printkit.page.notice import band_height
from printkit.page.preflight import MIN_TEXT_PT, MIN_WRITE_ROW, WRITE_DIGIT
from printkit.paper import Paper
from printkit.scripts import hyphenation_options, paragraph_options
from printkit.templates.war_pnp.sheets import SHEET_OPTION, build_sheets
from printkit.units import mm


@dataclass(frozen=True)
class SheetSizes:
    max_width: float
    ref_height: float
    max_stretch: float
    gap: float
    max_gap: float
    rule: float
    heavy: float


@dataclass(frozen=True)
class HeaderSizes:
    height: float
    title_share: float
    total_w: float
    gap: float
    caption_h: float
    title_size: float
    name_size: float
    caption_size: float


@dataclass(frozen=True)
class HeadingSizes:
    height: float
    size: float
    hint_size: float


@dataclass(frozen=True)
class HistorySizes:
    cell_h: float
    label_h: float
    min_cell_w: float
    max_cell_w: float
    gap: float
    line_gap: float
    label_size: float


@dataclass(frozen=True)
class PowersSizes:
    row_h: float
    row_gap: float
    number_w: float
    number_size: float
    gap: float
    name_min_w: float
    box_max_w: float
    box_gap: float
    numeral_size: float
    numeral_h: float


@dataclass(frozen=True)
class BoxSizes:
    circle: float
    inset: float
    circle_line: float


@dataclass(frozen=True)
class PointsSizes:
    box_h: float
    box_max_w: float
    col_gap: float
    box_gap: float
    numeral_w: float
    label_gap: float
    label_h: float
    withering_h: float
    label_size: float
    value_size: float
    numeral_size: float


@dataclass(frozen=True)
class ScoreSizes:
    gap: float
    min_w: float
    max_w: float
    columns: int
    cell_h: float
    slot_w: float
    number_size: float


@dataclass(frozen=True)
class PhasesSizes:
    min_h: float
    max_size: float
    min_size: float


@dataclass(frozen=True)
class WriteIn:
    player: float
    total: float
    history_cell: float
    activation: float
    power_name: float
    circle: float
    power_mark: float
    points_mark: float
    withering: float
    trap: float


@dataclass(frozen=True)
class CardSizes:
    size: str
    padding: float
    title_size: float
    sub_size: float
    title_h: float
    head_size: float
    head_h: float
    name_w: float
    option_w: float
    max_size: float
    round_max_size: float
    note_size: float
    min_size: float
    columns_gap: float


@dataclass(frozen=True)
class WarLayout:
    """``layout.toml``: the play sheet's and the cards' measurements (mm, text sizes in pt)
    and inks."""

    sheet: SheetSizes
    header: HeaderSizes
    heading: HeadingSizes
    history: HistorySizes
    powers: PowersSizes
    box: BoxSizes
    points: PointsSizes
    score: ScoreSizes
    phases: PhasesSizes
    write_in: WriteIn
    card: CardSizes
    ink: dict[str, Color]


LAYOUT = load_layout(WarLayout, Path(__file__).with_name("layout.toml"))

TITLE = N_("W.A.R. – Powers 'n Points")
"""The game's title as printed (the kit's title, marked here for the catalogs too)."""

ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
"""Box numbers as the seed writes them: notation, like digits, so not translated."""

DETAIL = "play sheet"


def ink(name: str) -> Color:
    """A colour of ``[ink]`` in ``layout.toml``."""
    return LAYOUT.ink[name]


def roman(n: int) -> str:
    """Box ``n`` (1-based) in the seed's lower-case roman numerals: ``roman(4) == "iv"``."""
    return ROMAN[n - 1]


# --- the geometry --------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetLayout:
    """Every rectangle of one play sheet drawn into ``area`` (points, PDF coordinates).

    Build it with :meth:`on_page` (where the play sheet component draws it) or :meth:`fit`
    (any area). Rows, boxes, rounds and scores are counted from 1 as they are printed (Powers
    row 1-6 is the die face, box 1-6 is i-vi, box 1 of a Points column is the bottom one);
    Points columns are indexed from 0 in the sheet's order, as :meth:`SheetSpec.column_index`
    gives them. A number out of range raises ``IndexError``.

    What a player writes in, and where (all :class:`~printkit.geometry.Rect`):

    - :meth:`name_field`, :meth:`total_field`: the Player name and the Total score;
    - :meth:`history_cell` (round): the two dice of a round; :meth:`history_label` its number;
    - :meth:`row_number_box` (row): the big row number, or the blank for it on a sheet with
      free activation numbers; :meth:`power_name` (row): the power's name;
    - :meth:`power_box`, :meth:`power_circle`, :meth:`power_mark` (row, box);
    - :meth:`points_box`, :meth:`points_circle`, :meth:`points_mark`, :meth:`points_value`
      (column, box); :meth:`column_label` and :meth:`withering` (column);
    - :meth:`score_cell`, :meth:`score_number`, :meth:`trap_slot` (score 1-100).

    The section rectangles (``header`` ... ``phases``) include their heading lines.
    """

    spec: SheetSpec
    area: Rect
    """The area the sheet was fitted into (the page's safe area, below a first page's band)."""
    scale: float
    """1 on A4 and Letter; more on bigger paper, where every length and text size grows."""
    stretch: float
    """How much taller than designed the rows a player writes in are (1 = as designed)."""
    header: Rect
    history: Rect
    powers: Rect
    points: Rect
    score: Rect
    phases: Rect
    history_per_line: int
    """Rounds on one line of the history track (it wraps onto as many lines as it needs)."""
    history_cell_w: float
    power_row_h: float
    power_box_w: float
    power_name_w: float
    points_box_w: float
    points_box_h: float
    score_cell_w: float
    score_cell_h: float
    score_columns: int

    # -- building ----------------------------------------------------------------------

    @classmethod
    def fit(cls, area: Rect, spec: SheetSpec) -> SheetLayout:
        """Lay ``spec``'s sheet out in ``area``: widths from the area's width, the rows a
        player writes in stretched into the height left over (up to ``max_stretch``)."""
        s, hd, hi = LAYOUT.sheet, LAYOUT.header, LAYOUT.history
        pw, pt, sc = LAYOUT.powers, LAYOUT.points, LAYOUT.score
        head = LAYOUT.heading.height
        scale = max(1.0, min(area.w / mm(s.max_width), area.h / mm(s.ref_height)))

        def u(value: float) -> float:  # designed mm -> points on this sheet
            return mm(value) * scale

        w = area.w
        rows, boxes = RULES.power_rows, RULES.boxes_per_row
        # the history track: as many lines as keep its cells at least min_cell_w wide
        n = spec.history_length
        fit_line = max(1, int((w + u(hi.gap)) // u(hi.min_cell_w + hi.gap)))
        lines = math.ceil(n / fit_line)
        per_line = math.ceil(n / lines)
        cell_w = min(u(hi.max_cell_w), (w - (per_line - 1) * u(hi.gap)) / per_line)
        history_h = u(head + lines * (hi.label_h + hi.cell_h)
                      + (lines - 1) * hi.line_gap)
        # the Powers rows: number, name blank, six boxes
        box_w = min(u(pw.box_max_w),
                    (w - u(pw.number_w + 2 * pw.gap + pw.name_min_w
                           + (boxes - 1) * pw.box_gap)) / boxes)
        name_w = w - u(pw.number_w + 2 * pw.gap + (boxes - 1) * pw.box_gap) \
            - boxes * box_w
        # the Points grid and, beside it, the score track
        ncols = len(spec.columns)
        points_w_box = min(u(pt.box_max_w),
                           (w - u(pt.numeral_w + sc.gap + sc.min_w
                                  + (ncols - 1) * pt.col_gap)) / ncols)
        grid_w = u(pt.numeral_w + (ncols - 1) * pt.col_gap) + ncols * points_w_box
        points_w = max(grid_w, w - u(sc.gap + sc.max_w))  # a few columns: left-aligned
        score_w = w - points_w - u(sc.gap)
        score_columns = LAYOUT.score.columns
        score_rows = math.ceil(RULES.score_track_top / score_columns)
        # heights: what is fixed, and the rows that stretch into what is left
        under_boxes = pt.withering_h + pt.label_h + 2 * pt.label_gap
        fixed = u(hd.height + 3 * s.gap + 2 * head + (rows - 1) * pw.row_gap
                  + under_boxes + (boxes - 1) * pt.box_gap) + history_h
        flex = u(rows * pw.row_h + boxes * pt.box_h)
        stretch = min(s.max_stretch, (area.h - fixed) / flex)
        spare = max(0.0, area.h - fixed - flex * stretch)
        gap = min(u(s.max_gap), u(s.gap) + spare / 3)
        row_h, box_h = u(pw.row_h) * stretch, u(pt.box_h) * stretch
        score_h = u(sc.cell_h) * stretch

        x, top = area.x, area.top
        header = Rect(x, top - u(hd.height), w, u(hd.height))
        history = Rect(x, header.y - gap - history_h, w, history_h)
        powers_h = u(head + (rows - 1) * pw.row_gap) + rows * row_h
        powers = Rect(x, history.y - gap - powers_h, w, powers_h)
        lower_h = u(head + under_boxes + (boxes - 1) * pt.box_gap) + boxes * box_h
        points = Rect(x, powers.y - gap - lower_h, points_w, lower_h)
        score_x = x + points_w + u(sc.gap)
        score_block = u(head) + score_rows * score_h
        score = Rect(score_x, points.top - score_block, score_w, score_block)
        phases = Rect(score_x, points.y, score_w, score.y - gap - points.y)
        return cls(spec, area, scale, stretch, header, history, powers, points, score, phases,
                   per_line, cell_w, row_h, box_w, name_w, points_w_box, box_h,
                   score_w / score_columns, score_h, score_columns)

    @classmethod
    def on_page(cls, ctx: DrawContext, spec: SheetSpec, *, first_page: bool = True
                ) -> SheetLayout:
        """The layout of ``spec`` on a portrait page of the build's paper, where
        :func:`draw_play_sheet` draws it (``first_page``: below the "print at 100 %" band)."""
        return cls.fit(sheet_area(ctx, first_page=first_page), spec)

    def u(self, value: float) -> float:
        """A designed length (mm in ``layout.toml``) in points on this sheet."""
        return mm(value) * self.scale

    def pt(self, size: float) -> float:
        """A designed text size (pt in ``layout.toml``) on this sheet."""
        return size * self.scale

    def heading(self, section: str) -> Rect:
        """The heading line of ``section``: "history", "powers", "points" or "score"."""
        rect = {"history": self.history, "powers": self.powers, "points": self.points,
                "score": self.score}[section]
        h = self.u(LAYOUT.heading.height)
        return Rect(rect.x, rect.top - h, rect.w, h)

    # -- the header ----------------------------------------------------------------------

    def _header_split(self) -> tuple[float, float, float]:
        hd = LAYOUT.header
        title_w = self.header.w * hd.title_share
        total_w = self.u(hd.total_w)
        player_w = self.header.w - title_w - total_w - 2 * self.u(hd.gap)
        return title_w, player_w, total_w

    def title_box(self) -> Rect:
        """Where the game's title is printed (top left)."""
        title_w = self._header_split()[0]
        h = self.header.h
        return Rect(self.header.x, self.header.y + h * 0.42, title_w, h * 0.58)

    def sheet_name_box(self) -> Rect:
        """Where the sheet's name is printed, under the title."""
        title_w = self._header_split()[0]
        return Rect(self.header.x, self.header.y, title_w, self.header.h * 0.42)

    def name_field(self) -> Rect:
        """The Player write-in: where the player writes their name."""
        title_w, player_w, _total = self._header_split()
        cap = self.u(LAYOUT.header.caption_h)
        x = self.header.x + title_w + self.u(LAYOUT.header.gap)
        return Rect(x, self.header.y, player_w, self.header.h - cap)

    def total_field(self) -> Rect:
        """The Total write-in: the player's score (it may pass the track's 100)."""
        total_w = self._header_split()[2]
        cap = self.u(LAYOUT.header.caption_h)
        return Rect(self.header.right - total_w, self.header.y, total_w, self.header.h - cap)

    def caption(self, field: Rect) -> Rect:
        """The caption line above a field (``name_field()`` or ``total_field()``)."""
        return Rect(field.x, field.top, field.w, self.header.top - field.top)

    # -- the history track ---------------------------------------------------------------

    def history_lines(self) -> int:
        """How many lines the history track takes."""
        return math.ceil(self.spec.history_length / self.history_per_line)

    def history_cell(self, round_: int) -> Rect:
        """Where the two dice of round ``round_`` are pencilled (1-based)."""
        if not 1 <= round_ <= self.spec.history_length:
            raise IndexError(f"round {round_} is not on a {self.spec.history_length}-round "
                             "history track")
        hi = LAYOUT.history
        line, i = divmod(round_ - 1, self.history_per_line)
        pitch = self.u(hi.label_h + hi.cell_h + hi.line_gap)
        x = self.history.x + i * (self.history_cell_w + self.u(hi.gap))
        top = self.heading("history").y - line * pitch - self.u(hi.label_h)
        return Rect(x, top - self.u(hi.cell_h), self.history_cell_w, self.u(hi.cell_h))

    def history_label(self, round_: int) -> Rect:
        """The strip above a history cell where its round number is printed."""
        cell = self.history_cell(round_)
        return Rect(cell.x, cell.top, cell.w, self.u(LAYOUT.history.label_h))

    # -- the Powers rows -----------------------------------------------------------------

    def _row_y(self, row: int) -> float:
        if not 1 <= row <= RULES.power_rows:
            raise IndexError(f"there is no Powers row {row}")
        gap = self.u(LAYOUT.powers.row_gap)
        return self.heading("powers").y - (row - 1) * (self.power_row_h + gap) - self.power_row_h

    def row_number_box(self, row: int) -> Rect:
        """The big row number left of Powers row ``row`` (1-6); on a sheet with free
        activation numbers, the blank box where the player writes the row's die face."""
        return Rect(self.powers.x, self._row_y(row), self.u(LAYOUT.powers.number_w),
                    self.power_row_h)

    def power_name(self, row: int) -> Rect:
        """The blank where the power's name is written when the row is first developed."""
        pw = LAYOUT.powers
        x = self.powers.x + self.u(pw.number_w + pw.gap)
        return Rect(x, self._row_y(row), self.power_name_w, self.power_row_h)

    def power_box(self, row: int, box: int) -> Rect:
        """Box ``box`` (1-6: i-vi, left to right) of Powers row ``row``."""
        if not 1 <= box <= RULES.boxes_per_row:
            raise IndexError(f"there is no box {box} in a Powers row")
        pw = LAYOUT.powers
        x0 = self.powers.x + self.u(pw.number_w + 2 * pw.gap) + self.power_name_w
        x = x0 + (box - 1) * (self.power_box_w + self.u(pw.box_gap))
        return Rect(x, self._row_y(row), self.power_box_w, self.power_row_h)

    def power_circle(self, row: int, box: int) -> Rect:
        """The square around a Powers box's development circle (upper right), where "S" or
        the round number is written."""
        return self._circle(self.power_box(row, box))

    def power_numeral(self, row: int, box: int) -> Rect:
        """Where a Powers box's numeral (i-vi) is printed: upper left."""
        b, inset = self.power_box(row, box), self.u(LAYOUT.box.inset)
        d = self.u(LAYOUT.box.circle)
        h = self.u(LAYOUT.powers.numeral_h)
        return Rect(b.x + inset, b.top - inset - h, b.w - d - 3 * inset, h)

    def power_mark(self, row: int, box: int) -> Rect:
        """The room left in a Powers box for a mark, below its numeral, left of its circle."""
        b, inset = self.power_box(row, box), self.u(LAYOUT.box.inset)
        d = self.u(LAYOUT.box.circle)
        h = self.u(LAYOUT.powers.numeral_h)
        return Rect(b.x + inset, b.y + inset, b.w - d - 3 * inset, b.h - h - 2 * inset)

    # -- the Points grid -----------------------------------------------------------------

    def _column_x(self, column: int) -> float:
        if not 0 <= column < len(self.spec.columns):
            raise IndexError(f"there is no Points column {column} (0-based)")
        pt = LAYOUT.points
        return (self.points.x + self.u(pt.numeral_w)
                + column * (self.points_box_w + self.u(pt.col_gap)))

    def points_box(self, column: int, box: int) -> Rect:
        """Box ``box`` (1-6, box i at the bottom) of Points column ``column`` (0-based)."""
        if not 1 <= box <= RULES.boxes_per_row:
            raise IndexError(f"there is no box {box} in a Points column")
        pt = LAYOUT.points
        bottom = self.points.y + self.u(pt.withering_h + pt.label_h + 2 * pt.label_gap)
        y = bottom + (box - 1) * (self.points_box_h + self.u(pt.box_gap))
        return Rect(self._column_x(column), y, self.points_box_w, self.points_box_h)

    def points_circle(self, column: int, box: int) -> Rect:
        """The square around a Points box's development circle (upper right)."""
        return self._circle(self.points_box(column, box))

    def points_value(self, column: int, box: int) -> Rect:
        """Where a Points box's value is printed: upper left, beside the circle."""
        b, inset = self.points_box(column, box), self.u(LAYOUT.box.inset)
        d = self.u(LAYOUT.box.circle)
        return Rect(b.x + inset, b.top - inset - d, b.w - d - 3 * inset, d)

    def points_mark(self, column: int, box: int) -> Rect:
        """The room in a Points box for a mark ("2x", "PU7", "X"): across the box, below
        its value and circle."""
        b, inset = self.points_box(column, box), self.u(LAYOUT.box.inset)
        d = self.u(LAYOUT.box.circle)
        return Rect(b.x + inset, b.y + inset, b.w - 2 * inset, b.h - d - 3 * inset)

    def points_numeral(self, box: int) -> Rect:
        """Where the numeral of box row ``box`` (i-vi) is printed, left of the grid."""
        b = self.points_box(0, box)
        return Rect(self.points.x, b.y, self.u(LAYOUT.points.numeral_w), b.h)

    def column_label(self, column: int) -> Rect:
        """The activation numbers under a Points column (its dice sums, e.g. 5/9)."""
        pt = LAYOUT.points
        y = self.points.y + self.u(pt.withering_h + pt.label_gap)
        return Rect(self._column_x(column), y, self.points_box_w, self.u(pt.label_h))

    def withering(self, column: int) -> Rect:
        """The write-in under a column's activation numbers for its Withering ("W -12")."""
        return Rect(self._column_x(column), self.points.y, self.points_box_w,
                    self.u(LAYOUT.points.withering_h))

    # -- the score track -----------------------------------------------------------------

    def score_cell(self, score: int) -> Rect:
        """The cell of ``score`` (1-100) on the score track: its number and its trap slot,
        ten to a row, 1-10 on the top row."""
        top = RULES.score_track_top
        if not 1 <= score <= top:
            raise IndexError(f"the score track runs from 1 to {top}, not {score}")
        row, col = divmod(score - 1, self.score_columns)
        y = self.heading("score").y - (row + 1) * self.score_cell_h
        return Rect(self.score.x + col * self.score_cell_w, y, self.score_cell_w,
                    self.score_cell_h)

    def score_number(self, score: int) -> Rect:
        """The part of a score cell holding its printed number (a player circles it)."""
        cell = self.score_cell(score)
        return Rect(cell.x, cell.y, cell.w - self.u(LAYOUT.score.slot_w), cell.h)

    def trap_slot(self, score: int) -> Rect:
        """The slot right of a score's number where an opponent writes a trap's "T"."""
        cell = self.score_cell(score)
        slot = self.u(LAYOUT.score.slot_w)
        return Rect(cell.right - slot, cell.y, slot, cell.h)

    # -- helpers -------------------------------------------------------------------------

    def _circle(self, box: Rect) -> Rect:
        d, inset = self.u(LAYOUT.box.circle), self.u(LAYOUT.box.inset)
        return Rect(box.right - inset - d, box.top - inset - d, d, d)


# --- the page ------------------------------------------------------------------------------


def portrait(paper: Paper) -> Paper:
    """The sheet is a portrait design: it always takes the portrait page of ``paper``."""
    return paper.rotated() if paper.landscape else paper


def sheet_area(ctx: DrawContext, *, first_page: bool = True) -> Rect:
    """Where a sheet goes on the portrait page of the build's paper: the safe area, below
    the first page's "print at 100 %" band (the area :meth:`printkit.page.document.Document.page`
    hands out). An example printer builds its :class:`SheetLayout` on this."""
    area = ctx.on_paper(portrait(ctx.paper)).safe_area
    if first_page:
        area = Rect(area.x, area.y, area.w, area.h - band_height(ctx.profile))
    return area


def draw_play_sheet(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """One blank play sheet per page: the build's custom sheet first, then the standard."""
    page = portrait(ctx.paper)
    ctx = ctx.on_paper(page)
    sheets = build_sheets(ctx)
    with open_document(ctx, path, paper=page,
                       build=("war-pnp", "play-sheet", ctx.build.game_options.get(SHEET_OPTION)),
                       title=ctx._(TITLE) + ": " + ctx._("play sheet"),
                       subject=ctx._("Blank play sheets")) as doc:
        for spec in sheets:
            with doc.page() as area:
                draw_sheet(doc.canvas, ctx, SheetLayout.fit(area, spec))


# --- drawing -------------------------------------------------------------------------------


def draw_sheet(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """Print the blank sheet into the layout's rectangles."""
    check_write_in(ctx, lay)
    draw_header(c, ctx, lay)
    draw_history(c, ctx, lay)
    draw_powers(c, ctx, lay)
    draw_points(c, ctx, lay)
    draw_score_track(c, ctx, lay)
    draw_phases(c, ctx, lay)


def sheet_title(ctx: DrawContext, spec: SheetSpec) -> str:
    """The sheet's name as printed: a custom sheet's own name, or "Standard sheet"."""
    if spec.custom:
        return ctx._("Sheet: %(name)s") % {"name": spec.name}
    return ctx._("Standard sheet")


def text_left(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, box: Rect, *,
              detail: str = DETAIL) -> float:
    """``text`` set left in ``box``, centred on its height optically, shrunk to its width
    but never under the minimum printed size (overflow is then reported). Returns the size."""
    ctx.check_glyphs(role, text, detail)
    face = ctx.font(role)
    size = fit_size(text, face, size, box.w, MIN_TEXT_PT)
    if pdfmetrics.stringWidth(text, face, size) > box.w:
        ctx.check_text(text, role, size, box.w, box.h, detail=detail, wrap=False)
    asc = pdfmetrics.getAscentDescent(face, size)[0]
    c.setFont(face, size)
    c.drawString(box.x, box.cy - asc * 0.36, text)
    return size


def _centred(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float,
             box: Rect) -> None:
    centred(c, ctx, text, role, size, box.cx, box.cy, width=box.w, detail=DETAIL,
            minimum=MIN_TEXT_PT)


def draw_heading(c: Canvas, ctx: DrawContext, lay: SheetLayout, section: str, title: str,
                 hint: str, colour: Color) -> None:
    """A section's heading line: its name in bold, a hint in italics after it."""
    rect = lay.heading(section)
    hs = LAYOUT.heading
    line = Rect(rect.x, rect.y + rect.h * 0.1, rect.w, rect.h * 0.9)
    c.setFillColor(colour)
    size = text_left(c, ctx, title, FontRole.SANS_BOLD, lay.pt(hs.size), line)
    used = pdfmetrics.stringWidth(title, ctx.font(FontRole.SANS_BOLD), size) + lay.u(2.0)
    if hint:
        c.setFillColor(ink("hint"))
        text_left(c, ctx, hint, FontRole.SANS_ITALIC, lay.pt(hs.hint_size),
                  Rect(line.x + used, line.y, line.w - used, line.h))


def marked_box(c: Canvas, lay: SheetLayout, box: Rect, circle: Rect, *,
               fill: Color | None = None) -> None:
    """A Powers or Points box: its outline and the faint development circle."""
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(lay.pt(LAYOUT.sheet.rule))
    if fill is not None:
        c.setFillColor(fill)
    c.roundRect(box.x, box.y, box.w, box.h, lay.u(0.8), stroke=1, fill=int(fill is not None))
    line = lay.pt(LAYOUT.box.circle_line)
    c.setStrokeColor(ink("faint"))
    c.setLineWidth(line)
    c.circle(circle.cx, circle.cy, circle.w / 2 - line / 2, stroke=1, fill=0)


def write_in(c: Canvas, lay: SheetLayout, box: Rect, *, heavy: bool = False) -> None:
    """A blank write-in box."""
    s = LAYOUT.sheet
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(lay.pt(s.heavy if heavy else s.rule))
    c.setFillColor(white)
    c.roundRect(box.x, box.y, box.w, box.h, lay.u(1.0), stroke=1, fill=1)


def draw_header(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """The title, the sheet's name, and the Player and Total fields with their captions."""
    hd = LAYOUT.header
    c.setFillColor(ink("text"))
    text_left(c, ctx, ctx._(TITLE), FontRole.SANS_BOLD, lay.pt(hd.title_size), lay.title_box())
    c.setFillColor(ink("hint"))
    text_left(c, ctx, sheet_title(ctx, lay.spec), FontRole.SANS, lay.pt(hd.name_size),
              lay.sheet_name_box())
    for field, label in ((lay.name_field(), ctx._("Player")),
                         (lay.total_field(), ctx._("Total"))):
        c.setFillColor(ink("text"))
        cap = lay.caption(field)
        text_left(c, ctx, label, FontRole.SANS_BOLD, lay.pt(hd.caption_size),
                  Rect(cap.x + lay.u(1), cap.y, cap.w - lay.u(1), cap.h))
        write_in(c, lay, field, heavy=True)


def draw_history(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """The rolls along the top: one numbered cell per round."""
    draw_heading(c, ctx, lay, "history", ctx._("Rolls"),
                 ctx._("each round, write both dice the main player rolled"), ink("text"))
    size = lay.pt(LAYOUT.history.label_size)
    for r in range(1, lay.spec.history_length + 1):
        cell = lay.history_cell(r)
        c.setFillColor(ink("hint"))
        _centred(c, ctx, ctx.format_number(r), FontRole.SANS, size, lay.history_label(r))
        write_in(c, lay, cell)


def draw_powers(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """The six Powers rows: the row number (or a blank for it), the name blank, boxes i-vi."""
    hint = ctx._("fill the leftmost empty O of a row; name the power when you first do; "
                 "the highest filled box sets its strength")
    draw_heading(c, ctx, lay, "powers", ctx._("Powers"), hint, ink("powers"))
    pw = LAYOUT.powers
    for row in range(1, RULES.power_rows + 1):
        number = lay.row_number_box(row)
        if lay.spec.free_activation:
            write_in(c, lay, number, heavy=True)
        else:
            c.setFillColor(ink("powers_tint"))
            c.setStrokeColor(ink("powers"))
            c.setLineWidth(lay.pt(LAYOUT.sheet.heavy))
            c.roundRect(number.x, number.y, number.w, number.h, lay.u(1.0), stroke=1, fill=1)
            c.setFillColor(ink("powers"))
            _centred(c, ctx, ctx.format_number(row), FontRole.SANS_BOLD, lay.pt(pw.number_size),
                     number)
        write_in(c, lay, lay.power_name(row), heavy=True)
        for box in range(1, RULES.boxes_per_row + 1):
            marked_box(c, lay, lay.power_box(row, box), lay.power_circle(row, box))
            c.setFillColor(ink("hint"))
            text_left(c, ctx, roman(box), FontRole.SANS, lay.pt(pw.numeral_size),
                      lay.power_numeral(row, box))


def column_label(ctx: DrawContext, sums: Sequence[int]) -> str:
    """A Points column's activation numbers as printed: ``5/9``."""
    return "/".join(ctx.format_number(s) for s in sums)


def draw_points(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """The Points grid: columns of six boxes (i at the bottom) with their values, the
    activation numbers under each column and the Withering write-in under those."""
    draw_heading(c, ctx, lay, "points", ctx._("Points"),
                 ctx._("fill the lowest empty O; score one filled box of the dice sum's column"),
                 ink("points"))
    pt = LAYOUT.points
    for box in range(1, RULES.boxes_per_row + 1):
        c.setFillColor(ink("hint"))
        _centred(c, ctx, roman(box), FontRole.SANS, lay.pt(pt.numeral_size),
                 lay.points_numeral(box))
    c.setFillColor(ink("hint"))
    first = lay.withering(0)
    _centred(c, ctx, ctx._("W"), FontRole.SANS_BOLD, lay.pt(pt.numeral_size),
             Rect(lay.points.x, first.y, lay.u(pt.numeral_w), first.h))
    for col, column in enumerate(lay.spec.columns):
        for box in range(1, RULES.boxes_per_row + 1):
            marked_box(c, lay, lay.points_box(col, box), lay.points_circle(col, box),
                       fill=ink("points_tint") if box == 1 else None)
            c.setFillColor(ink("text"))
            text_left(c, ctx, ctx.format_number(column.value(box)), FontRole.SANS_BOLD,
                      lay.pt(pt.value_size), lay.points_value(col, box))
        label = lay.column_label(col)
        c.setFillColor(ink("points"))
        c.roundRect(label.x, label.y, label.w, label.h, lay.u(1.0), stroke=0, fill=1)
        c.setFillColor(white)
        _centred(c, ctx, column_label(ctx, column.sums), FontRole.SANS_BOLD,
                 lay.pt(pt.label_size),
                 label)
        write_in(c, lay, lay.withering(col))


def draw_score_track(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """The score track 1-100, ten to a row, each number with a trap slot to its right."""
    draw_heading(c, ctx, lay, "score", ctx._("Score track"),
                 ctx._("T right of a number: a trap"), ink("score"))
    sc = LAYOUT.score
    rule = lay.pt(LAYOUT.sheet.rule)
    for score in range(1, RULES.score_track_top + 1):
        cell, slot = lay.score_cell(score), lay.trap_slot(score)
        c.setFillColor(ink("score_tint"))
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke=0, fill=1)
        c.setStrokeColor(ink("rule"))
        c.setLineWidth(rule)
        c.rect(cell.x, cell.y, cell.w, cell.h, stroke=1, fill=0)
        c.setStrokeColor(ink("faint"))
        c.line(slot.x, slot.y, slot.x, slot.top)
        c.setFillColor(ink("text"))
        _centred(c, ctx, ctx.format_number(score), FontRole.SANS, lay.pt(sc.number_size),
                 lay.score_number(score).inset(lay.u(0.3)))
    c.setStrokeColor(ink("score"))
    c.setLineWidth(lay.pt(LAYOUT.sheet.heavy))
    grid = lay.score_cell(1).union(lay.score_cell(RULES.score_track_top))
    c.rect(grid.x, grid.y, grid.w, grid.h, stroke=1, fill=0)


def phase_steps(ctx: DrawContext, rules: Rules = RULES) -> list[str]:
    """The phases of a round in brief, as the sheet prints them."""
    n = {"dice": rules.dice, "win": rules.win_score}
    return [
        ctx._("<b>Develop a power</b>: fill one O in a Powers row."),
        ctx._("<b>Develop a Points column</b>: fill one O in a Points column."),
        ctx._("<b>Roll</b>: the main player rolls %(dice)d dice; write them under Rolls.") % n,
        ctx._("<b>Use and resolve powers</b>: the rows of both dice act, all at once."),
        ctx._("<b>Gain points</b> from the column of the dice sum."),
        ctx._("<b>Check the end</b>: %(win)d or more and no tie at the top wins.") % n,
        ctx._("<b>Pass the dice</b> to the next main player."),
    ]


def setup_steps(ctx: DrawContext, spec: SheetSpec, rules: Rules = RULES) -> list[str]:
    """Set-up in brief, as the sheet prints it (the round card says it in full)."""
    n = {"setup": rules.setup_developments, "faces": rules.faces}
    steps = []
    if spec.free_activation:
        steps.append(ctx._("Write a die face (1-%(faces)d) in each Powers row's number box.")
                     % n)
    steps.append(ctx.ngettext("Develop %(setup)d box, writing S in its O.",
                              "Develop %(setup)d boxes, writing S in their O.",
                              rules.setup_developments) % n)
    return steps


def draw_phases(c: Canvas, ctx: DrawContext, lay: SheetLayout) -> None:
    """Set-up and the phase order of a round, in the box beside the Points grid."""
    box = lay.phases
    c.setFillColor(ink("fill"))
    c.roundRect(box.x, box.y, box.w, box.h, lay.u(1.5), stroke=0, fill=1)
    ph = LAYOUT.phases
    blocks = [(ctx._("Set-up"), setup_steps(ctx, lay.spec), False),
              (ctx._("A round"), phase_steps(ctx), True)]
    flow(c, ctx, blocks, box.inset(lay.u(2.0)), max_size=lay.pt(ph.max_size),
         min_size=max(lay.pt(ph.min_size), MIN_TEXT_PT), detail="phase order")


# --- flowing text (the phase order here, the cards' text) ----------------------------------

Block = tuple[str, Sequence[str], bool]
"""A heading, its items, and whether they are numbered (else bulleted)."""


def _paragraphs(ctx: DrawContext, blocks: Sequence[Block], size: float, hyphenate: bool,
                detail: str, colour: Color) -> list[tuple[Paragraph, float]]:
    script = paragraph_options(ctx.locale)  # CJK line breaking where the language needs it
    if hyphenate:
        script = {**script, **hyphenation_options(ctx.locale)}
    head = ParagraphStyle("h", fontName=ctx.font(FontRole.SANS_BOLD), fontSize=size * 1.12,
                          leading=size * 1.35, textColor=colour, **script)
    bulleted = ParagraphStyle("b", fontName=ctx.font(FontRole.SANS), fontSize=size,
                              leading=size * 1.25, leftIndent=size * 1.1, bulletIndent=0,
                              textColor=ink("text"), bulletFontName=ctx.font(FontRole.SANS),
                              bulletFontSize=size, **script)
    numbered_style = ParagraphStyle("n", parent=bulleted, leftIndent=size * 1.5,
                                    bulletFontName=ctx.font(FontRole.SANS_BOLD))
    bold = ctx.font(FontRole.SANS_BOLD)
    out: list[tuple[Paragraph, float]] = []
    for title, items, numbered in blocks:
        body = numbered_style if numbered else bulleted
        ctx.check_glyphs(FontRole.SANS_BOLD, title, detail)
        out.append((Paragraph(escape(title), head), size * 0.55 if out else 0.0))
        for i, item in enumerate(items, start=1):
            ctx.check_glyphs(FontRole.SANS, item.replace("<b>", "").replace("</b>", ""), detail)
            text = escape(item).replace("&lt;b&gt;", f'<font name="{bold}">').replace(
                "&lt;/b&gt;", "</font>")
            bullet = ctx.format_number(i) + "." if numbered else "•"
            out.append((Paragraph(text, body, bulletText=bullet), size * 0.2))
    return out


def _height(paras: list[tuple[Paragraph, float]], width: float) -> float:
    return float(sum(p.wrap(width, 100_000)[1] + gap for p, gap in paras))


def flow_size(ctx: DrawContext, blocks: Sequence[Block], box: Rect, *, max_size: float,
              min_size: float) -> float:
    """The largest text size from ``max_size`` down to ``min_size`` (in quarter points) at
    which ``blocks`` fit ``box``; ``min_size`` when none does."""
    size = max_size
    colour = ink("text")
    while size > min_size and _height(_paragraphs(ctx, blocks, size, False, "", colour),
                                      box.w) > box.h:
        size = max(min_size, size - 0.25)
    return size


def flow(c: Canvas, ctx: DrawContext, blocks: Sequence[Block], box: Rect, *, max_size: float,
         min_size: float, detail: str = "", colour: Color | None = None) -> float:
    """Set ``blocks`` (headings with bulleted or numbered items; ``<b>`` marks bold) from the
    top of ``box`` in the largest size from ``max_size`` down to ``min_size`` that fits
    (:func:`flow_size`), then hyphenated in the language's way; what still does not fit is
    reported. Returns the size used."""
    colour = colour or ink("text")
    size = flow_size(ctx, blocks, box, max_size=max_size, min_size=min_size)
    hyphenate = _height(_paragraphs(ctx, blocks, size, False, detail, colour), box.w) > box.h
    paras = _paragraphs(ctx, blocks, size, hyphenate, detail, colour)
    y = box.top
    for para, gap in paras:
        h = para.wrap(box.w, 100_000)[1]
        y -= gap + h
        para.drawOn(c, box.x, y)
    used = _height(paras, box.w)
    if used > box.h + 0.01:
        ctx.preflight.add("error", "text-overflow",
                          f"{detail or 'text'} needs {used - box.h:.0f} pt more",
                          ctx.where(detail))
    return size


# --- preflight ------------------------------------------------------------------------------


def check_write_in(ctx: DrawContext, lay: SheetLayout) -> bool:
    """Tell preflight what each kind of box a player writes into must hold: at least
    :data:`~printkit.page.preflight.MIN_WRITE_ROW` high, and room for the pencilled
    characters ``[write_in]`` asks of it. Boxes of a kind share their size, so the first of
    each kind speaks for all."""
    need = LAYOUT.write_in
    boxes = [
        ("Player field", lay.name_field(), need.player),
        ("Total field", lay.total_field(), need.total),
        ("history cell", lay.history_cell(1), need.history_cell),
        ("Powers name blank", lay.power_name(1), need.power_name),
        ("Powers circle", lay.power_circle(1, 1), need.circle),
        ("Powers mark room", lay.power_mark(1, 1), need.power_mark),
        ("Points circle", lay.points_circle(0, 1), need.circle),
        ("Points mark room", lay.points_mark(0, 1), need.points_mark),
        ("Withering space", lay.withering(0), need.withering),
        ("trap slot", lay.trap_slot(1), need.trap),
    ]
    if lay.spec.free_activation:
        boxes.append(("activation box", lay.row_number_box(1), need.activation))
    where = ctx.where(DETAIL)
    results = [ctx.preflight.check_box(name, box, chars * WRITE_DIGIT, MIN_WRITE_ROW,
                                       where=where) for name, box, chars in boxes]
    return all(results)
