"""The athlete counters: each side's athletes on one counter sheet, printed alike on both sides.

The count per colour is the rules data's ``athletes_per_side``; the counter size is the preset
named in ``layout.toml`` (the mat's spaces are sized from the same preset). Imposition, cut
lines, duplex mirroring and the "print at 100 %" band are the shared
:func:`printkit.production.impose.impose`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.components import BuildContext
from printkit.engines.tug_of_war.rules import RULES, Rules
from printkit.i18n import _, use_locale
from printkit.production.impose import Imposition, impose
from printkit.production.sizes import ItemSize
from printkit.production.sizes import size as item_size
from printkit.templates.tug_of_war.draw import athlete, layout, side_ink

YELLOW, RED = 0, 1
FACING = (-1, 1)  # Yellow pulls to the left of the mat, Red to the right

TokenDraw = Callable[..., None]


def token_size() -> ItemSize:
    return item_size(layout()["tokens"]["preset"])


def token_face(side: int) -> TokenDraw:
    """The drawing callback of one side's counter (front and back are the same picture)."""
    t = layout()["tokens"]

    def draw(c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
             bleed: float = 0.0) -> None:
        c.saveState()
        c.setFillColor(side_ink(side))
        c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(white)
        c.setStrokeColor(side_ink(side, "dark"))
        c.setLineWidth(0.5)
        c.circle(x + w / 2, y + h / 2, w * t["ring"] / 2, stroke=1, fill=1)
        athlete(c, x + w / 2, y + h / 2, h * t["figure"], facing=FACING[side],
                colour=side_ink(side, "dark"))
        c.restoreState()

    return draw


def token_sides(rules: Rules = RULES) -> list[int]:
    """The side of every counter on the sheet, in order: every yellow athlete, then red."""
    return [YELLOW] * rules.athletes_per_side + [RED] * rules.athletes_per_side


def token_faces(rules: Rules = RULES) -> list[TokenDraw]:
    faces = (token_face(YELLOW), token_face(RED))
    return [faces[side] for side in token_sides(rules)]


def draw_tokens(ctx: BuildContext, path: Path) -> Imposition:
    """The counter sheet: backs identical to fronts, mirrored for duplex (long edge)."""
    faces = token_faces()
    with use_locale(ctx.locale):
        return impose(
            faces, token_size(), ctx, path, backs=faces,
            duplex=(ctx.options or {}).get("duplex") or "long",
            title=_("Tug of War: athlete tokens"),
            subject=_("Yellow and red athlete counters, the same on both sides"),
        )
