"""W.A.R. – Powers 'n Points' numbers, read from ``data/rules.toml`` (the single source of truth).

The engine, the bots and the printed play sheet take the power tables and the Points columns
from here, so an edited data file changes them together. A wrong value stops loading with one
line naming its key.

>>> rules = load_rules()
>>> rules.power(PowerKind.GROW).grants(4), rules.power(PowerKind.POWERUP).amount(4)
((3, 2), 5)
>>> rules.column_for_sum(9).sums, rules.column_for_sum(9).value(3)
((5, 9), 9)
>>> [c.label for c in rules.columns]
['2/12', '3/11', '4/10', '5/9', '6/8', '7']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from printkit.engines.core.data import fail, packaged_text, parse_toml, read_int, read_ints


class PowerKind(Enum):
    """The ten powers of the standard sheet, in the seed's order, then the two extra powers
    of the seed's design notes that only a custom sheet allows (:attr:`extra`)."""

    GROW = "grow"
    DOUBLE = "double"
    BEND = "bend"
    BLOCK = "block"
    STEAL = "steal"
    CANCEL = "cancel"
    TRAP = "trap"
    DECAY = "decay"
    POWERUP = "powerup"
    WITHER = "wither"
    REROLL = "reroll"
    POKE = "poke"

    @property
    def extra(self) -> bool:
        """True for the design notes' powers (Re-roll, Poke), which the standard sheet lacks."""
        return self in (PowerKind.REROLL, PowerKind.POKE)


STANDARD_POWERS = tuple(k for k in PowerKind if not k.extra)
"""The ten powers a standard sheet offers."""


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """One power's table: option ``k`` (1..6) is used when box ``k`` is the row's highest.

    ``options`` holds each option's amount (what it means depends on the power, see
    ``data/rules.toml``); Grow also gives developments to opponents, in ``gifts``.
    ``designed`` is true when printkit chose the table (the seed gives only Grow's).
    """

    kind: PowerKind
    number: int
    options: tuple[int, ...]
    gifts: tuple[int, ...]
    designed: bool

    def amount(self, rank: int) -> int:
        """The option's amount at ``rank`` (the highest active box, 1..6)."""
        return self.options[rank - 1]

    def grants(self, rank: int) -> tuple[int, int]:
        """Grow's developments at ``rank``: (for you, for your opponents together)."""
        return self.options[rank - 1], self.gifts[rank - 1]


