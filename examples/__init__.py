"""printkit's shipped examples: game logs, custom sheets and sample decks.

Installed as ``printkit.examples`` (from the repository's top-level ``examples/``), found with
:func:`printkit.resources.examples_dir`, listed by ``printkit examples list`` and copied out
by ``printkit examples copy DIR``.
"""
