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
class ValidationResult:
    game: str
    games: int
    bot: str
    seed: int
    mean_score: float | None
    capacities: tuple[CapacityCheck, ...]
    scores: tuple[float, ...]
    players: int = 1

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
        }


def run_validation(kit: Kit[Any, Any], build: BuildContext, games: int, seed: int, *,
                   bot: str | None = None, players: int | None = None,
                   progress: Callable[[int], None] | None = None) -> ValidationResult:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) of ``players`` players and
    compare what they demanded of each capacity with what the layout holds."""
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
    for i in range(games):
        played = play(game, seats, seed=seed + i, record=False)
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
    return ValidationResult(kit.name, games, bot, seed, mean, checks, tuple(scores), players)


def validate_games(target: str, build: BuildContext, games: int, seed: int, *,
                   bot: str | None, players: int | None, as_json: bool, report: Path | None,
                   echo: Callable[..., Any]) -> bool:
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
                                    progress=bar.update)
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
    return "\n".join(lines)
