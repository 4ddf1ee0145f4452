"""Text that must fit a box: the largest font size whose wrapped lines fit both axes.

Lines are broken here, not by ReportLab's ``Paragraph``, so that what is measured is what is
drawn: a box's height is the *ink* height of its lines (the first line's ascender to the last
line's descender), and no line is ever wider than the box (``Paragraph`` splits a long word
without a hyphen, and lets a line run a little past its width).

At each size the text is first wrapped on spaces only; if that overflows, it is wrapped again
with hyphenation (pyphen, per language) before a smaller size is tried: a word that does not
fit the rest of a line is split at a hyphenation point, with a hyphen, and a word wider than a
whole line is split as often as it needs.

>>> hy = hyphenator("en")
>>> [head for head, _tail in hy("counterrevolutionaries")][:3]
['counterrevolutionar', 'counterrevolution', 'counterrevolu']
>>> from printkit.fonts import font
>>> lines, _widest, hyphenated = wrap("Take the counterrevolutionaries token",
...                                   font(FontRole.SANS, "en"), 10, 60, hy)
>>> lines, hyphenated
(('Take the', 'counterre-', 'volutionaries', 'token'), True)
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyphen  # type: ignore[import-untyped]
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from printkit.errors import PrintkitError
from printkit.fonts import FontRole, font

if TYPE_CHECKING:  # ReportLab is imported when text is fitted: ``printkit deck`` starts fast
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

#: a word -> its (head, tail) splits, the longest head first (pyphen's ``iterate``)
Hyphenator = Callable[[str], Iterable[tuple[str, str]]]

LEADING = 1.15  # line spacing, times the font size
TOLERANCE = 0.01  # points
SOFT_HYPHEN = "\u00ad"
_PREFIX = re.compile(r"^[\W\d_]+")  # quotes, brackets... before a word's letters
_SUFFIX = re.compile(r"[\W\d_]+$")  # punctuation after them


@functools.cache
def hyphenator(lang: str) -> Hyphenator:
    """Pyphen's hyphenation for ``lang`` (``en``, ``en_GB``, ``en_US``, ``fr``, ``de`` ... as
    pyphen names them; ``de-DE`` and ``fr_FR`` fall back to ``de_DE`` and ``fr``). At least
    two letters stay before a break and three after it."""
    name = pyphen.language_fallback(lang.strip().replace("-", "_")) if lang.strip() else None
    if name is None:
        raise PrintkitError(f"no hyphenation dictionary for --lang {lang!r}; choose from "
                            f"{', '.join(sorted(pyphen.LANGUAGES))}")
    dictionary = pyphen.Pyphen(lang=name, left=2, right=3)

    def iterate(word: str) -> Iterable[tuple[str, str]]:
        return ((str(head), str(tail)) for head, tail in dictionary.iterate(word))

    return iterate


_NO_LINE_START = frozenset("、。，．・：；？！ー」』）】〕〉》”’ゝゞ"
                           "ぁぃぅぇぉっゃゅょァィゥェォッャュョ%),.:;?!")
"""Characters a line may not start with (Japanese kinsoku: closing marks, small kana)."""


def is_unspaced(word: str) -> bool:
    """Whether ``word`` holds Chinese or Japanese characters, written without spaces between
    words: such a run may break between any two characters.

    >>> is_unspaced("移動力"), is_unspaced("move")
    (True, False)
    """
    return any("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff"
               or "\uff00" <= ch <= "\uffef" for ch in word)


def _character_splits(word: str) -> list[tuple[str, str]]:
    """Where an unspaced ``word`` may break, longest head first: between any two characters,
    but never before a closing mark or a small kana (no hyphen is added)."""
    return [(word[:i], word[i:]) for i in range(len(word) - 1, 0, -1)
            if word[i] not in _NO_LINE_START]


def _splits(word: str, hyphenate: Hyphenator) -> list[tuple[str, str]]:
    """Where ``word`` may break, longest head first: ``(head as drawn, tail)``. A head ends in
    a hyphen: one added at a hyphenation point (soft hyphens typed in the text are taken as
    the only points of their word), or the word's own hyphen ("well-" "known")."""
    out: list[tuple[str, str]] = []
    if SOFT_HYPHEN in word:
        parts = word.split(SOFT_HYPHEN)
        return [("".join(parts[:i]) + "-", SOFT_HYPHEN.join(parts[i:]))
                for i in range(len(parts) - 1, 0, -1)]
    for i in range(len(word) - 2, 0, -1):  # the word's own hyphens (not a leading/trailing one)
        if word[i] in "-\u2010" and word[i - 1].isalpha() and word[i + 1].isalpha():
            out.append((word[: i + 1], word[i + 1:]))
    prefix = _PREFIX.match(word)
    suffix = _SUFFIX.search(word)
    start = prefix.end() if prefix else 0
    end = suffix.start() if suffix and suffix.start() > start else len(word)
    core = word[start:end]
    if len(core) >= 5 and core.isalpha():
        out.extend((word[:start] + head + "-", tail + word[end:]) for head, tail in hyphenate(core))
    return sorted(out, key=lambda split: len(split[0]), reverse=True)


