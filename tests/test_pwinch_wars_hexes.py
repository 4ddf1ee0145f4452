"""Pwinch Wars hex geometry: coordinates, distance, rings, the print layout, and the seed's line
of sight, with golden cases for the ruler along an edge, clipped corners and the end hexes."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.engines.pwinch_wars.hexes import (
    DIRECTIONS,
    Hex,
    Layout,
    SightGrid,
    distance,
    hex_to_offset,
    label,
    line,
    line_of_sight,
    neighbours,
    offset_to_hex,
    ring,
    sight_pattern,
    within,
)
from printkit.engines.pwinch_wars.maps import load_map

coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(st.integers(0, 60), st.integers(-5, 60))
def test_offset_and_axial_round_trip(col: int, row: int) -> None:
    h = offset_to_hex(col, row)
    assert hex_to_offset(h) == (col, row)
    assert h.r == row


@given(hexes)
def test_neighbours_are_six_distinct_hexes_at_distance_one(h: Hex) -> None:
    found = neighbours(h)
    assert len(set(found)) == 6
    assert all(distance(h, n) == 1 for n in found)


@given(hexes, st.integers(0, 6))
def test_rings_and_ranges_have_the_right_sizes(h: Hex, k: int) -> None:
    assert len(set(ring(h, k))) == (6 * k if k else 1)
    assert all(distance(h, x) == k for x in ring(h, k))
    area = within(h, k)
    assert len(set(area)) == 3 * k * (k + 1) + 1
    assert all(distance(h, x) <= k for x in area)


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_a_drawn_line_is_a_chain_of_neighbours(a: Hex, b: Hex, nudge: int) -> None:
    drawn = line(a, b, nudge)
    assert drawn[0] == a and drawn[-1] == b
    assert len(drawn) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(drawn, drawn[1:], strict=False))


def test_offset_rows_are_shoved_right_on_odd_rows() -> None:
    # row 2 as printed (index 1) starts half a hex to the right of row 1
    lay = Layout(25.0)
    x0, _ = lay.centre(offset_to_hex(0, 0))
    x1, _ = lay.centre(offset_to_hex(0, 1))
    assert x1 - x0 == pytest.approx(12.5)
    # the six neighbours of an odd-row hex, in offset terms
    h = offset_to_hex(3, 1)
    assert sorted(hex_to_offset(n) for n in neighbours(h)) == sorted(
        [(4, 1), (2, 1), (3, 0), (4, 0), (3, 2), (4, 2)])
    assert label(h) == "row 2, column 4"


@given(st.integers(0, 20), st.integers(0, 21))
def test_the_layout_finds_the_hex_under_its_centre_and_corners_are_a_side_away(col: int,
                                                                             row: int) -> None:
    lay = Layout(24.0)
    h = offset_to_hex(col, row)
    x, y = lay.centre(h)
    assert lay.hex_at(x, y) == h
    for cx, cy in lay.corners(h):
        assert math.hypot(cx - x, cy - y) == pytest.approx(lay.radius_mm)
    # neighbours' centres are one flat-to-flat width apart
    for n in neighbours(h):
        nx, ny = lay.centre(n)
        assert math.hypot(nx - x, ny - y) == pytest.approx(24.0)


@given(hexes, st.integers(0, 5))
def test_an_edge_lies_halfway_between_the_two_centres(h: Hex, direction: int) -> None:
    lay = Layout(25.0)
    (x1, y1), (x2, y2) = lay.edge(h, direction)
    cx, cy = lay.centre(h)
    nx, ny = lay.centre(h + DIRECTIONS[direction])
    assert (x1 + x2) / 2 == pytest.approx((cx + nx) / 2)
    assert (y1 + y2) / 2 == pytest.approx((cy + ny) / 2)
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(lay.radius_mm)


def test_a_range_counts_the_targets_hex() -> None:
    # the seed: count the hexes between shooter and target, including the target's
    a = offset_to_hex(5, 5)
    assert distance(a, offset_to_hex(6, 5)) == 1  # adjacent: range 1
    assert distance(a, offset_to_hex(8, 5)) == 3  # two hexes between, plus the target


# -- line of sight golden cases -----------------------------------------------------------------

def grid(*blocking: tuple[int, int], columns: int = 9, rows: int = 9) -> SightGrid:
    return SightGrid(columns, rows, blocking)


def los(g: SightGrid, a: tuple[int, int], b: tuple[int, int]) -> bool:
    return line_of_sight(g, offset_to_hex(*a), offset_to_hex(*b))


def test_a_blocking_hex_between_cuts_the_sight_and_the_end_hexes_never_do() -> None:
    assert los(grid(), (0, 0), (6, 0))
    assert not los(grid((3, 0)), (0, 0), (6, 0))
    assert los(grid((0, 0)), (0, 0), (6, 0))  # the shooter stands in a wood
    assert los(grid((6, 0)), (0, 0), (6, 0))  # the target stands in a wood
    assert los(grid((1, 0)), (0, 0), (1, 0))  # adjacent: nothing between
    assert los(grid((3, 1)), (0, 0), (6, 0))  # beside the line, not on it


def test_the_ruler_along_an_edge_is_cut_only_when_both_sides_block() -> None:
    # same column, two rows apart: the ruler runs exactly along the edge between the two hexes
    # of the row between (columns 4 and 5 of printed row 4, 0-based (3, 3) and (4, 3))
    a, b = (4, 4), (4, 2)
    step = offset_to_hex(*b) - offset_to_hex(*a)
    assert sight_pattern(step.q, step.r).crossed == ()
    assert los(grid((3, 3)), a, b)
    assert los(grid((4, 3)), a, b)
    assert not los(grid((3, 3), (4, 3)), a, b)
    # the same for the six diagonal directions around a hex
    centre = offset_to_hex(4, 4)
    for step in (Hex(1, 1), Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2)):
        pattern = sight_pattern(step.q, step.r)
        assert pattern.crossed == ()
        ((x, y),) = pattern.edges
        assert distance(x, y) == 1 and distance(Hex(0, 0), x) == distance(Hex(0, 0), y) == 1
        one = hex_to_offset(centre + x)
        two = hex_to_offset(centre + y)
        target = hex_to_offset(centre + step)
        assert los(grid(one), (4, 4), target)
        assert los(grid(two), (4, 4), target)
        assert not los(grid(one, two), (4, 4), target)


def test_each_edge_is_judged_on_its_own() -> None:
    # a longer ruler along edges: rows 4 and 2 between (4, 4) and (4, 0) are crossed on edges,
    # row 3's hex (4, 2) through its middle
    a, b = (4, 4), (4, 0)
    assert not los(grid((4, 2)), a, b)
    assert los(grid((3, 3), (4, 1)), a, b)  # one side of each edge blocks: it slides past
    assert not los(grid((3, 1), (4, 1)), a, b)


def test_a_clipped_corner_cuts_the_sight_though_a_sampled_line_misses_it() -> None:
    d = Hex(7, 2)
    pattern = sight_pattern(d.q, d.r)
    drawn = set(line(Hex(0, 0), d, 1)) | set(line(Hex(0, 0), d, -1))
    clipped = [h for h in pattern.crossed if h not in drawn]
    assert clipped, "the ruler to (7, 2) clips corners the sampled line skips"
    start = offset_to_hex(1, 1)
    g = SightGrid(12, 6, [hex_to_offset(start + clipped[0])])
    assert not line_of_sight(g, start, start + d)
    assert line_of_sight(SightGrid(12, 6, []), start, start + d)


S3 = math.sqrt(3.0)


def _hex_of_point(x: float, y: float) -> Hex:
    """The hex under a point in units where neighbouring centres are sqrt(3) apart."""
    return Layout(S3).hex_at(x + S3 / 2, y + 1.0)


@settings(max_examples=300)
@given(st.integers(-12, 12), st.integers(-12, 12), st.floats(0.001, 0.999))
def test_every_point_of_the_ruler_lies_in_a_hex_the_pattern_names(dq: int, dr: int,
                                                                  t: float) -> None:
    d = Hex(dq, dr)
    pattern = sight_pattern(dq, dr)
    x, y = S3 * (d.q + d.r / 2) * t, 1.5 * d.r * t
    named = {Hex(0, 0), d, *pattern.crossed, *(h for pair in pattern.edges for h in pair)}
    # a point on an edge or a corner lies in every hex that meets there (the one hex_at
    # picks is arbitrary): some hex holding it must be named
    eps = 1e-7
    holding = {_hex_of_point(x + ex, y + ey)
               for ex, ey in ((0, 0), (eps, 0), (-eps, 0), (0, eps), (0, -eps),
                              (eps, eps), (-eps, -eps), (eps, -eps), (-eps, eps))}
    assert holding & named


def test_every_crossed_hex_really_holds_part_of_the_ruler() -> None:
    for dq in range(-8, 9):
        for dr in range(-8, 9):
            d = Hex(dq, dr)
            pattern = sight_pattern(dq, dr)
            points = [(S3 * (d.q + d.r / 2) * i / 4000, 1.5 * d.r * i / 4000)
                      for i in range(4001)]
            seen = {_hex_of_point(x, y) for x, y in points}
            assert set(pattern.crossed) <= seen, d


@settings(max_examples=200)
@given(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 9)), max_size=40),
       st.tuples(st.integers(0, 10), st.integers(0, 9)),
       st.tuples(st.integers(0, 10), st.integers(0, 9)))
def test_line_of_sight_is_symmetric(blocking: list[tuple[int, int]], a: tuple[int, int],
                                    b: tuple[int, int]) -> None:
    g = SightGrid(11, 10, blocking)
    assert los(g, a, b) == los(g, b, a)


def test_line_of_sight_needs_both_hexes_on_the_map() -> None:
    with pytest.raises(ValueError, match="on the map"):
        line_of_sight(grid(), offset_to_hex(0, 0), offset_to_hex(12, 0))


def test_a_real_map_blocks_by_forest_and_buildings_only() -> None:
    city = load_map("city")
    blocking = {h for h in city.hexes() if city.terrain_at(h).blocks_sight}
    assert {city.terrain_at(h).id for h in blocking} == {"building", "water_outlet", "forest"}
    # along Pepin Street (row 4) the whole street is open, boulevard included
    assert city.line_of_sight(city.hex_at(4, 1), city.hex_at(4, 21))
    # row 3 to row 1 in column 6: the ruler runs along the edge between row 2's columns 5
    # and 6 (a water outlet and a house): both block, so it is cut. In column 5 it runs
    # between row 2's columns 4 (grass) and 5 (the outlet): one side open, so it is clear.
    assert city.terrain_at(city.hex_at(2, 5)).blocks_sight
    assert city.terrain_at(city.hex_at(2, 6)).blocks_sight
    assert not city.line_of_sight(city.hex_at(3, 6), city.hex_at(1, 6))
    assert not city.terrain_at(city.hex_at(2, 4)).blocks_sight
    assert city.line_of_sight(city.hex_at(3, 5), city.hex_at(1, 5))


def test_directions_are_the_six_unit_steps() -> None:
    assert {distance(Hex(0, 0), d) for d in DIRECTIONS} == {1}
    assert len(set(DIRECTIONS)) == 6
