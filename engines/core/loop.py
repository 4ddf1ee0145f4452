"""The one game loop: whoever is due answers (a bot a decision, the dice a roll) until the end.

Every auto-played game goes through :func:`run_loop`: :func:`~printkit.engines.core.play`
(which records the log), the validation's simulation (which records nothing), the balance
studies (which watch the decisions), the bench and the conformance check. So a game kept by
validation as an extreme, replayed later with its log recorded, is the very game that was
counted, draw for draw: :func:`play_game` is the one place that turns a seed into the dice
stream and the bots' streams.

Hooks see each step after it was applied, with the state it left: ``on_chance(state,
outcome)`` and ``on_decision(state, player, decision)``. A loop with no hooks pays nothing
for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, cast

from printkit.engines.core.bots import bot_rng, dice_rng, make_bot
from printkit.engines.core.errors import EngineError
from printkit.engines.core.game import CHANCE, TERMINAL, A, BotLike, Decision, Game, S

MAX_STEPS = 1_000_000
"""Steps after which a game that has not ended is a bug (no table game comes near it)."""

ChanceHook = Callable[[S, Any], None]
"""``on_chance(state, outcome)``: a roll was applied; ``state`` is the state after it."""
DecisionHook = Callable[[S, int, Decision[A]], None]
"""``on_decision(state, player, decision)``: ``player``'s decision was applied."""


@dataclass(frozen=True, slots=True)
class Ended(Generic[S]):
    """How one game went: its final state, its steps (the lines its log holds: rolls and
    decisions), its decisions, and who made the first one (None if nobody decided)."""

    state: S
    steps: int
    decisions: int
    first: int | None


def run_loop(
    game: Game[S, A],
    state: S,
    players: Sequence[BotLike[S, A]],
    *,
    dice: random.Random | None = None,
    roll: Callable[[S], Any] | None = None,
    on_chance: ChanceHook[S] | None = None,
    on_decision: DecisionHook[S, A] | None = None,
    max_steps: int = MAX_STEPS,
) -> Ended[S]:
    """Play ``state`` to its end: ``players[p]`` decides for seat ``p`` on ``state.view(p)``;
    a roll is drawn from the chance spec with ``dice``, or answered by ``roll(state)`` (a
    replay that knows every roll). Every move goes through ``state.apply``, which refuses
    an illegal one."""
    if (dice is None) == (roll is None):
        raise ValueError("run_loop takes either dice or roll")
    rng = cast(random.Random, dice)  # used only when there is no ``roll``
    steps = decisions = 0
    first: int | None = None
    while True:
        who = state.current_player()
        if who == TERMINAL:
            return Ended(state, steps, decisions, first)
        if steps >= max_steps:
            raise EngineError(f"{game.info.name}: no end after {max_steps} steps")
        if who == CHANCE:
            outcome = state.chance_outcomes().sample(rng) if roll is None else roll(state)
            state.apply(outcome)
            if on_chance is not None:
                on_chance(state, outcome)
        else:
            decision = players[who].decide(state.view(who))
            state.apply(decision.action)
            decisions += 1
            if first is None:
                first = who
            if on_decision is not None:
                on_decision(state, who, decision)
        steps += 1


def seat_bots(game: Game[S, A], bots: Sequence[str], seed: int | str) -> list[BotLike[S, A]]:
    """The bots of a game with ``seed``: ``bots[i]`` at seat ``i``, each with its own stream."""
    return [make_bot(game, b, i, bot_rng(seed, i)) for i, b in enumerate(bots)]


def play_game(
    game: Game[S, A],
    bots: Sequence[str],
    seed: int | str,
    options: Mapping[str, Any] | None = None,
    *,
    on_chance: ChanceHook[S] | None = None,
    on_decision: DecisionHook[S, A] | None = None,
    max_steps: int = MAX_STEPS,
) -> Ended[S]:
    """Auto-play one game of ``len(bots)`` players with ``options`` (on top of the game's
    defaults): the dice drawn from ``dice_rng(seed)``, ``bots[i]`` at seat ``i`` drawing from
    ``bot_rng(seed, i)``. Same seed, same game, draw for draw, whoever calls it."""
    state = game.new_initial_state(len(bots), {**game.default_options(), **(options or {})})
    dice = dice_rng(seed)
    players = seat_bots(game, bots, seed)
    return run_loop(game, state, players, dice=dice, on_chance=on_chance,
                    on_decision=on_decision, max_steps=max_steps)


__all__ = ["MAX_STEPS", "ChanceHook", "DecisionHook", "Ended", "play_game", "run_loop",
           "seat_bots"]
