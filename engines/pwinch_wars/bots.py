"""Pwinch Wars bots: ``random`` (any legal action) and ``tactical``.

``tactical`` plays as a careful kid would, from its view only (it never knows which enemy
markers are dummies): it drafts the strongest characters, arms its best shooters and
shields its weakest, sets up in the woods, fires when the odds are good (before moving, to
keep the steady-aim bonus), otherwise moves to cover at a shooting distance from the
enemy, scouts hidden markers next to it, hides at the end of every impulse, and plays cards
where they count (a modifier on a roll that is neither sure nor hopeless; reveals on markers
it can reach; rallies its red characters).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from printkit.engines.core import BotFactory, Decision, Game, RandomBot, Reason
from printkit.engines.core.bots import N_
from printkit.engines.pwinch_wars.actions import (
    Action,
    Activate,
    Draw,
    End,
    Equip,
    Fire,
    Marker,
    Move,
    NoDraw,
    Pass,
    Pick,
    Place,
    PlayCard,
    Scout,
    Special,
    Tray,
)
from printkit.engines.pwinch_wars.cards import Colour, Effect
from printkit.engines.pwinch_wars.game import Piece, PwinchState
from printkit.engines.pwinch_wars.hexes import Hex, distance, neighbours
from printkit.engines.pwinch_wars.roster import Side, rating
from printkit.engines.pwinch_wars.rules_fire import chance_of

FIRE_AT_ONCE = 0.35
"""Fire before moving when a shot is at least this likely to force a failed moral check."""
WANTED_RANGE = 3
"""The distance to the nearest enemy the bot likes to stand at: in range of most weapons."""


class TacticalBot:
    """A rule-of-thumb player; see the module's docstring."""

    name = "tactical"

    def __init__(self, game: Game[Any, Any], player: int, rng: random.Random) -> None:
        self.game = game
        self.player = player
        self.rng = rng

    def decide(self, view: PwinchState) -> Decision[Action]:  # noqa: C901 - by kind
        actions = view.legal_actions()
        if len(actions) == 1:
            return Decision(actions[0])
        first = actions[0]
        if view.window is not None:
            return self._react(view, actions)
        if isinstance(first, Pick):
            return self._pick(view, actions)
        if isinstance(first, Equip):
            return self._equip(view, actions)
        if isinstance(first, Tray):
            return Decision(self.rng.choice(actions))
        if isinstance(first, Place):
            return self._place(view, actions)
        if isinstance(first, Activate):
            return self._activate(view, actions)
        if isinstance(first, Draw | NoDraw):
            return self._draw(view, actions)
        return self._impulse(view, actions)

    # -- set-up ---------------------------------------------------------------------------

    def _pick(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        roster = view.data.roster
        best = max((a for a in actions if isinstance(a, Pick)),
                   key=lambda a: (rating(roster.get(a.character)), a.character))
        return Decision(best, Reason(N_("the strongest character left")))

    def _equip(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        roster, eq = view.data.roster, view.data.equipment

        def score(a: Action) -> tuple[int, str]:
            assert isinstance(a, Equip)
            c, item = roster.get(a.character), eq.get(a.item)
            if item.weapon or item.crossfire_fire:
                return c.fire, c.id
            if item.moral:
                return -c.moral_blue, c.id
            return c.sneak, c.id

        best = max(actions, key=score)
        return Decision(best, Reason(N_("weapons to the shooters, protection to the shaky")))

    def _place(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        boxes = sorted({a.box for a in actions if isinstance(a, Place)})
        box = self.rng.choice(boxes)
        terrain = view.map.terrain_at
        enemy = self._enemy_zone_centre(view)

        def score(a: Action) -> float:
            assert isinstance(a, Place)
            t = terrain(a.at)
            return (t.sneak - 2 * t.fire - 0.1 * distance(a.at, enemy)
                    + self.rng.random() * 0.5)

        best = max((a for a in actions if isinstance(a, Place) and a.box == box), key=score)
        return Decision(best, Reason(N_("set up in cover")))

    def _enemy_zone_centre(self, view: PwinchState) -> Hex:
        others = [t for q, t in enumerate(view.scenario.teams) if q != self.player]
        z = others[0].setup
        return view.map.hex_at((z.rows[0] + z.rows[1]) // 2,
                               (z.columns[0] + z.columns[1]) // 2)

    # -- the turn -------------------------------------------------------------------------

    def _activate(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        def score(a: Action) -> tuple[float, int]:
            assert isinstance(a, Activate)
            p = view.pieces[Marker(self.player, a.box)]
            shot = self._best_shot(view, p)[1] if p.char is not None else 0.0
            return (shot, -a.box)

        best = max(actions, key=score)
        return Decision(best)

    def _best_shot(self, view: PwinchState, p: Piece) -> tuple[Fire | None, float]:
        """The shot most likely to make a target fail his moral, with that chance."""
        if p.at is None or p.char is None or p.fired or view.engaged(p):
            return None, 0.0
        best: tuple[Fire | None, float] = (None, 0.0)
        eq = view.data.equipment
        for q, d in view.targets(p):
            if q.char is None:
                continue
            for w in view.weapons(p):
                if not eq.get(w).reaches(d):
                    continue
                hit = chance_of(view.fire_odds(p, q, w).total)
                fail = 1 - chance_of(view.moral_odds(q, weapon=w, shooter=p).total)
                value = hit * fail * (1.5 if q.side is Side.RED else 1.0)
                if value > best[1]:
                    best = (Fire(q.marker, w), value)
        return best

    def _impulse(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        assert view.active is not None
        p = view.pieces[view.active]
        card = self._any_card(view, actions, p)
        if card is not None:
            return Decision(card, Reason(N_("a card that counts now")))
        shot, value = self._best_shot(view, p)
        if shot is not None and (value >= FIRE_AT_ONCE or p.moved or p.scouted):
            return Decision(shot, Reason(N_("fire: %(pct)d%% to break his moral"),
                                         {"pct": round(100 * value)}))
        for a in actions:
            if isinstance(a, Scout):
                return Decision(a, Reason(N_("scout the marker next to him")))
        for a in actions:
            if isinstance(a, Special):
                return Decision(a, Reason(N_("refill, pick up or set up an item")))
        moves = [a for a in actions if isinstance(a, Move)]
        if moves and not p.moved:
            target = self._move(view, p, moves)
            if target is not None:
                return Decision(target, Reason(N_("move to cover near the enemy")))
        if shot is not None:
            return Decision(shot, Reason(N_("fire: %(pct)d%% to break his moral"),
                                         {"pct": round(100 * value)}))
        if End(True) in actions:
            return Decision(End(True), Reason(N_("hide")))
        return Decision(End(False), Reason(N_("a flag carrier cannot hide")))

    def _move(self, view: PwinchState, p: Piece, moves: Sequence[Move]) -> Move | None:
        assert p.at is not None
        enemies = [q.at for q in view.pieces.values()
                   if q.team != self.player and q.on_map and q.at is not None]
        if not enemies:
            return None
        hidden = [q.at for q in view.pieces.values() if q.team != self.player and q.on_map
                  and q.hidden and q.at is not None]
        reach = view.reachable(p)
        left = 2 * p.move_points - p.spent
        want = WANTED_RANGE if p.char is not None else WANTED_RANGE + 1

        at = p.at
        foes = [(e.q, e.r) for e in sorted(enemies, key=lambda e: distance(e, at))[:3]]
        goal, pull = self._goal(view, p)
        gq, gr = (goal.q, goal.r) if goal is not None else (0, 0)
        scout = p.char is not None and bool(hidden)
        beside = {n for e in hidden for n in neighbours(e)}
        value = self._cover(view)

        def score(h: Hex, cost: int, entries: int) -> float:
            q, r = h.q, h.r
            near = min([(abs(q - a) + abs(r - b) + abs(q - a + r - b)) >> 1 for a, b in foes])
            s: float = value[h] - abs(near - want) - 3 * entries
            if pull:
                s -= pull * ((abs(q - gq) + abs(r - gr) + abs(q - gq + r - gr)) >> 1)
            if scout and left - cost >= 4 and h in beside:
                s += 2
            return s

        # the same sum as score(), inlined over every reachable hex (the bot's hot loop)
        top_score, top_cost, top = score(p.at, 0, 0), 0, None
        for h, (cost, entries) in reach.items():
            q, r = h.q, h.r
            near = 99
            for a, b in foes:
                d = (abs(q - a) + abs(r - b) + abs(q - a + r - b)) >> 1
                if d < near:
                    near = d
            v: float = value[h] - (near - want if near > want else want - near) - 3 * entries
            if pull:
                v -= pull * ((abs(q - gq) + abs(r - gr) + abs(q - gq + r - gr)) >> 1)
            if scout and left - cost >= 4 and h in beside:
                v += 2
            if v > top_score or (top is not None and v == top_score and cost < top_cost):
                top_score, top_cost, top = v, cost, h
        return None if top is None else view.game.moves[top]

    _covers: dict[str, dict[Hex, int]] = {}

    def _cover(self, view: PwinchState) -> dict[Hex, int]:
        """How good each hex is to stand in: its sneak bonus and twice the fire penalty it
        gives those shooting at you."""
        found = self._covers.get(view.map.id)
        if found is None:
            found = {h: t.sneak - 2 * t.fire for h, t in view.map.terrain.items()}
            self._covers[view.map.id] = found
        return found

    def _goal(self, view: PwinchState, p: Piece) -> tuple[Hex | None, float]:
        """Where the scenario pulls this marker, and how hard: the fruit tree to hold, the
        enemy flag, home with a captured flag."""
        v = view.scenario.victory
        if p.char is None:
            return None, 0.0
        if p.marker in view.flag_carrier.values():
            z = view.scenario.teams[self.player].setup
            return view.map.hex_at(z.rows[0] if z.rows[0] > 1 else z.rows[1],
                                   (z.columns[0] + z.columns[1]) // 2), 4.0
        if v.flag:
            flags = [h for t, h in sorted(view.flag_at.items()) if t != self.player]
            if flags:
                return flags[0], 1.0
        if v.hold is not None:
            trees = view.map.hexes_of(v.hold)
            if trees and p.at is not None:
                return min(trees, key=lambda h: distance(h, p.at or h)), 0.7
        return None, 0.0

    def _any_card(self, view: PwinchState, actions: Sequence[Action],
                  p: Piece) -> PlayCard | None:
        deck = view.data.deck
        for a in actions:
            if not isinstance(a, PlayCard) or a.marker is None:
                continue
            card = deck.get(a.card)
            q = view.pieces[a.marker]
            if card.effect is Effect.RALLY:
                return a
            if card.effect is Effect.REFILL and card.item not in q.items and q is p:
                return a
            if card.effect is Effect.REVEAL and p.at is not None and q.at is not None and (
                    distance(p.at, q.at) <= 4 and not p.fired and p.char is not None):
                return a
            if card.effect is Effect.MORAL_CHECK and q.side is Side.RED and not q.hidden:
                return a
        return None

    # -- cards ----------------------------------------------------------------------------

    def _react(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        w = view.window
        assert w is not None
        cards = [a for a in actions if isinstance(a, PlayCard)]
        if not cards:
            return Decision(Pass())
        deck = view.data.deck
        best = max(cards, key=lambda a: (abs(deck.get(a.card).amount), a.card))
        card = deck.get(best.card)
        if w.effect is Effect.MOVE_MOD and card.colour is Colour.BLUE:
            return Decision(Pass())  # kept for a roll that matters more
        roll = view.rolls[0] if view.rolls else None
        if roll is not None and roll.skill is not None:
            total = roll.skill.total + sum(n for _, n in roll.cards)
            if total <= 0 or total >= 9:
                return Decision(Pass(), Reason(N_("the roll is sure either way")))
        return Decision(best, Reason(N_("a card on the roll that matters")))

    def _draw(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        deck = view.data.deck
        draws = [a for a in actions if isinstance(a, Draw)]
        if not draws:
            return Decision(NoDraw())
        if draws[0].discard is None:
            return Decision(draws[0], Reason(N_("draw a card")))
        worst = min(draws, key=lambda a: (abs(deck.get(a.discard or "").amount)
                                          if deck.get(a.discard or "").effect
                                          is not Effect.MOVE_MOD else -1, a.discard or ""))
        return Decision(worst, Reason(N_("swap the weakest card")))


BOTS: Mapping[str, BotFactory[Any, Any]] = {"random": RandomBot, "tactical": TacticalBot}
