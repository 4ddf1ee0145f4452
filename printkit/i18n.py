"""Every printed word goes through gettext; English is the source language.

The words live in **catalogs**: one of printkit's own (:data:`SHARED`, ``printkit/locale``:
the CLI, the page, layout and drawing kits, preflight, handout furniture, shared data and the
dice kit) and one per kit, beside its templates (``templates/<game>/locale``, declared as
``Kit.catalog``). A catalog is a package's ``locale/`` folder, found with
:mod:`importlib.resources` so that a kit installed from another distribution ships its own:
``<domain>.pot``, a ``<lang>/LC_MESSAGES/<domain>.po`` per language and ``babel.cfg``, the
sources ``make extract`` reads its words from.

A drawing translates through its context, ``ctx._("...")`` and ``ctx.ngettext(...)``: the
context carries the build's locale (there is no current locale) and the catalog of the kit
being drawn; a word is looked up in the kit's catalog, then in printkit's own, then left in
English (:func:`translations`), each catalog region first (``fr_CA``), then language (``fr``).
Data tables mark their words with :func:`N_` for extraction and translate them when drawn.
Building the wheel compiles every catalog to ``.mo`` files (``setup.py``), which an installed
printkit reads as they are; in a checkout, a catalog without an up-to-date ``.mo`` (``make
compile``) is compiled in memory with Babel when first used (so an edited ``.po`` shows at
once).

>>> translations("de").gettext("Rule handout")
'Spielregel'
"""

from __future__ import annotations

import gettext as _gettext
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from printkit.errors import PrintkitError
from printkit.resources import is_checkout
from printkit.scripts import is_rtl


@dataclass(frozen=True)
class Catalog:
    """The translations a package ships: ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``.

    ``domain`` defaults to the package's own name (its last dotted part), as ``make extract``
    names the catalogs of printkit and of its kits; a kit declares its catalog once
    (``Kit(..., catalog=Catalog(__name__))``).

    >>> Catalog("mygame.kit").domain, Catalog("mygame.kit", "mygame").domain
    ('kit', 'mygame')
    """

    package: str
    domain: str = ""

    def __post_init__(self) -> None:
        if not self.domain:
            object.__setattr__(self, "domain", self.package.rpartition(".")[2])

    def folder(self) -> Traversable:
        """The ``locale`` folder of the package (importing it, as finding it needs)."""
        return resources.files(self.package) / "locale"

    def po(self, language: str) -> Traversable:
        return self.folder() / language / "LC_MESSAGES" / f"{self.domain}.po"

    def languages(self) -> list[str]:
        """The languages the catalog has a ``.po`` of."""
        folder = self.folder()
        if not folder.is_dir():
            return []
        return sorted(d.name for d in folder.iterdir() if d.is_dir() and self.po(d.name).is_file())


SHARED = Catalog("printkit")
"""printkit's own words, the fallback of every kit's."""


def available_locales() -> list[str]:
    """English plus every language printkit's own catalog has (a kit's catalog may lack one
    of them: its words then stay English)."""
    return sorted({"en", *SHARED.languages()})


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
def translations(locale: str, catalog: Catalog | None = None) -> _gettext.NullTranslations:
    """The words of ``locale``: ``catalog``'s (a kit's) first, then printkit's own, then
    English; within each catalog region first, then language (``fr_CA`` -> ``fr``).

    >>> translations("fr_CA").gettext("Rule handout")  # French: no catalog of French Canada
    'Fiche de règles'
    """
    if catalog is None or catalog == SHARED:
        return _chain(SHARED, locale, _gettext.NullTranslations())
    return _chain(catalog, locale, translations(locale))


def _chain(catalog: Catalog, locale: str,
           fallback: _gettext.NullTranslations) -> _gettext.NullTranslations:
    """``catalog``'s translations of ``locale`` and its language, in front of ``fallback``."""
    names: list[str] = []
    if locale != "en":
        names.append(locale)
        if "_" in locale:
            names.append(locale.split("_")[0])
    result = fallback
    for name in reversed(names):  # least specific first, each more specific on top
        loaded = _load(catalog, name)
        if loaded is not None:
            loaded.add_fallback(result)
            result = loaded
    return result


def _load(catalog: Catalog, language: str) -> _gettext.GNUTranslations | None:
    """One language of ``catalog``, fresh (a fallback is added to it), or None."""
    po = catalog.po(language)
    if not po.is_file():
        return None
    mo = catalog.folder() / language / "LC_MESSAGES" / f"{catalog.domain}.mo"
    if mo.is_file() and (not is_checkout() or not isinstance(po, Path) or not isinstance(
            mo, Path) or mo.stat().st_mtime >= po.stat().st_mtime):
        # compiled when the wheel was built (or by `make compile` in a checkout)
        buf = io.BytesIO(mo.read_bytes())
    else:  # compiled in memory: an edited .po shows at once
        with po.open("rb") as fh:
            parsed = read_po(fh, locale=language, domain=catalog.domain)
        buf = io.BytesIO()
        write_mo(buf, parsed)
        buf.seek(0)
    return _gettext.GNUTranslations(buf)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (e.g. in data tables)."""
    return message

