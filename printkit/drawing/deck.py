"""Cards: a card's content drawn on its face, title and text fitted to it, and its back.

A :class:`CardRow` is one card design (title, text, count, picture, back, accent colour, corner
symbols); :func:`fit_cards` fits every card's title and text (hyphenated before they shrink; by
default one title size and one text size for the whole deck: the largest at which every card
fits) and :func:`check_cards` records what does not fit even at the minimum; a
:class:`CardFace` then draws a front (frame, title, rule, picture, text, symbols) and a
:class:`CardBack` a back (a picture into the bleed, or a word on a coloured field), as items the
imposition (:mod:`printkit.layout.impose`) lays out.

Text keeps 4.5 mm from the cut on every side (print shops ask for 1/8 in = 3.175 mm at least),
titles clear their rule by 1.2 mm below their descenders. A picture is decoded once to be sure
it can be drawn, and holds at most :data:`MAX_PICTURE_PIXELS` pixels.

``printkit deck`` (:mod:`printkit.commands.deck`) draws a deck from a CSV spreadsheet with
these; a game's kit draws its own cards with them.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.layout.fit import Fitted, Hyphenator, fit_text, layout
from printkit.layout.sizes import ItemSize
from printkit.page.preflight import Preflight
from printkit.units import mm

CMYK = tuple[float, float, float, float]

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp")
TITLE_MAX, TITLE_MIN = 13.0, 7.0
BACK_MAX, BACK_MIN = 24.0, 8.0  # a back's word
TEXT_MAX, TEXT_MIN = 12.0, 6.0
SIZE_STEP = 0.25
FIT_MODES = ("deck", "per-card")

# A card front, from the cut inwards (the card's own frame: origin at the trim's lower left)
SAFE = mm(3.175)  # 1/8 in: what print shops ask as the least distance of text from the cut
MARGIN = mm(4.5)  # text keeps this far from the cut on every side (>= SAFE)
FRAME_INSET, FRAME_RADIUS, FRAME_WIDTH = mm(1.8), mm(2.5), 1.2
TITLE_H = mm(8)  # the title's lines (ascenders to descenders) are centred in this band
TITLE_GAP = mm(1.2)  # between the title band (its lowest descender) and the rule
RULE_GAP = mm(2)  # between the rule and the picture or text below it; picture to text
IMAGE_SHARE = 0.45  # of the space below the rule, for a picture
BACK_INSET = mm(4)  # a back's frame
BACK_MARGIN = mm(6)  # a back's word keeps this far from the cut

SYMBOL_SLOT = mm(7)  # the width of a title-band corner that holds a symbol
SYMBOL_SIZE = mm(5.5)  # a symbol's diameter

MAX_PICTURE_PIXELS = 64_000_000  # a poker card's front at 2,400 dpi is some 33 million


@dataclass(frozen=True)
class CardRow:
    row: int  # line number in the CSV (the header is line 1)
    title: str
    text: str
    count: int = 1
    image: Path | None = None
    back: str = ""  # this card's back (a word, or the picture's checked, resolved path)
    accent: str = ""  # the colour of title, frame and rule ("" = the style's)
    symbols: tuple[str, str] = ("", "")  # names in SYMBOLS for the top-left, top-right corners
    image_size: tuple[int, int] | None = None  # the picture's pixels, read when checked


def parse_colour(value: str) -> Color:
    """A card colour as a CSV gives it: ``#rrggbb`` or a ReportLab colour name.

    >>> parse_colour("#c0392b").hexval(), parse_colour("darkred").hexval()
    ('0xc0392b', '0x8b0000')
    """
    try:
        return toColor(value.strip())
    except ValueError:
        raise PrintkitError(f"colour {value!r} is neither #rrggbb nor a colour name") from None


def parse_symbols(value: str) -> tuple[str, str]:
    """``eye;dot`` -> ('eye', 'dot'): the symbols of the top-left and top-right corners.

    >>> parse_symbols(";dot"), parse_symbols("eye")
    (('', 'dot'), ('eye', ''))
    """
    names = [name.strip().lower() for name in value.split(";")] if value.strip() else []
    if len(names) > 2:
        raise PrintkitError(f"symbols {value!r}: a card has two corners for symbols")
    for name in names:
        if name and name not in SYMBOLS:
            raise PrintkitError(f"unknown symbol {name!r}; the symbols are "
                                f"{', '.join(SYMBOLS)}")
    names += [""] * (2 - len(names))
    return names[0], names[1]


def picture_size(path: Path, where: str, shown: str) -> tuple[int, int]:
    """The pixels of the picture at ``path``, decoded once to be sure it can be drawn; any
    problem is one line naming ``where`` (the row) and the file as the user wrote it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                width, height = im.size
                if width * height > MAX_PICTURE_PIXELS:
                    raise PrintkitError(
                        f"{where}: picture {shown} has {width} x {height} pixels, over the "
                        f"{MAX_PICTURE_PIXELS // 1_000_000} million a card can use")
                im.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PrintkitError(f"{where}: picture {shown} has over {MAX_PICTURE_PIXELS // 1_000_000}"
                            " million pixels, more than a card can use") from None
    except UnidentifiedImageError:
        raise PrintkitError(f"{where}: {shown} is not a picture (PNG, JPEG, GIF, BMP, TIFF or "
                            "WebP)") from None
    except PrintkitError:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged file fails in many ways inside PIL
        raise PrintkitError(f"{where}: picture {shown} cannot be read ({short_reason(exc)})"
                            ) from None
    return width, height


