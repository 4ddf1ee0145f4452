"""Kits that waste no paper: small components share sheets (issue 11, item 8).

The kits are checked without the packer's own plan: every component page is looked for in
the joined kit with pdfplumber (another reader than the one the packer measures with): all its
characters and shapes must turn up on one kit page, each moved by one and the same offset
(moved, not scaled), exactly once. From where they turned up the tests measure the gaps
between pieces, what else is drawn on a shared sheet (only cut lines), the safe area, the
bookmarks, and in a double-sided kit what lies behind each piece.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import pdfplumber
import pytest
from buildcache import built_kits
from conftest import Cli, Unreadable, draw_ctx, page_paths, shapes_left_out
from pypdf import PdfReader
from pypdf.generic import Destination

from printkit.context import BuildContext, DrawContext
from printkit.geometry import Rect
from printkit.kits import kits
from printkit.layout.assembly import KitSheets, assemble_kit, sheet_count
from printkit.layout.packing import GAP, Unit, plan_sheets
from printkit.page.canvas import open_canvas
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import build_kits
from printkit.units import mm

TOL = 0.02  # points: how exactly a piece must reappear
SAFE = mm(6.35)  # the home profile's safe margin
# Text boxes here run from the font's descent to its ascent; the packer measures the glyphs
# themselves, so a line of text may reach up to 1 mm further into the gap in this reading.
TEXT_SLACK = mm(1)
CONFIGS = [("a3", False), ("tabloid", True)]  # where the kits have pages to share today

Obj = tuple[str, float, float, float, float]  # kind (char:text, rect, line...), x0, y0, x1, y1


def _objects(page: pdfplumber.page.Page) -> list[Obj]:
    """What pdfplumber reads on ``page``: its characters, rectangles, lines, curves and
    images, each with its box (pdfplumber's x0, y0, x1, y1)."""
    found: list[Obj] = [("char:" + c["text"], c["x0"], c["y0"], c["x1"], c["y1"])
                        for c in page.chars]
    for kind in ("rects", "lines", "curves", "images"):
        found += [(kind, o["x0"], o["y0"], o["x1"], o["y1"]) for o in getattr(page, kind)]
    return found


def _objects_fast(page: Any, plumb: pdfplumber.page.Page) -> list[Obj]:
    """:func:`_objects`, read fast (``page`` read by pypdf, ``plumb`` the same page opened by
    pdfplumber): the shapes from ``conftest.painted_paths`` (pdfminer's own geometry, without
    its parser), the characters and images from pdfplumber reading the page with its shapes
    left out (``conftest.shapes_left_out``). A kit page of a few thousand shapes reads in a
    tenth of the time; ``test_the_fast_reading_is_pdfplumbers`` compares the two."""
    shapes = page_paths(page, plumb)
    shift = plumb.mediabox[0]  # pdfplumber moves x (not y) by the MediaBox's left edge
    shapes_left_out(plumb)
    found: list[Obj] = [("char:" + c["text"], c["x0"], c["y0"], c["x1"], c["y1"])
                        for c in plumb.chars]
    for kind in ("rect", "line", "curve"):
        found += [(kind + "s", bx0 + shift, by0, bx1 + shift, by1)
                  for k, _stroke, (bx0, by0, bx1, by1) in shapes if k == kind]
    return found + [("images", o["x0"], o["y0"], o["x1"], o["y1"]) for o in plumb.images]


def page_objects(pdf: Path) -> list[list[Obj]]:
    """:func:`_objects` of every page of ``pdf``, read fast where the fast reader follows the
    content (:func:`_objects_fast`), else by pdfplumber. Read once per file and run (a kit's
    pages are read for its pieces and again for what lies behind them)."""
    stat = pdf.stat()
    return [list(objs) for objs in _read_objects(str(pdf), stat.st_mtime_ns, stat.st_size)]


@lru_cache(maxsize=16)
def _read_objects(pdf: str, _mtime: int, _size: int) -> tuple[tuple[Obj, ...], ...]:
    reader = PdfReader(pdf)
    found = []
    with pdfplumber.open(pdf) as doc:
        for page, plumb in zip(reader.pages, doc.pages, strict=True):
            try:
                found.append(tuple(_objects_fast(page, plumb)))
            except Unreadable:  # raised before the page was changed: pdfplumber reads it
                found.append(tuple(_objects(plumb)))
    return tuple(found)


def _bbox(objs: list[Obj]) -> Rect:
    return Rect.from_corners(min(o[1] for o in objs), min(o[2] for o in objs),
                             max(o[3] for o in objs), max(o[4] for o in objs))


class Drawn:
    """What one kit page draws, for finding (and claiming) the pieces of component pages."""

    def __init__(self, objs: list[Obj]) -> None:
        self.buckets: dict[tuple[str, int, int], list[Obj]] = defaultdict(list)
        self.kinds: dict[str, int] = defaultdict(int)
        for o in objs:
            self.buckets[(o[0], round(o[1]), round(o[2]))].append(o)
            self.kinds[o[0]] += 1

    def _find(self, o: Obj, dx: float, dy: float) -> tuple[list[Obj], Obj] | None:
        x, y = o[1] + dx, o[2] + dy
        for bx in (round(x) - 1, round(x), round(x) + 1):
            for by in (round(y) - 1, round(y), round(y) + 1):
                bucket = self.buckets.get((o[0], bx, by), [])
                for k in bucket:
                    if (abs(k[1] - x) < TOL and abs(k[2] - y) < TOL
                            and abs(k[3] - o[3] - dx) < TOL and abs(k[4] - o[4] - dy) < TOL):
                        return bucket, k
        return None

    def offsets(self, objs: list[Obj]) -> list[tuple[float, float]]:
        """Every offset at which all of ``objs`` are drawn here."""
        anchor = min(objs, key=lambda o: self.kinds.get(o[0], 0))
        found = []
        for bucket in list(self.buckets.values()):
            for k in bucket:
                if k[0] != anchor[0]:
                    continue
                dx, dy = k[1] - anchor[1], k[2] - anchor[2]
                if all(self._find(o, dx, dy) is not None for o in objs):
                    found.append((dx, dy))
        return found

    def claim(self, objs: list[Obj], dx: float, dy: float) -> None:
        for o in objs:
            hit = self._find(o, dx, dy)
            assert hit is not None
            hit[0].remove(hit[1])

    def rest(self) -> list[Obj]:
        return [o for bucket in self.buckets.values() for o in bucket]


@dataclass(frozen=True)
class Piece:
    component: str
    page: int  # of the component PDF
    kit_page: int
    dx: float
    dy: float
    own: Rect  # its bbox on its own page
    two_sided: bool

    @property
    def box(self) -> Rect:
        return self.own.moved(self.dx, self.dy)


def _two_sided(pdf: Path) -> bool:
    prefs = PdfReader(str(pdf)).viewer_preferences
    return prefs is not None and "/Duplex" in prefs


def find_pieces(kit: Path, components: list[tuple[str, Path]]
                ) -> tuple[list[Piece], list[list[Obj]]]:
    """Where every page of every component shows in the ``kit`` PDF, and what else each kit
    page draws. Each component page must show exactly once."""
    drawn = [Drawn(objs) for objs in page_objects(kit)]
    pieces: list[Piece] = []
    for name, path in components:
        pages = page_objects(path)
        for number, objs in enumerate(pages):
            if not objs:
                continue
            hits = [(i, off) for i, d in enumerate(drawn) for off in d.offsets(objs)]
            assert len(hits) == 1, f"{kit.name}: {name} p{number + 1} shows {len(hits)} times"
            (index, (dx, dy)), = hits
            drawn[index].claim(objs, dx, dy)
            pieces.append(Piece(name, number, index, dx, dy, _bbox(objs), _two_sided(path)))
    return pieces, [d.rest() for d in drawn]


HEAVY = {"pwinch-wars": ("forest-map", "city-map", "scenario-booklet")}
"""Components left out of the packing builds: whole pages of hex maps that never share a
sheet (the map parts, the booklet's map a page), drawn with some 25,000 pattern marks a
page, which take pdfplumber minutes to read (their own tests measure them:
``tests/test_pwinch_wars_maps.py``)."""


def packed_names(kit: str) -> list[str]:
    """The components of ``kit`` the packing builds print."""
    return [c.name for c in kits()[kit].component_list() if c.name not in HEAVY.get(kit, ())]


def kit_pieces(folder: Path, kit: str) -> tuple[list[Piece], list[list[Obj]]]:
    """The pieces of a built kit (``folder`` holds its component PDFs and the kit PDF)."""
    names = packed_names(kit)
    return find_pieces(folder / f"{kit}-kit.pdf", [(n, folder / f"{n}.pdf") for n in names])


def _separation(a: Rect, b: Rect) -> float:
    return max(b.x - a.right, a.x - b.right, b.y - a.top, a.y - b.top)


def _overshoot(safe: Rect, box: Rect) -> tuple[float, float, float, float]:
    return (safe.x - box.x, safe.y - box.y, box.right - safe.right, box.top - safe.top)


def built(factory: pytest.TempPathFactory, kit: str, config: tuple[str, bool],
          pack: bool = True) -> Path:
    """The folder of ``kit`` built on ``config`` (paper, landscape), packed or not: each
    built once for the run, when a test first needs it (tests/buildcache.py)."""
    name, landscape = config
    out, _report = built_kits(factory, kit, BuildContext(paper(name, landscape=landscape)),
                              components=tuple(packed_names(kit)), pack=pack)
    return out / kit


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}{'-landscape' * c[1]}")
@pytest.mark.parametrize("kit", sorted(kits()))
def test_a_packed_kit_shows_every_page_once_apart_and_safe(tmp_path_factory: pytest.TempPathFactory,
                                                           kit: str,
                                                           config: tuple[str, bool]) -> None:
    folder = built(tmp_path_factory, kit, config)
    flat = built(tmp_path_factory, kit, config, pack=False)
    names = packed_names(kit)
    assert sheet_count(folder / f"{kit}-kit.pdf") <= sheet_count(flat / f"{kit}-kit.pdf")

    pieces, rest = kit_pieces(folder, kit)
    reader = PdfReader(str(folder / f"{kit}-kit.pdf"))
    for index, page in enumerate(reader.pages):
        box = page.mediabox
        safe = Rect(float(box.left), float(box.bottom), float(box.width),
                    float(box.height)).inset(SAFE)
        here = [p for p in pieces if p.kit_page == index]
        for i, a in enumerate(here):
            for b in here[i + 1:]:
                gap = _separation(a.box, b.box)
                assert gap >= GAP - TEXT_SLACK, (
                    f"{kit} page {index + 1}: {a.component} p{a.page + 1} and {b.component} "
                    f"p{b.page + 1} are {gap / mm(1):.1f} mm apart")
        for p in here:  # no part of a piece further outside the safe area than it was
            before, after = _overshoot(safe, p.own), _overshoot(safe, p.box)
            assert all(a <= max(b, 0.0) + TOL for a, b in zip(after, before, strict=True)), p
        for o in rest[index]:  # all else drawn there: cut lines in the gaps, in the safe area
            line = Rect.from_corners(*o[1:])
            assert o[0] == "lines" and len(here) > 1, (kit, index, o)
            assert safe.contains(line, tolerance=TOL), (kit, index, o)
            assert all(_separation(line, p.box) >= GAP / 2 - TEXT_SLACK for p in here), o

    # every bookmark opens the sheet that shows the component's first page
    first = {p.component: p.kit_page for p in pieces if p.page == 0}
    marks = [_page_number(reader, item) for item in reader.outline]
    assert marks == [first[n] for n in names]

    if reader.viewer_preferences is None or "/Duplex" not in reader.viewer_preferences:
        return
    assert all(m % 2 == 0 for m in marks), "a component starts on a back"
    assert len(reader.pages) % 2 == 0
    assert_backs_behind(folder / f"{kit}-kit.pdf", pieces)


