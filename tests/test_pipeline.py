"""The pipelines own the locale and the preflight recorder: what one component draws is
checked and reported whatever command draws it, and is drawn in the build's language."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import cast

import pytest
from conftest import Cli
from pypdf import PdfReader
from pypdf.generic import Destination

ROOT = Path(__file__).resolve().parent.parent


def _globals_of_drawing(source: str) -> list[str]:
    """What in ``source`` would carry drawing state outside the context: a ContextVar, a
    module-level ``_`` (a global translator), or ``open_canvas`` called without ``ctx=``."""
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "ContextVar":
                found.append(f"{node.lineno}: a ContextVar")
            if name == "open_canvas" and not any(k.arg == "ctx" for k in node.keywords):
                found.append(f"{node.lineno}: open_canvas without ctx")
    for node in tree.body:
        targets = [t for n in [node] if isinstance(n, ast.Assign) for t in n.targets]
        if any(isinstance(t, ast.Name) and t.id == "_" for t in targets):
            found.append(f"{node.lineno}: a global _")
    return found


def test_no_drawing_state_lives_outside_the_context() -> None:
    """One channel: the locale, the recorder and the context travel in the DrawContext that
    every drawing, translating and recording call takes; nothing is installed globally."""
    found = []
    for top in ("printkit", "templates"):
        for path in sorted((ROOT / top).rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}:{line}"
                      for line in _globals_of_drawing(path.read_text(encoding="utf-8"))]
    assert found == []
    from printkit.page.canvas import open_canvas

    with pytest.raises(TypeError, match="ctx"):  # no canvas without a context
        open_canvas(ROOT / "x.pdf", None).__enter__()  # type: ignore[call-arg, arg-type]


@pytest.mark.parametrize(("source", "says"), [
    ("from contextvars import ContextVar\nv = ContextVar('x')\n", "2: a ContextVar"),
    ("_ = gettext\n", "1: a global _"),
    ("with open_canvas(p, paper, title='t') as c:\n    pass\n", "1: open_canvas without ctx"),
])
def test_the_check_finds_drawing_state_outside_the_context(source: str, says: str) -> None:
    assert _globals_of_drawing(source) == [says]


def test_an_example_with_glyphs_the_handwriting_lacks_fails(cli: Cli, tmp_path: Path,
                                                            seed_log: Path) -> None:
    lines = seed_log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["players"][0]["name"] = "李雷"
    log = tmp_path / "li.jsonl"
    log.write_text("\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]) + "\n",
                   encoding="utf-8")
    r = cli("example", "wftgts", str(log), "--out", str(tmp_path / "li.pdf"))
    assert r.code == 1
    assert "missing-glyph" in r.err and "U+674E" in r.err
    assert "preflight found" in r.err


def test_a_french_kit_has_french_bookmarks(cli: Cli, tmp_path: Path) -> None:
    assert cli("build", "wftgts", "--locale", "fr", "--out", str(tmp_path)).code == 0
    reader = PdfReader(str(tmp_path / "wftgts" / "wftgts-kit.pdf"))
    titles = [cast(Destination, item).title for item in reader.outline]
    assert "Feuille de jeu" in titles
    assert "Play sheet" not in titles


def test_a_build_reports_per_kit(cli: Cli, tmp_path: Path) -> None:
    r = cli("build", "all", "--out", str(tmp_path), "--preflight")
    assert r.code == 0, r.err
    assert "preflight: 0 error(s)" in r.out


def test_the_validation_report_embeds_every_font_and_labels_its_chart(
    cli: Cli, tmp_path: Path
) -> None:
    from conftest import pdf_fonts, pdf_text

    out = tmp_path / "report.pdf"
    assert cli("validate", "wftgts", "--games", "4", "--bot", "greedy", "--report",
               str(out)).code == 0
    fonts = pdf_fonts(out)
    assert fonts and all(fonts.values()), fonts
    text = pdf_text(out)
    assert "8 scores: 2 players in each of 4 games" in text
    assert "number of scores" in text


def test_a_score_below_the_best_is_pointed_out(cli: Cli, tmp_path: Path) -> None:
    from conftest import ROOT, pdf_text

    log = ROOT / "examples" / "wftgts" / "pretend-twos.jsonl"
    r = cli("replay", "wftgts", str(log), "--json")
    assert r.code == 0
    assert json.loads(r.out)["remarks"] == ["Lynn, round 1: wrote 121, best was 123"]
    out = tmp_path / "ex.pdf"
    assert cli("example", "wftgts", str(log), "--out", str(out)).code == 0
    text = pdf_text(out)
    assert "Lynn wrote 121 in round 1; the dice allowed 123." in " ".join(text.split())
