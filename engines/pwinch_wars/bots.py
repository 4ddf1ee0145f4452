"""Pwinch Wars bots: ``random`` (any legal action) and ``tactical``.

``tactical`` plays as a careful kid would, from its view only (it never knows which enemy
markers are dummies): it drafts the strongest characters, arms its best shooters and
shields its weakest, sets up in the woods, fires when the odds are good (before moving, to
keep the steady-aim bonus), otherwise moves to cover at a shooting distance from the
enemy, scouts hidden markers next to it, hides at the end of every impulse, and plays cards
where they count (a modifier on a roll that is neither sure nor hopeless; movement cards on
a character who will move rather than shoot; reveals on markers it can reach; rallies its red
characters; forced moral checks on a revealed enemy who is red or fails at least half the
time). In the other players' impulses it rallies at once, forces those checks on the marker
playing, and reveals a marker that just hid near one of its characters still to play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

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
from printkit.engines.pwinch_wars.cards import Colour, Effect, When
from printkit.engines.pwinch_wars.game import Piece, PwinchState
from printkit.engines.pwinch_wars.hexes import Hex, distance
from printkit.engines.pwinch_wars.roster import Side, rating
from printkit.engines.pwinch_wars.rules_fire import chance_of

FIRE_AT_ONCE = 0.35
"""Fire before moving when a shot is at least this likely to force a failed moral check."""
SHAKY = 0.5
"""Force a moral check on a blue enemy when he fails it at least this often (he turns red)."""
WANTED_RANGE = 3
"""The distance to the nearest enemy the bot likes to stand at: in range of most weapons."""


class TacticalBot:
    """A rule-of-thumb player; see the module's docstring."""

    name = "tactical"

    def __init__(self, game: Game[PwinchState, Action], player: int,
                 rng: random.Random) -> None:
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
        # the engine lists the places box by box, each on the same free hexes
        first = actions[0]
        assert isinstance(first, Place)
        per_box = next((i for i, a in enumerate(actions)
                        if isinstance(a, Place) and a.box != first.box), len(actions))
        boxes = [a.box for a in actions[::per_box] if isinstance(a, Place)]
        box = self.rng.choice(boxes)
        k = boxes.index(box)
        actions = actions[k * per_box:(k + 1) * per_box]
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
        # the engine lists the moves first (as many as the search found), then the rest
        moving = 0 if p.fired else len(view.reach(p).moves)
        actions = actions[moving:]
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
        if moving and not p.moved:
            target = self._move(view, p)
            if target is not None:
                return Decision(target, Reason(N_("move to cover near the enemy")))
        if shot is not None:
            return Decision(shot, Reason(N_("fire: %(pct)d%% to break his moral"),
                                         {"pct": round(100 * value)}))
        if End(True) in actions:
            return Decision(End(True), Reason(N_("hide")))
        return Decision(End(False), Reason(N_("a flag carrier cannot hide")))

    def _move(self, view: PwinchState, p: Piece) -> Move | None:
        """The reachable hex scoring best (cover, about ``WANTED_RANGE`` from the nearest
        of the three closest enemies, few river/property entries, the scenario's pull, a
        hidden marker to scout), if it beats staying; among equals the cheapest, then the
        first the path search found. Scored over every hex at once with numpy."""
        assert p.at is not None
        enemies = [q.at for q in view.pieces.values()
                   if q.team != self.player and q.on_map and q.at is not None]
        if not enemies:
            return None
        hidden = [q.at for q in view.pieces.values() if q.team != self.player and q.on_map
                  and q.hidden and q.at is not None]
        left = 2 * p.move_points - p.spent
        want = WANTED_RANGE if p.char is not None else WANTED_RANGE + 1
        at = p.at
        grid = _Grid.of(view)
        index = grid.index
        foes = [index[e] for e in sorted(enemies, key=lambda e: distance(e, at))[:3]]
        goal, pull = self._goal(view, p)
        scout = p.char is not None and bool(hidden)
        beside = np.zeros(len(index), dtype=bool)
        if scout:
            for e in hidden:
                for j, _ in grid.adj[index[e]]:
                    beside[j] = True
        dist = grid.dist
        here = index[at]

        # staying put, scored as a move would be
        near_here = min(dist.item(f, here) for f in foes)
        stay: float = grid.cover.item(here) - abs(near_here - want)
        if pull:
            assert goal is not None
            stay -= pull * dist.item(index[goal], here)
        if scout and left >= 4 and beside[here]:
            stay += 2

        js, costs, base = grid.table(view.reach(p).table)
        near = dist[foes[0], js] if len(foes) == 1 else dist[foes][:, js].min(axis=0)
        v: npt.NDArray[Any] = base - np.abs(near - want)
        if pull:
            assert goal is not None
            v = v - pull * dist[index[goal], js]
        if scout:
            v = v + 2 * ((left - costs >= 4) & beside[js])
        top = v.max()
        if not top > stay:
            return None
        tied = np.flatnonzero(v == top)
        j = int(js[tied[int(np.argmin(costs[tied]))]])
        return view.paths.moves[j]

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
            if card.effect is Effect.MORAL_CHECK and self._shaky(view, q, card.amount):
                return a
        return None

    # -- cards ----------------------------------------------------------------------------

    def _react(self, view: PwinchState, actions: Sequence[Action]) -> Decision[Action]:
        w = view.window
        assert w is not None
        deck = view.data.deck
        cards = [a for a in actions if isinstance(a, PlayCard)
                 and deck.get(a.card).when is not When.ANY]
        any_time = self._window_any_card(view, [
            a for a in actions if isinstance(a, PlayCard) and deck.get(a.card).when is When.ANY])
        if any_time is not None:
            return any_time
        if not cards:
            return Decision(Pass())
        best = max(cards, key=lambda a: (abs(deck.get(a.card).amount), a.card))
        card = deck.get(best.card)
        if w.effect is Effect.MOVE_MOD and card.colour is Colour.BLUE:
            # worth it for a character who will move rather than shoot from where he is
            mover = view.pieces[w.subject] if w.subject is not None else None
            if mover is None or mover.char is None or (
                    self._best_shot(view, mover)[1] >= FIRE_AT_ONCE):
                return Decision(Pass())
            return Decision(best, Reason(N_("more legs for a character on the move")))
        roll = view.rolls[0] if view.rolls else None
        if roll is not None and roll.skill is not None:
            total = roll.skill.total + sum(n for _, n in roll.cards)
            if total <= 0 or total >= 9:
                return Decision(Pass(), Reason(N_("the roll is sure either way")))
        return Decision(best, Reason(N_("a card on the roll that matters")))

    def _window_any_card(self, view: PwinchState,
                         cards: Sequence[PlayCard]) -> Decision[Action] | None:
        """An any-time card in another player's impulse: rally a red character of ours
        before the enemy can shoot at him, force a check on a revealed red enemy (at once,
        before he acts), reveal a marker that just hid where one of our characters still to
        play can reach it. Refills wait for the character's own impulse."""
        w = view.window
        assert w is not None
        deck = view.data.deck
        for a in cards:
            card = deck.get(a.card)
            q = view.pieces[a.marker] if a.marker is not None else None
            if q is None:
                continue
            if card.effect is Effect.RALLY:
                return Decision(a, Reason(N_("rally him before the enemy shoots")))
            if card.effect is Effect.MORAL_CHECK and self._shaky(view, q, card.amount):
                return Decision(a, Reason(N_("a moral check on a shaken enemy")))
            if (card.effect is Effect.REVEAL and w.trigger == "impulse end"
                    and a.marker == w.subject and q.at is not None
                    and self._shooter_near(view, q.at)):
                return Decision(a, Reason(N_("reveal the marker that just hid")))
        return None

    def _shaky(self, view: PwinchState, q: Piece, amount: int) -> bool:
        """Whether a forced moral check is worth its card on ``q``: a revealed enemy
        character, red, or blue but failing the check at least ``SHAKY`` of the time."""
        if q.hidden or q.char is None or not q.on_map:
            return False
        if q.side is Side.RED:
            return True
        extra = [("card", amount)] if amount else []
        return 1 - chance_of(view.moral_odds(q, extra=extra).total) >= SHAKY

    def _shooter_near(self, view: PwinchState, at: Hex) -> bool:
        """Whether a character of ours still to play this turn stands within 4 hexes of
        ``at`` and sees it."""
        for p in view.pieces.values():
            if (p.team == self.player and p.char is not None and p.on_map and not p.played
                    and p.at is not None and distance(p.at, at) <= 4
                    and view.map.line_of_sight(p.at, at)):
                return True
        return False

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


