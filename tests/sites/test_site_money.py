"""What a site's amounts are: money in the currency the file names, or chips.

* A PokerStars tournament's buy-in is money in the currency its symbols or code name
  (``€1.50+€0.15 EUR`` is 150 cents of EUR), recorded as the tournament's currency; its stacks
  stay chips.  A play-money buy-in (``100+9``, no symbol and no code) is no money at all.
* A play-money cash table (PokerStars ``(Play Money)`` and stakes without a currency, Full Tilt
  stakes without ``$``, Merge ``realmoney="false"``) is chips: a game without a currency.
* A cash table's symbol names its currency when no code does (``€0.25/€0.50``: EUR).

Sources: the corpus hands copied in ``tests/fixtures/sites`` (its ``SOURCES.md``): the first
hand of the PokerStars SNG file (tournament 330855877, buy-in ``$1.00+$0.20 USD``), and the
play-money variants made from corpus hands there (invented edits, said so in ``SOURCES.md``).
The corpus holds no Badugi tournament in another currency: the buy-ins below are invented
edits of that hand's header, in PokerStars' wording for them (``€…+€… EUR``; the play-money
``100+9`` is the corpus's own, from the Home Game file
``pokerstars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt``, whose hands are 2-7).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import Collect, HandRecord
from badugi_ledger.replay import replay_hand
from badugi_ledger.sites.files import decode_bytes, iter_lines, split_lines
from badugi_ledger.sites.fulltilt import read_fulltilt
from badugi_ledger.sites.merge import read_merge
from badugi_ledger.sites.pokerstars import read_pokerstars
from tests.helpers.paths import FIXTURES

SITES = FIXTURES / "sites"
STARS_SNG = SITES / "pokerstars-52588201462.txt"
REAL_BUY_IN = "$1.00+$0.20 USD"


def _text(name: str) -> str:
    return decode_bytes((SITES / name).read_bytes())


def _one(items: list) -> HandRecord:
    (record,) = items
    assert isinstance(record, HandRecord), record
    return record


def _sng_with_buy_in(buy_in: str) -> list:
    text = _text(STARS_SNG.name)
    assert REAL_BUY_IN in text
    return list(read_pokerstars(split_lines(text.replace(REAL_BUY_IN, buy_in)), "sng.txt"))


# --- PokerStars tournament buy-ins ------------------------------------------------------------


@pytest.mark.parametrize(
    ("buy_in", "cents", "currency"),
    [
        (REAL_BUY_IN, 100, "USD"),  # the corpus's own
        ("€1.50+€0.15 EUR", 150, "EUR"),  # was refused: '€1.50' not a whole number of chips
        ("€10+€1 EUR", 1000, "EUR"),  # was 10, as if chips
        ("£5+£0.50 GBP", 500, "GBP"),  # was 5
        ("£5+£0.50", 500, "GBP"),  # the symbol alone names it
        ("$10+$5+$1 USD", 1500, "USD"),  # a bounty: every part but the fee
        ("$5 USD", 500, "USD"),  # no fee written
    ],
)
def test_a_pokerstars_buy_in_is_money_of_its_own_currency(
    buy_in: str, cents: int, currency: str
) -> None:
    record = _one(_sng_with_buy_in(buy_in))
    assert record.session.kind == "tournament"
    assert record.session.buy_in == cents
    assert record.session.name == "PokerStars tournament #330855877"
    assert record.settings.currency == currency  # the tournament's money
    assert record.seats[0].stack == 1500  # chips stay chips
    assert (record.settings.structure.small_bet, record.settings.structure.big_bet) == (20, 40)
    assert [c.amount for c in record.events if isinstance(c, Collect)] == [100]
    assert replay_hand(record).violations == ()


def test_a_play_money_tournament_has_no_money() -> None:
    """``100+9`` is 100 play chips and a fee of 9: no money.  It was stored as 100 cents of
    unstated money (``-1.00`` each in the settle-up); now the buy-in is 0, the tournament has no
    currency, and its name says why."""
    record = _one(_sng_with_buy_in("100+9"))
    assert record.session.buy_in == 0
    assert record.settings.currency is None
    assert record.session.name == "PokerStars tournament #330855877 (play money)"
    assert record.seats[0].stack == 1500
    assert replay_hand(record).violations == ()


@pytest.mark.parametrize(
    ("buy_in", "words"),
    [
        ("€1+€0.10 USD", "the buy-in is written in € but says USD: which is it?"),
        ("$1+€0.10 USD", "the buy-in mixes its amounts' currencies ($ and €): which is it?"),
        ("$1+0.10 USD", "the buy-in mixes its amounts' currencies ($ and no symbol): which is it?"),
        (
            "₹100+₹10 INR",
            "cannot read the tournament's buy-in in 'Tournament #330855877, ₹100+₹10 INR Badugi "
            "Limit - Level I (20/40) - 2010/11/12 20:42:34 CET [2010/11/12 14:42:34 ET]'",
        ),
    ],
)
def test_a_buy_in_of_unclear_money_is_refused_not_guessed(buy_in: str, words: str) -> None:
    """A buy-in whose currency cannot be told, or that is not read at all, is an error at the
    header (before, an unreadable buy-in made the hand a cash game: chips became dollars)."""
    (error,) = _sng_with_buy_in(buy_in)
    assert isinstance(error, ImportFormatError)
    assert (error.rule, error.message, error.position.line) == ("bad-header", words, 1)


# --- play-money cash tables -------------------------------------------------------------------


def test_a_pokerstars_play_money_table_is_chips() -> None:
    """``(25/50)`` and ``(Play Money)``: 10 play chips were stored as 10.00 USD."""
    path = SITES / "pokerstars-playmoney-49164247462.txt"
    record = _one(list(read_pokerstars(iter_lines(path), "pm.txt")))
    assert record.settings.currency is None
    assert (record.settings.small_blind, record.settings.big_blind) == (10, 25)
    assert [s.stack for s in record.seats] == [555, 475, 165, 1195, 875]
    assert [(c.player, c.amount) for c in record.events if isinstance(c, Collect)] == [
        ("Scorpio2000", 20)
    ]
    result = replay_hand(record)
    assert result.violations == () and result.net["Hero"] == -10


def test_a_play_money_table_line_with_money_stakes_is_refused() -> None:
    """The table line says play money, the stakes say USD: which is it?  (The corpus hand's own
    header with the fixture's table line.)"""
    text = _text("pokerstars-playmoney-49164247462.txt").replace("(25/50)", "(25/50 USD)")
    (error,) = read_pokerstars(split_lines(text), "pm.txt")
    assert isinstance(error, ImportFormatError)
    assert (error.rule, error.position.line) == ("bad-header", 2)
    assert error.message == "the table line says play money, but the header's stakes are in USD"


@pytest.mark.parametrize(("symbol", "code"), [("€", "EUR"), ("£", "GBP")])
def test_a_pokerstars_cash_table_is_in_its_symbols_currency(
    corpus_dir: Path, symbol: str, code: str
) -> None:
    """Corpus hand 49164247462 (``$0.25/$0.50 USD``) with its dollars written in another
    currency and no code (an invented edit): EUR or GBP, no longer USD."""
    path = corpus_dir / "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
    text = "\n".join(iter_lines(path)).replace(" USD)", ")").replace("$", symbol)
    records = [r for r in read_pokerstars(split_lines(text), "x.txt") if isinstance(r, HandRecord)]
    assert len(records) == 4
    assert {r.settings.currency for r in records} == {code}
    assert records[0].settings.small_blind == 10  # still cents


def test_a_full_tilt_play_money_table_is_chips() -> None:
    """Stakes ``10/20`` without ``$``: 5 play chips were stored as 5.00 USD."""
    path = SITES / "fulltilt-playmoney-32617272180.txt"
    record = _one(list(read_fulltilt(iter_lines(path), "ft.txt")))
    assert record.settings.currency is None
    assert (record.settings.structure.small_bet, record.settings.structure.big_bet) == (10, 20)
    assert {s.name: s.stack for s in record.seats}["Hero"] == 500
    result = replay_hand(record)
    assert result.violations == ()
    assert (result.net["Hero"], result.net["Player6"]) == (-5, 5)


def test_a_merge_play_money_game_is_chips() -> None:
    """``realmoney="false"``: the amounts are play chips, not dollars (the reader ignored it)."""
    path = SITES / "merge-playmoney-31274465-32.txt"
    record = _one(list(read_merge(iter_lines(path), "m.txt")))
    assert record.settings.currency is None
    assert {s.name: s.stack for s in record.seats}["Hero"] == 1000
    assert [(c.player, c.amount) for c in record.events if isinstance(c, Collect)] == [("Hero", 57)]
    assert replay_hand(record).violations == ()


def test_a_merge_play_money_game_in_dollars_is_refused(corpus_dir: Path) -> None:
    """The corpus hand (stakes ``Pot Limit ($0.05/$0.10)``) marked ``realmoney="false"``: the
    stakes and the game disagree; the error is at the description, which states the stakes."""
    path = corpus_dir / "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
    text = "\n".join(iter_lines(path)).replace('realmoney="true"', 'realmoney="false"')
    (error,) = read_merge(split_lines(text), "m.txt")
    assert isinstance(error, ImportFormatError)
    assert (error.rule, error.position.line) == ("bad-header", 1)


def test_a_merge_tournament_is_refused_not_skipped(tmp_path: Path) -> None:
    """Merge names a tournament's game ``Badugi Tournament`` (fpdb's reader, MergeToFpdb.py);
    none is in the corpus, and the file does not say the buy-in: it is reported as unsupported
    (the fixture hand's description so changed), not skipped as another game."""
    path = tmp_path / "t.txt"
    path.write_text(
        _text("merge-33227759-34.txt").replace('type="Badugi"', 'type="Badugi Tournament"'),
        encoding="utf-8",
    )
    assert check_file(path).problems == [
        f"{path}:1:1: hand 33227759-34: Merge tournament hands are not read (no sample to "
        "build from, and the file does not say the buy-in) [unsupported-format]"
    ]


def test_a_rake_in_a_tournament_hand_is_refused_at_its_line() -> None:
    """The SNG fixture hand with 10 of its 100-chip pot raked and the winner's collect and
    summary lowered to match: it read and stored 10 tournament chips as the house's, chips
    that left the tournament without a word.  A tournament's pots are never raked."""
    text = (
        (FIXTURES / "sites" / "pokerstars-52588201462.txt")
        .read_text(encoding="utf-8-sig")
        .replace("Total pot 100 | Rake 0", "Total pot 100 | Rake 10")
        .replace("Player6 collected 100 from pot", "Player6 collected 90 from pot")
        .replace("and won (100)", "and won (90)")
    )
    (error,) = read_pokerstars(split_lines(text), "t")
    assert isinstance(error, ImportFormatError), error
    assert (error.rule, error.position.line) == ("corrupt-hand", 51)
    assert "10 chips were raked, but a tournament's pots are never raked" in error.message
