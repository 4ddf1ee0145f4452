"""The Pwinch Wars maps and scenario booklet measured in their PDFs.

The maps: 3 x 2 parts with exact overlaps covering the whole sheet on A4 and Letter, fewer on
A3 and Tabloid, one page of its own in print-shop; every hex of the data drawn once with its
RRCC number; hexes 25.0 mm across flats on paper; preflight clean; fonts embedded; the same
input gives the same bytes. The booklet: one page per scenario of the data, each naming what
the data gives. Numbers come from ``load_data()``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import curves_left_out, pdf_fonts
from pypdf import PdfReader

from printkit.context import BuildContext, DrawContext
from printkit.engines.pwinch_wars import hex_code, load_data, offset_to_hex
from printkit.kits import NoOptions
from printkit.page import preflight
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.booklet import (
    SCENARIO_WORDS,
    draw_scenario_booklet,
    flag_home,
    scenario_order,
)
from printkit.templates.pwinch_wars.maps import (
    MAP_TITLES,
    TERRAIN_NAMES,
    draw_city_map,
    draw_forest_map,
    draw_sheet,
    hex_size_mm,
    map_capacities,
    map_components,
    sheet_size_mm,
    tile_plan,
)
from printkit.units import mm

DATA = load_data()
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DRAW = {"forest": draw_forest_map, "city": draw_city_map}
TOL = 0.1  # mm


def build(out: Path, paper_name: str, profile: str = "home",
          only: tuple[str, ...] = ("forest", "city", "booklet")
          ) -> tuple[dict[str, Path], Preflight]:
    out.mkdir(parents=True, exist_ok=True)
    report = Preflight()
    paths: dict[str, Path] = {}
    with drawing(BuildContext(paper(paper_name), profile=profile), report) as ctx:
        for name, fn in (*DRAW.items(), ("booklet", draw_scenario_booklet)):
            if name not in only:
                continue
            path = out / f"{name}.pdf"
            fn(ctx.for_component(name), NoOptions(), path)
            preflight.check_pdf(path, report=report)
            paths[name] = path
    return paths, report


@pytest.fixture(scope="module", params=sorted(PAPERS))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[str, dict[str, Path], Preflight]:
    paths, report = build(tmp_path_factory.mktemp(request.param), request.param)
    return request.param, paths, report


def page_texts(path: Path) -> list[str]:
    """Each page's text (pdfium: pages of thousands of paths read fast)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def ctx_for(paper_name: str, profile: str = "home") -> DrawContext:
    return DrawContext(BuildContext(paper(paper_name), profile=profile), Preflight())


def test_preflight_clean_and_fonts_embedded(built: tuple[str, dict[str, Path], Preflight]
                                             ) -> None:
    _name, paths, report = built
    assert report.errors == [] and report.warnings == [], report.report()
    for path in paths.values():
        fonts = pdf_fonts(path)
        assert fonts and all(fonts.values()), fonts


def test_map_pages_are_the_paper_and_six_parts(built: tuple[str, dict[str, Path], Preflight]
                                               ) -> None:
    name, paths, _report = built
    w, h = PAPERS[name]
    for map_id in DRAW:
        pages = PdfReader(str(paths[map_id])).pages
        parts = DATA.maps[map_id].parts
        assert len(pages) == 1 + parts[0] * parts[1] == 7  # the assembly page and 3 x 2
        for page in pages:
            pw, ph = float(page.mediabox.width) / mm(1), float(page.mediabox.height) / mm(1)
            assert abs(pw - w) < TOL and abs(ph - h) < TOL


@pytest.mark.parametrize("paper_name", sorted(PAPERS))
def test_parts_overlap_exactly_and_cover_the_sheet(paper_name: str) -> None:
    for map_id, game_map in DATA.maps.items():
        plan = tile_plan(ctx_for(paper_name), map_id)
        assert (plan.cols, plan.rows) == game_map.parts == (3, 2)
        w, h = sheet_size_mm(game_map)
        assert abs(plan.width / mm(1) - w) < 1e-6 and abs(plan.height / mm(1) - h) < 1e-6
        tiles = {(t.row, t.col): t.region for t in plan.tiles}
        for (r, c), reg in tiles.items():
            if (r, c + 1) in tiles:  # the right neighbour shares exactly the overlap
                assert abs((reg.right - tiles[(r, c + 1)].x) / mm(1) - 10.0) < 1e-6
            if (r + 1, c) in tiles:
                assert abs((tiles[(r + 1, c)].top - reg.y) / mm(1) - 10.0) < 1e-6
        assert min(t.x for t in tiles.values()) == pytest.approx(0.0, abs=1e-6)
        assert min(t.y for t in tiles.values()) == pytest.approx(0.0, abs=1e-6)
        assert max(t.right for t in tiles.values()) == pytest.approx(plan.width)
        assert max(t.top for t in tiles.values()) == pytest.approx(plan.height)
        # and the hexes lie inside the sheet the parts cover
        gw, gh = game_map.size_mm
        assert gw < w and gh < h


@pytest.mark.parametrize("paper_name", ["a3", "tabloid"])
def test_fewer_parts_on_large_paper(paper_name: str) -> None:
    ctx = ctx_for(paper_name)
    for map_id in DATA.maps:
        plan = tile_plan(ctx, map_id)
        assert plan.single is None and len(plan.tiles) == 4


