"""A round-robin of the Tug of War bots: win rates, first-player advantage, game lengths.

Every pairing of different bots plays ``games`` games, each bot taking Yellow in half of them;
every bot also plays itself ``games`` times, which measures the first-player advantage (the
side with fewer athletes after set-up moves first) free of any skill difference.

Run it with ``python -m printkit.engines.tug_of_war.tournament [--games N] [--seed S]``.

>>> t = tournament(games=4, seed=1, bots=("greedy", "lookahead"))
>>> sorted(t["win_rate"]), t["matches"][0]["games"]
(['greedy', 'lookahead'], 4)
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections.abc import Sequence
from typing import Any

from printkit.engines.core.runner import play
from printkit.engines.tug_of_war.game import TugOfWar

BOTS = ("random", "greedy", "lookahead")


def _series(game: TugOfWar, a: str, b: str, games: int, seed: int) -> dict[str, Any]:
    wins = {a: 0, b: 0} if a != b else {a: 0}
    draws = first_wins = yellow_wins = decided = turns = longest = 0
    most = 0
    for i in range(games):
        seats = [a, b] if i % 2 == 0 else [b, a]
        state = play(game, seats, seed=f"{seed}/{a}-{b}/{i}", record=False).state
        r = state.result()
        turns += r["turns"]
        longest = max(longest, r["turns"])
        most = max(most, *r["max_athletes"])
        w = r["winner"]
        if w is None:
            draws += 1
            continue
        decided += 1
        wins[seats[w]] += 1
        first_wins += w == r["first_player"]
        yellow_wins += w == 0
    out: dict[str, Any] = {
        "bots": [a, b],
        "games": games,
        "draws": draws,
        "mean_turns": round(turns / games, 2),
        "max_turns": longest,
        "max_athletes": most,
        "first_player_win_rate": round(first_wins / decided, 4) if decided else None,
        "yellow_win_rate": round(yellow_wins / decided, 4) if decided else None,
    }
    if a != b:
        out["wins"] = wins
        out["win_rate"] = {k: round((v + draws / 2) / games, 4) for k, v in wins.items()}
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
        for b, rate in m["win_rate"].items():
            score[b] += rate * m["games"]
            played[b] += m["games"]
    return {
        "games_per_match": games,
        "seed": seed,
        "win_rate": {b: round(score[b] / played[b], 4) if played[b] else None for b in bots},
        "matches": matches,
        "mirrors": mirror,
        "seconds": round(time.perf_counter() - start, 1),
    }


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = tournament(args.games, args.seed)
    print(json.dumps(result, indent=1) if args.json else format_table(result))


if __name__ == "__main__":
    main()
