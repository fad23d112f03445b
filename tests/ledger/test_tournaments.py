"""Tournaments: places from bust-outs, prizes from a payout table, chops,
bounties and points.  The rounding rule is documented in
``badugi_ledger/ledger/prizes.py``."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.prizes import (
    Finish,
    award_prizes,
    chop,
    finishing_places,
    points_for,
    prize_table,
)
from badugi_ledger.ledger.store import ledger_at, open_ledger
from badugi_ledger.model.errors import ConfigError, ParseError
from badugi_ledger.model.events import Session, StackChange
from badugi_ledger.model.results import HandOutcome, PotResult
from badugi_ledger.model.settings import validate_payouts
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.reports.tournament import tournament_result
from badugi_ledger.text.parse import parse_file
from tests.helpers.ledger_builder import hand
from tests.helpers.ledger_files import import_into

CUP = Session(
    kind="tournament",
    name="Spring Cup",
    date="2024-04-06",
    season="2024",
    buy_in=1000,
    starting_chips=1000,
    payouts=(60, 30, 10),
)


def places(hands: list[dict[str, tuple[int, int]]]) -> dict[str, tuple[int, int]]:
    return {f.player: (f.place, f.place_to) for f in finishing_places(hands)}


def test_later_bust_finishes_higher_and_survivors_rank_by_stack() -> None:
    hands = [
        {"A": (1000, 1500), "B": (1000, 1500), "C": (1000, 1000), "D": (1000, 0)},
        {"A": (1500, 2500), "B": (1500, 1500), "C": (1000, 0)},
    ]
    assert places(hands) == {"A": (1, 1), "B": (2, 2), "C": (3, 3), "D": (4, 4)}


def test_same_hand_busts_are_placed_by_starting_stack_and_equal_stacks_share() -> None:
    hands = [
        {"A": (1000, 4000), "B": (1500, 0), "C": (500, 0), "D": (500, 0), "E": (500, 500)},
    ]
    assert places(hands) == {
        "A": (1, 1),
        "E": (2, 2),
        "B": (3, 3),
        "C": (4, 5),
        "D": (4, 5),
    }


def test_only_the_last_bust_counts_after_a_rebuy() -> None:
    hands = [
        {"A": (1000, 2000), "B": (1000, 0), "C": (1000, 1000)},  # B busts, rebuys
        {"A": (2000, 2000), "B": (1000, 2000), "C": (1000, 0)},  # C out for good
        {"A": (2000, 4000), "B": (2000, 0), "C": (0, 0)},  # C no longer dealt in
    ]
    assert places(hands) == {"A": (1, 1), "B": (2, 2), "C": (3, 3)}


def test_payout_table_must_total_100() -> None:
    assert validate_payouts((50, 30, 20)) == (50, 30, 20)
    with pytest.raises(ConfigError, match="total 100"):
        validate_payouts((50, 30, 10))
    with pytest.raises(ConfigError, match="negative"):
        validate_payouts((110, -10))


def test_a_payout_table_goes_from_first_place_down(tmp_path: Path) -> None:
    """``payouts 20/30/50`` is the table written backwards: it would pay the winner least, so
    the reader refuses it at the item (grammar/README.md, ``payouts``: first place first);
    places may share (``50/50``, ``40/40/20``).  A table an older version stored backwards is
    still read as stored when the places are worked out again (a chop, a void, an import), so
    they do not stop."""
    assert validate_payouts((40, 40, 20)) == (40, 40, 20) and validate_payouts((50, 50))
    with pytest.raises(ConfigError, match="pays place 3 more than place 2"):
        validate_payouts((50, 20, 30))
    path = tmp_path / "cup.bhh"
    header = "tournament Cup · date 2024-11-01 · buy-in 1000 · starting-chips 1000 · payouts "
    path.write_text(
        "game badugi · no limit · blinds 10/20\n" + header + "20/30/50\n"
        "hand 1 · button A · A 1000 · B 1000\nA folds\nB collects 30\n",
        encoding="utf-8",
    )
    (error, *_) = parse_file(path)
    assert isinstance(error, ParseError) and error.position.line == 2
    assert error.position.column == len(header) - len("payouts ") + 1
    assert error.message.startswith(
        "payout percentages go from first place down: 20/30/50 pays place 2 more than place 1 "
        "(first place first: 50/30/20)\n"
    )
    db = open_ledger(None)
    import_outcomes(db, cup_hands(), "cup.bhh")
    db.execute("UPDATE events SET payouts = '[10, 30, 60]' WHERE name = 'Spring Cup'")
    recomputed = tournament_result(db, "Spring Cup", changes={"bounty": 0})  # places again
    prizes = [e["prize"] for e in recomputed.entries]
    assert prizes == [400, 1200, 2400, 0]


def test_prizes_round_down_to_the_unit_and_first_takes_the_rest() -> None:
    assert prize_table(4000, (60, 30, 10)) == [2400, 1200, 400]
    assert prize_table(4150, (50, 30, 20), unit=100) == [2150, 1200, 800]


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 10**7),
    st.lists(st.integers(0, 100), min_size=1, max_size=9).filter(lambda t: sum(t) <= 100),
    st.sampled_from([1, 5, 100, 500]),
)
def test_prizes_always_add_up_to_the_pool(pool: int, head: list[int], unit: int) -> None:
    table = [*head, 100 - sum(head)]
    prizes = prize_table(pool, table, unit)
    assert sum(prizes) == pool
    assert all(p % unit == 0 for p in prizes[1:])
    assert all(p >= 0 for p in prizes)


def test_shared_places_split_the_prizes_they_cover() -> None:
    finishes = [Finish("A", 1, 1), Finish("B", 2, 3), Finish("C", 2, 3), Finish("D", 4, 4)]
    won = award_prizes(finishes, [600, 301, 100], unit=1)
    assert won == {"A": 600, "B": 201, "C": 200, "D": 0}
    assert sum(won.values()) == 1001


def test_chops_redivide_the_prizes_of_the_players_left() -> None:
    finishes = [Finish("A", 1, 1, 3000), Finish("B", 2, 2, 1000), Finish("C", 3, 3, 0, 7)]
    prizes = [2400, 1200, 400]
    assert chop(finishes, prizes, "even") == {"A": 1800, "B": 1800}
    # chip-count: each gets 2nd prize (1200) + the other 1200 by chips 3:1
    assert chop(finishes, prizes, "chip-count") == {"A": 2100, "B": 1500}
    with pytest.raises(ConfigError):
        chop(finishes, prizes, "icm")  # type: ignore[arg-type]


VOID_NEG = """\
game badugi · no limit · blinds 1/2
tournament VoidNeg · date 2024-05-03 · buy-in 1000 · starting-chips 100 · payouts 50/30/20

