"""``python -m badugi_ledger``: the ``badugi-ledger`` command, for an environment whose
scripts folder is not on the ``PATH`` (and for ``python -X importtime -m badugi_ledger``)."""

from .console import main

if __name__ == "__main__":
    main()
