"""Imposition measured in the PDFs it writes: page sizes, trim positions, duplex registration,
gutter-fold, page boxes, safe area, reproducibility and bad input."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from printkit.commands.production import parse_offset
from printkit.context import BuildContext
from printkit.errors import LayoutError, PrintkitError
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.production.impose import impose, plan_sheet, write_calibration
from printkit.production.preflight import Preflight, check_pdf
from printkit.production.sizes import size
from printkit.units import inch, mm

TOL = mm(0.1)


def _dict(obj: object) -> DictionaryObject:
    """A PDF dictionary read back (the reader's objects are typed loosely)."""
    if hasattr(obj, "get_object"):
        obj = obj.get_object()
    assert isinstance(obj, DictionaryObject)
    return obj


def marker(c: Canvas, x: float, y: float, w: float, h: float, i: int) -> None:
    """A test item: its trim as a stroked rectangle (measurable with pdfplumber)."""
    c.setLineWidth(0.5)
    c.rect(x, y, w, h, stroke=1, fill=0)


def _rects(pdf: Path, page: int, w: float, h: float) -> list[tuple[float, float]]:
    """Centres (PDF coordinates, y up) of rectangles of size w x h on a page."""
    with pdfplumber.open(str(pdf)) as doc:
        p = doc.pages[page]
        H = float(p.height)
        out = []
        for r in p.rects:
            rw, rh = r["x1"] - r["x0"], r["bottom"] - r["top"]
            if abs(rw - w) < 1 and abs(rh - h) < 1 or abs(rw - h) < 1 and abs(rh - w) < 1:
                out.append(((r["x0"] + r["x1"]) / 2, H - (r["top"] + r["bottom"]) / 2))
    return sorted({(round(x, 3), round(y, 3)) for x, y in out})


@pytest.mark.parametrize("name", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("landscape", [False, True])
def test_page_sizes(tmp_path: Path, name: str, landscape: bool) -> None:
    ctx = BuildContext(paper=paper(name, landscape=landscape))
    out = tmp_path / "p.pdf"
    impose([marker] * 3, "mini", ctx, out)
    box = PdfReader(str(out)).pages[0].mediabox
    expected = {"a4": (mm(210), mm(297)), "letter": (inch(8.5), inch(11)),
                "a3": (mm(297), mm(420)), "tabloid": (inch(11), inch(17))}[name]
    if landscape:
        expected = expected[::-1]
    assert abs(float(box.width) - expected[0]) < 0.01
    assert abs(float(box.height) - expected[1]) < 0.01


def test_universal_is_the_intersection() -> None:
    p = paper("universal")
    assert abs(p.width_mm - 210) < 0.01 and abs(p.height_mm - 279.4) < 0.01


def test_home_poker_grid_and_trim_positions(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"))
    out = tmp_path / "cards.pdf"
    result = impose([marker] * 12, "poker", ctx, out)
    plan = result.plan
    assert (plan.cols, plan.rows, plan.rotated) == (3, 3, False)
    assert len(plan.first_page_cells) == 9  # the first-page band fits above the grid
    assert result.pages == 2
    w, h = size("poker").width, size("poker").height
    for page in range(2):
        found = _rects(out, page, w, h)
        expected = sorted((round(p.centre[0], 3), round(p.centre[1], 3))
                          for p in result.placements if p.page == page)
        assert len(found) == len(expected)
        for (fx, fy), (ex, ey) in zip(found, expected, strict=True):
            assert abs(fx - ex) < TOL and abs(fy - ey) < TOL
    # cards sit edge to edge: the grid is 3 x 63.5 mm wide, centred
    xs = sorted({round(p.x, 4) for p in result.placements})
    assert abs(xs[1] - xs[0] - w) < 1e-6
    assert abs((xs[0] + xs[-1] + w) / 2 - mm(105)) < TOL


def _flip(x: float, y: float, W: float, H: float, axis: str) -> tuple[float, float]:
    return (W - x, y) if axis == "x" else (x, H - y)


@pytest.mark.parametrize("duplex,landscape", [("long", False), ("short", False),
                                              ("long", True), ("short", True)])
def test_duplex_backs_behind_fronts(tmp_path: Path, duplex: str, landscape: bool) -> None:
    ctx = BuildContext(paper=paper("letter", landscape=landscape))
    out = tmp_path / "d.pdf"
    result = impose([marker] * 11, "bridge", ctx, out, backs=marker, duplex=duplex)
    W, H = ctx.paper.size
    axis = result.plan.mirror
    # the physical flip: long edge of a portrait sheet mirrors x, of a landscape sheet y
    assert axis == ("x" if (duplex == "long") != landscape else "y")
    w, h = size("bridge").width, size("bridge").height
    fronts = {p.index: p for p in result.placements if p.side == "front"}
    backs = {p.index: p for p in result.placements if p.side == "back"}
    assert set(fronts) == set(backs) == set(range(11))
    for i, f in fronts.items():
        b = backs[i]
        assert b.page == f.page + 1
        bx, by = _flip(*b.centre, W, H, axis)
        assert abs(bx - f.centre[0]) < TOL and abs(by - f.centre[1]) < TOL
    # and in the PDF itself: every back rectangle lies behind a front rectangle
    for page in range(0, result.pages, 2):
        fr = _rects(out, page, w, h)
        bk = [_flip(x, y, W, H, axis) for x, y in _rects(out, page + 1, w, h)]
        assert len(fr) == len(bk)
        for x, y in bk:
            assert min(abs(x - fx) + abs(y - fy) for fx, fy in fr) < TOL
    prefs = _dict(_dict(PdfReader(str(out)).trailer["/Root"])["/ViewerPreferences"])
    assert str(prefs["/PrintScaling"]) == "/None"
    assert str(prefs["/Duplex"]) == ("/DuplexFlipLongEdge" if duplex == "long" else
                                     "/DuplexFlipShortEdge")


def test_duplex_offset_shifts_back_pages(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"), duplex_offset=(1.5, -0.7))
    out = tmp_path / "o.pdf"
    impose([marker] * 9, "poker", ctx, out, backs=marker, duplex="long")
    ref = tmp_path / "r.pdf"
    impose([marker] * 9, "poker", BuildContext(paper=paper("a4")), ref, backs=marker)
    w, h = size("poker").width, size("poker").height
    assert _rects(out, 0, w, h) == _rects(ref, 0, w, h)
    for (x, y), (rx, ry) in zip(_rects(out, 1, w, h), _rects(ref, 1, w, h), strict=True):
        assert abs(x - rx - mm(1.5)) < 0.01 and abs(y - ry + mm(0.7)) < 0.01


def test_gutter_fold(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"))
    out = tmp_path / "f.pdf"
    result = impose([marker] * 6, "poker", ctx, out, backs=marker, duplex="fold")
    fold = result.plan.fold
    assert fold is not None
    fronts = {p.index: p for p in result.placements if p.side == "front"}
    for p in result.placements:
        if p.side != "back":
            continue
        f = fronts[p.index]
        assert p.page == f.page
        if fold.w == 0:  # vertical fold line at x = fold.x
            assert abs(p.centre[0] - (2 * fold.x - f.centre[0])) < TOL
            assert abs(p.centre[1] - f.centre[1]) < TOL
            assert f.x + f.w <= fold.x <= p.x
        else:
            assert abs(p.centre[1] - (2 * fold.y - f.centre[1])) < TOL


def test_rotation_fits_more() -> None:
    plan = plan_sheet("poker", paper("a4", landscape=True))
    assert plan.per_page == 9 and plan.rotated is True  # 3 x 3 turned beats 4 x 2 upright
    turned = plan_sheet("60x40mm", paper("a4"))
    upright = plan_sheet("60x40mm", paper("a4"), rotate=False)
    assert turned.per_page >= upright.per_page


def test_print_shop_boxes_marks_and_safe_area(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"), profile="print-shop")
    out = tmp_path / "ps.pdf"
    with drawing(ctx) as dctx:  # the canvas checks the safe area while it draws
        result = impose([marker] * 10, "poker", dctx, out, backs=marker)
    reader = PdfReader(str(out))
    for n, page in enumerate(reader.pages):
        assert "/TrimBox" in page and "/BleedBox" in page
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        mine = [p for p in result.placements if p.page == n]
        assert abs(trim[0] - min(p.x for p in mine)) < 0.01
        assert abs(bleed[0] - (trim[0] - mm(3))) < 0.01
        assert abs(bleed[3] - (trim[3] + mm(3))) < 0.01
    # 3 mm bleed: neighbours' trims are 6 mm apart
    assert abs(result.plan.gutter - mm(6)) < 1e-9
    assert not dctx.preflight.errors
    assert not check_pdf(out, report=Preflight()).errors
    with pdfplumber.open(str(out)) as doc:
        slug = "".join(c["text"] for c in doc.pages[0].chars if c["size"] < 5.5)
    assert "ps.pdf" in slug and "1/" in slug and result.build_id in slug


def test_home_nothing_outside_safe_area_and_fonts_embedded(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("letter"))
    out = tmp_path / "h.pdf"

    def text_card(c: Canvas, x: float, y: float, w: float, h: float, i: int) -> None:
        from printkit.fonts import font

        c.setFont(font("sans"), 9)
        c.drawString(x + 5, y + h / 2, f"card {i}")
    with drawing(ctx) as dctx:  # the canvas checks the safe area while it draws
        impose([text_card] * 20, "counter-1", dctx, out, backs=text_card)
    assert not dctx.preflight.errors
    assert not check_pdf(out, report=Preflight()).errors
    reader = PdfReader(str(out))
    for page in reader.pages:
        for ref in _dict(_dict(page["/Resources"]).get("/Font", {})).values():
            f = _dict(ref)
            assert "Helvetica" not in str(f["/BaseFont"])
            assert "/DescendantFonts" in f or "/FontDescriptor" in f


def test_same_input_same_bytes(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"), profile="print-shop")
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    a, b = tmp_path / "1" / "same.pdf", tmp_path / "2" / "same.pdf"
    impose([marker] * 5, "poker", ctx, a, backs=marker)
    impose([marker] * 5, "poker", ctx, b, backs=marker)
    assert a.read_bytes() == b.read_bytes()


def test_bad_input(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"))
    with pytest.raises(LayoutError, match="does not fit on a4"):
        impose([marker], "300x400mm", ctx, tmp_path / "x.pdf")
    with pytest.raises(LayoutError, match="must be positive"):
        size("-5x10mm")
    with pytest.raises(LayoutError, match="unknown size"):
        size("tarot-ish")
    with pytest.raises(LayoutError, match="unknown paper"):
        paper("b5")
    with pytest.raises(LayoutError, match="must not be negative"):
        impose([marker], "poker", ctx, tmp_path / "x.pdf", gutter_mm=-1)
    with pytest.raises(PrintkitError, match="unknown profile"):
        BuildContext(paper=paper("a4"), profile="office")
    with pytest.raises(LayoutError, match="nothing to impose"):
        impose([], "poker", ctx, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_parse_offset() -> None:
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    assert parse_offset(" -2 , 3 ") == (-2.0, 3.0)
    assert parse_offset("20,-20") == (20.0, -20.0)  # the limit itself is allowed
    assert parse_offset("") == parse_offset(None) == (0.0, 0.0)  # no offset given
    for bad in ("a,b", "1", "1,2,3", "1;2", "nan,0"):
        with pytest.raises(PrintkitError, match="two numbers in mm") as err:
            parse_offset(bad)
        assert "\n" not in str(err.value)
    for over in ("20.5,0", "0,-21"):
        with pytest.raises(PrintkitError, match="over 20 mm") as err:
            parse_offset(over)
        assert "\n" not in str(err.value)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_scale_reads_the_correction(tmp_path: Path, duplex: str) -> None:
    """Simulate a printer that shifts the back by (ex, ey): the value printed on the front
    scale where the back's line shows through is the offset that cancels it."""
    ctx = BuildContext(paper=paper("a4"))
    out = write_calibration(tmp_path / "cal.pdf", ctx, duplex)
    W, H = ctx.paper.size
    with pdfplumber.open(str(out)) as doc:
        page = doc.pages[0]
        words = page.extract_words()
    labels = {}
    for wd in words:
        text = wd["text"].replace("−", "-")
        try:
            labels[(round((wd["x0"] + wd["x1"]) / 2, 1), round(H - wd["bottom"], 1))] = int(text)
        except ValueError:
            continue
    axis = "x" if duplex == "long" else "y"
    for ex in (-5.0, 5.0, 10.0):
        line_x_back = W / 2 + mm(ex)  # the back's vertical line, printed ex mm off
        line_x_front = W - line_x_back if axis == "x" else line_x_back
        # the X scale's labels lie on one row below the centre
        row = [(x, v) for (x, y), v in labels.items() if y < H / 2 - mm(30)]
        hit = min(row, key=lambda xv: abs(xv[0] - line_x_front))
        assert abs(hit[0] - line_x_front) < 1.5
        assert hit[1] == -ex


def test_first_page_note_and_check_rulers(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"))
    out = tmp_path / "r.pdf"
    impose([marker] * 2, "poker", ctx, out)
    with pdfplumber.open(str(out)) as doc:
        page = doc.pages[0]
        lengths = [round(ln["x1"] - ln["x0"], 2) for ln in page.lines if ln["top"] == ln["bottom"]]
        text = page.extract_text()
    assert round(mm(50), 2) in lengths and round(inch(1), 2) in lengths
    assert "Print at 100 % / actual size" in text
