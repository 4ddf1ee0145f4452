"""The Pwinch Wars counter sheets and team trays measured in their PDFs, on A4 and Letter.

Every number the tests expect comes from the game data the engine plays with
(``load_data()``): the roster's skills, the equipment's ``counters`` and ``uses``, the ten
boxes of a tray, the maps' hex size. The components are drawn as the pipeline draws a kit's
(inside :func:`printkit.pipeline.drawing`, each PDF checked by preflight), so the tests do not
need the kit to be registered.
"""

from __future__ import annotations

from collections import Counter
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import (
    Unreadable,
    curves_left_out,
    page_texts,
    pdf_fonts,
    pdf_text,
    plumbed_shapes,
    shapes_left_out,
)
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.engines.pwinch_wars import Side, TeamColour, load_data
from printkit.kits import get_kit
from printkit.page import preflight
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.counters import (
    LAYOUT,
    counter_components,
    counter_margin_mm,
    counter_mm,
    counter_sheets,
    portrait_of,
    printed_counts,
    split_weapons,
)
from printkit.templates.pwinch_wars.style import TEAM_LETTERS, side_ink, team_ink
from printkit.templates.pwinch_wars.trays import (
    box_holds,
    tray_boxes,
    tray_component,
    tray_geometry,
)

MM = 72 / 25.4
TOL = 0.1  # mm
DATA = load_data()
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TWO_SIDED = ("character-counters", "team-markers")
ALL = ("character-counters", "weapon-counters-1", "weapon-counters-2", "defensive-counters",
       "team-markers", "team-trays")


def build(out: Path, paper_name: str, duplex: str = "long", only: tuple[str, ...] = ALL,
          profile: str = "home", *, locale: str = "en", landscape: bool = False
          ) -> tuple[dict[str, Path], Preflight]:
    """The components drawn as the pipeline draws a kit's, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    report = Preflight()
    paths: dict[str, Path] = {}
    build_ctx = BuildContext(paper(paper_name, landscape=landscape), profile=profile,
                             locale=locale)
    with drawing(build_ctx, report, get_kit("pwinch-wars")) as ctx:
        for comp in [*counter_components(), tray_component()]:
            if comp.name not in only:
                continue
            path = out / f"{comp.name}.pdf"
            comp.draw(ctx.for_component(comp.name), comp.make_options({"duplex": duplex}), path)
            preflight.check_pdf(path, report=report)
            paths[comp.name] = path
    return paths, report


Built = dict[tuple[str, str], tuple[dict[str, Path], Preflight]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory
          ) -> dict[tuple[str, str], tuple[dict[str, Path], Preflight]]:
    """Every component on A4 and Letter (duplex long); the two-sided sheets also with the
    short-edge and the gutter-fold duplex."""
    out = tmp_path_factory.mktemp("pwinch-counters")
    runs = {}
    for name in PAPERS:
        runs[(name, "long")] = build(out / f"{name}-long", name, "long")
        for mode in ("short", "fold"):
            runs[(name, mode)] = build(out / f"{name}-{mode}", name, mode, TWO_SIDED)
    return runs


_DOCS: dict[Path, Any] = {}


@pytest.fixture(scope="module", autouse=True)
def _close_documents() -> Any:
    yield
    for doc in _DOCS.values():
        doc.close()
    _DOCS.clear()


def _plumbed(pdf: Path) -> Any:
    """``pdfplumber.open(pdf)`` for a PDF of the module's ``built`` fixture, opened once for
    the module: pdfplumber reads a page's objects once, and several tests read the same
    sheets (closed at the module's end). The pages are read without their curved paths
    (``conftest.curves_left_out``: the thousands of curves of the team patterns), which
    leaves their rectangles, lines, characters and words as they were
    (``test_pages_read_without_curves_keep_everything_else``)."""
    if pdf not in _DOCS:
        doc = _DOCS[pdf] = pdfplumber.open(pdf)
        for page in doc.pages:  # the tests read rectangles, lines and words, not curves
            curves_left_out(page)
    return nullcontext(_DOCS[pdf])


def test_pages_read_without_curves_keep_everything_else(built: Built) -> None:
    """On a front of team markers (the patterns' thousands of curves) and of weapons."""
    paths = built[("a4", "long")][0]
    for name in ("team-markers", "weapon-counters-1"):
        with pdfplumber.open(paths[name]) as whole, _plumbed(paths[name]) as fast:
            for page, read in zip(whole.pages[:1], fast.pages[:1], strict=True):
                assert read.rects == page.rects and read.lines == page.lines, name
                assert read.chars == page.chars, name
                assert read.extract_words() == page.extract_words(), name
                assert len(read.curves) < len(page.curves), name  # curves were left out


def _size_mm(page: Any) -> tuple[float, float]:
    return (round(float(page.mediabox.width) / MM, 1),
            round(float(page.mediabox.height) / MM, 1))


def _rgb(ink: Any) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in ink.rgb())


def _colour(obj: dict[str, Any]) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in obj["non_stroking_color"] or ())


