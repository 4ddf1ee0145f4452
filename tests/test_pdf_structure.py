"""The strict structural check of every written PDF (issue 27 item 12): each resource a
content stream names is declared in the resources in effect where it is named. It runs in
every build's preflight (each component and the kit), after every example and on every
handout; here it is shown failing on broken files, and passing on what printkit writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import draw_ctx
from reportlab.lib.colors import red
from reportlab.pdfgen.canvas import Canvas

from printkit.page.canvas import open_canvas
from printkit.page.preflight import Preflight, check_pdf
from printkit.page.structure import undeclared_resources
from printkit.paper import paper


def _translucent_form(c: Canvas) -> None:
    """A square drawn half transparent inside a form, placed twice: what a map tile does."""
    c.beginForm("square")
    c.setFillColor(red)
    c.setFillAlpha(0.5)
    c.rect(10, 10, 50, 50, stroke=0, fill=1)
    c.endForm()
    c.doForm("square")
    c.translate(100, 0)
    c.doForm("square")
    c.showPage()


def test_a_graphics_state_a_form_names_but_does_not_declare_is_found(tmp_path: Path) -> None:
    """A form whose stream names a graphics state its resources lack (written by hand here,
    so the test does not depend on a ReportLab release keeping the fault printkit mends)."""
    path = tmp_path / "plain.pdf"
    c = Canvas(str(path))
    c.beginForm("square")
    c._code.append("/GS9 gs")  # named, never declared
    c.rect(10, 10, 50, 50)
    c.endForm()
    c.doForm("square")
    c.showPage()
    c.save()
    found = undeclared_resources(path)
    assert found == ["page 1: the form /FormXob.square names the graphics state /GS9, "
                     "which its resources do not declare"], found
    report = check_pdf(path, report=Preflight())
    assert "undeclared-resource" in [f.code for f in report.errors]  # (and Helvetica is not
    # embedded: a plain ReportLab canvas)


def test_reportlab_5_1s_forms_miss_their_graphics_states(tmp_path: Path) -> None:
    """What the check found in the Pwinch Wars maps: ReportLab 5.1 writes a translucent
    form's resources without the ``/gRLs0`` its stream names. A ReportLab that mends it
    makes this test skip (printkit's own declaration then only repeats ReportLab's)."""
    path = tmp_path / "plain.pdf"
    c = Canvas(str(path))
    _translucent_form(c)
    c.save()
    found = undeclared_resources(path)
    if not found:
        pytest.skip("this ReportLab declares a form's graphics states itself")
    assert found == ["page 1: the form /FormXob.square names the graphics state /gRLs0, "
                     "which its resources do not declare"], found


def test_printkits_canvas_declares_it(tmp_path: Path) -> None:
    path = tmp_path / "tracked.pdf"
    with open_canvas(path, paper("a4"), ctx=draw_ctx(paper=paper("a4")), title="form") as c:
        _translucent_form(c)
    assert undeclared_resources(path) == []
    assert undeclared_resources(path.read_bytes()) == []  # bytes, as handouts check them


def test_a_font_or_form_named_but_not_declared_is_found(tmp_path: Path) -> None:
    path = tmp_path / "names.pdf"
    c = Canvas(str(path))
    c.drawString(72, 700, "(/F9 12 Tf and /Im1 Do are only words here)")
    c._code.append("BT /F9 12 Tf 72 600 Td (x) Tj ET /Im1 Do")  # named, never declared
    c.showPage()
    c.save()
    found = undeclared_resources(path)
    assert found == ["page 1: the page names the form or image /Im1, which its resources do "
                     "not declare",
                     "page 1: the page names the font /F9, which its resources do not "
                     "declare"], found


def test_a_sound_file_passes(tmp_path: Path) -> None:
    path = tmp_path / "sound.pdf"
    c = Canvas(str(path))
    c.drawString(72, 700, "a font that is declared")
    c.setFillAlpha(0.3)
    c.rect(72, 600, 100, 50, fill=1)
    c.showPage()
    c.save()
    assert undeclared_resources(path) == []
