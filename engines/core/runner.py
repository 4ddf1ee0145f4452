"""Play games with bots and a seeded dice RNG; replay logs with no RNG at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from printkit.engines.core.errors import IllegalActionError, ReplayError
from printkit.engines.core.game import CHANCE, TERMINAL, A, Decision, Game, S, State
from printkit.engines.core.log import GameLog, LogEntry, LogHeader, Player
from printkit.engines.core.loop import MAX_STEPS, play_game


@dataclass
class PlayedGame(Generic[S, A]):
    state: S
    log: GameLog | None
    steps: int


@dataclass(frozen=True)
class ReplayedStep(Generic[S, A]):
    """One replayed line: the typed move (a decision, or a chance outcome when ``player`` is
    None), the reason written beside it, and the states just before and after it."""

    before: S
    move: Any  # an action of type A when ``player`` is set, else the chance outcome
    after: S
    player: int | None
    reason: str | None
    entry: LogEntry

    @property
    def is_chance(self) -> bool:
        return self.player is None


class ReplayVisitor(Generic[S, A]):
    """Sees a log being replayed, line by line, as typed moves (python-chess's PGN visitors
    are the model). Subclass it and override what you need; every method does nothing here.

    >>> class Counter(ReplayVisitor[Any, Any]):
    ...     rolls = 0
    ...     def visit_chance(self, before, outcome, after):
    ...         self.rolls += 1
    """

    def begin(self, header: LogHeader, state: S) -> None:
        """Called once with the log's header and the initial state."""

    def visit_chance(self, before: S, outcome: Any, after: S) -> None:
        """A chance outcome (a roll) was applied."""

    def visit_action(self, player: int, before: S, action: A, after: S,
                     reason: str | None) -> None:
        """``player`` took ``action`` (typed), with the reason written beside it, if any."""

    def end(self, state: S) -> None:
        """Called once after the last line, with the final state."""


@dataclass
class Replay(Generic[S, A]):
    log: GameLog
    state: S
    steps: list[ReplayedStep[S, A]] = field(default_factory=list)


class _StepRecorder(ReplayVisitor[S, A]):
    def __init__(self, steps: list[ReplayedStep[S, A]]) -> None:
        self.steps = steps
        self.entry: LogEntry | None = None

    def visit_chance(self, before: S, outcome: Any, after: S) -> None:
        assert self.entry is not None
        self.steps.append(ReplayedStep(before, outcome, after, None, None, self.entry))

    def visit_action(self, player: int, before: S, action: A, after: S,
                     reason: str | None) -> None:
        assert self.entry is not None
        self.steps.append(ReplayedStep(before, action, after, player, reason, self.entry))


def play(
    game: Game[S, A],
    bots: Sequence[str],
    *,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    record: bool = True,
    max_steps: int = MAX_STEPS,
) -> PlayedGame[S, A]:
    """Auto-play one game: ``bots[i]`` plays seat ``i``. Same seed, same game, byte for byte
    (the game is :func:`~printkit.engines.core.loop.play_game`'s; this records its log)."""
    if not record:
        ended = play_game(game, bots, seed, options, max_steps=max_steps)
        return PlayedGame(ended.state, None, ended.steps)
    opts = {**game.default_options(), **(options or {})}
    names = list(names) if names else _default_names(game, len(bots))
    log = GameLog(
        LogHeader(
            game=game.info.name,
            rules=game.info.rules_version,
            players=tuple(Player(n, b) for n, b in zip(names, bots, strict=True)),
            options=dict(opts),
            seed=seed,
        )
    )
    entries = log.entries

    def rolled(state: S, outcome: Any) -> None:
        entries.append(LogEntry(None, game.outcome_to_json(outcome)))

    def decided(state: S, who: int, decision: Decision[A]) -> None:
        entries.append(LogEntry.decision(  # the message id and its values
            who, game.action_to_json(decision.action), decision.reason))

    ended = play_game(game, bots, seed, opts, on_chance=rolled, on_decision=decided,
                      max_steps=max_steps)
    log.result = ended.state.result()
    return PlayedGame(ended.state, log, ended.steps)


def _default_names(game: Game[Any, Any], n: int) -> list[str]:
    if game.info.player_names and n <= len(game.info.player_names):
        return list(game.info.player_names[:n])
    return [f"Player {i + 1}" for i in range(n)]


def replay(
    game: Game[S, A],
    log: GameLog,
    *,
    visitor: ReplayVisitor[S, A] | None = None,
    keep_steps: bool = False,
) -> Replay[S, A]:
    """Re-apply every line of ``log`` with no RNG, checking legality and the recorded result.

    ``visitor`` sees every line as a typed move with the states around it; ``keep_steps``
    keeps them as :class:`ReplayedStep` objects on the result. A bad line raises
    :class:`ReplayError` naming its line number and the rule it breaks.
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
    except (ValueError, TypeError) as exc:  # one line, whatever the game's message holds
        found = "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())
        raise ReplayError(f"bad options in the header: {found}", 1) from None
    result: Replay[S, A] = Replay(log, state)
    recorder = _StepRecorder(result.steps) if keep_steps else None
    visitors = [v for v in (recorder, visitor) if v is not None]
    for v in visitors:
        v.begin(h, state.clone())
    for entry in log.entries:
        who = state.current_player()
        before = state.clone() if visitors else state
        try:
            if entry.is_chance:
                if who != CHANCE:
                    raise IllegalActionError(_whose_turn(game, log, who) + ", not a roll")
                outcome = game.outcome_from_json(entry.data)
                state.apply(outcome)
            else:
                action = game.action_from_json(entry.data)
                if who in (CHANCE, TERMINAL) and state.absorbs_redundant(action, entry.player):
                    continue  # a person wrote down what had already happened by itself
                if who == CHANCE:
                    raise IllegalActionError("a roll is due next, not a player's decision")
                if who == TERMINAL:
                    raise IllegalActionError("the game is already over")
                if entry.player != who:
                    raise IllegalActionError(_whose_turn(game, log, who))
                state.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(exc.rule, entry.line) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise ReplayError(f"cannot read this line: {exc}", entry.line) from None
        if visitors:
            after = state.clone()
            for v in visitors:
                if isinstance(v, _StepRecorder):
                    v.entry = entry
                if entry.is_chance:
                    v.visit_chance(before, outcome, after)
                else:
                    assert entry.player is not None
                    v.visit_action(entry.player, before, action, after, entry.reason)
    if log.result is not None:
        _check_result(state, log)
    for v in visitors:
        v.end(state)
    return result


def _check_result(state: State[Any], log: GameLog) -> None:
    """Every key of a recorded result must be one the game writes, with the game's value."""
    assert log.result is not None
    if not state.is_terminal():
        raise ReplayError("the log records a result but the game is not over", log.result_line)
    actual = state.result()
    for key, value in log.result.items():
        if key not in actual:
            raise ReplayError(
                f"the result names {key!r}, which this game does not record; it records "
                f"{', '.join(actual)}",
                log.result_line,
            )
        if actual[key] != value:
            raise ReplayError(
                f"recorded result {key}={value!r} but the game gives {actual[key]!r}",
                log.result_line,
            )


def _whose_turn(game: Game[Any, Any], log: GameLog, who: int) -> str:
    if who == TERMINAL:
        return "the game is already over"
    if who == CHANCE:
        return "a roll is due"
    name = log.header.players[who].name if who < len(log.header.players) else f"player {who}"
    return f"it is {name}'s (player {who}) decision"
