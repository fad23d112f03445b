"""Every line of a site hand that cannot be read, each listed at its own line.

One run of ``check`` lists every mistake of a file, each at its own line (README, "What check
reports, in one run"), as our own format lists a hand's unreadable lines
(:attr:`~badugi_ledger.model.errors.ParseError.others`).  A site reader walks a hand's lines in
order; with an :class:`Unread` beside it, the first line it cannot read no longer ends the
walk: the hand is refused as before, and its later lines are read on only to find the others
that are wrong from the line alone (:data:`LISTED_RULES`: a line no pattern of the reader
matches, an amount, card or number on it that cannot be read, a line too long to be read).
Those are the first error's
:attr:`~badugi_ledger.model.errors.ImportFormatError.others`, in line order, at most
:data:`~badugi_ledger.model.limits.MAX_LISTED` and one error more for the rest.  The first
error may be of any rule, at its line (figures that do not add up: a raise by more than it
raises to): its line is lost to the lines after it as an unreadable one is.

A line read on after a line lost is read with the play of the lost line missing, so a rule
its figures break (a raise by what the lost line raised) says nothing of the line: such an
error is not listed.  What lets a line be read at all is the hand's seats (a line names a
seated player) and its sections (``*** SUMMARY ***``); a line that may have been a seat or
section line, or that may be unreadable only for one lost before it, cannot be told from a
damaged line, so the reader says which lines are *about a seated player*
(:func:`about_player`: they begin with a seated name; and any line of the summary, and the
table line, which seat no one) and the listing stops at any other line that cannot be read:
in doubt, a hand lists fewer lines, never a line that is right.

Some lines are lost whatever the others say, and a reader knows them before it reads the
hand (a line longer than :data:`~badugi_ledger.model.limits.MAX_LINE`, of which only the start
is held; Merge's lines that are not one whole element): they are listed wherever they are,
also after the listing of the others has stopped (:class:`Unread`'s ``lost``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..model.errors import BadugiError, ImportFormatError
from ..model.limits import MAX_LISTED, more_than_listed
from .draft import HandDraft

LISTED_RULES = frozenset(
    {"unrecognised-line", "bad-line", "bad-amount", "bad-card", "bad-number", "line-too-long"}
)
"""The rules of an error that a line has whatever the lines before it say: the line cannot be
read (its words, or an amount, card or number in them, or it is longer than any line a site
writes: :data:`~badugi_ledger.model.limits.MAX_LINE`)."""


def about_player(line: str, names: Iterable[str], after: tuple[str, ...] = ()) -> bool:
    """Whether ``line`` begins with a seated player's name (followed by a blank or a colon,
    as every site writes a player's line, or by nothing: the line cut short after it), or
    with one of the words ``after`` (``Dealt to``) followed by words that name one: a line of
    a player the seat lines named, which no lost seat or section line makes unreadable, and
    which is itself none of those.

    >>> about_player("Player3: raises x0 to 40", {"Player3"})
    True
    >>> about_player("Seat 3: Player3 (1500 in chips)", {"Player3"})
    False
    >>> about_player("Dealt to Hero [As", {"Hero"}, ("Dealt to ",))
    True
    """
    for name in names:
        if line.startswith(name) and line[len(name) : len(name) + 1] in ("", " ", ":"):
            return True
    for words in after:
        if line.startswith(words) and any(name in line[len(words) :] for name in names):
            return True
    return False


def stars_line_about_player(
    line: str, section: str, names: Iterable[str], after: tuple[str, ...]
) -> bool:
    """Whether ``line``, a line that could not be read of a hand in the PokerStars layout
    (PokerStars and KingsClub: ``*** ... ***`` section lines, a ``Table '...'`` line), stands
    on its own: a line of the summary, the table line (which seats no one), or a line
    :func:`about_player`; never a section line (``*** ``), which may be the one lost."""
    if line.startswith("*** "):
        return False
    return section == "summary" or line.startswith("Table '") or about_player(line, names, after)


class Listed:
    """A hand's errors of lines that cannot be read, in line order: the first
    :data:`~badugi_ledger.model.limits.MAX_LISTED`, and one more error, at the next such line,
    for the rest."""

    __slots__ = ("found",)

    def __init__(self) -> None:
        self.found: list[ImportFormatError] = []

    def add(self, error: ImportFormatError) -> bool:
        """List ``error``; False when the bound is reached (what it found past it is said).
        An error raised and caught is kept without its traceback: its frames hold the hand's
        lines and this list, a cycle that would hold every refused hand until the cyclic
        garbage collector runs."""
        error.__traceback__ = None
        if len(self.found) < MAX_LISTED:
            self.found.append(error)
            return True
        at = error.position
        self.found.append(
            ImportFormatError(
                more_than_listed(
                    f"line {at.line} cannot be read either, nor, it may be, lines after it",
                    "lines of a hand that cannot be read",
                ),
                position=at,
                hand=error.hand,
                rule=error.rule,
            )
        )
        return False

    @property
    def full(self) -> bool:
        """Whether the bound is reached: nothing more is listed."""
        return len(self.found) > MAX_LISTED

    def head(self, hand: str | None) -> ImportFormatError:
        """The first error, carrying the others, each naming ``hand`` where it names none."""
        head, *others = self.found
        for error in others:
            if error.hand is None:
                error.hand = hand
        head.others = tuple(others)
        return head


def listed(errors: Iterable[ImportFormatError], hand: str | None) -> ImportFormatError | None:
    """``errors``, of a hand's lines in line order, as the hand's one error: the first,
    carrying the others up to the bound (:class:`Listed`); None when there are none."""
    found = Listed()
    for error in errors:
        if not found.add(error):
            break
    return found.head(hand) if found.found else None


def lists(failed: BaseException | None, error: ImportFormatError) -> bool:
    """Whether ``failed``, a hand's error, is ``error`` or lists it among its others."""
    return isinstance(failed, ImportFormatError) and (failed is error or error in failed.others)


