"""The hand after one whose recorded carry disagrees with its replay's is not blamed for it.

``examples/progressive_night.bhh`` (seed ``002``: "if no player has a qualifying hand, the pot
is carried over to the next hand", the redeal, with no blinds at this table, ``redeal-posts
no``): hand P1 carries 12, P2 takes it.  When P1's record carries a pot its replay does not
(Ben's 9-high badugi qualifies, so the replay pays him), or pays one out its replay carries,
P1 has the payout mismatch; the pot P2 starts with is then in doubt between the two figures.
P2 is replayed with each: what it breaks both ways is its own and listed, what the pot decides
(whether it is a redeal, its first player, its payouts) is not, and P2 is not settled
(``carry-unknown``), naming P1, whose carry does not add up.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
BEN_QUALIFIES = NIGHT.replace("show: Ben Kh 8s 4d 2c", "show: Ben 9h 8s 4d 2c")
"""P1 records ``carry 12``, but Ben's 9-high badugi qualifies (``002``, qualifier 9): the
replay pays him the 12, and P2, recorded as the redeal of the 12 P1 records, is in doubt."""

PAID_OUT = (
    NIGHT[: NIGHT.index("\nhand P2") + 1].replace("carry 12\n", "Ben collects 12\n")
    + "hand P2 · button Anna · Anna · Ben · Cara · Dan\n"
    "Dan folds · Anna folds · Ben folds\n"
    "Cara collects 2\n"
    "final: Anna 98 · Ben 107 · Cara 97 · Dan 98\n\n"
    + NIGHT[NIGHT.index("\nhand P3") + 1 :].replace(
        "final: Anna 101 · Ben 94 · Cara 83 · Dan 122",
        "final: Anna 101 · Ben 107 · Cara 96 · Dan 96",
    )
)
"""The mirror: P1's K-high and J-high badugis do not qualify (the replay carries 12), but its
record pays Ben the pot; P2, recorded from there with its blinds (Ben 1, Cara 2: Dan opens,
``000``), is in doubt.  Cara collects the 2 of the pot, her uncalled 1 back (as Anna's 5 in
P3).  P3 follows P2's ``final:`` line."""

OUT_OF_TURN = ("Ben checks · Cara bets · Dan calls", "Cara bets · Ben checks · Dan calls")
"""Cara acts first in P2: out of turn both as the redeal (Ben, left of the button, opens) and
with the blinds (Dan, left of the big blind, opens), ``000``."""


def outcomes(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(text, "night.bhh")))


def rules(outcome: HandOutcome) -> list[tuple[str, str]]:
    return [(e.rule, e.kind) for e in outcome.errors]


def line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if words in line)


def test_the_redeal_of_a_carry_the_replay_does_not_make_is_not_blamed() -> None:
    """P2 agrees with P1's record (a redeal with 12 in it): no ``turn-order`` for Ben's first
    check, which is out of turn only if no pot came in.  Not settled, pointing at P1."""
    assert BEN_QUALIFIES != NIGHT
    p1, p2, p3 = outcomes(BEN_QUALIFIES)
    assert rules(p1) == [("carry-out", "mismatch")]
    assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors
    pointer = p2.errors[0].message
    assert "depends on hand P1, whose carry does not add up" in pointer, pointer
    assert "its record carries a pot of 12, its replay no pot" in pointer, pointer
    assert p2.result is None  # not settled: nothing of it is stored
    assert p3.ok, p3.errors


def test_a_hand_with_blinds_after_a_pot_the_record_pays_out_is_not_blamed() -> None:
    """The mirror: P1's replay carries 12 (no badugi qualifies), its record pays it out; P2,
    recorded with its blinds as if no pot came in, is not a redeal's ``turn-order``."""
    p1, p2, p3 = outcomes(PAID_OUT)
    assert ("collect", "mismatch") in rules(p1), p1.errors
    assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors
    assert "its record carries no pot, its replay a pot of 12" in p2.errors[0].message
    assert p3.ok, p3.errors


def test_an_out_of_turn_action_both_ways_is_listed() -> None:
    paid_out = PAID_OUT.replace("Dan folds · Anna folds · Ben", "Anna folds · Dan folds · Ben")
    for wrong in (BEN_QUALIFIES.replace(*OUT_OF_TURN), paid_out):
        assert wrong not in (BEN_QUALIFIES, PAID_OUT)
        p2 = outcomes(wrong)[1]
        assert rules(p2) == [("carry-unknown", "incomplete"), ("turn-order", "illegal")]
        said = p2.errors[1]
        assert said.message.startswith("if hand P1 carried "), said.message
        assert "as replayed" in said.message and "as recorded" in said.message, said.message
    wrong = BEN_QUALIFIES.replace(*OUT_OF_TURN)
    assert outcomes(wrong)[1].errors[1].pos.line == line_of(wrong, "Cara bets · Ben checks")


