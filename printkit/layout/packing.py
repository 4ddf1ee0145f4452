"""Kit sheets: small components share a sheet of paper where they print alike.

Components are drawn independently, each on its own pages; many leave most of a page empty
(a strip of tokens, half a page of dice). When a kit is joined (:mod:`printkit.layout.assembly`)
every page is measured (the box of everything drawn on it, read back from the PDF) and laid
onto the free part of an earlier sheet when it fits there: moved, never scaled or turned.

What may share a sheet, and where:

- **Alike pages only.** Same page boxes (MediaBox, TrimBox, BleedBox, CropBox, ArtBox, exactly),
  no rotation, no annotations. In a double-sided kit a one-sided page lands only where the
  back of the sheet is empty behind it, and a two-sided page (front and back) moves as one:
  its back moves to the mirror image of where its front went, so it stays behind it.
- **Apart.** Every piece keeps :data:`GAP` (6 mm) from every other, and each sheet is cut
  guillotine-wise: a piece goes into a free rectangle, and what is left of that rectangle is
  split by straight cuts right across it. A thin cut line is drawn in the middle of the gap
  where a piece was separated from its neighbours, so one straight cut parts them.
- **Safe.** A piece moves only where nothing of it leaves the sheet's safe area (and its
  TrimBox): a piece that already reached past a side of the safe area (a stroke's half width,
  printer's marks) does not move towards that side at all.

The plan is data (:class:`KitLayout`); :mod:`printkit.layout.assembly` writes it.

>>> paper = Rect(0, 0, 600, 800)
>>> unit = lambda part, top, bottom: Unit(part, (0,), (("a4",),), paper, paper.inset(18),
...                                       Rect.from_corners(18, bottom, 582, top))
>>> layout = plan_sheets([unit(0, 782, 500), unit(1, 782, 200), unit(2, 782, 700)])
>>> [[(p.unit, round(p.dy)) for p in s.placements] for s in layout.sheets]
[[(0, 0), (2, -299)], [(1, 0)]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pypdfium2

from printkit.geometry import Rect
from printkit.units import mm

GAP = mm(6)
"""Between two pieces on one sheet: room for scissors, with the cut line in the middle."""
EPS = 0.01  # points

Boxes = tuple[Any, ...]
"""A page's boxes, rotation and user unit, as written: pages share a sheet only when equal."""
Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Unit:
    """A piece that moves as a whole: a one-sided page, or a front with its back.

    ``footprint`` is in the front's frame: what the front draws, and the mirror image of what
    the back draws (the back lands there). ``paper`` is the sheet, ``safe`` where what a
    player needs must lie. A unit without a paper, safe area or footprint keeps a sheet of
    its own (a blank page, a rotated page, a page with links)."""

    part: int  # which component
    pages: tuple[int, ...]  # its pages: (front,) or (front, back)
    key: tuple[Boxes, ...]  # the boxes of those pages
    paper: Rect | None
    safe: Rect | None
    footprint: Rect | None
    mirror: str = ""  # "x" or "y": how the back mirrors the front ("" when one-sided)

    @property
    def two_sided(self) -> bool:
        return len(self.pages) == 2

    @property
    def movable(self) -> bool:
        return None not in (self.paper, self.safe, self.footprint)

    def reach(self) -> Rect:
        """Where the footprint may go: inside the safe area, or no further out on any side
        than it already was."""
        assert self.safe is not None and self.footprint is not None
        return self.safe.union(self.footprint)


@dataclass(frozen=True)
class Placement:
    """A unit on a sheet, moved by (``dx``, ``dy``) points on the front (the host: 0, 0)."""

    unit: int
    dx: float
    dy: float

    def back_shift(self, mirror: str) -> tuple[float, float]:
        """How the unit's back moves so that it stays behind its front."""
        if mirror == "x":
            return (-self.dx, self.dy)
        if mirror == "y":
            return (self.dx, -self.dy)
        return (self.dx, self.dy)


@dataclass(frozen=True)
class Sheet:
    """One sheet of paper: its first placement is the host (unmoved), the others guests."""

    placements: tuple[Placement, ...]
    cuts: tuple[Segment, ...] = ()  # cut lines drawn on the front, between pieces


@dataclass(frozen=True)
class KitLayout:
    units: tuple[Unit, ...]
    sheets: tuple[Sheet, ...]

    def where(self, part: int) -> int:
        """The sheet showing the first page of component ``part``."""
        for number, sheet in enumerate(self.sheets):
            for placement in sheet.placements:
                unit = self.units[placement.unit]
                if unit.part == part and unit.pages[0] == 0:
                    return number
        raise ValueError(f"component {part} is on no sheet")

    def footprints(self, sheet: int) -> list[tuple[int, Rect]]:
        """Each piece on a sheet: its unit and where its footprint now lies."""
        found = []
        for placement in self.sheets[sheet].placements:
            footprint = self.units[placement.unit].footprint
            if footprint is not None:
                found.append((placement.unit, footprint.moved(placement.dx, placement.dy)))
        return found


