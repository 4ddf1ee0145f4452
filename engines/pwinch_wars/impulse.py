"""One impulse of Pwinch Wars: a marker activated, moved, its special actions, fire, its end.

In its impulse a marker spends its movement points on moves (terrain costs, in half points;
never through an enemy counter, never stopping on the boulevard or another counter) and on
special actions (fruits, water, the hose, picking up an item or a flag, scouting a hidden
enemy next to it), then may fire once (no moving after firing; a fighting character may only
move). The impulse ends hiding (a sneak check if any enemy character can see it) or staying
seen, and the next player in initiative order with an unplayed marker plays.
"""

from __future__ import annotations

from printkit.engines.pwinch_wars.actions import (
    Action,
    Activate,
    End,
    Fire,
    Marker,
    Move,
    PlayCard,
    Scout,
    Special,
    hex_code,
)
from printkit.engines.pwinch_wars.card_play import Cards
from printkit.engines.pwinch_wars.cards import Effect
from printkit.engines.pwinch_wars.events import (
    Activated,
    ImpulseEnded,
    Moved,
    Scouted,
    SpecialDone,
)
from printkit.engines.pwinch_wars.hexes import Hex, distance, neighbours
from printkit.engines.pwinch_wars.paths import Reach, search
from printkit.engines.pwinch_wars.phases import RollKind
from printkit.engines.pwinch_wars.state import Piece, Roll, Window
from printkit.engines.pwinch_wars.victory import FLAG, Victory


