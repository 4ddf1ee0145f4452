"""The Tug of War kit measured in its PDFs: mat, counters, turn summary, example, validation.

Every count the tests expect comes from the rules data
(``printkit.engines.tug_of_war.rules``), as the
printed kit's does.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pdfplumber
import pytest
from conftest import Cli, pdf_fonts, pdf_text
from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject

from printkit.engines.tug_of_war.rules import RULES
from printkit.layout.sizes import size as item_size
from printkit.templates.tug_of_war.mat import MatGeometry

MM = 72 / 25.4
N = RULES.athletes_per_side
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COMPONENTS = ("rope-mat", "athlete-tokens", "turn-summary", "dice")


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The whole kit built once per paper through the CLI (the module shares the PDFs)."""
    from printkit.cli import main

    out = tmp_path_factory.mktemp("tow")
    for paper in PAPERS:
        assert main(["build", "tug-of-war", "--paper", paper, "--out", str(out / paper)]) == 0
    return {paper: out / paper / "tug-of-war" for paper in PAPERS}


def _size_mm(page: PageObject) -> tuple[float, float]:
    return (round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1))


@pytest.mark.parametrize("paper", PAPERS)
def test_every_component_builds_with_embedded_fonts(kits: dict[str, Path], paper: str) -> None:
    folder = kits[paper]
    w, h = PAPERS[paper]
    for name in COMPONENTS:
        pdf = folder / f"{name}.pdf"
        assert pdf.stat().st_size > 1000, name
        fonts = pdf_fonts(pdf)
        assert fonts and all(fonts.values()), (name, fonts)
        assert not any("Helvetica" in f for f in fonts), name
        for page in PdfReader(str(pdf)).pages:
            expected = (h, w) if name == "rope-mat" else (w, h)  # the mat is landscape
            assert _size_mm(page) == expected, name
    assert (folder / "tug-of-war-kit.pdf").is_file()


@pytest.mark.parametrize("paper", PAPERS)
def test_mat_has_the_numbered_spaces_of_the_rules_sized_for_the_counters(
    kits: dict[str, Path], paper: str
) -> None:
    pdf = kits[paper] / "rope-mat.pdf"
    assert len(PdfReader(str(pdf)).pages) == 1  # fits whole: not tiled on A4 or Letter
    token = item_size("counter-5/8").width_mm
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        numbers = Counter(w["text"] for w in words  # the large numbers in the spaces
                          if w["size"] > 14 and w["text"].isdigit())
        spaces = [c for c in page.curves
                  if abs(c["width"] - c["height"]) < 0.1 and token + 1 < c["width"] / MM < 20]
    assert numbers == Counter({str(i): 2 for i in range(1, N + 1)})  # 1..18 on each side
    assert len(spaces) == 2 * N
    assert all(s["width"] / MM >= 17.0 for s in spaces)  # a 5/8 in counter sits inside
    text = pdf_text(pdf)
    for label in ["TUG OF WAR", "Yellow team dice", "Red team dice", "Common dice",
                  "Yellow reserve", "Red reserve", "Print at 100 %"]:
        assert label in text, label


def test_mat_geometry_follows_the_rules_data() -> None:
    from dataclasses import replace

    from printkit.templates.tug_of_war.mat import geometry, token_side_mm

    g = geometry()
    assert [len(g.side_spaces(s)) for s in (0, 1)] == [N, N]
    assert len(g.common_dice) == RULES.common_dice
    assert [len(t) for t in g.team_dice] == [RULES.team_dice] * 2
    assert g.space_side / MM == pytest.approx(token_side_mm() + 1.6, abs=0.01)
    fewer = geometry(rules=replace(RULES, athletes_per_side=N - 3))
    assert len(fewer.side_spaces(1)) == N - 3
    _assert_no_overlaps(fewer)


