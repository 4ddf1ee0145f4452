"""Drawing helpers every template shares: text fitted to a box and kept inside it.

(A template's measurements and inks are a TOML file beside it, read by
:func:`printkit.layouts.load_layout`.) Text goes through :func:`centred` and :func:`fit_size`,
which check the glyphs with the drawing context's preflight recorder as they draw, and shrink
text to its box no further than a minimum (usually
:data:`~printkit.page.preflight.MIN_TEXT_PT`). Text that must stay inside a box whatever
it is jittered by (handwriting on examples) is placed with :func:`ink_box` and
:func:`keep_inside`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.fonts import FontRole, font, font_path
from printkit.geometry import Rect
from printkit.resources import cache_dir


def fit_size(text: str, font_name: str, size: float, width: float,
             minimum: float = 0.0) -> float:
    """``size`` shrunk just enough for ``text`` in ``font_name`` to fit ``width`` points, but
    never under ``minimum`` (text that does not fit at the minimum is the box's fault: the
    caller reports it).

    >>> from printkit.fonts import font
    >>> fit_size("Score", font(FontRole.SANS, "en"), 10, 1000)
    10
    >>> round(fit_size("Score", font(FontRole.SANS, "en"), 10, 10), 2) < 10
    True
    >>> fit_size("Score", font(FontRole.SANS, "en"), 10, 10, minimum=6)
    6
    """
    w = pdfmetrics.stringWidth(text, font_name, size)
    fitted = size if w <= width or w == 0 else size * width / w
    return max(fitted, minimum)


def centred(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, cx: float,
            cy: float, *, width: float | None = None, detail: str = "",
            minimum: float = 0.0) -> float:
    """Draw ``text`` centred on (cx, cy), optically (on the x-height), shrunk to ``width`` but
    not under ``minimum`` (then the overflow is recorded); its glyphs are checked against the
    role's font. Returns the size used."""
    ctx.check_glyphs(role, text, detail)
    face = ctx.font(role)
    if width is not None:
        size = fit_size(text, face, size, width, minimum)
        if pdfmetrics.stringWidth(text, face, size) > width:
            ctx.check_text(text, role, size, width, size * 2, detail=detail, wrap=False)
    asc = pdfmetrics.getAscentDescent(face, size)[0]
    c.setFont(face, size)
    c.drawCentredString(cx, cy - asc * 0.36, text)
    return size


@cache
def _font_file(path: str) -> Any:
    """A font file read with fontTools (for glyph outlines, which ReportLab keeps not)."""
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.ttLib import TTFont

    return TTFont(path, lazy=True)


Bounds = tuple[float, float, float, float]
Top = tuple[float, float]


def _glyph_bounds(role: FontRole, char: str, locale: str) -> Bounds | None:
    """Ink bounds (xMin, yMin, xMax, yMax in em) of ``char`` in the ``role`` font."""
    return _glyph_bounds_of(str(font_path(role, locale)), char)


@cache
def _glyph_bounds_of(path: str, char: str) -> Bounds | None:
    """The exact ink bounds of one character of the font at ``path``, measured on its outline
    the first time any process asks (then read from the cache folder, see :class:`_Measured`).

    Per character, not per font: measuring every glyph of Noto Sans JP (33,488) took most of a
    Japanese example's time, and a sheet uses a few hundred. The bounds stored in the font
    (``glyf`` xMin...yMax) are not used: they are the box of the control points, rounded to
    whole units, wider than the curves of most glyphs of a handwriting font."""
    found = _measured(path).get("bounds", char, lambda: _measure_bounds(path, char))
    return None if found is None else (found[0], found[1], found[2], found[3])


def _measure_bounds(path: str, char: str) -> list[float] | None:
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.pens.boundsPen import BoundsPen

    name = _best_cmap(path).get(ord(char)) if len(char) == 1 else None
    if name is None:
        return None
    glyphs = _glyph_set(path)
    pen = BoundsPen(glyphs)
    glyphs[name].draw(pen)
    if pen.bounds is None:
        return None
    upm = float(_font_file(path)["head"].unitsPerEm)
    return [v / upm for v in pen.bounds]


