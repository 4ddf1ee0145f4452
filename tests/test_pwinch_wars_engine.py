"""Pwinch Wars turn engine: the seed's worked examples (golden), the rules one by one,
hidden information in ``view``, legality, and the conformance check of every game
(tests/test_conformance.py) over every scenario, both sizes of game and more seeds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import overload

import pytest

from printkit.engines.core import (
    CHANCE,
    Choice,
    IllegalActionError,
    parse_log,
    play,
    replay,
)
from printkit.engines.core.conformance import check_game
from printkit.engines.core.log import GameLog
from printkit.engines.core.runner import PlayedGame
from printkit.engines.pwinch_wars.actions import (
    Action,
    Activate,
    End,
    Fire,
    Marker,
    Move,
    Pass,
    PlayCard,
    Scout,
    Special,
    action_from_json,
    action_to_json,
    hex_code,
    hex_from_code,
)
from printkit.engines.pwinch_wars.data import load_data
from printkit.engines.pwinch_wars.game import PwinchState, PwinchWars, position
from printkit.engines.pwinch_wars.hexes import Hex, neighbours
from printkit.engines.pwinch_wars.maps import GameMap
from printkit.engines.pwinch_wars.phases import Phase, RollKind
from printkit.engines.pwinch_wars.roster import Side
from printkit.engines.pwinch_wars.rules_fire import fire_skill, moral_skill, sneak_skill
from printkit.engines.pwinch_wars.state import Piece

DATA = load_data()
GAME = PwinchWars()
FOREST = DATA.maps["forest"]
CITY = DATA.maps["city"]


@overload
def _find(game_map: GameMap, terrain: str) -> Hex: ...


@overload
def _find(game_map: GameMap, terrain: str, around: str,
          where: Callable[[Hex, Hex], bool] | None = None) -> tuple[Hex, Hex]: ...


def _find(game_map: GameMap, terrain: str, around: str | None = None,
          where: Callable[[Hex, Hex], bool] | None = None) -> Hex | tuple[Hex, Hex]:
    """The first hex of ``terrain`` (with a neighbour of ``around``, if given)."""
    for h in game_map.hexes():
        if game_map.terrain_at(h).id != terrain:
            continue
        if around is None:
            return h
        for n in neighbours(h):
            if game_map.contains(n) and game_map.terrain_at(n).id == around and (
                    where is None or where(h, n)):
                return h, n
    raise LookupError(terrain)


def _roll(state: PwinchState, face: int) -> None:
    assert state.current_player() == CHANCE
    state.apply((face,))


# -- golden: the seed's worked examples --------------------------------------------------


def test_seed_fire_example_jack_on_bud() -> None:
    """Jack (fire 6), heavy sling +1, not moved +1, adjacent +1, Bud in forest -1, Bud's
    shield -1: 6 becomes 7, a 5 hits."""
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), ["heavy_sling"]),
                                     (1, "bud", hex_code(forest), ["shield", "helmet"])])
    s.apply(Activate(1))
    s.apply(Fire(Marker(1, 1), "heavy_sling"))
    fired = next(e for e in s.events if e["event"] == "fire")
    assert fired["skill"]["base"] == 6 and fired["skill"]["total"] == 7
    _roll(s, 5)
    rolled = next(e for e in s.events if e["event"] == "fire roll")
    assert rolled["success"] and rolled["roll"] == 5 and rolled["skill"]["total"] == 7
    # Bud's moral check: 3, heavy sling -1, shield +1, helmet +1 = 4; a 5 fails: red.
    roll = s.rolls[0]
    assert roll.kind == "moral" and roll.skill is not None and roll.skill.total == 4
    _roll(s, 5)
    bud = s.pieces[Marker(1, 1)]
    assert bud.side is Side.RED and bud.on_map
    assert any(e["event"] == "red" for e in s.events)


def test_seed_moral_example_sum() -> None:
    bud = DATA.roster.get("bud")
    eq = DATA.equipment
    m = moral_skill(bud, Side.BLUE, items=[eq.get("shield"), eq.get("helmet")],
                    weapon=eq.get("heavy_sling"))
    assert m.total == 4


def test_seed_sneak_example_jack_hides() -> None:
    """Jack fired and hides again: sneak 6, camo +1, grass -1, not moved -3; the seed writes
    4 (leaving grass out), all listed modifiers give 3; a 3 hides him either way."""
    jack = DATA.roster.get("jack")
    m = sneak_skill(DATA.chart, jack, terrain=DATA.chart.terrain("grass"),
                    items=[DATA.equipment.get("camo")], moved=False)
    assert m.total == 3
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), ["heavy_sling", "camo"]),
                                     (1, "bud", hex_code(forest), ["shield", "helmet"])])
    s.apply(Activate(1))
    s.apply(Fire(Marker(1, 1), "heavy_sling"))
    _roll(s, 9)  # a miss
    s.apply(End(hide=True))
    skill = s.rolls[0].skill
    assert s.rolls[0].kind == "sneak" and skill is not None and skill.total == 3
    _roll(s, 3)
    assert s.pieces[Marker(0, 1)].hidden


def test_seed_fire_sum_pure() -> None:
    jack = DATA.roster.get("jack")
    f = fire_skill(DATA.chart, jack, DATA.equipment.get("heavy_sling"), distance=1,
                   moved=False, target_terrain=DATA.chart.terrain("forest"),
                   target_items=[DATA.equipment.get("shield")])
    assert f.total == 7


def _played_log(played: PlayedGame[PwinchState, Action]) -> GameLog:
    """The log of a game played with ``record`` on (the default)."""
    assert played.log is not None
    return played.log


def _hose_setup(move_points: int) -> tuple[PwinchState, Piece, Hex, Hex]:
    """A character by a grass hex next to a water outlet, with a hose."""
    outlet, grass = _find(CITY, "water_outlet", around="grass")
    start = next(n for n in neighbours(grass) if CITY.contains(n) and n != outlet
                 and CITY.terrain_at(n).id == "grass" and outlet not in neighbours(n))
    s = position("pepin_street", [(0, "oscar", hex_code(start), ["hose"]),
                                  (1, "bud", "2201", [])])
    p = s.pieces[Marker(0, 1)]
    s.apply(Activate(1))
    assert p.char is not None
    p.move_bonus = move_points - p.char.move
    return s, p, grass, outlet


def test_seed_hose_example_two_points_is_not_enough() -> None:
    s, p, grass, outlet = _hose_setup(2)
    s.apply(Move(grass))
    assert p.spent == 2
    with pytest.raises(IllegalActionError, match="needs 2 movement points"):
        s.apply(Special("place_hose", at=outlet))


def test_seed_hose_example_three_points_work_and_the_leash() -> None:
    s, p, grass, outlet = _hose_setup(3)
    s.apply(Move(grass))
    s.apply(Special("place_hose", at=outlet))
    assert p.hose_at == outlet and "hose" in s.weapons(p)
    s.apply(End(hide=False))
    # next impulse: every reachable hex stays within 1 hex of the outlet
    p.played = False
    s.actor, s.active = 0, None
    s._token = object()
    s.apply(Activate(1))
    assert s.reachable(p) and all(outlet in (h, *neighbours(h)) for h in s.reachable(p))


# -- rules ------------------------------------------------------------------------------------


def test_one_always_hits_and_ten_always_misses() -> None:
    from printkit.engines.pwinch_wars.rules_fire import succeeds
    assert succeeds(1, -5) and not succeeds(10, 20) and succeeds(4, 4) and not succeeds(5, 4)


def test_red_character_failing_is_eliminated_and_drops_items() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), ["heavy_sling"]),
                                     (1, "bud", hex_code(forest), ["shield", "helmet"]),
                                     (1, "hugo", "2201", [])])
    bud = s.pieces[Marker(1, 1)]
    bud.side = Side.RED
    s.apply(Activate(1))
    s.apply(Fire(Marker(1, 1), "heavy_sling"))
    _roll(s, 1)
    _roll(s, 9)
    assert bud.out and s.eliminated[1] == 1 and s.scores[0] == 2
    assert sorted(i for i, _ in s.ground[forest]) == ["helmet", "shield"]
    assert s.fire_kills[0]


def test_cannot_fire_at_a_hidden_marker_and_scouting_reveals() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "bud", hex_code(forest), [])])
    s.pieces[Marker(1, 1)].hidden = True
    s.apply(Activate(1))
    with pytest.raises(IllegalActionError, match="revealed enemy"):
        s.apply(Fire(Marker(1, 1), "sling"))
    s.apply(Scout(Marker(1, 1)))
    skill = s.rolls[0].skill
    assert s.rolls[0].kind == "sneak" and skill is not None
    assert any(t.amount == -4 for t in skill.terms)
    _roll(s, 9)
    assert not s.pieces[Marker(1, 1)].hidden
    fire = s.fire_odds(s.pieces[Marker(0, 1)], s.pieces[Marker(1, 1)], "sling")
    assert ("surprised while scouting", -2) in [(t.reason, t.amount) for t in fire.terms]


def test_out_of_every_line_of_sight_hides_without_a_check() -> None:
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])])
    s.pieces[Marker(0, 1)].hidden = False
    assert not s.seen_by_enemy(s.pieces[Marker(0, 1)])
    s.apply(Activate(1))
    s.apply(End(hide=True))
    assert s.pieces[Marker(0, 1)].hidden and not any(r.kind == "sneak" for r in s.rolls)


def test_boulevard_cannot_be_a_stop() -> None:
    s = position("pepin_street", [(0, "ruby", "0101", []), (1, "bud", "2201", [])])
    s.apply(Activate(1))
    p = s.pieces[Marker(0, 1)]
    p.move_bonus = 6
    s._token = object()
    assert all(CITY.terrain_at(h).may_stop for h in s.reachable(p))


def test_fighters_within_two_hexes_may_only_move() -> None:
    grass = _find(FOREST, "grass")
    near = next(n for n in neighbours(grass) if FOREST.contains(n)
                and FOREST.terrain_at(n).may_stop)
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "leo", hex_code(near), [])])
    s.apply(Activate(1))
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert "Fire" not in kinds and "Move" in kinds
    assert s.engaged(s.pieces[Marker(0, 1)])


def test_crossfire_second_walkie_shooter() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    other = next(n for n in neighbours(forest) if n != grass and FOREST.contains(n)
                 and FOREST.terrain_at(n).may_stop)
    s = position("forest_skirmish", [(0, "ruby", hex_code(grass), ["walkie"]),
                                     (0, "max", hex_code(other), ["walkie"]),
                                     (1, "sam", hex_code(forest), [])])
    s.apply(Activate(1))
    s.apply(Fire(Marker(1, 1), "sling"))
    skill = s.rolls[0].skill
    assert skill is not None
    assert not any(t.reason == "crossfire" for t in skill.terms)
    _roll(s, 10)
    s.apply(End(hide=False))
    s.actor, s.active = 0, None
    s._token = object()
    s.apply(Activate(2))
    s.apply(Fire(Marker(1, 1), "sling"))
    skill = s.rolls[0].skill
    assert skill is not None
    assert any(t.reason == "crossfire" for t in skill.terms)
    _roll(s, 1)
    skill = s.rolls[0].skill
    assert skill is not None
    assert any(t.reason == "crossfire" and t.amount == -2 for t in skill.terms)


def test_cards_one_per_ability_in_a_reaction_window() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "bud", hex_code(forest), [])],
                 hands=[["steady_aim", "lucky_bean"], ["sun_in_eyes"]])
    s.apply(Activate(1))
    s.apply(Fire(Marker(1, 1), "sling"))
    window = s.reaction_window()
    assert window is not None and window.players == (0, 1)
    s.apply(PlayCard("steady_aim", Marker(0, 1)))
    window = s.reaction_window()
    assert window is not None and window.players == (1,)  # player 0 had his one fire card
    s.apply(PlayCard("sun_in_eyes", Marker(0, 1)))
    assert s.current_player() == CHANCE
    assert s.rolls[0].cards == [("Steady Aim", 1), ("Sun in the Eyes", -1)]


def test_dummy_is_exposed_by_scouting_and_never_fires() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, None, hex_code(forest), []),
                                     (1, "hugo", "2221", [])], hidden=True)
    s.apply(Activate(1))
    s.apply(Scout(Marker(1, 1)))
    _roll(s, 10)
    assert s.pieces[Marker(1, 1)].out
    assert any(e["event"] == "dummy" for e in s.events)


def test_turn_chart_night_and_bed() -> None:
    assert DATA.turns.is_night(9) and DATA.turns.is_bed(11)
    s = position("pepin_street", [(0, "rosie", "0101", []), (1, "bud", "2201", [])], turn=10)
    s.turn = 10
    s._start_turn()
    kinds = [(r.kind, r.cause) for r in s.rolls]
    assert kinds.count((RollKind.MORAL, "bedtime")) == 2 and s.night()


# -- hidden information --------------------------------------------------------------------


def test_view_hides_unknown_markers_and_dummies() -> None:
    played = GAME.new_initial_state(2, GAME.default_options())
    rng = random.Random(4)
    while played.phase != "impulse" or played.turn < 1:
        if played.is_chance():
            played.apply(played.chance_outcomes().sample(rng))
        else:
            played.apply(rng.choice(played.legal_actions()))
    v = played.view(0)
    enemy = [p for p in v.pieces.values() if p.team == 1]
    assert enemy and all(p.unknown and p.char is None and not p.dummy for p in enemy)
    assert {p.box for p in enemy} == {p.box for p in played.pieces.values() if p.team == 1}
    assert v.hands[1] == ["?"] * len(played.hands[1]) and v.hands[0] == played.hands[0]
    assert v.trays[1] == {}
    assert sorted(v.pile) == sorted(played.pile + played.hands[1])
    # the viewer's own decisions are the same on the view
    if played.current_player() == 0:
        assert v.legal_actions() == played.legal_actions()


# -- logs, legality, conformance -------------------------------------------------------------


def test_action_json_round_trip() -> None:
    for a in (Activate(3), Move(hex_from_code("0712")), Fire(Marker(1, 2), "fruits"),
              Special("place_hose", at=hex_from_code("0405")), Scout(Marker(0, 9)),
              PlayCard("early_bird", player=0), Pass(), End(False)):
        assert action_from_json(action_to_json(a)) == a
    with pytest.raises(ValueError):
        action_from_json({"move": "7-12"})


@pytest.mark.parametrize("bot", ["random", "tactical"])
def test_bot_games_conform_over_more_seeds(bot: str) -> None:
    """The conformance check's bot games (log round trip, schemas, replay step by step, the
    same log from the same seed) for seeds 1 and 2; tests/test_conformance.py checks the
    rest (metadata, random play, legality, clones, views, refusals)."""
    assert check_game(GAME, seeds=(), bots=[bot], bot_seeds=(1, 2)).bot_games == 2


@pytest.mark.parametrize("scenario", sorted(DATA.scenarios))
@pytest.mark.parametrize("bot", ["random", "tactical"])
def test_every_scenario_conforms(scenario: str, bot: str) -> None:
    """Every scenario, at its own number of players (three gangs: 3), plays, logs, matches
    the schemas and replays."""
    check_game(GAME, options={"scenario": scenario}, players=DATA.scenarios[scenario].players,
               seeds=(), bots=[bot], bot_seeds=(5,))


def test_illegal_moves_are_refused() -> None:
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])])
    with pytest.raises(IllegalActionError, match="activate"):
        s.apply(Move(hex_from_code("0102")))
    with pytest.raises(IllegalActionError):
        s.apply(Activate(5))


def test_capture_the_flag_carrier_scores_at_home() -> None:
    s = position("capture_the_flag", [(0, "jack", "0305", []), (1, "bud", "2005", []),
                                      (1, "hugo", "2210", [])])
    s._plant_flags()
    home1 = s.flag_home[1]
    jack = s.pieces[Marker(0, 1)]
    assert jack.at is not None
    s.occupied.pop(jack.at)
    jack.at = home1
    s.occupied[home1] = jack.marker
    s.apply(Activate(1))
    from printkit.engines.pwinch_wars.game import FLAG
    s.apply(Special("pick_up_item", FLAG))
    assert s.flag_carrier[1] == jack.marker and not jack.hidden
    assert End(True) not in s.legal_actions()
    # carried into his own zone (rows 1-3): 10 points and the game ends
    assert jack.at is not None
    s.occupied.pop(jack.at)
    jack.at = hex_from_code("0305")
    s.occupied[jack.at] = jack.marker
    s._flag_home_check(jack)
    s.apply(End(False))
    assert s.is_terminal() and s.scores[0] == 10 and s.result()["end"] == "flag"


def test_holding_the_fruit_tree_scores_at_turn_end() -> None:
    tree = FOREST.hexes_of("fruit_tree")[0]
    s = position("fruit_tree", [(0, "jack", hex_code(tree), []), (1, "bud", "2221", [])])
    assert s._holds(0, "fruit_tree") and not s._holds(1, "fruit_tree")
    s.apply(Activate(1))
    s.apply(End(False))
    s.apply(Activate(1))
    s.apply(End(False))
    assert s.scores[0] == 2


def test_initiative_momentum_and_ties_reroll() -> None:
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])])
    s.fire_kills = [False, True]
    s.phase = Phase.DEAL
    s.active = None
    s._start_turn()
    assert s.rolls[-1].kind == "initiative"
    s.rolls = s.rolls[-1:]
    s._token = object()
    s.apply((6, 5))          # 6 against 5 + 1: a tie
    assert s.rolls[0].kind == "tiebreak" and s.current_player() == CHANCE
    s.apply((2, 7))
    assert s.order == [1, 0] and s.current_player() == 1


def test_view_hides_the_numbers_of_an_unknown_markers_check() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "bud", hex_code(forest), [])], hidden=True)
    s.apply(Activate(1))
    s.apply(Scout(Marker(1, 1)))
    assert s.rolls[0].skill is not None
    assert s.view(0).rolls[0].skill is None and s.view(1).rolls[0].skill is not None


def test_pick_fruit_and_fill_water_only_when_none_left() -> None:
    tree = FOREST.hexes_of("fruit_tree")[0]
    river = FOREST.hexes_of("river")[0]
    s = position("forest_skirmish", [(0, "jack", hex_code(tree), ["fruits"]),
                                     (0, "hugo", hex_code(river), []),
                                     (1, "bud", "2221", [])])
    s.apply(Activate(1))
    assert Special("pick_fruit") not in s.legal_actions()   # he still has fruits
    jack = s.pieces[Marker(0, 1)]
    del jack.items["fruits"]
    s._token = object()
    s.apply(Special("pick_fruit"))
    assert jack.items["fruits"] == 3 and jack.spent == 4 and jack.moved
    s.apply(End(False))
    s.apply(Activate(1))
    s.apply(End(False))
    s.apply(Activate(2))
    s.apply(Special("fill_water"))
    assert s.pieces[Marker(0, 2)].items["water_balls"] == 2


def test_entering_the_river_makes_one_moral_check() -> None:
    river, bank = _find(FOREST, "river", around="grass")
    s = position("forest_skirmish", [(0, "sam", hex_code(bank), []), (1, "bud", "0101", [])])
    s.apply(Activate(1))
    s.apply(Move(river))
    assert s.rolls[0].kind == "moral" and s.rolls[0].cause == "entered river"
    _roll(s, 10)
    assert s.pieces[Marker(0, 1)].side is Side.RED and s.scores == [0, 0]


def test_picking_up_a_dropped_item() -> None:
    grass = _find(FOREST, "grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "bud", "2221", [])])
    s.ground[grass] = [("fireworks", 1)]
    s.apply(Activate(1))
    s.apply(Special("pick_up_item", "fireworks"))
    jack = s.pieces[Marker(0, 1)]
    assert jack.items == {"fireworks": 1} and grass not in s.ground and jack.spent == 2


def test_night_gives_minus_one_fire_and_plus_one_sneak() -> None:
    forest, grass = _find(FOREST, "forest", around="grass")
    s = position("forest_skirmish", [(0, "jack", hex_code(grass), []),
                                     (1, "bud", hex_code(forest), [])], turn=9)
    jack, bud = s.pieces[Marker(0, 1)], s.pieces[Marker(1, 1)]
    terms = {t.reason: t.amount for t in s.fire_odds(jack, bud, "sling").terms}
    assert terms["night"] == -1
    terms = {t.reason: t.amount for t in s.sneak_odds(jack, own_check=True).terms}
    assert terms["night"] == 1


def test_eye_card_reveals_and_any_cards_in_own_impulse() -> None:
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", []),
                                     (1, "hugo", "2219", [])], hidden=True,
                 hands=[["crackling_branch", "supper_time"], []])
    s.apply(Activate(1))
    assert PlayCard("crackling_branch", Marker(1, 1)) in s.legal_actions()
    s.apply(PlayCard("crackling_branch", Marker(1, 1)))
    assert not s.pieces[Marker(1, 1)].hidden and s.pieces[Marker(1, 1)].known
    s.apply(PlayCard("supper_time", Marker(1, 2)))
    assert s.rolls[0].kind == "moral" and s.rolls[0].cause == "supper_time"
    assert s.hands[0] == [] and s.discards == ["crackling_branch", "supper_time"]


def test_end_of_turn_draw_discards_with_a_full_hand() -> None:
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])],
                 hands=[["steady_aim", "lucky_bean", "tail_wind"], ["achoo"]])
    for _ in range(2):
        s.apply(Activate(1))
        s.apply(End(False))
    assert s.phase == "draw" and s.current_player() == 0
    from printkit.engines.pwinch_wars.actions import Draw, NoDraw
    assert Draw() not in s.legal_actions() and NoDraw() in s.legal_actions()
    s.apply(Draw("lucky_bean"))
    assert s.current_player() == CHANCE
    spec = s.chance_outcomes()
    assert isinstance(spec, Choice)  # the draw pile: a card, not a roll
    card = spec.options[0]
    s.apply(card)
    assert len(s.hands[0]) == 3 and card in s.hands[0] and "lucky_bean" in s.discards


def test_illegal_actions_name_the_rule() -> None:
    s, p, grass, outlet = _hose_setup(3)
    with pytest.raises(IllegalActionError, match="movement"):
        s.apply(Move(hex_from_code("2221")))
    with pytest.raises(IllegalActionError, match="fire"):
        s.apply(Fire(Marker(1, 1), "sling"))


# -- cards at any moment: windows in the other players' impulses --------------------------------


def test_rally_in_the_enemy_impulse_before_his_shot() -> None:
    """Jack is red; Bud (the enemy) is activated next to him: Jack's player rallies him in
    the window of Bud's activation, before Bud can fire."""
    s = position("forest_skirmish", [(0, "jack", "1010", []), (1, "bud", "1011", [])],
                 actor=1, hands=[["pep_talk"], []])
    s._mut(Marker(0, 1)).side = Side.RED
    s.apply(Activate(1))
    window = s.reaction_window()
    assert window is not None and window.trigger == "impulse" and window.players == (0,)
    assert s.legal_actions() == [PlayCard("pep_talk", Marker(0, 1)), Pass()]
    s.apply(PlayCard("pep_talk", Marker(0, 1)))
    assert s.pieces[Marker(0, 1)].side is Side.BLUE and s.hands[0] == []
    assert {"event": "card", "player": 0, "card": "pep_talk", "on": [0, 1]} in s.events
    assert s.reaction_window() is None and s.current_player() == 1   # Bud's impulse goes on
    assert Fire(Marker(0, 1), "sling") in s.legal_actions()


