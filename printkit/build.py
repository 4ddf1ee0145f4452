"""``printkit build``: every component of a kit as its own PDF, plus one kit PDF per game."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from printkit.components import BuildContext, Component, available_kits, kit_components
from printkit.errors import PrintkitError


def example_module(game: str) -> Any:
    """The module that draws filled-in examples of ``game`` from a replayed log."""
    name = f"printkit.templates.{game.replace('-', '_')}.example"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"printkit.templates.{game.replace('-', '_')}"):
            raise
        raise PrintkitError(f"{game} has no example printer yet") from None


def select(components: Sequence[Component], wanted: Sequence[str], kit: str) -> list[Component]:
    if not wanted:
        return list(components)
    names = {c.name: c for c in components}
    missing = [w for w in wanted if w not in names]
    if missing:
        raise PrintkitError(f"{kit} has no component {missing[0]!r}; choose from "
                            f"{', '.join(names)}")
    return [names[w] for w in wanted]


def build_kits(target: str, ctx: BuildContext, out: Path, *, components: Sequence[str] = (),
               echo: Callable[[str], Any] = print) -> Any:
    """Build ``target`` (a kit name or ``all``) into ``out/<kit>/``; return the preflight report."""
    from printkit.production import preflight
    from printkit.production.kit import assemble

    kits = available_kits() if target == "all" else [target]
    if target != "all" and target not in available_kits():
        raise PrintkitError(f"unknown game or kit {target!r}; choose from "
                            f"{', '.join(available_kits())}")
    with preflight.collect() as report:
        for kit in kits:
            chosen = select(kit_components(kit, ctx), components if target != "all" else (), kit)
            folder = out / kit
            first_finding = len(report.findings)
            folder.mkdir(parents=True, exist_ok=True)
            parts: list[tuple[str, Path]] = []
            for comp in chosen:
                path = folder / f"{comp.name}.pdf"
                comp.draw(ctx, path)
                preflight.check_pdf(path, ctx, report=report)
                parts.append((comp.title, path))
                echo(f"wrote {path}")
            if len(parts) > 1 or not components:
                kit_path = folder / f"{kit}-kit.pdf"
                assemble(_kit_title(kit), parts, kit_path, ctx)
                echo(f"wrote {kit_path}")
            # the kit's log: every build keeps its preflight report beside the PDFs
            log_path = folder / "preflight.txt"
            preflight.Preflight(report.findings[first_finding:]).write(log_path)
    return report


def _kit_title(kit: str) -> str:
    try:
        import printkit.engines

        return printkit.engines.get_game(kit).info.title
    except Exception:  # a kit that is not a game (e.g. printable dice)
        return kit.replace("-", " ").title()
