"""Builds shared by the whole test run: each kit is built once, whatever module needs it.

Several modules read the same build (every kit on A4 in the print-shop profile, say). Each
build is keyed by its exact arguments and kept in a folder of the run's temporary directory;
the first test that needs it builds it, the others read the same files. Under pytest-xdist
every worker is a session of its own, so the folder lives where the workers' temporary
directories meet (``getbasetemp().parent``, unique to the run), and a lock file per build
(``fcntl.flock``) makes one worker build while another that needs the same waits for it.

The files of a shared build are read only: a test that must change a built file copies it
into its own ``tmp_path`` first (``shutil.copytree``), or builds its own.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import re
import shutil
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

_memo: dict[str, Any] = {}  # this process's results, by key


def shared_root(factory: pytest.TempPathFactory) -> Path:
    """The run's folder of shared builds: the same for every xdist worker of one run, and
    new for every run."""
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the controller's basetemp, which holds every worker's
    root = base / "shared-builds"
    root.mkdir(exist_ok=True)
    return root


def _name(key: Hashable, label: str) -> str:
    text = repr(key)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", label or text)[:60].strip("-")
    return f"{slug}-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def shared(factory: pytest.TempPathFactory, key: Hashable, build: Callable[[Path], T],
           label: str = "") -> tuple[Path, T]:
    """``build(folder)`` run once per test run for ``key`` (every argument the build depends
    on, with a repr that says it exactly); returns the folder and what ``build`` returned
    (picklable). A build that raised is tried again by the next test that asks for it.
    ``label`` starts the folder's name, for a person looking at it."""
    name = _name(key, label)
    root = shared_root(factory)
    folder = root / name
    if name in _memo:
        return folder, _memo[name]
    done = root / f"{name}.result"
    with open(root / f"{name}.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if done.exists():
                result = pickle.loads(done.read_bytes())
            else:
                shutil.rmtree(folder, ignore_errors=True)  # what a failed build left
                folder.mkdir()
                result = build(folder)
                partial = root / f"{name}.partial"
                partial.write_bytes(pickle.dumps(result))
                os.replace(partial, done)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    _memo[name] = result
    return folder, result


def built_kits(factory: pytest.TempPathFactory, target: str, build: Any, *,
               components: tuple[str, ...] = (), pack: bool = True,
               copy: str = "") -> tuple[Path, Any]:
    """``build_kits(target, build, folder, components=..., pack=...)`` once per run: the
    folder (which holds ``<kit>/``) and the preflight report. ``copy`` names an independent
    second build of the same arguments (for a test that compares two builds' bytes)."""
    from printkit.pipeline import build_kits

    def run(folder: Path) -> Any:
        return build_kits(target, build, folder, components=components, pack=pack,
                          echo=lambda _s: None)

    paper = build.paper
    label = "-".join(str(part) for part in (
        target, paper.name, "landscape" if paper.width > paper.height else "", build.profile,
        build.locale, "flat" if not pack else "", copy) if part)
    return shared(factory, ("build_kits", target, build, components, pack, copy), run, label)
