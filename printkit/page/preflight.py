"""Preflight: what would come out wrong on paper, found before anyone prints.

Templates record checks while they draw, through the recorder their drawing context carries
(the pipeline, :mod:`printkit.pipeline`, opens one around every build and example)::

    ctx.check_text(label, FontRole.SANS, 8, box_w, box_h, detail="score track, box 12")
    ctx.preflight.check_image(px_w, px_h, drawn_w, drawn_h, where="card 3 art")
    ctx.check_inside(Rect(x, y, w, h), "turn chart")      # against the safe area
    ctx.preflight.check_box("die cell", cell, need_w=2 * WRITE_DIGIT, need_h=MIN_WRITE_ROW,
                            where="play sheet, row 1a")  # room for what a box must hold

There is no process-wide recorder: the recorder travels with the drawing context (a
``DrawContext`` holds one; code that draws outside a pipeline makes a context with its own
``Preflight()``), so no check is ever lost or filed under another build.

Levels: ``error`` (text overflowing its box, missing glyphs, content outside the safe area,
images under 150 dpi, text printed under :data:`MIN_TEXT_PT`, a box too small for what it
must hold), ``warning`` (images under 300 dpi at print size), ``info``.

The minimums every game shares (one place, so no template picks its own):

* :data:`MIN_TEXT_PT`: the smallest printed size of anything a player reads (labels, column
  heads, handwriting on examples). The drawing canvas (:class:`printkit.page.canvas.TrackingCanvas`)
  reports any string drawn smaller, at its size on paper (font size times the transformation's
  scale), unless it is printer's information drawn inside ``exempt(canvas)``.
* :data:`MIN_WRITE_ROW`: the least height of a row a person writes into; a two-digit number in
  pencil is cramped in 6 mm.
* :data:`WRITE_DIGIT`: the width one pencilled digit takes in a write-in box.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.engines.core.files import atomic_write_bytes
from printkit.fonts import FontRole, font, font_path, has_glyphs
from printkit.geometry import Rect
from printkit.page.structure import undeclared_resources
from printkit.units import mm, to_mm

LEVELS = ("error", "warning", "info")
MIN_DPI = 300
ERROR_DPI = 150
TOLERANCE = 0.01  # points

MIN_TEXT_PT = 6.0
"""The smallest printed text a player reads, in points at print size."""
TEXT_TOO_SMALL_LEVEL = "error"
"""The level of ``text-too-small``. Every component of every kit prints at or above the
minimum; a component that must be given time to comply is the reason to lower this to
``warning`` (a warning does not fail a build), never to lower the minimum."""
MIN_WRITE_ROW = mm(6)
"""The least height of a row a person writes a number into (points): 6 mm is tight."""
WRITE_DIGIT = mm(3.5)
"""The width one pencilled digit takes in a write-in box (points), spacing included."""


@dataclass(frozen=True)
class Finding:
    level: str
    code: str  # text-overflow, missing-glyph, low-dpi, outside-safe-area, ...
    message: str
    where: str = ""

    def __str__(self) -> str:
        place = f"{self.where}: " if self.where else ""
        return f"{self.level.upper()} [{self.code}] {place}{self.message}"


@dataclass
class Preflight:
    """A recorder of findings for one build."""

    findings: list[Finding] = field(default_factory=list)
    text_sizes: dict[tuple[str, int], float] = field(default_factory=dict)
    """The smallest size any string prints at (points on paper), by file and page (from 0),
    as the tracking canvas measured it while drawing: a handout scales a page into a figure
    no further than its smallest text allows, without reading the page back."""

    def add(self, level: str, code: str, message: str, where: str = "") -> Finding:
        if level not in LEVELS:
            raise ValueError(f"unknown preflight level {level!r}")
        finding = Finding(level, code, message, where)
        self.findings.append(finding)
        return finding

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    @property
    def exit_code(self) -> int:
        return 1 if self.errors else 0

    def check_text(self, text: str, role: FontRole, size: float, box_w: float, box_h: float, *,
                   locale: str, where: str = "", leading: float | None = None,
                   wrap: bool = True) -> bool:
        """Does ``text`` in font ``role`` (in ``locale``'s script) at ``size`` pt fit a
        ``box_w x box_h`` pt box on both axes (wrapped on spaces when ``wrap``)? Records
        overflow and missing glyphs."""
        ok = self.check_glyphs(role, text, locale=locale, where=where)
        name = font(role, locale)
        leading = leading or size * 1.2
        lines = simpleSplit(text, name, size, box_w) if wrap else text.splitlines() or [""]
        widest = max((stringWidth(line, name, size) for line in lines), default=0.0)
        height = size + (len(lines) - 1) * leading
        if widest > box_w + TOLERANCE:
            self.add("error", "text-overflow",
                     f"text {_short(text)} is {widest - box_w:.1f} pt too wide for its "
                     f"{box_w:.1f} pt box at {size:g} pt", where)
            ok = False
        if height > box_h + TOLERANCE:
            self.add("error", "text-overflow",
                     f"text {_short(text)} is {height - box_h:.1f} pt too tall for its "
                     f"{box_h:.1f} pt box at {size:g} pt ({len(lines)} lines)", where)
            ok = False
        return ok

    def check_glyphs(self, role: FontRole, text: str, *, locale: str, where: str = "") -> bool:
        """Does the font playing ``role`` in ``locale`` have every character of ``text``?"""
        missing = has_glyphs(role, text, locale)
        if missing:
            shown = " ".join(f"{c!r} (U+{ord(c):04X})" for c in missing[:8])
            self.add("error", "missing-glyph",
                     f"font {font_path(role, locale).name} ({role}) lacks {shown}", where)
        return not missing

    def check_image(self, px_w: int, px_h: int, drawn_w: float, drawn_h: float, *,
                    where: str = "") -> float:
        """The image's resolution at print size (dpi); under 300 is a warning, under 150 an
        error. ``drawn_w``/``drawn_h`` in points."""
        if drawn_w <= 0 or drawn_h <= 0:
            return float("inf")
        dpi = min(px_w / (drawn_w / 72), px_h / (drawn_h / 72))
        if dpi < MIN_DPI:
            level = "error" if dpi < ERROR_DPI else "warning"
            self.add(level, "low-dpi",
                     f"image is {dpi:.0f} dpi at print size ({px_w} x {px_h} px on "
                     f"{drawn_w / 72 * 25.4:.1f} x {drawn_h / 72 * 25.4:.1f} mm); "
                     f"{MIN_DPI} dpi wanted", where)
        return dpi

    def check_inside(self, rect: Rect, area: Rect, *, where: str = "") -> bool:
        """Is ``rect`` inside ``area`` (usually the safe area)?"""
        over = area.overshoot(rect)
        if over > TOLERANCE:
            self.add("error", "outside-safe-area",
                     f"reaches {over / 72 * 25.4:.1f} mm outside the safe area", where)
            return False
        return True

    def check_box(self, name: str, box: Rect, need_w: float = 0.0, need_h: float = 0.0, *,
                  where: str = "") -> bool:
        """Does ``box`` give ``need_w`` x ``need_h`` points of room (what it must hold: a
        pencilled number, a line of writing)? Records ``box-too-small`` naming the box."""
        short = [f"{axis} {to_mm(have):.1f} mm, needs {to_mm(need):.1f} mm"
                 for axis, have, need in (("width", box.w, need_w), ("height", box.h, need_h))
                 if have < need - TOLERANCE]
        if short:
            self.add("error", "box-too-small", f"{name}: {'; '.join(short)}", where)
        return not short

    def text_too_small(self, text: str, size: float, count: int = 1, *,
                       where: str = "") -> Finding:
        """Record that ``count`` strings print under :data:`MIN_TEXT_PT`, the smallest being
        ``text`` at ``size`` pt (at print size)."""
        more = f" (and {count - 1} more under {MIN_TEXT_PT:g} pt)" if count > 1 else ""
        return self.add(TEXT_TOO_SMALL_LEVEL, "text-too-small",
                        f"text {_short(text)} prints at {size:.1f} pt{more}; the minimum "
                        f"for anything a player reads is {MIN_TEXT_PT:g} pt", where)

    def summary(self) -> str:
        return (f"preflight: {len(self.errors)} error(s), {len(self.warnings)} warning(s), "
                f"{len(self.findings)} finding(s)")

    def report(self) -> str:
        """The findings, errors first, one per line, then the summary."""
        order = {level: i for i, level in enumerate(LEVELS)}
        lines = [str(f) for f in sorted(self.findings, key=lambda f: order[f.level])]
        return "\n".join([*lines, self.summary()]) + "\n"

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        atomic_write_bytes(path, self.report().encode("utf-8"))
        return path


def check_pdf(pdf: str | Path, *, report: Preflight) -> Preflight:
    """What only the written PDF can show: every font it uses is embedded (a viewer would
    substitute one that is not, and a print shop rejects the file), and every resource a
    content stream names is declared where it is used (:mod:`printkit.page.structure`). What
    lies where on the page was checked while drawing
    (:class:`printkit.page.canvas.TrackingCanvas`)."""
    from pypdf import PdfReader  # lazy: pypdf takes 0.2 s to load; only a written PDF needs it

    name = Path(pdf).name
    for problem in undeclared_resources(pdf):
        report.add("error", "undeclared-resource", problem, name)
    reader = PdfReader(str(pdf))
    seen: set[str] = set()
    for number, page in enumerate(reader.pages, start=1):
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            f = ref.get_object()
            base = str(f.get("/BaseFont"))
            if base in seen:
                continue
            seen.add(base)
            embedded = False
            for part in [f, *(d.get_object() for d in f.get("/DescendantFonts", []))]:
                desc = part.get("/FontDescriptor")
                if desc is not None and any(k in desc.get_object()
                                            for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    embedded = True
            if not embedded:
                report.add("error", "font-not-embedded",
                           f"font {base.lstrip('/')} is not embedded", f"{name} page {number}")
    return report


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= n else text[: n - 1] + "…")
