"""A PHH hand whose settings are refused is refused at the field whose value is at fault.

The settings (``GameSettings``, ``Structure``) refuse blinds out of order or a bet of 0 with a
``ConfigError`` that names the setting; the reader points at the PHH field that gave it
(``blinds_or_straddles``, ``small_bet``, ``big_bet``), at the value's line and column, whether
the fast TOML reader or ``tomllib`` read the file.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import BadugiError, ImportFormatError
from badugi_ledger.phh import fast as phh_fast
from badugi_ledger.phh.reader import read_phh

OUT_OF_ORDER = "blinds 2/1: the small blind cannot be above the big blind"
SMALL_BLIND_FIRST = "blinds_or_straddles lists the small blind first, then the big blind"
BLINDS_VALUE = len("blinds_or_straddles = ") + 1


def three_handed(quote: str = "'", **changed: str) -> str:
    """A three-handed hand (p3 and p1 fold) with its strings in ``quote`` and some fields
    written otherwise."""
    fields = {
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[1, 2, 0]",
        "small_bet": "2",
        "big_bet": "4",
        "starting_stacks": "[20, 20, 20]",
        **changed,
    }
    actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 f", "p1 f"]
    lines = [f"variant = {quote}FB{quote}"]
    lines += [f"{key} = {value}" for key, value in fields.items()]
    lines.append("actions = [" + ", ".join(f"{quote}{a}{quote}" for a in actions) + "]")
    return "\n".join(lines) + "\n"


def line_of(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key} ="))


def refused(text: str, monkeypatch: pytest.MonkeyPatch) -> ImportFormatError:
    """The one error of ``text``, the same read by the fast TOML reader as by ``tomllib``."""
    (fast,) = read_phh(text, "h.phh")
    with monkeypatch.context() as patch:
        patch.setattr(phh_fast, "fast_loads", lambda _text: None)
        (slow,) = read_phh(text, "h.phh")
    assert isinstance(fast, ImportFormatError), fast
    assert isinstance(slow, BadugiError)
    assert (str(slow), slow.rule, slow.position) == (str(fast), fast.rule, fast.position)
    assert fast.rule == "bad-phh" and fast.hand == "h"
    return fast


@pytest.mark.parametrize("quote", ["'", '"'], ids=["pokerkit-single", "double"])
def test_blinds_out_of_order_are_refused_at_blinds_or_straddles(
    quote: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = three_handed(quote, blinds_or_straddles="[2, 1, 0]")
    assert phh_fast.fast_loads(text) is not None  # the fast path is taken, and tomllib below
    error = refused(text, monkeypatch)
    assert str(error.position) == f"h.phh:{line_of(text, 'blinds_or_straddles')}:{BLINDS_VALUE}"
    assert OUT_OF_ORDER in error.message and SMALL_BLIND_FIRST in error.message
    assert "small_bet" not in error.message


def test_a_file_only_tomllib_reads_says_the_same_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """An escape in a string is beyond the fast reader: ``tomllib`` reads the whole file."""
    text = three_handed(blinds_or_straddles="[2, 1, 0]") + 'event = "a\\tb"\n'
    assert phh_fast.fast_loads(text) is None
    error = refused(text, monkeypatch)
    assert str(error.position) == f"h.phh:3:{BLINDS_VALUE}"
    assert OUT_OF_ORDER in error.message


def test_heads_up_blinds_out_of_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Heads-up PokerKit has the button post the small blind, still the list's first."""
    text = three_handed(
        antes="[0, 0]", blinds_or_straddles="[2, 1]", starting_stacks="[20, 20]"
    ).replace("'d dh p3 ????????', 'p3 f', ", "")
    error = refused(text, monkeypatch)
    assert str(error.position) == f"h.phh:3:{BLINDS_VALUE}"
    assert OUT_OF_ORDER in error.message


def test_a_quoted_key_is_found_too(monkeypatch: pytest.MonkeyPatch) -> None:
    text = three_handed(blinds_or_straddles="[2, 1, 0]")
    text = text.replace("blinds_or_straddles =", "'blinds_or_straddles' =")
    error = refused(text, monkeypatch)
    assert str(error.position) == f"h.phh:3:{BLINDS_VALUE + 2}"


@pytest.mark.parametrize(
    ("changed", "key", "says"),
    [
        ({"small_bet": "0"}, "small_bet", "a small bet and a big bet above 0"),
        ({"big_bet": "0"}, "big_bet", "a small bet and a big bet above 0"),
        ({"small_bet": "4", "big_bet": "2"}, "small_bet", "fixed limit 4/2: the small bet"),
    ],
)
def test_a_refused_bet_is_refused_at_that_bet(
    changed: dict[str, str], key: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = three_handed(**changed)
    error = refused(text, monkeypatch)
    assert error.position.line == line_of(text, key)
    assert error.position.column == len(f"{key} = ") + 1
    assert says in error.message
    assert f"(small_bet {changed.get('small_bet', 2)}, big_bet {changed.get('big_bet', 4)})" in (
        error.message
    )


def test_a_straddle_smaller_than_the_big_blind_is_refused_at_blinds_or_straddles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = three_handed(blinds_or_straddles="[1, 2, 1]")
    error = refused(text, monkeypatch)
    assert str(error.position) == f"h.phh:3:{BLINDS_VALUE}"
    assert "a straddle of 1 is smaller than the big blind (2)" in error.message


def test_a_straddle_the_replay_plays_is_read() -> None:
    (record,) = read_phh(three_handed(blinds_or_straddles="[1, 2, 4]"), "h.phh")
    assert not isinstance(record, BadugiError), record
