"""What to do of a conflict, of a void, of a warning or of a refusal, kept apart from the
sentence that says what differs.

The import's report is read at a command line, the record page on a phone at the table: the
same advice (store the file's version, void a hand, look at the audit) is a command to one
and a button or a word for the one running the server to the other.  So the ledger says
what differs in its sentences and names what to do as an :class:`Advice`, a small value: the
action and its arguments.  The command line's words of it are here
(:meth:`Advice.command_words`), the report's as they always were; the page says it in its
own (:mod:`badugi_ledger.web.advice_words`).  A refusal that ends in what to do (no such
event, and where to see them; an event no hand of which counts, and the audit) is a
:class:`Refusal`: a :class:`~badugi_ledger.model.errors.LedgerError` whose message is the
command line's words, carrying what it said with its advice as values (:attr:`Refusal.said`).
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..model.errors import LedgerError
from ..model.escaping import for_terminal
from .location import bare_ledger

if TYPE_CHECKING:
    import sqlite3  # (a check names no ledger: it loads no SQLite)

Action = Literal[
    "void or replace",
    "replace or void the event",
    "replace to leave out of play",
    "void this one too",
    "replace the other file",
    "store as that night",
    "void the ledger's copy",
    "void the file's copies",
    "audit",
    "void that event too",
    "see the carry",
    "correct the carry in",
    "merge them",
    "correct the other files",
    "record the terms",
    "join the nights",
    "state one currency",
    "write one name",
    "correct the payout table",
    "see the events",
    "see the events and the audit",
    "see the standings",
    "give the key",
    "give its id",
    "import some hands",
]
"""What an advice says to do: void a hand or store the file's version (``--replace``), each
as the conflict has it; store a file refused as a copy of a night as that night corrected
(``--renamed-from``), or void a copy; look at the audit (a void's who and why).  And what an
import's warnings say: void the event a void night's hands count in now; see the chips a pot
left in ``*carry*`` (the settle-up), and correct the ``carry in`` that left them; merge a
new name that looks like a known one; correct the other files of a night split by one
file's correction; record a tournament's terms that stayed behind where they belong; of a
tournament's files: join two of it cut at midnight into one, state one currency in every file
of it, write one name for a player it counts twice, correct the payout table a site's prize
disagrees with.  And
what a refusal to find an event says: where the events are listed (and the audit, of void
ones), where the seasons are, how to name one event of several that a word names (its key,
its id), and that a ledger of no hands has nothing to find yet."""


@dataclass(frozen=True)
class Advice:
    """What to do, as a value: the :attr:`action`, with the arguments it names."""

    action: Action
    event: str = ""
    """``void this one too``, ``replace or void the event``, ``void the ledger's copy``,
    ``join the nights`` (the later): the event as ``void --event`` takes it, a word of a
    command (:func:`~.void_matching.event_arg`);
    ``void that event too``: the id of the event to void."""
    reason: str = ""
    """``void this one too``: the reason to void it by (the organiser's); ``void that event
    too``: the void night's reason, to void its hands' event by (``TEXT`` when not given);
    ``join the nights``: that the later is one tournament with the earlier."""
    source: str = ""
    """``replace the other file``: the file the ledger holds its version from."""
    others: tuple[str, ...] = ()
    """``store as that night``: the files the ledger holds that night from; ``correct the other
    files``: the files that still hold the night as it was; ``merge them``: the name the
    ledger knows, then the new one."""
    hand: str = ""
    """``void the file's copies``: the first hand to void (its number); ``void this one too``:
    the hand to void, when the ledger can name it (else the command says ``NUMBER``)."""
    table: str = ""
    """``void the file's copies``, ``void this one too``: its table."""
    options: str = ""
    """``record the terms``: the terms, as the options of ``tournament`` that record them
    (words of a command)."""
    one: bool = True
    """``void the file's copies``: it is the only one (else the first of several)."""
    joiner: str = ": "
    """How the advice follows the sentence it ends (``: ``, ``; ``)."""
    ledger: str = ""
    """The file of the ledger the advice is of when a command pasted bare would open another
    (:func:`ledger_named`): each command it prints names it (``--db``)."""

    def command_words(self) -> str:
        """The advice in the command line's words: what ``import`` has always said, each
        command naming :attr:`ledger` when it has one (:func:`on_ledger`)."""
        db = on_ledger(self.ledger)
        if self.action == "void or replace":
            return (
                f"void it (badugi-ledger void{db}) if it was taken out on purpose, or import again "
                "with --replace"
            )
        if self.action == "replace or void the event":
            return (
                "import it again with --replace to void them, or void the whole event if the "
                f"night was cancelled (badugi-ledger void --event {self.event} --reason "
                f"cancelled{db})"
            )
        if self.action == "replace to leave out of play":
            return "import again with --replace to leave it out of the night's play"
        if self.action == "void this one too":
            hand = command_word(self.hand) if self.hand else "NUMBER"
            at_table = f" --table {command_word(self.table)}" if self.table else ""
            return (
                f"void that one too (badugi-ledger void --event {self.event} --hand {hand}"
                f"{at_table} --reason {command_word(self.reason, quoted=True)}{db})"
            )
        if self.action == "replace the other file":
            return (
                f"name the table as the ledger does, or correct the table's name in "
                f"{self.source} and import it again with --replace"
            )
        if self.action == "store as that night":
            return _ways_out(self.source, self.others, db)
        if self.action == "void the ledger's copy":
            return f"void it first (badugi-ledger void --event {self.event} --reason copy{db})"
        if self.action == "void the file's copies":
            return void_command_words(self.event, self.hand, self.table, self.one, self.ledger)
        if self.action == "void that event too":  # (the void night's reason, once known)
            reason = command_word(self.reason, quoted=True) if self.reason else "TEXT"
            return (
                "void it too if the night still does not count (badugi-ledger void --event "
                f"{self.event} --reason {reason}{db})"
            )
        if self.action == "see the carry":
            return f"(badugi-ledger settle{db} shows them)"
        if self.action == "correct the carry in":
            return (
                "correct the 'carry in' of the hand that takes it and import its file again "
                "with --replace"
            )
        if self.action == "merge them":
            known, name = self.others
            return f"merge them (badugi-ledger players merge{db} {player_words(known, name)})"
        if self.action == "correct the other files":
            one = len(self.others) == 1
            return (
                f"correct {'that file' if one else 'those files'} too and import "
                f"{'it' if one else 'them'} again with --replace, or the night counts as two "
                "events"
            )
        if self.action == "record the terms":  # (which tournament: the organiser's call)
            return (
                f"record them where they belong (badugi-ledger tournament --event ID "
                f"{self.options}{db}, ID the tournament's they belong to)"
            )
        if self.action == "join the nights":
            return (
                f"void the later (badugi-ledger void --event {self.event} --reason "
                f"{command_word(self.reason, quoted=True)}{db}) and import the two files joined "
                "into one"
            )
        if self.action in _TOURNAMENT_WORDS:
            return _TOURNAMENT_WORDS[self.action]
        return _REFUSAL_WORDS.get(self.action, "see: badugi-ledger audit{db}").format(db=db)

    def after(self, sentence: str, words: str) -> str:
        """``sentence`` ended by this advice said in ``words``."""
        return f"{sentence}{self.joiner}{words}"


_TOURNAMENT_WORDS = {
    "state one currency": (
        "state one currency in every file of it and import them again with --replace"
    ),
    "write one name": "write one name in the file and import it again with --replace",
    "correct the payout table": "correct the table (tournament --payouts), or the file",
}
"""What an import's warning of a tournament's files advises, in the command line's words."""

_REFUSAL_WORDS = {
    "see the events": "see: badugi-ledger events{db}",
    "see the events and the audit": (
        "see: badugi-ledger events{db}; badugi-ledger audit{db} says who voided them and why"
    ),
    "see the standings": "see: badugi-ledger standings{db}",
    "give the key": (
        "give the key of the one you mean (badugi-ledger events --json{db} lists every event's key)"
    ),
    "give its id": "give its id",
    "import some hands": "import some hands first",
}
"""What a refusal to find an event advises, in the command line's words (``{db}``: where the
command names its ledger, :func:`on_ledger`)."""


Said = tuple["str | Advice", ...]
"""Words with advice among them: each string as it is, each :class:`Advice` said in the
words of the front end that says it (:func:`command_text`: the command line's)."""


def command_text(said: str | Said) -> str:
    """``said`` in the command line's words (a warning that says no advice, as it is)."""
    if isinstance(said, str):
        return said
    return "".join(p if isinstance(p, str) else p.command_words() for p in said)


class Refusal(LedgerError):
    """A refusal that ends in what to do: its message is :attr:`said` in the command line's
    words (what the commands have always printed), and a page says :attr:`said` in its own."""

    def __init__(self, said: Said) -> None:
        super().__init__(command_text(said))
        self.said = said

    def __reduce__(self) -> tuple[type[Refusal], tuple[Said]]:
        return (Refusal, (self.said,))  # (a worker's refusal reaches the parent whole)


def _ways_out(file: str, others: tuple[str, ...], db: str = "") -> str:
    """The imports that store the file ``file``, refused as a copy of the ledger's hands from
    ``others``, when it is no copy: it replaces the one file they came from (renamed, or
    merged into it: ``--renamed-from``, which names one old file, so not when they came from
    several: the hands of the others would still be copied), or its hands moved to it from
    those files, which, corrected, are imported in the same run to hold them no more (an
    import tries the refused file again once one of them is stored:
    :mod:`.run_retries`); ``db``: the ledger's ``--db`` (:func:`on_ledger`)."""
    mine = path_word(file)
    if not others:
        return (  # (the ledger knows no file of that night: OLD is the organiser's to say)
            f"If it is that night corrected, import it as the file it replaces (import {mine} "
            f"--renamed-from OLD --replace{db}, OLD the path that night was imported from)"
        )
    theirs = " ".join(map(path_word, others))
    moved = f"import --replace {mine} {theirs}{db}"
    if len(others) > 1:
        return (
            f"If its hands moved here from {' and '.join(others)}, import them, corrected, in "
            f"the same run ({moved})"
        )
    return (
        f"If it is that night corrected, import it as the file it replaces (import {mine} "
        f"--renamed-from {theirs} --replace{db}); if its hands moved here from that file, import "
        f"that file, corrected, in the same run ({moved})"
    )


def command_word(word: str, *, quoted: bool = False) -> str:
    r"""``word`` (a path, an event's name, key or id, a table, a hand's number, a player's name,
    a reason) as one word of a command an organiser pastes at a shell prompt: the one rule of
    every command the ledger prints, so that the command does what it says as printed.

    Never cut (a name cut short names nothing when typed back).  As it is when it holds only
    ASCII letters, digits and ``-_./:@%+,`` (no shell gives those a meaning), unless
    ``quoted`` (a player's name or a reason: text, shown quoted as it always was); else in
    single quotes, inside which a shell reads every character as it is (``$(x)``, backticks,
    blanks, ``!``, ``~``, letters of any alphabet), a single quote inside written ``'\''``;
    or in double quotes when it holds a single quote and nothing double quotes give a
    meaning (``"O'Brien"``).  A line break or another control character cannot be printed
    as it is (the message's line would break where the command does): such a word is
    written ``$'...'``, those characters escaped (``\n``, ``\u0085``), as bash, zsh, ksh and
    POSIX shells (since 2024) read it.  A word that begins with ``-`` is an option's value
    wherever the ledger prints one (``--event -night``), which the command line takes as it
    is; a path, which may be an argument, is :func:`path_word`'s.

    >>> print(command_word("night.bhh"), command_word("Friday 2025-01-17"))
    night.bhh 'Friday 2025-01-17'
    >>> print(command_word("O'Brien"), command_word("$(x)'s"), command_word("Ann", quoted=True))
    "O'Brien" '$(x)'\''s' 'Ann'
    >>> print(command_word("two\nlines"))
    $'two\nlines'
    """
    if word and not quoted and all(c in _PLAIN for c in word):
        return word
    if any(_unprintable(c) for c in word):
        return "$'" + "".join(map(_escaped, word)) + "'"
    if "'" in word and not any(c in _MEANT_IN_DOUBLE_QUOTES for c in word):
        return f'"{word}"'
    return "'" + word.replace("'", "'\\''") + "'"


def player_words(*names: str) -> str:
    """Players' ``names`` as the words of ``players merge`` or ``unmerge`` that name them:
    each quoted, its control and format characters written as every output writes them
    (``'Anna\\x00'``, :func:`~badugi_ledger.model.escaping.for_terminal`), as those commands
    read a name back - a NUL no command line can pass; after ``--`` when one begins with
    ``-`` (the command line would take it for an option: quotes are the shell's, not the
    command's)."""
    words = " ".join(command_word(for_terminal(name), quoted=True) for name in names)
    return f"-- {words}" if any(name.startswith("-") for name in names) else words


def path_word(path: str) -> str:
    """A file's ``path`` as a word of a command (:func:`command_word`); a relative one that
    begins with ``-`` is written ``./-night.bhh``: the same file, where ``-night.bhh`` would
    be read as an option (or ``-``, standard input)."""
    if path.startswith("-"):
        path = "./" + path
    return command_word(path)


_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+,")
"""The characters a shell reads as they are wherever they stand in a word (not ``=``: zsh
reads ``=cmd`` as the path of ``cmd``; not ``~``: a home folder)."""
_MEANT_IN_DOUBLE_QUOTES = frozenset('"$`\\!')
"""What a shell reads otherwise inside double quotes (``!``: bash's history)."""
_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "'": "\\'"}


def _unprintable(c: str) -> bool:
    """A control character, a line or paragraph separator, or a byte of a file's name that
    is no UTF-8 (Python's ``\\udce9`` for the byte 0xe9): a character no terminal shows as
    one that a paste gives back."""
    return unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs")


def _escaped(c: str) -> str:
    """``c`` as ``$'...'`` writes it (a byte that is no UTF-8 as that byte, ``\\xe9``: the
    shell passes the file's name as it is)."""
    if c in _ESCAPES:
        return _ESCAPES[c]
    if not _unprintable(c):
        return c
    if 0xDC80 <= ord(c) <= 0xDCFF:
        return f"\\x{ord(c) - 0xDC00:02x}"
    return f"\\x{ord(c):02x}" if ord(c) < 0x80 else f"\\u{ord(c):04x}"


def void_command_words(event: str, number: str, table: str, one: bool, ledger: str = "") -> str:
    """The ``void`` command that takes hand ``number`` at ``table`` of ``event`` (as
    ``--event`` takes it: its id, name or key) out as a copy (``one``: the only one to void,
    else the first of several), of the ``ledger`` it names (:func:`on_ledger`; ``check``'s,
    which keeps no ledger, names none)."""
    at_table = f" --table {command_word(table)}" if table else ""
    each = "" if one else ", and so for each"
    hand = f"--hand {command_word(number)}{at_table}"
    db = on_ledger(ledger)
    return f"badugi-ledger void --event {command_word(event)} {hand} --reason copy{db}{each}"


def ledger_named(conn: sqlite3.Connection) -> str:
    """The file of the ledger ``conn`` is open on, when a command pasted bare would open
    another (:func:`~.location.bare_ledger`: ``$BADUGI_LEDGER_DB``, else ``club.db`` of the
    current folder), else ``""``: the ledger a command the ledger prints acts on
    (:func:`on_ledger`).  An organiser who keeps a season in ``season.db`` and pastes the
    ``void`` of its message would otherwise void a hand of the default ledger, one of an
    event of the same name too.

    The path is SQLite's (``PRAGMA database_list``): whole, from the root.  A relative path
    is only the same file from the folder the command ran in: pasted after a ``cd`` (or
    from a page of ``serve``, whose reader is anywhere), it would name another file, or
    make one, where a whole path names this ledger from every folder.  A ledger in memory
    has no file (nothing pasted reaches it): ``""``."""
    # As bytes, made a path as Python names files (a folder's name need not be UTF-8, which
    # SQLite's text of it then is not).
    row = conn.execute(
        "SELECT CAST(file AS BLOB) FROM pragma_database_list WHERE name = 'main'"
    ).fetchone()
    file = os.fsdecode(row[0]) if row is not None and row[0] else ""
    if not file:
        return ""
    bare = bare_ledger()
    try:
        if os.path.samefile(file, bare):
            return ""
    except OSError:  # (no file there: a bare command would open, or make, another)
        pass
    return file


def on_ledger(ledger: str) -> str:
    """The words that end a command of the ledger ``ledger`` (:func:`ledger_named`):
    `` --db PATH`` (:func:`path_word`), or nothing when a bare command opens it.  At the
    end of the command, after the words of what it does, so that what the ledger has
    always printed of a command on the default ledger stays as it is."""
    return f" --db {path_word(ledger)}" if ledger else ""


AUDIT = Advice("audit", joiner="; ")
"""A void event's note: who voided it and why is the audit's to say."""
