"""Does ``check`` point at the damaged line of a damaged site hand?

Every Badugi-family hand of the corpus (``shared/corpus``) is written alone to a file and
damaged in one line at a time, four ways.  The Merge 2-7 hands are read as Badugi, as the tests
do (the replay's refusal of their five-card deals, rule ``deal-count``, is left out of the
figures); a hand that has an error undamaged (a cancelled hand) is left out.

* **delete** the line;
* **cut** it in half (its second half dropped);
* **garble** an amount on it (its first digit becomes ``x``: ``$1.25`` -> ``$x.25``);
* **rename** a seated player on it (``Stranger``).

Each damaged file is checked in process (``check.CheckRun``) and the first problem the
damage adds (one the undamaged hand does not have) is compared with where the damage is:

* **line**: the damaged line itself (for a deleted line: the line before or after the gap),
  or, when the damage takes a seated player away (a seat line deleted or changed), the first
  later line that names that player - where the file shows what is missing;
* **header**: the hand's first line (where every error used to be);
* **elsewhere**: another line of the hand (the replay finding a deleted action later on);
* **unseen**: no new problem (a line that carries nothing, such as a chat line, or damage
  that leaves the hand legal).

Prints the counts per site and damage; ``--show`` prints the damaged lines not located.

``--pairs N`` damages two lines of a hand at once instead (N pairs of lines a hand, the
second after the first), each pair every way of :data:`PAIR_DAMAGES`: ``cut`` and ``garble``
as above, **long** (the line made longer than a line may be, ``MAX_LINE``) and **figure** (an
amount's first digit changed to another digit: readable, but its figures no longer add up).
One run of ``check`` lists every mistake of a file: a pair counts as **both** when a problem
the damage added is at each damaged line, else **first**, **second** or **neither** (found
only at the one, or at none, of the two).

    python benchmarks/bench_sites_damage.py                  # at most 12 lines per hand
    python benchmarks/bench_sites_damage.py --lines 0        # every line of every hand
    python benchmarks/bench_sites_damage.py --site merge --show header
    python benchmarks/bench_sites_damage.py --pairs 4        # two damaged lines a hand
"""

from __future__ import annotations

import argparse
import os
import random
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from badugi_ledger.check import CheckRun, problems
from badugi_ledger.model.limits import MAX_LINE
from badugi_ledger.sites.files import decode_bytes

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("BADUGI_SHARED", REPO.parent / "shared")) / "corpus"

SITES = ("pokerstars", "fulltilt", "merge", "kingsclub")
HAND = {
    "pokerstars": re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #"),
    "fulltilt": re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #"),
    "kingsclub": re.compile(r"#\d+: .+ - [\d.,]+/[\d.,]+\s*$"),
}
BADUGI = re.compile(r"Badugi|Badacey|Badeucey")
SEAT = re.compile(r"^Seat (?P<num>\d+): (?P<name>.+?) \(")
MERGE_SEAT = re.compile(r'<player seat="(?P<num>\d+)" nickname="(?P<name>[^"]*)"')
AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?")
DAMAGES = ("delete", "cut", "garble", "rename")
VERDICTS = ("line", "header", "elsewhere", "unseen")
PAIR_DAMAGES = ("cut", "garble", "long", "figure")
PAIR_VERDICTS = ("both", "first", "second", "neither")


@dataclass
class Hand:
    site: str
    name: str
    lines: list[str]
    header: int
    """Index of the hand's first line in ``lines`` (Merge: after its description line)."""
    ignored: frozenset[str] = frozenset()
    """Rules of problems that say nothing about the damage (a 2-7 hand read as Badugi)."""


def corpus_hands(site: str) -> Iterator[Hand]:
    """Every Badugi-family hand of a site's corpus files, as the lines of a file of its own."""
    for path in sorted((CORPUS / site).glob("*.txt")):
        text = decode_bytes(path.read_bytes()).replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        if site == "merge":
            yield from _merge_hands(path.name, lines)
            continue
        starts = [i for i, line in enumerate(lines) if HAND[site].match(line.lstrip("\ufeff"))]
        for begin, end in zip(starts, [*starts[1:], len(lines)], strict=True):
            if BADUGI.search(lines[begin]):
                yield Hand(site, path.name, lines[begin:end], 0)


def _merge_hands(name: str, lines: list[str]) -> Iterator[Hand]:
    description = ""
    ignored: frozenset[str] = frozenset()
    begin = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("<description"):
            description = stripped.replace('type="2-7 Lowball"', 'type="Badugi"')
            ignored = frozenset({"deal-count"} if description != stripped else ())
        elif stripped.startswith("<game "):
            begin = i
        elif stripped == "</game>" and begin is not None:
            if 'type="Badugi"' in description:
                yield Hand("merge", name, [description, *lines[begin : i + 1]], 1, ignored)
            begin = None


