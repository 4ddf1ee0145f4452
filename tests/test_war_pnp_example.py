"""The W.A.R. – Powers 'n Points example printer, measured in the PDFs it draws.

Every example log (examples/war-pnp/*.jsonl) and a three-player game played here are drawn
through the pipeline; the PDFs are read back with pdfplumber and pypdf: one sheet per player
then the booklet, the final scores, a booklet entry for every round, one strike line for
every mark the replay saw written and erased, handwriting only inside the boxes a player
writes in, nothing under the minimum text size, fonts embedded, the same bytes twice.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import pdf_fonts, plumbed

from printkit.context import BuildContext
from printkit.engines.core import GameLog, play, read_log
from printkit.geometry import Rect
from printkit.page.preflight import MIN_TEXT_PT
from printkit.paper import paper

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted((ROOT / "examples" / "war-pnp").glob("*.jsonl"))
TOL = 0.01


@dataclasses.dataclass
class Drawn:
    """One example drawn: the PDF, the printer that drew it, the report, the final state."""

    pdf: Path
    printer: Any
    report: Any
    log: GameLog
    state: Any


def draw(log: GameLog, out: Path) -> Drawn:
    """Draw ``log`` through the pipeline with the example printer (kept, for its counts)."""
    from printkit.engines.core import replay
    from printkit.pipeline import draw_example
    from printkit.templates.war_pnp import KIT
    from printkit.templates.war_pnp.example import WarPnPExample

    made: list[WarPnPExample] = []

    def printer(ctx: Any, header: Any, path: Path) -> WarPnPExample:
        made.append(WarPnPExample(ctx, header, path))
        return made[-1]

    kit = dataclasses.replace(KIT, example=printer)
    report = draw_example(kit, log, BuildContext(paper("a4")), out)
    state = replay(kit.game(), log).state
    return Drawn(out, made[0], report, log, state)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Drawn]:
    """Each example log, and a three-player game (random bots), drawn once."""
    from printkit.engines.war_pnp import WarPnP

    out = tmp_path_factory.mktemp("war-pnp-example")
    games = {path.stem: read_log(path) for path in LOGS}
    three = play(WarPnP(), ["random"] * 3, seed=5, names=["Ada", "Bruno", "Chloé"])
    assert three.log is not None
    games["three-players"] = three.log
    return {name: draw(log, out / f"{name}.pdf") for name, log in games.items()}


def booklet_text(d: Drawn) -> str:

    players = len(d.log.header.players)
    pdf = plumbed(d.pdf, text_only=True)
    text = " ".join(page.extract_text() or "" for page in pdf.pages[players:])
    return " ".join(text.split())


def test_there_are_example_logs() -> None:
    names = {path.stem for path in LOGS}
    assert "two-player-game" in names and "tinkerer-game" in names, names


def test_one_sheet_per_player_then_the_booklet(drawn: dict[str, Drawn]) -> None:
    from pypdf import PdfReader

    for name, d in drawn.items():
        players = len(d.log.header.players)
        pages = len(PdfReader(str(d.pdf)).pages)
        assert d.printer.booklet_pages >= 1, name
        assert pages == players + d.printer.booklet_pages, name
        assert pages <= players + 4, name  # a short game takes a short booklet


def test_final_scores_and_every_round_are_in_the_booklet(drawn: dict[str, Drawn]) -> None:
    for name, d in drawn.items():
        text = booklet_text(d)
        names = [p.name for p in d.log.header.players]
        rounds = d.state.round
        scores = ", ".join(f"{n} {s.score}" for n, s in zip(names, d.state.sheets, strict=True))
        assert f"Scores after round {rounds}: {scores}." in text, name
        for r in range(1, rounds + 1):
            assert f"Round {r} · main player" in text, (name, r)
        assert "Set-up" in text
        winner = names[d.state.winner]
        assert f"{winner} wins with {d.state.sheets[d.state.winner].score}" in text, name
        # written for players: no placeholder, no engine name of a power or an action
        assert not re.search(r"%\(|\b(powerup|reroll|develop_\w+)\b|[a-z]_[a-z]", text), name


def test_the_totals_are_handwritten_on_the_sheets(drawn: dict[str, Drawn]) -> None:

    for name, d in drawn.items():
        pdf = plumbed(d.pdf, text_only=True)
        for p, sheet in enumerate(d.state.sheets):
            page = pdf.pages[p]
            bold = [c for c in page.chars if "Kalam-Bold" in c["fontname"]]
            # the Total field is the header's right-hand box: the bold hand there
            top_right = sorted((c for c in bold if c["top"] < 80 and c["x0"] > 450),
                               key=lambda c: c["x0"])
            assert "".join(c["text"] for c in top_right) == str(sheet.score), (name, p)


def test_one_strike_line_for_every_erased_mark(drawn: dict[str, Drawn]) -> None:

    from printkit.templates.war_pnp.example import STRIKE, STRIKE_WIDTH

    want = (STRIKE.red, STRIKE.green, STRIKE.blue)
    for name, d in drawn.items():
        erased = sum(rec.erased() for rec in d.printer.recorder.sheets)
        players = len(d.log.header.players)
        pdf = plumbed(d.pdf)
        lines = [ln for page in pdf.pages[:players] for ln in page.lines
                 if ln["stroking_color"] is not None and len(ln["stroking_color"]) == 3
                 and all(abs(a - b) < 0.01 for a, b in zip(ln["stroking_color"], want,
                                                            strict=True))
                 and abs(ln["linewidth"] - STRIKE_WIDTH) < 0.01]
        assert len(lines) == erased == d.printer.strikes, name
    assert sum(rec.erased() for rec in drawn["two-player-game"].printer.recorder.sheets) > 0


def test_handwriting_stays_in_the_boxes_a_player_writes_in(drawn: dict[str, Drawn]) -> None:

    from printkit.engines.war_pnp.rules import RULES
    from printkit.pipeline import drawing
    from printkit.templates.war_pnp.sheet import SheetLayout

    for name, d in drawn.items():
        pdf = plumbed(d.pdf, text_only=True)
        with drawing(BuildContext(paper("a4"))) as ctx:
            for p, spec in enumerate(d.state.specs):
                lay = SheetLayout.fit(ctx.safe_area, spec)
                rows, boxes = range(1, RULES.power_rows + 1), range(1, RULES.boxes_per_row + 1)
                rooms = [lay.name_field(), lay.total_field()]
                rooms += [lay.history_cell(r) for r in range(1, spec.history_length + 1)]
                rooms += [lay.row_number_box(r) for r in rows]
                rooms += [lay.power_name(r) for r in rows]
                rooms += [f(r, b) for r in rows for b in boxes
                          for f in (lay.power_circle, lay.power_mark)]
                rooms += [f(c, b) for c in range(len(spec.columns)) for b in boxes
                          for f in (lay.points_circle, lay.points_mark)]
                rooms += [lay.withering(c) for c in range(len(spec.columns))]
                rooms += [lay.trap_slot(s) for s in range(1, RULES.score_track_top + 1)]
                page = pdf.pages[p]
                hand = [c for c in page.chars if "Kalam" in c["fontname"]]
                assert hand, (name, p)
                for ch in hand:
                    x = (ch["x0"] + ch["x1"]) / 2
                    y = page.height - (ch["top"] + ch["bottom"]) / 2
                    assert any(r.contains(Rect(x, y, 0, 0), TOL) for r in rooms), (
                        name, p, ch["text"], round(x), round(y))


def test_preflight_finds_nothing_and_text_is_large_enough(drawn: dict[str, Drawn]) -> None:

    for name, d in drawn.items():
        assert not d.report.errors, (name, [str(f) for f in d.report.errors])
        assert not d.report.warnings, name
        pdf = plumbed(d.pdf, text_only=True)
        smallest = min(c["size"] for page in pdf.pages for c in page.chars)
        assert smallest >= MIN_TEXT_PT - TOL, (name, smallest)


def test_fonts_are_embedded(drawn: dict[str, Drawn]) -> None:
    for name, d in drawn.items():
        fonts = pdf_fonts(d.pdf)
        assert fonts and all(fonts.values()), (name, fonts)
        assert any("Kalam" in f for f in fonts), name  # the handwriting


def test_the_same_log_draws_the_same_bytes(drawn: dict[str, Drawn], tmp_path: Path) -> None:
    d = drawn["two-player-game"]
    again = draw(d.log, tmp_path / "again.pdf")
    assert again.pdf.read_bytes() == d.pdf.read_bytes()
