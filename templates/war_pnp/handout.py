"""What the W.A.R. – Powers 'n Points rule handout is written from: counts, power tables,
Points columns with their averages, commands, for the very sheets the build prints.

Every number comes from the engine's data (``rules.toml`` through :data:`RULES`, the
standard sheet, a custom sheet in the build's game options), so an edited rules file or sheet
file changes the handout with the game. The prose (what each power does, printkit's readings
of open rules) is in the template, where translators see it whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from printkit.context import DrawContext
from printkit.engines.war_pnp.effects import column_points
from printkit.engines.war_pnp.game import ROUND_LIMITS, ROUND_SAFETY_LIMIT
from printkit.engines.war_pnp.rules import RULES, PointsColumn, PowerKind, PowerSpec, Rules
from printkit.engines.war_pnp.sheets import MAX_HISTORY, SHEET_KEYS, STANDARD, SheetSpec
from printkit.templates.war_pnp.cards import POWER_NAMES
from printkit.templates.war_pnp.sheet import ROMAN
from printkit.templates.war_pnp.sheets import custom_sheet

#: the custom sheet that ships as an example, as a path a reader types
EXAMPLE_SHEET = "examples/war-pnp/sheets/tinkerer.toml"

#: the worked example of scoring (column by its first sum, box, Decay, Withering, mark): a
#: box whose value the seed itself fixes, so the sum can be checked against the original
WORKED = {"sum": 5, "box": 5, "decay": 2, "withering": 4, "multiplier": 2}


def seed_boxes() -> list[dict[str, Any]]:
    """The box values the seed fixes (``seed_boxes`` in ``rules.toml``): the handout names
    them as the seed's own.

    >>> [(b["column"], b["box"], b["value"]) for b in seed_boxes()]
    [('5/9', 'iii', 9), ('5/9', 'v', 15)]
    """
    return [{"column": column.label, "box": ROMAN[box - 1], "value": column.value(box)}
            for column, box in RULES.seed_boxes]


def option_cells(ctx: DrawContext, spec: PowerSpec) -> list[str]:
    """A power's six options as the table prints them: Grow's developments with the gifts
    in brackets, Steal's box as its numeral, PowerUp's mark, otherwise the amount.

    >>> from printkit.context import BuildContext
    >>> from printkit.paper import paper
    >>> ctx = DrawContext(BuildContext(paper("a4")), None)
    >>> option_cells(ctx, RULES.power(PowerKind.GROW))[:2]
    ['+1', '+2 (+1)']
    >>> option_cells(ctx, RULES.power(PowerKind.STEAL))[2], option_cells(
    ...     ctx, RULES.power(PowerKind.POWERUP))[0]
    ('iii', 'PU2')
    """
    cells = []
    for own, gift in zip(spec.options, spec.gifts, strict=True):
        if spec.kind is PowerKind.GROW:
            text = "+" + ctx.format_number(own)
            cells.append(text + (f" (+{ctx.format_number(gift)})" if gift else ""))
        elif spec.kind is PowerKind.STEAL:
            cells.append(ROMAN[own - 1])
        elif spec.kind is PowerKind.POWERUP:
            cells.append(f"PU{own}")
        else:
            cells.append(ctx.format_number(own))
    return cells


def power_rows(ctx: DrawContext, sheet: SheetSpec) -> list[dict[str, Any]]:
    """One row of the options table per power the sheet's rows may carry."""
    return [{"key": spec.kind.value, "name": ctx._(POWER_NAMES[spec.kind]),
             "cells": option_cells(ctx, spec)} for spec in sheet.powers]


def column_rows(columns: Sequence[PointsColumn], rules: Rules = RULES) -> list[dict[str, Any]]:
    """The Points columns: label, box values (bottom box first), the chance a roll activates
    the column and the average points per roll of scoring each box (no Bend, no marks).

    >>> five_nine = column_rows(RULES.columns)[3]
    >>> five_nine["label"], five_nine["box_values"][2], five_nine["averages"][2]
    ('5/9', 9, 2.0)
    """
    rows = []
    for column in columns:
        chance = sum((rules.sum_chance(s) for s in column.sums), Fraction())
        rows.append({
            "label": column.label, "box_values": list(column.values), "chance": float(chance),
            "averages": [float(rules.column_expectation(column, box))
                         for box in range(1, len(column.values) + 1)],
        })
    return rows


def per_rank(columns: Sequence[PointsColumn], rules: Rules = RULES) -> tuple[float, float]:
    """The least and most a box brings per roll for each rank it stands at (its average
    divided by its box number), over all columns and boxes: how evenly they are balanced."""
    ratios = [float(rules.column_expectation(c, box)) / box for c in columns
              for box in range(1, len(c.values) + 1)]
    return min(ratios), max(ratios)


