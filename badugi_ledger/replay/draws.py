"""Card knowledge and the stub during one hand: deals, draws, buys, folds and shows.

The recorder often knows only some cards (their own, the showdown), so every holding is a list
of known cards and unknown slots (``None``).  What the tracker enforces:

* no known card is in two places at once (``duplicate-card``): every known card has one
  location, a player's hand or the discard pile, or, once the player threw cards the record
  does not name, "his hand or the discard pile" (either way no one else's, and not in the stub
  until a reshuffle);
* a known discard is a card the player holds, or fills one of their unknown slots
  (``discard-not-held``);
* the stub size, which is known even when the cards are not: 52 minus the cards dealt and
  drawn.  When it cannot serve a draw, the dead cards (discards and folded hands, and burn
  cards where the house burns) are shuffled into a new stub; under the default house rule
  ``exclude-own`` (seeds README item 3, ``001``) the cards the player being served has just
  thrown are not part of it.  If even that cannot serve the draw, the history is impossible
  (``stub-exhausted``).  After a reshuffle the reshuffled cards may legally be dealt again,
  from the new stub only: a card a player was dealt before it and still holds is none of them,
  whether he shows it, discards it or shows it after folding (``duplicate-card``,
  :mod:`~badugi_ledger.replay.slot_times`).

Under the house rule ``discards-first`` (PHH, as PokerKit deals) a draw is dealt differently:
every player of the draw discards, one card is burned, then each is served in turn, and a
reshuffle takes in every dead card: burn cards, folded hands and every discard, the whole
draw's included (the served player's own, and those of players after them).  The draw's
cards are served once its last player has discarded.  Home games burn no card.

The tracker's state and the placing of a known card are :mod:`.card_places`; the checks of the
cards shown, :mod:`.shown_cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from ..model.cards import Card, format_cards
from ..model.errors import IllegalAction, Position
from .card_places import _INDEX, MAYBE, MUCK, _already_held, _cards
from .shown_cards import ShownCards
from .slot_times import SlotTimes, Stock


def _join(note: str, more: str) -> str:
    return f"{note}; {more}" if note and more else note or more


def dealt_twice(
    deals: Iterable[tuple[int, str, Sequence[Card | None]]], where: Callable[[int], Position]
) -> Iterator[IllegalAction]:
    """The ``duplicate-card`` error of every known card a deal gives that a deal before it
    gave (``deals``: where each stands, whom it deals, what), in order: a mistake of the
    record whatever the play, since every deal comes before the first draw (a deal after it
    is refused, ``event-order``), when no card has come back yet.  Listed beside the rule a hand
    broke (the replay stops there), so that one run of ``check`` shows each.  A player dealt
    known cards twice is the deal's own mistake (``deal-twice``): his second deal is left
    out."""
    held: dict[int, str] = {}
    dealt: set[str] = set()
    for at, player, cards in deals:
        if player in dealt:
            continue
        known = [card for card in cards if card is not None]
        if known:
            dealt.add(player)
        for card in known:
            index = _INDEX[card]
            holder = held.get(index)
            if holder is None:
                held[index] = player
            else:
                yield IllegalAction(
                    _already_held(player, card, holder), position=where(at), rule="duplicate-card"
                )


class CardTracker(ShownCards):
    """Where every known card is, what each player holds, and how big the stub is."""

    __slots__ = ()

    # --- the deal -------------------------------------------------------------------------

    def deal(self, player: str, cards: Sequence[Card | None], at: int) -> None:
        """Record the cards ``player`` was dealt (``None`` = unseen; short tuples are padded)."""
        if len(cards) > self.hand_size:
            raise self._illegal(
                "deal-count",
                f"{player} is dealt {len(cards)} cards; this game deals {self.hand_size}",
                at,
            )
        hold = self._hold
        hand = hold[player]
        if hand.count(None) != len(hand):  # a known card is there already
            raise self._illegal("deal-twice", f"{player}'s cards are dealt twice", at)
        hand = hold[player] = []
        self._give(player, hand, cards, at)
        if len(hand) < self.hand_size:
            hand += [None] * (self.hand_size - len(hand))
        if self._times is not None:  # (the replay deals before any draw)
            self._times.reset(player, hand.count(None))

    # --- draws ----------------------------------------------------------------------------

    def draw(
        self,
        player: str,
        discards: Sequence[Card | None],
        received: Sequence[Card | None],
        at: int,
    ) -> str:
        """One player's draw: ``discards`` go to the discard pile and ``received`` come from
        the stub (reshuffling if it runs out), served at once, or under ``discards-first`` once
        every player of the draw has discarded.  Returns a note when a
        reshuffle happened, else ``""``."""
        first = self.discards_first
        if not first and not received and not discards:
            return ""  # standing pat changes nothing
        self._unnamed = []
        # The discards (inline: every draw of every hand passes here).
        hand = self._hold[player]
        loc = self._loc
        for card in discards:
            if card is not None:
                index = _INDEX[card]
                if loc[index] == player:  # the usual: a known card held
                    hand.remove(index)
                    loc[index] = MUCK
                    self._at[index] = at
                    continue
            self._discard_other(player, hand, card, at)
        self.pool += len(discards)
        if not first:
            return self._serve(player, discards, received, at)
        waiting = self.waiting
        waiting.append((player, discards, received, at))
        if len(waiting) < self.live:
            return ""
        note = self._burn(at)
        for who, thrown, cards, at in waiting:
            note = _join(note, self._serve(who, thrown, cards, at))
        waiting.clear()
        return note

    def _serve(
        self,
        player: str,
        thrown: Sequence[Card | None],
        received: Sequence[Card | None],
        at: int,
    ) -> str:
        """Deal ``received`` to ``player`` (who threw ``thrown`` in this draw) from the stub."""
        n = len(received)
        stub = self.stub
        note = ""
        kept: Sequence[Card | None] = ()
        if stub is not None:
            if n > stub:
                note = self._reshuffle(player, n, thrown, at)
                kept = thrown if self.rule == "exclude-own" else ()
            else:
                self.stub = stub - n
        self._give(player, self._hold[player], received, at, kept)
        times = self._times
        if times is not None:  # (inline: every draw after a reshuffle)
            if None in received:
                times.slots[player] += [self.reshuffles] * received.count(None)
            if stub is not None and times.dead:  # (a draw not recorded may reshuffle unseen)
                # The known cards come from the stub the last reshuffle made: each a discard it
                # took back or one of its few other cards (SlotTimes.room), else the card was
                # in a player's hand (or among the discards it left out).
                took = times.dead
                for card in received:
                    if (
                        card is not None
                        and took.get(_INDEX[card]) != ""
                        and not times.served(_INDEX[card], player, at)
                    ):
                        raise self._illegal(
                            "duplicate-card", times.no_room(player, _INDEX[card], self.where), at
                        )
        return note

    def _burn(self, at: int) -> str:
        """One unseen card from the stub to the dead cards (reshuffling first if it is empty)."""
        note = ""
        if self.stub is None:
            return note
        if self.stub == 0:
            note = self._reshuffle("", 1, (), at)  # which serves the burn card
        else:
            self.stub -= 1
        self.pool += 1
        return note

    def _discard_other(
        self, player: str, hand: list[int | None], card: Card | None, at: int
    ) -> None:
        """A discard that is not simply a known card the player holds: an unknown card, a
        card that fills one of the player's unknown slots, or an impossible one."""
        loc = self._loc
        bound = self._bound
        if card is None:
            if None in hand and len(hand) == hand.count(None):
                hand.remove(None)
                if bound.get(player):  # (the card thrown may be one of them)
                    bound[player] -= 1
                if self._times is not None:  # (inline: SlotTimes.drop_oldest)
                    del self._times.slots[player][:1]
            else:
                # Which card went is unknown, a known one as well as an unseen one: his known
                # cards become unseen slots (any may be gone; what he shows later is checked
                # against nothing false), each still his or dead until a reshuffle.
                maybe = MAYBE + player
                self._threw_unnamed.add(player)
                known_cards = 0
                for known in hand:
                    if known is not None and loc[known] == player:
                        loc[known] = maybe
                        self._at[known] = at
                        self._unnamed.append(known)
                        known_cards += 1
                # The card thrown was one of his known cards or of those slots, or another.
                bound[player] = max(0, bound.get(player, 0) + known_cards - 1)
                hand[:] = [None] * (len(hand) - 1)
                if self._times is not None:  # his known cards' slots: as if dealt now
                    self._times.dealt(player, known_cards)
                    self._times.drop_oldest(player, 1)
            return
        index = _INDEX[card]
        where = loc[index]
        if where is None or where == MAYBE + player:
            if None not in hand:
                raise self._illegal(
                    "discard-not-held",
                    f"{player} discards {card}, but holds {format_cards(_cards(hand))}",
                    at,
                )
            if where is None:
                self._fits_unseen(player, hand, [card], "discards", at)
            else:
                if bound.get(player):
                    bound[player] -= 1
                if self._times is not None:
                    self._times.drop_oldest(player, 1)
            hand.remove(None)
        elif where == MUCK:
            raise self._illegal(
                "duplicate-card",
                f"{player} discards {card}, but {card} was already discarded in this hand",
                at,
            )
        elif where[:1] == MAYBE:
            raise self._illegal(
                "duplicate-card",
                f"{player} discards {card}, but {card} is in {where[1:]}'s hand or discarded",
                at,
            )
        else:
            raise self._illegal(
                "duplicate-card",
                f"{player} discards {card}, but {card} is in {where}'s hand",
                at,
            )
        loc[index] = MUCK
        self._at[index] = at

    def _reshuffle(self, player: str, n: int, thrown: Sequence[Card | None], at: int) -> str:
        """The stub cannot serve ``n`` cards: shuffle the dead cards into a new stub (not the
        cards ``player`` threw in this draw under ``exclude-own``) and serve from it.  An empty
        ``player`` is the burn card of ``discards-first``."""
        stub = self.stub
        assert stub is not None
        own = len(thrown) if self.rule == "exclude-own" else 0  # all-discards, discards-first
        available = self.pool - own
        if stub + available < n:
            who = f"{player} draws {n}" if player else "a card is burned"
            raise self._illegal(
                "stub-exhausted",
                f"{who}, but only {stub} card{' is' if stub == 1 else 's are'} left in the "
                f"stub and {available} discard{'' if available == 1 else 's'} can be reshuffled "
                f"(seeds README item 3, rule {self.rule})",
                at,
            )
        # The reshuffled discards become unknown stub cards and may be dealt again.
        kept = {_INDEX[c] for c in thrown if c is not None} if own else set()
        if own:  # his known cards he may have thrown unnamed now: his, or left out
            kept.update(self._unnamed)
        loc = self._loc
        before = (loc[:], self._at[:])  # (for a hand folded before it, show_folded)
        cleared: dict[int, str] = {}
        dead = 0
        for index, where in enumerate(loc):
            if where is not None and (where == MUCK or where[:1] == MAYBE) and index not in kept:
                loc[index] = None  # (a card one may have thrown before: his, or in the stub)
                if where == MUCK:
                    cleared[index] = ""
                    dead += 1
                else:
                    cleared[index] = where[1:]
        if self._times is None:
            self._times = SlotTimes(self._hold)
        self._times.took(
            f"when {player} drew {n}" if player else "when a card was burned",
            cleared,
            before,
            Stock(stub, available - dead, at),
        )
        self._bound.clear()  # a card he may have thrown may be in the stub now
        self.stub = available - (n - stub)
        self.pool = own
        self.reshuffles += 1
        if not player:
            return (
                f"the stub ran out when a card was burned: {available} dead "
                f"card{'' if available == 1 else 's'} reshuffled"
            )
        return (
            f"the stub ran out when {player} drew {n}: {available} "
            f"discard{'' if available == 1 else 's'} reshuffled "
            f"({'not ' if own else ''}counting {player}'s own)"
        )

    def forget(self, players: Sequence[str]) -> None:
        """A draw was not recorded: these holdings and the stub size become unknown."""
        hold = self._hold
        loc = self._loc
        for p in players:
            maybe = MAYBE + p
            for index, where in enumerate(loc):
                if where in (p, maybe):
                    loc[index] = None
            hold[p] = [None] * self.hand_size
            self._bound.pop(p, None)
            if self._times is not None:
                self._times.reset(p, self.hand_size)
        self.stub = None
        self.waiting.clear()

    def fold(self, player: str, at: int) -> None:
        """A folded hand goes to the discards (and into any later reshuffle)."""
        hand = self._hold[player]
        loc = self._loc
        since = self._at
        for index in hand:
            if index is not None:
                loc[index] = MUCK
                since[index] = at
        self._bound.pop(player, None)
        if player in self._threw_unnamed:  # (else no card is marked his maybe: no pass)
            maybe = MAYBE + player
            for index, where in enumerate(loc):
                if where == maybe:  # in the folded hand or discarded: dead either way
                    loc[index] = MUCK
                    since[index] = at  # (the fold's: show_folded tells them by it)
        times = self._times
        slots = None if times is None else times.slots[player][:]
        self._folded[player] = (hand[:], self.reshuffles, slots, at)
        self.pool += len(hand)
        if hand:
            self.live -= 1
        hand.clear()
