"""Instructions per hand of ``check`` and ``import -j 1``, counted by callgrind, for this tree
and, with ``--reference DIR``, another source tree beside it.

    python benchmarks/bench_instructions.py [--reference DIR] [--hands 300] [--small 10]
    python benchmarks/bench_instructions.py --phh-folder DIR [--reference DIR] [--hands 300]
        [--small 30]
    python benchmarks/bench_instructions.py --start-up FILE [--reference DIR]

Wall-clock figures on a shared two-core machine move by 10% from run to run; an instruction
count does not move at all (one process, ``PYTHONHASHSEED=0``), so a change of a fraction of a
percent per hand shows.  Per hand is ``(run of --hands - run of --small) / (difference in
hands)``: the start-up, the same in both runs, drops out.  Each run is made once before it is
counted (bytecode written, the file in the page cache).  Instructions are not time: a change
that saves instructions but keeps more objects alive may be slower (measure it with the
wall-clock scripts too).

Each tree is run as ``python -m badugi_ledger`` with the tree first on ``PYTHONPATH`` and
``PYTHONSAFEPATH=1``: without it, ``-m`` puts the current folder first on the path, and a run
started in a source checkout counts that checkout's code whatever ``PYTHONPATH`` says.  Needs
``valgrind`` (Debian: ``apt-get install valgrind``).

``--phh-folder DIR`` counts ``check FOLDER -j 1`` per file instead: a folder of one-hand PHH
files (as PokerKit writes them, one hand a file) costs per file as much as per hand (opening,
sorting the paths, the summary line, the keys kept for the checks across files).  The first
``--hands`` and ``--small`` files of ``DIR`` (by name) are copied into two folders, and per
file is ``(big run - small run) / (difference in files)``.

``--start-up FILE`` counts one whole run of ``check FILE -j 1`` instead (a one-hand file: what
a check spends before its first hand, the interpreter's own start included, and ``python -c
pass`` beside it as the floor): no difference of two runs, the start-up is the figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import simulated_file

ROOT = Path(__file__).resolve().parent.parent


def instructions(tree: Path, command: list[str]) -> int:
    """Instructions callgrind counts for ``python -m badugi_ledger COMMAND`` of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONSAFEPATH": "1", "PYTHONHASHSEED": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    python = [sys.executable, "-m", "badugi_ledger", *command]
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        subprocess.run(python, capture_output=True, env=env, cwd=scratch)  # warm-up
        for db in Path(scratch).glob("*.db"):
            db.unlink()
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *python],
            capture_output=True,
            text=True,
            env=env,
            cwd=scratch,
        )
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)} failed under valgrind: {done.stderr[-500:]}")
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no totals")


def per_hand(tree: Path, mode: str, small: Path, big: Path, hands: tuple[int, int]) -> float:
    """Instructions a hand of ``mode`` (``check`` or ``import``) costs in ``tree``."""

    def command(path: Path) -> list[str]:
        if mode == "check":
            return ["check", str(path), "-j", "1"]
        return ["import", str(path), "--db", "ledger.db", "-j", "1"]

    counts = [instructions(tree, command(path)) for path in (small, big)]
    return (counts[1] - counts[0]) / (hands[1] - hands[0])


def per_phh_file(tree: Path, small: Path, big: Path, files: tuple[int, int]) -> float:
    """Instructions a one-hand PHH file costs ``check FOLDER -j 1`` of ``tree``."""
    counts = [instructions(tree, ["check", str(folder), "-j", "1"]) for folder in (small, big)]
    return (counts[1] - counts[0]) / (files[1] - files[0])


def phh_folders(source: Path, scratch: Path, sizes: tuple[int, int]) -> list[Path]:
    """Two folders of the first ``sizes`` PHH files of ``source``, by name."""
    names = sorted(path.name for path in source.iterdir() if path.suffix == ".phh")
    if len(names) < max(sizes):
        raise SystemExit(f"{source} holds {len(names)} PHH files; {max(sizes)} are needed")
    folders = []
    for size in sizes:
        folder = scratch / f"phh{size}"
        folder.mkdir()
        for name in names[:size]:
            shutil.copyfile(source / name, folder / name)
        folders.append(folder)
    return folders


def main_phh(args: argparse.Namespace, trees: list[tuple[str, Path]]) -> None:
    """The ``--phh-folder`` mode: instructions per file of ``check FOLDER -j 1``."""
    sizes = (args.small or 30, args.hands)
    print(f"instructions per PHH file, ({sizes[1]}-file run - {sizes[0]}-file run) / difference")
    with tempfile.TemporaryDirectory() as scratch:
        small, big = phh_folders(args.phh_folder, Path(scratch), sizes)
        figures = []
        for name, tree in trees:
            figure = per_phh_file(tree, small, big, sizes)
            figures.append(figure)
            print(f"  check  {name:10} {figure / 1e6:8.4f} M")
        if len(figures) == 2:
            print(f"  check  change     {(figures[0] / figures[1] - 1) * 100:+8.2f}%")


def main_start_up(file: Path, trees: list[tuple[str, Path]]) -> None:
    """The ``--start-up`` mode: instructions of one whole run of ``check FILE -j 1``."""
    print(f"instructions of one run of check {file.name} -j 1 (whole process)")
    figures = []
    for name, tree in trees:
        figure = instructions(tree, ["check", str(file.resolve()), "-j", "1"])
        figures.append(figure)
        print(f"  check  {name:10} {figure / 1e6:8.2f} M")
    if len(figures) == 2:
        print(f"  check  change     {(figures[0] / figures[1] - 1) * 100:+8.2f}%")
    print(f"  python -c pass    {floor_instructions() / 1e6:8.2f} M")


def floor_instructions() -> int:
    """Instructions of ``python -c pass``: the interpreter's own start."""
    env = {**os.environ, "PYTHONSAFEPATH": "1", "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        command = [sys.executable, "-c", "pass"]
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
            capture_output=True,
            env=env,
            cwd=scratch,
        )
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, help="another source tree to count beside")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--small", type=int, help="hands (files) of the small run: 10 (30)")
    parser.add_argument("--phh-folder", type=Path, help="count check of one-hand PHH files")
    parser.add_argument("--start-up", type=Path, help="count one run of check FILE -j 1")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    trees = [("this tree", ROOT)]
    if args.reference is not None:
        trees.append(("reference", args.reference.resolve()))
    if args.phh_folder is not None:
        main_phh(args, trees)
        return
    if args.start_up is not None:
        main_start_up(args.start_up, trees)
        return
    args.small = args.small or 10
    files = [simulated_file(n, seed=7) for n in (args.small, args.hands)]
    print(f"instructions per hand, ({args.hands}-hand run - {args.small}-hand run) / difference")
    for mode in ("check", "import"):
        figures = []
        for name, tree in trees:
            figure = per_hand(tree, mode, files[0], files[1], (args.small, args.hands))
            figures.append(figure)
            print(f"  {mode:6} {name:10} {figure / 1e6:8.4f} M")
        if len(figures) == 2:
            print(f"  {mode:6} change     {(figures[0] / figures[1] - 1) * 100:+8.2f}%")


if __name__ == "__main__":
    main()
