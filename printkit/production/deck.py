"""Card decks from a spreadsheet: one CSV row per card design, imposed on sheets.

CSV (UTF-8, a header row; column names are case-insensitive):

- ``title`` and ``text`` (required): text wrapped and shrunk to fit the card on both axes;
- ``count`` (optional): copies of the card (default 1; 0 skips the row);
- ``image`` (optional): a picture file, relative to the CSV, drawn between title and text.

A card whose text cannot fit even at the minimum size is a preflight error naming its row.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import PrintkitError
from printkit.geometry import Rect
from printkit.i18n import _
from printkit.production import preflight
from printkit.production.sizes import ItemSize, size
from printkit.units import mm

if TYPE_CHECKING:
    from reportlab.lib.colors import CMYKColor
    from reportlab.pdfgen.canvas import Canvas

    from printkit.production.fit import Fitted

CMYK = tuple[float, float, float, float]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp")
TITLE_MAX, TITLE_MIN = 13.0, 7.0
TEXT_MAX, TEXT_MIN = 13.0, 6.0
INSET = mm(3.175)  # keep text 1/8 in inside the cut


@dataclass(frozen=True)
class CardRow:
    row: int  # line number in the CSV (the header is line 1)
    title: str
    text: str
    count: int = 1
    image: Path | None = None


def read_cards(path: str | Path) -> list[CardRow]:
    """Read and check the CSV; every problem names its line."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PrintkitError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise PrintkitError(f"{path.name} line {line}: not UTF-8 text") from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = {(f or "").strip().lower(): f for f in reader.fieldnames or []}
    missing = [c for c in ("title", "text") if c not in fields]
    if missing:
        raise PrintkitError(f"{path.name}: the header needs a {' and a '.join(missing)} column")
    cards = []
    for record in reader:
        line = reader.line_num
        values = {col: (record.get(name) or "").strip() for col, name in fields.items()}
        get = values.get
        count_text = get("count", "") or "1"
        try:
            count = int(count_text)
        except ValueError:
            raise PrintkitError(
                f"{path.name} line {line}: count {count_text!r} is not a whole number") from None
        if count < 0:
            raise PrintkitError(f"{path.name} line {line}: count must not be negative")
        image = None
        if get("image", ""):
            image = (path.parent / get("image", "")).resolve()
            if not image.is_file():
                raise PrintkitError(f"{path.name} line {line}: image {get('image')} not found")
        if not get("title", "") and not get("text", ""):
            continue
        body = get("text", "").replace("\\n", "\n")  # a literal \n in a cell breaks the line
        cards.append(CardRow(line, get("title", ""), body, count, image))
    if not cards:
        raise PrintkitError(f"{path.name}: no cards (rows with a title or text)")
    return cards


@dataclass(frozen=True)
class CardStyle:
    """Colours (CMYK) and fonts of the default card look."""

    frame: CMYK = (0.85, 0.55, 0.0, 0.25)
    title_role: str = "sans-bold"
    text_role: str = "sans"
    back_fill: CMYK = (0.85, 0.55, 0.0, 0.25)
    back_ink: CMYK = (0.0, 0.0, 0.0, 0.0)


class CardFace:
    """Draws one card front: frame, title, optional picture, fitted text. Fits are computed
    up front (so preflight knows before drawing) and reused for every copy."""

    def __init__(self, card: CardRow, item: ItemSize, style: CardStyle) -> None:
        from printkit.production.fit import fit_text

        self.card, self.style = card, style
        w, h = item.width, item.height
        self._h = h
        self.inner_w = w - 2 * INSET
        self.title_h = mm(9)
        where = _("row {row} ({title})").format(row=card.row, title=card.title or "untitled")
        self.title = fit_text(card.title, style.title_role, self.inner_w, self.title_h,
                              max_size=TITLE_MAX, min_size=TITLE_MIN)
        self.image_h = (h - 2 * INSET - self.title_h) * 0.45 if card.image else 0.0
        self.text_h = h - 2 * INSET - self.title_h - self.image_h - mm(2)
        self.text = fit_text(card.text, style.text_role, self.inner_w, self.text_h,
                             max_size=TEXT_MAX, min_size=TEXT_MIN)
        pf = preflight.current()
        pf.check_glyphs(style.title_role, card.title, where=where)
        pf.check_glyphs(style.text_role, card.text, where=where)
        for label, fitted, minimum in (("title", self.title, TITLE_MIN),
                                       ("text", self.text, TEXT_MIN)):
            if not fitted.fits:
                pf.add("error", "text-overflow",
                       f"the {label} does not fit a {item.name} card even at {minimum:g} pt",
                       where)
        self.image_size: tuple[int, int] | None = None
        if card.image:
            from PIL import Image

            with Image.open(card.image) as im:
                self.image_size = im.size
            box = self._image_box()
            scale = min(box.w / self.image_size[0], box.h / self.image_size[1])
            pf.check_image(*self.image_size, self.image_size[0] * scale,
                           self.image_size[1] * scale, where=where)

    def _image_box(self) -> Rect:
        """Where the picture goes, in the card's own frame (origin: the trim's lower left)."""
        top = self._h - INSET - self.title_h - mm(1)
        return Rect(INSET, top - self.image_h, self.inner_w, self.image_h)

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int) -> None:
        c.setStrokeColorCMYK(*self.style.frame)
        c.setLineWidth(1.2)
        c.roundRect(x + mm(1.8), y + mm(1.8), w - mm(3.6), h - mm(3.6), mm(2.5))
        title = self.title
        ty = y + h - INSET - self.title_h + (self.title_h - title.height) / 2
        title.paragraph.drawOn(c, x + INSET, ty)
        c.setLineWidth(0.5)
        rule_y = y + h - INSET - self.title_h
        c.line(x + INSET, rule_y, x + w - INSET, rule_y)
        if self.card.image:
            box = self._image_box()
            c.drawImage(str(self.card.image), x + box.x, y + box.y, box.w, box.h,
                        preserveAspectRatio=True, anchor="c", mask="auto")
        text = self.text
        text_top = y + INSET + self.text_h
        text.paragraph.drawOn(c, x + INSET, text_top - text.height - (
            (self.text_h - text.height) / 2 if not self.card.image else 0))


