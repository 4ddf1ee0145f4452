"""What the printable dice handout is written from: the presets, their dice, the nets.

The handout of the ``dice`` kit says how to print, cut, fold and glue the nets, and lists every
preset with its dice. Everything it counts comes from
:func:`~printkit.templates.dice.games.presets` (the dice of every registered game), the nets
themselves (glue tabs, size across) and the packing on the build's paper (pages per preset), so
a new game's dice show up here unasked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from babel.lists import format_list

from printkit.context import DrawContext
from printkit.drawing.dice import SIDES, DicePreset, DieSpec, face_values, layout
from printkit.drawing.polyhedra import KINDS, MEAN_WIDTH_MM, die_size, net, solid
from printkit.i18n import N_
from printkit.page.profiles import PROFILES, profile
from printkit.templates.dice.games import presets

TEMPLATE = Path(__file__).with_name("handout.xml.j2")
"""The handout's template (``handout=Handout(TEMPLATE, handout_data)`` in the dice kit)."""

#: how each kind of die is numbered (the conventions of printkit.drawing.dice); ``sum`` is
#: what two opposite faces add up to, read from the printed numbering by :func:`opposite_sum`
NUMBERING = {
    ("d4", False): N_("A number near each corner, on the three faces that meet there. "
                      "Read the number at the top corner."),
    ("d6", False): N_("Pips. Opposite faces add up to {sum}."),
    ("d10", False): N_("0 to 9. Opposite faces add up to {sum}. Each game says how to read "
                       "the 0."),
    ("d10", True): N_("00 to 90 in steps of ten. Opposite faces add up to {sum}."),
}
OTHER_NUMBERING = N_("1 to {faces}. Opposite faces add up to {sum}.")
#: the d10's two kinds, for the table of dice
D10_NAMES = {False: N_("d10 (ones)"), True: N_("d10 (tens)")}
#: paper names as a reader writes them (printkit's own are lower case, for the command line)
PAPER_NAMES = {"a3": "A3", "a4": "A4", "letter": N_("Letter"), "tabloid": N_("Tabloid")}


def opposite_sum(kind: str, tens: bool = False) -> int | None:
    """What two opposite faces of a printed ``kind`` add up to, read from the numbering the
    nets are printed with (None for the d4, which has a corner opposite each face).

    >>> opposite_sum("d6"), opposite_sum("d10"), opposite_sum("d10", tens=True)
    (7, 9, 90)
    >>> opposite_sum("d4") is None
    True
    """
    if kind == "d4":
        return None
    sol = solid(kind)
    values = face_values(kind)
    normals = [sol.normal(f) for f in range(len(sol.faces))]
    sums = {values[f] + values[g] for f, a in enumerate(normals) for g, b in enumerate(normals)
            if sum(x * y for x, y in zip(a, b, strict=True)) < -0.999}
    if len(sums) != 1:
        return None
    total = sums.pop()
    return total * 10 if tens else total


def numbering(ctx: DrawContext, kind: str, tens: bool) -> str:
    """How a printed ``kind`` is numbered, in the build's language."""
    text = NUMBERING.get((kind, tens), OTHER_NUMBERING)
    return ctx._(text).format(sum=opposite_sum(kind, tens), faces=SIDES[kind])


def _join(ctx: DrawContext, items: Iterable[str]) -> str:
    return format_list(list(items), locale=ctx.locale.replace("-", "_"))


def _count(ctx: DrawContext, text: str, n: int) -> str:
    """``text`` (the form ``ngettext`` chose for ``n``: called with the literal messages, so
    that Babel extracts them) with the number written the locale's way."""
    return text % {"num": ctx.format_number(n)}


def die_name(ctx: DrawContext, spec: DieSpec) -> str:
    """"d6", or for a d10 which of the two it is."""
    if spec.kind == "d10":
        return ctx._(D10_NAMES[spec.tens])
    return spec.kind


def preset_row(ctx: DrawContext, preset: DicePreset) -> dict[str, Any]:
    """One preset for the handout: its name, title, dice (counted by kind and colour, in
    the preset's order, named as their nets are) and its pages on the build's paper."""
    ctx = ctx.in_catalog(preset.catalog)  # its title and colours are its game's words
    counts = Counter((d.kind, d.colour, d.tens) for d in preset.dice)
    seen: dict[tuple[str, str, bool], None] = {}
    for d in preset.dice:
        seen.setdefault((d.kind, d.colour, d.tens), None)
    dice = []
    for kind, colour, tens in seen:
        n = counts[(kind, colour, tens)]
        dice.append(ctx._("{count} × {die}, {colour}").format(  # as the net is labelled
            count=ctx.format_number(n), die=kind, colour=ctx._(colour)))
    pages = max(p.page for p in layout(preset, ctx)) + 1
    return {
        "name": preset.name,
        "title": ctx._(preset.title),
        "count": len(preset.dice),
        "dice": dice,
        "dice_text": _count(ctx, ctx.ngettext("%(num)s die", "%(num)s dice", len(preset.dice)),
                            len(preset.dice)),
        "pages": pages,
        "pages_text": _count(ctx, ctx.ngettext("%(num)s page", "%(num)s pages", pages), pages),
    }


def kind_rows(ctx: DrawContext, presets: Iterable[DicePreset]) -> list[dict[str, Any]]:
    """The kinds of die the presets use, in the order d4 ... d20 (the ones die before the
    tens die): faces, size, glue tabs and how each is numbered."""
    used = {(d.kind, d.tens): d for p in presets for d in p.dice}
    rows = []
    for kind, tens in sorted(used, key=lambda k: (KINDS.index(k[0]), k[1])):
        spec = used[(kind, tens)]
        rows.append({
            "name": die_name(ctx, spec),
            "faces": SIDES[kind],
            "across": round(die_size(kind).across),
            "tabs": len(net(kind).tabs),
            "numbering": numbering(ctx, kind, tens),
        })
    return rows


def handout_data(ctx: DrawContext) -> Mapping[str, Any]:
    found = list(presets().values())
    kinds = kind_rows(ctx, found)
    easiest = min(kinds, key=lambda k: k["tabs"])
    hardest = max(kinds, key=lambda k: k["tabs"])
    shop = PROFILES["print-shop"]
    return {
        "presets": [preset_row(ctx, p) for p in found],
        "preset_names": _join(ctx, [p.name for p in found]),
        "first_preset": found[0].name if found else "",
        "total_dice": sum(len(p.dice) for p in found),
        "kinds": kinds,
        "easiest": {"name": easiest["name"], "tabs": easiest["tabs"]},
        "hardest": {"name": hardest["name"], "tabs": hardest["tabs"]},
        "mean_width": round(MEAN_WIDTH_MM),
        "d6_across": round(die_size("d6").across),
        "safe_margin": shop.safe_margin_mm,
        "bleed": shop.bleed_mm,
        "profile": profile(ctx.profile).name,
        "paper_name": ctx._(PAPER_NAMES[ctx.paper.name]) if ctx.paper.name in PAPER_NAMES
        else ctx.paper.name,
    }
