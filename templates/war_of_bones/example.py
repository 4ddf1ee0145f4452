"""A replayed War of Bones log drawn as small multiples: the area seen from above, turn by turn.

Each cell is one turn (the first is the set-up with the roll-off and Reengage): a title line
with whose turn it is and the Troops and Supply each player has after it, a scaled top-down
diagram of the area, and a caption in words. The diagram shows every die in the area after the
turn, in its player's colour with the pips of its face and its name beside it; the area's edge,
and the Converge boundary (dashed while a Converge may still happen, the strip outside it greyed
once it has). The acting Troop is ringed in its player's pencil and, when it attacks, its
range is shaded: every point within Firepower die widths of its faces, which is its square
grown by the range with corners rounded to that radius (``data/notes.md``, reading 6). Attacks
are pencil arrows to their targets, each labelled in handwriting with its rolls, "attack roll +
Strength vs defence roll + Firepower", and what it did. A die that left its spot (slain, taken
for supplies, picked up to be rolled again) stays as a dashed ghost there; a die that landed
this turn is ringed, with a dotted trail from its old spot when it had one.

The caption says the same in words: the action, the rolls and any supplies spent on them, each
attack's outcome, what landed where, the end of the game, and the reason the bot (or a player)
wrote beside the move, translated when it is a bot's message id.

Every turn of the log is drawn, two cells a row on A4 and Letter, as many rows as fit a page;
the first page opens with a summary (players, bots, die size, the opening and the result) and a
legend. The drawing comes from the replay alone, so one log always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import fit_size
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.core.log import ReasonText, translate_reason
from printkit.engines.war_of_bones import (
    Action,
    AreaChanged,
    Attack,
    AttackPair,
    Choose,
    Converge,
    Defend,
    Event,
    GameOver,
    Hit,
    Landed,
    Opening,
    Phase,
    Reinforce,
    ReinforceRolled,
    Remove,
    Rerolled,
    Resupplied,
    Resupply,
    TroopHit,
    WarOfBonesState,
)
from printkit.engines.war_of_bones.rules import MM_PER_INCH, Rules
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.layouts import load_layout
from printkit.page.document import open_document
from printkit.scripts import paragraph_options
from printkit.templates.war_of_bones.mat import TITLE, colour_name, player_badge, player_ink
from printkit.templates.war_of_bones.mat import ink as mat_ink
from printkit.units import mm


@dataclass(frozen=True)
class ExampleSizes:
    diagram_max: float
    diagram_min: float
    gap: float
    strip_h: float
    caption_gap: float
    caption_size: float
    caption_min: float
    caption_leading: float
    title_size: float
    sub_size: float
    header_gap: float
    turn_size: float
    count_size: float
    label_size: float
    note_size: float
    legend_size: float
    text_min: float
    legend_icon: float
    legend_gap: float
    badge: float
    edge_width: float
    converge_width: float
    converge_dash: tuple[float, float]
    die_width: float
    ring_width: float
    ring_gap: float
    ghost_dash: tuple[float, float]
    range_width: float
    range_dash: tuple[float, float]
    arrow_width: float
    arrow_head: float
    trail_dash: tuple[float, float]


@dataclass(frozen=True)
class ExampleLayout:
    """``example.toml``: the example booklet's measurements (mm, text sizes and line widths in
    pt) and inks."""

    ink: dict[str, Color]
    example: ExampleSizes


EXAMPLE = load_layout(ExampleLayout, Path(__file__).with_name("example.toml"))
DETAIL = "example game"


def ink(name: str) -> Color:
    return EXAMPLE.ink[name]


def pen(player: int, shade: str = "") -> Color:
    """A player's pencil: the arrows, rolls and rings of their turns."""
    return ink(("pen_a", "pen_b")[player] + (f"_{shade}" if shade else ""))


# --- what the replay saw ---------------------------------------------------------------------

Dice = dict[str, tuple[float, float, int]]
"""The dice in the area: name -> (x mm, y mm, face), centres from the area's lower-left corner."""


@dataclass(frozen=True)
class Table:
    """The area at one moment: the dice in it, its current bounds (mm), the Supplies and
    whether a Converge may still take effect."""

    dice: Dice
    lo: float
    hi: float
    supply: tuple[int, int]
    can_converge: bool

    @classmethod
    def of(cls, state: WarOfBonesState) -> Table:
        to_mm = state.rules.to_mm
        dice = {state.ids[i]: (*state.position_mm(i), state.face[i])
                for i in range(len(state.face)) if state.face[i]}
        return cls(dice, to_mm(state.area.lo), to_mm(state.area.hi),
                   (state.supply[0], state.supply[1]), state.can_converge())

    def troops(self, letter: str) -> int:
        return sum(1 for name in self.dice if name.startswith(letter))


@dataclass(frozen=True)
class Step:
    """One replayed line: a roll (``player`` None) or a decision, the phase it was made in,
    the events it caused and the reason written beside it."""

    player: int | None
    phase: Phase
    move: Any
    events: tuple[Event, ...]
    reason: str = ""


@dataclass
class Frame:
    """One cell: the set-up (``number`` 0) or one turn, the table before and after it."""

    number: int
    player: int
    before: Table
    after: Table
    steps: list[Step] = field(default_factory=list)

    @property
    def action(self) -> Action | None:
        """The turn's action (None for the set-up)."""
        if self.number == 0 or not self.steps:
            return None
        move = self.steps[0].move
        return move if self.steps[0].player is not None else None

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]

    def landed(self) -> dict[str, Landed]:
        """The dice that came to rest during the frame (the set-up's first landing aside)."""
        out: dict[str, Landed] = {}
        for s in self.steps:
            if s.phase is Phase.SETUP:
                continue
            for e in s.events:
                if isinstance(e, Landed):
                    out[e.die] = e
        return out


