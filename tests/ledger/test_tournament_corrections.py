"""Tournaments through the corrections a club makes: a ledger that went through them gives the
same places, prizes, standings and settle-up as one built fresh from the final files (with the
same organiser's terms).

The nights are ``examples/tournament.bhh`` (Bram busts in T2, Noor in T3, Kira wins) and text
edits of it, and a small rebuy tournament and cash night written for these tests:
a hand renumbered, a forgotten hand inserted, the night split in two files imported the later
part first, a rebuy in a voided hand, the tournament's date or a cash night's name corrected.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.paths import REPO

runner = CliRunner()

TOURNAMENT = (REPO / "examples" / "tournament.bhh").read_text(encoding="utf-8")
NAME = "Spring Freezeout"

# A small rebuy tournament: Bram rebuys 200 at the start of hand R2.
REBUY_CUP = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Rebuy Cup · date 2024-04-20 · season 2024 · buy-in 1000 · payouts 70/30
table Final

hand R1 · button Kira · Kira 200 · Noor 200 · Bram 200
Kira raises · Noor folds · Bram folds
Kira collects 25

hand R2 · button Noor · Kira · Noor · Bram
Bram rebuys 200
Noor raises · Bram folds · Kira folds
Noor collects 25

hand R3 · button Bram · Kira · Noor · Bram
Bram raises · Kira folds · Noor folds
Bram collects 25
"""

# A cash night of six hands.
CASH_NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Test night · date 2024-06-01 · season 2024
table T

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100
Dan folds · Anna raises · Ben folds · Cara folds
Anna collects 5

hand 2 · button Ben · Anna · Ben · Cara · Dan
Anna folds · Ben raises · Cara folds · Dan folds
Ben collects 5

hand 3 · button Cara · Anna · Ben · Cara · Dan
Ben folds · Cara raises · Dan folds · Anna folds
Cara collects 5
"""


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def parsed(out: str) -> object:
    """The JSON a command printed (a ``ledger: FILE`` line may follow it)."""
    return json.JSONDecoder().raw_decode(out)[0]


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def imported(db: Path, *files: Path, replace: bool = False) -> None:
    code, out = invoke("import", *files, "--db", db, *(["--replace"] if replace else []))
    assert code == 0, out


def figures(db: Path, event: str = NAME, season: str = "2024") -> dict[str, object]:
    """What the club reads: the tournament's table, the standings and the settle-ups."""
    got: dict[str, object] = {}
    for what, args in {
        "tournament": ("tournament", "--event", event, "--json"),
        "standings": ("standings", "--season", season, "--format", "json"),
        "settle": ("settle", "--event", event, "--json"),
        "season": ("settle", "--season", season, "--json"),
    }.items():
        code, out = invoke(*args, "--db", db)
        assert code == 0, (what, out)
        got[what] = parsed(out)
    return got


def fresh(tmp_path: Path, *texts: str, terms: tuple[str, ...] = ()) -> dict[str, object]:
    """The figures of the final files imported into an empty ledger, with ``terms``."""
    db = tmp_path / "fresh" / "club.db"
    files = [write(tmp_path / "fresh" / f"part{i}.bhh", text) for i, text in enumerate(texts)]
    imported(db, *files)
    if terms:
        code, out = invoke("tournament", "--event", NAME, *terms, "--db", db)
        assert code == 0, out
    return figures(db)


def places(result: dict[str, object]) -> list[tuple[str, int, float, float]]:
    entries = result["tournament"]["entries"]  # type: ignore[index]
    return [(e["player"], e["place"], e["prize"], e["won"]) for e in entries]


# --- the places follow the play, not the rows ---------------------------------------------


def test_a_renumbered_hand_keeps_its_place_in_the_night(tmp_path: Path) -> None:
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    final = TOURNAMENT.replace("hand T1 ·", "hand T1b ·")
    imported(db, write(night, final), replace=True)  # T1b is a new row, after T2 and T3
    got = figures(db)
    assert places(got) == [
        ("Kira", 1, 42.0, 22.0),
        ("Noor", 2, 18.0, -2.0),
        ("Bram", 3, 0.0, -20.0),
    ]
    assert got == fresh(tmp_path, final)