def _cells(page: Any, ink: Any) -> list[tuple[float, float, float, float]]:
    """The counter-sized rectangles filled with ``ink`` (a counter's ground), in drawing
    order, as (x0, y0, x1, y1) in PDF points (y up)."""
    side = counter_mm()
    h = float(page.height)
    return [(r["x0"], h - r["bottom"], r["x1"], h - r["top"]) for r in page.rects
            if abs(r["width"] / MM - side) < 0.05 and abs(r["height"] / MM - side) < 0.05
            and _colour(r) == _rgb(ink)]


def _inside(cell: tuple[float, float, float, float], x: float, y: float) -> bool:
    return cell[0] <= x <= cell[2] and cell[1] <= y <= cell[3]


_WORDS: dict[int, tuple[Any, list[tuple[str, float, float]]]] = {}


def _words(page: Any) -> list[tuple[str, float, float]]:
    """The page's words with their centres (y up), extracted once per page."""
    hit = _WORDS.get(id(page))
    if hit is None or hit[0] is not page:
        h = float(page.height)
        words = [(w["text"], (w["x0"] + w["x1"]) / 2, h - (w["top"] + w["bottom"]) / 2)
                 for w in page.extract_words()]
        hit = _WORDS[id(page)] = (page, words)
    return hit[1]


def _words_in(page: Any, cell: tuple[float, float, float, float]) -> list[str]:
    return [t for t, x, y in _words(page) if _inside(cell, x, y)]


def _chars_in(page: Any, cell: tuple[float, float, float, float]) -> list[dict[str, Any]]:
    h = float(page.height)
    return [ch for ch in page.chars
            if _inside(cell, (ch["x0"] + ch["x1"]) / 2, h - (ch["top"] + ch["bottom"]) / 2)]


def _mirror(cell: tuple[float, float, float, float], page: Any, mode: str,
            fold: float | None) -> tuple[float, float, float, float]:
    """Where a back cell lies behind the front, per duplex mode (portrait paper): the long
    edge flips left-right, the short edge top-bottom, the gutter fold about the fold line."""
    x0, y0, x1, y1 = cell
    w, h = float(page.width), float(page.height)
    if mode == "long":
        return (w - x1, y0, w - x0, y1)
    if mode == "short":
        return (x0, h - y1, x1, h - y0)
    assert fold is not None
    return (2 * fold - x1, y0, 2 * fold - x0, y1)


def _fold_x(page: Any) -> float:
    """The gutter fold's dashed line, read off the page: the one vertical line as tall as the
    safe area."""
    lines = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
             and ln["height"] > float(page.height) / 2]
    assert len(lines) == 1, lines
    return float(lines[0]["x0"])


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(p - q) / MM <= TOL for p, q in zip(a, b, strict=True))


# --- every component ------------------------------------------------------------------------


