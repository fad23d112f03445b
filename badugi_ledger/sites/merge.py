"""Merge / Carbon Poker hand histories (XML, 2011): pot-limit and half-pot-limit Badugi.

A Merge file is a run of ``<description type=… stakes=…/>`` + ``<game>…</game>`` fragments
with one element per line, so it is read line by line (keeping line numbers for errors)
rather than as one XML document.  A line that is not one whole element (cut short) is an
error at that line (``unrecognised-line``), as in the other readers: the hand it is in is
refused, since what the line said is lost; each such line of it is listed, and the elements
after it are read on for their own mistakes (:mod:`.listing`, its ``lost`` lines).  A
hand without its ``</game>`` is a ``partial-hand``, and a hand with no ``<description>`` before
it (its game and stakes unknown) a ``bad-header``: nothing of a file is dropped silently.

What it reads: the description (game, structure, stakes), the game (hand id, start time,
table from ``data``), players (seat, name, balance, ``dealtin``; Merge numbers seats from 0,
the records from 1), the dealer seat, posts
(``SMALL_BLIND``, ``BIG_BLIND``, ``ANTE``), actions (``CHECK``, ``CALL`` = chips put in,
``BET``/``RAISE`` = the player's total for the round, ``ALL_IN`` = the rest of the stack,
``FOLD``), draws (``DRAW text=N``; the hero's hole cards before and after each draw give
the hero's discards and new cards), shows (``SHOWN`` cards), mucks, and ``winner`` amounts.

What it cannot know: Merge prints no rake and no total pot, and a winner's amount includes
any uncalled bet handed back.  The importer therefore derives ``Collect`` = winner amount −
the uncalled bet and ``RakeTaken`` = pot − everything collected, from the actions it read.
For a hand with a single winner that makes the collect check tautological; what the replay
still verifies is the legality of every action (pot-limit sizes, order, stacks).
The uncalled bet is what the top bet of the last betting round the hand plays (each
``POST_…`` round opens one) exceeds the next: a hand everyone folds in an earlier round ends
there, and a bet called all-in for less leaves no one to bet in a later round (Merge then
writes none; corpus: ``All-in.on.second.draw``).  ``<winner uncalled=…>`` is not read: it is
``false`` on every corpus winner, also where the amount includes a bet handed back (hands
33423082-3 and 33227759-34).
``GAME_CANCELLED`` hands are reported with rule ``cancelled-hand``.  A rake above Merge's
published maximum is refused (:func:`rake_allowed`).  Stacks carry from hand to hand of a table
as for the other cash sites (:mod:`.carry`), and Merge's hand numbers (``33423082-5``) show a
hand missing from the file.

Why one module of this size: it holds one site's XML form and what each element means; what the
sites share is in :mod:`.common`, :mod:`.files` and :mod:`.draft`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..model.errors import BadugiError, ImportFormatError, Position
from ..model.events import Cards, Draw, HandRecord, Session, Show
from ..model.limits import quote
from ..model.money import hand_figure
from ..model.names import one_line
from ..model.settings import GameSettings, HouseRules, Structure, StructureKind
from .carry import CashTables
from .common import (
    ImportItem,
    SkippedHand,
    header_time,
    parse_amount,
    parse_count,
    parse_site_cards,
    site_currency,
)
from .draft import HandDraft, SeatLine, of_hand
from .files import MAX_HAND_CHARS, MAX_NAME, UNREADABLE, CutLine, cut_line_error, unreadable
from .listing import Unread, listed, lists
from .merge_lines import attributes, element, tag_of, unreadable_line

ORIGIN = "merge"

_STRUCTURES: dict[str, StructureKind] = {
    "Pot Limit": "pot-limit",
    "Half Pot Limit": "half-pot-limit",
    "No Limit": "no-limit",
    "Limit": "fixed-limit",
}
_STAKES = re.compile(
    r"(?P<kind>Half Pot Limit|Pot Limit|No Limit|Limit)\s*+\(?(?P<cur>\$?)(?P<a>[\d.,]++)/"
    r"(?P<cur2>\$?)(?P<b>[\d.,]++)"
)
_OF_A_PLAYER = frozenset({"event", "cards", "winner"})
"""The elements that say what a seated player did or won (:class:`~.listing.Unread`)."""
_REAL_MONEY = {"true": True, "false": False}
"""``<game realmoney=…>``: a game for dollars, or for play money (chips worth nothing)."""


def read_merge(lines: Iterable[str], source: str = "<merge>") -> Iterator[ImportItem]:
    """Every hand of a Merge XML history, in file order.

    A hand (``<game>`` … ``</game>``) of more than :data:`~.files.MAX_HAND_CHARS` characters
    is reported and its further elements are not kept, so memory stays bounded whatever the
    file holds.  A line of a hand that is not one whole element (cut short: rule
    ``unrecognised-line``; over-long: ``line-too-long``, only its start held) is kept as a
    lost line (:data:`LOST`), reported at its line with the hand's other mistakes; a hand
    that never closes (``</game>`` missing before the next ``<game>`` or the end of the file)
    is a ``partial-hand``, or its lost lines where it has some; such a line outside a hand is
    reported by itself."""
    description: dict[str, str] = {}
    described_at: int | None = None
    cash = CashTables()
    chunk: list[tuple[int, str, dict[str, str]]] = []
    problem: ImportFormatError | None = None  # the hand is too long: its elements are not kept
    lost: dict[int, ImportFormatError] = {}  # its lines that are not one whole element
    size = 0
    for index, line in enumerate(lines):
        cut = isinstance(line, CutLine)
        whole = None if cut else element(line)
        if chunk:
            size += len(line) + 1  # (of a cut line, what is held of it)
            if size > MAX_HAND_CHARS and problem is None:
                problem = ImportFormatError(
                    f"the hand that starts at line {chunk[0][0] + 1} has more than "
                    f"{MAX_HAND_CHARS:,} characters; no site writes such a hand",
                    position=Position(source, index + 1, 1),
                    rule="hand-too-long",
                )
        if whole is None:
            text = line.strip().lstrip("\ufeff").strip()
            if not text and not cut:
                continue
            error = (
                cut_line_error(line, source, index)
                if isinstance(line, CutLine)
                else unreadable_line(text, source, index)
            )
            if chunk:
                if problem is None:  # kept, to be listed at its line
                    lost[index] = error
                    chunk.append((index, LOST, {"tag": tag_of(text)}))
                continue
            yield error
            if text.startswith("<description"):  # its hands must not be read under another
                description, described_at = {}, index
            continue
        close, tag, body = whole
        if tag == "game" and not close:
            if chunk:  # the hand before never closed
                cash.forget(_table(chunk[0][2]) or None)
                yield _unclosed(chunk, listed(lost.values(), _hand_id(chunk)) or problem, source)
            chunk, problem, size = [(index, tag, attributes(body))], None, len(line) + 1
            lost = {}
            continue
        if problem is not None and not (tag == "game" and close):
            continue
        if tag == "description" and not close:
            description, described_at = attributes(body), index
            continue
        if tag == "game" and close:
            if not chunk:
                yield ImportFormatError(
                    "a closing </game> tag without its opening <game> tag",
                    position=Position(source, index + 1, 1),
                    rule="corrupt-hand",
                )
                continue
            hand_id = _hand_id(chunk)
            failed: BadugiError | None = listed(lost.values(), hand_id) if problem else None
            if failed is None and problem is None:
                try:
                    item = _read_game((described_at, description), chunk, source, cash, lost)
                except BadugiError as exc:
                    failed = exc
                except UNREADABLE as exc:
                    failed = unreadable(exc, source, chunk[0][0] + 1)
                first_lost = next(iter(lost.values()), None)
                if first_lost is not None and not lists(failed, first_lost):
                    failed = listed(lost.values(), hand_id)  # not read up to it: another game…
            failed = failed or problem
            if failed is None:
                yield from cash.warnings
                if isinstance(item, SkippedHand):
                    held = hash(tuple([(tag, tuple(sorted(a.items()))) for _, tag, a in chunk]))
                    item = cash.skipped(item, _table(chunk[0][2]) or None, held)
                yield item
            else:
                cash.forget(_table(chunk[0][2]) or None)
                yield of_hand(failed, hand_id, source, chunk[0][0])
            cash.warnings.clear()
            chunk, problem, lost = [], None, {}
            continue
        if chunk:
            chunk.append((index, ("/" if close else "") + tag, attributes(body)))
    if chunk:  # the file ends inside a hand
        yield _unclosed(chunk, listed(lost.values(), _hand_id(chunk)) or problem, source)


LOST = ""
"""The tag of a hand's line that is not one whole element (no element's tag is empty): its
error is the reader's ``lost`` one, listed where the line is (:class:`~.listing.Unread`)."""


