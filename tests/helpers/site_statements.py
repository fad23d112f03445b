"""What a site's hand history states about each hand, read by patterns of the tests' own.

The readers in ``badugi_ledger/sites`` turn a hand into events and the replay computes its
figures; this module reads only the figures the site printed (seat stacks, uncalled bets
returned, what each player collected, the total pot and rake, KingsClub's final stacks and
nets, the button, cards shown, PokerStars' tournament places and prizes), independently of
the readers, so a test can hold the replay to the site's own word.  Amounts are cents at a
table of money and chips otherwise, as the ledger keeps them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

AMOUNT = r"[$€£]?[\d,]+(?:\.\d+)?"


@dataclass
class Statement:
    """One hand as its site's file states it."""

    hand_id: str
    line: int
    table: str
    money: bool
    stacks: dict[str, int] = field(default_factory=dict)
    returned: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    """What each player collected, as the winner lines say (see :attr:`won_with_returns`)."""
    won_with_returns: bool | None = False
    """Whether the winner's line counts the uncalled bet handed back in: Merge's does; the
    fixtures hold KingsClub's in both wordings (``tests/fixtures/sites/SOURCES.md``): None."""
    summary_won: dict[str, int] = field(default_factory=dict)
    total: int | None = None
    rake: int | None = None
    finals: dict[str, int] = field(default_factory=dict)
    nets: dict[str, int] = field(default_factory=dict)
    button: int | None = None
    shown: dict[str, frozenset[str]] = field(default_factory=dict)
    places: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    """PokerStars: ``X finished the tournament in 3rd place and received $1.60.``"""

    def amount(self, text: str) -> int:
        value = Decimal(text.lstrip("+$€£").replace(",", ""))
        return int(value * 100) if self.money else int(value)


def _add(into: dict[str, int], name: str, amount: int) -> None:
    into[name] = into.get(name, 0) + amount


def _cards(text: str, sep: str | None = None) -> frozenset[str]:
    return frozenset(text.split(sep))


def decoded_lines(path: Path) -> list[str]:
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        text = data.decode("utf-8-sig", errors="replace")
    return [line.rstrip() for line in re.split(r"\r\n|\r|\n", text)]


_STARS = re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #(\d+):(.*)$")
_SUMMARY_WON = re.compile(
    r"Seat \d+: (.+?) (?:\([^)]*\) )?(?:showed \[[^\]]*\] and won|collected) \((" + AMOUNT + r")\)"
)
_TOTAL = re.compile(r"Total pot (" + AMOUNT + r").*\| Rake (" + AMOUNT + r")")


def pokerstars(lines: list[str]) -> list[Statement]:
    hands: list[Statement] = []
    hand: Statement | None = None
    summary = False
    for number, line in enumerate(lines, 1):
        if m := _STARS.match(line):
            money = "Tournament" not in m[2] and any(c in m[2] for c in "$€£")
            hand = Statement(m[1], number, "", money)
            hands.append(hand)
            summary = False
        elif hand is None:
            continue
        elif line == "*** SUMMARY ***":
            summary = True
        elif summary:
            if m := _TOTAL.match(line):
                hand.total, hand.rake = hand.amount(m[1]), hand.amount(m[2])
            elif m := _SUMMARY_WON.match(line):
                hand.summary_won[m[1]] = hand.amount(m[2])
        elif m := re.match(r"Table '([^']+)'.* Seat #(\d+) is the button", line):
            hand.table, hand.button = m[1], int(m[2])
        elif m := re.match(r"Seat \d+: (.+?) \((" + AMOUNT + r") in chips", line):
            hand.stacks[m[1]] = hand.amount(m[2])
        elif m := re.match(r"Uncalled bet \((" + AMOUNT + r")\) returned to (.+)$", line):
            _add(hand.returned, m[2], hand.amount(m[1]))
        elif m := re.match(
            r"(.+) collected (" + AMOUNT + r") from (?:pot|main pot|side pot)", line
        ):
            _add(hand.collected, m[1], hand.amount(m[2]))
        elif m := re.match(r"(.+): shows \[([^\]]*)\]", line):
            hand.shown[m[1]] = _cards(m[2])
        elif m := re.match(
            r"(.+) finished the tournament in (\d+)\w\w place(?: and received \$([\d.,]+)\.)?$",
            line,
        ):
            prize = int(Decimal(m[3].replace(",", "")) * 100) if m[3] else None
            hand.places[m[1]] = (int(m[2]), prize)
    return hands


_TILT = re.compile(r"Full ?Tilt ?Poker Game #(\d+): Table (.+?) (?:\(.*?\) )?- (.*)$")


