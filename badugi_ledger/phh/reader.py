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
``finishing_stacks`` become ``FinalStack`` claims and the user-defined ``_rake`` a
``RakeTaken`` the replay verifies.  Every variant but ``FB`` is skipped as another game.

Writing is :mod:`.phh_write`.

Why one module of this size: it translates the standard's fields into events, one section per
field; splitting the file, the fast TOML reader and the field checks are already modules of
their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from sys import intern
from typing import Any

from ..model.cards import DECK
from ..model.errors import BadugiError, ConfigError, ImportFormatError, Position
from ..model.events import (
    Action,
    Cards,
    Collect,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    Muck,
    RakeTaken,
    Show,
    StackChange,
    StackChangeKind,
)
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, quote
from ..model.money import CHIPS, format_amount
from ..model.names import one_line
from ..model.settings import POKERKIT_HOUSE, GameSettings, HouseRules, ReshuffleRule, Structure
from ..sites.common import ImportItem, SiteWarning, SkippedHand, parse_site_cards
from ..sites.draft import HandDraft, SeatLine
from ..sites.files import UNREADABLE, split_lines, unreadable
from .fields import HandFields, decimal_cents, describe, settings_refused, table_named
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

POT_WINNINGS_FIELD = "_pot_winnings"
"""User-defined field our writer gives a hand with a rake and more than one pot won: each pot's
winnings after its rake, the main pot first, one amount per player in ``players`` order (PHH's
``winnings`` per pot), in one list (the pots one after the other: a flat list, as every PHH
field is).  PHH keeps one rake (our ``_rake``, kept for readers that know only it),
and a rake is taken from the main pot first when nothing says otherwise (``replay/showdown.py``);
a site rakes each pot (PokerStars, corpus hand 49164202872).  Read back, the amounts are the
hand's collections from each pot (``Collect`` claims, verified by the replay), which split the
rake among the pots as a site's own collections do."""

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
    if variant != VARIANT:
        hand_id = quote(one_line(_hand_id(hand, key, source)))
        return SkippedHand(source, hand_id, f"PHH variant {quote(str(variant))}", pos)
    named = hand.get("hand")
    if type(named) is str:  # as label("hand") reads it (no file name needed)
        fields = HandFields(hand, named, source, piece.lines, piece.start)
    else:
        fields = HandFields(hand, key or Path(source).stem, source, piece.lines, piece.start)
        if "hand" in hand:
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
    numbers = fields.amounts("seats", least=1) if "seats" in hand else range(1, count + 1)
    if len(names) != count or len(numbers) != count:
        raise draft.error("players/seats do not match starting_stacks", rule="bad-phh")
    if "seats" in hand and not _clockwise(numbers):
        fields.fail(
            "seats",
            f"seats {list(numbers)} must go up clockwise from p1 (left of the button) to "
            f"p{count} (the button), each seat once, going round past the highest to the lowest "
            "at most once: the order of play follows them",
        )
    draft.seats = list(map(SeatLine, numbers, names, stacks))  # as many of each: checked above
    draft.button_name = names[-1]
    posts = _forced_bets(antes, blinds, count)
    untrimmed = not _ante_trimming(fields, [ante for ante, _ in posts], stacks)
    for i, (ante, _blind) in enumerate(posts):
        if ante:
            paid = min(ante, stacks[i])
            draft.post(names[i], "ante", paid, paid == stacks[i], line - 1, live=False)
    for kind, index in (("small-blind", 0), ("big-blind", 1)):
        seat = blind_seat(index, count)
        blind = posts[seat][1]
        if blind:
            left = stacks[seat] - draft.total_committed.get(names[seat], 0)
            paid = min(blind, left)
            draft.post(names[seat], kind, paid, paid == left, line - 1)
    if count > 2 and any(blind for _, blind in posts[2:]):
        _straddles(draft, fields, posts, names, stacks, line - 1)
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
    _replay_actions(draft, actions, _action_lines(piece, actions, line), names, stacks, scale)
    finishing = fields.optional_amounts("finishing_stacks", count)
    if finishing is not None:
        pairs = zip(names, finishing, strict=True)  # one per player: checked by optional_amounts
        draft.events.extend([FinalStack(name, amount) for name, amount in pairs])
        draft.positions.extend([pos] * count)
    if POT_WINNINGS_FIELD in hand:
        draft.events.extend(_pot_collects(fields, names))
        draft.positions.extend([pos] * (len(draft.events) - len(draft.positions)))
    if "_rake" in hand:  # (0, as our writer says of a hand the house took nothing of: no event)
        rake = fields.amount("_rake", money=True)
        if rake:
            draft.put(RakeTaken(rake), pos)
    elif finishing is not None and sum(finishing) < sum(stacks):
        draft.put(RakeTaken(sum(stacks) - sum(finishing)), pos)
        gaps.append(_rake_from_finishing_stacks(fields, sum(stacks) - sum(finishing), pos))
    rule = _dealing(hand, fields)
    small_blind, big_blind = posts[blind_seat(0, count)][1], posts[blind_seat(1, count)][1]
    try:
        settings = _settings(
            small_bet, big_bet, small_blind, big_blind, max(antes), currency, rule, untrimmed
        )
    except ConfigError as exc:
        settings_refused(fields, exc, small_bet, big_bet)
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
    if "table" not in hand:  # held to no other hand of the file (docs/importers.md)
        return replace(record, standalone=True)
    return record


