"""Validated layouts: auto-play many games and check each declared capacity against them.

A game's kit carries a :class:`~printkit.kits.Validation`: the bot whose games are the
yardstick (the strongest: it scores highest), the capacities measured from the real layout at
the real font sizes, and, per capacity, what one finished game demands of it.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

import click

from printkit.context import BuildContext
from printkit.engines.core import play
from printkit.errors import PrintkitError
from printkit.kits import Kit, game_kits, get_game_kit
from printkit.pipeline import drawing


@dataclass(frozen=True)
class CapacityCheck:
    name: str
    capacity: int
    observed_max: int
    ok: bool


@dataclass(frozen=True)
class HeadToHead:
    """A custom sheet's record against the standard ones: its seat moves round the table,
    every game counts a win as 1, a shared win as its share, a loss as 0."""

    sheet: str
    games: int
    points: float
    low: float
    high: float
    fair: float

    @property
    def rate(self) -> float:
        return self.points / self.games

    def to_json(self) -> dict[str, Any]:
        return {"sheet": self.sheet, "games": self.games, "win_rate": round(self.rate, 4),
                "ci95": [round(self.low, 4), round(self.high, 4)],
                "fair_share": round(self.fair, 4)}


def wilson_interval(points: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate of ``points`` in ``games``.

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class ValidationResult:
    game: str
    games: int
    bot: str
    seed: int
    mean_score: float | None
    capacities: tuple[CapacityCheck, ...]
    scores: tuple[float, ...]
    players: int = 1
    head_to_head: HeadToHead | None = None

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.capacities)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "bot": self.bot,
            "seed": self.seed,
            "players": self.players,
            "mean_score": None if self.mean_score is None else round(self.mean_score, 3),
            "capacities": [asdict(c) for c in self.capacities],
            "ok": self.ok,
            **({"head_to_head": self.head_to_head.to_json()} if self.head_to_head else {}),
        }


def run_validation(kit: Kit[Any, Any], build: BuildContext, games: int, seed: int, *,
                   bot: str | None = None, players: int | None = None,
                   progress: Callable[[int], None] | None = None,
                   options: dict[str, Any] | None = None,
                   head_to_head: str | None = None) -> ValidationResult:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) of ``players`` players and
    compare what they demanded of each capacity with what the layout holds.

    ``options`` are game options for every game, on top of the build's (``--sheet``);
    ``head_to_head`` (the sheet file's name) moves the custom sheet's seat round the table
    and counts its wins."""
    validation = kit.validation
    if validation is None:
        raise PrintkitError(f"{kit.name} declares no layout capacities")
    game = kit.game()
    info = game.info
    players = players or info.default_players
    if not info.min_players <= players <= info.max_players:
        raise PrintkitError(f"{info.title} takes {info.min_players}-{info.max_players} "
                            f"players, not {players}")
    bot = bot or validation.bot
    if bot not in game.bots():
        raise PrintkitError(f"unknown bot {bot!r} for {kit.name}; choose from "
                            f"{', '.join(game.bot_names())}")
    with drawing(build) as ctx:
        caps = validation.measure(ctx, players)
    demands = validation.demands
    observed = {c.name: 0 for c in caps}
    seats = [bot] * players
    scores: list[float] = []
    opts = {**build.game_options, **(options or {})}
    seat_option = kit.sheet_file.seat_option if kit.sheet_file else None
    if head_to_head and seat_option is None:
        raise PrintkitError(f"{kit.name} takes no --sheet file")
    try:
        game.new_initial_state(players, {**game.default_options(), **opts})
    except ValueError as exc:
        raise PrintkitError(f"{info.title}: {exc}") from None
    points = 0.0
    for i in range(games):
        if head_to_head and seat_option is not None:
            opts[seat_option] = i % players
        played = play(game, seats, seed=seed + i, record=False, options=opts)
        if head_to_head and seat_option is not None:
            points += played.state.returns()[i % players]
        for name in observed:
            value = demands[name](played.state)
            if value > observed[name]:
                observed[name] = value
        scores.extend(played.state.returns())
        if progress:
            progress(1)
    checks = tuple(CapacityCheck(c.name, c.holds, observed[c.name], observed[c.name] <= c.holds)
                   for c in caps)
    mean = statistics.fmean(scores) if info.has_score and scores else None
    duel = None
    if head_to_head:
        low, high = wilson_interval(points, games)
        duel = HeadToHead(head_to_head, games, points, low, high, 1 / players)
    return ValidationResult(kit.name, games, bot, seed, mean, checks, tuple(scores), players,
                            duel)


def validate_games(target: str, build: BuildContext, games: int, seed: int, *,
                   bot: str | None, players: int | None, as_json: bool, report: Path | None,
                   echo: Callable[..., Any], options: dict[str, Any] | None = None,
                   head_to_head: str | None = None) -> bool:
    """The ``printkit validate`` command: every game of ``target`` (or all), table or JSON."""
    if target == "all":
        chosen = [k for k in game_kits() if k.validation is not None]
    else:
        chosen = [get_game_kit(target)]
    results = []
    for kit in chosen:
        with click.progressbar(length=games, label=f"validating {kit.name}",
                               file=_progress_file(), show_pos=True) as bar:
            result = run_validation(kit, build, games, seed, bot=bot, players=players,
                                    progress=bar.update, options=options,
                                    head_to_head=head_to_head)
        results.append(result)
        if as_json:
            echo(json.dumps(result.to_json()))
        else:
            echo(render_table(result))
    if report:
        from printkit.validate_report import write_report

        write_report(results, build, report)
        if not as_json:
            echo(f"wrote {report}")
    return all(r.ok for r in results)


def _progress_file() -> TextIO:
    import io
    import sys

    # a progress bar only where a person watches; never in pipes or CI logs
    return sys.stderr if sys.stderr.isatty() else io.StringIO()


def render_table(result: ValidationResult) -> str:
    width = max(len(c.name) for c in result.capacities) if result.capacities else 10
    lines = [f"{result.game}: {result.games} games of {result.players} players with the "
             f"{result.bot} bot"
             + (f", mean score {result.mean_score:.1f}" if result.mean_score is not None else "")]
    lines.append(f"  {'capacity'.ljust(width)}  {'holds':>6}  {'needed':>6}  ok")
    for c in result.capacities:
        lines.append(f"  {c.name.ljust(width)}  {c.capacity:>6}  {c.observed_max:>6}  "
                     + ("yes" if c.ok else "NO - too small"))
    duel = result.head_to_head
    if duel is not None:
        lines.append(f"  sheet {duel.sheet!r} against the standard sheets: won "
                     f"{duel.rate:.1%} of {duel.games} games (95 % CI {duel.low:.1%} to "
                     f"{duel.high:.1%}; an even match is {duel.fair:.1%}), its seat moving "
                     "round the table")
    return "\n".join(lines)