Arrays = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]
TABLES_KEPT = 4_000
"""How many path searches' arrays the bot keeps per map (each a few kB)."""


class _Grid:
    """A map as numpy arrays for the tactical bot, by hex number (``MapPaths.graph``):
    the distance between every two hexes, each hex's cover; made once per map."""

    _made: ClassVar[dict[int, _Grid]] = {}

    def __init__(self, view: PwinchState) -> None:
        self.graph = view.paths.graph
        hexes, self.index, self.adj, _ = self.graph
        q = np.array([h.q for h in hexes], dtype=np.int64)
        r = np.array([h.r for h in hexes], dtype=np.int64)
        dq, dr = q[:, None] - q[None, :], r[:, None] - r[None, :]
        self.dist: npt.NDArray[np.int64] = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) >> 1
        terrain = view.map.terrain
        self.cover: npt.NDArray[np.int64] = np.array(
            [terrain[h].sneak - 2 * terrain[h].fire for h in hexes], dtype=np.int64)
        self._tables: dict[int, tuple[Sequence[tuple[int, int]], Arrays]] = {}

    @classmethod
    def of(cls, view: PwinchState) -> _Grid:
        graph = view.paths.graph  # made once per map, then kept
        found = cls._made.get(id(graph))
        if found is None or found.graph is not graph:
            found = cls._made[id(graph)] = cls(view)
        return found

    def table(self, table: Sequence[tuple[int, int]]) -> Arrays:
        """A search's (hex number, key) pairs as arrays: the hex numbers, the half points
        to each, and the part of its score that depends on the hex alone (cover, less 3 per
        river/property hex entered). The engine's searches kept for every game (tuples) are
        converted once."""
        if isinstance(table, tuple):
            found = self._tables.get(id(table))
            if found is not None and found[0] is table:
                return found[1]
        arr = np.array(table, dtype=np.int64).reshape(-1, 2)
        js, keys = arr[:, 0], arr[:, 1]
        out = (js, keys >> 4, self.cover[js] - 3 * (keys & 15))
        if isinstance(table, tuple):
            if len(self._tables) >= TABLES_KEPT:
                self._tables.clear()
            self._tables[id(table)] = (table, out)
        return out


BOTS: Mapping[str, BotFactory[PwinchState, Action]] = {"random": RandomBot, "tactical": TacticalBot}
