"""The War of Bones play mat, and the helpers every War of Bones component shares.

The mat is the play area at its exact size (``area_in`` of the rules data, 9 in = 228.6 mm,
inside its edge line), the boundary of the area after each Converge the rules allow
(``converges_allowed``: every edge ``converge_in`` inwards, as long as the area stays at least
``converge_min_area_in``), a faint 10 mm grid, mm scales along the bottom and left edges (the
log's positions are mm from the bottom-left corner of the full area to a die's centre), inch
scales along the top and right, and each player's band along their edge: A at the bottom, B at
the top, each reading from its own side. Every line that bounds an area lies wholly outside
it: a die over a line has fallen out, as the engine reads it.

:func:`geometry` places all of it in points in the mat's own frame, whatever the paper; the
shared tiler (:func:`printkit.layout.tile.tile`) prints it whole on A3 or Tabloid and over
two tiles with an assembly page on A4 or Letter.

The helpers at the top (the layout, inks, the rules a build plays with, player badges, text in
a box) are shared by the ruler, the cards and the capacities.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.draw import centred, fit_size
from printkit.engines.war_of_bones.rules import Rules, load_rules, parse_rules
from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.kits import NoOptions
from printkit.layout.tile import TilePlan, plan_tiles, tile
from printkit.layouts import load_layout
from printkit.page.preflight import MIN_TEXT_PT
from printkit.page.profiles import build_id, profile
from printkit.units import inch, mm


@dataclass(frozen=True)
class MatSizes:
    padding: float
    band: float
    band_gap: float
    scale: float
    max_tiles: int
    cut_width: float
    border_width: float
    grid: float
    grid_major: float
    grid_width: float
    grid_major_width: float
    mm_tick: float
    mm_tick_mid: float
    mm_tick_major: float
    mm_label_every: int
    in_tick: float
    in_tick_half: float
    in_tick_major: float
    tick_width: float
    label_size: float
    label_gap: float
    converge_width: float
    converge_dash: tuple[float, float]
    converge_label_size: float
    converge_label_inset: float
    badge: float
    title_size: float
    player_size: float
    hint_size: float
    band_inset: float


@dataclass(frozen=True)
class RulerSizes:
    height: float
    boxes_h: float
    tail: float
    tick_width: float
    zero_width: float
    number_max: float
    number_share: float
    text_size: float
    text_min: float
    badge: float
    padding: float


@dataclass(frozen=True)
class TrackerSizes:
    size: str
    padding: float
    title_h: float
    title_size: float
    sub_size: float
    die_clearance: float
    box_gap: float
    number_h: float
    number_size: float
    troop_box: float
    troop_gap: float
    troop_label_size: float
    hint_size: float
    section_gap: float


@dataclass(frozen=True)
class CardSizes:
    size: str
    padding: float
    title_h: float
    title_size: float
    sub_size: float
    columns_gap: float
    max_size: float
    min_size: float


@dataclass(frozen=True)
class BookletSizes:
    max_pages: int
    caption_lines: int


@dataclass(frozen=True)
class BonesLayout:
    """``layout.toml``: the mat's, rulers' and cards' measurements (mm, text sizes and line
    widths in pt) and inks."""

    ink: dict[str, Color]
    mat: MatSizes
    ruler: RulerSizes
    tracker: TrackerSizes
    card: CardSizes
    booklet: BookletSizes


LAYOUT = load_layout(BonesLayout, Path(__file__).parent / "layout.toml")
DIE_SIZE_OPTION = "die_size_mm"
"""The game option that sets the die size (the engine's option of the same name)."""

PLAYER_A, PLAYER_B = 0, 1
PLAYER_KEYS = ("a", "b")
COLOUR_NAMES = (N_("bone"), N_("red"))
"""The colours of the two players' dice (the printed nets, the mat's bands, the cards)."""
TITLE = N_("War of Bones")


# --- shared helpers -------------------------------------------------------------------------


def ink(name: str) -> Color:
    return LAYOUT.ink[name]


def player_ink(player: int, shade: str = "") -> Color:
    """A player's colour: ``shade`` is ``""`` (the dice), ``"dark"`` or ``"tint"``."""
    return ink(PLAYER_KEYS[player] + (f"_{shade}" if shade else ""))


def game_rules(ctx: DrawContext) -> Rules:
    """The rules the build prints for: the rules data (or a designer's edited copy, the game
    option ``rules``) with the build's die size (the game option ``die_size_mm``, checked by
    the engine's rules), else the data's default size."""
    size = ctx.build.game_options.get(DIE_SIZE_OPTION)
    edited = ctx.build.game_options.get("rules")
    if edited is not None:  # a designer's edited rules.toml (--rules FILE)
        try:
            rules = parse_rules(edited)
            return rules if size is None else rules.with_die_size(float(size))
        except ValueError as exc:
            raise PrintkitError(f"--rules: {exc}") from None
    if size is None:
        return load_rules()
    try:
        return load_rules(float(size) if isinstance(size, str) else size)
    except ValueError as exc:
        raise PrintkitError(f"--die-size: {exc}") from None


def player_letter(player: int, rules: Rules) -> str:
    return rules.player_letters[player]


def player_name(ctx: DrawContext, player: int, rules: Rules) -> str:
    """``Player A``, in the build's language."""
    return ctx._("Player %(letter)s") % {"letter": player_letter(player, rules)}


def colour_name(ctx: DrawContext, player: int) -> str:
    return ctx._(COLOUR_NAMES[player])


def player_badge(c: Canvas, ctx: DrawContext, player: int, rules: Rules, x: float, y: float,
                 side: float) -> None:
    """The player's letter on a square of their dice colour, lower-left corner at (x, y).
    B's square is hatched too, so that the two tell apart without colour."""
    c.saveState()
    c.setFillColor(player_ink(player))
    c.setStrokeColor(player_ink(player, "dark"))
    c.setLineWidth(0.6)
    c.rect(x, y, side, side, stroke=0, fill=1)
    if player == PLAYER_B:  # diagonal hatching, each line cut to the square
        c.setStrokeColor(ink("b_hatch"))
        c.setLineWidth(0.5)
        path = c.beginPath()
        for i in range(-4, 5):
            t = i * side / 5  # the line x - y = t, in the square's frame
            path.moveTo(x + max(0.0, t), y + max(0.0, -t))
            path.lineTo(x + min(side, side + t), y + min(side, side - t))
        c.drawPath(path, stroke=1, fill=0)
    c.rect(x, y, side, side, stroke=1, fill=0)
    c.setFillColor(HexColor("#ffffff") if player == PLAYER_B else player_ink(player, "dark"))
    centred(c, ctx, player_letter(player, rules), FontRole.SANS_BOLD, side * 0.78, x + side / 2,
            y + side / 2)
    c.restoreState()


def text_in(c: Canvas, ctx: DrawContext, text: str, role: FontRole, size: float, box: Rect, *,
            align: str = "left", detail: str = "", minimum: float = MIN_TEXT_PT) -> float:
    """``text`` on one line in ``box`` (left, right or centre), centred on its height
    optically, shrunk to its width but not under ``minimum`` (then the overflow is reported).
    Returns the size used."""
    ctx.check_glyphs(role, text, detail)
    face = ctx.font(role)
    size = fit_size(text, face, size, box.w, minimum)
    if pdfmetrics.stringWidth(text, face, size) > box.w + 0.01:
        ctx.check_text(text, role, size, box.w, box.h, detail=detail, wrap=False)
    asc = pdfmetrics.getAscentDescent(face, size)[0]
    y = box.cy - asc * 0.36
    c.setFont(face, size)
    if align == "right":
        c.drawRightString(box.right, y, text)
    elif align == "centre":
        c.drawCentredString(box.cx, y, text)
    else:
        c.drawString(box.x, y, text)
    return size


@contextmanager
def facing(c: Canvas, rect: Rect, player: int) -> Iterator[Rect]:
    """Draw in ``rect`` as seen from ``player``'s side of the mat: A's side is the bottom
    (upright), B's the top (turned half round). Yields the rectangle in the turned frame."""
    c.saveState()
    if player == PLAYER_B:
        c.translate(rect.right, rect.top)
        c.rotate(180)
    else:
        c.translate(rect.x, rect.y)
    yield Rect(0.0, 0.0, rect.w, rect.h)
    c.restoreState()


# --- the mat's geometry ---------------------------------------------------------------------


def converge_sides_in(rules: Rules) -> tuple[float, ...]:
    """The side of the area after each Converge the rules allow, in inches (9 in -> 5 in)."""
    return tuple(rules.area_in - 2 * k * rules.converge_in
                 for k in range(1, rules.converges_allowed + 1))


@dataclass(frozen=True)
class MatGeometry:
    """Every rectangle of the mat, in points, in the mat's own frame (its trim's lower-left
    corner at the origin)."""

    width: float
    height: float
    area: Rect  # the play area: the log's origin is its lower-left corner
    converged: tuple[Rect, ...]  # the area after 1, 2 ... Converges
    bands: tuple[Rect, Rect]  # player A's band (bottom), player B's (top)
    area_mm: float
    area_in: float

    @property
    def trim(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)


def mat_size_mm(rules: Rules | None = None) -> tuple[float, float]:
    """The mat's trim size in mm: the area, a scale strip on every side, a band on the top
    and bottom, and the padding."""
    rules = rules or load_rules()
    m = LAYOUT.mat
    side = rules.area_mm
    w = side + 2 * (m.padding + m.scale)
    h = side + 2 * (m.padding + m.band + m.band_gap + m.scale)
    return w, h


def geometry(rules: Rules | None = None) -> MatGeometry:
    rules = rules or load_rules()
    m = LAYOUT.mat
    w_mm, h_mm = mat_size_mm(rules)
    side = mm(rules.area_mm)
    pad, band, scale = mm(m.padding), mm(m.band), mm(m.scale)
    below = pad + band + mm(m.band_gap) + scale
    area = Rect(pad + scale, below, side, side)
    converged = tuple(area.inset((side - inch(s)) / 2) for s in converge_sides_in(rules))
    bands = (Rect(pad, pad, mm(w_mm) - 2 * pad, band),
             Rect(pad, mm(h_mm) - pad - band, mm(w_mm) - 2 * pad, band))
    return MatGeometry(mm(w_mm), mm(h_mm), area, converged, bands, rules.area_mm,
                       rules.area_in)


def tile_plan(ctx: DrawContext, rules: Rules | None = None) -> TilePlan:
    """How the shared tiler lays the mat on the build's paper (one page, or tiles)."""
    w, h = mat_size_mm(rules)
    return plan_tiles(mm(w), mm(h), ctx.paper, ctx.profile)


def mat_pieces(ctx: DrawContext, rules: Rules | None = None) -> int:
    """The pieces the mat is printed on: 1 when whole, else the number of tiles."""
    plan = tile_plan(ctx, rules)
    return 1 if plan.single else len(plan.tiles)


def largest_area_mm(ctx: DrawContext) -> int:
    """The largest play area side (whole mm) whose mat the build's paper prints on at most
    ``max_tiles`` pieces: what an edited ``area_in`` may grow to before the mat needs more
    pages."""
    rules = load_rules()
    w0, h0 = mat_size_mm(rules)
    extra_w, extra_h = w0 - rules.area_mm, h0 - rules.area_mm
    limit = LAYOUT.mat.max_tiles

    def fits(side: int) -> bool:
        plan = plan_tiles(mm(side + extra_w), mm(side + extra_h), ctx.paper, ctx.profile)
        return plan.single is not None or len(plan.tiles) <= int(limit)

    lo, hi = 0, 2000  # fits(lo) holds, fits(hi) does not (2 m of mat is never 2 pages)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


# --- drawing --------------------------------------------------------------------------------


def draw_mat(c: Canvas, ctx: DrawContext, g: MatGeometry, rules: Rules) -> None:
    """Print the mat into its geometry (the mat's own frame)."""
    c.saveState()
    if profile(ctx.profile).bleed == 0:  # at home the line is the cut; a shop cuts the trim
        _trim_line(c, g)
    _area(c, g)
    _grid(c, g)
    _converge(c, ctx, g, rules)
    _edge(c, g)
    _mm_scales(c, ctx, g)
    _inch_scales(c, ctx, g)
    for player in (PLAYER_A, PLAYER_B):
        _band(c, ctx, g.bands[player], player, rules)
    c.restoreState()


def _trim_line(c: Canvas, g: MatGeometry) -> None:
    """A thin line on the trim (wholly inside it): where to cut the assembled mat."""
    width = LAYOUT.mat.cut_width
    r = g.trim.inset(width / 2)
    c.setStrokeColor(ink("cut"))
    c.setLineWidth(width)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)


