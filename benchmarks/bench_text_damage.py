"""Does one run of ``check`` list every mistake in a night of our format, each at its line?

Nights of our format - the ``examples/`` files and ``badugi-ledger simulate`` nights of every
game and betting structure (Progressive Badugi ones with carried pots) - are given seeded
mistakes, each one of these kinds, in a hand of its own:

* **bet** a bet, call or raise's amount one chip more; **collect** a collection one more;
  **final** a ``final:`` stack one more; **stack** a stack the hand line states (or, where it
  carries one, states it) one more;
* **card** a card of the deal (or of the showdown, with no deal line) made another player's;
* **turn** two players' actions on a line swapped (a player acting out of turn);
* **delete** a line of actions or draws deleted; **delete-result** a line of the showdown
  or the collections deleted (counted apart: the replay settles a hand without them where the
  cards it knows decide; a ``deal:`` or ``final:`` line is optional, so never deleted);
* **name** a player's name misspelt on a line of actions or draws;
* **draw** a draw's discards one card fewer than the cards it receives; **draw-count** a draw
  written as a count made one card more (``Cara 1`` -> ``Cara 2``: no rule can tell, unless
  the cards shown later do; counted apart);
* **id** the hand's number the previous hand's; **button** the button moved to the next seat.

Each night is checked as ``check --json`` checks it (``CheckRun.lines(as_json=True)``), and a
problem the mistakes added (one the untouched night has not) is placed:

* **line**: at the mutated line (a deleted line: the line before or after the gap);
* **header**: at its hand's first line;
* **elsewhere**: at another line of its hand, or of the hands after it up to the next mistake;
* **unseen**: none.

Runs: every kind alone at up to ``--sites`` places a night (K = 1); ``--combos`` nights a
file with K = 2..5 mistakes in different hands, each compared with the same mistake alone
(**masked**: found alone, not beside the others); and two mistakes in one hand.  A
**cascade** is an untouched hand with an error the mistakes added (one wrong stack said in
every later hand of the player).  With ``--show N``, up to N misses, cascades and masked
mistakes of each kind are shrunk to a minimal night (hands before them dropped, the first kept
one stating its stacks and a carried pot; hands after them dropped) and printed.

    python benchmarks/bench_text_damage.py
    python benchmarks/bench_text_damage.py --show 5     # five shrunk nights per verdict
"""

from __future__ import annotations

import argparse
import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bench_sites_damage import VERDICTS, verdict_of
from benchlib import simulated_file

from badugi_ledger.check import CheckRun
from badugi_ledger.model.games import GameName
from badugi_ledger.model.settings import StructureKind

REPO = Path(__file__).resolve().parent.parent
GAMES: tuple[GameName, ...] = ("badugi", "progressive-badugi", "badacey", "badeucey")
STRUCTURES: tuple[StructureKind, ...] = (
    "fixed-limit",
    "pot-limit",
    "half-pot-limit",
    "no-limit",
    "spread-limit",
)
KINDS = (
    "bet",
    "collect",
    "final",
    "stack",
    "card",
    "turn",
    "delete",
    "delete-result",
    "name",
    "draw",
    "draw-count",
    "id",
    "button",
)
SEP = " · "
ACTION = re.compile(r"^(?P<name>\S+) (?P<verb>bets|calls|raises to|raises|checks|folds)\b")
CHANGES = re.compile(r"^(?P<name>\S+) (?P<verb>rebuys|tops up|adds on|cashes out) (?P<n>\d+)$")
CARD = re.compile(r"^(?:10|[2-9TJQKA])[cdhs♣♦♥♠]$", re.IGNORECASE)


@dataclass(frozen=True)
class Mutation:
    """A mistake: line ``index`` (0-based, of the untouched night) replaced by ``lines``
    (none: deleted)."""

    kind: str
    index: int
    lines: tuple[str, ...]
    hand: int
    """Which hand of the night (0-based)."""


@dataclass
class Night:
    name: str
    lines: list[str]
    hands: list[tuple[int, int]]
    """Each hand's first line and the line after its last (0-based)."""
    objects: list[dict[str, Any]] = field(default_factory=list)
    """The untouched night's ``check --json`` objects, hand by hand."""


