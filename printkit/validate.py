"""Validated layouts and balance: auto-play many games, check each declared capacity against
them, and measure what a designer balances (game length, scores, seats, bots).

A game's kit carries a :class:`~printkit.kits.Validation`: the bot whose games are the
yardstick (the strongest: it scores highest), the capacities measured from the real layout at
the real font sizes, per capacity what one finished game demands of it, and the game's
variants (each validated on its own). The games themselves are played by
:mod:`printkit.simulation`, in chunks of seeds on any executor, and come back as bounded
tallies that merge exactly: the totals never depend on the chunking or on what ran them.

What a run plays, per variant:

* the **main run**: ``games`` games of the validation bot in every seat, seeds ``seed``,
  ``seed+1``...; capacities, game length, scores, seat and first-player advantage come from
  it. With ``--sheet`` the custom sheet's seat moves round the table in these games.
* the **pairings**: for every pair of the game's bots, one against the others, its seat
  moving round the table (``pair_games`` games each, by default a tenth of ``games``, as
  a whole number of rounds of the table; the strongest bots are the slowest). With two
  players, A against B is B against A seen from the other side, so it is played once.
* the **standard game**, when the run changes the game (``--option``, ``--sheet``,
  a kit's own options) and a report is asked for: the same games without the changes, shown side
  by side with the changed game.

Game length is measured in **decisions** (every choice any player made, the number of
decision lines of the game's log), the one measure every game has; the game's own rounds or
turns are shown beside it where its result records them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from printkit.context import BuildContext
from printkit.engines.core import Game, play
from printkit.errors import PrintkitError
from printkit.kits import Capacity, Kit, game_kits, get_game_kit
from printkit.pipeline import draw_example, drawing
from printkit.simulation import (
    Executor,
    Job,
    Tally,
    run_batch,
    stop_requested,
    stopping_on_signals,
)
from printkit.simulation.statistics import wilson_interval
from printkit.simulation.studies import SeriesResult, StudyRequest
from printkit.validate_report import files_folder, write_reports

LENGTH_MEASURE = "decisions"


class ValidationInterrupted(Exception):  # noqa: N818 - it is a stop, not an error
    """Ctrl-C during a run: the results so far are kept (and reported as partial)."""

    def __init__(self, played: int, planned: int,
                 report: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"interrupted: {played:,} of {planned:,} games played")
        self.played, self.planned, self.report = played, planned, report


@dataclass(frozen=True)
class CapacityCheck:
    name: str
    capacity: int
    observed_max: int
    ok: bool


@dataclass(frozen=True)
class WinRate:
    """Points (a win 1, a shared win its share) out of games, with its 95 % interval and
    the share an even match would give."""

    points: Fraction
    games: int
    fair: float

    @property
    def rate(self) -> float:
        return float(self.points / self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(float(self.points), self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"games": self.games, "win_rate": round(self.rate, 4),
                "ci95": [round(low, 4), round(high, 4)], "fair_share": round(self.fair, 4)}


@dataclass(frozen=True)
class HeadToHead:
    """A custom sheet's record against the standard ones: its seat moves round the table,
    every game counts a win as 1, a shared win as its share, a loss as 0."""

    sheet: str
    games: int
    points: float
    low: float
    high: float
    fair: float

    @property
    def rate(self) -> float:
        return self.points / self.games

    def to_json(self) -> dict[str, Any]:
        return {"sheet": self.sheet, "games": self.games, "win_rate": round(self.rate, 4),
                "ci95": [round(self.low, 4), round(self.high, 4)],
                "fair_share": round(self.fair, 4)}


@dataclass(frozen=True)
class Pairing:
    """``bot`` in one seat against ``against`` in every other, its seat moving round the
    table; ``record`` is ``bot``'s."""

    bot: str
    against: str
    record: WinRate

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "against": self.against, **self.record.to_json()}


@dataclass(frozen=True)
class ExtremeGame:
    """A game kept for the report: its seed, what made it extreme, and the files written of
    it (its log and its example PDF) once replayed with recording on."""

    kind: str  # "longest" or "highest score"
    seed: int
    value: float
    log: Path | None = None
    example: Path | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seed": self.seed,
                "value": int(self.value) if float(self.value).is_integer() else self.value,
                **({"log": self.log.name} if self.log else {}),
                **({"example": self.example.name} if self.example else {}),
                **({"note": self.note} if self.note else {})}


