"""A hand's messages name its amounts in the hand's own unit: money as money, chips as chips.

In a cash game with a currency every amount is stored as cents (``grammar/README.md``:
``currency USD`` makes our format's amounts cents; site files write ``$0.25``; a PHH hand with
``currency`` writes its amounts in that currency's units, ``docs/importers.md``).  The replay's
messages show them as money, the way a person reads the file: a figure the file states
(``Anna calls 150``) as ``1.50``, an amount with its unit as ``15.00 USD``, never cents called
chips (``1500 chips created``).  A tournament's stacks and a home game's valued chips
(``chips 100 = 10 EUR``) are chips, and a chips hand reads as it always did, ``1 chip`` in the
singular.

Sources: the hands in our format and the PHH hands are invented here; the site hand is
``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872, read from the shared
corpus and changed where each test says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.results import Violation
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import CORPUS

USD = "game badugi · fixed limit 200/400 · blinds 100/200 · currency USD\ncash Friday\n\n"
"""Our format, a $1/$2 game: every amount is cents (``currency USD``)."""
CHIPS = "game badugi · fixed limit 200/400 · blinds 100/200\ncash Friday\n\n"
VALUED = "game badugi · fixed limit 200/400 · blinds 100/200\ncash Friday · chips 100 = 10 EUR\n\n"
TOURNAMENT = (
    "game badugi · fixed limit 200/400 · blinds 100/200 · currency USD\n"
    "tournament Cup · buy-in 2000 · starting-chips 5000 · payouts 100\n\n"
)
"""A tournament whose buy-in is USD: its stacks are tournament chips all the same."""

HAND = "hand 1 · button Anna · Anna 5000 · Ben 5000 · Dan {dan}\n{lines}"
# Ben posts the small blind, Dan the big one; Anna acts first.
WALK = "Anna raises to 400 · Ben folds · Dan folds\n"
"""Anna's raise is called by nobody: 200 of it come back, she wins the pot of 500."""


def messages(text: str, source: str = "night.bhh") -> list[tuple[str, str]]:
    """(rule, message) of every error and warning of the hands of ``text``."""
    found: list[Violation] = []
    for outcome in replay_stream(parse_text(text, source)):
        found += [*outcome.errors, *outcome.warnings]
    return [(v.rule, v.message) for v in found]


def hand(head: str, lines: str, dan: int = 5000) -> list[tuple[str, str]]:
    return messages(head + HAND.format(dan=dan, lines=lines))


# --------------------------------------------------------------------------- our format


def test_a_wrong_call_names_both_amounts_as_the_money_they_are() -> None:
    assert hand(USD, "Anna calls 150\n") == [("call-amount", "Anna calls 1.50; the call is 2.00")]


def test_an_over_stack_call_names_the_stack_in_money() -> None:
    # Dan has 1.00 behind after his big blind of 2.00.
    found = hand(USD, "Anna raises to 400 · Ben folds · Dan calls 300\n", dan=300)
    assert found == [("over-stack", "Dan calls 3.00 but has only 1.00 USD")]


def test_an_over_stack_raise_names_the_stack_in_money() -> None:
    head = USD.replace("fixed limit 200/400", "no limit")
    found = hand(head, "Anna raises to 6000\n")
    assert found == [("over-stack", "Anna raises to 60.00 but has only 50.00 USD")]


def test_a_wrong_collect_and_the_money_it_creates() -> None:
    found = hand(USD, WALK + "Anna collects 700\n")
    assert found == [
        (
            "collect",
            "Anna collects 7.00, but is owed 5.00: "
            "main pot 5.00: Anna wins uncontested (everyone else folded)",
        ),
        (
            "chips-balance",
            "the recorded collections, rake and carried pot add up to 7.00, but the pot is "
            "5.00: 2.00 USD created",
        ),
    ]


def test_a_collection_written_twice_names_each_line() -> None:
    """The same collection on two lines: the message named 10.00, a figure written nowhere;
    it names both lines' amounts."""
    found = hand(USD, WALK + "Anna collects 500\nAnna collects 500\n")
    assert found[0] == (
        "collect",
        "Anna collects 10.00 (5.00 + 5.00, on 2 lines), but is owed 5.00: "
        "main pot 5.00: Anna wins uncontested (everyone else folded)",
    )