def split_comment(line: str) -> tuple[str, str]:
    """The line's items and its comment (with the spaces before it)."""
    at = line.find("#")
    if at < 0:
        return line, ""
    body = line[:at].rstrip()
    return body, line[len(body) :]


def hand_ranges(lines: list[str]) -> list[tuple[int, int]]:
    starts = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    ranges = []
    for begin, after in zip(starts, [*starts[1:], len(lines)], strict=True):
        end = begin + 1
        while end < after and lines[end].strip() and not lines[end].startswith("#"):
            end += 1
        ranges.append((begin, end))
    return ranges


def check_json(path: Path) -> list[dict[str, Any]]:
    """What ``check --json`` prints of the file, one object a hand."""
    return [json.loads(text) for text in CheckRun([path], jobs=1).lines(as_json=True)]


def found(objects: list[dict[str, Any]]) -> list[tuple[int, str, str, str]]:
    """Every problem: 0-based line, rule, words, ``error`` or ``warning``."""
    out = []
    for obj in objects:
        for kind in ("errors", "warnings"):
            for problem in obj[kind]:
                line = problem.get("line") or obj.get("line") or 1
                out.append((line - 1, problem["rule"], problem["message"], kind[:-1]))
    return out


# -- the mutations ---------------------------------------------------------------------------


def _items(line: str) -> tuple[list[str], str]:
    body, comment = split_comment(line)
    return body.split(SEP), comment


def _join(items: list[str], comment: str) -> str:
    return SEP.join(items) + comment


def _one_more(item: str, pattern: str) -> str | None:
    m = re.search(pattern, item)
    if m is None:
        return None
    return item[: m.start("n")] + str(int(m["n"]) + 1) + item[m.end("n") :]


def _figure(line: str, pattern: str, rng: random.Random) -> str | None:
    items, comment = _items(line)
    places = [i for i, item in enumerate(items) if re.search(pattern, item)]
    if not places:
        return None
    at = rng.choice(places)
    items[at] = _one_more(items[at], pattern) or items[at]
    return _join(items, comment)


def _seats(hand_line: str) -> list[tuple[str, str | None]]:
    items, _ = _items(hand_line)
    seats: list[tuple[str, str | None]] = []
    for item in items[2:]:
        parts = item.split()
        if parts and parts[0].isdigit():
            parts = parts[1:]
        if len(parts) == 2 and parts[1].isdigit():
            seats.append((parts[0], parts[1]))
        elif len(parts) == 1:
            seats.append((parts[0], None))
    return seats


def _start_stacks(night: Night, hand: int) -> dict[str, int] | None:
    """Each player's stack at the hand's deal, from the untouched night (None: unknown)."""
    begin, end = night.hands[hand]
    stacks: dict[str, int] = {}
    stated = dict(_seats(night.lines[begin]))
    before = night.objects[hand - 1] if hand > 0 else None
    if before is not None and before["table"] != night.objects[hand].get("table"):
        before = None
    for name, stack in stated.items():
        if stack is not None:
            stacks[name] = int(stack)
            continue
        finals: dict[str, int] = before["final_stacks"] if before else {}
        if name not in finals:
            return None
        stacks[name] = finals[name]
        for line in night.lines[begin + 1 : end]:
            for item in _items(line)[0]:
                if (m := CHANGES.match(item)) and m["name"] == name:
                    sign = -1 if m["verb"] == "cashes out" else 1
                    stacks[name] += sign * int(m["n"])
    return stacks


