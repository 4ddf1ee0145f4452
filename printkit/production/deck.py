"""Card decks from a spreadsheet: one CSV row per card design, imposed on sheets.

CSV (UTF-8, a header row; column names are case-insensitive). Card fields, and the columns
they are read from unless mapped otherwise:

- ``title`` and ``text`` (required): text wrapped, hyphenated and sized to fit the card;
- ``count`` (optional; a ``qty`` column also serves): copies of the card (default 1; 0 skips
  the row);
- ``image`` (optional): a picture file, relative to the CSV (or to the ``images`` folder),
  drawn between title and text;
- ``back`` (optional): this card's back, a word or a picture file (overrides ``--back``);
- ``accent`` (optional): the colour of the card's title, frame and rule (``#2c6fb7`` or a
  colour name such as ``darkred``): a bonus card blue, a penalty red, as many games tell
  their cards apart (a ``colour`` column is mapped with ``--field accent=colour``);
- ``symbols`` (optional): up to two drawn symbols (:data:`SYMBOLS`: ``eye``, ``dot``) for the
  title band's corners, ``;`` between them, the first top left, the second top right
  (``;dot`` puts a dot top right only). When any card has one, every title keeps clear of
  both corners, so that one title size still serves the deck.

Columns are mapped to fields by a layout file beside the CSV (``cards.toml`` for
``cards.csv``: ``[fields]`` then ``text = "body"``) and by ``--field text=body``, which wins.

Text keeps 4.5 mm from the cut on every side (print shops ask for 1/8 in = 3.175 mm at
least), titles clear their rule by 1.2 mm below their descenders, and by default one title
size and one text size serve the whole deck: the largest at which every card fits
(``fit="per-card"`` sizes each card on its own). A card that cannot fit even at the minimum
size is a preflight error naming its row, and then no PDF is written.

A deck reads nothing but what its user gave: the CSV, its layout file, and pictures inside the
CSV's folder (or the ``images`` folder, ``--images DIR``). A picture named by an absolute path,
a path with ``..`` or a link that leads outside that folder is refused with one line naming
the row and the column, the same whether such a file exists or not (``--back``, a picture the
user names on the command line, may be anywhere). The CSV and the layout file must be regular
files (a pipe would block), a cell holds at most :data:`MAX_CELL` characters, a row at most
:data:`MAX_COPIES` copies and a deck :data:`MAX_CARDS` cards, and a picture at most
:data:`MAX_PICTURE_PIXELS` pixels; a picture that cannot be decoded is one line naming its row.
"""

from __future__ import annotations

import csv
import io
import os
import re
import stat
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.engines.core.reading import UnreadableError, toml_document
from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.production.preflight import Preflight
from printkit.production.sizes import ItemSize, size
from printkit.units import mm

if TYPE_CHECKING:
    from reportlab.lib.colors import CMYKColor, Color
    from reportlab.pdfgen.canvas import Canvas

    from printkit.production.fit import Fitted, Hyphenator

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

MAX_CSV_BYTES = 64 * 1024 * 1024  # a deck's CSV (50,000 cards of a kilobyte each fit)
MAX_LAYOUT_BYTES = 1024 * 1024  # its layout file
MAX_CELL = 128 * 1024  # characters of one cell (the csv module's own default limit)
MAX_COPIES = 10_000  # copies of one row
MAX_CARDS = 50_000  # cards of a deck, copies included
MAX_PICTURE_PIXELS = 64_000_000  # a poker card's front at 2,400 dpi is some 33 million

FIELDS = ("title", "text", "count", "image", "back", "accent", "symbols")
DEFAULT_COLUMNS: dict[str, tuple[str, ...]] = {
    "title": ("title",), "text": ("text",), "count": ("count", "qty"), "image": ("image",),
    "back": ("back",), "accent": ("accent",), "symbols": ("symbols",),
}


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
    from reportlab.lib.colors import toColor

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


# --- reading the spreadsheet --------------------------------------------------------------

