"""One event, one set of terms: a hand that states its event's terms otherwise than the hands
of that event before it in its file.

An event (a night, a tournament: :func:`~badugi_ledger.model.events.event_of`) has one
season, place, buy-in, starting stack and prize table (:data:`SESSION_TERMS`); the ledger keeps
one of each, and refuses a file whose hands state one otherwise (``ledger/file_events.py``).
Our format's reader says so at the header line that changes a term
(``text/headers.py``, ``stated_otherwise``); a site's file or PHH states the terms in every
hand (PokerStars' ``Tournament #329147852, $2.00+$0.20 USD`` on each hand line), and one hand
edited is told here, so that ``check`` says at that hand what ``import`` would refuse.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..model.events import SESSION_TERMS, HandRecord, Session, event_of, term_text
from ..model.results import Violation

RECENT_EVENTS = 1_000
"""How many events of a stream are remembered (the latest): a file's hands of one event come
together, and memory stays flat over a stream of many events (a PHH file of unrelated hands)."""

_WORDS = {"buy_in": "buy-in", "starting_chips": "starting chips", "payouts": "prize table"}


class EventTerms:
    """The terms each event of a stream was first stated with, by source and event; a hand
    of our format is left to its reader (which tells the header line)."""

    __slots__ = ("_first", "_last")

    def __init__(self) -> None:
        self._first: OrderedDict[tuple[str, tuple[str, str, str | None, str]], _Stated]
        self._first = OrderedDict()
        self._last: tuple[Session | None, str] = (None, "")
        """The session and source asked about last, whose terms agreed: hands of one file
        often share their session object, which then says nothing new."""

    def differ(self, record: HandRecord) -> Violation | None:
        """Why ``record`` states a term of its event otherwise than its file's hands of the
        event before it, or None (its terms are remembered from here on, a term stated for
        the first time included)."""
        session, source = record.session, record.pos.source
        if record.origin == "text" or (session is self._last[0] and source == self._last[1]):
            return None
        currency = record.settings.currency
        key = (source, event_of(session, currency))
        first = self._first.get(key)
        if first is None:
            if len(self._first) >= RECENT_EVENTS:
                self._first.popitem(last=False)
            self._first[key] = _Stated(record.hand_id, record.pos.line, dict(_terms(session)))
        else:
            for term, value in _terms(session):
                held = first.terms.get(term)
                if held is None:
                    first.terms[term] = value
                elif held != value:
                    return _differs(record, first, term, held, value)
        self._last = (session, source)
        return None


class _Stated:
    """The first hand of an event in its file (its number and line), and the terms stated
    so far."""

    __slots__ = ("hand_id", "line", "terms")

    def __init__(self, hand_id: str, line: int, terms: dict[str, Any]) -> None:
        self.hand_id, self.line, self.terms = hand_id, line, terms


def _terms(session: Session) -> list[tuple[str, Any]]:
    """The terms ``session`` states (a term left out states nothing)."""
    stated = [(term, getattr(session, term)) for term in SESSION_TERMS]
    return [(term, value) for term, value in stated if value is not None and value != ()]


def _differs(record: HandRecord, first: _Stated, term: str, held: Any, value: Any) -> Violation:
    session, currency = record.session, record.settings.currency
    named = f"{session.kind} {session.name}".rstrip() + (
        f" ({session.date})" if session.date else ""
    )
    word = _WORDS.get(term, term)
    return Violation(
        "event-terms",
        f"this hand's {named} was read before with {word} {term_text(term, held, currency)} "
        f"(hand {first.hand_id} at line {first.line}), and this hand states "
        f"{term_text(term, value, currency)}: one {session.kind} has one {word}; make them "
        "agree, or name the other event otherwise",
        record.pos,
    )
