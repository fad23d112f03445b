"""The ``badugi-ledger`` command's entry point, apart from :mod:`.cli` so that Ctrl-C while
the command line's modules load ends the command as Ctrl-C anywhere else does.

Loading :mod:`.cli` (typer, click, the commands' declarations) takes a few tenths of a second
before :func:`.cli.main` can answer Ctrl-C itself; an entry point in :mod:`.cli` would be
loaded by the console script's own ``from badugi_ledger.cli import main``, outside any code of
ours, and Ctrl-C then printed Python's traceback of that import.  Here the import is the
first thing the command does, inside its own ``try``: status 130, no traceback.
"""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130
"""Ctrl-C's exit status, 128 + SIGINT (as :data:`.cli.common.EXIT_INTERRUPTED`, which this
module cannot import before the command line is loaded)."""


def main() -> None:
    """Load the command line and run the command of ``sys.argv``."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    run()
