"""Each refusal of the settings names the field whose value it refuses (``ConfigError.setting``),
so a reader that knows which of its own keys gave that field can point at that key."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_ledger.model.errors import ConfigError
from badugi_ledger.model.settings import GameSettings, HouseRules, RakeRule, Structure


@pytest.mark.parametrize(
    ("cls", "wrong", "setting"),
    [
        (HouseRules, {"odd_chip": "nobody"}, "odd_chip"),
        (HouseRules, {"max_seats": 1}, "max_seats"),
        (HouseRules, {"qualifier_max": 14}, "qualifier_max"),
        (HouseRules, {"buy_price": -1}, "buy_price"),
        (Structure, {"kind": "no-such"}, "kind"),
        (Structure, {"small_bet": 0, "big_bet": 4}, "small_bet"),
        (Structure, {"small_bet": 2, "big_bet": 0}, "big_bet"),
        (Structure, {"small_bet": 4, "big_bet": 2}, "small_bet"),
        (Structure, {"kind": "spread-limit", "spread_min": 0, "spread_max": 2}, "spread_min"),
        (Structure, {"kind": "spread-limit", "spread_min": 3, "spread_max": 2}, "spread_max"),
        (Structure, {"kind": "pot-limit", "cap": 0}, "cap"),
        (RakeRule, {"percent": 101}, "percent"),
        (RakeRule, {"cap": -1}, "cap"),
        (GameSettings, {"game": "holdem"}, "game"),
        (GameSettings, {"small_blind": -1}, "small_blind"),
        (GameSettings, {"big_blind": -2}, "big_blind"),
        (GameSettings, {"ante": -1}, "ante"),
        (GameSettings, {"small_blind": 2, "big_blind": 1}, "small_blind"),
        (GameSettings, {"with_buy": True}, "with_buy"),
    ],
)
def test_a_refusal_names_the_setting_at_fault(
    cls: type, wrong: dict[str, Any], setting: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        cls(**wrong)
    assert refused.value.setting == setting


def test_an_error_not_of_one_setting_names_none() -> None:
    assert ConfigError("payout percentages must total 100").setting is None
