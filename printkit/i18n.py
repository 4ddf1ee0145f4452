"""Every printed word goes through gettext; English is the source language.

A drawing translates through its context, ``ctx._("...")`` and ``ctx.ngettext(...)`` (the
build's locale travels with the context; there is no current locale); data tables mark their
words with :func:`N_` for extraction and translate them when they are drawn. Catalogs are
``templates/locale/<lang>/LC_MESSAGES/printkit.po``. Building the wheel compiles
them to ``.mo`` files (``setup.py``), which an installed printkit reads as they are; in a
checkout, a catalog without an up-to-date ``.mo`` (``make compile``) is compiled in memory
with Babel when first used (so an edited ``.po`` shows at once). A locale falls back region ->
language -> English.

>>> translations("de").gettext("Rule handout")
'Spielregel'
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from printkit.errors import PrintkitError
from printkit.resources import is_checkout, templates_dir

DOMAIN = "printkit"


def locale_dir() -> Path:
    return templates_dir() / "locale"


def available_locales() -> list[str]:
    """English plus every locale with a catalog."""
    found = {"en"}
    base = locale_dir()
    if base.is_dir():
        for po in base.glob(f"*/LC_MESSAGES/{DOMAIN}.po"):
            found.add(po.parent.parent.name)
    return sorted(found)


def check_locale(name: str) -> str:
    """Validate a locale name (``fr``, ``pt_BR``); raise a one-line error if unknown."""
    try:
        Locale.parse(name.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        raise PrintkitError(f"unknown locale {name!r}") from None
    return name.replace("-", "_")


def shipped_locale(name: str) -> str:
    """A locale printkit can print in, for the command line: English, a shipped catalog, or
    a region of one (``fr_CA`` prints French). Anything else is refused in one line naming
    the shipped locales, so that ``--locale nl`` never prints English into files named
    ``-nl-``; a right-to-left locale is refused with its reason.

    >>> shipped_locale("fr_CA")
    'fr_CA'
    >>> shipped_locale("nl")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printkit.errors.PrintkitError: no catalog for locale 'nl'; printkit ships de, en, ...
    """
    from printkit.scripts import is_rtl

    locale = check_locale(name)
    shipped = available_locales()
    if is_rtl(locale):
        raise PrintkitError(
            f"locale {name!r} is written right to left, which printkit does not ship: "
            "ReportLab 5.1 cannot shape and order right-to-left paragraphs at once "
            "(examples/rtl/README.md in the source)")
    if locale not in shipped and locale.split("_")[0] not in shipped:
        raise PrintkitError(
            f"no catalog for locale {name!r}; printkit ships {', '.join(shipped)} "
            f"(a new language: `make init-locale LANG={locale}`)")
    return locale


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The catalog for ``locale`` with its fallbacks (region -> language -> English)."""
    chain: list[str] = []
    if locale != "en":
        chain.append(locale)
        if "_" in locale:
            chain.append(locale.split("_")[0])
    result: _gettext.NullTranslations = _gettext.NullTranslations()
    checkout = is_checkout()
    for name in reversed(chain):  # least specific first, each more specific on top
        po = locale_dir() / name / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.is_file():
            continue
        mo = po.with_suffix(".mo")
        if mo.is_file() and (not checkout or mo.stat().st_mtime >= po.stat().st_mtime):
            # compiled when the wheel was built (or by `make compile` in a checkout)
            buf = io.BytesIO(mo.read_bytes())
        else:  # compiled in memory: an edited .po shows at once
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=name, domain=DOMAIN)
            buf = io.BytesIO()
            write_mo(buf, catalog)
            buf.seek(0)
        t = _gettext.GNUTranslations(buf)
        t.add_fallback(result)
        result = t
    return result


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (e.g. in data tables)."""
    return message

