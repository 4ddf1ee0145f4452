"""One kit PDF per game: the component PDFs joined, with an outline, page labels and metadata.

Joined with pypdf (no re-rendering). ``compress_identical_objects`` folds resources that the
parts share byte for byte; fonts subset separately per component stay separate (see
PRINT-NOTES), which is the main cost per page.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError

FONT_LICENCE = "Fonts: SIL OFL 1.1"


def _font_families() -> str:
    try:
        from printkit.fonts import manifest

        return ", ".join(sorted({r.family for r in manifest().values()}))
    except Exception:  # the manifest is informative here, never fatal
        return ""


def _duplex(reader: Any) -> Any:
    """The duplex mode a component PDF asks viewers for (None: it prints one-sided)."""
    prefs = reader.viewer_preferences
    return prefs["/Duplex"] if prefs is not None and "/Duplex" in prefs else None


def _blank_after(writer: Any, index: int) -> None:
    """A blank page of the same size right after page ``index``: the back of a one-sided
    page when the kit is printed double-sided."""
    box = writer.pages[index].mediabox
    writer.insert_blank_page(float(box.width), float(box.height), index + 1)


def assemble(kit_title: str, parts: list[tuple[str, Path]], out: Path, ctx: Any, *,
             author: str = "printkit", subject: str = "") -> Path:
    """Join ``parts`` ((title, pdf path) pairs, in order) into ``out``: one bookmark and one
    page-label range per component, metadata (title, author, subject, keywords with the font
    licence), PrintScaling None; the same inputs give the same bytes; atomic write.

    When any component prints two-sided (it asks for duplex), the whole kit is printed
    double-sided: every component starts on a front (odd page), a one-sided component's
    pages get blank backs, and a two-sided component's backs stay behind its fronts."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.constants import PageLabelStyle
    from pypdf.generic import ArrayObject, ByteStringObject, NameObject

    from printkit.engines.core.log import atomic_write_bytes

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
    writer = PdfWriter()
    for (title, reader), own in zip(readers, duplexes, strict=True):
        if duplex is not None and len(writer.pages) % 2:
            _blank_after(writer, len(writer.pages) - 1)  # every component starts on a front
        start = len(writer.pages)
        writer.append(reader, import_outline=False)
        if duplex is not None and own is None:  # one-sided in a two-sided kit: blank backs
            for index in range(len(writer.pages) - 1, start - 1, -1):
                _blank_after(writer, index)
        end = len(writer.pages) - 1
        writer.add_outline_item(title=title, page_number=start)
        prefix = f"{title} "
        writer.set_page_label(start, end, style=PageLabelStyle.DECIMAL, prefix=prefix, start=1)
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
    digest = hashlib.md5(kit_title.encode() + b"".join(
        Path(p).read_bytes() for _t, p in parts)).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    buffer = io.BytesIO()
    writer.write(buffer)
    try:
        atomic_write_bytes(out, buffer.getvalue())
    except OSError as exc:
        raise PrintkitError(f"cannot write {out}: {exc.strerror or exc}") from None
    return out


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
    from pypdf.generic import NameObject

    for page in writer.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
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
