"""Units and money: every event has a unit, no figure adds two units, money shows as money,
chips can be valued (``chips 100 = 10 EUR``), a season settles per unit, and amounts typed
by people are read as exact cents.  The site file is the PokerStars cash Badugi file of the
corpus (``pokerstars/Badugi-USD-0.25-0.50-201009.txt``, fpdb regression files, see
shared/corpus/SOURCES.md); the home games are invented."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.convert import convert_file
from badugi_ledger.ledger.connection import connect
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import migrate, open_ledger
from badugi_ledger.model.errors import ConfigError, ImportFormatError
from badugi_ledger.model.events import Session
from badugi_ledger.model.money import chip_value, format_amount, parse_money
from badugi_ledger.model.settings import GameSettings
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.reports.standings import StandingsOptions, render, standings
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hands
from tests.helpers.ledger_builder import hand
from tests.helpers.ledger_files import import_into, twin_nights
from tests.helpers.paths import FIXTURES, REPO

runner = CliRunner()

# Three hands of an invented home night: Anna -3, Ben -3, Cara +6 (blinds 1/2).
NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash {name} · date {date} · season 2024{extra}

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds

hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara calls · Anna checks
draw: Cara 1 · Anna 2
Cara bets · Anna folds

hand 3 · button Cara · Anna · Ben · Cara
Cara raises to 4 · Anna folds · Ben folds
"""

CUP = """\
game badugi · no limit · blinds 10/20{currency}
tournament Spring Cup · date 2024-04-06 · season 2024 · buy-in 1000 · payouts 70/30

hand 1 · button A · A 500 · B 500 · C 500
A raises to 500 all-in · B folds · C calls
show: A As 2d 3h 4c · C Ks Qd Jh Tc

hand 2 · button B · A · B
B raises to 490 all-in · A calls
show: A As 2d 3h 4c · B Ks Qd Jh Tc
"""

STARS_USD = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"


def night(name: str, date: str, extra: str = "") -> str:
    return NIGHT.format(name=name, date=date, extra=extra)


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def imported(tmp_path: Path, *files: tuple[str, str]) -> Path:
    db = tmp_path / "club.db"
    for name, text in files:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        code, out = invoke("import", path, "--db", db)
        assert code == 0, out
    return db


# --------------------------------------------------------------- the money module


@pytest.mark.parametrize(
    ("text", "cents"),
    [("12.34", 1234), ("12", 1200), ("0.5", 50), (".25", 25), (" 7.00 ", 700), ("0", 0)],
)
def test_money_is_read_as_exact_cents(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("NaN", "not an amount"),
        ("inf", "not an amount"),
        ("1e5", "not an amount"),
        ("1,000", "not an amount"),
        ("", "not an amount"),
        (".", "not an amount"),
        ("2.505", "more than two decimals"),
        ("-3", "cannot be negative"),
        ("90071992547409.93", "above the largest amount"),
        ("1" * 5000, "above the largest amount"),
        ("５", "not an amount"),  # a full-width digit: hands' amounts are ASCII digits too
        ("2.５0", "not an amount"),
    ],
)
def test_bad_money_is_a_clear_error(text: str, why: str) -> None:
    with pytest.raises(ConfigError, match=why):
        parse_money(text)


def test_money_prints_as_money_and_chips_as_chips() -> None:
    assert format_amount(-450, "EUR") == "-4.50 EUR"
    assert format_amount(30125, "USD") == "301.25 USD"
    assert format_amount(28, "chips") == "28 chips"
    assert format_amount(2000, "money") == "20.00"


def test_a_chip_value_must_be_whole_cents() -> None:
    assert chip_value(100, "10", "EUR").to_money(28) == 280
    with pytest.raises(ConfigError, match="whole number of cents"):
        chip_value(3, "1", "EUR")
    with pytest.raises(ConfigError, match="currency code"):
        chip_value(100, "10", "eur")


