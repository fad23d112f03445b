"""A save of the "Record a hand" page (:mod:`.record`): the text written to its event's file
beside the ledger (``recorded/<date>-<event>.bhh``) and imported, kept only when ``check``
passes it and the ledger took it (the rules :mod:`.record` states), and what a save must not
lose meanwhile: a file changed on disk since the page loaded it, the hands of a night renamed,
the file a link leads to; the temporary files a killed server left are cleared.

Why a module of its own: a save works on the ledger and the folder alone, never on the
request; the route (:mod:`.record`) reads what the page sent and runs one save at a time, in
a worker thread.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.responses import JSONResponse

from ..ledger.hidden_files import clear_abandoned, new_hidden_file, synced
from .record_night import event_file
from .record_view import RecordError

if TYPE_CHECKING:
    from ..ledger.report import FileReport


def shown_path(path: Path) -> str:
    """``path`` as a page shows it: a byte of a name that is not UTF-8 (a lone surrogate to
    Python) written as ``\\udce9``, as the commands write it; a page is UTF-8 and cannot
    hold the surrogate itself (the record page of a ledger in such a folder was a server
    error)."""
    return str(path).encode("utf-8", "backslashreplace").decode("utf-8")


def _savable_folder(folder: Path) -> Path:
    """``folder``, when the ledger can name the files saved in it: a save imports its file
    under its path, which SQLite text cannot hold when a folder's name is not UTF-8."""
    from ..ledger.source_paths import name_not_storable

    if name_not_storable(str(folder)) is not None:
        raise RecordError(
            f"not saved: the path of {shown_path(folder)} is not UTF-8 text, and the ledger "
            "names the file of every hand it stores: serve a ledger whose folder's name is "
            "UTF-8 text"
        )
    return folder


@dataclass
class Saved:
    """What a save did, as the page shows it: ``outcome`` is ``saved``, ``problems`` (check
    finds some: nothing written), ``dropped`` (the event's file holds hands the text lacks),
    ``conflict`` (hands the ledger holds with other content), ``rejected`` or ``error``."""

    outcome: str
    data: dict[str, Any] = field(default_factory=dict)

    def response(self) -> JSONResponse:
        return JSONResponse({"outcome": self.outcome, **self.data})


