"""A made hand in a pot's division ("with 5-4-3-2-A low") is read as one word; on a phone the
browser broke it at its hyphens, "5-4-" at the end of one line and "3-2-A" at the start of
the next, which reads as two hands.  Seed 004's Badacey hand (``examples/004_badacey.bhh``):
Amara's wheel wins the A-5 low half, Amara and Noor tie the Badugi half with 4-3-2-A."""

from __future__ import annotations

from typing import Any

from tests.helpers.browser import LiveServer
from tests.web.conftest import event_id

LINES = """(half, made) => {
  const walker = document.createTreeWalker(half, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent.indexOf(made);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + made.length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  }
  return 0;
}"""
"""How many lines the words ``made`` of the element ``half`` take on the screen (0: not there)."""


def test_a_made_hand_is_never_broken_at_its_hyphens(phone: Any, live_server: LiveServer) -> None:
    url = f"{live_server.url}/events/{event_id(live_server.db, 'Badacey practice deal')}"
    page = phone.open(url)
    for made in ("5-4-3-2-A", "4-card 4-3-2-A"):
        half = page.locator(".hand .half", has_text=made).first
        assert half.evaluate(LINES, made) == 1, made
    phone.shot("made-hands")
    assert phone.errors == []
