"""The W.A.R. – Powers 'n Points rule handout: written from the rules data and the sheets the
build prints, on A4 and as a booklet, with a custom sheet's own powers and columns.

The kit's example printer and log come separately, so the handout here is built without its
figure (``example=None``); the figure's markup is checked on its own.
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.context import BuildContext, DrawContext
from printkit.engines.war_pnp.effects import column_points
from printkit.engines.war_pnp.game import ROUND_SAFETY_LIMIT
from printkit.engines.war_pnp.rules import RULES, PowerKind, PowerSpec
from printkit.engines.war_pnp.sheets import STANDARD, parse_sheet
from printkit.handouts import HandoutOptions, build_handout, template_data
from printkit.handouts.markup import parse
from printkit.handouts.render import render_file
from printkit.kits import Handout, Kit
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.war_pnp import KIT
from printkit.templates.war_pnp import handout as war_handout

ROOT = Path(__file__).resolve().parent.parent
TINKERER = ROOT / "examples" / "war-pnp" / "sheets" / "tinkerer.toml"
TEMPLATE = Path(war_handout.__file__).with_name("handout.xml.j2")
NAMES = {PowerKind.GROW: "Grow", PowerKind.DOUBLE: "Double", PowerKind.BEND: "Bend",
         PowerKind.BLOCK: "Block", PowerKind.STEAL: "Steal", PowerKind.CANCEL: "Cancel",
         PowerKind.TRAP: "Trap", PowerKind.DECAY: "Decay", PowerKind.POWERUP: "PowerUp",
         PowerKind.WITHER: "Wither", PowerKind.REROLL: "Re-roll", PowerKind.POKE: "Poke"}
ROMAN = ("i", "ii", "iii", "iv", "v", "vi")


def _kit() -> Kit[Any, Any]:
    """The kit with its handout and no example figure (the printer is not wired yet)."""
    data = functools.partial(war_handout.handout_for, example=None)
    return dataclasses.replace(KIT, handout=Handout(TEMPLATE, data, example=None))


def _text(path: Path) -> str:
    """The PDF's text with every run of white space as one space (cells, wrapped lines)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def _tinkerer() -> dict[str, Any]:
    return {"sheet": tomllib.loads(TINKERER.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("war-handout")
    kit, a4 = _kit(), paper("a4")
    custom_out = out / "custom"
    custom_out.mkdir()
    return {
        "a4": build_handout(kit, BuildContext(a4), out),
        "booklet": build_handout(kit, BuildContext(a4), out, HandoutOptions(booklet=True)),
        "custom": build_handout(kit, BuildContext(a4, game_options=_tinkerer()), custom_out),
    }


def _row(spec: PowerSpec) -> str:
    """A power's row as the options table prints it, straight from the rules data."""
    cells = []
    for own, gift in zip(spec.options, spec.gifts, strict=True):
        if spec.kind is PowerKind.GROW:
            cells.append(f"+{own}" + (f" (+{gift})" if gift else ""))
        elif spec.kind is PowerKind.STEAL:
            cells.append(ROMAN[own - 1])
        elif spec.kind is PowerKind.POWERUP:
            cells.append(f"PU{own}")
        else:
            cells.append(str(own))
    return f"{NAMES[spec.kind]} {' '.join(cells)}"


def test_page_counts_are_sane(pdfs: dict[str, Path]) -> None:
    a4 = PdfReader(pdfs["a4"])
    assert a4.pages[0].mediabox.width == pytest.approx(595.28, abs=0.01)
    assert 3 <= len(a4.pages) <= 5
    assert 3 <= len(PdfReader(pdfs["custom"]).pages) <= 6
    booklet = PdfReader(pdfs["booklet"])  # A5 pages imposed two to an A4 landscape side
    assert booklet.pages[0].mediabox.width == pytest.approx(841.89, abs=0.01)
    assert len(booklet.pages) % 2 == 0 and 2 <= len(booklet.pages) <= 6


@pytest.mark.parametrize("name", ["a4", "booklet"])
def test_every_standard_power_appears_with_its_six_options(pdfs: dict[str, Path],
                                                           name: str) -> None:
    text = _text(pdfs[name])
    section = text[text.index("The options of the standard sheet"):text.index("Gaining points")]
    for spec in STANDARD.powers:
        assert spec == RULES.power(spec.kind)
        assert _row(spec) in section, spec.kind
    assert "custom sheets only" not in text  # no extra power is described without its sheet


def test_the_numbers_come_from_the_data(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["a4"])
    assert f"after round {RULES.hard_decisions_rounds}, the game ends" in text
    assert f"after round {RULES.design_notes_rounds}" in text
    assert "printkit play war-pnp --option round_limit=hard_decisions" in text
    assert f"develops {RULES.setup_developments} boxes" in text
    assert f"has {RULES.win_score} points or more" in text
    assert f"{RULES.history_length} cells, one per round" in text
    assert f"From {RULES.min_players + 1} to {RULES.max_players} players" in text
    assert f"everyone has had {RULES.power_chances_per_player} chances" in text
    assert f"stops a game after round {ROUND_SAFETY_LIMIT}" in text
    assert "printkit build war-pnp --paper a4" in text
    assert "printkit validate war-pnp --sheet FILE" in text and "95% confidence" in text
    # the worked example of scoring, computed by the engine's own function
    five_nine = RULES.column_for_sum(5)
    points = column_points(five_nine, 5, decay=2, withering=4, multiplier=2)
    assert (f"box v of your 5/9 column ({five_nine.value(5)} points)" in text
            and f"the 2x makes it {points}" in text)
    # the Points columns: values bottom box last, with the average per roll of each box
    for box in range(RULES.boxes_per_row, 0, -1):
        cells = " ".join(f"{c.value(box)} ({float(RULES.column_expectation(c, box)):.2f})"
                         for c in RULES.columns)
        assert f"{ROMAN[box - 1]} {cells}" in text
    assert "box iii of 5/9 is 9 and box v of 5/9 is 15" in text  # the seed's own values
    assert "Jonathan Leistiko" in text


def test_a_custom_sheet_shows_its_own_powers_and_columns(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["custom"])
    start = text.index("This kit's custom sheet: The Tinkerer")
    section = text[start:text.index("Where the rules leave a choice", start)]
    tinkerer = parse_sheet(_tinkerer()["sheet"], "tinkerer.toml")
    for spec in tinkerer.powers:
        assert _row(spec) in section, spec.kind
    assert "Re-roll 1 1 2 2 3 3" in section and "Poke 2 3 5 7 9 12" in section
    assert "Block 1" not in section  # no Block row: the Tinkerer has no Block
    assert "none of these standard powers: Block, Decay, PowerUp, and Wither" in section
    assert "Its Rolls track has 24 cells" in section
    assert "20 (1.11)" in section  # its own 2/12 column, box i, and the average per roll
    # the standard sheet is printed too (the other seats play it), so its table stays
    assert _row(RULES.power(PowerKind.BLOCK)) in text[:start]
    # the extra powers are described, marked as custom-sheet powers
    assert "Re-roll (custom sheets only)" in text and "Poke (custom sheets only)" in text


def test_the_example_figure_names_its_log() -> None:
    with drawing(BuildContext(paper("a4"))) as ctx:
        ctx = ctx.for_component("handout")
        data = {**template_data(KIT, ctx),
                **war_handout.handout_for(ctx, "some-game.jsonl")}
        blocks = parse(render_file(TEMPLATE, "en", data), TEMPLATE.name)
    figures = [b for b in blocks if b.tag == "figure"]
    assert len(figures) == 1 and figures[0].attrs["src"] == "example"
    assert "examples/war-pnp/some-game.jsonl" in figures[0].caption
    assert "printkit example war-pnp examples/war-pnp/some-game.jsonl" in figures[0].caption


def test_option_cells_follow_the_rules() -> None:
    ctx = DrawContext(BuildContext(paper("a4")), Preflight())
    for spec in STANDARD.powers:
        assert f"{NAMES[spec.kind]} {' '.join(war_handout.option_cells(ctx, spec))}" == \
            _row(spec)
    assert war_handout.kit_example() == (KIT.handout.example if KIT.handout else None)
