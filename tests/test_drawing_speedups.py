"""What makes hex maps and dot patterns draw faster changes nothing drawn: the neighbour table
answers as the geometric search, :func:`printkit.page.canvas.circles` writes what ``circle``
writes, a map drawn through a base form (:class:`printkit.drawing.hexmap.BaseForm`) puts the same
shapes at the same places as one drawn directly, and a tracking canvas sees each placement's
shapes where a direct drawing puts them (a form's own clip included)."""

from __future__ import annotations

import io
import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.context import BuildContext
from printkit.drawing.hexmap import (
    BaseForm,
    CellStyle,
    HexGrid,
    HexMap,
    Offset,
    Orientation,
    Pattern,
    View,
    clear_caches,
    draw_map,
)
from printkit.engines.pwinch_wars import load_data
from printkit.geometry import Rect
from printkit.page.canvas import TrackingCanvas, circles
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.maps import pwinch_hexmap, sheet_geometry

Box = tuple[str, tuple[float, ...]]


@pytest.mark.parametrize("size", [(1, 1), (1, 4), (4, 1), (6, 5)])
@pytest.mark.parametrize("offset", list(Offset))
@pytest.mark.parametrize("orientation", list(Orientation))
def test_the_neighbour_table_answers_as_the_map_does(orientation: Orientation, offset: Offset,
                                                     size: tuple[int, int]) -> None:
    grid = HexGrid(*size, 21.7, orientation, offset)
    for cell in itertools.product(range(-3, size[0] + 3), range(-3, size[1] + 3)):
        for side in range(-1, 8):
            assert grid.neighbour(cell, side) == grid._neighbour_across(cell, side)


@pytest.mark.parametrize(("stroke", "fill"), [(0, 1), (1, 0), (1, 1)])
def test_circles_writes_what_circle_writes_and_tracks_each_box(stroke: int, fill: int) -> None:
    centres = [(10.0, 20.0), (13.3, 7.1), (-4.25, 600.125), (1e3 / 7, 2e3 / 3)]
    one = Canvas(io.BytesIO())
    many = Canvas(io.BytesIO())
    for x, y in centres:
        one.circle(x, y, 1.7, stroke=stroke, fill=fill)
    circles(many, centres, 1.7, stroke=stroke, fill=fill)
    assert one._code == many._code
    # a tracking canvas: the same boxes reach the check, and so the same findings
    found = []
    for draw in (lambda c: [c.circle(x, y, 9.0, stroke, fill) for x, y in centres],
                 lambda c: circles(c, centres, 9.0, stroke, fill)):
        report = Preflight()
        c = TrackingCanvas(io.BytesIO(), pagesize=(800, 800), safe=Rect(5, 10, 600, 600),
                           report=report, check_shapes=True)
        c.translate(3, 4)
        draw(c)
        found.append(dict(c._worst))
        c.showPage()
    assert found[0] == found[1] and found[0]


def _boxes(monkeypatch: pytest.MonkeyPatch) -> list[Box]:
    """Every box a tracking canvas checks on its page (after clipping), rounded to 1e-3 pt."""
    seen: list[Box] = []
    record = TrackingCanvas._record

    def spy(self: TrackingCanvas, kind: str, box: tuple[float, float, float, float] | None
            ) -> None:
        if box is not None and not self._exempt and self._form is None:
            from printkit.page.canvas import _clip
            shown = _clip(box, self._clip_box)
            if shown is not None:
                seen.append((kind, tuple(round(v, 3) for v in shown)))
        record(self, kind, box)

    monkeypatch.setattr(TrackingCanvas, "_record", spy)
    return seen


def _page(tmp: Path, hm: HexMap, views: list[View], base: BaseForm | None,
          name: str) -> Path:
    out = tmp / name
    c = TrackingCanvas(str(out), pagesize=(700, 900), safe=Rect(20, 20, 660, 860),
                       report=Preflight(), check_shapes=True)
    with drawing(BuildContext(paper("a4"))) as ctx:
        for view in views:
            draw_map(c, ctx, hm, view, base=base)
    c.showPage()
    c.save()
    return out


def _render(path: Path) -> np.ndarray:
    page = pdfium.PdfDocument(str(path))[0]
    return np.asarray(page.render(scale=150 / 72).to_pil().convert("RGB")).astype(int)


