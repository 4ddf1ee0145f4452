"""The turn sequence of Pwinch Wars: whose decision it is, which roll is due, what comes next.

Each turn follows the seed: (1) bedtime checks on "bed" turns, then fighting checks; (2)
initiative, 1d10 each (+1 for a player whose fire eliminated an enemy last turn; tied players
re-roll among themselves until untied, the re-roll only orders them); (3-6) players alternate
in initiative order, each playing one unplayed marker (:mod:`.impulse`); (7) counters turned
back; (8) each player may draw one card (discarding first with 3 in hand); (9) the turn marker
moves on. ``data/notes.md`` ("Engine") records every reading of the seed.

Rolls are chance nodes: one d10 (``[5]``), the initiative dice (``[7, 3]``), a drawn card
(``"steady_aim"``) or a character drawn from the bowl (``"milo"``). Before a roll that a card
could change, the players holding such a card are asked in turn (:mod:`.card_play`).

:meth:`Turns._advance` runs the game on after every step until a decision or a roll is due:
the roll first (its window, then the roll itself), else the step of the current
:class:`~.phases.Phase` (:data:`STEPS`), which says whether to go on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.engines.core import CHANCE, TERMINAL, Choice, DiceRoll, IllegalActionError
from printkit.engines.pwinch_wars.actions import ACTION_TYPES, Action, Move, Place
from printkit.engines.pwinch_wars.card_play import DRAW_RULE, Cards
from printkit.engines.pwinch_wars.checks import Checks
from printkit.engines.pwinch_wars.events import DiceRolled, HoldScored, OrderSet, TurnBegan
from printkit.engines.pwinch_wars.impulse import Impulses
from printkit.engines.pwinch_wars.phases import (
    CHECKS,
    DICE,
    MODIFIED_BY,
    SEATED_PHASES,
    Phase,
    RollKind,
)
from printkit.engines.pwinch_wars.set_up import RULES, SetUp
from printkit.engines.pwinch_wars.state import Roll, Window
from printkit.engines.pwinch_wars.terrain import Ability


class Turns(SetUp, Impulses):
    """The protocol's answers (whose decision, what is legal, applying it) and the flow."""

    # -- whose decision, and which ------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.window is not None:
            return self.window.asked[0]
        if self.rolls:
            return CHANCE
        phase = self.phase
        if phase == Phase.IMPULSE:
            return self.actor
        if phase in SEATED_PHASES:
            return self.seat
        if phase == Phase.DRAW:
            return self.drawers[0]
        raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover

    def chance_outcomes(self) -> DiceRoll | Choice:
        roll = self.rolls[0]
        if roll.kind in DICE:
            return DiceRoll((10,) * len(roll.players))
        if roll.kind == RollKind.DRAW:
            return Choice(tuple(self.pile))
        if roll.kind == RollKind.BOWL:
            return Choice(tuple(self.in_bowl()))
        return DiceRoll((10,))

    def legal_actions(self) -> list[Action]:
        """Every decision open now; listed once per state (a view shares the list)."""
        if self.over or (self.rolls and self.window is None):
            return []
        memo = self._memo
        if memo[0] is not self._token:
            memo[0], memo[1], memo[2] = self._token, self._legal(), None
        return list(memo[1])

    def _legal(self) -> list[Action]:
        if self.window is not None:
            return self._window_options()
        return OPTIONS[self.phase](self, self.current_player())

    def check_legal(self, action: Any) -> None:
        """As the core's, with the legal actions looked up in a set (a turn lists many)."""
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(f"{action!r} is not a Pwinch Wars action")
        player = self.current_player()
        if player in (CHANCE, TERMINAL):
            super().check_legal(action)
            return
        if type(action) is Place and self.phase == Phase.PLACE and self.window is None:
            if not self._place_is_legal(action, player):
                raise IllegalActionError(self.explain_illegal(action))
            return
        if (type(action) is Move and self.window is None and self.phase == Phase.IMPULSE
                and self.active is not None):
            if not self._move_is_legal(action):
                raise IllegalActionError(self.explain_illegal(action))
            return
        self.legal_actions()
        memo = self._memo
        if memo[2] is None:  # the moves (listed first) were checked above
            skip = 0
            if self.window is None and self.phase == Phase.IMPULSE and self.active is not None:
                p = self.pieces[self.active]
                skip = 0 if p.fired else len(self.reach(p).moves)
            memo[2] = frozenset(memo[1][skip:])
        if action not in memo[2]:
            raise IllegalActionError(self.explain_illegal(action))

    def explain_illegal(self, action: Any) -> str:
        w = self.window
        if w is not None:
            kinds = [k for k in (w.effect.value if w.effect is not None else "",
                                 "any-time" if w.asked[0] in w.any_time else "") if k]
            return (f"a reaction window is open ({w.trigger}, {self._label(w.subject)}): "
                    f"play one {' or '.join(kinds)} card you hold on a valid target, or pass")
        phase = self.phase
        if phase in RULES:
            return RULES[phase]
        if phase == Phase.DRAW:
            return DRAW_RULE
        return self._explain_impulse(action)

    # -- applying a step ----------------------------------------------------------------------

    def _apply_action(self, action: Action) -> None:
        self.events = []
        self.steps += 1
        if self.window is not None:
            self._react(action)
        else:
            DECISIONS[self.phase](self, action)
        self._advance()
        self._token = object()  # what was worked out on the way is stale now

    def _apply_outcome(self, outcome: Any) -> None:
        self._token = object()
        self.events = []
        self.steps += 1
        roll = self.rolls.pop(0)
        RESOLVE[roll.kind](self, roll, outcome)
        self._advance()
        self._token = object()

    def _dice_rolled(self, roll: Roll, outcome: Any) -> None:
        self._order(roll, tuple(int(v) for v in outcome))

    def _order(self, roll: Roll, faces: tuple[int, ...]) -> None:
        """The players ordered by their dice: the first pick, or the turn's initiative (a
        tie re-rolled among the tied players first)."""
        for p, f in zip(roll.players, faces, strict=True):
            if roll.kind == RollKind.INITIATIVE:
                total = f + (1 if self.momentum[p] else 0) + self.init_cards[p]
                self.initiative[p] = (total,)
            else:
                self.initiative[p] = (*self.initiative[p], f)
        self.events.append(DiceRolled(roll.kind, roll.players, faces))
        keys: dict[tuple[int, ...], list[int]] = {}
        for p in range(self._num_players):
            keys.setdefault(self.initiative[p], []).append(p)
        tied = next((ps for k, ps in sorted(keys.items(), reverse=True) if len(ps) > 1), None)
        if tied:
            self.rolls.insert(0, Roll(RollKind.TIEBREAK, players=tuple(tied),
                                      cause=roll.cause))
            return
        order = sorted(range(self._num_players), key=lambda p: self.initiative[p],
                       reverse=True)
        if roll.cause == "first pick":
            self.first = order[0]
            self.seat = order[0]
        else:
            self.order = order
            self.events.append(OrderSet(tuple(order)))

    # -- the flow -----------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run the game on until a decision or a roll is due, or it is over."""
        while not self.over:
            if self.window is not None:
                return
            if self.rolls:
                if self._roll_due():
                    return
                continue
            if self.flag_won:
                self._finish("flag")
                return
            if not STEPS[self.phase](self):
                return

    def _roll_due(self) -> bool:
        """Whether the first pending roll is due now: its window first (for the players
        holding a card that changes it: then the window is due); a check on a marker (or by
        a shooter) gone from the map is dropped (False: look again); the discards are
        shuffled into an empty pile before a draw."""
        roll = self.rolls[0]
        kind = roll.kind
        if not roll.window_done:
            roll.window_done = True
            effect = MODIFIED_BY.get(kind)
            subject = roll.shooter if kind == RollKind.FIRE else roll.subject
            if effect is not None:
                first = roll.player if roll.player is not None else self.order[0]
                holders = self._holders(effect, subject, first)
                if holders:
                    self.window = Window(f"{kind} roll", subject, holders, effect)
                    return True
        if kind in CHECKS:
            assert roll.subject is not None
            if not self.pieces[roll.subject].on_map or (
                    kind == RollKind.FIRE
                    and not self.pieces[roll.shooter or roll.subject].on_map):
                self.rolls.pop(0)
                return False
        if kind == RollKind.DRAW and not self.pile:
            if not self.discards:
                self.rolls.pop(0)
                return False
            self.pile, self.discards = sorted(self.discards), []
        return True

    # the steps of the turn (True: go on; False: a decision or a roll is due); the set-up's
    # are in set_up.py

    def _step_deal(self) -> bool:
        self._start_turn()
        return True

    def _step_turn_start(self) -> bool:
        self.phase = Phase.IMPULSE
        self.seat = 0
        self.actor = -1
        self._next_actor()
        return True

    def _step_impulse(self) -> bool:
        """Until nobody has a marker left to play: the game over if one team is left, a
        marker lost in its own impulse (an entry check) counted as played, the window after
        an impulse, and the next player's turn."""
        if self.turn >= 1 and self._one_team_left():
            self._finish("one team left")
            return False
        if self.active is not None and not self.pieces[self.active].on_map:
            gone = self._mut(self.active)  # lost during his own impulse (an entry check)
            gone.played = True
            self.active = None
            self.closing = gone.marker
            self._next_actor()
        if self.closing is not None:
            # after an impulse (its end's checks made): the other players, round the
            # table from the actor, may play an any-time card ("at any moment")
            team, subject, self.closing = self.closing.team, self.closing, None
            others = tuple(q for q in range(self._num_players) if q != team)
            if self._open(Window("impulse end", subject, [], None, others),
                          (team + 1) % self._num_players):
                return False
        if self.actor >= 0 and self.active is None and not any(
                p.team == self.actor and p.on_map and not p.played
                for p in self.pieces.values()):
            self._next_actor()  # a card after the last impulse took his last marker
        if self.actor >= 0:
            return False
        self._end_turn()
        return True

    def _step_draw(self) -> bool:
        if self.drawers:
            return False
        self._turn_marker()
        return True

    def _start_turn(self) -> None:
        """The turn marker on the next slot: its checks (bedtime, fighting), initiative."""
        self.turn += 1
        self.phase = Phase.TURN_START
        self.walkie = {}
        self.momentum, self.fire_kills = self.fire_kills, [False] * self._num_players
        self.init_cards = [0] * self._num_players
        bed = self.data.turns.is_bed(self.turn)
        self.events.append(TurnBegan(self.turn, self.night(), bed))
        live = sorted((p for p in self.pieces.values() if p.on_map and not p.dummy),
                      key=lambda p: (p.team, p.box))
        if bed:
            for p in live:
                if p.char is not None and p.char.has(Ability.BEDTIME):
                    self._queue_moral(p, self.moral_odds(p), credit=None, cause="bedtime")
        for p in live:
            if self.engaged(p):
                self._queue_moral(p, self.moral_odds(p), credit=None, cause="fighting")
        self.initiative = [() for _ in range(self._num_players)]
        self.rolls.append(Roll(RollKind.INITIATIVE, players=tuple(range(self._num_players)),
                               player=0, cause="initiative"))

    def _end_turn(self) -> None:
        """Counters turned back, points for holding the scenario's terrain, the draws."""
        for m, p in list(self.pieces.items()):
            if p.played or p.move_bonus:
                p = self._mut(m)
                p.played = False
                p.move_bonus = 0
        v = self.scenario.victory
        if v.hold is not None:
            for team in range(self._num_players):
                if self._holds(team, v.hold):
                    self.scores[team] += v.hold_points
                    self.events.append(HoldScored(team, v.hold_points))
        self.phase = Phase.DRAW
        self.drawers = [q for q in self.order if self.pile or self.discards]

    def _turn_marker(self) -> None:
        if self.turn >= self.scenario.turn_limit:
            self._finish("turn limit")
            return
        if len(self.live_teams()) <= 1:
            self._finish("one team left")
            return
        self._start_turn()


