"""Printed components of Waiting For the Game to Start: the play sheet and the example sheet."""

from __future__ import annotations

from pathlib import Path

from printkit.components import BuildContext, Component
from printkit.i18n import _, use_locale
from printkit.paper import Paper
from printkit.pdf import open_canvas
from templates.wftgts.sheet import Rect, draw_blank, geometry

TITLE = "Waiting For the Game to Start"


def sheet_boxes(paper: Paper, two_up: bool) -> tuple[Paper, list[Rect]]:
    """Where the sheets go: the whole page, or two halves of a landscape page."""
    if not two_up:
        return paper, [Rect(0, 0, paper.width, paper.height)]
    page = paper if paper.landscape else paper.rotated()
    half = page.width / 2
    return page, [Rect(0, 0, half, page.height), Rect(half, 0, half, page.height)]


def draw_play_sheet(ctx: BuildContext, path: Path) -> None:
    """One blank play sheet per page (or two per landscape page with ``two_up``)."""
    two_up = bool(ctx.options.get("two_up"))
    with use_locale(ctx.locale):
        page, boxes = sheet_boxes(ctx.paper, two_up)
        with open_canvas(path, page, title=f"{TITLE}: " + _("play sheet"),
                         subject=_("Blank play sheet")) as c:

            for box in boxes:
                draw_blank(c, geometry(box))
                if two_up:
                    c.setStrokeColorRGB(0.6, 0.6, 0.6)
                    c.setDash(2, 3)
                    c.line(page.width / 2, 0, page.width / 2, page.height)
                    c.setDash()
            c.showPage()


def components(ctx: BuildContext) -> list[Component]:
    return [
        Component("play-sheet", "Play sheet", draw_play_sheet,
                  "Six rounds of a, b, c lines with carry arrows, Score, Total and Final."),
    ]
