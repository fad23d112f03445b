"""When two player names are one name: the same letters once Unicode composes them (NFC), and
none of the characters that show nothing.

``Zoë`` typed as one character (U+00EB) and as ``e`` and a combining diaeresis (U+0308) look
the same on every page and on the table's paper, so they are one name; so are ``Anna`` and
``Anna`` with a zero-width space or a right-to-left mark pasted into it from a chat (Unicode's
format characters, which show nothing).  The replay refuses two seats of one name however they
are written (``replay/state.py``), and the ledger makes a new spelling of a name it holds an
alias of that name's player (``ledger/players.py``).  Both ask :func:`composed`, so the rule
has one owner.

>>> composed("Zoe\\u0308") == composed("Zo\\u00eb") == "Zo\\u00eb"
True
>>> composed("An\\u200bna"), composed("\\u200fBen\\ufeff")
('Anna', 'Ben')

A name is one line: it holds no line break (:func:`line_break_in`).  Our text format has no way
to write one and no line-based site history can, so a reader that could read one (PHH, whose
TOML strings may hold ``\\n``) refuses it, as the text writer does: in a report, an error
message or a ``check`` line a name's line break would start a line that is not the program's.
Every other character a name holds is kept as written, and written visibly where it is shown
(:mod:`.escaping`: a terminal's escape sequences, a bidirectional override).

The characters that change what a name shows stay, though Unicode files them with the
invisible ones: the two joiners (U+200C, U+200D: an emoji sequence, a Persian or Indic word),
the tag characters of a region's flag, and the signs that print (U+0600, U+06DD); names that
differ by one of them are told apart.
"""

from __future__ import annotations

import unicodedata

from .limits import quote

_INVISIBLE = frozenset(
    "\u00ad"  # soft hyphen
    "\u061c"  # Arabic letter mark
    "\u180e"  # Mongolian vowel separator
    "\u200b\u200e\u200f"  # zero-width space, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidirectional embeddings and overrides
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner, invisible operators
    "\u2066\u2067\u2068\u2069"  # bidirectional isolates
    "\ufeff"  # zero-width no-break space (a byte order mark)
)
"""The format characters that show nothing wherever they stand.  Not every format character
(category ``Cf``): the joiners and the tag characters shape what an emoji or a word shows
(a flag of a region is a black flag and tags), and some show a sign themselves (the Arabic
number sign U+0600, the end of ayah U+06DD)."""

