"""protograf's side of the map comparison (``bench/bench_pwinch_wars_map.py``): one A4 page of
numbered pointy-top hexes 25 mm across the flats, as Pwinch Wars' maps have, written to
``hexpage.pdf`` in the working folder.

Run by the Python of protograf's own virtual environment (``make bench-peers``), never by
printkit's: ``PROTOGRAF_PYTHON bench/peer_protograf_hex_page.py`` (protograf reads the
command line itself, so this script takes no arguments).
"""

from protograf import Create, Hexagons, Save  # type: ignore[import-not-found]

Create(filename="hexpage.pdf", paper="A4", units="mm", margin=6.35)
Hexagons(rows=12, cols=7, height=25, orientation="pointy", hex_offset="even",
         coord_elevation="middle", coord_font_size=6, coord_padding=2, coord_separator="",
         fill="white", stroke="black")
Save()
