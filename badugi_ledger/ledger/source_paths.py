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
also every other path that led to the same real path (:func:`other_names`).  A relative path
under which nothing lies (a text read as a file's, ``import_text``) is kept as it is, with no
real path.  A ledger made before the table knows the real paths of the files it holds by an
absolute path (as the record page saves them); a relative one, once its file is imported
again by it.
"""

from __future__ import annotations

import os
import sqlite3


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


def remember(db: sqlite3.Connection, source: str) -> None:
    """Keep the real path of the file imported as ``source`` (none for a path under which
    no file lies)."""
    path = real_path(source)
    if path is not None:
        db.execute(
            "INSERT INTO source_paths (source, path) VALUES (?, ?) "
            "ON CONFLICT (source) DO UPDATE SET path = excluded.path",
            [source, path],
        )


def other_names(db: sqlite3.Connection, source: str) -> list[str]:
    """The other paths files were imported by that led to the file ``source`` names now."""
    path = real_path(source)
    if path is None:
        return []
    return [
        str(other)
        for (other,) in db.execute(
            "SELECT source FROM source_paths WHERE path = ? AND source != ? ORDER BY source",
            [path, source],
        )
    ]


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


__all__ = ["create_source_paths", "other_names", "real_path", "remember"]
