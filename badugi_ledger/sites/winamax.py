"""Winamax hand histories: recognised, so a folder of mixed site files can be checked as a whole.

Winamax deals no Badugi in the corpus we test against (its files there are 2-7 triple draw),
so this reader only recognises each hand by its header: hands of other games are skipped like
in every reader, and a Badugi hand is reported with rule ``unsupported-format`` (it would need
a real reader; none is guessed at).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator

from ..model.copies import RECENT_HANDS
from ..model.errors import ImportFormatError, Position
from ..model.limits import quote
from .carry import lines_held
from .common import ImportItem, SkippedHand
from .files import chunk_hands, first_cut

ORIGIN = "winamax"

HAND_START = re.compile(r"Winamax Poker - ")
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>\S++).*? - HandId: #(?P<id>[\d-]++) - (?P<game>.{1,100}?)"
    r" (?:\(|- \d{4}/)"
)
"""A hand's first line: ``Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7
Triple Draw fixed limit (25€/50€) - …`` (a tournament's names it between the kind and the
number).  The kind is one word: a pattern that took it up to the next ``-`` possessively took
its trailing blank too, and so read no header at all."""


def read_winamax(lines: Iterable[str], source: str = "<winamax>") -> Iterator[ImportItem]:
    """Every hand of a Winamax history: other games skipped, Badugi reported as unsupported.

    A copy of a Badugi hand (its number again, its lines the same: pasted twice) is reported
    as the copy it is (``duplicate-hand``, naming the first's line), as the other readers
    report a copy of a hand they refused, not as a second hand that cannot be imported."""
    refused: OrderedDict[str, tuple[int, int]] = OrderedDict()  # number -> (line, lines held)
    for start, hand_lines, problem, _ in chunk_hands(lines, HAND_START, source):
        problem = problem or first_cut(hand_lines, start, source)  # no hand is read
        if problem is not None:
            yield problem
            continue
        pos = Position(source, start + 1, 1)
        header = _HEADER.match(hand_lines[0].lstrip("\ufeff"))
        hand_id = quote(header["id"]) if header else None
        game = header["game"] if header else "unknown game"
        if "badugi" in game.lower() or "badacey" in game.lower() or "badeucey" in game.lower():
            held = lines_held(hand_lines)
            first = refused.get(hand_id) if hand_id is not None else None
            if first is not None and first[1] == held:
                yield ImportFormatError(
                    f"hand {hand_id} is written twice at this table (first at line {first[0]}), "
                    "and the first was refused: remove the copy",
                    position=pos,
                    hand=hand_id,
                    rule="duplicate-hand",
                )
                continue
            if hand_id is not None and first is None:
                if len(refused) >= RECENT_HANDS:
                    refused.popitem(last=False)
                refused[hand_id] = (start + 1, held)
            yield ImportFormatError(
                f"Winamax {quote(game)} hands cannot be imported yet",
                position=pos,
                hand=hand_id,
                rule="unsupported-format",
            )
        else:
            yield SkippedHand(source, hand_id, game, pos)
