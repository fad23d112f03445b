"""PokerStars hand histories (cash and tournament, 2008-2013 wording) → hand records.

What it reads: the header (hand id, tournament id and buy-in, game, stakes or level, date),
the table line (name, ``N-max``, button seat), seat lines with stacks (``is sitting out``,
``out of hand``), posts (small/big blind, ``small & big blinds`` = a dead small blind plus a
live big blind, antes, ``and is all-in``), every betting action, draws (``discards N cards``,
``stands pat``; the hero's discards and ``Dealt to Hero [kept] [new]``), shows and mucks,
``collected X from pot|main pot|side pot-N``, a tournament's rebuys and add-ons (``X re-buys
and receives 1500 chips for $1.00``: chips for the table's next hand), and the summary's total
pot, each pot's figure, rake and per-seat winnings, and a tournament's places and prizes as
the site states them (``X finished the tournament in 3rd place and received $1.60.``: a claim
the ledger holds to its own places).  Chat, connection and table-movement lines are recognised
and ignored; any other line is an error naming it, so nothing is dropped silently.

Money: a cash table's amounts are cents of the currency the stakes name (the code, else the
symbol: ``($0.25/$0.50 USD)``, ``(€0.25/€0.50)``), or chips at a play-money table (stakes with
neither, ``(Play Money)`` in the table line).  A tournament's stacks are chips and its buy-in
is money of its own currency, which is the tournament's (``€1.50+€0.15 EUR``: 150 EUR); a
play-money buy-in (``100+9``) is 0, without a currency
(:func:`~.pokerstars_tournaments.buy_in_of`).

What it cannot know: other players' cards (except what they show) and their discards; the
uncalled bet (``Uncalled bet (x) returned``) is recomputed by the replay, not copied.

Games: Badugi only (PokerStars deals no Badacey/Badeucey); every other game in a file
(2-7 triple draw, the 8-game mix) is yielded as a :class:`~.common.SkippedHand`.

Why one module of this size: it holds one site's wording of a hand (its line patterns and what
each line means); what it says of a tournament beside the hand (the header's tournament, a
rebuy or add-on, a place and prize stated) is in :mod:`.pokerstars_tournaments`, and what the
sites share in :mod:`.common`, :mod:`.files` and :mod:`.draft`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..model.errors import BadugiError, ImportFormatError, Position
from ..model.events import HandRecord, Session, Show, StackChange
from ..model.limits import quote
from ..model.money import hand_figure
from ..model.settings import GameSettings, HouseRules, Structure, StructureKind
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
from .listing import Unread, stars_line_about_player
from .pokerstars_tournaments import (
    BOUGHT,
    FIGURE,
    IS_TOURNAMENT,
    TOURNAMENT,
    buy_in_of,
    stated_finish,
    tournament_session,
)
from .summary import check_summary, summary_pot, summary_seat, summary_win

ORIGIN = "pokerstars"

HAND_START = re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #(?P<id>\d+):")
_HEADER = re.compile(r"PokerStars (?:Home Game )?(?:Game|Hand) #(?P<id>\d+):\s+(?P<rest>.*)$")
_BADUGI = re.compile(r"\b(?P<game>Badugi|Badacey|Badeucey)\s+(?P<limit>Limit|Pot Limit|No Limit)\b")
_CASH_STAKES = re.compile(
    r"\((?P<cur>[$€£]?)(?P<small>[\d.,]+)/(?P<cur2>[$€£]?)(?P<big>[\d.,]+)"
    r"(?: (?P<code>[A-Z]{3}))?\)"
)
_LEVEL = re.compile(r"Level (?P<level>[IVXLC]+) \((?P<small>[\d.,]+)/(?P<big>[\d.,]+)\)")
_DATE = re.compile(r"(\d{4})/(\d{2})/(\d{2})(?: (\d{1,2}):(\d{2}):(\d{2}))?")
_TABLE = re.compile(
    r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?P<play>\(Play Money\) )?"
    r"Seat #(?P<button>\d+) is the button"
)
_SEAT = re.compile(
    r"Seat (?P<num>\d+): " + NAME + r" \((?P<stack>[$€£]?[\d.,]++) in chips(?:, [^)]*+)?\)"
    r"(?P<tail>.*)$"
)
_SUMMARY_SEAT = re.compile(r"Seat (?P<num>\d+): (?P<rest>.*)$")
_TOTAL = re.compile(
    r"Total pot (?P<pot>[$€£]?[\d.,]++)(?:\s(?P<pots>[^|]*+))?\|\s*+Rake (?P<rake>[$€£]?[\d.,]++)"
    r"(?![^\s|])"
)
_POT_FIGURES = re.compile(r"(?:(?:Main pot|Side pot(?:-\d+)?) " + FIGURE + r"\.\s*+)*+")
_POT_FIGURE = re.compile(r"(?P<words>Main pot|Side pot(?:-(?P<n>\d+))?) (?P<amt>" + FIGURE + r")\.")
_ALL_IN = " and is all-in"

_POST = re.compile(
    r"posts (?P<what>small blind|big blind|small & big blinds|the ante) "
    r"(?P<amt>[$€£]?[\d.,]++)(?P<allin> and is all-in)?$"
)
_CALL_BET = re.compile(r"(?P<verb>calls|bets) (?P<amt>[$€£]?[\d.,]++)(?P<allin> and is all-in)?$")
_RAISE = re.compile(
    r"raises (?P<by>[$€£]?[\d.,]++) to (?P<to>[$€£]?[\d.,]++)(?P<allin> and is all-in)?$"
)
_DISCARD = re.compile(r"discards (?P<n>\d) cards?(?: \[(?P<cards>[^\]]*+)\])?$")
_PAT = re.compile(r"stands pat(?: on \[(?P<cards>[^\]]*+)\])?$")
_SHOWS = re.compile(r"shows \[(?P<cards>[^\]]*+)\]")
_DEALT = re.compile(r"Dealt to " + NAME + r" \[(?P<a>[^\]]*+)\](?: \[(?P<b>[^\]]*+)\])?$")
_COLLECT = re.compile(
    NAME + r" collected (?P<amt>[$€£]?[\d.,]++) "
    r"from (?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$"
)
_UNCALLED = re.compile(r"Uncalled bet \((?P<amt>[^)]*+)\) returned to (?P<name>.+)$")
# Lines that carry nothing the ledger needs (chat, connections, table moves; an elimination
# :mod:`.pokerstars_tournaments` does not read, as of a player not seated), told by their
# endings or a phrase after the player's name (plain string tests, linear time).
_NOISE_ENDS = (
    " is connected",
    " is disconnected",
    " has timed out",
    " has timed out while disconnected",
    " has returned",
    " is sitting out",
    " leaves the table",
    " will be allowed to play after the button",
)
_NOISE_PHRASES = (
    " finished the tournament",
    " wins the tournament",
    " re-buys",
    " takes the add-on",
    " was removed from the table",
    " is feeling ",
)
_JOINS = " joins the table at seat #"


def _is_noise(line: str) -> bool:
    """A line (without trailing blanks) that carries nothing the ledger needs."""
    if line == "Betting is capped":
        return True
    if any(line.endswith(end) and len(line) > len(end) for end in _NOISE_ENDS):
        return True
    if any(line.find(phrase, 1) >= 0 for phrase in _NOISE_PHRASES):
        return True
    said = line.find(' said, "', 1)
    if said >= 0 and line.endswith('"') and len(line) > said + len(' said, "'):
        return True
    who, joins, seat = line.rpartition(_JOINS)
    return bool(joins and who and seat.isascii() and seat.isdigit())


_ABOUT_PLAYER = ("Dealt to ", "Uncalled bet ")
"""The words a line about a seated player begins with where it does not begin with his name
(:func:`~.listing.about_player`)."""

_NAMED_NOISE = {"sits out", "is sitting out", "doesn't show hand", "is connected", "has returned"}

_DRAW_SECTIONS = {"*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***"}


def read_pokerstars(lines: Iterable[str], source: str = "<pokerstars>") -> Iterator[ImportItem]:
    """Every hand of a PokerStars history (its lines, without line ends), in file order."""
    return read_cash_site(lines, HAND_START, source, _read_hand, _table_of)


def _table_of(lines: list[str]) -> str | None:
    return next((m["table"] for m in map(_TABLE.match, lines) if m), None)


def _read_hand(
    lines: list[str], start: int, source: str, cash: CashTables
) -> HandRecord | SkippedHand:
    first = lines[0].lstrip("\ufeff")
    header = _HEADER.match(first)
    pos = Position(source, start + 1, 1)
    if header is None:  # pragma: no cover - HAND_START guarantees the prefix
        raise ImportFormatError("not a PokerStars header", position=pos, rule="bad-header")
    hand_id = hand_number(header["id"], pos)
    rest = header["rest"]
    draft = HandDraft(source, hand_id, pos, ORIGIN, text="\n".join(lines).rstrip() + "\n")
    draft.landmarks.button_after = start  # the table line, which names it, follows the header
    game = _BADUGI.search(rest)
    if game is None:
        return SkippedHand(source, hand_id, _game_words(rest), pos)
    if any(line.strip() == "Hand cancelled" for line in lines):
        raise draft.error("the site cancelled this hand", rule="cancelled-hand")
    tournament = TOURNAMENT.match(rest)
    if tournament is None and IS_TOURNAMENT.match(rest):
        raise draft.error(
            f"cannot read the tournament's buy-in in {quote(rest)!r}", start, rule="bad-header"
        )
    level = _LEVEL.search(rest)
    stakes = _CASH_STAKES.search(rest) if level is None else None
    if level is None and stakes is None:
        raise draft.error("no stakes or level in the header", start, rule="bad-header")
    stake = level if level is not None else stakes
    assert stake is not None
    buy_in: int | None = None
    if tournament is not None:  # tournament chips; the buy-in is in the tournament's currency
        buy_in, currency = buy_in_of(tournament["buyin"], pos)
        money = None
    else:  # money, or chips at a play-money table (stakes with neither symbol nor code)
        assert stakes is not None
        currency = site_currency((stakes["cur"], stakes["cur2"]), stakes["code"], "the stakes", pos)
        money = currency
    # each with its symbol, which must be the hand's: a tournament's stakes are chips
    written = stake.groupdict()
    small_bet = parse_amount(written.get("cur", "") + stake["small"], currency=money, position=pos)
    big_bet = parse_amount(written.get("cur2", "") + stake["big"], currency=money, position=pos)
    date_match = _DATE.search(rest)
    date = "-".join(date_match.groups()[:3]) if date_match else None
    if date_match is not None and date_match[4] is not None:
        draft.time = header_time(*date_match.groups())

    fixed = game["limit"] == "Limit"
    draft.big_blind_hint = small_bet if fixed else big_bet
    prizes = currency if tournament is not None else None
    table, max_seats, play_at = _read_body(draft, lines, start, money, prizes)
    if play_at is not None and currency is not None:
        raise draft.error(
            f"the table line says play money, but the header's "
            f"{'buy-in' if tournament is not None else 'stakes'} are in {currency}",
            play_at,
            rule="bad-header",
        )
    settings = _settings(
        draft, game["game"].lower(), game["limit"], small_bet, big_bet, currency, max_seats
    )
    if tournament is not None:
        session = tournament_session(tournament, buy_in, currency, date, cash, pos)
    else:
        session = Session(
            kind="cash",
            name=f"PokerStars {table} {date or ''}".strip(),
            date=date,
            place="PokerStars",
        )
    record = draft.finish(settings, session, table)
    return cash.carried(table, draft, record, cash=tournament is None)


def _game_words(rest: str) -> str:
    m = TOURNAMENT.match(rest)
    words = m["game"] if m else rest
    words = re.split(r" - | \((?=[$€£]?[\d.,]+/)", words)[0]
    return words.strip()


def _read_body(
    draft: HandDraft, lines: list[str], start: int, money: str | None, prizes: str | None = None
) -> tuple[str, int, int | None]:
    """Walk the hand's lines after the header, filling the draft; returns the table, its
    size, and the line of a table line that says ``(Play Money)`` (None: it does not).
    ``money`` is the currency of the hand's amounts (None: chips); ``prizes`` that of a
    tournament's prizes (None: a play-money tournament, or a cash table)."""
    table = ""
    max_seats = 9
    play_at: int | None = None
    section = "seats"
    names: set[str] = set()
    total_seen = False
    summary_at: int | None = None
    unread = Unread(draft, cut_lines(lines, start))  # the lines that cannot be read, each listed
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.rstrip()
        index = start + offset
        if not line and type(raw) is not CutLine:
            continue
        try:
            refuse_cut(raw, draft.source, index)
            if line.startswith("*** "):
                section = _section(draft, line, index, section)
                if section == "summary" and summary_at is None:
                    summary_at = index
                continue
            if section == "seats":
                if line.startswith("Table '"):
                    m = _TABLE.match(line)
                    if m is None:
                        raise draft.error(
                            f"cannot read the table line {quote(line)!r}", index, rule="bad-line"
                        )
                    table = m["table"]
                    play_at = index if m["play"] else None
                    draft.button_seat = parse_count(m["button"], "button seat", draft.at(index))
                    max_seats = (
                        parse_count(m["max"], "table size", draft.at(index)) if m["max"] else 9
                    )
                    continue
                seat = _SEAT.match(line)
                if seat is not None:
                    tail = seat["tail"]
                    if tail.strip() not in ("", "is sitting out") and "out of hand" not in tail:
                        raise draft.error(
                            f"cannot read the seat line {quote(line)!r}", index, rule="bad-line"
                        )
                    names.add(
                        draft.add_seat_line(seat, money, index, out_of_hand="out of hand" in tail)
                    )
                    continue
            if section == "summary":
                if _read_summary_line(draft, line, index, money):
                    total_seen = True
                continue
            _read_play_line(draft, line, index, money, names, section, prizes)
        except (BadugiError, *UNREADABLE) as exc:
            about = stars_line_about_player(line, section, names, _ABOUT_PLAYER)
            unread.read_on(exc, index, about, line.startswith("*** "))
    unread.done()
    if not total_seen:
        raise draft.missing(
            "the hand has no summary (Total pot … | Rake …)",
            summary_at if summary_at is not None else last_written(lines, start),
            rule="partial-hand",
        )
    check_summary(draft, money, last_written(lines, start))
    return table, max_seats, play_at


