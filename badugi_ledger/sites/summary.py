"""The summary of a site's hand: the site's own claims about it - each seat's line (who sits
there, what he did, showed and won) and each pot's figure - held to the hand's lines as the
draft (:class:`~.draft.HandDraft`) read them.  The payout follows the hand's lines; a summary
that tells another story is the file contradicting itself, an error at the summary's line.
"""

from __future__ import annotations

import re

from ..model.errors import ImportFormatError
from ..model.events import Collect, Show
from ..model.limits import quote
from ..model.money import hand_figure
from .draft import HandDraft, SeatLine, format_list
from .files import played_in_summary, won_amount

__all__ = ["check_summary", "summary_pot", "summary_seat", "summary_win"]

_FIGURE = re.compile(r"\([^)\d]{0,3}\d[\d,]*(?:\.\d+)?\)")
"""A figure in brackets in a summary seat line (``($9.45)``, ``(1,500)``): what a line of money
won holds, and no other line of the corpus's summaries."""

_SHOWED = re.compile(r"(?: \([^()]*+\))*+ showed \[(?P<cards>[^\]]*+)\]")
"""A summary seat line's ``showed [8s 3d Ac 4h]`` after the player's name (and his
``(button)``, ``(big blind)``...): the cards the site says he showed."""


def check_summary(draft: HandDraft, currency: str | None, end: int) -> None:
    """The site's per-seat totals, and each pot it states a figure of, must equal its own
    collect lines (else it is corrupt);
    the error is at the summary line that says what the player won, in the figures the
    file writes (``currency``: the hand's amounts are its cents; None: chips).  And the summary
    has a line for every seat dealt in (PokerStars and Full Tilt write one for each, but a
    player moved in ``out of hand``): a summary without one is a file cut short, or a line
    deleted, after ``end`` (the hand's last line; every pot's winner may be gone with it)."""
    names = [s.name for s in draft.seats]
    lost = [
        s
        for s in draft.seats
        if not s.out_of_hand
        and s.number not in draft.summary_seats
        and names.count(s.name) == 1  # (one seated twice is refused at his seat line)
    ]
    if lost:
        seats = ", ".join(f"seat {s.number} ({s.name})" for s in lost)
        raise draft.missing(
            f"the summary has no line of {seats}: the hand is cut short, or a line of it deleted",
            end,
            rule="partial-hand",
        )
    for name, won in draft.summary_won.items():
        collected = draft.collected.get(name, 0)
        if collected != won:
            raise draft.whole_error(
                f"the summary says {name} won {hand_figure(won, currency)} but the hand "
                f"shows {hand_figure(collected, currency)} collected",
                draft.landmarks.summary.get(name),
            )
    for pot, (words, figure, line) in draft.summary_pots.items():
        collected = sum([e.amount for e in draft.events if type(e) is Collect and e.pot == pot])
        if collected != figure:
            raise draft.whole_error(
                f"the summary says the {words} was {hand_figure(figure, currency)} but the "
                f"hand shows {hand_figure(collected, currency)} collected from it",
                line,
            )


def summary_seat(draft: HandDraft, number: int, text: str, line: int) -> tuple[str, str]:
    """A summary seat line (0-based ``line``): seat ``number`` and what follows ``Seat N: ``.

    The line must name the player seated there (the site writes the seat's name first);
    one that says the player folded, showed, mucked or won (:func:`played_in_summary`)
    says he was dealt in, so a player the lines before the summary show nothing of is not
    taken for one who sat out: his turn was lost, and the replay finds where.  Returns the
    player and the text after his name (what he did, what he won)."""
    seat = seated_at(draft, number, line)
    draft.summary_seats.add(number)
    after = text[len(seat.name) :]
    if not text.startswith(seat.name) or after[:1] not in ("", " ", ","):
        raise not_named(draft, seat, text, line)
    if _FIGURE.search(after) is not None and won_amount(after) is None:
        raise draft.error(
            f"the summary's line of seat {number} states a figure in words the reader does "
            f"not know (a winner's line says `and won ($x)` or `collected ($x)`), so what "
            f"{seat.name} won cannot be checked: {quote(repr(text))}",
            line,
            rule="unrecognised-line",
        )
    showed = _SHOWED.match(after)
    if showed is not None:
        _summary_showed(draft, seat.name, showed["cards"], line)
    if played_in_summary(after):
        draft.summary_played.add(seat.name)
    return seat.name, after


def seated_at(draft: HandDraft, number: int, line: int) -> SeatLine:
    """The seat ``number`` a summary line (0-based ``line``) names; an empty one is an error."""
    seat = next((s for s in draft.seats if s.number == number), None)
    if seat is None:
        raise draft.error(f"the summary names seat {number}, which is empty", line)
    return seat


def not_named(draft: HandDraft, seat: SeatLine, text: str, line: int) -> ImportFormatError:
    """The error of a summary line (0-based ``line``, its words ``text``) of ``seat`` that
    names another player than the one who sits there."""
    return draft.error(
        f"the summary's line of seat {seat.number} does not name {seat.name}, who sits "
        f"there: {quote(repr(text))}",
        line,
    )


def _summary_showed(draft: HandDraft, name: str, cards: str, line: int) -> None:
    """The summary's line (0-based ``line``) says ``name`` showed ``cards``: the cards his
    show line showed (in every one of the corpus's 299 PokerStars and Full Tilt summaries,
    in the same order).  The payout follows the show line, so a summary that tells another
    showdown is the file contradicting itself."""
    shown = [e.cards for e in draft.events if type(e) is Show and e.player == name]
    said = sorted(cards.split())
    if not shown or said != sorted(["??" if c is None else str(c) for c in shown[-1]]):
        what = f"[{format_list(shown[-1])}]" if shown else "no cards"
        raise draft.error(
            f"the summary says {name} showed [{cards}], but the hand shows {what} of him",
            line,
        )


def summary_pot(draft: HandDraft, pot: str, words: str, amount: int, line: int) -> None:
    """The summary's line (0-based ``line``) says the pot ``pot`` (the site's ``words`` for
    it) was ``amount`` once raked: what its winners collected from it."""
    if pot in draft.summary_pots:
        raise draft.error(f"the summary states the {words} twice", line)
    draft.summary_pots[pot] = (words, amount, line)


def summary_win(draft: HandDraft, name: str, amount: int, line: int) -> None:
    """A summary line (0-based ``line``) says ``name`` won ``amount``."""
    draft.summary_won[name] = draft.summary_won.get(name, 0) + amount
    draft.landmarks.summary.setdefault(name, line)
