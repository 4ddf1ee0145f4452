"""What printkit keeps in its cache folder, how large it is, and emptying it.

printkit caches what is slow to make and the same every time, in
:func:`printkit.resources.cache_dir` (``PRINTKIT_CACHE_DIR`` names another folder): an
engine's optimal-play tables (a ``<game>-optimal-v<format>-<rules hash>`` folder; a new one
replaces the others when it is written) and font instances (under
``fonts/``). Anything else found there is listed as such. The folder is printkit's alone,
so :func:`clear` empties it, but it never follows a link out of it and refuses the home
folder or a filesystem root (a mistyped ``PRINTKIT_CACHE_DIR``).

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "fonts").mkdir(); _ = (root / "fonts" / "a.ttf").write_bytes(b"0" * 2048)
>>> [(e.name, e.kind, e.size) for e in listing(root).entries]
[('fonts/a.ttf', 'font instances', 2048)]
>>> clear(root).freed, listing(root).entries
(2048, ())
>>> root.rmdir()
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.resources import cache_dir as resources_cache_dir

TABLES = "optimal tables"
FONTS = "font instances"
OTHER = "other"
KINDS = (TABLES, FONTS, OTHER)
"""The kinds of entry, in the order they are listed."""
MIB = 1024 * 1024


TABLE_NAME = re.compile(r"\.?[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*-optimal-v\d+-[0-9a-f]+(?:\..*)?")
"""An engine's optimal-play tables: ``<game>-optimal-v<format>-<rules hash>``, finished, or
being built (a dot before it and a suffix after). Matched by name, so that shared code names
no game (tests/test_kits.py)."""


def _is_table_dir(name: str) -> bool:
    """A folder of an engine's optimal-play tables, finished or being built."""
    return TABLE_NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class Entry:
    """One thing in the cache: ``name`` is its path inside the cache folder (``/``-separated),
    ``size`` its bytes (a folder: of every file in it)."""

    path: Path
    name: str
    kind: str
    size: int


@dataclass(frozen=True)
class Listing:
    """The cache folder and what is in it, grouped by kind (:data:`KINDS` order), then by
    name."""

    root: Path
    entries: tuple[Entry, ...]

    @property
    def total(self) -> int:
        return sum(e.size for e in self.entries)

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries if e.kind == kind]

    def report(self) -> str:
        """What ``printkit cache`` prints: the folder, each entry with its size in MiB under
        its kind, and the total."""
        lines = [f"cache folder: {self.root}"]
        if not self.entries:
            lines.append("nothing cached")
        width = max((len(e.name) for e in self.entries), default=0)
        for kind in KINDS:
            entries = self.of_kind(kind)
            if entries:
                lines.append(f"{kind}:")
                lines += [f"  {e.name:<{width}}  {_mib(e.size)}" for e in entries]
        count = len(self.entries)
        lines.append(f"total: {_mib(self.total)} in {count} entr{'y' if count == 1 else 'ies'}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Cleared:
    """What :func:`clear` removed: the entries, and the bytes they took."""

    root: Path
    removed: tuple[Entry, ...]

    @property
    def freed(self) -> int:
        return sum(e.size for e in self.removed)

    def report(self) -> str:
        """What ``printkit cache clear`` prints."""
        if not self.removed:
            return f"nothing to clear in {self.root}"
        count = len(self.removed)
        return (f"freed {_mib(self.freed)}: removed {count} entr{'y' if count == 1 else 'ies'}"
                f" from {self.root}")


def _mib(size: int) -> str:
    return f"{size / MIB:.1f} MiB"


def cache_dir() -> Path:
    """printkit's cache folder (:func:`printkit.resources.cache_dir`); a path that cannot be a
    folder (a file is there, or no permission) is bad input."""
    try:
        root = resources_cache_dir()
    except OSError as exc:
        where = exc.filename or os.environ.get("PRINTKIT_CACHE_DIR") or "the cache folder"
        if isinstance(exc, FileExistsError):
            reason = "it is a file"
        elif isinstance(exc, NotADirectoryError):
            reason = "a file is in its path"
        else:
            reason = exc.strerror or str(exc)
        raise PrintkitError(f"cannot use {where} as printkit's cache folder: {reason}"
                            " (set PRINTKIT_CACHE_DIR to a folder)") from None
    if not root.is_dir():
        raise PrintkitError(f"cannot use {root} as printkit's cache folder: it is not a folder"
                            " (set PRINTKIT_CACHE_DIR to a folder)")
    return root


def _size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder; links count as themselves."""
    try:
        if path.is_symlink() or not path.is_dir():
            return path.lstat().st_size
    except OSError:
        return 0
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass  # removed while we looked
    return total


def _children(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir(), key=lambda p: p.name)
    except OSError as exc:
        raise PrintkitError(f"cannot read {folder}: {exc.strerror or exc}") from None


def listing(root: Path | None = None) -> Listing:
    """Everything in the cache folder (default :func:`cache_dir`): each table folder, each
    font instance under ``fonts/``, and anything else, with sizes."""
    root = cache_dir() if root is None else root
    found: list[Entry] = []
    for child in _children(root):
        if child.name == "fonts" and child.is_dir() and not child.is_symlink():
            found += [Entry(p, f"fonts/{p.name}", FONTS, _size(p)) for p in _children(child)]
        elif _is_table_dir(child.name) and child.is_dir() and not child.is_symlink():
            found.append(Entry(child, child.name, TABLES, _size(child)))
        else:
            found.append(Entry(child, child.name, OTHER, _size(child)))
    order = {kind: i for i, kind in enumerate(KINDS)}
    found.sort(key=lambda e: (order[e.kind], e.name))
    return Listing(root, tuple(found))


def _refuse(root: Path) -> None:
    """A folder that cannot be printkit's alone: the home folder or above it, a root."""
    real = root.resolve()
    home = Path.home().resolve()
    if real == Path(real.anchor) or real == home or real in home.parents:
        raise PrintkitError(f"will not empty {root}: it is not a folder for printkit's cache"
                            " alone (check PRINTKIT_CACHE_DIR)")


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink()
    else:
        shutil.rmtree(path)


def clear(root: Path | None = None) -> Cleared:
    """Empty the cache folder (default :func:`cache_dir`; the folder itself stays): every
    entry of :func:`listing`. What cannot be removed is bad input, named, after the rest is
    gone."""
    found = listing(root)
    _refuse(found.root)
    removed: list[Entry] = []
    failed: list[str] = []
    for entry in found.entries:
        try:
            _remove(entry.path)
        except FileNotFoundError:
            pass  # already gone (another process)
        except OSError as exc:
            failed.append(f"{entry.name} ({exc.strerror or exc})")
            continue
        removed.append(entry)
    fonts = found.root / "fonts"
    if fonts.is_dir() and not fonts.is_symlink():
        try:
            fonts.rmdir()  # now empty
        except OSError:
            pass
    if failed:
        raise PrintkitError(f"freed {_mib(sum(e.size for e in removed))} but cannot remove "
                            f"{', '.join(failed)} from {found.root}")
    return Cleared(found.root, tuple(removed))
