"""Tug of War bot figures: win rates, first-player and Yellow advantage, set-up ties, game
lengths, each with a 95 % confidence interval.

Two reports, both reproducible from a seed (game ``i`` of a match-up ``a``-``b`` is played
with the seed ``"{seed}/{a}-{b}/{i}"``, so the figures do not depend on ``--jobs``):

* ``--figures`` (the numbers in ``data/notes.md``): the ``random``, ``greedy`` and
  ``lookahead`` mirrors and ``lookahead`` against ``greedy`` (seats alternating), for one
  re-roll mode or both. A mirror measures what the seats themselves are worth, free of any
  difference in skill.
* the default, a round-robin of the bots (every pairing, each bot taking Yellow in half of
  the games, plus every mirror).

Run it with ``python -m printkit.engines.tug_of_war.tournament --figures --games 20000``
(``--reroll-mode``, ``--seed``, ``--jobs``, ``--json``; ``--help`` for the rest).

>>> t = tournament(games=4, seed=1, bots=("greedy", "lookahead"))
>>> sorted(t["win_rate"]), t["matches"][0]["games"]
(['greedy', 'lookahead'], 4)
>>> low, high = wilson(522, 1000)
>>> round(low, 3), round(high, 3)
(0.491, 0.553)
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from printkit.engines.core.runner import play
from printkit.engines.tug_of_war.game import RED, YELLOW, TugOfWar
from printkit.engines.tug_of_war.rules import REROLL_MODES

BOTS = ("random", "greedy", "lookahead")
FIGURES = (("greedy", "greedy"), ("lookahead", "lookahead"), ("random", "random"),
           ("lookahead", "greedy"))
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default): good at any rate and
    any number of trials, unlike p +- z * sqrt(p(1-p)/n) near 0 or 1."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its 95 % interval, as JSON."""
    low, high = wilson(successes, trials)
    return {"count": successes, "of": trials,
            "rate": round(successes / trials, 4) if trials else None,
            "ci95": [round(low, 4), round(high, 4)]}


