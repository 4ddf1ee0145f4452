"""What the Tug of War rule handout is written from: counts, the exchange table, figures.

Every number comes from the engine's data (``rules.toml``) or the kit's components, so an
edited rules file changes the handout with the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.context import DrawContext
from printkit.engines.tug_of_war.rules import RULES, Rules

#: measured with ``python -m printkit.engines.tug_of_war.tournament --figures --games 20000
#: --seed 0 --jobs 2`` (engines/tug_of_war/data/notes.md): the lookahead mirror
FIRST_PLAYER_WINS = 0.685
YELLOW_WINS = 0.511


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
        "figures": {"first_player": FIRST_PLAYER_WINS, "yellow": YELLOW_WINS},
    }
