"""One kit per game: the registry finds every kit, a game is its own two folders and nothing
else, and a kit from another distribution plugs in through the ``printkit.kits`` entry point.
"""

from __future__ import annotations

import importlib.metadata
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli

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
from printkit.flags import game_option_flag
from printkit.kits import Capacity, Component, Kit, Validation, game_kits, get_kit, kits

ROOT = Path(__file__).resolve().parent.parent
SHARED = [ROOT / "printkit", ROOT / "engines" / "core", ROOT / "pyproject.toml",
          ROOT / "setup.py", ROOT / "Makefile"]  # printkit/ holds its catalog and babel.cfg


def _package(kit: Kit[Any, Any]) -> str:
    return kit.name.replace("-", "_")


def test_every_game_and_the_dice_are_registered() -> None:
    names = set(kits())
    assert {"wftgts", "tug-of-war", "dice"} <= names
    assert {k.name for k in game_kits()} >= {"wftgts", "tug-of-war"}
    assert not get_kit("dice").is_game


def test_an_unknown_kit_lists_the_known_ones() -> None:
    with pytest.raises(PrintkitError, match="choose from .*wftgts"):
        get_kit("chess")


def _words_of(kit: Kit[Any, Any]) -> set[str]:
    """What names a game: its kit and package names, its titles, its own command-line
    options and their help texts, and the names of data files no other game has."""
    pkg = _package(kit)
    words = {kit.name, pkg, kit.title, kit.game().info.title}
    for title in (kit.title, kit.game().info.title):
        words |= _short_forms(title)
    words |= {f"--{flag.name}" for flag in kit.flags} | {flag.help for flag in kit.flags}
    others = {p.name for k in game_kits() if k is not kit
              for p in (ROOT / "engines" / _package(k) / "data").rglob("*")}
    words |= {p.name for p in (ROOT / "engines" / pkg / "data").rglob("*")
              if p.is_file() and p.name not in others}
    return words


def _short_forms(title: str) -> set[str]:
    """How people shorten a title: its initials (Waiting For the Game to Start: WFtGtS; War
    of Bones: WoB), the part before a dash and its initials (W.A.R. – Powers 'n Points: W.A.R.,
    W.A.R. PnP), and the first word of a two-word title (Pwinch Wars: Pwinch)."""
    def initials(words: str) -> str:
        return "".join(next((c for c in w if c.isalnum()), "") for w in words.split())

    head, _, tail = title.partition(" – ")
    forms = {head.strip(), f"{head.strip()} {initials(tail)}"} if tail else set()
    forms.add(initials(title))
    words = title.split()
    if len(words) == 2 and len(words[0]) >= 5:
        forms.add(words[0])
    return {f for f in forms if len(f) >= 3}


def _game_pattern(kit: Kit[Any, Any]) -> re.Pattern[str]:
    words = sorted(_words_of(kit), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")


@pytest.mark.parametrize(("kit", "text", "names_it"), [
    ("war-of-bones", "help: the dice (War of Bones)", True),
    ("war-of-bones", "give --die-size 19", True),
    ("war-of-bones", "import war_of_bones", True),
    ("war-of-bones", "the die size, --die-sizes, rules.toml, notes.md", False),
    ("pwinch-wars", "columns = events.csv:title", True),
    ("pwinch-wars", "one per Pwinch Wars scenario", True),
    ("pwinch-wars", "my_events.csv, terrain, characters", False),
    ("war-pnp", "e.g. round_limit for W.A.R. – Powers 'n Points.", True),
    ("war-pnp", "(W.A.R. PnP's custom sheets)", True),
    ("wftgts", "today WFtGtS's tables", True),
    ("pwinch-wars", "a Pwinch game", True),
    ("war-of-bones", "the WoB ruler", True),
    ("wftgts", "waiting for the workers", False),
])
def test_the_check_sees_a_game_named_in_shared_code(kit: str, text: str,
                                                    names_it: bool) -> None:
    assert bool(_game_pattern(get_kit(kit)).search(text)) is names_it


def test_a_kit_owns_its_files_and_shared_code_names_no_game() -> None:
    """Adding a game is engines/<game>/ plus templates/<game>/ (and its example logs): no
    file of printkit/, engines/core/ or the packaging names any game: not its name or
    package, its title, its own command-line options or their help, nor its data files."""
    for kit in game_kits():
        pkg = _package(kit)
        owned = [*(ROOT / "engines" / pkg).rglob("*"), *(ROOT / "templates" / pkg).rglob("*"),
                 *(ROOT / "examples" / kit.name).rglob("*")]
        assert any(p.name == "__init__.py" for p in owned), f"{kit.name} owns no package"
        pattern = _game_pattern(kit)
        for top in SHARED:
            files = [top] if top.is_file() else [p for p in top.rglob("*") if p.is_file()]
            for path in files:
                if path.suffix in (".pyc", ".ttf", ".otf") or "__pycache__" in path.parts:
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
                found = pattern.search(text)
                assert found is None, (f"{path.relative_to(ROOT)} names the game "
                                       f"{found.group(0)!r}: shared code must not")


def test_each_kit_declares_what_it_has() -> None:
    for kit in game_kits():
        game = kit.game()
        assert game.info.name == kit.name
        assert kit.component_list(), kit.name
        assert kit.example is not None and kit.validation is not None
        assert kit.validation.bot in game.bots()
        assert kit.dice is not None and kit.dice.name == kit.name
        assert kit.example_logs(), f"{kit.name} has no example logs"


def test_validation_reads_a_games_length_and_scores_as_its_kit_declares() -> None:
    """No result key is read by convention: a kit that declares no ``rounds`` or ``scores``
    gets none, whatever its result records."""
    from printkit.simulation.games import game_rounds, game_scores

    class Finished:
        def result(self) -> dict[str, Any]:
            return {"turns": 9, "rounds": 3, "scores": [1, 2]}

        def returns(self) -> list[float]:
            return [0.0, 1.0]

    plain: Validation[Any] = Validation("random", lambda ctx, n: [], {})
    assert game_rounds(plain, Finished()) is None
    assert game_scores(plain, False, Finished()) is None
    assert game_scores(plain, True, Finished()) == [0.0, 1.0]  # a game with a score
    declared: Validation[Any] = Validation("random", lambda ctx, n: [], {},
                                           scores=lambda s: s.result()["scores"],
                                           rounds=lambda s: s.result()["turns"])
    assert game_rounds(declared, Finished()) == 9
    assert game_scores(declared, False, Finished()) == [1.0, 2.0]


def test_validation_refuses_demands_that_name_no_capacity() -> None:
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


def test_an_option_no_component_takes_is_refused(cli: Cli, tmp_path: Path) -> None:
    r = cli("build", "tug-of-war", "--two-up", "--out", str(tmp_path))
    assert r.code == 2
    assert r.err.strip() == "printkit: --two-up applies to no component of tug-of-war"


# -- a kit of one's own, from another distribution --------------------------------------------


@dataclass(frozen=True)
class Guess:
    number: int


HINTS = ("none", "odd", "even")


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
        hint = dict(options or {}).get("hint", "none")
        if hint not in HINTS:
            raise ValueError(f"hint must be none, odd or even, not {hint!r}")
        return GuessState(self)

    def options_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"hint": {"enum": list(HINTS)}},
                "additionalProperties": False}

    def default_options(self) -> dict[str, Any]:
        return {"hint": "none"}

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
    from printkit.page.document import open_document

    with open_document(ctx, path, title="Guess sheet", build=("guess",)) as doc, \
            doc.page() as area:
        doc.canvas.rect(area.x, area.top - 40, 40, 40)


