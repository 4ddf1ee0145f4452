"""Tiling measured in the PDF: each tile page's clip window and the form's placement give the
part of the component it shows; neighbours overlap by exactly the declared amount and the
tiles cover the whole component."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import draw_ctx
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from printkit.context import BuildContext
from printkit.errors import LayoutError
from printkit.layout.tile import tile
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.units import mm


def mat(c: Canvas, w: float, h: float) -> None:
    c.rect(0, 0, w, h, stroke=1, fill=0)
    c.line(0, 0, w, h)


def shown_regions(pdf: Path) -> list[tuple[float, float, float, float]]:
    """For each page that draws the form through a clip: the component region it shows."""
    reader = PdfReader(str(pdf))
    regions = []
    for page in reader.pages[1:]:
        ops = ContentStream(page.get_contents(), reader).operations
        clip = None
        shift = (0.0, 0.0)
        for i, (args, op) in enumerate(ops):
            if op == b"re" and i + 1 < len(ops) and ops[i + 1][1] in (b"W", b"W*"):
                clip = [float(a) for a in args]
            elif op == b"cm" and clip is not None:
                shift = (float(args[4]), float(args[5]))
            elif op == b"Do" and clip is not None:
                x, y, w, h = clip
                regions.append((x - shift[0], y - shift[1], x + w - shift[0], y + h - shift[1]))
                break
    return regions


def test_tiles_overlap_exactly_and_cover(tmp_path: Path) -> None:
    ctx = draw_ctx(paper=paper("a4"))
    out = tmp_path / "map.pdf"
    plan = tile(mat, 594, 420, ctx, out, title="A2 map", overlap_mm=12)  # an A2 map
    regions = shown_regions(out)
    assert len(regions) == len(plan.tiles) == plan.rows * plan.cols > 1
    assert len(PdfReader(str(out)).pages) == 1 + len(plan.tiles)
    grid = {(t.row, t.col): r for t, r in zip(plan.tiles, regions, strict=True)}
    ov = mm(12)
    for (r, c), reg in grid.items():
        if (r, c + 1) in grid:
            right = grid[(r, c + 1)]
            assert abs((reg[2] - right[0]) - ov) < 0.01
        if (r + 1, c) in grid:
            below = grid[(r + 1, c)]
            assert abs((below[3] - reg[1]) - ov) < 0.01
    # coverage: union spans the component exactly
    assert abs(min(r[0] for r in regions)) < 0.01 and abs(min(r[1] for r in regions)) < 0.01
    assert abs(max(r[2] for r in regions) - mm(594)) < 0.01
    assert abs(max(r[3] for r in regions) - mm(420)) < 0.01
    # every tile lies in the safe area
    for t in plan.tiles:
        x0, y0, x1, y1 = t.page_rect.corners
        assert x0 >= mm(6.35) - 0.01 and y0 >= mm(6.35) - 0.01
        assert x1 <= plan.paper.width - mm(6.35) + 0.01
        assert y1 <= plan.paper.height - mm(6.35) + 0.01
    # the component is drawn once (one form), not once per tile
    reader = PdfReader(str(out))
    forms = {id(x.get_object()) for p in reader.pages
             for x in _dict(_dict(p["/Resources"]).get("/XObject", {})).values()}
    assert len(forms) == 1


def _dict(obj: object) -> DictionaryObject:
    assert isinstance(obj, DictionaryObject)
    return obj


def test_a3_fits_the_war_of_bones_mat_on_one_page(tmp_path: Path) -> None:
    a4 = tile(mat, 228.6, 228.6, draw_ctx(paper=paper("a4")), tmp_path / "a4.pdf")
    a3 = tile(mat, 228.6, 228.6, draw_ctx(paper=paper("a3")), tmp_path / "a3.pdf")
    assert len(a4.tiles) == 2 and a4.pages == 3
    assert a3.single is not None and a3.pages == 1
    assert len(PdfReader(str(tmp_path / "a3.pdf")).pages) == 1


def _boxes(page: Any) -> list[list[float]]:
    """MediaBox, TrimBox and BleedBox of a page, as written."""
    return [[float(v) for v in page[name]] for name in ("/MediaBox", "/TrimBox", "/BleedBox")]


def test_print_shop_prints_a_large_component_whole(tmp_path: Path) -> None:
    """A print shop prints large formats: no tiles, one page of the component's own size
    framed by 3 mm bleed and a mark zone; a ``draw`` that takes ``bleed=`` fills it."""
    seen: list[float] = []

    def ground(c: Canvas, w: float, h: float, *, bleed: float = 0.0) -> None:
        seen.append(bleed)
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)

    out = tmp_path / "ps.pdf"
    plan = tile(ground, 400, 300, draw_ctx(paper=paper("letter"), profile="print-shop"), out)
    reader = PdfReader(str(out))
    assert plan.tiles == () and plan.pages == 1 and len(reader.pages) == 1
    assert seen == [pytest.approx(mm(3))]
    media, trim, bleed = _boxes(reader.pages[0])
    assert trim == pytest.approx([mm(13), mm(13), mm(413), mm(313)], abs=0.01)
    assert bleed == pytest.approx([mm(10), mm(10), mm(416), mm(316)], abs=0.01)
    assert media == pytest.approx([0, 0, mm(426), mm(326)], abs=0.01)
    import pdfplumber

    with pdfplumber.open(str(out)) as doc:
        page = doc.pages[0]
        H = float(page.height)
        fill = [(r["x0"], H - r["bottom"], r["x1"], H - r["top"]) for r in page.rects
                if r["fill"]]
        marks = [ln for ln in page.lines if abs(ln["x0"] - mm(13)) < 0.01]
    assert fill and fill[0] == pytest.approx(bleed, abs=0.01)  # the ground runs to the bleed
    assert len(marks) == 2 and all(H - ln["top"] < mm(10) or H - ln["bottom"] > mm(316)
                                   for ln in marks)  # crop marks outside the bleed


def test_print_shop_single_page_has_bleed_and_crop_marks(tmp_path: Path) -> None:
    out = tmp_path / "mat.pdf"
    plan = tile(mat, 264, 178, draw_ctx(paper=paper("a4"), profile="print-shop"), out)
    assert plan.single is not None and plan.paper.landscape
    media, trim, bleed = _boxes(PdfReader(str(out)).pages[0])
    assert media == pytest.approx([0, 0, *paper("a4", landscape=True).size], abs=0.01)
    assert trim == pytest.approx(list(plan.single.corners), abs=0.01)
    assert bleed == pytest.approx(list(plan.single.outset(mm(3)).corners), abs=0.01)
    assert "Print at 100" not in PdfReader(str(out)).pages[0].extract_text()


def test_the_notice_never_makes_a_component_tiled(tmp_path: Path) -> None:
    """190 x 280 mm fits A4's safe area (197.3 x 284.3 mm) but not below the 13 mm band: it
    used to take an assembly page and two tiles; the notice now runs up its side."""
    out = tmp_path / "tall.pdf"
    with drawing(BuildContext(paper=paper("a4"))) as ctx:
        plan = tile(mat, 190, 280, ctx, out)
    assert not ctx.preflight.findings
    assert plan.single is not None and plan.pages == 1 and not plan.paper.landscape
    assert plan.notice is not None and plan.notice.turned and not plan.notice.margin
    assert len(PdfReader(str(out)).pages) == 1


def test_bad_tiles(tmp_path: Path) -> None:
    ctx = draw_ctx(paper=paper("a4"))
    with pytest.raises(LayoutError, match="must be positive"):
        tile(mat, -10, 100, ctx, tmp_path / "x.pdf")
    with pytest.raises(LayoutError, match="must not be negative"):
        tile(mat, 500, 500, ctx, tmp_path / "x.pdf", overlap_mm=-3)


def test_each_tile_says_which_of_its_edges_to_cut(tmp_path: Path) -> None:
    """The first tile is cut nowhere (the others are laid on it); a tile of the first row
    has its left edge cut, of the first column its top edge, any other both."""
    ctx = draw_ctx(paper=paper("a4"))
    out = tmp_path / "map.pdf"
    plan = tile(mat, 594, 420, ctx, out, title="A2 map")
    assert plan.rows > 1 and plan.cols > 1
    texts = [" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages[1:]]
    for t, text in zip(plan.tiles, texts, strict=True):
        says = {"nothing to cut": "nothing to cut:" in text,
                "left and top": "cut the left and top edges" in text,
                "left": "cut the left edge," in text, "top": "cut the top edge," in text}
        expected = ("left and top" if t.row and t.col else "left" if t.col else
                    "top" if t.row else "nothing to cut")
        assert [k for k, v in says.items() if v] == [expected], (t.label, text)
    assembly = " ".join(PdfReader(str(out)).pages[0].extract_text().split())
    assert f"on {len(plan.tiles)} tiles ({plan.rows} rows by {plan.cols} columns)" in assembly
    assert "594.0 × 420.0 mm" in assembly
