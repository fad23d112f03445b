"""What may happen next in a hand that is being recorded: the legal next actions.

A page that records a hand at the table offers the organiser the actions the rules allow now
("Ben: fold · call 2 · raise to 8"), and its text box checks the hand as it is typed.  This
module answers for a *partly* played hand: :func:`next_actions` walks the events through the
very handlers :func:`~badugi_ledger.replay.replay_hand` uses
(:func:`~badugi_ledger.replay.hand.play_events`; an illegal event raises the same
:class:`~badugi_ledger.model.errors.IllegalAction`), then describes the next step from the
state where the record stops.  Nothing here re-states a rule:

* whose turn it is: :func:`.betting.next_actor` in a betting round, the draw order of
  :mod:`.phases` in a draw (``000``), :func:`.showdown.showdown_order` at the showdown;
* forced bets still due: :func:`.betting.missing_posts` and :func:`.betting.post_due`;
* call amounts: :func:`.betting.call_amount`; bet and raise sizes under every structure (fixed,
  pot, half-pot, no and spread limit, the cap, a short all-in, the half-bet rule):
  :func:`.betting.raise_range`, built on the :func:`.betting.raise_size` and
  :func:`.betting.raise_refused` that ``_raise`` enforces;
* how many cards a draw may exchange: the hand size, lowered only if the stub and what a
  reshuffle may add (``001``) could not serve that many, which the replay of the draw itself
  decides (with one 52-card deck and at most nine seats that never happens: the stub and the
  dead cards always hold the 52 cards no hand holds, 7 or more);
* Progressive Badugi "with a Buy" (``002``): :data:`.hand.MAX_BUYS` and the house's price;
* the pots as they stand: :func:`.pots.standing_pots`, the pot builder of the settlement.

Every option carries a model ``event`` (position-less, built with the typed constructors) that,
appended to the record, replays legally, so the text layer can write it
(:func:`badugi_ledger.text.writer.event_line`).  Deal lines and the recorder's claims
(collections, ``carry``, ``final:``) are facts written when known, never offered as options.

Readings, documented here: a hand whose record holds no forced bet at all (or only the ones
the text reader implied) gets the ones the settings imply when the play begins (as the replay
does), so its first option is the first betting action, beside which the forced bets of
players whose stacks nobody knows are offered (any of them may have posted all-in for less,
which only a written post says); and a betting round whose bettors are all-in still has its
draws offered (the draws are dealt even when nobody can bet, ``001``), though the replay lets
them go unrecorded.  On a Progressive Badugi redeal, a player with no chips whose chips are in the
carried pot is offered his draw in his turn (``002`` deals the redeal to every player at the
table), beside the next dealt player's (or, seated after the last one, beside the next betting
round's first action): the replay deals him in only once the record plays his cards, so
before his first draw either record is legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from ..model.errors import IllegalAction
from ..model.events import Action, Buy, Draw, Event, HandRecord, Muck, Post, PostKind, Show
from ..model.games import GAMES
from ..model.results import PotResult
from . import betting
from .hand import MAX_BUYS, play_events, start_play
from .showdown import showdown_order
from .side_pots import standing_pots
from .state import BET, DONE, DRAW, PRE, SHOWDOWN, HandState

OptionKind = Literal[
    "post", "fold", "check", "call", "bet", "raise", "draw", "stand pat", "buy", "show", "muck"
]


@dataclass(frozen=True)
class LegalOption:
    """One thing that may happen next.

    ``amount``: chips a call or a post puts in; for a bet or raise the smallest *total* for
    the round (the format's "raises to"), ``max_amount`` the largest (equal for fixed limit;
    capped by the stack; None when only a stack nobody knows would bound it, after a hand
    that could not be replayed).  ``all_in_amount`` is the amount at which the action puts the
    player's last chip in (None when no amount in range does).  ``all_in_least``: for a bet,
    raise or call of a player whose stack nobody knows, the least amount it may have written
    all-in, up to ``max_amount`` (whatever he goes all-in with shows his stack): for a bet or
    raise one chip above the bet (an all-in short of a full raise, a fixed one too, is still a
    raise, :mod:`.raises`), for a call or a forced bet one chip (a call all-in for less than
    is due, a blind or an ante posted all-in for less, :mod:`.betting`); None when the stack
    is known (``all_in_amount`` is then the one all-in
    amount).  ``cards``: for a draw, the most cards that may be exchanged (a draw of 1 to
    ``cards``); for a show, the cards a hand of the game holds (four, five in Badacey and
    Badeucey, ``004``), so a page asks for that many; for a buy, the one card it replaces.
    ``event``: a position-less event that, appended to the hand, replays legally (for ranged
    options, at ``amount``; for a draw, of one card; a post offered beside the first betting
    action of a hand whose posts the text reader implied, appended to the hand as its text
    writes it, without them); :func:`event_at` gives it at another amount."""

    player: str
    kind: OptionKind
    event: Event
    amount: int | None = None
    max_amount: int | None = None
    all_in_amount: int | None = None
    all_in_least: int | None = None
    cards: int | None = None


def event_at(option: LegalOption, amount: int | None = None, *, all_in: bool = False) -> Event:
    """The option's event at ``amount`` (chips for a bet or raise total or a call, cards for
    a draw, chips for a post; None: the option's own event), marked all-in at
    ``all_in_amount`` or when ``all_in`` says so (a bet, raise, call or post of a stack nobody
    knows, from ``all_in_least``; a post all-in names its chips, ``amount`` when None).
    An amount outside the option's range gives an event the replay refuses, as it should."""
    ev = option.event
    if amount is None and not all_in:
        return ev
    if isinstance(ev, Action) and ev.verb in ("bet", "raise", "call"):
        chips = ev.amount if amount is None else amount
        return replace(ev, amount=chips, all_in=all_in or chips == option.all_in_amount)
    if isinstance(ev, Post) and all_in:  # an all-in post of a stack nobody knows says its chips
        return replace(ev, amount=option.amount if amount is None else amount, all_in=True)
    if amount is None:
        return ev
    if isinstance(ev, Draw):
        unknown = (None,) * amount
        return replace(ev, discards=unknown, received=unknown)
    if isinstance(ev, Post):
        return replace(ev, amount=amount)
    return ev


