"""Handout text from a Jinja2 template, in a sandbox, in the build's language.

A handout template is Jinja2 that writes the small markup of :mod:`printkit.handouts.markup`
(``<h1>``, ``<p>``, ``<ul>``, ``<table>``, ``<figure>``). It runs in Jinja2's
:class:`~jinja2.sandbox.ImmutableSandboxedEnvironment`: a template sees the game's data and
the helpers below and nothing else. Reaching for ``__class__`` or ``__globals__``, including
or importing another file, or naming something undefined stops the build with one line that
names the template and the line::

    my-handout.xml.j2:12: access to attribute '__class__' of 'str' object is unsafe

A template also has bounded resources, so that a user's template can neither hang a build nor
fill the memory: a ``range`` has at most :data:`MAX_RANGE` items and a list built with ``*``
or ``+`` no more; a number has at most :data:`MAX_DIGITS` digits (``**`` and ``*`` are checked
before they compute); a text (made by ``*``, ``+``, ``~``, ``%``, ``format``, a width, a
filter, a macro or the whole handout) has at most :data:`MAX_TEXT` characters, and all of them
together at most :data:`MAX_BUILT`; a format's width or precision is at most
:data:`MAX_WIDTH`; and a render takes at most :data:`RENDER_SECONDS` (checked at every loop
step, call, attribute, operator and filter, and by a timer when rendering in the main
thread). Going over any of them stops the build like any other template mistake, with one
line naming the template and the line.

Text is translated with ``{% trans %}`` blocks and ``_()`` (newstyle gettext: pass values as
keyword arguments), extracted by ``make extract`` like every other printed word, into the
catalog of the kit whose handout it is; a render looks a word up in that ``catalog``, then in
printkit's own (handout furniture), then leaves it in English.

Helpers every template gets:

``number(x, digits=None)``   ``x`` as the locale writes it (1,000.5 / 1 000,5)
``percent(x, digits=1)``     ``x`` (0.511) as a percentage (51.1 %, 51,1 %)
``join(items, style)``       a list the locale's way ("a, b and c"; style "or" for "a, b or c")
``plural(n, one, other)``    the right form of a message for ``n`` (Russian has three)
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import math
import re
import signal
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
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
    Undefined,
    nodes,
)
from jinja2.exceptions import TemplateRuntimeError
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedFormatter
from jinja2.utils import Namespace, pass_context, pass_eval_context
from jinja2.visitor import NodeTransformer
from markupsafe import EscapeFormatter, Markup

from printkit.errors import PrintkitError
from printkit.i18n import Catalog, translations

LIST_STYLES = ("standard", "standard-short", "or", "or-short")

MAX_SOURCE = 1024 * 1024
"""Characters of a template's source."""
MAX_RANGE = 100_000
"""Items of a ``range`` (Jinja2's own sandbox limit), and of a list built with ``*`` or ``+``."""
MAX_TEXT = 512 * 1024
"""Characters of any one text a template makes, the whole handout included (the largest
shipped handout is some 32,000)."""
MAX_BUILT = 32 * MAX_TEXT
"""Characters a render may make in all (every output, widening, repeating and joining)."""
MAX_WIDTH = 10_000
"""A format's width or precision, a filter's width."""
MAX_DIGITS = 4_000
"""Decimal digits of a number a template computes (Python prints at most 4,300)."""
MAX_DIGITS_HELPER = 20
"""The ``digits`` of ``number()`` and ``percent()``."""
RENDER_SECONDS = 5.0
"""Wall-clock seconds of one render (the shipped handouts take a quarter of a second)."""


class HandoutTemplateError(PrintkitError):
    """A handout template that cannot be rendered: the message names its file and line."""


class TemplateLimitError(TemplateRuntimeError):
    """A template went over one of the limits (loop size, digits, text size, time)."""


class _NoFiles(BaseLoader):
    """A loader that has no files: ``{% include %}``, ``{% import %}`` and ``{% extends %}``
    reach nothing, so a template sees only what it is given."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str | None, Any]:
        raise TemplateNotFound(template)


# --- measuring without building ------------------------------------------------------------

def _show(value: Any) -> str:
    """A number for a message, without printing thousands of digits."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"(a number of {int(value.bit_length() * 0.30103) + 1:,} digits)"
    return repr(value) if isinstance(value, str) and len(value) < 40 else (
        "(a text)" if isinstance(value, str) else str(value))


