"""The WFtGtS play sheet: geometry as data, one drawing call for the blank sheet.

:func:`geometry` turns ``sheet.toml`` and a box on the page into the rectangles of every cell;
:func:`draw_blank` prints the empty sheet into that box, and the example printer
(:mod:`printkit.templates.wftgts.example`) writes into the same rectangles, so a filled-in
example and a blank sheet can never disagree. Column heads (die names and point values) come
from the rules data the engine plays with.

The sheet keeps its designed proportions in any box (a wider box is narrowed and the sheet
centred: die cells never stretch), prints no text under the shared minimum
(:data:`~printkit.page.preflight.MIN_TEXT_PT`) and tells preflight what each write-in box
must hold (:func:`check_write_in`), so a sheet too small to write on is reported, not printed
silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import centred, fit_size
from printkit.engines.wftgts.rules import DICE, load_rules
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Capacity
from printkit.layouts import load_layout
from printkit.page.preflight import MIN_TEXT_PT, MIN_WRITE_ROW, WRITE_DIGIT
from printkit.units import mm


@dataclass(frozen=True)
class PaperSpec:
    two_up: bool = False


@dataclass(frozen=True)
class Proportions:
    max_aspect: float


@dataclass(frozen=True)
class Margins:
    top: float
    bottom: float
    left: float
    right: float


@dataclass(frozen=True)
class Header:
    height: float
    gap: float


@dataclass(frozen=True)
class Columns:
    label: float
    points: float


@dataclass(frozen=True)
class Rows:
    head: float
    line: float
    score: float
    total: float
    final: float
    gap_between_rounds: float


@dataclass(frozen=True)
class PointsBox:
    inset_x: float
    inset_y: float


@dataclass(frozen=True)
class WriteIn:
    die_cell: int
    score_box: int
    total_box: int
    tie_break_box: int


@dataclass(frozen=True)
class Text:
    label_size: float
    head_size: float
    points_size: float
    tie_break_size: float
    hand_size: float
    hand_score_size: float
    arrow_size: float


@dataclass(frozen=True)
class Hand:
    jitter_x: float
    jitter_y: float
    tilt: float
    max_climb: float
    inset: float
    one_flag: tuple[float, float]
    one_flag_width: float


@dataclass(frozen=True)
class SheetLayout:
    """``sheet.toml``: the play sheet's measurements (mm, or fractions of a row) and inks."""

    papers: dict[str, PaperSpec]
    proportions: Proportions
    margins: Margins
    header: Header
    columns: Columns
    rows: Rows
    points_box: PointsBox
    write_in: WriteIn
    text: Text
    hand: Hand
    ink: dict[str, Color]


LINE_LETTERS = ("a", "b", "c")
LAYOUT = load_layout(SheetLayout, Path(__file__).parent / "sheet.toml")
ROW_LABELS = {"score": N_("Score"), "total": N_("Total"), "final": N_("Final")}


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


@dataclass(frozen=True)
class Row:
    kind: str  # "head", "line", "score", "total", "final"
    round: int  # 0 for the head row
    letter: str  # "a", "b", "c" for lines, "" otherwise
    y: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def label(self, ctx: DrawContext) -> str:
        if self.kind == "line":
            return f"{self.round}{self.letter}"
        return ctx._(ROW_LABELS[self.kind]) if self.kind in ROW_LABELS else ""


@dataclass(frozen=True)
class SheetGeometry:
    """Every rectangle of one sheet drawn into ``box``."""

    box: Rect
    banner: Rect
    table: Rect
    rows: tuple[Row, ...]
    label_x: float
    label_w: float
    die_x: tuple[float, ...]
    die_w: float
    points_x: float
    points_w: float
    unit: float  # one row-height unit

    def row(self, kind: str, round_: int, letter: str = "") -> Row:
        for r in self.rows:
            if r.kind == kind and r.round == round_ and r.letter == letter:
                return r
        raise KeyError((kind, round_, letter))

    def cell(self, round_: int, letter: str, die: int) -> Rect:
        r = self.row("line", round_, letter)
        return Rect(self.die_x[die], r.y, self.die_w, r.h)

    def wide(self, row: Row) -> Rect:
        """The cell spanning the seven die columns (arithmetic on Score/Total/Final rows)."""
        return Rect(self.die_x[0], row.y, self.die_w * len(self.die_x), row.h)

    def points_box(self, row: Row) -> Rect:
        """The rounded box a score or total is written in."""
        px = row.h * LAYOUT.points_box.inset_x
        py = row.h * LAYOUT.points_box.inset_y
        return Rect(self.points_x + px, row.y + py, self.points_w - 2 * px, row.h - 2 * py)

    def arrow(self, round_: int, after: str, die: int) -> tuple[float, float, float]:
        """(x, y, height) of the carry arrow below line ``after`` in column ``die``."""
        r = self.row("line", round_, after)
        size = LAYOUT.text.arrow_size * self.unit
        return (self.die_x[die] + self.die_w * 0.82, r.y, size)

    def size(self, fraction: float) -> float:
        """A text size of ``[text]`` (``fraction`` of the row height), never under the minimum
        printed size."""
        return max(fraction * self.unit, MIN_TEXT_PT)