Phase = str
"""Words for where the hand is: ``forced bets``, ``betting round 2``, ``draw 1``,
``showdown``, ``complete``."""


@dataclass(frozen=True)
class NextActions:
    """What may happen next in a partly recorded hand (see the module docstring).

    ``player`` is whose turn it is (None when nobody's: the hand is over, or only optional
    showdown entries are left); ``complete`` says the hand needs nothing more to be settled.
    ``pots`` are the pots as they stand (every chip in so far; ``uncalled`` is the part of a
    bet nobody has matched yet, kept apart as the settlement does).  ``stacks``: the chips each
    player dealt in has behind (players whose stack is unknown left out)."""

    phase: Phase
    player: str | None
    complete: bool
    options: tuple[LegalOption, ...]
    pots: tuple[PotResult, ...]
    uncalled: tuple[str, int] | None
    stacks: Mapping[str, int]

    def for_player(self, player: str) -> tuple[LegalOption, ...]:
        """The options of one player."""
        return tuple(o for o in self.options if o.player == player)


def next_actions(
    record: HandRecord,
    *,
    stacks: Mapping[str, int] | None = None,
    carry_in: int = 0,
    carry_stakes: AbstractSet[str] = frozenset(),
) -> NextActions:
    """What may come next after ``record``'s events (arguments as for
    :func:`~badugi_ledger.replay.replay_hand`).  Raises the
    :class:`~badugi_ledger.model.errors.IllegalAction` the replay raises for a broken rule."""
    st = play_events(record, stacks=stacks, carry_in=carry_in, carry_stakes=carry_stakes)
    options: list[LegalOption] = []
    player: str | None = None
    complete = False
    short: list[LegalOption] = []
    if st.phase == PRE:
        due = betting.missing_posts(st) if st.posts_seen else []
        if due:
            options = [_post_option(st, p, kind) for p, kind in due]
            player = options[0].player
        else:
            short = _unknown_posts(st, record)
            start_play(st)
    phase = _phase_words(st) if not options else "forced bets"
    if st.phase in (BET, DRAW) and not options:
        if st.phase == BET:
            player = betting.next_actor(st)
            options = _betting_options(st, player) if player is not None else []
        else:
            player = st.draw_order[st.draw_idx]
            options = _draw_options(st, player, record, stacks, carry_in, carry_stakes)
        # also as the betting round after the first draw opens: a player seated after the
        # last one dealt in has his turn in that draw still to come
        waiting = _broke_draw_options(st, record, stacks, carry_in, carry_stakes)
        if waiting:
            player = waiting[0].player
            options = waiting + options
            phase = f"draw {st.round}" if st.phase == BET else phase
        options = short + options
    elif st.phase == SHOWDOWN:
        options, complete = _showdown_options(st)
        player = options[0].player if options and not complete else None
    elif st.phase == DONE:
        complete = True
    behind = MappingProxyType({p: st.stack[p] for p in st.dealt if p not in st.unknown})
    mucked = st.mucked
    uncalled, pots = standing_pots(st)  # last: it closes the state's bets
    if any(o.kind == "muck" for o in options):
        options = [o for o in options if o.kind != "muck" or not _alone_in(o.player, pots, mucked)]
    return NextActions(phase, player, complete, tuple(options), pots, uncalled, behind)


