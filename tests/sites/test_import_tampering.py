"""What a site file can show about itself: cut winnings, edited stacks, a missing hand.

Every case is a real corpus file (``shared/corpus``, named in each test) with one edit made at
test time: an amount changed or a hand deleted.  Unedited, every corpus hand still reads (see
``test_corpus_replay.py``), so none of these rules refuses a real hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_ledger.check import CheckRun
from badugi_ledger.model.errors import BadugiError, ImportFormatError
from badugi_ledger.model.events import HandRecord, RakeTaken, StackChange
from badugi_ledger.sites.common import SiteWarning
from badugi_ledger.sites.files import decode_bytes, iter_lines
from badugi_ledger.sites.merge import rake_allowed, read_merge
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS

STARS_CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
MERGE_HPL = "merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
FTP_MIXED = "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
STARS_SNG = "pokerstars/LBad-USD-SNG8-201011.txt"


def _text(name: str) -> str:
    return decode_bytes((CORPUS / name).read_bytes()).replace("\r\n", "\n")


def _write(tmp: Path, text: str, name: str = "edited.txt") -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _errors(path: Path, fmt: str) -> list[ImportFormatError]:
    return [i for i in read_hands(path, fmt) if isinstance(i, ImportFormatError)]


# --- Merge: a winner's amount cut down -------------------------------------------------------


def test_a_cut_merge_winner_amount_is_refused(tmp_path: Path) -> None:
    """Merge prints no rake: the winner's 4.38 cut to 1.51 would leave most of the pot as
    "rake".  Merge never took more than 1 cent in 18 (pokerfuse.com, May 2013)."""
    text = _text(MERGE_HPL)
    assert '<winner amount="4.38"' in text
    path = _write(tmp_path, text.replace('<winner amount="4.38"', '<winner amount="1.51"'))
    (error,) = _errors(path, "merge")
    assert error.rule == "rake-above-site-maximum"
    assert (
        error.position.line
        == text.split("\n").index(next(x for x in text.split("\n") if "<winner" in x)) + 1
    )
    assert "a winner's amount looks cut" in error.message


def test_every_real_merge_rake_is_within_the_site_maximum() -> None:
    """All 21 corpus Merge hands (the 2-7 ones read as Badugi): rakes of 0 to 50 cents."""
    rakes = []
    for path in sorted((CORPUS / "merge").glob("*.txt")):
        lines = [x.replace('type="2-7 Lowball"', 'type="Badugi"') for x in iter_lines(path)]
        for item in read_merge(lines, path.name):
            if isinstance(item, HandRecord):
                rakes += [e.amount for e in item.events if isinstance(e, RakeTaken)]
            else:
                assert isinstance(item, BadugiError) and item.rule == "cancelled-hand", item
    assert len(rakes) == 20 and max(rakes) == 50


@pytest.mark.parametrize(
    ("pot", "players", "most"), [(60, 4, 4), (300, 3, 17), (950, 2, 53), (11400, 2, 100)]
)
def test_merge_rake_maximum(pot: int, players: int, most: int) -> None:
    assert rake_allowed(pot, players) == most


# --- starting stacks that contradict the file --------------------------------------------------


def test_a_lowered_cash_stack_contradicts_the_previous_hand(tmp_path: Path) -> None:
    """Hand 49164247462 (line 75) follows 49164202872 at the same table, where JDANIELDC
    folded and kept $8.75; the edit makes it $8.50 with nobody gaining.  The error is at the
    edited seat line (81), which states the stack that fell."""
    text = _text(STARS_CASH)
    lines = text.split("\n")
    assert lines[80] == "Seat 6: JDANIELDC ($8.75 in chips) "
    lines[80] = "Seat 6: JDANIELDC ($8.50 in chips) "
    (error,) = _errors(_write(tmp_path, "\n".join(lines)), "pokerstars")
    assert (error.rule, error.hand, error.position.line) == (
        "stack-contradicts-previous-hand",
        "49164247462",
        81,
    )
    assert "hand 49164202872 (line 1)" in error.message and "JDANIELDC 875 → 850" in error.message


def test_a_lowered_stack_in_a_mixed_full_tilt_file_is_refused(tmp_path: Path) -> None:
    """Hands 29704512429 and 29704563387 (Badugi, table Jackrabbit) are consecutive in the
    10-game file; Kilij ends the first with $82.50 and starts the second with it."""
    text = _text(FTP_MIXED)
    assert "Seat 3: Kilij ($82.50)" in text
    path = _write(tmp_path, text.replace("Seat 3: Kilij ($82.50)", "Seat 3: Kilij ($80.50)"))
    (error,) = _errors(path, "fulltilt")
    assert error.rule == "stack-contradicts-previous-hand" and error.hand == "29704563387"


def test_a_raised_stack_of_an_all_in_player_contradicts_the_hand(tmp_path: Path) -> None:
    """Hand 49164202872: jodarin starts with $0.70 and is all-in after putting $0.70 in."""
    text = _text(STARS_CASH)
    assert "Seat 3: jodarin ($0.70 in chips)" in text
    path = _write(
        tmp_path,
        text.replace("Seat 3: jodarin ($0.70 in chips)", "Seat 3: jodarin ($0.95 in chips)"),
    )
    (error,) = _errors(path, "pokerstars")
    assert error.rule == "stack-contradicts-hand" and error.hand == "49164202872"
    assert "all-in after putting 0.70 in" in error.message


def test_a_stack_smaller_than_what_its_player_puts_in_is_refused(tmp_path: Path) -> None:
    text = _text(STARS_CASH)
    path = _write(
        tmp_path,
        text.replace("Seat 4: Scorpio2000 ($3.40 in chips)", "Seat 4: Scorpio2000 ($1 in chips)"),
    )
    errors = _errors(path, "pokerstars")
    assert [e.rule for e in errors][:1] == ["stack-contradicts-hand"]
    assert "Scorpio2000 puts 1.75 in" in errors[0].message


# --- a missing hand --------------------------------------------------------------------------


def _without_second_hand(text: str) -> str:
    starts = [m.start() for m in re.finditer(r"^PokerStars Game #", text, re.M)]
    return text[: starts[1]] + text[starts[2] :]


def test_a_deleted_hand_is_a_missing_hand_warning_not_a_mismatch(tmp_path: Path) -> None:
    """The cash file without its second hand: Hero's $0.10 big blind went to Scorpio2000."""
    path = _write(tmp_path, _without_second_hand(_text(STARS_CASH)))
    warnings: list[SiteWarning] = []
    items = list(read_hands(path, "pokerstars", on_warning=warnings.append))
    assert all(isinstance(i, HandRecord) for i in items) and len(items) == 3
    (warning,) = warnings
    assert (warning.rule, warning.hand_id, warning.table) == (
        "missing-hand",
        "49164255772",
        "Benkoela V",
    )
    assert warning.message.startswith("a hand seems to be missing before this one")
    assert "hand 49164202872 (line 1), 1 min 23 s earlier" in warning.message
    assert "Hero 475 → 465 (-10)" in warning.message
    assert "Scorpio2000 165 → 175 (+10)" in warning.message
    changes = [e for e in items[1].events if isinstance(e, StackChange)]
    assert {(c.player, c.amount) for c in changes} == {("Hero", 10), ("Scorpio2000", 10)}
    run = CheckRun([path], jobs=1)
    problems = [e for o in run.outcomes() for e in o.errors]
    assert problems == [], problems  # no payout mismatch for the gap


