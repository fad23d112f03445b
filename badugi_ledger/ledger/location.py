"""Where the ledger file is when a command is not told: one name for every command, and the
paths that name no ledger.

``club.db`` in the current folder (the name the README uses), unless the environment variable
``BADUGI_LEDGER_DB`` names another file; ``--db FILE`` on the command line wins over both.
Kept apart from :mod:`badugi_ledger.ledger.store` so the command line can name the default without
importing the database layer.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_DB = "club.db"
"""The ledger file a command uses when neither ``--db`` nor :data:`LEDGER_ENV` names one."""

LEDGER_ENV = "BADUGI_LEDGER_DB"
"""The environment variable that names the ledger file for every command."""


def bare_ledger() -> str:
    """The ledger file a command given no ``--db`` opens here and now: :data:`LEDGER_ENV`'s
    file when the variable is set (set but empty, a command refuses to run), else
    :data:`DEFAULT_DB` of the current folder - the rule ``--db``'s option applies
    (:data:`badugi_ledger.cli.common.DbOption`), said for the commands a message prints."""
    return os.environ.get(LEDGER_ENV) or DEFAULT_DB


def ledger_path_refused(path: str | Path, *, new: bool) -> str | None:
    """Why ``path`` cannot name the ledger, else None, by the rule for every path a command is
    given (:func:`badugi_ledger.file_choice.empty_path`,
    :func:`~badugi_ledger.file_choice.split_name`, as hand files are refused): an empty path
    names no ledger (it was this folder, or the default ledger of the current folder when the
    variable was set but empty); a name holding a line break is refused when the ledger would
    be made (``new``): every command that writes ends with ``ledger: FILE``, which such a name
    would split.  A ledger that exists under such a name is opened, and its name written
    visibly wherever it is shown (the one way to read it before renaming it)."""
    from ..file_choice import empty_path, split_name

    empty = empty_path(path)
    if empty is not None:
        return f"{empty}: name the ledger's file (--db {DEFAULT_DB})"
    split = split_name(path) if new else None
    return None if split is None else f"{split}: name the new ledger another way"