def assert_backs_behind(kit: Path, pieces: list[Piece]) -> None:
    """Double-sided (long-edge flip: a portrait sheet's back mirrors its columns, a landscape
    sheet's its rows): every piece's front lands on a front; a two-sided piece's back lands
    on the back of that sheet, moved as the mirror image of its front; nothing is printed
    behind a one-sided piece."""
    reader = PdfReader(str(kit))
    every = page_objects(kit)
    backs = {i: every[i] for i in range(1, len(every), 2)}
    for p in pieces:
        box = reader.pages[p.kit_page].mediabox
        width, height = float(box.width), float(box.height)
        columns = height >= width
        if p.two_sided and p.page % 2:  # a back
            front = next(f for f in pieces if f.component == p.component
                         and f.page == p.page - 1)
            assert p.kit_page == front.kit_page + 1
            mirrored = (-front.dx, front.dy) if columns else (front.dx, -front.dy)
            assert abs(p.dx - mirrored[0]) < TOL and abs(p.dy - mirrored[1]) < TOL, (p, front)
            continue
        assert p.kit_page % 2 == 0, f"{p.component} p{p.page + 1} lands on a back"
        if not p.two_sided:
            b = p.box
            behind = (Rect(width - b.right, b.y, b.w, b.h) if columns
                      else Rect(b.x, height - b.top, b.w, b.h))
            for o in backs[p.kit_page + 1]:
                assert _separation(behind, Rect.from_corners(*o[1:])) > 0, (p, o)


