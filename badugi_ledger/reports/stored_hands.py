"""Stored hands as :class:`~badugi_ledger.reports.hand_view.HandView`s: ``show --db``.

The ledger keeps a hand's figures, not its events: per player the seat, starting and final
stack, chips put in and collected (``hand_players``); the double-entry ``postings``; each pot
with its amount, who was eligible, the replay's words and the winners' shares (``pots``,
``pot_winners``); rake, carried pot, button, the shown cards (``hands.cards``), the hand's
fingerprint and content digest, and the file and line it came from.

So a stored hand is shown in full when its file is still where it was imported from (the
real path the ledger kept, else the path as stored, from the current folder:
:func:`~badugi_ledger.ledger.source_paths.file_now`) and still holds it: the file is
replayed, and its hand is used only if its fingerprint and the content digest of its
replayed figures are the
stored ones (:mod:`badugi_ledger.ledger.hand_content`).  Otherwise the view is built from the
rows alone: seats, pots, shares, rake, carried pot and final stacks, but no betting rounds:
what each player put in stands in for them, and the shown cards for the showdown.  The halves
of a split pot are then worked out from the shown cards under the default house rules and
shown only when they give exactly the stored shares (a hand's house rules are not stored).
Only valid hands are stored, so the verdict is ``ok``; a voided hand's is ``void``, and so is
every hand of a voided event (it counts for nothing).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ..ledger.advice import command_word
from ..ledger.event_lookup import event_label, find_event
from ..ledger.fingerprints import fingerprint
from ..ledger.rows import hand_rows
from ..ledger.source_paths import file_now
from ..ledger.sql import dict_rows
from ..ledger.stored_values import check_stored_values
from ..ledger.void_reasons import LEFT_OUT
from ..model.cards import Card, parse_cards
from ..model.errors import BadugiError, LedgerError
from ..model.games import GAMES
from ..model.limits import quote
from ..model.results import HandOutcome, PotResult
from ..model.settings import HouseRules
from .hand_view import HandView, SeatView, hand_view, pot_view, replayed_outcomes
from .hand_words import ActionLine, RoundView, amount_text

__all__ = [
    "HandPage",
    "ReplayCache",
    "stored_hand_page",
    "stored_hand_views",
    "void_event_contents",
]

_LISTED = 12


def _cards(text: str | None) -> dict[str, tuple[Card, ...]]:
    """The stored shown cards ({name: "7h 5c 3d 2s"}), where every card is known."""
    hands: dict[str, tuple[Card, ...]] = {}
    for name, shown in json.loads(text or "{}").items():
        try:
            cards = parse_cards(str(shown))
        except BadugiError:
            continue
        if cards and None not in cards:
            hands[str(name)] = tuple(c for c in cards if c is not None)
    return hands


def _hand_rows(
    db: sqlite3.Connection, event_id: int, label: str, hands: list[str] | None, table: str | None
) -> list[dict[str, object]]:
    rows = dict_rows(
        db,
        "SELECT * FROM hands WHERE event_id = ? ORDER BY void_reason IS NOT NULL, id",
        [event_id],
    )
    if table is not None:
        at_table = [r for r in rows if (r["table_name"] or "") == table]
        if not at_table:
            tables = sorted({str(r["table_name"]) for r in rows if r["table_name"]})
            known = ", ".join(repr(quote(t)) for t in tables[:_LISTED])
            hint = f" (its tables: {known})" if tables else " (its hands name no table)"
            raise LedgerError(f"no table {quote(table)!r} in {label}{hint}")
        rows = at_table
    if hands is None:
        return sorted(rows, key=lambda r: int(str(r["id"])))
    chosen = [r for r in rows if str(r["hand_number"]) in hands]
    missing = [h for h in hands if not any(str(r["hand_number"]) == h for r in chosen)]
    if missing:
        numbers = [str(r["hand_number"]) for r in rows[:_LISTED]]
        at = f" at table {quote(table)!r}" if table is not None else ""
        listed = ", ".join(numbers) + (", …" if len(rows) > _LISTED else "")
        hint = f" (its hands: {listed})" if numbers else ""
        raise LedgerError(
            f"no hand {', '.join(repr(quote(h)) for h in missing)}{at} in {label}{hint}"
        )
    order = {h: i for i, h in enumerate(hands)}
    return sorted(chosen, key=lambda r: (order[str(r["hand_number"])], int(str(r["id"]))))


class _File:
    """One file's hands as replayed so far, in order, and the replay that goes on from there
    (None once the file is done, or once :attr:`ReplayCache.max_hands` were kept)."""

    def __init__(self, path: str, stamp: tuple[int, int]) -> None:
        self.path = path
        self.stamp = stamp
        self.lock = threading.Lock()
        self.kept: list[HandOutcome] = []
        self.rest: Iterator[HandOutcome] | None = None
        self.done = False
        self.full = False
        self.failure: BaseException | None = None


class ReplayCache:
    """Replayed files kept while each is unchanged (its real path, size and modification
    time): the web app's event pages of one night replay its file once, not at every page
    (the last page of a night of 3,000 hands was a replay of the whole night at every visit,
    since stacks carry).  A file's replay goes on lazily from where an earlier page stopped.

    Bounded: at most ``max_files`` files and ``max_hands`` replayed hands in all (about 14 KB
    a hand), the least recently asked for dropped first; a file of more hands than
    ``max_hands`` keeps its first ``max_hands`` and replays the rest from its start at every
    page, as without a cache.  Safe to share between threads: a file's replay is advanced by
    one page at a time (the others wait for it, then use what it replayed).  A replay that
    fails (a file that cannot be read any more) is not kept: the next page tries again.
    Whether a replayed hand is the stored one is still checked at every page
    (:func:`_replayed`)."""

    def __init__(self, max_files: int = 8, max_hands: int = 6_000) -> None:
        self.max_files = max_files
        self.max_hands = max_hands
        self._lock = threading.Lock()
        self._files: OrderedDict[str, _File] = OrderedDict()

    def outcomes(self, path: str | Path) -> Iterator[HandOutcome]:
        """Every hand of the file ``path`` replayed, in order, as
        :func:`~.hand_view.replayed_outcomes` gives them; from the cache while the file is
        the one replayed.  Close the iterator (or run it to its end) to let another page go
        on with the file."""
        real = Path(path).resolve()
        stat = real.stat()
        stamp = (stat.st_size, stat.st_mtime_ns)
        key = str(real)
        with self._lock:
            entry = self._files.get(key)
            if entry is None or entry.stamp != stamp:
                entry = self._files[key] = _File(key, stamp)
            self._files.move_to_end(key)
            while len(self._files) > self.max_files:
                self._files.popitem(last=False)
        return self._walk(entry)

    def _walk(self, entry: _File) -> Iterator[HandOutcome]:
        with entry.lock:
            yield from entry.kept
            if entry.failure is not None:
                raise entry.failure
            if entry.done:
                return
            if entry.full:  # more hands than the cache keeps: the rest from the file's start
                fresh = replayed_outcomes([entry.path])
                for _ in range(len(entry.kept)):
                    next(fresh, None)
                yield from fresh
                return
            if entry.rest is None:
                entry.rest = replayed_outcomes([entry.path])
            rest = entry.rest
            try:
                for outcome in rest:
                    if self._keep(entry, outcome):
                        yield outcome
                        continue
                    entry.full, entry.rest = True, None
                    yield outcome
                    yield from rest  # this page's remainder, not kept
                    return
            except (BadugiError, OSError) as exc:
                # the next page tries the file again; one waiting for this entry fails alike
                entry.failure, entry.rest = exc, None
                with self._lock:
                    if self._files.get(entry.path) is entry:
                        del self._files[entry.path]
                raise
            entry.done, entry.rest = True, None

    def _keep(self, entry: _File, outcome: HandOutcome) -> bool:
        """Keep ``outcome`` as the next of ``entry``'s hands, dropping other files as needed;
        False (and the file's replay stopped) when ``entry`` alone holds ``max_hands``."""
        with self._lock:
            held = sum(len(f.kept) for f in self._files.values())
            for other in list(self._files.values()):
                if held < self.max_hands:
                    break
                if other is not entry:
                    held -= len(other.kept)
                    del self._files[other.path]
            if held >= self.max_hands:
                return False
            entry.kept.append(outcome)
            return True


def _close(outcomes: Iterator[HandOutcome]) -> None:
    """Stop a replay left before its end (a cached file's replay waits for it)."""
    close = getattr(outcomes, "close", None)
    if close is not None:
        close()


def _replayed(
    db: sqlite3.Connection, rows: list[dict[str, object]], replays: ReplayCache | None = None
) -> dict[int, HandView]:
    """Views of the stored hands whose files still hold them (see the module docstring), by
    ``hands.id``: each file is replayed once from its start, since stacks carry, up to the
    last of its hands wanted (an event of three hands in a file of a thousand nights was a
    replay of every night after it too, ten seconds of a phone's event page); with
    ``replays``, as far as it kept the file already."""
    by_source: dict[str, dict[tuple[str, str], list[dict[str, object]]]] = {}
    for row in rows:
        key = (str(row["hand_number"]), str(row["table_name"] or ""))
        by_source.setdefault(str(row["source"] or ""), {}).setdefault(key, []).append(row)
    views: dict[int, HandView] = {}
    for source, wanted in by_source.items():
        path = file_now(db, source) if source else None
        if path is None:
            continue
        ids = {int(str(r["id"])) for rows_of in wanted.values() for r in rows_of}
        try:
            outcomes = replays.outcomes(path) if replays else replayed_outcomes([path])
            try:
                for outcome in outcomes:
                    if ids <= views.keys():
                        break  # every wanted hand of the file is viewed: the rest is not shown
                    record, result = outcome.record, outcome.result
                    if record is None or result is None or outcome.errors:
                        continue
                    print_ = fingerprint(record) if (record.hand_id, record.table) in wanted else ""
                    for stored in wanted.get((record.hand_id, record.table), ()):
                        if stored["fingerprint"] != print_:
                            continue  # another version of the hand (replaced, or edited since)
                        line = int(str(stored["line"] or 0))
                        if hand_rows(record, result, source, line).content != stored["content"]:
                            continue  # the same text, other figures: an earlier hand changed
                        views[int(str(stored["id"]))] = hand_view(outcome)
            finally:
                _close(outcomes)  # a cached file's next page may go on
        except (BadugiError, OSError):
            continue  # the file cannot be read any more: the stored rows stand alone
    return views


def _view(db: sqlite3.Connection, row: dict[str, object], event: dict[str, object]) -> HandView:
    hand_row = int(str(row["id"]))
    unit = str(event["unit"])
    game_name = str(row["game"])
    game = GAMES[game_name]  # type: ignore[index]
    players = dict_rows(
        db,
        "SELECT a.name, hp.seat, hp.starting_stack, hp.final_stack, hp.contributed, "
        "hp.collected FROM hand_players hp JOIN aliases a ON a.id = hp.alias_id "
        "WHERE hp.hand_id = ? ORDER BY hp.seat",
        [hand_row],
    )
    button = str(row["button"] or "")
    seats = tuple(
        SeatView(
            str(p["name"]),
            int(str(p["seat"])) + 1,
            int(str(p["starting_stack"])),
            ("button",) if p["name"] == button else (),
        )
        for p in players
    )
    put_in = tuple(
        ActionLine(0, f"{p['name']} puts in {amount_text(int(str(p['contributed'])), unit)}")
        for p in players
        if p["contributed"]
    )
    cards = _cards(str(row["cards"]) if row["cards"] is not None else None)
    shown = tuple(
        ActionLine(0, f"{name} shows {' '.join(str(c) for c in hand)}")
        for name, hand in cards.items()
    )
    rounds = [RoundView("chips put in (the ledger keeps no actions)", put_in)]
    if shown:
        rounds.append(RoundView("showdown", shown))
    pots = []
    for pot in dict_rows(
        db,
        "SELECT id, name, amount, eligible, detail FROM pots WHERE hand_id = ? ORDER BY idx",
        [hand_row],
    ):
        winners = {
            str(w["name"]): int(str(w["share"]))
            for w in dict_rows(
                db,
                "SELECT a.name, w.share FROM pot_winners w JOIN aliases a ON a.id = w.alias_id "
                "WHERE w.pot_id = ? AND w.share > 0",
                [pot["id"]],
            )
        }
        eligible = tuple(str(n) for n in json.loads(str(pot["eligible"] or "[]")))
        shares = {n: winners[n] for n in eligible if n in winners}
        shares.update((n, s) for n, s in winners.items() if n not in shares)
        result = PotResult(
            str(pot["name"]), int(str(pot["amount"])), eligible, shares, str(pot["detail"] or "")
        )
        unshown = [n for n in eligible if n not in cards]
        pots.append(pot_view(result, game.name, HouseRules(), cards, unshown))
    left_out = row["void_reason"] is not None and str(row["void_reason"]).endswith(LEFT_OUT)
    notes = [
        f"stored from {row['source']}:{row['line']}, which no longer holds it (the file's hand "
        "of that number, if any, is another)"
        if left_out
        else f"stored from {row['source']}:{row['line']}, which is not where it was imported "
        "from or no longer holds it as stored (moved, changed since or gone): the ledger keeps "
        f"its figures, not its actions; the file, wherever it is now, shows them (`show FILE "
        f"--hand {command_word(str(row['hand_number']))}`)"
    ]
    if row["void_reason"] is not None:
        notes.append(f"void: {row['void_reason']} (it counts for nothing)")
    if event["void_reason"] is not None:
        notes.append(f"the event is void: {event['void_reason']}")
    return HandView(
        str(row["source"] or ""),
        str(row["hand_number"]),
        int(str(row["line"] or 0)),
        game.title,
        unit,
        table=str(row["table_name"] or ""),
        event=event_label(event),
        button=button,
        seats=seats,
        rounds=tuple(rounds),
        pots=tuple(pots),
        rake=int(str(row["rake"])),
        carry_in=int(str(row["carry_in"])),
        carry_out=int(str(row["carry_out"])),
        final_stacks=tuple((str(p["name"]), int(str(p["final_stack"]))) for p in players),
        verdict="ok" if row["void_reason"] is None and event["void_reason"] is None else "void",
        replayed=False,
        stored=True,
        notes=tuple(notes),
        void_reason=str(row["void_reason"] or event["void_reason"] or ""),
    )


def stored_hand_views(
    db: sqlite3.Connection,
    event: str | None = None,
    hands: Iterable[str] | None = None,
    *,
    table: str | None = None,
    replay: bool = True,
) -> list[HandView]:
    """The views of stored hands: of ``event`` (its name, key or id, as ``badugi-ledger
    events`` lists them; None: the latest event with hands), all its hands or those numbered
    ``hands`` (``table`` when several tables used a number), in the order asked (else as
    stored).  Voided hands are shown too, marked void.  With ``replay``, a hand whose file still
    holds it is shown with its actions (the module docstring says when).  LedgerError names a
    missing hand, or a ``table`` none of the event's hands was played at."""
    row = find_event(db, event)
    wanted = None if hands is None else [str(h) for h in hands]
    rows = _checked_rows(db, row, wanted, table)
    return _views(db, row, rows, replay)


class HandPage(NamedTuple):
    """One page of an event's stored hands, in the order :func:`stored_hand_views` gives
    them: the page's views, its number (the one asked for, or the last), how many pages,
    the event's hands and how many of them count (none of a void event)."""

    views: list[HandView]
    number: int
    pages: int
    total: int
    counted: int


def page_at(count: int, per_page: int, number: int) -> tuple[int, int, int]:
    """Page ``number`` of ``count`` things, ``per_page`` a page, as the web app's pages take
    it (from 1; past the last: the last): ``(its number, how many pages, its first index)``.

    >>> page_at(120, 50, 9), page_at(0, 50, 1)
    ((3, 3, 100), (1, 1, 0))
    """
    pages = max(1, -(-count // per_page))
    number = min(max(number, 1), pages)
    return number, pages, (number - 1) * per_page


def stored_hand_page(
    db: sqlite3.Connection,
    event: str,
    number: int,
    per_page: int,
    replays: ReplayCache | None = None,
) -> HandPage:
    """Page ``number`` (from 1; past the last: the last) of ``per_page`` hands of ``event``
    (its id, as the web app's links give it: :func:`find_event`'s ``by_id``): the web app's
    event page.  Only the page's hands
    are viewed; their files are still replayed from the start (stacks carry), up to the
    page's last hand, but a long night's other hands are not made into views it never
    shows.  ``replays``: the files replayed by earlier pages, kept while unchanged."""
    row = find_event(db, event, by_id=True)
    rows = _checked_rows(db, row, None, None)
    number, pages, start = page_at(len(rows), per_page, number)
    counted = 0 if row["void_reason"] else sum(1 for r in rows if r["void_reason"] is None)
    views = _views(db, row, rows[start : start + per_page], replay=True, replays=replays)
    return HandPage(views, number, pages, len(rows), counted)


def void_event_contents(db: sqlite3.Connection) -> dict[int, tuple[int, int]]:
    """What each void event holds, by its id: its hands (all of them, as its page lists them)
    and the players of those hands.  The ledger's list of events counts only the hands that
    count, none of a void event's, so the Events page said "0 hands · 0 players" of a voided
    night of 12 hands; it says what the night holds and that it is void."""
    rows = db.execute(
        "SELECT e.id, count(DISTINCT h.id), count(DISTINCT a.player_id) FROM events e "
        "JOIN hands h ON h.event_id = e.id LEFT JOIN hand_players hp ON hp.hand_id = h.id "
        "LEFT JOIN aliases a ON a.id = hp.alias_id WHERE e.void_reason IS NOT NULL GROUP BY e.id"
    )
    return {int(i): (int(hands), int(players)) for i, hands, players in rows}


def _checked_rows(
    db: sqlite3.Connection, row: dict[str, object], wanted: list[str] | None, table: str | None
) -> list[dict[str, object]]:
    """The rows of the event's hands :func:`_hand_rows` picks, once the event's stored
    values are checked."""
    event_id = int(str(row["id"]))
    check_stored_values(db, "hands", "event_id = ?", [event_id])
    of_hands = "hand_id IN (SELECT id FROM hands WHERE event_id = ?)"
    check_stored_values(db, "hand_players", of_hands, [event_id])
    check_stored_values(db, "pots", of_hands, [event_id])
    return _hand_rows(db, event_id, event_label(row), wanted, table)


def _views(
    db: sqlite3.Connection,
    row: dict[str, object],
    rows: list[dict[str, object]],
    replay: bool,
    replays: ReplayCache | None = None,
) -> list[HandView]:
    """The views of the hands ``rows`` of the event ``row``: replayed from their files when
    ``replay`` and they still hold them, else from the rows (the module docstring)."""
    replayed = _replayed(db, rows, replays) if replay else {}
    views = []
    for r in rows:
        view = _view(db, r, row)
        full = replayed.get(int(str(r["id"])))
        if full is not None:
            note = f"replayed from {r['source']}:{r['line']}, which still holds the stored hand"
            view = replace(
                full,
                event=view.event,
                verdict=view.verdict,
                void_reason=view.void_reason,
                stored=True,
                notes=(*full.notes, note, *view.notes[1:]),
            )
        views.append(view)
    return views