class _Printer(ReplayVisitor[GuessState, Guess]):
    def __init__(self, ctx: Any, header: Any, out: Path) -> None:
        self.ctx, self.out = ctx, out
        self.seen: list[Guess] = []

    def visit_action(self, player: int, before: GuessState, action: Guess,
                     after: GuessState, reason: str | None) -> None:
        self.seen.append(action)  # a typed action, not log JSON

    def end(self, state: GuessState) -> None:
        from printkit.page.document import open_document

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
    flags=(game_option_flag("hint", "hint", "What the guesser is told first",
                            metavar="WORD"),),
)


class _EntryPoint:
    name, value = "guess", "someone_elses_kit:KIT"

    def load(self) -> Kit[Any, Any]:
        return GUESS_KIT


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Kit[Any, Any]]:
    real = importlib.metadata.entry_points

    def entry_points(*, group: str) -> Any:
        return [_EntryPoint()] if group == registry.ENTRY_POINT_GROUP else real(group=group)

    monkeypatch.setattr(registry, "entry_points", entry_points)
    registry.kits.cache_clear()
    yield GUESS_KIT
    registry.kits.cache_clear()


def test_a_kit_from_another_package_plugs_in_without_editing_printkit(
    plugin: Kit[Any, Any], cli: Cli, tmp_path: Path
) -> None:
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


def test_a_plugin_kit_adds_its_own_command_line_option(plugin: Kit[Any, Any], cli: Cli,
                                                       tmp_path: Path) -> None:
    """The kit declares ``--hint WORD`` (printkit.flags); the CLI offers it, the game gets
    it as an option its log carries, and a game whose kit does not declare it refuses it."""
    r = cli("play", "--help")
    assert r.code == 0 and "--hint WORD" in r.out and "(Guess the Die)" in r.out
    assert "  options: --hint WORD" in cli("games").out
    log = tmp_path / "g.jsonl"
    assert cli("play", "guess", "--hint", "odd", "--log", str(log)).code == 0
    assert '"options": {"hint": "odd"}' in log.read_text().splitlines()[0].replace(
        '"options":{', '"options": {')
    r = cli("play", "guess", "--hint", "warm")
    assert r.code == 2 and r.err == (
        "printkit: --hint warm: hint must be none, odd or even, not 'warm'\n")
    r = cli("play", "wftgts", "--hint", "odd")
    assert r.code == 2 and "takes no --hint (it applies to `guess`)" in r.err


def test_without_the_plugin_the_option_is_not_offered(cli: Cli) -> None:
    assert "--hint" not in cli("play", "--help").out
    assert "--die-size MM" in cli("play", "--help").out  # a shipped kit's own option


def test_engines_import_nothing_of_the_print_side() -> None:
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
