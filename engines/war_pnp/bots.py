"""W.A.R. – Powers 'n Points bots: ``random``, ``heuristic`` (a decent player) and ``search``.

* ``heuristic`` reads the table in points (:mod:`.strategy`): a development is worth the
  points per roll it adds, times the rounds likely left; a power is worth what it does at each
  dice sum, weighted by how often its row's face fires with that sum. Once the dice are down it
  plays the roll: PowerUp and Double on the box it scores now, Block and Wither on the box or
  column the opponent scores now (or their best one), traps where their score will land,
  Cancel on whatever does most, the best box (marks, Withering, Decay, traps counted) and the
  Bend or Re-roll that reaches it. With three or more players it uses the activated power that
  does most first and aims Decay, Poke, Steal and its marks at the likely winner.
* ``search`` plays like ``heuristic`` but chooses its developments by looking one roll ahead:
  for each of the heuristic's best few developments it plays the rest of the round for every
  one of the 21 rolls (every player playing ``heuristic``) and keeps the development whose
  position is best on average.

Every decision carries a :class:`~printkit.engines.core.Reason`: a message id marked with
``N_`` (catalogs translate it when a log is printed) with named values (numbers, column labels,
power names as written on the sheet), worded for players and naming no side.

>>> from printkit.engines.core import play
>>> from printkit.engines.war_pnp.game import WarPnP
>>> played = play(WarPnP(), ["heuristic", "random"], seed=3)
>>> played.state.winner
0
>>> print(played.log.entries[0].reason)
powerup on row 6: the power worth most with these Points columns
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import ClassVar, Final

from printkit.engines.core.bots import N_
from printkit.engines.core.game import Decision, Game, Reason
from printkit.engines.war_pnp.effects import develop, rank, undevelop
from printkit.engines.war_pnp.game import (
    Action,
    DevelopPoints,
    DevelopPower,
    Erase,
    EraseTrap,
    Job,
    Mark,
    Pass,
    Reroll,
    Score,
    SetActivation,
    SetTrap,
    Sheet,
    Stop,
    Target,
    Task,
    Undevelop,
    Unwither,
    UsePower,
    WarPnPState,
    Wither,
    multiplier,
)
from printkit.engines.war_pnp.rules import PowerKind, PowerSpec
from printkit.engines.war_pnp.strategy import (
    CHANCE,
    FACES,
    ROLLS,
    SUMS,
    TOP,
    Table,
    activation_value,
    best_gain,
    best_two,
    column_gains,
    gain_options,
    info,
    pending,
)

Choice = Decision[Action]

# -- reasons (message ids; catalogs translate them) ------------------------------------------

POINTS_WHY: Final = N_("develops %(column)s to %(points)d points: the best gain on average "
                       "for this sheet")
NEW_POWER_WHY: Final = N_("%(power)s on row %(row)d: the power worth most with these Points "
                          "columns")
MORE_POWER_WHY: Final = N_("strengthens %(power)s on row %(row)d to box %(box)d: a bigger "
                           "effect every time it fires")
SEARCH_POINTS_WHY: Final = N_("develops %(column)s: over every possible roll it leaves the "
                              "best position")
SEARCH_POWER_WHY: Final = N_("%(power)s on row %(row)d: over every possible roll it leaves the "
                             "best position")
SCORE_WHY: Final = N_("%(points)d points from %(column)s: the most this roll allows")
SCORE_TRAP_WHY: Final = N_("%(points)d points from %(column)s: more would land on a trap")
SCORE_CLEAR_WHY: Final = N_("uses up the X on %(column)s box %(box)d so that the box pays "
                            "again")
SCORE_KEEP_WHY: Final = N_("%(points)d points from %(column)s, keeping the %(mark)s for a "
                           "bigger score later")
MARK_NOW_WHY: Final = N_("%(mark)s on the box scored this roll: %(points)d more points")
MARK_LATER_WHY: Final = N_("%(mark)s on %(column)s box %(box)d, the box likeliest to pay well "
                           "later")
BLOCK_NOW_WHY: Final = N_("an X on the box about to score: %(points)d points fewer for them")
BLOCK_LATER_WHY: Final = N_("an X on %(column)s box %(box)d, their best box of a likely "
                            "column")
TRAP_NOW_WHY: Final = N_("a trap on %(score)d, where this roll's points would land")
TRAP_LATER_WHY: Final = N_("a trap on %(score)d, a likely score after the next roll")
WITHER_WHY: Final = N_("withers %(column)s, the column that pays them most: %(amount)d less "
                       "from every box")
STOP_WHY: Final = N_("stops %(power)s, the power that would do most this roll")
UNWITHER_WHY: Final = N_("takes %(amount)d Withering off %(column)s")
ERASE_WHY: Final = N_("erases the %(mark)s on %(column)s box %(box)d")
ERASE_TRAP_WHY: Final = N_("erases the trap on %(score)d")
PASS_WHY: Final = N_("nothing is worth it on this roll")
REROLL_WHY: Final = N_("re-rolls die %(die)d: about %(points).1f points on average instead of "
                       "%(now)d")
KEEP_WHY: Final = N_("keeps the dice: %(points)d points beats a re-roll on average")
UNDO_COLUMN_WHY: Final = N_("erases box %(box)d of %(column)s: their best scoring box")
UNDO_ROW_WHY: Final = N_("erases box %(box)d of %(power)s: it weakens their strongest power")
USE_WHY: Final = N_("uses %(power)s now: the power worth most on this roll")
TARGET_WHY: Final = N_("%(power)s on the player most likely to win")
GIFT_WHY: Final = N_("the gift goes to the player least likely to win")
FACE_WHY: Final = N_("face %(face)d for row %(row)d: one row per face, so every roll wakes "
                     "two powers")

MESSAGES: Final = (
    POINTS_WHY, NEW_POWER_WHY, MORE_POWER_WHY, SEARCH_POINTS_WHY, SEARCH_POWER_WHY, SCORE_WHY,
    SCORE_TRAP_WHY, SCORE_CLEAR_WHY, SCORE_KEEP_WHY, MARK_NOW_WHY, MARK_LATER_WHY,
    BLOCK_NOW_WHY, BLOCK_LATER_WHY, TRAP_NOW_WHY, TRAP_LATER_WHY, WITHER_WHY, STOP_WHY,
    UNWITHER_WHY, ERASE_WHY, ERASE_TRAP_WHY, PASS_WHY, REROLL_WHY, KEEP_WHY, UNDO_COLUMN_WHY,
    UNDO_ROW_WHY, USE_WHY, TARGET_WHY, GIFT_WHY, FACE_WHY,
)
"""Every message id a bot's reason may carry."""