def test_a_chip_in_a_currency_of_no_minor_unit_is_worth_whole_units(tmp_path: Path) -> None:
    """A chip valued in yen is worth whole yen (the audit's ``chips 100 = 10 JPY`` settled in
    fractions of a yen): one rule, in :mod:`~badugi_ledger.model.money`, for the text format's
    header and a PHH hand's ``_chip_cents`` (``examples/home_session.bhh`` valued in yen,
    written to PHH)."""
    assert chip_value(1, "1", "JPY").to_money(28) == 2800
    assert chip_value(100, "200", "JPY").to_money(3) == 600
    night = tmp_path / "yen.bhh"
    text = (REPO / "examples" / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text.replace("· season 2024", "· season 2024 · chips 1 = 2 JPY"))
    out = io.StringIO()
    assert convert_file(night, "phh", out).ok
    phh = out.getvalue()
    assert "_chip_cents = 200" in phh
    first = next(read_phh(phh.replace("_chip_cents = 200", "_chip_cents = 250"), "y.phhs"))
    assert isinstance(first, ImportFormatError) and first.rule == "bad-phh"
    assert "JPY has no minor unit, so a chip must be worth a whole number of JPY" in str(first)


def test_a_currency_of_no_minor_unit_is_shown_in_whole_units(tmp_path: Path) -> None:
    """Yen are shown as yen are paid, without decimals (the audit's night valued in yen showed
    ``14.00 JPY``): the night of the unit tests valued ``chips 1 = 1 JPY``, settled."""
    assert format_amount(-1_400_00, "JPY") == "-1,400 JPY"
    assert format_amount(1_50, "JPY") == "1.50 JPY"  # a fraction of a yen (an average) shown
    assert format_amount(1_400_00, "EUR") == "1,400.00 EUR"
    db = imported(tmp_path, ("yen.bhh", night("Yen", "2024-03-01", " · chips 1 = 1 JPY")))
    code, out = invoke("settle", "--db", db)
    assert code == 0 and " JPY" in out and ".00 JPY" not in out, out


# --------------------------------------------------------------- the text format


def test_the_chips_header_values_a_home_game() -> None:
    records = list(parse_text(night("Friday", "2024-03-01", " · chips 100 = 10 EUR")))
    assert all(r.session.chip_value == chip_value(1, "0.10", "EUR") for r in records)  # type: ignore[union-attr]


def test_the_chip_value_is_written_back() -> None:
    records = list(parse_text(night("Friday", "2024-03-01", " · chips 100 = 10 EUR")))
    text = "".join(write_hands(records))  # type: ignore[arg-type]
    assert "chips 1 = 0.10 EUR" in text
    assert [r.session for r in parse_text(text)] == [r.session for r in records]  # type: ignore[union-attr]


def test_events_show_what_a_valued_chip_is_worth(tmp_path: Path) -> None:
    """The events list of a home game in valued chips says what a chip is worth, so its
    ``chips`` reads beside the standings in EUR; plain chips show no value.  The table's unit
    column spells it as the web pages and the record page do (``chips of 0.10 EUR``,
    :func:`~badugi_ledger.model.money.unit_words`), the column as wide as its longest unit so
    the counts after it stay lined up; ``--json`` keeps ``unit`` and ``chip_value`` apart."""
    db = imported(
        tmp_path,
        ("friday.bhh", night("Friday", "2024-03-01", " · chips 100 = 10 EUR")),
        ("saturday.bhh", night("Saturday", "2024-03-02")),
    )
    code, out = invoke("events", "--db", db)
    assert code == 0 and "chips of 0.10 EUR" in out, out
    assert "chips (" not in out, out
    header, friday, saturday = out.splitlines()[:3]
    assert "  unit  " in header and "Friday" in friday and "Saturday" in saturday, out
    # each night's 3 hands right under the header's "hands"
    assert header.index("hands") == friday.index("    3") == saturday.index("    3"), out
    code, out = invoke("events", "--db", db, "--json")
    values = {
        e["event"]: (e["unit"], e["money"], e["chip_value"]) for e in json.loads(out)["events"]
    }
    assert values == {"Friday": ("chips", "EUR", "0.10 EUR"), "Saturday": ("chips", None, None)}


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("chips 3 = 1 EUR", "whole number of cents"),
        ("chips 100 = 10.005 EUR", "more than two decimals"),
        # the audit's night (chips 100 = 10 JPY) settled as "Ben pays Anna 0.40 JPY"
        ("chips 100 = 10 JPY", "one chip worth about 0.10 JPY: JPY has no minor unit"),
        ("chips 1 = 1.5 JPY", "a chip must be worth a whole number of JPY (e.g. chips 1 = 1"),
        ("chips 1 = 0.125 JPY", "JPY has no minor unit"),
        # KWD has thousandths, which the ledger does not count: said so, not "two decimals"
        ("chips 1 = 0.125 KWD", "counts money in hundredths, not in KWD's smaller units"),
        ("currency USD · chips 1 = 1 USD", "already cents of USD"),
        ("tournament X · chips 1 = 1 EUR", "tournament chips have no money value"),
    ],
)
def test_a_wrong_chips_header_is_a_located_error(header: str, message: str) -> None:
    errors = [r for r in parse_text(header + "\nhand 1 · button A · A 10 · B 10\n", "h.bhh")]
    assert message in str(errors[0]) and "h.bhh:1:" in str(errors[0])


