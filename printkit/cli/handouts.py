"""``printkit handouts``: rule handouts in many languages and papers, built in parallel."""

from __future__ import annotations

from pathlib import Path

import click

from printkit.cli.common import out_dir, run_batch, sheet_options
from printkit.cli.options import KIT, LOCALES, PAPERS_LIST, jobs_option, out_option
from printkit.errors import PrintkitError
from printkit.paper import paper


@click.command("handouts")
@click.argument("game", metavar="GAME", type=KIT)
@click.option("--locales", type=LOCALES, default="en", show_default=True,
              help="Comma-separated languages, e.g. en,fr,de (or `all`).")
@click.option("--paper", "papers", type=PAPERS_LIST, default="a4", show_default=True,
              help="Comma-separated papers, e.g. a4,letter.")
@click.option("--columns", type=click.IntRange(1, 2), default=1, show_default=True,
              help="Text columns per page.")
@click.option("--booklet", is_flag=True,
              help="A folded booklet: half-size pages two to a sheet, saddle-stitch order.")
@click.option("--template", type=click.Path(dir_okay=False),
              help="Your own handout template (Jinja2, sandboxed) instead of the game's.")
@out_option("out/handouts", "Output folder.")
@jobs_option()
@click.option("--sheet", "sheet", metavar="FILE",
              help="A custom sheet (TOML) to write the handout for (a kit that takes one).")
def handouts(game: str, locales: list[str], papers: list[str], columns: int, booklet: bool,
             template: str | None, out: str, jobs: int | None, sheet: str | None) -> None:
    """Build the rule handout of GAME (or `all`) in every locale on every paper."""
    # lazy: the command's machinery loads ReportLab, pypdf and Jinja2
    from printkit.handouts import BOOKLET_PAGES, HandoutOptions, check_template
    from printkit.handouts.batch import handout_jobs
    from printkit.kits import get_kit, kits

    HandoutOptions(columns, booklet)  # refuse a bad combination before any work
    names = ([k.name for k in kits().values() if k.handout is not None] if game == "all"
             else [game])
    for name in names:
        if get_kit(name).handout is None:
            raise PrintkitError(f"{name} has no rule handout")
    wanted, paper_names = locales, papers
    for p in paper_names:
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
