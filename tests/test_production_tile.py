"""Tiling measured in the PDF: each tile page's clip window and the form's placement give the
part of the component it shows; neighbours overlap by exactly the declared amount and the
tiles cover the whole component."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from printkit.context import BuildContext
from printkit.errors import LayoutError
from printkit.paper import paper
from printkit.production.tile import tile
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
    ctx = BuildContext(paper=paper("a4"))
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
    a4 = tile(mat, 228.6, 228.6, BuildContext(paper=paper("a4")), tmp_path / "a4.pdf")
    a3 = tile(mat, 228.6, 228.6, BuildContext(paper=paper("a3")), tmp_path / "a3.pdf")
    assert len(a4.tiles) == 2 and a4.pages == 3
    assert a3.single is not None and a3.pages == 1
    assert len(PdfReader(str(tmp_path / "a3.pdf")).pages) == 1


def test_print_shop_tiles_have_boxes(tmp_path: Path) -> None:
    out = tmp_path / "ps.pdf"
    plan = tile(mat, 400, 300, BuildContext(paper=paper("letter"), profile="print-shop"), out)
    reader = PdfReader(str(out))
    for page, t in zip(reader.pages[1:], plan.tiles, strict=True):
        assert "/TrimBox" in page
        trim = [float(v) for v in page.trimbox]
        assert all(abs(a - b) < 0.01 for a, b in zip(trim, t.page_rect.corners, strict=True))
        assert "/BleedBox" in page


def test_bad_tiles(tmp_path: Path) -> None:
    ctx = BuildContext(paper=paper("a4"))
    with pytest.raises(LayoutError, match="must be positive"):
        tile(mat, -10, 100, ctx, tmp_path / "x.pdf")
    with pytest.raises(LayoutError, match="must not be negative"):
        tile(mat, 500, 500, ctx, tmp_path / "x.pdf", overlap_mm=-3)
