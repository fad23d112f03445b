"""PHH, the open hand-history standard (TOML), variant ``FB`` (fixed-limit Badugi): in and out.

PHH (the ``phh-std`` specification, implemented by PokerKit) lists the players from the one
left of the button (``p1``) to the button (``pN``; heads-up ``p1`` is the big blind), with
per-position ``antes``, ``blinds_or_straddles`` and ``starting_stacks``, and the hand as
action strings::

    d dh p1 ????????      deal hole cards (?? = a card nobody saw)
    p3 f | p4 cc          fold | check or call
    p2 cbr 4              complete, bet or raise *to* 4
    p1 sd ????            discard two (unknown) cards; ``p2 sd`` stands pat
    d dh p1 ????          the cards dealt for that draw
    p4 sm 2s4c6d9h        show at showdown; ``p3 sm`` mucks

Reading: one hand per file, or a ``.phhs`` file whose TOML tables are hands, read one hand
at a time (:mod:`.phh_split`), every number checked (:mod:`.phh_fields`).  A draw is replayed
in PHH's order, as PokerKit deals it (:data:`POKERKIT_DEALING`).  Player names
come from ``players`` (``p1``…``pN`` when it names none); seat numbers from ``seats``; amounts
are chips, whole numbers, or, in a hand with a ``currency``, that currency's units (``2``,
``0.25``: dollars, as the specification has them), read into exact cents (:mod:`.fields`).
``finishing_stacks`` become ``FinalStack`` claims, ``winnings`` ``Collect`` claims
(:mod:`.claims`) and the user-defined ``_rake`` a ``RakeTaken`` the replay verifies.  Every
variant but ``FB`` is skipped as another game.

Writing is :mod:`.phh_write`.

Why this module: it translates the standard's fields into events, one section per field (the
forced bets, the stack changes, the claims, the settings).  The ``actions`` field is the rest:
its strings, where each stands and what each says, are :mod:`.action_strings`, and the loop that
turns them into events, run for every action of every hand, is :mod:`.actions`.  Which blind
is which of our forced bets, and the orders of play refused, are :mod:`.blinds`; what the
outcome's claims mean (``winnings``, a rake in the finishing stacks, a showdown not written
whole), :mod:`.claims`.  Splitting the
file, the fast TOML reader and the field checks are modules of their own too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from sys import intern
from typing import Any, NoReturn

from ..model.errors import BadugiError, ConfigError, ImportFormatError, Position
from ..model.events import (
    Event,
    FinalStack,
    HandRecord,
    Muck,
    RakeTaken,
    Show,
    StackChange,
    StackChangeKind,
)
from ..model.limits import quote
from ..model.names import one_line
from ..model.settings import POKERKIT_HOUSE, GameSettings, HouseRules, ReshuffleRule, Structure
from ..sites.common import ImportItem, SiteWarning, SkippedHand
from ..sites.draft import HandDraft, SeatLine
from ..sites.files import UNREADABLE, split_lines, unreadable
from .action_strings import _action_lines
from .actions import _replay_actions
from .blinds import blind_seats, forced_bets, post_straddles, refuse_orders_not_played
from .claims import (
    POT_WINNINGS_FIELD,
    WINNINGS_FIELD,
    pot_collects,
    rake_from_finishing_stacks,
    unshown_at_showdown,
    unshown_warning,
    winnings,
)
from .fields import HandFields, describe, settings_refused, table_named
from .positions import FieldItems, ItemPlaces
from .session import read_session
from .split import PhhPiece, iter_pieces

ORIGIN = "phh"
VARIANT = "FB"

POKERKIT_DEALING: ReshuffleRule = "discards-first"
"""How a PHH hand was dealt unless the file says otherwise: as PokerKit deals.  PHH writes a
draw as every player's discard, then every deal, and PokerKit deals it so: one card is burned
after the discards, each player is served in turn, and when the deck runs short every card out
of play (burn cards, folded hands, every discard, the whole current draw's included) is
shuffled into it.  A file written by :func:`.phh_write.write_phh` names its own table's rule
in the user-defined field :data:`RESHUFFLE_FIELD`."""
RESHUFFLE_FIELD = "_reshuffle"

MISSING_FIELD = "_missing_before"
"""User-defined field our writer sets on a table's hand when hands of that table before it are
not in the file (``convert`` refused them, the source missed them or could not read them, our
``missing hands``): how many, as far as known (at least one).  The reader then warns that hands
are missing (``missing-hand``), and the replay takes this hand's stated stacks instead of
holding them against the table's previous hand in the file."""

STACK_CHANGE_FIELDS: dict[StackChangeKind, str] = {
    "rebuy": "_rebuys",
    "top-up": "_top_ups",
    "add-on": "_add_ons",
    "cash-out": "_cash_outs",
}
"""User-defined fields our writer gives a hand's changes of stacks before it (PHH has none):
one amount per player, in ``players`` order; the starting stacks are the stacks after them."""
RESHUFFLE_RULES: tuple[ReshuffleRule, ...] = ("exclude-own", "all-discards", "discards-first")


# --- reading -----------------------------------------------------------------------------------


def read_phh(text: str | Iterable[str], source: str = "<phh>") -> Iterator[ImportItem]:
    """The hands of a PHH (one hand) or PHHS (tables of hands) file, one at a time.

    ``text`` is the whole document or, for a file of any size, its lines (without their
    ends), read once and lazily: :func:`.phh_split.iter_pieces` cuts them into hands and
    parses each with :func:`.fast.loads` (a fast reader for plain PHH that leaves
    everything else to ``tomllib``), so time is linear and one hand is in memory at a time.
    """
    lines = split_lines(text) if isinstance(text, str) else text
    for piece in iter_pieces(lines, source):
        if isinstance(piece, ImportFormatError):
            yield piece
            continue
        line = piece.start
        gaps: list[SiteWarning] = []
        for key, hand in piece.hands():
            try:
                item = _read_hand(hand, key, source, line, piece, gaps)
            except (BadugiError, *UNREADABLE) as exc:
                error = exc if isinstance(exc, BadugiError) else unreadable(exc, source, line)
                error.table = table_named(hand)
                yield error
            else:
                if gaps:
                    yield from gaps
                    gaps.clear()
                yield item


def _read_hand(
    hand: dict[str, Any],
    key: str | None,
    source: str,
    line: int,
    piece: PhhPiece,
    gaps: list[SiteWarning],
) -> HandRecord | SkippedHand:
    pos = Position(source, line, 1)
    variant = hand.get("variant")
    if type(variant) is not str or not variant.strip():
        _refuse_variant(hand, key, source, piece)
    if variant != VARIANT:
        hand_id = quote(one_line(_hand_id(hand, key, source)))
        return SkippedHand(source, hand_id, f"PHH variant {quote(str(variant))}", pos)
    named = hand.get("hand")
    if type(named) is str and named:  # as label("hand") reads it (no file name needed)
        fields = HandFields(hand, named, source, piece.lines, piece.start)
    else:  # none, or an empty one: the hand is named by its key, else its file
        fields = HandFields(hand, key or Path(source).stem, source, piece.lines, piece.start)
        if named != "" and "hand" in hand:
            fields.hand_id = fields.label("hand")
    # the hand's name (its ``hand``, else its key in a .phhs file): what each report line names
    fields.one_line("hand", fields.hand_id, "hand" if "hand" in hand else "the hand's key")
    draft = HandDraft(source, fields.hand_id, pos, ORIGIN)
    draft.line_positions[line - 1] = pos  # the posts' line (draft.at's index): one per hand
    currency = fields.read_currency()  # amounts are its units from here on (chips without)
    stacks = fields.amounts("starting_stacks", money=True)
    count = len(stacks)
    if count < 2:
        fields.fail("starting_stacks", "a PHH hand needs at least two players")
    antes = fields.per_player("antes", count)
    blinds = fields.per_player("blinds_or_straddles", count)
    small_bet = fields.amount("small_bet", money=True)
    big_bet = fields.amount("big_bet", money=True)
    fields.required("actions")
    actions = fields.strings("actions", [])
    names = fields.strings("players", []) if "players" in hand else _labels(count)
    # One string object per name, in every hand: the events of recurring action strings are
    # shared between hands, and the replay finds a name that is the seat's own by identity.
    names = list(map(intern, names))
    for i, name in enumerate(names):
        fields.one_line("players", name, f"players[{i}]")
        if name in names[:i]:  # (before the actions, which would name another mistake)
            fields.fail(
                "players",
                f"{quote(name)} is seated twice (players[{names.index(name)}] and "
                f"players[{i}]): a player has one seat",
            )
    numbers = fields.amounts("seats", least=1) if "seats" in hand else range(1, count + 1)
    for key, values in (("players", names), ("seats", numbers)):
        if len(values) != count:  # (one of each per player: the order of play pairs them)
            many = f"{len(values)} value{'' if len(values) == 1 else 's'}"
            fields.fail(key, f"{key} has {many} for {count} players (starting_stacks)")
    if "seats" in hand and not _clockwise(numbers):
        fields.fail(
            "seats",
            f"seats {list(numbers)} must go up clockwise from p1 (left of the button) to "
            f"p{count} (the button), each seat once, going round past the highest to the lowest "
            "at most once: the order of play follows them",
        )
    if "seat_count" in hand:  # the table's size, a claim the seats are held to
        seat_count = fields.whole("seat_count", hand["seat_count"], "seat_count", least=2)
        if count > seat_count or max(numbers) > seat_count:
            what = f"{count} players" if count > seat_count else f"seat {max(numbers)}"
            fields.fail(
                "seat_count",
                f"seat_count {seat_count} is fewer seats than the hand's {what} (seats, "
                "starting_stacks): a table has at least as many seats as it seats players",
            )
    draft.seats = list(map(SeatLine, numbers, names, stacks))  # as many of each: checked above
    draft.button_name = names[-1]
    posts = forced_bets(antes, blinds, count)
    untrimmed = not _ante_trimming(fields, [ante for ante, _ in posts], stacks)
    for i, (ante, _blind) in enumerate(posts):
        if ante:
            paid = min(ante, stacks[i])
            draft.post(names[i], "ante", paid, paid == stacks[i], line - 1, live=False)
    small_seat, big_seat = blind_seats([blind for _, blind in posts])
    for kind, seat in (("small-blind", small_seat), ("big-blind", big_seat)):
        blind = 0 if seat is None else posts[seat][1]
        if seat is not None and blind:
            left = stacks[seat] - draft.total_committed.get(names[seat], 0)
            paid = min(blind, left)
            draft.post(names[seat], kind, paid, paid == left, line - 1)
    if count > 2 and any(blind for _, blind in posts[2:]):
        post_straddles(draft, fields, posts, names, stacks, line - 1)
    changes: list[Event] = [
        StackChange(names[i], amount, kind)
        for kind, key in STACK_CHANGE_FIELDS.items()
        for i, amount in enumerate(fields.optional_amounts(key, count) or ())
        if amount
    ]
    if changes:  # before the posts, as in our text
        draft.events[:0] = changes
        draft.positions[:0] = [pos] * len(changes)
    scale = 1 if fields.currency is None else 100
    actions_from = len(draft.events)
    lines_of = _action_lines(piece, actions, line)
    _replay_actions(draft, actions, lines_of, names, stacks, piece, scale)
    actions_to = len(draft.events)
    unshown = unshown_at_showdown(draft.events[actions_from:actions_to], names, draft)
    finishing = fields.optional_amounts("finishing_stacks", count)
    field_items: tuple[FieldItems, ...] = ()
    if finishing is not None:
        pairs = zip(names, finishing, strict=True)  # one per player: checked by optional_amounts
        field_items = (("finishing_stacks", len(draft.events), tuple(range(count))),)
        draft.events.extend([FinalStack(name, amount) for name, amount in pairs])
        draft.positions.extend([pos] * count)
    if WINNINGS_FIELD in hand:
        field_items += winnings(fields, names, draft, pos)
    places = ItemPlaces(piece, actions, lines_of, actions_from, actions_to, field_items)
    draft.placed = places.positions
    if unshown:  # said at the showdown's first action
        first = next(
            i
            for i in range(actions_from, actions_to)
            if type(draft.events[i]) is Show or type(draft.events[i]) is Muck
        )
        at = places.position(draft.positions[first], first)
        gaps.append(unshown_warning(fields, unshown, at))
    if POT_WINNINGS_FIELD in hand:
        draft.events.extend(pot_collects(fields, names))
        draft.positions.extend([pos] * (len(draft.events) - len(draft.positions)))
    if "_rake" in hand:  # (0, as our writer says of a hand the house took nothing of: no event)
        rake = fields.amount("_rake", money=True)
        if rake:
            draft.put(RakeTaken(rake), pos)
    elif finishing is not None and sum(finishing) < sum(stacks):
        draft.put(RakeTaken(sum(stacks) - sum(finishing)), pos)
        gaps.append(rake_from_finishing_stacks(fields, sum(stacks) - sum(finishing), pos))
    rule = _dealing(hand, fields)
    small_blind = 0 if small_seat is None else posts[small_seat][1]
    big_blind = posts[big_seat][1]
    try:
        settings = _settings(
            small_bet, big_bet, small_blind, big_blind, max(antes), currency, rule, untrimmed
        )
    except ConfigError as exc:
        settings_refused(fields, exc, small_bet, big_bet)
    refuse_orders_not_played(fields, posts, names, stacks)  # (blinds our settings take)
    session = read_session(hand, fields)
    table = fields.label("table")
    if MISSING_FIELD in hand:
        missing = fields.whole(MISSING_FIELD, hand[MISSING_FIELD], MISSING_FIELD, 1)
        gaps.append(
            SiteWarning(
                source,
                fields.hand_id,
                table,
                pos,
                "missing-hand",
                "hands of this table before this one are not in the file "
                f"({MISSING_FIELD} = {missing}): its starting stacks are taken as written",
            )
        )
    record = draft.finish(settings, session, table, dealt_in=names)
    if fields.unknown_currency:  # (rare: a code no currency has)
        record = replace(record, unknown_currencies=fields.unknown_currency)
    if "table" not in hand:  # held to no other hand of the file (docs/importers.md)
        return replace(record, standalone=True)
    return record


def _refuse_variant(
    hand: dict[str, Any], key: str | None, source: str, piece: PhhPiece
) -> NoReturn:
    """A hand without the text ``variant`` the specification requires of every hand: an error
    at the hand (its table's header, its ``variant``), never a hand skipped or another format.
    A table that holds only tables, one of them a hand's (``[a.b]``), is a hand nested where
    no reader looks for one (PokerKit's ``loads_all`` reads each top-level table as a hand)."""
    hand_id = quote(one_line(_hand_id(hand, key, source)))
    start = piece.start if key is None or key == piece.key else _header_line(piece, key)
    fields = HandFields(hand, hand_id, source, piece.lines, piece.start)
    if "variant" in hand:
        given = hand["variant"]
        what = "empty text" if type(given) is str else describe(given)
        fields.fail("variant", f'variant must name the game ("FB"), not {what}')
    nested = [k for k, v in hand.items() if type(v) is dict and "variant" in v]
    if nested and all(type(v) is dict for v in hand.values()):
        message = (
            f"the hand of table [{key}.{nested[0]}] is nested in table [{key}]: each hand of a "
            ".phhs file is a table of its own at the top ([1], [2]…)"
        )
    else:
        what = "the file" if key is None else f"the table [{key}]"
        message = (
            f"the PHH field variant is missing: {what} holds a hand's fields, and every hand "
            'names its variant (variant = "FB"), a required field'
        )
    raise ImportFormatError(
        message, position=Position(source, start, 1), hand=hand_id, rule="bad-phh"
    )


def _header_line(piece: PhhPiece, key: str) -> int:
    """The line of the first header of table ``key`` (bare or quoted, dotted or not) in the
    piece, else the piece's first line."""
    for i, text in enumerate(piece.lines):
        stripped = text.strip()
        if stripped[:1] == "[" and stripped[1:].lstrip().lstrip("'\"").startswith(key):
            return piece.start + i
    return piece.start


def _ante_trimming(fields: HandFields, antes: list[int], stacks: list[int]) -> bool:
    """The house rule ``ante_trimming`` of a hand: what ``ante_trimming_status`` says (PHH's
    default: false) where it decides anything, that is where a player cannot pay the whole
    ante; else the default (so such hands, and hands without antes, keep the settings and
    fingerprints they had).  The field is a boolean in every hand, antes or none: ``"yes"`` is
    refused at its line, not read as anything.  Antes of different sizes (a big-blind ante) are
    refused: our settings have one ante for every player."""
    trimming = fields.hand.get("ante_trimming_status", False)
    if type(trimming) is not bool:
        fields.fail(
            "ante_trimming_status",
            f"ante_trimming_status must be a boolean, true or false, not {describe(trimming)}",
        )
    if len(set(antes)) > 1:
        written = fields.hand["antes"]
        if isinstance(written, list) and len(written) < len(antes):  # padded with 0
            fields.fail(
                "antes",
                f"antes has {len(written)} amounts for {len(antes)} players (starting_stacks): "
                f"PokerKit pads it with 0, so the players after p{len(written)} would post no "
                "ante, and antes of different sizes are not supported (one ante for every "
                "player): give one amount for all, or one per player",
            )
        shown = ", ".join(map(str, written)) if isinstance(written, list) else str(written)
        fields.fail(
            "antes",
            f"antes of different sizes ([{shown}]) are not supported: the replay "
            "has one ante for every player (a big-blind ante cannot be replayed)",
        )
    return trimming or all(stacks[i] >= ante for i, ante in enumerate(antes))


def _clockwise(numbers: Sequence[int]) -> bool:
    """Whether seat numbers listed from ``p1`` to the button go up round the table: each seat
    once, and smaller than the one before at most once in the circle (``[5, 6, 1, 2]``: 6 to
    1).  Our replay plays the seats in their numbers' order and our text format lists them
    so; numbers in another order (``[4, 3, 2, 1]``, two players in seat 1) read as another
    hand than the file's, and a converted file did not read back."""
    count = len(numbers)
    if len(set(numbers)) != count:
        return False
    return sum(numbers[i] > numbers[(i + 1) % count] for i in range(count)) <= 1


def _hand_id(hand: dict[str, Any], key: str | None, source: str) -> str:
    """``hand``, else the table's key, else the file's name (no ``Path`` built when not needed)."""
    if "hand" in hand:
        return str(hand["hand"])
    return key if key is not None else Path(source).stem


def _labels(count: int) -> list[str]:
    """``p1``…``pN``: the players' names when the file names none."""
    return [f"p{i + 1}" for i in range(count)]


def _dealing(hand: dict[str, Any], fields: HandFields) -> ReshuffleRule:
    """:data:`POKERKIT_DEALING`, or the rule our writer named in :data:`RESHUFFLE_FIELD`."""
    rule = hand.get(RESHUFFLE_FIELD, POKERKIT_DEALING)
    if rule not in RESHUFFLE_RULES or not isinstance(rule, str):
        shown = ", ".join(f"'{r}'" for r in RESHUFFLE_RULES)
        fields.fail(
            RESHUFFLE_FIELD, f"{RESHUFFLE_FIELD} must be one of {shown}, not {describe(rule)}"
        )
    return RESHUFFLE_RULES[RESHUFFLE_RULES.index(rule)]


@lru_cache(maxsize=8)
def _house(rule: ReshuffleRule, untrimmed: bool) -> HouseRules:
    """The house rules of a PHH hand: PokerKit's play, with the dealing rule ``rule`` and,
    ``untrimmed``, every ante in the first pot."""
    return replace(POKERKIT_HOUSE, reshuffle=rule, ante_trimming=not untrimmed)


def _settings(
    small_bet: int,
    big_bet: int,
    small_blind: int,
    big_blind: int,
    ante: int,
    currency: str | None,
    rule: ReshuffleRule,
    untrimmed: bool,
) -> GameSettings:
    """The hand's settings; the few distinct ones of a run are built once (they are frozen), keyed
    by the dealing rule's name and the antes' trimming (a ``HouseRules`` key would be hashed
    field by field per hand)."""
    return _cached_settings(
        small_bet, big_bet, small_blind, big_blind, ante, currency, rule, untrimmed
    )


def _new_settings(
    small_bet: int,
    big_bet: int,
    small_blind: int,
    big_blind: int,
    ante: int,
    currency: str | None,
    rule: ReshuffleRule,
    untrimmed: bool,
) -> GameSettings:
    return GameSettings(
        game="badugi",
        structure=Structure("fixed-limit", small_bet, big_bet),
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        currency=currency,
        house=_house(rule, untrimmed),
    )


_cached_settings = lru_cache(maxsize=256)(_new_settings)
"""Exceptions (a bet of 0) are not cached: every such hand raises afresh."""
