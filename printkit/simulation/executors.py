"""Where chunks run: in this process, in a local process pool, or on a dask cluster.

An executor only maps :func:`~printkit.simulation.games.play_chunk` over chunks and hands the
tallies back as they finish; since tallies merge exactly in any order, the totals are the
same whichever executor ran them.

Stopping (Ctrl-C, SIGTERM: :mod:`printkit.simulation.stop`) cancels the chunks not started;
a local pool's chunks in play end after their current game and come back with the games
they finished (a worker still busy :data:`STOP_GRACE` seconds later is ended, and its chunk
lost), and closing the executor leaves no worker process behind. On dask the chunks in play
are cancelled: only the finished chunks are kept.
"""

from __future__ import annotations

import os
import re
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from printkit.errors import PrintkitError
from printkit.simulation.aggregate import Tally
from printkit.simulation.chunks import Chunk
from printkit.simulation.games import play_chunk
from printkit.simulation.stop import detach, shared_flag, stop_requested, worker_init

Work = Callable[[Chunk], Tally]

STOP_GRACE = 3.0
"""Seconds a stopped run waits for the games in play (one per worker) to finish."""
POLL = 0.1
"""Seconds between two looks at the stop flag while chunks are in play."""


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
            if stop_requested():
                return
            yield index, work(chunk)  # a stop ends the chunk after its current game

    def close(self) -> None:
        pass


