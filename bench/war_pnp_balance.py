"""W.A.R. – Powers 'n Points by simulation: is the design balanced, and how strong are the bots?

``python -m bench.war_pnp_balance balance [--games N]`` plays N heuristic-vs-heuristic games
(seeds 0 .. N-1) and reports how often each power is chosen for a new Powers row, how often
each Points column is developed, and the win rate of the players who relied on each power
(the power with the most active boxes on their sheet at the end) and on each column (the
column that brought them the most points), with the main player's advantage.

``python -m bench.war_pnp_balance without [--games N]`` measures what each power and column
is worth: the heuristic bot's win rate on a custom sheet without that power (or with that
column paying nothing) against a standard sheet, N seat-swapped games each.

``python -m bench.war_pnp_balance bots [--games N] [--search-games M]`` plays every pair of
bots (random, heuristic, search), seat-swapped: game ``i`` uses seed ``i`` and puts the first
bot in seat ``i % 2``; each bot against itself gives the main player's (seat 0's) advantage.

Games are played exactly as :func:`printkit.engines.core.play` plays them (same seeds, same
bots), in a loop that also watches every decision. Add ``--json`` for one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.engines.core import CHANCE, TERMINAL
from printkit.engines.core.bots import bot_rng, dice_rng, make_bot
from printkit.engines.war_pnp.game import (
    DevelopPoints,
    DevelopPower,
    Score,
    WarPnP,
    WarPnPState,
)
from printkit.engines.war_pnp.rules import RULES, STANDARD_POWERS

GAME = WarPnP()


@dataclass
class Watched:
    """What one game showed: its end, and each seat's choices and points."""

    state: WarPnPState
    new_rows: list[Counter[str]] = field(default_factory=list)
    columns: list[Counter[str]] = field(default_factory=list)
    points: list[Counter[str]] = field(default_factory=list)


def watch(bots: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> Watched:
    """Play one game as ``play(GAME, bots, seed=seed, record=False)`` does, noting choices."""
    n = len(bots)
    state = GAME.new_initial_state(n, {**GAME.default_options(), **(options or {})})
    rng = dice_rng(seed)
    players = [make_bot(GAME, b, i, bot_rng(seed, i)) for i, b in enumerate(bots)]
    seen = Watched(state, [Counter() for _ in range(n)], [Counter() for _ in range(n)],
                   [Counter() for _ in range(n)])
    while True:
        who = state.current_player()
        if who == TERMINAL:
            return seen
        if who == CHANCE:
            state.apply(state.chance_outcomes().sample(rng))
            continue
        action = players[who].decide(state.view(who)).action
        state.apply(action)
        if isinstance(action, DevelopPower) and action.power is not None:
            seen.new_rows[who][action.power.value] += 1
        elif isinstance(action, DevelopPoints):
            seen.columns[who][action.column] += 1
        elif isinstance(action, Score):
            scored = state.scored[who]
            if scored is not None:
                seen.points[who][scored[0]] += scored[1]


def relied_power(state: WarPnPState, p: int) -> str | None:
    """The power with the most active boxes on ``p``'s sheet (ties: the seed's order)."""
    boxes: Counter[str] = Counter()
    sheet = state.sheets[p]
    for kind, row in zip(sheet.names, sheet.powers, strict=True):
        if kind is not None:
            boxes[kind.value] += sum(1 for m in row if m is not None)
    if not boxes:
        return None
    return max(boxes, key=lambda k: boxes[k])


def _interval(wins: float, games: int) -> float:
    """Half-width of a 95 % interval of a win rate (normal approximation)."""
    if games == 0:
        return 0.0
    rate = wins / games
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)


def balance(games: int) -> dict[str, Any]:
    """Heuristic self-play: choices, reliance and win rates (see the module docstring)."""
    rows: Counter[str] = Counter()
    columns: Counter[str] = Counter()
    by_power: dict[str, list[float]] = {}
    by_column: dict[str, list[float]] = {}
    main_wins = 0.0
    rounds = longest = 0
    ends: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(games):
        seen = watch(["heuristic", "heuristic"], seed)
        state = seen.state
        result = state.returns()
        main_wins += result[0]
        rounds += state.round
        longest = max(longest, state.round)
        ends[state.end_reason] += 1
        for p in range(2):
            rows.update(seen.new_rows[p])
            columns.update(seen.columns[p])
            power = relied_power(state, p)
            if power is not None:
                by_power.setdefault(power, [0.0, 0.0])
                by_power[power][0] += result[p]
                by_power[power][1] += 1
            if seen.points[p]:
                column = max(seen.points[p], key=lambda c: seen.points[p][c])
                by_column.setdefault(column, [0.0, 0.0])
                by_column[column][0] += result[p]
                by_column[column][1] += 1
    elapsed = time.perf_counter() - start
    total_rows = sum(rows.values())
    total_columns = sum(columns.values())
    labels = [c.label for c in state.specs[0].columns]
    return {
        "games": games,
        "seconds": round(elapsed, 1),
        "mean_rounds": round(rounds / games, 2),
        "longest_rounds": longest,
        "ends": dict(ends),
        "main_player_win_rate": round(main_wins / games, 3),
        "main_player_interval": round(_interval(main_wins, games), 3),
        "new_rows": {k.value: round(rows[k.value] / max(total_rows, 1), 3)
                     for k in STANDARD_POWERS},
        "new_rows_per_game": round(total_rows / games, 2),
        "columns_developed": {c: round(columns[c] / max(total_columns, 1), 3) for c in labels},
        "relied_power": {k.value: {"players": int(by_power.get(k.value, [0, 0])[1]),
                                   "win_rate": _rate(by_power.get(k.value))}
                         for k in STANDARD_POWERS},
        "relied_column": {c: {"players": int(by_column.get(c, [0, 0])[1]),
                              "win_rate": _rate(by_column.get(c))} for c in labels},
    }


