"""The conformance check every game runs (OpenSpiel's generic game test, as a library).

:func:`check_game` plays a game at random and with each of its bots, through the one game
loop, and checks what every engine owes the rest of printkit:

* **metadata**: the declared player counts, rules version and bots make sense;
* **legality**: every listed action passes :meth:`State.check_legal`, every action a player
  takes is listed, a decision takes the player's own view, and nonsense is refused;
* **clone independence**: a clone does not move when the original moves (nothing reachable
  from it changes, compared as pickled bytes), and plays on by itself;
* **views**: ``view(p)`` is a state of its own that offers ``p`` the same decisions, shows
  nothing that :meth:`State.hidden` names as hidden from ``p``, hides something in a game
  that declares hidden information or simultaneous decisions, and nothing in one that
  declares neither;
* **JSON round trips**: every action and roll taken reads back equal from its JSON;
* **logs and replay**: a bot game's log reads back to the same text, matches the game's
  schemas, replays (with no RNG) to the same final state and result, and the same seed
  writes the same log byte for byte.

It raises :class:`ConformanceError` naming the check, the game and where (seed and step),
and returns a :class:`Conformance` saying what it checked. It imports no test framework, so
a game of one's own can call it from any test:

    from printkit.engines.core.conformance import check_game
    def test_my_game_conforms():
        check_game(MyGame())
"""

from __future__ import annotations

import io
import json
import pickle
import random
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from printkit.engines.core.errors import EngineError, IllegalActionError
from printkit.engines.core.game import A, Decision, Game, S, State
from printkit.engines.core.log import parse_log
from printkit.engines.core.loop import play_game, run_loop
from printkit.engines.core.runner import ReplayVisitor, play, replay
from printkit.engines.core.schema import validate_log_lines

_ABSENT = object()


class ConformanceError(AssertionError):
    """A game breaks the engine protocol: which check, which game, where."""


@dataclass(frozen=True)
class Conformance:
    """What :func:`check_game` checked of one game: games played at random and by bots,
    their steps, the actions checked for legality and JSON, the clones and views compared,
    and whether a view was seen hiding something."""

    game: str
    random_games: int
    bot_games: int
    steps: int
    actions: int
    clones: int
    views: int
    hid_something: bool


