"""A Progressive Badugi hand whose carried-in pot is not known is still replayed: its own
mistakes are listed, and it stays not settled (``carry-unknown``).

``examples/progressive_night.bhh`` (seed ``002``: the pot nobody won carries to the next hand,
a redeal with no blinds, ``redeal-posts no``): hand P1 carries 12, P2 takes it.  With P1
unreadable (``Ben betz``), P2 took the pot of a hand the ledger never stores, so it is not
settled; but its turn order, draws, cards and the claims that do not need the pot are its own,
and "one bad hand hides every later mistake in a night" must never be true.

* P1's ``carry 12`` line reads: P2 is checked with the 12 its record states (payouts too).
* P1 records neither a carry nor a collection: P2 is checked with no pot carried and with one
  carried (any amount): what it breaks either way is listed, nothing that the pot could
  explain (a redeal's turn order, pot-limit sizes, payouts).
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
UNREADABLE = NIGHT.replace("Ben bets · Cara calls · Dan folds", "Ben betz · Cara calls · Dan folds")
NO_CARRY = UNREADABLE.replace("\ncarry 12\n", "\n")
OUT_OF_TURN = ("Ben checks · Cara bets · Dan calls", "Cara bets · Ben checks · Dan calls")


def outcomes(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(text, "night.bhh")))


def rules(outcome: HandOutcome) -> list[tuple[str, str]]:
    return [(e.rule, e.kind) for e in outcome.errors]


def line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if words in line)


def test_the_pot_an_unreadable_hand_records_checks_the_next_hand() -> None:
    assert UNREADABLE != NIGHT
    p1, p2, p3 = outcomes(UNREADABLE)
    assert rules(p1) == [("parse", "illegal")]
    assert rules(p2) == [("carry-unknown", "incomplete")]
    assert "checked with the pot of 12" in p2.errors[0].message
    assert p2.result is not None and p2.result.carry_in == 12
    assert p2.result.payouts["Dan"] == 38  # the 26 of P2 and the 12 P1 records
    assert p3.ok, p3.errors  # P2's final: line gives the stacks P3 starts from


def test_a_wrong_payout_of_the_hand_after_is_listed() -> None:
    wrong = UNREADABLE.replace("Dan collects 38", "Dan collects 39")
    p2 = outcomes(wrong)[1]
    assert rules(p2)[0] == ("carry-unknown", "incomplete")
    assert ("collect", "mismatch") in rules(p2), p2.errors
    assert any(e.pos.line == line_of(wrong, "Dan collects 39") for e in p2.errors)


def test_an_out_of_turn_action_of_the_hand_after_is_listed() -> None:
    for text in (UNREADABLE, NO_CARRY):
        wrong = text.replace(*OUT_OF_TURN)
        p2 = outcomes(wrong)[1]
        assert rules(p2) == [("carry-unknown", "incomplete"), ("turn-order", "illegal")]
        assert p2.errors[1].pos.line == line_of(wrong, "Cara bets · Ben checks")


def test_a_wrong_final_line_of_the_hand_after_is_listed() -> None:
    """P2 states the stacks P1 left (P1's own are unknown): its ``final:`` line is checked with
    the pot of 12 on record, and Anna's 97 is one chip short of what she kept."""
    stated = UNREADABLE.replace(
        "hand P2 · button Anna · Anna · Ben · Cara · Dan",
        "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98",
    )
    p2 = outcomes(stated)[1]
    assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors
    wrong = stated.replace("final: Anna 98 · Ben 94", "final: Anna 97 · Ben 94")
    p2 = outcomes(wrong)[1]
    assert rules(p2)[0] == ("carry-unknown", "incomplete")
    assert ("final-stack", "mismatch") in rules(p2), p2.errors


def test_with_no_pot_recorded_what_the_pot_decides_is_not_reported() -> None:
    """P1 records neither ``carry 12`` nor a collection: whether P2 is a redeal and what it
    pays are unknown.  The legal P2 and a P2 whose collection is any figure are not settled
    only (a false violation would be the pot's, not the hand's)."""
    _, p2, _ = outcomes(NO_CARRY)
    assert rules(p2) == [("carry-unknown", "incomplete")]
    assert "what it breaks either way is listed" in p2.errors[0].message
    for collected in ("Dan collects 39", "Dan collects 26"):
        p2 = outcomes(NO_CARRY.replace("Dan collects 38", collected))[1]
        assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors


def test_with_no_pot_recorded_a_wrong_card_count_is_listed() -> None:
    """A draw of more cards than a hand holds breaks ``000``.  Played as the redeal it is, P2
    breaks that rule at its second draw; as a hand with blinds, Ben's first check is out of
    turn: the hand breaks a rule either way, and each is listed with the pot it holds for."""
    wrong = NO_CARRY.replace("draw: Ben 1 · Cara 2 · Dan 1", "draw: Ben 1 · Cara 5 · Dan 1")
    p2 = outcomes(wrong)[1]
    assert rules(p2)[0] == ("carry-unknown", "incomplete")
    assert [e.kind for e in p2.errors[1:]] == ["illegal", "illegal"], p2.errors
    none, some = p2.errors[1:]
    assert none.message.startswith("if no pot was carried in: ")
    assert (none.rule, none.pos.line) == ("turn-order", line_of(wrong, "Ben checks · Cara bets"))
    assert some.message.startswith("if a pot was carried in (a redeal): ")
    assert some.pos.line == line_of(wrong, "Cara 5")


def test_with_no_pot_recorded_a_pot_limit_bet_the_pot_allows_is_not_reported() -> None:
    """Pot limit: the most a player may bet is the pot, carried pot included (``002``).  Hand 1
    breaks the order of play (Ben acts before the button) and records neither a carry nor a
    collection: with the pot carried into hand 2 unknown, Anna's bet of 30 into a pot of no
    chips of the hand's own may be within it, as a redeal's: not reported."""
    head = "game progressive badugi · pot limit · blinds 1/2\n"
    text = (
        head
        + "hand 1 · button Anna · Anna 100 · Ben 100\nBen raises\n\n"
        + "hand 2 · button Ben · Anna 100 · Ben 100\nAnna bets 30 · Ben folds\nAnna collects 30\n"
    )
    two = outcomes(text)[1]
    assert rules(two) == [("carry-unknown", "incomplete")], two.errors


def test_the_ledger_never_stores_the_hand_taking_an_unreadable_hands_pot(tmp_path: Path) -> None:
    """The import stores no hand whose carried pot came from a hand it does not store
    (``ledger/carried_pots.py``): P2 is checked in full now, and legal, but still refused."""
    night = tmp_path / "night.bhh"
    night.write_text(UNREADABLE, encoding="utf-8")
    (file,) = import_into(tmp_path / "club.db", [night]).files
    assert [r.hand for r in file.rejected] == ["P1", "P2"]
    assert any("[carry-unknown]" in why for why in file.rejected[1].reasons)
    assert file.stored == 1  # P3, from the stacks of P2's final: line


MERGED = NIGHT.replace("hand P2 · button Anna", "button Anna").replace("Ben bets ·", "Ben betz ·")
"""P2's hand line damaged (its ``hand P2`` lost, as a typing slip may): P1's and P2's lines read
as one hand that cannot be read, with P1's ``carry 12`` and then P2's ``Dan collects 38``.
Whether the pot came into P3 is unknown: the collection may be of a hand after the carry."""


def test_after_a_carry_then_a_collection_unread_the_next_hands_blinds_are_played() -> None:
    """P3 writes no blinds and is legal as played (``000``: Cara and Dan post the blinds, Anna
    opens).  The reader, having read ``carry 12`` in the unreadable lines, took P3 for a redeal
    and implied no blinds (``002``): as if no pot came in, P3 posts them, and nothing is a
    violation either way (a redeal's Cara opening would be the pot's to decide)."""
    p1, p3 = outcomes(MERGED)
    # ``betz`` and the lost hand line (``button Anna …``): each line that cannot be read
    assert rules(p1) == [("parse", "illegal")] * 2
    assert rules(p3) == [("carry-unknown", "incomplete")], p3.errors
    assert p3.record is not None and p3.record.redeal_implied  # (the reader's guess, said)


def test_after_a_carry_then_a_collection_unread_a_redeals_broken_rule_is_listed() -> None:
    """The same unreadable lines, and P3 a redeal (P2 carried its pot too, ``carry 38``) that
    draws five cards (``000``: a hand holds four): played as the redeal, P3 breaks it at its
    draw; with the blinds (no pot came in) Cara's first check is out of turn.  Both listed."""
    carried = MERGED.replace("Dan collects 38\n", "carry 38\n")
    carried = carried.replace(
        "Anna raises · Ben folds · Cara folds · Dan folds\nAnna collects 5\n",
        "Cara checks · Dan checks · Anna checks · Ben checks\ndraw: Cara 5 · Dan 1\n",
    )
    p3 = outcomes(carried)[1]
    assert p3.record is not None and p3.record.redeal_implied
    assert rules(p3) == [
        ("carry-unknown", "incomplete"),
        ("turn-order", "illegal"),
        ("draw-count", "illegal"),
    ], p3.errors
    none, some = p3.errors[1:]
    assert none.message.startswith("if no pot was carried in: ")
    assert some.message.startswith("if a pot was carried in (a redeal): ")
    assert some.pos.line == line_of(carried, "draw: Cara 5")


def test_the_pot_a_hand_of_unknown_pot_carries_on_is_its_carry_lines() -> None:
    """P1 records neither a carry nor a collection; P2 (whose carried-in pot is unknown)
    carries its own pot on, nobody qualifying (``002``: K-high and Q-high badugis, qualifier
    9), and writes ``carry 26``.  P3, the redeal taking it, is checked with the 26 on record
    there, not settled: everyone folds to Cara's bet, which she takes back with the 26 (her
    collection), and a collection of 27 is listed."""
    carried = (
        NO_CARRY.replace(
            "show: Dan 8h 6c 4d 2s · Cara 9d 7s 5h 3c", "show: Dan Kh 6c 4d 2s · Cara Qd 7s 5h 3c"
        )
        .replace("Dan collects 38\nfinal: Anna 98 · Ben 94 · Cara 84 · Dan 124\n", "carry 26\n")
        .replace(
            "Anna raises · Ben folds · Cara folds · Dan folds\nAnna collects 5\n"
            "final: Anna 101 · Ben 94 · Cara 83 · Dan 122\n",
            "Cara bets · Dan folds · Anna folds · Ben folds\nCara collects 26\n",
        )
    )
    p3 = outcomes(carried)[2]
    assert rules(p3) == [("carry-unknown", "incomplete")], p3.errors
    assert "checked with the pot of 26" in p3.errors[0].message
    assert p3.result is not None and p3.result.carry_in == 26
    wrong = carried.replace("Cara collects 26", "Cara collects 27")
    p3 = outcomes(wrong)[2]
    assert rules(p3)[0] == ("carry-unknown", "incomplete")
    assert ("collect", "mismatch") in rules(p3), p3.errors


def warned(outcome: HandOutcome) -> list[str]:
    return [w.rule for w in outcome.warnings]


def test_the_hand_of_unknown_pot_says_its_stacks_are_unknown() -> None:
    """P1 cannot be read and writes no ``final:`` line: every stack of P2 is unknown, and P2
    says so once (``stacks-unknown``), as any hand needing a stack a bad hand left unknown
    does, legal or not: as played, and with Cara's bet before Ben's check (out of turn
    both ways, ``000``), where both replays of P2 raise."""
    for text in (NO_CARRY, NO_CARRY.replace(*OUT_OF_TURN)):
        p2 = outcomes(text)[1]
        assert rules(p2)[0] == ("carry-unknown", "incomplete")
        assert "stacks-unknown" in warned(p2), p2.warnings
        (said,) = [w for w in p2.warnings if w.rule == "stacks-unknown"]
        assert "Anna, Ben, Cara and Dan" in said.message, said.message


def test_stacks_from_the_final_line_of_a_hand_of_unknown_pot_are_said() -> None:
    """P2's carried-in pot is unknown (P1 cannot be read, no ``carry`` line), so its
    ``final:`` line is not checked against stacks nobody knows: P3 starts from it, and says
    so (``stacks-resynced``), as after a hand that could not be replayed; a made-up 555 for
    Anna (P3's line follows it: Anna takes 3 of the blinds) passes, but not without a word."""
    made_up = NO_CARRY.replace("final: Anna 98 ·", "final: Anna 555 ·").replace(
        "final: Anna 101 ·", "final: Anna 558 ·"
    )
    for text in (NO_CARRY, made_up):
        p3 = outcomes(text)[2]
        assert p3.ok, p3.errors
        assert "stacks-resynced" in warned(p3), p3.warnings
        (said,) = [w for w in p3.warnings if w.rule == "stacks-resynced"]
        assert "final: line of hand P2" in said.message, said.message
        assert "Anna" in said.message, said.message


def test_stacks_from_the_final_line_of_a_hand_checked_with_the_pot_on_record_are_said() -> None:
    """P1 cannot be read but its ``carry 12`` line can: P2 is checked with the 12 on record,
    which nothing checks.  Dan's 124 (the pot's winner, on P2's ``final:`` line) holds only if
    the 12 is right: P3 says where it comes from (``stacks-resynced``)."""
    p3 = outcomes(UNREADABLE)[2]
    assert p3.ok, p3.errors
    assert "stacks-resynced" in warned(p3), p3.warnings
