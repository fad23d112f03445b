"""KingsClub hand histories (2020-2021): Badugi, Badacey and Badeucey.

What it reads: ``#40201390: Limit Badacey - 22/44`` (hand id, game, small/big bet), the date
line, ``Table 'name' Seat 1 is the button``, seats with stacks (``2,666.24``), the betting
rounds (antes, blinds, ``raises to``; KingsClub's ``calls 44`` is the caller's *total* for the
round, turned here into the chips put in), draws (``draws 2``, ``stands pat``, the hero's
``discards [7h Qc] draws [2h 9s]``), shows, and the summary: every seat's final stack and net
result, the rake, and ``wins (168) from pot``.

Dead blinds: KingsClub prints ``posts blind 44`` for a player posting to come in, but that post
costs the big blind *plus* a dead small blind it never prints (corpus: ``posts blind 44`` costs
66).  The importer takes each seat's net from the summary: whatever a player lost beyond the
chips the printed actions account for is recorded as a ``Post(kind="dead")`` of that amount,
only for a player who posted such a blind; anything else that does not add up is an error.
A bet nobody called goes back without a line saying so: it is found in each betting round,
and ``wins pot (X)`` is read with or without it, whichever accounts for the nets
(:func:`_settle_nets`).  The summary's final stacks become ``FinalStack`` events the replay
checks.

Amounts are money (dollars with cents: ``5.50``) and become cents (``currency="USD"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..model.errors import BadugiError, Position
from ..model.events import Collect, Event, FinalStack, HandRecord, Post, Session, Show
from ..model.games import GAMES, GameName
from ..model.limits import quote
from ..model.money import hand_figure
from ..model.settings import GameSettings, HouseRules, Structure
from .common import (
    ImportItem,
    SkippedHand,
    hand_number,
    parse_amount,
    parse_count,
    parse_site_cards,
)
from .draft import HandDraft, of_hand
from .files import (
    NAME,
    UNREADABLE,
    CutLine,
    chunk_hands,
    cut_lines,
    first_cut,
    last_written,
    refuse_cut,
    unreadable,
)
from .listing import Unread, stars_line_about_player
from .summary import not_named, seated_at

ORIGIN = "kingsclub"
CURRENCY = "USD"
"""KingsClub's amounts are dollars, written without a symbol."""

HAND_START = re.compile(r"#(?P<id>\d+): .+ - [\d.,]++/[\d.,]++\s*$")
_HEADER = re.compile(r"#(?P<id>\d+): (?P<game>.+) - (?P<small>[\d.,]++)/(?P<big>[\d.,]++)$")
_GAMES: dict[str, GameName] = {
    "Limit Badugi": "badugi",
    "Limit Badacey": "badacey",
    "Limit Badeucey": "badeucey",
}
_DATE = re.compile(r"(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$")
_TABLE = re.compile(r"Table '(?P<table>.*)' Seat (?P<button>\d+) is the button$")
_SEAT = re.compile(r"Seat (?P<num>\d+): " + NAME + r" \((?P<stack>[\d.,]++)\)$")
_POST = re.compile(
    NAME + r": posts (?P<what>ante|the small blind|the big blind|blind) (?P<amt>[\d.,]++)$"
)
_ACTION = re.compile(NAME + r" (?P<verb>folds|checks|calls|bets|raises to)(?: (?P<amt>[\d.,]++))?$")
_DEALT = re.compile(r"Dealt to " + NAME + r": \[(?P<cards>[^\]]*+)\]$")
_DRAWS = re.compile(NAME + r" draws (?P<n>\d)$")
_SWAP = re.compile(NAME + r" discards \[(?P<out>[^\]]*+)\] draws \[(?P<in>[^\]]*+)\]$")
_PAT = re.compile(NAME + r" stands pat$")
_SHOWS = re.compile(NAME + r" shows \[(?P<cards>[^\]]*+)\]$")
_MUCKS = re.compile(NAME + r" mucks(?: hand)?$")
_SUMMARY_SEAT = re.compile(
    r"Seat (?P<num>\d+): " + NAME + r" \((?P<stack>[\d.,]++)\) (?P<net>[+-]?[\d.,]++)$"
)
_RAKE = re.compile(r"Rake (?P<amt>[\d.,]++)$")
_WINS = re.compile(
    NAME + r" wins (?:\((?P<a>[\d.,]++)\) from (?:the )?pot|pot \((?P<b>[\d.,]++)\))$"
)
_ABOUT_PLAYER = ("Dealt to ",)
"""The words a line about a seated player begins with where it does not begin with his name
(:func:`~.listing.about_player`)."""
_ROUND = re.compile(r"\*\*\* (?:\d)(?:ST|ND|RD|TH) (?P<what>BETTING ROUND|DRAW) \*\*\*")


