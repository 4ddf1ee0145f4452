"""Rule handouts: the sandbox, the markup, the typesetting, booklets and batch builds."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader
from pypdf.generic import ArrayObject, DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from printkit.cli import main
from printkit.context import BuildContext
from printkit.handouts import HandoutOptions, build_handout
from printkit.handouts.batch import Job, run
from printkit.handouts.booklet import impose, saddle_stitch_order
from printkit.handouts.markup import MarkupError, parse
from printkit.handouts.render import HandoutTemplateError, render
from printkit.kits import get_kit
from printkit.paper import paper


def _text(pdf: Path | bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return "\n".join(page.extract_text() for page in reader.pages)


# --- the sandbox ---------------------------------------------------------------------------

@pytest.mark.parametrize("source, message", [
    ("ok\n{{ x.__class__ }}", "t.j2:2: access to attribute '__class__'"),
    ("{{ number.__globals__ }}", "t.j2:1: access to attribute '__globals__'"),
    ("a\nb\n{{ nothing_here }}", "t.j2:3: 'nothing_here' is undefined"),
    ("{% include 'handout.xml.j2' %}", "t.j2:1: a handout template cannot read other files"),
    ("{% import '/etc/passwd' as p %}", "t.j2:1: a handout template cannot read other files"),
    ("{% extends 'base' %}", "t.j2:1: a handout template cannot read other files"),
    ("{{ lipsum() }}", "t.j2:1: 'lipsum' is undefined"),
    ("{{ x|attr('__class__') }}", "t.j2:1: access to attribute '__class__'"),
    ("{% for %}", "t.j2:1: Expected an expression"),
])
def test_a_template_that_reaches_too_far_stops_with_its_name_and_line(
    source: str, message: str
) -> None:
    with pytest.raises(HandoutTemplateError) as err:
        render(source, "t.j2", "en", {"x": "text"})
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_helpers_speak_the_locale() -> None:
    out = render("{{ number(1234.5) }}|{{ percent(0.511) }}|{{ join(['a', 'b', 'c']) }}",
                 "t.j2", "fr", {})
    assert out == "1\u202f234,5|51,1\u00a0%|a, b et c"
    assert render("{{ join(['a', 'b', 'c']) }}", "t.j2", "de", {}) == "a, b und c"


def test_values_are_escaped_so_data_cannot_inject_markup() -> None:
    out = render("<p>{{ name }}</p>", "t.j2", "en", {"name": "<b>Ann</b> & Ben"})
    assert out == "<p>&lt;b&gt;Ann&lt;/b&gt; &amp; Ben</p>"


def test_user_template_errors_exit_2_with_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "mine.xml.j2"
    bad.write_text("<handout>\n<p>{{ game.__class__ }}</p>\n</handout>\n")
    code = main(["handouts", "tug-of-war", "--template", str(bad), "--out",
                 str(tmp_path / "out"), "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 2  # bad input, refused before the batch ran (issue 24 item 5)
    assert "mine.xml.j2:2: access to attribute '__class__'" in err
    assert not (tmp_path / "out").exists()  # nothing written, not even the folder


@pytest.mark.parametrize("body, message", [
    ('<table widths="0,0"><tr><td>a</td><td>b</td></tr></table>',
     "mine.xml.j2:3: table widths are positive numbers, not '0,0'"),
    ('<table widths="1,nan"><tr><td>a</td><td>b</td></tr></table>',
     "mine.xml.j2:3: table widths are positive numbers, not '1,nan'"),
    ('<table widths="1"><tr><td>a</td><td>b</td></tr></table>',
     "mine.xml.j2:3: 1 widths for 2 columns"),
    ('<figure src="map"/>', "mine.xml.j2:3: no figure 'map'; this handout has example"),
    ('<figure src="example" height="-3"/>',
     "mine.xml.j2:3: figure height must be millimetres above 0, not '-3'"),
])
def test_markup_a_handout_cannot_lay_out_is_refused_before_the_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    mine = tmp_path / "mine.xml.j2"
    mine.write_text(f"<handout>\n<p>{{{{ game.title }}}}</p>\n{body}\n</handout>\n")
    code = main(["handouts", "tug-of-war", "--template", str(mine), "--out",
                 str(tmp_path / "out"), "--jobs", "1"])
    assert code == 2
    assert capsys.readouterr().err == f"printkit: {message}\n"
    assert not (tmp_path / "out").exists()


def test_a_user_template_gets_the_games_data(tmp_path: Path) -> None:
    mine = tmp_path / "mine.xml.j2"
    mine.write_text("<handout><h1>{{ game.title }}</h1>"
                    "<p>{{ rules.athletes }} athletes, {{ needs|length }} things</p></handout>")
    path = build_handout(get_kit("tug-of-war"), BuildContext(paper("a4")), tmp_path,
                         HandoutOptions(template=mine))
    text = _text(path)
    assert "Tug of War" in text and "18 athletes, 3 things" in text


# --- markup ------------------------------------------------------------------------------

@pytest.mark.parametrize("markup, message", [
    ("<handout><p>a</p>\n<blink>b</blink></handout>", "h:2: unknown block <blink>"),
    ("<handout>\n<p>a <script>x</script></p></handout>", "h:2: <script> is not allowed"),
    ("<handout><p>a</handout>", "h:1: the markup is not well formed"),
    ("<handout><ul><p>x</p></ul></handout>", "<ul> holds <li> items"),
    ("<handout><figure/></handout>", "<figure> needs a src"),
    ("<doc/>", "must be one <handout> element"),
])
def test_bad_markup_is_refused_with_its_line(markup: str, message: str) -> None:
    with pytest.raises(MarkupError) as err:
        parse(markup, "h")
    assert message in str(err.value)


# --- the handouts ------------------------------------------------------------------------

def test_tug_of_war_handout_is_generated_from_the_data_and_shows_the_example(
    tmp_path: Path
) -> None:
    path = build_handout(get_kit("tug-of-war"), BuildContext(paper("a4")), tmp_path)
    reader = PdfReader(path)
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.01)
    text = _text(path)
    assert "18 athlete tokens per colour" in text
    assert "9 six-sided dice (3 per team and 3 common ones)" in text
    assert "printkit build tug-of-war --paper a4" in text
    assert "Red does the same with 3 more dice. The remaining 3 dice are the common dice." in \
        " ".join(text.split())
    assert "Measured over 20,000 games" in text and "68.6%" in text  # data/measured.toml
    # the example figure is the example printer's page, laid in as vectors with its text
    assert "Tug of War: an example game" in text
    assert "Bernd Eisenstein" in text  # credits
    assert f"1 / {len(reader.pages)}" in text  # page numbers


def _dict(obj: object) -> DictionaryObject:
    """A PDF dictionary read back (the reader's objects are typed loosely)."""
    if hasattr(obj, "get_object"):
        obj = obj.get_object()
    assert isinstance(obj, DictionaryObject)
    return obj


def _array(obj: object) -> ArrayObject:
    """A PDF array read back."""
    if hasattr(obj, "get_object"):
        obj = obj.get_object()
    assert isinstance(obj, ArrayObject)
    return obj


def test_handout_fonts_are_embedded_and_bytes_are_reproducible(tmp_path: Path) -> None:
    kit = get_kit("tug-of-war")
    a = build_handout(kit, BuildContext(paper("letter")), tmp_path).read_bytes()
    (tmp_path / "again").mkdir()
    b = build_handout(kit, BuildContext(paper("letter")), tmp_path / "again").read_bytes()
    assert a == b
    reader = PdfReader(io.BytesIO(a))
    for page in reader.pages:
        for ref in _dict(_dict(page["/Resources"])["/Font"]).values():
            font = _dict(ref)
            if font.get("/Subtype") == "/Type0":
                font = _dict(_array(font["/DescendantFonts"])[0])
            assert "/FontFile2" in _dict(font["/FontDescriptor"]), font["/BaseFont"]


def test_two_columns_fit_more_per_page(tmp_path: Path) -> None:
    kit = get_kit("tug-of-war")
    one = build_handout(kit, BuildContext(paper("a4")), tmp_path)
    two = build_handout(kit, BuildContext(paper("a4")), tmp_path, HandoutOptions(columns=2))
    assert len(PdfReader(two).pages) <= len(PdfReader(one).pages)


# --- booklets ----------------------------------------------------------------------------

def _numbered_pages(n: int, size: tuple[float, float]) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=size, invariant=1)
    for i in range(1, n + 1):
        c.setFont("Helvetica", 30)
        c.drawCentredString(size[0] / 2, size[1] / 2, f"P{i}")
        c.showPage()
    c.save()
    return buf.getvalue()


