"""Per-game ReportLab templates, layouts as data, and the translation catalogs (``locale/``)."""
