"""The record page in a real browser the size of a phone, after a save the ledger warns of:
a void night's hands counting in another event, a pot left in *carry*, a look-alike name, a
night that plays like another file's, a night left split, a tournament's terms left behind,
a tournament's player counted twice under two names (tests/web/test_record_warning_words.py
and tests/web/test_tournament_warning_words.py say why each is warned of).  The answer says what
to do in the page's words - never a command - and fits the phone's width; the pot left in
*carry* links the Settle-up page, which shows it.  Screenshots:
``test-output/screenshots/record-warning-*.png``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.helpers.ledger_files import import_into
from tests.web.test_page_words import COMMAND_WORDS, HAND_1, HAND_2, HEADER
from tests.web.test_record_browser import no_sideways_scroll, settled
from tests.web.test_record_file_changed import done
from tests.web.test_record_warning_words import look_alike_night, saved


def save(page: Any, text: str) -> str:
    """``text`` typed and saved; replaced when the ledger holds the night otherwise (the
    page's "Replace with this version"): the save's answer."""
    page.fill("#record-text", text)
    settled(page)
    page.click("#record-save")
    said = done(page)
    if page.locator("#record-replace").count():
        page.click("#record-replace")
        page.wait_for_selector("#record-save-result p.ok")
        said = done(page)
    assert "saved" in said, said
    return said


def void_night(page: Any, db: Path) -> tuple[str, str]:
    from badugi_ledger.ledger.corrections import void
    from badugi_ledger.ledger.store import open_ledger

    save(page, HEADER + HAND_1 + HAND_2)
    ledger = open_ledger(db)
    try:
        void(ledger, "Cut", None, "a practice")
    finally:
        ledger.close()
    unit = HEADER.replace("date 2024-08-05", "date 2024-08-05 · chips 10 = 1 EUR")
    return save(page, unit + HAND_1 + HAND_2), "void it too if the night still does not count"


def carried(page: Any, db: Path) -> tuple[str, str]:
    from tests.ledger.test_carried_pot_corrections import later_night, night_one

    first = db.parent / "n1.bhh"
    first.write_text(night_one(), encoding="utf-8")
    assert import_into(db, [first]).ok
    said = save(page, later_night("Next night", "2024-05-10", "Q", carried=8))
    assert page.get_attribute("#record-save-result a", "href") == "/settle"
    return said, "(the Settle-up page shows them in its season's balances)"


def look_alike(page: Any, db: Path) -> tuple[str, str]:
    assert saved(db.parent, look_alike_night("Anna", "2024-03-01")).outcome == "saved"
    said = save(page, look_alike_night("\u0410nna", "2024-03-08"))
    return said, "merge them (a merge is done where the server runs)"


def split(page: Any, db: Path) -> tuple[str, str]:
    from tests.ledger.test_redated_nights import HEAD, LATER, night

    save(page, night(head=HEAD))
    table_u = night(head=HEAD).replace("table T", "table U")
    for old, new in {"Anna": "Eve", "Ben": "Finn", "Cara": "Gus", "Dan": "Hal"}.items():
        table_u = table_u.replace(old, new)
    other = db.parent / "u.bhh"
    other.write_text(table_u, encoding="utf-8")
    assert import_into(db, [other]).ok
    return save(page, night(head=LATER)), "or the night counts as two events"


def terms(page: Any, db: Path) -> tuple[str, str]:
    from tests.ledger.test_moved_payouts import SIDE, UNPAID, command, corrected

    save(page, UNPAID)
    side = db.parent / "side.bhh"
    side.write_text(SIDE, encoding="utf-8")
    assert import_into(db, [side]).ok
    command(db, "--payouts", "60/40", event="1")
    command(db, "--payouts", "50/50", event="2")
    said = save(page, corrected(UNPAID, "date"))
    return said, "a tournament's terms are set where the server runs"


def night_alike(page: Any, db: Path) -> tuple[str, str]:
    from tests.ledger.test_night_copies import HANDS, night

    header = "cash Friday game · date 2024-03-01"
    first = db.parent / "first.bhh"
    first.write_text(night(header), encoding="utf-8")
    assert import_into(db, [first]).ok
    later = HANDS.replace("hand 1 ·", "hand 7 ·").replace("hand 2 ", "hand 8 ")
    said = save(page, night(header, later.replace("hand 3 ", "hand 9 ")))
    return said, "void this file's hands (a void is done where the server runs)"


def second_entry(page: Any, db: Path) -> tuple[str, str]:
    from tests.ledger.test_tournament_second_entries import FINAL, side

    final = db.parent / "final.bhh"
    final.write_text(FINAL, encoding="utf-8")
    assert import_into(db, [final]).ok
    said = save(page, side())
    return said, "write one name in the file and store it again over the ledger's version"


@pytest.mark.parametrize(
    "warned",
    [void_night, carried, look_alike, night_alike, split, terms, second_entry],
    ids=lambda f: f.__name__,
)
def test_a_saves_warning_says_what_to_do_in_the_pages_words_on_a_phone(
    phone: Phone, tmp_path: Path, warned: Callable[[Any, Path], tuple[str, str]]
) -> None:
    db = tmp_path / "club.db"
    with serving(create_app(db)) as url:
        page = phone.open(url + "/record")
        said, words = warned(page, db)
        no_sideways_scroll(phone)
        phone.shot(f"record-warning-{warned.__name__.replace('_', '-')}")
    assert words in said, said
    assert not COMMAND_WORDS.search(said), said
    assert phone.errors == []