def test_reveal_the_marker_that_just_hid() -> None:
    """Bud ends his impulse hiding out of Jack's sight (no roll); Jack's player, holding a
    reveal, is asked after the impulse and turns him over before Jack plays."""
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])],
                 actor=1, hands=[["crackling_branch"], []])
    s.apply(Activate(1))            # Bud is seen: nothing to reveal, no window
    assert s.reaction_window() is None and s.current_player() == 1
    s.apply(End(True))
    assert s.pieces[Marker(1, 1)].hidden
    window = s.reaction_window()
    assert window is not None and window.trigger == "impulse end" and window.players == (0,)
    assert PlayCard("crackling_branch", Marker(1, 1)) in s.legal_actions()
    s.apply(PlayCard("crackling_branch", Marker(1, 1)))
    assert not s.pieces[Marker(1, 1)].hidden
    assert any(e["event"] == "revealed" and e["why"] == "Crackling Branch" for e in s.events)
    assert s.current_player() == 0 and s.legal_actions() == [Activate(1)]


def test_no_window_when_nobody_holds_an_any_time_card() -> None:
    """Modifier cards only: the activation and the end of an enemy impulse cost no step."""
    s = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])],
                 actor=1, hands=[["steady_aim", "brave_face"], ["quiet_mouse"]])
    s.apply(Activate(1))
    assert s.reaction_window() is None and s.current_player() == 1
    s.apply(End(False))
    assert s.reaction_window() is None
    assert s.current_player() == 0 and s.legal_actions() == [Activate(1)]


