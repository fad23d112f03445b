"""What the file named as the ledger is: another application's SQLite database is refused
and left as it was; a ledger this user may not write is read.

Another application's database: any command (``events`` too, which only reads) made the
ledger's tables in it and switched it to the WAL journal, or, when it had a ``schema_version``
table of its own, said the ledger was "newer than this badugi-ledger knows"."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES


@pytest.mark.parametrize(
    "schema",
    [
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",
        "CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (42)",
        # another poker tool's: its journal was switched before "table hands already exists"
        "CREATE TABLE schema_version (version INTEGER); CREATE TABLE hands (id INTEGER)",
    ],
    ids=["notes", "own-schema-version", "own-hands"],
)
@pytest.mark.parametrize(
    "command", [["events"], ["standings"], ["import", str(EXAMPLES / "home_session.bhh")]]
)
def test_another_applications_database_is_refused_unchanged(
    schema: str, command: list[str], tmp_path: Path
) -> None:
    db = tmp_path / "notes.db"
    with sqlite3.connect(db) as conn:
        conn.executescript(schema)
    conn.close()
    before = db.read_bytes()
    result = CliRunner().invoke(app, [*command, "--db", str(db)])
    assert result.exit_code == 1
    assert "is an SQLite database of another application (tables: " in result.output
    assert "not a ledger: nothing was changed in it" in " ".join(result.output.split())
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]  # no -wal, no -shm


def test_a_ledger_this_user_may_not_write_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ledger file (or its folder) the user may not write: every command, reading ones
    too, failed with "attempt to write a readonly database".  It is opened read-only: what
    reads it works, a change is refused in words.  (Permissions are made here: the tests may
    run as root, who writes every file.)"""
    from badugi_ledger.ledger import store
    from tests.helpers.ledger_files import import_into

    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    before = db.read_bytes()
    monkeypatch.setattr(store, "_not_writable", lambda path: True)
    runner = CliRunner()
    for command in (["events"], ["standings"], ["settle"], ["audit"]):
        result = runner.invoke(app, [*command, "--db", str(db)])
        assert result.exit_code == 0, result.output
    voided = runner.invoke(app, ["void", "--event", "1", "--reason", "x", "--db", str(db)])
    assert voided.exit_code == 1
    assert (
        "the ledger file is read-only, or its folder is (SQLite writes its journal there); "
        "nothing was changed"
    ) in voided.output
    assert db.read_bytes() == before
    # no -wal or -shm of this user's beside it: its owner could not write his ledger after
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.db"]


def test_a_ledger_named_like_an_sqlite_uri_is_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--db 'file:x.db?mode=memory'`` was read by SQLite as an URI: the import said it
    stored the hand "in" it, and nothing was kept (``file:club.db`` wrote ``club.db``)."""
    monkeypatch.chdir(tmp_path)
    name = "file:x.db?mode=memory"
    result = CliRunner().invoke(app, ["import", str(EXAMPLES / "000_anna_ben.bhh"), "--db", name])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))] == [name]
    with sqlite3.connect(tmp_path / name) as conn:
        assert conn.execute("SELECT count(*) FROM hands").fetchone() == (1,)
    conn.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
@pytest.mark.parametrize("command", [["standings"], ["import", str(EXAMPLES / "home_session.bhh")]])
def test_a_pipe_named_as_the_ledger_is_called_a_pipe(command: list[str], tmp_path: Path) -> None:
    """The audit's ``--db fifo`` (a named pipe; ``import`` of ``examples/home_session.bhh``):
    SQLite opened it and the message blamed the disk ("disk I/O error: … disk full or
    failing?").  It is refused before SQLite opens it, as a file to read is, and left alone."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = CliRunner().invoke(app, [*command, "--db", str(fifo)])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"'{fifo}' is not a file (a pipe, socket or device), not a ledger" in said
    assert "disk" not in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


@pytest.mark.parametrize("given", ["a hand file", "/proc/self/status"])
def test_a_file_that_is_no_sqlite_database_is_called_no_ledger(given: str, tmp_path: Path) -> None:
    """The audit's ``--db /proc/self/status`` (a file this user may not write, so opened
    read-only) read as "a ledger of schema version 0 … to upgrade it, make the file and its
    folder writable"; a copy of ``examples/home_session.bhh`` named as the ledger is the
    organiser's slip.  A file that does not start as an SQLite database does is no ledger,
    said before SQLite opens it, and left as it was."""
    if given == "a hand file":
        db = tmp_path / "club.db"
        db.write_bytes((EXAMPLES / "home_session.bhh").read_bytes())
    elif Path(given).exists():
        db = Path(given)
    else:
        pytest.skip("no /proc here")
    before = db.read_bytes()
    result = CliRunner().invoke(app, ["standings", "--db", str(db)])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"'{db}' is not a ledger: it is no SQLite database" in said, said
    assert "schema version" not in said
    if given == "a hand file":
        assert db.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["club.db"]


def test_open_ledger_holds_the_ledgers_path_to_the_hand_files_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library's own way in (docs/api.md), as the command line's ``--db``: an empty path
    was ``.`` ("'.' is a folder, not a ledger"); a new ledger was made under a name with a
    line break; a symlink loop was "no ledger at" (``create=False``), else SQLite's "unable
    to open database file".  A ledger that exists under a name with a line break opens."""
    from badugi_ledger.ledger.store import ledger_at, open_ledger
    from badugi_ledger.model.errors import LedgerError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(LedgerError, match=r"^an empty path names no file or folder \(a script"):
        open_ledger("")
    with pytest.raises(LedgerError, match="holds a line break cannot be reported on one line"):
        open_ledger("nl\nx.db")
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    for create in (True, False):
        with pytest.raises(LedgerError, match="'loop1': it is a symlink loop .*: mend or remove"):
            open_ledger("loop1", create=create)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop1", "loop2"]
    with ledger_at("club.db"):
        pass
    (tmp_path / "club.db").rename(tmp_path / "nl\nx.db")
    with ledger_at("nl\nx.db", create=False) as ledger:
        assert ledger.execute("SELECT count(*) FROM hands").fetchone() == (0,)


@pytest.mark.parametrize("how", ["not-writable", "read-only"])
def test_a_read_only_ledger_of_a_newer_schema_says_to_upgrade_the_program(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ledger written by a later badugi-ledger that this user may not write (or that is
    opened read-only) was called one to upgrade by making it writable (or by opening it
    without --read-only); done so, it met "newer than this badugi-ledger knows".  Whichever
    way it is opened, the one remedy is said: upgrade badugi-ledger."""
    from badugi_ledger.ledger import store
    from badugi_ledger.model.errors import LedgerError
    from tests.helpers.ledger_files import import_into

    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'later', '')",
            (store.SCHEMA_VERSION + 1,),
        )
    conn.close()
    before = db.read_bytes()
    if how == "not-writable":
        monkeypatch.setattr(store, "_not_writable", lambda path: True)
    with pytest.raises(LedgerError) as refused:
        store.open_ledger(db, read_only=how == "read-only")
    said = str(refused.value)
    assert f"schema version {store.SCHEMA_VERSION + 1}, newer than this badugi-ledger" in said
    assert said.endswith("upgrade badugi-ledger")
    assert "writable" not in said and "--read-only" not in said
    assert db.read_bytes() == before
