"""A replayed Pwinch Wars log drawn as a booklet: the set-up, then one page per turn.

Each turn's page shows the part of the map where that turn happened (a window round every
hex a counter moved through, fired from or at, or was checked on), once per player **as that
player saw it**: his own hidden markers named (a dummy stamped so), the enemy's unknown ones
as bare "?" markers — the engine's ``state.view(player)``. The knowledge a panel adds is
written in its viewer's pencil (two pencils, one per seat), so the difference between the
panels is the hidden information, and nothing else: what both players saw (the paths, the
shots, the checks) is drawn the same in every panel, in the acting team's colour.

On the map: each move is an arrow along its hex path; each shot a line of sight from the
shooter's hex to the target's with the fire sum and the roll; each check (moral, sneak) a
label at the counter with its result. A number at the end of each piece of action refers to
the caption under the panels, one sentence group per impulse: who played, what he did and
every modifier of every roll, the result, and the bot's reason in grey.

The booklet opens with the scenario, the players, the teams as drafted (tray box, name,
items), a legend and the set-up drawn the same way; it ends with the result. The drawing
comes from the replay alone, so one log always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import time
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from babel.dates import format_time
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.context import DrawContext
from printkit.drawing.draw import fit_size
from printkit.drawing.hexmap import (
    BaseForm,
    HexGrid,
    HexMap,
    MapRect,
    View,
    draw_map,
    window_around,
)
from printkit.engines.core import LogHeader, ReplayVisitor
from printkit.engines.core.log import ReasonText, translate_reason
from printkit.engines.pwinch_wars import (
    End,
    Fire,
    GameData,
    Hex,
    Marker,
    Move,
    Piece,
    PlayCard,
    PwinchState,
    PwinchWars,
    Scout,
    Special,
    hex_code,
    hex_to_offset,
)
from printkit.engines.pwinch_wars.actions import Action
from printkit.engines.pwinch_wars.events import (
    Activated,
    CardDrawn,
    CardPlayed,
    CheckRolled,
    DiceRolled,
    DummyExposed,
    Eliminated,
    Event,
    Fired,
    FlagCaptured,
    FlagDropped,
    FlagPlanted,
    FlagReturned,
    FlagTaken,
    GameOver,
    Hidden,
    HoldScored,
    ImpulseEnded,
    ModifierPlayed,
    Moved,
    OrderSet,
    Picked,
    Reddened,
    Revealed,
    Scouted,
    SpecialDone,
    TurnBegan,
)
from printkit.engines.pwinch_wars.phases import RollKind
from printkit.engines.pwinch_wars.rules_fire import Modified
from printkit.fonts import FontRole
from printkit.geometry import Rect
from printkit.i18n import N_
from printkit.layouts import load_layout
from printkit.page.document import open_document
from printkit.scripts import paragraph_options
from printkit.templates.pwinch_wars.maps import pwinch_hexmap
from printkit.templates.pwinch_wars.style import (
    TEAM_LETTERS,
    TEAM_NAMES,
    TITLE,
    side_ink,
    team_ink,
)
from printkit.units import mm


@dataclass(frozen=True)
class ExampleSizes:
    caption_size: float
    caption_min: float
    caption_leading: float
    caption_columns: int
    column_gap: float
    line_gap: float
    title_size: float
    sub_size: float
    turn_size: float
    panel_title: float
    gap: float
    panels_min: float
    margin_hexes: float
    max_scale: float
    min_scale: float
    setup_min_scale: float
    panel_frame: float
    counter: float
    counter_line: float
    tag_k: float
    tag_min: float
    name_size: float
    text_min: float
    tag_size: float
    note_size: float
    bubble: float
    bubble_size: float
    path_width: float
    arrow_head: float
    sight_width: float
    sight_dash: tuple[float, float]
    legend_size: float
    legend_icon: float


@dataclass(frozen=True)
class ExampleLayout:
    """``example.toml``: the example pages' measurements (mm, text sizes and line widths in
    pt) and inks."""

    ink: dict[str, Color]
    example: ExampleSizes


EXAMPLE = load_layout(ExampleLayout, Path(__file__).with_name("example.toml"))
DETAIL = "example game"


def ink(name: str) -> Color:
    return EXAMPLE.ink[name]


# --- the words ---------------------------------------------------------------------------------

FIXED_TERMS = {
    "not moved": N_("not moved"),
    "sniper": N_("sniper"),
    "adjacent target": N_("adjacent target"),
    "target taunts": N_("target taunts"),
    "night": N_("night"),
    "surprised while scouting": N_("surprised while scouting"),
    "crossfire": N_("crossfire"),
    "frustrated shooter": N_("frustrated shooter"),
    "scouted": N_("scouted"),
}
"""The modifiers the engine names in fixed words (``rules_fire.py``)."""

ITEM_TERMS = (("own ", N_("own %(item)s")), ("target's ", N_("target's %(item)s")),
              ("hit by ", N_("hit by %(item)s")))
TERRAIN_TERMS = (("target in ", N_("target in %(terrain)s")),
                 ("entering the ", N_("entering the %(terrain)s")), ("in ", N_("in %(terrain)s")))
"""The modifiers the engine names after an item or a terrain (its name lower-cased)."""

SPECIALS = {"pick_fruit": N_("picks fruits from the tree"),
            "fill_water": N_("fills water balls"),
            "place_hose": N_("screws the hose on the outlet at %(hex)s"),
            "pick_up_item": N_("picks up the %(item)s")}

WHY_SEEN = {"fired": N_("firing gave him away"), "sneak check": N_("failed sneak check"),
            "scouted": N_("found by scouting"), "stays seen": N_("stays in the open"),
            "carries the flag": N_("carries the flag")}

CAUSES = {"hit": N_("hit"), "bedtime": N_("bedtime"), "fighting": N_("fighting"),
          "entered river": N_("waded into the river"),
          "entered restricted": N_("entered the restricted property")}
"""Why a moral check is made (a card's id otherwise: its title is printed)."""

ENDS = {"turn limit": N_("the last turn on the turn chart is played"),
        "one team left": N_("only one team has characters left on the map"),
        "flag": N_("a flag was brought home")}

LEGEND = (("path", N_("Move: arrow along the hexes, impulse number at its end")),
          ("sight", N_("Shot: line of sight, fire sum and roll")),
          ("check", N_("Check: moral or sneak, roll and result")),
          ("view", N_("Known only to this panel's player, in his pencil")))


def clock(ctx: DrawContext, label: str) -> str:
    """A turn chart slot ("4:30 pm") the locale's way."""
    hm, _sep, half = label.partition(" ")
    hours, minutes = (int(v) for v in hm.split(":"))
    if half.lower() == "pm" and hours < 12:
        hours += 12
    return format_time(time(hours, minutes), format="short", locale=ctx.babel_locale)


def signed(n: int, plus: bool = True) -> str:
    """A whole number with a true minus sign (and a plus sign, for a modifier)."""
    if n < 0:
        return f"\u2212{-n}"
    return f"+{n}" if plus else str(n)


class Words:
    """The printed names of what the engine writes in English ids and words: modifiers,
    items, terrains, cards, markers."""

    def __init__(self, ctx: DrawContext, data: GameData, letters: Sequence[str],
                 names: Mapping[Marker, str], dummies: set[Marker]) -> None:
        self.ctx = ctx
        self.data = data
        self.letters = list(letters)
        self.names = dict(names)
        self.dummies = set(dummies)
        _ = ctx._
        lower = ctx.locale.split("_")[0] == "en"

        def noun(name: str) -> str:
            text = _(name)
            return text.lower() if lower else text

        terms: dict[str, str] = {k: _(v) for k, v in FIXED_TERMS.items()}
        for item in data.equipment.items:
            terms[item.name.lower()] = noun(item.name)
            for prefix, template in ITEM_TERMS:
                terms[prefix + item.name.lower()] = _(template) % {"item": noun(item.name)}
        for t in data.chart.terrains:
            for prefix, template in TERRAIN_TERMS:
                terms[prefix + t.name.lower()] = _(template) % {"terrain": noun(t.name)}
        for card in data.deck.cards:
            terms[card.title] = _(card.title)
        self.terms = terms

    def term(self, reason: str) -> str:
        """One modifier's reason in the build's language."""
        return self.terms.get(reason) or self.ctx._(reason)

    def item(self, item_id: str) -> str:
        """An item's name as a noun in a sentence."""
        if item_id == "flag":
            return self.ctx._("flag")
        return self.terms.get(self.data.equipment.get(item_id).name.lower()) or item_id

    def card(self, card_id: str) -> str:
        return self.ctx._(self.data.deck.get(card_id).title)

    def tag(self, m: Marker) -> str:
        """The marker as printed: the team's letter and the box number (``Y3``)."""
        return f"{self.letters[m.team]}{m.box}"

    def who(self, m: Marker) -> str:
        """The marker with what the reader knows of it (``Y3 Ruby``, ``L9 dummy``)."""
        if m in self.dummies:
            return self.ctx._("%(tag)s (dummy)") % {"tag": self.tag(m)}
        return f"{self.tag(m)} {self.names.get(m, '')}".strip()

    def sum(self, skill: Modified) -> str:
        """A modified skill as the seed writes it: ``6, heavy sling +1, not moved +1 = 8``."""
        parts = [signed(skill.base, plus=False)]
        for t in skill.terms:
            parts.append(f"{self.term(t.reason)} {signed(t.amount)}")
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts) + " = " + signed(skill.total, plus=False)

    @staticmethod
    def numbers(skill: Modified) -> str:
        """The same sum in numbers only, for a label on the map: ``6+1−1 = 6``."""
        text = signed(skill.base, plus=False)
        text += "".join(signed(t.amount) for t in skill.terms)
        if skill.terms:
            text += " = " + signed(skill.total, plus=False)
        return text

    def points(self, halves: int) -> str:
        return self.ctx.format_number(halves / 2 if halves % 2 else halves // 2)


# --- what the replay saw -------------------------------------------------------------------------


@dataclass
class Note:
    """One event of the engine with where its counters stood when it happened."""

    event: Event
    at: dict[str, Hex] = field(default_factory=dict)
    """``subject`` / ``target`` hexes (a shot, a check)."""


@dataclass
class Impulse:
    """One player's impulse: the marker he played, what it did, the reasons given."""

    player: int
    marker: Marker
    start: Hex | None
    notes: list[Note] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    number: int = 0
    """The number printed on the map and in the caption (0: nothing to draw)."""

    @property
    def idle(self) -> bool:
        """Played without moving, firing or rolling: the caption lists these together."""
        return all(isinstance(n.event, IDLE) for n in self.notes)

    def reason(self) -> str:
        """The reason of the impulse's main decision (the first one given)."""
        return next((r for r in self.reasons if r), "")


@dataclass
class Frame:
    """The set-up (``number`` 0) or one turn: what happened before the impulses (checks,
    initiative), the impulses, the end of the turn, and the states around it."""

    number: int
    before: PwinchState
    after: PwinchState
    opening: list[Note] = field(default_factory=list)
    impulses: list[Impulse] = field(default_factory=list)
    closing: list[Note] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)

    def all_notes(self) -> Iterable[Note]:
        yield from self.opening
        for imp in self.impulses:
            yield from imp.notes
        yield from self.closing


