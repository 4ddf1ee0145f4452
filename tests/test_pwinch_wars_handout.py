"""The Pwinch Wars rule handout: written from the game's data (the terrain effect chart, the
equipment, the roster, the turn chart, the scenarios) and summed by the engine's own rule
functions, in English and in Russian and Japanese (which print the English text until their
catalogs are translated, with their own numbers and fonts), on A4, Letter, two columns and
as a booklet.

The kit is registered elsewhere, so the tests assemble one with the handout, as the kit will.
Table cells are read back from the PDF by position (pdfplumber): a cell is the words under
its column's heading, a wrapped cell joined up again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import pdf_fonts, pypdf_page_texts

from printkit.context import BuildContext, DrawContext
from printkit.engines.pwinch_wars import PwinchWars, load_data
from printkit.engines.pwinch_wars.game import DUMMY_MOVE, DUMMY_SNEAK, HAND
from printkit.engines.pwinch_wars.scenarios import Choose
from printkit.handouts import HandoutOptions, build_handout, template_data
from printkit.handouts.markup import parse
from printkit.handouts.render import render_file
from printkit.i18n import N_, Catalog, translations
from printkit.kits import Handout, Kit
from printkit.page.preflight import MIN_TEXT_PT, Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars import handout as pw_handout
from printkit.templates.pwinch_wars.charts import clock_label
from printkit.templates.pwinch_wars.example import PwinchWarsExample
from printkit.units import mm

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(pw_handout.__file__).with_name("handout.xml.j2")
DATA = load_data()
DASH = "–"
BUILDS = {  # key: (locale, paper, options)
    "en": ("en", "a4", HandoutOptions()),
    "ru": ("ru", "letter", HandoutOptions()),
    "ja": ("ja", "a4", HandoutOptions()),
    "2col": ("en", "letter", HandoutOptions(columns=2)),
    "booklet": ("en", "a4", HandoutOptions(booklet=True)),
}
PAGE = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
CATALOG = Catalog("printkit.templates.pwinch_wars")


def _kit() -> Kit[Any, Any]:
    """The kit without its example figure (the example printer replays a whole game, which
    takes half a minute): the handout's data with ``example=None``."""
    return Kit(name="pwinch-wars", title=N_("Pwinch Wars"), components=lambda: [],
               catalog=CATALOG,
               handout=Handout(TEMPLATE, lambda ctx: pw_handout.handout_for(ctx, None)))


def _full_kit() -> Kit[Any, Any]:
    """The kit as it will be declared: the handout with the example game as its figure."""
    return Kit(name="pwinch-wars", title=N_("Pwinch Wars"), components=lambda: [],
               catalog=CATALOG,
               engine=PwinchWars, example=PwinchWarsExample,
               examples=ROOT / "examples" / "pwinch-wars",
               handout=Handout(TEMPLATE, pw_handout.handout_data,
                               example=pw_handout.EXAMPLE_LOG,
                               example_page=pw_handout.EXAMPLE_PAGE))


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pwinch-handout")
    built = {}
    for key, (locale, sheet, options) in BUILDS.items():
        folder = out / key
        folder.mkdir()
        built[key] = build_handout(_kit(), BuildContext(paper(sheet), locale=locale), folder,
                                   options)
    return built


def _text(path: Path) -> str:
    """The PDF's text with every run of white space as one space."""
    return " ".join(" ".join(pypdf_page_texts(path)).split())


# --- reading tables back ---------------------------------------------------------------------

@dataclass
class _Line:
    top: float
    words: list[dict[str, Any]]



def _bold(word: dict[str, Any]) -> bool:
    return "Bold" in word["fontname"]


def _lines(page: Any) -> list[_Line]:
    words = page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)
    lines: list[_Line] = []
    for w in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        if lines and abs(lines[-1].top - w["top"]) < 2:
            lines[-1].words.append(w)
        else:
            lines.append(_Line(w["top"], [w]))
    return lines


def _halves(pages: Sequence[Any]) -> list[Any]:
    """The pages as printed, a booklet's sheet (landscape, two pages) cut in two."""
    out = []
    for page in pages:
        w, h = float(page.width), float(page.height)
        out += ([page.crop((0, 0, w / 2, h)), page.crop((w / 2, 0, w, h))] if w > h
                else [page])
    return out


