"""Our hand-history text format: reading it into events and writing events back as text.

The grammar itself is ``grammar/hand_history.lark`` (shipped in a wheel as
``badugi_ledger/_grammar``); :mod:`.grammar` loads it with its analysed tables, :mod:`.parse`
reads a file (:mod:`.headers` for a hand's header lines, :mod:`.transformer` and
:mod:`.plainlines` for its body, :mod:`.hints` for what a mistake most likely was) and
:mod:`.writer` writes a record back as text.
"""
