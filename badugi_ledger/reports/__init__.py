"""What the ledger tells a club: standings, exports, the HTML page, settle-up and tournament
results.  Everything here reads the ledger (:mod:`badugi_ledger.ledger`) and shapes it for
people; nothing below imports from here.
"""