def read_kingsclub(lines: Iterable[str], source: str = "<kingsclub>") -> Iterator[ImportItem]:
    """Every hand of a KingsClub history, in file order."""
    for start, hand_lines, too_long, hand_id in chunk_hands(lines, HAND_START, source):
        problem: BadugiError
        if too_long is not None:
            problem = too_long
        else:
            try:
                item = _read_hand(hand_lines, start, source)
            except BadugiError as exc:
                problem = exc
            except UNREADABLE as exc:
                problem = unreadable(exc, source, start + 1)
            else:
                cut = isinstance(item, SkippedHand) and first_cut(hand_lines, start, source)
                if not cut:  # (a line too long, in a hand not read: reported all the same)
                    yield item
                    continue
                problem = cut
        yield of_hand(problem, hand_id, source, start)


def _read_hand(lines: list[str], start: int, source: str) -> HandRecord | SkippedHand:
    header = _HEADER.match(lines[0].strip().lstrip("\ufeff"))
    pos = Position(source, start + 1, 1)
    assert header is not None
    hand_id = hand_number(header["id"], pos)
    game = _GAMES.get(header["game"].strip())
    if game is None:
        return SkippedHand(source, hand_id, header["game"].strip(), pos)
    draft = HandDraft(source, hand_id, pos, ORIGIN, text="\n".join(lines).rstrip() + "\n")
    draft.hand_size = GAMES[game].hand_size
    small_bet = parse_amount(header["small"], currency=CURRENCY, position=pos)
    big_bet = parse_amount(header["big"], currency=CURRENCY, position=pos)
    draft.big_blind_hint = small_bet
    draft.landmarks.button_after = (
        start  # the table line, which names it, follows the header and date
    )
    summary = _Summary()
    table, date, came_in, uncalled = _read_body(draft, lines, start, summary)
    _settle_nets(draft, summary, came_in, uncalled)
    _check_finals(draft, summary)
    if summary.rake is not None:
        draft.totals(None, summary.rake, summary.rake_line)
    for name, amount in summary.finals.items():
        draft.put(FinalStack(name, amount), draft.at(summary.lines[name]))
    with draft.settings_from_posts():
        settings = GameSettings(
            game=game,
            structure=Structure("fixed-limit", small_bet, big_bet),
            small_blind=draft.posted("small-blind") or small_bet // 2,
            big_blind=draft.posted("big-blind") or small_bet,
            ante=draft.posted("ante") or 0,
            rake=None,
            house=HouseRules(),
            currency=CURRENCY,
        )
    session = Session(
        kind="cash", name=f"KingsClub {table} {date or ''}".strip(), date=date, place="KingsClub"
    )
    return draft.finish(settings, session, table)


class _Summary:
    """What a hand's summary says: each seat's final stack and net, and the rake, with the line
    (0-based) that says it, so an error about a seat's figures points at its summary line."""

    def __init__(self) -> None:
        self.finals: dict[str, int] = {}
        self.nets: dict[str, int] = {}
        self.lines: dict[str, int] = {}
        self.rake: int | None = None
        self.rake_line = 0


