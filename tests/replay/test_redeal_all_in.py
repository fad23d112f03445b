"""A player whose chips are all in a carried Progressive Badugi pot is dealt into the redeal.

``002``: "If the showdown is reached and no hand qualifies, the cards are thrown in and the pot
stays in the middle. A new hand is dealt to every player at the table, not only to those who
reached the showdown. The carried-over pot is added to the money wagered in the new hand. It
goes to the winner of the next pot that is won, whether at showdown or by all other players
folding."

Ben goes all-in for his last 2 chips in hand P1, whose pot (6) nobody qualifies for: his chips
are in the carried pot, so he is still at the table and the redeal P2 may deal him in.  He is
all-in from the start (he draws and shows down, and bets in no round) and contests the carried
pot only; what the others bet in the redeal is a side pot among them (``001``'s side pots, the
carried pot the lowest layer).  A record that leaves him out is the table not dealing him in.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from pathlib import Path

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.reports.hand_text import render_hand
from badugi_ledger.reports.hand_view import hand_views
from badugi_ledger.text.parse import parse_text

HEADER = """game progressive badugi · fixed limit 2/4 · blinds 1/2
qualifier 9 · qualifier-pair-ok no · redeal-posts no
cash Progressive night · date 2024-05-03 · season 2024
table Back room
"""

# Ben all-in for the big blind; no 9-high badugi at the showdown: 6 carried, Ben left with 0.
CARRIED = """
hand P1 · button Cara · Anna 100 · Ben 2 · Cara 100
Cara calls · Anna calls
draw: Anna 2 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
show: Anna Qd Jc Th 9s · Ben Kh 8s 4d 2c · Cara Jd 7c 5h 3s
carry 6
"""

BEN_QUALIFIES = "8h 6c 4d 2s"
BEN_DOES_NOT = "Ks Qh Jd Tc"
CARA_QUALIFIES = "9d 7s 5h 3c"
CARA_DOES_NOT = "9c 8c 7c 4c"
ANNA = "Kd Qc Jh Ts"


def redeal(ben: str, cara: str, anna: str = ANNA, hand: str = "P2") -> str:
    """The redeal: Ben dealt in with no chips draws and shows; Cara bets 2 in the first round
    and Anna calls (a side pot of 4 between them); no blinds (``redeal-posts no``)."""
    return f"""
hand {hand} · button Anna · Anna · Ben · Cara
Cara bets · Anna calls
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
show: Ben {ben} · Cara {cara} · Anna {anna}
"""


def folded_redeal(ben: str, cara: str, *, side_pot: bool) -> str:
    """The redeal in which Anna folds to Cara's bet, Ben still in: with ``side_pot`` Anna
    called a bet first (4 in a side pot Cara then wins uncontested), else she folds to the
    first bet (returned to Cara: no side pot).  Ben and Cara draw on and show down."""
    first = "Cara bets · Anna calls\n" if side_pot else "Cara bets · Anna folds\n"
    draws = "draw: Ben 1 · Cara 1 · Anna 1\nCara bets · Anna folds\n" if side_pot else ""
    rest = "\n".join(["draw: Ben 1 · Cara 1"] * (2 if side_pot else 3))
    return f"""
hand P2 · button Anna · Anna · Ben · Cara
{first}{draws}{rest}
show: Ben {ben} · Cara {cara}
"""


def outcomes(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(HEADER + text, "p.bhh")))


def clean(text: str) -> list[HandOutcome]:
    found = outcomes(text)
    assert [(o.hand_id, o.errors, o.warnings) for o in found] == [
        (o.hand_id, (), ()) for o in found
    ]
    return found


def test_the_all_in_player_is_dealt_in_and_wins_the_carried_pot() -> None:
    """``002``: the redeal "is dealt to every player at the table", Ben too, whose chips are
    in the carried pot; he wins that pot (6) with the best qualifying hand, and the side pot of
    the redeal's bets (4), which he put nothing into, goes to Cara."""
    text = CARRIED + redeal(BEN_QUALIFIES, CARA_QUALIFIES) + "Ben collects 6\nCara collects 4\n"
    _, second = clean(text)
    result = second.result
    assert result is not None
    assert result.carry_in == 6 and result.carry_out == 0
    main, side = result.pots
    assert (main.name, main.amount, main.eligible, dict(main.shares)) == (
        "main",
        6,
        ("Ben", "Cara", "Anna"),
        {"Ben": 6},
    )
    assert (side.name, side.amount, side.eligible, dict(side.shares)) == (
        "side 1",
        4,
        ("Cara", "Anna"),
        {"Cara": 4},
    )
    assert dict(result.starting_stacks) == {"Anna": 98, "Ben": 0, "Cara": 98}
    assert dict(result.final_stacks) == {"Anna": 96, "Ben": 6, "Cara": 100}
    assert "Ben" not in result.busted
    assert result.balance() == 0
    assert "dealt into the redeal with no chips, all-in for the carried pot: Ben" in result.notes


