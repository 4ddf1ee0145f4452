"""Validation's simulation: chunks of seeds merged exactly, whatever the chunking and whatever
runs the chunks; the game loop is the core runner's; memory does not grow with the games."""

from __future__ import annotations

import json
import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.context import BuildContext
from printkit.engines.core import play
from printkit.kits import get_game_kit
from printkit.paper import paper
from printkit.simulation import (
    Chunk,
    Executor,
    Extreme,
    Histogram,
    Job,
    LocalExecutor,
    SerialExecutor,
    Tally,
    make_executor,
    play_chunk,
    play_quietly,
    run_batch,
    split,
    win_points,
)
from printkit.validate import RunSettings, ValidationResult, validate_kit

GAMES = ["wftgts", "tug-of-war", "war-pnp", "war-of-bones"]


@pytest.mark.parametrize("name", GAMES)
def test_the_quiet_game_loop_plays_the_core_runners_games(name: str) -> None:
    """A kept seed must replay into the very game that was counted."""
    kit = get_game_kit(name)
    game = kit.game()
    assert kit.validation is not None
    bots = [kit.validation.bot, "random"]
    for seed in range(4):
        core = play(game, bots, seed=seed, record=True)
        quiet = play_quietly(game, bots, seed, {})
        assert core.log is not None
        assert quiet.state.result() == core.state.result()
        assert quiet.decisions == sum(1 for e in core.log.entries if e.player is not None)
        assert quiet.first == next(e.player for e in core.log.entries if e.player is not None)


def _json(results: list[ValidationResult]) -> str:
    return json.dumps([r.to_json() for r in results], sort_keys=True)


def _validate(name: str, executor: Executor | None = None, chunk: int | None = None,
              games: int = 60) -> list[ValidationResult]:
    kit = get_game_kit(name)
    found, interrupted = validate_kit(kit, BuildContext(paper("a4")),
                                      RunSettings(games, 3, pair_games=8, chunk=chunk),
                                      executor=executor)
    assert not interrupted
    return found


@pytest.mark.parametrize("name", ["wftgts", "tug-of-war"])
def test_totals_are_the_same_whatever_the_chunking_and_the_workers(name: str) -> None:
    one = _validate(name, chunk=10**6)          # one chunk per job
    seven = _validate(name, chunk=9)            # 60 games: 7 chunks
    pool = LocalExecutor(2)
    try:
        two = _validate(name, executor=pool, chunk=9)  # 2 worker processes, any order
    finally:
        pool.close()
    assert one[0].job is not None
    assert len(split([one[0].job], 9)) == 7
    assert _json(one) == _json(seven) == _json(two)
    result = one[0]
    assert result.tally is not None
    assert result.games == 60 and result.tally.decisions.total == 60
    assert sum(result.tally.seat_points) == 60  # every game gives out exactly one win
    assert [p.record.games for p in result.pairings] == [8] * len(result.pairings)


def test_a_custom_sheets_head_to_head_does_not_depend_on_the_chunking() -> None:
    from conftest import ROOT

    kit = get_game_kit("war-pnp")
    sheet = kit.sheet_options(ROOT / "examples" / "war-pnp" / "sheets" / "tinkerer.toml")
    build = BuildContext(paper("a4"), game_options=sheet)
    out = []
    for chunk in (100, 5):
        found, _stop = validate_kit(kit, build, RunSettings(12, 0, pair_games=0, chunk=chunk),
                                    head_to_head="tinkerer.toml")
        out.append(found[0].to_json()["head_to_head"])
    assert out[0] == out[1] and out[0]["games"] == 12


def test_chunks_cover_every_seed_once() -> None:
    job = Job("wftgts", ("greedy", "greedy"), 5, 103)
    chunks = split([job], 10)
    assert [c.start for c in chunks] == list(range(0, 103, 10))
    assert sum(c.count for c in chunks) == 103
    assert pickle.loads(pickle.dumps(chunks[3])) == chunks[3]  # travels to any worker


