"""W.A.R. – Powers 'n Points bots: ``random``, the baseline every game offers.

It picks uniformly among the legal actions and gives no reason yet: worded, translated reasons
come with the heuristic bot.

>>> from printkit.engines.core import play
>>> from printkit.engines.war_pnp.game import WarPnP
>>> play(WarPnP(), ["random", "random"], seed=3).state.is_terminal()
True
"""

from __future__ import annotations

import random

from printkit.engines.core.game import Decision, Game
from printkit.engines.war_pnp.game import Action, WarPnPState


class RandomBot:
    """Uniform among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, game: Game[WarPnPState, Action], player: int,
                 rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: WarPnPState) -> Decision[Action]:
        actions = view.legal_actions()
        return Decision(actions[self.rng.randrange(len(actions))], None)
