"""The record page's answer to a text of very many hands sends the hands it can show, not
every one.

The page draws the pots of the hand at the caret, from the answer's ``hands`` (each hand's
lines, verdict and pots).  A text of 100,000 one-line hands (``hand 1``, ``hand 2``, …: each
an unreadable hand) was answered with 12 MB of them after every keystroke, though its
problems were cut to :data:`SHOWN_PROBLEMS`.  The answer sends the first
:data:`SHOWN_HANDS` less one and the last (the one being recorded), and says which lines hold
the others; its size no longer grows with the hands, the verdict still counts every one, and
a caret on a hand left out says so in the pots' box instead of showing another hand's pots.
"""

from __future__ import annotations

import json
from pathlib import Path

from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_view import SHOWN_HANDS, SHOWN_PROBLEMS, checked_view
from tests.helpers.browser import SCREENSHOTS, Phone, serving
from tests.web.test_record_browser import settled


def _numbered(count: int) -> str:
    """``count`` one-line hands, ``hand 1`` to ``hand COUNT``: each unreadable, on its line."""
    return "".join(f"hand {i + 1}\n" for i in range(count))


def test_the_answers_size_does_not_grow_with_the_hands() -> None:
    sizes = {}
    for count in (2 * SHOWN_HANDS, 4 * SHOWN_HANDS):
        answer = checked_view(_numbered(count))
        assert answer["verdict"]["hands"] == count  # the verdict counts every hand
        assert answer["more_problems"] == answer["verdict"]["errors"] - SHOWN_PROBLEMS
        sent = answer["hands"]
        assert len(sent) == SHOWN_HANDS
        assert [h["hand"] for h in sent] == [
            *(str(n) for n in range(1, SHOWN_HANDS)),
            str(count),
        ]
        assert answer["hands_cut"] == {
            "count": count - SHOWN_HANDS,
            "line": SHOWN_HANDS,
            "last_line": count - 1,
        }
        sizes[count] = len(json.dumps(answer).encode())
    assert sizes[4 * SHOWN_HANDS] < 1.1 * sizes[2 * SHOWN_HANDS], sizes


def test_a_text_of_few_hands_sends_them_all() -> None:
    answer = checked_view(_numbered(SHOWN_HANDS))
    assert len(answer["hands"]) == SHOWN_HANDS and answer["hands_cut"] is None


def _caret_on(page: object, line: int) -> str:
    """The pots' box (its title and words) with the caret on ``line`` of the text."""
    page.evaluate(  # type: ignore[attr-defined]
        """line => {
          const text = document.getElementById('record-text');
          const at = text.value.split('\\n').slice(0, line - 1).join('\\n').length + 1;
          text.focus();
          text.setSelectionRange(at, at);
          text.dispatchEvent(new KeyboardEvent('keyup'));
        }""",
        line,
    )
    title = page.inner_text("#record-pots-title")  # type: ignore[attr-defined]
    return f"{title}: {page.inner_text('#record-pots-body')}"  # type: ignore[attr-defined]


def test_a_caret_on_a_hand_left_out_says_so(phone: Phone, fresh_ledger: Path) -> None:
    count = SHOWN_HANDS + 100
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(_numbered(count))
        settled(page)
        assert page.inner_text("#record-verdict").endswith(f"{count} hands: {count} with problems")
        assert _caret_on(page, 10).startswith("Pots of hand 10: The pots show once")
        left_out = _caret_on(page, SHOWN_HANDS + 50)
        assert left_out == (
            "Pots: Too many hands in this text to show the pots of each: the 100 hands of "
            f"lines {SHOWN_HANDS} to {count - 1} are not shown here (a saved night shows every "
            "hand on its event's page)."
        )
        box = page.locator("#record-pots-body").locator("xpath=..")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        box.screenshot(path=str(SCREENSHOTS / "record-hands-cut.png"))
        assert _caret_on(page, count).startswith(f"Pots of hand {count}: ")
        assert phone.page_width() <= 390
    assert phone.errors == []