def parse_fields(specs: Iterable[str]) -> dict[str, str]:
    """``--field FIELD=COLUMN`` options -> {field: column}.

    >>> parse_fields(["text=body", " Title = Name "])
    {'text': 'body', 'title': 'Name'}
    """
    out: dict[str, str] = {}
    for spec in specs:
        name, sep, column = spec.partition("=")
        name, column = name.strip().lower(), column.strip()
        if not sep or not name or not column:
            raise PrintkitError(f"--field wants FIELD=COLUMN like text=body, got {spec!r}")
        if name not in FIELDS:
            raise PrintkitError(f"--field {spec}: unknown field {name!r}; the fields are "
                                f"{', '.join(FIELDS)}")
        if name in out:
            raise PrintkitError(f"--field {name} is given twice ({out[name]} and {column})")
        out[name] = column
    return out


def layout_path(csv_path: str | Path) -> Path:
    """The layout file beside a CSV: ``cards.toml`` for ``cards.csv``."""
    return Path(csv_path).with_suffix(".toml")


def read_layout(csv_path: str | Path) -> dict[str, str]:
    """The ``[fields]`` of the layout file beside the CSV ({} when there is none)."""
    path = layout_path(csv_path)
    if not os.path.lexists(path):
        return {}
    raw = read_regular(path, MAX_LAYOUT_BYTES, "layout file")
    try:  # a byte-order mark is accepted, as in the CSV
        data = toml_document(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, UnreadableError) as exc:
        raise PrintkitError(f"{path.name}: not a TOML layout file: {exc}") from None
    hint = 'a layout file has one [fields] table, like text = "body"'
    extra = [key for key in data if key != "fields"]
    if extra:
        raise PrintkitError(f"{path.name}: unknown key {extra[0]!r}; {hint}")
    table = data.get("fields", {})
    if not isinstance(table, dict):
        raise PrintkitError(f"{path.name}: fields is not a table; {hint}")
    out: dict[str, str] = {}
    for name, column in table.items():
        if name not in FIELDS:
            raise PrintkitError(f"{path.name}: unknown field {name!r} in [fields]; the fields "
                                f"are {', '.join(FIELDS)}")
        if not isinstance(column, str) or not column.strip():
            raise PrintkitError(f"{path.name}: [fields] {name} wants a column name in quotes, "
                                f"got {column!r}")
        out[name] = column.strip()
    return out


def _columns(path: Path, header: Sequence[str], fields: Mapping[str, str],
             layout: Mapping[str, str]) -> dict[str, str]:
    """{field: the header's own name of its column}; a mapped column must exist."""
    names = {(h or "").strip().lower(): h for h in header}
    shown = ", ".join((h or "").strip() for h in header) or "none"
    out: dict[str, str] = {}
    for field in FIELDS:
        if field in fields or field in layout:
            column = fields[field] if field in fields else layout[field]
            source = (f"--field {field}={column}" if field in fields
                      else f'{layout_path(path).name}: {field} = "{column}"')
            if column.strip().lower() not in names:
                raise PrintkitError(f"{source}: {path.name} has no column {column!r} (its "
                                    f"columns: {shown})")
            out[field] = names[column.strip().lower()]
            continue
        for column in DEFAULT_COLUMNS[field]:
            if column in names:
                out[field] = names[column]
                break
    missing = [f for f in ("title", "text") if f not in out]
    if missing:
        raise PrintkitError(
            f"{path.name}: the header needs a {' and a '.join(missing)} column (its columns: "
            f"{shown}); map yours with --field {missing[-1]}=COLUMN or a "
            f"{layout_path(path).name} layout file")
    return out


