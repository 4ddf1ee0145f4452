"""Event cards in play: drawing them, playing them, and the reaction windows they open.

A card that changes a roll (``fire_mod``, ``moral_mod``, ``sneak_mod``, ``initiative_mod``,
``move_mod``) is played in the window before that roll, or before an activated marker moves:
the players who hold one are asked in turn (the core's
:class:`~printkit.engines.core.game.ReactionWindow`), each plays one or passes. A card that
changes no roll (reveal, forced moral check, rally, refill: ``when = any``) is played in its
holder's own impulse, and in the other players' impulses in two windows: when a marker is
activated and once its impulse is over. At the end of a turn each player may draw one card,
discarding one first with :data:`~.state.HAND` in hand.
"""

from __future__ import annotations

from typing import Any

from printkit.engines.core.game import ReactionWindow
from printkit.engines.pwinch_wars.actions import Action, Draw, Marker, NoDraw, Pass, PlayCard
from printkit.engines.pwinch_wars.cards import Card, Colour, Effect, Target, When
from printkit.engines.pwinch_wars.checks import Checks
from printkit.engines.pwinch_wars.events import CardDrawn, CardPlayed, ModifierPlayed
from printkit.engines.pwinch_wars.phases import RollKind
from printkit.engines.pwinch_wars.roster import Side
from printkit.engines.pwinch_wars.state import HAND, Roll, Window

DRAW_RULE = ("end of turn: draw one card (discarding one of yours first with 3 in hand) or "
             "keep your hand")
"""The rule an illegal decision at the end of a turn breaks (:meth:`explain_illegal`)."""


