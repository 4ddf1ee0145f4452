"""The layers, enforced (issue 26 item 10): engines import nothing of the print side, no game
imports another game, and shared code reaches a game only through the registry.

Every ``import`` in every module is read from its syntax tree, wherever it stands (module
level or inside a function), so a lazy import cannot hide a crossing. The rules:

- ``engines/`` (``printkit.engines``) imports nothing of ``printkit`` outside it: an engine
  runs, replays and validates without ReportLab, fonts or the CLI;
- a game's engine and templates import no other game's engine or templates (the core and the
  shared print layer are for all);
- shared code (``printkit/``, ``engines/core/``, ``templates/``'s own files) imports no game:
  kits are found through ``printkit.kits`` (entry points), never by name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOPS = {"printkit": "printkit", "engines": "printkit.engines", "templates": "printkit.templates"}
GAME_FOLDERS = ("engines", "templates")


def games() -> set[str]:
    """The game packages: the folders of ``engines/`` other than the core."""
    return {p.name for p in (ROOT / "engines").iterdir()
            if p.is_dir() and (p / "__init__.py").exists() and p.name != "core"}


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


def crossings(top: str, relative: Path, source: str, game_names: set[str]) -> list[str]:
    """What the module at ``top/relative`` may not import, each as ``file:line: why``."""
    own = relative.parts[0] if len(relative.parts) > 1 and top in GAME_FOLDERS else None
    own = own if own in game_names else None
    where = f"{top}/{relative}"
    found = []
    seen: set[int] = set()  # one finding per import statement (``from a import b``: a, a.b)
    for line, name in imported(source):
        parts = name.split(".")
        if parts[0] != "printkit" or line in seen:
            continue
        before = len(found)
        if top == "engines" and parts[1:2] != ["engines"]:
            found.append(f"{where}:{line}: an engine imports the print side ({name})")
        if len(parts) > 2 and parts[1] in GAME_FOLDERS and parts[2] in game_names:
            if own is None:
                found.append(f"{where}:{line}: shared code imports a game ({name}); "
                             "reach it through printkit.kits")
            elif parts[2] != own:
                found.append(f"{where}:{line}: {own} imports another game ({name})")
        if len(found) > before:
            seen.add(line)
    return found


def test_no_module_crosses_a_layer() -> None:
    names = games()
    assert names == {"wftgts", "tug_of_war", "war_pnp", "war_of_bones", "pwinch_wars"}
    found = []
    checked = 0
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            checked += 1
            found += crossings(top, path.relative_to(ROOT / top),
                               path.read_text(encoding="utf-8"), names)
    assert checked > 150  # every module of the three trees was read
    assert found == []


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
])
def test_the_check_finds_each_kind_of_crossing(top: str, relative: str, source: str,
                                               says: str) -> None:
    found = crossings(top, Path(relative), source, games())
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
