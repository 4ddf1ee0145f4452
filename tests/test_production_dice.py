"""Fold every printable die net in 3-D from its flat data alone, and check it closes into the
solid with the numbering conventions of real dice."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from printkit.drawing import dice
from printkit.drawing.polyhedra import Hinge, Net, _overlap, net
from printkit.templates.dice import games as dice_games

KINDS = ["d4", "d6", "d8", "d10", "d12", "d20"]
VERTICES = {"d4": 4, "d6": 8, "d8": 6, "d10": 12, "d12": 20, "d20": 12}


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    x, y, z = axis / np.linalg.norm(axis)
    c, s, t = math.cos(angle), math.sin(angle), 1 - math.cos(angle)
    return np.array([[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                     [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                     [t * x * z - s * y, t * y * z + s * x, t * z * z + c]])


def fold(n: Net) -> dict[int, np.ndarray]:
    """3-D corners of every face: the net lies printed side up in z = 0; each hinge turns its
    child face down (away from the printed side) by the hinge's fold angle."""
    flat = {f: np.array([[x, y, 0.0] for x, y in poly]) for f, poly in enumerate(n.points)}
    transform = {}  # face -> (R, t): folded = R @ p + t
    children: dict[int, list[Hinge]] = {}
    childs = {h.child for h in n.hinges}
    root = next(f for f in range(len(n.points)) if f not in childs)
    for h in n.hinges:
        children.setdefault(h.parent, []).append(h)
    transform[root] = (np.eye(3), np.zeros(3))
    stack = [root]
    while stack:
        p = stack.pop()
        for h in children.get(p, []):
            c = h.child
            a = flat[c][n.faces[c].index(h.a)]
            b = flat[c][n.faces[c].index(h.b)]
            axis = b - a
            centre = flat[c].mean(axis=0)
            # orient the axis so the child lies on its left (in the net plane)
            if np.cross(axis, centre - a)[2] < 0:
                axis = -axis
            local = _rotation(axis, -h.fold)  # fold down
            R = transform[p][0] @ local
            t = transform[p][0] @ (a - local @ a) + transform[p][1]
            transform[c] = (R, t)
            stack.append(c)
    return {f: (transform[f][0] @ flat[f].T).T + transform[f][1] for f in flat}


def _key(p: np.ndarray) -> tuple[float, ...]:
    return tuple(np.round(p, 4))


@pytest.mark.parametrize("kind", KINDS)
def test_net_folds_closed(kind: str) -> None:
    n = net(kind)
    folded = fold(n)
    # corners meet: the faces share exactly the solid's number of vertices
    points = {_key(p) for pts in folded.values() for p in pts}
    assert len(points) == VERTICES[kind]
    # every edge is shared by exactly two faces (the surface is closed)
    edges: dict[frozenset[tuple[float, ...]], list[int]] = {}
    for f, pts in folded.items():
        for i in range(len(pts)):
            e = frozenset((_key(pts[i]), _key(pts[(i + 1) % len(pts)])))
            edges.setdefault(e, []).append(f)
    assert all(len(fs) == 2 for fs in edges.values())
    # convex, printed side out: every face's outward normal points away from the centre
    centre = np.mean([np.array(p) for p in points], axis=0)
    for pts in folded.values():
        normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])  # printed side up in the net
        assert np.dot(normal, pts.mean(axis=0) - centre) > 0
        assert all(abs(np.dot(normal, q - pts[0])) < 1e-6 * np.linalg.norm(normal) for q in pts)
    # glue tabs: one per free edge, on a face edge that is not a hinge
    hinges = {frozenset((h.a, h.b)) for h in n.hinges}
    assert len(n.tabs) == len(edges) - len(n.hinges)
    assert not any(frozenset((a, b)) in hinges for _f, a, b in n.tabs)


@pytest.mark.parametrize("kind", KINDS)
def test_net_is_flat_without_overlaps(kind: str) -> None:
    n = net(kind)
    polys = list(n.points) + list(n.tab_polys)
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            assert not _overlap(polys[i], polys[j]), (kind, i, j)


