"""War of Bones by simulation: how strong are the bots, and which opening wins?

``python -m bench.war_of_bones_bots bots [--games N] [--search-games M] [--jobs J]`` plays
every pair of bots (random, heuristic, search), seat-swapped: game ``i`` uses seed ``i`` and
puts the first bot in seat ``i % 2``. A draw (the turn limit with equal Troops and Firepower)
counts half. Each rate comes with its 95 % Wilson interval.

``python -m bench.war_of_bones_bots opening [--games N] [--jobs J]`` plays heuristic against
heuristic and reports how often the player holding Reengage wins (the roll-off winner takes
the heuristic's preferred opening), seat 0's win rate (the main player's advantage), the mean
game length and how many games reach the turn limit.

``python -m bench.war_of_bones_bots match A B [--games N] [--variant NAME=BASE:ATTR=VALUE,...]``
plays bot A against bot B, seat-swapped; a variant is a bot class of :mod:`.bots` with class
attributes changed (values are Python expressions over that module), e.g.
``--variant "d0=heuristic:WORTH=worth_table(0.0)"`` or ``--variant "s24=search:ROLLOUTS=24"``;
that is how the choices in ``data/notes.md`` were measured.

Games are played exactly as :func:`printkit.engines.core.play` plays them (same seeds, same
bots, ``record=False``); ``--jobs`` spreads the seeds over processes (results do not
depend on it). Add ``--json`` for one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from printkit.engines.core import play
from printkit.engines.war_of_bones import bots as wob_bots
from printkit.engines.war_of_bones.game import WarOfBones
from printkit.simulation.statistics import wilson_interval


class _Game(WarOfBones):
    """War of Bones with the variants of ``--variant`` among its bots."""

    variants: dict[str, type] = {}

    def bots(self) -> dict[str, Any]:  # the game's bots, and the variants (classes made here)
        return {**super().bots(), **self.variants}


GAME = _Game()


def add_variant(spec: str) -> str:
    """Register ``NAME=BASE:ATTR=VALUE,...`` (BASE a bot name) and return NAME."""
    name, _, rest = spec.partition("=")
    base, _, body = rest.partition(":")
    cls = GAME.bots()[base]
    attrs: dict[str, Any] = {"name": name}
    namespace = vars(wob_bots)
    for item in filter(None, body.split(",")):
        key, _, value = item.partition("=")
        attrs[key.strip()] = eval(value, dict(namespace))  # noqa: S307 - a bench's own input
    _Game.variants[name] = type(name, (cls,), attrs)
    _SPECS.append((name, spec))
    return name


_SPECS: list[tuple[str, str]] = []


def _add_all(specs: list[str]) -> None:
    """In a worker process: register the variants (whatever the start method)."""
    for spec in specs:
        if spec.partition("=")[0] not in _Game.variants:
            add_variant(spec)


def _one(args: tuple[str, str, int]) -> tuple[float, int, str, int | None]:
    """Game ``seed`` of ``a`` against ``b``: a's points, turns, how it ended, Reengage's seat
    result (1 if the Reengage holder won, 0 if it lost, None for a draw)."""
    a, b, seed = args
    seats = [a, b] if seed % 2 == 0 else [b, a]
    state = play(GAME, seats, seed=seed, record=False).state
    mine = seed % 2
    if state.winner is None:
        points, reengage = 0.5, None
    else:
        points = 1.0 if state.winner == mine else 0.0
        reengage = int(state.winner == state.opening["reengage"])
    return points, state.turn, state.end, reengage


def _games(a: str, b: str, n: int, jobs: int) -> list[tuple[float, int, str, int | None]]:
    tasks = [(a, b, seed) for seed in range(n)]
    if jobs <= 1:
        return [_one(t) for t in tasks]
    specs = [spec for _, spec in _SPECS]
    with ProcessPoolExecutor(jobs, initializer=_add_all, initargs=(specs,)) as pool:
        return list(pool.map(_one, tasks, chunksize=16))


def _rate(points: float, n: int) -> dict[str, Any]:
    low, high = wilson_interval(points, n)
    return {"rate": round(points / n, 4), "ci95": [round(low, 4), round(high, 4)], "games": n}


def bots(games: int, search_games: int, jobs: int) -> dict[str, Any]:
    """Every pair of bots, seat-swapped; the first bot's score."""
    out: dict[str, Any] = {}
    for a, b in (("heuristic", "random"), ("search", "random"), ("search", "heuristic")):
        n = games if "search" not in (a, b) else search_games
        start = time.perf_counter()
        played = _games(a, b, n, jobs)
        out[f"{a} vs {b}"] = {**_rate(sum(p for p, *_ in played), n),
                              "mean_turns": round(sum(t for _, t, *_ in played) / n, 1),
                              "turn_limit_games": sum(1 for _, _, end, _ in played
                                                      if end == "turn limit"),
                              "seconds": round(time.perf_counter() - start, 1)}
    return out


def opening(games: int, jobs: int) -> dict[str, Any]:
    """Heuristic self-play: the Reengage holder's and seat 0's win rates, game length."""
    played = _games("heuristic", "heuristic", games, jobs)
    decided = [r for *_, r in played if r is not None]
    draws = games - len(decided)
    # seat 0 is the first bot's seat on even seeds: its points are the first bot's then
    seat0 = sum(p if i % 2 == 0 else 1 - p for i, (p, *_) in enumerate(played))
    return {
        "reengage_holder": _rate(sum(decided) + 0.5 * draws, games),
        "seat_0": _rate(seat0, games),
        "mean_turns": round(sum(t for _, t, *_ in played) / games, 1),
        "turn_limit_games": sum(1 for _, _, end, _ in played if end == "turn limit"),
        "draws": draws,
    }


def match(a: str, b: str, games: int, jobs: int) -> dict[str, Any]:
    """``a`` against ``b``, seat-swapped: a's score, game length, turn-limit games."""
    start = time.perf_counter()
    played = _games(a, b, games, jobs)
    return {f"{a} vs {b}": {**_rate(sum(p for p, *_ in played), games),
                            "mean_turns": round(sum(t for _, t, *_ in played) / games, 1),
                            "turn_limit_games": sum(1 for _, _, end, _ in played
                                                    if end == "turn limit"),
                            "seconds": round(time.perf_counter() - start, 1)}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("what", choices=["bots", "opening", "match"])
    parser.add_argument("pair", nargs="*", help="match: the two bots")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME=BASE:ATTR=VALUE,... a bot with class attributes changed")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for spec in args.variant:
        add_variant(spec)
    if args.what == "match":
        if len(args.pair) != 2:
            parser.error("match takes two bots")
        a, b = args.pair
        report = match(a, b, args.games, args.jobs)
    elif args.pair:
        parser.error(f"{args.what} takes no bot names")
    else:
        report = (bots(args.games, args.search_games, args.jobs) if args.what == "bots"
                  else opening(args.games, args.jobs))
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