TWO_TABLES = {  # a tournament at two tables, then its final table (written for this test)
    "head": "game badugi · fixed limit 10/20 · blinds 5/10\ntournament Cup · date 2024-07-01 · "
    "season 2024 · buy-in 1000 · starting-chips 30 · payouts 50/30/20\n",
    "a1": "table T1\n\nhand a1 · button Ann · Ann 30 · Bob 30\nAnn folds\nBob collects 10\n",
    "a2": "table T1\n\nhand a2 · button Bob · Ann · Bob\n"
    "Bob raises to 20 · Ann raises to 25 all-in · Bob calls 5\n"
    "draw: Ann 1 · Bob 1\ndraw: Ann 1 · Bob 1\ndraw: Ann 1 · Bob 1\n"
    "show: Bob 7s 5d 4c 2h · Ann 9c 6h 3d 3s\nBob collects 50\n",
    "c1": "table T2\n\nhand c1 · button Cat · Cat 30 · Dan 30\n"
    "Cat raises to 20 · Dan raises to 30 all-in · Cat calls 10 all-in\n"
    "draw: Dan 1 · Cat 1\ndraw: Dan 1 · Cat 1\ndraw: Dan 1 · Cat 1\n"
    "show: Dan 7s 5d 4c 2h · Cat 9c 6h 3d 3s\nDan collects 60\n",
    "f1": "table Final\n\nhand f1 · button Bob · Bob 60 · Dan 60\n"
    "Bob raises to 20 · Dan raises to 30 · Bob raises to 40 · Dan calls 10\n"
    "draw: Dan 1 · Bob 1\nDan bets 10 · Bob raises to 20 all-in · Dan calls 10 all-in\n"
    "draw: Dan 1 · Bob 1\ndraw: Dan 1 · Bob 1\nshow: Bob 7s 5d 4c 2h · Dan 9c 6h 3d 3s\n"
    "Bob collects 120\n",
}


def _two_tables(*order: str) -> str:
    return TWO_TABLES["head"] + "".join("\n" + TWO_TABLES[part] for part in order)


def test_hands_only_moved_in_the_file_are_placed_again(tmp_path: Path) -> None:
    """The file corrected so that Cat's bust (table T2) comes before Ann's (T1): no hand is
    new, every one is a duplicate at another line, and the places follow the new order."""
    db, night = tmp_path / "club.db", tmp_path / "cup.bhh"
    imported(db, write(night, _two_tables("a1", "a2", "c1", "f1")))
    imported(db, write(night, _two_tables("a1", "c1", "a2", "f1")), replace=True)
    code, got = invoke("tournament", "--event", "Cup", "--json", "--db", db)
    assert code == 0, got
    again = tmp_path / "fresh" / "club.db"
    imported(again, write(tmp_path / "fresh" / "cup.bhh", _two_tables("a1", "c1", "a2", "f1")))
    code, want = invoke("tournament", "--event", "Cup", "--json", "--db", again)
    assert code == 0, want
    assert parsed(got) == parsed(want)
    assert [(e["player"], e["place"]) for e in parsed(got)["entries"]][2:] == [  # type: ignore[index]
        ("Ann", 3),
        ("Cat", 4),
    ]


def _numbered_per_table(*parts: str) -> str:
    """The parts of :data:`TWO_TABLES`, each table's hands numbered from 1 (``a2`` is 2)."""
    text = _two_tables(*parts)
    for old, new in (("a1", "1"), ("a2", "2"), ("c1", "1"), ("f1", "1")):
        text = text.replace(f"hand {old} ", f"hand {new} ")
    return text


