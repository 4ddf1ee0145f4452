"""Tug of War's balance study, ``printkit validate tug-of-war --study figures``: the table of
``engines/tug_of_war/data/notes.md`` ("Measured") and the figures ``measured.toml`` gives the
rule handout.

For each re-roll mode (or the one ``--option reroll_mode=...`` names), the ``greedy``,
``lookahead`` and ``random`` mirrors, which measure what the seats themselves are worth free
of any difference in skill, and ``lookahead`` against ``greedy``, the bots swapping seats
every game. Per series: how often Yellow wins and the player who took the first turn wins
(of the decided games), how often the set-up ends level and Yellow moves first, the mean
number of turns with its interval, the longest game and the most athletes a side fielded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from printkit.engines.tug_of_war import REROLL_MODES, TugOfWarState
from printkit.engines.tug_of_war.game import RED, YELLOW
from printkit.simulation.statistics import Rate
from printkit.simulation.studies import (
    Observer,
    Series,
    SeriesResult,
    Study,
    StudyRequest,
)

MATCHUPS = (("greedy", "greedy"), ("lookahead", "lookahead"), ("random", "random"),
            ("lookahead", "greedy"))


class FiguresObserver(Observer[TugOfWarState]):
    """What one game adds to the figures."""

    def counts(self, state: TugOfWarState, seats: Sequence[str], focus: int | None) -> (
            Mapping[str, int | Fraction]):
        winner, first, opening = state.winner, state.first_player, state.opening_athletes
        return {
            "decided": int(winner is not None),
            "yellow wins": int(winner == YELLOW),
            "first player wins": int(winner is not None and winner == first),
            "set-up ties": int(opening is not None and opening[YELLOW] == opening[RED]),
            "yellow moves first": int(first == YELLOW),
        }

    def peaks(self, state: TugOfWarState) -> Mapping[str, int]:
        return {"athletes": max(state.stats.max_athletes)}


def figure_series(request: StudyRequest) -> list[Series]:
    """Every match-up in every re-roll mode asked for."""
    asked = request.options.get("reroll_mode")
    modes = (asked,) if asked else REROLL_MODES
    return [Series(f"{a} mirror" if a == b else f"{a} vs {b}", (a, b),
                   {**request.options, "reroll_mode": mode}, rotate=a != b,
                   key={"reroll_mode": mode})
            for mode in modes for a, b in MATCHUPS]


def figures_report(results: Sequence[SeriesResult], request: StudyRequest) -> dict[str, Any]:
    """One row per series; rates count decided games, a bot's win rate a draw as half."""
    rows = []
    for result in results:
        tally, series = result.tally, result.series
        n, counts = tally.games, tally.counts
        decided = int(counts.get("decided", 0))
        rounds = tally.rounds
        row: dict[str, Any] = {
            "reroll_mode": series.key["reroll_mode"],
            "bots": list(series.lineup),
            "games": n,
            "draws": tally.draws,
            "yellow_wins": Rate(counts.get("yellow wins", 0), decided).to_json(),
            "first_player_wins": Rate(counts.get("first player wins", 0), decided).to_json(),
            "setup_ties": Rate(counts.get("set-up ties", 0), n).to_json(),
            "yellow_moves_first": Rate(counts.get("yellow moves first", 0), n).to_json(),
            "mean_turns": round(float(rounds.mean() or 0), 2),
            "mean_turns_ci95": round(rounds.mean_half_width(), 2),
            "max_turns": rounds.max(),
            "max_athletes": tally.peaks.get("athletes"),
        }
        if series.rotate:
            row["win_rate"] = {series.lineup[0]: Rate(tally.focus_points, n).to_json()}
        rows.append(row)
    return {"rows": rows}


def _percent(rate: Mapping[str, Any]) -> str:
    return Rate(Fraction(rate["count"]), rate["of"]).percent() if rate["of"] else "-"


def figures_table(report: Mapping[str, Any]) -> str:
    """The figures as the Markdown table of ``notes.md``."""
    lines = [
        "| re-rolls | match-up | games | Yellow wins | first player wins | set-up ties"
        " | mean turns | longest | draws |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in report["rows"]:
        a, b = r["bots"]
        who = f"{a} mirror" if a == b else f"{a} vs {b}"
        for bot, rate in r.get("win_rate", {}).items():
            who += f" ({bot} wins {_percent(rate)})"
        lines.append(
            f"| {r['reroll_mode']} | {who} | {r['games']:,} | {_percent(r['yellow_wins'])}"
            f" | {_percent(r['first_player_wins'])} | {_percent(r['setup_ties'])}"
            f" | {r['mean_turns']:.1f} ± {r['mean_turns_ci95']:.1f} | {r['max_turns']}"
            f" | {r['draws']} |")
    return "\n".join(lines)


FIGURES: Study[TugOfWarState] = Study(
    "figures", "the seats, the set-up and game length in mirrors and lookahead vs greedy",
    figure_series, FiguresObserver, figures_report, figures_table)