def _size(value: Any, limit: int = MAX_TEXT) -> int:
    """About how many characters ``str(value)`` has, counted without building it; counting
    stops once past ``limit``. Lists that hold one another many times count every time."""
    total = 0
    stack = [value]
    known: dict[int, int] = {}
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            total += len(item) + 2
        elif item is None or isinstance(item, (bool, float, complex)):
            total += 24
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 2
        elif isinstance(item, dict):
            total += 2 + 4 * len(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(item)
            stack.extend(item)
        elif isinstance(item, range):
            total += 24
        elif isinstance(item, Namespace):
            stack.append(object.__getattribute__(item, "_Namespace__attrs"))
        elif isinstance(item, Undefined):
            continue
        else:  # the game's data: measured once
            if id(item) not in known:
                try:
                    known[id(item)] = len(str(item))
                except Exception:  # noqa: BLE001 - a value that cannot print is small here
                    known[id(item)] = 64
            total += known[id(item)]
    return total


def _number_arg(value: Any, what: str, limit: int = MAX_WIDTH) -> int:
    """A width, count or precision given to a filter or method: at most ``limit``."""
    if isinstance(value, str):
        size = len(value)
    elif isinstance(value, int):
        size = abs(value)
    else:
        return 0
    if size > limit:
        raise TemplateLimitError(f"{what} {_show(value)} is over {limit:,}")
    return size


_SPEC_NUMBER = re.compile(r"\d+")


def _percent_specs(text: str) -> Iterator[tuple[str | None, str, str, str]]:
    """The ``(key, width, precision, conversion)`` of every ``%`` spec, parsed as Python
    parses them (a key may hold parentheses)."""
    i, n = 0, len(text)
    while (i := text.find("%", i)) >= 0:
        i += 1
        key = None
        if i < n and text[i] == "(":
            depth, j = 1, i + 1
            while j < n and depth:
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            key, i = text[i + 1:j - 1], j
        while i < n and text[i] in "#0- +":
            i += 1
        numbers = []
        for dot in ("", "."):
            if dot and not (i < n and text[i] == "."):
                numbers.append("")
                break
            i += len(dot)
            j = i + 1 if i < n and text[i] == "*" else i
            while j < n and text[j].isdigit():
                j += 1
            numbers.append(text[i:j])
            i = j
        while i < n and text[i] in "hlL":
            i += 1
        conversion = text[i] if i < n else ""
        i += 1
        yield key, numbers[0], numbers[1], conversion


def _percent_size(fmt: str | bytes, values: Any) -> int:
    """About how long ``fmt % values`` is; a width or precision over :data:`MAX_WIDTH` (or a
    ``*`` one) is refused."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else str(fmt)
    size, index = len(text), 0
    for key, width, precision, conversion in _percent_specs(text):
        if conversion == "%":
            continue
        for number in (width, precision):
            if number.startswith("*"):
                raise TemplateLimitError("a '*' width or precision in % formatting is not "
                                         "allowed in a template; write the number")
            if number:
                size += _spec_number(number)
        value: Any = None
        try:
            if key is not None:
                value = values[key]
            elif isinstance(values, tuple):
                value = values[index] if index < len(values) else None
                index += 1
            else:
                value = values
        except Exception:  # noqa: BLE001 - Python names the mistake when it formats
            value = None
        size += _size(value)
    return size


def _spec_number(digits: str) -> int:
    """A width or precision written in a format: at most :data:`MAX_WIDTH`."""
    if len(digits) > 6 or int(digits) > MAX_WIDTH:
        shown = digits if len(digits) <= 20 else f"{digits[:20]}..."
        raise TemplateLimitError(f"a format width or precision of {shown} is over "
                                 f"{MAX_WIDTH:,}")
    return int(digits)


def _spec_size(spec: str) -> int:
    """The widths and precisions of a ``str.format`` spec, each at most :data:`MAX_WIDTH`."""
    return sum(_spec_number(n) for n in _SPEC_NUMBER.findall(spec))


# --- the sandbox with limits ---------------------------------------------------------------

class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox, with the limits of this module. One serves one render."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.seconds = RENDER_SECONDS
        self.deadline = math.inf  # set when the render starts
        self.built = 0
        self.finalize = self._finalize

    def start(self, seconds: float) -> None:
        self.seconds, self.deadline, self.built = seconds, time.monotonic() + seconds, 0

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimitError(f"the template ran for more than {self.seconds:g} s")

    def build(self, chars: int, what: str) -> None:
        """Count ``chars`` characters about to be made by ``what``."""
        if chars > MAX_TEXT:
            raise TemplateLimitError(f"{what} would make a text of over {MAX_TEXT:,} "
                                     "characters")
        self.built += chars
        if self.built > MAX_BUILT:
            raise TemplateLimitError(f"the template makes over {MAX_BUILT:,} characters of "
                                     "text in all")

    def fits(self, value: Any, what: str) -> int:
        """``value``'s printed size, which must be at most :data:`MAX_TEXT`."""
        size = len(value) if isinstance(value, str) else _size(value)
        if size > MAX_TEXT:
            raise TemplateLimitError(f"{what} is over {MAX_TEXT:,} characters when printed")
        return size

    # every {{ value }}, every operator, call and attribute of the template passes here
    def _finalize(self, value: Any) -> Any:
        self.tick()
        self.build(self.fits(value, "a value written out"), "a value written out")
        return value

    def concat(self, parts: Iterable[str]) -> str:
        """What a macro, a ``{% set %}`` block or a ``{% filter %}`` block made."""
        parts = parts if isinstance(parts, list) else list(parts)
        if sum(len(p) for p in parts) > MAX_TEXT:
            raise TemplateLimitError(f"a macro or block makes over {MAX_TEXT:,} characters")
        return "".join(parts)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        self.tick()
        if operator == "**":
            _check_power(left, right)
        elif operator == "*":
            self._check_product(left, right)
        elif operator == "+":
            if isinstance(left, (str, bytes)) and isinstance(right, (str, bytes)):
                self.build(len(left) + len(right), "+")
            elif isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
                _check_items(len(left) + len(right), "+")
        elif operator == "%" and isinstance(left, (str, bytes)):
            self.build(_percent_size(left, right), "% formatting")
        return super().call_binop(context, operator, left, right)

    def _check_product(self, left: Any, right: Any) -> None:
        if isinstance(left, int) and isinstance(right, int):
            if left.bit_length() + right.bit_length() > MAX_BITS:
                raise TemplateLimitError(f"{_show(left)} * {_show(right)} has more than "
                                         f"{MAX_DIGITS:,} digits")
            return
        seq, times = (left, right) if isinstance(right, int) else (right, left)
        if not isinstance(times, int) or times <= 0:
            return
        if isinstance(seq, (str, bytes)):
            self.build(len(seq) * times, f"a text repeated {_show(times)} times")
        elif isinstance(seq, (list, tuple)):
            _check_items(len(seq) * times, f"a list repeated {_show(times)} times")

    def call(self, context: Context, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.tick()
        for value in (*args, *kwargs.values()):
            if not isinstance(value, (int, float)):
                self.fits(value, "an argument")
        return super().call(context, obj, *args, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.tick()
        return super().getitem(obj, argument)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``str.format`` and ``format_map`` with checked widths and sizes, and the text
        methods that widen or repeat (``center``, ``join``, ``replace`` ...) checked before
        they run."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)):
            return None
        owner, name = getattr(value, "__self__", None), value.__name__
        if isinstance(owner, str) and name in ("format", "format_map"):
            return self._format_method(owner, name, value)
        if isinstance(owner, (str, bytes)) and name in _WIDENING:
            return self._widening_method(owner, name, value)
        if isinstance(owner, int) and name == "to_bytes":
            def to_bytes(length: int = 1, *args: Any, **kwargs: Any) -> Any:
                self.build(_number_arg(length, "to_bytes() length", MAX_TEXT), "to_bytes()")
                return value(length, *args, **kwargs)

            return to_bytes
        return None

    def _format_method(self, owner: str, name: str, method: Any) -> Callable[..., str]:
        str_type = type(owner)

        def wrapper(*args: Any, **kwargs: Any) -> str:
            formatter = (_EscapeFormatter(self, escape=owner.escape)
                         if isinstance(owner, Markup) else _Formatter(self))
            if name == "format_map":
                if kwargs:
                    raise TypeError("format_map() takes no keyword arguments")
                if len(args) != 1:
                    raise TypeError(f"format_map() takes exactly one argument "
                                    f"({len(args)} given)")
                kwargs, args = args[0], ()
            return str_type(formatter.vformat(owner, args, kwargs))

        return functools.update_wrapper(wrapper, method)

    def _widening_method(self, owner: str | bytes, name: str,
                         method: Any) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.tick()
            bound = inspect.signature(method).bind(*args, **kwargs).arguments
            size = len(owner)
            if name in ("center", "ljust", "rjust", "zfill"):
                size = max(size, _number_arg(bound.get("width", 0), f"{name}() width"))
            elif name == "expandtabs":
                tab = _number_arg(bound.get("tabsize", 8), "expandtabs() size")
                tabs = owner.count("\t") if isinstance(owner, str) else owner.count(b"\t")
                size += tabs * tab
            elif name == "join":
                items = list(bound.get("iterable", ()))
                size = sum(_size(i) for i in items) + len(owner) * max(len(items) - 1, 0)
                args, kwargs = (items,), {}
            elif name == "replace":
                old, new = bound.get("old", ""), bound.get("new", "")
                size = _replaced_size(owner, old, new, bound.get("count", -1))
            elif name == "translate":
                table = bound.get("table")
                longest = max((len(v) for v in table.values() if isinstance(v, str)),
                              default=1) if isinstance(table, dict) else 1
                size *= max(longest, 1)
            self.build(size, f"{name}()")
            return method(*args, **kwargs)

        return functools.update_wrapper(wrapper, method)


MAX_BITS = int(MAX_DIGITS / 0.30103)
_WIDENING = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "join", "replace",
                       "translate"})


def _check_items(items: int, what: str) -> None:
    if items > MAX_RANGE:
        raise TemplateLimitError(f"{what} would make a list of over {MAX_RANGE:,} items")


def _check_power(left: Any, right: Any) -> None:
    if (isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1
            and (abs(left).bit_length() - 1) * right > MAX_BITS):
        raise TemplateLimitError(f"{_show(left)} ** {_show(right)} has more than "
                                 f"{MAX_DIGITS:,} digits")


def _replaced_size(text: Any, old: Any, new: Any, count: Any) -> int:
    size, old_n, new_n = len(text), len(old), len(new)
    times = size + 1 if old_n == 0 else size // old_n
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return size + times * max(new_n - old_n, 0)


class _Formatter(SandboxedFormatter):
    """``str.format`` in the sandbox, refusing wide fields and long results."""

    def __init__(self, env: _Sandbox, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)
        self.limits, self.total = env, 0

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion is not None:
            self.limits.fits(value, "a formatted value")
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        self.limits.tick()
        size = _spec_size(format_spec) + _size(value)
        self.total += size
        self.limits.build(self.total, "format()")
        return super().format_field(value, format_spec)


class _EscapeFormatter(_Formatter, EscapeFormatter):
    pass


class _Namespace(Namespace):
    """``namespace()``, whose attributes hold at most :data:`MAX_TEXT` characters each (a
    loop could otherwise double a text at every step)."""

    def __setitem__(self, name: str, value: Any) -> None:
        if _size(value) > MAX_TEXT:
            raise TemplateLimitError(f"namespace attribute {name} would hold over "
                                     f"{MAX_TEXT:,} characters")
        super().__setitem__(name, value)


# --- filters, loops and ~ ------------------------------------------------------------------

_LOOP, _CONCAT = "printkit loop", "printkit concat"  # not names a template can write
_STRINGIFYING = frozenset({
    "capitalize", "center", "e", "escape", "float", "forceescape", "format", "indent", "int",
    "lower", "pprint", "replace", "safe", "string", "striptags", "title", "tojson", "trim",
    "truncate", "upper", "urlencode", "urlize", "wordcount", "wordwrap", "xmlattr"})


def _filter_checks(env: _Sandbox, name: str, a: dict[str, Any]) -> None:
    """Check a filter's arguments (``a``, by the filter's own parameter names) before it
    runs; may replace an iterator by the list it yields."""
    if name == "center":
        env.build(max(_size(a.get("value")), _number_arg(a.get("width", 80), "|center width")),
                  "|center")
    elif name == "indent":
        text = str(a.get("s", ""))
        width = _number_arg(a.get("width", 4), "|indent width")
        env.build(len(text) + (text.count("\n") + 1) * width, "|indent")
    elif name == "format":
        env.build(_percent_size(str(a.get("value", "")), a.get("kwargs") or a.get("args", ())),
                  "|format")
    elif name == "join":
        items = list(a.get("value", ()))
        a["value"] = items
        separator = len(str(a.get("d", "")))
        total = 0
        for item in items:
            total += _size(item) + separator
            if total > MAX_TEXT:
                break
        env.build(total, "|join")
    elif name == "replace":
        text = str(a.get("s", ""))
        env.build(_replaced_size(text, str(a.get("old", "")), str(a.get("new", "")),
                                 a.get("count")), "|replace")
    elif name == "wordwrap":
        text, wrap = str(a.get("s", "")), a.get("wrapstring")
        _number_arg(a.get("width", 79), "|wordwrap width")
        if isinstance(wrap, str) and len(wrap) > 1:
            env.build(len(text) + (len(text) + 1) * len(wrap), "|wordwrap")
    elif name == "slice":
        _number_arg(a.get("slices", 1), "|slice count", MAX_RANGE)
    elif name == "batch":
        _number_arg(a.get("linecount", 1), "|batch size", MAX_RANGE)
    elif name == "round":
        _number_arg(a.get("precision", 0), "|round precision", 100)
    elif name == "tojson":
        _number_arg(a.get("indent"), "|tojson indent", 16)
    elif name == "urlize":
        for key in ("target", "rel"):
            _number_arg(a.get(key) or "", f"|urlize {key} of length", 200)
    elif name == "sum" and not isinstance(a.get("start", 0), (int, float)):
        items = list(a.get("iterable", ()))
        a["iterable"] = items
        if len(items) > 1000:
            raise TemplateLimitError("|sum adds at most 1,000 lists")
        _check_items(sum(len(i) for i in items if isinstance(i, (list, tuple))), "|sum")


def _guarded_filter(env: _Sandbox, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` that checks the time, its arguments and its result's size."""
    offset = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0  # env or context
    plain = inspect.unwrap(func)  # an async-aware filter wraps the function it calls
    plain_offset = 1 if getattr(plain, "jinja_pass_arg", None) is not None else 0
    signature = inspect.signature(plain)

    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        env.tick()
        given = args[offset:]
        if name in _STRINGIFYING and given and not isinstance(given[0], str):
            env.fits(given[0], f"the value given to |{name}")
        try:
            bound = signature.bind(*((None,) * plain_offset), *given, **kwargs)
        except TypeError:  # a wrong call: the filter itself says what is wrong
            bound = None
        if bound is not None:
            _filter_checks(env, name, bound.arguments)
            args, kwargs = (*args[:offset], *bound.args[plain_offset:]), bound.kwargs
        result = func(*args, **kwargs)
        if isinstance(result, str) and len(result) > MAX_TEXT:
            raise TemplateLimitError(f"|{name} makes a text of over {MAX_TEXT:,} characters")
        return result

    return guarded


def _loop_filter(env: _Sandbox) -> Callable[[Any], Iterator[Any]]:
    def loop(value: Any) -> Iterator[Any]:
        for item in value:
            env.tick()
            yield item

    return loop


def _concat_filter(env: _Sandbox) -> Callable[..., str]:
    @pass_eval_context
    def concat(eval_ctx: EvalContext, items: list[Any]) -> str:
        env.tick()
        total = 0
        for item in items:
            total += len(item) if isinstance(item, str) else _size(item)
            if total > MAX_TEXT:
                break
        env.build(total, "~")
        return markup_join(items) if eval_ctx.autoescape else str_join(items)

    return concat


class _Guard(NodeTransformer):
    """Every ``{% for %}`` loop steps through a filter that watches the clock, and every
    ``~`` through one that checks the size of what it joins."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = nodes.Filter(node.iter, _LOOP, [], [], None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        items = nodes.List(list(node.nodes), lineno=node.lineno)
        return nodes.Filter(items, _CONCAT, [], [], None, None, lineno=node.lineno)


def _bounded_range(env: _Sandbox) -> Callable[..., range]:
    def bounded(*args: int) -> range:
        env.tick()
        numbers = range(*args)
        try:
            count = len(numbers)
        except OverflowError:  # more than the machine can count
            count = MAX_RANGE + 1
        if count > MAX_RANGE:
            shown = ", ".join(_show(a) for a in args)
            raise TemplateLimitError(f"range({shown}) has over {MAX_RANGE:,} items")
        return numbers

    return bounded


def _checked_gettext(env: _Sandbox, func: Callable[..., Any]) -> Callable[..., Any]:
    @pass_context
    def gettext(context: Context, *args: Any, **variables: Any) -> Any:
        env.tick()
        for text in args:
            if isinstance(text, str):
                env.build(_percent_size(text, variables), "a message")
        return func(context, *args, **variables)

    return functools.update_wrapper(gettext, func)


def environment(locale: str, catalog: Catalog | None = None) -> ImmutableSandboxedEnvironment:
    """A sandboxed Jinja2 environment that speaks ``locale`` in the words of ``catalog`` (a
    kit's, then printkit's own), with the limits above."""
    env = _Sandbox(
        loader=_NoFiles(), undefined=StrictUndefined, autoescape=True,
        extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    env.policies["ext.i18n.trimmed"] = True  # as extracted (babel.cfg: trimmed = true)
    env.globals.clear()  # only what a handout needs: no lipsum, cycler or joiner
    words = translations(locale, catalog)
    env.install_gettext_translations(words, newstyle=True)  # type: ignore[attr-defined]
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        installed = env.globals[name]
        assert callable(installed)
        env.globals[name] = _checked_gettext(env, installed)
    env.globals["_"] = env.globals["gettext"]  # the alias the i18n extension set, cleared above
    env.filters = {name: _guarded_filter(env, name, func) for name, func in env.filters.items()}
    env.filters[_LOOP] = _loop_filter(env)
    env.filters[_CONCAT] = _concat_filter(env)
    babel_locale = locale.replace("-", "_")

    def checked_digits(digits: Any, helper: str) -> None:
        if not isinstance(digits, int) or not 0 <= digits <= MAX_DIGITS_HELPER:
            raise PrintkitError(f"{helper}(): digits {_show(digits)} is not a whole number "
                                f"from 0 to {MAX_DIGITS_HELPER}")

    def number(value: float, digits: int | None = None) -> str:
        if digits is not None:
            checked_digits(digits, "number")
        pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
        return format_decimal(value, format=pattern, locale=babel_locale)

    def percent(value: float, digits: int = 1) -> str:
        checked_digits(digits, "percent")
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
        text = words.ngettext(one, other, n)
        mapping = {"num": n, **values}
        env.build(_percent_size(text, mapping), "plural()")
        return text % mapping

    env.globals.update(range=_bounded_range(env), namespace=_Namespace, number=number,
                       percent=percent, join=join, plural=plural)
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


def _one_line(text: str, limit: int = 300) -> str:
    first = " ".join(text.split("\n", 1)[0].split()) if text.strip() else ""
    return first if len(first) <= limit else first[:limit] + "…"


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """A timer that stops a render stuck where no check runs (a loop over the game's data
    with nothing in it); only in the main thread, and not when a timer is already set."""
    usable = (hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread()
              and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))
    if not usable:
        yield
        return

    def ring(_signum: int, _frame: Any) -> None:
        raise TemplateLimitError(f"the template ran for more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds + 0.25)
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)


def _stream(env: _Sandbox, template: Any, data: Mapping[str, Any]) -> str:
    """The template's output, stopped (at the template's line) once over the limits."""
    parts: list[str] = []
    total = 0
    stream = template.generate(**data)
    for chunk in stream:
        total += len(chunk)
        if total > MAX_TEXT:
            stream.throw(TemplateLimitError(f"the handout is over {MAX_TEXT:,} characters"))
        if time.monotonic() > env.deadline:
            stream.throw(TemplateLimitError(f"the template ran for more than "
                                            f"{env.seconds:g} s"))
        parts.append(chunk)
    return "".join(parts)


def render(source: str, name: str, locale: str, data: Mapping[str, Any], *,
           seconds: float | None = None, catalog: Catalog | None = None) -> str:
    """The markup ``source`` (a template called ``name``) writes for ``data`` in ``locale``
    (in the words of ``catalog``, then printkit's own), in at most ``seconds`` (default
    :data:`RENDER_SECONDS`).

    >>> render("<p>{{ number(1234.5) }}</p>", "t.j2", "fr", {})  # doctest: +ELLIPSIS
    '<p>1\\u202f234,5</p>'
    >>> render("{{ x.__class__ }}", "t.j2", "en", {"x": ""})
    Traceback (most recent call last):
    ...
    printkit.handouts.render.HandoutTemplateError: t.j2:1: access to attribute '__class__' ...
    >>> render("{% for i in range(10**11) %}{% endfor %}", "t.j2", "en", {})
    Traceback (most recent call last):
    ...
    printkit.handouts.render.HandoutTemplateError: t.j2:1: range(100000000000) has over ...
    """
    if len(source) > MAX_SOURCE:
        raise HandoutTemplateError(f"{name}: the template is over {MAX_SOURCE:,} characters")
    env = environment(locale, catalog)
    assert isinstance(env, _Sandbox)
    try:
        tree = env.parse(source, name=name, filename=name)
        tree = _Guard().visit(tree)
        tree.set_environment(env)
        code = env.compile(tree, name=name, filename=name)
    except TemplateSyntaxError as exc:
        raise HandoutTemplateError(f"{name}:{exc.lineno}: {_one_line(exc.message or '')}"
                                   ) from None
    except Exception as exc:  # noqa: BLE001 - e.g. nested too deeply to compile
        raise HandoutTemplateError(f"{name}: the template cannot be compiled "
                                   f"({type(exc).__name__})") from None
    template = env.template_class.from_code(env, code, env.make_globals(None))
    limit = RENDER_SECONDS if seconds is None else seconds
    try:
        with _alarm(limit):
            env.start(limit)
            return _stream(env, template, data)
    except TemplateNotFound as exc:
        raise HandoutTemplateError(
            f"{_where(exc, name)}: a handout template cannot read other files ({exc.name})"
        ) from None
    except TemplateError as exc:
        raise HandoutTemplateError(f"{_where(exc, name)}: {_one_line(exc.message or '')}"
                                   ) from None
    except PrintkitError as exc:
        raise HandoutTemplateError(f"{_where(exc, name)}: {_one_line(str(exc))}") from None
    except Exception as exc:  # noqa: BLE001 - whatever a template does wrong is one line
        message = _one_line(str(exc))
        raise HandoutTemplateError(f"{_where(exc, name)}: {type(exc).__name__}"
                                   + (f": {message}" if message else "")) from None


def render_file(path: Path, locale: str, data: Mapping[str, Any], *,
                catalog: Catalog | None = None) -> str:
    try:
        if not path.is_file():
            raise PrintkitError(f"template {path} is not a file")
        with path.open("rb") as file:
            raw = file.read(4 * MAX_SOURCE + 1)
        if len(raw) > 4 * MAX_SOURCE:
            raise PrintkitError(f"template {path} is over {MAX_SOURCE:,} characters")
        source = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except OSError as exc:
        raise PrintkitError(f"cannot read template {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PrintkitError(f"template {path} is not UTF-8 text") from None
    return render(source, path.name, locale, data, catalog=catalog)
