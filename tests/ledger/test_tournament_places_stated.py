"""A tournament's places are never invented: a file that does not show the tournament's end
names no winner and no places it cannot know, and the places and prizes a site states are read
and held to what the hands say (docs/ledger.md, *Tournaments*).

The real hands: ``shared/corpus/pokerstars/LBad-USD-SNG8-201011.txt`` ends (hand
52591910608, line 4460: ``Player5 finished the tournament in 3rd place and received $1.60.``)
with Player6 and Player4 still in; ``LBad-USD-MTT8-201011.txt`` is one table of a field of 72
or more (line 1260: ``Player10 finished the tournament in 72nd place``; line 4633: ``Player0
finished the tournament in 26th place``), which ends with fifteen players still in.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports.standings import StandingsOptions, tournament_standings
from badugi_ledger.reports.tournament import tournament_result
from tests.helpers.ledger_files import import_into

SNG = "PokerStars tournament #330855877"
MTT = "PokerStars tournament #329147852"


def _places(db: Path, event: str, **changes: object) -> dict[str, tuple[object, object]]:
    with ledger_at(db) as ledger:
        result = tournament_result(ledger, event, changes=changes or None)
    return {str(e["player"]): (e["place"], e["prize"]) for e in result.entries}


def test_a_sit_and_go_whose_file_stops_with_two_left_names_no_winner(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The file ends with Player6 (7,310 chips) and Player4 (4,690) still in: the site never
    says who won, so neither has a place; Player5 has the 3rd place and the $1.60 the site
    states he received (the site states no payout table: its prize is the site's word)."""
    db = tmp_path / "club.db"
    report = import_into(db, [corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"])
    assert report.ok, report.text_lines()
    places = _places(db, SNG)
    assert places["Player6"] == (None, 0) and places["Player4"] == (None, 0)
    assert places["Player5"] == (3, 160)
    assert places["Player0"] == (4, 0) and places["Player2"] == (8, 0)
    with ledger_at(db) as ledger:
        assert not tournament_result(ledger, SNG).as_dict()["finished"]


def test_one_table_of_a_bigger_field_credits_no_winner_and_keeps_the_sites_places(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """Player15 ends the file with the most chips of his table, which is no win; the players
    out have the places the site states (26th to 72nd), not 16th to 22nd of the 22 the file
    holds, and their points count a field of at least 72."""
    db = tmp_path / "club.db"
    report = import_into(db, [corpus_dir / "pokerstars" / "LBad-USD-MTT8-201011.txt"])
    assert report.ok, report.text_lines()
    places = _places(db, MTT)
    assert places["Player15"] == (None, 0)
    assert {p: places[p][0] for p in ("Player10", "Player13", "Player0", "Player19")} == {
        "Player10": 72,
        "Player13": 70,
        "Player0": 26,
        "Player19": 27,
    }
    with ledger_at(db) as ledger:
        table = tournament_standings(ledger, StandingsOptions(kind="tournament"))
    rows = {str(r.player): r for r in table.itertuples()}
    assert rows["Player15"].wins == 0 and rows["Player15"].points == 0
    assert rows["Player0"].best == 26 and rows["Player0"].points == 72 - 26 + 1


CLUB_NIGHT = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Friday Cup · date 2024-05-03 · buy-in 1000 · starting-chips 100 · payouts 60/40
table Kitchen

hand 1 · button Ann · Ann 100 · Bob 100 · Cat 100
Ann raises to 20 · Bob folds · Cat folds
Ann collects 25
final: Ann 115 · Bob 95 · Cat 90

hand 2 · button Bob · Ann · Bob · Cat
Bob folds · Cat raises to 20 · Ann folds
Cat collects 20
final: Ann 105 · Bob 95 · Cat 100
"""
"""A club's night whose file stops with all three still in (the night ended, or the players
left agreed to stop)."""


def test_a_club_night_that_stops_with_players_in_has_no_winner_until_a_chop(
    tmp_path: Path,
) -> None:
    """Ann leads with 105 chips, but the hands never show her win: no place and no prize for
    anyone; the pool of 30.00 waits.  Recorded as a chop (``tournament --chop``), the players
    left are placed by their chips and share the prizes as agreed."""
    night = tmp_path / "cup.bhh"
    night.write_text(CLUB_NIGHT, encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    assert _places(db, "Friday Cup") == {"Ann": (None, 0), "Cat": (None, 0), "Bob": (None, 0)}
    chopped = _places(db, "Friday Cup", chop="even")
    assert chopped == {"Ann": (1, 1000), "Cat": (2, 1000), "Bob": (3, 1000)}


def test_a_stated_place_the_hands_contradict_is_warned(tmp_path: Path, corpus_dir: Path) -> None:
    """Line 3861 of the SNG edited to say 5th: the hands place Player0 4th (he busted after
    Player1, whom the site places 5th).  The site's place stands, and the import says so."""
    text = (corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt").read_text(encoding="utf-8")
    said = "Player0 finished the tournament in 4th place"
    assert said in text
    edited = tmp_path / "sng.txt"
    edited.write_text(text.replace(said, "Player0 finished the tournament in 5th place"))
    report = import_into(tmp_path / "club.db", [edited])
    warnings = [w for f in report.files for w in f.warnings]
    assert any(
        "the site states Player0 finished" in w and "in place 5" in w and "in place 4" in w
        for w in warnings
    ), warnings
    assert not any("finished" in w for w in _warnings_of(tmp_path, corpus_dir))


def _warnings_of(tmp_path: Path, corpus_dir: Path) -> list[str]:
    """The import's warnings of the SNG as the site wrote it."""
    report = import_into(
        tmp_path / "clean.db", [corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"]
    )
    return [w for f in report.files for w in f.warnings]


def test_a_stated_prize_the_payout_table_contradicts_is_warned(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The site paid Player5 $1.60 for 3rd (20 % of the 8.00 pool): a payout table of 50/30/20
    pays the same, one of 60/40 pays 3rd place nothing, which the next import says."""
    sng = corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    db = tmp_path / "club.db"
    assert import_into(db, [sng]).ok
    with ledger_at(db) as ledger:
        tournament_result(ledger, SNG, payouts=(50, 30, 20))
    assert not [
        w for f in import_into(db, [sng]).files for w in f.warnings if "$" in w or "USD" in w
    ]
    assert _places(db, SNG)["Player5"] == (3, 160)
    with ledger_at(db) as ledger:
        tournament_result(ledger, SNG, payouts=(60, 40))
    warnings = [w for f in import_into(db, [sng]).files for w in f.warnings]
    assert any("Player5 received 1.60 USD" in w and "0.00 USD" in w for w in warnings), warnings