class _Walk(Generic[S, A]):
    """The random walk of one game: plays every seat, checks each step against the real
    state (which the decider holds, as no bot may), and keeps the last step's clone to see
    that it did not move."""

    def __init__(self, game: Game[S, A], state: S, seed: int, clones: int,
                 where: str, shared: Mapping[int, object]) -> None:
        self.game, self.state, self.where = game, state, where
        self.rng = random.Random(f"conformance/{seed}")
        self.shared = shared
        self.clones_left = clones
        self.early = clones // 2
        """The first steps are all checked, then every tenth, until ``clones`` were."""
        self.checking = False
        self.snapshot: tuple[S, State[Any]] | None = None
        self.step = self.actions = self.clones = self.views = 0
        self.hid_something = False
        self.info = game.info

    def fail(self, what: str) -> ConformanceError:
        return ConformanceError(f"{self.info.name}: {what} ({self.where}, step {self.step})")

    # -- each step -----------------------------------------------------------------------

    def before_step(self) -> None:
        """Check the clone taken before the last step; on a checked step, see that a clone
        moves by itself, check the views, and keep a clone to check after the step."""
        self._check_snapshot()
        self.checking = self.clones_left > 0 and (self.step < self.early
                                                  or self.step % 10 == 0)
        if self.checking:
            clone = self.state.clone()
            if clone is self.state:
                raise self.fail("clone() returned the state itself")
            self._unmoved_by(clone, "a clone of it")
        self._check_views()
        if self.checking:
            self.clones_left -= 1
            self.snapshot = (self.state.clone(), _copy(self.state, self))
        self.step += 1

    def roll(self, state: S) -> Any:
        self.before_step()
        outcome = state.chance_outcomes().sample(self.rng)
        data = json.loads(json.dumps(self.game.outcome_to_json(outcome)))
        if self.game.outcome_from_json(data) != outcome:
            raise self.fail(f"the roll {outcome!r} reads back from its JSON {data} as "
                            f"{self.game.outcome_from_json(data)!r}")
        return outcome

    def decide(self, view: S) -> Decision[A]:
        self.before_step()
        state = self.state
        actions = list(state.legal_actions())
        if not actions:
            raise self.fail(f"player {state.current_player()} must decide but has no legal "
                            "action")
        if list(view.legal_actions()) != actions:
            raise self.fail("the player's own view offers other decisions than the state")
        for action in self._sample(actions):
            try:
                state.check_legal(action)
            except IllegalActionError as exc:
                raise self.fail(f"the listed action {action!r} is refused: {exc}") from None
            self._json_round_trip(action)
        return Decision(actions[self.rng.randrange(len(actions))])

    def _sample(self, actions: list[A]) -> Iterable[A]:
        self.actions += min(len(actions), 6)
        return actions if len(actions) <= 6 else self.rng.sample(actions, 6)

    def _json_round_trip(self, action: A) -> None:
        data = json.loads(json.dumps(self.game.action_to_json(action)))
        again = self.game.action_from_json(data)
        if again != action:
            raise self.fail(f"the action {action!r} reads back from its JSON {data} as "
                            f"{again!r}")

    def _check_snapshot(self) -> None:
        """The clone taken before the last step still behaves as the state did then (its
        twin, an independent copy, is the witness); moving it leaves the original be."""
        if self.snapshot is None:
            return
        clone, twin = self.snapshot
        self.snapshot = None
        self.clones += 1
        if behaviour(_copy(clone, self)) != behaviour(twin):
            raise self.fail("a clone changed when the original moved (it shares something "
                            "with it)")
        self._unmoved_by(clone, "its clone")

    def _unmoved_by(self, other: State[Any], what: str) -> None:
        """Moving ``other`` (a clone or a view of the state) must not move the state."""
        before = behaviour(_copy(self.state, self))
        _step(other, random.Random(1))
        if behaviour(_copy(self.state, self)) != before:
            raise self.fail(f"the state changed when {what} moved")

    def _check_views(self) -> None:
        """Each player's view: hides what :meth:`State.hidden` names, hides something only
        in a game that declares it may; the deciding player's plays on by itself."""
        state = self.state
        if state.is_terminal():
            return
        secret_game = self.info.hidden_information or self.info.simultaneous
        compare = self.checking  # whole states are compared on the checked steps only
        for player in range(state.num_players):
            view = state.view(player)
            self.views += 1
            if view is state:
                raise self.fail(f"view({player}) returned the state itself")
            hidden = state.hidden(player)
            shown = view.hidden(player)
            for name, value in hidden.items():
                if shown.get(name, _ABSENT) == value:
                    raise self.fail(f"view({player}) shows {name} ({value!r}), which is "
                                    f"hidden from player {player}")
            self.hid_something = self.hid_something or bool(hidden)
            if compare:
                differs = _pickled(view, self) != _pickled(state.clone(), self)
                if differs and not secret_game:
                    raise self.fail(f"view({player}) differs from the state, but the game "
                                    "declares neither hidden information nor simultaneous "
                                    "decisions")
                self.hid_something = self.hid_something or differs
        who = state.current_player()
        if self.checking and who >= 0:
            self._unmoved_by(state.view(who), "the view of the player to move")


def fingerprint(state: State[Any]) -> tuple[Any, ...]:
    """What can be seen of a state from outside: whose turn, and what may happen next."""
    if state.is_terminal():
        return ("terminal", repr(state.result()), tuple(state.returns()))
    if state.is_chance():
        return ("chance", repr(state.chance_outcomes()))
    return (state.current_player(), tuple(state.legal_actions()))


def _step(state: State[Any], rng: random.Random) -> None:
    """One move of ``state``: a roll drawn with ``rng``, or a legal action chosen with it."""
    if state.is_chance():
        state.apply(state.chance_outcomes().sample(rng))
    elif not state.is_terminal():
        actions = list(state.legal_actions())
        action = actions[rng.randrange(len(actions))]
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"the listed action {action!r} is refused: {exc.rule}"
                                     ) from None


def behaviour(state: State[Any], steps: int = 3) -> list[tuple[Any, ...]]:
    """What ``state`` shows over its next ``steps`` moves, each chosen by a fixed stream:
    two states that behave alike here are alike to anyone playing them. Moves ``state``, so
    it is given an independent copy (a clone might share what it moves)."""
    rng = random.Random(0)
    seen = [fingerprint(state)]
    for _ in range(steps):
        _step(state, rng)
        seen.append(fingerprint(state))
    return seen


