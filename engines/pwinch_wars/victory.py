"""The scenarios' objectives: flags to capture, terrain to hold, red counters at the end.

A scenario's :class:`~.scenarios.Victory` says what scores besides eliminations: a flag
brought home (and whether that ends the game), holding its terrain at the end of a turn, the
enemies left red when the game ends. Flags are planted on their home hexes before the first
turn (notes.md, E5), picked up with the ``pick_up_item`` action and dropped where a carrier is
eliminated (:meth:`.checks.Checks._eliminate`).
"""

from __future__ import annotations

from printkit.engines.pwinch_wars.events import (
    FlagCaptured,
    FlagPlanted,
    FlagReturned,
    FlagTaken,
    GameOver,
)
from printkit.engines.pwinch_wars.hexes import hex_to_offset, neighbours
from printkit.engines.pwinch_wars.roster import Side
from printkit.engines.pwinch_wars.state import Piece, Table

FLAG = "flag"
"""The item name of a flag in ``Special("pick_up_item", "flag")``."""


class Victory(Table):
    """Flags, holding terrain, and the final count."""

    def _plant_flags(self) -> None:
        """Each flag on its home hex (``Zone.flag_home``, reading E5)."""
        for team, t in enumerate(self.scenario.teams):
            if not t.flag:
                continue
            home = t.setup.flag_home(self.map)
            self.flag_home[team] = self.flag_at[team] = home
            self.events.append(FlagPlanted(team, home))

    def _take_flag(self, p: Piece) -> None:
        """``p`` picks up the flag on its hex: an enemy's (carried, and ``p`` revealed), or
        his own team's, away from home (put back at once)."""
        team = next(t for t, h in sorted(self.flag_at.items()) if h == p.at and (
            t != p.team or h != self.flag_home[t]))
        if team == p.team:
            self.flag_at[team] = self.flag_home[team]
            self.events.append(FlagReturned(team))
            return
        del self.flag_at[team]
        self.flag_carrier[team] = p.marker
        self._set_hidden(p, False, "carries the flag")
        self.events.append(FlagTaken(team, p.marker))
        self._flag_home_check(p)

    def _flag_home_check(self, p: Piece) -> None:
        """A carrier standing in his own set-up zone brings the flag home."""
        assert p.at is not None
        zone = self.scenario.teams[p.team].setup
        col, row = hex_to_offset(p.at)
        if not (zone.rows[0] <= row + 1 <= zone.rows[1]
                and zone.columns[0] <= col + 1 <= zone.columns[1]):
            return
        for team, carrier in list(self.flag_carrier.items()):
            if carrier == p.marker:
                del self.flag_carrier[team]
                v = self.scenario.victory
                self.scores[p.team] += v.flag
                self.events.append(FlagCaptured(team, p.team, v.flag))
                if v.flag_ends_game:
                    self.flag_won = True

    def _holds(self, team: int, terrain: str) -> bool:
        """Whether ``team`` holds ``terrain``: a character of his on it, no enemy character
        on it or next to it."""
        mine = enemy = False
        for p in self.pieces.values():
            if not p.on_map or p.dummy or p.at is None:
                continue
            t = self.map.terrain_at(p.at).id
            if p.team == team and t == terrain:
                mine = True
            elif p.team != team and (t == terrain or any(
                    self.map.contains(n) and self.map.terrain_at(n).id == terrain
                    for n in neighbours(p.at))):
                enemy = True
        return mine and not enemy

    def _finish(self, why: str) -> None:
        """The game over: the points for enemies left red, and the end's reason."""
        v = self.scenario.victory
        if v.red_at_end:
            for p in self.pieces.values():
                if (p.on_map and p.side is Side.RED and p.reddened_by is not None
                        and p.reddened_by != p.team):
                    self.scores[p.reddened_by] += v.red_at_end
        self.over = True
        self.end_reason = why
        self.events.append(GameOver(why, tuple(self.scores)))


__all__ = ["FLAG", "Victory"]
