"""A night stored twice under another name: a file whose new hands are hands the ledger
already counts from another file of the same date, or of the same name (a date typo
corrected in one file and not in its copy).

A hand is named by its event, table and number, so a copy of a night that names them otherwise
is not met by identity: its session's name retyped (``Friday Game``), a night without a name
(its file's name is its event's) saved as a new file, its hands renumbered.  Stored, every hand
of it would count twice, and everyone's result and the settle-up with it.  A new hand that is a
counting hand another file holds of an event of the same date, players renamed one to
one or not (:func:`~.hand_content.players_renamed`: a name's spelling corrected in the copy),
and shows cards is that hand: the same cards dealt to the same seats with the same stacks and
play.  The file holding it is a copy of that night, whole or in part (its other hands rejected,
to be stored once mended, or one of them corrected), and is refused.  With no card shown, the
file is refused when its new hands of one event are, one for one, three or more counting hands
of another event: a whole night played alike from the same stacks is one night.  Of the file's
own event (its hands renumbered), shown cards are needed: a night's next file may replay its
walks alike, stacks gone round (and two hands shown nothing are not enough either: two heads-up
matches on one day may begin with the same walks); so are they of an event of another date
(next week's night of the same name may begin with the same walks: of the same name on
another date, or none, only a hand showing the same cards under the same names is looked for,
so a weekly game is never read whole).  Those look-alikes are stored, never refused (a legal
hand is never refused), but not in silence: the import warns, naming both files' hands, and
says how to void the copy.

A file is judged by all its hands of the event: those an earlier import of it stored (voided
by the organiser since, or not) as well as the new ones, and the hands it brings back into the
play (voided because their file no longer held them, they count again when a file holds
them).  So a file imported in steps (a hand rejected, then corrected; its copied hands voided,
then imported again) gets the verdict it would get imported whole at once, and its last hand
is not stored in silence beside a night it copies.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Generic, NamedTuple, TypeVar

from ..model.errors import LedgerError
from ..model.limits import quote
from .advice import Advice, Said, command_text, ledger_named
from .advice import void_command_words as void_command_words  # (check_across asks it here)
from .event_lookup import event_label_of
from .hand_content import FIGURES, HandFacts, players_renamed, stored_facts
from .void_reasons import voided_in_play

_Signature = tuple[object, ...]

_WITHOUT_CARDS = 3
"""How many hands, all of a night's in the file, make a copy when none of them shows cards."""


_BUTTON = FIGURES.index("button")
_MATCHED = FIGURES[:_BUTTON] + FIGURES[_BUTTON + 1 :]
"""The hand's figures a copy has as they are (all but its button, a name): ``hands`` columns,
so that the hands that may be a copy are found without reading any other hand whole."""


def _signature(facts: HandFacts) -> _Signature:
    """What :func:`~.hand_content.players_renamed` compares, without the names: the seats'
    figures, the hand's figures but its button (a name: :data:`_MATCHED`), and the pots'
    amounts."""
    figures = facts.figures[:_BUTTON] + facts.figures[_BUTTON + 1 :]
    return (
        tuple(player[1:] for player in facts.players),
        figures,
        tuple((pot[0], pot[1]) for pot in facts.pots),
    )


_SEATS = (
    "(SELECT json_array(count(*), sum(coalesce(seat, -1) * 65537 + starting_stack), "
    "sum(final_stack), sum(contributed), sum(collected)) FROM hand_players WHERE hand_id = h.id)"
)
"""SQL summing up a hand's seats (alias ``h`` = ``hands``) in one text: how many, and sums of
their figures, the same whatever the players' names or their rows' order.  Two hands of one
:func:`_signature` have the same one, so a hand whose summary is none of this file's hands' is
no copy of one (the summary only narrows the hands to read whole)."""


def _look_alike_keys(
    db: sqlite3.Connection, hand_ids: list[int]
) -> tuple[set[tuple[object, ...]], set[str]]:
    """The :data:`_MATCHED` figures (tuples) and the :data:`_SEATS` summaries of these stored
    hands: a hand of the same :func:`_signature` as one of them has one of each."""
    figures: set[tuple[object, ...]] = set()
    seats: set[str] = set()
    for *matched, summary in db.execute(
        f"SELECT {', '.join('h.' + f for f in _MATCHED)}, {_SEATS} FROM hands h WHERE h.id IN "
        "(SELECT value FROM json_each(?))",
        [json.dumps(hand_ids)],
    ):
        figures.add(tuple(matched))
        seats.add(str(summary))
    return figures, seats


