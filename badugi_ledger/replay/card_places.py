"""Where each known card of a hand is, for the card tracker (:mod:`.draws`): its state, the
placing of a known card dealt or served, the ``duplicate-card`` error when the card is already
somewhere, and the fitting of a card whose place is not known into a player's unseen slots.

Why a module of its own: a deal, a draw and a show all place cards, and all are held to the
same facts (seeds README item 3: a card is in one place at a time); they are kept here, on
:class:`CardPlaces`, which the tracker's class takes them from, so that the state stays one
object and every rule about a card's place is written once.

Every deal and draw of every replayed hand passes through here, so the tracker works on card
indices (0..51, :data:`~badugi_ledger.model.cards.CARD_INDEX`): holdings are lists of indices
(``None`` unseen), and where each known card is, a list indexed by card (list subscripts by
small ints are the cheapest look-up Python has; bit masks of 52 bits are not, every operation
makes a new integer); :class:`Card` objects appear only where a value leaves the tracker, and
a message is built only when it is raised.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model.cards import CARD_INDEX, DECK, Card, format_cards
from ..model.errors import NOWHERE, IllegalAction, Position
from ..model.settings import ReshuffleRule
from .slot_times import SlotTimes

MUCK = "\x00discards"
MAYBE = "\x01"
"""Prefix of a known card's location once its holder threw cards the record does not name:
``MAYBE + player`` is "still in his hand, or discarded"."""
DECK_SIZE = 52
_INDEX = CARD_INDEX
_CARD_AT = DECK.__getitem__


def _cards(hand: Sequence[int | None]) -> list[Card | None]:
    """A holding of card indices as cards (``None`` stays unseen)."""
    return [None if i is None else DECK[i] for i in hand]


def _already_held(player: str, card: Card, holder: str) -> str:
    return f"{player} gets {card}, but {card} is already in {holder}'s hand"


class CardPlaces:
    """Where every known card is and what each player holds: the state of
    :class:`~badugi_ledger.replay.draws.CardTracker`, and the placing of cards it shares."""

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
