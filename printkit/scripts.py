"""Writing systems: which script a locale writes in, which way it runs, and how ReportLab lays it.

A locale's script decides its fonts (:func:`printkit.fonts.font` picks a role's font per
script, from ``fonts/manifest.toml``), its line breaking and its direction:

* Japanese (``Jpan``, and Chinese ``Hans``/``Hant``) has no spaces between words: a paragraph
  breaks between any two characters (ReportLab's ``wordWrap="CJK"``, which also keeps closing
  punctuation off the start of a line, letting it hang past the measure instead).
* Arabic and Hebrew run right to left, with numbers and Latin words inside left to right, and
  Arabic letters join. A string drawn on the canvas is made right by :func:`visual`: put in
  display order by the Unicode bidirectional algorithm (python-bidi) and shaped by HarfBuzz
  (``uharfbuzz``, through ReportLab's shaping support), one directional run at a time.

  ReportLab 5.1's ``Paragraph`` cannot lay right-to-left text right: with ``shaping`` it never
  reorders words (its bidi step for shaped and for marked-up paragraphs is switched off in the
  source, ``bidiSort = False #doBidi``), and without it Arabic letters stay unjoined; it also
  needs ReportLab's own ``rlbidi`` package, which is not on PyPI. :func:`paragraph_options`
  therefore refuses a right-to-left locale rather than typeset it wrong.

>>> script("ru"), script("ja"), script("sr_Latn"), script_name("ar")
('Cyrl', 'Jpan', 'Latn', 'arabic')
>>> is_rtl("ar"), is_rtl("he_IL"), is_rtl("fr")
(True, True, False)
>>> paragraph_options("ja")
{'wordWrap': 'CJK'}
>>> paragraph_options("fr")
{}
"""

from __future__ import annotations

import types
import unicodedata
from functools import cache
from typing import Any

import pyphen  # type: ignore[import-untyped]
from babel import Locale, UnknownLocaleError
from babel.core import get_global, parse_locale
from bidi import algorithm as uba  # type: ignore[import-untyped]
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import shapeStr

from printkit.errors import PrintkitError

#: ISO 15924 script codes and the names ``fonts/manifest.toml`` uses for them.
SCRIPT_NAMES: dict[str, str] = {
    "Latn": "latin",
    "Cyrl": "cyrillic",
    "Grek": "greek",
    "Jpan": "japanese",
    "Hans": "chinese-simplified",
    "Hant": "chinese-traditional",
    "Kore": "korean",
    "Arab": "arabic",
    "Hebr": "hebrew",
}
SCRIPT_CODES: dict[str, str] = {name: code for code, name in SCRIPT_NAMES.items()}

#: A few letters every font for the script must have (the fallback chain skips a font that
#: lacks one): the basic alphabet, or for Japanese the kana and some everyday kanji.
SCRIPT_SAMPLES: dict[str, str] = {
    "Latn": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "Cyrl": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "Grek": "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψω",
    "Jpan": "あいうえおかきくけこんアイウエオカキクケコン日本語点数合計名前",
    "Hans": "的一是不了人我在有他这中大来上国个到说们为",
    "Hant": "的一是不了人我在有他這中大來上國個到說們為",
    "Kore": "가나다라마바사아자차카타파하",
    "Arab": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "Hebr": "אבגדהוזחטיכלמנסעפצקרשת",
}

#: Scripts written without spaces between words: a line may break between any two characters.
UNSPACED = frozenset({"Jpan", "Hans", "Hant"})


