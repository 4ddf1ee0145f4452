"""The solids behind printable dice, and nets unfolded from them (pure geometry, no ReportLab).

A net is data: 2-D face polygons (mm, printed side up), the hinges of its spanning tree with
their fold angles, and the free edges that glue tabs close. ``tests/test_production_dice.py``
folds every net back in 3-D from this data alone and checks that it closes.

Every net is printed at one size rule: the same mean width for every kind of die
(:data:`MEAN_WIDTH_MM`; :func:`die_size` gives the resulting sizes, ``tests/test_dice_sizes.py``
measures them on the folded nets).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from printkit.drawing.dice_nets import TREES

Vec = tuple[float, float, float]
P2 = tuple[float, float]
PHI = (1 + 5 ** 0.5) / 2
EPS = 1e-7


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _norm(a: Vec) -> float:
    return math.sqrt(_dot(a, a))


def _unit(a: Vec) -> Vec:
    n = _norm(a)
    return (a[0] / n, a[1] / n, a[2] / n)


@dataclass(frozen=True)
class Solid:
    """A convex polyhedron: vertices and faces (vertex indexes, counter-clockwise seen from
    outside)."""

    name: str
    vertices: tuple[Vec, ...]
    faces: tuple[tuple[int, ...], ...]

    def normal(self, f: int) -> Vec:
        a, b, c = (self.vertices[i] for i in self.faces[f][:3])
        return _unit(_cross(_sub(b, a), _sub(c, a)))

    def centroid(self, f: int) -> Vec:
        pts = [self.vertices[i] for i in self.faces[f]]
        return tuple(sum(p[k] for p in pts) / len(pts) for k in range(3))  # type: ignore

    def edges(self) -> dict[frozenset[int], list[int]]:
        """Edge (pair of vertex indexes) -> the two faces that share it."""
        out: dict[frozenset[int], list[int]] = {}
        for f, face in enumerate(self.faces):
            for i in range(len(face)):
                out.setdefault(frozenset((face[i], face[(i + 1) % len(face)])), []).append(f)
        return out

    def dihedral(self, f: int, g: int) -> float:
        """Interior angle between faces f and g (radians)."""
        return math.pi - math.acos(max(-1.0, min(1.0, _dot(self.normal(f), self.normal(g)))))

    def opposite(self, f: int) -> int:
        n = self.normal(f)
        return min(range(len(self.faces)), key=lambda g: _dot(self.normal(g), n))


def _hull(name: str, vertices: list[Vec]) -> Solid:
    """Faces of the convex hull of ``vertices`` (brute force: fine for a dozen or two)."""
    n = len(vertices)
    centre = tuple(sum(v[k] for v in vertices) / n for k in range(3))
    faces: list[tuple[int, ...]] = []
    seen: set[frozenset[int]] = set()
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a, b, c = vertices[i], vertices[j], vertices[k]
                nrm = _cross(_sub(b, a), _sub(c, a))
                if _norm(nrm) < 1e-9:
                    continue
                nrm = _unit(nrm)
                d = [_dot(nrm, _sub(v, a)) for v in vertices]
                if max(d) > 1e-6 and min(d) < -1e-6:
                    continue
                if max(d) > 1e-6:
                    nrm = (-nrm[0], -nrm[1], -nrm[2])
                on = frozenset(m for m in range(n) if abs(d[m]) < 1e-6)
                if on in seen:
                    continue
                seen.add(on)
                fc = (sum(vertices[m][0] for m in on) / len(on),
                      sum(vertices[m][1] for m in on) / len(on),
                      sum(vertices[m][2] for m in on) / len(on))
                u = _unit(_sub(vertices[min(on)], fc))
                w = _cross(nrm, u)
                order = sorted(on, key=lambda m: math.atan2(_dot(_sub(vertices[m], fc), w),
                                                           _dot(_sub(vertices[m], fc), u)))
                faces.append(tuple(order))
    assert all(_dot(_sub(vertices[f[0]], centre), _cross(  # type: ignore[arg-type]
        _sub(vertices[f[1]], vertices[f[0]]), _sub(vertices[f[2]], vertices[f[0]]))) > 0
        for f in faces)
    faces.sort(key=lambda f: tuple(-round(x, 6) for x in _face_centre(vertices, f)[::-1]))
    return Solid(name, tuple(vertices), tuple(faces))


def _face_centre(vertices: list[Vec], f: tuple[int, ...]) -> Vec:
    return tuple(sum(vertices[m][q] for m in f) / len(f) for q in range(3))  # type: ignore


def _trapezohedron() -> list[Vec]:
    """Pentagonal trapezohedron (the d10): apexes at ±h, rings at ±z, planar kite faces."""
    z = 0.1056
    c36 = math.cos(math.pi / 5)
    h = z * (1 + c36) / (1 - c36)
    pts: list[Vec] = [(0.0, 0.0, h), (0.0, 0.0, -h)]
    for k in range(5):
        a = 2 * math.pi * k / 5
        pts.append((math.cos(a), math.sin(a), z))
    for k in range(5):
        a = 2 * math.pi * k / 5 + math.pi / 5
        pts.append((math.cos(a), math.sin(a), -z))
    return pts


@cache
def solid(kind: str) -> Solid:
    """The solid of a die kind: d4, d6, d8, d10, d12, d20."""
    s = [-1.0, 1.0]
    if kind == "d4":
        v = [(1.0, 1.0, 1.0), (1.0, -1.0, -1.0), (-1.0, 1.0, -1.0), (-1.0, -1.0, 1.0)]
    elif kind == "d6":
        v = [(x, y, z) for x in s for y in s for z in s]
    elif kind == "d8":
        v = [(1.0, 0, 0), (-1.0, 0, 0), (0, 1.0, 0), (0, -1.0, 0), (0, 0, 1.0), (0, 0, -1.0)]
    elif kind == "d10":
        v = _trapezohedron()
    elif kind == "d12":
        v = [(x, y, z) for x in s for y in s for z in s]
        for a in s:
            for b in s:
                v += [(0.0, a / PHI, b * PHI), (a / PHI, b * PHI, 0.0), (a * PHI, 0.0, b / PHI)]
    elif kind == "d20":
        v = []
        for a in s:
            for b in s:
                v += [(0.0, a, b * PHI), (a, b * PHI, 0.0), (a * PHI, 0.0, b)]
    else:
        raise KeyError(kind)
    return _hull(kind, [tuple(float(c) for c in p) for p in v])  # type: ignore[misc]


# --- nets ------------------------------------------------------------------------------------


def _edge(sol: Solid, p: int, c: int) -> tuple[int, int]:
    """The two vertices faces ``p`` and ``c`` share, in order."""
    a, b = sorted(m for m in sol.faces[c] if m in sol.faces[p])
    return a, b


@dataclass(frozen=True)
class Hinge:
    parent: int  # face index
    child: int
    a: int  # vertex indexes of the shared edge
    b: int
    fold: float  # radians to fold the child out of the plane: pi - dihedral angle


@dataclass(frozen=True)
class Net:
    """A flat net of a solid, in millimetres, printed side up."""

    kind: str
    faces: tuple[tuple[int, ...], ...]  # vertex indexes per face (as in the solid)
    points: tuple[tuple[P2, ...], ...]  # 2-D corners of each face, in face order
    hinges: tuple[Hinge, ...]  # the spanning tree: fold these
    tabs: tuple[tuple[int, int, int], ...]  # (face, vertex a, vertex b): glue tab on that edge
    tab_polys: tuple[tuple[P2, ...], ...]

    def corner(self, f: int, v: int) -> P2:
        return self.points[f][self.faces[f].index(v)]

    def bbox(self) -> tuple[float, float, float, float]:
        pts = [p for poly in (*self.points, *self.tab_polys) for p in poly]
        return (min(p[0] for p in pts), min(p[1] for p in pts),
                max(p[0] for p in pts), max(p[1] for p in pts))


def _unfold(sol: Solid, tree: list[tuple[int, int]], root: int, scale: float
            ) -> dict[int, dict[int, P2]]:
    """2-D positions of every face's corners, unfolding along ``tree`` (parent, child)."""
    V = sol.vertices
    face = sol.faces[root]
    o = V[face[0]]
    u = _unit(_sub(V[face[1]], o))
    w = _cross(sol.normal(root), u)
    pos: dict[int, dict[int, P2]] = {
        root: {m: (scale * _dot(_sub(V[m], o), u), scale * _dot(_sub(V[m], o), w))
               for m in face}}
    children: dict[int, list[int]] = {}
    for p, c in tree:
        children.setdefault(p, []).append(c)
    stack = [root]
    while stack:
        p = stack.pop()
        for c in children.get(p, []):
            shared = [m for m in sol.faces[c] if m in sol.faces[p]]
            a, b = shared
            A, B = pos[p][a], pos[p][b]
            ux, uy = B[0] - A[0], B[1] - A[1]
            L = math.hypot(ux, uy)
            ux, uy = ux / L, uy / L
            nx, ny = -uy, ux
            pc = [pos[p][m] for m in sol.faces[p]]
            cx, cy = sum(q[0] for q in pc) / len(pc), sum(q[1] for q in pc) / len(pc)
            if (cx - A[0]) * nx + (cy - A[1]) * ny > 0:
                nx, ny = -nx, -ny  # the child lies on the far side from its parent
            e3 = _unit(_sub(V[b], V[a]))
            placed = {}
            for m in sol.faces[c]:
                d = _sub(V[m], V[a])
                t = _dot(d, e3)
                s = _norm(_sub(d, (t * e3[0], t * e3[1], t * e3[2])))
                placed[m] = (A[0] + scale * t * ux + scale * s * nx,
                             A[1] + scale * t * uy + scale * s * ny)
            pos[c] = placed
            stack.append(c)
    return pos


