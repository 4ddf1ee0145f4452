"""Reference rules engines, one package per game, and the shared core (``engines.core``).

Engines are pure Python and never import ReportLab or the rest of printkit. A game's engine is
found through its kit (``printkit.kits``), which names the engine's Game class; nothing here
lists the games.
"""
