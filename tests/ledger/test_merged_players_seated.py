"""Names merged as one player (``players merge``) who later sit in one hand are two people:
the ledger refuses the file rather than add both seats' chips into one player's figures
(docs/ledger.md, Players: "two names that sat in the same hand cannot be merged"; merged
first, the hand that seats both says the merge was wrong).  Nor may two of one player's names
enter one tournament, at one table or at two: they would be two entries, two places, of one
player.  The nights and the four-player Cup at two tables are the project's own, written
for this test."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_file
from badugi_ledger.ledger.location import LEDGER_ENV
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

# The Cup: Ann (first of table T1) and Cat (T2) are out, Bob beats Dan at the final
# table.  {t1} and {t2} are the names of Ann and Cat.
CUP = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Cup · date 2024-07-01 · season S1 · buy-in 1000 · starting-chips 30 · payouts 50/30/20
table T1

hand a1 · button {t1} · {t1} 30 · Bob 30
{t1} folds
Bob collects 10

hand a2 · button Bob · {t1} · Bob
Bob raises to 20 · {t1} raises to 25 all-in · Bob calls 5
draw: {t1} 1 · Bob 1
draw: {t1} 1 · Bob 1
draw: {t1} 1 · Bob 1
show: Bob 7s 5d 4c 2h · {t1} 9c 6h 3d 3s
Bob collects 50
table T2

hand c1 · button {t2} · {t2} 30 · Dan 30
{t2} raises to 20 · Dan raises to 30 all-in · {t2} calls 10 all-in
draw: Dan 1 · {t2} 1
draw: Dan 1 · {t2} 1
draw: Dan 1 · {t2} 1
show: Dan 7s 5d 4c 2h · {t2} 9c 6h 3d 3s
Dan collects 60
table Final

hand f1 · button Bob · Bob 60 · Dan 60
Bob raises to 20 · Dan raises to 30 · Bob raises to 40 · Dan calls 10
draw: Dan 1 · Bob 1
Dan bets 10 · Bob raises to 20 all-in · Dan calls 10 all-in
draw: Dan 1 · Bob 1
draw: Dan 1 · Bob 1
show: Bob 7s 5d 4c 2h · Dan 9c 6h 3d 3s
Bob collects 120
"""


def _night(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_two_merged_names_in_one_hand_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
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


def test_seats_read_back_only_when_two_names_are_one_player(tmp_path: Path) -> None:
    """The check above reads a file's seats back from the ledger only when two of the names
    the file seats are one player's: otherwise no hand can seat one player twice (a night of
    3,000 hands spent about 24,000 instructions a hand grouping its seats by player).  With
    Ben and Benjamin merged, Friday's file is read back, and refused, as before."""
    db = tmp_path / "club.db"
    night = _night(tmp_path, "mon.bhh", APART)
    friday = _night(tmp_path, "fri.bhh", TOGETHER)
    seats_read: list[str] = []
    with ledger_at(db) as ledger:
        ledger.set_trace_callback(seats_read.append)
        assert import_file(ledger, night).stored == 1
        assert import_file(ledger, _night(tmp_path, "tue.bhh", APART_TOO)).stored == 1
        assert not [sql for sql in seats_read if "GROUP BY hp.hand_id, a.player_id" in sql]
        merge_players(ledger, "Ben", ["Benjamin"])
        report = import_file(ledger, friday)
        assert report.error is not None and "'Ben' and 'Benjamin' both sit in it" in report.error
        assert [sql for sql in seats_read if "GROUP BY hp.hand_id, a.player_id" in sql]


def line_of(path: Path, hand: str) -> int:
    """The line of ``path`` that starts hand ``hand``: where the report says the hand is."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if text.startswith(f"hand {hand} "))


def test_two_merged_names_in_one_tournament_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben at table T1 and Benjamin at T2 of one tournament: two entries, so two people."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    import_into(db, [_night(tmp_path, "mon.bhh", APART), _night(tmp_path, "tue.bhh", APART_TOO)])
    with ledger_at(db) as ledger:
        merge_players(ledger, "Ben", ["Benjamin"])
    cup = _night(tmp_path, "cup.bhh", CUP.format(t1="Ben", t2="Benjamin"))
    for replace in (False, True):
        (report,) = import_into(db, [cup], replace=replace).files
        assert report.stored == 0
        assert report.error is not None
        assert (
            f"tournament Cup (2024-07-01): 'Ben' (hand a1, table T1, {cup}:{line_of(cup, 'a1')}) "
            f"and 'Benjamin' (hand c1, table T2, {cup}:{line_of(cup, 'c1')}) both entered it, "
            "but the ledger has them as one player, 'Ben'"
        ) in report.error
        assert "players unmerge 'Benjamin'" in report.error
    with ledger_at(db) as ledger:
        assert ledger.execute("SELECT count(*) FROM hands").fetchone()[0] == 2
        assert ledger.execute("SELECT count(*) FROM tournament_entries").fetchone()[0] == 0
        unmerge_player(ledger, "Benjamin")
    (report,) = import_into(db, [cup]).files
    assert report.error is None and report.stored == 4
    with ledger_at(db) as ledger:
        assert ledger.execute("SELECT count(*) FROM tournament_entries").fetchone()[0] == 4


def test_one_name_in_two_unicode_forms_in_one_tournament_is_one_entry(tmp_path: Path) -> None:
    """Zoë composed (NFC) at T1 and decomposed (NFD) at T2 of one fresh file is one name, as
    everywhere in the ledger: one entry, as Zoë written alike at both tables is (stored, with
    the warning that she busted at one table and plays at the other without a rebuy).  It was
    refused ("name one of them otherwise"), while ``check`` said ok: the organiser could not
    see which to retype."""
    composed, decomposed = (unicodedata.normalize(form, "Zo\u00eb") for form in ("NFC", "NFD"))

    def cup_of(t1: str, t2: str, folder: Path) -> tuple[list[tuple[str, int, int]], list[str]]:
        cup = _night(folder, "cup.bhh", CUP.format(t1=t1, t2=t2))
        (report,) = import_into(folder / "club.db", [cup]).files
        assert report.error is None and report.stored == 4, report.error
        with ledger_at(folder / "club.db") as ledger:
            entries = ledger.execute(
                "SELECT a.name, t.place, t.prize FROM tournament_entries t "
                "JOIN aliases a ON a.id = t.alias_id ORDER BY t.place"
            ).fetchall()
        return [(unicodedata.normalize("NFC", n), p, z) for n, p, z in entries], report.warnings

    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    alike = cup_of(composed, composed, tmp_path / "one")
    assert cup_of(composed, decomposed, tmp_path / "two") == alike
    assert [name for name, _, _ in alike[0]] == ["Bob", "Dan", composed]
    assert len(alike[1]) == 2 and "busted at table 'T1'" in alike[1][0]