RAKE_FROM_STACKS = "rake-from-finishing-stacks"
"""The warning of a hand whose rake is read from its finishing stacks (no ``_rake``)."""


def _rake_from_finishing_stacks(fields: HandFields, rake: int, pos: Position) -> SiteWarning:
    """A hand without ``_rake`` whose ``finishing_stacks`` add up to less than its starting
    stacks: the chips missing are the house's.  The specification has finishing stacks say
    what "the parser may not be aware of", such as "the rake applied in the end", and PokerKit
    plays no rake (its ``HandHistory``'s rake function takes nothing unless its caller gives
    one, and no PHH field names one) and never compares ``finishing_stacks`` with its play: a
    file may record the rake only there.  The rake is read as the replay reads ``_rake`` (out
    of the main pot first; each player's finishing stack is still checked), and a warning
    says so: a stack mistyped lower than it was would read the same."""
    shown = format_amount(rake, fields.currency or CHIPS)
    return SiteWarning(
        fields.source,
        fields.hand_id,
        fields.label("table"),
        pos,
        RAKE_FROM_STACKS,
        f"the hand names no rake (_rake), but its finishing stacks add up to {shown} less than "
        "its starting stacks: read as the rake, taken from the main pot first",
    )


def _pot_collects(fields: HandFields, names: list[str]) -> list[Event]:
    """The ``Collect`` claims of :data:`POT_WINNINGS_FIELD`: one amount per player for each pot
    in turn, the main pot (``main``) first, then ``side 1``, ``side 2``… (the replay's names)."""
    amounts = fields.amounts(POT_WINNINGS_FIELD, money=True)
    count = len(names)
    if len(amounts) % count or len(amounts) < 2 * count:
        fields.fail(
            POT_WINNINGS_FIELD,
            f"{POT_WINNINGS_FIELD} has {len(amounts)} amounts: it needs one per player ({count}) "
            "for each pot, of two pots or more",
        )
    collects: list[Event] = []
    for at, amount in enumerate(amounts):
        if amount:
            k = at // count
            collects.append(Collect(names[at % count], amount, "main" if not k else f"side {k}"))
    return collects


