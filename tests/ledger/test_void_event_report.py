"""Hands imported into an event the organiser voided count for nothing, as its other hands: the
import stores them (they belong to that night) and says so, file by file, in the text and in
``--json``; nothing is said of an event that counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV

runner = CliRunner()

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday · date 2026-12-04\n"
HAND_1 = (
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
)
HAND_2 = (
    "hand 2 · button Ben · Anna · Ben · Cara\n"
    "Ben raises · Cara folds · Anna folds\nBen collects 5\n"
)


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_hands_imported_into_a_void_event_are_said_to_count_for_nothing(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    first = tmp_path / "first.bhh"
    first.write_text(HEAD + HAND_1, encoding="utf-8")
    code, out = invoke("import", first, "--db", db)
    assert code == 0 and "count in no figure" not in out
    invoke("void", "--event", "Friday", "--reason", "test night", "--db", db)
    later = tmp_path / "later.bhh"
    later.write_text(HEAD + HAND_1 + "\n" + HAND_2, encoding="utf-8")
    code, out = invoke("import", later, "--db", db)
    assert code == 0, out
    assert (
        "later.bhh: 1 stored, 1 duplicate, 0 rejected\n"
        "  its hands of Friday (2026-12-04) count in no figure: that event is void (test night; "
        "see: badugi-ledger audit)\n"
    ) in out
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert json.loads(out) == []  # the hand stored counts in no figure
    third = tmp_path / "third.bhh"
    hand_3 = (
        "hand 3 · button Cara · Anna · Ben · Cara\n"
        "Cara raises · Anna folds · Ben folds\nCara collects 5\n"
    )
    third.write_text(HEAD + HAND_1 + "\n" + HAND_2 + "\n" + hand_3, encoding="utf-8")
    code, out = invoke("import", third, "--db", db, "--json")
    assert code == 0, out
    (file,) = json.loads(out)["files"]
    assert file["void_events"] == [{"event": "Friday (2026-12-04)", "reason": "test night"}]


def test_an_event_that_counts_gets_no_such_note(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    night = tmp_path / "night.bhh"
    night.write_text(HEAD + HAND_1 + "\n" + HAND_2, encoding="utf-8")
    code, out = invoke("import", night, "--db", db, "--json")
    assert code == 0
    assert json.loads(out)["files"][0]["void_events"] == []


@pytest.mark.parametrize(
    "corrected",
    [
        "cash Friday · date 2026-12-04 · chips 10 = 1 EUR",
        "tournament Friday · date 2026-12-04 · buy-in 1000",
        "cash Friday · date 2026-12-05 · chips 10 = 1 EUR",
    ],
    ids=["unit", "kind", "unit-and-date"],
)
def test_a_void_night_whose_unit_is_corrected_is_not_said_to_count_for_nothing(
    tmp_path: Path, corrected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night voided, then its unit corrected in the file (``chips 10 = 1 EUR``) and imported
    with ``--replace``: its hands go to an event of that unit, which counts (a void does not
    follow a unit correction, docs/ledger.md).  The report said they counted in no figure, in
    the text and in ``void_events``, while the standings ranked them; it warns instead, naming
    the event they count in and how to void it.  So when its kind is corrected (a cash night
    made a tournament: the rows it left behind in the void event are not its hands), or its
    unit and date together."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    night = tmp_path / "night.bhh"
    night.write_text(HEAD + HAND_1 + "\n" + HAND_2, encoding="utf-8")
    assert invoke("import", night, "--db", db)[0] == 0
    invoke("void", "--event", "Friday", "--reason", "cancelled", "--db", db)
    night.write_text(
        HEAD.replace("cash Friday · date 2026-12-04", corrected) + HAND_1 + "\n" + HAND_2,
        encoding="utf-8",
    )
    code, out = invoke("import", night, "--db", db, "--replace", "--json")
    assert code == 0, out
    (file,) = json.loads(out)["files"]
    assert file["void_events"] == []
    assert file["warnings"] == [
        "Friday (2026-12-04) is void (cancelled), and this file's hands of it are now in event 2 "
        "of that name, which counts: void it too if the night still does not count "
        "(badugi-ledger void --event 2 --reason 'cancelled')"
    ]
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert sorted(row["player"] for row in json.loads(out)) == ["Anna", "Ben", "Cara"]


@pytest.mark.parametrize(
    "session",
    ["cash Friday · date 2026-12-05", "cash Saturday · date 2026-12-05"],
    ids=["same-name", "renamed"],
)
def test_a_void_night_written_anew_with_other_hands_is_warned_of(
    tmp_path: Path, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ledger.md, *Void* ("A void belongs to the night"): the night voided whole, then
    every hand of its file deleted and others written, at a new date (the same session name,
    or another), and imported with ``--replace``.  No hand of the night is in the file any
    more, so nothing shows the new hands are the night: its void stays where it was, and the
    new hands count - money that moves, so the import says so, naming the voided event and
    the command that voids the event they count in.  With the session renamed it said
    nothing.  The command, run with the night's reason, leaves nothing counting."""
    db = tmp_path / "club.db"
    monkeypatch.setenv(LEDGER_ENV, str(db))  # the ledger a bare command opens
    night = tmp_path / "night.bhh"
    night.write_text(HEAD + HAND_1 + "\n" + HAND_2, encoding="utf-8")
    assert invoke("import", night, "--db", db)[0] == 0
    invoke("void", "--event", "Friday", "--reason", "cancelled", "--db", db)
    other = (
        "hand 1 · button Cara · Anna 80 · Ben 120 · Cara 100\n"
        "Cara raises · Anna folds · Ben folds\nCara collects 5\n"
    )
    night.write_text(HEAD.replace("cash Friday · date 2026-12-04", session) + other, "utf-8")
    code, out = invoke("import", night, "--db", db, "--replace", "--json")
    assert code == 0, out
    (file,) = json.loads(out)["files"]
    assert file["void_events"] == []
    (warning,) = file["warnings"]
    assert warning.startswith("Friday (2026-12-04) is void (cancelled), and "), warning
    assert warning.endswith(
        "void it too if the night still does not count (badugi-ledger void --event 2 --reason "
        "'cancelled')"
    ), warning
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert sorted(row["player"] for row in json.loads(out)) == ["Anna", "Ben", "Cara"]
    code, out = invoke("void", "--event", "2", "--reason", "cancelled", "--db", db)
    assert code == 0, out
    code, out = invoke("events", "--db", db, "--json")
    assert all(event["void"] == "cancelled" for event in json.loads(out)["events"]), out