def proportioned(box: Rect) -> Rect:
    """``box`` narrowed (and centred) to the sheet's widest designed proportions."""
    widest = box.h * LAYOUT.proportions.max_aspect
    if box.w <= widest:
        return box
    return Rect(box.x + (box.w - widest) / 2, box.y, widest, box.h)


def geometry(box: Rect, *, rounds: int | None = None) -> SheetGeometry:
    """Lay the sheet out inside ``box`` (points), keeping its proportions."""
    box = proportioned(box)
    rounds = rounds or load_rules().rounds
    m = LAYOUT.margins
    inner = Rect(box.x + mm(m.left), box.y + mm(m.bottom),
                 box.w - mm(m.left + m.right), box.h - mm(m.top + m.bottom))
    head_h = mm(LAYOUT.header.height)
    banner = Rect(inner.x, inner.top - head_h, inner.w, head_h)
    table = Rect(inner.x, inner.y, inner.w, inner.h - head_h - mm(LAYOUT.header.gap))

    rw = LAYOUT.rows
    plan: list[tuple[str, int, str, float]] = [("head", 0, "", rw.head)]
    for r in range(1, rounds + 1):
        for letter in LINE_LETTERS:
            plan.append(("line", r, letter, rw.line))
        plan.append(("score", r, "", rw.score))
        if r == rounds:
            plan.append(("final", r, "", rw.final))
        elif r > 1:
            plan.append(("total", r, "", rw.total))
    units = sum(p[3] for p in plan) + rw.gap_between_rounds * (rounds - 1)
    unit = table.h / units
    rows = []
    y = table.top
    for kind, r, letter, rel in plan:
        if kind == "line" and letter == "a" and r > 1:
            y -= rw.gap_between_rounds * unit
        h = rel * unit
        y -= h
        rows.append(Row(kind, r, letter, y, h))
    cols = LAYOUT.columns
    label_w, points_w = cols.label * unit, cols.points * unit
    die_w = (table.w - label_w - points_w) / len(DICE)
    die_x = tuple(table.x + label_w + i * die_w for i in range(len(DICE)))
    return SheetGeometry(box, banner, table, tuple(rows), table.x, label_w, die_x, die_w,
                         table.x + label_w + die_w * len(DICE), points_w, unit)


def _text(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, cx: float,
          cy: float, width: float) -> None:
    """Centred text, shrunk to fit ``width`` but not under the minimum printed size."""
    centred(c, ctx, text, role, size, cx, cy, width=width, detail="play sheet",
            minimum=MIN_TEXT_PT)


def draw_blank(c: Canvas, ctx: DrawContext, g: SheetGeometry) -> None:
    """Print the empty play sheet into the geometry's box."""
    check_write_in(ctx, g)
    _draw_banner(c, ctx, g)
    _draw_column_heads(c, ctx, g)
    for row in g.rows:
        if row.kind == "head":
            continue
        _draw_row(c, ctx, g, row)
    _draw_arrows(c, g)
    _draw_round_labels(c, ctx, g)


def _draw_banner(c: Canvas, ctx: DrawContext, g: SheetGeometry) -> None:
    b = g.banner
    band = Rect(b.x, b.y + b.h * 0.42, b.w, b.h * 0.58)
    c.setFillColor(ink("banner"))
    c.roundRect(band.x, band.y, band.w, band.h, band.h * 0.2, stroke=0, fill=1)
    c.setFillColor(white)
    title = ctx._("WAITING FOR THE GAME TO START")
    _text(c, ctx, title, FontRole.SANS_BOLD, band.h * 0.55, band.cx, band.cy, band.w * 0.9)
    # name and date fields under the banner
    c.setFillColor(ink("rule"))
    size = _field_size(g)
    sans = ctx.font(FontRole.SANS)
    c.setFont(sans, size)
    y = b.y + b.h * 0.08
    name_label, date_label = ctx._("Name"), ctx._("Date")
    ctx.check_glyphs(FontRole.SANS, name_label + date_label, "play sheet")
    c.drawString(b.x, y, name_label)
    name = name_line_box(ctx, g)
    c.setStrokeColor(ink("faint"))
    c.setLineWidth(0.5)
    c.line(name.x, y - size * 0.2, name.right, y - size * 0.2)
    dx = b.x + b.w * 0.66
    c.drawString(dx, y, date_label)
    dx2 = dx + pdfmetrics.stringWidth(date_label, sans, size) + size * 0.5
    c.line(dx2, y - size * 0.2, b.x + b.w, y - size * 0.2)