def _hand_id(chunk: list[tuple[int, str, dict[str, str]]]) -> str:
    """The number of the hand ``chunk`` (its ``<game>`` element's id), for its errors."""
    return one_line(quote(chunk[0][2].get("id", "?")))


def _unclosed(
    chunk: list[tuple[int, str, dict[str, str]]], problem: ImportFormatError | None, source: str
) -> BadugiError:
    """The error for a hand whose ``</game>`` never comes: its own problem if it had one, else
    a partial hand, at its last element's line (after which ``</game>`` was expected)."""
    hand_id = _hand_id(chunk)
    if problem is None:
        problem = ImportFormatError(
            "the hand has no closing </game>: expected after this line",
            position=Position(source, chunk[-1][0] + 1, 1),
            rule="partial-hand",
        )
    return of_hand(problem, hand_id, source, chunk[0][0])


def _table(game: dict[str, str]) -> str:
    """The table of a ``<game>`` element: ``data="20110129|Kunming (31274465)|…"`` ("" when
    ``data`` is damaged: for what the hand may have moved, any table)."""
    data = game.get("data", "").split("|")
    return data[1] if len(data) > 1 else ""


def _read_game(
    described: tuple[int | None, dict[str, str]],
    elements: list[tuple[int, str, dict[str, str]]],
    source: str,
    cash: CashTables,
    lost: dict[int, ImportFormatError],
) -> HandRecord | SkippedHand:
    """One ``<game>``: its elements (0-based line, tag, attributes), after the
    ``<description>`` (its line, if any, and attributes) that gives its game and stakes;
    ``lost``: the errors of its lines that are not one whole element (tag :data:`LOST`)."""
    start, _, game = elements[0]
    pos = Position(source, start + 1, 1)
    hand_id = one_line(quote(game.get("id", "?")))
    described_at, description = described
    kind = description.get("type", "")
    if kind == "Badugi Tournament":  # Merge's spelling of a tournament's game
        raise ImportFormatError(
            "Merge tournament hands are not read (no sample to build from, and the file does not "
            "say the buy-in)",
            position=Position(source, described_at + 1, 1) if described_at is not None else pos,
            hand=hand_id,
            rule="unsupported-format",
        )
    if not kind:
        raise ImportFormatError(
            "no <description> before this hand says its game and stakes",
            position=Position(source, described_at + 1, 1) if described_at is not None else pos,
            hand=hand_id,
            rule="bad-header",
        )
    if kind != "Badugi":
        return SkippedHand(source, quote(hand_id), kind, pos)
    draft = HandDraft(source, hand_id, pos, ORIGIN)
    if any(tag == "round" and attrs.get("id") == "GAME_CANCELLED" for _, tag, attrs in elements):
        raise draft.error("the site cancelled this hand", rule="cancelled-hand")
    stakes = _STAKES.search(description.get("stakes", ""))
    if stakes is None:
        raise draft.error(
            f"cannot read the stakes {quote(description.get('stakes', ''))!r}",
            described_at,
            rule="bad-header",
        )
    structure_kind = _STRUCTURES[stakes["kind"]]
    stated = draft.at(described_at) if described_at is not None else pos
    symbol = stakes["cur"] or stakes["cur2"]
    money = "USD" if _real_money(draft, game, symbol, described_at) else None
    # each with its symbol: both in dollars, or neither (play money)
    site_currency((stakes["cur"], stakes["cur2"]), None, "the stakes", stated)
    low = parse_amount(stakes["cur"] + stakes["a"], currency=money, position=stated)
    high = parse_amount(stakes["cur2"] + stakes["b"], currency=money, position=stated)
    game_at = elements[0][0]
    draft.one_line("the hand id", game.get("id", ""), game_at)
    table = draft.one_line("the table name", _table(game), game_at)
    start_time = game.get("starttime", "")
    date = f"{start_time[:4]}-{start_time[4:6]}-{start_time[6:8]}" if len(start_time) >= 8 else None
    if len(start_time) == 14:
        cut = (0, 4, 6, 8, 10, 12, 14)
        draft.time = header_time(*(start_time[a:b] for a, b in zip(cut, cut[1:], strict=False)))
    number = game.get("id", "").rpartition("-")[2]
    if number.isascii() and number.isdigit() and len(number) <= 9:
        draft.sequence = int(number)  # Merge numbers a table's hands 1, 2, 3…

    dealt: set[str] = set()
    winners: list[tuple[int, str, int]] = []
    ended_at = _read_elements(draft, elements, dealt, winners, money, lost)
    if not winners:
        raise draft.missing(
            "the hand has no winner",
            ended_at if ended_at is not None else elements[-1][0],
            rule="partial-hand",
        )
    _settle(draft, winners, len(dealt), money)
    posted_small = draft.posted("small-blind")
    posted_big = draft.posted("big-blind")
    ante = draft.posted("ante") or 0
    with draft.settings_from_posts():
        if structure_kind == "fixed-limit":
            structure = Structure("fixed-limit", low, high)
        else:
            structure = Structure(structure_kind)
        settings = GameSettings(
            game="badugi",
            structure=structure,
            small_blind=posted_small if posted_small is not None else (0 if ante else low),
            big_blind=posted_big if posted_big is not None else (0 if ante else high),
            ante=ante,
            rake=None,
            house=HouseRules(heads_up_uncapped=True),
            currency=money,
        )
    session = Session(
        kind="cash", name=f"Merge {table} {date or ''}".strip(), date=date, place="Merge"
    )
    record = draft.finish(settings, session, table, dealt_in=dealt)
    return cash.carried(table, draft, record)


