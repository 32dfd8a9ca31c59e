"""Sales as the journal records them (a real SQLite journal), ready to print: paid to an individual, to an
organization, given back, with a cancelled receipt; and the shop's header."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pos_app.journal import Journal
from pos_app.receipts.samples import (  # noqa: F401 - the tests import the sample constants from here
    LINES,
    LOTTERY,
    ORGANIZATION,
    PRINTED_AT,
    QR_DATA,
    RECEIPT_ID,
    SHOP,
    TAXES,
    TOTAL,
    Sales,
    SteppingClock,
)


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    opened = Journal(tmp_path / "journal.sqlite3", "T1", clock=SteppingClock())
    yield opened
    opened.close()


@pytest.fixture
def sales(journal: Journal) -> Sales:
    return Sales(journal)
