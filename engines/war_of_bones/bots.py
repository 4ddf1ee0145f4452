"""War of Bones bots: ``random``, ``heuristic`` (a sound player) and ``search``.

* ``random`` picks a kind of action (attack, reinforce, resupply, converge) uniformly among
  those open, then a Troop, then a random split of its Firepower over targets in range: a
  baseline that does not simply attack because attack splits outnumber everything else.
* ``heuristic`` values a position by material (:func:`troop_value`: a Troop is worth its
  Firepower plus :data:`KILL_BONUS`, less :data:`OUT_OF_RANGE` while nothing is in its range;
  a supply :data:`SUPPLY`) and takes, each turn, the action whose expected change of that
  material is largest, by the exact odds: an attack's best split of Firepower
  (:mod:`.odds`), a Reinforce from the d6 Roller (the better face when the Roller beats it,
  a new position, the extra Troop on a 6, a supply re-roll of a failed Roller), a Resupply
  (the Troop lost against the supplies gained), a Converge (every Troop rolled back in and
  brought into range, its own against the opponent's). When nothing gains, it brings Troops
  into range: it reinforces a Troop with no target, or offers to converge. It defends with
  the best allocation, and spends a supply on a die of its own roll when re-rolling that die
  gains more than a supply is worth, exactly.
* ``search`` plays like ``heuristic`` but picks its turn's action by Monte-Carlo over the next
  rolls: each of the heuristic's best few candidates is played to the end of the turn over
  the same sampled dice, and scored by the material then less the expected gain of the
  opponent's best reply; the best average wins.

Every decision carries a :class:`~printkit.engines.core.Reason` whose text is a message id
marked with ``N_`` (all of them in :data:`MESSAGES`), filled with named values.

>>> from printkit.engines.core import play
>>> from printkit.engines.war_of_bones.game import WarOfBones
>>> played = play(WarOfBones(), ["heuristic", "random"], seed=1)
>>> played.state.is_terminal()
True
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_left
from functools import cache, lru_cache
from typing import ClassVar, Final

from printkit.engines.core.bots import N_
from printkit.engines.core.game import CHANCE, TERMINAL, Decision, Game, Reason
from printkit.engines.war_of_bones.actions import (
    Action,
    Attack,
    Choose,
    Converge,
    Defend,
    Opening,
    Reinforce,
    Remove,
    Reroll,
    Resupply,
)
from printkit.engines.war_of_bones.game import Phase, WarOfBonesState
from printkit.engines.war_of_bones.odds import FACES, best_allocation, resolve, split_odds

Choice = Decision[Action]

KILL_BONUS: Final = 1.5
"""A Troop is worth this much on top of its Firepower (Troops win the game): a kill removes
the Firepower and this."""
OUT_OF_RANGE: Final = 1.0
"""A Troop with no enemy Troop in its range is worth this much less until it gets one."""
SUPPLY: Final = 0.4
"""A supply's worth in material: about what re-rolling a bad roll of one's own gains."""
MAX_ATTACKS_ON_ONE: Final = 3
CONVERGED_IN_RANGE: Final = 0.75
"""The chance a Troop rolled into the converged (5 in) area has a target: a rough figure."""
CLOSER: Final = 0.5
"""The chance a Troop out of range inside the converged area gets a target when the others
are rolled in around it: a rough figure."""
GRID: Final = 5
"""Landing points per side of the grid on which a re-rolled Troop's chance of a target is
counted (GRID² points, the centres of as many equal cells of the area)."""
MEAN_FACE: Final = (FACES + 1) / 2
DURABLE: Final = 2.0
"""A Troop showing 6 is worth this much more: no single attack can slay it, so damaging one
(to a 5 that can be slain) is worth more than a point of Firepower. Measured: 2.0 beats 0.0
(which fishes for extra Troops rather than wear 6s down) in 75 % of 300 games, and 1.0 in
58 %; 3.0 and 4.0 are no stronger and make games longer."""


def worth_table(durable: float = DURABLE) -> tuple[float, ...]:
    """``out[f]``: a Troop of Firepower ``f`` with a target, in material (``out[0]`` = 0): its
    Firepower and :data:`KILL_BONUS`, and ``durable`` more for a 6."""
    return (0.0,) + tuple(f + KILL_BONUS + (durable if f == FACES else 0.0)
                          for f in range(1, FACES + 1))


WORTH: Final = worth_table()

# -- reasons: message ids (``N_``) with named values ------------------------------------------

CHOOSE_WHY: Final = N_("%(choice)s: the choice that won more often in simulated games")
ATTACK_WHY: Final = N_("%(troop)s attacks: about %(value).1f enemy material removed on average "
                       "by the exact odds (a Troop slain with chance %(slain)d %%)")
REINFORCE_WHY: Final = N_("reinforce %(troop)s: a Roller above its %(face)d (%(chance)d in 6) "
                          "rolls it in again, about %(gain).1f material gained on average")
REINFORCE_IDLE_WHY: Final = N_("reinforce %(troop)s: it has no target in range; a Roller "
                               "above its %(face)d (%(chance)d in 6) rolls it in somewhere "
                               "else, about %(gain).1f material gained on average")
FISH_WHY: Final = N_("reinforce %(troop)s, fishing for an extra Troop (a Roller 6): nothing "
                     "better this turn")
RESUPPLY_WHY: Final = N_("resupply with %(troop)s: %(supplies)d supplies for re-rolls are worth "
                         "more than a Troop of %(face)d with no target")
ACCEPT_WHY: Final = N_("converge with the opponent: %(idle)d of %(troops)d own Troops are out "
                       "of range against %(opp_idle)d of %(opp)d of theirs")
OFFER_WHY: Final = N_("offer to converge: %(idle)d of %(troops)d Troops have no target and "
                      "no other action gains")
OFFER_GAIN_WHY: Final = N_("offer to converge: %(idle)d of %(troops)d Troops have no target; "
                           "about %(gain).1f material gained when the opponent answers")
REINFORCE_LOOP_WHY: Final = N_("reinforce %(troop)s: no action gains this turn, and it has no "
                               "target; a Roller above its %(face)d (%(chance)d in 6) rolls it "
                               "in somewhere else")
DEFEND_WHY: Final = N_("the defence rolls that keep %(troop)s alive with the least damage")
REROLL_WHY: Final = N_("re-roll %(n)d dice: each re-roll gains more on average than the "
                       "supply it costs")
REROLL_ROLLER_WHY: Final = N_("re-roll the Roller: %(roll)d gains less on average than a new "
                              "roll, less the supply")
KEEP_WHY: Final = N_("keep the roll: no re-roll gains more on average than the supply it "
                     "costs")
REMOVE_OPP_WHY: Final = N_("re-roll %(n)d of the opponent's Troops: with as many re-rolls of "
                           "one's own, about %(gain).1f material gained on average")
REMOVE_MORE_WHY: Final = N_("re-roll %(n)d more of the opponent's Troops: each one shows more "
                            "than the %(mean).1f a new roll gives on average")
REMOVE_OWN_WHY: Final = N_("re-roll %(n)d of one's own Troops: each one gains on average from "
                           "a new roll")
SEARCH_WHY: Final = N_("%(kind)s: best of %(n)d candidates over %(k)d sampled rolls, "
                       "%(score).1f material on average after the opponent's best reply")

MESSAGES: Final = (
    CHOOSE_WHY, ATTACK_WHY, REINFORCE_WHY, REINFORCE_IDLE_WHY, FISH_WHY, RESUPPLY_WHY,
    ACCEPT_WHY, OFFER_WHY, OFFER_GAIN_WHY, REINFORCE_LOOP_WHY, DEFEND_WHY, REROLL_WHY,
    REROLL_ROLLER_WHY, KEEP_WHY, REMOVE_OPP_WHY, REMOVE_MORE_WHY, REMOVE_OWN_WHY, SEARCH_WHY,
)
"""Every message id a bot's reason may carry."""

