"""The record page's words of what to do of a conflict or a void (:mod:`..ledger.advice`).

The import's report gives its advice as commands to type; the page's reader (an organiser on
a phone at the table) has no command line.  What the page can do itself is its own button,
"Replace with this version" (a save with ``replace``: the file's version stored, a hand the
text no longer holds left out of the night); voiding a hand or an event and reading the
audit are done where the server runs, and the page says so rather than give a command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ledger.advice import Advice, Said
    from ..ledger.report import Conflict, FileReport

REPLACE = "“Replace with this version”"
"""The page's button that saves with ``replace`` (``import --replace``)."""

WHERE_THE_SERVER_RUNS = "done where the server runs"
"""Where what the page cannot do is done (a void, the audit): by the one running the server."""


def page_words(advice: Advice) -> str:
    """``advice`` in the page's words: its button, or what is done where the server runs."""
    if advice.action == "void or replace":
        return (
            f"put it back in the text and save again; if it was taken out on purpose, void it "
            f"(a void is {WHERE_THE_SERVER_RUNS}), or {REPLACE} leaves it out of the night"
        )
    if advice.action == "replace or void the event":
        return f"{REPLACE} voids them; or void the whole event (a void is {WHERE_THE_SERVER_RUNS})"
    if advice.action == "replace to leave out of play":
        return f"{REPLACE} leaves it out of the night's play"
    if advice.action == "void this one too":
        return (
            f"void that one too, by the same reason ({advice.reason}; a void is "
            f"{WHERE_THE_SERVER_RUNS})"
        )
    if advice.action == "replace the other file":
        return (
            f"name the table as the ledger does, or correct the table's name in "
            f"{advice.source} and store that file again over the ledger's version (an import "
            f"{WHERE_THE_SERVER_RUNS}, or this page's {REPLACE} when it is the page's night)"
        )
    if advice.action == "store as that night":
        return _as_that_night(advice.others)
    if advice.action == "void the ledger's copy":
        return f"void it first (a void is {WHERE_THE_SERVER_RUNS})"
    if advice.action == "void the file's copies":
        return f"a void is {WHERE_THE_SERVER_RUNS}"
    return f"who voided it and when is in the audit ({WHERE_THE_SERVER_RUNS})"


def _as_that_night(others: tuple[str, ...]) -> str:
    """What stores a text refused as a copy of a night the ledger holds from ``others``, when
    it is that night corrected (the page renames a night it picked up again itself, as
    ``--renamed-from`` does) or holds hands moved from those files (imported together with
    them, corrected: not the page's to do)."""
    corrected = (
        "If it is that night corrected, correct that night rather than save another: pick its "
        "event on this page when this page saved it (renamed or re-dated there, it replaces "
        f"its old file), else its file is replaced by this one ({WHERE_THE_SERVER_RUNS})"
    )
    if not others:
        return corrected
    if len(others) > 1:
        return (
            f"If its hands moved here from {' and '.join(others)}, those files, corrected, "
            f"are imported with this one, in one run ({WHERE_THE_SERVER_RUNS})"
        )
    return (
        f"{corrected}; if its hands moved here from {others[0]}, that file, corrected, is "
        f"imported with this one, in one run ({WHERE_THE_SERVER_RUNS})"
    )


def page_text(said: Said) -> str:
    """Words with advice among them (:data:`~..ledger.advice.Said`) in the page's words."""
    return "".join(p if isinstance(p, str) else page_words(p) for p in said)


def page_differences(conflict: Conflict) -> list[str]:
    """What the page says of a conflict: what differs, the last of it ended by what to do in
    the page's words."""
    said = list(conflict.differences)
    if conflict.advice is not None and said:
        said[-1] = conflict.advice.after(said[-1], page_words(conflict.advice))
    return said


def page_conflict(conflict: Conflict) -> dict[str, object]:
    """A conflict as the page shows it: the import's JSON fields, its ``differences`` in the
    page's words."""
    return {**conflict.as_dict(), "differences": page_differences(conflict)}


def page_void_notes(report: FileReport) -> list[str]:
    """What the page says of each void event a saved file went on with."""
    return [f"{note.said} ({note.why}); {page_words(note.advice)}" for note in report.voids()]
