"""Handwriting on the WFtGtS example sheets stays in its boxes, and a written 1 reads as one.

Measured in the PDF: every string in the handwriting font (pdfplumber's characters, their ink
from the font's glyph outlines, through each character's matrix) must lie inside one box of
the sheet (a die cell, a Score/Total/Final line, a points box, the tie-break box or the Name
line); so must the flag strokes drawn on the 1s.
"""

from __future__ import annotations

import io
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli

from printkit.context import BuildContext
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.paper import paper

HAND_FONTS = {"Kalam-Regular": FontRole.HAND, "Kalam-Bold": FontRole.HAND_BOLD}
TOL = 0.01  # points


def rooms(paper_name: str = "a4") -> list[Rect]:
    """Every box a player writes into on an example sheet page."""
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.components import sheet_boxes
    from printkit.templates.wftgts.sheet import (
        final_line_box,
        geometry,
        name_line_box,
        tiebreak_box,
    )

    with drawing(BuildContext(paper(paper_name))) as ctx:
        g = geometry(sheet_boxes(ctx, False, first_page=False)[0])
        final_line = final_line_box(ctx, g)  # left of the tie-break caption
        name_line = name_line_box(ctx, g)  # after the "Name" label
    found = []
    for row in g.rows:
        if row.kind == "line":
            found += [g.cell(row.round, row.letter, d) for d in range(len(g.die_x))]
        elif row.kind == "final":
            found += [final_line, g.points_box(row), tiebreak_box(g, row)]
        elif row.kind != "head":
            found += [g.wide(row), g.points_box(row)]
    return [*found, name_line]


def read_page(pdf_path: Path, page: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                 float]:
    """A page's characters, lines and height as pdfplumber reads them: read once per file
    content (each page's strings and flags are measured, several times a test)."""
    return _read_page(pdf_path.read_bytes(), page)


@lru_cache(maxsize=16)
def _read_page(data: bytes, page: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                float]:
    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pg = pdf.pages[page]
        return list(pg.chars), list(pg.lines), float(pg.height)


def written(pdf_path: Path, page: int, locale: str = "en") -> list[tuple[str, Rect]]:
    """The handwritten strings of a page and the box their ink covers (page space), in the
    hand fonts of ``locale``'s script."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.drawing.draw import glyph_bounds
    from printkit.fonts import font

    strings: list[tuple[str, Rect]] = []
    prev = None
    chars, _lines, _height = read_page(pdf_path, page)
    for ch in chars:
        role = HAND_FONTS.get(ch["fontname"].split("+")[-1])
        if role is None:
            prev = None
            continue
        a, b, c, d, e, f = ch["matrix"]
        unit = stringWidth(ch["text"], font(role, locale), 1)
        size = ch["adv"] / unit if unit else 0.0
        ink = None
        bounds = glyph_bounds(role, ch["text"], locale)
        if bounds is not None:
            pts = [(a * x * size + c * y * size + e, b * x * size + d * y * size + f)
                   for x in (bounds[0], bounds[2]) for y in (bounds[1], bounds[3])]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            ink = Rect.from_corners(min(xs), min(ys), max(xs), max(ys))
        # the same string goes on where the previous character's advance ends
        same = prev is not None and prev[1][:4] == (a, b, c, d) and abs(
            prev[1][4] + prev[2] * a - e) < TOL and abs(prev[1][5] + prev[2] * b - f) < TOL
        if same:
            text, box = strings[-1]
            strings[-1] = (text + ch["text"], box if ink is None else
                           (ink if box.w == 0 and box.h == 0 else box.union(ink)))
        else:
            strings.append((ch["text"], ink or Rect(e, f, 0, 0)))
        prev = (ch["text"], (a, b, c, d, e, f), ch["adv"])
    return strings


def flags(pdf_path: Path, page: int) -> list[Rect]:
    """The flag strokes on the handwritten 1s: short thick lines in a handwriting ink."""

    from printkit.templates.wftgts.sheet import LAYOUT

    inks = {tuple(round(v, 3) for v in LAYOUT.ink[k].rgb())
            for k in ("roll", "kept", "note", "score")}
    found = []
    _chars, lines, height = read_page(pdf_path, page)
    for line in lines:
        colour = tuple(round(v, 3) for v in line.get("stroking_color") or ())
        if colour in inks:
            half = line["linewidth"] / 2
            found.append(Rect.from_corners(line["x0"] - half, height - line["bottom"] - half,
                                           line["x1"] + half, height - line["top"] + half))
    return found


def strays(pdf_path: Path, pages: int) -> list[str]:
    """What lies outside every box, one line each."""
    boxes = rooms()
    bad = []
    for page in range(pages):
        for text, ink in written(pdf_path, page):
            if not any(r.contains(ink, TOL) for r in boxes):
                bad.append(f"page {page + 1}: {text!r} at {ink}")
        for flag in flags(pdf_path, page):
            if not any(r.contains(flag, TOL) for r in boxes):
                bad.append(f"page {page + 1}: flag at {flag}")
    return bad


def six_player_log(cli: Cli, tmp_path: Path) -> Path:
    log = tmp_path / "six.jsonl"
    r = cli("play", "wftgts", "--players", "6", "--seed", "1", "--log", str(log))
    assert r.code == 0, r.err
    return log


def example(cli: Cli, log: Path, out: Path) -> Path:
    r = cli("example", "wftgts", str(log), "--out", str(out), "--preflight")
    assert r.code == 0, r.err + r.out
    assert "0 error(s), 0 warning(s)" in r.out, r.out
    return out


def test_seed_example_handwriting_stays_in_its_boxes(cli: Cli, tmp_path: Path,
                                                     seed_log: Path) -> None:
    pdf = example(cli, seed_log, tmp_path / "seed.pdf")
    texts = [t for t, _ in written(pdf, 0)]
    assert any("6-7-8: 17 × 3 = 51" in t for t in texts), texts  # round 4's long Score line
    assert strays(pdf, 1) == []


def test_six_player_handwriting_stays_in_its_boxes(cli: Cli, tmp_path: Path) -> None:
    pdf = example(cli, six_player_log(cli, tmp_path), tmp_path / "six.pdf")
    texts = [t for page in range(6) for t, _ in written(pdf, page)]
    assert any(t.startswith("stuck with junk") for t in texts)  # the long junk lines
    assert strays(pdf, 6) == []


def test_the_measure_catches_writing_that_leaves_its_row(cli: Cli, tmp_path: Path, seed_log: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the clamp the seed's long Score lines climb out of their row (the bug)."""
    import printkit.templates.wftgts.example as ex
    from printkit.templates.wftgts.sheet import LAYOUT

    monkeypatch.setattr(ex, "keep_inside", lambda ink, origin, room, dx, dy, a: (dx, dy, a))
    monkeypatch.setattr(ex, "LAYOUT",
                        replace(LAYOUT, hand=replace(LAYOUT.hand, max_climb=1000.0)))
    out = tmp_path / "loose.pdf"
    assert cli("example", "wftgts", str(seed_log), "--out", str(out)).code == 0
    [stray] = strays(out, 1)
    assert "6-6-6: 9 × 5 = 45" in stray  # round 5's Score line, tilted 2 degrees


