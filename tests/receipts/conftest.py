"""Sales as the journal records them (a real SQLite journal), ready to print: paid to an individual, to an
organization, given back, with a cancelled receipt; and the shop's header."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pos_app.journal import Journal
from tests.cups_server import CUPSD, CupsServer, LoopbackPrinter
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


@pytest.fixture(scope="session")
def cups_session() -> Iterator[CupsServer]:
    """One throwaway CUPS server for the session (tests/cups_server.py), its raw queue printing to a loopback
    printer; skipped, saying why, only where cupsd is not installed (make test installs it)."""
    if CUPSD is None:
        pytest.skip("cupsd is not installed: make system-test-packages installs cups and cups-pdf")
    printer = LoopbackPrinter()
    server = CupsServer(raw_device=f"socket://127.0.0.1:{printer.port}")
    server.start()
    server.printer = printer
    yield server
    server.stop()
    printer.close()


@pytest.fixture
def cups(cups_session: CupsServer, monkeypatch: pytest.MonkeyPatch) -> CupsServer:
    """The CUPS server, which lp, lpstat, the till's IPP look-ups and libcups (Qt) of a new thread talk to."""
    for name, value in cups_session.env.items():
        monkeypatch.setenv(name, value)
    return cups_session
