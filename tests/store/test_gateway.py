"""The store as QPay's `/v2` API for the tills: one QPay session for all, each till its own invoices only."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
import requests

from pos_app.qpay import AuthenticationError, NotFoundError, QPayClient
from pos_app.store.credentials import CredentialError, add_credential

from .helpers import running_shop, simple_invoice


def test_tills_sell_through_one_qpay_session(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1", "T2", "T3")) as shop:
        clients = {till: shop.client(till) for till in ("T1", "T2", "T3")}
        made: dict[str, str] = {}

        def sell(till: str) -> None:
            for n in range(3):
                created = clients[till].create_invoice(simple_invoice(f"{till}-{n}", 1000 + n))
                made[f"{till}-{n}"] = created.invoice_id
                assert clients[till].paid_state(created.invoice_id, Decimal(1000 + n)).state == "UNPAID"

        threads = [threading.Thread(target=sell, args=(till,)) for till in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert len(made) == 9
        for number, invoice_id in made.items():
            shop.pay(invoice_id)
            assert clients[number[:2]].paid_state(invoice_id).is_paid
        assert shop.store.context.upstream.logins == 1
        logins = [r for r in shop.sandbox_requests() if r.get("path") == "/v2/auth/token"]
        assert len(logins) == 1


def test_a_wrong_key_or_another_tills_key_is_refused(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        for till, key in (("T1", "not the key"), ("T1", shop.keys["T2"]), ("T9", shop.keys["T1"]), ("", "")):
            answer = requests.post(f"{shop.store.url}/v2/auth/token", auth=(till, key), timeout=10)
            assert answer.status_code == 401, (till, answer.text)
            assert answer.json()["error_code"] == "AUTHENTICATION_FAILED"
        with pytest.raises(AuthenticationError):
            QPayClient(shop.store.url, "T1", shop.keys["T2"]).authenticate()
        # No token, a forged one, a refresh token used as an access token: 401 too.
        pair = shop.client("T1").authenticate()
        for token in ("", "x.y.z", pair.refresh_token):
            answer = requests.get(f"{shop.store.url}/v2/invoice/anything",
                                  headers={"Authorization": f"Bearer {token}"}, timeout=10)
            assert answer.status_code == 401


def test_a_till_never_sees_another_tills_invoice_or_payment(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        t1, t2 = shop.client("T1"), shop.client("T2")
        created = t1.create_invoice(simple_invoice("T1-0001", 2500))
        payment = shop.pay(created.invoice_id)
        payment_id = t1.paid_state(created.invoice_id).paid_payment_ids[0]
        with pytest.raises(NotFoundError):
            t2.get_invoice(created.invoice_id)
        with pytest.raises(NotFoundError):
            t2.check_payment(created.invoice_id)
        with pytest.raises(NotFoundError):
            t2.get_payment(payment_id)
        with pytest.raises(NotFoundError):
            t2.cancel_invoice(created.invoice_id)
        assert t2.find_invoice("T1-0001") is None
        assert list(t2.list_invoices().rows) == []
        assert [row.invoice_id for row in t1.list_invoices().rows] == [created.invoice_id]
        # Its owner sees it all.
        assert t1.get_payment(payment_id).object_id == created.invoice_id
        assert t1.find_invoice("T1-0001") is not None
        assert payment


def test_a_sender_invoice_no_is_one_tills(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        shop.client("T1").create_invoice(simple_invoice("SAME-1"))
        answer = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice("SAME-1"),
                               headers={"Authorization": f"Bearer {shop.client('T2').authenticate().access_token}"},
                               timeout=10)
        assert answer.status_code == 409


def test_a_create_sent_again_finds_the_first_invoice(store_db_url: str) -> None:
    """A till whose answer was lost sends the create again: the store looks it up, QPay makes no second one."""
    with running_shop(store_db_url) as shop:
        t1 = shop.client("T1")
        first = t1.create_invoice(simple_invoice("T1-0002", 1200))
        again = t1.create_invoice(simple_invoice("T1-0002", 1200))
        assert again.invoice_id == first.invoice_id
        creates = [r for r in shop.sandbox_requests() if r.get("path") == "/v2/invoice" and r.get("method") == "POST"]
        assert len(creates) == 1


def test_qpay_losing_the_answer_is_unknown_to_the_till_never_refused(store_db_url: str) -> None:
    """QPay made the invoice but its answer never reached the store: the store finds it by sender_invoice_no."""
    with running_shop(store_db_url) as shop:
        shop.fault(path_prefix="/v2/invoice", method="POST", drop=True, after_processing=True)
        created = shop.client("T1").create_invoice(simple_invoice("T1-0003", 1300))
        creates = [r for r in shop.sandbox_requests() if r.get("path") == "/v2/invoice" and r.get("method") == "POST"]
        assert len(creates) == 1 and created.invoice_id


def test_a_429_makes_every_till_wait_at_once(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        t1, t2 = shop.client("T1"), shop.client("T2")
        created = t1.create_invoice(simple_invoice("T1-0004"))
        t2.authenticate()
        shop.fault(path_prefix="/v2/payment/check", status=429, retry_after=30)
        token = t2.tokens.access_token()
        seen = []
        for client_token in (t1.tokens.access_token(), token):
            answer = requests.post(f"{shop.store.url}/v2/payment/check",
                                   json={"object_type": "INVOICE", "object_id": created.invoice_id},
                                   headers={"Authorization": f"Bearer {client_token}"}, timeout=10)
            seen.append(answer.status_code)
        assert seen[0] == 429
        assert seen[1] in (404, 429)    # T2's own check would also wait; this invoice is T1's: not found first
        third = requests.post(f"{shop.store.url}/v2/payment/check", json={"object_type": "INVOICE",
                              "object_id": created.invoice_id},
                              headers={"Authorization": f"Bearer {t1.tokens.access_token()}"}, timeout=10)
        assert third.status_code == 429 and int(third.headers["Retry-After"]) >= 1
        checks = [r for r in shop.sandbox_requests() if r.get("path") == "/v2/payment/check"]
        assert len(checks) == 1     # the store asked QPay once; the others waited without asking


def test_till_names_and_keys(store_db_url: str) -> None:
    with running_shop(store_db_url, ()) as shop:
        key = add_credential(shop.store.engine, "T1")
        assert len(key) >= 40
        with pytest.raises(CredentialError):
            add_credential(shop.store.engine, "T1")
        with pytest.raises(CredentialError):
            add_credential(shop.store.engine, "no spaces")
        from sqlalchemy import text
        with shop.store.engine.connect() as db:
            stored = db.execute(text("SELECT key_hash FROM credentials")).scalar_one()
        assert key not in stored


def test_a_create_asked_again_while_the_first_is_at_qpay_makes_one_invoice(store_db_url: str) -> None:
    """The till gave up waiting and asked again while QPay still worked on the first: the store never sends it
    twice. The second is looked up at QPay (the first made it, its answer is on the way: the same invoice) or,
    not there yet, answered 503 (unknown to the till); the first invoice stays the till's. (The second waits
    for the first a few seconds before it looks: here not at all; tests/store/test_copies.py has the wait.)"""
    with running_shop(store_db_url) as shop:
        shop.store.context.creating.wait_s = 0.0
        shop.fault(path_prefix="/v2/invoice", method="POST", delay_ms=3000, after_processing=True)
        token = shop.client("T1").authenticate().access_token
        headers = {"Authorization": f"Bearer {token}"}
        answers: list[requests.Response] = []
        first = threading.Thread(target=lambda: answers.append(requests.post(
            f"{shop.store.url}/v2/invoice", json=simple_invoice("T1-20261127-000009", 900), headers=headers,
            timeout=30)))
        first.start()
        deadline = threading.Event()
        for _ in range(100):                  # until the first is at QPay (its claim is written first)
            if shop.store.context.invoices.by_sender("T1-20261127-000009") is not None:
                break
            deadline.wait(0.05)
        again = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice("T1-20261127-000009", 900),
                              headers=headers, timeout=30)
        first.join(30)
        assert answers[0].status_code == 200
        invoice_id = answers[0].json()["invoice_id"]
        if again.status_code == 200:
            assert again.json()["invoice_id"] == invoice_id
        else:
            assert again.status_code == 503 and again.json()["error_code"] == "INVOICE_BEING_CREATED"
        creates = [r for r in shop.sandbox_requests() if r.get("path") == "/v2/invoice" and r.get("method") == "POST"]
        assert len(creates) == 1
        assert shop.client("T1").get_invoice(invoice_id).invoice_id == invoice_id
        # Asked a third time, now that it is made: the same invoice, looked up, not made again.
        assert shop.client("T1").create_invoice(simple_invoice("T1-20261127-000009", 900)).invoice_id == invoice_id


def test_bad_input_is_refused_before_anything_is_claimed(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        token = shop.client("T1").authenticate().access_token
        answer = requests.post(f"{shop.store.url}/v2/invoice", json=simple_invoice("T1-BAD", amount="abc"),
                               headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert answer.status_code == 400 and "amount" in answer.json()["message"]
        assert shop.store.context.invoices.by_sender("T1-BAD") is None
        assert shop.client("T1").create_invoice(simple_invoice("T1-BAD", 500)).invoice_id


def test_an_invoice_the_till_made_directly_is_its_own_at_the_store(store_db_url: str) -> None:
    """Sold directly with QPay while the store was down: settled later through the store, not "not found"."""
    with running_shop(store_db_url, ("T1", "T11")) as shop:
        from pos_app.qpay import QPayClient as Direct
        with Direct(shop.sandbox.url, "TEST_MERCHANT", "123456") as direct:
            made = direct.create_invoice(simple_invoice("T1-20261127-000042", 700, invoice_code="TEST_INVOICE"))
        shop.pay(made.invoice_id)
        assert shop.client("T1").paid_state(made.invoice_id).is_paid
        assert shop.client("T1").find_invoice("T1-20261127-000042") is not None
        with pytest.raises(NotFoundError):        # another till, even one whose name begins the same
            shop.client("T11").get_invoice(made.invoice_id)
        assert shop.client("T11").find_invoice("T1-20261127-000042") is None


def test_a_token_dies_with_its_key(store_db_url: str) -> None:
    from pos_app.store.credentials import remove_credential
    with running_shop(store_db_url) as shop:
        pair = shop.client("T1").authenticate()
        remove_credential(shop.store.engine, "T1")
        shop.add_till("T1")
        for path, token in (("/v2/auth/refresh", pair.refresh_token), ("/v2/invoice/list", pair.access_token)):
            answer = requests.post(f"{shop.store.url}{path}", json={}, timeout=10,
                                   headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 401, path


def test_a_qpay_refusal_keeps_its_meaning(store_db_url: str) -> None:
    """403 and 404 from QPay are refusals for the till, as from QPay itself; only silence is unknown."""
    from pos_app.qpay import PermissionDeniedError
    with running_shop(store_db_url) as shop:
        t1 = shop.client("T1")
        created = t1.create_invoice(simple_invoice("T1-20261127-000050", 800))
        shop.fault(path_prefix=f"/v2/invoice/{created.invoice_id}", method="DELETE", status=403)
        with pytest.raises(PermissionDeniedError):
            t1.cancel_invoice(created.invoice_id)
        shop.fault(path_prefix="/v2/payment/check", status=503, count=10)
        with pytest.raises(Exception) as lost:
            t1.check_payment(created.invoice_id)
        assert getattr(lost.value, "status", None) in (502, 503, 504)


def test_a_till_finds_its_invoice_by_its_own_placeholder_code(store_db_url: str) -> None:
    """A till at a store puts "STORE" as the invoice code (the store sets the shop's); its look-up after a lost
    answer asks by that code, and still finds the invoice."""
    with running_shop(store_db_url) as shop:
        t1 = shop.client("T1")
        created = t1.create_invoice(simple_invoice("T1-20261127-000060", 600))
        found = t1.find_invoice("T1-20261127-000060", invoice_code="STORE", amount=Decimal(600))
        assert found is not None and found.invoice_id == created.invoice_id
