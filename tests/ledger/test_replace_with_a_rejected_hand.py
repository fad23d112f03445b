"""``import --replace`` of a file whose edit leaves one of its hands rejected: the whole file is
held back, so the ledger never counts the old version of that hand between the new versions
of the hands around it (two versions of one night: the stacks of the new hands go through a
hand that recorded others).

From ``examples/home_session.bhh`` (found by the check/import agreement fuzzer): the edit gives
Dan 110 at hand 1 (legal: every later stack follows) and writes a wrong collection in hand 2
(``Anna collects 8``, owed 9).  Stored over the old night, hands 1, 3 and 4 took their new
versions while hand 2 kept its old one; the sessions export then showed Dan cashing out and
topping up chips he never moved.  Corrected, the file replaces the night whole.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.ledger_dump import table_digests
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
RICHER_DAN = (
    NIGHT.replace("4 Dan 100", "4 Dan 110")
    .replace("Dan 114", "Dan 124")
    .replace("Dan 112 · Eve 92", "Dan 122 · Eve 92")
)
WRONG_COLLECT = RICHER_DAN.replace("Anna collects 9 ", "Anna collects 8 ")


def test_a_replace_that_would_keep_a_rejected_hands_old_version_is_held_back(
    tmp_path: Path,
) -> None:
    path, db = tmp_path / "friday.bhh", tmp_path / "club.db"
    path.write_text(NIGHT, encoding="utf-8")
    assert import_into(db, [path]).stored == 4
    before = table_digests(db)
    path.write_text(WRONG_COLLECT, encoding="utf-8")
    report = import_into(db, [path], replace=True)
    (file,) = report.files
    assert file.held_back and (file.stored, len(file.replaced), len(file.rejected)) == (0, 0, 1)
    (kept,) = file.conflicts
    assert kept.hand == "2" and "would count on beside the hands this file stores" in str(
        kept.differences
    )
    assert "fix the rejected hands, then import the file again with --replace" in "\n".join(
        report.text_lines()
    )
    assert table_digests(db) == before  # the old night, whole
    path.write_text(RICHER_DAN, encoding="utf-8")
    fixed = import_into(db, [path], replace=True)
    assert (fixed.files[0].held_back, len(fixed.files[0].replaced)) == (False, 4)


def test_a_rejected_hand_beside_unchanged_hands_leaves_the_night_as_it_was(
    tmp_path: Path,
) -> None:
    """Only hand 2 edited (and rejected): the file's other hands are the ledger's, so nothing
    is mixed and nothing held back; the report rejects hand 2, the old night counts on."""
    path, db = tmp_path / "friday.bhh", tmp_path / "club.db"
    path.write_text(NIGHT, encoding="utf-8")
    assert import_into(db, [path]).stored == 4
    path.write_text(NIGHT.replace("Anna collects 9 ", "Anna collects 8 "), encoding="utf-8")
    (file,) = import_into(db, [path], replace=True).files
    assert not file.held_back and (file.duplicate, len(file.rejected)) == (3, 1)


def test_a_hand_appended_beside_a_rejected_one_is_stored_as_without_replace(
    tmp_path: Path,
) -> None:
    """A hand appended (hand 5) while hand 2 is rejected: nothing stored over an old version,
    so nothing is mixed; ``--replace`` stores hand 5 as a plain import does (found by the
    probe of this rule)."""
    path, db = tmp_path / "friday.bhh", tmp_path / "club.db"
    path.write_text(NIGHT, encoding="utf-8")
    assert import_into(db, [path]).stored == 4
    fifth = (
        "\nhand 5 · button Eve · Anna · Ben · Cara · Dan · Eve\n"
        "Cara folds · Dan folds · Eve folds · Anna folds\nBen collects 2\n"
    )
    path.write_text(NIGHT.replace("Anna collects 9 ", "Anna collects 8 ") + fifth, "utf-8")
    (file,) = import_into(db, [path], replace=True).files
    assert not file.held_back and (file.stored, file.duplicate, len(file.rejected)) == (1, 3, 1)


TWO_TABLES = """game badugi · fixed limit 2/4 · blinds 1/2
cash Friday · date 2024-03-01
table A

hand 1 · button Anna · Anna 100 · Ben 100
Anna folds
Ben collects 2

hand 2 · button Ben · Anna · Ben
Ben folds
Anna collects 5

table B

hand 2 · button Cara · Cara 100 · Dan 100
Cara folds
Dan collects 2
"""


def test_a_hand_of_the_same_number_at_another_table_is_no_version_of_the_rejected_one(
    tmp_path: Path,
) -> None:
    """Table A's hand 2 is rejected from the start (never stored); table B's hand 2, further
    on, is the ledger's: it is no old version of A's, so correcting A's hand 1 replaces it
    and holds nothing back."""
    path, db = tmp_path / "friday.bhh", tmp_path / "club.db"
    path.write_text(TWO_TABLES, encoding="utf-8")
    first = import_into(db, [path]).files[0]
    assert (first.stored, len(first.rejected)) == (2, 1)
    path.write_text(TWO_TABLES.replace("Anna 100 · Ben 100", "Anna 120 · Ben 100"), "utf-8")
    (file,) = import_into(db, [path], replace=True).files
    assert not file.held_back
    assert (len(file.replaced), file.duplicate, len(file.rejected)) == (1, 1, 1)
