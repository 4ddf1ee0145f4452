"""Typesetting a handout with ReportLab's platypus: flowing text, lists, tables, figures.

:func:`typeset` turns the blocks of :mod:`printkit.handouts.markup` into a PDF on one page
size, in one or two columns, with a header (the game, the language) and page numbers
("2 / 6"). Text is hyphenated in the handout's language (pyphen, through ReportLab's
``hyphenationLang``) and wrapped the CJK way for Japanese.

Figures are pages of other printkit PDFs (an example game drawn by ``printkit example``):
the figure reserves its box while the text flows, and the page is then laid into that box
with pypdf, scaled and clipped, as vector graphics with its own fonts; never a screenshot.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2
import pyphen  # type: ignore[import-untyped]
from PIL import ImageOps
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    FrameBreak,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError, PageTemplate
from reportlab.platypus.frames import Frame

from printkit.context import DrawContext
from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.handouts.markup import Block
from printkit.layout.assembly import page_form, tag_subsets_by_content
from printkit.page.preflight import MIN_TEXT_PT
from printkit.paper import Paper
from printkit.scripts import paragraph_options
from printkit.units import mm

Box = tuple[float, float, float, float]  # x, y, w, h in points

INK = colors.HexColor("#1d1d1b")
MUTED = colors.HexColor("#5b5b57")
RULE = colors.HexColor("#b9b7ae")
NOTE_FILL = colors.HexColor("#f3f1e8")
HEAD_FILL = colors.HexColor("#e7e4d8")


@dataclass(frozen=True)
class FigureSource:
    """A page of a printkit PDF to show as a figure (``page`` counts from 0). ``smallest``:
    the smallest text size on the page when the drawing measured it (read back from the page
    when ``None``)."""

    pdf: Path
    page: int = 0
    smallest: float | None = None


@dataclass(frozen=True)
class PageLayout:
    """The page a handout is set on: its size, margins, columns and body text size."""

    paper: Paper
    columns: int = 1
    margin: float = mm(12)
    gutter: float = mm(7)
    body_size: float = 10.0

    def frames(self) -> list[Frame]:
        top = self.paper.height - self.margin - mm(8)  # below the running header
        bottom = self.margin + mm(6)  # above the page number
        width = self.paper.width - 2 * self.margin
        col = (width - (self.columns - 1) * self.gutter) / self.columns
        return [Frame(self.margin + i * (col + self.gutter), bottom, col, top - bottom,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id=f"column{i}")
                for i in range(self.columns)]


@dataclass
class _Placed:
    source: FigureSource
    crop: Box  # the part of the source page shown (x, y, w, h)
    page: int  # 1-based page of the handout
    x: float
    y: float
    w: float
    h: float


class PdfPageFigure(Flowable):  # type: ignore[misc]
    """Reserves the box of a figure made from a PDF page; :func:`_lay_figures` fills it.

    The figure is scaled to the column, but never so far that its smallest text prints
    under :data:`~printkit.page.preflight.MIN_TEXT_PT`: where the column is too small
    for the whole page at that scale, the figure shows the top-left part that fits (a detail)
    and says so (``self.detail``)."""

    def __init__(self, source: FigureSource, crop: Box, smallest_text: float,
                 max_height: float, placed: list[_Placed]) -> None:
        super().__init__()
        self.source = source
        self.content = crop
        self.crop = crop
        self.max_height = max_height
        self.placed = placed
        self.min_scale = MIN_TEXT_PT / smallest_text if smallest_text > 0 else 0.0
        self.detail = False
        self.scale = 1.0

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        x, y, w, h = self.content
        scale = min(1.0, avail_w / w, self.max_height / h)
        if scale < self.min_scale:  # legible first: show the part that fits
            scale = min(1.0, self.min_scale)
            shown_w, shown_h = min(w, avail_w / scale), min(h, self.max_height / scale)
            self.crop = (x, y + h - shown_h, shown_w, shown_h)
            self.detail = shown_w < w - 0.5 or shown_h < h - 0.5
        else:
            self.crop = self.content
        self.scale = scale
        self.width, self.height = self.crop[2] * scale, self.crop[3] * scale
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        x, y = c.absolutePosition(0, 0)
        self.placed.append(_Placed(self.source, self.crop, c.getPageNumber(), x, y,
                                   self.width, self.height))
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.5)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.restoreState()


class FigureCaption(Flowable):  # type: ignore[misc]
    """A figure's caption, which adds a note when the figure above shows only a detail."""

    def __init__(self, text: str, style: ParagraphStyle, figure: PdfPageFigure,
                 detail_note: str) -> None:
        super().__init__()
        self.text, self.style, self.figure, self.detail_note = text, style, figure, detail_note
        self.para: Paragraph | None = None

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        text = self.text + (" " + self.detail_note if self.figure.detail else "")
        self.para = Paragraph(text, self.style)
        w, h = self.para.wrapOn(self.canv, avail_w, avail_h)
        self.width, self.height = w, h + self.style.spaceBefore
        return self.width, self.height

    def draw(self) -> None:
        assert self.para is not None
        self.para.drawOn(self.canv, 0, 0)


