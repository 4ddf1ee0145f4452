"""Setting up a game of Pwinch Wars: the teams, their items, the trays, the markers placed.

Drafted teams start with a roll for the first pick: every player rolls a d10, highest picks
first, ties re-roll (notes.md, E1). Then the draft (players pick one character each in turn)
or the bowl (each draws one in turn: a chance node whose outcome is the character's id; the
scenario's ``choose``, or the option ``choose=draft|bowl``). Fixed teams skip both. Each player
then hands out his team's item counters (one of each kind per character), puts his characters
in numbered tray boxes, and the players place their markers, one each in turn, the first
picker first, characters and dummies alike. The flags are planted and three cards dealt to
each player before the first turn.
"""

from __future__ import annotations

from typing import Any

from printkit.engines.pwinch_wars.actions import Action, Equip, Pick, Place, Tray
from printkit.engines.pwinch_wars.events import Equipped, Picked, Placed
from printkit.engines.pwinch_wars.phases import Phase, RollKind
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, Choose
from printkit.engines.pwinch_wars.state import HAND, Piece, Roll
from printkit.engines.pwinch_wars.victory import Victory

RULES = {
    Phase.DRAFT: "draft: pick one character nobody has picked yet",
    Phase.EQUIP: "equipment: give the next item counter to a character of yours who has no "
                 "item of that kind (one of each kind)",
    Phase.TRAY: "team tray: put the character in an empty numbered box (1-10)",
    Phase.PLACE: "set-up: place a marker of an unplaced box on a free hex of your set-up zone "
                 "where a counter may stop",
}
"""The rule an illegal decision of each set-up phase breaks (:meth:`explain_illegal`)."""