hand 1 · button Ann · Ann 100 · Bob 100 · Cat 100 · Eve 100
Eve folds · Ann raises to 100 all-in · Bob calls 99 all-in · Cat folds
draw: Bob pat · Ann pat
draw: Bob pat · Ann 1
draw: Bob pat · Ann 1
show: Bob As 2h 3c 5d · Ann Ad 2c 3s 4h
Ann collects 202 from main

hand 2 · button Cat · Ann 202 · Cat 98 · Eve 100
Cat raises to 98 all-in · Eve calls 97 · Ann folds
draw: Eve 1 · Cat 1
draw: Eve pat · Cat 1
draw: Eve 1 · Cat pat
show: Eve Ad 2s 3h 5c · Cat As 2h 3d 4c
Cat collects 198 from main

hand 3 · button Eve · Ann 200 · Cat 198 · Eve 2
Eve folds · Ann raises to 200 all-in · Cat calls 196 all-in
draw: Ann 1 · Cat pat
draw: Ann pat · Cat pat
draw: Ann 1 · Cat pat
show: Ann Ac 2h 3s 5d · Cat As 2d 3c 4h
Cat collects 396 from main
"""


def test_a_player_whose_chips_a_voided_hand_won_is_still_in_with_no_chips(tmp_path: Path) -> None:
    """Ann knocks Bob out (hand 1), then loses all but 2 chips (hand 3); hand 1 is voided.  By
    the void rule her last stack less what the voided hand won her ranks her (2 - 102): she
    was shown with -100 chips, and a chop left her out though she is one of the players left
    at the end (tournament audit).  Her chips are none, and she is in the chop.  The night
    stops with the four still in: no place for any of them until the chop is recorded
    (docs/ledger.md, *Tournaments*: a place is never invented)."""
    night = tmp_path / "voidneg.bhh"
    night.write_text(VOID_NEG, encoding="utf-8")
    db = tmp_path / "club.db"
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(night), "--db", str(db)]).exit_code == 0
    voided = runner.invoke(
        app, ["void", "--db", str(db), "--event", "VoidNeg", "--hand", "1", "--reason", "x"]
    )
    assert voided.exit_code == 0, voided.output
    with ledger_at(db) as ledger:
        entries = {str(e["player"]): e for e in tournament_result(ledger, "VoidNeg").entries}
        assert entries["Ann"]["chips"] == 0 and entries["Ann"]["place"] is None
        chopped = tournament_result(ledger, "VoidNeg", changes={"chop": "even"}).entries
    assert {str(e["player"]): e["prize"] for e in chopped} == dict.fromkeys(
        ["Ann", "Bob", "Cat", "Eve"], 1000
    )
    assert {str(e["player"]): e["place"] for e in chopped}["Ann"] == 4


def test_points_formulas() -> None:
    assert points_for("linear", 8, 1) == 8 and points_for("linear", 8, 8) == 1
    assert (
        points_for("table", 8, 3, table=(10, 7, 5)) == 5
        and points_for("table", 8, 4, table=(10,)) == 0
    )
    # sqrt: 10 * sqrt(n) / sqrt(k) * (1 + ln(b + 0.25)), natural log, b in currency units
    assert points_for("sqrt", 9, 4, buy_in_units=20) == pytest.approx(
        10 * 3 / 2 * (1 + math.log(20.25))
    )
    assert points_for("linear", 4, 2, 3) == 2.5  # shared 2nd-3rd: average of 3 and 2
    with pytest.raises(ConfigError, match="freeroll"):
        points_for("sqrt", 9, 1, buy_in_units=0)
    with pytest.raises(ConfigError):
        points_for("linear", 3, 4)


def cup_hands(session: Session = CUP) -> list[HandOutcome]:
    """A four-player tournament: D busts in hand 1, then B and C bust together in hand 2."""
    h1 = hand(
        "1",
        {"A": 1000, "B": 1000, "C": 1000, "D": 1000},
        {"A": 1000, "D": 1000},
        {"A": 2000},
        session=session,
        line=10,
    )
    h2 = hand(
        "2",
        {"A": 2000, "B": 1000, "C": 1000},
        {"A": 500, "C": 500},
        {"A": 1000},
        session=session,
        line=20,
    )
    # hand 3: A covers B (1000, the bigger stack) and C (500); both bust
    h3 = hand(
        "3",
        {"A": 2500, "B": 1000, "C": 500},
        {"A": 1000, "B": 1000, "C": 500},
        {"A": 2500},
        session=session,
        line=30,
        pots=(
            PotResult("main", 1500, ("A", "B", "C"), {"A": 1500}),
            PotResult("side 1", 1000, ("A", "B"), {"A": 1000}),
        ),
    )
    return [h1, h2, h3]


def test_a_stored_tournament_gets_places_prizes_and_balances() -> None:
    db = open_ledger(None)
    import_outcomes(db, cup_hands(), "cup.bhh")
    result = tournament_result(db, "Spring Cup")
    got = {e["player"]: (e["place"], e["prize"], e["won"]) for e in result.entries}
    assert got == {
        "A": (1, 2400, 1400),
        "B": (2, 1200, 200),
        "C": (3, 400, -600),
        "D": (4, 0, -1000),
    }
    assert result.pool == 4000
    settlement = settle_event(db, "Spring Cup")
    assert settlement.net == 0 and len(settlement.transfers) <= 3


def test_bounties_go_to_whoever_won_the_busted_players_last_pot() -> None:
    db = open_ledger(None)
    import_outcomes(db, cup_hands(), "cup.bhh")
    result = tournament_result(db, "Spring Cup", changes={"bounty": 200})
    got = {e["player"]: (e["prize"], e["bounties"], e["bounty_won"]) for e in result.entries}
    # pool 4000 - 4 x 200 = 3200 → 1920 / 960 / 320; A knocked out B, C, D and keeps its own
    assert got == {"A": (1920, 3, 800), "B": (960, 0, 0), "C": (320, 0, 0), "D": (0, 0, 0)}
    assert sum(int(e["won"]) for e in result.entries) == 0  # type: ignore[call-overload]


PROGRESSIVE_CUP = """game progressive badugi · no limit · blinds 5/10
tournament Prog Cup · date 2026-02-16 · season 2026 · buy-in 1000 · starting-chips 100 · payouts 100
table A