def test_window_offers_enemy_cards_on_the_playing_marker_only() -> None:
    """In another player's impulse a card on an enemy goes on the marker playing; refills
    wait for the owner's own impulse; in his own impulse any valid target will do."""
    s = position("forest_skirmish", [(0, "jack", "0101", ["fruits"]), (1, "bud", "2221", []),
                                     (1, "hugo", "2219", [])], hidden=True, actor=1,
                 hands=[["supper_time", "full_pockets"], []])
    s._mut(Marker(0, 1)).items["fruits"] = 1
    s.apply(Activate(2))
    assert s.legal_actions() == [PlayCard("supper_time", Marker(1, 2)), Pass()]
    s.apply(Pass())
    s.apply(End(True))
    s.apply(Pass())                 # the impulse-end window on Hugo
    assert s.current_player() == 0
    s.apply(Activate(1))
    mine = s.legal_actions()
    assert {PlayCard("supper_time", Marker(1, 1)), PlayCard("supper_time", Marker(1, 2)),
            PlayCard("full_pockets", Marker(0, 1))} <= set(mine)


def test_tactical_bot_rallies_and_forces_checks_in_windows() -> None:
    from printkit.engines.pwinch_wars.bots import TacticalBot
    s = position("forest_skirmish", [(0, "jack", "1010", []), (1, "bud", "1011", [])],
                 actor=1, hands=[["pep_talk", "wasp"], []])
    s._mut(Marker(0, 1)).side = Side.RED
    s.apply(Activate(1))
    bot = TacticalBot(GAME, 0, random.Random(1))
    assert bot.decide(s.view(0)).action == PlayCard("pep_talk", Marker(0, 1))
    t = position("forest_skirmish", [(0, "jack", "1010", []), (1, "bud", "1011", [])],
                 actor=1, hands=[["wasp"], []])
    t._mut(Marker(1, 1)).side = Side.RED
    t.apply(Activate(1))
    assert bot.decide(t.view(0)).action == PlayCard("wasp", Marker(1, 1))
    t.apply(PlayCard("wasp", Marker(1, 1)))
    assert t.rolls[0].kind == "moral" and t.rolls[0].credit == 0


