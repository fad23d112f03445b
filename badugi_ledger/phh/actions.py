"""The loop that turns a PHH hand's actions into events (``cc`` and ``cbr`` read against the
round's bets), and the errors it reports.

Why a module of its own: it runs for every action of every PHH hand and is kept tight (each
action a look-up or two, a test of its code and its event, see :func:`_replay_actions`); the
strings it reads are decoded by :mod:`.action_strings`, and the rest of a hand (its fields,
forced bets, settings) is read by :mod:`.reader`, which calls it once per hand.
"""

from __future__ import annotations

from operator import length_hint
from typing import Any

from ..model.errors import BadugiError, ImportFormatError, Position
from ..model.events import Action, Cards, Draw, Event, Muck, Show
from ..model.limits import (
    MAX_DIGITS,
    MAX_LISTED,
    MAX_QUOTE,
    ascii_digits,
    more_than_listed,
    quote,
)
from ..sites.draft import HandDraft
from .action_strings import (
    _STEPS,
    BET,
    CALL,
    DEAL,
    DISCARD,
    FOLD,
    MEANINGLESS,
    MUCK,
    NOTE,
    SHOW,
    SHOW_HIDDEN,
    _bet_amount,
    _cards,
    _shared,
    _step,
)
from .positions import item_column
from .split import PhhPiece


def _replay_actions(
    draft: HandDraft,
    actions: list[str],
    lines_of: list[int],
    names: list[str],
    stacks: list[int],
    piece: PhhPiece,
    scale: int = 1,
) -> None:
    """Turn PHH actions into events; ``cc`` and ``cbr`` need the round's bets to be read.
    Each action adds one event but a deal (the first deal is the hand's, a later one the cards
    of a draw added at its discard) and a note: so the events tell which string each stands
    for, and its column is found when it is reported (:mod:`.positions`).  An error the loop
    raises at an action's line is moved to that action's string at once.

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
    unread = iter(actions)  # how many are left tells which one an error is at
    try:
        for raw, line in zip(unread, lines_of, strict=True):
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
                    raise draft.error(
                        f"{name} is dealt cards without discarding", line, rule="bad-phh"
                    )
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
                    event = made.get(key) or _shared(
                        made, key, Action(name, "call", put, put == left)
                    )
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
    except BadugiError as exc:
        k = len(actions) - length_hint(unread) - 1
        if exc.position is pos:  # at the action's line: at its string
            _at_string(exc, k, lines_of, piece)
        if isinstance(exc, ImportFormatError):  # (the strings' errors are all of this kind)
            exc.others = _meaningless_after(draft, actions, lines_of, k, names, piece, scale)
        raise
    for name, slot in zip(names, slots, strict=True):  # what draft.action would have kept
        if total[slot]:
            total_of[name] = total[slot]
    if pending:  # said at the first discard no deal answered
        were = "was" if len(pending) == 1 else "were"
        unanswered = draft.error(
            f"{', '.join(pending)} discarded but {were} dealt nothing", rule="bad-phh"
        )
        unanswered.position = places[min(index for index, _ in pending.values())]
        raise unanswered


def _at_string(exc: BadugiError, k: int, lines_of: list[int], piece: PhhPiece) -> None:
    """``exc``, at the line of the ``k``-th action string, put at that string's column."""
    line = lines_of[k]
    nth = k - lines_of.index(line)  # the strings before it on its line
    column = item_column(piece.lines[line + 1 - piece.start], nth)
    if column is not None:
        exc.position = Position(exc.position.source, exc.position.line, column)


def _meaningless_after(
    draft: HandDraft,
    actions: list[str],
    lines_of: list[int],
    k: int,
    names: list[str],
    piece: PhhPiece,
    scale: int,
) -> tuple[BadugiError, ...]:
    """The errors of the action strings after the ``k``-th, at which the hand's reading
    stopped, that are wrong whatever the play before them: a string with no meaning in Badugi
    or written wrongly, a label that is no player, cards or a ``cbr`` amount that cannot be
    read.  The play after a string the reading stopped at is unknown (a ``cc`` is read
    against the round's bets), but these are read from the string alone, so that one run of
    ``check`` lists each at its string (bounded: :data:`~badugi_ledger.model.limits.MAX_LISTED`,
    and one more error for the rest)."""
    found: list[BadugiError] = []
    for j in range(k + 1, len(actions)):
        raw, line = actions[j], lines_of[j]
        code, seat, who, value, arg, _ = _STEPS.get(raw) or _step(raw)
        if code == NOTE:
            continue
        try:
            if code >= MEANINGLESS:  # MEANINGLESS or MALFORMED: the string alone is wrong
                raise draft.error(value, line, rule="bad-phh")
            if not 0 <= seat < len(names):
                _player(who, names, draft, raw, line)
            if value is None and code in (DEAL, DISCARD, SHOW):
                _cards(arg, draft, line)
            elif code == BET and (scale != 1 or type(value) is not int):
                _bet_amount(value, scale, draft, line, raw)
        except BadugiError as wrong:
            if len(found) == MAX_LISTED:
                found.append(
                    draft.error(
                        more_than_listed(
                            f"the action {quote(repr(raw))} cannot be read either, nor, it may "
                            "be, actions after it",
                            "action strings that cannot be read",
                            "its string",
                        ),
                        line,
                        rule="bad-phh",
                    )
                )
                _at_string(found[-1], j, lines_of, piece)
                break
            _at_string(wrong, j, lines_of, piece)
            found.append(wrong)
    return tuple(found)


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
    that is no decimal one (``p²``) is no player (``int`` cannot read it), nor is a number
    of more digits than any amount (``int`` refuses more than 4,300; zeros before it are
    none of its digits: ``p001`` is ``p1``)."""
    digits = ascii_digits(word[1:]).lstrip("0") if word[1:].isdecimal() else ""
    if word.startswith("p") and 0 < len(digits) <= MAX_DIGITS and int(digits) <= len(names):
        return names[int(digits) - 1]
    # a label cut short is most of its action: the action is quoted beside it when both fit
    within = f" in {quote(repr(raw))}" if len(word) < MAX_QUOTE else ""
    raise draft.error(
        f"{quote(repr(word))}{within} is not a player p1..p{len(names)}",
        line,
        rule="bad-phh",
    )