def _real_money(
    draft: HandDraft, game: dict[str, str], symbol: str, described_at: int | None
) -> bool:
    """Whether the game is for dollars (amounts in cents) or play money (chips), as its
    ``realmoney`` says (a game without it: dollars, as every corpus game is); play-money
    stakes in dollars contradict it."""
    real = _REAL_MONEY.get(game.get("realmoney", "true"))
    if real is None:
        raise draft.error(
            f"cannot read realmoney={quote(game.get('realmoney', ''))!r}: true or false",
            rule="bad-header",
        )
    if not real and symbol:
        raise draft.error(
            'the game is for play money (realmoney="false"), but its stakes are in dollars',
            described_at,
            rule="bad-header",
        )
    return real


def _read_elements(
    draft: HandDraft,
    elements: list[tuple[int, str, dict[str, str]]],
    dealt: set[str],
    winners: list[tuple[int, str, int]],
    money: str | None,
    lost: dict[int, ImportFormatError],
) -> int | None:
    """The elements after ``<game>`` into the draft, the players dealt in into ``dealt`` and
    the winners (line, name, amount) into ``winners``, amounts in ``money`` (None: play
    chips); returns the line of the round that ends the hand (``END_OF_…``), after which the
    winners come.  A failure no rule names (an
    attribute missing, a winner on an empty seat) is located at the element's line.  A line
    of ``lost`` (tag :data:`LOST`) is its error, listed at its line: it was a seated player's
    when it begins as an element of one (``<event …``)."""
    by_seat: dict[str, str] = {}
    round_id = ""
    ended_at: int | None = None
    unread = Unread(draft, lost)  # the elements that cannot be read, each listed
    for index, tag, attrs in elements[1:]:
        try:
            at = draft.at(index)
            if tag == LOST:
                raise lost[index]
            if tag == "players":
                draft.landmarks.button_line = index
                dealer = attrs.get("dealer")
                if dealer is not None:  # Merge counts seats from 0
                    draft.button_seat = parse_count(dealer, "dealer seat", at) + 1
            elif tag == "player":
                name = draft.one_line("the player name", attrs["nickname"], index)
                if not 0 < len(name) <= MAX_NAME:
                    raise draft.error(
                        f"the player name {quote(name)!r} is not 1 to {MAX_NAME} characters long",
                        index,
                        rule="bad-name",
                    )
                by_seat[attrs["seat"]] = name
                draft.add_seat(
                    SeatLine(
                        parse_count(attrs["seat"], "seat", at) + 1,
                        name,
                        parse_amount(attrs["balance"], currency=money, position=at),
                        line=index,
                    )
                )
                if attrs.get("dealtin") == "true":
                    dealt.add(name)
            elif tag == "round":
                round_id = attrs.get("id", "")
                if round_id == "PRE_FIRST_DRAW":
                    draft.mark_deal(index)
                if round_id.startswith("POST_"):
                    draft.new_round()
                if round_id.startswith("END_OF_") and ended_at is None:
                    ended_at = index
            elif tag == "event":
                _event(draft, attrs, by_seat, index, round_id, money)
            elif tag == "cards":
                _cards(draft, attrs, by_seat, index)
            elif tag == "winner":
                winners.append(
                    (
                        index,
                        by_seat[attrs["player"]],
                        parse_amount(attrs["amount"], currency=money, position=at),
                    )
                )
        except (BadugiError, *UNREADABLE) as exc:
            problem = (
                exc if isinstance(exc, BadugiError) else unreadable(exc, draft.source, index + 1)
            )
            # an event, cards or a winner is a seated player's; the other elements seat the
            # players and begin the rounds the later ones are read in
            of_player = attrs.get("tag") if tag == LOST else tag
            unread.read_on(problem, index, of_player in _OF_A_PLAYER)
    unread.done()
    return ended_at


