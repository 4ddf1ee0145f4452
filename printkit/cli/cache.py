"""Click commands of printkit's cache folder: ``printkit cache`` and ``printkit cache clear``.

:mod:`printkit.cli` registers the group. Bad input (the cache path is a file,
a folder that cannot be read or emptied) raises :class:`~printkit.errors.PrintkitError`,
which the CLI turns into one line on stderr and exit code 2.
"""

from __future__ import annotations

import click

from printkit.cache import clear as clear_cache
from printkit.cache import listing


@click.group("cache", invoke_without_command=True)
@click.pass_context
def cache(ctx: click.Context) -> None:
    """Show what printkit keeps in its cache folder (games' optimal-play tables, font
    instances) and how large it is; PRINTKIT_CACHE_DIR names another folder."""
    if ctx.invoked_subcommand is None:
        click.echo(listing().report())


@cache.command("clear")
def clear() -> None:
    """Empty the cache folder and say how much it freed (what is removed is made again
    when next needed)."""
    click.echo(clear_cache().report())