def fulltilt(lines: list[str]) -> list[Statement]:
    hands: list[Statement] = []
    hand: Statement | None = None
    summary = False
    for number, line in enumerate(lines, 1):
        if m := _TILT.match(line):
            hand = Statement(m[1], number, m[2], any(c in m[3] for c in "$€£"))
            hands.append(hand)
            summary = False
        elif hand is None:
            continue
        elif line == "*** SUMMARY ***":
            summary = True
        elif summary:
            if m := _TOTAL.match(line):
                hand.total, hand.rake = hand.amount(m[1]), hand.amount(m[2])
            elif m := _SUMMARY_WON.match(line):
                hand.summary_won[m[1]] = hand.amount(m[2])
        elif m := re.match(r"Seat \d+: (.+?) \((" + AMOUNT + r")\)", line):
            hand.stacks[m[1]] = hand.amount(m[2])
        elif m := re.match(r"The button is in seat #(\d+)", line):
            hand.button = int(m[1])
        elif m := re.match(r"Uncalled bet of (" + AMOUNT + r") returned to (.+)$", line):
            _add(hand.returned, m[2], hand.amount(m[1]))
        elif m := re.match(
            r"(.+?) (?:wins|ties for) the (?:main |side )?pot(?: #?\d+)? \((" + AMOUNT + r")\)",
            line,
        ):
            _add(hand.collected, m[1], hand.amount(m[2]))
        elif m := re.match(r"(.+) shows \[([^\]]*)\]", line):
            hand.shown[m[1]] = _cards(m[2])
    return hands


def merge(lines: list[str]) -> list[Statement]:
    hands: list[Statement] = []
    hand: Statement | None = None
    seats: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        if m := re.search(r'<game id="([^"]+)".*realmoney="(\w+)".*data="[^|]*\|([^|(]+)', line):
            hand = Statement(m[1], number, m[3].strip(), m[2] == "true", won_with_returns=True)
            hands.append(hand)
            seats = {}
        elif hand is None:
            continue
        elif m := re.search(r'<players dealer="(\d+)"', line):
            hand.button = int(m[1]) + 1
        elif m := re.search(r'<player seat="(\d+)" nickname="([^"]*)" balance="([^"]*)"', line):
            seats[m[1]] = m[2]
            hand.stacks[m[2]] = hand.amount(m[3])
        elif m := re.search(r'<winner amount="([^"]*)" uncalled="(\w+)" .*player="(\d+)"', line):
            _add(hand.collected, seats[m[3]], hand.amount(m[1]))
        elif m := re.search(r'<cards type="SHOWN" cards="([^"]*)" player="(\d+)"', line):
            hand.shown[seats[m[2]]] = _cards(m[1], ",")
    return hands


def kingsclub(lines: list[str]) -> list[Statement]:
    hands: list[Statement] = []
    hand: Statement | None = None
    summary = False
    for number, line in enumerate(lines, 1):
        if m := re.match(r"#(\d+): .+ - [\d.,]+/[\d.,]+$", line):
            hand = Statement(m[1], number, "", True, won_with_returns=None)
            hands.append(hand)
            summary = False
        elif hand is None:
            continue
        elif line == "*** SUMMARY ***":
            summary = True
        elif summary:
            if m := re.match(r"Seat \d+: (.+?) \((" + AMOUNT + r")\) ([+-]?[\d.,]+)$", line):
                hand.finals[m[1]] = hand.amount(m[2])
                net = hand.amount(m[3].lstrip("-"))
                hand.nets[m[1]] = -net if m[3].startswith("-") else net
            elif m := re.match(r"Rake (" + AMOUNT + r")$", line):
                hand.rake = hand.amount(m[1])
            elif m := re.match(r"(.+) wins (?:pot )?\((" + AMOUNT + r")\)", line):
                _add(hand.collected, m[1], hand.amount(m[2]))
        elif m := re.match(r"Table '([^']+)' Seat (\d+) is the button", line):
            hand.table, hand.button = m[1], int(m[2])
        elif m := re.match(r"Seat \d+: (.+?) \((" + AMOUNT + r")\)$", line):
            hand.stacks[m[1]] = hand.amount(m[2])
        elif m := re.match(r"(.+) shows \[([^\]]*)\]", line):
            hand.shown[m[1]] = _cards(m[2])
    return hands


SITES = {"pokerstars": pokerstars, "fulltilt": fulltilt, "merge": merge, "kingsclub": kingsclub}


def statements(path: Path, site: str) -> dict[str, Statement]:
    """Each hand of ``path`` (a ``site`` file) by its number, as the site states it."""
    return {hand.hand_id: hand for hand in SITES[site](decoded_lines(path))}
