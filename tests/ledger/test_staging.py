"""Staging folders that an import killed outright (``kill -9``) leaves in the temporary folder
are removed by the next run, and nothing else is: not a running import's, not a young one,
not a folder named otherwise (``ledger/staging.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from badugi_ledger.ledger.staging import ABANDONED_AFTER, PREFIX, clear_abandoned

pytestmark = pytest.mark.skipif(os.name != "posix", reason="asks processes whether they run")


def _gone_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _folder(root: Path, name: str, age: float) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "stage-1.pickle").write_bytes(b"rows")
    then = time.time() - age
    os.utime(folder, (then, then))
    return folder


def test_a_killed_runs_staging_folder_is_removed_and_no_other(tmp_path: Path) -> None:
    gone = _gone_pid()
    old = ABANDONED_AFTER + 60
    killed = _folder(tmp_path, f"{PREFIX}{gone}-abc", old)
    young = _folder(tmp_path, f"{PREFIX}{gone}-def", 10)
    running = _folder(tmp_path, f"{PREFIX}{os.getppid()}-ghi", old)  # (our parent runs)
    before = _folder(tmp_path, f"{PREFIX}xyz", old)  # a folder of a version without the id
    other = _folder(tmp_path, f"other-{gone}-abc", old)
    assert clear_abandoned(str(tmp_path)) == [killed]
    assert not killed.exists()
    assert all(p.exists() for p in (young, running, before, other))


def test_an_import_on_two_cores_clears_them_and_leaves_none_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from badugi_ledger.ledger.importing import import_files
    from badugi_ledger.ledger.store import open_ledger
    from tests.helpers.paths import EXAMPLES

    stage = tmp_path / "tmp"
    stage.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(stage))
    killed = _folder(stage, f"{PREFIX}{_gone_pid()}-abc", ABANDONED_AFTER + 60)
    db = open_ledger(tmp_path / "club.db")
    try:
        report = import_files(db, sorted(EXAMPLES.glob("*.bhh"))[:3], jobs=2)
    finally:
        db.close()
    assert sum(f.stored for f in report.files) > 0
    assert not killed.exists()
    assert list(stage.iterdir()) == []