# --------------------------------------------------------------- standings and settle-up


def test_a_usd_site_file_and_a_chip_game_never_mix_even_after_a_merge(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The issue's "done when": a home game in chips and a PokerStars USD cash file, one name
    merged across them: every row has one unit, the chips and the cents are never added."""
    home = night("Friday", "2024-03-01").replace("Ben", "hero")
    db = imported(tmp_path, ("home.bhh", home))
    code, out = invoke("import", corpus_dir / STARS_USD, "--db", db)
    assert code == 0, out
    code, out = invoke("players", "merge", "Hero", "hero", "--db", db)
    assert code == 0 and "Hero (also hero)" in out
    code, out = invoke("standings", "--db", db, "--format", "json")
    rows = json.loads(out)
    hero = {r["unit"]: r["net"] for r in rows if r["player"] == "Hero"}
    assert hero == {"chips": -3, "USD": -0.35}
    assert {r["unit"] for r in rows} == {"chips", "USD"}
    for unit in ("chips", "USD"):  # each unit is ranked on its own, and each sums to 0
        ranked = [r for r in rows if r["unit"] == unit]
        assert ranked[0]["rank"] == 1
        assert round(sum(r["net"] for r in ranked), 2) == (0 if unit == "chips" else -0.75)
    code, out = invoke("standings", "--db", db)
    assert "-0.35 USD" in out and "-3 chips" in out and "-35" not in out.replace("-0.35", "")
    code, out = invoke("settle", "--db", db, "--event", "PokerStars Benkoela V 2010-09-05")
    assert code == 0 and "in USD" in out and "Hero -0.35 USD" in out


def test_valued_chips_show_money_in_standings_settle_and_report(tmp_path: Path) -> None:
    db = imported(tmp_path, ("eur.bhh", night("Euro Night", "2024-03-08", " · chips 1 = 0.50 EUR")))
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert {(r["player"], r["net"], r["unit"]) for r in json.loads(out)} == {
        ("Cara", 3.0, "EUR"),
        ("Anna", -1.5, "EUR"),
        ("Ben", -1.5, "EUR"),
    }
    code, out = invoke("settle", "--db", db, "--event", "Euro Night", "--json")
    settlement = json.loads(out)
    assert settlement["unit"] == "EUR" and settlement["balances"]["Cara"] == 3.0
    assert sorted(t["amount"] for t in settlement["transfers"]) == [1.5, 1.5]
    code, out = invoke("report", "--db", db, "--out", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "3.00 EUR" in page and "Cumulative net result (EUR)" in page


def test_valued_chips_are_exported_as_their_money_never_as_plain_chips(tmp_path: Path) -> None:
    """The same night played for plain chips and for chips of 0.50 EUR: the hands and postings
    exports give the valued night's amounts in euros (as the standings and the sessions do),
    so summing a column by its unit never adds chips of two values together."""
    db = imported(
        tmp_path,
        ("plain.bhh", night("Plain Night", "2024-03-07")),
        ("eur.bhh", night("Euro Night", "2024-03-08", " · chips 1 = 0.50 EUR")),
    )
    code, out = invoke("export", "--table", "postings", "--format", "json", "--db", db)
    assert code == 0, out
    totals: dict[tuple[str, str], float] = {}
    for row in json.loads(out):
        key = (row["player"], row["unit"])
        totals[key] = totals.get(key, 0) + row["amount"]
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert {(p, u): round(v, 2) for (p, u), v in totals.items()} == {
        (r["player"], r["unit"]): r["net"] for r in json.loads(out)
    }
    assert {u for _, u in totals} == {"chips", "EUR"}
    code, out = invoke("export", "--table", "hands", "--format", "json", "--db", db)
    pots = {(row["event"], row["unit"], row["pot"]) for row in json.loads(out)}
    chips = {pot for event, unit, pot in pots if event == "Plain Night" and unit == "chips"}
    assert {(e, u, p) for e, u, p in pots if e == "Euro Night"} == {
        ("Euro Night", "EUR", pot / 2) for pot in chips
    }


def test_tournament_winnings_carry_their_unit(tmp_path: Path) -> None:
    db = imported(tmp_path, ("cup.bhh", CUP.format(currency=" · currency EUR")))
    code, out = invoke("standings", "--db", db, "--format", "json")
    rows = {r["player"]: r for r in json.loads(out)}
    # pool 30.00 EUR: A 70% = 21.00 − 10.00 buy-in, B 30% = 9.00 − 10.00, C −10.00
    assert {p: (r["winnings"], r["unit"]) for p, r in rows.items()} == {
        "A": (11.0, "EUR"),
        "B": (-1.0, "EUR"),
        "C": (-10.0, "EUR"),
    }
    assert rows["A"]["points"] == 3.0  # points are unit-free
    other = tmp_path / "no-currency"
    other.mkdir()
    code, out = invoke("standings", "--db", imported(other, ("c.bhh", CUP.format(currency=""))))
    assert "11.00" in out and "money" in out  # a currency not stated is still money


def test_site_tournaments_keep_their_buy_ins_currency(tmp_path: Path) -> None:
    """The first hand of the PokerStars SNG file (``tests/fixtures/sites``, buy-in
    ``$1.00+$0.20 USD``) as three tournaments, the other two with invented buy-ins and
    tournament numbers: ``£5+£0.50 GBP`` and the play-money ``100+9``, on the next days (one
    hand dealt alike in three tournaments of one day is a copy, ``night_copies``).  They were
    one unit, ``money``, at the wrong scale ($1 and £5 added up to ``-1.05``): now each
    tournament's money is its buy-in's currency, and the play-money one has none to add."""
    text = decode_bytes((FIXTURES / "sites" / "pokerstars-52588201462.txt").read_bytes())
    gbp = text.replace("330855877", "330855878").replace("$1.00+$0.20 USD", "£5+£0.50 GBP")
    gbp = gbp.replace("2010/11/12", "2010/11/13")
    play = text.replace("330855877", "330855879").replace("$1.00+$0.20 USD", "100+9")
    play = play.replace("2010/11/12", "2010/11/14")
    db = imported(tmp_path, ("usd.txt", text), ("gbp.txt", gbp), ("play.txt", play))
    with connect(db) as conn:
        events = conn.execute("SELECT name, unit, money, buy_in FROM events ORDER BY id").fetchall()
    assert events == [
        ("PokerStars tournament #330855877", "tournament chips", "USD", 100),
        ("PokerStars tournament #330855878", "tournament chips", "GBP", 500),
        ("PokerStars tournament #330855879 (play money)", "tournament chips", "money", 0),
    ]
    code, out = invoke("standings", "--db", db, "--format", "json")
    paid = {(r["winnings"], r["unit"]) for r in json.loads(out) if r["player"] == "Player3"}
    assert paid == {(-1.0, "USD"), (-5.0, "GBP"), (0.0, "money")}
    code, out = invoke("settle", "--db", db, "--event", "PokerStars tournament #330855878")
    assert code == 0 and "Player3 pays *prize pool* 5.00 GBP" in out, out


def test_season_settle_settles_each_unit_on_its_own(tmp_path: Path) -> None:
    db = imported(
        tmp_path,
        ("a.bhh", night("Chips Night", "2024-03-01")),
        ("b.bhh", night("Euro Night", "2024-03-08", " · chips 1 = 0.50 EUR")),
        ("c.bhh", night("Cents Night", "2024-03-15", " · currency EUR")),
        ("d.bhh", night("Other Season", "2025-01-01").replace("season 2024", "season 2025")),
    )
    code, out = invoke("settle", "--db", db, "--season", "2024", "--json")
    assert code == 0, out
    result = json.loads(out)
    assert result["season"] == "2024"
    by_unit = {s["unit"]: s for s in result["units"]}
    assert set(by_unit) == {"chips", "EUR"}
    assert by_unit["chips"]["balances"] == {"Anna": -3, "Ben": -3, "Cara": 6}
    # EUR: 1.50 from the valued chips + 0.03 from the cents game, never the chips night
    assert by_unit["EUR"]["balances"] == {"Anna": -1.53, "Ben": -1.53, "Cara": 3.06}
    for settlement in by_unit.values():
        assert len(settlement["transfers"]) == 2 and settlement["net"] == 0
    code, out = invoke("settle", "--db", db, "--season", "2024")
    assert "Anna pays Cara 1.53 EUR" in out and "Anna pays Cara 3 chips" in out
    code, out = invoke("settle", "--db", db, "--season", "2024", "--event", "Euro Night")
    assert code == 2 and "--event E or --season S, not both" in " ".join(
        out.replace("│", " ").split()
    )
    code, out = invoke("settle", "--db", db, "--season", "1999")
    assert code == 1 and "no season '1999' in the ledger: the seasons are '2024', '2025'" in out


def test_existing_ledgers_get_their_units(tmp_path: Path) -> None:
    """A ledger written before units existed: the unit and money come from kind and currency."""
    path = tmp_path / "old.db"
    db = connect(path)
    migrate(db, target=2)
    for key, kind, currency in (
        ("a", "cash", None),
        ("b", "cash", "USD"),
        ("c", "tournament", None),
    ):
        db.execute(
            "INSERT INTO events (key, kind, name, currency) VALUES (?, ?, ?, ?)",
            [key, kind, key, currency],
        )
    db.close()
    db = open_ledger(path)
    units = {r[0]: (r[1], r[2]) for r in db.execute("SELECT name, unit, money FROM events")}
    assert units == {
        "a": ("chips", None),
        "b": ("USD", "USD"),
        "c": ("tournament chips", "money"),
    }


def test_settle_event_in_a_currency_shows_money() -> None:
    db = open_ledger(None)
    usd = GameSettings(currency="USD")
    session = Session(kind="cash", name="Online", date="2024-05-01")
    h = hand(
        "1", {"A": 500, "B": 500}, {"A": 125, "B": 125}, {"B": 250}, session=session, settings=usd
    )
    import_outcomes(db, [h], "online.txt")
    lines = settle_event(db, "Online").text_lines()
    assert lines[1] == "  A pays B 1.25 USD"
    assert "balances net to 0.00 USD" in lines[-1]


def test_markdown_and_table_formats_show_units() -> None:
    db = open_ledger(None)
    import_outcomes(db, [hand("1", {"A": 50, "B": 50}, {"A": 5, "B": 5}, {"A": 10})], "f")
    df = standings(db, StandingsOptions())
    assert "5 chips" in render(df, "markdown") and "-5 chips" in render(df, "table")
    assert "chips" in render(df, "csv").splitlines()[1]


# --------------------------------------------------------------- options that take money


def test_tournament_prices_are_typed_as_money(tmp_path: Path) -> None:
    db = imported(tmp_path, ("cup.bhh", CUP.format(currency="")))
    result = runner.invoke(
        app, ["tournament", "--db", str(db), "--event", "Spring Cup", "--bounty", "2.50", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["terms"]["bounty"] == 2.5  # "ledger: …" goes to stderr
    code, out = invoke("tournament", "--db", db, "--event", "Spring Cup", "--bounty", "1e5")
    assert code == 2 and "not an amount of money" in out


MIXED_SESSION = """\
game badugi · fixed limit 2/4 · blinds 1/2 · currency USD
cash Friday · date 2024-03-01

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds

currency chips · table Other
hand 2 · button Ben · Anna 100 · Ben 100 · Cara 100
Ben folds · Cara folds
"""


def test_one_session_name_in_two_units_makes_two_events(tmp_path: Path) -> None:
    """A header switching the currency inside a session: the chips hand must not join the
    USD event's figures (it would be counted as cents)."""
    db = imported(tmp_path, ("mixed.bhh", MIXED_SESSION))
    code, out = invoke("standings", "--db", db, "--format", "json")
    rows = {(r["player"], r["unit"]): r["net"] for r in json.loads(out)}
    assert rows == {
        ("Cara", "USD"): 0.01,
        ("Anna", "USD"): 0.0,
        ("Ben", "USD"): -0.01,
        ("Anna", "chips"): 1,
        ("Ben", "chips"): 0,
        ("Cara", "chips"): -1,
    }
    code, out = invoke("settle", "--db", db, "--event", "Friday")
    assert code == 1 and "ambiguous" in out


def test_an_ambiguous_event_names_each_ones_unit(tmp_path: Path) -> None:
    """Two nights of one name and date, their chips valued differently, are two events: asked
    for by name, the error lists them with the unit ``events`` writes for each, so the id to
    give can be told from the message (it listed ``1 (Twin, 2026-04-01), 2 (Twin,
    2026-04-01)``)."""
    db = tmp_path / "club.db"
    assert import_into(db, twin_nights(tmp_path)).ok
    code, out = invoke("events", "--db", db, "--json")
    ids = {e["chip_value"]: e["id"] for e in json.loads(out)["events"]}
    code, out = invoke("settle", "--db", db, "--event", "Twin")
    assert code == 1 and "ambiguous" in out
    listed = " ".join(out.split())
    assert f"{ids['0.05 USD']} (Twin, 2026-04-01, chips of 0.05 USD)" in listed
    assert f"{ids['0.10 USD']} (Twin, 2026-04-01, chips of 0.10 USD)" in listed


def test_old_keys_gain_their_currency(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = connect(path)
    migrate(db, target=2)
    db.execute(
        "INSERT INTO events (key, kind, name, currency) VALUES ('cash|Fri|', 'cash', 'Fri', 'USD')"
    )
    db.close()
    assert [r[0] for r in open_ledger(path).execute("SELECT key FROM events")] == ["cash|Fri||USD"]


def test_valued_chips_are_bounded_as_the_money_they_become(tmp_path: Path) -> None:
    """``chips 1 = 1000 EUR``: a stack of 9,007,199,254,740,000 chips is below 2^53 as chips
    but 2^53 times too much as cents, which no figure can hold exactly (the views' sums left
    64-bit integers and standings disagreed with settle).  The file is not imported, and says
    why; the same stacks in plain chips are."""
    whale = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Whale · date 2024-02-01 · season S{extra}\n\n"
        "hand 1 · button Anna · Anna 9007199254740000 · Ben 9007199254740000\n"
        "Anna raises to 4 · Ben folds\nAnna collects 4\n"
    )
    valued = tmp_path / "valued.bhh"
    valued.write_text(whale.format(extra=" · chips 1 = 1000 EUR"), encoding="utf-8")
    code, out = invoke("import", valued, "--db", tmp_path / "v.db")
    assert code == 1
    assert (
        "Anna's starting stack 9007199254740000 is beyond the largest amount at 100000 cents "
        "a chip (90071992547 chips: 2^53 cents)" in out
    ), out
    plain = tmp_path / "plain.bhh"
    plain.write_text(whale.format(extra=""), encoding="utf-8")
    code, out = invoke("import", plain, "--db", tmp_path / "p.db")
    assert code == 0, out