# -- measuring ---------------------------------------------------------------------------


def content_boxes(pdf: str | Path) -> list[Rect | None]:
    """The box of everything drawn on each page (``None``: nothing), in PDF user space, cut
    to the MediaBox. Every page object counts, white fills and marks included: on a shared
    sheet a white fill would hide what lies under it. Strokes count at their full width."""
    boxes: list[Rect | None] = []
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(doc)):
            page = doc[index]
            try:
                x0, y0, x1, y1 = page.get_mediabox()
                found = None
                for obj in page.get_objects(max_depth=0):
                    left, bottom, right, top = obj.get_bounds()
                    left, bottom = max(left, x0), max(bottom, y0)
                    right, top = min(right, x1), min(top, y1)
                    if right < left or top < bottom:
                        continue  # wholly off the page: prints nothing
                    box = Rect.from_corners(left, bottom, right, top)
                    found = box if found is None else found.union(box)
                boxes.append(found)
            finally:
                page.close()
    finally:
        doc.close()
    return boxes


def page_boxes(page: Any) -> Boxes:
    """A pypdf page's boxes as written (absent ones as ``None``), its /Rotate and /UserUnit."""
    found: list[Any] = []
    for name in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox"):
        box = page.get(name)
        found.append(None if box is None else tuple(round(float(v), 3)
                                                     for v in box.get_object()))
    found.append(int(page.get("/Rotate", 0)))
    found.append(float(page.get("/UserUnit", 1)))
    return tuple(found)


