"""Print production: the shared machinery every printkit component is laid out through.

One module per concern, each importable on its own (imports stay lazy so ``printkit deck``
starts fast):

- :mod:`.sizes`      named item sizes (poker, bridge, mini, counters) and ``WxHmm`` parsing
- :mod:`.profiles`   ``home`` / ``print-shop``: bleed, safe margin, marks, page boxes, slug,
                     the "print at 100 %" note and check rulers
- :mod:`.marks`      drawing primitives: cut lines, crop marks, registration, fold lines, rulers
- :mod:`.impose`     many small items on as few sheets as possible; duplex and gutter-fold
- :mod:`.tile`       one large item split over several sheets, with an assembly page
- :mod:`.preflight`  findings (overflowing text, missing glyphs, low-dpi images, unsafe areas)
- :mod:`.deck`       card decks from a CSV spreadsheet
- :mod:`.preview`    PDF pages to PNG and a contact sheet
- :mod:`.dice`       printable dice nets and their presets
- :mod:`.kit`        component PDFs joined into one kit PDF
"""
