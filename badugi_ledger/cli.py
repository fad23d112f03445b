"""The ``badugi-ledger`` command line: each command parses options, calls one library
function and renders its result.  No rules and no SQL live here.  Heavy libraries (pandas)
are imported inside the commands that need them so ``--help`` starts fast.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

from .errors import BadugiError

app = typer.Typer(
    name="badugi-ledger",
    help="Record, check, pay out and keep a chip ledger of Badugi-family poker hands.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    """Print one ``Error: …`` line on stderr and exit 1."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(1)


# --- showdown (issue 2) -------------------------------------------------------------------
# --- end showdown --------------------------------------------------------------------------

# --- parse (issue 3) ----------------------------------------------------------------------
# --- end parse -----------------------------------------------------------------------------

# --- check (issue 4) ----------------------------------------------------------------------
# --- end check -----------------------------------------------------------------------------

# --- ledger: import, standings, settle, export, report (issue 5) ---------------------------
# --- end ledger ----------------------------------------------------------------------------

# --- convert (issue 6) ---------------------------------------------------------------------
# --- end convert ---------------------------------------------------------------------------

# --- simulate (issue 7) --------------------------------------------------------------------
# --- end simulate --------------------------------------------------------------------------


def main() -> None:
    """Console entry point: library errors become one ``Error:`` line and exit status 1."""
    try:
        app()
    except BadugiError as exc:
        typer.echo(f"Error: {exc}", err=True)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