def _shows_cards(facts: HandFacts) -> bool:
    return bool(facts.cards) and bool(json.loads(facts.cards or "{}"))


def copied_nights(
    db: sqlite3.Connection,
    first_new: int,
    next_hand: int,
    source: str,
    events: Collection[int],
    again: AbstractSet[int] = frozenset(),
) -> list[Said]:
    """Raise :class:`CopyRefused` when the hands this file stores (row ids ``first_new`` ..
    ``next_hand - 1``, and ``again``: hands stored before that count again because this file
    holds them; ``events``: every event the file wrote a hand of) are, for one of their
    events, a copy of the counting hands of an event from another file (see the module
    docstring); return a warning for each event whose hands only look like one.  Of another
    file's hands of that date, only those whose figures and seats are summed up as one of
    this file's hands' (:data:`_MATCHED`, :data:`_SEATS`) are read whole: a day of many
    one-hand files (a PHH file a hand) costs each file a look at the day's hands in SQLite,
    not a read of each."""
    warnings: list[Said] = []
    # The events of the file's new hands, in the order of their first hand: each of the
    # events the file wrote to looks its first new hand up by index, so that no hand is a
    # step of Python, nor read by SQLite, unless another file's hand may be copied.
    dates: dict[int, str | None] = {
        event_id: date
        for event_id, date, _ in db.execute(
            "SELECT id, date, first FROM (SELECT e.id, e.date, (SELECT h.id FROM hands h "
            "WHERE h.event_id = e.id AND h.id >= ? AND h.id < ? AND h.void_reason IS NULL "
            "ORDER BY h.id LIMIT 1) AS first FROM events e WHERE e.id IN "
            "(SELECT value FROM json_each(?)) AND e.void_reason IS NULL) "
            "WHERE first IS NOT NULL ORDER BY first",
            [first_new, next_hand, json.dumps(sorted(events))],
        )
    }
    if again:  # in the play again: new to it as the file's new hands are
        for event_id, date in db.execute(
            "SELECT DISTINCT h.event_id, e.date FROM hands h JOIN events e ON e.id = h.event_id "
            f"WHERE h.id IN ({', '.join('?' * len(again))}) AND e.void_reason IS NULL",
            sorted(again),
        ):
            dates.setdefault(event_id, date)  # (the hands themselves: held before, below)
    again_ids = json.dumps(sorted(again))
    for event_id, date in dates.items():
        # Of the same date, any hand; of the same name (another date, or none), a hand that
        # shows the cards one of the file's shows, as written (a weekly game of one name is
        # never read whole: its hands that may be a copy are found by their cards).  The
        # file's shown cards are read by SQLite only when a hand of the same name is met.
        same_day = (
            "FROM hands h JOIN events e ON e.id = h.event_id JOIN events mine ON mine.id = ? "
            "WHERE (e.date = ? OR (e.name = mine.name AND h.cards IN "
            f"(SELECT s.cards FROM hands s WHERE {_SHOWN}))) AND e.kind = mine.kind "
            "AND h.void_reason IS NULL AND e.void_reason IS NULL AND (h.id < ? OR h.id >= ?) "
            "AND h.source != ?"
        )
        day = [event_id, date, first_new, next_hand, event_id, again_ids]
        day += [first_new, next_hand, source]
        if db.execute(f"SELECT 1 {same_day} LIMIT 1", day).fetchone() is None:
            continue  # no other file's hand of that date or those cards: nothing to read
        hands, counting = _held_before(db, event_id, source, first_new)
        hands += [
            (int(hand_id), str(number))
            for hand_id, number in db.execute(
                "SELECT id, hand_number FROM hands WHERE id >= ? AND id < ? AND event_id = ? "
                "AND void_reason IS NULL ORDER BY id",
                [first_new, next_hand, event_id],
            )
        ]
        wanted, seats = _look_alike_keys(db, [hand_id for hand_id, _ in hands])
        pots = [figures[_MATCHED.index("pot")] for figures in wanted]
        groups: dict[int, list[tuple[int, str]]] = {}
        other_day: set[int] = set()  # of those events, the ones of another date (or none)
        for hand_id, other_event, number, date, *figures in db.execute(
            f"SELECT h.id, h.event_id, h.hand_number, e.date, "
            f"{', '.join('h.' + f for f in _MATCHED)} "
            f"{same_day} AND h.pot IN (SELECT value FROM json_each(?)) AND {_SEATS} IN "
            "(SELECT value FROM json_each(?))",
            [*day, json.dumps(pots), json.dumps(sorted(seats))],
        ):
            if tuple(figures) in wanted:
                groups.setdefault(other_event, []).append((hand_id, str(number)))
                if date is None or date != dates[event_id]:
                    other_day.add(other_event)
        if not groups:
            continue
        counting -= again  # (void again if the file is refused)
        for other_event, others in groups.items():
            # A night's next file may cycle alike; so may a weekly game of the same name.
            cards_only = other_event == event_id or other_event in other_day
            twins = _refuse_a_copy(
                db, source, event_id, hands, other_event, others, cards_only, counting
            )
            if twins:
                warnings.append(_look_alike(db, event_id, twins))
    return warnings


