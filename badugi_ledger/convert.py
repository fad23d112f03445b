"""``badugi-ledger convert FILE --to phh|text``: any history we read, written as PHH or our format.

The input is read with :func:`badugi_ledger.sources.read_hands` (so any site format works, and
``fmt`` overrides the detection) and replayed with :func:`badugi_ledger.replay.replay_stream`:
the replay supplies what a stand-alone hand needs and the source may leave implicit (stacks
carried from the table's previous hand) and the figures PHH records (finishing stacks, rake).
A hand that cannot be read or written is reported, and the others are still converted.

PHH output is one hand per document, or a ``.phhs`` document of ``[1]``, ``[2]``, … tables
when there are several (the layout PokerKit's ``HandHistory.dumps_all`` writes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TextIO

from .check import problem_line
from .file_choice import history_file
from .model.errors import BadugiError, ConfigError, ImportFormatError
from .model.events import CarryIn, Event, HandRecord, HandsMissing, Seat, ledger_event
from .model.games import GAMES
from .model.results import HandOutcome, TableGap, Violation
from .model.settings import POKERKIT_HOUSE, GameSettings, HouseRules, Structure
from .phh.reader import read_phh
from .phh.writer import write_phh
from .replay import replay_hand, replay_stream
from .sites.common import SiteWarning, SkippedHand
from .sources import read_stream

if TYPE_CHECKING:
    from .text.writer import HandsWriter

Target = Literal["phh", "text"]
TARGETS: tuple[Target, ...] = ("phh", "text")


@dataclass(frozen=True)
class ConvertedHand:
    """One hand written in the target format."""

    hand_id: str
    text: str
    warnings: tuple[str, ...] = ()
    """What the replay assumed of the source hand, as ``check`` says it (a rake read from the
    finishing stacks, a show action missing): written down, it is a fact of the copy."""


@dataclass
class ConvertReport:
    """What :func:`convert_file` did: hands written, hands refused (with why), hands skipped."""

    written: int = 0
    problems: list[BadugiError] = field(default_factory=list)
    skipped: list[SkippedHand] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """The written hands' warnings (:attr:`ConvertedHand.warnings`), in file order."""

    @property
    def ok(self) -> bool:
        return not self.problems


def convert_hands(
    path: str | Path,
    to: Target,
    *,
    fmt: str | None = None,
    on_skip: Callable[[SkippedHand], None] | None = None,
) -> Iterator[ConvertedHand | BadugiError]:
    """Each hand of ``path`` converted to ``to``, or the error that stopped it, in file order.

    In our text, a hand's text follows the hand written before it (its header lines say only
    what changed, a fact back to its default included), so the texts go into one file in
    the order given; a PHH hand's text stands alone.

    A hand after hands of its table that were not written says so - PHH: how many
    (``phh.reader.MISSING_FIELD``); our text: ``missing hands`` - so that reading the file back
    does not hold its stacks against the table's previous hand in the file.  Not written are
    hands refused here, hands missing from the source (a site's file whose stacks jump, our
    ``missing hands``), hands of other games played at the table (a mixed game's file:
    :attr:`~.sites.common.SkippedHand.moved_chips_at`), and hands of the source that could
    not be read: the replay forgets the
    stacks of the table the reader read such a hand at (``BadugiError.table``), or, when it
    does not know the table, every stack of the file after it, so the next hand of that table,
    or of every table, says so (for PHH, counting every such unreadable hand since that
    table's last hand).  A PHH hand without a ``table`` (``HandRecord.standalone``) stays so
    in PHH; in our text every such hand after the first says hands are missing before it.

    A hand whose event has no name, written in the other format, is written with the name the
    ledger gives it, its source file's (``ledger.rows.session_identity``): read from a file of
    another name, the copy is still that event (its hands the source's, converted: conflicts),
    so imported beside its source it stores nothing twice.  Written in its own format, the
    copy is the same hand, recorded alike (duplicates), and stays unnamed."""
    if to not in TARGETS:
        raise ConfigError(f"cannot convert to {to!r} (targets: {', '.join(TARGETS)})")
    missing: dict[str, int] = {}  # table -> hands not written since its last written one
    # Hands of the file that could not be read, so far: by the table the reader named, None
    # for those whose table it did not know (they count at every table); and at each table's
    # last hand, the counts (of no known table, of its own) there were.
    unread: dict[str | None, int] = {}
    unread_at: dict[str, tuple[int, int]] = {}
    errors: list[BadugiError] = []  # the latest unreadable hand, as it goes to the replay
    writer = _text_writer() if to == "text" else None  # our text: each hand follows the last
    other_games: dict[str, int] = {}  # table -> hands of other games played there since
    rules_said: set[str] = set()  # the rules PHH cannot write, said of the file so far

    def skipped(hand: SkippedHand) -> None:
        moved = list(unread_at) if hand.moved_chips_anywhere else [hand.moved_chips_at]
        for table in moved:
            if table is not None and table in unread_at:  # after a hand written: stacks jump
                other_games[table] = other_games.get(table, 0) + 1
        if on_skip is not None:
            on_skip(hand)

    items = read_stream(path, fmt, on_skip=skipped)
    for outcome in replay_stream(_noting_errors(items, errors)):
        record = outcome.record
        if record is None:  # the outcome of the error just read
            where = errors[-1].table if errors else None
            unread[where] = unread.get(where, 0) + 1
            yield _outcome_error(outcome)
            continue
        table = record.table
        counts = (unread.get(None, 0), unread.get(table, 0))
        anywhere, here = unread_at.get(table, (0, 0))
        gap = counts[0] - anywhere + counts[1] - here + other_games.pop(table, 0)
        if any(w.rule == "missing-hand" for w in outcome.warnings):
            # The source seems to miss a hand of this table before this one (or says so).
            gap += 1
        elif record.standalone and to == "text" and table in unread_at:
            # A PHH hand held to no other (no ``table``): in our text, where a night's hands
            # follow each other, it says that what came between is not in the file.
            gap += 1
        unread_at[table] = counts
        if gap:  # said in the output too: read back, its stated stacks are taken as written
            missing[table] = missing.get(table, 0) + gap
            if to == "text" and not any(type(e) is HandsMissing for e in record.events):
                record = _after_missing_hands(record, outcome)
        if record.standalone and to == "phh":  # held to no other hand: stays so
            missing.pop(table, None)
        if not record.session.name and record.origin != to:  # named as the ledger names it
            name = ledger_event(record.session, record.settings.currency, record.pos.source)[1]
            record = replace(record, session=replace(record.session, name=name))
        try:
            text = _write(record, outcome, to, missing.get(table, 0), writer)
        except BadugiError as exc:
            missing[table] = missing.get(table, 0) + 1
            if not exc.position.line:  # a writer's word about the hand: where the hand is
                exc.position = record.pos
            if exc.hand is None:
                exc.hand = record.hand_id
            yield exc
            continue
        missing.pop(table, None)
        said = tuple(problem_line(outcome, w) for w in outcome.warnings)
        if to == "phh":
            lost = [rule for rule in unwritten_rules(record.settings) if rule not in rules_said]
            if lost:  # said once a file, at the first hand under the rule
                rules_said.update(lost)
                said += (problem_line(outcome, _rules_not_written(lost, record)),)
        yield ConvertedHand(record.hand_id, text, said)