def mutate(night: Night, hand: int, kind: str, rng: random.Random) -> Mutation | None:
    """A mistake of ``kind`` in the night's hand (None: the hand has no place for it)."""
    begin, end = night.hands[hand]
    lines = night.lines
    body = list(range(begin + 1, end))

    def pick(test: Callable[[int], bool]) -> int | None:
        places = [i for i in body if test(i)]
        return rng.choice(places) if places else None

    def first_word(i: int) -> str:
        return lines[i].split(" ", 1)[0]

    def actions(i: int) -> list[str]:
        items = _items(lines[i])[0]
        return [item for item in items if ACTION.match(item)]

    new: str | None = None
    at: int | None = None
    if kind == "bet":
        pattern = r"(?:bets|calls|raises to) (?P<n>\d+)"
        at = pick(lambda i: bool(re.search(pattern, split_comment(lines[i])[0])))
        new = None if at is None else _figure(lines[at], pattern, rng)
    elif kind == "collect":
        pattern = r"collects (?P<n>\d+)"
        at = pick(lambda i: bool(re.search(pattern, lines[i])))
        new = None if at is None else _figure(lines[at], pattern, rng)
    elif kind == "final":
        at = pick(lambda i: lines[i].startswith("final:"))
        new = None if at is None else _figure(lines[at], r"\S+ (?P<n>\d+)$", rng)
    elif kind == "stack":
        stacks = _start_stacks(night, hand)
        seats = _seats(lines[begin])
        if not stacks or not seats:
            return None
        name = rng.choice([n for n, _ in seats])
        items, comment = _items(lines[begin])
        for i, item in enumerate(items[2:], 2):
            if item.split()[-1] == name or item.split()[-2:-1] == [name]:
                items[i] = f"{name} {stacks[name] + 1}"
        at, new = begin, _join(items, comment)
    elif kind == "card":
        at = pick(lambda i: first_word(i) == "deal:")
        if at is None:
            at = pick(lambda i: first_word(i) == "show:")
        if at is None:
            return None
        items, comment = _items(lines[at])
        items[0] = items[0].removeprefix(first_word(at) + " ")
        held = [
            (k, j)
            for k, item in enumerate(items)
            for j, w in enumerate(item.split())
            if CARD.match(w)
        ]
        owners = {k for k, _ in held}
        if len(owners) < 2:
            return None
        (k1, j1), (k2, j2) = rng.sample(held, 2)
        while k1 == k2:
            (k1, j1), (k2, j2) = rng.sample(held, 2)
        words = items[k2].split()
        words[j2] = items[k1].split()[j1]
        items[k2] = " ".join(words)
        new = first_word(at) + " " + _join(items, comment)
    elif kind == "turn":
        at = pick(lambda i: len({a.split()[0] for a in actions(i)}) > 1)
        if at is None:
            return None
        items, comment = _items(lines[at])
        pairs = [
            k
            for k in range(len(items) - 1)
            if ACTION.match(items[k])
            and ACTION.match(items[k + 1])
            and items[k].split()[0] != items[k + 1].split()[0]
        ]
        k = rng.choice(pairs)
        items[k], items[k + 1] = items[k + 1], items[k]
        new = _join(items, comment)
    elif kind in ("delete", "delete-result"):
        results = ("show:", "pot") if kind == "delete-result" else ()
        at = pick(
            lambda i: (
                bool(lines[i].strip())
                and not lines[i].startswith("#")
                and first_word(i) not in ("deal:", "final:")
                and not CHANGES.match(_items(lines[i])[0][0])
                and (first_word(i) in results or " collects " in lines[i]) == (kind != "delete")
            )
        )
        return None if at is None else Mutation(kind, at, (), hand)
    elif kind == "name":
        at = pick(lambda i: bool(actions(i)) or first_word(i) == "draw:")
        if at is None:
            return None
        name = re.sub(r"^draw: ", "", lines[at]).split()[0]
        misspelt = name[0] + name[2] + name[1] + name[3:] if len(name) > 2 else name + "x"
        if misspelt == name:
            misspelt = name + "e"
        new = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", misspelt, lines[at], count=1)
    elif kind in ("draw", "draw-count"):
        cards = r"(?:\S+ )+-> \S+" if kind == "draw" else r"\d$"
        entry = re.compile(rf"^\S+ {cards}")
        at = pick(
            lambda i: first_word(i) == "draw:" and any(entry.match(e) for e in _entries(lines[i]))
        )
        if at is None:
            return None
        items, comment = _items(lines[at])
        items[0] = items[0].removeprefix("draw: ")
        k = rng.choice([k for k, e in enumerate(items) if entry.match(e)])
        words = items[k].split()
        if kind == "draw":
            arrow = words.index("->")
            if arrow > 2:  # several discards named: one fewer
                del words[arrow - 1]
            else:  # a count or one card: one more received
                words.append(words[-1])
        else:
            words[1] = str(int(words[1]) % 4 + 1)
        items[k] = " ".join(words)
        new = "draw: " + _join(items, comment)
    elif kind == "id":
        if hand == 0:
            return None
        previous = lines[night.hands[hand - 1][0]].split(SEP, 1)[0]
        items, comment = _items(lines[begin])
        items[0] = previous
        at, new = begin, _join(items, comment)
    elif kind == "button":
        items, comment = _items(lines[begin])
        names = [n for n, _ in _seats(lines[begin])]
        button = items[1].removeprefix("button ")
        if button not in names or len(names) < 3:
            return None
        items[1] = "button " + names[(names.index(button) + 1) % len(names)]
        at, new = begin, _join(items, comment)
    if at is None or new is None or new == lines[at]:
        return None
    return Mutation(kind, at, (new,), hand)


