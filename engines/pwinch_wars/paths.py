"""Path finding on a Pwinch Wars map: the map numbered once, and the searches kept for reuse.

A move's cost is kept as one whole number, the *key*: 16 x half movement points + the river
and property hexes entered on the way (each makes a moral check), so the cheapest path wins
and, among the cheapest, the one entering fewest of them. A hex's number fits in 10 bits, so a
heap entry is one int (ints compare fastest).

Everything here depends on the map alone, never on a game: :func:`paths_of` makes one
:class:`MapPaths` per map and every game, state and bot shares it.

>>> from printkit.engines.pwinch_wars.data import load_data
>>> forest = paths_of(load_data().maps["forest"])
>>> forest is paths_of(load_data().maps["forest"]), len(forest.hexes) == len(forest.moves)
(True, True)
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from printkit.engines.pwinch_wars.actions import Marker, Move, Place
from printkit.engines.pwinch_wars.hexes import Hex, neighbours
from printkit.engines.pwinch_wars.maps import GameMap
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, Zone

REGIONS_KEPT = 4_000
"""How many path searches are kept for reuse (some 10-20 kB each; all are dropped when there
are more, and made again as needed)."""
WITHOUT_KEPT = 8
"""How many sets of friendly counters a kept search remembers its stops without."""
MAX_HEXES = 1024
"""Path finding packs a hex's number in 10 bits."""

Graph = tuple[list[Hex], dict[Hex, int], list[tuple[tuple[int, int], ...]], list[bool]]
"""A map for path finding: hexes, index of each, neighbours (index, 16 x cost in half points
+ 1 if entering makes a moral check), may stop."""


def search(adj: Sequence[tuple[tuple[int, int], ...]], start: int, budget: int,
           forbidden: set[int] | frozenset[int] = frozenset()) -> tuple[list[int],
                                                                      dict[int, int]]:
    """Dijkstra from ``start`` within ``budget`` half points on the key, the hex's number in
    the low bits of one int per heap entry: the best key of every hex and, for each hex
    reached, the one before it. ``forbidden`` hexes are never entered."""
    far = 1 << 30
    best = [far] * len(adj)
    for j in forbidden:
        best[j] = -1  # never improved on: never entered
    best[start] = 0
    prev: dict[int, int] = {}
    limit = budget * 16 + 15
    heap = [start]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        item = pop(heap)
        key, i = item >> 10, item & 1023
        if best[i] != key:
            continue
        for j, w in adj[i]:
            k = key + w
            if k <= limit and k < best[j]:
                best[j] = k
                prev[j] = i
                push(heap, (k << 10) | j)
    for j in forbidden:
        best[j] = far
    return best, prev


@dataclass(frozen=True, slots=True)
class Region:
    """What a marker with ``budget`` half points reaches from one hex of a map empty but for
    some enemy counters: the same in every game, so it is worked out once
    (:meth:`MapPaths.region`). A state reads its search from the region of the empty map
    when no enemy counter stands on a hex its paths enter (``prev``): the search with the
    counters is then the same step for step; else from the region with those enemies."""

    prev: dict[int, int]
    """The hex before each hex a path within the budget enters (may stop or not), on the
    best path (read only: shared)."""
    table: tuple[tuple[int, int], ...]
    """Where a move may end: (hex number, key), in the search's order."""
    moves: tuple[Move, ...]
    """The moves to those hexes, in the same order."""
    _without: dict[frozenset[int], tuple[tuple[tuple[int, int], ...], tuple[Move, ...]]] = \
        field(default_factory=dict, compare=False, repr=False)
    _where: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """Each stop's place in ``table`` (made on first use)."""

    def without(self, taken: frozenset[int]) -> tuple[tuple[tuple[int, int], ...],
                                                      tuple[Move, ...]]:
        """``table`` and ``moves`` without the hexes numbered ``taken`` (friendly counters
        stand there: a move passes, never stops), kept for the next time."""
        found = self._without.get(taken)
        if found is None:
            where = self._where
            if not where:
                where.update((j, n) for n, (j, _) in enumerate(self.table))
            gone = sorted((where[j] for j in taken if j in where), reverse=True)
            table, moves = list(self.table), list(self.moves)
            for n in gone:
                del table[n], moves[n]
            found = (tuple(table), tuple(moves))
            if len(self._without) >= WITHOUT_KEPT:
                self._without.clear()
            self._without[taken] = found
        return found