@pytest.mark.parametrize("run", [(p, m) for p in PAPERS for m in ("long", "short", "fold")])
def test_pages_exact_fonts_embedded_and_preflight_clean(built: Built, run: tuple[str, str]) -> None:
    paths, report = built[run]
    assert not report.findings, report.report()
    w, h = PAPERS[run[0]]
    for comp, pdf in paths.items():
        fonts = pdf_fonts(pdf)
        assert fonts and all(fonts.values()), (comp, fonts)
        assert not any("Helvetica" in f for f in fonts), comp
        pages = PdfReader(str(pdf)).pages
        for page in pages:
            assert _size_mm(page) == (w, h), comp
        expected = 3 if comp == "team-trays" else 2 if comp in TWO_SIDED and run[1] != "fold" \
            else 1
        assert len(pages) == expected, comp


def test_print_shop_profile_is_clean(tmp_path: Path) -> None:
    paths, report = build(tmp_path, "a4", "long", ("character-counters", "team-trays"),
                          profile="print-shop")
    assert not report.findings, report.report()
    assert all(all(pdf_fonts(p).values()) for p in paths.values())


def test_the_same_build_twice_is_byte_identical(tmp_path: Path) -> None:
    one, _ = build(tmp_path / "one", "letter", "fold")
    two, _ = build(tmp_path / "two", "letter", "fold")
    for name in ALL:
        assert one[name].read_bytes() == two[name].read_bytes(), name


def test_every_sheet_says_glue_on_cardboard(built: Built) -> None:
    for run in built.values():
        for name, pdf in run[0].items():
            if name == "team-trays":  # the seed's asterisk is not on the trays
                assert "cardboard" not in " ".join(pdf_text(pdf).split())
            else:  # read with pdfium: pypdf takes seconds over the markers' sheets
                assert "thin cardboard" in " ".join(" ".join(page_texts(pdf)).split()), name


# --- counter size -----------------------------------------------------------------------------


def test_counter_lies_inside_a_hex_with_margin(built: Built) -> None:
    assert counter_mm() == LAYOUT.counter.size
    for game_map in DATA.maps.values():
        assert game_map.hex_flat_mm == 25.0
        assert counter_margin_mm(game_map) >= LAYOUT.counter.min_margin
    # the cut cells measure counter_mm x counter_mm
    pdf = built[("a4", "long")][0]["weapon-counters-1"]
    with _plumbed(pdf) as doc:
        cells = _cells(doc.pages[0], LAYOUT.ink["weapon"])
    assert cells
    for x0, y0, x1, y1 in cells:
        assert abs((x1 - x0) / MM - counter_mm()) <= TOL
        assert abs((y1 - y0) / MM - counter_mm()) <= TOL


# --- counts against the data ----------------------------------------------------------------


def test_printed_counts_equal_the_data() -> None:
    counts = printed_counts()
    assert counts["characters"] == len(DATA.roster.characters) == 24
    for item in DATA.equipment.items:
        assert counts.get(f"item:{item.id}", 0) == item.counters
    for colour in TeamColour:
        assert counts[f"hidden:{colour.value}"] == tray_boxes() == 10
        assert counts[f"hq:{colour.value}"] == 1
        assert counts[f"flag:{colour.value}"] == 1
    assert counts["turn-marker"] == 1
    assert "item:sling" not in counts  # the built-in sling has no counter


def test_weapons_split_over_two_sheets() -> None:
    first, second = split_weapons(DATA)
    weapons = [i for i in DATA.equipment.items if i.weapon and i.counters]
    assert list(first) + list(second) == weapons
    assert first and second
    total = sum(i.counters for i in weapons)
    assert sum(i.counters for i in first) >= total / 2 > sum(i.counters for i in first[:-1])


