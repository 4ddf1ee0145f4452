"""The War of Bones rules engine: two players, dice rolled onto a square area.

Everything a player does is one small decision and everything the dice do is one chance
line, so a game played at a table can be written down with a ruler and replayed::

    {"chance": [[103.4, 57.0, 5], [12.8, 200.1, 2], ...]}   set-up: where A1..A8, B1..B8 landed
    {"chance": [4, 2]}                                       the roll-off, A then B
    {"player": 0, "action": {"choose": "first_strike"}}
    {"player": 1, "action": {"remove": ["A4", "A6"]}}        B reengages: two of A's dice...
    {"player": 1, "action": {"remove": ["B1"]}}              ...then up to two of B's own
    {"chance": [[40.0, 88.3, 3], [150.2, 9.9, 6], [77.7, 120.0, 1]]}   they land again
    {"player": 0, "action": {"attack": {"troop": "A3", "attacks": [["B2", 3], ["B5", 2]]}}}
    {"chance": [1, 4]}                                       A's attack rolls, in that order
    {"chance": [6, 2]}                                       B's defence rolls
    {"player": 1, "action": {"reinforce": "B8"}}
    {"chance": [6]}                                          the Roller
    {"chance": [[30.1, 30.1, 4], [200.0, 180.5, 2]]}          B8 and an extra Troop land

Positions are die centres in millimetres from the bottom-left corner of the original area,
kept internally as whole 0.1 mm steps. The order of decisions, the settling of dice that land
on each other, Supply re-rolls, Converge and the turn limit are explained in
``data/notes.md``; every refusal names the rule it applies.

>>> state = WarOfBones().new_initial_state()
>>> state.phase.value, state.current_player() == CHANCE
('setup', True)
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from printkit.engines.core.chance import AreaRoll, DiceRoll, Landing
from printkit.engines.core.data import shown
from printkit.engines.core.errors import IllegalActionError
from printkit.engines.core.game import CHANCE, TERMINAL, BotFactory, Game, GameInfo, State
from printkit.engines.core.options import Option, Options, is_whole
from printkit.engines.war_of_bones.actions import (
    ACTION_TYPES,
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
    action_from_json,
    action_schema,
    action_to_json,
    die_key,
)
from printkit.engines.war_of_bones.geometry import Area, gap_sq
from printkit.engines.war_of_bones.odds import Hit, judge, resolve
from printkit.engines.war_of_bones.rules import (
    MM_PER_INCH,
    RANGES,
    RULES,
    Rules,
    load_rules,
    parse_rules,
)

__all__ = [
    "ACTION_TYPES", "Action", "Attack", "AttackPair", "Choose", "Converge", "Defend", "Event",
    "Landed", "Opening", "Phase", "Reinforce", "ReinforceRolled", "Remove", "Reroll",
    "Rerolled", "Resupply", "Resupplied", "TroopHit", "WarOfBones", "WarOfBonesState",
    "AreaChanged", "GameOver",
]


class Phase(enum.Enum):
    """What the game waits for."""

    SETUP = "setup"              # chance: every Troop's set-up landing
    ROLL_OFF = "roll_off"        # chance: one die each, A then B (a tie rolls again)
    CHOOSE = "choose"            # the roll-off winner: Reengage or First Strike
    REMOVE_OPP = "remove_opp"    # Reengage: any number of the opponent's dice
    REMOVE_OWN = "remove_own"    # Reengage: up to as many of one's own
    LAND = "land"                # chance: picked-up dice land again
    TURN = "turn"                # the player's one action
    ATTACK_ROLL = "attack_roll"  # chance: one Roller per attack
    DEFENCE_ROLL = "defence_roll"  # chance: one die per attack, for the defenders
    REROLL = "reroll"            # a player may spend supplies on their roll just made
    REROLL_DICE = "reroll_dice"  # chance: the dice re-rolled
    DEFEND = "defend"            # the defender allocates the rolls of one Troop
    REINFORCE_ROLL = "reinforce_roll"  # chance: the Reinforce Roller
    OVER = "over"


_CHANCE_PHASES: Final = frozenset({Phase.SETUP, Phase.ROLL_OFF, Phase.LAND, Phase.ATTACK_ROLL,
                                   Phase.DEFENCE_ROLL, Phase.REROLL_DICE, Phase.REINFORCE_ROLL})


# -- events: what a step did, for printers (``state.events`` after each apply) -------------


@dataclass(frozen=True, slots=True)
class Landed:
    """A die came to rest at (x_mm, y_mm) showing ``face``."""

    die: str
    x_mm: float
    y_mm: float
    face: int


@dataclass(frozen=True, slots=True)
class AttackPair:
    """One attack judged: its roll + Strength against its defence roll + Firepower."""

    troop: str
    target: str
    strength: int
    attack_roll: int
    defence_roll: int
    firepower: int
    hit: Hit


@dataclass(frozen=True, slots=True)
class TroopHit:
    """The upshot for one attacked Troop: slain, or its face lowered by ``damage``."""

    die: str
    slain: bool
    damage: int
    face_before: int
    face_after: int


@dataclass(frozen=True, slots=True)
class ReinforceRolled:
    """A Reinforce Roller: whether the Troop goes back in, and the extra Troop (if any)."""

    troop: str
    roll: int
    rerolled: bool
    extra: str | None


@dataclass(frozen=True, slots=True)
class Resupplied:
    troop: str
    firepower: int
    supply: int


@dataclass(frozen=True, slots=True)
class Rerolled:
    """Supplies spent: ``positions`` of ``roll`` re-rolled by ``player``."""

    player: int
    roll: str
    positions: tuple[int, ...]
    supply_left: int


@dataclass(frozen=True, slots=True)
class AreaChanged:
    """A Converge offered (``effective`` false) or taken (the new area, in mm)."""

    player: int
    effective: bool
    lo_mm: float
    hi_mm: float
    rolled_back: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int | None
    end: str


Event = Landed | AttackPair | TroopHit | ReinforceRolled | Resupplied | Rerolled | AreaChanged \
    | GameOver


class WarOfBonesState(State[Action]):
    """One moment of a game. Dice are numbered 0..15 (A1..A8, B1..B8, see :attr:`ids`);
    ``face[i]`` is 0 for a die not in the area, and ``x[i]``, ``y[i]`` are its centre in grid
    steps (meaningful only while it is in the area)."""

    def __init__(self, game: WarOfBones, rules: Rules, turn_limit: int,
                 reengage_second: str) -> None:
        self.game = game
        self._num_players = 2
        self.rules = rules
        self.d = rules.die_steps
        self.turn_limit = turn_limit
        self.reengage_second = reengage_second
        n = rules.troops
        self.per_player = n
        self.ids: tuple[str, ...] = tuple(f"{rules.player_letters[i // n]}{i % n + 1}"
                                          for i in range(2 * n))
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.ids)}
        self.x = [0] * (2 * n)
        self.y = [0] * (2 * n)
        self.gap = [0] * (4 * n * n)
        """``gap[i * 2n + j]``: the squared face-to-face distance of dice i and j (steps²),
        refreshed when a die lands; shared between clones until one of them changes it."""
        self.face = [0] * (2 * n)
        self.area = Area(0, rules.area_steps)
        self.supply = [0, 0]
        self.phase = Phase.SETUP
        self.decider = CHANCE
        self.turn_player = 0          # whose turn it is (or who acts in set-up)
        self.turn = 0                 # turns completed
        self.converges = 0            # Converges that took effect
        self.pending_converge: int | None = None  # who converged on the turn just before
        self.roll_off: tuple[int, int] | None = None
        self.opening: dict[str, int] = {}  # "reengage" / "first_strike" -> player
        self.removed_opp = 0
        self.landing: tuple[int, ...] = tuple(range(2 * n))
        self.after_landing = "roll_off"
        # the action being resolved
        self.attack: Attack | None = None
        self.att_troop = -1
        self.att_targets: tuple[int, ...] = ()
        self.att_strengths: tuple[int, ...] = ()
        self.att_rolls: list[int] = []
        self.def_rolls: list[int] = []
        self.allocated: dict[int, tuple[int, ...]] = {}
        self.defend_queue: list[int] = []
        self.reinforce_troop = -1
        self.reinforce_roll = 0
        self.reroll_kind = ""         # "attack", "defence" or "reinforce"
        self.reroll_positions: tuple[int, ...] = ()
        self.winner: int | None = None
        self.end = ""
        self.events: list[Event] = []
        # the most the game asked of the printed components (what validation checks)
        self.peak_range = 0           # the farthest attack, in whole die widths (the ruler)
        self.peak_troops = 0          # the most Troops one player had in the area
        self.peak_supply = 0          # the most supplies one player held (the tracker)
        self._spec: AreaRoll | DiceRoll | None = None  # the pending roll, built once

    # -- reading the table ----------------------------------------------------------------

    def owner(self, i: int) -> int:
        return i // self.per_player

    def dice_of(self, player: int) -> range:
        return range(player * self.per_player, (player + 1) * self.per_player)

    def troops_in_area(self, player: int) -> list[int]:
        """The player's Troops in the area, in die order."""
        f = self.face
        return [i for i in self.dice_of(player) if f[i]]

    def in_range(self, a: int, b: int, firepower: int | None = None) -> bool:
        """Whether die ``b`` is within die ``a``'s range (its Firepower unless given)."""
        reach = (self.face[a] if firepower is None else firepower) * self.d
        return self.gap[a * len(self.face) + b] <= reach * reach

    def targets(self, troop: int) -> list[int]:
        """The opponent's Troops within ``troop``'s range, in die order."""
        f, n = self.face, self.per_player
        reach = f[troop] * self.d
        reach *= reach
        row = self.gap
        base = troop * 2 * n
        start = n if troop < n else 0
        return [j for j in range(start, start + n) if f[j] and row[base + j] <= reach]

    def _measure(self, moved: Sequence[int]) -> None:
        """Refresh the distances of the dice that moved (a new list: clones keep theirs)."""
        gap, x, y, d = self.gap[:], self.x, self.y, self.d
        m = len(self.face)
        for i in moved:
            xi, yi = x[i], y[i]
            for j in range(m):
                g = gap_sq(xi, yi, x[j], y[j], d)
                gap[i * m + j] = g
                gap[j * m + i] = g
        self.gap = gap

    def position_mm(self, i: int) -> tuple[float, float]:
        return self.rules.to_mm(self.x[i]), self.rules.to_mm(self.y[i])

    def can_converge(self) -> bool:
        return self.converges < self.rules.converges_allowed

    # -- the protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        return self.decider

    def chance_outcomes(self) -> AreaRoll | DiceRoll:
        spec = self._spec
        if spec is None:
            spec = self._spec = self._chance_spec()
        return spec

    def _chance_spec(self) -> AreaRoll | DiceRoll:
        ph = self.phase
        if ph is Phase.SETUP or ph is Phase.LAND:
            lo, hi = self.area.centre_bounds(self.d)
            moving = set(self.landing)
            occupied = tuple((self.x[i], self.y[i]) for i in range(len(self.face))
                             if self.face[i] and i not in moving)
            return AreaRoll(len(self.landing), (lo, lo), (hi, hi), self.d, occupied,
                            self.rules.faces)
        faces = self.rules.faces
        if ph is Phase.ROLL_OFF:
            return DiceRoll((faces, faces))
        if ph is Phase.ATTACK_ROLL or ph is Phase.DEFENCE_ROLL:
            return DiceRoll((faces,) * len(self.att_targets))
        if ph is Phase.REROLL_DICE:
            return DiceRoll((faces,) * len(self.reroll_positions))
        if ph is Phase.REINFORCE_ROLL:
            return DiceRoll((faces,))
        raise IllegalActionError("no roll is due now; a player must decide")

    def legal_actions(self) -> list[Action]:
        ph, p = self.phase, self.decider
        if p < 0:
            return []
        if ph is Phase.TURN:
            return self._turn_actions(p)
        if ph is Phase.CHOOSE:
            return [Choose(Opening.REENGAGE), Choose(Opening.FIRST_STRIKE)]
        if ph is Phase.REMOVE_OPP:
            dice = [self.ids[i] for i in self.troops_in_area(1 - p)]
            return [Remove(c) for k in range(len(dice) + 1)
                    for c in itertools.combinations(dice, k)]
        if ph is Phase.REMOVE_OWN:
            dice = [self.ids[i] for i in self._second_pick_pool(p)]
            return [Remove(c) for k in range(min(len(dice), self.removed_opp) + 1)
                    for c in itertools.combinations(dice, k)]
        if ph is Phase.REROLL:
            n = len(self._roll_of(self.reroll_kind))
            top = min(n, self.supply[p] // self.rules.supply_reroll_cost)
            return [Reroll(tuple(i + 1 for i in c)) for k in range(top + 1)
                    for c in itertools.combinations(range(n), k)]
        if ph is Phase.DEFEND:
            troop = self.defend_queue[0]
            rolls = [self.def_rolls[k] for k, t in enumerate(self.att_targets) if t == troop]
            return [Defend(self.ids[troop], order)
                    for order in sorted(set(itertools.permutations(sorted(rolls))))]
        return []

    def _turn_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        own = self.troops_in_area(p)
        for t in own:
            targets = [self.ids[j] for j in self.targets(t)]
            if targets:
                name = self.ids[t]
                out.extend(Attack(name, split) for split in splits(targets, self.face[t]))
        out.extend(Reinforce(self.ids[t]) for t in own)
        out.extend(Resupply(self.ids[t]) for t in own)
        if self.can_converge():
            out.append(Converge())
        return out

    def _second_pick_pool(self, p: int) -> list[int]:
        if self.reengage_second == "opponent":
            return [i for i in self.troops_in_area(1 - p) if i not in self.landing]
        return self.troops_in_area(p)

    def _roll_of(self, kind: str) -> list[int]:
        if kind == "attack":
            return self.att_rolls
        if kind == "defence":
            return self.def_rolls
        return [self.reinforce_roll]

    # -- legality -------------------------------------------------------------------------

    def check_legal(self, action: Any) -> None:
        """Check ``action`` directly (attack splits are too many to search a list for)."""
        p = self.decider
        if p == TERMINAL:
            raise IllegalActionError("the game is over; no more actions")
        if p == CHANCE:
            raise IllegalActionError(f"a roll is due ({self.phase.value.replace('_', ' ')}),"
                                     " not a decision")
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(self.explain_illegal(action))
        ph = self.phase
        if ph is Phase.TURN:
            self._check_turn(p, action)
        elif ph is Phase.DEFEND:
            self._check_defend(action)
        elif action not in self.legal_actions():
            raise IllegalActionError(self.explain_illegal(action))

    def _die(self, name: str, what: str) -> int:
        i = self.index.get(name)
        if i is None:
            raise IllegalActionError(f"there is no die {name!r} (dice are "
                                     f"{self.ids[0]}..{self.ids[-1]})")
        if not self.face[i]:
            raise IllegalActionError(f"{what} {name} is not in the play area")
        return i

    def _own_troop(self, p: int, name: str, verb: str) -> int:
        i = self._die(name, "Troop")
        if self.owner(i) != p:
            raise IllegalActionError(f"only your own Troops {verb}; {name} is the opponent's")
        return i

    def _check_turn(self, p: int, action: Action) -> None:
        if isinstance(action, Attack):
            t = self._own_troop(p, action.troop, "attack")
            fp = self.face[t]
            total = 0
            for target, strength in action.attacks:
                j = self._die(target, "target")
                if self.owner(j) == p:
                    raise IllegalActionError(f"a Troop attacks only the opponent's Troops; "
                                             f"{target} is your own")
                if not self.in_range(t, j):
                    raise IllegalActionError(
                        f"range: {target} is not within {fp} die widths of {action.troop} "
                        f"(a Troop's range is its Firepower, {fp}), face to face")
                if strength < 1:
                    raise IllegalActionError("each attack has a Strength of at least 1")
                total += strength
            if total != fp:
                raise IllegalActionError(
                    f"the Strengths of a Troop's attacks add up to its Firepower: {action.troop}"
                    f" has {fp}, the attacks add up to {total}")
            keys = [(die_key(t), -s) for t, s in action.attacks]
            if any(a > b for a, b in itertools.pairwise(keys)):
                raise IllegalActionError("list the attacks by target in die order, strongest "
                                         "first (Attack.of does it)")
        elif isinstance(action, Reinforce):
            self._own_troop(p, action.troop, "reinforce")
        elif isinstance(action, Resupply):
            self._own_troop(p, action.troop, "resupply")
        elif isinstance(action, Converge):
            if not self.can_converge():
                raise IllegalActionError(
                    f"Converge: the area may not shrink below "
                    f"{self.rules.converge_min_area_in:g} in, so no further Converge")
        else:
            raise IllegalActionError(self.explain_illegal(action))

    def _check_defend(self, action: Action) -> None:
        troop = self.defend_queue[0]
        if not isinstance(action, Defend):
            raise IllegalActionError(self.explain_illegal(action))
        if action.troop != self.ids[troop]:
            raise IllegalActionError(f"the defence of {self.ids[troop]} is due next (defenders"
                                     " are allocated in die order), not of " + action.troop)
        rolls = [self.def_rolls[k] for k, t in enumerate(self.att_targets) if t == troop]
        if sorted(action.rolls) != sorted(rolls):
            raise IllegalActionError(
                f"defence: each of {self.ids[troop]}'s defence rolls {sorted(rolls)} goes on "
                f"one attack, once; {list(action.rolls)} is not an order of them")

    def explain_illegal(self, action: Any) -> str:
        ph = self.phase
        need = {
            Phase.TURN: "a turn's action (attack, reinforce, resupply or converge)",
            Phase.CHOOSE: "the roll-off winner's choice of Reengage or First Strike",
            Phase.REMOVE_OPP: "Reengage's first pick: any number of the opponent's dice",
            Phase.REMOVE_OWN: ("Reengage's second pick: up to as many dice as the first "
                               f"({self.removed_opp}), "
                               + ("of your own" if self.reengage_second == "own"
                                  else "of the opponent's")),
            Phase.REROLL: (f"a Supply re-roll of your {self.reroll_kind} roll (one supply per"
                           f" die, {self.supply[self.decider]} left) or keep"),
            Phase.DEFEND: "the defence allocation",
        }.get(ph, "a roll")
        what = action_to_json(action) if isinstance(action, ACTION_TYPES) else repr(action)
        who = self.rules.player_letters[self.decider] if self.decider >= 0 else "nobody"
        return f"{what} is not allowed now: the game waits for {who}'s decision, {need}"

    def check_outcome(self, outcome: Any) -> None:
        if self.decider != CHANCE:
            raise IllegalActionError("no roll is due now; a player must decide")
        spec = self.chance_outcomes()
        if not spec.contains(outcome):
            if isinstance(spec, AreaRoll):
                raise IllegalActionError(
                    f"landing: the roll lands {spec.count} dice ("
                    f"{', '.join(self.ids[i] for i in self.landing)}), each wholly inside the "
                    f"area and on no other die; {outcome!r} is not such a landing")
            raise IllegalActionError(f"this roll is {len(spec.sides)} die/dice of "
                                     f"{spec.sides[0]} faces; {outcome!r} is not one")

    # -- applying -------------------------------------------------------------------------

    def apply(self, move: Any) -> None:
        """Apply a decision or a chance outcome, refusing illegal ones (the roll's spec is
        built once here, where the core would build it twice)."""
        self.events = []
        if self.decider == CHANCE:
            if not self.chance_outcomes().contains(move):
                self.check_outcome(move)
            self._spec = None
            self._apply_outcome(move)
        else:
            self.check_legal(move)
            self._spec = None
            self._apply_action(move)

    def _apply_action(self, action: Action) -> None:
        p, ph = self.decider, self.phase
        if ph is Phase.TURN:
            self._start_turn_action(p, action)
        elif ph is Phase.CHOOSE:
            assert isinstance(action, Choose)
            other = 1 - p
            if action.opening is Opening.REENGAGE:
                self.opening = {"reengage": p, "first_strike": other}
            else:
                self.opening = {"first_strike": p, "reengage": other}
            self.phase, self.decider = Phase.REMOVE_OPP, self.opening["reengage"]
        elif ph is Phase.REMOVE_OPP:
            assert isinstance(action, Remove)
            self.landing = tuple(self.index[n] for n in action.dice)
            self.removed_opp = len(action.dice)
            if self.removed_opp:
                self.phase = Phase.REMOVE_OWN
            else:
                self._begin_play()
        elif ph is Phase.REMOVE_OWN:
            assert isinstance(action, Remove)
            self.landing = self.landing + tuple(self.index[n] for n in action.dice)
            for i in self.landing:
                self.face[i] = 0
            self.phase, self.decider, self.after_landing = Phase.LAND, CHANCE, "play"
        elif ph is Phase.REROLL:
            assert isinstance(action, Reroll)
            if not action.dice:
                self._after_roll(self.reroll_kind, rerolled=True)
            else:
                self.supply[p] -= self.rules.supply_reroll_cost * len(action.dice)
                self.reroll_positions = action.dice
                self.events.append(Rerolled(p, self.reroll_kind, action.dice, self.supply[p]))
                self.phase, self.decider = Phase.REROLL_DICE, CHANCE
        elif ph is Phase.DEFEND:
            assert isinstance(action, Defend)
            self.allocated[self.defend_queue.pop(0)] = action.rolls
            self._next_defence()

    def _start_turn_action(self, p: int, action: Action) -> None:
        if isinstance(action, Attack):
            self.attack = action
            self.att_troop = self.index[action.troop]
            self.att_targets = tuple(self.index[t] for t, _ in action.attacks)
            self.att_strengths = tuple(s for _, s in action.attacks)
            gap, m, d = self.gap, len(self.face), self.d
            for j in set(self.att_targets):
                far = gap[self.att_troop * m + j]
                k = 0
                while (k * d) * (k * d) < far:
                    k += 1
                if k > self.peak_range:
                    self.peak_range = k
            self.phase, self.decider = Phase.ATTACK_ROLL, CHANCE
        elif isinstance(action, Reinforce):
            self.reinforce_troop = self.index[action.troop]
            self.phase, self.decider = Phase.REINFORCE_ROLL, CHANCE
        elif isinstance(action, Resupply):
            i = self.index[action.troop]
            fp = self.face[i]
            self.face[i] = 0
            self.supply[p] = min(self.rules.max_supply, self.supply[p] + fp)
            self.peak_supply = max(self.peak_supply, self.supply[p])
            self.events.append(Resupplied(action.troop, fp, self.supply[p]))
            self._end_turn()
        else:
            assert isinstance(action, Converge)
            if self.pending_converge == 1 - p:
                self.pending_converge = None
                self.converges += 1
                self.area = self.area.shrunk(self.rules.converge_steps)
                outside = tuple(i for i in range(len(self.face)) if self.face[i]
                                and not self.area.holds(self.x[i], self.y[i], self.d))
                self.events.append(AreaChanged(p, True, self.rules.to_mm(self.area.lo),
                                               self.rules.to_mm(self.area.hi),
                                               tuple(self.ids[i] for i in outside)))
                if outside:
                    self.landing = outside
                    self.phase, self.decider, self.after_landing = Phase.LAND, CHANCE, "converged"
                    return
                self._end_turn(converged=True)
            else:
                self.events.append(AreaChanged(p, False, self.rules.to_mm(self.area.lo),
                                               self.rules.to_mm(self.area.hi), ()))
                self._end_turn(converged=True)
                self.pending_converge = p

    def _apply_outcome(self, outcome: Any) -> None:
        ph = self.phase
        if ph is Phase.SETUP or ph is Phase.LAND:
            to_mm = self.rules.to_mm
            for i, (x, y, face) in zip(self.landing, outcome, strict=True):
                self.x[i], self.y[i], self.face[i] = x, y, face
                self.events.append(Landed(self.ids[i], to_mm(x), to_mm(y), face))
            self._measure(self.landing)
            self.landing = ()
            after = self.after_landing
            if after == "roll_off":
                self.phase = Phase.ROLL_OFF
            elif after == "play":
                self._begin_play()
            else:
                self._end_turn(converged=after == "converged")
        elif ph is Phase.ROLL_OFF:
            a, b = outcome
            self.roll_off = (a, b)
            if a != b:
                self.phase, self.decider = Phase.CHOOSE, 0 if a > b else 1
        elif ph is Phase.ATTACK_ROLL:
            self.att_rolls = list(outcome)
            self._after_roll("attack")
        elif ph is Phase.DEFENCE_ROLL:
            self.def_rolls = list(outcome)
            self._after_roll("defence")
        elif ph is Phase.REINFORCE_ROLL:
            self.reinforce_roll = outcome[0]
            self._after_roll("reinforce")
        elif ph is Phase.REROLL_DICE:
            roll = self._roll_of(self.reroll_kind)
            for pos, value in zip(self.reroll_positions, outcome, strict=True):
                roll[pos - 1] = value
            if self.reroll_kind == "reinforce":
                self.reinforce_roll = roll[0]
            self._after_roll(self.reroll_kind)

    def _after_roll(self, kind: str, rerolled: bool = False) -> None:
        """A roll was made (or re-rolled, or kept): offer a re-roll or go on."""
        roller = self.turn_player if kind != "defence" else 1 - self.turn_player
        if not rerolled and self.supply[roller] >= self.rules.supply_reroll_cost:
            self.reroll_kind = kind
            self.phase, self.decider = Phase.REROLL, roller
            return
        if kind == "attack":
            self.phase, self.decider = Phase.DEFENCE_ROLL, CHANCE
        elif kind == "defence":
            self.allocated = {}
            counts: dict[int, int] = {}
            for t in self.att_targets:
                counts[t] = counts.get(t, 0) + 1
            self.defend_queue = []
            for t in sorted(counts):
                rolls = [self.def_rolls[k] for k, u in enumerate(self.att_targets) if u == t]
                if len(set(rolls)) > 1:
                    self.defend_queue.append(t)
                else:
                    self.allocated[t] = tuple(rolls)
            self._next_defence()
        else:
            self._resolve_reinforce()

    def _next_defence(self) -> None:
        if self.defend_queue:
            self.phase, self.decider = Phase.DEFEND, 1 - self.turn_player
        else:
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        ids, face = self.ids, self.face
        troop = ids[self.att_troop]
        for t in sorted(self.allocated):
            ks = [k for k, u in enumerate(self.att_targets) if u == t]
            fp = face[t]
            totals = tuple(self.att_rolls[k] + self.att_strengths[k] for k in ks)
            rolls = self.allocated[t]
            for k, a, dr in zip(ks, totals, rolls, strict=True):
                self.events.append(AttackPair(troop, ids[t], self.att_strengths[k],
                                              self.att_rolls[k], dr, fp, judge(a, dr + fp, fp)))
            slain, damage = resolve(totals, rolls, fp)
            after = 0 if slain else fp - damage
            if slain or damage:
                self.events.append(TroopHit(ids[t], slain, damage, fp, after))
            face[t] = after
        self.attack = None
        self._end_turn()

    def _resolve_reinforce(self) -> None:
        p, t, roll = self.turn_player, self.reinforce_troop, self.reinforce_roll
        moving: list[int] = []
        if roll > self.face[t]:
            moving.append(t)
        extra = None
        if roll == self.rules.faces:
            in_area = sum(1 for i in self.dice_of(p) if self.face[i])
            out = [i for i in self.dice_of(p) if not self.face[i]]
            if in_area < self.rules.max_troops_in_area and out:
                extra = out[0]
                moving.append(extra)
        self.events.append(ReinforceRolled(self.ids[t], roll, t in moving,
                                           None if extra is None else self.ids[extra]))
        if moving:
            for i in moving:
                self.face[i] = 0
            self.landing = tuple(sorted(moving))
            self.phase, self.decider, self.after_landing = Phase.LAND, CHANCE, "end"
        else:
            self._end_turn()

    def _begin_play(self) -> None:
        for q in (0, 1):
            self.peak_troops = max(self.peak_troops, len(self.troops_in_area(q)))
        self.turn_player = self.opening["first_strike"]
        self.phase, self.decider = Phase.TURN, self.turn_player

    def _end_turn(self, converged: bool = False) -> None:
        p = self.turn_player
        if not converged:
            self.pending_converge = None
        self.turn += 1
        n = self.per_player
        for q in (0, 1):
            self.peak_troops = max(self.peak_troops, len(self.troops_in_area(q)))
        alive = [any(self.face[:n]), any(self.face[n:])]
        if not all(alive):
            self._finish(alive.index(True) if any(alive) else None, "no troops")
        elif self.turn >= self.turn_limit:
            score = [(len(self.troops_in_area(q)), sum(self.face[i] for i in self.dice_of(q)))
                     for q in (0, 1)]
            self._finish(None if score[0] == score[1] else int(score[1] > score[0]),
                         "turn limit")
        else:
            self.turn_player = 1 - p
            self.phase, self.decider = Phase.TURN, self.turn_player

    def _finish(self, winner: int | None, end: str) -> None:
        self.winner, self.end = winner, end
        self.phase, self.decider = Phase.OVER, TERMINAL
        self.events.append(GameOver(winner, end))

    # -- results --------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.5, 0.5] if self.decider == TERMINAL else [0.0, 0.0]
        return [1.0 if q == self.winner else 0.0 for q in (0, 1)]

    def result(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "end": self.end,
            "turns": self.turn,
            "troops": [len(self.troops_in_area(q)) for q in (0, 1)],
            "firepower": [sum(self.face[i] for i in self.dice_of(q)) for q in (0, 1)],
            "supply": list(self.supply),
        }

    def clone(self) -> WarOfBonesState:
        new = object.__new__(WarOfBonesState)
        new.__dict__.update(self.__dict__)
        new.x, new.y, new.face = self.x[:], self.y[:], self.face[:]
        new.supply = self.supply[:]
        new.att_rolls, new.def_rolls = self.att_rolls[:], self.def_rolls[:]
        new.allocated = dict(self.allocated)
        new.defend_queue = self.defend_queue[:]
        new.opening = dict(self.opening)
        new.events = self.events[:]
        return new

    def view(self, player: int) -> WarOfBonesState:
        return self.clone()


def splits(targets: Sequence[str], firepower: int) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every way to split ``firepower`` into attacks on ``targets`` (a multiset of (target,
    Strength) pairs, canonical order: targets as given, strongest first).

    >>> for split in splits(["B1", "B2"], 2):
    ...     print(split)
    (('B1', 2),)
    (('B1', 1), ('B1', 1))
    (('B1', 1), ('B2', 1))
    (('B2', 2),)
    (('B2', 1), ('B2', 1))
    >>> sum(1 for _ in splits(["B1"], 5)), sum(1 for _ in splits([f"B{i}" for i in range(1, 9)], 6))
    (7, 7704)
    """
    def parts(n: int, top: int) -> Iterator[tuple[int, ...]]:
        if n == 0:
            yield ()
            return
        for first in range(min(n, top), 0, -1):
            for rest in parts(n - first, first):
                yield (first, *rest)

    def go(k: int, left: int) -> Iterator[tuple[tuple[str, int], ...]]:
        if left == 0:
            yield ()
            return
        if k == len(targets):
            return
        for amount in range(left, -1, -1):
            for part in parts(amount, amount):
                head = tuple((targets[k], s) for s in part)
                for tail in go(k + 1, left - amount):
                    yield head + tail

    yield from go(0, firepower)


MAX_POSITION_MM: Final = round(RANGES["area_in"].high * MM_PER_INCH, 1)
"""No die lies farther from the area's corner than the largest area's side allows (a log is
read before its header's rules are applied, so the bound is the largest any rules allow)."""


def _landing_from_json(v: Any, rules: Rules) -> Landing:
    if not isinstance(v, list) or len(v) != 3:
        raise ValueError("a landing is [x_mm, y_mm, face], e.g. [103.4, 57.0, 5]")
    x, y, face = v
    out = []
    for c in (x, y):
        if isinstance(c, bool) or not isinstance(c, int | float):
            raise ValueError(f"a position is a number of millimetres, not {shown(c)}")
        if not 0 <= c <= MAX_POSITION_MM:  # also inf (1e999 in JSON) and nan
            raise ValueError(f"a position is a number of millimetres from 0 to "
                             f"{MAX_POSITION_MM:g} (the largest area's side), not {shown(c)}")
        steps = rules.to_steps(c)
        if abs(steps * rules.position_precision_mm - c) > 1e-6:
            raise ValueError(f"positions are written to {rules.position_precision_mm:g} mm; "
                             f"{c!r} is not")
        out.append(steps)
    if isinstance(face, bool) or not isinstance(face, int):
        raise ValueError(f"a landing's face is a whole number, not {shown(face)}")
    return Landing(out[0], out[1], face)


class WarOfBones(Game[WarOfBonesState, Action]):
    """War of Bones for two players.

    Options: ``die_size_mm`` (the dice in play, 8-20 mm, default 16), ``turn_limit`` (a game
    stops after this many turns, both players' counted; default 200) and ``reengage_second``
    (``"own"``: Reengage's second pick is of one's own dice, the default reading, or
    ``"opponent"``: of the opponent's, the words taken literally; see ``data/notes.md``) and
    ``rules`` (a designer's edited ``rules.toml``, its tables whole: ``--rules FILE``; the
    log's header carries it, so the game replays anywhere).
    """

    info = GameInfo(
        name="war-of-bones",
        title=RULES.title,
        rules_version=RULES.rules_version,
        min_players=2,
        max_players=2,
        default_players=2,
        seed_document="004_2711220364cabbd7.txt",
        player_names=("A", "B"),
        has_score=False,
        notes="Dice land on a 0.1 mm grid and never rest on each other (a die landing on "
              "another is re-rolled); Supply buys re-rolls of one's own dice; one Converge "
              "(9 in to 5 in); a game stops after turn_limit turns (designed for printkit).",
    )

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def new_initial_state(self, num_players: int | None = None,
                          options: Mapping[str, Any] | None = None) -> WarOfBonesState:
        n = 2 if num_players is None else num_players
        if n != 2:
            raise ValueError(f"War of Bones takes 2 players, not {n}")
        opts = self.declared_options().read(options)
        base, size = opts["rules"], opts["die_size_mm"]
        limit, second = opts["turn_limit"], opts["reengage_second"]
        if base is not self.rules:
            rules = base if size == base.die_size_mm else base.with_die_size(float(size))
        else:
            rules = self.rules if size == self.rules.die_size_mm else (
                load_rules(float(size)) if self.rules is RULES
                else self.rules.with_die_size(size))
        return WarOfBonesState(self, rules, limit, second)

    def position(self, dice: Mapping[str, tuple[float, float, int]], to_move: int = 0,
                 supply: tuple[int, int] = (0, 0),
                 options: Mapping[str, Any] | None = None) -> WarOfBonesState:
        """A table set by hand, ``to_move`` to play: ``dice`` maps die names to
        ``(x_mm, y_mm, face)``; dice not named are out of the area. For worked examples and
        tests (a log always starts from the set-up roll).

        >>> state = WarOfBones().position({"A1": (20.0, 20.0, 4), "B1": (100.0, 20.0, 2)})
        >>> state.targets(0), state.phase.value
        ([8], 'turn')
        """
        state = self.new_initial_state(2, {**self.default_options(), **(options or {})})
        r = state.rules
        state.face = [0] * len(state.face)
        for name, (x, y, face) in dice.items():
            i = state.index[name]
            state.x[i], state.y[i], state.face[i] = r.to_steps(x), r.to_steps(y), face
        state._measure(range(len(state.face)))
        state.supply = list(supply)
        state.landing = ()
        state.opening = {"first_strike": to_move, "reengage": 1 - to_move}
        state.turn_player = to_move
        state.phase, state.decider = Phase.TURN, to_move
        return state

    def outcome_to_json(self, outcome: Any) -> Any:
        if outcome and isinstance(outcome[0], tuple):
            to_mm = self.rules.to_mm
            return [[to_mm(x), to_mm(y), f] for x, y, f in outcome]
        return list(outcome)

    def outcome_from_json(self, data: Any) -> Any:
        if not isinstance(data, list) or not data:
            raise ValueError("a roll is a list of faces, e.g. [3, 5], or of landings, e.g. "
                             "[[103.4, 57.0, 5]]")
        if all(isinstance(v, list) for v in data):
            return tuple(_landing_from_json(v, self.rules) for v in data)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in data):
            raise ValueError("a roll lists the faces shown, e.g. [3, 5]")
        return tuple(data)

    def action_to_json(self, action: Action) -> Any:
        return action_to_json(action)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def action_schema(self) -> dict[str, Any]:
        r = self.rules
        return action_schema(r.player_letters, r.troops, r.faces)

    def outcome_schema(self) -> dict[str, Any]:
        faces = self.rules.faces
        return {"oneOf": [
            {"type": "array", "description": "dice faces (attack, defence, Roller, re-rolls)",
             "minItems": 1, "items": {"type": "integer", "minimum": 1, "maximum": faces}},
            {"type": "array", "description": "landings [x_mm, y_mm, face] of the dice rolled "
             "into the area, die centres from the area's bottom-left corner",
             "minItems": 1,
             "items": {"type": "array", "minItems": 3, "maxItems": 3, "prefixItems": [
                 {"type": "number", "minimum": 0}, {"type": "number", "minimum": 0},
                 {"type": "integer", "minimum": 1, "maximum": faces}]}},
        ]}

    def result_schema(self) -> dict[str, Any]:
        pair = {"type": "array", "minItems": 2, "maxItems": 2,
                "items": {"type": "integer", "minimum": 0}}
        return {"type": "object", "additionalProperties": False, "properties": {
            "winner": {"enum": [0, 1, None]},
            "end": {"enum": ["no troops", "turn limit"]},
            "turns": {"type": "integer", "minimum": 0},
            "troops": pair, "firepower": pair, "supply": pair,
        }}

    def declared_options(self) -> Options:
        """The die size defaults to the (edited) rules' own, so ``rules`` is read first: a
        bad rules file is named before an unknown option; the turn limit's default is the
        packaged rules' (an edited copy's is carried by the option, not the file)."""
        r = self.rules
        presets = ", ".join(f"{v:g}" for v in r.die_size_presets_mm)
        most = int(RANGES["designed_for_printkit.turn_limit"].high)
        return Options(
            Option("die_size_mm", {"type": "number", "minimum": r.die_size_min_mm,
                                   "maximum": r.die_size_max_mm},
                   f"the side of the dice in play, in mm (presets {presets})", in_header=True,
                   derive=lambda read: read["rules"].die_size_mm,
                   check=lambda v: isinstance(v, int | float) and not isinstance(v, bool),
                   error=lambda v: f"die_size_mm must be a number of millimetres from "
                                   f"{r.die_size_min_mm:g} to {r.die_size_max_mm:g}, not "
                                   f"{shown(v)}"),  # its range and grid: with_die_size
            Option("turn_limit", {"type": "integer", "minimum": 1, "maximum": most},
                   "the game stops after this many turns", default=r.turn_limit,
                   in_header=True, check=lambda v: is_whole(v) and 1 <= v <= most,
                   error=lambda v: f"turn_limit must be a whole number of turns from 1 to "
                                   f"{most:,}, not {shown(v)}"),
            Option("reengage_second", {"enum": ["own", "opponent"]},
                   "whose dice Reengage's second pick removes", default="own",
                   check=lambda v: v in ("own", "opponent"),
                   error=lambda v: 'reengage_second must be "own" or "opponent"'),
            Option("rules", {"type": "object"},
                   "an edited rules.toml, whole (printkit --rules FILE); the die size and "
                   "turn limit still come from their own options", early=True,
                   check=lambda v: v is None or isinstance(v, dict),
                   error=lambda v: "rules must be the tables of a rules.toml",
                   parse=lambda v: r if v is None else parse_rules(v)),
        )

    def bots(self) -> Mapping[str, BotFactory[WarOfBonesState, Action]]:
        from printkit.engines.war_of_bones.bots import HeuristicBot, RandomBot, SearchBot

        return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}


def die_order(names: Sequence[str]) -> list[str]:
    """Dice names in the order the engine lists them."""
    return sorted(names, key=die_key)
