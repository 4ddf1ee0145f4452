"""Components and kits: what ``printkit build`` knows how to print.

A *component* is one printable thing (a play sheet, a counter sheet, a deck) described by data
and drawn by one function that writes one PDF. A *kit* is the list of components of a game (or
of a stand-alone set such as printable dice), registered here by name.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError
from printkit.paper import Paper

PROFILES = ("home", "print-shop")


@dataclass(frozen=True)
class BuildContext:
    """Everything a component's drawing function may depend on (and nothing else)."""

    paper: Paper
    profile: str = "home"
    locale: str = "en"
    options: dict[str, Any] = field(default_factory=dict)
    duplex_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to back pages

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise PrintkitError(
                f"unknown profile {self.profile!r}; choose from {', '.join(PROFILES)}"
            )


@dataclass(frozen=True)
class Component:
    """One printable component: ``draw(ctx, path)`` writes its PDF to ``path``."""

    name: str
    title: str
    draw: Callable[[BuildContext, Path], Any]
    description: str = ""


# kit name -> module whose ``components(ctx)`` returns the kit's components
KITS: dict[str, str] = {
    "wftgts": "printkit.templates.wftgts",
    "tug-of-war": "printkit.templates.tug_of_war",
    "dice": "printkit.production.dice",
}


def available_kits() -> list[str]:
    names = []
    for name, module in KITS.items():
        try:
            if importlib.util.find_spec(module) is not None:
                names.append(name)
        except ModuleNotFoundError:
            continue
    return names


def kit_components(name: str, ctx: BuildContext) -> Sequence[Component]:
    if name not in available_kits():
        raise PrintkitError(
            f"unknown game or kit {name!r}; choose from {', '.join(available_kits())}"
        )
    module = importlib.import_module(KITS[name])
    return list(module.components(ctx))