IMPULSE_ACTIONS = (Move, Fire, Scout, Special, End, PlayCard)
"""Decisions whose reason explains an impulse (a card played in a window included)."""
IDLE = (Activated, ImpulseEnded, Hidden)
"""What an impulse without a move, a shot or a roll caused."""
CLOSING = (CardDrawn, HoldScored, GameOver)
"""What belongs to the end of a turn."""


def opens_turn(e: Event) -> bool:
    """What belongs to the start of a turn: its marker, the initiative dice, the order."""
    return isinstance(e, TurnBegan | OrderSet) or (
        isinstance(e, DiceRolled) and e.kind != RollKind.FIRST)


class FrameRecorder:
    """Sorts the replayed events into the set-up and the turns: a ``turn`` event opens a
    turn, an ``activate`` an impulse; draws, hold points and the end close the turn."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []

    def begin(self, state: PwinchState) -> None:
        self.frames = [Frame(0, state, state)]

    def step(self, move: Any, after: PwinchState, reason: str | None) -> None:
        frame = self.frames[-1]
        if reason and isinstance(move, IMPULSE_ACTIONS) and frame.impulses:
            frame.impulses[-1].reasons.append(reason)
        for e in after.events:
            if isinstance(e, TurnBegan):
                frame.after = after
                frame = Frame(e.turn, after, after)
                self.frames.append(frame)
            note = Note(e, self._where(after, e))
            if isinstance(e, Activated):
                m = e.marker
                frame.impulses.append(Impulse(m.team, m, after.pieces[m].at))
                frame.impulses[-1].notes.append(note)
            elif isinstance(e, CLOSING) or frame.closing:
                frame.closing.append(note)
            elif opens_turn(e) or not frame.impulses:
                frame.opening.append(note)
                if isinstance(e, OrderSet):
                    frame.order = list(e.players)
                if isinstance(e, DiceRolled) and e.kind == RollKind.INITIATIVE:
                    frame.dice = list(e.dice)
            else:
                frame.impulses[-1].notes.append(note)
        frame.after = after

    @staticmethod
    def _where(state: PwinchState, e: Event) -> dict[str, Hex]:
        """Where the event's subject (``marker``) and target (``target``, ``on``) stood."""
        out: dict[str, Hex] = {}
        for m, name in ((getattr(e, "marker", None), "subject"),
                        (getattr(e, "target", None), "target"),
                        (getattr(e, "on", None), "target")):
            if isinstance(m, Marker):
                p = state.pieces.get(m)
                if p is not None and p.at is not None:
                    out[name] = p.at
        return out


# --- the captions ------------------------------------------------------------------------------

Line = tuple[str, str]
"""A caption sentence group and the reason written beside it (may be empty)."""


def translated(ctx: DrawContext, reason: str) -> str:
    """A reason from the log in the build's language (a bot's message id translated)."""
    if not reason:
        return ""
    return translate_reason(reason if isinstance(reason, ReasonText) else str(reason), ctx._,
                            ctx.format_fixed)


