"""Decks from CSV through the click command, preflight findings, kit assembly and previews."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import Destination, DictionaryObject

from printkit.commands.production import COMMANDS, calibrate, deck, preview
from printkit.context import BuildContext
from printkit.geometry import Rect
from printkit.paper import paper
from printkit.production import preflight
from printkit.production.kit import assemble

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
    result = CliRunner().invoke(deck, [str(csv), "--size", "mini",
                                                       "--out", str(out)])
    assert result.exit_code == 1
    assert "row 3 (Long)" in result.stderr and "does not fit" in result.stderr


@pytest.mark.parametrize("content,message", [
    ("name,body\nA,B\n", "needs a title and a text column"),
    ("title,text,count\nA,B,two\n", "line 2: count 'two' is not a whole number"),
    ("title,text,image\nA,B,missing.png\n", "image missing.png not found"),
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
    with preflight.collect() as report:
        assert preflight.check_text("short", "sans", 10, 100, 20, where="a")
        assert not preflight.check_text("a much longer label than fits", "sans", 10, 50, 11,
                                        where="b")
        assert not preflight.check_glyphs("sans", "\u202f\u4e00", where="c")
        preflight.check_image(600, 600, 72, 72, where="d")  # 600 dpi: fine
        preflight.check_image(200, 200, 72, 72, where="e")  # 200 dpi: warning
        assert not preflight.check_inside(Rect.from_corners(0, 0, 10, 10),
                                          Rect.from_corners(18, 18, 500, 800), where="f")
    codes = [(f.level, f.code, f.where) for f in report.findings]
    assert ("error", "text-overflow", "b") in codes
    assert ("error", "missing-glyph", "c") in codes
    assert ("warning", "low-dpi", "e") in codes
    assert ("error", "outside-safe-area", "f") in codes
    assert not any(w in ("a", "d") for _l, _c, w in codes)
    assert report.exit_code == 1
    assert report.report().splitlines()[-1].startswith("preflight: 3 error(s), 1 warning(s)")


def test_kit_assembly_and_previews(tmp_path: Path) -> None:
    runner = CliRunner()
    a, b = tmp_path / "deck.pdf", tmp_path / "cal.pdf"
    assert runner.invoke(deck, [str(SAMPLE), "--back", "B", "--out", str(a)]).exit_code == 0
    assert runner.invoke(calibrate, ["--out", str(b)]).exit_code == 0
    ctx = BuildContext(paper=paper("a4"))
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


def test_commands_exported() -> None:
    assert {c.name for c in COMMANDS} == {"deck", "preview", "calibrate"}
