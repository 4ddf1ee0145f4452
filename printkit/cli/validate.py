"""``printkit validate``: many auto-played games against the printed layouts, and the game's
balance (or one of the balance studies a kit declares)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from printkit.cli.common import Fail, out_dir, out_file, sheet_options
from printkit.cli.options import (
    GAME_OR_ALL,
    KitCommand,
    build_context,
    game_options,
    game_options_option,
    jobs_option,
    kit_flags,
    paper_options,
    sheet_option,
)
from printkit.errors import PrintkitError


@click.command(cls=KitCommand)
@click.argument("game", metavar="GAME", type=GAME_OR_ALL)
@click.option("--games", "count", default=1000, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--bot", help="Bot that plays the games (default: the game's strongest).")
@click.option("--players", type=int, help="Players per game (default: the game's default).")
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per game and variant on stdout.")
@click.option("--report", metavar="DIR",
              help="Also write the balance report: a PDF per game, a summary and the "
                   "extreme games' logs and examples in DIR (or all in one FILE.pdf).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local",
              show_default=True,
              help="Where the games run: local processes, or a dask.distributed cluster.")
@jobs_option("--executor local: worker processes [default: cores; 1 runs in this process].")
@click.option("--scheduler", metavar="ADDRESS",
              help="--executor dask: the scheduler's address, e.g. tcp://10.0.0.5:8786.")
@click.option("--pair-games", type=click.IntRange(min=0),
              help="Games per pairing of bots, seats swapped [default: a tenth of --games; "
                   "0: none].")
@click.option("--chunk", type=click.IntRange(min=1),
              help="Games per chunk of work [default: from --games and the workers].")
@click.option("--study", metavar="NAME[=ARG]",
              help="Instead of the layouts, a balance study the game's kit declares (its "
                   "figures over --games games per series); an unknown NAME lists them.")
@paper_options
@game_options_option
@sheet_option
def validate(game: str, count: int, seed: int, bot: str | None, players: int | None,
             as_json: bool, report: str | None, executor: str, jobs: int | None,
             scheduler: str | None, pair_games: int | None, chunk: int | None,
             study: str | None, paper: str, landscape: bool, option_pairs: tuple[str, ...],
             sheet: str | None, **flags: Any) -> None:
    """Auto-play many games of every variant, check every declared capacity against them
    and measure the game's balance (length, scores, seats, bots against bots).

    With --sheet, the custom sheet's seat moves round the table from game to game and the
    report adds its win rate against the standard sheets, with a 95 % confidence interval.
    A run that changes the game (--option, --sheet, a kit's own options) with --report also
    plays the standard game and shows the two side by side. Ctrl-C (or SIGTERM) stops within a
    game: every game that finished is printed and the report is written, marked partial.
    """
    # lazy: the validation loads ReportLab and the simulation
    from printkit.simulation import make_executor, stopping_on_signals
    from printkit.validate import ValidationInterrupted, validate_games

    if count < 1:
        raise PrintkitError(f"--games must be a positive number, not {count}")
    if players is not None and players < 1:
        raise PrintkitError(f"--players must be a positive number, not {players}")
    if jobs is not None and executor != "local":
        raise PrintkitError("--jobs applies to --executor local")
    options = {**game_options(option_pairs),
               **kit_flags(game, flags, "validate").game_options}
    if study is not None:
        given = [name for name, value in (("--bot", bot), ("--players", players),
                                          ("--report", report), ("--pair-games", pair_games),
                                          ("--sheet", sheet)) if value is not None]
        if given:
            raise PrintkitError(f"{given[0]} does not apply to --study (a study plays its "
                                "own series)")
        _study(game, study, count, seed, options, as_json, executor, jobs, scheduler, chunk)
        return
    seat_options = sheet_options(game, sheet)
    ctx = build_context(paper, landscape, options={**options, **seat_options})
    report_path = _report_path(report) if report else None
    runner = make_executor(executor, jobs=jobs, scheduler=scheduler)
    with stopping_on_signals():  # Ctrl-C and SIGTERM: stop, keep, report; no worker left
        try:
            ok = validate_games(game, ctx, count, seed, bot=bot, players=players,
                                as_json=as_json, report=report_path, echo=click.echo,
                                options=options,
                                head_to_head=Path(sheet).name if sheet else None,
                                executor=runner, pair_games=pair_games, chunk=chunk)
        except ValidationInterrupted as stop:  # Ctrl-C: what was done is printed, one line
            raise click.ClickException(str(stop) + ("; the report is marked partial" if report
                                                    else "")) from None
        except KeyboardInterrupt:  # a second Ctrl-C: stop at once
            raise click.ClickException("interrupted twice: stopped before the report was "
                                       "written" if report else "interrupted") from None
        finally:
            runner.close()
    if not ok:
        raise Fail("a capacity falls short of what the games demanded")


def _study(game: str, spec: str, count: int, seed: int, options: dict[str, Any],
           as_json: bool, executor: str, jobs: int | None, scheduler: str | None,
           chunk: int | None) -> None:
    """``validate --study``: the study's report as a table, or one JSON object."""
    # lazy: the validation loads ReportLab and the simulation
    from printkit.simulation import make_executor, stopping_on_signals
    from printkit.validate import ValidationInterrupted, run_study, study_table

    runner = make_executor(executor, jobs=jobs, scheduler=scheduler)
    with stopping_on_signals():
        try:
            found = run_study(game, spec, count, seed, options=options, executor=runner,
                              chunk=chunk)
        except ValidationInterrupted as stop:  # Ctrl-C: what was done is printed, one line
            if stop.report is not None:
                click.echo(json.dumps(stop.report) if as_json
                           else study_table(game, stop.report))
            raise click.ClickException(str(stop)) from None
        except KeyboardInterrupt:
            raise click.ClickException("interrupted") from None
        finally:
            runner.close()
    click.echo(json.dumps(found) if as_json else study_table(game, found))


def _report_path(path: str) -> Path:
    """``--report``: a folder (created), or one ``.pdf`` file (its folder created)."""
    out = Path(path)
    return out_file(path) if out.suffix.lower() == ".pdf" else out_dir(path)
