"""What an import says of one file's hands that ``check`` says too, in its words and by its
rules (asked here, never copied):

* a hand replayed from stacks nobody knows (after a hand at its table failed, with no
  ``final:`` line that reads) is not stored (``stack-unknown``: :func:`stacks_unknown`), not
  settled at its line;
* a hand taking the Progressive Badugi pot a hand the import rejects carried is not stored
  either (``carry-not-stored``: :class:`Carries`, ``ledger/rows.py``), an error at its line;
* a new name that only looks like one made before (``player-look-alike``:
  :class:`NamesOfFiles`), at the hand it is first met in;
* the pots a file's nights leave behind (:func:`left_behind_alone`), and the report of
  several files held back until every file was read (:class:`HeldLines`), which a
  tournament's warnings (:mod:`.check_tournaments`) need too.

The ledger's modules are loaded at the first hand of a tournament or a Progressive game, or
dealt from stacks nobody knows, only (:func:`ledger_rows`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from .model.games import GAMES
from .model.names import look_alike
from .model.results import HandOutcome, Violation

if TYPE_CHECKING:
    from .ledger.rows import UnstoredCarries
    from .model.errors import Position
    from .model.events import HandRecord
    from .replay.pools import Pools


class Summary(Protocol):
    """A file's summary (``check.FileSummary``), whose line is said once it counts all."""

    def line(self) -> str: ...


def played(pools: Pools | None) -> bool:
    """Whether ``pools`` hold a night of a Progressive hand the import stores."""
    if pools is None:
        return False
    return any(n.first_take is not None for nights in pools.nights.values() for n in nights)


def left_behind_alone(
    pools: Pools, at_end: Sequence[tuple[str, Violation]]
) -> list[tuple[HandOutcome, Violation]]:
    """The pots a file's nights leave behind (``check_pools.left_behind``), as an import of
    it alone warns: not when it refuses the file for its pots (``at_end``: what the pools
    said at the file's end, :meth:`~.replay.pools.Pools.at_end`; then nothing is stored)."""
    if not played(pools) or any(found.rule == "carry-carried" for _, found in at_end):
        return []
    from .check_pools import left_behind

    return left_behind(pools)


class HeldLines:
    """The text report of the files from the first one holding hands of a tournament on,
    held back until every file was read: a tournament's warnings are found of all its files
    (:mod:`.check_tournaments`) and said among the lines of the file and hand they are at,
    which its summary counts.  The lines wait in a spooled file, on disk past a megabyte."""

    def __init__(self) -> None:
        from tempfile import SpooledTemporaryFile

        from .check_json import JSON_SPOOL

        self.spool = SpooledTemporaryFile(  # noqa: SIM115 - closed by lines(), once read
            JSON_SPOOL, "w+", encoding="utf-8", newline="\n"
        )

    def file(self, source: str, placed: Iterable[tuple[int, str]]) -> None:
        import json  # (only a check holding a tournament's files: a one-file check loads none)

        self.spool.write(json.dumps(["file", source]) + "\n")
        for start, text in placed:
            self.spool.write(json.dumps([start, text]) + "\n")

    def summary(self, index: int) -> None:
        import json

        self.spool.write(json.dumps(["summary", index]) + "\n")

    def lines(
        self, found: list[tuple[str, int, str]], summaries: Sequence[Summary]
    ) -> Iterator[str]:
        """The held lines, the lines ``found`` (file, the line of the hand, its report line)
        among them: each before the problems of its hand, or at the end of its file's; each
        summary's line once they are counted in it."""
        import json

        at: dict[str, list[tuple[int, str]]] = {}
        for source, line, text in sorted(found, key=lambda said: said[1]):
            at.setdefault(source, []).append((line, text))
        waiting: list[tuple[int, str]] = []
        with self.spool:
            self.spool.seek(0)
            for text in self.spool:
                start, said = json.loads(text)
                if start == "file":
                    yield from (line for _, line in waiting)
                    waiting = at.pop(said, [])
                    continue
                if start == "summary":
                    yield from (line for _, line in waiting)
                    waiting = []
                    yield summaries[said].line()
                    continue
                while waiting and waiting[0][0] <= start:
                    yield waiting.pop(0)[1]
                yield said
            yield from (line for _, line in waiting)


class Carries:
    """The import's rule that a hand taking a Progressive Badugi pot a hand it does not store
    carried is not stored either (``carry-not-stored``: :class:`~.ledger.rows.UnstoredCarries`,
    whose words are said here): ``check`` holds each file's hands to it, an error at the hand
    that takes the pot.  The ledger's module is loaded at the first hand of a Progressive
    game only (a check of other games never needs it)."""

    def __init__(self) -> None:
        self.source: str | None = None
        self.carries: UnstoredCarries | None = None

    def not_stored(self, record: HandRecord, carry_in: int) -> bool:
        """Whether the next hand, of ``record``, taking ``carry_in``, takes a pot a hand the
        import does not store carried (:attr:`~.replay.pools.Pools.not_stored`: the pools'
        tallies leave it out, as the ledger's do)."""
        return self.carries is not None and self.carries.taking(record, carry_in)

    def held(self, outcome: HandOutcome) -> HandOutcome:
        """``outcome``, with the ``carry-not-stored`` error when the import refuses it so."""
        if outcome.source != self.source:  # (one file's pots: the import's, file by file)
            self.source, self.carries = outcome.source, None
        record = outcome.record
        if self.carries is None:
            if record is None or not GAMES[record.settings.game].progressive:
                return outcome
            self.carries = ledger_rows().UnstoredCarries()
        if not self.carries.concerns(outcome):
            return outcome
        rows = ledger_rows()
        taken = self.carries.meet(outcome, bool(rows.hand_reasons(outcome)))
        if taken is None:
            return outcome
        error = Violation(rows.CARRY_NOT_STORED, taken, outcome.pos)
        return HandOutcome(
            outcome.source,
            outcome.hand_id,
            outcome.pos,
            outcome.record,
            outcome.result,
            (*outcome.errors, error),
            outcome.warnings,
        )


