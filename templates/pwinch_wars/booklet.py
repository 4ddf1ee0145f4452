"""The Pwinch Wars scenario booklet: one page per scenario of the game's data.

Each page carries what players need to set a scenario up and to know how it is won: the
scenario's title and story, the map it is played on with every team's set-up zone shaded in
the team's colour (and outlined, and marked with the team's letter, so that the zones tell
apart in greyscale too), the objective marked (the hex to hold, the flags' starting hexes),
the teams (fixed characters by name or the number to draft, dummies, the equipment counters
to share out), the turn limit with night and bedtime, and the victory points, written out.

Everything printed is read from ``load_data()``: a scenario added to the data gets its page
(its title and story need marking in :data:`SCENARIO_WORDS` to be translated; a test checks
that every packaged scenario's are).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import fit_size
from printkit.drawing.hexmap import (
    BaseForm,
    Cell,
    CellStyle,
    Symbol,
    View,
    draw_edges,
    draw_map,
    draw_symbols,
    fill_cells,
    flag_glyph,
    outline,
    star_glyph,
)
from printkit.engines.pwinch_wars import (
    GameData,
    GameMap,
    Hex,
    Scenario,
    Team,
    hex_code,
    load_data,
)
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import NoOptions
from printkit.layout.fit import wrap
from printkit.layouts import Color, load_layout
from printkit.page.document import open_document
from printkit.page.preflight import MIN_TEXT_PT
from printkit.templates.pwinch_wars.maps import (
    KIND_NAMES,
    TERRAIN_NAMES,
    cell_of,
    legend_terrains,
    pwinch_hexmap,
    sheet_geometry,
)
from printkit.templates.pwinch_wars.style import TEAM_LETTERS, TEAM_NAMES, TITLE, team_ink
from printkit.units import mm


@dataclass(frozen=True)
class ScenarioOrder:
    scenarios: tuple[str, ...]


@dataclass(frozen=True)
class PageSizes:
    kicker_size: float
    title_size: float
    text_size: float
    text_leading: float
    facts_size: float
    facts_leading: float
    gap: float
    map_max_height: float
    side_min_width: float


@dataclass(frozen=True)
class MapSizes:
    zone_alpha: float
    zone_line_pt: float
    badge: float
    badge_size: float


@dataclass(frozen=True)
class TeamsSizes:
    head_size: float
    size: float
    leading: float
    swatch: float
    row_gap: float


@dataclass(frozen=True)
class VictorySizes:
    head_size: float
    size: float
    leading: float


@dataclass(frozen=True)
class BookletLayout:
    """``booklet.toml``: the scenario pages' order, measurements (mm, text sizes in pt) and
    inks."""

    ink: dict[str, Color]
    order: ScenarioOrder
    page: PageSizes
    map: MapSizes
    teams: TeamsSizes
    victory: VictorySizes


LAYOUT = load_layout(BookletLayout, Path(__file__).with_name("booklet.toml"))

BOOKLET_TITLE: Final = N_("Scenario booklet")
BOOKLET_DESCRIPTION: Final = N_(
    "One page per scenario: the map with each team's set-up zone in its colour and the "
    "objective marked, the teams, their equipment, the turn limit and how to score.")

SCENARIO_WORDS: Final = (
    N_("First Skirmish in the Park"),
    N_("Two gangs meet in Duberger Park on a Saturday afternoon. Drive the others home wet."),
    N_("Showdown on Pepin Street"),
    N_("The north side of the street against the south side, until the last one is called in "
       "for bed."),
    N_("Three Gangs, One Street"),
    N_("Three gangs claim the same street. Every one for himself, and watch your back."),
    N_("King of the Apple Tree"),
    N_("The best apples in the park grow on one tree. Take it and keep it until supper."),
    N_("Capture the Flag"),
    N_("Each gang plants its flag at its camp. Bring theirs home before the street lights come "
       "on."),
)
"""Every packaged scenario's title and story (``scenarios/*.toml``), marked for translation."""

ITEM_NAMES: Final = {
    "sling": N_("Normal sling"),
    "heavy_sling": N_("Heavy sling"),
    "fruits": N_("Fruits"),
    "water_balls": N_("Water balls"),
    "fireworks": N_("Fireworks"),
    "hose": N_("Hose"),
    "helmet": N_("Helmet"),
    "shield": N_("Shield"),
    "camo": N_("Camo"),
    "walkie": N_("Walkie-talkie"),
}
"""The equipment counters' names (equipment.csv), as the booklet lists them."""


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


