"""The ``check --json`` report's objects: one hand as a JSON-ready dict, and the problems found
of a file's hands once it was read added to them (:meth:`.check.CheckRun.lines`).

Why a module of its own: the text report, which most checks print, never needs it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from .model.escaping import json_text
from .model.events import hand_unit
from .model.results import HandOutcome, Violation


def outcome_dict(outcome: HandOutcome) -> dict[str, object]:
    """One hand as a JSON-ready dict (the ``--json`` line)."""
    result = outcome.result
    data: dict[str, object] = {
        "source": outcome.source,
        "hand": outcome.hand_id,
        "line": outcome.pos.line,
        "ok": outcome.ok,
        "errors": [e.as_dict() for e in outcome.errors],
        "warnings": [w.as_dict() for w in outcome.warnings],
        "final_stacks": dict(result.final_stacks) if result else {},
        "payouts": dict(result.payouts) if result else {},
    }
    record = outcome.record
    if record is not None:
        data["game"] = record.settings.game
        data["table"] = record.table
        data["unit"] = hand_unit(record)
    if result is None:
        if record is not None:  # read, but not replayed to its end: nothing it settled
            data.update(pots=[], rake=None, carry_in=None, carry_out=None, busted=[], notes=[])
    else:
        data["pots"] = [
            {
                "name": p.name,
                "amount": p.amount,
                "eligible": list(p.eligible),
                "shares": dict(p.shares),
                "detail": p.detail,
            }
            for p in result.pots
        ]
        data["rake"] = result.rake
        data["carry_in"] = result.carry_in
        data["carry_out"] = result.carry_out
        data["busted"] = list(result.busted)
        data["notes"] = list(result.notes)
        if result.unknown_stacks:
            data["unknown_stacks"] = sorted(result.unknown_stacks)
    return data


JSON_SPOOL = 1 << 20
"""The bytes of a file's ``--json`` objects held in memory before they go to disk."""


def with_found(objects: Iterable[str], found: list[Violation]) -> Iterator[str]:
    """A file's ``--json`` objects (JSON text, a line each), the problems ``found`` once it
    was read added to the hands they are at (by the hand's line)."""
    at: dict[int, list[Violation]] = {}
    for violation in found:
        at.setdefault(violation.pos.line, []).append(violation)
    for text in objects:
        text = text.rstrip("\n")
        if at:
            data = json.loads(text)
            added = at.pop(data["line"], None) if data["hand"] is not None else None
            if added is not None:
                for violation in added:
                    kind = "warnings" if violation.kind == "warning" else "errors"
                    data[kind].append(violation.as_dict())
                data["ok"] = data["ok"] and all(v.kind == "warning" for v in added)
                text = json_text(data)
        yield text