class Impulses(Cards, Victory):
    """Where a marker may go, what it may do there, and doing it."""

    # -- where it may move ------------------------------------------------------------------

    def reachable(self, p: Piece) -> dict[Hex, tuple[int, int]]:
        """Hexes ``p`` may end a move on now: hex -> (half points, river/property hexes
        entered on the way); :meth:`path_to` gives the path.

        Cheapest path first, then the one entering fewest river/property hexes. A path may
        cross the boulevard and friendly counters, never an enemy counter; the hose's user
        stays within its leash."""
        r = self.reach(p)
        if r.out is None:
            hexes = self.paths.hexes
            r.out = {hexes[j]: (k >> 4, k & 15) for j, k in r.table}
        return dict(r.out)

    def reach(self, p: Piece) -> Reach:
        """What :meth:`reachable` answers, by hex number (of :class:`~.paths.MapPaths`), with
        the :class:`Move` to each hex: worked out once per state and piece (views share the
        answer: it depends on public facts only), and most often read from the empty map's
        :class:`~.paths.Region`."""
        assert p.at is not None
        found = self._reach[0]
        if found is not None and found.token is self._token and found.marker == p.marker:
            return found
        budget = self._left(p)
        paths = self.paths
        index = paths.index
        start = index[p.at]
        region = paths.region(start, budget)
        inside = region.prev
        enemies = []
        taken = []
        for h, m in self.occupied.items():
            j = index[h]
            if j in inside:
                if m.team != p.team:
                    enemies.append(j)
                else:
                    taken.append(j)
        if p.hose_at is None:
            # the search around the enemy counters on the empty map's paths (counters
            # elsewhere change nothing): this one, step for step; the friendly counters'
            # hexes, passable, are only left out of the stops
            if enemies:
                region = paths.region(start, budget, frozenset(enemies))
            table, moves = region.without(frozenset(taken)) if taken else (region.table,
                                                                             region.moves)
            r = Reach(self._token, p.marker, start, region.prev, table, moves)
            self._reach[0] = r
            return r
        # the hose's user: the leash too (rare, not kept)
        forbidden = set()
        occupied = set()
        for h, m in self.occupied.items():
            occupied.add(index[h])
            if m.team != p.team:
                forbidden.add(index[h])
        leash = self.data.equipment.get("hose").tether
        hose = p.hose_at
        forbidden.update(i for i, h in enumerate(paths.hexes) if distance(h, hose) > leash)
        best, prev = search(paths.adj, start, budget, forbidden)
        stop = paths.stop
        plain = [(j, best[j]) for j in prev if stop[j] and j not in occupied]
        r = Reach(self._token, p.marker, start, prev, plain, [paths.moves[j] for j, _ in plain])
        self._reach[0] = r
        return r

    def path_to(self, p: Piece, h: Hex) -> tuple[Hex, ...]:
        """The path :meth:`reachable` found to ``h`` (both ends included)."""
        r = self.reach(p)
        hexes, index = self.paths.hexes, self.paths.index
        prev, start = r.prev, r.start
        path = [index[h]]
        while path[-1] != start:
            path.append(prev[path[-1]])
        return tuple(hexes[k] for k in reversed(path))

    def _move_is_legal(self, action: Move) -> bool:
        """The active marker may move to ``action.to`` (a turn lists many moves: looked up
        in the search, not in a set of them)."""
        assert self.active is not None
        p = self.pieces[self.active]
        j = self.paths.index.get(action.to)
        return (not p.fired and j is not None and action.to not in self.occupied
                and self.reach(p).reaches(j) and self.paths.stop[j])

    # -- what it may do ---------------------------------------------------------------------

    def _impulse_turn_options(self, me: int) -> list[Action]:
        """A marker to activate, or what the active one may do."""
        if self.active is None:
            return [Activate(p.box) for p in sorted(self.team_pieces(me), key=lambda p: p.box)
                    if p.on_map and not p.played]
        return self._impulse_options(self.pieces[self.active])

    def _impulse_options(self, p: Piece) -> list[Action]:
        out: list[Action] = []
        chart = self.data.chart
        left = self._left(p)
        assert p.at is not None
        engaged = self.engaged(p)
        if not p.fired:
            out += self.reach(p).moves  # a fixed order: the search's
            if not p.dummy and not engaged:
                out += self._specials(p, left)
                if left >= 2 * chart.action("scouting").cost:
                    for n in neighbours(p.at):
                        m = self.occupied.get(n)
                        if m is not None and m.team != p.team and self.pieces[m].hidden:
                            out.append(Scout(m))
                for q, d in self.targets(p):
                    for w in self.weapons(p):
                        if self.data.equipment.get(w).reaches(d):
                            out.append(Fire(q.marker, w))
        if p.marker not in self.flag_carrier.values():
            out.append(End(True))
        out.append(End(False))
        out += self._any_cards(p.team)
        return out

    def _specials(self, p: Piece, left: int) -> list[Action]:
        chart = self.data.chart
        assert p.at is not None
        t = self.map.terrain_at(p.at)
        out: list[Action] = []
        if left >= 4:
            if "pick_fruit" in t.actions and "fruits" not in p.items:
                out.append(Special("pick_fruit"))
            outlets = self.paths.outlets_near(chart.action("place_hose").terrain)
            near_outlet = outlets.get(p.at, ())
            if "water_balls" not in p.items and (t.id == "river" or near_outlet):
                out.append(Special("fill_water"))
            if "hose" in p.items and p.hose_at is None:
                out += [Special("place_hose", at=n) for n in near_outlet]
        if left >= 2 * chart.action("pick_up_item").cost:
            for item, _ in self.ground.get(p.at, ()):
                if item not in p.items and Special("pick_up_item", item) not in out:
                    out.append(Special("pick_up_item", item))
            for team, h in sorted(self.flag_at.items()):
                if h == p.at and (team != p.team or h != self.flag_home[team]):
                    out.append(Special("pick_up_item", FLAG))
                    break
        return out

    def _explain_impulse(self, action: object) -> str:  # noqa: C901 - one sentence per rule
        piece = self.pieces.get(self.active) if self.active else None
        if piece is None:
            return "impulse: activate one of your markers that has not played this turn"
        if isinstance(action, Move):
            return (f"movement: {piece.name} cannot reach {hex_code(action.to)} with "
                    f"{self._left(piece) / 2:g} movement points left (terrain costs, no "
                    f"stopping on the boulevard, no hex with another counter, the hose's "
                    f"leash, and no moving after firing)")
        if isinstance(action, Fire):
            return ("fire: the target must be a revealed enemy in line of sight and in the "
                    "weapon's range; one shot per impulse; a fighting character cannot fire")
        if isinstance(action, Special):
            cost = self.data.chart.action(action.action).cost if action.action in {
                a.id for a in self.data.chart.actions} else 0
            return (f"special action {action.action}: needs {cost} movement points (a task is "
                    f"never split over two turns), the right hex, and the item rules "
                    f"({self._left(piece) / 2:g} points left)")
        if isinstance(action, Scout):
            return ("scouting: 2 movement points, next to a hidden enemy marker, before "
                    "firing")
        if isinstance(action, PlayCard):
            return ("cards: play a card from your hand on a valid target (modifier cards are "
                    "played in the window of the roll they change)")
        return f"{action!r} is not a legal action now"

    # -- doing it ---------------------------------------------------------------------------

    def _impulse(self, a: Action) -> None:
        """One decision of the actor's impulse."""
        if isinstance(a, Activate):
            self._activate(a)
            return
        assert self.active is not None
        p = self._mut(self.active)
        assert p.at is not None
        if isinstance(a, Move):
            self._move(p, a)
        elif isinstance(a, Special):
            self._special(p, a)
        elif isinstance(a, Scout):
            self._scout(p, a)
        elif isinstance(a, Fire):
            self._fire(p, self.pieces[a.target], a.weapon)
        elif isinstance(a, End):
            self._end_impulse(p, a.hide)
        elif isinstance(a, PlayCard):
            self._play_any(a, self.actor)

    def _activate(self, a: Activate) -> None:
        p = self._mut(Marker(self.actor, a.box))
        self.active = p.marker
        p.spent = 0
        p.moved = p.scouted = p.fired = p.entry_checked = False
        p.move_bonus = 0
        self.events.append(Activated(p.marker))
        # movement cards on the marker (the acting side first), and the other players'
        # any-time cards: the actor plays his during the impulse itself
        others = tuple(q for q in range(self._num_players) if q != p.team)
        self._open(Window("impulse", p.marker, [], Effect.MOVE_MOD, others), p.team)

    def _move(self, p: Piece, a: Move) -> None:
        """Along the path found; the first river or property hex entered this impulse makes
        a moral check (the worst terrain's)."""
        assert p.at is not None
        cost = self.reach(p).key(self.paths.index[a.to]) >> 4
        path = self.path_to(p, a.to)
        del self.occupied[p.at]
        p.at = a.to
        self.occupied[a.to] = p.marker
        p.spent += cost
        p.moved = True
        self.events.append(Moved(p.marker, path, cost))
        self._flag_home_check(p)
        entered = [self.map.terrain_at(h) for h in path[1:]
                   if self.map.terrain_at(h).entry_check]
        if entered and not p.entry_checked and not p.dummy:
            p.entry_checked = True
            worst = min(entered, key=lambda t: t.entry_moral)
            extra = [(f"entering the {worst.name.lower()}", worst.entry_moral)]
            self._queue_moral(p, self.moral_odds(p, extra=extra), credit=None,
                              cause=f"entered {worst.id}")

    def _special(self, p: Piece, a: Special) -> None:
        assert p.at is not None
        p.spent += 2 * self.data.chart.action(a.action).cost
        p.moved = True
        if a.action == "pick_fruit":
            p.items["fruits"] = self.data.equipment.get("fruits").uses
        elif a.action == "fill_water":
            p.items["water_balls"] = self.data.equipment.get("water_balls").uses
        elif a.action == "place_hose":
            p.hose_at = a.at
        elif a.action == "pick_up_item" and a.item == FLAG:
            self._take_flag(p)
        elif a.action == "pick_up_item":
            lying = self.ground[p.at]
            k = next(i for i, (item, _) in enumerate(lying) if item == a.item)
            item, uses = lying.pop(k)
            if not lying:
                del self.ground[p.at]
            p.items[item] = uses
        self.events.append(SpecialDone(p.marker, a.action, a.item, a.at))

    def _scout(self, p: Piece, a: Scout) -> None:
        """Two points; the hidden enemy next to it makes a sneak check (failed: revealed)."""
        p.spent += 2 * self.data.chart.action("scouting").cost
        p.moved = True
        target = self.pieces[a.target]
        self.events.append(Scouted(p.marker, a.target))
        self.rolls.append(Roll(RollKind.SNEAK, a.target, self.sneak_odds(
            target, own_check=False, scouted=True), player=target.team,
            scouting=True, shooter=p.marker, cause="scouted"))

    def _end_impulse(self, p: Piece, hide: bool) -> None:
        self.events.append(ImpulseEnded(p.marker, hide))
        if hide:
            if self.seen_by_enemy(p):
                self.rolls.append(Roll(RollKind.SNEAK, p.marker,
                                       self.sneak_odds(p, own_check=True), player=p.team,
                                       cause="end of impulse"))
            else:
                self._set_hidden(p, True, "out of sight")
        elif not hide and p.hidden:
            self._set_hidden(p, False, "stays seen")
        p.played = True
        self.active = None
        self.closing = p.marker
        self._next_actor()

    def _next_actor(self) -> None:
        """The next player in initiative order with an unplayed marker on the map."""
        order = self.order
        n = len(order)
        start = order.index(self.actor) + 1 if self.actor in order else 0
        for k in range(n):
            q = order[(start + k) % n]
            if any(p.on_map and not p.played for p in self.pieces.values() if p.team == q):
                self.actor = q
                return
        self.actor = -1


__all__ = ["Impulses"]