class Unread(Listed):
    """The lines of one hand that cannot be read, found as a reader walks it
    (:meth:`read_on` in its loop's ``except``, :meth:`done` after the loop).

    ``lost``: the 0-based lines the reader knows, before reading the hand, that cannot be
    read whatever the others say (too long; Merge's lines that are not one whole element,
    whose errors the reader raises at them): each is
    listed wherever it is; while one is still to come, the walk goes on past the point where
    the listing of the others stops (``ended``: from there only lost lines are listed)."""

    __slots__ = ("draft", "ended", "last_lost", "lost")

    def __init__(self, draft: HandDraft, lost: Collection[int] = ()) -> None:
        super().__init__()
        self.draft = draft
        self.lost = lost
        self.last_lost = max(lost, default=-1)
        self.ended = False

    def read_on(self, exc: Exception, index: int, about: bool, section: bool = False) -> None:
        """``exc`` was raised reading the hand's line ``index`` (0-based): return to read on
        past it, or raise what the hand reports.  ``about``: the line is about a seated player
        (:func:`about_player`), or is otherwise one that no line lost before it makes
        unreadable, and whose loss makes no later line unreadable; ``section``: it is a
        section line (``*** FIRST DRAW ***``), unreadable alone, but after which the section
        of every line is unknown.

        The first error is listed and the lines after it read on when it is at this line
        (of whatever rule: its line is lost to the later ones) and the line is about a player;
        else it is raised as it is, as before.  After it, a line that cannot be read
        (:data:`LISTED_RULES`) is listed when it is about a player; so is a section line,
        which ends the listing; an error of another rule at a line about a player is the play
        lost before it, and is passed over; anything else ends the listing (the hand's errors
        so far are raised).  A line of ``lost`` is listed wherever it comes (and, when it is
        not about a player, ends the listing of the others), and the listing ends only once
        none is left to come."""
        error = exc if isinstance(exc, ImportFormatError) else None
        at_line = error is not None and error.position.line == index + 1
        if error is not None and index in self.lost:
            if not self.add(error):
                raise self.raised() from None
            self.ended = self.ended or not about
            return
        if self.ended:
            return  # only the lost lines still to come are listed
        if not self.found:
            if error is None or not (at_line and about or self.last_lost > index):
                raise exc
            self.add(error)
            self.ended = not (at_line and about)  # else only the lost lines after it are
            return
        if error is not None and at_line and error.rule in LISTED_RULES and (about or section):
            if self.add(error) and about:
                return
            if self.full:
                raise self.raised() from None
        elif about and isinstance(exc, BadugiError):
            return
        if self.last_lost > index:
            self.ended = True
            return
        raise self.raised() from None

    def raised(self) -> ImportFormatError:
        """The hand's error (:meth:`head`), to raise: no longer held here, so that the frames
        its traceback holds hold it in no cycle."""
        head = self.head(self.draft.hand_id)
        self.found = []
        return head

    def done(self) -> None:
        """After the hand's last line: raise its lines that cannot be read, if any."""
        if self.found:
            raise self.raised()
