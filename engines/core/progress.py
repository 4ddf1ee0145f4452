"""What a long first run says while it works: one line, and a bar on a terminal.

A first run that fills a cache (a game's optimal-play tables, a Japanese font instance) or builds
many files (``build all``) tells the user in one line on stderr what it is doing, about how
long it takes and where the cache is, then shows a progress bar when stderr is a terminal.
Nothing is printed to stdout, so piped output (``play --log -``, ``--json``) stays clean, and
``PRINTKIT_QUIET=1`` silences it (tests, scripts).

>>> with task("building nothing", total=2) as step:
...     step(); step()
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

import click


def quiet() -> bool:
    """True when progress lines are silenced (``PRINTKIT_QUIET`` set to anything but 0)."""
    return os.environ.get("PRINTKIT_QUIET", "0") not in ("", "0")


def say(line: str) -> None:
    """One line on stderr, unless quiet."""
    if not quiet():
        click.echo(f"printkit: {line}", err=True)


def _terminal() -> bool:
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty() and not quiet()


class Step(Protocol):
    """Advances a progress bar by ``n`` steps."""

    def __call__(self, n: int = 1) -> None: ...


@contextmanager
def task(line: str, total: int | None = None) -> Iterator[Step]:
    """Say ``line`` once; yield ``step(n=1)`` that advances a bar of ``total`` steps on a
    terminal (no bar when ``total`` is None or stderr is not a terminal)."""
    say(line)
    if total is None or not _terminal():
        def skip(n: int = 1) -> None:
            del n

        yield skip
        return
    with click.progressbar(length=total, file=sys.stderr, show_eta=True,
                           show_percent=True) as bar:
        def step(n: int = 1) -> None:
            bar.update(n)

        yield step