def _overlap(p: tuple[P2, ...], q: tuple[P2, ...], margin: float = 0.05) -> bool:
    """Do two convex polygons overlap by more than ``margin`` (separating axis test)?"""
    for poly in (p, q):
        for i in range(len(poly)):
            x0, y0 = poly[i]
            x1, y1 = poly[(i + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            L = math.hypot(nx, ny)
            nx, ny = nx / L, ny / L
            a = [x * nx + y * ny for x, y in p]
            b = [x * nx + y * ny for x, y in q]
            if max(a) <= min(b) + margin or max(b) <= min(a) + margin:
                return False
    return True


def _tab(A: P2, B: P2, centre: P2, depth: float, taper: float = 0.8) -> tuple[P2, ...]:
    """A glue tab on edge AB, outside the face around ``centre``: a trapezoid ``depth`` deep
    whose sides lean in by ``taper`` times the depth (more taper fits tighter corners)."""
    ux, uy = B[0] - A[0], B[1] - A[1]
    L = math.hypot(ux, uy)
    ux, uy = ux / L, uy / L
    nx, ny = -uy, ux
    if (centre[0] - A[0]) * nx + (centre[1] - A[1]) * ny > 0:
        nx, ny = -nx, -ny
    d = min(depth, 0.3 * L)
    inset = min(d * taper, 0.42 * L)
    return (A, B, (B[0] + d * nx - inset * ux, B[1] + d * ny - inset * uy),
            (A[0] + d * nx + inset * ux, A[1] + d * ny + inset * uy))


KINDS = ("d4", "d6", "d8", "d10", "d12", "d20")
MEAN_WIDTH_MM = 27.0
"""The printed size of every die, whatever its kind: its mean width (see
:func:`mean_width`). 27 mm makes an 18 mm d6 (a shop-bought d6 is 16 mm) and a 23 mm d20:
a real set (mean width about 24 mm) one eighth larger, so that the d12's glue tabs stay
3 mm deep and nine d6 nets fit on one A4 or Letter page."""
TAB_MM = 5.0
TAB_SHAPES = ((TAB_MM, 0.8), (TAB_MM * 0.8, 1.6), (TAB_MM * 0.6, 3.0))


def _spanning_trees(sol: Solid, rng: random.Random, n_random: int):  # type: ignore[no-untyped-def]
    adj: dict[int, list[int]] = {f: [] for f in range(len(sol.faces))}
    for faces in sol.edges().values():
        f, g = faces
        adj[f].append(g)
        adj[g].append(f)
    for root in range(len(sol.faces)):  # breadth-first: compact star-like nets
        seen, tree, queue = {root}, [], [root]
        while queue:
            p = queue.pop(0)
            for c in adj[p]:
                if c not in seen:
                    seen.add(c)
                    tree.append((p, c))
                    queue.append(c)
        yield root, tree
    for _ in range(n_random):  # random trees grown from a root (Prim-like)
        root = rng.randrange(len(sol.faces))
        seen, tree = {root}, []
        frontier = [(root, c) for c in adj[root]]
        while frontier:
            p, c = frontier.pop(rng.randrange(len(frontier)))
            if c in seen:
                continue
            seen.add(c)
            tree.append((p, c))
            frontier += [(c, d) for d in adj[c] if d not in seen]
        yield root, tree


def mean_width(sol: Solid) -> float:
    """The solid's mean width: its width between two parallel planes, averaged over every
    direction (the size the eye and the hand judge). For a convex polyhedron it is
    ``sum(edge length * (pi - dihedral angle)) / (4 pi)``: 1.5 for the unit cube.

    >>> round(mean_width(solid("d6")) / 2, 4)  # the d6 solid has edges 2 long
    1.5
    """
    total = 0.0
    for edge, (f, g) in sol.edges().items():
        a, b = sorted(edge)
        total += _norm(_sub(sol.vertices[a], sol.vertices[b])) * (math.pi - sol.dihedral(f, g))
    return total / (4 * math.pi)


def _scale(sol: Solid, kind: str) -> float:
    """Millimetres per unit of ``solid(kind)``: every die gets the same mean width."""
    return MEAN_WIDTH_MM / mean_width(sol)


@dataclass(frozen=True)
class DieSize:
    """The printed size of a die (mm): what to compare it with on the table."""

    kind: str
    mean_width: float
    across: float  # face to opposite face (the d4: a face to the opposite corner)
    edge: float  # its shortest edge (the glue tabs are at most 0.3 of an edge deep)


@cache
def die_size(kind: str) -> DieSize:
    """The size of the printed die ``kind``, from its solid and :data:`MEAN_WIDTH_MM`."""
    sol = solid(kind)
    s = _scale(sol, kind)
    across = min(max(_dot(_sub(sol.vertices[sol.faces[f][0]], v), sol.normal(f))
                     for v in sol.vertices) for f in range(len(sol.faces)))
    edge = min(_norm(_sub(*(sol.vertices[m] for m in e))) for e in sol.edges())
    return DieSize(kind, mean_width(sol) * s, across * s, edge * s)


def _build(sol: Solid, kind: str, root: int, tree: list[tuple[int, int]]) -> Net | None:
    """The net for one spanning tree, with glue tabs; None if faces or tabs overlap."""
    pos = _unfold(sol, tree, root, _scale(sol, kind))
    polys = {f: tuple(pos[f][m] for m in sol.faces[f]) for f in pos}
    fs = sorted(polys)
    if any(_overlap(polys[f], polys[g]) for i, f in enumerate(fs) for g in fs[i + 1:]):
        return None
    hinge_edges = {frozenset(m for m in sol.faces[c] if m in sol.faces[p]) for p, c in tree}
    tabs: list[tuple[int, int, int]] = []
    tab_polys: list[tuple[P2, ...]] = []
    for edge, (f, g) in sorted(sol.edges().items(), key=lambda e: sorted(e[0])):
        if edge in hinge_edges:
            continue
        a, b = sorted(edge)
        placed = False
        for depth, taper in TAB_SHAPES:
            for face in (f, g):
                poly = polys[face]
                centre = (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
                t = _tab(pos[face][a], pos[face][b], centre, depth, taper)
                if any(_overlap(t, polys[h]) for h in fs) or any(
                        _overlap(t, other) for other in tab_polys):
                    continue
                tabs.append((face, a, b))
                tab_polys.append(t)
                placed = True
                break
            if placed:
                break
        if not placed:
            return None
    hinges = tuple(Hinge(p, c, *_edge(sol, p, c), math.pi - sol.dihedral(p, c))
                   for p, c in tree)
    return _best_rotation(Net(kind, sol.faces, tuple(polys[f] for f in range(len(sol.faces))),
                              hinges, tuple(tabs), tuple(tab_polys)))


def search(kind: str, n_random: int = 150) -> tuple[int, list[tuple[int, int]]]:
    """The most compact non-overlapping net a seeded search finds: (root, tree). Slow (~1 s):
    its results are frozen in :data:`printkit.drawing.dice_nets.TREES`."""
    sol = solid(kind)
    best: tuple[float, int, list[tuple[int, int]]] | None = None
    for root, tree in _spanning_trees(sol, random.Random(7), n_random):
        candidate = _build(sol, kind, root, tree)
        if candidate is None:
            continue
        x0, y0, x1, y1 = candidate.bbox()
        area = (x1 - x0) * (y1 - y0)
        if best is None or area < best[0] - 1e-6:
            best = (area, root, tree)
    if best is None:
        raise RuntimeError(f"no net found for {kind}")
    return best[1], best[2]


@cache
def net(kind: str) -> Net:
    """The net of a die kind, from the frozen spanning tree (searched again if it is missing
    or no longer valid)."""
    sol = solid(kind)
    frozen = TREES.get(kind)
    built = _build(sol, kind, frozen[0], [(e[0], e[1]) for e in frozen[1]]) if frozen else None
    if built is None:
        root, tree = search(kind)
        built = _build(sol, kind, root, tree)
    assert built is not None
    return built


def _best_rotation(n: Net) -> Net:
    """Turn the net so its bounding box is smallest (tried at each edge direction), then move
    it to the origin."""
    pts = [p for poly in (*n.points, *n.tab_polys) for p in poly]
    angles = {0.0}
    for poly in n.points:
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            angles.add(round(math.atan2(y1 - y0, x1 - x0) % (math.pi / 2), 9))

    def turned(a: float) -> list[P2]:
        c, s = math.cos(a), math.sin(a)
        return [(x * c - y * s, x * s + y * c) for x, y in pts]

    def area(a: float) -> float:
        q = turned(a)
        w = max(p[0] for p in q) - min(p[0] for p in q)
        h = max(p[1] for p in q) - min(p[1] for p in q)
        return w * h + 1e-6 * w  # prefer wider than tall on ties? no: stable tie-break

    a = min(sorted(angles), key=area)
    c, s = math.cos(a), math.sin(a)
    q = turned(a)
    mx, my = min(p[0] for p in q), min(p[1] for p in q)

    def tf(p: P2) -> P2:
        return (p[0] * c - p[1] * s - mx, p[0] * s + p[1] * c - my)

    return Net(n.kind, n.faces, tuple(tuple(tf(p) for p in poly) for poly in n.points),
               n.hinges, n.tabs, tuple(tuple(tf(p) for p in poly) for poly in n.tab_polys))


if __name__ == "__main__":  # regenerate printkit/drawing/dice_nets.py
    lines = ["# ruff: noqa: E501",
             '"""Frozen spanning trees of the dice nets (generated by ``python -m '
             'printkit.drawing.polyhedra``)."""', "", "TREES = {"]
    for kind in KINDS:
        root, tree = search(kind)
        lines.append(f"    {kind!r}: ({root}, {[list(e) for e in tree]}),")
    lines.append("}")
    from pathlib import Path

    Path(__file__).with_name("dice_nets.py").write_text("\n".join(lines) + "\n")