def _seated(hand: Hand, line: str) -> tuple[str, str] | None:
    """``(name, how later lines name them)`` when ``line`` seats a player."""
    if hand.site == "merge":
        m = MERGE_SEAT.search(line)
        return (m["name"], f'player="{m["num"]}"') if m else None
    m = SEAT.match(line)
    return (m["name"], m["name"]) if m else None


def damaged(hand: Hand, index: int, damage: str) -> tuple[list[str], set[int]] | None:
    """The hand's lines with ``damage`` done to line ``index``, and the 0-based lines an error
    about it may rightly be located at (None when the damage does not apply to that line)."""
    lines = list(hand.lines)
    line = lines[index]
    seat = _seated(hand, line)
    if damage == "delete":
        del lines[index]
        targets = {index - 1, index}
    elif damage == "cut":
        if len(line.strip()) < 6:
            return None
        lines[index] = line[: len(line) // 2]
        targets = {index}
    elif damage == "garble":
        garbled = damaged_line(hand, line, "garble")
        if garbled is None:
            return None
        lines[index] = garbled
        targets = {index}
    else:
        names = [
            found[0]
            for i in range(hand.header + 1, len(lines))
            if (found := _seated(hand, lines[i]))
        ]
        present = [n for n in sorted(names, key=len, reverse=True) if n and n in line]
        if not present:
            return None
        lines[index] = line.replace(present[0], "Stranger", 1)
        targets = {index}
        seat = seat if seat is not None and seat[0] == present[0] else None
    if seat is not None:  # the seat is gone: where a later line names its player, it shows
        shift = 1 if damage == "delete" else 0
        named = re.compile(rf"(?<![\w]){re.escape(seat[1])}(?![\w])")
        later = next(
            (i for i in range(index + 1 - shift, len(lines)) if named.search(lines[i])), None
        )
        if later is not None:
            targets.add(later)
    return lines, targets


def _amount_at(hand: Hand, line: str) -> int | None:
    """Where the first digit of the line's first amount is (Merge: of ``amount`` or
    ``balance``), or None when it has none."""
    if hand.site == "merge":
        m = re.search(r'(?:amount|balance)="\$?(?P<amt>\d)', line)
        return None if m is None else m.start("amt")
    amount = AMOUNT.search(line, line.find(" ") + 1)
    return None if amount is None else amount.start()


def damaged_line(hand: Hand, line: str, damage: str) -> str | None:
    """``line`` with one of :data:`PAIR_DAMAGES` done to it (None: it does not apply)."""
    if damage == "cut":
        return line[: len(line) // 2] if len(line.strip()) >= 6 else None
    if damage == "long":
        return line + "z" * (MAX_LINE + 1)
    at = _amount_at(hand, line)
    if at is None:
        return None
    digit = "x" if damage == "garble" else str(int(line[at]) % 9 + 1)
    return line[:at] + digit + line[at + 1 :]


def damage_pairs(
    hand: Hand, path: Path, pairs: int, rng: random.Random
) -> Counter[tuple[str, str]] | None:
    """Two lines of the hand damaged at once, every way of :data:`PAIR_DAMAGES`: counts by
    the two damages and verdict (None when the undamaged hand has an error of its own)."""
    path.write_text("\n".join(hand.lines) + "\n", encoding="utf-8")
    found = _found(path, hand)
    if any(kind != "warning" for *_, kind in found):
        return None
    baseline = Counter((rule, message) for _, rule, message, _ in found)
    body = [i for i in range(hand.header + 1, len(hand.lines)) if hand.lines[i].strip()]
    if hand.site == "merge":
        body = [i for i in body if hand.lines[i].strip() != "</game>"]
    chosen = [tuple(sorted(rng.sample(body, 2))) for _ in range(pairs)] if len(body) > 1 else []
    counts: Counter[tuple[str, str]] = Counter()
    for first, second in chosen:
        for one in PAIR_DAMAGES:
            for two in PAIR_DAMAGES:
                a = damaged_line(hand, hand.lines[first], one)
                b = damaged_line(hand, hand.lines[second], two)
                if a is None or b is None:
                    continue
                lines = list(hand.lines)
                lines[first], lines[second] = a, b
                path.write_text("\n".join(lines) + "\n", encoding="utf-8")
                seen = Counter(baseline)
                at = set()
                for line, rule, message, _ in _found(path, hand):
                    if seen[(rule, message)]:
                        seen[(rule, message)] -= 1
                    else:
                        at.add(line)
                verdict = PAIR_VERDICTS[(first not in at) * 2 + (second not in at)]
                counts[(f"{one}+{two}", verdict)] += 1
    return counts


def _pairs_report(args: argparse.Namespace, rng: random.Random, path: Path) -> None:
    totals: Counter[str] = Counter()
    for site in SITES:
        if args.site and site != args.site:
            continue
        counts: Counter[tuple[str, str]] = Counter()
        hands = 0
        for hand in corpus_hands(site):
            found = damage_pairs(hand, path, args.pairs, rng)
            if found is not None:
                hands += 1
                counts.update(found)
        print(f"{site} ({hands} hands, two lines damaged)")
        kinds = [f"{a}+{b}" for a in PAIR_DAMAGES for b in PAIR_DAMAGES]
        for kind in (*kinds, None):
            row = {
                v: sum(n for (d, w), n in counts.items() if w == v and kind in (None, d))
                for v in PAIR_VERDICTS
            }
            if kind is not None and not sum(row.values()):
                continue
            print(
                f"  {kind or 'all':<14} {row['both']:5}/{sum(row.values()):<5} both lines, "
                f"{row['first']:5} the first only, {row['second']:5} the second only, "
                f"{row['neither']:5} neither"
            )
            if kind is None:
                totals.update(row)
    print(
        f"total: {totals['both']}/{sum(totals.values())} pairs with both damaged lines reported, "
        f"{totals['first']} the first only"
    )


def _found(path: Path, hand: Hand) -> list[tuple[int, str | None, str, str]]:
    """Every problem ``check`` finds in the file: 0-based line, rule, words, kind."""
    return [
        ((problem.pos.line or outcome.pos.line) - 1, problem.rule, problem.message, problem.kind)
        for outcome in CheckRun([path], jobs=1).outcomes()
        for problem in problems(outcome)
        if problem.rule not in hand.ignored
    ]


def located(
    path: Path, hand: Hand, baseline: Counter[tuple[str | None, str]]
) -> tuple[int, str] | None:
    """The 0-based line and the words of the first problem the damage added."""
    seen = Counter(baseline)
    for line, rule, message, _ in _found(path, hand):
        if seen[(rule, message)]:
            seen[(rule, message)] -= 1
            continue
        return line, f"{message} [{rule}]"
    return None


def verdict_of(found: tuple[int, str] | None, targets: set[int], header: int) -> str:
    """Where a problem is, said of a damage at ``targets`` in the hand starting at ``header``
    (one of :data:`VERDICTS`; ``found`` None: no problem)."""
    if found is None:
        return "unseen"
    if found[0] in targets:
        return "line"
    return "header" if found[0] == header else "elsewhere"


def damage_hand(
    hand: Hand, path: Path, lines_per_hand: int, rng: random.Random, show: list[str]
) -> Counter[tuple[str, str]] | None:
    """Every damage to (a sample of) the hand's lines, checked: counts by damage and verdict
    (None when the undamaged hand has an error of its own)."""
    path.write_text("\n".join(hand.lines) + "\n", encoding="utf-8")
    found = _found(path, hand)
    if any(kind != "warning" for *_, kind in found):
        return None
    baseline = Counter((rule, message) for _, rule, message, _ in found)
    body = [i for i in range(hand.header + 1, len(hand.lines)) if hand.lines[i].strip()]
    if hand.site == "merge":
        body = [i for i in body if hand.lines[i].strip() != "</game>"]
    if lines_per_hand and len(body) > lines_per_hand:
        body = sorted(rng.sample(body, lines_per_hand))
    counts: Counter[tuple[str, str]] = Counter()
    for index in body:
        for damage in DAMAGES:
            done = damaged(hand, index, damage)
            if done is None:
                continue
            lines, targets = done
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            where = located(path, hand, baseline)
            verdict = verdict_of(where, targets, hand.header)
            counts[(damage, verdict)] += 1
            if verdict in show:
                print(
                    f"  {verdict}: {hand.name}: {damage} {index + 1} "
                    f"{hand.lines[index][:90]!r} -> reported at "
                    f"{'-' if where is None else where[0] + 1}"
                )
                if where is not None:
                    print(f"      {where[1][:160]}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=12, help="lines per hand (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", choices=SITES)
    parser.add_argument("--show", choices=VERDICTS[1:], action="append", default=[])
    parser.add_argument("--pairs", type=int, default=0, help="pairs of lines a hand (0: none)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hand.txt"
        if args.pairs:
            _pairs_report(args, rng, path)
            return
        for site in SITES:
            if args.site and site != args.site:
                continue
            counts: Counter[tuple[str, str]] = Counter()
            hands = 0
            for hand in corpus_hands(site):
                found = damage_hand(hand, path, args.lines, rng, args.show)
                if found is not None:
                    hands += 1
                    counts.update(found)
            print(f"{site} ({hands} hands)")
            for damage in (*DAMAGES, None):
                row = {
                    v: sum(n for (d, w), n in counts.items() if w == v and damage in (None, d))
                    for v in VERDICTS
                }
                seen = row["line"] + row["header"] + row["elsewhere"]
                print(
                    f"  {damage or 'all':<7} {row['line']:5}/{seen:<5} at the line, "
                    f"{row['header']:5} at the header, {row['elsewhere']:5} elsewhere, "
                    f"{row['unseen']:5} not seen"
                )
                if damage is None:
                    totals.update(row)
    seen = totals["line"] + totals["header"] + totals["elsewhere"]
    print(
        f"total: {totals['line']}/{seen} located at the damaged line, "
        f"{totals['header']} at the hand's first line"
    )


if __name__ == "__main__":
    main()