def _alone_in(player: str, pots: tuple[PotResult, ...], mucked: set[str]) -> bool:
    """Whether ``player`` is the one contender left of a pot with chips in it that others
    contested (they mucked): mucking would leave it to nobody (``pot-undetermined``), so he is
    not offered it.  A pot only he contests is his whether he shows or not."""
    return any(
        pot.amount
        and player in pot.eligible
        and len(pot.eligible) > 1
        and all(q == player or q in mucked for q in pot.eligible)
        for pot in pots
    )


def _phase_words(st: HandState) -> Phase:
    if st.phase == BET:
        return f"betting round {st.round + 1}"
    if st.phase == DRAW:
        return f"draw {st.draw_no + 1}"
    if st.phase == SHOWDOWN:
        return "showdown"
    if st.phase == DONE:
        return "complete"
    return "forced bets"


def _post_option(st: HandState, player: str, kind: PostKind) -> LegalOption:
    chips = betting.post_due(st, player, kind)
    all_in = chips == st.stack[player]
    # a stack nobody knows may have posted all-in for as little as one chip: it shows the stack
    least = 1 if player in st.unknown else None
    ev = Post(player, kind)
    return LegalOption(player, "post", ev, chips, chips, chips if all_in else None, least)


def _unknown_posts(st: HandState, record: HandRecord) -> list[LegalOption]:
    """At the start of a hand that writes no forced bet (the replay implies them, each in
    full for a stack nobody knows): the forced bets of the players whose stacks nobody knows,
    offered beside the first betting action, since such a player may have posted all-in for
    less, which only a written post says (grammar/README.md, "Forced bets").  Once one is
    written the hand's posts are the written ones, so the others are offered next, as forced
    bets.  The text reader writes the implied posts into the record (``posts_implied``): an
    option's post then stands for the record as its text writes it, the implied ones left
    out.  None when the hand has no forced bets (``posts none``, a Progressive Badugi
    redeal)."""
    if not st.unknown or record.posts_none:
        return []
    if not st.posts_seen:
        due = betting.missing_posts(st)
    elif record.posts_implied:
        due = [(e.player, e.kind) for e in st.record.events if type(e) is Post]
    else:
        return []
    return [_post_option(st, p, kind) for p, kind in due if p in st.unknown]


def _betting_options(st: HandState, player: str) -> list[LegalOption]:
    stack = st.stack[player]
    options = [LegalOption(player, "fold", Action(player, "fold"))]
    pay = betting.call_amount(st, player)
    if st.level - st.committed[player] <= 0:
        options.append(LegalOption(player, "check", Action(player, "check")))
    else:
        all_in = pay == stack
        call = Action(player, "call", pay, all_in)
        # a stack nobody knows may call all-in for as little as one chip: it shows the stack
        least = 1 if player in st.unknown else None
        options.append(LegalOption(player, "call", call, pay, pay, pay if all_in else None, least))
    span = betting.raise_range(st, player)
    if span is not None:
        low, high = span
        reach = st.committed[player] + stack
        all_in_at = reach if low <= reach <= high else None
        most: int | None = high
        all_in_least: int | None = None
        if player in st.unknown:  # a stack nobody knows (state.py) bounds nothing known
            all_in_at = None
            most = None if high == reach else high
            all_in_least = st.level + 1  # any all-in above the bet shows the stack (raises.py)
        verb: Literal["bet", "raise"] = "bet" if st.level == 0 else "raise"
        ev = Action(player, verb, low, low == all_in_at)
        options.append(LegalOption(player, verb, ev, low, most, all_in_at, all_in_least))
    return options


