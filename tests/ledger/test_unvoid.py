"""``badugi-ledger unvoid``: an organiser's void taken back (docs/ledger.md, *Void*).

The oracle: a ledger in which a hand (or a whole event) was voided and the void then taken
back reads, in every figure a club reads - ``events``, settle-up of each event, the cash and
tournament standings, the postings export, a tournament's places and prizes - as it did
before the void, the ledger never voided.  Every void here changes those figures (checked), so
an un-void that left anything behind would show.  Then the refusals (what is not an
organiser's void, what is not void, a carried pot that would be taken twice), the re-import
of the night's file (the hand stays counting), and a second organiser's un-void of the same.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.ledger.schema import MIGRATIONS, _m028_followed_from
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.unvoids import unvoid
from badugi_ledger.ledger.void_reasons import SET_ASIDE_REASON
from badugi_ledger.model.errors import LedgerError
from tests.helpers.ledger_race import second_waits_for_first
from tests.helpers.paths import EXAMPLES
from tests.ledger.test_carried_pot_corrections import later_night, night_one
from tests.ledger.test_corrections_voids import (
    EVENT,
    HANDS,
    HEAD,
    figures,
    invoke,
    night,
    numbered,
    write,
)

PROGRESSIVE = "Progressive night"  # examples/progressive_night.bhh: P1 carries 12, P2 takes it
TOURNAMENT = "Spring Freezeout"  # examples/tournament.bhh: T3 ends it, Kira first
_FOLLOWED_FROM = next(v for v, _, make in MIGRATIONS if make is _m028_followed_from)
"""The migration that adds ``audit.followed_from`` (every later one runs again after it)."""


def club(tmp_path: Path) -> Path:
    """A ledger holding every example night (a tournament, a Progressive night among them)."""
    db = tmp_path / "club.db"
    code, out = invoke("import", EXAMPLES, "--db", db)
    assert code == 0, out
    return db


def read(db: Path) -> dict[str, Any]:
    """What a club reads of the ledger: ``events``, settle-up of each event with hands that
    count, the cash and tournament standings, the postings export and the tournament's
    places and prizes."""
    code, out = invoke("events", "--db", db, "--json")
    assert code == 0, out
    events = json.loads(out)["events"]
    settled = {}
    for event in events:
        if event["hands"] and not event["void"]:
            code, out = invoke("settle", "--event", event["key"], "--db", db, "--json")
            assert code == 0, out
            settled[event["key"]] = json.loads(out)
    standings = {}
    for kind in ("cash", "tournament"):
        code, out = invoke("standings", "--db", db, "--kind", kind, "--format", "json")
        assert code == 0, out
        standings[kind] = json.loads(out) if out.strip().startswith("[") else out
    code, out = invoke("export", "--table", "postings", "--format", "csv", "--db", db)
    assert code == 0, out
    postings = sorted(tuple(row.items()) for row in csv.DictReader(io.StringIO(out)))
    code, out = invoke("tournament", "--event", TOURNAMENT, "--db", db, "--json")
    assert code == 0, out
    return {
        "events": events,
        "settle": settled,
        "standings": standings,
        "postings": postings,
        "tournament": json.loads(out),
    }


def void(db: Path, event: str, hand: str | None = None, reason: str = "misdeal") -> str:
    code, out = invoke("void", "--event", event, *_hand(hand), "--reason", reason, "--db", db)
    assert code == 0, out
    return out


def take_back(db: Path, event: str, hand: str | None = None, reason: str = "found") -> str:
    code, out = invoke("unvoid", "--event", event, *_hand(hand), "--reason", reason, "--db", db)
    assert code == 0, out
    return out


def refused(db: Path, event: str, hand: str | None = None, *more: str) -> str:
    """The un-void's refusal, on one line (exit status 1, as the void's)."""
    code, out = invoke(
        "unvoid", "--event", event, *_hand(hand), "--reason", "found", *more, "--db", db
    )
    assert code == 1, out
    return " ".join(out.split())


def _hand(hand: str | None) -> list[str]:
    return [] if hand is None else ["--hand", hand]


# --- void, then un-void: as if never voided ----------------------------------------------------


@pytest.mark.parametrize(
    "voids",
    [
        [(TOURNAMENT, "T3")],
        [(TOURNAMENT, "T1")],
        [(TOURNAMENT, None)],
        [(PROGRESSIVE, "P2")],
        [(PROGRESSIVE, "P2"), (PROGRESSIVE, "P1")],
        [(PROGRESSIVE, None)],
        [("Friday game", "2"), ("Friday game", None)],
    ],
    ids=[
        "tournament-last-hand",
        "tournament-first-hand",
        "tournament",
        "progressive-hand-that-takes-the-pot",
        "progressive-taker-then-carrier",
        "progressive-night",
        "cash-hand-then-its-night",
    ],
)
def test_void_then_unvoid_reads_as_never_voided(
    tmp_path: Path, voids: list[tuple[str, str | None]]
) -> None:
    """Each void taken back, the last first (a Progressive hand that carried a pot is voided
    after the hand that took it, and counts again before it): every figure is the one before
    the voids, a tournament's places and prizes recomputed."""
    db = club(tmp_path)
    never = read(db)
    for event, hand in voids:
        void(db, event, hand)
    assert read(db) != never  # (the voids changed what the club reads)
    for event, hand in reversed(voids):
        out = take_back(db, event, hand)
        assert out.splitlines()[-1] == f"ledger: {db}", out
        assert "it counts again" in out, out
    assert read(db) == never