def _parse(locale: str) -> Locale:
    try:
        return Locale.parse(locale.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        raise PrintkitError(f"unknown locale {locale!r}") from None


@cache
def script(locale: str) -> str:
    """The ISO 15924 code of the script ``locale`` is written in (``Latn``, ``Cyrl``...).

    A locale that names no script (``ru``, ``ja``) gets its likely one from CLDR, as Babel
    knows it (``ru`` -> ``ru_Cyrl_RU``).
    """
    loc = _parse(locale)
    if loc.script:
        return str(loc.script)
    likely = get_global("likely_subtags")
    keys = [f"{loc.language}_{loc.territory}"] if loc.territory else []
    for key in [*keys, loc.language, f"und_{loc.territory}" if loc.territory else ""]:
        if key and key in likely:
            found = parse_locale(likely[key])[2]  # (language, territory, script, ...)
            if found:
                return str(found)
    return "Latn"


def script_name(locale: str) -> str:
    """The manifest's name of ``locale``'s script (``latin``, ``cyrillic``, ``japanese``...);
    a script printkit has no name for is named by its ISO 15924 code in lower case."""
    code = script(locale)
    return SCRIPT_NAMES.get(code, code.lower())


@cache
def is_rtl(locale: str) -> bool:
    """Is ``locale`` written right to left (Arabic, Hebrew, Persian...)?"""
    return bool(_parse(locale).character_order == "right-to-left")


def direction(locale: str) -> str:
    """``"RTL"`` or ``"LTR"``: the base direction of ``locale``'s paragraphs."""
    return "RTL" if is_rtl(locale) else "LTR"


def paragraph_options(locale: str) -> dict[str, Any]:
    """The :class:`~reportlab.lib.styles.ParagraphStyle` keywords ``locale`` needs.

    Japanese and Chinese break lines between characters (``wordWrap="CJK"``; a closing mark
    may hang up to one character past the frame); other left-to-right locales need nothing::

        ParagraphStyle("body", fontName=ctx.font(FontRole.SANS), **paragraph_options(ctx.locale))

    Hyphenation (``hyphenationLang``) is for spaced scripts: leave it off for Japanese.
    A right-to-left locale raises :class:`PrintkitError`: ReportLab 5.1 paragraphs cannot be
    shaped and laid right to left at once (see the module's notes); draw such text on the
    canvas with :func:`visual`.
    """
    if is_rtl(locale):
        raise PrintkitError(
            f"right-to-left paragraphs ({locale}) are not supported: ReportLab 5.1 cannot "
            "shape Arabic and order it right to left in one Paragraph; canvas strings can be "
            "drawn with printkit.scripts.visual()")
    if script(locale) in UNSPACED:
        return {"wordWrap": "CJK"}
    return {}


def hyphenation_options(locale: str) -> dict[str, Any]:
    """The ParagraphStyle keywords that hyphenate ``locale`` with pyphen's dictionary (none for
    a language pyphen lacks, or one written without spaces). Text boxes shrink their text
    first and hyphenate only when even the smallest size does not fit.

    >>> hyphenation_options("de")["hyphenationLang"]
    'de'
    >>> hyphenation_options("ja")
    {}
    """
    if script(locale) in UNSPACED or is_rtl(locale):
        return {}
    language = pyphen.language_fallback(locale.replace("-", "_"))
    return {"hyphenationLang": language, "embeddedHyphenation": 1} if language else {}


def visual(text: str, locale: str, font_name: str, size: float) -> str:
    """``text`` ready for ``canvas.drawString`` (``drawRightString``...) in ``locale``.

    For a right-to-left locale: in display order by the bidirectional algorithm (right-to-left
    words, left-to-right numbers and Latin words, punctuation where it belongs, brackets
    mirrored) and shaped with ``font_name`` by HarfBuzz (joined Arabic letters, marks placed),
    each directional run on its own. ReportLab draws the returned string's glyphs at their
    shaped positions; :func:`visual_width` is its width. Check the glyphs of ``text``, not of
    what this returns. Text of other locales comes back as it is.
    """
    if not is_rtl(locale) or not text:
        return text
    _digits_left_to_right()

    v2l: list[int] = []
    levels: list[int] = []
    shown = log2vis(text, "RTL", clean=True, positions_V_to_L=v2l, embedding_levels=levels)
    result: str = ""
    start = 0
    while start < len(shown):
        end = start + 1
        level = levels[v2l[start]]
        while (end < len(shown) and levels[v2l[end]] == level
               and abs(v2l[end] - v2l[end - 1]) == 1):
            end += 1
        first, last = sorted((v2l[start], v2l[end - 1]))
        logical = text[first:last + 1]
        if level % 2 and any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in logical):
            piece = logical  # HarfBuzz lays a right-to-left run out right to left itself
        else:
            piece = shown[start:end]  # already in display order, brackets mirrored
        shaped = shapeStr(piece, font_name, size, force=True)
        result = shaped if not result else result + shaped
        start = end
    return result