@pytest.mark.parametrize("paper_name", PAPERS)
def test_counters_drawn_per_kind_equal_the_data(built: Built, paper_name: str) -> None:
    paths = built[(paper_name, "long")][0]
    with _plumbed(paths["character-counters"]) as doc:
        assert len(_cells(doc.pages[0], side_ink(Side.BLUE))) == len(DATA.roster.characters)
        assert len(_cells(doc.pages[1], side_ink(Side.RED))) == len(DATA.roster.characters)
    first, second = split_weapons(DATA)
    for name, items in (("weapon-counters-1", first), ("weapon-counters-2", second)):
        text = pdf_text(paths[name])
        with _plumbed(paths[name]) as doc:
            assert len(_cells(doc.pages[0], LAYOUT.ink["weapon"])) == sum(
                i.counters for i in items)
        for item in items:
            assert text.count(item.name) == item.counters, item.id
    defensive = [i for i in DATA.equipment.items if not i.weapon and i.counters]
    text = pdf_text(paths["defensive-counters"])
    with _plumbed(paths["defensive-counters"]) as doc:
        assert len(_cells(doc.pages[0], LAYOUT.ink["gear"])) == sum(
            i.counters for i in defensive)
        assert len(_cells(doc.pages[0], LAYOUT.ink["turn"])) == 1
    for item in defensive:
        assert text.count(item.name) == item.counters, item.id
    with _plumbed(paths["team-markers"]) as doc:
        front = doc.pages[0]
        for colour in TeamColour:
            cells = _cells(front, team_ink(colour))
            assert len(cells) == tray_boxes() + 2  # ten markers, the HQ and the flag
            letters = [w for cell in cells for w in _words_in(front, cell)]
            assert letters.count(TEAM_LETTERS[colour]) == len(cells)  # told apart in grey
            assert letters.count("?") == tray_boxes()


# --- backs behind fronts --------------------------------------------------------------------


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("mode", ["long", "short", "fold"])
def test_character_backs_lie_behind_their_fronts(built: Built, paper_name: str, mode: str) -> None:
    """For every pwincher: the cell of his red side, mirrored per the duplex mode, is the
    cell of his blue side, within 0.1 mm."""
    pdf = built[(paper_name, mode)][0]["character-counters"]
    with _plumbed(pdf) as doc:
        front = doc.pages[0]
        back = doc.pages[0 if mode == "fold" else 1]
        fold = _fold_x(front) if mode == "fold" else None
        blue, red = _cells(front, side_ink(Side.BLUE)), _cells(back, side_ink(Side.RED))
        for character in DATA.roster.characters:
            f = [c for c in blue if character.name in _words_in(front, c)]
            b = [c for c in red if character.name in _words_in(back, c)]
            assert len(f) == 1 and len(b) == 1, character.name
            assert _close(_mirror(b[0], back, mode, fold), f[0]), character.name


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("mode", ["long", "short", "fold"])
def test_marker_numbers_lie_behind_their_markers(built: Built, paper_name: str, mode: str) -> None:
    """The n-th "?" marker of a team (in drawing order: 1 to 10) has the number n behind it;
    the HQ and the flag have themselves behind them."""
    pdf = built[(paper_name, mode)][0]["team-markers"]
    with _plumbed(pdf) as doc:
        front = doc.pages[0]
        back = doc.pages[0 if mode == "fold" else 1]
        fold = _fold_x(front) if mode == "fold" else None
        for colour in TeamColour:
            fronts = [c for c in _cells(front, team_ink(colour))
                      if "?" in _words_in(front, c)]
            if mode == "fold":
                fronts = [c for c in fronts if c[2] <= fold]  # type: ignore[operator]
            backs = _cells(back, team_ink(colour))
            assert len(fronts) == tray_boxes()
            for number, cell in enumerate(fronts, start=1):
                behind = [b for b in backs if _close(_mirror(b, back, mode, fold), cell)]
                assert len(behind) == 1, (colour, number)
                assert str(number) in _words_in(back, behind[0]), (colour, number)
            for label in ("HQ",):
                f = [c for c in _cells(front, team_ink(colour)) if label in
                     _words_in(front, c) and (fold is None or c[2] <= fold)]
                b = [c for c in backs if label in _words_in(back, c)
                     and (fold is None or c[0] >= fold)]
                assert len(f) == 1 and len(b) == 1
                assert _close(_mirror(b[0], back, mode, fold), f[0])


