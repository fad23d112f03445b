"""The reasons the ledger itself writes when it voids a hand that is no longer part of the play.

An organiser voids a hand that was played (a misdeal found later, a hand the club annuls)
with ``badugi-ledger void`` and a reason of their own: that hand still sat where its file puts
it, between the hands before and after it at its table.  The ledger voids hands too, and
those are not in the play any more: a second copy of a hand set aside when hand identity
came (migration 3), and a hand its file no longer holds (deleted, renumbered, moved; ``import
--replace``), whose line in the file now belongs to other hands.  The views tell the two
apart by these words (:data:`badugi_ledger.ledger.views.PLAYED`), so they are never reworded:
ledgers in use hold them.

A hand an organiser voided and whose file then no longer holds it is both: still void by the
organiser's reason, and out of the play.  Its reason is the organiser's followed by the
left-out words (:func:`out_of_play_reason`), so the views leave it out of the play as they
do any hand its file no longer holds, and the organiser's reason comes back, the hand in the
play again, when a file holds it again (:func:`organisers_reason`).
"""

from __future__ import annotations

SET_ASIDE_REASON = (
    "stored twice before badugi-ledger checked hand identity; the first copy counts, this "
    "later one is set aside (import the right file with --replace to choose its content)"
)
"""Why migration 3 voided the later copies of a hand stored twice."""

LEFT_OUT = " any more (import --replace)"
"""How the void reason of a hand its file no longer held ends (``not in FILE`` before it)."""


_RENAMED = " (renamed from "


def left_out_reason(source: str, renamed_from: str | None = None) -> str:
    """The void reason of a hand ``source`` held before and holds no more; ``renamed_from``:
    the hand was the file's that ``source`` was imported as, renamed (``--renamed-from``)."""
    if renamed_from is None:
        return f"not in {source}{LEFT_OUT}"
    return f"not in {source}{_RENAMED}{renamed_from}){LEFT_OUT}"


def renamed_away(reason: str) -> tuple[str, str] | None:
    """(the file, its old name) of a hand left out by a file imported as another renamed
    (:func:`left_out_reason` with ``renamed_from``); None for any other reason."""
    end = ")" + LEFT_OUT
    if not (reason.startswith("not in ") and reason.endswith(end)):
        return None
    new, renamed, old = reason[len("not in ") : -len(end)].rpartition(_RENAMED)
    return (new, old) if renamed else None


_THEN = "; "
"""Between the organiser's reason and the left-out words of a hand both voided and left out."""


def out_of_play_reason(reason: str, source: str) -> str:
    """The void reason of a hand an organiser voided (``reason``) that ``source`` held before
    and holds no more: void as it was, and no part of the play any more."""
    return f"{reason}{_THEN}{left_out_reason(source)}"


def organisers_reason(reason: str | None) -> str | None:
    """The reason an organiser voided a hand for (``badugi-ledger void``), also when its file
    has since stopped holding it (:func:`out_of_play_reason`); None for a hand that counts and
    for a hand the ledger voided itself (a copy set aside, a hand its file no longer holds)."""
    if reason is None or reason == SET_ASIDE_REASON:
        return None
    if not reason.endswith(LEFT_OUT):
        return reason
    cut = reason.rfind(_THEN + "not in ")
    return reason[:cut] if cut > 0 else None


def voided_in_play(reason: str | None) -> bool:
    """Whether a hand is void by an organiser's reason and still in the play (its file holds
    it, or held it when it was last imported)."""
    return reason is not None and organisers_reason(reason) == reason
