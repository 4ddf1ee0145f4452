"""The layers, enforced (issue 26 items 2 and 10): engines import nothing of the print side, no
kit imports another, shared code reaches a kit only through the registry, the print layer is
stacked page < layout < drawing kits, and no lazy import hides a circle.

Every ``import`` in every module is read from its syntax tree, wherever it stands (module
level, inside a function, under ``TYPE_CHECKING``), so a lazy import cannot hide a crossing.
The rules:

- ``engines/`` (``printkit.engines``) imports nothing of ``printkit`` outside it: an engine
  runs, replays and validates without ReportLab, fonts or the CLI;
- a game's engine and templates import no other game's engine or templates, and no kit's
  templates import another kit's (the core and the shared print layer are for all);
- shared code (``printkit/``, ``engines/core/``, ``templates/``'s own files) imports no kit,
  the games' nor the printable dice (``templates/dice``): kits are found through
  ``printkit.kits`` (entry points), never by name;
- the print layer is three packages, each drawing through the ones below it and importing
  nothing above: ``printkit/page/`` (what a page is) imports no layout algorithm, drawing kit
  or what uses them; ``printkit/layout/`` no drawing kit; ``printkit/drawing/`` none of the
  pipelines, handouts, validation or CLI that use the drawing kits (:data:`ABOVE`);
- only the CLI (``cli/``, ``__main__.py``, ``demo.py``) imports the CLI, and no command
  module imports the main group (``cli/__init__.py`` registers the commands) or another
  command's module: what commands share is ``printkit.cli.common`` and ``printkit.cli.options``;
- an import inside a function of ``printkit/`` is an exception, for start-up time only: it is
  listed in :data:`LAZY` with the reason, and marked where it stands with a ``# lazy:``
  comment (on its line, or above or on the first line of its block of imports).
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOPS = {"printkit": "printkit", "engines": "printkit.engines", "templates": "printkit.templates"}
GAME_FOLDERS = ("engines", "templates")

ABOVE = {
    "page": ("layout", "drawing", "kits", "pipeline", "handouts", "validate", "validate_report",
             "simulation", "decks", "cli", "demo"),
    "layout": ("drawing", "kits", "pipeline", "handouts", "validate", "validate_report",
               "simulation", "decks", "cli", "demo"),
    "drawing": ("pipeline", "handouts", "validate", "validate_report", "simulation",
                "decks", "cli", "demo"),
}
"""What each package of the print layer may not import (modules of ``printkit``): what stands
above it."""

CLI = ("cli/*", "__main__.py", "demo.py")
"""The command line: only these import ``printkit.cli``."""

SHARED_BY_COMMANDS = ("common", "options")
"""The modules of ``printkit/cli/`` that every command may import."""

COMMAND_MACHINERY = ("printkit.kits", "printkit.context", "printkit.i18n", "printkit.pipeline",
                     "printkit.handouts", "printkit.simulation", "printkit.validate",
                     "printkit.decks", "printkit.preview",
                     "printkit.layout.calibration")
"""What a command imports when it runs: the kits, the drawing context and the pipelines load
ReportLab, the handouts Jinja2 and pypdf, the preview pypdfium2."""

LAZY: dict[tuple[str, str], str] = {
    **{(where, module): "a command's machinery, loaded when the command runs: printkit loads "
                        "every command to start, and `printkit --help` loads none of it"
       for where in ("cli/*",) for module in COMMAND_MACHINERY},
    ("fonts.py", "fontTools"): "fontTools takes 0.1 s to load; only drawing needs it",
    ("drawing/draw.py", "fontTools"): "fontTools takes 0.1 s to load; only drawing needs it",
    ("page/structure.py", "pypdf"): "pypdf takes 0.2 s to load; only a written PDF needs "
                                    "it, and the preflight imports the structure check",
    ("page/preflight.py", "pypdf"): "pypdf takes 0.2 s to load; only a written PDF needs it "
                                    "(check_pdf), and everything imports the preflight",
    ("pipeline.py", "printkit.layout.assembly"): "the kit assembly loads pypdf and pypdfium2 "
                                                 "(0.3 s), which only build needs",
    ("simulation/executors.py", "asyncio"): "0.05 s to load, for the dask executor only",
    ("simulation/executors.py", "distributed"): "1.2 s to load, and an optional extra",
}
"""Every function-level import ``printkit/`` may have: (file glob under printkit/, module or
package) -> why it saves start-up time."""


def games() -> set[str]:
    """The game packages: the folders of ``engines/`` other than the core."""
    return {p.name for p in (ROOT / "engines").iterdir()
            if p.is_dir() and (p / "__init__.py").exists() and p.name != "core"}


def kit_packages() -> set[str]:
    """The kits' packages: the folders of ``templates/`` (the games' and the dice's)."""
    return {p.name for p in (ROOT / "templates").iterdir()
            if p.is_dir() and (p / "__init__.py").exists()}


