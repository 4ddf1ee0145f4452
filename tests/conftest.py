"""Shared fixtures: a CLI runner that calls printkit in-process, and PDF helpers."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import pytest
from pdfminer.utils import Matrix, mult_matrix

# A first run that fills the cache says so on stderr (printkit.engines.core.progress); tests
# that read a command's stderr must not depend on whether the machine's cache was warm. Tests
# of those lines unset it (monkeypatch.delenv), and tests/test_user_install.py runs without
# it.
os.environ.setdefault("PRINTKIT_QUIET", "1")

ROOT = Path(__file__).resolve().parent.parent


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


class Cli(Protocol):
    """The ``cli`` fixture: ``cli("build", ...)`` runs ``printkit build ...``."""

    def __call__(self, *args: str) -> CliResult: ...


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
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
    return "\n".join(pypdf_page_texts(path))


def pypdf_page_texts(path: Path) -> list[str]:
    """Each page's ``extract_text()`` as pypdf gives it, read fast: before pypdf parses a
    page's content stream, the lines that only build, paint or colour paths are left out
    (:func:`text_operations_only`). pypdf's text extraction acts on none of those operators,
    so the text is the same, character for character; parsing the thousands of paths of a
    map or a panel was nearly all of its time."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError
    from pypdf.generic import DecodedStreamObject, NameObject, StreamObject

    done: set[int] = set()

    def forms(holder: Any) -> Iterator[Any]:
        # the forms placed by a page or a form, and by those in turn
        res = holder.get("/Resources")
        res = res.get_object() if res is not None else {}
        for xobj in res.get("/XObject", {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form" and id(xobj) not in done:
                done.add(id(xobj))
                yield xobj
                yield from forms(xobj)

    texts = []
    for page in PdfReader(str(path)).pages:
        # in memory only: the file is not written
        contents = page.get("/Contents")
        contents = contents.get_object() if contents is not None else None
        if isinstance(contents, StreamObject):  # an array of streams is read as it is
            stream = DecodedStreamObject()
            stream.set_data(text_operations_only(contents.get_data()))
            page[NameObject("/Contents")] = stream
        for form in list(forms(page)):
            try:
                form.set_data(text_operations_only(form.get_data()))
            except PdfReadError:  # a filter pypdf cannot write: read as it is
                pass
        texts.append(page.extract_text())
    return texts


_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
# operators pypdf's text extraction ignores (pypdf._page.PageObject._extract_text and
# TextExtraction.operation_handlers): path construction and painting, clipping, line style
# and colours given as numbers
_PATH_OPERATOR = (rb"(?:re|m|l|c|v|y|h|S|s|f\*|f|F|B\*|B|b\*|b|n|W\*|W"
                  rb"|w|J|j|M|i|rg|RG|g|G|k|K|sc|SC)")
_PATH_ONLY = re.compile(rb"[ \t\r]*+(?:(?:" + _NUMBER + rb"|" + _PATH_OPERATOR
                        + rb")(?:[ \t\r]++|$))*+")
# the same without the line style and colours, for a reader that keeps them with the text
_SHAPE_OPERATOR = rb"(?:re|m|l|c|v|y|h|S|s|f\*|f|F|B\*|B|b\*|b|n|W\*|W)"
_SHAPE_ONLY = re.compile(rb"[ \t\r]*+(?:(?:" + _NUMBER + rb"|" + _SHAPE_OPERATOR
                         + rb")(?:[ \t\r]++|$))*+")
_OPERATOR = re.compile(rb"[A-Za-z'\"*]{1,3}")
_ESCAPED = re.compile(rb"\\.", re.S)
_INLINE_IMAGE = re.compile(rb"(?:^|\s)BI\s")


def _ends_in_operator(line: bytes) -> bool:
    """Whether the line's last token is an operator, so that no operand waits past it."""
    tail = line[-16:].rstrip()
    words = tail.split()
    if not words or (len(words) == 1 and len(tail) < len(line.rstrip())):
        return False  # an empty line, or a last token too long to tell from here
    return bool(_OPERATOR.fullmatch(words[-1])) and words[-1] not in (b"true", b"null")


def _lines_stand_alone(data: bytes) -> bool:
    """Whether no string, array or dictionary of ``data`` runs over a line and it holds no
    inline image: its lines can be left out one by one."""
    if b"BI" in data and _INLINE_IMAGE.search(data):
        return False
    for line in _ESCAPED.sub(b"", data).split(b"\n"):
        if any(c in line for c in (b"(", b")", b"[", b"]", b"<", b">")) and (
                line.count(b"(") != line.count(b")") or line.count(b"[") != line.count(b"]")
                or line.count(b"<") != line.count(b">")):
            return False
    return True


def text_operations_only(data: bytes, *, keep_style: bool = False) -> bytes:
    """A content stream without its lines of path operators: a line is left out when it holds
    only numbers and the operators above, ends with an operator, and follows a line that ends
    with one (so every operand left keeps its operator). A stream where a string, an array or
    a dictionary runs over a line, or with an inline image, is returned unchanged. With
    ``keep_style`` a line that sets a line style or a colour is kept, so the graphics state
    at every text operator is the stream's own."""
    path_only = _SHAPE_ONLY if keep_style else _PATH_ONLY
    if not _lines_stand_alone(data):
        return data
    kept = []
    free = True  # no operand waits for its operator where this line starts
    for line in data.split(b"\n"):
        ends = _ends_in_operator(line)
        if free and ends and path_only.fullmatch(line):
            continue
        kept.append(line)
        free = ends or (free and not line.strip())
    return b"\n".join(kept)


_PAINT_OPERATOR = re.compile(rb"(?:S|s|f\*|f|F|B\*|B|b\*|b|n)$")
_CURVE_OPERATOR = re.compile(rb"(?:^|[ \t\r])(?:c|v|y)(?:[ \t\r]|$)")


def curved_paths_left_out(data: bytes) -> bytes:
    """A content stream without its paths that hold a curve (each path whole: from the line
    that starts it to the line that paints or ends it), all else as it was: a reader of
    rectangles, lines and text gets the same, without parsing thousands of patterns' curves.
    A stream :func:`text_operations_only` would not change is returned unchanged."""
    if not _lines_stand_alone(data):
        return data
    kept: list[bytes] = []
    path: list[bytes] = []
    free = True  # no operand waits for its operator where this line starts
    for line in data.split(b"\n"):
        ends = _ends_in_operator(line)
        if free and ends and _SHAPE_ONLY.fullmatch(line):
            path.append(line)
            if _PAINT_OPERATOR.search(line.rstrip()):
                if not any(_CURVE_OPERATOR.search(p) for p in path):
                    kept += path
                path = []
            continue
        kept += path
        path = []
        kept.append(line)
        free = ends or (free and not line.strip())
    return b"\n".join(kept + path)


def curves_left_out(plumb: Any) -> None:
    """Give pdfminer the pdfplumber page's content (and its forms') without its curved paths
    (:func:`curved_paths_left_out`) before pdfplumber reads the page: its characters, words,
    rectangles and lines are the same (its curves are not there then)."""
    _rewrite_streams(plumb, curved_paths_left_out)


def plumbed(pdf: Path, *, text_only: bool = False) -> Any:
    """``pdfplumber.open(pdf)``, opened once per file content for the run (several tests of
    a module read the same drawings; pdfplumber reads each page's objects once). With
    ``text_only`` its pages are read without their shapes (:func:`shapes_left_out`: the same
    characters and text, without parsing thousands of paths). Read only; never closed by the
    caller (it reads from memory, so no file stays open)."""
    return _plumbed(pdf.read_bytes(), text_only)


@lru_cache(maxsize=32)
def _plumbed(data: bytes, text_only: bool) -> Any:
    import pdfplumber

    doc = pdfplumber.open(io.BytesIO(data))
    if text_only:
        for page in doc.pages:
            shapes_left_out(page)
    return doc


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


def shapes_left_out(plumb: Any) -> None:
    """Give pdfminer the pdfplumber page's content (and its forms') without the lines that
    only build and paint shapes (:func:`text_operations_only`, keeping line styles and
    colours), before pdfplumber reads the page: its characters and text are the same, read
    without parsing thousands of paths (its shapes are not all there then). pdfminer's
    decoded data is changed in memory only."""
    _rewrite_streams(plumb, lambda data: text_operations_only(data, keep_style=True))


def _rewrite_streams(plumb: Any, rewrite: Any) -> None:
    """Replace the decoded data of the page's content streams and of its forms' (in memory
    only) with ``rewrite(data)``."""
    from pdfminer.pdftypes import PDFStream, resolve1

    seen: set[int] = set()

    def strip(stream: Any) -> None:
        stream = resolve1(stream)
        if not isinstance(stream, PDFStream) or id(stream) in seen:
            return
        seen.add(id(stream))
        stream.data = rewrite(stream.get_data())
        res = resolve1(stream.get("Resources")) or {}
        for xobj in (resolve1(res.get("XObject")) or {}).values():
            xobj = resolve1(xobj)
            if isinstance(xobj, PDFStream) and resolve1(xobj.get("Subtype")).name == "Form":
                strip(xobj)

    for stream in plumb.page_obj.contents:
        strip(stream)
    res = resolve1(plumb.page_obj.resources) or {}
    for xobj in (resolve1(res.get("XObject")) or {}).values():
        xobj = resolve1(xobj)
        if isinstance(xobj, PDFStream) and resolve1(xobj.get("Subtype")).name == "Form":
            strip(xobj)


# --- pdfminer's shapes, read fast -------------------------------------------------------------

_OPERAND = (rb"[-+]?(?:\d+\.?\d*|\.\d+)(?![^\s/\[\](){}<>%])|/[^\s/\[\](){}<>%]*"
            rb"|\((?:\\.|[^\\()])*\)|<<|>>|<[0-9A-Fa-f\s]*>|[\[\]{}]"
            rb"|(?:true|false|null)(?![^\s/\[\](){}<>%])")
_OPERATION = re.compile(rb"(\s*((?:(?:" + _OPERAND + rb")\s*)*)([A-Za-z'\"][A-Za-z0-9'\"*]*))",
                        re.S)
_PAINT = {b"S": True, b"s": True, b"f": False, b"f*": False,
          b"B": True, b"B*": True, b"b": True, b"b*": True}  # operator: stroked?


class Unreadable(Exception):
    """A content stream :func:`painted_paths` does not follow (an inline image, a string
    holding parentheses of its own, a rotated page)."""


def page_paths(page: Any, plumb: Any) -> list[tuple[str, bool, tuple[float, float, float, float]]]:
    """:func:`painted_paths` of a whole page (``page`` read by pypdf, ``plumb`` the same page
    opened by pdfplumber), in pdfminer's frame (the MediaBox's lower left at 0, 0). Raises
    :class:`Unreadable` for a rotated page."""
    if page.get("/Rotate", 0) % 360:
        raise Unreadable("rotated page")
    x0, y0 = plumb.page_obj.mediabox[:2]
    res = page.get("/Resources")
    return painted_paths(page.get_contents().get_data() if "/Contents" in page else b"",
                         res.get_object() if res is not None else {},
                         (1, 0, 0, 1, -x0, -y0), [])


def plumbed_shapes(page: Any, plumb: Any) -> list[dict[str, Any]]:
    """The lines, rectangles and curves of a page (``page`` read by pypdf, ``plumb`` the same
    page opened by pdfplumber) as pdfplumber gives them, with only their kind, stroke flag
    and box (x0, x1, top, bottom), in drawing order, read without pdfminer's parser:
    :func:`painted_paths`. Raises :class:`Unreadable` where that reader does not follow the
    content: read it with pdfplumber then."""
    found = page_paths(page, plumb)
    mb_x0, mb_top = plumb.mediabox[:2]
    height = plumb.height
    shapes = []
    for kind, stroke, (bx0, by0, bx1, by1) in found:  # pdfplumber.page.Page.process_object
        obj = {"object_type": kind, "stroke": stroke, "x0": bx0, "x1": bx1,
               "top": (height - by1) + mb_top, "bottom": (height - by0) + mb_top}
        if mb_x0 != 0:
            obj["x0"], obj["x1"] = bx0 + mb_x0, bx1 + mb_x0
        shapes.append(obj)
    return shapes


def painted_paths(data: bytes, resources: Any, ctm: Matrix,
                  out: list[tuple[str, bool, tuple[float, float, float, float]]]
                  ) -> list[tuple[str, bool, tuple[float, float, float, float]]]:
    """Every path object pdfminer (and so pdfplumber) makes of the content stream ``data``,
    appended to ``out`` as (kind, stroked, box) in drawing order: pdfminer's
    ``PDFPageInterpreter`` for the operators that build, paint and place paths (``F`` and
    clipping paint nothing there), and its ``PDFLayoutAnalyzer.paint_path`` for what a path
    becomes, with its own arithmetic (``pdfminer.utils``)."""
    operations = _OPERATION.findall(data)
    if sum(len(whole) for whole, _args, _op in operations) != len(data.rstrip()):
        raise Unreadable("a token that is no operand nor operator")  # a comment, say
    states = []
    path: list[tuple[Any, ...]] = []
    try:
        for _whole, operands, tok in operations:
            if tok == b"m" or tok == b"l":
                x, y = operands.split()[-2:]
                path.append((tok.decode(), float(x), float(y)))
            elif tok == b"c":
                path.append(("c", *map(float, operands.split()[-6:])))
            elif tok == b"h":
                path.append(("h",))
            elif tok in _PAINT:
                if tok in (b"s", b"b", b"b*"):
                    path.append(("h",))
                _paint(path, ctm, _PAINT[tok], out)
                path = []
            elif tok == b"n":
                path = []
            elif tok == b"q":
                states.append(ctm)
            elif tok == b"Q":
                if states:
                    ctm = states.pop()
            elif tok == b"re":
                x, y, w, h = map(float, operands.split()[-4:])
                path += [("m", x, y), ("l", x + w, y), ("l", x + w, y + h),
                         ("l", x, y + h), ("h",)]
            elif tok == b"v" or tok == b"y":
                path.append((tok.decode(), *map(float, operands.split()[-4:])))
            elif tok == b"cm":
                ctm = mult_matrix(_matrix(map(float, operands.split()[-6:])), ctm)
            elif tok == b"Do":
                _form(operands.split()[-1].decode(), resources, ctm, out)
            elif tok in (b"BI", b"ID", b"EI"):
                raise Unreadable(tok)
    except (ValueError, IndexError, TypeError) as err:  # operands not as pdfminer takes them
        raise Unreadable(err) from err
    return out


def _matrix(values: Iterable[float]) -> Matrix:
    """Six numbers as a matrix (a ValueError when there are not six, as mult_matrix gave)."""
    a, b, c, d, e, f = values
    return (a, b, c, d, e, f)


def _form(name: str, resources: Any, ctm: Matrix,
          out: list[tuple[str, bool, tuple[float, float, float, float]]]) -> None:
    """The paths of the form ``name`` placed (pdfminer's ``do_Do``)."""
    xobjects = resources.get("/XObject") if resources else None
    xobj = xobjects.get_object().get(name) if xobjects else None
    if xobj is None:
        return
    xobj = xobj.get_object()
    if xobj.get("/Subtype") == "/Form" and "/BBox" in xobj:
        matrix = _matrix(float(v) for v in xobj.get("/Matrix", (1, 0, 0, 1, 0, 0)))
        res = xobj.get("/Resources")
        painted_paths(xobj.get_data(), res.get_object() if res is not None else resources,
                      mult_matrix(matrix, ctm), out)


def _paint(path: list[tuple[Any, ...]], ctm: Matrix, stroke: bool,
           out: list[tuple[str, bool, tuple[float, float, float, float]]]) -> None:
    """``PDFLayoutAnalyzer.paint_path``: a path that does not start with ``m`` paints nothing;
    one of several subpaths paints each that has more than its ``m``."""
    if not path or path[0][0] != "m":
        return
    starts = [i for i, p in enumerate(path) if p[0] == "m"]
    if len(starts) == 1:
        _paint_one(path, ctm, stroke, out)
        return
    for i, j in zip(starts, [*starts[1:], len(path)], strict=True):
        if j - i > 1:
            _paint_one(path[i:j], ctm, stroke, out)


def _paint_one(path: list[tuple[Any, ...]], ctm: Matrix, stroke: bool,
               out: list[tuple[str, bool, tuple[float, float, float, float]]]) -> None:
    """One subpath: a line, a rectangle or a curve, boxed by its points (the end points of
    its segments; ``apply_matrix_pt`` and ``get_bound``'s arithmetic)."""
    a, b, c, d, e, f = ctm
    start = path[0][-2:]
    pts = [(a * x + c * y + e, b * x + d * y + f)
           for x, y in (p[-2:] if p[0] != "h" else start for p in path)]
    shape = "".join(p[0] for p in path)
    if len(shape) > 3 and shape[-2:] == "lh" and pts[-2] == pts[0]:
        shape = shape[:-2] + "h"
        pts.pop()
    kind = "curve"
    if shape in {"mlh", "ml"}:
        kind, pts = "line", pts[:2]
    elif shape in {"mlllh", "mllll"}:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
        if pts[0] == pts[4] and ((x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)
                                 or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)):
            kind, pts = "rect", [(x0, y0), (x2, y0), (x2, y2), (x0, y2)]
    xs = [pt[0] for pt in pts]
    ys = [pt[1] for pt in pts]
    out.append((kind, stroke, (min(xs), min(ys), max(xs), max(ys))))


def pdf_fonts(path: Path) -> dict[str, bool]:
    """Base font name -> embedded? for every font used on any page."""
    from pypdf import PdfReader

    found: dict[str, bool] = {}

    def resources(holder: Any) -> Iterator[Any]:
        # a page's resources and those of the forms it places
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





def extracted_message_ids(tmp_path: Path, mapping: Path) -> set[object]:
    """Every message id Babel extracts today from the sources one catalog's ``mapping``
    (its ``locale/babel.cfg``) names, as ``make extract`` runs it."""
    import subprocess
    import sys

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    pot = tmp_path / f"{mapping.parent.parent.name}.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                    str(mapping), "-o", str(pot), "--no-location", "."],
                   cwd=root, check=True, capture_output=True)
    with pot.open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


def draw_ctx(**build: Any) -> Any:
    """A drawing context of a build (``BuildContext(**build)``) with a fresh recorder: what
    every function that draws takes (there is no drawing without one)."""
    from printkit.context import BuildContext, DrawContext
    from printkit.page.preflight import Preflight

    return DrawContext(BuildContext(**build), Preflight())
