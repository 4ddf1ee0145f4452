"""The ``printkit`` command line: the contract in ARCHITECTURE.md.

Bad input never shows a traceback: every expected error becomes one line on stderr and exit
code 2, and no half-written file is left behind (all writers write atomically).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from printkit.commands import plugin_commands
from printkit.commands.common import (
    EXIT_BAD_INPUT,
    EXIT_FAILED_CHECK,
    Fail,
    out_dir,
    out_file,
    parse_offset,
    sheet_options,
)
from printkit.commands.handouts import run_batch, split_list
from printkit.engines.core import (
    Game,
    GameLog,
    LogFormatError,
    log_schema,
    parse_log,
    validate_log_lines,
)
from printkit.engines.core import play as play_game
from printkit.engines.core import replay as replay_game
from printkit.engines.core.errors import EngineError
from printkit.engines.core.progress import task
from printkit.engines.core.reading import UnreadableError, json_value, text_file
from printkit.errors import PrintkitError
from printkit.flags import apply_flags, offered
from printkit.flags import names as flag_names
from printkit.paper import paper as make_paper

if TYPE_CHECKING:
    from printkit.context import BuildContext
    from printkit.flags import FlagEffect

# A command imports the machinery it runs when it runs (the lazy imports below): the kits, the
# drawing context and the pipelines load ReportLab, the handouts Jinja2 and pypdf, and
# `printkit --help` (or `printkit cache`) starts without any of them.


def _game(name: str) -> Game[Any, Any]:
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    return get_game_kit(name).game()


def _paper_option(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--landscape", is_flag=True, help="Landscape orientation.")(f)
    return click.option(
        "--paper",
        default="a4",
        show_default=True,
        help="a4, letter, a3, tabloid, or universal (fits both A4 and Letter).",
    )(f)


def _context(paper: str, landscape: bool, profile: str = "home", locale: str = "en",
             duplex_offset: tuple[float, float] = (0.0, 0.0),
             game_options: dict[str, Any] | None = None) -> BuildContext:
    from printkit.context import BuildContext  # lazy: loads ReportLab
    from printkit.i18n import shipped_locale  # lazy: loads ReportLab

    return BuildContext(make_paper(paper, landscape=landscape), profile, shipped_locale(locale),
                        duplex_offset, game_options or {})


def _sheet_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--sheet", "sheet", metavar="FILE",
        help="A custom sheet (TOML) that one seat plays against the standard sheets, for a "
             "game whose kit takes one (`printkit games` says which).")(f)


class KitFlagCommand(click.Command):
    """A command that offers the options the installed kits declare (:mod:`printkit.flags`),
    worked out when the command is parsed or its help shown, so ``printkit --help`` and
    commands that take none load no kit."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        from printkit.kits import kits  # lazy: the kits load ReportLab

        params = super().get_params(ctx)
        help_option = params[-1:] if params and params[-1].name == "help" else []
        own = [click.Option([f"--{o.flag.name}", o.flag.dest], type=o.flag.value_type,
                            metavar=o.flag.metavar, help=o.help)
               for o in offered(self.name or "", kits())]  # the kits installed now
        return params[:len(params) - len(help_option)] + own + help_option


def _kit_flags(game: str, values: dict[str, Any], command: str) -> FlagEffect:
    """What the kit flags given to ``command`` do for ``game`` (game options, components)."""
    from printkit.kits import kits  # lazy: the kits load ReportLab

    return apply_flags(game, values, kits(), command)


def _game_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--option key=value`` pairs; a value is read as JSON when it parses, else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise PrintkitError(f"--option takes key=value, not {pair!r}")
        try:
            options[key] = json_value(value)
        except UnreadableError as exc:
            if str(exc).startswith("not valid JSON"):
                options[key] = value  # plain text
            else:  # JSON that Python cannot hold: a 5,000-digit number, nesting 2,000 deep
                raise PrintkitError(f"--option {key}: {exc}") from None
    return options


def _options_flag(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
        help="A game option (repeat); `printkit replay GAME --schema` lists a game's "
             "options.")(f)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
def cli() -> None:
    """Print-and-play kits for tabletop dice games, checked by reference rules engines."""