def _area(c: Canvas, g: MatGeometry) -> None:
    a = g.area
    c.setFillColor(ink("area"))
    c.rect(a.x, a.y, a.w, a.h, stroke=0, fill=1)
    c.setFillColor(ink("converged"))
    for r in g.converged:
        c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)


def _grid(c: Canvas, g: MatGeometry) -> None:
    """Faint lines every ``grid`` mm from the bottom-left corner, stronger every
    ``grid_major`` mm: a straight edge laid along them reads a die's position."""
    m = LAYOUT.mat
    a = g.area
    step = m.grid
    every = round(m.grid_major / step)
    count = math.ceil(g.area_mm / step - 1e-9)
    for major in (False, True):
        c.setStrokeColor(ink("grid_major" if major else "grid"))
        c.setLineWidth(m.grid_major_width if major else m.grid_width)
        path = c.beginPath()
        for i in range(1, count):
            if (i % every == 0) != major:
                continue
            d = mm(i * step)
            path.moveTo(a.x + d, a.y)
            path.lineTo(a.x + d, a.top)
            path.moveTo(a.x, a.y + d)
            path.lineTo(a.right, a.y + d)
        c.drawPath(path, stroke=1, fill=0)


def _converge(c: Canvas, ctx: DrawContext, g: MatGeometry, rules: Rules) -> None:
    """Each Converge's boundary, dashed, wholly outside the area it leaves, labelled inside
    it for both players."""
    m = LAYOUT.mat
    width = m.converge_width
    size = m.converge_label_size
    inset = mm(m.converge_label_inset)
    for k, r in enumerate(g.converged, start=1):
        line = r.outset(width / 2)
        c.saveState()
        c.setStrokeColor(ink("converge"))
        c.setLineWidth(width)
        c.setDash([mm(v) for v in m.converge_dash], 0)
        c.rect(line.x, line.y, line.w, line.h, stroke=1, fill=0)
        c.restoreState()
        side = ctx.format_number(round(r.w / inch(1), 3))
        label = ctx.ngettext("after %(n)d Converge: %(side)s × %(side)s in",
                             "after %(n)d Converges: %(side)s × %(side)s in", k) % {
            "n": k, "side": side}
        strip = Rect(r.x + inset, r.top - inset - size * 1.2, r.w - 2 * inset, size * 1.2)
        for player in (PLAYER_A, PLAYER_B):
            turned = strip if player == PLAYER_A else Rect(strip.x, r.y + inset, strip.w,
                                                           strip.h)
            with facing(c, turned, player) as box:
                c.setFillColor(ink("converge"))
                text_in(c, ctx, label, FontRole.SANS_BOLD, size, box, align="centre",
                        detail="converge label")


