"""Chips a site's file says a player bought during a hand go to the table's next hand.

Full Tilt prints a top-up (``Hero adds $0.10``: corpus ``fulltilt/Badugi-USD-0.05-0.10-201011
.Sample.Not.UTF16.txt``, hand 25340585274, after ``Hero folds``) and PokerStars a tournament's
rebuy or add-on (``X re-buys and receives 2000 chips for $1.00``, ``X takes the add-on and
receives 3000 chips for $2.00``, after the hand's collect lines).  The next hand of the table
states the stack with those chips: the next hand's record says the player bought them (a
``StackChange`` before it), and the replay carries the stack on, never a payout mismatch.

Every case is a pair of consecutive corpus hands with one such line written into the first,
as the site writes it, and the next hand's stack raised by as much.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.model.events import HandRecord, StackChange
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS

FTP_MIXED = "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
STARS_SNG = "pokerstars/LBad-USD-SNG8-201011.txt"


def _lines(name: str) -> list[str]:
    return decode_bytes((CORPUS / name).read_bytes()).replace("\r\n", "\n").split("\n")


def _hands_from(lines: list[str], first: str, count: int, start: str) -> list[str]:
    """``count`` hands of ``lines`` from the one whose header holds ``#first``."""
    begin = next(i for i, line in enumerate(lines) if f"#{first}:" in line)
    heads = [i for i, line in enumerate(lines) if line.startswith(start) and i >= begin]
    return lines[begin : heads[count]] if len(heads) > count else lines[begin:]


def _records(tmp_path: Path, lines: list[str]) -> list[HandRecord]:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [r for r in read_hands(path) if isinstance(r, HandRecord)]


def _check(tmp_path: Path) -> tuple[int, list[str]]:
    outcomes = list(run_check([tmp_path / "hands.txt"], jobs=1).outcomes())
    problems = {
        f"{o.hand_id}: {v.rule}"
        for o in outcomes
        for v in (*o.errors, *(o.result.violations if o.result else ()))
    }
    return len(outcomes), sorted(problems)


def test_a_full_tilt_top_up_printed_in_a_hand_is_bought_before_the_next(tmp_path: Path) -> None:
    """10Game hands 29704512429 and 29704563387 (Limit Badugi, table Jackrabbit): Full Tilt
    brought Sirocko from $77.50 back to $100 between them without a word; here it prints it,
    ``Sirocko adds $22.50``, in the first hand, as it prints Hero's ``adds $0.10`` in hand
    25340585274.  Read, the printed top-up was taken as the stack the hand left, and the next
    hand, which states $100, a payout mismatch (``stack-carried``)."""
    lines = _hands_from(_lines(FTP_MIXED), "29704512429", 2, "Full Tilt Poker Game #")
    at = lines.index("*** SUMMARY ***")
    lines.insert(at, "Sirocko adds $22.50")
    records = _records(tmp_path, lines)
    assert [r.hand_id for r in records] == ["29704512429", "29704563387"]
    changes = [e for e in records[1].events if isinstance(e, StackChange)]
    assert changes == [StackChange("Sirocko", 2250, "top-up")]
    assert not [e for e in records[0].events if isinstance(e, StackChange)]
    assert _check(tmp_path) == (2, [])


def test_a_pokerstars_rebuy_is_bought_before_the_next_hand(tmp_path: Path) -> None:
    """SNG hands 52588201462 and 52588301675 (tournament #330855877): Player1 re-buys in the
    first, as PokerStars writes it after the collect lines, and the next hand states his 1500
    and the 1500 bought.  The line was dropped as chatter: the 3000 was reported as a payout
    mismatch, as if the stack were edited, and no rebuy was charged."""
    lines = _hands_from(_lines(STARS_SNG), "52588201462", 2, "PokerStars Game #")
    at = lines.index("Player6 collected 100 from pot")
    lines.insert(at + 1, "Player1 re-buys and receives 1500 chips for $1.00")
    seat = lines.index("Seat 5: Player1 (1500 in chips) ", at)
    lines[seat] = "Seat 5: Player1 (3000 in chips) "
    records = _records(tmp_path, lines)
    changes = [e for e in records[1].events if isinstance(e, StackChange)]
    assert changes == [StackChange("Player1", 1500, "rebuy")]
    assert _check(tmp_path) == (2, [])


def test_a_pokerstars_add_on_is_bought_before_the_next_hand(tmp_path: Path) -> None:
    """As above, the add-on's words (``takes the add-on and receives``), for two players."""
    lines = _hands_from(_lines(STARS_SNG), "52588201462", 2, "PokerStars Game #")
    at = lines.index("Player6 collected 100 from pot")
    lines[at + 1 : at + 1] = [
        "Player1 takes the add-on and receives 3000 chips for $1.00",
        "Player7 takes the add-on and receives 3000 chips for $1.00",
    ]
    for old, new in (
        ("Seat 5: Player1 (1500 in chips) ", "Seat 5: Player1 (4500 in chips) "),
        ("Seat 1: Player7 (1500 in chips) ", "Seat 1: Player7 (4500 in chips) "),
    ):
        lines[lines.index(old, at)] = new
    records = _records(tmp_path, lines)
    changes = [e for e in records[1].events if isinstance(e, StackChange)]
    assert changes == [
        StackChange("Player1", 3000, "add-on"),
        StackChange("Player7", 3000, "add-on"),
    ]
    assert _check(tmp_path) == (2, [])


def test_a_raised_tournament_stack_with_no_rebuy_line_is_still_a_mismatch(tmp_path: Path) -> None:
    """The same two SNG hands with Player1's stack raised and no line saying why: tournament
    chips are bought only as the file says, so the replay reports the stack it carried."""
    lines = _hands_from(_lines(STARS_SNG), "52588201462", 2, "PokerStars Game #")
    seat = lines.index("Seat 5: Player1 (1500 in chips) ", 40)
    lines[seat] = "Seat 5: Player1 (3000 in chips) "
    records = _records(tmp_path, lines)
    assert not [e for e in records[1].events if isinstance(e, StackChange)]
    assert _check(tmp_path) == (2, ["52588301675: stack-carried"])