def test_any_time_cards_round_trip_in_tactical_games() -> None:
    """Cards played in the other players' impulses appear in real games and replay."""
    windows = 0
    for seed in range(4):
        played = play(GAME, ["tactical", "tactical"], seed=seed)
        state = GAME.new_initial_state(2, GAME.default_options())
        for entry in _played_log(played).entries:
            w = state.reaction_window()
            if w is not None and w.trigger in ("impulse", "impulse end") and (
                    entry.player != state.actor):
                windows += 1
            state.apply(GAME.outcome_from_json(entry.data) if entry.player is None
                        else GAME.action_from_json(entry.data))
        assert state.result() == played.state.result()
        replay(GAME, parse_log(_played_log(played).dumps()))
    assert windows > 0


# -- choosing characters: the bowl ----------------------------------------------------------------


def test_bowl_draws_each_team_at_random() -> None:
    scenario = DATA.scenarios["fruit_tree"]
    assert scenario.choose.value == "bowl"
    played = play(GAME, ["tactical", "random"], seed=11, options={"scenario": "fruit_tree"})
    entries = _played_log(played).entries
    drawn = [e.data for e in entries[1:1 + 12]]
    assert all(e.player is None for e in entries[:13])      # first pick dice, then 12 draws
    assert sorted(drawn) == sorted(c for t in played.state.teams for c in t)
    assert len(set(drawn)) == 12 and set(drawn) <= set(DATA.roster.ids)
    for team, t in zip(played.state.teams, scenario.teams, strict=True):
        assert len(team) == t.draft
    first = max(range(2), key=lambda p: entries[0].data[p])
    assert played.state.teams[first][0] == drawn[0]          # the dice decide who begins
    assert played.state.teams[1 - first][0] == drawn[1]      # then in turn
    again = play(GAME, ["tactical", "random"], seed=11, options={"scenario": "fruit_tree"})
    assert _played_log(again).dumps() == _played_log(played).dumps()
    other = play(GAME, ["tactical", "random"], seed=12, options={"scenario": "fruit_tree"})
    assert other.state.teams != played.state.teams
    assert replay(GAME, parse_log(_played_log(played).dumps())).state.result() == \
        played.state.result()