def save_text(
    ledger: sqlite3.Connection,
    folder: Path,
    text: str,
    *,
    replace: bool,
    was: str | None = None,
    stamp: str | None = None,
    saver: str | None = None,
) -> Saved:
    """Write ``text`` to its event's file in ``folder`` and import it.

    Refused when ``check`` finds a problem.  When the event's file holds hands the new text
    lacks, or the ledger holds one of the hands with other content (a conflict, as ``import``
    reports it), the answer says what differs, and the same call with ``replace`` overwrites
    the file and stores this version (``import --replace``).

    ``was`` names the file of ``folder`` the text was loaded from or last saved as.  When the
    text's event is another now (the night renamed, or its date corrected), the text goes to
    the file of its new name, and the hands the old file brought into the ledger are this
    save's to keep or leave out: the renamed hands are new hands of the renamed event, and
    the old ones are left out (conflicts; ``replace`` voids them), so the night never counts
    twice.  Once saved, the old file is removed.

    ``stamp`` is :func:`~.record_night.file_stamp` of ``was`` as the page loaded it (or last
    saved it): when that file was changed on disk since (an editor, another phone), the save
    is refused without ``replace``, so that nothing written there is lost unseen - unless the
    change is the last save of the same page (``saver``), whose answer it never got.  A saved
    answer carries the new file's stamp.  A file written meanwhile from outside this server
    (an editor), after the save looked at it and before its move into place, refuses the save
    too, ``replace`` or not (:class:`_IntoPlace`): nothing is stored.

    The text is written to a temporary file beside the event's file for ``check``, and
    imported under the event file's name (one transaction, all of the text or nothing); the
    temporary file is moved into place (synced to disk) once the ledger took the text, just
    before its ``COMMIT``, and moved back should ``COMMIT`` fail (:class:`_IntoPlace`).  So a
    refused, conflicting or failed save leaves the saved file as it was, and a server killed
    (a power cut) between the move and the ``COMMIT`` leaves the new file and the old ledger,
    which the next import of the file mends - never the reverse, a ledger holding hands its
    file does not, which the next ``import --replace`` of the folder would take out.  But a
    renamed night's file is written after the ``COMMIT``, which records the rename (both files
    on disk and the old ledger would read as two nights, and a short one count twice) and the
    text itself (:class:`_Renaming`): a server stopped before the file is written leaves the
    ledger to write it, as the server starting again, the next save or an import of the
    folder does (:mod:`~..ledger.unwritten_files`).
    """
    from ..ledger.importing import import_text
    from ..ledger.unwritten_files import write_unwritten
    from .record_night import (
        file_hands,
        file_stamp,
        first_session,
        hand_contents,
        problems_of_file,
        saved_text,
    )
    from .record_view import SOURCE

    try:
        folder.mkdir(parents=True, exist_ok=True)
        clear_abandoned(folder, _SAVING)
        write_unwritten(ledger, within=[folder])  # (a renamed night's save stopped before)
        fd, temp = new_hidden_file(folder, _SAVING)
    except OSError as exc:
        raise RecordError(f"not saved: cannot write in {folder}: {exc.strerror or exc}") from None
    try:
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
                out.write(_as_written(text))
        except OSError as exc:  # the disk is full, say: nothing was stored yet
            raise RecordError(
                f"not saved: cannot write in {folder}: {exc.strerror or exc}"
            ) from None
        final: Path | None = None
        try:
            session = first_session(text)
        except RecordError:
            pass  # no hand reads: check says why (a header or a hand line it cannot read)
        else:  # a saved file of its name that cannot be read is named (RecordError)
            final = event_file(folder, session.kind, session.name, session.date, ledger)
        problems = problems_of_file(temp, shown_as=final or Path(SOURCE))
        if problems:
            return Saved("problems", {
                "error": "not saved: check finds problems in the text; fix the marked lines",
                "problems": problems,
            })  # fmt: skip
        if final is None:
            raise RecordError("there is no hand to save yet")
        renamed = _renamed_from(ledger, folder, was, final)
        if renamed is not None and final.exists():
            raise RecordError(
                f"not saved: {final.name} holds this event already; the text was "
                f"{renamed.name}'s: give the night a name of its own, or pick that event"
            )
        if renamed is None and (moved := _renamed_since(ledger, final, text, was, stamp)):
            return moved
        before = renamed or final
        # what the file holds as the save looks at it: the move into place compares it again
        seen = file_stamp(final) if renamed is None and final.is_file() else None
        changed = _changed_since(ledger, before, text, was=was, stamp=stamp, saver=saver)
        if changed is not None and not replace:
            return changed
        if before.exists():
            if renamed is None:
                dropped = sorted(file_hands(saved_text(before)) - file_hands(text))
            else:  # a hand of the old name is kept only as it was, under its number: a new
                # night typed over last week's text holds other hands under the same numbers
                kept = hand_contents(text)
                old = hand_contents(saved_text(before))
                dropped = sorted(label for label, held in old.items() if kept.get(label) != held)
            if dropped and not replace:
                held = f"{final.name} already holds hands this text does not"
                if renamed is not None:
                    held = (
                        f"this text was loaded from {renamed.name} and is now a night of its "
                        f"own name or date ({final.name}); saved, it takes {renamed.name}'s "
                        f"hands out of the ledger and removes that file, and {renamed.name} "
                        "holds hands this text does not hold as they were (a new night typed "
                        f"over its text? start it from the form instead: {renamed.name} stays "
                        "as it is)"
                    )
                return Saved("dropped", {
                    "error": f"not saved: {held}",
                    "dropped": dropped,
                    "can_replace": True,
                    "file": str(final),
                })  # fmt: skip
        if final.exists():
            _keep_mode(temp, final)
        temp = _beside_the_file(temp, final)
        into_place = _IntoPlace(ledger, temp, final, seen)
        typed = temp.read_text(encoding="utf-8")
        try:
            done = import_text(
                ledger,
                typed,
                str(final),
                replace=replace,
                was=None if renamed is None else str(renamed),
                # a renamed night's file is written after the COMMIT, which records the
                # rename and the file's text (``ledger.unwritten_files``): killed before a
                # move before the COMMIT, both files would be read as two nights, and a night
                # of one or two hands showing no cards stored twice (``ledger.night_copies``)
                committing=into_place
                if renamed is None
                else _Renaming(ledger, typed, renamed, final),
            )
        except _NotAll as refused:
            done = refused.report  # (rolled back: nothing of it counts as stored)
        except _ChangedMeanwhile:  # (rolled back: the file as the other writer left it)
            return Saved("changed", {
                "error": f"not saved: {final.name} was changed on disk while this page saved "
                "it (an editor, another phone or tab): nothing of this text was stored, and "
                "the file holds what was written there. Save again to see what differs, or "
                "load what the file holds now in place of this text",
                "can_replace": True,
                "file": str(final),
                **_on_disk(final),
            })  # fmt: skip
        if renamed is not None:  # (nothing to write unless the COMMIT recorded the rename)
            write_unwritten(ledger, within=[final])
        saved = _saved(done, final)
        if saved.outcome == "saved":
            old_stamp = into_place.old_stamp
            saved.data["file_stamp"] = file_stamp(final)
            if saver is not None:
                if len(_SAVED_BY) >= 1000:
                    _SAVED_BY.clear()
                _SAVED_BY[str(final)] = (old_stamp, saved.data["file_stamp"], saver)
        return saved
    finally:
        temp.unlink(missing_ok=True)


