"""The athlete counters: each side's athletes on one counter sheet, printed alike on both sides.

The count per colour is the rules data's ``athletes_per_side``; the counter size is the preset
named in ``layout.toml`` (the mat's spaces are sized from the same preset). Imposition, cut
lines, duplex mirroring and the "print at 100 %" band are the shared
:func:`printkit.layout.impose.impose`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.engines.tug_of_war.rules import RULES, Rules
from printkit.kits import component_option
from printkit.layout.impose import DUPLEX_MODES, impose
from printkit.layout.sizes import ItemSize
from printkit.layout.sizes import size as item_size
from printkit.templates.tug_of_war.draw import LAYOUT, athlete, side_ink

YELLOW, RED = 0, 1
FACING = (-1, 1)  # Yellow pulls to the left of the mat, Red to the right

TokenDraw = Callable[..., None]


def token_size() -> ItemSize:
    return item_size(LAYOUT.tokens.preset)


def token_face(side: int) -> TokenDraw:
    """The drawing callback of one side's counter (front and back are the same picture)."""
    t = LAYOUT.tokens

    def draw(c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
             bleed: float = 0.0) -> None:
        c.saveState()
        c.setFillColor(side_ink(side))
        c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(white)
        c.setStrokeColor(side_ink(side, "dark"))
        c.setLineWidth(0.5)
        c.circle(x + w / 2, y + h / 2, w * t.ring / 2, stroke=1, fill=1)
        athlete(c, x + w / 2, y + h / 2, h * t.figure, facing=FACING[side],
                colour=side_ink(side, "dark"))
        c.restoreState()

    return draw


def token_sides(rules: Rules = RULES) -> list[int]:
    """The side of every counter on the sheet, in order: every yellow athlete, then red."""
    return [YELLOW] * rules.athletes_per_side + [RED] * rules.athletes_per_side


def token_faces(rules: Rules = RULES) -> list[TokenDraw]:
    faces = (token_face(YELLOW), token_face(RED))
    return [faces[side] for side in token_sides(rules)]


@dataclass(frozen=True)
class TokenOptions:
    """``duplex``: how the backs are printed (``long`` or ``short`` edge, or ``fold``)."""

    duplex: str = component_option("long", "How the backs are printed.",
                                   choices=("long", "short", "fold"))

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX_MODES or self.duplex == "none":
            raise ValueError(f"--duplex takes long, short or fold, not {self.duplex!r}")


def draw_tokens(ctx: DrawContext, options: TokenOptions, path: Path) -> None:
    """The counter sheet: backs identical to fronts, mirrored for duplex (long edge)."""
    faces = token_faces()
    impose(faces, token_size(), ctx, path, backs=faces, duplex=options.duplex,
           title=ctx._("Tug of War: athlete tokens"),
           subject=ctx._("Yellow and red athlete counters, the same on both sides"))