@cache
def _best_cmap(path: str) -> dict[int, str]:
    return dict(_font_file(path).getBestCmap() or {})


@cache
def _glyph_set(path: str) -> Any:
    return _font_file(path).getGlyphSet()


#: Bump when a measure changes (what :func:`glyph_bounds` or :func:`glyph_top` compute), so
#: that values measured the older way are not read from the cache.
MEASURES_VERSION = 1


class _Measured:
    """What has been measured on the glyphs of one font file, kept in printkit's cache
    folder, beside the fonts (``fonts/glyphs/<font>-<hash>.json``), for the next process.

    Measuring needs the font opened with fontTools, which costs about half a second for
    Noto Sans JP (its glyph names come from a 33,000-entry cmap) before the first glyph;
    reading what earlier runs measured costs a millisecond. The file is named by a hash of
    the font's bytes and of :data:`MEASURES_VERSION`, so a changed font or measure is
    measured anew (and the older file of the same font is removed)."""

    def __init__(self, path: str) -> None:
        import fontTools  # lazy: fontTools takes 0.1 s to load, and only drawing needs it

        data = Path(path).read_bytes()
        key = hashlib.sha256(data + f"\0{MEASURES_VERSION} {fontTools.version}".encode())
        # a cached font's name ends in the hash of its recipe: one file per font and weight
        self.font = re.sub(r"(-blanks|-[0-9a-f]{16})+$", "", Path(path).stem) or "font"
        self.file = cache_dir() / "fonts" / "glyphs" / f"{self.font}-{key.hexdigest()[:16]}.json"
        self.values: dict[str, dict[str, list[float] | None]] = {"bounds": {}, "top": {}}
        self.on_disk = False
        try:
            stored = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(stored, dict):
            self.on_disk = True
            for kind, size in (("bounds", 4), ("top", 2)):
                table = stored.get(kind)
                if isinstance(table, dict):
                    self.values[kind].update(
                        (k, v) for k, v in table.items()
                        if v is None or (isinstance(v, list) and len(v) == size and all(
                            isinstance(x, float | int) for x in v)))

    def get(self, kind: str, char: str,
            measure: Callable[[], list[float] | None]) -> list[float] | None:
        """The ``kind`` of ``char``, measured (and saved) if no process has yet."""
        table = self.values[kind]
        if char not in table:
            table[char] = measure()
            self._save()
        return table[char]

    def _save(self) -> None:
        """Write what is known (atomically: another process may read it at once); a cache
        that cannot be written only costs the next process the measuring."""
        tmp = self.file.with_name(f"{self.file.name}.{os.getpid()}.tmp")
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"version": MEASURES_VERSION, **self.values},
                                      sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.file)
        except OSError:
            return
        if not self.on_disk:  # a new font or measure: the older file of this font goes
            self.on_disk = True
            stale = re.compile(rf"{re.escape(self.font)}-[0-9a-f]{{16}}\.json")
            for old in self.file.parent.iterdir():
                if old != self.file and stale.fullmatch(old.name):
                    with contextlib.suppress(OSError):
                        old.unlink()


@cache
def _measured(path: str) -> _Measured:
    return _Measured(path)


def glyph_top(role: FontRole, char: str, locale: str) -> tuple[float, float] | None:
    """Where the stroke of ``char`` ends at the top in the ``role`` font (x, y in em): the
    middle of the outline's points within 5 % of an em of its highest point.

    >>> x, y = glyph_top(FontRole.SANS, "1", "en")
    >>> 0.05 < x < 0.4 and round(y, 3)
    0.669
    """
    return _glyph_top_of(str(font_path(role, locale)), char)


@cache
def _glyph_top_of(path: str, char: str) -> Top | None:
    found = _measured(path).get("top", char, lambda: _measure_top(path, char))
    return None if found is None else (found[0], found[1])


