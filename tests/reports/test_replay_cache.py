"""The web app's kept replays (:class:`badugi_ledger.reports.stored_hands.ReplayCache`) give
every hand of a file exactly as a replay from its start does (stacks carry: the module
docstring of :mod:`badugi_ledger.reports.stored_hands`), however the pages ask: stopped
part-way and gone on, from two threads at once, past the cache's bound, and after a file was
dropped for another."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_ledger.reports import stored_hands
from badugi_ledger.reports.hand_view import replayed_outcomes
from badugi_ledger.reports.stored_hands import ReplayCache
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path


def _file(tmp_path: Path, name: str, seed: int) -> Path:
    path = tmp_path / name
    simulate_to_path(SimulationOptions(hands=12, seed=seed, session_hands=5), path)
    return path


def _stacks(outcomes: object) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    """Each hand's id and final stacks: what a hand replayed with the wrong stacks changes."""
    return [
        (o.hand_id, tuple(sorted(o.result.final_stacks.items())))  # type: ignore[attr-defined]
        for o in outcomes  # type: ignore[attr-defined]
    ]


def test_kept_replays_are_the_files_replay(tmp_path: Path) -> None:
    one, two = _file(tmp_path, "one.bhh", 1), _file(tmp_path, "two.bhh", 2)
    whole = {p: _stacks(replayed_outcomes([p])) for p in (one, two)}
    assert len(whole[one]) == 12
    for cache in (ReplayCache(), ReplayCache(max_hands=5), ReplayCache(max_files=1)):
        for path in (one, two, one):
            part = cache.outcomes(path)
            first = _stacks(itertools.islice(part, 3))
            part.close()  # a page that stopped after its hands
            assert first == whole[path][:3]
            assert _stacks(cache.outcomes(path)) == whole[path]
            assert _stacks(cache.outcomes(path)) == whole[path]


def test_two_pages_at_once_see_the_same_hands(tmp_path: Path) -> None:
    path = _file(tmp_path, "night.bhh", 3)
    whole = _stacks(replayed_outcomes([path]))
    cache = ReplayCache(max_hands=7)
    seen: list[object] = []
    threads = [
        threading.Thread(target=lambda: seen.append(_stacks(cache.outcomes(path))))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [whole] * 4


def test_a_replay_that_failed_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that could not be read at one page (an error part-way) is read again at the
    next, as without the cache, not answered with the kept failure."""
    path = _file(tmp_path, "night.bhh", 4)
    whole = _stacks(replayed_outcomes([path]))
    calls: list[int] = []

    def failing_once(paths: list[str]) -> Iterator[object]:
        calls.append(1)
        for k, outcome in enumerate(replayed_outcomes(paths)):
            if len(calls) == 1 and k == 4:
                raise OSError("the disk went away")
            yield outcome

    monkeypatch.setattr(stored_hands, "replayed_outcomes", failing_once)
    cache = ReplayCache()
    with pytest.raises(OSError):
        list(cache.outcomes(path))
    assert _stacks(cache.outcomes(path)) == whole
