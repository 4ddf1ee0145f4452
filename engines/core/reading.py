"""Reading what a user wrote (JSON lines, TOML files) so that every failure is one message.

Python's readers fail in more ways than their documented error: a 5,000-digit integer raises
``ValueError`` (the int-to-string digit limit), nesting a few thousand levels deep raises
``RecursionError``, and ``str.splitlines`` splits at U+2028, U+2029, U+0085 and other
separators that ``json.dumps(ensure_ascii=False)`` writes raw inside a string. These helpers
turn each into :class:`UnreadableError` (a ``ValueError``) with a short reason, and split a
log at line feeds only.

>>> json_value('{"a": [1, 2]}')
{'a': [1, 2]}
>>> json_value("1" * 5000)
Traceback (most recent call last):
...
printkit.engines.core.reading.UnreadableError: a number has more than 4300 digits
>>> json_value("[" * 5000 + "]" * 5000)
Traceback (most recent call last):
...
printkit.engines.core.reading.UnreadableError: nested too deeply (more than 500 levels)
>>> log_lines('{"name": "Ann\\u2028Bo"}\\r\\n{}\\n')
['{"name": "Ann\\u2028Bo"}', '{}']
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

MAX_DEPTH = 500
"""No log line, option or data file printkit reads nests deeper than a few levels."""


class UnreadableError(ValueError):
    """Text that is not valid JSON or TOML, or that Python cannot represent."""


def text_file(path: str | Path, what: str) -> str:
    """The UTF-8 text of a file a user names (a ``what``: "log", "rules file"), which must be
    there and a regular file: a device such as /dev/null, a folder or a FIFO is refused by
    what it is (a FIFO would block), not called missing.

    >>> text_file("/", "log")
    Traceback (most recent call last):
    ...
    printkit.engines.core.reading.UnreadableError: / is a folder (a log is read whole)
    """
    p = Path(path)
    if not p.exists():
        raise UnreadableError(f"no such file: {path}")
    if not p.is_file():
        kind = "a folder" if p.is_dir() else "not a regular file"
        raise UnreadableError(f"{path} is {kind} (a {what} is read whole)")
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UnreadableError(f"{path} is not UTF-8 text") from None


def _depth(text: str, opening: str, closing: str) -> int:
    """The deepest bracket nesting outside strings (a bound checked before parsing, so that
    the parser never recurses past it)."""
    deepest = depth = 0
    in_string = escaped = False
    quote = ""
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                in_string = False
        elif ch in "\"'":
            in_string, quote = True, ch
        elif ch in opening:
            depth += 1
            deepest = max(deepest, depth)
        elif ch in closing:
            depth -= 1
    return deepest


def _check_depth(text: str, opening: str, closing: str) -> None:
    if sum(text.count(c) for c in opening) <= MAX_DEPTH:  # the common case, at C speed
        return
    if _depth(text, opening, closing) > MAX_DEPTH:
        raise UnreadableError(f"nested too deeply (more than {MAX_DEPTH} levels)")


def json_value(text: str) -> Any:
    """``json.loads`` whose every failure is an :class:`UnreadableError` with a short reason."""
    _check_depth(text, "[{", "]}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableError(f"not valid JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise UnreadableError(f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            limit = sys.get_int_max_str_digits()
            raise UnreadableError(f"a number has more than {limit} digits") from None
        raise UnreadableError(f"not valid JSON ({exc})") from None


def toml_document(text: str) -> dict[str, Any]:
    """``tomllib.loads`` whose every failure is an :class:`UnreadableError` with a short
    reason (a ``tomllib.TOMLDecodeError``'s message names the line and column). A UTF-8
    byte-order mark, which some editors write, is read as the CSV reader reads it: skipped."""
    text = text.removeprefix("\ufeff")
    _check_depth(text, "[{", "]}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UnreadableError(f"not valid TOML ({exc})") from None
    except RecursionError:
        raise UnreadableError(f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        raise UnreadableError(f"not valid TOML ({exc})") from None


def log_lines(text: str) -> list[str]:
    """A log's lines: split at line feeds only (a ``\\r`` before one is dropped), never at the
    other Unicode line separators a JSON string may hold raw."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
