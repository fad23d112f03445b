"""When two player names are one name: the same letters once Unicode composes them (NFC).

``Zoë`` typed as one character (U+00EB) and as ``e`` and a combining diaeresis (U+0308) look
the same on every page and on the table's paper, so they are one name: the replay refuses two
seats of one name however they are written (``replay/state.py``), and the ledger makes a new
spelling of a name it holds an alias of that name's player (``ledger/writer.py``).  Both ask
:func:`composed`, so the rule has one owner.

>>> composed("Zoe\\u0308") == composed("Zo\\u00eb") == "Zo\\u00eb"
True
"""

from __future__ import annotations

import unicodedata


def composed(name: str) -> str:
    """``name`` with its letters composed as Unicode composes them (NFC); a plain ASCII name,
    which has no other composition, as it is (nothing to compute)."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)
