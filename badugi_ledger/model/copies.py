"""A hand written twice: which hand is a copy of one written before it, told one way for
every format.

A hand number names one hand of a table's event (its session and unit).  A hand whose number
its table already had (in the same file and event, among the last :data:`RECENT_HANDS` hands
read) is written twice; it is a *copy* of the first when it records the same thing
(:func:`content`), however it was spaced, separated or commented, whichever format it was read
from.  Two places must tell a copy, and both ask :class:`RecentHands`, so they cannot disagree:

* the replay (:func:`badugi_ledger.replay.stream.replay_stream`) reports the hand
  (``duplicate-hand``) and does not replay a copy: its table goes on from the first;
* a site's reader, which works out between two hands of a table what the site did not print
  (a top-up, a missing hand; :mod:`badugi_ledger.sites.carry`), does not take a copy for the
  table's next hand: a copy pasted after its first would otherwise look like the table's
  stacks going back, and the hand after a copy pasted later would be held to the copy.

A hand of one identity in two files (:func:`file_identity`: the ledger's event, table and
number) is a copy when the ledger would store it once: :func:`one_hand`, by the ledger's own
digests of the two (its fingerprint and content), which the import and a check of several
files both ask.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .events import Deal, HandRecord, Post, Show, event_of, ledger_event
from .games import GAMES
from .settings import GameSettings

RECENT_HANDS = 1_000
"""How many of a stream's latest hands :class:`RecentHands` remembers: more than a night
holds, since a hand written twice is pasted next to itself or close by; memory stays flat
however long the stream (the ledger still refuses a hand it holds twice, at any distance)."""

HandKey = tuple[str, str, tuple[str, str, str | None, str], str]
"""A hand's number where it is written: (source, table, its event (:func:`~.events.event_of`:
the session's kind, name and date, and the unit), hand number) - as the ledger names a hand,
so a cash night's hand 1 and a tournament's of the same name and date, or the same night's
hand 1 in another unit, are two hands."""

Kept = TypeVar("Kept")


class FirstWritten(NamedTuple, Generic[Kept]):
    """The first hand of a number, as :class:`RecentHands` remembers it."""

    line: int
    """The line it starts at."""
    content: int
    """:func:`content` of it."""
    kept: Kept
    """What the one who remembers it keeps of it besides."""

    def copied_by(self, written: int) -> bool:
        """Whether a hand written again under this one's number, whose :func:`content` is
        ``written``, is a copy of it (else it is another hand under a wrong number)."""
        return written == self.content


def hand_key(record: HandRecord) -> HandKey:
    """Where ``record``'s number is written: a second hand of that key is written twice."""
    event = event_of(record.session, record.settings.currency)
    return record.pos.source, record.table, event, record.hand_id


def content(record: HandRecord) -> int:
    """What a hand records, as one number that a copy of it shares: the hash of its settings,
    seats (names, stated stacks), button and events - what its fingerprint digests of it,
    without the file positions.  So a copy pasted with other spacing, separators or comments,
    or copied from a site's file into ours, is still a copy, and a PHH hand is told from
    another one as a hand in our format is.  A hash, not the hand, so that the hands
    remembered hold nothing of them; two hands of one number at one table whose hashes agree
    are all but impossible, and would be taken for a copy.

    A Progressive hand whose text writes no forced bet takes them from the hand before it: a
    redeal after a carried pot posts none, another hand the blinds.  Its posts are then not
    what it records, and are left out: a redeal pasted after another hand is still its copy.

    Each event counts as its class and its fields, as two events are equal (an event's own
    hash is its fields' alone: ``raked 10`` and ``pot 10`` hash alike, and a hand written again
    with one for the other was taken for a copy, its claim never checked): the events' classes
    and their fields' tuples are hashed, without a call of each event's ``__hash__``.

    The settings are hashed once per settings object (:func:`_settings_hash`): equal settings
    hash alike, so the number is the same function of what the hand records."""
    settings, events, posts_none = record.settings, record.events, record.posts_none
    if (posts_none or record.posts_implied) and GAMES[settings.game].progressive:
        if record.posts_implied:
            events = tuple(e for e in events if type(e) is not Post)
        posts_none = False
    kinds = tuple(map(type, events))  # (see the docstring)
    held = tuple([tuple(e.__dict__.values()) for e in events])
    return hash((_settings_hash(settings), record.seats, record.button, kinds, held, posts_none))


