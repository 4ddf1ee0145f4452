"""The ``printkit`` command line: one group, a module per command, the shared options once.

- :mod:`.options`     the options several commands take, declared once (papers, profiles,
                      locales and games as choices that ``--help`` and completion list), and
                      the options the installed kits and their components add
- :mod:`.common`      exit codes, output paths, the duplex offset, a command's game and log
- :mod:`.build`       ``games`` and ``build``
- :mod:`.play`        ``play`` and ``replay``
- :mod:`.example`     ``example``
- :mod:`.validate`    ``validate``
- :mod:`.handouts`    ``handouts``
- :mod:`.production`  ``deck``, ``preview`` and ``calibrate``
- :mod:`.examples`    ``examples``: the shipped example logs, sheets and decks
- :mod:`.cache`       ``cache``: printkit's cache folder

Bad input never shows a traceback: every expected error becomes one line on stderr and exit
code 2 (:func:`main`), a check that ran and failed exit code 1, and no half-written file is
left behind (all writers write atomically). A command imports the machinery it runs when it
runs (the kits, the drawing context and the pipelines load ReportLab, the handouts Jinja2 and
pypdf), so ``printkit --help`` and ``printkit cache`` start without them. No command module
imports this one or another command's module.
"""

from __future__ import annotations

import sys

import click

from printkit.cli import build, cache, example, examples, handouts, play, production, validate
from printkit.cli.common import EXIT_BAD_INPUT, EXIT_FAILED_CHECK, Fail
from printkit.engines.core.errors import EngineError
from printkit.errors import PrintkitError

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
def cli() -> None:
    """Print-and-play kits for tabletop dice games, checked by reference rules engines."""


for _command in (build.games, build.build, play.play, play.replay, example.example,
                 validate.validate, production.deck, production.preview, production.calibrate,
                 handouts.handouts, examples.examples, cache.cache):
    cli.add_command(_command)


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs the CLI and turns expected errors into one line and exit code 2."""
    try:
        cli.main(args=argv, prog_name="printkit", standalone_mode=False)
    except (click.exceptions.Abort, KeyboardInterrupt):  # Ctrl-C: one line, no traceback
        click.echo("printkit: interrupted", err=True)
        return EXIT_BAD_INPUT
    except Fail as exc:
        click.echo(f"printkit: {exc.format_message()}", err=True)
        return EXIT_FAILED_CHECK
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except SystemExit as exc:  # a command that exits with its own code (deck, calibrate)
        return exc.code if isinstance(exc.code, int) else EXIT_FAILED_CHECK
    except click.UsageError as exc:
        hint = ""
        if exc.ctx:
            sub = exc.ctx.command_path.split(" ", 1)[1:]  # "printkit build" -> ["build"]
            hint = f" (see 'printkit {sub[0] + ' ' if sub else ''}--help')"
        click.echo(f"printkit: {exc.format_message()}{hint}", err=True)
        return EXIT_BAD_INPUT
    except click.ClickException as exc:
        click.echo(f"printkit: {exc.format_message()}", err=True)
        return EXIT_BAD_INPUT
    except (PrintkitError, EngineError) as exc:
        # one line per mistake (a custom sheet may have several), each saying it is ours
        for line in str(exc).splitlines() or [""]:
            click.echo(f"printkit: {line}", err=True)
        return EXIT_BAD_INPUT
    except OSError as exc:
        name = f" {exc.filename}" if exc.filename else ""
        click.echo(f"printkit: cannot access{name}: {exc.strerror or exc}", err=True)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