def test_the_all_in_player_loses_the_carried_pot_and_is_out() -> None:
    """``002``: the carried pot goes to the winner of the next pot won: Cara's qualifying hand
    beats Ben's (none) for the carried pot and Anna's for the side pot; Ben is out, and no
    chips of his are in any pot any more."""
    text = CARRIED + redeal(BEN_DOES_NOT, CARA_QUALIFIES) + "Cara collects 10\n"
    _, second = clean(text)
    result = second.result
    assert result is not None
    assert dict(result.payouts) == {"Cara": 10} and result.carry_out == 0
    assert result.busted == ("Ben",) and result.carry_stakes == frozenset()


def test_a_redeal_that_carries_again_carries_everything_and_deals_him_in_again() -> None:
    """``002``: "If the showdown is reached and no hand qualifies ... the pot stays in the
    middle": the carried pot and the redeal's side pot both carry (10), Ben's chips still in
    it, so the next redeal deals him in again and he wins all of it there."""
    p3 = """
hand P3 · button Anna · Anna · Ben · Cara
Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Cara checks · Anna checks
show: Ben 8h 6c 4d 2s · Cara Kc Qs Jh Td · Anna Kd Qc Jc Ts
Ben collects 10
"""
    text = CARRIED + redeal(BEN_DOES_NOT, CARA_DOES_NOT) + "carry 10\n" + p3
    _, second, third = clean(text)
    assert second.result is not None and third.result is not None
    assert second.result.carry_out == 10 and not second.result.payouts
    assert second.result.carry_stakes == {"Anna", "Ben", "Cara"}
    assert third.result.carry_in == 10 and dict(third.result.payouts) == {"Ben": 10}
    assert dict(third.result.final_stacks) == {"Anna": 96, "Ben": 10, "Cara": 96}


def test_all_others_fold_and_the_all_in_player_shows_down_for_the_carried_pot() -> None:
    """``002``: a pot is won "by all other players folding" only when one player is left:
    Ben, all-in, is still in the hand, so the carried pot goes to the showdown between him and
    Cara (README house rule), which Ben's qualifying hand wins; Cara takes the side pot she won
    uncontested (no qualifier needed) and her last bet, which nobody called, back."""
    text = (
        CARRIED
        + folded_redeal(BEN_QUALIFIES, CARA_DOES_NOT, side_pot=True)
        + "Ben collects 6\nCara collects 4\n"
    )
    _, second = clean(text)
    result = second.result
    assert result is not None and result.showdown
    main, side = result.pots
    assert (main.amount, main.eligible, dict(main.shares)) == (6, ("Ben", "Cara"), {"Ben": 6})
    assert (side.amount, side.eligible, dict(side.shares)) == (4, ("Cara",), {"Cara": 4})
    assert dict(result.final_stacks) == {"Anna": 96, "Ben": 6, "Cara": 100}


def test_all_others_fold_and_nobody_qualifies_the_side_pot_won_takes_the_carried_pot() -> None:
    """``002``: the carried pot "goes to the winner of the next pot that is won, whether at
    showdown or by all other players folding": neither Ben nor Cara qualifies for it, and the
    side pot Cara won when Anna folded is that next pot won (the rule of every all-in player's
    redeal, ``test_progressive_carry``): Cara collects 4 + 6, nothing carries, Ben is out."""
    folded = folded_redeal(BEN_DOES_NOT, CARA_DOES_NOT, side_pot=True)
    text = CARRIED + folded + "Cara collects 10\n"
    _, second = clean(text)
    result = second.result
    assert result is not None
    assert dict(result.payouts) == {"Cara": 10} and result.carry_out == 0
    assert result.busted == ("Ben",)


