"""Who owes which forced bet: the one rule the reader (for a hand that writes no ``posts``)
and the replay (who owes the blinds, the posts no record wrote) both follow.

It is worked out from the players **dealt in**, clockwise from the button's left.  The reader
knows who sits out but not the stacks, so it gives every listed player who does not sit out;
the replay, which knows the stacks, leaves out a player with no chips at the deal
(:mod:`badugi_ledger.replay.state`) and asks again when that changes who posts what.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .events import Post
from .games import GAMES
from .settings import GameSettings

__all__ = ["blind_players", "forced_posts", "small_blind_dead"]


def blind_players(
    settings: GameSettings, dealt: Sequence[str], button: str
) -> tuple[str | None, str | None]:
    """Who owes the small and the big blind among ``dealt`` (clockwise from the button's
    left): ``000``, the two players left of the button; **heads-up the button posts the small
    blind**.  A game with one blind only (``blinds 0/2``) has the first player left of the
    button post it.  ``(None, None)`` with fewer than two players dealt in."""
    if len(dealt) < 2:
        return None, None
    if len(dealt) == 2 and button in dealt:
        sb, bb = button, dealt[0]
    else:
        sb, bb = dealt[0], dealt[1]
    if settings.small_blind and settings.big_blind:
        return sb, bb
    if settings.big_blind:
        return None, dealt[0]
    if settings.small_blind:
        return dealt[0], None
    return None, None


def forced_posts(
    settings: GameSettings, dealt: Sequence[str], button: str, *, redeal: bool = False
) -> tuple[Post, ...]:
    """The forced bets the settings imply for the players ``dealt`` in (clockwise from the
    button's left), amounts left to the settings (``None``): the antes first, from every one
    of them in that order, then the blinds (:func:`blind_players`).  A player all-in for less
    posts what he has; that is the replay's to count.  A Progressive Badugi redeal posts
    again only under ``redeal-posts yes`` (``002``, seeds README item 5); ``redeal`` (the
    table's previous hand carried its pot) makes a redeal only of a Progressive Badugi hand:
    a hand of another game after it (a mixed night) posts its blinds as that game does
    (``000``).  None with fewer than two players dealt in."""
    redeal = redeal and GAMES[settings.game].progressive
    if (redeal and not settings.house.redeal_posts) or len(dealt) < 2:
        return ()
    posts: list[Post] = []
    if settings.ante:
        posts.extend([Post(p, "ante") for p in dealt])
    small, big = blind_players(settings, dealt, button)
    if small is not None:
        posts.append(Post(small, "small-blind"))
    if big is not None:
        posts.append(Post(big, "big-blind"))
    return tuple(posts)


def small_blind_dead(
    small: str | None, big: str | None, posted: Mapping[str, Collection[str]], dealt: int
) -> bool:
    """Whether a hand's small blind is dead: with three or more ``dealt`` in, the player who
    owes it (``small``) posts the big blind, and nobody posts a small blind or the big blind's
    owner (``big``) a big blind; ``posted``: the kinds of forced bets each player posted.  The
    TDA's dead button: after the big blind's player busts or leaves, the next hand's small
    blind falls on an empty seat (README, house rules: "a dead small blind";
    :func:`badugi_ledger.replay.betting.dead_small_blind`)."""
    if small is None or big is None or dealt < 3:
        return False
    if "big-blind" not in posted.get(small, ()) or "big-blind" in posted.get(big, ()):
        return False
    return not any("small-blind" in kinds for kinds in posted.values())
