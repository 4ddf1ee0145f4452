"""``printkit examples``: the example logs, custom sheets and sample decks printkit ships.

An installed printkit carries them inside the package (``printkit.examples``); ``list`` says
what there is and ``copy DIR`` writes them out, in the same folders as the source tree's
``examples/`` (``examples/GAME/LOG.jsonl``), so that the README's commands work from the
folder they were copied into.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import click

from printkit.cli.common import out_dir
from printkit.engines.core.files import atomic_write_bytes
from printkit.errors import PrintkitError
from printkit.resources import examples_dir

KINDS = {".jsonl": "game log", ".toml": "sheet or layout", ".csv": "deck", ".md": "notes"}
DEVELOPER_ONLY = ("rtl",)  # evidence for developers, left out of the wheel (pyproject.toml)


@dataclass(frozen=True)
class Example:
    """One shipped file: its path under the examples folder and what it is."""

    path: Path
    relative: str
    about: str


def shipped_examples(game: str | None = None) -> list[Example]:
    """Every shipped example file (of one folder, a game's or ``decks``, when ``game`` is
    given), sorted by path."""
    root = examples_dir()
    found: list[Example] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if (not path.is_file() or path.suffix not in KINDS or len(rel.parts) < 2
                or "__pycache__" in rel.parts or rel.parts[0] in DEVELOPER_ONLY):
            continue
        if game is not None and rel.parts[0] != game:
            continue
        found.append(Example(path, rel.as_posix(), _about(path)))
    if game is not None and not found:
        folders = sorted({e.relative.split("/")[0] for e in shipped_examples()})
        raise PrintkitError(f"no examples for {game!r}; there are: {', '.join(folders)}")
    return found


def _about(path: Path) -> str:
    """A few words on a file: for a log, its game and players; else its kind."""
    if path.suffix != ".jsonl":
        if path.parent.name == "sheets":
            return "custom sheet (--sheet FILE)"
        if path.parent.name == "decks":
            return "deck layout" if path.suffix == ".toml" else "sample deck (printkit deck)"
        return KINDS[path.suffix]
    try:
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        names = [p["name"] if isinstance(p, dict) else str(p) for p in header["players"]]
        return f"{header['game']} log: {', '.join(names)}"
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return KINDS[path.suffix]


@click.group("examples", invoke_without_command=True)
@click.pass_context
def examples(ctx: click.Context) -> None:
    """The shipped example logs, sheets and decks (`list`, `copy DIR`)."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_examples)


@examples.command("list")
@click.option("--game", help="Only this folder's examples (a game, or `decks`).")
def list_examples(game: str | None) -> None:
    """List the shipped examples and where they are."""
    found = shipped_examples(game)
    width = max(len(e.relative) for e in found)
    for e in found:
        click.echo(f"examples/{e.relative:<{width}}  {e.about}")
    click.echo(f"{len(found)} files in {examples_dir()}; "
               "`printkit examples copy DIR` writes them into DIR/")


@examples.command("copy")
@click.argument("folder", metavar="DIR")
@click.option("--game", help="Only this folder's examples (a game, or `decks`).")
@click.option("--force", is_flag=True, help="Overwrite files that differ from the shipped ones.")
def copy_examples(folder: str, game: str | None, force: bool) -> None:
    """Copy the shipped examples into DIR (DIR/GAME/LOG.jsonl, DIR/decks/..., as listed)."""
    found = shipped_examples(game)
    out = out_dir(folder)
    plan: list[tuple[Example, Path, bytes]] = []
    for e in found:  # check every file before writing any
        target = out / e.relative
        data = e.path.read_bytes()
        if target.exists() and not force and (not target.is_file()
                                              or target.read_bytes() != data):
            raise PrintkitError(f"{target} exists and differs from the shipped example; "
                                "give --force to overwrite it")
        plan.append((e, target, data))
    written = 0
    for _e, target, data in plan:
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, data)
        written += 1
    click.echo(f"copied {written} of {len(plan)} example files into {out}/"
               + (f" ({len(plan) - written} were there already)" if written < len(plan) else ""))
