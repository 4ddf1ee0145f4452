"""Every shipped language is complete and correct: no untranslated or fuzzy message, the
same placeholders and markup as the English source, every character in the fonts that print
it, and a template catalog in step with the sources.

Each catalog is checked on its own, printkit's and each kit's (the tests are parametrized by
catalog), so one game's stale or untranslated id fails that game's tests and no other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from conftest import extracted_message_ids

from printkit.i18n import SHARED, Catalog, available_locales
from printkit.kits import catalogs, kits

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [loc for loc in available_locales() if loc != "en"]
CATALOGS = [pytest.param(c, id=c.domain) for c in catalogs()]
EACH = [pytest.param(c, loc, id=f"{c.domain}-{loc}") for c in catalogs() for loc in SHIPPED]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
TAG = re.compile(r"</?(?:b|i|br|sup|sub)\s*/?>")
RAW_AMP = re.compile(r"&(?!amp;|lt;|gt;|#)")


def _folder(catalog: Catalog) -> Path:
    return Path(str(catalog.folder()))


def _catalog(catalog: Catalog, locale: str) -> PoCatalog:
    with catalog.po(locale).open("rb") as fh:
        return read_po(fh, locale=locale)


def _template_ids(catalog: Catalog) -> set[object]:
    with (_folder(catalog) / f"{catalog.domain}.pot").open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


def _forms(message: Message) -> list[str]:
    return [message.id] if isinstance(message.id, str) else list(message.id)


def _translations(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [
        message.string or ""]  # a PO file's untranslated string is "" (never None)


def test_the_seven_languages_ship() -> None:
    assert {"fr", "de", "es", "it", "pt_BR", "ru", "ja"} <= set(SHIPPED)


def test_every_kit_has_its_catalog_beside_its_templates() -> None:
    """A built-in kit's words are its own catalog's, in its package (``Catalog(__name__)``),
    which has a mapping of its sources for ``make extract``; printkit's own is in printkit."""
    assert _folder(SHARED) == ROOT / "printkit" / "locale"
    for kit in kits().values():
        if kit.is_game:
            assert kit.catalog is not None, kit.name
            folder = ROOT / "templates" / kit.name.replace("-", "_") / "locale"
            assert _folder(kit.catalog) == folder, kit.name
    for catalog in catalogs():
        assert (_folder(catalog) / "babel.cfg").is_file(), catalog
        assert (_folder(catalog) / f"{catalog.domain}.pot").is_file(), catalog


@pytest.mark.parametrize("catalog", CATALOGS)
def test_every_catalog_ships_every_language(catalog: Catalog) -> None:
    """A language is printkit's only when every catalog has it (a kit lacking one would
    print its words in English)."""
    assert catalog.languages() == SHIPPED


@pytest.mark.parametrize(("catalog", "locale"), EACH)
def test_every_message_is_translated_and_none_is_fuzzy(catalog: Catalog, locale: str) -> None:
    messages = _catalog(catalog, locale)
    where = f"{catalog.domain} {locale}"
    missing = [m.id for m in messages if m.id and not all(_translations(m))]
    fuzzy = [m.id for m in messages if m.id and m.fuzzy]
    assert not missing, f"{where}: {len(missing)} untranslated, e.g. {missing[:3]}"
    assert not fuzzy, f"{where}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"


@pytest.mark.parametrize(("catalog", "locale"), EACH)
def test_placeholders_and_markup_match_the_source(catalog: Catalog, locale: str) -> None:
    messages = _catalog(catalog, locale)
    locale = f"{catalog.domain} {locale}"  # where a failure is
    plural_forms = messages.num_plurals
    for m in messages:
        if not m.id:
            continue
        source = _forms(m)
        want_p = sorted(set(PLACEHOLDER.findall(source[-1])))
        want_t = sorted(TAG.findall(source[0]))
        strings = _translations(m)
        if isinstance(m.id, tuple):
            assert len(strings) == plural_forms, (locale, m.id)
        for text in strings:
            got = sorted(set(PLACEHOLDER.findall(text)))
            # a plural form may leave the number out ("one athlete"): never add or rename one
            assert set(got) <= set(want_p) and (isinstance(m.id, tuple) or got == want_p), (
                locale, m.id, text)
            assert sorted(TAG.findall(text)) == want_t, (locale, m.id, text)
            # a bare "&" or "<" would break a handout's markup (entities are fine)
            assert len(RAW_AMP.findall(text)) <= len(RAW_AMP.findall(source[0])), (
                locale, m.id, text)
            assert text.count("<") == source[0].count("<") or isinstance(m.id, tuple), (
                locale, m.id, text)


@pytest.mark.parametrize("catalog", CATALOGS)
def test_the_template_catalog_is_in_step_with_the_sources(tmp_path: Path,
                                                          catalog: Catalog) -> None:
    fresh = extracted_message_ids(tmp_path, _folder(catalog) / "babel.cfg")
    committed = _template_ids(catalog)
    assert fresh == committed, f"{catalog.domain}: run `make update` and translate: " + repr(
        sorted(map(str, fresh ^ committed))[:5])


@pytest.mark.parametrize(("catalog", "locale"), EACH)
def test_every_catalog_message_is_in_the_template(catalog: Catalog, locale: str) -> None:
    source = _template_ids(catalog)
    stale = [m.id for m in _catalog(catalog, locale) if m.id and m.id not in source]
    assert not stale, f"{catalog.domain} {locale}: run `make update`; stale: {stale[:3]}"