_last_settings: tuple[GameSettings | None, int] = (None, 0)
"""The settings object hashed last and its hash: a file's hands share one settings object
(the reader's, until a header line changes it), and hashing it walks every field of it and of
its house rules."""


def _settings_hash(settings: GameSettings) -> int:
    """``hash(settings)``, the same object as last time answered at once."""
    global _last_settings
    last, known = _last_settings
    if settings is not last:
        known = hash(settings)
        _last_settings = (settings, known)
    return known


def renumbered_copy(record: HandRecord, earlier: tuple[str, int]) -> str:
    """What is wrong with ``record``, a copy of the hand numbered and written at ``earlier``
    (:meth:`RecentHands.renumbered`)."""
    number, line = earlier
    return (
        f"hand {record.hand_id} records what hand {number} (line {line}) records - the same "
        "seats, stacks, cards and play - under another number: a copy, renumbered; remove it"
    )


class RecentHands(Generic[Kept]):
    """The first hand of each number among a stream's last :data:`RECENT_HANDS` hands, and
    the number of each recent hand with cards known, by what it records."""

    __slots__ = ("_first", "_played", "_keyed")

    def __init__(self) -> None:
        self._first: OrderedDict[HandKey, FirstWritten[Kept]] = OrderedDict()
        self._played: OrderedDict[tuple[object, ...], tuple[str, int]] = OrderedDict()
        self._keyed: tuple[HandRecord | None, HandKey | None] = (None, None)
        """The hand asked about last and its :func:`hand_key`: each method asks it of the
        same hand in turn (:meth:`first`, then :meth:`remember`, :meth:`renumbered`)."""

    def _key(self, record: HandRecord) -> HandKey:
        last, key = self._keyed
        if last is not record or key is None:
            key = hand_key(record)
            self._keyed = (record, key)
        return key

    def renumbered(self, record: HandRecord, written: int) -> tuple[str, int] | None:
        """The number and line of a recent hand of ``record``'s table (in its file and
        event) that records what ``record`` records (its :func:`content` is ``written``: the
        same seats, stated stacks, button, cards and play) under another number, or None
        (then ``record`` is remembered).  Two hands dealt never hold the same cards (one deal
        in thousands of millions): such a hand was pasted again with its number changed.
        Only a hand with cards known: hands without them (a walk) can be alike."""
        for e in record.events:
            if (type(e) is Deal or type(e) is Show) and any(e.cards):
                break
        else:
            return None
        key = (*self._key(record)[:3], written)
        earlier = self._played.get(key)
        if earlier is not None and earlier[0] != record.hand_id:
            return earlier
        if len(self._played) >= RECENT_HANDS:
            self._played.popitem(last=False)
        self._played[key] = (record.hand_id, record.pos.line)
        return None

    def first(self, record: HandRecord) -> FirstWritten[Kept] | None:
        """The hand written before under ``record``'s number, or None: ``record`` is the
        first (:meth:`remember` it)."""
        return self._first.get(self._key(record))

    def remember(self, record: HandRecord, written: int, kept: Kept) -> None:
        """``record``, the first of its number, whose :func:`content` is ``written``."""
        if len(self._first) >= RECENT_HANDS:
            self._first.popitem(last=False)  # the oldest, in constant time
        self._first[self._key(record)] = FirstWritten(record.pos.line, written, kept)


FileKey = tuple[int, int]
"""A hand's number where the ledger names it, whatever file holds it: a digest of its table in
its event (:func:`~.events.ledger_event`), and one of its number (see :func:`file_key`)."""


def digest(text: str) -> int:
    """A 64-bit digest of ``text``, the same in every process: a worker's keys are compared in
    the process that started it, and a spawned worker hashes strings otherwise (BLAKE2:
    :func:`_blake2b`)."""
    blake2b = _BLAKE2B or _blake2b()
    data = text.encode("utf-8", "surrogatepass")
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "big")


_BLAKE2B: Any = None


