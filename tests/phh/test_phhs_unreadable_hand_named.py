"""A ``.phhs`` hand that is not valid TOML is named by its table's key, and counted as a hand.

The splitter knows the key (``[2]``) before it parses the hand's lines, and README says a hand
that cannot be read has its number: the error named no hand, and ``check`` counted it as an
unreadable line "outside hands".  Built from ``examples/home_session.bhh`` converted to PHH
(``[1]`` to ``[4]``), with hand 2's ``small_bet`` written twice, as the audit found it.
"""

from __future__ import annotations

import io
from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.convert import convert_file
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.phh.reader import read_phh
from tests.helpers.phh_hands import home_session_phhs

EXAMPLE = Path(__file__).parents[2] / "examples" / "home_session.bhh"


def _night_with_a_value_twice() -> list[str]:
    lines = home_session_phhs()
    at = lines.index("small_bet = 2", lines.index("[2]"))
    lines.insert(at, "small_bet = 2")
    return lines


def test_a_toml_error_in_a_phhs_hand_names_the_hand_by_its_key() -> None:
    lines = _night_with_a_value_twice()
    (error,) = [i for i in read_phh(lines, "night.phhs") if isinstance(i, ImportFormatError)]
    assert error.hand == "2"
    assert error.message == "not valid TOML: Cannot overwrite a value"
    assert error.position.line == lines.index("small_bet = 2", lines.index("[2]")) + 2


def test_check_counts_it_as_a_hand_that_could_not_be_read(tmp_path: Path) -> None:
    path = tmp_path / "night.phhs"
    path.write_text("\n".join(_night_with_a_value_twice()) + "\n", encoding="utf-8")
    checked = run_check([path], jobs=1)
    assert [(o.hand_id, o.ok) for o in checked.outcomes()] == [
        ("1", True),
        ("2", False),
        ("3", True),
        ("4", True),
    ]
    summary = list(checked.lines())
    assert f"{path}: 4 hands: 3 ok, 1 with violations, 0 with payout mismatches" in summary
    assert not any("outside hands" in line for line in summary)


def test_a_toml_error_in_a_one_hand_phh_file_names_the_hand_by_its_file(tmp_path: Path) -> None:
    """A ``.phh`` file is one hand, named by the file when it has no ``hand``: its TOML error
    named no hand, and ``check`` counted 0 hands where ``import`` rejected one (the audit's
    repro: ``examples/000_anna_ben.bhh`` converted, a statement of it broken)."""
    out = io.StringIO()
    convert_file(EXAMPLE.with_name("000_anna_ben.bhh"), "phh", out)
    lines = out.getvalue().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("small_bet"))
    lines[at] += " small_bet"
    path = tmp_path / "anna_ben.phh"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (error,) = read_phh(lines, str(path))
    assert isinstance(error, ImportFormatError) and error.hand == "anna_ben"
    summary = "\n".join(run_check([path], jobs=1).lines())
    assert f"{path}: 1 hand: 0 ok, 1 with violations" in summary