_SAVED_BY: dict[str, tuple[str | None, str, str]] = {}
"""Each file's last save by this server: (its stamp before, after, the page that sent it).
A page whose save's answer was lost still holds the stamp before it; its next save over that
file is its own, not a change made elsewhere (a save of another page, an editor's), which is
refused.  Kept while the server runs (at most 1,000 files)."""

_SAVING = ".saving-"
"""How the temporary file of a save is named (hidden: ``check`` and ``import`` pass it by)."""


class _NotAll(Exception):
    """A text the ledger would take only in part (a hand rejected): refused, nothing stored;
    ``report`` says which hands."""

    def __init__(self, report: FileReport) -> None:
        super().__init__(report.source)
        self.report = report


class _ChangedMeanwhile(Exception):
    """The file a save replaces is no longer what the save saw when it checked it: written
    meanwhile from outside this server (an editor): refused, nothing stored."""


class _IntoPlace:
    """The step of a save that the ledger's ``COMMIT`` of its text runs inside
    (:attr:`~..ledger.file_transaction.StoreOptions.committing`): the temporary file ``temp``
    is synced to disk and moved into place as ``final`` (the file a link leads to), and the
    folder synced, before ``COMMIT``; should ``COMMIT`` fail, the file ``final`` was is moved
    back (a hard link of it kept aside meanwhile, as a save's hidden temporary file).

    ``seen`` is the stamp of ``final`` when the save checked it (None: there was none): a
    file that holds anything else now was written meanwhile by someone this server's lock of
    saves does not hold back (an editor on the laptop), and is not replaced unseen: the save
    is refused (:class:`_ChangedMeanwhile`), as an editor refuses to write over a file changed
    on disk since it read it.  (The look and the move are a moment apart, as an editor's are.)

    Why before ``COMMIT``: whatever stops the server between the two (a kill, a power cut: the
    ledger syncs a commit later, :mod:`~..ledger.connection`) leaves the file newer than the
    ledger, which importing it again mends, and not a ledger holding typed hands its file lacks.
    A text whose hands the ledger takes only in part (one rejected) is refused as a whole
    (:class:`_NotAll`), so the file and the ledger hold the same night."""

    def __init__(
        self, ledger: sqlite3.Connection, temp: Path, final: Path, seen: str | None
    ) -> None:
        self.ledger, self.temp, self.final, self.seen = ledger, temp, final, seen
        self.old_stamp: str | None = None
        """The stamp of the file the save replaced (None: there was none)."""

    @contextmanager
    def __call__(self, report: FileReport) -> Iterator[None]:
        from .record_night import file_stamp

        if report.rejected:
            raise _NotAll(report)
        real = Path(os.path.realpath(self.final))
        self.old_stamp = file_stamp(real) if real.is_file() else None
        if self.old_stamp != self.seen:
            raise _ChangedMeanwhile
        synced(self.temp)
        aside = _kept_aside(real) if self.old_stamp is not None else None
        try:
            os.replace(self.temp, real)
            synced(real.parent)
            try:
                yield
            except BaseException:
                if self.ledger.in_transaction:  # not committed: the file as it was
                    if aside is None:
                        real.unlink(missing_ok=True)
                    else:
                        os.replace(aside, real)
                        aside = None
                raise
        finally:
            if aside is not None:
                aside.unlink(missing_ok=True)


