"""A fresh journal file for each checkout test (the sandbox fixtures are suite-wide), and the till's PosAPI desk
on the session's PosAPI sandbox."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.journal import Journal
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy

POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.sqlite3", "T1") as opened:
        yield opened


@pytest.fixture
def desk(posapi_server) -> Iterator[PosApiDesk]:  # type: ignore[no-untyped-def]
    """Receipts through the session's PosAPI sandbox, asked once (no retries), as the till's desk asks them."""
    client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES, timeout=(2, 2))
    made = PosApiDesk(client, EbarimtLookupClient(posapi_server.url, retry_policy=NO_RETRIES), PosApiSetup(POS))
    yield made
    made.close()