def table(path: Path, heads: Sequence[str], key_column: int = 1,
          key_bold: bool = False) -> list[list[str]]:
    """The body rows of the table whose heading line starts with the words ``heads`` (the
    first word of each column's heading): one list of cell texts per row. A row starts with
    a line that has a word (a bold one if ``key_bold``) in column ``key_column``; lines
    without one continue the row above (wrapped cells). The caption (italic), the next
    table's heading, the page number or the page's end closes the table (the handout keeps
    each table on one page)."""
    rows: list[list[str]] = []
    with pdfplumber.open(path) as pdf:
        for page in _halves(pdf.pages):
            lines = _lines(page)
            for i, line in enumerate(lines):
                matched: list[dict[str, Any]] = []
                for w in sorted(line.words, key=lambda w: w["x0"]):
                    if (len(matched) < len(heads) and w["text"] == heads[len(matched)]
                            and _bold(w)):
                        matched.append(w)
                if len(matched) < len(heads):
                    continue
                edges = [w["x0"] - 2 for w in matched]
                left, right = edges[0], float(page.bbox[2])
                edges.append(right)
                for body in lines[i + 1:]:
                    mine = [w for w in body.words if left <= w["x0"] < right]
                    if re.fullmatch(r"\d+ / \d+", " ".join(w["text"] for w in mine)):
                        break  # the page number
                    if any("Italic" in w["fontname"] for w in mine):
                        break  # the caption
                    if mine and all(_bold(w) for w in mine) and rows:
                        break  # the heading of the next table
                    if not mine or all(_bold(w) for w in mine):
                        continue  # a wrapped heading
                    cells = ["" for _ in heads]
                    starts_row = False
                    for w in sorted(mine, key=lambda w: w["x0"]):
                        col = max(k for k in range(len(heads)) if w["x0"] >= edges[k])
                        cells[col] = (cells[col] + " " + w["text"]).strip()
                        starts_row |= col == key_column and (_bold(w) or not key_bold)
                    if starts_row or not rows:
                        rows.append(cells)
                    else:  # a wrapped cell of the row above
                        rows[-1] = [(a + " " + b).strip()
                                    for a, b in zip(rows[-1], cells, strict=True)]
                if rows:
                    return rows
    raise AssertionError(f"no table headed {heads} in {path.name}")


def _ctx(locale: str) -> DrawContext:
    return DrawContext(BuildContext(paper("a4"), locale=locale), Preflight(), catalog=CATALOG)


def _signed(value: int) -> str:
    return DASH if value == 0 else f"{value:+d}"


def _number(value: Fraction | int, locale: str) -> str:
    text = str(int(value)) if Fraction(value).denominator == 1 else str(float(value))
    return text.replace(".", "," if locale == "ru" else ".")


def _heads(locale: str, *messages: str) -> list[str]:
    tr = translations(locale, CATALOG).gettext
    return [tr(m).split()[0] for m in messages]


# --- the tables are the data -----------------------------------------------------------------

HANGING = frozenset("、。，．」』）ーッャュョァィゥェォっゃゅょぁぃぅぇぉ")
"""What Japanese may not start a line with (closing marks, the long-vowel mark, small kana):
ReportLab's line breaking (``wordWrap="CJK"``) lets it hang past the line's end instead."""


def _joined(cell: str) -> str:
    """A table cell as one line: a word the handout hyphenated at a line's end joined again
    ("при- крутить" -> "прикрутить")."""
    return re.sub(r"(\w)- (\w)", r"\1\2", cell)


def _points(ctx: DrawContext, action: str) -> str:
    """An action and its cost as the handout words it, in the build's language, with the cost
    taken from the data."""
    cost = DATA.chart.action(action).cost
    return ctx._("%(action)s: %(points)s") % {
        "action": ctx._(pw_handout.ACTION_NAMES[action]),
        "points": ctx.ngettext("%(num)s point", "%(num)s points", cost) % {"num": str(cost)}}


@pytest.mark.parametrize("key", ["en", "ru", "2col", "booklet"])
def test_the_terrain_chart_is_the_data(pdfs: dict[str, Path], key: str) -> None:
    locale = BUILDS[key][0]
    ctx = _ctx(locale)
    rows = table(pdfs[key], _heads(locale, "Terrain", "Move cost", "Fire at a target here",
                                   "Sneak here", "Line of sight", "Special"))
    chart = DATA.chart
    assert len(rows) == len(chart.terrains)
    for row, t in zip(rows, chart.terrains, strict=True):
        name, move, fire, sneak, sight, special = (_joined(cell) for cell in row)
        assert name == ctx._(t.name), row
        assert move == _number(t.move_cost, locale), row
        assert (fire, sneak) == (_signed(t.fire), _signed(t.sneak)), row
        assert sight == (ctx._("blocks") if t.blocks_sight else DASH), row
        for action in t.actions:  # each action with its cost in points
            assert _points(ctx, action) in special, row
        assert (ctx._("moral check on entering").split(",")[0] in special) == t.entry_check, row
        assert (ctx._("cross it, but a move may not end here") in special) == (not t.may_stop)
        if t.entry_moral:
            assert _signed(t.entry_moral) in special, row


