"""What an import says of one file's hands, or of a tournament's, that ``check`` says too,
in its words and by its rules (asked here, never copied):

* a hand replayed from stacks nobody knows (after a hand at its table that failed, with no
  ``final:`` line that reads) is not stored (``stack-unknown``: :func:`stacks_unknown`), not
  settled at its line;
* a hand taking the Progressive Badugi pot a hand the import rejects carried is not stored
  either (``carry-not-stored``: :class:`Carries`, ``ledger/rows.py``), an error at its line;
* a tournament's warnings (``ledger/tournament_warnings.py``,
  :func:`~.ledger.tournament_warnings.warnings_of`): a player who busted and sits down again,
  or plays on at another table, on chips nobody bought, a player who never sat down with
  the starting chips, and a tournament of its name sharing a player a day apart
  (``past_midnight``) or of its date in other money (``other_money``).  The import says
  them under the file, as the ledger holds the tournament once its last file is stored;
  ``check`` says each as a warning at its place: a player back at the table at the hand he
  sits down in, the others at the tournament's first hand in the first file that holds it
  (:class:`Tournaments`, and :class:`HeldLines` for the text report of several files).  The
  hands are those the import stores, each player's row as the ledger keeps it
  (:func:`~.ledger.rows.hand_rows`), a hand two files hold once (a copy read from the later
  file, another version not stored; none of a file refused whole as a night stored again),
  each table's hands in the ledger's order of play (``play_order``: a file's hands in the
  order of their lines, files by the number of their first hand at the table).

Memory grows with a tournament's hands only (a few numbers a player and hand, of tournaments
alone; a check of cash games keeps nothing): what the warnings need, never the hands.  The
ledger's modules are loaded at the first hand of a tournament or a Progressive game, or
dealt from stacks nobody knows, only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .model.copies import one_hand
from .model.events import event_label, ledger_event
from .model.games import GAMES
from .model.names import composed, look_alike, plain
from .model.results import HandOutcome, Violation

if TYPE_CHECKING:
    from .check_files import HandsOfFiles
    from .ledger.rows import UnstoredCarries
    from .model.errors import Position
    from .model.events import HandRecord
    from .replay.pools import Pools


class Summary(Protocol):
    """A file's summary (``check.FileSummary``), whose line is said once it counts all."""

    def line(self) -> str: ...


Event = tuple[str, str, str | None, str]
"""A tournament as the ledger keys it (``model.events.ledger_event``)."""


class Hand(NamedTuple):
    """One stored hand of a tournament: where it is, what names it, and each player's row."""

    pos: Position
    hand_id: str
    table: str
    number_key: str
    fingerprint: str
    content: str
    """The ledger's fingerprint and content digest (:func:`~.ledger.rows.hand_rows`): two
    files' hands of one number are a copy when the import takes them for one
    (:func:`~.model.copies.one_hand`)."""
    players: tuple[tuple[str, int, int, int, int], ...]
    """(name, starting stack, final stack, rebuys, add-ons), in seat order."""
    finishes: tuple[tuple[str, int], ...] = ()
    """The places a site states players finished the tournament in, in this hand (name,
    place; :class:`~.model.events.StatedFinish`)."""


class Tournament(NamedTuple):
    """A tournament's hands in one file, or in the files so far, and what the warnings name."""

    label: str
    starting: list[int | None]
    """The starting chips the first hand stating them states (one item: set once)."""
    hands: list[Hand]


class TournamentHands:
    """The hands of the tournaments of one file the import stores, kept as the file is
    replayed (:meth:`keep`); nothing at all for a file without a tournament."""

    def __init__(self) -> None:
        self.events: dict[Event, Tournament] = {}

    def keep(self, outcome: HandOutcome) -> None:
        record, result = outcome.record, outcome.result
        if record is None or record.session.kind != "tournament":
            return
        if not outcome.ok or result is None or result.unknown_stacks:
            return  # (a hand the import rejects: ledger.rows.hand_reasons)
        session = record.session
        event = ledger_event(session, record.settings.currency, outcome.source)
        held = self.events.get(event)
        if held is None:
            label = event_label({"name": session.name, "date": session.date})
            held = self.events[event] = Tournament(label, [None], [])
        if held.starting[0] is None:
            held.starting[0] = session.starting_chips
        rows = _rows().hand_rows(record, result, outcome.source, outcome.pos.line)
        players = tuple((p[0], p[2], p[3], p[7], p[8]) for p in rows.players)
        table, number = str(rows.hand[1] or ""), str(record.hand_id)
        held.hands.append(
            Hand(
                outcome.pos,
                number,
                table,
                rows.number_key,
                rows.fingerprint,
                rows.content,
                players,
                tuple((f.player, f.place) for f in record.finishes),
            )  # fmt: skip
        )