KINDS: Final = (N_("attack"), N_("reinforce"), N_("resupply"), N_("converge"))
"""The action kinds :data:`SEARCH_WHY` names."""


# -- the exact odds of attacks ------------------------------------------------------------


def _partitions(n: int, top: int, most: int) -> list[tuple[int, ...]]:
    if n == 0:
        return [()]
    if most == 0:
        return []
    return [(first, *rest) for first in range(min(n, top), 0, -1)
            for rest in _partitions(n - first, first, most - 1)]


@cache
def target_values(firepower: int, worth: tuple[float, ...] = WORTH,
                  ) -> tuple[tuple[float, tuple[int, ...], float], ...]:
    """For a target of ``firepower``: the best (value, Strengths, chance slain) for each amount
    0..6 put on it, by the exact odds with the defender allocating well; the value is the
    material removed on average (by ``worth``, :func:`worth_table`)."""
    out: list[tuple[float, tuple[int, ...], float]] = [(0.0, (), 0.0)]
    for n in range(1, FACES + 1):
        best: tuple[float, tuple[int, ...], float] = (-1.0, (), 0.0)
        for part in _partitions(n, n, MAX_ATTACKS_ON_ONE):
            odds = split_odds(part, firepower)
            value = float(odds.slain) * worth[firepower] + sum(
                float(q) * (worth[firepower] - worth[firepower - k])
                for k, q in enumerate(odds.damage))
            if value > best[0]:
                best = (value, part, float(odds.slain))
        out.append(best)
    return tuple(out)