hand P0 · button Dan · Anna 100 · Ben 100 · Dan 100
Dan folds · Anna raises to 20 · Ben folds
Anna collects 20
final: Anna 110 · Ben 90 · Dan 100

hand P1 · button Anna · Anna · Ben · Dan
Anna raises to 30 · Ben folds · Dan raises to 100 all-in · Anna calls 70
draw: Dan 1 · Anna 1
draw: Dan 1 · Anna 1
draw: Dan 1 · Anna 1
show: Anna Kh 8s 4d 2c · Dan Jd 7c 5h 3s
carry 205
final: Anna 10 · Ben 85 · Dan 0

hand P2 · button Ben · Anna · Ben
Anna bets 10 all-in · Ben folds
Anna collects 205
final: Anna 215 · Ben 85
"""
"""Dan busts all in into a Progressive Badugi pot that nobody qualifies for: it carries, and
Anna wins it in the next hand."""


def test_a_bounty_lost_into_a_carried_pot_goes_to_who_wins_that_pot(tmp_path: Path) -> None:
    """A player out for good pays his bounty to the winner of the last pot he was eligible for;
    a pot that carried (``002``: no qualifying hand) is won in a later hand ("the winner of
    the next pot that is won").  Dan kept his own bounty (paid 10.00, result -9.00), found
    by nobody, since the hand he busted in had no winner.  The night stops with Anna and Ben
    still in: nobody has won the pool yet (no place for them: a place is never invented)."""
    night = tmp_path / "cup.bhh"
    night.write_text(PROGRESSIVE_CUP, encoding="utf-8")
    db = tmp_path / "club.db"
    report = import_into(db, [night])
    assert report.ok and report.stored == 3, report.text_lines()
    with ledger_at(db) as ledger:
        result = tournament_result(ledger, "Prog Cup", changes={"bounty": 100})
    got = {e["player"]: (e["bounties"], e["bounty_won"], e["won"]) for e in result.entries}
    # Anna keeps her own bounty and takes Dan's; the pool of 27.00 waits for the end
    assert got == {"Anna": (1, 200, -800), "Ben": (0, 100, -900), "Dan": (0, 0, -1000)}


def _entries_after_voiding(tmp_path: Path, night: str, hands: int, voided: str) -> list[dict]:
    """The tournament entries of ``night`` (``hands`` hands, a bounty of 1.00) once its hand
    ``voided`` is voided."""
    path = tmp_path / "cup.bhh"
    path.write_text(night, encoding="utf-8")
    db = tmp_path / "club.db"
    report = import_into(db, [path])
    assert report.ok and report.stored == hands, report.text_lines()
    with ledger_at(db) as ledger:
        tournament_result(ledger, "Prog Cup", changes={"bounty": 100})
    done = CliRunner().invoke(
        app, ["void", "--db", str(db), "--event", "Prog Cup", "--hand", voided, "--reason", "x"]
    )
    assert done.exit_code == 0, done.output
    with ledger_at(db) as ledger:
        return list(tournament_result(ledger, "Prog Cup").entries)


def test_a_bounty_lost_into_a_pot_whose_taker_is_void_stays_with_its_player(
    tmp_path: Path,
) -> None:
    """The hand that won the carried pot voided: the pot waits in ``*carry*``, nobody won it,
    so nobody won Dan's bounty either (it went to Anna through the voided hand): he keeps it.
    Without P2, Ben and Anna are still in: nobody has won the pool of 27.00 yet."""
    entries = _entries_after_voiding(tmp_path, PROGRESSIVE_CUP, 3, "P2")
    got = {e["player"]: (e["bounties"], e["bounty_won"], e["won"]) for e in entries}
    assert got == {"Ben": (0, 100, -900), "Anna": (0, 100, -900), "Dan": (0, 100, -900)}


def test_a_recorded_chop_is_kept_and_reapplied_on_reimport() -> None:
    db = open_ledger(None)
    import_outcomes(db, cup_hands()[:2], "cup.bhh")  # stop after hand 2: A 2500, B 1000, C 500
    before = tournament_result(db, "Spring Cup")
    # the night stops with three in: no winner, no places for them, until the chop
    assert [(e["player"], e["place"], e["prize"]) for e in before.entries] == [
        ("A", None, 0),
        ("B", None, 0),
        ("C", None, 0),
        ("D", 4, 0),
    ]
    result = tournament_result(db, "Spring Cup", changes={"chop": "chip-count"})
    assert [(e["player"], e["place"]) for e in result.entries][:3] == [("A", 1), ("B", 2), ("C", 3)]
    prizes = {e["player"]: e["prize"] for e in result.entries}
    # places 1-3 pay 4000; each gets 3rd prize (400), the other 2800 go by chips 25:10:5
    assert prizes == {"A": 2150, "B": 1100, "C": 750, "D": 0}
    import_outcomes(db, cup_hands()[2:], "cup-late.bhh")  # the rest of the night arrives
    after = tournament_result(db, "Spring Cup")
    assert after.terms.chop == "chip-count"
    assert sum(int(str(e["prize"])) for e in after.entries) == 4000


def test_a_chop_of_a_tournament_played_down_to_its_winner_is_refused(tmp_path: Path) -> None:
    """docs/ledger.md, *Tournaments*: a chop is among the players left at the end, who agreed
    to stop.  examples/tournament.bhh plays Spring Freezeout down to Kira alone: ``--chop
    even`` was stored and shown ("payouts 70/30 %, chop even") though it changed no prize.
    It is refused, nothing recorded; ``--chop none`` is still taken."""
    import json

    from tests.helpers.paths import EXAMPLES

    runner = CliRunner()
    db = str(tmp_path / "club.db")
    night = str(EXAMPLES / "tournament.bhh")
    assert runner.invoke(app, ["import", night, "--db", db]).exit_code == 0
    event = ["tournament", "--event", "Spring Freezeout", "--db", db]
    refused = runner.invoke(app, [*event, "--chop", "even"])
    assert refused.exit_code == 1, refused.output
    said = " ".join(refused.output.split())
    assert "Spring Freezeout (2024-04-12): nothing to chop: its hands leave only Kira" in said
    shown = runner.invoke(app, [*event, "--json"])
    assert json.loads(shown.output)["terms"]["chop"] is None
    assert runner.invoke(app, [*event, "--chop", "none"]).exit_code == 0


def test_rebuys_and_add_ons_feed_the_prize_pool() -> None:
    db = open_ledger(None)
    session = Session(kind="tournament", name="Rebuy Night", buy_in=500, payouts=(100,))
    h1 = hand("1", {"A": 1000, "B": 1000}, {"A": 1000, "B": 1000}, {"A": 2000}, session=session)
    h2 = hand(
        "2",
        {"A": 2000, "B": 1000},
        {"A": 1000, "B": 1000},
        {"A": 2000},
        session=session,
        changes=(StackChange("B", 1000, "rebuy"), StackChange("A", 500, "add-on")),
    )
    import_outcomes(db, [h1, h2], "rebuy.bhh")
    result = tournament_result(db, "Rebuy Night")
    assert result.pool == 500 * 2 + 500 + 500  # two buy-ins, B's rebuy, A's add-on
    got = {e["player"]: (e["place"], e["rebuys"], e["add_ons"], e["won"]) for e in result.entries}
    assert got == {"A": (1, 0, 1, 1000), "B": (2, 1, 0, -1000)}


def test_without_a_payout_table_no_prize_is_invented() -> None:
    db = open_ledger(None)
    no_table = Session(kind="tournament", name="Loose Cup", buy_in=1000)
    import_outcomes(db, cup_hands(no_table), "loose.bhh")
    result = tournament_result(db, "Loose Cup")
    assert result.pool == 4000 and all(e["prize"] == 0 for e in result.entries)
    settlement = settle_event(db, "Loose Cup")
    assert settlement.balances["*prize pool*"] == 4000 and settlement.net == 0


# --- places the field cannot fill ------------------------------------------------------------
# prizes.py: "Places the field cannot fill (more paid places than entrants) pay nothing and
# their money stays with first place"; docs/ledger.md: "prizes add up to the pool exactly".


def test_a_payout_table_longer_than_the_field_pays_the_unfilled_places_to_first() -> None:
    assert prize_table(2000, (50, 30, 20), entrants=2) == [1400, 600]
    assert prize_table(2000, (50, 30, 20), entrants=1) == [2000]
    assert prize_table(2000, (50, 30, 20), entrants=3) == [1000, 600, 400]
    assert prize_table(2000, (50, 30, 20), entrants=9) == [1000, 600, 400]
    assert prize_table(0, (50, 30, 20), entrants=0) == []


def test_a_chip_count_chop_pays_no_share_below_zero() -> None:
    """A payout table that pays a later place more than a better one (``0/0/0/100``, which
    ``validate_payouts`` allows) with three players left: each keeps the smallest prize of the
    chop's places, 0, and the 7 go by chips.  Taking the last place's prize (7) for everyone
    made the chip leader's share -2 (the property below found it)."""
    finishes = [
        Finish("p1", 1, 1, 3000),
        Finish("p2", 2, 2, 2000),
        Finish("p3", 3, 4, 1000),
        Finish("p4", 3, 4, 1000),
    ]
    prizes = prize_table(7, [0, 0, 0, 100], 1, entrants=4)
    won = award_prizes(finishes, prizes, 1)
    won.update(chop(finishes, prizes, "chip-count", 1))
    assert sum(won.values()) == 7
    assert all(v >= 0 for v in won.values()), won


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 5), min_size=1, max_size=7),  # sizes of the groups sharing a place
    st.lists(st.integers(0, 100), min_size=0, max_size=8).filter(lambda t: sum(t) <= 100),
    st.integers(0, 10**6),
    st.sampled_from([1, 5, 100]),
    st.integers(0, 4),  # how many of the groups are still in (chips), from the top
    st.sampled_from([None, "even", "chip-count"]),
)
def test_every_field_is_paid_the_whole_pool(
    groups: list[int],
    head: list[int],
    pool: int,
    unit: int,
    live_groups: int,
    method: str | None,
) -> None:
    """Whatever the field (ties included, fewer entrants than paid places) and chop, the
    prizes add up to the pool."""
    table = [*head, 100 - sum(head)]
    finishes: list[Finish] = []
    place = 1
    for g, size in enumerate(groups):
        chips = 1000 * (len(groups) - g) if g < live_groups else 0
        finishes += [Finish(f"p{place + i}", place, place + size - 1, chips) for i in range(size)]
        place += size
    prizes = prize_table(pool, table, unit, entrants=len(finishes))
    won = award_prizes(finishes, prizes, unit)
    if method is not None:
        won.update(chop(finishes, prizes, method, unit))  # type: ignore[arg-type]
    assert sum(won.values()) == pool
    assert all(v >= 0 for v in won.values())


