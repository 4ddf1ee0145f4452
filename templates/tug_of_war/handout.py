"""What the Tug of War rule handout is written from: counts, the exchange table, figures.

Every number comes from the engine's data (``rules.toml``) or the kit's components, so an
edited rules file changes the handout with the game.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from printkit.context import DrawContext
from printkit.engines.tug_of_war.rules import RULES, Rules


def measured() -> dict[str, Any]:
    """The auto-play figures the handout quotes (``engines/tug_of_war/data/measured.toml``,
    with the command that measures them).

    >>> measured()["games"]
    20000
    """
    text = resources.files("printkit.engines.tug_of_war").joinpath(
        "data", "measured.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def exchange_rows(rules: Rules, own: int) -> list[list[int | None]]:
    """Athletes gained (or lost, negative) by exchanging each common die (rows) for each
    team die (columns) with ``own`` athletes on the rope; None: not allowed (equal dice).

    >>> exchange_rows(RULES, 9)[0][:3]
    [None, 0, -1]
    """
    rows = []
    for common in range(1, rules.faces + 1):
        row: list[int | None] = []
        for team in range(1, rules.faces + 1):
            row.append(None if common == team
                       else rules.after_exchange(own, common, team) - own)
        rows.append(row)
    return rows


def handout_data(ctx: DrawContext, rules: Rules = RULES) -> Mapping[str, Any]:
    n = rules.athletes_per_side
    dice = rules.total_dice
    figures = measured()

    def count(text: str, number: int) -> str:  # text: ngettext's form, called literally
        return text % {"num": ctx.format_number(number)}

    needs = [
        count(ctx.ngettext("%(num)s athlete token per colour",
                           "%(num)s athlete tokens per colour", n), n)
        + " " + ctx._("(yellow and red)"),
        count(ctx.ngettext("%(num)s six-sided die", "%(num)s six-sided dice", dice), dice)
        + " "
        + ctx._("({team} per team and {common} common ones)").format(
            team=rules.team_dice, common=rules.common_dice),
        ctx._("a rope: a string about 50 cm long, or the printed rope mat"),
    ]
    return {
        "rules": {
            "athletes": n, "faces": rules.faces, "team_dice": rules.team_dice,
            "common_dice": rules.common_dice, "total_dice": dice,
            "exchange_bonus": rules.exchange_bonus, "turn_limit": rules.turn_limit,
            "most_on_setup": rules.team_dice * rules.faces,
        },
        "needs": needs,
        "exchange": exchange_rows(rules, n // 2),
        "exchange_own": n // 2,
        "figures": {"games": figures["games"], "first_player": figures["first_player_wins"],
                    "yellow": figures["yellow_wins"]},
    }
