"""A card a player was dealt unseen before a reshuffle is none of the cards it reshuffled.

Sources: ``000`` ("If the draw pile runs out, the dealer shuffles the discarded cards into a new
draw pile"), ``001`` ("the mucked cards - excluding those just discarded by the current player -
are shuffled together with any remaining cards to form a new deck") and seeds README item 3.
A reshuffle brings the discards back into play, but only for the cards dealt from the new
stub: a card a player was dealt before it and still holds was in his hand while those cards
were discards (or in another player's hand), so it is none of them.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.cards import parse_cards
from badugi_ledger.model.errors import IllegalAction, Position
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.draws import CardTracker
from tests.helpers.replay_builder import record

EIGHT = [f"P{i}" for i in range(1, 9)]  # P8 on the button: P1 small blind, P2 big blind
DEAL = ["P1 posts sb", "P2 posts bb", "P1 deal As ?? ?? ??", "P2 deal 2c ?? ?? ??"]
DEAL += [f"P{i} calls" for i in range(3, 9)] + ["P1 calls", "P2 checks"]
# The stub has 20 cards: P1 throws the ace of spades and draws 4 (16 left), P3-P5 draw 12, P6
# draws 2 (2 left); P7 draws 4: the 18 discards but P7's own 4 are reshuffled.  P2 and P8
# stand pat with the cards they were dealt.
FIRST_DRAW = ["P1 draws As ?? ?? ?? > ?? ?? ?? ??", "P2 pat"]
FIRST_DRAW += [f"P{i} draws 4" for i in (3, 4, 5)] + ["P6 draws 2", "P7 draws 4", "P8 pat"]
CHECKS = [f"P{i} checks" for i in range(1, 9)]
PATS = [f"P{i} pat" for i in range(1, 9)]
EXCLUDE_OWN = GameSettings()


def showdown(shows: dict[str, str]) -> list[str]:
    """The hand checked and stood pat to the showdown, where ``shows`` are shown (one card
    each, the rest unseen) and every other player mucks."""
    lines = DEAL + FIRST_DRAW + CHECKS + PATS + CHECKS + PATS + CHECKS
    for i in range(1, 9):
        p = f"P{i}"
        lines.append(f"{p} shows {shows[p]} ?? ?? ??" if p in shows else f"{p} mucks")
    return lines


def refused(lines: list[str], settings: GameSettings = EXCLUDE_OWN) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(EIGHT, "P8", lines, settings=settings))
    return err.value


def accepted(lines: list[str], settings: GameSettings = EXCLUDE_OWN) -> bool:
    """The hand breaks no rule (its pot may be left unsettled: cards are unseen)."""
    try:
        replay_hand(record(EIGHT, "P8", lines, settings=settings))
    except IllegalAction as err:
        return err.rule in ("pot-undetermined", "hand-incomplete")
    return True


def test_a_card_dealt_before_the_reshuffle_is_none_of_the_discards_it_reshuffled() -> None:
    """P8 was dealt his cards while P1 held the ace of spades; P1's four new cards were dealt
    while it was a discard.  Both still hold those cards at the showdown, so neither can show
    the ace, which the reshuffle took back into the stub.  It was accepted once reshuffled."""
    err = refused(showdown({"P8": "As"}))
    assert (err.rule, err.position.line) == ("duplicate-card", len(showdown({})))
    assert err.message == (
        "P8 shows As, but As was a dead card until the discards were reshuffled when P7 drew "
        "4, and every unseen card P8 holds was dealt before it: a card dealt before a reshuffle "
        "is not one of the cards it put back into the stub (seeds README item 3; 001: the "
        "mucked cards are shuffled together to form a new deck)"
    )
    assert refused(showdown({"P1": "As"})).rule == "duplicate-card"


def test_a_card_reshuffled_may_be_dealt_again_after_the_reshuffle() -> None:
    """P7 was served from the new stub: the ace of spades may be one of his four new cards
    (``000``: the discards make the new draw pile).  A known card of a player's (P2's two of
    clubs) is his whatever was reshuffled."""
    assert accepted(showdown({"P7": "As", "P2": "2c"}))


def test_a_known_card_discarded_fits_only_an_unseen_card_dealt_after_its_reshuffle() -> None:
    """In the second draw P8 cannot throw the ace of spades (his cards were all dealt before the
    reshuffle), P7 can (a card he was served from the new stub)."""
    lines = DEAL + FIRST_DRAW + CHECKS
    assert refused(
        [*lines, "P1 pat", "P2 pat", *[f"P{i} draws 1" for i in range(3, 8)], "P8 draws As > ??"]
    ).message.startswith(
        "P8 discards As, but As was a dead card until the discards were reshuffled"
    )
    assert accepted(
        [
            *lines,
            "P1 pat",
            "P2 pat",
            *[f"P{i} draws 1" for i in range(3, 7)],
            "P7 draws As > ??",
            "P8 pat",
        ]
    )


def test_a_folded_player_shows_only_cards_he_could_hold_when_he_folded() -> None:
    """A player who folds after the reshuffle and shows his cards is checked against the hand
    he folded, as a live player's show is: P8's cards, dealt before the reshuffle, cannot hold
    the ace of spades; P7's, served from the new stub, may."""

    def after_fold(folder: str) -> list[str]:
        rest = [p for p in EIGHT if p != folder]
        lines = DEAL + FIRST_DRAW + ["P1 bets"]
        lines += [f"{p} folds" if p == folder else f"{p} calls" for p in EIGHT[1:]]
        for _ in range(2):
            lines += [f"{p} pat" for p in rest] + [f"{p} checks" for p in rest]
        return [*lines, *[f"{p} mucks" for p in rest], f"{folder} shows As ?? ?? ??"]

    assert refused(after_fold("P8")).rule == "duplicate-card"
    assert accepted(after_fold("P7"))