# --- what the counters show -----------------------------------------------------------------


@pytest.mark.parametrize("paper_name", PAPERS)
def test_every_character_shows_its_name_and_numbers(built: Built, paper_name: str) -> None:
    pdf = built[(paper_name, "long")][0]["character-counters"]
    text = pdf_text(pdf)
    with _plumbed(pdf) as doc:
        for page, side in ((doc.pages[0], Side.BLUE), (doc.pages[1], Side.RED)):
            cells = _cells(page, side_ink(side))
            for character in DATA.roster.characters:
                assert character.name in text
                cell = next(c for c in cells if character.name in _words_in(page, c))
                words = [w for w in _words_in(page, cell) if w != character.name]
                digits = sorted(int(w) for w in words if w.isdigit())
                assert digits == sorted([character.fire, character.moral(side),
                                         character.sneak, character.move]), character.id
                letters = [w for w in words if not w.isdigit()]
                assert letters == ([character.special] if character.special else [])


@pytest.mark.parametrize("paper_name", PAPERS)
def test_uses_squares_show_the_uses(built: Built, paper_name: str) -> None:
    """Each counter of an item with uses has one blue square per use, numbered from the
    uses down to 1; the full count reads upright in the bottom-right corner."""
    square = LAYOUT.item.uses_square
    paths = built[(paper_name, "long")][0]
    seen = Counter[str]()
    for name in ("weapon-counters-1", "weapon-counters-2", "defensive-counters"):
        with _plumbed(paths[name]) as doc:
            page = doc.pages[0]
            h = float(page.height)
            squares = [(r["x0"], h - r["bottom"], r["x1"], h - r["top"]) for r in page.rects
                       if abs(r["width"] / MM - square) < 0.05
                       and _colour(r) == _rgb(LAYOUT.ink["uses"])]
            for ink in ("weapon", "gear"):
                for cell in _cells(page, LAYOUT.ink[ink]):
                    words = " ".join(_words_in(page, cell))
                    item = next(i for i in DATA.equipment.items if i.name in words
                                and i.counters)
                    seen[item.id] += 1
                    mine = [s for s in squares if _inside(cell, (s[0] + s[2]) / 2,
                                                          (s[1] + s[3]) / 2)]
                    assert len(mine) == item.uses, item.id
                    numbers = []
                    for s in mine:
                        chars = _chars_in(page, s)
                        assert len(chars) == 1
                        numbers.append(int(chars[0]["text"]))
                        if int(chars[0]["text"]) == item.uses:
                            assert chars[0]["upright"]
                            assert s[0] > (cell[0] + cell[2]) / 2  # right half
                            assert s[3] < (cell[1] + cell[3]) / 2  # bottom half
                    assert sorted(numbers) == list(range(1, item.uses + 1))
    assert dict(seen) == {i.id: i.counters for i in DATA.equipment.items if i.counters}


def test_portraits_vary_and_are_stable() -> None:
    faces = [portrait_of(c) for c in DATA.roster.characters]
    assert len(set(faces)) == len(faces)  # every pwincher has a face of his own
    assert faces == [portrait_of(c) for c in DATA.roster.characters]
    assert len({f.hair for f in faces}) >= 4 and len({f.skin for f in faces}) >= 3


def test_sheets_cover_the_seed_component_list() -> None:
    assert [s.name for s in counter_sheets()] == list(ALL[:-1])
    assert {s.name for s in counter_sheets() if s.two_sided} == set(TWO_SIDED)


# --- team trays -------------------------------------------------------------------------------


def _slots(page: Any) -> list[tuple[float, float]]:
    return [(r["width"] / MM, r["height"] / MM) for r in page.rects
            if _colour(r) == (1.0, 1.0, 1.0) and 15 < r["width"] / MM < 25]


