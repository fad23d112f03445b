"""What ``check`` and ``import`` make of a pot that a hand the ledger does not store carried,
and of nights of one date, at one table of one file (``replay/pools.py``,
``ledger/rows.py``, docs/ledger.md "Carried pots").

A night (2024-05-03) whose hand 2 carries 8 (no 9-high badugi at the showdown), then the
first hand of a later night, unit or tournament at the table taking a pot (``carry in``).
Built for these tests from the cases of a check-against-import probe.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_stream
from badugi_ledger.replay.pools import NIGHTS_LIMIT
from badugi_ledger.replay.table import TableTracker
from badugi_ledger.text.parse import parse_text
from tests.helpers.ledger_files import import_into

GAME = "game progressive badugi · fixed limit 2/4 · blinds 1/2\nqualifier 9 · redeal-posts no\n"

CARRIER = (
    GAME
    + """cash Night · date 2024-05-03
table T
hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100
Cara raises · Dan folds · Anna folds · Ben folds
Cara collects 5

hand 2 · button Anna · Anna · Ben · Cara · Dan
Dan calls · Anna calls · Ben calls · Cara checks
"""
    + "draw: Ben 1 · Cara 1 · Dan 1 · Anna 1\nBen checks · Cara checks · Dan checks · Anna checks\n"
    * 3
    + """show: Ben Kh 8s 4d 2c · Cara Jd 7c 5h 3s · Dan Qh 9s 6d Ac · Anna Ts 6h 5c 2d
carry 8
"""
)


def taker(session: str, carry: int) -> str:
    """The first hand of ``session`` at table T, Anna taking a pot of ``carry`` with her bet."""
    return (
        f"\n{GAME}{session}\ntable T\n"
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        f"carry in {carry}\n"
        "Anna bets · Ben folds · Cara folds · Dan folds\n"
        f"Anna collects {carry}\n"
    )


def checked(text: str) -> list[tuple[str, bool, list[str], list[str]]]:
    """Each hand's number, whether it is ok, its errors' rules and its warnings' - with those
    found once the file is read to its end (``Pools.at_end``) at their hand's line, as
    ``check`` reports them."""
    tracker = TableTracker()
    outcomes = list(replay_stream(parse_text(text, "night.bhh"), tracker=tracker))
    at_end = [(found.pos.line, found.rule) for _, found in tracker.pools.at_end()]
    return [
        (
            o.hand_id or "",
            o.ok,
            [v.rule for v in o.errors],
            [w.rule for w in o.warnings] + [rule for line, rule in at_end if line == o.pos.line],
        )
        for o in outcomes
    ]


def imported(text: str, tmp_path: Path) -> tuple[int, int, str | None]:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    return report.stored, report.rejected, report.files[0].error


@pytest.mark.parametrize(
    "session",
    [
        "tournament Cup · date 2024-05-10 · buy-in 1000 · starting-chips 100",
        "currency USD\ncash Night · date 2024-05-10",
    ],
    ids=["tournament", "another-unit"],
)
def test_a_rejected_hands_pot_never_reaches_another_pool(session: str, tmp_path: Path) -> None:
    """Hand 2 records ``carry 7`` (8 is carried): a payout mismatch, rejected.  The pot it
    carried could pass to its own pool's next hand only, never to a tournament or a night in
    USD, whose first hand takes last week's pot on its file's word: stored, as check says."""
    text = CARRIER.replace("carry 8", "carry 7") + taker(session, 8)
    assert checked(text) == [
        ("1", True, [], []),
        ("2", False, ["carry-out"], []),
        ("1", True, [], []),
    ]
    assert imported(text, tmp_path) == (2, 1, None)


def test_a_pot_an_unreadable_hand_carried_is_none_of_the_ledgers(tmp_path: Path) -> None:
    """Hand 2 names no button: it cannot be read, the ledger never stores it, and the pot its
    ``carry 8`` line records is none of the ledger's.  The next night's ``carry in 8`` takes
    more than the night's stored hands carried: check warns, and the import refuses it."""
    text = CARRIER.replace("hand 2 · button Anna · ", "hand 2 · ") + taker(
        "cash Night · date 2024-05-10", 8
    )
    assert checked(text) == [
        ("1", True, [], []),
        ("2", False, ["parse"], []),
        ("1", True, [], ["carry-carried"]),
    ]
    stored, rejected, error = imported(text, tmp_path)
    assert stored == 0 and "takes 8 chips of carried Progressive Badugi pots" in (error or "")


