"""The claims a PHH hand makes about its outcome, as the reader turns them into events and
warnings the replay holds to its play: ``winnings`` and our ``_pot_winnings`` (collections), a
rake read from ``finishing_stacks``, and a showdown that leaves a player still in unwritten.

Why a module of its own: the reader (:mod:`.reader`) walks a hand's fields and actions; what
each claim means, and where PHH and PokerKit read it otherwise, is said here, once.
"""

from __future__ import annotations

from ..model.errors import Position
from ..model.events import Action, Collect, Event, Muck, Show
from ..model.money import CHIPS, format_amount
from ..sites.common import SiteWarning
from ..sites.draft import HandDraft
from .fields import HandFields
from .positions import FieldItems

POT_WINNINGS_FIELD = "_pot_winnings"
"""User-defined field our writer gives a hand with a rake and more than one pot won: each pot's
winnings after its rake, the main pot first, one amount per player in ``players`` order (PHH's
``winnings`` per pot), in one list (the pots one after the other: a flat list, as every PHH
field is).  PHH keeps one rake (our ``_rake``, kept for readers that know only it),
and a rake is taken from the main pot first when nothing says otherwise (``replay/showdown.py``);
a site rakes each pot (PokerStars, corpus hand 49164202872).  Read back, the amounts are the
hand's collections from each pot (``Collect`` claims, verified by the replay), which split the
rake among the pots as a site's own collections do."""

WINNINGS_FIELD = "winnings"
"""The specification's optional ``winnings`` (``optional.rst``): "the winnings (i.e. collected
pots)" of each player, in ``players`` order, after the rake when one is taken.  Read as the
hand's collections (``Collect`` claims naming no pot, one per amount that is not 0), which the
replay checks as it checks any recorded collection (``replay/claims.py``): a player's amount
that is not what the replay pays him is a ``collect`` mismatch at its item."""

UNSHOWN_AT_SHOWDOWN = "no-show-action"
"""The warning of a hand whose showdown (some player's ``sm``) leaves out a player still in."""


def unshown_at_showdown(events: list[Event], names: list[str], draft: HandDraft) -> list[str]:
    """The players still in (dealt known cards, never folded) who have no ``sm`` in a hand
    whose showdown has begun (some ``sm``): our replay settles the pot with the hand each
    holds, as cards speak at a card room; PokerKit's ``HandHistory`` fills the missing action
    with ``show_or_muck_hole_cards(())``, which leaves the player no cards: a muck."""
    showdown = {e.player for e in events if type(e) is Show or type(e) is Muck}
    if not showdown:
        return []
    folded = {e.player for e in events if type(e) is Action and e.verb == "fold"}
    return [
        name
        for name in names
        if name in draft.known_deals and name not in folded and name not in showdown
    ]


def unshown_warning(fields: HandFields, players: list[str], pos: Position) -> SiteWarning:
    """:data:`UNSHOWN_AT_SHOWDOWN`: the assumption named, and PokerKit's other reading."""
    who = ", ".join(players)
    return SiteWarning(
        fields.source,
        fields.hand_id,
        fields.label("table"),
        pos,
        UNSHOWN_AT_SHOWDOWN,
        f"{who} still in the hand at the showdown but with no sm action: read as showing the "
        "hand held (cards speak); PokerKit reads a missing sm as a muck, which loses, and may "
        "pay the pot to another player",
    )


RAKE_FROM_STACKS = "rake-from-finishing-stacks"
"""The warning of a hand whose rake is read from its finishing stacks (no ``_rake``)."""


def rake_from_finishing_stacks(fields: HandFields, rake: int, pos: Position) -> SiteWarning:
    """A hand without ``_rake`` whose ``finishing_stacks`` add up to less than its starting
    stacks: the chips missing are the house's.  The specification has finishing stacks say
    what "the parser may not be aware of", such as "the rake applied in the end", and PokerKit
    plays no rake (its ``HandHistory``'s rake function takes nothing unless its caller gives
    one, and no PHH field names one) and never compares ``finishing_stacks`` with its play: a
    file may record the rake only there.  The rake is read as the replay reads ``_rake`` (out
    of the main pot first; each player's finishing stack is still checked), and a warning
    says so: a stack mistyped lower than it was would read the same."""
    shown = format_amount(rake, fields.currency or CHIPS)
    return SiteWarning(
        fields.source,
        fields.hand_id,
        fields.label("table"),
        pos,
        RAKE_FROM_STACKS,
        f"the hand names no rake (_rake), but its finishing stacks add up to {shown} less than "
        "its starting stacks: read as the rake, taken from the main pot first",
    )


def winnings(
    fields: HandFields, names: list[str], draft: HandDraft, pos: Position
) -> tuple[FieldItems, ...]:
    """The claims of :data:`WINNINGS_FIELD` put into ``draft``, and where their items stand.
    A hand that also has :data:`POT_WINNINGS_FIELD` (each pot's collections, our writer's)
    gets no second set of claims: each player's ``winnings`` must be his amounts there, added
    up.  The claims are no part of the hand's fingerprint (``ledger/fingerprints.py``,
    :data:`~badugi_ledger.ledger.fingerprints.CLAIMS_ADDED_LATER`): a hand whose ``winnings``
    the replay confirms is the hand ledgers stored before the field was read."""
    amounts = fields.optional_amounts(WINNINGS_FIELD, len(names))
    if amounts is None:
        return ()
    if POT_WINNINGS_FIELD in fields.hand:
        per_pot = _per_pot(fields, len(names))
        count = len(names)
        for i, amount in enumerate(amounts):
            added = sum(per_pot[i::count])
            if amount != added:
                fields.fail(
                    WINNINGS_FIELD,
                    f"winnings[{i}] is {amount}, but {POT_WINNINGS_FIELD} gives {names[i]} "
                    f"{added} from the pots: the two fields must agree",
                )
        return ()
    first = len(draft.events)
    # A player's 0 is no claim (he collected nothing: the replay holds every collection to
    # the pots); all 0 says nobody collected a pot, which the replay holds to its play too.
    items = tuple(i for i, amount in enumerate(amounts) if amount) or tuple(range(len(amounts)))
    draft.events.extend([Collect(names[i], amounts[i]) for i in items])
    draft.positions.extend([pos] * len(items))
    return ((WINNINGS_FIELD, first, items),)


def _per_pot(fields: HandFields, count: int) -> list[int]:
    """The amounts of :data:`POT_WINNINGS_FIELD`, one per player (``count``) for each pot."""
    amounts = fields.amounts(POT_WINNINGS_FIELD, money=True)
    if len(amounts) % count or len(amounts) < 2 * count:
        fields.fail(
            POT_WINNINGS_FIELD,
            f"{POT_WINNINGS_FIELD} has {len(amounts)} amounts: it needs one per player ({count}) "
            "for each pot, of two pots or more",
        )
    return amounts


def pot_collects(fields: HandFields, names: list[str]) -> list[Event]:
    """The ``Collect`` claims of :data:`POT_WINNINGS_FIELD`: one amount per player for each pot
    in turn, the main pot (``main``) first, then ``side 1``, ``side 2``… (the replay's names)."""
    amounts = _per_pot(fields, len(names))
    count = len(names)
    collects: list[Event] = []
    every = not any(amounts)  # all 0: nobody collected a pot, a claim too (see winnings)
    for at, amount in enumerate(amounts):
        if amount or every:
            k = at // count
            collects.append(Collect(names[at % count], amount, "main" if not k else f"side {k}"))
    return collects
