"""When two player names are one name (``model/names.py``): the same letters once composed
(NFC), without the characters that show nothing; characters Unicode files as format
characters but which change what a name shows keep names apart.  The replay's one-seat rule
(``000``: one seat per player) and the ledger's aliases both ask it."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.names import BEFORE_A_NAME, composed
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.text.grammar import terminals
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES
from tests.helpers.replay_builder import record

SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
WALES = "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"


@pytest.mark.parametrize(
    "pasted",
    [
        "An\u200bna",  # zero-width space
        "\u200fAnna",  # right-to-left mark
        "Anna\ufeff",  # byte order mark
        "An\u00adna",  # soft hyphen
        "\u2066Anna\u2069",  # an isolate around it
        "An\u2060na",  # word joiner
    ],
)
def test_a_character_that_shows_nothing_does_not_make_another_name(pasted: str) -> None:
    assert composed(pasted) == "Anna"


@pytest.mark.parametrize("pasted", ["\u200b", "\u2060", "\ufeff", "\u00ad"])
def test_one_pasted_between_a_letter_and_its_mark_does_not_make_another_name(
    pasted: str,
) -> None:
    """``Zoe``, a zero-width character, then the combining diaeresis: the name shows as
    ``Zoë`` (the mark has no letter of its own to sit on but the ``e``), so it is ``Zoë``."""
    assert composed(f"Zoe{pasted}\u0308") == composed("Zoe\u0308") == "Zo\u00eb"


_LETTER = st.sampled_from(["Z", "o", "e", "a", "\u00eb", "\u1100", "\u1161", "\U0001f3f4"])
_AFTER = st.sampled_from(
    [
        "\u0308",
        "\u0301",
        "\u200b",
        "\u2060",
        "\ufeff",
        "\u00ad",
        "\u200d",
        "\u0600",
        "\U000e0067",
        "\u1161",
        "\u11a8",
    ]
)
_NAMES = st.lists(
    st.tuples(_LETTER, st.lists(_AFTER, max_size=3).map("".join)).map("".join),
    min_size=1,
    max_size=4,
).map("".join)
"""Names of letters each followed by what may be pasted or typed after it: combining marks,
characters that show nothing, joiners, tags, Hangul jamo that compose."""


@given(_NAMES)
def test_a_composed_name_is_its_own_composed_name(name: str) -> None:
    """What :func:`composed` gives is a name as it shows: composed (NFC), with nothing left to
    drop, so composing it again changes nothing and two spellings of one name meet."""
    once = composed(name)
    assert composed(once) == once
    assert unicodedata.is_normalized("NFC", once)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (f"Fan{SCOTLAND}", f"Fan{WALES}"),  # flags of two regions: tags differ
        ("\u0600\u0661", "\u0661"),  # the Arabic number sign prints
        ("\u06dd\u0661", "\u0661"),  # so does the end of ayah
        ("\U0001f469\u200d\U0001f467", "\U0001f469\U0001f467"),  # a joined emoji
    ],
)
def test_a_format_character_that_shows_something_keeps_names_apart(one: str, other: str) -> None:
    assert composed(one) != composed(other)
    assert composed(one) == one  # nothing of it is dropped


def test_two_fans_of_two_regions_sit_at_one_table() -> None:
    """``000``: one seat per player; two flags are two names, so the hand is legal and each
    fan keeps a seat (read from the text, as a club writes it)."""
    text = (
        "game badugi \u00b7 fixed limit 2/4 \u00b7 blinds 1/2 \u00b7 rake none\n"
        f"hand 1 \u00b7 button Anna \u00b7 Anna 100 \u00b7 Fan{SCOTLAND} 100"
        f" \u00b7 Fan{WALES} 100\n"
        f"Anna raises \u00b7 Fan{SCOTLAND} folds \u00b7 Fan{WALES} folds\n"
        "Anna collects 5\n"
    )
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    assert outcome.ok, outcome.errors
    assert outcome.result is not None
    assert {s.name for s in outcome.result.record.seats} == {
        "Anna",
        f"Fan{SCOTLAND}",
        f"Fan{WALES}",
    }


def test_a_name_with_a_zero_width_space_is_seated_twice() -> None:
    """``000``: one seat per player; ``Anna`` and ``Anna`` with a zero-width space are one."""
    hand = record({"Anna": 100, "An\u200bna": 100, "Ben": 100}, "Ben", [])
    with pytest.raises(IllegalAction) as err:
        replay_hand(hand)
    assert err.value.rule == "seats"


def test_a_name_that_shows_nothing_is_refused() -> None:
    """A seat named by a zero-width space alone composes to no name at all: nobody reading
    the hand, the ledger or the standings could tell who played (``000``: one seat per
    player, each one a player).  It was seated, and stored under the empty name."""
    hand = record({"Anna": 100, "\u200b": 100, "Ben": 100}, "Ben", [])
    with pytest.raises(IllegalAction) as err:
        replay_hand(hand)
    assert err.value.rule == "seats"
    assert "shows nothing" in err.value.message


@pytest.mark.parametrize("pasted", ["\u200b", "\u200e", "\u200f", "\u2060", "\u061c"])
def test_a_name_starting_with_a_character_that_shows_nothing_is_that_player(pasted: str) -> None:
    """``examples/home_session.bhh`` with a zero-width space or a direction mark pasted before
    ``Dan`` from hand 2 on (a name copied from a chat): the mark counts as nothing there, as it
    does inside a name, so Dan's stack carries to each later hand and every hand is checked
    as the example is.  The unquoted name was refused: "expected a player name, found
    '\\u200bDan'"."""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    first, later = text.split("\nhand 2 ", 1)
    later = later.replace("Dan", pasted + "Dan")
    outcomes = list(replay_stream(parse_text(f"{first}\nhand 2 {later}", "night.bhh")))
    assert len(outcomes) == 4
    assert [(o.ok, o.errors) for o in outcomes] == [(True, ())] * 4
    assert outcomes[1].result is not None
    assert pasted + "Dan" in {s.name for s in outcomes[1].result.record.seats}


def test_the_grammar_lets_a_name_start_with_exactly_the_characters_names_lets() -> None:
    """The grammar's NAME and :data:`BEFORE_A_NAME` say the same of every format character:
    one rule, which ``model/names.py`` owns."""
    name = re.compile(terminals().patterns["NAME"]).fullmatch
    every = (chr(c) for c in range(sys.maxunicode + 1))
    format_characters = [c for c in every if unicodedata.category(c) == "Cf"]
    allowed = {c for c in format_characters if name(c + "Zo\u00eb")}
    assert allowed == set(BEFORE_A_NAME)