def styles(ctx: DrawContext, layout: PageLayout) -> dict[str, ParagraphStyle]:
    """Paragraph styles in the locale's fonts, hyphenated in its language."""
    regular, bold, italic = (ctx.font(FontRole.SANS), ctx.font(FontRole.SANS_BOLD),
                             ctx.font(FontRole.SANS_ITALIC))
    registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold)
    size = layout.body_size
    lang = ctx.locale.split("_")[0]
    common: dict[str, Any] = dict(fontName=regular, textColor=INK, alignment=TA_LEFT)
    options = paragraph_options(ctx.locale)  # CJK line breaking; refuses right-to-left
    hyphen = pyphen.language_fallback(ctx.locale)
    if hyphen and lang != "en" and not options:  # spaced scripts only; English unbroken,
        common["hyphenationLang"] = hyphen  # like the source text
        common["embeddedHyphenation"] = 1
    common.update(options)
    body = ParagraphStyle("body", fontSize=size, leading=size * 1.32, spaceAfter=size * 0.5,
                          **common)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", parent=body, fontName=bold, fontSize=size * 1.5,
                             leading=size * 1.8, spaceBefore=size * 0.9, spaceAfter=size * 0.4,
                             keepWithNext=1, hyphenationLang=""),
        "h2": ParagraphStyle("h2", parent=body, fontName=bold, fontSize=size * 1.2,
                             leading=size * 1.45, spaceBefore=size * 0.7, spaceAfter=size * 0.3,
                             keepWithNext=1, hyphenationLang=""),
        "h3": ParagraphStyle("h3", parent=body, fontName=bold, fontSize=size,
                             leading=size * 1.3, spaceBefore=size * 0.5, spaceAfter=size * 0.2,
                             keepWithNext=1, hyphenationLang=""),
        "title": ParagraphStyle("title", parent=body, fontName=bold, fontSize=size * 2.2,
                                leading=size * 2.6, spaceAfter=size * 0.3, hyphenationLang=""),
        "item": ParagraphStyle("item", parent=body, spaceAfter=size * 0.2),
        "cell": ParagraphStyle("cell", parent=body, fontSize=size * 0.9,
                               leading=size * 0.9 * 1.25, spaceAfter=0),
        "head": ParagraphStyle("head", parent=body, fontName=bold, fontSize=size * 0.9,
                               leading=size * 0.9 * 1.25, spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=body, fontName=italic,
                                  fontSize=size * 0.85, leading=size * 0.85 * 1.3,
                                  textColor=MUTED, spaceBefore=size * 0.3),
        "note": ParagraphStyle("note", parent=body, fontSize=size * 0.95, spaceAfter=0),
    }