def test_the_audit_keeps_the_unvoid_and_its_reason(tmp_path: Path) -> None:
    """The audit's row of the un-void: its action, reason and the void it took back, in text
    and in ``--json``."""
    db = club(tmp_path)
    void(db, TOURNAMENT, "T3", "wrong deck")
    out = take_back(db, TOURNAMENT, "T3", "the deck was right")
    assert "un-voided hand T3" in out and "it was void: wrong deck" in out, out
    code, out = invoke("audit", "--db", db, "--json")
    assert code == 0, out
    last = json.loads(out)["entries"][-1]
    assert (last["action"], last["hand"], last["reason"]) == ("unvoid", "T3", "the deck was right")
    assert last["detail"] == "the void taken back: wrong deck"
    code, out = invoke("audit", "--db", db)
    assert "unvoid  Spring Freezeout (2024-04-12)" in out, out
    assert "hand T3: the deck was right; the void taken back: wrong deck" in out, out


def test_a_hand_unvoided_can_be_voided_again(tmp_path: Path) -> None:
    db = club(tmp_path)
    void(db, TOURNAMENT, "T3")
    voided = read(db)
    take_back(db, TOURNAMENT, "T3")
    void(db, TOURNAMENT, "T3")
    assert read(db) == voided


# --- what is refused ---------------------------------------------------------------------------


def test_what_is_not_void_is_refused(tmp_path: Path) -> None:
    """As ``void`` refuses what is void already (exit status 1, nothing changed)."""
    db = club(tmp_path)
    never = read(db)
    assert "hand T3 of Spring Freezeout (2024-04-12) is not void: nothing to un-void" in refused(
        db, TOURNAMENT, "T3"
    )
    assert "the event Spring Freezeout (2024-04-12) is not void: nothing to un-void" in refused(
        db, TOURNAMENT
    )
    said = refused(db, TOURNAMENT, "T9")
    assert "no hand 'T9' in Spring Freezeout (2024-04-12) (no hand of it is void" in said
    void(db, TOURNAMENT, "T3")
    assert "(its hands an organiser voided: T3)" in refused(db, TOURNAMENT, "T9")
    take_back(db, TOURNAMENT, "T3")
    assert "is not void: nothing to un-void" in refused(db, TOURNAMENT, "T3")
    assert read(db) == never


