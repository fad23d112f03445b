"""What a check of several files says that an import of them into an empty ledger says of one
file because of another, besides a hand two of them hold (``check.HandsOfFiles``): an event's
terms stated otherwise, and a hand copied to another table of its event.

An import stores the files in the order given.  A file's first hand of an event makes the
event, or finds it made by a file before it: a term of the event (season, place, buy-in,
starting chips, payouts) that the file states otherwise than the ledger holds it is a conflict,
the event keeping the ledger's (``ledger/file_events.py``).  A new hand that a counting hand
of its event, numbered alike at another table, records in every figure is a copy whose table
is named otherwise: a conflict, not stored (``ledger/conflicts.py``, ``copy_elsewhere``).
``check`` says both at the hand the import names, in the import's words, as errors (the import
fails on a conflict), after the name of the file before it that it meets.

Memory stays small: of each file, its events' terms (a few values each) and the event of each
of its tables (two numbers), kept as its hands are replayed (:class:`FileFacts`); of the run,
each event's terms as an import of the files so far holds them (:class:`EventsOfFiles`).  A
hand copied to another table is looked for among the hand numbers ``check`` keeps already,
and the two files are replayed again only for a number that recurs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .model.copies import event_group
from .model.errors import Position
from .model.events import SESSION_TERMS, HandRecord, Session, ledger_event, term_text
from .model.results import HandOutcome, Violation
from .model.settings import validate_payouts

Replayed = Callable[[Path], Iterable[HandOutcome]]
"""A file's hands replayed again, in order (``check``'s own replay of one file)."""


class Stated:
    """A file's first stored hand of an event (its number and line), the terms it states, and
    those the file's hands state by its end (a term left out, then stated, fills the blank, as
    the import fills the event's)."""

    __slots__ = ("hand", "pos", "first", "terms", "currency")

    def __init__(
        self, hand: str, pos: Position, terms: dict[str, Any], currency: str | None
    ) -> None:
        self.hand, self.pos, self.currency = hand, pos, currency
        self.first = terms
        self.terms = dict(terms)


def _terms(session: Session) -> dict[str, Any]:
    """The terms ``session`` states, as the ledger compares them (payouts as its percents)."""
    found: dict[str, Any] = {}
    for term in SESSION_TERMS:
        value = getattr(session, term)
        if value is not None and value != ():
            found[term] = tuple(validate_payouts(value)) if term == "payouts" else value
    return found


class FileFacts:
    """What a check of several files keeps of one file's stored hands besides their numbers:
    the event of each table (:func:`~.model.copies.event_group`, by the table's key) and each
    event's terms (:class:`Stated`, by the event as the ledger keys it)."""

    __slots__ = ("tables", "events", "_session")

    def __init__(self) -> None:
        self.tables: dict[int, int] = {}
        self.events: dict[tuple[str, str, str | None, str], Stated] = {}
        self._session: tuple[Session, str | None, str] | None = None

    def keep(self, record: HandRecord, pos: Position, table: int) -> None:
        """A hand the import stores, at ``pos``, at the table of key ``table``."""
        if table not in self.tables:
            self.tables[table] = event_group(record)
        session, currency = record.session, record.settings.currency
        where = (session, currency, record.pos.source)
        if where == self._session:
            return  # the hand before's session: nothing new stated
        self._session = where
        event = ledger_event(session, currency, record.pos.source)
        terms = _terms(session)
        held = self.events.get(event)
        if held is None:
            self.events[event] = Stated(record.hand_id, pos, terms, currency)
            return
        for term, value in terms.items():
            held.terms.setdefault(term, value)


