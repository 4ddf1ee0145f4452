"""One conformance check that every registered game runs (OpenSpiel style): the library
function :func:`printkit.engines.core.conformance.check_game` (random and bot play, legality
of every action, clone independence, views that hide what they must, JSON round trips of
actions and rolls, logs that read back, match the schemas and replay into the same states,
the same seed giving the same log). Its own test: a small game passes it, and each way of
breaking that game makes it fail, naming what broke.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from printkit.engines.core import CHANCE, TERMINAL, DiceRoll, Game, GameInfo, RandomBot, State
from printkit.engines.core.conformance import ConformanceError, check_game
from printkit.kits import Kit, game_kits

GAMES = [kit.name for kit in game_kits()]


@pytest.mark.parametrize("kit", game_kits(), ids=GAMES)
def test_every_game_conforms(kit: Kit[Any, Any]) -> None:
    game = kit.game()
    assert game.info.name == kit.name
    found = check_game(game)
    assert found.random_games == 3 and found.bot_games == len(game.bot_names())
    assert found.actions > 0 and found.clones > 0 and found.views > 0
    # views hide something exactly in the games that declare they may
    assert found.hid_something == (game.info.hidden_information or game.info.simultaneous)


def _type_arguments(cls: type, generic: type) -> tuple[Any, ...]:
    """The type arguments ``cls`` (or the first of its bases that does) gives ``generic``."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is generic:
                return typing.get_args(base)
    raise AssertionError(f"{cls.__name__} does not subclass {generic.__name__}[...]")


@pytest.mark.parametrize("kit", game_kits(), ids=GAMES)
def test_every_game_declares_a_state_of_its_own_action_type(kit: Kit[Any, Any]) -> None:
    """``Game[S, A]`` cannot bound ``S`` by ``State[A]`` (a type variable's bound names no
    other), so this checks what mypy cannot: the game's ``S`` is a ``State`` of its ``A``."""
    state_type, action_type = _type_arguments(type(kit.game()), Game)
    assert isinstance(state_type, type) and issubclass(state_type, State)
    assert _type_arguments(state_type, State) == (action_type,)
    assert isinstance(kit.game().new_initial_state(), state_type)


# -- a small game, and the ways of breaking it ---------------------------------------------


@dataclass(frozen=True)
class Guess:
    """Guess that one's own card is high (2 or 3) or low (1)."""

    high: bool


class SecretState(State[Guess]):
    """Each player is dealt a card (1-3) that only they see, then guesses high or low."""

    def __init__(self, game: Game[Any, Guess], players: int) -> None:
        self.game = game
        self._num_players = players
        self.cards: list[int] = []
        self.guesses: list[bool] = []

    def current_player(self) -> int:
        if len(self.cards) < self._num_players:
            return CHANCE
        if len(self.guesses) < self._num_players:
            return len(self.guesses)
        return TERMINAL

    def legal_actions(self) -> list[Guess]:
        return [Guess(False), Guess(True)] if self.current_player() >= 0 else []

    def chance_outcomes(self) -> DiceRoll:
        return DiceRoll((3,))

    def _apply_action(self, action: Guess) -> None:
        self.guesses.append(action.high)

    def _apply_outcome(self, outcome: Any) -> None:
        self.cards.append(outcome[0])

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._num_players
        return [1.0 if (card > 1) == guess else 0.0
                for card, guess in zip(self.cards, self.guesses, strict=True)]

    def result(self) -> dict[str, Any]:
        return {"right": [int(r) for r in self.returns()]}

    def clone(self) -> SecretState:
        new = SecretState(self.game, self._num_players)
        new.cards, new.guesses = list(self.cards), list(self.guesses)
        return new

    def view(self, player: int) -> SecretState:
        new = self.clone()
        new.cards = [c if q == player else 0 for q, c in enumerate(self.cards)]
        return new

    def hidden(self, player: int) -> dict[str, Any]:
        return {f"the card of player {q}": c for q, c in enumerate(self.cards) if q != player}