def test_a_hand_of_a_voided_event_is_refused_with_the_event_to_unvoid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = club(tmp_path)
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    void(db, TOURNAMENT, None, "wrong night")
    said = refused(db, TOURNAMENT, "T2")
    assert (
        "hand T2 of Spring Freezeout (2024-04-12) is not void itself: the whole event is void "
        "(wrong night): un-void the event (badugi-ledger unvoid --event 'Spring Freezeout' "
        "--reason 'found')"
    ) in said, said


def test_a_hand_voided_then_its_event_counts_once_both_are_unvoided(tmp_path: Path) -> None:
    """A hand voided, then its whole event: the hand's void is taken back while the event is
    void (as a hand of a void event is voided), and says it counts once the event does."""
    db = club(tmp_path)
    never = read(db)
    void(db, TOURNAMENT, "T3")
    void(db, TOURNAMENT)
    out = take_back(db, TOURNAMENT, "T3")
    assert "it counts again once its event is un-voided" in out, out
    take_back(db, TOURNAMENT)
    assert read(db) == never


def test_a_table_without_a_hand_or_no_reason_is_refused(tmp_path: Path) -> None:
    db = club(tmp_path)
    code, out = invoke(
        "unvoid", "--event", PROGRESSIVE, "--table", "Back room", "--reason", "x", "--db", db
    )
    assert code == 2 and "give --hand too" in out, out
    code, out = invoke(
        "unvoid", "--event", PROGRESSIVE, "--hand", "P2", "--reason", " ", "--db", db
    )
    assert code == 1 and "give the reason for the un-void" in out, out


def test_a_hand_the_ledger_voided_itself_is_refused(tmp_path: Path) -> None:
    """Hand 6 deleted from the night's file and the file imported with ``--replace``: the
    ledger voided it (its file no longer holds it), no organiser; un-voided it would count
    beside the file's night.  The way: import the file that holds it."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    write(path, night(HANDS[:5]))
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    said = refused(db, EVENT, "6")
    assert "hand 6 of Test night (2024-06-01) was voided by the ledger, not by an organiser" in said
    assert "any more (import --replace)): an un-void takes back an organiser's void only" in said
    assert "import the file that holds it, and it counts again" in said


def test_a_copy_the_ledger_set_aside_is_refused(tmp_path: Path) -> None:
    """A hand set aside as a second copy when hand identity came (migration 3's reason, as a
    ledger of that time holds it)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE hands SET void_reason = ? WHERE hand_number = '6'", [SET_ASIDE_REASON])
    said = refused(db, EVENT, "6")
    assert "was voided by the ledger, not by an organiser (stored twice" in said, said


