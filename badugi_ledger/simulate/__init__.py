"""Random legal hands for tests and benchmarks (``badugi-ledger simulate``).

:mod:`.hand` plays one hand by random legal choices, with turn logic written independently of
the replay engine; :mod:`.sessions` deals whole sessions and writes them in our text format.
"""
