"""Stopping a run cleanly: Ctrl-C and SIGTERM become a request every worker sees between games.

A signal only sets a flag: in this process a module variable, and in every local pool worker
a byte of shared memory the pool was started with (:func:`shared_flag`, :func:`attach`).
:func:`~printkit.simulation.games.play_chunk` looks at the flag before each game and hands
back the tally of the games it finished, so a chunk stops after the game in play and every
finished game is kept (a tally of some of a chunk's games is as exact as one of all of them).

Setting a byte is all a signal handler does, so it can never deadlock on a lock the
interrupted code holds. A second Ctrl-C or SIGTERM more than a second after the first raises
:class:`KeyboardInterrupt`: the process then stops at once (its pool is still shut down).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

SIGNALS = (signal.SIGINT, signal.SIGTERM)

_requested = False
_flags: list[Any] = []
"""The shared flags of the pools this process runs (a pool worker: its pool's)."""
_depth = 0
_signalled: float | None = None
"""When the first signal came (``time.monotonic()``)."""
REPEAT = 1.0
"""Seconds in which a second signal is the same request; after them it stops at once."""


def shared_flag() -> Any:
    """A stop flag in shared memory, for a process pool's initializer; attached to this
    process (a stop requested here sets it)."""
    flag = multiprocessing.RawValue(ctypes.c_bool, _requested)
    attach(flag)
    return flag


def attach(flag: Any) -> None:
    if flag not in _flags:
        _flags.append(flag)


def detach(flag: Any) -> None:
    if flag in _flags:
        _flags.remove(flag)


def stop_requested() -> bool:
    """Whether the run should stop (asked in this process, or in any process of its pool)."""
    return _requested or any(flag.value for flag in _flags)


def request_stop() -> None:
    """Ask every chunk in play to stop after its current game, and no chunk to start."""
    global _requested
    _requested = True
    for flag in _flags:
        flag.value = True


def clear() -> None:
    global _requested, _signalled
    _requested, _signalled = False, None
    for flag in _flags:
        flag.value = False


def _on_signal(signum: int, frame: FrameType | None) -> None:
    global _signalled
    if _signalled is not None:
        if time.monotonic() - _signalled < REPEAT:
            return  # the same request (a key pressed twice)
        raise KeyboardInterrupt  # asked again: stop now
    _signalled = time.monotonic()
    request_stop()


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """While inside, Ctrl-C and SIGTERM request a stop instead of killing the process.

    Nested uses share the outermost one; the request is cleared when the outermost one is
    entered and left, and the previous handlers come back. Outside the main thread (where
    Python cannot install handlers) it only clears the request."""
    global _depth
    previous: dict[signal.Signals, Any] = {}
    if _depth == 0:
        clear()
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                previous[signum] = signal.signal(signum, _on_signal)
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            for signum, handler in previous.items():  # None: one not set from Python
                signal.signal(signum, signal.SIG_DFL if handler is None else handler)
            clear()


def worker_init(flag: Any) -> None:
    """A pool worker's initializer: it sees the pool's stop flag, leaves Ctrl-C (sent to the
    whole terminal's process group) to the parent, and turns a SIGTERM of its own into a stop
    of the whole run (after the game in play) rather than a lost chunk."""
    global _requested, _signalled, _depth
    _requested, _signalled, _depth = False, None, 0
    _flags[:] = [flag]
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_from_worker)


def _stop_from_worker(signum: int, frame: FrameType | None) -> None:
    for flag in _flags:
        flag.value = True