def short_reason(exc: BaseException) -> str:
    """An exception as a short phrase of one line, without object addresses."""
    text = " ".join(str(exc).split())
    text = re.sub(r"\S*@0x[0-9a-fA-F]+\S*|<[^>]* at 0x[0-9a-fA-F]+>", "", text).strip(" :=")
    return (text[:200] or type(exc).__name__).strip()


@dataclass(frozen=True)
class CardStyle:
    """Colours (CMYK) and fonts of the default card look."""

    frame: CMYK = (0.85, 0.55, 0.0, 0.25)
    ink: CMYK = (0.0, 0.0, 0.0, 1.0)  # title and text: black ink only
    title_role: FontRole = FontRole.SANS_BOLD
    text_role: FontRole = FontRole.SANS
    symbol: CMYK = (0.0, 0.0, 0.0, 0.9)  # a drawn symbol's ink (the eye)
    dot: CMYK = (0.0, 0.0, 0.0, 0.45)  # the dot's: a mid grey
    back_fill: CMYK = (0.85, 0.55, 0.0, 0.25)
    back_ink: CMYK = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class CardGeometry:
    """Where title, rule, picture and text go on a card of one size (points, the card's own
    frame). Every text box lies :data:`MARGIN` inside the cut."""

    width: float
    height: float
    symbols: bool = False  # the title band keeps its corners for symbols

    @property
    def inner_w(self) -> float:
        return self.width - 2 * MARGIN

    @property
    def title_x(self) -> float:
        """The title box's left edge (clear of the left corner's symbol)."""
        return MARGIN + (SYMBOL_SLOT if self.symbols else 0.0)

    @property
    def title_w(self) -> float:
        return self.inner_w - (2 * SYMBOL_SLOT if self.symbols else 0.0)

    def symbol_centre(self, corner: int) -> tuple[float, float]:
        """The centre of the symbol in corner 0 (top left) or 1 (top right)."""
        x = MARGIN + SYMBOL_SLOT / 2 if corner == 0 else self.width - MARGIN - SYMBOL_SLOT / 2
        return x, self.title_top - TITLE_H / 2

    @property
    def title_top(self) -> float:
        return self.height - MARGIN

    @property
    def rule_y(self) -> float:
        return self.title_top - TITLE_H - TITLE_GAP

    @property
    def body_top(self) -> float:
        return self.rule_y - RULE_GAP

    def image_h(self) -> float:
        return max(0.0, (self.body_top - MARGIN) * IMAGE_SHARE)

    def text_top(self, image: bool) -> float:
        return self.body_top - self.image_h() - RULE_GAP if image else self.body_top

    def text_h(self, image: bool) -> float:
        return self.text_top(image) - MARGIN

    def image_box(self) -> tuple[float, float, float, float]:
        """x, y, w, h of the picture box."""
        h = self.image_h()
        return (MARGIN, self.body_top - h, self.inner_w, h)