def _read_body(
    draft: HandDraft, lines: list[str], start: int, summary: _Summary
) -> tuple[str, str | None, set[str], dict[str, int]]:
    """Walk the hand's lines after the header, filling the draft and ``summary``; returns the
    table, the date, the players who posted to come in and the bets nobody called
    (:func:`_uncalled`)."""
    table = ""
    date: str | None = None
    section = "seats"
    names: set[str] = set()
    finals = summary.finals
    nets = summary.nets
    came_in: set[str] = set()
    uncalled: dict[str, int] = {}
    summary_at: int | None = None
    unread = Unread(draft, cut_lines(lines, start))  # the lines that cannot be read, each listed
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.strip()
        index = start + offset
        pos = draft.at(index)
        if not line and type(raw) is not CutLine:
            continue
        try:
            refuse_cut(raw, draft.source, index)
            if line == "*** SUMMARY ***":
                section = "summary"
                summary_at = index if summary_at is None else summary_at
                continue
            m = _ROUND.match(line)
            if m is not None:
                if m["what"] == "BETTING ROUND":
                    _uncalled(draft, uncalled)
                    draft.new_round()
                    section = "play"
                continue
            if section == "seats":
                if (d := _DATE.match(line)) is not None:
                    date = d[1]
                    draft.landmarks.button_after = index
                    continue
                if (t := _TABLE.match(line)) is not None:
                    table = t["table"]
                    draft.button_seat = parse_count(t["button"], "button seat", pos)
                    continue
                if (s := _SEAT.match(line)) is not None:
                    names.add(draft.add_seat_line(s, CURRENCY, index))
                    continue
            if section == "summary":
                if (s := _SUMMARY_SEAT.match(line)) is not None:
                    _summary_seat(draft, parse_count(s["num"], "seat", pos), s["name"], line, index)
                    finals[s["name"]] = parse_amount(s["stack"], currency=CURRENCY, position=pos)
                    nets[s["name"]] = parse_amount(
                        s["net"], currency=CURRENCY, position=pos, signed=True
                    )
                    summary.lines[s["name"]] = index
                    continue
                if (r := _RAKE.match(line)) is not None:
                    summary.rake = parse_amount(r["amt"], currency=CURRENCY, position=pos)
                    summary.rake_line = index
                    continue
                if (w := _WINS.match(line)) is not None and w["name"] in names:
                    draft.collect(
                        w["name"],
                        parse_amount(w["a"] or w["b"], currency=CURRENCY, position=pos),
                        None,  # "from pot": the site never says which
                        index,
                    )
                    continue
                raise draft.error(
                    f"unrecognised summary line {quote(line)!r}", index, rule="unrecognised-line"
                )
            if _play_line(draft, line, index, names, came_in):
                continue
            raise draft.error(f"unrecognised line {quote(line)!r}", index, rule="unrecognised-line")
        except (BadugiError, *UNREADABLE) as exc:
            about = stars_line_about_player(line, section, names, _ABOUT_PLAYER)
            unread.read_on(exc, index, about, line.startswith("*** "))
    unread.done()
    if not finals:
        raise draft.missing(
            "the hand has no summary of stacks",
            summary_at if summary_at is not None else last_written(lines, start),
            rule="partial-hand",
        )
    for name, index in summary.lines.items():
        if name not in names:
            raise draft.error(
                f"the summary names {name}, who has no seat in this hand", index, "corrupt-hand"
            )
    unsummed = [seat.name for seat in draft.seats if seat.name not in finals]
    if unsummed:  # the site prints every seat's line: a summary cut short (its winner's too?)
        raise draft.missing(
            f"the hand's summary gives no final stack and net for {', '.join(unsummed)} (the "
            "site prints every seat's, then the rake and who wins: the hand is cut short)",
            last_written(lines, start),
            rule="partial-hand",
        )
    _uncalled(draft, uncalled)
    return table, date, came_in, uncalled


