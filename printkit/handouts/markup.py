"""The handout markup: a few XML blocks that a Jinja2 template writes and platypus typesets.

A template writes one ``<handout>`` element holding blocks::

    <h1>Set-up</h1>                       headings (h1, h2, h3) stay with what follows
    <p>Each player takes <b>five</b> dice.</p>
    <ul><li>...</li></ul>  <ol><li>...</li></ol>
    <table widths="1,3"><tr><th>Dice</th><th>Points</th></tr><tr><td>...</td>...</tr></table>
    <note>A boxed remark: how printkit reads an open rule.</note>
    <figure src="example" height="120"><caption>...</caption></figure>
    <columnbreak/>  <pagebreak/>

Inside a paragraph, list item, cell, note or caption, text may use ``<b>``, ``<i>``,
``<br/>``, ``<sup>`` and ``<sub>``. Anything else is refused with the tag and the line, so a
typo in a template or a catalog never prints markup as text.

>>> blocks = parse("<handout><h1>Set-up</h1><p>Take <b>5</b> dice.</p></handout>")
>>> [(b.tag, b.inline) for b in blocks]
[('h1', 'Set-up'), ('p', 'Take <b>5</b> dice.')]
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
import xml.parsers.expat
from dataclasses import dataclass, field

from printkit.errors import PrintkitError

INLINE_TAGS = frozenset({"b", "i", "br", "sup", "sub"})
TEXT_BLOCKS = frozenset({"h1", "h2", "h3", "p", "note"})
BLOCK_TAGS = TEXT_BLOCKS | {"ul", "ol", "table", "figure", "columnbreak", "pagebreak"}


class MarkupError(PrintkitError):
    """Handout markup that cannot be typeset: names the template and the line."""


@dataclass(frozen=True)
class Block:
    """One block of a handout: ``inline`` is ReportLab paragraph markup; ``items`` are list
    items or table rows (each row a tuple of ``(is_header, inline)`` cells)."""

    tag: str
    inline: str = ""
    items: tuple[str, ...] = ()
    rows: tuple[tuple[tuple[bool, str], ...], ...] = ()
    attrs: dict[str, str] = field(default_factory=dict)
    caption: str = ""
    line: int = 0


MAX_INLINE_DEPTH = 8
"""Inline tags inside one another (``<b><i>...</i></b>`` is 2)."""
MAX_INLINE = 10_000
"""Characters of one paragraph, list item, cell or caption (the shipped handouts' longest is
some 630): typesetting time grows faster than a paragraph's length."""
MAX_BLOCKS, MAX_ITEMS, MAX_ROWS, MAX_CELLS = 5_000, 1_000, 500, 30
"""Blocks of a handout, items of a list, rows of a table and cells of a row."""


def _inline(element: ET.Element, where: str, depth: int = 0) -> str:
    """The element's content as paragraph markup, with only the allowed inline tags."""
    parts = [_escape(element.text or "")]
    for child in element:
        if child.tag not in INLINE_TAGS:
            raise MarkupError(f"{where}: <{child.tag}> is not allowed inside "
                              f"<{element.tag}> (allowed: {', '.join(sorted(INLINE_TAGS))})")
        if depth >= MAX_INLINE_DEPTH:
            raise MarkupError(f"{where}: inline tags nested more than {MAX_INLINE_DEPTH} deep")
        if child.tag == "br":
            parts.append("<br/>")
        else:
            parts.append(f"<{child.tag}>{_inline(child, where, depth + 1)}</{child.tag}>")
        parts.append(_escape(child.tail or ""))
    text = " ".join("".join(parts).split())  # collapse the template's line breaks
    if len(text) > MAX_INLINE:
        raise MarkupError(f"{where}: <{element.tag}> holds over {MAX_INLINE:,} characters "
                          "(split it)")
    return text


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def parse(markup: str, name: str = "handout") -> list[Block]:
    """The blocks of ``markup``; a syntax error or an unknown tag names ``name`` and the
    line."""
    try:
        root = ET.fromstring(markup, parser=ET.XMLParser())
    except ET.ParseError as exc:
        line = exc.position[0]
        raise MarkupError(f"{name}:{line}: the markup is not well formed "
                          f"({str(exc).split(':')[0]})") from None
    if root.tag != "handout":
        raise MarkupError(f"{name}: the markup must be one <handout> element, not <{root.tag}>")
    if len(root) > MAX_BLOCKS:
        raise MarkupError(f"{name}: the markup has over {MAX_BLOCKS:,} blocks")
    lines = _line_numbers(markup)
    blocks = []
    for index, element in enumerate(root):
        where = f"{name}:{lines[index] if index < len(lines) else '?'}"
        blocks.append(_block(element, where, lines[index] if index < len(lines) else 0))
    return blocks


def _line_numbers(markup: str) -> list[int]:
    """The source line of each top-level block (ElementTree keeps no line numbers)."""
    found: list[int] = []
    depth = 0
    parser = xml.parsers.expat.ParserCreate()

    def start(_tag: str, _attrs: dict[str, str]) -> None:
        nonlocal depth
        if depth == 1:
            found.append(parser.CurrentLineNumber)
        depth += 1

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.Parse(markup, True)
    return found


def _block(element: ET.Element, where: str, line: int) -> Block:
    tag = element.tag
    attrs = dict(element.attrib)
    if tag in TEXT_BLOCKS:
        return Block(tag, _inline(element, where), attrs=attrs, line=line)
    if tag in ("ul", "ol"):
        items = []
        for li in element:
            if li.tag != "li":
                raise MarkupError(f"{where}: <{tag}> holds <li> items, not <{li.tag}>")
            items.append(_inline(li, where))
        if len(items) > MAX_ITEMS:
            raise MarkupError(f"{where}: <{tag}> holds over {MAX_ITEMS:,} items")
        return Block(tag, items=tuple(items), attrs=attrs, line=line)
    if tag == "table":
        rows = []
        caption = ""
        for tr in element:
            if tr.tag == "caption":
                caption = _inline(tr, where)
                continue
            if tr.tag != "tr":
                raise MarkupError(f"{where}: <table> holds <tr> rows, not <{tr.tag}>")
            cells = []
            for cell in tr:
                if cell.tag not in ("th", "td"):
                    raise MarkupError(f"{where}: a row holds <th> and <td>, not <{cell.tag}>")
                cells.append((cell.tag == "th", _inline(cell, where)))
            if len(cells) > MAX_CELLS:
                raise MarkupError(f"{where}: a row holds over {MAX_CELLS} cells")
            rows.append(tuple(cells))
            if len(rows) > MAX_ROWS:
                raise MarkupError(f"{where}: <table> holds over {MAX_ROWS} rows")
        if not rows:
            raise MarkupError(f"{where}: an empty <table>")
        return Block(tag, rows=tuple(rows), attrs=attrs, caption=caption, line=line)
    if tag == "figure":
        caption = ""
        for child in element:
            if child.tag != "caption":
                raise MarkupError(f"{where}: <figure> holds only a <caption>")
            caption = _inline(child, where)
        if "src" not in attrs:
            raise MarkupError(f"{where}: <figure> needs a src (e.g. src=\"example\")")
        return Block(tag, attrs=attrs, caption=caption, line=line)
    if tag in ("columnbreak", "pagebreak"):
        return Block(tag, line=line)
    raise MarkupError(f"{where}: unknown block <{tag}> (use {', '.join(sorted(BLOCK_TAGS))})")