def test_nights_of_one_date_are_not_held_to_each_other_nor_a_later_one_to_them(
    tmp_path: Path,
) -> None:
    """Night carries 8 and Late, of the same date, takes 5 of last week's pot: the ledger
    does not know which came first, and holds the two to their totals; the next week's
    ``carry in 8`` is within them (8 carried, 5 + 8 taken, with last week's 5), so check
    says nothing and the import stores every hand."""
    text = (
        CARRIER + taker("cash Late · date 2024-05-03", 5) + taker("cash Night · date 2024-05-10", 8)
    )
    outcomes = checked(text)
    assert outcomes[-1] == ("1", True, [], [])
    assert all(ok for _, ok, _, _ in outcomes)
    assert imported(text, tmp_path)[:2] == (4, 0)


def test_the_pools_hold_no_standalone_hand_and_at_most_a_bounded_number_of_nights() -> None:
    """A PHH hand without a ``table`` (``tests/fixtures/wikipedia_badugi.phh``) is held to no
    other hand, so no pool keeps it: a ``.phhs`` file of many such hands costs the pools
    nothing (a night kept for each made its check quadratic).  A file naming a new session
    at one table for each hand keeps at most :data:`NIGHTS_LIMIT` nights of the pool."""
    fixture = Path(__file__).parents[1] / "fixtures" / "wikipedia_badugi.phh"
    read = read_phh(fixture.read_text(encoding="utf-8"))
    (record,) = [r for r in read if isinstance(r, HandRecord)]
    assert record.standalone
    tracker = TableTracker()
    # (each numbered, and of its own night: copies of one hand would be reported as such)
    hands = [
        replace(record, hand_id=f"{n}", session=replace(record.session, name=f"Night {n}"))
        for n in range(50)
    ]
    outcomes = list(replay_stream(hands, tracker=tracker))
    assert [o.errors for o in outcomes] == [()] * 50
    assert tracker.pools.nights == {}
    nights = "".join(
        f"cash Night {n}\ntable T\nhand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Cara raises · Dan folds · Anna folds · Ben folds\nCara collects 5\n\n"
        for n in range(NIGHTS_LIMIT + 20)
    )
    tracker = TableTracker()
    assert all(o.ok for o in replay_stream(parse_text(GAME + nights, "n.bhh"), tracker=tracker))
    assert [len(kept) for kept in tracker.pools.nights.values()] == [NIGHTS_LIMIT]


def test_a_night_of_one_date_is_not_held_to_another_whose_later_hands_may_cover_it(
    tmp_path: Path,
) -> None:
    """Early takes a pot of 8; Late, of its date and after it in the file, opens by taking 5
    and carries 8 at its hand 2.  Played first, Late took last week's 5 and carried the 8 that
    Early then took: the ledger's totals allow it (13 taken of 5 and 8).  When Late's first
    hand is checked, what its later hands carry is not seen yet, so nothing that night's first
    hand takes can be held to the nights of its date before it (a warning there was wrong for
    files like this one): check gives no ``carry-carried``, and the import stores every hand
    (both warning, at the end, that one of them took last week's pot on the file's word)."""
    late = CARRIER.replace("cash Night", "cash Late").replace(
        "Cara raises · Dan folds · Anna folds · Ben folds\nCara collects 5\n",
        "carry in 5\nAnna bets · Ben folds · Cara folds · Dan folds\nAnna collects 5\n",
    )
    text = taker("cash Early · date 2024-05-03", 8) + "\n" + late
    assert [warned for _, ok, _, warned in checked(text) if ok] == [[], ["carry-last-week"], []]
    assert imported(text, tmp_path)[:2] == (3, 0)


def test_a_night_of_one_date_may_take_what_another_of_the_date_carried(tmp_path: Path) -> None:
    """Night carries 8 and Late, of its date, takes it: whichever was played first, the pot
    is taken once - no warning, every hand stored."""
    text = CARRIER + taker("cash Late · date 2024-05-03", 8)
    assert all(ok and not warned for _, ok, _, warned in checked(text))
    assert imported(text, tmp_path)[:2] == (3, 0)


def test_a_night_of_one_date_taking_more_than_the_others_may_be_the_first_played(
    tmp_path: Path,
) -> None:
    """Early takes a pot of 5; Night, of its date and after it in the file, opens by taking 8
    and carries 8 at its hand 2: played first, Night took last week's 8 and carried the 8
    that Early then took 5 of.  The ledger's totals allow it (13 taken of 8 and 8); check
    gives no ``carry-carried``, as Night's first hand takes more than the others' largest take
    (it may be the first played; what its own later hands carry is not seen yet): only the
    import's warning of last week's pot, at the end."""
    night = CARRIER.replace(
        "Cara raises · Dan folds · Anna folds · Ben folds\nCara collects 5\n", ""
    )
    night = night.replace(
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n",
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\ncarry in 8\n"
        "Anna bets · Ben folds · Cara folds · Dan folds\nAnna collects 8\n",
    )
    text = taker("cash Early · date 2024-05-03", 5) + "\n" + night
    assert [warned for _, ok, _, warned in checked(text) if ok] == [[], ["carry-last-week"], []]
    assert imported(text, tmp_path)[:2] == (3, 0)


