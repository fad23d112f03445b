"""A hand's event survives PHH: tournament, season, buy-in, starting chips, payouts and a home
game's chip value go out in user-defined fields and come back, so a night written to PHH and
read again is the same event (a tournament is not read as a cash game, ``chips 100 = 10 EUR``
not as plain chips) and the ledger never stores it a second time beside the night.  The
examples are ours (``examples/``); the fields are ``badugi_ledger.phh.session``'s."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sources import read_hands
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

VALUED = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Valued · date 2024-01-05 · season S · chips 100 = 10 EUR
table T

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises to 4 · Ben folds · Cara folds
Anna collects 5
"""


def exported(path: Path) -> list[tuple[HandRecord, HandRecord]]:
    """(the hand as read from ``path``, the same hand read back from its PHH)."""
    records = {r.hand_id: r for r in read_hands(path) if isinstance(r, HandRecord)}
    pairs = []
    for item in convert_hands(path, "phh"):
        if isinstance(item, ConvertedHand):
            (back,) = [r for r in read_phh(item.text, "x.phh") if isinstance(r, HandRecord)]
            pairs.append((records[item.hand_id], back))
    return pairs


@pytest.mark.parametrize("name", ["tournament.bhh", "home_session.bhh", "valued"])
def test_the_event_of_every_exported_hand_comes_back(name: str, tmp_path: Path) -> None:
    path = EXAMPLES / name
    if name == "valued":
        path = tmp_path / "valued.bhh"
        path.write_text(VALUED, encoding="utf-8")
    pairs = exported(path)
    assert pairs
    for original, back in pairs:
        assert back.session == original.session, original.hand_id


def test_a_tournament_written_to_phh_is_not_stored_again_as_a_cash_game(tmp_path: Path) -> None:
    """The tournament imported, then its PHH export: its hands are the tournament's (the
    ledger holds them: conflicts over what PHH writes otherwise, not stored), and there is
    still one event.  It used to be a second event, a cash game of the tournament's chips."""
    phh = tmp_path / "tournament.phh"
    phh.write_text(
        "\n".join(
            f"[{i}]\n{item.text}"
            for i, item in enumerate(convert_hands(EXAMPLES / "tournament.bhh", "phh"))
            if isinstance(item, ConvertedHand)
        ),
        encoding="utf-8",
    )
    phh = phh.rename(tmp_path / "tournament.phhs")
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "tournament.bhh"]).stored == 3
    report = import_into(db, [phh])
    assert report.stored == 0, report.files
    import sqlite3

    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT kind, count(*) FROM events GROUP BY kind").fetchall() == [
            ("tournament", 1)
        ]


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ('_kind = "league"', "_kind must be 'cash' or 'tournament', not 'league'"),
        ("_payouts = [50, 30]", "payout percentages must total 100"),
        ('_chip_cents = 10\n_chip_currency = "eur"', "is not a currency code"),
        ("_chip_cents = 0", "_chip_cents must be"),
        (
            'currency = "USD"\n_chip_currency = "EUR"\n_chip_cents = 10',
            "amounts are already cents of USD (currency): chips need no value",
        ),
    ],
)
def test_a_wrong_event_field_is_an_error_at_its_line(field: str, message: str) -> None:
    (item,) = [
        i
        for i in convert_hands(EXAMPLES / "000_anna_ben.bhh", "phh")
        if isinstance(i, ConvertedHand)
    ][:1]
    text = item.text + field + "\n"
    (read,) = list(read_phh(text, "x.phh"))
    assert isinstance(read, BadugiError), read
    assert message in read.message, read.message
    last = len(item.text.splitlines()) + field.count("\n") + 1  # the field's (last) line
    assert read.position is not None and read.position.line == last


def test_a_tournament_with_a_currency_is_written_and_read_in_chips() -> None:
    """``corpus/pokerstars/LBad-USD-SNG8-201011.txt``: a $1 sit-and-go, its currency USD (its
    buy-in's), its stacks 1,500 tournament chips.  Written to PHH its amounts stay chips (not
    ``15.00`` dollars), and read back each hand's stacks are the site's."""
    from tests.helpers.paths import CORPUS

    path = CORPUS / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    pairs = exported(path)
    assert pairs
    for original, back in pairs[:20]:
        assert original.settings.currency == back.settings.currency == "USD"
        assert {s.name: s.stack for s in back.seats} == {s.name: s.stack for s in original.seats}
        assert back.session.kind == "tournament"
    first = next(i for i in convert_hands(path, "phh") if isinstance(i, ConvertedHand))
    assert "starting_stacks = [1500, 1500" in first.text, first.text


def test_empty_fields_are_fields_left_out() -> None:
    """``currency = ""`` read the amounts as chips and stored the hand's unit as ``""``: a
    money unit without a name, in which every chip was a cent (a night settled as "Anna pays
    Cara 0.01 " for 1 chip), the night's unit hanging on which hand came first.  An empty
    ``currency``, ``_season`` or ``hand`` is the field left out: chips, no season, the hand
    named by its file."""
    (item,) = [
        i
        for i in convert_hands(EXAMPLES / "000_anna_ben.bhh", "phh")
        if isinstance(i, ConvertedHand)
    ][:1]
    (plain,) = read_phh(item.text, "night.phh")
    assert isinstance(plain, HandRecord), plain
    emptied = item.text.replace('hand = "000-1"', 'hand = ""').replace('"2024"\n', '""\n')
    (read,) = read_phh(emptied + 'currency = ""\n', "night.phh")
    assert isinstance(read, HandRecord), read
    assert read.settings.currency is None and read.session.season is None
    assert read.hand_id == "night"
    assert read.settings == plain.settings
