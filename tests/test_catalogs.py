"""Every shipped language is complete and correct: no untranslated or fuzzy message, the
same placeholders and markup as the English source, every character in the fonts that print
it, and a template catalog in step with the sources."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from printkit.i18n import DOMAIN, available_locales, locale_dir
from tests.conftest import extracted_message_ids

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [loc for loc in available_locales() if loc != "en"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w*\}")
TAG = re.compile(r"</?(?:b|i|br|sup|sub)\s*/?>")
RAW_AMP = re.compile(r"&(?!amp;|lt;|gt;|#)")


def _catalog(locale: str):
    with (locale_dir() / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fh:
        return read_po(fh, locale=locale)


def _forms(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def _translations(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def test_the_seven_languages_ship():
    assert {"fr", "de", "es", "it", "pt_BR", "ru", "ja"} <= set(SHIPPED)


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_message_is_translated_and_none_is_fuzzy(locale):
    catalog = _catalog(locale)
    missing = [m.id for m in catalog if m.id and not all(_translations(m))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not missing, f"{locale}: {len(missing)} untranslated, e.g. {missing[:3]}"
    assert not fuzzy, f"{locale}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"


@pytest.mark.parametrize("locale", SHIPPED)
def test_placeholders_and_markup_match_the_source(locale):
    catalog = _catalog(locale)
    plural_forms = catalog.num_plurals
    for m in catalog:
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


def test_the_template_catalog_is_in_step_with_the_sources(tmp_path):
    fresh = extracted_message_ids(tmp_path)
    with (locale_dir() / f"{DOMAIN}.pot").open("rb") as fh:
        committed = {m.id for m in read_po(fh) if m.id}
    assert fresh == committed, "run `make update` and translate: " + repr(
        sorted(map(str, fresh ^ committed))[:5])


@pytest.mark.parametrize("locale", SHIPPED)
def test_every_catalog_message_is_in_the_template(locale):
    with (locale_dir() / f"{DOMAIN}.pot").open("rb") as fh:
        source = {m.id for m in read_po(fh) if m.id}
    stale = [m.id for m in _catalog(locale) if m.id and m.id not in source]
    assert not stale, f"{locale}: run `make update`; stale: {stale[:3]}"
