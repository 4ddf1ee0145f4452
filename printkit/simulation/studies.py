"""Balance studies: a kit's own figures, measured by ``printkit validate GAME --study NAME``.

A study is what a designer asks of a game beyond its layouts (does the first player win more
often, which power do the bots choose, what is a sheet worth without one of its powers?). It
is declared by the game's kit, as data and three functions: the **series** to play (the
line-ups of bots, the options and the number of games, like validation's pairings), an
**observer** that counts what it wants of each finished game (and, if it asks, sees every
decision), and a **report** of the merged counts. The games are played by the same chunks,
executors and game loop as validation, so a study runs on every core or on a cluster, stops
cleanly on Ctrl-C, and its counts merge exactly: they are integers and fractions, added up,
and maxima.

Rates and their intervals come from :mod:`printkit.simulation.statistics`, the one place
printkit computes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from printkit.engines.core import Decision
from printkit.simulation.aggregate import Tally

S = TypeVar("S")


class Observer(Generic[S]):
    """Counts what a study wants of one game: a fresh observer sees each game.

    ``counts`` gives numbers that add up over the games (a win 1, a draw 1/2, a choice
    made 3 times), ``peaks`` numbers of which the largest is kept. With ``watches`` set,
    :meth:`decided` sees every decision after it was applied (the state it left, the player,
    the bot's decision); otherwise the game loop calls nothing during the game.
    """

    watches: ClassVar[bool] = False

    def decided(self, state: S, player: int, decision: Decision[Any]) -> None:
        """A decision was applied (only when :attr:`watches` is set)."""

    def counts(self, state: S, seats: Sequence[str], focus: int | None) -> (
            Mapping[str, int | Fraction]):
        """What the finished game adds; ``seats[p]`` is the bot at seat ``p``, ``focus``
        the seat of the series' first bot (or of the custom sheet) when it moves."""
        return {}

    def peaks(self, state: S) -> Mapping[str, int]:
        """Values of the finished game of which the study keeps the largest."""
        return {}


@dataclass(frozen=True)
class Series:
    """One series of games of a study: ``lineup[p]`` at seat ``p`` (with ``rotate``, the
    line-up turns one seat per game, so ``lineup[0]`` sits at seat ``i % players``), with
    ``options``; ``games`` (None: the run's ``--games``) played with seeds ``seed``,
    ``seed + 1``... ``seat_option`` is set to the focus seat in every game (a custom sheet's
    seat). ``label`` names the series in the report, ``key`` holds what the report groups it
    by (a re-roll mode, a sheet)."""

    label: str
    lineup: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    games: int | None = None
    rotate: bool = False
    seat_option: str | None = None
    key: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StudyRequest:
    """What ``printkit validate --study NAME[=ARGUMENT]`` was asked: games per series, the
    first seed, the game options of the command line (on top of each series' own) and the
    study's argument, if any."""

    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    argument: str | None = None


@dataclass(frozen=True)
class SeriesResult:
    """A series and the merged tally of its games."""

    series: Series
    tally: Tally


@dataclass(frozen=True)
class Study(Generic[S]):
    """A kit's balance study (see the module's docstring).

    ``series(request)`` plans the games (a bad ``argument`` is a
    :class:`~printkit.errors.PrintkitError`); ``observer()`` makes the observer of one game;
    ``report(results, request)`` turns the tallies into a JSON-able object, which ``table``
    prints for a person."""

    name: str
    description: str
    series: Callable[[StudyRequest], Sequence[Series]]
    observer: Callable[[], Observer[S]]
    report: Callable[[Sequence[SeriesResult], StudyRequest], dict[str, Any]]
    table: Callable[[Mapping[str, Any]], str]