def _entries(line: str) -> list[str]:
    items = _items(line)[0]
    items[0] = items[0].removeprefix("draw: ")
    return items


def applied(lines: list[str], mutations: list[Mutation]) -> tuple[list[str], list[int]]:
    """The night with the mutations made, and where each one's line is now."""
    out = list(lines)
    for m in sorted(mutations, key=lambda m: -m.index):
        out[m.index : m.index + 1] = list(m.lines)
    moved = []
    for m in mutations:
        moved.append(m.index - sum(1 for o in mutations if not o.lines and o.index < m.index))
    return out, moved


# -- judging ---------------------------------------------------------------------------------


@dataclass
class Judged:
    verdicts: list[str]
    cascades: list[tuple[int, str]]
    """Untouched hands with an error the mistakes added: the hand and the first error."""
    reported: list[str]


def judge(night: Night, mutations: list[Mutation], path: Path) -> Judged:
    lines, moved = applied(night.lines, mutations)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    baseline = Counter((rule, message) for _, rule, message, _ in found(night.objects))
    new = []
    for line, rule, message, kind in found(check_json(path)):
        if baseline[(rule, message)]:
            baseline[(rule, message)] -= 1
        else:
            new.append((line, rule, message, kind))
    starts = [begin for begin, _ in hand_ranges(lines)]

    def hand_of(line: int) -> int:
        return max((h for h, s in enumerate(starts) if s <= line), default=0)

    touched = sorted({m.hand for m in mutations})
    verdicts = []
    for m, at in zip(mutations, moved, strict=True):
        targets = {at - 1, at} if not m.lines else {at}
        after = [h for h in touched if h > m.hand]
        last = (after[0] - 1) if after else len(starts) - 1
        mine = [(p[0], p[2]) for p in new if m.hand <= hand_of(p[0]) <= last]
        said = [verdict_of(p, targets, starts[m.hand]) for p in mine] or [
            verdict_of(None, targets, 0)
        ]
        verdicts.append(min(said, key=VERDICTS.index))  # the best placed of its problems
    cascades = []
    for h in range(len(starts)):
        errors = [p for p in new if p[3] == "error" and hand_of(p[0]) == h]
        if h not in touched and errors:
            cascades.append((h, f"{errors[0][1]}: {errors[0][2][:120]}"))
    reported = [f"{p[0] + 1}: {p[2].splitlines()[0][:140]} [{p[1]}]" for p in new[:4]]
    return Judged(verdicts, cascades, reported)


# -- shrinking -------------------------------------------------------------------------------


def shrunk(
    night: Night, mutations: list[Mutation], keep: Callable[[Judged], bool], path: Path
) -> str:
    """The smallest night (a run of whole hands) in which ``keep`` still holds of the
    mistakes: hands dropped from the front (the first kept one stating every stack, and a
    carried pot) and from the back."""
    first = min(m.hand for m in mutations)
    start, stop = 0, len(night.hands)
    for begin in range(first, 0, -1):
        trial = _cut(night, begin, stop, mutations, path)
        if trial is not None and keep(judge(*trial, path)):
            start = begin
            break
    for end in range(max(m.hand for m in mutations) + 1, stop):
        trial = _cut(night, start, end, mutations, path)
        if trial is not None and keep(judge(*trial, path)):
            stop = end
            break
    cut = _cut(night, start, stop, mutations, path) or (night, mutations)
    return "\n".join(applied(cut[0].lines, cut[1])[0])


