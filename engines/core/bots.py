"""Bots: a bot is made for one player with its own seeded RNG and sees only a copy of the state.

The runner hands :meth:`Bot.decide` the result of ``state.view(player)``, so a bot can neither
change the real game nor peek at hidden information.
"""

from __future__ import annotations

import random
from typing import Generic

from printkit.engines.core.errors import UnknownBotError
from printkit.engines.core.game import A, BotLike, Decision, Game, S, State

Bot = BotLike
"""Anything with ``decide(view) -> Decision`` can play."""


def N_(message: str) -> str:
    """Mark a bot's reason as a message id for extraction (``pybabel extract`` knows ``N_``).

    Engines print nothing, so they do not import the printing side's gettext: a reason keeps
    its English message id and its values, and whoever prints it translates it then.

    >>> N_("keep the team dice")
    'keep the team dice'
    """
    return message


class RandomBot(Generic[S, A]):
    """Picks uniformly among the legal actions. The baseline every game offers."""

    name = "random"

    def __init__(self, game: Game[S, A], player: int, rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: State[A]) -> Decision[A]:
        actions = view.legal_actions()
        return Decision(actions[self.rng.randrange(len(actions))])


def bot_rng(seed: int | str, player: int) -> random.Random:
    """The RNG for ``player``'s bot in a game with ``seed``: independent of the dice RNG.

    >>> bot_rng(7, 0).random() == bot_rng(7, 0).random()
    True
    >>> bot_rng(7, 0).random() == bot_rng(7, 1).random()
    False
    """
    return random.Random(f"printkit/bot/{seed}/{player}")


def dice_rng(seed: int | str) -> random.Random:
    """The RNG that answers CHANCE nodes for a game with ``seed``."""
    return random.Random(f"printkit/chance/{seed}")


def make_bot(game: Game[S, A], name: str, player: int, rng: random.Random) -> BotLike[S, A]:
    factories = game.bots()
    if name not in factories:
        raise UnknownBotError(
            f"unknown bot {name!r} for {game.info.name}; choose from {', '.join(sorted(factories))}"
        )
    return factories[name](game, player, rng)


__all__ = ["Bot", "N_", "RandomBot", "bot_rng", "dice_rng", "make_bot"]
