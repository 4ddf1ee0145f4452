"""Extra CLI commands contributed by printkit's modules (deck, preview, ...).

Each module listed here exports ``COMMANDS``, a list of click commands; a module that is not
there yet is skipped, so the CLI always starts.
"""

from __future__ import annotations

import importlib

import click

MODULES = ("printkit.commands.production", "printkit.commands.handouts")


def plugin_commands() -> list[click.Command]:
    found: list[click.Command] = []
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        found.extend(getattr(module, "COMMANDS", []))
    return found
