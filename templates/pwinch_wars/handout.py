"""What the Pwinch Wars rule handout is written from: the terrain effect chart, the equipment,
the roster, the turn chart, the scenarios and the worked examples, all read from the engine's
data (:func:`~printkit.engines.pwinch_wars.load_data`).

The tables are generated, never typed: an edited ``terrain.csv`` or ``equipment.csv`` changes
the handout with the game. The worked examples are summed by the engine's own rule functions
(:mod:`~printkit.engines.pwinch_wars.rules_fire`), so the handout cannot teach a sum the
engine does not play. The prose (the rules in printkit's words, its readings of the points
the original rules leave open) is in ``handout.xml.j2``, where translators see it whole.
Data strings (terrain, item, scenario and map names) are translated here with ``ctx._``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from babel.numbers import format_decimal

from printkit.context import DrawContext
from printkit.engines.pwinch_wars import (
    Ability,
    Colour,
    GameData,
    Modified,
    Scenario,
    Side,
    chance_of,
    fire_skill,
    load_data,
    moral_skill,
    sneak_skill,
)
from printkit.engines.pwinch_wars.equipment import BUILT_IN, Item
from printkit.engines.pwinch_wars.game import DUMMY_MOVE, DUMMY_SNEAK, HAND
from printkit.engines.pwinch_wars.scenarios import TRAY_BOXES, Choose, TeamColour
from printkit.i18n import N_
from printkit.templates.pwinch_wars.cards import card_sheets
from printkit.templates.pwinch_wars.charts import clock_label
from printkit.templates.pwinch_wars.style import TEAM_NAMES

EXAMPLE_LOG: Final = "forest-skirmish.jsonl"
"""The example game the handout shows (``examples/pwinch-wars/``): the first scenario, two
tactical bots (seed 3)."""

EXAMPLE_PAGE: Final = 4
"""The page of the example the figure shows: turn 2, with two shots that hit, a card played
by each side and a character turned red (page 0 holds the set-up, pages 1 and 2 the set-up as
each player saw it, page 3 turn 1, where nobody fires yet)."""

NONE: Final = "–"
"""What a table cell shows for "no modifier" or "does not apply" (an en dash)."""

ACTION_NAMES: Final = {
    "pick_fruit": N_("pick fruits"),
    "fill_water": N_("fill water balls"),
    "place_hose": N_("screw on the hose"),
    "scouting": N_("scout"),
    "pick_up_item": N_("pick up an item"),
}
"""The special actions of ``terrain.toml`` as the handout names them."""

ABILITY_NAMES: Final = {
    Ability.BEDTIME: N_("bedtime worried"),
    Ability.SNIPER: N_("sniper"),
    Ability.FRUSTRATION: N_("frustration"),
    Ability.FIGHTING: N_("fighting"),
    Ability.TAUNT: N_("taunt"),
}
"""The five special abilities' names, by the letter printed on a counter."""

EXAMPLE_CHARACTERS: Final = ("jack", "bud")
"""The two pwinchers of the worked examples (the seed's Jack and Bud; ``notes.md`` reading 7
says which abilities they must lack for the seed's sums, and the roster's tests hold them
to it)."""


def signed(ctx: DrawContext, value: int) -> str:
    """A modifier as the locale writes it with its sign (``+1``, ``-2``); 0 is a dash.

    >>> from printkit.context import BuildContext
    >>> from printkit.paper import paper
    >>> ctx = DrawContext(BuildContext(paper("a4")), None)
    >>> signed(ctx, 1), signed(ctx, -3), signed(ctx, 0)
    ('+1', '-3', '–')
    """
    if value == 0:
        return NONE
    return format_decimal(value, format="+#,##0;-#,##0", locale=ctx.babel_locale)


def cost(ctx: DrawContext, value: Fraction | int) -> str:
    """A movement cost in the locale's numbers (``0.5`` / ``0,5``)."""
    number = Fraction(value)
    return ctx.format_number(int(number) if number.denominator == 1 else float(number))


def points(ctx: DrawContext, value: int) -> str:
    """``value`` movement points, in words ("2 points")."""
    return ctx.ngettext("%(num)s point", "%(num)s points", value) % {
        "num": ctx.format_number(value)}


