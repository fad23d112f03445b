"""badugi-ledger: record, check, pay out and keep a chip ledger of Badugi-family hands.

Data flows one way, and so do imports: ``text`` (or ``sites``/``phh``, chosen by ``sources``)
-> frozen events (``model``) -> ``replay`` -> hand values and pots (``hands``) -> ``ledger``
(SQLite) -> ``reports`` -> ``cli``; ``docs/architecture.md`` draws the layers.  Nothing is
imported here, so importing a subpackage loads only what it needs.
"""

__version__ = "0.1.0"