def test_a_voided_hand_its_file_left_out_is_refused_until_the_file_holds_it(
    tmp_path: Path,
) -> None:
    """Hand 6 voided by the organiser, then deleted from the file (``--replace``): out of the
    night's play, it counts for nothing either way; the file holding it again brings it back
    void, and then it is un-voided."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    never = figures(db)
    void(db, EVENT, "6")
    write(path, night(HANDS[:5]))
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    said = refused(db, EVENT, "6")
    assert "is no part of the night's play: voided by an organiser, then left out" in said
    assert "import the file that holds it (it comes back void as it was), then un-void it" in said
    write(path, night())
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    take_back(db, EVENT, "6")
    assert figures(db) == never


def test_a_pot_whose_carrying_hand_is_void_is_refused(tmp_path: Path) -> None:
    """P2 voided, then P1 that carried its pot: P2 taken back first would take a pot nobody
    carried; the refusal names P1, to un-void first."""
    db = club(tmp_path)
    void(db, PROGRESSIVE, "P2")
    void(db, PROGRESSIVE, "P1")
    said = refused(db, PROGRESSIVE, "P2")
    assert (
        "with hand P2 at table Back room of Progressive night (2024-05-03) counting again, at "
        "table 'Back room' hand P2 of Progressive night (2024-05-03)"
    ) in said, said
    assert "hand P1 before it, which carried a pot, is void: un-void hand P1 first" in said


def test_a_pot_taken_by_another_night_meanwhile_is_refused(tmp_path: Path) -> None:
    """P2 voided: the pot P1 carried waits in ``*carry*``, and the next night's first hand at
    the table takes it (``carry in 12``, a file imported meanwhile).  P2 counting again would
    take it a second time (``*carry*`` paying chips nobody put in): refused, naming that hand;
    voided, P2 is taken back, and the pot is P2's as before."""
    db = club(tmp_path)
    never = read(db)
    void(db, PROGRESSIVE, "P2")
    later = write(tmp_path / "n2.bhh", later_night("Next night", "2024-05-10", "Q"))
    code, out = invoke("import", later, "--db", db)
    assert code == 0, out
    said = refused(db, PROGRESSIVE, "P2")
    assert "at table 'Back room' hand Q2 of Next night (2024-05-10) (" in said, said
    assert (
        "takes 12 chips of carried Progressive Badugi pots, but the hands before it carried "
        "12 chips and took 12 chips"
    ) in said, said
    assert "hand Q2 of Next night (2024-05-10) took the pot while it was void: void hand Q2" in said
    void(db, "Next night")
    take_back(db, PROGRESSIVE, "P2")
    now = read(db)
    for figure in ("settle", "standings", "postings", "tournament"):  # (its events: one more)
        assert now[figure] == never[figure], figure


def test_a_pot_whose_carrying_hand_of_an_earlier_night_is_void_names_that_hand(
    tmp_path: Path,
) -> None:
    """The next night's Q2 takes the pot P1 carried (``carry in 12``); Q2 voided, then P1:
    Q2 taken back first would take a pot nobody carried.  No hand took it meanwhile: the
    refusal names P1 of the night before, to un-void first, and never tells the organiser to
    void a hand that took it."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "n1.bhh", night_one())  # (up to P1: nothing takes its pot)
    later = write(tmp_path / "n2.bhh", later_night("Next night", "2024-05-10", "Q"))
    code, out = invoke("import", first, later, "--db", db)
    assert code == 0, out
    void(db, "Next night", "Q2")
    void(db, PROGRESSIVE, "P1")
    said = refused(db, "Next night", "Q2")
    assert (
        "hand P1 at table Back room of Progressive night (2024-05-03), which carried a pot, "
        "is void: if it carried this one, un-void it first"
    ) in said, said
    take_back(db, PROGRESSIVE, "P1")
    take_back(db, "Next night", "Q2")


def test_a_second_organisers_unvoid_of_the_same_hand_is_refused(tmp_path: Path) -> None:
    """Under the write lock, as ``void``: the second un-void waits for the first, then finds
    the hand counting."""
    db = club(tmp_path)
    void(db, TOURNAMENT, "T3")
    first, second = second_waits_for_first(
        db,
        lambda conn: unvoid(conn, TOURNAMENT, "T3", "first organiser"),
        lambda conn: unvoid(conn, TOURNAMENT, "T3", "second organiser"),
    )
    assert not isinstance(first, BaseException), first
    assert isinstance(second, LedgerError), second
    assert "is not void: nothing to un-void" in str(second)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT reason FROM audit WHERE action = 'unvoid'").fetchall()
    assert rows == [("first organiser",)]


# --- the night's file imported again -----------------------------------------------------------


def test_an_unvoided_hand_stays_counting_when_its_file_is_imported_again(tmp_path: Path) -> None:
    """Hand 4 voided and taken back: the file imported again (as it is, and with
    ``--replace``) leaves it counting - as a fresh ledger of the file counts it."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    never = figures(db)
    void(db, EVENT, "4")
    take_back(db, EVENT, "4")
    for again in ([], ["--replace"]):
        code, out = invoke("import", path, "--db", db, *again)
        assert code == 0, out
        assert figures(db) == never