@cli.command()
def games() -> None:
    """List the games and kits, with their components."""
    from printkit.kits import kits  # lazy: the kits load ReportLab

    for name, kit in sorted(kits().items()):
        title = kit.title
        if kit.is_game:
            g = kit.game()
            title = f"{g.info.title} ({g.info.min_players}-{g.info.max_players} players;"
            title += f" bots: {', '.join(g.bot_names())})"
        click.echo(f"{name}: {title}")
        for c in kit.component_list():
            click.echo(f"  - {c.name}: {c.title}")
        own = [f"--{f.name} {f.metavar}" for f in kit.flags]
        if kit.sheet_file is not None:
            own.append("--sheet FILE")
        if own:
            click.echo(f"  options: {', '.join(own)}")
        studies = kit.validation.studies if kit.validation else ()
        if studies:
            click.echo(f"  studies (validate --study NAME): "
                       f"{', '.join(s.name for s in studies)}")


@cli.command(cls=KitFlagCommand)
@click.argument("game")
@click.option("--component", "-c", multiple=True, help="Build only this component (repeatable).")
@_paper_option
@click.option("--profile", default="home", show_default=True, help="home or print-shop.")
@click.option("--locale", default="en", show_default=True, help="Language of the labels.")
@click.option("--out", "out", default="out", show_default=True, help="Output folder.")
@click.option("--duplex", type=click.Choice(["long", "short", "fold"]),
              help="Two-sided components (counters): how the backs are printed.")
@click.option("--duplex-offset", help="Shift back pages by X,Y mm (read off the calibration page).")
@click.option("--two-up", is_flag=True,
              help="Sheets: two sheets side by side on a landscape A3 or Tabloid page.")
@click.option("--preflight", "preflight", is_flag=True, help="Print the preflight report.")
@click.option("--overwrite", is_flag=True,
              help="Replace a kit built into OUT for another paper, language or profile.")
@click.option("--no-pack", "no_pack", is_flag=True,
              help="Kit PDF: one component page per sheet (do not share sheets).")
@click.option("--locales", help="Several languages at once (en,fr,de or `all`): a batch into "
                                "OUT/LOCALE/GAME/ with manifest.json and index.html.")
@_sheet_option
@click.option("--jobs", type=click.IntRange(min=1),
              help="With --locales: worker processes [default: cores].")
def build(game: str, component: tuple[str, ...], paper: str, landscape: bool, profile: str,
          locale: str, out: str, duplex: str | None, duplex_offset: str | None, two_up: bool,
          preflight: bool, overwrite: bool, no_pack: bool, locales: str | None,
          jobs: int | None, sheet: str | None, **flags: Any) -> None:
    """Build the kit of GAME (or `all`) into OUT/GAME/."""
    from printkit.kits import kits  # lazy: the kits and the pipeline load ReportLab
    from printkit.pipeline import build_kits

    if locales is not None:
        if (component or duplex or duplex_offset or two_up or preflight or no_pack or sheet
                or any(v is not None for v in flags.values())):
            shared = ("component", "duplex", "two-up", "preflight", "no-pack", "sheet")
            every = [*shared, *(o.flag.name for o in offered("build", kits()))]
            raise PrintkitError("--locales builds whole kits with their defaults; leave out "
                                + flag_names(every))
        _build_locales(game, paper, landscape, profile, locales, out_dir(out), jobs)
        return

    effect = _kit_flags(game, flags, "build")
    component = (*component, *effect.components)
    ctx = _context(paper, landscape, profile, locale, parse_offset(duplex_offset),
                   {**effect.game_options, **sheet_options(game, sheet)})
    folder = out_dir(out)
    with _build_progress(game, component, folder) as echo:
        report = build_kits(game, ctx, folder, components=component,
                            options={"two_up": two_up, "duplex": duplex}, echo=echo,
                            pack=not no_pack, overwrite=overwrite)
    if preflight or report.errors:
        click.echo(report.report(), err=bool(report.errors))
    if report.errors:
        raise Fail(f"preflight found {len(report.errors)} error(s)")


SECONDS_PER_COMPONENT = 0.18
"""About how long a component takes to draw and check (``build all``: 5.7 CPU-s for 33
components and 6 kit PDFs, measured on the 2-core development machine with ``make bench``);
for the first line of a long build."""


@contextlib.contextmanager
def _build_progress(game: str, components: tuple[str, ...],
                    out: Path) -> Iterator[Callable[[str], None]]:
    """``build all`` (or any build of many components) says what it does and about how long
    it takes, then shows a bar on a terminal; yields the ``echo`` for the written files."""
    from printkit.kits import get_kit, kits  # lazy: the kits load ReportLab

    chosen = list(kits().values()) if game == "all" else [get_kit(game)]
    count = len(components) or sum(len(k.component_list()) for k in chosen)
    if count < 8:
        yield click.echo
        return
    about = max(1, round(count * SECONDS_PER_COMPONENT))
    with task(f"building {len(chosen)} kit{'s' if len(chosen) > 1 else ''} ({count} components) "
              f"into {out}/, about {about} s", total=count) as step:
        def echo(line: str) -> None:
            click.echo(line)
            if line.endswith(".pdf") and not line.endswith("-kit.pdf"):
                step(1)

        yield echo


