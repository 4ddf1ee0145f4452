"""Printed dice measured: one size rule for every die of every preset, nets packed on few pages,
bleed round coloured nets in print-shop, cut and fold lines where the net says.

The rule (``printkit.drawing.dice``): every die has the same mean width, so the d12 and the
d8 of one set look like one set, as the dice of a shop-bought set do.
"""

from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pdfplumber
import pytest
from pypdf import PdfReader
from test_production_dice import fold

from printkit.context import BuildContext, DrawContext
from printkit.drawing import dice
from printkit.drawing.polyhedra import KINDS, MEAN_WIDTH_MM, die_size, net
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.pipeline import drawing
from printkit.templates.dice import games as dice_games
from printkit.units import mm

MM = 72 / 25.4
BLEED_MM = 3.0


def _directions(n: int = 4000) -> np.ndarray:
    """``n`` directions spread evenly over the sphere (a Fibonacci lattice)."""
    k = np.arange(n) + 0.5
    z = 1 - 2 * k / n
    phi = math.pi * (1 + 5 ** 0.5) * k
    r = np.sqrt(1 - z * z)
    return np.stack([r * np.cos(phi), r * np.sin(phi), z], axis=1)


def folded_mean_width(kind: str) -> float:
    """The mean width (mm) of the die folded from its printed net: its caliper width averaged
    over every direction, measured on the folded corners."""
    points = np.concatenate(list(fold(net(kind)).values()))
    proj = points @ _directions().T
    return float((proj.max(axis=0) - proj.min(axis=0)).mean())


def folded_across(kind: str) -> float:
    """Face to opposite face (the d4: a face to the opposite corner), on the folded die."""
    faces = fold(net(kind))
    points = np.concatenate(list(faces.values()))
    out = []
    for pts in faces.values():
        normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])
        normal /= np.linalg.norm(normal)
        out.append(float(np.max(np.abs((points - pts[0]) @ normal))))
    return min(out)


@pytest.mark.parametrize("kind", KINDS)
def test_every_die_folds_to_the_set_mean_width(kind: str) -> None:
    assert folded_mean_width(kind) == pytest.approx(MEAN_WIDTH_MM, abs=0.15)
    assert die_size(kind).mean_width == pytest.approx(MEAN_WIDTH_MM, abs=1e-9)
    assert folded_across(kind) == pytest.approx(die_size(kind).across, abs=0.05)


def test_the_dice_of_every_preset_are_one_set() -> None:
    """Within a preset and across presets: equal mean widths; face-to-face sizes within the
    band a shop-bought set spans (its d6 is the smallest, its d4 stands the tallest)."""
    kinds = {spec.kind for p in dice_games.presets().values() for spec in p.dice}
    assert kinds == set(KINDS)
    widths = [folded_mean_width(k) for k in sorted(kinds)]
    assert max(widths) - min(widths) < 0.3  # mm
    across = {k: folded_across(k) for k in kinds}
    assert max(across.values()) / min(across.values()) < 1.4  # was 34.9 / 15.5 mm = 2.25
    assert across["d12"] / across["d8"] < 1.25  # the pair: was 33.4 / 21.2 mm
    assert 16.0 <= across["d6"] <= 20.0  # beside a shop-bought 16 mm d6


def _build(tmp_path: Path, preset: str, paper_name: str, *, landscape: bool = False,
           profile: str = "home") -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    out = tmp_path / f"{preset}-{paper_name}-{landscape}-{profile}.pdf"
    with drawing(BuildContext(paper(paper_name, landscape=landscape), profile=profile)) as ctx:
        dice.draw_preset(dice_games.preset(preset), ctx, out)
        assert not ctx.preflight.errors, ctx.preflight.report()
    return out


def _squares(pdf: Path, side_mm: float) -> int:
    """Filled squares of side ``side_mm`` (the d6 faces) on every page."""
    with pdfplumber.open(pdf) as doc:
        return sum(1 for page in doc.pages for r in page.rects
                   if r["fill"] and abs(r["width"] / MM - side_mm) < 0.05
                   and abs(r["height"] / MM - side_mm) < 0.05)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_nine_tug_of_war_dice_on_one_page(tmp_path: Path, paper_name: str) -> None:
    """Nine 18 mm d6 nets fit one A4 or Letter page (they took two before), portrait or
    landscape (a landscape build turns the sheet: nets have no up)."""
    for landscape in (False, True):
        pdf = _build(tmp_path, "tug-of-war", paper_name, landscape=landscape)
        assert len(PdfReader(str(pdf)).pages) == 1
        assert _squares(pdf, die_size("d6").across) == 9 * 6


@pytest.mark.parametrize("paper_name", ["a4", "letter", "a3", "tabloid"])
def test_the_seven_die_set_on_one_page(tmp_path: Path, paper_name: str) -> None:
    pdf = _build(tmp_path, "wftgts", paper_name)
    assert len(PdfReader(str(pdf)).pages) == 1  # the d20 once went alone to page 2
    assert _squares(pdf, die_size("d6").across) == 6


@pytest.mark.parametrize("profile", ["home", "print-shop"])
@pytest.mark.parametrize("paper_name,landscape", [("a4", False), ("letter", False),
                                                  ("a4", True), ("a3", False)])
