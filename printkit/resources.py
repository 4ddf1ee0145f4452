"""Where printkit finds its data, whether run from a checkout or installed with pip."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import platformdirs


def fonts_dir() -> Path:
    """The folder holding ``manifest.toml`` (``fonts/`` in the repo, ``printkit/fontdata``)."""
    checkout = Path(__file__).resolve().parent.parent / "fonts"
    if (checkout / "manifest.toml").is_file():
        return checkout
    return Path(str(resources.files("printkit.fontdata")))


def templates_dir() -> Path:
    """The ``templates`` package folder: per-game templates, handout text and catalogs."""
    return Path(str(resources.files("printkit.templates")))


def examples_dir(*parts: str) -> Path:
    """The shipped examples (``examples/`` in the repo, installed as ``printkit.examples``):
    game logs, custom sheets and sample decks, found through :mod:`importlib.resources`, so
    that an installed printkit finds them wherever it is run from."""
    return Path(str(resources.files("printkit.examples"))).joinpath(*parts)


def is_checkout() -> bool:
    """True when printkit runs from a source checkout (editable install), where catalogs
    may have been edited since they were last compiled."""
    return (templates_dir().parent / "pyproject.toml").is_file()


def cache_dir() -> Path:
    """The user cache folder (``PRINTKIT_CACHE_DIR`` overrides), created on demand."""
    path = Path(os.environ.get("PRINTKIT_CACHE_DIR") or platformdirs.user_cache_dir("printkit"))
    path.mkdir(parents=True, exist_ok=True)
    return path