@pytest.mark.parametrize("kit", ["tug-of-war"])
def test_the_fast_reading_is_pdfplumbers(tmp_path_factory: pytest.TempPathFactory,
                                         kit: str) -> None:
    """The packing tests read pages with :func:`page_objects`; on kit pages that hold moved
    pieces (forms placed with an offset) and on their component pages it gives exactly what
    pdfplumber gives, object for object, in the same order."""
    folder = built(tmp_path_factory, kit, ("a3", False))
    pdfs = [folder / f"{kit}-kit.pdf", *(folder / f"{n}.pdf" for n in packed_names(kit))]
    for pdf in pdfs:
        reader = PdfReader(str(pdf))
        with pdfplumber.open(pdf) as fast, pdfplumber.open(pdf) as slow:
            for page, plumb, own in zip(reader.pages, fast.pages, slow.pages, strict=True):
                assert _objects_fast(page, plumb) == _objects(own), (pdf.name, own.page_number)


def test_the_tug_of_war_kit_takes_fewer_sheets_on_a4(tmp_path: Path) -> None:
    """Measured before this change: 5 sheets (10 pages) on A4, with a sheet of athlete tokens
    using 15 % of its page and the dice on two pages."""
    build_kits("tug-of-war", BuildContext(paper("a4")), tmp_path, echo=lambda _s: None)
    assert sheet_count(tmp_path / "tug-of-war" / "tug-of-war-kit.pdf") <= 4