def _cut(
    night: Night, start: int, stop: int, mutations: list[Mutation], path: Path
) -> tuple[Night, list[Mutation]] | None:
    """Hands ``start`` to ``stop`` of the night (and every line outside a hand before
    them), the mistakes moved with them (None: the first kept hand cannot state its stacks,
    or a mistake is on its hand line)."""
    begin = night.hands[start][0]
    if start and any(m.index == begin for m in mutations):
        return None
    stacks = _start_stacks(night, start) if start else {}
    if stacks is None:
        return None
    inside = {i for b, e in night.hands[:start] for i in range(b, e)}
    end = night.hands[stop][0] if stop < len(night.hands) else len(night.lines)
    where: dict[int, int] = {}
    lines: list[str] = []
    for i, line in enumerate(night.lines[:end]):
        if i in inside:
            continue
        if i == begin and start:
            items, comment = _items(line)
            seats = [f"{name} {stacks[name]}" for name, _ in _seats(line)]
            line = _join([*items[:2], *seats], comment)
            carried = night.objects[start - 1].get("carry_out")
            if carried and night.objects[start - 1].get("table") == night.objects[start].get(
                "table"
            ):
                where[i] = len(lines)
                lines += [line, f"carry in {carried}"]
                continue
        where[i] = len(lines)
        lines.append(line)
    kept = [m for m in mutations if m.index in where]
    if len(kept) < len(mutations):
        return None
    cut = read_night(night.name, lines, path)
    moved = [Mutation(m.kind, where[m.index], m.lines, m.hand - start) for m in kept]
    return cut, moved


def read_night(name: str, lines: list[str], path: Path) -> Night:
    """The night and what ``check --json`` says of it untouched."""
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Night(name, lines, hand_ranges(lines), check_json(path))


def nights(hands: int, path: Path) -> list[Night]:
    """The examples and a simulated night of each game and structure (4 players; 6 with
    cards known at the showdown only)."""
    out = []
    for example in sorted((REPO / "examples").glob("*.bhh")):
        out.append(read_night(example.name, example.read_text(encoding="utf-8").splitlines(), path))
    for game in GAMES:
        for structure in STRUCTURES:
            for players, cards in ((4, "all"), (6, "showdown")):
                sim = simulated_file(
                    hands,
                    players=players,
                    game=game,
                    structure=structure,
                    seed=7,
                    cards=cards,  # type: ignore[arg-type]
                )
                name = f"{game} {structure} {players}p {cards}"
                out.append(read_night(name, sim.read_text(encoding="utf-8").splitlines(), path))
    return out


@dataclass
class Tally:
    verdicts: Counter[tuple[str, str]] = field(default_factory=Counter)
    masked: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(``K=n`` or ``one hand``, kind): mistakes found alone at their line, not beside others."""
    cascades: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(kind, or ``K=n`` / ``one hand``; the rule): untouched hands with an added error."""
    noted: Counter[tuple[str, str]] = field(default_factory=Counter)
    shown: list[tuple[str, str, str]] = field(default_factory=list)
    """(verdict or ``cascade``, what, the shrunk night)."""


def run(args: argparse.Namespace, path: Path) -> Tally:
    rng = random.Random(args.seed)
    tally = Tally()
    alone: dict[tuple[str, Mutation], str] = {}
    every = nights(args.hands, path)
    for night in every:
        if any(obj["errors"] for obj in night.objects):
            print(f"  skipped {night.name}: not clean untouched")
            continue
        for kind in KINDS:
            places = [h for h in range(len(night.hands))]
            rng.shuffle(places)
            done = 0
            for hand in places:
                m = mutate(night, hand, kind, rng)
                if m is None:
                    continue
                judged = judge(night, [m], path)
                verdict = judged.verdicts[0]
                alone[(night.name, m)] = verdict
                tally.verdicts[(kind, verdict)] += 1
                _note(tally, night, [m], judged, args, path)
                done += 1
                if done == args.sites:
                    break
        if len(night.hands) < 2:
            continue
        for k in range(2, 6):
            for _ in range(args.combos):
                hands = sorted(rng.sample(range(len(night.hands)), min(k, len(night.hands))))
                ms = [m for h in hands if (m := mutate(night, h, rng.choice(KINDS), rng))]
                if len(ms) < 2:
                    continue
                _combo(tally, night, ms, alone, args, path, f"K={len(ms)}")
        for _ in range(args.combos):
            hand = rng.randrange(len(night.hands))
            ms = [m for kind in rng.sample(KINDS, 4) if (m := mutate(night, hand, kind, rng))]
            ms = [m for i, m in enumerate(ms) if m.index not in {o.index for o in ms[:i]}][:2]
            if len(ms) == 2:
                _combo(tally, night, ms, alone, args, path, "one hand")
    return tally