def _event(
    draft: HandDraft,
    attrs: dict[str, str],
    by_seat: dict[str, str],
    index: int,
    round_id: str,
    money: str | None,
) -> None:
    kind = attrs.get("type", "")
    if kind in ("CHAT", "SIT_OUT", "SIT_IN", "GAME_CANCELLED"):
        return
    name = by_seat.get(attrs.get("player", ""))
    if name is None:
        raise draft.error(f"event {quote(kind)} names an empty seat", index)
    amount = (
        parse_amount(attrs["amount"], currency=money, position=draft.at(index))
        if "amount" in attrs
        else None
    )
    if kind == "SMALL_BLIND":
        draft.post(name, "small-blind", amount or 0, False, index)
    elif kind == "BIG_BLIND":
        draft.post(name, "big-blind", amount or 0, False, index)
    elif kind == "ANTE":
        draft.post(name, "ante", amount or 0, False, index, live=False)
    elif kind in ("CHECK", "FOLD"):
        draft.action(name, kind.lower(), None, False, index)
    elif kind == "CALL":
        draft.action(name, "call", amount, False, index)
    elif kind in ("BET", "RAISE"):
        draft.action(name, "bet" if draft.highest() == 0 else "raise", amount, False, index)
    elif kind == "ALL_IN":
        to = draft.committed(name) + (amount or 0)
        if to <= draft.highest():
            draft.action(name, "call", amount, True, index)
        else:
            draft.action(name, "bet" if draft.highest() == 0 else "raise", to, True, index)
    elif kind == "DRAW":
        count = parse_count(attrs.get("text", "0"), "cards drawn", draft.at(index))
        # the hero's cards come with DRAW_DRAWN_CARDS, which fills this draw in
        draft.draw(name, count, None, index)
    elif kind == "SHOW":
        return  # the cards come in a SHOWN element
    elif kind == "MUCK":
        if round_id != "END_OF_FOLDED_GAME":  # there it is the uncontested winner not showing
            draft.muck(name, index)
    else:
        raise draft.error(f"unknown Merge event {quote(kind)!r}", index, rule="unrecognised-line")