def flag_home(game_map: GameMap, team: Team) -> Hex:
    """Where a team's flag starts: the engine's rule (``Zone.flag_home``)."""
    return team.setup.flag_home(game_map)


def objective_hexes(game_map: GameMap, scenario: Scenario) -> tuple[Hex, ...]:
    """The hexes of the terrain to hold (the fruit tree), if the scenario scores holding."""
    hold = scenario.victory.hold
    return game_map.hexes_of(hold) if hold else ()


def scenario_order(data: GameData) -> list[str]:
    """The booklet's order (``booklet.toml``: the simplest first), then any scenario the data
    adds, by id."""
    first = [s for s in LAYOUT.order.scenarios if s in data.scenarios]
    return first + sorted(s for s in data.scenarios if s not in first)


# --- text ----------------------------------------------------------------------------------------


class Writer:
    """Lines of text down a column, each wrapped to its width (on spaces, and between
    characters in Chinese and Japanese, written without them), checked against the column's
    floor (text that would run below it is reported, not drawn over the map)."""

    def __init__(self, c: Canvas, ctx: DrawContext, x: float, top: float, width: float,
                 floor: float, *, dry: bool = False) -> None:
        self.c, self.ctx, self.x, self.y, self.w, self.floor = c, ctx, x, top, width, floor
        self.dry = dry
        """Only measure: move down as drawing would, draw and check nothing."""

    def write(self, text: str, role: FontRole, size: float, leading: float, colour: Color,
              detail: str, indent: float = 0.0) -> None:
        face = self.ctx.font(role)
        lines, widest, _split = wrap(text, face, size, self.w - indent)
        need = len(lines) * leading
        if self.dry:
            self.y -= need
            return
        self.ctx.check_glyphs(role, text, detail)
        if self.y - need < self.floor - 0.01 or widest > self.w - indent + 0.01:
            self.ctx.check_text("\n".join(lines), role, size, self.w - indent,
                                self.y - self.floor, detail=detail, leading=leading, wrap=False)
        self.c.setFillColor(colour)
        self.c.setFont(face, size)
        asc, desc = pdfmetrics.getAscentDescent(face, size)
        for line in lines:  # each line's ascent to descent centred in its leading
            self.y -= leading
            self.c.drawString(self.x + indent, self.y + (leading - asc + desc) / 2 - desc, line)

    def gap(self, d: float) -> None:
        self.y -= d


# --- a page --------------------------------------------------------------------------------------


def draw_scenario_page(c: Canvas, ctx: DrawContext, data: GameData, scenario: Scenario,
                       number: int, total: int, area: Rect) -> tuple[Cell, ...]:
    """One scenario's page in ``area``; returns the map cells drawn on the thumbnail."""
    p = LAYOUT.page
    gap = mm(p.gap)
    game_map = data.maps[scenario.map]
    w = Writer(c, ctx, area.x, area.top, area.w, area.y)
    w.write(ctx._("%(game)s · scenario %(n)d of %(total)d") % {
        "game": ctx._(TITLE), "n": number, "total": total}, FontRole.SANS_BOLD,
        p.kicker_size, p.kicker_size * 1.3, ink("hint"), "kicker")
    title = ctx._(scenario.title)
    face = ctx.font(FontRole.SANS_BOLD)
    size = fit_size(title, face, p.title_size, area.w, MIN_TEXT_PT)
    w.write(title, FontRole.SANS_BOLD, size, size * 1.25, ink("title"), "scenario title")
    w.write(ctx._(scenario.text), FontRole.SANS_ITALIC, p.text_size,
            p.text_leading,
            ink("text"), "scenario story")
    w.gap(gap / 2)
    w.write(_facts(ctx, data, scenario), FontRole.SANS, p.facts_size,
            p.facts_leading, ink("text"), "scenario facts")
    w.gap(gap)
    gw, gh = pwinch_hexmap(game_map, labels=False).grid.size_mm
    max_h = mm(p.map_max_height)
    # the map across the page, the teams and the victory points under it...
    under = _rest_height(c, ctx, data, game_map, scenario, area.w)
    map_h = min(max_h, area.w * gh / gw, w.y - gap - area.y - under)
    # ... or, on a wide page (landscape), the map down its left, the rest beside it: the
    # layout that draws the map larger
    side_w = area.w - gap - mm(p.side_min_width)
    side_h = min(max_h, w.y - area.y, side_w * gh / gw)
    beside = area.w - gap - side_h * gw / gh
    if side_h > map_h and _rest_height(c, ctx, data, game_map, scenario, beside) <= w.y - area.y:
        box = Rect(area.x, w.y - side_h, side_h * gw / gh, side_h)
        drawn = _thumbnail(c, ctx, game_map, scenario, box)
        w = Writer(c, ctx, box.right + gap, box.top, beside, area.y)
    else:
        box = Rect(area.x, w.y - map_h, area.w, map_h)
        drawn = _thumbnail(c, ctx, game_map, scenario, box)
        w.y = box.y - gap
    _rest(w, ctx, data, game_map, scenario)
    return drawn


