"""War of Bones' numbers, read from ``data/rules.toml`` (the single source of truth).

The engine, the bots and the printed mat, range ruler and Supply tracker all take their
numbers from here, so an edited data file changes them together. Lengths used in play are
whole *grid steps* (``position_precision_mm``, 0.1 mm by default): positions are integers, so
the same game gives the same log byte for byte, and a position measured with a ruler is
written with one decimal.

>>> rules = load_rules()
>>> rules.area_mm, rules.area_steps, rules.die_steps, rules.converge_steps
(228.6, 2286, 160, 508)
>>> rules.with_die_size(12).die_steps, rules.to_mm(1034)
(120, 103.4)
>>> rules.converges_allowed
1
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

MM_PER_INCH = 25.4


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything numeric about the game. The seed gives the counts and the 9 in area; the
    die size, grid, turn limit, converge floor and re-roll price are printkit's choices."""

    title: str
    rules_version: str
    player_letters: tuple[str, str]
    faces: int
    area_in: float
    converge_in: float
    troops: int
    rollers: int
    supply_dice: int
    setup_own: int
    setup_opponent: int
    max_troops_in_area: int
    max_supply: int
    die_size_mm: float
    die_size_presets_mm: tuple[float, ...]
    die_size_min_mm: float
    die_size_max_mm: float
    position_precision_mm: float
    turn_limit: int
    converge_min_area_in: float
    supply_reroll_cost: int

    # -- lengths on the grid ---------------------------------------------------------------

    def to_steps(self, mm: float) -> int:
        """``mm`` as whole grid steps (rounded to the nearest step)."""
        return round(mm / self.position_precision_mm)

    def to_mm(self, steps: int) -> float:
        """Grid steps as millimetres, rounded to the grid's decimals (what a log shows)."""
        return round(steps * self.position_precision_mm, self.decimals)

    @property
    def decimals(self) -> int:
        """Decimals a position is written with (1 for a 0.1 mm grid)."""
        text = f"{self.position_precision_mm:.6f}".rstrip("0")
        return len(text.split(".")[1]) if "." in text else 0

    @property
    def area_mm(self) -> float:
        return round(self.area_in * MM_PER_INCH, 6)

    @property
    def area_steps(self) -> int:
        """The side of the original play area."""
        return self.to_steps(self.area_in * MM_PER_INCH)

    @property
    def die_steps(self) -> int:
        """The side of a die."""
        return self.to_steps(self.die_size_mm)

    @property
    def converge_steps(self) -> int:
        """How far each edge of the area moves in at a Converge."""
        return self.to_steps(self.converge_in * MM_PER_INCH)

    @property
    def converges_allowed(self) -> int:
        """How many Converges can take effect before the area would go below its floor."""
        side, n = self.area_in, 0
        while side - 2 * self.converge_in >= self.converge_min_area_in - 1e-9:
            side -= 2 * self.converge_in
            n += 1
        return n

    def with_die_size(self, mm: float) -> Rules:
        """The same rules played with dice of ``mm`` millimetres (the ``die_size_mm`` option);
        ``ValueError`` outside the supported sizes or off the grid."""
        if isinstance(mm, bool) or not isinstance(mm, int | float):
            raise ValueError("die_size_mm must be a number of millimetres")
        if not self.die_size_min_mm <= mm <= self.die_size_max_mm:
            raise ValueError(f"die_size_mm must be from {self.die_size_min_mm:g} to "
                             f"{self.die_size_max_mm:g} mm, not {mm:g}")
        if abs(self.to_steps(mm) * self.position_precision_mm - mm) > 1e-9:
            raise ValueError(f"die_size_mm must be a multiple of "
                             f"{self.position_precision_mm:g} mm, not {mm:g}")
        return replace(self, die_size_mm=float(mm))


def _fail(message: str) -> ValueError:
    return ValueError(f"war_of_bones rules.toml: {message}")


def _num(data: dict[str, Any], key: str, where: str = "") -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise _fail(f"'{where}{key}' must be a positive number")
    return float(value)


def _int(data: dict[str, Any], key: str, where: str = "") -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _fail(f"'{where}{key}' must be a whole number of at least 1")
    return value


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``ValueError`` naming its key."""
    d = data.get("designed_for_printkit")
    if not isinstance(d, dict):
        raise _fail("'designed_for_printkit' must be a table")
    w = "designed_for_printkit."
    letters = d.get("player_letters")
    if (not isinstance(letters, list) or len(letters) != 2
            or not all(isinstance(v, str) and len(v) == 1 for v in letters)):
        raise _fail(f"'{w}player_letters' must list two one-letter names")
    presets = d.get("die_size_presets_mm")
    if not isinstance(presets, list) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in presets):
        raise _fail(f"'{w}die_size_presets_mm' must list sizes in millimetres")
    if _int(data, "players") != 2:
        raise _fail("'players' must be 2")
    rules = Rules(
        title=str(data.get("title", "War of Bones")),
        rules_version=str(data.get("rules_version", "")),
        player_letters=(letters[0], letters[1]),
        faces=_int(data, "faces"),
        area_in=_num(data, "area_in"),
        converge_in=_num(data, "converge_in"),
        troops=_int(data, "troops"),
        rollers=_int(data, "rollers"),
        supply_dice=_int(data, "supply_dice"),
        setup_own=_int(data, "setup_own"),
        setup_opponent=_int(data, "setup_opponent"),
        max_troops_in_area=_int(data, "max_troops_in_area"),
        max_supply=_int(data, "max_supply"),
        die_size_mm=_num(d, "die_size_mm", w),
        die_size_presets_mm=tuple(float(v) for v in presets),
        die_size_min_mm=_num(d, "die_size_min_mm", w),
        die_size_max_mm=_num(d, "die_size_max_mm", w),
        position_precision_mm=_num(d, "position_precision_mm", w),
        turn_limit=_int(d, "turn_limit", w),
        converge_min_area_in=_num(d, "converge_min_area_in", w),
        supply_reroll_cost=_int(d, "supply_reroll_cost", w),
    )
    if rules.setup_own + rules.setup_opponent != rules.troops:
        raise _fail("'setup_own' + 'setup_opponent' must equal 'troops'")
    if rules.max_troops_in_area > rules.troops:
        raise _fail("'max_troops_in_area' cannot exceed 'troops'")
    rules.with_die_size(rules.die_size_mm)  # the default size must itself be allowed
    return rules


@cache
def load_rules(die_size_mm: float | None = None) -> Rules:
    """The rules from the packaged ``data/rules.toml``, with another die size if given."""
    text = (resources.files("printkit.engines.war_of_bones") / "data" / "rules.toml").read_text(
        "utf-8")
    rules = parse_rules(tomllib.loads(text))
    return rules if die_size_mm is None else rules.with_die_size(die_size_mm)


RULES = load_rules()
