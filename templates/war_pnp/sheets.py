"""Which play sheets a build prints: the standard sheet, and the custom sheet the build was
given (``--sheet FILE``, carried in the build's game options as a game log carries it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.context import DrawContext
from printkit.engines.war_pnp.sheets import STANDARD, SheetSpec, parse_sheet
from printkit.errors import PrintkitError

SHEET_OPTION = "sheet"
"""The game option holding a custom sheet's tables (a log's header carries it too)."""


def custom_sheet(options: Mapping[str, Any]) -> SheetSpec | None:
    """The custom sheet in game ``options``, or None for a standard game."""
    data = options.get(SHEET_OPTION)
    if data is None:
        return None
    try:
        return parse_sheet(data, "sheet")
    except ValueError as exc:
        raise PrintkitError(str(exc)) from None


def build_sheets(ctx: DrawContext) -> list[SheetSpec]:
    """The sheets to print: the custom one first when the build has one, then the standard."""
    custom = custom_sheet(ctx.build.game_options)
    return [custom, STANDARD] if custom is not None else [STANDARD]
