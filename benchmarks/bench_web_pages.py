"""The web app's read-only pages on a club's ledger sizes: seconds and bytes of each page.

    python benchmarks/bench_web_pages.py [--reference DIR] [--repeat 2]

Ledgers (simulated Badugi nights, imported once and kept in the system temp folder under
``badugi-ledger-bench/web/``):

* ``1 event``, ``50 events``, ``1,000 events``: nights of 3 hands each, one file;
* ``3,000-hand night``: one event of 3,000 hands.

Pages: ``/events`` (and its last page, ``?page=9999``, where it is paged), an event's first
and last page of hands (the last event of the file: the one replayed furthest),
``/standings``, ``/settle``, ``/players``.  Each page is asked ``--repeat`` times of one app
(the first answer is the cold one: a cache the app keeps fills there); printed: the first
answer's seconds, the best of the others, the body's bytes.  Each tree runs in a child process
of its own (``PYTHONPATH``), this tree and ``--reference`` (e.g. a ``git archive`` of
``main``) taking turns, on the same ledger files.  Only printed figures; every answer must be
200 and the event pages must show their hands, so a page that shows nothing cannot look fast.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = Path(tempfile.gettempdir()) / "badugi-ledger-bench" / "web"
LEDGERS = {
    "1 event": (3, 3),
    "50 events": (150, 3),
    "1,000 events": (3000, 3),
    "3,000-hand night": (3000, 3000),
}
"""Ledger name -> (hands, hands a night)."""


def ledger(name: str) -> Path:
    """The ledger ``name`` of :data:`LEDGERS`, simulated and imported once (this tree's code)."""
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path

    hands, nightly = LEDGERS[name]
    folder = CACHE / f"{hands}-{nightly}"
    db = folder / "club.db"
    if db.exists():
        return db
    folder.mkdir(parents=True, exist_ok=True)
    night = folder / "nights.bhh"
    simulate_to_path(
        SimulationOptions(hands=hands, players=6, seed=48, session_hands=nightly), night
    )
    tmp = folder / "club.db.tmp"
    tmp.unlink(missing_ok=True)
    subprocess.run(
        [sys.executable, "-m", "badugi_ledger", "import", str(night), "--db", str(tmp)],
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(HERE.parent)},
    )
    tmp.replace(db)
    return db


def child(db: str, repeat: int) -> None:
    """Run in a child process: every page of the ledger ``db``, as JSON lines on stdout."""
    from starlette.testclient import TestClient

    from badugi_ledger.ledger.corrections import event_list
    from badugi_ledger.ledger.store import ledger_at
    from badugi_ledger.web.app import create_app

    with ledger_at(db, create=False) as opened:
        events = event_list(opened).events
    last = events[-1]
    client = TestClient(create_app(db), base_url="http://127.0.0.1")
    pages = {
        "/events": "/events",
        "/events?page=9999": "/events?page=9999",
        "event, first page": f"/events/{last['id']}",
        "event, last page": f"/events/{last['id']}?page=9999",
        "/standings": "/standings",
        "/settle": "/settle",
        "/players": "/players",
    }
    for what, url in pages.items():
        times, size = [], 0
        for _ in range(repeat):
            start = time.perf_counter()
            answer = client.get(url)
            times.append(time.perf_counter() - start)
            if answer.status_code != 200:
                raise SystemExit(f"{url}: {answer.status_code}")
            if what.startswith("event,") and "Hand " not in answer.text:
                raise SystemExit(f"{url}: no hand shown")
            size = len(answer.content)
        print(
            json.dumps(
                {"page": what, "cold": times[0], "warm": min(times[1:] or times), "bytes": size}
            )
        )


def run_tree(tree: Path, db: Path, repeat: int) -> dict[str, dict[str, float]]:
    out = subprocess.run(
        [
            sys.executable,
            str(HERE / "bench_web_pages.py"),
            "--child",
            str(db),
            "--repeat",
            str(repeat),
        ],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tree), "PYTHONSAFEPATH": "1"},
        cwd=tempfile.gettempdir(),
    )
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {str(r["page"]): r for r in rows}


def _cell(row: dict[str, float] | None) -> str:
    if row is None:
        return f"{'-':>28}"
    return f"{row['cold']:7.3f} s {row['warm']:7.3f} s {row['bytes'] / 1e3:7.1f} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, help="another source tree, run beside this one")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--ledgers", nargs="*", default=list(LEDGERS), choices=list(LEDGERS))
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.repeat)
        return
    trees = {"this tree": HERE.parent}
    if args.reference:
        trees = {"reference": args.reference.resolve(), **trees}
    print(f"load average {os.getloadavg()[0]:.1f}; cold = first answer, warm = best of the rest")
    for name in args.ledgers:
        db = ledger(name)
        results = {label: run_tree(tree, db, args.repeat) for label, tree in trees.items()}
        print(f"\n{name} ({db.stat().st_size / 1e6:.1f} MB ledger)")
        header = "".join(f" | {label:>28}" for label in results)
        print(f"{'page':<20}{header}")
        for page in next(iter(results.values())):
            cells = "".join(f" | {_cell(r.get(page))}" for r in results.values())
            print(f"{page:<20}{cells}")


if __name__ == "__main__":
    main()