class CardFace:
    """Draws one card front: frame, title, rule, optional picture, text. The text is fitted
    before (see :func:`fit_cards`), and reused for every copy."""

    def __init__(self, card: CardRow, geometry: CardGeometry, style: CardStyle,
                 title: Fitted, text: Fitted) -> None:
        self.card, self.geometry, self.style = card, geometry, style
        self.title, self.text = title, text

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int) -> None:
        g = self.geometry
        accent = parse_colour(self.card.accent) if self.card.accent else None
        if accent is not None:
            c.setStrokeColor(accent)
        else:
            c.setStrokeColorCMYK(*self.style.frame)
        c.setLineWidth(FRAME_WIDTH)
        c.roundRect(x + FRAME_INSET, y + FRAME_INSET, w - 2 * FRAME_INSET,
                    h - 2 * FRAME_INSET, FRAME_RADIUS)
        c.setLineWidth(0.5)
        c.line(x + MARGIN, y + g.rule_y, x + w - MARGIN, y + g.rule_y)
        if self.title.lines:
            title = replace(self.title, color=accent) if accent is not None else self.title
            title.draw(c, x + g.title_x, y + g.title_top - (TITLE_H - title.height) / 2,
                       g.title_w)
        for corner, name in enumerate(self.card.symbols):
            if name:
                cx, cy = g.symbol_centre(corner)
                c.saveState()
                SYMBOLS[name](c, x + cx, y + cy, SYMBOL_SIZE, self.style)
                c.restoreState()
        image = self.card.image is not None
        if self.card.image is not None:
            bx, by, bw, bh = g.image_box()
            try:
                c.drawImage(str(self.card.image), x + bx, y + by, bw, bh,
                            preserveAspectRatio=True, anchor="c", mask="auto")
            except Exception as exc:  # noqa: BLE001 - ReportLab fails on a picture many ways
                raise PrintkitError(f"row {self.card.row}: picture {self.card.image.name} "
                                    f"cannot be drawn ({short_reason(exc)})") from None
        top = g.text_top(image)
        if not image:  # centred in the space below the rule; under a picture, from the top
            top -= (g.text_h(image) - self.text.height) / 2
        self.text.draw(c, x + MARGIN, y + top, g.inner_w)


@dataclass(frozen=True)
class DeckFit:
    """The fitted title and text of every card, and what set the deck's sizes."""

    titles: tuple[Fitted, ...]
    texts: tuple[Fitted, ...]
    title_set_by: int | None = None  # the row whose title set the deck's title size
    text_set_by: int | None = None  # the row whose text set the deck's text size


def _common_size(texts: Sequence[str], role: FontRole, w: float, heights: Sequence[float],
                 best: Sequence[Fitted], min_size: float,
                 hyphenate: Hyphenator | None, color: CMYKColor, locale: str) -> list[Fitted]:
    """Every text at one size: the smallest of their best sizes (or a step less, should a
    wrapping disagree), so that all fit."""
    size = min(f.size for f in best)
    while True:
        fitted = [layout(t, role, size, w, h, locale=locale, hyphenate=hyphenate, color=color)
                  for t, h in zip(texts, heights, strict=True)]
        if all(f.fits for f in fitted) or size - SIZE_STEP < min_size - 1e-9:
            return fitted
        size -= SIZE_STEP