class _Pickler(pickle.Pickler):
    """Pickles a state but for what the game holds (by reference: states share it)."""

    def __init__(self, out: io.BytesIO, shared: Mapping[int, object]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared

    def persistent_id(self, obj: Any) -> int | None:
        return id(obj) if id(obj) in self.shared else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, shared: Mapping[int, object]) -> None:
        super().__init__(io.BytesIO(data))
        self.shared = shared

    def persistent_load(self, pid: Any) -> object:
        return self.shared[pid]


def _copy(state: State[Any], walk: _Walk[Any, Any]) -> State[Any]:
    """An independent copy of ``state``: it shares nothing with it but the game's own data
    (a pickle round trip that leaves what the game holds in place)."""
    return _Unpickler(_pickled(state, walk), walk.shared).load()  # type: ignore[no-any-return]


def _pickled(state: State[Any], walk: _Walk[Any, Any]) -> bytes:
    """Everything reachable from ``state`` but the game's own data, as bytes."""
    out = io.BytesIO()
    try:
        _Pickler(out, walk.shared).dump(state)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise walk.fail(f"a state must pickle, to be compared and sent to workers: {exc}"
                        ) from None
    return out.getvalue()


_ATOMS = (str, bytes, int, float, complex, bool, type(None), type, types.FunctionType,
          types.BuiltinFunctionType, types.MethodType, types.ModuleType)