def _assert_no_overlaps(g: MatGeometry) -> None:
    """Every space, dice box, caption band and reserve lies inside the mat's padding, and no
    two of them overlap (a dice group's captions included)."""
    from printkit.geometry import Rect
    from printkit.templates.tug_of_war.draw import LAYOUT

    m = LAYOUT.mat
    label_h = m.label_size * 1.8 * MM
    inner = g.mat.inset(m.padding * MM)
    groups = [*g.team_dice, g.common_dice]
    bands = []  # each dice group with its title above and its hint below
    for boxes in groups:
        x0, x1 = min(b.x for b in boxes), max(b.right for b in boxes)
        y0, y1 = min(b.y for b in boxes), max(b.top for b in boxes)
        bands.append(Rect(x0, y0 - label_h, x1 - x0, y1 - y0 + 2 * label_h))
    things = [g.title, *bands, *(s.rect for s in g.spaces), *g.reserves]
    for r in things:
        assert inner.contains(r, 0.01), r
    for i, a in enumerate(things):
        for b in things[i + 1:]:
            assert (a.right <= b.x + 0.01 or b.right <= a.x + 0.01 or a.top <= b.y + 0.01
                    or b.top <= a.y + 0.01), (a, b)


# The rules variants the mat is checked with (the 15-athlete one is the tests' classic).
VARIANTS = [{}, {"athletes_per_side": N - 3}, {"athletes_per_side": 12},
            {"team_dice": 2, "common_dice": 2}, {"common_dice": 4}]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_dice_boxes_hold_the_printed_d6_and_a_shop_d6(variant: dict[str, Any]) -> None:
    """Each box is sized from what it holds: the kit's printed d6 (the dice module's sizing
    rule) or a shop-bought 16 mm d6, plus the clearance to pick it up."""
    from dataclasses import replace

    from printkit.drawing.dice import SHOP_D6_MM
    from printkit.drawing.polyhedra import die_size
    from printkit.templates.tug_of_war.draw import LAYOUT
    from printkit.templates.tug_of_war.mat import dice_capacities, geometry

    rules = replace(RULES, **variant)
    g = geometry(rules=rules)
    team, common = dice_capacities(rules)
    assert (team.holds, common.holds) == (rules.team_dice, rules.common_dice)
    assert [len(t) for t in g.team_dice] == [team.holds] * 2
    assert len(g.common_dice) == common.holds
    printed = die_size("d6").across
    assert team.die_mm == common.die_mm == max(printed, SHOP_D6_MM)
    clearance = LAYOUT.mat.die_clearance
    for b in [*g.team_dice[0], *g.team_dice[1], *g.common_dice]:
        assert min(b.w, b.h) / MM >= printed + 2 * clearance - 1e-6
        assert min(b.w, b.h) / MM >= SHOP_D6_MM + 2 * clearance - 1e-6
    _assert_no_overlaps(g)


