"""Playing a chunk: the one function a worker runs, here, in a process pool or on a cluster.

Each game is :func:`printkit.engines.core.play_game`'s, the loop :func:`printkit.engines.core.play`
records: move for move and draw for draw (the same dice stream and the same bot streams per
seed), so a seed kept as an extreme replays into the very same game with its log recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.engines.core import Ended, Game, play_game
from printkit.kits import Validation, get_game_kit
from printkit.simulation.aggregate import Tally
from printkit.simulation.chunks import Chunk, Job
from printkit.simulation.stop import stop_requested


def play_quietly(game: Game[Any, Any], bots: Sequence[str], seed: int,
                 options: dict[str, Any]) -> Ended[Any]:
    """One game as :func:`~printkit.engines.core.play` plays it with ``record=False``, with
    who made the first decision and how many decisions there were."""
    return play_game(game, bots, seed, options)


def game_scores(validation: Validation[Any] | None, has_score: bool,
                state: Any) -> list[float] | None:
    """Each player's score, for the score charts: the kit's own reading, else the returns of
    a game with a score; None for a game of wins and losses only."""
    if validation is not None and validation.scores is not None:
        return [float(s) for s in validation.scores(state)]
    if has_score:
        return [float(s) for s in state.returns()]
    return None


def game_rounds(validation: Validation[Any] | None, state: Any) -> int | None:
    """The game's own length in rounds or turns, as its kit reads it (None: it counts none)."""
    if validation is None or validation.rounds is None:
        return None
    return int(validation.rounds(state))


def play_chunk(chunk: Chunk) -> Tally:
    """Play one chunk's games and return their tally (the worker's whole job).

    A stop (Ctrl-C, SIGTERM: :mod:`printkit.simulation.stop`) ends the chunk after the game
    in play: the tally then counts the games finished, ``tally.games < chunk.count``."""
    job: Job = chunk.spec
    kit = get_game_kit(job.kit)
    game = kit.game()
    has_score = game.info.has_score
    demands = dict(kit.validation.demands) if job.measure and kit.validation else {}
    study = kit.validation.study(job.study) if job.study and kit.validation else None
    tally = Tally(job.players)
    for index in range(chunk.start, chunk.start + chunk.count):
        if stop_requested():
            break
        seed = job.seed + index
        seats = job.seats(index)
        observer = study.observer() if study is not None else None
        played = play_game(game, seats, seed, job.game_options(index),
                           on_decision=observer.decided if observer and observer.watches
                           else None)
        state = played.state
        if observer is not None:
            tally.add_counts(observer.counts(state, seats, job.focus(index)),
                             observer.peaks(state))
        returns = [float(r) for r in state.returns()]
        tally.add_game(seed, returns, game_scores(kit.validation, has_score, state),
                       played.decisions, game_rounds(kit.validation, state), played.first,
                       job.focus(index),
                       {name: int(f(state)) for name, f in demands.items()})
    return tally