def test_bowl_is_a_uniform_chance_node_over_those_left() -> None:
    state = GAME.new_initial_state(2, {"scenario": "fruit_tree"})
    state.apply((9, 3))
    assert state.current_player() == CHANCE
    spec = state.chance_outcomes()
    assert isinstance(spec, Choice)  # the bowl: a character, not a roll
    assert set(spec.options) == set(DATA.roster.ids)
    assert spec.probability("hugo") == pytest.approx(1 / 24)
    state.apply("hugo")
    spec = state.chance_outcomes()
    assert isinstance(spec, Choice)
    assert state.teams[0] == ["hugo"] and "hugo" not in spec.options
    assert spec.probability("ruby") == pytest.approx(1 / 23)
    assert {"event": "pick", "player": 0, "character": "hugo", "bowl": True} in state.events
    with pytest.raises(IllegalActionError):
        state.apply("hugo")                                   # out of the bowl already


def test_choose_option_overrides_the_scenario() -> None:
    three = play(GAME, ["tactical"] * 3, seed=2,
                 options={"scenario": "three_gangs", "choose": "bowl"})
    assert not any(isinstance(e.data, dict) and "pick" in e.data
                   for e in _played_log(three).entries)
    assert [len(t) for t in three.state.teams] == [5, 5, 5]
    replay(GAME, parse_log(_played_log(three).dumps()))
    drafted = play(GAME, ["tactical", "tactical"], seed=2,
                   options={"scenario": "fruit_tree", "choose": "draft"})
    assert sum(isinstance(e.data, dict) and "pick" in e.data
               for e in _played_log(drafted).entries) == 12
    with pytest.raises(ValueError, match="fixed teams"):
        GAME.new_initial_state(2, {"scenario": "pepin_street", "choose": "bowl"})
    with pytest.raises(ValueError, match="choose"):
        GAME.new_initial_state(2, {"scenario": "forest_skirmish", "choose": "hat"})
    from printkit.engines.core import validate_log_lines
    validate_log_lines(GAME, _played_log(three).dumps())


