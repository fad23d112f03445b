"""PHH money: with ``currency`` the amounts are that currency's units; without it, chips.

The PHH specification (``optional.rst`` of uoftcprg/phh-std, *Currency*): the ``currency``
field "denotes what currency the chips are in", and *Finishing Stacks*: "dollars can be broken
down to cents", so finishing stacks are "integers or floats"; its own Dwan-Ivey example has
``currency = "USD"`` with blinds of 1000/2000 dollars.  So a $2/$4 hand says ``small_bet = 2``,
and a $0.10/$0.20 one ``small_bet = 0.10``: read into exact cents (a TOML float as the
``Decimal`` of its digits, never a binary float), a fraction of a cent refused; written so, two
decimals always (``phh/writer.py``), and PokerKit, which reads a TOML float as a ``Decimal``
too, replays it in dollars.
"""

from __future__ import annotations

import shutil
import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import Action, FinalStack, HandRecord, RakeTaken
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.phh.writer import write_phh
from badugi_ledger.replay import replay_hand
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hand
from tests.helpers.pokerkit_play import in_ours, money_divmod

runner = CliRunner()
FT = "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"

USD_2_4 = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 4", "p1 cc", "p1 sd", "p2 sd",
  "p1 cc", "p2 cbr 2.50", "p1 f"]
