"""Dice you can print: foldable nets with glue tabs, numbered like real dice.

Conventions (checked by folding every net in ``tests/test_production_dice.py``):

- d6: pips; opposite faces sum to 7; 1, 2 and 3 run counter-clockwise around their shared
  corner seen from outside (the "right-handed" Western die).
- d8, d12, d20: numerals; opposite faces sum to n + 1.
- d10 (ones): 0-9 (0 reads as 10; a game where it does prints "10" on that face,
  ``DieSpec.ten_for_zero``); opposite faces sum to 9; the odd numbers ring one apex, the even
  ones the other; numerals point at their apex.
  d10 (tens): 00-90, the same arrangement times ten (opposite faces sum to 90).
- d4: numbers at the corners: each corner has one number (1-4), printed near that corner on
  all three faces that meet there, pointing at it; the result is the number on top.
- 6 and 9 (and 60, 90 on the tens die) are underlined wherever they would be ambiguous.

Sizes: one rule for every die of every preset. Every die has the same **mean width**
(:data:`printkit.drawing.polyhedra.MEAN_WIDTH_MM`, 27 mm): its width between two parallel
planes averaged over all directions, the size the eye and the hand judge. Face to face that
makes a d6 of 18 mm, a d8 of 18.8, a d10 of 20.3, a d12 of 22.7, a d20 of 23.4 (a d4 stands
24.2 mm tall): the proportions of a shop-bought set (a 16 mm d6 beside a d20 of about 21 mm,
mean width about 24 mm), one eighth larger. Equal faces would make the d20 twice the d6;
equal face-to-face sizes would make the d6 look the largest (a cube is widest across its
corners). 27 mm keeps the smallest glue tabs (the d12's, on 10 mm edges) 3 mm deep and lets
nine d6 share one A4 or Letter page. A die's printed size is
:func:`~printkit.drawing.polyhedra.die_size`: a game's dice boxes are sized from it (and
from :data:`SHOP_D6_MM`, the shop-bought d6 they must hold too).

Sheets: :func:`layout` packs the nets' bounding boxes (either way round, each with its name
above it) on as few pages as it can (MaxRects); a landscape build turns the sheet when that
takes fewer pages. In print-shop a coloured net's colour runs the profile's bleed past its cut
outline (white nets need none), nets lie two bleeds apart and their names sit above the bleed.

A game's kit names the dice it is played with as a :class:`DicePreset` (``Kit.dice``) and
prints them with :func:`dice_component`; the ``dice`` kit (``templates/dice``, a kit of its
own, found through the registry like the games) prints the preset of every registered game:
``printkit build dice [--preset NAME]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.context import DrawContext
from printkit.drawing.polyhedra import Net, Solid, net, solid
from printkit.errors import LayoutError
from printkit.fonts import FontRole, font
from printkit.geometry import Rect
from printkit.i18n import N_, Catalog
from printkit.kits import Component, NoOptions
from printkit.page.document import open_document
from printkit.page.notice import band_height
from printkit.page.profiles import profile, safe_rect
from printkit.paper import Paper
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
    ten_for_zero: bool = False
    """A d10 whose 0 counts as 10 in its game: that face is printed "10", so nobody has to
    remember the rule at the table."""


@dataclass(frozen=True)
class DicePreset:
    name: str
    title: str
    dice: tuple[DieSpec, ...]
    catalog: Catalog | None = None
    """The catalog of its title and colours: the kit's that declares it (:func:`presets`
    fills it in, so that the dice kit prints every game's dice in that game's words)."""


WHITE: CMYK = (0, 0, 0, 0)
YELLOW: CMYK = (0, 0.12, 0.85, 0)
RED: CMYK = (0, 0.85, 0.75, 0.05)
INK_WHITE: CMYK = (0, 0, 0, 0)
TAB_GREY: CMYK = (0, 0, 0, 0.06)
SHOP_D6_MM = 16.0  # the common shop-bought d6: what a game's dice boxes must hold too
CUT_WIDTH = 0.6  # points
FOLD_WIDTH = 0.35

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


def label(kind: str, value: int, tens: bool = False,
          ten_for_zero: bool = False) -> tuple[str, bool]:
    """The printed text of a value, and whether it is underlined.

    >>> label("d10", 0), label("d10", 0, ten_for_zero=True), label("d10", 6)
    (('0', False), ('10', False), ('6', True))
    """
    if kind == "d10" and tens:
        return (f"{value * 10:02d}", value in (6, 9))
    if kind == "d10" and ten_for_zero and value == 0:
        return ("10", False)
    return (str(value), value in (6, 9) and SIDES[kind] >= 9)


# --- drawing ---------------------------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def draw_net(c: Any, spec: DieSpec, x: float, y: float, *, locale: str,
             bleed: float = 0.0) -> None:
    """Draw the net of ``spec`` with its lower-left bounding corner at (x, y) (points).

    With ``bleed`` (print-shop), a coloured net's faces run ``bleed`` past their edges, so a
    cut that strays leaves no white at the edge of a face; the glue tabs are drawn over it
    (they fold inside the die). The cut line stays on the outline of faces and tabs, the
    fold lines on the hinges and tab bases. The numbers are set in the font of ``locale``'s
    script.
    """
    nt = net(spec.kind)
    values = face_values(spec.kind)
    S = mm(1)

    def P(p: tuple[float, float]) -> tuple[float, float]:
        return (x + p[0] * S, y + p[1] * S)

    c.saveState()
    c.setLineJoin(1)
    if bleed > 0 and spec.fill != WHITE:  # white needs no bleed: it is the paper
        for poly in nt.points:
            _poly(c, [P(p) for p in offset_polygon(poly, bleed / S)], fill=spec.fill,
                  stroke=False)
    # tabs (light grey, over the bleed and under the faces)
    for poly in nt.tab_polys:
        _poly(c, [P(p) for p in poly], fill=TAB_GREY, stroke=False)
    # faces
    for poly in nt.points:
        _poly(c, [P(p) for p in poly], fill=spec.fill, stroke=False)
    # numbers / pips
    for f, poly in enumerate(nt.points):
        pts = [P(p) for p in poly]
        _face_marks(c, spec, nt, f, pts, values, font(FontRole.SANS_BOLD, locale))
    # cut lines: each tab's three free sides and every face edge that is neither a hinge nor
    # a tab's base; fold lines (dashed): hinges and tab bases
    c.setStrokeColorCMYK(0, 0, 0, 1)
    c.setDash()
    c.setLineWidth(CUT_WIDTH)
    for poly in nt.tab_polys:
        path = c.beginPath()
        path.moveTo(*P(poly[1]))
        for p in (*poly[2:], poly[0]):
            path.lineTo(*P(p))
        c.drawPath(path, stroke=1, fill=0)
    folds = {frozenset((h.a, h.b)): h.parent for h in nt.hinges}
    tab_bases = {(f, frozenset((a, b))) for f, a, b in nt.tabs}
    dashed: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for f, face in enumerate(nt.faces):
        for i in range(len(face)):
            edge = frozenset((face[i], face[(i + 1) % len(face)]))
            A, B = P(nt.points[f][i]), P(nt.points[f][(i + 1) % len(face)])
            if folds.get(edge) == f or (f, edge) in tab_bases:
                dashed.append((A, B))  # a hinge once (from its parent face), a tab's base
            elif edge not in folds:
                c.line(*A, *B)
    c.setLineWidth(FOLD_WIDTH)
    for A, B in dashed:
        c.setDash(*_dashes(math.dist(A, B)))
        c.line(*A, *B)
    c.restoreState()


def _dashes(length: float) -> tuple[list[float], float]:
    """A dash pattern close to 1.2 mm on, 0.8 mm off that starts and ends ``length`` with a
    dash, so that fold lines meet at the corners."""
    on, off = mm(1.2), mm(0.8)
    n = max(1, round((length + off) / (on + off)))
    k = length / (n * on + (n - 1) * off)
    return [on * k, off * k], 0.0


def offset_polygon(poly: Sequence[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """A convex polygon grown by ``d``: each edge moved out parallel to itself, the corners
    rounded (arcs of at most 30 degrees), so nothing reaches farther than ``d`` from it.

    >>> sq = offset_polygon(((0, 0), (2, 0), (2, 2), (0, 2)), 1)
    >>> len(sq), min(x for x, _y in sq), max(x for x, _y in sq)
    (16, -1.0, 3.0)
    """
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))
    sign = 1.0 if area > 0 else -1.0  # outward normal of a counter-clockwise edge: (dy, -dx)
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        L = math.hypot(x1 - x0, y1 - y0)
        normals.append(math.atan2(sign * -(x1 - x0) / L, sign * (y1 - y0) / L))
    out: list[tuple[float, float]] = []
    for i in range(n):
        vx, vy = poly[i]
        a0, a1 = normals[i - 1], normals[i]
        turn = (a1 - a0) * sign % (2 * math.pi)  # the exterior angle at this corner
        steps = max(1, math.ceil(turn / math.radians(30) - 1e-9))
        for k in range(steps + 1):
            a = a0 + sign * turn * k / steps
            out.append((vx + d * math.cos(a), vy + d * math.sin(a)))
    return out


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
        size = inr * (0.75 if spec.tens or spec.ten_for_zero else 0.95)  # two digits
    else:
        up = math.atan2(pts[0][1] - cy, pts[0][0] - cx)
        size = inr * (0.95 if n == 3 else 0.8)
    text, underline = label(spec.kind, value, spec.tens, spec.ten_for_zero)
    _text(c, text, cx, cy, up - math.pi / 2, size, fontname, underline)


def _text(c: Any, text: str, x: float, y: float, angle: float, size: float, fontname: str,
          underline: bool) -> None:
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
    turned: bool = False  # drawn a quarter turn anticlockwise
    label_lift: float = mm(1.3)  # from the net's top to its name's baseline

    @property
    def label_y(self) -> float:
        """Baseline of the net's name, above the net (and above its bleed)."""
        return self.y + self.h + self.label_lift