def terrain_rows(ctx: DrawContext, data: GameData) -> list[dict[str, str]]:
    """One row of the terrain effect chart per terrain of ``terrain.csv``, in its order."""
    chart = data.chart
    rows = []
    for t in chart.terrains:
        notes = []
        if not t.may_stop:
            notes.append(ctx._("cross it, but a move may not end here"))
        if t.entry_check:
            notes.append(ctx._("moral check on entering") if not t.entry_moral else
                         ctx._("moral check on entering, at %(mod)s") % {
                             "mod": signed(ctx, t.entry_moral)})
        for action_id in t.actions:
            action = chart.action(action_id)
            notes.append(ctx._("%(action)s: %(points)s") % {
                "action": ctx._(ACTION_NAMES[action_id]), "points": points(ctx, action.cost)})
        rows.append({
            "id": t.id, "name": ctx._(t.name), "move": cost(ctx, t.move_cost),
            "fire": signed(ctx, t.fire), "sneak": signed(ctx, t.sneak),
            "sight": ctx._("blocks") if t.blocks_sight else NONE,
            "notes": "; ".join(notes) or NONE,
        })
    return rows


def _refill(ctx: DrawContext, data: GameData, item: Item) -> str:
    if not item.uses:
        return NONE
    if item.refill is None:
        return ctx._("never")
    return ctx._("%(action)s: %(points)s") % {
        "action": ctx._(ACTION_NAMES[item.refill]),
        "points": points(ctx, data.chart.action(item.refill).cost)}


def equipment_rows(ctx: DrawContext, data: GameData) -> list[dict[str, str]]:
    """Every cell the equipment tables may show, one dict per kind of item of
    ``equipment.csv``, in its order (the normal sling first)."""
    rows = []
    for item in data.equipment.items:
        rows.append({
            "id": item.id, "name": ctx._(item.name),
            "range": ctx.format_number(item.range) if item.weapon else NONE,
            "fire": signed(ctx, item.fire), "target_moral": signed(ctx, item.target_moral),
            "moral": signed(ctx, item.moral), "enemy_fire": signed(ctx, item.enemy_fire),
            "sneak": signed(ctx, item.sneak),
            "uses": (ctx.format_number(item.uses) if item.uses
                     else ctx._("no limit") if item.weapon else NONE),
            "refill": _refill(ctx, data, item),
        })
    return rows


MODIFIER_COLUMNS: Final = (
    ("fire", N_("Fire"), 1.0),
    ("target_moral", N_("Target's moral"), 1.5),
    ("moral", N_("Own moral"), 1.3),
    ("enemy_fire", N_("Fire at the owner"), 1.5),
    ("sneak", N_("Own sneak"), 1.3),
)
"""The modifier columns an equipment table may have: key, heading, width weight."""

EQUIPMENT_GROUPS: Final = (
    (N_("Weapons"), True),
    (N_("Protection and gear"), False),
)
"""The two equipment tables: heading, and whether they hold the weapons."""


def equipment_tables(ctx: DrawContext, data: GameData) -> list[dict[str, Any]]:
    """The equipment as two tables, weapons and the rest, each with only the modifier columns
    some item of the group uses (an all-dash column would only widen the table: the seed's
    weapons change no sneak, its gear no target's moral). Weapons also show range, uses and
    refill; items of a group without limited uses show neither."""
    cells = {r["id"]: r for r in equipment_rows(ctx, data)}
    tables = []
    for title, weapons in EQUIPMENT_GROUPS:
        items = [i for i in data.equipment.items if i.weapon == weapons]
        if not items:
            continue
        columns: list[tuple[str, str, float]] = []
        if weapons:
            columns.append(("range", N_("Range"), 1.2))
        columns += [c for c in MODIFIER_COLUMNS if any(getattr(i, c[0]) for i in items)]
        if weapons or any(i.uses for i in items):
            columns += [("uses", N_("Uses"), 1.2), ("refill", N_("Refill"), 2.4)]
        tables.append({
            "title": ctx._(title),
            "widths": ",".join(["2"] + [str(w) for _k, _h, w in columns]),
            "heads": [ctx._(head) for _k, head, _w in columns],
            "keys": [key for key, _h, _w in columns],
            "rows": [{"id": i.id, "name": cells[i.id]["name"],
                      "cells": [cells[i.id][key] for key, _h, _w in columns]} for i in items],
        })
    return tables


