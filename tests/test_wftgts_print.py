"""The WFtGtS play sheet and example sheet, measured in the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Cli, pdf_fonts, pdf_text
from pypdf import PdfReader

MM = 72 / 25.4


@pytest.mark.parametrize("paper,size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_play_sheet_page_size_fonts_and_labels(cli: Cli, tmp_path: Path, paper: str,
                                               size_mm: tuple[float, float]) -> None:
    r = cli(
        "build", "wftgts", "--component", "play-sheet", "--paper", paper, "--out", str(tmp_path)
    )
    assert r.code == 0, r.err
    pdf = tmp_path / "wftgts" / "play-sheet.pdf"
    page = PdfReader(str(pdf)).pages[0]
    w, h = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    assert (round(w, 1), round(h, 1)) == size_mm
    fonts = pdf_fonts(pdf)
    assert fonts and all(fonts.values()), fonts  # every font embedded
    assert not any("Helvetica" in f for f in fonts)
    text = pdf_text(pdf)
    for label in [
        "WAITING FOR THE GAME TO START",
        "d10 (1s)",
        "d10 (10s)",
        "9 pts",
        "1 pt",
        "6c",
        "Score",
        "Total",
        "Final",
    ]:
        assert label in text, label


def test_play_sheet_has_thirty_rows_and_seven_die_columns(cli: Cli, tmp_path: Path) -> None:
    import pdfplumber

    cli("build", "wftgts", "--component", "play-sheet", "--out", str(tmp_path))
    with pdfplumber.open(tmp_path / "wftgts" / "play-sheet.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    row_labels = [w for w in words if len(w) == 2 and w[0] in "123456" and w[1] in "abc"]
    assert sorted(row_labels) == sorted(f"{r}{x}" for r in range(1, 7) for x in "abc")
    assert words.count("Score") == 6
    assert words.count("Total") == 4  # rounds 2-5; round 6 ends on Final
    assert words.count("Final") == 1


def test_two_up_puts_two_sheets_on_a_landscape_page(cli: Cli, tmp_path: Path) -> None:
    """Two-up is for Tabloid and A3 (each half a Letter or an A4 sheet); on Letter and A4
    the halves would have 5 mm rows (tests/test_sheet_minimums.py)."""
    r = cli(
        "build",
        "wftgts",
        "--component",
        "play-sheet",
        "--two-up",
        "--paper",
        "tabloid",
        "--out",
        str(tmp_path),
    )
    assert r.code == 0, r.err
    page = PdfReader(str(tmp_path / "wftgts" / "play-sheet.pdf")).pages[0]
    assert float(page.mediabox.width) == pytest.approx(17 * 72)
    assert pdf_text(tmp_path / "wftgts" / "play-sheet.pdf").count("Final") == 2


def test_same_build_twice_is_byte_identical(cli: Cli, tmp_path: Path) -> None:
    for d in ("one", "two"):
        assert cli("build", "wftgts", "--out", str(tmp_path / d)).code == 0
    for name in ("play-sheet.pdf", "wftgts-kit.pdf"):
        a = (tmp_path / "one" / "wftgts" / name).read_bytes()
        b = (tmp_path / "two" / "wftgts" / name).read_bytes()
        assert a == b, name


def test_seed_example_sheet_shows_the_seed_numbers(cli: Cli, tmp_path: Path,
                                                   seed_log: Path) -> None:
    out = tmp_path / "example.pdf"
    r = cli("example", "wftgts", str(seed_log), "--out", str(out))
    assert r.code == 0, r.err
    reader = PdfReader(str(out))
    assert len(reader.pages) >= 2  # the filled sheet and the notes
    sheet = reader.pages[0].extract_text()
    for number in ["76", "156", "108", "95", "75", "60", "232", "340", "435", "510", "570"]:
        assert number in sheet, number
    assert "19 × 4 = 76" in sheet
    assert "Jonathan" in sheet
    notes = "\n".join(p.extract_text() for p in reader.pages[1:])
    assert "Round 6" in notes and "570" in notes
    fonts = pdf_fonts(out)
    assert any("Kalam" in f for f in fonts) and all(fonts.values())


def test_example_of_an_auto_played_game(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert (
        cli(
            "play", "wftgts", "--players", "2", "--bot", "greedy", "--seed", "3", "--log", str(log)
        ).code
        == 0
    )
    result = json.loads(log.read_text().splitlines()[-1])["result"]
    out = tmp_path / "g.pdf"
    assert cli("example", "wftgts", str(log), "--out", str(out)).code == 0
    reader = PdfReader(str(out))
    for player, score in enumerate(result["scores"]):
        assert str(score) in reader.pages[player].extract_text()


def test_validate_json_contract(cli: Cli, tmp_path: Path) -> None:
    report = tmp_path / "report.pdf"
    r = cli("validate", "wftgts", "--games", "30", "--seed", "2", "--json", "--report", str(report))
    assert r.code == 0, r.err
    data = json.loads(r.out.strip().splitlines()[0])
    assert data["game"] == "wftgts" and data["games"] == 30
    assert 300 < data["mean_score"] < 800
    names = {c["name"]: c for c in data["capacities"]}
    assert {"score box digits", "total box digits", "final box digits"} <= set(names)
    for c in data["capacities"]:
        assert set(c) == {"name", "capacity", "observed_max", "ok"}
        assert c["ok"] == (c["observed_max"] <= c["capacity"])
    assert names["score box digits"]["observed_max"] in (2, 3)
    assert report.stat().st_size > 1000


def test_validate_fails_when_a_box_is_too_small(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printkit.context import DrawContext
    from printkit.kits import Capacity, get_kit, kits

    kit = get_kit("wftgts")
    assert kit.validation is not None
    real = kit.validation.capacities

    def smaller(ctx: DrawContext, players: int) -> list[Capacity]:
        return [Capacity(c.name, 2, c.unit) if c.name == "final box digits" else c
                for c in real(ctx, players)]

    monkeypatch.setitem(kits(), "wftgts",
                        replace(kit, validation=replace(kit.validation, capacities=smaller)))
    r = cli("validate", "wftgts", "--games", "5", "--bot", "greedy")
    assert r.code == 1
    assert "final box digits" in r.out and "NO" in r.out


def test_capacities_serve_both_the_full_and_the_two_up_sheet() -> None:
    """Each box's capacity is the smaller of the one-up and two-up sheets' boxes (on A3,
    where both print)."""
    from printkit.context import BuildContext
    from printkit.kits import get_kit
    from printkit.paper import paper
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.components import sheet_boxes
    from printkit.templates.wftgts.sheet import capacities, geometry

    with drawing(BuildContext(paper("a3"))) as ctx:
        validation = get_kit("wftgts").validation
        assert validation is not None
        declared = {c.name: c.holds for c in validation.measure(ctx, 2)}
        one = {c.name: c.holds for c in capacities(ctx, geometry(sheet_boxes(ctx, False)[0]))}
        two = {c.name: c.holds for c in capacities(ctx, geometry(sheet_boxes(ctx, True)[0]))}
    assert declared == {n: min(one[n], two[n]) for n in one}
    # the two-up half is the same sheet at A4 size: no box loses more than a digit
    assert all(abs(one[n] - two[n]) <= 1 for n in one), (one, two)


def test_more_players_are_validated_on_request(cli: Cli) -> None:
    import json as _json

    r = cli("validate", "wftgts", "--games", "3", "--players", "6", "--bot", "greedy", "--json")
    assert r.code == 0, r.err
    assert _json.loads(r.out)["players"] == 6
    r = cli("validate", "tug-of-war", "--games", "3", "--players", "3")
    assert r.code == 2 and "takes 2-2 players, not 3" in r.err


def test_every_build_keeps_its_preflight_report(cli: Cli, tmp_path: Path) -> None:
    assert cli("build", "wftgts", "--out", str(tmp_path)).code == 0
    text = (tmp_path / "wftgts" / "preflight.txt").read_text()
    assert "0 error(s)" in text


def test_every_die_label_of_the_rules_data_is_marked_for_translation() -> None:
    from printkit.engines.wftgts.rules import RULES
    from printkit.templates.wftgts import DIE_LABELS

    assert tuple(d.label for d in RULES.dice) == DIE_LABELS
