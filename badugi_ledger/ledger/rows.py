"""From replayed hands to the rows the ledger stores - pure, no database.

:func:`prepare_outcomes` turns each :class:`~badugi_ledger.model.results.HandOutcome` of one file
into either a :class:`Rejected` (with every reason and its line) or a :class:`HandRows`: the hand's
fingerprint and its rows with *names* where the ledger keeps ids (players, aliases, the event),
since only the writer (:mod:`badugi_ledger.ledger.writer`), inside the file's transaction, can
turn names into ids.  Keeping this step free of the database lets ``import --jobs`` run it in
worker processes while one writer stores the files in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import Any, NamedTuple

from ..model.cards import DECK, Card
from ..model.events import (
    CarryIn,
    CarryOut,
    HandRecord,
    Session,
    Show,
    StackChange,
    event_key_text,
    ledger_event,
)
from ..model.games import GAMES
from ..model.limits import MAX_AMOUNT, amount_problem
from ..model.results import CARRY, HOUSE, HandOutcome, HandResult, Violation
from ..model.settings import validate_payouts
from ..replay.pools import pool_at
from ..replay.verdicts import CURRENCY_UNKNOWN
from .fingerprints import canonical_json, fingerprint, plain_json
from .hand_content import FIGURES, HandFacts, content_digest, facts
from .report import Rejected
from .views import number_key


class HandRows(NamedTuple):
    """One valid hand, ready to store: everything but the ids the writer assigns."""

    fingerprint: str
    source: str
    event: tuple[Session, str, str | None]
    """What names the hand's ``events`` row: (session, game, currency), see
    :func:`event_identity`."""
    hand: tuple[Any, ...]
    """``hands`` columns hand_number … showdown, number_key, finishes (see
    :data:`HAND_COLUMNS`)."""
    players: tuple[tuple[Any, ...], ...]
    """(name, seat, starting_stack, final_stack, contributed, collected, busted, rebuys,
    add_ons, stack_change): the ``hand_players`` columns after the hand and alias.  The
    content digest leaves ``stack_change`` out (see :data:`CONTENT_FIGURES`)."""
    postings: tuple[tuple[str, bool, str, int], ...]
    """(account, is a player's account, kind, amount)."""
    pots: tuple[tuple[str, int, str, str, tuple[tuple[str, int], ...]], ...]
    """(name, amount, eligible as JSON, detail, winners as (name, share) with share > 0)."""
    cards: str
    """Each player's shown cards as JSON (``hands.cards``), to say what a correction changed."""
    content: str
    """:func:`~badugi_ledger.ledger.hand_content.content_digest` of the rows (``hands.content``)."""
    carry_stated: bool = False
    """The hand states the Progressive Badugi pot carried into it (``carry in``), rather than
    taking it from the hand before it in its file."""
    warnings: tuple[str, ...] = ()
    """The replay's warnings of the hand that the import's report says under the file
    (:data:`REPORTED_WARNINGS`), each with its line."""

    @property
    def identity(self) -> tuple[str, str]:
        """(table, hand number): with the event, what names this hand in the ledger."""
        return str(self.hand[1] or ""), str(self.hand[0])

    @property
    def number_key(self) -> str:
        """The hand number's sort key (``hands.number_key``): a night's files play in the
        order of their first hand's."""
        return str(self.hand[_NUMBER_KEY])

    @property
    def finishes(self) -> str | None:
        """The places a site states players finished the tournament in, in this hand
        (``hands.finishes``, :func:`stated_finishes`)."""
        finishes: str | None = self.hand[_FINISHES]
        return finishes

    def facts(self) -> HandFacts:
        """The rows in the shape :func:`~badugi_ledger.ledger.hand_content.stored_facts` reads."""
        return _facts_of(self)


HAND_COLUMNS = (
    "hand_number", "table_name", "origin", "source", "line", "game", "button",
    "pot", "rake", "carry_in", "carry_out", "showdown", "number_key", "finishes",
)  # fmt: skip
_FIGURE_INDEX = tuple(HAND_COLUMNS.index(c) for c in FIGURES)
_NUMBER_KEY = HAND_COLUMNS.index("number_key")
_FINISHES = HAND_COLUMNS.index("finishes")
_figures = itemgetter(*_FIGURE_INDEX)


CONTENT_FIGURES = 9
"""How many leading fields of a player row (name included) are what the content digest and
:func:`~badugi_ledger.ledger.hand_content.stored_facts` compare.  ``stack_change``, the last,
is what the file wrote before the hand, which its fingerprint already covers: kept out of the
content, a hand stored before the ledger had the column has the content a re-import of it
computes, and is found stored rather than changed."""


def _facts_of(rows: tuple[Any, ...]) -> HandFacts:
    """:meth:`HandRows.facts` of a :class:`HandRows` or of its fields before the content."""
    _, _, _, hand, players, postings, pots, cards = rows[:8]
    compared = tuple([p[:CONTENT_FIGURES] for p in players])
    return facts(_figures(hand), compared, postings, pots, cards)


def shown_cards(record: HandRecord) -> str:
    """Each player's last shown cards as JSON ({name: "7h 5c 3d 2s"}, "?" for an unknown)."""
    return _events_facts(record.events)[3]


class _CardWords(dict[Card, str]):
    """Each card's text (``str``), the deck's 52 in a table: a shown card is looked up, not
    written by a call of ``Card.__str__``; a card outside the deck is written when asked."""

    def __missing__(self, card: Card) -> str:
        return str(card)


_CARD_WORDS = _CardWords({card: str(card) for card in DECK})


def _events_facts(
    events: tuple[Any, ...],
) -> tuple[dict[str, int], dict[str, int], dict[str, int], str]:
    """What the rows take from the events, in one pass: each player's rebuys and add-ons, the
    net of the stack changes each player wrote between hands (:class:`StackChange`: a key for
    everyone who wrote one, 0 when they cancel out; a cash-out takes off, as the replay takes
    it), and :func:`shown_cards` (the event classes are final: their exact type says what
    they are, as for the fingerprint)."""
    rebuys: dict[str, int] = {}
    add_ons: dict[str, int] = {}
    changed: dict[str, int] = {}
    shown: dict[str, str] = {}
    words = _CARD_WORDS
    for e in events:  # a plain loop: type(e) in it costs less than map(type, events)
        kind = type(e)
        if kind is Show:
            shown[e.player] = " ".join(
                [words[c] if type(c) is Card else "?" if c is None else str(c) for c in e.cards]
            )
        elif kind is StackChange:
            delta = -abs(e.amount) if e.kind == "cash-out" else e.amount
            changed[e.player] = changed.get(e.player, 0) + delta
            if e.kind == "rebuy":
                rebuys[e.player] = rebuys.get(e.player, 0) + 1
            elif e.kind == "add-on":
                add_ons[e.player] = add_ons.get(e.player, 0) + 1
    return rebuys, add_ons, changed, canonical_json(shown)


_HAND_AMOUNTS = ((4, "the line number"), (7, "the pot"), (8, "the rake"),
                 (9, "the carried-in pot"), (10, "the carried-out pot"))  # fmt: skip
_PLAYER_AMOUNTS = ("seat", "starting stack", "final stack", "contribution", "collection",
                   "bust flag", "rebuys", "add-ons", "stack change")  # fmt: skip
_COUNTS = frozenset({"the line number", "seat", "bust flag", "rebuys", "add-ons"})
"""The figures that are counts (a line, a seat, a flag, a number of rebuys), not chips: a
chip's value makes them no money, so their bound is the largest amount whatever a chip is
worth."""
_PLAYER_CHIPS = (2, 3, 4, 5, 9)
"""Where a player's row holds chips (after the name: the stacks, contribution, collection,
stack change); the rest of it is counts (:data:`_COUNTS`)."""
_PLAYER_COUNTS = (1, 6, 7, 8)


def amount_problems(rows: HandRows) -> str | None:
    """Why this hand cannot be stored (a number beyond :data:`badugi_ledger.model.limits.MAX_AMOUNT`
    either way), or None.  The readers refuse such numbers first; this is the ledger's own
    guard, so that no figure SQLite cannot hold exactly ever reaches it.

    A home game's chips valued in money (``chips 100 = 10 EUR``) become cents in every money
    figure, so there the bound is on chips times the cents a chip is worth.

    Every hand is checked, so the common answer is found first: the hand's integers within
    the bound (one pass, no message built); only a hand with a number beyond it is walked
    figure by figure to name that number."""
    value = rows.event[0].chip_value
    cents = value.cents if value is not None and value.cents > 1 else 1
    if cents == 1:  # chips that are no money, or a chip worth a cent: counts and chips alike
        within = _within_bound(rows, MAX_AMOUNT, counts=True)
    else:
        within = _within_bound(rows, MAX_AMOUNT // cents) and _counts_within_bound(rows)
    return None if within else _first_amount_problem(rows, cents)


_posted = itemgetter(3)
"""A posting's amount."""


def _within_bound(rows: HandRows, bound: int, *, counts: bool = False) -> bool:
    """Every integer chip figure of the hand (the ones :func:`_first_amount_problem` names;
    with ``counts``, its counts too, :data:`_COUNTS`, bounded alike where a chip is worth no
    more than a cent) lies within ±``bound``.

    The event's buy-in and starting chips are None outside tournaments, so they are added
    only when set; then the hand's figures are nearly always all integers, compared as they
    are (``max``, ``min``).  Anything that is not a number (a None, a text) makes the
    comparison fail, and only then are the integers picked out one by one; a value that
    compares but is no ``int`` (a bool, a float) is within the bound or left to
    :func:`_first_amount_problem`, which names integers only."""
    session = rows.event[0]
    hand = rows.hand
    values = [hand[7], hand[8], hand[9], hand[10]]
    if session.buy_in is not None:
        values.append(session.buy_in)
    if session.starting_chips is not None:
        values.append(session.starting_chips)
    if counts:
        values.append(hand[4])
        for player in rows.players:
            values += player[1:]
    else:
        for player in rows.players:
            values += [player[i] for i in _PLAYER_CHIPS]
    values += map(_posted, rows.postings)
    for pot in rows.pots:
        values.append(pot[1])
        values += [share for _, share in pot[4]]
    try:
        total = sum(map(abs, values))  # one pass: the figures' sizes together within it,
        if type(total) is int and total <= bound:  # each is (integers: no float rounding)
            return True
        return max(values) <= bound and min(values) >= -bound
    except TypeError:  # something that is not a number
        numbers = [v for v in values if type(v) is int]
        return not numbers or (max(numbers) <= bound and min(numbers) >= -bound)


def _counts_within_bound(rows: HandRows) -> bool:
    """The hand's counts (:data:`_COUNTS`) within the largest amount, whatever a chip is
    worth; what is not an integer is left to :func:`_first_amount_problem`, as there."""
    counts = [rows.hand[4], *(player[i] for player in rows.players for i in _PLAYER_COUNTS)]
    return all(type(c) is not int or -MAX_AMOUNT <= c <= MAX_AMOUNT for c in counts)


def _first_amount_problem(rows: HandRows, cents: int) -> str | None:
    """The first figure of the hand beyond the bound, in words (see :func:`amount_problems`);
    ``cents``: what a chip is worth (1: chips that are not money), which bounds the chips,
    never the counts (:data:`_COUNTS`)."""
    session = rows.event[0]
    checks: list[tuple[object, str]] = [
        (session.buy_in, "the buy-in"),
        (session.starting_chips, "the starting chips"),
    ]
    checks += [(rows.hand[i], what) for i, what in _HAND_AMOUNTS]
    players: list[tuple[object, str, str]] = []
    for name, *figures in rows.players:
        players += [(v, name, what) for v, what in zip(figures, _PLAYER_AMOUNTS, strict=True)]
    named = [(v, what, f"{name}'s {what}") for v, name, what in players]
    named[:0] = [(v, what, what) for v, what in checks]
    named += [
        (amount, "posting", f"{account}'s {kind}") for account, _, kind, amount in rows.postings
    ]
    for pot, amount, _eligible, _detail, shares in rows.pots:
        named.append((amount, "pot", f"the {pot or 'pot'}"))
        named += [
            (share, "share", f"{winner}'s share of the {pot or 'pot'}") for winner, share in shares
        ]
    for value, kind, what in named:
        if type(value) is not int:
            continue
        scaled = cents > 1 and kind not in _COUNTS
        problem = amount_problem(value * cents if scaled else value, what)
        if problem and scaled:
            return (
                f"{what} {value} is beyond the largest amount at {cents} cents a chip "
                f"({MAX_AMOUNT // cents} chips: 2^53 cents)"
            )
        if problem:
            return problem
    return None


def violation_reason(v: Violation) -> str:
    where = f"line {v.pos.line}: " if v.pos.line else ""
    return f"{where}{v.message} [{v.rule}]"


STACK_UNKNOWN = "stack-unknown"
"""The rule a hand breaks that was replayed from stacks nobody knows: the ledger keeps every
player's stacks, so it is not stored (:func:`unknown_stacks_words`)."""


def unknown_stacks_words(players: Iterable[str]) -> str:
    """Why the import does not store a hand replayed with the stacks of ``players`` unknown
    (the words, without the rule's name; ``check`` says them at the hand too)."""
    names = ", ".join(sorted(players))
    return (
        f"the stacks of {names} are unknown (not stated on the hand line, and not known "
        "from the table's hands before it: one could not be replayed or read, or they are "
        "missing)"
    )


def ledger_problems(result: HandResult) -> list[str]:
    """Ledger invariants of one replayed hand: its stacks are known, postings sum to zero and
    match each net."""
    problems = []
    if result.unknown_stacks:
        problems.append(f"{unknown_stacks_words(result.unknown_stacks)} [{STACK_UNKNOWN}]")
    by_account: dict[str, int] = {}
    for p in result.postings:
        by_account[p.account] = by_account.get(p.account, 0) + p.amount
    balance = sum(by_account.values())  # (result.balance(), from the totals just made)
    if balance != 0:
        problems.append(f"postings sum to {balance}, not 0 [ledger-balance]")
    for player, net in result.net.items():
        if by_account.get(player, 0) != net:
            problems.append(
                f"{player}'s postings total {by_account.get(player, 0)} but the stack changed "
                f"by {net} [ledger-net]"
            )
    return problems


def event_identity(record: HandRecord, source: str) -> dict[str, Any]:
    """The ``events`` row a hand belongs to; an unnamed session is named after its file."""
    return session_identity(record.session, record.settings.game, record.settings.currency, source)


def session_identity(s: Session, game: str, currency: str | None, source: str) -> dict[str, Any]:
    """:func:`event_identity` from its parts (what :attr:`HandRows.event` keeps)."""
    event = ledger_event(s, currency, source)
    name = event[1]
    return {
        "key": event_key_text(event),
        "kind": s.kind,
        "name": name,
        "date": s.date,
        "place": s.place,
        "game": game,
        "season": s.season,
        "currency": currency,
        "buy_in": s.buy_in,
        "starting_chips": s.starting_chips,
        "payouts": json.dumps(list(validate_payouts(s.payouts))) if s.payouts else None,
        "chip_cents": s.chip_value.cents if s.chip_value else None,
        "chip_currency": s.chip_value.currency if s.chip_value else None,
    }


def hand_rows(record: HandRecord, result: HandResult, source: str, line: int) -> HandRows:
    """The rows of one valid hand: the players dealt in, in seat order, and those seated but
    not dealt in (sitting out) whose stack changed before the hand.  A rebuy, top-up, add-on
    or cash-out is the ledger's whoever makes it: a tournament charges the rebuys and add-ons
    of ``hand_players``, a cash game's buy-ins follow its stacks; such a row has the stack
    after the change at both ends and nothing put in or collected.

    Every row keeps the net of what the file wrote before the hand (``stack_change``: top-ups,
    rebuys and add-ons in, cash-outs out; 0 when nothing): the replay checked it against the
    stack the player carried, so a player who missed hands and came back with a change
    written kept his stack: the cash results read only the change as bought or cashed, not his
    whole stack cashed out and a new one bought (:mod:`badugi_ledger.ledger.views`)."""
    rebuys, add_ons, changed, cards = _events_facts(record.events)
    starting = result.starting_stacks
    seats = [s.name for s in record.seats if s.name in starting]
    seats += [p for p in starting if p not in seats]
    final, contributions, payouts, busted = (
        result.final_stacks, result.contributions, result.payouts, result.busted
    )  # fmt: skip
    players = []
    for seat, player in enumerate(seats):
        if player not in contributions and player not in changed:
            continue  # seated but not dealt in (sitting out, or no chips), no chips bought
        players.append(
            (
                player,
                seat,
                starting[player],
                final[player],
                contributions.get(player, 0),
                payouts.get(player, 0),
                int(player in busted),
                rebuys.get(player, 0),
                add_ons.get(player, 0),
                changed.get(player, 0),
            )
        )
    settings = record.settings
    pots = result.pots
    rows = (
        fingerprint(record),
        source,
        (record.session, settings.game, settings.currency),
        (
            record.hand_id,
            record.table,
            record.origin,
            source,
            line,
            settings.game,
            record.button,
            sum([pot.amount for pot in pots]),
            result.rake,
            result.carry_in,
            result.carry_out,
            int(result.showdown),
            number_key(record.hand_id),
            stated_finishes(record),
        ),
        tuple(players),
        tuple(
            [
                (p.account, p.account not in _HOUSE_ACCOUNTS, p.kind, p.amount)
                for p in result.postings
            ]
        ),
        tuple(
            [
                (
                    pot.name,
                    pot.amount,
                    plain_json(list(pot.eligible)),
                    pot.detail,
                    tuple([(w, s) for w, s in pot.shares.items() if s]),
                )
                for pot in pots
            ]
        ),
        cards,
    )
    # the content is the digest of these rows: computed before the one HandRows is made
    stated = GAMES[settings.game].progressive and any(type(e) is CarryIn for e in record.events)
    return HandRows(*rows, content_digest(_facts_of(rows)), stated)


def stated_finishes(record: HandRecord) -> str | None:
    """The places (and prizes) a site states players finished the tournament in, in this hand,
    as ``hands.finishes`` holds them: ``[[name, place, prize or null], …]`` (None: it states
    none).  Not part of the hand's content (:data:`~.hand_content.FIGURES`): what the site
    says of the tournament, which the tournament's places are held to
    (:mod:`.tournament_results`)."""
    if not record.finishes:
        return None
    return plain_json([[f.player, f.place, f.prize] for f in record.finishes])


def _carried(outcome: HandOutcome) -> int:
    """The Progressive Badugi pot ``outcome``'s hand carries to its table's next hand: the
    replay's, or, for a hand that could not be replayed, the one its record states (``carry
    N``), which the table goes on from (``replay.table``)."""
    if outcome.result is not None:
        return outcome.result.carry_out
    record = outcome.record
    return 0 if record is None else sum(e.amount for e in record.events if type(e) is CarryOut)


def carried_by_unstored(outcome: HandOutcome, carried: int) -> str:
    """Why the next hand at the table of ``outcome``, a hand not stored that carries a
    Progressive Badugi pot, is not stored either when it takes that pot: stored alone, it
    would take chips the ledger never saw carried (the words, without the rule's name)."""
    line = f" (line {outcome.pos.line})" if outcome.pos.line else ""
    return (
        f"it takes the pot of {carried} that hand {outcome.hand_id}{line} carried, and that "
        "hand is rejected: correct it, and this hand is stored with it"
    )


CARRY_NOT_STORED = "carry-not-stored"
"""The rule a hand breaks that takes a pot a hand not stored carried (:class:`UnstoredCarries`)."""


def hand_reasons(outcome: HandOutcome, *, strict: bool = False) -> list[str]:
    """Why the import does not store ``outcome``'s hand, of the hand alone (a pot it takes
    from a hand not stored aside: :class:`UnstoredCarries`); empty: it is stored."""
    reasons = [violation_reason(v) for v in outcome.errors]
    if strict:  # an assumption the replay made is a problem too
        reasons += [violation_reason(v) for v in outcome.warnings]
    if outcome.result is not None and outcome.record is not None:
        reasons += ledger_problems(outcome.result)
    elif not reasons:
        reasons.append("the hand could not be replayed [incomplete]")
    return reasons


class UnstoredCarries:
    """The Progressive Badugi pots that hands of one file the import does not store carried,
    by their table and pool: the table's next hand that takes one is not stored either
    (``carry-not-stored``), and, itself not stored, carries its own pot on in turn.  A pot
    passes between the hands of a table's pool (ledger/carried_pots.py), night to night too
    (a ``carry in`` opening the next), never to another unit or a tournament.  ``check``
    holds a file's hands to it as the import does (one rule, :meth:`meet`)."""

    def __init__(self) -> None:
        self.carries: dict[tuple[str, str, tuple[str | None, ...]], str] = {}

    def concerns(self, outcome: HandOutcome) -> bool:
        """Whether :meth:`meet` can say anything of ``outcome``, or learn from it: a pot is
        pending, or the hand carries one (most hands of a check need neither)."""
        return bool(self.carries) or _carried(outcome) > 0

    def taking(self, record: HandRecord, carry_in: int) -> bool:
        """Whether a hand of ``record`` that takes ``carry_in`` takes a pot a hand not stored
        carried (what :meth:`meet` says of it next)."""
        return bool(carry_in and self.carries) and pool_at(record) in self.carries

    def meet(self, outcome: HandOutcome, rejected: bool) -> str | None:
        """The next hand of the file, ``rejected`` for what it is alone (:func:`hand_reasons`):
        the words of the pot it takes that a hand not stored carried (then it is not stored
        either), or None; the pot a hand not stored carries is remembered for the next."""
        result, record = outcome.result, outcome.record
        taken = None
        if result is not None and record is not None and result.carry_in and self.carries:
            taken = self.carries.get(pool_at(record))
        rejected = rejected or taken is not None
        if record is not None and (self.carries or rejected):
            # What the table's next hand takes: a pot this hand carries, if it is rejected.
            carried = _carried(outcome) if rejected else 0
            if carried:
                self.carries[pool_at(record)] = carried_by_unstored(outcome, carried)
            else:
                self.carries.pop(pool_at(record), None)
        return taken


_HOUSE_ACCOUNTS = (HOUSE, CARRY)
"""The accounts that are no player's."""


REPORTED_WARNINGS = frozenset({CURRENCY_UNKNOWN})
"""The replay's warnings the import's report says, though it stores the hand: money named by a
code no currency has is kept apart from every currency's in all the ledger shows.  The others
are assumptions of the replay's about the hand itself, which ``check`` shows."""


def _reported(outcome: HandOutcome) -> tuple[str, ...]:
    """:data:`REPORTED_WARNINGS` of ``outcome``, as the report says them."""
    return tuple(violation_reason(v) for v in outcome.warnings if v.rule in REPORTED_WARNINGS)


def prepare_outcomes(
    outcomes: Iterable[HandOutcome], source: str, *, strict: bool = False
) -> Iterator[Rejected | HandRows | None]:
    """One item per outcome, in order: :class:`Rejected`, :class:`HandRows`, or ``None`` for a
    valid hand after ``strict`` has already refused the file (nothing of it will be stored)."""
    refused = False
    carries = UnstoredCarries()
    for outcome in outcomes:
        reasons = hand_reasons(outcome, strict=strict)
        taken = carries.meet(outcome, bool(reasons))
        if taken is not None:
            reasons.append(f"{taken} [{CARRY_NOT_STORED}]")
        said = _reported(outcome) if outcome.warnings and not strict else ()
        if reasons:
            refused = refused or strict
            yield Rejected(
                outcome.source or source, outcome.pos.line, outcome.hand_id, tuple(reasons), said
            )
        elif refused:
            yield None
        else:
            assert outcome.record is not None and outcome.result is not None
            rows = hand_rows(
                outcome.record,
                outcome.result,
                outcome.source or source,
                outcome.pos.line or outcome.record.pos.line,
            )
            yield rows._replace(warnings=said) if said else rows
