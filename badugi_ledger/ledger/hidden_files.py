"""Files written whole beside a night's files: each first written to a hidden file of the
folder (``.saving-…``, ``.unwritten-…``: ``check`` and ``import`` pass hidden files by) and
moved into place, synced to disk; the hidden files a killed writer left behind are cleared by
the next writer in their folder.

Why a module of its own: the record page's save (``web/record_save.py``) and the ledger's
writing of a renamed night's file it holds (:mod:`.unwritten_files`) write their files the
same way, and the web app stands above the ledger.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

ABANDONED_AFTER = 3600
"""Seconds after which a hidden file is taken to be left by a process killed while writing
it (a write takes seconds): the next writer in its folder removes it."""


def new_hidden_file(folder: Path, prefix: str) -> tuple[int, Path]:
    """A new hidden file of ``folder`` named ``prefix….bhh``, open for writing: created with
    the mode of any file the user makes (``0o666`` less the umask, as the command line writes
    its files), not ``mkstemp``'s owner-only ``0o600``, so that the night is as readable as the
    ledger's other files (a backup, a treasurer's account sharing the folder)."""
    import secrets

    for _ in range(100):
        path = folder / f"{prefix}{secrets.token_hex(8)}.bhh"
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def clear_abandoned(folder: Path, prefix: str) -> None:
    """Remove the hidden files ``prefix….bhh`` of ``folder`` older than
    :data:`ABANDONED_AFTER`: writes that never ended (a process killed while writing); hidden,
    they were never read, only clutter."""
    import time

    now = time.time()
    for path in folder.glob(f"{prefix}*.bhh"):
        try:
            if now - path.lstat().st_mtime > ABANDONED_AFTER:
                path.unlink()
        except OSError:
            continue  # gone meanwhile, or not ours to remove


def synced(path: Path) -> None:
    """Write ``path`` (a file, or a folder's names) to disk now, so that a power cut cannot
    leave the folder without a move made before.  Where a folder cannot be opened to sync (not
    on POSIX), the move stays as the system keeps it."""
    with suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["ABANDONED_AFTER", "clear_abandoned", "new_hidden_file", "synced"]
