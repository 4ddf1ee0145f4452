"""The War of Bones rule handout: written from the rules data and the engine's exact odds, with
the example game as its figure, in English and in another shipped language (which prints the
English text until its catalog is translated, with the language's numbers).

The kit is declared elsewhere, so the tests assemble one from the handout and the example
printer, as the kit will.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.engines.war_of_bones import ODDS, WarOfBones
from printkit.engines.war_of_bones.rules import RULES
from printkit.handouts import HandoutOptions, build_handout, template_data
from printkit.handouts.markup import parse
from printkit.handouts.render import render_file
from printkit.i18n import N_, Catalog, translations
from printkit.kits import Handout, Kit
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.war_of_bones import handout as wob_handout
from printkit.templates.war_of_bones.components import components
from printkit.templates.war_of_bones.example import WarOfBonesExample

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(wob_handout.__file__).with_name("handout.xml.j2")
CATALOG = Catalog("printkit.templates.war_of_bones")


def _kit() -> Kit[Any, Any]:
    """The kit as it will be declared: the handout with the example figure."""
    return Kit(name="war-of-bones", title=N_("War of Bones"), components=components,
               catalog=CATALOG,
               engine=WarOfBones, example=WarOfBonesExample,
               examples=ROOT / "examples" / "war-of-bones",
               handout=Handout(TEMPLATE, wob_handout.handout_data,
                               example=wob_handout.EXAMPLE_LOG,
                               example_page=wob_handout.EXAMPLE_PAGE))


def _text(path: Path) -> str:
    """The PDF's text with every run of white space as one space (cells, wrapped lines)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("wob-handout")
    kit = _kit()
    built = {}
    for key, build, options in (("en", BuildContext(paper("a4")), HandoutOptions()),
                                ("de", BuildContext(paper("letter"), locale="de"),
                                 HandoutOptions()),
                                ("booklet", BuildContext(paper("a4")),
                                 HandoutOptions(booklet=True))):
        folder = out / key
        folder.mkdir()
        built[key] = build_handout(kit, build, folder, options)
    return built


def _percent(value: float, decimal: str) -> str:
    return f"{value * 100:.1f}".replace(".", decimal)


@pytest.mark.parametrize(("key", "decimal"), [("en", "."), ("de", ","), ("booklet", ".")])
def test_the_odds_table_is_the_engines(pdfs: dict[str, Path], key: str, decimal: str) -> None:
    text = _text(pdfs[key])
    tr = translations("de" if key == "de" else "en", CATALOG).gettext
    start = text.index(tr("Strength ↓ Firepower →"))
    table = text[start:text.index(tr("Each cell: the chance in percent that one attack of that "
                                     "Strength slays a Troop of that Firepower (bold), then the "
                                     "chance that it does 1 damage; otherwise it does nothing. "
                                     "Two dice make 36 equal cases, so every figure is a whole "
                                     "number of steps of %(step)s %%. A Troop showing 6 can never "
                                     "be slain by one attack, only worn down.")[:12], start)]
    for s in range(1, 7):
        cells = " ".join(f"{_percent(float(ODDS[s, f].slain), decimal)} · "
                         f"{_percent(float(ODDS[s, f].damage), decimal)}" for f in range(1, 7))
        assert f" {s} {cells}" in table, (key, s)


def test_odds_rows_are_exact() -> None:
    rows = wob_handout.odds_rows()
    assert [r["strength"] for r in rows] == list(range(1, 7))
    for row in rows:
        for cell in row["cells"]:
            odds = ODDS[row["strength"], cell["firepower"]]
            assert cell["slain"] == float(odds.slain) and cell["damage"] == float(odds.damage)
            assert abs(cell["slain"] + cell["damage"] + cell["nothing"] - 1) < 1e-12


def test_the_numbers_come_from_the_data(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["en"])
    per_player = RULES.troops + RULES.rollers + RULES.supply_dice
    assert f"{per_player} six-sided dice of one colour for each player" in text
    assert (f"{RULES.troops} are Troops, {RULES.rollers} are Rollers and "
            f"{RULES.supply_dice} is the Supply die") in text
    assert f"so all {2 * (RULES.setup_own + RULES.setup_opponent)} Troops start" in text
    assert f"at most {RULES.max_troops_in_area} Troops in the area" in text
    assert f"Supply never goes above {RULES.max_supply}" in text
    assert "every edge of the area moves 2 in inwards, leaving a 5 in square (127 mm)" in text
    assert f"after {RULES.turn_limit} turns" in text
    assert "(64 mm with 16 mm dice)" in text  # range 4 in 16 mm dice
    assert "printkit build war-of-bones --paper a4" in text
    assert "accepts 8 to 20 mm" in text


def test_the_decisions_and_figures_are_printed(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["en"])
    section = text[text.index("Where the rules leave a choice"):text.index("How the game plays")]
    for heading in ("In or out.", "Measuring.", "Declare, then measure.", "Writing a game down.",
                    "Die size.", "Reengage.", "The opening.", "Splitting Firepower.",
                    "Several attacks on one Troop", "Supplies", "Reinforce.", "Resupply",
                    "Converge", "Turn limit."):
        assert heading in section, heading
    # the measured figures of data/notes.md
    assert "beats random play in 100% of games" in text
    assert "over 1,000 games per pairing" in text
    assert "beats it in 53.6% of games (50.5% to 56.7% with 95 % confidence)" in text
    assert "won 73.5% (71.5% to 75.3%)" in text and "49.7% for the first seat" in text
    assert "2,000 games" in text
    assert "Matt Sall" in text
    # the figure and its caption
    assert "examples/war-of-bones/converge-game.jsonl" in text
    assert "Turn 2 · " in text  # the example's second page, drawn into the handout


def test_another_language_builds_with_its_numbers(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["de"])
    assert "Deutsch" in text  # the header names the language
    assert "228,6 mm" in text and "War of Bones" in text


def test_the_figure_names_its_log() -> None:
    with drawing(BuildContext(paper("a4"))) as ctx:
        ctx = ctx.for_component("handout")
        data = {**template_data(_kit(), ctx), **wob_handout.handout_for(ctx, "some-game.jsonl")}
        blocks = parse(render_file(TEMPLATE, "en", data), TEMPLATE.name)
        none = {**template_data(_kit(), ctx), **wob_handout.handout_for(ctx, None)}
        without = parse(render_file(TEMPLATE, "en", none), TEMPLATE.name)
    figures = [b for b in blocks if b.tag == "figure"]
    assert len(figures) == 1 and figures[0].attrs["src"] == "example"
    assert "printkit example war-of-bones examples/war-of-bones/some-game.jsonl" in \
        figures[0].caption
    assert not [b for b in without if b.tag == "figure"]


def test_page_counts_are_sane(pdfs: dict[str, Path]) -> None:
    assert 3 <= len(PdfReader(pdfs["en"]).pages) <= 6
    booklet = PdfReader(pdfs["booklet"])
    assert booklet.pages[0].mediabox.width == pytest.approx(841.89, abs=0.01)
    assert len(booklet.pages) % 2 == 0