STEPS: dict[Phase, Callable[[Turns], bool]] = {
    Phase.FIRST: SetUp._step_first,
    Phase.DRAFT: SetUp._step_choose,
    Phase.BOWL: SetUp._step_choose,
    Phase.EQUIP: SetUp._step_equip,
    Phase.TRAY: SetUp._step_tray,
    Phase.PLACE: SetUp._step_place,
    Phase.DEAL: Turns._step_deal,
    Phase.TURN_START: Turns._step_turn_start,
    Phase.IMPULSE: Turns._step_impulse,
    Phase.DRAW: Turns._step_draw,
}
"""What :meth:`Turns._advance` does in each phase."""
OPTIONS: dict[Phase, Callable[[Turns, int], list[Action]]] = {
    Phase.DRAFT: SetUp._draft_options,
    Phase.EQUIP: SetUp._equip_options,
    Phase.TRAY: SetUp._tray_options,
    Phase.PLACE: SetUp._place_options,
    Phase.IMPULSE: Impulses._impulse_turn_options,
    Phase.DRAW: Cards._draw_options,
}
"""The decisions open to the deciding player in each phase that has any."""
DECISIONS: dict[Phase, Callable[[Turns, Action], None]] = {
    Phase.DRAFT: SetUp._pick,
    Phase.EQUIP: SetUp._equip,
    Phase.TRAY: SetUp._tray,
    Phase.PLACE: SetUp._place,
    Phase.IMPULSE: Impulses._impulse,
    Phase.DRAW: Cards._draw,
}
"""Applying a decision in each phase that has any."""
RESOLVE: dict[RollKind, Callable[[Turns, Roll, Any], None]] = {
    RollKind.FIRST: Turns._dice_rolled,
    RollKind.INITIATIVE: Turns._dice_rolled,
    RollKind.TIEBREAK: Turns._dice_rolled,
    RollKind.FIRE: Checks._resolve_check,
    RollKind.MORAL: Checks._resolve_check,
    RollKind.SNEAK: Checks._resolve_check,
    RollKind.DRAW: Cards._card_drawn,
    RollKind.BOWL: SetUp._drawn_from_bowl,
}
"""Applying the outcome of each kind of roll."""

__all__ = ["DECISIONS", "OPTIONS", "RESOLVE", "STEPS", "Turns"]
