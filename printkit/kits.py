"""What a kit is, and where printkit finds the kits: one typed descriptor per game.

A **kit** is everything printkit knows about one game (or one stand-alone set, such as the
printable dice): its engine, its printed components, the printer that draws an example game
from a log, the capacities that validation checks, the rule handout and the dice preset. A game
declares its kit once, as ``KIT`` in ``templates/<game>/__init__.py``::

    KIT = Kit(
        name="mygame",
        title=N_("My Game"),
        engine=MyGame,                    # the Game class of engines/mygame
        components=components,            # () -> [Component, ...]
        example=SheetExample,             # (ctx, header, out) -> a ReplayVisitor that draws
        validation=VALIDATION,            # capacities and what a game demands of them
        dice=DICE_PRESET,                 # the dice the game is played with
        examples=EXAMPLES,                # the folder of its example logs
        catalog=Catalog(__name__),        # its words: templates/mygame/locale/
    )

:func:`kits` finds them: every package in ``printkit.templates`` that defines ``KIT``, and
every kit another distribution registers under the entry-point group ``printkit.kits``
(``[project.entry-points."printkit.kits"] mygame = "mygame.kit:KIT"``), so a game of one's own
plugs in without editing printkit. Adding a game is ``engines/<game>/`` plus
``templates/<game>/`` and nothing else.

A kit's words are in its own translation catalog, the ``locale/`` folder of its package
(:class:`~printkit.i18n.Catalog`), so a plug-in ships its translations with it; its drawings
look a word up there first, then in printkit's own catalog (:func:`printkit.i18n.translations`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import printkit.templates
from printkit.engines.core import Game, LogHeader, ReplayVisitor, State
from printkit.errors import PrintkitError
from printkit.i18n import SHARED, Catalog

if TYPE_CHECKING:
    from printkit.context import DrawContext
    from printkit.drawing.dice import DicePreset
    from printkit.flags import KitFlag
    from printkit.simulation.studies import Study

ENTRY_POINT_GROUP = "printkit.kits"

S = TypeVar("S", bound=State[Any])
"""A game's state type (as the engines' ``S``)."""
A = TypeVar("A")
"""A game's action type."""
O = TypeVar("O")  # noqa: E741 - a component's options type


class UnknownKitError(PrintkitError):
    """A game or kit name that no kit is registered under."""


def component_option(default: Any, help: str, *, choices: tuple[str, ...] = ()) -> Any:
    """A field of a component's options dataclass that the command line offers: a ``bool``
    is a flag (``two_up`` -> ``--two-up``), a ``str`` one of ``choices``. ``help`` says what it
    does; the CLI adds which components take it.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class SheetOptions:
    ...     two_up: bool = component_option(False, "Two sheets to a page.")
    >>> SheetOptions(), SheetOptions(two_up=True)
    (SheetOptions(two_up=False), SheetOptions(two_up=True))
    """
    return field(default=default, metadata={"help": help, "choices": choices})


@dataclass(frozen=True)
class NoOptions:
    """The options of a component that has none."""


@dataclass(frozen=True)
class Component(Generic[O]):
    """One printable thing: ``draw(ctx, options, path)`` writes its PDF to ``path``.

    ``title`` and ``description`` are message ids (mark them with ``N_``); the pipeline
    translates them into the build's locale. ``options`` is the frozen dataclass of the
    component's own options (``--two-up``, ``--preset``): the pipeline fills it from the
    command line, and refuses an option no component of the build takes.
    """

    name: str
    title: str
    draw: Callable[[DrawContext, O, Path], None]
    description: str = ""
    options: type[O] = NoOptions  # type: ignore[assignment]
    catalog: Catalog | None = None
    """The catalog of its words when they are another kit's (the dice kit prints each game's
    dice); None: the words of the kit it belongs to."""

    def option_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self.options))  # type: ignore[arg-type]

    def make_options(self, given: Mapping[str, Any]) -> O:
        """The component's options from the ones given (others are for other components)."""
        mine = {k: v for k, v in given.items() if k in self.option_names() and v is not None}
        try:
            return self.options(**mine)
        except (TypeError, ValueError) as exc:
            raise PrintkitError(f"{self.name}: {exc}") from None


@dataclass(frozen=True)
class Capacity:
    """What one printed box, track or sheet holds, measured from the geometry that draws it.

    >>> Capacity("score box digits", 4, "digits")
    Capacity(name='score box digits', holds=4, unit='digits')
    """

    name: str
    holds: int
    unit: str = ""