LABEL_H = mm(4.5)  # the net's name above it
TITLE_H = mm(12)  # first page: the title and the instructions above the nets
CONTINUED_H = mm(6)  # a later page's heading: whose dice these are, continued
GAP = mm(3)  # between two nets at home: room for the scissors (print-shop: twice the bleed)
EPS = 1e-6

Footprint = tuple[float, float, bool]  # width, height (label and gap included), turned
Score = tuple[float, ...]
# How MaxRects picks the free rectangle for an item: the least score wins.
PACK_RULES: dict[str, Any] = {
    "short side": lambda fw, fh, w, h, u, v: (min(fw - w, fh - h), max(fw - w, fh - h), v, u),
    "area": lambda fw, fh, w, h, u, v: (fw * fh - w * h, min(fw - w, fh - h), v, u),
    "top left": lambda fw, fh, w, h, u, v: (v + h, u),
}


def _pack_page(items: Sequence[int], fits: Sequence[Sequence[Footprint]], width: float,
               height: float, rule: str) -> tuple[dict[int, tuple[float, float, Footprint]],
                                                  list[int]]:
    """MaxRects on one page (u from the left, v down from the top): where each item goes,
    and the items that did not fit."""
    score = PACK_RULES[rule]
    free = [(0.0, 0.0, width, height)]
    placed: dict[int, tuple[float, float, Footprint]] = {}
    left: list[int] = []
    for i in items:
        best: tuple[Score, float, float, Footprint] | None = None
        for fit in fits[i]:
            w, h, _turned = fit
            for fu, fv, fw, fh in free:
                if w <= fw + EPS and h <= fh + EPS:
                    sc = score(fw, fh, w, h, fu, fv)
                    if best is None or sc < best[0]:
                        best = (sc, fu, fv, fit)
        if best is None:
            left.append(i)
            continue
        _sc, u, v, fit = best
        placed[i] = (u, v, fit)
        w, h = fit[0], fit[1]
        split = []
        for fu, fv, fw, fh in free:
            if u >= fu + fw - EPS or u + w <= fu + EPS or v >= fv + fh - EPS or v + h <= fv + EPS:
                split.append((fu, fv, fw, fh))
                continue
            if u > fu + EPS:
                split.append((fu, fv, u - fu, fh))
            if u + w < fu + fw - EPS:
                split.append((u + w, fv, fu + fw - u - w, fh))
            if v > fv + EPS:
                split.append((fu, fv, fw, v - fv))
            if v + h < fv + fh - EPS:
                split.append((fu, v + h, fw, fv + fh - v - h))
        free = [r for k, r in enumerate(split)
                if not any(_inside(r, q) and (r != q or j < k)
                           for j, q in enumerate(split) if j != k)]
    return placed, left