def held_by(root: object) -> dict[int, object]:
    """Every object ``root`` holds (itself included), by ``id``: its attributes and the
    members of its containers, all the way down (classes, functions and atoms end a path).
    A game's states share these; they are not the states' own."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, _ATOMS) or id(obj) in found:
            continue
        found[id(obj)] = obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            for cls in type(obj).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(obj, slot):
                        stack.append(getattr(obj, slot))
    return found


def shared_data(game: Game[Any, Any], players: int,
                options: Mapping[str, Any]) -> dict[int, object]:
    """What the game's states share, by ``id``: everything the game holds (:func:`held_by`),
    and what any two fresh states both hold (the tables a game keeps in its modules, such as
    a map's paths, and their caches). A state's copy leaves these in place: they are not a
    state's own (copying a hex-map game's path tables at every step took most of the check's time).
    A state that kept its own data in such a table would move its clones with it, which the
    clone checks see."""
    shared = held_by(game)
    first = held_by(game.new_initial_state(players, dict(options)))
    second = held_by(game.new_initial_state(players, dict(options)))
    shared.update((key, obj) for key, obj in first.items() if key in second)
    return shared


def _check_metadata(game: Game[Any, Any]) -> None:
    info = game.info
    name = info.name or "a game"
    problems = []
    if not info.name or not info.rules_version:
        problems.append("a name and a rules version must be declared")
    if not info.min_players <= info.default_players <= info.max_players:
        problems.append(f"players {info.min_players} <= {info.default_players} <= "
                        f"{info.max_players} does not hold")
    if "random" not in game.bots():
        problems.append("every game offers the bot 'random'")
    if game.bot_names() != sorted(game.bots()):
        problems.append("bot_names() must list bots() by name")
    if problems:
        raise ConformanceError(f"{name}: " + "; ".join(problems))


def _check_refusals(game: Game[Any, Any], state: State[Any]) -> None:
    # ``state`` is any game's State[Any]: ``object()`` is nonsense for every game on purpose.
    try:
        state.apply(object())
    except IllegalActionError:
        return
    raise ConformanceError(f"{game.info.name}: apply(object()) was not refused with an "
                           "IllegalActionError")


def _walk(game: Game[S, A], players: int, options: Mapping[str, Any], seed: int,
          clones: int, max_steps: int, shared: Mapping[int, object]
          ) -> tuple[_Walk[S, A], int]:
    state = game.new_initial_state(players, options)
    where = f"random play, seed {seed}"
    walk = _Walk(game, state, seed, clones, where, shared)
    try:
        ended = run_loop(game, state, [walk] * players, roll=walk.roll, max_steps=max_steps)
    except IllegalActionError as exc:
        raise walk.fail(exc.rule) from None
    except EngineError as exc:
        raise walk.fail(str(exc)) from None
    walk.before_step()  # the last clone, and the end
    if len(ended.state.returns()) != players:
        raise walk.fail(f"returns() gives {len(ended.state.returns())} values for "
                        f"{players} players")
    return walk, ended.steps


class _Trace(ReplayVisitor[S, A]):
    """Where a game goes, step by step: whose turn after each step, and every tenth step
    (and the end) the whole :func:`fingerprint` (listing the actions can be dear)."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def step(self, state: State[Any]) -> None:
        full = len(self.seen) % 10 == 0 or state.is_terminal()
        self.seen.append(fingerprint(state) if full else (state.current_player(),))

    def visit_chance(self, before: S, outcome: Any, after: S) -> None:
        self.step(after)

    def visit_action(self, player: int, before: S, action: A, after: S,
                     reason: str | None) -> None:
        self.step(after)


def _check_bot_games(game: Game[S, A], bot: str, players: int,
                     options: Mapping[str, Any], seed: int) -> int:
    """One bot game: legal, logged, read back, schema-checked, replayed step by step into
    the same states, and the same log again from the same seed."""
    where = f"{game.info.name}: the {bot} bot, seed {seed}"
    seats = [bot] * players
    try:
        played = play(game, seats, seed=seed, options=options)
    except IllegalActionError as exc:
        raise ConformanceError(f"{where}: an illegal action was taken: {exc}") from None
    assert played.log is not None
    text = played.log.dumps()
    again = parse_log(text)
    if again.dumps() != text:
        raise ConformanceError(f"{where}: the log does not read back to the same text")
    try:
        validate_log_lines(game, text)
    except EngineError as exc:
        raise ConformanceError(f"{where}: the log breaks the game's schemas: {exc}") from None
    replayed: _Trace[S, A] = _Trace()
    try:
        end = replay(game, again, visitor=replayed).state
    except EngineError as exc:
        raise ConformanceError(f"{where}: the log does not replay: {exc}") from None
    if end.result() != played.state.result() or end.returns() != played.state.returns():
        raise ConformanceError(f"{where}: the replay ends with another result than the game")
    trace: _Trace[S, A] = _Trace()
    play_game(game, seats, seed, options, on_chance=lambda state, _roll: trace.step(state),
              on_decision=lambda state, _player, _decision: trace.step(state))
    seen = trace.seen
    for step, (a, b) in enumerate(zip(seen, replayed.seen, strict=False)):
        if a != b:
            raise ConformanceError(f"{where}: the replay leaves line {step + 2} in another "
                                   "state than the game did")
    if len(seen) != len(replayed.seen):
        raise ConformanceError(f"{where}: the replay takes {len(replayed.seen)} steps, the "
                               f"game {len(seen)}")
    repeat = play(game, seats, seed=seed, options=options).log
    if repeat is None or repeat.dumps() != text:
        raise ConformanceError(f"{where}: the same seed wrote another log")
    return played.steps


def check_game(
    game: Game[S, A],
    *,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    seeds: Sequence[int] = (1, 2, 3),
    bots: Sequence[str] | None = None,
    bot_seeds: Sequence[int] = (1,),
    clones: int = 40,
    max_steps: int = 200_000,
) -> Conformance:
    """Check that ``game`` keeps the engine protocol (see the module's docstring).

    Random play runs once per seed of ``seeds``; each bot of ``bots`` (default: all of the
    game's) plays every seat in a game per seed of ``bot_seeds``;
    ``options`` (on top of the defaults) and ``players`` (default: the game's) choose the
    games. ``clones`` steps of each random game (the first half of them, then every tenth)
    are cloned and compared, and their views compared with the state."""
    _check_metadata(game)
    n = players or game.info.default_players
    opts = {**game.default_options(), **(options or {})}
    _check_refusals(game, game.new_initial_state(n, opts))
    steps = actions = clone_count = views = 0
    hid = False
    shared = shared_data(game, n, opts)
    for seed in seeds:
        walk, taken = _walk(game, n, opts, seed, clones, max_steps, shared)
        steps += taken
        actions += walk.actions
        clone_count += walk.clones
        views += walk.views
        hid = hid or walk.hid_something
    if (game.info.hidden_information or game.info.simultaneous) and seeds and not hid:
        raise ConformanceError(f"{game.info.name}: declares hidden information or "
                               "simultaneous decisions, but no view hid anything")
    chosen = list(bots) if bots is not None else game.bot_names()
    played = 0
    for bot in chosen:
        for seed in bot_seeds:
            steps += _check_bot_games(game, bot, n, opts, seed)
            played += 1
    return Conformance(game.info.name, len(seeds), played, steps, actions, clone_count,
                       views, hid)


__all__ = ["Conformance", "ConformanceError", "check_game", "fingerprint", "shared_data"]