def test_a_card_dealt_twice_is_listed() -> None:
    """``000``: one deck, each card dealt once.  P1's record carries 10, its replay 12: P2 is
    the redeal either way, and Cara's 8h, which Dan shows too, is listed as it is found with
    either pot.  With P1's ``carry 12`` and Ben's qualifying badugi (no pot as replayed, a
    redeal as recorded), P2 breaks a rule either way, each listed with the pot it holds for."""
    twice = ("Cara 9d 7s 5h 3c", "Cara 8h 7s 5h 3c")
    p2 = outcomes(NIGHT.replace("carry 12", "carry 10").replace(*twice))[1]
    assert rules(p2)[0] == ("carry-unknown", "incomplete")
    dealt = [e for e in p2.errors[1:] if "8h" in e.message]
    assert dealt and not dealt[0].message.startswith("if "), p2.errors
    wrong = BEN_QUALIFIES.replace(*twice)
    p2 = outcomes(wrong)[1]
    assert rules(p2)[0] == ("carry-unknown", "incomplete")
    as_replayed, as_recorded = p2.errors[1:]
    assert as_replayed.rule == "turn-order" and "as replayed" in as_replayed.message
    assert "8h" in as_recorded.message and "as recorded" in as_recorded.message
    assert as_recorded.pos.line == line_of(wrong, "show: Dan 8h")


def test_the_ledger_still_refuses_the_hand_after(tmp_path: Path) -> None:
    """P1 is wrong and rejected; P2, whose pot depends on it, is not stored either."""
    for name, text in (("ben.bhh", BEN_QUALIFIES), ("paid.bhh", PAID_OUT)):
        night = tmp_path / name
        night.write_text(text, encoding="utf-8")
        (file,) = import_into(tmp_path / f"{name}.db", [night]).files
        assert [r.hand for r in file.rejected][:2] == ["P1", "P2"], file.rejected
        assert any("[carry-unknown]" in why for why in file.rejected[1].reasons)


def test_the_stacks_the_recorded_carry_leaves_are_no_mistake_of_the_hand_after() -> None:
    """P2 states the stacks P1's record leaves (Ben 96: the 12 carried, not paid to him, as
    P1's ``carry 12`` says); as replayed, P1 paid Ben 12.  Stating the record's figure repeats
    P1's mistake (reported there), and is no ``stack-carried`` of P2's with either pot."""
    stated = BEN_QUALIFIES.replace(
        "hand P2 · button Anna · Anna · Ben · Cara · Dan",
        "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98",
    )
    p2 = outcomes(stated)[1]
    assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors


P2_LINE = "hand P2 · button Anna · Anna · Ben · Cara · Dan\n"


def stating(text: str, pot: int) -> str:
    """``text`` with hand P2 stating the pot carried into it (``carry in N``, on the line after
    its hand line: grammar/README.md)."""
    stated = text.replace(P2_LINE, P2_LINE + f"carry in {pot}\n")
    assert stated != text
    return stated


def test_a_hand_stating_the_pot_the_hand_before_recorded_is_not_blamed() -> None:
    """P2 writes the 12 P1's record carries (``carry in 12``), or, after P1's record paid the
    pot out, no pot (``carry in 0``): it repeats P1's record, whose mistake is said at P1, as
    a stated stack that is the record's does.  It goes as a hand stating no pot: replayed with
    each, not settled, pointing at P1, and no ``carry-carried`` of its own."""
    for text, recorded in ((BEN_QUALIFIES, 12), (PAID_OUT, 0)):
        p1, p2, p3 = outcomes(stating(text, recorded))
        assert rules(p1)[-1][1] == "mismatch", p1.errors
        assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors
        assert "depends on hand P1, whose carry does not add up" in p2.errors[0].message
        assert p2.result is None
        assert p3.ok, p3.errors


def test_a_hand_stating_a_third_pot_is_wrong_either_way() -> None:
    """P1 carries 12 by its record and none by its replay; P2 states 7, neither.  Its
    ``carry-carried`` is its own whichever P1 carried, and it is replayed with the 7 it
    states (the stated pot counts) from the stacks each reading of P1 leaves: Dan's 38 is
    more than the 26 + 7 he is owed either way, while Ben's 94, the stack P1's record leaves
    him (less his 2 in P2), is no mistake of P2's."""
    p2 = outcomes(stating(BEN_QUALIFIES, 7))[1]
    assert rules(p2)[:2] == [("carry-unknown", "incomplete"), ("carry-carried", "mismatch")]
    said = p2.errors[1].message
    assert "carried 0 as replayed and 12 as recorded" in said, said
    assert p2.errors[1].pos.line == line_of(stating(BEN_QUALIFIES, 7), "carry in 7")
    collect = next(e for e in p2.errors if e.rule == "collect")
    assert "Dan collects 38, but is owed 33" in collect.message, collect.message
    assert not [e for e in p2.errors if e.rule == "final-stack" and "Ben" in e.message]
    assert p2.result is None


