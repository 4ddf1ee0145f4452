"""Labels go through gettext; the extraction config finds them; catalogs translate sheets."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from printkit.context import BuildContext
from printkit.fonts import manifest, missing_glyphs
from printkit.i18n import available_locales, translations
from printkit.paper import paper
from tests.conftest import extracted_message_ids, pdf_text

ROOT = Path(__file__).resolve().parent.parent


def test_extraction_finds_the_sheet_labels(tmp_path):
    ids = extracted_message_ids(tmp_path)
    for label in ["Score", "Total", "Final", "WAITING FOR THE GAME TO START", "Round %(n)d",
                  "Print at 100 % / actual size"]:
        assert label in ids, label


def test_french_catalog_translates_and_falls_back():
    assert "fr" in available_locales()
    fr = translations("fr").gettext
    assert fr("Round %(n)d") % {"n": 2} == "Manche 2"
    assert fr("a label nobody translated") == "a label nobody translated"
    assert translations("fr_CA").gettext("Name") == "Nom"  # region falls back to the language
    assert translations("xx").gettext("Name") == "Name"  # no catalog: English


def test_french_sheet(tmp_path):
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.components import SheetOptions, draw_play_sheet

    out = tmp_path / "fr.pdf"
    with drawing(BuildContext(paper("a4"), locale="fr")) as ctx:
        draw_play_sheet(ctx, SheetOptions(), out)
    text = pdf_text(out)
    assert "Manche 1" in text and "EN ATTENDANT QUE LA PARTIE COMMENCE" in text


def test_catalog_text_has_glyphs_in_the_sheet_fonts():
    """Every translated string prints in the sans fonts of its locale's script, spaces included
    (French puts U+202F and U+00A0 in numbers and before punctuation); the hands write its
    letters, digits and spaces (a Russian example sheet is handwritten too)."""
    for locale in available_locales():
        t = translations(locale)
        catalog = getattr(t, "_catalog", {})
        text = "".join(v for v in catalog.values() if isinstance(v, str))
        written = "".join(ch for ch in text if unicodedata.category(ch)[0] in "LNZ")
        for role in manifest():
            sample = text if role.startswith("sans") else written
            assert missing_glyphs(sample, role, locale) == [], (locale, role)
