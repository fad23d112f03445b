"""Where the ledger file is when a command is not told: one name for every command.

``club.db`` in the current folder (the name the README uses), unless the environment variable
``BADUGI_LEDGER_DB`` names another file; ``--db FILE`` on the command line wins over both.
Kept apart from :mod:`badugi_ledger.ledger.store` so the command line can name the default without
importing the database layer.
"""

from __future__ import annotations

DEFAULT_DB = "club.db"
"""The ledger file a command uses when neither ``--db`` nor :data:`LEDGER_ENV` names one."""

LEDGER_ENV = "BADUGI_LEDGER_DB"
"""The environment variable that names the ledger file for every command."""
