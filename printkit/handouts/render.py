"""Handout text from a Jinja2 template, in a sandbox, in the build's language.

A handout template is Jinja2 that writes the small markup of :mod:`printkit.handouts.markup`
(``<h1>``, ``<p>``, ``<ul>``, ``<table>``, ``<figure>``). It runs in Jinja2's
:class:`~jinja2.sandbox.ImmutableSandboxedEnvironment`: a template sees the game's data and
the helpers below and nothing else. Reaching for ``__class__`` or ``__globals__``, including
or importing another file, or naming something undefined stops the build with one line that
names the template and the line::

    my-handout.xml.j2:12: access to attribute '__class__' of 'str' object is unsafe

Text is translated with ``{% trans %}`` blocks and ``_()`` (newstyle gettext: pass values as
keyword arguments), extracted by ``make extract`` like every other printed word.

Helpers every template gets:

``number(x, digits=None)``   ``x`` as the locale writes it (1,000.5 / 1 000,5)
``percent(x, digits=1)``     ``x`` (0.511) as a percentage (51.1 %, 51,1 %)
``join(items, style)``       a list the locale's way ("a, b and c"; style "or" for "a, b or c")
``plural(n, one, other)``    the right form of a message for ``n`` (Russian has three)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, parse_pattern
from jinja2 import (
    BaseLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

from printkit.errors import PrintkitError
from printkit.i18n import translations

LIST_STYLES = ("standard", "standard-short", "or", "or-short")


class HandoutTemplateError(PrintkitError):
    """A handout template that cannot be rendered: the message names its file and line."""


class _NoFiles(BaseLoader):
    """A loader that has no files: ``{% include %}``, ``{% import %}`` and ``{% extends %}``
    reach nothing, so a template sees only what it is given."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str | None, Any]:
        raise TemplateNotFound(template)


def environment(locale: str) -> ImmutableSandboxedEnvironment:
    """A sandboxed Jinja2 environment that speaks ``locale``."""
    env = ImmutableSandboxedEnvironment(
        loader=_NoFiles(), undefined=StrictUndefined, autoescape=True,
        extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    env.policies["ext.i18n.trimmed"] = True  # as extracted (babel.cfg: trimmed = true)
    env.globals.clear()  # only what a handout needs: no lipsum, cycler or joiner
    env.install_gettext_translations(translations(locale), newstyle=True)  # type: ignore[attr-defined]
    env.globals["_"] = env.globals["gettext"]  # the alias the i18n extension set, cleared above
    babel_locale = locale.replace("-", "_")

    def number(value: float, digits: int | None = None) -> str:
        pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
        return format_decimal(value, format=pattern, locale=babel_locale)

    def percent(value: float, digits: int = 1) -> str:
        loc = Locale.parse(babel_locale)
        pattern = parse_pattern(loc.percent_formats[None].pattern)
        pattern.frac_prec = (digits, digits)
        return str(pattern.apply(value, loc))

    def join(items: list[Any], style: str = "standard") -> str:
        if style not in LIST_STYLES:
            raise PrintkitError(f"join(): style {style!r} is not one of {', '.join(LIST_STYLES)}")
        return format_list([str(i) for i in items], style=style,  # type: ignore[arg-type]
                           locale=babel_locale)

    def plural(n: int, one: str, other: str, **values: Any) -> str:
        text = translations(locale).ngettext(one, other, n)
        return text % {"num": n, **values}

    env.globals.update(range=range, namespace=Namespace, number=number, percent=percent,
                       join=join, plural=plural)
    return env


def _where(exc: BaseException, name: str) -> str:
    """``name:line`` of the template line that failed. Jinja2 rewrites a render error's
    traceback so that the template's frames carry its file name and source line."""
    line = getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == name:
            line = tb.tb_lineno
        tb = tb.tb_next
    return f"{name}:{line}" if line else name


def render(source: str, name: str, locale: str, data: Mapping[str, Any]) -> str:
    """The markup ``source`` (a template called ``name``) writes for ``data`` in ``locale``.

    >>> render("<p>{{ number(1234.5) }}</p>", "t.j2", "fr", {})  # doctest: +ELLIPSIS
    '<p>1\\u202f234,5</p>'
    >>> render("{{ x.__class__ }}", "t.j2", "en", {"x": ""})
    Traceback (most recent call last):
    ...
    printkit.handouts.render.HandoutTemplateError: t.j2:1: access to attribute '__class__' ...
    """
    env = environment(locale)
    try:
        code = env.compile(source, name=name, filename=name)
    except TemplateSyntaxError as exc:
        raise HandoutTemplateError(f"{name}:{exc.lineno}: {exc.message}") from None
    template = env.template_class.from_code(env, code, env.make_globals(None))
    try:
        return template.render(**data)
    except TemplateNotFound as exc:
        raise HandoutTemplateError(
            f"{_where(exc, name)}: a handout template cannot read other files ({exc.name})"
        ) from None
    except TemplateError as exc:
        raise HandoutTemplateError(f"{_where(exc, name)}: {exc.message}") from None


def render_file(path: Path, locale: str, data: Mapping[str, Any]) -> str:
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PrintkitError(f"cannot read template {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PrintkitError(f"template {path} is not UTF-8 text") from None
    return render(source, path.name, locale, data)
