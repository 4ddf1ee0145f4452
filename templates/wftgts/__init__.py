"""Printed components of Waiting For the Game to Start: the play sheet and the example sheet."""

from __future__ import annotations

from pathlib import Path

from printkit.templates.wftgts.sheet import Rect, draw_blank, geometry

from printkit.components import BuildContext, Component
from printkit.i18n import _, use_locale
from printkit.paper import Paper
from printkit.pdf import open_canvas
from printkit.production.profiles import (
    FIRST_PAGE_BAND,
    begin_page,
    build_id,
    decorate_first_page,
    finish_page,
    profile,
    safe_rect,
)
from printkit.units import mm

TITLE = "Waiting For the Game to Start"
TWO_UP_GUTTER = mm(8)


def page_for(paper: Paper, two_up: bool) -> Paper:
    """Two-up sheets sit side by side on a landscape page."""
    return paper if not two_up or paper.landscape else paper.rotated()


def sheet_boxes(ctx: BuildContext, two_up: bool, *, first_page: bool = True) -> list[Rect]:
    """Where the sheets go: inside the safe area, below the first page's ruler band."""
    page = page_for(ctx.paper, two_up)
    x0, y0, x1, y1 = safe_rect(page, profile(ctx.profile))
    if first_page:
        y1 -= FIRST_PAGE_BAND
    if not two_up:
        return [Rect(x0, y0, x1 - x0, y1 - y0)]
    half = (x1 - x0 - TWO_UP_GUTTER) / 2
    return [Rect(x0, y0, half, y1 - y0), Rect(x0 + half + TWO_UP_GUTTER, y0, half, y1 - y0)]


def draw_play_sheet(ctx: BuildContext, path: Path) -> None:
    """One blank play sheet per page (or two per landscape page with ``two_up``)."""
    two_up = bool(ctx.options.get("two_up"))
    page = page_for(ctx.paper, two_up)
    with use_locale(ctx.locale), open_canvas(
        path, page, title=f"{TITLE}: " + _("play sheet"), subject=_("Blank play sheet"),
    ) as c:
        begin_page(c, ctx)
        x0, _y0, x1, y1 = safe_rect(page, profile(ctx.profile))
        decorate_first_page(c, ctx, x0, y1, x1 - x0)
        for box in sheet_boxes(ctx, two_up):
            draw_blank(c, geometry(box))
        if two_up:  # where to cut the page in two
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            c.setLineWidth(0.4)
            c.setDash(2, 3)
            _x0, y0, _x1, y1 = safe_rect(page, profile(ctx.profile))
            c.line(page.width / 2, y0, page.width / 2, y1)
            c.setDash()
        finish_page(c, ctx, file_name=path.name,
                    build_id=build_id("wftgts", "play-sheet", page.size, ctx.profile, ctx.locale))
        c.showPage()


def components(ctx: BuildContext) -> list[Component]:
    from printkit.production import dice

    return [
        Component("play-sheet", _("Play sheet"), draw_play_sheet,
                  _("Six rounds of a, b, c lines with carry arrows, Score, Total and Final.")),
        # for players without a polyhedral set: the 7-die set as printable nets
        *(Component("dice", c.title, c.draw, c.description)
          for c in dice.components(ctx) if c.name == "wftgts"),
    ]