# -- the speed work keeps the rules: shortcuts against the plain rule ---------------------------


def _impulse_states(scenario: str = "forest_skirmish", seeds: tuple[int, ...] = (0, 1),
                    n: int = 2) -> Iterator[PwinchState]:
    from printkit.engines.core import bot_rng, dice_rng, make_bot
    for seed in seeds:
        state = GAME.new_initial_state(n, {"scenario": scenario})
        rng = dice_rng(seed)
        bots = [make_bot(GAME, "tactical", i, bot_rng(seed, i)) for i in range(n)]
        while not state.is_terminal():
            who = state.current_player()
            if who == CHANCE:
                state.apply(state.chance_outcomes().sample(rng))
                continue
            yield state
            state.apply(bots[who].decide(state.view(who)).action)


def test_reach_shortcuts_give_the_plain_search() -> None:
    """The cached searches of the empty map (and around enemy counters) give, hex for hex
    and in the same order, what a search with every counter on the map gives."""
    from printkit.engines.pwinch_wars.game import _search
    checked = 0
    for state in _impulse_states(seeds=(0, 3)):
        if state.window is not None or state.phase != "impulse" or state.active is None:
            continue
        p = state.pieces[state.active]
        if p.fired:
            continue
        assert p.at is not None  # the active piece is on the map
        hexes, index, adj, stop = GAME.graph(state.map)
        forbidden = {index[h] for h, m in state.occupied.items() if m.team != p.team}
        taken = {index[h] for h in state.occupied}
        best, prev = _search(adj, index[p.at], state._left(p), forbidden)
        plain = [(hexes[j], (best[j] >> 4, best[j] & 15)) for j in prev
                 if stop[j] and j not in taken]
        assert list(state.reachable(p).items()) == plain
        assert list(state.reach(p).moves) == [Move(h) for h, _ in plain]
        checked += 1
    assert checked > 100