def flowables(blocks: Sequence[Block], st: Mapping[str, ParagraphStyle], *,
              figures: Mapping[str, FigureSource], figure_sizes: Mapping[str, tuple[Box, float]],
              placed: list[_Placed], name: str, max_figure_height: float,
              column_width: float, detail_note: str = "") -> list[Any]:
    """The platypus story of ``blocks``."""
    story: list[Any] = []
    for block in blocks:
        where = f"{name}:{block.line}"
        if block.tag in ("h1", "h2", "h3", "p"):
            style = st["body" if block.tag == "p" else block.tag]
            if block.attrs.get("class") == "title":
                style = st["title"]
            story.append(Paragraph(block.inline, style))
        elif block.tag == "note":
            cell = Paragraph(block.inline, st["note"])
            box = Table([[cell]], colWidths=["100%"])
            box.setStyle(TableStyle([
                ("FONTNAME", (0, 0), (-1, -1), st["body"].fontName),
                ("BACKGROUND", (0, 0), (-1, -1), NOTE_FILL),
                ("LINEBEFORE", (0, 0), (0, -1), 2, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ]))
            story += [box, Spacer(1, st["body"].fontSize * 0.6)]
        elif block.tag in ("ul", "ol"):
            items = [ListItem(Paragraph(text, st["item"]), leftIndent=st["body"].fontSize * 1.3)
                     for text in block.items]
            bullet = dict(bulletType="1", bulletFormat="%s.") if block.tag == "ol" else dict(
                bulletType="bullet", start="•")
            story.append(ListFlowable(items, leftIndent=st["body"].fontSize * 1.3,
                                      bulletFontName=st["body"].fontName,
                                      bulletFontSize=st["body"].fontSize, **bullet))
            story.append(Spacer(1, st["body"].fontSize * 0.4))
        elif block.tag == "table":
            story.append(_table(block, st, where))
        elif block.tag == "figure":
            src = figure_name(block, figures, where)
            height = max_figure_height
            if block.caption:  # the caption (with a possible detail note) stays with it
                probe = Paragraph(block.caption + " " + detail_note, st["caption"])
                height -= probe.wrap(column_width, max_figure_height)[1] + \
                    st["caption"].spaceBefore + st["body"].fontSize
            wanted = figure_height(block, where)
            if wanted is not None:
                height = min(height, mm(wanted))
            box, smallest = figure_sizes[src]
            figure = PdfPageFigure(figures[src], box, smallest, height, placed)
            parts: list[Any] = [figure, FigureCaption(block.caption, st["caption"], figure,
                                                      detail_note)]
            story += [KeepTogether(parts), Spacer(1, st["body"].fontSize * 0.6)]
        elif block.tag == "columnbreak":
            story.append(FrameBreak())
        elif block.tag == "pagebreak":
            story.append(PageBreak())
    return story


def keep_headings(story: list[Any], width: float, height: float) -> list[Any]:
    """Before every heading, a conditional page break as tall as the heading and the block
    after it (at most 40 % of a column): a heading never ends a column alone."""
    out: list[Any] = []
    scratch = Canvas(io.BytesIO())  # some flowables measure themselves against a canvas
    for i, item in enumerate(story):
        if isinstance(item, Paragraph) and getattr(item.style, "keepWithNext", False):
            need = item.wrapOn(scratch, width, height)[1] + item.style.spaceBefore
            following = next((f for f in story[i + 1:] if not isinstance(f, Spacer)), None)
            if following is not None:
                need += following.wrapOn(scratch, width, height)[1]
            out.append(CondPageBreak(min(need, 0.4 * height)))
        out.append(item)
    return out


def table_widths(block: Block, where: str) -> list[float] | None:
    """A table's ``widths="2,1,1"``: one finite, positive weight per column (None: even)."""
    weights = block.attrs.get("widths")
    if not weights:
        return None
    width = max(len(r) for r in block.rows)
    try:
        parts = [float(w) for w in weights.split(",")]
    except ValueError:
        raise PrintkitError(f"{where}: table widths are numbers, not {weights!r}") from None
    if len(parts) != width:
        raise PrintkitError(f"{where}: {len(parts)} widths for {width} columns")
    if not all(math.isfinite(w) and w > 0 for w in parts):
        raise PrintkitError(f"{where}: table widths are positive numbers, not {weights!r}")
    return parts


def figure_name(block: Block, figures: Collection[str], where: str) -> str:
    """A figure's ``src``: one of the figures this handout has."""
    src = block.attrs["src"]
    if src not in figures:
        raise PrintkitError(f"{where}: no figure {src!r}; this handout has "
                            f"{', '.join(sorted(figures)) or 'no figures'}")
    return src


def figure_height(block: Block, where: str) -> float | None:
    """A figure's ``height`` in millimetres: finite and above zero (None: as tall as fits)."""
    if "height" not in block.attrs:
        return None
    try:
        height = float(block.attrs["height"])
    except ValueError:
        height = math.nan
    if not (math.isfinite(height) and height > 0):
        raise PrintkitError(f"{where}: figure height must be millimetres above 0, not "
                            f"{block.attrs['height']!r}")
    return height


def check_blocks(blocks: Sequence[Block], figures: Collection[str], name: str) -> None:
    """What :func:`flowables` would refuse in ``blocks``, found without typesetting: a
    figure the handout does not have, table widths and figure heights that are not sizes.
    Lets a user's template be refused before a batch starts."""
    for block in blocks:
        where = f"{name}:{block.line}"
        if block.tag == "table":
            table_widths(block, where)
        elif block.tag == "figure":
            figure_name(block, figures, where)
            figure_height(block, where)


def _table(block: Block, st: Mapping[str, ParagraphStyle], where: str) -> Any:
    width = max(len(r) for r in block.rows)
    data = []
    for row in block.rows:
        cells = [Paragraph(text, st["head" if head else "cell"]) for head, text in row]
        data.append(cells + [""] * (width - len(cells)))
    parts = table_widths(block, where)
    col_widths: list[Any] | None = None
    if parts is not None:
        col_widths = [f"{100 * w / sum(parts):.3f}%" for w in parts]
    table = Table(data, colWidths=col_widths, repeatRows=1 if block.rows[0][0][0] else 0,
                  hAlign="LEFT")
    commands: list[Any] = [
        ("FONTNAME", (0, 0), (-1, -1), st["cell"].fontName),  # never a stray Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if all(head for head, _text in block.rows[0]):
        commands.append(("BACKGROUND", (0, 0), (-1, 0), HEAD_FILL))
    table.setStyle(TableStyle(commands))
    kept: list[Any] = [table]
    if block.caption:
        kept.append(Paragraph(block.caption, st["caption"]))
    return KeepTogether([*kept, Spacer(1, st["body"].fontSize * 0.6)])


def _numbered_canvas(header: tuple[str, str], ctx: DrawContext, layout: PageLayout) -> type:
    """A canvas class that writes the running header and "page / pages" once the number of
    pages is known (it holds every page until the end)."""
    left, right = header

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._decorate(total)
                super().showPage()
            super().save()

        def _decorate(self, total: int) -> None:
            w, h = layout.paper.size
            m = layout.margin
            self.saveState()
            self.setFillColor(MUTED)
            self.setFont(ctx.font(FontRole.SANS), 8)
            self.drawString(m, h - m, left)
            self.drawRightString(w - m, h - m, right)
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(m, h - m - mm(2), w - m, h - m - mm(2))
            self.drawCentredString(w / 2, m - mm(1), f"{self._pageNumber} / {total}")
            self.restoreState()

    return NumberedCanvas


def typeset(blocks: Sequence[Block], ctx: DrawContext, layout: PageLayout, *, title: str,
            header: tuple[str, str], figures: Mapping[str, FigureSource] | None = None,
            name: str = "handout", subject: str = "") -> bytes:
    """The PDF bytes of ``blocks`` set on ``layout``: the same input gives the same bytes."""
    figures = dict(figures or {})
    sizes = {key: (content_box(src), smallest_text(src) if src.smallest is None
                   else src.smallest) for key, src in figures.items()}
    st = styles(ctx, layout)
    placed: list[_Placed] = []
    frame_h = layout.frames()[0].height
    frame_w = layout.frames()[0].width
    story = flowables(blocks, st, figures=figures, figure_sizes=sizes, placed=placed,
                      name=name, max_figure_height=frame_h, column_width=frame_w,
                      detail_note=ctx._("(A detail at print size: printkit example prints "
                                        "the whole page.)"))
    story = keep_headings(story, frame_w, frame_h)
    while story and isinstance(story[-1], Spacer):  # a last spacer would open a blank page
        story.pop()
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=layout.paper.size, invariant=1, title=title,
                          author="printkit", subject=subject, creator="printkit",
                          producer="printkit (ReportLab, pypdf)", lang=ctx.locale.replace("_", "-"),
                          initialFontName=ctx.font(FontRole.SANS), pageCompression=1,
                          leftMargin=layout.margin, rightMargin=layout.margin,
                          topMargin=layout.margin, bottomMargin=layout.margin)
    doc.addPageTemplates([PageTemplate(id="page", frames=layout.frames())])
    try:
        doc.build(story, canvasmaker=_numbered_canvas(header, ctx, layout))
    except LayoutError as exc:
        raise PrintkitError(f"{name} ({ctx.locale}): {str(exc).splitlines()[0]}") from None
    data = buffer.getvalue()
    if placed:
        data = _lay_figures(data, placed)
    return data


def smallest_text(src: FigureSource) -> float:
    """The smallest text size printed on the source page (points on paper: the font size
    times the scale of the text and drawing matrices)."""
    sizes: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        if text.strip() and size:
            m = [tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                 tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]]
            sizes.append(size * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5)

    PdfReader(str(src.pdf)).pages[src.page].extract_text(visitor_text=visit)
    return min(sizes, default=0.0)


