"""Saddle-stitched booklets: half-size pages imposed two to a sheet side, in folding order.

A booklet of ``n`` pages (padded with blanks to a multiple of four) prints on ``n / 4``
sheets, both sides, flipped on the short edge. Stacked, folded in the middle and stapled on
the fold, the pages read in order. Sheet ``k`` (from 0) carries, left to right:

- front: page ``n - 2k`` and page ``2k + 1``
- back:  page ``2k + 2`` and page ``n - 2k - 1``

>>> saddle_stitch_order(4)
[(4, 1), (2, 3)]
>>> saddle_stitch_order(8)
[(8, 1), (2, 7), (6, 3), (4, 5)]
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import NameObject

from printkit.errors import PrintkitError
from printkit.paper import Paper


def padded(pages: int) -> int:
    """The page count rounded up to a multiple of four (blank pages at the end)."""
    return max(4, -(-pages // 4) * 4)


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """The (left, right) page numbers (1-based; above ``pages``: blank) of every sheet side,
    front then back of sheet 1, then sheet 2, ..."""
    n = padded(pages)
    order: list[tuple[int, int]] = []
    for k in range(n // 4):
        order.append((n - 2 * k, 2 * k + 1))
        order.append((2 * k + 2, n - 2 * k - 1))
    return order


def impose(data: bytes, sheet: Paper) -> bytes:
    """The booklet of the half-size pages in ``data`` on landscape ``sheet`` sides: each page
    keeps its size (no scaling) and is centred in its half of the sheet."""
    reader = PdfReader(io.BytesIO(data))
    sheet = sheet if sheet.landscape else sheet.rotated()
    half_w, sheet_h = sheet.width / 2, sheet.height
    first = reader.pages[0]
    pw, ph = float(first.mediabox.width), float(first.mediabox.height)
    if pw > half_w + 0.01 or ph > sheet_h + 0.01:
        raise PrintkitError(f"booklet pages of {pw:.0f} x {ph:.0f} pt do not fit two to a "
                            f"{sheet.name} sheet")
    writer = PdfWriter()
    count = len(reader.pages)
    for left, right in saddle_stitch_order(count):
        side = PageObject.create_blank_page(width=sheet.width, height=sheet.height)
        for slot, number in enumerate((left, right)):
            if number > count:
                continue  # a blank page of the padding
            x = slot * half_w + (half_w - pw) / 2
            y = (sheet_h - ph) / 2
            side.merge_transformed_page(reader.pages[number - 1],
                                        Transformation().translate(x, y))
        writer.add_page(side)
    if reader.metadata:
        writer.add_metadata({k: v for k, v in reader.metadata.items() if isinstance(k, str)})
    viewer = writer.create_viewer_preferences()
    viewer[NameObject("/PrintScaling")] = NameObject("/None")
    viewer[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    ids = reader.trailer.get("/ID")
    if ids is not None:  # the handout's own (deterministic) id: same input, same bytes
        writer._ID = ids.get_object()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
