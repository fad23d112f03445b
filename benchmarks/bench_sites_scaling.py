"""Site readers in linear time and bounded memory: time and peak memory at 1x, 4x and 16x input.

Each figure is one child process (started by ``benchlib``'s launcher, so its peak memory is its
own) that reads one file with ``sources.read_hands`` and counts what came out.  Workloads:

* ``hands``: a real corpus file of each site (``shared/corpus``) repeated, so the file has
  1x, 4x, 16x as many hands;
* ``one-line``: a file that is one line of N MB (a PokerStars header then digits), read as
  each site format; ``--one-line-mb 200 --factors 1`` is the 200 MB one-line file;
* ``attribute``: Merge hands whose chat event has a ``text`` attribute of N word characters
  that has lost its closing quote (``--attribute-chars 100000`` for the long ones; over the
  line limit they are errors);
* ``tricky``: lines built to make a backtracking pattern slow (``x shows [`` repeated,
  ``Table a (b`` repeated, runs of blanks or word characters), N characters each.

Time should grow like the input (ratio 16x/1x near 16) and memory stay flat.  Nothing is
asserted: the script prints figures and checks the work was done (items counted).

    python benchmarks/bench_sites_scaling.py                       # modest sizes
    python benchmarks/bench_sites_scaling.py --only one-line --one-line-mb 200 --factors 1
    python benchmarks/bench_sites_scaling.py --only attribute --attribute-chars 100000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import run

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus"

FILES = {  # corpus file, its hands
    "pokerstars": ("pokerstars/LBad-USD-SNG8-201011.txt", 104),
    "fulltilt": ("fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt", 1),
    "merge": ("merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt", 1),
    "kingsclub": ("kingsclub/Badugi-Limit-USD-30-60-202010.txt", 1),
}

TRICKY = {
    "pokerstars": ['Hero said, "', "Dealt to x [", "Seat 1: a (1 in chips, ", " " * 7 + "x"],
    "fulltilt": ["Table a (b", "x shows [", "x wins the pot (", "Total pot $1" + " " * 9],
    "merge": ['<event text="', "w" * 20, '<x a="b="'],
    "kingsclub": ["x shows [", "#1: a - 1/1 ", "Seat 1: x (1) "],
}


def _corpus_text(fmt: str) -> str:
    from badugi_ledger.sites.files import decode_bytes

    data = (CORPUS / FILES[fmt][0]).read_bytes()
    return decode_bytes(data).replace("\r\n", "\n").rstrip("\n")


def _own_table(text: str, i: int) -> str:
    """A copy of a Full Tilt or Merge hand at a table of its own: repeated at one table, its
    stacks would contradict the copy before (the reader refuses that)."""
    return text.replace("Table Clackers", f"Table Clackers {i}").replace(
        "|Kunming (", f"|Kunming {i} ("
    )


def _hands(fmt: str, factor: int, base: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        text = _corpus_text(fmt)
        copies = max(1, round(base * factor / FILES[fmt][1]))
        with open(path, "w", encoding="utf-8") as out:
            for i in range(copies):
                out.write(_own_table(text, i) + "\n\n")

    return write


def _one_line(megabytes: float) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        chunk = "9" * 2**20
        with open(path, "w", encoding="utf-8") as out:
            out.write("PokerStars Game #1: ")
            for _ in range(int(megabytes)):
                out.write(chunk)

    return write


def _attribute(chars: int, hands: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        lines = _corpus_text("merge").split("\n")
        at = next(i for i, x in enumerate(lines) if "<round id=" in x) + 1
        # the text has lost its closing quote: a pattern that retries inside the word run
        # at every character takes time in the square of its length
        chat = '\t\t<event sequence="0" type="CHAT" player="4" text="' + "ab" * (chars // 2) + "/>"
        text = "\n".join([*lines[:at], chat, *lines[at:]])
        with open(path, "w", encoding="utf-8") as out:
            for i in range(hands):
                out.write(_own_table(text, i) + "\n")

    return write


def _tricky(fmt: str, chars: int, hands: int) -> Callable[[Path], None]:
    """Hands that each stop at one tricky line (after the seats), so every line is tried
    against the reader's patterns before it is reported."""

    def write(path: Path) -> None:
        lines = _corpus_text(fmt).split("\n")
        marker = {"merge": "<round id=", "fulltilt": "*** HOLE CARDS"}.get(fmt, "*** ")
        at = next(i for i, x in enumerate(lines) if marker in x) + 1
        if fmt == "merge":
            end = next(i for i, x in enumerate(lines) if "</game>" in x) + 1
            head, tail = lines[:at], lines[end - 1 : end]
        else:
            head, tail = lines[:at], []
        body = [(unit * (chars // len(unit) + 1))[:chars] for unit in TRICKY[fmt]]
        with open(path, "w", encoding="utf-8") as out:
            for i in range(hands):
                out.write("\n".join([*head, body[i % len(body)], *tail]) + "\n")

    return write


def _read(fmt: str, path: str) -> None:
    """Child mode: read one file, print ``records errors``."""
    from badugi_ledger.model.events import HandRecord
    from badugi_ledger.sources import read_hands

    records = errors = 0
    start = time.perf_counter()
    for item in read_hands(path, fmt):
        if isinstance(item, HandRecord):
            records += 1
        else:
            errors += 1
    print(records, errors, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--factors", default="1,4,16")
    parser.add_argument("--only", choices=["hands", "one-line", "attribute", "tricky"])
    parser.add_argument("--hands", type=int, default=200, help="hands at 1x (hands workload)")
    parser.add_argument("--one-line-mb", type=float, default=2.0, help="MB of the line at 1x")
    parser.add_argument("--attribute-chars", type=int, default=600, help="attribute at 1x")
    parser.add_argument("--tricky-chars", type=int, default=600, help="line length at 1x")
    parser.add_argument("--read", nargs=2, metavar=("FORMAT", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read:
        _read(*args.read)
        return
    factors = [int(f) for f in args.factors.split(",")]
    cases: list[tuple[str, str, int, Callable[[Path], None]]] = []
    for factor in factors:
        if args.only in (None, "hands"):
            for fmt in FILES:
                cases.append(("hands", fmt, factor, _hands(fmt, factor, args.hands)))
        if args.only in (None, "one-line"):
            for fmt in ("pokerstars", "merge"):
                cases.append(("one-line", fmt, factor, _one_line(args.one_line_mb * factor)))
        if args.only in (None, "attribute"):
            cases.append(
                ("attribute", "merge", factor, _attribute(args.attribute_chars * factor, 50))
            )
        if args.only in (None, "tricky"):
            for fmt in TRICKY:
                cases.append(("tricky", fmt, factor, _tricky(fmt, args.tricky_chars * factor, 200)))
    print("seconds: reading the file inside the child (start-up left out); peak MB: the child's")
    print(
        f"{'workload':<10} {'format':<11} {'x':>3} {'input MB':>9} {'seconds':>8} "
        f"{'peak MB':>8} {'records':>8} {'errors':>7}"
    )
    firsts: dict[tuple[str, str], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workload, fmt, factor, write in cases:
            path = Path(tmp) / f"{workload}-{fmt}-{factor}.txt"
            write(path)
            size = path.stat().st_size / 2**20
            result = run([sys.executable, __file__, "--read", fmt, str(path)])
            path.unlink()
            if result.returncode != 0 or "Traceback" in result.stderr:
                print(f"{workload} {fmt} {factor}x FAILED: {result.stderr[-500:]}")
                continue
            records, errors, took = result.stdout.split()
            seconds = float(took)
            first = firsts.setdefault((workload, fmt), seconds)
            ratio = f"  ({seconds / first:.1f}x the 1x time)" if factor != factors[0] else ""
            print(
                f"{workload:<10} {fmt:<11} {factor:>3} {size:>9.2f} {seconds:>8.3f} "
                f"{result.maxrss_mb:>8.1f} {records:>8} {errors:>7}{ratio}"
            )


if __name__ == "__main__":
    main()