HEADS_UP = Session(
    kind="tournament", name="Two Up", buy_in=1000, starting_chips=200, payouts=(50, 30, 20)
)


def heads_up_hands(*, rebuy: bool = False) -> list[HandOutcome]:
    """Kira and Noor, 50/30/20: Noor busts (after a rebuy, with ``rebuy``)."""
    hands = []
    if rebuy:
        hands.append(
            hand("0", {"K": 200, "N": 200}, {"K": 200, "N": 200}, {"K": 400}, session=HEADS_UP)
        )
    n_start = 200
    k_start = 400 if rebuy else 200
    hands.append(
        hand(
            "1",
            {"K": k_start, "N": n_start},
            {"K": n_start, "N": n_start},
            {"K": 2 * n_start},
            session=HEADS_UP,
            changes=(StackChange("N", 200, "rebuy"),) if rebuy else (),
        )
    )
    return hands


@pytest.mark.parametrize(
    ("rebuy", "changes", "want"),
    [
        (False, {}, {"K": (1400, 0), "N": (600, 0)}),
        # pool 3000 (a rebuy): 70 % / 30 %
        (True, {}, {"K": (2100, 0), "N": (900, 0)}),
        # bounty 2.50: pool 1500 → 1050 / 450; Kira takes Noor's bounty and keeps her own
        (False, {"bounty": 250}, {"K": (1050, 500), "N": (450, 0)}),
        (True, {"bounty": 250}, {"K": (1750, 500), "N": (750, 0)}),
        # prizes rounded to whole euros: 2nd gets 600 (6.00) all the same
        (False, {"prize_unit": 100}, {"K": (1400, 0), "N": (600, 0)}),
    ],
)
def test_a_heads_up_tournament_pays_its_whole_pool(
    rebuy: bool, changes: dict[str, object], want: dict[str, tuple[int, int]]
) -> None:
    db = open_ledger(None)
    import_outcomes(db, heads_up_hands(rebuy=rebuy), "two.bhh")
    result = tournament_result(db, "Two Up", changes=changes or None)
    got = {e["player"]: (e["prize"], e["bounty_won"]) for e in result.entries}
    assert got == want
    assert sum(int(str(e["won"])) for e in result.entries) == 0
    settlement = settle_event(db, "Two Up")
    assert "*prize pool*" not in settlement.balances and settlement.net == 0