def _straddles(
    draft: HandDraft,
    fields: HandFields,
    posts: list[tuple[int, int]],
    names: list[str],
    stacks: list[int],
    line: int,
) -> None:
    """The blinds of ``p3`` on (three players or more) as straddles, live blinds after the big
    blind, as PokerKit plays them: the betting starts after the largest ``(blind posted,
    index)`` (``State._begin_betting``), which acts last, and no blind counts as a raise
    (``HouseRules.fixed_limit_raises`` ``pokerkit``).  Our replay starts it after the last
    straddle posted, so the largest is posted last.  A straddle smaller than the big blind has
    PokerKit start after the big blind and the straddler act first: unless every such
    straddler is all-in (nobody to act), no order the replay plays, refused at
    ``blinds_or_straddles``, the field to mend."""
    left = [stacks[i] - draft.total_committed.get(names[i], 0) for i in range(len(posts))]
    posted = [min(blind, left[i]) for i, (_, blind) in enumerate(posts)]
    straddles = [i for i in range(2, len(posts)) if posts[i][1]]
    last = max(straddles, key=lambda i: (posted[i], i))
    start = max(range(len(posts)), key=lambda i: (posted[i], i))  # PokerKit's
    if start < 2 and any(posted[i] < left[i] for i in range(start + 1, last + 1)):
        fields.fail(
            "blinds_or_straddles",
            f"a straddle of {posted[last]} is smaller than the big blind ({posted[1]}): "
            f"PokerKit starts the betting after {names[start]}, its straddlers first, where the "
            "replay has a straddle act last",
        )
    for i in [*(i for i in straddles if i != last), last]:
        draft.post(names[i], "straddle", posted[i], posted[i] == left[i], line)


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
        fields.fail(
            "antes",
            f"antes of different sizes ({fields.hand['antes']}) are not supported: the replay "
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


_ACTIONS_KEY = re.compile(r"[ \t]*(?:actions|\"actions\"|'actions')[ \t]*=")
_STRING_OR_COMMENT = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#")
"""A TOML string on one line (literal or basic), or the start of a comment."""


def _action_lines(piece: PhhPiece, actions: list[str], line: int) -> list[int]:
    """The 0-based file line of each action string: the strings of the ``actions`` array are
    counted line by line from its key, one pass over the hand's lines.  Used for positions
    only; any action not placed (an odd layout) is put on the hand's first line."""
    found: list[int] = []
    want = len(actions)
    inside = False
    for i, text in enumerate(piece.lines):
        start = 0
        if not inside:
            if "actions" not in text or _ACTIONS_KEY.match(text) is None:
                continue
            inside, start = True, text.index("=") + 1
            if _all_on_one_line(text, start, want):
                return [piece.start - 1 + i] * want
        at = piece.start - 1 + i
        strings = _strings_on_line(text, start)
        if strings >= 0:
            found.extend([at] * strings)
        else:
            for token in _STRING_OR_COMMENT.finditer(text, start):
                if token.group() == "#":
                    break
                found.append(at)
        if len(found) >= want:
            return found[:want]
    return found + [line - 1] * (want - len(found))


def _strings_on_line(text: str, start: int) -> int:
    """How many strings the token search of :func:`_action_lines` would find on ``text`` from
    ``start`` when the line is one of an array written one item a line (``  'p3 f',  # Ted``,
    a comment, nothing), found by string operations; else -1 (the search then runs).

    Without an escape, a string runs from its quote to the next one; if nothing after it holds
    a quote, no other string starts on the line (a ``#`` after it starts a comment)."""
    body = text[start:].lstrip(" ")
    first = body[:1]
    if not first or first == "#":
        return 0
    if (first == "'" or first == '"') and "\\" not in body:
        end = body.find(first, 1)
        if end > 0 and body.find("'", end + 1) < 0 and body.find('"', end + 1) < 0:
            return 1
    return -1


def _all_on_one_line(text: str, start: int, want: int) -> bool:
    """Whether the ``actions`` key's line ``text`` holds, after ``start``, exactly ``want``
    strings and nothing that could hide one (as every writer of one-line arrays prints it): no
    comment, no escape, and quotes of one kind only, ``2 * want`` of them.  The token search of
    :func:`_action_lines` would then find those ``want`` strings on this line, one by one."""
    if "#" in text or "\\" in text:
        return False
    if text.find("'", start) < 0:  # (a search for a quote is quicker than counting them)
        return text.count('"', start) == 2 * want
    return text.find('"', start) < 0 and text.count("'", start) == 2 * want


def blind_seat(which: int, count: int) -> int:
    """Index of the small (0) or big (1) blind; heads-up the button (p2) posts the small blind."""
    if count == 2:
        return 1 - which
    return which


def _forced_bets(antes: list[int], blinds: list[int], count: int) -> list[tuple[int, int]]:
    """Each player's (ante, blind) as PokerKit reads the lists (reversed heads-up)."""
    if count == 2:
        return [(antes[1], blinds[1]), (antes[0], blinds[0])]
    return list(zip(antes, blinds, strict=True))


_ONE_CARD: dict[str, tuple[Cards, int]] = {
    **{str(card): ((card,), 1 << card.code) for card in DECK},
    "??": ((None,), 0),
}
"""The two-character cards PHH writers use (``As``, ``??``), each with its bit in a mask of the
cards seen (none for an unknown card)."""
_CHUNKS: dict[str, tuple[Cards, int]] = {}
"""Two- and four-character pieces of card strings already read (at most 53 + 53² of them):
``7d3c6h3d`` is read as ``7d3c`` + ``6h3d``, two look-ups, instead of card by card."""
_PAIRS = re.compile(r"..", re.DOTALL)


def _chunk(code: str) -> tuple[Cards, int] | None:
    """``code`` (one or two cards) from :data:`_ONE_CARD`, or None: not canonical, or repeated."""
    entry = _ONE_CARD.get(code)
    if entry is None and len(code) == 4:
        first, second = _ONE_CARD.get(code[:2]), _ONE_CARD.get(code[2:])
        if first is not None and second is not None and not first[1] & second[1]:
            entry = (first[0] + second[0], first[1] | second[1])
    if entry is not None:
        _CHUNKS[code] = entry
    return entry


def _known_cards(text: str) -> Cards | None:
    """``text``'s cards when they are canonical and none repeats, by :func:`_chunk` (one or two
    look-ups per four characters), else None."""
    if len(text) == 8:  # a Badugi hand: two look-ups, as the loop below makes them
        first = _CHUNKS.get(text[:4]) or _chunk(text[:4])
        second = _CHUNKS.get(text[4:]) or _chunk(text[4:])
        if first is None or second is None or first[1] & second[1]:
            return None
        return first[0] + second[0]
    one_or_two = _CHUNKS.get(text)  # discards and draws: the most common (keys of 2 or 4)
    if one_or_two is not None:
        return one_or_two[0]
    if len(text) > 2 * len(DECK) or len(text) % 2:
        return None
    cards: Cards = ()
    seen = 0
    for at in range(0, len(text), 4):
        code = text[at : at + 4]
        entry = _CHUNKS.get(code) or _chunk(code)
        if entry is None or entry[1] & seen:
            return None
        cards += entry[0]
        seen |= entry[1]
    return cards


def _cards(text: str, draft: HandDraft, line: int) -> Cards:
    """PHH cards (``7d3c6h3d``, ``????``): canonical ones by :func:`_known_cards`, anything else
    (and every error: a repeated card, a rank or suit that is not one) by ``parse_site_cards``."""
    cards = _known_cards(text)
    if cards is not None:
        return cards
    if len(text) > 2 * len(DECK):
        raise draft.error(
            f"{quote(repr(text))} has more cards than a deck holds", line, rule="bad-phh"
        )
    if len(text) % 2:
        raise draft.error(
            f"cannot split {quote(repr(text))} into two-character cards", line, rule="bad-phh"
        )
    try:
        return parse_site_cards(" ".join(_PAIRS.findall(text)), draft.pos)
    except BadugiError as exc:  # a rank or suit that is none, a card twice: at its line
        raise draft.error(exc.message, line, rule=exc.rule or "bad-phh") from None


# Codes of a decoded action string, the most frequent first (the loop tests them in this order);
# the two that name no player last.
DEAL, DISCARD, CALL, BET, FOLD, SHOW, MUCK, SHOW_HIDDEN, MEANINGLESS, NOTE, MALFORMED = range(11)

Step = tuple[int, int, str, Any, str, dict[Any, Event]]
"""An action string decoded once: ``(code, seat, player label, value, argument, events)``.

``code`` is one of :data:`DEAL` (``d dh``), :data:`DISCARD` (``sd``), :data:`CALL` (``cc``),
:data:`BET` (``cbr`` with its amount), :data:`FOLD`, :data:`SHOW` and :data:`MUCK` (``sm``
with cards or without), :data:`SHOW_HIDDEN` (``sm -``), :data:`NOTE` (nothing but a comment),
:data:`MALFORMED` (a deal written wrongly: an error before its player is looked up) or
:data:`MEANINGLESS` (a verb with no meaning in Badugi, ``cbr`` without one whole amount: an
error once its player is known).  ``seat`` is the player's index from the label (``p3``: 2;
:data:`NO_SEAT` when the label is no ``p`` and digits from 1, -1 for no player), checked
against the hand's players at use: an index beyond them is looked up by :func:`_player`.
``value`` is what the hand needs: the cards (canonical ones decoded here, else ``None``: read
at use by :func:`_cards`, which reports them), the ``cbr`` amount, or the error message;
``argument`` the word after the verb (``""`` if none).  ``events`` holds the events the
string has stood for so far, for a string that names no cards (``p2 f``, ``p1 cc``, ``p3 cbr
4``, ``p4 sd``, ``p1 sm``): keyed by what the event also depends on (the player the label names
in this hand, the chips a call puts in...), so each recurrence of the string adds the same
event object (:func:`_shared`).  A string with cards makes its event per occurrence.
"""
NO_SEAT = 1 << 32
"""The seat of a label that names none (``x1``, ``p0``): beyond every hand's players, so the
loop's plain ``names[seat]`` fails and :func:`_player` reports it (or reads an odd label)."""
_CHIPS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_DECIMAL = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}\.[0-9]+")
"""A ``cbr`` amount with a decimal point: an amount of money (``cbr 0.50``)."""
_STEPS: dict[str, Step] = {}
_STEPS_LIMIT = 10_000
"""At most this many decoded action strings are kept (then the cache starts again): memory stays
flat however many hands a run reads, while the strings files repeat (``p2 cc``, ``p1 sd``,
``p3 cbr 4``) are decoded once.  Strings with cards are not kept: see :data:`_HEADS`."""
_HEADS: dict[str, tuple[int, int, str]] = {}
"""``(code, seat, label)`` of the words before the cards of an action string that carries them
(``d dh p1``, ``p2 sd``, ``p3 sm``), as :func:`_decode` read them from a string written in the
plain form (single spaces, no comment).  A hand's cards make most of its strings new (``d dh p1
4cQd3hJc`` occurs once in a file), so such a string is read by :func:`_step` as its head, one
look-up here, and its cards, one or two look-ups (:func:`_known_cards`), and is not kept.  Its
size is bounded like :data:`_STEPS` (a hand has at most a few dozen heads)."""
_HEADS_LIMIT = 1_000
_CARD_WORDS = {DEAL: 4, DISCARD: 3, SHOW: 3}
"""How many words a plain action string of each code that carries cards has, its cards last."""
_PER_OCCURRENCE: dict[Any, Event] = {}
"""The ``events`` of a step read by its head (:func:`_step`): its cards make its event, built
per occurrence, so nothing is ever kept here."""
_EVENTS_LIMIT = 64
"""At most this many events are kept per action string (then its table starts again): enough
for the players a label names across a night's file times the few amounts a fixed-limit call
can put in, and memory stays flat whatever a file holds."""