@pytest.mark.parametrize("key", ["en", "ru", "2col", "booklet"])
def test_the_equipment_tables_are_the_data(pdfs: dict[str, Path], key: str) -> None:
    locale = BUILDS[key][0]
    ctx = _ctx(locale)
    items = DATA.equipment.items
    weapons = [i for i in items if i.weapon]
    others = [i for i in items if not i.weapon]
    rows = table(pdfs[key], _heads(locale, "Weapons", "Range", "Fire", "Target's moral",
                                   "Uses", "Refill"))
    assert [r[0] for r in rows] == [ctx._(i.name) for i in weapons]
    for row, item in zip(rows, weapons, strict=True):
        row = [_joined(cell) for cell in row]
        assert row[1:5] == [str(item.range), _signed(item.fire), _signed(item.target_moral),
                            str(item.uses) if item.uses else ctx._("no limit")], row
        if item.refill:
            assert row[5] == _points(ctx, item.refill), row
        else:
            assert row[5] == (ctx._("never") if item.uses else DASH), row
        # the columns the weapons table leaves out are empty for every weapon
        assert item.moral == item.enemy_fire == item.sneak == 0
    rows = table(pdfs[key], _heads(locale, "Protection and gear", "Own moral",
                                   "Fire at the owner", "Own sneak"))
    assert [r[0] for r in rows] == [ctx._(i.name) for i in others]
    for row, item in zip(rows, others, strict=True):
        assert row[1:] == [_signed(item.moral), _signed(item.enemy_fire), _signed(item.sneak)]
        assert item.range == item.fire == item.target_moral == item.uses == 0


def test_the_equipment_tables_show_only_used_columns() -> None:
    tables = pw_handout.equipment_tables(_ctx("en"), DATA)
    assert [t["keys"] for t in tables] == [
        ["range", "fire", "target_moral", "uses", "refill"], ["moral", "enemy_fire", "sneak"]]
    assert sum(len(t["rows"]) for t in tables) == len(DATA.equipment.items)


def test_the_roster_is_the_data(pdfs: dict[str, Path]) -> None:
    first = table(pdfs["en"], ["Pwincher", "Fire", "Moral", "Sneak", "Move", "Special"])
    half = (len(DATA.roster.characters) + 1) // 2
    assert [r[0] for r in first] == [c.name for c in DATA.roster.characters[:half]]
    with pdfplumber.open(pdfs["en"]) as pdf:
        text = " ".join(p.extract_text() for p in pdf.pages)
    for c in DATA.roster.characters:
        line = (f"{c.name} {c.fire} {c.moral_blue} / {c.moral_red} {c.sneak} {c.move} "
                f"{c.special or DASH}")
        assert re.search(rf"(^|\n){re.escape(line)}(\n|$)", text), line


def test_the_scenarios_are_the_data(pdfs: dict[str, Path]) -> None:
    rows = table(pdfs["en"], ["Scenario", "Teams", "Points"], key_column=0, key_bold=True)
    scenarios = sorted(DATA.scenarios.values(), key=lambda s: (s.players, s.map, s.id))
    assert len(rows) == len(scenarios)
    for (title, teams, points), s in zip(rows, scenarios, strict=True):
        assert title == (f"{s.title} {DATA.maps[s.map].title} · {s.players} players · "
                         f"{s.turn_limit} turns"), title
        team = s.teams[0]
        if team.characters:
            assert teams.startswith(f"fixed teams of {len(team.characters)}"), teams
        else:
            way = "drawn from the bowl" if s.choose is Choose.BOWL else "picked in turn"
            assert teams.startswith(f"{team.draft} each, {way}"), teams
        assert teams.endswith(f"{team.dummies} dumm{'y' if team.dummies == 1 else 'ies'}")
        v = s.victory
        assert (f"{v.eliminated} point" in points) == bool(v.eliminated), points
        if v.hold:
            assert f"{DATA.chart.terrain(v.hold).name} held at the end of a turn: " \
                f"{v.hold_points} points" in points
        if v.flag:
            assert f"{v.flag} points for bringing the enemy flag" in points
            assert points.endswith("which ends the game") == v.flag_ends_game
        assert ("left on the red side" in points) == bool(v.red_at_end)


