"""printkit: print-and-play kits for tabletop dice games, checked by reference rules engines."""

__version__ = "0.1.0"