_PASS: Final = Decision[Action](Pass(), Reason(PASS_WHY))

@cache
def uneven(spec: PowerSpec) -> bool:
    """Whether a power's table fails to grow at some box (Grow's box ii gives as much as box
    i, but leads to box iii): a development of it is also weighed two boxes ahead."""
    net = [a - g for a, g in zip(spec.options, spec.gifts, strict=True)]
    return any(b <= a for a, b in zip(net, net[1:], strict=False))


_UNEVEN: dict[int, tuple[PowerSpec, bool]] = {}


def _uneven(spec: PowerSpec) -> bool:
    """:func:`uneven`, looked up by identity (hashing a PowerSpec runs Python code); the
    entry holds the spec, so its id is not reused while it is cached."""
    found = _UNEVEN.get(id(spec))
    if found is None or found[0] is not spec:
        if len(_UNEVEN) > 512:
            _UNEVEN.clear()
        found = _UNEVEN[id(spec)] = (spec, uneven(spec))
    return found[1]


_rank = lru_cache(maxsize=1 << 12)(rank)
""":func:`~.effects.rank` cached: it is pure, and a row is a tuple of ints and None."""


NOISE: Final = 0.03
"""How far the bots' sense of a development's worth wanders after set-up (± 3 %): enough
that two equal sheets facing each other do not tie for ever, too little to cost games
(measured: even against none)."""

SETUP_NOISE: Final = 0.03
"""The same at set-up (± 3 %): openings within a few % of the best are all played, so
self-play games do not all open alike (one fixed opening used to name most Powers rows of
every game). Against the fixed best opening it is a little weaker (43.6 % ± 2.4 of 1,600
seat-swapped games, notes.md, "Bots"), the price of not being predictable."""

MIRROR_NOISE: Final = 0.25
"""The same, while an opponent's sheet mirrors this one."""


