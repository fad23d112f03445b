"""``check`` of some files held to what ``import`` of them into an empty ledger says of the
hands two files hold in two versions: each conflict at its file and line, an error, in the
import's words, text and ``--json``, in one process or two (the tests of conflicts read
from two formats and from one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.cli import app

runner = CliRunner()


def imported(paths: list[Path], db: Path) -> tuple[int, dict[tuple[str, int], str], Any]:
    """The import's exit status into an empty ledger, its conflicts (each hand's file and line
    -> what the import says of it: its differences, as its text report joins them) and its
    ``--json`` report."""
    result = runner.invoke(app, ["import", "--db", str(db), "--json", *map(str, paths)])
    report = json.loads(result.stdout)
    assert report["rejected"] == 0
    conflicts = {
        (c["source"], c["line"]): "; ".join(c["differences"])
        for f in report["files"]
        for c in f["conflicts"]
    }
    return result.exit_code, conflicts, report


def checked(paths: list[Path], jobs: int, *options: str) -> tuple[int, list[str]]:
    """``check``'s exit status and lines."""
    result = runner.invoke(app, ["check", "--jobs", str(jobs), *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout.splitlines()


def said_as_the_import_says(
    paths: list[Path], db: Path
) -> tuple[int, dict[tuple[str, int], str], Any]:
    """``check`` of ``paths`` (text and ``--json``, one process or two) says each conflict of
    their import (:func:`imported`, into ``db``) at its file and line, an error, in the
    import's words, with the import's exit status, and no other ``duplicate-hand`` error;
    what :func:`imported` gives, for more checks of the import."""
    status, conflicts, report = imported(paths, db)
    assert status == 1 and conflicts

    one = checked(paths, 1)
    assert one == checked(paths, 2)
    status_of_check, lines = one
    assert status_of_check == status
    said = {}
    for line in lines:
        if line.endswith("[duplicate-hand]") and ": warning: " not in line:
            where, _, rest = line.partition(": hand ")
            path, at, _ = where.rsplit(":", 2)
            said[(path, int(at))] = rest
    assert set(said) == set(conflicts)
    for at, words in conflicts.items():
        text = said[at]
        assert text.endswith(f"conflict, not stored: {words} [duplicate-hand]"), (text, words)

    json_one = checked(paths, 1, "--json")
    assert json_one == checked(paths, 2, "--json") and json_one[0] == status
    objects: list[dict[str, Any]] = [json.loads(line) for line in json_one[1]]
    found = {
        (o["source"], e["line"]): e
        for o in objects
        for e in o["errors"]
        if e["rule"] == "duplicate-hand"
    }
    assert set(found) == set(conflicts)
    for at, words in conflicts.items():
        assert found[at]["kind"] == "illegal"
        assert found[at]["message"].endswith(f"conflict, not stored: {words}")
    return status, conflicts, report
