"""How the W.A.R. – Powers 'n Points bots read a table: what a sheet is worth, per roll.

Everything is measured in points, because points are what the race to 100 is about. A sheet
is worth its *rate*: the points its Points columns bring per roll on average, plus what each
Powers row adds (or takes from the others) each time its face shows, times the rounds still to
come. The parts are quick to compute because they split by dice sum: a column pays at the sums
that activate it, and a row fires with a die showing its face, so with the sums of
``FACE_WEIGHT[face]`` (the other die is uniform). A PowerUp on face 6 therefore doubles the
columns of sums 7-12, and a Bend is worth more beside a tall column.

>>> from printkit.engines.war_pnp.game import WarPnP
>>> state = WarPnP().new_initial_state()
>>> table = Table(state, 0)
>>> round(table.rounds_left, 1), table.rate(0)   # about ten rounds to go, nothing scores
(10.0, 0.0)
>>> round(sum(FACE_WEIGHT[6][s] for s in SUMS), 3)   # a row fires 1/3 of the rolls
0.333
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from typing import Final

from printkit.engines.war_pnp.effects import column_points, develop, rank
from printkit.engines.war_pnp.game import Activation, WarPnPState, multiplier
from printkit.engines.war_pnp.rules import RULES, PointsColumn, PowerKind, PowerSpec
from printkit.engines.war_pnp.sheets import SheetSpec

FACES: Final = RULES.faces
LOW: Final = RULES.dice
HIGH: Final = RULES.dice * RULES.faces
SUMS: Final = tuple(range(LOW, HIGH + 1))
WIN: Final = RULES.win_score
TOP: Final = RULES.score_track_top

_ROLLS36: Final = tuple(itertools.product(range(1, FACES + 1), repeat=2))
ROLLS: Final = tuple(
    (roll, sum(1 for r in _ROLLS36 if tuple(sorted(r)) == roll) / len(_ROLLS36))
    for roll in sorted({tuple(sorted(r)) for r in _ROLLS36})
)
"""The 21 distinct rolls of two dice (lower die first) with their chances."""

CHANCE: Final = tuple(
    sum(1 for r in _ROLLS36 if sum(r) == s) / len(_ROLLS36) for s in range(HIGH + 1))
"""``CHANCE[s]``: the chance that the dice show the sum ``s``."""

FACE_WEIGHT: Final = tuple(
    tuple(sum(r.count(f) for r in _ROLLS36 if sum(r) == s) / len(_ROLLS36)
          for s in range(HIGH + 1))
    for f in range(FACES + 1))
"""``FACE_WEIGHT[f][s]``: how often per roll a row of face ``f`` fires with the sum ``s`` (a
double counts twice, as it fires the row twice)."""

FIRES: Final = tuple(
    tuple(sum(f in r for r in _ROLLS36 if sum(r) == s) / len(_ROLLS36)
          for s in range(HIGH + 1))
    for f in range(FACES + 1))
"""The same counting a double once: what PowerUp and Double are worth on the box scored that
roll, which holds one mark (the second mark of a double waits for a later roll; sums 2 and 12
come only from doubles, so counting it twice valued them twice over)."""

ONCE: Final = frozenset({PowerKind.POWERUP, PowerKind.DOUBLE})
"""Powers valued with :data:`FIRES` rather than :data:`FACE_WEIGHT`."""

ANY_FACE: Final = tuple(CHANCE[s] / 3 for s in range(HIGH + 1))
"""The same for a row whose face is not written yet: the average over the faces."""

OVERLAP: Final = {
    PowerKind.STEAL: ("steal", 0.3),      # Steals of one round share the round's gain
    PowerKind.POWERUP: ("mark", 0.5),     # one scored box takes one mark; the next waits
    PowerKind.DOUBLE: ("mark", 0.5),
    PowerKind.DECAY: ("decay", 0.0),      # Decays do not add up
    PowerKind.BLOCK: ("block", 0.6),      # a second X has only a later box to go on
    PowerKind.CANCEL: ("cancel", 0.5),    # two Cancels need two powers worth stopping
}
"""Powers that do less when two of one player's rows fire in the same roll: their group and
what the second use is still worth."""

_WEIGHTS: dict[tuple[int, tuple[int, ...], float, bool], tuple[float, ...]] = {}


def overlap_weight(face: int, others: tuple[int, ...], factor: float,
                   once: bool = False) -> tuple[float, ...]:
    """:data:`FACE_WEIGHT` of ``face`` (:data:`FIRES` if ``once``) with each roll that also
    fires a row of ``others`` (faces of rows of the same group) counted at ``factor``."""
    key = (face, others, factor, once)
    found = _WEIGHTS.get(key)
    if found is None:
        out = [0.0] * (HIGH + 1)
        for (a, b), pr in ROLLS:
            count = (a == face) + (b == face)
            if count and once:
                count = 1
            if count:
                other = b if a == face else a
                hit = face in others or other in others
                out[a + b] += pr * count * (factor if hit else 1.0)
        found = _WEIGHTS[key] = tuple(out)
    return found


_KIND_FACTS: Final[dict[int, tuple[bool, tuple[str, float] | None, float]]] = {}
"""Per :class:`PowerKind`, keyed by ``id(kind)`` (members are singletons that live as long as
the module; an Enum member's own hash runs Python code): whether it is in :data:`ONCE`, its
:data:`OVERLAP` group and its :data:`KIND_SCALE` factor. Filled below, after KIND_SCALE."""

_FACE_ROLLS: Final = tuple(
    tuple((i, pr * ((a == f) + (b == f))) for i, ((a, b), pr) in enumerate(ROLLS)
          if a == f or b == f)
    for f in range(FACES + 1))
"""Per face: the rolls of :data:`ROLLS` showing it, as (index, chance times how many dice
show it): the product :meth:`Table._cancel_value` weighs each roll with, worked out once."""

DEVELOPMENT_RATE: Final = 0.67
"""Points a roll brings per development of a Points column, on average: the designed
columns' measure (``data/notes.md``)."""

GROWTH: Final = 2.0
"""How fast a sheet's rate grows per round (points per roll, from one Points and one Powers
development a round): what :attr:`Table.rounds_left` projects with, fitted so that its guess
matches the rounds heuristic games really have left (within about half a round)."""

MAX_ROUNDS_LEFT: Final = 12.0

CAP_MARGIN: Final = 40
"""Points beyond what a player needs to win that still count: two players may pass 100 in one
round, and then the higher score wins (a margin of 30 to 60 beat no cap by about 2 % of
games, and a margin of 10 lost to it)."""

KIND_SCALE: Final[Mapping[PowerKind, float]] = {
    PowerKind.POWERUP: 1.5, PowerKind.STEAL: 0.7, PowerKind.GROW: 0.7, PowerKind.CANCEL: 0.8,
}
"""Factors on what the model says a power is worth, fitted by self-play (each one moved until
moving it further lost more games than it won, 800 seat-swapped games a step): the model
misses that a PowerUp's multiplier lands on ever taller columns, and that Steal, Grow and
Cancel lose part of their effect to the other powers in play. Double and Block need none
since :meth:`Table.spread_marks` values each of their later marks on its own column (before,
a factor 0.7 stood in for a model that valued later marks at almost nothing; notes.md)."""

for _kind in PowerKind:
    _KIND_FACTS[id(_kind)] = (_kind in ONCE, OVERLAP.get(_kind), KIND_SCALE.get(_kind, 1.0))


@dataclass(frozen=True, slots=True)
class SheetInfo:
    """A sheet's columns read once: which column each sum activates and each column's chance."""

    spec: SheetSpec
    values: tuple[tuple[int, ...], ...]
    labels: tuple[str, ...]
    column_of: tuple[int, ...]      # by sum; -1 for none
    chance: tuple[float, ...]       # per column: its chance per roll
    powers: dict[int, PowerSpec] = field(compare=False)  # spec.power(kind) by id(kind)

    def column(self, total: int) -> PointsColumn:
        return self.spec.columns[self.column_of[total]]


_INFO: dict[int, SheetInfo] = {}


def info(spec: SheetSpec) -> SheetInfo:
    """:class:`SheetInfo` of ``spec``, cached (keyed by identity, checked, bounded)."""
    found = _INFO.get(id(spec))
    if found is not None and found.spec is spec:
        return found
    if len(_INFO) > 512:
        _INFO.clear()
    column_of = [-1] * (HIGH + 1)
    for i, col in enumerate(spec.columns):
        for s in col.sums:
            column_of[s] = i
    found = SheetInfo(spec, tuple(c.values for c in spec.columns),
                      tuple(c.label for c in spec.columns), tuple(column_of),
                      tuple(sum(CHANCE[s] for s in c.sums) for c in spec.columns),
                      {id(p.kind): p for p in spec.powers})
    _INFO[id(spec)] = found
    return found


def best_two(values: Sequence[int], boxes: Sequence[int | None], withering: int = 0,
             decay: int = 0) -> tuple[int, int, int]:
    """A column's best plain points, the second best, and the best box (0: none active)."""
    best = second = 0
    where = 0
    for b, mark in enumerate(boxes, 1):
        if mark is None:
            continue
        low = b - decay
        v = (values[low - 1] if low >= 1 else 0) - withering
        if v < 0:
            v = 0
        if v > best or where == 0:
            best, second, where = v, best, b
        elif v > second:
            second = v
    return best, second, where


_best_two = lru_cache(maxsize=1 << 14)(best_two)
""":func:`best_two` cached, for the calls whose arguments are tuples and ints (a sheet's
boxes, a column's values): it is pure and returns an immutable tuple."""


class Table:
    """One decision's reading of the table for player ``me``: each player's best plain points
    per sum, the expected points per roll, how many rounds are likely left.

    ``projected`` scales every sheet towards what it will be half-way through the rest of the
    game, which is what a development is worth over (a Powers row chosen at set-up works on
    the columns developed later)."""

    def __init__(self, state: WarPnPState, me: int, projected: bool = False) -> None:
        self.state = state
        self.me = me
        self.n = n = state.num_players
        self.infos = [info(spec) for spec in state.specs]
        self.best: list[list[float]] = []
        self.second: list[list[float]] = []
        self.column_best: list[list[int]] = []
        # each column's best and second box, projected like ``best`` (see _project): what a
        # mark placed for later finds there
        self.lasting: list[list[float]] = []
        self.lasting_second: list[list[float]] = []
        self.rates: list[float] = []
        for q in range(n):
            sheet, inf = state.sheets[q], self.infos[q]
            per_column = [_best_two(inf.values[i], sheet.points[i], sheet.withering[i])
                          for i in range(len(inf.values))]
            self.column_best.append([b for b, _, _ in per_column])
            self.lasting.append([float(b) for b, _, _ in per_column])
            self.lasting_second.append([float(sec) for _, sec, _ in per_column])
            best = [0.0] * (HIGH + 1)
            second = [0.0] * (HIGH + 1)
            for s in SUMS:
                b, sec, _ = per_column[inf.column_of[s]]
                best[s], second[s] = b, sec
            self.best.append(best)
            self.second.append(second)
            self.rates.append(sum(CHANCE[s] * best[s] for s in SUMS))
        scores = [s.score for s in state.sheets]
        top = max(scores)
        lead = max(self.rates) * 1.5
        need = max(WIN - top, 1)
        # the leader's score after t rounds: top + lead t + GROWTH t^2 / 2
        t = (-lead + math.sqrt(lead * lead + 2 * GROWTH * need)) / GROWTH
        self.rounds_left = min(max(t, 1.0), MAX_ROUNDS_LEFT)
        self.span = self.rounds_left / 2 if projected else self.rounds_left
        """The rounds a lasting effect counts for: all those left for one happening now, half
        of them for one of a power's future uses (the average use comes half-way)."""
        self.scores = scores
        self.caps = [max(WIN - scores[q], max(scores[o] for o in range(n) if o != q) + 1
                         - scores[q], 1) + CAP_MARGIN for q in range(n)]
        self.weights = self._weights()
        self.projected = projected
        self.scale = [1.0] * n
        self.flat = [False] * n
        self._effects: dict[tuple[int, int, int], list[float]] = {}
        self._developments: dict[int, float] = {}
        self._cancels: dict[tuple[int, int, int], list[float]] = {}
        self._groups: dict[tuple[int, str, int], tuple[int, ...]] = {}
        self._group_rows: dict[int, list[tuple[str, int | None, int]]] = {}
        self._rows: dict[tuple[int, int, int, int | None, int, int, bool], float] = {}
        self._target: int | None = None
        self._marks: dict[tuple[int, int], float] = {}
        self._spread: dict[tuple[int, int, int], float] = {}
        if projected:
            self._project()

    def _weights(self) -> list[float]:
        """How much hurting each opponent is worth to ``me``: all of it with one opponent; with
        more, most for the likely winner."""
        n, me = self.n, self.me
        if n == 2:
            return [0.0 if q == me else 1.0 for q in range(n)]
        threat = [self.scores[q] + self.rates[q] * self.rounds_left for q in range(n)]
        lead = max(threat[q] for q in range(n) if q != me)
        return [0.0 if q == me else (0.9 if threat[q] >= lead else 0.45) for q in range(n)]

    def _project(self) -> None:
        half = self.rounds_left / 2
        for q in range(self.n):
            rate = self.rates[q]
            later = rate + DEVELOPMENT_RATE * half
            if rate > 0.5:
                k = self.scale[q] = later / rate
                self.lasting[q] = [b * k for b in self.lasting[q]]
                self.lasting_second[q] = [b * k for b in self.lasting_second[q]]
                self.best[q] = [v * k for v in self.best[q]]
                self.second[q] = [v * k for v in self.second[q]]
            else:
                self.flat[q] = True
                self.best[q] = [later] * (HIGH + 1)
                self.second[q] = [later / 2] * (HIGH + 1)
            self.rates[q] = later

    def worth(self, q: int, points: float) -> float:
        """Points are worth only as many as ``q`` still needs to win (plus a margin): 500
        points from one box win no more than 100 do."""
        cap = self.caps[q]
        return points if points < cap else cap

    def rate(self, q: int) -> float:
        """Expected plain points per roll of ``q``'s Points columns (no marks, no powers)."""
        return self.rates[q]

    def target(self) -> int:
        """The opponent an attack is best aimed at: the one weighted most (the leader)."""
        # weights never change after __init__, so the answer is computed once
        found = self._target
        if found is None:
            w = self.weights
            found = self._target = max((q for q in range(self.n) if q != self.me),
                                       key=lambda q: (w[q], -q))
        return found

    def fire_later(self, q: int, column: int) -> float:
        """The chance that ``q``'s column pays at least once more before the end."""
        return 1.0 - math.pow(1.0 - self.infos[q].chance[column], self.span)

    def development(self, q: int) -> float:
        """What one more development is worth to ``q`` over the rest of the game: the best
        column step's points per roll, times the rounds left after this one."""
        found = self._developments.get(q)
        if found is not None:
            return found
        sheet, inf = self.state.sheets[q], self.infos[q]
        best = DEVELOPMENT_RATE / 2
        for i, values in enumerate(inf.values):
            boxes = sheet.points[i]
            if None not in boxes:
                continue
            now = self.column_best[q][i]
            after, _, _ = _best_two(values, develop(boxes, 1), sheet.withering[i])
            gain = (after - now) * inf.chance[i]
            if gain > best:
                best = gain
        found = self._developments[q] = best * max(self.span - 0.5, 0.5)
        return found

    def box_loss(self, q: int) -> float:
        """What ``q`` loses when a trap makes them erase their best box (the trapper's pick)."""
        sheet, inf = self.state.sheets[q], self.infos[q]
        worst = self.development(q) * 0.5
        for i, values in enumerate(inf.values):
            b, sec, where = _best_two(values, sheet.points[i], sheet.withering[i])
            if where:
                loss = (b - sec) * inf.chance[i] * self.span
                if loss > worst:
                    worst = loss
        return worst

    def future_mark(self, q: int, times: int) -> float:
        """A multiplier mark ``times`` placed for later: on the box likeliest to pay most."""
        # pure in the table, which does not change once built
        key = (q, times)
        found = self._marks.get(key)
        if found is not None:
            return found
        best = 0.0
        worth = self.worth
        for i, b in enumerate(self.column_best[q]):
            v = (worth(q, times * b) - worth(q, b)) * self.fire_later(q, i)
            if v > best:
                best = v
        found = self._marks[key] = best * 0.7
        return found

    def spread_marks(self, q: int, count: int, times: int) -> float:
        """``count`` marks placed for later, one per column, each on that column's best box:
        a multiplier ``times`` on ``q``'s own boxes, or (``times`` = 0) an X on an
        opponent ``q``'s: each pays once, if its column is scored before the end."""
        key = (q, count, times)
        found = self._spread.get(key)
        if found is not None:
            return found
        worth = self.worth
        per_column = []
        for i, b in enumerate(self.lasting[q]):
            if times:
                v = worth(q, times * b) - worth(q, b)
            else:
                v = b - self.lasting_second[q][i]
            per_column.append(v * self.fire_later(q, i))
        per_column.sort(reverse=True)
        found = self._spread[key] = sum(per_column[:count])
        return found

    # -- what a Powers row is worth per roll ------------------------------------------------

    def effects(self, q: int, spec: PowerSpec, power_rank: int) -> list[float]:
        """Per dice sum: what one use of ``q``'s power at ``power_rank`` is worth to ``q``
        (own gains plus the weighted losses of the opponent it is aimed at)."""
        key = (q, id(spec.kind), power_rank)  # id: see _KIND_FACTS
        found = self._effects.get(key)
        if found is None:
            found = self._effects[key] = self._effects_of(q, spec, power_rank)
        return found

    def _effects_of(self, q: int, spec: PowerSpec, power_rank: int) -> list[float]:
        kind, amount = spec.kind, spec.amount(power_rank)
        mine = self.best[q]
        o = self.target() if q == self.me else self.me
        w = self.weights[o] if q == self.me else 1.0
        theirs, their_second = self.best[o], self.second[o]
        out = [0.0] * (HIGH + 1)
        if kind is PowerKind.GROW:
            own, gifts = spec.grants(power_rank)
            v = own * self.development(q) - gifts * self.development(o) * (
                1.0 if self.n == 2 else 0.5)
            return [v] * (HIGH + 1)
        if kind is PowerKind.POKE:
            return [min(amount, self.scores[o] + 3) * w] * (HIGH + 1)
        if kind is PowerKind.POWERUP or kind is PowerKind.DOUBLE:
            if kind is PowerKind.DOUBLE:
                # one mark on the box scored now, the others for later, one per column
                now_extra = self.spread_marks(q, amount - 1, 2)
                all_later = self.spread_marks(q, amount, 2)
                cap = self.caps[q]
                for s in SUMS:
                    v = mine[s]
                    out[s] = ((min(2 * v, cap) - min(v, cap)) + now_extra if v > 0
                              else all_later)
                return out
            times = amount
            later = self.future_mark(q, times)
            cap = self.caps[q]
            for s in SUMS:
                v = mine[s]
                out[s] = (min(times * v, cap) - min(v, cap)) if v > 0 else later
            return out
        if kind is PowerKind.BEND:
            for s in SUMS:
                lo, hi = max(LOW, s - amount), min(HIGH, s + amount)
                out[s] = self.worth(q, max(mine[lo:hi + 1])) - self.worth(q, mine[s])
            return out
        if kind is PowerKind.STEAL:
            column_of, values = self.infos[q].column_of, self.infos[q].values
            room = self.scores[o] + (self.rates[o] * self.span if self.projected else 0.0)
            for s in SUMS:
                cap = values[column_of[s]][power_rank - 1]
                out[s] = min(cap, mine[s], room) * (1.0 + w)
            return out
        if kind is PowerKind.BLOCK:
            later = self.spread_marks(o, amount - 1, 0)
            for s in SUMS:
                lost = theirs[s] - their_second[s]
                if their_second[s] > 0:
                    lost *= 1.0 + self.infos[o].chance[self.infos[o].column_of[s]] * 3
                out[s] = (lost + later) * w
            return out
        if kind is PowerKind.DECAY:
            inf, sheet = self.infos[o], self.state.sheets[o]
            if self.flat[o]:
                return [theirs[s] * min(1.0, 0.3 * amount) * w for s in range(HIGH + 1)]
            k = self.scale[o]
            decayed = [_best_two(inf.values[i], sheet.points[i], sheet.withering[i], amount)[0]
                       * k for i in range(len(inf.values))]
            for s in SUMS:
                out[s] = max(theirs[s] - decayed[inf.column_of[s]], 0.0) * w
            return out
        if kind is PowerKind.WITHER:
            inf = self.infos[o]
            lasting = [min(amount, max(self.column_best[o][i], inf.values[i][0] / 2))
                       * inf.chance[i] * max(self.span - 0.5, 0.5)
                       for i in range(len(inf.values))]
            top = max(lasting)
            for s in SUMS:
                i = inf.column_of[s]
                out[s] = max(top, lasting[i] + min(amount, theirs[s])) * w
            return out
        if kind is PowerKind.TRAP:
            loss = self.box_loss(o)
            room = TOP - self.scores[o]
            for s in SUMS:
                hit = 0.55 if 0 < theirs[s] <= room else 0.1
                out[s] = (hit + 0.1 * (amount - 1)) * loss * w
            return out
        if kind is PowerKind.CANCEL:
            return [self.cancel_guess(q, amount)] * (HIGH + 1)
        if kind is PowerKind.REROLL:
            return out  # per face: see row_value
        raise AssertionError(kind)

    def cancel_guess(self, q: int, amount: int) -> float:
        """A Cancel with no roll in view: about what the other side's strongest power does on
        one use, or what it can erase (see :meth:`row_value` for the roll by roll value)."""
        return 0.6 * DEVELOPMENT_RATE * 3 * min(amount, 3)

    def row_value(self, q: int, kind: PowerKind, power_rank: int, face: int | None,
                  boxes: int | None = None, row: int = -1, marginal: bool = False) -> float:
        """Points per roll that Powers row ``row`` of ``q`` brings: its effect at each sum,
        weighted by how often its face fires with that sum (less when another row of the
        same kind fires with it, see :data:`OVERLAP`; ``marginal`` also counts what the row
        takes from that other row: what adding it is worth)."""
        if power_rank <= 0:
            return 0.0
        # id(kind) stands for kind: members are singletons (see _KIND_FACTS)
        key = (q, id(kind), power_rank, face, power_rank if boxes is None else boxes, row,
               marginal)
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = self._row_value_raw(
                q, kind, power_rank, face, key[4], row, marginal) * _KIND_FACTS[id(kind)][2]
        return found

    def row_values(self, q: int, kind: PowerKind, face: int | None, row: int,
                   ranks: Sequence[tuple[int, int]]) -> list[float]:
        """``row_value(q, kind, k, face, boxes, row, True)`` for each (k, boxes) of ``ranks``,
        the same numbers worked out with the row's weights and factor read once (uncached:
        a development's candidates ask for each only once)."""
        spec = self.infos[q].powers[id(kind)]
        scale = _KIND_FACTS[id(kind)][2]
        if kind is PowerKind.REROLL:
            return [self._reroll_value(q, spec.amount(k), face) * scale if k > 0 else 0.0
                    for k, _ in ranks]
        if kind is PowerKind.CANCEL:
            return [self._cancel_value(q, spec.amount(k), b, face) * scale if k > 0 else 0.0
                    for k, b in ranks]
        weight = self._weight(q, kind, face, row, True)
        found = self._effects
        out = []
        for k, _ in ranks:
            if k <= 0:
                out.append(0.0)
                continue
            key = (q, id(kind), k)  # self.effects(q, spec, k), inlined
            effects = found.get(key)
            if effects is None:
                effects = found[key] = self._effects_of(q, spec, k)
            out.append(float(sum(map(mul, weight, effects))) * scale)
        return out

    def _weight(self, q: int, kind: PowerKind, face: int | None, row: int,
                marginal: bool) -> Sequence[float]:
        if face is None:
            return ANY_FACE
        once, group, _ = _KIND_FACTS[id(kind)]
        if group is None:
            return FIRES[face] if once else FACE_WEIGHT[face]
        key = (q, group[0], row)
        others = self._groups.get(key)
        if others is None:
            rows = self._group_rows.get(q)
            if rows is None:
                # per row: its group ("" for none), face and rank, read once per table
                sheet = self.state.sheets[q]
                rows = self._group_rows[q] = [
                    ("" if k is None else OVERLAP.get(k, ("",))[0], f, rank(sheet.powers[r]))
                    for r, (k, f) in enumerate(zip(sheet.names, sheet.faces, strict=True))]
            others = self._groups[key] = tuple(sorted(
                f for r, (g, f, k) in enumerate(rows)
                if r != row and f is not None and g == group[0] and k))
        if not others:
            return FIRES[face] if once else FACE_WEIGHT[face]
        factor = 2 * group[1] - 1 if marginal else group[1]
        return overlap_weight(face, others, factor, once)

    def _row_value_raw(self, q: int, kind: PowerKind, power_rank: int, face: int | None,
                       boxes: int, row: int, marginal: bool) -> float:
        spec = self.infos[q].powers[id(kind)]  # self.state.specs[q].power(kind)
        weight = self._weight(q, kind, face, row, marginal)
        if kind is PowerKind.REROLL:
            return self._reroll_value(q, spec.amount(power_rank), face)
        if kind is PowerKind.CANCEL:
            return self._cancel_value(q, spec.amount(power_rank), boxes, face)
        key = (q, id(kind), power_rank)  # self.effects(q, spec, power_rank), inlined
        effects = self._effects.get(key)
        if effects is None:
            effects = self._effects[key] = self._effects_of(q, spec, power_rank)
        return float(sum(map(mul, weight, effects)))

    def _reroll_value(self, q: int, times: int, face: int | None) -> float:
        mine = self.best[q]
        total = 0.0
        for (a, b), pr in ROLLS:
            count = 2 if face is None else (a == face) + (b == face)
            if not count:
                continue
            now = mine[a + b]
            keep_a = sum(mine[a + x] for x in range(1, FACES + 1)) / FACES
            keep_b = sum(mine[b + x] for x in range(1, FACES + 1)) / FACES
            gain = max(keep_a, keep_b) - now
            if gain > 0:
                total += pr * count * gain * (1 + 0.3 * (times - 1))
        return total / 6 if face is None else total

    def _cancel_value(self, q: int, amount: int, boxes: int, face: int | None) -> float:
        """A Cancel per roll: stop the best opposing power its boxes allow on that roll, or
        erase the marks hurting ``q`` (whichever is worth more)."""
        key = (q, amount, boxes)
        per_roll = self._cancels.get(key)
        if per_roll is None:
            per_roll = self._cancels[key] = self._cancel_rolls(q, amount, boxes)
        if face is None:
            return sum(pr * 2 * v for ((_, _), pr), v in zip(ROLLS, per_roll, strict=True)) / 6
        total = 0.0
        for i, times in _FACE_ROLLS[face]:
            total += times * per_roll[i]
        return total

    def _cancel_rolls(self, q: int, amount: int, boxes: int) -> list[float]:
        """Per roll of :data:`ROLLS`: the most a Cancel of ``q`` does on it."""
        state = self.state
        erase = self._erase_guess(q, amount)
        rows = []
        for o in range(self.n):
            if o == q:
                continue
            sheet = state.sheets[o]
            w = max(self.weights[o] if q == self.me else 1.0, 0.5)
            for r in range(len(sheet.powers)):
                kind, row = sheet.names[r], sheet.powers[r]
                if kind is None or kind is PowerKind.CANCEL:
                    continue
                k = rank(row)
                if k == 0 or sum(1 for m in row if m is not None) > boxes:
                    continue
                rows.append((sheet.faces[r], self.opposing(o, kind, k), w))
        # a row a Cancel can stop now outgrows it later (the others develop a row a round)
        fade = 0.6 if self.projected else 1.0
        out = []
        for (a, b), _ in ROLLS:
            best = erase
            for f, eff, w in rows:
                if f == a or f == b:
                    v = eff[a + b] * w * fade
                    if v > best:
                        best = v
            out.append(best)
        return out

    def opposing(self, o: int, kind: PowerKind, power_rank: int) -> list[float]:
        """Per sum: what one use of ``o``'s power does for ``o`` (a Re-roll: its average)."""
        if kind is PowerKind.REROLL:
            return [self._reroll_value(o, 1, None) * 3] * (HIGH + 1)
        return self.effects(o, self.state.specs[o].power(kind), power_rank)

    def _erase_guess(self, q: int, amount: int) -> float:
        """Marks a Cancel could erase for ``q``: X on own boxes, multipliers of the others."""
        values = []
        for o in range(self.n):
            sheet, inf = self.state.sheets[o], self.infos[o]
            for i, marks in enumerate(sheet.marks):
                for b, mark in enumerate(marks, 1):
                    if mark is None or sheet.points[i][b - 1] is None:
                        continue
                    v = inf.values[i][b - 1]
                    if o == q and mark == "X":
                        values.append(self.worth(q, v) * inf.chance[i] * 2)
                    elif o != q and mark != "X":
                        more = self.worth(o, v * multiplier(mark)) - self.worth(o, v)
                        values.append(more * inf.chance[i] * 2)
        for i, w in enumerate(self.state.sheets[q].withering):
            if w:
                values.append(min(w, amount) * self.infos[q].chance[i] * self.span)
        values.sort(reverse=True)
        return sum(values[:amount])

    def sheet_rate(self, q: int) -> float:
        """Points per roll of ``q``'s whole sheet: the columns, plus every named row."""
        sheet = self.state.sheets[q]
        total = self.rates[q]
        for r, kind in enumerate(sheet.names):
            if kind is not None:
                row = sheet.powers[r]
                total += self.row_value(q, kind, rank(row), sheet.faces[r],
                                        sum(1 for m in row if m is not None), r)
        return total


class ScoringModel:
    """How ``q``'s Points columns pay per roll, given their best boxes: with the sheet's Bend
    (a rare column with big boxes is reached from several sums) and its PowerUps and Doubles
    (which multiply the box scored on their rolls)."""

    def __init__(self, table: Table, q: int) -> None:
        state = table.state
        sheet, spec = state.sheets[q], state.specs[q]
        weight = list(CHANCE)
        bend = [0.0] * (HIGH + 1)
        reach = 0
        for r, kind in enumerate(sheet.names):
            if kind not in (PowerKind.POWERUP, PowerKind.DOUBLE, PowerKind.BEND):
                continue
            k = rank(sheet.powers[r])
            if not k:
                continue
            face = sheet.faces[r]
            fw = (ANY_FACE if face is None else FIRES[face] if kind in ONCE
                  else FACE_WEIGHT[face])
            amount = spec.power(kind).amount(k)
            if kind is PowerKind.BEND:
                reach = max(reach, amount)
                for s in SUMS:
                    bend[s] += fw[s]
                continue
            times = amount - 1 if kind is PowerKind.POWERUP else 1
            for s in SUMS:
                weight[s] += fw[s] * times
        self.cap = table.caps[q]
        self.column_of = table.infos[q].column_of
        # per sum: (weight without Bend, weight with it, the sums Bend reaches as a slice,
        # None for none)
        self.parts: list[tuple[int, float, float, slice | None]] = []
        for s in SUMS:
            pb = min(bend[s] / CHANCE[s], 1.0) if reach else 0.0
            lo, hi = max(LOW, s - reach), min(HIGH, s + reach)
            self.parts.append((s, weight[s] * (1 - pb), weight[s] * pb,
                               slice(lo, hi + 1) if pb else None))

    def rate(self, column_best: Sequence[float]) -> float:
        """Points per roll with these best boxes (each capped at what a win needs)."""
        cap = self.cap
        plain = [0.0] * LOW + [v if v < cap else cap
                               for v in map(column_best.__getitem__, self.column_of[LOW:])]
        total = 0.0
        for s, still, bent, near in self.parts:
            total += still * plain[s]
            if near is not None:
                total += bent * max(plain[near])  # the same sums, in the same order
        return total


def column_gains(table: Table, q: int) -> list[tuple[int, float, int]]:
    """Each Points column ``q`` may develop: (its index, the points per roll the development
    adds by :class:`ScoringModel`, the new best box's points). A small first box is also
    weighed with the box after it (6/8 starts at 2 but goes on with 5)."""
    state = table.state
    sheet, inf = state.sheets[q], table.infos[q]
    model = ScoringModel(table, q)
    now = list(table.column_best[q])
    base = model.rate(now)
    out = []
    for i, values in enumerate(inf.values):
        boxes = sheet.points[i]
        if None not in boxes:  # full (a hole a trap left can be filled again)
            continue
        once = develop(boxes, 1)
        after = _best_two(values, once, sheet.withering[i])[0]
        trial = list(now)
        trial[i] = after
        gain = model.rate(trial) - base
        if None in once:
            trial[i] = _best_two(values, develop(once, 1), sheet.withering[i])[0]
            gain = max(gain, (model.rate(trial) - base) / 2)
        out.append((i, gain, after))
    return out


# -- the round in play: what each choice brings now ------------------------------------------


def gain_options(state: WarPnPState, q: int, dice: Sequence[int] | None = None,
                 change: tuple[int, int, str | None] | None = None,
                 extra_withering: tuple[int, int] | None = None) -> list[tuple[int, int, int]]:
    """Every way ``q`` may score this round, as (points, sum, box): the sum within their Bend
    (of ``dice``, by default their own dice), Decay, Withering and the box's mark.

    ``change`` pretends box (column, box) holds another mark; ``extra_withering`` pretends a
    column (index, amount) has more Withering."""
    spec, sheet = state.specs[q], state.sheets[q]
    inf = info(spec)
    total = sum(state.dice[q] if dice is None else dice)
    bend = state.bend[q]
    decay = max(state.decays[q], default=0)
    out = []
    for s in range(max(LOW, total - bend), min(HIGH, total + bend) + 1):
        i = inf.column_of[s]
        column = spec.columns[i]
        boxes, marks = sheet.points[i], sheet.marks[i]
        withering = sheet.withering[i]
        if extra_withering is not None and extra_withering[0] == i:
            withering += extra_withering[1]
        for b in range(1, len(boxes) + 1):
            if boxes[b - 1] is None:
                continue
            mark = marks[b - 1]
            if change is not None and change[0] == i and change[1] == b:
                mark = change[2]
            out.append((column_points(column, b, decay=decay, withering=withering,
                                      multiplier=multiplier(mark), blocked=mark == "X"), s, b))
    return out


def best_gain(options: Sequence[tuple[int, int, int]]) -> int:
    """The most points among ``options`` (0 with none)."""
    return max((g for g, _, _ in options), default=0)


def pending(state: WarPnPState, q: int) -> bool:
    """Whether ``q`` still scores this round (the powers are being used)."""
    return state.scored[q] is None and bool(state.rolls) and state.round > 0


def activation_value(table: Table, a: Activation) -> float:
    """What one use of activation ``a`` does this round, to its owner's good (their gain plus
    the losses they inflict), read at the sum rolled."""
    state = table.state
    s = sum(state.dice[a.player])
    eff = table.opposing(a.player, a.kind, a.rank) if a.kind is not PowerKind.CANCEL else [
        table.cancel_guess(a.player, state.specs[a.player].power(a.kind).amount(a.rank))
    ] * (HIGH + 1)
    return eff[s]