def _section(draft: HandDraft, line: str, index: int, section: str) -> str:
    marker = line.strip()
    if marker in ("*** DEALING HANDS ***", "*** HOLE CARDS ***"):
        draft.mark_deal(index)
        return "play"
    if marker in _DRAW_SECTIONS:
        draft.new_round()
        return "draw"
    if marker in ("*** SHOW DOWN ***", "*** SHOWDOWN ***"):
        return "showdown"
    if marker == "*** SUMMARY ***":
        return "summary"
    raise draft.error(f"unknown section {quote(marker)!r}", index, rule="bad-line")


def _read_play_line(
    draft: HandDraft,
    line: str,
    index: int,
    money: str | None,
    names: set[str],
    section: str,
    prizes: str | None = None,
) -> None:
    name, sep, rest = line.partition(": ")
    said = rest
    if sep and name not in names:
        name, rest = _split_name(line, names)
    if name in names and rest:
        rest = rest.rstrip()
        if rest == "folds":
            draft.action(name, "fold", None, False, index)
            return
        if rest == "checks":
            draft.action(name, "check", None, False, index)
            return
        m = _CALL_BET.match(rest)
        if m is not None:
            verb = "call" if m["verb"] == "calls" else "bet"
            amount = parse_amount(m["amt"], currency=money, position=draft.at(index))
            draft.action(name, verb, amount, bool(m["allin"]), index)
            return
        m = _RAISE.match(rest)
        if m is not None:
            amount = parse_amount(m["to"], currency=money, position=draft.at(index))
            by = parse_amount(m["by"], currency=money, position=draft.at(index))
            raised = draft.highest()
            if amount - raised != by:  # "raises $2.50 to $0.50"
                raise draft.error(
                    f"{name} raises {hand_figure(by, money)} to {hand_figure(amount, money)}, "
                    f"but the bet to raise was {hand_figure(raised, money)}: a raise to "
                    f"{hand_figure(amount, money)} is by {hand_figure(amount - raised, money)}",
                    index,
                )
            draft.action(name, "raise", amount, bool(m["allin"]), index)
            return
        m = _POST.match(rest)
        if m is not None:
            _post(draft, name, m, index, money)
            return
        m = _DISCARD.match(rest)
        if m is not None:
            listed = (
                parse_site_cards(m["cards"], draft.at(index)) if m["cards"] is not None else None
            )
            draft.draw(name, int(m["n"]), listed, index)
            return
        m = _PAT.match(rest)
        if m is not None:
            if m["cards"] is not None and name == draft.hero:
                draft.hero_pat(parse_site_cards(m["cards"], draft.at(index)), index)
            draft.draw(name, 0, (), index)
            return
        m = _SHOWS.match(rest)
        if m is not None:
            draft.show(Show(name, parse_site_cards(m["cards"], draft.at(index))), index)
            return
        if rest == "mucks hand":
            if section == "showdown":  # elsewhere: the uncontested winner not showing
                draft.muck(name, index)
            return
        if rest in _NAMED_NOISE:
            return
        raise draft.error(f"unrecognised line {quote(line)!r}", index, rule="unrecognised-line")
    if sep and said.strip() in _NAMED_NOISE:  # an unseated player ("cuchiku: sits out")
        return
    m = _DEALT.match(line)
    if m is not None and m["name"] in names:
        first = parse_site_cards(m["a"], draft.at(index))
        if m["b"] is None and section == "play":
            draft.hero_deal(m["name"], first, index)
        elif m["b"] is None:
            draft.hero_receives((), first, index)
        else:
            draft.hero_receives(first, parse_site_cards(m["b"], draft.at(index)), index)
        return
    m = _COLLECT.match(line)
    if m is not None and m["name"] in names:
        pot = "main" if m["pot"] in ("pot", "main pot") else f"side {m['n'] or 1}"
        draft.collect(
            m["name"], parse_amount(m["amt"], currency=money, position=draft.at(index)), pot, index
        )
        return
    m = _UNCALLED.match(line)
    if m is not None and m["name"] in names:
        amount = parse_amount(m["amt"], currency=money, position=draft.at(index))
        draft.uncalled(m["name"], amount, index, money)
        return
    m = BOUGHT.match(line) if money is None else None  # tournament chips
    if m is not None and m["name"] in names:
        chips = parse_amount(m["chips"], currency=None, position=draft.at(index))
        rebuy = m["what"] == "re-buys"
        draft.added.append(StackChange(m["name"], chips, "rebuy" if rebuy else "add-on"))
        return
    if money is None and stated_finish(draft, line, index, names, prizes):
        return
    if _is_noise(line):
        _note_leaving(draft, line)
        return
    raise draft.error(f"unrecognised line {quote(line)!r}", index, rule="unrecognised-line")