@dataclass(frozen=True, slots=True)
class PointsColumn:
    """A Points column: the dice sums that activate it and its box values, bottom up."""

    sums: tuple[int, ...]
    values: tuple[int, ...]
    label: str = field(init=False, compare=False)
    """The column's name as printed under it, e.g. ``5/9`` (worked out once: play reads it
    at every step)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", "/".join(str(s) for s in self.sums))

    def value(self, box: int) -> int:
        """The printed value of ``box`` (1 = bottom); 0 for box 0 or below (Decay's floor)."""
        return self.values[box - 1] if box >= 1 else 0


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything numeric about the game."""

    title: str
    short_title: str
    rules_version: str
    default_players: int
    min_players: int
    max_players: int
    dice: int
    faces: int
    setup_developments: int
    power_rows: int
    boxes_per_row: int
    win_score: int
    score_track_top: int
    power_chances_per_player: int
    turns_from_players: int
    """From this many players on, the seed's variant: every phase in turns, and powers used
    one at a time (``power_chances_per_player`` each) instead of at once."""
    hard_decisions_rounds: int
    design_notes_rounds: int
    powers: tuple[PowerSpec, ...]
    columns: tuple[PointsColumn, ...]
    history_length: int = 30
    round_safety_limit: int = 60
    """Designed for printkit: a game that never ends by itself stops after this round."""
    seed_boxes: tuple[tuple[PointsColumn, int], ...] = ()
    """The (column, box) values the seed itself fixes; the loader checks the design keeps
    them, and the handout names them as the seed's."""

    def power(self, kind: PowerKind) -> PowerSpec:
        """The table of ``kind``."""
        for spec in self.powers:
            if spec.kind is kind:
                return spec
        raise KeyError(kind)

    def column_for_sum(self, total: int) -> PointsColumn:
        """The column a dice sum (after Bend) activates; ``KeyError`` if none does."""
        for column in self.columns:
            if total in column.sums:
                return column
        raise KeyError(total)

    def sum_chance(self, total: int) -> Fraction:
        """The chance that the dice show ``total``."""
        import itertools

        faces = range(1, self.faces + 1)
        rolls = list(itertools.product(faces, repeat=self.dice))
        return Fraction(sum(1 for r in rolls if sum(r) == total), len(rolls))

    def column_expectation(self, column: PointsColumn, box: int) -> Fraction:
        """Average points a roll brings a column scored at ``box`` (no modifiers): the
        measure the designed values are balanced by (see ``data/notes.md``).

        >>> float(RULES.column_expectation(RULES.column_for_sum(9), 3))
        2.0
        """
        return column.value(box) * sum((self.sum_chance(s) for s in column.sums), Fraction())


SOURCE = "war_pnp rules.toml"
"""How a mistake in the rules names the file."""


def _power(kind: PowerKind, raw: Any, boxes: int, designed: bool,
           section: str | None = None) -> PowerSpec:
    if section is None:
        section = "designed_for_printkit.powers." if designed else "powers."
    where = section + kind.value
    if not isinstance(raw, dict):
        raise fail(SOURCE, f"'{where}' must be a table")
    number = read_int(raw, "number", 1, None, SOURCE, where + ".")
    options = raw.get("options")
    if kind is PowerKind.GROW:
        if not isinstance(options, list) or len(options) != boxes:
            raise fail(SOURCE, f"'{where}.options' must list {boxes} [you, opponents] pairs")
        pairs = [read_ints(pair, f"{where}.options[{i}]", 2, 0, SOURCE)
                 for i, pair in enumerate(options)]
        return PowerSpec(kind, number, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs),
                         designed)
    amounts = read_ints(options, f"{where}.options", boxes, 1, SOURCE)
    return PowerSpec(kind, number, amounts, (0,) * boxes, designed)


