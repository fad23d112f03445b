"""A hand not stored takes its carried Progressive Badugi pot with it (``carry-not-stored``).

``examples/progressive_night.bhh``: hand P1 carries 12, P2 takes it (Dan collects 26 + 12).
With a wrong ``pot`` line under P1, P1 is rejected; P2 was stored taking 12 chips the ledger
never saw carried - on its file's word when P2 was its table's first stored hand (the
``*carry*`` account at -12, 12 chips from nowhere in the standings), or refusing the whole
file when a hand before P1 was stored (while ``check`` called P2 ok).  Found by seeded
hostile-input fuzzing.  Now the hand that takes the pot of a hand not stored is not stored
either, naming that hand, and the corrected file stores both.
"""

from __future__ import annotations

import json
from pathlib import Path

from badugi_ledger.ledger.store import ledger_at
from tests.helpers.ledger_files import import_into
from tests.ledger.test_ledger_identity import invoke, standings_nets
from tests.replay.test_progressive_carry import NIGHT

TEXT = NIGHT.read_text(encoding="utf-8")
WRONG_POT = TEXT.replace("\ncarry 12\n", "\npot 14\ncarry 12\n", 1)
P1_STACKS = "hand P1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
# A walk before P1 that leaves everyone at 100: P1 is no longer the table's first hand.
P0 = (
    "hand P0 · button Cara · Anna 99 · Ben 100 · Cara 100 · Dan 101\n"
    "Ben folds · Cara folds · Dan folds\n"
    "Anna collects 2\n\n"
)


def with_walk_first(text: str) -> str:
    return text.replace(P1_STACKS, P0 + "hand P1 · button Dan · Anna · Ben · Cara · Dan\n", 1)


def settle(db: Path, event: str = "Progressive night") -> dict[str, int]:
    """The event's settle-up balances (``*carry*`` among them when it holds or owes chips)."""
    code, out = invoke("settle", "--event", event, "--db", db, "--json")
    assert code == 0, out
    balances: dict[str, int] = json.loads(out)["balances"]
    return balances


def test_the_hand_taking_a_rejected_hands_pot_is_rejected_and_stored_once_corrected(
    tmp_path: Path,
) -> None:
    assert WRONG_POT != TEXT
    night = tmp_path / "night.bhh"
    night.write_text(WRONG_POT, encoding="utf-8")
    db = tmp_path / "club.db"
    report = import_into(db, [night])
    (file,) = report.files
    assert file.stored == 1 and [r.hand for r in file.rejected] == ["P1", "P2"]
    (why,) = file.rejected[1].reasons
    assert why == (
        "it takes the pot of 12 that hand P1 (line 12) carried, and that hand is rejected: "
        "correct it, and this hand is stored with it [carry-not-stored]"
    )
    assert sum(settle(db).values()) == 0 and "*carry*" not in settle(db)
    night.write_text(TEXT, encoding="utf-8")
    (file,) = import_into(db, [night]).files
    assert (file.stored, file.duplicate, file.rejected) == (2, 1, [])
    fresh = tmp_path / "fresh.db"
    import_into(fresh, [night])
    assert standings_nets(db) == standings_nets(fresh)


def test_after_a_stored_hand_the_file_is_stored_but_the_hand_taking_the_pot(
    tmp_path: Path,
) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(with_walk_first(WRONG_POT), encoding="utf-8")
    code, out = invoke("check", night)
    assert code == 1 and "hand P1: payout mismatch: the pot is recorded as 14" in out, out
    db = tmp_path / "club.db"
    (file,) = import_into(db, [night]).files
    assert file.error is None, file.error
    assert file.stored == 2 and [r.hand for r in file.rejected] == ["P1", "P2"]
    assert "[carry-not-stored]" in file.rejected[1].reasons[-1]
    assert sum(settle(db).values()) == 0


def test_a_stored_hand_that_carries_leaves_the_next_hand_alone(tmp_path: Path) -> None:
    """Only a pot of a hand not stored is refused: the example night stores whole."""
    night = tmp_path / "night.bhh"
    night.write_text(with_walk_first(TEXT), encoding="utf-8")
    (file,) = import_into(tmp_path / "club.db", [night]).files
    assert (file.stored, file.rejected) == (4, [])


# Hand P1 breaks a rule (a fixed-limit bet of 3), its carry and final: line as the recorder
# wrote them: the table goes on from them (``replay.table``), so P2 is settled, taking the 12.
BROKEN_RULE = TEXT.replace(
    "Anna checks · Ben bets · Cara calls", "Anna checks · Ben bets 3 · Cara calls"
)
BROKEN_RULE = BROKEN_RULE.replace(
    "\ncarry 12\n", "\ncarry 12\nfinal: Anna 98 · Ben 96 · Cara 96 · Dan 98\n"
)


def test_the_pot_of_a_hand_that_breaks_a_rule_is_not_taken_from_nowhere(tmp_path: Path) -> None:
    """A money-loop fuzzer's case: P2 was stored taking 12 chips nobody put in (``*carry*``
    paid Dan and Anna), or, after a stored hand, the whole file was refused."""
    assert (
        BROKEN_RULE.count("Ben bets 3") == 1 and BROKEN_RULE.count("final: Anna 98 · Ben 96") == 1
    )
    for text, stored in ((BROKEN_RULE, 1), (with_walk_first(BROKEN_RULE), 2)):
        night = tmp_path / "night.bhh"
        night.write_text(text, encoding="utf-8")
        db = tmp_path / f"club{stored}.db"
        (file,) = import_into(db, [night]).files
        assert file.error is None, file.error
        assert file.stored == stored and [r.hand for r in file.rejected] == ["P1", "P2"]
        assert file.rejected[0].reasons[-1].endswith("[bet-size]")
        assert file.rejected[1].reasons == (
            "it takes the pot of 12 that hand P1 (line "
            f"{12 if stored == 1 else 16}) carried, and that hand is rejected: correct it, and "
            "this hand is stored with it [carry-not-stored]",
        )
        balances = settle(db)
        assert "*carry*" not in balances and sum(balances.values()) == 0


def test_a_carry_in_opening_the_next_night_of_the_file_is_not_taken_from_nowhere(
    tmp_path: Path,
) -> None:
    """The same file goes on with the next night at the table, whose first hand states the pot
    (``carry in 12``): a pot passes between the nights of a table's pool too, so that hand is
    not stored either while P1 is rejected (it was stored taking 12 from nowhere, or, after a
    stored hand, the whole file was refused).  A carried-pots fuzzer's case."""
    head = BROKEN_RULE[: BROKEN_RULE.index("\nhand P2 ·") + 1]
    rest = BROKEN_RULE[BROKEN_RULE.index("\nhand P2 ·") + 1 :]
    next_night = "cash Progressive night two · date 2024-05-10 · season 2024\ntable Back room\n\n"
    opening = rest.replace(
        "hand P2 · button Anna · Anna · Ben · Cara · Dan",
        "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in 12",
        1,
    )
    night = tmp_path / "nights.bhh"
    night.write_text(head + next_night + opening, encoding="utf-8")
    db = tmp_path / "club.db"
    (file,) = import_into(db, [night]).files
    assert file.error is None, file.error
    assert [r.hand for r in file.rejected] == ["P1", "P2"] and file.stored == 1
    assert file.rejected[1].reasons[-1].endswith("[carry-not-stored]")
    with ledger_at(db) as ledger:
        (carry,) = ledger.execute(
            "SELECT coalesce(sum(amount), 0) FROM postings WHERE account = '*carry*'"
        ).fetchone()
    assert carry == 0
