"""A font for every script: per-script role fonts, Japanese line breaking, Arabic shaped and
laid right to left, every glyph present and every font embedded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal, format_percent
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit import fonts, scripts
from printkit.context import BuildContext, DrawContext
from printkit.errors import PrintkitError
from printkit.fonts import FontRole, font, font_for, manifest, missing_glyphs
from printkit.i18n import available_locales
from printkit.page.preflight import Preflight
from printkit.paper import paper
from printkit.scripts import SCRIPT_SAMPLES, paragraph_options, visual, visual_width

ROLES = list(manifest())
LOCALES = ["en", "fr", "ru", "ja", "ar"]
LRM = "\u200e"


# -- which font plays a role in which script -----------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("role", ROLES)
def test_every_role_has_a_font_with_the_letters_of_each_script(role: FontRole,
                                                                locale: str) -> None:
    name = font(role, locale)
    assert pdfmetrics.getFont(name).face is not None
    sample = SCRIPT_SAMPLES[scripts.script(locale)]
    assert missing_glyphs(sample, role, locale) == [], (role, locale, font_for(role, locale))


def _face(role: FontRole, locale: str) -> str:
    return str(pdfmetrics.getFont(font(role, locale)).face.name)


def test_russian_handwriting_is_caveat_not_kalam() -> None:
    assert missing_glyphs("Счёт", FontRole.HAND, "en") != []  # Kalam: no Cyrillic
    for role in (FontRole.HAND, FontRole.HAND_BOLD):
        assert font_for(role, "ru").source.startswith("caveat"), font_for(role, "ru")
        assert "Caveat" in _face(role, "ru")
        assert missing_glyphs("Итог: 1\u00a0234,5 очков", role, "ru") == []
    assert font(FontRole.HAND, "ru") != font(FontRole.HAND, "en")
    assert font(FontRole.SANS, "ru") == font(FontRole.SANS, "en")  # Fira Sans has Cyrillic


def test_japanese_and_arabic_fonts() -> None:
    for role in ROLES:
        assert "NotoSansJP" in _face(role, "ja"), role
        assert any(f in _face(role, "ar") for f in ("NotoSansArabic", "Amiri")), role
    assert "Amiri" in _face(FontRole.HAND, "ar")  # the written values differ from printed labels
    assert "Amiri" not in _face(FontRole.SANS, "ar")


def test_a_locale_names_its_script_through_likely_subtags() -> None:
    assert [scripts.script_name(x) for x in ("en", "fr_CA", "ru", "uk", "ja", "ar_EG", "he",
                                              "sr", "sr_Latn", "zh_TW")] == [
        "latin", "latin", "cyrillic", "cyrillic", "japanese", "arabic", "hebrew", "cyrillic",
        "latin", "chinese-traditional"]


def test_draw_context_fonts_follow_its_locale() -> None:
    ctx = DrawContext(BuildContext(paper("a4"), locale="ru"), Preflight())
    assert ctx.font(FontRole.HAND) == font(FontRole.HAND, "ru")
    assert ctx.check_glyphs(FontRole.HAND, "Счёт")  # checked against Caveat, not Kalam
    en = DrawContext(BuildContext(paper("a4"), locale="en"), Preflight())
    assert not en.check_glyphs(FontRole.HAND, "Счёт")
    assert "lacks" in en.preflight.errors[0].message


def test_the_fallback_chain_skips_a_user_font_without_the_script(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    kalam = font_for(FontRole.HAND, "en").path
    try:
        fonts.resolve.cache_clear()
        monkeypatch.setenv("PRINTKIT_FONT_HAND", str(kalam))
        assert fonts.resolve(FontRole.HAND, "latin").source == "PRINTKIT_FONT_HAND"
        assert fonts.resolve(FontRole.HAND, "cyrillic").source.startswith("caveat")
        fonts.resolve.cache_clear()
        monkeypatch.setenv("PRINTKIT_FONT_HAND_CYRILLIC", str(kalam))  # forced, even so
        assert fonts.resolve(FontRole.HAND, "cyrillic").source == "PRINTKIT_FONT_HAND_CYRILLIC"
    finally:
        monkeypatch.undo()
        fonts.resolve.cache_clear()


# -- the characters number formatting prints -----------------------------------------------------

def _latin_locales() -> list[str]:
    return sorted({"en", "fr", *(x for x in available_locales()
                                 if scripts.script_name(x) == "latin")})


@pytest.mark.parametrize("locale", _latin_locales())
@pytest.mark.parametrize("role", ROLES)
def test_latin_fonts_have_the_no_break_spaces_of_french_numbers(role: FontRole,
                                                                 locale: str) -> None:
    text = (format_decimal(1234567.5, locale="fr") + format_percent(0.5, locale="fr")
            + "\u00a0\u202f")
    assert "\u202f" in format_decimal(1234.5, locale="fr")  # what we guard against
    assert missing_glyphs(text, role, locale) == []
    name = font(role, locale)
    narrow, space = (pdfmetrics.stringWidth(c, name, 10) for c in ("\u202f", " "))
    assert 0 < narrow < space  # a narrow space, not a missing glyph's box or nothing
    assert pdfmetrics.stringWidth("\u00a0", name, 10) == space


@pytest.mark.parametrize("locale", ["ja", "ar"])
def test_other_scripts_print_their_numbers(locale: str) -> None:
    for role in ROLES:
        assert missing_glyphs(format_decimal(-1234567.5, locale=locale) + "%\u00a0\u202f"
                              + LRM, role, locale) == [], role


def test_missing_glyphs_counts_spaces_but_not_line_breaks() -> None:
    assert missing_glyphs("Score\n\t1\u202f234", FontRole.SANS, "fr") == []
    assert missing_glyphs("合計 合", FontRole.SANS, "fr") == sorted("合計")


# -- Japanese ------------------------------------------------------------------------------------

JA = ("各プレイヤーは毎ラウンドさいころを五個振り、合計点数を用紙の正しい欄に書いてから、"
      "次のプレイヤーにさいころを渡します。")


def _lines(p: Paragraph) -> list[str]:
    return ["".join(words) for _space, words in p.blPara.lines]


def test_a_japanese_paragraph_breaks_between_characters() -> None:
    name = font(FontRole.SANS, "ja")
    st = ParagraphStyle("ja", fontName=name, fontSize=12, leading=18, **paragraph_options("ja"))
    p = Paragraph(JA, st)
    _w, h = p.wrap(120, 1000)
    lines = _lines(p)
    assert len(lines) >= 5 and "".join(lines) == JA  # broken within the run, nothing lost
    # within the measure, but for a closing mark that hangs past it (burasage, as Japanese
    # typesetting does rather than start a line with it)
    assert all(pdfmetrics.stringWidth(line.rstrip("、。"), name, 12) <= 120 for line in lines)
    assert all(line[0] not in "、。" for line in lines)  # no line starts with a closing mark
    plain = Paragraph(JA, ParagraphStyle("plain", fontName=name, fontSize=12, leading=18))
    plain.wrap(120, 1000)  # without CJK wrap: overlong "words" cut anywhere, marks and all
    assert any(line[0] in "、。" for line in _lines(plain))


# -- Arabic --------------------------------------------------------------------------------------

def _harfbuzz(text: str, name: str) -> list[int]:
    """Glyph ids of ``text`` shaped right to left by HarfBuzz itself: the oracle."""
    import uharfbuzz as hb  # type: ignore[import-untyped]  # uharfbuzz ships no types

    face = pdfmetrics.getFont(name).face
    hbf = hb.Font(hb.Face(hb.Blob(face._ttf_data)))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(hbf, buf, {})
    return [info.codepoint for info in buf.glyph_infos]


def _gids(shown: str, name: str) -> list[int]:
    cmap = pdfmetrics.getFont(name).face.charToGlyph
    return [cmap[ord(ch)] for ch in shown]


def test_arabic_canvas_text_is_shaped_and_right_to_left() -> None:
    name = font(FontRole.SANS, "ar")
    cmap = pdfmetrics.getFont(name).face.charToGlyph
    word = "لعب"  # lam, ain, beh: initial, medial and final forms
    nominal = [cmap[ord(ch)] for ch in word]
    shaped = _harfbuzz(word, name)
    assert shaped != nominal and shaped != nominal[::-1]  # HarfBuzz substitutes joined forms
    assert _gids(visual(word, "ar", name, 12), name) == shaped
    # words right to left, numbers left to right, on the left end of the line
    shown = _gids(visual("جولة نقطة 12", "ar", name, 12), name)
    assert shown == ([cmap[ord("1")], cmap[ord("2")], cmap[ord(" ")]]
                     + _harfbuzz("نقطة", name) + [cmap[ord(" ")]] + _harfbuzz("جولة", name))
    # Arabic-Indic digits too run left to right
    assert _gids(visual("١٢", "ar", name, 12), name) == [cmap[ord("١")], cmap[ord("٢")]]
    assert visual("Score 12", "fr", name, 12) == "Score 12"


def test_arabic_numbers_keep_their_minus_sign_in_front() -> None:
    ctx = DrawContext(BuildContext(paper("a4"), locale="ar"), Preflight())
    number = ctx.format_number(-1234.5)
    assert number.startswith(LRM)
    shown = scripts.log2vis("المجموع: " + number, "RTL", clean=True)
    assert shown.startswith("-1,234.5")


def test_log2vis_agrees_with_python_bidi() -> None:
    from bidi import get_display  # type: ignore[import-untyped]  # python-bidi: no types

    for text in ("النتيجة 123 نقطة", "abc אבג 12 def", "في الجولة 4 من 10، ثم A4",
                 "שלום 1,234.5 עולם"):
        for base in ("RTL", "LTR"):
            assert scripts.log2vis(text, base) == get_display(text, base_dir=base[0])


def test_visual_width_is_the_drawn_width() -> None:
    name = font(FontRole.SANS, "ar")
    text = "المجموع 45 نقطة"
    shown: Any = visual(text, "ar", name, 10)  # ReportLab's shaped str, with __shapeData__
    assert visual_width(text, "ar", name, 10) == pytest.approx(
        sum(d.x_advance for d in shown.__shapeData__) / 100)
    assert visual_width("Total", "fr", font(FontRole.SANS, "fr"), 10) == pytest.approx(
        pdfmetrics.stringWidth("Total", font(FontRole.SANS, "fr"), 10))


def test_paragraph_options() -> None:
    assert paragraph_options("ja") == {"wordWrap": "CJK"}
    assert paragraph_options("fr") == paragraph_options("ru") == {}
    # ReportLab 5.1 paragraphs cannot be shaped and laid right to left: refused, not shipped
    for locale in ("ar", "he"):
        with pytest.raises(PrintkitError, match="right-to-left"):
            paragraph_options(locale)


# -- embedding -----------------------------------------------------------------------------------

def test_every_font_is_embedded_as_a_truetype_subset(tmp_path: Path) -> None:
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject

    out = tmp_path / "all.pdf"
    c = Canvas(str(out), pagesize=(600, 800), initialFontName=font(FontRole.SANS, "en"))
    samples = {"en": "Score 1,234", "fr": "Score 1\u202f234,5", "ru": "Счёт 1\u00a0234",
               "ja": "合計点数 1,234", "ar": "المجموع 1,234"}
    y = 780
    for locale, text in samples.items():
        for role in ROLES:
            name = font(role, locale)
            c.setFont(name, 10)
            c.drawString(20, y, visual(text, locale, name, 10))
            y -= 14
    c.save()
    assert out.stat().st_size < 400_000  # the CJK font (5.7 MB) goes in as a subset
    seen = set()
    for page in PdfReader(str(out)).pages:
        resources = page["/Resources"]
        assert isinstance(resources, DictionaryObject)  # pypdf types its objects loosely
        page_fonts = resources["/Font"]
        assert isinstance(page_fonts, DictionaryObject)
        for ref in page_fonts.values():
            f = ref.get_object()
            base = str(f["/BaseFont"])
            descendants = [d.get_object() for d in f.get("/DescendantFonts", [])]
            for obj in [f, *descendants]:
                if "/FontDescriptor" in obj:
                    assert "/FontFile2" in obj["/FontDescriptor"].get_object(), base
            assert "+" in base, base  # ReportLab's subset tag
            seen.add(base.split("+", 1)[1])
    for face in ("FiraSans", "Kalam", "Caveat", "NotoSansJP", "NotoSansArabic", "Amiri"):
        assert any(face in s for s in seen), (face, seen)
