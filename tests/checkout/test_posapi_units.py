"""Every receipt line carries its `measureUnit`, which PosAPI 3.0 requires (issue 31, point 12): what one of its
quantity is, from the catalog the line came from, kept in the journal and sent to the PosAPI sandbox, which
refuses an item without it as PosAPI does."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.domain.cart import Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import INDIVIDUAL, ReceiptVia
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal, JournalStatus
from pos_app.posapi import EbarimtLookupClient, PosApiClient, PosIdentity, RetryPolicy
from pos_app.posapi.builders import ReceiptLine, build_receipt, receipt_unit
from pos_app.posapi.receipt_request import PaymentEntry
from tests.ui.posapi_control import PosApiControl

UB = ZoneInfo("Asia/Ulaanbaatar")
POS = PosIdentity(merchant_tin="37900846788", pos_no="T1", branch_no="1", district_code="2501")
NO_RETRIES = RetryPolicy(max_attempts=1, base_delay=0, max_delay=0, jitter=0)

APPLES = CatalogItem("2100042", "Алим", Decimal("12997.05"), "", "", False, unit="kg")      # sold by weight
CHEESE = CatalogItem("2100043", "Бяслаг", Decimal("3456.00"), "", "", False, unit="кг")
MILK = CatalogItem("4820000000017", "Сүү 1л", Decimal("3500"), "", "", True)                 # a piece: "ш"
JUICE = CatalogItem("4820000000024", "Жүүс", Decimal("1200"), "", "", False, unit="л")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 10, 0, tzinfo=UB)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def test_each_line_is_sent_with_the_unit_of_its_quantity(tmp_path: Path, posapi_server) -> None:
    cart = Cart()
    cart.add_weighed(APPLES, Decimal("0.733"))            # a scale's weight label: 0.733 kg
    cart.add_weighed(CHEESE, 1, Decimal("1728.50"))       # a scale's price label: one package at its price
    cart.add_item(MILK, 2)                                # counted
    cart.add_item(APPLES, Decimal("1.25"))                # sold by weight, typed in kg
    cart.add_item(JUICE, 3)                               # the shop's own unit
    cart.add_free_line("Уут", 1, Decimal("100"))          # a line typed in: a piece
    total = cart.total
    path, clock = tmp_path / "journal.sqlite3", Clock()
    with Journal(path, "T1", clock=clock) as journal:
        number = journal.tenders.begin(cart.lines, total, cart.taxes,
                                       Tendering(total).cash_tender(Decimal(50_000)), ReceiptVia.POSAPI)
    # Read back from the journal file, as after a restart: the units are the journal's, not the cart's.
    with Journal(path, "T1", clock=clock) as journal:
        assert [line.unit for line in journal.queries.get(number).lines] == ["кг", "ш", "ш", "kg", "л", "ш"]
        client = PosApiClient(posapi_server.url, retry_policy=NO_RETRIES, timeout=(2, 2))
        desk = PosApiDesk(client, EbarimtLookupClient(posapi_server.url, retry_policy=NO_RETRIES), PosApiSetup(POS))
        try:
            done = desk.issue(journal, number, INDIVIDUAL)
        finally:
            desk.close()
    assert done.status is JournalStatus.COMPLETED and not done.owes_receipt
    [made] = PosApiControl(posapi_server.url).receipts()
    items = [item for receipt in made["response"]["receipts"] for item in receipt["items"]]
    assert [(item["name"], item["measureUnit"]) for item in items] == [
        ("Алим", "кг"), ("Бяслаг", "ш"), ("Сүү 1л", "ш"), ("Алим", "кг"), ("Жүүс", "л"), ("Уут", "ш")]


def test_the_receipts_unit_is_never_blank_and_a_kilogram_is_always_written_alike() -> None:
    assert [receipt_unit(unit) for unit in ("kg", "KG", " Kg ", "кг", "КГ", "ш", "л", "", "   ")] == [
        "кг", "кг", "кг", "кг", "кг", "ш", "л", "ш", "ш"]
    request = build_receipt(POS, [ReceiptLine("Алим", Decimal("0.5"), Decimal("1000"), measure_unit="kg"),
                                  ReceiptLine("Талх", Decimal(1), Decimal("1000"), measure_unit="")],
                            [PaymentEntry.cash(Decimal(1500))], bill_id_suffix="1")
    assert [item["measureUnit"] for item in request.to_payload()["receipts"][0]["items"]] == ["кг", "ш"]
