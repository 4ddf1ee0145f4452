"""Validated layouts: auto-play many games and check each declared capacity against them.

A game's template package offers a ``validation`` module with:

* ``BOT``: the bot whose games are the yardstick (the strongest: it scores highest);
* ``capacities(ctx) -> dict[str, int]``: what each printed box, track or sheet holds, measured
  from the real layout at the real font sizes;
* ``demands(state) -> dict[str, int]``: what one finished game needed of each.
"""

from __future__ import annotations

import importlib
import json
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import click

import printkit.engines
from printkit.components import BuildContext
from printkit.engines.core import play
from printkit.errors import PrintkitError


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

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.capacities)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "bot": self.bot,
            "seed": self.seed,
            "mean_score": None if self.mean_score is None else round(self.mean_score, 3),
            "capacities": [asdict(c) for c in self.capacities],
            "ok": self.ok,
        }


def validation_module(game: str) -> Any:
    module = f"printkit.templates.{game.replace('-', '_')}.validation"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise PrintkitError(f"{game} declares no layout capacities yet") from None


def run_validation(game_name: str, ctx: BuildContext, games: int, seed: int, *,
                   bot: str | None = None,
                   progress: Callable[[int], None] | None = None) -> ValidationResult:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and compare demands to capacities."""
    game = printkit.engines.get_game(game_name)
    module = validation_module(game_name)
    bot = bot or module.BOT
    if bot not in game.bots():
        raise PrintkitError(f"unknown bot {bot!r} for {game_name}; choose from "
                            f"{', '.join(game.bot_names())}")
    caps: dict[str, int] = module.capacities(ctx)
    observed = {name: 0 for name in caps}
    seats = [bot] * game.info.default_players
    scores: list[float] = []
    for i in range(games):
        played = play(game, seats, seed=seed + i, record=False)
        for name, value in module.demands(played.state).items():
            if name in observed and value > observed[name]:
                observed[name] = value
        scores.extend(played.state.returns())
        if progress:
            progress(1)
    checks = tuple(CapacityCheck(n, caps[n], observed[n], observed[n] <= caps[n]) for n in caps)
    mean = statistics.fmean(scores) if game.info.has_score and scores else None
    return ValidationResult(game_name, games, bot, seed, mean, checks, tuple(scores))


def validate_games(target: str, ctx: BuildContext, games: int, seed: int, *, bot: str | None,
                   as_json: bool, report: Path | None, echo: Callable[..., Any]) -> bool:
    """The ``printkit validate`` command: every game of ``target`` (or all), table or JSON."""
    if target == "all":
        names = [n for n in printkit.engines.available() if _has_validation(n)]
    else:
        printkit.engines.get_game(target)  # an unknown game fails here, with the list of known ones
        names = [target]
    results = []
    for name in names:
        with click.progressbar(length=games, label=f"validating {name}", file=_progress_file(),
                               show_pos=True) as bar:
            result = run_validation(name, ctx, games, seed, bot=bot, progress=bar.update)
        results.append(result)
        if as_json:
            echo(json.dumps(result.to_json()))
        else:
            echo(render_table(result))
    if report:
        from printkit.validate_report import write_report

        write_report(results, ctx, report)
        if not as_json:
            echo(f"wrote {report}")
    return all(r.ok for r in results)


def _has_validation(game: str) -> bool:
    try:
        validation_module(game)
    except PrintkitError:
        return False
    return True


def _progress_file():  # type: ignore[no-untyped-def]
    import io
    import sys

    # a progress bar only where a person watches; never in pipes or CI logs
    return sys.stderr if sys.stderr.isatty() else io.StringIO()


def render_table(result: ValidationResult) -> str:
    width = max(len(c.name) for c in result.capacities) if result.capacities else 10
    lines = [f"{result.game}: {result.games} games with the {result.bot} bot"
             + (f", mean score {result.mean_score:.1f}" if result.mean_score is not None else "")]
    lines.append(f"  {'capacity'.ljust(width)}  {'holds':>6}  {'needed':>6}  ok")
    for c in result.capacities:
        lines.append(f"  {c.name.ljust(width)}  {c.capacity:>6}  {c.observed_max:>6}  "
                     + ("yes" if c.ok else "NO - too small"))
    return "\n".join(lines)
