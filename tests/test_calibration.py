"""The duplex calibration sheet, measured in the PDF it writes.

Nothing here trusts the drawing code's own geometry: the scales (baselines, ticks, labels,
arrows, names) are read off the front page and the lines off the back page; the back is laid
onto the front as a printer flips the sheet, after shifting it as a printer with a duplex
error would; the reading at each crossing must be the ``--duplex-offset`` that cancels the
error, with the sign impose uses.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import draw_ctx

from printkit.cli import main
from printkit.cli.common import MAX_DUPLEX_OFFSET_MM, parse_offset
from printkit.layout.calibration import write_calibration
from printkit.layout.impose import impose, mirror_axis
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.units import mm

Seg = tuple[float, float, float, float]  # x0, y0, x1, y1: PDF points, y up, x0 <= x1, y0 <= y1
EPS = 0.01  # pt: "on the line"
READ_TOL = 0.05  # mm: a reading must agree this well (the ticks are 0.5 mm apart)

PAPERS = [(name, landscape, duplex) for name in ("a4", "letter") for landscape in (False, True)
          for duplex in ("long", "short")]
PRINTER_SHIFTS = [(0.0, 0.0), (1.5, -0.7), (-3.25, 2.0), (7.0, 11.5),
                  (MAX_DUPLEX_OFFSET_MM, -MAX_DUPLEX_OFFSET_MM),
                  (-MAX_DUPLEX_OFFSET_MM, MAX_DUPLEX_OFFSET_MM)]


def physical_axis(width: float, height: float, duplex: str) -> str:
    """The coordinate a printer mirrors when it turns the sheet over: the long edges of a
    portrait sheet are its vertical ones, so a long-edge flip turns it about a vertical
    edge (x -> W - x); a short-edge flip about a horizontal one (y -> H - y). Landscape: the
    other way round."""
    about_vertical_edge = (height >= width) == (duplex == "long")
    return "x" if about_vertical_edge else "y"


# --- reading the PDF ----------------------------------------------------------------------

@dataclass
class Page:
    width: float
    height: float
    horizontal: list[Seg]
    vertical: list[Seg]
    other: list[Any]  # rects and curves (the arrowheads)
    words: list[dict[str, Any]]


def read_page(pdf: Path, n: int) -> Page:
    """Page ``n`` of ``pdf`` as the tests measure it: read once per content (a sheet's front
    is measured for every printer shift; a sheet rebuilt with another offset is another)."""
    return _read_page(pdf.read_bytes(), n)


@lru_cache(maxsize=64)
def _read_page(data: bytes, n: int) -> Page:
    with pdfplumber.open(io.BytesIO(data)) as doc:
        p = doc.pages[n]
        W, H = float(p.width), float(p.height)
        hor: list[Seg] = []
        ver: list[Seg] = []
        for ln in p.lines:
            seg = (float(ln["x0"]), H - float(ln["bottom"]), float(ln["x1"]), H - float(ln["top"]))
            if seg[3] - seg[1] < EPS:
                hor.append(seg)
            elif seg[2] - seg[0] < EPS:
                ver.append(seg)
            else:
                raise AssertionError(f"a slanted line on page {n}: {seg}")
        other = list(p.rects) + list(p.curves)
        words = p.extract_words(extra_attrs=["size"])
    for w in words:
        w["cx"] = (w["x0"] + w["x1"]) / 2
        w["cy"] = H - (w["top"] + w["bottom"]) / 2
    return Page(W, H, hor, ver, other, words)


def _number(text: str) -> int | None:
    try:
        return int(text.replace("−", "-"))
    except ValueError:
        return None


@dataclass
class Scale:
    vertical: bool
    across: float  # the baseline's y (horizontal scale) or x (vertical scale)
    lo: float  # the baseline's extent along the scale
    hi: float
    ticks: list[float]  # positions along the scale
    labels: list[tuple[float, int]]  # (position of the labelled tick, its number)
    name: str
    plus: float  # position along the scale of the arrowhead

    def read(self, along: float) -> float:
        """The number (mm) printed at ``along``, between the labelled ticks."""
        (p0, v0), (p1, v1) = self.labels[0], self.labels[-1]
        return v0 + (v1 - v0) * (along - p0) / (p1 - p0)


def find_scales(front: Page) -> list[Scale]:
    """Every scale on the front: a baseline with ticks centred on it every 0.5 mm, a signed
    number (mm) on every long tick, an arrowhead beyond one end and a bold name."""
    scales = []
    for vertical, bases, cross in ((False, front.horizontal, front.vertical),
                                   (True, front.vertical, front.horizontal)):
        for b in bases:
            across = b[0] if vertical else b[1]
            lo, hi = (b[1], b[3]) if vertical else (b[0], b[2])
            ticks: list[tuple[float, float]] = []  # (position, length)
            for t in cross:
                t_along, t_lo, t_hi = (t[1], t[0], t[2]) if vertical else (t[0], t[1], t[3])
                if (lo - EPS <= t_along <= hi + EPS and t_lo < across < t_hi
                        and abs((t_lo + t_hi) / 2 - across) < EPS):
                    ticks.append((t_along, t_hi - t_lo))
            if len(ticks) < 20:
                continue  # a ruler of the first-page band, or a tick itself
            ticks.sort()
            longest = max(length for _p, length in ticks)
            long_ticks = [p for p, length in ticks if length > longest - EPS]
            labels = []
            for w in front.words:
                value = _number(w["text"])
                if value is None:
                    continue
                # a horizontal scale's numbers stand above it, a vertical one's to its right
                off = (w["x0"] - across) if vertical else (w["cy"] - across)
                pos = w["cy"] if vertical else w["cx"]
                if not mm(2) < off < mm(8) or not lo - mm(2) < pos < hi + mm(2):
                    continue
                tick = min(long_ticks, key=lambda p: abs(p - pos))
                assert abs(tick - pos) < mm(0.5), (w["text"], tick, pos)
                labels.append((tick, value))
            labels.sort()
            names = [w for w in front.words if w["text"] in ("X", "Y") and w["size"] >= 9]
            name = min(names, key=lambda w: _distance(w["cx"], w["cy"], b))
            heads = [o for o in front.other
                     if _distance((o["x0"] + o["x1"]) / 2,
                                  front.height - (o["top"] + o["bottom"]) / 2, b) < mm(12)]
            assert len(heads) == 1, heads
            h = heads[0]
            plus = (front.height - (h["top"] + h["bottom"]) / 2 if vertical
                    else (h["x0"] + h["x1"]) / 2)
            scales.append(Scale(vertical, across, lo, hi, [p for p, _l in ticks], labels,
                                name["text"], plus))
    return scales


def _distance(x: float, y: float, s: Seg) -> float:
    """From (x, y) to the segment ``s`` (axis-aligned)."""
    dx = max(s[0] - x, 0.0, x - s[2])
    dy = max(s[1] - y, 0.0, y - s[3])
    return float((dx * dx + dy * dy) ** 0.5)


def back_lines(back: Page) -> tuple[Seg, Seg]:
    """The back's two lines: (vertical, horizontal). Nothing else is drawn there but text."""
    assert len(back.vertical) == 1 and len(back.horizontal) == 1 and not back.other
    return back.vertical[0], back.horizontal[0]


