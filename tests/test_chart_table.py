"""The shared chart tables (printkit.drawing.chart_table): numbers the locale's way, columns fitted
to the width, the largest size that fits a page, tables split over pages between rows with the
header repeated, and a chart PDF that preflight finds clean."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.context import BuildContext, DrawContext
from printkit.drawing.chart_table import (
    Align,
    ChartStyle,
    ChartTable,
    Column,
    Icon,
    Number,
    Text,
    draw_chart,
    fit_tables,
    format_value,
    layout_table,
    paginate,
    stack_height,
    wrap_lines,
)
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page import preflight
from printkit.page.preflight import MIN_TEXT_PT, Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.units import mm

MM = 72 / 25.4


def _ctx(locale: str = "en", paper_name: str = "a4") -> DrawContext:
    return DrawContext(BuildContext(paper(paper_name), locale=locale), Preflight())


def _square(c: Canvas, box: Rect) -> None:
    c.setFillColorRGB(0.2, 0.5, 0.2)
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)


def _table(rows: int = 6, title: str = "Weapons") -> ChartTable:
    return ChartTable(
        title,
        (Column("Item"), Column("Range", Align.CENTRE, wrap=False),
         Column("Fire", Align.CENTRE, wrap=False), Column("What it does")),
        tuple((Icon(_square, 5, 5, f"Item {i}"), Number(Fraction(i, 2)),
               Number(i - 3, signed=True, zero="–"),
               "A long description of what this item does when it is used at the table "
               f"number {i}.") for i in range(1, rows + 1)),
        notes=("Range counts the target's hex.",))


@pytest.mark.parametrize("locale,value,kw,want", [
    ("en", Fraction(1, 2), {}, "½"),
    ("en", Fraction(3, 2), {}, "1½"),
    ("en", -2, {"signed": True}, "−2"),
    ("en", 2, {"signed": True}, "+2"),
    ("en", 0, {"signed": True, "zero": "–"}, "–"),
    ("en", 1234, {}, "1,234"),
    ("fr", 2.5, {}, "2,5"),
    ("de", 1.25, {"signed": True}, "+1,25"),
])
def test_numbers_print_the_locale_way(locale: str, value: float | Fraction, kw: dict[str, Any],
                                      want: str) -> None:
    assert format_value(_ctx(locale), value, **kw) == want


def test_columns_share_the_width_and_wrap_only_where_allowed() -> None:
    ctx = _ctx()
    table = _table()
    wide = layout_table(ctx, table, mm(250), 9)
    narrow = layout_table(ctx, table, mm(110), 9)
    for lay in (wide, narrow):
        assert lay.fits
        assert abs(lay.width - lay.widths[0] - sum(lay.widths[1:])) < 1e-6
        assert abs(lay.width - (mm(250) if lay is wide else mm(110))) < 0.01
    # the description wraps in the narrow table, never the numbers
    assert max(len(c[3]) for c in narrow.cells) > max(len(c[3]) for c in wide.cells) == 1
    assert all(len(c[1]) == 1 and len(c[2]) == 1 for c in narrow.cells)
    assert narrow.height > wide.height
    # every wrapped line fits its cell
    pad = 2 * mm(ChartStyle().pad_x)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for cells in narrow.cells:
        for lines, w in zip(cells, narrow.widths, strict=True):
            assert all(stringWidth(t, ctx.font(FontRole.SANS), 9) <= w - pad + 0.01 for t in lines)
    # too narrow for the longest word: it does not fit
    assert not layout_table(ctx, table, mm(20), 9).fits


def test_fit_tables_takes_the_largest_size_that_fits() -> None:
    ctx = _ctx()
    style = ChartStyle(max_size=12, min_size=6)
    tables = [_table(8), _table(5, "Gear")]
    height = mm(150)
    layouts, one_page = fit_tables(ctx, tables, mm(180), height, style)
    assert one_page
    size = layouts[0].size
    assert stack_height(layouts) <= height + 0.01
    assert 6 <= size < 12
    bigger = [layout_table(ctx, t, mm(180), size + style.step, style) for t in tables]
    assert stack_height(bigger) > height  # a step larger would not fit
    _layouts, one_page = fit_tables(ctx, [_table(80)], mm(180), height, style)
    assert not one_page


def test_paginate_keeps_every_row_once_in_order_within_the_pages() -> None:
    ctx = _ctx()
    layouts = [layout_table(ctx, _table(40), mm(180), 9),
               layout_table(ctx, _table(12, "Gear"), mm(180), 9)]
    first, rest = mm(120), mm(200)
    pages = paginate(layouts, first, rest)
    assert len(pages) > 2
    for number, pieces in enumerate(pages):
        gaps = mm(ChartStyle().table_gap) * (len(pieces) - 1)
        assert sum(p.height for p in pieces) + gaps <= (first if number == 0 else rest) + 0.01
    for lay in layouts:
        rows = [r for pieces in pages for p in pieces if p.layout is lay
                for r in range(p.first, p.last)]
        assert rows == list(range(len(lay.table.rows)))
    continued = [p for pieces in pages for p in pieces if p.continued]
    assert continued and all(p.first > 0 for p in continued)


def test_japanese_wraps_between_characters() -> None:
    ctx = _ctx("ja")
    text = "水風船を満たすには移動ポイントを二つ使います。" * 2
    lines = wrap_lines(ctx, text, FontRole.SANS, 9, mm(30))
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert len(lines) > 2 and "".join(lines) == text
    assert all(stringWidth(t, ctx.font(FontRole.SANS), 9) <= mm(30) + 0.01 for t in lines)


def _draw(tmp_path: Path, tables: list[ChartTable], paper_name: str = "a4",
          locale: str = "en") -> tuple[Path, Preflight]:
    report = Preflight()
    path = tmp_path / f"chart-{paper_name}-{locale}.pdf"
    with drawing(BuildContext(paper(paper_name), locale=locale), report) as ctx:
        draw_chart(ctx.for_component("chart"), path, tables, heading="Test chart",
                   style=ChartStyle(max_size=10, min_size=7))
        preflight.check_pdf(path, report=report)
    return path, report


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_a_short_chart_is_one_clean_page(tmp_path: Path, paper_name: str) -> None:
    path, report = _draw(tmp_path, [_table(6), _table(4, "Gear")], paper_name)
    assert not report.findings, report.report()
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    assert all(pdf_fonts(path).values())
    text = pdf_text(path)
    assert "Test chart" in text and "Weapons" in text and "Gear" in text
    assert "Item 6" in text and "1½" in text and "+3" in text and "−2" in text
    with pdfplumber.open(str(path)) as pdf:
        icons = [r for r in pdf.pages[0].rects
                 if abs(r["width"] - mm(5)) < 0.1 * MM and abs(r["height"] - mm(5)) < 0.1 * MM]
        assert len(icons) == 10
        sizes = {round(ch["size"], 2) for ch in pdf.pages[0].chars}
        assert min(sizes) >= MIN_TEXT_PT


def test_a_long_chart_splits_between_rows_with_the_header_again(tmp_path: Path) -> None:
    path, report = _draw(tmp_path, [_table(70)])
    assert not report.errors, report.report()
    reader = PdfReader(str(path))
    assert len(reader.pages) >= 2
    second = reader.pages[1].extract_text()
    assert "Weapons (continued)" in second and "What it does" in second
    text = pdf_text(path)
    import re

    found = [int(n) for n in re.findall(r"Item (\d+)", text)]
    assert sorted(found) == list(range(1, 71))  # every row once


def test_text_cells_in_bold(tmp_path: Path) -> None:
    table = ChartTable("T", (Column("A"), Column("B")), ((Text("Bold", FontRole.SANS_BOLD), "x"),))
    path, report = _draw(tmp_path, [table])
    assert not report.findings
    with pdfplumber.open(str(path)) as pdf:
        fonts = {ch["fontname"] for ch in pdf.pages[0].chars if ch["text"] in "Bold"}
    assert any("SemiBold" in f or "Bold" in f for f in fonts)


def test_a_row_of_the_wrong_length_is_refused() -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match="row 1 has 1 cells for 2 columns"):
        ChartTable("T", (Column("A"), Column("B")), (("x",),))
