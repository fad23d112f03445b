"""``check --jobs``: files checked side by side print exactly what one process prints.

Files are independent because a table's carried state is keyed by (file, table)
(``replay/table.py``), so the only thing parallel checking may change is speed.  These tests
compare the whole report, line by line, of one process against two, on a mix of clean,
broken, empty and unreadable files.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.parallel import ordered_map, resolve_jobs
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from tests.helpers.paths import EXAMPLES
from tests.test_check import BAD

runner = CliRunner()


def _square(n: int) -> int:
    return n * n


def test_ordered_map_keeps_the_input_order_across_processes() -> None:
    items = list(range(57))
    assert list(ordered_map(_square, items, 2)) == [n * n for n in items]
    assert list(ordered_map(_square, items, 1)) == [n * n for n in items]
    assert list(ordered_map(_square, [], 2)) == []


def test_resolve_jobs_never_exceeds_the_tasks() -> None:
    assert resolve_jobs(8, 3) == 3
    assert resolve_jobs(1, 10) == 1
    assert resolve_jobs(0, 0) == 1
    assert resolve_jobs(None, 100) >= 1


def _mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    for example in sorted(EXAMPLES.glob("*.bhh")):
        (folder / example.name).write_text(example.read_text(encoding="utf-8"), "utf-8")
    (folder / "broken.bhh").write_text(BAD, encoding="utf-8")
    (folder / "empty.bhh").write_text("", encoding="utf-8")
    (folder / "garbage.txt").write_bytes(b"\xff\xfe\x00garbage\nnot a hand\n")
    simulate_to_path(
        SimulationOptions(hands=40, players=4, game="badacey", structure="pot-limit", seed=7),
        folder / "simulated.bhh",
    )
    return folder


def test_two_processes_print_the_same_report_as_one(tmp_path: Path) -> None:
    folder = _mixed_folder(tmp_path)
    one = run_check([folder], jobs=1)
    two = run_check([folder], jobs=2)
    one_lines, two_lines = list(one.lines()), list(two.lines())
    assert one_lines == two_lines
    assert one.all_ok is two.all_ok is False  # the broken file
    assert one.total().line() == two.total().line()
    assert "broken.bhh: 3 hands: 1 ok, 1 with violations, 1 with payout mismatches" in (
        "\n".join(two_lines)
    )
    assert two_lines[-1].startswith(f"total ({len(one.files)} files): ")


def test_cli_jobs_option(tmp_path: Path) -> None:
    folder = _mixed_folder(tmp_path)
    one = runner.invoke(app, ["check", "--jobs", "1", str(folder)])
    two = runner.invoke(app, ["check", "-j", "2", str(folder)])
    assert one.exit_code == two.exit_code == 1
    assert one.output == two.output
    clean = runner.invoke(app, ["check", "-j", "2", str(EXAMPLES)])
    assert clean.exit_code == 0, clean.output


def test_other_games_are_counted_as_skipped(corpus_dir: Path) -> None:
    """A Winamax 2-7 Triple Draw file (``corpus/winamax``) holds no Badugi-family hand: the
    summary says how many hands of other games it left out (one per ``Winamax Poker -``
    header line), in one process and in two; several such files are summed up in one line."""
    files = sorted((corpus_dir / "winamax").glob("*.txt"))
    assert len(files) > 1
    counts = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        counts[path] = sum(1 for line in text.splitlines() if line.startswith("Winamax Poker - "))
        assert counts[path] > 0
        plural = "s" if counts[path] != 1 else ""
        assert list(run_check([path], jobs=1).lines()) == [
            f"{path}: 0 hands: 0 ok, 0 with violations, 0 with payout mismatches; "
            f"{counts[path]} hand{plural} of other games skipped"
        ]
    for jobs in (1, 2):
        run = run_check(files, jobs=jobs)
        lines = list(run.lines())
        skipped = sum(counts.values())
        assert lines[:-1] == [f"{len(files)} files held only other games: {skipped} hands skipped"]
        assert lines[-1].endswith(f"; {skipped} hands of other games skipped")
        assert run.total().skipped == sum(s.skipped for s in run.summaries) == skipped


def test_an_empty_file_says_no_hand_was_found(tmp_path: Path) -> None:
    empty = tmp_path / "empty.bhh"
    empty.write_text("# nothing recorded tonight\n", encoding="utf-8")
    (line,) = run_check([empty], jobs=1).lines()
    assert line.endswith("; no Badugi-family hand found")