class Captioner:
    """Writes each frame's caption: the turn's opening, one numbered sentence group per
    impulse with every roll's sum, the impulses where nothing happened in one line, the end
    of the turn."""

    def __init__(self, ctx: DrawContext, words: Words, team_names: Sequence[str],
                 scores_at_end: Sequence[int]) -> None:
        self.ctx = ctx
        self.w = words
        self.teams = list(team_names)
        self.scores = list(scores_at_end)

    # -- one roll ---------------------------------------------------------------------------

    def roll(self, e: CheckRolled, who: str) -> str:
        """A check in words: whose, what sum, the roll, the result (before its upshot)."""
        _ = self.ctx._
        kind, cause, ok = e.kind, e.cause, e.success
        values: dict[str, Any] = {"who": who, "sum": self.w.sum(e.skill), "roll": e.roll}
        if kind == RollKind.FIRE:
            text = _("fire %(sum)s; rolls %(roll)d: %(result)s")
            values["result"] = _("hit") if ok else _("miss")
        elif kind == RollKind.MORAL:
            why = CAUSES.get(cause)
            values["cause"] = _(why) if why else (
                self.w.card(cause) if cause in self._cards else cause)
            text = _("%(who)s checks moral (%(cause)s): %(sum)s; rolls %(roll)d: %(result)s")
            values["result"] = _("keeps his nerve") if ok else _("fails")
        elif cause == "scouted":
            text = _("%(who)s's sneak against the scout: %(sum)s; rolls %(roll)d: %(result)s")
            values["result"] = _("stays hidden") if ok else _("found")
        else:
            text = _("tries to hide: sneak %(sum)s; rolls %(roll)d: %(result)s")
            values["result"] = _("hidden") if ok else _("seen")
        return text % values

    @property
    def _cards(self) -> set[str]:
        return {c.id for c in self.w.data.deck.cards}

    # -- one impulse ------------------------------------------------------------------------

    def impulse(self, imp: Impulse) -> Line:  # noqa: C901 - one branch per event
        _ = self.ctx._
        w = self.w
        parts: list[str] = []
        for note in imp.notes:
            match note.event:
                case Moved() as e:
                    hexes = len(e.path) - 1
                    parts.append(self.ctx.ngettext(
                        "moves %(n)d hex to %(hex)s (%(points)s points)",
                        "moves %(n)d hexes to %(hex)s (%(points)s points)", hexes) % {
                        "n": hexes, "hex": hex_code(e.path[-1]), "points": w.points(e.halves)})
                case SpecialDone() as e:
                    text = _(SPECIALS.get(e.action, e.action))
                    parts.append(text % {"hex": hex_code(e.at) if e.at is not None else "",
                                         "item": w.item(e.item or "flag")}
                                 if "%(" in text else text)
                case Scouted() as e:
                    parts.append(_("scouts %(target)s") % {"target": w.who(e.target)})
                case Fired() as e:
                    parts.append(_("fires the %(weapon)s at %(target)s") % {
                        "weapon": w.item(e.weapon), "target": w.who(e.target)})
                case CheckRolled(kind=RollKind.FIRE) as e:
                    parts.append(self.roll(e, w.who(e.marker)))
                case CheckRolled() as e:  # moral or sneak
                    own = e.marker == imp.marker and e.cause == "end of impulse"
                    parts.append(self.roll(e, "" if own else w.who(e.marker)))
                case Reddened() as e:
                    parts.append(_("%(who)s turns red") % {"who": w.who(e.marker)})
                case Eliminated() as e:
                    parts.append(_("%(who)s is out of the game") % {"who": w.who(e.marker)})
                case DummyExposed() as e:
                    parts.append(_("%(who)s was a dummy: turned over and off the map") % {
                        "who": w.tag(e.marker)})
                case Revealed() as e if e.why not in ("sneak check", "scouted", "fired"):
                    why = WHY_SEEN.get(e.why)
                    parts.append(_("%(who)s is revealed (%(why)s)") % {
                        "who": w.who(e.marker), "why": _(why) if why else w.term(e.why)})
                case Hidden(why="out of sight"):
                    parts.append(_("hides: no enemy can see him"))
                case ImpulseEnded(hide=False):
                    parts.append(_("stays in the open"))
                case CardPlayed() | ModifierPlayed() as e:
                    parts.append(self.card(e))
                case FlagPlanted() | FlagTaken() | FlagDropped() | FlagReturned() | \
                        FlagCaptured() as e:
                    parts.append(self.flag(e))
        head = f"{imp.number}. {w.who(imp.marker)}"
        text = head + ": " + "; ".join(parts) + "." if parts else head + "."
        return text, translated(self.ctx, imp.reason())

    def card(self, e: CardPlayed | ModifierPlayed) -> str:
        """A card played: by which team, on which marker (if on one)."""
        _ = self.ctx._
        values = {"team": self.teams[e.player], "card": self.w.card(e.card)}
        if e.on is None:
            return _("%(team)s plays %(card)s") % values
        return _("%(team)s plays %(card)s on %(who)s") % {**values, "who": self.w.who(e.on)}

    def flag(self, e: FlagPlanted | FlagTaken | FlagDropped | FlagReturned | FlagCaptured
             ) -> str:
        _ = self.ctx._
        team = self.teams[e.team]
        match e:
            case FlagTaken():
                return _("takes the %(team)s flag") % {"team": team}
            case FlagDropped():
                return _("the %(team)s flag drops at %(hex)s") % {"team": team,
                                                                   "hex": hex_code(e.at)}
            case FlagReturned():
                return _("brings the %(team)s flag back to its camp") % {"team": team}
            case FlagCaptured():
                return self.ctx.ngettext("the %(team)s flag is home: %(points)d point",
                                         "the %(team)s flag is home: %(points)d points",
                                         e.points) % {"team": team, "points": e.points}
        return ""

    # -- one turn ---------------------------------------------------------------------------

    def opening(self, frame: Frame) -> list[Line]:
        _ = self.ctx._
        out: list[Line] = []
        dice: list[str] = []
        for note in frame.opening:
            match note.event:
                case DiceRolled(kind=RollKind.INITIATIVE | RollKind.TIEBREAK) as e:
                    rolls = ", ".join(_("%(team)s %(roll)d") % {"team": self.teams[p],
                                                                "roll": d}
                                      for p, d in zip(e.players, e.dice, strict=True))
                    dice.append(rolls if e.kind == RollKind.INITIATIVE else
                                _("a tie, re-rolled: %(rolls)s") % {"rolls": rolls})
                case CheckRolled(kind=RollKind.MORAL) as e:
                    out.append((self.roll(e, self.w.who(e.marker)) + ".", ""))
                case Reddened() | Eliminated() as e:
                    text = (_("%(who)s turns red") if isinstance(e, Reddened) else
                            _("%(who)s is out of the game")) % {"who": self.w.who(e.marker)}
                    out.append((text + ".", ""))
                case CardPlayed() | ModifierPlayed() as e:
                    out.append((_("%(team)s plays %(card)s") % {
                        "team": self.teams[e.player], "card": self.w.card(e.card)} + ".", ""))
        if dice and frame.order:
            first = self.teams[frame.order[0]]
            out.insert(0, (_("Initiative: %(rolls)s; %(first)s plays first.") % {
                "rolls": "; ".join(dice), "first": first}, ""))
        return out

    def idle(self, frame: Frame) -> list[Line]:
        quiet = [imp for imp in frame.impulses if imp.number == 0]
        if not quiet:
            return []
        names = ", ".join(self.w.who(imp.marker) for imp in quiet)
        return [(self.ctx.ngettext("Played without moving or rolling, hidden: %(list)s.",
                                   "Played without moving or rolling, hidden: %(list)s.",
                                   len(quiet)) % {"list": names}, "")]

    def closing(self, frame: Frame) -> list[Line]:
        _ = self.ctx._
        out: list[Line] = []
        events = [n.event for n in frame.closing]
        drew = [e.player for e in events if isinstance(e, CardDrawn)]
        for e in events:
            if isinstance(e, HoldScored):
                out.append((self.ctx.ngettext(
                    "%(team)s holds the objective: %(points)d point.",
                    "%(team)s holds the objective: %(points)d points.", e.points) % {
                    "team": self.teams[e.player], "points": e.points}, ""))
        if drew and frame.number > 0:
            teams = sorted(set(drew))
            out.append((_("End of turn: cards drawn by %(teams)s.") % {
                "teams": ", ".join(self.teams[t] for t in teams)}, ""))
        for e in events:
            if isinstance(e, GameOver):
                out.append((self.result(e.why, e.scores), ""))
        return out

    def result(self, why: str, scores: Sequence[int]) -> str:
        _ = self.ctx._
        end = ENDS.get(why)
        score = ", ".join(_("%(team)s %(points)d") % {"team": self.teams[p], "points": s}
                          for p, s in enumerate(scores))
        top = max(scores)
        best = [p for p, s in enumerate(scores) if s == top]
        if len(best) == 1:
            won = _("%(team)s wins") % {"team": self.teams[best[0]]}
        else:
            won = _("a tie: nobody wins")
        return _("The game ends: %(why)s. Points: %(score)s; %(won)s.") % {
            "why": _(end) if end else why, "score": score, "won": won}

    def lines(self, frame: Frame) -> list[Line]:
        out = self.opening(frame)
        out += [self.impulse(imp) for imp in frame.impulses if imp.number]
        out += self.idle(frame)
        out += self.closing(frame)
        return out


