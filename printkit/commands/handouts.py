"""``printkit handouts``: rule handouts in many languages and papers, built in parallel."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.commands.common import Fail, out_dir, sheet_options
from printkit.errors import PrintkitError
from printkit.paper import paper

if TYPE_CHECKING:
    from printkit.handouts.batch import Job


def split_list(text: str, what: str) -> list[str]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise PrintkitError(f"--{what} needs at least one value")
    return list(dict.fromkeys(items))  # keep the order, drop repeats


def run_batch(batch: list[Job], out: Path, jobs: int | None, what: str) -> None:
    """Run ``batch`` into ``out`` behind a progress bar, say what it wrote, and list every
    failure at the end (exit 1 when there is one)."""
    from printkit.handouts.batch import default_jobs, run  # lazy: loads pypdf and Jinja2

    result = run(batch, out, workers=jobs or default_jobs(),
                 progress=_progress(what))  # type: ignore[arg-type]
    for entry in result.entries:
        click.echo(f"wrote {out / entry.file} ({entry.pages} pages)")
    click.echo(f"wrote {out / 'manifest.json'} and {out / 'index.html'}: "
               f"{len(result.entries)} files, {result.pages} pages in {result.seconds:.1f} s")
    if result.failures:
        for job, error in result.failures:
            click.echo(f"failed: {job.label}: {error}", err=True)
        raise Fail(f"{len(result.failures)} of {len(batch)} {what} failed")


def _progress(label: str) -> object:
    """A click progress bar over a batch's outcomes (jobs done, failures, elapsed), drawn
    only on a terminal."""
    from printkit.handouts.batch import Outcome  # lazy: loads pypdf and Jinja2

    def show(stream: Iterable[Outcome], total: int) -> Iterator[Outcome]:
        if not sys.stderr.isatty():  # a bar is for a person at a terminal, not a pipe or log
            yield from stream
            return
        start = time.perf_counter()
        failed = 0
        with click.progressbar(length=total, label=label, file=sys.stderr,
                               show_eta=False, show_percent=False, show_pos=True) as bar:
            for outcome in stream:
                failed += bool(outcome.error)
                bar.label = (f"{label} ({failed} failed, "
                             f"{time.perf_counter() - start:.0f} s)" if failed else
                             f"{label} ({time.perf_counter() - start:.0f} s)")
                bar.update(1)
                yield outcome

    return show


@click.command("handouts")
@click.argument("game")
@click.option("--locales", default="en", show_default=True,
              help="Comma-separated languages, e.g. en,fr,de (or `all`).")
@click.option("--paper", "papers", default="a4", show_default=True,
              help="Comma-separated papers: a4, letter, a3, tabloid.")
@click.option("--columns", type=click.IntRange(1, 2), default=1, show_default=True,
              help="Text columns per page.")
@click.option("--booklet", is_flag=True,
              help="A folded booklet: half-size pages two to a sheet, saddle-stitch order.")
@click.option("--template", type=click.Path(dir_okay=False),
              help="Your own handout template (Jinja2, sandboxed) instead of the game's.")
@click.option("--out", "out", default="out/handouts", show_default=True, help="Output folder.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes [default: cores].")
@click.option("--sheet", "sheet", metavar="FILE",
              help="A custom sheet (TOML) to write the handout for (a kit that takes one).")
def handouts(game: str, locales: str, papers: str, columns: int, booklet: bool,
             template: str | None, out: str, jobs: int | None, sheet: str | None) -> None:
    """Build the rule handout of GAME (or `all`) in every locale on every paper."""
    # lazy: the command's machinery loads ReportLab, pypdf and Jinja2
    from printkit.handouts import BOOKLET_PAGES, HandoutOptions, check_template
    from printkit.handouts.batch import handout_jobs
    from printkit.i18n import available_locales, shipped_locale
    from printkit.kits import get_kit, kits

    HandoutOptions(columns, booklet)  # refuse a bad combination before any work
    names = ([k.name for k in kits().values() if k.handout is not None] if game == "all"
             else [game])
    for name in names:
        if get_kit(name).handout is None:
            raise PrintkitError(f"{name} has no rule handout")
    wanted = available_locales() if locales == "all" else [
        shipped_locale(loc) for loc in split_list(locales, "locales")]
    paper_names = split_list(papers, "paper")
    for p in paper_names:
        paper(p)
        if booklet and p not in BOOKLET_PAGES:
            raise PrintkitError(f"no booklet on {p}; choose from {', '.join(BOOKLET_PAGES)}")
    template_path = None
    if template is not None:
        template_path = Path(template)
        if not template_path.is_file():
            raise PrintkitError(f"no template {template}")
    if sheet is not None:
        sheet_options(game, sheet)  # refuse a bad sheet once, before any work
    if template_path is not None:  # a broken template is bad input: refused, nothing written
        from printkit.context import BuildContext  # lazy: loads ReportLab

        for name in names:
            check_template(get_kit(name), BuildContext(paper(paper_names[0]),
                                                       locale=wanted[0]), template_path)
    folder = out_dir(out)
    batch = handout_jobs(names, wanted, paper_names, columns=columns, booklet=booklet,
                         template=template_path, sheet=Path(sheet) if sheet else None)
    run_batch(batch, folder, jobs, "handouts")


COMMANDS = [handouts]
