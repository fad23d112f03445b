"""A tournament's files imported in ONE run (``import a.bhh b.bhh``): the report says under
each file the tournament warnings the ledger holds when the run ends, as a second run of the
same files (or a fresh ledger of them, in any order) says them; not what the ledger held when
that file was stored (``badugi_ledger/ledger/file_transaction.py``, :func:`refresh_warnings`;
docs/ledger.md, *Tournaments*).

Each file is its own transaction and was warned of as the files before it left the ledger: a
later file of the run may make its warning untrue (the table a player came from, in the next
file) or true (the table he plays on at after busting, in the next file).

From ``examples/tournament.bhh`` (Bram busts in hand T2 at table Final; rule: tournament chips
are bought only by the buy-in, rebuys and add-ons; :func:`free_chips`), and the house rule
that an entrant sits down with the starting chips (:func:`second_entries`).
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger import file_transaction
from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.store import open_ledger
from tests.ledger.test_ledger_identity import invoke

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tournament.bhh"
TEXT = EXAMPLE.read_text(encoding="utf-8")
FINAL = TEXT[: TEXT.index("hand T3")]  # up to hand T2, where Bram busts
SIDE = TEXT[: TEXT.index("hand T1")].replace("table Final", "table Side") + TEXT[
    TEXT.index("hand T1") : TEXT.index("# level 2")
].replace("Kira", "Zed").replace("Noor", "Yan").replace("hand T1", "hand S1")
"""Bram at table Side with 200 chips and no rebuy, after busting at Final (free chips)."""

CUP = """\
game badugi · no limit · blinds 10/20
tournament Return Cup · date {date} · buy-in 1000 · starting-chips 300 · payouts 70/30

"""
T1 = """\
table T1
hand 1 · button Anna · Anna 300 · Ben 290 · Cara 300
Anna folds · Ben folds
Cara collects 20
final: Anna 300 · Ben 280 · Cara 310
"""
"""Ben sits down at T1 with 290, never with the starting 300: a second entry, it may be."""
T2 = """\
table T2
hand 1 · button Dan · Dan 300 · Ben 300 · Eve 300
Dan folds · Ben folds
Eve collects 20
final: Dan 300 · Ben 290 · Eve 310
"""
"""Ben's first hand, at T2: he sits down with the starting 300 and leaves with 290."""


def _write(folder: Path, files: dict[str, str]) -> list[Path]:
    folder.mkdir(exist_ok=True)
    paths = []
    for name, text in files.items():
        paths.append(folder / name)
        paths[-1].write_text(text, encoding="utf-8")
    return paths


def _warnings(db: Path, paths: list[Path], *options: str) -> dict[str, list[str]]:
    """Each file's warnings (by file name) in the JSON report of one run of ``paths``."""
    code, out = invoke("import", *paths, "--db", db, "--json", *options)
    assert code == 0, out
    return {Path(f["source"]).name: f["warnings"] for f in json.loads(out)["files"]}


def _as_the_ledger_ends(tmp_path: Path, files: dict[str, str], *options: str) -> None:
    """One run of ``files`` warns, under each file, as a second run of them into the same
    ledger does, and as one run of them in the other order into a fresh ledger does."""
    paths = _write(tmp_path / "files", files)
    db = tmp_path / "run.db"
    once = _warnings(db, paths, *options)
    assert once == _warnings(db, paths, *options)  # a second run: every hand a duplicate
    fresh = _warnings(tmp_path / "fresh.db", paths[::-1], *options)
    assert _as_said(once, db) == _as_said(fresh, tmp_path / "fresh.db")


def _as_said(warnings: dict[str, list[str]], db: Path) -> dict[str, list[str]]:
    """``warnings`` with what is the ledger's own left out: the ledger its commands name
    (``--db``) and the id of the event they void (the files in another order make the events
    in another order)."""
    return {
        name: [re.sub(r"--event \d+ ", "--event N ", w.replace(f" --db {db}", "")) for w in said]
        for name, said in warnings.items()
    }


def test_a_warning_only_a_later_file_of_the_run_makes_true_is_under_the_earlier_file_too(
    tmp_path: Path,
) -> None:
    """final.bhh alone warns of nothing; with side.bhh, Bram plays on at Side after busting at
    Final.  Both files hold the tournament: both say it, as a second run says it."""
    paths = _write(tmp_path / "files", {"final.bhh": FINAL, "side.bhh": SIDE})
    found = _warnings(tmp_path / "run.db", paths)
    assert found["final.bhh"] == found["side.bhh"]
    (warning,) = found["final.bhh"]
    assert "Bram busted at table 'Final' of Spring Freezeout (2024-04-12)" in warning
    _as_the_ledger_ends(tmp_path, {"final.bhh": FINAL, "side.bhh": SIDE})


