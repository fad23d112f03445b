"""A night's unit is spelled one way wherever people read it: ``badugi-ledger events``, the
events page, an event's page and the record page's refusals all write
:func:`badugi_ledger.model.money.unit_words` (``chips of 0.25 EUR``).  The refusal of a currency
typed for a night saved in another unit names no chip value the night does not have, and stays
short enough to read on a phone (390 px wide, screenshot ``record-unit-refused.png``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from badugi_ledger.cli import app as cli_app
from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.model.money import CHIPS, ChipValue, unit_words
from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_night import event_file, saved_night
from badugi_ledger.web.record_view import RecordError
from tests.helpers.browser import PHONE, Phone, serving
from tests.web.conftest import LOCAL, WEB_FIXTURES, event_id

EURO_NIGHT = (WEB_FIXTURES / "euro_night.bhh").read_text(encoding="utf-8")
"""``chips 1 = 0.25 EUR``: a cash night whose chips are valued in EUR."""
NIGHT = {"name": "Euro night", "date": "2024-08-01"}
WORDS = "chips of 0.25 EUR"
MOST = 320
"""The most characters the refusal may have: about eight lines of the record page on a phone."""


def text_of(page: str) -> str:
    """The page's text: tags dropped, entities decoded, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def saved_here(recorded: Path, text: str, db: Path) -> None:
    """Euro night saved as ``text`` in ``recorded/`` and its hands in the ledger ``db``, as
    the record page saves it."""
    with ledger_at(db) as ledger:
        path = event_file(recorded, "cash", NIGHT["name"], NIGHT["date"], ledger)
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        assert import_paths(ledger, [path]).ok


def refusal(folder: Path, text: str, typed: str) -> str:
    """The record page's answer to ``typed`` as the currency of Euro night saved as ``text``."""
    saved_here(folder, text, folder / "club.db")
    with ledger_at(folder / "club.db") as ledger, pytest.raises(RecordError) as refused:
        saved_night({**NIGHT, "currency": typed}, folder, ledger)
    return str(refused.value)


def test_the_cli_the_pages_and_the_record_page_spell_a_valued_unit_alike(
    club_db: Path, tmp_path: Path
) -> None:
    """``badugi-ledger events`` wrote ``chips (0.25 EUR)`` where the pages wrote ``chips of
    0.25 EUR``; both write :func:`unit_words` now, and ``--json`` keeps its fields."""
    assert unit_words(CHIPS, ChipValue(25, "EUR")) == unit_words(CHIPS, "0.25 EUR") == WORDS
    result = CliRunner().invoke(cli_app, ["events", "--db", str(club_db)])
    assert result.exit_code == 0, result.output
    [row] = [line for line in result.output.splitlines() if line.endswith("Euro night")]
    assert f"  cash        {WORDS}  " in row, row
    assert "chips (" not in result.output
    as_json = CliRunner().invoke(cli_app, ["events", "--db", str(club_db), "--json"])
    assert '"unit": "chips"' in as_json.output and '"chip_value": "0.25 EUR"' in as_json.output

    client = TestClient(create_app(club_db), base_url=LOCAL)
    assert f"· cash · {WORDS} · settled in EUR" in text_of(client.get("/events").text)
    event = text_of(client.get(f"/events/{event_id(club_db, 'Euro night')}").text)
    assert f"amounts in {WORDS} · settled in EUR" in event
    assert f"is saved in {WORDS} (" in refusal(tmp_path, EURO_NIGHT, "USD")


@pytest.mark.parametrize(
    ("header", "typed", "saved_in", "chips_line"),
    [
        # valued in the currency typed: only the game's currency changes the amounts
        ("chips 1 = 0.10 EUR", "EUR", "chips of 0.10 EUR", None),
        ("chips 1 = 0.10 EUR", "USD", "chips of 0.10 EUR", "chips 1 = … USD on its cash line"),
        ("", "EUR", "chips", "chips 1 = … EUR on its cash line"),
    ],
    ids=["valued-in-typed", "valued-in-another", "plain-chips"],
)
def test_the_refusal_names_no_chip_value_the_night_does_not_have(
    tmp_path: Path, header: str, typed: str, saved_in: str, chips_line: str | None
) -> None:
    """The refusal's way to change a night's unit wrote ``chips 1 = 0.25 EUR`` for every night,
    whatever its chips were worth (a night of ``chips 1 = 0.10 EUR`` was told to write 0.25),
    in about 400 characters.  Now it names the night's unit as it is and leaves the value to
    the organiser (``chips 1 = … EUR``), or leaves chips out where they are valued in the
    currency typed already."""
    text = EURO_NIGHT.replace(" · chips 1 = 0.25 EUR", f" · {header}" if header else "")
    message = refusal(tmp_path, text, typed)
    assert "0.25" not in message, message
    assert f"Euro night (2024-08-01) is saved in {saved_in} (2024-08-01-euro-night.bhh)" in message
    assert f"write currency {typed} on its game line" in message, message
    if chips_line is None:
        assert "chips 1 =" not in message, message
    else:
        assert chips_line in message, message
    assert len(message) <= MOST, (len(message), message)


def test_the_refusal_reads_on_a_phone(phone: Phone, fresh_ledger: Path) -> None:
    """The record page shows the refusal under the form, whole, without a sideways scroll."""
    plain = EURO_NIGHT.replace(" · chips 1 = 0.25 EUR", "")
    saved_here(fresh_ledger.parent / "recorded", plain, fresh_ledger)
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.fill("input[name=name]", NIGHT["name"])
        page.fill("input[name=date]", NIGHT["date"])
        page.fill("input[name=currency]", "EUR")
        page.fill("textarea[name=players]", "Cara\nDan\nEve")
        page.click("button:has-text('Start the night')")
        note = page.locator("#record-start-error")
        note.wait_for(state="visible")
        page.wait_for_function(
            "document.getElementById('record-start-error').textContent.includes('saved in')"
        )
        shown = note.inner_text()
        assert shown.startswith("Euro night (2024-08-01) is saved in chips ("), shown
        assert "0.25" not in shown and "chips 1 = … EUR" in shown, shown
        note.scroll_into_view_if_needed()
        phone.shot("record-unit-refused")
        box = note.bounding_box()
        assert box is not None and box["height"] < PHONE["height"] / 2, box
        assert phone.page_width() <= PHONE["width"]
    assert phone.errors == []


def test_an_events_page_names_its_unit_on_a_phone(phone: Phone, club_db: Path) -> None:
    """An event's page heads its hands with the unit as the events page writes it."""
    with serving(create_app(club_db)) as url:
        page = phone.open(f"{url}/events/{event_id(club_db, 'Euro night')}")
        meta = page.locator("p.meta").first
        assert f"amounts in {WORDS} · settled in EUR" in meta.inner_text()
        phone.shot("event-chip-value")
        assert phone.page_width() <= PHONE["width"]
    assert phone.errors == []