# --- the printer -------------------------------------------------------------------------------


class PwinchWarsExample(ReplayVisitor[PwinchState, Action]):
    """Draws a replayed game: the set-up page, then one page per turn with the map as each
    player saw it and the captions."""

    def __init__(self, ctx: DrawContext, header: LogHeader, out: Path) -> None:
        self.ctx = ctx
        self.header = header
        self.out = out
        self.recorder = FrameRecorder()
        self.frames: list[Frame] = []
        self.pages = 0
        """Pages written (tests compare)."""

    def begin(self, header: LogHeader, state: PwinchState) -> None:
        self.recorder.begin(state)

    def visit_chance(self, before: PwinchState, outcome: Any, after: PwinchState) -> None:
        self.recorder.step(outcome, after, None)

    def visit_action(self, player: int, before: PwinchState, action: Action,
                     after: PwinchState, reason: str | None) -> None:
        self.recorder.step(action, after, reason)

    # -- what the reader is told --------------------------------------------------------------

    def team_names(self, state: PwinchState) -> list[str]:
        """Each seat's team by its tray colour, capitalised as a name."""
        out = []
        for t in state.scenario.teams:
            name = self.ctx._(TEAM_NAMES[t.colour])
            out.append(name[:1].upper() + name[1:])
        return out

    def words(self, state: PwinchState) -> Words:
        letters = [TEAM_LETTERS[t.colour] for t in state.scenario.teams]
        names = {m: p.char.name for m, p in state.pieces.items() if p.char is not None}
        dummies = {m for m, p in state.pieces.items() if p.dummy}
        return Words(self.ctx, state.data, letters, names, dummies)

    def number(self, frames: Sequence[Frame]) -> None:
        """Number the impulses of each turn that did something (the map's labels)."""
        for frame in frames:
            k = 0
            for imp in frame.impulses:
                if not imp.idle:
                    k += 1
                    imp.number = k

    def end(self, state: PwinchState) -> None:
        self.frames = self.recorder.frames
        self.number(self.frames)
        self.draw(state)

    # -- the PDF ------------------------------------------------------------------------------

    def draw(self, state: PwinchState) -> None:
        ctx = self.ctx
        _ = ctx._
        self.words_ = self.words(state)
        teams = self.team_names(state)
        self.captioner = Captioner(ctx, self.words_, teams, state.scores)
        self.hexmap = pwinch_hexmap(state.map, labels=False)
        # every panel places one drawing of the map's terrain, made once for the document
        # (the same marks at the same places as drawn in each panel; a page of panels then
        # holds its own marks, not the whole terrain again: a tenth of the file)
        self.base = BaseForm(f"pwinch-example-{state.map.id}",
                             View.whole(self.hexmap.grid, 0, 0))
        self.teams = teams
        pages: list[tuple[Frame, list[Line], bool]] = []
        for frame in self.frames:
            lines = self.setup_lines(frame) if frame.number == 0 else \
                self.captioner.lines(frame)
            pages.append((frame, lines, False))
        with open_document(ctx, self.out, build=("pwinch-wars", "example"),
                           title=_(TITLE) + ": " + _("example game"),
                           subject=_("A game log drawn turn by turn: the map as each player "
                                     "saw it, every move, shot and check")) as doc:
            count = 0
            for frame, lines, _cont in pages:
                rest: list[Line] | None = lines
                first = True
                while rest is not None:
                    with doc.page(band=False) as area:
                        count += 1
                        rest = self.page(doc.canvas, area, frame, rest, first, state)
                        first = False
                if frame.number == 0:  # the camps are far apart: a whole page per view
                    for viewer in range(len(self.teams)):
                        with doc.page(band=False) as area:
                            count += 1
                            top = area.top - self.page_header(doc.canvas, area, frame, True,
                                                              state)
                            box = Rect(area.x, area.y, area.w, top - area.y)
                            self.panels(doc.canvas, box, frame, (viewer,))
            self.pages = count

    def setup_lines(self, frame: Frame) -> list[Line]:
        """The set-up's caption: the first pick, the draft, the equipment, the placing."""
        ctx, w = self.ctx, self.words_
        _ = ctx._
        out: list[Line] = []
        picks: dict[int, list[str]] = {}
        for n in frame.all_notes():
            match n.event:
                case DiceRolled(kind=RollKind.FIRST) as e:
                    rolls = ", ".join(_("%(team)s %(roll)d") % {"team": self.teams[p],
                                                                "roll": d}
                                      for p, d in zip(e.players, e.dice, strict=True))
                    out.append((_("First pick, one die each: %(rolls)s.") % {"rolls": rolls},
                                ""))
                case Picked() as e:
                    picks.setdefault(e.player, []).append(
                        frame.after.data.roster.get(e.character).name)
        for team, names in sorted(picks.items()):
            out.append((_("%(team)s drafts, in this order: %(names)s.") % {
                "team": self.teams[team], "names": ", ".join(names)}, ""))
        state = frame.after
        for team in range(len(self.teams)):
            boxes: list[tuple[int, str]] = []
            placed = state.team_pieces(team)
            for p in placed:
                items = ", ".join(w.item(i) for i in sorted(p.items))
                who = w.who(p.marker)
                boxes.append((p.box, f"{who} ({items})" if items else who))
            # a log that stops during the set-up: the characters not placed yet, with the
            # box each was given (the others last, in the order drafted) and the items
            # shared out so far
            on_map = {p.char.id for p in placed if p.char is not None}
            for k, char in enumerate(c for c in state.teams[team] if c not in on_map):
                box = state.trays[team].get(char)
                name = state.data.roster.get(char).name
                who = name if box is None else f"{w.letters[team]}{box} {name}"
                items = ", ".join(w.item(i) for i in sorted(state.equipment[team].get(char, [])))
                boxes.append((10**6 + k if box is None else box,
                              f"{who} ({items})" if items else who))
            if boxes:
                out.append((_("%(team)s's tray and markers: %(list)s.") % {
                    "team": self.teams[team],
                    "list": "; ".join(text for _box, text in sorted(boxes))}, ""))
        if state.pieces:
            out.append((_("Every marker starts hidden: each player knows his own boxes and "
                          "which of his markers are dummies; the other sees only numbered "
                          "\"?\" markers."), ""))
        return out

    def page_header(self, c: Canvas, area: Rect, frame: Frame, first: bool,
               state: PwinchState) -> float:
        """The page's title line and the frame's line; returns the height they take."""
        ctx = self.ctx
        _ = ctx._
        ts, ss = EXAMPLE.example.title_size, EXAMPLE.example.sub_size
        title = _("%(game)s: an example game") % {"game": _(TITLE)}
        ctx.check_glyphs(FontRole.SANS_BOLD, title, DETAIL)
        c.setFillColor(ink("text"))
        c.setFont(ctx.font(FontRole.SANS_BOLD), ts)
        c.drawString(area.x, area.top - ts, title)
        scen = _(state.scenario.title)
        ctx.check_glyphs(FontRole.SANS, scen, DETAIL)
        c.setFillColor(ink("hint"))
        c.setFont(ctx.font(FontRole.SANS), ss)
        c.drawRightString(area.right, area.top - ts, scen)
        y = area.top - ts * 1.5
        if frame.number == 0:
            line = _("Set-up")
        else:
            chart = state.data.turns
            line = _("Turn %(n)d of %(last)d · %(time)s") % {
                "n": frame.number, "last": state.scenario.turn_limit,
                "time": clock(ctx, chart.label(frame.number))}
            notes = []
            if chart.is_night(frame.number):
                notes.append(_("night: fire −1, sneak +1"))
            if chart.is_bed(frame.number):
                notes.append(_("bedtime checks"))
            if notes:
                line += " · " + ", ".join(notes)
            if not first:
                line += " " + _("(continued)")
        ctx.check_glyphs(FontRole.SANS_BOLD, line, DETAIL)
        c.setFillColor(ink("text"))
        c.setFont(ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.turn_size)
        c.drawString(area.x, y - EXAMPLE.example.turn_size, line)
        scores = frame.after.scores
        pts = ", ".join(_("%(team)s %(points)d") % {"team": self.teams[p], "points": s}
                        for p, s in enumerate(scores))
        pts = _("Points after it: %(list)s") % {"list": pts}
        ctx.check_glyphs(FontRole.SANS, pts, DETAIL)
        c.setFillColor(ink("hint"))
        c.setFont(ctx.font(FontRole.SANS), ss)
        c.drawRightString(area.right, y - EXAMPLE.example.turn_size, pts)
        return ts * 1.5 + EXAMPLE.example.turn_size * 1.6

    def page(self, c: Canvas, area: Rect, frame: Frame, lines: list[Line], first: bool,
             state: PwinchState) -> list[Line] | None:
        """One page of a frame: header, the panels (first page only), the caption. Returns
        the lines left for a continuation page (None: the frame is done)."""
        ctx = self.ctx
        top = area.top - self.page_header(c, area, frame, first, state)
        if first and frame.number == 0:
            top = self.summary(c, area, top, state)
        fs = EXAMPLE.example.caption_size
        if not first or frame.number == 0:
            cols = set_columns(ctx, lines, area.w, top - area.y, fs)
            draw_columns(c, cols, area.x, top, area.w, fs)
            return cols.rest or None
        room = top - area.y - mm(EXAMPLE.example.panels_min)
        cols = set_columns(ctx, lines, area.w, room, fs)
        while cols.rest and fs > EXAMPLE.example.caption_min:
            fs = max(EXAMPLE.example.caption_min, fs - 0.2)
            cols = set_columns(ctx, lines, area.w, room, fs)
        panels_h = top - area.y - cols.height - mm(EXAMPLE.example.gap)
        used = self.panels(c, Rect(area.x, top - panels_h, area.w, panels_h), frame)
        draw_columns(c, cols, area.x, top - used - mm(EXAMPLE.example.gap), area.w, fs)
        return cols.rest or None

    def summary(self, c: Canvas, area: Rect, top: float, state: PwinchState) -> float:
        """The first page's summary (scenario, players, result) and legend."""
        ctx = self.ctx
        _ = ctx._
        who = []
        for p, player in enumerate(self.header.players):
            name = self.teams[p]
            # the engine's stock names ("Yellow") are seat names, not names a person gave
            if (player.name.casefold() != name.casefold()
                    and player.name not in PwinchWars.info.player_names):
                name += " (" + player.name + ")"
            if player.bot:
                name += ": " + _("%(bot)s bot") % {"bot": player.bot}
            who.append(name)
        over = [e for f in self.frames for n in f.closing
                if isinstance(e := n.event, GameOver)]
        lines = [_(state.scenario.text), " · ".join(who)]
        if over:
            lines.append(self.captioner.result(over[-1].why, over[-1].scores))
        elif state.turn:
            lines.append(_("The log stops after turn %(n)d, before the game ends.") % {
                "n": state.turn})
        else:  # during the set-up
            lines.append(_("The log stops after %(n)d turns, before the game ends.") % {
                "n": 0})
        for line in lines:
            ctx.check_glyphs(FontRole.SANS, line, DETAIL)
        para = Paragraph("<br/>".join(escape(t) for t in lines),
                         _style(ctx, FontRole.SANS, EXAMPLE.example.sub_size))
        _w, h = para.wrap(area.w, area.h)
        para.drawOn(c, area.x, top - mm(1) - h)
        y = top - mm(1) - h - mm(2)
        return self.legend(c, area, y)

    def legend(self, c: Canvas, area: Rect, top: float) -> float:
        """One line of icons and words; returns the y under it."""
        ctx = self.ctx
        ls = EXAMPLE.example.legend_size
        icon = mm(EXAMPLE.example.legend_icon)
        x = area.x
        y = top - icon
        for kind, text in LEGEND:
            words = ctx._(text)
            ctx.check_glyphs(FontRole.SANS, words, DETAIL)
            w = icon * 1.6 + stringWidth(words, ctx.font(FontRole.SANS), ls)
            if x + w > area.right:
                x = area.x
                y -= icon + mm(1.2)
            legend_icon(c, ctx, kind, x, y, icon)
            c.setFillColor(ink("hint"))
            c.setFont(ctx.font(FontRole.SANS), ls)
            c.drawString(x + icon * 1.6, y + icon / 2 - ls * 0.35, words)
            x += w + mm(4)
        return y - mm(2)

    def panels(self, c: Canvas, box: Rect, frame: Frame,
               viewers: Sequence[int] | None = None) -> float:
        """One panel per player, side by side or one above the other (whichever draws the
        window larger), each titled with whose view it is."""
        ctx = self.ctx
        grid = self.hexmap.grid
        action = action_of(frame)
        hexes = action.hexes()
        if not hexes:
            hexes = {p.at for p in frame.after.pieces.values() if p.on_map and p.at}
        # nothing on the map yet (a log that stops during the set-up): the whole map, empty
        window = (window_around(grid, [cell(h) for h in hexes],
                                margin_mm=grid.flat_mm * EXAMPLE.example.margin_hexes)
                  if hexes else grid.rect)
        seats = list(range(len(self.teams)) if viewers is None else viewers)
        n = len(seats)
        gap, title_h = mm(EXAMPLE.example.gap), EXAMPLE.example.panel_title * 1.5
        across = ((box.w - (n - 1) * gap) / n, box.h - title_h)
        down = (box.w, (box.h - (n - 1) * gap) / n - title_h)

        def scale(room: tuple[float, float]) -> float:
            return min(room[0] / (window.w * mm(1)), room[1] / (window.h * mm(1)))

        side_by_side = scale(across) >= scale(down)
        low = box.top
        room = across if side_by_side else down
        s = min(scale(room), EXAMPLE.example.max_scale)
        least = (EXAMPLE.example.setup_min_scale if frame.number == 0
                 else EXAMPLE.example.min_scale)
        if s < least:
            window = crop(window, room, least, hexes, grid)
        for i, viewer in enumerate(seats):
            if side_by_side:
                cell_box = Rect(box.x + i * (room[0] + gap), box.top - title_h - room[1],
                                room[0], room[1])
            else:
                cell_box = Rect(box.x, box.top - (i + 1) * (room[1] + title_h) - i * gap,
                                room[0], room[1])
            k = min(cell_box.w / (window.w * mm(1)), cell_box.h / (window.h * mm(1)),
                    EXAMPLE.example.max_scale)
            view = View(grid, cell_box.x + (cell_box.w - window.w * mm(k)) / 2,
                        cell_box.top - window.h * mm(k), k, window)
            low = min(low, view.rect.y)
            title = ctx._("As %(team)s saw it") % {"team": self.teams[viewer]}
            ctx.check_glyphs(FontRole.SANS_BOLD, title, DETAIL)
            c.setFillColor(ink(f"view_{viewer}"))
            c.setFont(ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.panel_title)
            c.drawString(view.rect.x, view.rect.top + EXAMPLE.example.panel_title * 0.45, title)
            Panel(self, frame, action, viewer, view, self.hexmap).draw(c)
        return box.top - low