def visual_width(text: str, locale: str, font_name: str, size: float) -> float:
    """The width (pt) of ``text`` drawn as :func:`visual` makes it."""
    shown = visual(text, locale, font_name, size)
    data = getattr(shown, "__shapeData__", None)
    if data is None:
        return float(stringWidth(shown, font_name, size))
    return float(sum(d.x_advance for d in data) * size / 1000)


# -- the bidirectional algorithm and shaping ------------------------------------------------

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")


def log2vis(text: str, base_direction: str | None = None, clean: bool = False,
            reordernsm: bool = True, positions_L_to_V: list[int] | None = None,
            positions_V_to_L: list[int] | None = None,
            embedding_levels: list[int] | None = None, **_ignored: Any) -> str:
    """``text`` in display order by the Unicode bidirectional algorithm (python-bidi's, whose
    steps are run one by one to keep track of each character), brackets mirrored. The
    signature is that of ``rlbidi.log2vis`` (ReportLab's): ``positions_V_to_L`` (and
    ``positions_L_to_V``, ``embedding_levels``, the resolved levels) are filled in when given;
    ``clean`` drops the invisible direction marks.

    >>> log2vis("abc 12 DEF", "LTR")
    'abc 12 DEF'
    >>> v2l = []
    >>> log2vis("\\u05d0\\u05d1 12", "RTL", positions_V_to_L=v2l), v2l
    ('12 \\u05d1\\u05d0', [3, 4, 2, 1, 0])
    """
    storage = uba.get_empty_storage()
    wanted = (base_direction or "").upper()
    if wanted in ("RTL", "R"):
        level = 1
    elif wanted in ("LTR", "L"):
        level = 0
    else:
        level = uba.get_base_level(text)
    storage["base_level"] = level
    storage["base_dir"] = ("L", "R")[level]
    uba.get_embedding_levels(text, storage)
    for index, ch in enumerate(storage["chars"]):
        ch["logical"] = index
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    levels = {ch["logical"]: ch["level"] for ch in storage["chars"]}
    uba.reorder_resolved_levels(storage, False)
    uba.apply_mirroring(storage, False)
    chars = [ch for ch in storage["chars"] if not (clean and ch["ch"] in _BIDI_CONTROLS)]
    if positions_V_to_L is not None:
        positions_V_to_L[:] = [ch["logical"] for ch in chars]
    if positions_L_to_V is not None:
        l2v = [-1] * len(text)
        for visual_index, ch in enumerate(chars):
            l2v[ch["logical"]] = visual_index
        positions_L_to_V[:] = l2v
    if embedding_levels is not None:
        embedding_levels[:] = [levels.get(i, level) for i in range(len(text))]
    return "".join(ch["ch"] for ch in chars)


def _digits_left_to_right() -> None:
    """HarfBuzz takes a word's direction from its script, and Arabic-Indic digits (١٢) are of
    the Arabic script: ReportLab would shape a word of them right to left, reversing the
    number. ReportLab's shaping gets a HarfBuzz buffer that lays out left to right any text
    without a right-to-left letter."""
    hb = ttfonts.uharfbuzz
    if hb is None or getattr(hb, "_printkit_mended", False):
        return

    class Buffer(hb.Buffer):  # type: ignore[misc,name-defined]
        text = ""

        def add_str(self, text: str, *args: Any, **kwargs: Any) -> None:
            self.text = text
            super().add_str(text, *args, **kwargs)

        def guess_segment_properties(self) -> None:
            super().guess_segment_properties()
            if getattr(self, "direction", None) == "rtl" and not any(
                    unicodedata.bidirectional(ch) in ("R", "AL") for ch in self.text):
                self.direction = "ltr"

    proxy = types.ModuleType(hb.__name__, hb.__doc__)
    proxy.__dict__.update({k: v for k, v in vars(hb).items() if not k.startswith("__")})
    proxy.Buffer = Buffer  # type: ignore[attr-defined]
    proxy._printkit_mended = True  # type: ignore[attr-defined]
    ttfonts.uharfbuzz = proxy