def paper_rect(page: Any, paper_size: tuple[float, float]) -> Rect | None:
    """Where the paper lies on a pypdf page: the MediaBox when it is the paper's size (either
    way round), else a TrimBox that is (a MediaBox enlarged around the paper for bleed).
    ``None`` when neither is: such a page is not laid with others."""
    want = sorted(round(v, 1) for v in paper_size)
    for name in ("/MediaBox", "/TrimBox"):
        box = page.get(name)
        if box is None:
            continue
        x0, y0, x1, y1 = (float(v) for v in box.get_object())
        rect = Rect.from_corners(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        if sorted((round(rect.w, 1), round(rect.h, 1))) == want:
            return rect
    return None


def safe_rect(page: Any, paper: Rect, margin: float) -> Rect | None:
    """The page's safe area: the paper less ``margin``, and inside its TrimBox (a page whose
    trim is smaller than the paper is trimmed there)."""
    safe = paper.inset(margin)
    trim = page.get("/TrimBox")
    if trim is None:
        return safe
    tx0, ty0, tx1, ty1 = (float(v) for v in trim.get_object())
    x0, y0 = max(safe.x, min(tx0, tx1)), max(safe.y, min(ty0, ty1))
    x1, y1 = min(safe.right, max(tx0, tx1)), min(safe.top, max(ty0, ty1))
    if x1 <= x0 or y1 <= y0:
        return None
    return Rect.from_corners(x0, y0, x1, y1)


def mirrored(box: Rect, paper: Rect, mirror: str) -> Rect:
    """Where a back's ``box`` lies seen from the front, when the sheet flips as ``mirror``
    says (``"x"``: about a vertical edge)."""
    if mirror == "x":
        return Rect(paper.x + paper.right - box.right, box.y, box.w, box.h)
    return Rect(box.x, paper.y + paper.top - box.top, box.w, box.h)


# -- planning ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Free:
    rect: Rect
    cut: Segment  # the line that parts it from its neighbours (drawn once it is used)


def _pieces(region: Rect, used: Rect, gap: float) -> list[_Free]:
    """Guillotine: the free parts of ``region`` around ``used``, kept ``gap`` away from it.
    Cut first right across (above and below, then beside) or first right down (beside,
    then above and below), whichever leaves the larger piece."""
    x0, y0, x1, y1 = region.corners
    u0, v0, u1, v1 = used.corners
    h = gap / 2

    def piece(a: float, b: float, c: float, d: float, cut: Segment) -> _Free | None:
        if c - a <= EPS or d - b <= EPS:
            return None
        return _Free(Rect.from_corners(a, b, c, d), cut)

    across = [piece(x0, v1 + gap, x1, y1, (x0 - h, v1 + h, x1 + h, v1 + h)),
              piece(x0, y0, x1, v0 - gap, (x0 - h, v0 - h, x1 + h, v0 - h)),
              piece(x0, v0, u0 - gap, v1, (u0 - h, v0 - h, u0 - h, v1 + h)),
              piece(u1 + gap, v0, x1, v1, (u1 + h, v0 - h, u1 + h, v1 + h))]
    down = [piece(x0, y0, u0 - gap, y1, (u0 - h, y0 - h, u0 - h, y1 + h)),
            piece(u1 + gap, y0, x1, y1, (u1 + h, y0 - h, u1 + h, y1 + h)),
            piece(u0, v1 + gap, u1, y1, (u0 - h, v1 + h, u1 + h, v1 + h)),
            piece(u0, y0, u1, v0 - gap, (u0 - h, v0 - h, u1 + h, v0 - h))]

    def largest(pieces: list[_Free | None]) -> float:
        return max((p.rect.w * p.rect.h for p in pieces if p is not None), default=0.0)

    chosen = down if largest(down) > largest(across) + EPS else across
    return [p for p in chosen if p is not None]


def _fit(unit: Unit, free: Rect) -> tuple[float, float] | None:
    """How far to move ``unit`` into ``free``: as high as it goes, as little sideways as it
    can; ``None`` when it does not fit there."""
    assert unit.footprint is not None
    g, reach = unit.footprint, unit.reach()
    lo_x = max(free.x, reach.x) - g.x
    hi_x = min(free.right, reach.right) - g.right
    lo_y = max(free.y, reach.y) - g.y
    hi_y = min(free.top, reach.top) - g.top
    if lo_x > hi_x + EPS or lo_y > hi_y + EPS:
        return None
    return (min(max(0.0, lo_x), hi_x), hi_y)


def _clip(cut: Segment, safe: Rect, inset: float) -> Segment | None:
    """A cut line kept inside the safe area (``inset`` in from it), or ``None``."""
    x0, y0, x1, y1 = cut
    area = safe.inset(inset)
    if x0 == x1 and not area.x <= x0 <= area.right or y0 == y1 and not area.y <= y0 <= area.top:
        return None
    x0, x1 = max(x0, area.x), min(x1, area.right)
    y0, y1 = max(y0, area.y), min(y1, area.top)
    if x1 < x0 or y1 < y0 or (x1 - x0) + (y1 - y0) <= EPS:
        return None
    return (x0, y0, x1, y1)


@dataclass
class _Open:
    """A sheet while it is being filled."""

    key: tuple[Boxes, ...]  # (front boxes,) or (front boxes, back boxes)
    safe: Rect | None
    placements: list[Placement]
    free: list[_Free] = field(default_factory=list)
    cuts: list[Segment] = field(default_factory=list)

    def takes(self, unit: Unit) -> bool:
        """Alike: the same front boxes, and the same back boxes where both have a back."""
        if not unit.movable or unit.key[0] != self.key[0] or unit.safe != self.safe:
            return False
        return not (unit.two_sided and len(self.key) == 2 and unit.key[1] != self.key[1])


def plan_sheets(units: Sequence[Unit], *, gap: float = GAP, pack: bool = True,
                line_inset: float = 0.25) -> KitLayout:
    """Lay ``units`` (in kit order) on sheets: each onto the first earlier sheet with a free
    rectangle it fits (the smallest such), else onto a sheet of its own. ``pack=False``: one
    unit per sheet, as the components were drawn."""
    sheets: list[_Open] = []
    for index, unit in enumerate(units):
        if pack and unit.movable:
            if _place(sheets, index, unit, gap, line_inset):
                continue
        sheet = _Open(unit.key, unit.safe, [Placement(index, 0.0, 0.0)])
        if pack and unit.movable:
            assert unit.paper is not None and unit.footprint is not None
            sheet.free = _pieces(unit.paper, unit.footprint, gap)
        sheets.append(sheet)
    return KitLayout(tuple(units), tuple(Sheet(tuple(s.placements), tuple(s.cuts))
                                         for s in sheets))


def _place(sheets: list[_Open], index: int, unit: Unit, gap: float, line_inset: float) -> bool:
    for sheet in sheets:
        if not sheet.takes(unit):
            continue
        best: tuple[float, int, tuple[float, float]] | None = None
        for number, free in enumerate(sheet.free):
            shift = _fit(unit, free.rect)
            if shift is not None:
                area = free.rect.w * free.rect.h
                if best is None or area < best[0] - EPS:
                    best = (area, number, shift)
        if best is None:
            continue
        _area, number, (dx, dy) = best
        free = sheet.free.pop(number)
        assert unit.footprint is not None and sheet.safe is not None
        cut = _clip(free.cut, sheet.safe, line_inset)
        if cut is not None:
            sheet.cuts.append(cut)
        sheet.free[number:number] = _pieces(free.rect, unit.footprint.moved(dx, dy), gap)
        sheet.placements.append(Placement(index, dx, dy))
        if unit.two_sided and len(sheet.key) == 1:
            sheet.key = (sheet.key[0], unit.key[1])
        return True
    return False
