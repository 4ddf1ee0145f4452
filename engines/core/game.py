"""The Game/State protocol every engine implements.

A *state* says whose decision it is: a player (``0..n-1``), :data:`CHANCE` or :data:`TERMINAL`.
Decisions and chance outcomes are both applied with :meth:`State.apply`, which refuses anything
illegal with an :class:`~printkit.engines.core.errors.IllegalActionError` naming the rule.
Games with
simultaneous decisions (everyone keeps dice at once) ask the players one after another and keep
each choice hidden from the others through :meth:`State.view`; games with hidden information
(a hand of cards) redact it there too, so a bot only ever sees what its player would see.

Actions and outcomes are small frozen values; each game turns them into JSON and back
(:meth:`Game.action_to_json`, :meth:`Game.action_from_json`) for the game log.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeAlias, TypeVar

from printkit.engines.core.chance import ChanceSpec
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.options import Options

if TYPE_CHECKING:
    import random

A = TypeVar("A")
"""A game's action type (a frozen dataclass, or a union of them)."""
S = TypeVar("S", bound="State[Any]")
"""A game's state type: a ``State[A]`` of the game's ``A``. A type variable's bound may not
name another (PEP 484), so ``Game[S, A]`` cannot say it; each game declares the pair
(``class TugOfWar(Game[TugOfWarState, Action])`` with ``TugOfWarState(State[Action])``) and
tests/test_conformance.py checks that every game's two agree."""
S_contra = TypeVar("S_contra", bound="State[Any]", contravariant=True)

CHANCE = -1
"""``current_player()`` at a chance node: the runner (or a log) supplies the outcome."""
TERMINAL = -2
"""``current_player()`` once the game is over."""


@dataclass(frozen=True)
class GameInfo:
    """Metadata declared up front by every game module (OpenSpiel style).

    The printed components are not listed here: the game's kit (``Kit.components``) is the
    one place that lists them."""

    name: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    default_players: int
    seed_document: str
    player_names: tuple[str, ...] = ()
    has_score: bool = True
    simultaneous: bool = False
    hidden_information: bool = False
    notes: str = ""


ChanceOutcome: TypeAlias = Any
"""A roll's outcome: whatever the CHANCE node's spec offers (a tuple of dice, a card, where
dice landed); the spec checks it at run time (:meth:`State.check_outcome`)."""

