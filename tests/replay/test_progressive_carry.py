"""Where a Progressive Badugi pot carried into a hand goes when the hand has side pots.

``002``: "The carried-over pot is added to the money wagered in the new hand. It goes to the
winner of the next pot that is won, whether at showdown or by all other players folding."
(seeds README item 5 says the same.)  A side pot won by folds while the main pot finds no
qualifying hand is such a pot: the carried pot goes to its winner, and only the hand's own
main pot carries on.
"""

from __future__ import annotations

import json
from pathlib import Path

from badugi_ledger.hands.pots import next_pot_won
from badugi_ledger.model.events import HandRecord, Post
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.reports.hand_text import render_hand
from badugi_ledger.reports.hand_view import hand_views
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES

HEADER = "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"

CARRIED = """
hand P1 · button A · A 100 · B 6 · C 100
A calls · B calls · C checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
show: B Kd Qh Js Tc · C Ks Qc Jd Th · A Kc Qd Jh Ts
carry 6
"""

# B is all-in for 4 in the second round: the main pot (B and C, 18 with the carried 6) finds no
# qualifying hand at the showdown, while the side pot (8) is won by C when A folds.
SIDE_POT_WON_BY_FOLDS = """
hand P2 · button B · A · B · C
C bets · A calls · B calls
draw: C pat · A pat · B pat
C bets · A calls · B calls all-in
draw: C pat · A pat · B pat
C bets · A calls
draw: C pat · A pat · B pat
C bets · A folds
show: C Kd Qh Js Tc · B Ks Qc Jd Th
"""


def outcomes(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(HEADER + text, "<carry>")))


def test_a_side_pot_won_by_folds_takes_the_carried_pot_while_the_main_pot_carries() -> None:
    first, second = outcomes(
        CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 14 from side 1\ncarry 12\n"
    )
    assert first.result is not None and first.result.carry_out == 6
    result = second.result
    assert result is not None and not second.errors
    assert result.carry_in == 6
    main, side = result.pots
    assert (main.name, main.amount, dict(main.shares)) == ("main", 12, {})
    assert (side.name, side.amount, dict(side.shares)) == ("side 1", 14, {"C": 14})
    assert result.carry_out == 12 and dict(result.payouts) == {"C": 14}


