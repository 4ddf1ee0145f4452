"""The War of Bones components measured in their PDFs: the play mat (the area at 228.6 mm
across its tiles, the Converge boundary, the scales), the range rulers (ticks at k x the die
size for every preset and a custom size), the Supply tracker, the turn card and the dice, on
A4 and Letter (and the mat on A3 and Tabloid), and the capacities measured from them.

Every number the tests expect comes from the rules data the engine plays with
(``printkit.engines.war_of_bones.rules``). The components are drawn as the pipeline draws a
kit's (inside :func:`printkit.pipeline.drawing`, each PDF checked by preflight), so the tests do
not need the kit to be registered.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.engines.war_of_bones.rules import load_rules
from printkit.errors import PrintkitError
from printkit.kits import NoOptions, get_kit
from printkit.layout.tile import plan_tiles
from printkit.page import preflight
from printkit.page.preflight import Preflight
from printkit.page.profiles import profile, safe_rect
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.war_of_bones.cards import supply_die_mm, tracker_geometry
from printkit.templates.war_of_bones.components import DICE_PRESET, DIE_LABELS, components
from printkit.templates.war_of_bones.mat import (
    LAYOUT,
    geometry,
    mat_pieces,
    mat_size_mm,
    tile_plan,
)
from printkit.templates.war_of_bones.ruler import (
    printed_d6_mm,
    ruler_size,
    ruler_specs,
)
from printkit.templates.war_of_bones.validation import capacities
from printkit.units import mm

MM = 72 / 25.4
TOL = 0.1  # mm
RULES = load_rules()
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
LARGE = {"a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
NAMES = ("play-mat", "range-ruler", "supply-tracker", "turn-card", "dice")
CUSTOM = 17.5


def build(out: Path, paper_name: str, options: dict[str, Any] | None = None,
          only: tuple[str, ...] = NAMES, locale: str = "en"
          ) -> tuple[dict[str, Path], Preflight]:
    """The components drawn as the pipeline draws a kit's, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    report = Preflight()
    paths: dict[str, Path] = {}
    build_ctx = BuildContext(paper(paper_name), locale=locale, game_options=options or {})
    with drawing(build_ctx, report, get_kit("war-of-bones")) as ctx:
        for comp in components():
            if comp.name not in only:
                continue
            path = out / f"{comp.name}.pdf"
            comp.draw(ctx.for_component(comp.name), comp.make_options({}), path)
            preflight.check_pdf(path, report=report)
            paths[comp.name] = path
    return paths, report


Built = dict[str, tuple[dict[str, Path], Preflight]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory
          ) -> dict[str, tuple[dict[str, Path], Preflight]]:
    """Every component on A4 and Letter, the Letter one with a custom die size, and the mat
    on A3 and Tabloid: drawn once for the module."""
    out = tmp_path_factory.mktemp("war-of-bones")
    runs = {"a4": build(out / "a4", "a4"),
            "letter": build(out / "letter", "letter"),
            "letter-custom": build(out / "letter-custom", "letter", {"die_size_mm": CUSTOM})}
    for name in LARGE:
        runs[name] = build(out / name, name, only=("play-mat",))
    return runs


def _size_mm(page: Any) -> tuple[float, float]:
    return (round(float(page.mediabox.width) / MM, 1),
            round(float(page.mediabox.height) / MM, 1))


def _rgb(name: str) -> tuple[float, ...]:
    return tuple(round(v, 4) for v in LAYOUT.ink[name].rgb())


def _colour(obj: dict[str, Any], key: str = "non_stroking_color") -> tuple[float, ...]:
    return tuple(round(float(v), 4) for v in obj[key] or ())


def _findings(report: Preflight) -> list[str]:
    """Every finding of the preflight (the tiler's assembly page draws the whole mat scaled
    down, exempt from the text-size check: a thumbnail, not text read at the table)."""
    return [str(f) for f in report.findings]


# --- every component ------------------------------------------------------------------------


@pytest.mark.parametrize("run", ["a4", "letter", "letter-custom", "a3", "tabloid"])
def test_pages_exact_fonts_embedded_and_preflight_clean(built: Built, run: str) -> None:
    paths, report = built[run]
    assert not _findings(report), report.report()
    name = run.split("-")[0]
    w, h = {**PAPERS, **LARGE}[name]
    for comp, pdf in paths.items():
        fonts = pdf_fonts(pdf)
        assert fonts and all(fonts.values()), (comp, fonts)
        assert not any("Helvetica" in f for f in fonts), comp
        for page in PdfReader(str(pdf)).pages:
            assert _size_mm(page) in ((w, h), (h, w)), comp  # the mat may turn the paper


