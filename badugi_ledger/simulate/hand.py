"""One simulated hand, played by random legal choices: the engine behind ``simulate``.

The turn logic here is written independently of the replay engine (:mod:`badugi_ledger.replay`),
following the same rule texts (``000`` order of play and the fixed-limit cap, ``001`` pot/no
limit, side pots and the reshuffle, ``002`` the Progressive Badugi qualifier and carried pot,
``003`` spread limit) and the engine's documented choices where the texts are silent (short
all-ins and the half-bet rule, all-in levels counting antes and live chips, the uncalled bet
returned before pots are built).  Two rules are *not* re-implemented, each kept in one place:
who owes which forced bet (:func:`badugi_ledger.model.forced.forced_posts`, the reader's and the
replay's rule too) and dividing one pot among the hands shown
(:func:`badugi_ledger.hands.pots.divide_pot`: split halves, ties and odd chips).
:mod:`badugi_ledger.simulate.sessions` deals the sessions and writes the hands.

Why one module of this size: one class plays a whole hand; its betting, draws and showdown share
the hand's state, and it is kept apart from the replay's modules on purpose (an independent
cross-check).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..hands.badugi import badugi_value
from ..hands.pots import divide_pot, joined_ties
from ..model.cards import DECK, Card
from ..model.events import (
    Action,
    CarryOut,
    Collect,
    Deal,
    Draw,
    Event,
    Muck,
    Show,
)
from ..model.forced import forced_posts
from ..model.games import GAMES
from ..model.settings import (
    GameSettings,
)


@dataclass
class SimulationStats:
    """What happened in a simulation: proof that the interesting cases occur."""

    hands: int = 0
    showdowns: int = 0
    all_ins: int = 0
    """Hands in which somebody went all-in."""
    side_pots: int = 0
    """Hands with more than one pot."""
    split_pots: int = 0
    """Hands in which a pot (or a half) was shared by tied hands."""
    carried: int = 0
    rebuys: int = 0
    reshuffles: int = 0
    mucks: int = 0

    def summary(self) -> str:
        """One line for the command's report."""
        return (
            f"{self.hands} hands: {self.showdowns} showdowns, {self.all_ins} with an all-in, "
            f"{self.side_pots} with side pots, {self.split_pots} split, {self.carried} carried, "
            f"{self.rebuys} rebuys, {self.reshuffles} reshuffles"
        )


