"""The copy check's number of a hand (``model/copies.content``) hashes the hand's events as
:func:`~badugi_ledger.model.frozen.hashed_as` gives them, in one pass: the same number as
hashing the events themselves, each through its own ``__hash__``.  Held here on real inputs:
the examples, simulated sessions of every game and structure, and the corpus's site files."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

from badugi_ledger.model.copies import _settings_hash, content
from badugi_ledger.model.events import Event, HandRecord, Post
from badugi_ledger.model.frozen import fields_hash, hashed_as
from badugi_ledger.model.games import GAMES
from badugi_ledger.sources import read_stream
from tests.helpers.engine_golden import simulated_texts
from tests.helpers.paths import EXAMPLES

EVENT_CLASSES = get_args(Event)


def _content_as_before(record: HandRecord) -> int:
    """``content`` as it was written before it hashed :func:`hashed_as`: the events tuple
    itself, each event through its ``__hash__``."""
    settings, evs, posts_none = record.settings, record.events, record.posts_none
    if (posts_none or record.posts_implied) and GAMES[settings.game].progressive:
        if record.posts_implied:
            evs = tuple(e for e in evs if type(e) is not Post)
        posts_none = False
    return hash((_settings_hash(settings), record.seats, record.button, evs, posts_none))


def _records(paths: list[Path]) -> Iterator[HandRecord]:
    for path in paths:
        for item in read_stream(path):
            if isinstance(item, HandRecord):
                yield item


def test_every_event_class_hashes_by_its_fields() -> None:
    """What :func:`hashed_as` stands on: each event's hash is :func:`fields_hash`."""
    assert len(EVENT_CLASSES) >= 16
    for cls in EVENT_CLASSES:
        assert cls.__hash__ is fields_hash, cls


def test_a_hand_hashes_as_before_on_the_examples_and_simulated_sessions() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        paths = sorted(EXAMPLES.glob("*.bhh"))
        for name, text in simulated_texts():
            path = Path(scratch) / name
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        records = list(_records(paths))
    assert len(records) > 400
    kinds = {type(e) for r in records for e in r.events}
    assert len(kinds) >= 12  # posts, deals, actions, draws, shows, mucks, claims, carries, ...
    for record in records:
        assert hash(hashed_as(record.events)) == hash(record.events)
        assert content(record) == _content_as_before(record), record.hand_id


def test_a_hand_hashes_as_before_on_the_corpus(corpus_dir: Path) -> None:
    paths = sorted(p for p in corpus_dir.rglob("*") if p.is_file() and p.suffix != ".md")
    records = list(_records(paths))
    assert len(records) > 100
    for record in records:
        assert content(record) == _content_as_before(record), (record.pos, record.hand_id)
