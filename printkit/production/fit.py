"""Text that must fit a box: the largest font size whose wrapped paragraph fits both axes.

A search over sizes with ``Paragraph.wrap`` does slightly better than ``KeepInFrame(shrink)``
(it re-wraps at each size instead of scaling one wrapping down).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

if TYPE_CHECKING:  # ReportLab is imported when text is fitted: ``printkit deck`` starts fast
    from reportlab.lib.colors import Color
    from reportlab.platypus import Paragraph


@dataclass(frozen=True)
class Fitted:
    size: float  # font size used (pt)
    width: float  # the paragraph's wrapped size (pt)
    height: float
    fits: bool  # False when even ``min_size`` overflows (drawn at min_size, clipped)
    paragraph: Paragraph  # wrapped, ready for drawOn


def paragraph(text: str, role: str, size: float, *, align: str = "center",
              leading: float = 1.15, color: Color | None = None) -> Paragraph:
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from printkit.fonts import font

    alignment = {"center": TA_CENTER, "left": TA_LEFT, "justify": TA_JUSTIFY}[align]
    style = ParagraphStyle("fit", fontName=font(role), fontSize=size, leading=size * leading,
                           alignment=alignment, **({"textColor": color} if color else {}))
    markup = "<br/>".join(escape(line) for line in text.splitlines())
    return Paragraph(markup, style)


def _fits(text: str, role: str, size: float, w: float, h: float, align: str,
          color: Color | None = None) -> tuple[bool, Paragraph, float, float]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.fonts import font

    para = paragraph(text, role, size, align=align, color=color)
    pw, ph = para.wrap(w, h)
    # Paragraph never breaks a long word: check the widest word ourselves (x axis)
    widest = max((stringWidth(word, font(role), size) for word in text.split()), default=0.0)
    return (ph <= h + 0.01 and widest <= w + 0.01), para, pw, ph


def fit_text(text: str, role: str, w: float, h: float, *, max_size: float = 12,
             min_size: float = 6, step: float = 0.25, align: str = "center",
             color: Color | None = None) -> Fitted:
    """Largest size in ``[min_size, max_size]`` (multiples of ``step``) at which ``text``
    fits ``w x h`` pt; a binary search, so ~5 wraps per text."""
    lo, hi = 0, int(round((max_size - min_size) / step))
    ok, para, pw, ph = _fits(text, role, min_size, w, h, align, color)
    if not ok:
        return Fitted(min_size, pw, ph, False, para)
    best = (min_size, para, pw, ph)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        size = min_size + mid * step
        ok, para, pw, ph = _fits(text, role, size, w, h, align, color)
        if ok:
            lo, best = mid, (size, para, pw, ph)
        else:
            hi = mid - 1
    size, para, pw, ph = best
    return Fitted(size, pw, ph, True, para)
