"""What the WFtGtS play sheet holds, and what a game needs of it.

Capacities are measured from the real sheet geometry at the handwriting sizes, on the paper of
the build, so a change to ``sheet.toml`` or to the fonts shows up here. Every box must serve
both the full-page sheet and the half-page two-up sheet, so each capacity is the smaller.
"""

from __future__ import annotations

from printkit.context import DrawContext
from printkit.engines.wftgts import WFtGtSState
from printkit.kits import Capacity, Validation
from printkit.templates.wftgts.components import sheet_boxes
from printkit.templates.wftgts.sheet import capacities as sheet_capacities
from printkit.templates.wftgts.sheet import geometry


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """Digits that fit each kind of box; the smaller of the one-up and two-up sheets (each
    player has a sheet of their own, so the count of players changes no box)."""
    one_up = sheet_capacities(ctx, geometry(sheet_boxes(ctx, False)[0]))
    two_up = sheet_capacities(ctx, geometry(sheet_boxes(ctx, True)[0]))
    return [Capacity(a.name, min(a.holds, b.holds), a.unit)
            for a, b in zip(one_up, two_up, strict=True)]


def _digits(n: int | None) -> int:
    return 0 if n is None else len(str(n))


def die_cell(state: WFtGtSState) -> int:
    return max((len(str(v)) for sheet in state.sheets for r in sheet.rounds
                for line in r.lines for v in line), default=0)


def score_box(state: WFtGtSState) -> int:
    return max((_digits(r.points) for sheet in state.sheets for r in sheet.rounds), default=0)


def total_box(state: WFtGtSState) -> int:
    return max((_digits(r.total) for sheet in state.sheets for r in sheet.rounds[:-1]),
               default=0)


def final_box(state: WFtGtSState) -> int:
    return max((_digits(sheet.rounds[-1].total) for sheet in state.sheets if sheet.rounds),
               default=0)


def tie_break_box(state: WFtGtSState) -> int:
    return max((_digits(max((r.c_sum for r in sheet.rounds if r.c_sum is not None), default=0))
                for sheet in state.sheets), default=0)


VALIDATION: Validation[WFtGtSState] = Validation(
    bot="optimal",
    capacities=capacities,
    demands={
        "die cell digits": die_cell,
        "score box digits": score_box,
        "total box digits": total_box,
        "final box digits": final_box,
        "tie-break box digits": tie_break_box,
    },
)
