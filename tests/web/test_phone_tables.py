"""A hand's seats on a phone (390×844), in a real browser: the five columns, Net the last,
are in view without scrolling the table's box.

A no-limit night of nine players whose stacks run to millions of chips (2,110,000) pushed
the Net column, who won and who lost, out of the box: a club member saw seats, names and
stacks, and had to find that the table scrolls to read the figure the hand is about.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_ledger.web.app import create_app
from tests.helpers.browser import PHONE, Phone, serving
from tests.helpers.ledger_files import import_into
from tests.web.conftest import event_id

BIG_STACKS = """\
game badugi · no limit · blinds 500/1000
cash Big stacks · date 2024-10-01

hand 1 · button Ivo · Anna 250000 · Bartholomew 493078 · Cara 2110000 · Dan 62000 · \
Eve 24000 · Finn 1493078 · Gus 106000 · Hana 14000 · Ivo 46000
Cara raises to 3000 · Dan folds · Eve folds · Finn folds · Gus folds · Hana folds · \
Ivo folds · Anna folds · Bartholomew folds
Cara collects 2500
"""
"""Nine seats, stacks of five to seven digits; Cara wins the blinds (+1,500)."""


@pytest.fixture(scope="module")
def big_stacks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("stacks")
    night = folder / "stacks.bhh"
    night.write_text(BIG_STACKS, encoding="utf-8")
    db = folder / "club.db"
    assert import_into(db, [night]).stored == 1
    with serving(create_app(db)) as url:
        yield url, db


def test_a_hands_net_column_is_in_view_on_a_phone(
    phone: Phone, big_stacks: tuple[str, Path]
) -> None:
    url, db = big_stacks
    page = phone.open(f"{url}/events/{event_id(db, 'Big stacks')}")
    phone.shot("event-big-stacks")
    box = page.locator(".hand .scroll").first
    wide, seen = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert wide <= seen, f"the seats table is {wide} px wide in a box of {seen}: Net is hidden"
    net = page.locator("table.seats tbody tr", has_text="Cara").locator("td").last
    assert net.inner_text() == "+1,500" and net.is_visible()
    right = net.evaluate("c => c.getBoundingClientRect().right")
    assert right <= PHONE["width"]
    assert phone.errors == []