def _edge(c: Canvas, g: MatGeometry) -> None:
    """The area's edge line, wholly outside the area."""
    width = LAYOUT.mat.border_width
    r = g.area.outset(width / 2)
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(width)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)


def _ticks(c: Canvas, ticks: list[tuple[float, float, float, float]]) -> None:
    c.setStrokeColor(ink("rule"))
    c.setLineWidth(LAYOUT.mat.tick_width)
    path = c.beginPath()
    for x0, y0, x1, y1 in ticks:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    c.drawPath(path, stroke=1, fill=0)


def _number(c: Canvas, ctx: DrawContext, text: str, x: float, y: float, align: str) -> None:
    """A scale number whose ``align`` side (left, right or centre) is at ``x``, centred on
    ``y`` optically."""
    size = LAYOUT.mat.label_size
    face = ctx.font(FontRole.SANS)
    ctx.check_glyphs(FontRole.SANS, text, "scale")
    c.setFont(face, size)
    base = y - pdfmetrics.getAscentDescent(face, size)[0] * 0.36
    if align == "right":
        c.drawRightString(x, base, text)
    elif align == "left":
        c.drawString(x, base, text)
    else:
        c.drawCentredString(x, base, text)


def _mm_scales(c: Canvas, ctx: DrawContext, g: MatGeometry) -> None:
    """A tick every mm along the bottom and left edges, from the corner the log measures
    from; numbers every ``mm_label_every`` mm."""
    m = LAYOUT.mat
    a = g.area
    every = m.mm_label_every
    ticks = []
    for i in range(math.floor(g.area_mm + 1e-9) + 1):
        n = mm(m.mm_tick_major if i % every == 0 else m.mm_tick_mid if i % 5 == 0
               else m.mm_tick)
        d = mm(i)
        ticks += [(a.x + d, a.y, a.x + d, a.y - n), (a.x, a.y + d, a.x - n, a.y + d)]
    _ticks(c, ticks)
    c.setFillColor(ink("text"))
    reach = mm(m.mm_tick_major + m.label_gap)
    size = m.label_size
    for i in range(0, math.floor(g.area_mm + 1e-9) + 1, every):
        text = ctx.format_number(i)
        _number(c, ctx, text, a.x + mm(i), a.y - reach - size * 0.45, "centre")
        _number(c, ctx, text, a.x - reach, a.y + mm(i), "right")
    corner = Rect(a.x - mm(m.scale), a.y - mm(m.scale), mm(m.scale), mm(m.scale))
    c.setFillColor(ink("hint"))
    text_in(c, ctx, ctx._("mm"), FontRole.SANS_BOLD, size,
            Rect(corner.x, corner.y, corner.w * 0.55, corner.h * 0.6), align="centre",
            detail="scale unit")


