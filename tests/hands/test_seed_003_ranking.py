"""``003`` (the Dutch article), its showdown in four steps, held to the one hand value every
game uses (``hands.badugi``):

1. "Ieder speler moet alle pairs uit zijn hand wegleggen." (every player lays away all pairs)
2. "Verder moeten alle kaarten van dezelfde suits worden weggelegd." (and all cards of the
   same suits)
3. "De speler die vervolgens de meeste kaarten over heeft wint de ronde." (most cards left
   wins: four beat three or fewer, three beat two)
4. "dan wint de hand met de laagste kaarten. De aas telt daarbij als laagste kaart" (then the
   lowest cards, the ace the lowest, 1), compared from the highest card: "speler A ... een tien
   en speler B een negen, dan wint speler B"; equal highest cards: the next highest, and so on.

Steps 1 and 2, word for word, lay away *every* card of a pair or a suit, in that order.  ``000``
("only one of them counts ... keep as many cards as possible; among equally many, keep the
lowest ones"), ``002`` and ``004`` keep one of each, and the seeds README (item 1) makes that
the rule: the best selection, not a procedure.  So ``003``'s steps are read as "one card of each
pair and of each suit is laid away" (README, *Rules and house rules*), and these tests name
where the literal reading would differ.
"""

from __future__ import annotations

from badugi_ledger.hands.badugi import BadugiValue, badugi_value
from badugi_ledger.model.cards import parse_known_cards


def bv(text: str) -> BadugiValue:
    return badugi_value(parse_known_cards(text))


def test_003_step_3_most_cards_left_wins() -> None:
    """``003`` step 3: four cards beat any hand of three or fewer, three beat two."""
    assert bv("K♠ Q♥ J♦ 10♣") > bv("A♠ 2♥ 3♦ 3♣")
    assert bv("K♠ Q♥ J♦ J♣") > bv("A♠ 2♠ 3♥ 3♦")
    assert bv("A♠ 2♠ 3♥ 3♦").size == 2


def test_003_step_4_lowest_cards_from_the_highest_down_ace_is_one() -> None:
    """``003`` step 4: player A's highest card a ten, player B's a nine: B wins; equal highest
    cards: the next highest decides, and so on; the ace counts as the lowest card, 1."""
    ten, nine = bv("10♠ 4♥ 3♦ 2♣"), bv("9♠ 8♥ 7♦ 6♣")
    assert nine > ten
    assert bv("10♠ 5♥ 3♦ 2♣") > bv("10♠ 6♥ 3♦ 2♣")
    assert bv("10♠ 6♥ 3♦ 2♣") > bv("10♠ 6♥ 4♦ 2♣")
    assert bv("10♠ 6♥ 3♦ A♣") > bv("10♠ 6♥ 3♦ 2♣")
    assert bv("A♠ 2♥ 3♦ 4♣").describe() == "4-card 4-3-2-A"


def test_003_steps_1_and_2_lay_away_one_card_of_a_pair_or_a_suit() -> None:
    """``003`` steps 1-2 as the seeds README (item 1) and ``000`` read them: of a pair, and of
    two cards of one suit, one card is laid away, not both (word for word, A♠ A♥ 3♦ 4♣ would
    keep only 4-3 and A♠ 2♠ 3♥ 4♦ only 4-3); which one is the best selection's choice."""
    assert bv("A♠ A♥ 3♦ 4♣").describe() == "3-card 4-3-A"
    assert bv("A♠ 2♠ 3♥ 4♦").describe() == "3-card 4-3-A"
    # Pairs first, then suits, one card at a time, can miss the best selection: laying away
    # K♠ of the kings leaves K♥ beside 2♥, and then only 3-2; the best keeps K♠.
    assert bv("K♠ K♥ 2♥ 3♦").describe() == "3-card K-3-2"