def roster_rows(ctx: DrawContext, data: GameData) -> list[dict[str, str]]:
    """One row per pwincher, in the order of ``characters.csv``."""
    n = ctx.format_number
    return [{"id": c.id, "name": ctx._(c.name), "fire": n(c.fire), "blue": n(c.moral_blue),
             "red": n(c.moral_red), "sneak": n(c.sneak), "move": n(c.move),
             "special": c.special or NONE}
            for c in data.roster.characters]


def halves(rows: Sequence[Any]) -> list[list[Any]]:
    """``rows`` in two tables, the first one longer when odd: two short tables fill the
    page where one long one would jump to the next and leave a gap.

    >>> halves([1, 2, 3])
    [[1, 2], [3]]
    """
    half = math.ceil(len(rows) / 2)
    return [list(rows[:half]), list(rows[half:])] if len(rows) > 1 else [list(rows)]


def _victory(ctx: DrawContext, data: GameData, s: Scenario) -> list[str]:
    """What scores in ``s``, one line per way of scoring."""
    v, n = s.victory, ctx.format_number
    lines = []
    if v.eliminated:
        lines.append(ctx.ngettext("%(num)s point for each enemy your fire eliminates",
                                  "%(num)s points for each enemy your fire eliminates",
                                  v.eliminated) % {"num": n(v.eliminated)})
    if v.red_at_end:
        lines.append(ctx.ngettext("%(num)s point for each enemy left on the red side at the end",
                                  "%(num)s points for each enemy left on the red side at the "
                                  "end", v.red_at_end) % {"num": n(v.red_at_end)})
    if v.hold is not None and v.hold_points:
        lines.append(ctx.ngettext("%(place)s held at the end of a turn: %(num)s point",
                                  "%(place)s held at the end of a turn: %(num)s points",
                                  v.hold_points) % {
            "num": n(v.hold_points), "place": ctx._(data.chart.terrain(v.hold).name)})
    if v.flag:
        if v.flag_ends_game:
            flag = ctx.ngettext("%(num)s point for bringing the enemy flag into your set-up "
                                "zone, which ends the game",
                                "%(num)s points for bringing the enemy flag into your set-up "
                                "zone, which ends the game", v.flag)
        else:
            flag = ctx.ngettext("%(num)s point for bringing the enemy flag into your set-up zone",
                                "%(num)s points for bringing the enemy flag into your set-up "
                                "zone", v.flag)
        lines.append(flag % {"num": n(v.flag)})
    return lines


def _teams(ctx: DrawContext, s: Scenario) -> str:
    """Who plays: fixed teams, or how many each player picks in turn or draws from the bowl
    (the scenario's ``choose``), and the dummies."""
    n = ctx.format_number
    team = s.teams[0]
    if team.characters:
        who = ctx._("fixed teams of %(num)s") % {"num": n(len(team.characters))}
    elif s.choose is Choose.BOWL:
        who = ctx.ngettext("%(num)s each, drawn from the bowl",
                           "%(num)s each, drawn from the bowl", team.draft) % {
            "num": n(team.draft)}
    else:
        who = ctx.ngettext("%(num)s each, picked in turn", "%(num)s each, picked in turn",
                           team.draft) % {"num": n(team.draft)}
    if team.dummies:
        who += ", " + ctx.ngettext("%(num)s dummy", "%(num)s dummies", team.dummies) % {
            "num": n(team.dummies)}
    return who


def scenario_rows(ctx: DrawContext, data: GameData) -> list[dict[str, Any]]:
    """One row per scenario: where, for how many, how long, with whom, for what."""
    n = ctx.format_number
    return [{"id": s.id, "title": ctx._(s.title), "map": ctx._(data.maps[s.map].title),
             "players": ctx.ngettext("%(num)s player", "%(num)s players", s.players) % {
                 "num": n(s.players)},
             "turns": ctx.ngettext("%(num)s turn", "%(num)s turns", s.turn_limit) % {
                 "num": n(s.turn_limit)},
             "teams": _teams(ctx, s), "points": _victory(ctx, data, s)}
            for s in sorted(data.scenarios.values(), key=lambda s: (s.players, s.map, s.id))]


