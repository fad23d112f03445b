"""``check`` of several files holds their nights' carried Progressive Badugi pots to each other
as an import of them into an empty ledger does, beyond what each file alone shows.

docs/ledger.md, "Carried pots": a pot stays in its unit - the pool's first hand may take last
week's pot on its file's word, but not when its table carried pots in another unit (a night's
copy whose currency was changed, say), which the import refuses, whichever of the two files
comes second.  ``check`` says the import's refusal, word for word, at the hand it names (or,
when that hand is a file's before, at the refused file's first hand in a pool), a warning as
every refusal of carried pots across files is (a night imported before may hold the pot).
(Nights built from ``CARRIER`` and ``taker``, tests/replay/test_carry_pools.py.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.replay.test_carry_pools import CARRIER, taker

runner = CliRunner()

IN_USD = taker("cash Next · date 2024-05-10 · currency USD", 8).lstrip()
"""A night a week after ``CARRIER``'s, at its table T, played in USD, whose first hand takes a
pot of 0.08 USD: ``CARRIER`` carried 8 chips, not dollars."""


def _files(tmp_path: Path, **texts: str) -> list[Path]:
    paths = []
    for name, text in texts.items():
        path = tmp_path / f"{name}.bhh"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _import_report(tmp_path: Path, paths: list[Path]) -> list[dict[str, Any]]:
    db = tmp_path / "empty.db"
    db.unlink(missing_ok=True)
    args = ["import", "--json", "--db", str(db), *map(str, paths)]
    out = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands name no ledger)
    return list(json.loads(out.output)["files"])


def _report(paths: list[Path], jobs: int, *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", "--jobs", str(jobs), *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def test_a_pot_taken_in_another_unit_than_the_table_carried_is_the_import_s_refusal(
    tmp_path: Path,
) -> None:
    """``CARRIER`` carries 8 chips at table T; the next week's night at T, in USD, opens by
    taking 0.08 USD.  Alone, each file is clean (the USD night takes last week's pot on its
    word).  Imported after the chips night, the USD night is refused; imported before it, the
    chips night is (the refusal names the USD night's hand, in the file before).  ``check``
    says each refusal, in the import's words, at the USD night's hand or at the chips night's
    first hand, one process or two, text and ``--json``."""
    night, usd = _files(tmp_path, night=CARRIER.lstrip(), usd=IN_USD)
    for path in (night, usd):
        alone = run_check([path])
        assert alone.all_ok and not alone.total().warnings
    for order, refused, line in (([night, usd], usd, 5), ([usd, night], night, 5)):
        files = _import_report(tmp_path, order)
        refusal = files[1]["error"]
        assert files[0]["error"] is None and refusal is not None
        assert "a carried pot stays in its unit" in refusal
        one = _report(order, 1)
        assert one == _report(order, 2)
        status, lines = one
        (said,) = [found for found in lines if "[carry-carried]" in found]
        assert status == 0
        assert said == f"{refused}:{line}:1: hand 1: warning: {refusal} [carry-carried]"
        assert _report(order, 1, "--strict")[0] == 1
        status, objects = _report(order, 2, "--json")
        found = [w["message"] for o in map(json.loads, objects) for w in o.get("warnings", ())]
        assert found == [refusal]


def _strangers(text: str) -> str:
    """``text`` with other players: none of them sits at ``CARRIER``'s table."""
    for name, other in (("Anna", "Eve"), ("Ben", "Finn"), ("Cara", "Gus"), ("Dan", "Hal")):
        text = text.replace(name, other)
    return text


OTHER_GAME = _strangers(taker("cash Next · date 2024-05-10", 8)).lstrip()
"""A night a week after ``CARRIER``'s, at its table T, whose first hand takes the 8 chips
``CARRIER``'s hand 2 carried, while none of its players sat in that hand: most likely another
game kept at a table of the same name (docs/ledger.md, "Carried pots";
``ledger/carry_strangers.py``)."""


def test_a_pot_taken_by_players_who_did_not_stake_it_is_the_import_s_warning(
    tmp_path: Path,
) -> None:
    """``CARRIER`` and ``OTHER_GAME``, each clean alone: an import of the two stores both and
    warns, under each file, that hand 1 of Next takes the pot hand 2 of Night carried with
    none of its players (``carry-strangers``).  ``check`` says the import's warning, word for
    word, at the hand of the later file: the taker's hand, or, the files given the other way
    round, the hand that carried the pot; one process or two, text and ``--json``."""
    night, other = _files(tmp_path, night=CARRIER.lstrip(), other=OTHER_GAME)
    for path in (night, other):
        alone = run_check([path])
        assert alone.all_ok and not alone.total().warnings
    carried = next(n for n, line in enumerate(CARRIER.lstrip().splitlines(), 1) if "hand 2" in line)
    for order, hand, line in (([night, other], "1", 5), ([other, night], "2", carried)):
        files = _import_report(tmp_path, order)
        assert [f["error"] for f in files] == [None, None]
        (said,) = set(files[0]["warnings"]) | set(files[1]["warnings"])
        assert files[0]["warnings"] == files[1]["warnings"] == [said]
        assert "no player of that hand sits in it" in said
        one = _report(order, 1)
        assert one == _report(order, 2)
        status, lines = one
        (found,) = [text for text in lines if "[carry-strangers]" in text]
        assert status == 0
        assert found == f"{order[1]}:{line}:1: hand {hand}: warning: {said} [carry-strangers]"
        status, objects = _report(order, 2, "--json")
        messages = [w["message"] for o in map(json.loads, objects) for w in o.get("warnings", ())]
        assert messages == [said]


def test_a_copy_of_a_night_with_a_hand_mistyped_is_no_second_night(tmp_path: Path) -> None:
    """tests/fixtures/progressive_pots_passed_on.bhh (a simulated night whose hands pass pots
    on), and a copy of it whose hand 4 (which carries 26) has a final stack mistyped: the
    import stores the copy's hands as duplicates, rejects hand 4 (and the hands that take its
    pot), and refuses nothing - the ledger's night is the first file's.  ``check`` says the
    rejections, and no refusal of carried pots: the copy's night, whose first hand the ledger
    holds already, is not a second night of the pool beside the first file's (counted so,
    its pots short by hand 4's, it looked as if a hand took more than was carried)."""
    night = (Path(__file__).parent / "fixtures" / "progressive_pots_passed_on.bhh").read_text(
        encoding="utf-8"
    )
    final = "final: Anna 28 · Ben 96 · Cara 102"
    assert final in night
    first, copy = _files(
        tmp_path, first=night, copy=night.replace(final, "final: Anna 29 · Ben 96 · Cara 102")
    )
    files = _import_report(tmp_path, [first, copy])
    assert [f["error"] for f in files] == [None, None]
    assert [f["warnings"] for f in files] == [[], []] and files[1]["rejected"] == 3
    for jobs in (1, 2):
        status, lines = _report([first, copy], jobs)
        assert status == 1  # (the mistyped hand)
        assert not [line for line in lines if "[carry-carried]" in line]


def test_of_two_pools_taking_pots_of_another_unit_the_import_names_its_first(
    tmp_path: Path,
) -> None:
    """A file of two nights at ``CARRIER``'s table, one in USD, then one in EUR, each the
    first of its pool and taking a pot: the import refuses the file at the first pool as the
    ledger orders them, by name (EUR before USD), whatever the order of the file's nights, and
    ``check`` names the same hand."""
    in_eur = taker("cash Later · date 2024-05-17 · currency EUR", 8)
    night, both = _files(tmp_path, night=CARRIER.lstrip(), both=IN_USD + in_eur)
    assert run_check([both]).all_ok
    refusal = _import_report(tmp_path, [night, both])[1]["error"]
    assert refusal is not None and "hand 1 of Later (2024-05-17)" in refusal
    status, lines = _report([night, both], 1)
    (said,) = [found for found in lines if "[carry-carried]" in found]
    assert said.endswith(f"warning: {refusal} [carry-carried]")
