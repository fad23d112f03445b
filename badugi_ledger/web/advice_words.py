"""The pages' words of what to do of a conflict, a void, a warning or a refusal
(:mod:`..ledger.advice`).

The import's report gives its advice as commands to type; the page's reader (an organiser on
a phone at the table) has no command line.  What the page can do itself is its own button,
"Replace with this version" (a save with ``replace``: the file's version stored, a hand the
text no longer holds left out of the night); what another page of the app shows is linked
(the Settle-up page's ``*carry*``); voiding a hand or an event, merging players, setting a
tournament's terms and reading the audit are done where the server runs, and the page says
so rather than give a command.  A refusal of the library (:class:`~..ledger.advice.Refusal`:
no such event, none of its hands counts) names the page that lists what to pick from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ledger.advice import Advice, Said
    from ..ledger.report import Conflict, FileReport

EVENTS_PAGE = "the Events page lists every event"
"""Where a reader of the pages finds the events there are (the command line's words, ``see:
badugi-ledger events``, are not a page's: its reader has no command line)."""

_REFUSAL_WORDS = {
    "see the events": EVENTS_PAGE,
    "see the events and the audit": (
        "the Events page lists them; who voided them and why is in the audit "
        "(done where the server runs)"
    ),
    "see the standings": "the Standings page lists every season",
    "give the key": "pick the one you mean from the list",
    "give its id": "pick it from the list",
    "import some hands": (
        "record a night on the Record page, or import its hand file where the server runs"
    ),
}
"""What a refusal of the library advises, in the page's words."""

REPLACE = "“Replace with this version”"
"""The page's button that saves with ``replace`` (``import --replace``)."""

WHERE_THE_SERVER_RUNS = "done where the server runs"
"""Where what the page cannot do is done (a void, the audit): by the one running the server."""

SETTLE = "the Settle-up page"
"""The web app's page of who pays whom, whose balances hold the ``*carry*`` account (a
season's: an event's shows only what its own hands moved), linked under the answer
(:func:`page_links`)."""

_REPLACED_HERE_OR_THERE = (
    f"this page's {REPLACE} for a night this page saved, else an import {WHERE_THE_SERVER_RUNS}"
)
"""How a night's corrected text is stored over the ledger's version (``import --replace``)."""


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
    if advice.action == "void that event too":
        return f"void it too if the night still does not count (a void is {WHERE_THE_SERVER_RUNS})"
    if advice.action == "see the carry":
        return f"({SETTLE} shows them in its season's balances)"
    if advice.action == "correct the carry in":
        return (
            "correct the 'carry in' of the hand that takes it and store its night again over "
            f"the ledger's version ({_REPLACED_HERE_OR_THERE})"
        )
    if advice.action == "merge them":
        return f"merge them (a merge is {WHERE_THE_SERVER_RUNS})"
    if advice.action == "correct the other files":
        one = len(advice.others) == 1
        return (
            f"correct {'that file' if one else 'those files'} too and store "
            f"{'it' if one else 'them'} again over the ledger's version "
            f"({_REPLACED_HERE_OR_THERE}), or the night counts as two events"
        )
    if advice.action == "record the terms":
        return (
            "record them for the tournament they belong to (a tournament's terms are set "
            f"{WHERE_THE_SERVER_RUNS.removeprefix('done ')})"
        )
    if advice.action == "join the nights":
        return (
            "void the later and store the two files joined into one (a void and an import are "
            f"{WHERE_THE_SERVER_RUNS})"
        )
    if advice.action == "state one currency":
        return (
            "state one currency in every file of it and store them again over the ledger's "
            f"version ({_REPLACED_HERE_OR_THERE})"
        )
    if advice.action == "write one name":
        return (
            "write one name in the file and store it again over the ledger's version "
            f"({_REPLACED_HERE_OR_THERE})"
        )
    if advice.action == "correct the payout table":
        return (
            "correct the payout table (a tournament's terms are set "
            f"{WHERE_THE_SERVER_RUNS.removeprefix('done ')}), or the file"
        )
    if advice.action in _REFUSAL_WORDS:
        return _REFUSAL_WORDS[advice.action]
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


def page_error(exc: BaseException) -> str:
    """A library error as a page says it: a :class:`~..ledger.advice.Refusal`'s advice in the
    page's words, any other error's message as it is."""
    from ..ledger.advice import Refusal

    return page_text(exc.said) if isinstance(exc, Refusal) else str(exc)


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


def page_replaced_notes(report: FileReport) -> list[str]:
    """What the page says of what a saved file replaced that asks something of the organiser
    (a night left split, a tournament's terms left behind, a voided hand left out): each
    with what to do in the page's words.  A hand replaced and no more is the audit's."""
    notes = []
    for conflict in report.replaced:
        if conflict.advice is None:
            continue
        at = f" at table {conflict.table}" if conflict.table else ""
        hand = f"hand {conflict.hand}{at} of " if conflict.left_out else ""
        notes.append(f"{hand}{conflict.event}: {'; '.join(page_differences(conflict))}")
    return notes


def page_warning_notes(report: FileReport) -> list[str]:
    """What the page says of each warning a saved file was stored with: one that says what
    to do (:attr:`~..ledger.report.FileReport.warnings_said`) in the page's words."""
    return [
        f"warning: {page_text(report.warnings_said.get(warning, (warning,)))}"
        for warning in report.warnings
    ]


def page_links(report: FileReport) -> list[dict[str, str]]:
    """The pages of the web app that show what a saved file's warnings name, as links under
    the answer (``text``, ``href``): the Settle-up page of chips left in ``*carry*``."""
    actions = {
        part.action
        for said in report.warnings_said.values()
        for part in said
        if not isinstance(part, str)
    }
    if "see the carry" in actions:
        return [{"text": "Settle-up: what *carry* holds", "href": "/settle"}]
    return []