# --- the map panels ----------------------------------------------------------------------------


def cell(h: Hex) -> tuple[int, int]:
    """A hex as the hex map renderer's cell (column, row from 0)."""
    return hex_to_offset(h)


@dataclass(frozen=True)
class Shot:
    """A shot to draw: from where, at where, the sum, the roll and whether it hit."""

    number: int
    team: int
    start: Hex
    end: Hex
    skill: Modified
    roll: int
    hit: bool


@dataclass(frozen=True)
class Check:
    """A moral or scouting check to label at its counter."""

    number: int
    at: Hex
    kind: RollKind
    """Moral, or sneak (against a scout)."""
    skill: Modified
    roll: int
    success: bool
    upshot: str
    """"", "red", "eliminated", "found"."""


@dataclass(frozen=True)
class Path_:
    """A move to draw: the hexes, the acting team, the impulse number."""

    number: int
    team: int
    hexes: tuple[Hex, ...]


@dataclass
class Action_:
    """Everything a frame draws on the map besides the counters."""

    paths: list[Path_] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    spots: list[tuple[int, int, Hex]] = field(default_factory=list)
    """(number, team, hex): where an impulse without a move is numbered."""
    gone: list[tuple[Marker, Hex, bool]] = field(default_factory=list)
    """Counters that left the map this turn: marker, hex, whether a dummy turned over."""

    def hexes(self) -> set[Hex]:
        out = {h for p in self.paths for h in p.hexes}
        out |= {h for s in self.shots for h in (s.start, s.end)}
        out |= {c.at for c in self.checks} | {h for _n, _t, h in self.spots}
        out |= {h for _m, h, _d in self.gone}
        return out


