"""An import process stays light: it never loads pandas, and pandas still works after it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers.paths import EXAMPLES


def test_an_import_process_does_not_load_pandas(tmp_path: Path) -> None:
    """sqlite-utils would import pandas and numpy (≈1 s, ≈95 MB per process) only to map their
    types; the store imports it without them (``store._import_sqlite_utils_without_pandas``),
    and pandas still imports normally afterwards (standings, export)."""
    script = (
        "import sys\n"
        "from badugi_ledger.ledger.importing import import_paths\n"
        "from badugi_ledger.ledger.store import ledger_at\n"
        f"with ledger_at({str(tmp_path / 'club.db')!r}) as ledger:\n"
        f"    report = import_paths(ledger, [{str(EXAMPLES)!r}])\n"
        "assert report.stored > 10, report.as_dict()\n"
        "print(sorted(m for m in ('pandas', 'numpy') if m in sys.modules))\n"
        "import pandas, sqlite_utils\n"
        "print(len(pandas.DataFrame({'a': [1, 2]})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]", "2"]
