"""Print-shop files, measured in the PDFs: what a print shop accepts (issue 11 items 5 and 7).

Every page of every component of every kit, built on A4 and Letter in the print-shop profile: its
TrimBox lies strictly inside its MediaBox, its BleedBox is the trim grown by 3 mm (cut to the
MediaBox), crop marks stand at the trim's corners outside the bleed, the slug line lies outside the
bleed and clear of the marks, no stroke runs along the cut, and there is no "print at 100 %" notice
(a shop prints at size). Then the page ritual itself (:class:`printkit.page.document.Document`): the
sheet framed by bleed and mark zone, templates drawing in the paper's frame, the safe area moved
with it, fills run into the bleed, extra cuts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from buildcache import built_kits
from conftest import Unreadable, plumbed_shapes, shapes_left_out
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.geometry import Rect
from printkit.kits import kits
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.units import mm

PAPERS = ("a4", "letter")
BLEED = mm(3)
EPS = 0.02  # points


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every kit in the print-shop profile on each paper: the builds
    tests/test_print_conformance.py reads too, made once for the run (tests/buildcache.py)."""
    found = {}
    for name in PAPERS:
        found[name], report = built_kits(tmp_path_factory, "all",
                                         BuildContext(paper(name), "print-shop"))
        assert report.findings == [], report.report()
    return found


def component_pdfs(folder: Path) -> list[Path]:
    found = []
    for kit in sorted(kits()):
        for comp in kits()[kit].component_list():
            found.append(folder / kit / f"{comp.name}.pdf")
    return found


