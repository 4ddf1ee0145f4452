"""Every printed word goes through gettext; English is the source language.

Templates mark labels with ``_("...")`` and draw inside ``with use_locale(ctx.locale):``.
Catalogs are ``templates/locale/<lang>/LC_MESSAGES/printkit.po``; ``make compile`` compiles
them to ``.mo`` files, and a catalog without an up-to-date ``.mo`` is compiled in memory with
Babel when first used (so an edited ``.po`` shows at once). A locale falls back region ->
language -> English.

>>> with use_locale("en"):
...     _("Score")
'Score'
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from printkit.errors import PrintkitError
from printkit.resources import templates_dir

DOMAIN = "printkit"
_current: contextvars.ContextVar[str] = contextvars.ContextVar("printkit_locale", default="en")


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


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The catalog for ``locale`` with its fallbacks (region -> language -> English)."""
    chain: list[str] = []
    if locale != "en":
        chain.append(locale)
        if "_" in locale:
            chain.append(locale.split("_")[0])
    result: _gettext.NullTranslations = _gettext.NullTranslations()
    for name in reversed(chain):  # least specific first, each more specific on top
        po = locale_dir() / name / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.is_file():
            continue
        mo = po.with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:  # `make compile`d
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


@contextmanager
def use_locale(locale: str) -> Iterator[None]:
    token = _current.set(check_locale(locale))
    try:
        yield
    finally:
        _current.reset(token)


def current_locale() -> str:
    return _current.get()


def gettext(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (e.g. in data tables)."""
    return message


_ = gettext