def _cards(draft: HandDraft, attrs: dict[str, str], by_seat: dict[str, str], index: int) -> None:
    name = by_seat.get(attrs.get("player", ""))
    if name is None:
        raise draft.error("cards for an empty seat", index)
    cards = parse_site_cards(attrs.get("cards", ""), draft.at(index))
    kind = attrs.get("type")
    if kind == "HOLE":
        draft.hero_deal(name, cards, index)
    elif kind == "DRAW_DRAWN_CARDS":
        before = list(draft.hero_cards)
        kept = tuple(c for c in cards if c in before)
        new = tuple(c for c in cards if c not in before)
        discards = tuple(c for c in before if c not in cards)
        _fix_hero_discards(draft, discards, index)
        draft.hero_receives(kept, new, index)
    elif kind == "SHOWN":
        draft.show(Show(name, cards), index)


def _fix_hero_discards(draft: HandDraft, discards: Cards, index: int) -> None:
    for i in range(len(draft.events) - 1, -1, -1):
        event = draft.events[i]
        if isinstance(event, Draw) and event.player == draft.hero:
            if len(discards) != event.count:
                raise draft.error(
                    f"{draft.hero} draws {event.count}, but the cards change by {len(discards)}",
                    index,
                )
            draft.events[i] = Draw(event.player, discards, event.received)  # its position stays
            return
    raise draft.error("the hero's new cards follow no draw", index)


