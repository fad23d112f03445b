"""Checking the recorded collections of a showdown whose cards are not all known.

When a contender's cards are unknown the replay cannot divide the pot and takes the recorded
collections (:mod:`.showdown`).  They are still claims: each must be what *some* hands for the
unknown contenders would pay, given the hands that are known (:mod:`badugi_ledger.hands.possible`).
A collection no such hands allow ("Ben collects 6" when Anna shows 4-3-2-A, which no hand
beats; "Anna collects 4 · Ben collects 2" of a pot of 6 that only a win or an even split can
divide) is a ``collect`` mismatch at its line.

A Progressive Badugi pot carried into the hand goes with the first pot won (``002``: "the
winner of the next pot that is won, whether at showdown or by all other players folding"),
which the search decides as the settlement does
(:func:`~badugi_ledger.hands.possible.next_pot_won`): the main pot, which holds it, when it
is won; when every pot the cards could not divide carries, the first pot after them that is
won (a side pot nobody else contests), else it carries on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from ..hands.possible import CarriedIn, OpenPot, division_allowed, known_values
from ..model.cards import Card
from ..model.errors import CardError
from ..model.games import GAMES
from ..model.results import Violation
from .claims import SettledPot
from .state import HandState


def known_cards(st: HandState, player: str) -> tuple[Card, ...] | None:
    """The player's showdown hand when every card of it is known (shown, or known from the
    deal and the draws), else None."""
    hand = st.shown.get(player)
    if hand is None or None in hand:
        return st.cards.known_hand(player)
    return cast("tuple[Card, ...]", hand)


def check_unshown(
    st: HandState,
    open_pots: Sequence[SettledPot],
    recorded: Mapping[str, int],
    carried: int,
    violations: list[Violation],
    later: Sequence[SettledPot] = (),
    *,
    passed: bool = False,
) -> None:
    """Add a ``collect`` mismatch when ``recorded`` (player -> chips recorded from
    ``open_pots``, the pots the cards could not divide, beyond what the other pots pay) with
    ``carried`` chips carried out is no division that hands for the unknown contenders allow.
    ``later``: the settled pots after the open ones, which may take a carried-in pot;
    ``passed``: the record carries every open pot and the carried-in pot went to a pot after
    them already (the settlement moved it, as with known cards): the open pots hold their own
    chips only."""
    game, house = st.settings.game, st.house
    carry = None if passed else _carried_in(st, open_pots, later)
    pots = [
        OpenPot(pot.net, tuple([p for p in pot.eligible if p not in st.mucked]))
        for pot in open_pots
    ]
    hands = {p: known_cards(st, p) for pot in pots for p in pot.contenders}
    try:
        known = known_values(game, {p: h for p, h in hands.items() if h is not None}, house)
    except CardError:
        return  # the cards themselves are wrong: reported where they are recorded
    if division_allowed(pots, known, game, recorded, carried, house, carried_in=carry):
        return
    position = st.record.position
    unknown = ", ".join(sorted({p for p, h in hands.items() if h is None}))
    plural = " pots" if len(open_pots) > 1 else " pot"
    names = " and ".join(pot.name for pot in open_pots) + plural
    total = st.figure(sum(pot.amount for pot in pots))
    what = _known_words(st, known)
    for c, at in zip(st.collects, st.collect_at, strict=True):
        p = c.player
        chips = recorded.get(p, 0)
        if not division_allowed(
            pots, known, game, {p: chips}, None, house, judged=[p], carried_in=carry
        ):
            takes = st.figure(chips) if chips else "nothing"
            message = (
                f"{p} collects {takes} of the {names} ({total}), but no hands "
                f"for the unknown cards of {unknown} pay {p} that{what}"
            )
            violations.append(Violation("collect", message, position(at), "mismatch"))
            return
    words = [f"{p} {st.figure(chips)}" for p, chips in recorded.items() if chips]
    if carried:
        words.append(f"{st.figure(carried)} carried")
    parts = ", ".join(words)
    at = st.collect_at[0] if st.collects else st.carry_outs[0][1]
    message = (
        f"the recorded collections ({parts or 'none'}) are no division of the {names} "
        f"({total}) that any hands for the unknown cards of {unknown} give{what}"
    )
    violations.append(Violation("collect", message, position(at), "mismatch"))


def _carried_in(
    st: HandState, open_pots: Sequence[SettledPot], later: Sequence[SettledPot]
) -> CarriedIn | None:
    """The Progressive Badugi pot carried into the hand, when the first open pot, the main
    pot, holds it (the settlement builds it there), with the pots after the open ones."""
    if not st.carry_in or not GAMES[st.settings.game].progressive:
        return None
    if open_pots[0].name != "main":  # pragma: no cover - a pot the cards divide is never before
        return None
    return CarriedIn(
        min(st.carry_in, open_pots[0].net),
        tuple([(pot.net, () if pot.carried else _winners(pot)) for pot in later]),
    )


def _winners(pot: SettledPot) -> tuple[str, ...]:
    """A settled pot's winners, in seat order."""
    shares = pot.shares or {}
    return tuple([p for p in pot.eligible if shares.get(p)])


def _known_words(st: HandState, known: Mapping[str, tuple | None]) -> str:
    """The known hands, as the message names them (``": Anna shows 4-card 4-3-2-A"``)."""
    if not known:
        return " (a pot goes to the best hand or is split evenly among tied best hands)"
    words = [
        f"{p} shows {' / '.join(v.describe() for v in values)}"
        if values is not None
        else f"{p}'s hand does not qualify"
        for p, values in known.items()
    ]
    return ": " + "; ".join(words)