def test_the_corpus_hand_after_a_missing_hand_is_warned_about() -> None:
    """SNG hand 52589367975: the button jumps two seats and two minutes (corpus/SOURCES.md)."""
    warnings: list[SiteWarning] = []
    list(read_hands(CORPUS / STARS_SNG, on_warning=warnings.append))
    (warning,) = warnings
    assert warning.hand_id == "52589367975" and warning.rule == "missing-hand"
    assert "2 min 11 s earlier" in warning.message
    assert "Player4 1290 → 1990 (+700)" in warning.message


# --- Merge: a table's hands are numbered ---------------------------------------------------

MERGE_MULTI = "merge/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"


def _merge_multi_as_badugi() -> list[str]:
    """The corpus's only Merge file with several hands of one table (15 hands, 33423082-1 to
    -15) is 2-7 triple draw; read as Badugi, as the other Merge tests do, for its stacks."""
    return _text(MERGE_MULTI).replace('type="2-7 Lowball"', 'type="Badugi"').split("\n")


def test_merge_hands_carry_their_stacks_from_hand_to_hand() -> None:
    items = list(read_merge(_merge_multi_as_badugi(), "m"))
    assert len(items) == 15 and all(isinstance(i, HandRecord) for i in items)
    assert not [e for i in items for e in i.events if isinstance(e, StackChange)]  # type: ignore[union-attr]


