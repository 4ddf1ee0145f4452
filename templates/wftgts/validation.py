"""What the WFtGtS play sheet holds, and what a game needs of it.

Capacities are measured from the real sheet geometry at the handwriting sizes, on the paper of
the build context, so a change to ``sheet.toml`` or to the fonts shows up here.
"""

from __future__ import annotations

from typing import Any

from printkit.templates.wftgts import sheet_boxes
from printkit.templates.wftgts.sheet import capacities as sheet_capacities
from printkit.templates.wftgts.sheet import geometry

from printkit.components import BuildContext

BOT = "optimal"


def capacities(ctx: BuildContext) -> dict[str, int]:
    """Digits that fit each kind of box; the smaller of the one-up and two-up sheets."""
    result: dict[str, int] = {}
    for two_up in (False, True):
        boxes = sheet_boxes(ctx, two_up)
        for name, value in sheet_capacities(geometry(boxes[0])).items():
            result[name] = min(value, result.get(name, value))
    return result


def demands(state: Any) -> dict[str, int]:
    """Digits a finished game wrote into each kind of box, over all players."""
    need = {"die cell digits": 0, "score box digits": 0, "total box digits": 0,
            "final box digits": 0, "tie-break box digits": 0}
    for sheet in state.sheets:
        for record in sheet.rounds:
            for line in record.lines:
                need["die cell digits"] = max(need["die cell digits"],
                                              *(len(str(v)) for v in line))
            if record.points is not None:
                need["score box digits"] = max(need["score box digits"], len(str(record.points)))
            if record.total is not None:
                key = "final box digits" if record is sheet.rounds[-1] else "total box digits"
                need[key] = max(need[key], len(str(record.total)))
        best_c = max((r.c_sum for r in sheet.rounds if r.c_sum is not None), default=0)
        need["tie-break box digits"] = max(need["tie-break box digits"], len(str(best_c)))
    return need
