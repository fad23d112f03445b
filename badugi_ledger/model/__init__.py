"""The values every layer shares: cards, settings, events, results, money, errors and bounds.

Nothing here reads text, replays a hand or touches the ledger; every other subpackage imports
from here, and this package imports from none of them (``tests/test_architecture.py``).
"""