def _shared(events: dict[Any, Event], key: object, event: Event) -> Event:
    """``event``, kept in a step's ``events`` under ``key`` (see :data:`Step`) for the string's
    next occurrences."""
    if len(events) >= _EVENTS_LIMIT:
        events.clear()
    events[key] = event
    return event


def _step(raw: str) -> Step:
    """``raw`` decoded (it is not in :data:`_STEPS`): by its head (:data:`_HEADS`) when it is a
    plain string with canonical cards after a head already read, else by :func:`_decode`.

    Both read the same: a known head is the words, joined by single spaces, that
    :func:`_decode` read before the last word of a string of :data:`_CARD_WORDS` words, and a
    non-empty ``tail`` of canonical cards holds no blank and no ``#``, so :func:`_decode` would
    split ``raw`` into those words and that tail, and decode it to this step."""
    head, _, tail = raw.rpartition(" ")
    known = _HEADS.get(head)
    if known is not None and tail:
        cards = _known_cards(tail)
        if cards is not None:
            code, seat, who = known
            return code, seat, who, cards, tail, _PER_OCCURRENCE
    return _decode(raw)


def _decode(raw: str) -> Step:
    """``raw`` decoded word by word; kept in :data:`_STEPS`, or its head in :data:`_HEADS`."""
    words = (raw.split("#", 1)[0] if "#" in raw else raw).split()
    step: tuple[int, int, str, Any, str]
    if not words:
        step = (NOTE, -1, "", None, "")
    elif words[:2] == ["d", "dh"]:
        if len(words) == 4:
            step = (DEAL, _seat(words[2]), words[2], _known_cards(words[3]), words[3])
        else:
            message = f"cannot read the action {quote(repr(raw))}"
            step = (MALFORMED, -1, "", message, "")
    else:
        who, verb = words[0], words[1] if len(words) > 1 else ""
        arg = words[2] if len(words) > 2 else ""
        seat = _seat(who)
        if verb == "sd":
            step = (DISCARD, seat, who, _known_cards(arg) if arg else (), arg)
        elif verb == "cc":
            step = (CALL, seat, who, None, arg)
        elif verb == "f":
            step = (FOLD, seat, who, None, arg)
        elif verb == "sm" and not arg:
            step = (MUCK, seat, who, None, arg)
        elif verb == "sm" and arg == "-":
            step = (SHOW_HIDDEN, seat, who, None, arg)
        elif verb == "sm":
            step = (SHOW, seat, who, _known_cards(arg), arg)
        elif verb == "cbr" and len(words) == 3 and _whole_chips(words[2]):
            step = (BET, seat, who, int(words[2]), arg)
        elif verb == "cbr" and len(words) == 3 and _DECIMAL.fullmatch(words[2]):
            step = (BET, seat, who, words[2], arg)  # an amount of money: read at use
        elif verb == "cbr" and len(words) == 3:
            step = (MEANINGLESS, seat, who, _cbr_message(raw), arg)
        else:
            message = f"the action {quote(repr(raw))} has no meaning in Badugi"
            step = (MEANINGLESS, seat, who, message, arg)
    code = step[0]
    if (
        step[3] is not None
        and len(words) == _CARD_WORDS.get(code)
        and step[4]
        and raw == " ".join(words)
    ):
        if len(_HEADS) >= _HEADS_LIMIT:
            _HEADS.clear()
        _HEADS[raw[: -len(step[4]) - 1]] = (code, step[1], step[2])
        return (*step, _PER_OCCURRENCE)
    if len(_STEPS) >= _STEPS_LIMIT:
        _STEPS.clear()
    kept = _STEPS[raw] = (*step, {})
    return kept


