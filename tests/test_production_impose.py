"""Imposition measured in the PDFs it writes: page sizes, trim positions, duplex registration,
gutter-fold, page boxes, safe area, reproducibility and bad input."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import draw_ctx
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from printkit.cli.common import parse_offset
from printkit.context import BuildContext
from printkit.errors import LayoutError, PrintkitError
from printkit.geometry import Rect
from printkit.layout.calibration import write_calibration
from printkit.layout.impose import impose, plan_sheet
from printkit.layout.sizes import size
from printkit.page.preflight import Preflight, check_pdf
from printkit.paper import paper
from printkit.pipeline import drawing
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
    ctx = draw_ctx(paper=paper(name, landscape=landscape))
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
    ctx = draw_ctx(paper=paper("a4"))
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
    ctx = draw_ctx(paper=paper("letter", landscape=landscape))
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
    ctx = draw_ctx(paper=paper("a4"), duplex_offset=(1.5, -0.7))
    out = tmp_path / "o.pdf"
    impose([marker] * 9, "poker", ctx, out, backs=marker, duplex="long")
    ref = tmp_path / "r.pdf"
    impose([marker] * 9, "poker", draw_ctx(paper=paper("a4")), ref, backs=marker)
    w, h = size("poker").width, size("poker").height
    assert _rects(out, 0, w, h) == _rects(ref, 0, w, h)
    for (x, y), (rx, ry) in zip(_rects(out, 1, w, h), _rects(ref, 1, w, h), strict=True):
        assert abs(x - rx - mm(1.5)) < 0.01 and abs(y - ry + mm(0.7)) < 0.01


def test_gutter_fold(tmp_path: Path) -> None:
    ctx = draw_ctx(paper=paper("a4"))
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
    ctx = draw_ctx(paper=paper("a4"), profile="print-shop")
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
    ctx = draw_ctx(paper=paper("letter"))
    out = tmp_path / "h.pdf"

    def text_card(c: Canvas, x: float, y: float, w: float, h: float, i: int) -> None:
        from printkit.fonts import FontRole, font

        c.setFont(font(FontRole.SANS, "en"), 9)
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
    ctx = draw_ctx(paper=paper("a4"), profile="print-shop")
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    a, b = tmp_path / "1" / "same.pdf", tmp_path / "2" / "same.pdf"
    impose([marker] * 5, "poker", ctx, a, backs=marker)
    impose([marker] * 5, "poker", ctx, b, backs=marker)
    assert a.read_bytes() == b.read_bytes()


def test_bad_input(tmp_path: Path) -> None:
    ctx = draw_ctx(paper=paper("a4"))
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
        draw_ctx(paper=paper("a4"), profile="office")
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
    ctx = draw_ctx(paper=paper("a4"))
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
    ctx = draw_ctx(paper=paper("a4"))
    out = tmp_path / "r.pdf"
    impose([marker] * 2, "poker", ctx, out)
    with pdfplumber.open(str(out)) as doc:
        page = doc.pages[0]
        lengths = [round(ln["x1"] - ln["x0"], 2) for ln in page.lines if ln["top"] == ln["bottom"]]
        text = page.extract_text()
    assert round(mm(50), 2) in lengths and round(inch(1), 2) in lengths
    assert "Print at 100 % / actual size" in text


# --- issue 11 item 7: the notice never costs a row; item 5: print-shop slug and marks ------


def _words_and_rulers(pdf: Path, page: int) -> tuple[list[Rect], list[float], str]:
    """The boxes of every word (PDF coordinates), the lengths of every straight line (either
    way round) and the text of one page in drawing order (it may run up the page)."""
    with pdfplumber.open(str(pdf)) as doc:
        p = doc.pages[page]
        H = float(p.height)
        words = [Rect.from_corners(w["x0"], H - w["bottom"], w["x1"], H - w["top"])
                 for w in p.extract_words()]
        lengths = [round(max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]), 2)
                   for ln in p.lines]
        return words, lengths, "".join(c["text"] for c in p.chars)  # in drawing order


@pytest.mark.parametrize("name,sheets,per_sheet", [("letter", 2, 9), ("a4", 2, 9)])
def test_18_poker_cards_take_two_sheets_with_the_notice_beside_them(
        tmp_path: Path, name: str, sheets: int, per_sheet: int) -> None:
    """On Letter, 3 x 3 poker cards fill the safe area's height to the last 0.1 mm: the
    notice used to take the first sheet's top row (6 + 9 + 3 cards on 3 sheets). It now
    runs up the strip beside the cards, and its rulers still measure true."""
    ctx = draw_ctx(paper=paper(name))
    out = tmp_path / "cards.pdf"
    with drawing(ctx) as dctx:
        result = impose([marker] * 18, "poker", dctx, out)
    assert not dctx.preflight.findings
    assert result.pages == sheets
    assert [sum(1 for p in result.placements if p.page == n) for n in range(sheets)] == \
        [per_sheet] * sheets
    words, lengths, text = _words_and_rulers(out, 0)
    assert "Print at 100 % / actual size" in text
    assert round(mm(50), 2) in lengths and round(inch(1), 2) in lengths
    trims = [p.trim for p in result.placements if p.page == 0]
    for w in words:  # no word of the notice lies on a card
        assert not any(w.x < t.right and t.x < w.right and w.y < t.top and t.y < w.top
                       for t in trims), w


SIZES = ["poker", "bridge", "mini", "counter-1/2", "counter-5/8", "counter-3/4", "counter-1",
         "60x40mm", "186x118mm", "70x120mm", "25x25mm", "190x266mm", "200x130mm"]


@pytest.mark.parametrize("name", ["a4", "letter", "a3", "universal"])
@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("duplex", ["none", "long", "fold"])
def test_the_notice_never_costs_an_item(name: str, landscape: bool, duplex: str) -> None:
    """Every size on every paper: each sheet, the first included, holds every cell that fits
    the whole safe area; the notice lies where no cell's bleed is, inside the safe area (or,
    as a last resort, in the paper's margin, outside it)."""
    from printkit.page.profiles import safe_rect

    p = paper(name, landscape=landscape)
    for item in SIZES:
        for prof in ("home", "print-shop"):
            try:
                plan = plan_sheet(item, p, prof, duplex=duplex)
            except LayoutError:
                continue  # too large for this paper
            bare = plan_sheet(item, p, prof, duplex=duplex, band=False)
            assert plan.per_page == bare.per_page, (item, prof)
            assert len(plan.first_page_cells) == plan.per_page, (item, prof)
            if prof == "print-shop":
                assert plan.notice is None
                continue
            notice = plan.notice
            assert notice is not None
            safe = safe_rect(p, plan.profile)
            if notice.margin:
                assert notice.rect.y >= safe.top and notice.rect.top <= p.height
            else:
                assert safe.contains(notice.rect, 1e-6), (item, notice)
            cells = [*plan.cells, *(plan.back_of(x, y) for x, y in plan.cells
                                    if duplex == "fold")]
            for x, y in cells:
                b = plan.bleed
                cell = (x - b, y - b, x + plan.cell_w + b, y + plan.cell_h + b)
                r = notice.rect
                assert not (r.x < cell[2] and cell[0] < r.right and r.y < cell[3]
                            and cell[1] < r.top), (item, name, landscape, duplex, notice)
                assert safe.contains(Rect(x, y, plan.cell_w, plan.cell_h), 1e-6)


