"""Play sheets a person can write on: text never under the minimum printed size, write-in rows
never under the minimum height, sheets that keep their proportions, two-up only where it fits.

Measured in the PDF (pdfplumber: the row-label cells give the row heights, the die cells their
width, the characters their size) and through preflight's own findings.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import Cli

from printkit.context import BuildContext
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.page.canvas import TrackingCanvas
from printkit.page.preflight import MIN_TEXT_PT, MIN_WRITE_ROW, Preflight
from printkit.paper import PAPERS, paper
from printkit.units import mm, to_mm

ALL_PAPERS = sorted(PAPERS)
TWO_UP = ("a3", "tabloid")
MAX_CELL_RATIO = 3.5  # die cell width / row height: A4 2.9, Letter 3.2; the old landscape 6.9


def build(cli: Cli, tmp_path: Path, *args: str) -> Path:
    r = cli("build", "wftgts", "--component", "play-sheet", "--out", str(tmp_path),
            "--preflight", *args)
    assert r.code == 0, r.err
    assert "0 error(s), 0 warning(s), 0 finding(s)" in r.out, r.out
    return tmp_path / "wftgts" / "play-sheet.pdf"


def measure(pdf_path: Path) -> dict[str, float]:
    """Page size, smallest text, lowest row, widest die cell for its height, sheets."""
    from collections import Counter

    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        left = min(r["x0"] for r in page.rects)
        labels = [r for r in page.rects if abs(r["x0"] - left) < 0.01]  # the row labels
        rows = min(r["height"] for r in labels)
        # the die cells: the commonest width among the boxes of a line's height
        widths = Counter(round(r["width"], 2) for r in page.rects
                         if abs(r["height"] - rows) < 0.01 and r not in labels)
        cell_w = widths.most_common(1)[0][0]
        return {
            "width": page.width, "height": page.height,
            "text": min(c["size"] for c in page.chars),
            "row": rows,
            "cell_ratio": cell_w / rows,
            "sheets": page.extract_text().count("Final"),
        }


@pytest.mark.parametrize("landscape", [False, True], ids=["portrait", "landscape"])
@pytest.mark.parametrize("paper_name", ALL_PAPERS)
def test_one_sheet_is_a_portrait_page_that_keeps_its_proportions(
    cli: Cli, tmp_path: Path, paper_name: str, landscape: bool
) -> None:
    args = ["--paper", paper_name] + (["--landscape"] if landscape else [])
    m = measure(build(cli, tmp_path, *args))
    assert m["height"] > m["width"]  # the sheet is a portrait design, whatever was asked
    assert m["sheets"] == 1
    assert m["text"] >= MIN_TEXT_PT - 0.01, m
    assert m["row"] >= MIN_WRITE_ROW, f"rows {to_mm(m['row']):.1f} mm"
    assert m["cell_ratio"] <= MAX_CELL_RATIO, m  # die cells not stretched


@pytest.mark.parametrize("paper_name", TWO_UP)
def test_two_up_where_both_halves_keep_the_minimums(cli: Cli, tmp_path: Path,
                                                    paper_name: str) -> None:
    m = measure(build(cli, tmp_path, "--paper", paper_name, "--two-up"))
    assert m["width"] > m["height"] and m["sheets"] == 2
    assert m["text"] >= MIN_TEXT_PT - 0.01, m
    assert m["row"] >= MIN_WRITE_ROW, f"rows {to_mm(m['row']):.1f} mm"
    assert m["cell_ratio"] <= MAX_CELL_RATIO, m


@pytest.mark.parametrize("paper_name", sorted(set(ALL_PAPERS) - set(TWO_UP)))
def test_two_up_is_refused_where_the_halves_are_too_small(cli: Cli, tmp_path: Path,
                                                          paper_name: str) -> None:
    r = cli("build", "wftgts", "--component", "play-sheet", "--two-up", "--paper", paper_name,
            "--out", str(tmp_path))
    assert r.code == 2
    [line] = r.err.strip().splitlines()
    assert line.startswith(f"printkit: --two-up needs a3 or tabloid paper: on {paper_name} "
                           "each sheet would have 5."), line
    assert line.endswith("mm rows, under the 6 mm a person writes in"), line
    assert not (tmp_path / "wftgts" / "play-sheet.pdf").exists()


@pytest.mark.parametrize("paper_name", ALL_PAPERS)
def test_the_paper_decisions_are_what_preflight_finds(tmp_path: Path, paper_name: str) -> None:
    """``[papers]`` in sheet.toml allows two-up exactly where its halves draw clean (text is
    never set under the minimum, so what a cramped half shows is boxes too small)."""
    from printkit.page.document import open_document
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.components import layout_boxes, page_for, two_up_papers
    from printkit.templates.wftgts.sheet import draw_blank, geometry

    with drawing(BuildContext(paper(paper_name))) as ctx:
        page = page_for(ctx.paper, True)
        with open_document(ctx, tmp_path / "two.pdf", paper=page, title="two-up") as doc:
            with doc.page() as area:
                for box in layout_boxes(area, True):
                    draw_blank(doc.canvas, ctx, geometry(box))
        codes = {f.code for f in ctx.preflight.findings}
    if paper_name in two_up_papers():
        assert codes == set(), ctx.preflight.report()
    else:
        assert codes == {"box-too-small"}, ctx.preflight.report()


def test_a_wide_box_keeps_the_designed_proportions() -> None:
    from printkit.templates.wftgts.sheet import LAYOUT, geometry

    g = geometry(Rect(0, 0, 800, 500))
    assert g.box.w == pytest.approx(500 * LAYOUT.proportions.max_aspect)
    assert g.box.cx == pytest.approx(400)  # centred
    assert geometry(Rect(0, 0, 300, 500)).box == Rect(0, 0, 300, 500)  # narrower: as given


def _canvas(report: Preflight) -> TrackingCanvas:
    from printkit.page.canvas import TrackingCanvas

    return TrackingCanvas(io.BytesIO(), pagesize=(400, 400), safe=Rect(10, 10, 380, 380),
                          report=report, check_shapes=True, where="t")


def test_text_too_small_is_measured_at_print_size() -> None:
    from printkit.fonts import font
    from printkit.page.canvas import exempt

    report = Preflight()
    c = _canvas(report)
    c.setFont(font(FontRole.SANS, "en"), 12)
    c.saveState()
    c.scale(0.5, 0.5)
    c.drawString(100, 100, "twelve at half: six")  # 6 pt on paper: fine
    c.restoreState()
    c.saveState()
    c.rotate(90)
    c.setFont(font(FontRole.SANS, "en"), 6)
    c.drawString(100, -100, "six, turned")  # turned, not smaller
    c.restoreState()
    with exempt(c):
        c.setFont(font(FontRole.SANS, "en"), 4)
        c.drawString(20, 20, "slug at 4 pt")  # printer's information
    c.showPage()
    assert report.findings == []

    c.setFont(font(FontRole.SANS, "en"), 8)
    c.saveState()
    c.scale(0.5, 0.5)
    c.drawString(100, 100, "eight at half")
    c.restoreState()
    c.beginForm("f")
    c.setFont(font(FontRole.SANS, "en"), 20)
    c.saveState()
    c.scale(0.5, 0.5)
    c.drawString(0, 0, "in a form")  # 10 pt in the form
    c.restoreState()
    c.endForm()
    c.saveState()
    c.translate(100, 200)
    c.scale(0.3, 0.3)
    c.doForm("f")  # 3 pt where it is placed
    c.restoreState()
    c.showPage()
    [finding] = report.findings
    assert finding.code == "text-too-small" and finding.where == "t page 2"
    assert finding.message.startswith("text 'in a form' prints at 3.0 pt (and 1 more under 6 pt)")


def test_a_box_too_small_for_what_it_must_hold_is_reported() -> None:
    report = Preflight()
    assert report.check_box("die cell", Rect(0, 0, mm(20), mm(7)), mm(7), MIN_WRITE_ROW)
    assert not report.check_box("die cell", Rect(0, 0, mm(5), mm(5)), mm(7), MIN_WRITE_ROW,
                                where="sheet")
    [f] = report.findings
    assert (f.level, f.code, f.where) == ("error", "box-too-small", "sheet")
    assert f.message == "die cell: width 5.0 mm, needs 7.0 mm; height 5.0 mm, needs 6.0 mm"


def _vertical_lines_at(pdf_path: Path, x: float) -> list[tuple[float, float]]:
    """(bottom, top) of the vertical lines at ``x`` (page space, y up)."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        segs = []
        for obj in page.lines + page.curves:
            if abs(obj["x0"] - x) < 0.05 and abs(obj["x1"] - x) < 0.05:
                segs.append((page.height - obj["bottom"], page.height - obj["top"]))
        return sorted(segs)