@dataclass
class Tally:
    """What a series of games adds up to; tallies of parts of a series add up (``+``)."""

    games: int = 0
    draws: int = 0
    yellow_wins: int = 0
    first_wins: int = 0
    setup_ties: int = 0
    yellow_first: int = 0
    turns: int = 0
    turns_sq: int = 0
    longest: int = 0
    most_athletes: int = 0
    wins: dict[str, int] = field(default_factory=dict)

    def __add__(self, other: Tally) -> Tally:
        wins = dict(self.wins)
        for k, v in other.wins.items():
            wins[k] = wins.get(k, 0) + v
        return Tally(
            self.games + other.games, self.draws + other.draws,
            self.yellow_wins + other.yellow_wins, self.first_wins + other.first_wins,
            self.setup_ties + other.setup_ties, self.yellow_first + other.yellow_first,
            self.turns + other.turns, self.turns_sq + other.turns_sq,
            max(self.longest, other.longest), max(self.most_athletes, other.most_athletes),
            wins,
        )

    @property
    def decided(self) -> int:
        return self.games - self.draws

    def report(self, bots: tuple[str, str]) -> dict[str, Any]:
        """JSON-able figures; win rates count decided games, ``win_rate`` counts a draw as
        half a win."""
        n, decided = self.games, self.decided
        mean = self.turns / n if n else 0.0
        var = (self.turns_sq / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        out: dict[str, Any] = {
            "bots": list(bots),
            "games": n,
            "draws": self.draws,
            "yellow_wins": rate(self.yellow_wins, decided),
            "first_player_wins": rate(self.first_wins, decided),
            "setup_ties": rate(self.setup_ties, n),
            "yellow_moves_first": rate(self.yellow_first, n),
            "mean_turns": round(mean, 2),
            "mean_turns_ci95": round(Z95 * math.sqrt(max(var, 0.0) / n), 2) if n else None,
            "max_turns": self.longest,
            "max_athletes": self.most_athletes,
        }
        if bots[0] != bots[1]:
            out["wins"] = dict(self.wins)
            out["win_rate"] = {b: round((self.wins.get(b, 0) + self.draws / 2) / n, 4)
                               for b in bots}
            a = bots[0]
            out["win_rate_ci95"] = {a: [round(x, 4) for x in wilson(self.wins.get(a, 0),
                                                                     decided)]}
        return out


def _play_range(job: tuple[str, str, int, int, int, Mapping[str, Any]]) -> Tally:
    """Games ``start``..``stop - 1`` of the match-up ``a``-``b`` (a process pool's task)."""
    a, b, seed, start, stop, options = job
    game = TugOfWar()
    t = Tally(wins={a: 0, b: 0})
    for i in range(start, stop):
        seats = [a, b] if i % 2 == 0 else [b, a]
        state = play(game, seats, seed=f"{seed}/{a}-{b}/{i}", options=options,
                     record=False).state
        opening = state.opening_athletes
        first = state.first_player
        t.games += 1
        t.turns += state.turns
        t.turns_sq += state.turns * state.turns
        t.longest = max(t.longest, state.turns)
        t.most_athletes = max(t.most_athletes, *state.stats.max_athletes)
        t.setup_ties += opening is not None and opening[YELLOW] == opening[RED]
        t.yellow_first += first == YELLOW
        w = state.winner
        if w is None:
            t.draws += 1
            continue
        t.wins[seats[w]] += 1
        t.first_wins += w == first
        t.yellow_wins += w == YELLOW
    return t


def series(a: str, b: str, games: int, seed: int = 0, *, options: Mapping[str, Any] | None = None,
           jobs: int = 1) -> Tally:
    """Play ``games`` games of ``a`` against ``b`` (``a`` is Yellow in the even ones)."""
    opts = dict(options or {})
    if jobs <= 1 or games < 2 * jobs:
        return _play_range((a, b, seed, 0, games, opts))
    step = math.ceil(games / (4 * jobs))
    tasks = [(a, b, seed, lo, min(lo + step, games), opts) for lo in range(0, games, step)]
    with ProcessPoolExecutor(jobs) as pool:
        return sum(pool.map(_play_range, tasks), Tally(wins={a: 0, b: 0}))


def _series(game: TugOfWar, a: str, b: str, games: int, seed: int) -> dict[str, Any]:
    """The round-robin's view of a series (kept for its table)."""
    r = series(a, b, games, seed).report((a, b))
    out = {
        "bots": [a, b],
        "games": games,
        "draws": r["draws"],
        "mean_turns": r["mean_turns"],
        "max_turns": r["max_turns"],
        "max_athletes": r["max_athletes"],
        "first_player_win_rate": r["first_player_wins"]["rate"],
        "yellow_win_rate": r["yellow_wins"]["rate"],
    }
    if a != b:
        out["wins"] = r["wins"]
        out["win_rate"] = r["win_rate"]
    return out


def tournament(
    games: int = 2000, seed: int = 0, *, bots: Sequence[str] = BOTS, mirrors: bool = True
) -> dict[str, Any]:
    """Play the round-robin; return JSON-able results (draws count half a win)."""
    game = TugOfWar()
    start = time.perf_counter()
    matches = [_series(game, a, b, games, seed) for a, b in itertools.combinations(bots, 2)]
    mirror = [_series(game, a, a, games, seed) for a in bots] if mirrors else []
    score = {b: 0.0 for b in bots}
    played = {b: 0 for b in bots}
    for m in matches:
        for b, r in m["win_rate"].items():
            score[b] += r * m["games"]
            played[b] += m["games"]
    return {
        "games_per_match": games,
        "seed": seed,
        "win_rate": {b: round(score[b] / played[b], 4) if played[b] else None for b in bots},
        "matches": matches,
        "mirrors": mirror,
        "seconds": round(time.perf_counter() - start, 1),
    }


def figures(
    games: int = 20_000,
    seed: int = 0,
    *,
    modes: Iterable[str] = REROLL_MODES,
    matchups: Iterable[tuple[str, str]] = FIGURES,
    jobs: int = 1,
) -> list[dict[str, Any]]:
    """The figures of ``data/notes.md``: each match-up in each re-roll mode."""
    out = []
    for mode in modes:
        for a, b in matchups:
            start = time.perf_counter()
            r = series(a, b, games, seed, options={"reroll_mode": mode}, jobs=jobs).report((a, b))
            r["reroll_mode"] = mode
            r["seed"] = seed
            r["seconds"] = round(time.perf_counter() - start, 1)
            out.append(r)
    return out


def _pct(r: Mapping[str, Any]) -> str:
    low, high = r["ci95"]
    return f"{100 * r['rate']:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def format_figures(rows: Sequence[Mapping[str, Any]]) -> str:
    """The figures as a Markdown table (rates with their 95 % intervals)."""
    lines = [
        "| re-rolls | match-up | games | Yellow wins | first player wins | set-up ties"
        " | mean turns | longest | draws |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        a, b = r["bots"]
        who = f"{a} mirror" if a == b else f"{a} vs {b}"
        if a != b:
            low, high = r["win_rate_ci95"][a]
            who += (f" ({a} wins {100 * r['win_rate'][a]:.1f} %,"
                    f" {100 * low:.1f}-{100 * high:.1f})")
        lines.append(
            f"| {r['reroll_mode']} | {who} | {r['games']:,} | {_pct(r['yellow_wins'])}"
            f" | {_pct(r['first_player_wins'])} | {_pct(r['setup_ties'])}"
            f" | {r['mean_turns']:.1f} ± {r['mean_turns_ci95']:.1f} | {r['max_turns']}"
            f" | {r['draws']} |"
        )
    return "\n".join(lines)


def format_table(result: dict[str, Any]) -> str:
    lines = [f"{result['games_per_match']} games per match, seed {result['seed']}"]
    for m in result["matches"]:
        a, b = m["bots"]
        lines.append(
            f"  {a:>9} vs {b:<9}  {m['win_rate'][a]:.3f} : {m['win_rate'][b]:.3f}"
            f"  draws {m['draws']:>3}  first player wins {m['first_player_win_rate']:.3f}"
            f"  mean turns {m['mean_turns']}"
        )
    for m in result["mirrors"]:
        a = m["bots"][0]
        lines.append(
            f"  {a:>9} mirror        first player wins {m['first_player_win_rate']:.3f}"
            f"  yellow wins {m['yellow_win_rate']:.3f}  draws {m['draws']}"
            f"  mean turns {m['mean_turns']} (max {m['max_turns']})"
        )
    rates = ", ".join(f"{b} {r:.3f}" for b, r in result["win_rate"].items())
    lines.append(f"  overall win rate vs the others: {rates}   ({result['seconds']} s)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--figures", action="store_true",
                        help="the figures of data/notes.md (default: a round-robin)")
    parser.add_argument("--games", type=int, default=None,
                        help="games per match-up (default 20000 for --figures, else 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reroll-mode", choices=[*REROLL_MODES, "both"], default="both",
                        help="with --figures: which re-roll mode(s) to measure")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.figures:
        modes = REROLL_MODES if args.reroll_mode == "both" else (args.reroll_mode,)
        rows = figures(args.games or 20_000, args.seed, modes=modes, jobs=args.jobs)
        print(json.dumps(rows, indent=1) if args.json else format_figures(rows))
        return
    result = tournament(args.games or 2000, args.seed)
    print(json.dumps(result, indent=1) if args.json else format_table(result))


if __name__ == "__main__":
    main()