@dataclass(frozen=True)
class Validation(Generic[S]):
    """How ``printkit validate`` checks a kit's layouts against auto-played games.

    ``capacities(ctx, players)`` measures the printed layout on the build's paper for a game
    of ``players`` players; ``demands`` says, per capacity name, what one finished game (its
    final state) needed of it. The two must name exactly the same things.
    """

    bot: str
    capacities: Callable[[DrawContext, int], Sequence[Capacity]]
    demands: Mapping[str, Callable[[S], int]]
    variants: Callable[[], Sequence[tuple[str, Mapping[str, Any]]]] | None = None
    """The game's variants, each validated on its own: a name and the game options that make
    it (one per scenario, say); None is the one standard game. A function, so
    that the list is read from the game's data only when validation runs."""
    scores: Callable[[S], Sequence[float]] | None = None
    """Each player's score at the end of a game, for the report's score charts, where the
    engine's returns are only a win or a loss; None takes the returns of a game that has a
    score, else the report has no score charts."""
    rounds: Callable[[S], int] | None = None
    """The game's own length (its rounds or turns) at the end of a game, reported beside the
    count of decisions; None for a game that counts none. Declared by the kit, which knows
    its game: the shared validation reads no result key by convention."""
    studies: Sequence[Study[S]] = ()
    """The kit's balance studies (``printkit validate GAME --study NAME``): see
    :mod:`printkit.simulation.studies`."""

    def variant_list(self) -> list[tuple[str | None, dict[str, Any]]]:
        """The variants to validate: ``(None, {})`` alone for a game without variants."""
        if self.variants is None:
            return [(None, {})]
        found: list[tuple[str | None, dict[str, Any]]] = [
            (name, dict(options)) for name, options in self.variants()]
        names = [name for name, _options in found]
        if not found or len(set(names)) != len(names):
            raise PrintkitError(f"the kit's variants must be named once each: {names}")
        return found

    def study(self, name: str) -> Study[S]:
        """The study called ``name``; an unknown name is an error listing the kit's."""
        for study in self.studies:
            if study.name == name:
                return study
        known = ", ".join(f"{s.name} ({s.description})" for s in self.studies)
        raise PrintkitError(f"no study {name!r}; " + (f"choose from {known}" if known
                                                      else "this game declares none"))

    def measure(self, ctx: DrawContext, players: int) -> list[Capacity]:
        """The capacities, checked against the demands: a name on one side only is an
        error in the kit (a typo would otherwise be silently dropped)."""
        caps = list(self.capacities(ctx, players))
        names = [c.name for c in caps]
        if len(set(names)) != len(names):
            raise PrintkitError(f"capacities named twice: {sorted(names)}")
        missing = sorted(set(names) - set(self.demands))
        extra = sorted(set(self.demands) - set(names))
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"no demand for capacities {missing}")
            if extra:
                parts.append(f"demands {extra} name no capacity")
            raise PrintkitError("the kit's validation does not add up: " + "; ".join(parts))
        return caps


@dataclass(frozen=True)
class Handout:
    """A game's rule handout: a Jinja2 template of handout markup (see
    :mod:`printkit.handouts`), the facts it is written from, and the example game it shows.

    ``data(ctx)`` returns the template's variables, worked out from the game's data in the
    build's language (counts of what to print, tables, printkit's readings of open rules);
    ``example`` names a log in the kit's examples folder, drawn by the kit's example printer
    and shown as the figure ``src="example"`` (page ``example_page``, from 0).
    """

    template: Path
    data: Callable[[DrawContext], Mapping[str, Any]]
    example: str | None = None
    example_page: int = 0


@dataclass(frozen=True)
class SheetFile:
    """A user's file that gives one seat its own game data (a custom sheet, say),
    passed as ``--sheet FILE`` to ``build``, ``play``, ``validate``, ``example`` and
    ``handouts``.

    ``load(path)`` reads and checks the file and returns the *game options* that put it in
    play (raising :class:`~printkit.errors.PrintkitError` with one line per mistake). Going
    through the options is what makes it work everywhere at once: a game log's header carries
    them (so the game replays on any machine), a build's context carries them (so components
    and handouts print the custom data), and ``validate`` pits the file's seat against the
    standard ones by moving ``seat_option`` round the table.
    """

    load: Callable[[Path], dict[str, Any]]
    seat_option: str
    description: str = ""


ExamplePrinter = Callable[["DrawContext", LogHeader, Path], ReplayVisitor[S, A]]
"""Makes the visitor that draws an example game: ``printer(ctx, header, out)``; the replay
feeds it every line as a typed move, and its ``end(state)`` writes the PDF to ``out``."""


