"""One print conformance test for every kit, as the engines have one (test_conformance.py).

Every component of every kit, on A4 and Letter in both profiles: it builds, its pages are
exactly the paper's size, its fonts are embedded, preflight finds nothing (which includes
everything inside the safe area, checked while drawing), the print-shop slug is on every page,
and the same build twice gives the same bytes. Every capacity of every game is exercised by
real games, and every example log renders.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from buildcache import built_kits
from conftest import page_texts, pdf_fonts
from pypdf import PdfReader
from pypdf.generic import Destination

from printkit.context import BuildContext
from printkit.kits import game_kits, kits
from printkit.paper import paper
from printkit.pipeline import draw_example, drawing

PAPERS = ("a4", "letter")
PROFILES = ("home", "print-shop")
KITS = sorted(kits())


def built(factory: pytest.TempPathFactory, paper_name: str, profile: str = "home", *,
          landscape: bool = False, copy: str = "") -> tuple[Path, Any]:
    """Every kit on one paper and profile, built once for the whole run (other modules read
    the same builds, tests/buildcache.py): the folder and the preflight report. ``copy``
    names an independent second build (for reproducibility)."""
    return built_kits(factory, "all", BuildContext(paper(paper_name, landscape=landscape),
                                                   profile), copy=copy)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_every_component_is_exact_embedded_clean_and_reproducible(
    tmp_path_factory: pytest.TempPathFactory, paper_name: str, profile: str
) -> None:
    out, report = built(tmp_path_factory, paper_name, profile)
    again, _report = built(tmp_path_factory, paper_name, profile, copy="again")
    assert report.findings == [], report.report()
    size = tuple(round(v, 2) for v in paper(paper_name).size)
    for kit in KITS:
        pdfs = sorted((out / kit).glob("*.pdf"))
        components = [c.name for c in kits()[kit].component_list()]
        assert {p.stem for p in pdfs} >= set(components), kit
        for pdf in pdfs:
            reader = PdfReader(str(pdf))
            assert len(reader.pages) >= 1
            for page in reader.pages:
                box = page.mediabox
                measured = (round(float(box.width), 2), round(float(box.height), 2))
                if profile == "print-shop" and measured not in (size, size[::-1]):
                    # a print-shop sheet: the paper is its TrimBox, framed by bleed and marks
                    assert "/TrimBox" in page, f"{pdf}: a framed page without its TrimBox"
                    trim = page.trimbox
                    measured = (round(float(trim.width), 2), round(float(trim.height), 2))
                    if measured not in (size, size[::-1]):
                        # a component larger than the paper (a mat) is a sheet of its own
                        # size: its trim framed by at least the 3 mm bleed on every side
                        assert min(float(trim.left) - float(box.left),
                                   float(box.right) - float(trim.right),
                                   float(trim.bottom) - float(box.bottom),
                                   float(box.top) - float(trim.top)) >= 3 * 72 / 25.4 - 0.01, pdf
                        assert max(measured) > min(size), pdf
                        continue
                assert measured in (size, size[::-1]), pdf
            assert all(pdf_fonts(pdf).values()), f"{pdf}: {pdf_fonts(pdf)}"
            assert_one_subset_per_name(reader, pdf)
            twin = again / kit / pdf.name
            assert pdf.read_bytes() == twin.read_bytes(), f"{pdf} differs between two builds"
            if profile == "print-shop" and not pdf.stem.endswith("-kit"):
                for number, text in enumerate(page_texts(pdf), start=1):
                    assert f"{pdf.name} · page {number}" in text and "· printkit" in text, (
                        f"{pdf} page {number} has no slug line")
        assert (out / kit / "preflight.txt").read_text().startswith("preflight: 0 error(s)")


def assert_one_subset_per_name(reader: PdfReader, pdf: Path) -> None:
    """No two embedded font programs in one PDF go by the same subset name."""
    import hashlib

    seen: dict[str, set[str]] = {}

    # the fonts of a page and of every form it places (shared sheets)
    def fonts(holder: Any) -> Iterator[Any]:
        res = holder.get("/Resources", {})
        res = res.get_object() if hasattr(res, "get_object") else res
        yield from res.get("/Font", {}).values()
        for xobj in res.get("/XObject", {}).values():
            if xobj.get_object().get("/Subtype") == "/Form":
                yield from fonts(xobj.get_object())

    for page in reader.pages:
        for ref in fonts(page):
            font = ref.get_object()
            desc = font["/FontDescriptor"].get_object()
            data = desc["/FontFile2"].get_object().get_data()
            seen.setdefault(str(font["/BaseFont"]), set()).add(hashlib.sha256(data).hexdigest())
    shared = {name: len(v) for name, v in seen.items() if len(v) > 1}
    assert not shared, f"{pdf}: subsets sharing a name: {shared}"


@pytest.mark.parametrize("paper_name", ["a3", "tabloid", "universal"])
def test_every_kit_builds_clean_on_other_papers(tmp_path_factory: pytest.TempPathFactory,
                                                paper_name: str) -> None:
    _out, report = built(tmp_path_factory, paper_name)
    assert report.findings == [], report.report()


def test_every_kit_builds_clean_on_landscape_a4(tmp_path_factory: pytest.TempPathFactory) -> None:
    _out, landscape = built(tmp_path_factory, "a4", landscape=True)
    assert landscape.findings == [], landscape.report()


def test_something_drawn_outside_the_safe_area_is_found(tmp_path: Path) -> None:
    """The safe-area check itself: a label too near the edge and a box over it are errors."""
    from printkit.page.document import open_document

    with drawing(BuildContext(paper("a4"))) as ctx:
        with open_document(ctx, tmp_path / "bad.pdf", title="bad") as doc, doc.page() as area:
            doc.canvas.drawString(area.x - 10, area.cy, "too near the edge")
            doc.canvas.circle(area.cx, area.y, 20, fill=1)
        codes = [(f.code, f.message.split()[0]) for f in ctx.preflight.findings]
    assert sorted(codes) == [("outside-safe-area", "shapes"), ("outside-safe-area", "text")]


def test_what_is_clipped_away_or_exempt_is_not_a_finding(tmp_path: Path) -> None:
    from printkit.page.canvas import exempt
    from printkit.page.document import open_document

    with drawing(BuildContext(paper("a4"))) as ctx:
        with open_document(ctx, tmp_path / "ok.pdf", title="ok") as doc, doc.page() as area:
            c = doc.canvas
            c.saveState()
            clip = c.beginPath()
            clip.rect(area.x, area.y, area.w, area.h)
            c.clipPath(clip, stroke=0, fill=0)
            c.rect(0, 0, 2000, 2000, fill=1)  # bleeds everywhere, but only shows in the area
            c.restoreState()
            with exempt(c):
                c.line(0, 0, 10, 10)  # a mark for the printer
        assert ctx.preflight.findings == []


@pytest.mark.parametrize("kit", [k.name for k in game_kits()])
def test_every_capacity_is_exercised_by_real_games(kit: str) -> None:
    """Every capacity holds what the validation bot's games need, and some bot's games need
    each one (a strong bot may never use a power whose marks a random player writes)."""
    from printkit.validate import run_validation

    validation = kits()[kit].validation
    assert validation is not None
    idle: set[str] | None = None
    for variant, _options in validation.variant_list():  # every scenario of a game that has them
        result = run_validation(kits()[kit], BuildContext(paper("a4")), 5, 1, variant=variant)
        assert result.capacities
        for check in result.capacities:
            assert check.ok, (variant, check)
        unused = {c.name for c in result.capacities if c.observed_max == 0}
        if unused:
            rand = run_validation(kits()[kit], BuildContext(paper("a4")), 5, 1, bot="random",
                                  variant=variant)
            unused -= {c.name for c in rand.capacities if c.observed_max > 0}
        idle = unused if idle is None else idle & unused
    assert not idle, f"{kit}: no game needed {sorted(idle)}"


@pytest.mark.parametrize("kit,log", [(k.name, log) for k in game_kits()
                                     for log in k.example_logs()],
                         ids=lambda v: getattr(v, "name", v))
def test_every_example_renders(tmp_path: Path, kit: str, log: Path) -> None:
    from printkit.engines.core import read_log

    out = tmp_path / "example.pdf"
    report = draw_example(kits()[kit], read_log(log), BuildContext(paper("a4")), out)
    assert report.findings == [], report.report()
    assert len(PdfReader(str(out)).pages) >= 1
    assert all(pdf_fonts(out).values())
    assert "".join(page_texts(out)).strip()


@pytest.mark.parametrize("kit", KITS)
def test_a_double_sided_kit_lands_every_page_on_its_side(tmp_path_factory: pytest.TempPathFactory,
                                                         kit: str) -> None:
    """In a kit that asks for duplex, every component starts on a front (odd page) and the
    kit has whole sheets. (Which piece lands behind which, once small components share
    sheets, is measured piece by piece in test_kit_packing.py.)"""
    out, _report = built(tmp_path_factory, "a4")
    joined = PdfReader(str(out / kit / f"{kit}-kit.pdf"))
    if joined.viewer_preferences is None or "/Duplex" not in joined.viewer_preferences:
        return  # a one-sided kit: nothing to line up
    starts = [joined.get_destination_page_number(cast(Destination, item))
              for item in joined.outline]
    components = kits()[kit].component_list()
    assert len(starts) == len(components)
    assert len(joined.pages) % 2 == 0, "a double-sided kit is whole sheets"
    for comp, start in zip(components, starts, strict=True):
        assert start is not None
        assert start % 2 == 0, f"{comp.name} starts on a back (page {start + 1})"
