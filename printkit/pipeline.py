"""The pipelines: build a kit, draw an example from a log, measure a kit's capacities.

Each pipeline enters the build's locale and the kit's catalog and opens a preflight recorder
around every component, and hands each drawing function a
:class:`~printkit.context.DrawContext` carrying them; nothing is drawn outside one, and every
finding lands in the report the command prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printkit.context import BuildContext, DrawContext
from printkit.engines.core import GameLog, replay
from printkit.engines.core.files import atomic_write_bytes
from printkit.errors import PrintkitError
from printkit.kits import Component, Kit, get_kit, kits
from printkit.page.preflight import Preflight, check_pdf


@contextmanager
def drawing(build: BuildContext, report: Preflight | None = None,
            kit: Kit[Any, Any] | None = None) -> Iterator[DrawContext]:
    """The drawing context of ``build``, recording into ``report`` (or a fresh recorder),
    speaking the words of ``kit`` (its catalog, then printkit's own; without a kit, printkit's
    own). Everything below draws, translates and records through it; nothing is installed
    anywhere else (no global locale, catalog, recorder or context)."""
    yield DrawContext(build, report if report is not None else Preflight(),
                      catalog=kit.catalog if kit is not None else None)


def select(components: Sequence[Component[Any]], wanted: Sequence[str],
           kit: str) -> list[Component[Any]]:
    if not wanted:
        return list(components)
    names = {c.name: c for c in components}
    missing = [w for w in wanted if w not in names]
    if missing:
        raise PrintkitError(f"{kit} has no component {missing[0]!r}; choose from "
                            f"{', '.join(names)}")
    return [names[w] for w in wanted]


def check_options(chosen: Sequence[Component[Any]], options: Mapping[str, Any],
                  target: str) -> None:
    """Every option given must be one that some component of the build takes."""
    given = [k for k, v in options.items() if v not in (None, False)]
    takers = {name for c in chosen for name in c.option_names()}
    for key in given:
        if key not in takers:
            flag = "--" + key.replace("_", "-")
            raise PrintkitError(f"{flag} applies to no component of {target}")


BUILD_RECORD = ".printkit-build.json"
"""Beside a kit's files: the paper, orientation, language and profile they were built for."""


def build_record(build: BuildContext) -> dict[str, str]:
    """What decides a kit's files' content and names nothing in them: two builds that differ
    here must not share a folder."""
    return {"paper": build.paper.name,
            "orientation": "landscape" if build.paper.width > build.paper.height else "portrait",
            "locale": build.locale, "profile": build.profile}


def check_folder(folder: Path, build: BuildContext) -> None:
    """Refuse to build into ``folder`` when it holds a kit built for another paper,
    orientation, language or profile: the file names are the same, so the second build would
    silently replace the first (A4 and then Letter into one ``--out``)."""
    record = folder / BUILD_RECORD
    try:
        before = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # a new folder, or one an older printkit wrote: nothing to compare
    now = build_record(build)
    if not isinstance(before, dict):
        return
    was = [f"{key} {before.get(key)}" for key in now if before.get(key) != now[key]]
    this = [f"{key} {now[key]}" for key in now if before.get(key) != now[key]]
    if was:
        raise PrintkitError(
            f"{folder} holds a kit built for {', '.join(was)}; this build ({', '.join(this)}) "
            "would overwrite it: give another --out, or --overwrite to replace it")


def build_kits(target: str, build: BuildContext, out: Path, *,
               components: Sequence[str] = (), options: Mapping[str, Any] | None = None,
               echo: Callable[[str], Any] = print, pack: bool = True,
               overwrite: bool = False) -> Preflight:
    """Build ``target`` (a kit name or ``all``) into ``out/<kit>/``; return the preflight
    report. Each component is its own PDF; a kit of several is also joined into one, on
    shared sheets where small components fit together (unless ``pack`` is false), and its
    sheet count is echoed and written to the kit's preflight.txt."""
    # lazy: assembly loads pypdf and pypdfium2 (0.3 s), for build only
    from printkit.layout.assembly import assemble_kit

    options = dict(options or {})
    chosen_kits = list(kits().values()) if target == "all" else [get_kit(target)]
    report = Preflight()
    plans = []
    for kit in chosen_kits:
        chosen = select(kit.component_list(), components if target != "all" else (), kit.name)
        plans.append((kit, chosen))
    check_options([c for _kit, chosen in plans for c in chosen], options, target)
    if not overwrite:  # refuse before any file is written
        for kit, _chosen in plans:
            check_folder(out / kit.name, build)
    for kit, chosen in plans:
        folder = out / kit.name
        first_finding = len(report.findings)
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / BUILD_RECORD,
                           (json.dumps(build_record(build)) + "\n").encode("utf-8"))
        parts: list[tuple[str, Path]] = []
        sheet_line = ""
        with drawing(build, report, kit) as ctx:
            for comp in chosen:
                path = folder / f"{comp.name}.pdf"
                comp_ctx = ctx.for_component(comp.name).in_catalog(comp.catalog)
                comp.draw(comp_ctx, comp.make_options(options), path)
                check_pdf(path, report=report)
                parts.append((comp_ctx._(comp.title), path))
                echo(ctx._("wrote {path}").format(path=path))
            if len(parts) > 1 or not components:
                kit_path = folder / f"{kit.name}-kit.pdf"
                joined = assemble_kit(ctx._(kit.title), parts, kit_path, ctx, pack=pack)
                check_pdf(kit_path, report=report)
                echo(ctx._("wrote {path}").format(path=kit_path))
                summary = joined.summary(build.paper.name, ctx)
                echo(f"{kit.name}: {summary}")
                sheet_line = f"kit: {summary}\n"
        # every build keeps its preflight report (and the kit's sheet count) beside the PDFs
        text = Preflight(report.findings[first_finding:]).report() + sheet_line
        atomic_write_bytes(folder / "preflight.txt", text.encode("utf-8"))
    return report


def draw_example(kit: Kit[Any, Any], log: GameLog, build: BuildContext, out: Path) -> Preflight:
    """Replay ``log`` through the kit's example printer, which writes ``out``; the report
    holds what preflight found while it drew."""
    if kit.example is None:
        raise PrintkitError(f"{kit.name} has no example printer")
    game = kit.game()
    with drawing(build, kit=kit) as ctx:
        printer = kit.example(ctx.for_component("example"), log.header, out)
        replay(game, log, visitor=printer)
        if out.exists():  # an example printer writes its PDF when the game ends
            check_pdf(out, report=ctx.preflight)
        return ctx.preflight