class _Renaming:
    """The step of a renamed night's save that the ledger's ``COMMIT`` runs inside: the
    text's file to be written as ``final`` and ``renamed`` removed, recorded in the ledger
    with the rename (:func:`~..ledger.unwritten_files.note_unwritten`), so that a server
    stopped after the ``COMMIT`` and before the file is written leaves the ledger able to
    write it, never a night whose typed hands are in no file and whose old file the import
    refuses.  A text the ledger takes only in part is refused, as :class:`_IntoPlace` does."""

    def __init__(self, ledger: sqlite3.Connection, text: str, renamed: Path, final: Path) -> None:
        self.ledger, self.text, self.renamed, self.final = ledger, text, renamed, final

    @contextmanager
    def __call__(self, report: FileReport) -> Iterator[None]:
        from ..ledger.unwritten_files import note_unwritten

        if report.rejected:
            raise _NotAll(report)
        note_unwritten(self.ledger, str(self.final), self.text, str(self.renamed))
        yield


def _kept_aside(real: Path) -> Path:
    """A hidden name of the file ``real`` (a hard link, or a copy where the folder's disk has
    none), for a save to put it back when the ledger does not take the text; removed after,
    or by a later save as a killed server's (:func:`~..ledger.hidden_files.clear_abandoned`)."""
    import secrets
    import shutil

    for _ in range(100):
        aside = real.parent / f"{_SAVING}{secrets.token_hex(8)}.bhh"
        try:
            os.link(real, aside)
        except FileExistsError:
            continue
        except OSError:  # (no hard links there: FAT, some shares)
            fd, aside = new_hidden_file(real.parent, _SAVING)
            os.close(fd)
            try:
                shutil.copyfile(real, aside)
            except OSError:
                aside.unlink(missing_ok=True)
                raise
        return aside
    raise FileExistsError(f"no free temporary name in {real.parent}")


def _keep_mode(temp: Path, final: Path) -> None:
    """Give the save's file the mode of the file it replaces (a night kept readable by a
    group stays so)."""
    import stat
    from contextlib import suppress

    with suppress(OSError):  # else the new file keeps the usual mode
        os.chmod(temp, stat.S_IMODE(os.stat(final).st_mode))


def _beside_the_file(temp: Path, final: Path) -> Path:
    """The temporary file to move into place as ``final``: ``temp`` itself, or, when
    ``final`` is a link (a night kept in another folder, linked into the page's folder), a
    copy made beside the file it leads to, so that the save replaces that file and keeps the
    link (before, the link was replaced by a plain file and the linked file stayed old).  Made
    before the ledger takes the text: a folder that cannot be written refuses the save.  The
    hidden files a killed server left there (this copy, the old file kept aside:
    :func:`_kept_aside`) are cleared first, as those of the page's folder are: that folder is
    where a save over the link writes them."""
    if not final.is_symlink():
        return temp
    real = Path(os.path.realpath(final))
    name: Path | None = None
    try:
        clear_abandoned(real.parent, _SAVING)
        fd, name = new_hidden_file(real.parent, _SAVING)
        with os.fdopen(fd, "wb") as out:
            out.write(temp.read_bytes())
        _keep_mode(name, real)
    except OSError as exc:
        if name is not None:
            name.unlink(missing_ok=True)
        raise RecordError(
            f"not saved: cannot write beside {shown_path(real)}, where {final.name} leads: "
            f"{exc.strerror or exc}"
        ) from None
    temp.unlink(missing_ok=True)
    return name