class RandomBot:
    """Uniform among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, game: Game[WarPnPState, Action], player: int,
                 rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: WarPnPState) -> Decision[Action]:
        actions = view.legal_actions()
        return Decision(actions[self.rng.randrange(len(actions))], None)


Candidate = tuple[float, Action]
"""A development the bots weigh: its worth in points, and the action."""


def developments(view: WarPnPState, p: int, job: Job) -> list[Candidate]:
    """Every development ``job`` allows ``p``, each with its worth: the points per roll it
    adds (columns: :func:`~.strategy.column_gains`, with this sheet's Bend, PowerUps and
    Doubles; rows: the power's effect at the new rank, two boxes ahead for uneven tables),
    times the rounds likely left. Set-up weighs the player's own sheet alone."""
    if job.task is Task.SETUP:
        view = _alone(view, p)
    table = Table(view, p, projected=True)
    left = table.rounds_left
    sheet, spec = view.sheets[p], view.specs[p]
    inf = info(spec)
    out: list[Candidate] = []
    if job.task is not Task.DEV_POINTS:
        row_values = table.row_values
        for r in range(len(sheet.powers)):
            row = sheet.powers[r]
            if None not in row:  # full (a hole a trap left can be filled again)
                continue
            face = sheet.faces[r]
            once = develop(row, 1)
            boxes1 = sum(1 for m in once if m is not None)
            rank0, rank1 = _rank(row), _rank(once)
            rank2 = _rank(develop(once, 1)) if None in once else 0
            kind = sheet.names[r]
            for k in (spec.kinds if kind is None else (kind,)):
                # row_value(p, k, rank, face, boxes, r, True) at the ranks weighed
                if rank2 and _uneven(inf.powers[id(k)]):
                    v0, v1, v2 = row_values(p, k, face, r, ((rank0, boxes1 - 1),
                                                            (rank1, boxes1), (rank2, boxes1 + 1)))
                    gain = v1 - v0
                    two = (v2 - v0) / 2
                    gain = max(gain, 0.9 * two)
                else:
                    v0, v1 = row_values(p, k, face, r, ((rank0, boxes1 - 1), (rank1, boxes1)))
                    gain = v1 - v0
                out.append((gain * left, DevelopPower(r + 1, k if kind is None else None)))
    if job.task is not Task.DEV_POWER:
        for i, gain, _ in column_gains(table, p):
            out.append((gain * left, DevelopPoints(inf.labels[i])))
    return out


def development_reason(view: WarPnPState, p: int, action: Action) -> Reason:
    """Why the heuristic bot develops ``action``: the power and its row, or the column and
    the points its best box will pay."""
    sheet = view.sheets[p]
    if isinstance(action, DevelopPower):
        if action.power is not None:
            return Reason(NEW_POWER_WHY, {"power": action.power.value, "row": action.row})
        row = sheet.powers[action.row - 1]
        kind = sheet.names[action.row - 1]
        assert kind is not None
        return Reason(MORE_POWER_WHY, {"power": kind.value, "row": action.row,
                                       "box": row.index(None) + 1})
    assert isinstance(action, DevelopPoints)
    inf = info(view.specs[p])
    i = inf.labels.index(action.column)
    after = best_two(inf.values[i], develop(sheet.points[i], 1), sheet.withering[i])[0]
    return Reason(POINTS_WHY, {"column": action.column, "points": after})


def _best(candidates: Sequence[Candidate]) -> Candidate:
    """The worthiest candidate; the first listed on a tie (rows before columns, low first)."""
    best = candidates[0]
    for c in candidates[1:]:
        if c[0] > best[0] + 1e-9:
            best = c
    return best


SetupKey = tuple[object, ...]
_SETUPS: dict[SetupKey, tuple[tuple[object, ...], list[Candidate]]] = {}


def _setup_key(view: WarPnPState, job: Job) -> SetupKey:
    """What a set-up decision depends on: the seat, the sheets (by identity) and the boxes
    the player developed so far."""
    s = view.sheets[job.player]
    return (job.player, *(id(spec) for spec in view.specs), tuple(s.powers), tuple(s.names),
            tuple(s.faces), tuple(s.points))


def _shape(sheet: Sheet) -> tuple[object, ...]:
    """A sheet as it plays: which boxes are active (not when they were developed), names,
    faces, marks, Withering and score."""
    return (tuple(tuple(m is not None for m in row) for row in sheet.powers),
            tuple(tuple(m is not None for m in col) for col in sheet.points),
            tuple(sheet.names), tuple(sheet.faces), tuple(map(tuple, sheet.marks)),
            tuple(sheet.withering), sheet.score)


def _mirrored(view: WarPnPState, p: int) -> bool:
    """Whether another player's sheet plays exactly as ``p``'s does (same dice, same choices:
    they would tie for ever)."""
    me = view.sheets[p]
    others = [s for q, s in enumerate(view.sheets)
              if q != p and s.score == me.score and s.names == me.names]
    if not others:
        return False
    mine = _shape(me)
    return any(_shape(s) == mine for s in others)


def _would_mirror(view: WarPnPState, p: int, action: Action) -> bool:
    """Whether developing ``action`` would leave ``p``'s sheet playing exactly as another
    player's does now, or (naming its last row) bound to once both sheets fill up: every row
    named with the same power on the same face as another player's."""
    sheet = view.sheets[p]
    if isinstance(action, DevelopPower) and action.power is not None:
        names = list(sheet.names)
        names[action.row - 1] = action.power
        if None not in names and any(
                s.names == names and s.faces == sheet.faces
                for q, s in enumerate(view.sheets) if q != p):
            return True
    me = sheet.score
    if not any(s.score == me for q, s in enumerate(view.sheets) if q != p):
        return False
    after = view.clone()
    after.apply(action)
    return _mirrored(after, p)


def _alone(view: WarPnPState, p: int) -> WarPnPState:
    """``view`` with every other sheet still blank: set-up plays the opening that is best for
    the player's own sheet (answering the sheets written before lost 57 % of 1,000 games
    against it: the answers, Decay and Cancel against a PowerUp, fade as the others grow)."""
    alone = view.clone()
    for q in range(alone.num_players):
        if q != p:
            mine = alone.sheets[q]
            empty: tuple[int | None, ...] = (None,) * len(mine.powers[0])
            alone.sheets[q] = Sheet(
                powers=[empty] * len(mine.powers), names=[None] * len(mine.names),
                faces=list(mine.faces), points=[empty] * len(mine.points),
                marks=[[None] * len(m) for m in mine.marks], withering=[0] * len(mine.points),
                traps={})
    return alone


class HeuristicBot:
    """A decent player: develops what adds most points per roll over the rest of the game and
    plays each roll for the most it brings now (see the module docstring)."""

    name: ClassVar[str] = "heuristic"

    def __init__(self, game: Game[WarPnPState, Action], player: int,
                 rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: WarPnPState) -> Choice:
        job = view.task()
        if job is None:
            raise ValueError("heuristic: no decision is due")
        handler: Callable[[WarPnPState, Job], Choice] = getattr(self, _HANDLERS[job.task])
        return handler(view, job)

    # -- developing ---------------------------------------------------------------------

    def develop(self, view: WarPnPState, job: Job) -> Choice:
        """The development worth most, as this bot's taste sees it: set-up picks among the
        openings near the best (:data:`SETUP_NOISE`; their worths are looked up, as set-up
        sees only the sheets so far), later ones wander by :data:`NOISE`."""
        candidates: list[Candidate] | None = None
        if job.task is Task.SETUP:
            key = _setup_key(view, job)
            found = _SETUPS.get(key)
            if found is not None and all(a is b for a, b in zip(found[0], view.specs,
                                                                strict=True)):
                candidates = found[1]
        if candidates is None:
            candidates = developments(view, job.player, job)
            if job.task is Task.SETUP:
                if len(_SETUPS) > 4096:
                    _SETUPS.clear()
                _SETUPS[key] = (tuple(view.specs), candidates)
        if job.task is Task.SETUP:
            noise = SETUP_NOISE
        else:
            # a little taste; more when an opponent's sheet is the same as this one, since
            # two equal sheets under the same dice would tie for ever
            noise = MIRROR_NOISE if _mirrored(view, job.player) else NOISE
        rand = self.rng.random
        candidates = [(v * (1.0 + noise * (2.0 * rand() - 1.0)), a) for v, a in candidates]
        action = _best(candidates)[1]
        if _would_mirror(view, job.player, action):
            # the dice are shared, so two sheets alike tie round after round past 100:
            # the best development that keeps this sheet its own
            own = [c for c in candidates if not _would_mirror(view, job.player, c[1])]
            if own:
                action = _best(own)[1]
        return Decision(action, development_reason(view, job.player, action))

    def activation(self, view: WarPnPState, job: Job) -> Choice:
        """Free activation numbers: each row on a face of its own (every roll then wakes two
        rows, and each face's sums favour different columns)."""
        sheet = view.sheets[job.player]
        row = sheet.faces.index(None) + 1
        used = {f for f in sheet.faces if f is not None}
        face = next((f for f in range(1, FACES + 1) if f not in used), 1)
        return Decision(SetActivation(row, face), Reason(FACE_WHY, {"face": face, "row": row}))

    # -- scoring ------------------------------------------------------------------------

    def score(self, view: WarPnPState, job: Job) -> Choice:
        p = job.player
        sheet, inf = view.sheets[p], info(view.specs[p])
        table = Table(view, p)
        options = gain_options(view, p)
        top = best_gain(options)
        loss = None
        best: tuple[float, int, int, int] | None = None
        for g, s, b in options:
            i = inf.column_of[s]
            v = float(g)
            if g and sheet.score + g in sheet.traps:
                if loss is None:
                    loss = table.box_loss(p)
                v -= loss
            mark = sheet.marks[i][b - 1]
            if mark == "X":
                v += self._clear_bonus(view, table, p, i)
            elif mark is not None:
                v -= self._keep_value(view, table, p, i, b, multiplier(mark))
            if best is None or (v, g, b) > best[:3]:
                best = (v, g, b, s)
        assert best is not None
        _, g, b, s = best
        i = inf.column_of[s]
        label = inf.labels[i]
        mark = sheet.marks[i][b - 1]
        if mark == "X" and g == 0 and top > 0:
            why = Reason(SCORE_CLEAR_WHY, {"column": label, "box": b})
        elif g < top and any(sheet.score + t in sheet.traps for t, _, _ in options if t > g):
            why = Reason(SCORE_TRAP_WHY, {"points": g, "column": label})
        elif g < top:
            kept = next(sheet.marks[inf.column_of[t]][bb - 1] for gg, t, bb in options
                        if gg == top)
            why = Reason(SCORE_KEEP_WHY, {"points": g, "column": label, "mark": kept or "X"})
        else:
            why = Reason(SCORE_WHY, {"points": g, "column": label})
        return Decision(Score(s, b), why)

    @staticmethod
    def _clear_bonus(view: WarPnPState, table: Table, p: int, i: int) -> float:
        """Scoring an X box clears it: the column then pays its best box again."""
        sheet, inf = view.sheets[p], info(view.specs[p])
        free = [m if sheet.marks[i][b] != "X" else None for b, m in enumerate(sheet.points[i])]
        lost = table.column_best[p][i] - best_two(inf.values[i], free, sheet.withering[i])[0]
        return lost * inf.chance[i] * table.rounds_left * 0.5

    @staticmethod
    def _keep_value(view: WarPnPState, table: Table, p: int, i: int, b: int,
                    times: int) -> float:
        """What a multiplier mark still brings if it is kept for a later roll."""
        sheet, inf = view.sheets[p], info(view.specs[p])
        v = max(inf.values[i][b - 1] - sheet.withering[i], 0)
        more = table.worth(p, times * v) - table.worth(p, table.column_best[p][i])
        return max(more, 0) * table.fire_later(p, i) * 0.7

    # -- marks ----------------------------------------------------------------------------

    def mark(self, view: WarPnPState, job: Job) -> Choice:
        if job.task is Task.MARK_OPP:
            return self._block(view, job)
        p, mark = job.player, job.mark
        times = multiplier(mark)
        sheet, inf = view.sheets[p], info(view.specs[p])
        table = Table(view, p)
        now_pending = pending(view, p)
        options = gain_options(view, p) if now_pending else []
        now = best_gain(options)
        reach = {inf.column_of[s] for _, s, _ in options}
        noise = MIRROR_NOISE if _mirrored(view, p) else 0.0
        best: tuple[float, int, int, int] | None = None   # worth, column, box, points now
        for i, marks in enumerate(sheet.marks):
            boxes = sheet.points[i]
            for b in range(1, len(boxes) + 1):
                if marks[b - 1] is not None:
                    continue
                active = boxes[b - 1] is not None
                more = 0
                if active and i in reach:
                    more = best_gain(gain_options(view, p, change=(i, b, mark))) - now
                if more > 0:
                    v = float(more) + 0.5
                elif active or b - 1 == boxes.index(None):
                    eff = max(inf.values[i][b - 1] - sheet.withering[i], 0)
                    v = max(table.worth(p, times * eff) - table.worth(p, table.column_best[p][i]),
                            0) * table.fire_later(p, i)
                    v *= 0.7 if active else 0.4
                else:
                    v = -1.0
                if noise:
                    v *= 1.0 + noise * (2.0 * self.rng.random() - 1.0)
                if best is None or v > best[0]:
                    best = (v, i, b, more)
        if best is None:  # every box is marked: nothing to write on
            return Decision(view.legal_actions()[0], Reason(PASS_WHY))
        _, i, b, more = best
        action = Mark(p, inf.labels[i], b)
        if more > 0:
            return Decision(action, Reason(MARK_NOW_WHY, {"mark": mark, "points": more}))
        return Decision(action, Reason(MARK_LATER_WHY, {"mark": mark, "column": inf.labels[i],
                                                        "box": b}))

    def _block(self, view: WarPnPState, job: Job) -> Choice:
        p = job.player
        table = Table(view, p)
        best: tuple[float, int, int, int, int] | None = None  # worth, player, column, box, now
        for o in view.opponents(p):
            w = table.weights[o]
            sheet, inf = view.sheets[o], info(view.specs[o])
            now_pending = pending(view, o)
            options = gain_options(view, o) if now_pending else []
            now = best_gain(options)
            reach = {inf.column_of[s] for _, s, _ in options}
            for i, marks in enumerate(sheet.marks):
                boxes = sheet.points[i]
                for b in range(1, len(boxes) + 1):
                    if marks[b - 1] is not None:
                        continue
                    if boxes[b - 1] is None:
                        v, less = -1.0, 0
                    else:
                        less = 0
                        if i in reach:
                            less = now - best_gain(gain_options(view, o, change=(i, b, "X")))
                        rest = [m if k != b - 1 and marks[k] != "X" else None
                                for k, m in enumerate(boxes)]
                        after = best_two(inf.values[i], rest, sheet.withering[i])[0]
                        later = (table.column_best[o][i] - after) * inf.chance[i]
                        v = w * (less + later * table.rounds_left * 0.5)
                    if best is None or v > best[0]:
                        best = (v, o, i, b, less)
        if best is None:
            return Decision(view.legal_actions()[0], Reason(PASS_WHY))
        _, o, i, b, less = best
        label = info(view.specs[o]).labels[i]
        if less > 0:
            return Decision(Mark(o, label, b), Reason(BLOCK_NOW_WHY, {"points": less}))
        return Decision(Mark(o, label, b), Reason(BLOCK_LATER_WHY, {"column": label, "box": b}))

    def trap(self, view: WarPnPState, job: Job) -> Choice:
        """Where the opponent's score will land: this roll's points (forcing a worse box or
        costing a box), else the likely sums of the next roll."""
        p = job.player
        table = Table(view, p)
        worth: dict[tuple[int, int], float] = {}
        now: set[tuple[int, int]] = set()
        for o in view.opponents(p):
            w = table.weights[o]
            sheet = view.sheets[o]
            score, traps = sheet.score, sheet.traps
            loss = table.box_loss(o)
            land = score
            if pending(view, o):
                gains = sorted({g for g, _, _ in gain_options(view, o)}, reverse=True)

                def utility(extra: int, gains: list[int] = gains, score: int = score,
                            traps: dict[int, int] = traps, loss: float = loss) -> float:
                    return max(g - loss if g and (score + g in traps or score + g == extra)
                               else g for g in gains)

                if gains:
                    base = utility(0)
                    for g in gains:
                        x = score + g
                        if g and 1 <= x <= TOP and x not in traps:
                            worth[(o, x)] = worth.get((o, x), 0.0) + w * (base - utility(x))
                            now.add((o, x))
                    land = score + gains[0]
            for s in SUMS:
                next_gain = table.best[o][s]
                x = land + int(next_gain)
                if next_gain and 1 <= x <= TOP and x not in traps:
                    worth[(o, x)] = worth.get((o, x), 0.0) + w * CHANCE[s] * loss * 0.5
        if worth:
            (o, x), _ = max(worth.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
            why = TRAP_NOW_WHY if (o, x) in now and worth[(o, x)] > 0 else TRAP_LATER_WHY
            return Decision(SetTrap(o, x), Reason(why, {"score": x}))
        o = table.target()
        free = [x for x in range(1, TOP + 1) if x not in view.sheets[o].traps]
        if not free:
            action = view.legal_actions()[0]
            assert isinstance(action, SetTrap)
            o, x = action.player, action.score
        else:
            x = min(free, key=lambda x: abs(x - view.sheets[o].score - 8))
        return Decision(SetTrap(o, x), Reason(TRAP_LATER_WHY, {"score": x}))

    def wither(self, view: WarPnPState, job: Job) -> Choice:
        p, amount = job.player, job.amount
        table = Table(view, p)
        best: tuple[float, int, int] | None = None
        for o in view.opponents(p):
            w = table.weights[o]
            inf = info(view.specs[o])
            now_pending = pending(view, o)
            options = gain_options(view, o) if now_pending else []
            now = best_gain(options)
            reach = {inf.column_of[s] for _, s, _ in options}
            for i, values in enumerate(inf.values):
                less = 0
                if i in reach:
                    less = now - best_gain(gain_options(view, o, extra_withering=(i, amount)))
                later = min(amount, max(table.column_best[o][i], values[0] / 2))
                v = w * (less + later * inf.chance[i] * max(table.rounds_left - 0.5, 0.5))
                if best is None or v > best[0]:
                    best = (v, o, i)
        assert best is not None
        _, o, i = best
        label = info(view.specs[o]).labels[i]
        return Decision(Wither(o, label), Reason(WITHER_WHY, {"column": label,
                                                             "amount": amount}))

    # -- Cancel -----------------------------------------------------------------------------

    def _erase_worth(self, view: WarPnPState, table: Table, action: Action,
                     amount: int) -> float:
        """What an erasing or unwithering does for this player (negative: it would help the
        others); a trap is worth the box it would cost, times the chance of landing on it."""
        p = self.player
        if isinstance(action, Unwither):
            if action.player != p:
                return -1.0
            inf, sheet = info(view.specs[p]), view.sheets[p]
            i = inf.labels.index(action.column)
            less = min(amount, sheet.withering[i])
            raw = best_two(inf.values[i], sheet.points[i])[0]
            v = less * inf.chance[i] * table.rounds_left * (1.0 if raw else 0.3)
            if pending(view, p):
                now = best_gain(gain_options(view, p))
                v += best_gain(gain_options(view, p, extra_withering=(i, -less))) - now
            return v
        if isinstance(action, Erase):
            q = action.player
            inf, sheet = info(view.specs[q]), view.sheets[q]
            i = inf.labels.index(action.column)
            mark = sheet.marks[i][action.box - 1]
            harmful = (mark == "X") == (q == p)
            if not harmful:
                return -1.0
            if q == p:
                v = self._clear_bonus(view, table, p, i)
            else:
                v = table.weights[q] * self._keep_value(view, table, q, i, action.box,
                                                        multiplier(mark))
            if pending(view, q):
                now = best_gain(gain_options(view, q))
                diff = best_gain(gain_options(view, q, change=(i, action.box, None))) - now
                v += diff if q == p else -diff * table.weights[q]
            return v
        if isinstance(action, EraseTrap):
            if action.player != p:
                return -1.0
            sheet = view.sheets[p]
            loss = table.box_loss(p)
            land = sheet.score
            v = 0.0
            if pending(view, p):
                top = best_gain(gain_options(view, p))
                land += top
                if top and land == action.score:
                    v += loss
            for s in SUMS:
                if table.best[p][s] and land + int(table.best[p][s]) == action.score:
                    v += CHANCE[s] * loss * 0.5
            return v
        return -1.0

    def _stop_worth(self, view: WarPnPState, table: Table, action: Stop) -> float:
        for i, a in enumerate(view.activations):
            if (a.player == action.player and a.row == action.row and i not in view.stopped
                    and i not in view.used):
                w = 1.0 if view.num_players == 2 else max(table.weights[a.player], 0.6)
                return activation_value(table, a) * w
        return 0.0

    def cancel(self, view: WarPnPState, job: Job) -> Choice:
        p = job.player
        table = Table(view, p)
        if job.task is Task.CANCEL:
            a = view.activations[job.amount]
            amount = view.specs[p].power(PowerKind.CANCEL).amount(a.rank)
        else:
            amount = job.amount
        stops: list[tuple[float, Action]] = []
        erases: list[tuple[float, Action]] = []
        unwithers: list[tuple[float, Action]] = []
        for action in view.legal_actions():
            if isinstance(action, Stop):
                stops.append((self._stop_worth(view, table, action), action))
            elif isinstance(action, Unwither):
                unwithers.append((self._erase_worth(view, table, action, amount), action))
            elif isinstance(action, (Erase, EraseTrap)):
                erases.append((self._erase_worth(view, table, action, amount), action))
        erases.sort(key=lambda e: -e[0])
        room = amount if job.task is Task.CANCEL else 1
        erase_total = sum(v for v, _ in erases[:room] if v > 0)
        choice: tuple[float, Action] = (0.0, Pass())
        for v, action in stops + unwithers:
            if v > choice[0]:
                choice = (v, action)
        if erases and erase_total > choice[0] and erases[0][0] > 0:
            choice = (erase_total, erases[0][1])
        action = choice[1]
        if isinstance(action, Pass):
            return _PASS
        if isinstance(action, Stop):
            kind = next(a.kind for a in view.activations
                        if a.player == action.player and a.row == action.row)
            return Decision(action, Reason(STOP_WHY, {"power": kind.value}))
        if isinstance(action, Unwither):
            return Decision(action, Reason(UNWITHER_WHY, {"amount": amount,
                                                          "column": action.column}))
        if isinstance(action, Erase):
            q = action.player
            i = info(view.specs[q]).labels.index(action.column)
            mark = view.sheets[q].marks[i][action.box - 1] or "X"
            return Decision(action, Reason(ERASE_WHY, {"mark": mark, "column": action.column,
                                                       "box": action.box}))
        assert isinstance(action, EraseTrap)
        return Decision(action, Reason(ERASE_TRAP_WHY, {"score": action.score}))

    # -- Re-roll, traps sprung, 3+ players -----------------------------------------------

    def reroll(self, view: WarPnPState, job: Job) -> Choice:
        p = job.player
        dice = view.dice[p]
        now = best_gain(gain_options(view, p))
        best = (float(now), 0)
        for die in (1, 2):
            total = 0.0
            for x in range(1, FACES + 1):
                new = list(dice)
                new[die - 1] = x
                total += best_gain(gain_options(view, p, dice=new))
            if total / FACES > best[0] + 0.01:
                best = (total / FACES, die)
        if best[1]:
            return Decision(Reroll(best[1]), Reason(REROLL_WHY, {
                "die": best[1], "points": round(best[0], 1), "now": now}))
        return Decision(Pass(), Reason(KEEP_WHY, {"points": now}))

    def undevelop(self, view: WarPnPState, job: Job) -> Choice:
        """The trapped player's box that costs them most: a column's best box, or the top
        box of their strongest power."""
        o = job.target
        table = Table(view, self.player)
        sheet, inf = view.sheets[o], info(view.specs[o])
        best: tuple[float, Undevelop, Reason] | None = None
        for r, row in enumerate(sheet.powers):
            kind = sheet.names[r]
            for b, m in enumerate(row, 1):
                if m is None or kind is None:
                    continue
                after = undevelop(row, b)
                loss = (table.row_value(o, kind, rank(row), sheet.faces[r])
                        - table.row_value(o, kind, rank(after), sheet.faces[r]))
                v = loss * table.rounds_left + 0.01 * b
                if best is None or v > best[0]:
                    best = (v, Undevelop(b, row=r + 1),
                            Reason(UNDO_ROW_WHY, {"box": b, "power": kind.value}))
        for i, values in enumerate(inf.values):
            boxes = sheet.points[i]
            for b, m in enumerate(boxes, 1):
                if m is None:
                    continue
                left_best = best_two(values, undevelop(boxes, b), sheet.withering[i])[0]
                v = ((table.column_best[o][i] - left_best) * inf.chance[i] * table.rounds_left
                     + 0.01 * b)
                if best is None or v > best[0]:
                    best = (v, Undevelop(b, column=inf.labels[i]),
                            Reason(UNDO_COLUMN_WHY, {"box": b, "column": inf.labels[i]}))
        if best is None:
            return Decision(view.legal_actions()[0], Reason(PASS_WHY))
        return Decision(best[1], best[2])

    def use(self, view: WarPnPState, job: Job) -> Choice:
        """3+ players: use the activated power that does most now; Cancel is worth the best
        power it could stop."""
        p = job.player
        table = Table(view, p)
        best: tuple[float, int, PowerKind] | None = None
        seen = set()
        for i, a in enumerate(view.activations):
            if (a.player != p or i in view.used or i in view.stopped or a.row in seen):
                continue
            seen.add(a.row)
            if a.kind is PowerKind.CANCEL:
                boxes = sum(1 for m in a.boxes if m is not None)
                v = 0.0
                for k, b in enumerate(view.activations):
                    if (b.player != p and k not in view.used and k not in view.stopped
                            and sum(1 for m in b.boxes if m is not None) <= boxes):
                        v = max(v, activation_value(table, b)
                                * max(table.weights[b.player], 0.6))
            else:
                v = activation_value(table, a)
            if best is None or v > best[0]:
                best = (v, a.row, a.kind)
        if best is None or best[0] <= 0:
            return _PASS
        return Decision(UsePower(best[1]), Reason(USE_WHY, {"power": best[2].value}))

    def target(self, view: WarPnPState, job: Job) -> Choice:
        p = job.player
        table = Table(view, p)
        w = table.weights
        others = view.opponents(p)
        if job.task is Task.GIFT:
            o = min(others, key=lambda q: (w[q], view.sheets[q].score, q))
            return Decision(Target(o), Reason(GIFT_WHY))

        def hurt(q: int) -> float:
            score = view.sheets[q].score
            if job.mark == PowerKind.DECAY.value:
                return table.best[q][sum(view.dice[q])] + 0.01 * score
            return min(score, job.amount if job.mark == PowerKind.POKE.value else 99)

        o = max(others, key=lambda q: (w[q] * hurt(q), w[q], -q))
        return Decision(Target(o), Reason(TARGET_WHY, {"power": job.mark}))


_HANDLERS: Final[dict[Task, str]] = {
    Task.ACTIVATION: "activation",
    Task.SETUP: "develop",
    Task.DEV_POWER: "develop",
    Task.DEV_POINTS: "develop",
    Task.GROW: "develop",
    Task.USE: "use",
    Task.GIFT: "target",
    Task.TARGET: "target",
    Task.MARK_OWN: "mark",
    Task.MARK_OPP: "mark",
    Task.TRAP: "trap",
    Task.WITHER: "wither",
    Task.CANCEL: "cancel",
    Task.ERASE: "cancel",
    Task.REROLL: "reroll",
    Task.SCORE: "score",
    Task.UNDEVELOP: "undevelop",
}

__all__ = ["MESSAGES", "HeuristicBot", "RandomBot", "developments"]


# -- search -------------------------------------------------------------------------------

SEARCH_WIDTH: Final = 3
"""How many of the heuristic's best developments the search bot looks ahead from."""

SEARCH_NEAR: Final = 0.6
"""Only developments worth at least this share of the heuristic's best are looked ahead
from (when one stands out, the search plays it at once)."""

WIN_WORTH: Final = 1000.0


def evaluate(state: WarPnPState, p: int) -> float:
    """A position's worth to ``p`` in points: the lead in score plus the lead in what the
    sheets will bring over the rounds likely left (a finished game: ± :data:`WIN_WORTH`)."""
    if state.over:
        return WIN_WORTH * (2 * state.returns()[p] - 1)
    table = Table(state, p)
    return _lead(state, p, [table.sheet_rate(q) for q in range(state.num_players)],
                 table.rounds_left)


def _lead(state: WarPnPState, p: int, rates: Sequence[float], left: float) -> float:
    worth = [min(state.sheets[q].score + left * rates[q], WIN_WORTH)
             for q in range(state.num_players)]
    return worth[p] - max(worth[q] for q in range(state.num_players) if q != p)


class SearchBot(HeuristicBot):
    """Plays as :class:`HeuristicBot`, but weighs its few best developments of each round by
    playing the round out: for each, every one of the 21 rolls, every player answering as the
    heuristic bot, and :func:`evaluate` at the round's end, averaged over the rolls."""

    name: ClassVar[str] = "search"

    def __init__(self, game: Game[WarPnPState, Action], player: int,
                 rng: random.Random) -> None:
        super().__init__(game, player, rng)
        self._helpers: list[HeuristicBot] = []

    def develop(self, view: WarPnPState, job: Job) -> Choice:
        if job.task is Task.SETUP:
            return super().develop(view, job)
        candidates = sorted(developments(view, job.player, job), key=lambda c: -c[0])
        top = candidates[0][0] if candidates else 0.0
        candidates = [c for c in candidates[:SEARCH_WIDTH] if c[0] >= SEARCH_NEAR * top]
        if len(candidates) < 2:
            return super().develop(view, job)
        best: tuple[float, Candidate] | None = None
        for cand in candidates:
            v = self._look_ahead(view, cand[1])
            if best is None or v > best[0] + 1e-9:
                best = (v, cand)
        assert best is not None
        action = best[1][1]
        if isinstance(action, DevelopPoints):
            why = Reason(SEARCH_POINTS_WHY, {"column": action.column})
        else:
            assert isinstance(action, DevelopPower)
            kind = action.power or view.sheets[job.player].names[action.row - 1]
            assert kind is not None
            why = Reason(SEARCH_POWER_WHY, {"power": kind.value, "row": action.row})
        return Decision(action, why)

    def _helper(self, q: int) -> HeuristicBot:
        """The heuristic bot that plays seat ``q`` inside a look-ahead (its own fixed RNG, so a
        look-ahead is the same every time it is made)."""
        while len(self._helpers) <= q:
            self._helpers.append(HeuristicBot(self.game, len(self._helpers),
                                              random.Random(len(self._helpers))))
        return self._helpers[q]

    def _play_until(self, state: WarPnPState, stop: Callable[[WarPnPState], bool]) -> None:
        """Play on with heuristic bots. The bots' actions are legal by construction (the
        tests play them through the checked path), so the look-ahead skips the check."""
        while not state.over and not stop(state):
            who = state.current_player()
            if who < 0:  # a re-rolled die: take it as it comes
                state._apply_outcome(state.chance_outcomes().sample(self.rng))
                continue
            state._apply_action(self._helper(who).decide(state).action)

    def _look_ahead(self, view: WarPnPState, action: Action) -> float:
        """The development's worth after this round's roll, averaged over the 21 rolls. The
        sheets' rates are read once, before the roll (a roll changes them little); the roll
        itself is played out exactly."""
        p = self.player
        state = view.clone()
        state._apply_action(action)
        self._play_until(state, lambda s: s.queue[0].task is Task.ROLL)
        if state.over:
            return evaluate(state, p)
        table = Table(state, p)
        rates = [table.sheet_rate(q) for q in range(state.num_players)]
        left = max(table.rounds_left - 1, 0.0)
        start = state.round
        total = 0.0
        for (a, b), pr in ROLLS:
            after = state.clone()
            after._apply_outcome((a, b))
            self._play_until(after, lambda s: s.round != start)
            if after.over:
                total += pr * WIN_WORTH * (2 * after.returns()[p] - 1)
            else:
                total += pr * _lead(after, p, rates, left)
        return total