class Cards(Checks):
    """The cards' rules: who may play what when, and what a card played does."""

    # -- what may be played -----------------------------------------------------------------

    def _any_cards(self, team: int, subject: Marker | None = None) -> list[Action]:
        """Cards played "at any time" that change no roll. In your own impulse: on any valid
        target. In a window of another player's impulse (``subject``: the marker playing):
        a card on an enemy goes on that marker, the one you react to, and rallies on your
        own red characters; refills wait for your impulse (they change nothing before the
        character fires)."""
        out: list[Action] = []
        by_id = self.data.deck.by_id
        cards = [by_id[c] for c in sorted(set(self.hands[team])) if c != "?"]
        cards = [c for c in cards if c.when is When.ANY
                 and (subject is None or c.effect is not Effect.REFILL)]
        if not cards:
            return out
        pieces = self._in_order()
        for card in cards:
            cid = card.id
            if subject is not None and card.target is Target.ENEMY:
                on = self.pieces[subject]
                if on.team != team and on.on_map and (
                        card.effect is not Effect.REVEAL or on.hidden):
                    out.append(PlayCard(cid, subject))
                continue
            for q in pieces:
                if not q.on_map:
                    continue
                if card.target is Target.ENEMY and q.team != team:
                    if card.effect is Effect.REVEAL and not q.hidden:
                        continue
                    if subject is not None and q.marker != subject:
                        continue
                    out.append(PlayCard(cid, q.marker))
                elif card.target is Target.SELF and q.team == team and not q.dummy:
                    if card.effect is Effect.RALLY and q.side is not Side.RED:
                        continue
                    if card.effect is Effect.REFILL:
                        assert card.item is not None
                        full = self.data.equipment.get(card.item).uses
                        if q.items.get(card.item) == full:
                            continue
                    out.append(PlayCard(cid, q.marker))
        return out

    def _window_options(self) -> list[Action]:
        w = self.window
        assert w is not None
        me = w.asked[0]
        return [*self._window_cards(me, w), Pass()]

    def _window_cards(self, me: int, w: Window) -> list[Action]:
        deck = self.data.deck
        out: list[Action] = []
        by_id = deck.by_id
        any_time = me in w.any_time
        for c in self.hands[me]:
            if c != "?":
                card = by_id[c]
                if card.effect is w.effect or (any_time and card.when is When.ANY):
                    break
        else:
            return out  # nothing for this window in his hand (the usual answer)
        if me in w.any_time:
            out += self._any_cards(me, w.subject)
        if w.effect is None or (w.subject is not None and not self.pieces[w.subject].on_map):
            return out
        for cid in sorted(set(self.hands[me])):
            card = deck.get(cid)
            if card.effect is not w.effect:
                continue
            if w.effect is Effect.INITIATIVE_MOD:
                if card.target is Target.YOU:
                    out.append(PlayCard(cid, player=me))
                else:
                    out += [PlayCard(cid, player=q) for q in range(self._num_players)
                            if q != me]
                continue
            assert w.subject is not None
            mine = w.subject.team == me
            if mine == (card.colour is Colour.BLUE):
                out.append(PlayCard(cid, w.subject))
        return out

    def _draw_options(self, me: int) -> list[Action]:
        """The end of the turn: draw (discarding first with a full hand) or keep the hand."""
        hand = self.hands[me]
        if len(hand) < HAND:
            return [Draw(), NoDraw()]
        return [*(Draw(c) for c in sorted(set(hand))), NoDraw()]

    # -- the windows ------------------------------------------------------------------------

    def _holders(self, effect: Effect, subject: Marker | None, first: int) -> list[int]:
        """Players holding a card of ``effect`` they could play now, ``first`` first."""
        w = Window("", subject, [], effect)
        found = ReactionWindow.asking("", first, self._num_players,
                                      lambda q: bool(self._window_cards(q, w)))
        return [] if found is None else list(found.players)

    def _open(self, w: Window, first: int) -> bool:
        """Open ``w`` for the players, from ``first`` round the table, who hold a card they
        could play in it (the core's :meth:`ReactionWindow.asking`); no window, and no step
        in the log, when nobody does."""
        found = ReactionWindow.asking(w.trigger, first, self._num_players,
                                      lambda q: bool(self._window_cards(q, w)))
        if found is None:
            return False
        w.asked = list(found.players)
        self.window = w
        return True

    # -- playing ----------------------------------------------------------------------------

    def _play_any(self, a: PlayCard, player: int) -> None:
        """A card that changes no roll, played by ``player`` on ``a.marker``."""
        card = self.data.deck.get(a.card)
        self._spend(player, card)
        assert a.marker is not None
        q = self._mut(a.marker)
        self.events.append(CardPlayed(player, card.id, a.marker))
        if card.eye and q.hidden:
            self._set_hidden(q, False, card.title)
            if q.out:
                return
        if q.dummy:
            if q.hidden:
                self._set_hidden(q, False, card.title)
            return
        if card.effect is Effect.MORAL_CHECK:
            extra = [(card.title, card.amount)] if card.amount else []
            self._queue_moral(q, self.moral_odds(q, extra=extra), credit=player,
                              cause=card.id)
        elif card.effect is Effect.RALLY:
            q.side = Side.BLUE
            q.reddened_by = None
        elif card.effect is Effect.REFILL:
            assert card.item is not None
            q.items[card.item] = self.data.equipment.get(card.item).uses

    def _spend(self, player: int, card: Card) -> None:
        self.hands[player].remove(card.id)
        self.discards.append(card.id)

    def _react(self, a: Action) -> None:
        """The answer of the player asked in the open window: a card, or a pass."""
        w = self.window
        assert w is not None
        me = w.asked.pop(0)
        if isinstance(a, PlayCard) and self.data.deck.get(a.card).when is When.ANY:
            self._play_any(a, me)
        elif isinstance(a, PlayCard):
            card = self.data.deck.get(a.card)
            self._spend(me, card)
            self.events.append(ModifierPlayed(me, card.id, a.marker, a.player))
            if w.effect is Effect.INITIATIVE_MOD:
                assert a.player is not None
                self.init_cards[a.player] += card.amount
            elif w.effect is Effect.MOVE_MOD:
                assert a.marker is not None
                self._mut(a.marker).move_bonus += card.amount
            else:
                roll = self.rolls[0]
                roll.cards.append((card.title, card.amount))
            if card.eye and a.marker is not None:
                q = self._mut(a.marker)
                if q.hidden and w.effect is not Effect.SNEAK_MOD:
                    self._set_hidden(q, False, card.title)
        if isinstance(a, PlayCard):  # a card played may leave the next ones nothing to play
            w.asked = [q for q in w.asked if self._window_cards(q, w)]
        if not w.asked:
            self.window = None

    # -- drawing ----------------------------------------------------------------------------

    def _draw(self, a: Action) -> None:
        """The end-of-turn decision of the next player to draw: the card is a roll."""
        me = self.drawers.pop(0)
        if isinstance(a, Draw):
            if a.discard is not None:
                self.hands[me].remove(a.discard)
                self.discards.append(a.discard)
            self.rolls.append(Roll(RollKind.DRAW, player=me))
        else:
            assert isinstance(a, NoDraw)

    def _card_drawn(self, roll: Roll, outcome: Any) -> None:
        """The card ``outcome`` drawn from the pile into ``roll.player``'s hand."""
        assert roll.player is not None
        self.pile.remove(outcome)
        self.hands[roll.player].append(outcome)
        self.events.append(CardDrawn(roll.player))


__all__ = ["DRAW_RULE", "Cards"]
