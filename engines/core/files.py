"""Files written whole or not at all: a temporary file beside the target, then a rename.

Every file printkit writes goes through :func:`atomic_write_bytes` (or
:func:`atomic_write_text`): game logs here in the engines, and on the print side every PDF, PNG,
report and manifest. A run that fails or is interrupted leaves the old file (or none), never a
half-written one. It lives in the engines' core because engines write logs and import nothing
of the print side; printkit imports it from here.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    """The process's umask, read without changing it where Linux allows (``/proc``), else
    by setting and restoring it."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    ``mkstemp`` creates its file owner-only (0600); the finished file gets the mode a plain
    ``open()`` would give (0666 less the umask), so a folder served by a web server or shared
    with others can be read by them.
    """
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                   dir=path.parent or ".")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):  # name the file the user asked for, not the temporary
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """:func:`atomic_write_bytes` of ``text`` in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"))