def wrap(text: str, font_name: str, size: float, width: float,
         hyphenate: Hyphenator | None = None, *, only_long: bool = False
         ) -> tuple[tuple[str, ...], float, bool]:
    """Break ``text`` into lines no wider than ``width`` (greedy, on spaces; with
    ``hyphenate``, also inside a word that does not fit the rest of its line, or with
    ``only_long`` only inside a word wider than a whole line, which starts where it falls;
    Chinese and Japanese, written without spaces, break between characters, as
    :func:`is_unspaced` says).
    Returns the lines, the widest line's width (over ``width`` when a word cannot be broken
    small enough) and whether a word was split."""
    def measure(s: str) -> float:
        return float(stringWidth(s, font_name, size))

    lines: list[str] = []
    hyphenated = False
    for hard_line in text.splitlines() if text.strip() else []:
        words = deque(hard_line.split())
        line = ""
        while words:
            word = words.popleft()
            candidate = f"{line} {word}" if line else word
            if measure(candidate.replace(SOFT_HYPHEN, "")) <= width + TOLERANCE:
                line = candidate
                continue
            lead = f"{line} " if line else ""
            # with only_long, a word that fits a line of its own is not split: it moves down
            unspaced = is_unspaced(word)
            may_split = (unspaced or hyphenate is not None) and not (
                only_long and line and measure(word.replace(SOFT_HYPHEN, "")) <= width + TOLERANCE)
            splits = (_character_splits(word) if unspaced
                      else _splits(word, hyphenate) if hyphenate is not None else [])
            split = next((s for s in splits
                          if measure((lead + s[0]).replace(SOFT_HYPHEN, "")) <= width + TOLERANCE),
                         None) if may_split else None
            if split is not None:  # the head ends this line, the tail starts the next
                lines.append(lead + split[0])
                words.appendleft(split[1])
                line, hyphenated = "", hyphenated or not unspaced
                continue
            if line:  # the word starts the next line (and is split there if it must be)
                lines.append(line)
                words.appendleft(word)
                line = ""
            else:  # a word wider than the line that cannot be split: it overflows
                line = word
        lines.append(line)
    lines = [line.replace(SOFT_HYPHEN, "") for line in lines]
    widest = max((measure(line) for line in lines), default=0.0)
    return tuple(lines), widest, hyphenated


@dataclass(frozen=True)
class Fitted:
    """Wrapped lines at one size, measured as drawn. ``height`` is the ink height: from the
    first line's ascender to the last line's descender (``ascent + descent`` plus a leading
    per extra line); nothing drawn by :meth:`draw` reaches outside ``width x height``."""

    size: float  # font size used (pt)
    width: float  # the widest line (pt)
    height: float
    fits: bool  # False when even ``min_size`` overflows (the lines are then at ``min_size``)
    lines: tuple[str, ...]
    font_name: str
    ascent: float  # above a baseline (pt)
    descent: float  # below a baseline (pt, positive)
    leading: float
    hyphenated: bool = False  # a word was split at a hyphenation point
    align: str = "center"
    color: Color | None = None

    def draw(self, c: Canvas, x: float, top: float, w: float) -> None:
        """Draw the lines in the box ``x .. x + w`` whose top (the first line's ascender) is
        at ``top``."""
        if self.color is not None:
            c.setFillColor(self.color)
        c.setFont(self.font_name, self.size, self.leading)
        baseline = top - self.ascent
        for line in self.lines:
            if self.align == "center":
                c.drawCentredString(x + w / 2, baseline, line)
            elif self.align == "right":
                c.drawRightString(x + w, baseline, line)
            else:
                c.drawString(x, baseline, line)
            baseline -= self.leading


def layout(text: str, role: FontRole, size: float, w: float, h: float, *, locale: str,
           hyphenate: Hyphenator | None = None, align: str = "center",
           color: Color | None = None, leading: float = LEADING) -> Fitted:
    """``text`` at ``size`` in a ``w x h`` box, in the font playing ``role`` in ``locale``:
    wrapped on spaces, or, when that overflows and
    ``hyphenate`` is given, with as little hyphenation as it takes (first only words wider
    than a line are split, then any word that would end a line)."""
    name = font(role, locale)
    ascent, descent = (abs(float(v)) for v in getAscentDescent(name, size))
    step = size * leading
    fitted = None
    # on spaces; then splitting only words wider than a line; then at any line's end
    tries = [(None, False)] + ([(hyphenate, True), (hyphenate, False)] if hyphenate else [])
    for hy, only_long in tries:
        lines, widest, hyphenated = wrap(text, name, size, w, hy, only_long=only_long)
        height = ascent + descent + (len(lines) - 1) * step if lines else 0.0
        ok = widest <= w + TOLERANCE and height <= h + TOLERANCE
        fitted = Fitted(size, widest, height, ok, lines, name, ascent, descent, step,
                        hyphenated, align, color)
        if ok:
            break
    assert fitted is not None
    return fitted


def fit_text(text: str, role: FontRole, w: float, h: float, *, locale: str, max_size: float = 12,
             min_size: float = 6, step: float = 0.25, align: str = "center",
             color: Color | None = None, hyphenate: Hyphenator | None = None) -> Fitted:
    """Largest size in ``[min_size, max_size]`` (multiples of ``step`` above ``min_size``) at
    which ``text`` fits ``w x h`` pt, hyphenated if that is what it takes; a binary search, so
    ~5 wraps per text. When even ``min_size`` overflows, the lines at ``min_size`` with
    ``fits`` False."""
    def at(size: float) -> Fitted:
        return layout(text, role, size, w, h, locale=locale, hyphenate=hyphenate, align=align,
                      color=color)

    best = at(min_size)
    if not best.fits:
        return best
    lo, hi = 0, int(round((max_size - min_size) / step))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        fitted = at(min_size + mid * step)
        if fitted.fits:
            lo, best = mid, fitted
        else:
            hi = mid - 1
    return best
