"""Play games with bots and a seeded dice RNG; replay logs with no RNG at all."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.engines.core.bots import bot_rng, dice_rng, make_bot
from printkit.engines.core.errors import EngineError, IllegalActionError, ReplayError
from printkit.engines.core.game import CHANCE, TERMINAL, Game, State
from printkit.engines.core.log import GameLog, LogEntry, LogHeader, Player


@dataclass
class PlayedGame:
    state: State
    log: GameLog | None
    steps: int


@dataclass
class ReplayedStep:
    """A state just before ``entry`` was applied, and the entry itself (for annotated examples)."""

    before: State
    entry: LogEntry
    after: State


@dataclass
class Replay:
    log: GameLog
    state: State
    steps: list[ReplayedStep] = field(default_factory=list)


def play(
    game: Game,
    bots: Sequence[str],
    *,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    record: bool = True,
    max_steps: int = 1_000_000,
) -> PlayedGame:
    """Auto-play one game: ``bots[i]`` plays seat ``i``. Same seed, same game, byte for byte."""
    num_players = len(bots)
    opts = {**game.default_options(), **(options or {})}
    state = game.new_initial_state(num_players, opts)
    rng = dice_rng(seed)
    players = [make_bot(game, b, i, bot_rng(seed, i)) for i, b in enumerate(bots)]
    names = list(names) if names else _default_names(game, num_players)
    log = (
        GameLog(
            LogHeader(
                game=game.info.name,
                rules=game.info.rules_version,
                players=tuple(Player(n, b) for n, b in zip(names, bots, strict=True)),
                options=dict(opts),
                seed=seed,
            )
        )
        if record
        else None
    )
    steps = 0
    while True:
        who = state.current_player()
        if who == TERMINAL:
            break
        if steps >= max_steps:
            raise EngineError(f"{game.info.name}: no end after {max_steps} steps")
        if who == CHANCE:
            outcome = state.chance_outcomes().sample(rng)
            state.apply(outcome)
            if log is not None:
                log.entries.append(LogEntry(None, game.outcome_to_json(outcome)))
        else:
            decision = players[who].decide(state.view(who))
            state.apply(decision.action)
            if log is not None:
                log.entries.append(
                    LogEntry(who, game.action_to_json(decision.action), decision.reason)
                )
        steps += 1
    if log is not None:
        log.result = state.result()
    return PlayedGame(state, log, steps)


def _default_names(game: Game, n: int) -> list[str]:
    if game.info.player_names and n <= len(game.info.player_names):
        return list(game.info.player_names[:n])
    return [f"Player {i + 1}" for i in range(n)]


def replay(
    game: Game,
    log: GameLog,
    *,
    keep_steps: bool = False,
    on_step: Callable[[ReplayedStep], None] | None = None,
) -> Replay:
    """Re-apply every line of ``log`` with no RNG, checking legality and the recorded result.

    A bad line raises :class:`ReplayError` naming its line number and the rule it breaks.
    """
    h = log.header
    if h.game != game.info.name:
        raise ReplayError(f"this log is for {h.game!r}, not {game.info.name!r}", 1)
    n = len(h.players)
    if not game.info.min_players <= n <= game.info.max_players:
        raise ReplayError(
            f"{game.info.title} takes {game.info.min_players}-{game.info.max_players} players,"
            f" the header names {n}",
            1,
        )
    try:
        state = game.new_initial_state(n, {**game.default_options(), **h.options})
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"bad options in the header: {exc}", 1) from None
    result = Replay(log, state)
    for entry in log.entries:
        who = state.current_player()
        before = state.clone() if (keep_steps or on_step) else state
        try:
            if entry.is_chance:
                if who != CHANCE:
                    raise IllegalActionError(_whose_turn(game, log, who) + ", not a roll")
                move = game.outcome_from_json(entry.data)
            else:
                if who == CHANCE:
                    raise IllegalActionError("a roll is due next, not a player's decision")
                if who == TERMINAL:
                    raise IllegalActionError("the game is already over")
                if entry.player != who:
                    raise IllegalActionError(_whose_turn(game, log, who))
                move = game.action_from_json(entry.data)
            state.apply(move)
        except IllegalActionError as exc:
            raise ReplayError(exc.rule, entry.line) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise ReplayError(f"cannot read this line: {exc}", entry.line) from None
        if keep_steps or on_step:
            step = ReplayedStep(before, entry, state.clone())
            if keep_steps:
                result.steps.append(step)
            if on_step:
                on_step(step)
    if log.result is not None:
        if not state.is_terminal():
            raise ReplayError("the log records a result but the game is not over", log.result_line)
        actual = state.result()
        for key, value in log.result.items():
            if key in actual and actual[key] != value:
                raise ReplayError(
                    f"recorded result {key}={value!r} but the game gives {actual[key]!r}",
                    log.result_line,
                )
    return result


def _whose_turn(game: Game, log: GameLog, who: int) -> str:
    if who == TERMINAL:
        return "the game is already over"
    if who == CHANCE:
        return "a roll is due"
    name = log.header.players[who].name if who < len(log.header.players) else f"player {who}"
    return f"it is {name}'s (player {who}) decision"