@dataclass(frozen=True)
class ValidationResult:
    game: str
    games: int
    bot: str
    seed: int
    mean_score: float | None
    capacities: tuple[CapacityCheck, ...]
    players: int = 1
    head_to_head: HeadToHead | None = None
    variant: str | None = None
    title: str = ""
    planned: int = 0
    tally: Tally | None = field(default=None, compare=False)
    pairings: tuple[Pairing, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    standard: ValidationResult | None = None
    extremes: tuple[ExtremeGame, ...] = ()
    bots: tuple[str, ...] = ()
    job: Job | None = field(default=None, compare=False)
    """The main run, to replay any of its games."""

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.capacities)

    @property
    def partial(self) -> bool:
        return self.games < self.planned

    @property
    def label(self) -> str:
        return self.game + (f" ({self.variant})" if self.variant else "")

    def seat_records(self) -> list[WinRate]:
        if self.tally is None or not self.tally.games:
            return []
        return [WinRate(p, self.tally.games, 1 / self.players) for p in self.tally.seat_points]

    def first_player(self) -> WinRate | None:
        """The record of whoever made each game's first decision."""
        if self.tally is None or not self.tally.games or self.players < 2:
            return None
        return WinRate(self.tally.first_points, self.tally.games, 1 / self.players)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "games": self.games,
            "bot": self.bot,
            "seed": self.seed,
            "players": self.players,
            "mean_score": None if self.mean_score is None else round(self.mean_score, 3),
            "capacities": [asdict(c) for c in self.capacities],
            "ok": self.ok,
            **({"head_to_head": self.head_to_head.to_json()} if self.head_to_head else {}),
        }
        tally = self.tally
        if tally is not None:
            out["planned_games"] = self.planned
            out["partial"] = self.partial
            out["length"] = {"measure": LENGTH_MEASURE, **tally.decisions.summary()}
            if tally.rounds.total:
                out["rounds"] = tally.rounds.summary()
            if tally.scores.total:
                out["scores"] = {**tally.scores.summary(),
                                 "winning": tally.winning_scores.summary()}
            out["draws"] = tally.draws
            first = self.first_player()
            out["seats"] = [
                {"seat": seat + 1, **record.to_json(),
                 "mean_score": _round(tally.seat_scores[seat].mean()),
                 "first_moves": tally.first_moves[seat]}
                for seat, record in enumerate(self.seat_records())]
            out["first_player"] = first.to_json() if first else None
            out["pairings"] = [p.to_json() for p in self.pairings]
            out["extremes"] = [e.to_json() for e in self.extremes]
            if self.options:
                out["options"] = _jsonable(self.options)
            if self.standard is not None:
                out["standard"] = self.standard.to_json()
        return out


def _round(value: Fraction | None, digits: int = 3) -> float | None:
    return None if value is None else round(float(value), digits)


def _jsonable(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if _is_json(v)}


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


# -- planning ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RunSettings:
    """What ``printkit validate`` was asked for, the same for every game of a run."""

    games: int = 1000
    seed: int = 0
    bot: str | None = None
    players: int | None = None
    pair_games: int | None = None
    """Games per pairing of bots; None: a tenth of ``games`` (whole rounds of the table);
    0: no pairings."""
    chunk: int | None = None
    """Games per chunk; None: chosen from the games and the executor's workers."""
    compare: bool = False
    """Also play the standard game when the run changes the game."""


def default_pair_games(games: int, players: int) -> int:
    """A tenth of the main run, as whole rounds of the table (at least one).

    >>> default_pair_games(1000, 2), default_pair_games(1000, 3), default_pair_games(4, 2)
    (100, 102, 2)
    """
    return max(1, math.ceil(games / 10 / players)) * players


@dataclass(frozen=True)
class _Plan:
    """One variant of one kit: its jobs and its measured capacities."""

    kit: Kit[Any, Any]
    variant: str | None
    players: int
    bot: str
    caps: tuple[Capacity, ...]
    main: Job
    pairs: tuple[tuple[str, str, Job], ...]
    custom: Mapping[str, Any]
    head_to_head: str | None
    standard: _Plan | None = None

    def jobs(self) -> list[Job]:
        jobs = [self.main, *(job for _a, _b, job in self.pairs)]
        return jobs + (self.standard.jobs() if self.standard else [])


