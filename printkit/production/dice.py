"""Dice you can print: foldable nets with glue tabs, numbered like real dice.

Conventions (checked by folding every net in ``tests/test_production_dice.py``):

- d6: pips; opposite faces sum to 7; 1, 2 and 3 run counter-clockwise around their shared
  corner seen from outside (the "right-handed" Western die).
- d8, d12, d20: numerals; opposite faces sum to n + 1.
- d10 (ones): 0-9 (0 reads as 10); opposite faces sum to 9; the odd numbers ring one apex,
  the even ones the other; numerals point at their apex.
  d10 (tens): 00-90, the same arrangement times ten (opposite faces sum to 90).
- d4: numbers at the corners: each corner has one number (1-4), printed near that corner on
  all three faces that meet there, pointing at it; the result is the number on top.
- 6 and 9 (and 60, 90 on the tens die) are underlined wherever they would be ambiguous.

A game's kit names the dice it is played with as a :class:`DicePreset` (``Kit.dice``) and
prints them with :func:`dice_component`; the ``dice`` kit (:data:`DICE_KIT`) prints the preset
of every registered game: ``printkit build dice [--preset NAME]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.context import DrawContext
from printkit.i18n import N_
from printkit.kits import Component, Kit, NoOptions
from printkit.production.polyhedra import Net, Solid, net, solid
from printkit.units import mm

CMYK = tuple[float, float, float, float]
SIDES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}


@dataclass(frozen=True)
class DieSpec:
    kind: str  # d4 ... d20
    colour: str  # printed next to the net
    fill: CMYK = (0, 0, 0, 0)
    ink: CMYK = (0, 0, 0, 1)
    tens: bool = False  # d10 marked 00-90


@dataclass(frozen=True)
class DicePreset:
    name: str
    title: str
    dice: tuple[DieSpec, ...]


WHITE: CMYK = (0, 0, 0, 0)
YELLOW: CMYK = (0, 0.12, 0.85, 0)
RED: CMYK = (0, 0.85, 0.75, 0.05)
INK_WHITE: CMYK = (0, 0, 0, 0)

# --- numbering -------------------------------------------------------------------------------


def _det(a: Any, b: Any, c: Any) -> float:
    return float(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                 + a[2] * (b[0] * c[1] - b[1] * c[0]))


def face_values(kind: str) -> tuple[int, ...]:
    """The value of each face of ``solid(kind)`` (for the d4: of each *vertex*)."""
    sol = solid(kind)
    n = SIDES[kind]
    if kind == "d4":
        return tuple(range(1, 5))
    values: dict[int, int] = {}
    if kind == "d6":
        faces = range(6)
        corner = next((a, b, c) for a in faces for b in faces for c in faces
                      if len({a, b, c}) == 3 and _adjacent(sol, a, b) and _adjacent(sol, b, c)
                      and _adjacent(sol, a, c)
                      and _det(sol.normal(a), sol.normal(b), sol.normal(c)) > 0)
        for v, f in zip((1, 2, 3), corner, strict=True):
            values[f] = v
            values[sol.opposite(f)] = 7 - v
    elif kind == "d10":
        upper = sorted((f for f in range(10) if sol.centroid(f)[2] > 0),
                       key=lambda f: math.atan2(sol.centroid(f)[1], sol.centroid(f)[0]))
        for v, f in zip((1, 3, 5, 7, 9), upper, strict=True):
            values[f] = v
            values[sol.opposite(f)] = 9 - v
    else:
        low = 1
        for f in range(len(sol.faces)):
            if f not in values:
                values[f] = low
                values[sol.opposite(f)] = n + 1 - low
                low += 1
    return tuple(values[f] for f in range(len(sol.faces)))


def _adjacent(sol: Solid, a: int, b: int) -> bool:
    return len(set(sol.faces[a]) & set(sol.faces[b])) == 2


def label(kind: str, value: int, tens: bool = False) -> tuple[str, bool]:
    """The printed text of a value, and whether it is underlined."""
    if kind == "d10" and tens:
        return (f"{value * 10:02d}", value in (6, 9))
    return (str(value), value in (6, 9) and SIDES[kind] >= 9)


# --- drawing ---------------------------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def draw_net(c: Any, spec: DieSpec, x: float, y: float) -> None:
    """Draw the net of ``spec`` with its lower-left bounding corner at (x, y) (points)."""
    from printkit.fonts import font

    nt = net(spec.kind)
    values = face_values(spec.kind)
    S = mm(1)

    def P(p: tuple[float, float]) -> tuple[float, float]:
        return (x + p[0] * S, y + p[1] * S)

    c.saveState()
    c.setLineJoin(1)
    # tabs first (white, under the faces)
    c.setStrokeColorCMYK(0, 0, 0, 1)
    c.setLineWidth(0.5)
    for poly in nt.tab_polys:
        _poly(c, [P(p) for p in poly], fill=(0, 0, 0, 0.06), stroke=True)
    # faces
    c.setLineWidth(0.3)
    for poly in nt.points:
        _poly(c, [P(p) for p in poly], fill=spec.fill, stroke=False)
    # numbers / pips
    for f, poly in enumerate(nt.points):
        pts = [P(p) for p in poly]
        _face_marks(c, spec, nt, f, pts, values, font("sans-bold"))
    # edges: outline solid (cut), hinges and tab bases dashed (fold)
    hinges = {frozenset((h.a, h.b)) for h in nt.hinges}
    tab_bases = {(f, frozenset((a, b))) for f, a, b in nt.tabs}
    c.setStrokeColorCMYK(0, 0, 0, 1)
    for f, face in enumerate(nt.faces):
        for i in range(len(face)):
            a, b = face[i], face[(i + 1) % len(face)]
            A, B = P(nt.points[f][i]), P(nt.points[f][(i + 1) % len(face)])
            edge = frozenset((a, b))
            if edge in hinges or (f, edge) in tab_bases:
                c.setDash(mm(1.2), mm(0.8))
                c.setLineWidth(0.35)
            else:
                c.setDash()
                c.setLineWidth(0.6)
            c.line(*A, *B)
    c.restoreState()


def _poly(c: Any, pts: list[tuple[float, float]], *, fill: CMYK | None, stroke: bool) -> None:
    path = c.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    if fill is not None:
        c.setFillColorCMYK(*fill)
    c.drawPath(path, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)


def _face_marks(c: Any, spec: DieSpec, nt: Net, f: int, pts: list[tuple[float, float]],
                values: tuple[int, ...], fontname: str) -> None:
    n = len(pts)
    cx, cy = sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n
    inr = min(_dist_to_line((cx, cy), pts[i], pts[(i + 1) % n]) for i in range(n))
    c.setFillColorCMYK(*spec.ink)
    if spec.kind == "d4":  # a number near each corner, pointing at it
        for i, v in enumerate(nt.faces[f]):
            vx, vy = pts[i]
            ang = math.atan2(vy - cy, vx - cx)
            px, py = cx + (vx - cx) * 0.52, cy + (vy - cy) * 0.52
            _text(c, str(values[v]), px, py, ang - math.pi / 2, inr * 0.55, fontname, False)
        return
    value = values[f]
    if spec.kind == "d6":
        half = inr * 0.52
        for dx, dy in PIPS[value]:
            c.circle(cx + dx * half, cy + dy * half, inr * 0.16, stroke=0, fill=1)
        return
    if spec.kind == "d10":  # point at the apex (solid vertices 0 and 1 are the apexes)
        apex = next(i for i, v in enumerate(nt.faces[f]) if v in (0, 1))
        ax, ay = pts[apex]
        far = pts[(apex + 2) % 4]
        cx, cy = ax + (far[0] - ax) * 0.55, ay + (far[1] - ay) * 0.55
        up = math.atan2(ay - cy, ax - cx)
        size = inr * (0.75 if spec.tens else 0.95)
    else:
        up = math.atan2(pts[0][1] - cy, pts[0][0] - cx)
        size = inr * (0.95 if n == 3 else 0.8)
    text, underline = label(spec.kind, value, spec.tens)
    _text(c, text, cx, cy, up - math.pi / 2, size, fontname, underline)


def _text(c: Any, text: str, x: float, y: float, angle: float, size: float, fontname: str,
          underline: bool) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c.saveState()
    c.translate(x, y)
    c.rotate(math.degrees(angle))
    c.setFont(fontname, size)
    c.drawCentredString(0, -size * 0.35, text)
    if underline:
        w = stringWidth(text, fontname, size)
        c.setLineWidth(size * 0.07)
        c.setStrokeColor(c._fillColorObj)
        c.line(-w / 2, -size * 0.5, w / 2, -size * 0.5)
    c.restoreState()


def _dist_to_line(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
                  ) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.hypot(bx - ax, by - ay)


# --- sheets ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class NetPlacement:
    page: int
    x: float  # lower-left of the net's bounding box, points
    y: float
    w: float
    h: float
    spec: DieSpec
    turned: bool = False  # drawn a quarter turn anticlockwise (long side along the paper's)


LABEL_H = mm(4.5)
GAP = mm(4)


def layout(preset: DicePreset, ctx: Any) -> list[NetPlacement]:
    """Shelf-pack the nets into the safe area (first page below the note and rulers)."""
    from printkit.errors import LayoutError
    from printkit.production.profiles import FIRST_PAGE_BAND, profile, safe_rect

    x0, y0, x1, y1 = safe_rect(ctx.paper, profile(ctx.profile)).corners
    out: list[NetPlacement] = []
    page, cx, top = 0, x0, y1 - FIRST_PAGE_BAND - mm(12)
    shelf = 0.0
    for spec in preset.dice:
        bx0, by0, bx1, by1 = net(spec.kind).bbox()
        w, h = mm(bx1 - bx0), mm(by1 - by0)
        turned = (w > h) != (ctx.paper.width > ctx.paper.height)
        if turned:
            w, h = h, w
        if w > x1 - x0 or h + LABEL_H > y1 - y0:
            raise LayoutError(f"a {spec.kind} net ({w / mm(1):.0f} x {h / mm(1):.0f} mm) does "
                              f"not fit on {ctx.paper.name}")
        if cx + w > x1 + 1e-6:  # next shelf
            cx, top, shelf = x0, top - shelf - GAP, 0.0
        if top - LABEL_H - h < y0 - 1e-6:  # next page
            page, cx, top, shelf = page + 1, x0, y1, 0.0
        out.append(NetPlacement(page, cx, top - LABEL_H - h, w, h, spec, turned))
        cx += w + GAP
        shelf = max(shelf, h + LABEL_H)
    return out


def draw_preset(preset: DicePreset, ctx: DrawContext, path: Path) -> Path:
    """Write one preset's dice sheets to ``path``."""
    from printkit.page import open_document

    placements = layout(preset, ctx)
    pages = max(p.page for p in placements) + 1
    title = ctx._(preset.title)
    with open_document(ctx, path, title=title,
                       subject=ctx._("Printable dice: {name}").format(name=preset.name),
                       build=("dice", preset.name)) as doc:
        c = doc.canvas
        for page in range(pages):
            with doc.page() as area:
                if page == 0:
                    c.setFillColorCMYK(0, 0, 0, 1)
                    c.setFont(ctx.font("sans-bold"), 11)
                    top = area.top - mm(5)
                    ctx.check_glyphs("sans-bold", title, "title")
                    c.drawString(area.x, top, title)
                    c.setFont(ctx.font("sans"), 7.5)
                    how = ctx._("Cut along solid lines, crease the dashed lines (fold away from "
                                "you), glue each grey tab inside its neighbouring face.")
                    ctx.check_text(how, "sans", 7.5, area.w, mm(4), detail="instructions",
                                   wrap=False)
                    c.drawString(area.x, top - mm(4.5), how)
                for p in placements:
                    if p.page != page:
                        continue
                    c.setFillColorCMYK(0, 0, 0, 1)
                    c.setFont(ctx.font("sans"), 7)
                    name = ctx._("{kind} · {colour}").format(kind=p.spec.kind.upper(),
                                                             colour=ctx._(p.spec.colour))
                    ctx.check_glyphs("sans", name, "net label")
                    c.drawString(p.x, p.y + p.h + mm(1.3), name)
                    if p.turned:
                        c.saveState()
                        c.translate(p.x + p.w, p.y)
                        c.rotate(90)
                        draw_net(c, p.spec, 0, 0)
                        c.restoreState()
                    else:
                        draw_net(c, p.spec, p.x, p.y)
    return path


def dice_component(preset: DicePreset, name: str = "dice") -> Component[NoOptions]:
    """A kit's component that prints ``preset`` (for players who lack the dice)."""

    def draw(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
        draw_preset(preset, ctx, path)

    return Component(name, preset.title, draw,
                     N_("Printable dice nets: the dice the game is played with."))


def presets() -> dict[str, DicePreset]:
    """The dice preset of every registered game, by name."""
    from printkit.kits import kits

    return {k.dice.name: k.dice for k in kits().values() if k.dice is not None}


def preset(name: str) -> DicePreset:
    from printkit.errors import PrintkitError

    found = presets()
    if name not in found:
        raise PrintkitError(f"unknown dice preset {name!r}; choose from {', '.join(found)}")
    return found[name]


def _dice_kit_components() -> list[Component[NoOptions]]:
    return [dice_component(p, p.name) for p in presets().values()]


DICE_KIT: Kit[Any, Any] = Kit(
    name="dice",
    title=N_("Printable dice"),
    components=_dice_kit_components,
    description=N_("Foldable nets of every game's dice, one component per game."),
)
