"""The engine alone: a game's auto-played games replayed with every decision known, for the
bench figures of each game (what any bot can reach at most)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from printkit.engines.core import Decision, Game, play, run_loop


class _Script:
    """Answers every seat's decisions and every roll from a log's lines, in order, as parsed
    JSON (a bot that costs only the parsing; ``list_actions``: it also asks for the legal
    actions)."""

    def __init__(self, game: Game[Any, Any], decisions: Iterator[Any], rolls: Iterator[Any],
                 list_actions: bool) -> None:
        self.game, self.decisions, self.rolls = game, decisions, rolls
        self.list_actions = list_actions

    def decide(self, view: Any) -> Decision[Any]:
        if self.list_actions:
            view.legal_actions()
        return Decision(self.game.action_from_json(next(self.decisions)))

    def roll(self, state: Any) -> Any:
        return self.game.outcome_from_json(next(self.rolls))


def engine_alone_rate(game: Game[Any, Any], bots: Sequence[str], games: int, *,
                      options: Mapping[str, Any] | None = None,
                      list_actions: bool = False) -> float:
    """Games per second replaying ``games`` games of ``bots`` (seeds 0 .. games-1) through
    the game loop: each step costs what :func:`printkit.engines.core.play` pays besides the
    bots, a view and a checked apply (``list_actions``: also the legal actions, for games
    whose bots always ask), and the reading of the logged line."""
    logs = []
    for s in range(games):
        played = play(game, list(bots), seed=s, options=dict(options or {}))
        assert played.log is not None
        entries = played.log.entries
        logs.append(([e.data for e in entries if e.player is not None],
                     [e.data for e in entries if e.player is None]))
    opts = {**game.default_options(), **(options or {})}
    start = time.process_time()
    for decisions, rolls in logs:
        script = _Script(game, iter(decisions), iter(rolls), list_actions)
        run_loop(game, game.new_initial_state(len(bots), opts), [script] * len(bots),
                 roll=script.roll)
    return games / (time.process_time() - start)
