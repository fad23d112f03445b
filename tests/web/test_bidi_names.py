"""A name in a right-to-left script keeps its place in a page's sentence, in a real browser.

Unicode's bidirectional algorithm lays a figure written after an Arabic name out with the name,
right to left: ``Ann pays أحمد 0.25 USD`` was shown ``Ann pays 0.25 أحمد USD``, the amount
before the payee and parted from its unit, and a pot's ``أحمد 9 chips`` was shown ``9 أحمد
chips``.  Names are players' own (README.md: a name is any text, in any script); the pages
isolate each one, and every figure stays after the name it belongs to, where a reader looks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.helpers.ledger_files import import_into
from tests.web.conftest import event_id

AHMAD = "أحمد"
DAVID = "דוד"
BIDI_NIGHT = f"""\
game badugi · fixed limit 2/4 · blinds 1/2
cash Bidi night · chips 1 = 0.25 USD · date 2024-09-01 · season 2024

hand 1 · button Ann · Ann 100 · {AHMAD} 100 · {DAVID} 100
Ann raises to 4 · {AHMAD} folds · {DAVID} folds
Ann collects 5

hand 2 · button {AHMAD} · Ann 103 · {AHMAD} 99 · {DAVID} 98
{AHMAD} raises to 4 · {DAVID} folds · Ann calls 2
draw: Ann pat · {AHMAD} pat
Ann checks · {AHMAD} checks
draw: Ann pat · {AHMAD} pat
Ann checks · {AHMAD} checks
draw: Ann pat · {AHMAD} pat
Ann checks · {AHMAD} checks
show: Ann K♠ Q♥ J♦ 9♣ · {AHMAD} 4♠ 3♥ 2♦ A♣
{AHMAD} collects 9
"""
"""Two hands of three players, two of them named in Arabic and Hebrew letters: Ann and David
pay Ahmad (0.25 and 0.75 USD), who wins hand 2's pot of 9 chips at a showdown."""

RECT_OF = """([selector, needle]) => {
  for (const container of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      const box = range.getBoundingClientRect();
      return {left: box.left, right: box.right, top: box.top};
    }
  }
  return null;
}"""
"""Where the browser drew the first text ``needle`` inside an element of ``selector``."""


@pytest.fixture(scope="module")
def bidi_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bidi")
    night = folder / "bidi.bhh"
    night.write_text(BIDI_NIGHT, encoding="utf-8")
    db = folder / "club.db"
    report = import_into(db, [night])
    assert report.ok and report.stored == 2, report.text_lines()
    return db


@pytest.fixture(scope="module")
def bidi_url(bidi_db: Path) -> Iterator[str]:
    with serving(create_app(bidi_db)) as url:
        yield url


def drawn(page: Any, selector: str, needle: str) -> dict[str, float]:
    box = page.evaluate(RECT_OF, [selector, needle])
    assert box is not None, f"{needle!r} is not in {selector}"
    return dict(box)


def test_a_transfer_shows_its_amount_after_a_right_to_left_payee(
    phone: Phone, bidi_url: str, bidi_db: Path
) -> None:
    with ledger_at(bidi_db, create=False) as ledger:
        settled = settle_event(ledger, "Bidi night")
    assert [(t.payer, t.payee, t.amount) for t in settled.transfers] == [
        (DAVID, AHMAD, 75),
        ("Ann", AHMAD, 25),
    ]
    page = phone.open(f"{bidi_url}/settle?event={event_id(bidi_db, 'Bidi night')}")
    for row_number, (payer, amount) in enumerate(((DAVID, "0.75 USD"), ("Ann", "0.25 USD")), 1):
        row = f".transfers li:nth-child({row_number})"
        assert payer in page.inner_text(row)
        name, paid = drawn(page, row, AHMAD), drawn(page, row, amount)
        assert paid["left"] >= name["right"], (
            f"{payer} pays {AHMAD} {amount}: the amount is drawn at {paid}, left of the "
            f"payee at {name}"
        )
    assert phone.errors == []


def test_a_pots_share_shows_its_amount_after_a_right_to_left_winner(
    phone: Phone, bidi_url: str, bidi_db: Path
) -> None:
    page = phone.open(f"{bidi_url}/events/{event_id(bidi_db, 'Bidi night')}")
    pot = "#hand-2 .pots .half"
    winner, share = drawn(page, pot, AHMAD), drawn(page, pot, "9 with")  # (amounts in chips)
    assert share["left"] >= winner["right"], (
        f"{AHMAD} wins 9 chips: the share is drawn at {share}, left of the winner at {winner}"
    )
    assert phone.errors == []


THURSDAY = "ليلة الخميس"
THURSDAY_NIGHT = f"""\
game badugi · fixed limit 2/4 · blinds 1/2
cash {THURSDAY} · date 2024-09-05 · season 2024

hand 1 · button Ann · Ann 100 · {AHMAD} 100
Ann raises to 4 · {AHMAD} folds
Ann collects 4
"""
"""A night whose event name is written in Arabic letters: a heading ``name (date)`` laid the
date out first, in the name's direction, unless the name is isolated."""


@pytest.fixture(scope="module")
def thursday_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("thursday")
    night = folder / "thursday.bhh"
    night.write_text(THURSDAY_NIGHT, encoding="utf-8")
    db = folder / "club.db"
    assert import_into(db, [night]).ok
    return db


def test_a_right_to_left_event_name_keeps_its_date_after_it(
    phone: Phone, thursday_db: Path
) -> None:
    """The settle-up heading and the event page's title name the event, then its date: the
    date is drawn right of the name, and the title and the picker's option (where no element
    may stand) hold the name between isolates (U+2068 ... U+2069)."""
    event = event_id(thursday_db, THURSDAY)
    with serving(create_app(thursday_db)) as url:
        page = phone.open(f"{url}/settle?event={event}")
        name, date = drawn(page, "section h2", THURSDAY), drawn(page, "section h2", "2024-09-05")
        assert date["left"] >= name["right"], f"the date at {date}, left of the name at {name}"
        phone.shot("settle_right_to_left_event")
        assert f"\u2068{THURSDAY}\u2069 (2024-09-05)" in page.title()
        option = page.inner_text(f'#event option[value="{event}"]')
        assert option.startswith(f"\u2068{THURSDAY}\u2069 (2024-09-05)"), option
        page = phone.open(f"{url}/events/{event}")
        assert page.title().startswith(f"\u2068{THURSDAY}\u2069 (2024-09-05)"), page.title()
        page = phone.open(f"{url}/record")
        option = page.inner_text(f'#record-event-select option[value="{event}"]')
        assert option == f"2024-09-05 · \u2068{THURSDAY}\u2069 (cash, 1 hand)", option
    assert phone.errors == []