@dataclass
class LocalExecutor:
    """A pool of ``jobs`` worker processes on this machine."""

    jobs: int
    _pool: ProcessPoolExecutor | None = field(default=None, repr=False)
    _flag: Any = field(default=None, repr=False)
    """The pool's stop flag in shared memory (:mod:`printkit.simulation.stop`)."""
    _abandoned: list[Future[Tally]] = field(default_factory=list, repr=False)
    """Chunks a run left in play (stuck after a stop, or its caller gone)..."""
    _settle_by: float = field(default=0.0, repr=False)
    """... and when their workers are ended if still busy (``time.monotonic()``)."""

    @property
    def workers(self) -> int:
        return self.jobs

    @property
    def description(self) -> str:
        return f"{self.jobs} local worker process{'es' if self.jobs != 1 else ''}"

    def run(self, chunks: Sequence[Chunk], work: Work = play_chunk) -> Iterator[
            tuple[int, Tally]]:
        if stop_requested():
            return
        if self._pool is None:
            self._flag = shared_flag()
            self._pool = ProcessPoolExecutor(self.jobs, initializer=worker_init,
                                             initargs=(self._flag,))
        pending: dict[Future[Tally], int] = {
            self._pool.submit(work, chunk): index for index, chunk in enumerate(chunks)}
        deadline: float | None = None
        try:
            while pending:
                if deadline is None and stop_requested():
                    # the chunks not started are dropped; those in play stop after a game
                    deadline = time.monotonic() + STOP_GRACE
                    for future in pending:
                        future.cancel()
                wait_for = POLL if deadline is None else max(0.0, deadline - time.monotonic())
                done, _rest = wait(pending, timeout=wait_for, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=pending.__getitem__):
                    index = pending.pop(future)
                    if not future.cancelled():
                        yield index, future.result()
                if deadline is not None and time.monotonic() >= deadline:
                    break
        finally:
            for future in pending:
                future.cancel()
            left = [future for future in pending if not future.done()]
            if left:
                # chunks in play that nobody will collect: they stop after their game, and
                # a worker still busy when the executor closes past the grace is ended
                self._abandoned += left
                self._settle_by = (time.monotonic() + STOP_GRACE if deadline is None
                                   else deadline)
                if self._flag is not None:
                    self._flag.value = True

    def close(self) -> None:
        """Shut the pool down; workers still busy with abandoned chunks are ended."""
        pool, self._pool = self._pool, None
        abandoned, self._abandoned = self._abandoned, []
        if self._flag is not None:
            self._flag.value = True  # whatever is still in play stops after its game
        if pool is not None:
            try:
                grace = max(0.0, self._settle_by - time.monotonic())
                if abandoned and wait(abandoned, timeout=grace).not_done:
                    _end_workers(pool)
                pool.shutdown(wait=True, cancel_futures=True)
            except BaseException:  # a second Ctrl-C while waiting: no worker is left behind
                _end_workers(pool)
                raise
        if self._flag is not None:
            detach(self._flag)
            self._flag = None


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers at once (one is stuck in a game past :data:`STOP_GRACE`).

    The pool is shut down first: its manager thread then forgets the cancelled chunks
    before it finds the pool broken (Python 3.11 would otherwise fail on them, in a thread)."""
    processes = list((pool._processes or {}).values())
    manager: Any = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
        process.join(1.0)
    if manager is not None:
        manager.join(STOP_GRACE)


SCHEDULER_ADDRESS = (r"(?:(?:tcp|tls|ws|wss|ucx)://)?"  # dask's network protocols
                     r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
                     r":(?P<port>[0-9]{1,5})")
"""What ``--scheduler`` takes: ``[PROTOCOL://]HOST:PORT`` (an IPv6 host in brackets)."""

CONNECT_TIMEOUT = 5.0
"""Seconds a scheduler has to answer (one on a network answers in milliseconds)."""


def check_scheduler_address(address: str) -> str:
    """``address`` if it has the form of a scheduler's address, else one line saying what
    the form is (dask itself fails on a malformed one only after a minute).

    >>> check_scheduler_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> check_scheduler_address("nonsense")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printkit.errors.PrintkitError: --scheduler 'nonsense' is not a scheduler address: give ...
    """
    found = re.fullmatch(SCHEDULER_ADDRESS, address)
    if found is None or not 1 <= int(found["port"]) <= 65535:
        shown = repr(address) if len(address) <= 80 else repr(address[:80]) + "…"
        raise PrintkitError(f"--scheduler {shown} is not a scheduler address: give "
                            "[tcp://]HOST:PORT, e.g. tcp://10.0.0.5:8786")
    return address


async def _identity(address: str, timeout: float) -> Any:
    """The scheduler's answer to ``identity``, each step bounded by ``timeout`` (a server
    that takes the connection and never answers holds dask's own client for good)."""
    # lazy: distributed takes 1.2 s to load and is an optional extra (the dask executor)
    import asyncio

    from distributed.comm.core import connect

    comm = await asyncio.wait_for(
        connect(address, timeout=timeout), timeout + 1)  # type: ignore[no-untyped-call]
    try:
        await asyncio.wait_for(comm.write({"op": "identity", "reply": True}), timeout)
        return await asyncio.wait_for(comm.read(), timeout)
    finally:
        comm.abort()


def probe_scheduler(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Check that a dask scheduler answers at ``address`` within ``timeout`` seconds, else
    one line naming the address."""
    import asyncio  # lazy: 0.05 s to load, for the dask executor only

    found = re.fullmatch(SCHEDULER_ADDRESS, address)
    if found is not None and not address.startswith("ucx://"):  # refused at once, not retried
        try:
            socket.create_connection((found["host"].strip("[]"), int(found["port"])),
                                     timeout).close()
        except OSError as exc:
            raise PrintkitError(f"cannot reach the dask scheduler at {address}: "
                                f"{exc.strerror or exc or 'no answer'}") from None
    with ThreadPoolExecutor(1) as pool:  # an event loop of its own, whatever the caller runs
        try:
            answer = pool.submit(asyncio.run, _identity(address, timeout)).result()
        except (OSError, TimeoutError) as exc:  # dask's CommClosedError is an OSError
            why = str(exc) or f"no answer within {timeout:g} s"
            raise PrintkitError(f"cannot reach the dask scheduler at {address}: "
                                f"{why}") from None
        except Exception:  # what answered sent something else (a frame of exabytes ...)
            answer = None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise PrintkitError(f"the server at {address} answers, but not as a dask scheduler")


@dataclass
class DaskExecutor:
    """Chunks as tasks of a dask.distributed scheduler (a cluster, or a ``LocalCluster``):
    every worker needs printkit installed, at the same version, and nothing else. The
    address is checked at once, the scheduler asked to answer within ``timeout`` seconds
    before the client connects."""

    scheduler: str
    timeout: float = CONNECT_TIMEOUT
    _client: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        check_scheduler_address(self.scheduler)

    def _connect(self) -> Any:
        if self._client is None:
            try:
                from distributed import Client  # lazy: 1.2 s to load; an optional extra
            except ImportError:  # pragma: no cover - an install without the extra
                raise PrintkitError("--executor dask needs dask.distributed: "
                                    "pip install 'printkit[dask]'") from None
            probe_scheduler(self.scheduler, self.timeout)
            try:
                self._client = Client(self.scheduler,  # type: ignore[no-untyped-call]
                                      timeout=self.timeout, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as exc:
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
        from distributed import as_completed  # lazy: 1.2 s to load; an optional extra

        if stop_requested():
            return
        client = self._connect()
        futures = client.map(work, list(chunks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        pending = set(futures)
        completed = as_completed(futures, loop=client.loop)  # type: ignore[no-untyped-call]
        try:
            while pending and not stop_requested():
                ready = completed.next_batch(block=False)  # type: ignore[no-untyped-call]
                if not ready:
                    time.sleep(POLL)  # a stop is seen between two looks
                for future in ready:
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