def test_a_deleted_merge_hand_is_warned_about_by_its_number(tmp_path: Path) -> None:
    lines = _merge_multi_as_badugi()
    begin = next(i for i, x in enumerate(lines) if '<game id="33423082-5"' in x)
    end = next(i for i in range(begin, len(lines)) if lines[i].startswith("</game>"))
    path = _write(tmp_path, "\n".join(lines[: begin - 1] + lines[end + 1 :]))
    warnings: list[SiteWarning] = []
    items = list(read_hands(path, "merge", on_warning=warnings.append))
    assert len(items) == 14 and all(isinstance(i, HandRecord) for i in items)
    (warning,) = warnings
    assert warning.hand_id == "33423082-6" and warning.rule == "missing-hand"
    assert "the hand numbers jump from 4 to 6" in warning.message
    assert "15 min 49 s earlier" in warning.message


def test_a_lowered_merge_balance_contradicts_the_previous_hand(tmp_path: Path) -> None:
    lines = _merge_multi_as_badugi()
    at = next(i for i, x in enumerate(lines) if 'nickname="Hero" balance="$48.40"' in x)
    lines[at] = lines[at].replace("$48.40", "$47.40")
    (error,) = _errors(_write(tmp_path, "\n".join(lines)), "merge")
    assert error.rule == "stack-contradicts-previous-hand" and error.hand == "33423082-6"


# --- PokerStars: the summary's figure of each pot ---------------------------------------------

STARS_MTT = "pokerstars/LBad-USD-MTT8-201011.txt"
STARS_SIDE_POT_TOTAL = "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Main pot $2.90.",
            "Main pot $3.90.",
            "the summary says the main pot was 3.90 but the hand shows 2.90 collected from it",
        ),
        (
            "Side pot $2.55.",
            "Side pot $1.55.",
            "the summary says the side pot was 1.55 but the hand shows 2.55 collected from it",
        ),
        (
            "Side pot $2.55.",
            "Side pot-2 $2.55.",
            "the summary says the side pot-2 was 2.55 but the hand shows 0.00 collected from it",
        ),
        (
            "Side pot $2.55.",
            "Side pot $2.55. Side pot $2.55.",
            "the summary states the side pot twice",
        ),
        (
            "Main pot $2.90. Side pot $2.55.",
            "Main pot $2.90, Side pot $2.55.",
            "unrecognised summary line 'Total pot $5.70 Main pot $2.90, Side pot $2.55. | Rake "
            "$0.25': between the total and the rake the site writes each pot as `Main pot X.` "
            "and `Side pot-N X.`",
        ),
    ],
)
def test_a_pokerstars_pot_figure_is_held_to_the_collections_from_that_pot(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """PokerStars's summary states each pot once raked (hand 49164202872: main $2.90 + side
    $2.55 + rake $0.25 = $5.70), which is what its winners collected from it: an edited figure
    contradicts the hand, and a figure in words the reader does not know is not passed over."""
    text = _text(STARS_CASH)
    assert text.count(STARS_SIDE_POT_TOTAL) == 1
    edited = text.replace(STARS_SIDE_POT_TOTAL, STARS_SIDE_POT_TOTAL.replace(old, new))
    (error,) = _errors(_write(tmp_path, edited), "pokerstars")
    assert error.message == message
    assert error.position.line == text.split("\n").index(STARS_SIDE_POT_TOTAL + " ") + 1


def test_every_real_pokerstars_pot_figure_is_what_its_winners_collected() -> None:
    """The corpus's ten hands with side pots (one of them with two, ``Side pot-1``,
    ``Side pot-2``) read without an error, so the figures are read as the site means them."""
    stated = 0
    for name in (STARS_CASH, STARS_MTT):
        stated += _text(name).count(" Side pot")
        items = list(read_hands(CORPUS / name, "pokerstars"))
        assert not [i for i in items if isinstance(i, BadugiError)]
    assert stated == 11