def test_a_chop_of_a_short_field_pays_its_whole_pool() -> None:
    """Two players of a 50/30/20 table chop heads-up: the unfilled third place's money is
    part of what they share."""
    db = open_ledger(None)
    still_in = hand("1", {"K": 250, "N": 150}, {"K": 50, "N": 50}, {"K": 100}, session=HEADS_UP)
    import_outcomes(db, [still_in], "two.bhh")
    even = tournament_result(db, "Two Up", changes={"chop": "even"})
    assert {e["player"]: e["prize"] for e in even.entries} == {"K": 1000, "N": 1000}
    by_chips = tournament_result(db, "Two Up", changes={"chop": "chip-count"})
    # the hand leaves K 300, N 100: each gets 2nd prize (600), the other 800 by chips 3:1
    assert {e["player"]: e["prize"] for e in by_chips.entries} == {"K": 1200, "N": 800}
    assert "*prize pool*" not in settle_event(db, "Two Up").balances


def test_players_tied_in_a_short_field_share_the_whole_pool() -> None:
    """Three entrants of a 50/30/15/5 table: the two who bust together share 2nd-3rd."""
    db = open_ledger(None)
    cup = Session(kind="tournament", name="Tie Cup", buy_in=1000, payouts=(50, 30, 15, 5))
    both = hand(
        "1",
        {"A": 100, "B": 100, "C": 100},
        {"A": 100, "B": 100, "C": 100},
        {"A": 300},
        session=cup,
    )
    import_outcomes(db, [both], "tie.bhh")
    result = tournament_result(db, "Tie Cup")
    # 3000: 4th place (5 %) is not filled → 1st 1650, 2nd-3rd share 900 + 450
    assert {e["player"]: e["prize"] for e in result.entries} == {"A": 1650, "B": 675, "C": 675}