@dataclass(frozen=True)
class Kit(Generic[S, A]):
    """Everything printkit knows about one game (or one stand-alone set of components)."""

    name: str
    title: str
    components: Callable[[], Sequence[Component[Any]]]
    engine: Callable[[], Game[S, A]] | None = None
    example: ExamplePrinter[S, A] | None = None
    validation: Validation[S] | None = None
    handout: Handout | None = None
    """The game's rule handout (``printkit handouts`` builds it in every language)."""
    dice: DicePreset | None = None
    """The dice a player needs, as printable nets (the ``dice`` kit prints every preset)."""
    description: str = ""
    examples: Path | None = None
    """The folder of the game's example logs (the seeds' worked examples)."""
    sheet_file: SheetFile | None = None
    """How ``--sheet FILE`` changes the game, for games whose seats may differ."""
    flags: tuple[KitFlag, ...] = ()
    """The kit's own command-line options (``--NAME VALUE``): the CLI offers them
    (:mod:`printkit.flags`)."""
    play_bot: str | None = None
    """The bot ``printkit play`` seats when none is named (default: the bot the layouts are
    validated with, else ``random``)."""
    catalog: Catalog | None = None
    """The kit's translation catalog (``Catalog(__name__)``: its package's ``locale/``), looked
    up before printkit's own; None: printkit's own only (the dice kit's words are the shared
    dice drawing's)."""

    def sheet_options(self, path: str | Path | None) -> dict[str, Any]:
        """The game options of ``--sheet FILE`` (none without one); a kit that takes no sheet
        file refuses one."""
        if path is None:
            return {}
        if self.sheet_file is None:
            raise PrintkitError(f"{self.name} takes no --sheet file")
        return self.sheet_file.load(Path(path))

    @property
    def is_game(self) -> bool:
        return self.engine is not None

    def game(self) -> Game[S, A]:
        if self.engine is None:
            raise PrintkitError(f"{self.name} is a set of components, not a game")
        return self.engine()

    def component_list(self) -> list[Component[Any]]:
        return list(self.components())

    def example_logs(self) -> list[Path]:
        if self.examples is None or not self.examples.is_dir():
            return []
        return sorted(self.examples.glob("*.jsonl"))

    def example_sheets(self) -> list[Path]:
        """The example ``--sheet`` files (``sheets/*.toml`` in the examples folder)."""
        if self.sheet_file is None or self.examples is None:
            return []
        return sorted((self.examples / "sheets").glob("*.toml"))


def _builtin_kits() -> list[Kit[Any, Any]]:
    """Every ``KIT`` of a package in printkit.templates: the games first, then the sets of
    components that serve them (the printable dice), each in the order of its package name."""
    found: list[Kit[Any, Any]] = []
    for info in pkgutil.iter_modules(printkit.templates.__path__, "printkit.templates."):
        if not info.ispkg:
            continue
        kit = getattr(importlib.import_module(info.name), "KIT", None)
        if isinstance(kit, Kit):
            found.append(kit)
    return sorted(found, key=lambda kit: not kit.is_game)  # stable: package order kept


def _plugin_kits() -> list[Kit[Any, Any]]:
    found: list[Kit[Any, Any]] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        kit = ep.load()
        if not isinstance(kit, Kit):
            raise PrintkitError(f"entry point {ep.name} ({ep.value}) is not a printkit Kit")
        found.append(kit)
    return found


@cache
def kits() -> dict[str, Kit[Any, Any]]:
    """Every kit printkit can build, by name (built-in ones first, then plug-ins)."""
    registry: dict[str, Kit[Any, Any]] = {}
    for kit in [*_builtin_kits(), *_plugin_kits()]:
        if kit.name in registry:
            raise PrintkitError(f"two kits are named {kit.name!r}")
        registry[kit.name] = kit
    return registry


def get_kit(name: str) -> Kit[Any, Any]:
    """The kit named ``name``; an unknown name lists the known ones."""
    registry = kits()
    if name not in registry:
        raise UnknownKitError(f"unknown game or kit {name!r}; choose from "
                              f"{', '.join(sorted(registry))}")
    return registry[name]


def get_game_kit(name: str) -> Kit[Any, Any]:
    """The kit of the game ``name`` (a kit with an engine)."""
    kit = get_kit(name)
    if not kit.is_game:
        raise UnknownKitError(f"{name!r} is not a game; the games are "
                              f"{', '.join(k.name for k in game_kits())}")
    return kit


def game_kits() -> list[Kit[Any, Any]]:
    return [k for k in kits().values() if k.is_game]


def catalogs() -> list[Catalog]:
    """Every translation catalog: printkit's own, then each kit's (once, in kit order)."""
    found = [SHARED]
    for kit in kits().values():
        if kit.catalog is not None and kit.catalog not in found:
            found.append(kit.catalog)
    return found