def _halves(page: PageObject) -> tuple[str, str]:
    """The text on the left and on the right half of an imposed sheet side."""
    found: list[tuple[float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, _size: object) -> None:
        if text.strip():
            found.append((cm[4] + tm[4] * cm[0], text.strip()))

    page.extract_text(visitor_text=visit)
    mid = float(page.mediabox.width) / 2
    left = "".join(t for x, t in found if x < mid)
    right = "".join(t for x, t in found if x >= mid)
    return left, right


@pytest.mark.parametrize("pages", [4, 8, 12])
def test_booklet_sheets_carry_pages_in_saddle_stitch_order(pages: int) -> None:
    a5 = (419.53, 595.28)
    imposed = PdfReader(io.BytesIO(impose(_numbered_pages(pages, a5), paper("a4"))))
    assert len(imposed.pages) == pages // 2  # two sides per sheet, two pages per side
    sides = [_halves(p) for p in imposed.pages]
    expected = [(f"P{a}", f"P{b}") for a, b in saddle_stitch_order(pages)]
    assert sides == expected
    # folded: sheet k's front outer pages are n-2k and 2k+1 -> reading order 1..n
    order = []
    for k in range(pages // 4):
        order += [2 * k + 1, 2 * k + 2]
    order += sorted(n for pair in saddle_stitch_order(pages) for n in pair if n > pages // 2)
    assert order == list(range(1, pages + 1))
    box = imposed.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((841.89, 595.28), abs=0.01)


def test_a_booklet_of_six_pages_is_padded_with_two_blanks() -> None:
    imposed = PdfReader(io.BytesIO(impose(_numbered_pages(6, (419.53, 595.28)),
                                          paper("a4"))))
    assert [_halves(p) for p in imposed.pages] == [("", "P1"), ("P2", ""), ("P6", "P3"),
                                                   ("P4", "P5")]


def test_handout_booklet_is_imposed_on_landscape_sheets(tmp_path: Path) -> None:
    path = build_handout(get_kit("tug-of-war"), BuildContext(paper("letter")), tmp_path,
                         HandoutOptions(booklet=True))
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((792, 612))
    assert reader.viewer_preferences is not None
    assert str(reader.viewer_preferences["/Duplex"]) == "/DuplexFlipShortEdge"
    assert len(reader.pages) % 2 == 0


# --- batch builds ------------------------------------------------------------------------

def test_batch_output_is_the_same_whatever_the_number_of_jobs(tmp_path: Path) -> None:
    args = ["handouts", "tug-of-war", "--locales", "en,fr", "--paper", "a4,letter"]
    assert main([*args, "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    assert main([*args, "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    one = (tmp_path / "one" / "manifest.json").read_text()
    assert one == (tmp_path / "two" / "manifest.json").read_text()
    files = json.loads(one)["files"]
    assert [f["locale"] for f in files] == ["en", "en", "fr", "fr"]
    assert {f["paper"] for f in files} == {"a4", "letter"}
    assert all(f["pages"] >= 2 and len(f["sha256"]) == 64 for f in files)
    index = (tmp_path / "one" / "index.html").read_text()
    for f in files:
        assert f["file"] in index
        thumb = tmp_path / "one" / "thumbs" / (f["file"].replace("/", "--")[:-4] + ".png")
        assert thumb.read_bytes().startswith(b"\x89PNG")


def test_a_failing_job_does_not_stop_the_batch(tmp_path: Path) -> None:
    jobs = [Job("handout", "no-such-game", "en", "a4"), Job("handout", "tug-of-war", "en", "a4"),
            Job("handout", "tug-of-war", "xx-not-a-locale", "a4")]
    result = run(jobs, tmp_path, workers=2)
    assert [e.file for e in result.entries] == ["tug-of-war/tug-of-war-rules-en-a4.pdf"]
    assert [job.kit for job, _error in result.failures] == ["no-such-game", "tug-of-war"]
    assert "unknown game or kit 'no-such-game'" in result.failures[0][1]
    assert not list(tmp_path.rglob("*.tmp*"))


def test_handouts_command_refuses_bad_input_with_exit_2(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["handouts", "tug-of-war", "--paper", "a5", "--out", str(tmp_path)]) == 2
    assert "unknown paper 'a5'" in capsys.readouterr().err
    assert main(["handouts", "tug-of-war", "--booklet", "--columns", "2",
                 "--out", str(tmp_path)]) == 2
    assert "booklet has one column" in capsys.readouterr().err


def test_build_all_locales_is_a_batch_with_a_manifest(tmp_path: Path) -> None:
    args = ["build", "all", "--locales", "en,fr", "--paper", "letter"]
    assert main([*args, "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    assert main([*args, "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    manifest = (tmp_path / "one" / "manifest.json").read_text()
    assert manifest == (tmp_path / "two" / "manifest.json").read_text()
    files = {f["file"]: f for f in json.loads(manifest)["files"]}
    assert "fr/tug-of-war/tug-of-war-kit.pdf" in files
    assert "en/wftgts/preflight.txt" in files
    assert {f["locale"] for f in files.values()} == {"en", "fr"}
    assert "Manche 1" in _text(tmp_path / "one" / "fr" / "wftgts" / "play-sheet.pdf")
    assert main([*args, "--two-up", "--out", str(tmp_path / "x")]) == 2


@pytest.mark.parametrize("game", ["wftgts", "war-of-bones"])
def test_a_figure_is_scaled_by_the_text_size_its_drawing_measured(
    tmp_path: Path, game: str
) -> None:
    """A handout scales an example page into a figure no further than its smallest text
    allows; the tracking canvas measures that size while drawing (forms placed scaled, the
    size as the page states it), and it is what reading the page back gives."""
    from printkit.engines.core.log import read_log
    from printkit.handouts.typeset import FigureSource, smallest_text
    from printkit.pipeline import draw_example

    kit = get_kit(game)
    assert kit.handout is not None and kit.handout.example is not None
    assert kit.examples is not None
    out = tmp_path / "example.pdf"
    report = draw_example(kit, read_log(kit.examples / kit.handout.example),
                          BuildContext(paper("letter"), locale="de"), out)
    page = kit.handout.example_page
    measured = report.text_sizes[(str(out), page)]
    assert measured == smallest_text(FigureSource(out, page)) > 0


def test_the_smallest_text_measured_counts_forms_where_they_are_placed(tmp_path: Path) -> None:
    """Text inside a form counts at the size each placement prints it (a form placed at half
    size halves it), and text drawn as printer's information counts too. (Reading the page
    back with pypdf, as handouts did before, takes a form's text at its own size: 12 pt
    here, where the page prints it at 6.)"""
    from printkit.geometry import Rect
    from printkit.page.canvas import TrackingCanvas, exempt
    from printkit.page.preflight import Preflight
    pages = [(0.5, 9.0), (1.0, 7.0)]  # (scale of the form's placement, the slug's size)
    report = Preflight()
    out = tmp_path / "forms.pdf"
    c = TrackingCanvas(str(out), pagesize=(300, 300), safe=Rect(10, 10, 280, 280),
                       report=report, check_shapes=True, source=str(out))
    c.beginForm("label")
    c.setFont("Helvetica", 12)
    c.drawString(20, 20, "in a form")
    c.endForm()
    for scale, slug in pages:
        c.saveState()
        c.scale(scale, scale)
        c.doForm("label")
        c.restoreState()
        with exempt(c):
            c.setFont("Helvetica", slug)
            c.drawString(12, 290, "slug")
        c.showPage()
    c.save()
    measured = [report.text_sizes[(str(out), page)] for page in range(len(pages))]
    assert measured == [6.0, 7.0]