def _labelled(ctx: DrawContext, modified: Modified, base: str, labels: Mapping[str, str]
              ) -> str:
    """``6 (fire) + 1 (Heavy sling) - 1 (Forest) = 6``: the engine's sum, each number named.

    ``labels`` names each of the engine's terms by its reason; a term without a label is an
    error, so the handout never prints a sum it cannot explain.
    """
    n = ctx.format_number
    text = ctx._("%(num)s (%(what)s)") % {"num": n(modified.base), "what": base}
    for term in modified.terms:
        sign = "+" if term.amount > 0 else "-"
        text += f" {sign} " + ctx._("%(num)s (%(what)s)") % {
            "num": n(abs(term.amount)), "what": labels[term.reason]}
    return f"{text} = {n(modified.total)}"


def worked_examples(ctx: DrawContext, data: GameData) -> dict[str, Any]:
    """The seed's fire, moral and sneak examples, summed by the engine's rule functions.

    The shooter has not moved and carries a heavy sling and camo; the target stands next to
    him in a forest hex with a shield and a helmet; the shooter then hides again on grass.
    """
    chart, equipment = data.chart, data.equipment
    shooter, target = (data.roster.get(c) for c in EXAMPLE_CHARACTERS)
    heavy, shield, helmet, camo = (equipment.get(i) for i in
                                   ("heavy_sling", "shield", "helmet", "camo"))
    forest, grass = chart.terrain("forest"), chart.terrain("grass")
    fire = fire_skill(chart, shooter, heavy, distance=1, moved=False, target_terrain=forest,
                      target_items=(shield,))
    moral = moral_skill(target, Side.BLUE, items=(shield, helmet), weapon=heavy)
    sneak = sneak_skill(chart, shooter, terrain=grass, items=(camo,), moved=False)
    # the engine's reasons (rules_fire.py), named the handout's way
    labels = {
        heavy.name.lower(): ctx._(heavy.name), "not moved": ctx._("not moved"),
        "adjacent target": ctx._("next to him"),
        f"target in {forest.name.lower()}": ctx._(forest.name),
        f"target's {shield.name.lower()}": ctx._(shield.name),
        f"own {shield.name.lower()}": ctx._(shield.name),
        f"own {helmet.name.lower()}": ctx._(helmet.name),
        f"hit by {heavy.name.lower()}": ctx._(heavy.name),
        f"own {camo.name.lower()}": ctx._(camo.name),
        f"in {grass.name.lower()}": ctx._(grass.name),
    }
    n = ctx.format_number
    return {
        "shooter": ctx._(shooter.name), "target": ctx._(target.name),
        "fire_sum": _labelled(ctx, fire, ctx._("fire"), labels),
        "fire_total": n(fire.total), "fire_roll": n(max(1, min(fire.total, 9) - 2)),
        "fire_chance": chance_of(fire.total),
        "moral_sum": _labelled(ctx, moral, ctx._("moral"), labels),
        "moral_total": n(moral.total), "moral_roll": n(min(10, max(moral.total, 1) + 1)),
        "sneak_sum": _labelled(ctx, sneak, ctx._("sneak"), labels),
        "sneak_total": n(sneak.total),
        "grass": ctx._(grass.name), "grass_sneak": signed(ctx, grass.sneak),
    }


def _turn_list(ctx: DrawContext, turns: Sequence[int]) -> str:
    from babel.lists import format_list

    return format_list([ctx.format_number(t) for t in sorted(turns)], locale=ctx.babel_locale)