def _inch_scales(c: Canvas, ctx: DrawContext, g: MatGeometry) -> None:
    """A tick every quarter inch along the top and right edges, numbered every inch."""
    m = LAYOUT.mat
    a = g.area
    ticks = []
    quarters = math.floor(g.area_in * 4 + 1e-9)
    for q in range(quarters + 1):
        n = mm(m.in_tick_major if q % 4 == 0 else m.in_tick_half if q % 2 == 0
               else m.in_tick)
        d = inch(q / 4)
        ticks += [(a.x + d, a.top, a.x + d, a.top + n), (a.right, a.y + d, a.right + n, a.y + d)]
    _ticks(c, ticks)
    c.setFillColor(ink("text"))
    reach = mm(m.in_tick_major + m.label_gap)
    size = m.label_size
    for j in range(math.floor(g.area_in + 1e-9) + 1):
        text = ctx.format_number(j)
        _number(c, ctx, text, a.x + inch(j), a.top + reach + size * 0.45, "centre")
        _number(c, ctx, text, a.right + reach, a.y + inch(j), "left")
    s = mm(m.scale)
    c.setFillColor(ink("hint"))
    text_in(c, ctx, ctx._("in"), FontRole.SANS_BOLD, size,
            Rect(a.right + s * 0.45, a.top + s * 0.4, s * 0.55, s * 0.6), align="centre",
            detail="scale unit")


