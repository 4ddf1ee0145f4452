"""The Tug of War kit measured in its PDFs: mat, counters, turn summary, example, validation.

Every count the tests expect comes from the rules data
(``printkit.engines.tug_of_war.rules``), as the
printed kit's does.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader

from printkit.engines.tug_of_war.rules import RULES
from printkit.production.sizes import size as item_size

MM = 72 / 25.4
N = RULES.athletes_per_side
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
COMPONENTS = ("rope-mat", "athlete-tokens", "turn-summary", "dice")


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """The whole kit built once per paper through the CLI (the module shares the PDFs)."""
    from printkit.cli import main

    out = tmp_path_factory.mktemp("tow")
    for paper in PAPERS:
        assert main(["build", "tug-of-war", "--paper", paper, "--out", str(out / paper)]) == 0
    return {paper: out / paper / "tug-of-war" for paper in PAPERS}


def _size_mm(page) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    return (round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1))


@pytest.mark.parametrize("paper", PAPERS)
def test_every_component_builds_with_embedded_fonts(kits, paper):
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
def test_mat_has_the_numbered_spaces_of_the_rules_sized_for_the_counters(kits, paper):
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


def test_mat_geometry_follows_the_rules_data():
    from dataclasses import replace

    from printkit.templates.tug_of_war.mat import geometry, token_side_mm

    g = geometry()
    assert [len(g.side_spaces(s)) for s in (0, 1)] == [N, N]
    assert len(g.common_dice) == RULES.common_dice
    assert [len(t) for t in g.team_dice] == [RULES.team_dice] * 2
    assert g.space_side / MM == pytest.approx(token_side_mm() + 1.6, abs=0.01)
    bigger = geometry(rules=replace(RULES, athletes_per_side=N - 3))
    assert len(bigger.side_spaces(1)) == N - 3


def test_mat_is_tiled_on_paper_too_small_for_it(tmp_path):
    from printkit.context import BuildContext
    from printkit.kits import NoOptions
    from printkit.paper import Paper
    from printkit.pipeline import drawing
    from printkit.production.tile import plan_tiles
    from printkit.templates.tug_of_war.mat import LAYOUT, draw_rope_mat
    from printkit.units import mm

    a5 = Paper("a5", 148 * MM, 210 * MM)
    with drawing(BuildContext(a5)) as ctx:
        draw_rope_mat(ctx, NoOptions(), tmp_path / "m.pdf")
    plan = plan_tiles(mm(LAYOUT["mat"]["width"]), mm(LAYOUT["mat"]["height"]), a5)
    assert plan.pages > 1 and len(PdfReader(str(tmp_path / "m.pdf")).pages) == plan.pages


def _fills(page) -> list[tuple[float, float, float, float, str]]:  # type: ignore[no-untyped-def]
    return [(r["x0"], r["bottom"], r["width"], r["height"], str(r["non_stroking_color"]))
            for r in page.rects if r["fill"] and not r["stroke"]]


@pytest.mark.parametrize("paper", PAPERS)
def test_counters_are_the_preset_size_and_backs_land_behind_fronts(kits, paper):
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
    viewer = PdfReader(str(kits[paper] / "athlete-tokens.pdf")).trailer["/Root"]
    assert viewer["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"


def test_turn_summary_states_the_rules_numbers(kits):
    pdf = kits["a4"] / "turn-summary.pdf"
    text = " ".join(pdf_text(pdf).split())
    assert text.count("Tug of War: set-up and turn") == 2  # one card per player
    for needle in [f"the {N} athletes", f"roll {RULES.team_dice} dice",
                   f"Roll the {RULES.common_dice} common dice", f"For each {RULES.faces}",
                   "Remove", "Exchange", "already used this turn"]:
        assert needle in text, needle


def test_builds_are_byte_identical(cli, tmp_path):
    for d in ("one", "two"):
        assert cli("build", "tug-of-war", "-c", "rope-mat", "-c", "athlete-tokens",
                   "--out", str(tmp_path / d)).code == 0
    for name in ("rope-mat.pdf", "athlete-tokens.pdf"):
        assert (tmp_path / "one" / "tug-of-war" / name).read_bytes() == \
            (tmp_path / "two" / "tug-of-war" / name).read_bytes(), name


def _log_lines(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_example_of_a_played_game_has_a_captioned_strip_per_turn(cli, tmp_path):
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
    reasons = [line["reason"] for line in lines if line.get("reason")]
    assert reasons and all(reason in text for reason in reasons[:6])  # the bots' reasons
    assert f"{result['winner_name']} wins." in text
    fonts = pdf_fonts(out)
    assert all(fonts.values())
    # reproducible
    again = tmp_path / "again.pdf"
    assert cli("example", "tug-of-war", str(log), "--out", str(again)).code == 0
    assert again.read_bytes() == out.read_bytes()


def test_example_of_the_seed_turn(cli, tmp_path):
    log = Path(__file__).resolve().parent.parent / "examples" / "tug-of-war" / "jeff-turn.jsonl"
    out = tmp_path / "jeff.pdf"
    assert cli("example", "tug-of-war", str(log), "--out", str(out), "--paper", "letter").code == 0
    text = " ".join(pdf_text(out).split())
    for needle in ["Turn 1", "Jeff", "Rolls the common dice: 1, 3, 5.", "Re-rolls 1: 4.",
                   "Exchange: common 3 in, team 2 out, athletes +2 (5 on the rope).",
                   "Remove: common 5 against team 4, one Bernd athlete off (5 left).",
                   "the turn ends"]:
        assert needle in text, needle


def test_validate_json_contract(cli):
    r = cli("validate", "tug-of-war", "--games", "50", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out.strip().splitlines()[0])
    assert data["game"] == "tug-of-war" and data["games"] == 50 and data["bot"] == "lookahead"
    assert data["mean_score"] is None and data["ok"] is True
    caps = {c["name"]: c for c in data["capacities"]}
    assert set(caps) == {"athlete tokens per colour", "rope spaces per side",
                         "example booklet turns"}
    for c in data["capacities"]:
        assert set(c) == {"name", "capacity", "observed_max", "ok"}
        assert c["ok"] == (c["observed_max"] <= c["capacity"])
    assert caps["athlete tokens per colour"]["capacity"] == N
    assert caps["rope spaces per side"]["capacity"] == N
    assert 0 < caps["rope spaces per side"]["observed_max"] <= N
    assert 10 < caps["example booklet turns"]["observed_max"] < caps["example booklet turns"][
        "capacity"]


def test_validate_fails_when_the_booklet_is_too_short(cli, monkeypatch):
    from dataclasses import replace

    from printkit.kits import Capacity, get_kit, kits

    kit = get_kit("tug-of-war")
    real = kit.validation.capacities

    def shorter(ctx, players):
        return [Capacity(c.name, 5, c.unit) if c.name == "example booklet turns" else c
                for c in real(ctx, players)]

    monkeypatch.setitem(kits(), "tug-of-war",
                        replace(kit, validation=replace(kit.validation, capacities=shorter)))
    r = cli("validate", "tug-of-war", "--games", "5")
    assert r.code == 1
    assert "example booklet turns" in r.out and "NO" in r.out
