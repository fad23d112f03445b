"""One hand is a hand: the import report's total and the players list count in the singular
too, as the per-file lines and ``check``'s summary already did."""

from __future__ import annotations

from badugi_ledger.ledger.players import PlayerInfo
from badugi_ledger.ledger.report import FileReport, ImportReport, Rejected


def test_the_import_total_skips_one_hand_in_the_singular() -> None:
    report = ImportReport([FileReport("a.txt", stored=2, skipped=1), FileReport("b.bhh", 3)])
    assert report.text_lines()[-1] == (
        "total: 5 stored, 0 duplicate, 0 rejected in 2 files; 1 hand of other games skipped"
    )
    report.files[0].skipped = 2
    assert report.text_lines()[-1].endswith("; 2 hands of other games skipped")


def test_a_player_of_one_hand() -> None:
    assert PlayerInfo("Ben", ("Ben",), 1).text_line() == "Ben: 1 hand"
    assert PlayerInfo("Ben", ("Ben", "Benny"), 6).text_line() == "Ben (also Benny): 6 hands"


def test_a_rejection_at_the_hand_line_names_that_line_once() -> None:
    """``line 7 hand 1: line 7: …`` said the line twice; a reason at another line keeps it.
    The JSON keeps every reason as it is (scripts read it)."""
    rejected = Rejected("n.bhh", 7, "1", ("line 7: written twice [duplicate-hand]", "line 9: x"))
    report = ImportReport([FileReport("n.bhh", rejected=[rejected])])
    assert "  line 7 hand 1: written twice [duplicate-hand]; line 9: x" in report.text_lines()
    assert report.as_dict()["files"][0]["rejections"][0]["reasons"][0].startswith("line 7")
