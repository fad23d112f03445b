"""What an import warns of a tournament's files, and asks the organiser to do, in the page's
words on the record page (``web/advice_words.page_warning_notes``, what a save's answer
says): the ledger's warnings of a tournament (``ledger/tournament_warnings.py``,
``ledger/tournament_results.stated_warnings``) ended in the command line's words ("import
them again with --replace", "void --event ID", "tournament --payouts"), which reached the
page as they are.  Each now keeps what to do apart (an ``Advice``): the command line's words
stay as the ledger's tests hold them (named in each case), byte for byte, and the page says
its own."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_ledger.ledger.report import ImportReport
from badugi_ledger.web.advice_words import page_warning_notes
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import CORPUS
from tests.web.test_page_words import COMMAND_WORDS
from tests.web.test_record_warning_words import message_of, saved

REPLACED = (
    "store {} again over the ledger's version (this page's “Replace with this version” for a "
    "night this page saved, else an import done where the server runs)"
)


def second_entry(folder: Path) -> list[Path]:
    """tests/ledger/test_tournament_second_entries.py: Noor leaves table Final with 170, and
    ``noor`` sits down at table Side with 170 (a second entrant, the import says)."""
    from tests.ledger.test_tournament_second_entries import FINAL, side

    (folder / "final.bhh").write_text(FINAL, encoding="utf-8")
    (folder / "side.bhh").write_text(side(), encoding="utf-8")
    return [folder / "final.bhh", folder / "side.bhh"]


def other_money(folder: Path) -> list[Path]:
    """tests/ledger/test_tournament_other_currency.py: tables A and B in EUR, the final table
    naming no currency."""
    from tests.ledger.test_tournament_other_currency import _files

    return _files(folder / "night", "")


def past_midnight(folder: Path) -> list[Path]:
    """tests/test_check_tournaments.py: the corpus's PokerStars tournament cut at midnight
    into two files, two events of one name a day apart sharing players."""
    from tests.sites.test_event_terms import STARS_MTT

    text = STARS_MTT.read_text(encoding="utf-8").replace("\r\n", "\n")
    late = re.sub(r"2010/11/10 18:(\d\d:\d\d) CET", r"2010/11/11 00:\1 CET", text)
    cut = late.index("PokerStars Game #", late.index("2010/11/11 00:") - 200)
    (folder / "part1.txt").write_text(late[:cut], encoding="utf-8")
    (folder / "part2.txt").write_text(late[cut:], encoding="utf-8")
    return [folder / "part1.txt", folder / "part2.txt"]


def stated_prize(folder: Path) -> list[Path]:
    """tests/test_check_tournaments.py: the corpus's PokerStars sit-and-go ("Player5 ...
    received $1.60") and its final table in our format, whose payout table pays two places."""
    from tests.test_check_tournaments import FINAL_TABLE

    (folder / "final.bhh").write_text(FINAL_TABLE, encoding="utf-8")
    return [CORPUS / "pokerstars" / "LBad-USD-SNG8-201011.txt", folder / "final.bhh"]


CASES: list[tuple[Callable[[Path], list[Path]], str, str, str]] = [
    (
        second_entry,
        "one buy-in charged twice: ",
        "write one name in the file and import it again with --replace",
        "write one name in the file and " + REPLACED.format("it"),
    ),
    (
        other_money,
        "name its money otherwise? Each counts its buy-ins and prizes; ",
        "state one currency in every file of it and import them again with --replace",
        "state one currency in every file of it and " + REPLACED.format("them"),
    ),
    (
        past_midnight,
        "Each counts its buy-ins and prizes; to make them one, ",
        "void the later (badugi-ledger void --event 2 --reason 'one tournament with PokerStars "
        "tournament #329147852 (2010-11-10)') and import the two files joined into one",
        "void the later and store the two files joined into one (a void and an import are "
        "done where the server runs)",
    ),
    (
        stated_prize,
        "and its payout table pays 0.00 USD: ",
        "correct the table (tournament --payouts), or the file",
        "correct the payout table (a tournament's terms are set where the server runs), or "
        "the file",
    ),
]


@pytest.mark.parametrize(
    ("files", "before", "command", "page"), CASES, ids=[c[0].__name__ for c in CASES]
)
def test_a_tournament_warning_says_what_to_do_in_the_pages_words(
    tmp_path: Path,
    files: Callable[[Path], list[Path]],
    before: str,
    command: str,
    page: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # (``club.db`` the ledger a bare command opens: named by none)
    monkeypatch.delenv("BADUGI_LEDGER_DB", raising=False)
    report: ImportReport = import_into(tmp_path / "club.db", files(tmp_path))
    said = [w for f in report.files for w in f.warnings if before in w]
    assert said and all(w.endswith(before + command) for w in said), said  # the CLI's words
    notes = [n for f in report.files for n in page_warning_notes(f) if before in n]
    assert len(notes) == len(said), notes
    for note in notes:
        assert note.endswith(before + page), note
        assert not COMMAND_WORDS.search(note), note


def test_a_second_entry_saved_on_the_record_page_says_so_in_the_pages_words(
    tmp_path: Path,
) -> None:
    """The record page saves table Side's night, ``noor`` sitting down with the 170 chips Noor
    left table Final with (tests/ledger/test_tournament_second_entries.py): its answer says
    to write one name and store the file again as the page can, not ``--replace``."""
    from tests.ledger.test_tournament_second_entries import FINAL, side

    final = tmp_path / "final.bhh"
    final.write_text(FINAL, encoding="utf-8")
    assert import_into(tmp_path / "club.db", [final]).files[0].stored == 2
    message = message_of(saved(tmp_path, side()))
    assert (
        "one buy-in charged twice: write one name in the file and " + REPLACED.format("it")
    ) in message, message