def test_more_dice_take_two_lines_of_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five team dice a side do not fit one line across the mat: every group takes two
    lines (on a mat made taller for them), still without overlaps."""
    from dataclasses import replace

    from printkit.templates.tug_of_war.draw import LAYOUT
    from printkit.templates.tug_of_war.mat import geometry

    rules = replace(RULES, team_dice=5, common_dice=5)
    with pytest.raises(Exception, match="reserves are too shallow"):
        geometry(rules=rules)
    import printkit.templates.tug_of_war.mat as mat_module

    monkeypatch.setattr(mat_module, "LAYOUT",
                        replace(LAYOUT, mat=replace(LAYOUT.mat, height=230.0)))
    g = geometry(rules=rules)
    assert len({round(b.y, 3) for b in g.team_dice[0]}) == 2
    assert len({round(b.y, 3) for b in g.common_dice}) == 2
    _assert_no_overlaps(g)


@pytest.mark.parametrize("paper", PAPERS)
def test_printed_dice_boxes_measure_the_printed_d6(kits: dict[str, Path], paper: str) -> None:
    from printkit.drawing.polyhedra import die_size
    from printkit.templates.tug_of_war.draw import LAYOUT

    box = die_size("d6").across + 2 * LAYOUT.mat.die_clearance
    with pdfplumber.open(kits[paper] / "rope-mat.pdf") as doc:
        boxes = [c for c in doc.pages[0].curves
                 if abs(c["width"] / MM - box) < 0.05 and abs(c["height"] / MM - box) < 0.05]
    assert len(boxes) == 2 * RULES.team_dice + RULES.common_dice
    with pdfplumber.open(kits[paper] / "dice.pdf") as doc:  # the faces of the printed d6
        faces = [r for page in doc.pages for r in page.rects if r["fill"]
                 and abs(r["width"] / MM - die_size("d6").across) < 0.05]
    assert len(faces) == 6 * RULES.total_dice
    assert all(box >= f["width"] / MM + 2 for f in faces)


@pytest.mark.parametrize("profile", ["home", "print-shop"])
def test_mat_ground_runs_into_the_bleed_and_its_border_stays_inside(
    tmp_path: Path, profile: str
) -> None:
    """In the mat's own frame (the trim): the background runs 3 mm past the trim in
    print-shop (to the trim at home); the border line lies wholly inside the trim."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.context import BuildContext
    from printkit.geometry import Rect
    from printkit.page.profiles import profile as find_profile
    from printkit.paper import paper as find_paper
    from printkit.pipeline import drawing
    from printkit.templates.tug_of_war.draw import LAYOUT, ink
    from printkit.templates.tug_of_war.mat import draw_mat, geometry, mat_size

    w, h = mat_size()
    margin = 20 * MM
    out = tmp_path / "mat.pdf"
    with drawing(BuildContext(find_paper("a3"), profile=profile)) as ctx:
        c = Canvas(str(out), pagesize=(w + 2 * margin, h + 2 * margin))
        g = geometry(Rect(margin, margin, w, h))
        draw_mat(c, ctx, g)
        c.showPage()
        c.save()
    bleed = find_profile(profile).bleed
    ground = tuple(round(v, 4) for v in ink("ground").rgb())
    with pdfplumber.open(out) as doc:
        page = doc.pages[0]
        grounds = [r for r in page.rects if r["fill"] and tuple(
            round(v, 4) for v in r["non_stroking_color"]) == ground]
        border = [c for c in page.curves if c["stroke"] and not c["fill"]
                  and c["width"] > w * 0.9]
    assert len(grounds) == 1
    gr = grounds[0]
    assert gr["x0"] == pytest.approx(margin - bleed, abs=0.01)
    assert gr["x1"] == pytest.approx(margin + w + bleed, abs=0.01)
    assert gr["height"] == pytest.approx(h + 2 * bleed, abs=0.01)
    assert len(border) == 1
    line = LAYOUT.mat.border_width
    b = border[0]
    assert b["linewidth"] == pytest.approx(line)
    inset = min(b["x0"] - margin, margin + w - b["x1"], b["top"] - margin,
                margin + h - b["bottom"])
    assert inset >= line / 2 + LAYOUT.mat.border_inset * MM - 0.01


