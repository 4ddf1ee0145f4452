"""Auto-play at scale: chunks of seeds, streaming aggregates, executors local and dask.

``printkit validate`` describes what to play as :class:`Job` values, :func:`run_batch` cuts
them into :class:`Chunk` values, an executor plays the chunks (in this process, a local
process pool, or a dask.distributed cluster) and every chunk comes back as a bounded
:class:`Tally` that merges exactly: the totals are the same whatever the chunking and
whatever ran the chunks, and memory does not grow with the number of games. Ctrl-C and
SIGTERM stop a run after the games in play, keeping every finished game
(:mod:`printkit.simulation.stop`).
"""

from printkit.simulation.aggregate import Extreme, Histogram, Moments, Tally, win_points
from printkit.simulation.chunks import Chunk, Job, chunk_size, split
from printkit.simulation.executors import (
    DaskExecutor,
    Executor,
    ExecutorKind,
    LocalExecutor,
    SerialExecutor,
    make_executor,
)
from printkit.simulation.games import play_chunk, play_quietly
from printkit.simulation.progress import BatchResult, Progress, run_batch
from printkit.simulation.stop import request_stop, stop_requested, stopping_on_signals

__all__ = [
    "BatchResult",
    "Chunk",
    "DaskExecutor",
    "Executor",
    "ExecutorKind",
    "Extreme",
    "Histogram",
    "Job",
    "LocalExecutor",
    "Moments",
    "Progress",
    "SerialExecutor",
    "Tally",
    "chunk_size",
    "make_executor",
    "play_chunk",
    "play_quietly",
    "request_stop",
    "run_batch",
    "split",
    "stop_requested",
    "stopping_on_signals",
    "win_points",
]
