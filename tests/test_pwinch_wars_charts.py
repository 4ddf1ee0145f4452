"""The Pwinch Wars terrain effect chart and turn chart measured in their PDFs, on A4 and Letter:
one page each, every terrain's numbers on its row as terrain.csv gives them, every special
action's cost, the turn track's slots as large as the turn marker needs, night and bed turns
marked in a way greyscale keeps, preflight clean in every shipped language.

Every number expected comes from the game data (``load_data()``) or the layout files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader

from printkit.context import BuildContext, DrawContext
from printkit.engines.pwinch_wars import load_data
from printkit.i18n import available_locales
from printkit.kits import NoOptions, get_kit
from printkit.page import preflight
from printkit.page.preflight import MIN_TEXT_PT, Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.charts import (
    LAYOUT,
    clock_label,
    counter_mm,
    draw_terrain_chart,
    draw_turn_chart,
    slot_mm,
    turn_slots,
)

MM = 72 / 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DATA = load_data()
DRAW = {"terrain-chart": draw_terrain_chart, "turn-chart": draw_turn_chart}


def build(out: Path, paper_name: str, locale: str = "en") -> tuple[dict[str, Path], Preflight]:
    out.mkdir(parents=True, exist_ok=True)
    report = Preflight()
    paths = {}
    with drawing(BuildContext(paper(paper_name), locale=locale), report,
                 get_kit("pwinch-wars")) as ctx:
        for name, draw in DRAW.items():
            path = out / f"{name}.pdf"
            draw(ctx.for_component(name), NoOptions(), path)
            preflight.check_pdf(path, report=report)
            paths[name] = path
    return paths, report


Built = dict[str, tuple[dict[str, Path], Preflight]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("pwinch-charts")
    return {name: build(out / name, name) for name in PAPERS}


def _signed(n: int) -> str:
    return "–" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def _row_words(page: Any, label: str, longer: tuple[str, ...] = ()) -> list[str]:
    """The words of the table row whose first cell is ``label``, left to right, the label's
    own words left out: every word whose middle lies within a line of the label's (a cell
    of two lines is centred on the row). ``longer``: labels of other rows that begin
    with this one ("Building with a water outlet" for "Building")."""
    words = page.extract_words(keep_blank_chars=False, use_text_flow=False)
    first = label.split()[0]
    heads: list[tuple[float, list[Any]]] = []
    for head in (w for w in words if w["text"] == first and w["x0"] < page.width * 0.3):
        mid = (head["top"] + head["bottom"]) / 2
        line = sorted((w for w in words if abs((w["top"] + w["bottom"]) / 2 - mid) < 7
                       and w["x0"] >= head["x0"] - 0.5),
                      key=lambda w: (w["x0"], w["top"]))
        same = sorted((w for w in line if abs((w["top"] + w["bottom"]) / 2 - mid) < 2),
                      key=lambda w: w["x0"])
        joined = " ".join(w["text"] for w in same)
        if joined.startswith(label) and not any(joined.startswith(o) for o in longer):
            heads.append((head["x0"], line))
    leftmost = [line for x, line in heads if x <= min(x for x, _line in heads) + 1]
    assert len(leftmost) == 1, (label, len(leftmost))  # the row's first cell, not another's
    texts = [w["text"] for w in leftmost[0]]
    for word in label.split():
        texts.remove(word)
    return texts


@pytest.mark.parametrize("name", list(PAPERS))
def test_one_page_each_exact_paper_fonts_embedded_clean(built: Built, name: str) -> None:
    paths, report = built[name]
    assert not report.findings, report.report()
    w, h = PAPERS[name]
    for path in paths.values():
        reader = PdfReader(str(path))
        assert len(reader.pages) == 1
        page = reader.pages[0]
        assert round(float(page.mediabox.width) / MM, 1) == w
        assert round(float(page.mediabox.height) / MM, 1) == h
        fonts = pdf_fonts(path)
        assert fonts and all(fonts.values())
        with pdfplumber.open(str(path)) as pdf:
            assert min(ch["size"] for ch in pdf.pages[0].chars) >= MIN_TEXT_PT - 0.01


@pytest.mark.parametrize("name", list(PAPERS))
def test_every_terrain_row_holds_its_numbers(built: Built, name: str) -> None:
    paths, _report = built[name]
    with pdfplumber.open(str(paths["terrain-chart"])) as pdf:
        page = pdf.pages[0]
        for t in DATA.chart.terrains:
            longer = tuple(o.name for o in DATA.chart.terrains
                           if o.name != t.name and o.name.startswith(t.name))
            cells = _row_words(page, t.name, longer)
            cost = {0.5: "½", 1: "1", 2: "2"}[float(t.move_cost)]
            assert cells[:3] == [cost, _signed(t.fire), _signed(t.sneak)], t.id
            rest = cells[3:]
            assert ("blocked" in rest) == t.blocks_sight, t.id
            assert ("entering" in rest or "entering," in rest) == t.entry_check, t.id
            if t.entry_moral:
                assert _signed(t.entry_moral) in rest
            assert ("no" in rest) == (not t.may_stop), t.id
            for action in t.actions:
                cost = f"({DATA.chart.action(action).cost})"
                assert any(w.startswith(cost) for w in rest), (t.id, action)
        # the special actions and their costs
        for action, label in (("pick_fruit", "Pick fruits"), ("fill_water", "Fill water"),
                              ("place_hose", "Place the"), ("scouting", "Scouting"),
                              ("pick_up_item", "Pick up an")):
            words = _row_words(page, label)
            assert str(DATA.chart.action(action).cost) in words[:3], action
        m = DATA.chart.modifiers
        assert _row_words(page, "Night turn: everybody") == [
            _signed(m.night_fire), _signed(m.night_sneak), "–", "–"]
        assert _row_words(page, "Target adjacent") == [_signed(m.adjacent_fire), "–", "–", "–"]
    text = pdf_text(paths["terrain-chart"])
    assert f"1d{DATA.chart.dice_faces}" in text


@pytest.mark.parametrize("name", list(PAPERS))
def test_terrain_swatches_are_the_maps_fills(built: Built, name: str) -> None:
    from printkit.templates.pwinch_wars.maps import terrain_style

    paths, _report = built[name]
    with pdfplumber.open(str(paths["terrain-chart"])) as pdf:
        fills = {tuple(round(float(v), 3) for v in o["non_stroking_color"] or ())
                 for o in pdf.pages[0].curves + pdf.pages[0].rects if o.get("fill")}
    for t in DATA.chart.terrains:
        fill = terrain_style(t.id).fill
        assert fill is not None
        assert tuple(round(v, 3) for v in fill.rgb()) in fills, t.id


def test_the_track_is_as_long_as_the_longest_scenario_and_holds_the_marker() -> None:
    longest = max(s.turn_limit for s in DATA.scenarios.values())
    assert turn_slots() == DATA.turns.turns >= longest
    margin = LAYOUT.turns.slot_margin
    assert slot_mm() == pytest.approx(counter_mm() + 2 * margin)
    assert slot_mm() > counter_mm()


@pytest.mark.parametrize("name", list(PAPERS))
def test_turn_slots_night_and_bed(built: Built, name: str) -> None:
    paths, _report = built[name]
    turns = DATA.turns
    side = slot_mm() * MM
    night = tuple(round(v, 3) for v in LAYOUT.ink["night"].rgb())
    day = tuple(round(v, 3) for v in LAYOUT.ink["day"].rgb())
    with pdfplumber.open(str(paths["turn-chart"])) as pdf:
        page = pdf.pages[0]
        slots = [r for r in page.rects if abs(r["width"] - side) < 0.1 * MM
                 and abs(r["height"] - side) < 0.1 * MM]
        assert len(slots) == turns.turns
        boxes = [o for o in page.curves + page.rects if o.get("fill")
                 and tuple(round(float(v), 3) for v in o["non_stroking_color"] or ())
                 in (night, day) and o["width"] > side]
        dark = [b for b in boxes if tuple(round(float(v), 3) for v in b["non_stroking_color"])
                == night]
        assert len(boxes) == turns.turns and len(dark) == len(turns.night)
        # every slot lies inside its turn's box, and the night boxes hold the night slots
        for slot in slots:
            assert sum(b["x0"] <= slot["x0"] and slot["x1"] <= b["x1"] and b["top"]
                       <= slot["top"] and slot["bottom"] <= b["bottom"] for b in boxes) == 1
        track_right = max(b["x1"] for b in boxes)
        words = [w["text"] for w in page.extract_words() if w["x1"] <= track_right]
    assert words.count("night") == len(turns.night)
    assert words.count("bed") == len(turns.bed)
    text = pdf_text(paths["turn-chart"])
    flat = text.replace("\u202f", " ").replace("\xa0", " ").upper()
    for turn in range(1, turns.turns + 1):  # "3:00 pm" as the locale writes it: 3:00 PM
        assert turns.label(turn).upper() in flat
    # greyscale: a night box is far darker than a day box
    def grey(rgb: tuple[float, ...]) -> float:
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    assert grey(day) - grey(night) > 0.5
    assert "Move the turn marker one slot." in text


@pytest.mark.parametrize("locale,label,want", [("en", "7:00 pm", "7:00\u202fPM"),
                                                ("fr", "7:00 pm", "19:00"),
                                                ("de", "3:30 pm", "15:30"),
                                                ("en", "noon", "noon")])
def test_clock_times_the_locale_way(locale: str, label: str, want: str) -> None:
    ctx = DrawContext(BuildContext(paper("a4"), locale=locale), Preflight())
    assert clock_label(ctx, label).replace(" ", "\u202f") == want.replace(" ", "\u202f")


@pytest.mark.parametrize("locale", [loc for loc in available_locales() if loc != "en"])
def test_both_charts_one_clean_page_in_every_language(tmp_path: Path, locale: str) -> None:
    paths, report = build(tmp_path, "letter", locale)
    assert not report.findings, report.report()
    for path in paths.values():
        assert len(PdfReader(str(path)).pages) == 1


def test_same_input_same_bytes(tmp_path: Path) -> None:
    a, _ = build(tmp_path / "a", "a4")
    b, _ = build(tmp_path / "b", "a4")
    for name in DRAW:
        assert a[name].read_bytes() == b[name].read_bytes()
