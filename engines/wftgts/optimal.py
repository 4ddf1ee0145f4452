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

*What is stored: the best move of every line, not the values.* A bot needs, after line a or
b of a round, the best keep (a 7-bit mask) and what it expects (the points its reason gives,
rounded). The build works both out for all 4,608,000 lines of every keep decision of every
round table and stores them as two small integers (uint8 each); the values behind them are
not kept. So that the moves are the ones the bot made when it read float tables, to the last
bit, each keep is valued as the bot valued it then (float32: a keep of at most
:data:`STORE_LIMIT` joint kept faces reads its marginal; a keep of more dice averages the next
line's worth over its rerolled faces, in float64, one face combination after another) and the
best is the first maximum, i.e. the smallest mask among equal float32 values. The maximum over
the 128 keeps is taken over their lattice (the best keep within a set S of dice is the best of
S itself and of the best within each S less one die, on S's own faces): 65 M comparisons per
decision instead of 590 M, with the float32 value and the mask packed into one int64, so that
one ``np.maximum`` keeps both and breaks ties the same way.

The moves compress well, and a junk table keeps as the one before it on 97-99 % of the lines
(74-89 % for the first, against the table without junk), so each table after the first is
stored as its difference from the one before, in zlib blocks of :data:`BLOCK` lines that a
bot decodes only when a line falls in them. The seven tables (no junk, and six junk costs) and
the score table take 10 MB on disk (the float tables took 196 MB); a decision is one lookup.
The values, where something asks for them (:meth:`RoundTable.keep_values`: tests), are
recomputed on demand exactly as the build computed them (about a second per round table and
keep decision).

Tables are cached on disk in ``platformdirs.user_cache_dir("printkit")`` (override with the
environment variable ``PRINTKIT_CACHE_DIR``), in a folder keyed by a hash of the rules data,
so a process pays the build at most once per machine; writing a new folder removes the
table folders of other rules or older formats (nothing else in the cache).
"""

from __future__ import annotations

import json
import math
import mmap
import os
import re
import shutil
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from printkit.engines.core.progress import task
from printkit.engines.wftgts.rules import RULES, Rules

TABLE_VERSION = 3
STORE_LIMIT = 100_000
"""A keep of at most this many joint kept faces is valued from the marginal of its round (as
the bot read it from a table); a larger one by averaging the next line's worth over its
rerolled faces (at most 4,608,000 / this). Part of how the moves are defined, to the bit."""
BLOCK_BITS = 15
BLOCK = 1 << BLOCK_BITS
"""Lines per compressed block: what a bot decodes the first time a line falls in it."""
_LEVEL = 3
_CHUNK = 4096
BUILD_SECONDS = 8
"""About how long a build of the packaged rules takes (said before it starts): it measured
6.6-9.0 CPU-s on a busy 2-core machine, where the float tables took 11-14."""
_LINES = 4_608_000
_TABLE_NAME = re.compile(r"wftgts-optimal-v(\d+)-([0-9a-f]+)")
_TEMP_NAME = re.compile(r"\.wftgts-optimal-v\d+-[0-9a-f]+\..+")
_ABANDONED_SECONDS = 3600.0

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
Step = Callable[[int], None]
Progress = Callable[[str, int | None], AbstractContextManager[Step]]
"""``progress(line, total)``: says ``line`` and yields ``step(n=1)`` (core.progress.task)."""


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


def is_table_dir(path: Path) -> bool:
    """Whether ``path`` is a folder of optimal tables by its name (any rules, any format)."""
    return _TABLE_NAME.fullmatch(path.name) is not None


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


def grid_strides(sides: Sequence[int]) -> I64:
    """Flat index of a line (values - 1) in the C-ordered grid: ``x @ grid_strides``."""
    return np.array([math.prod(sides[i + 1:]) for i in range(len(sides))], dtype=np.int64)


def _line_sums(sides: Sequence[int]) -> npt.NDArray[np.int16]:
    """The sum of every line's values - 1 (int16, the grid's shape)."""
    n = len(sides)
    total = np.zeros(sides, dtype=np.int16)
    for i, s in enumerate(sides):
        total += np.arange(s, dtype=np.int16).reshape([s if j == i else 1 for j in range(n)])
    return total


def _c_sums(sum0: npt.NDArray[np.int16], n: int) -> F64:
    """The c-line sum of every line, float64 (whole numbers, exact)."""
    out = sum0.astype(np.float64)
    out += n
    return out


def _marginals(v: F64) -> list[F64]:
    """``out[m]`` = mean of ``v`` over the axes in reroll mask ``m`` (kept as size-1 axes)."""
    n = v.ndim
    out: list[F64] = [v]
    for m in range(1, 1 << n):
        low = m & -m
        out.append(out[m ^ low].mean(axis=low.bit_length() - 1, keepdims=True))
    return out


def _by_keep(margs: list[F64]) -> Callable[[int], F64]:
    """A keep's marginal, from the list indexed by reroll mask."""
    full = len(margs) - 1
    return lambda keep: margs[full ^ keep]


def _by_size(n: int) -> list[list[int]]:
    """Keep masks of ``n`` dice grouped by how many dice they keep."""
    levels: list[list[int]] = [[] for _ in range(n + 1)]
    for m in range(1 << n):
        levels[m.bit_count()].append(m)
    return levels


def _best_within(own: Callable[[int], Any], n: int, size: int) -> dict[int, Any]:
    """``{S: the max over every keep K within S of own(K)}`` for each set S of ``size`` dice,
    on S's faces (size 1 on other axes). ``own(keep)`` is an array over the kept dice's faces;
    the best within S is the best of ``own(S)`` and of the best within S less one die, so the
    sets are taken level by level, smallest first."""
    prev: dict[int, Any] = {0: own(0)}
    for level in _by_size(n)[1:size + 1]:
        cur: dict[int, Any] = {}
        for keep in level:
            best = own(keep)
            fresh = False
            for i in range(n):
                if keep >> i & 1:
                    if fresh:
                        np.maximum(best, prev[keep ^ (1 << i)], out=best)
                    else:
                        best = np.maximum(best, prev[keep ^ (1 << i)])
                        fresh = True
            cur[keep] = best
        prev = cur
    return prev


def _best_over_keeps(own: Callable[[int], Any], n: int) -> Any:
    """The max over every keep mask of ``own(keep)``, over the whole grid."""
    return _best_within(own, n, n)[(1 << n) - 1]


def _averaged(sides: Sequence[int], limit: int = STORE_LIMIT) -> list[int]:
    """Keeps of more than ``limit`` joint kept faces: valued by averaging over rerolled faces."""
    return [keep for keep in range(1 << len(sides))
            if math.prod(s for i, s in enumerate(sides) if keep >> i & 1) > limit]


def _average(src: Any, keep: int, sides: Sequence[int]) -> F32:
    """The mean of ``src`` over the faces of the dice ``keep`` rerolls, summed in float64 one
    face combination after another (the first rerolled die slowest), as the bot once summed
    them at decision time; float32, on the kept dice's faces."""
    n = len(sides)
    rerolled = [i for i in range(n) if not keep >> i & 1]
    acc = np.zeros([s if keep >> i & 1 else 1 for i, s in enumerate(sides)], dtype=np.float64)
    count = 0
    for faces in np.ndindex(*[sides[i] for i in rerolled]):
        at: list[slice] = [slice(None)] * n
        for i, f in zip(rerolled, faces, strict=True):
            at[i] = slice(f, f + 1)
        acc += src[tuple(at)]
        count += 1
    acc /= float(count)
    return acc.astype(np.float32)


def _decisions(terminal: F64, keeps: int, score: Any, sum0: Any, junk_cost: float | None,
               sides: Sequence[int], until: int = 0
               ) -> Iterator[tuple[int, list[F32 | None], F64]]:
    """One round's expectimax from the last keep decision back to decision ``until``: yields
    ``(t, values, best)`` per decision t, where ``values[keep]`` is the keep's float32 worth
    on its kept faces (size 1 on rerolled axes) as the bot values it, and ``best`` the
    float64 value of the line before the decision."""
    n = len(sides)
    full = (1 << n) - 1
    averaged = set(_averaged(sides))
    value = terminal
    for t in range(keeps - 1, until - 1, -1):
        margs = _marginals(value)
        best = _best_over_keeps(_by_keep(margs), n)
        if t == keeps - 1:  # many-dice keeps average line c's worth, in float64
            src: Any = score.astype(np.float64)
            if junk_cost is not None:
                np.maximum(src, sum0 + (n - junk_cost), out=src)
        else:  # ... or the next line's value, as float32
            src = value.astype(np.float32)
        values: list[F32 | None] = [
            _average(src, keep, sides) if keep in averaged
            else margs[full ^ keep].astype(np.float32)
            for keep in range(1 << n)
        ]
        del src, margs
        value = best  # the next line's value is no longer needed
        yield t, values, best


def _moves(values: list[F32 | None], n: int, worth_dtype: Any
           ) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The best keep of every line (the first maximum: the smallest mask among equal float32
    worths) and its worth rounded to whole points, both flat over the grid. Empties
    ``values`` as it goes."""
    full = (1 << n) - 1

    def key(keep: int, value: Any = None) -> I64:
        # worths are >= 0, so their float32 bits order like the numbers; the low bits hold
        # full - keep, so that among equal worths the smallest mask wins
        if value is None:
            value, values[keep] = values[keep], None
        bits = np.asarray(value).view(np.int32).astype(np.int64)
        bits <<= n
        bits |= full - keep
        return bits

    below = _best_within(key, n, n - 1)
    top, values[full] = values[full], None
    assert top is not None
    moves = np.empty(top.shape, dtype=np.uint8 if n <= 8 else np.uint16)
    worth = np.empty(top.shape, dtype=worth_dtype)
    for f in range(top.shape[0]):  # the whole grid, one face of the first die at a time
        at = slice(f, f + 1)
        best = key(full, top[at])
        for i in range(n):
            child = below[full ^ (1 << i)]
            np.maximum(best, child[at] if child.shape[0] > 1 else child, out=best)
        moves[at] = full - (best & full)
        best >>= n
        worth[at] = np.rint(best.astype(np.int32).view(np.float32).astype(np.float64))
    return moves.ravel(), worth.ravel()


# -- storage: blocks of zlib, each table as its difference from the one before ---------------


class _Writer:
    """Appends arrays to ``packed.bin`` as zlib blocks of :data:`BLOCK` lines; an array with
    a ``base`` is stored as its difference from it (modulo 2^bits: mostly zeros)."""

    def __init__(self, out: Path) -> None:
        self.file: BinaryIO = open(out / "packed.bin", "wb")  # closed by close()
        self.pos = 0
        self.index: dict[str, Any] = {}

    def add(self, key: str, planes: Sequence[npt.NDArray[Any]], base: str | None = None,
            base_planes: Sequence[npt.NDArray[Any]] = ()) -> None:
        if base is not None:
            planes = [p - b for p, b in zip(planes, base_planes, strict=True)]
        offsets = [self.pos]
        length = len(planes[0])
        for start in range(0, length, BLOCK):
            blob = zlib.compress(b"".join(p[start:start + BLOCK].tobytes() for p in planes),
                                 _LEVEL)
            self.file.write(blob)
            self.pos += len(blob)
            offsets.append(self.pos)
        self.index[key] = {"dtypes": [p.dtype.str for p in planes], "length": length,
                           "base": base, "offsets": offsets}

    def close(self) -> None:
        self.file.close()


class _Packed:
    """The arrays of ``packed.bin``, decoded block by block when first asked for."""

    def __init__(self, path: Path, index: dict[str, Any], *, mmap_file: bool = True) -> None:
        self.index = index
        self.data: Any
        with open(path / "packed.bin", "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size != max((spec["offsets"][-1] for spec in index.values()), default=0):
                raise ValueError(f"{path / 'packed.bin'} is cut short")
            if mmap_file and size:
                self.data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            else:
                self.data = f.read()
        self._blocks: dict[tuple[str, int], tuple[npt.NDArray[Any], ...]] = {}
        self._full: dict[str, npt.NDArray[Any]] = {}

    def block(self, key: str, b: int) -> tuple[npt.NDArray[Any], ...]:
        hit = self._blocks.get((key, b))
        if hit is not None:
            return hit
        spec = self.index[key]
        offsets = spec["offsets"]
        raw = zlib.decompress(self.data[offsets[b]:offsets[b + 1]])
        count = min(BLOCK, spec["length"] - b * BLOCK)
        planes: list[npt.NDArray[Any]] = []
        pos = 0
        for code in spec["dtypes"]:
            dtype = np.dtype(code)
            planes.append(np.frombuffer(raw, dtype=dtype, count=count, offset=pos))
            pos += count * dtype.itemsize
        if spec["base"] is not None:
            planes = [p + q for p, q in zip(planes, self.block(spec["base"], b), strict=True)]
        out = tuple(planes)
        self._blocks[key, b] = out
        return out

    def at(self, key: str, i: int) -> tuple[int, ...]:
        j = i & (BLOCK - 1)
        return tuple(int(p[j]) for p in self.block(key, i >> BLOCK_BITS))

    def gather(self, key: str, idx: I64) -> tuple[npt.NDArray[Any], ...]:
        """The planes of ``key`` at flat indices ``idx`` (any shape)."""
        blocks = idx >> BLOCK_BITS
        within = idx & (BLOCK - 1)
        out: list[npt.NDArray[Any]] | None = None
        for b in np.unique(blocks):
            planes = self.block(key, int(b))
            if out is None:
                out = [np.empty(idx.shape, dtype=p.dtype) for p in planes]
            sel = blocks == b
            for o, p in zip(out, planes, strict=True):
                o[sel] = p[within[sel]]
        if out is None:
            out = [np.empty(idx.shape, dtype=np.dtype(c)) for c in self.index[key]["dtypes"]]
        return tuple(out)

    def full(self, key: str) -> npt.NDArray[Any]:
        """The first plane of ``key``, whole (decoded once)."""
        hit = self._full.get(key)
        if hit is None:
            count = len(self.index[key]["offsets"]) - 1
            hit = np.concatenate([self.block(key, b)[0] for b in range(count)])
            self._full[key] = hit
            if len(self.index[key]["dtypes"]) == 1:  # its blocks: views of the whole
                for b in range(count):
                    self._blocks[key, b] = (hit[b * BLOCK:(b + 1) * BLOCK],)
        return hit


# -- building ---------------------------------------------------------------------------------


def _table_count(rules: Rules) -> int:
    """How many round tables a build makes at most (no junk, and one per junk cost)."""
    return 1 + rules.rounds * rules.junk_uses


def build_tables(rules: Rules, out: Path, step: Step | None = None) -> dict[str, Any]:
    """Build every round table into folder ``out`` by backward induction over (rounds left,
    junk uses held); returns the metadata (also written as ``meta.json``). ``step(1)`` is
    called after each keep decision of each table (see :func:`build_steps`)."""
    t0 = time.perf_counter()
    sides = rules.sides
    n = len(sides)
    keeps = rules.rolls_per_round - 1
    score = score_table(rules)
    first_roll_mean = float(score.mean(dtype=np.float64))
    sum0 = _line_sums(sides)
    high = max(int(score.max()), sum(sides))
    worth_dtype = np.uint8 if high <= 255 else np.uint16
    writer = _Writer(out)
    writer.add("score", [score.ravel()])
    made: dict[float | None, tuple[str, float]] = {}
    previous: list[Any] = [None, {}]  # the last table made, and its moves per decision

    def round_table(cost: float | None) -> tuple[str, float]:
        if cost not in made:
            name = f"t{len(made)}"
            if cost is None:
                terminal = score.astype(np.float64)
            else:
                terminal = np.maximum(score.astype(np.float64), _c_sums(sum0, n) - cost)
            round_value = float(terminal.mean())  # a round with no keeps
            decisions = _decisions(terminal, keeps, score, sum0, cost, sides)
            del terminal  # the round's line c: freed once its marginals are taken
            planes: dict[int, tuple[npt.NDArray[Any], ...]] = {}
            for t, values, best in decisions:
                planes[t] = _moves(values, n, worth_dtype)
                base, base_planes = previous
                writer.add(f"{name}/{t}", planes[t], None if base is None else f"{base}/{t}",
                           base_planes.get(t, ()))
                if t == 0:
                    round_value = float(best.mean())
                del values, best
                if step is not None:
                    step(1)
            previous[:] = [name, planes]
            made[cost] = (name, round_value)
        return made[cost]

    try:
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
    finally:
        writer.close()
    if step is not None:  # junk costs that repeat make fewer tables than announced
        step((_table_count(rules) - len(made)) * keeps)
    meta = {
        "version": TABLE_VERSION,
        "digest": rules.digest,
        "sides": list(sides),
        "store_limit": STORE_LIMIT,
        "block": BLOCK,
        "keeps": keeps,
        "expected_round": per_round,
        "first_roll_mean": first_roll_mean,
        "plain": plain,
        "tables": {name: c for c, (name, _v) in made.items()},
        "names": names,
        "junk_cost": cost,
        "worth": worth,
        "arrays": writer.index,
        "build_seconds": round(time.perf_counter() - t0, 3),
    }
    (out / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return meta


def build_steps(rules: Rules = RULES) -> int:
    """How many times :func:`build_tables` calls ``step(1)``: its progress bar's length."""
    return _table_count(rules) * (rules.rolls_per_round - 1)


def build_seconds(rules: Rules = RULES) -> int:
    """About how long :func:`build_tables` takes (said before a first run's build)."""
    size = math.prod(rules.sides) * max(build_steps(rules), 1)
    return max(1, round(BUILD_SECONDS * size / (_LINES * build_steps(RULES))))


# -- loading and deciding ---------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RoundTable:
    """Optimal keeps for one round whose line c is worth ``max(score, c_sum - junk_cost)``
    (``junk_cost`` None: the score alone). ``value`` is the round's expected worth.

    The best keep and its rounded worth are read from the stored moves; the worth of every
    keep (:meth:`keep_values`) is recomputed on demand."""

    rules: Rules
    name: str
    junk_cost: float | None
    value: float
    keeps: int
    packed: _Packed = field(repr=False)
    strides: tuple[int, ...] = field(repr=False)
    _values: dict[int, list[F32]] = field(default_factory=dict, repr=False)

    @property
    def score(self) -> npt.NDArray[np.int16]:
        """The best score of every line, flat over the grid (int16)."""
        return self.packed.full("score")

    def best_keep(self, stage: int, line: Sequence[int]) -> tuple[int, int]:
        """The optimal keep mask after line ``stage`` (0 = a, 1 = b) showing ``line`` (face
        values), and its worth rounded to whole points."""
        i = 0
        for v, s in zip(line, self.strides, strict=True):
            i += (int(v) - 1) * s
        mask, worth = self.packed.at(f"{self.name}/{stage}", i)
        return mask, worth

    def best_keeps(self, stage: int, lines: Any) -> tuple[I64, I64]:
        """:meth:`best_keep` of many lines (shape (m, dice)): masks and rounded worths."""
        x = np.asarray(lines, dtype=np.int64) - 1
        idx = x @ np.asarray(self.strides, dtype=np.int64)
        masks, worths = self.packed.gather(f"{self.name}/{stage}", idx)
        return masks.astype(np.int64), worths.astype(np.int64)

    def keep_values(self, stage: int, lines: Any) -> F32:
        """The worth of each keep (index = keep mask) after line ``stage`` (0 = a, 1 = b)
        showing ``lines``: one line (shape 7) or many (shape (m, 7)). Recomputed the first
        time a stage is asked for (about a second), float32 exactly as the moves were chosen
        from: ``keep_values(...).argmax()`` is the stored best keep."""
        values = self._values.get(stage)
        if values is None:
            values = self._compute(stage)
            self._values.clear()  # one stage at a time: 40 MB
            self._values[stage] = values
        x = np.asarray(lines, dtype=np.int64) - 1
        sides = self.rules.sides
        out = np.empty((*x.shape[:-1], 1 << len(sides)), dtype=np.float32)
        for keep, v in enumerate(values):
            strides = [0] * len(sides)
            step = 1
            for i in reversed(range(len(sides))):
                if keep >> i & 1:
                    strides[i] = step
                    step *= sides[i]
            out[..., keep] = v.ravel()[x @ np.asarray(strides, dtype=np.int64)]
        return out

    def _compute(self, stage: int) -> list[F32]:
        rules = self.rules
        sides = rules.sides
        n = len(sides)
        if not 0 <= stage < self.keeps:
            raise ValueError(f"no keep after line {stage}: a round has {self.keeps} keeps")
        score = self.score.reshape(sides)
        terminal = score.astype(np.float64)
        sum0 = _line_sums(sides)
        if self.junk_cost is not None:
            terminal = np.maximum(terminal, _c_sums(sum0, n) - self.junk_cost)
        for t, values, _best in _decisions(terminal, self.keeps, score, sum0,
                                           self.junk_cost, sides, until=stage):
            if t == stage:
                return [v for v in values if v is not None]
        raise AssertionError("unreachable")


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
        ``uses_left`` the round's worth counting the junk option (see the module notes).
        Recomputed on demand (about a second per round table and stage)."""
        return self.table(rounds_left, uses_left).keep_values(stage, line)

    def best_keep(self, stage: int, line: Sequence[int], rounds_left: int | None = None,
                  uses_left: int = 0) -> tuple[int, int]:
        """The optimal keep mask after line ``stage`` and its worth rounded to whole points
        (the first maximum of :meth:`keep_values`, i.e. the smallest mask among equal float32
        values), read from the stored moves."""
        return self.table(rounds_left, uses_left).best_keep(stage, line)

    def line_score(self, line: Sequence[int]) -> float:
        """The score of a full line read from the table."""
        pos = np.asarray(line, dtype=np.int64) - 1
        return float(self.plain.score[int(pos @ grid_strides(self.rules.sides))])

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
        strides = grid_strides(self.rules.sides)
        scores, sums = [], []
        plain = self.plain
        for start in range(0, rounds, _CHUNK):
            m = min(_CHUNK, rounds - start)
            line = rng.integers(0, sides, size=(m, n))
            for stage in range(plain.keeps):
                keep = plain.best_keeps(stage, line + 1)[0]
                kept = (keep[:, None] >> shifts) & 1
                line = np.where(kept == 1, line, rng.integers(0, sides, size=(m, n)))
            scores.append(plain.score.take(line @ strides).astype(np.int64))
            sums.append(line.sum(axis=1) + n)
        return np.concatenate(scores), np.concatenate(sums)

    def simulate_games(self, games: int, rng: np.random.Generator) -> I64:
        """Final scores of ``games`` solo games played as the ``optimal`` bot plays them
        (the same tables and rules, vectorised; its own dice, not the engine's RNG)."""
        rules = self.rules
        sides = np.asarray(rules.sides)
        n = len(sides)
        shifts = np.arange(n)
        strides = grid_strides(rules.sides)
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
                        keep[rows] = self.table(k, int(u)).best_keeps(stage, line[rows] + 1)[0]
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


def _open(path: Path, rules: Rules, *, mmap_file: bool = True) -> Tables:
    meta = json.loads((path / "meta.json").read_text(encoding="utf-8"))
    if (meta.get("version") != TABLE_VERSION or meta.get("digest") != rules.digest
            or meta.get("store_limit") != STORE_LIMIT or meta.get("block") != BLOCK):
        raise ValueError(f"{path} holds tables for other rules")
    packed = _Packed(path, meta["arrays"], mmap_file=mmap_file)
    strides = tuple(int(s) for s in grid_strides(rules.sides))
    keeps = meta["keeps"]
    worth = tuple(tuple(row) for row in meta["worth"])
    # each table's value, from the induction: W(k + 1, u) - W(k, u)
    values: dict[str, float] = {meta["plain"]: meta["expected_round"]}
    for k, row in enumerate(meta["names"]):
        for u, name in enumerate(row):
            if u:
                values[name] = worth[k + 1][u] - worth[k][u]
    tables = {
        name: RoundTable(rules=rules, name=name, junk_cost=cost, value=values[name],
                         keeps=keeps, packed=packed, strides=strides)
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
    cache_dir: Path | str | None = None, *, rules: Rules = RULES, rebuild: bool = False,
    progress: Progress | None = None,
) -> Tables:
    """The optimal tables, from memory, else the disk cache, else built (and cached). A build
    says so through ``progress(line, steps)`` (default: printkit's line on stderr)."""
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
            rebuild = True  # unreadable or stale: build afresh, in its place
    if tables is None:
        tables = _build_and_open(path, rules, rebuild, progress or task)
    _LOADED[path] = tables
    return tables


def _build_and_open(path: Path, rules: Rules, rebuild: bool, progress: Progress) -> Tables:
    """Build into a temporary folder beside ``path`` and rename it into place (atomic); if
    the cache cannot be written, build in a temporary folder and load it into memory."""
    about = f"about {build_seconds(rules)} s"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    except OSError:
        # an unwritable cache costs a rebuild per process, not a failure
        with progress(f"computing the WFtGtS optimal-play tables ({about}; the cache "
                      f"{path.parent} cannot be written, so every run computes them)",
                      build_steps(rules) or None) as step, \
                tempfile.TemporaryDirectory(prefix="printkit-wftgts-") as scratch:
            build_tables(rules, Path(scratch), step)
            return _open(Path(scratch), rules, mmap_file=False)
    try:
        with progress(f"computing the WFtGtS optimal-play tables (first run only, {about}; "
                      f"cached in {path.parent})", build_steps(rules) or None) as step:
            build_tables(rules, tmp, step)
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
    remove_stale_tables(path.parent, keep=path)
    return _open(path, rules)


def remove_stale_tables(root: Path, keep: Path | None = None) -> list[Path]:
    """Remove the optimal-table folders in ``root`` other than ``keep`` (other rules, older
    formats) and the temporary folders of builds abandoned over an hour ago; nothing else in
    ``root`` is touched. Returns what was removed."""
    removed: list[Path] = []
    try:
        children = list(root.iterdir())
    except OSError:
        return removed
    now = time.time()
    for child in children:
        if keep is not None and child.name == keep.name:
            continue
        if child.is_symlink() or not child.is_dir():
            continue
        if _TEMP_NAME.fullmatch(child.name):
            try:
                if now - child.stat().st_mtime < _ABANDONED_SECONDS:
                    continue  # perhaps another process building right now
            except OSError:
                continue
        elif not _TABLE_NAME.fullmatch(child.name):
            continue
        shutil.rmtree(child, ignore_errors=True)
        removed.append(child)
    return removed


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
