"""Pwinch Wars data: every file loads and fits the others, the seed's numbers and worked
examples hold, and each kind of mistake a person editing the files can make is reported
naming the file and the place."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from printkit.engines.pwinch_wars import (
    Ability,
    Colour,
    Effect,
    PwinchDataError,
    Side,
    load_data,
    rating,
)
from printkit.engines.pwinch_wars.cards import parse_deck
from printkit.engines.pwinch_wars.equipment import parse_equipment
from printkit.engines.pwinch_wars.loading import data_text
from printkit.engines.pwinch_wars.maps import parse_map, parts_needed
from printkit.engines.pwinch_wars.roster import parse_roster
from printkit.engines.pwinch_wars.scenarios import (
    TRAY_BOXES,
    Scenario,
    parse_scenario,
    parse_turns,
)
from printkit.engines.pwinch_wars.terrain import parse_chart, parse_terrains

DATA = load_data()


# -- the whole bundle ---------------------------------------------------------------------------

def test_everything_loads_and_cross_checks() -> None:
    assert sorted(DATA.maps) == ["city", "forest"]
    assert len(DATA.scenarios) >= 5


# -- roster -------------------------------------------------------------------------------------

def test_the_roster_has_twenty_or_more_pwinchers_with_values_from_1_to_9() -> None:
    chars = DATA.roster.characters
    assert len(chars) >= 20
    for c in chars:
        for value in (c.fire, c.moral_blue, c.moral_red, c.sneak, c.move):
            assert 1 <= value <= 9, c
        assert c.moral_red <= c.moral_blue
    for ability in Ability:
        assert sum(c.has(ability) for c in chars) >= 2, ability  # X needs two to matter


def test_jack_and_bud_fit_the_seeds_worked_examples() -> None:
    chart, items = DATA.chart, DATA.equipment
    jack, bud = DATA.roster.get("jack"), DATA.roster.get("bud")
    assert (jack.fire, jack.sneak, bud.moral(Side.BLUE)) == (6, 6, 3)
    # the fire example adds exactly these; a sniper Jack or a taunting Bud would change it
    assert not jack.has(Ability.SNIPER) and not bud.has(Ability.TAUNT)
    fire = (jack.fire + items.get("heavy_sling").fire + chart.modifiers.not_moved_fire
            + chart.modifiers.adjacent_fire + chart.terrain("forest").fire
            + items.get("shield").enemy_fire)
    assert fire == 7 and 5 <= fire  # Jack rolls 5: a hit
    # the moral example: 3 - 1 + 1 + 1 = 4; a frustrated Jack would make it 3
    assert not jack.has(Ability.FRUSTRATION)
    moral = (bud.moral(Side.BLUE) + items.get("heavy_sling").target_moral
             + items.get("shield").moral + items.get("helmet").moral)
    assert moral == 4 and 5 > moral  # Bud rolls 5: he fails and turns red
    # the sneak example: camo +1, grass -1, not moved -3. The seed's sum leaves the grass out
    # (4); with it the skill is 3, and Jack's roll of 3 hides him either way (notes.md).
    sneak = (jack.sneak + items.get("camo").sneak + chart.terrain("grass").sneak
             + chart.modifiers.not_moved_sneak)
    assert sneak == 3 and 3 <= sneak


def test_the_roster_is_balanced_some_good_some_not() -> None:
    ratings = sorted(rating(c) for c in DATA.roster.characters)
    mean = sum(ratings) / len(ratings)
    assert 26 <= mean <= 30
    assert ratings[0] <= mean - 4 and ratings[-1] >= mean + 2  # weak ones and strong ones
    strong = sum(r >= 30 for r in ratings)
    weak = sum(r <= 26 for r in ratings)
    assert strong >= 4 and weak >= 4


@pytest.mark.parametrize(("line", "message"), [
    ("ann,Ann,12,5,3,6,4,,true,", "characters.csv line 2 (ann): 'fire' must be a whole number "
                                  "from 1 to 9, got '12'"),
    ("ann,Ann,5,3,5,6,4,,true,", "'moral_red' (5) must not be above 'moral_blue' (3)"),
    ("ann,Ann,5,5,3,6,4,Q,true,", "'special' letter 'Q' is not an ability"),
    ("ann,Ann,5,5,3,6,4,SS,true,", "'special' repeats a letter"),
    ("Ann,Ann,5,5,3,6,4,,true,", "'id' must be lower-case"),
])
def test_a_bad_roster_line_is_named(line: str, message: str) -> None:
    header = "id,name,fire,moral_blue,moral_red,sneak,move,special,designed,from_seed\n"
    with pytest.raises(PwinchDataError) as err:
        parse_roster(header + line + "\n")
    assert message in str(err.value)


def test_a_duplicate_id_names_both_lines() -> None:
    header = "id,name,fire,moral_blue,moral_red,sneak,move,special,designed,from_seed\n"
    row = "ann,Ann,5,5,3,6,4,,true,\n"
    with pytest.raises(PwinchDataError, match="line 3 .*already used on line 2"):
        parse_roster(header + row + row)


# -- equipment ----------------------------------------------------------------------------------

def test_the_seeds_equipment_numbers() -> None:
    items = DATA.equipment
    expect = {  # range, fire, target moral, uses
        "sling": (4, 0, 0, 0), "heavy_sling": (5, 1, -1, 0), "fruits": (3, -1, -2, 3),
        "water_balls": (2, -2, -3, 2), "fireworks": (8, -1, -4, 2), "hose": (3, 1, -3, 0),
    }
    for item_id, numbers in expect.items():
        item = items.get(item_id)
        assert (item.range, item.fire, item.target_moral, item.uses) == numbers, item_id
    assert items.get("fruits").refill == "pick_fruit"
    assert items.get("water_balls").refill == "fill_water"
    assert items.get("fireworks").refill is None
    assert (items.get("hose").setup, items.get("hose").tether) == ("place_hose", 1)
    assert (items.get("helmet").moral, items.get("shield").moral,
            items.get("shield").enemy_fire) == (1, 1, -1)
    assert items.get("camo").sneak == 1
    walkie = items.get("walkie")
    assert (walkie.sneak, walkie.crossfire_fire, walkie.crossfire_moral) == (-1, 1, -2)
    assert items.get("sling").counters == 0  # built in
    assert items.get("fireworks").reaches(8) and not items.get("fireworks").reaches(9)


def test_an_equipment_mistake_is_named() -> None:
    text = data_text("equipment.csv").replace("fireworks,Fireworks,weapon,8",
                                              "fireworks,Fireworks,weapon,0")
    with pytest.raises(PwinchDataError, match=r"equipment.csv line \d+ \(fireworks\): a weapon"):
        parse_equipment(text)


# -- terrain chart ------------------------------------------------------------------------------

def test_the_terrain_chart() -> None:
    chart = DATA.chart
    assert set(chart.terrain_ids) == {"grass", "forest", "clearing", "river", "boulevard",
                                      "building", "restricted", "fruit_tree", "water_outlet"}
    assert {t.move_cost for t in chart.terrains} == {Fraction(1, 2), Fraction(1), Fraction(2)}
    assert {t.id for t in chart.terrains if t.blocks_sight} == {"forest", "building",
                                                                "water_outlet"}
    assert not chart.terrain("boulevard").may_stop
    assert chart.terrain("river").entry_check and chart.terrain("restricted").entry_check
    assert (chart.terrain("forest").fire, chart.terrain("grass").sneak) == (-1, -1)
    costs = {a.id: a.cost for a in chart.actions}
    assert {k: costs[k] for k in ("pick_fruit", "fill_water", "place_hose", "scouting")} == {
        "pick_fruit": 2, "fill_water": 2, "place_hose": 2, "scouting": 2}
    scouting = chart.action("scouting")
    assert (scouting.target_sneak, scouting.own_fire) == (-4, -2)
    m = chart.modifiers
    assert (m.not_moved_fire, m.adjacent_fire, m.night_fire, m.night_sneak) == (1, 1, -1, 1)
    assert chart.abilities.sniper_not_moved_fire == 1
    assert chart.abilities.fighting_reach == 2
    assert (chart.always_succeeds, chart.always_fails, chart.dice_faces) == (1, 10, 10)


def test_a_terrain_mistake_is_named() -> None:
    text = data_text("terrain.csv").replace("forest,Forest,2,", "forest,Forest,3,")
    with pytest.raises(PwinchDataError, match=r"terrain.csv line \d+ \(forest\): 'move_cost'"):
        parse_terrains(text)
    raw = tomllib.loads(data_text("terrain.toml"))
    raw["designed_for_printkit"]["modifiers"] = {"night_fire": -2}
    with pytest.raises(PwinchDataError, match="'modifiers.night_fire' is both"):
        parse_chart(raw, DATA.chart.terrains)


# -- event cards --------------------------------------------------------------------------------

def test_the_deck() -> None:
    cards = DATA.deck.cards
    assert len(cards) >= 27
    assert {c.colour for c in cards} == {Colour.BLUE, Colour.RED}
    assert any(c.eye for c in cards) and any(c.city_only for c in cards)
    assert all(c.colour is Colour.RED for c in cards if c.eye)
    assert all(c.text and c.title for c in cards)
    forest = DATA.deck.for_map("forest")
    assert not any(c.city_only for c in forest) and len(forest) < len(cards)
    # each of fire, moral and sneak has a bonus card and a penalty card
    for effect in (Effect.FIRE_MOD, Effect.MORAL_MOD, Effect.SNEAK_MOD):
        assert {c.colour for c in cards if c.effect is effect} == {Colour.BLUE, Colour.RED}
    assert len({c.title for c in cards}) == len(cards)


@pytest.mark.parametrize(("change", "message"), [
    (("steady_aim,Steady Aim,blue,false", "steady_aim,Steady Aim,blue,true"),
     "only a red card carries the eye"),
    (("fire_mod,1,self,fire", "fire_mod,1,enemy,fire"), "a blue card targets"),
    (("fire_mod,2,self,fire", "fire_mod,2,self,moral"), "is played at 'fire'"),
    (("reveal,0,enemy,any,,true\nbarking", "dance,0,enemy,any,,true\nbarking"),
     "'effect' must be one of"),
])
def test_a_card_mistake_is_named(change: tuple[str, str], message: str) -> None:
    text = data_text("events.csv").replace(*change, 1)
    with pytest.raises(PwinchDataError, match=r"events.csv line \d+ \(") as err:
        parse_deck(text)
    assert message in str(err.value)


# -- maps ---------------------------------------------------------------------------------------

def test_the_maps_have_their_features_and_print_as_six_parts() -> None:
    forest, city = DATA.maps["forest"], DATA.maps["city"]
    for m in (forest, city):
        width, height = m.size_mm
        assert parts_needed(width, height) == (3, 2) == m.parts
        assert 22 <= m.hex_flat_mm <= 25
        assert m.hexes_of("fruit_tree")
    assert {"forest", "clearing", "river", "fruit_tree"} <= set(forest.cells)
    assert {"building", "water_outlet", "boulevard", "river", "restricted"} <= set(city.cells)
    # the river runs along the south edge of the city map
    bottom = city.cells[-city.columns:]
    assert sum(t == "river" for t in bottom) > city.columns // 2
    assert city.outline("restricted")  # the red line the printer draws


def test_a_map_file_round_trips() -> None:
    for map_id, m in DATA.maps.items():
        assert m.to_text() in data_text("maps", f"{map_id}.txt")


def _forest_with(row: int, new_line: str) -> str:
    text = data_text("maps", "forest.txt")
    head, grid = text.split("\n---\n")
    lines = grid.splitlines()
    lines[row - 1] = new_line
    return head + "\n---\n" + "\n".join(lines) + "\n"


def _grid_line(text: str, row: int) -> str:
    return text.split("\n---\n")[1].splitlines()[row - 1]


def test_a_bad_map_cell_names_its_row_and_column() -> None:
    original = data_text("maps", "forest.txt")
    row7 = _grid_line(original, 7)
    cells = row7.split(" ")
    cells[11] = "q"  # column 12 (row 7 is not indented)
    with pytest.raises(PwinchDataError) as err:
        parse_map(_forest_with(7, " ".join(cells)), "forest.txt", DATA.chart)
    assert str(err.value).startswith("forest.txt row 7, column 12: 'q' is not a terrain letter "
                                     "(legend: . grass, F forest, o clearing")


@pytest.mark.parametrize(("row", "change", "message"), [
    (8, lambda s: s.lstrip(), "row 8 must start with 1 space(s)"),
    (3, lambda s: s + " F", "row 3 has 22 hexes, the header says 21 columns"),
    (5, lambda s: s.replace(" ", "", 1), "row 5, after column 1: hexes are one character"),
])
def test_a_misshapen_map_row_is_named(row: int, change: Callable[[str], str],
                                      message: str) -> None:
    text = _forest_with(row, change(_grid_line(data_text("maps", "forest.txt"), row)))
    with pytest.raises(PwinchDataError) as err:
        parse_map(text, "forest.txt", DATA.chart)
    assert message in str(err.value)


def test_a_map_lacking_a_required_feature_or_split_property_fails() -> None:
    text = data_text("maps", "forest.txt")
    head, grid = text.split("\n---\n")
    with pytest.raises(PwinchDataError, match="forest.txt: the map has no fruit_tree hex"):
        parse_map(head + "\n---\n" + grid.replace("A", "o"), "forest.txt", DATA.chart)
    city = data_text("maps", "city.txt")
    head, grid = city.split("\n---\n")
    lines = grid.splitlines()
    cells = lines[0].split(" ")
    cells[2] = "r"
    lines[0] = " ".join(cells)
    with pytest.raises(PwinchDataError, match="row 1, column 3: restricted property apart"):
        parse_map(head + "\n---\n" + "\n".join(lines) + "\n", "city.txt", DATA.chart)


def test_a_map_too_big_for_its_parts_fails() -> None:
    text = data_text("maps", "forest.txt").replace("parts = [3, 2]", "parts = [2, 2]")
    with pytest.raises(PwinchDataError, match="needs 3 x 2 sheets, the header says 2 x 2"):
        parse_map(text, "forest.txt", DATA.chart)


# -- turn chart and scenarios -------------------------------------------------------------------

def test_the_turn_chart() -> None:
    turns = DATA.turns
    assert turns.turns == len(turns.clock)
    assert turns.night and turns.bed and max(turns.bed) == turns.turns
    assert turns.bed <= turns.night  # bedtime comes after dark
    with pytest.raises(PwinchDataError, match="'night' must run without a gap"):
        parse_turns({"designed_for_printkit": {"turns": 3, "night": [2], "bed": [],
                                               "clock": ["a", "b", "c"]}})


def test_the_scenarios_cover_the_issues_kinds() -> None:
    s = DATA.scenarios
    assert any(x.players == 2 and x.map == "forest" for x in s.values())
    assert any(x.players == 2 and x.map == "city" for x in s.values())
    assert any(x.players == 3 for x in s.values())
    assert any(x.victory.hold == "fruit_tree" for x in s.values())
    assert any(x.victory.flag for x in s.values())
    for x in s.values():
        assert len(x.teams) == x.players
        assert x.turn_limit <= DATA.turns.turns
        for team in x.teams:
            assert team.size + team.dummies <= TRAY_BOXES
            assert team.setup.hexes(DATA.maps[x.map])


def test_fixed_teams_are_even() -> None:
    for scenario in DATA.scenarios.values():
        fixed = [t for t in scenario.teams if t.characters]
        if len(fixed) > 1:
            totals = [sum(rating(DATA.roster.get(c)) for c in t.characters) for t in fixed]
            assert max(totals) - min(totals) <= 3, scenario.id


def _scenario(name: str = "pepin_street") -> dict[str, Any]:
    return tomllib.loads(data_text("scenarios", f"{name}.toml"))


def _parse(raw: dict[str, Any], source: str = "pepin_street.toml") -> Scenario:
    return parse_scenario(raw, source, roster=DATA.roster, equipment=DATA.equipment,
                          maps=DATA.maps, turns=DATA.turns)


def test_a_scenario_naming_an_unknown_character_fails_clearly() -> None:
    raw = _scenario()
    raw["designed_for_printkit"]["teams"][0]["characters"][1] = "batman"
    with pytest.raises(PwinchDataError) as err:
        _parse(raw)
    assert str(err.value) == ("pepin_street.toml: 'teams[1].characters' names an unknown "
                              "character 'batman' (characters.csv has no such id)")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda r: r.update(map="moon"), "'map' names an unknown map 'moon'"),
    (lambda r: r["designed_for_printkit"]["teams"][1].update(
        setup={"rows": [20, 23], "columns": [1, 21]}),
     "'teams[2].setup.rows' [20, 23] is not inside the city map (it has 22 rows"),
    (lambda r: r["designed_for_printkit"]["teams"][1]["characters"].append("jack"),
     "'teams[2].characters': 'jack' is already in teams[1]"),
    (lambda r: r["designed_for_printkit"]["teams"][0]["equipment"].update(fireworks=3),
     "the teams get 4 fireworks counters, the counter sheets print 3"),
    (lambda r: r["designed_for_printkit"]["teams"][0]["equipment"].update(sling=1),
     "names 'sling', which is not an item with counters"),
    (lambda r: r["designed_for_printkit"].update(turn_limit=13),
     "'designed_for_printkit.turn_limit' must be a whole number from 1 to 12"),
    (lambda r: r["designed_for_printkit"]["teams"][1].update(
        setup={"rows": [3, 5], "columns": [1, 21]}), "overlaps the zone of teams[1]"),
    (lambda r: r["designed_for_printkit"]["teams"][1].update(dummies=4),
     "has 7 characters and 4 dummies; a team tray has 10 boxes"),
])
def test_a_scenario_mistake_is_named(edit: Callable[[dict[str, Any]], object],
                                     message: str) -> None:
    raw = _scenario()
    edit(raw)
    with pytest.raises(PwinchDataError) as err:
        _parse(raw)
    assert message in str(err.value)


def test_choosing_characters_the_seeds_three_ways() -> None:
    """Fixed teams (Pepin Street), the aligned draft (the default) and the bowl (the apple
    tree); a wrong or pointless ``choose`` is named."""
    ways = {s.id: (s.choose.value, bool(s.teams[0].characters))
            for s in DATA.scenarios.values()}
    assert ways["pepin_street"] == ("draft", True)
    assert ways["forest_skirmish"] == ("draft", False)
    assert ways["fruit_tree"] == ("bowl", False)
    raw = _scenario("fruit_tree")
    raw["designed_for_printkit"]["choose"] = "hat"
    with pytest.raises(PwinchDataError, match="'designed_for_printkit.choose' must be one of "
                                              "draft, bowl, got 'hat'"):
        _parse(raw, "fruit_tree.toml")
    raw = _scenario()
    raw["designed_for_printkit"]["choose"] = "bowl"
    with pytest.raises(PwinchDataError, match="needs a team with 'draft'"):
        _parse(raw)
