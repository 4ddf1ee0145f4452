"""The options several commands share, each declared once, and the kinds of value they take.

Papers, profiles, locales and games are :class:`click.Choice` types, so ``--help`` and shell
completion list them; each is checked by the function the rest of printkit checks it with
(:func:`printkit.paper.paper`, :func:`printkit.i18n.shipped_locale`, the kit registry), so a
refusal reads the same wherever it comes from (``unknown paper 'b5'; choose from a4, ...``).
The lists printkit can only know by loading ReportLab or the kits (locales, games) are made
when a command's help or value needs them, never when ``printkit`` starts.

The options a kit declares for itself (:mod:`printkit.flags`) and the options of the
components the kits ship (``--two-up``, ``--duplex``) are offered by :class:`KitCommand`,
which asks the installed kits when the command is parsed.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from printkit.engines.core.reading import UnreadableError, json_value
from printkit.errors import PrintkitError
from printkit.flags import apply_flags, offered
from printkit.page.profiles import PROFILES, profile
from printkit.paper import PAPERS
from printkit.paper import paper as make_paper

if TYPE_CHECKING:
    from printkit.context import BuildContext
    from printkit.flags import FlagEffect
    from printkit.kits import Kit

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]

class CheckedChoice(click.Choice):  # type: ignore[type-arg]  # generic from click 8.2 only
    """A choice whose names a function lists, when first needed, and whose values the
    function printkit checks them with accepts (``fr_CA`` is French; ``A4`` is ``a4``).

    A refusal is click's usage error carrying the checker's own line."""

    def __init__(self, names: Callable[[], Sequence[str]], check: Callable[[str], str],
                 what: str) -> None:
        self._names = names
        self._check = check
        self.what = what
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self._names())

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        """Click's constructor sets the choices; they are :attr:`_names`' (ignored)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        try:
            return self._check(str(value))
        except PrintkitError as exc:
            self.fail(str(exc), param, ctx)


class CheckedList(CheckedChoice):
    """A comma-separated list of a :class:`CheckedChoice`'s values (``en,fr,de``), with
    ``all`` for every one when allowed; repeats are dropped, the order kept."""

    def __init__(self, names: Callable[[], Sequence[str]], check: Callable[[str], str],
                 what: str, *, every: bool = True) -> None:
        super().__init__(names, check, what)
        self.every = every
        self.name = f"{what} list"

    @property
    def choices(self) -> tuple[str, ...]:
        return (*self._names(), *(("all",) if self.every else ()))

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        """Set by click's constructor; ignored."""

    def convert(self, value: Any, param: click.Parameter | None,  # type: ignore[override]
                ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):  # a default already converted
            return value
        if self.every and str(value).strip() == "all":
            return list(self._names())
        items = list(dict.fromkeys(t.strip() for t in str(value).split(",") if t.strip()))
        if not items:
            self.fail(f"--{param.name if param else self.what} needs at least one value",
                      param, ctx)
        return [super(CheckedList, self).convert(item, param, ctx) for item in items]


def _paper_name(name: str) -> str:
    return make_paper(name).name


def _profile_name(name: str) -> str:
    return profile(name).name


def _locale_names() -> list[str]:
    from printkit.i18n import available_locales  # lazy: loads ReportLab

    return available_locales()


def _shipped_locale(name: str) -> str:
    from printkit.i18n import shipped_locale  # lazy: loads ReportLab

    return shipped_locale(name)


def _kit_names() -> list[str]:
    from printkit.kits import kits  # lazy: the kits load ReportLab

    return [*sorted(kits()), "all"]


def _game_names() -> list[str]:
    from printkit.kits import game_kits  # lazy: the kits load ReportLab

    return sorted(k.name for k in game_kits())


def _kit_name(name: str) -> str:
    from printkit.kits import get_kit  # lazy: the kits load ReportLab

    return name if name == "all" else get_kit(name).name


def _game_name(name: str) -> str:
    from printkit.kits import get_game_kit  # lazy: the kits load ReportLab

    return get_game_kit(name).name


PAPER = CheckedChoice(lambda: list(PAPERS), _paper_name, "paper")
PAPERS_LIST = CheckedList(lambda: list(PAPERS), _paper_name, "paper", every=False)
PROFILE = CheckedChoice(lambda: list(PROFILES), _profile_name, "profile")
LOCALE = CheckedChoice(_locale_names, _shipped_locale, "locale")
LOCALES = CheckedList(_locale_names, _shipped_locale, "locale")
KIT = CheckedChoice(_kit_names, _kit_name, "kit")
"""A kit's name, or ``all`` (build, handouts)."""
GAME = CheckedChoice(_game_names, _game_name, "game")
"""The name of a kit with a rules engine (play, replay, example)."""
GAME_OR_ALL = CheckedChoice(lambda: [*_game_names(), "all"],
                            lambda name: name if name == "all" else _game_name(name), "game")
"""A game, or ``all`` of them (validate)."""


