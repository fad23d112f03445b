"""What many tests share: where the examples, fixtures and shared corpus are (:mod:`.paths`),
and builders of hands and ledgers (:mod:`.replay_builder`, :mod:`.ledger_builder`,
:mod:`.ledger_dump`, :mod:`.reference_hands`)."""