def action_of(frame: Frame) -> Action_:
    """What a frame's impulses did on the map, from the events and where they happened."""
    out = Action_()
    groups: list[tuple[int, int, Hex | None, list[Note]]] = [
        (0, -1, None, frame.opening)]
    groups += [(imp.number, imp.player, imp.start, imp.notes) for imp in frame.impulses]
    for number, team, start, notes in groups:
        moved = False
        pending: tuple[Hex, Hex] | None = None
        for note in notes:
            at = note.at
            match note.event:
                case Moved() as e:
                    out.paths.append(Path_(number, team, e.path))
                    moved = True
                case Fired() if "subject" in at and "target" in at:
                    pending = (at["subject"], at["target"])
                case CheckRolled(kind=RollKind.FIRE) as e if pending is not None:
                    out.shots.append(Shot(number, team, pending[0], pending[1], e.skill,
                                          e.roll, e.success))
                    pending = None
                case CheckRolled(kind=RollKind.MORAL | RollKind.SNEAK) as e if (
                        "subject" in at and (e.kind == RollKind.MORAL or e.cause == "scouted")):
                    upshot = "" if e.success else (
                        "found" if e.kind == RollKind.SNEAK else "fails")
                    out.checks.append(Check(number, at["subject"], e.kind, e.skill, e.roll,
                                            e.success, upshot))
                case Reddened() | Eliminated() as e if out.checks:
                    out.checks[-1] = replace(out.checks[-1], upshot="red" if isinstance(
                        e, Reddened) else "eliminated")
                    if isinstance(e, Eliminated) and "subject" in at:
                        out.gone.append((e.marker, at["subject"], False))
                case DummyExposed() as e if "subject" in at:
                    out.gone.append((e.marker, at["subject"], True))
        if number and not moved and start is not None:
            out.spots.append((number, team, start))
    return out


