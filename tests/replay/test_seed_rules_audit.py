"""Rule statements of the seed texts (``shared/seeds/``) that no other test named: each hand is
written in our format and checked as ``check`` checks it, and each test names the statement it
holds the engine to.

* ``003`` (Dutch article): "Er zijn maximaal vier inzetronden" (at most four betting rounds);
  "Badugi kan met maximaal zes spelers worden gespeeld" (up to six players), which the seeds
  README item 2 overrides (2-9 seats; a game may set a lower maximum, ``max-seats``).
* ``002``: "In fixed-limit play, the bet size doubles after the second draw."
* ``004``: "There is also no eight-or-better qualifier here. A nine-low, or even a paired hand,
  can win the five-card half"; "If everyone but one player folds, the remaining player wins
  without a two-hand showdown comparison ... A folded hand cannot receive either share."
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import run_check


def checked(tmp_path: Path, text: str) -> tuple[bool, list[str]]:
    """``check`` of ``text`` as one file: whether all is well, and its report lines."""
    path = tmp_path / "seed.bhh"
    path.write_text(text, encoding="utf-8")
    run = run_check([path], jobs=1)
    lines = list(run.lines())  # the run is streamed: all_ok is known once it is read
    return run.all_ok, lines


def heads_up(game: str, cards: dict[str, str], paid: dict[str, int], extra: str = "") -> str:
    """A heads-up hand of ``game`` at fixed limit 2/4 (A on the button posts the small blind,
    ``000``): A completes, B checks, both stand pat and check three times, then ``extra``
    (lines put before the showdown), the showdown of ``cards`` and the collections ``paid``."""
    lines = [f"game {game} · fixed limit 2/4 · blinds 1/2", "hand 1 · button A · A 100 · B 100"]
    lines.append("A calls · B checks")
    for _ in range(3):
        lines += ["draw: B pat · A pat", "B checks · A checks"]
    if extra:
        lines.append(extra)
    lines.append("show: " + " · ".join(f"{p} {c}" for p, c in cards.items()))
    lines.append(" · ".join(f"{p} collects {n}" for p, n in paid.items()))
    return "\n".join(lines) + "\n"


# --- 003: at most four betting rounds ----------------------------------------------------------


def test_003_a_fifth_betting_round_is_refused(tmp_path: Path) -> None:
    """``003``: "Er zijn maximaal vier inzetronden" (at most four betting rounds, ``000``:
    three draws).  A bet after the fourth round's checks, and a fourth draw, are out of
    turn (the hand is at the showdown), at their line."""
    cards = {"A": "K♠ Q♥ J♦ 10♣", "B": "A♠ 2♥ 3♦ 4♣"}
    ok, lines = checked(tmp_path, heads_up("badugi", cards, {"B": 4}))
    assert ok, lines
    for extra in ("B bets", "draw: B 1 · A pat"):
        ok, lines = checked(tmp_path, heads_up("badugi", cards, {"B": 4}, extra))
        assert not ok
        assert any("seed.bhh:10:" in t and "[turn-order]" in t for t in lines), (extra, lines)


# --- 003 / seeds README item 2: table size -----------------------------------------------------


def folded_round(players: int, header: str = "") -> str:
    """A hand of ``players`` seats (the last on the button) everybody folds to the big blind."""
    names = [chr(ord("A") + i) for i in range(players)]
    seats = " · ".join(f"{p} 100" for p in names)
    acts = " · ".join(f"{p} folds" for p in [*names[2:], names[0]])
    head = "game badugi · fixed limit 2/4 · blinds 1/2\n" + (f"{header}\n" if header else "")
    return f"{head}hand 1 · button {names[-1]} · {seats}\n{acts}\nB collects 2\n"


def test_003_six_players_is_a_house_rule_nine_the_most(tmp_path: Path) -> None:
    """``003`` ("maximaal zes spelers"), ``000``/``002`` (2-8) and ``001`` (up to nine)
    disagree; seeds README item 2: accept 2-9 seats, a game may set a lower maximum.  So seven
    players are a legal hand by default, and refused at a ``max-seats 6`` table (``003``'s);
    ten are refused everywhere."""
    ok, lines = checked(tmp_path, folded_round(7))
    assert ok, lines
    ok, lines = checked(tmp_path, folded_round(9))
    assert ok, lines
    ok, lines = checked(tmp_path, folded_round(7, "max-seats 6"))
    assert not ok
    assert any("7 players are dealt in, the table allows 6 [players]" in t for t in lines), lines
    ok, lines = checked(tmp_path, folded_round(10))
    assert not ok
    assert any("10 players are dealt in, the table allows 9 [players]" in t for t in lines), lines


# --- 002: the big bet after the second draw ----------------------------------------------------

PROGRESSIVE_DRAW_TWO = """\
game progressive badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button A · A 100 · B 100
A calls · B checks
draw: B pat · A pat
B checks · A checks
draw: B pat · A pat
B bets {bet} · A folds
B collects {won}
"""


def test_002_the_fixed_limit_bet_doubles_after_the_second_draw(tmp_path: Path) -> None:
    """``002``: "In fixed-limit play, the bet size doubles after the second draw": at 2/4 the
    first bet after draw two is 4, not 2 (the rule is ``000``'s, one place for every game)."""
    ok, lines = checked(tmp_path, PROGRESSIVE_DRAW_TWO.format(bet=4, won=4))
    assert ok, lines
    ok, lines = checked(tmp_path, PROGRESSIVE_DRAW_TWO.format(bet=2, won=4))
    assert not ok
    assert any("seed.bhh:7:" in t and "[bet-size]" in t for t in lines), lines


# --- 004: no qualifier in the five-card half; folds ----------------------------------------------


def test_004_a_paired_hand_can_win_the_five_card_half(tmp_path: Path) -> None:
    """``004``: "There is also no eight-or-better qualifier here. A nine-low, or even a paired
    hand, can win the five-card half when the other surviving hands are worse" (and "Among
    paired hands, compare the pair rank", aces low).  A's pair of fives beats B's pair of
    nines for the A-5 half; B's 9-3-2-A Badugi beats A's K-Q-J-5 for the other half: 2 each."""
    cards = {"A": "5♠ 5♥ K♦ Q♣ J♠", "B": "9♣ 9♦ A♠ 2♥ 3♣"}
    ok, lines = checked(tmp_path, heads_up("badacey", cards, {"A": 2, "B": 2}))
    assert ok, lines
    ok, lines = checked(tmp_path, heads_up("badacey", cards, {"B": 4}))  # "no qualifier" read
    assert not ok
    assert any("seed.bhh:11:" in t and "[collect]" in t for t in lines), lines


BADACEY_FOLDS = """\
game badacey · fixed limit 2/4 · blinds 1/2
hand 1 · button C · A 100 · B 100 · C 100
C calls · A calls · B checks
draw: A pat · B pat · C pat
A bets · B calls · C folds
draw: A pat · B pat
{tail}"""


def test_004_the_last_player_in_wins_the_whole_pot_without_a_comparison(tmp_path: Path) -> None:
    """``004``: "If everyone but one player folds, the remaining player wins without a
    two-hand showdown comparison": no halves, no cards; A's uncalled bet comes back."""
    ok, lines = checked(tmp_path, BADACEY_FOLDS.format(tail="A bets · B folds\nA collects 10\n"))
    assert ok, lines
    split = "A bets · B folds\nA collects 5 · B collects 5\n"
    ok, lines = checked(tmp_path, BADACEY_FOLDS.format(tail=split))
    assert not ok
    assert any("seed.bhh:8:" in t and "[collect]" in t for t in lines), lines


SHOWN_AFTER_FOLD = (
    "A checks · B checks\ndraw: A pat · B pat\nA checks · B checks\n"
    "show: A 7♠ 6♠ 4♠ 3♠ 2♠ · B 8♥ 6♦ 5♣ K♥ 9♦ · C A♥ 2♦ 3♣ 4♣ 5♥\n"
)


def test_004_a_folded_hand_cannot_receive_either_share(tmp_path: Path) -> None:
    """``004``: "A folded hand cannot receive either share."  C folds, and his wheel and
    3-2-A Badugi shown afterwards win nothing (a warning, ``show-after-fold``); A and B, the
    two left, divide the pot of 10: A's 7-low takes the A-5 half, B's three-card 8-6-5 the
    Badugi half (A's spades count once: a one-card hand)."""
    ok, lines = checked(
        tmp_path, BADACEY_FOLDS.format(tail=SHOWN_AFTER_FOLD + "A collects 5 · B collects 5\n")
    )
    assert ok, lines
    assert any("[show-after-fold]" in t for t in lines), lines
    ok, lines = checked(tmp_path, BADACEY_FOLDS.format(tail=SHOWN_AFTER_FOLD + "C collects 10\n"))
    assert not ok
    assert any("seed.bhh:11:" in t and "[collect]" in t for t in lines), lines
