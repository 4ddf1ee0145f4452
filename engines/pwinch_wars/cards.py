"""Event cards (``data/events.csv``): what each card says and the effect the engine executes.

Blue cards help your own characters, red ones hinder enemies. An eye card reveals a hidden
target; a grey-dot card (``city_only``) leaves the deck on the forest map. Effects are a small
vocabulary (:class:`Effect`, documented at the head of ``events.csv``); cards changing the
same ability (:attr:`Card.ability`) may not be played together.

>>> deck = load_deck()
>>> len(deck.cards), len(deck.for_map("forest")), deck.get("achoo").eye
(27, 22, True)
>>> c = deck.get("snapped_band")
>>> c.colour.value, c.effect.value, c.amount, c.target.value, c.when.value, c.ability
('red', 'fire_mod', -2, 'enemy', 'fire', 'fire')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Final

from printkit.engines.core.data import read_csv
from printkit.engines.pwinch_wars.loading import PwinchDataError, data_text

COLUMNS: Final = ("id", "title", "colour", "eye", "city_only", "text", "effect", "amount",
                  "target", "when", "item", "designed")
MAX_TEXT: Final = 90
"""Card text fits a small card in a readable size (characters)."""


class Colour(Enum):
    BLUE = "blue"
    RED = "red"


class Effect(Enum):
    FIRE_MOD = "fire_mod"
    MORAL_MOD = "moral_mod"
    SNEAK_MOD = "sneak_mod"
    MOVE_MOD = "move_mod"
    INITIATIVE_MOD = "initiative_mod"
    MORAL_CHECK = "moral_check"
    REVEAL = "reveal"
    RALLY = "rally"
    REFILL = "refill"


class Target(Enum):
    SELF = "self"
    ENEMY = "enemy"
    YOU = "you"
    OPPONENT = "opponent"


class When(Enum):
    FIRE = "fire"
    MORAL = "moral"
    SNEAK = "sneak"
    MOVE = "move"
    INITIATIVE = "initiative"
    ANY = "any"


MODIFIERS: Final = {Effect.FIRE_MOD: When.FIRE, Effect.MORAL_MOD: When.MORAL,
                    Effect.SNEAK_MOD: When.SNEAK, Effect.MOVE_MOD: When.MOVE,
                    Effect.INITIATIVE_MOD: When.INITIATIVE}
"""The effects that add to an ability, and when each is played."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    title: str
    colour: Colour
    eye: bool
    city_only: bool
    text: str
    effect: Effect
    amount: int
    target: Target
    when: When
    item: str | None
    designed: bool

    @property
    def ability(self) -> str | None:
        """The ability a modifier card changes (one such card per ability at a time)."""
        return MODIFIERS[self.effect].value if self.effect in MODIFIERS else None


@dataclass(frozen=True, slots=True)
class Deck:
    cards: tuple[Card, ...]
    by_id: dict[str, Card] = field(init=False, compare=False, repr=False)
    """The cards by id (the engine looks cards up at every step)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {c.id: c for c in self.cards})

    def get(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def for_map(self, kind: str) -> tuple[Card, ...]:
        """The cards in play on a map of ``kind`` ("forest" leaves out the grey dots)."""
        return tuple(c for c in self.cards if kind == "city" or not c.city_only)


def parse_deck(text: str, source: str = "events.csv",
               items: tuple[str, ...] = ("fruits", "water_balls")) -> Deck:
    """Check and type the cards; ``items`` are the item ids a refill card may name."""
    out = []
    for row in read_csv(text, source, COLUMNS):
        colour = Colour(row.choice("colour", tuple(c.value for c in Colour)))
        effect = Effect(row.choice("effect", tuple(e.value for e in Effect)))
        target = Target(row.choice("target", tuple(t.value for t in Target)))
        when = When(row.choice("when", tuple(w.value for w in When)))
        amount = row.integer("amount", -5, 5)
        eye = row.flag("eye")
        text_ = row.text("text")
        if len(text_) > MAX_TEXT:
            raise row.fail(f"'text' has {len(text_)} characters; a card holds {MAX_TEXT}")
        mine = target in (Target.SELF, Target.YOU)
        if (colour is Colour.BLUE) != mine:
            raise row.fail("a blue card targets 'self' or 'you', a red card 'enemy' or "
                           f"'opponent' (got {colour.value}, {target.value})")
        if eye and colour is not Colour.RED:
            raise row.fail("only a red card carries the eye (it reveals an enemy)")
        if effect in MODIFIERS:
            if when is not MODIFIERS[effect]:
                raise row.fail(f"a {effect.value} card is played at '{MODIFIERS[effect].value}'"
                               f", not '{when.value}'")
            if amount == 0 or (amount > 0) != (colour is Colour.BLUE):
                raise row.fail("'amount' must be above 0 on a blue card, below 0 on a red one")
            if (effect is Effect.INITIATIVE_MOD) != (target in (Target.YOU, Target.OPPONENT)):
                raise row.fail("initiative cards target a player ('you', 'opponent'), the "
                               "others a character")
        elif when is not When.ANY:
            raise row.fail(f"a {effect.value} card is played at 'any', not '{when.value}'")
        item = row["item"] or None
        if (effect is Effect.REFILL) != (item is not None):
            raise row.fail("'item' is given on refill cards, and only on them")
        if item is not None and item not in items:
            raise row.fail(f"'item' must be one of {', '.join(items)}, got '{item}'")
        if effect is Effect.REVEAL and not eye:
            raise row.fail("a reveal card carries the eye")
        if effect in (Effect.RALLY, Effect.REFILL, Effect.REVEAL) and amount:
            raise row.fail(f"a {effect.value} card has 'amount' 0")
        out.append(Card(
            id=row.text("id"), title=row.text("title"), colour=colour, eye=eye,
            city_only=row.flag("city_only"), text=text_, effect=effect, amount=amount,
            target=target, when=when, item=item, designed=row.flag("designed")))
    if not out:
        raise PwinchDataError(f"{source}: no cards")
    return Deck(tuple(out))


@cache
def load_deck() -> Deck:
    """The packaged deck."""
    return parse_deck(data_text("events.csv"))