_SHOWN = (
    "((s.id >= ? AND s.id < ? AND s.event_id = ? AND s.void_reason IS NULL) "
    "OR s.id IN (SELECT value FROM json_each(?))) AND s.cards IS NOT NULL AND s.cards != '{}'"
)
"""SQL of the hands (alias ``s``) whose shown cards :func:`copied_nights` looks for in other
files: the file's new hands of one event (row ids from, up to, the event's id) and the hands
that count again (their ids as a JSON array), those that show cards."""


def _held_before(
    db: sqlite3.Connection, event_id: int, source: str, first_new: int
) -> tuple[list[tuple[int, str]], set[int]]:
    """The hands of ``event_id`` that an earlier import of ``source`` stored and the file
    still holds (row id, number), those an organiser voided since included, and the ids of
    those that count."""
    hands: list[tuple[int, str]] = []
    counting: set[int] = set()
    for hand_id, number, void in db.execute(
        "SELECT id, hand_number, void_reason FROM hands WHERE event_id = ? AND source = ? "
        "AND id < ? ORDER BY id",
        [event_id, source, first_new],
    ):
        if void is None:
            counting.add(hand_id)
        elif not voided_in_play(void):
            continue  # no longer the file's (left out by --replace), or set aside
        hands.append((hand_id, str(number)))
    return hands, counting


def _refuse_a_copy(
    db: sqlite3.Connection,
    source: str,
    event_id: int,
    hands: list[tuple[int, str]],
    other_event: int,
    others: list[tuple[int, str]],
    cards_only: bool,
    counting_before: set[int],
) -> list[tuple[int, int]]:
    """Raise :class:`CopyRefused` when one of ``hands`` (the file ``source``'s, of
    ``event_id``: the new ones and those an earlier import stored, voided or not;
    ``counting_before`` the latter that still count) is one of ``others`` (the counting
    hands of ``other_event`` that other files hold) showing the same cards - that hand is a
    copy, so the file is one, whole or in part (its other hands rejected, or corrected) - or
    when ``hands`` are all of them, one for one, three or more (``cards_only``: never
    without cards).  When they are one for one, two or more, but no card says so, return
    the pairs of row ids (this file's hand, the ledger's); else nothing
    (:func:`match_night`, :func:`night_verdict`)."""
    found = match_night(
        [(hand_id, number, stored_facts(db, hand_id)) for hand_id, number in hands],
        [(hand_id, number, stored_facts(db, hand_id)) for hand_id, number in others],
    )
    verdict = night_verdict(found, cards_only)
    if verdict is None:
        return []
    twins = [(mine, theirs) for mine, theirs, _, _ in found.pairs]
    if verdict == "alike":
        return twins
    before = [(mine, number) for mine, _, number, _ in found.pairs if mine in counting_before]
    theirs = [other for _, other, _, _ in found.pairs]
    files = tuple(
        str(path)
        for (path,) in db.execute(
            "SELECT DISTINCT source FROM hands WHERE id IN (SELECT value FROM json_each(?)) "
            "AND source IS NOT NULL ORDER BY source",
            [json.dumps(theirs)],
        )
    )
    said = copy_refusal(
        event_label_of(db, event_id),
        event_label_of(db, other_event),
        found,
        len(hands),
        _nothing_more(db, event_id, before),
        source,
        files,
        str(other_event),  # (by its id, as the void of the file's copies names its own)
        ledger_named(db),
    )
    raise CopyRefused(command_text(said), files, said)


