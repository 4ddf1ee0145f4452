"""What the War of Bones rule handout is written from: counts, sizes, the odds table, figures.

Every number comes from the engine's data (``rules.toml`` through :data:`RULES`, with the
build's die size when ``--die-size`` is given) and from the engine's exact odds
(:data:`~printkit.engines.war_of_bones.odds.ODDS`), so an edited rules file changes the handout
with the game. The auto-play figures are the ones ``data/notes.md`` records with the command
that measured them. The prose (the rules, printkit's readings of open points) is in the
template, where translators see it whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from printkit.context import DrawContext
from printkit.engines.war_of_bones.odds import FACES, ODDS
from printkit.engines.war_of_bones.rules import MM_PER_INCH, Rules
from printkit.templates.war_of_bones.mat import game_rules

EXAMPLE_LOG: Final = "converge-game.jsonl"
"""The example game the handout shows (``examples/war-of-bones/``): short, with kills,
Reinforces and a Converge offer taken up."""

EXAMPLE_PAGE: Final = 1
"""The page of the example the figure shows: the second, from turn 2 on, with attacks and
slain Troops (the first holds the summary, the legend, the set-up and turn 1)."""

MEASURED: Final = {
    # data/notes.md, "Bots and measured figures": seat-swapped games, seeds 0-1999, a draw
    # counting half, 95 % Wilson intervals
    "games": 2000,
    "search_games": 1000,  # the fewest of any pairing (the search bot's are slow)
    "heuristic_vs_random": 1.000,
    "search_vs_heuristic": 0.536, "search_low": 0.505, "search_high": 0.567,
    "reengage": 0.735, "reengage_low": 0.715, "reengage_high": 0.753,
    "seat_a": 0.497,
    "mean_turns": 85.6, "turn_limit_games": 124,
    "bots_command": "python -m bench.war_of_bones_bots bots --games 2000 "
                    "--search-games 1000 --jobs 2",
    "opening_command": "python -m bench.war_of_bones_bots opening --games 2000 --jobs 2",
}
"""The auto-play figures the handout quotes, as ``data/notes.md`` records them."""


def odds_rows() -> list[dict[str, Any]]:
    """One row per Strength: for each defender's Firepower, the chance that one attack slays
    and that it does 1 damage (the rest does nothing), exact fractions as floats.

    >>> row = odds_rows()[5]
    >>> row["strength"], round(row["cells"][0]["slain"], 4), row["cells"][5]["slain"]
    (6, 0.9722, 0.0)
    """
    return [{"strength": s,
             "cells": [{"firepower": f, "slain": float(ODDS[s, f].slain),
                        "damage": float(ODDS[s, f].damage),
                        "nothing": float(ODDS[s, f].nothing)}
                       for f in range(1, FACES + 1)]}
            for s in range(1, FACES + 1)]


def handout_for(ctx: DrawContext, example: str | None,
                rules: Rules | None = None) -> Mapping[str, Any]:
    """The template's data; ``example`` is the log shown as the figure (None: no figure)."""
    r = rules or game_rules(ctx)
    n = ctx.format_number
    per_player = r.troops + r.rollers + r.supply_dice
    converged_in = r.area_in - 2 * r.converge_in
    needs = [
        ctx.ngettext("%(num)s six-sided dice of one colour for each player",
                     "%(num)s six-sided dice of one colour for each player", per_player)
        % {"num": n(per_player)}
        + " " + ctx._("(%(troops)s Troops, %(rollers)s Rollers and %(supply)s Supply die); the "
                      "two players' colours must differ") % {
            "troops": n(r.troops), "rollers": n(r.rollers), "supply": n(r.supply_dice)},
        ctx._("a flat play area of %(side)s in × %(side)s in (%(mm)s mm), marked out, or the "
              "printed play mat") % {"side": n(r.area_in), "mm": n(r.area_mm)},
        ctx._("something to measure range in die widths: a spare die, or the printed range "
              "ruler"),
    ]
    log = f"examples/war-of-bones/{example}" if example else ""
    return {
        "rules": {
            "per_player": per_player, "troops": r.troops, "rollers": r.rollers,
            "supply_dice": r.supply_dice, "area_in": n(r.area_in), "area_mm": n(r.area_mm),
            "converge_in": n(r.converge_in), "converged_in": n(converged_in),
            "converged_mm": n(round(converged_in * MM_PER_INCH, 1)),
            "min_area_in": n(r.converge_min_area_in), "converges": r.converges_allowed,
            "setup_own": r.setup_own, "setup_opponent": r.setup_opponent,
            "setup_total": 2 * (r.setup_own + r.setup_opponent),
            "max_troops": r.max_troops_in_area, "max_supply": r.max_supply,
            "faces": r.faces, "die_mm": n(r.die_size_mm),
            "presets": [n(v) for v in r.die_size_presets_mm],
            "die_min": n(r.die_size_min_mm), "die_max": n(r.die_size_max_mm),
            "precision": n(r.position_precision_mm), "turn_limit": r.turn_limit,
            "reroll_cost": r.supply_reroll_cost,
            "range_4_mm": n(round(4 * r.die_size_mm, 1)),
        },
        "needs": needs,
        "odds": odds_rows(),
        "one_in_36": 1 / (FACES * FACES),
        "measured": MEASURED,
        "commands": {
            "die_size": "printkit build war-of-bones --die-size 19",
            "play": "printkit play war-of-bones --bot heuristic --bot search",
            "example": f"printkit example war-of-bones {log}" if log else "",
        },
        "example": {"log": log} if log else None,
    }


def handout_data(ctx: DrawContext) -> Mapping[str, Any]:
    """The handout with the kit's example game as its figure."""
    return handout_for(ctx, EXAMPLE_LOG)