def _draw_options(
    st: HandState,
    player: str,
    record: HandRecord,
    stacks: Mapping[str, int] | None,
    carry_in: int,
    carry_stakes: AbstractSet[str],
) -> list[LegalOption]:
    options = [LegalOption(player, "stand pat", Draw(player, (), ()), cards=0)]
    most = _most_cards(st, player, record, stacks, carry_in, carry_stakes)
    if most:
        one = (None,)
        options.append(LegalOption(player, "draw", Draw(player, one, one), cards=most))
    if st.settings.with_buy and st.buys.get(player, 0) < MAX_BUYS:
        price = st.house.buy_price
        if price <= st.stack[player]:
            buy = Buy(player, None, None, price if price else None)
            options.append(LegalOption(player, "buy", buy, price, price, cards=1))
    return options


def _broke_draw_options(
    st: HandState,
    record: HandRecord,
    stacks: Mapping[str, int] | None,
    carry_in: int,
    carry_stakes: AbstractSet[str],
) -> list[LegalOption]:
    """The draw of a player with no chips whose chips are in the pot carried into a
    Progressive Badugi redeal, when it is his turn: ``002`` deals the redeal "to every player
    at the table", and the replay deals him in once the record plays his cards
    (:func:`.seating.redeal_all_in`), which before his first draw it cannot.  So his draw is
    offered when appending it replays (his turn in the first draw, his seat not yet passed),
    before the next dealt player's draw, or, seated after the last player dealt in, before
    the next betting round's first action; that one stays offered for a table that did not
    deal him in.  As many cards as the replay serves him."""
    if not st.redeal or not st.carry_stakes:
        return []
    options: list[LegalOption] = []
    for p in st.seats:
        if p in st.in_hand or p not in st.carry_stakes or st.start.get(p) != 0:
            continue
        served = [
            n
            for n in range(st.hand_size + 1)
            if _draw_replays(record, p, n, stacks, carry_in, carry_stakes)
        ]
        if not served:
            continue
        if served[0] == 0:
            options.append(LegalOption(p, "stand pat", Draw(p, (), ()), cards=0))
        if served[-1]:
            one = (None,)
            options.append(LegalOption(p, "draw", Draw(p, one, one), cards=served[-1]))
    return options


def _draw_replays(
    record: HandRecord,
    player: str,
    n: int,
    stacks: Mapping[str, int] | None,
    carry_in: int,
    carry_stakes: AbstractSet[str],
) -> bool:
    """Whether a draw of ``n`` unknown cards by ``player``, appended to ``record``, replays."""
    unknown = (None,) * n
    trial = replace(
        record, events=(*record.events, Draw(player, unknown, unknown)), positions=()
    )  # only whether the draw is served counts, not where a message would stand
    try:
        play_events(trial, stacks=stacks, carry_in=carry_in, carry_stakes=carry_stakes)
    except IllegalAction:
        return False
    return True


def _most_cards(
    st: HandState,
    player: str,
    record: HandRecord,
    stacks: Mapping[str, int] | None,
    carry_in: int,
    carry_stakes: AbstractSet[str],
) -> int:
    """The most cards ``player`` may exchange now: the hand size, unless the stub and the
    discards a reshuffle may add cannot serve that many (``001``, seeds README item 3); then
    the largest draw that the replay itself serves."""
    size = st.hand_size
    tracker = st.cards
    if tracker.stub is None or (not tracker.discards_first and tracker.stub >= size):
        return size
    for n in range(size, 0, -1):
        if _draw_replays(record, player, n, stacks, carry_in, carry_stakes):
            return n
    return 0


def _showdown_options(st: HandState) -> tuple[list[LegalOption], bool]:
    """Show or muck for each player still in who has done neither, the first to show first
    (``000``), and whether the pot is decided: every contender's cards known (shown, or
    followed through the deal and draws), or one contender left (outside Progressive Badugi,
    whose qualifier needs the cards, ``002``)."""
    active = st.active()
    contenders = [p for p in active if p not in st.mucked]
    progressive = GAMES[st.settings.game].progressive
    known = all(
        (p in st.shown and None not in st.shown[p]) or st.cards.known_hand(p) is not None
        for p in contenders
    )
    complete = bool(contenders) and (known or (len(contenders) == 1 and not progressive))
    options: list[LegalOption] = []
    for p in showdown_order(st, active):
        if p in st.shown or p in st.mucked:
            continue
        held = st.cards.hold[p]
        cards = tuple(held) if held else (None,) * st.hand_size
        options.append(LegalOption(p, "show", Show(p, cards), cards=st.hand_size))
        if len(contenders) > 1:
            options.append(LegalOption(p, "muck", Muck(p)))
    return options, complete