def _rest(w: Writer, ctx: DrawContext, data: GameData, game_map: GameMap,
          scenario: Scenario) -> None:
    """What follows the map: the teams, then the victory points."""
    _teams(w, ctx, data, scenario)
    w.gap(mm(LAYOUT.page.gap))
    _victory(w, ctx, game_map, scenario)


def _rest_height(c: Canvas, ctx: DrawContext, data: GameData, game_map: GameMap,
                 scenario: Scenario, width: float) -> float:
    """The height :func:`_rest` takes in a column ``width`` wide (measured, not drawn)."""
    dry = Writer(c, ctx, 0.0, 0.0, width, -1e9, dry=True)
    _rest(dry, ctx, data, game_map, scenario)
    return -dry.y


NOUNS_CAPITALISED = ("de",)
"""Languages that write every noun with a capital, in a sentence too (German)."""


def in_sentence(ctx: DrawContext, name: str) -> str:
    """A name printed as a heading ("Forest map") as it reads inside a sentence: lower case,
    except in a language that capitalises its nouns."""
    return name if ctx.locale.split("_")[0] in NOUNS_CAPITALISED else name.lower()


def _facts(ctx: DrawContext, data: GameData, scenario: Scenario) -> str:
    game_map = data.maps[scenario.map]
    turns = data.turns
    parts = [
        ctx._("%(map)s (%(kind)s)") % {"map": ctx._(game_map.title),
                                       "kind": in_sentence(ctx, ctx._(KIND_NAMES[game_map.kind]))},
        ctx.ngettext("%(n)d player", "%(n)d players", scenario.players) % {
            "n": scenario.players},
        ctx.ngettext("%(n)d turn", "%(n)d turns", scenario.turn_limit) % {
            "n": scenario.turn_limit},
    ]
    night = [t for t in sorted(turns.night) if t <= scenario.turn_limit]
    if night:
        parts.append(ctx._("dark from turn %(n)d (fire %(fire)s, sneak %(sneak)s)") % {
            "n": night[0], "fire": _signed(ctx, data.chart.modifiers.night_fire),
            "sneak": _signed(ctx, data.chart.modifiers.night_sneak)})
    bed = [t for t in sorted(turns.bed) if t <= scenario.turn_limit]
    if bed:
        parts.append(ctx.ngettext(
            "bedtime check on turn %(turns)s", "bedtime checks on turns %(turns)s",
            len(bed)) % {"turns": ", ".join(ctx.format_number(t) for t in bed)})
    return " · ".join(parts)


def _signed(ctx: DrawContext, n: int) -> str:
    text = ctx.format_number(abs(n))
    return ("+" if n > 0 else "−" if n < 0 else "") + text


def _thumbnail(c: Canvas, ctx: DrawContext, game_map: GameMap, scenario: Scenario,
               box: Rect) -> tuple[Cell, ...]:
    """The map scaled into ``box``: the set-up zones in team colours with their outline and
    letter, the objective with a star, each flag's starting hex with a flag."""
    m = LAYOUT.map
    hm = pwinch_hexmap(game_map, labels=False)
    view = View.fit(hm.grid, box)
    # every page showing this map places one drawing of it, made through the map sheet's
    # own view (the same marks as the sheet's, worked out once)
    drawn = draw_map(c, ctx, hm, view,
                     base=BaseForm(f"pwinch-{scenario.map}", sheet_geometry(game_map).view))
    for team in scenario.teams:
        cells = [cell_of(h) for h in team.setup.hexes(game_map)]
        fill_cells(c, view, cells, CellStyle(team_ink(team.colour),
                                             alpha=m.zone_alpha))
        draw_edges(c, view, outline(hm.grid, cells, team_ink(team.colour, dark=True),
                                    m.zone_line_pt / view.scale,
                                    inset_pt=m.zone_line_pt / 2))
    star = star_glyph(ink("objective"), ink("objective_ink"))
    symbols: dict[Cell, tuple[Symbol, ...]] = {}
    for h in objective_hexes(game_map, scenario):
        symbols[cell_of(h)] = (_bigger(star),)
    for team in scenario.teams:
        if team.flag:
            symbols[cell_of(flag_home(game_map, team))] = (_bigger(
                flag_glyph(team_ink(team.colour), team_ink(team.colour, dark=True))),)
    draw_symbols(c, ctx, view, symbols)
    for team in scenario.teams:
        _badge(c, ctx, view, game_map, team)
    c.saveState()
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(0.5)
    r = view.rect
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
    c.restoreState()
    return drawn


