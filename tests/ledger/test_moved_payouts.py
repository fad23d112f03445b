"""A tournament's payouts set by ``tournament --payouts`` follow it to its corrected date or name.

docs/ledger.md, *Tournaments*: ``--payouts 50/30/20`` sets the prize table "as a file's
``payouts`` header would", for a tournament whose files state none, and it stands until the
command sets another; the terms an organiser records "go with" a tournament whose date or name
is corrected and imported again with ``--replace``.  The prize table is one of those terms: a
corrected date must not cost the players their prizes.  Where the corrected file states a
table of its own, ``--replace`` takes the file's, as it does on a tournament whose date did not
change.  The night is ``examples/tournament.bhh`` (70/30, Kira first, Noor second).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.event_terms import create_event_terms
from badugi_ledger.ledger.schema import MIGRATIONS
from badugi_ledger.ledger.store import open_ledger
from tests.ledger.test_tournament_corrections import (
    NAME,
    TOURNAMENT,
    figures,
    fresh,
    imported,
    invoke,
    places,
    write,
)

UNPAID = TOURNAMENT.replace(" · payouts 70/30", "", 1)
"""The night's file stating no prize table (as a site's tournament never does)."""

CORRECTIONS = {
    "date": ("date 2024-04-12", "date 2024-04-13"),
    "name": ("tournament Spring Freezeout", "tournament Spring Freezeout Cup"),
}


def corrected(text: str, what: str) -> str:
    old, new = CORRECTIONS[what]
    return text.replace(old, new, 1)


def command(db: Path, *terms: str, event: str = NAME) -> str:
    code, out = invoke("tournament", "--event", event, *terms, "--db", db)
    assert code == 0, out
    return out


def figures_of(db: Path, what: str) -> dict[str, object]:
    """:func:`figures` of the tournament as it counts after the correction ``what``."""
    return figures(db, NAME if what == "date" else NAME + " Cup")


@pytest.mark.parametrize("what", sorted(CORRECTIONS))
def test_the_commands_payouts_follow_a_corrected_tournament(tmp_path: Path, what: str) -> None:
    """The file states no table; ``--payouts 60/40`` pays Kira 36.00 and Noor 24.00 of the
    60.00 pool.  Its date (or name) corrected and imported with ``--replace``, the ledger is
    the one a fresh import of the corrected file and the same command makes, the report and
    the audit say the table moved, and back again."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, UNPAID))
    command(db, "--payouts", "60/40")
    final = corrected(UNPAID, what)
    code, out = invoke("import", write(night, final), "--db", db, "--replace")
    got = figures_of(db, what)
    assert places(got)[:2] == [("Kira", 1, 36.0, 16.0), ("Noor", 2, 24.0, 4.0)]
    assert code == 0 and "payouts 60/40" in out, out
    db_fresh = tmp_path / "fresh" / "club.db"
    imported(db_fresh, write(tmp_path / "fresh" / "night.bhh", final))
    command(db_fresh, "--payouts", "60/40", event=NAME if what == "date" else NAME + " Cup")
    assert got == figures_of(db_fresh, what)
    code, out = invoke("audit", "--db", db)
    assert code == 0 and "payouts 60/40" in out, out
    imported(db, write(night, UNPAID), replace=True)  # and back: the table comes back
    assert figures(db) == fresh(tmp_path / "back", UNPAID, terms=("--payouts", "60/40"))


