"""One conformance test that every registered game runs (OpenSpiel style).

For each game: random and bot play take only legal actions and end; clones are independent;
a log survives a write/read round trip; replaying it reproduces the result; and the same seed
gives the same log byte for byte.
"""

from __future__ import annotations

import random

import pytest

from printkit.engines.core import CHANCE, TERMINAL, parse_log, play, replay
from printkit.kits import game_kits

GAMES = [kit.name for kit in game_kits()]


@pytest.fixture(params=game_kits(), ids=GAMES)
def game(request):
    return request.param.game()


def _seats(game, bot):
    return [bot] * game.info.default_players


def test_metadata_is_declared(game):
    info = game.info
    assert info.name in GAMES
    assert info.min_players <= info.default_players <= info.max_players
    assert info.rules_version
    assert "random" in game.bots()


def test_random_play_is_legal_and_ends(game):
    for seed in range(5):
        state = game.new_initial_state(game.info.default_players, game.default_options())
        rng = random.Random(seed)
        steps = 0
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes().sample(rng))
            else:
                actions = list(state.legal_actions())
                assert actions, "a player to move must have a legal action"
                state.apply(rng.choice(actions))
            steps += 1
            assert steps < 200_000
        assert state.is_terminal()
        assert len(state.returns()) == game.info.default_players


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bot_play_round_trips_through_log_and_replay(game, bot):
    if bot not in game.bots():
        pytest.skip(f"{game.info.name} has no {bot} bot")
    for seed in (1, 2, 3):
        played = play(game, _seats(game, bot), seed=seed)
        text = played.log.dumps()
        again = parse_log(text)
        assert again.dumps() == text
        replayed = replay(game, again)
        assert replayed.state.result() == played.state.result()
        assert replayed.state.returns() == played.state.returns()
        assert play(game, _seats(game, bot), seed=seed).log.dumps() == text


def test_every_bot_plays_legally(game):
    for bot in game.bot_names():
        played = play(game, _seats(game, bot), seed=11)
        assert played.state.is_terminal()
        replay(game, played.log)


def _fingerprint(state):
    """What can be seen of a state from outside: whose turn, and what may happen next."""
    if state.is_terminal():
        return ("terminal", repr(state.result()))
    if state.is_chance():
        return ("chance", repr(state.chance_outcomes()))
    return (state.current_player(), tuple(state.legal_actions()))


def test_clone_is_independent(game):
    state = game.new_initial_state(game.info.default_players, game.default_options())
    rng = random.Random(5)
    moved = 0
    for _ in range(60):
        if state.is_terminal():
            break
        snapshot = state.clone()
        before = _fingerprint(snapshot)
        if state.is_chance():
            state.apply(state.chance_outcomes().sample(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        moved += _fingerprint(state) != before
        # the snapshot did not move with the original, and still plays on by itself
        assert _fingerprint(snapshot) == before
        if snapshot.is_chance():
            snapshot.apply(snapshot.chance_outcomes().sample(random.Random(1)))
        elif not snapshot.is_terminal():
            snapshot.apply(list(snapshot.legal_actions())[0])
    assert moved > 0  # the walk really changed the original


def test_illegal_moves_are_refused(game):
    from printkit.engines.core import IllegalActionError

    state = game.new_initial_state(game.info.default_players, game.default_options())
    # a decision at a chance node, or a bogus action at a decision node, is refused
    with pytest.raises(IllegalActionError):
        state.apply(object())
