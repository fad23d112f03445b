"""badugi-ledger: record, check, pay out and keep a chip ledger of Badugi-family hands.

Data flows one way: text -> ``parse`` -> frozen events (``events``) -> ``replay`` -> pots and
showdown (``pots``) -> ledger postings -> ``store`` (SQLite) -> reports -> ``cli``.
"""

__version__ = "0.1.0"
