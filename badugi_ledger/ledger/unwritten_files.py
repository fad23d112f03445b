"""Files the ledger holds the hands of and their folder may not hold yet: a night renamed on
the record page, stored under its new file's name and written after the ``COMMIT``.

The record page saves a renamed night (its name or date changed) by importing its text as the
file of the new name, the old file's hands left out (``--renamed-from``), and then writing the
new file and removing the old one.  The file cannot be written before the ``COMMIT``: a server
killed between would leave both files beside the old ledger, which read the folder as two
nights.  Written after, a server killed between the two left the ledger counting the night from
a file the folder lacked, the old file refused by the import as the night's old name, and the
hands typed since the last save in no file at all.  So the save writes the new file's text
here, in the transaction that records the rename (:func:`note_unwritten`), and the row is
cleared once the file is in place (:func:`write_unwritten`): whatever opens the ledger next
to write (the server starting, the page's next save, an import of the folder) finishes what
the save began, from the ledger itself.

The table ``unwritten_files``: ``path`` (the file, as its hands' ``source``), ``text`` (all
of it), ``renamed_from`` (the old file, removed once the new one is written) and
``renamed_digest`` (the SHA-256 of the old file's bytes when the save read it: an old file
changed since, by an editor, is left where it is).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .hidden_files import clear_abandoned, new_hidden_file, synced


def create_unwritten_files(db: sqlite3.Connection) -> None:
    """The table of files to write (a migration)."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS unwritten_files (path TEXT PRIMARY KEY, text TEXT NOT NULL, "
        "renamed_from TEXT, renamed_digest TEXT) STRICT"
    )


def note_unwritten(db: sqlite3.Connection, path: str, text: str, renamed_from: str) -> None:
    """Record, in the transaction that stores the hands of ``path`` (the renamed night), that
    the folder is to hold ``text`` as ``path`` and no longer ``renamed_from``."""
    db.execute(
        "INSERT OR REPLACE INTO unwritten_files (path, text, renamed_from, renamed_digest) "
        "VALUES (?, ?, ?, ?)",
        [path, text, renamed_from, _digest(Path(renamed_from))],
    )


def write_unwritten(
    db: sqlite3.Connection, *, within: Iterable[str | Path] | None = None
) -> list[str]:
    """Write each file the ledger holds and the folder lacks (:func:`note_unwritten`), remove
    the old file it was renamed from (unless changed since), and clear its row; ``within``:
    only the files in (or named by) these paths, as an import of them reads.  What was done,
    one line a file, for the organiser to read; a file that cannot be written is said, and
    its row kept for the next time - so is one whose place something else took (a folder, a
    link to nowhere, a file of other text: a file left there by this, killed before its row
    was cleared, holds the text), and the old file stays: the night's hands would be in no
    file at all."""
    rows = db.execute(
        "SELECT path, text, renamed_from, renamed_digest FROM unwritten_files ORDER BY path"
    ).fetchall()
    places = None if within is None else [os.path.realpath(p) for p in within]
    done: list[str] = []
    for path, text, renamed_from, digest in rows:
        if places is not None and not any(
            _inside(str(p), place) for place in places for p in (path, renamed_from) if p
        ):
            continue
        target = Path(path)
        try:
            wrote = not os.path.lexists(target)
            if wrote:
                _write(target, text)
            elif _held(target) != text:  # not the file this wrote: the save is not finished
                done.append(
                    f"{path}: not written: {_what_is_there(target)} is there, which the "
                    "ledger does not write over; the ledger holds the night's hands and "
                    f"text, and {Path(renamed_from).name if renamed_from else 'its old file'} "
                    "stays: move it away, and the next import of the folder writes the file"
                )
                continue
            old = Path(renamed_from) if renamed_from else None
            if old is not None and old != target and old.is_file() and _digest(old) == digest:
                old.unlink()
        except OSError as exc:
            done.append(
                f"{path}: not written: {exc.strerror or exc}; the ledger holds its hands "
                "(a record page's save of a renamed night, stopped before it wrote the file)"
            )
            continue
        db.execute("DELETE FROM unwritten_files WHERE path = ?", [path])
        if wrote:
            done.append(
                f"{path}: written from the ledger, which holds its hands: a record page's save "
                f"of the night renamed from {Path(renamed_from).name} stopped before it wrote it"
            )
    return done


def _held(target: Path) -> str | None:
    """The text of the file at ``target`` (None: a folder, a link to nowhere, a file that
    cannot be read as text)."""
    try:
        return target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _what_is_there(target: Path) -> str:
    """What lies at ``target`` instead of the file the ledger would write, in words."""
    if target.is_symlink() and not target.exists():
        return "a link to nowhere"
    if target.is_dir():
        return "a folder"
    return "a file of other text"


def _inside(path: str, place: str) -> bool:
    """Whether ``path`` is ``place`` or lies in the folder ``place``."""
    real = os.path.realpath(path)
    return real == place or real.startswith(place.rstrip(os.sep) + os.sep)


_WRITING = ".unwritten-"
"""How the hidden file a file is written to before it is moved into place is named."""


def _write(target: Path, text: str) -> None:
    """``text`` as the new file ``target``, written whole or not at all (a hidden file moved
    into place, synced to disk: :mod:`.hidden_files`), with the mode of any file the user
    makes."""
    clear_abandoned(target.parent, _WRITING)
    fd, temp = new_hidden_file(target.parent, _WRITING)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)
    synced(target.parent)


def _digest(path: Path) -> str | None:
    """The SHA-256 of the bytes of ``path`` (None: it cannot be read)."""
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


__all__ = ["create_unwritten_files", "note_unwritten", "write_unwritten"]
