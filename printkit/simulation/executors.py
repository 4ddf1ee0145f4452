"""Where chunks run: in this process, in a local process pool, or on a dask cluster.

An executor only maps :func:`~printkit.simulation.games.play_chunk` over chunks and hands the
tallies back as they finish; since tallies merge exactly in any order, the totals are the
same whichever executor ran them. Stopping (Ctrl-C) cancels what has not started and keeps
what finished.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from printkit.errors import PrintkitError
from printkit.simulation.aggregate import Tally
from printkit.simulation.chunks import Chunk
from printkit.simulation.games import play_chunk

Work = Callable[[Chunk], Tally]


class ExecutorKind(Enum):
    LOCAL = "local"
    DASK = "dask"


class Executor(Protocol):
    """Runs chunks somewhere and yields ``(index, tally)`` as each finishes."""

    @property
    def workers(self) -> int: ...

    @property
    def description(self) -> str: ...

    def run(self, chunks: Sequence[Chunk], work: Work = play_chunk) -> Iterator[
            tuple[int, Tally]]: ...

    def close(self) -> None: ...


@dataclass
class SerialExecutor:
    """Every chunk in this process, one after another (``--jobs 1``; tests; plug-in kits
    known only to this process)."""

    workers: int = 1
    description: str = "this process"

    def run(self, chunks: Sequence[Chunk], work: Work = play_chunk) -> Iterator[
            tuple[int, Tally]]:
        for index, chunk in enumerate(chunks):
            yield index, work(chunk)

    def close(self) -> None:
        pass


def _ignore_interrupts() -> None:
    """A pool worker leaves Ctrl-C to the parent, which stops the run cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class LocalExecutor:
    """A pool of ``jobs`` worker processes on this machine."""

    jobs: int
    _pool: ProcessPoolExecutor | None = field(default=None, repr=False)

    @property
    def workers(self) -> int:
        return self.jobs

    @property
    def description(self) -> str:
        return f"{self.jobs} local worker process{'es' if self.jobs != 1 else ''}"

    def run(self, chunks: Sequence[Chunk], work: Work = play_chunk) -> Iterator[
            tuple[int, Tally]]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.jobs, initializer=_ignore_interrupts)
        pending: dict[Future[Tally], int] = {
            self._pool.submit(work, chunk): index for index, chunk in enumerate(chunks)}
        try:
            while pending:
                done, _rest = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=pending.__getitem__):
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


@dataclass
class DaskExecutor:
    """Chunks as tasks of a dask.distributed scheduler (a cluster, or a ``LocalCluster``):
    every worker needs printkit installed, at the same version, and nothing else."""

    scheduler: str
    timeout: float = 30.0
    _client: Any = field(default=None, repr=False)

    def _connect(self) -> Any:
        if self._client is None:
            try:
                from distributed import Client
            except ImportError:  # pragma: no cover - an install without the extra
                raise PrintkitError("--executor dask needs dask.distributed: "
                                    "pip install 'printkit[dask]'") from None
            try:
                self._client = Client(self.scheduler,  # type: ignore[no-untyped-call]
                                      timeout=self.timeout, set_as_default=False)
            except (OSError, TimeoutError) as exc:
                raise PrintkitError(f"cannot reach the dask scheduler at {self.scheduler}: "
                                    f"{exc}") from None
        return self._client

    @property
    def workers(self) -> int:
        found = self._connect().scheduler_info()["workers"].values()
        return max(1, sum(int(w.get("nthreads", 1)) for w in found))

    @property
    def description(self) -> str:
        return f"the dask scheduler at {self.scheduler} ({self.workers} worker threads)"

    def run(self, chunks: Sequence[Chunk], work: Work = play_chunk) -> Iterator[
            tuple[int, Tally]]:
        from distributed import as_completed

        client = self._connect()
        futures = client.map(work, list(chunks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        pending = set(futures)
        try:
            for future in as_completed(  # type: ignore[no-untyped-call]
                    futures, loop=client.loop):
                pending.discard(future)
                yield index[future.key], future.result()
        finally:
            if pending:
                client.cancel(list(pending))

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None


def make_executor(kind: str | ExecutorKind = ExecutorKind.LOCAL, *, jobs: int | None = None,
                  scheduler: str | None = None) -> Executor:
    """The executor ``--executor KIND`` names: ``local`` with ``jobs`` processes (default:
    every core; one runs in this process), or ``dask`` at ``scheduler``."""
    kind = ExecutorKind(kind)
    if kind is ExecutorKind.DASK:
        if not scheduler:
            raise PrintkitError("--executor dask needs --scheduler ADDRESS "
                                "(e.g. tcp://10.0.0.5:8786)")
        return DaskExecutor(scheduler)
    if scheduler:
        raise PrintkitError("--scheduler applies to --executor dask")
    jobs = jobs or os.cpu_count() or 1
    return SerialExecutor() if jobs == 1 else LocalExecutor(jobs)
