"""Full Tilt Poker hand histories (cash, 2010-2013; UTF-16 or ASCII; the archive format).

What it reads: the header (``Full Tilt Poker Game #…`` or the archive's ``FullTiltPoker``
spelling, table, stakes, game, date), seat lines with stacks, posts (``posts the small blind
of``, ``posts the big blind of``, a new player's ``posts $2.50``, ``posts a dead small blind
of``, ``antes``), betting (``raises to`` totals, ``calls``, ``, and is all in``), draws
(``discards N cards``, the hero's ``discards 1 card [7s]`` and ``Dealt to Hero [kept] [new]``,
``stands pat``), each draw's pot and players still in (held to the lines before it), shows,
mucks, ``wins the pot (x)``, the summary's total pot and rake and each seat's winnings.  Full
Tilt tops cash stacks up between hands (``X adds $1``, or silently): the difference is recorded
as a ``StackChange``; a stack that fell is refused (see :mod:`.carry`).

What it cannot know: other players' cards (except shown) and their discards.  A ``(partial)``
hand, which has only a summary, is reported with rule ``partial-hand``.

Money: the stakes' symbol names the currency (``$0.10/$0.20``: USD) and amounts become its
cents; stakes without a symbol (``10/20``) are a play-money table, whose amounts are chips and
whose game has no currency.

Games: Badugi; every other game of a mixed file is a :class:`~.common.SkippedHand`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..model.errors import BadugiError, Position
from ..model.events import Action, Draw, HandRecord, Session, Show, StackChange
from ..model.limits import quote
from ..model.money import hand_figure
from ..model.settings import GameSettings, HouseRules, Structure
from .carry import CashTables, read_cash_site
from .common import (
    ImportItem,
    SkippedHand,
    hand_number,
    header_time,
    parse_amount,
    parse_count,
    parse_site_cards,
    site_currency,
)
from .draft import HandDraft
from .files import NAME, UNREADABLE, CutLine, cut_lines, last_written, refuse_cut, won_amount
from .listing import Unread, about_player
from .summary import check_summary, summary_seat, summary_win

ORIGIN = "fulltilt"

HAND_START = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+):")
_HEADER = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<rest>.*)$")
_STAKES = re.compile(
    r"(?P<cur>[$€£]?)(?<![\d.,])(?P<small>[\d.,]++)/(?P<cur2>[$€£]?)(?P<big>[\d.,]++)"
)
_GAME = re.compile(r"\b(?P<limit>Limit|FL|Pot Limit|PL|No Limit|NL) (?P<game>Badugi)\b")
_DATE = re.compile(r"(\d{4})/(\d{2})/(\d{2})")
_TIME = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) \w+ - (\d{4})/(\d{2})/(\d{2})")
_ADDS = re.compile(NAME + r" adds (?P<amt>[$€£]?[\d.,]++)$")
_MOVES = re.compile(NAME + r" (?:stands up|sits down)$")
_SEAT = re.compile(r"Seat (?P<num>\d+): " + NAME + r" \((?P<stack>[$€£]?[\d.,]++)\)(?P<tail>.*)$")
_BUTTON = re.compile(r"The button is in seat #(?P<seat>\d+)$")
_AMOUNT = r"[$€£]?\d(?:[\d.]|,(?=\d))*+"
"""An amount as the site writes it (``$0.10``, ``1,500``): a comma only between digits, so that
``calls 25, and is all in`` reads 25 and the words after it."""
_POST = re.compile(
    NAME + r" (?:posts (?P<what>the small blind of|the big blind of|a dead small blind of|) ?"
    r"|(?P<ante>antes) )(?P<amt>" + _AMOUNT + r")(?P<allin>, and is all in)?$"
)
_ACTION = re.compile(
    NAME + r" (?P<verb>folds|checks|calls|bets|raises to)(?: (?P<amt>" + _AMOUNT + r"))?"
    r"(?P<allin>, and is all in)?$"
)
_DISCARD = re.compile(NAME + r" discards (?P<n>\d) cards?(?: \[(?P<cards>[^\]]*+)\])?$")
_PAT = re.compile(NAME + r" stands pat(?: on \[(?P<cards>[^\]]*+)\])?$")
_IS_DEALT = re.compile(NAME + r" is dealt (?P<n>\d) cards?$")
_DEALT = re.compile(r"Dealt to " + NAME + r" \[(?P<a>[^\]]*+)\](?: \[(?P<b>[^\]]*+)\])?$")
_SHOWS = re.compile(NAME + r" shows \[(?P<cards>[^\]]*+)\]")
_MUCKS = re.compile(NAME + r" mucks$")
_WINS = re.compile(
    NAME + r" (?:wins|ties for) the (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)"
    r" \((?P<amt>[^)]++)\)"
)
_UNCALLED = re.compile(r"Uncalled bet of (?P<amt>\S++) returned to (?P<name>.+)$")
_TOTAL = re.compile(
    r"Total pot (?P<pot>[$€£]?[\d.,]++)(?:\s[^|]*+)?\|\s*+Rake (?P<rake>[$€£]?[\d.,]++)(?![^\s|])"
)
_STREET_POT = re.compile(
    r"\((?P<words>Pot|Total Pot): (?P<amt>[^\s,)]++(?:,\d++)*+)"
    r"(?:, (?P<players>\d+) Players?)?(?:, (?P<all_in>\d+) All-In)?\)$"
)
"""The pot a draw's line states (``(Pot: $0.70)``, ``(Total Pot: $0.45, 2 Players)``,
``(Total Pot: 130, 2 Players, 1 All-In)``): the chips in so far, and who is still in."""
_ABOUT_PLAYER = ("Dealt to ", "Uncalled bet of ")
"""The words a line about a seated player begins with where it does not begin with his name
(:func:`~.listing.about_player`)."""
_DRAWS = ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)$")
_DURATION = re.compile(r"Duration \d+s$")
"""How long the hand took, the first line of a 2010-2011 summary (``Duration 24s``)."""
_NOISE = re.compile(
    r"(?:.+ has \d+ seconds left to act|\d+ seconds left to act|.+ has requested TIME"
    r"|.+ has been disconnected|.+ has reconnected|.+ is sitting out|.+ has returned"
    r"|.+ sits down|.+ stands up|.+ is dealt \d cards?|.+ adds [$€£]?[\d.,]+"
    r"|.+ is feeling \w+|.+ has timed out|.+ will be allowed to play.*|.+ seconds left to act"
    r"|\*{5,} # \d+ \*{5,})\s*$"
)


def read_fulltilt(lines: Iterable[str], source: str = "<fulltilt>") -> Iterator[ImportItem]:
    """Every hand of a Full Tilt history, in file order; top-ups carry to the next hand."""
    return read_cash_site(lines, HAND_START, source, _read_hand, _table_of, _NOISE.match)


def _table_of(lines: list[str]) -> str | None:
    header = _HEADER.match(lines[0].lstrip("\ufeff"))
    return _table(header["rest"])[0] if header is not None else None


def _table(rest: str) -> tuple[str | None, int | None]:
    """The table name and size from the header after the hand number:
    ``Table Lambie Dew 1 (6 max) - $0.10/$0.20 - …`` gives ``("Lambie Dew 1", 6)``; other
    parentheses after the name (``(heads up)``, ``(deep)``) are dropped."""
    part = rest.split(" - ", 1)[0]
    if not part.startswith("Table ") or " - " not in rest:
        return None, None
    end = len(part)
    size: int | None = None
    while end > 6 and part.endswith(")", 0, end):
        opening = part.rfind(" (", 6, end)
        if opening < 0:
            break
        inside = part[opening + 2 : end - 1]
        number, blank, word = inside.partition(" ")
        if size is None and blank and word == "max" and number.isascii() and number.isdigit():
            size = int(number) if len(number) <= 2 else 0
        end = opening
    return part[6:end], size


def _read_hand(
    lines: list[str], start: int, source: str, cash: CashTables
) -> HandRecord | SkippedHand:
    header = _HEADER.match(lines[0].lstrip("\ufeff"))
    pos = Position(source, start + 1, 1)
    assert header is not None
    hand_id, rest = hand_number(header["id"], pos), header["rest"]
    table_name, table_size = _table(rest)
    table = table_name or ""
    draft = HandDraft(source, hand_id, pos, ORIGIN, text="\n".join(lines).rstrip() + "\n")
    game = _GAME.search(rest)
    if game is None:
        parts = [p.strip() for p in rest.split(" - ")]
        words = next((p for p in parts[1:] if not _STAKES.match(p)), rest)
        return SkippedHand(source, hand_id, words, pos)
    if "(partial)" in rest:
        raise draft.error(
            "a partial hand: the site kept only its summary", start, rule="partial-hand"
        )
    if re.search(r"Tournament|Sit & Go|\bSNG\b", rest):
        raise draft.error(
            "Full Tilt tournament hands are not read (no sample to build from)",
            start,
            rule="unsupported-format",
        )
    stakes = _STAKES.search(rest.split(" - ", 1)[1] if " - " in rest else rest)
    if stakes is None:
        raise draft.error("no stakes in the header", start, rule="bad-header")
    # money in the stakes' currency, or play chips (stakes without a currency symbol)
    currency = site_currency((stakes["cur"], stakes["cur2"]), None, "the stakes", pos)
    small_bet = parse_amount(stakes["small"], currency=currency, position=pos)
    big_bet = parse_amount(stakes["big"], currency=currency, position=pos)
    limit = game["limit"]
    fixed = limit in ("Limit", "FL")
    draft.big_blind_hint = small_bet if fixed else big_bet
    date_match = _DATE.search(rest)
    date = "-".join(date_match.groups()) if date_match else None
    time_match = _TIME.search(rest)
    if time_match is not None:
        hour, minute, second, year, month, day = time_match.groups()
        draft.time = header_time(year, month, day, hour, minute, second)
    max_seats = table_size if table_size is not None else 9

    _read_body(draft, lines, start, currency)

    small_blind = draft.posted("small-blind")
    big_blind = draft.posted("big-blind") or draft.big_blind_hint
    with draft.settings_from_posts():
        structure = (
            Structure("fixed-limit", small_bet, big_bet)
            if fixed
            else Structure("pot-limit" if limit in ("Pot Limit", "PL") else "no-limit")
        )
        settings = GameSettings(
            game="badugi",
            structure=structure,
            small_blind=small_blind if small_blind is not None else big_blind // 2,
            big_blind=big_blind,
            ante=draft.posted("ante") or 0,
            rake=None,
            house=HouseRules(max_seats=max(2, min(max_seats, 9))),
            currency=currency,
        )
    session = Session(
        kind="cash",
        name=f"Full Tilt {table} {date or ''}".strip(),
        date=date,
        place="Full Tilt Poker",
    )
    record = draft.finish(settings, session, table)
    return cash.carried(table, draft, record)


def _read_body(draft: HandDraft, lines: list[str], start: int, money: str | None) -> None:
    """Walk the hand's lines after the header, filling the draft; ``money`` is the currency of
    its amounts (None: play chips)."""
    section = "seats"
    names: set[str] = set()
    total_seen = False
    summary_at: int | None = None
    draw_from: int | None = None  # the first event of the draw being read (None: no draw)
    dealt: set[str] = set()  # the players the draw being read has dealt to
    unread = Unread(draft, cut_lines(lines, start))  # the lines that cannot be read, each listed
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.rstrip()
        index = start + offset
        pos = draft.at(index)
        if not line and type(raw) is not CutLine:
            continue
        try:
            refuse_cut(raw, draft.source, index)
            if line.startswith("*** "):
                marker = line.split(" ***")[0] + " ***"
                if marker == "*** HOLE CARDS ***":
                    # the site names the button on the line before the cards
                    draft.landmarks.button_after = last_written(lines, start, offset)
                    draft.mark_deal(index)
                    section = "play"
                elif marker in _DRAWS:  # its section begins, then its words are read
                    draft.new_round()
                    draw_from = len(draft.events)
                    dealt = set()
                    section = "draw"
                    _street_pot(draft, line[len(marker) :].strip(), marker, index, money)
                elif marker in ("*** SHOW DOWN ***", "*** SHOWDOWN ***"):
                    draw_from = None
                    section = "showdown"
                elif marker == "*** SUMMARY ***":
                    section = "summary"
                    summary_at = index if summary_at is None else summary_at
                else:
                    raise draft.error(f"unknown section {quote(line)!r}", index, rule="bad-line")
                continue
            if section == "summary":
                total_seen |= _summary_line(draft, line, index, money)
                continue
            if section == "seats":
                seat = _SEAT.match(line)
                if seat is not None:
                    names.add(draft.add_seat_line(seat, money, index))
                    continue
                m = _BUTTON.match(line)
                if m is not None:
                    draft.button_seat = parse_count(m["seat"], "button seat", pos)
                    continue
            m = _UNCALLED.match(line)
            if m is not None and m["name"] in names:
                amount = parse_amount(m["amt"], currency=money, position=pos)
                draft.uncalled(m["name"], amount, index, money)
                continue
            if _play_line(draft, line, index, names, section, money):
                continue
            m = _IS_DEALT.match(line)
            if m is not None and m["name"] not in names and draw_from is not None:
                # the site serves a draw to the players of the hand only: a name no seat has is
                # a line edited (a chat line says "NAME: …")
                raise draft.error(
                    f"the site deals {m['name']} {m['n']} card{'' if m['n'] == '1' else 's'}, but "
                    f"no seat of the hand is {m['name']}'s",
                    index,
                )
            if m is not None and m["name"] in names:
                if m["name"] in dealt:
                    raise draft.error(f"the site deals {m['name']} cards twice in this draw", index)
                _dealt_count(draft, m["name"], int(m["n"]), draw_from, index)
                dealt.add(m["name"])
                continue
            m = _ADDS.match(line)
            if m is not None and m["name"] in names:
                amount = parse_amount(m["amt"], currency=money, position=pos)
                draft.added.append(StackChange(m["name"], amount, "top-up"))
                continue
            m = _MOVES.match(line)
            if m is not None:
                draft.left.add(m["name"])
                continue
            if _NOISE.match(line):
                continue
            name, sep, _ = line.partition(": ")
            if sep and name in names:  # chat: "allie3911: OMG"
                continue
            raise draft.error(f"unrecognised line {quote(line)!r}", index, rule="unrecognised-line")
        except (BadugiError, *UNREADABLE) as exc:
            marked = line.startswith("*** ")
            # a draw's line begins its section before its words (the pot) are read (not one
            # too long to be read at all)
            begun = marked and type(raw) is not CutLine and line.split(" ***")[0] + " ***" in _DRAWS
            about = begun or (
                not marked and (section == "summary" or about_player(line, names, _ABOUT_PLAYER))
            )
            unread.read_on(exc, index, about, marked and not begun)
    unread.done()
    if not total_seen:
        raise draft.missing(
            "the hand has no summary (Total pot … | Rake …)",
            summary_at if summary_at is not None else last_written(lines, start),
            rule="partial-hand",
        )
    check_summary(draft, money, last_written(lines, start))


def _street_pot(draft: HandDraft, text: str, marker: str, index: int, money: str | None) -> None:
    """A draw's line after its name (``text``) states the pot, and in the 2013 wording how many
    players are still in: the site's claims of the hand so far, held to its lines before it.
    The pot is every chip put in less the uncalled bets returned (the site returns them before
    the draw's line); the players are those who did something in the hand and have not folded
    (by the draw every player dealt in has posted or acted), of whom the ``All-In`` ones are
    those a post or action called all-in.  Any other words there are not the site's."""
    if not text:
        return
    street = marker.strip("* ").lower()
    m = _STREET_POT.match(text)
    if m is None:
        raise draft.error(
            f"unrecognised words after the {street}: {quote(text)!r}",
            index,
            rule="unrecognised-line",
        )
    stated = parse_amount(m["amt"], currency=money, position=draft.at(index))
    pot = sum(draft.total_committed.values()) - sum(draft.returned.values())
    if stated != pot:
        raise draft.error(
            f"the site says the pot is {hand_figure(stated, money)} at the {street}, but the "
            f"hand's lines before it put {hand_figure(pot, money)} in",
            index,
        )
    still_in = draft.active - _folded(draft)
    for written, who, what in (
        (m["players"], still_in, "still in"),
        (m["all_in"], still_in & draft.all_in, "all-in"),
    ):
        count = None if written is None else parse_count(written, "players", draft.at(index))
        if count is not None and count != len(who):
            players = "1 player is" if count == 1 else f"{count} players are"
            raise draft.error(
                f"the site says {players} {what} at the {street}, but the hand's lines before "
                f"it leave {len(who)} ({', '.join(sorted(who)) or 'none'})",
                index,
            )


def _folded(draft: HandDraft) -> set[str]:
    """The players the hand's lines so far show folding."""
    return {e.player for e in draft.events if type(e) is Action and e.verb == "fold"}


def _dealt_count(
    draft: HandDraft, player: str, count: int, draw_from: int | None, index: int
) -> None:
    """``X is dealt N cards``: the site serving a player the cards he asked for in this draw
    (from the event ``draw_from`` on; None: no draw is being read).  It follows his
    ``discards N cards`` (every one of the corpus's 163 such lines does, with his count), so a
    count that differs, a player who has not drawn yet, or one who folded is the file
    contradicting itself."""
    card_s = "card" if count == 1 else "cards"
    if player in _folded(draft):
        raise draft.error(f"the site deals {player} {count} {card_s} after {player} folded", index)
    drawn = None
    if draw_from is not None:
        drawn = next(
            (
                e
                for e in reversed(draft.events[draw_from:])
                if type(e) is Draw and e.player == player
            ),
            None,
        )
    if drawn is None:
        raise draft.error(
            f"the site deals {player} {count} {card_s} before {player} discards in this draw",
            index,
        )
    if len(drawn.discards) != count:
        raise draft.error(
            f"the site deals {player} {count} {card_s} after {player} discards "
            f"{len(drawn.discards)}",
            index,
        )


def _play_line(
    draft: HandDraft, line: str, index: int, names: set[str], section: str, money: str | None
) -> bool:
    pos = draft.at(index)
    m = _ACTION.match(line)
    if m is not None and m["name"] in names:
        verb = {
            "folds": "fold",
            "checks": "check",
            "calls": "call",
            "bets": "bet",
            "raises to": "raise",
        }[m["verb"]]
        amount = parse_amount(m["amt"], currency=money, position=pos) if m["amt"] else None
        if (amount is None) != (verb in ("fold", "check")):
            raise draft.error(f"cannot read the action {quote(line)!r}", index, rule="bad-line")
        draft.action(m["name"], verb, amount, bool(m["allin"]), index)
        return True
    m = _POST.match(line)
    if m is not None and m["name"] in names:
        amount = parse_amount(m["amt"], currency=money, position=pos)
        all_in = bool(m["allin"])
        if m["ante"]:
            draft.post(m["name"], "ante", amount, all_in, index, live=False)
        elif m["what"] == "the small blind of":
            draft.post(m["name"], "small-blind", amount, all_in, index)
        elif m["what"] == "a dead small blind of":
            draft.post(m["name"], "dead", amount, all_in, index, live=False)
        else:  # the big blind, or a new player's live post of a big blind
            draft.post(m["name"], "big-blind", amount, all_in, index)
        return True
    m = _DISCARD.match(line)
    if m is not None and m["name"] in names:
        listed = parse_site_cards(m["cards"], pos) if m["cards"] is not None else None
        draft.draw(m["name"], int(m["n"]), listed, index)
        return True
    m = _PAT.match(line)
    if m is not None and m["name"] in names:
        if m["cards"] is not None and m["name"] == draft.hero:  # the hero's, as PokerStars
            draft.hero_pat(parse_site_cards(m["cards"], pos), index)
        draft.draw(m["name"], 0, (), index)
        return True
    m = _DEALT.match(line)
    if m is not None and m["name"] in names:
        first = parse_site_cards(m["a"], pos)
        if m["b"] is None and section == "play":
            draft.hero_deal(m["name"], first, index)
        elif m["b"] is None:
            draft.hero_receives((), first, index)
        else:
            draft.hero_receives(first, parse_site_cards(m["b"], pos), index)
        return True
    m = _SHOWS.match(line)
    if m is not None and m["name"] in names:
        draft.show(Show(m["name"], parse_site_cards(m["cards"], pos)), index)
        return True
    m = _MUCKS.match(line)
    if m is not None and m["name"] in names:
        # Outside a showdown "X mucks" is the uncontested winner not showing: nothing happened.
        if section == "showdown":
            draft.muck(m["name"], index)
        return True
    m = _WINS.match(line)
    if m is not None and m["name"] in names:
        pot = "main" if m["pot"] in ("pot", "main pot") else f"side {m['n'] or 1}"
        draft.collect(m["name"], parse_amount(m["amt"], currency=money, position=pos), pot, index)
        return True
    return False


def _summary_line(draft: HandDraft, line: str, index: int, money: str | None) -> bool:
    pos = draft.at(index)
    m = _TOTAL.match(line)
    if m is not None:
        draft.totals(
            parse_amount(m["pot"], currency=money, position=pos),
            parse_amount(m["rake"], currency=money, position=pos),
            index,
        )
        return True
    m = _SUMMARY_SEAT.match(line)
    if m is not None:
        name, after = summary_seat(draft, parse_count(m["num"], "seat", pos), m["rest"], index)
        won = won_amount(after)
        if won is not None:
            summary_win(draft, name, parse_amount(won, currency=money, position=pos), index)
        return False
    if line.startswith("Board") or _NOISE.match(line) or _DURATION.match(line):
        return False
    raise draft.error(f"unrecognised summary line {quote(line)!r}", index, rule="unrecognised-line")
