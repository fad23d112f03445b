"""When each unseen card of a hand was dealt, counted in reshuffles, and what each reshuffle took.

A reshuffle brings the discards back into play (``000``: "the dealer shuffles the discarded
cards into a new draw pile"; ``001``: "the mucked cards ... are shuffled together"), but only
for the cards dealt from the new stub.  A card a player was dealt before it and still holds was
in his hand all along, while the cards it took were dead (or in another player's hand), so it
is none of them (seeds README item 3: a card is in one place at a time).  The card tracker
(:class:`~badugi_ledger.replay.draws.CardTracker`, the one owner of where cards are) keeps a
:class:`SlotTimes` from the first reshuffle of a hand on; before it every card was dealt before
any reshuffle, and hands without one (nearly all) pay nothing for this.

The same holds the other way: the new stub is the discards it took back, the cards left in the
old one and the discards the record does not name, so a known card dealt from it that was none of
those discards is one of those few others (:class:`Stock`, :meth:`SlotTimes.served`); one more is
a card that was in a player's hand.  And a hand folded before a reshuffle held none of the cards
known elsewhere until it (:attr:`SlotTimes.before`, for
:meth:`~badugi_ledger.replay.draws.CardTracker.show_folded`).

Which unseen slot a card fills, or which one a player threw when the record does not say, is
not known: each choice here leaves the player the latest slots it can (the earliest slot a
card fits goes, the earliest slot goes when which one is unknown, a slot whose time is not
known counts as dealt now), so the slots kept are never earlier than those truly left and a
legal hand is never refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..model.cards import DECK
from ..model.errors import Position
from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields


@frozen_fields
class Misfit:
    """A card that fits none of a player's unseen slots: each was dealt before the ``need``-th
    reshuffle, which took the card back into the stub; ``later`` slots dealt since are taken
    by the other cards.  Frozen as the model's values are (:mod:`badugi_ledger.model.frozen`):
    nothing compiled at start."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    index: int
    need: int
    later: int

    def __init__(self, index: int, need: int, later: int) -> None:
        object.__setattr__(self, "__dict__", {"index": index, "need": need, "later": later})