def _rate(pair: list[float] | None) -> float | None:
    return None if not pair or not pair[1] else round(pair[0] / pair[1], 3)


def match(first: str, second: str, games: int) -> dict[str, Any]:
    """``first`` against ``second`` over ``games`` seat-swapped games: ``first``'s win rate
    (a draw counts half) and how the main player (seat 0) fared."""
    wins = main = 0.0
    start = time.perf_counter()
    for seed in range(games):
        seat = seed % 2
        bots = [first, second] if seat == 0 else [second, first]
        state = watch(bots, seed).state
        result = state.returns()
        wins += result[seat]
        main += result[0]
    return {"first": first, "second": second, "games": games,
            "first_win_rate": round(wins / games, 3),
            "interval": round(_interval(wins, games), 3),
            "main_player_win_rate": round(main / games, 3),
            "seconds": round(time.perf_counter() - start, 1)}


def bots(games: int, search_games: int) -> list[dict[str, Any]]:
    """Every pair of bots (see the module docstring)."""
    pairs = [("heuristic", "random", games), ("search", "random", search_games),
             ("search", "heuristic", search_games), ("random", "random", games),
             ("heuristic", "heuristic", games), ("search", "search", search_games // 4)]
    return [match(a, b, n) for a, b, n in pairs]


def without(games: int, only: Sequence[str] = ()) -> dict[str, Any]:
    """How much each power and each column is worth to the heuristic bot: its win rate on a
    sheet without that power (or with that column paying nothing) against the standard
    sheet, seat-swapped. A power no player can do without would fall far below 50 %.
    ``only`` names the powers and columns to measure (all by default)."""
    standard = [k.value for k in STANDARD_POWERS]
    columns = [{"sums": list(c.sums), "values": list(c.values)} for c in RULES.columns]
    sheets: dict[str, dict[str, Any]] = {}
    for kind in standard:
        sheets[f"no {kind}"] = {"powers": [k for k in standard if k != kind]}
    for i, col in enumerate(RULES.columns):
        dead = [dict(c) for c in columns]
        dead[i] = {"sums": list(col.sums), "values": [0] * len(col.values)}
        sheets[f"no {col.label}"] = {"points_columns": dead}
    out: dict[str, Any] = {}
    for name, sheet in sheets.items():
        if only and name.removeprefix("no ") not in only:
            continue
        wins = 0.0
        for seed in range(games):
            seat = seed % 2
            state = watch(["heuristic", "heuristic"], seed,
                          {"sheet": sheet, "sheet_seat": seat}).state
            wins += state.returns()[seat]
        out[name] = {"win_rate": round(wins / games, 3),
                     "interval": round(_interval(wins, games), 3)}
    return out


def _table(title: str, values: dict[str, Any]) -> str:
    return title + "\n" + "\n".join(f"  {k:>10}: {v}" for k, v in values.items())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.war_pnp_balance",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("what", choices=["balance", "bots", "without"])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", default="", help="without: the powers and columns to "
                        "measure, comma-separated (e.g. block,powerup,2/12)")
    args = parser.parse_args(argv)
    if args.what == "balance":
        out: Any = balance(args.games)
        if args.json:
            print(json.dumps(out))
            return 0
        head = {k: v for k, v in out.items() if not isinstance(v, dict)}
        print(_table("heuristic self-play", {**head, "ends": out["ends"]}))
        for key in ("new_rows", "columns_developed", "relied_power", "relied_column"):
            print(_table(key, out[key]))
        return 0
    if args.what == "without":
        out = without(args.games, [w for w in args.only.split(",") if w])
        print(json.dumps(out) if args.json else _table("win rate without", out))
        return 0
    out = bots(args.games, args.search_games)
    if args.json:
        print(json.dumps(out))
        return 0
    for row in out:
        print(f"{row['first']:>9} vs {row['second']:<9} {row['games']:>5} games: "
              f"{row['first_win_rate']:.3f} ± {row['interval']:.3f}   "
              f"main player wins {row['main_player_win_rate']:.3f}   ({row['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
