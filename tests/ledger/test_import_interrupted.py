"""Ctrl-C that lands after a file's transaction was committed: the file is stored, and the
import says so (never that it was rolled back); an error reading the ledger for the warnings
after the commit leaves the file counted as stored."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger import file_transaction, importing, store
from badugi_ledger.ledger.import_run import ImportRun
from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.report import FileReport
from badugi_ledger.ledger.stopped_report import ImportInterrupted
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.paths import EXAMPLES

HOME = EXAMPLES / "home_session.bhh"
BADACEY = EXAMPLES / "004_badacey.bhh"


def _hands(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT count(*) FROM hands").fetchone()[0])


def _interrupt(*_args: object) -> None:
    raise KeyboardInterrupt


def test_ctrl_c_after_a_files_commit_counts_it_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ImportRun, "remember", _interrupt)
    db = open_ledger(tmp_path / "club.db")
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(db, [HOME, BADACEY], jobs=1)
    stored = _hands(db)
    assert stored > 0  # the first file was committed before the interrupt
    report = stopped.value.report
    assert [f.source for f in report.files] == [str(HOME)]
    assert report.stored == stored
    assert stopped.value.current == str(BADACEY)
    assert stopped.value.text() == (
        f"interrupted while importing {BADACEY}: that file was rolled back; the 1 file "
        f"before it stays as imported ({stored} hands stored); import the same files "
        "again to finish (what is stored counts once)"
    )


def test_ctrl_c_after_the_last_files_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(file_transaction, "_carry_warnings", _interrupt)
    db = open_ledger(tmp_path / "club.db")
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(db, [HOME], jobs=1)
    stored = _hands(db)
    assert stored > 0
    assert stopped.value.text() == (
        f"interrupted after the last file was stored; the 1 file stays as imported "
        f"({stored} hands stored)"
    )


def test_ctrl_c_while_a_runs_warnings_are_read_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run of several files reads its files' warnings once its last file is stored
    (``refresh_warnings``): every file stays as imported, and the import says so."""
    monkeypatch.setattr(file_transaction, "_carry_warnings", _interrupt)
    db = open_ledger(tmp_path / "club.db")
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(db, [HOME, BADACEY], jobs=1)
    stored = _hands(db)
    assert [f.source for f in stopped.value.report.files] == [str(HOME), str(BADACEY)]
    assert stopped.value.report.stored == stored > 0
    assert stopped.value.text() == (
        f"interrupted after the last file was stored; the 2 files stay as imported "
        f"({stored} hands stored)"
    )


def test_an_error_reading_the_warnings_after_the_commit_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fails(*_args: object) -> list[str]:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(file_transaction, "_carry_warnings", fails)
    db = open_ledger(tmp_path / "club.db")
    report = import_files(db, [HOME], jobs=1)
    (done,) = report.files
    assert done.error is None and done.stored == _hands(db) > 0
    assert done.warnings == [
        "the file is stored, but the ledger could not be read for its warnings (carried "
        "pots left behind, tournament entries): disk I/O error; run the import again to "
        "see them (what is stored counts once)"
    ]


def test_ctrl_c_while_the_ledger_closes_after_the_import_says_what_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = store.ledger_at

    @contextmanager
    def closing_interrupted(*args: object, **kwargs: object) -> Iterator[sqlite3.Connection]:
        with opened(*args, **kwargs) as db:  # type: ignore[arg-type]
            yield db
        raise KeyboardInterrupt

    monkeypatch.setattr(store, "ledger_at", closing_interrupted)
    db = tmp_path / "club.db"
    done = CliRunner().invoke(app, ["import", str(HOME), "--db", str(db), "--jobs", "1"])
    assert done.exit_code == 130
    with sqlite3.connect(db) as conn:
        stored = _hands(conn)
    assert stored > 0
    assert (
        f"interrupted after the last file was stored; the 1 file stays as imported "
        f"({stored} hands stored)"
    ) in " ".join(done.stderr.split())


def _stored_then_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first file's store returns (its transaction committed), and Ctrl-C lands at once,
    before the import has taken its report: while a staging file is deleted, say."""
    real = importing.store_file
    calls: list[str] = []

    def store_file(*args: Any, **kwargs: Any) -> FileReport:
        done = real(*args, **kwargs)
        calls.append(done.source)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return done

    monkeypatch.setattr(importing, "store_file", store_file)


@pytest.mark.parametrize("jobs", [1, 2], ids=["in-process", "staged-by-workers"])
def test_ctrl_c_just_after_a_file_is_stored_counts_it_stored(
    jobs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stored_then_interrupted(monkeypatch)
    db = open_ledger(tmp_path / "club.db")
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(db, [HOME, BADACEY], jobs=jobs)
    stored = _hands(db)
    assert stored > 0
    report = stopped.value.report
    assert [f.source for f in report.files] == [str(HOME)]
    assert report.stored == stored
    assert stopped.value.current == str(BADACEY)


def test_ctrl_c_just_after_a_lone_streamed_file_is_stored_counts_it_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One file read by a worker as it is stored: the interrupt after its store, while the
    worker is ended."""
    _stored_then_interrupted(monkeypatch)
    monkeypatch.setattr(importing, "_STREAM_MIN_BYTES", 0)
    db = open_ledger(tmp_path / "club.db")
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(db, [HOME], jobs=2)
    stored = _hands(db)
    assert stored > 0
    assert stopped.value.text() == (
        f"interrupted after the last file was stored; the 1 file stays as imported "
        f"({stored} hands stored)"
    )
