"""Running a batch of jobs: chunks out to an executor, tallies merged back, progress shown,
and Ctrl-C or SIGTERM turned into a clean stop that keeps every finished game."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import click

from printkit.simulation.aggregate import Tally
from printkit.simulation.chunks import Chunk, Job, split
from printkit.simulation.executors import Executor, SerialExecutor, Work
from printkit.simulation.games import play_chunk
from printkit.simulation.stop import stopping_on_signals


@dataclass(frozen=True)
class BatchResult:
    """The merged tally of every job, and whether the run was stopped before the end."""

    tallies: tuple[Tally, ...]
    interrupted: bool
    seconds: float

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tallies)


class Progress:
    """A click progress bar counting games, with games/s and the time left; drawn only where
    a person watches (a terminal), never into pipes or CI logs."""

    def __init__(self, total: int, label: str, file: TextIO | None = None) -> None:
        self.total, self.done, self.started = total, 0, time.perf_counter()
        self._bar: Any = click.progressbar(length=total, label=label, file=file or _progress_file(),
                                      show_eta=True, show_pos=True,
                                      item_show_func=lambda _item: self.rate_text())

    def rate_text(self) -> str:
        seconds = time.perf_counter() - self.started
        return f"{self.done / seconds:,.0f} games/s" if seconds > 0 and self.done else ""

    def __enter__(self) -> Progress:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.__exit__(None, None, None)

    def update(self, games: int) -> None:
        self.done += games
        self._bar.update(games, current_item=self.done)


def _progress_file() -> TextIO:
    return sys.stderr if sys.stderr.isatty() else io.StringIO()


def run_batch(jobs: Sequence[Job], executor: Executor | None = None, *, label: str = "games",
              chunk: int | None = None, work: Work = play_chunk,
              on_chunk: Callable[[int], None] | None = None,
              progress_file: TextIO | None = None) -> BatchResult:
    """Play every job, chunk by chunk, on ``executor`` (default: this process); the result
    holds one merged tally per job. Ctrl-C or SIGTERM stops the run (see
    :mod:`printkit.simulation.stop`): the chunks still queued are cancelled, those in play end
    after their current game, and the result (``interrupted``) holds every game that
    finished, exactly.

    ``on_chunk(games)`` is called after each merged chunk (tests use it to stop a run)."""
    executor = executor or SerialExecutor()
    chunks: list[Chunk] = split(jobs, chunk, executor.workers)
    totals = [Tally(job.players) for job in jobs]
    interrupted = False
    start = time.perf_counter()
    with stopping_on_signals(), Progress(sum(j.games for j in jobs), f"validating {label}",
                                         progress_file) as bar:
        results = executor.run(chunks, work)
        try:
            for index, tally in results:
                totals[chunks[index].job].merge(tally)
                bar.update(tally.games)
                if on_chunk is not None:
                    on_chunk(tally.games)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()  # cancels what has not started
        played = sum(t.games for t in totals)
        interrupted = interrupted or played < sum(j.games for j in jobs)
    return BatchResult(tuple(totals), interrupted, time.perf_counter() - start)
