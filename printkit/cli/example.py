"""``printkit example``: a game log drawn as the filled-in, annotated sheets of the game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from printkit.cli.common import Fail, out_file, read_text
from printkit.cli.options import (
    GAME,
    build_context,
    locale_option,
    out_option,
    paper_options,
    preflight_option,
    sheet_option,
)
from printkit.engines.core import GameLog, parse_log, validate_log_lines
from printkit.errors import PrintkitError


@click.command()
@click.argument("game", metavar="GAME", type=GAME)
@click.argument("log", type=click.Path(dir_okay=False))
@out_option(None, "Output PDF (default out/GAME/example-LOGNAME.pdf).")
@paper_options
@locale_option("Language of the sheets and notes.")
@preflight_option
@sheet_option
def example(game: str, log: str, out: str | None, paper: str, landscape: bool, locale: str,
            preflight: bool, sheet: str | None) -> None:
    """Draw LOG as filled-in, annotated sheets."""
    # lazy: the kits and the pipeline load ReportLab
    from printkit.i18n import translations
    from printkit.kits import get_game_kit
    from printkit.pipeline import draw_example

    kit = get_game_kit(game)
    text = read_text(log)
    validate_log_lines(kit.game(), text)
    parsed = parse_log(text)
    if sheet is not None:
        parsed = _with_sheet(parsed, kit.sheet_options(sheet), log)
    ctx = build_context(paper, landscape, "home", locale, options=parsed.header.options)
    target = out_file(out or f"out/{game}/example-{Path(log).stem}.pdf")
    report = draw_example(kit, parsed, ctx, target)
    click.echo(translations(ctx.locale).gettext("wrote {path}").format(path=target))
    if preflight or report.errors:
        click.echo(report.report(), err=bool(report.errors))
    if report.errors:
        raise Fail(f"preflight found {len(report.errors)} error(s)")


def _with_sheet(parsed: GameLog, options: dict[str, Any], log: str) -> GameLog:
    """A hand-written log of a custom-sheet game takes its sheet from ``--sheet``; a log
    that records a sheet already must record this one."""
    header = parsed.header
    clash = {k: v for k, v in options.items() if k in header.options and header.options[k] != v}
    if clash:
        raise PrintkitError(f"{log} was played with another sheet than the --sheet file; "
                            "leave --sheet out to print it with its own")
    parsed.header = replace(header, options={**header.options, **options})
    return parsed
