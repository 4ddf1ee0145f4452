"""Chart tables: a titled table of rows of cells, fitted to the page, for a game's charts.

A game's reference charts (a terrain effect chart, a weapons table, a turn sequence) are
tables: a title, a header row, rows of cells (words, numbers, small drawings), notes under the
table. :class:`ChartTable` holds one as data; :func:`layout_table` measures it at one text size
and width: each column as wide as its text wants, wrapped where the page is too narrow (never
inside a word unless hyphenation must), rows as tall as their tallest cell; :func:`fit_tables`
finds the largest text size at which a set of tables fits a box (one page), never under
:data:`~printkit.page.preflight.MIN_TEXT_PT`; :func:`draw_chart` writes a chart PDF, on
one page when that fits at the minimum size or more, else split between rows over as many
pages as it takes (the header row repeated, the title marked as continued).

Numbers print the locale's way (:class:`Number`: ``+1``, ``−1``, ``½``, ``2,5``); a cell may
hold a drawing (:class:`Icon`: a swatch, a symbol) with an optional label. Every string drawn
is checked for glyphs, and any that does not fit its cell is recorded by preflight.

>>> from printkit.context import BuildContext, DrawContext
>>> from printkit.paper import paper
>>> from printkit.page.preflight import Preflight
>>> ctx = DrawContext(BuildContext(paper("a4"), locale="fr"), Preflight())
>>> format_value(ctx, Fraction(1, 2)), format_value(ctx, -1, signed=True)
('½', '−1')
>>> format_value(ctx, 2.5), format_value(ctx, 0, signed=True, zero="–")
('2,5', '–')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.errors import PrintkitError
from printkit.fonts import FontRole, missing_glyphs
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.layout.fit import hyphenator, wrap
from printkit.page.document import open_document
from printkit.page.preflight import MIN_TEXT_PT
from printkit.scripts import UNSPACED, script
from printkit.units import mm

CONTINUED = N_("{title} (continued)")
"""A table's title on the pages after its first."""

VULGAR = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾",
          Fraction(1, 3): "⅓", Fraction(2, 3): "⅔"}
"""Fractions printed as one glyph (when the font has it), as charts write movement costs."""
MINUS = "\u2212"  # a true minus sign: as wide as the plus, unlike a hyphen


class Align(Enum):
    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


@dataclass(frozen=True)
class Number:
    """A number as a chart prints it: in the locale's digits and decimal sign, ``signed``
    modifiers with their plus, a ``zero`` of its own (a dash where nothing changes)."""

    value: int | float | Fraction
    signed: bool = False
    zero: str | None = None


@dataclass(frozen=True)
class Text:
    """Words in a cell, in bold or italics when a chart wants them to stand out."""

    text: str
    role: FontRole = FontRole.SANS


@dataclass(frozen=True)
class Icon:
    """A small drawing in a cell, ``width_mm`` x ``height_mm``: ``draw(canvas, rect)`` fills
    ``rect`` (points), before an optional ``label`` set like a text cell's words."""

    draw: Callable[[Canvas, Rect], None]
    width_mm: float
    height_mm: float
    label: str = ""


Cell = str | int | float | Fraction | Number | Text | Icon | None


@dataclass(frozen=True)
class Column:
    """A column: its heading, how its cells align, and whether their words may wrap."""

    heading: str
    align: Align = Align.LEFT
    wrap: bool = True