@pytest.mark.parametrize("paper_name", TWO_UP)
def test_the_centre_cut_is_marked_for_each_profile(cli: Cli, tmp_path: Path,
                                                   paper_name: str) -> None:
    page = paper(paper_name, landscape=True)
    safe = mm(6.35)
    home = build(cli, tmp_path / "home", "--paper", paper_name, "--two-up")
    [(bottom, top)] = _vertical_lines_at(home, page.width / 2)  # a dashed line, inside
    assert (bottom, top) == pytest.approx((safe, page.height - safe))
    shop = build(cli, tmp_path / "shop", "--paper", paper_name, "--two-up", "--profile",
                 "print-shop")
    from pypdf import PdfReader

    trim = PdfReader(shop).pages[0].trimbox  # the paper, framed by bleed and mark zone
    x0, y0, y1 = float(trim.left), float(trim.bottom), float(trim.top)
    assert float(trim.width) == pytest.approx(page.width, abs=0.01)
    marks = _vertical_lines_at(shop, x0 + page.width / 2)
    # one crop mark at each end of the cut, in the mark zone: outside the 3 mm bleed
    assert len(marks) == 2
    (b0, t0), (b1, t1) = marks
    assert t0 < y0 - mm(3) and b1 > y1 + mm(3)
    assert t0 - b0 == pytest.approx(mm(4), abs=0.01) and t1 - b1 == pytest.approx(mm(4), abs=0.01)
