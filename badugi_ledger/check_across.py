"""What a check of several files says that an import of them into an empty ledger says of one
file because of another, besides a hand two of them hold (``check_files.HandsOfFiles``).

An import stores the files in the order given, each held to what the files before it stored:

* a file's first hand of an event makes the event, or finds it made by a file before it: a
  term (season, place, buy-in, starting chips, payouts) the file states otherwise is a
  conflict, the event keeping the ledger's (``ledger/file_events.py``): ``event-terms``;
* a new hand that a counting hand of its event, numbered alike at another table, records in
  every figure is a copy whose table is named otherwise: a conflict, not stored
  (``ledger/conflicts.py``, ``copy_elsewhere``): ``duplicate-hand``;
* a hand of a file's identity that a file before holds in another version - other figures,
  or read by another reader (the same hand converted to another format: a hand's fingerprint
  names its reader) - is a conflict, not stored, each figure that differs said
  (``ledger/conflicts.py``, ``version_words``; which two are versions of each other,
  ``check_files.HandsOfFiles`` finds): ``duplicate-hand``;
* a file whose new hands of an event are another file's night under another name, or
  renumbered, is refused whole, or stored with a warning when no card tells the nights apart
  (``ledger/night_copies.py``, whose rule and words are asked here): ``duplicate-hand``;
* the nights' carried Progressive Badugi pots are held to each other by table and pool
  (:class:`~.replay.pools.Pools` over the files' nights, :mod:`.check_pools`):
  ``carry-carried``, ``carry-last-week`` and ``carry-strangers``, warnings.

``check`` says each at the hand the import names, in the import's words (after the name of
the file before it that it meets), an error where the import refuses or reports a conflict, a
warning where it warns (and for the carried-pot refusal, as of one file: a night imported
before may carry the pot).  A file the import refuses as a copy, or a hand it does not store,
is held to no later file, as the ledger holds none of it (a file refused for its carried pots
is held to them as if stored, as one file's refusal is).

Memory stays small: of each file, its events' terms (a few values each), the event of each
of its tables (two numbers), a look of each hand and its line (two numbers: :func:`look`) and
its nights' tallies, kept as its hands are replayed (:class:`FileFacts`); of the run, each
event's terms, the looks by date and by name, and the nights' tallies.  Files are replayed
again only for a hand number or a look that recurs.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .model.cards import CARD_INDEX
from .model.copies import digest, event_group, unnamed_key
from .model.errors import Position
from .model.events import (
    SESSION_TERMS,
    HandRecord,
    Session,
    Show,
    event_key_text,
    ledger_event,
    term_text,
)
from .model.results import HandOutcome, Violation
from .model.settings import validate_payouts
from .replay.pools import Pools

Replayed = Callable[[Path], Iterable[HandOutcome]]
"""A file's hands replayed again, in order (``check``'s own replay of one file)."""


class Stated:
    """A file's first stored hand of an event (its number and line), the terms it states, and
    those the file's hands state by its end (a term left out, then stated, fills the blank, as
    the import fills the event's), each stated later with the hand that states it first."""

    __slots__ = ("hand", "pos", "first", "terms", "later", "currency")

    def __init__(
        self, hand: str, pos: Position, terms: dict[str, Any], currency: str | None
    ) -> None:
        self.hand, self.pos, self.currency = hand, pos, currency
        self.first = terms
        self.terms = dict(terms)
        self.later: dict[str, tuple[str, Position]] = {}
        """The terms a later hand of the file states for the first time: that hand's number
        and line (the import compares them with the ledger's there)."""


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

    __slots__ = ("tables", "events", "nights", "pools", "unnamed", "_session", "_event")

    def __init__(self) -> None:
        self.tables: dict[int, int] = {}
        self.unnamed: dict[int, array[int]] = {}
        """The hands of sessions without a name by :func:`~.model.copies.unnamed_key`: each
        table's numbers and lines, in turn (``check_files.HandsOfFiles``)."""
        self.events: dict[Event, Stated] = {}
        self.nights: dict[Event, array[int]] = {}
        """Each event's hands: :func:`look` of each and its line, in turn."""
        self.pools: Pools | None = None
        """The file's pools of carried pots, once it is read (what each night carried and
        took: :class:`~.replay.pools.Pools`)."""
        self._session: tuple[Session, str | None, str] | None = None
        self._event: Event = ("", "", None, "")

    def keep(self, outcome: HandOutcome, record: HandRecord, table: int) -> None:
        """A hand the import stores, replayed to ``outcome``, at the table of key ``table``."""
        pos = outcome.pos
        if table not in self.tables:
            self.tables[table] = event_group(record)
        session, currency = record.session, record.settings.currency
        where = (session, currency, record.pos.source)
        new = where != self._session
        if new:  # (else the hand before's session: its event, nothing new stated)
            self._session = where
            self._event = ledger_event(session, currency, record.pos.source)
        event = self._event
        held = self.nights.get(event)
        if held is None:
            held = self.nights[event] = array("Q")
        held.append(look(outcome))
        held.append(pos.line)
        unnamed = unnamed_key(record)
        if unnamed is not None:
            numbers = self.unnamed.get(unnamed[0])
            if numbers is None:
                numbers = self.unnamed[unnamed[0]] = array("Q")
            numbers.append(unnamed[1])
            numbers.append(pos.line)
        if not new:
            return
        terms = _terms(session)
        stated = self.events.get(event)
        if stated is None:
            self.events[event] = Stated(record.hand_id, pos, terms, currency)
            return
        for term, value in terms.items():
            if term not in stated.terms:
                stated.terms[term] = value
                stated.later[term] = (record.hand_id, pos)