@pytest.mark.parametrize("order", ["emptied-first", "new-file-first"])
def test_a_void_nights_hands_moved_to_a_new_file_at_a_new_date_are_warned_of(
    tmp_path: Path, order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ledger.md, *Void* ("A void belongs to the night"): ``examples/home_session.bhh``
    voided whole; then its hands moved to a new file, at a new date, its own file emptied, and
    both imported with ``--replace``.  No file of the night puts its hands in the new event
    (each file's moves are its own), so its void does not follow: the hands count, and the
    import said nothing.  It warns at the new file's first hand with cards shown, naming the
    void night and the command that voids the event, whichever file comes first."""
    from tests.helpers.paths import EXAMPLES

    db = tmp_path / "club.db"
    monkeypatch.setenv(LEDGER_ENV, str(db))  # the ledger a bare command opens
    night = tmp_path / "n.bhh"
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text, encoding="utf-8")
    assert invoke("import", night, "--db", db)[0] == 0
    invoke("void", "--event", "Friday game", "--reason", "test night", "--db", db)
    moved = tmp_path / "m.bhh"
    moved.write_text(text.replace("2024-03-01", "2024-03-02"), encoding="utf-8")
    night.write_text(text[: text.index("\nhand 1 ")], encoding="utf-8")
    files = (night, moved) if order == "emptied-first" else (moved, night)
    code, out = invoke("import", *files, "--db", db, "--replace", "--json")
    assert code == 0, out
    warnings = [w for f in json.loads(out)["files"] for w in f["warnings"]]
    assert warnings == [
        "hand 1 at table Kitchen of Friday game (2024-03-02) is, figure for figure, hand 1 of "
        "Friday game (2024-03-01), which is void (test night); the ledger cannot tell this "
        "event is that night (no file of it puts its hands here), so it counts: void it too if "
        "the night still does not count (badugi-ledger void --event 2 --reason 'test night')"
    ], out