class SetUp(Victory):
    """The set-up's decisions and the steps between them."""

    # -- what may be decided ----------------------------------------------------------------

    def _draft_options(self, me: int) -> list[Action]:
        return [Pick(c) for c in self.in_bowl()]

    def _equip_options(self, me: int) -> list[Action]:
        item = self.pool[me][0]
        return [Equip(item, c) for c in self.teams[me]
                if item not in self.equipment[me].get(c, [])]

    def _tray_options(self, me: int) -> list[Action]:
        c = next(c for c in self.teams[me] if c not in self.trays[me])
        used = set(self.trays[me].values())
        return [Tray(c, b) for b in range(1, TRAY_BOXES + 1) if b not in used]

    def _place_options(self, me: int) -> list[Action]:
        placed = {p.box for p in self.team_pieces(me)}
        boxes = [b for b in self.trays[me].values() if b not in placed]
        if self.dummies_left[me]:
            boxes += [b for b in range(1, TRAY_BOXES + 1)
                      if b not in self.trays[me].values() and b not in placed]
        _, places = self.paths.places(self.scenario.teams[me].setup)
        occupied = self.occupied
        free = [i for i, a in enumerate(places[1]) if a.at not in occupied]
        return [places[b][i] for b in sorted(boxes) for i in free]

    def _place_is_legal(self, action: Place, player: int) -> bool:
        """:meth:`_place_options` holds ``action`` (set-up lists hundreds: the rule itself
        rather than a set of them)."""
        zone = self.scenario.teams[player].setup
        return (action.at not in self.occupied and 1 <= action.box <= TRAY_BOXES
                and action.at in self.paths.places(zone)[0]
                and action.box not in {q.box for q in self.team_pieces(player)}
                and (action.box in self.trays[player].values()
                     or self.dummies_left[player] > 0))

    # -- applying them ----------------------------------------------------------------------

    def _pick(self, a: Action) -> None:
        assert isinstance(a, Pick)
        me = self.seat
        self.teams[me].append(a.character)
        self.events.append(Picked(me, a.character))
        self.seat = self._next_drafter(me)

    def _drawn_from_bowl(self, roll: Roll, outcome: Any) -> None:
        """The character ``outcome`` drawn from the bowl by ``roll.player``."""
        assert roll.player is not None
        self.teams[roll.player].append(outcome)
        self.events.append(Picked(roll.player, outcome, bowl=True))
        self.seat = self._next_drafter(roll.player)

    def _next_drafter(self, me: int) -> int:
        n = self._num_players
        for k in range(1, n + 1):
            q = (me + k) % n
            if len(self.teams[q]) < self.scenario.teams[q].size:
                return q
        return me

    def _equip(self, a: Action) -> None:
        assert isinstance(a, Equip)
        me = self.seat
        self.pool[me].pop(0)
        self.equipment[me].setdefault(a.character, []).append(a.item)
        self.events.append(Equipped(me, a.item, a.character))

    def _tray(self, a: Action) -> None:
        assert isinstance(a, Tray)
        self.trays[self.seat][a.character] = a.box

    def _place(self, a: Action) -> None:
        assert isinstance(a, Place)
        me = self.seat
        owner = {b: c for c, b in self.trays[me].items()}
        cid = owner.get(a.box)
        char = self.data.roster.get(cid) if cid else None
        p = Piece(me, a.box, char)
        if char is None:
            self.dummies_left[me] -= 1
        else:
            eq = self.data.equipment
            for item in self.equipment[me].get(char.id, []):
                p.items[item] = eq.get(item).uses
        p.at = a.at
        self.pieces[p.marker] = p
        self._own.add(p.marker)
        self.occupied[a.at] = p.marker
        self.to_place[me] -= 1
        self.events.append(Placed(me, a.box, a.at))
        n = self._num_players
        for k in range(1, n + 1):
            q = (me + k) % n
            if self.to_place[q]:
                self.seat = q
                break

    # -- the steps between them (True: go on; False: a decision or a roll is due) ----------

    def _step_first(self) -> bool:
        """The first-pick roll for drafted teams; fixed teams go to the equipment."""
        n = self._num_players
        if any(t.draft for t in self.scenario.teams):
            self.rolls.append(Roll(RollKind.FIRST, players=tuple(range(n)),
                                   cause="first pick"))
            self.initiative = [() for _ in range(n)]
            self.phase = Phase.BOWL if self.scenario.choose is Choose.BOWL else Phase.DRAFT
            return True
        self.phase = Phase.EQUIP
        self.seat = 0
        return True

    def _step_choose(self) -> bool:
        """The draft or the bowl, until every team is complete."""
        teams = self.scenario.teams
        if all(len(self.teams[q]) >= teams[q].size for q in range(self._num_players)):
            self.phase, self.seat = Phase.EQUIP, 0
            return True
        if len(self.teams[self.seat]) >= teams[self.seat].size:
            self.seat = self._next_drafter(self.seat)
        if self.phase == Phase.BOWL:  # the seat draws a counter from the bowl: a roll
            self.rolls.append(Roll(RollKind.BOWL, player=self.seat, cause="bowl"))
            return True
        return False

    def _step_equip(self) -> bool:
        """Each player in seat order, until his items are handed out (an item nobody may
        take is put aside)."""
        me = self.seat
        while self.pool[me] and all(self.pool[me][0] in self.equipment[me].get(c, [])
                                    for c in self.teams[me]):
            self.pool[me].pop(0)
        if self.pool[me]:
            return False
        if me + 1 < self._num_players:
            self.seat = me + 1
            return True
        self.phase, self.seat = Phase.TRAY, 0
        return True

    def _step_tray(self) -> bool:
        """Each player in seat order, until his characters are in their boxes."""
        me = self.seat
        if len(self.trays[me]) < len(self.teams[me]):
            return False
        if me + 1 < self._num_players:
            self.seat = me + 1
            return True
        self.phase, self.seat = Phase.PLACE, self.first
        return True

    def _step_place(self) -> bool:
        """Until every marker is placed; then the flags planted and the hands dealt."""
        if any(self.to_place):
            return False
        self.phase = Phase.DEAL
        self._plant_flags()
        for _ in range(HAND):
            for q in range(self._num_players):
                self.rolls.append(Roll(RollKind.DRAW, player=q))
        return True


__all__ = ["RULES", "SetUp"]