def test_print_shop_slug_lies_outside_every_trim_and_mark(tmp_path: Path) -> None:
    """Poker cards with backs on Letter fill the sheet to 6.35 mm of its edge with their
    bleed: the slug goes where nothing else is, on fronts and backs, and both sides carry
    crop marks."""
    ctx = draw_ctx(paper=paper("letter"), profile="print-shop", duplex_offset=(1.0, -2.0))
    out = tmp_path / "ps.pdf"
    result = impose([marker] * 7, "poker", ctx, out, backs=marker)
    with pdfplumber.open(str(out)) as doc:
        for n, page in enumerate(doc.pages):
            H = float(page.height)
            slug = [c for c in page.chars if float(c["size"]) < 5.5]
            assert "".join(c["text"] for c in slug).startswith("ps.pdf")
            marks = [ln for ln in page.lines
                     if max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) < mm(4.5)]
            assert len(marks) >= 8, n  # crop marks on both sides
            boxes = [(ln["x0"], ln["top"], ln["x1"], ln["bottom"]) for ln in marks]
            dx, dy = (mm(1.0), mm(-2.0)) if n % 2 else (0.0, 0.0)
            for p in result.placements:
                if p.page != n:
                    continue
                b = p.trim.outset(result.plan.bleed).moved(dx, dy)
                boxes.append((b.x, H - b.top, b.right, H - b.y))
            for c in slug:
                assert 0 <= c["x0"] and c["x1"] <= page.width and 0 <= c["top"]
                assert c["bottom"] <= H
                for x0, top, x1, bottom in boxes:
                    assert not (c["x0"] < x1 and x0 < c["x1"] and c["top"] < bottom
                                and top < c["bottom"]), (n, c["text"])


@pytest.mark.parametrize("count,kind,margin,first", [
    (300, "band", False, 304),  # two rows of the first sheet are free anyway
    (320, "strip", False, 320),  # one row is
    (336, "strip", True, 336),  # a full sheet: the margin, never a row
    (500, "band", False, 304),  # the second sheet has the room
    (672, "strip", True, 336)])
def test_a_full_grid_gives_the_notice_a_row_only_when_that_costs_no_sheet(
        count: int, kind: str, margin: bool, first: int) -> None:
    """1/2 in counters fill Letter's safe area exactly (16 x 21): no strip is left beside
    them, so the notice takes the top of the first sheet only when the count leaves that
    room free, else it goes in the paper's margin."""
    plan = plan_sheet("counter-1/2", paper("letter"), count=count)
    assert plan.per_page == 336
    assert plan.notice is not None
    assert (plan.notice.kind, plan.notice.margin, len(plan.first_page_cells)) == (
        kind, margin, first)
    assert plan.sheets_for(count) == -(-count // 336)


def test_the_margin_notice_is_printers_information(tmp_path: Path) -> None:
    """In the margin the notice lies outside the safe area by design: no finding."""
    out = tmp_path / "c.pdf"
    with drawing(BuildContext(paper=paper("letter"))) as dctx:
        result = impose([marker] * 336, "counter-1/2", dctx, out)
    assert result.pages == 1 and not dctx.preflight.findings
    _words, lengths, text = _words_and_rulers(out, 0)
    assert "Print at 100 % / actual size" in text
    assert round(mm(50), 2) in lengths and round(inch(1), 2) in lengths


@pytest.mark.parametrize("name,item,count", [("a4", "poker", 6), ("letter", "mini", 6),
                                             ("letter", "counter-1/2", 10),
                                             ("a3", "counter-1/2", 10)])
def test_the_fold_line_never_crosses_the_notice(name: str, item: str, count: int) -> None:
    """A gutter-fold sheet's dashed fold line stops short of the notice (it ran through the
    band's text)."""
    plan = plan_sheet(item, paper(name), duplex="fold", count=count)
    assert plan.fold is not None and plan.notice is not None
    f, n = plan.fold, plan.notice.rect
    assert not (f.x <= n.right and n.x <= f.right and f.y <= n.top and n.y <= f.top), (f, n)