def best_split(state: WarOfBonesState, troop: int, targets: list[int] | None = None,
               worth: tuple[float, ...] = WORTH) -> tuple[float, Attack | None]:
    """The split of ``troop``'s Firepower over its targets worth most, by a small knapsack."""
    targets = state.targets(troop) if targets is None else targets
    if not targets:
        return 0.0, None
    value, amounts = _knapsack(state.face[troop], tuple(state.face[t] for t in targets), worth)
    attacks: list[tuple[str, int]] = []
    for t, amount in zip(targets, amounts, strict=True):
        if amount:
            attacks.extend((state.ids[t], s)
                           for s in target_values(state.face[t], worth)[amount][1])
    # targets come in die order and each target's Strengths strongest first: already the
    # canonical order Attack.of would sort into
    return value, Attack(state.ids[troop], tuple(attacks))


@lru_cache(maxsize=1 << 16)
def _knapsack(firepower: int, faces: tuple[int, ...],
              worth: tuple[float, ...] = WORTH) -> tuple[float, tuple[int, ...]]:
    """The most ``firepower`` Strength makes over targets of ``faces`` (all of it used), and
    how much goes on each target."""
    tables = [target_values(f, worth) for f in faces]
    n = len(faces)
    neg = -1e9
    best = [[neg] * (firepower + 1) for _ in range(n + 1)]
    pick = [[0] * (firepower + 1) for _ in range(n + 1)]
    best[n][0] = 0.0
    for k in range(n - 1, -1, -1):
        row, nxt, table = best[k], best[k + 1], tables[k]
        for left in range(firepower + 1):
            for amount in range(left + 1):
                rest = nxt[left - amount]
                if rest == neg:
                    continue
                v = table[amount][0] + rest
                if v > row[left]:
                    row[left], pick[k][left] = v, amount
    amounts = []
    left = firepower
    for k in range(n):
        amounts.append(pick[k][left])
        left -= pick[k][left]
    return best[0][firepower], tuple(amounts)


@lru_cache(maxsize=1 << 16)
def _loss(totals: tuple[int, ...], rolls: tuple[int, ...], firepower: int,
          worth: tuple[float, ...] = WORTH) -> float:
    """The material a Troop of ``firepower`` loses to attacks of ``totals`` (roll + Strength)
    with defence ``rolls`` allocated best."""
    slain, damage = resolve(totals, best_allocation(totals, rolls, firepower), firepower)
    return worth[firepower] if slain else worth[firepower] - worth[firepower - damage]


@lru_cache(maxsize=1 << 14)
def _expected_loss(totals: tuple[int, ...], firepower: int,
                   worth: tuple[float, ...] = WORTH) -> float:
    """:func:`_loss` averaged over the defence rolls (at most three attacks)."""
    k = len(totals)
    total = 0.0
    for rolls in itertools.product(range(1, FACES + 1), repeat=k):
        total += _loss(totals, tuple(sorted(rolls)), firepower, worth)
    return total / float(FACES ** k)


# -- material -----------------------------------------------------------------------------


def troop_value(firepower: int, has_target: bool, worth: tuple[float, ...] = WORTH) -> float:
    """A Troop's worth: ``worth[firepower]`` (:func:`worth_table`), less :data:`OUT_OF_RANGE`
    while it has no target."""
    return worth[firepower] - (0.0 if has_target else OUT_OF_RANGE)


def material(state: WarOfBonesState, player: int) -> float:
    """A position's worth to ``player``: Troops in the area (:func:`troop_value`) and supplies,
    own minus the opponent's; a won game is worth 1000."""
    if state.decider == TERMINAL:
        if state.winner is None:
            return 0.0
        return 1000.0 if state.winner == player else -1000.0
    score = 0.0
    for q, sign in ((player, 1.0), (1 - player, -1.0)):
        for t in state.troops_in_area(q):
            score += sign * troop_value(state.face[t], bool(state.targets(t)))
        score += sign * SUPPLY * state.supply[q]
    return score


def landing_reach(state: WarOfBonesState, player: int) -> float:
    """The chance that a Troop of ``player`` rolled into the area (any face) lands with an
    enemy Troop in range, counted on a grid of landing points."""
    lo, hi = state.area.centre_bounds(state.d)
    x, y = state.x, state.y
    enemies = tuple((x[j], y[j]) for j in state.troops_in_area(1 - player))
    return _reach(enemies, lo, hi, state.d)