class State(ABC, Generic[A]):
    """One moment of one game. Mutable; :meth:`clone` gives an independent copy."""

    game: Game[Any, A]

    @abstractmethod
    def current_player(self) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take (empty at CHANCE and TERMINAL).

        Games whose actions form a continuum list a representative set here and override
        :meth:`check_legal` to accept any legal action.
        """

    @abstractmethod
    def chance_outcomes(self) -> ChanceSpec:
        """At a CHANCE node: what can happen, with its probabilities."""

    @abstractmethod
    def _apply_action(self, action: A) -> None:
        """Apply a decision already known to be legal."""

    @abstractmethod
    def _apply_outcome(self, outcome: Any) -> None:
        """Apply a chance outcome already known to be possible."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-player result, meaningful once terminal (score, or 1/0 for win/loss)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The JSON-able result recorded on the log's last line (scores, winner...)."""

    # -- provided behaviour -------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._num_players  # type: ignore[attr-defined,no-any-return]

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def check_legal(self, action: Any) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now. It takes
        anything: it is the run-time guard of what no type promises (a log's line, a
        person's move, a chance outcome where a decision is due)."""
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError("the game is over; no more actions")
        if player == CHANCE:
            raise IllegalActionError("a chance outcome (a roll) is due, not a decision")
        if action not in self.legal_actions():
            raise IllegalActionError(self.explain_illegal(action))

    def explain_illegal(self, action: Any) -> str:
        """A sentence saying which rule ``action`` breaks; games override for precision."""
        return f"{action!r} is not a legal action now"

    def check_outcome(self, outcome: Any) -> None:
        if self.current_player() != CHANCE:
            raise IllegalActionError("no roll is due now; a player must decide")
        if not self.chance_outcomes().contains(outcome):
            raise IllegalActionError(f"{outcome!r} is not a possible outcome of this roll")

    def apply(self, move: A | ChanceOutcome) -> None:
        """Apply a decision, or a chance outcome at a CHANCE node, refusing illegal ones.

        This is the run-time boundary every move crosses (a bot's decision, a roll, a line
        read from a user's log), so it takes either and checks it: a decision is of the
        game's action type ``A`` (as :meth:`legal_actions` lists them and bots decide them),
        a chance outcome whatever the chance spec offers (:data:`ChanceOutcome`), and
        anything else is refused with :class:`IllegalActionError`."""
        if self.current_player() == CHANCE:
            self.check_outcome(move)
            self._apply_outcome(move)
        else:
            self.check_legal(move)
            self._apply_action(move)

    def remarks(self, names: Sequence[str]) -> list[str]:
        """What a careful reader of the game so far would point out (a score below what the
        dice allowed, say), one sentence each; ``names`` are the players' names."""
        return []

    def absorbs_redundant(self, action: A, player: int | None = None) -> bool:
        """Whether ``action``, written by ``player`` where no decision is due, only repeats
        what already happened (a hand-written "end" after a turn that ended by itself) and may
        be skipped. A game may instead raise :class:`IllegalActionError` naming the rule the
        line breaks there."""
        return False

    def reaction_window(self) -> ReactionWindow | None:
        """The reaction window open now, if any (see :class:`ReactionWindow`); games without
        reactions never open one."""
        return None

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def view(self, player: int) -> Self:
        """A copy holding only what ``player`` may know. Hidden-information games override."""
        return self.clone()

    def hidden(self, player: int) -> Mapping[str, Any]:
        """What ``player`` may not know now, each under a name, with the value this state
        holds ("the keep of player 2 for line b": {0, 3}); empty when nothing is hidden.

        Only checks read it: the conformance check
        (:func:`~printkit.engines.core.conformance.check_game`) asks the same of
        ``view(player)`` and fails where the view gives a name the same value, so list only
        what a view holds otherwise or not at all. Games that hide nothing keep this."""
        return {}


@dataclass(frozen=True)
class ReactionWindow:
    """A moment when players may react out of turn ("play a card at any moment") before the
    game goes on: a roll is about to be made, an impulse begins...

    A game opens a window by making the asked players decide one after another: while it
    is open, :meth:`State.current_player` is ``players[0]`` and :meth:`State.legal_actions`
    lists that player's reactions and a way to decline; each answer moves to the next
    player, and the game goes on (usually to the roll) once everyone was asked. Nothing in
    the runner, the logs or replay changes: a reaction is an ordinary decision line. The
    state reports the window through :meth:`State.reaction_window`, so a bot, a printer or
    a person's interface can tell a reaction ("Bud may play a card before Jack's fire roll")
    from a turn. Games should ask only players who hold a possible reaction, so that games
    are not slowed by questions nobody can answer.

    Windows are not only before rolls: "at any moment" is read as a few moments a game
    names (a piece is activated, a turn or an impulse ends), each a window asking, round
    the table from the acting side, every player who could react then. :meth:`asking`
    builds it, and gives ``None`` when nobody can react, so a game opens no window and logs
    no step.

    >>> ReactionWindow("fire roll", (1, 0)).players[0]
    1
    >>> ReactionWindow.asking("impulse ends", 2, 3, lambda p: p != 1)
    ReactionWindow(trigger='impulse ends', players=(2, 0))
    >>> ReactionWindow.asking("impulse ends", 0, 2, lambda p: False) is None
    True
    """

    trigger: str
    """What is about to happen, in words ("fire roll", "moral roll", "impulse")."""
    players: tuple[int, ...]
    """The players still to be asked, the one deciding now first."""

    @classmethod
    def asking(cls, trigger: str, first: int, num_players: int,
               can_react: Callable[[int], bool]) -> ReactionWindow | None:
        """The window of ``trigger`` asking the players ``can_react`` accepts, in seat order
        from ``first`` (the acting side first); ``None`` when nobody can react."""
        seats = ((first + k) % num_players for k in range(num_players))
        players = tuple(q for q in seats if can_react(q))
        return cls(trigger, players) if players else None


class Game(ABC, Generic[S, A]):
    """A game's rules as an object: makes initial states and (de)serialises moves."""

    info: GameInfo

    @abstractmethod
    def new_initial_state(
        self, num_players: int | None = None, options: Mapping[str, Any] | None = None
    ) -> S:
        """The state before the first move; ``options`` selects variants."""

    @abstractmethod
    def action_to_json(self, action: A) -> Any: ...

    @abstractmethod
    def action_from_json(self, data: Any) -> A:
        """Parse a logged action; raise ``ValueError`` with a clear message if malformed."""

    # JSON Schemas (draft 2020-12) of the game's parts of a log line; the core assembles the
    # schema of a whole log from them (engines.core.schema).

    @abstractmethod
    def action_schema(self) -> dict[str, Any]:
        """The schema of a decision line's ``"action"`` value."""

    @abstractmethod
    def outcome_schema(self) -> dict[str, Any]:
        """The schema of a chance line's ``"chance"`` value."""

    @abstractmethod
    def result_schema(self) -> dict[str, Any]:
        """The schema of the result line's ``"result"`` object: every key the game writes."""

    def declared_options(self) -> Options:
        """The game's options, declared once (default: the game has none): the header's
        schema, the defaults and the checks all come from them."""
        return Options()

    def options_schema(self) -> dict[str, Any]:
        """The schema of the header's ``"options"``."""
        return self.declared_options().schema()

    def outcome_to_json(self, outcome: Any) -> Any:
        return list(outcome) if isinstance(outcome, tuple) else outcome

    def outcome_from_json(self, data: Any) -> Any:
        return tuple(data) if isinstance(data, list) else data

    def bot_names(self) -> list[str]:
        return sorted(self.bots())

    @abstractmethod
    def bots(self) -> Mapping[str, BotFactory[S, A]]:
        """Bot name -> factory ``f(game, player, rng) -> Bot``."""

    def default_options(self) -> dict[str, Any]:
        """The options every log's header carries, at their defaults."""
        return self.declared_options().defaults()


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose its action: a sentence with ``%(name)s`` placeholders and their values.

    Formatting is left until a log records it, so auto-play that records nothing pays only
    for building this small object; the sentence is a message id that catalogs can translate.

    >>> str(Reason("keeps %(n)d dice for a run", {"n": 3}))
    'keeps 3 dice for a run'
    """

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text % self.params if self.params else self.text


@dataclass
class Decision(Generic[A]):
    """What a bot returns: the action, and optionally a short reason for the log."""

    action: A
    reason: str | Reason | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class BotLike(Protocol[S_contra, A]):
    """Anything with ``decide(view) -> Decision`` can play: ``view`` is the game's state
    ``S`` as its player sees it, the decision one of its actions ``A``."""

    def decide(self, view: S_contra) -> Decision[A]: ...


BotFactory = Callable[["Game[S, A]", int, "random.Random"], "BotLike[S, A]"]
"""Makes the bot of one seat: ``factory(game, player, rng)``."""
