"""The folder an import run stages its files' hand rows in, and the clearing of folders that
runs killed outright left behind.

An import that reads its files in worker processes has each worker write a file's rows to a
staging folder in the system's temporary folder, and stores them one file at a time; the
folder is removed when the run ends, however it ends, but for a kill that cannot be caught
(``kill -9``, a power cut).  Such a folder is never read again.  Its name holds the run's
process id, so the next run removes it: one whose process is gone and that nothing has
written to for an hour (a staging folder holds a run's files for seconds).  A folder of a
process still running, or of another user, is never touched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

PREFIX = "badugi-import-"
ABANDONED_AFTER = 3600
"""Seconds after which a staging folder whose process is gone is taken to be abandoned."""


def staging_folder() -> str:
    """A new staging folder for this run (its name holds the process id), after clearing
    the folders that runs killed outright left (:func:`clear_abandoned`)."""
    clear_abandoned()
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")


def clear_abandoned(root: str | None = None, now: float | None = None) -> list[Path]:
    """Remove the staging folders in ``root`` (the temporary folder) of runs whose process is
    gone, untouched for :data:`ABANDONED_AFTER` seconds; the folders removed.  Only where a
    process can be asked whether it runs without signalling it (POSIX)."""
    if os.name != "posix":
        return []
    removed: list[Path] = []
    now = time.time() if now is None else now
    for folder in Path(root or tempfile.gettempdir()).glob(f"{PREFIX}*-*"):
        pid = folder.name[len(PREFIX) :].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            if now - folder.lstat().st_mtime < ABANDONED_AFTER:
                continue
            os.kill(int(pid), 0)  # (signal 0: asks whether it runs, sends nothing)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
        except (OSError, OverflowError):
            continue  # running under another user, or gone meanwhile: not ours to remove
    return removed


__all__ = ["ABANDONED_AFTER", "PREFIX", "clear_abandoned", "staging_folder"]