@lru_cache(maxsize=1 << 12)
def _reach(enemies: tuple[tuple[int, int], ...], lo: int, hi: int, d: int) -> float:
    if not enemies:
        return 0.0
    step = (hi - lo) / GRID
    points = [lo + round((k + 0.5) * step) for k in range(GRID)]
    near = [1 << 62] * (GRID * GRID)
    for ex, ey in enemies:
        gx = [max(abs(px - ex) - d, 0) ** 2 for px in points]
        gy = [max(abs(py - ey) - d, 0) ** 2 for py in points]
        near = list(map(min, near, [a + b for a in gx for b in gy]))
    limits = [(f * d) ** 2 for f in range(1, FACES + 1)]
    hits = sum(FACES - bisect_left(limits, n) for n in near)
    return hits / (FACES * GRID * GRID)


def reinforce_outcomes(state: WarOfBonesState, troop: int, has_target: bool,
                       reach: float, worth: tuple[float, ...] = WORTH) -> tuple[float, ...]:
    """The material gained when the Reinforce Roller for ``troop`` shows 1..6 (``out[r-1]``):
    beaten, the Troop is rolled in again (a new face, a new position, in range with the chance
    ``reach``, from :func:`landing_reach`); a 6 also rolls in an extra Troop when there is
    room."""
    room = len(state.troops_in_area(state.owner(troop))) < state.rules.max_troops_in_area
    return _roller_values(state.face[troop], has_target, reach, room, worth)


@lru_cache(maxsize=1 << 14)
def _roller_values(face: int, has_target: bool, reach: float, room: bool,
                   worth: tuple[float, ...]) -> tuple[float, ...]:
    fresh = sum(worth[1:]) / FACES - OUT_OF_RANGE * (1.0 - reach)
    rerolled = fresh - troop_value(face, has_target, worth)
    values = [rerolled if r > face else 0.0 for r in range(1, FACES + 1)]
    if room:
        values[-1] += fresh
    return tuple(values)


def _with_reroll(values: tuple[float, ...], supplies: int, supply: float = SUPPLY) -> float:
    """The average of a d6 decided by ``values``, re-rolled (at a supply) whenever that gains."""
    mean = sum(values) / len(values)
    for _ in range(min(supplies, 2)):
        again = mean - supply
        mean = sum(v if v >= again else again for v in values) / len(values)
    return mean


def converge_gain(state: WarOfBonesState, player: int,
                  has: dict[int, bool] | None = None) -> tuple[float, int, int]:
    """The material ``player`` gains on average when a Converge takes effect now (Troops left
    outside are rolled in with new faces, and the area's Troops get into range), and how many
    Troops of each side are out of range now (own, opponent's). ``has`` may give whether each
    own Troop has a target, already known."""
    area = state.area.shrunk(state.rules.converge_steps)
    d, x, y, face = state.d, state.x, state.y, state.face
    gain = 0.0
    idle = [0, 0]
    for q, sign in ((player, 1.0), (1 - player, -1.0)):
        for t in state.troops_in_area(q):
            armed = has[t] if has is not None and q == player else bool(state.targets(t))
            idle[q != player] += not armed
            if not area.holds(x[t], y[t], d):
                g = _CONVERGED - troop_value(face[t], armed)
            else:
                g = 0.0 if armed else OUT_OF_RANGE * CLOSER
            gain += sign * g
    return gain, idle[0], idle[1]


_CONVERGED: Final = sum(WORTH[1:]) / FACES - OUT_OF_RANGE * (1.0 - CONVERGED_IN_RANGE)


@lru_cache(maxsize=1 << 14)
def _reinforce_value(face: int, has_target: bool, reach: float, room: bool, supplies: int,
                     worth: tuple[float, ...], supply: float) -> float:
    """What reinforcing a Troop is worth on average (:func:`reinforce_outcomes`), with the
    supply re-rolls of a Roller that gain."""
    return _with_reroll(_roller_values(face, has_target, reach, room, worth), supplies, supply)


def _first_desc(c: tuple[float, Action, Reason]) -> float:
    return -c[0]


