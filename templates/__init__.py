"""The kits printkit ships, one package each, found by :func:`printkit.kits.kits`: per game its
ReportLab templates, layouts as data, and its translation catalog (its own ``locale/``;
printkit's own words are in ``printkit/locale``), and the printable dice (``dice``)."""
