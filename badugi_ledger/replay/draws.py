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

Every deal and draw of every replayed hand passes through here, so the tracker works on card
indices (0..51, :data:`~badugi_ledger.model.cards.CARD_INDEX`): holdings are lists of indices
(``None`` unseen), and where each known card is, a list indexed by card (list subscripts by
small ints are the cheapest look-up Python has; bit masks of 52 bits are not, every operation
makes a new integer); :class:`Card` objects appear only where a value leaves the tracker, and
a message is built only when it is raised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import cast

from ..model.cards import CARD_INDEX, DECK, Card, format_cards
from ..model.errors import NOWHERE, IllegalAction, Position
from ..model.settings import ReshuffleRule
from .slot_times import SlotTimes, Stock

MUCK = "\x00discards"
MAYBE = "\x01"
"""Prefix of a known card's location once its holder threw cards the record does not name:
``MAYBE + player`` is "still in his hand, or discarded"."""
DECK_SIZE = 52
_INDEX = CARD_INDEX
_CARD_AT = DECK.__getitem__


def _join(note: str, more: str) -> str:
    return f"{note}; {more}" if note and more else note or more


def _cards(hand: Sequence[int | None]) -> list[Card | None]:
    """A holding of card indices as cards (``None`` stays unseen)."""
    return [None if i is None else DECK[i] for i in hand]


def _already_held(player: str, card: Card, holder: str) -> str:
    return f"{player} gets {card}, but {card} is already in {holder}'s hand"


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