_DEFAULT_CAP: int = Structure.__dataclass_fields__["cap"].default
"""The cap a structure has when its header states none (``000``: a bet and three raises), the
one PokerKit plays."""
_WRITTEN_HOUSE_RULES = frozenset({"reshuffle", "ante_trimming", "max_seats"})
"""The house rules PHH writes (``_reshuffle``, ``ante_trimming_status``, ``seat_count``)."""


def unwritten_rules(settings: GameSettings) -> list[str]:
    """The rules of ``settings`` a PHH hand has no field for, as our header writes each
    (``cap 3``, ``rake 5% cap 3``, ``odd-chip …``): a PHH copy holds each hand's play and
    figures (its rake taken, its pots' winners), not the rule, so a hand added to the copy
    later is not held to it."""
    lost = []
    structure = settings.structure
    if structure.kind in ("fixed-limit", "spread-limit") and structure.cap != _DEFAULT_CAP:
        lost.append(f"cap {structure.cap}")
    if settings.rake is not None:
        rake = settings.rake
        lost.append(f"rake {rake.percent}%" + (f" cap {rake.cap}" if rake.cap else ""))
    ours = HouseRules()
    for name in HouseRules.__dataclass_fields__:
        value = getattr(settings.house, name)
        if name in _WRITTEN_HOUSE_RULES or value in (
            getattr(ours, name),
            getattr(POKERKIT_HOUSE, name),  # as a PHH hand is read (PokerKit's play)
        ):
            continue
        lost.append(f"house rule {name.replace('_', '-')} {value}")
    return lost


def _rules_not_written(lost: list[str], record: HandRecord) -> Violation:
    return Violation(
        "phh-rule-not-written",
        f"PHH has no field for {', '.join(lost)}: the copy holds each hand's play and figures, "
        "not the rule, and a hand added to it later is not held to it",
        record.pos,
        kind="warning",
    )


def _after_missing_hands(record: HandRecord, outcome: HandOutcome) -> HandRecord:
    """``record`` as our text writes it after hands of its table that are not written:
    ``missing hands``, and what the replay knew the hand to start from, which reading the
    text back could no longer carry from the hand before - each seat's stack where the record
    states none, and in Progressive Badugi the pot carried in (``carry in N``; ``carry in 0``:
    none, so the hand is no redeal)."""
    events: tuple[Event, ...] = (HandsMissing(), *record.events)
    result = outcome.result
    if result is None or result.unknown_stacks:
        return replace(record, events=events, positions=())
    progressive = GAMES[record.settings.game].progressive
    if progressive and not any(type(e) is CarryIn for e in record.events):
        events = (events[0], CarryIn(result.carry_in), *events[1:])  # none: carry in 0
    starts = result.starting_stacks
    seats = tuple(
        Seat(s.name, starts[s.name], s.number) if s.stack is None and s.name in starts else s
        for s in record.seats
    )
    return replace(record, seats=seats, events=events, positions=())


