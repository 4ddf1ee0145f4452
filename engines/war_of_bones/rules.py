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

from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final

from printkit.engines.core.codec import is_whole
from printkit.engines.core.data import (
    fail,
    known_keys,
    packaged_text,
    parse_toml,
    read_int,
    read_number,
    read_text,
    shown,
)

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
        """How many Converges can take effect before the area would go below its floor
        (worked out, not counted: a tiny ``converge_in`` costs no time)."""
        room = self.area_in - self.converge_min_area_in + 1e-9
        if room < 0 or self.converge_in <= 0:
            return 0
        return int(room / (2 * self.converge_in))

    @property
    def smallest_area_in(self) -> float:
        """The side of the area after every Converge the rules allow, in inches."""
        return round(self.area_in - 2 * self.converges_allowed * self.converge_in, 9)

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


@dataclass(frozen=True, slots=True)
class Range:
    """The values a key of ``rules.toml`` may take, and why (every key a designer may edit in
    a ``--rules`` copy is checked against its range, so that a game always ends, a log always
    replays and a kit always prints in a bounded time)."""

    low: float
    high: float
    whole: bool
    why: str
    fixed: str = ""
    """For a key that takes one value: the reason, short enough for the refusal."""


RANGES: Final[dict[str, Range]] = {
    "faces": Range(2, 6, True,
                   "the seed's dice are d6; the bots' values and the exact odds (odds.py) are "
                   "worked out for six faces, and a log's schema allows faces 1-6; a die of "
                   "one face never wins a roll-off (ties are rolled again)"),
    "area_in": Range(3, 36, False,
                     "from a hand-sized mat to a 3 ft table; the mat prints in tiles, and the "
                     "dice must fit in it (see DICE_FIT)"),
    "converge_in": Range(0.25, 18, False,
                         "at least a quarter inch (a step one can mark), at most half the "
                         "largest area (larger only disables Converge): at most 66 Converges"),
    "troops": Range(1, 12, True,
                    "a player has 12 dice in the seed; Reengage lists every set of the "
                    "opponent's Troops (2^12 = 4,096 choices at most) and a log names dice "
                    "A1..B19"),
    "rollers": Range(1, 12, True, "a player has 12 dice in the seed"),
    "supply_dice": Range(1, 12, True, "a player has 12 dice in the seed"),
    "setup_own": Range(1, 12, True, "at most 'troops' (the two add up to it)"),
    "setup_opponent": Range(1, 12, True, "at most 'troops' (the two add up to it)"),
    "max_troops_in_area": Range(1, 12, True, "at most 'troops'"),
    "max_supply": Range(1, 12, True,
                        "two d6's worth; the Supply tracker prints boxes 0 to max_supply, "
                        "each the size of the build's die, and says when they do not fit"),
    "designed_for_printkit.die_size_mm": Range(
        5, 30, False, "within die_size_min_mm..die_size_max_mm"),
    "designed_for_printkit.die_size_min_mm": Range(
        5, 30, False, "real dice run from 5 mm (the smallest made) to 30 mm (jumbo dice)"),
    "designed_for_printkit.die_size_max_mm": Range(
        5, 30, False, "real dice run from 5 mm (the smallest made) to 30 mm (jumbo dice)"),
    "designed_for_printkit.position_precision_mm": Range(
        0.1, 0.1, False,
        "a log writes positions in mm with one decimal and every log is read on that grid, "
        "so the grid is part of the log format, not of a rules copy",
        "the grid every log is written on"),
    "designed_for_printkit.turn_limit": Range(
        1, 10_000, True,
        "fifty times the designed 200; a turn is at most a few dozen steps, so a game stops "
        "well before the runner's limit of 1,000,000 steps"),
    "designed_for_printkit.converge_min_area_in": Range(
        1, 36, False, "at most the largest area ('area_in')"),
    "designed_for_printkit.supply_reroll_cost": Range(
        1, 12, True, "at most the largest 'max_supply' (a dearer re-roll could never be paid)"),
}
"""The range of every number of ``rules.toml``, with the reason for it."""

