"""A strict structural check of a written PDF: every resource a content stream names is
declared where it is used.

A page's content stream, and each form XObject's, names fonts (``/F1 9 Tf``), graphics states
(``/gRLs0 gs``), forms and images (``/Form Do``), shadings (``/Sh0 sh``) and colour spaces
(``/CS0 cs``); each name must be a key of the matching dictionary of the resources in effect
there: the form's own ``/Resources`` inside a form, the page's on the page. A lenient viewer
guesses at a missing one; a strict reader or a printer's RIP drops it (poppler: "ExtGState
'gRLs0' is unknown"), and with it the transparency, the font or the picture.

The names are read from the decompressed streams by their operators; a name inside a string
of text is not an operand, so strings are left out first.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_NAME = rb"/([^\s/\[\]()<>{}%]+)"
_USES = (
    (re.compile(_NAME + rb"\s+gs\b"), "/ExtGState", "graphics state"),
    (re.compile(_NAME + rb"\s+Do\b"), "/XObject", "form or image"),
    (re.compile(_NAME + rb"\s+[-+\d.]+\s+Tf\b"), "/Font", "font"),
    (re.compile(_NAME + rb"\s+sh\b"), "/Shading", "shading"),
    (re.compile(_NAME + rb"\s+(?:cs|CS)\b"), "/ColorSpace", "colour space"),
)
_STRING = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>", re.DOTALL)
"""A literal string (one level of parentheses, escapes kept) or a hex string: left out before
the operators are read, so that text cannot look like an operator."""
_DEVICE_SPACES = {"DeviceGray", "DeviceRGB", "DeviceCMYK", "Pattern"}
"""Colour spaces a stream may name without declaring them."""


def undeclared_resources(pdf: str | Path | bytes) -> list[str]:
    """Every resource a content stream of ``pdf`` (a file, or its bytes) names but does not
    declare, as ``page N: the form /X names the graphics state /gRLs0, which its resources do
    not declare`` (empty: the file is sound)."""
    from pypdf import PdfReader  # lazy: pypdf takes 0.2 s to load; only a written PDF needs it

    found: list[str] = []
    checked: set[int] = set()  # each form once, wherever it is placed
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else str(pdf))
    for number, page in enumerate(reader.pages, start=1):
        resources = _resolved(page.get("/Resources"))
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        for problem in _stream_problems(data, resources, "the page", checked):
            found.append(f"page {number}: {problem}")
    return found


def _resolved(obj: Any) -> dict[str, Any]:
    obj = obj.get_object() if obj is not None and hasattr(obj, "get_object") else obj
    return dict(obj) if obj is not None else {}


def _stream_problems(data: bytes, resources: dict[str, Any], where: str,
                     checked: set[int]) -> Iterator[str]:
    operators = _STRING.sub(b" ", data)
    declared = {key: _resolved(resources.get(key)) for _, key, _ in _USES}
    for pattern, key, what in _USES:
        for name in dict.fromkeys(m.group(1).decode("latin-1")
                                  for m in pattern.finditer(operators)):
            if key == "/ColorSpace" and name in _DEVICE_SPACES:
                continue
            if f"/{name}" not in declared[key]:
                yield f"{where} names the {what} /{name}, which its resources do not declare"
                continue
            if key == "/XObject":
                yield from _form_problems(declared[key][f"/{name}"], name, resources, checked)


def _form_problems(ref: Any, name: str, outer: dict[str, Any],
                   checked: set[int]) -> Iterator[str]:
    form = ref.get_object()
    if form.get("/Subtype") != "/Form":
        return
    key = getattr(ref, "idnum", None) or id(form)
    if key in checked:
        return
    checked.add(key)
    own = form.get("/Resources")
    # a form without resources of its own uses those where it is placed (PDF 1.1 practice)
    resources = _resolved(own) if own is not None else outer
    yield from _stream_problems(form.get_data(), resources, f"the form /{name}", checked)