Event = tuple[str, str, str | None, str]
"""An event as the ledger keys it (:func:`~.model.events.ledger_event`)."""


def look(outcome: HandOutcome) -> int:
    """What a hand's copy under another name shares with it, as one small number: its game and
    pot, rake, carried pots and showdown, what its players put in, and the cards they showed
    - what the ledger's comparison of two nights (:func:`~.ledger.night_copies.match_night`)
    holds equal, the players' names aside, so two hands of other looks are never a copy of
    each other.  Its lowest bit says whether the hand shows cards (one such hand alike is a
    copy; without, a whole night alike must be: :meth:`NightsOfFiles.found`)."""
    result, record = outcome.result, outcome.record
    assert result is not None and record is not None
    shown: dict[str, tuple[int, ...]] = {}
    for e in record.events:
        if type(e) is Show:
            shown[e.player] = tuple([CARD_INDEX.get(c, 52) for c in e.cards])  # type: ignore[arg-type]
    put = sorted([amount for amount in result.contributions.values() if amount])
    game = _GAMES.get(record.settings.game)
    if game is None:
        game = _GAMES[record.settings.game] = digest(record.settings.game)
    figures = (
        game,
        sum([pot.amount for pot in result.pots]),
        result.rake,
        -1 if result.carry_in is None else result.carry_in,
        -1 if result.carry_out is None else result.carry_out,
        int(result.showdown),
        tuple(put),
        tuple(sorted(shown.values())),
    )
    # (a hash of ints and tuples of them: the same in every process, as strings' are not)
    return hash(figures) & _EVEN | bool(shown)


_GAMES: dict[str, int] = {}
"""Each game's name as a number (:func:`look` hashes numbers only)."""
_EVEN = (1 << 64) - 2


