"""Hands and pots: what a hand is worth in each game, how a pot is divided, and the table
dispute calculator.

:mod:`.value` holds what every value shares (the card bits), :mod:`.badugi` the Badugi
ranking, :mod:`.low` the A-5 and 2-7 lows, :mod:`.evaluate` the per-game view (the halves of a
game's pot, the Progressive qualifier, :func:`~.evaluate.evaluate`), :mod:`.pots` the division
of a pot (side pots, halves, odd chips) and :mod:`.dispute` the ``showdown`` command's library.
Pure functions of values: the replay (:mod:`badugi_ledger.replay`) calls them, never the
other way round.
"""
