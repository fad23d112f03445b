"""Hostile numbers in site histories: every reader turns them into a located error of that file.

An amount in a real hand (read from ``shared/corpus``) is replaced by a number no site writes:
infinite, NaN, with an exponent, negative, with more digits than 2^53 allows, or a float.  The
reader must yield a :class:`~badugi_ledger.model.errors.ImportFormatError` at the edited line
(never a
traceback, never a huge message), read the file's other hands as before, and a ``check`` over
several files must go on to the next file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import BadugiError, ImportFormatError
from badugi_ledger.model.events import HandRecord, StackChange
from badugi_ledger.model.limits import MAX_AMOUNT
from badugi_ledger.sites.common import parse_amount
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from badugi_ledger.text.writer import without_positions
from tests.helpers.paths import CORPUS, FIXTURES


@dataclass(frozen=True)
class Slot:
    """Where an amount sits in a real hand: ``pattern``'s group 1, first occurrence."""

    pattern: str
    signed: bool = False


@dataclass(frozen=True)
class Site:
    name: str
    file: str
    copies: int
    """How many times the file's text is repeated, so the edited hand has others after it."""
    slots: tuple[Slot, ...]


SITES = (
    Site(
        "pokerstars",
        "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
        1,
        (
            Slot(r"and won \((\$5\.45)\)"),
            Slot(r"Seat 2: Hero \((\$5) in chips"),
            Slot(r"Lino19: bets (\$0\.25)"),
            Slot(r"collected (\$2\.55) from side pot"),
            Slot(r"Total pot (\$5\.70)"),
            Slot(r"Lino19: posts small blind (\$0\.10)"),
        ),
    ),
    Site(
        "fulltilt",
        "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
        3,
        (
            Slot(r"Seat 7: Hero \((\$5)\)"),
            Slot(r"Player2 bets (\$0\.20)"),
            Slot(r"Hero wins the pot \((\$0\.81)\)"),
            Slot(r"and won \((\$0\.81)\)"),
            Slot(r"Rake (\$0\.04)"),
        ),
    ),
    Site(
        "merge",
        "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
        3,
        (
            Slot(r'nickname="Hero" balance="(\$10\.00)"'),
            Slot(r'type="SMALL_BLIND" [^>]*amount="(0\.05)"'),
            Slot(r'<winner amount="(0\.97)"'),
        ),
    ),
    Site(
        "kingsclub",
        "kingsclub/Badugi-Limit-USD-30-60-202010.txt",
        3,
        (
            Slot(r"Seat 2: Player1 \((630)\)"),
            Slot(r"Player0 raises to (60)"),
            Slot(r"Rake (1\.75)"),
            Slot(r"Seat 5: Hero \(570\) (-30)", signed=True),
            Slot(r"wins pot \((568\.25)\)"),
        ),
    ),
)


def _text(site: Site) -> str:
    text = decode_bytes((CORPUS / site.file).read_bytes()).replace("\r\n", "\n").rstrip("\n")
    return "\n".join(_at_table(text, site.name, i) for i in range(site.copies)) + "\n"


def _at_table(text: str, site: str, copy: int) -> str:
    """A copy of a Full Tilt or Merge hand at a table of its own: repeated at one table, its
    stacks would contradict the copy before (see test_import_tampering.py)."""
    if site == "fulltilt":
        return text.replace("Table Clackers", f"Table Clackers {copy}")
    return text.replace("|Kunming (", f"|Kunming {copy} (") if site == "merge" else text


def _edit(site: Site, slot: Slot, number: str) -> tuple[str, int]:
    """The site's text with the first amount ``slot`` names replaced; and that line (1-based)."""
    text = _text(site)
    m = re.search(slot.pattern, text)
    assert m is not None, (site.name, slot.pattern)
    return text[: m.start(1)] + number + text[m.end(1) :], text.count("\n", 0, m.start(1)) + 1


def _items(path: Path, fmt: str) -> list[HandRecord | BadugiError]:
    return list(read_hands(path, fmt))