def paper_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--paper`` and ``--landscape``."""
    f = click.option("--landscape", is_flag=True, help="Landscape orientation.")(f)
    return click.option("--paper", type=PAPER, default="a4", show_default=True,
                        help="The paper (universal fits both A4 and Letter).")(f)


def profile_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--profile", type=PROFILE, default="home", show_default=True,
                        help="home printer, or print-shop (bleed, crop marks, CMYK notes).")(f)


def locale_option(help: str = "Language of the labels.") -> Decorator:
    return click.option("--locale", type=LOCALE, default="en", show_default=True, help=help)


def out_option(default: str | None, help: str, **kwargs: Any) -> Decorator:
    """``--out``: where a command writes (a folder or a file, as the command says)."""
    return click.option("--out", "out", default=default, show_default=default is not None,
                        help=help, **kwargs)


def duplex_offset_option(help: str = "Shift back pages by X,Y mm (read off the "
                                     "calibration page).") -> Decorator:
    return click.option("--duplex-offset", default=None, metavar="X,Y", help=help)


def preflight_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--preflight", "preflight", is_flag=True,
                        help="Print the preflight report.")(f)


def jobs_option(help: str = "Worker processes [default: cores].") -> Decorator:
    return click.option("--jobs", type=click.IntRange(min=1), help=help)


def sheet_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--sheet", "sheet", metavar="FILE",
        help="A custom sheet (TOML) that one seat plays against the standard sheets, for a "
             "game whose kit takes one (`printkit games` says which).")(f)


def game_options_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
        help="A game option (repeat); `printkit replay GAME --schema` lists a game's "
             "options.")(f)


def game_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--option key=value`` pairs; a value is read as JSON when it parses, else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise PrintkitError(f"--option takes key=value, not {pair!r}")
        try:
            options[key] = json_value(value)
        except UnreadableError as exc:
            if str(exc).startswith("not valid JSON"):
                options[key] = value  # plain text
            else:  # JSON that Python cannot hold: a 5,000-digit number, nesting 2,000 deep
                raise PrintkitError(f"--option {key}: {exc}") from None
    return options


def build_context(paper: str, landscape: bool, profile: str = "home", locale: str = "en",
                  duplex_offset: tuple[float, float] = (0.0, 0.0),
                  options: dict[str, Any] | None = None) -> BuildContext:
    """The settings of a build from the command line's (already checked) values."""
    from printkit.context import BuildContext  # lazy: loads ReportLab

    return BuildContext(make_paper(paper, landscape=landscape), profile, locale,
                        duplex_offset, options or {})


# --- what the kits add -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ComponentOption:
    """An option some components take (a field of their options dataclass), as the command
    line offers it: ``two_up: bool`` is ``--two-up``; a ``str`` field with ``choices`` in
    its metadata is a choice."""

    name: str
    help: str
    is_flag: bool
    choices: tuple[str, ...]
    takers: tuple[str, ...]

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def click_option(self) -> click.Option:
        help = f"{self.help.rstrip('.')} ({', '.join(self.takers)})"
        if self.is_flag:
            return click.Option([self.flag, self.name], is_flag=True, default=None, help=help)
        return click.Option([self.flag, self.name], type=click.Choice(self.choices),
                            default=None, help=help)


def component_options(kits: dict[str, Kit[Any, Any]]) -> list[ComponentOption]:
    """Every option a component of an installed kit takes, once (in the order the kits and
    their components declare them), naming the components that take it."""
    found: dict[str, ComponentOption] = {}
    for kit in kits.values():
        for component in kit.component_list():
            types = typing.get_type_hints(component.options)
            for f in dataclasses.fields(component.options):
                taker = f"{kit.name} {component.name}"
                seen = found.get(f.name)
                if seen is not None:
                    found[f.name] = dataclasses.replace(seen, takers=(*seen.takers, taker))
                    continue
                found[f.name] = ComponentOption(
                    f.name, str(f.metadata.get("help", "")), types[f.name] is bool,
                    tuple(f.metadata.get("choices", ())), (taker,))
    return list(found.values())


class KitCommand(click.Command):
    """A command that offers the options the installed kits declare (:mod:`printkit.flags`)
    and, with ``components=True``, the options their components take, worked out when the
    command is parsed or its help shown, so ``printkit --help`` and commands that take none
    load no kit."""

    def __init__(self, *args: Any, components: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.components = components

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        from printkit.kits import kits  # lazy: the kits load ReportLab

        params = super().get_params(ctx)
        helper = self.get_help_option(ctx)  # listed last, after the kits' options
        help_option = [p for p in params if p is helper]
        params = [p for p in params if p is not helper]
        installed = kits()
        own: list[click.Parameter] = []
        if self.components:
            own += [o.click_option() for o in component_options(installed)]
        own += [click.Option([f"--{o.flag.name}", o.flag.dest], type=o.flag.value_type,
                             metavar=o.flag.metavar, help=o.help)
                for o in offered(self.name or "", installed)]  # the kits installed now
        return params + own + help_option


def kit_flags(game: str, values: dict[str, Any], command: str) -> FlagEffect:
    """What the kit flags given to ``command`` do for ``game`` (game options, components)."""
    from printkit.kits import kits  # lazy: the kits load ReportLab

    return apply_flags(game, values, kits(), command)


def split_flags(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A :class:`KitCommand`'s extra keywords: (the kit flags, the component options)."""
    flags = {k: v for k, v in values.items() if k.startswith("flag_")}
    return flags, {k: v for k, v in values.items() if not k.startswith("flag_")}