def test_a_final_table_in_a_file_of_its_own_is_played_after_the_tables(tmp_path: Path) -> None:
    """Tables T1 and T2 in ``tables.bhh``, the final table in ``final.bhh``, every table's
    hands numbered from 1: the numbers cannot say which file came first, and the file names
    put the final table first.  Bob and Dan sit down at it with the 60 chips their tables
    left them (and end it 120 and 0), so it was played after: Bob wins, Dan is second, and Cat
    (who busts after Ann in the file) third, as the night written in one file says.  Read
    final table first, Bob and Dan were still in after the tables and shared first place."""
    tables = write(tmp_path / "tables.bhh", _numbered_per_table("a1", "a2", "c1"))
    final = write(tmp_path / "final.bhh", _numbered_per_table("f1"))
    for order in ((tables, final), (final, tables)):
        db = tmp_path / f"{order[0].stem}-first" / "club.db"
        db.parent.mkdir()
        imported(db, *order)
        got = figures(db, "Cup")
        assert places(got) == [
            ("Bob", 1, 20.0, 10.0),
            ("Dan", 2, 12.0, 2.0),
            ("Cat", 3, 8.0, -2.0),
            ("Ann", 4, 0.0, -10.0),
        ]
        one_file = tmp_path / f"{order[0].stem}-one" / "club.db"
        imported(one_file, write(one_file.parent / "cup.bhh", _two_tables("a1", "a2", "c1", "f1")))
        assert got["tournament"] == figures(one_file, "Cup")["tournament"]


INSERTED = """\
hand T2a · button Kira · Kira · Noor
Kira folds
Noor collects 20
final: Kira 420 · Noor 180

"""