def onto_front(seg: Seg, W: float, H: float, axis: str, shift_mm: tuple[float, float]) -> Seg:
    """Where a back segment lands on the front: a printer that misregisters the back by
    ``shift_mm`` (in the back page's frame) shifts it, then the sheet is turned over."""
    sx, sy = mm(shift_mm[0]), mm(shift_mm[1])
    x0, y0, x1, y1 = seg[0] + sx, seg[1] + sy, seg[2] + sx, seg[3] + sy
    if axis == "x":
        return (W - x1, y0, W - x0, y1)
    return (x0, H - y1, x1, H - y0)


def readings(pdf: Path, duplex: str, printer_shift: tuple[float, float]
             ) -> tuple[float, float]:
    """Print ``pdf`` on a printer that shifts the back by ``printer_shift`` mm; hold it to
    the light: what do the X and the Y scale read where the back's lines cross them?"""
    front, back = read_page(pdf, 0), read_page(pdf, 1)
    W, H = front.width, front.height
    axis = physical_axis(W, H, duplex)
    scales = find_scales(front)
    assert sorted((s.name, s.vertical) for s in scales) == [("X", False), ("Y", True)]
    vertical, horizontal = back_lines(back)
    out = []
    # the vertical line is read on the horizontal (X) scale, the horizontal one on the Y scale
    for line, scale_vertical in ((vertical, False), (horizontal, True)):
        seg = onto_front(line, W, H, axis, printer_shift)
        crossed = [s for s in scales if s.vertical == scale_vertical
                   and _crosses(seg, s)]
        assert len(crossed) == 1, (seg, printer_shift)
        s = crossed[0]
        # it crosses no other baseline on the front either (the band's rulers, ...)
        others = front.vertical if scale_vertical else front.horizontal
        assert sum(1 for b in others if _crosses_segment(seg, b, mm(20))) == 1
        at = seg[1] if scale_vertical else seg[0]
        assert s.ticks[0] - EPS <= at <= s.ticks[-1] + EPS, "the line misses the ticks"
        out.append(s.read(at))
    return out[0], out[1]