@pytest.mark.parametrize("map_id", ["forest", "city"])
def test_a_map_placed_from_its_base_form_draws_and_tracks_as_drawn_directly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, map_id: str) -> None:
    game_map = load_data().maps[map_id]
    hm = pwinch_hexmap(game_map, labels=False)
    # two thumbnails at different scales on one page, one reaching out of the safe area
    views = [View.fit(hm.grid, Rect(30, 480, 640, 400)), View.fit(hm.grid, Rect(5, 30, 300, 300))]
    base = BaseForm(f"test-{map_id}", sheet_geometry(game_map).view)
    seen = _boxes(monkeypatch)
    direct = _page(tmp_path, hm, views, None, "direct.pdf")
    first = list(seen)
    seen.clear()
    clear_caches()
    placed = _page(tmp_path, hm, views, base, "placed.pdf")
    assert Counter(first) == Counter(seen)
    assert len(first) > 500
    a, b = _render(direct), _render(placed)
    assert a.shape == b.shape
    assert np.abs(a - b).max() <= 8  # antialiasing only
    assert (np.abs(a - b).max(axis=2) > 0).mean() < 0.05


def test_a_form_reports_what_its_own_clip_leaves_of_each_shape() -> None:
    report = Preflight()
    c = TrackingCanvas(io.BytesIO(), pagesize=(300, 300), safe=Rect(10, 10, 280, 280),
                       report=report, check_shapes=True)
    c.beginForm("f", 0, 0, 100, 100)
    path = c.beginPath()
    path.rect(0, 0, 50, 50)
    c.clipPath(path, stroke=0, fill=0)
    c.rect(-40, -40, 200, 200, stroke=0, fill=1)  # only 0..50 shows
    c.endForm()
    c.translate(20, 20)
    c.doForm("f")  # lands at 20..70: inside the safe area
    c.translate(-15, 0)
    c.doForm("f")  # at 5..55 across: 5 pt out on the left
    c.showPage()
    assert [f.code for f in report.findings] == ["outside-safe-area"]
    # 5 pt (1.8 mm), not the 45 pt (15.9 mm) the whole rect would reach
    assert report.findings[0].message.startswith("shapes reach 1.8 mm")


def test_a_base_form_is_drawn_once_per_document() -> None:
    game_map = load_data().maps["forest"]
    hm = pwinch_hexmap(game_map, labels=False)
    base = BaseForm("once", sheet_geometry(game_map).view)
    c = TrackingCanvas(io.BytesIO(), pagesize=(700, 900), safe=Rect(0, 0, 700, 900),
                       report=Preflight(), check_shapes=True, pageCompression=0)
    with drawing(BuildContext(paper("a4"))) as ctx:
        for page in range(3):
            draw_map(c, ctx, hm, View.fit(hm.grid, Rect(20, 20, 600 - 50 * page, 800)),
                     base=base)
            c.showPage()
    pdf = c.getpdfdata()
    assert pdf.count(b"/Subtype /Form") == 1
    assert pdf.count(f"/FormXob.{base.form} Do".encode()) == 3


def test_a_base_form_needs_a_view_of_the_whole_same_map() -> None:
    grid = HexGrid(3, 3, 20.0)
    other = HexGrid(4, 3, 20.0)
    hm = HexMap(grid, {cell: CellStyle(HexColor("#cccccc"), Pattern.DOTS)
                       for cell in grid.cells()})
    c = Canvas(io.BytesIO())
    with drawing(BuildContext(paper("a4"))) as ctx, pytest.raises(ValueError):
        draw_map(c, ctx, hm, View.whole(grid, 10, 10), base=BaseForm("x", View.whole(other, 0, 0)))


def test_a_form_begun_inside_another_keeps_each_forms_shapes_apart() -> None:
    report = Preflight()
    c = TrackingCanvas(io.BytesIO(), pagesize=(300, 300), safe=Rect(10, 10, 280, 280),
                       report=report, check_shapes=True)
    c.beginForm("outer", 0, 0, 300, 300)
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.beginForm("inner", 0, 0, 300, 300)  # begun mid-way through "outer"
    c.rect(0, 0, 20, 20, stroke=0, fill=1)
    c.endForm()
    c.rect(0, 0, 30, 30, stroke=0, fill=1)  # still "outer"'s
    c.doForm("inner")
    c.endForm()
    assert report.findings == [] and c._form is None
    assert [box for _kind, box in c._forms["inner"]] == [(0, 0, 20, 20)]
    assert [box for _kind, box in c._forms["outer"]] == [(0, 0, 10, 10), (0, 0, 30, 30),
                                                          (0, 0, 20, 20)]
    c.translate(100, 100)
    c.doForm("outer")  # inside the safe area
    c.showPage()
    assert report.findings == []
    c.doForm("outer")  # at the origin: 10 pt out on two sides
    c.showPage()
    assert [f.code for f in report.findings] == ["outside-safe-area"]