def _check_edited(site: Site, slot: Slot, number: str, must_fail: bool, tmp: Path) -> None:
    text, line = _edit(site, slot, number)
    path = tmp / f"{site.name}.txt"
    path.write_text(text, encoding="utf-8")
    clean = tmp / f"{site.name}-clean.txt"
    clean.write_text(_text(site), encoding="utf-8")
    items = _items(path, site.name)
    before = _items(clean, site.name)
    assert len(items) == len(before) == site.copies * (4 if site.name == "pokerstars" else 1)
    first = items[0]
    if must_fail or not isinstance(first, HandRecord):
        assert isinstance(first, ImportFormatError), (number, first)
        assert first.position.source == str(path)
        if must_fail:
            assert 1 <= first.position.line <= line, (first, line)
        else:  # a figure that reads but makes the hand impossible (a blind of 1.00 leaves
            # Merge a rake above its maximum): what notices it may sit further down the hand
            assert first.position.line >= 1, (first, line)
        assert len(str(first)) < 600, str(first)
        if must_fail and first.rule == "bad-amount":
            assert first.position.line == line, str(first)
    # the other hands of the file read as before (a cash table forgets the stacks the failed
    # hand would have carried, so stack changes may differ)
    assert [type(i) for i in items[1:]] == [type(i) for i in before[1:]]
    for got, want in zip(items[1:], before[1:], strict=True):
        if isinstance(got, HandRecord):
            assert isinstance(want, HandRecord)
            assert _played(got) == _played(want)


def _played(record: HandRecord) -> tuple[object, ...]:
    bare = without_positions(record)
    return bare.seats, tuple(e for e in bare.events if not isinstance(e, StackChange))


# --- the figures from the issue, in every reader --------------------------------------------

NAMED = ["inf", "-inf", "NaN", "sNaN", "$sNaN", "Infinity", "$1e999998", "1e5", "1E+2"]


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.name)
@pytest.mark.parametrize("number", NAMED)
def test_non_finite_and_exponent_amounts_are_located_errors(
    site: Site, number: str, tmp_path: Path
) -> None:
    for slot in site.slots:
        _check_edited(site, slot, number, True, tmp_path)


def test_pokerstars_won_inf_is_a_bad_amount_at_its_line(tmp_path: Path) -> None:
    """The issue's case: ``and won (inf)`` in a PokerStars summary printed a traceback."""
    site = SITES[0]
    for number in ("inf", "$sNaN", "$1e999998"):
        text, line = _edit(site, site.slots[0], number)
        path = tmp_path / "stars.txt"
        path.write_text(text, encoding="utf-8")
        first = _items(path, "pokerstars")[0]
        assert isinstance(first, ImportFormatError)
        assert (first.rule, first.position.line, first.hand) == ("bad-amount", line, "49164202872")
        assert number in first.message


def test_a_check_goes_on_to_the_next_file(tmp_path: Path) -> None:
    site = SITES[0]
    text, line = _edit(site, site.slots[0], "($1e999998)"[1:-1])
    bad = tmp_path / "a_bad.txt"
    bad.write_text(text, encoding="utf-8")
    good = tmp_path / "b_good.txt"
    good.write_text(_text(SITES[1]), encoding="utf-8")
    lines = list(run_check([bad, good], jobs=1).lines())
    assert any(x.startswith(f"{bad}:{line}:") and "[bad-amount]" in x for x in lines), lines
    assert any(x.startswith(f"{good}: 3 hands: 3 ok") for x in lines), lines


# --- hypothesis: huge, negative, float, exponent and NaN forms in every site format ----------

_digits = st.integers(1, 10**6).map(str)
MUST_FAIL = st.one_of(
    st.integers(MAX_AMOUNT + 1, 10**40).map(str),  # above 2^53
    st.integers(17, 400).map(lambda n: "9" * n),  # more digits than 2^53 has
    st.integers(1, 10**6).map(lambda n: f"-{n}"),  # negative
    st.tuples(_digits, st.integers(-400, 10**6)).map(lambda t: f"{t[0]}e{t[1]}"),  # exponent
    st.tuples(_digits, _digits).map(lambda t: f"{t[0]}.{t[1]}E+{t[1]}"),
    st.sampled_from(["nan", "NaN", "-nan", "sNaN", "inf", "+inf", "Infinity", "∞"]).flatmap(
        lambda word: st.sampled_from([word, f"${word}", f"{word}.00"])
    ),
    st.integers(1, 999).map(lambda n: f"0.{n:03d}1"),  # a fraction of a cent
)
FLOATS = st.floats(allow_nan=True, allow_infinity=True).map(repr)  # '1.5', '1e-05', 'nan'…


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    data=st.data(),
    site=st.sampled_from(SITES),
    number=st.one_of(MUST_FAIL.map(lambda n: (n, True)), FLOATS.map(lambda n: (n, False))),
)
def test_hostile_numbers_in_every_site_format(
    data: st.DataObject, site: Site, number: tuple[str, bool], tmp_path: Path
) -> None:
    slot = data.draw(st.sampled_from(site.slots), label="slot")
    text, must_fail = number
    if slot.signed and text.startswith("-") and "e" not in text.lower():
        must_fail = False  # a KingsClub net may be negative
    _check_edited(site, slot, text, must_fail, tmp_path)


