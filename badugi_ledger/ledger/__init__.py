"""The chip ledger: a SQLite file of hands, postings, players, events and tournaments.

:mod:`.store` opens a ledger and brings it up to date with the migrations of :mod:`.schema`
(:mod:`.connection` the connection and its transactions, :mod:`.views` the SQL views over what
counts, :mod:`.location` where the ledger file is); :mod:`.importing` walks files, replays them and
stores each file in one transaction (:mod:`.rows` turns replayed hands into rows, pure;
:mod:`.file_transaction` stores a file, :mod:`.writer` its hands a batch at a time, with
:mod:`.hand_lookups`, :mod:`.file_events` and :mod:`.conflicts`; :mod:`.report` says what
happened; :mod:`.hand_content` and :mod:`.fingerprints` identify a hand across imports).
:mod:`.tournament_results` and :mod:`.prizes` place players and pay prizes (the organiser's terms
in :mod:`.tournament_terms`, following moved hands in :mod:`.moved_terms`, an import's warnings
in :mod:`.tournament_warnings`), :mod:`.event_lookup` finds and names events, :mod:`.players`
merges aliases, :mod:`.corrections` voids and audits, :mod:`.unvoids` takes an organiser's void
back.  Reports (:mod:`badugi_ledger.reports`) read
from here; nothing here reads them.
"""