def _blake2b() -> Any:
    """BLAKE2b, from its own built-in module (``hashlib`` loads OpenSSL's library too: 3.7 MB
    of a check's memory for nothing), imported at the first check of several files only."""
    global _BLAKE2B
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import blake2b
    _BLAKE2B = blake2b
    return blake2b


_last_table: tuple[tuple[object, ...], int] = ((), 0)
"""The session, currency, file and table :func:`file_key` digested last, and the digest: a
file's hands share them, hand after hand."""


def file_identity(record: HandRecord) -> tuple[str, str, str | None, str, str, str]:
    """What names ``record`` in the ledger: its event as the ledger keys it (an unnamed session
    by its file's name), its table and its number.  Two files' hands of one identity are one
    hand to an import: a copy stored once, or a conflict."""
    kind, name, date, unit = ledger_event(
        record.session, record.settings.currency, record.pos.source
    )
    return kind, name, date, unit, record.table, record.hand_id


def file_key(record: HandRecord) -> FileKey:
    """:func:`file_identity` as two small numbers: what a check of several files keeps of each
    hand (16 bytes, not the hand) to find a hand written in two of them.  Two identities of
    one key are all but impossible, and the hands of a key are read again to be told apart
    (:func:`in_two_files`), so such a pair would be found to be none (unless the import takes
    the one for the other too: one fingerprint)."""
    global _last_table
    seen, known = _last_table
    where = (record.session, record.settings.currency, record.pos.source, record.table)
    if where != seen:
        kind, name, date, unit, table, _ = file_identity(record)
        known = _table_digest(kind, name, date, unit, table)
        _last_table = (where, known)
    return known, digest(record.hand_id)


def _table_digest(kind: str, name: str, date: str | None, unit: str, table: str) -> int:
    """A table of an event (kind, name, date, unit) as one small number (:func:`file_key`,
    :func:`unnamed_key`)."""
    return digest(f"{kind}\x1f{name}\x1f{date or ''}\x1f{unit}\x1f{table}")


def unnamed_key(record: HandRecord) -> FileKey | None:
    """Of a hand of a session without a name, its table in its event and its number as its
    fingerprint names them - the session's name blank, whatever file holds it - as two small
    numbers; None for a named session.  Such a night is an event named after its file
    (:func:`file_identity`), but a hand is looked up by its fingerprint first: its copy in a
    file of another name is the hand an import stored from the first, a duplicate in that
    file's event (:func:`one_hand`), and a hand of that number there in another version is a
    new hand of this file's event.  A check of several files keeps this key of each such hand
    to find those (``check_files.HandsOfFiles``)."""
    if record.session.name:
        return None
    kind, _, date, unit = event_of(record.session, record.settings.currency)
    return _table_digest(kind, "", date, unit, record.table), digest(record.hand_id)


def event_group(record: HandRecord) -> int:
    """:func:`file_identity`'s event (its table and number left out) as one small number: a
    check of several files asks it once for each table of each file, to find a hand copied
    to another table of its event."""
    kind, name, date, unit, _, _ = file_identity(record)
    return digest(f"{kind}\x1f{name}\x1f{date or ''}\x1f{unit}")


class Versioned(Protocol):
    """A hand as the ledger tells its versions apart (a stored hand, its rows, or what a check
    of several files keeps of a hand it compares: :class:`HandVersion`)."""

    @property
    def fingerprint(self) -> str:
        """What the hand records, read by which reader (``ledger/fingerprints.py``)."""
        ...

    @property
    def content(self) -> str:
        """What the ledger derives from it: the stacks it starts from, its postings, pots
        and winners (``ledger/hand_content.py``, ``content_digest``)."""
        ...


def one_hand(held: Versioned, new: Versioned) -> bool:
    """Whether ``new``, a hand of the identity of ``held`` (:func:`file_identity`: its event,
    table and number), is that hand again - a copy, which an import stores once (a
    duplicate) - rather than another version of it, which it reports as a conflict and does
    not store: the same fingerprint and the same content.  The one rule both ``import``
    (``ledger/writer.py``, ``ledger/conflicts.py``) and ``check`` of several files
    (:func:`in_two_files`) tell a copy by, so that they cannot disagree: a PHH hand with or
    without its ``winnings`` (claims no fingerprint holds), a player sitting out whose stack
    a corrected hand before changed (no row of the hand holds it) are copies to both."""
    return held.fingerprint == new.fingerprint and held.content == new.content


