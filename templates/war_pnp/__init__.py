"""W.A.R. – Powers 'n Points as a printkit kit: the play sheet, the powers reference card, the
round-summary card, the two dice, the example printer, the capacities and the handout,
declared once in :data:`KIT`; ``--sheet FILE`` plays and prints a custom sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.engines.war_pnp import Action, WarPnP, WarPnPState
from printkit.i18n import N_
from printkit.kits import Component, Kit
from printkit.templates.war_pnp.sheets import SHEET_FILE


def components() -> list[Component[Any]]:
    from printkit.templates.war_pnp.components import components as war_components

    return war_components()


KIT: Kit[WarPnPState, Action] = Kit(
    name="war-pnp",
    title=N_("W.A.R. – Powers 'n Points"),
    engine=WarPnP,
    components=components,
    examples=Path(__file__).resolve().parents[2] / "examples" / "war-pnp",
    sheet_file=SHEET_FILE,
)
