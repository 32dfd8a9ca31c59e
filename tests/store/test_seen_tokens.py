"""A till's token is checked once and remembered a few seconds (`callers.SeenTokens`): a till removed is still
refused within that bound, and a token never outlives its expiry. The clocks are the test's own."""

from __future__ import annotations

import requests

from pos_app.store.callers import TOKEN_RECHECK_S, SeenTokens
from pos_app.store.credentials import Caller, remove_credential

from .helpers import running_shop, simple_invoice


class SettableClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_removed_till_is_refused_once_its_token_is_looked_at_again(store_db_url: str) -> None:
    clock = SettableClock(1000.0)
    with running_shop(store_db_url) as shop:
        shop.store.context.seen_tokens = SeenTokens(clock=clock)
        token = shop.client("T1").authenticate().access_token
        headers = {"Authorization": f"Bearer {token}"}
        created = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice("T1-20261127-000001"),
                                headers=headers, timeout=10)
        assert created.status_code == 200, created.text
        invoice_url = f"{shop.store.url}/v2/invoice/{created.json()['invoice_id']}"
        assert requests.get(invoice_url, headers=headers, timeout=10).status_code == 200
        remove_credential(shop.store.engine, "T1")
        clock.now += TOKEN_RECHECK_S
        assert requests.get(invoice_url, headers=headers, timeout=10).status_code == 401
        again = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice("T1-20261127-000002"),
                              headers=headers, timeout=10)
        assert again.status_code == 401


def test_a_token_is_remembered_until_the_recheck_and_never_past_its_expiry() -> None:
    clock, wall = SettableClock(0.0), SettableClock(5000.0)
    seen = SeenTokens(size=2, recheck_s=5.0, clock=clock, wall_clock=wall)
    till = Caller("T1", "till", "", "gen")
    seen.keep("a", till, expires_at=5003.0)
    assert seen.till("a") == till
    wall.now = 5003.0
    assert seen.till("a") is None                    # expired: forgotten even within the recheck
    seen.keep("b", till, expires_at=9999.0)
    clock.now = 4.9
    assert seen.till("b") == till
    clock.now = 5.0
    assert seen.till("b") is None                    # its key is looked at again
    for token in ("token-c", "token-d", "token-e"):
        seen.keep(token, till, expires_at=9999.0)
    assert seen.till("token-c") is None and seen.till("token-e") == till   # bounded: the least recently used goes
    assert "token" not in repr(seen)
