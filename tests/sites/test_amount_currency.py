"""An amount in another currency than the hand's is an error at its own line, in every reader.

A site writes one currency's symbol on every amount of a hand (``$0.25`` at a ``$0.25/$0.50``
table) and none at a table of chips (a tournament's, play money's).  An amount whose symbol
(or code) names another currency (``€0.25`` at that table, ``$1500`` at a table of chips) was
read as if it were in the table's: the hand is damaged or was edited, and its money would be
wrong without a word.  It is a ``bad-amount`` error at the line that writes it
(``sites/common.py``, ``parse_amount``, which every reader reads its amounts with).

Sources: PokerStars cash hand 49164255772, lines 106-161 of the corpus file
``pokerstars/Badugi-USD-0.25-0.50-201009.txt`` (fpdb regression files, see the corpus's
``SOURCES.md``), copied below with its trailing blanks dropped (the reader drops them too);
the corpus hands copied in ``tests/fixtures/sites`` (its ``SOURCES.md``): the first hand of the
PokerStars SNG file (tournament chips), the Full Tilt and Merge cash hands, and the play-money
variants made from corpus hands there.  Each case changes one amount of one line at test time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sites.common import parse_amount
from badugi_ledger.sites.files import decode_bytes, split_lines
from badugi_ledger.sites.fulltilt import read_fulltilt
from badugi_ledger.sites.merge import read_merge
from badugi_ledger.sites.pokerstars import read_pokerstars
from tests.helpers.paths import FIXTURES

STARS_CASH_HAND = """\
PokerStars Game #49164255772:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:33:38 ET
Table 'Benkoela V' 8-max Seat #2 is the button
Seat 1: Lino19 ($5.55 in chips)
Seat 2: Hero ($4.65 in chips)
Seat 4: Scorpio2000 ($1.75 in chips)
Seat 5: buddyboy3399 ($11.95 in chips)
Seat 6: JDANIELDC ($8.75 in chips)
Seat 8: kallexx1 ($5000 in chips)
oooDestroyoo will be allowed to play after the button
Scorpio2000: posts small blind $0.10
buddyboy3399: posts big blind $0.25
cuchiku: sits out
kallexx1: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [4s 8s Kc 3h]
JDANIELDC: calls $0.25
kallexx1: checks
Lino19: folds
Hero: folds
Scorpio2000: calls $0.15
cuchiku leaves the table
buddyboy3399: raises $0.25 to $0.50
JDANIELDC: calls $0.25
kallexx1: calls $0.25
Scorpio2000: folds
*** FIRST DRAW ***
buddyboy3399: stands pat
JDANIELDC: discards 2 cards
kallexx1: stands pat
buddyboy3399: bets $0.25
JDANIELDC: folds
kallexx1: calls $0.25
*** SECOND DRAW ***
buddyboy3399: stands pat
kallexx1: discards 1 card
buddyboy3399: bets $0.50
kallexx1: calls $0.50
*** THIRD DRAW ***
buddyboy3399: stands pat
kallexx1: discards 1 card
buddyboy3399: bets $0.50
kallexx1: calls $0.50
*** SHOW DOWN ***
buddyboy3399: shows [Tc 3s 2s 7h] (3-card: T,7,2)
kallexx1: shows [4c 4d 5s 6h] (3-card: 6,5,4)
kallexx1 collected $4.05 from pot
*** SUMMARY ***
Total pot $4.25 | Rake $0.20
Seat 1: Lino19 folded before the Draw (didn't bet)
Seat 2: Hero (button) folded before the Draw (didn't bet)
Seat 4: Scorpio2000 (small blind) folded before the Draw
Seat 5: buddyboy3399 (big blind) showed [Tc 3s 2s 7h] and lost with a 3-card: T,7,2
Seat 6: JDANIELDC folded after the 1st Draw
Seat 8: kallexx1 showed [4c 4d 5s 6h] and won ($4.05) with a 3-card: 6,5,4
"""

READERS = {"pokerstars": read_pokerstars, "fulltilt": read_fulltilt, "merge": read_merge}


def _fixture(name: str) -> str:
    return decode_bytes((FIXTURES / "sites" / name).read_bytes()).replace("\r\n", "\n")


def _read(site: str, text: str) -> list[object]:
    return list(READERS[site](split_lines(text), "hand.txt"))


def _edited(text: str, line: int, old: str, new: str) -> str:
    """``text`` with ``old`` changed to ``new`` on its line ``line`` (1-based), which holds it."""
    lines = text.split("\n")
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


def test_the_unedited_hands_are_read() -> None:
    """What the cases below edit reads as it is: each error is the edit's."""
    texts = [
        ("pokerstars", STARS_CASH_HAND),
        ("pokerstars", _fixture("pokerstars-52588201462.txt")),
        ("pokerstars", _fixture("pokerstars-playmoney-49164247462.txt")),
        ("fulltilt", _fixture("fulltilt-32617272179.txt")),
        ("fulltilt", _fixture("fulltilt-playmoney-32617272180.txt")),
        ("merge", _fixture("merge-33227759-34.txt")),
        ("merge", _fixture("merge-playmoney-31274465-32.txt")),
    ]
    for site, text in texts:
        assert all(isinstance(item, HandRecord) for item in _read(site, text)), site


USD = "in a hand played in USD"
CHIPS = "in a hand played for chips"

CASES = [
    # --- PokerStars cash, $0.25/$0.50 USD (hand 49164255772, above) ---
    pytest.param("pokerstars", None, 30, "bets $0.25", "bets €0.25", f"'€0.25' is in EUR {USD}",
                 id="stars-bet"),
    pytest.param("pokerstars", None, 8, "($5000 in chips)", "(€5000 in chips)",
                 f"'€5000' is in EUR {USD}", id="stars-stack"),
    pytest.param("pokerstars", None, 46, "collected $4.05", "collected £4.05",
                 f"'£4.05' is in GBP {USD}", id="stars-collect"),
    pytest.param("pokerstars", None, 10, "small blind $0.10", "small blind €0.10",
                 f"'€0.10' is in EUR {USD}", id="stars-blind"),
    pytest.param("pokerstars", None, 22, "to $0.50", "to €0.50", f"'€0.50' is in EUR {USD}",
                 id="stars-raise"),
    pytest.param("pokerstars", None, 48, "Total pot $4.25", "Total pot €4.25",
                 f"'€4.25' is in EUR {USD}", id="stars-total-pot"),
    pytest.param("pokerstars", None, 48, "Rake $0.20", "Rake €0.20", f"'€0.20' is in EUR {USD}",
                 id="stars-rake"),
    pytest.param("pokerstars", None, 54, "won ($4.05)", "won (€4.05)", f"'€4.05' is in EUR {USD}",
                 id="stars-summary-won"),
    # --- PokerStars tournament chips (SNG hand 52588201462; its buy-in is in USD) ---
    pytest.param("pokerstars", "pokerstars-52588201462.txt", 6, "(1500 in chips)",
                 "($1500 in chips)", f"'$1500' is in USD {CHIPS}", id="stars-tournament-stack"),
    pytest.param("pokerstars", "pokerstars-52588201462.txt", 31, "bets 20", "bets $20",
                 f"'$20' is in USD {CHIPS}", id="stars-tournament-bet"),
    pytest.param("pokerstars", "pokerstars-52588201462.txt", 49, "collected 100",
                 "collected €100", f"'€100' is in EUR {CHIPS}", id="stars-tournament-collect"),
    pytest.param("pokerstars", "pokerstars-52588201462.txt", 1, "Level I (20/40)",
                 "Level I ($20/$40)", f"'$20' is in USD {CHIPS}", id="stars-tournament-stakes"),
    # --- PokerStars play money (the invented variant of hand 49164247462) ---
    pytest.param("pokerstars", "pokerstars-playmoney-49164247462.txt", 3, "(555 in chips)",
                 "($555 in chips)", f"'$555' is in USD {CHIPS}", id="stars-play-money-stack"),
    # --- Full Tilt cash, $0.10/$0.20 (hand 32617272179) ---
    pytest.param("fulltilt", "fulltilt-32617272179.txt", 38, "bets $0.20", "bets €0.20",
                 f"'€0.20' is in EUR {USD}", id="fulltilt-bet"),
    pytest.param("fulltilt", "fulltilt-32617272179.txt", 4, "($5.80)", "(£5.80)",
                 f"'£5.80' is in GBP {USD}", id="fulltilt-stack"),
    pytest.param("fulltilt", "fulltilt-32617272179.txt", 50, "wins the pot ($0.81)",
                 "wins the pot (€0.81)", f"'€0.81' is in EUR {USD}", id="fulltilt-win"),
    pytest.param("fulltilt", "fulltilt-playmoney-32617272180.txt", 12, "big blind of 10",
                 "big blind of $10", f"'$10' is in USD {CHIPS}", id="fulltilt-play-money-blind"),
    # --- Merge cash, Half Pot Limit ($0.50/$0.50) (hand 33227759-34) ---
    pytest.param("merge", "merge-33227759-34.txt", 5, 'balance="$80.53"', 'balance="€80.53"',
                 f"'€80.53' is in EUR {USD}", id="merge-balance"),
    pytest.param("merge", "merge-33227759-34.txt", 28, 'amount="0.75"', 'amount="€0.75"',
                 f"'€0.75' is in EUR {USD}", id="merge-bet"),
    pytest.param("merge", "merge-33227759-34.txt", 51, 'amount="4.38"', 'amount="£4.38"',
                 f"'£4.38' is in GBP {USD}", id="merge-winner"),
    pytest.param("merge", "merge-playmoney-31274465-32.txt", 4, 'balance="743"',
                 'balance="$743"', f"'$743' is in USD {CHIPS}", id="merge-play-money-balance"),
]  # fmt: skip


@pytest.mark.parametrize(("site", "fixture", "line", "old", "new", "words"), CASES)
def test_an_amount_in_another_currency_is_refused_at_its_line(
    site: str, fixture: str | None, line: int, old: str, new: str, words: str
) -> None:
    text = STARS_CASH_HAND if fixture is None else _fixture(fixture)
    items = _read(site, _edited(text, line, old, new))
    error = items[0]
    assert not isinstance(error, HandRecord), "the hand was read without a word"
    assert isinstance(error, ImportFormatError), error
    assert (error.rule, error.position.source, error.position.line) == (
        "bad-amount",
        "hand.txt",
        line,
    ), str(error)
    assert error.message == f"amount {words}"


@pytest.mark.parametrize(
    ("text", "currency", "value"),
    [
        ("$0.25", "USD", 25),
        ("0.25", "USD", 25),  # no symbol names no other currency
        ("€1,285.50", "EUR", 128550),
        ("£5", "GBP", 500),
        ("$5", "CAD", 500),  # "$" goes with any dollar, as in a header (site_currency)
        ("$5 USD", "USD", 500),
        ("1,500", None, 1500),
        ("1500", None, 1500),
    ],
)
def test_an_amount_in_the_hands_currency_reads(text: str, currency: str | None, value: int) -> None:
    assert parse_amount(text, currency=currency) == value


@pytest.mark.parametrize(
    ("text", "currency", "words"),
    [
        ("€2", "USD", "'€2' is in EUR in a hand played in USD"),
        ("$2", "EUR", "'$2' is in USD in a hand played in EUR"),
        ("£2", "CAD", "'£2' is in GBP in a hand played in CAD"),
        ("2 EUR", "USD", "'2 EUR' is in EUR in a hand played in USD"),
        ("$2 EUR", "EUR", "'$2 EUR' is in USD in a hand played in EUR"),
        ("€2 USD", "USD", "'€2 USD' is in EUR in a hand played in USD"),
        ("$2", None, "'$2' is in USD in a hand played for chips"),
        ("2 GBP", None, "'2 GBP' is in GBP in a hand played for chips"),
    ],
)
def test_an_amount_in_another_currency_is_a_bad_amount(
    text: str, currency: str | None, words: str
) -> None:
    with pytest.raises(ImportFormatError) as caught:
        parse_amount(text, currency=currency)
    assert caught.value.rule == "bad-amount"
    assert caught.value.message == f"amount {words}"


def test_check_reports_the_line_and_goes_on(tmp_path: Path) -> None:
    """``check`` names the file, the line and the rule, and reads the next hand of the file."""
    bad = _edited(STARS_CASH_HAND, 30, "bets $0.25", "bets €0.25")
    next_hand = STARS_CASH_HAND.replace("#49164255772", "#49164255773").replace(
        "'Benkoela V'", "'Benkoela W'"
    )
    path = tmp_path / "stars.txt"
    path.write_text(bad + "\n\n" + next_hand, encoding="utf-8")
    report = check_file(path)
    assert report.problems == [
        f"{path}:30:1: hand 49164255772: amount '€0.25' is in EUR in a hand played in USD "
        "[bad-amount]"
    ]
    (summary,) = report.summaries
    assert (summary.hands, summary.ok) == (2, 1)


@pytest.mark.parametrize(
    ("old", "new", "fixture", "words"),
    [
        pytest.param("(5/10)", "(5/$10)", "merge-playmoney-31274465-32.txt",
                     'the game is for play money (realmoney="false"), but its stakes are in '
                     "dollars", id="play-money-dollar-big-blind"),
        pytest.param("($0.50/$0.50)", "($0.50/0.50)", "merge-33227759-34.txt",
                     "the stakes mixes its amounts' currencies ($ and no symbol): which is it?",
                     id="dollars-and-none"),
    ],
)  # fmt: skip
def test_merge_stakes_are_read_with_both_symbols(
    old: str, new: str, fixture: str, words: str
) -> None:
    """Merge's stakes' second amount was read without its symbol: play-money stakes with a
    dollar amount after the first (``5/$10``) were read as chips without a word.  Both symbols
    are read, and must agree with each other and with ``realmoney``."""
    (error,) = _read("merge", _edited(_fixture(fixture), 1, old, new))
    assert isinstance(error, ImportFormatError), error
    assert (error.rule, error.position.line, error.message) == ("bad-header", 1, words)


def test_merge_s_rake_ceiling_at_play_money_is_said_in_chips() -> None:
    """The play-money hand's winner amount cut from 97 to 92 chips leaves 8 chips as rake where
    Merge takes at most 4: refused, its ceiling said in chips (it said '1 cent per 18 cents'
    of a pot of chips)."""
    text = _fixture("merge-playmoney-31274465-32.txt").replace(
        '<winner amount="97"', '<winner amount="92"'
    )
    (error,) = _read("merge", text)
    assert isinstance(error, ImportFormatError) and error.rule == "rake-above-site-maximum"
    assert "at most 4 here (1 chip per 18 chips in the pot, at most 100 with 2" in error.message