def _noting_errors(
    items: Iterable[HandRecord | BadugiError | TableGap], errors: list[BadugiError]
) -> Iterator[HandRecord | BadugiError | TableGap]:
    """``items``, each error kept in ``errors`` (the latest only) as it passes: the replay's
    outcome of a hand that could not be read does not name its table."""
    for item in items:
        if isinstance(item, BadugiError):
            errors[:] = (item,)
        yield item


def _outcome_error(outcome: HandOutcome) -> BadugiError:
    first = outcome.errors[0] if outcome.errors else None
    message = first.message if first else "the hand could not be read"
    return ImportFormatError(
        message, position=outcome.pos, hand=outcome.hand_id, rule=first.rule if first else None
    )


def _text_writer() -> HandsWriter:
    from .text.writer import HandsWriter

    return HandsWriter()


def _write(
    record: HandRecord,
    outcome: HandOutcome,
    to: Target,
    missing_before: int,
    writer: HandsWriter | None,
) -> str:
    if writer is not None:
        return writer.write(record)
    result = outcome.result
    if result is None:  # the hand breaks a rule: PHH, PokerKit's play, has no such hand
        raise _outcome_error(outcome)
    if outcome.errors:  # a recorded figure the replay disagrees with
        first = outcome.errors[0]
        raise ImportFormatError(
            f"its record disagrees with the replay ({first.message}): PHH would hold the "
            "replay's finishing stacks and no collection, so the mistake would be gone; "
            "correct the hand first (or convert it --to text, which keeps it)",
            position=first.pos if first.pos.line else record.pos,
            hand=record.hand_id,
            rule="phh-cannot-express",
        )
    text = write_phh(
        # the hand as replayed: implied posts placed among the players dealt in
        replace(record, events=result.record.events, positions=result.record.positions),
        stacks=result.starting_stacks,
        finishing_stacks=result.final_stacks,
        rake=result.rake,
        missing_before=missing_before,
        pot_winnings=[pot.shares for pot in result.pots],
    )
    problem = _read_back_problem(text)
    if problem is not None:
        raise ImportFormatError(
            f"written as PHH, the hand would read back otherwise: {problem}",
            position=record.pos,
            hand=record.hand_id,
            rule="phh-cannot-express",
        )
    return text


def _read_back_problem(text: str) -> str | None:
    """What goes wrong when a hand written as PHH is read back and replayed, or None.

    PHH has no field for most house rules, and a PHH hand is read under PokerKit's where it
    has one of its own (``docs/importers.md``): a hand whose play depends on a rule PHH does
    not carry (an odd chip to the worst seat, an uncapped heads-up round) would replay to
    other stacks than the finishing stacks written, or not at all.  Such a hand is refused,
    not written wrong."""
    hands = [item for item in read_phh(text, "<phh>") if not isinstance(item, SiteWarning)]
    if len(hands) == 1 and isinstance(hands[0], BadugiError):  # a form the reader refuses
        return f"it cannot be read: {hands[0].message}"
    if len(hands) != 1 or not isinstance(hands[0], HandRecord):
        return "it cannot be read"  # pragma: no cover - the writer writes one hand
    try:
        replayed = replay_hand(hands[0])
    except BadugiError as exc:
        return exc.message
    if replayed.violations:
        return replayed.violations[0].message
    return None


def convert_file(
    path: str | Path, to: Target, out: TextIO, *, fmt: str | None = None
) -> ConvertReport:
    """Convert every hand of ``path`` and write the result to ``out``; returns what happened.

    A path that is missing, a folder, or a pipe, socket or device is a ``BadugiError`` raised
    before anything is written or opened (:func:`~badugi_ledger.file_choice.history_file`: a pipe
    nobody writes to would be waited on for ever)."""
    history_file(path)
    report = ConvertReport()
    hands = convert_hands(path, to, fmt=fmt, on_skip=report.skipped.append)
    if to == "text":
        for item in hands:
            if isinstance(item, BadugiError):
                report.problems.append(item)
                continue
            report.warnings += item.warnings
            if report.written:
                out.write("\n")
            out.write(item.text)
            report.written += 1
        return report
    pending: ConvertedHand | None = None
    for item in hands:
        if isinstance(item, BadugiError):
            report.problems.append(item)
            continue
        report.warnings += item.warnings
        if pending is not None:  # several hands: a .phhs document
            if report.written == 0:
                out.write(f"[1]\n{pending.text}")
                report.written = 1
            report.written += 1
            out.write(f"\n[{report.written}]\n{item.text}")
            pending = item
            continue
        pending = item
    if pending is not None and report.written == 0:
        out.write(pending.text)
        report.written = 1
    return report