class SecretGame(Game[SecretState, Guess]):
    info = GameInfo(name="secret-guess", title="Secret guess", rules_version="1",
                    min_players=2, max_players=4, default_players=2, seed_document="",
                    hidden_information=True)
    state = SecretState

    def new_initial_state(self, num_players: int | None = None,
                          options: Mapping[str, Any] | None = None) -> SecretState:
        return self.state(self, num_players or 2)

    def action_to_json(self, action: Guess) -> Any:
        return {"guess": "high" if action.high else "low"}

    def action_from_json(self, data: Any) -> Guess:
        return Guess(data["guess"] == "high")

    def action_schema(self) -> dict[str, Any]:
        return {"type": "object", "required": ["guess"],
                "properties": {"guess": {"enum": ["high", "low"]}}}

    def outcome_schema(self) -> dict[str, Any]:
        return {"type": "array", "items": {"enum": [1, 2, 3]}, "minItems": 1, "maxItems": 1}

    def result_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"right": {"type": "array"}}}

    def bots(self) -> Mapping[str, Any]:
        return {"random": RandomBot}


class SharedCloneState(SecretState):
    def clone(self) -> SharedCloneState:
        new = SharedCloneState(self.game, self._num_players)
        new.cards, new.guesses = list(self.cards), self.guesses  # the list is shared
        return new


EVERY_GUESS: list[bool] = []


class ModuleListState(SecretState):
    """Keeps its guesses in a list of the module's, which every state shares: the check
    leaves what fresh states share in place, yet sees the states move one another."""

    def __init__(self, game: Game[Any, Guess], players: int) -> None:
        super().__init__(game, players)
        self.guesses = EVERY_GUESS

    def clone(self) -> ModuleListState:
        new = ModuleListState(self.game, self._num_players)
        new.cards = list(self.cards)
        return new


class LeakyViewState(SecretState):
    def view(self, player: int) -> LeakyViewState:
        new = LeakyViewState(self.game, self._num_players)
        new.cards, new.guesses = list(self.cards), list(self.guesses)  # nothing hidden
        return new


class UnnamedSecretState(SecretState):
    def hidden(self, player: int) -> dict[str, Any]:
        return {}  # its view still hides the others' cards


class OpenSecretGame(SecretGame):
    """Declares that nothing is hidden, yet its views hide the others' cards."""

    info = GameInfo(name="open-guess", title="Open guess", rules_version="1", min_players=2,
                    max_players=2, default_players=2, seed_document="")
    state = UnnamedSecretState


class ListedButRefusedState(SecretState):
    def check_legal(self, action: Any) -> None:
        super().check_legal(action)
        if action == Guess(True) and len(self.guesses) == 1:
            from printkit.engines.core import IllegalActionError

            raise IllegalActionError("the second player may not guess high")


def _game(state_class: type[SecretState], base: type[SecretGame] = SecretGame) -> SecretGame:
    game = base()
    game.state = state_class
    return game


class BadJsonGame(SecretGame):
    def action_from_json(self, data: Any) -> Guess:
        return Guess(data["guess"] == "High")  # "high" never reads back as high


def test_the_small_game_conforms() -> None:
    found = check_game(SecretGame())
    assert found.hid_something and found.bot_games == 1
    assert check_game(SecretGame(), players=4, seeds=range(10)).random_games == 10


@pytest.mark.parametrize(("game", "words"), [
    (_game(SharedCloneState), "the state changed when a clone of it moved"),
    (_game(ModuleListState), "the state changed when a clone of it moved"),
    (_game(LeakyViewState), "view(1) shows the card of player 0"),
    (BadJsonGame(), "reads back from its JSON"),
    (OpenSecretGame(), "view(1) differs from the state, but the game declares neither"),
    (_game(ListedButRefusedState), "the listed action Guess(high=True) is refused"),
], ids=["clone shares a list", "states share a module's list", "view leaks a card",
        "action JSON", "undeclared hiding", "listed but refused"])
def test_a_broken_game_fails_the_check_naming_what_broke(game: Game[Any, Any],
                                                         words: str) -> None:
    with pytest.raises(ConformanceError) as info:
        check_game(game, seeds=range(4))
    assert words in str(info.value)
    assert "random play, seed" in str(info.value)  # and where
