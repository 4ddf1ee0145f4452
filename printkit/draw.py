"""Drawing helpers every template shares: layouts as data, inks, and text fitted to a box.

A template keeps its measurements and colours in a TOML file beside it (``layout.toml``) and
reads them through :class:`Layout`; text goes through :func:`centred` and :func:`fit_size`,
which check the glyphs with the drawing context's preflight recorder as they draw.

>>> from pathlib import Path
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     p = Path(d) / "layout.toml"
...     _ = p.write_text('[ink]\\nrule = "#5a5a5a"\\n[rows]\\nline = 2.0\\n')
...     lay = Layout(p)
...     lay["rows"]["line"], lay.ink("rule").hexval()
(2.0, '0x5a5a5a')
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext


class Layout:
    """A template's layout data (a TOML file), read once."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @cached_property
    def data(self) -> dict[str, Any]:
        return tomllib.loads(self.path.read_text(encoding="utf-8"))

    def __getitem__(self, section: str) -> Any:
        return self.data[section]

    def ink(self, name: str) -> HexColor:
        """The colour named ``name`` in the ``[ink]`` table."""
        return HexColor(self.data["ink"][name])


def fit_size(text: str, font_name: str, size: float, width: float) -> float:
    """``size`` shrunk just enough for ``text`` in ``font_name`` to fit ``width`` points.

    >>> from printkit.fonts import font
    >>> fit_size("Score", font("sans"), 10, 1000)
    10
    >>> round(fit_size("Score", font("sans"), 10, 10), 2) < 10
    True
    """
    w = pdfmetrics.stringWidth(text, font_name, size)
    return size if w <= width or w == 0 else size * width / w


def centred(c: Canvas, ctx: DrawContext, text: str, role: str, size: float, cx: float,
            cy: float, *, width: float | None = None, detail: str = "") -> float:
    """Draw ``text`` centred on (cx, cy), optically (on the x-height), shrunk to ``width``;
    its glyphs are checked against the role's font. Returns the size used."""
    ctx.check_glyphs(role, text, detail)
    face = ctx.font(role)
    if width is not None:
        size = fit_size(text, face, size, width)
    asc = pdfmetrics.getAscentDescent(face, size)[0]
    c.setFont(face, size)
    c.drawCentredString(cx, cy - asc * 0.36, text)
    return size