def _inside(r: tuple[float, float, float, float], q: tuple[float, float, float, float]) -> bool:
    return (r[0] >= q[0] - EPS and r[1] >= q[1] - EPS and r[0] + r[2] <= q[0] + q[2] + EPS
            and r[1] + r[3] <= q[1] + q[3] + EPS)


def page_areas(ctx: DrawContext, paper: Paper | None = None) -> tuple[Rect, Rect]:
    """Where nets go on the first page (below the band, the title and the instructions) and
    on the others (the safe area), as :class:`printkit.page.document.Document` hands them out."""
    safe = safe_rect(paper or ctx.paper, profile(ctx.profile))
    first = Rect(safe.x, safe.y, safe.w, safe.h - band_height(ctx.profile) - TITLE_H)
    return first, Rect(safe.x, safe.y, safe.w, safe.h - CONTINUED_H)


def sheet_paper(preset: DicePreset, ctx: DrawContext) -> Paper:
    """The build's paper, or the paper turned when that takes fewer pages (nets have no
    up: nine d6 take one portrait page but two landscape ones)."""
    pages = {p: max(n.page for n in layout(preset, ctx, p)) + 1
             for p in (ctx.paper, ctx.paper.rotated())}
    best: Paper = min(pages, key=lambda p: pages[p])
    return best