class TournamentsOfFiles:
    """The tournaments of the files of a check, file after file (:meth:`add`), as the ledger
    holds them once the import of those files is done; :meth:`found` says their warnings."""

    def __init__(self) -> None:
        self.events: dict[Event, Tournament] = {}
        self._index: dict[Event, dict[tuple[str, str], int]] = {}

    def add(self, hands: TournamentHands | None) -> None:
        """A file's tournament hands, once the files before it were added: a hand of a number
        one of them holds at its table is read from this file when it is a copy (the ledger
        then has it at this file's line), and left out when it is another version (a
        conflict, not stored)."""
        if hands is None:
            return
        for event, mine in hands.events.items():
            held = self.events.get(event)
            if held is None:
                held = self.events[event] = Tournament(mine.label, [None], [])
                self._index[event] = {}
            if held.starting[0] is None:
                held.starting[0] = mine.starting[0]
            index = self._index[event]
            for hand in mine.hands:
                at = index.get((hand.table, hand.hand_id))
                if at is None:
                    index[(hand.table, hand.hand_id)] = len(held.hands)
                    held.hands.append(hand)
                elif one_hand(held.hands[at], hand):
                    held.hands[at] = held.hands[at]._replace(pos=hand.pos)

    def found(self) -> list[tuple[HandOutcome, Violation]]:
        """The warnings of every tournament, each with the hand it is said at."""
        from .ledger.tournament_warnings import (
            BACK_AT_THE_TABLE,
            STATED_PLACE,
            Seat,
            sittings,
            warnings_of,
        )

        found: list[tuple[HandOutcome, Violation]] = []
        for event, tournament in self.events.items():
            if not tournament.hands:
                continue
            first_at: dict[tuple[str, str], tuple[str, str]] = {}  # (table, file): 1st hand
            for hand in sorted(tournament.hands, key=lambda h: h.pos.line):
                first_at.setdefault((hand.table, hand.pos.source), (hand.number_key, hand.hand_id))

            keys = [
                (h.table, *first_at[(h.table, h.pos.source)], h.pos.source, h.pos.line, at)
                for at, h in enumerate(tournament.hands)
            ]
            played = [key[-1] for key in sorted(keys)]
            seats = [
                Seat(
                    hand.table,
                    name,
                    start,
                    final,
                    rebuys,
                    add_ons,
                    hand.pos.source,
                    hand.pos.line,
                    at,
                    hand.hand_id,
                )  # fmt: skip
                for at in played
                for hand in (tournament.hands[at],)
                for name, start, final, rebuys, add_ons in hand.players
            ]
            sat = sittings(seats)
            first = tournament.hands[0]
            backs = iter(sat.back)
            for rule, text in warnings_of(sat, tournament.label, tournament.starting[0]):
                at = first
                if rule == BACK_AT_THE_TABLE:
                    _, table, _, number, source = next(backs)
                    at = next(
                        (
                            h
                            for h in tournament.hands
                            if (h.table, h.hand_id, h.pos.source) == (table, number, source)
                        ),
                        first,
                    )
                outcome = HandOutcome(at.pos.source, at.hand_id, at.pos)
                found.append((outcome, Violation(rule, text, at.pos, "warning")))
            outcome = HandOutcome(first.pos.source, first.hand_id, first.pos)
            found += [
                (outcome, Violation(STATED_PLACE, text, first.pos, "warning"))
                for text in _stated_places(tournament, played)
            ]
            found += self._namesakes(event, tournament)
        return found

    def _namesakes(
        self, event: Event, tournament: Tournament
    ) -> list[tuple[HandOutcome, Violation]]:
        """The import's warnings of ``tournament`` and each other of its name sharing a
        player (:mod:`.ledger.tournament_warnings`, whose rules and words are asked here), at
        its first hand, in the import's order: one of its money a day apart
        (``past_midnight``), then one of its date in other money (``other_money``), each in
        the order the ledger made their events (the order the files met them)."""
        kind, name, date, unit = event
        if not name:
            return []
        from .ledger import tournament_warnings as said

        found: list[tuple[HandOutcome, Violation]] = []
        players: set[str] | None = None
        at = tournament.hands[0]
        for rule in (said.PAST_MIDNIGHT, said.OTHER_MONEY):
            for (other_kind, other_name, other_date, other_unit), other in self.events.items():
                if (other_kind, other_name) != (kind, name) or not other.hands:
                    continue
                if rule == said.PAST_MIDNIGHT:
                    if other_unit != unit or not said.a_day_apart(date, other_date):
                        continue
                    text = said.past_midnight_words(tournament.label, other.label)
                else:
                    if other_date != date or other_unit == unit:
                        continue
                    money, other_money = unit or "money", other_unit or "money"
                    text = said.other_money_words(tournament.label, money, other.label, other_money)
                if players is None:
                    players = _entrants(tournament)
                if players.isdisjoint(_entrants(other)):
                    continue
                warning = Violation(rule, text, at.pos, "warning")
                found.append((HandOutcome(at.pos.source, at.hand_id, at.pos), warning))
        return found


