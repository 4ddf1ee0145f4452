"""``--sheet FILE`` through every command that takes it: build, validate (the head-to-head win
rate), example (a hand-written log of a custom-sheet game) and handouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli import main
from printkit.engines.core import play
from printkit.engines.war_pnp import WarPnP
from printkit.engines.war_pnp.sheets import load_sheet_file
from printkit.simulation.statistics import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
TINKERER = ROOT / "examples" / "war-pnp" / "sheets" / "tinkerer.toml"


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_build_prints_the_custom_sheet_first_then_the_standard_one(tmp_path: Path) -> None:
    assert main(["build", "war-pnp", "--sheet", str(TINKERER), "--component", "play-sheet",
                 "--out", str(tmp_path)]) == 0
    pages = PdfReader(str(tmp_path / "war-pnp" / "play-sheet.pdf")).pages
    assert len(pages) == 2
    assert "The Tinkerer" in pages[0].extract_text()
    assert "The Tinkerer" not in pages[1].extract_text()


def test_build_all_refuses_a_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "all", "--sheet", str(TINKERER), "--out", str(tmp_path)]) == 2
    assert "--sheet applies to one game" in capsys.readouterr().err


def test_validate_reports_the_sheets_win_rate_with_its_interval(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "war-pnp", "--sheet", str(TINKERER), "--games", "12",
                 "--json"]) in (0, 1)
    result = json.loads(capsys.readouterr().out)
    duel = result["head_to_head"]
    assert duel["sheet"] == "tinkerer.toml" and duel["games"] == 12
    low, high = duel["ci95"]
    assert 0 <= low <= duel["win_rate"] <= high <= 1
    assert [low, high] == pytest.approx(wilson_interval(duel["win_rate"] * 12, 12), abs=2e-4)
    assert duel["fair_share"] == 0.5
    assert {c["name"] for c in result["capacities"]} >= {"history cells", "Total digits"}


def test_the_wilson_interval_narrows_with_more_games() -> None:
    few, many = wilson_interval(6, 10), wilson_interval(600, 1000)
    assert few[0] < many[0] < 0.6 < many[1] < few[1]
    assert wilson_interval(0, 10)[0] == 0
    assert wilson_interval(10, 10)[1] == pytest.approx(1)


def test_example_takes_the_sheet_of_a_hand_written_log(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data, _spec = load_sheet_file(TINKERER)
    played = play(WarPnP(), ["heuristic", "heuristic"], seed=4,
                  options={"sheet": data, "sheet_seat": 0})
    assert played.log is not None
    lines = played.log.dumps().splitlines()
    header = json.loads(lines[0])
    del header["options"]["sheet"]                       # as written at a table
    log = tmp_path / "table.jsonl"
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    out = tmp_path / "example.pdf"
    assert main(["example", "war-pnp", str(log), "--out", str(out)]) == 2   # not without it
    capsys.readouterr()
    assert main(["example", "war-pnp", str(log), "--sheet", str(TINKERER),
                 "--out", str(out)]) == 0
    assert "The Tinkerer" in _text(out)
    other = tmp_path / "other.toml"
    other.write_text('name = "Other"\n', encoding="utf-8")
    full = tmp_path / "full.jsonl"
    full.write_text(played.log.dumps(), encoding="utf-8")
    assert main(["example", "war-pnp", str(full), "--sheet", str(other),
                 "--out", str(out)]) == 2
    assert "another sheet" in capsys.readouterr().err


def test_handouts_are_written_for_a_custom_sheet(tmp_path: Path) -> None:
    assert main(["handouts", "war-pnp", "--sheet", str(TINKERER), "--jobs", "1",
                 "--out", str(tmp_path)]) == 0
    (pdf,) = (tmp_path / "war-pnp").glob("*.pdf")
    assert "The Tinkerer" in _text(pdf)
