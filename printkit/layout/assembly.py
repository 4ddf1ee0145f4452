"""One kit PDF per game: the component PDFs joined, with an outline, page labels and metadata.

Joined with pypdf (no re-rendering). Small components share sheets (the plan comes from
:mod:`printkit.layout.packing`): a page laid on another page's sheet becomes a form
XObject there, placed with a translation (``q 1 0 0 1 dx dy cm /PkSheet1 Do Q``): its content
stream is copied once, never parsed or rewritten, so a shared sheet costs about as much as
two sheets. ``compress_identical_objects`` folds resources that the parts share byte for
byte; fonts subset separately per component stay separate (see PRINT-NOTES), which is the
main cost per page.
"""

from __future__ import annotations

import gettext
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pypdf import PdfReader, PdfWriter
from pypdf.constants import PageLabelStyle
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
)

from printkit.engines.core.files import atomic_write_bytes
from printkit.errors import PrintkitError
from printkit.fonts import manifest
from printkit.geometry import Rect
from printkit.layout.impose import mirror_axis
from printkit.layout.packing import (
    KitLayout,
    Segment,
    Unit,
    content_boxes,
    mirrored,
    page_boxes,
    paper_rect,
    plan_sheets,
    safe_rect,
)
from printkit.page.marks import CUT_GREY, HAIRLINE
from printkit.page.profiles import profile
from printkit.paper import Paper

if TYPE_CHECKING:
    from printkit.context import DrawContext

FONT_LICENCE = "Fonts: SIL OFL 1.1"


def _font_families() -> str:
    try:
        return ", ".join(sorted({r.family for r in manifest().values()}))
    except Exception:  # the manifest is informative here, never fatal
        return ""


def _duplex(reader: Any) -> Any:
    """The duplex mode a component PDF asks viewers for (None: it prints one-sided)."""
    prefs = reader.viewer_preferences
    return prefs["/Duplex"] if prefs is not None and "/Duplex" in prefs else None


@dataclass(frozen=True)
class KitSheets:
    """What a joined kit takes: sheets of paper, and pages (two a sheet when double-sided)."""

    path: Path
    sheets: int
    unpacked: int  # the sheets with one component page per sheet
    double_sided: bool
    layout: KitLayout

    @property
    def pages(self) -> int:
        return self.sheets * (2 if self.double_sided else 1)

    def summary(self, paper: str, ctx: DrawContext | None = None) -> str:
        """One line for the build output and the kit's preflight.txt, in the language of
        ``ctx`` (English without one: the doctest).

        >>> KitSheets(Path("k.pdf"), 4, 5, True, KitLayout((), ())).summary("a4")
        '4 sheets of a4, double-sided (8 pages); 5 with one component page per sheet'
        """
        t: Any = ctx if ctx is not None else gettext.NullTranslations()
        sides = t.gettext("double-sided") if self.double_sided else t.gettext("one-sided")
        line = t.ngettext("%(num)d sheet of %(paper)s, %(sides)s (%(pages)s)",
                          "%(num)d sheets of %(paper)s, %(sides)s (%(pages)s)",
                          self.sheets) % {
            "num": self.sheets, "paper": paper, "sides": sides,
            "pages": t.ngettext("%(num)d page", "%(num)d pages", self.pages) % {
                "num": self.pages}}
        if self.unpacked != self.sheets:
            line += "; " + t.ngettext("%(num)d with one component page per sheet",
                                      "%(num)d with one component page per sheet",
                                      self.unpacked) % {"num": self.unpacked}
        return str(line)


def sheet_count(pdf: str | Path) -> int:
    """The sheets of paper a kit PDF prints on: its pages, halved when it asks for duplex."""
    reader = PdfReader(str(pdf))
    pages = len(reader.pages)
    return (pages + 1) // 2 if _duplex(reader) is not None else pages


def _mirror(duplex: Any, paper: Rect) -> str:
    """How a back mirrors its front on this sheet ("" when the kit's duplex mode is not a
    flip this module knows)."""
    mode = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}.get(str(duplex))
    return mirror_axis(Paper("sheet", paper.w, paper.h), mode) if mode else ""