def test_a_later_night_is_held_to_the_totals_of_the_nights_of_one_date_before_it(
    tmp_path: Path,
) -> None:
    """Night carries 8 and Late, of its date, takes 5 of last week's pot: they leave 8 (8
    carried, 5 taken with last week's 5).  The next week's ``carry in 9`` takes more: check
    warns, as the import refuses it."""
    text = (
        CARRIER + taker("cash Late · date 2024-05-03", 5) + taker("cash Night · date 2024-05-10", 9)
    )
    assert checked(text)[-1] == ("1", True, [], ["carry-carried"])
    stored, _, error = imported(text, tmp_path)
    assert stored == 0 and "takes 9 chips of carried Progressive Badugi pots" in (error or "")


def _strangers(text: str) -> str:
    """``text`` with the taking night's players renamed: none of the carrying hand's sits in it."""
    for old, new in (("Anna", "Eve"), ("Ben", "Finn"), ("Cara", "Gus"), ("Dan", "Hal")):
        text = text.replace(old, new)
    return text


def test_a_pot_taken_by_a_night_without_the_carrying_hands_players_is_told_by_both(
    tmp_path: Path,
) -> None:
    """Night's hand 2 carries 8 and Next, a week on at table T, takes it with four other
    players: most likely two games at one table.  The import stores it with a warning
    (``ledger/carry_strangers.py``); check gives the same warning, at Next's first hand."""
    text = CARRIER + _strangers(taker("cash Next · date 2024-05-10", 8))
    assert checked(text)[-1] == ("1", True, [], ["carry-strangers"])
    (outcome,) = list(replay_stream(parse_text(text, "night.bhh")))[-1:]
    (warning,) = outcome.warnings
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    assert report.stored == 3 and report.files[0].warnings == [warning.message]
    assert (
        "hand 1 of Next (2024-05-10) takes the Progressive Badugi pot hand 2 of" in warning.message
    )
    with_anna = CARRIER + taker("cash Next · date 2024-05-10", 8)
    assert checked(with_anna)[-1] == ("1", True, [], [])


def test_a_later_night_of_the_date_may_carry_what_a_nights_first_hand_takes(
    tmp_path: Path,
) -> None:
    """Night carries 8 on 2024-05-03; Next, a week on, opens by taking 13, and Other, of
    Next's date and after it in the file, carries 8.  The ledger does not know which of Next
    and Other came first and holds them to their totals (13 taken of 8 and 8): it stores
    every hand, so check gives no ``carry-carried`` at Next's first hand (when it is
    replayed, Other's carry is not read yet)."""
    other = CARRIER.replace("cash Night · date 2024-05-03", "cash Other · date 2024-05-10")
    text = CARRIER + taker("cash Next · date 2024-05-10", 13) + "\n" + other
    assert [warned for _, ok, _, warned in checked(text) if ok] == [[]] * 5
    stored, rejected, error = imported(text, tmp_path)
    assert (stored, rejected, error) == (5, 0, None)


def test_a_night_is_held_to_a_night_of_an_earlier_date_further_on_in_the_file(
    tmp_path: Path,
) -> None:
    """Next (2024-05-10) opens by taking 9; Night (2024-05-03), after it in the file, carries
    8.  The ledger passes the pool's pots by date, whatever the file's order: Next takes more
    than Night left, and the import refuses the file, naming Next's hand 1.  Check says it
    at that hand, in the refusal's words, once the file is read to its end."""
    text = taker("cash Next · date 2024-05-10", 9)[1:] + "\n" + CARRIER
    assert checked(text)[0] == ("1", True, [], ["carry-carried"])
    tracker = TableTracker()
    list(replay_stream(parse_text(text, "night.bhh"), tracker=tracker))
    ((hand, said),) = tracker.pools.at_end()
    stored, _, error = imported(text, tmp_path)
    assert stored == 0 and error is not None
    refusal = error.replace(f" ({tmp_path / 'night.bhh'}:5)", "").split("; nothing from")[0]
    assert (hand, said.pos.line, said.kind) == ("1", 5, "warning")
    assert (
        said.message == refusal + "; an import of this file alone is refused (nothing of it stored)"
    )
    assert "hand 1 of Next (2024-05-10) takes 9 chips" in said.message