class EventsOfFiles:
    """Each event's terms as an import of the files a check has reported so far holds them,
    with the file that stated each first (its hand and line)."""

    def __init__(self) -> None:
        self.held: dict[Event, tuple[dict[str, Any], Stated, str]] = {}

    def found(self, source: str, facts: FileFacts) -> list[tuple[HandOutcome, Violation]]:
        """The ``event-terms`` errors of a file whose hands of an event state a term otherwise
        than the files before it: its first hand of the event, or a later one stating the
        term for the first time in the file (the import's conflict, one line for the event
        at the first hand that states a term otherwise); then the file's terms fill the
        events' blanks."""
        found = []
        for event, stated in facts.events.items():
            before = self.held.get(event)
            if before is None:
                self.held[event] = (dict(stated.terms), stated, source)
                continue
            terms, first, where = before
            at = {term: (stated.hand, stated.pos) for term in stated.first}
            at.update(stated.later)
            changed = sorted(
                (at[term][1].line, i, term, value)
                for i, (term, value) in enumerate(stated.terms.items())
                if term in terms and terms[term] != value
            )
            for term, value in stated.terms.items():
                terms.setdefault(term, value)
            if not changed:
                continue
            from .ledger.report import event_fact_words  # (the import's words: where said)

            words = [
                event_fact_words(
                    term,
                    term_text(term, terms[term], stated.currency),
                    term_text(term, value, stated.currency),
                )
                for _, _, term, value in changed
            ]
            text = (
                f"imported after {where} (its hand {first.hand}, line {first.pos.line}), "
                f"{'; '.join(words)}: a conflict, the event keeps the ledger's; make them "
                "agree, or name the other event otherwise"
            )
            hand, pos = at[changed[0][2]]
            found.append((HandOutcome(source, hand, pos), Violation("event-terms", text, pos)))
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
        a file before it holds at another table of its event and not at its own, for each
        such table (``seen``: the numbers the files before hold at a table, by its key)."""
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
        return pairs

    def remember(self, facts: FileFacts) -> None:
        """The file's tables, once its hands are stored."""
        for table, event in facts.tables.items():
            listed = self.of_event.setdefault(event, [])
            if table not in listed:
                listed.append(table)


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
    another table of the event: the file and line the ledger reads that hand from), those the
    same in every figure: the import's conflict, a ``duplicate-hand`` error at the hand here,
    naming that file and line as the import names the file."""
    from .ledger.report import other_table_copy  # (the import's words)

    mine = contents(replay(path), {line for line, _, _ in pairs})
    theirs = {
        other: contents(replay(other), {at for _, o, at in pairs if o == other})
        for other in dict.fromkeys(other for _, other, _ in pairs)
    }
    said: set[int] = set()  # (a hand is a copy of one hand: the first the same)
    for line, other, at in sorted(pairs, key=lambda pair: pair[0]):
        here, before = mine.get(line), theirs[other].get(at)
        if here is None or before is None or here[0] != before[0] or here[3] != before[3]:
            continue
        if line in said:
            continue
        said.add(line)
        text = f"imported after {other}, " + other_table_copy(here[3], before[2], str(other), at)
        yield here[1], Violation("duplicate-hand", text, here[1].pos)


Versions = list[tuple[int, Path, int, tuple[str, str], Path]]
"""Hands of a file that a file before holds in another version: (line here, the file before
that stored the hand, the line there, the readers of the two - that file's, this one's - and
the file the ledger reads the hand from: the last before holding it, as a copy)."""


def other_versions(
    path: Path, pairs: Versions, replay: Replayed
) -> Iterator[tuple[HandOutcome, Violation]]:
    """Of ``pairs``, the import's conflict of each: the hand here another version of the
    ledger's - other figures, or read by another reader (the same hand converted to another
    format: a hand's fingerprint names its reader) - and not stored.  A ``duplicate-hand``
    error at the hand here, after the name of the file before and the hand's line there, in
    the import's words (:func:`~.ledger.conflicts.version_words`, ``earlier_words``): each
    figure that differs, as the ledger holds it and as this file has it."""
    from .ledger.conflicts import earlier_words, version_words  # (the import's words)
    from .ledger.report import NOT_STORED

    mine = _facts(replay(path), {line for line, _, _, _, _ in pairs})
    theirs = {
        other: _facts(replay(other), {at for _, o, at, _, _ in pairs if o == other})
        for other in dict.fromkeys(other for _, other, _, _, _ in pairs)
    }
    for line, other, at, origins, holder in sorted(pairs, key=lambda pair: pair[0]):
        here, before = mine.get(line), theirs[other].get(at)
        if here is None or before is None:
            continue
        table, number = here[5], here[1]
        words = (
            *version_words(
                before[2], here[2], (table, table), origins, number, (str(holder), str(path))
            ),
            earlier_words(str(other)),
        )
        text = f"imported after {other} (line {at}), {NOT_STORED}: {'; '.join(words)}"
        yield here[0], Violation("duplicate-hand", text, here[0].pos)


Earlier = list[tuple[Path, Event, "array[int]"]]
"""Files before, each with one of its events and that event's hands (look and line, in turn)."""

