"""Reading PHH files into hand records, in process: µs per hand, fast path against tomllib.

    python benchmarks/bench_phh_read.py [--hands 1000] [--players 6] [--repeat 5] [--folder DIR]

Simulates ``--hands`` fixed-limit Badugi hands and writes one PHH file per hand (as
``bench_phh_pokerkit.py`` does; ``--folder`` reuses a folder of ``*.phh`` files instead), then
times, interleaved and best of ``--repeat`` (a shared machine), per hand:

* ``read``: reading and decoding the file (``sites.files.read_text``);
* ``toml``: the TOML document, by ``phh_fast.loads`` and by ``tomllib.loads``;
* ``hand``: ``read_phh`` on the text, with the fast TOML reader and with ``tomllib`` behind it
  (the action loop, cards and the hand draft are the same in both);
* ``iter_source``: what ``check`` does per file (detect the format, read, ``read_phh``).

Both ``read_phh`` runs must give equal records (checked; a broken reader cannot look fast).
Nothing is asserted on speed.  Issue 7 target for this part: about 150 µs per hand on an
unloaded machine.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_phh_pokerkit import export_phh
from benchlib import DEFAULT_CACHE, simulated_file

from badugi_ledger.phh import fast as phh_fast
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sites.files import read_text
from badugi_ledger.sources import iter_source


def best_per_hand(work: Callable[[], object], hands: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best / hands * 1e6


def _no_fast_reading(text: str) -> dict[str, Any] | None:
    """``fast_loads`` declining every document: each goes to ``tomllib``."""
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--folder", type=Path, default=None, help="existing *.phh files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder
        if folder is None:
            source = simulated_file(args.hands, cache=DEFAULT_CACHE, players=args.players)
            folder = Path(tmp) / "phh"
            export_phh(source, folder)
        files = sorted(str(p) for p in folder.glob("*.phh"))
        texts = [read_text(f) for f in files]
        hands = len(files)

        def read_all(fast: bool) -> list[object]:
            real = phh_fast.fast_loads
            if not fast:
                phh_fast.fast_loads = _no_fast_reading
            try:
                return [
                    item for text, f in zip(texts, files, strict=True) for item in read_phh(text, f)
                ]
            finally:
                phh_fast.fast_loads = real

        fast_records, general_records = read_all(True), read_all(False)
        if fast_records != general_records or len(fast_records) != hands:
            raise SystemExit("the fast path read other records than the general path")
        figures: dict[str, list[float]] = {}
        jobs: dict[str, Callable[[], object]] = {
            "read file": lambda: [read_text(f) for f in files],
            "toml fast (phh_fast.loads)": lambda: [phh_fast.loads(t) for t in texts],
            "toml general (tomllib)": lambda: [tomllib.loads(t) for t in texts],
            "read_phh, fast toml": lambda: read_all(True),
            "read_phh, tomllib": lambda: read_all(False),
            "iter_source (as check)": lambda: [list(iter_source(f)) for f in files],
        }
        for _ in range(args.repeat):  # interleaved: each round runs every job once
            for name, job in jobs.items():
                figures.setdefault(name, []).append(best_per_hand(job, hands, 1))
    print(f"{hands} PHH files ({args.players} players, fixed-limit Badugi), best of {args.repeat}")
    for name, values in figures.items():
        print(f"  {name:30s} {min(values):8.1f} µs/hand")
    ratio = min(figures["read_phh, tomllib"]) / min(figures["read_phh, fast toml"])
    print(f"  fast TOML reader: read_phh {ratio:.2f}x the tomllib path")


if __name__ == "__main__":
    main()