def test_on_a3_the_mat_no_longer_sits_alone(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = built(tmp_path_factory, "tug-of-war", ("a3", False))
    pieces, _rest = kit_pieces(folder, "tug-of-war")
    mat = next(p for p in pieces if p.component == "rope-mat")
    assert {p.component for p in pieces if p.kit_page == mat.kit_page} != {"rope-mat"}
    assert sheet_count(folder / "tug-of-war-kit.pdf") < sheet_count(
        built(tmp_path_factory, "tug-of-war", ("a3", False), pack=False) / "tug-of-war-kit.pdf")


def test_fonts_of_pieces_are_embedded_with_one_subset_per_name(
    tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A piece's fonts live in its form XObject's resources: they are embedded, and two
    different subsets never share a name there either."""
    for kit in sorted(kits()):
        reader = PdfReader(str(built(tmp_path_factory, kit, ("a3", False)) / f"{kit}-kit.pdf"))
        seen: dict[str, set[str]] = defaultdict(set)
        todo = [page.get("/Resources") for page in reader.pages]
        while todo:
            res = todo.pop()
            if res is None:
                continue
            res = res.get_object()
            for ref in res.get("/Font", {}).values():
                font = ref.get_object()
                desc = font["/FontDescriptor"].get_object()
                data = desc["/FontFile2"].get_object().get_data()
                seen[str(font["/BaseFont"])].add(hashlib.sha256(data).hexdigest())
            todo += [x.get_object().get("/Resources") for x in res.get("/XObject", {}).values()
                     if x.get_object().get("/Subtype") == "/Form"]
        assert seen and all(len(v) == 1 for v in seen.values()), kit


# -- the packer on pages of its own making ---------------------------------------------------


def _page(path: Path, *, boxes: list[tuple[float, float]], landscape: bool = False,
          duplex: bool = False, left: float = 10, width: float | None = None) -> Path:
    """A component PDF: one page per (top, height) in mm, a framed box ``width`` mm wide
    (default: across the page) with a caption; with ``duplex`` the pages are fronts and
    backs (a back's box at the mirror image of ``left``)."""
    sheet = paper("a4", landscape=landscape)
    w = mm(width) if width is not None else sheet.width - mm(2 * left)
    with open_canvas(path, sheet, ctx=draw_ctx(paper=sheet)) as c:
        if duplex:
            c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        for number, (top, height) in enumerate(boxes):
            x = sheet.width - mm(left) - w if duplex and number % 2 else mm(left)
            y = sheet.height - mm(top) - mm(height)
            c.rect(x, y, w, mm(height), stroke=1, fill=0)
            c.drawString(x + mm(2), y + mm(2), f"{path.stem} page {number + 1}")
            c.showPage()
    return path


def _draw_ctx() -> DrawContext:
    return DrawContext(BuildContext(paper("a4")), Preflight())


def _page_number(reader: PdfReader, item: object) -> int:
    """The page a bookmark of a kit opens (a kit's outline is flat, each opens a page)."""
    number = reader.get_destination_page_number(cast(Destination, item))
    assert number is not None
    return number


def _kit(tmp_path: Path, parts: list[tuple[str, Path]], pack: bool = True) -> KitSheets:
    out = tmp_path / f"kit-{pack}.pdf"
    return assemble_kit("Test kit", parts, out, _draw_ctx(), pack=pack)


def test_small_pages_share_a_sheet_with_a_cut_line_between(tmp_path: Path) -> None:
    a = _page(tmp_path / "a.pdf", boxes=[(10, 100)])
    b = _page(tmp_path / "b.pdf", boxes=[(10, 120)])
    c = _page(tmp_path / "c.pdf", boxes=[(10, 200)])
    packed = _kit(tmp_path, [("A", a), ("B", b), ("C", c)])
    flat = _kit(tmp_path, [("A", a), ("B", b), ("C", c)], pack=False)
    assert (packed.sheets, flat.sheets, packed.unpacked) == (2, 3, 3)
    reader = PdfReader(str(packed.path))
    assert reader.page_labels == ["A 1 + B", "C 1"]
    assert [_page_number(reader, o) for o in reader.outline] == [0, 0, 1]
    assert PdfReader(str(flat.path)).page_labels == ["A 1", "B 1", "C 1"]
    with pdfplumber.open(packed.path) as pdf:
        lines = [o for o in pdf.pages[0].lines if abs(o["y0"] - o["y1"]) < TOL]
        boxes = sorted((r["top"], r["bottom"]) for r in pdf.pages[0].rects)
    assert len(boxes) == 2 and boxes[1][0] - boxes[0][1] >= GAP  # A on top, B below it
    cut = [o for o in lines if boxes[0][1] < o["top"] < boxes[1][0]]
    assert len(cut) == 1 and cut[0]["x1"] - cut[0]["x0"] > mm(190)  # right across the sheet
    assert packed.path.read_bytes() == _kit(tmp_path, [("A", a), ("B", b), ("C", c)]
                                            ).path.read_bytes()


def test_a_one_sided_page_lands_only_where_the_back_is_empty(tmp_path: Path) -> None:
    """A two-sided strip of tokens on the top 60 mm: a one-sided page may go under it when the
    back carries nothing there, not when the back is printed there."""
    small = _page(tmp_path / "small.pdf", boxes=[(10, 50)])
    behind = _page(tmp_path / "behind.pdf", boxes=[(10, 60), (10, 60)], duplex=True)
    below = _page(tmp_path / "below.pdf", boxes=[(10, 60), (150, 120)], duplex=True)
    ok = _kit(tmp_path, [("Tokens", behind), ("Small", small)])
    assert (ok.sheets, ok.unpacked, ok.pages) == (1, 2, 2)
    pieces, _rest = find_pieces(ok.path, [("tokens", behind), ("small", small)])
    assert {p.kit_page for p in pieces if p.component == "small"} == {0}
    assert_backs_behind(ok.path, pieces)
    (tmp_path / "no").mkdir()
    blocked = assemble_kit("Test kit", [("Tokens", below), ("Small", small)],
                           tmp_path / "no" / "kit.pdf", _draw_ctx())
    assert blocked.sheets == 2 and blocked.unpacked == 2


def test_a_two_sided_page_moves_with_its_back_behind_it(tmp_path: Path) -> None:
    """Tokens beside a one-sided mat that fills the left half: their front moves right, their
    back moves left by as much, so it stays behind them (long-edge flip)."""
    mat = _page(tmp_path / "mat.pdf", boxes=[(10, 270)], width=90)
    tokens = _page(tmp_path / "tokens.pdf", boxes=[(20, 60), (20, 60)], duplex=True,
                   width=80)
    kit = _kit(tmp_path, [("Mat", mat), ("Tokens", tokens)])
    assert (kit.sheets, kit.pages, kit.unpacked) == (1, 2, 2)
    pieces, rest = find_pieces(kit.path, [("mat", mat), ("tokens", tokens)])
    front, back = (next(p for p in pieces if p.component == "tokens" and p.page == n)
                   for n in (0, 1))
    assert (front.kit_page, back.kit_page) == (0, 1)
    assert front.dx >= mm(90) and abs(front.dx + back.dx) < TOL and front.dy == back.dy
    assert front.box.x - mm(100) >= GAP - TOL  # beside the mat, the gap between
    assert [o[0] for o in rest[0]] == ["lines"] and rest[1] == []  # one cut line, on the front
    assert PdfReader(str(kit.path)).page_labels == ["Mat 1 + Tokens", "Mat 2 + Tokens"]


def test_pages_that_print_differently_keep_their_own_sheets(tmp_path: Path) -> None:
    portrait = _page(tmp_path / "p.pdf", boxes=[(10, 50)])
    landscape = _page(tmp_path / "l.pdf", boxes=[(10, 50)], landscape=True)
    kit = _kit(tmp_path, [("P", portrait), ("L", landscape)])
    assert kit.sheets == 2


def _unit(part: int, footprint: Rect) -> Unit:
    sheet = Rect(0, 0, paper("a4").width, paper("a4").height)
    return Unit(part, (0,), (("a4",),), sheet, sheet.inset(SAFE), footprint)


def test_a_piece_never_moves_further_out_of_the_safe_area() -> None:
    """A piece that reaches past the safe area at the foot (a slug line, printer's marks)
    cannot move down; one that reaches past it at the side can move only up or down."""
    width, height = paper("a4").size
    host = _unit(0, Rect.from_corners(SAFE, height - mm(30), width - SAFE, height - SAFE))
    inside = _unit(1, Rect.from_corners(SAFE, mm(40), width - SAFE, height - mm(20)))
    slugged = _unit(1, Rect.from_corners(SAFE, mm(2), width - SAFE, height - mm(20)))
    layout = plan_sheets([host, inside])
    assert len(layout.sheets) == 1 and layout.sheets[0].placements[1].dy < 0
    assert len(plan_sheets([host, slugged]).sheets) == 2
    side = _unit(1, Rect.from_corners(mm(3), height - mm(60), mm(100), height - SAFE))
    layout = plan_sheets([host, side])
    assert len(layout.sheets) == 1
    moved = layout.sheets[0].placements[1]
    assert moved.dx == 0 and moved.dy < -mm(20)
    assert len(plan_sheets([host, side], pack=False).sheets) == 2


def test_no_pack_gives_one_component_page_per_sheet_and_every_kit_reports_its_sheets(
        cli: Cli, tmp_path: Path) -> None:
    r = cli("build", "dice", "--paper", "a3", "--out", str(tmp_path / "packed"))
    assert r.code == 0, r.err
    flat = cli("build", "dice", "--paper", "a3", "--no-pack", "--out", str(tmp_path / "flat"))
    assert flat.code == 0, flat.err
    packed_pdf = tmp_path / "packed" / "dice" / "dice-kit.pdf"
    flat_pdf = tmp_path / "flat" / "dice" / "dice-kit.pdf"
    sheets = sheet_count(packed_pdf)
    assert sheets < sheet_count(flat_pdf) == len(PdfReader(str(flat_pdf)).pages)
    line = [s for s in r.out.splitlines() if s.startswith("dice: ")]
    assert line == [f"dice: {sheets} sheet{'s' * (sheets != 1)} of a3, one-sided ({sheets} "
                    f"page{'s' * (sheets != 1)}); {sheet_count(flat_pdf)} with one component "
                    "page per sheet"]
    report = (tmp_path / "packed" / "dice" / "preflight.txt").read_text().splitlines()
    assert report[0].startswith("preflight: 0 error(s)")
    assert report[-1] == "kit: " + line[0].removeprefix("dice: ")