class Panel:
    """One player's view of the map window: terrain, counters as he knew them, the action."""

    def __init__(self, ex: PwinchWarsExample, frame: Frame, action: Action_, viewer: int,
                 view: View, hexmap: HexMap) -> None:
        self.ex = ex
        self.ctx = ex.ctx
        self.frame = frame
        self.action = action
        self.viewer = viewer
        self.view = view
        self.hexmap = hexmap
        self.seen = frame.after.view(viewer)
        self.taken: list[Rect] = []
        self.tags: list[tuple[Hex, str]] = []

    def pencil(self) -> Color:
        return ink(f"view_{self.viewer}")

    def team_ink(self, team: int, dark: bool = True) -> Color:
        return team_ink(self.frame.after.scenario.teams[team].colour, dark)

    def at(self, h: Hex) -> tuple[float, float]:
        return self.view.centre(cell(h))

    def draw(self, c: Canvas) -> None:
        v = self.view
        draw_map(c, self.ctx, self.hexmap, v, base=self.ex.base)
        c.saveState()
        v.clip(c)
        for _m, h, dummy in self.action.gone:
            self.ghost(c, h, dummy)
        self.counters(c)
        for path in self.action.paths:
            self.path(c, path)
        labels: list[tuple[str, tuple[float, float], Color]] = []
        for shot in self.action.shots:
            labels.append(self.shot(c, shot))
        for number, team, h in self.action.spots:
            x, y = self.at(h)
            self.bubble(c, number, team, x + v.flat_pt * 0.36, y + v.flat_pt * 0.36)
        for path in self.action.paths:
            if path.number:
                x, y = self.at(path.hexes[-1])
                self.bubble(c, path.number, path.team, x + v.flat_pt * 0.36,
                            y + v.flat_pt * 0.36)
        for check in self.action.checks:
            labels.append(self.check(check))
        self.draw_tags(c)
        self.place_labels(c, labels)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(self.pencil())
        c.setLineWidth(EXAMPLE.example.panel_frame)
        r = v.rect
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
        c.restoreState()

    # -- counters ---------------------------------------------------------------------------

    def counters(self, c: Canvas) -> None:
        """Every counter on the map in the window, as this panel's player knew it."""
        window = set(self.view.cells())
        pieces = sorted(self.seen.pieces.values(), key=lambda p: (p.team, p.box))
        for p in pieces:
            if not p.on_map or p.at is None or cell(p.at) not in window:
                continue
            draw_counter(c, self.ctx, self.at(p.at), self.view.flat_pt, p,
                         self.ex.words_.tag(p.marker), self.team_ink(p.team, False),
                         self.team_ink(p.team))
            x, y = self.at(p.at)
            s = self.view.flat_pt * EXAMPLE.example.counter
            self.taken.append(Rect(x - s / 2, y - s / 2, s, s))
            if p.hidden and p.team == self.viewer and p.dummy:
                self.tags.append((p.at, self.ctx._("dummy")))
            elif p.hidden and p.char is not None:
                self.tags.append((p.at, p.char.name))

    def draw_tags(self, c: Canvas) -> None:
        """What only this panel's player knows of each hidden marker, in his pencil beside
        it (under it where there is room)."""
        s = self.view.flat_pt * EXAMPLE.example.counter
        fs = EXAMPLE.example.tag_size
        face = self.ctx.font(FontRole.SANS_BOLD)
        asc, desc = getAscentDescent(face, fs)
        h = asc - desc
        box = self.view.rect
        for at, text in self.tags:
            x, y = self.at(at)
            self.ctx.check_glyphs(FontRole.SANS_BOLD, text, DETAIL)
            w = stringWidth(text, face, fs)
            g = 0.8
            cands = [Rect(x - w / 2, y - s / 2 - g - h, w, h), Rect(x - w / 2, y + s / 2 + g, w, h),
                     Rect(x + s / 2 + g, y - h / 2, w, h), Rect(x - s / 2 - g - w, y - h / 2, w, h),
                     Rect(x + s / 2 + g, y - s / 2 - h, w, h),
                     Rect(x - s / 2 - g - w, y - s / 2 - h, w, h)]
            others = [t for t in self.taken if not (abs(t.cx - x) < 0.01 and abs(t.cy - y) < 0.01)]
            r = place([inside(cand, box) for cand in cands], others)
            pad = fs * 0.4  # two names side by side must not read as one
            self.taken.append(Rect(r.x - pad, r.y, r.w + 2 * pad, r.h))
            halo_text(c, text, face, fs, r.x, r.y - desc, self.pencil())

    def ghost(self, c: Canvas, h: Hex, dummy: bool) -> None:
        """A counter that left the map this turn: a dashed square, crossed."""
        x, y = self.at(h)
        s = self.view.flat_pt * EXAMPLE.example.counter
        c.saveState()
        c.setStrokeColor(ink("ghost"))
        c.setFillColor(ink("ghost_fill"))
        c.setLineWidth(0.7)
        c.setDash(1.4, 1.0)
        c.rect(x - s / 2, y - s / 2, s, s, stroke=1, fill=1)
        c.setDash()
        c.line(x - s * 0.35, y - s * 0.35, x + s * 0.35, y + s * 0.35)
        c.line(x - s * 0.35, y + s * 0.35, x + s * 0.35, y - s * 0.35)
        c.restoreState()
        self.taken.append(Rect(x - s / 2, y - s / 2, s, s))

    # -- the action -------------------------------------------------------------------------

    def path(self, c: Canvas, path: Path_) -> None:
        """An arrow along the hexes of a move, from the start's edge to the end's."""
        pts = [self.at(h) for h in path.hexes]
        if len(pts) < 2:
            return
        colour = self.team_ink(path.team)
        c.saveState()
        c.setStrokeColor(colour)
        c.setFillColor(colour)
        c.setLineWidth(EXAMPLE.example.path_width)
        c.setLineCap(1)
        c.setLineJoin(1)
        head = mm(EXAMPLE.example.arrow_head)
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        d = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        stop = self.view.flat_pt * EXAMPLE.example.counter * 0.55
        tip = (x1 - ux * stop, y1 - uy * stop)
        p = c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:-1]:
            p.lineTo(*pt)
        p.lineTo(tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)
        c.drawPath(p, stroke=1, fill=0)
        arrowhead(c, tip, (ux, uy), head)
        c.circle(pts[0][0], pts[0][1], EXAMPLE.example.path_width * 1.6, stroke=0, fill=1)
        c.restoreState()

    def shot(self, c: Canvas, shot: Shot) -> tuple[str, tuple[float, float], Color]:
        """The line of sight of a shot, its arrow at the target; returns its label."""
        (x0, y0), (x1, y1) = self.at(shot.start), self.at(shot.end)
        colour = ink("hit") if shot.hit else ink("miss")
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / d, (y1 - y0) / d
        stop = self.view.flat_pt * EXAMPLE.example.counter * 0.6
        head = mm(EXAMPLE.example.arrow_head)
        c.saveState()
        c.setStrokeColor(colour)
        c.setFillColor(colour)
        c.setLineWidth(EXAMPLE.example.sight_width)
        c.setDash(*EXAMPLE.example.sight_dash)
        c.line(x0 + ux * stop, y0 + uy * stop, x1 - ux * (stop + head * 0.8),
               y1 - uy * (stop + head * 0.8))
        c.setDash()
        arrowhead(c, (x1 - ux * stop, y1 - uy * stop), (ux, uy), head)
        c.restoreState()
        for k in range(1, 8):
            t = k / 8
            px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            self.taken.append(Rect(px - 1, py - 1, 2, 2))
        _ = self.ctx._
        text = _("%(n)d. fire %(sum)s, rolls %(roll)d: %(result)s") % {
            "n": shot.number, "sum": Words.numbers(shot.skill), "roll": shot.roll,
            "result": _("hit") if shot.hit else _("miss")}
        return text, ((x0 + x1) / 2, (y0 + y1) / 2), colour

    def check(self, check: Check) -> tuple[str, tuple[float, float], Color]:
        _ = self.ctx._
        upshot = {"": _("keeps his nerve"), "fails": _("fails"), "red": _("turns red"),
                  "eliminated": _("out of the game"), "found": _("found")}[check.upshot]
        if check.kind == RollKind.SNEAK and check.success:
            upshot = _("stays hidden")
        what = _("moral") if check.kind == RollKind.MORAL else _("sneak")
        text = _("%(what)s %(sum)s, rolls %(roll)d: %(result)s") % {
            "what": what, "sum": Words.numbers(check.skill), "roll": check.roll,
            "result": upshot}
        colour = ink("miss") if check.success else ink("hit")
        if check.number:
            text = f"{check.number}. {text}"
        return text, self.at(check.at), colour

    def bubble(self, c: Canvas, number: int, team: int, x: float, y: float) -> None:
        """The impulse's number in a disc of its team's colour."""
        r = mm(EXAMPLE.example.bubble) / 2
        c.saveState()
        c.setFillColor(self.team_ink(team))
        c.setStrokeColor(ink("halo"))
        c.setLineWidth(0.6)
        c.circle(x, y, r, stroke=1, fill=1)
        text = str(number)
        face, fs = self.ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.bubble_size
        c.setFillColor(ink("halo"))
        c.setFont(face, fs)
        asc, desc = getAscentDescent(face, fs)
        c.drawCentredString(x, y - (asc + desc) / 2, text)
        c.restoreState()
        self.taken.append(Rect(x - r, y - r, 2 * r, 2 * r))

    def place_labels(self, c: Canvas,
                     labels: Sequence[tuple[str, tuple[float, float], Color]]) -> None:
        """Each label near its anchor where it covers the least, inside the panel."""
        face, fs = self.ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.note_size
        asc, desc = getAscentDescent(face, fs)
        h = asc - desc
        box = self.view.rect
        placed: list[Rect] = []
        for text, (ax, ay), colour in labels:
            self.ctx.check_glyphs(FontRole.SANS_BOLD, text, DETAIL)
            w = stringWidth(text, face, fs)
            cands = []
            for dy in (mm(3), -mm(3) - h, mm(6), -mm(6) - h, mm(9), -mm(9) - h, mm(12),
                       -mm(12) - h):
                for dx in (-w / 2, -w * 0.1, -w * 0.9):
                    cands.append(inside(Rect(ax + dx, ay + dy, w, h), box))
            r = place(cands, self.taken + placed)
            placed.append(r)
            halo_text(c, text, face, fs, r.x, r.y - desc, colour)


def inside(r: Rect, box: Rect) -> Rect:
    """``r`` moved inside ``box`` where it sticks out."""
    x = min(max(r.x, box.x + 1), box.right - r.w - 1)
    y = min(max(r.y, box.y + 1), box.top - r.h - 1)
    return Rect(x, y, r.w, r.h)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.top, b.top) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0.0


def place(candidates: Sequence[Rect], taken: Sequence[Rect]) -> Rect:
    """The first candidate that overlaps nothing taken, else the one that overlaps least."""
    best, best_cost = candidates[0], math.inf
    for r in candidates:
        cost = sum(_overlap(r, t) for t in taken)
        if cost == 0:
            return r
        if cost < best_cost:
            best, best_cost = r, cost
    return best


