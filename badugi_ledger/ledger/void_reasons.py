"""The reasons the ledger itself writes when it voids a hand that is no longer part of the play.

An organiser voids a hand that was played (a misdeal found later, a hand the club annuls)
with ``badugi-ledger void`` and a reason of their own: that hand still sat where its file puts
it, between the hands before and after it at its table.  The ledger voids hands too, and
those are not in the play any more: a second copy of a hand set aside when hand identity
came (migration 3), and a hand its file no longer holds (deleted, renumbered, moved; ``import
--replace``), whose line in the file now belongs to other hands.  The views tell the two
apart by these words (:data:`badugi_ledger.ledger.views.PLAYED`), so they are never reworded:
ledgers in use hold them.
"""

from __future__ import annotations

SET_ASIDE_REASON = (
    "stored twice before badugi-ledger checked hand identity; the first copy counts, this "
    "later one is set aside (import the right file with --replace to choose its content)"
)
"""Why migration 3 voided the later copies of a hand stored twice."""

LEFT_OUT = " any more (import --replace)"
"""How the void reason of a hand its file no longer held ends (``not in FILE`` before it)."""


def left_out_reason(source: str) -> str:
    """The void reason of a hand ``source`` held before and holds no more."""
    return f"not in {source}{LEFT_OUT}"