def _band(c: Canvas, ctx: DrawContext, rect: Rect, player: int, rules: Rules) -> None:
    """A player's band along their edge, reading from their side: their badge and name, the
    game's title, and a hint (A: how positions are measured; B: the Converge)."""
    m = LAYOUT.mat
    if player == PLAYER_A:
        hint = ctx._("Positions: mm from the bottom-left corner to a die's centre, "
                     "across then up.")
    else:
        hint = ctx._("Converge: every edge moves %(n)s in inwards. A die on a line is out.") % {
            "n": ctx.format_number(rules.converge_in)}
    with facing(c, rect, player) as r:
        c.setFillColor(player_ink(player, "tint"))
        c.setStrokeColor(player_ink(player, "dark"))
        c.setLineWidth(0.5)
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
        inset, badge = mm(m.band_inset), mm(m.badge)
        player_badge(c, ctx, player, rules, r.x + inset, r.cy - badge / 2, badge)
        third = r.w / 3
        name_x = r.x + inset + badge + mm(2)
        c.setFillColor(player_ink(player, "dark"))
        text_in(c, ctx, player_name(ctx, player, rules) + " · " + ctx._(
            "%(colour)s dice") % {"colour": colour_name(ctx, player)}, FontRole.SANS_BOLD,
            m.player_size, Rect(name_x, r.y, third - name_x - mm(2), r.h),
            detail="mat band")
        text_in(c, ctx, ctx._(TITLE).upper(), FontRole.SANS_BOLD, m.title_size,
                Rect(r.cx - third * 0.3, r.y, third * 0.6, r.h), align="centre",
                detail="mat band")
        c.setFillColor(ink("hint"))
        hint_x = r.cx + third * 0.33
        text_in(c, ctx, hint, FontRole.SANS, m.hint_size,
                Rect(hint_x, r.y, r.right - inset - hint_x, r.h), align="right",
                detail="mat band")


def draw_play_mat(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The mat at its true size: whole on one page when the paper takes it (A3, Tabloid),
    else over tiles with an assembly page (A4, Letter), by the shared tiler."""
    rules = game_rules(ctx)
    g = geometry(rules)
    w_mm, h_mm = mat_size_mm(rules)
    tile(lambda c, _w, _h: draw_mat(c, ctx, g, rules), w_mm, h_mm, ctx, path,
         title=ctx._("War of Bones: play mat"),
         build=build_id("war-of-bones", "play-mat", rules.area_in, rules.converge_in,
                        rules.converges_allowed, ctx.paper.size, ctx.profile, ctx.locale))
