"""The hands of several files a check keeps to find what an import of them says of one file
because of another: a hand two of them hold (:class:`HandsOfFiles`), and what
:mod:`.check_across` finds besides.

Why a module of its own: a check of one file loads none of it, and ``check.py`` would pass 600
lines with it.
"""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import TYPE_CHECKING

from .check_across import EventsOfFiles, FileFacts, NightsOfFiles, TablesOfFiles
from .check_pools import PoolsOfFiles
from .model.copies import file_key
from .model.results import HandOutcome, Violation

if TYPE_CHECKING:
    from .check_across import Replayed, Versions
    from .model.copies import HandVersion


class Keys:
    """The keys of a file's hands that the import stores (:attr:`~.check.CheckedFile.keys`),
    and what :class:`~.check_across.FileFacts` keeps of them, kept as the hands are replayed
    (for a check of several files only: nothing of it is loaded for one)."""

    def __init__(self) -> None:
        self.held: dict[int, array[int]] = {}
        self.facts = FileFacts()

    def keep(self, outcome: HandOutcome) -> None:
        record, result = outcome.record, outcome.result
        if (  # (a hand dealt from stacks a broken hand left unknown: rejected, not a version)
            outcome.ok and record is not None and result is not None and not result.unknown_stacks
        ):
            table, number = file_key(record)
            held = self.held.get(table)
            if held is None:
                held = self.held[table] = array("Q")
            held.append(number)
            held.append(outcome.pos.line)
            self.facts.keep(outcome, record, table)


