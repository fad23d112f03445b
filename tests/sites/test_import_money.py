"""Money becomes integer cents, chips stay integers, and nothing is ever rounded."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.sites.common import parse_amount


@given(st.integers(min_value=0, max_value=10**9))
def test_dollars_and_cents_round_trip(cents: int) -> None:
    dollars, rest = divmod(cents, 100)
    for text in (f"${dollars}.{rest:02d}", f"{dollars:,}.{rest:02d}", f"{cents / 100:.2f}"):
        assert parse_amount(text, currency="USD") == cents
    if rest == 0:
        assert parse_amount(f"${dollars}", currency="USD") == cents
    if rest % 10 == 0:
        assert parse_amount(f"${dollars}.{rest // 10}", currency="USD") == cents  # "$0.7"


@given(st.integers(min_value=0, max_value=10**9))
def test_chips_are_whole_numbers(chips: int) -> None:
    assert parse_amount(str(chips), currency=None) == chips
    assert parse_amount(f"{chips:,}", currency=None) == chips


@pytest.mark.parametrize(
    ("text", "currency", "value"),
    [("-5.50", "USD", -550), ("+8.50", "USD", 850), ("$5000", "USD", 500000), ("€0.05", "EUR", 5)],
)
def test_signed_and_other_currency_amounts(text: str, currency: str, value: int) -> None:
    """KingsClub prints nets with a sign (``-5.50``); PokerStars ``$5000 in chips``; ``€0.05``
    in a hand played in EUR."""
    assert parse_amount(text, currency=currency, signed=True) == value


@pytest.mark.parametrize(
    ("text", "currency"), [("0.005", "USD"), ("1.5", None), ("abc", "USD"), ("", None)]
)
def test_fractions_and_junk_are_refused(text: str, currency: str | None) -> None:
    with pytest.raises(ImportFormatError) as caught:
        parse_amount(text, currency=currency)
    assert caught.value.rule == "bad-amount"