def _note_leaving(draft: HandDraft, line: str) -> None:
    """A player leaving or joining the table: their stack does not carry to the next hand."""
    if line.endswith(" leaves the table"):
        draft.left.add(line[: -len(" leaves the table")])
    who, joins, _ = line.rpartition(_JOINS)
    if joins:
        draft.left.add(who)


def _split_name(line: str, names: set[str]) -> tuple[str, str]:
    """For names that contain ``: `` themselves: the longest seated name the line starts with."""
    for name in sorted(names, key=len, reverse=True):
        if line.startswith(name + ": "):
            return name, line[len(name) + 2 :]
    return "", ""


def _post(draft: HandDraft, name: str, m: re.Match[str], index: int, money: str | None) -> None:
    amount = parse_amount(m["amt"], currency=money, position=draft.at(index))
    all_in = bool(m["allin"])
    what = m["what"]
    if what == "small blind":
        draft.post(name, "small-blind", amount, all_in, index)
    elif what == "big blind":
        draft.post(name, "big-blind", amount, all_in, index)
    elif what == "the ante":
        draft.post(name, "ante", amount, all_in, index, live=False)
    else:  # small & big blinds: the small blind is dead money, the big blind is live
        big = draft.big_blind_hint or amount
        dead = amount - big
        if dead > 0:
            draft.post(name, "dead", dead, False, index, live=False)
        draft.post(name, "big-blind", min(big, amount), all_in, index)