def _normals(n: Net, folded: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    out = {}
    for f, pts in folded.items():
        v = np.cross(pts[1] - pts[0], pts[2] - pts[0])
        out[f] = v / np.linalg.norm(v)
    return out


@pytest.mark.parametrize("kind,total", [("d6", 7), ("d8", 9), ("d10", 9), ("d12", 13),
                                        ("d20", 21)])
def test_opposite_faces_sum(kind: str, total: int) -> None:
    n = net(kind)
    values = dice.face_values(kind)
    normals = _normals(n, fold(n))
    assert sorted(values) == list(range(0 if kind == "d10" else 1, total if kind != "d10"
                                        else 10))
    for f, nf in normals.items():
        opposite = min(normals, key=lambda g: float(np.dot(normals[g], nf)))
        assert np.dot(normals[opposite], nf) < -0.999
        assert values[f] + values[opposite] == total


def test_d6_is_right_handed() -> None:
    n = net("d6")
    values = dice.face_values("d6")
    normals = _normals(n, fold(n))
    by_value = {values[f]: normals[f] for f in normals}
    assert np.linalg.det(np.array([by_value[1], by_value[2], by_value[3]])) > 0


def test_d10_odd_and_even_apexes() -> None:
    n = net("d10")
    folded = fold(n)
    values = dice.face_values("d10")
    # faces around each apex (a vertex shared by five faces)
    count: dict[tuple[float, ...], list[int]] = {}
    for f, pts in folded.items():
        for p in pts:
            count.setdefault(_key(p), []).append(f)
    apexes = [fs for fs in count.values() if len(fs) == 5]
    assert len(apexes) == 2
    parities = sorted({values[f] % 2 for f in fs}.pop() for fs in apexes
                      if len({values[f] % 2 for f in fs}) == 1)
    assert parities == [0, 1]
    assert dice.label("d10", 7, tens=True) == ("70", False)
    assert dice.label("d10", 0, tens=True) == ("00", False)


def test_d4_corner_numbers_agree() -> None:
    n = net("d4")
    folded = fold(n)
    values = dice.face_values("d4")
    at: dict[tuple[float, ...], set[int]] = {}
    for f, pts in folded.items():
        for i, p in enumerate(pts):
            at.setdefault(_key(p), set()).add(values[n.faces[f][i]])
    assert len(at) == 4
    assert all(len(v) == 1 for v in at.values())
    assert sorted(v.pop() for v in at.values()) == [1, 2, 3, 4]


def test_presets_build(tmp_path: Path) -> None:
    """The dice kit prints every game's preset (and only games' presets: none for a game that
    does not exist yet), each clean on paper."""
    from printkit.context import BuildContext
    from printkit.kits import get_kit
    from printkit.page.preflight import check_pdf
    from printkit.paper import paper
    from printkit.pipeline import drawing

    comps = {c.name: c for c in get_kit("dice").component_list()}
    assert set(comps) == {"wftgts", "tug-of-war", "war-pnp", "war-of-bones", "pwinch-wars"}
    found = dice_games.presets()
    kinds = [s.kind for s in found["wftgts"].dice]
    assert kinds == ["d4", "d6", "d8", "d10", "d10", "d12", "d20"]
    assert [s.tens for s in found["wftgts"].dice].count(True) == 1
    assert len(found["tug-of-war"].dice) == 9
    out = tmp_path / "tow.pdf"
    with drawing(BuildContext(paper=paper("letter"))) as ctx:
        comps["tug-of-war"].draw(ctx, comps["tug-of-war"].make_options({}), out)
        check_pdf(out, report=ctx.preflight)
        assert not ctx.preflight.errors, ctx.preflight.report()
    with pytest.raises(Exception, match="unknown dice preset"):
        dice_games.preset("d100")


def test_a_d10_whose_zero_counts_as_ten_prints_ten(tmp_path: Path) -> None:
    """Pwinch Wars reads a 0 as 10 (and a 10 always fails), and so does WFtGtS' ones die:
    their printed d10s say "10" on that face; the WFtGtS tens die keeps its 00-90."""
    from pypdf import PdfReader

    from printkit.cli import main

    assert dice.label("d10", 0, ten_for_zero=True) == ("10", False)
    assert dice.label("d10", 0) == ("0", False)
    assert dice.label("d10", 3, ten_for_zero=True) == ("3", False)
    presets = dice_games.presets()
    assert all(d.ten_for_zero for d in presets["pwinch-wars"].dice)
    assert [d.ten_for_zero for d in presets["wftgts"].dice if d.kind == "d10"] == [True, False]
    assert [d.tens for d in presets["wftgts"].dice if d.kind == "d10"] == [False, True]
    assert main(["build", "dice", "--preset", "pwinch-wars", "--out", str(tmp_path)]) == 0
    (pdf,) = (tmp_path / "dice").glob("pwinch-wars.pdf")
    words = PdfReader(str(pdf)).pages[0].extract_text().split()
    assert words.count("10") == 3 and "0" not in words  # one "10" per team's die


def test_every_later_page_of_a_preset_names_its_game(tmp_path: Path) -> None:
    """A kit packs a preset's later pages beside another game's dice (the dice kit put War
    of Bones' red dice under the Pwinch Wars d10s): each later page says whose they are."""
    from pypdf import PdfReader

    from printkit.cli import main

    assert main(["build", "dice", "--preset", "war-of-bones", "--out", str(tmp_path)]) == 0
    pages = [" ".join(p.extract_text().split())
             for p in PdfReader(str(tmp_path / "dice" / "war-of-bones.pdf")).pages]
    assert len(pages) > 1
    title = "War of Bones: 24 dice, 12 per player"
    assert title in pages[0] and f"{title} (continued)" not in pages[0]
    assert all(f"{title} (continued)" in page for page in pages[1:])
