"""The same validation on a dask.distributed cluster: a ``LocalCluster`` of 2 worker
processes on loopback gives the very totals the local executor gives."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import Cli

from printkit.simulation import Executor

distributed = pytest.importorskip("distributed")

from printkit.context import BuildContext  # noqa: E402
from printkit.kits import get_game_kit  # noqa: E402
from printkit.paper import paper  # noqa: E402
from printkit.simulation import DaskExecutor, LocalExecutor  # noqa: E402
from printkit.validate import RunSettings, validate_kit  # noqa: E402


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _run(kit: str, executor: Executor) -> str:
    found, interrupted = validate_kit(get_game_kit(kit), BuildContext(paper("a4")),
                                      RunSettings(80, 11, pair_games=10, chunk=13),
                                      executor=executor)
    assert not interrupted
    return json.dumps([r.to_json() for r in found], sort_keys=True)


@pytest.mark.parametrize("kit", ["tug-of-war", "wftgts"])
def test_a_dask_cluster_gives_the_local_executors_totals(scheduler: str, kit: str) -> None:
    dask = DaskExecutor(scheduler)
    local = LocalExecutor(2)
    try:
        assert dask.workers == 2
        assert _run(kit, dask) == _run(kit, local)
    finally:
        dask.close()
        local.close()


def test_the_command_runs_on_the_cluster(scheduler: str, cli: Cli) -> None:
    r = cli("validate", "tug-of-war", "--games", "30", "--pair-games", "4", "--json",
            "--executor", "dask", "--scheduler", scheduler)
    assert r.code == 0, r.err
    on_dask = json.loads(r.out)
    r = cli("validate", "tug-of-war", "--games", "30", "--pair-games", "4", "--json",
            "--jobs", "1")
    assert json.loads(r.out) == on_dask and on_dask["games"] == 30


def test_an_unreachable_scheduler_is_one_clear_error() -> None:
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match="cannot reach the dask scheduler at tcp://"):
        _ = DaskExecutor("tcp://127.0.0.1:9", timeout=1.0).workers
