"""Layout TOML files read into frozen dataclasses, checked once, on load.

A template declares the shape of its layout file as dataclasses (one per table) and loads it
with :func:`load_layout`; it then reads ``LAYOUT.mat.width`` (a float) rather than
``LAYOUT["mat"]["width"]`` (anything). A missing key, a key of the wrong type or a key the
dataclass does not know is one :class:`LayoutDataError` naming the file and the key.

Field types understood: ``float`` (an integer in the file is taken as a float), ``int``,
``str``, ``bool``, :class:`~printkit.fonts.FontRole` (a role name), ``Color`` (a ``"#rrggbb"``
string, read as a ReportLab ``HexColor``), ``tuple[X, ...]`` and ``tuple[X, Y]``,
``dict[str, X]`` (a table of any keys), ``X | None`` (None when the key is missing) and a
nested dataclass (a table). A field with a default may be left out of the file.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rows:
...     ink: dict[str, Color]
...     line: float
...     count: int = 3
>>> lay = layout_from_toml(Rows, 'line = 2\\n[ink]\\nrule = "#5a5a5a"\\n', "x.toml")
>>> lay.line, lay.count, lay.ink["rule"].hexval()
(2.0, 3, '0x5a5a5a')
>>> layout_from_toml(Rows, 'line = "2"\\n[ink]\\n', "x.toml")
Traceback (most recent call last):
...
printkit.layouts.LayoutDataError: x.toml: line: expected a number, not '2'
>>> layout_from_toml(Rows, 'line = 2\\nlines = 3\\n[ink]\\n', "x.toml")
Traceback (most recent call last):
...
printkit.layouts.LayoutDataError: x.toml: lines: unknown key (keys are count, ink, line)
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

from reportlab.lib.colors import Color, HexColor

from printkit.errors import FontError, PrintkitError
from printkit.fonts import FontRole

__all__ = ["Color", "LayoutDataError", "layout_from_toml", "load_layout"]

T = TypeVar("T")

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


class LayoutDataError(PrintkitError):
    """A layout file that does not match its dataclass (a missing, unknown or mistyped key)."""


def load_layout(cls: type[T], path: Path) -> T:
    """The layout file at ``path`` read into ``cls`` (a dataclass), checked."""
    return layout_from_toml(cls, path.read_text(encoding="utf-8"), _shown(path))


def layout_from_toml(cls: type[T], text: str, name: str) -> T:
    """``text`` (TOML, from the file called ``name`` in messages) read into ``cls``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutDataError(f"{name}: {exc}") from None
    return _table(cls, data, name, ())


def _shown(path: Path) -> str:
    """``path`` as messages name it: from the package folder on (``mygame/layout.toml``)."""
    return "/".join(path.parts[-2:])


def _where(name: str, keys: tuple[str, ...]) -> str:
    if not keys:
        return name
    table = f" [{'.'.join(keys[:-1])}]" if len(keys) > 1 else ""
    return f"{name}:{table} {keys[-1]}"


def _table(cls: type[T], data: Any, name: str, keys: tuple[str, ...]) -> T:
    if not isinstance(data, dict):
        raise LayoutDataError(f"{_where(name, keys)}: expected a table, not {data!r}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise LayoutDataError(f"{_where(name, (*keys, unknown[0]))}: unknown key "
                              f"(keys are {', '.join(sorted(fields))})")
    values: dict[str, Any] = {}
    for key, f in fields.items():
        if key in data:
            values[key] = _value(hints[key], data[key], name, (*keys, key))
        elif _optional(hints[key]):
            values[key] = None
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise LayoutDataError(f"{_where(name, (*keys, key))}: missing key")
    return cls(**values)


def _optional(tp: Any) -> bool:
    return isinstance(tp, types.UnionType) and type(None) in typing.get_args(tp)


def _value(tp: Any, value: Any, name: str, keys: tuple[str, ...]) -> Any:
    where = _where(name, keys)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if _optional(tp):
        (inner,) = [a for a in args if a is not type(None)]
        return _value(inner, value, name, keys)
    if dataclasses.is_dataclass(tp):
        return _table(tp, value, name, keys)  # type: ignore[arg-type]
    if tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise LayoutDataError(f"{where}: expected a number, not {value!r}")
    if tp in (int, str, bool):
        if isinstance(value, tp) and (tp is bool or not isinstance(value, bool)):
            return value
        kind = {int: "an integer", str: "a string", bool: "true or false"}[tp]
        raise LayoutDataError(f"{where}: expected {kind}, not {value!r}")
    if tp is FontRole:
        try:
            return FontRole.parse(value, where)
        except FontError as exc:
            raise LayoutDataError(str(exc)) from None
    if tp is Color:
        if isinstance(value, str) and _HEX.fullmatch(value):
            return HexColor(value)
        raise LayoutDataError(f"{where}: expected a colour \"#rrggbb\", not {value!r}")
    if origin is tuple:
        if not isinstance(value, list):
            raise LayoutDataError(f"{where}: expected an array, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], v, name, (*keys[:-1], f"{keys[-1]}[{i}]"))
                         for i, v in enumerate(value))
        if len(value) != len(args):
            raise LayoutDataError(f"{where}: expected {len(args)} values, not {value!r}")
        return tuple(_value(a, v, name, (*keys[:-1], f"{keys[-1]}[{i}]"))
                     for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if origin is dict and args[0] is str:
        if not isinstance(value, dict):
            raise LayoutDataError(f"{where}: expected a table, not {value!r}")
        return {k: _value(args[1], v, name, (*keys, k)) for k, v in value.items()}
    raise TypeError(f"{where}: a layout field cannot have the type {tp!r}")