RAKE_CENTS_PER = 18
"""Merge's rake: one cent for every 18 cents in the pot (5.5%, from May 2013; 1 in 20 before)."""
RAKE_CAPS = {2: 100, 3: 200}
"""Merge's largest rake by players dealt in, in cents: $1 heads-up, $2 three-handed, and
:data:`RAKE_CAP_FULL` with more (the 2013 caps, the higher of the network's two published
structures: 50c/$1/$3 before May 2013; pokerfuse.com, "Merge raises rake in big bet games")."""
RAKE_CAP_FULL = 500


def rake_allowed(pot: int, players: int) -> int:
    """The most Merge can have taken from a pot of ``pot`` cents with ``players`` dealt in.

    >>> rake_allowed(300, 3), rake_allowed(11400, 2), rake_allowed(100_000, 6)
    (17, 100, 500)
    """
    return min(-(-pot // RAKE_CENTS_PER), RAKE_CAPS.get(players, RAKE_CAP_FULL))


def _settle(
    draft: HandDraft, winners: list[tuple[int, str, int]], players: int, money: str | None
) -> None:
    """Collect = winner amount minus the uncalled bet it includes; rake = pot − collected.

    Merge prints no rake, so a winner amount cut down would pass as rake: what is left over
    must be a rake Merge could have taken (:func:`rake_allowed`), else the hand is refused.
    Messages give amounts as the file writes them (``money``: the hand's currency)."""
    uncalled_to, uncalled = draft.uncalled_bet()
    if uncalled_to is not None and uncalled:
        draft.uncalled(uncalled_to, uncalled)  # handed back: for the site's stack arithmetic
    pot = sum(draft.total_committed.values()) - uncalled
    collected = 0
    for index, name, amount in winners:
        if name == uncalled_to and uncalled:
            amount -= uncalled
            uncalled = 0
        if amount < 0:
            raise draft.whole_error(f"{name} wins less than the uncalled bet handed back", index)
        draft.collect(name, amount, None, index)  # Merge never says from which pot
        collected += amount
    if collected > pot:  # at the winner line that completes the sum
        raise draft.whole_error(
            f"the winners get {hand_figure(collected, money)}, more than the "
            f"{hand_figure(pot, money)} put in",
            winners[-1][0],
        )
    rake = pot - collected
    allowed = rake_allowed(pot, players)
    if rake > allowed:
        raise draft.whole_error(
            f"the winners collect {hand_figure(collected, money)} of a pot of "
            f"{hand_figure(pot, money)}: the {hand_figure(rake, money)} left over would be "
            f"Merge's rake, but Merge takes at most {hand_figure(allowed, money)} here "
            f"({'1 cent per' if money else '1 chip per'} {RAKE_CENTS_PER} "
            f"{'cents' if money else 'chips'} in the pot, at most "
            f"{hand_figure(RAKE_CAPS.get(players, RAKE_CAP_FULL), money)} with {players} "
            "players dealt in); a winner's amount looks cut",
            winners[-1][0],
            rule="rake-above-site-maximum",
        )
    draft.totals(None, rake, winners[-1][0])