def _build_locales(game: str, paper: str, landscape: bool, profile: str, locales: str,
                   out: Path, jobs: int | None) -> None:
    """``build GAME --locales ...``: every kit in every language, as a batch."""
    # lazy: the kits load ReportLab, the batch pypdf and Jinja2
    from printkit.handouts.batch import Job
    from printkit.i18n import available_locales, shipped_locale
    from printkit.kits import get_kit, kits

    if landscape:
        raise PrintkitError("--locales builds portrait kits; leave out --landscape")
    _context(paper, False, profile)  # refuse a bad paper or profile before any work
    names = list(kits()) if game == "all" else [get_kit(game).name]
    wanted = available_locales() if locales == "all" else [
        shipped_locale(loc) for loc in split_list(locales, "locales")]
    batch = [Job("kit", name, loc, paper, profile=profile) for loc in wanted for name in names]
    run_batch(batch, out, jobs, "kit builds")


@cli.command(cls=KitFlagCommand)
@click.argument("game")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--players", type=click.IntRange(min=1), help="Number of players.")
@click.option("--bot", "bots", multiple=True,
              help="Bot per seat (repeat; the last fills the rest).")
@click.option("--name", "names", multiple=True, help="Player names (repeat).")
@click.option("--log", "log_path", help="Write the game log (JSON Lines) here; '-' for stdout.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@_options_flag
@_sheet_option
def play(game: str, seed: int, players: int | None, bots: tuple[str, ...], names: tuple[str, ...],
         log_path: str | None, as_json: bool, option_pairs: tuple[str, ...],
         sheet: str | None, **flags: Any) -> None:
    """Auto-play one game with bots and print the result (names, scores, winner)."""
    g = _game(game)
    n = players or max(len(bots), g.info.default_players)
    if not g.info.min_players <= n <= g.info.max_players:
        raise PrintkitError(
            f"{g.info.title} takes {g.info.min_players}-{g.info.max_players} players, not {n}"
        )
    if len(bots) > n:
        raise PrintkitError(f"{len(bots)} --bot values for {n} player{'s' if n > 1 else ''}; "
                            "give one per seat, or fewer (the last fills the rest)")
    seats = list(bots) or [_default_bot(game, g)]
    seats = (seats + [seats[-1]] * n)[:n]
    if names and len(names) != n:
        raise PrintkitError(f"give {n} --name values or none")
    options = {**_game_options(option_pairs), **_kit_flags(game, flags, "play").game_options,
               **sheet_options(game, sheet)}
    try:
        g.new_initial_state(n, {**g.default_options(), **options})
    except ValueError as exc:
        raise PrintkitError(f"{g.info.title}: {exc}") from None
    played = play_game(g, seats, seed=seed, names=names or None, options=options)
    assert played.log is not None
    if log_path == "-":
        click.echo(played.log.dumps(), nl=False)
        return
    if log_path:
        played.log.write(out_file(log_path))
    result = played.state.result()
    if as_json:
        click.echo(json.dumps(result))
        return
    seated = [(p.name, p.bot) for p in played.log.header.players]
    for line in describe_result(g.info.title, seated, result):
        click.echo(line)
    if log_path:
        click.echo(f"log written to {log_path}")


def describe_result(title: str, players: list[tuple[str, str | None]],
                    result: dict[str, Any]) -> list[str]:
    """A game's result for a person: a line per player (name, bot, score, winner), then the
    game's other figures. Every game's ``result()`` names its winner(s) as ``winner`` or
    ``winners`` and may give ``scores``; the rest is shown as it is.

    >>> describe_result("Duel", [("Ann", "greedy"), ("Ben", None)],
    ...                 {"winner": 1, "scores": [3, 5], "turns": 9})
    ['Duel: Ben wins.', '  Ann (greedy)  3', '  Ben  5  winner', '  turns: 9']
    """
    winners = result.get("winners")
    if winners is None:
        winner = result.get("winner")
        winners = [] if winner is None else [winner]
    scores = result.get("scores")
    names = [name for name, _ in players]
    won = [names[i] for i in winners if isinstance(i, int) and 0 <= i < len(names)]
    if not won:
        head = f"{title}: no winner."
    elif len(won) == 1:
        head = f"{title}: {won[0]} wins."
    else:
        head = f"{title}: a tie between {', '.join(won[:-1])} and {won[-1]}."
    lines = [head]
    for seat, (name, bot) in enumerate(players):
        cells = [f"{name} ({bot})" if bot else name]
        if isinstance(scores, list) and seat < len(scores):
            cells.append(str(scores[seat]))
        if seat in winners:
            cells.append("winner")
        lines.append("  " + "  ".join(cells))
    shown = {"winner", "winners", "scores", "winner_name"}
    for key, value in result.items():
        if key not in shown:
            text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
            lines.append(f"  {key.replace('_', ' ')}: {text}")
    return lines


def _default_bot(name: str, g: Game[Any, Any]) -> str:
    """``play``'s bot when none is named: the kit's ``play_bot``, else the bot the game's
    layouts are validated with, else ``random``."""
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    kit = get_game_kit(name)
    for bot in (kit.play_bot, kit.validation.bot if kit.validation else None):
        if bot is not None and bot in g.bots():
            return bot
    return "random"


@cli.command()
@click.argument("game")
@click.argument("log", type=click.Path(dir_okay=False), required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--schema", is_flag=True,
              help="Print the JSON Schema of a line of GAME's logs instead of replaying.")
def replay(game: str, log: str | None, as_json: bool, schema: bool) -> None:
    """Replay LOG with the rules engine, checking every line and the recorded result."""
    g = _game(game)
    if schema:
        click.echo(json.dumps(log_schema(g), indent=2, ensure_ascii=False))
        return
    if log is None:
        raise click.UsageError("give a LOG to replay (or --schema)")
    text = _read_text(log)
    validate_log_lines(g, text)
    parsed = parse_log(text)
    result = replay_game(g, parsed)
    state = result.state
    remarks = state.remarks([p.name for p in parsed.header.players])
    out = {"game": g.info.name, "lines": len(parsed.entries), "finished": state.is_terminal(),
           "result": state.result() if state.is_terminal() else None, "remarks": remarks}
    if as_json:
        click.echo(json.dumps(out))
    else:
        click.echo(f"{log}: {len(parsed.entries)} moves replayed, all legal.")
        if state.is_terminal():
            click.echo(f"result: {json.dumps(state.result())}")
        else:
            click.echo("the game is not finished yet.")
        for remark in remarks:
            click.echo(f"note: {remark}")


def _read_text(path: str) -> str:
    """A log the user names, read whole (one line on stderr when it cannot be)."""
    try:
        return text_file(path, "log")
    except UnreadableError as exc:
        if str(exc).endswith("is not UTF-8 text"):
            raise LogFormatError(str(exc)) from None
        raise PrintkitError(str(exc)) from None


@cli.command()
@click.argument("game")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--out", "out", help="Output PDF (default out/GAME/example-LOGNAME.pdf).")
@_paper_option
@click.option("--locale", default="en", show_default=True)
@click.option("--preflight", "preflight", is_flag=True, help="Print the preflight report.")
@_sheet_option
def example(game: str, log: str, out: str | None, paper: str, landscape: bool, locale: str,
            preflight: bool, sheet: str | None) -> None:
    """Draw LOG as filled-in, annotated sheets."""
    # lazy: the kits and the pipeline load ReportLab
    from printkit.i18n import translations
    from printkit.kits import get_game_kit
    from printkit.pipeline import draw_example

    kit = get_game_kit(game)
    text = _read_text(log)
    validate_log_lines(kit.game(), text)
    parsed = parse_log(text)
    if sheet is not None:
        parsed = _with_sheet(parsed, kit.sheet_options(sheet), log)
    ctx = _context(paper, landscape, "home", locale, game_options=parsed.header.options)
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


@cli.command(cls=KitFlagCommand)
@click.argument("game")
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
@click.option("--jobs", type=click.IntRange(min=1),
              help="--executor local: worker processes [default: cores; 1 runs in this "
                   "process].")
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
@_paper_option
@_options_flag
@_sheet_option
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
    options = {**_game_options(option_pairs),
               **_kit_flags(game, flags, "validate").game_options}
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
    ctx = _context(paper, landscape, game_options={**options, **seat_options})
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


def _register_plugins() -> None:
    for command in plugin_commands():
        cli.add_command(command)


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs the CLI and turns expected errors into one line and exit code 2."""
    _register_plugins()
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