def test_print_shop_prints_each_map_whole_with_every_hex_number_once(tmp_path: Path) -> None:
    paths, report = build(tmp_path, "a4", "print-shop")
    assert report.errors == [], report.report()
    for map_id, game_map in DATA.maps.items():
        reader = PdfReader(str(paths[map_id]))
        assert len(reader.pages) == 1
        trim = reader.pages[0].trimbox
        w, h = sheet_size_mm(game_map)
        assert abs(float(trim.width) / mm(1) - w) < TOL
        assert abs(float(trim.height) / mm(1) - h) < TOL
        words = Counter(" ".join(page_texts(paths[map_id])).split())
        codes = {hex_code(hx) for hx in game_map.hexes()}
        assert len(codes) == game_map.rows * game_map.columns
        # once each; the band's line on how to read a number names one of them again
        example = hex_code(game_map.hex_at(7, 12))
        assert all(words[code] == 1 + (code == example) for code in codes), \
            [c for c in codes if words[c] != 1 + (c == example)]


def test_every_hex_is_drawn_once() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    with drawing(BuildContext(paper("a4"))) as ctx:
        for game_map in DATA.maps.values():
            drawn = draw_sheet(Canvas(io.BytesIO()), ctx, game_map)
            assert len(drawn) == len(set(drawn)) == game_map.rows * game_map.columns
            assert {offset_to_hex(*c) for c in drawn} == set(game_map.hexes())


def test_hexes_measure_25_mm_across_flats_on_the_parts(
        built: tuple[str, dict[str, Path], Preflight]) -> None:
    name, paths, _report = built
    map_id = "forest" if name == "a4" else "city"  # both maps over the two papers
    flat = DATA.maps[map_id].hex_flat_mm
    with pdfplumber.open(paths[map_id]) as pdf:
        page = pdf.pages[1]  # part A1
        # read without its curved paths (the patterns' marks; conftest.curves_left_out
        # leaves out only paths with a Bezier segment): a hexagon is straight-sided, so
        # every one is still there
        curves_left_out(page)
        # the terrain fills: closed hexagons; a full one is flat wide and 2 flat/sqrt3 tall
        hexes = [o for o in page.curves if o.get("fill") and len(o["pts"]) in (6, 7)
                 and abs((o["bottom"] - o["top"]) - mm(flat) * 2 / 3 ** 0.5) < mm(0.5)]
        assert len(hexes) > 20
        widths = {round((o["x1"] - o["x0"]) / mm(1), 2) for o in hexes}
        assert all(abs(wd - flat) < TOL for wd in widths), widths
        assert hex_size_mm(map_id) == pytest.approx(flat) == 25.0


def test_capacities_and_components() -> None:
    caps = {c.name: c.holds for c in map_capacities(ctx_for("a4"))}
    for map_id, game_map in DATA.maps.items():
        assert caps[f"{map_id} map hex across flats"] == int(game_map.hex_flat_mm)
        assert caps[f"{map_id} map parts"] == game_map.parts[0] * game_map.parts[1]
    assert {c.name for c in map_components()} == {"forest-map", "city-map"}
    assert caps == {c.name: c.holds for c in map_capacities(ctx_for("letter"))}


def test_every_printed_data_word_is_marked_for_translation() -> None:
    assert {m.title for m in DATA.maps.values()} <= set(MAP_TITLES)
    assert set(DATA.chart.terrain_ids) == set(TERRAIN_NAMES)
    for s in DATA.scenarios.values():
        assert s.title in SCENARIO_WORDS and s.text in SCENARIO_WORDS


def test_booklet_has_a_page_per_scenario_with_its_facts(
        built: tuple[str, dict[str, Path], Preflight]) -> None:
    _name, paths, _report = built
    pages = page_texts(paths["booklet"])
    order = scenario_order(DATA)
    assert len(pages) == len(DATA.scenarios) == len(order) == 5
    for page, sid in zip(pages, order, strict=True):
        s = DATA.scenarios[sid]
        text = " ".join(page.split())
        assert s.title in text
        assert f"{s.turn_limit} turns" in text and f"{s.players} players" in text
        assert f"after turn {s.turn_limit}" in text
        for team in s.teams:
            zone = f"rows {team.setup.rows[0]}–{team.setup.rows[1]}"
            assert zone in text
            if team.characters:
                assert all(DATA.roster.get(c).name in text for c in team.characters)
            else:
                assert f"Draft {team.draft} characters" in text
            if team.flag:
                assert f"flag on {hex_code(flag_home(DATA.maps[s.map], team))}" in text
        v = s.victory
        if v.eliminated:
            assert f"{v.eliminated} point" in text
        if v.flag:
            assert f"{v.flag} points for bringing the enemy flag" in text


def test_same_input_same_bytes(built: tuple[str, dict[str, Path], Preflight],
                               tmp_path: Path) -> None:
    name, first, _report = built
    again, _ = build(tmp_path, name, only=("city", "booklet"))
    for part, path in again.items():
        assert path.read_bytes() == first[part].read_bytes(), part
