"""The event cards: the 27 cards of ``events.csv`` on three card sheets, with a common back.

The fronts are printkit's deck cards (:mod:`printkit.drawing.deck`, what ``printkit deck``
prints): title and text fitted to the card, one title size and one text size for the whole
deck, the heading (title, frame and rule) blue on a bonus card and red on a penalty, the eye
in the top-left corner of an eye card and the grey dot in the top-right corner of a card
played on the city map only. Titles and texts come from the game data and print in the
build's language (``babel.cfg`` extracts them from the CSV). The back is the same on every
card: the game's name and a drawn emblem (a sling shot and a water drop), nothing that tells
a blue card from a red one. Backs go through the shared duplex imposition.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.context import DrawContext
from printkit.drawing.deck import (
    CardFace,
    CardGeometry,
    CardRow,
    CardStyle,
    DeckFit,
    check_cards,
    fit_cards,
)
from printkit.engines.pwinch_wars import Card, Colour, Deck, load_deck
from printkit.errors import LayoutError, PrintkitError
from printkit.fonts import FontRole
from printkit.kits import NoOptions
from printkit.layout.fit import Hyphenator, fit_text, hyphenator
from printkit.layout.impose import impose, plan_sheet
from printkit.layout.sizes import ItemSize
from printkit.layout.sizes import size as item_size
from printkit.layouts import load_layout
from printkit.page.preflight import MIN_TEXT_PT
from printkit.templates.pwinch_wars.style import STYLE, TITLE
from printkit.units import mm


@dataclass(frozen=True)
class CardSpec:
    size: str
    duplex: str


@dataclass(frozen=True)
class BackSizes:
    inset: float
    frame_width: float
    emblem: float
    emblem_y: float
    title_h: float
    title_gap: float
    title_max: float
    title_min: float


@dataclass(frozen=True)
class CardsLayout:
    """``cards.toml``: the card size, the duplex edge and the common back's measurements and
    inks (the fronts are the deck code's)."""

    card: CardSpec
    back: BackSizes
    ink: dict[str, Color]


LAYOUT = load_layout(CardsLayout, Path(__file__).with_name("cards.toml"))

EYE, DOT = "eye", "dot"
"""The deck code's symbols for the eye (top left) and the grey dot (top right)."""

SIDE_INK = {Colour.BLUE: "blue", Colour.RED: "red"}
"""A card's heading colour: the counters' blue (a bonus) and red (a penalty), style.toml."""


def card_size() -> ItemSize:
    return item_size(LAYOUT.card.size)


def _hex(colour: Color) -> str:
    return "#" + str(colour.hexval())[2:]


def card_row(ctx: DrawContext, card: Card, number: int) -> CardRow:
    """One event card as the deck code prints it, in the build's language."""
    return CardRow(row=number, title=ctx._(card.title), text=ctx._(card.text),
                   accent=_hex(STYLE.ink[SIDE_INK[card.colour]]),
                   symbols=(EYE if card.eye else "", DOT if card.city_only else ""))


def card_rows(ctx: DrawContext, deck: Deck | None = None) -> list[CardRow]:
    """Every card of the deck, in the order of ``events.csv``."""
    deck = deck or load_deck()
    return [card_row(ctx, card, i) for i, card in enumerate(deck.cards, 1)]


def card_geometry() -> CardGeometry:
    item = card_size()
    return CardGeometry(item.width, item.height, symbols=True)


def _hyphenator(ctx: DrawContext) -> Hyphenator | None:
    try:
        return hyphenator(ctx.locale)
    except PrintkitError:  # a language pyphen has no dictionary for: spaces only
        return None


def fit_deck(ctx: DrawContext, rows: Sequence[CardRow] | None = None) -> DeckFit:
    """The fitted title and text of every card in the build's language: the deck code's own
    fitting (one size for all titles, one for all texts), so what a test measures is what
    prints."""
    rows = list(rows) if rows is not None else card_rows(ctx)
    return fit_cards(rows, card_geometry(), CardStyle(), locale=ctx.locale, fit="deck",
                     hyphenate=_hyphenator(ctx))


class CardBack:
    """The common back: a framed field, the emblem and the game's name under it."""

    def __init__(self, ctx: DrawContext, item: ItemSize) -> None:
        self.ctx = ctx
        b = LAYOUT.back
        self.name = ctx._(TITLE)
        inner = item.width - 2 * mm(b.inset) - mm(4)
        self.fitted = fit_text(self.name, FontRole.SANS_BOLD, inner, mm(b.title_h),
                               locale=ctx.locale, max_size=b.title_max,
                               min_size=b.title_min,
                               color=LAYOUT.ink["back_text"])
        ctx.check_glyphs(FontRole.SANS_BOLD, self.name, "card back")
        if not self.fitted.fits:
            ctx.check_text(self.name, FontRole.SANS_BOLD, self.fitted.size, inner, mm(b.title_h),
                           detail="card back")

    def __call__(self, c: Canvas, x: float, y: float, w: float, h: float, index: int, *,
                 bleed: float = 0.0) -> None:
        b = LAYOUT.back
        c.saveState()
        c.setFillColor(LAYOUT.ink["back"])
        c.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        inset = mm(b.inset)
        c.setStrokeColor(LAYOUT.ink["back_frame"])
        c.setLineWidth(b.frame_width)
        c.roundRect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, mm(2.5))
        d = mm(b.emblem)
        cx, cy = x + w / 2, y + h * b.emblem_y
        emblem(c, cx, cy, d)
        top = cy - d / 2 - mm(b.title_gap)
        band = mm(b.title_h)
        self.fitted.draw(c, x + inset, top - (band - self.fitted.height) / 2, w - 2 * inset)
        c.restoreState()


