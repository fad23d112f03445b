"""When each unseen card of a hand was dealt, counted in reshuffles, and what each reshuffle took.

A reshuffle brings the discards back into play (``000``: "the dealer shuffles the discarded
cards into a new draw pile"; ``001``: "the mucked cards ... are shuffled together"), but only
for the cards dealt from the new stub.  A card a player was dealt before it and still holds was
in his hand all along, while the cards it took were dead (or in another player's hand), so it
is none of them (seeds README item 3: a card is in one place at a time).  The card tracker
(:class:`~badugi_ledger.replay.draws.CardTracker`, the one owner of where cards are) keeps a
:class:`SlotTimes` from the first reshuffle of a hand on; before it every card was dealt before
any reshuffle, and hands without one (nearly all) pay nothing for this.

Which unseen slot a card fills, or which one a player threw when the record does not say, is
not known: each choice here leaves the player the latest slots it can (the earliest slot a
card fits goes, the earliest slot goes when which one is unknown, a slot whose time is not
known counts as dealt now), so the slots kept are never earlier than those truly left and a
legal hand is never refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model.cards import DECK


@dataclass(frozen=True, slots=True)
class Misfit:
    """A card that fits none of a player's unseen slots: each was dealt before the ``need``-th
    reshuffle, which took the card back into the stub; ``later`` slots dealt since are taken
    by the other cards."""

    index: int
    need: int
    later: int


class SlotTimes:
    """By player, how many reshuffles came before each of his unseen slots was dealt; by
    reshuffle, when it came and the known cards it took back into the stub."""

    __slots__ = ("slots", "cleared", "last")

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

    def took(self, when: str, cleared: dict[int, str]) -> None:
        """A reshuffle (``when``: for a message) took ``cleared`` back into the stub."""
        self.cleared.append((when, cleared))
        k = len(self.cleared)
        last = self.last
        for index in cleared:
            last[index] = k

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
