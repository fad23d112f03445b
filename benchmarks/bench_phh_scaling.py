"""Reading a PHHS file (many hands) scales linearly, in bounded memory.

    python benchmarks/bench_phh_scaling.py [--hands 500] [--big]

Builds one ``.phhs`` file of ``--hands`` fixed-limit Badugi hands (simulated, written by our
PHH writer as ``[1]``, ``[2]``… tables; each copy of the simulated session gets tables of its
own so stacks carry), and the same at 4x and 16x the size.  Each size is measured as whole
child processes (time and the child's own peak memory, see ``benchlib.run``):

* read: every hand of the file read through ``sources.iter_source`` (the PHH reader on the
  file's lines, one hand at a time), nothing kept;
* check: ``badugi-ledger check --jobs 1 FILE`` (read, replay, verify the finishing stacks).

Linear time shows as a steady hands/s across the sizes, bounded memory as a flat peak.
``--big`` makes the largest file 60,000 hands (3,750 x 16; about 68 MB of our writer's PHH).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

from benchlib import DEFAULT_CACHE, cli, rate, require_ok, run, simulated_file

from badugi_ledger.convert import ConvertedHand, convert_hands

READ_SCRIPT = r"""
import sys
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sources import iter_source
hands = errors = 0
for item in iter_source(sys.argv[1]):
    if isinstance(item, HandRecord):
        hands += 1
    else:
        errors += 1
print(f"{hands} hands read, {errors} errors")
"""
_TABLE = re.compile(r'^table = "(.*)"$', re.MULTILINE)


def phh_hands(hands: int, cache: Path) -> list[str]:
    """PHH texts of ``hands`` simulated hands (one session, 6 players, played as PokerKit plays:
    every hand can be written as PHH)."""
    source = simulated_file(hands, cache=cache, players=6, pokerkit_play=True)
    texts = []
    for item in convert_hands(source, "phh"):
        if not isinstance(item, ConvertedHand):
            raise SystemExit(f"a simulated hand could not be written as PHH: {item}")
        texts.append(item.text)
    return texts


def write_phhs(texts: list[str], copies: int, path: Path) -> int:
    """``copies`` copies of the hands as one ``.phhs`` file; returns how many hands."""
    number = 0
    with open(path, "w", encoding="utf-8") as out:
        for copy in range(copies):
            for text in texts:
                number += 1
                body = _TABLE.sub(f'table = "\\g<1> copy {copy}"', text)
                out.write(f"[{number}]\n{body}\n")
    return number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=500, help="hands in the 1x file")
    parser.add_argument("--big", action="store_true", help="1x = 3,750 hands, 16x = 60,000")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    base = 3750 if args.big else args.hands
    texts = phh_hands(base, args.cache)
    print(f"{'size':>4} {'hands':>7} {'MB':>7}  {'read':<40} {'check --jobs 1':<40}")
    with tempfile.TemporaryDirectory() as tmp:
        for factor in (1, 4, 16):
            path = Path(tmp) / f"x{factor}.phhs"
            hands = write_phhs(texts, factor, path)
            size = path.stat().st_size / 1e6
            read = run([sys.executable, "-c", READ_SCRIPT, str(path)])
            require_ok(read, "reading the PHHS file")
            if not read.stdout.startswith(f"{hands} hands read, 0 errors"):
                raise SystemExit(f"not every hand was read: {read.stdout}{read.stderr[-2000:]}")
            check = run([cli(), "check", "--jobs", "1", str(path)])
            if check.returncode not in (0, 1) or "Traceback" in check.stderr:
                require_ok(check, "badugi-ledger check")
            if f"{hands} hands:" not in check.tail():
                raise SystemExit(f"check did not read every hand:\n{check.stdout[-3000:]}")
            print(
                f"{factor:>3}x {hands:>7} {size:7.1f}  "
                f"{rate(hands, read.seconds)} {read.maxrss_mb:5.0f} MB  "
                f"{rate(hands, check.seconds)} {check.maxrss_mb:5.0f} MB"
            )


if __name__ == "__main__":
    main()