_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional embeddings, overrides and isolates: they show nothing themselves, but
change the order in which the text after them shows, to the end of its line."""

BEFORE_A_NAME = "".join(sorted(_INVISIBLE - _REORDERING - {"\ufeff"}))
"""The characters that may stand before the first letter of a name written unquoted in our
text format (the grammar's NAME starts with any number of them, a test holds the two equal):
they show nothing and change nothing else that shows, so there, as anywhere in a name, they
count as nothing (:func:`composed`).  A byte order mark is left out: the grammar skips it
between tokens."""


def refused_before_a_name(char: str) -> str | None:
    """Why ``char``, a character that shows nothing, cannot stand before a name's first
    letter (the words of a text file's parse error), or None when it can or is no such
    character.  A joiner there joins nothing, yet would make a name of its own, told apart
    from the one it shows (:func:`composed` keeps it); a bidirectional embedding, override
    or isolate turns round how the rest of the line shows in an editor, so the line read
    would not be the line seen.  Neither is dropped unseen: the organiser deletes it.

    >>> refused_before_a_name("\\u200b") is None, refused_before_a_name("a") is None
    (True, True)
    >>> "RIGHT-TO-LEFT OVERRIDE, which changes how" in refused_before_a_name("\\u202e")
    True
    """
    if char in BEFORE_A_NAME or char == "\ufeff" or unicodedata.category(char) != "Cf":
        return None
    if char in _REORDERING:
        does = "changes how the rest of the line shows"
    else:
        does = "would keep it apart from the same name written without it"
    name = unicodedata.name(char, "a format character")
    return (
        f"an invisible character before the name, U+{ord(char):04X} {name}, which {does} "
        "(write the name without it)"
    )


def composed(name: str) -> str:
    """``name`` with its letters composed as Unicode composes them (NFC) and the characters
    that show nothing (:data:`_INVISIBLE`) left out; a plain ASCII name, which has neither,
    as it is (nothing to compute).  Those characters go first: one pasted between a letter and
    its combining mark (``Zoe``, a zero-width space, U+0308) would otherwise keep the two
    apart when they are composed, and the name would not be the one it shows.

    >>> composed("Zoe\\u200b\\u0308") == "Zo\\u00eb"
    True
    """
    if name.isascii():
        return name
    if not _INVISIBLE.isdisjoint(name):
        name = "".join(c for c in name if c not in _INVISIBLE)
    return unicodedata.normalize("NFC", name)


_LOOK_ALIKE = str.maketrans(
    # Cyrillic and Greek small letters drawn like Latin ones (after casefold)
    "аеорсухіјѕԁԛԝһӏοαρτυνκιεχ",
    "aeopcyxijsdqwhloaptuvkiex",
)
"""The letters of other scripts that are drawn like a Latin letter, as their Latin twin: what
a name typed on a Cyrillic or Greek keyboard, or pasted from a chat, may hold unseen."""


def fold(word: str) -> str:
    """``word`` without case and accents: ``Tamás`` and ``tamas`` fold alike.

    >>> fold("Tamás") == fold("tamas")
    True
    """
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def look_alike(name: str) -> str:
    """What ``name`` looks like on a page, as one key: its letters composed, without the
    characters that show nothing (:func:`composed`), their accents and case, a Cyrillic or
    Greek letter drawn like a Latin one as that letter, and its blanks as a reader sees them:
    none at its ends, one between two words however many are written.  Two names with one key
    are told apart (``Аnna`` with a Cyrillic ``А`` is not ``Anna``: another player, unless
    merged) but read as one by anyone, so the ledger warns of a new one
    (``ledger/players.py``).  Plain ASCII names too: ``anna``, ``Anna `` (a blank at its end)
    and ``Anna  Lee`` (two blanks) are a settle-up line that reads ``Anna pays Eve 7 chips``
    twice; ``Anne`` and ``Anna`` are two names.

    A control character (``Anna`` and a NUL) is left out too: our outputs write it visibly,
    but a spreadsheet or a chat shows nothing of it.

    >>> look_alike("\u0410nna") == look_alike("Anna") == look_alike("ANNA") == "anna"
    True
    >>> look_alike("Tam\u00e1s") == look_alike("Tamas"), look_alike("Ben") == look_alike("Dan")
    (True, False)
    >>> look_alike("Anna\\x00") == look_alike(" Anna ") == look_alike("Anna")
    True
    >>> look_alike("Anna  Lee"), look_alike("AnnaLee")
    ('anna lee', 'annalee')
    """
    key = fold(composed(name)).translate(_LOOK_ALIKE)
    if not key.isprintable():
        key = "".join(c for c in key if unicodedata.category(c) != "Cc")
    return " ".join(key.split())


def plain(name: str) -> bool:
    """Whether ``name`` is plain printable ASCII: letters, digits, signs and spaces only.
    Such a name is only itself written otherwise (:func:`composed`), and looks like another
    only but for case and blanks (:func:`look_alike`).

    >>> plain("Ben 2"), plain("Anna\\x00"), plain("Tam\u00e1s")
    (True, False, False)
    """
    return name.isascii() and name.isprintable()


_CONTROL_NAMES = {
    "\x00": "NULL", "\x07": "BELL", "\x08": "BACKSPACE", "\x09": "CHARACTER TABULATION",
    "\x0a": "LINE FEED", "\x0b": "LINE TABULATION", "\x0c": "FORM FEED",
    "\x0d": "CARRIAGE RETURN", "\x1b": "ESCAPE", "\x1c": "FILE SEPARATOR",
    "\x1d": "GROUP SEPARATOR", "\x1e": "RECORD SEPARATOR", "\x1f": "UNIT SEPARATOR",
    "\x7f": "DELETE", "\x85": "NEXT LINE",
}  # fmt: skip
"""The names Unicode gives the control characters one meets in text (its name aliases, which
``unicodedata.name`` does not know: a control character has no name of its own)."""


def character_words(char: str) -> str:
    """``char`` as an error names it: its code point and Unicode name (a control
    character's by its alias), the words every message about an unseen character uses.

    >>> character_words("\u2028"), character_words("\x85"), character_words("\x01")
    ('U+2028 LINE SEPARATOR', 'U+0085 NEXT LINE', 'U+0001 a control character')
    """
    name = _CONTROL_NAMES.get(char) or unicodedata.name(char, "a control character")
    return f"U+{ord(char):04X} {name}"


_SHOW_NOTHING = frozenset(("Cc", "Cf", "Zs", "Zl", "Zp"))
"""The categories of Unicode characters that show nothing on their own: controls, format
characters (a zero-width space, a direction mark, the joiners), spaces and separators."""


def shows_nothing(text: str) -> bool:
    """Whether ``text`` has no character that shows: empty, or spaces, line separators,
    controls and format characters only (a zero-width space pasted alone).  Text a person
    gives for others to read (a void's reason, which the audit keeps) must show something.

    >>> shows_nothing(" \u200b\u2028"), shows_nothing("misdeal"), shows_nothing("")
    (True, False, True)
    """
    return all(unicodedata.category(c) in _SHOW_NOTHING for c in text)


def line_break_in(text: str) -> bool:
    """Whether ``text`` holds a line break: a ``\\n`` or ``\\r``, each of which ends a line of
    every hand history we read (``sites.files.split_lines``, the text format).

    >>> line_break_in("Ted"), line_break_in("Ted\\rhand 2")
    (False, True)
    """
    return "\n" in text or "\r" in text


def one_line(text: str) -> str:
    """``text`` as a line that names it shows it: its ``repr`` when it holds a line break (a
    hand's id refused for one is named so in its error, and so is a PHH hand of another game,
    skipped unread), else as it is.

    >>> one_line("Ted"), one_line("Ted\\nhand 2")
    ('Ted', "'Ted\\\\nhand 2'")
    """
    return repr(text) if line_break_in(text) else text


def line_break_refused(what: str, text: str) -> str | None:
    """Why ``what`` (``the player name``, ``table``) cannot be ``text``: the message of a
    reader's error (a site's, PHH's) when ``text`` holds a line break, else None (every other
    character is kept, and written visibly where it is shown)."""
    if not line_break_in(text):
        return None
    return (
        f"{what} {quote(repr(text))} holds a line break: a name is one line, as our text format "
        "and every site history write it (a report's line would be cut at it)"
    )
