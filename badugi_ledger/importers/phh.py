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

Reading: one hand per file, or a ``.phhs`` file whose TOML tables are hands.  Player names
come from ``players`` (``p1``…``pN`` when it names none); seat numbers from ``seats``; money
is an integer in the file's smallest unit (``currency`` kept as is).  ``finishing_stacks``
become ``FinalStack`` claims and the user-defined ``_rake`` a ``RakeTaken`` the replay
verifies.  Every variant but ``FB`` is skipped as another game.

Writing is :mod:`.phh_write`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..cards import DECK
from ..errors import BadugiError, ImportFormatError, Position
from ..events import (
    Action,
    Cards,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    Muck,
    RakeTaken,
    Session,
    Show,
)
from ..settings import GameSettings, HouseRules, Structure
from .common import (
    UNREADABLE,
    HandDraft,
    ImportItem,
    SeatLine,
    SkippedHand,
    parse_site_cards,
    unreadable,
)
from .phh_fast import loads

ORIGIN = "phh"
VARIANT = "FB"

POKERKIT_DEALING = HouseRules(reshuffle="all-discards", draw_order="discards-first", burn_card=True)
"""How a PHH hand was dealt unless the file says otherwise: as PokerKit deals.  PHH writes a
draw as every player's discard, then every deal, and PokerKit deals it so: one card is burned
after the discards, each player is served in turn, and when the deck runs short every card out
of play (burn cards, folded hands, every discard, the whole current draw's included) is
shuffled into it.  A file written by :func:`.phh_write.write_phh` names its own table's rules
in the user-defined fields of :data:`DEALING_FIELDS`."""
DEALING_FIELDS = {"_reshuffle": "reshuffle", "_draw_order": "draw_order", "_burn_card": "burn_card"}
"""User-defined PHH fields (ours) -> the :class:`HouseRules` field they set."""


# --- reading -----------------------------------------------------------------------------------