players = ["Ann", "Bob"]
currency = "USD"
finishing_stacks = [96, 104]
_rake = 0
"""
"""A $2/$4 hand with $100 stacks (Bob, the button, bets $2.50 all told after the draw: a
short bet is no matter here, the hand is read, not judged)."""


def read_one(text: str) -> HandRecord:
    (item,) = read_phh(text, "usd.phh")
    assert isinstance(item, HandRecord), item
    return item


def the_error(text: str) -> ImportFormatError:
    (item,) = read_phh(text, "usd.phh")
    assert isinstance(item, ImportFormatError), item
    assert item.rule == "bad-phh"
    return item


def test_amounts_of_a_hand_with_a_currency_are_its_units() -> None:
    record = read_one(USD_2_4.replace('"p2 cbr 2.50", ', '"p2 cbr 2", '))
    settings = record.settings
    assert settings.currency == "USD"
    assert (settings.structure.small_bet, settings.structure.big_bet) == (200, 400)
    assert (settings.small_blind, settings.big_blind) == (100, 200)
    assert [s.stack for s in record.seats] == [10000, 10000]
    finals = [e.amount for e in record.events if isinstance(e, FinalStack)]
    assert finals == [9600, 10400]
    result = replay_hand(record)
    assert result.ok, result.violations
    assert dict(result.final_stacks) == {"Ann": 9600, "Bob": 10400}


def test_a_currency_in_small_letters_is_its_code_and_writes_back_as_our_text_reads() -> None:
    """``currency = "usd"`` is USD (ISO 4217 codes are letters, their case no matter): read as
    USD, and ``convert --to text`` writes ``currency USD``, which our format reads (it wrote
    ``currency usd``, which it then refused)."""
    record = read_one(USD_2_4.replace('currency = "USD"', 'currency = "usd"'))
    assert record.settings.currency == "USD"
    assert record.settings == read_one(USD_2_4).settings
    (again,) = parse_text(write_hand(record), "w.bhh")
    assert isinstance(again, HandRecord) and again.settings.currency == "USD"


@pytest.mark.parametrize("code", ["US$", "€", "a b", "EURO", "US"])
def test_a_currency_that_is_no_code_is_refused_at_its_field(code: str) -> None:
    error = the_error(USD_2_4.replace('currency = "USD"', f'currency = "{code}"'))
    assert "is not a currency code: three letters, like USD or EUR" in error.message
    assert (error.position.line, error.position.column) == (10, 12)


def test_decimal_amounts_are_exact_cents() -> None:
    text = (
        USD_2_4.replace("small_bet = 2\n", "small_bet = 0.10\n")
        .replace("big_bet = 4\n", "big_bet = 0.20\n")
        .replace("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [0.05, 0.10]")
        .replace("starting_stacks = [100, 100]", "starting_stacks = [9.80, 0.35]")
        .replace('"p2 cbr 4"', '"p2 cbr 0.20"')
        .replace('"p2 cbr 2.50"', '"p2 cbr 0.10"')
        .replace("finishing_stacks = [96, 104]", "finishing_stacks = [9.60, 0.55]")
    )
    record = read_one(text)
    assert [s.stack for s in record.seats] == [980, 35]
    bets = [e.amount for e in record.events if isinstance(e, Action) and e.verb in ("bet", "raise")]
    assert bets == [20, 10]
    result = replay_hand(record)
    assert result.ok, result.violations
    assert dict(result.final_stacks) == {"Ann": 960, "Bob": 55}


@pytest.mark.parametrize(
    ("field", "written", "shown"),
    [
        ("starting_stacks", "[9.805, 100]", "starting_stacks[0]"),
        ("small_bet", "0.125", "small_bet"),
        ("finishing_stacks", "[96, 104.001]", "finishing_stacks[1]"),
        ("_rake", "0.005", "_rake"),
        # Decimal arithmetic would round this (28 digits) to a whole cent: read from its digits
        ("starting_stacks", "[1.00000000000000000000000000001, 100]", "starting_stacks[0]"),
        ("big_bet", "-4", "big_bet"),
        ("big_bet", "nan", "big_bet"),
        ("big_bet", "1e400", "big_bet"),
        ("big_bet", "'4'", "big_bet"),
    ],
)
def test_an_amount_that_is_not_whole_cents_is_refused_at_its_field(
    field: str, written: str, shown: str
) -> None:
    text = USD_2_4.replace(f"\n{field} = ", f"\n{field} = {written}\n_was = ", 1)
    error = the_error(text)
    assert f"{shown} must be an amount of USD from 0 to 2^53 cents, in whole cents" in str(error)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(f"{field} ="))
    assert error.position.line == line


def test_a_bet_of_a_fraction_of_a_cent_is_refused_at_its_line() -> None:
    error = the_error(USD_2_4.replace('"p2 cbr 2.50"', '"p2 cbr 2.505"'))
    assert "cbr takes a whole number of chips" in error.message
    assert "in whole cents: at most two decimals" in error.message
    assert error.position.line == 8


def test_without_a_currency_amounts_are_whole_chips() -> None:
    chips = USD_2_4.replace('currency = "USD"\n', "")
    error = the_error(chips)  # "p2 cbr 2.50": chips have no fraction
    assert "cbr takes a whole number of chips" in error.message
    record = read_one(chips.replace('"p2 cbr 2.50", ', '"p2 cbr 2", '))
    assert record.settings.currency is None
    assert [s.stack for s in record.seats] == [100, 100]
    error = the_error(chips.replace("small_bet = 2\n", "small_bet = 2.5\n"))
    assert "small_bet must be a whole number from 0 to 2^53, not 2.5" in error.message


def test_the_writer_writes_currency_units_that_read_back_and_replay_in_pokerkit(
    corpus_dir: Path,
) -> None:
    """A Full Tilt $0.10/$0.20 hand: written in dollars with two decimals (it was ``small_bet
    = 10`` beside ``currency = "USD"``, ten dollars to any reader of the standard), read back
    to the original's cents, and replayed by PokerKit to the finishing stacks written."""
    path = corpus_dir / FT
    (original,) = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    (item,) = convert_hands(path, "phh")
    assert isinstance(item, ConvertedHand), item
    text = item.text
    assert "\nsmall_bet = 0.10\nbig_bet = 0.20\n" in text
    assert "\nstarting_stacks = [9.80, 5.00, 0.24, 0.92, 2.15, 5.80, 3.85]\n" in text
    assert '"p6 cbr 0.20"' in text and "\n_rake = 0.04\n" in text
    again = read_one(text)
    assert again.settings.structure == original.settings.structure
    assert (again.settings.small_blind, again.settings.big_blind) == (5, 10)
    assert [e for e in again.events if isinstance(e, RakeTaken)] == [RakeTaken(4)]
    result = replay_hand(again)
    assert result.ok, result.violations
    rake = Decimal("0.04")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(
            text, rake=lambda a, s=None: (min(rake, a), a - min(rake, a)), divmod=money_divmod
        )
        final = list(history)[-1].stacks
    players = history.players or ()
    assert in_ours(final, "USD") == [result.final_stacks[p] for p in players]
    assert in_ours(history.finishing_stacks, "USD") == [result.final_stacks[p] for p in players]


