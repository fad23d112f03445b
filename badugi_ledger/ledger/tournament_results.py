"""A tournament's results: its places, prizes and bounties, from its stored hands and terms.

:func:`recompute_tournament` reads a tournament's stored hands in the order they were played
over all its tables and files (:func:`~.tournament_order.play_order`), places the players and
pays them with the pure rules of :mod:`badugi_ledger.ledger.prizes` (places, prizes, chops,
points), and writes its ``tournament_entries``.  The terms an organiser records
(:func:`set_terms`, a :class:`~.tournament_terms.Terms`) belong to the tournament and are
applied whenever it is recomputed: when a corrected file moves all its hands to another event,
they go along (:func:`~.moved_terms.follow_moved_hands`).

**Prize pool** (:func:`~.prizes.prize_pool`) = buy-ins + rebuys + add-ons − the bounty part of
every buy-in.  A rebuy or an add-on costs the buy-in unless the tournament's terms set another
price.  A tournament without a payout table pays no prizes (nothing is assumed) but those a
site states it paid; settle-up shows what they leave of its pool as undistributed, and what
they pay above it (a field bigger than its files, a guaranteed pool) as the pool's debt, which
the import and ``check`` warn of (:func:`stated_warnings`).

**Bounties** (terms ``bounty`` = the part of each buy-in that is a bounty).  When a player is
out for good, their bounty goes to the winner(s) of the last pot they were eligible for in the
hand they busted (the pot holding their last chips), split evenly.  Players still in at the end
keep their own bounty.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from ..model.errors import ConfigError, LedgerError
from ..model.events import term_text
from ..model.money import UNSTATED, format_amount
from ..model.names import composed
from ..model.settings import validate_payouts
from .advice import Advice, Said, command_text
from .event_lookup import event_label_of
from .event_terms import (
    COMMAND,
    NO_PRIZES,
    command_payouts,
    event_payouts,
    files_payouts,
    payouts_by,
)
from .prizes import (
    Finish,
    award_prizes,
    chop,
    field_size,
    finishing_places,
    known_places,
    name_order,
    place_problems,
    points_for,
    prize_pool,
    prize_table,
    split_evenly,
)
from .sql import dict_rows
from .stored_values import check_stored_values
from .tournament_order import Row, play_order
from .tournament_terms import Terms, get_terms


def set_terms(
    db: sqlite3.Connection, event_id: int, terms: Terms, *, carried: bool = False
) -> None:
    """Record a tournament's terms (call inside a transaction), then recompute its entries.

    A chop newly recorded is refused when the tournament's hands leave fewer than two
    players in (:func:`_nothing_to_chop`), unless it is ``carried`` to the tournament a
    corrected file moved its hands to (:mod:`.moved_terms`): the organiser's word goes along
    whatever the corrected hands show, as every term does."""
    if terms.chop is not None and not carried and terms.chop != get_terms(db, event_id).chop:
        refused = _nothing_to_chop(db, event_id)
        if refused is not None:
            raise LedgerError(refused)
    db.execute(
        "INSERT INTO tournament_terms "
        "(event_id, bounty, rebuy_price, add_on_price, prize_unit, chop) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(event_id) DO UPDATE SET bounty = excluded.bounty, "
        "rebuy_price = excluded.rebuy_price, add_on_price = excluded.add_on_price, "
        "prize_unit = excluded.prize_unit, chop = excluded.chop",
        (
            event_id,
            terms.bounty,
            terms.rebuy_price,
            terms.add_on_price,
            terms.prize_unit,
            terms.chop,
        ),
    )
    recompute_tournament(db, event_id)


def _nothing_to_chop(db: sqlite3.Connection, event_id: int) -> str | None:
    """Why tournament ``event_id`` has nothing to chop, else None: a chop is the players left
    at the end agreeing to stop and re-divide the prizes of their places (:func:`.prizes.chop`),
    so a tournament its hands played down to one player (or none, every hand voided) has
    none: recorded, it would change no prize, yet be shown as a term of the tournament."""
    row = db.execute("SELECT starting_chips FROM events WHERE id = ?", [event_id]).fetchone()
    play = _played(db, event_id, None if row is None else row[0])
    counted = len(play.void) < len(play.hands)
    finishes = finishing_places(play.hands, play.void) if counted else []
    left = [f.player for f in finishes if f.out_in_hand is None]
    if len(left) >= 2:
        return None
    if left:
        ended = f"its hands leave only {left[0]} in at the end"
    else:
        ended = "its hands leave nobody in at the end" if counted else "none of its hands counts"
    return (
        f"{event_label_of(db, event_id)}: nothing to chop: {ended}, and a chop is among the "
        "players left at the end when they agree to stop (its prizes are paid by place)"
    )


def set_payouts(db: sqlite3.Connection, event_id: int, payouts: tuple[int, ...]) -> None:
    """Record a tournament's prize table (percent of the pool, first place first; empty: no
    prizes) in place of the one its files stated or left out (call inside a transaction),
    then recompute its entries.  The table is the command's word (``none`` too: no prizes,
    :data:`.event_terms.NO_PRIZES`): it stands whatever its files leave out, and a file
    imported again stating the table it stated before does not contest it; one that states
    another is a conflict, as any event fact the ledger holds otherwise
    (:meth:`.FileEvents.settle_terms`).  It stands until the command sets another, or takes
    it back (:func:`clear_payouts`)."""
    word = json.dumps(list(validate_payouts(payouts))) if payouts else NO_PRIZES
    db.execute("UPDATE events SET payouts = ? WHERE id = ?", [event_payouts(word), event_id])
    command_payouts(db, event_id, word)
    recompute_tournament(db, event_id)


def clear_payouts(db: sqlite3.Connection, event_id: int) -> tuple[str, ...]:
    """Take back the prize table ``tournament --payouts`` set (``--payouts clear``; call
    inside a transaction): the event pays what its files state, as a fresh import of them
    does, and is recomputed.  What the command says of it: the table the event pays now and
    which file states it, or that the command had set none.  Files that state two tables
    (each import said the conflict) leave the event the first file's, by path, and both
    are named."""
    word = payouts_by(db, event_id, COMMAND)
    if word is None:
        return ("payouts: tournament --payouts set no table here; the files' table counts",)
    command_payouts(db, event_id, None)
    stated = files_payouts(db, event_id)
    table = next(iter(stated), None)
    db.execute("UPDATE events SET payouts = ? WHERE id = ?", [table, event_id])
    recompute_tournament(db, event_id)
    taken = f"payouts: {_table_text(word)} (tournament --payouts) taken back"
    if table is None:
        return (f"{taken}; no file states a table: no prizes",)
    if len(stated) == 1:
        return (f"{taken}; the event pays {_table_text(table)}, as {stated[table]} states",)
    tables = ", ".join(f"{_table_text(t)} in {source}" for t, source in stated.items())
    return (
        f"{taken}; the files state {tables}: the event pays {_table_text(table)}, the first "
        "file's; make them agree, and import the others with --replace",
    )


def _table_text(payouts: str) -> str:
    """A prize table as JSON (``events.payouts``, or the command's row) as a file's header
    writes it: ``70/30``, ``none``."""
    return term_text("payouts", json.loads(payouts), None)


def _bounty_takers(
    db: sqlite3.Connection, hand_ids: list[int], at: int, alias_id: int, void: set[int]
) -> list[int]:
    """Alias ids that won the last pot the busted player was eligible for in the hand
    ``hand_ids[at]`` - or, when that pot carried (Progressive Badugi: no hand qualified), the
    winners of the pot it went to (:func:`_carry_takers`; ``void``: the indices of the hands
    an organiser voided).  A player eligible for none (a site's record of one who folds after
    posting his last chips: the replay's ``fold-all-in``) lost them into the pot that holds
    his last chip (:func:`_pot_holding`), and its winners took his bounty."""
    pots = list(
        dict_rows(
            db, "SELECT id, eligible FROM pots WHERE hand_id = ? ORDER BY idx DESC", [hand_ids[at]]
        )
    )
    name = db.execute("SELECT name FROM aliases WHERE id = ?", [alias_id]).fetchone()[0]
    eligible = [pot for pot in pots if name in json.loads(str(pot["eligible"] or "[]"))]
    holding = eligible[0] if eligible else _pot_holding(db, hand_ids[at], name, pots[::-1])
    if holding is None:
        return []
    winners = _pot_winners(db, int(holding["id"]))
    return winners or _carry_takers(db, hand_ids, at, void)


def _pot_holding(db: sqlite3.Connection, hand_id: int, name: str, pots: list[dict]) -> dict | None:
    """The pot of ``pots`` (main pot first) that holds the last chip a player who folded put
    into the hand: each pot holds the chips up to what the least of its eligible players put
    in, so the first whose level reaches his; chips beyond every level are the last pot's."""
    put_in = dict(
        db.execute(
            "SELECT a.name, hp.contributed FROM hand_players hp "
            "JOIN aliases a ON a.id = hp.alias_id WHERE hp.hand_id = ?",
            [hand_id],
        )
    )
    mine = int(put_in.get(name) or 0)
    if not mine:
        return None
    for pot in pots:
        eligible = json.loads(str(pot["eligible"] or "[]"))
        if min((int(put_in.get(n) or 0) for n in eligible), default=0) >= mine:
            return pot
    return pots[-1] if pots else None


def _pot_winners(db: sqlite3.Connection, pot_id: int) -> list[int]:
    rows = db.execute("SELECT alias_id FROM pot_winners WHERE pot_id = ? AND share > 0", [pot_id])
    return [int(r[0]) for r in rows]


def _carry_takers(
    db: sqlite3.Connection, hand_ids: list[int], at: int, void: set[int]
) -> list[int]:
    """The winners of the pot that took the pot carried out of the hand ``hand_ids[at]``: in
    the next hand at its table that took a carried pot, the first of its pots that was won
    (``002``: "the winner of the next pot that is won", :func:`~..hands.pots.next_pot_won`);
    every pot of that hand carrying again, the next such hand's.  A hand an organiser voided
    (an index in ``void``) took nothing: the pot waits in ``*carry*``.  None: the pot is still
    carried (the tournament's last hand carried it, or the hand that took it is void)."""
    table_of = "SELECT coalesce(table_name, ''), carry_in, carry_out FROM hands WHERE id = ?"
    table, _, _ = db.execute(table_of, [hand_ids[at]]).fetchone()
    for index in range(at + 1, len(hand_ids)):
        later = hand_ids[index]
        at_table, carry_in, carry_out = db.execute(table_of, [later]).fetchone()
        if at_table != table or not carry_in:
            continue
        if index in void:  # took nothing: carried on to the next hand, or waits in *carry*
            if carry_out:
                continue
            return []
        for (pot_id,) in db.execute("SELECT id FROM pots WHERE hand_id = ? ORDER BY idx", [later]):
            winners = _pot_winners(db, int(pot_id))
            if winners:
                return winners
    return []


_PLAYED_HANDS = """
SELECT o.hand_id, o.counts, hp.alias_id, a.name, hp.starting_stack, hp.final_stack, hp.rebuys,
       hp.add_ons, coalesce(o.source, ''), {stack_change}, o.hand_key
FROM (
    SELECT p.hand_id, p.counts, p.source, p.line, p.seq, p.hand_key,
           first_value(p.hand_key) OVER file AS file_key,
           first_value(p.hand) OVER file AS file_first
    FROM play_order p WHERE p.event_id = ?
    WINDOW file AS (PARTITION BY coalesce(p.source, '') ORDER BY p.line, p.hand_id)
) o JOIN hand_players hp ON hp.hand_id = o.hand_id JOIN aliases a ON a.id = hp.alias_id
ORDER BY o.file_key, o.file_first, coalesce(o.source, ''), o.line, o.seq, o.hand_id, hp.seat
"""
"""A tournament's hands as they were played, each player dealt in (or whose stack changed while
he sat out) a row: the hands of the view ``play_order`` (those that count and those an organiser
voided, never a copy the ledger set aside or a hand its file no longer holds), in its order.
``play_order`` numbers each table's hands; a tournament's places need one order over all its
tables, so its rule is taken over the whole event: a file's hands in the order of its lines (the
file is the record of the night, tables breaking into a final table included), the files in the
natural order of the number of their first hand (``P9`` before ``P10``, ``7-8`` before ``7-10``,
see :func:`~.views.number_key`), which :func:`~.tournament_order.play_order` then puts together
as the players' stacks say they were played (a file played after another, or their hands
between each other's). For a tournament at one table this is ``play_order``'s ``seq``.
Row ids are not play order: a hand renumbered, inserted or imported from an earlier file later
is a new row at the end."""


class _Play(NamedTuple):
    """A tournament's stored hands as :func:`recompute_tournament` reads them, in the order
    they were played (:data:`_PLAYED_HANDS`)."""

    hands: list[dict[str, tuple[int, int]]]
    """Each hand's ``{player: (stack at start, stack at end)}``, a player by his composed name."""
    hand_ids: list[int]
    void: set[int]
    """The indexes of the hands an organiser voided."""
    alias_of: dict[str, int]
    """Each player's entry alias: his name as first written."""
    seated: list[dict[str, int]]
    """Each hand's alias of each player."""
    key_of: dict[int, str]
    rebuys: dict[str, int]
    add_ons: dict[str, int]
    stated: dict[str, tuple[int, int | None]]
    """The place and prize (None: not stated) a site states each player finished in
    (``hands.finishes`` of the hands that count; the last it states of a player)."""


def _played(db: sqlite3.Connection, event_id: int, starting_chips: int | None) -> _Play:
    """Tournament ``event_id``'s hands as they were played (:class:`_Play`)."""
    columns = {str(c[1]) for c in db.execute("PRAGMA table_info(hand_players)")}
    # a migration before the one that keeps ``stack_change`` recomputes tournaments too
    stack_change = "hp.stack_change" if "stack_change" in columns else "NULL"
    files: dict[str, list[Row]] = {}
    for row in db.execute(_PLAYED_HANDS.format(stack_change=stack_change), [event_id]):
        files.setdefault(row[8], []).append(row)
    rows = play_order(list(files.values()), starting_chips)
    play = _Play([], [], set(), {}, [], {}, defaultdict(int), defaultdict(int), {})
    hands, hand_ids, seated = play.hands, play.hand_ids, play.seated
    # A player is their name as Unicode composes it (model/names.composed), as the ledger
    # books them: one name written two ways at two tables is one entry, as one name is.
    for hand_id, counts, alias_id, name, start, final, n_rebuys, n_add_ons, *_ in rows:
        if not hand_ids or hand_ids[-1] != hand_id:
            hand_ids.append(hand_id)
            hands.append({})
            seated.append({})
            if not counts:
                play.void.add(len(hands) - 1)
        key = play.key_of.setdefault(alias_id, composed(name))
        hands[-1][key] = (start, final)
        seated[-1][key] = alias_id
        play.alias_of.setdefault(key, alias_id)
        play.rebuys[key] += n_rebuys or 0
        play.add_ons[key] += n_add_ons or 0
    play.stated.update(_stated(db, event_id, hand_ids, play.void))
    return play


def _stated(
    db: sqlite3.Connection, event_id: int, hand_ids: list[int], void: set[int]
) -> dict[str, tuple[int, int | None]]:
    """The places and prizes the hands that count state (``hands.finishes``), by composed
    name, the last a hand in play order states of a player."""
    if "finishes" not in {str(c[1]) for c in db.execute("PRAGMA table_info(hands)")}:
        return {}  # (a migration before the one that keeps them recomputes tournaments too)
    stated_in = dict(
        db.execute(
            "SELECT h.id, h.finishes FROM hands h JOIN play_order o ON o.hand_id = h.id "
            "WHERE o.event_id = ? AND h.finishes IS NOT NULL",
            [event_id],
        )
    )
    stated: dict[str, tuple[int, int | None]] = {}
    for index, hand_id in enumerate(hand_ids):
        if hand_id in stated_in and index not in void:
            for name, place, prize in json.loads(stated_in[hand_id]):
                stated[composed(name)] = (int(place), None if prize is None else int(prize))
    return stated


class Results(NamedTuple):
    """A tournament's places and prizes, as :func:`results_of` finds them."""

    derived: list[Finish]
    """The places its hands alone give (:func:`~.prizes.finishing_places`)."""
    places: dict[str, int]
    """The places a site states of the players its hands hold."""
    chopped: bool
    finishes: list[Finish]
    """The places known (:func:`~.prizes.known_places`): the tournament's entries."""
    field: int
    pool: int
    won: dict[str, int]
    """Each entry's prize (an entry it does not name wins nothing)."""


def prices(buy_in: int, terms: Terms) -> tuple[int, int]:
    """What a rebuy and an add-on cost: the buy-in, unless the terms set another price."""
    rebuy = buy_in if terms.rebuy_price is None else terms.rebuy_price
    return rebuy, buy_in if terms.add_on_price is None else terms.add_on_price


def results_of(
    hands: Sequence[Mapping[str, tuple[int, int]]],
    void: Collection[int],
    stated: Mapping[str, tuple[int, int | None]],
    seated: Collection[str],
    buy_in: int,
    rebuys: Mapping[str, int],
    add_ons: Mapping[str, int],
    payouts: Sequence[int],
    terms: Terms,
) -> Results:
    """A tournament's places and prizes, of its ``hands`` in the order played (``void``:
    the indexes of those an organiser voided; :func:`~.prizes.finishing_places`), the places
    and prizes a site ``stated`` of each player (those ``seated`` in its hands count), each
    player's ``rebuys`` and ``add_ons``, its ``payouts`` table and ``terms``: what
    :func:`recompute_tournament` stores, and what ``check``, which holds a tournament's files
    to it, finds of them (``check_tournaments.py``; with no terms a command recorded).

    A tournament none of whose hands counts (each one voided) counts for nothing, as its event
    holds no hand that counts (``events``, ``settle --event``): no entries.  With no table to
    pay by, the prizes are those the site states it paid."""
    derived = finishing_places(hands, void) if len(void) < len(hands) else []
    places = {player: place for player, (place, _) in stated.items() if player in seated}
    chopped = terms.chop is not None
    finishes = known_places(derived, places, chopped=chopped)
    field = field_size(derived, places)
    rebuy_price, add_on_price = prices(buy_in, terms)
    paid_in = [
        buy_in + rebuys.get(f.player, 0) * rebuy_price + add_ons.get(f.player, 0) * add_on_price
        for f in finishes
    ]
    pool = prize_pool(paid_in, terms.bounty)
    prizes = prize_table(pool, payouts, terms.prize_unit, entrants=field) if payouts else []
    won = award_prizes(finishes, prizes, terms.prize_unit)
    if terms.chop is not None:
        won.update(chop(finishes, prizes, terms.chop, terms.prize_unit))
    if not payouts:  # no table to pay by: the prizes the site states it paid
        won.update(
            (player, prize)
            for player, (_, prize) in stated.items()
            if prize is not None and player in seated
        )
    return Results(derived, places, chopped, finishes, field, pool, won)


def recompute_tournament(db: sqlite3.Connection, event_id: int) -> int:
    """Rewrite ``tournament_entries`` of one tournament from its hands as they were played
    (:data:`_PLAYED_HANDS`); return entrants.

    The hands an organiser voided are among them: the stacks went through them, so a rebuy or
    an add-on made in one is charged (its chips stayed in play), while its own play counts for
    no place (:func:`~.prizes.finishing_places`).

    Call inside a transaction (the import does, per file).
    """
    check_stored_values(db, "events", "id = ?", [event_id])
    event = db.execute(
        "SELECT kind, buy_in, payouts, starting_chips, money FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if event is None or event[0] != "tournament":
        raise LedgerError(f"event {event_id} is not a tournament")
    buy_in = int(event[1] or 0)
    payouts = validate_payouts(json.loads(event[2] or "[]"), in_order=False)  # as stored
    terms = get_terms(db, event_id)
    if terms.bounty > buy_in:
        unit = event[4] or UNSTATED
        raise ConfigError(
            f"the bounty {format_amount(terms.bounty, unit)} cannot exceed the buy-in "
            f"{format_amount(buy_in, unit)} (the bounty is part of the buy-in)"
        )
    play = _played(db, event_id, event[3])
    hand_ids, void, alias_of = play.hand_ids, play.void, play.alias_of
    seated, key_of, rebuys, add_ons = play.seated, play.key_of, play.rebuys, play.add_ons
    results = results_of(
        play.hands, void, play.stated, alias_of, buy_in, rebuys, add_ons, payouts, terms
    )
    finishes, field, pool, won = results.finishes, results.field, results.pool, results.won
    rebuy_price, add_on_price = prices(buy_in, terms)
    n = len(finishes)
    every_place = field == n and all(f.place is not None for f in finishes)
    if payouts and every_place and sum(won.values()) != pool:  # pragma: no cover - paid whole
        raise LedgerError(
            f"the prizes of event {event_id} add up to {sum(won.values())}, not to its prize "
            f"pool of {pool}"
        )
    bounty_won: dict[str, int] = defaultdict(int)
    bounty_count: dict[str, int] = defaultdict(int)
    if terms.bounty:
        for f in finishes:
            if f.out_in_hand is None:
                bounty_won[f.player] += terms.bounty
                continue
            out_in = f.out_in_hand
            takers = [
                key_of[a]
                for a in _bounty_takers(db, hand_ids, out_in, seated[out_in][f.player], void)
            ]
            if not takers:  # nobody to credit (should not happen): the player keeps it
                takers = [f.player]
            for taker, share in split_evenly(
                terms.bounty, sorted(takers, key=name_order), 1
            ).items():
                bounty_won[taker] += share
                bounty_count[taker] += 1 if taker != f.player else 0
    db.execute("DELETE FROM tournament_entries WHERE event_id = ?", [event_id])
    db.executemany(
        "INSERT INTO tournament_entries (event_id, alias_id, buy_in, rebuys, rebuy_cost, add_ons, "
        "add_on_cost, bounties, bounty_won, place, place_to, chips, prize, points) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                event_id,
                alias_of[f.player],
                buy_in,
                rebuys[f.player],
                rebuys[f.player] * rebuy_price,
                add_ons[f.player],
                add_ons[f.player] * add_on_price,
                bounty_count[f.player],
                bounty_won[f.player],
                f.place,
                f.place_to,
                f.chips,
                won.get(f.player, 0),
                None if f.place is None else points_for("linear", field, f.place, f.place_to),
            )
            for f in finishes
        ],
    )
    return n


STATED_PLACE = "tournament-stated-place"
STATED_PRIZE = "tournament-stated-prize"
PRIZES_ABOVE_POOL = "tournament-prizes-above-pool"
"""The rules ``check`` names the warnings of :func:`stated_warnings` by."""


def stated_finish_warnings(db: sqlite3.Connection, event_id: int, label: str) -> list[str | Said]:
    """What the import says of the places and prizes a site states for tournament
    ``event_id`` (named ``label``): :func:`stated_warnings` of its hands as stored, each a
    sentence, with what to do apart where it says it (:func:`stated_warnings_said`)."""
    row = db.execute(
        "SELECT starting_chips, money, buy_in, payouts FROM events "
        "WHERE id = ? AND kind = 'tournament'",
        [event_id],
    ).fetchone()
    stated_any = "SELECT 1 FROM hands WHERE event_id = ? AND finishes IS NOT NULL LIMIT 1"
    if row is None or db.execute(stated_any, [event_id]).fetchone() is None:
        return []  # (a site states none: the hands, which recompute_tournament read, not again)
    play = _played(db, event_id, row[0])
    if not play.stated or len(play.void) == len(play.hands):
        return []
    payouts = validate_payouts(json.loads(row[3] or "[]"), in_order=False)  # as stored
    results = results_of(
        play.hands,
        play.void,
        play.stated,
        play.alias_of,
        int(row[2] or 0),
        play.rebuys,
        play.add_ons,
        payouts,
        get_terms(db, event_id),
    )
    money = row[1] or UNSTATED
    return [said for _, said in stated_warnings_said(results, play.stated, label, money)]


def stated_warnings(
    results: Results, stated: Mapping[str, tuple[int, int | None]], label: str, money: str
) -> list[tuple[str, str]]:
    """What the import says of the places and prizes a site ``stated`` of tournament ``label``
    (whose prizes are in ``money``) that its :func:`results_of` tell otherwise, each warning's
    rule and sentence, in the import's order; ``check`` asks it too:

    * a place the hands alone know (:func:`~.prizes.place_problems`), and the site's is another
      (:data:`STATED_PLACE`): the site's stands (its record of a field the hands may not hold
      whole);
    * a prize the payout table pays otherwise (:data:`STATED_PRIZE`): the table's stands, which
      the pool is divided by;
    * with no table, prizes the site states above the prize pool its hands make
      (:data:`PRIZES_ABOVE_POOL`): they stand, as the site paid them, and the settle-up's
      ``*prize pool*`` pays what the pool did not hold (the buy-ins of a field bigger than the
      files hold, or money the site added), never silently.

    In the command line's words (:func:`stated_warnings_said` keeps what to do apart)."""
    return [
        (rule, command_text(said))
        for rule, said in stated_warnings_said(results, stated, label, money)
    ]


def stated_warnings_said(
    results: Results, stated: Mapping[str, tuple[int, int | None]], label: str, money: str
) -> list[tuple[str, str | Said]]:
    """:func:`stated_warnings` with what to do apart, where a warning says it."""
    found: list[tuple[str, str | Said]] = [
        (STATED_PLACE, stated_place_words(player, label, place, first, last))
        for player, place, first, last in place_problems(
            results.derived, results.places, chopped=results.chopped
        )
    ]
    entries = {f.player for f in results.finishes}
    for player, (_, prize) in sorted(stated.items()):
        paid = results.won.get(player, 0)
        if prize is not None and player in entries and paid != prize:
            found.append((STATED_PRIZE, stated_prize_said(player, label, prize, paid, money)))
    prizes = sum(results.won.values())
    if prizes > results.pool:
        words = prizes_above_pool_words(label, prizes, results.pool, len(entries), money)
        found.append((PRIZES_ABOVE_POOL, words))
    return found


def stated_prize_words(player: str, label: str, prize: int, paid: int, money: str) -> str:
    """The import's words of a prize a site states ``player`` received in tournament
    ``label``, which its payout table pays otherwise (``paid``; :func:`stated_warnings`);
    ``check`` says them too."""
    return command_text(stated_prize_said(player, label, prize, paid, money))


def stated_prize_said(player: str, label: str, prize: int, paid: int, money: str) -> Said:
    """:func:`stated_prize_words` with what to do apart: correct the payout table or the
    file."""
    return (
        f"the site states {player} received {format_amount(prize, money)} in {label}, and its "
        f"payout table pays {format_amount(paid, money)}: ",
        Advice("correct the payout table"),
    )


def prizes_above_pool_words(label: str, prizes: int, pool: int, entrants: int, money: str) -> str:
    """The import's words of the prizes a site states in tournament ``label`` above its prize
    pool (:func:`stated_warnings`); ``check`` says them too."""
    over = format_amount(prizes - pool, money)
    return (
        f"the site states prizes of {format_amount(prizes, money)} in {label}, {over} above "
        f"its prize pool of {format_amount(pool, money)} (what the {entrants} entrants its "
        "hands hold paid in): a field bigger than its files hold (one table of many), or "
        f"money the site added (a guaranteed pool); the settle-up's *prize pool* pays the {over}"
    )


def stated_place_words(player: str, label: str, place: int, first: int, last: int) -> str:
    """The import's words of a place a site states ``player`` finished tournament ``label``
    in, which its hands place in ``first`` .. ``last`` (:func:`~.prizes.place_problems`); ``check``
    says them too."""
    places = f"in place {first}" if first == last else f"in places {first}-{last}"
    return (
        f"the site states {player} finished {label} in place {place}, and its hands place "
        f"{player} {places}: a hand missing or misplaced, or a stack mistyped?"
    )