def test_fast_legality_checks_agree_with_the_legal_list() -> None:
    """Moves and set-up places are checked by their rule, not looked up in the list: the
    two agree on every hex."""
    from printkit.engines.pwinch_wars.actions import Place
    moves = places = 0
    for k, state in enumerate(_impulse_states(seeds=(2,))):
        legal = set(state.legal_actions())
        if state.phase == "place" and k % 3 == 0:
            for box in range(1, 11):
                for h in FOREST.hexes():
                    a = Place(box, h)
                    try:
                        state.check_legal(a)
                        ok = True
                    except IllegalActionError:
                        ok = False
                    assert ok == (a in legal), a
                    places += 1
        elif state.phase == "impulse" and state.active is not None and k % 4 == 0:
            for h in FOREST.hexes():
                move = Move(h)
                try:
                    state.check_legal(move)
                    ok = True
                except IllegalActionError:
                    ok = False
                assert ok == (move in legal), move
                moves += 1
    assert moves > 10_000 and places > 10_000


def test_tactical_bot_spends_movement_cards_on_a_character_who_will_move() -> None:
    from printkit.engines.pwinch_wars.bots import TacticalBot
    bot = TacticalBot(GAME, 0, random.Random(1))
    far = position("forest_skirmish", [(0, "jack", "0101", []), (1, "bud", "2221", [])],
                   hands=[["second_wind"], []])
    far.apply(Activate(1))
    window = far.reaction_window()
    assert window is not None and window.players == (0,)
    assert bot.decide(far.view(0)).action == PlayCard("second_wind", Marker(0, 1))
    far.apply(PlayCard("second_wind", Marker(0, 1)))
    assert far.pieces[Marker(0, 1)].move_points == DATA.roster.get("jack").move + 2
    # next to a red enemy in the open, he shoots from where he stands: no card
    near = position("forest_skirmish", [(0, "ruby", "1010", ["heavy_sling"]),
                                        (1, "hugo", "1011", [])], hands=[["second_wind"], []])
    near._mut(Marker(1, 1)).side = Side.RED
    near.apply(Activate(1))
    assert bot.decide(near.view(0)).action == Pass()


def test_tactical_bot_forces_a_check_only_where_it_likely_fails() -> None:
    """Supper Time (a moral check at 0) on the marker playing: Hugo (blue moral 3) fails
    70% of the time, worth the card; Sam (8) fails 20%, kept."""
    from printkit.engines.pwinch_wars.bots import TacticalBot
    bot = TacticalBot(GAME, 0, random.Random(1))
    for enemy, played in (("hugo", True), ("sam", False)):
        s = position("forest_skirmish", [(0, "jack", "0101", []), (1, enemy, "2221", [])],
                     actor=1, hands=[["supper_time"], []])
        s.apply(Activate(1))
        window = s.reaction_window()
        assert window is not None and window.players == (0,)
        action = bot.decide(s.view(0)).action
        assert (action == PlayCard("supper_time", Marker(1, 1))) is played
