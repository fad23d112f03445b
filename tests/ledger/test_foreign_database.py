"""Another application's SQLite database named as the ledger is refused and left as it was.

Any command (``events`` too, which only reads) made the ledger's tables in it and switched it to
the WAL journal, or, when it had a ``schema_version`` table of its own, said the ledger was
"newer than this badugi-ledger knows"."""

from __future__ import annotations

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
    ],
    ids=["notes", "own-schema-version"],
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