def test_a_final_line_that_creates_money() -> None:
    found = hand(USD, WALK + "final: Anna 6800 · Ben 4900 · Dan 4800\n")
    assert found == [
        ("final-stack", "Anna ends with 68.00, but the replay gives 53.00"),
        (
            "chips-balance",
            "the recorded final stacks add up to 165.00; with rake 0.00 and 0.00 carried that "
            "is 165.00, but the players started with 150.00: 15.00 USD created",
        ),
    ]


def test_a_showdown_pot_is_described_in_money_in_a_message() -> None:
    lines = (
        "Anna calls · Ben calls · Dan checks\n"
        + "draw: Ben pat · Dan pat · Anna pat\nBen checks · Dan checks · Anna checks\n" * 3
        + "show: Ben As 2h 3d 4c · Dan Ks Qh Jd Tc · Anna 9s 8h 7d 6c\n"
        + "Dan collects 600\n"
    )
    why = "main pot 6.00: Ben 6.00 with 4-card 4-3-2-A"
    assert hand(USD, lines) == [
        ("collect", f"Dan collects 6.00, but wins nothing: {why}"),
        ("collect", f"no collection is recorded for Ben, who is owed 6.00 ({why})"),
    ]


def test_a_carried_progressive_pot_is_described_in_money_in_a_message() -> None:
    """``002``: no hand qualifies (Anna's is ten-high), the pot carries."""
    lines = (
        "Anna calls · Ben calls · Dan checks\n"
        + "draw: Ben pat · Dan pat · Anna pat\nBen checks · Dan checks · Anna checks\n" * 3
        + "show: Ben Kc Kh 3d 4c · Dan Ks Qh Jd Td · Anna Ts 8h 7d 6c\n"
        + "Dan collects 600\n"
    )
    why = "main pot {0}: no hand qualifies: the pot of {0} carries to the next hand (002)"
    found = hand(USD.replace("game badugi", "game progressive badugi"), lines)
    assert found == [("collect", "Dan collects 6.00, but wins nothing: " + why.format("6.00"))]
    found = hand(CHIPS.replace("game badugi", "game progressive badugi"), lines)
    assert found == [("collect", "Dan collects 600, but wins nothing: " + why.format("600"))]


def test_a_stack_that_is_not_the_carried_one_is_money() -> None:
    text = (
        USD
        + HAND.format(dan=5000, lines=WALK)
        + "\nhand 2 · button Ben · Anna 5000 · Ben 4900 · Dan 4800\nBen folds · Dan folds\n"
    )
    assert messages(text) == [
        ("stack-carried", "Anna starts with 50.00, but the previous hand left Anna with 53.00")
    ]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            "Ben posts small blind 50 · Dan posts big blind 200\nAnna folds\n",
            ("post-amount", "Ben posts 0.50 as the small blind; it is 1.00"),
        ),
        ("Anna checks\n", ("check-facing-bet", "Anna checks facing a bet: 2.00 to call (000)")),
        (
            "Anna raises to 500\n",
            ("bet-size", "Anna raises to 5.00; in fixed limit this raise is to 4.00 (000)"),
        ),
        (
            "Anna raises to 400 all-in\n",
            ("all-in-stack", "Anna is marked all-in but keeps 46.00 USD"),
        ),
        (WALK + "pot 600\n", ("pot-total", "the pot is recorded as 6.00, but is 5.00")),
        (
            WALK + "Anna collects 500 · raked 50\n",
            (
                "chips-balance",
                "the recorded collections, rake and carried pot add up to 5.50, "
                "but the pot is 5.00: 0.50 USD created",
            ),
        ),
    ],
    ids=["post", "check", "raise-size", "all-in", "pot", "rake"],
)
def test_each_amount_of_a_message_is_money(lines: str, expected: tuple[str, str]) -> None:
    found = hand(USD, lines)
    assert expected in found, found


def test_a_rake_above_the_rule_names_money() -> None:
    head = USD.replace("currency USD", "currency USD · rake 10% cap 100")
    found = hand(head, WALK + "Anna collects 500 · raked 100\n")
    rake = "the house takes 1.00, but the rake of a 5.00 pot is 0.00 (10%, cap 1.00)"
    assert ("rake", rake) in found, found