def stacks_unknown(outcome: HandOutcome) -> HandOutcome:
    """``outcome``, with the import's refusal of a hand replayed from stacks nobody knows (a
    hand before it at its table failed, with no ``final:`` line that reads): the ledger keeps
    every player's stacks, so it is not stored (``stack-unknown``,
    :func:`~.ledger.rows.ledger_problems`, whose words are said here), an error at its line,
    *not settled*, as the import rejects it.  The replay's ``stacks-unknown`` warning, at the
    first such hand, says which hand left them unknown."""
    result = outcome.result
    if result is None or outcome.record is None or not result.unknown_stacks:
        return outcome
    rows = ledger_rows()
    words = rows.unknown_stacks_words(result.unknown_stacks)
    error = Violation(rows.STACK_UNKNOWN, words, outcome.pos, "incomplete")
    return HandOutcome(
        outcome.source,
        outcome.hand_id,
        outcome.pos,
        outcome.record,
        result,
        (*outcome.errors, error),
        outcome.warnings,
    )


class NewNames:
    """The names of players a file's hands that the import stores make, each with the hand it
    is first met in, in the order met.  Read cheaply as the hands are replayed (each hand's
    players in seat order: a few words a player, no ledger module loaded); ``exact``: as the
    import makes them (hand after hand, seat after seat of the rows it stores,
    :func:`~.ledger.rows.hand_rows`: not a player seated but not dealt in), which
    :meth:`NamesOfFiles.found` asks for, the file replayed again, when a name may look like
    another (rare)."""

    def __init__(self, exact: bool = False) -> None:
        self.met: dict[str, tuple[Position, str]] = {}
        self.exact = exact

    def keep(self, outcome: HandOutcome) -> None:
        record, result = outcome.record, outcome.result
        if not outcome.ok or record is None or result is None or result.unknown_stacks:
            return  # (a hand the import rejects: ledger.rows.hand_reasons)
        met = self.met
        if all(name in met for name in result.starting_stacks):
            return
        at = (outcome.pos, str(outcome.hand_id))
        if not self.exact:
            seated = [s.name for s in record.seats if s.name in result.starting_stacks]
            for name in (*seated, *result.starting_stacks):
                met.setdefault(name, at)
            return
        for player in (
            ledger_rows().hand_rows(record, result, outcome.source, outcome.pos.line).players
        ):
            met.setdefault(player[0], at)


class NamesOfFiles:
    """The names the files of a check made so far, as an import of them makes its players
    (:meth:`found`, file after file), to say the import's warning of a new name that only
    looks like one made before (``ledger/players.py``: :func:`~.ledger.players.known_as`,
    whose rule is asked here; a Cyrillic ``А`` in ``Аnna``), at the hand it is first met in.
    Memory: each name once, under what it looks like."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.looks: dict[str, list[str]] = {}

    def found(
        self,
        names: NewNames | None,
        said: Sequence[tuple[HandOutcome, Violation]] = (),
        refused: bool = False,
        again: Callable[[], Iterable[HandOutcome]] | None = None,
    ) -> list[tuple[HandOutcome, Violation]]:
        """The look-alike warnings of a file's new names; then they are made.  ``said``:
        what the check says of the file's hands with the files before it, whose conflicts
        (a ``duplicate-hand`` error: another version, a copy at another table) the import
        does not store, so they make no name; ``refused``: it stores nothing of the file.
        When a name may look like another, or is first met in such a hand, the names are
        read exactly from the file's hands replayed ``again`` (rare)."""
        if names is None or refused:
            return []
        unstored = {
            o.pos.line for o, v in said if v.rule == "duplicate-hand" and v.kind != "warning"
        }
        inexact = not names.exact and self._alike(names)
        if again is not None and (
            inexact or any(pos.line in unstored for pos, _ in names.met.values())
        ):
            names = NewNames(exact=True)
            for outcome in again():
                if outcome.pos.line not in unstored:
                    names.keep(outcome)
        found: list[tuple[HandOutcome, Violation]] = []
        for name, (pos, hand) in names.met.items():
            if name in self.names:
                continue
            self.names.add(name)
            alike = self.looks.setdefault(look_alike(name), [])
            if alike:
                from .ledger.players import known_as, look_alike_warning

                same, known = known_as(name, [(other, other) for other in alike])
                if same is None and known is not None:
                    text = look_alike_warning(name, known)
                    warning = Violation(LOOK_ALIKE, text, pos, "warning")
                    found.append((HandOutcome(pos.source, hand, pos), warning))
            alike.append(name)
        return found

    def _alike(self, names: NewNames) -> bool:
        """Whether a new name of ``names`` looks like another, made before or new: two
        names with one :func:`~.model.names.look_alike` key."""
        looks: dict[str, int] = {}
        for name in names.met:
            if name not in self.names:
                key = look_alike(name)
                looks[key] = looks.get(key, 0) + 1
        return any(count > 1 or key in self.looks for key, count in looks.items())


LOOK_ALIKE = "player-look-alike"
"""The rule ``check`` names the import's warning of a new name that looks like another."""


@cache
def ledger_rows() -> ModuleType:
    """``ledger/rows.py``, imported the first time a hand asks its rules (a tournament's, a
    Progressive pot's, a name's): a check of other hands never loads it, and no import
    statement runs once per file or hand."""
    from .ledger import rows

    return rows