def content_box(src: FigureSource, pad: float = mm(2)) -> Box:
    """The part of the source page that has ink on it, padded (x, y, w, h in points): an
    example that fills a third of its page becomes a figure of that third."""
    try:
        pdf = pypdfium2.PdfDocument(str(src.pdf))
        page = pdf[src.page]
    except (pypdfium2.PdfiumError, IndexError, OSError) as exc:
        raise PrintkitError(f"cannot use page {src.page + 1} of {src.pdf} as a figure: {exc}"
                            ) from None
    w, h = page.get_size()
    image = page.render(scale=1).to_pil().convert("L")
    box = ImageOps.invert(image).point(lambda v: 255 if v > 8 else 0).getbbox()
    pdf.close()
    if box is None:
        return (0.0, 0.0, w, h)
    left, top, right, bottom = box  # pixels at 72 dpi = points, y downwards
    x0, x1 = max(0.0, left - pad), min(w, right + pad)
    y0, y1 = max(0.0, h - bottom - pad), min(h, h - top + pad)
    return (x0, y0, x1 - x0, y1 - y0)


def _lay_figures(data: bytes, placed: Sequence[_Placed]) -> bytes:
    """Lay each figure's PDF page into its reserved box: the page becomes a form XObject,
    placed scaled and clipped to the box (its content stream is copied, not re-parsed)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    readers: dict[Path, PdfReader] = {}
    for number, fig in enumerate(placed, start=1):
        reader = readers.setdefault(fig.source.pdf, PdfReader(str(fig.source.pdf)))
        src = reader.pages[fig.source.page]
        cx, cy, cw, ch = fig.crop
        scale = min(fig.w / cw, fig.h / ch)
        host = writer.pages[fig.page - 1]
        own: Any = host["/Resources"].get_object() if "/Resources" in host else {}
        resources = DictionaryObject(own)
        xobjects = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object())
        name = f"/PkFigure{number}"
        xobjects[NameObject(name)] = page_form(writer, src)
        resources[NameObject("/XObject")] = xobjects
        host[NameObject("/Resources")] = resources
        tx, ty = fig.x - cx * scale, fig.y - cy * scale
        ops = (f"q {fig.x:.3f} {fig.y:.3f} {fig.w:.3f} {fig.h:.3f} re W n "
               f"{scale:.5f} 0 0 {scale:.5f} {tx:.3f} {ty:.3f} cm {name} Do Q")
        before, after = DecodedStreamObject(), DecodedStreamObject()
        before.set_data(b"q\n")
        after.set_data(("\nQ\n" + ops + "\n").encode("ascii"))
        old = host.get("/Contents")
        old_list = [] if old is None else (
            list(old.get_object()) if isinstance(old.get_object(), ArrayObject) else [old])
        host[NameObject("/Contents")] = ArrayObject(
            [writer._add_object(before), *old_list, writer._add_object(after)])
    tag_subsets_by_content(writer)  # the figure's font subsets beside the handout's own
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
