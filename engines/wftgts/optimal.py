"""Exact optimal keeps for one round, by expectimax over all 4,608,000 lines.

A line is a point of the grid d4 x d6 x d8 x d10 x d10 x d12 x d20. The score of every line
is built with numpy: each of the 99 subsets of >= 3 dice has a constant value on the lines
where it is a valid set or run (0 elsewhere), and a line's score is the best single subset or
the best disjoint pair (adding two values works because an invalid subset adds 0).

Working backwards from ``V_c = score``: keeping a subset K of the dice and rerolling the rest
is worth the mean of ``V`` over the rerolled axes. The 128 such *marginals* are built by a
small DP (a mask's marginal is the mean, over its lowest rerolled axis, of the marginal of the
mask without that axis), and ``V_b`` = the maximum over the 128 marginals, broadcast. The same
step from ``V_b`` gives ``V_a``; the expected value of a round played perfectly is the mean of
``V_a`` (about 93.45 points; scoring a first roll as it lands averages about 36.0).

At run time a decision is one gather: the marginals of a stage are stored flat (float32)
with per-keep offsets and strides, so the value of each of the 128 keeps for a line is
``flat[offsets + strides @ (line - 1)]`` and the keep is its argmax (first maximum, i.e. the
smallest keep mask, on exact ties).

*Stuck with junk.* Keeps ignore the junk option (they are the exact per-round optimum).
At scoring, taking the c-line sum gains ``g = max(0, c_sum - score)`` now but spends the
option. With ``k`` rounds left after this one, the option is worth ``O_k = E[max(g, O_{k-1})]``,
``O_0 = 0`` (take the junk in a later round only if its gain beats what remains in reserve).
The bot takes the junk when ``c_sum - score > O_k``. The distribution of ``g`` under optimal
keeps is estimated once at table build, deterministically (20,000 simulated rounds with a
fixed seed), and cached with the tables. With more than one junk use allowed the same
recursion runs over uses left: ``O_{k,u} = E[max(g + O_{k-1,u-1}, O_{k-1,u})]``.

Tables are cached on disk in ``platformdirs.user_cache_dir("printkit")`` (override with the
environment variable ``PRINTKIT_CACHE_DIR``), in a folder keyed by a hash of the rules data,
and memory-mapped when loaded, so a process pays the build (a few seconds) at most once per
machine.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np

from printkit.engines.wftgts.rules import RULES, Rules

TABLE_VERSION = 1
JUNK_SAMPLES = 20_000
JUNK_SEED = 20240116
_CHUNK = 20_000


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


# -- building ---------------------------------------------------------------------------------


def score_table(rules: Rules = RULES) -> np.ndarray:
    """The best score of every line, shape ``rules.sides`` (index = value - 1), int16."""
    sides = rules.sides
    n = len(sides)
    grids = [
        np.arange(1, s + 1, dtype=np.int16).reshape([s if j == i else 1 for j in range(n)])
        for i, s in enumerate(sides)
    ]
    subsets = [c for k in range(rules.min_group, n + 1) for c in combinations(range(n), k)]
    values: list[np.ndarray] = []
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


def _marginals(v: np.ndarray) -> list[np.ndarray]:
    """``out[m]`` = mean of ``v`` over the axes in reroll mask ``m`` (kept as size-1 axes)."""
    n = v.ndim
    out: list[np.ndarray] = [v]
    for m in range(1, 1 << n):
        low = m & -m
        out.append(out[m ^ low].mean(axis=low.bit_length() - 1, keepdims=True))
    return out


def _layout(sides: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Offsets and strides of the marginal of each *keep* mask in the flat stage array."""
    n = len(sides)
    offsets = np.zeros(1 << n, dtype=np.int64)
    strides = np.zeros((1 << n, n), dtype=np.int64)
    pos = 0
    for keep in range(1 << n):
        shape = [s if keep >> i & 1 else 1 for i, s in enumerate(sides)]
        step = 1
        for i in reversed(range(n)):
            strides[keep, i] = step if keep >> i & 1 else 0
            step *= shape[i]
        offsets[keep] = pos
        pos += step
    return offsets, strides