def _box(page: Any, name: str) -> Rect:
    x0, y0, x1, y1 = (float(v) for v in page[name])
    return Rect.from_corners(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


@dataclass(frozen=True)
class Measured:
    """One page read back: its boxes, straight strokes, slug characters and text."""

    media: Rect
    trim: Rect
    bleed: Rect
    segments: list[Rect]  # straight stroked lines (a rect 0 wide or 0 high), PDF coords
    strokes: list[Rect]  # every stroked object's bounding box
    slug: list[Rect]  # boxes of the characters of the slug line
    slug_text: str
    text: str


def rect(o: dict[str, Any], height: float) -> Rect:
    """A pdfplumber object's box in PDF coordinates (y up) on a page ``height`` high."""
    return Rect.from_corners(float(o["x0"]), height - float(o["bottom"]), float(o["x1"]),
                             height - float(o["top"]))


def slug_chars(chars: list[dict[str, Any]], file_name: str) -> list[dict[str, Any]]:
    """The characters of the slug line: the last run that starts with the file's name and
    ends with "printkit" (the slug is one string)."""
    text = "".join(c["text"] for c in chars)
    start = text.rfind(file_name)
    if start < 0:
        return []
    end = text.find("printkit", start)
    return chars[start:end + len("printkit")] if end >= 0 else []


@cache
def measure(pdf: Path) -> tuple[Measured, ...]:
    """Every page of ``pdf`` read back once (three tests read each print-shop PDF)."""
    return tuple(_measure(pdf))


def _measure(pdf: Path) -> list[Measured]:
    """Each page read back as pdfplumber reads it: its shapes' boxes from
    ``conftest.plumbed_shapes`` (pdfminer's own geometry, without building pdfplumber's objects),
    its characters and text from pdfplumber reading the page's text (the lines of shapes
    left out of its content, ``conftest.shapes_left_out``): the same values, read in a
    fraction of the time (``test_the_fast_reading_is_pdfplumbers`` compares the two)."""
    reader = PdfReader(str(pdf))
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page, pdf
    out = []
    with pdfplumber.open(str(pdf)) as doc:
        try:
            shapes = [plumbed_shapes(page, plumb)
                      for page, plumb in zip(reader.pages, doc.pages, strict=True)]
        except Unreadable:  # what this reader does not follow: pdfplumber reads it all
            return _measure_with_pdfplumber(pdf)
        for page, plumb, found in zip(reader.pages, doc.pages, shapes, strict=True):
            shapes_left_out(plumb)
            lines = [o for o in found if o["object_type"] == "line"]
            strokes = [*lines, *(o for o in found if o["object_type"] == "rect"),
                       *(o for o in found if o["object_type"] == "curve")]
            out.append(_measured(pdf, page, plumb, lines, strokes))
    return out


def _measure_with_pdfplumber(pdf: Path) -> list[Measured]:
    """Every page read by pdfplumber alone (what :func:`_measure` gives, read slowly)."""
    reader = PdfReader(str(pdf))
    with pdfplumber.open(str(pdf)) as doc:
        return [_measured(pdf, page, plumb, plumb.lines,
                          (*plumb.lines, *plumb.rects, *plumb.curves))
                for page, plumb in zip(reader.pages, doc.pages, strict=True)]


def _measured(pdf: Path, page: Any, plumb: Any, lines: Any, shapes: Any) -> Measured:
    H = float(plumb.height)
    segments = [rect(ln, H) for ln in lines
                if ln.get("stroke", True) and (abs(ln["x1"] - ln["x0"]) < EPS
                                               or abs(ln["bottom"] - ln["top"]) < EPS)]
    strokes = [rect(o, H) for o in shapes if o.get("stroke")]
    slug = slug_chars(plumb.chars, pdf.name)
    return Measured(_box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox"),
                    segments, strokes, [rect(c, H) for c in slug],
                    "".join(c["text"] for c in slug), plumb.extract_text() or "")


def _overlaps(a: Rect, b: Rect, grow: float = 0.0) -> bool:
    a = a.outset(grow)
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def corner_marks(m: Measured) -> int:
    """How many of the trim's eight corner marks stand outside the bleed, clear of it: a
    vertical one at each corner's x beyond the bleed's foot or head, a horizontal one at
    each corner's y beyond its sides."""
    found = 0
    t, b = m.trim, m.bleed
    for x in (t.x, t.right):
        for below in (True, False):
            found += any(abs(s.x - x) < EPS and s.w < EPS and s.h > mm(2)
                         and (s.top < b.y - EPS if below else s.y > b.top + EPS)
                         for s in m.segments)
    for y in (t.y, t.top):
        for left in (True, False):
            found += any(abs(s.y - y) < EPS and s.h < EPS and s.w > mm(2)
                         and (s.right < b.x - EPS if left else s.x > b.right + EPS)
                         for s in m.segments)
    return found


@pytest.mark.parametrize("paper_name", PAPERS)
def test_every_print_shop_page_has_trim_bleed_marks_and_slug_outside(
    built: dict[str, Path], paper_name: str
) -> None:
    for pdf in component_pdfs(built[paper_name]):
        for number, m in enumerate(measure(pdf), start=1):
            where = f"{pdf.parent.name}/{pdf.name} page {number}"
            t, media = m.trim, m.media
            # the trim strictly inside the page, the bleed 3 mm around it (cut to the page)
            assert t.x > media.x and t.y > media.y, where
            assert t.right < media.right and t.top < media.top, where
            want = t.outset(BLEED)
            want = Rect.from_corners(max(want.x, media.x), max(want.y, media.y),
                                     min(want.right, media.right), min(want.top, media.top))
            assert all(abs(a - b) < EPS for a, b in zip(m.bleed.corners, want.corners,
                                                        strict=True)), (where, m.bleed, want)
            # crop marks at the four corners, outside the bleed
            assert corner_marks(m) == 8, where
            # the slug: there, outside the bleed (so outside every trim) and clear of marks
            assert f"{pdf.name}·page{number}" in m.slug_text.replace(" ", ""), where
            marks = [s for s in m.segments if not _overlaps(s, m.bleed)]
            for char in m.slug:
                assert not _overlaps(char, m.bleed), (where, char)
                assert media.contains(char, EPS), (where, char)
                assert not any(_overlaps(char, s, 0.2) for s in marks), (where, char)
            # a shop prints at size: no notice, no check rulers
            assert "Print at 100" not in m.text, where


@pytest.mark.parametrize("paper_name", PAPERS)
def test_no_stroke_runs_along_the_cut(built: dict[str, Path], paper_name: str) -> None:
    """A line on the trim line is half cut off, or shows as a sliver when the cut strays: a
    border belongs inside the trim (or is the cut itself, at home only)."""
    for pdf in component_pdfs(built[paper_name]):
        for number, m in enumerate(measure(pdf), start=1):
            t = m.trim
            for s in m.strokes:
                along_x = min(s.right, t.right) - max(s.x, t.x)  # overlap with the trim
                along_y = min(s.top, t.top) - max(s.y, t.y)
                on_side = along_y > mm(2) and min(abs(s.x - t.x), abs(s.right - t.x),
                                                  abs(s.x - t.right), abs(s.right - t.right),
                                                  ) < 0.6
                on_end = along_x > mm(2) and min(abs(s.y - t.y), abs(s.top - t.y),
                                                 abs(s.y - t.top), abs(s.top - t.top)) < 0.6
                assert not (on_side or on_end), (f"{pdf.name} page {number}", s, t)


@pytest.mark.parametrize("paper_name", PAPERS)
def test_sheets_are_the_paper_framed_by_bleed_and_marks(built: dict[str, Path],
                                                        paper_name: str) -> None:
    """A full-page component's TrimBox is the paper itself; the page adds bleed and a mark
    zone; imposed sheets and the mat are laid on the paper itself."""
    want = sorted(round(v, 2) for v in paper(paper_name).size)
    folder = built[paper_name]
    for pdf in component_pdfs(folder):
        for m in measure(pdf):
            media = sorted(round(v, 2) for v in (m.media.w, m.media.h))
            trim = sorted(round(v, 2) for v in (m.trim.w, m.trim.h))
            if trim != want and media != want and (trim[0] > want[0] or trim[1] > want[1]):
                # a component larger than the paper (War of Bones' mat) is a sheet of its own
                # size at the shop: its trim framed by bleed and marks
                assert media[0] > trim[0] and media[1] > trim[1], (pdf, media, trim)
                continue
            assert media == want or trim == want, (pdf, media, trim)
    sheet = measure(folder / "wftgts" / "play-sheet.pdf")[0]
    assert abs(sheet.trim.x - mm(13)) < EPS and abs(sheet.media.w - sheet.trim.w - mm(26)) < EPS


# --- the page ritual ------------------------------------------------------------------------


def _sheet(tmp_path: Path, profile: str, draw: Any, name: str = "s.pdf") -> tuple[Path, Any]:
    from printkit.page.document import open_document

    out = tmp_path / name
    with drawing(BuildContext(paper("a4"), profile)) as ctx:
        with open_document(ctx, out, title="t", build=("test",)) as doc, doc.page() as area:
            draw(doc, area)
    return out, ctx


def test_templates_draw_in_the_papers_frame_and_fills_run_into_the_bleed(tmp_path: Path) -> None:
    def draw(doc: Any, area: Rect) -> None:
        c = doc.canvas
        r = doc.bleed_rect  # a full-page background
        c.setFillColorRGB(0.9, 0.95, 1)
        c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        c.setLineWidth(0.5)
        c.rect(area.x, area.y, area.w, area.h, stroke=1, fill=0)  # the safe area

    out, ctx = _sheet(tmp_path, "print-shop", draw)
    assert ctx.preflight.findings == []
    m = measure(out)[0]
    a4 = paper("a4")
    assert abs(m.media.w - (a4.width + mm(26))) < EPS
    assert abs(m.media.h - (a4.height + mm(26))) < EPS
    assert all(abs(a - b) < EPS for a, b in zip(
        m.trim.corners, (mm(13), mm(13), mm(13) + a4.width, mm(13) + a4.height), strict=True))
    with pdfplumber.open(str(out)) as doc:
        page = doc.pages[0]
        H = float(page.height)
        fills = [Rect.from_corners(r["x0"], H - r["bottom"], r["x1"], H - r["top"])
                 for r in page.rects if r["fill"]]
        strokes = [Rect.from_corners(r["x0"], H - r["bottom"], r["x1"], H - r["top"])
                   for r in page.rects if r["stroke"]]
    assert any(all(abs(a - b) < EPS for a, b in zip(f.corners, m.bleed.corners, strict=True))
               for f in fills), "the background does not fill the BleedBox"
    safe = m.trim.inset(mm(6.35))
    assert any(all(abs(a - b) < 0.3 for a, b in zip(s.corners, safe.corners, strict=True))
               for s in strokes), "the safe area did not move with the paper"
    assert "Print at 100" not in m.text and corner_marks(m) == 8


def test_the_safe_area_check_moves_with_the_paper(tmp_path: Path) -> None:
    from printkit.fonts import FontRole, font

    def draw(doc: Any, area: Rect) -> None:
        doc.canvas.setFont(font(FontRole.SANS, "en"), 9)
        doc.canvas.drawString(area.x + 2, area.cy, "inside")
        doc.canvas.drawString(mm(1), area.cy, "too near the paper's edge")

    _out, ctx = _sheet(tmp_path, "print-shop", draw)
    assert [(f.code, f.message.split()[0]) for f in ctx.preflight.findings] == [
        ("outside-safe-area", "text")]
    assert "5.3 mm" in ctx.preflight.findings[0].message  # 6.35 mm less the 1 mm it starts at


def test_to_bleed_pushes_out_only_the_sides_on_the_edge(tmp_path: Path) -> None:
    seen: dict[str, Rect] = {}

    def draw(doc: Any, _area: Rect) -> None:
        w, h = doc.paper.width, doc.paper.height
        seen["header"] = doc.to_bleed(Rect(0, h - 50, w, 50))
        seen["inner"] = doc.to_bleed(Rect(40, 40, 100, 100))

    _sheet(tmp_path, "print-shop", draw)
    a4 = paper("a4")
    assert seen["header"] == Rect(-BLEED, a4.height - 50, a4.width + 2 * BLEED, 50 + BLEED)
    assert seen["inner"] == Rect(40, 40, 100, 100)
    _sheet(tmp_path, "home", draw, "home.pdf")
    assert seen["header"] == Rect(0, a4.height - 50, a4.width, 50)


def test_an_extra_cut_gets_crop_marks_in_the_mark_zone(tmp_path: Path) -> None:
    def draw(doc: Any, _area: Rect) -> None:
        doc.mark_cut(x=doc.paper.width / 2)

    out, _ctx = _sheet(tmp_path, "print-shop", draw)
    m = measure(out)[0]
    x = m.trim.cx
    at_cut = [s for s in m.segments if abs(s.x - x) < EPS and s.w < EPS]
    assert len(at_cut) == 2
    assert all(s.top < m.bleed.y - EPS or s.y > m.bleed.top + EPS for s in at_cut)
    assert {s.y > m.bleed.top for s in at_cut} == {True, False}


def test_home_sheets_are_unchanged(tmp_path: Path) -> None:
    out, ctx = _sheet(tmp_path, "home", lambda doc, area: None)
    assert ctx.preflight.findings == []
    page = PdfReader(str(out)).pages[0]
    assert "/TrimBox" not in page
    assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 595.28, 841.89]
    assert "Print at 100" in page.extract_text()


