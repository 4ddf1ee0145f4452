"""Exact optimal play of a whole game: expectimax over every line, backward induction over rounds.

A line is a point of the grid d4 x d6 x d8 x d10 x d10 x d12 x d20 (4,608,000 lines). The
score of every line is built with numpy: each of the 99 subsets of >= 3 dice has a constant
value on the lines where it is a valid set or run (0 elsewhere), and a line's score is the
best single subset or the best disjoint pair (adding two values works because an invalid
subset adds 0).

*One round.* Given what line c is worth, ``T(line)``, keeping a subset K of the dice after
line b and rerolling the rest is worth the mean of ``T`` over the rerolled axes: a *marginal*.
The 128 marginals come from a small DP (a mask's marginal is the mean, over its lowest
rerolled axis, of the marginal of the mask without that axis), and the value of line b,
``V_b``, is the best of them. The same step from ``V_b`` gives ``V_a``, and the value of the
round is the mean of ``V_a``. With ``T`` = the score, a round is worth 93.448 points (scoring
a first roll as it lands averages 36.0).

*The game.* Scoring line c as junk (its sum) gains now but spends the once-per-game option.
Let ``W(k, u)`` be the value of the last ``k`` rounds played perfectly holding ``u`` junk uses
(``W(0, u) = 0``). A round with ``k`` rounds after it, holding ``u > 0`` uses, ends worth
``max(score + W(k, u), c_sum + W(k, u - 1))``: that is ``W(k, u)`` plus
``T = max(score, c_sum - D)``, where ``D = W(k, u) - W(k, u - 1)`` is what the option is
worth; holding none, ``T`` is the score. So each (rounds left, uses held) is one round's
expectimax with its own ``T``, and ``W(k + 1, u) = W(k, u) + `` its value: backward induction
from the last round (``D = 0``: junk whenever the sum is higher) to the first. A solo game of
six rounds with one junk use is worth 568.178 points; without the junk, 6 x 93.448 = 560.690.

The ``optimal`` bot keeps by the table of its (rounds left, uses held) and takes the junk
exactly when ``c_sum - score > D``: the keeps themselves weigh the junk option, so a round
heading for a high sum and no groups is played for the sum.

*Storage.* The values of a keep, for every line it may see, are its marginal: one number per
combination of the kept dice's faces. Keeps of few dice have small marginals, stored flat
(float32) with per-keep offsets and strides, so their values for a line are one gather. Keeps
of many dice have large marginals (keeping all seven: 4.6 M numbers) but few rerolled faces
(fewer than 4,608,000 / :data:`STORE_LIMIT` = 46 combinations each), so their values are
averaged at decision time from the whole grid: ``T`` itself after line b (from the score
table and the line's sum) and ``V_b``, stored, after line a; 207 cells for the 12 such keeps.
Storing every marginal instead would take 83 MB per round table; this way the seven tables
(no junk, and six junk costs) take 196 MB, build in about 7 s, and a decision takes about
10 microseconds. Keep values agree with the stored ones to float32 rounding, so keeps that
are worth exactly the same may be told apart by rounding; either is optimal.

Tables are cached on disk in ``platformdirs.user_cache_dir("printkit")`` (override with the
environment variable ``PRINTKIT_CACHE_DIR``), in a folder keyed by a hash of the rules data,
and memory-mapped when loaded, so a process pays the build at most once per machine.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from printkit.engines.wftgts.rules import RULES, Rules

TABLE_VERSION = 2
STORE_LIMIT = 100_000
"""A keep's marginal is stored when its kept dice have at most this many joint faces; larger
ones are averaged at decision time over the rerolled faces (at most 4,608,000 / this)."""
_CHUNK = 4096

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


def cache_root() -> Path:
    """Where tables live: ``$PRINTKIT_CACHE_DIR`` or the user cache dir of printkit."""
    env = os.environ.get("PRINTKIT_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("printkit"))


def table_dir(rules: Rules = RULES, root: Path | str | None = None) -> Path:
    base = Path(root) if root is not None else cache_root()
    return base / f"wftgts-optimal-v{TABLE_VERSION}-{rules.digest}"


# -- the grid ---------------------------------------------------------------------------------


def score_table(rules: Rules = RULES) -> npt.NDArray[np.int16]:
    """The best score of every line, shape ``rules.sides`` (index = value - 1), int16."""
    sides = rules.sides
    n = len(sides)
    grids = [
        np.arange(1, s + 1, dtype=np.int16).reshape([s if j == i else 1 for j in range(n)])
        for i, s in enumerate(sides)
    ]
    subsets = [c for k in range(rules.min_group, n + 1) for c in combinations(range(n), k)]
    values: list[npt.NDArray[np.int16]] = []
    for sub in subsets:
        g = [grids[i] for i in sub]
        k = len(sub)
        same = g[0] == g[1]
        for x in g[2:]:
            same = same & (x == g[0])
        distinct = np.ones((1,) * n, dtype=bool)
        for a, b in combinations(range(k), 2):
            distinct = distinct & (g[a] != g[b])
        hi = g[0]
        lo = g[0]
        for x in g[1:]:
            hi = np.maximum(hi, x)
            lo = np.minimum(lo, x)
        run = distinct & (hi - lo == k - 1)
        pts = sum(rules.points[i] for i in sub)
        v = np.where(same, pts * (k + rules.set_bonus), np.where(run, pts * k, 0))
        values.append(v.astype(np.int16))
    score = np.zeros(sides, dtype=np.int16)
    for v in values:
        np.maximum(score, v, out=score)
    masks = [sum(1 << i for i in sub) for sub in subsets]
    for i, j in combinations(range(len(subsets)), 2):
        if not masks[i] & masks[j]:
            np.maximum(score, values[i] + values[j], out=score)
    return score


def _marginals(v: F64) -> list[F64]:
    """``out[m]`` = mean of ``v`` over the axes in reroll mask ``m`` (kept as size-1 axes)."""
    n = v.ndim
    out: list[F64] = [v]
    for m in range(1, 1 << n):
        low = m & -m
        out.append(out[m ^ low].mean(axis=low.bit_length() - 1, keepdims=True))
    return out


@dataclass(frozen=True, eq=False)
class Layout:
    """Where a keep's values come from. Keep masks (bit i = die i kept) are split in two:

    ``stored``: their marginals lie flat in a stage's array; for lines ``X`` (values - 1),
    ``flat[X @ strides_t + offsets]``. ``averaged``: their values are means over ``cells``
    of a whole-grid array: cell ``c`` belongs to keep ``averaged[cell_keep[c]]`` and sits at
    ``X @ grid_strides_t[:, cell_keep[c]] + cell_offset[c]``; ``cell_sum[c]`` is the sum of
    its rerolled faces (values - 1), for the c-line sum.
    """

    sides: tuple[int, ...]
    stored: I64
    offsets: I64
    strides_t: I64
    size: int
    averaged: I64
    grid_strides: I64
    grid_strides_t: I64
    kept_t: I64
    cell_keep: I64
    cell_offset: I64
    cell_sum: I64
    starts: I64
    counts: F64


def layout(sides: Sequence[int], limit: int = STORE_LIMIT) -> Layout:
    n = len(sides)
    grid_strides = np.array([math.prod(sides[i + 1:]) for i in range(n)], dtype=np.int64)
    stored: list[int] = []
    offsets: list[int] = []
    strides: list[list[int]] = []
    averaged: list[int] = []
    grid_t: list[list[int]] = []
    kept_t: list[list[int]] = []
    cell_keep: list[I64] = []
    cell_offset: list[I64] = []
    cell_sum: list[I64] = []
    pos = 0
    for keep in range(1 << n):
        kept = [i for i in range(n) if keep >> i & 1]
        faces = math.prod(sides[i] for i in kept)
        if faces <= limit:
            step = 1
            row = [0] * n
            for i in reversed(kept):
                row[i] = step
                step *= sides[i]
            stored.append(keep)
            offsets.append(pos)
            strides.append(row)
            pos += faces
        else:
            rerolled = [i for i in range(n) if not keep >> i & 1]
            # one column per combination of rerolled faces (keeping all: one empty column)
            idx = np.indices([sides[i] for i in rerolled], dtype=np.int64).reshape(
                len(rerolled), math.prod(sides[i] for i in rerolled))
            col = len(averaged)
            averaged.append(keep)
            grid_t.append([int(grid_strides[i]) if keep >> i & 1 else 0 for i in range(n)])
            kept_t.append([1 if keep >> i & 1 else 0 for i in range(n)])
            count = idx.shape[1]
            cell_keep.append(np.full(count, col, dtype=np.int64))
            cell_offset.append((grid_strides[rerolled] @ idx).astype(np.int64))
            cell_sum.append(idx.sum(axis=0).astype(np.int64))
    counts = np.array([len(c) for c in cell_keep], dtype=np.float64)
    starts = np.concatenate([[0], np.cumsum(counts[:-1])]).astype(np.int64)
    return Layout(
        sides=tuple(sides),
        stored=np.array(stored, dtype=np.int64),
        offsets=np.array(offsets, dtype=np.int64),
        strides_t=np.ascontiguousarray(np.array(strides, dtype=np.int64).T),
        size=pos,
        averaged=np.array(averaged, dtype=np.int64),
        grid_strides=grid_strides,
        grid_strides_t=np.ascontiguousarray(np.array(grid_t, dtype=np.int64).T),
        kept_t=np.ascontiguousarray(np.array(kept_t, dtype=np.int64).T),
        cell_keep=np.concatenate(cell_keep),
        cell_offset=np.concatenate(cell_offset),
        cell_sum=np.concatenate(cell_sum),
        starts=starts,
        counts=counts,
    )


# -- one round, the whole game ----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RoundTable:
    """Optimal keeps for one round whose line c is worth ``max(score, c_sum - junk_cost)``
    (``junk_cost`` None: the score alone). ``value`` is the round's expected worth."""

    layout: Layout
    score: npt.NDArray[np.int16]  # the whole grid, flat
    junk_cost: float | None
    stored: tuple[F32, ...]  # per keep decision (0 = after line a)
    grids: tuple[F32, ...]  # per keep decision but the last: the value of the next line
    value: float

    def keep_values(self, stage: int, lines: Any) -> F32:
        """The worth of each of the 128 keeps (index = keep mask) after line ``stage``
        (0 = a, 1 = b) showing ``lines``: one line (shape 7) or many (shape (m, 7))."""
        x = np.array(lines, dtype=np.int64)
        x -= 1
        if x.ndim == 1:
            return self._one(stage, x)
        lay = self.layout
        out = np.empty((x.shape[0], 1 << len(lay.sides)), dtype=np.float32)
        out[:, lay.stored] = self.stored[stage].take(x @ lay.strides_t + lay.offsets)
        cells = (x @ lay.grid_strides_t)[:, lay.cell_keep] + lay.cell_offset
        if stage == len(self.stored) - 1:
            vals = self.score.take(cells).astype(np.float64)
            if self.junk_cost is not None:
                sums = (x @ lay.kept_t)[:, lay.cell_keep] + lay.cell_sum
                np.maximum(vals, sums + (len(lay.sides) - self.junk_cost), out=vals)
        else:
            vals = self.grids[stage].take(cells).astype(np.float64)
        out[:, lay.averaged] = np.add.reduceat(vals, lay.starts, axis=1) / lay.counts
        return out

    def _one(self, stage: int, x: I64) -> F32:
        """:meth:`keep_values` of one line (values - 1): the bots' path, kept short."""
        lay = self.layout
        out = np.empty(1 << len(lay.sides), dtype=np.float32)
        out[lay.stored] = self.stored[stage].take(x @ lay.strides_t + lay.offsets)
        cells = (x @ lay.grid_strides_t)[lay.cell_keep] + lay.cell_offset
        vals: Any
        if stage == len(self.stored) - 1:
            vals = self.score.take(cells).astype(np.float64)
            if self.junk_cost is not None:
                sums = (x @ lay.kept_t)[lay.cell_keep] + lay.cell_sum
                np.maximum(vals, sums + (len(lay.sides) - self.junk_cost), out=vals)
        else:
            vals = self.grids[stage].take(cells)
        out[lay.averaged] = np.bincount(lay.cell_keep, weights=vals) / lay.counts
        return out