def test_a_hand_stored_as_cents_before_is_a_conflict_on_reimport(tmp_path: Path) -> None:
    """Compatibility: PHH hands with a ``currency`` were read (and stored) as cents; read now,
    the same file's amounts are a hundred times those stored, and the ledger says so (a
    conflict, nothing changed) instead of taking the new figures silently.  The stored hand is
    made here from the same hand written in dollars of what was read as cents."""
    ledger = tmp_path / "club.db"
    before, now = tmp_path / "before", tmp_path / "now"
    before.mkdir()
    now.mkdir()
    hand = USD_2_4.replace('"p2 cbr 2.50", ', '"p2 cbr 2", ')
    (now / "usd.phh").write_text(hand)
    as_read_before = (
        hand.replace("small_bet = 2\n", "small_bet = 0.02\n")
        .replace("big_bet = 4\n", "big_bet = 0.04\n")
        .replace("[1, 2]", "[0.01, 0.02]")
        .replace("[100, 100]", "[1, 1]")
        .replace('"p2 cbr 4"', '"p2 cbr 0.04"')
        .replace('"p2 cbr 2"', '"p2 cbr 0.02"')
        .replace("[96, 104]", "[0.96, 1.04]")
    )
    (before / "usd.phh").write_text(as_read_before)
    result = runner.invoke(app, ["import", str(before / "usd.phh"), "--db", str(ledger)])
    assert result.exit_code == 0, result.output
    shutil.rmtree(before)
    result = runner.invoke(app, ["import", str(now / "usd.phh"), "--db", str(ledger)])
    assert result.exit_code == 1
    assert "0 stored, 0 duplicate, 1 conflict" in result.output
    assert "Ann: starting stack 100 → 10000" in result.output


def test_a_game_in_yen_is_chips_of_one_yen() -> None:
    """Yen have no cents (ISO 4217 exponent 0), and our format refuses ``currency JPY`` (its
    amounts of money are cents): a PHH cash hand in yen was read as one, and ``convert --to
    text`` wrote a header ``check`` refused (hostile-input audit).  It is chips of one yen, as
    ours writes such a night (``chips 1 = 1 JPY``), and converts to that."""
    yen = USD_2_4.replace('"USD"', '"JPY"').replace('"p2 cbr 2.50"', '"p2 cbr 3"')
    record = read_one(yen)
    assert record.settings.currency is None
    assert record.session.chip_value is not None
    assert (record.session.chip_value.cents, record.session.chip_value.currency) == (100, "JPY")
    assert [s.stack for s in record.seats] == [100, 100]
    text = write_hand(record)
    assert "chips 1 = 1.00 JPY" in text and "currency" not in text
    (again,) = parse_text(text, "yen.bhh")
    assert isinstance(again, HandRecord)
    assert (again.settings, again.session, again.events) == (
        record.settings,
        record.session,
        record.events,
    )
    error = the_error(yen.replace('"p2 cbr 3"', '"p2 cbr 2.50"'))
    assert "cbr takes a whole number of chips" in error.message
    error = the_error(yen + "_chip_cents = 100\n_chip_currency = 'JPY'\n")
    assert "amounts are already units of JPY (currency)" in error.message


