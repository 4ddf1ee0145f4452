"""A game's options declared once (as OpenSpiel's game parameters).

Each :class:`Option` says its name, the JSON schema of its value, its help (the schema's
description), its default and its check; a game's :class:`Options` gives the header's options
schema, the defaults a log's header carries and one reading of the options given, refusing an
unknown or bad one in one sentence that names it.

>>> opts = Options(Option("turn_limit", {"type": "integer", "minimum": 1}, "turns before a draw",
...                       default=30, in_header=True, check=lambda v: is_whole(v) and v >= 1,
...                       error=lambda v: "turn_limit must be a whole number of at least 1"))
>>> opts.defaults(), opts.read({})
({'turn_limit': 30}, {'turn_limit': 30})
>>> opts.read({"turn_limit": 0})
Traceback (most recent call last):
...
ValueError: turn_limit must be a whole number of at least 1
>>> opts.read({"turns": 3})
Traceback (most recent call last):
...
ValueError: unknown option(s) turns; known: turn_limit

An option others depend on (a rules file, say) is read ``early``: checked and parsed
before an unknown name is refused, so a bad file is named first; a later option's
``derive`` works out its default from the options read before it.

>>> rules = Option("rules", {"type": "object"}, early=True,
...                check=lambda v: v is None or isinstance(v, dict),
...                error=lambda v: "rules must be a table", parse=lambda v: v or {"size": 16})
>>> size = Option("size", {"type": "number"}, in_header=True,
...               derive=lambda read: read["rules"]["size"])
>>> Options(size, rules).read({"rules": {"size": 12}})
{'size': 12, 'rules': {'size': 12}}
>>> Options(size, rules).defaults()
{'size': 16}
>>> Options(size, rules).read({"rules": 3, "bad": 1})
Traceback (most recent call last):
...
ValueError: rules must be a table
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.engines.core.codec import is_whole

__all__ = ["Option", "Options", "is_whole"]


@dataclass(frozen=True)
class Option:
    """One game option: ``schema`` is its value's JSON schema, ``help`` its description (the
    schema's, and the command line's), ``default`` its value when not given (``in_header``:
    :meth:`Options.defaults` lists it, so every log's header carries it); ``check(value)``
    says whether a value is allowed, ``error(value)`` the sentence refusing one; ``parse``
    turns an allowed value into what the game uses (raising ``ValueError`` naming the
    mistake). ``derive(read)``, when given, is the default instead, worked out from the
    options read before this one; an ``early`` option is read before the others and before
    unknown names are refused."""

    name: str
    schema: Mapping[str, Any]
    help: str = ""
    default: Any = None
    in_header: bool = False
    check: Callable[[Any], bool] | None = None
    error: Callable[[Any], str] | None = None
    parse: Callable[[Any], Any] | None = None
    derive: Callable[[Mapping[str, Any]], Any] | None = None
    early: bool = False

    def json_schema(self) -> dict[str, Any]:
        return {**self.schema, "description": self.help} if self.help else dict(self.schema)

    def value(self, given: Mapping[str, Any], read: Mapping[str, Any] | None = None) -> Any:
        """The option's value in ``given`` (its default if absent, derived from the options
        already ``read`` if it says how), checked and parsed."""
        if self.name in given:
            value = given[self.name]
        else:
            value = self.default if self.derive is None else self.derive(read or {})
        if self.check is not None and not self.check(value):
            raise ValueError(self.error(value) if self.error else
                             f"option {self.name} may not be {value!r}")
        return value if self.parse is None else self.parse(value)


def _unknown(unknown: Sequence[str], known: Sequence[str]) -> str:
    return f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(known)}"


class Options:
    """The options of one game, in the order declared; ``unknown(names, known)`` words the
    refusal of options the game does not have (``names`` in the order given)."""

    def __init__(self, *options: Option,
                 unknown: Callable[[Sequence[str], Sequence[str]], str] = _unknown) -> None:
        self.options = options
        self.unknown = unknown

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def schema(self) -> dict[str, Any]:
        """The schema of a log header's ``"options"``."""
        out: dict[str, Any] = {"type": "object", "additionalProperties": False}
        if self.options:
            out["properties"] = {o.name: o.json_schema() for o in self.options}
        return out

    def defaults(self) -> dict[str, Any]:
        """The options every log's header carries, at their defaults."""
        read = self.read({})
        return {o.name: read[o.name] for o in self.options if o.in_header}

    def read(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option's value (defaults for those not given), each checked: the early
        ones first, then an unknown name is refused, then the others in declared order."""
        given = dict(given or {})
        read: dict[str, Any] = {}
        for o in self.options:
            if o.early:
                read[o.name] = o.value(given, read)
        unknown = [name for name in given if name not in self.names]
        if unknown:
            raise ValueError(self.unknown(unknown, self.names))
        for o in self.options:
            if not o.early:
                read[o.name] = o.value(given, read)
        return {o.name: read[o.name] for o in self.options}