def test_the_ledger_refuses_a_hand_stating_a_pot_of_a_rejected_hand(tmp_path: Path) -> None:
    """P2 takes its pot from P1, which the ledger rejects: stating P1's recorded figure, or a
    third, it is not stored either."""
    for pot, why in ((12, ["[carry-unknown]"]), (7, ["[carry-unknown]", "[carry-carried]"])):
        night = tmp_path / f"night{pot}.bhh"
        night.write_text(stating(BEN_QUALIFIES, pot), encoding="utf-8")
        (file,) = import_into(tmp_path / f"night{pot}.db", [night]).files
        assert [r.hand for r in file.rejected][:2] == ["P1", "P2"], file.rejected
        reasons = " ".join(file.rejected[1].reasons)
        assert all(w in reasons for w in why), file.rejected[1].reasons


def test_a_hand_stating_the_replays_pot_is_replayed_with_it() -> None:
    """P2 states the pot P1's replay carries (none: Ben's badugi won it): it agrees with the
    replay and is replayed with that pot alone, as any hand stating its pot is; recorded as a
    redeal (Ben opening), it then breaks the order of play (``000``: with no pot, the blinds
    are posted and Dan, left of the big blind, opens)."""
    p2 = outcomes(stating(BEN_QUALIFIES, 0))[1]
    assert rules(p2) == [("turn-order", "illegal")], p2.errors


CARRY_10 = NIGHT.replace("carry 12", "carry 10")
"""P1 records ``carry 10``; its replay carries the 12 (``002``: no badugi qualifies): P2, a
redeal either way, is in doubt between a pot of 12 (Dan owed 26 + 12) and one of 10."""


def test_a_collection_wrong_with_either_pot_is_listed() -> None:
    """Both pots are figures, so P2's payouts are checked with each (``002``: the carried pot
    goes to the next pot won).  ``Dan collects 0`` is owed 38 with P1's replayed 12 and 36
    with its recorded 10: one line names both.  After Ben's qualifying badugi (no pot as
    replayed: P2, a redeal, breaks the order of play; 12 as recorded: Dan is owed 38), P2 is
    wrong whichever pot it took, each mistake listed with the pot it holds for."""
    wrong = CARRY_10.replace("Dan collects 38", "Dan collects 0")
    p2 = outcomes(wrong)[1]
    assert rules(p2) == [
        ("carry-unknown", "incomplete"),
        ("collect", "mismatch"),
        ("chips-balance", "mismatch"),
    ], p2.errors
    said = p2.errors[1].message
    assert said.startswith("if hand P1 carried a pot of 12, as replayed: "), said
    assert "Dan collects 0, but is owed 38" in said, said
    assert "; if hand P1 carried a pot of 10, as recorded: Dan collects 0, but is owed 36" in said
    assert p2.errors[1].pos.line == line_of(wrong, "Dan collects 0")
    assert "38 chips lost" in p2.errors[2].message and "36 chips lost" in p2.errors[2].message
    assert p2.result is None

    wrong = BEN_QUALIFIES.replace("Dan collects 38", "Dan collects 0")
    p2 = outcomes(wrong)[1]
    assert rules(p2) == [
        ("carry-unknown", "incomplete"),
        ("turn-order", "illegal"),
        ("collect", "mismatch"),
    ], p2.errors
    as_replayed, as_recorded = p2.errors[1:]
    assert as_replayed.message.startswith("if hand P1 carried no pot, as replayed: ")
    said = as_recorded.message
    assert said.startswith("if hand P1 carried a pot of 12, as recorded: Dan collects 0, but is")
    assert "owed 38" in said, said
    assert as_recorded.pos.line == line_of(wrong, "Dan collects 0")


def test_a_collection_right_with_one_pot_is_not_listed() -> None:
    """``Dan collects 36`` (and his final 122) is what P1's recorded 10 owes him: wrong only
    with the replay's 12, it may be right, and P2 lists nothing but its verdict."""
    right = CARRY_10.replace("Dan collects 38", "Dan collects 36").replace("Dan 124", "Dan 122")
    assert right != CARRY_10
    p2 = outcomes(right)[1]
    assert rules(p2) == [("carry-unknown", "incomplete")], p2.errors


def test_a_final_line_wrong_with_either_pot_is_listed() -> None:
    """Dan's ``final:`` 130 is 124 with P1's replayed 12 and 122 with its recorded 10: one
    ``final-stack`` line names both (and the chip total either way).  The collection of 38,
    right with the replay's 12, is not listed."""
    wrong = CARRY_10.replace("Dan 124", "Dan 130")
    p2 = outcomes(wrong)[1]
    assert rules(p2) == [
        ("carry-unknown", "incomplete"),
        ("final-stack", "mismatch"),
        ("chips-balance", "mismatch"),
    ], p2.errors
    said = p2.errors[1].message
    assert "as replayed: Dan ends with 130, but the replay gives 124" in said, said
    assert "as recorded: Dan ends with 130, but the replay gives 122" in said, said
    assert p2.errors[1].pos.line == line_of(wrong, "Dan 130")
    assert "the pot it starts with depends on hand P1" in p2.errors[0].message
    assert "a payout or final stack wrong with both pots too" in p2.errors[0].message