def fit_cards(cards: Sequence[CardRow], geometry: CardGeometry, style: CardStyle, *,
              locale: str, fit: str = "deck", hyphenate: Hyphenator | None = None) -> DeckFit:
    """Fit every card's title and text (in the fonts of ``locale``'s script): each at its
    own largest size, then (``fit="deck"``, when every card fits) all titles at one size and
    all texts at one size. A card's text is never set larger than its title."""
    if fit not in FIT_MODES:
        raise PrintkitError(f"unknown fit {fit!r}; choose from {', '.join(FIT_MODES)}")
    ink = _cmyk(style.ink)
    w = geometry.inner_w
    text_heights = [geometry.text_h(card.image is not None) for card in cards]
    titles = [fit_text(card.title, style.title_role, geometry.title_w, TITLE_H, locale=locale,
                       max_size=TITLE_MAX, min_size=TITLE_MIN, step=SIZE_STEP,
                       hyphenate=hyphenate, color=ink)
              for card in cards]
    deck = fit == "deck" and all(f.fits for f in titles)
    title_set_by = _smallest(cards, titles, TITLE_MAX) if deck else None
    if deck:
        titles = _common_size([c.title for c in cards], style.title_role, geometry.title_w,
                              [TITLE_H] * len(cards), titles, TITLE_MIN, hyphenate, ink,
                              locale)
    # a card's text is never larger than its title
    caps = [min(TEXT_MAX, t.size) if t.lines else TEXT_MAX for t in titles]
    texts = [fit_text(card.text, style.text_role, w, h, locale=locale, max_size=cap,
                      min_size=TEXT_MIN, step=SIZE_STEP, hyphenate=hyphenate, color=ink)
             for card, h, cap in zip(cards, text_heights, caps, strict=True)]
    if not deck or not all(f.fits for f in texts):
        return DeckFit(tuple(titles), tuple(texts))
    text_set_by = _smallest(cards, texts, min(caps))
    texts = _common_size([c.text for c in cards], style.text_role, w, text_heights, texts,
                         TEXT_MIN, hyphenate, ink, locale)
    return DeckFit(tuple(titles), tuple(texts), title_set_by, text_set_by)


def _smallest(cards: Sequence[CardRow], fitted: Sequence[Fitted], ceiling: float) -> int | None:
    """The row of the first card fitted smallest, if that is under ``ceiling``."""
    i = min(range(len(cards)), key=lambda i: (fitted[i].size, i))
    return cards[i].row if fitted[i].size < ceiling else None


def check_cards(report: Preflight, cards: Sequence[CardRow], fitted: DeckFit,
                item: ItemSize, style: CardStyle, *, locale: str,
                where: Callable[[CardRow], str]) -> list[str]:
    """Record every card's missing glyphs (in the fonts of ``locale``'s script) and every
    title or text that does not fit even at the minimum size; returns where the misfits are
    (``where(card)``)."""
    unfit: list[str] = []
    for card, title, text in zip(cards, fitted.titles, fitted.texts, strict=True):
        place = where(card)
        report.check_glyphs(style.title_role, card.title, locale=locale, where=place)
        report.check_glyphs(style.text_role, card.text, locale=locale, where=place)
        for label, fitting, minimum in (("title", title, TITLE_MIN),
                                        ("text", text, TEXT_MIN)):
            if not fitting.fits:
                report.add("error", "text-overflow",
                           f"the {label} does not fit a {item.name} card even at "
                           f"{minimum:g} pt", place)
                unfit.append(place)
    return unfit


