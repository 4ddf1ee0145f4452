"""The CLI's commands beside the core contract (deck, preview, calibrate, handouts, examples,
cache), and the machinery only a command uses.

- :mod:`.common`      what every command shares: exit codes, output paths, the duplex offset
- :mod:`.production`  ``deck``, ``preview`` and ``calibrate``; :mod:`.deck` reads a deck's CSV
                      and builds it, :mod:`.preview` renders PDF pages to PNG
- :mod:`.handouts`    ``handouts``: rule handouts in many languages and papers
- :mod:`.examples`    ``examples``: the shipped example logs, sheets and decks
- :mod:`.cache`       ``cache``: printkit's cache folder

``printkit`` loads every command to start, so a command imports its machinery (ReportLab,
pypdf, Jinja2) when it runs.
"""

from __future__ import annotations

import click

from printkit.commands.cache import COMMANDS as CACHE
from printkit.commands.examples import COMMANDS as EXAMPLES
from printkit.commands.handouts import COMMANDS as HANDOUTS
from printkit.commands.production import COMMANDS as PRODUCTION


def plugin_commands() -> list[click.Command]:
    return [*PRODUCTION, *HANDOUTS, *EXAMPLES, *CACHE]
