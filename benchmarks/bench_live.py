"""How long one :func:`badugi_ledger.live.live_check` takes on a night's text, next to ``check``.

Run:  python benchmarks/bench_live.py [--hands 50] [--repeat 30]

A recording page calls ``live_check`` with the whole text after every keystroke, so what
matters is the milliseconds per call on a realistic event: ``--hands`` simulated 6-handed
fixed-limit Badugi hands (one session, stacks carried), written as our text format.  Three
texts are timed, each the best of ``--repeat`` calls (CPU time of this process):

1. the whole event, every hand finished;
2. the same with its last hand cut in the middle (in progress: the legal next actions are
   worked out and written as lines as well);
3. the reference, in the same run: plain ``check`` of the same text as the command checks a
   file in one process (:func:`badugi_ledger.check.check_file`: read, replay, the problem
   lines).

With ``--unreadable N``: a text the page may send at worst instead, ``N`` lines of ``hand 1``
(each an unreadable hand, one hand's problems) and ``N`` numbered ones (``hand 1``, ``hand
2``, ...), each timed once beside ``check`` of the same text.  The live check's time should
grow as the text does: run it at two sizes.

Nothing here asserts on speed; the script checks that the work was done (hand counts).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi_ledger.check import check_file  # noqa: E402
from badugi_ledger.live import live_check  # noqa: E402
from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation  # noqa: E402
from badugi_ledger.web.record_view import checked_view  # noqa: E402


def best_ms(run: Callable[[], object], repeat: int) -> float:
    spent = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        spent = min(spent, time.process_time() - start)
    return spent * 1000


def event_text(hands: int) -> str:
    options = SimulationOptions(hands=hands, players=6, seed=50, cards="showdown")

    class Out:
        parts: list[str] = []

        def write(self, text: str) -> None:
            self.parts.append(text)

    out = Out()
    write_simulation(options, out)
    return "".join(out.parts)


def unreadable(count: int) -> None:
    """``live_check`` and ``check`` of ``count`` one-line unreadable hands, once each."""
    for numbered in (False, True):
        text = "".join(f"hand {i + 1 if numbered else 1}\n" for i in range(count))
        start = time.process_time()
        live = live_check(text)
        spent = time.process_time() - start
        listed = {p.line for hand in live.hands for p in hand.problems}
        assert listed == set(range(1, count + 1)), "every line's problem is listed"
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "lines.bhh"
            path.write_text(text, encoding="utf-8")
            start = time.process_time()
            check_file(path)
            reference = time.process_time() - start
        start = time.process_time()
        answer = json.dumps(checked_view(text))
        page = time.process_time() - start
        kind = "numbered" if numbered else "all 'hand 1'"
        print(
            f"{count} lines ({kind}, {len(text)} bytes): live_check {spent:7.2f} s, "
            f"check {reference:7.2f} s, the page's answer {page:7.2f} s and "
            f"{len(answer.encode())} bytes"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--unreadable", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.unreadable:
        unreadable(args.unreadable)
        return

    text = event_text(args.hands)
    lines = text.splitlines(keepends=True)
    last_hand = max(i for i, line in enumerate(lines) if line.startswith("hand "))
    cut = "".join(lines[: last_hand + 3])  # the hand line and two lines of play

    whole = live_check(text)
    assert len(whole.hands) == args.hands and whole.ok, "the simulated event must check clean"
    partial = live_check(cut)
    assert partial.hands[-1].verdict == "in progress" and partial.next_lines, partial.hands[-1]

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.bhh"
        path.write_text(text, encoding="utf-8")
        checked = check_file(path)
        assert checked.summaries[0].hands == args.hands and not checked.problems
        reference = best_ms(lambda: check_file(path), args.repeat)

    full = best_ms(lambda: live_check(text), args.repeat)
    in_progress = best_ms(lambda: live_check(cut), args.repeat)
    size = len(text.encode())
    print(f"{args.hands} hands, {len(lines)} lines, {size} bytes; best of {args.repeat}")
    print(f"{'live_check, every hand finished':<48} {full:8.2f} ms per call")
    print(f"{'live_check, last hand in progress (+ options)':<48} {in_progress:8.2f} ms per call")
    print(f"{'check of the same text (check_file, one process)':<48} {reference:8.2f} ms per call")
    print(f"{'live_check / check':<48} {full / reference:8.2f}x")


if __name__ == "__main__":
    main()