def test_a_voided_tournament_says_so_where_its_prizes_are_shown() -> None:
    """``void --event``: settle-up, standings and exports leave the tournament out, yet
    ``tournament --event`` showed its prizes and results as if they were owed, with nothing
    to say the night counts for nothing."""
    from badugi_ledger.ledger.corrections import void

    db = open_ledger(None)
    import_outcomes(db, cup_hands(), "cup.bhh")
    assert tournament_result(db, "Spring Cup").void is None
    void(db, "Spring Cup", None, "dealt with a short deck")
    result = tournament_result(db, "Spring Cup")
    assert result.void == "dealt with a short deck"
    assert "void (dealt with a short deck)" in result.text_lines()[1]
    assert result.as_dict()["void"] == "dealt with a short deck"


def test_a_bounty_follows_a_carried_pot_through_a_voided_hand_that_carried_it_on(
    tmp_path: Path,
) -> None:
    """Dan busts into a pot that carries; the next hand carries it again (nobody qualifies) and
    is voided; Ben wins it in the hand after.  The voided hand took nothing and passed the pot
    on: Dan's bounty is Ben's (it stayed with Dan)."""
    again = PROGRESSIVE_CUP.replace(
        "hand P2 · button Ben · Anna · Ben\nAnna bets 10 all-in · Ben folds\nAnna collects 205\n"
        "final: Anna 215 · Ben 85\n",
        "hand P2 · button Ben · Anna · Ben\nAnna checks · Ben checks\n"
        "draw: Anna 1 · Ben 1\nAnna checks · Ben checks\ndraw: Anna 1 · Ben 1\n"
        "Anna checks · Ben checks\ndraw: Anna 1 · Ben 1\nAnna checks · Ben checks\n"
        "show: Anna Kc Ks 7h 5s · Ben Kh Kd 4d 2c\ncarry 205\nfinal: Anna 10 · Ben 85\n\n"
        "hand P3 · button Anna · Anna · Ben\nBen bets 10 · Anna folds\nBen collects 205\n"
        "final: Anna 10 · Ben 290\n",
    )
    assert again != PROGRESSIVE_CUP
    entries = _entries_after_voiding(tmp_path, again, 4, "P2")
    got = {e["player"]: (e["bounties"], e["bounty_won"]) for e in entries}
    assert got["Dan"] == (0, 0) and got["Ben"] == (1, 200), got