@dataclass(frozen=True)
class ChartTable:
    """A titled table: rows of cells under a header row, and notes under the table.
    ``fills`` (optional) gives a row its own background instead of the zebra's."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    fills: tuple[Color | None, ...] = ()

    def __post_init__(self) -> None:
        for i, row in enumerate(self.rows, 1):
            if len(row) != len(self.columns):
                raise PrintkitError(f"chart {self.title!r}: row {i} has {len(row)} cells for "
                                    f"{len(self.columns)} columns")


@dataclass(frozen=True)
class ChartStyle:
    """How chart tables look: text sizes (``max_size`` down to ``min_size``, the body's; the
    title, header and notes in proportion), paddings and gaps (mm), inks."""

    max_size: float = 10.0
    min_size: float = MIN_TEXT_PT
    step: float = 0.25
    title_scale: float = 1.35
    note_scale: float = 0.9
    leading: float = 1.2
    pad_x: float = 1.6
    pad_y: float = 1.1
    title_gap: float = 1.5
    note_gap: float = 1.5
    table_gap: float = 6.0
    rule_width: float = 0.5
    icon_gap: float = 1.5
    title_ink: Color = field(default_factory=lambda: HexColor("#1e1e1e"))
    text_ink: Color = field(default_factory=lambda: HexColor("#222222"))
    head_ink: Color = field(default_factory=lambda: HexColor("#ffffff"))
    head_fill: Color = field(default_factory=lambda: HexColor("#3a4a5a"))
    zebra: Color | None = field(default_factory=lambda: HexColor("#eef1f4"))
    rule: Color = field(default_factory=lambda: HexColor("#8a8a8a"))
    note_ink: Color = field(default_factory=lambda: HexColor("#4a4a4a"))


# --- words and numbers ----------------------------------------------------------------------


def _has(text: str, role: FontRole, locale: str) -> bool:
    return not missing_glyphs(text, role, locale)


def format_value(ctx: DrawContext, value: int | float | Fraction, *, signed: bool = False,
                 zero: str | None = None, role: FontRole = FontRole.SANS) -> str:
    """``value`` as a chart prints it in the build's locale (see :class:`Number`)."""
    if value == 0 and zero is not None:
        return zero
    magnitude: int | float | Fraction = -value if value < 0 else value
    text = ""
    if isinstance(magnitude, Fraction) and magnitude.denominator != 1:
        whole, part = divmod(magnitude, 1)
        glyph = VULGAR.get(Fraction(part))
        if glyph is not None and _has(glyph, role, ctx.locale):
            text = (ctx.format_number(int(whole)) if whole else "") + glyph
        else:
            text = ctx.format_number(float(magnitude))
    elif isinstance(magnitude, Fraction):
        text = ctx.format_number(int(magnitude))
    else:
        text = ctx.format_number(magnitude)
    text = text.lstrip("\u200e")
    if value < 0:
        text = (MINUS if _has(MINUS, role, ctx.locale) else "-") + text
    elif signed and value > 0:
        text = "+" + text
    return text


def cell_text(ctx: DrawContext, cell: Cell) -> str:
    """The words a cell prints (an icon's label; nothing for an empty cell)."""
    if cell is None:
        return ""
    if isinstance(cell, Icon):
        return cell.label
    if isinstance(cell, Text):
        return cell.text
    if isinstance(cell, Number):
        return format_value(ctx, cell.value, signed=cell.signed, zero=cell.zero)
    if isinstance(cell, str):
        return cell
    return format_value(ctx, cell)


def _role(cell: Cell) -> FontRole:
    return cell.role if isinstance(cell, Text) else FontRole.SANS


def _unspaced(ctx: DrawContext) -> bool:
    return script(ctx.locale) in UNSPACED


