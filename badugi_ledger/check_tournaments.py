"""What an import says of a tournament's hands that ``check`` says too, in its words and by
its rules (asked here, never copied): a tournament's warnings (``ledger/tournament_warnings.py``,
:func:`~.ledger.tournament_warnings.warnings_of`): a player who busted and sits down again,
or plays on at another table, on chips nobody bought, a player who never sat down with the
starting chips, a place a site states that the hands tell otherwise, and a tournament of its
name sharing a player a day apart (``past_midnight``) or of its date in other money
(``other_money``).  The import says them under the file, as the ledger holds the tournament
once its last file is stored; ``check`` says each as a warning at its place: a player back at
the table at the hand he sits down in, the others at the tournament's first hand in the first
file that holds it (:class:`Tournaments`, and :class:`~.check_import.HeldLines` for the text
report of several files).  The hands are those the import stores, each player's row as the
ledger keeps it (:func:`~.ledger.rows.hand_rows`), a hand two files hold once (a copy read
from the later file, another version not stored; none of a file refused whole as a night
stored again), each table's hands in the ledger's order of play (``play_order``: a file's
hands in the order of their lines, files by the number of their first hand at the table).

Memory grows with a tournament's hands only (a few numbers a player and hand, of tournaments
alone; a check of cash games keeps nothing): what the warnings need, never the hands.  The
ledger's modules are loaded at the first hand of a tournament only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .check_import import ledger_rows, played
from .model.copies import one_hand
from .model.events import event_key_text, event_label, ledger_event
from .model.money import UNSTATED
from .model.names import composed
from .model.results import HandOutcome, Violation

if TYPE_CHECKING:
    from .check_files import HandsOfFiles
    from .model.errors import Position
    from .replay.pools import Pools

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
    finishes: tuple[tuple[str, int, int | None], ...] = ()
    """The places (and prizes) a site states players finished the tournament in, in this hand
    (name, place, prize or None; :class:`~.model.events.StatedFinish`)."""


class Tournament(NamedTuple):
    """A tournament's hands in one file, or in the files so far, and what the warnings name."""

    label: str
    money: str
    """What its buy-in and prizes are cents of (its currency, else ``money``)."""
    starting: list[int | None]
    """The starting chips the first hand stating them states (one item: set once)."""
    buy_in: list[int | None]
    payouts: list[tuple[int, ...]]
    """The buy-in and the payout table the first hand stating them states, as the starting
    chips (the ledger keeps an event's terms as a source states them)."""
    hands: list[Hand]

    @classmethod
    def new(cls, label: str, money: str) -> Tournament:
        return cls(label, money, [None], [None], [()], [])

    def state(self, starting: int | None, buy_in: int | None, payouts: tuple[int, ...]) -> None:
        """The terms a hand (or a file's first hand stating them) states, where none did."""
        if self.starting[0] is None:
            self.starting[0] = starting
        if self.buy_in[0] is None:
            self.buy_in[0] = buy_in
        if not self.payouts[0]:
            self.payouts[0] = payouts


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
            money = record.settings.currency or UNSTATED
            held = self.events[event] = Tournament.new(label, money)
        held.state(session.starting_chips, session.buy_in, session.payouts)
        rows = ledger_rows().hand_rows(record, result, outcome.source, outcome.pos.line)
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
                tuple((f.player, f.place, f.prize) for f in record.finishes),
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
                held = self.events[event] = Tournament.new(mine.label, mine.money)
                self._index[event] = {}
            held.state(mine.starting[0], mine.buy_in[0], mine.payouts[0])
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
                (outcome, Violation(rule, text, first.pos, "warning"))
                for rule, text in _stated(tournament, played)
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
        from .ledger.advice import command_word

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
                    later, earlier = (  # (``void --event`` takes the later's key)
                        ((kind, name, other_date, other_unit), tournament.label)
                        if said.other_is_later(date, other_date)
                        else (event, other.label)
                    )
                    key = command_word(event_key_text(later))
                    text = said.past_midnight_words(tournament.label, other.label, key, earlier)
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


def _stated(tournament: Tournament, played: list[int]) -> list[tuple[str, str]]:
    """The import's warnings of the places and prizes a site states that the tournament's
    hands, in play order (``played``), tell otherwise, each with its rule
    (:func:`~.ledger.tournament_results.stated_warnings`: its rules, the results they are held
    to, :func:`~.ledger.tournament_results.results_of`, and its words are asked here).  Of its
    files alone: their buy-in and payout table, and none of the terms ``tournament`` records
    in a ledger (a chop, a bounty, the prices of rebuys and add-ons, a prize unit), nor a table
    it sets (``--payouts``), which no file holds."""
    stated: dict[str, tuple[int, int | None]] = {}
    hands: list[dict[str, tuple[int, int]]] = []
    rebuys: dict[str, int] = {}
    add_ons: dict[str, int] = {}
    for at in played:
        hand = tournament.hands[at]
        hands.append({composed(p[0]): (p[1], p[2]) for p in hand.players})
        for name, _, _, bought, added in hand.players:
            player = composed(name)
            rebuys[player] = rebuys.get(player, 0) + bought
            add_ons[player] = add_ons.get(player, 0) + added
        for name, place, prize in hand.finishes:  # the last a hand in play order states
            stated[composed(name)] = (place, prize)
    if not stated:
        return []
    from .ledger.tournament_results import results_of, stated_warnings
    from .ledger.tournament_terms import Terms

    seated = {player for hand in hands for player in hand}
    buy_in, payouts = tournament.buy_in[0] or 0, tournament.payouts[0]
    results = results_of(hands, (), stated, seated, buy_in, rebuys, add_ons, payouts, Terms())
    return stated_warnings(results, stated, tournament.label, tournament.money)


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
