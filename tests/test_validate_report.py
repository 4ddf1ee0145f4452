"""``printkit validate --report DIR``: a PDF per game with its charts, the extreme games kept
as logs with linked examples, a summary, a changed game beside the standard one, the same
bytes twice, and a stopped run reported as partial."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli
from pypdf import PdfReader

from printkit.context import BuildContext
from printkit.page import preflight
from printkit.paper import paper
from printkit.validate import ValidationInterrupted, validate_games

ARGS = ("validate", "tug-of-war", "--games", "24", "--pair-games", "4", "--jobs", "1")


def _links(path: Path) -> list[tuple[str, str]]:
    found = []
    for page in PdfReader(str(path)).pages:
        for annot in page.get("/Annots", []) or []:
            action = annot.get_object().get("/A")
            if action is not None:
                action = action.get_object()
                found.append((str(action["/S"]), str(action.get("/F") or action.get("/URI"))))
    return found


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from printkit.cli import main

    out = tmp_path_factory.mktemp("report")
    assert main([*ARGS, "--option", "turn_limit=30", "--report", str(out / "a"),
                 "--json"]) in (0, 1)
    assert main([*ARGS, "--option", "turn_limit=30", "--report", str(out / "b"),
                 "--json"]) in (0, 1)
    return out


def test_a_report_folder_holds_a_pdf_per_game_a_summary_and_the_extreme_games(report: Path) -> None:
    from conftest import pdf_fonts, pdf_text

    folder = report / "a"
    assert (folder / "summary.pdf").is_file() and (folder / "tug-of-war.pdf").is_file()
    text = pdf_text(folder / "tug-of-war.pdf")
    for words in ("Capacities: what the games needed", "Game length", "decisions in the game",
                  "Seat and first-player advantage", "Bots against bots",
                  "lookahead against random", "Extreme games", "Against the standard game",
                  "turn_limit = 30", "example booklet turns"):
        assert words in text, words
    for pdf in folder.glob("*.pdf"):
        fonts = pdf_fonts(pdf)
        assert fonts and all(fonts.values()), (pdf, fonts)
        found = preflight.check_pdf(pdf, report=preflight.Preflight())
        assert not found.errors, found.report()


def test_the_extreme_games_replay_and_their_examples_are_linked(report: Path, cli: Cli) -> None:
    folder = report / "a"
    logs = sorted((folder / "games").glob("*.jsonl"))
    assert logs and all(log.with_suffix(".pdf").is_file() for log in logs)
    for log in logs:
        r = cli("replay", "tug-of-war", str(log), "--json")
        assert r.code == 0 and json.loads(r.out)["finished"], r.err
        header = json.loads(log.read_text().splitlines()[0])
        assert header["options"]["turn_limit"] == 30  # the changed game's, not the standard
    links = _links(folder / "tug-of-war.pdf")
    assert ("/GoToR", f"games/{logs[0].with_suffix('.pdf').name}") in links
    assert ("/URI", f"games/{logs[0].name}") in links
    assert ("/GoToR", "tug-of-war.pdf") in _links(folder / "summary.pdf")


def test_the_longest_game_kept_is_the_longest_played(report: Path) -> None:
    folder = report / "a"
    log = next((folder / "games").glob("*longest*.jsonl"))
    decisions = sum(1 for line in log.read_text().splitlines()[1:]
                    if '"player"' in line and '"result"' not in line)
    text = (folder / "tug-of-war.pdf")
    assert f"seed{json.loads(log.read_text().splitlines()[0])['seed']}" in log.name
    assert str(decisions) in __import__("conftest").pdf_text(text)


def test_the_same_run_gives_the_same_bytes(report: Path) -> None:
    a, b = report / "a", report / "b"
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_json_keeps_the_old_keys_and_adds_the_balance(cli: Cli) -> None:
    r = cli(*ARGS, "--json")
    data = json.loads(r.out)
    assert {"game", "games", "bot", "seed", "players", "mean_score", "capacities",
            "ok"} <= set(data)
    assert data["variant"] is None and data["partial"] is False
    assert data["length"]["measure"] == "decisions" and data["length"]["count"] == 24
    assert sum(c for _v, c in data["length"]["histogram"]) == 24
    assert [s["seat"] for s in data["seats"]] == [1, 2]
    assert sum(s["first_moves"] for s in data["seats"]) == 24
    wins = sum(s["win_rate"] for s in data["seats"])
    assert wins == pytest.approx(1.0, abs=1e-3)
    pairs = {(p["bot"], p["against"]): p for p in data["pairings"]}
    assert len(pairs) == 6  # 3 bots, both ways round
    ab, ba = pairs[("greedy", "random")], pairs[("random", "greedy")]
    assert ab["win_rate"] + ba["win_rate"] == pytest.approx(1.0, abs=1e-3)
    assert {e["kind"] for e in data["extremes"]} == {"longest"}  # no score in tug-of-war


def test_every_variant_is_validated_on_its_own(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printkit.kits import get_kit, kits

    kit = get_kit("tug-of-war")
    assert kit.validation is not None
    variants = lambda: [("short", {"turn_limit": 20}), ("long", {"turn_limit": 400})]  # noqa: E731
    monkeypatch.setitem(kits(), "tug-of-war",
                        replace(kit, validation=replace(kit.validation, variants=variants)))
    r = cli(*ARGS, "--json")
    lines = [json.loads(line) for line in r.out.splitlines()]
    assert [line["variant"] for line in lines] == ["short", "long"]
    assert lines[0]["rounds"]["max"] <= 20 < lines[1]["rounds"]["max"]
    r = cli(*ARGS)
    assert "tug-of-war (short): 24 games" in r.out and "tug-of-war (long)" in r.out


def test_a_stopped_run_prints_and_reports_what_was_done(tmp_path: Path) -> None:
    out, lines = tmp_path / "stopped", list[str]()
    calls: list[int] = []

    def stop(games: int) -> None:
        calls.append(games)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(ValidationInterrupted) as stopped:
        validate_games("tug-of-war", BuildContext(paper("a4")), 200, 0, bot=None,
                       players=None, as_json=True, report=out, echo=lines.append,
                       pair_games=0, chunk=25, on_chunk=stop)
    assert stopped.value.played == 50 and stopped.value.planned == 200
    data = json.loads(lines[0])
    assert data["partial"] is True and data["games"] == 50 and data["planned_games"] == 200
    from conftest import pdf_text

    assert "PARTIAL RUN" in pdf_text(out / "tug-of-war.pdf")
    assert "PARTIAL" in pdf_text(out / "summary.pdf")


def test_ctrl_c_is_one_line_and_a_failed_exit(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.validate

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise ValidationInterrupted(10, 100)

    monkeypatch.setattr(printkit.validate, "validate_games", interrupted)
    r = cli("validate", "tug-of-war", "--games", "100")
    assert r.code == 2 and r.err.strip() == "printkit: interrupted: 10 of 100 games played"


def test_one_pdf_file_still_works_with_its_games_beside_it(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    r = cli("validate", "wftgts", "--games", "4", "--pair-games", "0", "--report", str(out))
    assert r.code == 0, r.err
    assert (tmp_path / "report_files").is_dir()
    assert any(kind == "/GoToR" for kind, _f in _links(out))
