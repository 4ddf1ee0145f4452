"""Labels go through gettext; the extraction config finds them; catalogs translate sheets, a
kit's words first, then printkit's own."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from conftest import extracted_message_ids, pdf_text

from printkit.context import BuildContext
from printkit.fonts import manifest, missing_glyphs
from printkit.i18n import SHARED, Catalog, available_locales, translations
from printkit.kits import catalogs, get_kit
from printkit.paper import paper

ROOT = Path(__file__).resolve().parent.parent


def _mapping(catalog: Catalog) -> Path:
    return Path(str(catalog.folder())) / "babel.cfg"


def test_extraction_finds_the_sheet_labels(tmp_path: Path) -> None:
    """A sheet's labels are its kit's words; the sheet's furniture is printkit's."""
    catalog = get_kit("wftgts").catalog
    assert catalog is not None
    ids = extracted_message_ids(tmp_path, _mapping(catalog))
    for label in ["Score", "Total", "Final", "WAITING FOR THE GAME TO START", "Round %(n)d"]:
        assert label in ids, label
    shared = extracted_message_ids(tmp_path, _mapping(SHARED))
    assert "Print at 100 % / actual size" in shared
    assert "Score" not in shared  # a kit's word is not printkit's


def test_french_catalog_translates_and_falls_back() -> None:
    assert "fr" in available_locales()
    wftgts = get_kit("wftgts").catalog
    fr = translations("fr", wftgts).gettext
    assert fr("Round %(n)d") % {"n": 2} == "Manche 2"
    rule = translations("fr").gettext("Rule handout")
    assert rule != "Rule handout" and fr("Rule handout") == rule  # printkit's words behind
    assert fr("a label nobody translated") == "a label nobody translated"
    # region falls back to the language
    assert translations("fr_CA", wftgts).gettext("Name") == "Nom"
    assert translations("xx", wftgts).gettext("Name") == "Name"  # no catalog: English
    assert translations("fr").gettext("Round %(n)d") == "Round %(n)d"  # not printkit's word


def test_french_sheet(tmp_path: Path) -> None:
    from printkit.pipeline import drawing
    from printkit.templates.wftgts.components import SheetOptions, draw_play_sheet

    out = tmp_path / "fr.pdf"
    with drawing(BuildContext(paper("a4"), locale="fr"), kit=get_kit("wftgts")) as ctx:
        draw_play_sheet(ctx, SheetOptions(), out)
    text = pdf_text(out)
    assert "Manche 1" in text and "EN ATTENDANT QUE LA PARTIE COMMENCE" in text


def test_catalog_text_has_glyphs_in_the_sheet_fonts() -> None:
    """Every translated string prints in the sans fonts of its locale's script, spaces included
    (French puts U+202F and U+00A0 in numbers and before punctuation); the hands write its
    letters, digits and spaces (a Russian example sheet is handwritten too)."""
    for locale in available_locales():
        for each in catalogs():  # the top of the chain: this catalog's own words
            messages = getattr(translations(locale, each), "_catalog", {})
            text = "".join(v for v in messages.values() if isinstance(v, str))
            written = "".join(ch for ch in text if unicodedata.category(ch)[0] in "LNZ")
            for role in manifest():
                sample = text if role.startswith("sans") else written
                assert missing_glyphs(sample, role, locale) == [], (locale, each.domain, role)


def test_a_plugin_kit_ships_its_own_catalog(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A kit from another distribution brings its catalog in its own package (found with
    importlib.resources): a drawing of it speaks its words, then printkit's, then English."""
    from printkit.context import DrawContext
    from printkit.i18n import Catalog
    from printkit.page.preflight import Preflight

    folder = tmp_path / "guess_kit" / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (tmp_path / "guess_kit" / "__init__.py").write_text("", encoding="utf-8")
    (folder / "guess_kit.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Guess the die"\nmsgstr "Errate den Würfel"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    catalog = Catalog("guess_kit")
    assert catalog.domain == "guess_kit" and catalog.languages() == ["de"]
    ctx = DrawContext(BuildContext(paper("a4"), locale="de_AT"), Preflight(), catalog=catalog)
    assert ctx._("Guess the die") == "Errate den Würfel"  # region -> language
    assert ctx._("Rule handout") == translations("de").gettext("Rule handout") != "Rule handout"
    assert ctx._("a word nobody translated") == "a word nobody translated"
    french = DrawContext(BuildContext(paper("a4"), locale="fr"), Preflight(), catalog=catalog)
    assert french._("Guess the die") == "Guess the die"  # the plug-in has no French
    assert french._("Rule handout") == translations("fr").gettext("Rule handout")


def test_the_dice_kit_prints_each_games_dice_in_that_games_words() -> None:
    from printkit.context import DrawContext
    from printkit.kits import game_kits
    from printkit.page.preflight import Preflight
    from printkit.templates.dice import KIT as DICE_KIT
    from printkit.templates.dice.games import presets

    found = presets()
    assert DICE_KIT.catalog is None  # printkit's own words
    for kit in game_kits():
        assert kit.dice is not None and found[kit.dice.name].catalog == kit.catalog
    components = {c.name: c for c in DICE_KIT.component_list()}
    ctx = DrawContext(BuildContext(paper("a4"), locale="de"), Preflight())
    tug = found["tug-of-war"]
    assert components["tug-of-war"].catalog == tug.catalog
    assert ctx._(tug.title) == tug.title  # not printkit's word ...
    assert ctx.in_catalog(tug.catalog)._(tug.title) != tug.title  # ... but the game's
