"""A designer's edited rules.toml (``--rules FILE``): played, carried by the log, printed and
validated with its numbers, and a wrong number is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli

from printkit.engines.war_of_bones.rules import RULES

DATA = Path(__file__).resolve().parent.parent / "engines" / "war_of_bones" / "data" / "rules.toml"


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "rules.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _area_line() -> str:
    return next(line for line in DATA.read_text(encoding="utf-8").splitlines()
                if line.startswith("area_in"))


def test_a_log_carries_the_edited_rules_and_replays_without_the_file(
    cli: Cli, tmp_path: Path
) -> None:
    rules = _edited(tmp_path, _area_line(), "area_in = 7")
    log = tmp_path / "small.jsonl"
    assert cli("play", "war-of-bones", "--seed", "3", "--rules", str(rules),
               "--log", str(log)).code == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["rules"]["area_in"] == 7
    rules.unlink()  # the header is enough
    replayed = cli("replay", "war-of-bones", str(log), "--json")
    assert replayed.code == 0, replayed.err
    assert json.loads(replayed.out)["finished"]


def test_validate_measures_the_mat_against_the_edited_area(cli: Cli, tmp_path: Path) -> None:
    big = _edited(tmp_path, _area_line(), "area_in = 14")
    result = cli("validate", "war-of-bones", "--rules", str(big), "--games", "2", "--json",
                 "--pair-games", "0", "--report", str(tmp_path / "report"))
    assert result.code == 1  # a 14 in area does not print on two A4 pages
    line = json.loads(result.out.splitlines()[0])
    area = next(c for c in line["capacities"] if c["name"] == "play area side")
    assert area["observed_max"] == round(14 * 25.4 + 0.5) or area["observed_max"] >= 355
    assert not area["ok"]
    assert line["standard"]  # the standard game beside it, on the same seeds
    assert (tmp_path / "report" / "war-of-bones.pdf").is_file()
    standard = cli("validate", "war-of-bones", "--games", "2", "--json", "--pair-games", "0")
    std_area = next(c for c in json.loads(standard.out.splitlines()[0])["capacities"]
                    if c["name"] == "play area side")
    assert std_area["ok"] and std_area["observed_max"] == round(RULES.area_mm + 0.49)


def test_the_mat_prints_the_edited_area(cli: Cli, tmp_path: Path) -> None:
    import pdfplumber

    rules = _edited(tmp_path, _area_line(), "area_in = 7")
    out = tmp_path / "out"
    assert cli("build", "war-of-bones", "-c", "play-mat", "--paper", "a3", "--rules",
               str(rules), "--out", str(out)).code == 0
    with pdfplumber.open(out / "war-of-bones" / "play-mat.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    numbers = {int(w) for w in text.split() if w.isdigit()}
    assert max(n for n in numbers if n % 10 == 0) == 170  # the scale stops at 7 in = 177.8 mm


def test_a_wrong_number_is_one_line_naming_the_key(cli: Cli, tmp_path: Path) -> None:
    bad = _edited(tmp_path, "troops = 8", "troops = 9")
    result = cli("play", "war-of-bones", "--rules", str(bad))
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1 and "--rules" in result.err
    assert cli("play", "tug-of-war", "--rules", str(bad)).code == 2
