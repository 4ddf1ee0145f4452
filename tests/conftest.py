"""Shared fixtures: a CLI runner that calls printkit in-process, and PDF helpers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# A first run that fills the cache says so on stderr (printkit.engines.core.progress); tests
# that read a command's stderr must not depend on whether the machine's cache was warm. Tests
# of those lines unset it (monkeypatch.delenv), and tests/test_user_install.py runs without
# it.
os.environ.setdefault("PRINTKIT_QUIET", "1")

ROOT = Path(__file__).resolve().parent.parent


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def cli(capsys):
    """Run ``printkit ARGS`` in-process; returns exit code, stdout and stderr."""
    from printkit.cli import main

    def run(*args: str) -> CliResult:
        capsys.readouterr()
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def seed_log() -> Path:
    return ROOT / "examples" / "wftgts" / "seed-example.jsonl"


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def page_texts(path: Path) -> list[str]:
    """Each page's text, read with pdfium: pages of thousands of paths (the Pwinch Wars maps,
    markers and example panels) read in a hundredth of the time pypdf's parser takes. For
    checks that a text IS on a page: pdfium reads a glyph drawn twice on itself (a label's
    halo) once, so it can miss what pypdf sees; a check that a text is absent, or counts it,
    reads with :func:`pdf_text`."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Base font name -> embedded? for every font used on any page."""
    from pypdf import PdfReader

    found: dict[str, bool] = {}

    def resources(holder):  # a page's resources and those of the forms it places
        res = holder.get("/Resources", {})
        res = res.get_object() if hasattr(res, "get_object") else res
        yield res
        for xobj in res.get("/XObject", {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                yield from resources(xobj)

    for page in PdfReader(str(path)).pages:
        fonts = {k: v for res in resources(page) for k, v in res.get("/Font", {}).items()}
        for ref in fonts.values():
            f = ref.get_object()
            name = str(f.get("/BaseFont"))
            embedded = False
            for desc_fonts in [f] + [d.get_object() for d in f.get("/DescendantFonts", [])]:
                desc = desc_fonts.get("/FontDescriptor")
                if desc is not None:
                    d = desc.get_object()
                    embedded |= any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[name] = embedded
    return found





def extracted_message_ids(tmp_path: Path) -> set[object]:
    """Every message id Babel extracts from the sources today (``babel.cfg``, as ``make
    extract`` runs it)."""
    import subprocess
    import sys

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    pot = tmp_path / "printkit.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                    str(root / "babel.cfg"), "-o", str(pot), "--no-location", "."],
                   cwd=root, check=True, capture_output=True)
    with pot.open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}
