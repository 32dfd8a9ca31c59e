"""QPay's callback reaches the store; the store pushes a hint to the till whose invoice it is, and to no other."""

from __future__ import annotations

import queue

import requests

from pos_app.qpay import CallbackHint
from pos_app.storelink.hints import StoreHints

from .helpers import running_shop, simple_invoice


def test_a_payment_is_pushed_to_its_till_only(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        heard: dict[str, queue.Queue[CallbackHint]] = {"T1": queue.Queue(), "T2": queue.Queue()}
        states: list[bool] = []
        listeners = [StoreHints(shop.store.url, till, shop.keys[till], heard[till].put,
                                states.append if till == "T1" else None).start() for till in ("T1", "T2")]
        try:
            for listener in listeners:
                assert listener.connected.wait(10)
            created = shop.client("T1").create_invoice(simple_invoice("T1-0100", 4200))
            shop.pay(created.invoice_id)
            hint = heard["T1"].get(timeout=10)
            assert hint.invoice_id == created.invoice_id
            assert heard["T2"].empty()
            assert states == [True]
            assert "key" not in repr(listeners[0]).lower() or shop.keys["T1"] not in repr(listeners[0])
        finally:
            for listener in listeners:
                listener.stop()


def test_both_callback_forms_and_an_unknown_reference(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        heard: queue.Queue[CallbackHint] = queue.Queue()
        listener = StoreHints(shop.store.url, "T1", shop.keys["T1"], heard.put).start()
        try:
            assert listener.connected.wait(10)
            created = shop.client("T1").create_invoice(simple_invoice("T1-0101", 100))
            row = shop.store.context.invoices.by_invoice(created.invoice_id)
            assert row is not None
            url = shop.store.context.callback_url(row.ref)
            get = requests.get(url, params={"qpay_payment_id": "PAY-1"}, timeout=10)
            assert (get.status_code, get.text) == (200, "SUCCESS")
            assert heard.get(timeout=10) == CallbackHint(invoice_id=created.invoice_id, payment_id="PAY-1")
            post = requests.post(url, json={"invoice_id": created.invoice_id}, timeout=10)
            assert post.status_code == 200
            assert heard.get(timeout=10).invoice_id == created.invoice_id
            junk = requests.post(url, data=b"not json", timeout=10)
            assert junk.status_code == 200      # the reference names the invoice: the till checks anyway
            assert heard.get(timeout=10).invoice_id == created.invoice_id
            assert requests.get(f"{shop.store.url}/store/callback/nothing-like-it", timeout=10).status_code == 404
        finally:
            listener.stop()


def test_the_stream_needs_a_tills_key(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        answer = requests.get(f"{shop.store.url}/store/events", auth=("T1", "wrong"), timeout=10)
        assert answer.status_code == 401
        owner_key = shop.add_owner("owner")
        answer = requests.get(f"{shop.store.url}/store/events", auth=("owner", owner_key), timeout=10)
        assert answer.status_code == 403


def test_the_till_hears_when_the_store_stops_answering(store_db_url: str) -> None:
    with running_shop(store_db_url) as shop:
        states: queue.Queue[bool] = queue.Queue()
        listener = StoreHints(shop.store.url, "T1", shop.keys["T1"], lambda hint: None, states.put).start()
        try:
            assert states.get(timeout=10) is True
            shop.store.stop()
            assert states.get(timeout=15) is False
        finally:
            listener.stop()
