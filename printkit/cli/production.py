"""Click commands of print production: ``deck``, ``preview`` and ``calibrate``.

The main group registers :data:`COMMANDS`. Each command turns a
:class:`~printkit.errors.PrintkitError` into one line on stderr and exit code 2
(:func:`~printkit.cli.common.friendly`), so it also behaves when run on its own. Each
imports its machinery when it runs (``printkit`` loads every command to start).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.cli.common import friendly, out_file, parse_offset
from printkit.cli.options import (
    duplex_offset_option,
    locale_option,
    out_option,
    paper_options,
    profile_option,
)
from printkit.paper import paper as get_paper


@click.command("deck")
@click.argument("cards", type=click.Path(dir_okay=False))
@click.option("--size", "card_size", default="poker", show_default=True,
              help="poker, bridge, mini, counter-5/8 ... or WxHmm")
@click.option("--back", default=None, help="text, or an image file, for the card backs")
@click.option("--images", default=None, metavar="DIR",
              help="the folder the image and back columns' pictures come from "
                   "[default: the CSV's folder]; nothing outside it is read")
@click.option("--field", "fields", multiple=True, metavar="FIELD=COLUMN",
              help="read a field (title, text, count, image, back) from another column, "
                   "e.g. text=body; repeatable; wins over the layout file CARDS.toml")
@click.option("--fit", type=click.Choice(["deck", "per-card"]), default="deck",
              show_default=True,
              help="one title size and one text size for the whole deck (the largest at "
                   "which every card fits), or each card at its own")
@click.option("--lang", default="en", show_default=True,
              help="language of the text, for hyphenation: en, en_GB, en_US, fr, de ... "
                   "(as pyphen names them)")
@paper_options
@profile_option
@click.option("--duplex", type=click.Choice(["long", "short", "fold"]), default=None,
              help="how backs are printed (default long when there is a back)")
@duplex_offset_option()
@out_option(None, "the PDF to write [default: out/decks/CARDS.pdf]",
            type=click.Path(dir_okay=False))
@friendly
def deck(cards: str, card_size: str, back: str | None, images: str | None,
         fields: tuple[str, ...], fit: str, lang: str, paper: str, landscape: bool,
         profile: str, duplex: str | None, duplex_offset: str | None, out: str | None) -> None:
    """Build a card sheet PDF from CARDS, a UTF-8 CSV with title and text columns and
    optional count (or qty), image and back columns; map other column names with --field
    or a layout file beside the CSV (cards.toml: [fields] text = "body"). Pictures come from
    the CSV's folder (or --images DIR) and nowhere else.

    Text keeps 4.5 mm from the cut, is hyphenated before it is shrunk, and takes one size
    across the deck unless --fit per-card. A card that cannot fit even at the minimum size
    writes nothing (no PDF) and exits 1, naming its row; bad input exits 2.
    """
    from printkit.decks import build_deck  # lazy: loads ReportLab and the pipeline

    out = str(out_file(out or str(Path("out") / "decks" / f"{Path(cards).stem}.pdf")))
    result = build_deck(cards, out, card_size=card_size, back=back, paper=paper,
                        landscape=landscape, profile=profile, duplex=duplex,
                        duplex_offset=parse_offset(duplex_offset), fields=fields, fit=fit,
                        lang=lang, images=images)
    report = result.report
    if report.findings:
        click.echo(report.report(), err=True, nl=False)
    if result.path is None:
        click.echo(f"printkit: nothing written to {out}: {'; '.join(result.unfit)} cannot fit "
                   "even at the minimum size (shorten the text, or use a larger --size)",
                   err=True)
        sys.exit(1)
    sizes = "; ".join(
        (f"{name} {lo:g} pt" if lo == hi else f"{name} {lo:g}-{hi:g} pt")
        + (f" (set by row {row})" if row is not None else "")
        for name, (lo, hi), row in (("titles", result.title_pt, result.title_set_by),
                                    ("text", result.text_pt, result.text_set_by)) if hi)
    pages = f"{result.pages} page" + ("s" if result.pages != 1 else "")
    cards_n = f"{result.cards} card" + ("s" if result.cards != 1 else "")
    click.echo(f"{result.path}: {cards_n} on {pages}: {sizes}")
    if report.errors:
        sys.exit(1)


@click.command("preview")
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("--dpi", default=100.0, show_default=True, help="resolution of the PNGs")
@out_option(None, "folder for PNGs [default: out/previews/PDF-NAME]",
            type=click.Path(file_okay=False))
@friendly
def preview(pdf: str, dpi: float, out: str | None) -> None:
    """Render every page of PDF to PNG, plus a contact sheet of all pages."""
    from printkit.preview import render_previews  # lazy: loads pypdfium2

    out = out or str(Path("out") / "previews" / Path(pdf).stem)
    paths = render_previews(pdf, out, dpi)
    click.echo(f"{len(paths)} images in {out}")


@click.command("calibrate")
@paper_options
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long",
              show_default=True)
@duplex_offset_option("print with this offset to check a correction")
@locale_option("Language of the sheet.")
@out_option(None, "the PDF to write [default: out/calibration-PAPER.pdf]",
            type=click.Path(dir_okay=False))
@friendly
def calibrate(paper: str, landscape: bool, duplex: str, duplex_offset: str | None,
              locale: str, out: str | None) -> None:
    """Write the duplex calibration sheet: print it double-sided and read X,Y off it."""
    # lazy: the command's machinery loads ReportLab
    from printkit.context import BuildContext
    from printkit.layout.calibration import write_calibration
    from printkit.pipeline import drawing

    build = BuildContext(paper=get_paper(paper, landscape=landscape),
                         duplex_offset=parse_offset(duplex_offset),
                         locale=locale)
    out = str(out_file(out or str(Path("out") / f"calibration-{paper}.pdf")))
    with drawing(build) as ctx:  # checked while drawn, like every component
        written = write_calibration(out, ctx, duplex)
        findings = ctx.preflight
    if findings.findings:
        click.echo(findings.report(), err=True, nl=False)
    click.echo(str(written))
    if findings.errors:
        sys.exit(1)
