"""Site hand histories -> the same :class:`~badugi_ledger.model.events.HandRecord` our own
text format produces, so ``check``, ``import`` and everything downstream work unchanged.

One module per site (:mod:`.pokerstars`, :mod:`.fulltilt`, :mod:`.merge`, :mod:`.kingsclub`,
:mod:`.winamax`); what they share is in :mod:`.files` (decoding, bounds on lines, cutting a
file into hands), :mod:`.common` (what a reader yields, money as integers) and :mod:`.draft`
(one hand being read), and how stacks carry from hand to hand of a site table in :mod:`.carry`.
The standard PHH format has its own subpackage, :mod:`badugi_ledger.phh`.
Each reader yields, in file order, a record, a
:class:`~badugi_ledger.model.errors.ImportFormatError` naming why a hand cannot be read (rules
such as ``cancelled-hand``, ``corrupt-hand``, ``partial-hand``, ``unrecognised-line``), a
:class:`~.common.SkippedHand` for a hand of another game, or a :class:`~.common.SiteWarning`
(a hand seems to be missing) just before the hand it concerns.  Format detection and dispatch
(``READERS``) live in :mod:`badugi_ledger.sources`.
"""
