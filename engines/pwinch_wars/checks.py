"""Fire and the checks: who may shoot whom with what, the modified skills, and the d10.

A shot, a moral check and a sneak check are each a :class:`~.state.Roll` queued on the state
(the modifier cards' window comes first: :mod:`.turns`); :meth:`Checks._resolve_check` rolls
it against the sum (:mod:`.rules_fire`) and applies the upshot: a hit makes the target check
moral, a failed moral check turns a blue counter red and eliminates a red one, a sneak check
hides or reveals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.engines.pwinch_wars.equipment import BUILT_IN
from printkit.engines.pwinch_wars.events import (
    CheckRolled,
    Eliminated,
    Fired,
    FlagDropped,
    Reddened,
    Revealed,
)
from printkit.engines.pwinch_wars.hexes import distance
from printkit.engines.pwinch_wars.phases import RollKind
from printkit.engines.pwinch_wars.roster import Side
from printkit.engines.pwinch_wars.rules_fire import (
    Modified,
    fire_skill,
    moral_skill,
    sneak_skill,
    succeeds,
)
from printkit.engines.pwinch_wars.state import Piece, Roll, Table
from printkit.engines.pwinch_wars.terrain import Ability

DUMMY_SNEAK = 6
"""The sneak skill a dummy's owner rolls against (designed): a dummy makes the same checks
a character would, so the rolls give nothing away; a failed check turns it over."""


class Checks(Table):
    """The fire and check rules."""

    # -- what may be fired ------------------------------------------------------------------

    def weapons(self, p: Piece) -> list[str]:
        """The weapons ``p`` can fire now (the normal sling always)."""
        out = [BUILT_IN]
        eq = self.data.equipment
        for i in sorted(p.items):
            item = eq.get(i)
            if not item.weapon:
                continue
            if item.setup is not None and p.hose_at is None:
                continue
            out.append(i)
        return out

    def targets(self, p: Piece) -> list[tuple[Piece, int]]:
        """Revealed enemies in line of sight, with their distance."""
        assert p.at is not None
        memo = self._targets  # shared with views: revealed pieces are the same in both
        if memo[0] is not self._token:
            memo[0], memo[1] = self._token, {}
        found: list[tuple[Piece, int]] | None = memo[1].get(p.marker)
        if found is not None:
            return list(found)
        out = []
        longest = self.odds.longest_range
        for q in self.pieces.values():
            if q.team == p.team or not q.on_map or q.hidden or q.at is None:
                continue
            d = distance(p.at, q.at)
            if d <= longest and self.map.line_of_sight(p.at, q.at):
                out.append((q, d))
        memo[1][p.marker] = out
        return list(out)

    # -- the sums ---------------------------------------------------------------------------

    def fire_odds(self, shooter: Piece, target: Piece, weapon: str) -> Modified:
        """The modified fire skill of ``shooter`` at ``target`` with ``weapon`` now."""
        assert shooter.char is not None and target.at is not None and shooter.at is not None
        eq = self.data.equipment
        item = eq.get(weapon)
        walkie = eq.get("walkie")
        crossfire = "walkie" in shooter.items and any(
            m != shooter.marker and m.team == shooter.team
            for m in self.walkie.get(target.marker, ()))
        tchar = target.char
        d = distance(shooter.at, target.at)
        terrain = self.map.terrain_at(target.at)
        taunts = tchar is not None and tchar.has(Ability.TAUNT)
        night = self.night()
        # the sum depends on these facts only: worked out once per game's data (bots ask
        # for every target with every weapon at every step)
        key = ("fire", shooter.char.id, weapon, d, shooter.moved, terrain.id,
               tuple(sorted(target.items)), taunts, night, shooter.scouted, crossfire)
        found = self.odds.sums.get(key)
        if found is None:
            found = fire_skill(
                self.data.chart, shooter.char, item, distance=d, moved=shooter.moved,
                target_terrain=terrain,
                target_items=[i for i in self.items_of(target) if i.enemy_fire],
                target_taunts=taunts, night=night, scouted=shooter.scouted,
                crossfire=walkie if crossfire else None)
            self.odds.keep(key, found)
        return found

    def sneak_odds(self, p: Piece, *, own_check: bool, scouted: bool = False) -> Modified:
        assert p.at is not None
        return sneak_skill(
            self.data.chart, p.char, terrain=self.map.terrain_at(p.at),
            items=[i for i in self.items_of(p) if i.sneak],
            moved=p.moved or not own_check, night=self.night(), scouted=scouted,
            base=DUMMY_SNEAK if p.char is None else None)

    def moral_odds(self, p: Piece, *, weapon: str | None = None,
                   shooter: Piece | None = None, crossfire: bool = False,
                   extra: Sequence[tuple[str, int]] = ()) -> Modified:
        assert p.char is not None
        eq = self.data.equipment
        frus = 0
        if shooter is not None and shooter.char is not None and shooter.char.has(
                Ability.FRUSTRATION):
            frus = self.data.chart.abilities.frustration_target_moral
        key = ("moral", p.char.id, p.side.value, tuple(sorted(p.items)), weapon, frus,
               crossfire, tuple(extra))
        found = self.odds.sums.get(key)
        if found is None:
            found = moral_skill(p.char, p.side, items=[i for i in self.items_of(p) if i.moral],
                                weapon=eq.get(weapon) if weapon else None,
                                frustrated_shooter=frus,
                                crossfire=eq.get("walkie") if crossfire else None, extra=extra)
            self.odds.keep(key, found)
        return found

    # -- queuing the rolls ------------------------------------------------------------------

    def _fire(self, p: Piece, target: Piece, weapon: str) -> None:
        p.fired = True
        if p.hidden:
            p.hidden = False
            p.known = True
            self.events.append(Revealed(p.marker, "fired"))
        skill = self.fire_odds(p, target, weapon)
        crossfire = any(t.reason == "crossfire" for t in skill.terms)
        if "walkie" in p.items:
            self.walkie.setdefault(target.marker, set()).add(p.marker)
        uses = p.items.get(weapon)
        if uses:
            if uses == 1:
                del p.items[weapon]
            else:
                p.items[weapon] = uses - 1
        self.events.append(Fired(p.marker, target.marker, weapon, skill))
        self.rolls.append(Roll(RollKind.FIRE, target.marker, skill, player=p.team,
                               shooter=p.marker, weapon=weapon, credit=p.team, by_fire=True,
                               crossfire=crossfire))

    def _queue_moral(self, p: Piece, skill: Modified, *, credit: int | None, cause: str,
                     by_fire: bool = False, front: bool = False) -> None:
        roll = Roll(RollKind.MORAL, p.marker, skill, player=p.team, credit=credit,
                    by_fire=by_fire, cause=cause)
        if front:
            self.rolls.insert(0, roll)
        else:
            self.rolls.append(roll)

    # -- rolling ----------------------------------------------------------------------------

    def _resolve_check(self, roll: Roll, outcome: Any) -> None:
        """A fire, moral or sneak roll of ``outcome`` (``[face]``) and its upshot."""
        face = int(outcome[0])
        assert roll.skill is not None and roll.subject is not None
        skill = roll.skill
        for title, amount in roll.cards:
            skill = skill.with_term(title, amount)
        ok = succeeds(face, skill.total)
        target = self._mut(roll.subject)
        kind = roll.kind
        self.events.append(CheckRolled(kind, roll.subject, face, skill, ok, roll.cause))
        if kind == RollKind.FIRE:
            if ok and target.on_map:
                assert roll.shooter is not None
                shooter = self.pieces[roll.shooter]
                self._queue_moral(target, self.moral_odds(
                    target, weapon=roll.weapon, shooter=shooter, crossfire=roll.crossfire),
                    credit=roll.credit, cause="hit", by_fire=True, front=True)
        elif kind == RollKind.SNEAK:
            if roll.scouting:
                if not ok:
                    self._set_hidden(target, False, "scouted")
                    if roll.shooter is not None and not target.dummy:
                        self._mut(roll.shooter).scouted = True
            else:
                self._set_hidden(target, ok, "sneak check")
        elif kind == RollKind.MORAL and not ok and target.on_map:
            if target.side is Side.BLUE:
                target.side = Side.RED
                target.reddened_by = roll.credit
                self.events.append(Reddened(roll.subject))
            else:
                self._eliminate(target, roll)

    def _eliminate(self, p: Piece, roll: Roll) -> None:
        """``p`` out of the game: its items left on its hex, a flag it carried dropped, the
        points to the player ``roll`` credits."""
        p.out = True
        assert p.at is not None
        self.occupied.pop(p.at, None)
        lying = self.ground.setdefault(p.at, [])
        lying.extend(sorted(p.items.items()))
        if not lying:
            del self.ground[p.at]
        p.items = {}
        p.hose_at = None
        for team, carrier in list(self.flag_carrier.items()):
            if carrier == p.marker:
                del self.flag_carrier[team]
                self.flag_at[team] = p.at
                self.events.append(FlagDropped(team, p.at))
        if not p.hidden:
            p.known = True
        p.hidden = False
        self.eliminated[p.team] += 1
        v = self.scenario.victory
        if roll.credit is not None and roll.credit != p.team:
            self.scores[roll.credit] += v.eliminated
            if roll.by_fire:
                self.fire_kills[roll.credit] = True
        self.events.append(Eliminated(p.marker, roll.cause, roll.credit))


__all__ = ["DUMMY_SNEAK", "Checks"]
