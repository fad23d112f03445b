"""``import --renamed-from OLD``: the path one file was imported as before it was renamed.

The hands the old path brought in and the renamed file no longer holds are left out of it, as
an edited file's are (:mod:`.holdings`), so a night renamed with its file never counts beside
itself.  Before any file is read, the choice is held to what it can mean
(:func:`renamed_choice`: one file, and not a folder), and the old path to one the ledger
imported hands from (:func:`refuse_unknown_old_path`): a path mistyped would leave the old
hands counting silently.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from ..model.errors import ConfigError
from ..model.limits import quote
from .source_paths import name_not_storable


def renamed_choice(files: Sequence[Path], renamed_from: str | Path | None) -> None:
    """Refuse ``--renamed-from`` with other than one file to import (``files``: those the
    paths given hold), one naming a folder (an empty path is the current one), and one naming
    the file itself (its path as given, or the same file by another path): it names what one
    file was imported as before it was renamed."""
    if renamed_from is None:
        return
    if len(files) != 1:
        raise ConfigError(
            f"--renamed-from names what one file was imported as: import that file alone "
            f"({len(files)} files to import)"
        )
    if _same_file(Path(renamed_from), files[0]):
        raise ConfigError(
            f"--renamed-from {str(renamed_from)!r} is the file imported itself: name the path "
            "it was imported as before it was renamed (the hands export lists each hand's "
            "source: badugi-ledger export --table hands --format csv)"
        )
    if Path(renamed_from).is_dir():
        raise ConfigError(
            f"--renamed-from {str(renamed_from)!r} is a folder: name the path the file was "
            "imported as before it was renamed (the hands export lists each hand's source: "
            "badugi-ledger export --table hands --format csv)"
        )


def _same_file(old: Path, file: Path) -> bool:
    """Whether ``old`` names ``file``: the same path as given, or the same file on disk."""
    if str(old) == str(file):
        return True
    try:
        return os.path.samefile(old, file)
    except (OSError, ValueError):  # (the old path is gone, as a renamed file's is)
        return False


def refuse_unknown_old_path(db: sqlite3.Connection, was: str, source: str) -> None:
    """Refuse ``--renamed-from`` naming a path the ledger never imported a hand from: the
    hands the old path brought in are what the renamed file is compared with, so a path
    mistyped (or not as it was given at the import) would leave them counting beside the
    renamed file's, silently.  Paths are compared as given, as the import names files;
    ``source`` is the renamed file's path (a path that is not UTF-8 text never was a hand's:
    :func:`name_not_storable`)."""
    held = None
    if name_not_storable(was) is None:
        held = db.execute(
            "SELECT 1 FROM hands WHERE source = ? UNION ALL SELECT 1 FROM hand_copies "
            "WHERE source = ? LIMIT 1",
            [was, was],
        ).fetchone()
    if held is not None:
        return
    known = [
        str(row[0])
        for row in db.execute(
            "SELECT DISTINCT source FROM hands WHERE source IS NOT NULL UNION "
            "SELECT DISTINCT source FROM hand_copies"
        )
    ]
    near = _meant(was, known)
    hint = (
        f"the ledger holds the hands of {quote(source)!r} already: if it was renamed from "
        f"{quote(was)!r} before, that is done (import it without --renamed-from)"
        if near == source
        else f"did you mean {quote(near)!r}?"
        if near is not None
        else "name the old file by the path it was imported as (the hands export lists "
        "each hand's source: badugi-ledger export --table hands --format csv)"
    )
    raise ConfigError(
        f"--renamed-from {quote(was)!r}: the ledger holds no hand imported from that path, so "
        f"there is nothing of it to leave out; {hint}; nothing was stored"
    )


def _meant(was: str, known: list[str]) -> str | None:
    """The imported path ``was`` most likely means: the same file named another way
    (``./n.bhh`` for ``n.bhh``, or absolute), else the one whose file name is nearest."""
    from ..text.hints import closest

    target = os.path.realpath(was)  # (``Path.resolve`` raises on a link that loops)
    for source in known:
        if os.path.realpath(source) == target:
            return source
    by_name = {Path(source).name: source for source in known}
    name = closest(Path(was).name, by_name)
    return None if name is None else by_name[name]


__all__ = ["refuse_unknown_old_path", "renamed_choice"]