def _whole_chips(word: str) -> bool:
    return _CHIPS.fullmatch(word) is not None and int(word) <= MAX_AMOUNT


def _cbr_message(raw: str) -> str:
    return (
        f"{quote(repr(raw))}: cbr takes a whole number of chips from 0 to 2^53 (in a hand with "
        "a currency, an amount of it in whole cents: at most two decimals)"
    )


def _bet_amount(value: int | str, scale: int, draft: HandDraft, line: int, raw: str) -> int:
    """The chips (cents, ``scale`` 100, in a hand with a currency) of a ``cbr`` amount:
    ``value`` is the whole number or the decimal word :func:`_decode` read."""
    if type(value) is int:
        amount: int | None = value * scale
    else:  # a decimal: money only, in whole cents, exactly (never a binary float)
        from decimal import Decimal  # a hand of money

        amount = decimal_cents(Decimal(value)) if scale != 1 else None
    if amount is None or amount > MAX_AMOUNT:
        raise draft.error(_cbr_message(raw), line, rule="bad-phh")
    return amount


def _seat(word: str) -> int:
    """The player index a label names (``p1``: 0), or :data:`NO_SEAT`: :func:`_player` then
    reports it."""
    if word.startswith("p") and word[1:].isdecimal() and word[1:].isascii():
        seat = int(word[1:]) - 1
        if seat >= 0:
            return seat
    return NO_SEAT


