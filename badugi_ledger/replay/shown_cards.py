"""The cards a player shows, live or after folding, held to what the card tracker (:mod:`.draws`)
knows: as many cards as he holds, none twice, each one he holds or one that fits an unseen card
of his (``show-count``, ``show-not-held``, ``duplicate-card``); and what is known of a holding
(:meth:`ShownCards.known_part`, :meth:`ShownCards.known_hand`).

Why a module of its own: a show is checked against the places the deals and draws left
(:mod:`.card_places`), with errors of its own, and plays no part in a draw; its checks are kept
on :class:`ShownCards`, which the tracker's class takes them from, so that the state stays one
object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..model.cards import Card, format_cards
from ..model.errors import IllegalAction
from .card_places import _CARD_AT, _INDEX, MAYBE, MUCK, CardPlaces, _cards


class ShownCards(CardPlaces):
    """Shown cards checked against the holdings (:class:`~.card_places.CardPlaces` holds the
    state)."""

    __slots__ = ()

    def show(self, player: str, cards: Sequence[Card | None], at: int) -> tuple[Card, ...] | None:
        """Check shown cards against what ``player`` holds; the full hand, or None if partly
        unknown."""
        held = self._hold[player]
        if not held:
            raise self._illegal("show-not-held", f"{player} shows cards after folding", at)
        if len(cards) != len(held):
            raise self._miscounted(player, len(cards), f"holds {len(held)}", at)
        if None not in cards and None not in held:
            # The usual case: the known holding, in any order.  A holding has no card twice,
            # so as many cards shown, each of them held, are the holding.
            for index in cast("list[int]", held):
                if _CARD_AT(index) not in cards:
                    break
            else:
                return tuple(cast("Sequence[Card]", cards))
        hand = _cards(held)
        shown_known = [c for c in cards if c is not None]
        if len(set(shown_known)) < len(shown_known):  # (a holding has no card twice)
            twice = next(c for c in shown_known if shown_known.count(c) > 1)
            raise self._illegal("duplicate-card", f"{player} shows {twice} twice", at)
        unknown_shown = len(cards) - len(shown_known)
        missing = [c for c in hand if c is not None and c not in shown_known]
        if len(missing) > unknown_shown:
            raise self._illegal(
                "show-not-held",
                f"{player} shows {format_cards(cards)}, but holds {format_cards(missing)}",
                at,
            )
        extra = [c for c in shown_known if c not in hand]
        if len(extra) > hand.count(None):
            raise self._illegal(
                "show-not-held",
                f"{player} shows {format_cards(extra)}, but holds {format_cards(hand)}",
                at,
            )
        loc = self._loc
        maybe = MAYBE + player
        his = 0  # his own cards he may have thrown unnamed
        for card in extra:
            index = _INDEX[card]
            if loc[index] is not None:
                if loc[index] != maybe:
                    raise self._duplicate(card, index, player, at)
                his += 1
        self._fits_unseen(player, held, [c for c in extra if loc[_INDEX[c]] is None], "shows", at)
        if his and self._times is not None:  # (they may be in any of his slots)
            self._times.drop_oldest(player, his)
        for card in extra:
            index = _INDEX[card]
            loc[index] = player
            self._at[index] = at
            held[held.index(None)] = index
        if unknown_shown:
            return None
        return tuple(shown_known)

    def _miscounted(
        self, player: str, shown: int, held: str, at: int, when: str = ""
    ) -> IllegalAction:
        """``show-count``: ``player`` shows ``shown`` cards (``when``), but ``held``."""
        cards = f"{shown} card{'' if shown == 1 else 's'}"
        return self._illegal("show-count", f"{player} shows {cards}{when}, but {held}", at)

    def show_folded(self, player: str, cards: Sequence[Card | None], at: int) -> None:
        """Check the cards a player shows after folding against the hand he folded, as a
        live player's show is checked (:meth:`show`): as many cards, none twice, each one he
        held or, where his card was never seen, one that was nowhere else while he held his
        cards: not in another's hand nor dead (or thrown unnamed by another) when he folded,
        nor placed anywhere after it while his folded cards were dead, until the reshuffle
        that took them back (:meth:`_elsewhere`).  After that reshuffle a card of his may be
        another player's (the folded hand went into it).  The cards shown are then known: dead
        from his fold on, so nobody else shows them, until that reshuffle."""
        folded = self._folded.get(player)
        if folded is None:  # folded before any deal: nothing to hold
            raise self._illegal("show-not-held", f"{player} shows cards he was never dealt", at)
        held, reshuffles, slots, folded_at = folded
        if len(cards) != len(held):
            raise self._miscounted(player, len(cards), f"folded {len(held)}", at, " after folding")
        shown_known = [c for c in cards if c is not None]
        if len(set(shown_known)) < len(shown_known):
            twice = next(c for c in shown_known if shown_known.count(c) > 1)
            raise self._illegal("duplicate-card", f"{player} shows {twice} twice", at)
        hand = _cards(held)
        extra = [c for c in shown_known if c not in hand]
        # Where the cards were while his folded cards were dead: now, or just before the
        # reshuffle that took them back.
        times = self._times
        if reshuffles == self.reshuffles:
            loc, since = self._loc, self._at
        else:
            assert times is not None
            loc, since = times.before[reshuffles]
        for card in extra:
            index = _INDEX[card]
            where = loc[index]
            if where is not None and (where != MUCK or since[index] != folded_at):
                raise self._elsewhere(player, card, where, since[index], folded, at)
        if len(extra) > hand.count(None):
            raise self._illegal(
                "show-not-held",
                f"{player} shows {format_cards(extra)} after folding, but folded "
                f"{format_cards(hand)}",
                at,
            )
        if slots is not None:  # the reshuffles while he held them (later ones took them in)
            self._fill(player, slots, 0, extra, reshuffles, at, "shows")
        for card in extra:  # his folded cards: dead until the reshuffle that took them back
            index = _INDEX[card]
            loc[index] = MUCK
            since[index] = folded_at
            held[held.index(None)] = index
            if reshuffles < self.reshuffles and times is not None:
                times.folded(index, reshuffles)

    def _elsewhere(
        self,
        player: str,
        card: Card,
        where: str,
        line_at: int,
        folded: tuple[list[int | None], int, list[int] | None, int],
        at: int,
    ) -> IllegalAction:
        """``show-not-held``: ``player`` shows after folding (``folded``: his hand, the
        reshuffles before, his slots' times, the fold's event) ``card``, which was ``where`` (a
        player, dead, or another's thrown unnamed) from ``line_at`` on, when he folded or after
        it, while his folded cards were dead (seeds README item 3)."""
        reshuffles, folded_at = folded[1], folded[3]
        line = self.where(line_at).line
        if where == MUCK:
            state = f"had gone to the discards (line {line})"
        elif where[:1] == MAYBE:
            state = f"was in {where[1:]}'s hand or discarded (line {line})"
        else:
            state = f"was in {where}'s hand (line {line})"
        fold_line = self.where(folded_at).line
        if line_at < folded_at:
            why = f"when he folded (line {fold_line}) {card} {state}"
        else:
            if where == MUCK:
                state = f"went to the discards (line {line})"
            times = self._times
            until = (
                f" until the discards were reshuffled {times.cleared[reshuffles][0]}"
                if times is not None and reshuffles < self.reshuffles
                else ""
            )
            why = (
                f"after he folded (line {fold_line}) {card} {state}, while the cards he folded "
                f"were dead{until}"
            )
        return self._illegal(
            "show-not-held",
            f"{player} shows {card} after folding, but {why} (seeds README item 3: a card is "
            "in one place at a time)",
            at,
        )

    def known_part(self, player: str) -> tuple[list[Card], int, list[Card]]:
        """The cards of the player's holding that are known, how many are not, and the cards
        those may be: the cards whose place is not known (no player holds them as far as the
        record says, and none is a dead card the stub has not taken back), and his own known
        cards he may have thrown unnamed."""
        hand = self._hold[player]
        held = [_CARD_AT(i) for i in hand if i is not None]
        maybe = MAYBE + player  # his own card he may have thrown: may still be his
        free = [_CARD_AT(i) for i, where in enumerate(self._loc) if where is None or where == maybe]
        return held, len(hand) - len(held), free

    def known_hand(self, player: str) -> tuple[Card, ...] | None:
        """The player's full holding if every card is known, else None."""
        hand = self._hold[player]
        if not hand or None in hand:
            return None
        return tuple(map(_CARD_AT, cast("list[int]", hand)))