class CopyRefused(LedgerError):
    """A file refused as a copy of a night the ledger counts from other files: :attr:`files`
    are those files, so that an import of several files tries it again once one of them is
    stored anew (:mod:`.run_retries`: a hand moved from that file to this one is a copy only
    until that file, corrected, no longer holds it)."""

    def __init__(self, message: str, files: tuple[str, ...], said: Said) -> None:
        super().__init__(message)
        self.files = files
        """The files of the ledger's hands this file's hands are (as their imports named
        them), in order."""
        self.said = said
        """The message, its advice apart (:func:`copy_refusal`): each front end says it its
        own way."""


Key = TypeVar("Key")


class NightMatch(NamedTuple, Generic[Key]):
    """A file's hands of one event held one for one to another file's hands of an event (by
    :func:`match_night`)."""

    pairs: list[tuple[Key, Key, str, str]]
    """(this file's hand, its twin, their numbers), in this file's order."""
    cards: bool
    """Whether a twin shows cards (the same cards dealt to the same seats: a copy)."""
    alone: int
    """This file's hands with no twin."""


def match_night(
    hands: list[tuple[Key, str, HandFacts]], others: list[tuple[Key, str, HandFacts]]
) -> NightMatch[Key]:
    """Each of ``hands`` (this file's hands of an event: a key, its number and its facts)
    held to a hand of ``others`` (another file's of an event) of the same seats, stacks, play
    and pots, the players' names aside (:func:`~.hand_content.players_renamed`), each used
    once: the one rule by which the import and ``check`` tell a night stored again."""
    by_signature: dict[_Signature, list[tuple[Key, str, HandFacts]]] = {}
    for key, number, facts in others:
        by_signature.setdefault(_signature(facts), []).append((key, number, facts))
    used: set[Key] = set()
    pairs: list[tuple[Key, Key, str, str]] = []
    cards = False
    alone = 0
    for key, number, facts in hands:
        twin = next(
            (
                (other, other_number)
                for other, other_number, held in by_signature.get(_signature(facts), ())
                if other not in used and players_renamed(held, facts)
            ),
            None,
        )
        if twin is None:
            alone += 1  # a hand of its own (or a copy corrected)
            continue
        used.add(twin[0])
        pairs.append((key, twin[0], number, twin[1]))
        cards = cards or _shows_cards(facts)
    return NightMatch(pairs, cards, alone)


def night_verdict(found: NightMatch[Any], cards_only: bool) -> str | None:
    """``"copy"`` when the matched hands make the file a copy of the other night (a twin shows
    cards, or, ``cards_only`` false, three or more hands, all of the file's, one for one),
    ``"alike"`` when two or more, all of them, only play alike (stored, warned), else None."""
    if found.cards:
        return "copy"
    if found.alone or len(found.pairs) < 2:
        return None  # another night, or not enough to say
    if cards_only or len(found.pairs) < _WITHOUT_CARDS:
        return "alike"
    return "copy"


def copy_refusal_words(
    label: str,
    other_label: str,
    found: NightMatch[Any],
    hands: int,
    left: str | Said,
    file: str = "FILE",
    others: Sequence[str] = (),
    copy: str = "EVENT",
) -> str:
    """:func:`copy_refusal` in the command line's words (the import's, and ``check``'s)."""
    return command_text(copy_refusal(label, other_label, found, hands, left, file, others, copy))


def copy_refusal(
    label: str,
    other_label: str,
    found: NightMatch[Any],
    hands: int,
    left: str | Said,
    file: str = "FILE",
    others: Sequence[str] = (),
    copy: str = "EVENT",
    ledger: str = "",
) -> Said:
    """Why a file (``file``) whose ``hands`` hands of the event ``label`` are ``found`` to be
    the other night's, ``other_label``, held from the files ``others``, is not imported
    (``left``: what of it stays stored), and what stores it if it is no copy, or takes the
    ledger's copy out (``copy``: that night's event as ``void --event`` takes it, a word of a
    command), each an :class:`~.advice.Advice` of the ``ledger`` the import stores in
    (:func:`~.advice.ledger_named`; ``check``'s names none)."""
    pairs = [(number, other) for _, _, number, other in found.pairs]
    were = ", ".join(f"{quote(number)} as {quote(other)}" for number, other in pairs[:5])
    more = f" and {len(pairs) - 5} more" if len(pairs) > 5 else ""
    one = len(pairs) == 1
    alone = found.alone
    which = f"{len(pairs)} of the {hands}" if alone else "the" if one else f"the {len(pairs)}"
    these = f"{which} hand{'' if one and not alone else 's'} of {label}"
    are = "is a hand" if one else "are hands"
    each = "" if one else ", one for one"
    shown = " and shown cards" if found.cards else ""
    return (
        f"{these} in this file {are} of {other_label} that the ledger "
        f"counts from another file{each} (hand{'' if one else 's'} {were}{more}): the same "
        f"seats, stacks, play, pots{shown}, the players' names aside - a copy of that night, "
        "which stored would count twice; ",
        *((left,) if isinstance(left, str) else left),
        ".  ",
        Advice("store as that night", source=file, others=tuple(others), ledger=ledger),
        "; if the ledger's night is the copy, ",
        Advice("void the ledger's copy", event=copy, ledger=ledger),
    )


