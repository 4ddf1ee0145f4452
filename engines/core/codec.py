"""One table per game from its action types to their JSON forms in a log.

A game lists its actions once, as *forms*: :class:`Const` (a bare string such as
``"pass"``), :class:`Value` (``{"use": 3}``), :class:`Record` (``{"mark": {"player": 1,
"column": "7", "box": 2}}``) or, for the odd shape, :class:`Custom`. An :class:`ActionCodec`
made of them gives the game's ``action_to_json``, ``action_from_json`` and
``action_schema``, so the three can never disagree.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Use:
...     row: int
>>> @dataclass(frozen=True)
... class Pass:
...     pass
>>> codec = ActionCodec([Value(Use, "use", "use a row", Field("row", "row", "row", whole)),
...                      Const(Pass, "pass", "do nothing")], shape="an action is ...")
>>> codec.to_json(Use(3)), codec.from_json({"use": 3}), codec.from_json("pass")
({'use': 3}, Use(row=3), Pass())
>>> codec.schema({"row": {"type": "integer"}})["oneOf"][0]["properties"]
{'use': {'type': 'integer'}}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

A = TypeVar("A")

SchemaSource = str | Mapping[str, Any] | Callable[[Mapping[str, Any]], Mapping[str, Any]]
"""A sub-schema: the name of one of the parts given to :meth:`ActionCodec.schema` (they hold
the game's numbers: rows, seats...), a fixed schema, or a function of the parts."""


def resolve(source: SchemaSource, parts: Mapping[str, Any]) -> dict[str, Any]:
    """The schema ``source`` names, given the game's ``parts``."""
    if isinstance(source, str):
        return dict(parts[source])
    if callable(source):
        return dict(source(parts))
    return dict(source)


def is_whole(v: Any) -> bool:
    """Whether ``v`` is a JSON integer (``True`` is not one)."""
    return isinstance(v, int) and not isinstance(v, bool)


def whole(v: Any) -> int:
    """``v`` if it is a JSON integer, else ``ValueError``."""
    if not is_whole(v):
        raise ValueError(v)
    return int(v)


def text(v: Any) -> str:
    """``v`` if it is a JSON string, else ``ValueError``."""
    if not isinstance(v, str):
        raise ValueError(v)
    return v


def keyed(key: str, what: str, value: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of ``{key: value}``, described as ``what`` (if not ``""``)."""
    return {"type": "object", **({"description": what} if what else {}), "required": [key],
            "additionalProperties": False, "properties": {key: dict(value)}}


def record(props: Mapping[str, Any], required: Iterable[str]) -> dict[str, Any]:
    """The schema of an object of ``props``, ``required`` among them, and nothing else."""
    return {"type": "object", "required": list(required), "additionalProperties": False,
            "properties": dict(props)}


def _same(v: Any) -> Any:
    return v


@dataclass(frozen=True)
class Field:
    """One value of an action: its JSON key ``name``, the dataclass attribute ``attr``, its
    schema, how it is read (``parse`` raises ``ValueError``) and written; an ``optional`` one
    is left out of the JSON when the attribute is ``None``."""

    name: str
    attr: str
    schema: SchemaSource
    parse: Callable[[Any], Any] = _same
    dump: Callable[[Any], Any] = _same
    optional: bool = False


class Form(Generic[A]):
    """How one action type is written: ``key`` names it in the JSON. An action type may have
    several forms (a re-roll written ``"keep"`` or ``{"reroll": [1, 2]}``): each but
    the last of them says ``when`` it is the one that writes an action."""

    cls: type[A]
    key: str
    what: str
    when: Callable[[Any], bool] | None = None

    def writes(self, action: A) -> bool:
        """Whether this form is the one that writes ``action`` (of its type)."""
        return self.when is None or self.when(action)

    def to_json(self, action: A) -> Any:
        raise NotImplementedError

    def from_json(self, value: Any) -> A:
        raise NotImplementedError

    def schema(self, parts: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Const(Form[A]):
    """An action without values, written as the string ``key`` (``"pass"``)."""

    cls: type[A]
    key: str
    what: str
    when: Callable[[Any], bool] | None = None

    def to_json(self, action: A) -> Any:
        return self.key

    def from_json(self, value: Any) -> A:
        return self.cls()

    def schema(self, parts: Mapping[str, Any]) -> dict[str, Any]:
        return {"const": self.key, "description": self.what}


@dataclass(frozen=True)
class Value(Form[A]):
    """An action of one value, written ``{key: value}``."""

    cls: type[A]
    key: str
    what: str
    field: Field
    when: Callable[[Any], bool] | None = None

    def to_json(self, action: A) -> Any:
        return {self.key: self.field.dump(getattr(action, self.field.attr))}

    def from_json(self, value: Any) -> A:
        return self.cls(**{self.field.attr: self.field.parse(value)})

    def schema(self, parts: Mapping[str, Any]) -> dict[str, Any]:
        return keyed(self.key, self.what, resolve(self.field.schema, parts))


@dataclass(frozen=True)
class Record(Form[A]):
    """An action of several values, written ``{key: {name: value, ...}}`` in field order.

    A ``loose`` record reads a body that is not an object as ``"'key' takes an object"``, a
    missing name as ``None`` (given to the field's ``parse`` unless it is optional) and
    ignores names it does not know; a strict one refuses all three."""

    cls: type[A]
    key: str
    what: str
    fields: tuple[Field, ...]
    loose: bool = False

    def to_json(self, action: A) -> Any:
        body = {}
        for f in self.fields:
            value = getattr(action, f.attr)
            if not (f.optional and value is None):
                body[f.name] = f.dump(value)
        return {self.key: body}

    def from_json(self, value: Any) -> A:
        if self.loose:
            if not isinstance(value, dict):
                raise ValueError(f"'{self.key}' takes an object")
            return self.cls(**{f.attr: None if f.optional and value.get(f.name) is None
                               else f.parse(value.get(f.name)) for f in self.fields})
        names = {f.name for f in self.fields}
        required = {f.name for f in self.fields if not f.optional}
        if not isinstance(value, dict) or not required <= set(value) <= names:
            raise ValueError(value)
        return self.cls(**{f.attr: f.parse(value[f.name]) for f in self.fields
                           if f.name in value})

    def schema(self, parts: Mapping[str, Any]) -> dict[str, Any]:
        props = {f.name: resolve(f.schema, parts) for f in self.fields}
        return keyed(self.key, self.what,
                     record(props, [f.name for f in self.fields if not f.optional]))


@dataclass(frozen=True)
class Custom(Form[A]):
    """An action of an odd shape, written ``{key: value}`` by the given functions; ``value``
    is the schema of the value (given the parts)."""

    cls: type[A]
    key: str
    what: str
    dump: Callable[[A], Any]
    parse: Callable[[Any], A]
    value: SchemaSource

    def to_json(self, action: A) -> Any:
        return {self.key: self.dump(action)}

    def from_json(self, value: Any) -> A:
        return self.parse(value)

    def schema(self, parts: Mapping[str, Any]) -> dict[str, Any]:
        return keyed(self.key, self.what, resolve(self.value, parts))


class ActionCodec(Generic[A]):
    """A game's actions to JSON and back, and their schema, from one list of forms.

    ``shape`` is the message for a line that is neither a bare string form nor an object of
    one key (or a function of that line giving it); ``unknown(key)`` the one for an unknown
    key; ``malformed(key, value)``, when given, replaces any error reading a value (unknown
    keys included) by one sentence;
    ``foreign(action)`` is the error for writing something that is not one of the actions.
    """

    def __init__(self, forms: Iterable[Form[Any]], *, shape: str | Callable[[Any], str],
                 unknown: Callable[[str], str] = lambda key: f"unknown action {key!r}",
                 malformed: Callable[[str, Any], str] | None = None,
                 foreign: Callable[[Any], Exception] | None = None) -> None:
        self.forms = tuple(forms)
        self.shape = shape
        self.unknown = unknown
        self.malformed = malformed
        self.foreign = foreign or (lambda a: ValueError(f"{a!r} is not an action"))
        self._by_type: dict[type[Any], list[Form[Any]]] = {}
        for f in self.forms:
            self._by_type.setdefault(f.cls, []).append(f)
        self._consts = {f.key: f for f in self.forms if isinstance(f, Const)}
        self._by_key = {f.key: f for f in self.forms if not isinstance(f, Const)}

    def to_json(self, action: A) -> Any:
        for form in self._by_type.get(type(action), ()):
            if form.writes(action):
                return form.to_json(action)
        raise self.foreign(action)

    def from_json(self, data: Any) -> A:
        if isinstance(data, str) and data in self._consts:
            return self._consts[data].from_json(data)  # type: ignore[no-any-return]
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError(self.shape if isinstance(self.shape, str) else self.shape(data))
        ((key, value),) = data.items()
        try:
            form = self._by_key.get(key)
            if form is None:
                raise ValueError(self.unknown(key))
            return form.from_json(value)  # type: ignore[no-any-return]
        except (KeyError, TypeError, ValueError) as exc:
            if self.malformed is None:
                raise
            raise ValueError(self.malformed(key, value)) from exc

    def schema(self, parts: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``{"oneOf": [...]}``, one schema per form, in the order of the forms."""
        return {"oneOf": [f.schema(parts or {}) for f in self.forms]}
