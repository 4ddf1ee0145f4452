"""The printed components of WFtGtS: the play sheet and the dice.

How the sheet meets the paper is decided per paper in ``[papers]`` of ``sheet.toml``: one sheet
always takes a portrait page (it is a portrait design; on a landscape A4 page its rows would be
5 mm), keeping its proportions and centred. ``--two-up`` puts two sheets side by side on a
landscape page only where each half still has rows of at least
:data:`~printkit.page.preflight.MIN_WRITE_ROW` (A3 and Tabloid: each half is an A4 or a
Letter sheet); on other paper it is refused with a :class:`~printkit.errors.LayoutError` naming
the papers where it works. The centre cut is a dashed line at home and crop marks outside the
content in print-shop.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.context import DrawContext
from printkit.drawing.dice import WHITE, DicePreset, DieSpec, dice_component
from printkit.errors import LayoutError
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Component, component_option
from printkit.page.document import Document
from printkit.page.notice import band_height
from printkit.page.preflight import MIN_WRITE_ROW
from printkit.page.profiles import profile, safe_rect
from printkit.paper import Paper
from printkit.templates.wftgts.sheet import LAYOUT, draw_blank, geometry
from printkit.units import mm, to_mm

TWO_UP_GUTTER = mm(8)

DICE_PRESET = DicePreset("wftgts", N_("Waiting For the Game to Start: the 7-die set"), (
    DieSpec("d4", N_("white"), WHITE), DieSpec("d6", N_("white"), WHITE),
    DieSpec("d8", N_("white"), WHITE), DieSpec("d10", N_("white (ones)"), WHITE, ten_for_zero=True),
    DieSpec("d10", N_("white (tens)"), WHITE, tens=True), DieSpec("d12", N_("white"), WHITE),
    DieSpec("d20", N_("white"), WHITE)))


@dataclass(frozen=True)
class SheetOptions:
    """``two_up``: two sheets side by side on a landscape page, on the papers where both keep
    rows a person can write in (``[papers]`` in ``sheet.toml``)."""

    two_up: bool = component_option(
        False, "Two sheets side by side on a landscape A3 or Tabloid page.")


def two_up_papers() -> list[str]:
    """The papers that take two sheets side by side (``[papers]`` in ``sheet.toml``)."""
    return [name for name, spec in LAYOUT.papers.items() if spec.two_up]


def check_two_up(ctx: DrawContext) -> None:
    """Refuse two-up on paper whose halves would be too small to write on."""
    allowed = two_up_papers()
    if ctx.paper.name in allowed:
        return
    row = geometry(sheet_boxes(ctx, True)[0]).unit * LAYOUT.rows.line
    raise LayoutError(
        f"--two-up needs {' or '.join(allowed)} paper: on {ctx.paper.name} each sheet would "
        f"have {to_mm(row):.1f} mm rows, under the {to_mm(MIN_WRITE_ROW):g} mm a person "
        f"writes in")


def page_for(paper: Paper, two_up: bool) -> Paper:
    """One sheet takes the portrait page of ``paper``, two sheets the landscape page,
    whatever orientation was asked for."""
    portrait = paper.rotated() if paper.landscape else paper
    return portrait.rotated() if two_up else portrait


def layout_boxes(area: Rect, two_up: bool) -> list[Rect]:
    """The sheets' boxes in ``area``: all of it, or two halves either side of a gutter."""
    if not two_up:
        return [area]
    half = (area.w - TWO_UP_GUTTER) / 2
    return [Rect(area.x, area.y, half, area.h),
            Rect(area.x + half + TWO_UP_GUTTER, area.y, half, area.h)]


def sheet_boxes(ctx: DrawContext, two_up: bool, *, first_page: bool = True) -> list[Rect]:
    """Where the sheets go: inside the safe area of the sheet's page, below the first page's
    ruler band (the area :meth:`printkit.page.document.Document.page` hands out)."""
    page = page_for(ctx.paper, two_up)
    area = safe_rect(page, profile(ctx.profile))
    if first_page:
        area = Rect(area.x, area.y, area.w, area.h - band_height(ctx.profile))
    return layout_boxes(area, two_up)


def draw_centre_cut(doc: Document, ctx: DrawContext, safe: Rect, x: float) -> None:
    """Where to cut a two-up page in two: a dashed line at home; in print-shop a cut of the
    document's own (crop marks in the mark zone, outside the bleed)."""
    if profile(ctx.profile).marks == "crop-marks":
        doc.mark_cut(x=x)
        return
    c = doc.canvas
    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.4)
    c.setDash(2, 3)
    c.line(x, safe.y, x, safe.top)
    c.restoreState()


def draw_play_sheet(ctx: DrawContext, options: SheetOptions, path: Path) -> None:
    """One blank play sheet per portrait page (or two per landscape page with ``two_up``)."""
    from printkit.page.document import open_document

    two_up = options.two_up
    if two_up:
        check_two_up(ctx)
    page = page_for(ctx.paper, two_up)
    ctx = ctx.on_paper(page)
    with open_document(ctx, path, paper=page, build=("wftgts", "play-sheet", two_up),
                       title=ctx._("Waiting For the Game to Start") + ": "
                       + ctx._("play sheet"),
                       subject=ctx._("Blank play sheet")) as doc:
        c = doc.canvas
        with doc.page() as area:
            boxes = layout_boxes(area, two_up)
            for box in boxes:
                draw_blank(c, ctx, geometry(box))
            if two_up:
                draw_centre_cut(doc, ctx, doc.safe_area, (boxes[0].right + boxes[1].x) / 2)


def components() -> list[Component[Any]]:
    return [
        Component("play-sheet", N_("Play sheet"), draw_play_sheet,
                  N_("Six rounds of a, b, c lines with carry arrows, Score, Total and Final."),
                  SheetOptions),
        # for players without a polyhedral set: the 7-die set as printable nets
        dice_component(DICE_PRESET),
    ]