def test_an_unvoided_hand_stays_counting_when_its_night_is_renumbered(tmp_path: Path) -> None:
    """Hand 4 voided, the night renumbered from 0 (the void follows the hand to number 3),
    the void taken back as hand 3; then the night's file numbered as before and imported
    again: every hand counts, as in a fresh ledger of the file (the void does not come back
    with the hand it followed)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, EVENT, "4")
    write(path, night(numbered(-1)))
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "stays void (misdeal)" in out, out
    take_back(db, EVENT, "3")
    renumbered = figures(tmp_path / "club.db")
    write(path, night())
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert "stays void" not in out, out
    fresh = tmp_path / "fresh"
    fresh_db = fresh / "fresh.db"
    assert invoke("import", write(fresh / "n.bhh", night()), "--db", fresh_db)[0] == 0
    assert figures(db) == figures(fresh_db)
    assert renumbered["counted"] != figures(db)["counted"]  # (the hands moved back)


def test_an_unvoided_event_stays_counting_when_its_file_is_imported_again(tmp_path: Path) -> None:
    db = club(tmp_path)
    never = read(db)
    void(db, TOURNAMENT)
    take_back(db, TOURNAMENT)
    code, out = invoke("import", EXAMPLES / "tournament.bhh", "--db", db, "--replace")
    assert code == 0, out
    assert "that event is void" not in out and "void_events" not in out, out
    assert read(db) == never


def redate(path: Path, date: str) -> Path:
    """The night's file with its date corrected to ``date`` (its hands go to that event)."""
    return write(path, night(head=HEAD.replace("2024-06-01", date)))


def test_an_unvoided_night_stays_counting_when_its_date_is_corrected_back(
    tmp_path: Path,
) -> None:
    """The night voided, its date corrected (the void follows it to the event of the new
    date), the night un-voided there; then its date corrected back: it counts, as a fresh
    ledger of the file - the void of the old date, the night's void before, was taken back
    with it, or the night would have gone back into it.  By its name alone, the un-void
    names the void event with the night's hands."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    never = figures(db)
    void(db, EVENT, None, "wrong night")
    redate(path, "2024-06-02")
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "that event is void (wrong night" in out, out
    out = take_back(db, EVENT)
    assert "un-voided event Test night (2024-06-02)" in out, out
    assert "taken back with it: the void of Test night (2024-06-01)" in out, out
    write(path, night())
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "that event is void" not in out, out
    assert figures(db) == never
    code, out = invoke("audit", "--db", db, "--json")
    unvoids = [e for e in json.loads(out)["entries"] if e["action"] == "unvoid"]
    assert [(e["event"], e["detail"]) for e in unvoids] == [
        ("Test night (2024-06-02)", "the void taken back: wrong night"),
        (
            "Test night (2024-06-01)",
            "the void taken back: wrong night (the night's, un-voided in Test night "
            "(2024-06-02), event 2)",
        ),
    ]


def test_a_hand_unvoided_after_its_night_was_redated_counts_when_it_is_dated_back(
    tmp_path: Path,
) -> None:
    """The night's date corrected, hand 4 voided in the event of the new date and the void
    taken back; the date corrected back: hand 4 counts (the row the file brings back takes
    no void from the hand it was: that one counts)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    never = figures(db)
    redate(path, "2024-06-02")
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    void(db, "2", "4")
    take_back(db, "2", "4")
    write(path, night())
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "stays void" not in out, out
    assert figures(db) == never


