"""The W.A.R. – Powers 'n Points components measured in their PDFs: the play sheet (boxes,
circles, history cells, score track and trap slots where :class:`SheetLayout` says they are),
the powers card and the round card, on A4 and Letter, for the standard sheet and a custom one.

Every count the tests expect comes from the sheet and the rules data the engine plays with.
The components are drawn the way the pipeline draws a kit's components (inside
:func:`printkit.pipeline.drawing`, each PDF checked by preflight), so the tests do not depend
on the kit being registered.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader

from printkit.context import BuildContext, DrawContext
from printkit.engines.war_pnp.rules import RULES
from printkit.engines.war_pnp.sheets import STANDARD, SheetSpec, parse_sheet
from printkit.geometry import Rect
from printkit.kits import get_kit
from printkit.page import preflight
from printkit.page.preflight import MIN_TEXT_PT, MIN_WRITE_ROW, WRITE_DIGIT, Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.war_pnp.cards import POWER_NAMES, round_blocks
from printkit.templates.war_pnp.components import components
from printkit.templates.war_pnp.sheet import LAYOUT, SheetLayout, sheet_area
from printkit.templates.war_pnp.sheets import SHEET_OPTION

MM = 72 / 25.4
TOL = 0.05  # points
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
NAMES = ("play-sheet", "powers-card", "round-card", "dice")
ROWS, BOXES = RULES.power_rows, RULES.boxes_per_row
CUSTOM: dict[str, Any] = {
    "name": "The Gardener",
    "powers": ["grow", "double", "bend", "steal", "cancel", "reroll", "poke"],
    "history_length": 24,
    "free_activation": True,
    "options": {"grow": [[1, 0], [2, 0], [2, 0], [3, 1], [3, 0], [4, 0]]},
    "points_columns": [
        {"sums": [2, 3, 11, 12], "values": [4, 8, 12, 16, 20, 24]},
        {"sums": [4, 10], "values": [4, 8, 12, 16, 20, 24]},
        {"sums": [5, 9], "values": [3, 6, 9, 12, 15, 18]},
        {"sums": [6, 8], "values": [2, 5, 7, 10, 12, 15]},
        {"sums": [7], "values": [3, 7, 11, 15, 19, 100]},
    ],
}


def build(out: Path, paper_name: str, sheet: dict[str, Any] | None = None
          ) -> tuple[dict[str, Path], Preflight]:
    """Every component drawn as the pipeline draws a kit's, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    options = {SHEET_OPTION: sheet} if sheet else {}
    report = Preflight()
    paths: dict[str, Path] = {}
    with drawing(BuildContext(paper(paper_name), game_options=options), report,
                 get_kit("war-pnp")) as ctx:
        for comp in components():
            path = out / f"{comp.name}.pdf"
            comp.draw(ctx.for_component(comp.name), comp.make_options({}), path)
            preflight.check_pdf(path, report=report)
            paths[comp.name] = path
    return paths, report


Built = dict[tuple[str, str], tuple[dict[str, Path], Preflight]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory
          ) -> dict[tuple[str, str], tuple[dict[str, Path], Preflight]]:
    """The standard and the custom build, on each paper, drawn once for the module."""
    out = tmp_path_factory.mktemp("war-pnp")
    return {(p, kind): build(out / kind / p, p, CUSTOM if kind == "custom" else None)
            for p in PAPERS for kind in ("standard", "custom")}


def layout(paper_name: str, spec: SheetSpec, *, first_page: bool = True) -> SheetLayout:
    ctx = DrawContext(BuildContext(paper(paper_name)), Preflight())
    return SheetLayout.fit(sheet_area(ctx, first_page=first_page), spec)


def shapes(page: Any) -> list[Rect]:
    """Every rectangle and curve (rounded boxes, circles) of a page, in PDF coordinates."""
    return [Rect(s["x0"], page.height - s["bottom"], s["width"], s["height"])
            for s in [*page.rects, *page.curves]]


def same(a: Rect, b: Rect, tol: float = TOL) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a.corners, b.corners, strict=True))


def drawn(found: list[Rect], rect: Rect, tol: float = TOL) -> bool:
    return any(same(s, rect, tol) for s in found)


@dataclasses.dataclass
class Page:
    """What the tests read of a PDF page (pdfplumber's objects, read while the file is open)."""

    height: float
    chars: list[dict[str, Any]]
    rects: list[dict[str, Any]]
    curves: list[dict[str, Any]]
    lines: list[dict[str, Any]]
    words: list[dict[str, Any]]
    text: str

    def extract_words(self) -> list[dict[str, Any]]:
        return self.words

    def extract_text(self) -> str:
        return self.text


