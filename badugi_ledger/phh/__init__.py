"""The Poker Hand History standard (PHH): reading ``.phh``/``.phhs`` files and writing them.

:mod:`.reader` turns a PHH hand into a :class:`~badugi_ledger.model.events.HandRecord` (the
same records our text format and the site readers produce), :mod:`.split` cuts a file into
hands, :mod:`.fast` reads the plain TOML subset PHH uses, :mod:`.fields` checks its fields, and
:mod:`.writer` writes a record back as PHH (``convert --to phh``).
"""
