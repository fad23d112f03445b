"""What is void stays readable: a voided hand on its event's page and a voided event on the
Events page were drawn at 65% opacity, which took their small grey words (a seat's role, the
event's date and unit), the red of a loss and the green of a gain to 2.9:1 to 3.4:1 against
their ground, below the 4.5:1 of WCAG 2.1 SC 1.4.3.  An organiser checking which hand was
voided, and what it would have paid, reads every word of it at 4.5:1 or more, on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.web.app import create_app
from tests.helpers.browser import serving
from tests.web.conftest import event_id

SEEN = """root => {
  const rgb = css => css.match(/[\\d.]+/g).map(Number);
  const ground = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const seen = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    let alpha = 1, group = null;
    for (let p = el; p; p = p.parentElement) {
      const o = Number(getComputedStyle(p).opacity);
      if (o < 1) { alpha *= o; group = group || p; }
    }
    const under = group ? ground(group.parentElement) : [0, 0, 0];
    const mix = c => c.map((v, i) => alpha * v + (1 - alpha) * under[i]);
    seen.push([el.textContent.trim().slice(0, 40),
               mix(rgb(getComputedStyle(el).color).slice(0, 3)), mix(ground(el))]);
  }
  return seen;
}"""
"""Each element of ``root`` with words of its own: its words, and the colours of the words and
of their ground as the eye gets them (an ancestor's opacity blends both with what lies under
it)."""


def _luminance(rgb: list[float]) -> float:
    """The relative luminance of a colour of 0-255 channels (WCAG 2.1, its definition)."""
    lin = [
        v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c / 255 for c in rgb)
    ]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def hard_to_read(page: Any, selector: str) -> list[tuple[str, float]]:
    """The words under ``selector`` whose contrast with their ground is below 4.5:1."""
    low = []
    for root in page.locator(selector).all():
        for words, colour, ground in root.evaluate(SEEN):
            light, dark = sorted((_luminance(colour), _luminance(ground)), reverse=True)
            ratio = (light + 0.05) / (dark + 0.05)
            if ratio < 4.5:
                low.append((words, round(ratio, 2)))
    return low


def test_a_void_hand_and_a_void_event_read_at_4_5_to_1(phone: Any, fresh_ledger: Path) -> None:
    """``examples/home_session.bhh``'s hand 2 voided (Anna wins the pot of 9, Dan's loss in
    red, the blinds' roles in grey), and the whole ``Buy night`` voided."""
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Friday game", "2", "misdeal, dealt again")
        void(db, "Buy night", None, "not a club night")
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(f"{url}/events/{event_id(fresh_ledger, 'Friday game')}")
        assert page.locator("section.hand.void").count() == 1
        assert hard_to_read(page, "section.hand.void") == []
        phone.shot("void-hand")
        page = phone.open(f"{url}/events")
        assert page.locator(".card.void").count() == 1
        assert hard_to_read(page, ".card.void") == []
        phone.shot("void-event")
    assert phone.errors == []