def _plan(kit: Kit[Any, Any], build: BuildContext, settings: RunSettings, *,
          options: Mapping[str, Any], head_to_head: str | None,
          variant: tuple[str | None, Mapping[str, Any]], custom: bool) -> _Plan:
    validation = kit.validation
    if validation is None:
        raise PrintkitError(f"{kit.name} declares no layout capacities")
    game = kit.game()
    info = game.info
    name, variant_options = variant
    players = settings.players or _players_for(game, variant_options)
    if not info.min_players <= players <= info.max_players:
        raise PrintkitError(f"{info.title} takes {info.min_players}-{info.max_players} "
                            f"players, not {players}")
    bot = settings.bot or validation.bot
    if bot not in game.bots():
        raise PrintkitError(f"unknown bot {bot!r} for {kit.name}; choose from "
                            f"{', '.join(game.bot_names())}")
    name, variant_options = variant
    # the build's options (a custom sheet) and the command line's come on top of the variant
    played_options = {**variant_options, **build.game_options, **options}
    seat_option = kit.sheet_file.seat_option if kit.sheet_file else None
    if head_to_head and seat_option is None:
        raise PrintkitError(f"{kit.name} takes no --sheet file")
    try:
        game.new_initial_state(players, {**game.default_options(), **played_options})
    except ValueError as exc:
        raise PrintkitError(f"{info.title}: {exc}") from None
    with drawing(replace(build, game_options=played_options), kit=kit) as ctx:
        caps = tuple(validation.measure(ctx, players))
    main = Job(kit.name, (bot,) * players, settings.seed, settings.games, played_options,
               seat_option=seat_option if head_to_head else None)
    pair_games = (default_pair_games(settings.games, players) if settings.pair_games is None
                  else settings.pair_games)
    pair_options = {**variant_options, **options}  # a custom sheet's seat is the main run's
    bots = game.bot_names()
    matchups = combinations(bots, 2) if players == 2 else permutations(bots, 2)
    pairs = tuple((a, b, Job(kit.name, (a,) + (b,) * (players - 1), settings.seed, pair_games,
                             pair_options, rotate=True, measure=False))
                  for a, b in matchups) if pair_games > 0 and players > 1 else ()
    changes = {k: v for k, v in played_options.items() if variant_options.get(k, None) != v}
    standard = None
    if custom and changes and settings.compare:
        standard = _plan(kit, replace(build, game_options={}), replace(settings, compare=False),
                         options={}, head_to_head=None, variant=variant, custom=False)
        standard = replace(standard, pairs=())
    return _Plan(kit, name, players, bot, caps, main, pairs, changes, head_to_head, standard)


def _result(plan: _Plan, tallies: Mapping[int, Tally], settings: RunSettings) -> (
        ValidationResult):
    """The result of ``plan`` from the tallies of its jobs (by the jobs' ``id``)."""
    tally = tallies[id(plan.main)]
    observed = {name: int(record.value) for name, record in tally.demands.items()}
    checks = tuple(CapacityCheck(c.name, c.holds, observed.get(c.name, 0),
                                 observed.get(c.name, 0) <= c.holds) for c in plan.caps)
    has_score = plan.kit.game().info.has_score
    mean = tally.scores.mean() if has_score else None
    duel = None
    if plan.head_to_head and tally.games:
        points = float(tally.focus_points)
        low, high = wilson_interval(points, tally.games)
        duel = HeadToHead(plan.head_to_head, tally.games, points, low, high, 1 / plan.players)
    pairings = []
    for a, b, job in plan.pairs:
        t = tallies[id(job)]
        if not t.games:
            continue
        pairings.append(Pairing(a, b, WinRate(t.focus_points, t.games, 1 / plan.players)))
        if plan.players == 2:  # the same games, seen from the other seat
            pairings.append(Pairing(b, a, WinRate(t.games - t.focus_points, t.games, 0.5)))
    pairings.sort(key=lambda p: (p.bot, p.against))
    extremes = []
    if tally.longest is not None:
        extremes.append(ExtremeGame("longest", tally.longest.seed, tally.longest.value))
    if tally.highest is not None:
        extremes.append(ExtremeGame("highest score", tally.highest.seed, tally.highest.value))
    standard = _result(plan.standard, tallies, settings) if plan.standard else None
    return ValidationResult(
        plan.kit.name, tally.games, plan.bot, settings.seed,
        None if mean is None else float(mean), checks, plan.players, duel, plan.variant,
        title=plan.kit.game().info.title, planned=plan.main.games, tally=tally,
        pairings=tuple(pairings), options=plan.custom, standard=standard,
        extremes=tuple(extremes), bots=tuple(plan.kit.game().bot_names()), job=plan.main)