def imported(source: str) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of everything ``source`` imports, absolute or relative."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def _is(relative: Path, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(relative.as_posix(), p) for p in patterns)


def crossings(top: str, relative: Path, source: str, game_names: set[str],
              kit_names: set[str] | None = None) -> list[str]:
    """What the module at ``top/relative`` may not import, each as ``file:line: why``."""
    kits = game_names | (kit_names or set())
    owners = game_names if top == "engines" else kits
    own = relative.parts[0] if len(relative.parts) > 1 and top in GAME_FOLDERS else None
    own = own if own in owners else None
    layer = relative.parts[0] if top == "printkit" and len(relative.parts) > 1 else None
    where = f"{top}/{relative}"
    found: list[str] = []
    seen: set[int] = set()  # one finding per import statement (``from a import b``: a, a.b)
    for line, name in imported(source):
        parts = name.split(".")
        if parts[0] != "printkit" or line in seen:
            continue
        before = len(found)
        if top == "engines" and parts[1:2] != ["engines"]:
            found.append(f"{where}:{line}: an engine imports the print side ({name})")
        if len(parts) > 2 and parts[1] in GAME_FOLDERS and parts[2] in kits:
            what = "game" if parts[2] in game_names else "kit"
            if own is None:
                found.append(f"{where}:{line}: shared code imports a {what} ({name}); "
                             "reach it through printkit.kits")
            elif parts[2] != own:
                found.append(f"{where}:{line}: {own} imports another {what} ({name})")
        if layer in ABOVE and len(parts) > 1 and parts[1] in ABOVE[layer]:
            found.append(f"{where}:{line}: the {layer} layer imports what stands above it "
                         f"({name})")
        if len(found) == before and len(parts) > 1 and parts[1] == "cli":
            command = (top == "printkit" and _is(relative, ("cli/*",))
                       and relative.name != "__init__.py")
            if top != "printkit" or not _is(relative, CLI):
                found.append(f"{where}:{line}: only the CLI imports the CLI ({name})")
            elif command and len(parts) == 2:
                found.append(f"{where}:{line}: a command imports the main group ({name}); "
                             "share through printkit.cli.common or printkit.cli.options")
            elif command and parts[2] not in (*SHARED_BY_COMMANDS, relative.stem):
                found.append(f"{where}:{line}: a command imports another command's module "
                             f"({name}); share through printkit.cli.common")
        if len(found) > before:
            seen.add(line)
    return found


def _runs(fn: ast.AST) -> Iterator[list[ast.Import | ast.ImportFrom]]:
    """The runs of consecutive import statements in every block of the function ``fn``."""
    for node in ast.walk(fn):
        for block in ("body", "orelse", "finalbody"):
            stmts = getattr(node, block, None)
            if not isinstance(stmts, list):  # a lambda's or a conditional expression's body
                continue
            run: list[ast.Import | ast.ImportFrom] = []
            for stmt in stmts:
                if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                    run.append(stmt)
                    continue
                if run:
                    yield run
                run = []
            if run:
                yield run


def _listed(relative: Path, module: str) -> bool:
    return any(fnmatch.fnmatch(relative.as_posix(), where)
               and (module == allowed or module.startswith(allowed + "."))
               for where, allowed in LAZY)


