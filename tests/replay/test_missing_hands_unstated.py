"""A hand that says hands before it are not in the file (``missing hands``) and does not state
every stack is not settled: what the players it leaves unstated won or lost is not known, and
the ledger stores no such hand (grammar/README.md, ``missing hands``).  ``check`` called it ok
(two warnings, exit status 0) while ``import`` rejected it, naming a failed hand there was
none of (found by the check/import agreement fuzzer).
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from tests.helpers.ledger_files import import_into

NIGHT = """game badugi · fixed limit 2/4 · blinds 1/2
cash Friday · date 2024-03-01
table Kitchen

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds
Cara collects 2

hand 5 · button Ben · Anna · Ben 90 · Cara
missing hands
Ben folds · Cara folds
Anna collects 2
"""

SAID = (
    "hands before this one are not in the file, and it does not state the stacks of Anna and "
    "Cara: the ledger stores no hand with a stack it does not know; state every stack on the "
    "hand line"
)


def test_a_hand_after_missing_hands_that_leaves_stacks_unstated_is_not_settled(
    tmp_path: Path,
) -> None:
    first, fifth = replay_stream(parse_text(NIGHT, "friday.bhh"))
    assert first.ok
    (error,) = fifth.errors
    assert (error.rule, error.kind, error.pos.line, error.message) == (
        "missing-hand",
        "incomplete",
        9,
        SAID,
    )
    path = tmp_path / "friday.bhh"
    path.write_text(NIGHT, encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    (rejected,) = report.files[0].rejected
    assert rejected.hand == "5" and SAID in rejected.reasons[0]


def test_one_that_states_every_stack_is_checked_and_stored(tmp_path: Path) -> None:
    stated = NIGHT.replace("Anna · Ben 90 · Cara", "Anna 95 · Ben 90 · Cara 80")
    assert all(o.ok for o in replay_stream(parse_text(stated, "friday.bhh")))
    path = tmp_path / "friday.bhh"
    path.write_text(stated, encoding="utf-8")
    assert import_into(tmp_path / "club.db", [path]).stored == 2