def wrap_lines(ctx: DrawContext, text: str, role: FontRole, size: float,
               width: float) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` where it can be: on spaces (then
    hyphenated, in a language pyphen knows), or between any two characters in Japanese and
    Chinese. A word wider than the line stays whole (the caller sees it overflow)."""
    face = ctx.font(role)
    if _unspaced(ctx):
        lines: list[str] = []
        for hard in text.splitlines() or [""]:
            line = ""
            for ch in hard:
                if line and pdfmetrics.stringWidth(line + ch, face, size) > width + 0.01:
                    lines.append(line)
                    line = ch.lstrip()
                else:
                    line += ch
            lines.append(line)
        return tuple(lines)
    lines_, widest, _hy = wrap(text, face, size, width)
    if widest > width + 0.01:
        try:
            lines_, _widest, _hy = wrap(text, face, size, width, hyphenator(ctx.locale),
                                        only_long=True)
        except PrintkitError:  # no dictionary for the language: the words stay whole
            pass
    return lines_


def _units(ctx: DrawContext, text: str) -> list[str]:
    """The pieces a line may not break inside: words, or characters in unspaced scripts."""
    return list(text.replace("\n", "")) if _unspaced(ctx) else text.split()


# --- measuring ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableLayout:
    """A table measured at one text size for one width (points): what :func:`draw_table`
    draws, and what the tests and the charts' fitting read."""

    table: ChartTable
    size: float
    widths: tuple[float, ...]
    head_lines: tuple[tuple[str, ...], ...]
    cells: tuple[tuple[tuple[str, ...], ...], ...]  # the wrapped lines of every cell
    head_h: float
    row_heights: tuple[float, ...]
    title_lines: tuple[str, ...]
    note_lines: tuple[tuple[str, ...], ...]
    fits: bool  # every cell's words fit its column (no word wider than its cell)
    style: ChartStyle

    @property
    def width(self) -> float:
        return sum(self.widths)

    @property
    def title_size(self) -> float:
        return self.size * self.style.title_scale

    @property
    def note_size(self) -> float:
        return max(MIN_TEXT_PT, self.size * self.style.note_scale)

    @property
    def title_h(self) -> float:
        if not self.title_lines:
            return 0.0
        return (len(self.title_lines) * self.title_size * self.style.leading
                + mm(self.style.title_gap))

    @property
    def notes_h(self) -> float:
        n = sum(len(lines) for lines in self.note_lines)
        return n * self.note_size * self.style.leading + (mm(self.style.note_gap) if n else 0.0)

    def rows_h(self, first: int = 0, last: int | None = None) -> float:
        return sum(self.row_heights[first:last])

    @property
    def height(self) -> float:
        return self.title_h + self.head_h + self.rows_h() + self.notes_h


def _text_extent(ctx: DrawContext, text: str, role: FontRole, size: float) -> tuple[float, float]:
    """(the width of ``text`` on one line, the width of its widest unbreakable piece)."""
    face = ctx.font(role)
    one = max((pdfmetrics.stringWidth(line, face, size) for line in text.splitlines()),
              default=0.0)
    piece = max((pdfmetrics.stringWidth(u, face, size) for u in _units(ctx, text)), default=0.0)
    return one, piece


def _cell_extent(ctx: DrawContext, cell: Cell, column: Column, size: float,
                 style: ChartStyle) -> tuple[float, float]:
    """(natural, least) width of a cell's content, padding left out."""
    text = cell_text(ctx, cell)
    one, piece = _text_extent(ctx, text, _role(cell), size) if text else (0.0, 0.0)
    if not column.wrap:
        piece = one
    if isinstance(cell, Icon):
        icon = mm(cell.width_mm) + (mm(style.icon_gap) if text else 0.0)
        return icon + one, icon + piece
    return one, piece


def _column_widths(natural: Sequence[float], least: Sequence[float],
                   width: float) -> tuple[tuple[float, ...], bool]:
    """Widths summing to ``width``: every column its natural width and the spare shared out
    in proportion, or, when that is too wide, its least width and the rest shared out in
    proportion to what each still wants. False when even the least widths are too wide."""
    total = sum(natural)
    if total <= width:
        spare = width - total
        return tuple(n + spare * n / total for n in natural), True
    floor = sum(least)
    if floor > width + 0.01:
        return tuple(least), False
    wants = [n - m for n, m in zip(natural, least, strict=True)]
    room = width - floor
    share = sum(wants) or 1.0
    return tuple(m + room * w / share for m, w in zip(least, wants, strict=True)), True


def layout_table(ctx: DrawContext, table: ChartTable, width: float, size: float,
                 style: ChartStyle = ChartStyle()) -> TableLayout:
    """``table`` measured at body text ``size`` for a table ``width`` points wide."""
    pad_x, pad_y = mm(style.pad_x), mm(style.pad_y)
    lead = size * style.leading
    natural, least = [], []
    for j, column in enumerate(table.columns):
        extents = [_cell_extent(ctx, row[j], column, size, style) for row in table.rows]
        head_one, head_piece = _text_extent(ctx, column.heading, FontRole.SANS_BOLD, size)
        natural.append(max([head_one] + [e[0] for e in extents]) + 2 * pad_x)
        least.append(max([head_piece] + [e[1] for e in extents]) + 2 * pad_x)
    widths, fits = _column_widths(natural, least, width)
    head_lines = tuple(wrap_lines(ctx, col.heading, FontRole.SANS_BOLD, size, w - 2 * pad_x)
                       for col, w in zip(table.columns, widths, strict=True))
    head_h = max(len(lines) for lines in head_lines) * lead + 2 * pad_y
    cells = []
    heights = []
    for row in table.rows:
        wrapped = []
        tallest = 0.0
        for cell, column, w in zip(row, table.columns, widths, strict=True):
            text = cell_text(ctx, cell)
            room = w - 2 * pad_x
            h = 0.0
            if isinstance(cell, Icon):
                room -= mm(cell.width_mm) + (mm(style.icon_gap) if text else 0.0)
                h = mm(cell.height_mm)
            lines = (wrap_lines(ctx, text, _role(cell), size, room) if column.wrap
                     else tuple(text.splitlines())) if text else ()
            wrapped.append(lines)
            tallest = max(tallest, h, len(lines) * lead)
        cells.append(tuple(wrapped))
        heights.append(max(tallest, lead) + 2 * pad_y)
    title_lines = (wrap_lines(ctx, table.title, FontRole.SANS_BOLD, size * style.title_scale, width)
                   if table.title else ())
    note_size = max(MIN_TEXT_PT, size * style.note_scale)
    note_lines = tuple(wrap_lines(ctx, note, FontRole.SANS_ITALIC, note_size, width)
                       for note in table.notes)
    return TableLayout(table, size, widths, head_lines, tuple(cells), head_h, tuple(heights),
                       title_lines, note_lines, fits, style)


def stack_height(layouts: Sequence[TableLayout]) -> float:
    """The height of tables set one under another, ``table_gap`` apart."""
    if not layouts:
        return 0.0
    return sum(t.height for t in layouts) + mm(layouts[0].style.table_gap) * (len(layouts) - 1)


def fit_tables(ctx: DrawContext, tables: Sequence[ChartTable], width: float, height: float,
               style: ChartStyle = ChartStyle()) -> tuple[list[TableLayout], bool]:
    """The tables at the largest body size (``style.max_size`` down to ``style.min_size``)
    at which they all fit ``width`` and, one under another, ``height``. When none does, the
    largest size at which they fit the width (to be split over pages), and False."""
    sizes = []
    s = style.max_size
    while s >= style.min_size - 1e-9:
        sizes.append(s)
        s -= style.step
    fallback: list[TableLayout] | None = None
    for size in sizes:
        layouts = [layout_table(ctx, t, width, size, style) for t in tables]
        if all(t.fits for t in layouts):
            if stack_height(layouts) <= height + 0.01:
                return layouts, True
            fallback = fallback or layouts
    return fallback or [layout_table(ctx, t, width, style.min_size, style) for t in tables], False


# --- drawing --------------------------------------------------------------------------------


def _draw_lines(c: Canvas, ctx: DrawContext, lines: Sequence[str], role: FontRole, size: float,
                box: Rect, align: Align, leading: float, detail: str) -> None:
    """Lines centred vertically in ``box``, each checked (glyphs, width)."""
    face = ctx.font(role)
    asc, desc = (abs(float(v)) for v in pdfmetrics.getAscentDescent(face, size))
    block = len(lines) * leading
    baseline = box.cy + block / 2 - leading + (leading - asc - desc) / 2 + desc
    c.setFont(face, size)
    for line in lines:
        ctx.check_glyphs(role, line, detail)
        w = pdfmetrics.stringWidth(line, face, size)
        if w > box.w + 0.01:
            ctx.check_text(line, role, size, box.w, leading, detail=detail, wrap=False)
        if align is Align.CENTRE:
            c.drawCentredString(box.cx, baseline, line)
        elif align is Align.RIGHT:
            c.drawRightString(box.right, baseline, line)
        else:
            c.drawString(box.x, baseline, line)
        baseline -= leading
    if block > box.h + 0.01:
        ctx.check_text("\n".join(lines), role, size, box.w, box.h, detail=detail,
                       leading=leading, wrap=False)


def draw_table(c: Canvas, ctx: DrawContext, layout: TableLayout, x: float, top: float, *,
               first: int = 0, last: int | None = None, title: str | None = None,
               notes: bool = True, detail: str = "") -> float:
    """Draw rows ``first`` to ``last`` of a measured table with its title (``title``
    replaces the table's, e.g. marked continued), header row and, with ``notes``, its notes,
    from ``top`` down; returns the y under what was drawn."""
    st = layout.style
    pad_x, pad_y = mm(st.pad_x), mm(st.pad_y)
    size, lead = layout.size, layout.size * st.leading
    detail = detail or layout.table.title
    y = top
    c.saveState()
    lines = layout.title_lines if title is None else wrap_lines(
        ctx, title, FontRole.SANS_BOLD, layout.title_size, layout.width)
    if lines:
        c.setFillColor(st.title_ink)
        tl = layout.title_size * st.leading
        box = Rect(x, y - len(lines) * tl, layout.width, len(lines) * tl)
        _draw_lines(c, ctx, lines, FontRole.SANS_BOLD, layout.title_size, box, Align.LEFT, tl,
                    detail)
        y = box.y - mm(st.title_gap)
    # the header row
    c.setFillColor(st.head_fill)
    c.rect(x, y - layout.head_h, layout.width, layout.head_h, stroke=0, fill=1)
    cx = x
    c.setFillColor(st.head_ink)
    for col, w, head in zip(layout.table.columns, layout.widths, layout.head_lines, strict=True):
        box = Rect(cx + pad_x, y - layout.head_h + pad_y, w - 2 * pad_x,
                   layout.head_h - 2 * pad_y)
        _draw_lines(c, ctx, head, FontRole.SANS_BOLD, size, box, col.align, lead, detail)
        cx += w
    y -= layout.head_h
    table_top = y
    rows = range(first, len(layout.table.rows) if last is None else last)
    for i in rows:
        h = layout.row_heights[i]
        fill = layout.table.fills[i] if i < len(layout.table.fills) else None
        if fill is None and st.zebra is not None and i % 2 == 1:
            fill = st.zebra
        if fill is not None:
            c.setFillColor(fill)
            c.rect(x, y - h, layout.width, h, stroke=0, fill=1)
        cx = x
        for cell, col, w, cell_lines in zip(layout.table.rows[i], layout.table.columns,
                                            layout.widths, layout.cells[i], strict=True):
            box = Rect(cx + pad_x, y - h + pad_y, w - 2 * pad_x, h - 2 * pad_y)
            if isinstance(cell, Icon):
                iw, ih = mm(cell.width_mm), mm(cell.height_mm)
                text_w = max((pdfmetrics.stringWidth(t, ctx.font(FontRole.SANS), size)
                              for t in cell_lines), default=0.0)
                used = iw + (mm(st.icon_gap) + text_w if cell_lines else 0.0)
                ix = {Align.LEFT: box.x, Align.CENTRE: box.cx - used / 2,
                      Align.RIGHT: box.right - used}[col.align]
                cell.draw(c, Rect(ix, box.cy - ih / 2, iw, ih))
                label_x = ix + iw + mm(st.icon_gap)
                box = Rect(label_x, box.y, box.right - label_x, box.h)
                align = Align.LEFT
            else:
                align = col.align
            if cell_lines:
                c.setFillColor(st.text_ink)
                _draw_lines(c, ctx, cell_lines, _role(cell), size, box, align, lead, detail)
            cx += w
        y -= h
    c.setStrokeColor(st.rule)
    c.setLineWidth(st.rule_width)
    c.line(x, y, x + layout.width, y)
    c.line(x, table_top, x + layout.width, table_top)
    if notes and layout.note_lines:
        y -= mm(st.note_gap)
        nl = layout.note_size * st.leading
        c.setFillColor(st.note_ink)
        for note in layout.note_lines:
            box = Rect(x, y - len(note) * nl, layout.width, len(note) * nl)
            _draw_lines(c, ctx, note, FontRole.SANS_ITALIC, layout.note_size, box, Align.LEFT, nl,
                        detail)
            y = box.y
    c.restoreState()
    return y


@dataclass(frozen=True)
class Piece:
    """Rows ``first`` to ``last`` of a table, on one page."""

    layout: TableLayout
    first: int
    last: int

    @property
    def continued(self) -> bool:
        return self.first > 0

    @property
    def ends(self) -> bool:
        return self.last == len(self.layout.table.rows)

    @property
    def height(self) -> float:
        lay = self.layout
        return (lay.title_h + lay.head_h + lay.rows_h(self.first, self.last)
                + (lay.notes_h if self.ends else 0.0))


def paginate(layouts: Sequence[TableLayout], first_h: float, rest_h: float) -> list[list[Piece]]:
    """Tables one under another, split between rows onto as many pages as it takes: the first
    page ``first_h`` high, the others ``rest_h``. A table starts on a new page rather than
    leave its title and header alone at the foot of one."""
    pages: list[list[Piece]] = [[]]
    room = first_h
    for lay in layouts:
        n = len(lay.table.rows)
        start = 0
        while True:
            gap = mm(lay.style.table_gap) if pages[-1] else 0.0
            avail = room - gap - lay.title_h - lay.head_h
            end, used = start, 0.0
            while end < n and used + lay.row_heights[end] <= avail + 0.01:
                used += lay.row_heights[end]
                end += 1
            if end == n and used + lay.notes_h > avail + 0.01:
                end = max(start, end - 1)  # the notes go with the last row
            if end == start and not (n == 0 and lay.notes_h <= avail + 0.01):
                if pages[-1]:  # a new page, and the table (or its rest) starts there
                    pages.append([])
                    room = rest_h
                    continue
                end = min(start + 1, n)  # taller than a page: drawn, and reported
            piece = Piece(lay, start, end)
            pages[-1].append(piece)
            room -= gap + piece.height
            start = end
            if start >= n:
                break
    return pages


@dataclass(frozen=True)
class ChartResult:
    """What :func:`draw_chart` wrote: the pages (pieces of tables on each) and the size."""

    pages: tuple[tuple[Piece, ...], ...]
    size: float
    path: Path


def draw_chart(ctx: DrawContext, path: Path, tables: Sequence[ChartTable], *, heading: str = "",
               title: str = "", subject: str = "", style: ChartStyle = ChartStyle(),
               heading_size: float = 16.0, build: tuple[object, ...] = ()) -> ChartResult:
    """A chart PDF: ``heading`` across the top of the first page, then the tables one under
    another across the safe area, at the largest size at which all fit one page, else split
    over pages at the largest size their width allows."""
    with open_document(ctx, path, title=title or heading, subject=subject,
                       build=("chart", heading, *build)) as doc:
        first = doc.content_area(first=True)
        rest = doc.content_area(first=False)
        head_h = heading_size * 1.3 + mm(style.table_gap) if heading else 0.0
        layouts, _one_page = fit_tables(ctx, tables, first.w, first.h - head_h, style)
        pages = paginate(layouts, first.h - head_h, rest.h)
        for number, pieces in enumerate(pages):
            with doc.page() as area:
                top = area.top
                if number == 0 and heading:
                    c = doc.canvas
                    c.setFillColor(style.title_ink)
                    lines = wrap_lines(ctx, heading, FontRole.SANS_BOLD, heading_size, area.w)
                    box = Rect(area.x, top - heading_size * 1.3, area.w, heading_size * 1.3)
                    _draw_lines(c, ctx, lines[:1], FontRole.SANS_BOLD, heading_size, box,
                                Align.LEFT,
                                heading_size * 1.3, "chart heading")
                    if len(lines) > 1:
                        ctx.check_text(heading, FontRole.SANS_BOLD, heading_size, area.w,
                                       heading_size * 1.3, detail="chart heading", wrap=False)
                    top -= head_h
                for k, piece in enumerate(pieces):
                    if k:
                        top -= mm(style.table_gap)
                    name = (ctx._(CONTINUED).format(title=piece.layout.table.title)
                            if piece.continued else None)
                    top = draw_table(doc.canvas, ctx, piece.layout, area.x, top,
                                     first=piece.first, last=piece.last, title=name,
                                     notes=piece.ends)
        size = layouts[0].size if layouts else style.max_size
    return ChartResult(tuple(tuple(p) for p in pages), size, Path(path))
