"""Where each imported file lies, so that one file named by another path is still that file.

A hand remembers the file it was read from as the path it was imported by (``hands.source``,
``hand_copies.source``): ``nights/friday.bhh`` from the club's folder, ``friday.bhh`` from
inside ``nights``, ``/home/club/nights/friday.bhh`` as the record page saves it, or a link to
it.  A file imported again is held to the hands it held before (:mod:`.holdings`: one it no
longer holds is a conflict, or voided with ``--replace``); found by the path as written only,
a hand the night no longer holds would go on counting beside its new version whenever the
file comes by another path.

So the ledger keeps, for each path a file was imported by, the file's real path then
(``source_paths``: :func:`os.path.realpath`, links followed), and a file imported again is
also every other path that led to the same real path (:func:`other_names`), and a hard link
to it, though its real path is its own.  A relative path under which nothing lies (a text
read as a file's, ``import_text``) is kept as it is, with no real path.  A ledger made before
the table knows the real paths of the files it holds by an absolute path (as the record page
saves them); a relative one, once its file is imported again by it.

A path is one file's name: a path that led to another file, which still lies there, is refused
(:func:`another_file_before`): the same name from inside another folder, or a link pointed
elsewhere since, would take that file's hands for this one's, and its night would be voided.
A path that is not UTF-8 text cannot be kept at all (:func:`name_not_storable`).
"""

from __future__ import annotations

import os
import sqlite3


def name_not_storable(source: str) -> str | None:
    """Why the ledger cannot keep ``source`` as the file its hands came from, or None.  A file
    name that is not UTF-8 reaches Python with a lone surrogate for each such byte, which
    SQLite text cannot hold: every hand's ``source`` would fail to be stored (and the file's
    earlier hands to be looked up) in the middle of the file's transaction.  Such a file is
    reported before it is read, the other files of the import going on."""
    try:
        source.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(source[exc.start])  # the byte 0xe9 comes as U+DCE9 (surrogateescape)
        what = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"U+{code:04X}"
        return (
            f"the file's path is not UTF-8 text ({what} at character {exc.start + 1}), and "
            "the ledger names the file of every hand it stores: rename the file, or the "
            "folder whose name holds the byte (its hands were not read)"
        )
    return None


def real_path(path: str) -> str | None:
    """The real path of the file ``path`` names (relative to the working folder), or None when
    no file lies there - but an absolute path whose folder is there names the file it will be
    (a text stored before its file is written: the record page's save)."""
    try:
        if not os.path.isfile(path) and not (
            os.path.isabs(path) and os.path.isdir(os.path.dirname(path))
        ):
            return None
        real = os.path.realpath(path)
        real.encode("utf-8")  # (a link into a folder whose name is not UTF-8: not kept)
        return real
    except (OSError, ValueError):  # a name the system cannot look up (a NUL byte, too long)
        return None


def remember(db: sqlite3.Connection, source: str, path: str | None) -> None:
    """Keep ``path``, the real path (:func:`real_path`) of the file imported as ``source``
    (None: no file lies there)."""
    if path is not None:
        db.execute(
            "INSERT INTO source_paths (source, path) VALUES (?, ?) "
            "ON CONFLICT (source) DO UPDATE SET path = excluded.path",
            [source, path],
        )


def file_now(db: sqlite3.Connection, source: str) -> str | None:
    """Where to read again the file hands were imported from by the path ``source``: the real
    path the ledger kept then (``show --db`` or the web app run from another folder than the
    import, which a relative ``source`` names nothing from, or another file), else ``source``
    itself (relative to the working folder); None when no file lies at either.  What is read
    there is the file's only if its hands are the stored ones (fingerprint and content)."""
    row = db.execute("SELECT path FROM source_paths WHERE source = ?", [source]).fetchone()
    for path in ([str(row[0])] if row is not None else []) + [source]:
        try:
            if os.path.isfile(path):
                return path
        except (OSError, ValueError):  # a name the system cannot look up (a NUL byte)
            continue
    return None


def other_names(db: sqlite3.Connection, source: str, path: str | None) -> list[str]:
    """The other paths files were imported by that led to the file ``source`` names now (its
    real path ``path``, :func:`real_path`), or, for a file with hard links, to one of its
    other names."""
    if path is None:
        return []
    names = [
        str(other)
        for (other,) in db.execute(
            "SELECT source FROM source_paths WHERE path = ? AND source != ? ORDER BY source",
            [path, source],
        )
    ]
    try:
        linked = os.stat(path).st_nlink > 1
    except OSError:
        linked = False
    if linked:  # (rare: every path kept is looked at)
        for other, other_path in db.execute(
            "SELECT source, path FROM source_paths WHERE path != ? ORDER BY source", [path]
        ):
            if other != source and _same_file(str(other_path), path):
                names.append(str(other))
    return names


def another_file_before(db: sqlite3.Connection, source: str, now: str | None) -> str | None:
    """Why ``source`` cannot name the file it names now (its real path ``now``), or None: it
    led to another file when it was imported before, which still lies there (not this file
    moved: a relative path from another folder, a link pointed elsewhere since).  Its hands
    are that file's; taken for this one's, every one of them would be a hand this file no
    longer holds."""
    row = db.execute("SELECT path FROM source_paths WHERE source = ?", [source]).fetchone()
    if row is None or now is None or str(row[0]) == now:
        return None
    before = str(row[0])
    if not os.path.isfile(before) or _same_file(before, now):
        return None
    return (
        f"{source} named {before} when it was imported before, and names {now}, another "
        f"file, now: the ledger knows a file by the path it was imported by; import this one "
        f"by a path that names it alone ({now}); nothing from this file was stored"
    )


def holds_hands_of(db: sqlite3.Connection, path: str) -> bool:
    """Whether the ledger holds a hand read from the file at the absolute ``path`` (voided or
    not, as its last file or as a copy), imported by that path or by another that led to the
    same file.  Two ledgers may keep their files in one folder: a file none of whose hands
    the ledger holds is not one of its files."""
    real = real_path(path)
    row = db.execute(
        "WITH names (source) AS (SELECT ? UNION SELECT source FROM source_paths WHERE path = ?) "
        "SELECT EXISTS (SELECT 1 FROM hands WHERE source IN names) "
        "OR EXISTS (SELECT 1 FROM hand_copies WHERE source IN names)",
        [path, real or path],
    ).fetchone()
    return bool(row[0])


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def create_source_paths(db: sqlite3.Connection) -> None:
    """The table, filled for the absolute paths the ledger's hands were imported by whose file
    lies there now (the record page's saves).  A relative path stored says nothing of the
    folder it was imported from, so it is not guessed (the ledger's folder may hold another
    night of that name): it is known once its file is imported again by it."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS source_paths (source TEXT PRIMARY KEY, path TEXT NOT NULL) "
        "STRICT"
    )
    db.execute("CREATE INDEX IF NOT EXISTS source_paths_path ON source_paths (path)")
    sources = [
        str(s)
        for (s,) in db.execute(
            "SELECT source FROM hands WHERE source IS NOT NULL UNION "
            "SELECT source FROM hand_copies WHERE source IS NOT NULL"
        )
    ]
    for source in sources:
        path = real_path(source) if os.path.isabs(source) else None
        if path is not None:
            db.execute(
                "INSERT OR IGNORE INTO source_paths (source, path) VALUES (?, ?)", [source, path]
            )


__all__ = [
    "another_file_before",
    "create_source_paths",
    "holds_hands_of",
    "other_names",
    "real_path",
    "remember",
]