def handout_for(ctx: DrawContext, example: str | None,
                data: GameData | None = None) -> Mapping[str, Any]:
    """The template's data; ``example`` is the log shown as the figure (None: no figure)."""
    d = data or load_data()
    chart, m, ab = d.chart, d.chart.modifiers, d.chart.abilities
    n = ctx.format_number
    scouting, pick_up = chart.action("scouting"), chart.action("pick_up_item")
    hose = next(i for i in d.equipment.items if i.setup is not None)
    walkie = next(i for i in d.equipment.items if i.crossfire_fire or i.crossfire_moral)
    deck = d.deck.cards
    maps = sorted(d.maps.values(), key=lambda g: g.kind != "forest")
    first = maps[0]
    turns = d.turns
    log = f"examples/pwinch-wars/{example}" if example else ""
    return {
        "counts": {
            "characters": n(len(d.roster.characters)),
            "counters": n(sum(i.counters for i in d.equipment.items)),
            "cards": n(len(deck)),
            "card_sheets": n(card_sheets(ctx, len(deck))),
            "blue": n(sum(c.colour is Colour.BLUE for c in deck)),
            "red": n(sum(c.colour is Colour.RED for c in deck)),
            "eye": n(sum(c.eye for c in deck)),
            "dot": n(sum(c.city_only for c in deck)),
            "trays": n(len(TeamColour)),
            "tray_colours": [ctx._(TEAM_NAMES[c]) for c in TeamColour],
            "boxes": n(TRAY_BOXES),
            "hand": n(HAND),
            "scenarios": n(len(d.scenarios)),
        },
        "maps": {
            "titles": [ctx._(g.title) for g in maps],
            "forest": ctx._(d.maps["forest"].title), "city": ctx._(d.maps["city"].title),
            "columns": n(first.columns), "rows": n(first.rows),
            "hex_mm": n(first.hex_flat_mm), "parts": n(first.parts[0] * first.parts[1]),
            "across": n(first.parts[0]), "down": n(first.parts[1]),
        },
        "dice": {"faces": n(chart.dice_faces), "success": n(chart.always_succeeds),
                 "failure": n(chart.always_fails),
                 "low": n(chart.always_succeeds), "high": n(chart.dice_faces - 1)},
        "mod": {
            "not_moved_fire": signed(ctx, m.not_moved_fire),
            "not_moved_sneak": signed(ctx, m.not_moved_sneak),
            "adjacent_fire": signed(ctx, m.adjacent_fire),
            "night_fire": signed(ctx, m.night_fire), "night_sneak": signed(ctx, m.night_sneak),
            "momentum": signed(ctx, m.initiative_momentum),
            "sniper": signed(ctx, ab.sniper_not_moved_fire),
            "sniper_total": signed(ctx, m.not_moved_fire + ab.sniper_not_moved_fire),
            "frustration": signed(ctx, ab.frustration_target_moral),
            "taunt": signed(ctx, ab.taunt_enemy_fire),
            "fight_reach": n(ab.fighting_reach),
            "scout_cost": points(ctx, scouting.cost),
            "scout_sneak": signed(ctx, scouting.target_sneak),
            "scout_fire": signed(ctx, scouting.own_fire),
            "pick_up_cost": points(ctx, pick_up.cost),
            "dummy_move": n(DUMMY_MOVE), "dummy_sneak": n(DUMMY_SNEAK),
            "hose": ctx._(hose.name), "hose_cost": points(ctx, chart.action(hose.setup or "").cost),
            "hose_tether": n(hose.tether), "hose_range": n(hose.range),
            "walkie": ctx._(walkie.name), "crossfire_fire": signed(ctx, walkie.crossfire_fire),
            "crossfire_moral": signed(ctx, walkie.crossfire_moral),
            "walkie_sneak": signed(ctx, walkie.sneak),
            "property_moral": signed(ctx, min(t.entry_moral for t in chart.terrains)),
        },
        "abilities": [{"letter": a.value, "name": ctx._(ABILITY_NAMES[a])} for a in Ability],
        "turns": {
            "count": n(turns.turns), "night": _turn_list(ctx, sorted(turns.night)),
            "bed": _turn_list(ctx, sorted(turns.bed)),
            "first_night": n(min(turns.night)) if turns.night else "",
            "night_clock": clock_label(ctx, turns.label(min(turns.night))) if turns.night else "",
            "start_clock": clock_label(ctx, turns.label(1)),
            "end_clock": clock_label(ctx, turns.label(turns.turns)),
        },
        "terrain": terrain_rows(ctx, d),
        "equipment": equipment_tables(ctx, d),
        "sling": {"name": ctx._(d.equipment.get(BUILT_IN).name),
                  "range": n(d.equipment.get(BUILT_IN).range)},
        "roster": halves(roster_rows(ctx, d)),
        "scenarios": scenario_rows(ctx, d),
        "examples": worked_examples(ctx, d),
        "commands": {
            "play": "printkit play pwinch-wars --bot tactical --bot tactical",
            "example": f"printkit example pwinch-wars {log}" if log else "",
        },
        "example": {"log": log} if log else None,
    }


def handout_data(ctx: DrawContext) -> Mapping[str, Any]:
    """The handout with the kit's example game as its figure (when it has one)."""
    return handout_for(ctx, EXAMPLE_LOG)