def validate_kit(kit: Kit[Any, Any], build: BuildContext, settings: RunSettings, *,
                 options: Mapping[str, Any] | None = None, head_to_head: str | None = None,
                 executor: Executor | None = None, variants: bool = True,
                 on_chunk: Callable[[int], None] | None = None) -> tuple[
                     list[ValidationResult], bool]:
    """Validate every variant of ``kit`` in one batch of chunks; returns the results and
    whether the run was interrupted (its results then count the games that were played)."""
    if kit.validation is None:
        raise PrintkitError(f"{kit.name} declares no layout capacities")
    chosen = kit.validation.variant_list() if variants else [(None, {})]
    custom = bool(options) or bool(build.game_options)
    plans = [_plan(kit, build, settings, options=options or {}, head_to_head=head_to_head,
                   variant=v, custom=custom) for v in chosen]
    jobs = [job for plan in plans for job in plan.jobs()]
    batch = run_batch(jobs, executor, label=kit.name, chunk=settings.chunk, on_chunk=on_chunk)
    tallies = {id(job): t for job, t in zip(jobs, batch.tallies, strict=True)}
    return [_result(plan, tallies, settings) for plan in plans], batch.interrupted


def _players_for(game: Game[Any, Any], options: Mapping[str, Any]) -> int:
    """The players of a variant: the game's usual count, unless the variant's options fix
    another (a scenario for 3 players): then the first count the game takes."""
    info = game.info
    counts: list[int] = [info.default_players, *range(info.min_players, info.max_players + 1)]
    for count in counts[:12]:
        try:
            game.new_initial_state(count, {**game.default_options(), **options})
        except ValueError:
            continue
        return count
    return int(info.default_players)


