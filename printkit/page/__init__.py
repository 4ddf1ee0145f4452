"""What a page is, in one place: the document, its canvas, its boxes and the furniture every
printed page carries.

- :mod:`.document`   :class:`~printkit.page.document.Document`: the page ritual every
                     component draws through (``with doc.page() as area``)
- :mod:`.canvas`     :func:`~printkit.page.canvas.open_canvas` and the
                     :class:`~printkit.page.canvas.TrackingCanvas` that checks while it draws
- :mod:`.profiles`   ``home`` / ``print-shop``: bleed, safe margin, page boxes, sheet frames,
                     build ids
- :mod:`.marks`      cut lines, crop marks, registration and fold lines, check rulers
- :mod:`.notice`     the "print at 100 %" notice of a home print, and where it goes
- :mod:`.slug`       the slug line (file, page, build id) outside every print-shop trim
- :mod:`.preflight`  findings (overflowing text, missing glyphs, low-dpi images, unsafe areas)

The page layer imports nothing of the layout algorithms (:mod:`printkit.layout`) or the
drawing kits (:mod:`printkit.drawing`), which both draw through it
(``tests/test_layering.py``).
"""