class RandomBot:
    """Uniform over the kinds of action open, then over Troops and splits."""

    name = "random"

    def __init__(self, game: Game[WarOfBonesState, Action], player: int,
                 rng: random.Random) -> None:
        self.game, self.player, self.rng = game, player, rng

    def decide(self, view: WarOfBonesState) -> Choice:
        rng = self.rng
        if view.phase is not Phase.TURN:
            actions = view.legal_actions()
            return Decision(actions[rng.randrange(len(actions))])
        own = view.troops_in_area(view.decider)
        armed = [(t, view.targets(t)) for t in own]
        armed = [(t, ts) for t, ts in armed if ts]
        kinds = ["reinforce", "resupply"] + (["attack"] if armed else []) + (
            ["converge"] if view.can_converge() else [])
        kind = kinds[rng.randrange(len(kinds))]
        if kind == "attack":
            t, ts = armed[rng.randrange(len(armed))]
            left, attacks = view.face[t], []
            while left:
                s = 1 + rng.randrange(left)
                attacks.append((view.ids[ts[rng.randrange(len(ts))]], s))
                left -= s
            return Decision(Attack.of(view.ids[t], attacks))
        if kind == "converge":
            return Decision(Converge())
        troop = view.ids[own[rng.randrange(len(own))]]
        return Decision(Reinforce(troop) if kind == "reinforce" else Resupply(troop))