@functools.cache
def pages(pdf: Path) -> list[Page]:
    """The pages of ``pdf``, parsed once (several tests read the same files)."""
    with pdfplumber.open(pdf) as doc:
        return [Page(p.height, p.chars, p.rects, p.curves, p.lines, p.extract_words(),
                     p.extract_text()) for p in doc.pages]


def circle(rect: Rect) -> Rect:
    """A circle's path as drawn: inside its square by half its line width."""
    half = LAYOUT.box.circle_line / 2
    return rect.inset(half)


# --- paper, fonts, minimums, safe area, preflight -------------------------------------------


@pytest.mark.parametrize("paper_name", PAPERS)
def test_every_component_is_on_the_paper_with_embedded_fonts(built: Built, paper_name: str) -> None:
    paths, _report = built[(paper_name, "standard")]
    for name in NAMES:
        fonts = pdf_fonts(paths[name])
        assert fonts and all(fonts.values()), (name, fonts)
        for page in PdfReader(str(paths[name])).pages:
            size = (round(float(page.mediabox.width) / MM, 1),
                    round(float(page.mediabox.height) / MM, 1))
            assert size == PAPERS[paper_name], name


@pytest.mark.parametrize("kind", ["standard", "custom"])
@pytest.mark.parametrize("paper_name", PAPERS)
def test_preflight_finds_nothing(built: Built, paper_name: str, kind: str) -> None:
    _paths, report = built[(paper_name, kind)]
    assert report.findings == [], report.report()


@pytest.mark.parametrize("kind", ["standard", "custom"])
@pytest.mark.parametrize("paper_name", PAPERS)
def test_no_text_under_the_minimum_and_everything_inside_the_safe_area(
    built: Built, paper_name: str, kind: str
) -> None:
    paths, _report = built[(paper_name, kind)]
    safe = DrawContext(BuildContext(paper(paper_name)), Preflight()).safe_area
    for name in ("play-sheet", "powers-card", "round-card"):
        for page in pages(paths[name]):
            assert min(ch["size"] for ch in page.chars) >= MIN_TEXT_PT - 0.01, name
            boxes = [Rect(o["x0"], page.height - o["bottom"], o["x1"] - o["x0"],
                          o["bottom"] - o["top"]) for o in page.chars]
            if name == "play-sheet":  # the cards' cut lines may run to the paper's edge
                boxes += shapes(page) + [Rect(ln["x0"], page.height - ln["bottom"],
                                              ln["width"], ln["height"]) for ln in page.lines]
            worst = max(safe.overshoot(b) for b in boxes)
            assert worst <= TOL, (name, worst / MM)


def test_the_same_build_twice_is_byte_identical(built: Built, tmp_path: Path) -> None:
    again, _report = build(tmp_path, "a4", CUSTOM)
    first, _report = built[("a4", "custom")]
    for name in NAMES:
        assert again[name].read_bytes() == first[name].read_bytes(), name


# --- the play sheet ------------------------------------------------------------------------


@pytest.mark.parametrize("paper_name", PAPERS)
def test_standard_sheet_has_36_powers_boxes_and_36_points_boxes_where_the_layout_says(
        built: Built, paper_name: str) -> None:
    paths, _report = built[(paper_name, "standard")]
    page = pages(paths["play-sheet"])[0]
    found = shapes(page)
    lay = layout(paper_name, STANDARD)
    power = [lay.power_box(r, b) for r in range(1, ROWS + 1) for b in range(1, BOXES + 1)]
    points = [lay.points_box(c, b) for c in range(len(STANDARD.columns))
              for b in range(1, BOXES + 1)]
    assert len(power) == len(points) == 36
    for rect in power + points:
        assert drawn(found, rect), rect
    # the declared size, and nothing else drawn at it
    pw, ph = lay.power_box(1, 1).w, lay.power_box(1, 1).h
    assert sum(abs(s.w - pw) < TOL and abs(s.h - ph) < TOL for s in found) == 36
    qw, qh = lay.points_box(0, 1).w, lay.points_box(0, 1).h
    assert sum(abs(s.w - qw) < TOL and abs(s.h - qh) < TOL for s in found) == 36
    # a development circle in the upper right of every box: 72 circles, 7 mm across
    circles = [lay.power_circle(r, b) for r in range(1, ROWS + 1) for b in range(1, BOXES + 1)]
    circles += [lay.points_circle(c, b) for c in range(len(STANDARD.columns))
                for b in range(1, BOXES + 1)]
    for rect in circles:
        assert drawn(found, circle(rect)), rect
        assert rect.w >= 2 * WRITE_DIGIT - TOL and rect.h >= MIN_WRITE_ROW - TOL
    # the boxes are at least as big as designed (taller paper stretches them)
    assert pw >= LAYOUT.box.circle * MM and ph >= LAYOUT.powers.row_h * MM - TOL
    assert qh >= LAYOUT.points.box_h * MM - TOL