def test_a_damaged_amount_does_not_make_the_next_hand_an_edited_stack(tmp_path: Path) -> None:
    """``Lino19: bets $0.0`` in the first hand of the PokerStars corpus file (``$0.25`` there):
    that hand's own figures no longer add up (its replay says so), so where it left the
    stacks is unknown, and the next hand's printed stacks are not called an edit of them (the
    next hand was refused, blamed for the first one's damage)."""
    _check_edited(SITES[0], Slot(r"Lino19: bets (\$0\.25)"), "0.0", False, tmp_path)


@pytest.mark.parametrize(
    ("slot", "number"),
    [
        (Slot(r"Lino19: posts small blind (\$0\.10)"), "1.0"),
        (Slot(r"Badugi Limit \((\$0\.25/\$0\.50) USD\)"), "$0.50/$0.25"),
    ],
    ids=["small-blind", "stakes"],
)
def test_a_small_blind_posted_above_the_big_blind_is_the_hands_error_at_the_post(
    slot: Slot, number: str, tmp_path: Path
) -> None:
    """A small blind edited above the big blind (``$0.10`` to ``$1.0``: 100/25 at the Stars
    table) reads, but the settings it makes refuse it (``000``: the small blind is not above
    the big blind).  It is the hand's own error at the post's line, as a damaged figure is,
    not a settings error at the hand's first line; the file's other hands read as before.
    So are stakes written the other way round, at the header that gives them."""
    site = SITES[0]
    _check_edited(site, slot, number, False, tmp_path)
    text, line = _edit(site, slot, number)
    path = tmp_path / f"{site.name}.txt"
    (first, *_) = _items(path, site.name)
    assert isinstance(first, ImportFormatError)
    assert (first.rule, first.position.line) == ("corrupt-hand", line), str(first)
    assert "cannot be above the big" in first.message


@given(st.integers(-(10**30), 10**30))
def test_parse_amount_takes_exactly_the_amounts_within_2_53(value: int) -> None:
    text = str(value)
    if 0 <= value <= MAX_AMOUNT:
        assert parse_amount(text, currency=None) == value
    else:
        with pytest.raises(ImportFormatError) as caught:
            parse_amount(text, currency=None)
        assert caught.value.rule == "bad-amount" and len(caught.value.message) < 300
    if -MAX_AMOUNT <= value * 100 <= MAX_AMOUNT:
        assert parse_amount(text, currency="USD", signed=True) == value * 100


@pytest.mark.parametrize(
    ("site", "number"),
    [(SITES[0], "49164202872"), (SITES[1], "32617272179"), (SITES[3], "37732805")],
    ids=["pokerstars", "fulltilt", "kingsclub"],
)
def test_a_hand_number_beyond_2_53_is_a_short_located_error(
    site: Site, number: str, tmp_path: Path
) -> None:
    """A hand number is an id: at most 2^53 (model/limits.py), and never quoted in full."""
    text = _text(site)
    huge = "9" * 5000
    path = tmp_path / "ids.txt"
    path.write_text(text.replace(f"#{number}", f"#{huge}", 1), encoding="utf-8")
    items = _items(path, site.name)
    first = items[0]
    assert isinstance(first, ImportFormatError) and first.rule == "bad-number", first
    assert first.position.line == 1 and len(str(first)) < 600
    assert all(isinstance(i, HandRecord) for i in items[1:])


def test_a_damaged_site_hand_says_what_it_lacks_in_words(tmp_path: Path) -> None:
    """``corpus/merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt`` with a player's ``balance``
    attribute misspelt: the hand's error says what it lacks, not a Python exception's name."""
    source = CORPUS / "merge" / "Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    assert "balance=" in lines[5]
    lines[5] = lines[5].replace("balance=", "balanse=")
    path = tmp_path / "merge.txt"
    path.write_text("".join(lines), encoding="utf-8")
    (error,) = [item for item in read_hands(path) if isinstance(item, BadugiError)]
    assert error.rule == "corrupt-hand"
    assert error.message == (
        "this hand is damaged and cannot be read (nothing for 'balance' where the site writes "
        "one: a part missing, or a seat or name the hand does not have)"
    )


@pytest.mark.parametrize("text", ["$0,25", "0,25", "12,50", "1,5", "1,0000", ",500", "500,",
                                  "1,,000", "$5,00 USD", "-3,50"])  # fmt: skip
def test_a_comma_that_groups_no_thousands_is_no_amount(text: str) -> None:
    """A comma in an amount groups thousands (``1,285.50``, KingsClub; ``1,500`` chips,
    PokerStars); its commas were dropped wherever they stood, so a decimal comma (``$0,25``, a
    file saved from an editor set to a European language) read as $25."""
    with pytest.raises(ImportFormatError) as caught:
        parse_amount(text, currency="USD", signed=True)
    assert caught.value.rule == "bad-amount" and "a comma only groups thousands" in str(
        caught.value
    )