def _nothing_more(db: sqlite3.Connection, event_id: int, before: list[tuple[int, str]]) -> Said:
    """What the refusal leaves: nothing of this import, and this file's hands of the copy that
    an earlier import of it stored (row id, number), which count until voided."""
    if not before:
        return ("nothing from this file was stored",)
    numbers = ", ".join(quote(number) for _, number in before[:5])
    more = f" and {len(before) - 5} more" if len(before) > 5 else ""
    one = len(before) == 1
    return (
        f"nothing more from this file was stored, and its hand{'' if one else 's'} {numbers}"
        f"{more} that an earlier import of it stored {'counts' if one else 'count'} twice until "
        "voided (",
        _void_copies(db, event_id, before[0][0], one),
        ")",
    )


def _void_copies(db: sqlite3.Connection, event_id: int, hand_id: int, one: bool) -> Advice:
    """Void stored hand ``hand_id`` as a copy (``one``: the only one to void, else the first
    of several)."""
    number, table = db.execute(
        "SELECT hand_number, coalesce(table_name, '') FROM hands WHERE id = ?", [hand_id]
    ).fetchone()
    return Advice(
        "void the file's copies",
        event=str(event_id),
        hand=str(number),
        table=table,
        one=one,
        ledger=ledger_named(db),
    )


def _look_alike(db: sqlite3.Connection, event_id: int, twins: list[tuple[int, int]]) -> Said:
    """The warning for this file's hands of ``event_id`` that play, one for one, like the
    ledger's hands of another file, no card shown to tell them apart (``twins``: the pairs
    of row ids, this file's hand first)."""
    ids = [hand_id for pair in twins for hand_id in pair]
    held = {
        int(row[0]): (str(row[1]), str(row[2] or ""), str(row[3] or ""))
        for row in db.execute(
            "SELECT id, hand_number, coalesce(table_name, ''), coalesce(source, '') FROM hands "
            f"WHERE id IN ({', '.join('?' * len(ids))})",
            ids,
        )
    }
    return look_alike_said(
        event_label_of(db, event_id),
        sorted({held[other][2] for _, other in twins}),
        [(held[new][0], held[old][0]) for new, old in twins],
        _void_copies(db, event_id, twins[0][0], False),
    )


def look_alike_words(
    label: str, files: list[str], pairs: list[tuple[str, str]], void_command: str
) -> str:
    """The warning for a file's hands of the event ``label`` that play, one for one, like
    hands of ``files`` (``pairs``: their numbers, this file's first), no card shown to tell
    them apart; ``void_command`` voids this file's."""
    return command_text(look_alike_said(label, files, pairs, void_command))


def look_alike_said(
    label: str, files: list[str], pairs: list[tuple[str, str]], void: str | Advice
) -> Said:
    """:func:`look_alike_words` with what to do apart: ``void``, the command or the
    :class:`~.advice.Advice` that voids this file's hands."""
    were = ", ".join(f"{quote(new)} as {quote(old)}" for new, old in pairs[:5])
    more = f" and {len(pairs) - 5} more" if len(pairs) > 5 else ""
    return (
        f"the {len(pairs)} hands of {label} in this file play like "
        f"hands the ledger counts from {', '.join(files)}, one for one (hands {were}{more}): the "
        "same seats, stacks, play and pots, and no card shown to tell them apart.  Stored; if "
        "this file is a copy of that night, each of them counts twice: void this file's hands (",
        void,
        ")",
    )
