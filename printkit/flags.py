"""Command-line options that kits declare: an option that only one game takes is that game's.

The shared command line knows no game. A kit lists its own options in ``Kit.flags``; the
commands ``build``, ``play`` and ``validate`` (or those a flag names) offer every flag some
installed kit declares, a plug-in kit from another distribution included, with the help text
naming the kits that take it. A value given for a game whose kit does not declare the flag is
refused in one line, so is a flag given with ``all``.

A flag turns its value into what the build or the game needs: **game options** (which a log's
header carries, so the game replays anywhere: :func:`game_option_flag`,
:func:`rules_file_flag`) or **components** to build (:class:`KitFlag` with ``components``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.engines.core import Game
from printkit.engines.core.reading import UnreadableError, text_file, toml_document
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.kits import Kit

COMMANDS = ("build", "play", "validate")
"""The commands a flag is offered on unless it says otherwise."""


@dataclass(frozen=True)
class KitFlag:
    """One command-line option of a kit: ``--NAME METAVAR``.

    ``game_options(game, value)`` turns the value (as typed, checked by ``value_type``) into
    game options, raising :class:`PrintkitError` in one line; ``components(value)`` names
    the components a build of the kit is limited to. ``refusal`` ends the line that refuses the
    flag for a game whose kit does not declare it (``: its dice are not placed on the table``).
    """

    name: str
    help: str
    metavar: str = "VALUE"
    value_type: Any = str
    commands: tuple[str, ...] = COMMANDS
    game_options: Callable[[Game[Any, Any], Any], dict[str, Any]] | None = None
    components: Callable[[Any], tuple[str, ...]] | None = None
    refusal: str = ""

    @property
    def dest(self) -> str:
        """The keyword the command receives the value as."""
        return "flag_" + self.name.replace("-", "_")


def checked_by_engine(game: Game[Any, Any], flag: str, shown: str,
                      options: dict[str, Any]) -> dict[str, Any]:
    """``options`` once the engine has started a game with them (the engine checks every
    value and names the key); a refusal becomes one line naming ``--flag``."""
    try:
        game.new_initial_state(None, {**game.default_options(), **options})
    except ValueError as exc:
        raise PrintkitError(f"--{flag} {shown}: {exc}") from None
    return options


def game_option_flag(name: str, key: str, help: str, *, metavar: str = "VALUE",
                     value_type: Any = str, refusal: str = "") -> KitFlag:
    """``--NAME VALUE`` as the game option ``key``, checked by the engine."""

    def options(game: Game[Any, Any], value: Any) -> dict[str, Any]:
        shown = f"{value:g}" if isinstance(value, float) else str(value)
        return checked_by_engine(game, name, shown, {key: value})

    return KitFlag(name, help, metavar, value_type, game_options=options, refusal=refusal)


def rules_file_flag(name: str, key: str, help: str, *, refusal: str = "") -> KitFlag:
    """``--NAME FILE``: a TOML file read whole into the game option ``key`` (a designer's
    edited rules: the log's header carries the tables, so the game replays without the
    file)."""

    def options(game: Game[Any, Any], value: Any) -> dict[str, Any]:
        path = Path(str(value))
        try:
            tables = toml_document(text_file(path, f"--{name} file"))
        except UnreadableError as exc:
            raise PrintkitError(f"--{name} {path}: {exc}") from None
        return checked_by_engine(game, name, str(path), {key: tables})

    return KitFlag(name, help, "FILE", game_options=options, refusal=refusal)


@dataclass(frozen=True)
class OfferedFlag:
    """A flag as a command offers it: the first declaration, and the kits that take it."""

    flag: KitFlag
    kits: tuple[str, ...] = field(default=())
    titles: tuple[str, ...] = field(default=())

    @property
    def help(self) -> str:
        return f"{self.flag.help} ({', '.join(self.titles)})"


def offered(command: str, kits: Mapping[str, Kit[Any, Any]]) -> list[OfferedFlag]:
    """Every flag some kit declares for ``command``, in the order kits declare them."""
    found: dict[str, OfferedFlag] = {}
    for kit in kits.values():
        for flag in kit.flags:
            if command not in flag.commands:
                continue
            seen = found.get(flag.name)
            if seen is None:
                found[flag.name] = OfferedFlag(flag, (kit.name,), (kit.title,))
            else:
                found[flag.name] = OfferedFlag(seen.flag, (*seen.kits, kit.name),
                                               (*seen.titles, kit.title))
    return list(found.values())


@dataclass(frozen=True)
class FlagEffect:
    """What the flags given to a command do: game options and the components to build."""

    game_options: dict[str, Any] = field(default_factory=dict)
    components: tuple[str, ...] = ()

    @property
    def given(self) -> bool:
        return bool(self.game_options or self.components)


def apply_flags(target: str, values: Mapping[str, Any],
                kits: Mapping[str, Kit[Any, Any]], command: str) -> FlagEffect:
    """The effect of the kit flags given (``values``: dest -> value, None when not given)
    for the kit ``target`` (a kit name, or ``all``)."""
    wanted = [(o, values.get(o.flag.dest)) for o in offered(command, kits)]
    wanted = [(o, v) for o, v in wanted if v is not None]
    if not wanted:
        return FlagEffect()
    if target == "all":
        raise PrintkitError(f"--{wanted[0][0].flag.name} applies to one game; name it "
                            "instead of `all`")
    kit = kits[target]
    options: dict[str, Any] = {}
    components: list[str] = []
    for offer, value in wanted:
        own = next((f for f in kit.flags if f.name == offer.flag.name), None)
        if own is None:
            what = kit.game().info.title if kit.is_game else kit.name
            takers = ", ".join(f"`{name}`" for name in offer.kits)
            raise PrintkitError(f"{what} takes no --{offer.flag.name}{offer.flag.refusal} "
                                f"(it applies to {takers})")
        if own.game_options is not None:
            options.update(own.game_options(kit.game(), value))
        if own.components is not None:
            components += own.components(value)
    return FlagEffect(options, tuple(components))


def names(flags: Sequence[str]) -> str:
    """``--a, --b and --c``: flags (by name) as a sentence lists them."""
    shown = [f"--{name}" for name in flags]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
