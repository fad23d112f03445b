"""How many edited starting stacks in real site files does ``check`` catch?

For each site, a seeded random sample of edits: one Badugi hand of a corpus file
(``shared/corpus``), one of its seat lines, its stack changed to another amount (up or down,
by 1% to 100%, never below zero).  The edited file is checked in process
(``check.CheckRun``); the edit is **caught** when some hand from the edited one on has a
problem (an error, a violation, a mismatch or a warning) that the unedited file does not
have.  Prints caught/total per site and per direction (raised, lowered).

    python benchmarks/bench_sites_tamper.py            # 150 edits per site, seed 1
    python benchmarks/bench_sites_tamper.py --edits 400 --seed 7
"""

from __future__ import annotations

import argparse
import os
import random
import re
import tempfile
from collections import Counter
from pathlib import Path

from badugi_ledger.check import CheckRun, problem_line
from badugi_ledger.sites.files import decode_bytes

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("BADUGI_SHARED", REPO.parent / "shared")) / "corpus"

FILES = {
    "pokerstars": [
        "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
        "pokerstars/LBad-USD-MTT8-201011.txt",
        "pokerstars/LBad-USD-SNG8-201011.txt",
    ],
    "fulltilt": [
        "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
        "fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt",
        "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt",
    ],
    "merge": [
        "merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
        "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
    ],
    "kingsclub": [
        "kingsclub/Badugi-Limit-USD-30-60-202010.txt",
        "kingsclub/Badacey-Limit-USD-22-44-202101.txt",
        "kingsclub/Badeucey-Limit-USD-22-44-202101.txt",
    ],
}

HAND = {
    "pokerstars": re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #"),
    "fulltilt": re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #"),
    "merge": re.compile(r"<game id="),
    "kingsclub": re.compile(r"#\d+: "),
}
BADUGI = re.compile(r"Badugi|Badacey|Badeucey")
STACK = {
    "pokerstars": re.compile(r"^Seat \d+: .+ \((?P<amt>\$?[\d.,]+) in chips"),
    "fulltilt": re.compile(r"^Seat \d+: .+ \((?P<amt>\$[\d.,]+)\)$"),
    "merge": re.compile(r'balance="(?P<amt>\$?[\d.,]+)"'),
    "kingsclub": re.compile(r"^Seat \d+: .+ \((?P<amt>[\d.,]+)\)$"),
}


def _candidates(site: str, lines: list[str]) -> list[int]:
    """Indexes of the seat lines (with a stack) of Badugi-family hands."""
    found = []
    badugi = False
    description_badugi = False
    for i, line in enumerate(lines):
        if site == "merge" and line.startswith("<description"):
            description_badugi = 'type="Badugi"' in line
        if HAND[site].match(line):
            badugi = description_badugi if site == "merge" else bool(BADUGI.search(line))
        if badugi and STACK[site].search(line):
            found.append(i)
    return found


def _edited(line: str, site: str, rng: random.Random) -> tuple[str, str]:
    m = STACK[site].search(line)
    assert m is not None
    text = m["amt"]
    money = "$" in text or "." in text or site != "pokerstars"
    digits = text.replace("$", "").replace(",", "")
    value = round(float(digits) * 100) if money else int(digits)
    change = max(1, int(value * rng.uniform(0.01, 1.0)))
    direction = rng.choice(["raised", "lowered"]) if change <= value else "raised"
    new = value + change if direction == "raised" else value - change
    written = _written(new, money, "$" in text)
    return line[: m.start("amt")] + written + line[m.end("amt") :], direction


def _written(value: int, money: bool, dollar: bool) -> str:
    if not money:
        return str(value)
    return f"{'$' if dollar else ''}{value // 100}.{value % 100:02d}"


def _problems(path: Path) -> list[tuple[str | None, str]]:
    run = CheckRun([path], jobs=1)  # a SiteWarning reaches check once it reports them
    return [
        (o.hand_id, re.sub(r"^[^ ]* ", "", problem_line(o, e)))
        for o in run.outcomes()
        for e in o.errors
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=150, help="edits per site")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", choices=list(FILES))
    parser.add_argument("--show", action="store_true", help="print the edits not caught")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        for site, files in FILES.items():
            if args.site and site != args.site:
                continue
            texts = {}
            for name in files:
                data = (CORPUS / name).read_bytes()
                texts[name] = decode_bytes(data).replace("\r\n", "\n").split("\n")
            slots = [(name, i) for name in files for i in _candidates(site, texts[name])]
            baseline = {}
            for name in files:
                path = Path(tmp) / Path(name).name
                path.write_text("\n".join(texts[name]), encoding="utf-8")
                baseline[name] = Counter(_problems(path))
            caught: Counter[str] = Counter()
            total: Counter[str] = Counter()
            for _ in range(args.edits):
                name = rng.choice(files)
                index = rng.choice([i for n, i in slots if n == name])
                lines = list(texts[name])
                lines[index], direction = _edited(lines[index], site, rng)
                path = Path(tmp) / Path(name).name
                path.write_text("\n".join(lines), encoding="utf-8")
                new = Counter(_problems(path)) - baseline[name]
                total[direction] += 1
                if new:
                    caught[direction] += 1
                elif args.show:
                    print(f"  not caught: {name}:{index + 1}: {lines[index]!r} ({direction})")
            print(
                f"{site:<11} caught {sum(caught.values())}/{sum(total.values())} edits "
                f"(raised {caught['raised']}/{total['raised']}, "
                f"lowered {caught['lowered']}/{total['lowered']}; {len(slots)} seat lines)"
            )


if __name__ == "__main__":
    main()