def _replay_actions(
    draft: HandDraft,
    actions: list[str],
    lines_of: list[int],
    names: list[str],
    stacks: list[int],
    scale: int = 1,
) -> None:
    """Turn PHH actions into events; ``cc`` and ``cbr`` need the round's bets to be read.

    This loop runs for every action of every PHH hand, so it is kept tight: each action string
    without cards is decoded once per process (:data:`_STEPS`), and one with cards by its head
    (:data:`_HEADS`) and its cards (:func:`_step`), so an action is a look-up or two, a test of
    its code and its event.  An action without cards adds the event its string already stood
    for with the same player and chips (the step's ``events``, :data:`Step`), built only the
    first time; an action with cards builds its event.  Each event's position goes to
    ``draft.positions`` beside it (one ``Position`` per line, :meth:`HandDraft.at`).

    The chips each player has put in, this round and in all, are kept in lists by player
    (:func:`_player_slots`: one slot per name, as ``draft.round_committed`` and
    ``draft.total_committed`` key them) with the round's highest bet kept up to date, and
    written back to ``draft.total_committed`` at the end, as :meth:`HandDraft.action` would
    have kept it.  A draw's event is built once its new cards are read (a hand that ends
    without them is an error); its position is the discard's.  ``scale`` is 100 in a hand
    with a currency: a ``cbr`` amount is then in its units (:func:`_bet_amount`), and the
    event a string stands for is kept by its amount in cents too.
    """
    slots = _player_slots(names)
    total_of = draft.total_committed
    total = [total_of.get(name, 0) for name in names]
    round_of = draft.round_committed
    round_in = [round_of.get(name, 0) for name in names]
    high = max(round_of.values(), default=0)
    events = draft.events
    places = draft.positions
    pending: dict[str, tuple[int, Cards]] = {}
    betting = True
    dealt: set[str] = set()
    steps = _STEPS
    last_line, pos = -1, draft.pos
    event: Event
    key: tuple[Any, ...]
    for raw, line in zip(actions, lines_of, strict=True):
        code, seat, who, value, arg, made = steps.get(raw) or _step(raw)
        if line != last_line:
            last_line, pos = line, draft.at(line)
        if code >= NOTE:  # NOTE or MALFORMED: no player
            if code == NOTE:
                continue
            raise draft.error(value, line, rule="bad-phh")
        try:
            name = names[seat]  # a seat is never negative (:data:`NO_SEAT`)
            slot = slots[seat]
        except IndexError:
            name = _player(who, names, draft, raw, line)
            slot = slots[names.index(name)]
        if code == DEAL:
            cards = value if value is not None else _cards(arg, draft, line)
            if name not in dealt:
                if len(cards) != draft.hand_size:
                    _first_deal_miscounted(draft, name, cards, arg, line)
                dealt.add(name)
                if draft.deal_index is None:
                    draft.mark_deal(line)
                if cards.count(None) != len(cards):
                    draft.known_deals[name] = cards
                continue
            waiting = pending.pop(name, None)
            if waiting is None:
                raise draft.error(f"{name} is dealt cards without discarding", line, rule="bad-phh")
            index, discards = waiting
            if len(cards) != len(discards):
                raise draft.error(
                    f"{name} discards {len(discards)} but is dealt {len(cards)}",
                    line,
                    rule="bad-phh",
                )
            events[index] = Draw(name, discards, cards)
            continue
        if code == DISCARD:
            if betting:
                round_in = [0] * len(names)
                high = 0
                betting = False
            discards = value if value is not None else _cards(arg, draft, line)
            if discards:
                if name in pending:
                    _draw_unanswered(pending, name, events)
                pending[name] = (len(events), discards)
                events.append(None)  # type: ignore[arg-type]  # the Draw, once its cards are read
            else:
                events.append(made.get(name) or _shared(made, name, Draw(name, (), ())))
            places.append(pos)
            continue
        betting = True  # (a MEANINGLESS action, tested last, ends the hand: no matter)
        if code <= BET:  # CALL or BET: DEAL and DISCARD are read above
            before = round_in[slot]
            left = stacks[slot] - total[slot]
            if code == CALL:
                put = high - before
                if put <= 0:
                    events.append(made.get(name) or _shared(made, name, Action(name, "check")))
                    places.append(pos)
                    continue
                if put > left:
                    put = left
                key = (name, put, put == left)
                event = made.get(key) or _shared(made, key, Action(name, "call", put, put == left))
            else:
                to = value
                if scale != 1 or type(to) is not int:
                    to = _bet_amount(value, scale, draft, line, raw)
                put = to - before
                # one string, other amounts in hands of another scale: keyed by its amount too
                if scale == 1:
                    key = (name, high != 0, put == left)
                else:
                    key = (name, high != 0, put == left, to)
                event = made.get(key) or _shared(
                    made, key, Action(name, "raise" if high else "bet", to, put == left)
                )
            events.append(event)
            places.append(pos)
            total[slot] += put
            round_in[slot] = before + put
            if put >= 0:
                if before + put > high:
                    high = before + put
            else:  # a raise "to" less than already in: unreadable play, but read as before
                high = max(round_in)
            continue
        if code == FOLD:
            event = made.get(name) or _shared(made, name, Action(name, "fold"))
        elif code == SHOW:
            event = Show(name, value if value is not None else _cards(arg, draft, line))
        elif code == MUCK:
            event = made.get(name) or _shared(made, name, Muck(name))
        elif code == SHOW_HIDDEN:  # PHH hands are of four cards (``draft.hand_size``)
            event = made.get(name) or _shared(made, name, Show(name, (None,) * draft.hand_size))
        else:  # MEANINGLESS
            raise draft.error(value, line, rule="bad-phh")
        events.append(event)
        places.append(pos)
    for name, slot in zip(names, slots, strict=True):  # what draft.action would have kept
        if total[slot]:
            total_of[name] = total[slot]
    if pending:
        raise draft.error(f"{', '.join(pending)} discarded but were dealt nothing", rule="bad-phh")