def layout(preset: DicePreset, ctx: DrawContext, paper: Paper | None = None) -> list[NetPlacement]:
    """Pack the nets on as few pages of ``paper`` (default: the build's) as possible:
    MaxRects over both orientations of each net's bounding box (with its name above it),
    three placement rules and three orders tried, the fewest pages (then the shallowest
    last page) kept. Each page's nets are centred across it. In print-shop, nets lie twice
    the bleed apart, names above the bleed.
    """
    paper = paper or ctx.paper
    bleed = profile(ctx.profile).bleed
    gap = max(GAP, 2 * bleed)
    label = LABEL_H + bleed
    if not preset.dice:
        raise LayoutError(f"dice preset {preset.name!r} has no dice")
    first, rest = page_areas(ctx, paper)
    sizes = []
    for spec in preset.dice:
        bx0, by0, bx1, by1 = net(spec.kind).bbox()
        sizes.append((mm(bx1 - bx0), mm(by1 - by0)))
    fits: list[list[Footprint]] = []
    for spec, (w, h) in zip(preset.dice, sizes, strict=True):
        options = [(w + gap, h + label + gap, False), (h + gap, w + label + gap, True)]
        ok = [o for o in options if o[0] <= rest.w + gap + EPS and o[1] <= rest.h + gap + EPS]
        if not ok:
            raise LayoutError(f"a {spec.kind} net ({w / mm(1):.0f} x {h / mm(1):.0f} mm) does "
                              f"not fit on {paper.name}")
        fits.append(ok)
    n = len(preset.dice)
    orders = [list(range(n)),
              sorted(range(n), key=lambda i: -max(sizes[i])),
              sorted(range(n), key=lambda i: -sizes[i][0] * sizes[i][1])]
    best: tuple[tuple[float, float], list[dict[int, tuple[float, float, Footprint]]]] | None = None
    for order in orders:
        for rule in PACK_RULES:
            pages: list[dict[int, tuple[float, float, Footprint]]] = []
            todo = order
            while todo:
                area = first if not pages else rest
                placed, todo = _pack_page(todo, fits, area.w + gap, area.h + gap, rule)
                if not placed and pages:  # cannot happen: every net fits an empty page
                    raise LayoutError(f"dice nets: {len(todo)} nets fit no page")
                pages.append(placed)
            depth = max(v + f[1] for _u, v, f in pages[-1].values())
            key = (float(len(pages)), depth)
            if best is None or key < best[0]:
                best = (key, pages)
    assert best is not None
    out: list[NetPlacement] = []
    for page, placed in enumerate(best[1]):
        area = first if page == 0 else rest
        used = max((u + f[0] for u, _v, f in placed.values()), default=gap) - gap
        shift = (area.w - used) / 2
        for i in sorted(placed):
            u, v, (fw, fh, turned) = placed[i]
            w, h = fw - gap, fh - gap - label
            out.append(NetPlacement(page, area.x + shift + u, area.top - v - label - h, w, h,
                                    preset.dice[i], turned, mm(1.3) + bleed))
    return sorted(out, key=lambda p: (p.page, -p.y, p.x))