class HeuristicBot:
    """Takes the action whose expected change of material is largest, by the exact odds;
    brings Troops into range when nothing gains; defends and re-rolls by expectation."""

    name = "heuristic"
    ATTACKS_KEPT: ClassVar[int] = 1
    """How many Troops' best attacks :meth:`candidates` offers (the search bot takes more)."""
    OPENING: ClassVar[Opening] = Opening.REENGAGE
    """The roll-off winner's choice (``python -m bench.war_of_bones_bots opening``, notes.md)."""
    SUPPLY: ClassVar[float] = SUPPLY
    """A supply's worth (a class attribute so that variants can be measured)."""
    WORTH: ClassVar[tuple[float, ...]] = WORTH
    """A Troop's worth by Firepower (:func:`worth_table`)."""
    ACCEPT: ClassVar[float] = 0.5
    """Answering the opponent's Converge is worth this on top of its material: it ends a
    stand-off that the other actions do not break."""
    BEHIND: ClassVar[float] = 10.0
    """...and this much more when the bot is behind on the turn limit's count (Troops, then
    Firepower): waiting loses for sure, a Converge gives it chances. The bot offers a
    Converge that gains it material when the opponent, judging the same way, would answer;
    so a stand-off ends when either side can gain by it (see notes.md)."""

    def __init__(self, game: Game[WarOfBonesState, Action], player: int,
                 rng: random.Random) -> None:
        self.game, self.player, self.rng = game, player, rng
        self.offered: tuple[int, int] | None = None
        """(Converges so far, turn) when this bot last offered to converge."""
        self.refused = False
        """Whether an offer went unanswered: the opponent does not judge as this bot does,
        so no more offers unless nothing else gains."""

    def decide(self, view: WarOfBonesState) -> Choice:
        ph = view.phase
        if ph is Phase.TURN:
            return self.turn(view)
        if ph is Phase.DEFEND:
            return self.defend(view)
        if ph is Phase.REROLL:
            return self.reroll(view)
        if ph is Phase.CHOOSE:
            return Decision(Choose(self.OPENING),
                            Reason(CHOOSE_WHY, {"choice": self.OPENING.value}))
        return self.reengage(view)

    # -- the turn ---------------------------------------------------------------------------

    def candidates(self, view: WarOfBonesState) -> list[tuple[float, Action, Reason]]:
        """The turn's sensible actions, each with its expected change of material, best
        first; when none gains, the one that brings Troops into range goes first."""
        p = view.decider
        own = view.troops_in_area(p)
        face = view.face
        get = face.__getitem__
        worth = self.WORTH
        ids = view.ids
        out: list[tuple[float, Action, Reason]] = []
        has: dict[int, bool] = {}
        attacks = []
        for t in own:
            targets = view.targets(t)
            has[t] = bool(targets)
            if targets:
                value = _knapsack(face[t], tuple(map(get, targets)), worth)[0]
                attacks.append((-value, t, targets))
        attacks.sort()
        for neg_value, t, targets in attacks[:self.ATTACKS_KEPT]:
            amounts = _knapsack(face[t], tuple(map(get, targets)), worth)[1]
            split: list[tuple[str, int]] = []
            alive = 1.0
            for u, amount in zip(targets, amounts, strict=True):
                if amount:
                    _, strengths, slain = target_values(face[u], worth)[amount]
                    split.extend((ids[u], s) for s in strengths)
                    alive *= 1.0 - slain
            # targets in die order, each one's Strengths strongest first: canonical order
            out.append((-neg_value, Attack(ids[t], tuple(split)), Reason(ATTACK_WHY, {
                "troop": ids[t], "value": -neg_value, "slain": round(100 * (1.0 - alive))})))
        # Reinforce: exact from the d6, per Troop (Troops of one face and range are alike)
        reach = landing_reach(view, p)
        supplies = view.supply[p] // view.rules.supply_reroll_cost
        room = len(own) < view.rules.max_troops_in_area
        best_r: tuple[float, int] | None = None
        best_idle: tuple[float, int] | None = None
        # Resupply: the supplies gained against the Troop given up
        space = view.rules.max_supply - view.supply[p]
        best_s: tuple[float, int] | None = None
        seen: dict[tuple[int, bool], tuple[float, float]] = {}
        for t in own:
            key = (face[t], has[t])
            gs = seen.get(key)
            if gs is None:
                gs = seen[key] = (
                    _reinforce_value(*key, reach, room, supplies, worth, self.SUPPLY),
                    self.SUPPLY * min(space, key[0]) - troop_value(*key, worth))
            g = gs[0]
            if best_r is None or g > best_r[0]:
                best_r = (g, t)
            if not key[1] and key[0] < FACES and (best_idle is None or g > best_idle[0]):
                best_idle = (g, t)
            if best_s is None or gs[1] > best_s[0]:
                best_s = (gs[1], t)
        assert best_r is not None and best_s is not None
        out.append(self._reinforce(view, *best_r, has))
        if best_idle is not None and best_idle[1] != best_r[1]:
            out.append(self._reinforce(view, *best_idle, has))
        if space > 0:
            g, t = best_s
            out.append((g, Resupply(ids[t]), Reason(RESUPPLY_WHY, {
                "troop": ids[t], "supplies": min(space, face[t]), "face": face[t]})))
        idle = sum(1 for t in own if not has[t])
        if view.can_converge() and (view.pending_converge == 1 - p or not attacks
                                    or not self.refused):
            g, mine, theirs = converge_gain(view, p, has)
            if view.pending_converge == 1 - p:
                opp = view.troops_in_area(1 - p)
                behind = (len(own), sum(map(get, own))) < (len(opp), sum(map(get, opp)))
                out.append((g + self.ACCEPT + (self.BEHIND if behind else 0.0), Converge(),
                            Reason(ACCEPT_WHY, {"idle": mine, "troops": len(own),
                                                "opp_idle": theirs, "opp": len(opp)})))
            else:
                # a wasted turn unless the opponent answers: worth the gain when the opponent,
                # judging as this bot does, would answer; else only when nothing else gains
                if self.offered is not None and self.offered[0] == view.converges:
                    self.refused = True      # the last offer went unanswered
                self.offered = None
                if g > 0.0 and not self.refused and self._would_answer(view, g):
                    out.append((g, Converge(), Reason(OFFER_GAIN_WHY, {
                        "idle": idle, "troops": len(own), "gain": g})))
                elif not attacks:
                    out.append((0.0, Converge(), Reason(OFFER_WHY, {
                        "idle": idle, "troops": len(own)})))
        out.sort(key=_first_desc)
        if out[0][0] <= 0.0:
            # nothing gains: bring Troops into range rather than loop
            for k, (value, action, _) in enumerate(out):
                if isinstance(action, Converge):
                    out.insert(0, out.pop(k))
                    break
                if isinstance(action, Reinforce):
                    t = view.index[action.troop]
                    if not has[t] and face[t] < FACES:
                        out.pop(k)
                        out.insert(0, (value, action, Reason(REINFORCE_LOOP_WHY, {
                            "troop": action.troop, "face": face[t], "chance": FACES - face[t]})))
                        break
        return out

    def _would_answer(self, view: WarOfBonesState, gain: float) -> bool:
        """Whether the opponent, judging as this bot does, answers a Converge offered now
        (worth ``gain`` to this bot, so ``-gain`` to the opponent)."""
        p = view.decider
        mine, theirs = view.troops_in_area(p), view.troops_in_area(1 - p)
        face = view.face
        behind = (len(theirs), sum(face[i] for i in theirs)) < (
            len(mine), sum(face[i] for i in mine))
        # shortcuts: the opponent almost always has an action worth more than nothing, and
        # none worth more than a whole Troop slain
        if not behind and self.ACCEPT - gain <= 0.0:
            return False
        if behind and self.ACCEPT + self.BEHIND - gain > max(self.WORTH):
            return True
        after = view.clone()
        after.apply(Converge())
        if after.decider == TERMINAL:
            return False
        return isinstance(self.candidates(after)[0][1], Converge)

    def _reinforce(self, view: WarOfBonesState, gain: float, t: int,
                   has: dict[int, bool]) -> tuple[float, Action, Reason]:
        f = view.face[t]
        name = view.ids[t]
        if f >= FACES:
            reason = Reason(FISH_WHY, {"troop": name})
        else:
            reason = Reason(REINFORCE_WHY if has[t] else REINFORCE_IDLE_WHY, {
                "troop": name, "face": f, "chance": FACES - f, "gain": gain})
        return gain, Reinforce(name), reason

    def turn(self, view: WarOfBonesState) -> Choice:
        value, action, reason = self.candidates(view)[0]
        if isinstance(action, Converge) and view.pending_converge is None:
            self.offered = (view.converges, view.turn)
        return Decision(action, reason)

    # -- the other decisions ---------------------------------------------------------------

    def defend(self, view: WarOfBonesState) -> Choice:
        troop = view.defend_queue[0]
        ks = [k for k, t in enumerate(view.att_targets) if t == troop]
        totals = tuple(view.att_rolls[k] + view.att_strengths[k] for k in ks)
        rolls = tuple(view.def_rolls[k] for k in ks)
        order = best_allocation(totals, rolls, view.face[troop])
        return Decision(Defend(view.ids[troop], order), Reason(
            DEFEND_WHY, {"troop": view.ids[troop]}))

    def reroll(self, view: WarOfBonesState) -> Choice:
        p, kind = view.decider, view.reroll_kind
        budget = view.supply[p] // view.rules.supply_reroll_cost
        if kind == "reinforce":
            t = view.reinforce_troop
            has = bool(view.targets(t))
            values = reinforce_outcomes(view, t, has, landing_reach(view, p), self.WORTH)
            roll = view.reinforce_roll
            if budget and sum(values) / FACES - self.SUPPLY > values[roll - 1]:
                return Decision(Reroll((1,)), Reason(REROLL_ROLLER_WHY, {"roll": roll}))
            return Decision(Reroll(), Reason(KEEP_WHY))
        gains = self._attack_gains(view) if kind == "attack" else self._defence_gains(view)
        picked = sorted(i + 1 for g, i in sorted(gains, reverse=True)[:budget]
                        if g > self.SUPPLY)
        if picked:
            return Decision(Reroll(tuple(picked)), Reason(REROLL_WHY, {"n": len(picked)}))
        return Decision(Reroll(), Reason(KEEP_WHY))

    @staticmethod
    def _groups(view: WarOfBonesState) -> dict[int, list[int]]:
        groups: dict[int, list[int]] = {}
        for k, t in enumerate(view.att_targets):
            groups.setdefault(t, []).append(k)
        return groups

    def _attack_gains(self, view: WarOfBonesState) -> list[tuple[float, int]]:
        """Per attack roll: the material its re-roll adds on average (defence unknown)."""
        out = []
        rolls, strengths = view.att_rolls, view.att_strengths
        for t, ks in self._groups(view).items():
            if len(ks) > MAX_ATTACKS_ON_ONE:
                continue
            f = view.face[t]
            totals = [rolls[k] + strengths[k] for k in ks]
            now = _expected_loss(tuple(sorted(totals)), f, self.WORTH)
            for j, k in enumerate(ks):
                new = 0.0
                for r in range(1, FACES + 1):
                    tt = totals[:]
                    tt[j] = r + strengths[k]
                    new += _expected_loss(tuple(sorted(tt)), f, self.WORTH)
                out.append((new / FACES - now, k))
        return out

    def _defence_gains(self, view: WarOfBonesState) -> list[tuple[float, int]]:
        """Per defence roll: the material its re-roll saves on average."""
        out = []
        rolls, a_rolls, strengths = view.def_rolls, view.att_rolls, view.att_strengths
        for t, ks in self._groups(view).items():
            if len(ks) > MAX_ATTACKS_ON_ONE:
                continue
            f = view.face[t]
            totals = tuple(a_rolls[k] + strengths[k] for k in ks)
            mine = [rolls[k] for k in ks]
            now = _loss(totals, tuple(sorted(mine)), f, self.WORTH)
            for j, k in enumerate(ks):
                new = 0.0
                for r in range(1, FACES + 1):
                    rr = mine[:]
                    rr[j] = r
                    new += _loss(totals, tuple(sorted(rr)), f, self.WORTH)
                out.append((now - new / FACES, k))
        return out

    def reengage(self, view: WarOfBonesState) -> Choice:
        p = view.decider
        worth = self.WORTH
        fresh = sum(worth[1:]) / FACES
        if view.phase is Phase.REMOVE_OPP:
            # a removed enemy Troop comes back as an average one; each also lets one own
            # Troop be re-rolled, so the best own re-rolls count with them
            theirs = sorted(((worth[view.face[i]] - fresh, -i)
                             for i in view.troops_in_area(1 - p)), reverse=True)
            mine = self._own_gains(view, p) if view.reengage_second == "own" else []
            best, k_best, total = 0.0, 0, 0.0
            for k, (g, _) in enumerate(theirs, 1):
                total += g
                value = total + sum(max(0.0, m) for m, _ in mine[:k])
                if value > best:
                    best, k_best = value, k
            picked = Remove.of(view.ids[-i] for _, i in theirs[:k_best])
            return Decision(picked, Reason(REMOVE_OPP_WHY, {"n": len(picked.dice),
                                                            "gain": best}))
        if view.reengage_second == "own":
            pool = [i for g, i in self._own_gains(view, p)[:view.removed_opp] if g > 0]
            return Decision(Remove.of(view.ids[i] for i in pool), Reason(
                REMOVE_OWN_WHY, {"n": len(pool)}))
        pool = sorted((i for i in view.troops_in_area(1 - p)
                       if i not in view.landing and worth[view.face[i]] > fresh),
                      key=lambda i: (-view.face[i], i))[:view.removed_opp]
        return Decision(Remove.of(view.ids[i] for i in pool), Reason(
            REMOVE_MORE_WHY, {"n": len(pool), "mean": MEAN_FACE}))

    def _own_gains(self, view: WarOfBonesState, p: int) -> list[tuple[float, int]]:
        """Own Troops by what re-rolling each gains (a new face and position), best first."""
        worth = self.WORTH
        fresh = sum(worth[1:]) / FACES - OUT_OF_RANGE * (1.0 - landing_reach(view, p))
        gains = [(fresh - troop_value(view.face[i], bool(view.targets(i)), worth), i)
                 for i in view.troops_in_area(p)]
        return sorted(gains, key=lambda g: (-g[0], g[1]))


