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

The two joiners (U+200C, U+200D) stay: they change what a name shows (an emoji sequence, a
Persian or Indic word), so names that differ by one are told apart.
"""

from __future__ import annotations

import unicodedata

_JOINERS = frozenset("\u200c\u200d")


def composed(name: str) -> str:
    """``name`` with its letters composed as Unicode composes them (NFC) and its invisible
    format characters (category ``Cf`` but the joiners) left out; a plain ASCII name, which
    has neither, as it is (nothing to compute)."""
    if name.isascii():
        return name
    name = unicodedata.normalize("NFC", name)
    if any(unicodedata.category(c) == "Cf" and c not in _JOINERS for c in name):
        name = "".join(c for c in name if unicodedata.category(c) != "Cf" or c in _JOINERS)
    return name