def test_a_warning_a_later_file_of_the_run_makes_untrue_is_not_said(tmp_path: Path) -> None:
    """t1.bhh alone: Ben sits down with 290, never with the starting 300.  t2.bhh holds his
    first hand, where he sat down with 300 and left with 290: a table move, no warning."""
    files = {
        "t1.bhh": CUP.format(date="2024-08-01") + T1,
        "t2.bhh": CUP.format(date="2024-08-01") + T2,
    }
    paths = _write(tmp_path / "files", files)
    assert _warnings(tmp_path / "run.db", paths) == {"t1.bhh": [], "t2.bhh": []}
    _as_the_ledger_ends(tmp_path, files)


def test_a_warning_of_two_tournaments_is_under_the_files_of_both(tmp_path: Path) -> None:
    """Return Cup on 1 and 2 August, one file each, sharing Ben: played past midnight, it may
    be (:func:`past_midnight`).  The first file was stored before the other tournament was."""
    files = {
        "first.bhh": CUP.format(date="2024-08-01") + T2,
        "second.bhh": CUP.format(date="2024-08-02")
        + T1.replace("Ben 290", "Ben 300").replace("Ben 280", "Ben 290"),
    }
    paths = _write(tmp_path / "files", files)
    found = _warnings(tmp_path / "run.db", paths)
    for name in files:
        assert [w for w in found[name] if "a day apart, share players" in w], found
    _as_the_ledger_ends(tmp_path, files)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_text_report_says_the_warnings_of_the_ledger_as_the_run_ends(
    tmp_path: Path, jobs: str
) -> None:
    """The text report, read by one process or by workers: the warning of free chips under
    final.bhh too, and the second entry t2.bhh showed to be a table move under neither."""
    paths = _write(
        tmp_path,
        {
            "final.bhh": FINAL,
            "t1.bhh": CUP.format(date="2024-08-01") + T1,
            "side.bhh": SIDE,
            "t2.bhh": CUP.format(date="2024-08-01") + T2,
        },
    )
    code, out = invoke("import", *paths, "--db", tmp_path / "t.db", "--jobs", jobs)
    assert code == 0, out
    lines = out.splitlines()
    under = {}
    for line in lines:
        if not line.startswith("  "):
            name = Path(line.split(":")[0]).name
        elif "warning:" in line:
            under.setdefault(name, []).append(line)
    assert sorted(under) == ["final.bhh", "side.bhh"], out
    assert under["final.bhh"] == under["side.bhh"]
    assert "sits down in Return Cup" not in out


def test_strict_exit_status_is_that_of_the_refreshed_report(tmp_path: Path) -> None:
    """``--strict`` refuses a file for a hand's warning (what the replay assumed); a warning of
    the ledger (a tournament's, found with the files together) stores the file and fails no
    run (docs/ledger.md): the run's exit status is that of a second run of the same files."""
    paths = _write(tmp_path, {"final.bhh": FINAL, "side.bhh": SIDE})
    first = invoke("import", "--strict", *paths, "--db", tmp_path / "t.db")
    again = invoke("import", "--strict", *paths, "--db", tmp_path / "t.db")
    assert first[0] == again[0] == 0, first[1]
    assert first[1].count("warning:") == again[1].count("warning:") == 2


def test_a_ledger_not_readable_for_the_warnings_as_the_run_ends_says_so_under_each_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournaments' warnings of a run of several files are read once its last file is
    stored: should the ledger not be readable then, each file is still stored, and says that
    its warnings could not be read, as a file whose warnings fail after its commit does."""

    def fails(*_args: object) -> list[str]:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(file_transaction, "tournament_warnings", fails)
    paths = _write(tmp_path, {"final.bhh": FINAL, "side.bhh": SIDE})
    db = open_ledger(tmp_path / "t.db")
    report = import_files(db, paths, jobs=1)
    assert [(f.stored, f.error) for f in report.files] == [(2, None), (1, None)]
    for done in report.files:
        (said,) = done.warnings
        assert said.startswith("the file is stored, but the ledger could not be read for its")
        assert "disk I/O error" in said
