"""Decks from CSV through the click command, preflight findings, kit assembly and previews."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import pdf_text
from pypdf import PdfReader
from pypdf.generic import Destination, DictionaryObject

from printkit.cli.production import calibrate, deck, preview
from printkit.context import BuildContext, DrawContext
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.layout.assembly import assemble
from printkit.page import preflight
from printkit.paper import paper
from printkit.units import mm

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "decks" / "sample.csv"


def test_sample_deck_with_backs(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(deck, [str(SAMPLE), "--back", "RUN!", "--out", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4  # 18 poker cards: 9 per A4 sheet, fronts and backs
    text = reader.pages[0].extract_text()
    assert "Tailwind" in text and "Print at 100" in text
    assert "RUN!" in reader.pages[1].extract_text()


def test_deck_options(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    args = [str(SAMPLE), "--size", "bridge", "--paper", "letter", "--profile", "print-shop",
            "--back", "X", "--duplex", "short", "--duplex-offset", "0.5,-0.5", "--out", str(out)]
    result = CliRunner().invoke(deck, args)
    assert result.exit_code == 0, result.output
    assert "/TrimBox" in PdfReader(str(out)).pages[0]


def test_card_that_cannot_fit_is_an_error_naming_the_row(tmp_path: Path) -> None:
    csv = tmp_path / "cards.csv"
    csv.write_text("title,text,count\nShort,Fine.,2\nLong,\"" + "word " * 400 + "\",1\n",
                   encoding="utf-8")
    out = tmp_path / "d.pdf"
    for fit in ("deck", "per-card"):
        result = CliRunner().invoke(deck, [str(csv), "--size", "mini", "--fit", fit,
                                           "--out", str(out)])
        assert result.exit_code == 1
        assert "row 3 (Long)" in result.stderr and "does not fit" in result.stderr
        assert f"nothing written to {out}" in result.stderr and not result.stdout
        # no PDF and no temporary file: the folder holds the CSV alone
        assert [f.name for f in tmp_path.iterdir()] == ["cards.csv"]


@pytest.mark.parametrize("content,message", [
    ("name,body\nA,B\n", "needs a title and a text column"),
    ("title,text,count\nA,B,two\n", "line 2: count 'two' is not a whole number"),
    ("title,text,image\nA,B,missing.png\n", "image missing.png not found"),
    ("title,text,back\nA,B,missing.png\n", "line 2: back image missing.png not found"),
    ("title,text\nA,B,C\n", "line 2: more cells than the header has columns"),
])
def test_bad_csv_is_one_line_exit_2(tmp_path: Path, content: str, message: str) -> None:
    csv = tmp_path / "c.csv"
    csv.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(deck, [str(csv), "--out",
                                                       str(tmp_path / "o.pdf")])
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("args,message", [
    (["--size", "-3x5mm"], "must be positive"),
    (["--size", "jumbo"], "unknown size"),
    (["--paper", "b5"], "unknown paper"),
    (["--profile", "office"], "unknown profile"),
    (["--size", "300x300mm"], "does not fit"),
    (["--back", "X", "--duplex-offset", "a,b"], "two numbers"),
])
def test_bad_options_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(deck, [str(SAMPLE), *args, "--out",
                                                       str(tmp_path / "o.pdf")])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not (tmp_path / "o.pdf").exists()


def test_low_dpi_image_is_flagged(tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (60, 40), "navy").save(tmp_path / "art.png")
    csv = tmp_path / "c.csv"
    csv.write_text("title,text,image\nArt,Has a picture,art.png\n", encoding="utf-8")
    result = CliRunner().invoke(deck, [str(csv), "--out",
                                                       str(tmp_path / "o.pdf")])
    assert result.exit_code == 1  # ~30 dpi: an error
    assert "low-dpi" in result.stderr


def test_preflight_recorder() -> None:
    report = preflight.Preflight()
    assert report.check_text("short", FontRole.SANS, 10, 100, 20, locale="en", where="a")
    assert not report.check_text("a much longer label than fits", FontRole.SANS, 10, 50, 11,
                                 locale="en", where="b")
    assert not report.check_glyphs(FontRole.SANS, "\u202f\u4e00", locale="en", where="c")
    assert report.check_glyphs(FontRole.SANS, "\u4e00", locale="ja", where="g")  # the locale's font
    report.check_image(600, 600, 72, 72, where="d")  # 600 dpi: fine
    report.check_image(200, 200, 72, 72, where="e")  # 200 dpi: warning
    assert not report.check_inside(Rect.from_corners(0, 0, 10, 10),
                                   Rect.from_corners(18, 18, 500, 800), where="f")
    codes = [(f.level, f.code, f.where) for f in report.findings]
    assert ("error", "text-overflow", "b") in codes
    assert ("error", "missing-glyph", "c") in codes
    assert ("warning", "low-dpi", "e") in codes
    assert ("error", "outside-safe-area", "f") in codes
    assert not any(w in ("a", "d", "g") for _l, _c, w in codes)
    assert report.exit_code == 1
    assert report.report().splitlines()[-1].startswith("preflight: 3 error(s), 1 warning(s)")


def test_kit_assembly_and_previews(tmp_path: Path) -> None:
    runner = CliRunner()
    a, b = tmp_path / "deck.pdf", tmp_path / "cal.pdf"
    assert runner.invoke(deck, [str(SAMPLE), "--back", "B", "--out", str(a)]).exit_code == 0
    assert runner.invoke(calibrate, ["--out", str(b)]).exit_code == 0
    ctx = DrawContext(BuildContext(paper=paper("a4")), preflight.Preflight())
    kits = []
    for n in (1, 2):
        (tmp_path / str(n)).mkdir()
        kits.append(assemble("Test kit", [("Deck", a), ("Calibration", b)],
                             tmp_path / str(n) / "kit.pdf", ctx))
    assert kits[0].read_bytes() == kits[1].read_bytes()
    reader = PdfReader(str(kits[0]))
    assert len(reader.pages) == 6
    titles = [o.title if isinstance(o, Destination) else o for o in reader.outline]
    assert titles == ["Deck", "Calibration"]
    assert reader.page_labels == ["Deck 1", "Deck 2", "Deck 3", "Deck 4", "Calibration 1",
                                  "Calibration 2"]
    meta = reader.metadata
    assert meta is not None
    assert meta.title == "Test kit" and "SIL OFL 1.1" in str(meta["/Keywords"])
    root = reader.trailer["/Root"].get_object()
    assert isinstance(root, DictionaryObject)
    prefs = root["/ViewerPreferences"].get_object()
    assert isinstance(prefs, DictionaryObject)
    assert str(prefs["/PrintScaling"]) == "/None"
    result = runner.invoke(preview, [str(kits[0]), "--dpi", "30", "--out",
                                     str(tmp_path / "png")])
    assert result.exit_code == 0, result.output
    pngs = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert "kit-contact.png" in pngs and "kit-p6.png" in pngs


def test_commands_registered() -> None:
    from printkit.cli import cli

    assert {"deck", "preview", "calibrate"} <= set(cli.commands)


# --- issue 11 item 10: margins, one size per deck, hyphenation, nothing written on failure ---

POTIONS = SAMPLE.with_name("potions.csv")


def _fronts(pdf: Path, item: str, n: int) -> list[tuple[Any, Rect, list[dict[str, Any]]]]:
    """(pdfplumber page, card trim, the card's characters) of every front in an A4 home deck
    with backs (long-edge duplex), read back from the PDF."""
    import pdfplumber

    from printkit.layout.impose import place, plan_sheet

    plan = plan_sheet(item, paper("a4"), "home", duplex="long")
    out = []
    doc = pdfplumber.open(str(pdf))
    for p in place(plan, n, two_sided=True):
        if p.side != "front":
            continue
        page = doc.pages[p.page]
        chars = [c for c in page.chars if p.x - 1 <= c["x0"] and c["x1"] <= p.x + p.w + 1
                 and p.y - 1 <= c["y0"] and c["y1"] <= p.y + p.h + 1]
        out.append((page, p.trim, chars))
    return out


def _card_text(page: Any, trim: Rect) -> str:
    box = (trim.x, page.height - trim.top, trim.right, page.height - trim.y)
    return str(page.crop(box).extract_text())


def test_text_keeps_its_margin_from_the_cut_and_titles_clear_the_rule(tmp_path: Path) -> None:
    from printkit.drawing.deck import MARGIN, SAFE

    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(deck, [str(SAMPLE), "--back", "RUN!", "--out", str(out)])
    assert result.exit_code == 0, result.output
    fronts = _fronts(out, "poker", 18)
    assert len(fronts) == 18
    nearest, clearance = float("inf"), float("inf")
    for page, trim, chars in fronts:
        assert chars
        for c in chars:  # glyph boxes (ascent to descent, origin to advance) vs the cut
            nearest = min(nearest, c["x0"] - trim.x, trim.right - c["x1"], c["y0"] - trim.y,
                          trim.top - c["y1"])
        rules = [ln for ln in page.lines if abs(ln["linewidth"] - 0.5) < 0.01
                 and trim.x < ln["x0"] < ln["x1"] < trim.right and trim.y < ln["y0"] < trim.top]
        assert len(rules) == 1
        rule_y = rules[0]["y0"]
        title = [c for c in chars if c["y0"] > rule_y]
        assert title and all("SemiBold" in c["fontname"] for c in title)
        clearance = min(clearance, min(c["y0"] - rule_y for c in title))
    assert nearest >= SAFE  # at least 1/8 in from the cut on every side
    assert nearest >= MARGIN - 0.01  # in fact the deck's own margin, 4.5 mm
    assert clearance >= mm(1.2)  # descenders included ("Lucky Socks", "Energy Bar")


def _sizes(pdf: Path, n: int, item: str = "poker") -> dict[str, set[float]]:
    sizes: dict[str, set[float]] = {}
    for _page, _trim, chars in _fronts(pdf, item, n):
        for c in chars:
            role = "title" if "SemiBold" in c["fontname"] else "text"
            sizes.setdefault(role, set()).add(round(c["size"], 2))
    return sizes


def test_one_size_across_the_deck_unless_per_card(tmp_path: Path) -> None:
    csv = tmp_path / "c.csv"
    long = "Move every runner one space back, then roll again. " * 8
    csv.write_text(f"title,text\nShort,Draw a card.\nLong,\"{long}\"\nMiddle,Roll a die and "
                   "move that many spaces.\n", encoding="utf-8")
    one, each = tmp_path / "one.pdf", tmp_path / "each.pdf"
    result = CliRunner().invoke(deck, [str(csv), "--back", "B", "--out", str(one)])
    assert result.exit_code == 0, result.output
    sizes = _sizes(one, 3)
    [text_size] = sizes["text"]  # one size for every card: the long one's
    assert sizes["title"] == {13.0} and text_size < 12
    assert f"titles 13 pt; text {text_size:g} pt (set by row 3)" in result.stdout
    result = CliRunner().invoke(deck, [str(csv), "--back", "B", "--fit", "per-card",
                                       "--out", str(each)])
    assert result.exit_code == 0, result.output
    assert _sizes(each, 3) == {"title": {13.0}, "text": {text_size, 12.0}}
    assert f"text {text_size:g}-12 pt" in result.stdout


def test_a_long_word_is_hyphenated_before_the_text_shrinks(tmp_path: Path) -> None:
    csv = tmp_path / "c.csv"
    word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    csv.write_text(f"title,text\nCough,Catch {word} and rest.\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(deck, [str(csv), "--back", "B", "--out", str(out)])
    assert result.exit_code == 0, result.output
    [(page, trim, _chars)] = _fronts(out, "poker", 1)
    lines = _card_text(page, trim).splitlines()
    split = [line for line in lines if line.endswith("-")]
    assert split, lines  # a hyphen where the word is split
    joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in lines)
    assert word in joined
    assert _sizes(out, 1)["text"] == {12.0}  # hyphenated at the largest size, not shrunk


def test_hyphenation_follows_the_language(tmp_path: Path) -> None:
    from printkit.fonts import font
    from printkit.layout.fit import hyphenator, wrap

    word = "Donaudampfschifffahrtsgesellschaft"
    lines, widest, split = wrap(word, font(FontRole.SANS, "de"), 12, mm(30), hyphenator("de"))
    assert split and widest <= mm(30) and all(line.endswith("-") for line in lines[:-1])
    assert "".join(line.rstrip("-") for line in lines) == word
    result = CliRunner().invoke(deck, [str(SAMPLE), "--lang", "xx", "--out",
                                       str(tmp_path / "o.pdf")])
    assert result.exit_code == 2 and "no hyphenation dictionary for --lang 'xx'" in result.stderr


# --- issue 11 item 11: columns mapped to fields ---------------------------------------------

def test_field_option_maps_columns(tmp_path: Path) -> None:
    csv = tmp_path / "c.csv"
    csv.write_text("id,Title,body,qty\n1,Gust,Blow a runner back.,3\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(deck, [str(csv), "--out", str(out)])
    assert result.exit_code == 2 and "needs a text column" in result.stderr
    result = CliRunner().invoke(deck, [str(csv), "--field", "text=body", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 cards" in result.stdout  # qty is a count column by default
    assert "Blow a runner back." in PdfReader(str(out)).pages[0].extract_text()


def test_layout_file_beside_the_csv_and_the_command_line_wins(tmp_path: Path) -> None:
    csv = tmp_path / "c.csv"
    csv.write_text("name,body,rules\nGust,From the body.,From the rules.\n", encoding="utf-8")
    (tmp_path / "c.toml").write_text('[fields]\ntitle = "name"\ntext = "body"\n',
                                     encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(deck, [str(csv), "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "Gust" in text and "From the body." in text
    result = CliRunner().invoke(deck, [str(csv), "--field", "text=RULES", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "From the rules." in text and "From the body." not in text


@pytest.mark.parametrize("toml,args,message", [
    ("", ["--field", "colour=body"], "--field colour=body: unknown field 'colour'; the fields "
     "are title, text, count, image, back"),
    ("", ["--field", "text=summary"], "--field text=summary: c.csv has no column 'summary' "
     "(its columns: id, title, body)"),
    ("", ["--field", "text"], "--field wants FIELD=COLUMN"),
    ('[fields]\ntext = "summary"\n', [], 'c.toml: text = "summary": c.csv has no column '
     "'summary'"),
    ('[fields]\ncolour = "body"\n', [], "c.toml: unknown field 'colour' in [fields]"),
    ('[field]\ntext = "body"\n', [], "c.toml: unknown key 'field'"),
    ("[fields]\ntext = body\n", [], "c.toml: not a TOML layout file"),
])
def test_bad_mapping_is_one_line_exit_2(tmp_path: Path, toml: str, args: list[str],
                                        message: str) -> None:
    csv = tmp_path / "c.csv"
    csv.write_text("id,title,body\n1,A,B\n", encoding="utf-8")
    if toml:
        (tmp_path / "c.toml").write_text(toml, encoding="utf-8")
    result = CliRunner().invoke(deck, [str(csv), *args, "--out", str(tmp_path / "o.pdf")])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "o.pdf").exists()


def test_back_column_overrides_the_deck_back(tmp_path: Path) -> None:
    from PIL import Image

    Image.new("RGB", (800, 1100), "darkred").save(tmp_path / "curse.png")
    csv = tmp_path / "c.csv"
    csv.write_text("title,text,back\nA,Plain.,\nB,Cursed.,CURSE\nC,Pictured.,curse.png\n",
                   encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(deck, [str(csv), "--back", "POTION", "--out", str(out)])
    assert result.exit_code == 0, result.output
    back = PdfReader(str(out)).pages[1]
    text = back.extract_text()
    assert text.count("POTION") == 1 and text.count("CURSE") == 1
    import pdfplumber

    with pdfplumber.open(str(out)) as doc:
        assert len(doc.pages[1].images) == 1


def test_potions_sample_with_its_layout_file_is_reproducible(tmp_path: Path) -> None:
    assert POTIONS.with_suffix(".toml").is_file()
    header = POTIONS.read_text(encoding="utf-8").splitlines()[0]
    assert "title" not in header and "text" not in header  # mapped by potions.toml
    outs = []
    for n in (1, 2):
        (tmp_path / str(n)).mkdir()
        out = tmp_path / str(n) / "potions.pdf"
        result = CliRunner().invoke(deck, [str(POTIONS), "--back", "POTION", "--profile",
                                           "print-shop", "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    text = pdf_text(tmp_path / "1" / "potions.pdf")
    assert "Healing Draught" in text and "CURSE" in text and "POTION" in text


def test_a_back_that_cannot_fit_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(deck, [str(SAMPLE), "--size", "mini", "--back", "word " * 300,
                                       "--out", str(out)])
    assert result.exit_code == 1
    assert "card back: the back" in result.stderr and "even at 8 pt" in result.stderr
    assert not any(tmp_path.iterdir())


def test_eighteen_cards_on_letter_take_two_sheets(tmp_path: Path) -> None:
    """Issue 11 item 7: the notice used to cost the first Letter sheet its top row, and the
    sample's 18 poker cards three sheets (6/9/3); it now runs beside the cards."""
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(deck, [str(SAMPLE), "--back", "RUN!", "--paper", "letter",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4  # two sheets, fronts and backs
    import pdfplumber

    with pdfplumber.open(str(out)) as doc:
        assert "Print at 100 % / actual size" in "".join(c["text"] for c in doc.pages[0].chars)


def test_print_shop_deck_has_no_notice_and_its_slug_outside_the_cards(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(deck, [str(SAMPLE), "--back", "RUN!", "--profile",
                                       "print-shop", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for page in PdfReader(str(out)).pages:
        text = page.extract_text()
        assert "Print at 100" not in text and "deck.pdf · page" in text
        trim = [float(v) for v in page.trimbox]
        media = [float(v) for v in page.mediabox]
        assert media[0] < trim[0] and trim[2] < media[2] and media[1] < trim[1] < trim[3] < media[3]