def _read_summary_line(draft: HandDraft, line: str, index: int, money: str | None) -> bool:
    """Summary lines: the total pot and rake, and each seat's winnings.  True for the total."""
    pos = draft.at(index)
    m = _TOTAL.match(line)
    if m is not None:
        pot = parse_amount(m["pot"], currency=money, position=pos)
        rake = parse_amount(m["rake"], currency=money, position=pos)
        draft.totals(pot, rake, index)
        pots = (m["pots"] or "").strip()
        if _POT_FIGURES.fullmatch(pots) is None:
            raise draft.error(
                f"unrecognised summary line {quote(line)!r}: between the total and the rake the "
                "site writes each pot as `Main pot X.` and `Side pot-N X.`",
                index,
                rule="unrecognised-line",
            )
        for p in _POT_FIGURE.finditer(pots):
            name = "main" if p["words"] == "Main pot" else f"side {p['n'] or 1}"
            amount = parse_amount(p["amt"], currency=money, position=pos)
            summary_pot(draft, name, p["words"].lower(), amount, index)
        return True
    m = _SUMMARY_SEAT.match(line)
    if m is not None:
        name, after = summary_seat(draft, parse_count(m["num"], "seat", pos), m["rest"], index)
        won = won_amount(after)
        if won is not None:
            summary_win(draft, name, parse_amount(won, currency=money, position=pos), index)
        return False
    if line.startswith("Board ") or _is_noise(line):
        return False
    raise draft.error(f"unrecognised summary line {quote(line)!r}", index, rule="unrecognised-line")


def _settings(
    draft: HandDraft,
    game: str,
    limit: str,
    small_bet: int,
    big_bet: int,
    currency: str | None,
    max_seats: int,
) -> GameSettings:
    kind: StructureKind = {
        "Limit": "fixed-limit",
        "Pot Limit": "pot-limit",
        "No Limit": "no-limit",
    }[limit]  # type: ignore[assignment]
    small_blind = draft.posted("small-blind")
    big_blind = draft.posted("big-blind")
    ante = draft.posted("ante") or 0
    if big_blind is None:
        big_blind = draft.big_blind_hint or small_bet
    if small_blind is None:
        small_blind = big_blind // 2
    if not 2 <= max_seats <= 9:
        raise draft.error(
            f"a {max_seats}-max table is beyond the 2-9 seats we accept", rule="table-size"
        )
    with draft.settings_from_posts():
        structure = (
            Structure(kind, small_bet, big_bet) if kind == "fixed-limit" else Structure(kind)
        )
        return GameSettings(
            game=game,  # type: ignore[arg-type]
            structure=structure,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            rake=None,
            house=HouseRules(max_seats=max_seats),
            currency=currency,
        )