def arrowhead(c: Canvas, tip: tuple[float, float], direction: tuple[float, float],
              head: float) -> None:
    ux, uy = direction
    x1, y1 = tip
    p = c.beginPath()
    p.moveTo(x1, y1)
    p.lineTo(x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45)
    p.lineTo(x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def halo_text(c: Canvas, text: str, face: str, font_size: float, x: float, y: float,
              colour: Color) -> None:
    """Text with a white halo, readable over the map: stroked wide in white, then filled."""
    c.saveState()
    c.setLineJoin(1)
    for mode, stroke, width in ((1, ink("halo"), font_size * 0.3),
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


def draw_counter(c: Canvas, ctx: DrawContext, at: tuple[float, float], flat: float,
                 piece: Piece, tag: str, fill: Color, dark: Color) -> None:
    """A counter as it stands on the map, shrunk to the panel's scale: a hidden marker is
    the team's square with "?" and its tag; a revealed character shows its side (blue or
    red) round its name, the tag on the team's band."""
    x, y = at
    s = flat * EXAMPLE.example.counter
    r = Rect(x - s / 2, y - s / 2, s, s)
    bold = ctx.font(FontRole.SANS_BOLD)
    ts = max(EXAMPLE.example.tag_min, s * EXAMPLE.example.tag_k)
    c.saveState()
    c.setLineWidth(EXAMPLE.example.counter_line)
    if piece.hidden or piece.char is None:
        c.setFillColor(fill)
        c.setStrokeColor(dark)
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
        c.setFillColor(dark)
        qs = s * 0.5
        c.setFont(bold, qs)
        c.drawCentredString(x, y - qs * 0.05, "?")
        c.setFont(bold, ts)
        c.drawCentredString(x, r.y + s * 0.08, tag)
    else:
        side = piece.side
        c.setFillColor(side_ink(side, tint=True))
        c.setStrokeColor(side_ink(side))
        c.setLineWidth(EXAMPLE.example.counter_line * 2)
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
        band = ts * 1.15
        c.setFillColor(fill)
        c.rect(r.x, r.top - band, r.w, band, stroke=0, fill=1)
        c.setFillColor(dark)
        c.setFont(bold, ts)
        c.drawCentredString(x, r.top - band + ts * 0.2, tag)
        name = piece.char.name
        ctx.check_glyphs(FontRole.SANS_BOLD, name, DETAIL)
        ns = fit_size(name, bold, EXAMPLE.example.name_size, s * 0.94, EXAMPLE.example.text_min)
        if stringWidth(name, bold, ns) > s * 0.94:
            ctx.check_text(name, FontRole.SANS_BOLD, ns, s * 0.94, s, detail=DETAIL, wrap=False)
        c.setFillColor(side_ink(side))
        c.setFont(bold, ns)
        c.drawCentredString(x, r.y + (r.h - band) / 2 - ns * 0.35, name)
    c.restoreState()


# --- the pages ---------------------------------------------------------------------------------


def _style(ctx: DrawContext, role: FontRole, font_size: float,
           colour: str = "text") -> ParagraphStyle:
    return ParagraphStyle(role, fontName=ctx.font(role), fontSize=font_size,
                          leading=font_size * EXAMPLE.example.caption_leading,
                          textColor=ink(colour),
                          **paragraph_options(ctx.locale))


def caption_paragraph(ctx: DrawContext, line: Line, font_size: float) -> Paragraph:
    """One caption line, the reason after it in grey italics."""
    text, why = line
    ctx.check_glyphs(FontRole.SANS, text, DETAIL)
    part = escape(text)
    if why:
        ctx.check_glyphs(FontRole.SANS_ITALIC, why, DETAIL)
        grey = "#" + ink("hint").hexval()[2:]
        part += (f' <font name="{ctx.font(FontRole.SANS_ITALIC)}" color="{grey}">'
                 f'— {escape(why)}</font>')
    return Paragraph(part, _style(ctx, FontRole.SANS, font_size))


@dataclass
class Columns:
    """A caption set in columns: the paragraphs of each column and the height they take."""

    columns: list[list[Paragraph]]
    height: float
    rest: list[Line]
    """Lines that did not fit (continued on the next page)."""


def set_columns(ctx: DrawContext, lines: Sequence[Line], width: float, room: float,
                font_size: float) -> Columns:
    """Fill columns of ``width`` across ``room`` high, balanced: each column gets about its
    share of the height; what does not fit goes back as ``rest``."""
    n = max(1, EXAMPLE.example.caption_columns)
    gap = mm(EXAMPLE.example.column_gap)
    col_w = (width - (n - 1) * gap) / n
    paras = [caption_paragraph(ctx, line, font_size) for line in lines]
    heights = [float(p.wrap(col_w - font_size, room)[1]) + EXAMPLE.example.line_gap for p in paras]
    total = sum(heights)
    share = min(room, total / n + max(heights, default=0.0) * 0.5)
    cols: list[list[Paragraph]] = [[] for _ in range(n)]
    used = [0.0] * n
    k = 0
    rest: list[Line] = []
    for i, (p, h) in enumerate(zip(paras, heights, strict=True)):
        while k < n and used[k] + h > (share if k < n - 1 else room) and cols[k]:
            k += 1
        if k >= n:
            rest = list(lines[i:])
            break
        cols[k].append(p)
        used[k] += h
    return Columns(cols, max(used), rest)


def draw_columns(c: Canvas, cols: Columns, x: float, top: float, width: float,
                 font_size: float) -> None:
    n = len(cols.columns)
    gap = mm(EXAMPLE.example.column_gap)
    col_w = (width - (n - 1) * gap) / n
    for k, col in enumerate(cols.columns):
        y = top
        for p in col:
            _w, h = p.wrap(col_w - font_size, 10_000)
            p.drawOn(c, x + k * (col_w + gap), y - h)
            y -= h + EXAMPLE.example.line_gap


def crop(window: MapRect, room: tuple[float, float], scale: float, hexes: Iterable[Hex],
         grid: HexGrid) -> MapRect:
    """A window small enough to draw at ``scale`` in ``room``, round the middle of the
    action (a turn spread over the whole map keeps its centre and loses its edges)."""
    w = min(window.w, room[0] / (mm(1) * scale))
    h = min(window.h, room[1] / (mm(1) * scale))
    pts = [grid.centre(cell(x)) for x in hexes] or [(window.x + window.w / 2,
                                                     window.y + window.h / 2)]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    x = min(max(cx - w / 2, window.x), window.right - w)
    y = min(max(cy - h / 2, window.y), window.bottom - h)
    return MapRect(x, y, w, h)


def legend_icon(c: Canvas, ctx: DrawContext, kind: str, x: float, y: float, s: float) -> None:
    c.saveState()
    if kind == "path":
        c.setStrokeColor(ink("text"))
        c.setFillColor(ink("text"))
        c.setLineWidth(EXAMPLE.example.path_width)
        c.line(x, y + s / 2, x + s * 0.9, y + s / 2)
        arrowhead(c, (x + s * 1.3, y + s / 2), (1.0, 0.0), s * 0.4)
    elif kind == "sight":
        c.setStrokeColor(ink("hit"))
        c.setFillColor(ink("hit"))
        c.setLineWidth(EXAMPLE.example.sight_width)
        c.setDash(*EXAMPLE.example.sight_dash)
        c.line(x, y + s / 2, x + s * 0.9, y + s / 2)
        c.setDash()
        arrowhead(c, (x + s * 1.3, y + s / 2), (1.0, 0.0), s * 0.4)
    elif kind == "check":
        halo_text(c, "7: 3", ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.note_size, x,
                  y + s * 0.25, ink("miss"))
    else:
        halo_text(c, "Ruby", ctx.font(FontRole.SANS_BOLD), EXAMPLE.example.tag_size, x,
                  y + s * 0.25, ink("view_0"))
    c.restoreState()