def _changed_since(
    ledger: sqlite3.Connection,
    before: Path,
    text: str,
    *,
    was: str | None,
    stamp: str | None,
    saver: str | None,
) -> Saved | None:
    """The refusal of a save of ``text`` over ``before``, the file the page loaded as
    ``was``, when its bytes are no longer those of ``stamp``; None when it is unchanged (or
    not the page's), or when the change is this page's own last save (``saver``,
    :data:`_SAVED_BY`), whose answer was lost on the way: the page still holds the stamp
    before it, and the file holds nothing it did not send.  None too when the file holds
    ``text`` itself (another phone saved the same hands): saving it changes nothing there.

    A server stopped during that save, between the file's move and the ledger's ``COMMIT``
    (:class:`_IntoPlace`), knows it no more: its file holds hands the ledger does not, and the
    page's next save is refused as a change.  The refusal says what the organiser can tell
    from the file: whether the text holds every line of it (replacing loses nothing of it) and
    which of its hands the ledger lacks (a save stopped before the ledger took it)."""
    from ..ledger.report import and_list
    from .record_night import file_stamp, saved_text

    if stamp is None or was != before.name or not before.is_file():
        return None
    now = file_stamp(before)
    if now == stamp or (saver is not None and _SAVED_BY.get(str(before)) == (stamp, now, saver)):
        return None
    on_disk = saved_text(before)
    if on_disk == _as_written(text):  # another phone saved this very text: nothing to lose
        return None
    unstored = _not_in_ledger(ledger, before, on_disk)
    if _holds_every_line(text, on_disk):
        why = (
            f"; it holds {and_list(unstored)}, which the ledger does not: a save stopped "
            "before the ledger took it (the server stopped while saving) leaves the file so, "
            "and this page's own save most likely did"
            if unstored
            else ""
        )
        error = (
            f"not saved: {before.name} was changed on disk since this page loaded it{why}. "
            "This text holds every line of it: replace it with this text, and nothing of the "
            "file is lost (the ledger takes its hands); or load what the file holds now in "
            "place of this text"
        )
    else:
        error = (
            f"not saved: {before.name} was changed on disk since this page loaded it (an "
            "editor, another phone or tab), and holds what this text does not: load what the "
            "file holds now in place of this text, or replace it with this text, which takes "
            "out of the file (and of the ledger) what this text does not hold"
        )
    return Saved("changed", {
        "error": error,
        "can_replace": True,
        "file": str(before),
        **_on_disk(before),
    })  # fmt: skip


def _on_disk(path: Path) -> dict[str, str]:
    """What the file ``path`` holds now, for a page refused because it changed: the page
    offers to load it in place of its text (``disk_text``, with its name and stamp to go on
    with), as picking its event would, which a page cannot always do (its event may be the one
    picked already, or not in the list it was served with).  Nothing when it cannot be read."""
    from .record_night import file_stamp, saved_text

    try:
        text = saved_text(path)
        return {"disk_text": text, "disk_file": path.name, "disk_stamp": file_stamp(path)}
    except RecordError:
        return {}


def _as_written(text: str) -> str:
    """``text`` as a save writes it to its file: ending with a line break."""
    return text if text.endswith("\n") else text + "\n"


def _holds_every_line(text: str, on_disk: str) -> bool:
    """Whether ``text`` holds every line of ``on_disk`` that is not blank, in its order: a
    save of it over that file loses nothing written there."""
    lines = iter(line.rstrip() for line in text.splitlines())
    return all(
        any(line == wanted for line in lines)
        for wanted in (line.rstrip() for line in on_disk.splitlines())
        if wanted
    )


def _not_in_ledger(ledger: sqlite3.Connection, path: Path, on_disk: str) -> list[str]:
    """The hands of ``on_disk``, the text of the file ``path``, that the ledger does not
    count from that file, in the file's order (``hand 2``, ``hand 2 at table Kitchen``)."""
    from .record_night import hand_contents

    try:
        held = hand_contents(on_disk)
    except RecordError:  # (a file that cannot be read: its hands are not known)
        return []
    stored = {
        f"hand {number}" + (f" at table {table}" if table else "")
        for number, table in ledger.execute(
            "SELECT hand_number, table_name FROM counted_hands WHERE source = ?", [str(path)]
        )
    }
    return [label for label in held if label not in stored]