def sheet_data(ctx: DrawContext, sheet: SheetSpec, rules: Rules = RULES) -> dict[str, Any]:
    """Everything the handout shows of one sheet: its powers' options and its columns, and
    for a custom sheet what it changes from the standard one."""
    kinds = sheet.kinds
    return {
        "name": sheet.name if sheet.custom else ctx._("Standard sheet"),
        "custom": sheet.custom,
        "powers": power_rows(ctx, sheet),
        "power_names": [ctx._(POWER_NAMES[k]) for k in kinds],
        "missing": [ctx._(POWER_NAMES[k]) for k in STANDARD.kinds if k not in kinds],
        "extra": [ctx._(POWER_NAMES[k]) for k in kinds if k.extra],
        "changed": [ctx._(POWER_NAMES[p.kind]) for p in sheet.powers
                    if not p.kind.extra and p != rules.power(p.kind)],
        "columns": column_rows(sheet.columns, rules),
        "same_columns": sheet.columns == STANDARD.columns,
        "history": sheet.history_length,
        "free_activation": sheet.free_activation,
    }


def worked_example(rules: Rules = RULES) -> dict[str, Any]:
    """The scoring order worked through on a standard box (Decay, Withering, a 2x)."""
    column = rules.column_for_sum(WORKED["sum"])
    box, decay = WORKED["box"], WORKED["decay"]
    return {
        "column": column.label, "box": ROMAN[box - 1], "value": column.value(box),
        "decay": decay, "lower_box": ROMAN[box - decay - 1],
        "lower_value": column.value(box - decay), "withering": WORKED["withering"],
        "after_withering": max(0, column.value(box - decay) - WORKED["withering"]),
        "multiplier": WORKED["multiplier"],
        "points": column_points(column, box, decay=decay, withering=WORKED["withering"],
                                multiplier=WORKED["multiplier"]),
    }


def limit_command(rounds: int) -> str:
    """The command that plays a game ending after ``rounds`` (the engine's option value).

    >>> limit_command(RULES.hard_decisions_rounds)
    'printkit play war-pnp --option round_limit=hard_decisions'
    """
    key = next(k for k, limit in ROUND_LIMITS.items() if limit == rounds)
    return f"printkit play war-pnp --option round_limit={key}"


def kit_example() -> str | None:
    """The example log the kit's handout shows (None until the kit names one)."""
    from printkit.templates.war_pnp import KIT

    return KIT.handout.example if KIT.handout is not None else None


def handout_data(ctx: DrawContext) -> Mapping[str, Any]:
    """The handout of the kit as declared, with its example figure if it has one."""
    return handout_for(ctx, kit_example())


def handout_for(ctx: DrawContext, example: str | None,
                rules: Rules = RULES) -> Mapping[str, Any]:
    """The template's data; ``example`` is the log shown as the figure (None: no figure,
    so that the template leaves out the ``<figure>`` the machinery could not fill)."""
    dice = rules.dice
    needs = [
        ctx._("a play sheet for each player"),
        (ctx.ngettext("%(num)s six-sided die", "%(num)s six-sided dice", dice)
         % {"num": ctx.format_number(dice)}),
        ctx._("a pencil and an eraser for each player: marks come and go during the game"),
    ]
    custom = custom_sheet(ctx.build.game_options)
    printed = [custom, STANDARD] if custom is not None else [STANDARD]
    kinds = [k for k in PowerKind if any(k in s.kinds for s in printed)]
    low, high = per_rank(STANDARD.columns, rules)
    log = f"examples/war-pnp/{example}" if example else ""
    return {
        "rules": {
            "players": rules.default_players, "min_players": rules.min_players,
            "max_players": rules.max_players, "dice": dice, "faces": rules.faces,
            "rows": rules.power_rows, "boxes": rules.boxes_per_row,
            "setup": rules.setup_developments, "win": rules.win_score,
            "track_top": rules.score_track_top, "chances": rules.power_chances_per_player,
            "hard_rounds": rules.hard_decisions_rounds,
            "notes_rounds": rules.design_notes_rounds,
            "lowest_sum": rules.dice, "highest_sum": rules.dice * rules.faces,
            "columns": len(STANDARD.columns), "safety_rounds": ROUND_SAFETY_LIMIT,
            "first_box": ROMAN[0], "last_box": ROMAN[rules.boxes_per_row - 1],
        },
        "needs": needs,
        "roman": list(ROMAN[:rules.boxes_per_row]),
        "powers": [{"key": k.value, "name": ctx._(POWER_NAMES[k]), "extra": k.extra}
                   for k in kinds],
        "standard": sheet_data(ctx, STANDARD, rules),
        "custom": sheet_data(ctx, custom, rules) if custom is not None else None,
        "per_rank": {"low": low, "high": high},
        "seed_boxes": seed_boxes(),
        "worked": worked_example(rules),
        "sheet_keys": list(SHEET_KEYS),
        "max_history": MAX_HISTORY,
        "fair_share": 1 / rules.default_players,
        "commands": {
            "play": "printkit play war-pnp --sheet FILE",
            "validate": "printkit validate war-pnp --sheet FILE",
            "build": "printkit build war-pnp --sheet FILE",
            "players": f"printkit play war-pnp --players {rules.max_players}",
            "hard_limit": limit_command(rules.hard_decisions_rounds),
            "notes_limit": limit_command(rules.design_notes_rounds),
            "example": f"printkit example war-pnp {log}" if log else "",
        },
        "example_sheet": EXAMPLE_SHEET,
        "example": {"log": log} if log else None,
    }