def test_nets_are_apart_and_inside_the_safe_area(paper_name: str, landscape: bool,
                                                 profile: str) -> None:
    from printkit.page.notice import band_height
    from printkit.page.profiles import profile as find_profile
    from printkit.page.profiles import safe_rect

    ctx = DrawContext(BuildContext(paper(paper_name, landscape=landscape), profile=profile),
                      Preflight())
    bleed = find_profile(profile).bleed
    for preset in dice_games.presets().values():
        sheet = dice.sheet_paper(preset, ctx)
        placed = dice.layout(preset, ctx, sheet)
        assert sorted(map(repr, (p.spec for p in placed))) == sorted(map(repr, preset.dice))
        safe = safe_rect(sheet, find_profile(profile))
        for p in placed:
            top = safe.top - (band_height(profile) + dice.TITLE_H if p.page == 0 else 0)
            assert p.x >= safe.x - 1e-6 and p.x + p.w <= safe.right + 1e-6
            assert p.y >= safe.y - 1e-6 and p.label_y + mm(3) <= top + 1e-6
            assert p.label_y >= p.y + p.h + bleed  # the name stays clear of the bleed
            bx0, by0, bx1, by1 = net(p.spec.kind).bbox()
            assert sorted((p.w, p.h)) == pytest.approx(sorted((mm(bx1 - bx0), mm(by1 - by0))))
        for a, b in combinations(placed, 2):
            if a.page != b.page:
                continue
            # boxes of net and name, apart by the gap (print-shop: two bleeds)
            apart = max(b.x - (a.x + a.w), a.x - (b.x + b.w),
                        b.y - (a.y + a.h + dice.LABEL_H + bleed),
                        a.y - (b.y + b.h + dice.LABEL_H + bleed))
            assert apart >= max(dice.GAP, 2 * bleed) - 1e-6


def _net_faces(page: Any, colour: tuple[float, ...]) -> list[list[tuple[float, float]]]:
    """Filled polygons of ``colour`` (faces are plain polygons; bleeds have rounded corners)."""
    out = []
    for o in [*page.curves, *page.rects]:
        if o["fill"] and not o["stroke"] and tuple(o["non_stroking_color"] or ()) == colour:
            out.append([(float(x), float(y)) for x, y in o["pts"]])
    return out


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def _dist(p: tuple[float, float], poly: list[tuple[float, float]]) -> float:
    """Distance from ``p`` to the edges of ``poly``."""
    best = math.inf
    for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
        ax, ay, bx, by = *a, *b
        t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay))
                         / max(1e-12, (bx - ax) ** 2 + (by - ay) ** 2)))
        best = min(best, math.hypot(p[0] - ax - t * (bx - ax), p[1] - ay - t * (by - ay)))
    return best


def test_coloured_nets_bleed_three_mm_past_the_cut_in_print_shop(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "tug-of-war", "a3", profile="print-shop")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        for colour in (dice.YELLOW, dice.RED):
            polys = _net_faces(page, tuple(float(v) for v in colour))
            faces = [q for q in polys if len(q) in (4, 5)]  # a square face, closed or not
            bleeds = [q for q in polys if len(q) > 8]
            assert len(faces) == 3 * 6 and len(bleeds) == 3 * 6
            for face in faces:
                cx = sum(x for x, _y in face) / len(face)
                cy = sum(y for _x, y in face) / len(face)
                own = [q for q in bleeds if _inside((cx, cy), q)]
                assert len(own) == 1
                # every corner of the face has colour 3 mm out (along its diagonal) ...
                for x, y in face:
                    d = math.hypot(x - cx, y - cy)
                    out = (x + (x - cx) / d * 2.85 * MM, y + (y - cy) / d * 2.85 * MM)
                    assert _inside(out, own[0])
                # ... and the bleed reaches no farther than 3 mm
                assert max(_dist(p, face) for p in own[0]) / MM == pytest.approx(BLEED_MM,
                                                                                 abs=0.01)
        # white nets need none: the paper is white
        assert not [q for q in _net_faces(page, (0.0, 0.0, 0.0, 0.0)) if len(q) > 8]
    home = _build(tmp_path, "tug-of-war", "a3")
    with pdfplumber.open(home) as doc:
        assert not [q for q in _net_faces(doc.pages[0], tuple(float(v) for v in dice.RED))
                    if len(q) > 8]


def test_cut_lines_on_the_outline_fold_lines_on_hinges_and_tab_bases(tmp_path: Path) -> None:
    """One dashed fold line per hinge and per tab (a hinge drawn once, so its dashes show),
    solid cut lines on the free face edges and round each tab, never on a tab's base."""
    pdf = _build(tmp_path, "wftgts", "a3")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        folds = [o for o in page.lines if o.get("dash") and o["dash"][0]]
        cuts = [o for o in page.lines if o.get("dash") and not o["dash"][0]]
        tab_outlines = [o for o in page.curves if o["stroke"] and not o["fill"]]
    presets = dice_games.preset("wftgts").dice
    nets = [net(s.kind) for s in presets]
    assert len(folds) == sum(len(n.hinges) + len(n.tabs) for n in nets)
    free_edges = sum(sum(len(f) for f in n.faces) - 2 * len(n.hinges) - len(n.tabs)
                     for n in nets)
    assert len(cuts) == free_edges
    assert len(tab_outlines) == sum(len(n.tabs) for n in nets)
    # a tab's outline is open at its base: 4 points, first and last 1 edge apart
    for o in tab_outlines:
        assert len(o["pts"]) == 4
    fold_ends = {tuple(round(v, 1) for pt in o["pts"] for v in pt) for o in folds}
    for o in tab_outlines:
        (ax, ay), (bx, by) = o["pts"][-1], o["pts"][0]  # the base: last point to first
        base = (round(ax, 1), round(ay, 1), round(bx, 1), round(by, 1))
        rev = (base[2], base[3], base[0], base[1])
        assert base in fold_ends or rev in fold_ends


def test_the_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    one = _build(tmp_path / "one", "wftgts", "letter", landscape=True, profile="print-shop")
    two = _build(tmp_path / "two", "wftgts", "letter", landscape=True, profile="print-shop")
    assert one.read_bytes() == two.read_bytes()