def draw_preset(preset: DicePreset, ctx: DrawContext, path: Path) -> Path:
    """Write one preset's dice sheets to ``path``."""
    ctx = ctx.in_catalog(preset.catalog)
    paper = sheet_paper(preset, ctx)
    placements = layout(preset, ctx, paper)
    bleed = profile(ctx.profile).bleed
    pages = max(p.page for p in placements) + 1
    title = ctx._(preset.title)
    with open_document(ctx, path, title=title,
                       subject=ctx._("Printable dice: {name}").format(name=preset.name),
                       build=("dice", preset.name), paper=paper) as doc:
        c = doc.canvas
        for page in range(pages):
            with doc.page() as area:
                if page == 0:
                    c.setFillColorCMYK(0, 0, 0, 1)
                    c.setFont(ctx.font(FontRole.SANS_BOLD), 11)
                    top = area.top - mm(5)
                    ctx.check_glyphs(FontRole.SANS_BOLD, title, "title")
                    c.drawString(area.x, top, title)
                    c.setFont(ctx.font(FontRole.SANS), 7.5)
                    how = ctx._("Cut along solid lines, crease the dashed lines (fold away from "
                                "you), glue each grey tab inside its neighbouring face.")
                    ctx.check_text(how, FontRole.SANS, 7.5, area.w, mm(4), detail="instructions",
                                   wrap=False)
                    c.drawString(area.x, top - mm(4.5), how)
                else:  # a later page says whose dice it holds (a kit may pack it elsewhere)
                    c.setFillColorCMYK(0, 0, 0, 1)
                    c.setFont(ctx.font(FontRole.SANS_BOLD), 9)
                    more = ctx._("{title} (continued)").format(title=title)
                    ctx.check_text(more, FontRole.SANS_BOLD, 9, area.w, CONTINUED_H,
                                   detail="title", wrap=False)
                    c.drawString(area.x, area.top - mm(3.5), more)
                for p in placements:
                    if p.page != page:
                        continue
                    if p.turned:
                        c.saveState()
                        c.translate(p.x + p.w, p.y)
                        c.rotate(90)
                        draw_net(c, p.spec, 0, 0, locale=ctx.locale, bleed=bleed)
                        c.restoreState()
                    else:
                        draw_net(c, p.spec, p.x, p.y, locale=ctx.locale, bleed=bleed)
                    c.setFillColorCMYK(0, 0, 0, 1)
                    c.setFont(ctx.font(FontRole.SANS), 7)
                    name = ctx._("{kind} · {colour}").format(kind=p.spec.kind.upper(),
                                                             colour=ctx._(p.spec.colour))
                    ctx.check_glyphs(FontRole.SANS, name, "net label")
                    ctx.check_text(name, FontRole.SANS, 7, p.w, LABEL_H, detail="net label",
                                   wrap=False)
                    c.drawString(p.x, p.label_y, name)
    return path


def dice_component(preset: DicePreset, name: str = "dice") -> Component[NoOptions]:
    """A kit's component that prints ``preset`` (for players who lack the dice)."""

    def draw(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
        draw_preset(preset, ctx, path)

    return Component(name, preset.title, draw,
                     N_("Printable dice nets: the dice the game is played with."),
                     catalog=preset.catalog)