@pytest.mark.parametrize("text", ["1,500", "1,285.50", "12,345,678.05", "$2,000"])
def test_commas_between_thousands_are_read(text: str) -> None:
    assert parse_amount(text, currency="USD") == round(
        float(text.strip("$").replace(",", "")) * 100
    )


@pytest.mark.parametrize(
    ("text", "currency"),
    [("10.000", None), ("$1.000", "USD"), ("20.000", None), ("-3.500", "USD")],
)
def test_a_point_before_three_digits_may_group_thousands_and_is_refused(
    text: str, currency: str | None
) -> None:
    """``10.000``: ten thousand chips with thousands grouped by a point (European sites and
    editors), or ten with a decimal point.  Its fraction's zeros dropped, it read as 10, a
    thousandth of what a file of dotted thousands played; no site these readers read writes
    either form, and nothing in the amount says which it is."""
    with pytest.raises(ImportFormatError) as caught:
        parse_amount(text, currency=currency, signed=True)
    assert caught.value.rule == "bad-amount"
    assert "may group thousands with a point (10.000 as ten thousand) or have a decimal " in str(
        caught.value
    )
    assert "no point between thousands (10000 or 10,000)" in str(caught.value)


@pytest.mark.parametrize("text", ["1.500.000", "1.500,00", "€2.000.000"])
def test_points_between_thousands_are_refused_saying_so(text: str) -> None:
    with pytest.raises(ImportFormatError) as caught:
        parse_amount(text, currency="EUR")
    assert caught.value.rule == "bad-amount"
    assert "groups thousands with points, which this reader does not read" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "currency", "value"),
    [
        ("0.500", "USD", 50),
        ("1500.000", None, 1500),
        ("1,000.000", None, 1000),
        ("12.50", "USD", 1250),
    ],
)
def test_a_point_that_cannot_group_thousands_is_a_decimal_point(
    text: str, currency: str | None, value: int
) -> None:
    """A point after ``0`` or after four digits or a comma's group groups no thousands (a
    group before the first separator holds one to three digits, the first not 0)."""
    assert parse_amount(text, currency=currency) == value


def test_a_tournament_hand_with_thousands_grouped_by_points_is_refused_at_its_header(
    tmp_path: Path,
) -> None:
    """The first hand of the PokerStars SNG file (``tests/fixtures/sites/pokerstars-52588201462
    .txt``, from ``corpus/pokerstars/LBad-USD-SNG8-201011.txt``) with every amount a thousand
    times larger, its thousands grouped by points (blinds ``20.000/40.000``; its stacks of
    1500 cut to 150 first, ``150.000``, so that every amount has one point): it replayed clean
    at a thousandth of every figure (stacks of 150 chips and blinds of 20/40, the ledger's
    chips wrong without a word).  Now the header's stakes are a ``bad-amount`` at line 1,
    saying why and what to do."""
    text = (FIXTURES / "sites" / "pokerstars-52588201462.txt").read_text(encoding="utf-8-sig")
    assert "Level I (20/40)" in text
    text = text.replace("Level I (20/40)", "Level I (20.000/40.000)")
    text = text.replace("(1500 in chips)", "(150 in chips)")
    text = re.sub(
        r"(?<=[ (])(\d+)(?=\)| in chips|\r?$| from pot| \|)",
        lambda m: f"{int(m[1]) * 1000:,}".replace(",", "."),
        text,
        flags=re.M,
    )
    assert "(150.000 in chips)" in text and "posts big blind 20.000" in text
    path = tmp_path / "dotted.txt"
    path.write_text(text, encoding="utf-8")
    items = list(read_hands(path, "pokerstars"))
    assert not any(isinstance(i, HandRecord) for i in items), items
    [error] = items
    assert isinstance(error, ImportFormatError) and error.rule == "bad-amount"
    assert error.position.line == 1 and "amount '20.000' may group thousands" in error.message


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.name)
def test_a_history_written_with_decimal_commas_reads_no_hand(site: Site, tmp_path: Path) -> None:
    """Every ``0.25`` of a real history written ``0,25``: before the fix, two of the four
    PokerStars hands replayed clean with every amount a hundred times what was played (a pot
    of $0.20 paid as $20.00), and import stored them.  Each hand is an error at a line of it."""
    text = re.sub(r"(\d)\.(\d\d)\b", r"\1,\2", _text(site))
    path = tmp_path / f"{site.name}.txt"
    path.write_text(text, encoding="utf-8")
    items = _items(path, site.name)
    assert items and not any(isinstance(i, HandRecord) for i in items), items
    assert all(isinstance(i, BadugiError) and i.position.source == str(path) for i in items)
    assert any("a comma only groups thousands" in str(i) for i in items), items