def parse_rules(data: dict[str, Any]) -> Rules:
    """Check and type the raw TOML data; a wrong value raises ``ValueError`` naming its key."""
    designed = data.get("designed_for_printkit")
    if not isinstance(designed, dict):
        raise fail(SOURCE, "'designed_for_printkit' must be a table")
    ints = {
        "default_players": 2, "min_players": 2, "dice": 1, "faces": 2,
        "setup_developments": 0, "power_rows": 1, "boxes_per_row": 1, "win_score": 1,
        "score_track_top": 1, "power_chances_per_player": 1, "turns_from_players": 3,
        "hard_decisions_rounds": 1,
        "design_notes_rounds": 1,
    }
    numbers = {key: read_int(data, key, low, None, SOURCE) for key, low in ints.items()}
    max_players = read_int(designed, "max_players", numbers["default_players"], None, SOURCE,
                           "designed_for_printkit.")
    boxes = numbers["boxes_per_row"]
    if numbers["power_rows"] != numbers["faces"]:
        raise fail(SOURCE, "'power_rows' must equal 'faces' (one row per die face)")
    seed_powers = data.get("powers", {})
    designed_powers = designed.get("powers", {})
    if not isinstance(seed_powers, dict) or not isinstance(designed_powers, dict):
        raise fail(SOURCE, "'powers' and 'designed_for_printkit.powers' must be tables")
    powers = []
    for kind in STANDARD_POWERS:
        in_seed, in_design = kind.value in seed_powers, kind.value in designed_powers
        if in_seed == in_design:
            raise fail(SOURCE, f"power '{kind.value}' must be given exactly once "
                        "(under [powers] or [designed_for_printkit.powers])")
        raw = seed_powers[kind.value] if in_seed else designed_powers[kind.value]
        powers.append(_power(kind, raw, boxes, designed=in_design))
    unknown = (set(seed_powers) | set(designed_powers)) - {k.value for k in STANDARD_POWERS}
    if unknown:
        raise fail(SOURCE, f"unknown power '{sorted(unknown)[0]}'")
    extras = designed.get("extra_powers", {})
    if not isinstance(extras, dict):
        raise fail(SOURCE, "'designed_for_printkit.extra_powers' must be a table")
    for kind in PowerKind:
        if kind.extra:
            if kind.value not in extras:
                raise fail(SOURCE,
                           f"'designed_for_printkit.extra_powers.{kind.value}' is missing")
            powers.append(_power(kind, extras[kind.value], boxes, designed=True,
                                 section="designed_for_printkit.extra_powers."))
    sheet = designed.get("sheet")
    if not isinstance(sheet, dict):
        raise fail(SOURCE, "'designed_for_printkit.sheet' must be a table")
    history = read_int(sheet, "history_length", 1, None, SOURCE, "designed_for_printkit.sheet.")
    limits = designed.get("limits")
    if not isinstance(limits, dict):
        raise fail(SOURCE, "'designed_for_printkit.limits' must be a table")
    safety = read_int(limits, "round_safety_limit", 1, None, SOURCE,
                      "designed_for_printkit.limits.")
    raw_columns = designed.get("points_columns")
    if not isinstance(raw_columns, list) or not raw_columns:
        raise fail(SOURCE,
                   "'designed_for_printkit.points_columns' must list the Points columns")
    columns = []
    for i, raw in enumerate(raw_columns):
        key = f"designed_for_printkit.points_columns[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("sums"), list):
            raise fail(SOURCE, f"'{key}.sums' must list dice sums")
        sums = read_ints(raw["sums"], f"{key}.sums", len(raw["sums"]), 1, SOURCE)
        values = read_ints(raw.get("values"), f"{key}.values", boxes, 0, SOURCE)
        columns.append(PointsColumn(sums, values))
    all_sums = sorted(s for c in columns for s in c.sums)
    expected = list(range(numbers["dice"], numbers["dice"] * numbers["faces"] + 1))
    if all_sums != expected:
        raise fail(SOURCE,
                   "'designed_for_printkit.points_columns' must cover each dice sum once")
    rules = Rules(
        title=str(data.get("title", "W.A.R. – Powers 'n Points")),
        short_title=str(data.get("short_title", "W.A.R. PnP")),
        rules_version=str(data.get("rules_version", "")),
        max_players=max_players,
        powers=tuple(powers),
        columns=tuple(columns),
        history_length=history,
        round_safety_limit=safety,
        **numbers,  # type: ignore[arg-type]  # whole numbers only, checked above
    )
    fixed_boxes = []
    for i, fixed in enumerate(data.get("seed_boxes", [])):
        key = f"seed_boxes[{i}]"
        if not isinstance(fixed, dict) or not isinstance(fixed.get("sums"), list):
            raise fail(SOURCE, f"'{key}.sums' must list dice sums")
        box = read_int(fixed, "box", 1, None, SOURCE, key + ".")
        value = read_int(fixed, "value", 0, None, SOURCE, key + ".")
        column = rules.column_for_sum(fixed["sums"][0])
        if list(column.sums) != fixed["sums"] or box > boxes or column.value(box) != value:
            raise fail(SOURCE,
                       f"'{key}': the seed's box {box} of {column.label} is worth {value}")
        fixed_boxes.append((column, box))
    return replace(rules, seed_boxes=tuple(fixed_boxes))


@cache
def load_rules() -> Rules:
    """The rules from the packaged ``data/rules.toml`` (read once per process)."""
    return parse_rules(parse_toml(packaged_text("printkit.engines.war_pnp", "rules.toml"),
                                  SOURCE))


RULES = load_rules()
