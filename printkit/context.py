"""What a drawing function is handed: the build's settings, its words, its fonts, its checks.

:class:`BuildContext` is what the user asked for (paper, profile, locale, duplex offset).
:class:`DrawContext` is what a component's drawing function receives from the pipeline
(:mod:`printkit.pipeline`): the settings plus the translations of the build's locale in the
catalog of the kit being drawn (``ctx._``, ``ctx.ngettext``: the kit's words, then printkit's
own; Babel's number formatting), the preflight recorder of the build (``ctx.preflight``) and
the locale's font roles (``ctx.font(FontRole.HAND)``). A drawing function needs nothing else, and
nothing global: the pipeline opens the locale, the kit's catalog and the recorder around every
component.

>>> from printkit.paper import paper
>>> from printkit.page.preflight import Preflight
>>> ctx = DrawContext(BuildContext(paper("a4"), locale="fr"), Preflight())
>>> ctx._("Score"), ctx.format_number(1234.5)
('Score', '1\\u202f234,5')
"""

from __future__ import annotations

import decimal
import gettext as _gettext
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from printkit.fonts import FontRole, font
from printkit.geometry import Rect
from printkit.i18n import Catalog, translations
from printkit.page.preflight import Preflight
from printkit.page.profiles import profile, safe_rect
from printkit.paper import Paper
from printkit.scripts import is_rtl


@dataclass(frozen=True)
class BuildContext:
    """The settings of one build: everything the user chose, and nothing else."""

    paper: Paper
    profile: str = "home"
    locale: str = "en"
    duplex_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to back pages
    game_options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The game options the build prints for (``--sheet FILE`` puts a custom sheet here), in
    the form a game log's header carries them."""

    def __post_init__(self) -> None:
        profile(self.profile)  # refuse an unknown one, naming the known

    def with_paper(self, paper: Paper) -> BuildContext:
        return replace(self, paper=paper)


@dataclass(frozen=True)
class DrawContext:
    """A build's settings with its translations, its preflight recorder and its fonts."""

    build: BuildContext
    preflight: Preflight
    component: str = ""
    """The component being drawn (where preflight findings come from)."""
    catalog: Catalog | None = None
    """The catalog of the kit being drawn, looked up before printkit's own (None: printkit's
    own only)."""

    # -- the settings ------------------------------------------------------------------

    @property
    def paper(self) -> Paper:
        return self.build.paper

    @property
    def profile(self) -> str:
        return self.build.profile

    @property
    def locale(self) -> str:
        return self.build.locale

    @property
    def duplex_offset(self) -> tuple[float, float]:
        return self.build.duplex_offset

    def for_component(self, name: str) -> DrawContext:
        return replace(self, component=name)

    def in_catalog(self, catalog: Catalog | None) -> DrawContext:
        """The same context speaking ``catalog``'s words (a kit's: the dice kit draws each
        game's dice in that game's words); None keeps this context's."""
        return self if catalog is None or catalog == self.catalog else replace(
            self, catalog=catalog)

    def on_paper(self, paper: Paper) -> DrawContext:
        """The same context on other paper (a landscape page of a two-up sheet)."""
        return replace(self, build=self.build.with_paper(paper))

    @property
    def safe_area(self) -> Rect:
        """Where everything a player needs must lie on this paper and profile."""
        return safe_rect(self.paper, profile(self.profile))

    # -- words -------------------------------------------------------------------------

    @cached_property
    def translations(self) -> _gettext.NullTranslations:
        return translations(self.locale, self.catalog)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def _(self, message: str) -> str:
        """Translate ``message`` (a message id marked for extraction)."""
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    @cached_property
    def babel_locale(self) -> Locale:
        return Locale.parse(self.locale)

    def format_number(self, number: float | int) -> str:
        """``number`` as the locale writes it (decimal sign, digit grouping); in a right-to-left
        locale led by a left-to-right mark, so that a minus sign stays before its digits."""
        text = format_decimal(number, locale=self.babel_locale)
        return "\u200e" + text if is_rtl(self.locale) else text

    def format_fixed(self, number: float, digits: int) -> str:
        """``number`` with exactly ``digits`` decimals, the locale's way (``2,5`` in French).

        >>> from printkit.paper import paper
        >>> DrawContext(BuildContext(paper("a4"), locale="de"), None).format_fixed(2.54, 1)
        '2,5'
        """
        pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
        try:
            return format_decimal(number, format=pattern, locale=self.babel_locale)
        except (decimal.InvalidOperation, OverflowError, ValueError):
            # a value from a hand-written log beyond what Babel rounds (1e27 and up, inf)
            return f"{number:.{digits}f}" if math.isfinite(number) else str(number)

    # -- fonts and checks ----------------------------------------------------------------

    def font(self, role: FontRole) -> str:
        """The registered font name playing ``role`` (sans, hand, note...) in this locale: the
        role's font for the locale's script (``fonts/manifest.toml``)."""
        return font(role, self.locale)

    def where(self, detail: str = "") -> str:
        """A place for a preflight finding: the component in its language, and ``detail``
        within it (``turn-summary [de], card 1``), so a finding names locale and component."""
        place = f"{self.component} [{self.locale}]" if self.component else f"[{self.locale}]"
        return f"{place}, {detail}" if detail else place

    def check_glyphs(self, role: FontRole, text: str, detail: str = "") -> bool:
        """Has the font playing ``role`` in this locale every character of ``text``?"""
        return self.preflight.check_glyphs(role, text, locale=self.locale,
                                           where=self.where(detail))

    def check_text(self, text: str, role: FontRole, size: float, box_w: float, box_h: float, *,
                   detail: str = "", leading: float | None = None, wrap: bool = True) -> bool:
        """Does ``text`` fit its box in this locale's font for ``role``? (Records overflow
        and missing glyphs.)"""
        return self.preflight.check_text(text, role, size, box_w, box_h, locale=self.locale,
                                         where=self.where(detail), leading=leading, wrap=wrap)

    def check_inside(self, rect: Rect, detail: str = "", area: Rect | None = None) -> bool:
        """Is ``rect`` inside ``area`` (default: the safe area)?"""
        return self.preflight.check_inside(rect, area or self.safe_area,
                                           where=self.where(detail))

    def __repr__(self) -> str:  # the recorder's findings are not part of a context's identity
        return (f"DrawContext({self.paper.name}, {self.profile}, {self.locale}, "
                f"{self.component or '-'})")

