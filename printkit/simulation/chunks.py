"""What to play: a job (one line-up of bots over a run of seeds) cut into chunks of seeds.

Everything here is a small frozen value that pickles, so a chunk travels to a process pool's
worker or a dask worker on another machine unchanged; the worker finds the game by the kit's
name, the way the command line does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MIN_CHUNK = 25
"""The fewest games of a chunk: enough to pay for sending it (and to show progress often on
the slowest game, about 15 games/s)."""
MAX_CHUNK = 2000
CHUNKS_PER_WORKER = 8
"""Chunks per worker on a long run, so that the last ones finish together."""


@dataclass(frozen=True)
class Job:
    """``games`` games of the kit ``kit``: game ``i`` plays seed ``seed + i``.

    ``lineup[k]`` plays seat ``k``; with ``rotate`` the line-up turns one seat per game, so
    ``lineup[0]`` (the *focus*) sits at seat ``i % players`` and every seat is played as
    often. ``seat_option`` (a custom sheet's seat) is set to the focus seat in every game.
    ``measure`` says whether the games' demands on the layout are recorded; ``study`` names
    the kit's balance study whose counts are kept of every game."""

    kit: str
    lineup: tuple[str, ...]
    seed: int
    games: int
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    rotate: bool = False
    seat_option: str | None = None
    measure: bool = True
    study: str | None = None

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def focused(self) -> bool:
        return self.rotate or self.seat_option is not None

    def focus(self, index: int) -> int | None:
        """The focus seat of game ``index`` (none in a plain self-play run)."""
        return index % self.players if self.focused else None

    def seats(self, index: int) -> list[str]:
        """Who plays each seat in game ``index``."""
        if not self.rotate:
            return list(self.lineup)
        shift = index % self.players
        return [self.lineup[(seat - shift) % self.players] for seat in range(self.players)]

    def game_options(self, index: int) -> dict[str, Any]:
        if self.seat_option is None:
            return dict(self.options)
        return {**self.options, self.seat_option: index % self.players}


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` .. ``start + count - 1`` of job number ``job`` of a run."""

    job: int
    spec: Job
    start: int
    count: int


def chunk_size(games: int, workers: int) -> int:
    """A chunk size that keeps every worker busy to the end and progress moving.

    >>> chunk_size(1000, 2), chunk_size(10**6, 2), chunk_size(20, 2)
    (63, 2000, 25)
    """
    return max(MIN_CHUNK, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def split(jobs: Sequence[Job], size: int | None = None, workers: int = 1) -> list[Chunk]:
    """Every job's games in chunks of ``size`` (by default :func:`chunk_size`)."""
    chunks = []
    for number, job in enumerate(jobs):
        step = size or chunk_size(job.games, workers)
        chunks += [Chunk(number, job, start, min(step, job.games - start))
                   for start in range(0, job.games, step)]
    return chunks