def test_the_same_build_twice_is_byte_identical(tmp_path: Path) -> None:
    one, _ = build(tmp_path / "one", "a4", {"die_size_mm": CUSTOM})
    two, _ = build(tmp_path / "two", "a4", {"die_size_mm": CUSTOM})
    for name in NAMES:
        assert one[name].read_bytes() == two[name].read_bytes(), name


@pytest.mark.parametrize("locale", ["de", "ja"])
def test_components_draw_in_other_languages(tmp_path: Path, locale: str) -> None:
    """Every word goes through the build's translations and the locale's fonts (Japanese
    takes another font); the numbers are the locale's."""
    paths, report = build(tmp_path / locale, "a4", only=("turn-card", "supply-tracker",
                                                          "range-ruler"), locale=locale)
    assert not _findings(report), report.report()
    beyond = {"de": "außer", "ja": "射程外"}[locale]  # "out of range", on one or two lines
    assert pdf_text(paths["range-ruler"]).count(beyond) == len(ruler_specs(RULES))
    assert all(all(pdf_fonts(p).values()) for p in paths.values())


# --- the play mat ---------------------------------------------------------------------------


def _area_rects(page: Any) -> list[dict[str, Any]]:
    return [r for r in page.rects if r["fill"] and _colour(r) == _rgb("area")]


@pytest.mark.parametrize("run", ["a3", "tabloid"])
def test_mat_is_whole_on_large_paper_with_the_converge_square_centred(
    built: Built, run: str
) -> None:
    pdf = built[run][0]["play-mat"]
    assert len(PdfReader(str(pdf)).pages) == 1
    side = RULES.area_in * 25.4
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        (area,) = _area_rects(page)
        conv = [r for r in page.rects if r["fill"] and _colour(r) == _rgb("converged")]
        words = {w["text"] for w in page.extract_words()}
    assert area["width"] / MM == pytest.approx(side, abs=TOL)
    assert area["height"] / MM == pytest.approx(side, abs=TOL)
    assert RULES.converges_allowed == len(conv) == 1
    inner = side - 2 * RULES.converge_in * 25.4
    assert inner == pytest.approx(127.0)
    (c,) = conv
    assert c["width"] / MM == pytest.approx(inner, abs=TOL)
    assert c["height"] / MM == pytest.approx(inner, abs=TOL)
    for a, b in (("x0", "x1"), ("top", "bottom")):
        assert (c[a] + c[b]) / 2 == pytest.approx((area[a] + area[b]) / 2, abs=TOL * MM)
    assert {"0", "100", "220", "mm", "in", "9"} <= words
    text = " ".join(pdf_text(pdf).split())
    assert "after 1 Converge" in text and "Player A" in text and "Player B" in text


def test_mat_scales_tick_every_mm_from_the_corner_the_log_measures_from(built: Built) -> None:
    with pdfplumber.open(built["a3"][0]["play-mat"]) as doc:
        page = doc.pages[0]
        (area,) = _area_rects(page)
        below = sorted(ln["x0"] for ln in page.lines
                       if ln["x0"] == ln["x1"] and ln["top"] >= area["bottom"] - 0.01
                       and ln["bottom"] <= area["bottom"] + 4 * MM)
    offsets = [(x - area["x0"]) / MM for x in below]
    assert len(offsets) == int(RULES.area_mm) + 1  # 0 ... 228 mm
    for i, off in enumerate(offsets):
        assert off == pytest.approx(i, abs=0.02)