class CardBack:
    """A card back: a picture (cover, into the bleed) or a word on a coloured field."""

    def __init__(self, back: str, style: CardStyle, base: Path | None = None) -> None:
        self.style = style
        candidate = Path(back)
        if base is not None and not candidate.is_absolute():
            candidate = base / candidate
        self.image = candidate if (back.lower().endswith(IMAGE_SUFFIXES)) else None
        if self.image is not None and not self.image.is_file():
            raise PrintkitError(f"back image {back} not found")
        self.text = back if self.image is None else ""
        self.image_size: tuple[int, int] | None = None
        if self.image is not None:
            from PIL import Image

            with Image.open(self.image) as im:
                self.image_size = im.size
        self._fit: Fitted | None = None  # the back's word, fitted when first drawn

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
                 bleed: float = 0.0) -> None:
        if self.image is not None:
            c.drawImage(str(self.image), x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed,
                        preserveAspectRatio=True, anchor="c", mask="auto")
            return
        c.setFillColorCMYK(*self.style.back_fill)
        c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColorCMYK(*self.style.back_ink)
        c.setLineWidth(1)
        c.roundRect(x + mm(4), y + mm(4), w - mm(8), h - mm(8), mm(2.5))
        if self.text:
            from printkit.production.fit import fit_text

            fitted = self._fit
            if fitted is None:
                fitted = self._fit = fit_text(self.text, "sans-bold", w - mm(12), h - mm(12),
                                              max_size=24, min_size=8,
                                              color=_cmyk(self.style.back_ink))
                preflight.check_glyphs("sans-bold", self.text, where=_("card back"))
            p = fitted.paragraph
            p.drawOn(c, x + mm(6), y + (h - fitted.height) / 2)


def _cmyk(values: CMYK) -> CMYKColor:
    from reportlab.lib.colors import CMYKColor

    return CMYKColor(*values)


@dataclass(frozen=True)
class DeckResult:
    path: Path
    cards: int  # printed cards (copies included)
    pages: int
    report: preflight.Preflight


def build_deck(csv_path: str | Path, out: str | Path, *, card_size: str = "poker",
               back: str | None = None, paper: str = "a4", landscape: bool = False,
               profile: str = "home", duplex: str | None = None,
               duplex_offset: tuple[float, float] = (0.0, 0.0)) -> DeckResult:
    """Build the deck PDF; findings go to a fresh preflight report in the result."""
    from printkit.context import BuildContext
    from printkit.paper import paper as get_paper
    from printkit.production.impose import impose
    from printkit.production.profiles import build_id

    csv_path = Path(csv_path)
    item = size(card_size)
    ctx = BuildContext(paper=get_paper(paper, landscape=landscape), profile=profile,
                       duplex_offset=duplex_offset)
    cards = read_cards(csv_path)
    style = CardStyle()
    from printkit.pipeline import drawing

    with drawing(ctx) as drawn:  # the locale, a recorder, and a canvas that checks as it draws
        report = drawn.preflight
        faces = []
        for card in cards:
            face = CardFace(card, item, style)
            faces.extend([face] * card.count)
        if not faces:
            raise PrintkitError(f"{csv_path.name}: every count is 0, nothing to print")
        back_face = CardBack(back, style, csv_path.parent) if back else None
        if back_face is not None and back_face.image_size is not None:
            bleed = ctx.profile == "print-shop" and mm(3) or 0.0
            report.check_image(*back_face.image_size, item.width + 2 * bleed,
                               item.height + 2 * bleed, where=_("card back"))
        mode = duplex or ("long" if back_face else "none")
        bid = build_id("deck", csv_path.read_bytes(), item.name, item.width_mm, item.height_mm,
                       back, paper, landscape, profile, mode, duplex_offset)
        result = impose(faces, item, ctx, out, backs=back_face, duplex=mode,
                        title=_("{name} deck").format(name=csv_path.stem), build=bid,
                        subject=_("{n} cards, {size}").format(n=len(faces), size=item.name))
    return DeckResult(Path(out), len(faces), result.pages, report)