def lazy_imports(relative: Path, source: str) -> list[str]:
    """The function-level imports of ``printkit/relative`` that are not listed in
    :data:`LAZY` or not marked ``# lazy:``, each as ``file:line: why``."""
    lines = source.splitlines()
    found = []
    done: set[int] = set()
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for run in _runs(fn):
            if id(run[0]) in done:  # a nested function's runs are walked twice
                continue
            done.add(id(run[0]))
            above = lines[run[0].lineno - 2].strip() if run[0].lineno > 1 else ""
            first = "\n".join(lines[run[0].lineno - 1:run[0].end_lineno])
            marked = above.startswith("# lazy:") or "# lazy:" in first  # the whole block
            for stmt in run:
                modules = ([a.name for a in stmt.names] if isinstance(stmt, ast.Import)
                           else [stmt.module or ""])
                own = "\n".join(lines[stmt.lineno - 1:stmt.end_lineno])
                for module in modules:
                    where = f"printkit/{relative}:{stmt.lineno}"
                    if not _listed(relative, module):
                        found.append(f"{where}: a function-level import of {module} that "
                                     "LAZY does not list")
                    elif "# lazy:" not in own and not marked:
                        found.append(f"{where}: a function-level import of {module} without "
                                     "a '# lazy:' comment")
    return found


def test_no_module_crosses_a_layer() -> None:
    names = games()
    assert names == {"wftgts", "tug_of_war", "war_pnp", "war_of_bones", "pwinch_wars"}
    assert kit_packages() == names | {"dice"}
    found = []
    checked = 0
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            checked += 1
            found += crossings(top, path.relative_to(ROOT / top),
                               path.read_text(encoding="utf-8"), names, kit_packages())
    assert checked > 150  # every module of the three trees was read
    assert found == []


def test_no_lazy_import_without_a_reason() -> None:
    """A function-level import in printkit/ saves start-up time, is listed with the reason
    and says so where it stands; every listed exception is still used."""
    found = []
    used: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        relative = path.relative_to(ROOT / "printkit")
        source = path.read_text(encoding="utf-8")
        found += lazy_imports(relative, source)
        for fn in ast.walk(ast.parse(source)):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                                   else [node.module or ""])
                        used |= {(w, m) for w, m in LAZY for module in modules
                                 if fnmatch.fnmatch(relative.as_posix(), w)
                                 and (module == m or module.startswith(m + "."))}
    assert found == []
    unused = {key for key in LAZY if key[0] != "cli/*"} - used
    assert unused == set(), "LAZY lists exceptions no module has any more"


@pytest.mark.parametrize(("top", "relative", "source", "says"), [
    ("engines", "wftgts/bots.py", "def f():\n    from printkit.drawing.draw import fit\n",
     "engines/wftgts/bots.py:2: an engine imports the print side (printkit.drawing.draw)"),
    ("engines", "core/log.py", "import printkit.cli\n",
     "engines/core/log.py:1: an engine imports the print side (printkit.cli)"),
    ("engines", "war_pnp/game.py", "from printkit.engines.wftgts.rules import RULES\n",
     "engines/war_pnp/game.py:1: war_pnp imports another game"),
    ("templates", "tug_of_war/mat.py", "from printkit.templates import war_of_bones\n",
     "templates/tug_of_war/mat.py:1: tug_of_war imports another game"),
    ("printkit", "drawing/deck.py",
     "def g():\n    import printkit.templates.pwinch_wars.cards\n",
     "printkit/drawing/deck.py:2: shared code imports a game"),
    ("engines", "core/runner.py", "from printkit.engines.tug_of_war import game\n",
     "engines/core/runner.py:1: shared code imports a game"),
    ("printkit", "kits.py", "from printkit.templates.dice import KIT\n",
     "printkit/kits.py:1: shared code imports a kit (printkit.templates.dice)"),
    ("templates", "wftgts/components.py", "from printkit.templates.dice.games import presets\n",
     "templates/wftgts/components.py:1: wftgts imports another kit"),
    ("templates", "dice/games.py", "from printkit.templates.wftgts import KIT\n",
     "templates/dice/games.py:1: dice imports another game"),
    ("printkit", "page/document.py", "from printkit.layout.impose import impose\n",
     "printkit/page/document.py:1: the page layer imports what stands above it"),
    ("printkit", "page/canvas.py", "def f():\n    from printkit.drawing import dice\n",
     "printkit/page/canvas.py:2: the page layer imports what stands above it"),
    ("printkit", "layout/tile.py", "from printkit.drawing.hexmap import draw_map\n",
     "printkit/layout/tile.py:1: the layout layer imports what stands above it"),
    ("printkit", "drawing/dice.py", "from printkit.pipeline import drawing\n",
     "printkit/drawing/dice.py:1: the drawing layer imports what stands above it"),
    ("printkit", "pipeline.py", "from printkit.cli.common import out_dir\n",
     "printkit/pipeline.py:1: only the CLI imports the CLI"),
    ("printkit", "cli/handouts.py", "def f():\n    from printkit.cli import main\n",
     "printkit/cli/handouts.py:2: a command imports the main group"),
    ("printkit", "cli/build.py", "from printkit.cli.handouts import run_batch\n",
     "printkit/cli/build.py:1: a command imports another command's module"),
    ("printkit", "layout/impose.py", "from printkit.decks import build_deck\n",
     "printkit/layout/impose.py:1: the layout layer imports what stands above it"),
])
def test_the_check_finds_each_kind_of_crossing(top: str, relative: str, source: str,
                                               says: str) -> None:
    found = crossings(top, Path(relative), source, games(), kit_packages())
    assert len(found) == 1 and found[0].startswith(says), found