@pytest.mark.parametrize("name", PAPERS)
def test_mat_tiles_overlap_exactly_and_cover_the_area(built: Built, name: str) -> None:
    """Two tiles and an assembly page; on each tile the area is drawn at 228.6 mm and the
    parts the tiles show (inside their cut outlines) overlap by the overlap and cover it."""
    pdf = built[name][0]["play-mat"]
    with drawing(BuildContext(paper(name))) as ctx:
        plan = tile_plan(ctx)
    assert len(plan.tiles) == 2 and plan.pages == 3
    assert len(PdfReader(str(pdf)).pages) == 3
    side = RULES.area_mm
    overlap = plan.overlap / MM
    seen: list[tuple[float, float]] = []
    with pdfplumber.open(pdf) as doc:
        assert "assembly" in (doc.pages[0].extract_text() or "")
        for page, t in zip(doc.pages[1:], plan.tiles, strict=True):
            (area,) = _area_rects(page)
            assert area["width"] / MM == pytest.approx(side, abs=TOL)
            assert area["height"] / MM == pytest.approx(side, abs=TOL)
            cut = t.page_rect
            if plan.cols == 2:  # side by side: the area seen from its left edge
                lo, hi = cut.x - area["x0"], cut.right - area["x0"]
            else:  # stacked: from its bottom edge (pdfplumber's y runs down)
                bottom = float(page.height) - area["bottom"]
                lo, hi = cut.y - bottom, cut.top - bottom
            seen.append((max(0.0, lo / MM), min(side, hi / MM)))
    if plan.rows == 2:
        seen.reverse()  # row A is the top of the mat
    (a0, a1), (b0, b1) = seen
    assert a0 == pytest.approx(0.0, abs=TOL) and b1 == pytest.approx(side, abs=TOL)
    assert a1 - b0 == pytest.approx(overlap, abs=TOL)


def test_mat_size_fits_the_tiler_as_designed() -> None:
    """Whole on A3 and Tabloid, two tiles on A4 and Letter; the area lies inside its edge
    line, the line wholly outside the area."""
    w, h = mat_size_mm()
    for name in LARGE:
        safe = safe_rect(paper(name), profile("home"))
        assert w * MM <= safe.w and h * MM <= safe.h, name
    g = geometry()
    assert g.area.w / MM == pytest.approx(228.6, abs=1e-6)
    assert g.converged[0].w / MM == pytest.approx(127.0, abs=1e-6)
    assert g.trim.contains(g.area.outset(LAYOUT.mat.border_width))


# --- the range rulers -----------------------------------------------------------------------


def _rulers(pdf: Path) -> list[tuple[float, list[float], float]]:
    """Per ruler, top to bottom: its zero line's x, its tick xs (pt) and its cut outline's
    left edge."""
    width = LAYOUT.ruler.tick_width
    zero = LAYOUT.ruler.zero_width
    item = ruler_size(RULES)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        vertical = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01]
        zeros = sorted((ln for ln in vertical if abs(ln["linewidth"] - zero) < 0.01),
                       key=lambda ln: ln["top"])
        cuts = sorted((r for r in page.rects if r["stroke"] and not r["fill"]
                       and abs(r["height"] / MM - item.height_mm) < 0.1),
                      key=lambda r: r["top"])
        out = []
        for z, cut in zip(zeros, cuts, strict=True):
            ticks = sorted(ln["x0"] for ln in vertical if abs(ln["linewidth"] - width) < 0.01
                           and abs(ln["top"] - z["top"]) < 0.01)
            out.append((z["x0"], ticks, cut["x0"]))
    return out


@pytest.mark.parametrize("run", ["a4", "letter", "letter-custom"])
def test_ruler_ticks_lie_at_k_die_widths_from_the_zero_edge(built: Built, run: str) -> None:
    rules = load_rules(CUSTOM) if run.endswith("custom") else RULES
    specs = ruler_specs(rules)
    sizes = [s.die_mm for s in specs]
    assert sizes[:2] == [rules.die_size_mm] * 2  # one per player
    assert set(rules.die_size_presets_mm) | {printed_d6_mm()} <= set(sizes)
    measured = _rulers(built[run][0]["range-ruler"])
    assert len(measured) == len(specs)
    for spec, (zero, ticks, cut) in zip(specs, measured, strict=True):
        assert zero == pytest.approx(cut, abs=TOL * MM)  # the zero is the cut edge
        assert len(ticks) == rules.faces
        for k, x in enumerate(ticks, start=1):
            assert (x - zero) / MM == pytest.approx(k * spec.die_mm, abs=TOL), (spec, k)
    text = " ".join(pdf_text(built[run][0]["range-ruler"]).split())
    label = f"{rules.die_size_mm:g} mm dice"
    assert text.count(label) == 2, label
    # every ruler says where range ends, the largest die's too (issue 27 item 13)
    assert text.count("out of range") == len(specs)


def test_rulers_fit_the_safe_area_of_every_die_size() -> None:
    for size in (RULES.die_size_min_mm, CUSTOM, RULES.die_size_max_mm):
        item = ruler_size(load_rules(size))
        for name in PAPERS:
            safe = safe_rect(paper(name), profile("home"))
            assert item.width <= safe.w and item.height <= safe.h