def test_a_page_of_die_cut_items_keeps_its_own_boxes_in_the_papers_frame(tmp_path: Path) -> None:
    from printkit.page.document import open_document

    out = tmp_path / "d.pdf"
    item = Rect(100, 100, 200, 300)
    with drawing(BuildContext(paper("a4"), "print-shop")) as ctx:
        with open_document(ctx, out, title="t") as doc, doc.page(trim=item) as _area:
            doc.canvas.rect(item.x, item.y, item.w, item.h, stroke=0, fill=1)
    m = measure(out)[0]
    assert all(abs(a - b) < EPS for a, b in zip(m.trim.corners, item.moved(mm(13), mm(13))
                                                .corners, strict=True))
    assert corner_marks(m) == 8


def test_the_same_sheet_twice_is_the_same_bytes(tmp_path: Path) -> None:
    def draw(doc: Any, area: Rect) -> None:
        r = doc.to_bleed(Rect(0, area.top, doc.paper.width, doc.paper.height - area.top))
        doc.canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        doc.mark_cut(y=doc.paper.height / 2)

    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    a, _ = _sheet(tmp_path / "1", "print-shop", draw)
    b, _ = _sheet(tmp_path / "2", "print-shop", draw)
    assert a.read_bytes() == b.read_bytes()