def _units(readers: list[tuple[str, Any]], paths: list[Path], duplexes: list[Any],
           duplex: Any, ctx: DrawContext) -> list[Unit]:
    """Every component's pages as pieces that move whole: a page, or (in a double-sided kit,
    for a two-sided component) a front with the back behind it."""
    margin = profile(ctx.profile).safe_margin
    units: list[Unit] = []
    for part, ((_title, reader), path, own) in enumerate(zip(readers, paths, duplexes,
                                                              strict=True)):
        contents = content_boxes(path)
        count = len(reader.pages)
        step = 2 if duplex is not None and own is not None else 1
        for first in range(0, count, step):
            group = tuple(range(first, min(first + step, count)))
            pages = [reader.pages[i] for i in group]
            front = pages[0]
            paper = paper_rect(front, ctx.paper.size)
            movable = paper is not None and all(
                "/Annots" not in p and int(p.get("/Rotate", 0)) == 0
                and paper_rect(p, ctx.paper.size) == paper for p in pages)
            safe = safe_rect(front, paper, margin) if paper is not None and movable else None
            footprint = contents[group[0]]
            mirror = ""
            if len(group) == 2 and paper is not None:
                mirror = _mirror(duplex, paper)
                back = contents[group[1]]
                if back is not None and footprint is not None:
                    footprint = footprint.union(mirrored(back, paper, mirror)) if mirror else None
                elif back is not None:
                    footprint = mirrored(back, paper, mirror) if mirror else None
            units.append(Unit(part, group, tuple(page_boxes(p) for p in pages),
                              paper if movable else None, safe, footprint, mirror))
    return units


