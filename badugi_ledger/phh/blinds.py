"""PHH's ``blinds_or_straddles``: whose blind is which of our forced bets, and the orders of
play PokerKit gives blinds that our table gives no game.

PokerKit lists the blinds by position from the button's left (reversed heads-up), and starts
the betting after the largest ``(blind posted, index)`` (``State._begin_betting``); our replay
has named blinds (``000``): the small and the big blind left of the button, heads-up the button
posting the small one, a game's only blind posted by the first player left of the button, and
straddles after the big blind.  Here the two meet: :func:`blind_seats` says which blind is
which (a lone blind of ``p1`` is a game's big blind), :func:`post_straddles` posts the
straddles as the replay plays them, and the orders no game of ours has are refused at the
field to mend, when a hand is read (:func:`refuse_orders_not_played`) or written
(:func:`heads_up_first_to_act`, which :mod:`.writer` asks too).

Why a module of its own: the reader and the writer both ask it, and the few rules of who
posts what stand side by side, apart from the fields and actions around them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn

from ..sites.draft import HandDraft
from .fields import HandFields


def blind_seat(which: int, count: int) -> int:
    """Index of the small (0) or big (1) blind; heads-up the button (p2) posts the small blind."""
    if count == 2:
        return 1 - which
    return which


def heads_up_first_to_act(
    players: Sequence[str],
    starting: Sequence[int],
    antes: Sequence[int],
    blinds: Sequence[int],
    fail: Callable[[str], NoReturn],
) -> None:
    """Refuse a heads-up hand whose first player to act before the first draw PokerKit would
    choose otherwise than our table, read or written.  ``blinds`` by player, ``p1`` (the big
    blind) first.

    We (``000``): the button, who posts the small blind, acts first when a big blind is
    posted.  PokerKit (``State._begin_betting``) has the player after the one with the largest
    ``(blind posted, index)`` act first: when both blinds are the same (blinds 2/2, or a big
    blind all-in for as much as the small blind), or the button's is the larger, that is the
    button, and ``p1`` acts first.  It matters only when both players still have chips to act
    with."""
    left = [starting[i] - min(antes[i], starting[i]) for i in (0, 1)]
    posted = [min(blinds[i], left[i]) for i in (0, 1)]
    pokerkit = 1 if posted[0] > posted[1] else 0
    ours = 1 if blinds[0] else 0
    if pokerkit != ours and left[0] > posted[0] and left[1] > posted[1]:
        fail(
            f"heads-up blinds of {posted[1]} (the button's) and {posted[0]}: PokerKit (PHH) "
            "takes the larger blind for the big blind, the button's when they are the same, and "
            f"has {players[pokerkit]} act first before the first draw, where "
            f"{players[ours]}, the button, does"
        )


def refuse_orders_not_played(
    fields: HandFields, posts: Sequence[tuple[int, int]], names: list[str], stacks: list[int]
) -> None:
    """Refuse, at ``blinds_or_straddles``, the blinds (``posts``: each player's ``(ante,
    blind)``, :func:`forced_bets`) with which PokerKit plays an order our table plays for no
    game: a blind of ``p2`` without one of ``p1`` (PokerKit has ``p1`` act before ``p2``);
    heads-up, the button's blind alone or as large as the other (:func:`heads_up_first_to_act`:
    PokerKit has ``p1`` act first)."""
    count = len(posts)
    if count > 2 and not posts[0][1] and posts[1][1]:
        fields.fail(
            "blinds_or_straddles",
            f"no blind from {names[0]} and {posts[1][1]} from {names[1]}: PokerKit has "
            f"{names[0]} act before {names[1]}, where the replay has a game's only blind posted "
            f"by the first player left of the button ({names[0]}), so it plays no such order",
        )
    if count == 2:
        _heads_up_lone_blind(fields, posts, names)
        heads_up_first_to_act(
            names,
            stacks,
            [ante for ante, _ in posts],
            [blind for _, blind in posts],
            lambda message: fields.fail("blinds_or_straddles", message),
        )


def _heads_up_lone_blind(
    fields: HandFields, posts: Sequence[tuple[int, int]], names: list[str]
) -> None:
    """Refuse a heads-up hand with the button's blind alone: PokerKit has the button post it and
    ``p1`` act first, where our table has a game's only blind posted by the player left of the
    button (``blinds 0/2``, :func:`~badugi_ledger.model.forced.blind_players`)."""
    if posts[1][1] and not posts[0][1]:
        fields.fail(
            "blinds_or_straddles",
            f"heads-up, the button ({names[1]}) posts the only blind ({posts[1][1]}) and "
            f"PokerKit has {names[0]} act first: the replay has a game's only blind posted by "
            f"the player left of the button ({names[0]}), so it plays no such order",
        )


def blind_seats(blinds: Sequence[int]) -> tuple[int | None, int]:
    """The indexes of the small and the big blind among each player's blind (as
    :func:`forced_bets` orders them: heads-up the button, ``p2``, posts the small blind).  A
    lone blind of ``p1`` (three players or more, nobody else posting one) is the big blind of
    a game without a small blind: PokerKit starts the betting after it and gives it the
    option, as the replay plays ``blinds 0/2`` (the first player left of the button posts it,
    :func:`~badugi_ledger.model.forced.blind_players`)."""
    count = len(blinds)
    if count > 2 and blinds[0] and not any(blinds[1:]):
        return None, 0
    return blind_seat(0, count), blind_seat(1, count)


def forced_bets(antes: list[int], blinds: list[int], count: int) -> list[tuple[int, int]]:
    """Each player's (ante, blind) as PokerKit reads the lists (reversed heads-up)."""
    if count == 2:
        return [(antes[1], blinds[1]), (antes[0], blinds[0])]
    return list(zip(antes, blinds, strict=True))


def post_straddles(
    draft: HandDraft,
    fields: HandFields,
    posts: list[tuple[int, int]],
    names: list[str],
    stacks: list[int],
    line: int,
) -> None:
    """The blinds of ``p3`` on (three players or more) as straddles, live blinds after the big
    blind, as PokerKit plays them: the betting starts after the largest ``(blind posted,
    index)`` (``State._begin_betting``), which acts last, and no blind counts as a raise
    (``HouseRules.fixed_limit_raises`` ``pokerkit``).  Our replay starts it after the last
    straddle posted, so the largest is posted last.  A straddle smaller than the big blind has
    PokerKit start after the big blind and the straddler act first: unless every such
    straddler is all-in (nobody to act), no order the replay plays, refused at
    ``blinds_or_straddles``, the field to mend."""
    left = [stacks[i] - draft.total_committed.get(names[i], 0) for i in range(len(posts))]
    posted = [min(blind, left[i]) for i, (_, blind) in enumerate(posts)]
    straddles = [i for i in range(2, len(posts)) if posts[i][1]]
    last = max(straddles, key=lambda i: (posted[i], i))
    start = max(range(len(posts)), key=lambda i: (posted[i], i))  # PokerKit's
    if start < 2 and any(posted[i] < left[i] for i in range(start + 1, last + 1)):
        fields.fail(
            "blinds_or_straddles",
            f"a straddle of {posted[last]} is smaller than the "
            f"{'big' if start == 1 else 'small'} blind ({posted[start]}): PokerKit starts the "
            f"betting after {names[start]}, its straddlers first, where the replay has a "
            "straddle act last",
        )
    for i in [*(i for i in straddles if i != last), last]:
        draft.post(names[i], "straddle", posted[i], posted[i] == left[i], line)