class CardTracker:
    """Where every known card is, what each player holds, and how big the stub is."""

    __slots__ = (
        "hand_size",
        "_hold",
        "_folded",
        "_loc",
        "_at",
        "stub",
        "pool",
        "rule",
        "reshuffles",
        "discards_first",
        "live",
        "waiting",
        "where",
        "_unnamed",
        "_threw_unnamed",
        "_bound",
        "_times",
    )

    def __init__(
        self,
        hand_size: int,
        players: Sequence[str],
        rule: ReshuffleRule,
        where: Callable[[int], Position] = lambda at: NOWHERE,
    ) -> None:
        self.where = where
        """The position of the record's event at an index: the tracker's methods take the
        index (``at``) of the event they apply, and a position is made only for an error."""
        self.hand_size = hand_size
        hold: dict[str, list[int | None]] = {}
        for p in players:  # a loop, not a comprehension: no function made for every hand
            hold[p] = [None] * hand_size
        self._hold = hold
        """Each player's cards as indices into DECK, ``None`` where unseen."""
        self._folded: dict[str, tuple[list[int | None], int, list[int] | None, int]] = {}
        """The cards each player who folded held when he did, the reshuffles before, after
        one, when his unseen cards were dealt (:class:`SlotTimes`), and the fold's event
        (:meth:`show_folded`)."""
        self._loc: list[str | None] = [None] * DECK_SIZE
        """By card index: the player holding that known card, :data:`MUCK` for a known dead
        card (discarded, folded, not reshuffled since), :data:`MAYBE` + the player for a known
        card of his that he may have thrown unnamed (not reshuffled since), or None."""
        self._at: list[int] = [0] * DECK_SIZE
        """By card index: the event (its index) that put a known card where ``_loc`` says, so
        that a message can name its line, and a folded hand's show tell the cards it folded
        from those that were elsewhere (:meth:`show_folded`)."""
        self.stub: int | None = DECK_SIZE - hand_size * len(players)
        self.pool = 0
        """Dead cards (discards, folded hands, burns) that a reshuffle would put back into play."""
        self.rule = rule
        self.reshuffles = 0
        self.discards_first = rule == "discards-first"
        self.live = len(players)
        """Players still holding cards: every one of them draws (or stands pat) in each draw."""
        self.waiting: list[tuple[str, Sequence[Card | None], Sequence[Card | None], int]]
        self.waiting = []
        """``discards-first``: the draws of the current draw, discarded but not yet served."""
        self._unnamed: list[int] = []
        """The known cards the player drawing now held when he threw cards the record does not
        name: each is his or one of his own throws, which ``exclude-own`` does not reshuffle."""
        self._threw_unnamed: set[str] = set()
        """The players who threw cards the record does not name while holding known ones: only
        their known cards may be marked :data:`MAYBE` (whom :meth:`fold` looks for)."""
        self._bound: dict[str, int] = {}
        """By player, how many of his unseen slots surely hold known cards of his he may have
        thrown unnamed (at least; a card whose place is not known fits only in the others)."""
        self._times: SlotTimes | None = None
        """From the first reshuffle on: when each unseen card was dealt, and what each
        reshuffle took back into the stub."""

    def _illegal(self, rule: str, message: str, at: int) -> IllegalAction:
        return IllegalAction(message, position=self.where(at), rule=rule)

    @property
    def hold(self) -> dict[str, list[Card | None]]:
        """What each player holds now, as cards (``None`` unseen; a copy)."""
        return {p: _cards(hand) for p, hand in self._hold.items()}

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

    def _give(
        self,
        player: str,
        hand: list[int | None],
        cards: Sequence[Card | None],
        at: int,
        kept: Sequence[Card | None] = (),
    ) -> None:
        """Put ``cards`` (dealt or served) into ``player``'s ``hand``; a known card already in
        a hand or dead is a duplicate.  ``kept``: the cards a reshuffle just made to serve
        ``player`` left out (his own throws, under ``exclude-own``)."""
        loc = self._loc
        since = self._at
        for card in cards:
            if card is None:
                hand.append(None)
                continue
            index = _INDEX[card]
            if loc[index] is not None:
                raise self._duplicate(card, index, player, at, kept)
            loc[index] = player
            since[index] = at
            hand.append(index)

    def _duplicate(
        self, card: Card, index: int, player: str, at: int, kept: Sequence[Card | None] = ()
    ) -> IllegalAction:
        """``player`` gets ``card`` (at ``index``), which is already in a hand or dead: said
        with the reshuffle rule (seeds README item 3) when the card is a discard."""
        where = self._loc[index]
        assert where is not None
        if where[:1] == MAYBE:
            if kept and index in self._unnamed:
                why = (
                    "it is still there or one of his discards of this draw, which the "
                    "reshuffle that served him leaves out (seeds README item 3, rule exclude-own)"
                )
            else:
                why = "it is still there or discarded, and has not been reshuffled since"
                why += " (seeds README item 3)"
            return self._illegal(
                "duplicate-card",
                f"{player} gets {card}, but {card} was in {where[1:]}'s hand when he threw "
                f"cards the record does not name: {why}",
                at,
            )
        if where == MUCK:
            if card in kept:
                why = (
                    f"{player} threw {card} in this draw, and the reshuffle that served him "
                    "leaves out his own discards (seeds README item 3, rule exclude-own)"
                )
            elif self.reshuffles:
                why = (
                    f"{card} was already discarded in this hand and has not been reshuffled "
                    "since (seeds README item 3)"
                )
            else:
                why = (
                    f"{card} was already discarded in this hand, and the stub has not run out: "
                    "a discard comes back only when the discards are reshuffled (seeds README "
                    "item 3)"
                )
            return self._illegal("duplicate-card", f"{player} gets {card}, but {why}", at)
        return self._illegal("duplicate-card", _already_held(player, card, where), at)

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

    def _fits_unseen(
        self, player: str, hand: list[int | None], cards: Sequence[Card], verb: str, at: int
    ) -> None:
        """``cards``, whose place is not known, fill unseen slots of ``player``'s ``hand``: not
        those that surely hold his known cards he may have thrown unnamed (``discard-not-held``,
        ``show-not-held``), nor, after a reshuffle, one dealt before a reshuffle that took the
        card back into the stub (:meth:`_fill`).  Seeds README item 3: a card is in one place
        at a time."""
        bound = self._bound.get(player, 0)
        if len(cards) <= hand.count(None) - bound:
            if self._times is not None:
                self._fill(
                    player, self._times.slots[player], bound, cards, self.reshuffles, at, verb
                )
            return
        maybe = MAYBE + player
        his = [_CARD_AT(i) for i, where in enumerate(self._loc) if where == maybe]
        known = [_CARD_AT(i) for i in hand if i is not None]
        held = f"{format_cards(known)} and " if known else ""
        raise self._illegal(
            "discard-not-held" if verb == "discards" else "show-not-held",
            f"{player} {verb} {format_cards(cards)}, but holds {held}{hand.count(None)} unseen "
            f"card{'' if hand.count(None) == 1 else 's'}, {bound} of them among "
            f"{format_cards(his)}, which he held when he threw cards the record does not name",
            at,
        )

    def _fill(
        self,
        player: str,
        slots: list[int],
        reserved: int,
        cards: Sequence[Card],
        upto: int,
        at: int,
        verb: str,
    ) -> None:
        """``cards`` fill ``player``'s unseen ``slots`` (:meth:`SlotTimes.fill`), or
        ``duplicate-card``: one of them was a dead card (or another's) when every slot it
        could be was dealt."""
        times = self._times
        assert times is not None
        misfit = times.fill(player, slots, reserved, [_INDEX[c] for c in cards], upto)
        if misfit is not None:
            raise self._illegal("duplicate-card", times.words(player, verb, misfit), at)

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

    # --- showdown -------------------------------------------------------------------------

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
