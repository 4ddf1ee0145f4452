"""One kit per game: the registry finds every kit, a game is its own two folders and nothing
else, and a kit from another distribution plugs in through the ``printkit.kits`` entry point.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from printkit import kits as registry
from printkit.engines.core import (
    CHANCE,
    TERMINAL,
    Choice,
    Game,
    GameInfo,
    RandomBot,
    ReplayVisitor,
    State,
)
from printkit.errors import PrintkitError
from printkit.kits import Capacity, Component, Kit, Validation, game_kits, get_kit, kits

ROOT = Path(__file__).resolve().parent.parent
SHARED = [ROOT / "printkit", ROOT / "engines" / "core", ROOT / "pyproject.toml",
          ROOT / "setup.py", ROOT / "Makefile", ROOT / "babel.cfg"]


def _package(kit: Kit[Any, Any]) -> str:
    return kit.name.replace("-", "_")


def test_every_game_and_the_dice_are_registered():
    names = set(kits())
    assert {"wftgts", "tug-of-war", "dice"} <= names
    assert {k.name for k in game_kits()} >= {"wftgts", "tug-of-war"}
    assert not get_kit("dice").is_game


def test_an_unknown_kit_lists_the_known_ones():
    with pytest.raises(PrintkitError, match="choose from .*wftgts"):
        get_kit("chess")


def test_a_kit_owns_its_files_and_shared_code_names_no_game():
    """Adding a game is engines/<game>/ plus templates/<game>/ (and its example logs): no
    file of printkit/, engines/core/ or the packaging names any game or its package."""
    for kit in game_kits():
        pkg = _package(kit)
        owned = [*(ROOT / "engines" / pkg).rglob("*"), *(ROOT / "templates" / pkg).rglob("*"),
                 *(ROOT / "examples" / kit.name).rglob("*")]
        assert any(p.name == "__init__.py" for p in owned), f"{kit.name} owns no package"
        pattern = re.compile(rf"\b({re.escape(kit.name)}|{re.escape(pkg)})\b")
        for top in SHARED:
            files = [top] if top.is_file() else [p for p in top.rglob("*") if p.is_file()]
            for path in files:
                if path.suffix in (".pyc", ".ttf", ".otf") or "__pycache__" in path.parts:
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
                found = pattern.search(text)
                assert found is None, (f"{path.relative_to(ROOT)} names the game "
                                       f"{found.group(0)!r}: shared code must not")


def test_each_kit_declares_what_it_has():
    for kit in game_kits():
        game = kit.game()
        assert game.info.name == kit.name
        assert kit.component_list(), kit.name
        assert kit.example is not None and kit.validation is not None
        assert kit.validation.bot in game.bots()
        assert kit.dice is not None and kit.dice.name == kit.name
        assert kit.example_logs(), f"{kit.name} has no example logs"


def test_validation_refuses_demands_that_name_no_capacity():
    kit = get_kit("wftgts")
    assert kit.validation is not None
    demands = dict(kit.validation.demands)
    demands["scroe box digits"] = demands.pop("score box digits")  # a typo
    broken = Validation(kit.validation.bot, kit.validation.capacities, demands)
    from printkit.context import BuildContext
    from printkit.paper import paper
    from printkit.pipeline import drawing

    with drawing(BuildContext(paper("a4"))) as ctx, pytest.raises(
            PrintkitError, match=r"no demand for capacities \['score box digits'\].*"
                                 r"\['scroe box digits'\] name no capacity"):
        broken.measure(ctx, 2)


def test_an_option_no_component_takes_is_refused(cli, tmp_path):
    r = cli("build", "tug-of-war", "--two-up", "--out", str(tmp_path))
    assert r.code == 2
    assert r.err.strip() == "printkit: --two-up applies to no component of tug-of-war"


# -- a kit of one's own, from another distribution --------------------------------------------


@dataclass(frozen=True)
class Guess:
    number: int


class GuessState(State[Guess]):
    """One guess of a number 1-3, then a roll of a three-sided die."""

    def __init__(self, game: GuessGame) -> None:
        self.game = game
        self._num_players = 1
        self.guess: int | None = None
        self.rolled: int | None = None

    def current_player(self) -> int:
        if self.guess is None:
            return 0
        return CHANCE if self.rolled is None else TERMINAL

    def legal_actions(self) -> list[Guess]:
        return [Guess(n) for n in (1, 2, 3)] if self.guess is None else []

    def chance_outcomes(self) -> Choice:
        return Choice((1, 2, 3))

    def _apply_action(self, action: Guess) -> None:
        self.guess = action.number

    def _apply_outcome(self, outcome: Any) -> None:
        self.rolled = int(outcome)

    def returns(self) -> list[float]:
        return [float(self.guess == self.rolled)]

    def result(self) -> dict[str, Any]:
        return {"hit": self.guess == self.rolled}


class GuessGame(Game[GuessState, Guess]):
    info = GameInfo("guess", "Guess the Die", "1", 1, 1, 1, "none")

    def new_initial_state(self, num_players: int | None = None,
                          options: Mapping[str, Any] | None = None) -> GuessState:
        return GuessState(self)

    def action_to_json(self, action: Guess) -> Any:
        return action.number

    def action_from_json(self, data: Any) -> Guess:
        if data not in (1, 2, 3):
            raise ValueError("guess 1, 2 or 3")
        return Guess(data)

    def outcome_from_json(self, data: Any) -> Any:
        return data

    def action_schema(self) -> dict[str, Any]:
        return {"enum": [1, 2, 3]}

    def outcome_schema(self) -> dict[str, Any]:
        return {"enum": [1, 2, 3]}

    def result_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"hit": {"type": "boolean"}},
                "additionalProperties": False}

    def bots(self) -> Mapping[str, Any]:
        return {"random": RandomBot}


def _draw_sheet(ctx: Any, options: Any, path: Path) -> None:
    from printkit.page import open_document

    with open_document(ctx, path, title="Guess sheet", build=("guess",)) as doc, \
            doc.page() as area:
        doc.canvas.rect(area.x, area.top - 40, 40, 40)


class _Printer(ReplayVisitor[GuessState, Guess]):
    def __init__(self, ctx: Any, header: Any, out: Path) -> None:
        self.ctx, self.out, self.seen = ctx, out, []

    def visit_action(self, player: int, before: GuessState, action: Guess,
                     after: GuessState, reason: str | None) -> None:
        self.seen.append(action)  # a typed action, not log JSON

    def end(self, state: GuessState) -> None:
        from printkit.page import open_document

        assert all(isinstance(a, Guess) for a in self.seen)
        with open_document(self.ctx, self.out, title="Guess example") as doc, \
                doc.page(band=False) as area:
            doc.canvas.drawString(area.x, area.top - 20, f"guessed {self.seen[0].number}")


GUESS_KIT: Kit[Any, Any] = Kit(
    name="guess",
    title="Guess the Die",
    engine=GuessGame,
    components=lambda: [Component("sheet", "Guess sheet", _draw_sheet)],
    example=_Printer,
    validation=Validation("random", lambda ctx, players: [Capacity("guess box digits", 1)],
                          {"guess box digits": lambda s: len(str(s.guess))}),
)


class _EntryPoint:
    name, value = "guess", "someone_elses_kit:KIT"

    def load(self) -> Kit[Any, Any]:
        return GUESS_KIT


@pytest.fixture
def plugin(monkeypatch):
    real = registry.entry_points

    def entry_points(*, group: str) -> Any:
        return [_EntryPoint()] if group == registry.ENTRY_POINT_GROUP else real(group=group)

    monkeypatch.setattr(registry, "entry_points", entry_points)
    registry.kits.cache_clear()
    yield GUESS_KIT
    registry.kits.cache_clear()


def test_a_kit_from_another_package_plugs_in_without_editing_printkit(plugin, cli, tmp_path):
    assert "guess" in kits()
    r = cli("games")
    assert r.code == 0 and "guess: Guess the Die" in r.out and "- sheet: Guess sheet" in r.out
    log = tmp_path / "g.jsonl"
    assert cli("play", "guess", "--seed", "3", "--log", str(log)).code == 0
    assert cli("replay", "guess", str(log)).code == 0
    assert cli("example", "guess", str(log), "--out", str(tmp_path / "ex.pdf")).code == 0
    assert (tmp_path / "ex.pdf").stat().st_size > 500
    r = cli("validate", "guess", "--games", "20", "--json")
    assert r.code == 0 and '"guess box digits"' in r.out
    r = cli("build", "guess", "--out", str(tmp_path))
    assert r.code == 0, r.err
    assert (tmp_path / "guess" / "sheet.pdf").is_file()
    state = GuessGame().new_initial_state()
    state.apply(random.Random(1).choice(state.legal_actions()))
    assert state.is_chance()


def test_engines_import_nothing_of_the_print_side():
    """Dependency direction: printkit imports the engines, never the other way round."""
    import subprocess
    import sys

    names = " ".join(f"printkit.engines.{_package(k)}" for k in game_kits())
    code = (f"import importlib, sys\nfor n in {names.split()!r}: importlib.import_module(n)\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('reportlab', 'pypdf')) or "
            "(m.startswith('printkit.') and not m.startswith('printkit.engines')))\n"
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
