"""What the W.A.R. PnP play sheet holds, and what a game needs of it.

Capacities are measured on the sheet as printed (:class:`~.sheet.SheetLayout` on the build's
paper, for every sheet the build prints: a custom one from ``--sheet`` and the standard one),
counting 3.5 mm per pencilled character as preflight does:

* the history track: one cell per round;
* the Withering write-in under a column: ``W-`` and the digits of the largest Withering;
* a Points box's mark room: ``PU`` and the digits of the largest multiplier;
* marks written in one box over a game: the circle's mark plus the marks its mark room holds
  in handwriting at the 6 pt minimum (an example sheet shows erased marks struck through
  there, not erased; a person's sheet only ever holds one of each at a time);
* the score track's top, against the highest score a trap was set on;
* the Total field, against the digits of the highest score.

Demands come from the finished game: its rounds, and the engine's :class:`Peaks` and per-box
write counts.
"""

from __future__ import annotations

from printkit.context import DrawContext
from printkit.engines.war_pnp import WarPnPState
from printkit.engines.war_pnp.rules import RULES
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.kits import Capacity, Validation
from printkit.page.preflight import MIN_TEXT_PT, WRITE_DIGIT
from printkit.templates.war_pnp.sheet import SheetLayout, sheet_area
from printkit.templates.war_pnp.sheets import build_sheets
from printkit.templates.war_pnp.studies import BALANCE, BOTS, WITHOUT

WITHERING_PREFIX = len("W-")  # pencilled as W-12
MULTIPLIER_PREFIX = len("PU")


def _chars(width: float) -> int:
    """Pencilled characters a write-in of ``width`` points holds."""
    return int(width / WRITE_DIGIT + 1e-9)


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """The smallest room of every sheet the build prints (each seat may hold any of them)."""
    layouts = [SheetLayout.fit(sheet_area(ctx), spec) for spec in build_sheets(ctx)]
    top = RULES.score_track_top
    return [
        Capacity("history cells", min(lay.spec.history_length for lay in layouts), "rounds"),
        Capacity("Withering digits", min(_chars(lay.withering(0).w) for lay in layouts)
                 - WITHERING_PREFIX, "digits"),
        Capacity("PowerUp digits", min(_chars(lay.points_mark(0, 1).w) for lay in layouts)
                 - MULTIPLIER_PREFIX, "digits"),
        Capacity("marks written in one Points box",
                 min(1 + _room(ctx, lay.points_mark(0, 1), "PU7") for lay in layouts),
                 "marks"),
        Capacity("marks written in one Powers box",
                 min(1 + _room(ctx, lay.power_mark(1, 1), "12") for lay in layouts), "marks"),
        Capacity("score track top", min(_track_top(lay, top) for lay in layouts), "score"),
        Capacity("Total digits", min(_chars(lay.total_field().w) for lay in layouts),
                 "digits"),
    ]


def _room(ctx: DrawContext, room: Rect, widest: str) -> int:
    """How many marks as wide as ``widest`` a mark room holds in handwriting at the 6 pt
    minimum, a space apart, in lines of 1.2 x the size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth(widest + " ", ctx.font(FontRole.HAND), MIN_TEXT_PT)
    return int(room.w // width) * int(room.h // (1.2 * MIN_TEXT_PT))


def _track_top(lay: SheetLayout, top: int) -> int:
    """The highest score with a cell and a trap slot on the printed track."""
    printed = 0
    for score in range(1, top + 1):
        if lay.trap_slot(score).w <= 0:
            break
        printed = score
    return printed


def rounds(state: WarPnPState) -> int:
    return state.round


def withering_digits(state: WarPnPState) -> int:
    return len(str(state.peaks.withering)) if state.peaks.withering else 0


def multiplier_digits(state: WarPnPState) -> int:
    return len(str(state.peaks.multiplier)) if state.peaks.multiplier > 2 else 0


def _split_writes(state: WarPnPState) -> tuple[int, int]:
    """The most marks written in one Powers box and in one Points box, over all sheets."""
    cut = state.rules.power_rows * state.rules.boxes_per_row
    powers = points = 0
    for sheet in state.sheets:
        assert sheet.writes is not None
        powers = max(powers, *sheet.writes[:cut])
        points = max(points, *sheet.writes[cut:])
    return powers, points


def points_box_writes(state: WarPnPState) -> int:
    return _split_writes(state)[1]


def powers_box_writes(state: WarPnPState) -> int:
    return _split_writes(state)[0]


def highest_trap(state: WarPnPState) -> int:
    return state.peaks.trap


def total_digits(state: WarPnPState) -> int:
    return len(str(max(sheet.score for sheet in state.sheets)))


VALIDATION: Validation[WarPnPState] = Validation(
    bot="heuristic",
    capacities=capacities,
    scores=lambda s: [float(points) for points in s.result()["scores"]],
    rounds=lambda s: s.round,
    demands={
        "history cells": rounds,
        "Withering digits": withering_digits,
        "PowerUp digits": multiplier_digits,
        "marks written in one Points box": points_box_writes,
        "marks written in one Powers box": powers_box_writes,
        "score track top": highest_trap,
        "Total digits": total_digits,
    },
    studies=(BALANCE, WITHOUT, BOTS),
)
