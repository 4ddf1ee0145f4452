"""The Pwinch Wars example printer, measured in the PDFs it draws.

Each example log (examples/pwinch-wars/*.jsonl) is replayed through the printer (the kit is
registered elsewhere, so the printer is called directly, inside ``printkit.pipeline.drawing``)
and the PDF read back: preflight clean, A4 and Letter page sizes, fonts embedded, a page for
the set-up and every turn, every shot's roll and every moral check's result in the text, and
the two panels of a page differing exactly where a marker is hidden.

The logs were chosen for what they show (recorded with two ``tactical`` bots, as
``printkit play pwinch-wars --bot tactical --bot tactical --seed N`` records them):
forest-skirmish (seed 3) has hits, failed moral checks, a counter turned red and four
eliminated, dummies turned over, cards; capture-the-flag (seed 5) adds a flag taken.
A log the engine no longer replays fails here (re-record it with the same seed).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import pdf_fonts, pypdf_page_texts, shapes_left_out

from printkit.context import BuildContext
from printkit.engines.core import GameLog, read_log, replay
from printkit.engines.pwinch_wars import Marker, PwinchWars
from printkit.page import preflight
from printkit.paper import paper
from printkit.pipeline import drawing

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted((ROOT / "examples" / "pwinch-wars").glob("*.jsonl"))
PT_PER_MM = 72 / 25.4


def draw(log: GameLog, out: Path, paper_name: str = "a4") -> tuple[Any, Any]:
    """Replay ``log`` through the printer into ``out``; the printer and the preflight
    report (the PDF checked too)."""
    from printkit.templates.pwinch_wars.example import PwinchWarsExample

    with drawing(BuildContext(paper(paper_name))) as ctx:
        printer = PwinchWarsExample(ctx.for_component("example"), log.header, out)
        replay(PwinchWars(), log, visitor=printer)
        report = ctx.preflight
    preflight.check_pdf(out, report=report)
    return printer, report


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any, Any, Any]]:
    out = tmp_path_factory.mktemp("pwinch-example")
    result = {}
    for path in LOGS:
        log = read_log(path)
        printer, report = draw(log, out / f"{path.stem}.pdf")
        state = replay(PwinchWars(), log).state
        result[path.stem] = (out / f"{path.stem}.pdf", printer, report, state)
    return result


def page_texts(pdf: Path) -> list[str]:
    """Each page's text in the order it was drawn (pypdf: a caption paragraph stays whole,
    where a reading by position would run the two caption columns together; read without
    parsing the panels' paths, the same text: conftest.pypdf_page_texts)."""
    return [" ".join(text.split()) for text in pypdf_page_texts(pdf)]


def undouble(word: str) -> str:
    """A label drawn twice (its white halo, then its ink) reads ``RRuubbyy``: ``Ruby``."""
    if len(word) % 2 == 0 and word[::2] == word[1::2]:
        return word[::2]
    return word


def test_the_logs_replay_and_are_eventful() -> None:
    names = {p.stem for p in LOGS}
    assert {"forest-skirmish", "capture-the-flag"} <= names
    for path in LOGS:
        game = PwinchWars()
        rep = replay(game, read_log(path), keep_steps=True)
        assert rep.state.is_terminal(), path.name
        kinds: dict[str, int] = {}
        for step in rep.steps:
            for e in step.after.events:
                key = e["event"] + ("" if "success" not in e else f" {e['success']}")
                kinds[key] = kinds.get(key, 0) + 1
        assert kinds.get("fire roll True", 0) >= 3, path.name
        assert kinds.get("moral roll False", 0) >= 2, path.name
        assert kinds.get("red", 0) >= 1 and kinds.get("eliminated", 0) >= 1, path.name
        assert kinds.get("dummy", 0) >= 1 and kinds.get("card", 0) >= 1, path.name


def test_preflight_clean_and_pages(drawn: dict[str, tuple[Path, Any, Any, Any]]) -> None:
    from pypdf import PdfReader

    for name, (pdf, printer, report, state) in drawn.items():
        assert not report.findings, (name, report.report())
        reader = PdfReader(str(pdf))
        assert len(reader.pages) == printer.pages
        # the set-up and every turn have a page of their own (a long turn may continue)
        assert len(printer.frames) == state.turn + 1
        assert state.turn + 3 <= printer.pages <= 2 * (state.turn + 3), name
        for page in reader.pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert round(w / PT_PER_MM, 1) == 210.0 and round(h / PT_PER_MM, 1) == 297.0


def test_letter(tmp_path: Path) -> None:
    from pypdf import PdfReader

    log = read_log(LOGS[0])
    printer, report = draw(log, tmp_path / "letter.pdf", "letter")
    assert not report.findings, report.report()
    page = PdfReader(str(tmp_path / "letter.pdf")).pages[0]
    assert round(float(page.mediabox.width) / PT_PER_MM, 1) == 215.9
    assert round(float(page.mediabox.height) / PT_PER_MM, 1) == 279.4


def test_fonts_embedded(drawn: dict[str, tuple[Path, Any, Any, Any]]) -> None:
    for name, (pdf, _printer, _report, _state) in drawn.items():
        fonts = pdf_fonts(pdf)
        assert fonts, name
        assert all(embedded for _font, embedded in fonts.items()), (name, fonts)


