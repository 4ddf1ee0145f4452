"""Layout algorithms: where printed things go on sheets of paper.

- :mod:`.sizes`        named item sizes (poker, bridge, mini, counters) and ``WxHmm`` parsing
- :mod:`.impose`       many small items on as few sheets as possible; duplex and gutter-fold
- :mod:`.calibration`  the duplex calibration sheet (how far a printer shifts the backs)
- :mod:`.tile`         one large item split over several sheets, with an assembly page
- :mod:`.packing`      small components sharing sheets of a kit (the plan, as data)
- :mod:`.assembly`     component PDFs joined into one kit PDF, laid out by the packing plan
- :mod:`.fit`          text fitted to a box: wrapping, hyphenation, the largest size that fits

Layouts draw through the page layer (:mod:`printkit.page`) and import none of the drawing
kits (:mod:`printkit.drawing`) (``tests/test_layering.py``).
"""