def read_phh(text: str, source: str = "<phh>") -> Iterator[ImportItem]:
    """The hands of a PHH (one hand) or PHHS (tables of hands) document.

    The TOML is read by :func:`.phh_fast.loads`: a fast reader for plain PHH files that leaves
    everything else (tables, escapes, errors) to ``tomllib``.
    """
    try:
        data = loads(text.lstrip("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        yield ImportFormatError(f"not valid TOML: {exc}", position=Position(source), rule="bad-phh")
        return
    if "variant" in data:
        hands: list[tuple[str | None, dict[str, Any]]] = [(None, data)]
    else:
        hands = [(str(k), v) for k, v in data.items() if isinstance(v, dict) and "variant" in v]
    lines = text.splitlines()
    for key, hand in hands:
        line = _line_of(lines, key)
        try:
            yield _read_hand(hand, key, source, line, lines)
        except BadugiError as exc:
            yield exc
        except UNREADABLE as exc:
            yield unreadable(exc, source, line)


def _line_of(lines: list[str], key: str | None) -> int:
    if key is None:
        return 1
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped in (f"[{key}]", f"['{key}']", f'["{key}"]'):
            return i + 1
    return 1


def _read_hand(
    hand: dict[str, Any], key: str | None, source: str, line: int, text_lines: list[str]
) -> HandRecord | SkippedHand:
    pos = Position(source, line, 1)
    hand_id = _hand_id(hand, key, source)
    variant = str(hand.get("variant"))
    if variant != VARIANT:
        return SkippedHand(source, hand_id, f"PHH variant {variant}", pos)
    draft = HandDraft(source, hand_id, pos, ORIGIN)
    try:
        stacks = [int(s) for s in hand["starting_stacks"]]
        count = len(stacks)
        antes = _per_player(hand.get("antes", 0), count)
        blinds = _per_player(hand.get("blinds_or_straddles", 0), count)
        small_bet, big_bet = int(hand["small_bet"]), int(hand["big_bet"])
        actions = [str(a) for a in hand["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise draft.error(
            f"a required PHH field is missing or wrong: {exc}", rule="bad-phh"
        ) from None
    if count < 2:
        raise draft.error("a PHH hand needs at least two players", rule="bad-phh")
    names = [str(n) for n in hand.get("players", [f"p{i + 1}" for i in range(count)])]
    numbers = [int(n) for n in hand.get("seats", range(1, count + 1))]
    if len(names) != count or len(numbers) != count:
        raise draft.error("players/seats do not match starting_stacks", rule="bad-phh")
    draft.seats = [SeatLine(numbers[i], names[i], stacks[i]) for i in range(count)]
    draft.button_name = names[-1]
    posts = _forced_bets(antes, blinds, count)
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
    for i in range(count):
        if posts[i][1] and i not in (blind_seat(0, count), blind_seat(1, count)):
            raise draft.error("straddles are not Badugi blinds", rule="bad-phh")
    _replay_actions(draft, actions, _action_lines(text_lines, line - 1, actions), names, stacks)
    for i, amount in enumerate(hand.get("finishing_stacks") or []):
        draft.events.append(FinalStack(names[i], int(amount), pos))
    if "_rake" in hand:
        draft.events.append(RakeTaken(int(hand["_rake"]), pos))
    settings = _settings(
        small_bet,
        big_bet,
        posts[blind_seat(0, count)][1],
        posts[blind_seat(1, count)][1],
        max(antes),
        hand.get("currency"),
        _dealing(hand, draft),
    )
    date = None
    if all(k in hand for k in ("year", "month", "day")):
        date = f"{int(hand['year']):04d}-{int(hand['month']):02d}-{int(hand['day']):02d}"
    session = Session(
        kind="cash", name=str(hand.get("event", "")), date=date, place=hand.get("venue")
    )
    return draft.finish(settings, session, str(hand.get("table", "")), dealt_in=names)


def _hand_id(hand: dict[str, Any], key: str | None, source: str) -> str:
    """``hand``, else the table's key, else the file's name (no ``Path`` built when not needed)."""
    if "hand" in hand:
        return str(hand["hand"])
    return key if key is not None else Path(source).stem


def _dealing(hand: dict[str, Any], draft: HandDraft) -> HouseRules:
    """:data:`POKERKIT_DEALING`, or the rules our writer named in :data:`DEALING_FIELDS`."""
    if not any(key in hand for key in DEALING_FIELDS):
        return POKERKIT_DEALING
    chosen: dict[str, Any] = {}
    for key, name in DEALING_FIELDS.items():
        if key not in hand:
            continue
        value, default = hand[key], getattr(POKERKIT_DEALING, name)
        allowed = (True, False) if isinstance(default, bool) else _CHOICES[name]
        if type(value) is not type(default) or value not in allowed:
            shown = " or ".join(
                str(a).lower() if isinstance(a, bool) else f"'{a}'" for a in allowed
            )
            raise draft.error(f"{key} must be {shown}, not {value!r}", rule="bad-phh")
        chosen[name] = value
    return _house(**chosen)


_CHOICES: dict[str, tuple[str, ...]] = {
    "reshuffle": ("exclude-own", "all-discards"),
    "draw_order": ("in-turn", "discards-first"),
}


@lru_cache(maxsize=16)
def _house(**chosen: Any) -> HouseRules:
    return replace(POKERKIT_DEALING, **chosen)


def _settings(
    small_bet: int,
    big_bet: int,
    small_blind: int,
    big_blind: int,
    ante: int,
    currency: Any,
    house: HouseRules,
) -> GameSettings:
    """The hand's settings; the few distinct ones of a file are built once (they are frozen)."""
    if currency is None or isinstance(currency, str):
        return _cached_settings(small_bet, big_bet, small_blind, big_blind, ante, currency, house)
    return _new_settings(small_bet, big_bet, small_blind, big_blind, ante, currency, house)


def _new_settings(
    small_bet: int,
    big_bet: int,
    small_blind: int,
    big_blind: int,
    ante: int,
    currency: Any,
    house: HouseRules,
) -> GameSettings:
    return GameSettings(
        game="badugi",
        structure=Structure("fixed-limit", small_bet, big_bet),
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        currency=currency,
        house=house,
    )


_cached_settings = lru_cache(maxsize=256)(_new_settings)
"""Exceptions (a bet of 0) are not cached: every such hand raises afresh."""


def _action_lines(lines: list[str], start: int, actions: list[str]) -> list[int]:
    """The 0-based line of each action string, found in order from the hand's first line.

    Shortcut, same answer: when all the other actions, written as our writer writes them
    (``"a", "b", ...``), stand on the line where the first one was found, each of them is
    found there in turn; one search replaces one per action.
    """
    found: list[int] = []
    at = start
    for i, action in enumerate(actions):
        quoted = (f'"{action}"', f"'{action}'")
        if at < len(lines) and (quoted[0] in lines[at] or quoted[1] in lines[at]):
            found.append(at)  # most often: the same line as the action before
        else:
            for hit in range(at, len(lines)):
                if quoted[0] in lines[hit] or quoted[1] in lines[hit]:
                    found.append(hit)
                    at = hit
                    break
            else:
                found.append(start)
        if i == 0 and at < len(lines) and len(actions) > 1:
            rest = '"' + '", "'.join(actions[1:]) + '"'
            if rest in lines[at]:
                found += [at] * (len(actions) - 1)
                return found
    return found


def _per_player(value: Any, count: int) -> list[int]:
    if isinstance(value, list):
        values = [int(v) for v in value] + [0] * (count - len(value))
        return values[:count]
    return [int(value)] * count


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


def _cards(text: str, draft: HandDraft, line: int) -> Cards:
    """PHH cards (``7d3c6h3d``, ``????``): canonical ones by :func:`_chunk`, anything else (and
    every error: a repeated card, a rank or suit that is not one) by ``parse_site_cards``."""
    one_or_two = _CHUNKS.get(text)  # discards and draws: the most common
    if one_or_two is not None:
        return one_or_two[0]
    if len(text) % 2:
        raise draft.error(f"cannot split {text!r} into two-character cards", line, rule="bad-phh")
    cards: Cards = ()
    seen = 0
    for at in range(0, len(text), 4):
        code = text[at : at + 4]
        entry = _CHUNKS.get(code) or _chunk(code)
        if entry is None or entry[1] & seen:
            return parse_site_cards(" ".join(_PAIRS.findall(text)), draft.pos)
        cards += entry[0]
        seen |= entry[1]
    return cards


Step = tuple[str, str, str | None]
"""An action string read once: ``(op, player label, argument)``.  ``op`` is the verb (``cc``,
``cbr``, ``sd``, ``sm``, ``f``...), or ``d dh`` for a deal (argument: the cards), ``d dh?``
for a deal written wrongly, ``#`` for nothing but a comment; ``cbr`` without exactly one
amount becomes ``cbr?``, which, like any unknown verb, has no meaning in Badugi."""
_STEPS: dict[str, Step] = {}
_STEPS_LIMIT = 10_000


def _step(raw: str) -> Step:
    """How to read ``raw`` (not yet in :data:`_STEPS`); files repeat action strings (``p2 cc``),
    so each is split once, up to ``_STEPS_LIMIT`` of them (then the cache starts again)."""
    words = (raw.split("#", 1)[0] if "#" in raw else raw).split()
    step: Step
    if not words:
        step = ("#", "", None)
    elif words[:2] == ["d", "dh"]:
        step = ("d dh", words[2], words[3]) if len(words) == 4 else ("d dh?", "", None)
    else:
        verb = words[1] if len(words) > 1 else ""
        if verb == "cbr" and len(words) != 3:
            verb = "cbr?"
        step = (verb, words[0], words[2] if len(words) > 2 else None)
    if len(_STEPS) >= _STEPS_LIMIT:
        _STEPS.clear()
    _STEPS[raw] = step
    return step


def _replay_actions(
    draft: HandDraft, actions: list[str], lines_of: list[int], names: list[str], stacks: list[int]
) -> None:
    """Turn PHH actions into events; ``cc`` and ``cbr`` need the round's bets to be read.

    Issue 7: this loop runs for every action of every PHH hand, so it is kept tight.  Each
    action string is split once per process (:func:`_step`).  The chips each player has put
    in, this round and in all, are ``draft.round_committed`` and ``draft.total_committed`` as
    :meth:`HandDraft.action` keeps them, but updated here directly, with the round's highest
    bet kept up to date instead of recomputed per action.  A draw's event is built once its
    new cards are read (a hand that ends without them is an error).
    """
    stack = dict(zip(names, stacks, strict=True))
    round_in = draft.round_committed
    total_in = draft.total_committed
    high = max(round_in.values(), default=0)
    events = draft.events
    pending: dict[str, tuple[int, Cards, Position]] = {}
    betting = True
    dealt: set[str] = set()
    labels = {f"p{i + 1}": name for i, name in enumerate(names)}
    steps = _STEPS
    last_line, pos = -1, draft.pos
    for raw, line in zip(actions, lines_of, strict=True):
        op, who, arg = steps.get(raw) or _step(raw)
        if line != last_line:
            last_line, pos = line, draft.at(line)
        if op == "d dh":
            name = labels.get(who) or _player(who, names, draft, raw)
            cards = _cards(arg, draft, line)  # type: ignore[arg-type]  # a deal has its cards
            if name not in dealt:
                dealt.add(name)
                if draft.deal_index is None:
                    draft.mark_deal(line)
                if cards.count(None) != len(cards):
                    draft.known_deals[name] = cards
                continue
            waiting = pending.pop(name, None)
            if waiting is None:
                raise draft.error(f"{name} is dealt cards without discarding", line, rule="bad-phh")
            index, discards, drawn_at = waiting
            if len(cards) != len(discards):
                raise draft.error(
                    f"{name} discards {len(discards)} but is dealt {len(cards)}", rule="bad-phh"
                )
            events[index] = Draw(name, discards, cards, drawn_at)
            continue
        if op == "#":
            continue
        if op == "d dh?":
            raise draft.error(f"cannot read the action {raw!r}", line, rule="bad-phh")
        name = labels.get(who) or _player(who, names, draft, raw)
        if op == "sd":
            if betting:
                round_in = draft.round_committed = {}
                high = 0
                betting = False
            discards = _cards(arg, draft, line) if arg is not None else ()
            if discards:
                if name in pending:
                    _draw_unanswered(pending, name, events)
                pending[name] = (len(events), discards, pos)
                events.append(None)  # type: ignore[arg-type]  # the Draw, once its cards are read
            else:
                events.append(Draw(name, (), (), pos))
            continue
        betting = True
        if op == "cc" or op == "cbr":
            before = round_in.get(name, 0)
            left = stack[name] - total_in.get(name, 0)
            if op == "cc":
                put = high - before
                if put <= 0:
                    events.append(Action(name, "check", None, False, pos))
                    continue
                if put > left:
                    put = left
                events.append(Action(name, "call", put, put == left, pos))
            else:
                to = int(arg)  # type: ignore[arg-type]  # cbr has its amount
                put = to - before
                events.append(Action(name, "raise" if high else "bet", to, put == left, pos))
            total_in[name] = total_in.get(name, 0) + put
            round_in[name] = before + put
            if len(round_in) == 1:
                high = before + put
            elif put >= 0:
                high = max(high, before + put)
            else:  # a raise "to" less than already in: unreadable play, but read as before
                high = max(round_in.values())
        elif op == "f":
            events.append(Action(name, "fold", None, False, pos))
        elif op == "sm":
            if arg is None:
                events.append(Muck(name, pos))
            elif arg == "-":
                events.append(Show(name, (None,) * draft.hand_size, pos))
            else:
                events.append(Show(name, _cards(arg, draft, line), pos))
        else:
            raise draft.error(f"the action {raw!r} has no meaning in Badugi", line, rule="bad-phh")
    if pending:
        raise draft.error(f"{', '.join(pending)} discarded but were dealt nothing", rule="bad-phh")


def _draw_unanswered(
    pending: dict[str, tuple[int, Cards, Position]], name: str, events: list[Event]
) -> None:
    """``name`` discards again before being dealt the cards of an earlier discard: that earlier
    draw stays as it was written, its new cards unknown."""
    index, discards, pos = pending[name]  # its key keeps its place: messages list names in order
    events[index] = Draw(name, discards, (None,) * len(discards), pos)


def _player(word: str, names: list[str], draft: HandDraft, raw: str) -> str:
    if word.startswith("p") and word[1:].isdigit() and 1 <= int(word[1:]) <= len(names):
        return names[int(word[1:]) - 1]
    raise draft.error(f"{word!r} in {raw!r} is not a player p1..p{len(names)}", rule="bad-phh")
