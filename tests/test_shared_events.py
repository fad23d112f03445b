"""On real inputs, a recurring entry is one event object standing in several places, and the
ledger writes its JSON row once.

Events carry no position (``model/positions.py``): the readers give every occurrence of an
entry such as ``Dan calls`` the object they built the first time, and the record says where
each occurrence stands.  This holds the speed-up to the inputs it is for - a club's night in
our format (``examples/home_session.bhh``) and a hand PokerKit itself wrote
(``tests/fixtures/wikipedia_badugi.phh``, from PokerKit's repository) - and checks that the
shared objects lose nothing: each occurrence keeps its own line and column, the hands replay,
and the fingerprints are the ones the plain JSON gives.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from badugi_ledger.ledger import fingerprints
from badugi_ledger.model.events import Action, HandRecord
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from tests.helpers.paths import EXAMPLES

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize(
    ("path", "least"),
    [(EXAMPLES / "home_session.bhh", 10), (FIXTURES / "wikipedia_badugi.phh", 3)],
    ids=["our format", "PokerKit's PHH"],
)
def test_recurring_actions_are_one_object_in_several_places(
    path: Path, least: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    placed = [
        (id(ev), (str(r.position(i)), r.hand_id))
        for r in records
        for i, ev in enumerate(r.events)
        if type(ev) is Action
    ]
    uses = Counter(key for key, _ in placed)
    shared = {key for key, n in uses.items() if n > 1}
    assert len(shared) >= least
    for key in shared:  # each occurrence of a shared object stands in its own place
        places = [where for k, where in placed if k == key]
        assert len(set(places)) == len(places)
        assert all(":" in text for text, _ in places)  # a file, a line and a column
    assert all(outcome.ok for outcome in replay_stream(records))
    # The ledger's JSON of the events: the rows of shared objects are kept and reused, and
    # the text is what json.dumps of the canonical rows gives.
    monkeypatch.setattr(fingerprints, "_ROWS", {})
    for record in records:
        rows = [[type(e).__name__, *fingerprints.canonical(e).values()] for e in record.events]
        assert fingerprints.events_json(record.events) == fingerprints.canonical_json(rows)
    assert shared <= set(fingerprints._ROWS)


@pytest.mark.parametrize(
    "path",
    [EXAMPLES / "home_session.bhh", FIXTURES / "wikipedia_badugi.phh"],
    ids=["our format", "PokerKit's PHH"],
)
def test_an_events_player_is_the_seats_own_name_object(path: Path) -> None:
    """The replay keys its tables by player name: a name that is the seat's own string object
    is found by identity, without comparing its characters.  The readers give every event of
    a player the one name object of that player's seat (our format interns each name it
    reads once per distinct text)."""
    records = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    assert records
    checked = 0
    for record in records:
        seats = {seat.name: seat.name for seat in record.seats}
        for event in record.events:
            player = getattr(event, "player", None)
            if player is not None:
                assert player is seats[player], (record.hand_id, event)
                checked += 1
    assert checked > 20
