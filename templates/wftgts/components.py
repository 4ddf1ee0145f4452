"""The printed components of WFtGtS: the play sheet (one or two per page) and the dice."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.context import DrawContext
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import Component
from printkit.paper import Paper
from printkit.production.dice import WHITE, DicePreset, DieSpec, dice_component
from printkit.production.profiles import FIRST_PAGE_BAND, profile, safe_rect
from printkit.templates.wftgts.sheet import draw_blank, geometry
from printkit.units import mm

TWO_UP_GUTTER = mm(8)

DICE_PRESET = DicePreset("wftgts", N_("Waiting For the Game to Start: the 7-die set"), (
    DieSpec("d4", N_("white"), WHITE), DieSpec("d6", N_("white"), WHITE),
    DieSpec("d8", N_("white"), WHITE), DieSpec("d10", N_("white (ones)"), WHITE),
    DieSpec("d10", N_("white (tens)"), WHITE, tens=True), DieSpec("d12", N_("white"), WHITE),
    DieSpec("d20", N_("white"), WHITE)))


@dataclass(frozen=True)
class SheetOptions:
    """``two_up``: two half-size sheets side by side on a landscape page."""

    two_up: bool = False


def page_for(paper: Paper, two_up: bool) -> Paper:
    """Two-up sheets sit side by side on a landscape page."""
    return paper if not two_up or paper.landscape else paper.rotated()


def sheet_boxes(ctx: DrawContext, two_up: bool, *, first_page: bool = True) -> list[Rect]:
    """Where the sheets go: inside the safe area, below the first page's ruler band."""
    page = page_for(ctx.paper, two_up)
    area = safe_rect(page, profile(ctx.profile))
    if first_page:
        area = Rect(area.x, area.y, area.w, area.h - FIRST_PAGE_BAND)
    if not two_up:
        return [area]
    half = (area.w - TWO_UP_GUTTER) / 2
    return [Rect(area.x, area.y, half, area.h),
            Rect(area.x + half + TWO_UP_GUTTER, area.y, half, area.h)]


def draw_play_sheet(ctx: DrawContext, options: SheetOptions, path: Path) -> None:
    """One blank play sheet per page (or two per landscape page with ``two_up``)."""
    from printkit.page import open_document

    two_up = options.two_up
    page = page_for(ctx.paper, two_up)
    with open_document(ctx, path, paper=page, build=("wftgts", "play-sheet", two_up),
                       title=ctx._("Waiting For the Game to Start") + ": "
                       + ctx._("play sheet"),
                       subject=ctx._("Blank play sheet")) as doc:
        c = doc.canvas
        with doc.page():
            for box in sheet_boxes(ctx, two_up):
                draw_blank(c, ctx, geometry(box))
            if two_up:  # where to cut the page in two
                c.setStrokeColorRGB(0.6, 0.6, 0.6)
                c.setLineWidth(0.4)
                c.setDash(2, 3)
                safe = doc.safe_area
                c.line(page.width / 2, safe.y, page.width / 2, safe.top)
                c.setDash()


def components() -> list[Component[Any]]:
    return [
        Component("play-sheet", N_("Play sheet"), draw_play_sheet,
                  N_("Six rounds of a, b, c lines with carry arrows, Score, Total and Final."),
                  SheetOptions),
        # for players without a polyhedral set: the 7-die set as printable nets
        dice_component(DICE_PRESET),
    ]
