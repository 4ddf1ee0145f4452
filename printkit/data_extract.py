"""A Babel extraction method for CSV data files: the printed words of a game's spreadsheets.

Card titles, terrain names and item names live in a game's CSV data, not in code, yet they are
printed (``ctx._(card.title)``), so they must reach the game's catalog. A data file says
itself which of its columns hold printed text, in a note line before its header (names of
people and ids are left out: they are not translated)::

    # printed: title, text

A game's catalog mapping (``templates/<game>/locale/babel.cfg``) names this method in its
``[extractors]`` section and the game's data files, and knows none of their columns::

    [extractors]
    csv = printkit.data_extract:extract_csv

    [csv: engines/mygame/data/*.csv]

A ``columns`` option may add columns (space or comma separated; ``FILE:COLUMN`` takes the
column from that file only, by its name without folders, a bare ``COLUMN`` from every file
that has it). Lines starting with ``#`` before the header (and between rows) are notes and
skipped; line numbers are the file's own, as an editor shows them. Empty cells give nothing.

>>> import io
>>> data = io.BytesIO(b"# a note\\n# printed: title\\nid,title,text\\nsun,Sun,Squint.\\n")
>>> [(line, msg) for line, _f, msg, _c in extract_csv(data, (), (), {})]
[(4, 'Sun')]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterator, Mapping
from pathlib import PurePath
from typing import IO, Any

from printkit.errors import PrintkitError

#: what Babel wants from an extraction method: (line, function name, message, comments)
Extracted = tuple[int, str | None, str, list[str]]


def wanted_columns(spec: str, file_name: str) -> tuple[str, ...]:
    """The columns ``spec`` (the ``columns`` option) asks of the file named ``file_name``.

    >>> wanted_columns("cards.csv:title, cards.csv:text name", "cards.csv")
    ('title', 'text', 'name')
    >>> wanted_columns("cards.csv:title name", "places.csv")
    ('name',)
    """
    out: list[str] = []
    for token in spec.replace(",", " ").split():
        source, sep, column = token.rpartition(":")
        if sep and source != file_name:
            continue
        if column and column not in out:
            out.append(column)
    return tuple(out)


def printed_columns(text: str) -> tuple[str, ...]:
    """The columns a data file declares printed, in its ``# printed: a, b`` note line(s).

    >>> printed_columns("# cards\\n#printed: title, text\\nid,title,text\\n")
    ('title', 'text')
    """
    found: list[str] = []
    for line in text.splitlines():
        note = line.strip()
        if not note.startswith("#"):
            if note:
                break  # the header: notes after it are the rows' own
            continue
        key, sep, value = note[1:].strip().partition(":")
        if sep and key.strip().lower() == "printed":
            found += [c for c in value.replace(",", " ").split() if c not in found]
    return tuple(found)


def _rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every record, ``#`` note lines skipped; a quoted cell may span
    lines (its record is numbered by its first line)."""
    lines = text.splitlines(keepends=True)
    kept = [(number, line) for number, line in enumerate(lines, 1)
            if not line.lstrip().startswith("#") and line.strip()]
    starts: list[int] = []
    buffer = io.StringIO()
    for number, line in kept:
        starts.append(number)
        buffer.write(line if line.endswith(("\n", "\r")) else line + "\n")
    buffer.seek(0)
    reader = csv.reader(buffer)
    for cells in reader:
        # reader.line_num counts physical lines read so far: the record began at the line
        # after the previous record's last one
        yield starts[reader.line_num - _span(cells)], cells


def _span(cells: list[str]) -> int:
    """How many physical lines a record took (a quoted cell may hold line breaks)."""
    return 1 + sum(cell.count("\n") for cell in cells)


def extract_csv(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extraction method for CSV: every non-empty cell of the ``columns`` asked for.

    A column the option names for this file (``FILE:COLUMN``) that its header lacks is an error:
    a renamed column would otherwise drop its words from the catalog without a word."""
    spec = str(options.get("columns", ""))
    name = PurePath(str(getattr(fileobj, "name", ""))).name
    text = fileobj.read().decode(str(options.get("encoding", "utf-8-sig")))
    declared = printed_columns(text)
    columns = tuple(dict.fromkeys((*wanted_columns(spec, name), *declared)))
    if not columns:
        return
    rows = _rows(text)
    try:
        _line, header = next(rows)
    except StopIteration:
        return
    header = [cell.strip() for cell in header]
    named_here = {token.rpartition(":")[2] for token in spec.replace(",", " ").split()
                  if token.rpartition(":")[0] == name}
    missing = sorted(c for c in named_here if c not in header)
    if missing:
        raise PrintkitError(f"{name}: babel.cfg asks for column {missing[0]!r}, which the "
                            f"header lacks (its columns: {', '.join(header)})")
    missing = [c for c in declared if c not in header]
    if missing:
        raise PrintkitError(f"{name}: its '# printed:' line names column {missing[0]!r}, "
                            f"which the header lacks (its columns: {', '.join(header)})")
    indexes = [header.index(c) for c in columns if c in header]
    for line, cells in rows:
        for i in indexes:
            value = cells[i].strip() if i < len(cells) else ""
            if value:
                yield line, None, value, []
