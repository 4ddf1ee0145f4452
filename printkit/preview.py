"""Previews: PDF pages to PNG (pypdfium2) and one contact sheet of all pages (Pillow).

``make demo`` calls :func:`render_previews` on what it builds, so a person can look at every
page without a PDF viewer.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from printkit.engines.core.files import atomic_write_bytes
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from PIL import Image


MIN_DPI, MAX_DPI = 10, 1200
"""Below 10 dpi an A4 page is a few pixels wide; above 1200 a page takes hundreds of MB."""


def render_previews(pdf: str | Path, out_dir: str | Path, dpi: float = 100, *,
                    contact_sheet: bool = True) -> list[Path]:
    """Render every page of ``pdf`` to ``out_dir/<stem>-p<N>.png``; also
    ``<stem>-contact.png`` (all pages as thumbnails) unless ``contact_sheet`` is false.
    Returns the written paths, pages first."""
    pdf, out_dir = Path(pdf), Path(out_dir)
    if not MIN_DPI <= dpi <= MAX_DPI:  # also refuses nan and inf
        raise PrintkitError(f"preview resolution must be between {MIN_DPI} and {MAX_DPI} dpi, "
                            f"got {dpi:g}")
    if not pdf.is_file():
        raise PrintkitError(f"{pdf} does not exist")
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        doc = pdfium.PdfDocument(str(pdf))
    except pdfium.PdfiumError as exc:
        raise PrintkitError(f"cannot read {pdf} as a PDF: {exc}") from None
    written: list[Path] = []
    images: list[Image.Image] = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil()
            path = out_dir / f"{pdf.stem}-p{i + 1}.png"
            _save_png(image, path)
            written.append(path)
            if contact_sheet:
                images.append(image)
    finally:
        doc.close()
    if contact_sheet and images:
        written.append(_contact(images, out_dir / f"{pdf.stem}-contact.png"))
    return written


def _contact(images: list[Image.Image], path: Path, thumb: int = 240, pad: int = 12) -> Path:
    cols = min(len(images), 6)
    rows = math.ceil(len(images) / cols)
    cell = thumb + pad
    sheet = Image.new("RGB", (cols * cell + pad, rows * (cell + 14) + pad), "#d8d8d8")
    draw = ImageDraw.Draw(sheet)
    for i, image in enumerate(images):
        im = image.copy()
        im.thumbnail((thumb, thumb))
        x = pad + (i % cols) * cell + (thumb - im.width) // 2
        y = pad + (i // cols) * (cell + 14) + (thumb - im.height) // 2
        sheet.paste(im, (x, y))
        draw.rectangle([x - 1, y - 1, x + im.width, y + im.height], outline="#808080")
        draw.text((pad + (i % cols) * cell, pad + (i // cols) * (cell + 14) + thumb + 1),
                  f"{i + 1}", fill="#202020")
    _save_png(sheet, path)
    return path


def _save_png(image: Image.Image, path: Path) -> None:
    """Every file is written whole or not at all (a temporary file, then a rename)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    atomic_write_bytes(path, buffer.getvalue())