def _renamed_since(
    ledger: sqlite3.Connection, final: Path, text: str, was: str | None, stamp: str | None
) -> Saved | None:
    """The refusal of a save of ``text`` under ``final``, the file the page loaded (``was``,
    ``stamp``), when that file is gone because its night was renamed since (saved under a new
    name or date on another phone or tab, the ledger counting it from the new file): saved,
    the night would count twice, which the import refuses too, but in the words of the
    command line (``--renamed-from``), which the page cannot follow.  The page's way is to
    pick the renamed night and type there the hands of ``text`` it lacks.  None otherwise
    (a night renamed again since is the import's to refuse)."""
    from ..ledger.event_lookup import event_label_of
    from ..ledger.report import and_list
    from ..ledger.void_reasons import renamed_away

    if stamp is None or was != final.name or final.exists():
        return None
    source = str(final)
    if ledger.execute("SELECT 1 FROM counted_hands WHERE source = ?", [source]).fetchone():
        return None
    new = next(
        (
            found[0]
            for (reason,) in ledger.execute(
                "SELECT DISTINCT void_reason FROM hands WHERE source = ? "
                "AND void_reason LIKE 'not in %'",
                [source],
            )
            if (found := renamed_away(reason)) is not None and found[1] == source
        ),
        None,
    )
    counted = (
        None
        if new is None
        else ledger.execute("SELECT event_id FROM counted_hands WHERE source = ?", [new]).fetchone()
    )
    if new is None or counted is None:
        return None
    lacks = _not_in_ledger(ledger, Path(new), text)
    then = (
        f", and type there what this text adds: {and_list(lacks)}"
        if lacks
        else " (it holds every hand of this text)"
    )
    label = event_label_of(ledger, int(counted[0]))
    # only a file of the page's folder is gone on with (one elsewhere is import's to read)
    on_disk = _on_disk(Path(new)) if Path(new).parent == final.parent else {}
    way = (
        f"Load {Path(new).name} in place of this text (or pick {label})"
        if on_disk
        else f"Pick {label}"
    )
    return Saved("renamed", {
        "error": f"not saved: {final.name} was renamed {Path(new).name} since this page "
        "loaded it (its night renamed or re-dated on another phone or tab), and the ledger "
        "counts the night from that file now: saved under its old name, this text would count "
        f"the night twice. {way} to go on with it{then}",
        "file": new,
        **on_disk,
    })  # fmt: skip


def _renamed_from(
    ledger: sqlite3.Connection, folder: Path, was: str | None, final: Path
) -> Path | None:
    """The saved file the text came from when that is not ``final`` (the text's event was
    renamed): a ``.bhh`` file of ``folder`` itself, never a path elsewhere, that ``ledger``
    holds hands of (another ledger's file in a shared folder is never removed); None
    otherwise."""
    from ..ledger.source_paths import holds_hands_of

    if was is None:
        return None
    name = Path(was).name
    if name != was or name.startswith(".") or not name.endswith(".bhh"):
        raise RecordError(f"{was!r} is not a file this page saves")
    path = folder / name
    if path == final or not path.is_file() or not holds_hands_of(ledger, str(path)):
        return None
    return path


def _saved(done: FileReport, final: Path) -> Saved:
    """The answer to a save from the import's report of its file."""
    from ..ledger.report import ImportReport
    from .advice_words import (
        page_conflict,
        page_links,
        page_replaced_notes,
        page_text,
        page_void_notes,
        page_warning_notes,
    )

    data: dict[str, Any] = {
        "file": str(final),
        "file_name": final.name,
        "stored": done.stored,
        "duplicate": done.duplicate,
        "replaced": [page_conflict(c) for c in done.replaced],
        "conflicts": [page_conflict(c) for c in done.conflicts],
        "rejected": [r.as_dict() for r in done.rejected],
        "report": ImportReport(files=[done]).text_lines(),
    }
    if done.error:
        error = done.error if done.error_said is None else page_text(done.error_said)
        return Saved("error", {**data, "error": f"not imported: {error}"})
    if done.conflicts:
        count = len(done.conflicts)
        return Saved("conflict", {
            **data,
            "error": f"{count} hand{'s' if count != 1 else ''} of the ledger this text would "
            "change or leave out: not stored. The differences are below; replace stores this "
            "version (the audit keeps the change).",
            "can_replace": True,
        })  # fmt: skip
    if done.rejected:
        return Saved("rejected", {
            **data, "error": f"not saved to {final.name}: {done.counts()}"
        })  # fmt: skip
    notes = page_void_notes(done) + page_replaced_notes(done) + page_warning_notes(done)
    data["message"] = "; ".join([f"saved {final.name}: {done.counts()}", *notes])
    data["links"] = page_links(done)
    return Saved("saved", data)