def _solve_round(terminal: F64, lay: Layout, keeps: int, out: Path, name: str) -> float:
    """Expectimax of one round ending in ``terminal``: writes each keep decision's stored
    marginals (``{name}-stage{t}.npy``) and the grids averaged at decision time
    (``{name}-grid{t}.npy``, the value of line t + 1), and returns the round's value."""
    full = (1 << terminal.ndim) - 1
    value = terminal
    for t in range(keeps - 1, -1, -1):
        margs = _marginals(value)
        flat = np.concatenate(
            [margs[full ^ int(keep)].astype(np.float32).ravel() for keep in lay.stored]
        )
        np.save(out / f"{name}-stage{t}.npy", flat)
        best = np.full(value.shape, -np.inf)
        for m in margs:
            np.maximum(best, m, out=best)
        del margs
        if t > 0:
            np.save(out / f"{name}-grid{t - 1}.npy", best.astype(np.float32).ravel())
        value = best
    return float(value.mean())


def build_tables(rules: Rules, out: Path) -> dict[str, Any]:
    """Build every round table into folder ``out`` by backward induction over (rounds left,
    junk uses held); returns the metadata (also written as ``meta.json``)."""
    t0 = time.perf_counter()
    sides = rules.sides
    n = len(sides)
    lay = layout(sides)
    keeps = rules.rolls_per_round - 1
    score = score_table(rules)
    np.save(out / "score.npy", score.ravel())
    first_roll_mean = float(score.mean(dtype=np.float64))
    c_sum = sum(
        np.arange(1, s + 1, dtype=np.float64).reshape([s if j == i else 1 for j in range(n)])
        for i, s in enumerate(sides)
    )
    made: dict[float | None, tuple[str, float]] = {}

    def round_table(cost: float | None) -> tuple[str, float]:
        if cost not in made:
            name = f"t{len(made)}"
            if cost is None:
                terminal = score.astype(np.float64)
            else:
                terminal = np.maximum(score.astype(np.float64), c_sum - cost)
            made[cost] = (name, _solve_round(terminal, lay, keeps, out, name))
        return made[cost]

    plain, per_round = round_table(None)
    rounds, uses = rules.rounds, rules.junk_uses
    worth = [[0.0] * (uses + 1) for _ in range(rounds + 1)]
    cost = [[0.0] * (uses + 1) for _ in range(rounds)]
    names = [[plain] * (uses + 1) for _ in range(rounds)]
    for k in range(rounds):  # k rounds after the one being played
        worth[k + 1][0] = worth[k][0] + per_round
        for u in range(1, uses + 1):
            cost[k][u] = worth[k][u] - worth[k][u - 1]
            names[k][u], value = round_table(cost[k][u])
            worth[k + 1][u] = worth[k][u] + value
    meta = {
        "version": TABLE_VERSION,
        "digest": rules.digest,
        "sides": list(sides),
        "store_limit": STORE_LIMIT,
        "keeps": keeps,
        "expected_round": per_round,
        "first_roll_mean": first_roll_mean,
        "plain": plain,
        "tables": {name: c for c, (name, _v) in made.items()},
        "names": names,
        "junk_cost": cost,
        "worth": worth,
        "build_seconds": round(time.perf_counter() - t0, 3),
    }
    (out / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return meta


# -- loading and deciding ---------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Tables:
    """Loaded optimal-play tables: a :class:`RoundTable` per (rounds left, junk uses held).

    ``worth[k][u]``: the value of the last ``k`` rounds played perfectly holding ``u`` junk
    uses; ``junk_cost[k][u]``: what holding the ``u``-th use is worth with ``k`` rounds left
    after this one (the junk is taken when the c-line sum beats the score by more)."""

    rules: Rules
    plain: RoundTable
    by_state: tuple[tuple[RoundTable, ...], ...]  # [rounds left][uses held]
    expected_round: float
    first_roll_mean: float
    worth: tuple[tuple[float, ...], ...]
    junk_cost: tuple[tuple[float, ...], ...]
    path: Path

    @property
    def game_value(self) -> float:
        """The expected final score of a solo game played perfectly (568.178)."""
        return self.worth[self.rules.rounds][self.rules.junk_uses]

    @property
    def game_value_without_junk(self) -> float:
        """The same, never scoring junk: rounds x 93.448 = 560.690."""
        return self.worth[self.rules.rounds][0]

    @property
    def junk_option(self) -> tuple[tuple[float, ...], ...]:
        """``[k][u]``: what holding ``u`` junk uses adds to the last ``k`` rounds."""
        return tuple(tuple(w - row[0] for w in row) for row in self.worth[: self.rules.rounds])

    def table(self, rounds_left: int | None = None, uses_left: int = 0) -> RoundTable:
        """The round table of a round with ``rounds_left`` rounds after it and ``uses_left``
        junk uses held (``rounds_left`` None: the round alone, no junk)."""
        if rounds_left is None or uses_left <= 0:
            return self.plain
        return self.by_state[rounds_left][min(uses_left, self.rules.junk_uses)]

    def keep_values(self, stage: int, line: Any, rounds_left: int | None = None,
                    uses_left: int = 0) -> F32:
        """Worth of each of the 128 keeps (index = keep mask) after line ``stage`` (0 = a,
        1 = b) showing ``line``: the expected round score, or with ``rounds_left`` and
        ``uses_left`` the round's worth counting the junk option (see the module notes)."""
        return self.table(rounds_left, uses_left).keep_values(stage, line)

    def best_keep(self, stage: int, line: Any, rounds_left: int | None = None,
                  uses_left: int = 0) -> tuple[int, float]:
        """The optimal keep mask after line ``stage`` and its worth (the first maximum, i.e.
        the smallest mask, among equal float32 values)."""
        values = self.keep_values(stage, line, rounds_left, uses_left)
        k = int(values.argmax())
        return k, float(values[k])

    def line_score(self, line: Sequence[int]) -> float:
        """The score of a full line read from the table."""
        pos = np.asarray(line, dtype=np.int64) - 1
        return float(self.plain.score[int(pos @ self.plain.layout.grid_strides)])

    def use_junk(self, gain: int, rounds_left: int, uses_left: int) -> bool:
        """Take the junk now? ``gain`` = c_sum - best score; ``rounds_left`` after this one."""
        if uses_left <= 0 or gain <= 0:
            return False
        return gain > self.junk_cost[rounds_left][min(uses_left, self.rules.junk_uses)]

    def simulate(self, rounds: int, rng: np.random.Generator) -> tuple[I64, I64]:
        """Play ``rounds`` independent rounds with optimal keeps and no junk (vectorised):
        c-line scores and c-line sums."""
        sides = np.asarray(self.rules.sides)
        n = len(sides)
        shifts = np.arange(n)
        scores, sums = [], []
        plain = self.plain
        for start in range(0, rounds, _CHUNK):
            m = min(_CHUNK, rounds - start)
            line = rng.integers(0, sides, size=(m, n))
            for stage in range(len(plain.stored)):
                keep = plain.keep_values(stage, line + 1).argmax(axis=1)
                kept = (keep[:, None] >> shifts) & 1
                line = np.where(kept == 1, line, rng.integers(0, sides, size=(m, n)))
            scores.append(plain.score.take(line @ plain.layout.grid_strides).astype(np.int64))
            sums.append(line.sum(axis=1) + n)
        return np.concatenate(scores), np.concatenate(sums)

    def simulate_games(self, games: int, rng: np.random.Generator) -> I64:
        """Final scores of ``games`` solo games played as the ``optimal`` bot plays them
        (the same tables and rules, vectorised; its own dice, not the engine's RNG)."""
        rules = self.rules
        sides = np.asarray(rules.sides)
        n = len(sides)
        shifts = np.arange(n)
        strides = self.plain.layout.grid_strides
        cost = np.asarray(self.junk_cost, dtype=np.float64)
        finals = []
        for start in range(0, games, _CHUNK):
            m = min(_CHUNK, games - start)
            total = np.zeros(m, dtype=np.int64)
            uses = np.full(m, rules.junk_uses, dtype=np.int64)
            for r in range(rules.rounds):
                k = rules.rounds - 1 - r
                line = rng.integers(0, sides, size=(m, n))
                for stage in range(rules.rolls_per_round - 1):
                    keep = np.empty(m, dtype=np.int64)
                    for u in np.unique(uses):
                        rows = uses == u
                        values = self.table(k, int(u)).keep_values(stage, line[rows] + 1)
                        keep[rows] = values.argmax(axis=1)
                    kept = (keep[:, None] >> shifts) & 1
                    line = np.where(kept == 1, line, rng.integers(0, sides, size=(m, n)))
                score = self.plain.score.take(line @ strides).astype(np.int64)
                c_sum = line.sum(axis=1) + n
                junk = (uses > 0) & (c_sum - score > cost[k][np.minimum(uses, rules.junk_uses)])
                total += np.where(junk, c_sum, score)
                uses -= junk
            finals.append(total)
        return np.concatenate(finals)


_LOADED: dict[Path, Tables] = {}


def _open(path: Path, rules: Rules, *, mmap: bool = True) -> Tables:
    meta = json.loads((path / "meta.json").read_text(encoding="utf-8"))
    if (meta.get("version") != TABLE_VERSION or meta.get("digest") != rules.digest
            or meta.get("store_limit") != STORE_LIMIT):
        raise ValueError(f"{path} holds tables for other rules")
    mode: Any = "r" if mmap else None

    def load(name: str) -> Any:
        # a plain ndarray over the map: numpy's memmap subclass slows every gather
        return np.asarray(np.load(path / f"{name}.npy", mmap_mode=mode))

    lay = layout(rules.sides)
    score = load("score")
    keeps = meta["keeps"]
    worth = tuple(tuple(row) for row in meta["worth"])
    # each table's value, from the induction: W(k + 1, u) - W(k, u)
    values: dict[str, float] = {meta["plain"]: meta["expected_round"]}
    for k, row in enumerate(meta["names"]):
        for u, name in enumerate(row):
            if u:
                values[name] = worth[k + 1][u] - worth[k][u]
    tables = {
        name: RoundTable(
            layout=lay,
            score=score,
            junk_cost=cost,
            stored=tuple(load(f"{name}-stage{t}") for t in range(keeps)),
            grids=tuple(load(f"{name}-grid{t}") for t in range(keeps - 1)),
            value=values[name],
        )
        for name, cost in meta["tables"].items()
    }
    return Tables(
        rules=rules,
        plain=tables[meta["plain"]],
        by_state=tuple(tuple(tables[name] for name in row) for row in meta["names"]),
        expected_round=meta["expected_round"],
        first_roll_mean=meta["first_roll_mean"],
        worth=worth,
        junk_cost=tuple(tuple(row) for row in meta["junk_cost"]),
        path=path,
    )


def load_tables(
    cache_dir: Path | str | None = None, *, rules: Rules = RULES, rebuild: bool = False
) -> Tables:
    """The optimal tables, from memory, else the disk cache, else built (and cached)."""
    path = table_dir(rules, cache_dir)
    if not rebuild:
        hit = _LOADED.get(path)
        if hit is not None:
            return hit
    tables = None
    if not rebuild and (path / "meta.json").exists():
        try:
            tables = _open(path, rules)
        except (OSError, ValueError, KeyError):
            tables = None  # unreadable or stale: build afresh
    if tables is None:
        tables = _build_and_open(path, rules, rebuild)
    _LOADED[path] = tables
    return tables


def _build_and_open(path: Path, rules: Rules, rebuild: bool) -> Tables:
    """Build into a temporary folder beside ``path`` and rename it into place (atomic); if
    the cache cannot be written, build in a temporary folder and load it into memory."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    except OSError:
        # an unwritable cache costs a rebuild per process, not a failure
        with tempfile.TemporaryDirectory(prefix="printkit-wftgts-") as scratch:
            build_tables(rules, Path(scratch))
            return _open(Path(scratch), rules, mmap=False)
    try:
        build_tables(rules, tmp)
        if rebuild and path.exists():
            shutil.rmtree(path, ignore_errors=True)
        try:
            os.rename(tmp, path)
        except OSError:
            if not (path / "meta.json").exists():
                raise
            shutil.rmtree(tmp, ignore_errors=True)  # another process won the race
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _remove_old_versions(path.parent)
    return _open(path, rules)


def _remove_old_versions(root: Path) -> None:
    """Tables of an older format are never read again: free their disk space."""
    for old in root.glob("wftgts-optimal-v*-*"):
        version = old.name.removeprefix("wftgts-optimal-v").split("-")[0]
        if version.isdigit() and int(version) < TABLE_VERSION:
            shutil.rmtree(old, ignore_errors=True)


@dataclass(frozen=True)
class RoundStatistics:
    rounds: int
    mean: float
    std_error: float
    expected: float

    @property
    def ratio(self) -> float:
        return self.mean / self.expected


def round_statistics(rounds: int = 20_000, seed: int = 0) -> RoundStatistics:
    """Mean c-line score of ``rounds`` simulated rounds under optimal keeps (no junk)."""
    tables = load_tables()
    scores, _ = tables.simulate(rounds, np.random.default_rng(seed))
    return RoundStatistics(
        rounds=rounds,
        mean=float(scores.mean()),
        std_error=float(scores.std(ddof=1) / np.sqrt(rounds)) if rounds > 1 else 0.0,
        expected=tables.expected_round,
    )