def voided_then_redated(tmp_path: Path) -> tuple[Path, Path, dict[str, Any]]:
    """(ledger, the night's file, its figures never voided): the night voided as ``wrong
    night``, then its date corrected to 2024-06-02 (the void follows it to event 2)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    never = figures(db)
    void(db, EVENT, None, "wrong night")
    redate(path, "2024-06-02")
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "that event is void (wrong night" in out, out
    return db, path, never


def reword_the_followed_void(db: Path) -> None:
    """The audit row of the void that followed the night says it in other words: what the
    audit says is for its reader, and free to change."""
    with closing(sqlite3.connect(db)) as conn, conn:
        changed = conn.execute(
            "UPDATE audit SET detail = 'voided with its night, re-dated from 2024-06-01' "
            "WHERE event_id = 2 AND action = 'void'"
        ).rowcount
    assert changed == 1


def unvoided_back_as_never(db: Path, path: Path, never: dict[str, Any]) -> None:
    """The night un-voided in the event of its new date takes back the void of the old date
    with it, so that its date corrected back counts as a fresh ledger of the file."""
    out = take_back(db, EVENT)
    assert "un-voided event Test night (2024-06-02)" in out, out
    assert "taken back with it: the void of Test night (2024-06-01)" in out, out
    write(path, night())
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "that event is void" not in out, out
    assert figures(db) == never


_EVENT_VOIDS = (
    "SELECT event_id, followed_from FROM audit WHERE action = 'void' AND hand_row IS NULL"
)
"""The voids of whole events, and the event each followed from."""


def test_a_night_whose_followed_void_is_audited_in_other_words_is_unvoided_whole(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Unvoid*: a night's void that followed it to the event of its
    corrected date is one void, taken back from every event it followed through.  Which
    event it followed from is a column of the audit (``followed_from``), not the words of
    its ``detail``: reworded, the un-void still finds the void of the old date."""
    db, path, never = voided_then_redated(tmp_path)
    reword_the_followed_void(db)
    unvoided_back_as_never(db, path, never)


def test_a_followed_void_of_a_ledger_before_the_column_is_read_from_its_words_once(
    tmp_path: Path,
) -> None:
    """A ledger of the schema before ``audit.followed_from`` (the migration that adds it, and
    every later one, not applied; the column dropped), whose night's void followed its
    corrected date: opened, the migration reads the event the void followed from out of the
    words the audit held then ("the void of Test night (2024-06-01) (event 1), whose hands
    are this event's now"), so the un-void of the night takes back the old date's void too,
    even with the detail reworded after the upgrade; its schema is a new ledger's."""
    db, path, never = voided_then_redated(tmp_path)
    with closing(sqlite3.connect(db)) as conn, conn:  # as the version before made it
        fresh = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'audit'").fetchone()
        assert conn.execute("SELECT detail FROM audit WHERE event_id = 2").fetchall() == [
            ("the void of Test night (2024-06-01) (event 1), whose hands are this event's now",)
        ]
        conn.execute("ALTER TABLE audit DROP COLUMN followed_from")
        conn.execute("DELETE FROM schema_version WHERE version >= ?", [_FOLLOWED_FROM])
    open_ledger(db).close()
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT sql FROM sqlite_master WHERE name = 'audit'").fetchone() == (
            fresh
        )
        followed = conn.execute(_EVENT_VOIDS)
        assert followed.fetchall() == [(1, None), (2, 1)]
    reword_the_followed_void(db)
    unvoided_back_as_never(db, path, never)


def test_the_upgrade_takes_no_event_from_words_that_name_none(tmp_path: Path) -> None:
    """A followed void's words that name an event the ledger does not hold (an event id the
    column could not point at) name no event followed from: the upgrade opens the ledger,
    and the void stays on the event it is on."""
    db, _, _ = voided_then_redated(tmp_path)
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "UPDATE audit SET detail = replace(detail, '(event 1)', '(event 9)') WHERE event_id = 2"
        )
        conn.execute("ALTER TABLE audit DROP COLUMN followed_from")
        conn.execute("DELETE FROM schema_version WHERE version >= ?", [_FOLLOWED_FROM])
    open_ledger(db).close()
    with closing(sqlite3.connect(db)) as conn:
        followed = conn.execute(_EVENT_VOIDS)
        assert followed.fetchall() == [(1, None), (2, None)]