MAX_PRESETS: Final = 8
"""``die_size_presets_mm`` lists at most this many sizes: the kit prints a ruler for each."""

PLAYER_LETTERS: Final = ("A", "B")
"""Dice are named A1..A12 and B1..B12 in every log (the log schema is the game's, not a
rules copy's), so the letters are not a designer's choice."""

DICE_FIT: Final = (6.0, 0.40)
"""The smallest area the game can have (after every Converge) must be at least 6 widths of the
largest allowed die across and its dice may cover at most 40 % of it. Dice land one after
another on free room (``core.chance.AreaRoll``), and a roll in which a die finds no room is
thrown again whole (as players pick the dice up), so a jam costs a throw, not the game.
Measured (2,000 sets of dice all rolled into an empty area at the bounds): up to 12 dice
never jammed; 16 to 24 dice, at 40 %, jammed 0 to 3 times in 2,000 (a game rolls that many
at once at set-up, into the larger first area). At 40 % alone a few dice in a small area
jam often (two dice in 2.25 widths: a third of the rolls). The designed rules meet both bounds
with the largest die (16 dice of 20 mm in the converged 5 in area: 6.35 widths, 39.7 %;
data/notes.md, reading 8)."""

TEXT_KEYS: Final = ("title", "rules_version")
TOP_KEYS: Final = (*TEXT_KEYS, "players", "designed_for_printkit",
                   *(k for k in RANGES if "." not in k))
DESIGNED_KEYS: Final = ("die_size_presets_mm", "player_letters",
                        *(k.split(".", 1)[1] for k in RANGES if "." in k))


SOURCE: Final = "war_of_bones rules.toml"
"""How a mistake in the rules names the file."""


