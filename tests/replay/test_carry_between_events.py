"""Stacks and carried Progressive Badugi pots stay within their event and unit.

A ``cash`` or ``tournament`` header starts a new session (``grammar/README.md``, "The
header"): a table's stacks and carried pot do not pass into another event's hands at a table
of the same name, in one file or across files.  A tournament's chips never count outside it
and a cash game's figures are in its own unit (``docs/ledger.md``, "Units"), so a pot carried
in chips is never taken in dollars, nor a tournament's pot in a cash game.  Within one unit a
pot may pass between nights (``002``: the carried pot "goes to the winner of the next pot that
is won"; last week's pot): ``tests/replay/test_progressive_carry.py``.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from tests.helpers.ledger_files import import_into
from tests.ledger.test_ledger_identity import invoke
from tests.replay.test_progressive_carry import NIGHT, split_night

TOURNAMENT = (
    "tournament Back room cup · date 2024-05-01 · buy-in 1000 · starting-chips 100 · payouts 100"
)
CASH = "cash Progressive night · date 2024-05-03 · place The back room · season 2024"


def test_a_new_session_at_the_same_table_starts_from_its_own_stacks() -> None:
    """A tournament's hand, then the same table's cash game in the same file: the cash hand
    does not start from the tournament's stacks (``stack-unknown`` where it states none), and
    stacks it states are not held against the tournament's (no ``stack-carried``)."""
    text = NIGHT.read_text(encoding="utf-8")
    cut = text.index("\nhand P2 ·") + 1
    p1 = text[:cut].replace(CASH, TOURNAMENT)
    rest = text[cut:].replace("carry 12", "")
    cash_header = "\n" + CASH + "\n\n"
    unstated = p1 + cash_header + rest
    outcomes = list(replay_stream(parse_text(unstated, "two.bhh")))
    assert outcomes[0].ok
    assert outcomes[1].errors[0].rule == "stack-unknown", outcomes[1].errors
    stated = (
        p1
        + cash_header
        + rest.replace(
            "hand P2 · button Anna · Anna · Ben · Cara · Dan",
            "hand P2 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100",
        )
    )
    outcomes = list(replay_stream(parse_text(stated, "two.bhh")))
    assert not any(v.rule == "stack-carried" for o in outcomes for v in o.errors), outcomes


def test_a_tournaments_carried_pot_does_not_pass_into_a_cash_game_in_the_same_file() -> None:
    """The tournament's hand P1 carries 12; the cash game's P2 at the same table starts
    without it: Dan collecting 26 + 12 there creates 12 chips (``chips-balance``)."""
    text = NIGHT.read_text(encoding="utf-8")
    cut = text.index("\nhand P2 ·") + 1
    both = (
        text[:cut].replace(CASH, TOURNAMENT)
        + "\n"
        + CASH
        + "\n\n"
        + text[cut:].replace(
            "hand P2 · button Anna · Anna · Ben · Cara · Dan",
            "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98",
        )
    )
    p2 = list(replay_stream(parse_text(both, "two.bhh")))[1]
    assert "chips-balance" in [v.rule for v in p2.errors], p2.errors


def test_a_pot_carried_in_chips_is_not_taken_in_money(tmp_path: Path) -> None:
    """The night split in two files, the second valued ``chips 1 = 1 USD``: its ``carry in
    12`` would pay 12 dollars out of a pot of 12 chips; the file is not imported, and says
    why.  In the night's own unit it is (``test_progressive_carry``)."""
    first, second = split_night(tmp_path)
    valued = second.read_text(encoding="utf-8").replace(
        CASH, "cash Progressive night two · date 2024-05-10 · season 2024 · chips 1 = 1 USD"
    )
    second.write_text(valued, encoding="utf-8")
    db = tmp_path / "club.db"
    import_into(db, [first])
    (report,) = import_into(db, [second]).files
    assert report.error is not None, report
    assert "the pots carried at this table were played in chips" in report.error
    assert "a carried pot stays in its unit" in report.error
    assert "played in chips of 1.00 USD, takes 12 chips" in report.error  # as events says


def test_a_pot_carried_in_valued_chips_is_named_as_every_report_names_its_unit(
    tmp_path: Path,
) -> None:
    """The first night's chips are worth 0.10 EUR, the second's are plain: the refusal says
    the pots were played in "chips of 0.10 EUR", as ``badugi-ledger events`` writes that unit."""
    first, second = split_night(tmp_path)
    valued = first.read_text(encoding="utf-8").replace(CASH, f"{CASH} · chips 10 = 1 EUR")
    first.write_text(valued, encoding="utf-8")
    db = tmp_path / "club.db"
    import_into(db, [first])
    (report,) = import_into(db, [second]).files
    assert report.error is not None, report
    assert "were played in chips of 0.10 EUR: a carried pot stays in its unit" in report.error


def test_a_tournaments_carried_pot_is_not_taken_by_a_cash_game(tmp_path: Path) -> None:
    first, second = split_night(tmp_path)
    first.write_text(first.read_text(encoding="utf-8").replace(CASH, TOURNAMENT), "utf-8")
    db = tmp_path / "club.db"
    import_into(db, [first])
    (report,) = import_into(db, [second]).files
    assert report.error is not None, report
    assert "played in the tournament Back room cup" in report.error


def test_a_pot_taken_by_another_nights_hand_is_not_voided_from_under_it(tmp_path: Path) -> None:
    """Night one's P1 carried 12 into night two's P2 (``carry in 12``, the same unit): voiding
    P1, or the whole of night one, would leave P2's 12 coming from nowhere; both are refused
    with what to void first.  Voiding P2 first, then P1, is allowed."""
    first, second = split_night(tmp_path)
    second.write_text(
        second.read_text(encoding="utf-8").replace(
            CASH, "cash Progressive night two · date 2024-05-10 · season 2024"
        ),
        "utf-8",
    )
    db = tmp_path / "club.db"
    report = import_into(db, [first, second], jobs=1)
    assert (report.stored, report.rejected) == (3, 0), report.files
    code, out = invoke(
        "void", "--event", "Progressive night", "--hand", "P1", "--reason", "x", "--db", db
    )
    assert code == 1 and "carried its pot of 12 chips into hand P2 of Progressive night two" in out
    code, out = invoke("void", "--event", "Progressive night", "--reason", "x", "--db", db)
    assert code == 1 and "void hand P2 of Progressive night two (2024-05-10) first" in out, out
    code, out = invoke(
        "void", "--event", "Progressive night two", "--hand", "P2", "--reason", "x", "--db", db
    )
    assert code == 0, out
    code, out = invoke(
        "void", "--event", "Progressive night", "--hand", "P1", "--reason", "x", "--db", db
    )
    assert code == 0, out