# --------------------------------------------------------------------------- chips stay chips


def test_a_chips_hand_reads_as_before() -> None:
    assert hand(CHIPS, "Anna calls 150\n") == [("call-amount", "Anna calls 150; the call is 200")]
    found = hand(CHIPS, "Anna raises to 400 · Ben folds · Dan calls 300\n", dan=300)
    assert found == [("over-stack", "Dan calls 300 but has only 100 chips")]


def test_one_chip_is_a_chip() -> None:
    found = hand(CHIPS, WALK + "Anna collects 501\n")
    assert found[-1] == (
        "chips-balance",
        "the recorded collections, rake and carried pot add up to 501, but the pot is 500: "
        "1 chip created",
    )
    found = hand(CHIPS, "Anna raises to 400 · Ben folds · Dan calls 300\n", dan=201)
    assert found == [("over-stack", "Dan calls 300 but has only 1 chip")]


@pytest.mark.parametrize("head", [VALUED, TOURNAMENT], ids=["valued-chips", "tournament"])
def test_valued_chips_and_tournament_stacks_are_chips(head: str) -> None:
    found = hand(head, WALK + "Anna collects 700\n")
    assert found[-1][1].endswith(": 200 chips created")
    assert hand(head, "Anna calls 150\n") == [("call-amount", "Anna calls 150; the call is 200")]


# --------------------------------------------------------------------------- PHH and sites

PHH_USD = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 4", "p1 f"]
players = ["Ann", "Bob"]
currency = "USD"
finishing_stacks = [98, 102.50]
"""
"""Invented: a $2/$4 hand heads-up, Bob (the button) raises, Ann folds her big blind of $2;
the finishing stacks claim 50 cents too many for Bob."""


def test_a_phh_hand_with_a_currency_speaks_money() -> None:
    found: list[Violation] = []
    for outcome in replay_stream(read_phh(PHH_USD, "usd.phh")):
        found += outcome.errors
    assert [(v.rule, v.message) for v in found] == [
        ("final-stack", "Bob ends with 102.50, but the replay gives 102.00"),
        (
            "chips-balance",
            "the recorded final stacks add up to 200.50; with rake 0.00 and 0.00 carried that "
            "is 200.50, but the players started with 200.00: 0.50 USD created",
        ),
    ]


STARS = CORPUS / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"


def stars_first_hand(
    tmp_path: Path, old: str, new: str, *also: tuple[str, str]
) -> list[tuple[str, str]]:
    """The errors of hand 49164202872 with ``old`` written ``new`` (and ``also`` more)."""
    text = STARS.read_text(encoding="utf-8-sig")
    first = text[: text.index("PokerStars Game #49164247462")]
    for was, now in [(old, new), *also]:
        assert first.count(was) == 1
        first = first.replace(was, now)
    path = tmp_path / "stars.txt"
    path.write_text(first, encoding="utf-8")
    found: list[Violation] = []
    for outcome in replay_stream(read_hands(path)):
        found += outcome.errors
    return [(v.rule, v.message) for v in found]


def test_a_site_hand_names_its_dollars_as_the_file_writes_them(tmp_path: Path) -> None:
    found = stars_first_hand(tmp_path, "Lino19: calls $0.15", "Lino19: calls $0.20")
    assert found == [("call-amount", "Lino19 calls 0.20; the call is 0.15")]


def test_a_site_hand_describes_its_pots_in_dollars(tmp_path: Path) -> None:
    # 10 cents too many from the main pot, in the collection and in the summary alike.
    found = stars_first_hand(
        tmp_path,
        "buddyboy3399 collected $2.90 from main pot",
        "buddyboy3399 collected $3.00 from main pot",
        ("won ($5.45)", "won ($5.55)"),
        ("Main pot $2.90.", "Main pot $3.00."),
    )
    assert found[-1] == (
        "chips-balance",
        "the recorded collections, rake and carried pot add up to 5.80, but the pot is 5.70: "
        "0.10 USD created",
    )
    assert (
        "collect",
        "buddyboy3399 collects 3.00 from the main pot, but is owed 2.80 from it: "
        "main pot 3.05: buddyboy3399 2.80 with 4-card 8-4-3-A",
    ) in found