def _crosses(seg: Seg, s: Scale) -> bool:
    """``seg`` runs across the scale's baseline and right through its longest ticks."""
    reach = mm(3) + mm(1)
    if s.vertical:  # seg is horizontal at y = seg[1]
        return (s.lo - EPS <= seg[1] <= s.hi + EPS
                and seg[0] <= s.across - reach and seg[2] >= s.across + reach)
    return (s.lo - EPS <= seg[0] <= s.hi + EPS
            and seg[1] <= s.across - reach and seg[3] >= s.across + reach)


def _crosses_segment(a: Seg, b: Seg, min_len: float) -> bool:
    """Two perpendicular axis-aligned segments meet, ``b`` being at least ``min_len`` long."""
    if max(b[2] - b[0], b[3] - b[1]) < min_len:
        return False
    return a[0] - EPS <= b[2] and b[0] - EPS <= a[2] and a[1] - EPS <= b[3] and b[1] - EPS <= a[3]


def build(tmp_path: Path, name: str, landscape: bool, duplex: str,
          offset: tuple[float, float] = (0.0, 0.0), tag: str = "cal") -> Path:
    """The sheet written inside the drawing pipeline: nothing outside the safe area."""
    ctx = draw_ctx(paper=paper(name, landscape=landscape), duplex_offset=offset)
    with drawing(ctx) as dctx:
        out = write_calibration(tmp_path / f"{tag}.pdf", dctx, duplex)
    assert not dctx.preflight.findings, [f.message for f in dctx.preflight.findings]
    return out


# --- the tests ----------------------------------------------------------------------------

@pytest.mark.parametrize("name,landscape,duplex", PAPERS)
def test_the_flip_is_the_printers(name: str, landscape: bool, duplex: str) -> None:
    p = paper(name, landscape=landscape)
    assert mirror_axis(p, duplex) == physical_axis(p.width, p.height, duplex)


@pytest.mark.parametrize("name,landscape,duplex", PAPERS)
def test_scales_read_the_offset_that_cancels_the_printers_shift(
        tmp_path: Path, name: str, landscape: bool, duplex: str) -> None:
    sheet = build(tmp_path, name, landscape, duplex)
    front = read_page(sheet, 0)
    for s in find_scales(front):
        # ticks every 0.5 mm over the whole range --duplex-offset accepts, and beyond no tick
        steps = {round((b - a) / mm(0.5), 3) for a, b in zip(s.ticks, s.ticks[1:], strict=False)}
        assert steps == {1.0}
        ends = sorted(s.read(t) for t in (s.ticks[0], s.ticks[-1]))
        assert ends == pytest.approx([-MAX_DUPLEX_OFFSET_MM, MAX_DUPLEX_OFFSET_MM])
        # a signed number every 5 mm, one mm of number per mm of paper
        assert [v for _p, v in s.labels] in (list(range(-20, 21, 5)), list(range(20, -21, -5)))
        for (p0, v0), (p1, v1) in zip(s.labels, s.labels[1:], strict=False):
            assert abs(abs(v1 - v0) * mm(1) - (p1 - p0)) < EPS
        # the arrow stands beyond the + end, where the numbers grow
        assert s.read(s.plus) > MAX_DUPLEX_OFFSET_MM

    for shift in PRINTER_SHIFTS:
        x, y = readings(sheet, duplex, shift)
        # the correction is the opposite of the printer's shift, in the back page's frame
        assert abs(x + shift[0]) < READ_TOL and abs(y + shift[1]) < READ_TOL, (shift, x, y)
        # type what you read; print again on the same printer: the lines cross at 0
        typed = parse_offset(f"{x:.2f},{y:.2f}")
        again = build(tmp_path, name, landscape, duplex, typed, tag="again")
        x2, y2 = readings(again, duplex, shift)
        assert abs(x2) < READ_TOL and abs(y2) < READ_TOL, (shift, typed, x2, y2)


def _marker(c: Any, x: float, y: float, w: float, h: float, i: int) -> None:
    c.setLineWidth(0.5)
    c.rect(x, y, w, h, stroke=1, fill=0)