def test_what_a_layer_may_import_passes() -> None:
    fine = ("from printkit.engines.core import Game\nimport numpy\n"
            "from printkit.engines.wftgts.rules import RULES\n")
    assert crossings("engines", Path("wftgts/game.py"), fine, games()) == []
    assert crossings("templates", Path("wftgts/sheet.py"),
                     "from printkit.drawing.draw import fit\n"
                     "from printkit.engines.wftgts import G\n", games()) == []
    assert crossings("printkit", Path("kits.py"), "from printkit.engines.core import Game\n",
                     games()) == []
    assert crossings("printkit", Path("drawing/dice.py"),
                     "from printkit.layout.fit import wrap\nfrom printkit.page import marks\n"
                     "from printkit.kits import Component\n", games(), kit_packages()) == []
    assert crossings("printkit", Path("cli/__init__.py"),
                     "from printkit.cli import build, cache\n", games(), kit_packages()) == []
    assert crossings("printkit", Path("cli/build.py"),
                     "from printkit.cli.common import Fail\nfrom printkit.cli.options import KIT\n",
                     games(), kit_packages()) == []
    assert crossings("templates", Path("dice/handout.py"),
                     "from printkit.templates.dice.games import presets\n", games(),
                     kit_packages()) == []


@pytest.mark.parametrize(("relative", "source", "says"), [
    ("context.py", "def f():\n    from printkit.fonts import font\n",
     "printkit/context.py:2: a function-level import of printkit.fonts that LAZY does not list"),
    ("fonts.py", "def f():\n    import fontTools\n",
     "printkit/fonts.py:2: a function-level import of fontTools without a '# lazy:' comment"),
    ("layout/packing.py", "def f():\n    import pypdfium2  # lazy: heavy\n",
     "printkit/layout/packing.py:2: a function-level import of pypdfium2 that LAZY does not "
     "list"),
])
def test_the_check_finds_an_unlisted_or_unmarked_lazy_import(relative: str, source: str,
                                                              says: str) -> None:
    assert lazy_imports(Path(relative), source) == [says]


def test_a_listed_and_marked_lazy_import_passes() -> None:
    marked = ("def f():\n    import fontTools  # lazy: 0.1 s\n\n"
              "def g():\n    # lazy: fontTools takes 0.1 s to load\n"
              "    from fontTools.ttLib import TTFont\n    from fontTools import version\n")
    assert lazy_imports(Path("fonts.py"), marked) == []
    command = ("def build():\n    # lazy: the machinery\n    from printkit.kits import kits\n"
               "    from printkit.pipeline import build_kits\n")
    assert lazy_imports(Path("cli/build.py"), command) == []
    assert lazy_imports(Path("cli/handouts.py"), command) == []