def test_every_written_one_has_a_flag(cli: Cli, tmp_path: Path, seed_log: Path) -> None:
    pdf = example(cli, seed_log, tmp_path / "seed.pdf")
    ones = sum(t.count("1") for t, _ in written(pdf, 0))
    assert ones > 30
    assert len(flags(pdf, 0)) == ones


def test_a_score_line_too_long_is_written_at_the_minimum_and_reported() -> None:
    from printkit.page.preflight import MIN_TEXT_PT
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.example import line_size

    with drawing(BuildContext(paper("a4"))) as ctx:
        room = Rect(0, 0, 400, 22)
        assert line_size(ctx, "1-2-3-4: 19 × 4 = 76", FontRole.HAND, 14, room, "Score line") == 14
        long = "; ".join(["1-2-3-4-5-6-7-8: 36 × 8 = 288"] * 4)
        size = line_size(ctx, long, FontRole.HAND, 14, room, "Score line")
        assert MIN_TEXT_PT < size < 14  # shrunk to the line's width: it fits
        assert ctx.preflight.findings == []
        size = line_size(ctx, long * 2, FontRole.HAND, 14, room, "Score line")
        assert size == MIN_TEXT_PT
        [finding] = ctx.preflight.findings
    assert finding.code == "box-too-small" and finding.level == "error"
    assert finding.message.startswith("Score line: width 141.1 mm, needs")


@pytest.mark.parametrize("seed", [0, 1])
def test_keep_inside_holds_every_jitter(seed: int) -> None:
    """Whatever the jitter draws, the turned ink ends inside the room."""
    import random

    from printkit.drawing.draw import _turned, keep_inside

    rnd = random.Random(seed)
    for _ in range(500):
        ink = Rect(rnd.uniform(-5, 0), rnd.uniform(-4, 0), rnd.uniform(5, 300), rnd.uniform(4, 12))
        room = Rect(0, 0, ink.w + rnd.uniform(0, 30), ink.h + rnd.uniform(0, 8))
        origin = (room.x - ink.x + rnd.uniform(0, room.w - ink.w),
                  room.y - ink.y + rnd.uniform(0, room.h - ink.h))
        dx, dy, angle = keep_inside(ink, origin, room, rnd.uniform(-3, 3), rnd.uniform(-3, 3),
                                    rnd.uniform(-5, 5))
        turned = _turned(ink, angle).moved(origin[0] + dx, origin[1] + dy)
        assert room.contains(turned, 1e-6), (ink, room, angle)