def _number(value: float) -> str:
    """A coordinate in a content stream: short, and never ``-0``."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def page_form(writer: Any, page: Any) -> Any:
    """A component page as a form XObject in ``writer``: its content and its resources,
    clipped to its MediaBox, to be placed on another page (moved, never scaled)."""
    contents = page.get("/Contents")
    streams: list[Any] = []
    if contents is not None:
        resolved = contents.get_object()
        streams = list(resolved) if isinstance(resolved, ArrayObject) else [resolved]
    form = DecodedStreamObject()
    form.set_data(b"\n".join(s.get_object().get_data() for s in streams))
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(FloatObject(float(v)) for v in page.mediabox)
    if "/Resources" in page:
        form[NameObject("/Resources")] = page["/Resources"].clone(writer)
    if "/Group" in page:
        form[NameObject("/Group")] = page["/Group"].clone(writer)
    return writer._add_object(form.flate_encode())


def _overlay(writer: Any, page: Any, guests: list[tuple[Any, float, float]],
             cuts: tuple[Segment, ...]) -> None:
    """Draw each guest page (moved by dx, dy) and the cut lines over ``page``. The page's
    own content is wrapped in q/Q first, so the guests start from a clean graphics state."""
    if not guests and not cuts:
        return
    resources = DictionaryObject(page["/Resources"].get_object() if "/Resources" in page
                                 else {})
    xobjects = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object())
    ops = []
    for number, (source, dx, dy) in enumerate(guests, start=1):
        name = f"/PkSheet{number}"
        while name in xobjects:
            name += "x"
        xobjects[NameObject(name)] = page_form(writer, source)
        ops.append(f"q 1 0 0 1 {_number(dx)} {_number(dy)} cm {name} Do Q")
    if cuts:
        c, m, y, k = CUT_GREY
        ops.append(f"q {c} {m} {y} {k} K {HAIRLINE} w 0 J")
        ops += [f"{_number(x0)} {_number(y0)} m {_number(x1)} {_number(y1)} l S"
                for x0, y0, x1, y1 in cuts]
        ops.append("Q")
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources
    before, after = DecodedStreamObject(), DecodedStreamObject()
    before.set_data(b"q\n")
    after.set_data(("\nQ\n" + "\n".join(ops) + "\n").encode("ascii"))
    old = page.get("/Contents")
    old_list = [] if old is None else (list(old.get_object())
                                       if isinstance(old.get_object(), ArrayObject) else [old])
    page[NameObject("/Contents")] = ArrayObject([writer._add_object(before), *old_list,
                                                 writer._add_object(after.flate_encode())])


def _copy_boxes(source: Any, target: Any) -> None:
    for name in ("/MediaBox", "/CropBox", "/TrimBox", "/BleedBox", "/ArtBox"):
        if name in source:
            target[NameObject(name)] = source[name].clone(target.indirect_reference.pdf)


def _write_sheets(writer: Any, layout: KitLayout, readers: list[tuple[str, Any]],
                  double_sided: bool) -> list[tuple[int, list[int]]]:
    """Add every sheet's pages to ``writer``; return, per page, the component whose page it
    is and the other components laid on it."""
    owners: list[tuple[int, list[int]]] = []
    for sheet in layout.sheets:
        host = layout.units[sheet.placements[0].unit]
        pages = readers[host.part][1].pages
        front = writer.add_page(pages[host.pages[0]])
        on_front: list[tuple[Any, float, float]] = []
        on_back: list[tuple[Any, float, float]] = []
        front_parts: list[int] = []
        back_parts: list[int] = []
        back_source = None
        for placement in sheet.placements[1:]:
            unit = layout.units[placement.unit]
            source = readers[unit.part][1].pages
            on_front.append((source[unit.pages[0]], placement.dx, placement.dy))
            front_parts.append(unit.part)
            if unit.two_sided:
                bx, by = placement.back_shift(unit.mirror)
                on_back.append((source[unit.pages[1]], bx, by))
                back_parts.append(unit.part)
                back_source = source[unit.pages[1]]
        _overlay(writer, front, on_front, sheet.cuts)
        owners.append((host.part, front_parts))
        if not double_sided:
            continue
        if host.two_sided:
            back = writer.add_page(pages[host.pages[1]])
        else:  # a one-sided page's back stays blank, but for what guests bring
            box = front.mediabox
            back = writer.add_blank_page(float(box.width), float(box.height))
            # the back of a (print-shop) front keeps its trim and bleed, unless a guest's
            # back brings its own
            _copy_boxes(back_source if back_source is not None else front, back)
        _overlay(writer, back, on_back, ())
        owners.append((host.part, back_parts))
    return owners


def _label(writer: Any, titles: list[str], owners: list[tuple[int, list[int]]]) -> None:
    """Page labels: a component's own pages "Title 1", "Title 2"... (as if alone); a page
    that also carries other components names them: "Tokens 1 + Dice"."""
    counters = [0] * len(titles)
    run: tuple[int, int, int] | None = None  # part, first page, its number

    def close(end: int) -> None:
        if run is not None:
            part, first, number = run
            writer.set_page_label(first, end, style=PageLabelStyle.DECIMAL,
                                  prefix=f"{titles[part]} ", start=number)

    for index, (part, guests) in enumerate(owners):
        counters[part] += 1
        number = counters[part]
        others = [p for p in dict.fromkeys(guests) if p != part]
        continues = (run is not None and run[0] == part
                     and run[2] + (index - run[1]) == number)
        if others or not continues:
            close(index - 1)
            run = None
        if others:
            label = f"{titles[part]} {number}" + "".join(f" + {titles[p]}" for p in others)
            writer.set_page_label(index, index, prefix=label)
        elif run is None:
            run = (part, index, number)
    close(len(owners) - 1)


def assemble(kit_title: str, parts: list[tuple[str, Path]], out: Path, ctx: DrawContext, *,
             author: str = "printkit", subject: str = "", pack: bool = True) -> Path:
    """Join ``parts`` into ``out`` (see :func:`assemble_kit`); return ``out``."""
    return assemble_kit(kit_title, parts, out, ctx, author=author, subject=subject,
                        pack=pack).path


def assemble_kit(kit_title: str, parts: list[tuple[str, Path]], out: Path,
                 ctx: DrawContext, *,
                 author: str = "printkit", subject: str = "", pack: bool = True) -> KitSheets:
    """Join ``parts`` ((title, pdf path) pairs, in order) into ``out``: one bookmark per
    component (at the sheet showing its first page), page labels, metadata (title, author,
    subject, keywords with the font licence), PrintScaling None; the same inputs give the
    same bytes; atomic write.

    With ``pack`` (the default), pages that print alike share sheets where they fit
    (:mod:`printkit.layout.packing`). When any component prints two-sided (it asks for
    duplex), the whole kit is printed double-sided: every component starts on a front (odd
    page), a one-sided page's back is blank, a two-sided page's back stays behind it."""
    out = Path(out)
    if not parts:
        raise PrintkitError(f"kit {kit_title!r} has no components to join")
    if not out.parent.exists():
        raise PrintkitError(f"output folder {out.parent} does not exist")
    readers = []
    for title, path in parts:
        try:
            readers.append((title, PdfReader(str(path))))
        except (OSError, ValueError) as exc:
            raise PrintkitError(f"cannot read component {title!r} ({path}): {exc}") from None
    duplexes = [_duplex(reader) for _title, reader in readers]
    duplex = next((d for d in duplexes if d is not None), None)
    units = _units(readers, [Path(p) for _t, p in parts], duplexes, duplex, ctx)
    layout = plan_sheets(units, pack=pack)
    unpacked = len(plan_sheets(units, pack=False).sheets)
    writer = PdfWriter()
    owners = _write_sheets(writer, layout, readers, duplex is not None)
    per_sheet = 2 if duplex is not None else 1
    for part, (title, _reader) in enumerate(readers):
        writer.add_outline_item(title=title, page_number=layout.where(part) * per_sheet)
    _label(writer, [title for title, _reader in readers], owners)
    families = _font_families()
    keywords = ["printkit", kit_title, FONT_LICENCE + (f" ({families})" if families else "")]
    writer.add_metadata({
        "/Title": kit_title,
        "/Author": author,
        "/Subject": subject or f"{kit_title}: print-and-play kit, {len(parts)} components, "
                               f"{ctx.paper.name} {ctx.profile}",
        "/Keywords": "; ".join(keywords),
        "/Creator": "printkit",
        "/Producer": "printkit (ReportLab, pypdf)",
    })
    viewer = writer.create_viewer_preferences()
    viewer[NameObject("/PrintScaling")] = NameObject("/None")
    if duplex is not None:
        viewer[NameObject("/Duplex")] = duplex
    writer.page_mode = "/UseOutlines"
    tag_subsets_by_content(writer)
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    # deterministic: a document id derived from the inputs instead of a random one
    digest = hashlib.md5(kit_title.encode() + (b"packed" if pack else b"") + b"".join(
        Path(p).read_bytes() for _t, p in parts)).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    buffer = io.BytesIO()
    writer.write(buffer)
    try:
        atomic_write_bytes(out, buffer.getvalue())
    except OSError as exc:
        raise PrintkitError(f"cannot write {out}: {exc.strerror or exc}") from None
    return KitSheets(out, len(layout.sheets), unpacked, duplex is not None, layout)


def _subset_tag(data: bytes) -> str:
    """Six capital letters from a digest of the font program: the same subset always gets
    the same tag, different subsets (practically) never share one.

    >>> _subset_tag(b"abc"), len(_subset_tag(b"abd"))
    ('EQWJNB', 6)
    """
    digest = hashlib.sha256(data).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def tag_subsets_by_content(writer: Any) -> None:
    """Rename every embedded font subset ``XXXXXX+Name`` after its contents.

    ReportLab names the first subset of a font ``AAAAAA+`` in every PDF it writes, so joining
    components gives several different subsets under one name, which prepress checkers flag
    and some RIPs confuse. Identical subsets keep one shared name (and are then merged)."""
    for font in _fonts(writer):
        base = str(font.get("/BaseFont", ""))
        if "+" not in base:
            continue
        desc = font.get("/FontDescriptor")
        if desc is None:
            continue
        desc = desc.get_object()
        program = next((desc[k] for k in ("/FontFile2", "/FontFile3", "/FontFile")
                        if k in desc), None)
        if program is None:
            continue
        name = f"/{_subset_tag(program.get_object().get_data())}+{base.split('+', 1)[1]}"
        font[NameObject("/BaseFont")] = NameObject(name)
        desc[NameObject("/FontName")] = NameObject(name)


def _fonts(writer: Any) -> list[Any]:
    """Every font dictionary the pages use, directly or inside form XObjects (a page laid on
    a shared sheet is one), each once."""
    found: dict[int, Any] = {}
    seen: set[int] = set()
    todo = [page.get("/Resources") for page in writer.pages]
    while todo:
        resources = todo.pop()
        if resources is None:
            continue
        resources = resources.get_object()
        if id(resources) in seen:
            continue
        seen.add(id(resources))
        for ref in resources.get("/Font", {}).values():
            found.setdefault(id(ref.get_object()), ref.get_object())
        for ref in resources.get("/XObject", {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                todo.append(xobject.get("/Resources"))
    return list(found.values())
