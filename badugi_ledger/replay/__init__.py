"""The replay engine: a hand record in, its computed result (or the first broken rule) out.

* :func:`replay_hand` replays one :class:`~badugi_ledger.model.events.HandRecord`, pure: it
  raises :class:`~badugi_ledger.model.errors.IllegalAction` (``rule`` names the rule,
  ``position`` the event) for the first illegal thing and returns a
  :class:`~badugi_ledger.model.results.HandResult` whose ``violations`` list every recorded figure
  that disagrees with the computed one.
* :func:`replay_stream` replays a stream of hands lazily, carrying stacks, a Progressive Badugi
  pot and eliminations from hand to hand of each table.

Modules: :mod:`.state` (the mutable hand state), :mod:`.seating` (who sits and who is dealt in,
what a hand's seats may not be), :mod:`.betting` (forced bets, turns, calls), :mod:`.raises`
(bet and raise sizes under the betting structures, who may raise), :mod:`.draws` (cards and the
stub), :mod:`.hand` (a hand's walk of its events), :mod:`.phases` (phases and turn order),
:mod:`.side_pots` (uncalled bets, side pots, dividing a pot), :mod:`.showdown` (the showdown,
rake, awarding, verification of the record), :mod:`.unshown` (a showdown with unknown cards,
settled from the record), :mod:`.table` (hand to hand: the tracker), :mod:`.stream` (the stream
of hands around it), :mod:`.verdicts` (what a hand that broke a rule says), :mod:`.carried`
(what a table carries from hand to hand), :mod:`.unread` (what a table goes on from after a
hand that could not be read), :mod:`.unknown_pot` (a Progressive hand whose carried-in pot is
unknown), :mod:`.button` (the button from hand to hand).
"""

from __future__ import annotations

from .hand import replay_hand
from .stream import replay_stream
from .table import INCOMPLETE_RULES, TableState, TableTracker, error_violation

__all__ = [
    "INCOMPLETE_RULES",
    "TableState",
    "TableTracker",
    "error_violation",
    "replay_hand",
    "replay_stream",
]
