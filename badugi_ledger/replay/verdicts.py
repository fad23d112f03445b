"""What a hand's outcome says beside the rules its events break, in :mod:`.table`'s words.

A raised error becomes a :class:`~badugi_ledger.model.results.Violation` (a broken rule, or
"not enough information to settle the hand": :data:`INCOMPLETE_RULES`) with the mismatches and
warnings found on the way; and the table adds its own: a cash session reading its amounts in the
currency a tournament before it stated (``currency-inherited``), money named by a code no
currency has (``currency-unknown``), a night's first hand taking a pot carried by a hand none of
its players sat in (``carry-strangers``), a carried pot taken in another game or sat out by a
player whose chips are in it (``carry-other-game``, ``carry-sit-out``), a hand after missing
hands that does not state every stack (``missing-hand``).  Words only: which hand they go on,
and what the table goes on from, is :mod:`.table`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from ..model.errors import BadugiError
from ..model.events import HandRecord, SitOut, amounts_currency, event_label
from ..model.games import GAMES
from ..model.money import hand_figure, not_a_currency
from ..model.results import Violation
from .carried import _names
from .pool_rules import strangers_text
from .pools import NightBefore

INCOMPLETE_RULES = frozenset(
    {"stack-unknown", "carry-unknown", "pot-undetermined", "hand-incomplete"}
)
"""Rules that mean "not enough information to settle the hand" rather than "broken"."""


def _currency_inherited(record: HandRecord) -> Violation:
    """The ``currency-inherited`` warning of a hand that opens a cash session stating no
    currency after a tournament that stated one (``HandRecord.currency_inherited``)."""
    code = record.settings.currency
    return Violation(
        "currency-inherited",
        f"this cash game's amounts are read as cents of {code}: currency {code} was stated "
        "for the tournament before it, where it named the buy-in's currency (its stacks were "
        f"chips); write 'currency {code}' in this game's header if its amounts are {code}, "
        "or 'currency chips' for a game in chips",
        record.pos,
        "warning",
    )


CURRENCY_UNKNOWN = "currency-unknown"
"""The warning of money named by a code no currency has: ``import`` says it in its report too,
as the hands it stores in that money are kept apart from every currency's."""


def _currencies_unknown(record: HandRecord) -> tuple[Violation, ...]:
    """The ``currency-unknown`` warnings of the codes of no currency that the header lines
    before the hand named as money (``HandRecord.unknown_currencies``), each at its code."""
    return tuple(
        Violation(CURRENCY_UNKNOWN, not_a_currency(code), pos, "warning")
        for code, pos in record.unknown_currencies
    )


def error_violation(exc: BadugiError) -> Violation:
    """A raised error as a :class:`Violation` for a :class:`HandOutcome`."""
    rule = exc.rule or type(exc).__name__.replace("Error", "").lower() or "error"
    if rule in INCOMPLETE_RULES:
        return Violation(rule, exc.message, exc.position, "incomplete")
    return Violation(rule, exc.message, exc.position, "illegal")


def _raised(exc: BadugiError) -> tuple[tuple[Violation, ...], tuple[Violation, ...]]:
    """What a hand that broke a rule says: the rule, the mismatches found on the way
    (``IllegalAction.mismatches``), and the warnings of its lines before it."""
    also = [m for m in getattr(exc, "mismatches", ()) if isinstance(m, Violation)]
    said = tuple(w for w in getattr(exc, "warnings", ()) if isinstance(w, Violation))
    return (error_violation(exc), *also), said


def _carried_to_strangers(
    before: NightBefore | None, record: HandRecord, carry_in: int
) -> Violation | None:
    """The ``carry-strangers`` warning of a night's first hand that takes the pot a hand of the
    file's night before it carried (:attr:`~.pools.NightBefore.carrier`) while no player of
    that hand sits in it: the import stores it and says so (``ledger/carry_strangers.py``)."""
    carrier = None if before is None else before.carrier
    if carrier is None or not carry_in or carrier[2] & set(record.players):
        return None
    hand, carried, _ = carrier
    session = record.session
    taker = event_label({"name": session.name, "date": session.date})
    text = strangers_text(record.table, record.hand_id or "", taker, hand, carried)
    return Violation("carry-strangers", text, record.pos, "warning")


def _redeal_warnings(
    record: HandRecord, carry_in: int, stakes: AbstractSet[str]
) -> tuple[Violation, ...]:
    """The warnings of a hand that takes a carried Progressive Badugi pot (``carry_in``,
    whose chips are the ``stakes`` players'): ``002`` plays no carried pot in another game
    (``carry-other-game``: a game line written by mistake, it may be; the pot still goes to
    the hand's winners, as ``002`` gives it to "the winner of the next pot that is won"), and
    deals the new hand "to every player at the table" (``carry-sit-out``: a player whose
    chips are in the pot sits out, so cannot win them back).  Both are a table's choice the
    texts do not foresee, said, not refused."""
    if not carry_in:
        return ()
    said: list[Violation] = []
    game = GAMES[record.settings.game]
    currency = amounts_currency(record.session, record.settings.currency)
    if not game.progressive:
        said.append(
            Violation(
                "carry-other-game",
                f"a {game.title} hand takes the pot of {hand_figure(carry_in, currency)} the "
                "table carried in Progressive Badugi: 002 adds a carried pot to the new hand "
                "it deals, of its own game, and no text plays it in another; its winners "
                "take it here - if the game line is a mistake, correct it",
                record.pos,
                "warning",
            )
        )
    for at, event in enumerate(record.events):
        if type(event) is SitOut and event.player in stakes:
            said.append(
                Violation(
                    "carry-sit-out",
                    f"{event.player} sits out the redeal of a carried pot his chips are in: "
                    "002 deals the new hand to every player at the table, so he can no "
                    "longer win them back",
                    record.position(at),
                    "warning",
                )
            )
    return tuple(said)


def _unstated_after_missing_hands(record: HandRecord, players: Iterable[str]) -> Violation:
    """The verdict of a hand that says hands before it are not in the file and does not state
    the stacks of ``players``: checked without them, but not settled, since the ledger stores
    no hand with a stack it does not know (``missing-hand``; a player sitting out too)."""
    return Violation(
        "missing-hand",
        f"hands before this one are not in the file, and it does not state the stacks of "
        f"{_names(players)}: the ledger stores no hand with a stack it does not know; state "
        "every stack on the hand line",
        record.pos,
        "incomplete",
    )