def test_all_others_fold_with_no_pot_won_the_carried_pot_carries_on() -> None:
    """``002``: with no side pot (Anna folds to Cara's first bet, which comes back to Cara
    uncalled) no pot is won when neither Ben nor Cara qualifies: "the pot stays in the
    middle", with Ben's chips in it."""
    text = CARRIED + folded_redeal(BEN_DOES_NOT, CARA_DOES_NOT, side_pot=False) + "carry 6\n"
    _, second = clean(text)
    result = second.result
    assert result is not None
    assert result.carry_out == 6 and not result.payouts and len(result.pots) == 1
    assert result.carry_stakes == {"Anna", "Ben", "Cara"}


def test_a_file_that_leaves_him_out_is_the_table_not_dealing_him_in() -> None:
    """``002`` deals the redeal to every player at the table; a record that plays no card of
    Ben's says the table did not: valid, as it always was.  But won before the first draw, the
    hand gave Ben no turn in which the record could deal him in (he cannot bet): Cara's taking
    his chips in the carried pot uncontested is said, with how to give him his showdown (the
    record page offered no way to, web audit)."""
    p2 = """
hand P2 · button Anna · Anna · Ben · Cara
Cara bets · Anna folds
Cara collects 6
"""
    _, second = outcomes(CARRIED + p2)
    assert second.result is not None and not second.errors
    (warning,) = second.warnings
    assert (warning.rule, warning.pos.line) == ("redeal-not-dealt-in", 17)
    assert warning.message == (
        "Ben, with no chips and chips in the carried pot, is not dealt in: the record plays no "
        "card of theirs before the hand ends, so Cara takes the carried pot uncontested; a "
        "redeal is dealt to every player at the table (002): if they were dealt in, write the "
        "cards shown (a show: line) and the carried pot goes to the showdown"
    )
    assert "not dealt in (no chips): Ben" in second.result.notes
    assert dict(second.result.final_stacks) == {"Anna": 98, "Ben": 0, "Cara": 104}


def test_a_busted_player_whose_chips_are_not_in_the_carried_pot_is_refused() -> None:
    """``002`` deals the redeal to "every player at the table": Ben busted in P0, a pot Anna
    won, and has no chips in the pot P1 carried; he is not at the table any more."""
    text = """
hand P0 · button Cara · Anna 100 · Ben 2 · Cara 100
Cara calls · Anna calls
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
show: Anna 8h 6c 4d 2s · Ben Kh 8s 4c 2d · Cara Jd 7c 5h 3s
Anna collects 6

hand P1 · button Anna · Anna · Ben · Cara
Anna posts sb · Cara posts bb
Anna calls · Cara checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
show: Cara Kd Qc Jh Ts · Anna Ks Qh Jd Tc
carry 4
""" + redeal(BEN_QUALIFIES, CARA_QUALIFIES)
    p0, p1, p2 = outcomes(text)
    assert not p0.errors and not p1.errors
    (error,) = p2.errors
    assert error.rule == "not-dealt-in"
    assert error.message.startswith("Ben has no chips and is not dealt in (on a Progressive")


def test_the_all_in_player_takes_no_part_in_the_betting() -> None:
    """He is all-in from the start: an action of his is refused as any all-in player's."""
    text = CARRIED + redeal(BEN_QUALIFIES, CARA_QUALIFIES).replace(
        "Cara bets · Anna calls", "Ben checks · Cara bets · Anna calls"
    )
    _, second = outcomes(text)
    (error,) = second.errors
    assert error.rule == "turn-order"
    assert error.message.startswith("Ben is all-in and cannot act: dealt into the Progressive")


