"""An event's terms as the files that state them say: the ledger is a fresh import of them.

docs/ledger.md, "Identity, conflicts and ``--replace``": the ledger must be what a fresh
import of the final files makes.  A night written in two files (grammar/README.md: one
``table`` per file, one session name and date), a tournament's tables each in a file of its
own: a term (season, place, buy-in, starting chips, payouts) struck from every file of the
event, each imported again with ``--replace``, is a term a fresh import of them does not
have; so is one only a file emptied since stated.  The ledger kept it, not knowing which
files stated it: it now keeps, per event, what each source states (``event_terms``), and
``tournament --payouts`` is a source of its own, whose table stands until it sets another.
A ledger made before keeps every term until each file of its event has been imported again.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.paths import EXAMPLES

runner = CliRunner()

HOME = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""``examples/home_session.bhh``: ``cash Friday game · date 2024-03-01 · place Anna's kitchen
· season 2024``, table Kitchen."""
CASH_LINE = "cash Friday game · date 2024-03-01 · place Anna's kitchen · season 2024"
NIGHT_TERMS = {"place": " · place Anna's kitchen", "season": " · season 2024"}

PORCH_HANDS = "table Porch\n\nhand 1 · button Fay · Fay 100 · Gus 100\nFay folds\n"
"""A second table of the night, in a file of its own."""

CUP_TERMS = {
    "place": " · place Kira's",
    "season": " · season 2024",
    "buy_in": " · buy-in 1000",
    "starting_chips": " · starting-chips 30",
    "payouts": " · payouts 50/30/20",
}
CUP_TABLES = {
    "T1": "table T1\n\nhand 1 · button Ann · Ann 30 · Bob 30\nAnn folds\nfinal: Ann 25 · Bob 35\n",
    "T2": "table T2\n\nhand 2 · button Dan · Dan 30 · Cat 30\nDan folds\nfinal: Dan 25 · Cat 35\n",
}
"""The two tables of a tournament, one file each, their hands apart (no player moves)."""