def _bigger(symbol: Symbol) -> Symbol:
    """``symbol`` drawn as for a hex twice the size: on a thumbnail's small hexes an objective
    must read at a glance."""

    def draw(c: Canvas, ctx: DrawContext, x: float, y: float, size: float) -> None:
        symbol(c, ctx, x, y, size * 2.0)

    return draw


def _badge(c: Canvas, ctx: DrawContext, view: View, game_map: GameMap, team: Team) -> None:
    """The team's letter on a square of its colour, on the zone's middle row near its west
    end (clear of the flag, which stands in the zone's middle)."""
    m = LAYOUT.map
    z = team.setup
    spot = game_map.hex_at((z.rows[0] + z.rows[1] + 1) // 2,
                           min(z.columns[0] + 1, z.columns[1]))
    x, y = view.centre(cell_of(spot))
    side = mm(m.badge)
    c.saveState()
    c.setFillColor(team_ink(team.colour))
    c.setStrokeColor(team_ink(team.colour, dark=True))
    c.setLineWidth(1.0)
    c.rect(x - side / 2, y - side / 2, side, side, stroke=1, fill=1)
    letter = TEAM_LETTERS[team.colour]
    face = ctx.font(FontRole.SANS_BOLD)
    ctx.check_glyphs(FontRole.SANS_BOLD, letter, "zone badge")
    size = m.badge_size
    c.setFillColor(team_ink(team.colour, dark=True))
    c.setFont(face, size)
    c.drawCentredString(x, y - pdfmetrics.getAscentDescent(face, size)[0] * 0.36, letter)
    c.restoreState()


def _teams(w: Writer, ctx: DrawContext, data: GameData, scenario: Scenario) -> None:
    t = LAYOUT.teams
    size, leading = t.size, t.leading
    game_map = data.maps[scenario.map]
    swatch = mm(t.swatch)
    for team in scenario.teams:
        top = w.y
        if not w.dry:
            _swatch(w.c, ctx, team, w.x, top, swatch)
        indent = swatch + mm(2)
        name = ctx._("%(colour)s team (%(letter)s)") % {
            "colour": ctx._(TEAM_NAMES[team.colour]).capitalize(),
            "letter": TEAM_LETTERS[team.colour]}
        w.write(name, FontRole.SANS_BOLD, t.head_size, t.head_size * 1.3,
                ink("title"), "team", indent)
        if team.characters:
            names = ", ".join(data.roster.get(cid).name for cid in team.characters)
            who = ctx._("Characters: %(names)s") % {"names": names}
        else:
            who = ctx.ngettext("Draft %(n)d character", "Draft %(n)d characters",
                               team.draft) % {"n": team.draft}
        dummies = ctx.ngettext("%(n)d dummy", "%(n)d dummies", team.dummies) % {
            "n": team.dummies}
        zone = ctx._("set up on rows %(r0)d–%(r1)d, columns %(c0)d–%(c1)d") % {
            "r0": team.setup.rows[0], "r1": team.setup.rows[1],
            "c0": team.setup.columns[0], "c1": team.setup.columns[1]}
        line = " · ".join((who, dummies, zone))
        if team.flag:
            line += " · " + ctx._("flag on %(code)s") % {
                "code": hex_code(flag_home(game_map, team))}
        w.write(line, FontRole.SANS, size, leading, ink("text"), "team", indent)
        items = ", ".join(
            ctx._("%(item)s × %(n)s") % {"item": ctx._(ITEM_NAMES[item]),
                                          "n": ctx.format_number(n)}
            for item, n in team.equipment)
        w.write(ctx._("Equipment to share out: %(items)s") % {"items": items}, FontRole.SANS, size,
                leading, ink("text"), "team equipment", indent)
        w.y = min(w.y, top - swatch)
        w.gap(mm(t.row_gap))