class SimulatedHand:
    """One hand being played: mutable, turned into a frozen :class:`HandRecord` at the end."""

    def __init__(
        self,
        rng: random.Random,
        settings: GameSettings,
        seats: list[str],
        button: str,
        stacks: dict[str, int],
        carry_in: int,
        show_all: bool,
        stats: SimulationStats,
    ) -> None:
        self.rng, self.s, self.house = rng, settings, settings.house
        self.show_all, self.stats, self.carry_in = show_all, stats, carry_in
        b = seats.index(button)
        self.dealt = seats[b + 1 :] + seats[: b + 1]  # clockwise from the button's left
        self.button = button
        self.stack = {p: stacks[p] for p in self.dealt}
        self.contrib = dict.fromkeys(self.dealt, 0)
        self.live = dict.fromkeys(self.dealt, 0)
        self.matched = dict.fromkeys(self.dealt, 0)
        """Antes and live chips: what an all-in player's chips are matched against."""
        self.committed = dict.fromkeys(self.dealt, 0)
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.n_active = self.n_can = len(self.dealt)
        self.mucked: set[str] = set()
        self.events: list[Event] = []
        size = settings.hand_size
        deck = list(DECK)
        rng.shuffle(deck)
        self.hold = {p: deck[i * size : (i + 1) * size] for i, p in enumerate(self.dealt)}
        self.stub = deck[len(self.dealt) * size :]
        self.discards: list[Card] = []
        # betting round state
        self.level = self.full_level = self.last_raise = self.bets = 0
        self.cap_held = False
        """The round's cap was reached with more than two players able to bet: it holds for
        the round under ``heads-up-uncapped`` (Robert's Rules of Poker, Betting and Raising
        3-4), whoever folds after."""
        self.pending: set[str] = set()
        self.acted: set[str] = set()
        self.no_reraise: set[str] = set()

    # --- chips --------------------------------------------------------------------------

    def pay(self, p: str, chips: int, *, live: bool) -> None:
        self.stack[p] -= chips
        self.contrib[p] += chips
        if live:
            self.live[p] += chips
            self.committed[p] += chips
        if self.stack[p] == 0 and p not in self.all_in:
            self.all_in.add(p)
            self.n_can -= 1

    def active(self) -> list[str]:
        return [p for p in self.dealt if p not in self.folded]

    def can_bet(self) -> list[str]:
        return [p for p in self.dealt if p not in self.folded and p not in self.all_in]

    # --- the hand -----------------------------------------------------------------------

    def play(self) -> None:
        anchor, level, bets = self.post_blinds()
        if self.show_all:
            self.events.extend(Deal(p, tuple(self.hold[p])) for p in self.dealt)
        for rnd in range(4):
            if rnd == 0:
                self.betting_round(0, anchor, level, bets)
            else:
                self.betting_round(rnd, None, 0, 0)
            if self.n_active <= 1:
                return
            if rnd < 3:
                self.draw_round()

    def post_blinds(self) -> tuple[str | None, int, int]:
        """Post what :func:`~badugi_ledger.model.forced.forced_posts` says is owed (``000``:
        the two players left of the button, heads-up the button the small blind; antes first;
        nothing on a Progressive Badugi redeal unless the house says so, ``002``), each short
        stack all it has.  Who owes what is the model's one rule, the reader's and the
        replay's too; paying it is the simulator's own.  Returns round 1's opening."""
        s = self.s
        redeal = bool(self.carry_in) and GAMES[s.game].progressive
        posts = forced_posts(s, self.dealt, self.button, redeal=redeal)
        if not posts:
            return None, 0, 0
        big: str | None = None
        for post in posts:
            p = post.player
            self.events.append(post)
            if post.kind == "ante":
                ante = min(s.ante, self.stack[p])
                self.pay(p, ante, live=False)
                self.matched[p] += ante
                continue
            blind = s.big_blind if post.kind == "big-blind" else s.small_blind
            self.pay(p, min(blind, self.stack[p]), live=True)
            if post.kind == "big-blind":
                big = p
        top = max(self.committed.values())
        owed = s.big_blind if self.house.short_blind == "full-blind" else top
        bets = 0 if self.house.fixed_limit_raises == "pokerkit" else 1  # is the blind a bet?
        return big, max(top, owed), bets  # posted, even for nothing (an ante took its last chip)

    def betting_round(self, rnd: int, anchor: str | None, level: int, bets: int) -> None:
        """Round ``rnd``: round 1 starts left of the big blind, later rounds left of the
        button (``000``); it ends when everyone still able to bet has acted on the last bet."""
        if rnd:
            self.committed = dict.fromkeys(self.dealt, 0)
        self.level = self.full_level = level
        self.last_raise = max(self.s.big_blind, 1)
        self.bets = bets
        self.cap_held = bets >= self.s.structure.cap and self.n_can > 2
        self.acted, self.no_reraise = set(), set()
        order = self.dealt
        if anchor is not None:
            i = order.index(anchor) + 1
            order = order[i:] + order[:i]
        self.pending = set(self.can_bet())
        if self.n_can < 2:
            self.nobody_against()
        ptr, n = 0, len(order)
        while self.pending and self.n_active > 1:
            while order[ptr % n] not in self.pending:
                ptr += 1
            p = order[ptr % n]
            self.act(p, rnd)
            self.acted.add(p)
            ptr = ptr % n + 1
            if self.n_can < 2:
                self.nobody_against()

    def nobody_against(self) -> None:
        """With fewer than two players able to bet, the one with chips acts only while he has
        put in less than a player all-in still in (``000``, ``001``): nobody can call, raise
        or fold against him otherwise, whatever ``short_blind`` says; his chips above the
        all-in players' go back uncalled (:meth:`settle`)."""
        most = max((self.committed[q] for q in self.active() if q in self.all_in), default=0)
        self.pending = {
            q
            for q in self.pending
            if q not in self.folded and q not in self.all_in and self.committed[q] < most
        }

    def raise_range(self, p: str, rnd: int) -> tuple[int, int, int] | None:
        """(lowest, highest total ``p`` may raise to, the full-raise increment), or None."""
        st = self.s.structure
        if not any(
            q != p and self.committed[q] + self.stack[q] > self.level for q in self.can_bet()
        ):  # nobody left who could call a raise
            return None
        capped = st.kind in ("fixed-limit", "spread-limit") and self.bets >= st.cap
        if capped and not (self.house.heads_up_uncapped and not self.cap_held):
            return None
        level, reach = self.level, self.committed[p] + self.stack[p]
        if reach <= level:
            return None
        # A player who has acted since the betting was last opened may raise again only when
        # the short all-ins since then, what he owes now, come to a full raise (half a bet in
        # fixed limit under the half-bet rule); under PokerKit's raises, never.
        owe = level - self.committed[p]
        short = p in self.no_reraise
        if st.kind == "fixed-limit":
            unit = st.small_bet if rnd < 2 else st.big_bet
            pokerkit = self.house.fixed_limit_raises == "pokerkit"
            if short and (pokerkit or owe * (2 if self.house.half_bet_reopens else 1) < unit):
                return None
            base = self.level if pokerkit else self.full_level
            to = min(base + unit, reach)
            return (to, to, unit)
        min_inc, max_to = self.last_raise, reach
        pot = sum(self.contrib.values()) + self.carry_in
        if st.kind == "pot-limit":
            max_to = level + pot + owe
        elif st.kind == "half-pot-limit":
            max_to = level + (pot + owe) // 2
        elif st.kind == "spread-limit":
            min_inc = max(st.spread_min, self.last_raise if level else 0)
            max_to = level + st.spread_max
        if level == 0 and st.kind != "spread-limit":
            min_inc = max(self.s.big_blind, 1)
        if short and owe < min_inc:
            return None
        if st.kind in ("pot-limit", "half-pot-limit"):
            max_to = max(max_to, level + min_inc)  # a pot below the minimum bet allows the minimum
        low, high = level + min_inc, min(max_to, reach)
        if low <= high:
            return (low, high, min_inc)
        if reach <= max_to:
            return (reach, reach, min_inc)  # all-in for less than a full raise
        return None

    def act(self, p: str, rnd: int) -> None:
        rng = self.rng
        owe = self.level - self.committed[p]
        can_raise = self.raise_range(p, rnd)
        aggression = 0.45 / (1 + self.bets)
        if owe <= 0:
            if can_raise and rng.random() < aggression:
                self.raise_to(p, rnd, can_raise)
            else:
                self.events.append(Action(p, "check"))
                self.pending.discard(p)
            return
        roll = rng.random()
        if roll < 0.22:
            self.events.append(Action(p, "fold"))
            self.folded.add(p)
            self.n_active -= 1
            self.n_can -= 1
            self.discards.extend(self.hold[p])
            self.hold[p] = []
            self.pending.discard(p)
        elif can_raise and roll > 1 - aggression:
            self.raise_to(p, rnd, can_raise)
        else:
            pay = min(owe, self.stack[p])
            all_in = pay == self.stack[p]
            self.events.append(Action(p, "call", pay if all_in else None, all_in))
            self.pay(p, pay, live=True)
            self.pending.discard(p)

    def raise_to(self, p: str, rnd: int, span: tuple[int, int, int]) -> None:
        """A bet or raise to a total inside ``span``; decides whether it reopens the betting
        for everybody (a full bet or raise; after a short all-in, :meth:`raise_range` says who
        may raise again)."""
        low, high, unit = span
        rng, level = self.rng, self.level
        roll = rng.random()
        to = low if roll < 0.5 or high == low else high if roll > 0.85 else rng.randint(low, high)
        reach = self.committed[p] + self.stack[p]
        pokerkit = False
        if self.s.structure.kind == "fixed-limit":
            pokerkit = self.house.fixed_limit_raises == "pokerkit"
            target = (level if pokerkit else self.full_level) + unit
            full = reopens = to == target  # a short all-in reopens player by player
            if full:
                self.full_level = target
        else:
            full = reopens = to - level >= unit
            if full:
                self.last_raise, self.full_level = to - level, to
        verb: Literal["bet", "raise"] = "bet" if level == 0 else "raise"
        self.events.append(Action(p, verb, to, to == reach))
        self.pay(p, to - self.committed[p], live=True)
        self.level = to
        if full or pokerkit:
            self.bets += 1
            if self.bets == self.s.structure.cap:  # counted after the raiser's chips are in
                self.cap_held = self.n_can > 2
        can = self.can_bet()
        if reopens:
            self.pending = {q for q in can if q != p}
            self.acted, self.no_reraise = set(), set()
        else:
            for q in can:
                if q != p and self.committed[q] < to:
                    self.pending.add(q)
                    if q in self.acted:
                        self.no_reraise.add(q)
        self.pending.discard(p)

    # --- draws --------------------------------------------------------------------------

    def draw_round(self) -> None:
        """Every player still in draws in turn from the button's left, all-in players too."""
        for p in self.active():
            thrown = self.choose_discards(p)
            if self.house.reshuffle == "exclude-own":
                thrown = thrown[: len(self.stub) + len(self.discards)]
            got = self.serve(thrown)
            kept = [c for c in self.hold[p] if c not in thrown]
            self.hold[p] = kept + got
            if self.show_all:
                self.events.append(Draw(p, tuple(thrown), tuple(got)))
            else:
                unknown = (None,) * len(got)
                self.events.append(Draw(p, unknown, unknown))

    def choose_discards(self, p: str) -> list[Card]:
        """Keep the counting cards of the best Badugi selection (low ones), mostly."""
        cards = self.hold[p]
        rng = self.rng
        if rng.random() < 0.15:
            return rng.sample(cards, rng.randint(0, len(cards)))
        ace_high = GAMES[self.s.game].ace_high
        keep = set(badugi_value(cards, ace_high=ace_high).cards)
        thrown = [c for c in cards if c not in keep]
        high = [c for c in cards if c in keep and (c.rank == 1 and ace_high or c.rank >= 10)]
        if high and rng.random() < 0.5:
            thrown.append(max(high, key=lambda c: (14 if c.rank == 1 else c.rank, c.suit)))
        return thrown

    def serve(self, thrown: list[Card]) -> list[Card]:
        """Deal ``len(thrown)`` cards from the stub; when it runs out, the discards are
        shuffled into a new stub - without the cards just thrown under ``exclude-own``
        (``001``, seeds README item 3)."""
        n = len(thrown)
        if n <= len(self.stub):
            got = self.stub[:n]
            del self.stub[:n]
            self.discards.extend(thrown)
            return got
        exclude = self.house.reshuffle == "exclude-own"
        got = self.stub
        pool = self.discards + ([] if exclude else thrown)
        self.rng.shuffle(pool)
        need = n - len(got)
        got = got + pool[:need]
        self.stub = pool[need:]
        self.discards = list(thrown) if exclude else []
        self.stats.reshuffles += 1
        return got

    # --- the end ------------------------------------------------------------------------

    def settle(self) -> tuple[dict[str, int], int]:
        """Record the showdown and the collections; return (final stacks, carried chips).

        The uncalled bet goes back first; pots are built by the all-in levels (antes and live
        chips) of the players still in (``001``); other dead money and a carried pot go to the
        main pot, and the carried pot to the first side pot won when the main pot carries
        (``002``: the winner of the next pot won)."""
        active, live = self.active(), self.live
        top = max(live, key=lambda q: (live[q], -self.dealt.index(q)))
        second = max(v for q, v in live.items() if q != top)
        if live[top] > second:
            back = live[top] - second
            live[top] -= back
            self.contrib[top] -= back
            self.stack[top] += back
        matched = self.matched
        for q, chips in live.items():
            matched[q] += chips
        pots: list[tuple[str, int, list[str]]] = []
        prev = 0
        for level in sorted({matched[q] for q in active}):
            amount = sum(min(c, level) - min(c, prev) for c in matched.values())
            pots.append(("", amount, [q for q in active if matched[q] >= level]))
            prev = level
        leftover = sum(max(c - prev, 0) for c in matched.values())
        name, amount, eligible = pots[-1]
        pots[-1] = (name, amount + leftover, eligible)
        dead = sum(self.contrib.values()) - sum(matched.values())
        name, amount, eligible = pots[0]
        pots[0] = (name, amount + dead + self.carry_in, eligible)
        if not pots[0][1] and len(pots) > 1:
            del pots[0]
        pots = [("main" if i == 0 else f"side {i}", a, e) for i, (_, a, e) in enumerate(pots)]

        showdown = len(active) > 1
        if showdown:
            self.stats.showdowns += 1
        shares = [self.divide(amount, eligible, showdown) for _, amount, eligible in pots]
        won = [i for i, share in enumerate(shares) if share is not None]
        if self.carry_in and shares[0] is None and won:
            # 002: the carried pot goes to the winner of the next pot won, here a side pot
            # (won by folds: its players are the main pot's too, and none of them qualified).
            to = won[0]
            (main, amount, eligible), (side, more, others) = pots[0], pots[to]
            pots[0] = (main, amount - self.carry_in, eligible)
            pots[to] = (side, more + self.carry_in, others)
            shares[to] = self.divide(more + self.carry_in, others, showdown)
        shares = joined_ties([amount for _, amount, _ in pots], shares, self.s.game, self.house)
        if showdown:
            self.show_or_muck(pots, shares)
        final = dict(self.stack)
        carried = 0
        for (name, amount, _), share in zip(pots, shares, strict=True):
            if share is None:
                carried += amount
                continue
            for q, chips in share.items():
                if chips:
                    final[q] += chips
                    self.events.append(Collect(q, chips, name if len(pots) > 1 else None))
        if carried:
            self.events.append(CarryOut(carried))
            self.stats.carried += 1
        self.stats.side_pots += len(pots) > 1
        self.stats.all_ins += bool(self.all_in)
        return final, carried

    def divide(self, amount: int, eligible: list[str], showdown: bool) -> dict[str, int] | None:
        """Shares of one pot, or None when no hand qualifies (Progressive Badugi)."""
        if not showdown or len(eligible) == 1:
            return {eligible[0]: amount}
        award = divide_pot(amount, [(q, self.hold[q]) for q in eligible], self.s.game, self.house)
        if award.carried:
            return None
        if any(len(h.winners) > 1 for h in award.halves):
            self.stats.split_pots += 1
        return dict(award.shares)

    def show_or_muck(
        self, pots: list[tuple[str, int, list[str]]], shares: list[dict[str, int] | None]
    ) -> None:
        """Everyone still in shows, except that now and then a player who wins nothing mucks
        (which changes no share).  Progressive Badugi hands are always shown: the qualifier
        is judged on them."""
        winners = {q for share in shares if share for q, chips in share.items() if chips}
        for p in self.active():
            loser = p not in winners and not GAMES[self.s.game].progressive
            if loser and self.rng.random() < 0.3:
                self.events.append(Muck(p))
                self.mucked.add(p)
                self.stats.mucks += 1
            else:
                self.events.append(Show(p, tuple(self.hold[p])))