# --- the reading itself -----------------------------------------------------------------------


@pytest.mark.parametrize("kit, component", [("wftgts", "play-sheet"),
                                            ("tug-of-war", "tug-of-war-kit"),
                                            ("war-of-bones", "play-mat")])
def test_the_fast_reading_is_pdfplumbers(built: dict[str, Path], kit: str, component: str) -> None:
    """:func:`_measure` gives what pdfplumber alone reads, value for value: lines, rectangles
    and curves (stroked and filled, in forms placed on the page), the slug's characters and
    the text."""
    pdf = built["letter"] / kit / f"{component}.pdf"
    fast = _measure(pdf)
    assert fast == _measure_with_pdfplumber(pdf)
    assert any(m.strokes for m in fast) and any(m.segments for m in fast)
    assert all(m.slug for m in fast) != component.endswith("-kit")  # a kit's sheets have none


def test_a_stroke_on_the_cut_is_read(tmp_path: Path) -> None:
    """What the cut check looks for is there in the fast reading: a frame stroked on the
    trim (a box's side on it, along it); a curve is boxed as pdfplumber boxes it."""
    def draw(doc: Any, _area: Rect) -> None:
        c = doc.canvas
        c.setLineWidth(0.5)
        c.rect(0, 0, doc.paper.width, mm(40), stroke=1, fill=0)  # on the trim's foot
        p = c.beginPath()
        p.moveTo(mm(20), mm(60))
        p.curveTo(mm(40), mm(80), mm(60), mm(80), mm(80), mm(60))
        c.drawPath(p, stroke=1, fill=0)

    out, _ctx = _sheet(tmp_path, "print-shop", draw)
    m = measure(out)[0]
    assert m == _measure_with_pdfplumber(out)[0]
    t = m.trim
    on_cut = [s for s in m.strokes if abs(s.y - t.y) < 0.6 and s.w > mm(2)]
    assert on_cut, m.strokes  # test_no_stroke_runs_along_the_cut would fail on this sheet
    assert any(abs(s.w - mm(60)) < 0.01 for s in m.strokes)  # the curve, by its end points