class FrameRecorder:
    """Groups replayed lines into the set-up and the turns: a decision taken in the
    ``turn`` phase starts a turn; everything up to the next one belongs to it."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []

    def begin(self, state: WarOfBonesState) -> None:
        table = Table.of(state)
        self.frames = [Frame(0, -1, table, table)]

    def step(self, player: int | None, before: WarOfBonesState, move: Any,
             after: WarOfBonesState, reason: str | None) -> None:
        if player is not None and before.phase is Phase.TURN:
            self.frames.append(Frame(before.turn + 1, player, Table.of(before),
                                     Table.of(before)))
        frame = self.frames[-1]
        frame.steps.append(Step(player, before.phase, move, tuple(after.events), reason or ""))
        frame.after = Table.of(after)
        if before.phase is Phase.SETUP:  # the set-up cell starts from where all 16 landed
            frame.before = Table.of(after)
        if frame.number == 0 and player is not None and before.phase is Phase.CHOOSE:
            frame.player = player


# --- the words -------------------------------------------------------------------------------


OPENINGS = {Opening.REENGAGE.value: N_("Reengage"),
            Opening.FIRST_STRIKE.value: N_("First Strike")}
"""The roll-off choices by the names the rules print (a bot's reason names the engine's)."""


def translated(ctx: DrawContext, reason: str) -> str:
    """A reason from the log in the build's language (a bot's message id translated and
    filled in, an opening it names by its printed name; a reason written by hand as it
    stands)."""
    if not reason:
        return ""
    if isinstance(reason, ReasonText) and reason.params:
        params = {k: ctx._(OPENINGS[v]) if isinstance(v, str) and v in OPENINGS else v
                  for k, v in reason.params.items()}
        reason = ReasonText(reason.msgid, params)
    return translate_reason(reason, ctx._, ctx.format_fixed)


def _names(ctx: DrawContext, dice: Iterable[str]) -> str:
    items = list(dice)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ctx._("%(list)s and %(last)s") % {"list": ", ".join(items[:-1]), "last": items[-1]}


def outcome_word(ctx: DrawContext, hit: Hit) -> str:
    """What one attack did, as its label says it."""
    if hit is Hit.SLAIN:
        return ctx._("slain")
    if hit is Hit.DAMAGE:
        return "−1"
    return ctx._("no effect")


def pair_label(ctx: DrawContext, pair: AttackPair) -> str:
    """An attack's handwritten label: attack roll + Strength vs defence roll + Firepower."""
    return ctx._("%(roll)d+%(s)d vs %(droll)d+%(f)d: %(outcome)s") % {
        "roll": pair.attack_roll, "s": pair.strength, "droll": pair.defence_roll,
        "f": pair.firepower, "outcome": outcome_word(ctx, pair.hit)}