def _summary_seat(draft: HandDraft, number: int, name: str, line: str, index: int) -> None:
    """A summary line names seat ``number`` and its player ``name``: the seat must be the one
    that player sits in (the site writes each seat's line with its own number), as a
    PokerStars or Full Tilt summary line must name the player of its seat.  A name with no
    seat at all is left to the check that names it so."""
    if all(seat.name != name for seat in draft.seats):
        return
    seat = seated_at(draft, number, index)
    if seat.name != name:
        raise not_named(draft, seat, line, index)


def _play_line(draft: HandDraft, line: str, index: int, names: set[str], came_in: set[str]) -> bool:
    pos = draft.at(index)
    if (m := _POST.match(line)) is not None and m["name"] in names:
        amount = parse_amount(m["amt"], currency=CURRENCY, position=pos)
        what = m["what"]
        if what == "ante":
            draft.post(m["name"], "ante", amount, False, index, live=False)
        elif what == "the small blind":
            draft.post(m["name"], "small-blind", amount, False, index)
        else:
            draft.post(m["name"], "big-blind", amount, False, index)
            if what == "blind":
                came_in.add(m["name"])
        return True
    if (m := _DEALT.match(line)) is not None and m["name"] in names:
        cards = parse_site_cards(m["cards"], pos)
        if any(c is not None for c in cards):
            draft.hero_deal(m["name"], cards, index)
        else:
            draft.mark_deal(index)
        return True
    if (m := _ACTION.match(line)) is not None and m["name"] in names:
        name = m["name"]
        verb = {
            "folds": "fold",
            "checks": "check",
            "calls": "call",
            "bets": "bet",
            "raises to": "raise",
        }[m["verb"]]
        said = parse_amount(m["amt"], currency=CURRENCY, position=pos) if m["amt"] else None
        if verb == "call" and said is not None:  # KingsClub prints the caller's total
            said -= draft.committed(name)
        draft.action(name, verb, said, False, index)
        return True
    if (m := _SWAP.match(line)) is not None and m["name"] in names:
        out = parse_site_cards(m["out"], pos)
        got = parse_site_cards(m["in"], pos)
        draft.draw(m["name"], len(out), out, index)
        kept = tuple(c for c in draft.hero_cards if c not in out)
        draft.hero_receives(kept, got, index)
        return True
    if (m := _DRAWS.match(line)) is not None and m["name"] in names:
        draft.draw(m["name"], int(m["n"]), None, index)
        return True
    if (m := _PAT.match(line)) is not None and m["name"] in names:
        draft.draw(m["name"], 0, (), index)
        return True
    if (m := _SHOWS.match(line)) is not None and m["name"] in names:
        draft.show(Show(m["name"], parse_site_cards(m["cards"], pos)), index)
        return True
    if (m := _MUCKS.match(line)) is not None and m["name"] in names:
        draft.muck(m["name"], index)
        return True
    return False


def _uncalled(draft: HandDraft, uncalled: dict[str, int]) -> None:
    """At the end of a betting round: the bet nobody called in it, which KingsClub hands back
    without a line saying so, added to ``uncalled`` - what the player who put the most into
    the round put in beyond anyone else (:meth:`HandDraft.uncalled_bet`)."""
    top, excess = draft.uncalled_bet()
    if top is not None and excess:
        uncalled[top] = uncalled.get(top, 0) + excess


