"""The Pwinch Wars event cards measured in their PDF: 27 cards from ``events.csv`` on three
sheets of A4 or Letter, the blue or red heading, the eye and the grey dot on the right cards,
the common back behind every front, text that fits in every shipped language; and the CSV
extraction that brings the cards' words into the catalog.

Every number expected comes from the game data (``load_deck()``) or the layout files; the
component is drawn as the pipeline draws a kit's (inside :func:`printkit.pipeline.drawing`,
the PDF checked by preflight), so the test needs no registered kit.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from conftest import pdf_fonts, pdf_text
from pypdf import PdfReader

from printkit.context import BuildContext, DrawContext
from printkit.data_extract import extract_csv, wanted_columns
from printkit.drawing import deck as deckmod
from printkit.engines.pwinch_wars import Colour, load_deck
from printkit.errors import PrintkitError
from printkit.i18n import available_locales
from printkit.kits import NoOptions, get_kit
from printkit.page import preflight
from printkit.page.preflight import MIN_TEXT_PT, Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.pwinch_wars.cards import (
    LAYOUT,
    card_rows,
    card_size,
    draw_event_cards,
    fit_deck,
)
from printkit.templates.pwinch_wars.style import STYLE

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4
TOL = 0.1 * MM  # 0.1 mm in points
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DECK = load_deck()
PER_SHEET = 9


def build(out: Path, paper_name: str, locale: str = "en",
          profile: str = "home") -> tuple[Path, Preflight]:
    out.mkdir(parents=True, exist_ok=True)
    report = Preflight()
    path = out / "event-cards.pdf"
    with drawing(BuildContext(paper(paper_name), locale=locale, profile=profile),
                 report, get_kit("pwinch-wars")) as ctx:
        draw_event_cards(ctx.for_component("event-cards"), NoOptions(), path)
        preflight.check_pdf(path, report=report)
    return path, report


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Preflight]]:
    out = tmp_path_factory.mktemp("pwinch-cards")
    return {name: build(out / name, name) for name in PAPERS}


def _rgb(name: str) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in STYLE.ink[name].rgb())


def _colour(value: Any) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in value or ())


def _fronts(page: Any) -> list[tuple[float, float, float, float]]:
    """The frames of the card fronts on a page (x0, top, x1, bottom), in reading order: the
    rounded rectangles stroked in a heading colour, as large as a card less its frame inset."""
    item = card_size()
    inks = {_rgb("blue"), _rgb("red")}
    want = sorted((item.width - 2 * deckmod.FRAME_INSET, item.height - 2 * deckmod.FRAME_INSET))
    out = []
    for obj in page.curves + page.rects:
        if not obj.get("stroke") or _colour(obj.get("stroking_color")) not in inks:
            continue
        size = sorted((obj["x1"] - obj["x0"], obj["bottom"] - obj["top"]))
        if all(abs(a - b) < 2 for a, b in zip(size, want, strict=True)):
            out.append((obj["x0"], obj["top"], obj["x1"], obj["bottom"]))
    return sorted(set(out), key=lambda r: (round(r[1]), r[0]))


def _inside(obj: dict[str, float], box: tuple[float, float, float, float]) -> bool:
    return (box[0] - 0.5 <= obj["x0"] and obj["x1"] <= box[2] + 0.5
            and box[1] - 0.5 <= obj["top"] and obj["bottom"] <= box[3] + 0.5)


@pytest.mark.parametrize("name", list(PAPERS))
def test_three_sheets_exact_paper_fonts_embedded_preflight_clean(
    built: dict[str, tuple[Path, Preflight]], name: str
) -> None:
    path, report = built[name]
    assert not report.findings, report.report()
    reader = PdfReader(str(path))
    sheets = -(-len(DECK.cards) // PER_SHEET)
    assert sheets == 3
    assert len(reader.pages) == 2 * sheets  # fronts and backs
    w, h = PAPERS[name]
    for page in reader.pages:
        assert round(float(page.mediabox.width) / MM, 1) == w
        assert round(float(page.mediabox.height) / MM, 1) == h
    fonts = pdf_fonts(path)
    assert fonts and all(fonts.values()), fonts


@pytest.mark.parametrize("name", list(PAPERS))
def test_every_card_once_with_its_heading_colour_eye_and_dot(
    built: dict[str, tuple[Path, Preflight]], name: str
) -> None:
    path, _report = built[name]
    item = card_size()
    found: list[str] = []
    with pdfplumber.open(str(path)) as pdf:
        for number in range(0, len(pdf.pages), 2):
            page = pdf.pages[number]
            frames = _fronts(page)
            assert len(frames) == min(PER_SHEET, len(DECK.cards) - len(found))
            for box in frames:
                card = DECK.cards[len(found)]
                found.append(card.id)
                inner = page.crop(box)
                text = " ".join((inner.extract_text() or "").split())
                assert " ".join(card.title.split()) in text.replace("- ", "-")
                title_ink = _rgb("blue" if card.colour is Colour.BLUE else "red")
                band_bottom = box[1] + deckmod.MARGIN + deckmod.TITLE_H
                title_chars = [c for c in page.chars if _inside(c, box)
                               and c["bottom"] <= band_bottom]
                assert title_chars
                assert {_colour(c["non_stroking_color"]) for c in title_chars} == {title_ink}
                body = [c for c in page.chars if _inside(c, box) and c["top"] > band_bottom]
                assert {_colour(c["non_stroking_color"]) for c in body} == {(0.0, 0.0, 0.0, 1.0)}
                # the corners of the title band: the eye top left, the grey dot top right
                slot = deckmod.SYMBOL_SLOT
                top = box[1] - deckmod.FRAME_INSET + deckmod.MARGIN
                left = (box[0] - deckmod.FRAME_INSET + deckmod.MARGIN, top,
                        box[0] - deckmod.FRAME_INSET + deckmod.MARGIN + slot,
                        top + deckmod.TITLE_H)
                right_x1 = box[0] - deckmod.FRAME_INSET + item.width - deckmod.MARGIN
                right = (right_x1 - slot, top, right_x1, top + deckmod.TITLE_H)
                eye = [o for o in page.curves if _inside(o, left) and o.get("stroke")]
                dot = [o for o in page.curves if _inside(o, right) and o.get("fill")
                       and _colour(o["non_stroking_color"]) == (0.0, 0.0, 0.0, 0.45)]
                assert bool(eye) == card.eye, card.id
                assert bool(dot) == card.city_only, card.id
    assert found == [c.id for c in DECK.cards]
    assert Counter(c.eye for c in DECK.cards)[True] == 5
    assert Counter(c.city_only for c in DECK.cards)[True] == 5


@pytest.mark.parametrize("name", list(PAPERS))
def test_backs_lie_behind_fronts(built: dict[str, tuple[Path, Preflight]], name: str) -> None:
    """Long-edge duplex: a back is its front mirrored left to right, within 0.1 mm."""
    path, _report = built[name]
    item = card_size()
    back_ink = tuple(round(v, 3) for v in LAYOUT.ink["back"].rgb())
    with pdfplumber.open(str(path)) as pdf:
        for number in range(0, len(pdf.pages), 2):
            front, back = pdf.pages[number], pdf.pages[number + 1]
            centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in _fronts(front)]
            fields = [r for r in back.rects if r.get("fill")
                      and _colour(r["non_stroking_color"]) == back_ink]
            assert len(fields) == len(centres)
            for r in fields:  # a field covers the trim exactly (no bleed at home)
                assert abs(r["x1"] - r["x0"] - item.width) < TOL
                assert abs(r["bottom"] - r["top"] - item.height) < TOL
            backs = sorted(((r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2)
                           for r in fields)
            mirrored = sorted((float(front.width) - x, y) for x, y in centres)
            for (bx, by), (mx, my) in zip(backs, mirrored, strict=True):
                assert abs(bx - mx) < TOL and abs(by - my) < TOL


@pytest.mark.parametrize("locale", available_locales())
def test_every_card_fits_in_every_shipped_language(locale: str) -> None:
    """The deck code's own fitting, in the language's words (English where a card is not
    translated yet): no title or text overflows, none is under the minimum size."""
    ctx = DrawContext(BuildContext(paper("a4"), locale=locale), Preflight())
    rows = card_rows(ctx)
    fitted = fit_deck(ctx, rows)
    assert len(rows) == len(DECK.cards) == 27
    for row, title, text in zip(rows, fitted.titles, fitted.texts, strict=True):
        assert title.fits and text.fits, (locale, row.title)
        assert title.size >= deckmod.TITLE_MIN and text.size >= MIN_TEXT_PT
        assert title.lines and text.lines


def test_same_input_same_bytes(tmp_path: Path) -> None:
    a, _ = build(tmp_path / "a", "a4")
    b, _ = build(tmp_path / "b", "a4")
    assert a.read_bytes() == b.read_bytes()


def test_print_shop_has_bleed_and_is_clean(tmp_path: Path) -> None:
    path, report = build(tmp_path, "letter", profile="print-shop")
    assert not report.errors, report.report()
    assert "/TrimBox" in PdfReader(str(path)).pages[0]
    assert "Pwinch Wars" in pdf_text(path)


# --- the CSV extraction (printkit.data_extract) -------------------------------------------


def test_extractor_reads_the_columns_asked_skipping_notes(tmp_path: Path) -> None:
    csv = tmp_path / "events.csv"
    csv.write_text("# a note, not a card\n# another, \"quoted\"\nid,title,text,name\n"
                   "a,First,\"Two\nlines\",Bob\n# between rows\nb,Second,,Ann\n",
                   encoding="utf-8")
    with csv.open("rb") as fh:
        got = [(line, msg) for line, _f, msg, _c in extract_csv(
            fh, (), (), {"columns": "events.csv:title text other.csv:name"})]
    assert got == [(4, "First"), (4, "Two\nlines"), (7, "Second")]
    assert wanted_columns("a.csv:x, y", "b.csv") == ("y",)


def test_extractor_refuses_a_column_the_file_lacks(tmp_path: Path) -> None:
    csv = tmp_path / "events.csv"
    csv.write_text("id,heading\na,B\n", encoding="utf-8")
    with csv.open("rb") as fh, pytest.raises(PrintkitError, match="column 'title'"):
        list(extract_csv(fh, (), (), {"columns": "events.csv:title"}))


def test_babel_cfg_extracts_card_terrain_and_item_words_not_names() -> None:
    """The kit catalog's babel.cfg section for the Pwinch Wars data, run by Babel itself."""
    with (ROOT / "templates" / "pwinch_wars" / "locale" / "babel.cfg").open(
            encoding="utf-8") as fh:
        methods, options = parse_mapping_cfg(fh)  # type: ignore[no-untyped-call]  # untyped in Babel
    pattern, method = next((p, m) for p, m in methods if p.endswith("data/*.csv"))
    data = ROOT / "engines" / "pwinch_wars" / "data"
    found: set[str | tuple[str, ...]] = set()
    for csv in sorted(data.glob("*.csv")):
        found |= {msg for _line, msg, _c, _ctx in extract_from_file(
            method, str(csv), options=options[pattern])}
    from printkit.engines.pwinch_wars import load_data

    game = load_data()
    assert {c.title for c in game.deck.cards} <= found
    assert {c.text for c in game.deck.cards} <= found
    assert {t.name for t in game.chart.terrains} <= found
    assert {i.name for i in game.equipment.items} <= found
    assert not {c.name for c in game.roster.characters} & found