def _first_deal_miscounted(draft: HandDraft, name: str, cards: Cards, arg: str, line: int) -> None:
    """Raise for a first deal of other than a hand's cards (``d dh p1 ??????``).  The
    specification's hole dealing gives "the newly dealt hole cards (...) some or all of which
    may be unknown", so the first deals the whole hand, ``??`` for each card nobody saw, as
    PokerKit writes it (its reader deals the cards a short one lacks itself, unseen, and cannot
    read one of too many).  Known cards too many were refused by the replay (``deal-count``),
    too few or unknown cards of any count were read as a full hand: refused alike, here."""
    raise draft.error(
        f"{name} is dealt {len(cards)} cards ({quote(repr(arg))}) in the first deal: Badugi deals "
        f"{draft.hand_size}, written as {2 * draft.hand_size} characters ('??' for a card "
        "nobody saw)",
        line,
        rule="deal-count",
    )


def _player_slots(names: list[str]) -> list[int]:
    """For each player index, the index that keeps the chips of its name: the last player of
    that name, so two players of one name (an error :meth:`HandDraft.finish` reports) share
    their chips and the last one's stack, as dictionaries keyed by name did."""
    last = {name: i for i, name in enumerate(names)}
    return [last[name] for name in names]


def _draw_unanswered(pending: dict[str, tuple[int, Cards]], name: str, events: list[Event]) -> None:
    """``name`` discards again before being dealt the cards of an earlier discard: that earlier
    draw stays as it was written, its new cards unknown."""
    index, discards = pending[name]  # its key keeps its place: messages list names in order
    events[index] = Draw(name, discards, (None,) * len(discards))


def _player(word: str, names: list[str], draft: HandDraft, raw: str, line: int) -> str:
    """The player a label that :func:`_seat` did not read names, or the error at ``line``.
    Any decimal digits are read (``p٣`` is ``p3``, as PokerKit's ``\\d`` reads it); a digit
    that is no decimal one (``p²``) is no player (``int`` cannot read it)."""
    if word.startswith("p") and word[1:].isdecimal() and 1 <= int(word[1:]) <= len(names):
        return names[int(word[1:]) - 1]
    raise draft.error(
        f"{quote(repr(word))} in {quote(repr(raw))} is not a player p1..p{len(names)}",
        line,
        rule="bad-phh",
    )
