"""badugi-ledger: record, check, pay out and keep a chip ledger of Badugi-family hands.

Data flows one way, and so do imports: ``text`` (or ``sites``/``phh``, chosen by ``sources``)
-> frozen events (``model``) -> ``replay`` -> hand values and pots (``hands``) -> ``ledger``
(SQLite) -> ``reports`` -> ``cli``; ``docs/architecture.md`` draws the layers.

The Python API (docs/api.md) is the handful of names in :data:`__all__`: open a ledger, check
or import hand files, and read hands, postings and standings as pandas DataFrames.  Each name
is defined in its own module and is looked up there on first use (:func:`__getattr__`), so
``import badugi_ledger`` loads nothing else: a script that only checks files never pays for
the ledger or for pandas.  Every function that reads or writes a ledger takes an open one
(the :class:`sqlite3.Connection` that :func:`open_ledger` returns); paths and printing are the
command line's business.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_HOMES = {
    "open_ledger": ("ledger.store", "open_ledger"),
    "ledger_at": ("ledger.store", "ledger_at"),
    "run_check": ("check", "run_check"),
    "import_paths": ("ledger.importing", "import_paths"),
    "hands_frame": ("reports.export", "hands_frame"),
    "postings_frame": ("reports.export", "postings_frame"),
    "standings_frame": ("reports.standings", "standings"),
    "StandingsOptions": ("reports.standings", "StandingsOptions"),
}
"""Each public name: the module that defines it and its name there."""

__all__ = [
    "StandingsOptions",
    "hands_frame",
    "import_paths",
    "ledger_at",
    "open_ledger",
    "postings_frame",
    "run_check",
    "standings_frame",
]

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ finds the same objects
    from .check import run_check as run_check
    from .ledger.importing import import_paths as import_paths
    from .ledger.store import ledger_at as ledger_at
    from .ledger.store import open_ledger as open_ledger
    from .reports.export import hands_frame as hands_frame
    from .reports.export import postings_frame as postings_frame
    from .reports.standings import StandingsOptions as StandingsOptions
    from .reports.standings import standings as standings_frame


def __getattr__(name: str) -> object:
    """The public name ``name``, imported from its module the first time it is used."""
    try:
        module, attribute = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module 'badugi_ledger' has no attribute {name!r}") from None
    value = getattr(import_module(f".{module}", __name__), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