@pytest.mark.parametrize("paper_name", PAPERS)
def test_tray_boxes_hold_a_character_and_one_item_of_each_kind(
    built: Built, paper_name: str
) -> None:
    kinds = len([i for i in DATA.equipment.items if i.counters])
    assert kinds == len(DATA.equipment.items) - 1 == 9  # every item but the built-in sling
    build_ctx = BuildContext(paper(paper_name))
    with drawing(build_ctx, Preflight()) as ctx:
        holds = box_holds(ctx)
        geometry = tray_geometry(ctx)
    assert tray_boxes() == 10 == len(geometry.boxes)
    assert holds >= 1 + kinds
    pdf = built[(paper_name, "long")][0]["team-trays"]
    text = pdf_text(pdf)
    with _plumbed(pdf) as doc:
        assert len(doc.pages) == len(TeamColour)
        for page, colour in zip(doc.pages, TeamColour, strict=True):
            slots = _slots(page)
            assert len(slots) == tray_boxes() * holds  # measured in the PDF
            assert all(w >= counter_mm() and h >= counter_mm() for w, h in slots)
            words = page.extract_words()
            numbers = {w["text"] for w in words if w["text"].isdigit()}
            assert {str(n) for n in range(1, tray_boxes() + 1)} <= numbers
            assert TEAM_LETTERS[colour] in {w["text"] for w in words}
    for name in ("light blue", "yellow", "pink"):
        assert name in text


# --- other languages, papers and the print shop -----------------------------------------------


def _strokes(page: Any, shapes: Any = None) -> list[tuple[float, float, float, float]]:
    """Every stroked object's box (x0, y0, x1, y1), y up: of the page's lines, rectangles and
    curves, or of ``shapes`` read from it by ``conftest.plumbed_shapes`` (the same boxes)."""
    h = float(page.height)
    if shapes is None:
        shapes = (*page.lines, *page.rects, *page.curves)
    return [(o["x0"], h - o["bottom"], o["x1"], h - o["top"])
            for o in shapes if o.get("stroke")]


@pytest.mark.parametrize("paper_name", PAPERS)
def test_no_stroke_runs_along_a_counters_cut_at_the_print_shop(
    tmp_path: Path, paper_name: str
) -> None:
    """At a print shop the trim is the cut: an outline on it is half cut off, or shows as a
    sliver on the neighbour. Checked against every counter's own cut (not only the sheet's
    outer edge): no stroke's box has a side within 0.6 pt of a cut over 2 mm of it."""
    from printkit.templates.pwinch_wars.counters import draw_sheet

    sheets = {s.name: s for s in counter_sheets()}
    with drawing(BuildContext(paper(paper_name), profile="print-shop"), Preflight()) as ctx:
        for name, sheet in sheets.items():
            out = tmp_path / f"{name}.pdf"
            _plan, placements = draw_sheet(ctx.for_component(name), sheet, out,
                                           "long" if sheet.two_sided else "none")
            reader = PdfReader(str(out))
            with pdfplumber.open(out) as doc:
                for number, page in enumerate(doc.pages):
                    try:  # read fast, as pdfplumber reads them (tests/test_print_shop.py)
                        strokes = _strokes(page, plumbed_shapes(reader.pages[number], page))
                    except Unreadable:
                        strokes = _strokes(page)
                    cuts = [p.trim for p in placements if p.page == number]
                    assert cuts and strokes, (name, number)
                    for t in cuts:
                        for x0, y0, x1, y1 in strokes:
                            along_y = min(y1, t.top) - max(y0, t.y)
                            along_x = min(x1, t.right) - max(x0, t.x)
                            near_x = min(abs(v - e) for v in (x0, x1) for e in (t.x, t.right))
                            near_y = min(abs(v - e) for v in (y0, y1) for e in (t.y, t.top))
                            assert not (along_y > 2 * MM and near_x < 0.6), (name, number, t)
                            assert not (along_x > 2 * MM and near_y < 0.6), (name, number, t)


