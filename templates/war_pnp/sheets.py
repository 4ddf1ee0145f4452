"""Which play sheets a build prints: the standard sheet, and the custom sheet the build was
given (``--sheet FILE``, carried in the build's game options as a game log carries it)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printkit.context import DrawContext
from printkit.engines.war_pnp.sheets import (
    STANDARD,
    SheetError,
    SheetSpec,
    load_sheet_file,
    parse_sheet,
)
from printkit.errors import PrintkitError
from printkit.i18n import N_
from printkit.kits import SheetFile

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


def load_sheet_options(path: Path) -> dict[str, Any]:
    """``--sheet FILE``: the game options that give seat ``sheet_seat`` (0 unless told) the
    custom sheet in ``path``; every mistake in the file is one line naming its key."""
    try:
        data, _spec = load_sheet_file(path)
    except SheetError as exc:
        raise PrintkitError(str(exc)) from None
    return {SHEET_OPTION: data}


SHEET_FILE = SheetFile(load_sheet_options, "sheet_seat",
                       N_("A custom play sheet (TOML) that one seat plays against standard "
                          "sheets."))
