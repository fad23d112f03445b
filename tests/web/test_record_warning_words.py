"""What a save on the record page warns of, and asks the organiser to do, in the page's words.

The import's warnings end with what to do as commands to type (``badugi-ledger void``,
``players merge``, ``import again with --replace``, ``tournament --event ID``); the page's
reader, an organiser on a phone at the table, has no command line.  Each warning below is
raised by a save of the page (``save_text``, what the page's Save and "Replace with this
version" buttons call) and must say what to do as the page can: its own button, the page
that shows it, or what is done where the server runs (``web/advice_words.py``).  Their
command-line words are held by the ledger's tests named in each test."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.web.record_night import file_stamp
from badugi_ledger.web.record_save import Saved, save_text
from tests.helpers.ledger_files import import_into
from tests.web.test_page_words import COMMAND_WORDS, HAND_1, HAND_2, HEADER

REPLACE = "“Replace with this version”"


def saved(tmp_path: Path, text: str, *, replace: bool = False, was: Path | None = None) -> Saved:
    """``text`` saved by the page to the ledger ``club.db`` of ``tmp_path`` (its folder
    ``recorded``), gone on with from ``was`` as the page loaded it."""
    ledger = open_ledger(tmp_path / "club.db")
    try:
        stamp = file_stamp(was) if was is not None else None
        name = was.name if was is not None else None
        return save_text(
            ledger, tmp_path / "recorded", text, replace=replace, was=name, stamp=stamp
        )
    finally:
        ledger.close()


def message_of(answer: Saved) -> str:
    assert answer.outcome == "saved", answer.data
    message: str = answer.data["message"]
    assert not COMMAND_WORDS.search(message), message
    return message


def only_file(tmp_path: Path) -> Path:
    (path,) = (tmp_path / "recorded").glob("*.bhh")
    return path


def test_a_void_nights_hands_counting_elsewhere_say_void_it_where_the_server_runs(
    tmp_path: Path,
) -> None:
    """docs/ledger.md: a void does not follow a night's unit corrected; the hands count in the
    event of the new unit, and the import warns "void it too if the night still does not
    count (badugi-ledger void --event 2 --reason TEXT)"
    (tests/ledger/test_void_event_report.py).  The page says the void is done where the
    server runs."""
    from badugi_ledger.ledger.corrections import void

    assert saved(tmp_path, HEADER + HAND_1 + HAND_2).outcome == "saved"
    ledger = open_ledger(tmp_path / "club.db")
    try:
        void(ledger, "Cut", None, "a practice")
    finally:
        ledger.close()
    file = only_file(tmp_path)
    unit = HEADER.replace("date 2024-08-05", "date 2024-08-05 · chips 10 = 1 EUR")
    message = message_of(saved(tmp_path, unit + HAND_1 + HAND_2, replace=True, was=file))
    assert message.endswith(
        "warning: Cut (2024-08-05) is void (a practice), and this file's hands of it are now "
        "in event 2 of that name, which counts: void it too if the night still does not count "
        "(a void is done where the server runs)"
    ), message


def test_a_pot_left_in_carry_says_the_settle_up_page_shows_it_and_the_replace_button_fixes_it(
    tmp_path: Path,
) -> None:
    """Rule 002: a carried pot "is added to the money wagered in the new hand", whole; a night
    saved on the page taking 8 of the 12 another night's file carried leaves 4 in *carry*
    (tests/ledger/test_carry_left_behind.py: "(badugi-ledger settle shows them); correct the
    'carry in' … import its file again with --replace").  The page names its Settle-up page,
    linked under its answer, and its own button."""
    from tests.ledger.test_carried_pot_corrections import later_night, night_one

    first = tmp_path / "n1.bhh"
    first.write_text(night_one(), encoding="utf-8")
    assert import_into(tmp_path / "club.db", [first]).ok
    night = later_night("Next night", "2024-05-10", "Q", carried=8)
    answer = saved(tmp_path, night)
    message = message_of(answer)
    assert (
        "4 chips stay in *carry* for no hand (the Settle-up page shows them in its season's "
        "balances); "
    ) in message, message
    assert answer.data["links"] == [{"text": "Settle-up: what *carry* holds", "href": "/settle"}]
    assert message.endswith(
        "correct the 'carry in' of the hand that takes it and store its night again over the "
        f"ledger's version (this page's {REPLACE} for a night this page saved, else an import "
        "done where the server runs)"
    ), message


def look_alike_night(name: str, date: str) -> str:
    return (
        f"game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday · date {date}\n\n"
        f"hand 1 · button {name} · {name} 100 · Ben 100\n{name} folds\nBen collects 2\n"
    )


def test_a_look_alike_name_says_a_merge_is_done_where_the_server_runs(tmp_path: Path) -> None:
    """``Аnna`` with a Cyrillic ``А`` typed on the page beside the ledger's ``Anna``: two
    players; the import says "merge them (badugi-ledger players merge 'Anna' 'Аnna')"
    (tests/ledger/test_look_alike_names.py); the page cannot merge players (its Players
    page says so), so it says where it is done."""
    assert saved(tmp_path, look_alike_night("Anna", "2024-03-01")).outcome == "saved"
    message = message_of(saved(tmp_path, look_alike_night("\u0410nna", "2024-03-08")))
    assert message.endswith(
        "warning: '\u0410nna', a new player, looks like 'Anna', whom the ledger knows, but is "
        "written with '\u0410' where 'Anna' has 'A' ('\u0410': cyrillic capital letter a): "
        "they count as two players; if they are one person, merge them (a merge is done "
        "where the server runs)"
    ), message


def test_a_night_left_split_says_how_to_store_its_other_file_again(tmp_path: Path) -> None:
    """A night in two files, one per table: the page's, re-dated on the page, and one
    imported on the laptop, which still holds the old date - the night is two events
    (ledger/moved_nights.py; tests/ledger/test_redated_nights.py: "correct that file too and
    import it again with --replace").  The page's answer said nothing of it (what a save
    replaced is not shown); it says so now, with the page's button."""
    from tests.ledger.test_redated_nights import HEAD, LATER, night

    table_u = night(head=HEAD)
    for old, new in {"Anna": "Eve", "Ben": "Finn", "Cara": "Gus", "Dan": "Hal"}.items():
        table_u = table_u.replace(old, new)
    other = tmp_path / "u.bhh"
    other.write_text(table_u.replace("table T", "table U"), encoding="utf-8")
    assert saved(tmp_path, night(head=HEAD)).outcome == "saved"
    assert import_into(tmp_path / "club.db", [other]).ok
    answer = saved(tmp_path, night(head=LATER), replace=True, was=only_file(tmp_path))
    message = message_of(answer)
    assert (
        f"but {other} still holds hands of Test night (2024-06-01): correct that file too and "
        f"store it again over the ledger's version (this page's {REPLACE} for a night this "
        "page saved, else an import done where the server runs), or the night counts as two "
        "events"
    ) in message, message


def test_a_tournaments_terms_left_behind_say_where_they_are_recorded(tmp_path: Path) -> None:
    """The page's tournament re-dated onto a day whose tournament has a prize table of its
    own: which one pays is the organiser's call, and the terms stay (ledger/moved_terms.py;
    tests/ledger/test_moved_payouts.py: "record them where they belong (badugi-ledger
    tournament --event ID)").  The page says where terms are set."""
    from tests.ledger.test_moved_payouts import SIDE, UNPAID, command, corrected

    side = tmp_path / "side.bhh"
    side.write_text(SIDE, encoding="utf-8")
    db = tmp_path / "club.db"
    assert saved(tmp_path, UNPAID).outcome == "saved"
    assert import_into(db, [side]).ok
    command(db, "--payouts", "60/40", event="1")
    command(db, "--payouts", "50/50", event="2")
    answer = saved(tmp_path, corrected(UNPAID, "date"), replace=True, was=only_file(tmp_path))
    message = message_of(answer)
    assert (
        "Spring Freezeout (2024-04-12): no hand of it counts any more, and its terms stay with "
        "it (payouts 60/40): its hands are Spring Freezeout (2024-04-13)'s now, which has terms "
        "of its own (payouts 50/50); record them for the tournament they belong to (a "
        "tournament's terms are set where the server runs)"
    ) in message, message


def test_a_night_that_plays_like_another_files_says_a_void_is_done_where_the_server_runs(
    tmp_path: Path,
) -> None:
    """ledger/night_copies.py: hands that play one for one like a night another file holds,
    no card shown to tell them apart, are stored (a legal hand is never refused) with a
    warning that names the void of this file's hands, "(badugi-ledger void --event 1 --hand 7
    --table Kitchen --reason copy, and so for each)" (tests/ledger/test_night_copies.py).
    The page's words say where a void is done."""
    from tests.ledger.test_night_copies import HANDS, night

    header = "cash Friday game · date 2024-03-01"
    first = tmp_path / "first.bhh"
    first.write_text(night(header), encoding="utf-8")
    assert import_into(tmp_path / "club.db", [first]).ok
    later = HANDS.replace("hand 1 ·", "hand 7 ·").replace("hand 2 ", "hand 8 ")
    message = message_of(saved(tmp_path, night(header, later.replace("hand 3 ", "hand 9 "))))
    assert message.endswith(
        "if this file is a copy of that night, each of them counts twice: void this file's "
        "hands (a void is done where the server runs)"
    ), message


def test_a_voided_hand_left_out_says_void_that_one_too_on_the_page() -> None:
    """ledger/holdings.py (voids_left_out): a hand the organiser voided that a replaced file
    no longer holds stays void, and the import says to "void that one too (badugi-ledger void
    --event … --hand NUMBER --reason 'misdeal')" when the file holds it corrected under another
    number.  The page's answer says that note of what a save replaced, in its words; a hand
    replaced and no more is the audit's, not the answer's."""
    from badugi_ledger.ledger.advice import Advice
    from badugi_ledger.ledger.report import Conflict, FileReport
    from badugi_ledger.web.advice_words import page_replaced_notes

    left = Conflict(
        "cut.bhh", 3, "1", "", "Cut (2024-08-05)", ("imported from this file before, void",),
        left_out=True, advice=Advice("void this one too", event="Cut", reason="misdeal"),
    )  # fmt: skip
    plain = Conflict("cut.bhh", 7, "2", "", "Cut (2024-08-05)", ("the pot differs",))
    report = FileReport("cut.bhh", replaced=[left, plain])
    assert page_replaced_notes(report) == [
        "hand 1 of Cut (2024-08-05): imported from this file before, void: void that one too, "
        "by the same reason (misdeal; a void is done where the server runs)"
    ]