def test_a_rotating_lineup_puts_the_focus_in_every_seat() -> None:
    job = Job("war-pnp", ("search", "random", "random"), 0, 6, rotate=True)
    assert [job.seats(i).index("search") for i in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [job.focus(i) for i in range(3)] == [0, 1, 2]
    sheet = Job("war-pnp", ("heuristic",) * 2, 0, 4, {"x": 1}, seat_option="sheet_seat")
    assert [sheet.game_options(i)["sheet_seat"] for i in range(4)] == [0, 1, 0, 1]


def test_a_tally_stays_the_same_size_as_games_grow() -> None:
    """Memory is flat: a tally of 2,000 games pickles to about the size of one of 200."""
    job = Job("tug-of-war", ("lookahead", "lookahead"), 0, 2000, measure=True)
    small = play_chunk(Chunk(0, job, 0, 200))
    large = play_chunk(Chunk(0, job, 0, 2000))
    assert large.games == 2000
    assert len(pickle.dumps(large)) < 1.6 * len(pickle.dumps(small))


def test_win_points_share_a_tie() -> None:
    assert win_points([1.0, 0.0]) == [1, 0]
    assert win_points([7.0, 7.0, 2.0]) == [Fraction(1, 2), Fraction(1, 2), 0]
    assert win_points([0.0, 0.0, 0.0]) == [Fraction(1, 3)] * 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.lists(st.integers(-5, 900), min_size=2,
                                                          max_size=2)), min_size=1,
                max_size=40),
       st.integers(1, 7))
def test_merging_is_exact_in_any_split_and_order(games: list[tuple[int, list[int]]],
                                                 parts: int) -> None:
    """Histograms, exact sums and records merge to the same tally however the games are cut
    and in whatever order the pieces come back."""
    def tally(rows: list[tuple[int, tuple[int, list[int]]]]) -> Tally:
        t = Tally(2)
        for seed, (decisions, scores) in rows:
            t.add_game(seed, [float(s) for s in scores], [float(s) for s in scores],
                       decisions, None, seed % 2, None, {"digits": len(str(max(scores)))})
        return t

    rows = list(enumerate(games))
    whole = tally(rows)
    pieces = [tally(rows[i::parts]) for i in range(parts)]
    merged = Tally.merged(2, reversed(pieces))
    assert merged == whole
    assert merged.scores.mean() == Fraction(sum(sum(s) for _d, s in games), 2 * len(games))


def test_a_record_goes_to_the_smaller_seed_on_a_tie() -> None:
    assert Extreme.of(9, 4).best(Extreme.of(9, 2)).seed == 2
    assert Extreme.of(10, 4).best(Extreme.of(9, 2)).seed == 4
    h = Histogram()
    h.add_all([1, 1, 2, 10])
    assert (h.min(), h.quantile(0.5), h.quantile(0.9), h.max()) == (1, 1, 10, 10)
    assert h.summary()["histogram"] == [[1, 2], [2, 1], [10, 1]]


def test_run_batch_stops_cleanly_on_ctrl_c_and_keeps_what_finished() -> None:
    job = Job("wftgts", ("greedy", "greedy"), 0, 100)
    seen: list[int] = []

    def stop_after_two(games: int) -> None:
        seen.append(games)
        if len(seen) == 2:
            raise KeyboardInterrupt

    batch = run_batch([job], SerialExecutor(), chunk=25, on_chunk=stop_after_two)
    assert batch.interrupted and batch.games == 50
    again = run_batch([Job("wftgts", ("greedy", "greedy"), 0, 50)], chunk=25)
    assert again.tallies[0] == batch.tallies[0]  # the finished chunks, exactly


def test_executor_choices() -> None:
    assert isinstance(make_executor("local", jobs=1), SerialExecutor)
    assert isinstance(make_executor("local", jobs=2), LocalExecutor)
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match="--scheduler"):
        make_executor("dask")
    with pytest.raises(PrintkitError, match="--executor dask"):
        make_executor("local", scheduler="tcp://127.0.0.1:1")