@pytest.mark.parametrize("paper_name", PAPERS)
def test_points_boxes_print_their_values_and_columns_their_activation_numbers(
    built: Built, paper_name: str
) -> None:
    paths, _report = built[(paper_name, "standard")]
    page = pages(paths["play-sheet"])[0]
    lay = layout(paper_name, STANDARD)
    words = page.extract_words()

    def text_in(rect: Rect) -> str:
        return " ".join(w["text"] for w in words
                        if rect.contains(Rect(w["x0"], page.height - w["bottom"],
                                              w["x1"] - w["x0"], w["bottom"] - w["top"]), 0.5))

    for c, column in enumerate(STANDARD.columns):
        assert text_in(lay.column_label(c)) == column.label
        for b in range(1, BOXES + 1):
            assert text_in(lay.points_value(c, b)) == str(column.value(b))
    for r in range(1, ROWS + 1):
        assert text_in(lay.row_number_box(r)) == str(r)


@pytest.mark.parametrize("paper_name", PAPERS)
def test_history_cells_follow_the_sheet(built: Built, paper_name: str) -> None:
    custom = parse_sheet(CUSTOM, "test")
    paths, _report = built[(paper_name, "custom")]
    sheets = pages(paths["play-sheet"])
    assert len(sheets) == 2  # the custom sheet first, then the standard one
    for page, spec, first in ((sheets[0], custom, True), (sheets[1], STANDARD, False)):
        lay = layout(paper_name, spec, first_page=first)
        found = shapes(page)
        cell = lay.history_cell(1)
        assert sum(abs(s.w - cell.w) < TOL and abs(s.h - cell.h) < TOL
                   for s in found) == spec.history_length
        for r in range(1, spec.history_length + 1):
            assert drawn(found, lay.history_cell(r)), r
        with pytest.raises(IndexError):
            lay.history_cell(spec.history_length + 1)
        points = [lay.points_box(c, b) for c in range(len(spec.columns))
                  for b in range(1, BOXES + 1)]
        assert all(drawn(found, p) for p in points)
        assert len(points) == BOXES * len(spec.columns)
    assert custom.history_length != STANDARD.history_length
    custom_text = sheets[0].extract_text()
    assert "The Gardener" in custom_text and "2/3/11/12" in custom_text
    assert " 3/11 " not in custom_text and " 3/11 " in sheets[1].extract_text()
    # free activation numbers: the row numbers are blanks to write in, not printed
    big = [ch for ch in sheets[0].chars if ch["size"] > 15]
    assert big == []
    assert len([ch for ch in sheets[1].chars if ch["size"] > 15]) == ROWS


@pytest.mark.parametrize("paper_name", PAPERS)
def test_score_track_has_100_cells_each_with_a_trap_slot(built: Built, paper_name: str) -> None:
    paths, _report = built[(paper_name, "standard")]
    page = pages(paths["play-sheet"])[0]
    lay = layout(paper_name, STANDARD)
    found = shapes(page)
    top = RULES.score_track_top
    assert top == 100
    slot = lay.trap_slot(1)
    slots = [s for s in found if abs(s.w - slot.w) < TOL and abs(s.h - slot.h) < TOL]
    cells = [s for s in found
             if abs(s.w - lay.score_cell(1).w) < TOL and abs(s.h - lay.score_cell(1).h) < TOL]
    assert len(slots) == len(cells) == top
    for score in range(1, top + 1):
        cell, trap = lay.score_cell(score), lay.trap_slot(score)
        assert drawn(cells, cell) and drawn(slots, trap), score
        assert abs(trap.right - cell.right) < TOL and cell.contains(trap)
    assert slot.w >= WRITE_DIGIT and slot.h >= MIN_WRITE_ROW
    numbers = [w["text"] for w in page.extract_words()
               if lay.score.contains(Rect(w["x0"], page.height - w["bottom"],
                                          w["x1"] - w["x0"], w["bottom"] - w["top"]))]
    assert sorted(int(n) for n in numbers if n.isdigit()) == list(range(1, top + 1))


@pytest.mark.parametrize("paper_name", PAPERS)
def test_every_write_in_box_is_at_least_6_mm_high_and_holds_what_it_must(
    built: Built, paper_name: str
) -> None:
    paths, _report = built[(paper_name, "custom")]
    page = pages(paths["play-sheet"])[0]
    found = shapes(page)
    lay = layout(paper_name, parse_sheet(CUSTOM, "test"))
    need = dataclasses.asdict(LAYOUT.write_in)
    drawn_boxes = {
        "player": lay.name_field(), "total": lay.total_field(),
        "history_cell": lay.history_cell(1), "power_name": lay.power_name(1),
        "withering": lay.withering(0), "trap": lay.trap_slot(1),
        "activation": lay.row_number_box(1),
    }
    for key, rect in drawn_boxes.items():
        assert drawn(found, rect), key
    rooms = {**drawn_boxes, "circle": lay.points_circle(0, 1),
             "power_mark": lay.power_mark(1, 1), "points_mark": lay.points_mark(0, 1)}
    for key, rect in rooms.items():
        assert rect.h >= MIN_WRITE_ROW - TOL, (key, rect.h / MM)
        assert rect.w >= need[key] * WRITE_DIGIT - TOL, (key, rect.w / MM)