def _field_size(g: SheetGeometry) -> float:
    return g.banner.h * 0.2


def name_line_box(ctx: DrawContext, g: SheetGeometry) -> Rect:
    """Where a player writes their name: the Name line under the banner, after its label."""
    b = g.banner
    size = _field_size(g)
    x = b.x + pdfmetrics.stringWidth(ctx._("Name"), ctx.font(FontRole.SANS), size) + size * 0.5
    return Rect(x, b.y, b.x + b.w * 0.62 - x, b.h * 0.42)


def die_head(ctx: DrawContext, index: int) -> tuple[str, str]:
    die = DICE[index]
    pts = ctx.ngettext("%(n)d pt", "%(n)d pts", die.points) % {"n": die.points}
    return (ctx._(die.label), pts)


def _draw_column_heads(c: Canvas, ctx: DrawContext, g: SheetGeometry) -> None:
    head = g.rows[0]
    size = g.size(LAYOUT.text.head_size)
    c.setFillColor(ink("fill"))
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(0.6)
    c.rect(g.die_x[0], head.y, g.die_w * len(DICE), head.h, stroke=1, fill=1)
    c.setFillColor(ink("banner"))
    for i in range(len(DICE)):
        name, pts = die_head(ctx, i)
        x = g.die_x[i]
        if i:
            c.line(x, head.y, x, head.top)
        cx = x + g.die_w / 2
        _text(c, ctx, name, FontRole.SANS_BOLD, size, cx, head.y + head.h * 0.66, g.die_w * 0.9)
        _text(c, ctx, pts, FontRole.SANS, g.size(LAYOUT.text.points_size), cx,
              head.y + head.h * 0.28, g.die_w * 0.9)
    label = ctx._("Points")
    _text(c, ctx, label, FontRole.SANS_BOLD, size, g.points_x + g.points_w / 2, head.cy,
          g.points_w * 0.9)


def _draw_row(c: Canvas, ctx: DrawContext, g: SheetGeometry, row: Row) -> None:
    size = g.size(LAYOUT.text.label_size)
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(0.6)
    c.setFillColor(ink("fill") if row.kind != "line" else white)
    c.rect(g.label_x, row.y, g.label_w, row.h, stroke=1, fill=1)
    c.setFillColor(ink("banner"))
    label = row.label(ctx)
    role = FontRole.SANS if row.kind == "line" else FontRole.SANS_BOLD
    _text(c, ctx, label, role, size, g.label_x + g.label_w / 2, row.cy, g.label_w * 0.9)
    if row.kind == "line":
        for x in g.die_x:
            c.rect(x, row.y, g.die_w, row.h, stroke=1, fill=0)
        return
    wide = g.wide(row)
    c.setLineWidth(0.9 if row.kind != "total" else 0.6)
    c.rect(wide.x, wide.y, wide.w, wide.h, stroke=1, fill=0)
    c.rect(g.points_x, row.y, g.points_w, row.h, stroke=1, fill=0)
    box = g.points_box(row)
    c.setLineWidth(1.4 if row.kind == "final" else 1.0)
    c.roundRect(box.x, box.y, box.w, box.h, box.h * 0.15, stroke=1, fill=0)
    if row.kind == "final":
        _draw_tiebreak(c, ctx, g, row)


def tiebreak_box(g: SheetGeometry, row: Row) -> Rect:
    wide = g.wide(row)
    w = g.die_w * 1.1
    pad = row.h * 0.15
    return Rect(wide.x + wide.w - w - pad, row.y + pad, w, row.h - 2 * pad)


def _tiebreak_caption(ctx: DrawContext, g: SheetGeometry, row: Row) -> tuple[str, float, float]:
    """The tie-break caption, its size, and where it ends on the right (it is set right
    against the tie-break box)."""
    text = ctx._("tie-break: best c-line sum")
    size = fit_size(text, ctx.font(FontRole.SANS_ITALIC), g.size(LAYOUT.text.tie_break_size),
                    g.die_w * 3.2, MIN_TEXT_PT)
    return text, size, tiebreak_box(g, row).x - size * 0.6


def final_line_box(ctx: DrawContext, g: SheetGeometry) -> Rect:
    """The part of the Final row left of the tie-break caption: where the last sum goes."""
    row = next(r for r in g.rows if r.kind == "final")
    text, size, right = _tiebreak_caption(ctx, g, row)
    left = right - pdfmetrics.stringWidth(text, ctx.font(FontRole.SANS_ITALIC), size) - size * 0.6
    return Rect(g.die_x[0], row.y, left - g.die_x[0], row.h)


