"""What every site importer shares: decoding files, money as integers, and a hand draft.

Site histories come as UTF-8 (with or without a byte-order mark), UTF-16 (Full Tilt) or
plain ASCII, with CRLF or LF line ends.  Amounts are printed as ``$0.25``, ``1,285.50`` or
``1500``; the ledger only ever sees integers, so money becomes cents (``GameSettings.currency``
names the currency) and tournament chips stay whole chips.  A money amount that is not a
whole number of cents, or a chip amount with a fraction, is an error, never rounded.

:class:`HandDraft` collects one hand while a reader walks its lines and turns it into the same
:class:`~badugi_ledger.model.events.HandRecord` our own text format produces.  It keeps the rules
the sites share in one place: who was dealt in (a seated player who did nothing at all in
the hand was not dealt in and becomes a :class:`~badugi_ledger.model.events.SitOut`), the hero's
known cards through the draws, and the recorded outcome events (``Collect``, ``PotTotal``,
``RakeTaken``) that the replay verifies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from ..model.cards import Card, parse_card_or_unknown
from ..model.errors import BadugiError, CardError, ImportFormatError, Position
from ..model.events import (
    Action,
    Cards,
    Collect,
    Deal,
    Draw,
    Event,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Session,
    SitOut,
)
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, MAX_QUOTE, amount_problem, quote
from ..model.settings import GameSettings


@dataclass(frozen=True)
class SkippedHand:
    """A hand a reader recognised but does not import: another game (2-7 triple draw, hold'em…).

    Readers yield these so callers can count them; :func:`badugi_ledger.sources.read_hands`
    leaves them out of the stream (they are not errors).
    """

    source: str
    hand_id: str | None
    game: str
    pos: Position
    reason: str = "other game"

    def __str__(self) -> str:
        return f"{self.pos}: hand {self.hand_id}: skipped ({self.reason}: {quote(self.game)})"


@dataclass(frozen=True)
class SiteWarning:
    """What a site file suggests but cannot prove (a hand that seems to be missing before this
    one): not an error, the hand is read as usual.  ``table`` lets a caller resync that
    table's carried stacks."""

    source: str
    hand_id: str | None
    table: str
    pos: Position
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: hand {self.hand_id}: warning: {self.message} [{self.rule}]"


ImportItem = HandRecord | BadugiError | SkippedHand | SiteWarning
"""What a site reader yields for each hand in a file, in file order (a hand's warnings just
before it)."""


# --- decoding ---------------------------------------------------------------------------------


UNREADABLE = (
    KeyError,
    IndexError,
    ValueError,
    AssertionError,
    TypeError,
    AttributeError,
    ArithmeticError,
)
"""What a reader's hand-level code raises when a site file is damaged in a way no rule names
(``ArithmeticError`` covers the decimal module's and integer conversion's failures)."""


def unreadable(exc: BaseException, source: str, line: int) -> ImportFormatError:
    """A damaged hand becomes an error with its position, so one bad hand never stops a file."""
    detail = f"{type(exc).__name__}: {quote(str(exc))}" if str(exc) else type(exc).__name__
    return ImportFormatError(
        f"this hand is damaged and cannot be read ({detail})",
        position=Position(source, line, 1),
        rule="corrupt-hand",
    )


# --- bounds on a site file ----------------------------------------------------------------------

MAX_LINE = 10_000
"""Characters a line of a site history may have.  Sites write short lines (the corpus's longest
is 181 characters); a longer line is a damaged or hostile file, reported with rule
``line-too-long`` without ever being held in memory whole."""

MAX_HAND_CHARS = 1_000_000
"""Characters one hand of a site history may have (the corpus's longest hand has about 6,000):
beyond it the hand is reported with rule ``hand-too-long`` and its further lines are not kept,
so memory stays bounded whatever the file holds."""

MAX_NAME = 100
"""Characters of a player name the site readers accept (sites allow a few dozen at most).  The
readers' patterns look for a name of at most this length, so a line costs time in proportion
to its length, and every error message that names a player stays short."""


NAME = rf"(?P<name>.{{1,{MAX_NAME}}}?)"
"""A player name in a reader's pattern: at most :data:`MAX_NAME` characters, shortest first."""


def won_amount(text: str) -> str | None:
    """The figure of ``and won (x)`` or ``collected (x)`` in a summary seat line, if any.

    >>> won_amount("Hero (button) collected ($1.25)"), won_amount("Hero folded")
    ('$1.25', None)
    """
    found = [
        (at, marker) for marker in ("and won (", "collected (") if (at := text.find(marker)) >= 0
    ]
    if not found:
        return None
    at, marker = min(found)
    begin = at + len(marker)
    end = text.find(")", begin)
    return text[begin:end] if end > begin else None


class CutLine(str):
    """A line longer than :data:`MAX_LINE`: only its first characters are kept (for the error
    message); ``length`` is how long it was."""

    length: int

    def __new__(cls, start: str, length: int) -> CutLine:
        line = super().__new__(cls, start)
        line.length = length
        return line


def cut_line_error(line: CutLine, source: str, index: int) -> ImportFormatError:
    """The located error for an over-long line (0-based ``index``)."""
    return ImportFormatError(
        f"line {index + 1} has {line.length:,} characters, more than the {MAX_LINE:,} a site "
        f"history line may have: {quote(str(line))!r}",
        position=Position(source, index + 1, 1),
        rule="line-too-long",
    )


def decode_bytes(data: bytes) -> str:
    """Text of a history file whatever its encoding; the byte-order mark is dropped.

    >>> decode_bytes(b"\\xef\\xbb\\xbfPokerStars")
    'PokerStars'
    >>> decode_bytes("Full Tilt".encode("utf-16"))
    'Full Tilt'
    >>> decode_bytes("Full".encode("utf-16-le"))
    'Full'
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    head = data[:200]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4:
        return data.decode("utf-16-le", errors="replace")
    if len(head) >= 4 and head[0::2].count(0) > len(head) // 4:
        return data.decode("utf-16-be", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_text(path: str | Path) -> str:
    """Read and decode a whole history file (see :func:`decode_bytes`)."""
    with open(path, "rb") as handle:  # not Path.read_bytes: no Path object per file
        return decode_bytes(handle.read())


def sniff_encoding(head: bytes) -> str:
    """The encoding of a file from its first bytes (a BOM, or the NUL pattern of UTF-16).

    >>> sniff_encoding(b"\\xff\\xfeF\\x00"), sniff_encoding(b"\\xef\\xbb\\xbfP")
    ('utf-16', 'utf-8-sig')
    >>> sniff_encoding(b"abc"), sniff_encoding("Full".encode("utf-16-le"))
    ('utf-8', 'utf-16-le')
    """
    if head.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[:200]
    if len(sample) >= 4 and sample[1::2].count(0) > len(sample) // 4:
        return "utf-16-le"
    if len(sample) >= 4 and sample[0::2].count(0) > len(sample) // 4:
        return "utf-16-be"
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(sample) - 4:  # not just a character cut at the sample's end
            return "cp1252"
    return "utf-8"


def iter_lines(path: str | Path, max_line: int = MAX_LINE) -> Iterator[str]:
    """The lines of a history file without their ends, read lazily (memory stays flat).

    CRLF, LF and lone CR all end a line; the byte-order mark is dropped.  A line longer than
    ``max_line`` characters is never held whole: it comes as a :class:`CutLine` (its start and
    its length), which the readers report as an error.
    """
    with open(path, "rb") as raw:
        head = raw.read(512)
    encoding = sniff_encoding(head)
    with open(path, encoding=encoding, errors="replace", newline=None) as handle:
        while True:
            line = handle.readline(max_line + 1)
            if not line:
                return
            if len(line) > max_line and not line.endswith("\n"):
                length = len(line)
                while True:  # skip the rest of the line, a bounded piece at a time
                    more = handle.readline(max_line + 1)
                    length += len(more)
                    if not more or more.endswith("\n"):
                        length -= more.endswith("\n")
                        break
                yield CutLine(line[: MAX_QUOTE + 1].lstrip("\ufeff"), length)
                continue
            yield line.rstrip("\n").lstrip("\ufeff")


def split_lines(text: str) -> list[str]:
    """Lines without their ends; CRLF, LF and lone CR all end a line (a BOM is removed).

    >>> split_lines("\\ufeffa\\r\\nb\\rc\\n")
    ['a', 'b', 'c', '']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class Chunk(NamedTuple):
    """One hand's lines (``start`` is the 0-based index of its first line), or its problem."""

    start: int
    lines: list[str]
    problem: ImportFormatError | None = None
    """An over-long line or hand: the hand is not read, and only its first lines are kept."""
    hand_id: str | None = None
    """The hand's number from its first line (``starts``' ``id`` group), for errors."""


def chunk_hands(lines: Iterable[str], starts: re.Pattern[str], source: str) -> Iterator[Chunk]:
    """Split a file's lines into hands, lazily: each hand begins at a line ``starts`` matches
    (its ``id`` group, if any, names the hand in errors).

    Lines before the first hand are dropped; blank lines stay (readers ignore them).  A hand
    with a :class:`CutLine` or of more than :data:`MAX_HAND_CHARS` characters comes with its
    problem and keeps no further lines, and a cut line before the first hand comes as a chunk
    of no lines with its error, so memory stays bounded and nothing is dropped silently.
    """
    begin = 0
    chunk: list[str] | None = None
    problem: ImportFormatError | None = None
    hand_id: str | None = None
    size = 0
    for i, line in enumerate(lines):
        start = starts.match(line.lstrip("\ufeff"))
        if start is not None:
            if chunk is not None:
                yield Chunk(begin, chunk, problem, hand_id)
            begin, chunk, problem, size = i, [], None, 0
            found = start.groupdict().get("id")
            hand_id = quote(found) if found is not None else None
        if chunk is None:
            if isinstance(line, CutLine):
                yield Chunk(i, [], cut_line_error(line, source, i))
            continue
        if problem is not None:
            continue
        size += len(line) + 1
        if isinstance(line, CutLine):
            problem = cut_line_error(line, source, i)
        elif size > MAX_HAND_CHARS:
            problem = ImportFormatError(
                f"the hand that starts at line {begin + 1} has more than {MAX_HAND_CHARS:,} "
                "characters; no site writes such a hand",
                position=Position(source, i + 1, 1),
                rule="hand-too-long",
            )
        else:
            chunk.append(line)
            continue
        problem.hand = hand_id
    if chunk is not None:
        yield Chunk(begin, chunk, problem, hand_id)


# --- amounts ----------------------------------------------------------------------------------

_AMOUNT = re.compile(
    r"(?P<sign>[+-]?)[$€£]?(?P<whole>[0-9,]*+)(?:\.(?P<fraction>[0-9]*+))?(?:\s*+(?:USD|EUR|GBP))?"
)


def parse_amount(
    text: str, *, cents: bool, position: Position | None = None, signed: bool = False
) -> int:
    """An amount as printed, as an integer: cents of money when ``cents``, else whole chips.

    Only plain decimal figures are amounts: no exponent, no ``inf`` or ``NaN``, at most
    :data:`~badugi_ledger.model.limits.MAX_DIGITS` digits, within ±2^53 once in cents; a sign only
    where ``signed`` (a KingsClub net result).  Anything else is a ``bad-amount`` error.

    >>> parse_amount("$0.25", cents=True), parse_amount("$5", cents=True)
    (25, 500)
    >>> parse_amount("2,666.24", cents=True), parse_amount("1,500", cents=False)
    (266624, 1500)
    >>> parse_amount("0.125", cents=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ImportFormatError: amount '0.125' is not a whole number of cents ...
    """
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:  # whole chips or dollars
        value = int(text) * 100 if cents else int(text)
        if value <= MAX_AMOUNT:
            return value

    def bad(why: str) -> ImportFormatError:
        return ImportFormatError(
            f"amount {quote(text)!r} {why}", position=position, rule="bad-amount"
        )

    m = _AMOUNT.fullmatch(text.strip())
    whole = m["whole"].replace(",", "") if m is not None else ""
    fraction = (m["fraction"] or "").rstrip("0") if m is not None else ""
    if m is None or not (whole or m["fraction"]):
        return _not_a_number(text, bad)
    if m["sign"] == "-" and not signed:
        raise bad("is negative, which this amount cannot be")
    if len(whole.lstrip("0")) > MAX_DIGITS:
        raise bad(f"has more digits than the largest amount, 2^53 ({MAX_AMOUNT:,})")
    if len(fraction) > (2 if cents else 0):
        raise bad(f"is not a whole number of {'cents' if cents else 'chips'}")
    value = int(whole or "0")
    if cents:
        value = value * 100 + int(fraction.ljust(2, "0"))
    problem = amount_problem(value, "the amount in cents" if cents else "the amount")
    if problem is not None:
        raise bad(f"is too large: {problem}")
    return -value if m["sign"] == "-" else value


def _not_a_number(text: str, bad: Callable[[str], ImportFormatError]) -> int:
    """Why ``text`` is no amount at all (raised, never returned)."""
    lowered = text.lower()
    if "inf" in lowered or "nan" in lowered:
        raise bad("is not a finite number: expected digits such as 1,500 or $0.25")
    if "e" in lowered.lstrip("$€£"):
        raise bad("is written with an exponent: expected digits such as 1,500 or $0.25")
    raise bad("is not a number: expected digits such as 1,500 or $0.25")


def parse_count(text: str, what: str, position: Position | None = None) -> int:
    """A small whole number a site writes (a seat, a button, a number of cards or seats).

    >>> parse_count("6", "seat")
    6
    """
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise ImportFormatError(
            f"{what} {quote(text)!r} is not a whole number of at most {MAX_DIGITS} digits",
            position=position,
            rule="bad-number",
        )
    value = int(text)
    problem = amount_problem(value, what)
    if problem is not None:
        raise ImportFormatError(problem, position=position, rule="bad-number")
    return value


def hand_number(text: str, position: Position | None = None) -> str:
    """A site's hand number as written, once checked to be a number within 2^53.

    >>> hand_number("49164202872")
    '49164202872'
    """
    parse_count(text, "hand number", position)
    return text


def header_time(*parts: str) -> datetime | None:
    """The start of a hand from the header's year, month, day, hour, minute and second (None
    when they make no date).

    >>> header_time("2010", "09", "05", "10", "32", "15")
    datetime.datetime(2010, 9, 5, 10, 32, 15)
    """
    try:
        year, month, day, hour, minute, second = (int(p) for p in parts)
        return datetime(year, month, day, hour, minute, second)
    except (ValueError, OverflowError, TypeError):
        return None


def parse_site_cards(text: str, position: Position | None = None) -> tuple[Card | None, ...]:
    """Cards as sites print them: ``As 3h``, ``Qs,2s``, ``X X X X``; no repeats allowed."""
    tokens = text.replace(",", " ").split()
    try:
        cards = tuple(parse_card_or_unknown(t, position) for t in tokens)
    except CardError as exc:
        raise ImportFormatError(str(exc.message), position=position, rule="bad-card") from None
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise ImportFormatError(
            f"the site lists a card twice in [{text}]", position=position, rule="corrupt-hand"
        )
    return cards


# --- the hand draft ---------------------------------------------------------------------------


@dataclass
class SeatLine:
    number: int
    name: str
    stack: int
    out_of_hand: bool = False


@dataclass
class HandDraft:
    """One hand being read.  Readers append events in order; :meth:`finish` builds the record.

    Deals are inserted at ``deal_index`` when the hand is finished, because who was dealt in
    is only known at the end (everyone who did something in the hand).
    """

    source: str
    hand_id: str
    pos: Position
    origin: str
    text: str = ""
    seats: list[SeatLine] = field(default_factory=list)
    button_seat: int | None = None
    button_name: str | None = None
    events: list[Event] = field(default_factory=list)
    deal_index: int | None = None
    deal_pos: Position | None = None
    hand_size: int = 4
    hero: str | None = None
    hero_cards: list[Card | None] = field(default_factory=list)
    known_deals: dict[str, Cards] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    summary_won: dict[str, int] = field(default_factory=dict)
    active: set[str] = field(default_factory=set)
    round_committed: dict[str, int] = field(default_factory=dict)
    total_committed: dict[str, int] = field(default_factory=dict)
    big_blind_hint: int = 0
    returned: dict[str, int] = field(default_factory=dict)
    added: dict[str, int] = field(default_factory=dict)
    """Chips the file says a player adds for the next hand (Full Tilt's ``X adds $5``)."""
    left: set[str] = field(default_factory=set)
    """Players the file shows leaving or sitting down again during the hand."""
    all_in: set[str] = field(default_factory=set)
    """Players a post or action of the file calls all-in."""
    time: datetime | None = None
    """When the hand started, as the header says (for the time between two hands)."""
    sequence: int | None = None
    """The hand's number among its table's hands, where the site numbers them (Merge)."""
    positions: dict[int, Position] = field(default_factory=dict, repr=False, compare=False)
    """:meth:`at`'s positions by line: events on one line share one (immutable) ``Position``."""

    # -- positions and errors --
    def at(self, line_index: int) -> Position:
        """The position of a line of the file (0-based index → 1-based line)."""
        pos = self.positions.get(line_index)
        if pos is None:
            pos = self.positions[line_index] = Position(self.source, line_index + 1, 1)
        return pos

    def error(
        self, message: str, line_index: int | None = None, rule: str = "corrupt-hand"
    ) -> ImportFormatError:
        pos = self.at(line_index) if line_index is not None else self.pos
        return ImportFormatError(message, position=pos, hand=self.hand_id, rule=rule)

    # -- betting bookkeeping (used to turn "calls to 44" into chips put in, and for checks) --
    def new_round(self) -> None:
        self.round_committed = {}

    def commit(self, player: str, chips: int) -> None:
        self.round_committed[player] = self.round_committed.get(player, 0) + chips
        self.total_committed[player] = self.total_committed.get(player, 0) + chips

    def committed(self, player: str) -> int:
        return self.round_committed.get(player, 0)

    def highest(self) -> int:
        return max(self.round_committed.values(), default=0)

    # -- events --
    def add(self, event: Event) -> None:
        self.events.append(event)
        player = getattr(event, "player", None)
        if player is not None:
            self.active.add(player)

    def post(
        self, player: str, kind: str, amount: int, all_in: bool, line: int, live: bool = True
    ) -> None:
        self.add(Post(player, kind, amount, all_in, self.at(line)))  # type: ignore[arg-type]
        if all_in:
            self.all_in.add(player)
        self.total_committed[player] = self.total_committed.get(player, 0) + amount
        if live:
            self.round_committed[player] = self.round_committed.get(player, 0) + amount

    def action(self, player: str, verb: str, amount: int | None, all_in: bool, line: int) -> None:
        """Record a betting action; ``amount`` follows model/events.py (call: chips in; bet/raise:
        to)."""
        if verb == "call" and amount is not None:
            self.commit(player, amount)
        elif verb in ("bet", "raise") and amount is not None:
            self.commit(player, amount - self.committed(player))
        self.add(Action(player, verb, amount, all_in, self.at(line)))  # type: ignore[arg-type]
        if all_in:
            self.all_in.add(player)

    def posted(self, kind: str) -> int | None:
        """The amount of the first complete (not all-in) post of ``kind``, if any."""
        for event in self.events:
            if isinstance(event, Post) and event.kind == kind and not event.all_in:
                return event.amount
        return None

    def mark_deal(self, line: int) -> None:
        if self.deal_index is None:
            self.deal_index = len(self.events)
            self.deal_pos = self.at(line)

    def hero_deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """The hero's first hand (``Dealt to Hero [..]``)."""
        self.mark_deal(line)
        self.hero = name
        self.known_deals[name] = cards
        self.hero_cards = list(cards)
        self.active.add(name)

    def draw(self, player: str, count: int, discards: Cards | None, line: int) -> None:
        """A draw of ``count`` cards; ``discards`` are known only for the hero."""
        if discards is None or player != self.hero:
            unknown: Cards = (None,) * count
            self.add(Draw(player, unknown, unknown, self.at(line)))
            return
        if len(discards) != count:
            raise self.error(
                f"{player} discards {count} card(s) but the site lists [{format_list(discards)}]",
                line,
            )
        for card in discards:
            if card is not None and card not in self.hero_cards:
                raise self.error(
                    f"{player} discards {card}, a card the site never dealt them", line
                )
        self.add(Draw(player, discards, (None,) * count, self.at(line)))

    def hero_receives(self, kept: Cards, new: Cards, line: int) -> None:
        """``Dealt to Hero [kept] [new]``: fill in the received cards of the hero's last draw."""
        index = len(self.events) - 1
        while index >= 0:
            event = self.events[index]
            if isinstance(event, Draw) and event.player == self.hero:
                break
            index -= 1
        if index < 0:
            raise self.error("the site deals the hero new cards without a discard", line)
        draw = self.events[index]
        assert isinstance(draw, Draw)
        expected_kept = [c for c in self.hero_cards if c not in draw.discards]
        if sorted(map(str, expected_kept)) != sorted(map(str, kept)) or len(new) != draw.count:
            raise self.error(
                f"the site says {self.hero} kept [{format_list(kept)}] and got "
                f"[{format_list(new)}] after discarding [{format_list(draw.discards)}] from "
                f"[{format_list(self.hero_cards)}]",
                line,
            )
        self.events[index] = Draw(draw.player, draw.discards, new, draw.pos)
        self.hero_cards = list(kept) + list(new)

    def hero_pat(self, cards: Cards, line: int) -> None:
        if self.hero_cards and sorted(map(str, cards)) != sorted(map(str, self.hero_cards)):
            raise self.error(
                f"the site says {self.hero} stands pat on [{format_list(cards)}] but holds "
                f"[{format_list(self.hero_cards)}]",
                line,
            )

    def collect(self, player: str, amount: int, pot: str | None, line: int) -> None:
        self.add(Collect(player, amount, pot, self.at(line)))
        self.collected[player] = self.collected.get(player, 0) + amount

    def uncalled(self, player: str, amount: int) -> None:
        """``Uncalled bet (x) returned to P``: kept only for the site's own stack arithmetic."""
        self.returned[player] = self.returned.get(player, 0) + amount

    def site_final_stacks(self) -> dict[str, int]:
        """Each seat's stack after the hand by the site's own figures (start − in + back + won)."""
        return {
            s.name: s.stack
            - self.total_committed.get(s.name, 0)
            + self.returned.get(s.name, 0)
            + self.collected.get(s.name, 0)
            for s in self.seats
        }

    def show(self, event: Event) -> None:
        self.add(event)

    def muck(self, player: str, line: int) -> None:
        self.add(Muck(player, self.at(line)))

    def totals(self, pot: int | None, rake: int | None, line: int) -> None:
        if pot is not None:
            self.events.append(PotTotal(pot, self.at(line)))
        if rake is not None:
            self.events.append(RakeTaken(rake, self.at(line)))

    # -- finishing --
    def _button_from_seat(self) -> str:
        """The player on the button seat; on an empty seat (a dead button after a player left or
        busted) the nearest player before it, which leaves the order of play unchanged."""
        if self.button_seat is None:
            raise self.error("the hand names no button", rule="bad-header")
        by_number = sorted(self.seats, key=lambda s: s.number)
        before = [s for s in by_number if s.number <= self.button_seat]
        return (before or by_number)[-1].name

    def check_stacks(self) -> None:
        """Each starting stack against the chips its player then puts in: no more than the
        stack, and all of it for a player the file calls all-in (an edited stack shows here)."""
        for seat in self.seats:
            put_in = self.total_committed.get(seat.name, 0)
            if put_in > seat.stack:
                raise self.error(
                    f"{seat.name} puts {put_in} in, but the hand starts them with {seat.stack}: "
                    "the starting stack or an amount is wrong",
                    rule="stack-contradicts-hand",
                )
            if seat.name in self.all_in and put_in != seat.stack:
                raise self.error(
                    f"the site calls {seat.name} all-in after putting {put_in} in, but the hand "
                    f"starts them with {seat.stack}: the starting stack or an amount is wrong",
                    rule="stack-contradicts-hand",
                )

    def check_summary(self) -> None:
        """The site's per-seat totals must equal its own collect lines (else it is corrupt)."""
        for name, won in self.summary_won.items():
            if self.collected.get(name, 0) != won:
                raise self.error(
                    f"the summary says {name} won {won} but the hand shows "
                    f"{self.collected.get(name, 0)} collected"
                )

    def finish(
        self,
        settings: GameSettings,
        session: Session,
        table: str,
        *,
        dealt_in: Iterable[str] | None = None,
    ) -> HandRecord:
        """Build the record: seats clockwise from seat 1, sit-outs, deals, then the events."""
        if not self.seats:
            raise self.error("the hand lists no seats")
        self.check_stacks()
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            raise self.error("a player is seated twice")
        players_in = set(dealt_in) if dealt_in is not None else self.active
        unknown = {p for p in players_in if p not in names}
        if unknown:
            raise self.error(f"not seated but acting: {', '.join(sorted(unknown))}")
        button = self.button_name or self._button_from_seat()
        ordered = sorted(self.seats, key=lambda s: s.number)
        seats = tuple(Seat(s.name, s.stack, s.number) for s in ordered)
        sit_outs: list[Event] = [
            SitOut(s.name, self.pos) for s in ordered if s.out_of_hand or s.name not in players_in
        ]
        deals: list[Event] = []
        deal_pos = self.deal_pos or self.pos
        for s in _from_button(ordered, button):
            if s.name not in players_in or s.out_of_hand:
                continue
            if s.name in self.known_deals:
                deals.append(Deal(s.name, self.known_deals[s.name], deal_pos))
            else:
                deals.append(Deal(s.name, (None,) * self.hand_size, deal_pos))
        index = self.deal_index if self.deal_index is not None else _first_non_post(self.events)
        events = tuple(sit_outs + self.events[:index] + deals + self.events[index:])
        return HandRecord(
            hand_id=self.hand_id,
            settings=settings,
            seats=seats,
            button=button,
            events=events,
            session=session,
            table=table,
            pos=self.pos,
            origin=self.origin,
            text=self.text,
        )


def of_hand(error: BadugiError, hand_id: str | None) -> BadugiError:
    """``error`` naming the hand it happened in (a number's error does not know it)."""
    if error.hand is None:
        error.hand = hand_id
    return error


def _first_non_post(events: list[Event]) -> int:
    for i, event in enumerate(events):
        if not isinstance(event, Post):
            return i
    return len(events)


def _from_button(seats: list[SeatLine], button: str) -> list[SeatLine]:
    """Seats in dealing order: first left of the button, the button last."""
    at = next(i for i, s in enumerate(seats) if s.name == button)
    return seats[at + 1 :] + seats[: at + 1]


def format_list(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)
