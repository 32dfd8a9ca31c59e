"""A fresh journal file for each checkout test (the sandbox fixtures are suite-wide)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pos_app.journal import Journal


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1") as opened:
        yield opened
