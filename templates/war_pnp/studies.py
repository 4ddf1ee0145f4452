"""W.A.R. – Powers 'n Points by simulation: is the design balanced, and how strong are the bots?
The figures of ``engines/war_pnp/data/notes.md``, measured by ``printkit validate war-pnp
--study NAME``:

* ``balance``: heuristic self-play: how often each power is chosen for a new Powers row, how
  often each Points column is developed, and the win rate of the players who relied on each
  power (the power with the most active boxes on their sheet at the end) and on each column
  (the column that brought them the most points), with the main player's (seat 1's) record.
* ``without[=NAMES]``: what each power and column is worth: the heuristic bot's win rate on
  a custom sheet without that power (or with that column paying nothing) against a standard
  sheet, the custom sheet's seat swapping every game (``NAMES``: some of them, e.g.
  ``powerup,2/12``).
* ``bots[=M]``: every pair of bots (random, heuristic, search), seats swapping every game;
  the pairs with ``search`` play ``M`` games (default: a tenth of ``--games``), its mirror a
  quarter of that. Each bot against itself gives the main player's advantage.

A draw counts half a win; every rate has its 95 % Wilson interval.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from printkit.engines.core import Decision
from printkit.engines.war_pnp.game import DevelopPoints, DevelopPower, Score, WarPnPState
from printkit.engines.war_pnp.rules import RULES, STANDARD_POWERS
from printkit.errors import PrintkitError
from printkit.simulation.statistics import Rate
from printkit.simulation.studies import (
    Observer,
    Series,
    SeriesResult,
    Study,
    StudyRequest,
)

POWERS = tuple(k.value for k in STANDARD_POWERS)
COLUMNS = tuple(c.label for c in RULES.columns)


def _points(value: float) -> Fraction:
    """A seat's return as an exact share of the win (1, 1/2, 1/3...)."""
    return Fraction(value).limit_denominator(60)


def relied_power(state: WarPnPState, p: int) -> str | None:
    """The power with the most active boxes on ``p``'s sheet (ties: the sheet's order)."""
    boxes: Counter[str] = Counter()
    sheet = state.sheets[p]
    for kind, row in zip(sheet.names, sheet.powers, strict=True):
        if kind is not None:
            boxes[kind.value] += sum(1 for m in row if m is not None)
    if not boxes:
        return None
    return max(boxes, key=lambda k: boxes[k])


class BalanceObserver(Observer[WarPnPState]):
    """Each seat's new Powers rows, developed columns and points per column in one game."""

    watches = True

    def __init__(self) -> None:
        self.new_rows: Counter[tuple[int, str]] = Counter()
        self.columns: Counter[tuple[int, str]] = Counter()
        self.points: dict[int, Counter[str]] = {}

    def decided(self, state: WarPnPState, player: int, decision: Decision[Any]) -> None:
        action = decision.action
        if isinstance(action, DevelopPower) and action.power is not None:
            self.new_rows[player, action.power.value] += 1
        elif isinstance(action, DevelopPoints):
            self.columns[player, action.column] += 1
        elif isinstance(action, Score):
            scored = state.scored[player]
            if scored is not None:
                self.points.setdefault(player, Counter())[scored[0]] += scored[1]

    def counts(self, state: WarPnPState, seats: Sequence[str], focus: int | None) -> (
            Mapping[str, int | Fraction]):
        out: dict[str, int | Fraction] = {}

        def add(name: str, value: int | Fraction) -> None:
            out[name] = out.get(name, 0) + value

        for (_p, power), n in self.new_rows.items():
            add(f"new row {power}", n)
        for (_p, column), n in self.columns.items():
            add(f"developed {column}", n)
        add(f"end {state.end_reason}", 1)
        returns = state.returns()
        for p in range(len(seats)):
            gained = self.points.get(p)
            best = max(gained, key=lambda c: gained[c]) if gained else None
            for kind, relied in (("power", relied_power(state, p)), ("column", best)):
                if relied is not None:
                    add(f"relied {kind} {relied} players", 1)
                    add(f"relied {kind} {relied} points", _points(returns[p]))
        return out


def _share(counts: Mapping[str, int | Fraction], prefix: str, names: Sequence[str]) -> (
        dict[str, float]):
    total = sum(counts.get(f"{prefix} {n}", 0) for n in names)
    return {n: round(float(counts.get(f"{prefix} {n}", 0)) / max(float(total), 1), 3)
            for n in names}


def balance_series(request: StudyRequest) -> list[Series]:
    return [Series("heuristic self-play", ("heuristic", "heuristic"), dict(request.options))]


def balance_report(results: Sequence[SeriesResult], request: StudyRequest) -> dict[str, Any]:
    (result,) = results
    tally = result.tally
    n, counts = tally.games, tally.counts

    def relied(kind: str, names: Sequence[str]) -> dict[str, Any]:
        out = {}
        for name in names:
            players = int(counts.get(f"relied {kind} {name} players", 0))
            points = counts.get(f"relied {kind} {name} points", 0)
            out[name] = {"players": players, "win_rate": Rate(points, players).to_json(3)}
        return out

    rows = sum(int(counts.get(f"new row {k}", 0)) for k in POWERS)
    return {
        "games": n,
        "mean_rounds": round(float(tally.rounds.mean() or 0), 2),
        "longest_rounds": tally.rounds.max(),
        "ends": {name.removeprefix("end "): int(v) for name, v in sorted(counts.items())
                 if name.startswith("end ")},
        "main_player_win_rate": Rate(tally.seat_points[0], n).to_json(3),
        "new_rows": _share(counts, "new row", POWERS),
        "new_rows_per_game": round(rows / n, 2) if n else None,
        "columns_developed": _share(counts, "developed", COLUMNS),
        "relied_power": relied("power", POWERS),
        "relied_column": relied("column", COLUMNS),
    }