@pytest.mark.parametrize("profile", ["home", "print-shop"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("landscape", [False, True])
def test_both_turn_summary_cards_on_one_page(tmp_path: Path, paper: str, landscape: bool,
                                             profile: str) -> None:
    """Two cards, one page: stacked on portrait paper, turned side by side on landscape
    (they took a page each on landscape), clear of the first page's band."""
    from printkit.context import BuildContext
    from printkit.kits import NoOptions
    from printkit.paper import paper as find_paper
    from printkit.pipeline import drawing
    from printkit.templates.tug_of_war.summary import draw_summary

    out = tmp_path / "summary.pdf"
    with drawing(BuildContext(find_paper(paper, landscape=landscape), profile=profile)) as ctx:
        draw_summary(ctx, NoOptions(), out)
        assert not ctx.preflight.errors, ctx.preflight.report()
    assert len(PdfReader(str(out)).pages) == 1
    assert " ".join(pdf_text(out).split()).count("Tug of War: set-up and turn") == 2


def test_mat_is_tiled_on_paper_too_small_for_it(tmp_path: Path) -> None:
    from printkit.context import BuildContext
    from printkit.kits import NoOptions
    from printkit.layout.tile import plan_tiles
    from printkit.paper import Paper
    from printkit.pipeline import drawing
    from printkit.templates.tug_of_war.draw import LAYOUT
    from printkit.templates.tug_of_war.mat import draw_rope_mat
    from printkit.units import mm

    a5 = Paper("a5", 148 * MM, 210 * MM)
    with drawing(BuildContext(a5)) as ctx:
        draw_rope_mat(ctx, NoOptions(), tmp_path / "m.pdf")
    plan = plan_tiles(mm(LAYOUT.mat.width), mm(LAYOUT.mat.height), a5)
    assert plan.pages > 1 and len(PdfReader(str(tmp_path / "m.pdf")).pages) == plan.pages


def _fills(page: Any) -> list[tuple[float, float, float, float, str]]:
    return [(r["x0"], r["bottom"], r["width"], r["height"], str(r["non_stroking_color"]))
            for r in page.rects if r["fill"] and not r["stroke"]]


@pytest.mark.parametrize("paper", PAPERS)
def test_counters_are_the_preset_size_and_backs_land_behind_fronts(
    kits: dict[str, Path], paper: str
) -> None:
    side = item_size("counter-5/8").width_mm
    with pdfplumber.open(kits[paper] / "athlete-tokens.pdf") as doc:
        assert len(doc.pages) == 2  # one sheet, front and back (duplex)
        front, back = doc.pages
        cuts = [r for r in front.rects if r["stroke"] and not r["fill"]]
        assert len(cuts) == 2 * N
        for r in cuts:
            assert abs(r["width"] / MM - side) <= 0.1 and abs(r["height"] / MM - side) <= 0.1
        fronts, backs = _fills(front), _fills(back)
        colours = Counter(c for *_xy, c in fronts)
        assert sorted(colours.values()) == [N, N]  # N of each colour
        width = float(front.width)
        for x, top, w, _h, colour in fronts:  # long-edge duplex mirrors x on portrait paper
            mate = [b for b in backs if abs(b[0] - (width - x - w)) <= 0.1 * MM
                    and abs(b[1] - top) <= 0.1 * MM]
            assert len(mate) == 1 and mate[0][4] == colour  # printed alike on both sides
    viewer = cast(DictionaryObject,  # the reader resolves the catalog and its entries
                  PdfReader(str(kits[paper] / "athlete-tokens.pdf")).trailer["/Root"])
    assert str(cast(DictionaryObject, viewer["/ViewerPreferences"])["/Duplex"]) == \
        "/DuplexFlipLongEdge"


def test_turn_summary_states_the_rules_numbers(kits: dict[str, Path]) -> None:
    pdf = kits["a4"] / "turn-summary.pdf"
    text = " ".join(pdf_text(pdf).split())
    assert text.count("Tug of War: set-up and turn") == 2  # one card per player
    for needle in [f"the {N} athletes", f"roll {RULES.team_dice} dice",
                   f"Roll the {RULES.common_dice} common dice", f"For each {RULES.faces}",
                   "Remove", "Exchange", "already used this turn"]:
        assert needle in text, needle


def test_builds_are_byte_identical(cli: Cli, tmp_path: Path) -> None:
    for d in ("one", "two"):
        assert cli("build", "tug-of-war", "-c", "rope-mat", "-c", "athlete-tokens",
                   "--out", str(tmp_path / d)).code == 0
    for name in ("rope-mat.pdf", "athlete-tokens.pdf"):
        assert (tmp_path / "one" / "tug-of-war" / name).read_bytes() == \
            (tmp_path / "two" / "tug-of-war" / name).read_bytes(), name


def _log_lines(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_example_of_a_played_game_has_a_captioned_strip_per_turn(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert cli("play", "tug-of-war", "--seed", "1", "--bot", "lookahead", "--bot", "greedy",
               "--log", str(log)).code == 0
    lines = _log_lines(log)
    result = lines[-1]["result"]
    out = tmp_path / "g.pdf"
    r = cli("example", "tug-of-war", str(log), "--out", str(out))
    assert r.code == 0, r.err
    text = " ".join(pdf_text(out).split())
    assert "Set-up Yellow" in text and "Set-up Red" in text
    for turn in range(1, result["turns"] + 1):
        assert f"Turn {turn} " in text, turn
    assert f"Turn {result['turns'] + 1} " not in text
    actions = [line["action"] for line in lines if "action" in line]
    assert text.count("Remove: common") == sum(1 for a in actions if "remove" in a)
    assert text.count("Exchange: common") == sum(1 for a in actions if "exchange" in a)
    from printkit.engines.core import parse_log

    reasons = [e.reason for e in parse_log(log.read_text()).entries if e.reason]
    assert reasons and all(reason in text for reason in reasons[:6])  # the bots' reasons
    assert f"{result['winner_name']} wins." in text
    fonts = pdf_fonts(out)
    assert all(fonts.values())
    # reproducible
    again = tmp_path / "again.pdf"
    assert cli("example", "tug-of-war", str(log), "--out", str(again)).code == 0
    assert again.read_bytes() == out.read_bytes()


def test_example_of_the_seed_turn(cli: Cli, tmp_path: Path) -> None:
    log = Path(__file__).resolve().parent.parent / "examples" / "tug-of-war" / "jeff-turn.jsonl"
    out = tmp_path / "jeff.pdf"
    assert cli("example", "tug-of-war", str(log), "--out", str(out), "--paper", "letter").code == 0
    text = " ".join(pdf_text(out).split())
    for needle in ["Turn 1", "Jeff", "Rolls the common dice: 1, 3, 5.", "Re-rolls 1: 4.",
                   "Exchange: common 3 in, team 2 out, athletes +2 (5 on the rope).",
                   "Remove: common 5 against team 4, one Bernd athlete off (5 left).",
                   "the turn ends"]:
        assert needle in text, needle


def test_validate_json_contract(cli: Cli) -> None:
    r = cli("validate", "tug-of-war", "--games", "50", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out.strip().splitlines()[0])
    assert data["game"] == "tug-of-war" and data["games"] == 50 and data["bot"] == "lookahead"
    assert data["mean_score"] is None and data["ok"] is True
    caps = {c["name"]: c for c in data["capacities"]}
    assert set(caps) == {"athlete tokens per colour", "rope spaces per side",
                         "example booklet turns", "team dice boxes per side",
                         "common dice boxes"}
    assert caps["team dice boxes per side"]["observed_max"] == 3
    for c in data["capacities"]:
        assert set(c) == {"name", "capacity", "observed_max", "ok"}
        assert c["ok"] == (c["observed_max"] <= c["capacity"])
    assert caps["athlete tokens per colour"]["capacity"] == N
    assert caps["rope spaces per side"]["capacity"] == N
    assert 0 < caps["rope spaces per side"]["observed_max"] <= N
    assert 10 < caps["example booklet turns"]["observed_max"] < caps["example booklet turns"][
        "capacity"]


def test_validate_fails_when_the_booklet_is_too_short(cli: Cli,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printkit.context import DrawContext
    from printkit.kits import Capacity, get_kit, kits

    kit = get_kit("tug-of-war")
    assert kit.validation is not None
    real = kit.validation.capacities

    def shorter(ctx: DrawContext, players: int) -> list[Capacity]:
        return [Capacity(c.name, 5, c.unit) if c.name == "example booklet turns" else c
                for c in real(ctx, players)]

    monkeypatch.setitem(kits(), "tug-of-war",
                        replace(kit, validation=replace(kit.validation, capacities=shorter)))
    r = cli("validate", "tug-of-war", "--games", "5")
    assert r.code == 1
    assert "example booklet turns" in r.out and "NO" in r.out


@pytest.mark.parametrize("side", [0, 1])
def test_the_athlete_stays_inside_the_white_ring_of_its_token(tmp_path: Path, side: int) -> None:
    """Rendered at 1,200 dpi: nothing but the team colour outside the ring (the figure's
    feet and rope stay inside it, issue 27 item 13)."""
    import numpy as np
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from printkit.templates.tug_of_war.draw import LAYOUT, side_ink
    from printkit.templates.tug_of_war.tokens import token_face, token_size

    side_pt = token_size().width
    path = tmp_path / "token.pdf"
    c = Canvas(str(path), pagesize=(side_pt, side_pt))
    token_face(side)(c, 0.0, 0.0, side_pt, side_pt, 0)
    c.showPage()
    c.save()
    scale = 1200 / 72
    pixels = np.asarray(pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil()
                        .convert("RGB"), dtype=float)
    n = pixels.shape[0]
    ys, xs = np.mgrid[0:n, 0:n]
    radius = (np.hypot(xs + 0.5 - n / 2, ys + 0.5 - n / 2)) / n  # in token sides
    outside = radius > LAYOUT.tokens.ring / 2 + 0.008  # past the ring and its 0.5 pt stroke
    team = np.array([side_ink(side).red, side_ink(side).green, side_ink(side).blue]) * 255
    off_colour = np.abs(pixels - team).max(axis=2) > 40
    assert not (outside & off_colour).any(), int((outside & off_colour).sum())