class CardBack:
    """A card back: a picture (cover, into the bleed) or a word on a coloured field."""

    def __init__(self, back: str, style: CardStyle, base: Path | None = None, *,
                 locale: str, item: ItemSize | None = None,
                 hyphenate: Hyphenator | None = None, where: str = "card back") -> None:
        self.style, self.hyphenate, self.where = style, hyphenate, where
        self.locale = locale
        candidate = Path(back)
        if base is not None and not candidate.is_absolute():
            candidate = base / candidate
        self.image = candidate if (back.lower().endswith(IMAGE_SUFFIXES)) else None
        if self.image is not None and not self.image.is_file():
            raise PrintkitError(f"back image {back} not found")
        self.text = back if self.image is None else ""
        self.image_size: tuple[int, int] | None = None
        if self.image is not None:
            self.image_size = picture_size(self.image, where, back)
        self._fit: Fitted | None = None  # the back's word (fitted now when the size is known)
        if item is not None and self.text:
            self.fitted(item.width, item.height)

    def fitted(self, w: float, h: float) -> Fitted:
        """The back's word, fitted to a ``w x h`` card (once)."""
        if self._fit is None:
            self._fit = fit_text(self.text, FontRole.SANS_BOLD, w - 2 * BACK_MARGIN,
                                 h - 2 * BACK_MARGIN, locale=self.locale, max_size=BACK_MAX,
                                 min_size=BACK_MIN,
                                 step=SIZE_STEP, hyphenate=self.hyphenate,
                                 color=_cmyk(self.style.back_ink))
        return self._fit

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
                 bleed: float = 0.0) -> None:
        if self.image is not None:
            try:
                c.drawImage(str(self.image), x - bleed, y - bleed, w + 2 * bleed,
                            h + 2 * bleed, preserveAspectRatio=True, anchor="c", mask="auto")
            except Exception as exc:  # noqa: BLE001 - ReportLab fails on a picture many ways
                raise PrintkitError(f"{self.where}: picture {self.image.name} cannot be drawn "
                                    f"({short_reason(exc)})") from None
            return
        c.setFillColorCMYK(*self.style.back_fill)
        c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColorCMYK(*self.style.back_ink)
        c.setLineWidth(1)
        c.roundRect(x + BACK_INSET, y + BACK_INSET, w - 2 * BACK_INSET, h - 2 * BACK_INSET,
                    FRAME_RADIUS)
        if self.text:
            fitted = self.fitted(w, h)
            fitted.draw(c, x + BACK_MARGIN, y + (h + fitted.height) / 2, w - 2 * BACK_MARGIN)


def draw_eye(c: Canvas, cx: float, cy: float, d: float, style: CardStyle) -> None:
    """An eye ``d`` wide: two arcs meeting at the corners, a filled iris with a light."""
    c.setStrokeColorCMYK(*style.symbol)
    c.setFillColorCMYK(*style.symbol)
    c.setLineWidth(max(0.6, d * 0.07))
    r, lid = d / 2, d * 0.36
    path = c.beginPath()
    path.moveTo(cx - r, cy)
    path.curveTo(cx - r * 0.45, cy + lid, cx + r * 0.45, cy + lid, cx + r, cy)
    path.curveTo(cx + r * 0.45, cy - lid, cx - r * 0.45, cy - lid, cx - r, cy)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    c.circle(cx, cy, d * 0.17, stroke=0, fill=1)
    c.setFillColorCMYK(0.0, 0.0, 0.0, 0.0)
    c.circle(cx + d * 0.06, cy + d * 0.06, d * 0.05, stroke=0, fill=1)


def draw_dot(c: Canvas, cx: float, cy: float, d: float, style: CardStyle) -> None:
    """A filled grey disc ``d`` across."""
    c.setFillColorCMYK(*style.dot)
    c.circle(cx, cy, d / 2, stroke=0, fill=1)


SymbolDraw = Callable[["Canvas", float, float, float, CardStyle], None]
SYMBOLS: dict[str, SymbolDraw] = {"eye": draw_eye, "dot": draw_dot}
"""The symbols a card's title band may carry in its corners, by the name a CSV gives."""


def _cmyk(values: CMYK) -> CMYKColor:
    return CMYKColor(*values)


