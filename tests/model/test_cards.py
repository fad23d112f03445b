"""Card text as organisers write it: ranks A 2-9 T/10 J Q K, suits by letter or
symbol in any case, an unknown-card token for histories, and clear errors naming the token."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_ledger.model.cards import (
    DECK,
    Card,
    format_cards,
    parse_card,
    parse_card_or_unknown,
    parse_cards,
    parse_known_cards,
)
from badugi_ledger.model.errors import CardError, Position


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As", Card(1, "s")),
        ("Td", Card(10, "d")),
        ("10d", Card(10, "d")),
        ("10♦", Card(10, "d")),
        ("a♠", Card(1, "s")),
        ("AS", Card(1, "s")),
        ("kH", Card(13, "h")),
        ("2♣", Card(2, "c")),
        ("Q♡", Card(12, "h")),
        ("j♧", Card(11, "c")),
        (" 9c ", Card(9, "c")),
    ],
)
def test_issue_spellings(text: str, card: Card) -> None:
    """Issue 2 item 3: ``As``, ``Td``, ``10d``, ``10♦``, ``a♠``, ``AS`` are all cards."""
    assert parse_card(text) == card


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("1s", "unknown rank '1'"),
        ("Ax", "unknown suit 'x'"),
        ("A", "has no suit"),
        ("Ass", "unknown suit 'ss'"),
        ("Zs", "unknown rank 'Z'"),
        ("", "empty card"),
    ],
)
def test_bad_text_names_the_token(token: str, fragment: str) -> None:
    """Issue 2 item 3: ``1s``, ``Ax``, ``A`` are clear errors naming the token."""
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert fragment in str(info.value)
    assert repr(token) in str(info.value)


def test_repeated_card_in_one_hand() -> None:
    """Issue 2 item 3: a repeated card in one hand is an error naming the card, whatever the
    spelling."""
    with pytest.raises(CardError, match="card As appears twice"):
        parse_cards("As 2c a♠")
    with pytest.raises(CardError, match="card Td appears twice"):
        parse_known_cards(["10d", "Td"])


def test_unknown_card_token() -> None:
    """Histories write a card nobody saw as ``??`` or ``X``: it parses to ``None`` and never
    counts as a repeat, but cannot be evaluated."""
    assert parse_cards("?? X As xx") == (None, None, Card(1, "s"), None)
    assert parse_card_or_unknown("??") is None
    assert format_cards(parse_cards("?? Td")) == "?? Td"
    with pytest.raises(CardError, match="unknown card"):
        parse_known_cards("As ??")


def test_separators_and_positions() -> None:
    expected = (Card(1, "s"), Card(2, "c"), Card(3, "d"), Card(4, "h"))
    assert parse_known_cards("As,2c, 3d  4h") == expected
    with pytest.raises(CardError) as info:
        parse_card("Ax", Position("hands.txt", 3, 7))
    assert str(info.value).startswith("hands.txt:3:7: ")


def test_deck_and_index() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert [c.code for c in DECK] == list(range(52))
    assert Card(1, "c").code == 0 and Card(13, "s").code == 51


@given(st.sampled_from(DECK))
def test_text_round_trip(card: Card) -> None:
    assert parse_card(str(card)) == card
    symbol = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card.suit]
    rank = "10" if card.rank == 10 else str(card)[0]
    assert parse_card(rank.lower() + symbol) == card
    assert parse_card(str(card).upper()) == card