def _draw_tiebreak(c: Canvas, ctx: DrawContext, g: SheetGeometry, row: Row) -> None:
    box = tiebreak_box(g, row)
    c.setLineWidth(0.6)
    c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    text, size, right = _tiebreak_caption(ctx, g, row)
    ctx.check_glyphs(FontRole.SANS_ITALIC, text, "play sheet")
    c.setFont(ctx.font(FontRole.SANS_ITALIC), size)
    c.setFillColor(ink("rule"))
    c.drawRightString(right, row.y + row.h / 2 - size * 0.3, text)


def _draw_arrows(c: Canvas, g: SheetGeometry) -> None:
    c.setFillColor(ink("faint"))
    c.setStrokeColor(ink("faint"))
    for r in sorted({row.round for row in g.rows if row.kind == "line"}):
        for after in LINE_LETTERS[:-1]:
            for die in range(len(DICE)):
                draw_arrow(c, *g.arrow(r, after, die))


def draw_arrow(c: Canvas, x: float, y: float, h: float, *, filled: bool = False) -> None:
    """A small down-pointing carry arrow centred on the line between two rows."""
    w = h * 0.55
    top, tip = y + h / 2, y - h / 2
    c.setLineWidth(max(0.4, h * 0.09))
    c.line(x, top, x, tip + w * 0.5)
    p = c.beginPath()
    p.moveTo(x - w / 2, tip + w * 0.7)
    p.lineTo(x + w / 2, tip + w * 0.7)
    p.lineTo(x, tip)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    if filled:
        c.line(x - w * 0.7, top - h * 0.1, x + w * 0.7, tip + h * 0.2)


def _draw_round_labels(c: Canvas, ctx: DrawContext, g: SheetGeometry) -> None:
    c.setFillColor(ink("faint"))
    for r in sorted({row.round for row in g.rows if row.kind == "line"}):
        top = g.row("line", r, "a").top
        bottom = g.row("line", r, "c").y
        text = ctx._("Round %(n)d") % {"n": r}
        _text(c, ctx, text, FontRole.SANS_BOLD, g.size(LAYOUT.text.label_size) * 1.3,
              g.points_x + g.points_w / 2, (top + bottom) / 2, g.points_w * 0.85)


def check_write_in(ctx: DrawContext, g: SheetGeometry) -> bool:
    """Tell preflight what each kind of box a player writes into must hold: rows at least
    :data:`~printkit.page.preflight.MIN_WRITE_ROW` high, and room for the pencilled
    digits ``[write_in]`` asks of each box. Rows of a kind share their size, so the first of
    each kind speaks for all."""
    need = LAYOUT.write_in
    score = g.row("score", 1)
    total = next(r for r in g.rows if r.kind == "total")
    final = next(r for r in g.rows if r.kind == "final")
    boxes = [
        ("die cell", g.cell(1, "a", 0), need.die_cell),
        ("Score box", g.points_box(score), need.score_box),
        ("Total box", g.points_box(total), need.total_box),
        ("Final box", g.points_box(final), need.total_box),
        ("tie-break box", tiebreak_box(g, final), need.tie_break_box),
        ("Score line", g.wide(score), 0),
        ("Total line", g.wide(total), 0),
        ("Final line", final_line_box(ctx, g), 0),
    ]
    where = ctx.where("play sheet")
    results = [ctx.preflight.check_box(name, box, digits * WRITE_DIGIT, MIN_WRITE_ROW,
                                       where=where) for name, box, digits in boxes]
    return all(results)


CAPACITY_NAMES = ("die cell digits", "score box digits", "total box digits",
                  "final box digits", "tie-break box digits")


def capacities(ctx: DrawContext, g: SheetGeometry) -> list[Capacity]:
    """How many handwritten digits fit each box at the handwriting size, measured from the
    same geometry that draws the boxes."""
    hand_score = g.size(LAYOUT.text.hand_score_size)
    hand = g.size(LAYOUT.text.hand_size)

    def digits(width: float, role: FontRole, size: float) -> int:
        face = ctx.font(role)
        dw = max(pdfmetrics.stringWidth(d, face, size) for d in "0123456789")
        return int((width * 0.92) // dw)

    score_row = g.row("score", 1)
    total_row = next(r for r in g.rows if r.kind == "total")
    final_row = next(r for r in g.rows if r.kind == "final")
    held = (
        digits(g.die_w * 0.72, FontRole.HAND, hand),
        digits(g.points_box(score_row).w, FontRole.HAND_BOLD, hand_score),
        digits(g.points_box(total_row).w, FontRole.HAND_BOLD, hand_score),
        digits(g.points_box(final_row).w, FontRole.HAND_BOLD, hand_score),
        digits(tiebreak_box(g, final_row).w, FontRole.HAND, hand),
    )
    return [Capacity(name, n, "digits") for name, n in zip(CAPACITY_NAMES, held, strict=True)]