def test_die_size_outside_the_rules_is_refused(tmp_path: Path) -> None:
    from printkit.templates.war_of_bones.ruler import draw_range_rulers

    with drawing(BuildContext(paper("a4"), game_options={"die_size_mm": 25})) as ctx, \
            pytest.raises(PrintkitError, match="die_size_mm"):
        draw_range_rulers(ctx, NoOptions(), tmp_path / "r.pdf")


# --- the cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("run", ["a4", "letter", "letter-custom"])
def test_tracker_has_the_supply_boxes_and_troop_boxes_of_the_rules(built: Built, run: str) -> None:
    rules = load_rules(CUSTOM) if run.endswith("custom") else RULES
    pdf = built[run][0]["supply-tracker"]
    t = LAYOUT.tracker
    box = supply_die_mm(rules) + 2 * t.die_clearance
    troop = t.troop_box
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        supply = [c for c in page.curves if abs(c["width"] / MM - box) < 0.05
                  and abs(c["height"] / MM - box) < 0.05]
        troops = [r for r in page.rects if r["fill"] and abs(r["width"] / MM - troop) < 0.05]
    assert len(supply) == 2 * (rules.max_supply + 1)
    assert len(troops) == 2 * rules.troops
    assert box >= max(rules.die_size_mm, 16.0) + 2  # a die, or a coin, sits in a box
    words = pdf_text(pdf).split()
    # each supply value is printed once, above its box (issue 27 item 13: it was also inside);
    # 2 to 5 only (the page's ruler says "1 in", the hint "never more than 6")
    assert [words.count(str(v)) for v in range(2, rules.max_supply)] == \
        [2] * (rules.max_supply - 2)
    text = " ".join(words)
    for needle in ["Player A: Supply", "Player B: Supply", "A8", "B8",
                   f"never more than {rules.max_supply}"]:
        assert needle in text, needle


def test_turn_card_states_the_rules_numbers(built: Built) -> None:
    text = " ".join(pdf_text(built["a4"][0]["turn-card"]).split())
    dice = RULES.troops + RULES.rollers + RULES.supply_dice
    for needle in [f"{dice} dice of one colour", f"{RULES.troops} Troops",
                   f"{RULES.rollers} Rollers", f"rolls {RULES.setup_own} of their own",
                   f"up to {RULES.max_troops_in_area} in the area",
                   f"never more than {RULES.max_supply}", "moves 2 in inwards (to 5 in)",
                   "Attack", "Reinforce", "Resupply", "Converge", "Defence", "Victory",
                   "Reengage", "First Strike"]:
        assert needle in text, needle
    assert text.count("Turn reference") == 2  # one card per player


# --- the dice and the capacities ------------------------------------------------------------


def test_dice_preset_is_twelve_d6_in_each_players_colour(built: Built) -> None:
    colours = Counter(d.colour for d in DICE_PRESET.dice)
    per_player = RULES.troops + RULES.rollers + RULES.supply_dice
    assert {d.kind for d in DICE_PRESET.dice} == {"d6"}
    assert colours == Counter({DIE_LABELS[0]: per_player, DIE_LABELS[1]: per_player})
    text = pdf_text(built["a4"][0]["dice"])
    assert text.count(DIE_LABELS[0]) == text.count(DIE_LABELS[1]) == per_player


@pytest.mark.parametrize(("name", "options", "tiles"),
                         [("a4", {}, 2), ("letter", {}, 2), ("a3", {}, 1), ("tabloid", {}, 1),
                          ("letter", {"die_size_mm": CUSTOM}, 2)])
def test_capacities_measure_the_printed_parts(name: str, options: dict[str, int],
                                              tiles: int) -> None:
    with drawing(BuildContext(paper(name), game_options=options)) as ctx:
        caps = {c.name: c.holds for c in capacities(ctx, 2)}
        pieces = mat_pieces(ctx)
        side = caps.pop("play area side")
        # the largest area that fits: one mm more and the mat needs a third page
        w, h = mat_size_mm(RULES)
        extra_w, extra_h = w - RULES.area_mm, h - RULES.area_mm
        more = plan_tiles(mm(side + 1 + extra_w), mm(side + 1 + extra_h), ctx.paper,
                          ctx.profile)
    caps.pop("turns in the example booklet")
    assert caps == {"ruler die widths": RULES.faces, "troops per player": RULES.troops,
                    "supply track": RULES.max_supply}
    assert pieces == tiles
    assert side >= math.ceil(RULES.area_mm)
    assert not more.single and len(more.tiles) > 2
    g = tracker_geometry(RULES)
    assert len(g.supply) - 1 == caps["supply track"] and len(g.troops) == RULES.troops