def _number(data: dict[str, Any], key: str, where: str = "") -> float:
    """The value of ``key`` checked against its range in :data:`RANGES`."""
    r = RANGES[where + key]
    if r.whole:
        return read_int(data, key, int(r.low), int(r.high), SOURCE, where)
    return read_number(data, key, r.low, r.high, SOURCE, where, r.fixed)


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``DataError`` naming its key.

    Every number has a range (:data:`RANGES`, each with its reason) and the dice must fit the
    smallest area (:data:`DICE_FIT`):

    >>> data = parse_toml(packaged_text("printkit.engines.war_of_bones", "rules.toml"), SOURCE)
    >>> def refusal(data):
    ...     try:
    ...         parse_rules(data)
    ...     except ValueError as exc:  # a DataError
    ...         print(exc)
    >>> refusal({**data, "faces": 10 ** 6})
    war_of_bones rules.toml: 'faces' must be a whole number from 2 to 6, not 1000000
    >>> refusal({**data, "area_in": 4})  # doctest: +ELLIPSIS
    war_of_bones rules.toml: 'area_in' ... must hold 16 dice of up to 20 mm...
    """
    if not isinstance(data, dict):
        raise fail(SOURCE, "the rules are a TOML table")
    d = data.get("designed_for_printkit")
    if not isinstance(d, dict):
        raise fail(SOURCE, "'designed_for_printkit' must be a table")
    known_keys(data, TOP_KEYS, SOURCE)
    w = "designed_for_printkit."
    known_keys(d, DESIGNED_KEYS, SOURCE, w)
    letters = d.get("player_letters")
    if (not isinstance(letters, list) or len(letters) != 2
            or tuple(letters) != PLAYER_LETTERS):
        raise fail(SOURCE, f"'{w}player_letters' must be [\"A\", \"B\"], not "
                           f"{shown(letters)} (every log names dice A1, B1 ...)")
    if not is_whole(data.get("players")) or data.get("players") != 2:
        raise fail(SOURCE, f"'players' must be 2, not {shown(data.get('players'))}")
    rules = Rules(
        title=read_text(data, "title", SOURCE, default="War of Bones", longest=80),
        rules_version=read_text(data, "rules_version", SOURCE, default="", longest=80),
        player_letters=(letters[0], letters[1]),
        faces=int(_number(data, "faces")),
        area_in=_number(data, "area_in"),
        converge_in=_number(data, "converge_in"),
        troops=int(_number(data, "troops")),
        rollers=int(_number(data, "rollers")),
        supply_dice=int(_number(data, "supply_dice")),
        setup_own=int(_number(data, "setup_own")),
        setup_opponent=int(_number(data, "setup_opponent")),
        max_troops_in_area=int(_number(data, "max_troops_in_area")),
        max_supply=int(_number(data, "max_supply")),
        die_size_mm=_number(d, "die_size_mm", w),
        die_size_presets_mm=(),
        die_size_min_mm=_number(d, "die_size_min_mm", w),
        die_size_max_mm=_number(d, "die_size_max_mm", w),
        position_precision_mm=_number(d, "position_precision_mm", w),
        turn_limit=int(_number(d, "turn_limit", w)),
        converge_min_area_in=_number(d, "converge_min_area_in", w),
        supply_reroll_cost=int(_number(d, "supply_reroll_cost", w)),
    )
    if rules.setup_own + rules.setup_opponent != rules.troops:
        raise fail(SOURCE, "'setup_own' + 'setup_opponent' must equal 'troops'")
    if rules.max_troops_in_area > rules.troops:
        raise fail(SOURCE, "'max_troops_in_area' cannot exceed 'troops'")
    if rules.die_size_min_mm > rules.die_size_max_mm:
        raise fail(SOURCE, f"'{w}die_size_min_mm' cannot exceed '{w}die_size_max_mm'")
    rules.with_die_size(rules.die_size_mm)  # the default size must itself be allowed
    presets = d.get("die_size_presets_mm")
    if not isinstance(presets, list) or not 1 <= len(presets) <= MAX_PRESETS:
        raise fail(SOURCE, f"'{w}die_size_presets_mm' must list 1 to {MAX_PRESETS} sizes in "
                    "millimetres")
    for value in presets:
        try:
            rules.with_die_size(value)
        except ValueError as exc:
            raise fail(SOURCE, f"'{w}die_size_presets_mm': {exc}") from None
    rules = replace(rules, die_size_presets_mm=tuple(float(v) for v in presets))
    _check_dice_fit(rules)
    return rules


def _check_dice_fit(rules: Rules) -> None:
    """Both players' Troops of the largest allowed die fit the smallest area (:data:`DICE_FIT`)."""
    widths, cover = DICE_FIT
    side_in = rules.smallest_area_in
    side = side_in * MM_PER_INCH
    die = rules.die_size_max_mm
    dice = 2 * rules.troops
    if side < widths * die or dice * die * die > cover * side * side:
        after = " after every Converge" if rules.converges_allowed else ""
        raise fail(SOURCE,
            f"'area_in' ({rules.area_in:g} in, with 'converge_in', 'troops' and "
            f"'designed_for_printkit.die_size_max_mm'): the smallest area, {side_in:g} in"
            f"{after}, must hold {dice} dice of up to {die:g} mm: at least {widths:g} die "
            f"widths ({widths * die:g} mm) across, with the dice covering at most "
            f"{cover:.0%} of it; make the area larger or the dice fewer or smaller")


@cache
def load_rules(die_size_mm: float | None = None) -> Rules:
    """The rules from the packaged ``data/rules.toml``, with another die size if given."""
    text = packaged_text("printkit.engines.war_of_bones", "rules.toml")
    rules = parse_rules(parse_toml(text, SOURCE))
    return rules if die_size_mm is None else rules.with_die_size(die_size_mm)


RULES = load_rules()
