"""The rule handouts of WFtGtS and of the printable dice: generated from the data, on A4 and
Letter, in one or two columns and as booklets, with the example sheet laid in."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.engines.core import replay
from printkit.engines.core.log import read_log
from printkit.engines.wftgts import WFtGtS
from printkit.engines.wftgts.game import MAX_PLAYERS
from printkit.engines.wftgts.rules import RULES
from printkit.handouts import HandoutOptions, build_handout
from printkit.kits import Handout, Kit, get_kit
from printkit.paper import paper
from printkit.templates.dice.games import presets
from printkit.templates.dice.handout import TEMPLATE as DICE_TEMPLATE
from printkit.templates.dice.handout import handout_data as dice_data
from printkit.templates.dice.handout import opposite_sum
from printkit.templates.wftgts import handout as wftgts_handout

PAGE_WIDTH = {"a4": 595.28, "letter": 612.0}


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _flat(text: str) -> str:
    """The text with line breaks and runs of spaces as single spaces (a sentence may wrap)."""
    return " ".join(text.split())


def dice_kit() -> Kit[Any, Any]:
    """The dice kit, which names its handout."""
    kit = get_kit("dice")
    assert kit.handout == Handout(DICE_TEMPLATE, dice_data)
    return kit


@pytest.fixture(scope="module")
def wftgts_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("wftgts")
    return {name: build_handout(get_kit("wftgts"), BuildContext(paper(name)), out)
            for name in ("a4", "letter")}


@pytest.fixture(scope="module")
def dice_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dice")
    return {name: build_handout(dice_kit(), BuildContext(paper(name)), out)
            for name in ("a4", "letter")}


# --- WFtGtS ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a4", "letter"])
def test_wftgts_handout_says_what_the_rules_data_says(wftgts_pdfs: dict[str, Path],
                                                      name: str) -> None:
    path = wftgts_pdfs[name]
    reader = PdfReader(path)
    assert reader.pages[0].mediabox.width == pytest.approx(PAGE_WIDTH[name], abs=0.01)
    assert 2 <= len(reader.pages) <= 4
    text = _flat(_text(path))
    n = len(RULES.dice)
    assert f"{n} dice: one d4, one d6, one d8, one d10 (1s), one d10 (10s), one d12" in text
    assert f"The game has {RULES.rounds} rounds. A round has {RULES.rolls_per_round} rolls" in text
    assert f"groups of at least {RULES.min_group} dice" in text
    assert f"number of dice in the set plus {RULES.set_bonus}" in text
    assert f"printkit build wftgts --paper {name}" in text
    # the dice table: every die's faces and points
    for die in RULES.dice:
        assert f"{die.label} {die.sides} {die.points}" in text
    # the multipliers, from the smallest group to all the dice
    sizes = " ".join(str(k) for k in range(RULES.min_group, n + 1))
    sets = " ".join(str(k + RULES.set_bonus) for k in range(RULES.min_group, n + 1))
    assert f"Dice in the group {sizes}" in text and f"Set: multiply by {sets}" in text
    # scored by the engine: the seed's examples and the best line
    assert "(3 + 2 + 5) × 3 = 30" in text and "(3 + 1 + 5) × 3 = 27" in text
    assert "(1 + 4 + 4) × 5 = 45" in text and "76 + 45 = 121" in text
    assert f"× {n + RULES.set_bonus} = {sum(RULES.points) * (n + RULES.set_bonus)}" in text
    assert "once per game" in text and f"sum is {sum(RULES.sides)}" in text
    # the engine's limit and the optimal figures
    assert f"up to {MAX_PLAYERS:,} players" in text
    assert "568.18 points on average" in text and "averaged 568.14 points over 200,000" in text
    assert "Jonathan Leistiko" in text  # credits


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_wftgts_handout_shows_the_seed_example_sheet(wftgts_pdfs: dict[str, Path],
                                                     name: str) -> None:
    kit = get_kit("wftgts")
    assert kit.handout is not None and kit.examples is not None
    assert kit.handout.example == "seed-example.jsonl" and kit.handout.example_page == 0
    state = replay(WFtGtS(), read_log(kit.examples / "seed-example.jsonl")).state
    final = state.sheets[0].total
    assert final == 570
    text = _flat(_text(wftgts_pdfs[name]))
    assert f"The Final score is {final}" in text  # the walk-through, from the replay
    assert "76, 156, 108, 95, 75, and 60 points" in text
    # the figure: the example printer's sheet, laid in with its own text
    assert "WAITING FOR THE GAME TO START" in text
    assert f"510 + 60 = {final}" in text and "tie-break: best c-line sum" in text
    assert "1-2-3-4: 19 × 4 = 76" in text


def test_wftgts_optimal_figures_match_the_tables_when_they_are_built() -> None:
    from printkit.engines.wftgts import optimal

    meta_path = optimal.table_dir() / "meta.json"
    if not meta_path.exists():
        pytest.skip("the optimal tables are not built on this machine")
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    worth = meta["worth"][RULES.rounds]
    assert round(worth[RULES.junk_uses], 3) == wftgts_handout.OPTIMAL_GAME
    assert round(worth[0], 3) == wftgts_handout.OPTIMAL_NO_JUNK
    assert round(meta["expected_round"], 3) == wftgts_handout.OPTIMAL_ROUND
    assert round(meta["first_roll_mean"], 2) == wftgts_handout.FIRST_ROLL
    # the bot's mean over 200,000 games lies within its 95 % interval of the exact value
    assert abs(wftgts_handout.BOT_MEAN - wftgts_handout.OPTIMAL_GAME) < 0.5


# --- printable dice --------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a4", "letter"])
def test_dice_handout_lists_every_preset_with_its_dice(dice_pdfs: dict[str, Path],
                                                       name: str) -> None:
    path = dice_pdfs[name]
    reader = PdfReader(path)
    assert reader.pages[0].mediabox.width == pytest.approx(PAGE_WIDTH[name], abs=0.01)
    assert 1 <= len(reader.pages) <= 4
    text = _flat(_text(path))
    found = presets()
    total = sum(len(p.dice) for p in found.values())
    assert f"{len(found)} sets with {total} dice in all" in text
    assert f"printkit build dice --paper {name}" in text
    assert "3 × d6, yellow team" in text and "3 × d6, common (white)" in text
    assert "1 × d10, white (tens)" in text
    for preset in found.values():
        assert preset.name in text and preset.title in text
    assert "exactly 50 mm and 1 inch" in text
    # the table of dice: every kind the presets use, numbered as printed
    assert "d12 12 23 19" in text  # faces, size across (mm), glue tabs
    assert "Opposite faces add up to 21" in text and "00 to 90" in text


def test_opposite_faces_are_read_from_the_printed_numbering() -> None:
    assert [opposite_sum(k) for k in ("d6", "d8", "d10", "d12", "d20")] == [7, 9, 9, 13, 21]
    assert opposite_sum("d10", tens=True) == 90 and opposite_sum("d4") is None


# --- every layout ----------------------------------------------------------------------------

@pytest.mark.parametrize("kit_name", ["wftgts", "dice"])
@pytest.mark.parametrize("name", ["a4", "letter"])
def test_two_columns_and_booklets_build(tmp_path: Path, kit_name: str, name: str) -> None:
    kit = dice_kit() if kit_name == "dice" else get_kit(kit_name)
    build = BuildContext(paper(name))
    one = len(PdfReader(build_handout(kit, build, tmp_path)).pages)
    two = len(PdfReader(build_handout(kit, build, tmp_path, HandoutOptions(columns=2))).pages)
    booklet = PdfReader(build_handout(kit, build, tmp_path, HandoutOptions(booklet=True)))
    assert two <= one <= 4
    sheet = booklet.pages[0].mediabox
    assert float(sheet.width) > float(sheet.height)  # two booklet pages to a landscape sheet
    if kit_name == "wftgts":  # the example sheet is in every layout
        assert "WAITING FOR THE GAME TO START" in _text(tmp_path / (
            f"wftgts-rules-en-{name}-booklet.pdf"))


@pytest.mark.parametrize("template", [
    Path(wftgts_handout.__file__).with_name("handout.xml.j2"), DICE_TEMPLATE])
def test_every_trans_block_is_one_line(template: Path) -> None:
    """Extraction trims a block's whitespace (babel.cfg) and rendering does not, so a block
    split over lines would never find its translation."""
    source = template.read_text(encoding="utf-8")
    blocks = re.findall(r"{%\s*trans\b.*?%}(.*?){%\s*endtrans\s*%}", source, flags=re.S)
    assert blocks
    assert all("\n" not in block for block in blocks)
