"""The import pipeline on built hands: idempotence, duplicates, rejections, --strict,
no half-written hands, chip conservation per hand and per event, fingerprints."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_ledger.ledger.fingerprints import fingerprint
from badugi_ledger.ledger.importing import import_outcomes, ledger_totals
from badugi_ledger.ledger.sql import dict_rows
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import Position
from badugi_ledger.model.events import Session
from badugi_ledger.model.results import HandOutcome, Posting
from tests.helpers.ledger_builder import CASH, bad_hand, hand, session_hands


@pytest.fixture(params=["memory", "disk"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sqlite3.Connection]:
    ledger = open_ledger(None if request.param == "memory" else tmp_path / "club.db")
    yield ledger
    ledger.close()


def test_import_stores_every_valid_hand(db: sqlite3.Connection) -> None:
    report = import_outcomes(db, session_hands(12), "night.bhh", batch_size=5)
    assert (report.stored, report.duplicate, len(report.rejected)) == (12, 0, 0)
    totals = ledger_totals(db)
    assert totals["hands"] == 12 and totals["events"] == 1 and totals["players"] == 3


def test_reimporting_the_same_file_changes_nothing(db: sqlite3.Connection) -> None:
    import_outcomes(db, session_hands(12), "night.bhh")
    before = ledger_totals(db)
    dump = list(db.iterdump())
    report = import_outcomes(db, session_hands(12), "night.bhh")
    assert (report.stored, report.duplicate) == (0, 12)
    assert ledger_totals(db) == before
    assert [line for line in db.iterdump() if "imported_at" not in line] == [
        line for line in dump if "imported_at" not in line
    ]


def test_an_overlapping_file_stores_only_the_new_hands(db: sqlite3.Connection) -> None:
    import_outcomes(db, session_hands(6), "night.bhh")
    # The same session copied into another file from hand 4 on, with new hands 7-9:
    later = session_hands(9)[3:]
    moved = [dataclasses.replace(o, source="copy.bhh", pos=Position("copy.bhh", 99)) for o in later]
    report = import_outcomes(db, moved, "copy.bhh")
    assert (report.stored, report.duplicate) == (3, 3)
    assert ledger_totals(db)["hands"] == 9
    assert ledger_totals(db)["events"] == 1


def test_a_bad_hand_is_rejected_with_its_line_and_the_rest_stored(db: sqlite3.Connection) -> None:
    hands = session_hands(4)
    hands.insert(2, bad_hand("X", 41, "raise-cap", "a fifth bet in round 1"))
    report = import_outcomes(db, hands, "night.bhh")
    assert report.stored == 4
    [rejected] = report.rejected
    assert rejected.line == 41 and rejected.hand == "X"
    assert rejected.reasons == ("line 44: a fifth bet in round 1 [raise-cap]",)


def test_strict_refuses_the_whole_file(db: sqlite3.Connection) -> None:
    hands = session_hands(600)
    hands.append(bad_hand("X", 9999, "wrong-turn", "Ben acts before Anna"))
    report = import_outcomes(db, hands, "night.bhh", strict=True, batch_size=100)
    assert report.refused and report.stored == 0 and len(report.rejected) == 1
    assert ledger_totals(db) == dict.fromkeys(
        ["events", "hands", "postings", "players", "aliases"], 0
    )


def test_a_failure_mid_file_leaves_no_half_written_hand(db: sqlite3.Connection) -> None:
    def stream() -> Iterator[HandOutcome]:
        yield from session_hands(7)  # written in batches of 3 before the failure
        raise RuntimeError("disk unplugged")

    with pytest.raises(RuntimeError):
        import_outcomes(db, stream(), "night.bhh", batch_size=3)
    assert ledger_totals(db)["hands"] == 0 and ledger_totals(db)["postings"] == 0
    # and the ledger is usable afterwards
    assert import_outcomes(db, session_hands(2), "night.bhh").stored == 2


def test_a_hand_whose_postings_do_not_balance_is_rejected(db: sqlite3.Connection) -> None:
    good = hand("1", {"Anna": 50, "Ben": 50}, {"Anna": 2, "Ben": 2}, {"Anna": 4})
    assert good.result is not None
    broken = dataclasses.replace(
        good,
        result=dataclasses.replace(
            good.result, postings=(*good.result.postings, Posting("Ben", "bet", -1))
        ),
    )
    report = import_outcomes(db, [broken], "night.bhh")
    assert report.stored == 0
    reasons = " ".join(report.rejected[0].reasons)
    assert "[ledger-balance]" in reasons and "[ledger-net]" in reasons


def test_postings_sum_to_zero_per_hand_and_nets_to_minus_rake_per_event(
    db: sqlite3.Connection,
) -> None:
    other = Session(kind="cash", name="Saturday", date="2024-03-02", season="2024")
    import_outcomes(db, session_hands(9, rake=1), "fri.bhh")
    import_outcomes(db, session_hands(5, ("Anna", "Dan"), session=other, rake=1), "sat.bhh")
    per_hand = db.execute("SELECT hand_id, sum(amount) FROM postings GROUP BY hand_id").fetchall()
    assert len(per_hand) == 14 and all(total == 0 for _, total in per_hand)
    rows = db.execute(
        "SELECT h.event_id, sum(CASE WHEN p.alias_id IS NOT NULL THEN p.amount END), "
        "sum(h.rake * (p.id = (SELECT min(id) FROM postings WHERE hand_id = h.id))) "
        "FROM postings p JOIN hands h ON h.id = p.hand_id GROUP BY h.event_id"
    ).fetchall()
    assert [(nets, rake) for _, nets, rake in rows] == [(-9, 9), (-5, 5)]


def test_carried_pots_go_through_the_carry_account(db: sqlite3.Connection) -> None:
    stacks = {"Anna": 100, "Ben": 100}
    first = hand("1", stacks, {"Anna": 10, "Ben": 10}, {}, carry_out=20)
    assert first.result is not None
    second = hand(
        "2", dict(first.result.final_stacks), {"Anna": 4, "Ben": 4}, {"Ben": 28}, carry_in=20
    )
    import_outcomes(db, [first, second], "prog.bhh")
    carry = db.execute(
        "SELECT kind, amount FROM postings WHERE account = '*carry*' ORDER BY id"
    ).fetchall()
    assert carry == [("carry-out", 20), ("carry-in", -20)]
    assert (
        db.execute("SELECT sum(amount) FROM postings WHERE alias_id IS NOT NULL").fetchone()[0] == 0
    )


def test_pots_and_winners_are_stored(db: sqlite3.Connection) -> None:
    import_outcomes(db, session_hands(1), "night.bhh")
    rows = db.execute(
        "SELECT p.name, p.amount, a.name, w.share FROM pots p "
        "JOIN pot_winners w ON w.pot_id = p.id "
        "JOIN aliases a ON a.id = w.alias_id"
    ).fetchall()
    assert rows == [("main", 6, "Ben", 6)]


def test_fingerprint_ignores_where_the_hand_was_read_but_not_what_it_says() -> None:
    a = hand(
        "7", {"Anna": 50, "Ben": 50}, {"Anna": 2, "Ben": 2}, {"Anna": 4}, line=3, source="a.bhh"
    )
    b = hand(
        "7", {"Anna": 50, "Ben": 50}, {"Anna": 2, "Ben": 2}, {"Anna": 4}, line=300, source="b.bhh"
    )
    c = hand("8", {"Anna": 50, "Ben": 50}, {"Anna": 2, "Ben": 2}, {"Anna": 4})
    d = hand("7", {"Anna": 50, "Ben": 50}, {"Anna": 2, "Ben": 2}, {"Ben": 4})
    e = hand(
        "7",
        {"Anna": 50, "Ben": 50},
        {"Anna": 2, "Ben": 2},
        {"Anna": 4},
        session=dataclasses.replace(CASH, date="2024-03-08"),
    )
    fps = [fingerprint(o.record) for o in (a, b, c, d, e)]  # type: ignore[arg-type]
    assert fps[0] == fps[1]
    assert len(set(fps)) == 4
    assert len(fps[0]) == 64


def test_an_unnamed_session_is_named_after_its_file(db: sqlite3.Connection) -> None:
    src = "examples/home-night.bhh"
    import_outcomes(db, session_hands(2, session=Session(), source=src), src)
    assert [r["name"] for r in dict_rows(db, "SELECT name FROM events")] == ["home-night"]


def test_progress_is_reported_on_long_imports(db: sqlite3.Connection) -> None:
    seen: list[int] = []
    import_outcomes(
        db, session_hands(25), "night.bhh", progress=lambda s, n: seen.append(n), progress_every=10
    )
    assert seen == [10, 20, 25]