Wanted = tuple[Event, list[int], int, list[tuple[Path, Event, list[int]]]]
"""An event of a file, the lines of its new hands that look like hands of files before, how
many new hands it has, and those files' hands (each file with its event and their lines)."""


class NightsOfFiles:
    """The nights the files so far stored, by their date and by their name (each with its
    kind), to find a file whose hands of an event are another file's night stored again under
    another name, or renumbered: the hands' looks (:func:`look`) in a set of each date's and
    each name's, and each file's hands as :attr:`FileFacts.nights` keeps them."""

    def __init__(self) -> None:
        self.days: dict[int, tuple[set[int], Earlier]] = {}
        self.names: dict[int, tuple[set[int], Earlier]] = {}

    @staticmethod
    def _day(event: Event) -> int | None:
        kind, _, date, _ = event
        return None if date is None else digest(f"{kind}\x1f{date}")

    @staticmethod
    def _name(event: Event) -> int:
        kind, name, _, _ = event
        return digest(f"{kind}\x1f\x1f{name}")

    def found(
        self,
        path: Path,
        facts: FileFacts,
        new: Callable[[int], bool],
        replay: Replayed,
        holder: Callable[[str, int], str] = lambda source, _: source,
    ) -> tuple[list[tuple[HandOutcome, Violation]], bool]:
        """What an import says of ``path``'s hands of each event (those it stores new:
        ``new`` of its line) that are, one for one, another file's night: the refusal of the
        file (an error at its first such hand; True: nothing of it is stored), or a warning
        that they only play alike (:func:`~.ledger.night_copies.night_verdict`), naming the
        files the ledger reads those hands from (``holder`` of a file and a line: the last
        file holding that hand as a duplicate)."""
        wanted: list[Wanted] = []
        for event, held in facts.nights.items():
            mine = [(held[i], held[i + 1]) for i in range(0, len(held), 2) if new(held[i + 1])]
            indexes = [
                index[key]
                for index, key in ((self.days, self._day(event)), (self.names, self._name(event)))
                if key is not None and key in index
            ]
            alike = [(look, line) for look, line in mine if any(look in i[0] for i in indexes)]
            if not any(look & 1 for look, _ in alike) and (len(alike) < len(mine) or len(mine) < 2):
                continue  # (no card shown: the whole night alike, or nothing to say)
            looks = {look for look, _ in alike}
            earlier: list[tuple[Path, Event, list[int]]] = []
            for _, files in indexes:
                for other, other_event, other_held in files:
                    lines = [
                        other_held[i + 1]
                        for i in range(0, len(other_held), 2)
                        if other_held[i] in looks
                    ]
                    if lines and (other, other_event, lines) not in earlier:
                        earlier.append((other, other_event, lines))
            wanted.append((event, [line for _, line in alike], len(mine), earlier))
        if not wanted:
            return [], False
        return _night_copies(path, wanted, replay, holder)

    def remember(self, path: Path, facts: FileFacts, new: Callable[[int], bool]) -> None:
        """The file's hands it stores new, once it is stored."""
        for event, held in facts.nights.items():
            kept = array("Q")
            for i in range(0, len(held), 2):
                if new(held[i + 1]):
                    kept.append(held[i])
                    kept.append(held[i + 1])
            if not kept:
                continue
            for index, key in ((self.days, self._day(event)), (self.names, self._name(event))):
                if key is None:
                    continue
                looks, files = index.setdefault(key, (set(), []))
                looks.update(kept[0::2])
                files.append((path, event, kept))