def test_every_roll_and_moral_result_is_printed(
        drawn: dict[str, tuple[Path, Any, Any, Any]]) -> None:
    """Each turn's page says every shot's roll and every moral check's roll and result."""
    for name, (pdf, printer, _report, _state) in drawn.items():
        texts = page_texts(pdf)
        by_turn: dict[int, str] = {}
        page = 0
        for frame in printer.frames:  # the turn's pages, in order (continuations follow)
            lines = texts[page]
            page += 1
            while page < len(texts) and "(continued)" in texts[page][:200]:
                lines += " " + texts[page]
                page += 1
            if frame.number == 0:
                page += 2  # the set-up as each player saw it
            by_turn[frame.number] = lines
        assert page == len(texts), name
        for frame in printer.frames:
            text = by_turn[frame.number]
            for note in frame.all_notes():
                e = note.event
                if e["event"] == "fire roll":
                    assert re.search(rf"rolls {e['roll']}: {'hit' if e['success'] else 'miss'}",
                                     text), (name, frame.number, e)
                if e["event"] == "moral roll":
                    verdict = "keeps his nerve" if e["success"] else "fails"
                    assert f"rolls {e['roll']}: {verdict}" in text, (name, frame.number, e)
                    assert f"= {e['skill']['total']}".replace("-", "\u2212") in text or \
                        not e["skill"]["terms"], (name, frame.number, e)
                if e["event"] == "red":
                    assert "turns red" in text, (name, frame.number)
                if e["event"] == "eliminated":
                    assert "out of the game" in text, (name, frame.number)


def test_the_two_views_differ_where_a_marker_is_hidden(
        drawn: dict[str, tuple[Path, Any, Any, Any]]) -> None:
    """At the set-up every marker is hidden. The set-up is drawn once per player, a page
    each: the owner's view names each of his characters and stamps his dummies in his
    pencil; the other view shows the same markers as bare "?"."""
    import pdfplumber

    for name, (pdf, printer, _report, _state) in drawn.items():
        setup = printer.frames[0].after
        text: list[str] = []
        with pdfplumber.open(pdf) as doc:
            for page in doc.pages[1:3]:  # after the set-up's summary page
                shapes_left_out(page)  # the same characters, read without the map's paths
                # the labels drawn with a halo print each letter twice: one copy is kept
                words = page.dedupe_chars().extract_words(extra_attrs=["fontname"])
                head = next(w for w in words if w["text"] == "As")
                # on the panel only, in bold (captions, in regular type, tell everything)
                text.append(" ".join(undouble(w["text"]) for w in words
                                     if w["top"] > head["bottom"] and "Bold" in w["fontname"]))
        for team in (0, 1):
            other = 1 - team
            for p in setup.team_pieces(team):
                if not p.dummy:
                    assert p.char.name in text[team], (name, team, p.char.name)
                    assert p.char.name not in text[other], (name, team, p.char.name)
            dummies = sum(p.dummy for p in setup.team_pieces(team))
            assert dummies and text[team].count("dummy") == dummies, (name, team)
        assert text[0].count("?") == text[1].count("?") == sum(
            1 for p in setup.pieces.values() if p.on_map)


def test_views_in_a_turn_follow_the_engine(drawn: dict[str, tuple[Path, Any, Any, Any]]) -> None:
    """Where the engine's view hides a marker from its opponent, the printer's panel for
    that opponent has no name for it (checked on the states the panels draw)."""
    _pdf, printer, _report, _state = drawn["forest-skirmish"]
    hidden_somewhere = False
    for frame in printer.frames[1:]:
        for m, p in frame.after.pieces.items():
            if not p.on_map or not p.hidden:
                continue
            seen = frame.after.view(1 - m.team).pieces[Marker(m.team, m.box)]
            own = frame.after.view(m.team).pieces[Marker(m.team, m.box)]
            assert (own.char is None) == p.dummy
            if not p.known:
                hidden_somewhere = True
                assert seen.unknown and seen.char is None
    assert hidden_somewhere


def test_same_bytes_twice(drawn: dict[str, tuple[Path, Any, Any, Any]],
                          tmp_path: Path) -> None:
    pdf = drawn["forest-skirmish"][0]
    draw(read_log(ROOT / "examples" / "pwinch-wars" / "forest-skirmish.jsonl"),
         tmp_path / "again.pdf")
    assert (tmp_path / "again.pdf").read_bytes() == pdf.read_bytes()


@pytest.mark.parametrize(("cut", "told"), [
    (1, None),  # the header alone
    (22, "Nina (camo)"),  # the draft done, the equipment begun
    (58, "L5 Nina (camo, helmet, shield)"),  # boxes given, counters being placed
])
def test_a_log_that_stops_during_the_set_up_is_drawn(tmp_path: Path, cut: int,
                                                     told: str | None) -> None:
    """Issue 25 item 3: a log that stops before or while the counters are placed is an
    unfinished game replay takes; its example (which looked for the part of the map with
    counters on it, and crashed) draws the set-up so far: the whole map while it is empty,
    the characters with the boxes and items they have been given."""
    from printkit.engines.core import parse_log

    lines = (ROOT / "examples" / "pwinch-wars" / "capture-the-flag.jsonl").read_text(
        encoding="utf-8").splitlines()[:cut]
    pdf = tmp_path / f"cut-{cut}.pdf"
    printer, report = draw(parse_log("\n".join(lines) + "\n"), pdf)
    assert not report.findings, report.report()
    assert printer.pages == 3 and len(printer.frames) == 1  # the set-up and its two views
    text = page_texts(pdf)[0]
    assert "The log stops after 0 turns, before the game ends." in text
    assert ("tray and markers" in text) == (told is not None)
    if told is not None:
        assert told in text