def test_a_tournament_every_hand_of_which_is_voided_counts_for_nothing(tmp_path: Path) -> None:
    """Each hand voided one by one: ``events`` said the tournament held no hand that counts
    and ``settle --event`` refused it, while standings and a season's settle-up still paid
    its prizes and charged its buy-ins (tournament audit).  It has no entrants."""
    night = tmp_path / "voidneg.bhh"
    night.write_text(VOID_NEG, encoding="utf-8")
    db = tmp_path / "club.db"
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(night), "--db", str(db)]).exit_code == 0
    for number in ("1", "2", "3"):
        args = ["void", "--db", str(db), "--event", "VoidNeg", "--hand", number, "--reason", "x"]
        assert runner.invoke(app, args).exit_code == 0
    with ledger_at(db) as ledger:
        result = tournament_result(ledger, "VoidNeg")
        assert result.entries == () and result.pool == 0
    standings = runner.invoke(app, ["standings", "--db", str(db), "--kind", "tournament"])
    assert "(no results)" in standings.stdout, standings.output


def test_opening_a_ledger_recomputes_its_tournaments_with_voided_hands(tmp_path: Path) -> None:
    """A ledger made before (schema 21) holds Ann at -100 chips and out of the chop: opening it
    recomputes the tournaments with a voided hand (migration 22)."""
    import sqlite3

    night = tmp_path / "voidneg.bhh"
    night.write_text(VOID_NEG, encoding="utf-8")
    db = tmp_path / "club.db"
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(night), "--db", str(db)]).exit_code == 0
    args = ["void", "--db", str(db), "--event", "VoidNeg", "--hand", "1", "--reason", "x"]
    assert runner.invoke(app, args).exit_code == 0
    with sqlite3.connect(db) as conn:  # as the code before stored it
        conn.execute(
            "UPDATE tournament_entries SET chips = -100 WHERE alias_id = "
            "(SELECT id FROM aliases WHERE name = 'Ann')"
        )
        conn.execute("DELETE FROM schema_version WHERE version >= 22")
    conn.close()
    with ledger_at(db) as ledger:
        entries = {str(e["player"]): e for e in tournament_result(ledger, "VoidNeg").entries}
    assert entries["Ann"]["chips"] == 0


