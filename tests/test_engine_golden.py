"""The engine says exactly what it said: verdicts, messages, positions, stacks and pots.

Old-versus-new equivalence for the reader, replay and settlement: ``check --json`` of simulated
sessions of every game and structure, of the same texts with seeded typing mistakes, of their
PHH form and of every corpus file, against the lines recorded in
``tests/fixtures/engine_golden.jsonl.gz`` (inputs and regeneration:
:mod:`tests.helpers.engine_golden`).
A change that moves any of them fails here, naming the first hands that differ.
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import engine_golden


def test_check_output_is_the_recorded_one() -> None:
    produced = engine_golden.verdicts()
    expected = engine_golden.recorded()
    if produced == expected:
        return
    new, old = engine_golden.by_source(produced), engine_golden.by_source(expected)
    differ = [key for key in old if new.get(key) != old[key]] + [k for k in new if k not in old]
    shown = []
    for key in differ[:3]:
        shown.append(
            f"{key}:\n  recorded {json.dumps(old.get(key), ensure_ascii=False)}\n"
            f"  now      {json.dumps(new.get(key), ensure_ascii=False)}"
        )
    pytest.fail(
        f"{len(differ)} of {len(expected)} hands differ from the recorded verdicts "
        f"({len(produced)} now):\n" + "\n".join(shown)
    )