def read_regular(path: Path, limit: int, what: str) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``limit`` bytes (a pipe
    or a device would block or never end). Opened without blocking, checked once open."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise PrintkitError(f"cannot read {path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as file:
        try:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise PrintkitError(f"{path} is not a regular file (a {what} is read whole)")
            if info.st_size > limit:
                raise PrintkitError(f"{path.name}: a {what} is at most {limit // 1024 // 1024}"
                                    f" MiB, this one is {info.st_size / 1024 / 1024:.0f} MiB")
            raw = file.read(limit + 1)
        except OSError as exc:
            raise PrintkitError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise PrintkitError(f"{path.name}: a {what} is at most {limit // 1024 // 1024} MiB")
    return raw


def picture_path(value: str, root: Path, where: str, folder: str = "the CSV's folder") -> Path:
    """The picture ``value`` names, inside ``root`` (the CSV's folder, or ``--images``, as
    ``folder`` says). Anything that would lead outside (an absolute path, ``..``, a link) is
    refused with the same words whether or not such a file exists; inside, a missing file is
    said so."""
    hint = "" if folder.startswith("--images") else " (or from --images DIR)"
    refused = PrintkitError(f"{where} {value!r} is outside {folder}: a deck's pictures come "
                            f"from there{hint}")
    relative = Path(value)
    if relative.is_absolute() or relative.drive or relative.root or ".." in relative.parts:
        raise refused
    if "\0" in value:
        raise PrintkitError(f"{where} {value!r} is not a file name (it holds a NUL character)")
    try:
        top = root.resolve(strict=True)
        found = (top / relative).resolve()
    except (OSError, RuntimeError):  # a link loop, or a folder that cannot be read
        raise refused from None
    if not found.is_relative_to(top):
        raise refused
    if not found.is_file():
        raise PrintkitError(f"{where} {value} not found")
    return found


def picture_size(path: Path, where: str, shown: str) -> tuple[int, int]:
    """The pixels of the picture at ``path``, decoded once to be sure it can be drawn; any
    problem is one line naming ``where`` (the row) and the file as the user wrote it."""
    from PIL import Image, UnidentifiedImageError

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
        raise PrintkitError(f"{where}: picture {shown} cannot be read ({_reason(exc)})"
                            ) from None
    return width, height


def _reason(exc: BaseException) -> str:
    """An exception as a short phrase of one line, without object addresses."""
    text = " ".join(str(exc).split())
    text = re.sub(r"\S*@0x[0-9a-fA-F]+\S*|<[^>]* at 0x[0-9a-fA-F]+>", "", text).strip(" :=")
    return (text[:200] or type(exc).__name__).strip()


def _cards_csv_row(exc: csv.Error, name: str, line: int) -> PrintkitError:
    if "field larger than field limit" in str(exc):
        return PrintkitError(f"{name} line {line}: a cell is over {MAX_CELL // 1024} KiB "
                             f"({MAX_CELL:,} characters), far more than a card holds")
    return PrintkitError(f"{name} line {line}: not a CSV row ({_reason(exc)})")


def read_cards(path: str | Path, fields: Mapping[str, str] | None = None, *,
               images: str | Path | None = None) -> list[CardRow]:
    """Read and check the CSV; every problem names its line. Columns are mapped to fields by
    ``fields`` (``--field``), then by the layout file beside the CSV, then by name. Pictures
    come from ``images`` (default: the CSV's folder) and nowhere else."""
    path = Path(path)
    raw = read_regular(path, MAX_CSV_BYTES, "deck CSV")
    layout = read_layout(path)
    root = Path(images) if images is not None else path.parent
    folder = "the CSV's folder" if images is None else f"--images {images}"
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise PrintkitError(f"{path.name} line {line}: not UTF-8 text") from None
    limit = csv.field_size_limit()
    csv.field_size_limit(MAX_CELL)
    try:
        return _read_rows(path, text, root, folder, fields or {}, layout)
    finally:
        csv.field_size_limit(limit)


def _read_rows(path: Path, text: str, root: Path, folder: str, fields: Mapping[str, str],
               layout: Mapping[str, str]) -> list[CardRow]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise _cards_csv_row(exc, path.name, 1) from None
    columns = _columns(path, header, fields, layout)
    cards = []
    total = 0
    sizes: dict[Path, tuple[int, int]] = {}
    records = iter(reader)
    while True:
        first_line = reader.line_num + 1  # where the row starts (a quoted cell may span lines)
        try:
            record = next(records)
        except StopIteration:
            break
        except csv.Error as exc:
            raise _cards_csv_row(exc, path.name, first_line) from None
        line = reader.line_num
        if None in record:  # DictReader's key for cells past the header's
            raise PrintkitError(
                f"{path.name} line {line}: more cells than the header has columns (a cell "
                "with a comma in it needs quotes)")
        values = {field: (record.get(name) or "").strip() for field, name in columns.items()}
        get = values.get
        count_text = get("count", "") or "1"
        try:
            count = int(count_text)
        except ValueError:
            raise PrintkitError(
                f"{path.name} line {line}: count {count_text!r} is not a whole number") from None
        if count < 0:
            raise PrintkitError(f"{path.name} line {line}: count must not be negative")
        if count > MAX_COPIES:
            raise PrintkitError(f"{path.name} line {line}: count {count_text} is over "
                                f"{MAX_COPIES:,} copies of one card")
        if not get("title", "") and not get("text", ""):
            continue
        total += count
        if total > MAX_CARDS:
            raise PrintkitError(f"{path.name} line {line}: the deck passes {MAX_CARDS:,} cards "
                                "here (split it into decks)")
        where = f"{path.name} line {line}"
        image = image_size = None
        if get("image", ""):
            image = picture_path(get("image", ""), root, f"{where}: image", folder)
            if image not in sizes:
                sizes[image] = picture_size(image, where, get("image", ""))
            image_size = sizes[image]
        back = get("back", "")
        if back.lower().endswith(IMAGE_SUFFIXES):
            found = picture_path(back, root, f"{where}: back image", folder)
            if found not in sizes:
                sizes[found] = picture_size(found, where, back)
            back = str(found)
        body = get("text", "").replace("\\n", "\n")  # a literal \n in a cell breaks the line
        try:
            accent = get("accent", "")
            if accent:
                parse_colour(accent)
            symbols = parse_symbols(get("symbols", ""))
        except PrintkitError as exc:
            raise PrintkitError(f"{path.name} line {line}: {exc}") from None
        cards.append(CardRow(line, get("title", ""), body, count, image, back, accent, symbols,
                             image_size))
    if not cards:
        raise PrintkitError(f"{path.name}: no cards (rows with a title or text)")
    return cards


# --- fitting and drawing ------------------------------------------------------------------

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
        from dataclasses import replace

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
                                    f"cannot be drawn ({_reason(exc)})") from None
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
    from printkit.production.fit import layout

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
    from printkit.production.fit import fit_text

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
        from printkit.production.fit import fit_text

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
                                    f"({_reason(exc)})") from None
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