def invoke(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def night_file(terms: set[str], *, table: str = "kitchen", later: str | None = None) -> str:
    """The night's file of ``table`` stating ``terms`` on its ``cash`` line, and ``later``
    (a term) stated first before hand 3 (grammar/README.md, *Headers*); the porch table's
    file ``PORCH_HANDS`` under the same ``cash`` line, or none of its hands (``emptied``)."""
    line = "cash Friday game · date 2024-03-01" + "".join(
        NIGHT_TERMS[t] for t in NIGHT_TERMS if t in terms
    )
    if table == "kitchen":
        text = HOME.replace(CASH_LINE, line, 1)
        if later is not None:
            item = NIGHT_TERMS[later].removeprefix(" · ")
            text = text.replace("\nhand 3 ·", f"\n{item}\n\nhand 3 ·", 1)
        return text
    hands = "" if table == "emptied" else "\n" + PORCH_HANDS
    return f"game badugi · fixed limit 2/4 · blinds 1/2\n{line}\n" + hands


def cup_file(table: str, terms: set[str]) -> str:
    """The tournament's file of ``table`` stating ``terms`` on its ``tournament`` line."""
    line = "tournament Cup · date 2024-07-01" + "".join(
        CUP_TERMS[t] for t in CUP_TERMS if t in terms
    )
    return f"game badugi · fixed limit 10/20 · blinds 5/10\n{line}\n\n{CUP_TABLES[table]}"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def counted(db: Path) -> dict[str, object]:
    """What a corrected ledger must hold as a fresh import does: each counting event with a
    counting hand (by key), its terms; each tournament entry; the standings of every season."""
    with sqlite3.connect(db) as conn:
        events = conn.execute(
            "SELECT key, kind, name, date, place, season, currency, buy_in, starting_chips, "
            "payouts FROM counted_events e WHERE EXISTS (SELECT 1 FROM counted_hands h "
            "WHERE h.event_id = e.id) ORDER BY key"
        ).fetchall()
        entries = conn.execute(
            "SELECT e.key, a.name, t.place, t.buy_in, t.prize FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id JOIN counted_events e ON e.id = t.event_id "
            "ORDER BY 1, 2"
        ).fetchall()
    code, out = invoke("standings", "--db", db, "--format", "json")
    return {"events": events, "entries": entries, "standings": (code, out)}


def fresh(folder: Path, *files: Path) -> dict[str, object]:
    """A fresh import of ``files`` (those that hold hands)."""
    db = folder / f"fresh{len(list(folder.glob('fresh*.db')))}.db"
    code, out = invoke("import", *files, "--db", db)
    assert code == 0, out
    return counted(db)


def season(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT season, place FROM events ORDER BY key").fetchall()


def test_a_term_struck_from_both_files_of_a_night_is_left_out(tmp_path: Path) -> None:
    """The night in two files, both stating its season and place; both struck, each file
    imported again with ``--replace``: the first keeps them (the other file states them), the
    second leaves them out of the event, said as the one file's case says it."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", night_file(set(NIGHT_TERMS)))
    porch = write(tmp_path / "porch.bhh", night_file(set(NIGHT_TERMS), table="porch"))
    assert invoke("import", kitchen, porch, "--db", ledger)[0] == 0
    write(kitchen, night_file(set()))
    write(porch, night_file(set(), table="porch"))
    code, out = invoke("import", kitchen, "--db", ledger, "--replace")
    assert code == 0 and "replaced" not in out, out
    assert season(ledger) == [("2024", "Anna's kitchen")]
    code, out = invoke("import", porch, "--db", ledger)  # without --replace: a conflict
    said = (
        "the event's season is 2024 in the ledger, none in the file; the event's place is "
        "Anna's kitchen in the ledger, none in the file"
    )
    assert code == 1 and f"conflict, the event keeps the ledger's: {said}" in out, out
    assert season(ledger) == [("2024", "Anna's kitchen")]
    code, out = invoke("import", porch, "--db", ledger, "--replace")
    assert code == 0 and "1 event replaced" in out and f"replaced: {said}" in out, out
    assert counted(ledger) == fresh(tmp_path, kitchen, porch)
    assert season(ledger) == [(None, None)]
    code, out = invoke("import", kitchen, porch, "--db", ledger)  # they agree now
    assert code == 0 and "replaced" not in out and "conflict" not in out, out


@pytest.mark.parametrize("term", list(CUP_TERMS))
def test_a_term_struck_from_every_table_of_a_tournament_is_left_out(
    tmp_path: Path, term: str
) -> None:
    """A tournament's two tables, each file stating every term; one term struck from both
    (the payouts too: no ``tournament --payouts`` set them), each imported again with
    ``--replace``: the tournament is what a fresh import of the two files makes, its
    entries recomputed (no buy-in: nobody paid; no payouts: no prizes)."""
    ledger = tmp_path / "club.db"
    every = set(CUP_TERMS)
    t1 = write(tmp_path / "t1.bhh", cup_file("T1", every))
    t2 = write(tmp_path / "t2.bhh", cup_file("T2", every))
    assert invoke("import", t1, t2, "--db", ledger)[0] == 0
    before = counted(ledger)
    write(t1, cup_file("T1", every - {term}))
    write(t2, cup_file("T2", every - {term}))
    code, out = invoke("import", t1, "--db", ledger, "--replace")
    assert code == 0 and "replaced" not in out, out
    assert counted(ledger) == before
    code, out = invoke("import", t2, "--db", ledger, "--replace")
    words = term.replace("_", "-")
    assert code == 0 and f"replaced: the event's {words} is " in out, out
    assert counted(ledger) == fresh(tmp_path, t1, t2) != before


def test_a_term_only_a_file_emptied_since_stated_is_left_out(tmp_path: Path) -> None:
    """The porch table's file states the night's season and place, the kitchen's none; the
    porch's hands deleted and the file imported again: without ``--replace`` it is held back
    (its hand left out), the terms kept; with it, its hand is voided, and the terms it alone
    stated leave the event at once (said at the hand it held), as a fresh import of the
    kitchen's file has it."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", night_file(set()))
    porch = write(tmp_path / "porch.bhh", night_file(set(NIGHT_TERMS), table="porch"))
    assert invoke("import", kitchen, porch, "--db", ledger)[0] == 0
    assert season(ledger) == [("2024", "Anna's kitchen")]
    write(porch, night_file(set(NIGHT_TERMS), table="emptied"))
    code, out = invoke("import", porch, "--db", ledger)  # held back: its hand is left out
    said = "the event's season is 2024 in the ledger, none in the file"
    assert code == 1 and f"conflict, the event keeps the ledger's: {said}" in out, out
    assert season(ledger) == [("2024", "Anna's kitchen")]
    code, out = invoke("import", porch, "--db", ledger, "--replace")
    assert code == 0, out
    assert "formerly line 6 hand 1 at table Porch of Friday game (2024-03-01): replaced: " in out
    assert said in out
    assert counted(ledger) == fresh(tmp_path, kitchen)
    assert season(ledger) == [(None, None)]


def test_payouts_struck_from_the_file_leave_the_event(tmp_path: Path) -> None:
    """``examples/tournament.bhh`` with its ``payouts 70/30`` struck, imported again with
    ``--replace``: a fresh import of the file pays no prizes, and the ledger now does as it
    does (the ledger kept 70/30, not telling a file's table from the command's)."""
    ledger = tmp_path / "club.db"
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    cup = write(tmp_path / "cup.bhh", text)
    assert invoke("import", cup, "--db", ledger)[0] == 0
    write(cup, text.replace(" · payouts 70/30", "", 1))
    code, out = invoke("import", cup, "--db", ledger, "--replace")
    said = "the event's payouts is 70/30 in the ledger, none in the file"
    assert code == 0 and f"replaced: {said}" in out, out
    assert counted(ledger) == fresh(tmp_path, cup)


def test_payouts_the_command_set_stand_until_it_sets_others(tmp_path: Path) -> None:
    """docs/ledger.md, *Tournaments*: ``tournament --payouts`` sets the prize table "as a
    file's ``payouts`` header would", for a file that states none.  The command's table stands
    whatever the files then leave out; the file's own table struck beside it changes nothing;
    ``--payouts clear`` takes the command's back, and the file's is the event's again."""
    ledger = tmp_path / "club.db"
    t1 = write(tmp_path / "t1.bhh", cup_file("T1", set(CUP_TERMS) - {"payouts"}))
    assert invoke("import", t1, "--db", ledger)[0] == 0
    code, out = invoke("tournament", "--event", "Cup", "--db", ledger, "--payouts", "60/40")
    assert code == 0, out
    for again in ([], ["--replace"]):
        code, out = invoke("import", t1, "--db", ledger, *again)
        assert code == 0 and "replaced" not in out and "conflict" not in out, out
    with sqlite3.connect(ledger) as conn:
        assert conn.execute("SELECT payouts FROM events").fetchall() == [("[60, 40]",)]
    code, out = invoke("tournament", "--event", "Cup", "--db", ledger, "--payouts", "clear")
    assert code == 0 and "no file states a table: no prizes" in out, out
    write(t1, cup_file("T1", set(CUP_TERMS)))  # the file states its own table now
    code, out = invoke("import", t1, "--db", ledger)
    assert code == 0, out
    assert counted(ledger) == fresh(tmp_path, t1)


def test_renamed_and_respelled_files_state_their_terms_once(tmp_path: Path) -> None:
    """The porch table's file renamed (``import NEW --renamed-from OLD``) and then imported by
    another path to it: its terms are the one file's, under whichever name, and struck from
    it and the kitchen's file they leave the event as one file's terms do."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", night_file(set(NIGHT_TERMS)))
    porch = write(tmp_path / "porch.bhh", night_file(set(NIGHT_TERMS), table="porch"))
    assert invoke("import", kitchen, porch, "--db", ledger)[0] == 0
    renamed = tmp_path / "porch-friday.bhh"
    porch.rename(renamed)
    code, out = invoke("import", renamed, "--db", ledger, "--renamed-from", porch)
    assert code == 0, out
    write(kitchen, night_file(set()))
    assert invoke("import", kitchen, "--db", ledger, "--replace")[0] == 0
    assert season(ledger) == [("2024", "Anna's kitchen")]
    write(renamed, night_file(set(), table="porch"))
    link = tmp_path / "sub"
    link.mkdir()
    (link / "porch.bhh").symlink_to(renamed)
    code, out = invoke("import", link / "porch.bhh", "--db", ledger, "--replace")
    assert code == 0 and "the event's season is 2024 in the ledger, none in the file" in out
    assert counted(ledger) == fresh(tmp_path, kitchen, renamed)
    with sqlite3.connect(ledger) as conn:
        assert conn.execute("SELECT count(*) FROM event_terms").fetchone() == (0,)


def test_a_ledger_made_before_keeps_its_terms_until_every_file_is_imported_again(
    tmp_path: Path,
) -> None:
    """Migration 24 on a ledger that held the night in two files, only the kitchen's stating
    its season and place: each is taken as stated by both files (and payouts by the command
    too), so nothing changes on opening, nor when the kitchen's file strikes them; once the
    porch's file is imported again too (stating none), they leave the event."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", night_file(set(NIGHT_TERMS)))
    porch = write(tmp_path / "porch.bhh", night_file(set(), table="porch"))
    cup = write(tmp_path / "cup.bhh", cup_file("T1", set(CUP_TERMS)))
    assert invoke("import", kitchen, porch, cup, "--db", ledger)[0] == 0
    with sqlite3.connect(ledger) as conn:
        conn.execute("DROP TABLE event_terms")  # the ledger as the version before made it
        conn.execute("DELETE FROM schema_version WHERE version >= 24")  # (and every later one)
    before = counted(ledger)
    open_ledger(ledger).close()
    assert counted(ledger) == before
    with sqlite3.connect(ledger) as conn:
        rows = conn.execute("SELECT source, term, value FROM event_terms ORDER BY 1, 2").fetchall()
    assert rows == [
        ("", "payouts", "[50, 30, 20]"),
        *[(str(cup), t, v) for t, v in [
            ("buy_in", 1000), ("payouts", "[50, 30, 20]"), ("place", "Kira's"),
            ("season", "2024"), ("starting_chips", 30),
        ]],
        (str(kitchen), "place", "Anna's kitchen"), (str(kitchen), "season", "2024"),
        (str(porch), "place", "Anna's kitchen"), (str(porch), "season", "2024"),
    ]  # fmt: skip
    write(kitchen, night_file(set()))
    code, out = invoke("import", kitchen, "--db", ledger, "--replace")
    assert code == 0 and "replaced" not in out, out
    assert counted(ledger) == before
    code, out = invoke("import", porch, "--db", ledger, "--replace")
    assert code == 0 and "the event's season is 2024 in the ledger, none in the file" in out
    write(cup, cup_file("T1", set(CUP_TERMS) - {"payouts"}))
    code, out = invoke("import", cup, "--db", ledger, "--replace")
    assert code == 0 and "replaced" not in out, out  # the payouts: the command's, as before
    assert season(ledger) == [(None, None), ("2024", "Kira's")]


def _edits(rng: random.Random) -> list[tuple[str, frozenset[str], str | None]]:
    """A few edits of the night's two files and the tournament's two tables: which file, the
    terms it states (each of one value, so the files never disagree), and for the kitchen's
    file a term stated first before hand 3, or the porch's file emptied of its hands."""
    steps = []
    for _ in range(5):
        name = rng.choice(["kitchen", "porch", "t1", "t2"])
        pool = list(NIGHT_TERMS if name in ("kitchen", "porch") else CUP_TERMS)
        terms = frozenset(t for t in pool if rng.random() < 0.5)
        extra = None
        if name == "kitchen" and rng.random() < 0.3:
            extra = rng.choice([t for t in pool if t not in terms] or [None])
        if name == "porch" and rng.random() < 0.25:
            extra = "emptied"
        steps.append((name, terms, extra))
    return steps


@pytest.mark.parametrize("seed", range(6))
def test_any_edits_imported_with_replace_leave_a_fresh_import(tmp_path: Path, seed: int) -> None:
    """The oracle of docs/ledger.md: after any sequence of edits, each file imported again
    (first without ``--replace`` now and then, which may say conflicts), then with it, the
    ledger's events, tournament entries and standings are those of a fresh import of the
    final files."""
    rng = random.Random(seed)
    ledger = tmp_path / "club.db"
    paths = {name: tmp_path / f"{name}.bhh" for name in ("kitchen", "porch", "t1", "t2")}
    write(paths["kitchen"], night_file(set(NIGHT_TERMS)))
    write(paths["porch"], night_file(set(NIGHT_TERMS), table="porch"))
    write(paths["t1"], cup_file("T1", set(CUP_TERMS)))
    write(paths["t2"], cup_file("T2", set(CUP_TERMS)))
    assert invoke("import", *paths.values(), "--db", ledger)[0] == 0
    holding = set(paths)
    for name, terms, extra in _edits(rng):
        if name == "kitchen":
            text = night_file(set(terms), later=extra)
        elif name == "porch":
            text = night_file(set(terms), table="emptied" if extra else "porch")
        else:
            text = cup_file(name.upper(), set(terms))
        write(paths[name], text)
        (holding.discard if extra == "emptied" else holding.add)(name)
        if rng.random() < 0.3:
            code, out = invoke("import", paths[name], "--db", ledger)
            assert code in (0, 1), out
        code, out = invoke("import", paths[name], "--db", ledger, "--replace")
        assert code == 0, out
        expected = fresh(tmp_path, *(paths[n] for n in sorted(holding)))
        assert counted(ledger) == expected, (name, terms, extra)


def test_a_term_struck_after_it_was_taken_over_the_other_files_is_theirs(tmp_path: Path) -> None:
    """Both files of the night state season 2024; the kitchen's corrected to 2025 and taken
    with ``--replace`` (the porch's still says 2024: a conflict a fresh import would say
    too), then struck from it: the porch's file is the only one stating the season, and a
    fresh import of the two has its 2024, which ``--replace`` takes, saying where it is."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", night_file({"season"}))
    porch = write(tmp_path / "porch.bhh", night_file({"season"}, table="porch"))
    assert invoke("import", kitchen, porch, "--db", ledger)[0] == 0
    write(kitchen, night_file({"season"}).replace("season 2024", "season 2025", 1))
    code, out = invoke("import", kitchen, "--db", ledger, "--replace")
    assert code == 0 and "the event's season is 2024 in the ledger, 2025 in the file" in out
    write(kitchen, night_file(set()))
    code, out = invoke("import", kitchen, "--db", ledger)
    said = f"the event's season is 2025 in the ledger, none in the file, 2024 in {porch}"
    assert code == 1 and f"conflict, the event keeps the ledger's: {said}" in out, out
    code, out = invoke("import", kitchen, "--db", ledger, "--replace")
    assert code == 0 and f"replaced: {said}" in out, out
    assert counted(ledger) == fresh(tmp_path, kitchen, porch)
    assert season(ledger) == [("2024", None)]
