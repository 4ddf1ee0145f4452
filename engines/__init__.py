"""Reference rules engines, one package per game, registered here by name.

Engines are pure Python and never import ReportLab or printkit.

>>> sorted(available())[:1]
['tug-of-war']
"""

from __future__ import annotations

import importlib
import importlib.util

from printkit.engines.core.errors import UnknownGameError
from printkit.engines.core.game import Game

# name -> "module:attribute" of the Game class; modules are imported only when asked for.
REGISTRY: dict[str, str] = {
    "wftgts": "printkit.engines.wftgts:WFtGtS",
    "tug-of-war": "printkit.engines.tug_of_war:TugOfWar",
}


def available() -> list[str]:
    """Names of the games whose engine is installed."""
    names = []
    for name, target in REGISTRY.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_game(name: str) -> Game:
    """The game registered as ``name``; :class:`UnknownGameError` lists the known ones."""
    if name not in REGISTRY or name not in available():
        raise UnknownGameError(f"unknown game {name!r}; choose from {', '.join(available())}")
    module_name, attr = REGISTRY[name].split(":")
    cls = getattr(importlib.import_module(module_name), attr)
    return cls()  # type: ignore[no-any-return]