class EventsOfFiles:
    """Each event's terms as an import of the files a check has reported so far holds them,
    with the file that stated each first (its hand and line)."""

    def __init__(self) -> None:
        self.held: dict[tuple[str, str, str | None, str], tuple[dict[str, Any], Stated, str]] = {}

    def found(self, source: str, facts: FileFacts) -> list[tuple[HandOutcome, Violation]]:
        """The ``event-terms`` errors of a file whose first hand of an event states a term
        otherwise than the files before it (the import's conflict, at that hand); then the
        file's terms fill the events' blanks."""
        from .ledger.report import event_fact_words  # (the import's words)

        found = []
        for event, stated in facts.events.items():
            before = self.held.get(event)
            if before is None:
                self.held[event] = (dict(stated.terms), stated, source)
                continue
            terms, first, where = before
            changed = [
                event_fact_words(
                    term,
                    term_text(term, terms[term], stated.currency),
                    term_text(term, value, stated.currency),
                )
                for term, value in stated.first.items()
                if term in terms and terms[term] != value
            ]
            for term, value in stated.terms.items():
                terms.setdefault(term, value)
            if not changed:
                continue
            text = (
                f"imported after {where} (its hand {first.hand}, line {first.pos.line}), "
                f"{'; '.join(changed)}: a conflict, the event keeps the ledger's; make them "
                "agree, or name the other event otherwise"
            )
            pos = stated.pos
            found.append(
                (HandOutcome(source, stated.hand, pos), Violation("event-terms", text, pos))
            )
        return found


class TablesOfFiles:
    """The tables of each event the files so far hold hands at (by their keys), to find a
    hand a file holds at one table that an earlier file holds, numbered alike, at another."""

    def __init__(self) -> None:
        self.of_event: dict[int, list[int]] = {}

    def candidates(
        self,
        facts: FileFacts,
        keys: dict[int, Any],
        seen: Callable[[int], set[int]],
    ) -> list[tuple[int, int, int]]:
        """(line here, the other table's key, number) of each of the file's hands whose number
        a file before it holds at another table of its event and not at its own (``seen``:
        the numbers the files before hold at a table, by its key); then the file's tables are
        remembered."""
        pairs: list[tuple[int, int, int]] = []
        for table, numbers in keys.items():
            event = facts.tables.get(table)
            if event is None:
                continue
            others = [t for t in self.of_event.get(event, ()) if t != table]
            if not others:
                continue
            own = seen(table)
            for i in range(0, len(numbers), 2):
                number = numbers[i]
                if number in own:
                    continue  # (the same identity: a copy or another version, told apart)
                for other in others:
                    if number in seen(other):
                        pairs.append((numbers[i + 1], other, number))
                        break
        for table, event in facts.tables.items():
            listed = self.of_event.setdefault(event, [])
            if table not in listed:
                listed.append(table)
        return pairs


def contents(
    replayed: Iterable[HandOutcome], lines: set[int]
) -> dict[int, tuple[str, HandOutcome, str, str]]:
    """The hands at ``lines`` of a file replayed again, each as the ledger's content digest
    (what "the same in every figure" compares), with its place, its table and its number."""
    from .ledger.rows import hand_rows

    found: dict[int, tuple[str, HandOutcome, str, str]] = {}
    for outcome in replayed:
        line, record, result = outcome.pos.line, outcome.record, outcome.result
        if line in lines and outcome.ok and record is not None and result is not None:
            content = hand_rows(record, result, outcome.source, line).content
            bare = HandOutcome(outcome.source, outcome.hand_id, outcome.pos)
            found.setdefault(line, (content, bare, record.table, record.hand_id))
    return found


def copies_at_other_tables(
    path: Path,
    pairs: list[tuple[int, Path, int]],
    replay: Replayed,
) -> Iterator[tuple[HandOutcome, Violation]]:
    """Of ``pairs`` (line here, an earlier file, the line there of a hand numbered alike at
    another table of the event), those the same in every figure: the import's conflict, a
    ``duplicate-hand`` error at the hand here."""
    from .ledger.report import other_table_copy  # (the import's words)

    mine = contents(replay(path), {line for line, _, _ in pairs})
    theirs = {
        other: contents(replay(other), {at for _, o, at in pairs if o == other})
        for other in dict.fromkeys(other for _, other, _ in pairs)
    }
    for line, other, at in sorted(pairs, key=lambda pair: pair[0]):
        here, before = mine.get(line), theirs[other].get(at)
        if here is None or before is None or here[0] != before[0] or here[3] != before[3]:
            continue
        text = f"imported after {other}, " + other_table_copy(here[3], before[2], str(other), at)
        yield here[1], Violation("duplicate-hand", text, here[1].pos)