def test_discards_first_a_player_served_before_the_reshuffle_holds_none_of_its_cards() -> None:
    """PHH, as PokerKit deals (``discards-first``): every player discards, a card is burned, and
    the reshuffle takes in the whole draw's discards, so P6, served from the new stub, may get
    the nine of hearts P7 threw after him; P1, served from the old stub before it, cannot."""
    deal = [*DEAL[:4], "P7 deal 9h ?? ?? ??", *DEAL[4:]]
    # The burn card and P1, P3, P4, P5 take 17 of the 20 cards; P6 draws 4: the reshuffle.
    draw = ["P1 draws As ?? ?? ?? > ?? ?? ?? ??", "P2 pat", *[f"P{i} draws 4" for i in (3, 4, 5)]]
    draw += ["P6 draws 4", "P7 draws 9h ?? ?? ?? > ?? ?? ?? ??", "P8 pat"]

    def hand(shown: str) -> list[str]:
        lines = deal + draw + CHECKS + PATS + CHECKS + PATS + CHECKS
        return (
            lines
            + [f"P{i} mucks" for i in range(1, 9) if f"P{i}" != shown]
            + [f"{shown} shows 9h ?? ?? ??"]
        )

    phh = GameSettings(house=HouseRules(reshuffle="discards-first"))
    assert accepted(hand("P6"), phh)
    assert refused(hand("P1"), phh).rule == "duplicate-card"


def test_a_card_whose_slot_is_not_known_keeps_the_latest_slot_it_may_hold() -> None:
    """Legal, cards known in part (found by random deals with cards hidden): A is served the
    Kd and Qd that the first reshuffle took back, throws a card the record does not name and
    the 5c, and is served from a second reshuffle.  The 5c was in one of A's cards dealt
    before the first reshuffle: the Kd and Qd, shown, are still in the slots dealt after it."""
    pos = Position("test", 1, 1)
    tracker = CardTracker(4, ["A", "B"], "all-discards")
    tracker.stub = 2
    tracker.deal("B", parse_cards("Kd Qd"), pos)
    tracker.draw("B", parse_cards("Kd Qd"), (None, None), pos)  # the stub is empty
    tracker.draw("A", (None, None), parse_cards("Kd Qd"), pos)  # the first reshuffle
    tracker.draw("B", (None, None), (None, None), pos)  # the stub is empty again
    tracker.draw("A", (None, *parse_cards("5c")), parse_cards("3h 4h"), pos)  # the second
    assert tracker.reshuffles == 2
    with pytest.raises(IllegalAction) as err:  # B held his cards while A held the Kd
        tracker.show("B", (*parse_cards("Kd"), None, None, None), pos)
    assert err.value.rule == "duplicate-card"
    assert tracker.show("A", parse_cards("Kd Qd 3h 4h"), pos) == parse_cards("Kd Qd 3h 4h")
