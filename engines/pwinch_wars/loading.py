"""Where Pwinch Wars' data files are: the game's package; they are read by the shared loader
(:mod:`printkit.engines.core.data`), whose every mistake is a :class:`PwinchDataError`
naming the file, the line or key, and the rule broken."""

from __future__ import annotations

from printkit.engines.core.data import packaged_names, packaged_text
from printkit.engines.core.errors import DataError

PACKAGE = "printkit.engines.pwinch_wars"

PwinchDataError = DataError
"""The game's data error: the engines' shared one, under the name the game has always used."""


def data_text(*parts: str) -> str:
    """The text of a packaged data file, e.g. ``data_text("maps", "forest.txt")``."""
    return packaged_text(PACKAGE, *parts)


def data_names(folder: str, suffix: str) -> tuple[str, ...]:
    """The names (without ``suffix``) of the packaged files of ``data/<folder>``, sorted."""
    return packaged_names(PACKAGE, folder, suffix)
