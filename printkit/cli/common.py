"""What every command of the CLI shares: exit codes, output paths, the duplex offset, the
game a command plays, errors.

Every command module imports this one (and :mod:`printkit.cli.options`), never the main group
(:mod:`printkit.cli`) nor another command's module: the main group registers the commands.
"""

from __future__ import annotations

import functools
import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from printkit.engines.core import LogFormatError
from printkit.engines.core.reading import UnreadableError, text_file
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.engines.core import Game
    from printkit.handouts.batch import Job

EXIT_BAD_INPUT = 2
EXIT_FAILED_CHECK = 1
MAX_DUPLEX_OFFSET_MM = 20.0


class Fail(click.ClickException):
    """A check that ran and failed (validation short of capacity, preflight errors): exit 1."""

    exit_code = EXIT_FAILED_CHECK


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A command that turns a :class:`~printkit.errors.PrintkitError` into one line on stderr
    and exit code 2, so that it also behaves when run on its own (``python -c "from
    printkit.cli.production import deck; deck()" ...``)."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PrintkitError as exc:
            click.echo(f"printkit: {exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper


def game(name: str) -> Game[Any, Any]:
    """The rules engine of the game ``name``."""
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    return get_game_kit(name).game()


def read_text(path: str) -> str:
    """A log the user names, read whole (one line on stderr when it cannot be)."""
    try:
        return text_file(path, "log")
    except UnreadableError as exc:
        if str(exc).endswith("is not UTF-8 text"):
            raise LogFormatError(str(exc)) from None
        raise PrintkitError(str(exc)) from None


def out_dir(path: str) -> Path:
    """The output folder ``path``, created; one line when it cannot be, or cannot be written."""
    if not path.strip():
        raise PrintkitError("--out names no folder (give one, e.g. --out out)")
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PrintkitError(f"cannot create output folder {out}: {exc.strerror or exc}") from None
    probe = out / ".printkit-write-test"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise PrintkitError(f"output folder {out} is not writable: {exc.strerror or exc}") from None
    return out


def out_file(path: str) -> Path:
    """The output file ``path``, its folder created (:func:`out_dir`)."""
    if not path.strip():
        raise PrintkitError("the output file is empty (give a file name)")
    out = Path(path)
    if out.is_dir():
        raise PrintkitError(f"{out} is a folder; give a file name")
    out_dir(str(out.parent if str(out.parent) else "."))
    return out


def sheet_options(game: str, sheet: str | None) -> dict[str, Any]:
    """The game options of ``--sheet FILE`` for the one game ``game``."""
    if sheet is None:
        return {}
    if game == "all":
        raise PrintkitError("--sheet applies to one game; name it instead of `all`")
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    return get_game_kit(game).sheet_options(sheet)


def parse_offset(text: str | None) -> tuple[float, float]:
    """``--duplex-offset X,Y`` (millimetres) -> (x, y); no offset when empty.

    Each may be negative (a back printed too far right needs a negative X); more than 20 mm
    is a misreading of the calibration page, not a printer's error.

    >>> parse_offset("0.5,-1"), parse_offset(" -2 , 3 "), parse_offset(None)
    ((0.5, -1.0), (-2.0, 3.0), (0.0, 0.0))
    """
    if not text:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:  # not a number, or not two of them
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise PrintkitError(f"--duplex-offset wants two numbers in mm like 0.5,-1, got {text!r}")
    if abs(x) > MAX_DUPLEX_OFFSET_MM or abs(y) > MAX_DUPLEX_OFFSET_MM:
        raise PrintkitError(f"--duplex-offset {text} is over {MAX_DUPLEX_OFFSET_MM:g} mm: print "
                            "the calibration page again and read the scale")
    return (x, y)


def run_batch(batch: list[Job], out: Path, jobs: int | None, what: str) -> None:
    """Run ``batch`` into ``out`` behind a progress bar, say what it wrote, and list every
    failure at the end (exit 1 when there is one)."""
    from printkit.handouts.batch import default_jobs, run  # lazy: loads pypdf and Jinja2

    result = run(batch, out, workers=jobs or default_jobs(),
                 progress=_progress(what))  # type: ignore[arg-type]
    for entry in result.entries:
        click.echo(f"wrote {out / entry.file} ({entry.pages} pages)")
    click.echo(f"wrote {out / 'manifest.json'} and {out / 'index.html'}: "
               f"{len(result.entries)} files, {result.pages} pages in {result.seconds:.1f} s")
    if result.failures:
        for job, error in result.failures:
            click.echo(f"failed: {job.label}: {error}", err=True)
        raise Fail(f"{len(result.failures)} of {len(batch)} {what} failed")


def _progress(label: str) -> object:
    """A click progress bar over a batch's outcomes (jobs done, failures, elapsed), drawn
    only on a terminal."""
    from printkit.handouts.batch import Outcome  # lazy: loads pypdf and Jinja2

    def show(stream: Iterable[Outcome], total: int) -> Iterator[Outcome]:
        if not sys.stderr.isatty():  # a bar is for a person at a terminal, not a pipe or log
            yield from stream
            return
        start = time.perf_counter()
        failed = 0
        with click.progressbar(length=total, label=label, file=sys.stderr,
                               show_eta=False, show_percent=False, show_pos=True) as bar:
            for outcome in stream:
                failed += bool(outcome.error)
                bar.label = (f"{label} ({failed} failed, "
                             f"{time.perf_counter() - start:.0f} s)" if failed else
                             f"{label} ({time.perf_counter() - start:.0f} s)")
                bar.update(1)
                yield outcome

    return show
