"""The canvas every printkit PDF is drawn on: set up the printkit way, and knowing where
everything it draws lands on the page.

Every PDF printkit writes comes from :func:`open_canvas`: ``invariant=1`` (same input, same
bytes), our own initial font (no stray unembedded Helvetica), a PrintScaling=None viewer hint
(print at 100 %), and an atomic write (a temporary file renamed into place on success only).
The canvas is a :class:`TrackingCanvas`, which checks the safe area while it draws; there is no
canvas without a drawing context. A print-shop sheet's page is larger than its paper
(:class:`~printkit.page.profiles.SheetFrame`): the canvas then takes the frame's page size and
checks the safe area where the paper lies on it.

Preflight while drawing: :class:`TrackingCanvas` is a ReportLab canvas that, for every string,
shape, path, image and form it draws, works out the box it covers on the page (through the current
transformation and clipping) and, when the page is finished, reports to the preflight recorder
whatever reaches outside the safe area. Re-reading the finished PDF to find the same thing cost most
of a build's time; the canvas already knows.

What may lie outside the safe area is drawn inside ``with exempt(canvas):`` (crop marks,
registration marks, the slug line: printer's information). In the print-shop profile, shapes
are exempt as a whole (bleed runs past the trim by design) and only text and images are
checked, as a print shop checks them.

The canvas also knows the size every string prints at on paper (its font size times the
scale of the transformation, through forms placed scaled): a page with text under
:data:`~printkit.page.preflight.MIN_TEXT_PT` gets one ``text-too-small`` finding naming
the smallest string. Printer's information inside ``exempt(canvas)`` is not checked.

>>> import io
>>> from printkit.geometry import Rect
>>> from printkit.page.preflight import Preflight
>>> report = Preflight()
>>> c = TrackingCanvas(io.BytesIO(), pagesize=(200, 200), safe=Rect(10, 10, 180, 180),
...                    report=report, check_shapes=True, where="test")
>>> c.rect(20, 20, 50, 50)
>>> c.rect(5, 20, 50, 50)
>>> c.showPage()
>>> [f.code for f in report.findings]
['outside-safe-area']
>>> c.setFont("Helvetica", 8)
>>> c.scale(0.5, 0.5)
>>> c.drawString(40, 40, "8 pt, halved")
>>> c.showPage()
>>> report.findings[-1].code, report.findings[-1].message.split(";")[0]
('text-too-small', "text '8 pt, halved' prints at 4.0 pt")
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFFormXObject, PDFResourceDictionary
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

from printkit.engines.core.files import atomic_write_bytes
from printkit.errors import PrintkitError
from printkit.fonts import FontRole, font
from printkit.geometry import Rect
from printkit.page.preflight import MIN_TEXT_PT, TOLERANCE, Preflight
from printkit.page.profiles import SheetFrame, profile, safe_rect
from printkit.paper import Paper

if TYPE_CHECKING:
    from printkit.context import DrawContext

rl_config.useA85 = 0  # about 20 % smaller files, no downside for print

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 while accumulating, in page space
Sized = tuple[str, float]  # a string and its font size (in the space it was drawn in)


def scale_of(m: Matrix) -> float:
    """How much ``m`` enlarges text: the shorter of its two axes (text squeezed either way
    reads as the smaller size; a rotation leaves the size alone).

    >>> scale_of((0.5, 0, 0, 0.5, 10, 10)), round(scale_of((0, 1, -1, 0, 0, 0)), 6)
    (0.5, 1.0)
    """
    a, b, c, d = m[0], m[1], m[2], m[3]
    return float(min((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5))


def area_scale(m: Matrix) -> float:
    """How much ``m`` enlarges text, as the square root of how much it enlarges areas (what
    pypdf's text visitor gives; the same as :func:`scale_of` for an even scaling).

    >>> area_scale((0.5, 0, 0, 0.5, 10, 10)), area_scale((2, 0, 0, 0.5, 0, 0))
    (0.5, 1.0)
    """
    return float(abs(m[0] * m[3] - m[1] * m[2]) ** 0.5)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _bbox(m: Matrix, points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    a, b, c, d, e, f = m
    if b == 0 and c == 0:
        # no rotation (most drawings): the box of the points, moved; the same numbers as
        # mapping every point, since scaling and shifting never reorder floats
        xs, ys = zip(*points, strict=True)
        x0, x1, y0, y1 = a * min(xs) + e, a * max(xs) + e, d * min(ys) + f, d * max(ys) + f
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    xs, ys = zip(*(_apply(m, x, y) for x, y in points), strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _clip(box: Box, clip: Box | None) -> Box | None:
    if clip is None:
        return box
    x0, y0 = max(box[0], clip[0]), max(box[1], clip[1])
    x1, y1 = min(box[2], clip[2]), min(box[3], clip[3])
    if x0 > x1 or y0 > y1:
        return None  # wholly clipped away: nothing shows
    return (x0, y0, x1, y1)


class TrackedPath(PDFPathObject):
    """A path that remembers the points it passes through (curves by their control points,
    which bound them)."""

    def __init__(self, code: Any = None) -> None:
        super().__init__(code)
        self.points: list[tuple[float, float]] = []

    def moveTo(self, x: float, y: float) -> None:
        self.points.append((x, y))
        super().moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:
        self.points.append((x, y))
        super().lineTo(x, y)

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float,
                y3: float) -> None:
        self.points += [(x1, y1), (x2, y2), (x3, y3)]
        super().curveTo(x1, y1, x2, y2, x3, y3)

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self.points += [(x, y), (x + width, y + height)]
        super().rect(x, y, width, height)

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float) -> None:
        self.points += [(x, y), (x + width, y + height)]
        super().roundRect(x, y, width, height, radius)

    def ellipse(self, x: float, y: float, width: float, height: float) -> None:
        self.points += [(x, y), (x + width, y + height)]
        super().ellipse(x, y, width, height)

    def circle(self, x_cen: float, y_cen: float, r: float) -> None:
        self.points += [(x_cen - r, y_cen - r), (x_cen + r, y_cen + r)]
        super().circle(x_cen, y_cen, r)

    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
            extent: float = 90) -> None:
        self.points += [(x1, y1), (x2, y2)]
        super().arc(x1, y1, x2, y2, startAng, extent)

    def arcTo(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
              extent: float = 90) -> None:
        self.points += [(x1, y1), (x2, y2)]
        super().arcTo(x1, y1, x2, y2, startAng, extent)


def add_to_path(path: PDFPathObject, code: Sequence[str],
                points: Iterable[tuple[float, float]]) -> None:
    """Add path operators already written out to ``path`` in one go: ``code`` as the path's
    own calls write them (``"x y m"``, ``"x1 y1 x2 y2 x3 y3 c"``..., numbers through
    ``fp_str``), its first entry a move alone, the others any number of operators each; and,
    on a :class:`TrackedPath`, ``points`` that bound them (the box is all the canvas keeps).

    A drawing of tens of thousands of marks (a hex map's patterns) spends more on one call
    per operator than on the marks; its operators can be worked out once and reused.

    >>> p = TrackedPath()
    >>> add_to_path(p, ("1 2 m", "3 4 l 5 6 l h"), [(1, 2), (5, 6)])
    >>> p.getCode(), p.points
    ('n 1 2 m 3 4 l 5 6 l h', [(1, 2), (5, 6)])
    """
    if not code:
        return
    path._code_append(code[0])  # the path's own check that it starts with a move
    path._code.extend(code[1:])
    if isinstance(path, TrackedPath):
        path.points.extend(points)


_TURNS = tuple((math.cos((0 + i * 90.0) * math.pi / 180.),
                math.sin((0 + i * 90.0) * math.pi / 180.),
                math.cos((0 + (i + 1) * 90.0) * math.pi / 180.),
                math.sin((0 + (i + 1) * 90.0) * math.pi / 180.)) for i in range(4))
_KAPPA = abs(4. / 3. * (1. - math.cos(90.0 * math.pi / 360.)) / math.sin(90.0 * math.pi / 360.))
_QUARTERS = tuple((c0, s0, c0 - _KAPPA * s0, s0 + _KAPPA * c0, c1 + _KAPPA * s1,
                   s1 - _KAPPA * c1, c1, s1) for c0, s0, c1, s1 in _TURNS)
"""ReportLab's four quarter arcs of a full circle (``pdfgeom.bezierArc(..., 0, 360)``), as
factors of the radii: what :func:`circles` needs to write the same numbers."""


def circles(canvas: Canvas, centres: Iterable[tuple[float, float]], r: float,
            stroke: int = 1, fill: int = 0) -> None:
    """``canvas.circle(x, y, r, stroke, fill)`` at each of ``centres``, in one call: the same
    operators and numbers (each circle its own path, painted), worked out as ReportLab works
    them out, and on a tracking canvas the same box for each. A pattern of hundreds of dots
    drawn one ``circle`` at a time spends most of its time in the calls.

    >>> import io
    >>> a, b = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    >>> for x, y in ((10, 20), (13.3, 7.1)):
    ...     a.circle(x, y, 1.7, stroke=0, fill=1)
    >>> circles(b, ((10, 20), (13.3, 7.1)), 1.7, stroke=0, fill=1)
    >>> a._code == b._code
    True
    """
    op = PATH_OPS[stroke, fill, canvas._fillMode]
    code = canvas._code
    tracking = isinstance(canvas, TrackingCanvas) and bool(stroke or fill)
    m = canvas.matrix if tracking else None
    quarters = _QUARTERS
    for x, y in centres:
        # canvas.circle -> canvas.ellipse(x1, y1, x2, y2) -> path.ellipse(x1, y1, x2 - x1,
        # y2 - y1) -> bezierArc(x1, y1, x1 + w, y1 + h, 0, 360), step by step
        x1, x2, y1, y2 = x - r, x + r, y - r, y + r
        xa, ya, xb, yb = x1, y1, x1 + (x2 - x1), y1 + (y2 - y1)
        xa, ya, xb, yb = min(xa, xb), max(ya, yb), max(xa, xb), min(ya, yb)
        xc, yc, rx, ry = (xa + xb) / 2., (ya + yb) / 2., (xb - xa) / 2., (yb - ya) / 2.
        code.append("n")
        for i, (c0, s0, k1, l1, k2, l2, c1, s1) in enumerate(quarters):
            if i == 0:
                code.append(f"{fp_str(xc + rx * c0, yc - ry * s0)} m")
            nums = fp_str(xc + rx * k1, yc - ry * l1, xc + rx * k2, yc - ry * l2,
                          xc + rx * c1, yc - ry * s1)
            code.append(f"{nums} c")
        code.append(op)
        if m is not None:
            assert isinstance(canvas, TrackingCanvas)
            canvas._record("shapes", _bbox(m, [(x1, y1), (x2, y2), (x1, y2), (x2, y1)]))


class TrackedText(PDFTextObject):
    """A text object that remembers the box of every string it sets (in user space)."""

    def __init__(self, canvas: Any, x: float = 0, y: float = 0, direction: Any = None) -> None:
        self.boxes: list[tuple[float, float, float, float]] = []
        self.sized: list[Sized] = []
        super().__init__(canvas, x, y, direction)

    def _note(self, text: str) -> None:
        if not text or not text.strip():
            return
        size = self._fontsize
        width = stringWidth(text, self._fontname, size)
        asc, desc = getAscentDescent(self._fontname, size)
        x, y = self._x, self._y + getattr(self, "_rise", 0)
        self.boxes.append((x, y + desc, x + width, y + asc))
        self.sized.append((text, size))

    def _textOut(self, text: str, TStar: int = 0) -> None:
        self._note(text)
        super()._textOut(text, TStar)

    def textOut(self, text: str) -> None:
        self._note(text)
        super().textOut(text)

    def textLine(self, text: str = "") -> None:
        self._note(text)
        super().textLine(text)


class TrackingCanvas(Canvas):
    """A canvas that checks, page by page, that what it draws stays inside ``safe``."""

    def __init__(self, *args: Any, safe: Rect, report: Preflight, check_shapes: bool,
                 where: str = "", min_text: float = MIN_TEXT_PT, source: str = "",
                 **kwargs: Any) -> None:
        self._safe = safe
        self._report = report
        self._check_shapes = check_shapes
        self._where = where
        self._min_text = min_text
        self._exempt = 0
        self._clip_box: Box | None = None
        self._clip_stack: list[Box | None] = []
        self._worst: dict[str, float] = {}
        self._small: list[Sized] = []  # strings of this page printed under min_text
        self._forms: dict[str, list[tuple[str, Box]]] = {}
        self._form_texts: dict[str, list[Sized]] = {}
        self._form: list[tuple[str, Box]] | None = None
        self._form_sized: list[Sized] | None = None
        self._form_saved: list[tuple[list[tuple[str, Box]] | None, list[Sized] | None,
                                     Box | None, list[Box | None]]] = []
        self._source = source  # the file the canvas writes, to record its pages' text sizes
        self._least = math.inf  # this page's smallest printed text, printer's information too
        self._form_least: dict[str, float] = {}  # a form's, in its own space
        self._least_saved: list[float] = []
        super().__init__(*args, **kwargs)

    # -- state ---------------------------------------------------------------------------

    def saveState(self) -> None:
        self._clip_stack.append(self._clip_box)
        super().saveState()

    def restoreState(self) -> None:
        self._clip_box = self._clip_stack.pop() if self._clip_stack else None
        super().restoreState()

    @property
    def matrix(self) -> Matrix:
        m = self._currentMatrix
        return (m[0], m[1], m[2], m[3], m[4], m[5])

    def _record(self, kind: str, box: Box | None) -> None:
        if box is None or self._exempt:
            return
        box = _clip(box, self._clip_box)  # in a form, its own clip (placing it, the page's)
        if box is None:
            return
        if self._form is not None:  # inside a form: placed (and checked) where it is used
            self._form.append((kind, box))
            return
        if kind == "shapes" and not self._check_shapes:
            return
        over = self._safe.overshoot(Rect.from_corners(*box))
        if over > TOLERANCE:
            self._worst[kind] = max(self._worst.get(kind, 0.0), over)

    # -- what is drawn -------------------------------------------------------------------

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> TrackedText:
        return TrackedText(self, x, y, direction)

    def _least_size(self, sized: Any, m: Matrix) -> None:
        """Note the smallest size a string prints at (every string: a figure made of the page
        shows the printer's information too)."""
        if sized:  # the size as the page states it (``Tf`` with ReportLab's digits)
            least = float(fp_str(min(size for _text, size in sized)))
            self._least = min(self._least, least * area_scale(m))

    def _sizes(self, sized: Any, scale: float) -> None:
        """Note the strings that print under the minimum (``scale``: the transformation's)."""
        if self._exempt:
            return
        if self._form_sized is not None:  # inside a form: sized again where it is placed
            self._form_sized.extend((text, size * scale) for text, size in sized)
            return
        for text, size in sized:
            if size * scale < self._min_text - TOLERANCE:
                self._small.append((text, size * scale))

    def drawText(self, aTextObject: Any) -> None:
        m = self.matrix
        for x0, y0, x1, y1 in getattr(aTextObject, "boxes", ()):
            self._record("text", _bbox(m, [(x0, y0), (x1, y1), (x0, y1), (x1, y0)]))
        self._sizes(getattr(aTextObject, "sized", ()), scale_of(m))
        self._least_size(getattr(aTextObject, "sized", ()), m)
        super().drawText(aTextObject)

    def beginPath(self) -> TrackedPath:
        return TrackedPath()

    def drawPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:
        if stroke or fill:
            self._record("shapes", _bbox(self.matrix, getattr(aPath, "points", [])))
        super().drawPath(aPath, stroke, fill, fillMode)

    def clipPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:
        box = _bbox(self.matrix, getattr(aPath, "points", []))
        if box is not None:
            self._clip_box = _clip(box, self._clip_box) or (box[0], box[1], box[0], box[1])
        if stroke or fill:
            self._record("shapes", box)
        super().clipPath(aPath, stroke, fill, fillMode)

    def _shape(self, points: list[tuple[float, float]]) -> None:
        self._record("shapes", _bbox(self.matrix, points))

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        if stroke or fill:
            self._shape([(x, y), (x + width, y + height), (x, y + height), (x + width, y)])
        super().rect(x, y, width, height, stroke, fill)

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        if stroke or fill:
            self._shape([(x, y), (x + width, y + height), (x, y + height), (x + width, y)])
        super().roundRect(x, y, width, height, radius, stroke, fill)

    def circle(self, x_cen: float, y_cen: float, r: float, stroke: int = 1,
               fill: int = 0) -> None:
        if stroke or fill:
            self._shape([(x_cen - r, y_cen - r), (x_cen + r, y_cen + r),
                         (x_cen - r, y_cen + r), (x_cen + r, y_cen - r)])
        super().circle(x_cen, y_cen, r, stroke, fill)

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1,
                fill: int = 0) -> None:
        if stroke or fill:
            self._shape([(x1, y1), (x2, y2), (x1, y2), (x2, y1)])
        super().ellipse(x1, y1, x2, y2, stroke, fill)

    def wedge(self, x1: float, y1: float, x2: float, y2: float, startAng: float,
              extent: float, stroke: int = 1, fill: int = 0) -> None:
        if stroke or fill:
            self._shape([(x1, y1), (x2, y2), (x1, y2), (x2, y1)])
        super().wedge(x1, y1, x2, y2, startAng, extent, stroke, fill)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shape([(x1, y1), (x2, y2)])
        super().line(x1, y1, x2, y2)

    def lines(self, linelist: Any) -> None:
        for x1, y1, x2, y2 in linelist:
            self._shape([(x1, y1), (x2, y2)])
        super().lines(linelist)

    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,
                  height: float | None = None, *args: Any, **kwargs: Any) -> Any:
        result = super().drawImage(image, x, y, width, height, *args, **kwargs)
        w = width if width is not None else (result[0] if result else 0)
        h = height if height is not None else (result[1] if result else 0)
        self._record("images", _bbox(self.matrix, [(x, y), (x + w, y + h), (x, y + h),
                                                   (x + w, y)]))
        return result

    # -- forms: drawn once, placed many times --------------------------------------------
    # A form keeps the box of each of its shapes as its own clips leave it (in its own
    # space); each placement maps those boxes through the matrix it is placed with, clips
    # them to the placement's clip and checks them: what a drawing made in place would see.

    def beginForm(self, name: str, lowerx: float = 0, lowery: float = 0,
                  upperx: float | None = None, uppery: float | None = None) -> None:
        # what was being drawn (the page, or a form begun mid-way through another: a map's
        # base form drawn while the page is itself a form), taken up again at endForm
        self._form_saved.append((self._form, self._form_sized, self._clip_box,
                                 list(self._clip_stack)))
        self._form = self._forms.setdefault(name, [])
        self._form_sized = self._form_texts.setdefault(name, [])
        self._clip_box = None
        self._least_saved.append(self._least)
        self._least = self._form_least.get(name, math.inf)
        super().beginForm(name, lowerx, lowery, upperx, uppery)

    def endForm(self, **extra_attributes: Any) -> None:
        name = self._formData[0]
        made: list[PDFFormXObject] = []
        add = self._doc.addForm

        def keep(key: str, form: PDFFormXObject) -> None:
            made.append(form)
            add(key, form)

        self._doc.addForm = keep
        try:
            super().endForm(**extra_attributes)
        finally:
            del self._doc.addForm  # the document's own method again
        _declare_graphics_states(made[0])
        self._form, self._form_sized, self._clip_box, self._clip_stack = self._form_saved.pop()
        self._form_least[name] = self._least
        self._least = self._least_saved.pop()

    def doForm(self, name: str) -> None:
        m = self.matrix
        for kind, (x0, y0, x1, y1) in self._forms.get(name, ()):
            self._record(kind, _bbox(m, [(x0, y0), (x1, y1), (x0, y1), (x1, y0)]))
        self._sizes(self._form_texts.get(name, ()), scale_of(m))
        least = self._form_least.get(name, math.inf)
        if least < math.inf:
            self._least = min(self._least, least * area_scale(m))
        super().doForm(name)

    # -- pages ---------------------------------------------------------------------------

    def showPage(self) -> None:
        page = self.getPageNumber()
        where = f"{self._where} page {page}" if self._where else f"page {page}"
        for kind, over in sorted(self._worst.items()):
            self._report.add("error", "outside-safe-area",
                             f"{kind} reach {over / 72 * 25.4:.1f} mm outside the safe area",
                             where)
        if self._small:
            text, size = min(self._small, key=lambda s: s[1])
            self._report.text_too_small(text, size, len(self._small), where=where)
        if self._source and self._least < math.inf:
            self._report.text_sizes[(self._source, page - 1)] = self._least
        self._least = math.inf
        self._worst = {}
        self._small = []
        self._clip_box = None
        self._clip_stack = []
        super().showPage()


@contextmanager
def exempt(canvas: Canvas) -> Iterator[None]:
    """Draw printer's information (marks, slug) that may lie outside the safe area."""
    tracking = isinstance(canvas, TrackingCanvas)
    if tracking:
        canvas._exempt += 1
    try:
        yield
    finally:
        if tracking:
            canvas._exempt -= 1



def clip_rect(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Clip to a rectangle with a literal operator (the path API costs about 10 % of a card
    in imposition); a tracking canvas learns the clip so that what it hides is not checked."""
    canvas._code.append(f"{x:.4f} {y:.4f} {w:.4f} {h:.4f} re W n")
    if isinstance(canvas, TrackingCanvas):
        box = _bbox(canvas.matrix, [(x, y), (x + w, y + h), (x, y + h), (x + w, y)])
        assert box is not None
        canvas._clip_box = _clip(box, canvas._clip_box) or (box[0], box[1], box[0], box[1])


def _declare_graphics_states(form: PDFFormXObject) -> None:
    """ReportLab 5.1 writes a form's resources without the graphics states its stream names
    (a fill alpha drawn inside a form: ``/gRLs0 gs``), so a strict reader drops them. Give the
    form resources that declare them, as a page's do (:mod:`printkit.page.structure` checks
    every written PDF for this)."""
    if not form.ExtGState:
        return
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()  # ReportLab's forms declare every procedure set
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = form.ExtGState
    form.Resources = resources


@contextmanager
def open_canvas(
    path: str | Path,
    paper: Paper,
    *,
    ctx: DrawContext,
    title: str = "",
    subject: str = "",
    author: str = "printkit",
    keywords: str = "",
    frame: SheetFrame | None = None,
) -> Iterator[Canvas]:
    """Yield a canvas for ``paper``; on a clean exit the PDF lands atomically at ``path``.

    The canvas records into the drawing context's preflight recorder whatever it draws
    outside the safe area of ``paper`` (there is no canvas without a context: nothing is
    drawn unchecked). With ``frame`` (a sheet framed for print: ``frame.paper`` is
    ``paper``), the page is the frame's and the safe area lies where the paper lies on it."""
    path = Path(path)
    if not path.parent.exists():
        raise PrintkitError(f"output folder {path.parent} does not exist")
    buffer = io.BytesIO()
    options: dict[str, Any] = dict(pagesize=frame.size if frame else paper.size, invariant=1,
                                   initialFontName=font(FontRole.SANS, ctx.locale),
                                   initialFontSize=10,
                                   pageCompression=1)
    prof = profile(ctx.profile)
    safe = safe_rect(paper, prof)
    if frame is not None:
        safe = frame.to_page(safe)
    canvas: Canvas = TrackingCanvas(buffer, safe=safe, report=ctx.preflight,
                                    check_shapes=prof.name != "print-shop",
                                    where=f"{path.name} [{ctx.locale}]", source=str(path),
                                    **options)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator("printkit")
    canvas.setProducer("printkit (ReportLab)")
    if keywords:
        canvas.setKeywords(keywords)
    canvas.setViewerPreference("PrintScaling", "None")
    yield canvas
    canvas.save()
    try:
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise PrintkitError(f"cannot write {path}: {exc.strerror or exc}") from None