def run_validation(kit: Kit[Any, Any], build: BuildContext, games: int, seed: int, *,
                   bot: str | None = None, players: int | None = None,
                   options: dict[str, Any] | None = None,
                   head_to_head: str | None = None, variant: str | None = None,
                   executor: Executor | None = None, pair_games: int = 0) -> ValidationResult:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) of ``players`` players of the
    standard game (or of the kit's variant ``variant``) and compare what they demanded of
    each capacity with what the layout holds.

    ``options`` are game options for every game, on top of the build's (``--sheet``);
    ``head_to_head`` (the sheet file's name) moves the custom sheet's seat round the table
    and counts its wins. No pairings unless ``pair_games`` asks for them."""
    if kit.validation is None:
        raise PrintkitError(f"{kit.name} declares no layout capacities")
    chosen = dict(kit.validation.variant_list())
    if variant not in chosen:
        raise PrintkitError(f"{kit.name} has no variant {variant!r}")
    settings = RunSettings(games, seed, bot, players, pair_games)
    plan = _plan(kit, build, settings, options=options or {}, head_to_head=head_to_head,
                 variant=(variant, chosen[variant]), custom=False)
    jobs = plan.jobs()
    batch = run_batch(jobs, executor, label=kit.name)
    return _result(plan, {id(job): t for job, t in zip(jobs, batch.tallies, strict=True)},
                   settings)


# -- extreme games -----------------------------------------------------------------------


def keep_extremes(result: ValidationResult, build: BuildContext, folder: Path, *,
                  examples: bool = True) -> ValidationResult:
    """Replay the result's extreme games with recording on: write each one's log and draw
    its example PDF (the kit's example printer) into ``folder``; the result then names them.
    Without ``examples`` (a run stopped by Ctrl-C, which should end in seconds: a large
    game's example takes several), or once Ctrl-C is pressed while they are drawn, only the
    logs are written, and a note says how to draw the examples.

    A file that cannot be written (a full disk, an unwritable folder) is an error naming it.

    A replayed game must be the very game the tally counted (same seed, same line-up, same
    options); a mismatch is a bug in the simulation, not the game, and is an error."""
    kit = get_game_kit(result.game)
    game = kit.game()
    job = result.job
    if job is None:
        raise PrintkitError(f"{result.label}: no games to replay")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PrintkitError(f"cannot create {folder}: {exc.strerror or exc}") from None
    stem = _slug(result.label)
    kept = []
    for extreme in result.extremes:
        index = extreme.seed - job.seed
        played = play(game, job.seats(index), seed=extreme.seed, options=job.game_options(index))
        assert played.log is not None
        decisions = sum(1 for entry in played.log.entries if entry.player is not None)
        if extreme.kind == "longest" and decisions != extreme.value:
            raise PrintkitError(f"{result.label}: seed {extreme.seed} replays into another "
                                "game than the one counted")
        log_path = folder / f"{stem}-{_slug(extreme.kind)}-seed{extreme.seed}.jsonl"
        try:
            played.log.write(log_path)
        except OSError as exc:
            raise PrintkitError(f"cannot write {log_path}: {exc.strerror or exc}") from None
        example, note = None, ""
        if kit.example is not None and (not examples or stop_requested()):
            note = f"not drawn, the run was stopped: printkit example {kit.name} {log_path.name}"
        elif kit.example is not None:
            example = log_path.with_suffix(".pdf")
            ctx = replace(build, game_options=played.log.header.options)
            try:
                draw_example(kit, played.log, ctx, example)
            except OSError as exc:
                raise PrintkitError(f"cannot write {example}: {exc.strerror or exc}") from None
            except PrintkitError as exc:
                if _write_failed(exc):  # a full disk is a failure, not a note in a table
                    raise
                example, note = None, f"no example drawn: {exc}"
        kept.append(replace(extreme, log=log_path, example=example, note=note))
    return replace(result, extremes=tuple(kept))


def _write_failed(exc: BaseException) -> bool:
    """Whether ``exc`` stands for a file that could not be written: an :class:`OSError`
    (a full disk, an unwritable folder) behind it, as :func:`printkit.page.canvas.open_canvas`
    raises it (``raise PrintkitError(...) from None`` still keeps it as the context)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


# -- the command -------------------------------------------------------------------------


def validate_games(target: str, build: BuildContext, games: int, seed: int, *,
                   bot: str | None, players: int | None, as_json: bool, report: Path | None,
                   echo: Callable[..., Any], options: dict[str, Any] | None = None,
                   head_to_head: str | None = None, executor: Executor | None = None,
                   pair_games: int | None = None, chunk: int | None = None,
                   on_chunk: Callable[[int], None] | None = None) -> bool:
    """The ``printkit validate`` command: every variant of every game of ``target`` (or
    all), as a table or one JSON line each, and with ``report`` the PDF report.

    Ctrl-C or SIGTERM stops the run cleanly (the games in play end after their current
    game, see :mod:`printkit.simulation.stop`): every game that finished is printed and
    reported (marked partial), then :class:`ValidationInterrupted` is raised with the games
    played of the games planned (every variant of every game chosen)."""
    if target == "all":
        chosen = [k for k in game_kits() if k.validation is not None]
    else:
        chosen = [get_game_kit(target)]
    settings = RunSettings(games, seed, bot, players, pair_games, chunk,
                           compare=report is not None)
    results: list[ValidationResult] = []
    interrupted = False
    with stopping_on_signals():
        for kit in chosen:
            if stop_requested():
                interrupted = True
                break
            found, interrupted = validate_kit(kit, build, settings, options=options,
                                              head_to_head=head_to_head, executor=executor,
                                              on_chunk=on_chunk)
            results += [r for r in found if r.games or not interrupted]
            if interrupted:
                break
        if report:
            files = files_folder(report)
            results = [keep_extremes(r, build, files, examples=not interrupted) if r.games
                       else r for r in results]
            write_reports(results, build, report, partial=interrupted)
    for result in results:
        echo(json.dumps(result.to_json()) if as_json else render_table(result))
    if report and not as_json:
        echo(f"wrote {report}")
    if interrupted:
        planned = sum(games * len(kit.validation.variant_list()) for kit in chosen
                      if kit.validation is not None)
        raise ValidationInterrupted(sum(r.games for r in results), planned)
    return all(r.ok for r in results)


# -- balance studies ---------------------------------------------------------------------


def run_study(target: str, spec: str, games: int, seed: int, *,
              options: Mapping[str, Any] | None = None, executor: Executor | None = None,
              chunk: int | None = None) -> dict[str, Any]:
    """The ``printkit validate GAME --study NAME[=ARGUMENT]`` command: play the series of the
    kit's study ``NAME`` (:mod:`printkit.simulation.studies`) and return its report, with the
    game, the study, the seed and whether it is ``partial``.

    Ctrl-C or SIGTERM stops the run as it stops a validation: the report then counts the
    games played, and :class:`ValidationInterrupted` carries it (``report``)."""
    if target == "all":
        raise PrintkitError("--study applies to one game; name it instead of `all`")
    kit = get_game_kit(target)
    if kit.validation is None:
        raise PrintkitError(f"{kit.name} declares no studies")
    name, _, argument = spec.partition("=")
    study = kit.validation.study(name)
    request = StudyRequest(games, seed, dict(options or {}), argument or None)
    plan = list(study.series(request))
    game = kit.game()
    for series in plan:
        try:
            game.new_initial_state(len(series.lineup),
                                   {**game.default_options(), **series.options})
        except ValueError as exc:
            raise PrintkitError(f"{game.info.title}: {exc}") from None
        unknown = sorted(set(series.lineup) - set(game.bots()))
        if unknown:
            raise PrintkitError(f"the study {name!r} names no bot {', '.join(unknown)} of "
                                f"{kit.name}")
    jobs = [Job(kit.name, s.lineup, seed, s.games or games, dict(s.options), rotate=s.rotate,
                seat_option=s.seat_option, measure=False, study=name) for s in plan]
    with stopping_on_signals():
        batch = run_batch(jobs, executor, label=f"{kit.name} {name}", chunk=chunk)
    results = [SeriesResult(s, t) for s, t in zip(plan, batch.tallies, strict=True)]
    report = {"game": kit.name, "study": name, "seed": seed, "partial": batch.interrupted,
              **study.report(results, request)}
    if batch.interrupted:
        raise ValidationInterrupted(batch.games, sum(j.games for j in jobs), report)
    return report


def study_table(target: str, report: Mapping[str, Any]) -> str:
    """A study's report for a person (the kit's own table)."""
    kit = get_game_kit(target)
    assert kit.validation is not None
    study = kit.validation.study(report["study"])
    partial = " (PARTIAL: stopped before the end)" if report.get("partial") else ""
    return f"{report['game']}: {study.name}, seed {report['seed']}{partial}\n" + study.table(
        report)


def render_table(result: ValidationResult) -> str:
    width = max(len(c.name) for c in result.capacities) if result.capacities else 10
    lines = [f"{result.label}: {result.games} games of {result.players} players with the "
             f"{result.bot} bot"
             + (f", mean score {result.mean_score:.1f}" if result.mean_score is not None else "")
             + (f" (PARTIAL: {result.games} of {result.planned} games)" if result.partial
                else "")]
    lines.append(f"  {'capacity'.ljust(width)}  {'holds':>6}  {'needed':>6}  ok")
    for c in result.capacities:
        lines.append(f"  {c.name.ljust(width)}  {c.capacity:>6}  {c.observed_max:>6}  "
                     + ("yes" if c.ok else "NO - too small"))
    tally = result.tally
    if tally is not None and tally.games:
        d = tally.decisions
        lines.append(f"  length: {float(d.mean() or 0):.1f} decisions on average "
                     f"({d.min():g} to {d.max():g})"
                     + (f"; {float(tally.rounds.mean() or 0):.1f} rounds"
                        if tally.rounds.total else ""))
        seats = result.seat_records()
        if len(seats) > 1:
            lines.append("  seats won: " + ", ".join(
                f"{i + 1}: {s.rate:.1%} [{s.interval[0]:.1%}, {s.interval[1]:.1%}]"
                for i, s in enumerate(seats)))
        first = result.first_player()
        if first is not None:
            lines.append(f"  first player won {first.rate:.1%} (95 % CI {first.interval[0]:.1%}"
                         f" to {first.interval[1]:.1%}; even: {first.fair:.1%})")
        for p in result.pairings:
            low, high = p.record.interval
            lines.append(f"  {p.bot} against {p.against}: won {p.record.rate:.1%} of "
                         f"{p.record.games} games (95 % CI {low:.1%} to {high:.1%})")
    duel = result.head_to_head
    if duel is not None:
        lines.append(f"  sheet {duel.sheet!r} against the standard sheets: won "
                     f"{duel.rate:.1%} of {duel.games} games (95 % CI {duel.low:.1%} to "
                     f"{duel.high:.1%}; an even match is {duel.fair:.1%}), its seat moving "
                     "round the table")
    return "\n".join(lines)