def test_an_inserted_hand_is_played_where_the_file_puts_it(tmp_path: Path) -> None:
    """A forgotten hand between T2 and T3 (a new row, last by id): Noor, who busts in T3, is
    out, and her bounty is Kira's."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    code, out = invoke("tournament", "--event", NAME, "--bounty", "5", "--db", db)
    assert code == 0, out
    final = (
        TOURNAMENT.replace("hand T3 ·", INSERTED + "hand T3 ·")
        .replace("Noor calls 30 all-in", "Noor calls 40 all-in")
        .replace("Kira collects 340", "Kira collects 360")
    )
    imported(db, write(night, final), replace=True)
    got = figures(db)
    assert places(got)[0] == ("Kira", 1, 31.5, 26.5)
    assert places(got)[1] == ("Noor", 2, 13.5, -6.5)
    assert got == fresh(tmp_path, final, terms=("--bounty", "5"))


def _halves() -> tuple[str, str]:
    """The example night in two files: hand T1, then hands T2 and T3 (their stacks stated)."""
    header, _, hands = TOURNAMENT.partition("table Final\n")
    first, _, rest = hands.partition("# level 2\n")
    rest = rest.replace(
        "hand T2 · button Noor · Kira · Noor · Bram",
        "hand T2 · button Noor · Kira 250 · Noor 170 · Bram 180",
    )
    return header + "table Final\n" + first, header + "table Final\n\n# level 2\n" + rest


def test_a_night_in_two_files_imported_later_part_first(tmp_path: Path) -> None:
    part_a, part_b = _halves()
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "b.bhh", part_b), write(tmp_path / "a.bhh", part_a))
    got = figures(db)
    assert [p[:2] for p in places(got)] == [("Kira", 1), ("Noor", 2), ("Bram", 3)]
    assert got == fresh(tmp_path, part_a, part_b)


def _halves_numbered_on() -> tuple[str, str]:
    """:func:`_halves` with the hands numbered T9, then T10 and T11."""
    part_a, part_b = _halves()
    renumbered = part_b.replace("hand T3 ", "hand T11 ").replace("hand T2 ", "hand T10 ")
    return part_a.replace("hand T1 ", "hand T9 "), renumbered


def test_a_night_in_two_files_numbered_t9_and_t10_is_played_t9_first(tmp_path: Path) -> None:
    """Compared as text, T10 came before T9: the players' last hand was T9, in which nobody
    busted, and Bram was placed second."""
    part_a, part_b = _halves_numbered_on()
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "a.bhh", part_a), write(tmp_path / "b.bhh", part_b))
    got = figures(db)
    assert [p[:2] for p in places(got)] == [("Kira", 1), ("Noor", 2), ("Bram", 3)]
    assert got == fresh(tmp_path, TOURNAMENT)


def test_opening_a_ledger_placed_by_text_numbers_recomputes_its_tournaments(
    tmp_path: Path,
) -> None:
    """A tournament in files numbered T9 and T10 whose places were stored with T10's file
    first gets them in play order on opening (migration 13)."""
    part_a, part_b = _halves_numbered_on()
    path = tmp_path / "club.db"
    imported(path, write(tmp_path / "a.bhh", part_a), write(tmp_path / "b.bhh", part_b))
    expected = figures(path)
    db = open_ledger(path)
    # as the code before stored it: Bram second, Noor third
    db.execute(
        "UPDATE tournament_entries SET place = CASE place WHEN 2 THEN 3 WHEN 3 THEN 2 "
        "ELSE place END, place_to = CASE place_to WHEN 2 THEN 3 WHEN 3 THEN 2 ELSE place_to END"
    )
    db.execute("DELETE FROM schema_version WHERE version >= 13")
    db.close()
    assert figures(path) == expected  # opened (and upgraded) by each command


def test_opening_a_ledger_stored_in_row_order_recomputes_its_tournaments(
    tmp_path: Path,
) -> None:
    """A ledger whose places were stored in row-id order gets them in play order on opening."""
    part_a, part_b = _halves()
    path = tmp_path / "club.db"
    imported(path, write(tmp_path / "b.bhh", part_b), write(tmp_path / "a.bhh", part_a))
    expected = figures(path)
    db = open_ledger(path)
    # as the code before stored it: Bram (still in after T1, a row after T2) second
    db.execute(
        "UPDATE tournament_entries SET place = CASE place WHEN 2 THEN 3 WHEN 3 THEN 2 "
        "ELSE place END, place_to = CASE place_to WHEN 2 THEN 3 WHEN 3 THEN 2 ELSE place_to END"
    )
    db.execute("DELETE FROM schema_version WHERE version >= 10")
    db.close()
    assert figures(path) == expected  # opened (and upgraded) by each command


# --- a voided tournament hand -------------------------------------------------------------


def test_a_rebuy_in_a_voided_hand_is_still_charged(tmp_path: Path) -> None:
    """docs/ledger.md: a rebuy is charged whoever makes it; a voided hand was still played
    (Bram keeps the 200 chips he bought in R2)."""
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "cup.bhh", REBUY_CUP))
    code, out = invoke("void", "--event", "Rebuy Cup", "--hand", "R2", "--reason", "misdeal",
                       "--db", db)  # fmt: skip
    assert code == 0, out
    code, out = invoke("tournament", "--event", "Rebuy Cup", "--json", "--db", db)
    result = parsed(out)
    assert result["prize_pool"] == 40.0
    paid = {e["player"]: (e["paid"], e["rebuys"]) for e in result["entries"]}
    assert paid == {"Bram": (20.0, 1), "Kira": (10.0, 0), "Noor": (10.0, 0)}
    # the night stops with all three still in: no winner yet, the pool waits for the end
    assert not result["finished"] and sum(e["prize"] for e in result["entries"]) == 0


def test_a_bust_in_a_voided_hand_is_no_bust(tmp_path: Path) -> None:
    """The play of a voided hand does not count, as in a cash game: Bram, out in T2, is in at
    the end with the 180 chips he had before it, and Kira is counted without what she won in
    it (600 - 180).  Both are still in when the night stops: no place for them (a place is
    never invented), their chips as the void rule counts them."""
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "night.bhh", TOURNAMENT))
    code, out = invoke("void", "--event", NAME, "--hand", "T2", "--reason", "misdeal", "--db", db)
    assert code == 0, out
    code, out = invoke("tournament", "--event", NAME, "--json", "--db", db)
    entries = parsed(out)["entries"]
    assert [(e["player"], e["place"], e["chips"]) for e in entries] == [
        ("Kira", None, 420),
        ("Bram", None, 180),
        ("Noor", 3, 0),
    ]


# --- a night moved to another event -------------------------------------------------------


def test_a_tournament_whose_date_is_corrected_takes_its_terms_along(tmp_path: Path) -> None:
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    code, out = invoke("tournament", "--event", NAME, "--bounty", "5", "--db", db)
    assert code == 0, out
    final = TOURNAMENT.replace("date 2024-04-12", "date 2024-04-13")
    code, out = invoke("import", write(night, final), "--db", db, "--replace")
    assert code == 0 and "bounty 5.00" in out, out  # the report says the terms moved
    got = figures(db)  # --event "Spring Freezeout" is the one that counts
    assert places(got)[0] == ("Kira", 1, 31.5, 26.5)
    assert got == fresh(tmp_path, final, terms=("--bounty", "5"))
    code, out = invoke("audit", "--db", db)
    assert "bounty 5.00" in out, out
    # and back: the terms follow the hands again
    imported(db, write(night, TOURNAMENT), replace=True)
    assert figures(db) == fresh(tmp_path / "back", TOURNAMENT, terms=("--bounty", "5"))


def test_a_voided_tournament_whose_date_is_corrected_takes_its_terms_along(
    tmp_path: Path,
) -> None:
    """A void follows a re-dated night (:mod:`badugi_ledger.ledger.moved_nights`); so do the
    terms of a voided tournament, not left on the old event nothing is stored in any more."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    code, out = invoke("tournament", "--event", NAME, "--bounty", "5", "--db", db)
    assert code == 0, out
    code, out = invoke("void", "--event", NAME, "--reason", "not a club night", "--db", db)
    assert code == 0, out
    final = TOURNAMENT.replace("date 2024-04-12", "date 2024-04-13")
    code, out = invoke("import", write(night, final), "--db", db, "--replace")
    assert code == 0 and "bounty 5.00" in out, out
    with open_ledger(db) as conn:
        rows = conn.execute(
            "SELECT e.date, e.void_reason, t.bounty FROM events e "
            "LEFT JOIN tournament_terms t ON t.event_id = e.id ORDER BY e.date"
        ).fetchall()
    assert [tuple(r) for r in rows] == [
        ("2024-04-12", "not a club night", None),
        ("2024-04-13", "not a club night", 500),
    ]
    imported(db, write(night, TOURNAMENT), replace=True)  # and back: the terms come back
    with open_ledger(db) as conn:
        rows = conn.execute(
            "SELECT e.date, t.bounty FROM events e "
            "LEFT JOIN tournament_terms t ON t.event_id = e.id ORDER BY e.date"
        ).fetchall()
    assert [tuple(r) for r in rows] == [("2024-04-12", 500), ("2024-04-13", None)]


