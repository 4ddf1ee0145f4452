"""Extra CLI commands beside the core contract: deck, preview and calibrate."""

from __future__ import annotations

import click


def plugin_commands() -> list[click.Command]:
    from printkit.commands.production import COMMANDS

    return list(COMMANDS)