def test_the_old_reading_of_the_same_hand_is_a_mismatch() -> None:
    """Recorded as if the carried pot carried on with the main pot: both claims are wrong."""
    _, second = outcomes(CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 8 from side 1\ncarry 18\n")
    assert [v.rule for v in second.errors] == ["collect", "carry-out"]
    assert "C collects 8 from the side 1 pot, but is owed 14" in second.errors[0].message
    assert second.result is not None and second.result.carry_out == 12


def test_the_hand_view_names_the_pot_the_carried_pot_went_to(tmp_path: Path) -> None:
    path = tmp_path / "carry.bhh"
    path.write_text(
        HEADER + CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 14 from side 1\ncarry 12\n"
    )
    views = list(hand_views([path]))
    assert "carried in: 6 (in the side 1 pot)" in render_hand(views[1])


def test_next_pot_won_is_the_first_pot_that_does_not_carry() -> None:
    assert next_pot_won([False, False]) == 0
    assert next_pot_won([True, False, False]) == 1
    assert next_pot_won([True, True, False]) == 2
    assert next_pot_won([True, True]) == 0  # nothing won: it carries on in the main pot


# --- a carried pot stated: the hand that carried it is in another file ---------------------

NIGHT = EXAMPLES / "progressive_night.bhh"


def split_night(folder: Path, carried: str = "carry in 12\n") -> tuple[Path, Path]:
    """``examples/progressive_night.bhh`` cut after hand P1 (``carry 12``): the second file
    starts at the redeal P2 with its stacks stated and ``carried`` written after its hand line."""
    text = NIGHT.read_text(encoding="utf-8")
    cut = text.index("\nhand P2 ·") + 1
    head = text[: text.index("\nhand P1 ·") + 1]
    rest = text[cut:].replace(
        "hand P2 · button Anna · Anna · Ben · Cara · Dan",
        "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\n" + carried.rstrip("\n"),
        1,
    )
    first, second = folder / "p1.bhh", folder / "p2.bhh"
    first.write_text(text[:cut], encoding="utf-8")
    second.write_text(head + rest, encoding="utf-8")
    return first, second


def test_a_night_split_after_a_carry_checks_and_stores_as_the_whole_night(tmp_path: Path) -> None:
    """``002``: the carried pot goes to the winner of the next pot won, also when that hand is
    recorded in another file: ``carry in 12`` states it there, the hand is a redeal (no blinds,
    ``redeal-posts no``), Dan collects 26 + 12, and the ledger holds what the one-file night
    holds: every balance the same, the carry account back to nothing."""
    from badugi_ledger.check import run_check
    from tests.helpers.ledger_files import import_into
    from tests.ledger.test_ledger_identity import invoke

    first, second = split_night(tmp_path)
    checked = run_check([first, second], jobs=1)
    lines = list(checked.lines())
    assert checked.all_ok, lines
    for db, paths in ((tmp_path / "split.db", [first, second]), (tmp_path / "one.db", [NIGHT])):
        report = import_into(db, paths)
        assert (report.stored, report.rejected) == (3, 0)
    balances = [
        json.loads(invoke("settle", "--event", "Progressive night", "--db", db, "--json")[1])[
            "balances"
        ]
        for db in (tmp_path / "split.db", tmp_path / "one.db")
    ]
    assert balances[0] == balances[1] and "*carry*" not in balances[0]


def test_a_stated_carried_pot_is_held_to_the_tables_own(tmp_path: Path) -> None:
    """In one stream with the hand that carried the pot, a stated carried-in pot that is not
    that hand's is a mismatch at its line (``carry-carried``); the same as the table's is
    none; a second hand stating it makes it no redeal in words only."""
    first, second = split_night(tmp_path, "carry in 10\n")
    one = first.read_text(encoding="utf-8") + "\n" + second.read_text(encoding="utf-8")
    outcomes = list(replay_stream(parse_text(one, "night.bhh")))
    p2 = outcomes[1]
    assert p2.errors[0].rule == "carry-carried"
    assert p2.errors[0].message == (
        "the hand states a carried-in pot of 10, but the table's previous hand carried 12"
    )
    right = one.replace("carry in 10", "carry in 12")
    assert all(o.ok for o in replay_stream(parse_text(right, "night.bhh")))


def test_a_carried_pot_is_written_between_hands() -> None:
    """``carry in N`` comes before the hand's play, as rebuys do: written after a deal it is
    an error where it stands, and the canonical writer puts it back after the hand line."""
    from badugi_ledger.model.events import CarryIn
    from badugi_ledger.text.writer import write_hand

    text = HEADER + "hand 1 · button A · A 100 · B 100\ncarry in 6\nA folds\nB collects 6\n"
    (record,) = parse_text(text, "c.bhh")
    assert isinstance(record, HandRecord) and CarryIn(6) in record.events
    assert not any(type(e).__name__ == "Post" for e in record.events)  # a redeal: no blinds
    lines = write_hand(record).splitlines()
    assert lines[lines.index("hand 1 · button A · A 100 · B 100") + 1] == "carry in 6"
    late = text.replace("carry in 6\nA folds", "A folds\ncarry in 6")
    (error,) = parse_text(late, "c.bhh")
    assert not isinstance(error, HandRecord)


def test_a_carried_pot_of_money_is_refused_in_money(tmp_path: Path) -> None:
    """The same refusal at a table played for cents of a currency names its amounts as money
    (the chips the message says in a game of chips would be cents called chips here)."""
    from tests.helpers.ledger_files import import_into

    night = NIGHT.read_text(encoding="utf-8").replace(
        "qualifier 9 ·", "currency USD · qualifier 9 ·", 1
    )
    first = tmp_path / "p1.bhh"
    first.write_text(night[: night.index("\nhand P2 ·") + 1], encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [first]).files[0].error is None
    head = night[: night.index("\nhand P1 ·") + 1]
    too_much = tmp_path / "more.bhh"
    too_much.write_text(
        head + "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in 20\n"
        "Ben folds · Cara folds · Dan folds\nAnna collects 20\n",
        encoding="utf-8",
    )
    (report,) = import_into(db, [too_much]).files
    assert report.error is not None
    assert "takes 0.20 USD of carried" in report.error
    assert "carried 0.12 USD" in report.error


def test_the_ledger_never_pays_a_carried_pot_it_does_not_hold(tmp_path: Path) -> None:
    """Files imported one by one: a ``carry in`` of more than hand P1 carried, or the same pot
    taken again by another file's hand, would make the carry account pay chips nobody put in:
    such a file is not imported.  The right amount is."""
    from tests.helpers.ledger_files import import_into

    first, second = split_night(tmp_path)
    db = tmp_path / "club.db"
    import_into(db, [first])
    text = NIGHT.read_text(encoding="utf-8")
    head = text[: text.index("\nhand P1 ·") + 1]
    too_much = tmp_path / "more.bhh"  # a redeal all fold to Anna: she takes the 20 stated
    too_much.write_text(
        head + "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in 20\n"
        "Ben folds · Cara folds · Dan folds\nAnna collects 20\n",
        encoding="utf-8",
    )
    (report,) = import_into(db, [too_much]).files
    assert report.error is not None and "takes 20 chips of carried" in report.error
    assert import_into(db, [second]).files[0].stored == 2
    again = tmp_path / "again.bhh"
    again.write_text(  # (Cara shows another losing hand: not a copy of the second file)
        second.read_text(encoding="utf-8")
        .replace("hand P2 ", "hand Q2 ")
        .replace("hand P3 ", "hand Q3 ")
        .replace("Cara 9d 7s 5h 3c", "Cara 9d 7s 5h 3h"),
        encoding="utf-8",
    )
    (report,) = import_into(db, [again]).files
    assert report.error is not None and "takes a pot another hand took" in report.error


def test_a_hand_that_fails_adds_up_its_final_line_with_the_stated_carried_pot() -> None:
    """``002``: the carried pot is in the next hand's pot.  A hand that cannot be replayed
    (here a fixed-limit bet of the wrong size) is still held to its ``final:`` line adding up;
    the pot it states it carried in counts (as it does in a replayed hand), so B's 106 of
    the 100 + 100 + 6 is no chips created, and the line is trusted for the next hand."""
    text = (
        HEADER + "hand 1 · button A · A 100 · B 100\ncarry in 6\nB bets 3\nA folds\n"
        "B collects 6\nfinal: A 100 · B 106\n"
    )
    (outcome,) = replay_stream(parse_text(text, "c.bhh"))
    assert [e.rule for e in outcome.errors] == ["bet-size"]
    created = text.replace("B 106", "B 112")
    (outcome,) = replay_stream(parse_text(created, "c.bhh"))
    assert [e.rule for e in outcome.errors] == ["bet-size", "chips-balance"]
    assert "the players started with 206: 6 chips created" in outcome.errors[1].message


def test_carry_in_is_progressive_badugi_only() -> None:
    text = "hand 1 · button A · A 100 · B 100\ncarry in 10\nB folds\nA collects 10\n"
    (error,) = parse_text("game badugi · fixed limit 2/4 · blinds 1/2\n" + text, "c.bhh")
    assert not isinstance(error, HandRecord)
    assert "this game (badugi) carries no pot" in error.message


ALL_MUCK = """
hand P1 · button A · A 100 · B 100 · C 100
A calls · B calls · C checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
show: B mucks · C mucks · A mucks
carry 6

hand P2 · button B · A · B · C
C bets · A folds · B folds
C collects 6
"""


def test_a_showdown_where_every_player_mucks_carries_the_pot() -> None:
    """``002``: "If the showdown is reached and no hand qualifies, the cards are thrown in and
    the pot stays in the middle."  Nobody showing, no hand qualifies: the pot carries (in plain
    Badugi the same showdown is refused: nobody can win the pot)."""
    first, second = outcomes(ALL_MUCK)
    assert not first.errors and first.result is not None and first.result.carry_out == 6
    assert not second.errors and second.result is not None
    assert dict(second.result.payouts) == {"C": 6}
    plain = list(replay_stream(parse_text(HEADER.replace("progressive ", "") + ALL_MUCK)))
    assert "pot-undetermined" in {v.rule for v in plain[0].errors}


def test_a_badugi_hand_after_a_carried_pot_posts_its_blinds() -> None:
    """Only a Progressive Badugi hand is a redeal that posts nothing (``002``, seeds README
    item 5, grammar/README.md "Forced bets"); a Badugi hand always posts its blinds (``000``).
    When a mixed night switches the table to Badugi after a Progressive hand that carried, the
    next hand still posts them: B and C post 1 and 2, A and B fold, and C takes the pot and,
    as the next pot won (``002``), the carried 6.  Read as a redeal, the hand lost its blinds
    and A's fold was refused (``turn-order``: B, left of the button, to act)."""
    badugi = """
game badugi
hand P2 · button A · A · B · C
A folds · B folds
C collects 8
final: A 98 · B 97 · C 105
"""
    first, second = outcomes(CARRIED.replace("B 6", "B 100") + badugi)
    assert not first.errors and not second.errors
    assert second.result is not None
    posts = [(e.player, e.kind) for e in second.record.events if type(e) is Post]
    assert posts == [("B", "small-blind"), ("C", "big-blind")]
    assert second.result.carry_in == 6 and dict(second.result.payouts) == {"C": 8}
    assert second.result.balance() == 0
