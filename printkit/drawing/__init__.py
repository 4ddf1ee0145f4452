"""Drawing kits a game may use: shared ways of drawing a kind of component.

- :mod:`.draw`         helpers every template shares: layouts as data (TOML), inks, text
                       fitted and centred in a box, glyph measurements, handwriting kept inside
- :mod:`.hexmap`       hex grids and maps (terrain, patterns, labels)
- :mod:`.chart_table`  charts drawn as tables from a game's data
- :mod:`.deck`         cards: fronts with fitted title and text, backs, symbols (``printkit
                       deck``'s cards, :mod:`printkit.commands.deck`)
- :mod:`.dice`         printable dice: foldable nets, their numbering, packing and presets
- :mod:`.polyhedra`    the solids and nets the dice are folded from (``dice_nets``: the frozen
                       spanning trees)

A drawing kit draws through the page layer (:mod:`printkit.page`) and the layout algorithms
(:mod:`printkit.layout`); it knows no game (``tests/test_layering.py``).
"""
