"""Rule handouts: one per game, in every language, on A4 or Letter, or as a folded booklet.

A game's handout is a Jinja2 template (``templates/<game>/handout.xml.j2``) that writes a few
blocks of markup (:mod:`printkit.handouts.markup`) from the game's data (its
:class:`~printkit.kits.Handout`); the template is rendered in a sandbox
(:mod:`printkit.handouts.render`), typeset with platypus (:mod:`printkit.handouts.typeset`),
and, for a booklet, imposed two pages to a sheet in saddle-stitch order
(:mod:`printkit.handouts.booklet`). The worked example inside is drawn by the kit's own
example printer from a log in ``examples/``, so it is the very page ``printkit example``
prints.

:func:`build_handout` builds one; :mod:`printkit.handouts.batch` builds many in parallel.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale

from printkit.context import BuildContext, DrawContext
from printkit.engines.core.files import atomic_write_bytes
from printkit.engines.core.log import read_log
from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.handouts.booklet import impose
from printkit.handouts.markup import Block, parse
from printkit.handouts.render import render_file
from printkit.handouts.typeset import FigureSource, PageLayout, check_blocks, typeset
from printkit.kits import Component, Kit
from printkit.page.structure import undeclared_resources
from printkit.paper import Paper, paper
from printkit.pipeline import draw_example, drawing
from printkit.units import inch, mm

#: the folded booklet's page for each sheet it is printed on
BOOKLET_PAGES: dict[str, Paper] = {
    "a4": Paper("a5", mm(148), mm(210)),
    "letter": Paper("half-letter", inch(5.5), inch(8.5)),
    "a3": Paper("a4", mm(210), mm(297)),
    "tabloid": Paper("letter", inch(8.5), inch(11)),
}


#: a handout's one figure: its example game (``<figure src="example">``)
EXAMPLE_FIGURE = "example"
#: the safe margin the example printer keeps around its page (cropped off in the figure)
FIGURE_MARGIN = mm(6.35)
#: room kept under a figure for its caption
FIGURE_CAPTION = mm(22)


@dataclass(frozen=True)
class HandoutOptions:
    """How a handout is laid out: ``columns`` (1 or 2) on full pages, or a ``booklet``
    (half-size pages, one column, imposed for folding). ``template`` replaces the game's
    own template (a user's, sandboxed like ours)."""

    columns: int = 1
    booklet: bool = False
    template: Path | None = None

    def __post_init__(self) -> None:
        if self.columns not in (1, 2):
            raise PrintkitError(f"a handout has 1 or 2 columns, not {self.columns}")
        if self.booklet and self.columns != 1:
            raise PrintkitError("a booklet has one column per page; leave out --columns")

    @property
    def suffix(self) -> str:
        return "-booklet" if self.booklet else ("-2col" if self.columns == 2 else "")


def layout_for(sheet: Paper, options: HandoutOptions) -> PageLayout:
    """The page the text is set on: the sheet itself, or the booklet's half-size page."""
    if options.booklet:
        if sheet.name not in BOOKLET_PAGES:
            raise PrintkitError(f"no booklet on {sheet.name}; choose from "
                                f"{', '.join(BOOKLET_PAGES)}")
        return PageLayout(BOOKLET_PAGES[sheet.name], 1, margin=mm(12), body_size=9.0)
    return PageLayout(sheet, options.columns, body_size=10.0 if options.columns == 1 else 9.0)


def handout_name(kit: Kit[Any, Any], build: BuildContext, options: HandoutOptions) -> str:
    return f"{kit.name}-rules-{build.locale}-{build.paper.name}{options.suffix}.pdf"


def template_data(kit: Kit[Any, Any], ctx: DrawContext) -> dict[str, Any]:
    """What every handout template gets besides its game's own data."""
    language = Locale.parse(ctx.locale).get_display_name(ctx.locale) or ctx.locale
    return {
        "game": {"name": kit.name, "title": ctx._(kit.title)},
        "locale": ctx.locale,
        "language": language[:1].upper() + language[1:],
        "paper": ctx.paper.name,
        "components": [_component_row(ctx.in_catalog(c.catalog), c)
                       for c in kit.component_list()],
        "kit_command": f"printkit build {kit.name} --paper {ctx.paper.name}",
    }


def _component_row(ctx: DrawContext, component: Component[Any]) -> dict[str, str]:
    return {"name": component.name, "title": ctx._(component.title),
            "description": ctx._(component.description) if component.description else ""}


def build_handout(kit: Kit[Any, Any], build: BuildContext, out: Path,
                  options: HandoutOptions = HandoutOptions()) -> Path:
    """Write the handout of ``kit`` in ``build``'s language and paper into the folder
    ``out``; returns the file's path. Nothing is written when anything fails."""
    spec = kit.handout
    if spec is None:
        raise PrintkitError(f"{kit.name} has no rule handout")
    if not out.is_dir():
        raise PrintkitError(f"output folder {out} does not exist")
    page_layout = layout_for(build.paper, options)
    template = options.template or spec.template
    target = out / handout_name(kit, build, options)
    with tempfile.TemporaryDirectory(prefix="printkit-handout-") as scratch:
        figures: dict[str, FigureSource] = {}
        if spec.example is not None and kit.examples is not None:
            log = read_log(kit.examples / spec.example)
            example_pdf = Path(scratch) / "example.pdf"
            # drawn at print size on a page the size of a column (less room for a caption),
            # so the example printer lays it out for that space; where it cannot (a booklet's
            # small page), it is drawn on the build's paper and shown as a detail
            frame = page_layout.frames()[0]
            fitted = build.with_paper(Paper("figure", frame.width + 2 * FIGURE_MARGIN,
                                            frame.height - FIGURE_CAPTION + 2 * FIGURE_MARGIN))
            drawn = draw_example(kit, log, fitted, example_pdf)
            if drawn.errors:
                drawn = draw_example(kit, log, build, example_pdf)
            figures[EXAMPLE_FIGURE] = FigureSource(
                example_pdf, spec.example_page,
                drawn.text_sizes.get((str(example_pdf), spec.example_page)))
        with drawing(build, kit=kit) as ctx:
            ctx = ctx.for_component("handout")
            data, blocks = _render(kit, ctx, template)
            _check_glyphs(ctx, blocks)
            if ctx.preflight.errors:  # e.g. a character the locale's font lacks
                first = ctx.preflight.errors[0]
                raise PrintkitError(f"{kit.name} handout ({build.locale}): {first.message} "
                                    f"[{first.code}]")
            title = ctx._("{game}: rules").format(game=ctx._(kit.title))
            pdf = typeset(blocks, ctx, page_layout, title=title, name=template.name,
                          header=(ctx._(kit.title), data["language"]), figures=figures,
                          subject=ctx._("Rule handout"))
        if options.booklet:
            pdf = impose(pdf, build.paper)
        broken = undeclared_resources(pdf)
        if broken:  # a strict reader would drop what is missing: write nothing
            raise PrintkitError(f"{kit.name} handout ({build.locale}): {broken[0]}")
        try:
            atomic_write_bytes(target, pdf)
        except OSError as exc:
            raise PrintkitError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target


def _render(kit: Kit[Any, Any], ctx: DrawContext,
            template: Path) -> tuple[dict[str, Any], list[Block]]:
    """The data a template gets, and the blocks its markup parses into."""
    assert kit.handout is not None
    data: dict[str, Any] = template_data(kit, ctx)
    data.update(_checked(kit.handout.data(ctx), kit.name))
    markup = render_file(template, ctx.locale, data, catalog=ctx.catalog)
    return data, parse(markup, template.name)


def check_template(kit: Kit[Any, Any], build: BuildContext, template: Path) -> None:
    """Render a user's ``--template`` for ``kit`` once, writing nothing: a template that
    breaks the sandbox, names an undefined value or writes bad markup is bad input, refused
    (one line naming the template and its line) before any handout is built."""
    if kit.handout is None:
        raise PrintkitError(f"{kit.name} has no rule handout")
    with drawing(build, kit=kit) as ctx:
        _data, blocks = _render(kit, ctx.for_component("handout"), template)
    figures = (EXAMPLE_FIGURE,) if kit.handout.example and kit.examples is not None else ()
    check_blocks(blocks, figures, template.name)


def _check_glyphs(ctx: DrawContext, blocks: list[Block]) -> None:
    """Every character of the handout's text must be in the fonts that set it."""
    text = " ".join(
        " ".join([b.inline, *b.items, b.caption, *(t for row in b.rows for _h, t in row)])
        for b in blocks)
    plain = re.sub(r"<[^>]+>", "", text).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&")
    for role in (FontRole.SANS, FontRole.SANS_BOLD, FontRole.SANS_ITALIC):
        ctx.check_glyphs(role, plain, "handout text")


def _checked(data: Mapping[str, Any], kit: str) -> Mapping[str, Any]:
    reserved = {"game", "locale", "language", "paper", "components", "kit_command"}
    clash = sorted(reserved & set(data))
    if clash:
        raise PrintkitError(f"{kit}: handout data may not redefine {', '.join(clash)}")
    return data


__all__ = ["BOOKLET_PAGES", "HandoutOptions", "build_handout", "handout_name", "layout_for",
           "paper"]