def test_a_wrong_collection_or_carry_in_such_a_hand_is_still_reported() -> None:
    """``002``: Ben can win only the carried pot he put chips into: a record giving him the
    side pot too is a mismatch at its line; so is a carry that leaves out the side pot."""
    text = CARRIED + redeal(BEN_QUALIFIES, CARA_QUALIFIES) + "Ben collects 10\n"
    _, second = outcomes(text)
    assert [v.rule for v in second.errors] == ["collect", "collect"]
    assert second.errors[0].message.startswith("Ben collects 10, but is owed 6")
    assert second.errors[1].message.startswith("no collection is recorded for Cara, who is owed 4")
    text = CARRIED + redeal(BEN_DOES_NOT, CARA_DOES_NOT) + "carry 6\n"
    _, second = outcomes(text)
    assert [v.rule for v in second.errors] == ["carry-out"]


def test_the_hand_view_shows_the_carried_pot_and_the_side_pot(tmp_path: Path) -> None:
    """``show`` names the pots as the replay builds them: the carried pot Ben contests, the
    redeal's bets a side pot without him."""
    path = tmp_path / "p.bhh"
    path.write_text(
        HEADER + CARRIED + redeal(BEN_QUALIFIES, CARA_QUALIFIES) + "Ben collects 6\n"
        "Cara collects 4\n",
        encoding="utf-8",
    )
    shown = render_hand(list(hand_views([path]))[1])
    assert "main pot 6 (eligible: Ben, Cara, Anna)" in shown
    assert "side 1 pot 4 (eligible: Cara, Anna)" in shown
    assert "verdict: ok" in shown


def test_import_balances_every_hand(tmp_path: Path) -> None:
    """Every chip is accounted for in the ledger: each hand's postings sum to 0 (the carried
    pot through the ``*carry*`` account), Ben's 2 chips come back to him as 10 in P3."""
    from tests.ledger.test_ledger_identity import invoke

    p3 = redeal(BEN_QUALIFIES, CARA_QUALIFIES, hand="P3").replace("Cara bets", "Cara checks")
    p3 = p3.replace("Anna calls", "Anna checks") + "Ben collects 10\n"
    path = tmp_path / "p.bhh"
    path.write_text(
        HEADER + CARRIED + redeal(BEN_DOES_NOT, CARA_DOES_NOT) + "carry 10\n" + p3,
        encoding="utf-8",
    )
    db = tmp_path / "x.db"
    code, out = invoke("import", path, "--db", db)
    assert code == 0, out
    code, out = invoke("export", "--table", "postings", "--format", "csv", "--db", db)
    assert code == 0, out
    sums: dict[str, int] = defaultdict(int)
    players: dict[str, int] = defaultdict(int)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows
    for row in rows:
        sums[row["hand"]] += int(row["amount"])
        players[row["account"]] += int(row["amount"])
    assert len(sums) == 3 and set(sums.values()) == {0}
    assert players["Ben"] == 8 and players["*carry*"] == 0


def test_a_night_continued_in_another_file_deals_him_into_the_stated_redeal() -> None:
    """``002``: the redeal "is dealt to every player at the table", and a night recorded in two
    files states the pot its second file starts with (``carry in N``, grammar/README.md) and
    Ben's stack of 0.  The hand that carried the pot is not in the stream, so whose chips are
    in it is not known: the file's word is taken for the pot and for who is at the table (a
    record that plays Ben's cards deals him in), as for a recorded carry of a hand that could
    not be replayed.  Refusing Ben's draw (``not-dealt-in``) refused a legal hand."""
    second_file = redeal(BEN_QUALIFIES, CARA_QUALIFIES).replace(
        "hand P2 · button Anna · Anna · Ben · Cara",
        "hand P2 · button Anna · Anna 98 · Ben 0 · Cara 98\ncarry in 6",
    )
    (only,) = clean(second_file + "Ben collects 6\nCara collects 4\n")
    result = only.result
    assert result is not None
    assert result.carry_in == 6 and dict(result.payouts) == {"Ben": 6, "Cara": 4}
    assert dict(result.final_stacks) == {"Anna": 96, "Ben": 6, "Cara": 100}
    assert result.balance() == 0
    assert "dealt into the redeal with no chips, all-in for the carried pot: Ben" in result.notes