class HandsOfFiles:
    """The hands of the files a check has reported so far, to find a hand that a later file
    holds too: the same event, table and number (:func:`~.model.copies.file_identity`), which
    an import of both files stores once (a copy) or reports as a conflict (another version).

    Memory stays small: each hand that replayed without a problem is two 64-bit numbers and
    its line (:attr:`~.check.CheckedFile.keys`), never the hand, and its number in a set of
    its group's (so a file's hands are looked up, not every earlier file's read again: a
    folder of one-hand files of one event is one group); :mod:`.check_across` keeps a few
    numbers more a hand (what a copy under another name shares with it, its line) and a few
    a night and event.  Only when a key recurs are the two
    files replayed again, here, to compare the two hands (:func:`~.model.copies.in_two_files`)
    - by the ledger's fingerprint and content of each, the rule the import tells a copy by
    (:func:`~.model.copies.one_hand`) - and the hands of another version once more, to say
    what differs in the import's words (:func:`~.check_across.other_versions`), which keeps
    the verdicts the same however many processes checked the files."""

    def __init__(self, replay: Replayed) -> None:
        self.replay = replay
        """A file's hands replayed again, as the check replays it."""
        self.groups: dict[int, tuple[set[int], list[tuple[Path, array[int]]]]] = {}
        self.events = EventsOfFiles()
        self.tables = TablesOfFiles()
        self.nights = NightsOfFiles()
        self.pools = PoolsOfFiles()
        self.unnamed: dict[int, tuple[set[int], list[tuple[Path, array[int]]]]] = {}
        """As :attr:`groups`, the hands of nights without a session name, by
        :func:`~.model.copies.unnamed_key` (the file's name left out)."""
        self.refused = False
        """Whether the import refuses the file :meth:`found` was last asked of whole (a night
        stored again under another name): nothing of it is stored."""
        self._lines: dict[str, dict[int, tuple[int, list[tuple[Path, array[int]]]]]] = {}
        """Of a file :meth:`_holder` was asked of for this file, each line's hand number and
        its table's files."""

    def found(
        self, path: Path, keys: dict[int, array[int]], facts: FileFacts | None = None
    ) -> list[tuple[HandOutcome, Violation]]:
        """The problems of ``path``'s hands that an earlier file holds too (``duplicate-hand``:
        a copy a warning, another version an error; a copy at another table of its event an
        error), and of its first hand of an event whose terms an earlier file states otherwise
        (``event-terms``: :mod:`.check_across`), each with its hand, in the order of the lines;
        then ``path``'s hands are remembered."""
        reported: list[tuple[HandOutcome, Violation]] = []
        self.refused = False
        self._lines.clear()  # (the files before this one hold the ledger's hands now)
        if facts is not None:
            unnamed, found_before = self._unnamed_elsewhere(path, facts)
            keys = _left_out(keys, found_before)
            elsewhere = self.tables.candidates(facts, keys, self._seen)
            copies: list[tuple[HandOutcome, Violation]] = []
            if elsewhere:
                from .check_across import copies_at_other_tables

                pairs = [
                    (line, *_last_holding(self.groups[table][1], number))
                    for line, table, number in elsewhere
                ]
                copies = list(copies_at_other_tables(path, pairs, self.replay))
            held = {outcome.pos.line for outcome, _ in copies} | self._held_before(keys)
            held |= found_before
            nights, refused = self.nights.found(
                path, facts, lambda line: line not in held, self.replay, self._holder
            )
            self.refused = refused
            if refused:
                return nights  # (the import stores nothing of the file)
            pooled: list[tuple[HandOutcome, Violation]] = []
            if facts.pools is not None:
                stored = lambda line: line not in held  # noqa: E731
                pooled = self.pools.found(str(path), facts.pools, stored)
                self.pools.remember(facts.pools, stored)
            reported += self.events.found(str(path), facts)
            self.tables.remember(facts)
            self.nights.remember(path, facts, lambda line: line not in held)
            reported += unnamed + copies + nights + pooled
            self._remember_unnamed(path, facts, found_before)
            keys = _left_out(keys, {outcome.pos.line for outcome, _ in copies})
        reported += self._same_identity(path, keys)
        return sorted(reported, key=lambda found: found[0].pos.line)

    def _unnamed_elsewhere(
        self, path: Path, facts: FileFacts
    ) -> tuple[list[tuple[HandOutcome, Violation]], set[int]]:
        """What the import says of ``path``'s hands of nights without a session name that a
        file of another name holds under the same number (:func:`~.model.copies.unnamed_key`):
        such a night is an event named after its file, but the import looks a hand up by its
        fingerprint first (``ledger/writer.py``), which leaves the file's name out.  By the
        import's rule, the one a hand of one identity is held to
        (:func:`~.model.copies.in_two_files`): the same fingerprint and content, a copy it
        stores once, in the other file's event (a warning); the same fingerprint and other
        content (stacks carried otherwise), its conflict, not stored (an error, in its words);
        another fingerprint, a new hand of this file's event - said (a warning) when the file
        holds hands of that night as they are, which go to the other event: one night in two.
        And the lines of the hands the import does not store new (the first two kinds)."""
        pairs: list[tuple[int, list[tuple[Path, int]]]] = []
        for group, numbers in facts.unnamed.items():
            seen, earlier = self.unnamed.get(group, (set(), []))
            if seen.isdisjoint(numbers[0::2]):
                continue
            for i in range(0, len(numbers), 2):
                if numbers[i] in seen:
                    there = [
                        (other, held[j + 1])
                        for other, held in earlier
                        if other.stem != path.stem  # (one event: a hand of one identity)
                        for j in range(0, len(held), 2)
                        if held[j] == numbers[i]
                    ]
                    if there:
                        pairs.append((numbers[i + 1], there))
        if not pairs:
            return [], set()
        from .model.copies import in_two_files, unnamed_copy_words, unnamed_version_words

        mine = self._versions(path, {line for line, _ in pairs})
        wanted: dict[Path, set[int]] = {}
        for _, there in pairs:
            for other, at in there:
                wanted.setdefault(other, set()).add(at)
        theirs = {other: self._versions(other, lines) for other, lines in wanted.items()}
        reported: list[tuple[HandOutcome, Violation]] = []
        versions: Versions = []
        others: list[tuple[int, HandVersion, HandVersion, HandOutcome]] = []
        copied: dict[Path, list[str]] = {}
        copy_lines: set[int] = set()
        for line, there in sorted(pairs, key=lambda pair: pair[0]):
            here = mine.get(line)
            known = [(o, theirs[o][at]) for o, at in there if at in theirs[o]]
            if here is None or not known:
                continue
            paired = [(o, b, c) for o, b in known if (c := in_two_files(here[0], b[0])) is not None]
            if not paired:  # another hand to the import: a new hand of this file's event
                others.append((line, here[0], known[0][1][0], here[1]))
                continue
            other, before, copy = paired[0]
            if copy:
                copied.setdefault(other, []).append(here[0].identity[-1])
                copy_lines.add(line)
                text = unnamed_copy_words(here[0], before[0])
                reported.append(
                    (here[1], Violation("duplicate-hand", text, here[1].pos, "warning"))
                )
            else:
                origins = (before[0].origin, here[0].origin)
                versions.append((line, other, before[0].line, origins, other))
        if versions:
            from .check_across import other_versions
            from .model.events import event_key_text

            events = {line: mine[line][0].identity for line, *_ in versions}
            held_in = {line: theirs[o][at][0].identity for line, o, at, _, _ in versions}
            for outcome, error in other_versions(path, versions, self.replay):
                line = outcome.pos.line
                moved = (
                    f"; the ledger holds it in the event {event_key_text(held_in[line][:4])!r}, "
                    f"the file puts it in {event_key_text(events[line][:4])!r}"
                )
                reported.append((outcome, Violation(error.rule, error.message + moved, error.pos)))
        for _, hand, first, outcome in others:
            copies = copied.get(Path(first.source))
            if copies:
                text = unnamed_version_words(hand, first, copies)
                reported.append(
                    (outcome, Violation("duplicate-hand", text, outcome.pos, "warning"))
                )
        return reported, {line for line, *_ in versions} | copy_lines

    def _remember_unnamed(self, path: Path, facts: FileFacts, lines: set[int]) -> None:
        """``path``'s hands of nights without a session name, but those at ``lines`` (a copy
        or a conflict: stored from the file before, or not at all)."""
        for group, numbers in facts.unnamed.items():
            seen, earlier = self.unnamed.setdefault(group, (set(), []))
            kept = _left_out({group: numbers}, lines)[group]
            seen.update(kept[0::2])
            earlier.append((path, kept))

    def _held_before(self, keys: dict[int, array[int]]) -> set[int]:
        """The lines of the hands of ``keys`` whose identity a file before holds: a duplicate
        or another version, none of them a hand an import of the files stores new."""
        lines: set[int] = set()
        for table, numbers in keys.items():
            seen = self._seen(table)
            if seen:
                lines.update(
                    numbers[i + 1] for i in range(0, len(numbers), 2) if numbers[i] in seen
                )
        return lines

    def _holder(self, source: str, line: int) -> str:
        """The file the ledger reads the hand at ``line`` of ``source`` from: the last of the
        files so far holding it (a copy met again is read from the file that holds it, as
        :func:`_last_holding` finds); ``source`` when none is known.  Asked only of hands a
        night stored again is held to (a few); ``source``'s hands are walked once a file."""
        lines = self._lines.get(source)
        if lines is None:
            lines = self._lines[source] = {}
            for _, files in self.groups.values():
                for path, held in files:
                    if str(path) == source:
                        for i in range(0, len(held), 2):
                            lines[held[i + 1]] = (held[i], files)
        found = lines.get(line)
        return source if found is None else str(_last_holding(found[1], found[0])[0])

    def held_at(self, source: str, line: int) -> tuple[str, int]:
        """The file and line the ledger reads the hand at ``line`` of ``source`` from, once
        every file was read: the last file holding it as a copy (``source`` and ``line``
        when none is known)."""
        for _, files in self.groups.values():
            for path, held in files:
                if str(path) == source:
                    for i in range(0, len(held), 2):
                        if held[i + 1] == line:
                            there, at = _last_holding(files, held[i])
                            return str(there), at
        return source, line

    def _seen(self, table: int) -> set[int]:
        """The numbers the files reported so far hold at the table of key ``table``."""
        held = self.groups.get(table)
        return held[0] if held is not None else set()

    def _same_identity(
        self, path: Path, keys: dict[int, array[int]]
    ) -> list[tuple[HandOutcome, Violation]]:
        """The ``duplicate-hand`` problems of ``path``'s hands an earlier file holds too (a
        copy a warning, another version an error); then ``path``'s hands are remembered, but
        those of another version: the import does not store them, and the ledger's hand stays
        the one the file before holds (a copy, which the ledger reads from this file now, is
        remembered: :func:`_last_holding`)."""
        pairs: list[tuple[int, Path, int, Path]] = []  # (as :meth:`_compared` takes them)
        for group, numbers in keys.items():
            seen, earlier = self.groups.setdefault(group, (set(), []))
            if not seen.isdisjoint(numbers[0::2]):
                for i in range(0, len(numbers), 2):
                    if numbers[i] in seen:
                        first, at = _first_holding(earlier, numbers[i])
                        last = _last_holding(earlier, numbers[i])[0]
                        pairs.append((numbers[i + 1], first, at, last))
        reported = self._compared(path, pairs) if pairs else []
        versions = {found.pos.line for found, error in reported if error.kind == "illegal"}
        for group, numbers in _left_out(keys, versions).items():
            seen, earlier = self.groups[group]
            seen.update(numbers[0::2])
            earlier.append((path, numbers))
        return reported

    def _compared(
        self, path: Path, pairs: list[tuple[int, Path, int, Path]]
    ) -> list[tuple[HandOutcome, Violation]]:
        """:meth:`_same_identity`'s problems of ``pairs`` (line here, the earlier file that
        stored the hand, line there, the earlier file the ledger reads it from), the two files
        replayed again: a copy (:func:`~.model.copies.in_two_files`) a warning; another
        version the import's conflict, in its words, each figure that differs
        (:func:`~.check_across.other_versions`: the files replayed once more, for those
        hands only)."""
        from .model.copies import copy_words, in_two_files

        mine = self._versions(path, {line for line, _, _, _ in pairs})
        theirs = {
            other: self._versions(other, {at for _, o, at, _ in pairs if o == other})
            for other in dict.fromkeys(other for _, other, _, _ in pairs)
        }
        reported: list[tuple[HandOutcome, Violation]] = []
        versions: Versions = []
        for line, other, at, holder in sorted(pairs, key=lambda pair: pair[0]):
            here, before = mine.get(line), theirs[other].get(at)
            if here is None or before is None:
                continue
            copy = in_two_files(here[0], before[0])
            if copy:
                text = copy_words(here[0], before[0])
                reported.append(
                    (here[1], Violation("duplicate-hand", text, here[1].pos, "warning"))
                )
            elif copy is not None:
                versions.append((line, other, at, (before[0].origin, here[0].origin), holder))
        if versions:  # (rare: the facts of these hands, in the import's words)
            from .check_across import other_versions

            reported += other_versions(path, versions, self.replay)
        return reported

    def _versions(self, path: Path, lines: set[int]) -> dict[int, tuple[HandVersion, HandOutcome]]:
        """The hands of ``path`` at ``lines``, replayed again, as :func:`hand_version` sees
        them (with the outcome, for its place): the ledger's fingerprint and content of each,
        from the rows the import would store (``ledger/rows.py``, ``hand_rows``), so that a
        copy is what the import takes for one (:func:`~.model.copies.one_hand`)."""
        from .ledger.rows import hand_rows
        from .model.copies import hand_version

        found: dict[int, tuple[HandVersion, HandOutcome]] = {}
        for outcome in self.replay(path):
            line, record, result = outcome.pos.line, outcome.record, outcome.result
            if line in lines and outcome.ok and record is not None and result is not None:
                bare = HandOutcome(outcome.source, outcome.hand_id, outcome.pos)
                rows = hand_rows(record, result, outcome.source, line)
                found.setdefault(line, (hand_version(record, rows), bare))
        return found


