"""The engine alone: a game's auto-played games replayed with every decision known, for the
bench figures of each game (what any bot can reach at most)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from printkit.engines.core import Game, play


def engine_alone_rate(game: Game[Any, Any], bots: Sequence[str], games: int, *,
                      options: Mapping[str, Any] | None = None,
                      list_actions: bool = False) -> float:
    """Games per second replaying ``games`` games of ``bots`` (seeds 0 .. games-1): each step
    costs what :func:`printkit.engines.core.play` pays besides the bots, a view and a checked
    apply (``list_actions``: also the legal actions, for games whose bots always ask)."""
    logs = []
    for s in range(games):
        played = play(game, list(bots), seed=s, options=dict(options or {}))
        assert played.log is not None
        logs.append([(e.player, e.data) for e in played.log.entries])
    opts = {**game.default_options(), **(options or {})}
    start = time.process_time()
    for entries in logs:
        state = game.new_initial_state(len(bots), opts)
        for player, data in entries:
            if player is None:
                state.apply(game.outcome_from_json(data))
            else:
                state.view(player)
                if list_actions:
                    state.legal_actions()
                state.apply(game.action_from_json(data))
    return games / (time.process_time() - start)