@frozen_fields
class Stock:
    """What a reshuffle made its new stub of besides the known discards it took back: the
    ``left`` cards of the old stub and ``unnamed`` dead cards the record does not name (or names
    as thrown unnamed); ``at``: the event of the draw (or burn) it served.  Frozen as
    :class:`Misfit` is."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    left: int
    unnamed: int
    at: int

    def __init__(self, left: int, unnamed: int, at: int) -> None:
        object.__setattr__(self, "__dict__", {"left": left, "unnamed": unnamed, "at": at})


class SlotTimes:
    """By player, how many reshuffles came before each of his unseen slots was dealt; by
    reshuffle, when it came and the known cards it took back into the stub."""

    __slots__ = ("slots", "cleared", "last", "before", "stock", "dead", "room", "taken")

    def __init__(self, hold: Mapping[str, Sequence[int | None]]) -> None:
        """Made at the first reshuffle: every unseen slot so far was dealt before it."""
        self.slots = {p: [0] * hand.count(None) for p, hand in hold.items()}
        """Each list in order, earliest first: a slot dealt now goes last."""
        self.cleared: list[tuple[str, dict[int, str]]] = []
        """By reshuffle, when it came (for a message) and the known cards it took back: each
        with ``""`` when it was dead, or the player who may have thrown it unnamed (it may be
        still his)."""
        self.last = [0] * len(DECK)
        """By card index, the last reshuffle that took it back (0: none, as most cards)."""
        self.before: list[tuple[list[str | None], list[int]]] = []
        """By reshuffle, where the known cards were just before it and since which event (the
        tracker's ``_loc`` and ``_at``): a hand folded before it held none of those elsewhere."""
        self.stock = Stock(0, 0, 0)
        """The last reshuffle's new stub besides the known discards it took back."""
        self.dead: dict[int, str] = {}
        """The known discards the last reshuffle took back (by card index, each ``""``), or
        nothing when it took back none: then no card dealt from its stub is counted."""
        self.room = 0
        """How many of those other cards (:attr:`stock`) are not yet dealt as known cards."""
        self.taken: list[tuple[int, str, int]] = []
        """The known cards dealt from them: card index, player, event."""

    def took(
        self,
        when: str,
        cleared: dict[int, str],
        before: tuple[list[str | None], list[int]],
        stock: Stock,
    ) -> None:
        """A reshuffle (``when``: for a message) took ``cleared`` back into the stub, the known
        cards being where ``before`` says just before it, and made its new stub of them and
        ``stock``."""
        self.cleared.append((when, cleared))
        k = len(self.cleared)
        last = self.last
        for index in cleared:
            last[index] = k
        self.before.append(before)
        self.dead = {index: owner for index, owner in cleared.items() if not owner}
        self.stock = stock
        self.room = stock.left + stock.unnamed
        self.taken = []

    def served(self, index: int, player: str, at: int) -> bool:
        """``player`` is dealt the card at ``index`` (known, none of the discards the last
        reshuffle took back) from its stub at event ``at``: one of its other cards (its
        :attr:`room`), if any is left; False when none is (the card cannot be in that stub)."""
        if not self.room:
            return False
        self.room -= 1
        self.taken.append((index, player, at))
        return True

    def no_room(self, player: str, index: int, where: Callable[[int], Position]) -> str:
        """Why ``player`` cannot be dealt the card at ``index`` (:meth:`served`)."""
        when, cleared = self.cleared[-1]
        stock = self.stock
        card = DECK[index]
        dead = sum(1 for owner in cleared.values() if not owner)
        others = stock.left + stock.unnamed
        taken = ", ".join(f"{DECK[i]} to {p} (line {where(at).line})" for i, p, at in self.taken)
        return (
            f"{player} gets {card}, but the stub the discards were reshuffled into {when} "
            f"(line {where(stock.at).line}) held the {dead} known "
            f"discard{'' if dead == 1 else 's'} it took back and {others} other "
            f"card{'' if others == 1 else 's'} (the "
            f"{stock.left} left in the stub and {stock.unnamed} dead card"
            f"{'' if stock.unnamed == 1 else 's'} the record does not name)"
            + (f", dealt already: {taken}" if taken else "")
            + f"; {card}, none of those discards, was in a player's hand or left out of the "
            "reshuffle (seeds README item 3; 001: the mucked cards are shuffled together with "
            "any remaining cards to form a new deck)"
        )

    def folded(self, index: int, k: int) -> None:
        """The card at ``index`` was in a hand folded before the ``k + 1``-th reshuffle, which
        took it back into the stub as a dead card: a slot dealt before it cannot hold it."""
        self.cleared[k][1][index] = ""
        self.last[index] = max(self.last[index], k + 1)

    def dealt(self, player: str, n: int) -> None:
        """``player`` is dealt ``n`` unseen cards now."""
        self.slots[player] += [len(self.cleared)] * n

    def reset(self, player: str, n: int) -> None:
        """``player`` holds ``n`` unseen cards dealt when is not known: as if now."""
        self.slots[player] = [len(self.cleared)] * n

    def drop_oldest(self, player: str, n: int) -> None:
        """``n`` of ``player``'s unseen slots went, which ones not known: the earliest."""
        del self.slots[player][:n]

    def need(self, index: int, player: str, upto: int) -> int:
        """The last of the first ``upto`` reshuffles that took the card at ``index`` back into
        the stub from outside ``player``'s hand (dead, or another player's who may have thrown
        it unnamed), 0 if none: a slot of ``player``'s dealt before it cannot hold the card."""
        last = self.last[index]
        if not last:
            return 0
        cleared = self.cleared
        for k in range(min(last, upto), 0, -1):
            owner = cleared[k - 1][1].get(index)
            if owner is not None and owner != player:
                return k
        return 0

    def fill(
        self, player: str, slots: list[int], reserved: int, cards: Sequence[int], upto: int
    ) -> Misfit | None:
        """The cards at indices ``cards`` fill ``player``'s unseen slots ``slots``, each a slot
        dealt no earlier than its :meth:`need` (of the first ``upto`` reshuffles); the slots
        used leave ``slots``.  None, or the card that fits none (``slots`` untouched).

        The check leaves out the ``reserved`` earliest slots (his cards thrown unnamed hold as
        many); each card, the one needing the latest slot first, takes the earliest it fits (a
        card fits the slots from a count on, so this fills every slot that can be filled).
        Then the earliest slot each card fits, of all of them, leaves ``slots``."""
        last = self.last  # (at least each card's need: most are 0)
        if not slots or max([last[i] for i in cards], default=0) <= slots[0]:
            del slots[: len(cards)]  # (the usual: every card fits every slot)
            return None
        need_of = self.need
        free = slots[reserved:]
        needs = sorted(((need_of(i, player, upto), i) for i in cards), key=lambda n: -n[0])
        for need, index in needs:
            for i, tag in enumerate(free):
                if tag >= need:
                    del free[i]
                    break
            else:
                return Misfit(index, need, sum(tag >= need for tag in free))
        for need, _ in needs:
            slots.remove(min(tag for tag in slots if tag >= need))
        return None

    def words(self, player: str, verb: str, misfit: Misfit) -> str:
        """Why ``player`` cannot ``verb`` the card of ``misfit``."""
        when, cleared = self.cleared[misfit.need - 1]
        card = DECK[misfit.index]
        owner = cleared[misfit.index]
        was = "a dead card" if not owner else f"in {owner}'s hand or discarded"
        later = misfit.later
        if later:
            dealt = (
                f"the {later} unseen card{'' if later == 1 else 's'} {player} was dealt since "
                f"{'is' if later == 1 else 'are'} taken by the other cards"
            )
        else:
            dealt = f"every unseen card {player} holds was dealt before it"
        return (
            f"{player} {verb} {card}, but {card} was {was} until the discards were reshuffled "
            f"{when}, and {dealt}: a card dealt before a reshuffle is not one of the cards it "
            "put back into the stub (seeds README item 3; 001: the mucked cards are shuffled "
            "together to form a new deck)"
        )