def _first_holding(files: list[tuple[Path, array[int]]], number: int) -> tuple[Path, int]:
    """The first of ``files`` (each with its hands' numbers and lines, in turn) holding a hand
    of ``number``, and that hand's line."""
    for path, held in files:
        for i in range(0, len(held), 2):
            if held[i] == number:
                return path, held[i + 1]
    raise LookupError(number)  # pragma: no cover - the group's set holds only its files' numbers


def _last_holding(files: list[tuple[Path, array[int]]], number: int) -> tuple[Path, int]:
    """The last of ``files`` holding a hand of ``number``, and that hand's line: where the
    ledger reads the hand from, as a copy met again is read from the file that holds it, at
    its line (``FileHoldings.claim``), and ``files`` hold no hand of another version, which
    the import does not store."""
    for path, held in reversed(files):
        for i in range(len(held) - 2, -1, -2):
            if held[i] == number:
                return path, held[i + 1]
    raise LookupError(number)  # pragma: no cover - the group's set holds only its files' numbers


def _left_out(keys: dict[int, array[int]], lines: set[int]) -> dict[int, array[int]]:
    """``keys`` without the hands at ``lines``: hands an import of the files does not store
    (a conflict), which a later file's hand of their number meets no more than the ledger
    does."""
    if not lines:
        return keys
    kept: dict[int, array[int]] = {}
    for table, numbers in keys.items():
        held = array("Q")
        for i in range(0, len(numbers), 2):
            if numbers[i + 1] not in lines:
                held.append(numbers[i])
                held.append(numbers[i + 1])
        kept[table] = held
    return kept