def test_terms_that_cannot_follow_the_hands_are_named(tmp_path: Path) -> None:
    """The night split into two tournaments: where the bounty belongs is the organiser's
    call; the import says it stayed behind."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    code, out = invoke("tournament", "--event", NAME, "--bounty", "5", "--db", db)
    assert code == 0, out
    header = TOURNAMENT.splitlines()[5]
    split = (
        TOURNAMENT.replace("date 2024-04-12", "date 2024-04-13")
        .replace("hand T3 · button Kira · Kira · Noor",
                 header.replace("2024-04-12", "2024-04-14") + "\ntable Final\n\n"
                 "hand T3 · button Kira · Kira 430 · Noor 170")
    )  # fmt: skip
    code, out = invoke("import", write(night, split), "--db", db, "--replace")
    assert code == 0, out
    assert "its terms stay with it (bounty 5.00): its hands went to" in out, out
    code, out = invoke("tournament", "--event", "1", "--db", db)
    assert "bounty 5.00" in out, out


def _two_cups() -> str:
    """The rebuy tournament twice in one file: a
    Morning Cup and an Evening Cup (twice the buy-in), each at table Final with hands R1-R3."""
    evening = REBUY_CUP.replace("buy-in 1000", "buy-in 2000").split("\n", 1)[1]
    return (
        REBUY_CUP.replace("Rebuy Cup", "Morning Cup")
        + "\n"
        + evening.replace("Rebuy Cup", "Evening Cup")
    )


CUP_TERMS = {
    "Morning Cup": ("--bounty", "2"),
    "Evening Cup": ("--bounty", "5", "--rebuy-price", "10"),
}


def cups_figures(db: Path) -> dict[str, object]:
    """:func:`figures` of both cups of :func:`_two_cups`."""
    got: dict[str, object] = {}
    for event in CUP_TERMS:
        for what, args in {
            "tournament": ("tournament", "--event", event, "--json"),
            "settle": ("settle", "--event", event, "--json"),
        }.items():
            code, out = invoke(*args, "--db", db)
            assert code == 0, (event, what, out)
            got[f"{event} {what}"] = parsed(out)
    for what, args in {
        "standings": ("standings", "--season", "2024", "--format", "json"),
        "season": ("settle", "--season", "2024", "--json"),
    }.items():
        code, out = invoke(*args, "--db", db)
        assert code == 0, (what, out)
        got[what] = parsed(out)
    return got


def cups_with_terms(db: Path, *files: Path, replace: bool = False) -> None:
    imported(db, *files, replace=replace)
    for event, terms in CUP_TERMS.items():
        code, out = invoke("tournament", "--event", event, *terms, "--db", db)
        assert code == 0, out


def test_two_tournaments_of_one_file_take_their_own_terms_along(tmp_path: Path) -> None:
    """Both cups at table Final with hands R1-R3, the file's date corrected: each cup's terms
    follow its own hands, not every hand of that table and number."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    cups_with_terms(db, write(night, _two_cups()))
    final = _two_cups().replace("date 2024-04-20", "date 2024-04-21")
    code, out = invoke("import", write(night, final), "--db", db, "--replace")
    assert code == 0, out
    assert "its hands went to" not in out and "terms stay" not in out, out
    assert "the terms of Morning Cup (2024-04-20) (event 1)" in out, out
    assert "the terms of Evening Cup (2024-04-20) (event 2)" in out, out
    fresh_db = tmp_path / "fresh" / "club.db"
    cups_with_terms(fresh_db, write(tmp_path / "fresh" / "night.bhh", final))
    got = cups_figures(db)
    assert got["Morning Cup tournament"]["terms"]["bounty"] == 2  # type: ignore[index]
    assert got["Evening Cup tournament"]["terms"]["rebuy_price"] == 10  # type: ignore[index]
    assert got == cups_figures(fresh_db)