def _settle_nets(
    draft: HandDraft, summary: _Summary, came_in: set[str], uncalled: dict[str, int]
) -> None:
    """Each seat's net from the summary, accounted for by the hand: what the player collected,
    less what the actions put in, plus a bet nobody called handed back (``uncalled``); what is
    still missing is a hidden dead small blind (only for a player who posted ``blind`` to come
    in, and only the table's small blind: any other amount moves chips no line explains),
    anything else an error.

    The corpus's ``wins pot (X)`` is the pot less the rake; none of its hands has a bet nobody
    called, so whether X then counts the bet handed back is not known.  Both readings are
    tried, and the one that accounts for every net is taken: X without it (the pot as
    contested) or X with it (the chips pushed to the winner).  Where both do, X without it."""
    small_blind = draft.posted("small-blind") or draft.big_blind_hint // 2
    readings: list[dict[str, int]] = [{}]
    with_return = {
        name: amount for name, amount in uncalled.items() if draft.collected.get(name, 0) >= amount
    }
    if with_return:
        readings.append(with_return)
    fits: list[tuple[dict[str, int], dict[str, int]]] = []
    for included in readings:
        dead = _dead_blinds(draft, summary, came_in, uncalled, included, small_blind)
        if isinstance(dead, dict):
            fits.append((included, dead))
    if not fits:
        problem = _dead_blinds(draft, summary, came_in, uncalled, {}, small_blind)
        assert isinstance(problem, tuple)
        name, net, accounted = problem
        back = uncalled.get(name, 0)
        handed_back = (
            f" (with the {hand_figure(back, CURRENCY)} nobody called handed back)" if back else ""
        )
        unwon = "" if draft.collected else " (no line says who wins the pot: cut short?)"
        raise draft.error(
            f"the summary says {name} netted {hand_figure(net, CURRENCY, sign=True)}, but the "
            f"hand's actions account for {hand_figure(accounted, CURRENCY, sign=True)}"
            f"{handed_back}{unwon}",
            summary.lines[name],
        )
    included, dead = fits[0]
    for name, amount in included.items():
        _take_from_collect(draft, name, amount)
    for name, amount in uncalled.items():
        draft.uncalled(name, amount)
    for name, missing in dead.items():
        at = next(
            i
            for i, e in enumerate(draft.events)
            if isinstance(e, Post) and e.player == name and e.kind == "big-blind"
        )
        post: Event = Post(name, "dead", missing, False)
        draft.events.insert(at, post)
        draft.positions.insert(at, draft.positions[at])  # where its big blind is written
        if draft.deal_index is not None and at < draft.deal_index:
            draft.deal_index += 1
        draft.total_committed[name] = draft.total_committed.get(name, 0) + missing


def _dead_blinds(
    draft: HandDraft,
    summary: _Summary,
    came_in: set[str],
    uncalled: dict[str, int],
    included: dict[str, int],
    small_blind: int,
) -> dict[str, int] | tuple[str, int, int]:
    """The hidden dead blinds (each the ``small_blind``) that account for every seat's net,
    each ``uncalled`` bet going back to its bettor and ``included`` of it counted in his
    ``wins`` amount; or, when a net cannot be accounted for, (that player, the net, what the
    hand accounts for)."""
    dead: dict[str, int] = {}
    for name, net in summary.nets.items():
        accounted = (
            draft.collected.get(name, 0)
            - draft.total_committed.get(name, 0)
            + uncalled.get(name, 0)
            - included.get(name, 0)
        )
        missing = accounted - net
        if missing == 0:
            continue
        if name in came_in and missing == small_blind:
            dead[name] = missing
            continue
        return name, net, accounted
    return dead


def _take_from_collect(draft: HandDraft, name: str, amount: int) -> None:
    """``name``'s ``wins`` amount counted the ``amount`` nobody called, which the replay hands
    back by itself: his collection is that much less."""
    for i, event in enumerate(draft.events):
        if isinstance(event, Collect) and event.player == name and event.amount >= amount:
            draft.events[i] = Collect(name, event.amount - amount, event.pot)  # its line stays
            draft.collected[name] -= amount
            return
    raise AssertionError("the bettor's collections hold the uncalled bet")  # pragma: no cover


def _check_finals(draft: HandDraft, summary: _Summary) -> None:
    """Each summary line's final stack is the seat's starting stack plus its net."""
    finals, nets = summary.finals, summary.nets
    for seat in draft.seats:
        if seat.name in finals and finals[seat.name] - seat.stack != nets.get(seat.name):
            net = nets.get(seat.name)
            raise draft.error(
                f"the summary's final stack for {seat.name} "
                f"({hand_figure(finals[seat.name], CURRENCY)}) is not the starting stack "
                f"({hand_figure(seat.stack, CURRENCY)}) plus the net "
                f"({'none' if net is None else hand_figure(net, CURRENCY, sign=True)})",
                summary.lines[seat.name],
            )
