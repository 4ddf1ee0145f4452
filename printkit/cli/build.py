"""``printkit games`` and ``printkit build``: what the installed kits are, and their PDFs."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from printkit.cli.common import Fail, out_dir, parse_offset, run_batch, sheet_options
from printkit.cli.options import (
    KIT,
    LOCALES,
    KitCommand,
    build_context,
    duplex_offset_option,
    jobs_option,
    kit_flags,
    locale_option,
    out_option,
    paper_options,
    preflight_option,
    profile_option,
    sheet_option,
    split_flags,
)
from printkit.engines.core.progress import task
from printkit.errors import PrintkitError
from printkit.flags import names as flag_names


@click.command()
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


@click.command(cls=KitCommand, components=True)
@click.argument("game", metavar="GAME", type=KIT)
@click.option("--component", "-c", multiple=True, help="Build only this component (repeatable).")
@paper_options
@profile_option
@locale_option()
@out_option("out", "Output folder.")
@duplex_offset_option()
@preflight_option
@click.option("--overwrite", is_flag=True,
              help="Replace a kit built into OUT for another paper, language or profile.")
@click.option("--no-pack", "no_pack", is_flag=True,
              help="Each component's own PDF only: no packed GAME-kit.pdf.")
@click.option("--locales", type=LOCALES,
              help="Several languages at once (en,fr,de or `all`): a batch into "
                   "OUT/LOCALE/GAME/ with manifest.json and index.html.")
@sheet_option
@jobs_option("With --locales: worker processes [default: cores].")
def build(game: str, component: tuple[str, ...], paper: str, landscape: bool, profile: str,
          locale: str, out: str, duplex_offset: str | None, preflight: bool, overwrite: bool,
          no_pack: bool, locales: list[str] | None, sheet: str | None, jobs: int | None,
          **extra: Any) -> None:
    """Build the kit of GAME (or `all`) into OUT/GAME/."""
    from printkit.pipeline import build_kits  # lazy: the kits and the pipeline load ReportLab

    flags, component_values = split_flags(extra)
    if locales is not None:
        given = [name for name, value in (
            ("component", component), ("duplex-offset", duplex_offset),
            ("preflight", preflight), ("no-pack", no_pack), ("sheet", sheet),
            *((k.replace("_", "-"), v) for k, v in component_values.items()),
            *((k.removeprefix("flag_").replace("_", "-"), v) for k, v in flags.items()))
            if value]
        if given:
            raise PrintkitError("--locales builds whole kits with their defaults; leave out "
                                + flag_names(given))
        _build_locales(game, paper, landscape, profile, locales, out_dir(out), jobs)
        return

    effect = kit_flags(game, flags, "build")
    component = (*component, *effect.components)
    ctx = build_context(paper, landscape, profile, locale, parse_offset(duplex_offset),
                        {**effect.game_options, **sheet_options(game, sheet)})
    folder = out_dir(out)
    with _build_progress(game, component, folder) as echo:
        report = build_kits(game, ctx, folder, components=component, options=component_values,
                            echo=echo, pack=not no_pack, overwrite=overwrite)
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


def _build_locales(game: str, paper: str, landscape: bool, profile: str, locales: list[str],
                   out: Path, jobs: int | None) -> None:
    """``build GAME --locales ...``: every kit in every language, as a batch."""
    # lazy: the kits load ReportLab, the batch pypdf and Jinja2
    from printkit.handouts.batch import Job
    from printkit.kits import kits

    if landscape:
        raise PrintkitError("--locales builds portrait kits; leave out --landscape")
    names = list(kits()) if game == "all" else [game]
    batch = [Job("kit", name, loc, paper, profile=profile) for loc in locales for name in names]
    run_batch(batch, out, jobs, "kit builds")