def test_a_renamed_cash_night_leaves_no_namesake_behind(tmp_path: Path) -> None:
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, CASH_NIGHT))
    final = CASH_NIGHT.replace("cash Test night", "cash Test night 2")
    imported(db, write(night, final), replace=True)
    code, out = invoke("settle", "--event", "Test night", "--db", db)
    assert code == 1 and "nobody owes anything" not in out, out
    assert "no hand of Test night (2024-06-01) counts" in out, out
    code, out = invoke("settle", "--season", "2024", "--json", "--db", db)
    fresh_db = tmp_path / "fresh" / "club.db"
    imported(fresh_db, write(tmp_path / "fresh" / "night.bhh", final))
    assert (code, out) == invoke("settle", "--season", "2024", "--json", "--db", fresh_db)


def test_a_cash_night_whose_date_is_corrected_is_found_by_its_name(tmp_path: Path) -> None:
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, CASH_NIGHT))
    imported(db, write(night, CASH_NIGHT.replace("2024-06-01", "2024-06-02")), replace=True)
    code, out = invoke("settle", "--event", "Test night", "--db", db)
    assert code == 0 and "Test night (2024-06-02)" in out, out


def test_a_cash_event_is_not_offered_as_a_tournament(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "night.bhh", CASH_NIGHT))
    code, out = invoke("tournament", "--event", "Test night", "--db", db)
    assert code == 1, out
    assert "is a cash event, not a tournament" in out and "did you mean" not in out, out
