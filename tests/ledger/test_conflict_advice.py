"""What to do of a conflict is the ledger's own value (:class:`~badugi_ledger.ledger.advice.
Advice`), apart from the sentence that says what differs, so each front end says it its own
way; the import's report (its text and its ``--json``, which a club's script may read)
says it in the command line's words, exactly as it always has.

The conflicts are those docs/ledger.md names: a hand the file no longer holds ("void the hand
if it was taken out on purpose, or import the file again with --replace"), a file emptied of
its hands, a hand an organiser voided left out of the file, and a copy of a hand under
another table's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_ledger.ledger.advice import Advice
from badugi_ledger.ledger.report import Conflict, ImportReport
from tests.helpers.ledger_files import import_into, ledger_at

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Cut · date 2024-08-05{table}\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann 99 · Ben 101\nBen folds\nAnn collects 2\n"
COMMAND = ("--replace", "badugi-ledger")


@pytest.fixture(autouse=True)
def in_the_ledgers_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's ``club.db`` is the ledger a bare command opens (``club.db`` of the folder,
    no ``$BADUGI_LEDGER_DB``): its commands' words as they always were."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BADUGI_LEDGER_DB", raising=False)


def night(path: Path, *hands: str, table: str = "") -> Path:
    path.write_text(HEADER.format(table=table) + "".join(hands).lstrip("\n"), encoding="utf-8")
    return path


def only_conflict(report: ImportReport) -> Conflict:
    (conflict,) = [c for f in report.files for c in f.conflicts + f.replaced]
    return conflict


def said_apart(conflict: Conflict, action: str) -> Advice:
    """The conflict's sentences hold no command; its advice names ``action``; the report's
    words of it are the sentences ended by the advice in the command line's words."""
    assert conflict.advice is not None and conflict.advice.action == action, conflict
    for words in conflict.differences:
        assert not any(c in words for c in COMMAND), conflict.differences
    advice = conflict.advice
    last = conflict.said[-1]
    assert last == conflict.differences[-1] + advice.joiner + advice.command_words()
    return advice


def test_a_hand_cut_from_its_file(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    path = night(tmp_path / "cut.bhh", HAND_1, HAND_2)
    assert import_into(db, [path]).ok
    report = import_into(db, [night(path, HAND_2)])
    conflict = only_conflict(report)
    said_apart(conflict, "void or replace")
    assert conflict.differences == ("imported from this file before, and not in it any more",)
    expected = (
        "imported from this file before, and not in it any more: void it (badugi-ledger void) "
        "if it was taken out on purpose, or import again with --replace"
    )
    assert conflict.as_dict()["differences"] == [expected]
    (line,) = [line for line in report.text_lines() if "not stored" in line]
    assert line == f"  formerly line 4 hand 1 of Cut (2024-08-05): conflict, not stored: {expected}"
    assert json.loads(json.dumps(report.as_dict()))["files"][0]["conflicts"][0]["differences"] == [
        expected
    ]


def test_a_file_emptied_of_its_hands(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    path = night(tmp_path / "cut.bhh", HAND_1)
    assert import_into(db, [path]).ok
    conflict = only_conflict(import_into(db, [night(path)]))
    said_apart(conflict, "replace or void the event")
    assert conflict.said == (
        "imported from this file before, and not in it any more: the file holds no hands now: "
        "import it again with --replace to void them, or void the whole event if the night "
        "was cancelled (badugi-ledger void --event Cut --reason cancelled)",
    )


def test_a_voided_hand_left_out_of_its_file(tmp_path: Path) -> None:
    from badugi_ledger.ledger.corrections import void

    db = tmp_path / "club.db"
    path = night(tmp_path / "cut.bhh", HAND_1, HAND_2)
    assert import_into(db, [path]).ok
    with ledger_at(db) as ledger:
        void(ledger, "Cut", "1", "misdeal here")
    night(path, HAND_2)
    conflict = only_conflict(import_into(db, [path]))
    said_apart(conflict, "replace to leave out of play")
    assert conflict.said[-1].endswith(
        "and not in it any more: import again with --replace to leave it out of the night's play"
    )
    # With --replace it leaves the play; no hand the file holds plays as it did, so there is
    # nothing to void again: no command (a placeholder for a number is none to paste).
    replaced = only_conflict(import_into(db, [path], replace=True))
    assert replaced.advice is None, replaced
    assert replaced.said[-1].endswith(
        "no hand the file holds now plays as it did, so there is nothing to void again"
    )


def test_a_copy_under_another_tables_name(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    kitchen = night(tmp_path / "t1.bhh", HAND_1, HAND_2, table=" · table Kitchen")
    den = night(tmp_path / "t2.bhh", HAND_1, table=" · table Den")
    assert import_into(db, [kitchen]).ok
    conflict = only_conflict(import_into(db, [den]))
    advice = said_apart(conflict, "replace the other file")
    assert advice.source == str(kitchen)
    assert conflict.said == (
        f"the ledger holds this hand as hand 1 at table 'Kitchen' (from {kitchen}), the same "
        "in every figure: a copy whose table is named otherwise; name the table as the ledger "
        f"does, or correct the table's name in {kitchen} and import it again with --replace",
    )


def test_a_night_refused_as_a_copy_carries_its_advice_apart(tmp_path: Path) -> None:
    """``ledger/night_copies.py``: a night stored again under another name is refused; the
    report's error says what to do in the command line's words, as it always has, and the
    ledger carries the same words with each advice apart (``error_said``)."""
    from badugi_ledger.ledger.advice import command_text
    from tests.ledger.test_night_copies import GAME, SHOWDOWN

    db = tmp_path / "club.db"
    first = tmp_path / "cut.bhh"
    first.write_text(f"{GAME}cash Cut · date 2024-08-05\n\n{SHOWDOWN}", encoding="utf-8")
    assert import_into(db, [first]).ok
    again = tmp_path / "again.bhh"
    again.write_text(f"{GAME}cash Cut again · date 2024-08-05\n\n{SHOWDOWN}", encoding="utf-8")
    (refused,) = import_into(db, [again]).files
    assert refused.error is not None and refused.error_said is not None, refused
    assert refused.error == command_text(refused.error_said)
    assert refused.error.endswith(
        f"If it is that night corrected, import it as the file it replaces (import {again} "
        f"--renamed-from {first} --replace); if its hands moved here from that file, import "
        f"that file, corrected, in the same run (import --replace {again} {first}); if the "
        "ledger's night is the copy, void it first (badugi-ledger void --event 1 --reason "
        "copy)"
    ), refused.error
    actions = [p.action for p in refused.error_said if isinstance(p, Advice)]
    assert actions == ["store as that night", "void the ledger's copy"]
    for words in refused.error_said:
        assert not isinstance(words, str) or not any(c in words for c in COMMAND), words


def test_a_copy_of_a_night_of_no_known_file_says_what_old_is() -> None:
    """A night refused as a copy of hands the ledger holds from no file it knows (stored
    without a source): the file it replaces is the organiser's to name, so ``OLD`` stays, and
    the words say what it is (docs/ledger.md, *Commands in messages*)."""
    words = Advice("store as that night", source="again.bhh").command_words()
    assert words == (
        "If it is that night corrected, import it as the file it replaces (import again.bhh "
        "--renamed-from OLD --replace, OLD the path that night was imported from)"
    )