@pytest.mark.parametrize("code", ["KWD", "CLF", "UYW"])
def test_a_game_in_thousandths_is_refused_as_ours_refuses_it(code: str) -> None:
    """Thousandths (KWD), and ten-thousandths (CLF, UYW: ISO 4217 exponent 4, which the audit
    found read as cents, ``currency = "CLF"``) are refused alike."""
    error = the_error(USD_2_4.replace('"USD"', f'"{code}"'))
    assert error.message.startswith(
        f"currency {code}: a game of money writes its amounts in cents, and {code} is not "
        "counted in cents"
    )


def test_a_tournaments_currency_is_its_buy_ins_not_its_chips() -> None:
    """PHH's ``currency`` says what currency the chips are in: written beside a tournament's
    chips, another reader would take 200-chip stacks for 200 dollars (conversion audit).  Our
    writer puts the buy-in's currency in ``_buy_in_currency``; both forms read the same."""
    text = (
        "game badugi · fixed limit 20/40 · blinds 10/20 · currency USD\n"
        "tournament Cup · date 2024-04-12 · buy-in 2000 · starting-chips 200\n\n"
        "hand 1 · button A · A 200 · B 200\nA folds\n"
    )
    (record,) = parse_text(text, "cup.bhh")
    assert isinstance(record, HandRecord) and record.settings.currency == "USD"
    written = write_phh(record)
    assert '_buy_in_currency = "USD"' in written and "\ncurrency" not in written
    old_form = written.replace("_buy_in_currency", "currency")
    for phh in (written, old_form):
        again = read_one(phh)
        assert (again.settings.currency, again.session.kind) == ("USD", "tournament")
        assert [s.stack for s in again.seats] == [200, 200]


@pytest.mark.parametrize("code", ["JPY", "KWD", "CLF"])
@pytest.mark.parametrize("field", ["_buy_in_currency", "currency"])
def test_a_tournaments_currency_not_in_cents_is_refused(code: str, field: str) -> None:
    """A tournament's buy-in is money counted in cents, as a cash game's amounts are: in yen,
    thousandths or ten-thousandths, it paid prizes of 13.75 JPY, and ``convert --to text``
    wrote a file ``check`` refuses (hostile-input audit).  Refused as ``currency`` is, with
    the same words (our format: a tournament without a currency)."""
    text = (
        "game badugi · fixed limit 20/40 · blinds 10/20 · currency USD\n"
        "tournament Cup · date 2024-04-12 · buy-in 2000 · starting-chips 200\n\n"
        "hand 1 · button A · A 200 · B 200\nA folds\n"
    )
    (record,) = parse_text(text, "cup.bhh")
    assert isinstance(record, HandRecord)
    written = write_phh(record).replace('_buy_in_currency = "USD"', f'{field} = "{code}"')
    error = the_error(written)
    assert error.message.startswith(f"currency {code}: a game of money writes its amounts in cents")
    assert "a tournament without a currency" in error.message


def test_a_currency_no_currency_has_is_warned_at_its_field(tmp_path: Path) -> None:
    """A hand's ``currency = "EUS"``: the specification takes it as a currency, which it is
    not (ISO 4217 List One, ``money.ISO_4217``), so its amounts would be a unit of their own,
    apart from the club's euros: ``check`` warns at the field (``currency-unknown``), as it
    does of our format's ``currency EUS``, and ``import`` says it and stores the hand."""
    legal = USD_2_4.replace('"p2 cbr 2.50"', '"p2 cbr 2"')  # (a bet of the limit's size)
    text = legal.replace('currency = "USD"', 'currency = "EUS"')
    path = tmp_path / "eus.phh"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('currency = "EUS"') + 1
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert f"eus.phh:{line}:12: " in result.output, result.output
    assert "warning: EUS: no currency has this code; EUR? USD?" in result.output
    assert "[currency-unknown]" in result.output
    stored = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "club.db")])
    assert "1 stored" in stored.output, stored.output
    assert f"warning: line {line}: EUS: no currency has this code" in stored.output
    usd = tmp_path / "usd.phh"
    usd.write_text(legal, encoding="utf-8")
    known = runner.invoke(app, ["check", str(usd)])
    assert known.exit_code == 0 and "warning" not in known.output, known.output