def _stated_places(tournament: Tournament, played: list[int]) -> list[str]:
    """The import's warnings of the places a site states that the tournament's hands, in
    play order (``played``), place otherwise (:func:`~.ledger.tournament_results.
    stated_place_warnings`: its rule, :func:`~.ledger.prizes.place_problems`, and its words
    are asked here); of its files alone, so with no chop (a command's, which no file
    holds)."""
    stated: dict[str, int] = {}
    hands: list[dict[str, tuple[int, int]]] = []
    for at in played:
        hand = tournament.hands[at]
        hands.append({composed(p[0]): (p[1], p[2]) for p in hand.players})
        for player, place in hand.finishes:  # the last a hand in play order states
            stated[composed(player)] = place
    if not stated:
        return []
    from .ledger.prizes import finishing_places, place_problems
    from .ledger.tournament_results import stated_place_words

    seated = {player for hand in hands for player in hand}
    places = {player: place for player, place in stated.items() if player in seated}
    return [
        stated_place_words(player, tournament.label, place, first, last)
        for player, place, first, last in place_problems(finishing_places(hands, set()), places)
    ]


def _entrants(tournament: Tournament) -> set[str]:
    """The names a tournament's entries are the ledger's under: of a player written two ways
    (the same letters), the first met."""
    first: dict[str, str] = {}
    for hand in tournament.hands:
        for player in hand.players:
            first.setdefault(composed(player[0]), player[0])
    return set(first.values())


class Tournaments:
    """The hands of tournaments of a file or of a check's files, and whether the check's
    files play Progressive Badugi pools: what the import says only once its last file is
    stored (a tournament's warnings; a pot left behind, ``check_pools.left_behind``), which a
    report of several files says once every file was read (:class:`HeldLines`)."""

    def __init__(self) -> None:
        self.hands: TournamentHands | None = None
        self.files: TournamentsOfFiles | None = None
        self.pooled = False

    def keep(self, outcome: HandOutcome) -> None:
        record = outcome.record
        if record is None or record.session.kind != "tournament":
            return
        if self.hands is None:
            self.hands = TournamentHands()
        self.hands.keep(outcome)

    def add(self, hands: TournamentHands | None, pools: Pools | None = None) -> bool:
        """A file's tournament hands and pools, added to the check's: whether there are any
        hands of a tournament, or nights of a Progressive pool, so far."""
        if hands is not None and hands.events:
            if self.files is None:
                self.files = TournamentsOfFiles()
            self.files.add(hands)
        self.pooled = self.pooled or played(pools)
        return self.files is not None or self.pooled

    def found(
        self, hands: HandsOfFiles | None = None, files: Sequence[object] = ()
    ) -> list[tuple[HandOutcome, Violation]]:
        """The warnings of the tournaments of the files added (of the file kept, if none),
        and, given the ``files``' ``hands``, of the pots their nights leave behind."""
        if self.files is None:
            self.add(self.hands)
        found = self.files.found() if self.files is not None else []
        if hands is not None and self.pooled:
            pools = hands.pools
            from .check_pools import left_behind
            from .replay.pools import Pools

            merged = Pools()
            merged.nights, merged.words = pools.nights, pools.words
            place = {str(path): at for at, path in reversed(list(enumerate(files)))}
            found += left_behind(merged, lambda source: place.get(source, 0), hands.held_at)
        return found


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
            self.carries = _rows().UnstoredCarries()
        if not self.carries.concerns(outcome):
            return outcome
        rows = _rows()
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
    rows = _rows()
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
        for player in _rows().hand_rows(record, result, outcome.source, outcome.pos.line).players:
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
            if any(not (plain(other) and plain(name)) for other in alike):
                from .ledger.players import known_as, look_alike_warning

                same, known = known_as(name, [(other, other) for other in alike])
                if same is None and known is not None:
                    text = look_alike_warning(name, known)
                    warning = Violation(LOOK_ALIKE, text, pos, "warning")
                    found.append((HandOutcome(pos.source, hand, pos), warning))
            alike.append(name)
        return found

    def _alike(self, names: NewNames) -> bool:
        """Whether a new name of ``names`` looks like another, made before or new: not two
        plain printable ASCII names, which never do."""
        looks: dict[str, list[str]] = {}
        for name in names.met:
            if name not in self.names:
                looks.setdefault(look_alike(name), []).append(name)
        for key, new in looks.items():
            others = [*self.looks.get(key, ()), *new]
            if any(not (plain(a) and plain(b)) for a in new for b in others if a != b):
                return True
        return False


LOOK_ALIKE = "player-look-alike"
"""The rule ``check`` names the import's warning of a new name that looks like another."""


@cache
def _rows() -> ModuleType:
    """``ledger/rows.py``, imported the first time a hand asks its rules (a tournament's, a
    Progressive pot's, a name's): a check of other hands never loads it, and no import
    statement runs once per file or hand."""
    from .ledger import rows

    return rows