def _values(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


Line = tuple[str, str]
"""A caption sentence and the reason written beside it (may be empty)."""


class Captioner:
    """Writes a frame's caption as sentences, each with the reason for it when there is one."""

    def __init__(self, ctx: DrawContext, names: Sequence[str], letters: Sequence[str],
                 turn_limit: int, converge_in: float) -> None:
        self.ctx = ctx
        self.names = list(names)
        self.letters = list(letters)
        self.turn_limit = turn_limit
        self.converge_in = converge_in

    def owner(self, die: str) -> int:
        return self.letters.index(die[0])

    def lines(self, frame: Frame, previous: Frame | None) -> list[Line]:
        out = self._setup(frame) if frame.number == 0 else self._turn(frame, previous)
        for e in frame.events:
            if isinstance(e, GameOver):
                out.append((self._game_over(e, frame.after), ""))
        return out

    # -- the set-up ----------------------------------------------------------------------

    def _setup(self, frame: Frame) -> list[Line]:
        _ = self.ctx._
        n = sum(1 for s in frame.steps if s.phase is Phase.SETUP for e in s.events
                if isinstance(e, Landed))
        out: list[Line] = [(_("All %(n)d Troops are rolled into the area.") % {"n": n}, "")]
        picked_opp: tuple[str, ...] = ()
        for s in frame.steps:
            if s.phase is Phase.ROLL_OFF:
                a, b = s.move
                text = _("Roll-off: %(a)s rolls %(ra)d, %(b)s rolls %(rb)d.") % {
                    "a": self.names[0], "ra": a, "b": self.names[1], "rb": b}
                if a == b:
                    text += " " + _("A tie: they roll again.")
                out.append((text, ""))
            elif isinstance(s.move, Choose) and s.player is not None:
                me, other = self.names[s.player], self.names[1 - s.player]
                if s.move.opening is Opening.REENGAGE:
                    text = _("%(me)s takes Reengage; %(other)s has First Strike.")
                else:
                    text = _("%(me)s takes First Strike; %(other)s reengages.")
                out.append((text % {"me": me, "other": other}, translated(self.ctx, s.reason)))
            elif isinstance(s.move, Remove) and s.player is not None:
                me = self.names[s.player]
                if s.phase is Phase.REMOVE_OPP:
                    picked_opp = s.move.dice
                    if s.move.dice:
                        text = _("Reengage: %(me)s picks up %(dice)s of the opponent's.") % {
                            "me": me, "dice": _names(self.ctx, s.move.dice)}
                    else:
                        text = _("Reengage: %(me)s picks up none of the opponent's dice.") % {
                            "me": me}
                elif s.move.dice:
                    text = _("Then %(me)s picks up %(dice)s.") % {
                        "me": me, "dice": _names(self.ctx, s.move.dice)}
                else:
                    text = _("Then %(me)s picks up no further die.") % {"me": me}
                out.append((text, translated(self.ctx, s.reason)))
        landed = frame.landed()
        if landed:
            out.append((self._landings(landed), ""))
        elif not picked_opp and frame.number == 0 and len(frame.steps) > 2:
            out.append((_("No die is rolled again."), ""))
        return out

    def _landings(self, landed: Mapping[str, Landed]) -> str:
        where = ", ".join(self.ctx._("%(die)s shows %(face)d") % {"die": d, "face": e.face}
                          for d, e in landed.items())
        return self.ctx._("Rolled back in: %(list)s.") % {"list": where}

    # -- a turn --------------------------------------------------------------------------

    def _turn(self, frame: Frame, previous: Frame | None) -> list[Line]:
        _ = self.ctx._
        me = self.names[frame.player]
        action = frame.action
        out: list[Line] = []
        first = frame.steps[0]
        why = translated(self.ctx, first.reason)
        if (previous is not None and isinstance(previous.action, Converge)
                and previous.player != frame.player and not isinstance(action, Converge)
                and not any(isinstance(e, AreaChanged) and e.effective
                            for e in previous.events)):
            out.append((_("%(other)s's offer to converge lapses.") % {
                "other": self.names[previous.player]}, ""))
        if isinstance(action, Attack):
            fp = frame.before.dice[action.troop][2]
            targets = ", ".join(_("%(target)s at Strength %(s)d") % {"target": t, "s": s}
                                for t, s in action.attacks)
            out.append((_("%(troop)s (Firepower %(fp)d) attacks %(targets)s.") % {
                "troop": action.troop, "fp": fp, "targets": targets}, why))
            out.extend(self._rerolls(frame))
            out.extend(self._attack_results(frame))
        elif isinstance(action, Reinforce):
            face = frame.before.dice[action.troop][2]
            out.append((_("%(me)s reinforces %(troop)s, showing %(face)d.") % {
                "me": me, "troop": action.troop, "face": face}, why))
            out.extend(self._rerolls(frame))
            out.extend(self._reinforce_result(frame, face))
        elif isinstance(action, Resupply):
            for e in frame.events:
                if isinstance(e, Resupplied):
                    out.append((_("%(me)s takes %(troop)s (Firepower %(fp)d) out of the area "
                                  "for supplies: Supply %(supply)d.") % {
                        "me": me, "troop": e.troop, "fp": e.firepower, "supply": e.supply}, why))
        elif isinstance(action, Converge):
            out.extend(self._converge(frame, why))
        return out

    def _rerolls(self, frame: Frame) -> list[Line]:
        """Supplies spent on re-rolls: which roll, how many dice, what they came up."""
        ctx = self.ctx
        out: list[Line] = []
        rolls: dict[str, list[int]] = {}
        pending: tuple[Rerolled, list[int], str] | None = None
        kinds = {Phase.ATTACK_ROLL: "attack", Phase.DEFENCE_ROLL: "defence",
                 Phase.REINFORCE_ROLL: "reinforce"}
        for s in frame.steps:
            if s.player is None and s.phase in kinds:
                rolls[kinds[s.phase]] = list(s.move)
            elif s.player is not None and s.phase is Phase.REROLL:
                spent = [e for e in s.events if isinstance(e, Rerolled)]
                if spent:
                    e = spent[0]
                    old = [rolls.get(e.roll, [0] * max(e.positions))[p - 1] for p in e.positions]
                    pending = (e, old, s.reason)
            elif s.player is None and s.phase is Phase.REROLL_DICE and pending is not None:
                e, old, reason = pending
                roll = rolls.setdefault(e.roll, [])
                for p, v in zip(e.positions, s.move, strict=True):
                    if p - 1 < len(roll):
                        roll[p - 1] = v
                n = len(e.positions)
                values = {"who": self.names[e.player], "n": n, "old": _values(old),
                          "new": _values(list(s.move)), "left": e.supply_left}
                if e.roll == "attack":
                    text = ctx.ngettext(
                        "%(who)s spends %(n)d supply to re-roll an attack die: %(old)s becomes "
                        "%(new)s (Supply %(left)d).",
                        "%(who)s spends %(n)d supplies to re-roll attack dice: %(old)s become "
                        "%(new)s (Supply %(left)d).", n)
                elif e.roll == "defence":
                    text = ctx.ngettext(
                        "%(who)s spends %(n)d supply to re-roll a defence die: %(old)s becomes "
                        "%(new)s (Supply %(left)d).",
                        "%(who)s spends %(n)d supplies to re-roll defence dice: %(old)s become "
                        "%(new)s (Supply %(left)d).", n)
                else:
                    text = ctx._("%(who)s spends 1 supply to re-roll the Roller: %(old)s "
                                 "becomes %(new)s (Supply %(left)d).")
                out.append((text % values, translated(ctx, reason)))
                pending = None
        return out

    def _attack_results(self, frame: Frame) -> list[Line]:
        _ = self.ctx._
        pairs: dict[str, list[AttackPair]] = {}
        hits: dict[str, TroopHit] = {}
        for e in frame.events:
            if isinstance(e, AttackPair):
                pairs.setdefault(e.target, []).append(e)
            elif isinstance(e, TroopHit):
                hits[e.die] = e
        defended = {s.move.troop: s.reason for s in frame.steps
                    if isinstance(s.move, Defend) and s.player is not None}
        out: list[Line] = []
        for target, group in pairs.items():
            each = "; ".join(
                _("%(roll)d + %(s)d against %(droll)d + %(f)d, %(outcome)s") % {
                    "roll": p.attack_roll, "s": p.strength, "droll": p.defence_roll,
                    "f": p.firepower, "outcome": self._outcome(p.hit)} for p in group)
            hit = hits.get(target)
            if hit is None:
                upshot = _("%(target)s holds.") % {"target": target}
            elif hit.slain:
                upshot = _("%(target)s is slain.") % {"target": target}
            else:
                upshot = _("%(target)s drops from %(before)d to %(after)d.") % {
                    "target": target, "before": hit.face_before, "after": hit.face_after}
            text = _("On %(target)s (Firepower %(f)d): %(pairs)s.") % {
                "target": target, "f": group[0].firepower, "pairs": each}
            out.append((text + " " + upshot, translated(self.ctx, defended.get(target, ""))))
        return out

    def _outcome(self, hit: Hit) -> str:
        _ = self.ctx._
        if hit is Hit.SLAIN:
            return _("slays")
        if hit is Hit.DAMAGE:
            return _("1 damage")
        return _("no effect")

    def _reinforce_result(self, frame: Frame, face: int) -> list[Line]:
        _ = self.ctx._
        landed = frame.landed()
        out: list[Line] = []
        for e in frame.events:
            if not isinstance(e, ReinforceRolled):
                continue
            text = _("The Roller shows %(roll)d.") % {"roll": e.roll}
            # a log that stops before a die lands says only what was rolled; the diagram
            # shows the die picked up
            if e.rerolled:
                if e.troop in landed:
                    text += " " + _("It beats %(face)d: %(troop)s is rolled in again and "
                                    "lands showing %(new)d.") % {
                        "face": face, "troop": e.troop, "new": landed[e.troop].face}
            else:
                text += " " + _("It does not beat %(face)d: %(troop)s stays as it is.") % {
                    "face": face, "troop": e.troop}
            if e.extra is not None:
                if e.extra in landed:
                    text += " " + _("A 6: %(extra)s comes into the area too, showing "
                                    "%(new)d.") % {"extra": e.extra,
                                                   "new": landed[e.extra].face}
            elif e.roll == 6:
                text += " " + _("A 6, but no further Troop may come in.")
            out.append((text, ""))
        return out

    def _converge(self, frame: Frame, why: str) -> list[Line]:
        _ = self.ctx._
        me = self.names[frame.player]
        out: list[Line] = []
        for e in frame.events:
            if not isinstance(e, AreaChanged):
                continue
            if not e.effective:
                out.append((_("%(me)s offers to converge; it takes effect if %(other)s "
                              "converges next turn.") % {
                    "me": me, "other": self.names[1 - frame.player]}, why))
                continue
            side = (e.hi_mm - e.lo_mm) / MM_PER_INCH
            out.append((_("%(me)s converges too: every edge moves %(by)s in inwards, the area "
                          "is now %(side)s in square.") % {
                "me": me, "by": self.ctx.format_number(self.converge_in),
                "side": self.ctx.format_number(round(side, 1))}, why))
            if e.rolled_back:
                landed = frame.landed()  # none yet when the log stops before they land
                out.append((_("Outside it: %(dice)s.") % {"dice": _names(self.ctx,
                                                                        e.rolled_back)}
                            + (" " + self._landings(landed) if landed else ""), ""))
            else:
                out.append((_("No Troop was outside it."), ""))
        return out

    def _game_over(self, e: GameOver, table: Table) -> str:
        _ = self.ctx._
        if e.end == "no troops" and e.winner is not None:
            return _("%(loser)s has no Troop left in the area: %(winner)s wins.") % {
                "loser": self.names[1 - e.winner], "winner": self.names[e.winner]}
        if e.winner is not None:
            return _("The turn limit of %(n)d turns is reached: %(winner)s wins with more "
                     "Troops in the area, then more Firepower.") % {
                "n": self.turn_limit, "winner": self.names[e.winner]}
        return _("The turn limit of %(n)d turns is reached with Troops and Firepower level: "
                 "a draw.") % {"n": self.turn_limit}


# --- drawing a diagram -----------------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    """Millimetres of the area to points on the page: ``origin`` is the area's lower-left
    corner in the diagram, ``k`` points per mm, ``die`` the die's side in points."""

    origin: tuple[float, float]
    k: float
    die: float

    def at(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return self.origin[0] + x_mm * self.k, self.origin[1] + y_mm * self.k

    def square(self, x_mm: float, y_mm: float, grow: float = 0.0) -> Rect:
        cx, cy = self.at(x_mm, y_mm)
        h = self.die / 2 + grow
        return Rect(cx - h, cy - h, 2 * h, 2 * h)


PIPS = {1: ((0.5, 0.5),), 2: ((0.27, 0.73), (0.73, 0.27)),
        3: ((0.27, 0.73), (0.5, 0.5), (0.73, 0.27)),
        4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
        5: ((0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)),
        6: ((0.27, 0.27), (0.27, 0.5), (0.27, 0.73), (0.73, 0.27), (0.73, 0.5), (0.73, 0.73))}
"""Where a d6's pips sit on its face (fractions of its side)."""


def draw_die(c: Canvas, r: Rect, face: int, player: int) -> None:
    """A die seen from above in its player's colour, showing ``face``."""
    c.saveState()
    c.setFillColor(player_ink(player))
    c.setStrokeColor(player_ink(player, "dark"))
    c.setLineWidth(EXAMPLE.example.die_width)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.18, stroke=1, fill=1)
    c.setFillColor(ink(("pip_a", "pip_b")[player]))
    for px, py in PIPS.get(face, ()):
        c.circle(r.x + px * r.w, r.y + py * r.h, r.w * 0.085, stroke=0, fill=1)
    c.restoreState()


def draw_ghost(c: Canvas, r: Rect, *, slain: bool) -> None:
    """Where a die stood before this turn: a dashed outline, crossed when it was slain."""
    c.saveState()
    c.setFillColor(ink("ghost_fill"))
    c.setStrokeColor(ink("ghost"))
    c.setLineWidth(0.6)
    c.setDash(*EXAMPLE.example.ghost_dash)
    c.roundRect(r.x, r.y, r.w, r.h, r.w * 0.18, stroke=1, fill=1)
    if slain:
        c.setDash()
        c.setLineWidth(0.8)
        c.line(r.x + r.w * 0.2, r.y + r.h * 0.2, r.right - r.w * 0.2, r.top - r.h * 0.2)
        c.line(r.x + r.w * 0.2, r.top - r.h * 0.2, r.right - r.w * 0.2, r.y + r.h * 0.2)
    c.restoreState()


def ring(c: Canvas, r: Rect, colour: Color, *, dashed: bool = False) -> None:
    """A pencil ring round a die (the acting Troop, or a die that landed this turn)."""
    g = mm(EXAMPLE.example.ring_gap)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(EXAMPLE.example.ring_width)
    if dashed:
        c.setDash(2.0, 1.2)
    c.roundRect(r.x - g, r.y - g, r.w + 2 * g, r.h + 2 * g, r.w * 0.26, stroke=1, fill=0)
    c.restoreState()


def range_zone(c: Canvas, sc: Scale, x_mm: float, y_mm: float, firepower: int, d_mm: float,
               player: int, clip: Rect) -> None:
    """Every point within ``firepower`` die widths of the Troop's faces: its square grown by
    the range, the corners rounded to that radius, cut to the area."""
    reach = firepower * d_mm * sc.k
    r = sc.square(x_mm, y_mm, reach)
    c.saveState()
    path = c.beginPath()
    path.rect(clip.x, clip.y, clip.w, clip.h)
    c.clipPath(path, stroke=0, fill=0)
    c.setFillColor(pen(player, "tint"))
    c.setStrokeColor(pen(player))
    c.setLineWidth(EXAMPLE.example.range_width)
    c.setDash(*EXAMPLE.example.range_dash)
    c.roundRect(r.x, r.y, r.w, r.h, reach, stroke=1, fill=1)
    c.restoreState()


def _exit(r: Rect, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the ray from ``r``'s centre towards a point leaves ``r``."""
    dx, dy = towards[0] - r.cx, towards[1] - r.cy
    if dx == 0 and dy == 0:
        return r.cx, r.cy
    t = min(r.w / 2 / abs(dx) if dx else math.inf, r.h / 2 / abs(dy) if dy else math.inf)
    return r.cx + dx * t, r.cy + dy * t


def arrow(c: Canvas, start: tuple[float, float], end: tuple[float, float],
          colour: Color) -> None:
    """A pencil arrow from ``start`` to ``end`` (its head at ``end``)."""
    x0, y0 = start
    x1, y1 = end
    length = math.hypot(x1 - x0, y1 - y0)
    head = mm(EXAMPLE.example.arrow_head)
    if length < 1e-6:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(EXAMPLE.example.arrow_width)
    c.setLineCap(1)
    bx, by = x1 - ux * head * 0.9, y1 - uy * head * 0.9
    c.line(x0, y0, bx, by)
    p = c.beginPath()
    p.moveTo(x1, y1)
    p.lineTo(x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45)
    p.lineTo(x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.top, b.top) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0.0


def place(candidates: Sequence[Rect], taken: Sequence[Rect], room: Rect) -> Rect:
    """The first candidate that overlaps nothing taken and stays in ``room``; otherwise the
    one that overlaps least (a crowded corner of the area)."""
    best, best_cost = candidates[0], math.inf
    for r in candidates:
        cost = sum(_overlap(r, t) for t in taken) + 50.0 * room.overshoot(r)
        if cost == 0:
            return r
        if cost < best_cost:
            best, best_cost = r, cost
    return best


def halo_text(c: Canvas, text: str, face: str, font_size: float, x: float, y: float,
              colour: Color) -> None:
    """Text with a white halo, readable over dice and lines: the text stroked wide in white,
    then filled and thinly stroked in its colour (render modes 1 and 2: a text object writes
    no mode 0 it believes current, so both passes name theirs)."""
    c.saveState()
    c.setLineJoin(1)
    for mode, stroke, width in ((1, ink("halo"), font_size * 0.28),
                                (2, colour, font_size * 0.02)):
        c.setStrokeColor(stroke)
        c.setFillColor(colour)
        c.setLineWidth(width)
        t = c.beginText(x, y)
        t.setFont(face, font_size)
        t.setTextRenderMode(mode)
        t.textOut(text)
        c.drawText(t)
    c.restoreState()


@dataclass(frozen=True)
class Ghost:
    """A die drawn where it stood before the turn."""

    die: str
    x: float
    y: float
    slain: bool


@dataclass(frozen=True)
class ArrowLabel:
    """An attack's handwritten rolls, to be put near one of ``anchors`` (the arrow's middle,
    then its head, then its tail) where it covers nothing."""

    text: str
    anchors: tuple[tuple[float, float], ...]
    colour: Color


class Diagram:
    """One frame drawn in a square: the area, the range, ghosts, dice, arrows and labels."""

    def __init__(self, ctx: DrawContext, frame: Frame, rules: Rules) -> None:
        self.ctx = ctx
        self.frame = frame
        self.rules = rules
        self.letters = list(rules.player_letters)
        self.d_mm = rules.die_size_mm
        self.area_mm = rules.area_mm
        self.converge_mm = rules.converge_in * MM_PER_INCH

    def owner(self, die: str) -> int:
        return self.letters.index(die[0])

    def ghosts(self) -> list[Ghost]:
        """Dice that left their spot during the frame: slain, taken for supplies, picked up."""
        f = self.frame
        slain = {e.die for e in f.events if isinstance(e, TroopHit) and e.slain}
        landed = f.landed()
        out = []
        for die, (x, y, _face) in f.before.dice.items():
            now = f.after.dice.get(die)
            if now is None or die in landed or (now[0], now[1]) != (x, y):
                out.append(Ghost(die, x, y, die in slain))
        return out

    def draw(self, c: Canvas, box: Rect) -> None:
        f = self.frame
        k = box.w / self.area_mm
        sc = Scale((box.x, box.y), k, self.d_mm * k)
        c.saveState()
        # the area: greyed outside a Converge that took effect, dashed boundary of one to come
        c.setFillColor(ink("outside"))
        c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
        lo, hi = f.after.lo, f.after.hi
        inner = Rect(box.x + lo * k, box.y + lo * k, (hi - lo) * k, (hi - lo) * k)
        c.setFillColor(mat_ink("area"))
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=0, fill=1)
        if f.after.can_converge:
            m = self.converge_mm * k
            c.setStrokeColor(mat_ink("converge"))
            c.setLineWidth(EXAMPLE.example.converge_width)
            c.setDash(*EXAMPLE.example.converge_dash)
            c.rect(inner.x + m, inner.y + m, inner.w - 2 * m, inner.h - 2 * m, stroke=1, fill=0)
            c.setDash()
        c.setStrokeColor(mat_ink("rule"))
        c.setLineWidth(EXAMPLE.example.edge_width)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
        if lo > 0:  # the original edge, faint, for scale
            c.setStrokeColor(ink("frame"))
            c.setLineWidth(0.4)
            c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
        action = f.action
        actor = getattr(action, "troop", None) if action is not None else None
        if isinstance(action, Attack) and actor in f.before.dice:
            x, y, face = f.before.dice[actor]
            range_zone(c, sc, x, y, face, self.d_mm, f.player, inner)
        taken: list[Rect] = []
        ghosts = self.ghosts()
        for g in ghosts:
            r = sc.square(g.x, g.y)
            draw_ghost(c, r, slain=g.slain)
            taken.append(r)
        landed = f.landed()
        for die, e in landed.items():  # a dotted trail from the old spot to the new one
            old = f.before.dice.get(die)
            if old is None:
                continue
            c.setStrokeColor(pen(self.owner(die) if f.number == 0 else f.player))
            c.setLineWidth(0.6)
            c.setDash(*EXAMPLE.example.trail_dash)
            c.line(*sc.at(old[0], old[1]), *sc.at(e.x_mm, e.y_mm))
            c.setDash()
        for die, (x, y, face) in f.after.dice.items():
            r = sc.square(x, y)
            draw_die(c, r, face, self.owner(die))
            taken.append(r.outset(mm(0.8)))  # and its ring, if it gets one
        who = f.player if f.player >= 0 else 0
        for die in landed:
            if die in f.after.dice:
                x, y, _face = f.after.dice[die]
                ring(c, sc.square(x, y), pen(who if f.number else self.owner(die)))
        if actor is not None and actor in f.before.dice:
            x, y, _face = f.before.dice[actor]
            ring(c, sc.square(x, y).outset(mm(0.7)), pen(f.player), dashed=actor not in
                 f.after.dice or actor in landed)
        labels = self._arrows(c, sc, taken)
        self._die_names(c, sc, taken, labels, ghosts, box)
        c.restoreState()

    def _arrows(self, c: Canvas, sc: Scale, taken: list[Rect]) -> list[ArrowLabel]:
        """The attack arrows, one per target (its pairs share one label); the arrows' lines
        join the obstacles the labels keep off. Returns the labels to place."""
        f = self.frame
        action = f.action
        if not isinstance(action, Attack) or action.troop not in f.before.dice:
            return []
        pairs: dict[str, list[AttackPair]] = {}
        for e in f.events:
            if isinstance(e, AttackPair):
                pairs.setdefault(e.target, []).append(e)
        ax, ay, _face = f.before.dice[action.troop]
        src = sc.square(ax, ay)
        colour = pen(f.player)
        out: list[ArrowLabel] = []
        for target, group in pairs.items():
            tx, ty, _face = f.before.dice[target]
            dst = sc.square(tx, ty)
            start = _exit(src.outset(mm(0.9)), (dst.cx, dst.cy))
            end = _exit(dst.outset(mm(0.9)), (src.cx, src.cy))
            arrow(c, start, end, colour)
            length = math.hypot(end[0] - start[0], end[1] - start[1])
            steps = max(1, int(length // mm(1.5)))
            for i in range(steps + 1):
                px = start[0] + (end[0] - start[0]) * i / steps
                py = start[1] + (end[1] - start[1]) * i / steps
                taken.append(Rect(px - 0.8, py - 0.8, 1.6, 1.6))
            text = self.ctx._("%(target)s: %(pairs)s") % {
                "target": target, "pairs": "; ".join(pair_label(self.ctx, p) for p in group)}
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            out.append(ArrowLabel(text, (mid, end, start), colour))
        return out

    def _die_names(self, c: Canvas, sc: Scale, taken: list[Rect],
                   labels: Sequence[ArrowLabel], ghosts: Sequence[Ghost],
                   box: Rect) -> None:
        """The attack labels first (they matter most), then every die's name beside it."""
        ctx = self.ctx
        hand, hand_size = ctx.font(FontRole.NOTE), EXAMPLE.example.note_size
        placed: list[Rect] = []
        asc, desc = getAscentDescent(hand, hand_size)
        face, fs = ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.label_size
        name_h = fs * 1.1
        names_above = [Rect(r.x, r.top, r.w, name_h) for r in taken if r.w > 2]
        for label in labels:
            text = label.text
            ctx.check_glyphs(FontRole.NOTE, text, DETAIL)
            w = stringWidth(text, hand, hand_size)
            h = asc - desc
            cands = []
            for ax, ay in label.anchors:
                for dy in (mm(1.2), -mm(1.2) - h, mm(4), -mm(4) - h, mm(7), -mm(7) - h,
                           mm(10), -mm(10) - h):
                    for dx in (-w / 2, -w * 0.1, -w * 0.9):
                        cands.append(Rect(ax + dx, ay + dy, w, h))
            r = place([self._inside(cand, box) for cand in cands],
                      taken + names_above + placed, box)
            placed.append(r)
            halo_text(c, text, hand, hand_size, r.x, r.y - desc, label.colour)
        asc, desc = getAscentDescent(face, fs)
        h = asc - desc
        named = [(die, x, y, False) for die, (x, y, _f) in self.frame.after.dice.items()]
        named += [(g.die, g.x, g.y, True) for g in ghosts]
        seen: set[tuple[str, float, float]] = set()
        for die, x, y, ghost in named:
            if (die, x, y) in seen:
                continue
            seen.add((die, x, y))
            ctx.check_glyphs(FontRole.SANS_BOLD, die, DETAIL)
            w = stringWidth(die, face, fs)
            sq = sc.square(x, y)
            g = mm(0.5)
            cands = [Rect(sq.cx - w / 2, sq.top + g, w, h),
                     Rect(sq.cx - w / 2, sq.y - g - h, w, h),
                     Rect(sq.right + g, sq.cy - h / 2, w, h),
                     Rect(sq.x - g - w, sq.cy - h / 2, w, h),
                     Rect(sq.right + g, sq.top, w, h), Rect(sq.x - g - w, sq.top, w, h),
                     Rect(sq.right + g, sq.y - h, w, h), Rect(sq.x - g - w, sq.y - h, w, h)]
            others = [t for t in taken if not _same(t, sq)] + [sq]
            r = place([self._inside(cand, box) for cand in cands], others + placed, box)
            placed.append(r)
            colour = ink("ghost") if ghost else player_ink(self.owner(die), "dark")
            halo_text(c, die, face, fs, r.x, r.y - desc, colour)

    @staticmethod
    def _inside(r: Rect, box: Rect) -> Rect:
        """``r`` moved inside ``box`` where it sticks out."""
        x = min(max(r.x, box.x + 0.5), box.right - r.w - 0.5)
        y = min(max(r.y, box.y + 0.5), box.top - r.h - 0.5)
        return Rect(x, y, r.w, r.h)


def _same(a: Rect, b: Rect) -> bool:
    """Whether two boxes share their centre (a die's square and its ring)."""
    return abs(a.cx - b.cx) < 0.01 and abs(a.cy - b.cy) < 0.01


# --- the pages -------------------------------------------------------------------------------


def _style(ctx: DrawContext, role: FontRole, font_size: float,
           colour: str = "text") -> ParagraphStyle:
    return ParagraphStyle(role, fontName=ctx.font(role), fontSize=font_size,
                          leading=font_size * EXAMPLE.example.caption_leading,
                          textColor=ink(colour),
                          **paragraph_options(ctx.locale))


def caption_paragraph(ctx: DrawContext, lines: Sequence[Line], font_size: float) -> Paragraph:
    """The caption: one sentence group a line, the reason after it in grey italics."""
    italic = ctx.font(FontRole.SANS_ITALIC)
    parts = []
    for text, why in lines:
        ctx.check_glyphs(FontRole.SANS, text, DETAIL)
        part = escape(text)
        if why:
            ctx.check_glyphs(FontRole.SANS_ITALIC, why, DETAIL)
            grey = "#" + EXAMPLE.ink["hint"].hexval()[2:]
            part += f' <font name="{italic}" color="{grey}">— {escape(why)}</font>'
        parts.append(part)
    return Paragraph("<br/>".join(parts), _style(ctx, FontRole.SANS, font_size))


SPACE = 1.5
"""Room (em) kept at the right of a caption: a wrapped line may end in a space, which the
canvas counts as printed, and Japanese line breaking hangs a closing mark past the column."""


def caption_width(grid: Grid, para: Paragraph) -> float:
    """The width a caption wraps to: the cell's, less :data:`SPACE`."""
    return grid.width - SPACE * float(para.style.fontSize)


@dataclass
class Cell:
    """One frame ready to draw: its caption's lines and the paragraph at the chosen size."""

    frame: Frame
    lines: list[Line]
    para: Paragraph
    height: float = 0.0


@dataclass(frozen=True)
class Grid:
    """How the cells sit on a page: ``columns`` across, each ``width`` wide, a diagram of
    ``side`` in each."""

    columns: int
    width: float
    side: float

    @classmethod
    def fit(cls, area: Rect) -> Grid:
        gap = mm(EXAMPLE.example.gap)
        columns = max(1, int((area.w + gap) // (mm(EXAMPLE.example.diagram_min) + gap)))
        width = (area.w - (columns - 1) * gap) / columns
        return cls(columns, width, min(width, mm(EXAMPLE.example.diagram_max)))

    def head(self) -> float:
        """A cell's height above its caption: title line, diagram, gap."""
        return mm(EXAMPLE.example.strip_h) + self.side + mm(EXAMPLE.example.caption_gap)


def paginate(cells: Sequence[Cell], grid: Grid, first_h: float, other_h: float
             ) -> list[list[list[Cell]]]:
    """Rows of ``grid.columns`` cells, as many rows a page as fit its height (the first page's
    is less: the summary stands above). A row too tall for a page still gets one of its own."""
    gap = mm(EXAMPLE.example.gap)
    rows = [list(cells[i:i + grid.columns]) for i in range(0, len(cells), grid.columns)]
    pages: list[list[list[Cell]]] = [[]]
    room = first_h
    for row in rows:
        need = grid.head() + max(cell.height for cell in row)
        if pages[-1] and need > room:
            pages.append([])
            room = other_h
        pages[-1].append(row)
        room -= need + gap
    return pages


def _counts(ctx: DrawContext, frame: Frame, names: Sequence[str], letters: Sequence[str]
            ) -> str:
    parts = []
    for p in (0, 1):
        n = frame.after.troops(letters[p])
        parts.append(ctx.ngettext("%(name)s: %(n)d Troop, Supply %(supply)d",
                                  "%(name)s: %(n)d Troops, Supply %(supply)d", n) % {
            "name": names[p], "n": n, "supply": frame.after.supply[p]})
    return "   ".join(parts)


def draw_cell(c: Canvas, ctx: DrawContext, x: float, top: float, grid: Grid, cell: Cell,
              diagram: Diagram, names: Sequence[str], letters: Sequence[str]) -> None:
    """One frame: the title line, the diagram, the caption under it."""
    frame = cell.frame
    strip = mm(EXAMPLE.example.strip_h)
    badge = mm(EXAMPLE.example.badge)
    y_mid = top - strip / 2
    who = frame.player if frame.player >= 0 else 0
    if frame.player >= 0:
        player_badge(c, ctx, who, diagram.rules, x, y_mid - badge / 2 - mm(0.6), badge)
    title = ctx._("Set-up") if frame.number == 0 else ctx._("Turn %(n)d · %(name)s") % {
        "n": frame.number, "name": names[frame.player]}
    ctx.check_glyphs(FontRole.SANS_BOLD, title, DETAIL)
    tx = x + (badge + mm(1.5) if frame.player >= 0 else 0.0)
    face, ts = ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.turn_size
    c.setFillColor(ink("text"))
    c.setFont(face, ts)
    c.drawString(tx, y_mid - mm(1.6), title)
    counts = _counts(ctx, frame, names, letters)
    ctx.check_glyphs(FontRole.SANS, counts, DETAIL)
    room = grid.width - (tx - x) - stringWidth(title, face, ts) - mm(3)
    cs = fit_size(counts, ctx.font(FontRole.SANS), EXAMPLE.example.count_size, room,
                  EXAMPLE.example.text_min)
    if stringWidth(counts, ctx.font(FontRole.SANS), cs) > room:
        ctx.check_text(counts, FontRole.SANS, cs, room, strip, detail=DETAIL, wrap=False)
    c.setFillColor(ink("hint"))
    c.setFont(ctx.font(FontRole.SANS), cs)
    c.drawRightString(x + grid.width, y_mid - mm(1.6), counts)
    dx = x + (grid.width - grid.side) / 2
    box = Rect(dx, top - strip - grid.side, grid.side, grid.side)
    diagram.draw(c, box)
    para = cell.para
    para.wrap(caption_width(grid, para), cell.height + 1)
    para.drawOn(c, x, box.y - mm(EXAMPLE.example.caption_gap) - para.height)


LEGEND = (("range", N_("The acting Troop's range: Firepower die widths from its faces")),
          ("ring", N_("Ringed: landed this turn")),
          ("ghost", N_("Dashed: left this spot (crossed: slain)")),
          ("arrow", N_("Attack: roll + Strength vs roll + Firepower")))


def _legend_icon(c: Canvas, kind: str, x: float, y: float, s: float) -> None:
    r = Rect(x, y, s, s)
    if kind == "range":
        c.saveState()
        c.setFillColor(pen(0, "tint"))
        c.setStrokeColor(pen(0))
        c.setLineWidth(EXAMPLE.example.range_width)
        c.setDash(*EXAMPLE.example.range_dash)
        c.roundRect(x - s * 0.25, y - s * 0.1, s * 1.5, s * 1.2, s * 0.45, stroke=1, fill=1)
        c.restoreState()
        draw_die(c, r.inset(s * 0.22), 2, 0)
    elif kind == "ring":
        draw_die(c, r.inset(s * 0.12), 5, 1)
        ring(c, r.inset(s * 0.12), pen(1))
    elif kind == "ghost":
        draw_ghost(c, r.inset(s * 0.08), slain=True)
    else:
        arrow(c, (x, y + s / 2), (x + s * 1.3, y + s / 2), pen(0))


class WarOfBonesExample(ReplayVisitor[WarOfBonesState, Action]):
    """Draws a replayed game: a summary, then every turn as a diagram of the area with a
    caption, small multiples in a grid."""

    def __init__(self, ctx: DrawContext, header: LogHeader, out: Path) -> None:
        self.ctx = ctx
        self.header = header
        self.out = out
        self.names = [p.name for p in header.players]
        self.recorder = FrameRecorder()
        self.pages = 0
        """Pages written (tests compare)."""
        self.frames: list[Frame] = []

    def begin(self, header: LogHeader, state: WarOfBonesState) -> None:
        self.recorder.begin(state)

    def visit_chance(self, before: WarOfBonesState, outcome: Any,
                     after: WarOfBonesState) -> None:
        self.recorder.step(None, before, outcome, after, None)

    def visit_action(self, player: int, before: WarOfBonesState, action: Action,
                     after: WarOfBonesState, reason: str | None) -> None:
        self.recorder.step(player, before, action, after, reason)

    # -- the summary ---------------------------------------------------------------------

    def summary(self, state: WarOfBonesState) -> list[str]:
        """The summary's lines: who played, the dice and area, the opening, the result."""
        ctx, rules = self.ctx, state.rules
        _ = ctx._
        who = []
        for p, player in enumerate(self.header.players):
            notes = [_("%(colour)s dice") % {"colour": colour_name(ctx, p)}]
            if player.bot:
                notes.insert(0, _("%(bot)s bot") % {"bot": player.bot})
            name = player.name
            if name != rules.player_letters[p]:
                name = f"{name} ({rules.player_letters[p]})"
            who.append(f"{name}: {', '.join(notes)}")
        lines = [" · ".join(who)]
        lines.append(_("Dice of %(die)s mm in the %(area)s in area (%(mm)s mm); positions are "
                       "millimetres from its lower-left corner, %(a)s's edge at the bottom.") % {
            "die": ctx.format_number(rules.die_size_mm),
            "area": ctx.format_number(rules.area_in), "mm": ctx.format_number(rules.area_mm),
            "a": self.names[0]})
        if "reengage" in state.opening:
            lines.append(_("Opening: %(re)s took Reengage and %(fs)s First Strike.") % {
                "re": self.names[state.opening["reengage"]],
                "fs": self.names[state.opening["first_strike"]]})
        if state.winner is not None:
            result = ctx.ngettext("Result: %(winner)s wins after %(n)d turn",
                                  "Result: %(winner)s wins after %(n)d turns", state.turn) % {
                "winner": self.names[state.winner], "n": state.turn}
            if state.end == "no troops":
                result += _(": %(loser)s has no Troop left in the area.") % {
                    "loser": self.names[1 - state.winner]}
            else:
                result += _(", at the turn limit, with more Troops and Firepower.")
        elif state.is_terminal():
            result = _("Result: a draw at the turn limit of %(n)d turns.") % {"n": state.turn}
        else:
            result = _("The log stops after %(n)d turns, before the game ends.") % {
                "n": state.turn}
        lines.append(result)
        return lines

    def _header(self, c: Canvas, area: Rect, page_no: int, pages: int,
                summary: Paragraph | None) -> None:
        ctx = self.ctx
        title = ctx._("%(game)s: an example game") % {"game": ctx._(TITLE)}
        ctx.check_glyphs(FontRole.SANS_BOLD, title, DETAIL)
        c.setFillColor(ink("text"))
        c.setFont(ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.title_size)
        c.drawString(area.x, area.top - EXAMPLE.example.title_size, title)
        page = ctx._("page %(n)d of %(m)d") % {"n": page_no, "m": pages}
        c.setFillColor(ink("hint"))
        c.setFont(ctx.font(FontRole.SANS), EXAMPLE.example.sub_size)
        c.drawRightString(area.right, area.top - EXAMPLE.example.title_size, page)
        if summary is None:
            return
        y = area.top - EXAMPLE.example.title_size * 1.45
        summary.wrap(area.w, area.h)
        summary.drawOn(c, area.x, y - summary.height)
        y -= summary.height + mm(1.5)
        self._legend(c, area, y)

    def _legend_lines(self, area: Rect) -> list[list[tuple[str, str, float]]]:
        ctx, ls = self.ctx, EXAMPLE.example.legend_size
        icon = mm(EXAMPLE.example.legend_icon)
        lines: list[list[tuple[str, str, float]]] = [[]]
        x = 0.0
        for kind, text in LEGEND:
            words = ctx._(text)
            ctx.check_glyphs(FontRole.SANS, words, DETAIL)
            w = icon * 1.9 + stringWidth(words, ctx.font(FontRole.SANS), ls)
            if lines[-1] and x + w > area.w:
                lines.append([])
                x = 0.0
            lines[-1].append((kind, words, x))
            x += w + mm(5)
        return lines

    def _legend(self, c: Canvas, area: Rect, top: float) -> None:
        ctx, ls = self.ctx, EXAMPLE.example.legend_size
        icon = mm(EXAMPLE.example.legend_icon)
        y = top
        for line in self._legend_lines(area):
            y -= icon + mm(EXAMPLE.example.legend_gap)
            for kind, words, x in line:
                _legend_icon(c, kind, area.x + x + icon * 0.3, y, icon)
                c.setFillColor(ink("hint"))
                c.setFont(ctx.font(FontRole.SANS), ls)
                c.drawString(area.x + x + icon * 1.9, y + icon / 2 - ls * 0.35, words)

    def _header_height(self, area: Rect, summary: Paragraph | None) -> float:
        base = EXAMPLE.example.title_size * 1.45 + mm(EXAMPLE.example.header_gap)
        if summary is None:
            return base
        legend = len(self._legend_lines(area)) * mm(EXAMPLE.example.legend_icon
                                                    + EXAMPLE.example.legend_gap)
        return base + float(summary.wrap(area.w, area.h)[1]) + mm(1.5) + legend

    # -- the PDF -------------------------------------------------------------------------

    def end(self, state: WarOfBonesState) -> None:
        ctx = self.ctx
        rules = state.rules
        letters = rules.player_letters
        frames = self.recorder.frames
        self.frames = frames
        captioner = Captioner(ctx, self.names, letters, state.turn_limit, rules.converge_in)
        area = ctx.safe_area
        grid = Grid.fit(area)
        sub = _style(ctx, FontRole.SANS, EXAMPLE.example.sub_size)
        lines = self.summary(state)
        for line in lines:
            ctx.check_glyphs(FontRole.SANS, line, DETAIL)
        summary = Paragraph("<br/>".join(escape(t) for t in lines), sub)
        first_h = area.h - self._header_height(area, summary)
        other_h = area.h - self._header_height(area, None)
        cells = []
        for i, frame in enumerate(frames):
            cap = captioner.lines(frame, frames[i - 1] if i else None)
            cells.append(Cell(frame, cap,
                              caption_paragraph(ctx, cap, EXAMPLE.example.caption_size)))
        self._measure(cells, grid, max(first_h, other_h))
        pages = paginate(cells, grid, first_h, other_h)
        gap = mm(EXAMPLE.example.gap)
        with open_document(ctx, self.out, build=("war-of-bones", "example"),
                           title=ctx._(TITLE) + ": " + ctx._("example game"),
                           subject=ctx._("A game log drawn turn by turn as diagrams of the "
                                         "area, with the reasons for each move")) as doc:
            for page_no, rows in enumerate(pages, start=1):
                with doc.page(band=False) as page_area:
                    head = summary if page_no == 1 else None
                    self._header(doc.canvas, page_area, page_no, len(pages), head)
                    top = page_area.top - self._header_height(page_area, head)
                    for row in rows:
                        for col, cell in enumerate(row):
                            x = page_area.x + col * (grid.width + gap)
                            diagram = Diagram(ctx, cell.frame, rules)
                            draw_cell(doc.canvas, ctx, x, top, grid, cell, diagram,
                                      self.names, letters)
                        top -= grid.head() + max(cell.height for cell in row) + gap
            self.pages = len(pages)

    def _measure(self, cells: Sequence[Cell], grid: Grid, page_h: float) -> None:
        """Each caption's height at the designed size; one that would not fit a page even
        alone is set smaller, down to the minimum (then preflight reports it)."""
        ctx = self.ctx
        room = page_h - grid.head()
        for cell in cells:
            font_size = EXAMPLE.example.caption_size
            while True:
                cell.para = caption_paragraph(ctx, cell.lines, font_size)
                cell.height = cell.para.wrap(caption_width(grid, cell.para), room)[1]
                if cell.height <= room or font_size <= EXAMPLE.example.caption_min:
                    break
                font_size = max(EXAMPLE.example.caption_min, font_size - 0.2)
            if cell.height > room:
                text = " ".join(t + " " + w for t, w in cell.lines)
                ctx.check_text(text, FontRole.SANS, font_size, grid.width, room, detail=DETAIL)
