"""``posts none``: the hand had no forced bets at all (grammar/README.md, "posts none says the
hand had no forced bets at all"), so the replay must not post the blinds the settings name.

Before, the reader left the posts out and the replay, seeing none, posted them itself: Ben and
Cara paid blinds nobody had written, and the hand's money moved by them.
"""

from __future__ import annotations

from badugi_ledger.replay import replay_hand
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hands

NO_POSTS = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    "cash Test · date 2024-03-01\n\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "posts none\n"
    "Ben bets 2 · Cara folds · Anna folds\n"
)


def test_posts_none_moves_no_blind() -> None:
    (record,) = parse_text(NO_POSTS)
    assert record.posts_none
    result = replay_hand(record)
    assert dict(result.final_stacks) == {"Anna": 100, "Ben": 100, "Cara": 100}
    assert not [p for p in result.postings if p.kind in ("blind", "ante")]
    assert any("posts none" in note for note in result.notes)


def test_without_posts_none_the_blinds_are_posted() -> None:
    text = NO_POSTS.replace("posts none\n", "")
    (record,) = parse_text(
        text.replace("Ben bets 2 · Cara folds · Anna folds", "Anna folds · Ben folds")
    )
    assert not record.posts_none
    result = replay_hand(record)
    # Ben's small blind goes to Cara, the big blind
    assert dict(result.final_stacks) == {"Anna": 100, "Ben": 99, "Cara": 101}


def test_posts_none_is_written_back() -> None:
    records = list(parse_text(NO_POSTS))
    written = "".join(write_hands(records))
    again = list(parse_text(written))
    assert "posts none" in written
    assert (
        again[0].posts_none
        and replay_hand(again[0]).final_stacks == replay_hand(records[0]).final_stacks
    )