def emblem(c: Canvas, cx: float, cy: float, d: float) -> None:
    """The game's emblem, ``d`` across: a sling shot in a light blue disc, a water drop flying
    from it."""
    r = d / 2
    c.setFillColor(LAYOUT.ink["emblem_fill"])
    c.setStrokeColor(LAYOUT.ink["emblem_line"])
    c.setLineWidth(max(1.0, d * 0.03))
    c.circle(cx, cy, r, stroke=1, fill=1)
    # the sling shot: a stem and two arms with round ends, its rubber band pulled back
    c.setStrokeColor(LAYOUT.ink["back"])
    c.setLineCap(1)
    c.setLineJoin(1)
    c.setLineWidth(r * 0.15)
    fork = (cx, cy - r * 0.12)
    left, right = (cx - r * 0.42, cy + r * 0.36), (cx + r * 0.42, cy + r * 0.36)
    c.line(cx, cy - r * 0.72, *fork)
    c.line(*fork, *left)
    c.line(*fork, *right)
    c.setStrokeColor(LAYOUT.ink["emblem_line"])
    c.setLineWidth(r * 0.045)
    pouch = (cx, cy + r * 0.16)
    c.line(*left, *pouch)
    c.line(*pouch, *right)
    # the water drop, just shot: a tear pointing up
    c.setFillColor(LAYOUT.ink["drop"])
    c.setLineWidth(max(0.6, d * 0.012))
    s, dx, dy = r * 0.15, cx, cy + r * 0.5
    drop = c.beginPath()
    drop.moveTo(dx, dy + s * 1.9)
    drop.curveTo(dx + s * 0.25, dy + s * 1.2, dx + s, dy + s * 0.75, dx + s, dy)
    drop.arcTo(dx - s, dy - s, dx + s, dy + s, startAng=0, extent=-180)
    drop.curveTo(dx - s, dy + s * 0.75, dx - s * 0.25, dy + s * 1.2, dx, dy + s * 1.9)
    drop.close()
    c.drawPath(drop, stroke=1, fill=1)


def card_sheets(ctx: DrawContext, cards: int | None = None) -> int:
    """The sheets the event cards print on, on the build's paper and profile: the shared
    imposition's own grid (nine poker cards to an A4 or Letter sheet at home)."""
    count = len(load_deck().cards) if cards is None else cards
    plan = plan_sheet(card_size(), ctx.paper, ctx.profile,
                      duplex=LAYOUT.card.duplex, count=count)
    return math.ceil(count / len(plan.cells))


def draw_event_cards(ctx: DrawContext, _options: NoOptions, path: Path) -> None:
    """The 27 event cards, nine to a sheet, with the common back behind each (long-edge
    duplex)."""
    item = card_size()
    deck = load_deck()
    rows = card_rows(ctx, deck)
    style = CardStyle()
    geometry = card_geometry()
    fitted = fit_deck(ctx, rows)
    by_row = {row.row: card.id for row, card in zip(rows, deck.cards, strict=True)}
    unfit = check_cards(ctx.preflight, rows, fitted, item, style, locale=ctx.locale,
                        where=lambda row: ctx.where(f"card {by_row[row.row]}"))
    if unfit:  # recorded as errors; a deck with a card nobody can read is not printed
        raise LayoutError(f"event cards: {len(unfit)} card(s) do not fit even at "
                          f"{MIN_TEXT_PT:g} pt, e.g. {unfit[0]}")
    faces = [CardFace(row, geometry, style, title, text)
             for row, title, text in zip(rows, fitted.titles, fitted.texts, strict=True)]
    impose(faces, item, ctx, path, backs=CardBack(ctx, item),
           duplex=LAYOUT.card.duplex,
           title=ctx._(TITLE) + ": " + ctx._("event cards"),
           subject=ctx.ngettext("%(n)d event card with its back", "%(n)d event cards with their "
                                "backs", len(faces)) % {"n": len(faces)})