def _measure_top(path: str, char: str) -> list[float] | None:
    # lazy: fontTools takes 0.1 s to load, and only drawing needs it
    from fontTools.pens.recordingPen import RecordingPen

    name = _best_cmap(path).get(ord(char)) if len(char) == 1 else None
    if name is None:
        return None
    pen = RecordingPen()
    _glyph_set(path)[name].draw(pen)
    points = [pt for _op, args in pen.value for pt in args]
    if not points:
        return None
    upm = float(_font_file(path)["head"].unitsPerEm)
    top = max(y for _x, y in points)
    near = [x for x, y in points if y >= top - 0.05 * upm]
    return [sum(near) / len(near) / upm, top / upm]


def glyph_bounds(role: FontRole, char: str, locale: str) -> tuple[float, float, float,
                                                                  float] | None:
    """The ink bounds of ``char`` in the ``role`` font of ``locale``, in em (None for a blank
    glyph)."""
    return _glyph_bounds(role, char, locale)


def ink_box(text: str, role: FontRole, size: float, locale: str) -> Rect:
    """The box the ink of ``text`` covers at ``size`` pt, relative to the start of its
    baseline (glyphs as drawn, not the font's ascent and descent: a line of digits is lower
    than a line with a 'k' or a 'j').

    >>> box = ink_box("10", FontRole.SANS, 10, "en")
    >>> round(box.x, 2), round(box.y, 2), round(box.right, 2), round(box.top, 2)
    (0.35, -0.12, 9.36, 6.79)
    """
    face = _font_name(role, locale)
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    pen = 0.0
    for ch in text:
        b = glyph_bounds(role, ch, locale)
        if b is not None:
            x0, y0 = min(x0, pen + b[0] * size), min(y0, b[1] * size)
            x1, y1 = max(x1, pen + b[2] * size), max(y1, b[3] * size)
        pen += pdfmetrics.stringWidth(ch, face, size)
    if x0 == math.inf:
        return Rect(0.0, 0.0, 0.0, 0.0)
    return Rect.from_corners(x0, y0, x1, y1)


def _font_name(role: FontRole, locale: str) -> str:
    return font(role, locale)


def _turned(ink: Rect, angle: float) -> Rect:
    """The box around ``ink`` turned by ``angle`` degrees about the origin."""
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    pts = [(x * cos - y * sin, x * sin + y * cos)
           for x in (ink.x, ink.right) for y in (ink.y, ink.top)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Rect.from_corners(min(xs), min(ys), max(xs), max(ys))


def keep_inside(ink: Rect, origin: tuple[float, float], room: Rect, dx: float, dy: float,
                angle: float) -> tuple[float, float, float]:
    """Jitter (``dx``, ``dy`` points, ``angle`` degrees about the origin) clamped so that text
    whose ink is ``ink`` (relative to ``origin``) stays inside ``room``: the tilt is reduced
    until the turned text is no taller (and no wider) than the room, then the shift is limited
    to what keeps it inside. Text that does not fit even level is kept level and centred on
    the room (the caller sized it, and reports it).

    >>> ink = Rect(0, -2, 100, 10)                      # a long line of writing
    >>> dx, dy, angle = keep_inside(ink, (10, 5), Rect(5, 0, 120, 14), 0.5, 0.6, 2.5)
    >>> 0 < angle < 2.5                                  # tilted less: 2.5 degrees climbs 4 pt
    True
    >>> turned = _turned(ink, angle).moved(10 + dx, 5 + dy)
    >>> Rect(5, 0, 120, 14).contains(turned, 1e-6)
    True
    """

    def fits(a: float) -> bool:
        t = _turned(ink, a)
        return t.h <= room.h and t.w <= room.w

    if not fits(0.0):
        angle = 0.0
    elif not fits(angle):
        lo, hi = 0.0, 1.0  # the largest share of the tilt that still fits
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(angle * mid) else (lo, mid)
        angle *= lo
    t = _turned(ink, angle)
    ox, oy = origin

    def clamp(v: float, low: float, high: float) -> float:
        return (low + high) / 2 if low > high else min(max(v, low), high)

    dx = clamp(dx, room.x - ox - t.x, room.right - ox - t.right)
    dy = clamp(dy, room.y - oy - t.y, room.top - oy - t.top)
    return dx, dy, angle