def _combo(
    tally: Tally,
    night: Night,
    ms: list[Mutation],
    alone: dict[tuple[str, Mutation], str],
    args: argparse.Namespace,
    path: Path,
    label: str,
) -> None:
    judged = judge(night, ms, path)
    for m, verdict in zip(ms, judged.verdicts, strict=True):
        tally.verdicts[(f"{label}", verdict)] += 1
        if (night.name, m) not in alone:
            alone[(night.name, m)] = judge(night, [m], path).verdicts[0]
        if alone[(night.name, m)] == "line" and verdict != "line":
            tally.masked[(label, m.kind)] += 1
            tally.noted[("masked", m.kind)] += 1
            if tally.noted[("masked", m.kind)] > args.show:
                continue
            what = f"{label}: {m.kind} masked ({verdict}) beside {[o.kind for o in ms if o != m]}"
            k = ms.index(m)
            text = shrunk(night, ms, partial(_not_at_line, k), path)
            tally.shown.append(("masked", f"{night.name}: {what}", text))
    for _, first in judged.cascades:
        tally.cascades[(label, first.split(":")[0])] += 1


def _not_at_line(k: int, judged: Judged) -> bool:
    return judged.verdicts[k] != "line"


def _note(
    tally: Tally,
    night: Night,
    ms: list[Mutation],
    judged: Judged,
    args: argparse.Namespace,
    path: Path,
) -> None:
    verdict = judged.verdicts[0]
    m = ms[0]
    for _, first in judged.cascades:
        tally.cascades[(m.kind, first.split(":")[0])] += 1
    if verdict == "line" and not judged.cascades:
        return
    if judged.cascades:
        verdict = "cascade"
    tally.noted[(verdict, m.kind)] += 1
    if tally.noted[(verdict, m.kind)] > args.show:
        return
    if verdict == "cascade":

        def keep(j: Judged) -> bool:
            return bool(j.cascades)
    else:

        def keep(j: Judged) -> bool:
            return j.verdicts[0] == verdict

    text = shrunk(night, ms, keep, path) if args.show else ""
    what = f"{night.name}: {m.kind} at line {m.index + 1}: {judged.reported or '-'}"
    what += f" {judged.cascades[:2]}" if judged.cascades else ""
    tally.shown.append((verdict, what, text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=12, help="hands a simulated night")
    parser.add_argument("--sites", type=int, default=3, help="places a night for each kind alone")
    parser.add_argument("--combos", type=int, default=3, help="nights a night for each K")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="shrunk nights shown per verdict")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tally = run(args, Path(tmp) / "night.bhh")
    print("one mistake a night (K = 1), by kind:")
    labels = [*KINDS, *(f"K={k}" for k in range(2, 6)), "one hand"]
    for label in labels:
        row = {v: tally.verdicts[(label, v)] for v in VERDICTS}
        total = sum(row.values())
        if not total:
            continue
        if label == "K=2":
            print("several mistakes a night, every one of them:")
        print(
            f"  {label:<13} {row['line']:4}/{total:<4} at the line ({row['line'] / total:6.1%}), "
            f"{row['header']:3} at the hand's first line, {row['elsewhere']:3} elsewhere, "
            f"{row['unseen']:3} not at all"
        )
    for label in labels[len(KINDS) :]:
        masked = {k: n for (where, k), n in sorted(tally.masked.items()) if where == label}
        if masked:
            print(f"  masked, {label} (found alone at its line, not beside the others): {masked}")
    print("cascades: untouched hands with an error the mistakes added, by its rule:")
    for label in labels:
        rules = {r: n for (where, r), n in sorted(tally.cascades.items()) if where == label}
        if rules:
            print(f"  {label:<13} {sum(rules.values()):4} hands: {rules}")
    for verdict, what, text in tally.shown:
        print(f"--- {verdict}: {what}")
        if text:
            print("    " + text.replace("\n", "\n    "))


if __name__ == "__main__":
    main()