def _blank_back(c: Canvas, x: float, y: float, w: float, h: float, index: int) -> None:
    """The back of a card that has none while others have one: left unprinted."""


def _cmyk(values: CMYK) -> CMYKColor:
    from reportlab.lib.colors import CMYKColor

    return CMYKColor(*values)


@dataclass(frozen=True)
class DeckResult:
    path: Path | None  # None: nothing was written (a card does not fit)
    cards: int  # printed cards (copies included)
    pages: int
    report: Preflight
    title_pt: tuple[float, float] = (0.0, 0.0)  # smallest and largest title size used
    text_pt: tuple[float, float] = (0.0, 0.0)
    title_set_by: int | None = None  # the row whose title set the deck's title size
    text_set_by: int | None = None  # the row whose text set the deck's text size
    unfit: tuple[str, ...] = ()  # cards (rows) that do not fit even at the minimum size


def build_deck(csv_path: str | Path, out: str | Path, *, card_size: str = "poker",
               back: str | None = None, paper: str = "a4", landscape: bool = False,
               profile: str = "home", duplex: str | None = None,
               duplex_offset: tuple[float, float] = (0.0, 0.0),
               fields: Mapping[str, str] | Sequence[str] = (), fit: str = "deck",
               lang: str = "en", images: str | Path | None = None) -> DeckResult:
    """Build the deck PDF; findings go to a fresh preflight report in the result. When a card
    cannot fit even at the minimum size, nothing is written (``result.path`` is None).
    Pictures named in the CSV come from ``images`` (default: the CSV's folder); ``back`` (the
    command line's) may name a picture anywhere, relative to the CSV's folder."""
    from printkit.context import BuildContext
    from printkit.paper import paper as get_paper
    from printkit.production.fit import hyphenator
    from printkit.production.impose import impose
    from printkit.production.profiles import build_id
    from printkit.production.profiles import profile as print_profile

    csv_path = Path(csv_path)
    item = size(card_size)
    ctx = BuildContext(paper=get_paper(paper, landscape=landscape), profile=profile,
                       duplex_offset=duplex_offset)
    if fit not in FIT_MODES:
        raise PrintkitError(f"unknown fit {fit!r}; choose from {', '.join(FIT_MODES)}")
    hyphenate = hyphenator(lang)
    mapping = dict(fields) if isinstance(fields, Mapping) else parse_fields(fields)
    if images is not None and not Path(images).is_dir():
        raise PrintkitError(f"--images {images}: no such folder")
    cards = read_cards(csv_path, mapping, images=images)
    if not any(card.count for card in cards):
        raise PrintkitError(f"{csv_path.name}: every count is 0, nothing to print")
    style = CardStyle()
    geometry = CardGeometry(item.width, item.height,
                            symbols=any(any(card.symbols) for card in cards))
    from printkit.pipeline import drawing

    with drawing(ctx) as drawn:  # printkit's words, a recorder, a canvas that checks
        report = drawn.preflight

        def row_of(card: CardRow) -> str:
            return drawn._("row {row} ({title})").format(row=card.row,
                                                          title=card.title or "untitled")

        # the cards' own words are in ``lang``: their fonts are that script's
        fitted = fit_cards(cards, geometry, style, locale=lang, fit=fit, hyphenate=hyphenate)
        faces: list[CardFace] = []
        unfit = check_cards(report, cards, fitted, item, style, locale=lang, where=row_of)
        for card, title, text in zip(cards, fitted.titles, fitted.texts, strict=True):
            where = row_of(card)
            if card.image is not None:
                px = card.image_size or picture_size(card.image, where, card.image.name)
                _x, _y, bw, bh = geometry.image_box()
                scale = min(bw / px[0], bh / px[1])
                report.check_image(*px, px[0] * scale, px[1] * scale, where=where)
            faces.extend([CardFace(card, geometry, style, title, text)] * card.count)

        bleed = print_profile(ctx.profile).bleed  # what a back picture covers (3 mm in print-shop)
        backs_by_value: dict[str, CardBack] = {}

        def back_for(value: str, where: str) -> CardBack:
            if value not in backs_by_value:
                face = CardBack(value, style, csv_path.parent, locale=lang, item=item,
                                hyphenate=hyphenate, where=where)
                if face.image_size is not None:
                    report.check_image(*face.image_size, item.width + 2 * bleed,
                                       item.height + 2 * bleed, where=where)
                if face.text:
                    report.check_glyphs(FontRole.SANS_BOLD, face.text, locale=lang, where=where)
                    if not face.fitted(item.width, item.height).fits:
                        report.add("error", "text-overflow",
                                   f"the back {face.text!r} does not fit a {item.name} card "
                                   f"even at {BACK_MIN:g} pt", where)
                        unfit.append(where)
                backs_by_value[value] = face
            return backs_by_value[value]

        default_back = back_for(back, drawn._("card back")) if back else None
        backs: CardBack | list[Callable[..., None]] | None = default_back
        if any(card.back for card in cards):
            backs = []
            for card in cards:
                where = row_of(card)
                one = back_for(card.back, where) if card.back else (
                    default_back or _blank_back)
                backs.extend([one] * card.count)
        if unfit:  # write nothing: a deck with a card that cannot be read is no deck
            return DeckResult(None, len(faces), 0, report, unfit=tuple(dict.fromkeys(unfit)))
        mode = duplex or ("long" if backs is not None else "none")
        layout_file = layout_path(csv_path)
        bid = build_id("deck", read_regular(csv_path, MAX_CSV_BYTES, "deck CSV"), item.name,
                       item.width_mm, item.height_mm, back, paper, landscape, profile, mode,
                       duplex_offset,
                       read_regular(layout_file, MAX_LAYOUT_BYTES, "layout file")
                       if os.path.lexists(layout_file) else b"",
                       sorted(mapping.items()), fit, lang)
        result = impose(faces, item, drawn, out, backs=backs, duplex=mode,
                        title=drawn._("{name} deck").format(name=csv_path.stem), build=bid,
                        subject=drawn._("{n} cards, {size}").format(n=len(faces),
                                                                   size=item.name))
    title_sizes = [f.size for f in fitted.titles if f.lines]
    text_sizes = [f.size for f in fitted.texts if f.lines]  # (an empty text has no lines)
    return DeckResult(Path(out), len(faces), result.pages, report,
                      (min(title_sizes, default=0.0), max(title_sizes, default=0.0)),
                      (min(text_sizes, default=0.0), max(text_sizes, default=0.0)),
                      fitted.title_set_by, fitted.text_set_by)