def _rate(rate: Mapping[str, Any]) -> str:
    low, high = rate["ci95"]
    return (f"{100 * rate['rate']:.1f} % ({100 * low:.1f}–{100 * high:.1f}) of {rate['of']:,}"
            if rate["of"] else "-")


def _lines(title: str, values: Mapping[str, Any]) -> list[str]:
    return [title, *(f"  {k:>10}: {v}" for k, v in values.items())]


def balance_table(report: Mapping[str, Any]) -> str:
    head = {k: report[k] for k in ("games", "mean_rounds", "longest_rounds",
                                   "new_rows_per_game")}
    lines = _lines("heuristic self-play", {**head, "ends": report["ends"],
                                           "main player wins":
                                           _rate(report["main_player_win_rate"])})
    lines += _lines("new Powers rows", report["new_rows"])
    lines += _lines("Points columns developed", report["columns_developed"])
    for key, title in (("relied_power", "relied on a power"),
                       ("relied_column", "relied on a column")):
        lines += _lines(title, {k: _rate(v["win_rate"]) for k, v in report[key].items()})
    return "\n".join(lines)


def without_sheets() -> dict[str, dict[str, Any]]:
    """Every custom sheet the ``without`` study plays: a standard sheet lacking one power, or
    with one column paying nothing."""
    columns = [{"sums": list(c.sums), "values": list(c.values)} for c in RULES.columns]
    sheets: dict[str, dict[str, Any]] = {}
    for kind in POWERS:
        sheets[f"no {kind}"] = {"powers": [k for k in POWERS if k != kind]}
    for i, col in enumerate(RULES.columns):
        dead = [dict(c) for c in columns]
        dead[i] = {"sums": list(col.sums), "values": [0] * len(col.values)}
        sheets[f"no {col.label}"] = {"points_columns": dead}
    return sheets


def without_series(request: StudyRequest) -> list[Series]:
    sheets = without_sheets()
    only = [w for w in (request.argument or "").split(",") if w]
    unknown = sorted(set(only) - {name.removeprefix("no ") for name in sheets})
    if unknown:
        raise PrintkitError(f"--study without={request.argument}: no power or column "
                            f"{', '.join(unknown)}; choose from {', '.join(POWERS + COLUMNS)}")
    return [Series(name, ("heuristic", "heuristic"), {**request.options, "sheet": sheet},
                   seat_option="sheet_seat", key={"sheet": name})
            for name, sheet in sheets.items()
            if not only or name.removeprefix("no ") in only]


def without_report(results: Sequence[SeriesResult], request: StudyRequest) -> (
        dict[str, Any]):
    return {"sheets": {r.series.label: {"win_rate": Rate(r.tally.focus_points,
                                                          r.tally.games).to_json(3)}
                       for r in results}}


def without_table(report: Mapping[str, Any]) -> str:
    return "\n".join(_lines("win rate without", {k: _rate(v["win_rate"])
                                                 for k, v in report["sheets"].items()}))


def bots_series(request: StudyRequest) -> list[Series]:
    try:
        search = int(request.argument) if request.argument else max(1, request.games // 10)
    except ValueError:
        raise PrintkitError(f"--study bots={request.argument}: give the games of the pairs "
                            "with search as a whole number") from None
    pairs = [("heuristic", "random", request.games), ("search", "random", search),
             ("search", "heuristic", search), ("random", "random", request.games),
             ("heuristic", "heuristic", request.games), ("search", "search", max(1, search // 4))]
    return [Series(f"{a} vs {b}", (a, b), dict(request.options), games=n, rotate=True)
            for a, b, n in pairs]


def bots_report(results: Sequence[SeriesResult], request: StudyRequest) -> dict[str, Any]:
    return {"pairs": [{"first": r.series.lineup[0], "second": r.series.lineup[1],
                       "games": r.tally.games,
                       "first_win_rate": Rate(r.tally.focus_points, r.tally.games).to_json(3),
                       "main_player_win_rate": Rate(r.tally.seat_points[0],
                                                    r.tally.games).to_json(3)}
                      for r in results]}


def bots_table(report: Mapping[str, Any]) -> str:
    return "\n".join(
        f"{row['first']:>9} vs {row['second']:<9} {row['games']:>5} games: first wins "
        f"{_rate(row['first_win_rate'])}; main player wins {_rate(row['main_player_win_rate'])}"
        for row in report["pairs"])


BALANCE: Study[WarPnPState] = Study(
    "balance", "heuristic self-play: the powers and columns chosen and relied on",
    balance_series, BalanceObserver, balance_report, balance_table)
WITHOUT: Study[WarPnPState] = Study(
    "without", "each power and column: a sheet without it against a standard one",
    without_series, Observer, without_report, without_table)
BOTS: Study[WarPnPState] = Study(
    "bots", "every pair of bots, seats swapping",
    bots_series, Observer, bots_report, bots_table)