class HandVersion(NamedTuple):
    """What a hand of one file is, as a check of several files compares it with the hand of
    the same identity in another file: the ledger's digests of it and a few names, not the
    hand (see :func:`hand_version`)."""

    identity: tuple[str, str, str | None, str, str, str]
    """:func:`file_identity`."""
    source: str
    line: int
    origin: str
    """The reader that read it (:attr:`~.events.HandRecord.origin`): a conflict's words say
    when two versions were read by two readers."""
    fingerprint: str
    """The ledger's fingerprint of it (``ledger/fingerprints.py``)."""
    content: str
    """The ledger's content digest of it (``ledger/hand_content.py``)."""


def hand_version(record: HandRecord, digests: Versioned) -> HandVersion:
    """:class:`HandVersion` of a hand whose ledger's rows are ``digests`` (its fingerprint
    and content digest, as the import computes them: ``ledger/rows.py``, ``hand_rows``)."""
    return HandVersion(
        file_identity(record),
        record.pos.source,
        record.pos.line,
        record.origin,
        digests.fingerprint,
        digests.content,
    )


def in_two_files(hand: HandVersion, first: HandVersion) -> bool | None:
    """What an import of both files makes of ``hand``, a hand of the key of ``first``, a hand
    of another file read before it (of one :func:`file_key`, or of one :func:`unnamed_key`:
    the same number at a table of a night without a session name), as it looks a hand up:
    by its fingerprint first, then by its identity (:func:`file_identity`;
    ``ledger/writer.py``).  True: a copy of it (:func:`one_hand`: a warning, the import
    stores it once, a duplicate: :func:`copy_words`); False: another version of that hand
    (an error: the import keeps the version read first and reports this one as a conflict,
    in its words of what differs) - the same fingerprint and other content, or another
    fingerprint under the same identity.  None: to the import, another hand (another
    identity and fingerprint: a night without a session name in a file of another name,
    which is an event of its own; two identities of one :func:`file_key`)."""
    if hand.fingerprint == first.fingerprint:
        return one_hand(first, hand)
    return False if hand.identity == first.identity else None


def unnamed_copy_words(hand: HandVersion, first: HandVersion) -> str:
    """What ``check`` says of ``hand``, a hand of a night without a session name that a file
    of another name holds as it is (:func:`one_hand` by :func:`unnamed_key`): the import
    stores it once, in the event of the file before, not in this file's."""
    return (
        f"hand {hand.identity[-1]} is written in {first.source} (line {first.line}) too, the "
        "same hand: a copy, which an import of both files stores once (a duplicate), in "
        f"{first.identity[1]!r}, not in {hand.identity[1]!r} (a night without a session name "
        "is an event named after its file); remove one of them"
    )


def unnamed_version_words(hand: HandVersion, first: HandVersion, copies: list[str]) -> str:
    """What ``check`` says of ``hand``, a hand of a night without a session name in another
    version than ``first``'s, a hand of that number in a file of another name whose hands
    ``copies`` (their numbers) this file holds as they are: the import stores those once, in
    the event of the file before, and this one as a new hand of this file's event, beside
    ``first`` - the night counted in two events."""
    held = f"hand{'s' if len(copies) > 1 else ''} {', '.join(copies)}"
    return (
        f"hand {hand.identity[-1]} is written in {first.source} (line {first.line}) too, in "
        f"another version, and this file holds that night's {held} as {first.source} does: a "
        "night without a session name is an event named after its file, so an import of both "
        f"stores {held} once, in {first.identity[1]!r}, and this hand as a new hand of "
        f"{hand.identity[1]!r}, beside {first.source}'s - one night in two events; give the "
        "session one name in both files (a hand of two versions is then a conflict), or "
        "remove the copy"
    )


def copy_words(hand: HandVersion, first: HandVersion) -> str:
    """What ``check`` says of ``hand``, a copy of ``first`` (:func:`in_two_files`)."""
    return (
        f"hand {hand.identity[-1]} is written in {first.source} (line {first.line}) too, the "
        "same hand: a copy, which an import of both files stores once (a duplicate); remove "
        "one of them"
    )