# --- the prose's numbers ---------------------------------------------------------------------

def test_the_numbers_come_from_the_data(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["en"])
    deck = DATA.deck.cards
    forest = DATA.maps["forest"]
    assert f"the {len(DATA.roster.characters)} pwinchers" in text
    assert f"{sum(i.counters for i in DATA.equipment.items)} equipment counters" in text
    assert (f"{len(deck)} cards on 3 sheets, {sum(c.colour.value == 'blue' for c in deck)} blue "
            f"and {sum(c.colour.value == 'red' for c in deck)} red") in text
    assert (f"Each comes in {forest.parts[0] * forest.parts[1]} parts ({forest.parts[0]} across, "
            f"{forest.parts[1]} down)") in text
    assert f"shows {forest.columns} × {forest.rows} hexes 25 mm across" in text
    assert "3 trays (light blue, yellow, and pink), each with 10 numbered boxes" in text
    assert f"Each player draws {HAND} event cards" in text
    m = DATA.chart.modifiers
    assert f"aims better ({_signed(m.not_moved_fire)} fire)" in text
    assert f"({_signed(m.not_moved_sneak)} sneak)" in text
    assert f"moves with {DUMMY_MOVE} movement points" in text and f"against {DUMMY_SNEAK}" in text
    scouting = DATA.chart.action("scouting")
    assert (f"Scouting ({scouting.cost} points)" in text
            and f"sneak check at {_signed(scouting.target_sneak)}" in text
            and f"fires at {_signed(scouting.own_fire)}" in text)
    turns = DATA.turns
    en = _ctx("en")

    def clock(label: str) -> str:  # Babel's "3:00\u202fPM", as the PDF's text reads it
        return clock_label(en, label).replace("\u202f", " ")

    first, last = clock(turns.label(1)), clock(turns.label(turns.turns))
    assert f"The turn chart has {turns.turns} slots, from {first} to {last}" in text
    night = clock(turns.label(min(turns.night)))
    assert f"Night (turns 9, 10, 11, and 12, from {night})" in text
    assert "Bed (turns 11 and 12)" in text
    assert "A 1 always succeeds and a 10 always fails" in text
    assert "(Normal sling: range 4)" in text
    assert "printkit build pwinch-wars --paper a4" in text


def test_the_worked_examples_are_the_engines_sums(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["en"])
    # the seed's Jack and Bud: heavy sling, not moved, adjacent, forest, shield -> 7
    assert ("6 (fire) + 1 (Heavy sling) + 1 (not moved) + 1 (next to him) - 1 (Forest) - 1 "
            "(Shield) = 7") in text
    assert "A roll of 7 or less hits (70% of rolls). He rolls 5: a hit." in text
    assert "3 (moral) + 1 (Shield) + 1 (Helmet) - 1 (Heavy sling) = 4. He rolls 5 and fails" \
        in text
    # every modifier counted (notes.md reading 5): 6 - 1 + 1 - 3 = 3
    assert "6 (sneak) - 1 (Grass) + 1 (Camo) - 3 (not moved) = 3" in text
    assert "the hex's modifier (Grass, -1)" in text
    ex = pw_handout.worked_examples(_ctx("en"), DATA)
    assert ex["fire_total"] == "7" and ex["moral_total"] == "4" and ex["sneak_total"] == "3"


def test_the_readings_and_credit_are_printed(pdfs: dict[str, Path]) -> None:
    text = _text(pdfs["en"])
    start = text.index("Where the rules leave a choice")
    section = text[start:text.index("The roster", start)]
    for heading in ("Blocked sight.", "A ruler along an edge.", "One counter per hex.",
                    "First pick.", "Placing markers.", "An impulse.", "Entry checks.",
                    "Hose and water balls.", "Shots spent.", "Crossfire.", "Dropped items.",
                    "Who scores.", "Being seen.", "Scouting", "Scuffles.", "Initiative.",
                    "When to play a card.", "Drawing cards", "The sneak example"):
        assert heading in section, heading
    # reading 3: both sides of the edge must block
    assert "only when both hexes beside that edge block" in section
    assert f"costs {DATA.chart.action('pick_up_item').cost} point;" in section
    assert "Quebec City" in text and "Duberger Park and Pepin Street" in text
    for letter in "BSFXT":
        assert f"{letter}, " in text


# --- languages, layout, print ----------------------------------------------------------------