def _night_copies(
    path: Path, wanted: list[Wanted], replay: Replayed, holder: Callable[[str, int], str]
) -> tuple[list[tuple[HandOutcome, Violation]], bool]:
    """:meth:`NightsOfFiles.found` of the events ``wanted``, the hands that look alike
    replayed again and held to each other as the import holds them
    (:mod:`.ledger.night_copies`); the file's other hands of the event have no twin."""
    from .ledger.advice import command_word
    from .ledger.night_copies import (
        copy_refusal_words,
        look_alike_words,
        match_night,
        night_verdict,
        void_command_words,
    )
    from .model.events import event_label

    mine = _facts(replay(path), {line for _, lines, _, _ in wanted for line in lines})
    others: dict[Path, set[int]] = {}
    for _, _, _, earlier in wanted:
        for other, _, lines in earlier:
            others.setdefault(other, set()).update(lines)
    theirs = {other: _facts(replay(other), lines) for other, lines in others.items()}
    found: list[tuple[HandOutcome, Violation]] = []
    for event, lines, count, earlier in wanted:
        here = str(path)
        hands = [((here, line), *mine[line][1:3]) for line in lines if line in mine]
        shown = {mine[line][3] for line in lines if line in mine and mine[line][3] != "{}"}
        by_event: dict[Event, list[tuple[tuple[str, int], str, Any]]] = {}
        for other, other_event, other_lines in earlier:
            same_day = same_date(other_event, event)
            if not same_day and other_event[1] != event[1]:
                continue  # (of its name, another date: only by cards written alike)
            for line in other_lines:
                hand = theirs[other].get(line)
                if hand is None or (not same_day and hand[3] not in shown):
                    continue
                by_event.setdefault(other_event, []).append(((str(other), line), *hand[1:3]))
        label = event_label({"name": event[1], "date": event[2]})
        for other_event, candidates in by_event.items():
            cards_only = other_event == event or not same_date(other_event, event)
            match = match_night(hands, candidates)
            match = match._replace(alone=match.alone + count - len(hands))
            verdict = night_verdict(match, cards_only)
            if verdict is None:
                continue
            first = min(line for (_, line), _, _, _ in match.pairs)
            at = mine[first][0]
            files = sorted({holder(*there) for _, there, _, _ in match.pairs})
            if verdict == "copy":
                text = copy_refusal_words(
                    label,
                    event_label({"name": other_event[1], "date": other_event[2]}),
                    match,
                    count,
                    "nothing from this file was stored",
                    here,
                    files,
                    command_word(event_key_text(other_event)),  # (``void --event`` takes a key)
                )
                text = f"imported after {', '.join(files)}, {text}"
                return [(at, Violation("duplicate-hand", text, at.pos))], True
            key = event_key_text(event)  # (``void --event`` takes the event's key)
            text = look_alike_words(
                label,
                files,
                [(number, other) for _, _, number, other in match.pairs],
                void_command_words(key, mine[first][4], mine[first][5], False),
            )
            text = f"imported after {', '.join(files)}, {text}"
            found.append((at, Violation("duplicate-hand", text, at.pos, "warning")))
    return found, False


def same_date(one: Event, other: Event) -> bool:
    """Whether two events are of one date (an undated one is of none)."""
    return one[2] is not None and one[2] == other[2]


def _facts(replayed: Iterable[HandOutcome], lines: set[int]) -> dict[int, tuple[Any, ...]]:
    """The hands at ``lines`` of a file replayed again, each as the ledger's facts
    (:meth:`~.ledger.rows.HandRows.facts`): (its place, number, facts, shown cards as the
    ledger stores them, number, table)."""
    from .ledger.rows import hand_rows

    found: dict[int, tuple[Any, ...]] = {}
    for outcome in replayed:
        line, record, result = outcome.pos.line, outcome.record, outcome.result
        if line in lines and outcome.ok and record is not None and result is not None:
            rows = hand_rows(record, result, outcome.source, line)
            bare = HandOutcome(outcome.source, outcome.hand_id, outcome.pos)
            held = (bare, record.hand_id, rows.facts(), rows.cards, record.hand_id, record.table)
            found.setdefault(line, held)
    return found