def test_japanese_headers_hint_and_booklet_wrap_inside_the_page(tmp_path: Path) -> None:
    """Japanese is written without spaces: the sheets' headers, the trays' hint and the
    booklet's lines break between characters and stay inside the safe area (preflight), and
    a sign and a digit fit their symbols at 6 pt in the Japanese font."""
    from printkit.kits import NoOptions
    from printkit.templates.pwinch_wars.booklet import draw_scenario_booklet

    paths, report = build(tmp_path, "a4", locale="ja")
    booklet = tmp_path / "scenario-booklet.pdf"
    with drawing(BuildContext(paper("a4"), locale="ja"), report, get_kit("pwinch-wars")) as ctx:
        draw_scenario_booklet(ctx.for_component("scenario-booklet"), NoOptions(), booklet)
        preflight.check_pdf(booklet, report=report)
    assert not report.findings, report.report()
    safe = BuildContext(paper("a4"))
    with drawing(safe, Preflight()) as ctx:
        right = ctx.safe_area.right
    for pdf in (paths["character-counters"], paths["team-markers"], paths["team-trays"],
                booklet):
        with pdfplumber.open(pdf) as doc:
            page = doc.pages[0]
            shapes_left_out(page)  # the same characters, read without the drawings' paths
            lines = {round(c["top"]) for c in page.chars if "\u3040" <= c["text"] <= "\u9fff"}
            assert len(lines) >= 3, pdf  # the Japanese text took several lines
            assert max(c["x1"] for c in page.chars) <= right + 0.01, pdf


@pytest.mark.parametrize(("paper_name", "landscape"),
                         [("a4", True), ("letter", True), ("universal", True),
                          ("tabloid", False), ("a3", False)])
def test_other_papers_build_clean(tmp_path: Path, paper_name: str, landscape: bool) -> None:
    """A landscape page is too short for ten tray boxes: they share out over pages of the
    tray, each box still holding a character and one item of each kind; a sheet whose
    counters fill the page (tabloid) still finds room for its header."""
    paths, report = build(tmp_path, paper_name, landscape=landscape)
    assert not report.findings, report.report()
    build_ctx = BuildContext(paper(paper_name, landscape=landscape))
    with drawing(build_ctx, Preflight()) as ctx:
        geometry = tray_geometry(ctx)
        holds = box_holds(ctx)
        safe = ctx.safe_area
    kinds = len([i for i in DATA.equipment.items if i.counters])
    assert holds >= 1 + kinds and len(geometry.boxes) == tray_boxes()
    for k, box in enumerate(geometry.boxes):
        assert safe.x <= box.x and box.right <= safe.right and safe.y <= box.y, k
        assert box.top <= geometry.hint.y, k
        for j in range(k):
            other = geometry.boxes[j]
            if geometry.pages[j] == geometry.pages[k]:
                assert (box.x >= other.right or other.x >= box.right or box.y >= other.top
                        or other.y >= box.top), (j, k)
    with pdfplumber.open(paths["team-trays"]) as doc:
        assert len(doc.pages) == len(TeamColour) * geometry.page_count
        if landscape and paper_name != "tabloid":
            assert geometry.page_count == 2
        for t, colour in enumerate(TeamColour):
            numbers: set[str] = set()
            slots = 0
            for page in doc.pages[t * geometry.page_count:(t + 1) * geometry.page_count]:
                numbers |= {w["text"] for w in page.extract_words() if w["text"].isdigit()}
                slots += len(_slots(page))
            assert {str(n) for n in range(1, tray_boxes() + 1)} <= numbers, colour
            assert slots == tray_boxes() * holds, colour
    for name in TWO_SIDED:  # every counter is printed, the header on the first page
        with pdfplumber.open(paths[name]) as doc:
            shapes_left_out(doc.pages[0])  # the same text, read without the drawings' paths
            assert "Pwinch Wars" in (doc.pages[0].extract_text() or ""), name