def _card_centres(pdf: Path, n: int) -> list[tuple[float, float]]:
    with pdfplumber.open(str(pdf)) as doc:
        p = doc.pages[n]
        H = float(p.height)
        return sorted(((r["x0"] + r["x1"]) / 2, H - (r["top"] + r["bottom"]) / 2)
                      for r in p.rects if r["x1"] - r["x0"] > mm(40))


@pytest.mark.parametrize("name,landscape,duplex", PAPERS)
def test_the_reading_registers_imposed_backs(tmp_path: Path, name: str, landscape: bool,
                                             duplex: str) -> None:
    """The offset read off the sheet, given to impose, puts every card's back right behind
    its front on the printer that misregisters; without it the backs are off by the shift."""
    shift = (2.5, -1.25)
    x, y = readings(build(tmp_path, name, landscape, duplex), duplex, shift)
    W, H = paper(name, landscape=landscape).size
    axis = physical_axis(W, H, duplex)
    for offset, expected_error in (((0.0, 0.0), shift), ((x, y), (0.0, 0.0))):
        ctx = draw_ctx(paper=paper(name, landscape=landscape), duplex_offset=offset)
        out = tmp_path / "cards.pdf"
        impose([_marker] * 4, "poker", ctx, out, backs=_marker, duplex=duplex)
        fronts = _card_centres(out, 0)
        for bx, by in _card_centres(out, 1):
            fx0, fy0, fx1, fy1 = onto_front((bx, by, bx, by), W, H, axis, shift)
            # the front card this back belongs to: the nearest one
            f = min(fronts, key=lambda c: abs(c[0] - fx0) + abs(c[1] - fy0))
            # the back's misregistration seen from the back page (flip the error back)
            ex, ey = fx0 - f[0], fy0 - f[1]
            if axis == "x":
                ex = -ex
            else:
                ey = -ey
            assert abs(ex - mm(expected_error[0])) < mm(READ_TOL)
            assert abs(ey - mm(expected_error[1])) < mm(READ_TOL)


@pytest.mark.parametrize("name,landscape,duplex", PAPERS)
def test_the_largest_offsets_stay_in_the_safe_area(tmp_path: Path, name: str, landscape: bool,
                                                   duplex: str) -> None:
    m = MAX_DUPLEX_OFFSET_MM
    for offset in ((m, m), (-m, -m), (m, -m), (-m, m)):
        build(tmp_path, name, landscape, duplex, offset)  # asserts no preflight findings


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_cli_calibrate(tmp_path: Path, duplex: str) -> None:
    out = tmp_path / f"cal-{duplex}.pdf"
    assert main(["calibrate", "--duplex", duplex, "--out", str(out)]) == 0
    with pdfplumber.open(str(out)) as doc:
        assert len(doc.pages) == 2
        assert f"Duplex calibration ({duplex} edge)" in (doc.pages[0].extract_text() or "")
    x, y = readings(out, duplex, (0.0, 0.0))
    assert abs(x) < READ_TOL and abs(y) < READ_TOL
    x, y = readings(out, duplex, (-4.0, 3.0))
    assert abs(x - 4.0) < READ_TOL and abs(y + 3.0) < READ_TOL
    # printed again with the reading, on the same printer: 0, 0
    checked = tmp_path / f"check-{duplex}.pdf"
    assert main(["calibrate", "--duplex", duplex, "--landscape", "--paper", "letter",
                 "--duplex-offset", f"{x:.1f},{y:.1f}", "--out", str(checked)]) == 0
    x2, y2 = readings(checked, duplex, (-4.0, 3.0))
    assert abs(x2) < READ_TOL and abs(y2) < READ_TOL


def test_a_print_shop_calibration_sheet_has_no_notice(tmp_path: Path) -> None:
    """A shop prints at size: the "print at 100 %" band is left out, and the instructions
    move up into its place."""
    ctx = draw_ctx(paper=paper("a4"), profile="print-shop")
    with drawing(ctx) as dctx:
        out = write_calibration(tmp_path / "cal.pdf", dctx, "long")
    assert not dctx.preflight.findings
    with pdfplumber.open(str(out)) as doc:
        text = doc.pages[0].extract_text() or ""
    assert "Print at 100" not in text and "Duplex calibration (long edge)" in text
    home = build(tmp_path, "a4", False, "long")
    with pdfplumber.open(str(home)) as doc:
        assert "Print at 100 % / actual size" in (doc.pages[0].extract_text() or "")
