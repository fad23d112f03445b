"""Names merged as one player (``players merge``) who later sit in one hand are two people:
the ledger refuses the file rather than add both seats' chips into one player's figures
(docs/ledger.md, Players: "two names that sat in the same hand cannot be merged"; merged
first, the hand that seats both says the merge was wrong).  The nights are the project's own,
written for this test."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.players import merge_players, unmerge_player
from badugi_ledger.ledger.store import ledger_at
from tests.helpers.ledger_files import import_into

HEAD = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash {name} · date {date} · season S1\ntable T\n"
)
APART = HEAD.format(name="Monday", date="2024-06-01") + (
    "\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
)
APART_TOO = HEAD.format(name="Tuesday", date="2024-06-02") + (
    "\nhand 1 · button Anna · Anna 100 · Benjamin 100 · Cara 100\n"
    "Anna raises · Benjamin folds · Cara folds\nAnna collects 5\n"
)
TOGETHER = HEAD.format(name="Friday", date="2024-06-05") + (
    "\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Benjamin 100\n"
    "Benjamin folds · Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
)


def _night(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_two_merged_names_in_one_hand_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    import_into(db, [_night(tmp_path, "mon.bhh", APART), _night(tmp_path, "tue.bhh", APART_TOO)])
    with ledger_at(db) as ledger:
        merge_players(ledger, "Ben", ["Benjamin"])
    friday = _night(tmp_path, "fri.bhh", TOGETHER)
    for replace in (False, True):
        (report,) = import_into(db, [friday], replace=replace).files
        assert report.stored == 0
        assert report.error is not None
        assert "hand 1 (line 5): 'Ben' and 'Benjamin' both sit in it" in report.error
        assert "players unmerge 'Benjamin'" in report.error
    with ledger_at(db) as ledger:
        assert ledger.execute("SELECT count(*) FROM hands").fetchone()[0] == 2
        unmerge_player(ledger, "Benjamin")
    (report,) = import_into(db, [friday]).files
    assert report.error is None and report.stored == 1