@pytest.mark.parametrize("key", list(BUILDS))
def test_pages_fonts_and_no_overflow(pdfs: dict[str, Path], key: str) -> None:
    locale, sheet, options = BUILDS[key]
    path = pdfs[key]
    fonts = pdf_fonts(path)
    assert fonts and all(fonts.values()), fonts  # every font embedded
    if locale == "ja":
        assert any("NotoSansJP" in name for name in fonts), fonts
    margin = mm(12) - 0.5
    with pdfplumber.open(path) as pdf:
        assert 4 <= len(pdf.pages) <= 14
        width, height = PAGE["a4" if options.booklet else sheet]
        for number, page in enumerate(pdf.pages, start=1):
            assert (round(float(page.width), 2), round(float(page.height), 2)) == (
                (height, width) if options.booklet else (width, height))
            if options.booklet:
                continue  # two half pages side by side: checked on the flat layouts
            for ch in page.chars:
                assert ch["size"] >= MIN_TEXT_PT - 0.01, (number, ch["text"])
                # Japanese hangs a character that may not start a line past the line's end
                # (burasage): it may reach one character into the margin
                right = width - margin + (ch["size"] if ch["text"] in HANGING else 0)
                assert margin <= ch["x0"] and ch["x1"] <= right, (number, ch["text"])
            # no two characters overprint on one line (a cell running into the next)
            for line in _lines(page):
                chars = sorted((c for c in page.chars
                                if abs(c["top"] - line.top) < 2 and c["text"].strip()),
                               key=lambda c: c["x0"])
                for a, b in zip(chars, chars[1:], strict=False):
                    assert b["x0"] >= a["x1"] - 0.6, (number, a["text"], b["text"])


@pytest.mark.parametrize("key", ["2col", "booklet"])
def test_narrow_tables_break_no_word(pdfs: dict[str, Path], key: str) -> None:
    """A narrow column must wrap between words, never inside one ("Fir e")."""
    with pdfplumber.open(pdfs[key]) as pdf:
        words = {w["text"] for p in pdf.pages for w in p.extract_words()}
    wanted = {"Range", "Fire", "Target's", "Uses", "Refill", "Pwincher", "Moral", "Sneak",
              "Move", "Special", "Scenario", "Teams", "Points", "Terrain", "Walkie-talkie",
              "Restricted", "blocks", "limit"}
    assert wanted <= words, sorted(wanted - words)


def test_other_languages_keep_their_glyphs(pdfs: dict[str, Path]) -> None:
    for key, language in (("ja", "日本語"), ("ru", "русский")):
        text = _text(pdfs[key])
        tr = translations(key, CATALOG).gettext
        assert language in text.lower() or language in text
        assert tr("Credits") in text and tr("Credits") != "Credits"
        assert "\ufffd" not in text
    assert "0,5" in _text(pdfs["ru"])  # a half point, the Russian way


def test_the_same_build_gives_the_same_bytes(pdfs: dict[str, Path], tmp_path: Path) -> None:
    again = build_handout(_kit(), BuildContext(paper("a4")), tmp_path)
    assert again.read_bytes() == pdfs["en"].read_bytes()


def test_the_figure_names_its_log() -> None:
    with drawing(BuildContext(paper("a4"))) as ctx:
        ctx = ctx.for_component("handout")
        data = {**template_data(_kit(), ctx), **pw_handout.handout_for(ctx, "some-game.jsonl")}
        blocks = parse(render_file(TEMPLATE, "en", data), TEMPLATE.name)
        none = {**template_data(_kit(), ctx), **pw_handout.handout_for(ctx, None)}
        without = parse(render_file(TEMPLATE, "en", none), TEMPLATE.name)
    figures = [b for b in blocks if b.tag == "figure"]
    assert len(figures) == 1 and figures[0].attrs["src"] == "example"
    assert "printkit example pwinch-wars examples/pwinch-wars/some-game.jsonl" in \
        figures[0].caption
    assert not [b for b in without if b.tag == "figure"]


def test_the_kit_shows_its_example_game(tmp_path: Path) -> None:
    """Built as the kit declares it: the example log drawn by the example printer, its
    chosen page laid in as the last figure, with a caption naming the log."""
    assert (ROOT / "examples" / "pwinch-wars" / pw_handout.EXAMPLE_LOG).is_file()
    path = build_handout(_full_kit(), BuildContext(paper("a4")), tmp_path)
    text = _text(path)
    assert f"examples/pwinch-wars/{pw_handout.EXAMPLE_LOG}" in text
    assert re.search(r"Turn \d+ of \d+", text)  # the example's page of a turn, drawn in
    assert all(pdf_fonts(path).values())
