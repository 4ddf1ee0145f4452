"""Per-game ReportLab templates, layouts as data, and each game's translation catalog (its
own ``locale/``; printkit's own words are in ``printkit/locale``)."""
