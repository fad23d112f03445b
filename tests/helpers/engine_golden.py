"""Inputs and the recorded verdicts of the engine-equivalence test (tests/test_engine_golden.py).

The test holds what ``check --json`` says about a fixed set of hands - every verdict, message,
position, final stack, payout and pot - equal to what the engine said when the fixture was
written, so the reader, replay and settlement can be rebuilt for speed while every rule and
message stays as it was.  The hands:

* simulated sessions of every game and structure (``simulate_hands``, fixed seeds), written
  as our text;
* the same texts with seeded typing mistakes (a number, verb, card or player changed, an entry
  dropped, doubled or swapped, a line dropped or moved): every kind of rule and message;
* the Badugi fixed-limit sessions written as PHH (our PHH writer) and, mutated, as PHH too;
* every file of the shared corpus of real site histories (``../shared/corpus``).

Regenerate the fixture only when a change of verdict or message is intended, and say why in
the commit::

    python -m tests.helpers.engine_golden --write
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.settings import STRUCTURE_KINDS
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.text.writer import write_hands
from tests.helpers.paths import CORPUS

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "engine_golden.jsonl.gz"
HANDS = 24
MUTATED_COPIES = 3
MUTATIONS_PER_COPY = 6

_NUMBER = re.compile(r"\b\d+\b")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_VERBS = ("folds", "checks", "calls", "bets 2", "raises to 6", "calls 3 all-in", "mucks", "pat")
_SEPARATOR = " · "


def simulated_texts() -> Iterator[tuple[str, str]]:
    """(file name, text) of one simulated session per game and structure."""
    for g, game in enumerate(GAME_NAMES):
        for s, structure in enumerate(STRUCTURE_KINDS):
            options = SimulationOptions(
                hands=HANDS,
                players=3 + (g + s) % 4,
                game=game,
                structure=structure,
                seed=100 + 10 * g + s,
                session_hands=HANDS // 2,
                min_stack=2,
                max_stack=30,
            )
            text = "".join(write_hands(simulate_hands(options)))
            yield f"sim-{game}-{structure}.bhh", text


def _mutate_line(line: str, rng: random.Random) -> str | None:
    """One typing mistake in ``line``, or None when this kind does not apply to it."""
    kind = rng.randrange(9)
    if kind == 0:
        numbers = list(_NUMBER.finditer(line))
        if not numbers:
            return None
        m = rng.choice(numbers)
        value = int(m.group()) + rng.choice((-2, -1, 1, 2, 10))
        return line[: m.start()] + str(max(value, 0)) + line[m.end() :]
    if kind == 1:
        cards = list(_CARD.finditer(line))
        if not cards:
            return None
        m = rng.choice(cards)
        return (
            line[: m.start()] + rng.choice("23456789TJQKA") + rng.choice("cdhs") + line[m.end() :]
        )
    pieces = line.split(_SEPARATOR)
    i = rng.randrange(len(pieces))
    words = pieces[i].split(" ")
    if kind == 2 and len(words) >= 2:
        pieces[i] = " ".join(words[:1] + rng.choice(_VERBS).split(" "))
    elif kind == 3 and len(pieces) >= 2:
        del pieces[i]
    elif kind == 4:
        pieces.insert(i, pieces[i])
    elif kind == 5 and len(pieces) >= 2:
        j = rng.randrange(len(pieces))
        pieces[i], pieces[j] = pieces[j], pieces[i]
    elif kind == 6 and len(words) >= 2:
        names = re.findall(r"\b[A-Z][a-z]+\b", line)
        if not names:
            return None
        words[0] = rng.choice(names + ["Zed"])
        pieces[i] = " ".join(words)
    elif kind in (7, 8):
        return ""  # the line is dropped or moved, by the caller
    else:
        return None
    return _SEPARATOR.join(pieces)


def mutated(text: str, seed: int) -> str:
    """``text`` with :data:`MUTATIONS_PER_COPY` typing mistakes in its hand lines."""
    rng = random.Random(seed)
    lines = text.split("\n")
    body = [
        i
        for i, line in enumerate(lines)
        if line and not line.startswith(("#", "game", "cash", "table"))
    ]
    done = 0
    while done < MUTATIONS_PER_COPY:
        i = rng.choice(body)
        new = _mutate_line(lines[i], rng)
        if new is None or new == lines[i]:
            continue
        if new == "":
            line = lines.pop(i)
            if rng.random() < 0.5:
                lines.insert(max(i - 1, 0), line)
            else:
                lines.insert(i, "")
            body = [
                k
                for k, line in enumerate(lines)
                if line and not line.startswith(("#", "game", "cash", "table"))
            ]
        else:
            lines[i] = new
        done += 1
    return "\n".join(lines)


def phh_texts(name: str, text: str, folder: Path) -> Iterator[tuple[str, str]]:
    """The hands of ``text`` (written in ``folder``) as PHH files, one per hand."""
    source = folder / name
    source.write_text(text, encoding="utf-8")
    for k, converted in enumerate(convert_hands(source, "phh")):
        if isinstance(converted, ConvertedHand):
            yield f"{name[:-4]}-{k:03d}.phh", converted.text


def inputs(folder: Path) -> list[Path]:
    """Write every input file into ``folder``; the files in the order they are checked."""
    files: list[tuple[str, str]] = []
    for name, text in simulated_texts():
        files.append((name, text))
        for copy in range(MUTATED_COPIES):
            seed = hash_seed(name, copy)
            files.append((f"{name[:-4]}-mutated-{copy}.bhh", mutated(text, seed)))
        if name == "sim-badugi-fixed-limit.bhh":
            phh_folder = folder / "phh"
            phh_folder.mkdir()
            for phh_name, phh in phh_texts(name, text, folder / "phh"):
                files.append((f"phh/{phh_name}", phh))
                if int(phh_name[-7:-4]) % 3 == 0:
                    files.append(
                        (f"phh/mutated-{phh_name}", mutated_phh(phh, hash_seed(phh_name, 0)))
                    )
    paths = []
    for name, text in files:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    (folder / "phh" / "sim-badugi-fixed-limit.bhh").unlink()
    return paths


def mutated_phh(text: str, seed: int) -> str:
    """One number of one PHH action or stack changed."""
    rng = random.Random(seed)
    lines = text.split("\n")
    candidates = [
        i
        for i, line in enumerate(lines)
        if _NUMBER.search(line)
        and line.startswith(("actions", "'", "starting_stacks", "finishing_stacks", "  '"))
    ]
    if not candidates:
        return text
    i = rng.choice(candidates)
    m = rng.choice(list(_NUMBER.finditer(lines[i])))
    lines[i] = (
        lines[i][: m.start()] + str(int(m.group()) + rng.choice((-1, 1, 3))) + lines[i][m.end() :]
    )
    return "\n".join(lines)


def hash_seed(name: str, copy: int) -> int:
    """A seed from a file name that does not depend on Python's string hashing."""
    return sum((k + 1) * ord(c) for k, c in enumerate(name)) * 31 + copy


