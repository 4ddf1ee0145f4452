"""``printkit play`` and ``printkit replay``: a game auto-played by bots, and a log checked
move by move by the rules engine."""

from __future__ import annotations

import json
from typing import Any

import click

from printkit.cli.common import game, out_file, read_text, sheet_options
from printkit.cli.options import (
    GAME,
    KitCommand,
    game_options,
    game_options_option,
    kit_flags,
    sheet_option,
)
from printkit.engines.core import Game, log_schema, parse_log, validate_log_lines
from printkit.engines.core import play as play_game
from printkit.engines.core import replay as replay_game
from printkit.errors import PrintkitError


@click.command(cls=KitCommand)
@click.argument("game_name", metavar="GAME", type=GAME)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--players", type=click.IntRange(min=1), help="Number of players.")
@click.option("--bot", "bots", multiple=True,
              help="Bot per seat (repeat; the last fills the rest).")
@click.option("--name", "names", multiple=True, help="Player names (repeat).")
@click.option("--log", "log_path", help="Write the game log (JSON Lines) here; '-' for stdout.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@game_options_option
@sheet_option
def play(game_name: str, seed: int, players: int | None, bots: tuple[str, ...],
         names: tuple[str, ...], log_path: str | None, as_json: bool, option_pairs: tuple[str, ...],
         sheet: str | None, **flags: Any) -> None:
    """Auto-play one game with bots and print the result (names, scores, winner)."""
    g = game(game_name)
    n = players or max(len(bots), g.info.default_players)
    if not g.info.min_players <= n <= g.info.max_players:
        raise PrintkitError(
            f"{g.info.title} takes {g.info.min_players}-{g.info.max_players} players, not {n}"
        )
    if len(bots) > n:
        raise PrintkitError(f"{len(bots)} --bot values for {n} player{'s' if n > 1 else ''}; "
                            "give one per seat, or fewer (the last fills the rest)")
    seats = list(bots) or [_default_bot(game_name, g)]
    seats = (seats + [seats[-1]] * n)[:n]
    if names and len(names) != n:
        raise PrintkitError(f"give {n} --name values or none")
    options = {**game_options(option_pairs), **kit_flags(game_name, flags, "play").game_options,
               **sheet_options(game_name, sheet)}
    try:
        g.new_initial_state(n, {**g.default_options(), **options})
    except ValueError as exc:
        raise PrintkitError(f"{g.info.title}: {exc}") from None
    played = play_game(g, seats, seed=seed, names=names or None, options=options)
    assert played.log is not None
    if log_path == "-":
        click.echo(played.log.dumps(), nl=False)
        return
    if log_path:
        played.log.write(out_file(log_path))
    result = played.state.result()
    if as_json:
        click.echo(json.dumps(result))
        return
    seated = [(p.name, p.bot) for p in played.log.header.players]
    for line in describe_result(g.info.title, seated, result):
        click.echo(line)
    if log_path:
        click.echo(f"log written to {log_path}")


def describe_result(title: str, players: list[tuple[str, str | None]],
                    result: dict[str, Any]) -> list[str]:
    """A game's result for a person: a line per player (name, bot, score, winner), then the
    game's other figures. Every game's ``result()`` names its winner(s) as ``winner`` or
    ``winners`` and may give ``scores``; the rest is shown as it is.

    >>> describe_result("Duel", [("Ann", "greedy"), ("Ben", None)],
    ...                 {"winner": 1, "scores": [3, 5], "turns": 9})
    ['Duel: Ben wins.', '  Ann (greedy)  3', '  Ben  5  winner', '  turns: 9']
    """
    winners = result.get("winners")
    if winners is None:
        winner = result.get("winner")
        winners = [] if winner is None else [winner]
    scores = result.get("scores")
    names = [name for name, _ in players]
    won = [names[i] for i in winners if isinstance(i, int) and 0 <= i < len(names)]
    if not won:
        head = f"{title}: no winner."
    elif len(won) == 1:
        head = f"{title}: {won[0]} wins."
    else:
        head = f"{title}: a tie between {', '.join(won[:-1])} and {won[-1]}."
    lines = [head]
    for seat, (name, bot) in enumerate(players):
        cells = [f"{name} ({bot})" if bot else name]
        if isinstance(scores, list) and seat < len(scores):
            cells.append(str(scores[seat]))
        if seat in winners:
            cells.append("winner")
        lines.append("  " + "  ".join(cells))
    shown = {"winner", "winners", "scores", "winner_name"}
    for key, value in result.items():
        if key not in shown:
            text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
            lines.append(f"  {key.replace('_', ' ')}: {text}")
    return lines


def _default_bot(name: str, g: Game[Any, Any]) -> str:
    """``play``'s bot when none is named: the kit's ``play_bot``, else the bot the game's
    layouts are validated with, else ``random``."""
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    kit = get_game_kit(name)
    for bot in (kit.play_bot, kit.validation.bot if kit.validation else None):
        if bot is not None and bot in g.bots():
            return bot
    return "random"


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME)
@click.argument("log", type=click.Path(dir_okay=False), required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--schema", is_flag=True,
              help="Print the JSON Schema of a line of GAME's logs instead of replaying.")
def replay(game_name: str, log: str | None, as_json: bool, schema: bool) -> None:
    """Replay LOG with the rules engine, checking every line and the recorded result."""
    g = game(game_name)
    if schema:
        click.echo(json.dumps(log_schema(g), indent=2, ensure_ascii=False))
        return
    if log is None:
        raise click.UsageError("give a LOG to replay (or --schema)")
    text = read_text(log)
    validate_log_lines(g, text)
    parsed = parse_log(text)
    result = replay_game(g, parsed)
    state = result.state
    remarks = state.remarks([p.name for p in parsed.header.players])
    out = {"game": g.info.name, "lines": len(parsed.entries), "finished": state.is_terminal(),
           "result": state.result() if state.is_terminal() else None, "remarks": remarks}
    if as_json:
        click.echo(json.dumps(out))
    else:
        click.echo(f"{log}: {len(parsed.entries)} moves replayed, all legal.")
        if state.is_terminal():
            click.echo(f"result: {json.dumps(state.result())}")
        else:
            click.echo("the game is not finished yet.")
        for remark in remarks:
            click.echo(f"note: {remark}")
