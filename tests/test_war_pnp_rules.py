"""W.A.R. – Powers 'n Points: the data file, its loader, and the seed's worked examples.

Each worked example of the seed is one test named after it (the golden tests)."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from printkit.engines.war_pnp import (
    RULES,
    SETUP,
    PowerKind,
    add_withering,
    bent_sums,
    box_points,
    can_trap,
    cancel_stops,
    cancel_withering,
    column_points,
    decay_rows,
    develop,
    game_over,
    grow_developments,
    parse_rules,
    rank,
    springs,
    steal_amount,
    undevelop,
)


def raw() -> dict[str, Any]:
    text = (resources.files("printkit.engines.war_pnp") / "data" / "rules.toml").read_text()
    return tomllib.loads(text)


# -- the seed's worked examples ------------------------------------------------------------


def test_grow_doubled_on_itself_ends_as_grow_3() -> None:
    row = develop((None,) * 6, SETUP)  # Grow (1)
    rank_at_roll = rank(row)
    own, gifts = grow_developments(RULES.power(PowerKind.GROW), rank_at_roll, activations=2)
    assert (own, gifts) == (2, 0)  # two activations of Grow (1), not Grow (1) then Grow (2)
    for _ in range(own):
        row = develop(row, 4)
    assert rank(row) == 3


def test_grow_option_iv_gives_three_and_opponent_two() -> None:
    assert RULES.power(PowerKind.GROW).grants(4) == (3, 2)


def test_steal_3_limited_to_9_while_gaining_15() -> None:
    five_nine = RULES.column_for_sum(1 + 4)
    gained = column_points(five_nine, 5)
    assert gained == 15
    assert steal_amount(five_nine, steal_rank=3, gained=gained, victim_score=50) == 9


def test_withering_7_cancelled_by_5_leaves_2() -> None:
    assert cancel_withering(7, 5) == 2


def test_withering_4_plus_5_is_9() -> None:
    assert add_withering(4, 5) == 9


def test_20_with_pu3_on_w9_gives_33() -> None:
    assert box_points(20, withering=9, multiplier=3) == 33


def test_w6_on_a_5_gives_0() -> None:
    assert box_points(5, withering=6) == 0


def test_25_with_pu4_gives_100() -> None:
    three_eleven = RULES.column_for_sum(11)
    assert three_eleven.value(5) == 25
    assert column_points(three_eleven, 5, multiplier=4) == 100


def test_trap_on_25_skipped_by_17_plus_10() -> None:
    assert not springs([25], 17 + 10)


def test_trap_on_25_sprung_by_17_plus_8() -> None:
    assert springs([25], 17 + 8)


def test_trap_on_25_sprung_by_losing_2_from_27() -> None:
    assert springs([25], 27 - 2)


# -- the other rules the seed states -------------------------------------------------------


def test_block_gives_nothing_even_with_a_multiplier() -> None:
    assert box_points(24, multiplier=2, blocked=True) == 0


def test_decay_lowers_the_box_and_floors_at_nothing() -> None:
    column = RULES.column_for_sum(4)
    assert column_points(column, 6, decay=1) == column.value(5)
    assert column_points(column, 3, decay=6) == 0


def test_decay_is_not_cumulative() -> None:
    assert decay_rows([2, 3, 2]) == 3
    assert decay_rows([]) == 0


def test_steal_never_exceeds_what_is_gained_or_what_the_victim_has() -> None:
    column = RULES.column_for_sum(7)
    assert steal_amount(column, 6, gained=4, victim_score=50) == 4
    assert steal_amount(column, 6, gained=23, victim_score=5) == 5


def test_cancel_stops_only_powers_with_as_many_or_fewer_active_boxes() -> None:
    three = (SETUP, 1, 2, None, None, None)
    assert cancel_stops(three, (SETUP, SETUP, SETUP, None, None, None))
    assert not cancel_stops(three, (SETUP, SETUP, SETUP, 4, None, None))


def test_cancel_counts_active_boxes_after_a_trap() -> None:
    # an un-developed low box keeps the rank but no longer counts as active
    target = undevelop((SETUP, 1, 2, 3, None, None), 1)
    assert rank(target) == 4
    assert cancel_stops((SETUP, 1, 2, None, None, None), target)


def test_development_refills_the_lowest_empty_box() -> None:
    assert develop(undevelop((SETUP, 1, 2, None, None, None), 2), 5) == (SETUP, 5, 2, None,
                                                                         None, None)
    with pytest.raises(ValueError, match="already developed"):
        develop((SETUP,) * 6, 3)


def test_bend_stays_within_the_dice_sums() -> None:
    assert bent_sums(RULES, 2, 1) == (2, 3)
    assert bent_sums(RULES, 7, 2) == (5, 6, 7, 8, 9)


def test_traps_only_on_the_score_track() -> None:
    assert can_trap(100, RULES.score_track_top) and not can_trap(101, RULES.score_track_top)


def test_the_game_ends_only_without_a_tie_at_the_top() -> None:
    assert not game_over([99, 40], 100)
    assert game_over([104, 40], 100)
    assert not game_over([104, 104, 3], 100)
    assert not game_over([30, 30], 100, round_limit_reached=True)


# -- the data file ---------------------------------------------------------------------------


def test_every_power_has_six_options_and_only_grow_is_from_the_seed() -> None:
    assert [p.kind for p in RULES.powers] == list(PowerKind)
    assert [p.number for p in RULES.powers] == list(range(1, 13))
    assert [k for k in PowerKind if k.extra] == [PowerKind.REROLL, PowerKind.POKE]
    for spec in RULES.powers:
        assert len(spec.options) == 6
        assert spec.designed == (spec.kind is not PowerKind.GROW)
    assert RULES.power(PowerKind.POWERUP).options == (2, 3, 4, 5, 6, 7)


def test_the_columns_cover_every_sum_once_and_hold_the_seed_values() -> None:
    sums = sorted(s for c in RULES.columns for s in c.sums)
    assert sums == list(range(2, 13))
    values = {v for c in RULES.columns for v in c.values}
    assert {5, 8, 10, 20, 25} <= values
    five_nine = RULES.column_for_sum(9)
    assert (five_nine.value(3), five_nine.value(5)) == (9, 15)


def test_the_columns_pay_alike_on_average() -> None:
    # Each column scored at box k brings between 0.5k and 0.7k points a roll (notes.md).
    for column in RULES.columns:
        for box in range(1, 7):
            assert 0.5 * box <= RULES.column_expectation(column, box) <= 0.7 * box, column.label


def test_a_bad_value_names_its_key() -> None:
    data = raw()
    data["designed_for_printkit"]["powers"]["steal"]["options"] = [1, 2, 3]
    with pytest.raises(ValueError, match=r"designed_for_printkit\.powers\.steal\.options"):
        parse_rules(data)


def test_a_power_given_twice_is_refused() -> None:
    data = raw()
    data["powers"]["steal"] = copy.deepcopy(data["designed_for_printkit"]["powers"]["steal"])
    with pytest.raises(ValueError, match="power 'steal' must be given exactly once"):
        parse_rules(data)


def test_a_column_that_contradicts_the_seed_is_refused() -> None:
    data = raw()
    data["designed_for_printkit"]["points_columns"][3]["values"] = [3, 6, 10, 12, 15, 18]
    with pytest.raises(ValueError, match=r"seed_boxes\[0\]"):
        parse_rules(data)


def test_a_missing_sum_is_refused() -> None:
    data = raw()
    del data["designed_for_printkit"]["points_columns"][5]
    with pytest.raises(ValueError, match="each dice sum once"):
        parse_rules(data)


def test_a_missing_number_names_its_key() -> None:
    data = raw()
    del data["win_score"]
    with pytest.raises(ValueError, match="'win_score' must be a whole number"):
        parse_rules(data)
