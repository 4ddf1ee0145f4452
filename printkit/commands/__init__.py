"""Extra CLI commands beside the core contract: deck, preview, calibrate and handouts."""

from __future__ import annotations

import click


def plugin_commands() -> list[click.Command]:
    from printkit.commands.handouts import COMMANDS as HANDOUTS
    from printkit.commands.production import COMMANDS

    return [*COMMANDS, *HANDOUTS]