def corpus_files() -> list[Path]:
    """Every file of the shared corpus, in name order."""
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "SOURCES.md")


def verdicts() -> list[str]:
    """The ``check --json`` lines of every input (paths made relative), in order, each file
    checked on its own: the engine's verdicts on its hands.  (The mutated copies share their
    originals' hand numbers; what a check of several files says of a hand two of them hold is
    ``tests/test_check_across_files.py``'s.)"""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lines = []
        for path in inputs(folder):
            for line in run_check([path], jobs=1).lines(as_json=True):
                lines.append(line.replace(str(folder) + "/", ""))
    for path in corpus_files():
        for line in run_check([path], jobs=1).lines(as_json=True):
            lines.append(line.replace(str(CORPUS) + "/", "corpus/"))
    return lines


def recorded() -> list[str]:
    """The lines stored in the fixture."""
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as handle:
        return handle.read().splitlines()


def by_source(lines: list[str]) -> dict[tuple[str, object], dict[str, object]]:
    """Each line keyed by (source, hand) for a readable difference."""
    out = {}
    for k, line in enumerate(lines):
        data = json.loads(line)
        out[(data["source"], data.get("hand") or k)] = data
    return out


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.helpers.engine_golden --write")
    produced = verdicts()
    with gzip.GzipFile(FIXTURE, "wb", mtime=0) as raw:
        raw.write(("\n".join(produced) + "\n").encode("utf-8"))
    print(f"{len(produced)} hands -> {FIXTURE}")