def build_tables(rules: Rules = RULES) -> tuple[list[np.ndarray], dict]:
    """Compute the stage tables (one per keep decision) and their metadata."""
    t0 = time.perf_counter()
    sides = rules.sides
    full = (1 << len(sides)) - 1
    score = score_table(rules)
    first_roll_mean = float(score.mean(dtype=np.float64))
    value = score.astype(np.float64)
    del score
    stages: list[np.ndarray] = [np.empty(0, np.float32)] * (rules.rolls_per_round - 1)
    for t in range(rules.rolls_per_round - 2, -1, -1):
        margs = _marginals(value)
        stages[t] = np.concatenate(
            [margs[full ^ keep].astype(np.float32).ravel() for keep in range(full + 1)]
        )
        best = np.full(value.shape, -np.inf)
        for m in margs:
            np.maximum(best, m, out=best)
        del margs
        value = best
    expected = float(value.mean())
    offsets, strides = _layout(sides)
    meta = {
        "version": TABLE_VERSION,
        "digest": rules.digest,
        "sides": list(sides),
        "offsets": offsets.tolist(),
        "strides": strides.tolist(),
        "expected_round": expected,
        "first_roll_mean": first_roll_mean,
        "build_seconds": round(time.perf_counter() - t0, 3),
    }
    return stages, meta


def _junk_option(gains: np.ndarray, rounds: int, uses: int) -> list[list[float]]:
    """``O[k][u]``: worth of holding ``u`` junk uses with ``k`` rounds still to play."""
    opt = [[0.0] * (uses + 1) for _ in range(rounds)]
    for k in range(1, rounds):
        for u in range(1, uses + 1):
            opt[k][u] = float(np.maximum(gains + opt[k - 1][u - 1], opt[k - 1][u]).mean())
    return opt