def test_the_commands_payouts_follow_with_the_other_terms(tmp_path: Path) -> None:
    """A bounty and a prize table, both set by the command, move together and are named in one
    line: the ledger is a fresh import of the corrected file with both terms."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, UNPAID))
    command(db, "--payouts", "60/40", "--bounty", "5")
    final = corrected(UNPAID, "date")
    code, out = invoke("import", write(night, final), "--db", db, "--replace")
    assert code == 0 and "bounty 5.00, payouts 60/40" in out, out
    terms = ("--payouts", "60/40", "--bounty", "5")
    assert figures(db) == fresh(tmp_path, final, terms=terms)


def history(db: Path, night: Path, first: str, final: str, *terms: str) -> dict[str, object]:
    """The night imported as ``first``, the command's ``terms`` set, then imported again as
    ``final`` with ``--replace``: the figures that count.  (``final`` for ``first`` too: the
    same history without the correction.)"""
    imported(db, write(night, first))
    command(db, *terms)
    imported(db, write(night, final), replace=True)
    return figures(db)


@pytest.mark.parametrize("table", ["70/30", "50/50"])
def test_a_corrected_file_stating_a_table_is_paid_as_replace_does(
    tmp_path: Path, table: str
) -> None:
    """The file states 70/30, the command set 60/40: a file imported again stating the table
    it stated when the command spoke does not contest the command's; one stating another
    table "is a conflict (``--replace`` takes the file's)" (docs/ledger.md).  Its date
    corrected as well (its table kept, or edited to 50/50), the ledger is the one the same
    history makes without the correction, the command's table kept beside the file's
    (struck from the file, it is the event's again), and the report says which the event
    takes."""
    dated = corrected(TOURNAMENT, "date")
    final = dated.replace("payouts 70/30", f"payouts {table}", 1)
    db = tmp_path / "club.db"
    imported(db, write(tmp_path / "night.bhh", TOURNAMENT))
    command(db, "--payouts", "60/40")
    code, out = invoke("import", write(tmp_path / "night.bhh", final), "--db", db, "--replace")
    assert code == 0 and "payouts 60/40" in out, out
    assert (f"{table} in the file" in out) == (table != "70/30"), out
    same = history(tmp_path / "same.db", tmp_path / "same.bhh", dated, final, "--payouts", "60/40")
    assert figures(db) == same
    paid = places(same)[:2]
    assert paid == ([("Kira", 1, 36.0, 16.0), ("Noor", 2, 24.0, 4.0)] if table == "70/30" else
                    [("Kira", 1, 30.0, 10.0), ("Noor", 2, 30.0, 10.0)])  # fmt: skip
    struck = final.replace(f" · payouts {table}", "", 1)
    imported(db, write(tmp_path / "night.bhh", struck), replace=True)
    assert figures(db) == fresh(tmp_path, struck, terms=("--payouts", "60/40"))


_EVENT_TERMS = next(v for v, _, make in MIGRATIONS if make is create_event_terms)
"""The migration that made ``event_terms`` (every later one runs again after it)."""


def test_a_migrated_ledgers_payouts_do_not_override_a_corrected_table(tmp_path: Path) -> None:
    """A ledger made before ``event_terms`` takes a tournament's payouts as set by the command
    too (migration 24).  Its file's date and table corrected together (70/30 to 60/40), the
    tournament pays the file's new table, not the one the migration took as the command's."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, TOURNAMENT))
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE event_terms")  # the ledger as the version before made it
        conn.execute("DELETE FROM schema_version WHERE version >= ?", [_EVENT_TERMS])
    open_ledger(db).close()
    final = corrected(TOURNAMENT, "date").replace("payouts 70/30", "payouts 60/40", 1)
    imported(db, write(night, final), replace=True)
    got = figures(db)
    assert places(got)[:2] == [("Kira", 1, 36.0, 16.0), ("Noor", 2, 24.0, 4.0)]
    assert got == fresh(tmp_path, final)


SIDE = (
    UNPAID.split("table Final", 1)[0].replace("2024-04-12", "2024-04-13")
    + "table Side\n\nhand S1 · button Ann · Ann 200 · Bob 200\nAnn folds\n"
    + "final: Ann 195 · Bob 205\n"
)
"""Another table of the tournament on the corrected date, in a file of its own."""


def test_a_table_set_on_the_tournament_the_hands_went_to_is_its_own(tmp_path: Path) -> None:
    """The side table's file made the 2024-04-13 tournament first, and the command set it
    50/50; the final table's file, whose tournament the command set 60/40, corrected to that
    date: which table the joined tournament pays is the organiser's call, so each stays where
    the command set it and the report names the one left behind."""
    db, night = tmp_path / "club.db", tmp_path / "night.bhh"
    imported(db, write(night, UNPAID), write(tmp_path / "side.bhh", SIDE))
    command(db, "--payouts", "60/40", event="1")
    command(db, "--payouts", "50/50", event="2")
    code, out = invoke("import", write(night, corrected(UNPAID, "date")), "--db", db, "--replace")
    assert code == 0, out
    said = "its terms stay with it (payouts 60/40): its hands are Spring Freezeout (2024-04-13)'s"
    assert said in out and "which has terms of its own (payouts 50/50)" in out, out
    assert "5 entrants, prize pool 100.00, payouts 50/50 %" in command(db, event="2")