class Reach:
    """Where one marker may move in one state (:meth:`PwinchState.reach`): by hex number,
    in the search's order; ``out`` is the hex-keyed answer, made when first asked."""

    __slots__ = ("token", "marker", "start", "prev", "table", "moves", "out")

    def __init__(self, token: object, marker: Marker, start: int, prev: dict[int, int],
                 table: Sequence[tuple[int, int]], moves: Sequence[Move]) -> None:
        self.token, self.marker, self.start = token, marker, start
        self.prev, self.table, self.moves = prev, table, moves
        self.out: dict[Hex, tuple[int, int]] | None = None

    def key(self, j: int) -> int:
        """The key (16 x half points + river/property hexes entered) of a move's end."""
        return next(k for i, k in self.table if i == j)

    def reaches(self, j: int) -> bool:
        """Whether a path within the budget enters hex number ``j``."""
        return j in self.prev


_REGIONS: dict[tuple[MapPaths, int, int, frozenset[int]], Region] = {}
"""Every map's kept searches (:data:`REGIONS_KEPT` in all)."""


class MapPaths:
    """One map numbered for path finding, with what the set-up and the impulses list on it
    (made once per map by :func:`paths_of`)."""

    __slots__ = ("game_map", "graph", "hexes", "index", "adj", "stop", "moves", "_outlets",
                 "_places")

    def __init__(self, game_map: GameMap) -> None:
        t = game_map.terrain
        hexes = list(game_map.hexes())
        if len(hexes) > MAX_HEXES:
            raise ValueError(f"the {game_map.id} map has {len(hexes)} hexes; path finding "
                             f"packs a hex's number in 10 bits")
        index = {h: i for i, h in enumerate(hexes)}
        adj = [tuple((index[n], 16 * t[n].move_halves + int(t[n].entry_check))
                     for n in neighbours(h) if n in t) for h in hexes]
        self.game_map = game_map
        self.graph: Graph = (hexes, index, adj, [t[h].may_stop for h in hexes])
        """The numbered map as one value (what :meth:`PwinchWars.graph` gives bots)."""
        self.hexes, self.index, self.adj, self.stop = self.graph
        self.moves: tuple[Move, ...] = tuple(Move(h) for h in hexes)
        """The :class:`Move` to each hex by its number (legal actions list many)."""
        self._outlets: dict[tuple[str, ...], dict[Hex, tuple[Hex, ...]]] = {}
        self._places: dict[Zone, tuple[frozenset[Hex], dict[int, tuple[Place, ...]]]] = {}

    def region(self, start: int, budget: int,
               enemies: frozenset[int] = frozenset()) -> Region:
        """The :class:`Region` a marker reaches from hex number ``start`` with ``budget`` half
        points on the map empty but for enemy counters on the hexes numbered ``enemies``
        (paths never cross them), kept for every game (up to :data:`REGIONS_KEPT`)."""
        key = (self, start, budget, enemies)
        found = _REGIONS.get(key)
        if found is None:
            best, prev = search(self.adj, start, budget, enemies)
            stop, moves = self.stop, self.moves
            table = tuple([(j, best[j]) for j in prev if stop[j]])
            found = Region(prev, table, tuple([moves[j] for j, _ in table]))
            if len(_REGIONS) >= REGIONS_KEPT:
                _REGIONS.clear()  # made again when needed: memory stays bounded
            _REGIONS[key] = found
        return found

    def outlets_near(self, kinds: tuple[str, ...]) -> dict[Hex, tuple[Hex, ...]]:
        """The hexes of terrain ``kinds`` (water outlets: where a hose is screwed on and water
        balls filled) on or next to each hex, for the hexes that have any."""
        found = self._outlets.get(kinds)
        if found is None:
            game_map = self.game_map
            found = {}
            for h in self.hexes:
                near = tuple(n for n in (h, *neighbours(h))
                             if game_map.contains(n) and game_map.terrain_at(n).id in kinds)
                if near:
                    found[h] = near
            self._outlets[kinds] = found
        return found

    def places(self, zone: Zone) -> tuple[frozenset[Hex], dict[int, tuple[Place, ...]]]:
        """The hexes of ``zone`` where a counter may stop and, for each tray box, the
        :class:`Place` on each of them, row by row (set-up lists hundreds)."""
        found = self._places.get(zone)
        if found is None:
            game_map = self.game_map
            hexes = [h for h in zone.hexes(game_map) if game_map.terrain_at(h).may_stop]
            found = (frozenset(hexes),
                     {b: tuple(Place(b, h) for h in hexes) for b in range(1, TRAY_BOXES + 1)})
            self._places[zone] = found
        return found


_MAPS: dict[int, MapPaths] = {}


def paths_of(game_map: GameMap) -> MapPaths:
    """The :class:`MapPaths` of ``game_map``, made on first use and kept (by identity: two
    maps with the same cells may hold different terrain)."""
    found = _MAPS.get(id(game_map))
    if found is None or found.game_map is not game_map:
        found = _MAPS[id(game_map)] = MapPaths(game_map)
    return found


__all__ = ["MAX_HEXES", "REGIONS_KEPT", "WITHOUT_KEPT", "Graph", "MapPaths", "Reach", "Region",
           "paths_of", "search"]