# -- loading and deciding -----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Tables:
    """Loaded optimal-play tables: one flat float32 array per keep decision of a round."""

    rules: Rules
    stages: tuple[np.ndarray, ...]
    offsets: np.ndarray
    strides_t: np.ndarray  # (dice, keeps): idx = (line - 1) @ strides_t + offsets
    expected_round: float
    first_roll_mean: float
    junk_option: tuple[tuple[float, ...], ...]
    path: Path

    def keep_values(self, stage: int, line: tuple[int, ...] | list[int]) -> np.ndarray:
        """Expected round score of each of the 128 keeps (index = keep mask) after line
        ``stage`` (0 = a, 1 = b) showing ``line``."""
        pos = np.asarray(line, dtype=np.int64) - 1
        return self.stages[stage].take(pos @ self.strides_t + self.offsets)

    def best_keep(self, stage: int, line: tuple[int, ...] | list[int]) -> tuple[int, float]:
        """The optimal keep mask after line ``stage`` and its expected round score."""
        values = self.keep_values(stage, line)
        k = int(values.argmax())
        return k, float(values[k])

    def line_score(self, line: tuple[int, ...]) -> float:
        """Score of a full line read from the table (the keep-everything marginal)."""
        full = len(self.offsets) - 1
        return float(self.keep_values(len(self.stages) - 1, line)[full])

    def use_junk(self, gain: int, rounds_left: int, uses_left: int) -> bool:
        """Take the junk now? ``gain`` = c_sum - best score; ``rounds_left`` after this one."""
        if uses_left <= 0 or gain <= 0:
            return False
        o = self.junk_option[rounds_left]
        return gain + o[uses_left - 1] > o[uses_left]

    def simulate(self, rounds: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Play ``rounds`` independent rounds with optimal keeps (vectorised): c-line scores
        and c-line sums."""
        sides = np.asarray(self.rules.sides)
        n = len(sides)
        shifts = np.arange(n)
        scores, sums = [], []
        last = self.stages[-1]
        full = len(self.offsets) - 1
        for start in range(0, rounds, _CHUNK):
            m = min(_CHUNK, rounds - start)
            line = rng.integers(0, sides, size=(m, n))
            for stage in self.stages:
                idx = line @ self.strides_t + self.offsets
                keep = stage.take(idx).argmax(axis=1)
                kept = (keep[:, None] >> shifts) & 1
                line = np.where(kept == 1, line, rng.integers(0, sides, size=(m, n)))
            scores.append(np.rint(last.take(line @ self.strides_t[:, full] + self.offsets[full])))
            sums.append(line.sum(axis=1) + n)
        return np.concatenate(scores).astype(np.int64), np.concatenate(sums)


_LOADED: dict[Path, Tables] = {}


def _write(path: Path, stages: list[np.ndarray], meta: dict) -> None:
    """Write into a temporary folder beside ``path``, then rename it into place (atomic)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    try:
        for i, s in enumerate(stages):
            np.save(tmp / f"stage{i}.npy", s)
        (tmp / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
        try:
            os.rename(tmp, path)
        except OSError:
            if not (path / "meta.json").exists():
                raise
            shutil.rmtree(tmp, ignore_errors=True)  # another process won the race
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _open(path: Path, rules: Rules) -> Tables:
    meta = json.loads((path / "meta.json").read_text(encoding="utf-8"))
    if meta.get("version") != TABLE_VERSION or meta.get("digest") != rules.digest:
        raise ValueError(f"{path} holds tables for other rules")
    stages = tuple(
        np.asarray(np.load(path / f"stage{i}.npy", mmap_mode="r"))
        for i in range(rules.rolls_per_round - 1)
    )
    return Tables(
        rules=rules,
        stages=stages,
        offsets=np.asarray(meta["offsets"], dtype=np.int64),
        strides_t=np.ascontiguousarray(np.asarray(meta["strides"], dtype=np.int64).T),
        expected_round=meta["expected_round"],
        first_roll_mean=meta["first_roll_mean"],
        junk_option=tuple(tuple(row) for row in meta["junk_option"]),
        path=path,
    )


def load_tables(
    cache_dir: Path | str | None = None, *, rules: Rules = RULES, rebuild: bool = False
) -> Tables:
    """The optimal tables, from memory, else the disk cache, else built (and cached)."""
    path = table_dir(rules, cache_dir)
    if not rebuild and path in _LOADED:
        return _LOADED[path]
    tables = None
    if not rebuild and (path / "meta.json").exists():
        try:
            tables = _open(path, rules)
        except (OSError, ValueError, KeyError):
            tables = None  # unreadable or stale: build afresh
    if tables is None:
        stages, meta = build_tables(rules)
        t0 = time.perf_counter()
        partial = Tables(
            rules, tuple(stages), *_meta_arrays(meta), meta["expected_round"],
            meta["first_roll_mean"], (), path,
        )  # fmt: skip
        scores, sums = partial.simulate(JUNK_SAMPLES, np.random.default_rng(JUNK_SEED))
        gains = np.maximum(0, sums - scores).astype(np.float64)
        meta["junk_option"] = _junk_option(gains, rules.rounds, rules.junk_uses)
        meta["junk_gain_mean"] = float(gains.mean())
        meta["build_seconds"] = round(meta["build_seconds"] + time.perf_counter() - t0, 3)
        try:
            if rebuild and path.exists():
                shutil.rmtree(path, ignore_errors=True)
            _write(path, stages, meta)
        except OSError:
            # an unwritable cache costs a rebuild per process, not a failure
            junk = tuple(tuple(row) for row in meta["junk_option"])
            tables = Tables(
                rules, tuple(stages), partial.offsets, partial.strides_t,
                meta["expected_round"], meta["first_roll_mean"], junk, path,
            )  # fmt: skip
        else:
            del stages, partial
            tables = _open(path, rules)
    _LOADED[path] = tables
    return tables


def _meta_arrays(meta: dict) -> tuple[np.ndarray, np.ndarray]:
    offsets = np.asarray(meta["offsets"], dtype=np.int64)
    strides_t = np.ascontiguousarray(np.asarray(meta["strides"], dtype=np.int64).T)
    return offsets, strides_t


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
