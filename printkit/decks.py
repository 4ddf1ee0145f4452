"""``printkit deck``: card decks from a spreadsheet, one CSV row per card design, imposed on
sheets.

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
:data:`~printkit.drawing.deck.MAX_PICTURE_PIXELS` pixels; a picture that cannot be decoded is one
line naming its row. The cards are drawn by the deck drawing kit (:mod:`printkit.drawing.deck`).
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printkit.context import BuildContext
from printkit.drawing.deck import (
    BACK_MIN,
    FIT_MODES,
    IMAGE_SUFFIXES,
    CardBack,
    CardFace,
    CardGeometry,
    CardRow,
    CardStyle,
    check_cards,
    fit_cards,
    parse_colour,
    parse_symbols,
    picture_size,
    short_reason,
)
from printkit.engines.core.reading import UnreadableError, toml_document
from printkit.errors import PrintkitError
from printkit.fonts import FontRole
from printkit.layout.fit import hyphenator
from printkit.layout.impose import impose
from printkit.layout.sizes import size
from printkit.page.preflight import Preflight
from printkit.page.profiles import build_id
from printkit.page.profiles import profile as print_profile
from printkit.paper import paper as get_paper
from printkit.pipeline import drawing

MAX_CSV_BYTES = 64 * 1024 * 1024  # a deck's CSV (50,000 cards of a kilobyte each fit)


MAX_LAYOUT_BYTES = 1024 * 1024  # its layout file


MAX_CELL = 128 * 1024  # characters of one cell (the csv module's own default limit)


MAX_COPIES = 10_000  # copies of one row


MAX_CARDS = 50_000  # cards of a deck, copies included


FIELDS = ("title", "text", "count", "image", "back", "accent", "symbols")


DEFAULT_COLUMNS: dict[str, tuple[str, ...]] = {
    "title": ("title",), "text": ("text",), "count": ("count", "qty"), "image": ("image",),
    "back": ("back",), "accent": ("accent",), "symbols": ("symbols",),
}


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


def _cards_csv_row(exc: csv.Error, name: str, line: int) -> PrintkitError:
    if "field larger than field limit" in str(exc):
        return PrintkitError(f"{name} line {line}: a cell is over {MAX_CELL // 1024} KiB "
                             f"({MAX_CELL:,} characters), far more than a card holds")
    return PrintkitError(f"{name} line {line}: not a CSV row ({short_reason(exc)})")


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


def _blank_back(c: Canvas, x: float, y: float, w: float, h: float, index: int) -> None:
    """The back of a card that has none while others have one: left unprinted."""


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