@pytest.mark.parametrize("paper_name", [*PAPERS, "a3", "tabloid", "universal"])
def test_the_layout_nests_and_stays_inside_its_area(paper_name: str) -> None:
    for spec in (STANDARD, parse_sheet(CUSTOM, "test")):
        lay = layout(paper_name, spec)
        for r in range(1, ROWS + 1):
            for b in range(1, BOXES + 1):
                box = lay.power_box(r, b)
                assert box.contains(lay.power_circle(r, b)) and box.contains(lay.power_mark(r, b))
                assert lay.power_mark(r, b).right <= lay.power_circle(r, b).x
                assert lay.powers.contains(box, TOL)
            assert lay.power_name(r).right < lay.power_box(r, 1).x
            assert lay.row_number_box(r).right < lay.power_name(r).x
        for c in range(len(spec.columns)):
            for b in range(1, BOXES + 1):
                box = lay.points_box(c, b)
                assert box.contains(lay.points_circle(c, b))
                assert box.contains(lay.points_mark(c, b))
                assert lay.points_mark(c, b).top <= lay.points_circle(c, b).y
                assert lay.points.contains(box, TOL)
            assert lay.withering(c).top <= lay.column_label(c).y
            assert lay.column_label(c).top <= lay.points_box(c, 1).y
        for part in (lay.header, lay.history, lay.powers, lay.points, lay.score, lay.phases):
            assert lay.area.contains(part, TOL), part
        for upper, lower in ((lay.header, lay.history), (lay.history, lay.powers),
                             (lay.powers, lay.points), (lay.score, lay.phases)):
            assert upper.y > lower.top
        assert lay.phases.h >= LAYOUT.phases.min_h * MM * 0.99
        with pytest.raises(IndexError):
            lay.power_box(0, 1)
        with pytest.raises(IndexError):
            lay.power_box(1, BOXES + 1)
        with pytest.raises(IndexError):
            lay.points_box(len(spec.columns), 1)
        with pytest.raises(IndexError):
            lay.score_cell(RULES.score_track_top + 1)


# --- the cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("paper_name", PAPERS)
def test_powers_card_lists_the_sheets_powers_and_their_options(
    built: Built, paper_name: str
) -> None:
    paths, _report = built[(paper_name, "standard")]
    text = pdf_text(paths["powers-card"])
    for power in STANDARD.powers:
        assert POWER_NAMES[power.kind] in text
    assert "Re-roll" not in text and "Poke" not in text  # only sheets that allow them
    assert "PU7" in text and "opp. +2" in text
    custom = pdf_text(built[(paper_name, "custom")][0]["powers-card"])
    first, second = custom.split("Standard sheet", 1)
    assert "Re-roll" in first and "Poke" in first and "Trap" not in first
    assert "+4" in first  # the custom sheet's own Grow table
    assert "Trap" in second


def test_round_card_takes_its_numbers_from_the_rules(built: Built) -> None:
    text = pdf_text(built[("a4", "standard")][0]["round-card"])
    for number in (RULES.hard_decisions_rounds, RULES.design_notes_rounds, RULES.win_score,
                   RULES.setup_developments):
        assert f"{number}" in text
    rules = dataclasses.replace(RULES, hard_decisions_rounds=17, design_notes_rounds=9,
                                win_score=150, setup_developments=4, turns_from_players=4)
    custom = parse_sheet(CUSTOM, "test")
    with drawing(BuildContext(paper("a4"))) as ctx:
        left, right = round_blocks(ctx, custom, rules)
    words = " ".join(item for _title, items, _numbered in left + right for item in items)
    assert "round 17" in words and "round 9" in words and "150 or more" in words
    # the seed's variant for more than two (issue 27 item 11), its chances from the rules
    titles = [title for title, _items, _numbered in right]
    assert f"With 4 to {rules.max_players} players" in titles  # from the rules data
    assert f"until everyone has had {rules.power_chances_per_player} turns" in words
    assert "With 3 to 5 players" in text and "a pass forfeits that use" in text
    assert "Develop 4 boxes" in words and "die face (1-6)" in words
    with drawing(BuildContext(paper("a4"))) as ctx:
        standard_left, _right = round_blocks(ctx, STANDARD)
    assert "die face" not in " ".join(i for _t, items, _n in standard_left for i in items)