def test_an_even_chop_gives_units_left_over_one_each() -> None:
    """80.00 in three leaves two cents: one each to the first two (ledger/prizes.py: "units
    left over go one each"), never both to the first; tied places share the same way."""
    live = [Finish("Kira", 1, 1, 400), Finish("Noor", 2, 2, 250), Finish("Bram", 3, 3, 150)]
    assert chop(live, [4000, 2400, 1600], "even") == {"Kira": 2667, "Noor": 2667, "Bram": 2666}
    tied = [Finish("A", 1, 1), Finish("B", 2, 4), Finish("C", 2, 4), Finish("D", 2, 4)]
    assert award_prizes(tied, [5000, 2000, 1000, 503]) == {
        "A": 5000,
        "B": 1168,
        "C": 1168,
        "D": 1167,
    }


def test_a_chip_count_chop_gives_units_left_over_to_the_chip_leader() -> None:
    """Floor 12.00 each, 44.00 shared by chips 415/195/190: 22.825, 10.725, 10.45 rounded down
    to whole cents leave one cent, the chip leader's."""
    live = [Finish("Noor", 2, 2, 195), Finish("Kira", 1, 1, 415), Finish("Bram", 3, 3, 190)]
    assert chop(live, [4800, 2000, 1200], "chip-count") == {
        "Kira": 3483,
        "Noor": 2272,
        "Bram": 2245,
    }