class SearchBot(HeuristicBot):
    """Monte-Carlo over the next rolls: each of the heuristic's best candidates is played to
    the end of the turn over the same sampled dice (the heuristic deciding defences and
    re-rolls) and scored by the material then, less what the opponent's best reply gains on
    average (the heuristic's exact expectation)."""

    name = "search"
    ATTACKS_KEPT: ClassVar[int] = 3
    CANDIDATES: ClassVar[int] = 4
    ROLLOUTS: ClassVar[int] = 12

    def turn(self, view: WarOfBonesState) -> Choice:
        cands = self.candidates(view)[:self.CANDIDATES]
        if len(cands) == 1:
            value, action, reason = cands[0]
        else:
            seeds = [self.rng.getrandbits(32) for _ in range(self.ROLLOUTS)]
            p = view.decider
            scored = []
            for value, action, _ in cands:
                total = 0.0
                for seed in seeds:
                    total += self.rollout(view, action, p, random.Random(seed))
                scored.append((total / len(seeds), value, action))
            score, value, action = max(scored, key=lambda s: (s[0], s[1]))
            kind = KINDS[(Attack, Reinforce, Resupply, Converge).index(type(action))]
            reason = Reason(SEARCH_WHY, {"kind": kind, "n": len(cands), "k": len(seeds),
                                         "score": score})
        if isinstance(action, Converge) and view.pending_converge is None:
            self.offered = (view.converges, view.turn)
        return Decision(action, reason)

    def rollout(self, view: WarOfBonesState, action: Action, p: int,
                rng: random.Random) -> float:
        """``action`` played out to the end of the turn with ``rng``'s dice: the material
        then, less the opponent's best reply's expected gain."""
        state = view.clone()
        state.apply(action)
        turns = state.turn + 1
        helpers = [HeuristicBot(self.game, q, rng) for q in (0, 1)]
        while state.decider != TERMINAL and state.turn < turns:
            if state.decider == CHANCE:
                state.apply(state.chance_outcomes().sample(rng))
            else:
                state.apply(helpers[state.decider].decide(state).action)
        score = material(state, p)
        if state.decider != TERMINAL:
            score -= max(0.0, helpers[1 - p].candidates(state)[0][0])
        return score


__all__ = ["KILL_BONUS", "MESSAGES", "OUT_OF_RANGE", "SUPPLY", "HeuristicBot", "RandomBot",
           "SearchBot", "best_split", "converge_gain", "landing_reach", "material",
           "reinforce_outcomes", "target_values", "troop_value"]
