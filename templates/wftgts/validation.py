"""What the WFtGtS play sheet holds, and what a game needs of it.

Capacities are measured from the real sheet geometry at the handwriting sizes, on the paper of
the build, so a change to ``sheet.toml`` or to the fonts shows up here. Every box must serve
both the full-page sheet and, on the papers that print two sheets to a page (A3, Tabloid), the
half-page two-up sheet, so each capacity is the smaller of the layouts the paper allows.
"""

from __future__ import annotations

from printkit.context import DrawContext
from printkit.engines.wftgts import WFtGtSState
from printkit.kits import Capacity, Validation
from printkit.templates.wftgts.components import sheet_boxes, two_up_papers
from printkit.templates.wftgts.sheet import capacities as sheet_capacities
from printkit.templates.wftgts.sheet import geometry


def capacities(ctx: DrawContext, players: int) -> list[Capacity]:
    """Digits that fit each kind of box; the smallest over the sheets the paper prints (each
    player has a sheet of their own, so the count of players changes no box)."""
    layouts = [False] + ([True] if ctx.paper.name in two_up_papers() else [])
    measured = [sheet_capacities(ctx, geometry(sheet_boxes(ctx, two_up)[0]))
                for two_up in layouts]
    return [Capacity(caps[0].name, min(c.holds for c in caps), caps[0].unit)
            for caps in zip(*measured, strict=True)]


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
