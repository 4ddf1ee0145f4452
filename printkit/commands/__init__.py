"""Extra CLI commands beside the core contract: deck, preview, calibrate, handouts, examples."""

from __future__ import annotations

import click


def plugin_commands() -> list[click.Command]:
    from printkit.commands.cache import COMMANDS as CACHE
    from printkit.commands.examples import COMMANDS as EXAMPLES
    from printkit.commands.handouts import COMMANDS as HANDOUTS
    from printkit.commands.production import COMMANDS

    return [*COMMANDS, *HANDOUTS, *EXAMPLES, *CACHE]
