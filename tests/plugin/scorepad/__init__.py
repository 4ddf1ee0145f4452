"""A score pad: one sheet of rows to add up, four players to a page (a plug-in kit).

Its component takes an option of its own (``--large-print``: fewer, taller rows), which
``printkit build`` offers as soon as the kit is installed, and its words come from its own
catalog (``locale/de/LC_MESSAGES/scorepad.po``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.context import DrawContext
from printkit.drawing.draw import centred
from printkit.fonts import FontRole
from printkit.i18n import N_, Catalog
from printkit.kits import Component, Kit, component_option
from printkit.page.document import open_document

PLAYERS = 4


@dataclass(frozen=True)
class PadOptions:
    large_print: bool = component_option(False, "Fewer, taller rows, for young players.")


def draw_pad(ctx: DrawContext, options: PadOptions, path: Path) -> None:
    """A title, a name box per player, and rows to write each round's score in."""
    rows = 8 if options.large_print else 16
    with open_document(ctx, path, title=ctx._("Score pad"),
                       build=("scorepad", "pad", options.large_print)) as doc, \
            doc.page() as area:
        c = doc.canvas
        centred(c, ctx, ctx._("Score pad"), FontRole.SANS_BOLD, 18, area.cx, area.top - 14,
                width=area.w)
        column = area.w / PLAYERS
        top = area.top - 36
        row = (top - area.y) / (rows + 1)
        for seat in range(PLAYERS):
            label = ctx._("Player {number}").format(number=ctx.format_number(seat + 1))
            centred(c, ctx, label, FontRole.SANS, 10, area.x + column * (seat + 0.5),
                    top - row / 2, width=column - 6, minimum=6)
        for i in range(rows + 2):
            c.line(area.x, top - i * row, area.right, top - i * row)
        for seat in range(PLAYERS + 1):
            c.line(area.x + seat * column, top, area.x + seat * column, top - (rows + 1) * row)


KIT: Kit[Any, Any] = Kit(
    name="scorepad",
    title=N_("Score pad"),
    components=lambda: [Component("pad", N_("Score pad"), draw_pad, options=PadOptions)],
    catalog=Catalog(__name__),
)
