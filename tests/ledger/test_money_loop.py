"""The money loop under edits: import a night, edit its file, import it again, then again with
``--replace``, and after every step the ledger keeps its promises.

* every hand's postings balance, and each player's row says what the player's postings move
  (:func:`~badugi_ledger.ledger.stored_values.check_balanced_hands`);
* no hand is stored twice (one counted hand per event, table and number);
* each player's cash net in each event, which ``standings`` adds up from stacks, is what the
  postings move, which ``settle`` adds up: the two reports agree;
* ``settle`` balances every cash event to zero.

The edits are the typing mistakes a recorder makes (a line dropped, doubled or moved, a number
or card changed, a word dropped, two names swapped), seeded, on the bundled examples and on
simulated nights of every game; most make hands illegal, some make legal hands that differ
from the stored ones (conflicts, then replaced).  The invariants were first checked by a
standalone fuzzer of the same loop (420 loops of three imports each, nothing found).
"""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.ledger.stored_values import check_balanced_hands
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.text.writer import write_hands
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

_NUMBER = re.compile(r"\d+")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_NAME = re.compile(r"\b[A-Z][a-z]+\b")
_CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]


def _nights() -> list[str]:
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.bhh"))]
    for game in GAME_NAMES:
        options = SimulationOptions(hands=8, seed=3, game=game)
        texts.append("".join(write_hands(simulate_hands(options))))
    return texts


NIGHTS = _nights()


def mistype(text: str, rng: random.Random) -> str:
    """``text`` with one to three of a recorder's typing mistakes."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(7)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and (numbers := list(_NUMBER.finditer(lines[i]))):
            m = rng.choice(numbers)
            new = rng.choice(["0", str(int(m.group()) + 1), str(int(m.group()) * 10)])
            lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
        elif kind == 4 and (cards := list(_CARD.finditer(lines[i]))):
            m = rng.choice(cards)
            lines[i] = lines[i][: m.start()] + rng.choice(_CARDS) + lines[i][m.end() :]
        elif kind == 5 and len(words := lines[i].split(" ")) > 1:
            del words[rng.randrange(len(words))]
            lines[i] = " ".join(words)
        elif names := _NAME.findall(text):
            lines[i] = lines[i].replace(rng.choice(names), rng.choice(names))
        if not lines:
            return text
    return "".join(lines)


def assert_promises_kept(db: Path) -> None:
    conn = sqlite3.connect(db)
    try:
        check_balanced_hands(conn)
        twice = conn.execute(
            "SELECT event_id, coalesce(table_name, ''), hand_number FROM counted_hands "
            "GROUP BY 1, 2, 3 HAVING count(*) > 1"
        ).fetchall()
        assert not twice, f"hands stored twice: {twice}"
        differ = conn.execute(
            "WITH moved AS (SELECT h.event_id, a.player_id, sum(p.amount) * (CASE WHEN "
            "e.currency IS NULL THEN coalesce(e.chip_cents, 1) ELSE 1 END) AS moved "
            "FROM postings p JOIN counted_hands h ON h.id = p.hand_id "
            "JOIN events e ON e.id = h.event_id JOIN aliases a ON a.id = p.alias_id "
            "GROUP BY h.event_id, a.player_id) "
            "SELECT r.event, r.player, r.net, moved.moved FROM player_event_results r "
            "LEFT JOIN moved USING (event_id, player_id) "
            "WHERE r.kind = 'cash' AND r.net != coalesce(moved.moved, 0)"
        ).fetchall()
        assert not differ, f"standings and postings disagree: {differ}"
        cash = [  # (an event whose hands are all void has nothing to settle, and says so)
            row[0]
            for row in conn.execute(
                "SELECT DISTINCT e.id FROM counted_events e JOIN counted_hands h "
                "ON h.event_id = e.id WHERE e.kind = 'cash'"
            )
        ]
        for event_id in cash:
            assert sum(settle_event(conn, event_id).balances.values()) == 0
    finally:
        conn.close()


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(night=st.sampled_from(NIGHTS), seed=st.integers(0, 2**32 - 1))
def test_import_edit_reimport_and_replace_keep_the_ledger_whole(
    night: str, seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("loop")
    db, path = folder / "club.db", folder / "night.bhh"
    rng = random.Random(seed)
    path.write_text(night, encoding="utf-8")
    import_into(db, [path])
    assert_promises_kept(db)
    path.write_text(mistype(night, rng), encoding="utf-8")
    import_into(db, [path])  # conflicts and refused hands are reported, nothing half-stored
    assert_promises_kept(db)
    path.write_text(mistype(night, rng), encoding="utf-8")
    import_into(db, [path], replace=True)
    assert_promises_kept(db)