def _swatch(c: Canvas, ctx: DrawContext, team: Team, x: float, top: float, side: float) -> None:
    """The team's colour with its letter, beside its name."""
    c.saveState()
    c.setFillColor(team_ink(team.colour))
    c.setStrokeColor(team_ink(team.colour, dark=True))
    c.rect(x, top - side, side, side, stroke=1, fill=1)
    letter = TEAM_LETTERS[team.colour]
    face = ctx.font(FontRole.SANS_BOLD)
    ctx.check_glyphs(FontRole.SANS_BOLD, letter, "team swatch")
    size = side * 0.62
    c.setFillColor(team_ink(team.colour, dark=True))
    c.setFont(face, size)
    c.drawCentredString(x + side / 2, top - side / 2 - pdfmetrics.getAscentDescent(face, size)[0]
                        * 0.36, letter)
    c.restoreState()


def _victory(w: Writer, ctx: DrawContext, game_map: GameMap, scenario: Scenario) -> None:
    v = LAYOUT.victory
    size, leading = v.size, v.leading
    vic = scenario.victory
    w.write(ctx._("Victory points"), FontRole.SANS_BOLD, v.head_size,
            v.head_size * 1.35, ink("title"), "victory")
    lines = []
    if vic.eliminated:
        lines.append(ctx.ngettext(
            "%(n)d point for each enemy your fire eliminates.",
            "%(n)d points for each enemy your fire eliminates.", vic.eliminated) % {
            "n": vic.eliminated})
    if vic.red_at_end:
        lines.append(ctx.ngettext(
            "%(n)d point for each enemy on the red side when the game ends.",
            "%(n)d points for each enemy on the red side when the game ends.",
            vic.red_at_end) % {"n": vic.red_at_end})
    if vic.hold:
        lines.append(ctx.ngettext(
            "%(n)d point at the end of every turn you hold the %(what)s (star): one of yours "
            "on it, no enemy on it or next to it.",
            "%(n)d points at the end of every turn you hold the %(what)s (star): one of yours "
            "on it, no enemy on it or next to it.", vic.hold_points) % {
            "n": vic.hold_points, "what": in_sentence(ctx, ctx._(TERRAIN_NAMES[vic.hold]))})
    if vic.flag:
        text = ctx.ngettext(
            "%(n)d point for bringing the enemy flag into your own set-up zone.",
            "%(n)d points for bringing the enemy flag into your own set-up zone.",
            vic.flag) % {"n": vic.flag}
        if vic.flag_ends_game:
            text += " " + ctx._("That ends the game at once.")
        lines.append(text)
    lines.append(ctx._("The game ends after turn %(n)d, or sooner when at most one team still "
                       "has characters on the map. Most points wins; equal points, nobody "
                       "wins.") % {"n": scenario.turn_limit})
    checked = [in_sentence(ctx, ctx._(TERRAIN_NAMES[t])) for t in legend_terrains(game_map)
               if game_map.terrain_at(game_map.hexes_of(t)[0]).entry_check]
    if checked:
        lines.append(ctx._("Characters lost to bedtime, to their own fighting or to the moral "
                           "check on entering a hex (%(where)s) give nobody points.") % {
            "where": ", ".join(checked)})
    else:
        lines.append(ctx._("Characters lost to bedtime or to their own fighting give nobody "
                           "points."))
    for line in lines:
        w.write("• " + line, FontRole.SANS, size, leading, ink("text"), "victory")


def draw_scenario_booklet(ctx: DrawContext, _options: NoOptions, out: Path) -> None:
    """Every scenario of the data, one page each, in the data's order."""
    data = load_data()
    ids = scenario_order(data)
    with open_document(ctx, out, title=ctx._("%(game)s: %(what)s") % {
            "game": ctx._(TITLE), "what": ctx._(BOOKLET_TITLE)},
            build=("pwinch-wars", "scenario-booklet",
                   [repr(data.scenarios[s]) for s in ids])) as doc:
        for n, sid in enumerate(ids, start=1):
            with doc.page(band=False, page_count=len(ids)) as area:
                draw_scenario_page(doc.canvas, ctx, data, data.scenarios[sid], n, len(ids),
                                   area)
