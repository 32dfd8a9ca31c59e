"""The journal's steps of a partly paid sale (sale_invoices.py): invoices for the rest under their own
numbers, and the part given back while the sale is still open."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, PaymentSeen
from pos_app.domain.taxes import TaxSplit
from pos_app.journal import Journal, JournalError, JournalStatus, ReversalStatus, schema
from pos_app.journal.sale_invoices import InvoiceStatus

TOTAL = Decimal(10000)
PART = (PaymentSeen("p1", Decimal(4000), "Хаан банк", "CARD"),)


def _open_sale(journal: Journal) -> str:
    number = journal.begin_sale([CartLine("Сүү", Decimal(1), TOTAL)], TOTAL, TaxSplit(Decimal(900), Decimal(0)))
    journal.invoice_opened(number, OpenInvoice("inv-1", "qr-1"))
    return number


def test_the_rest_has_its_own_number_each_time(journal: Journal) -> None:
    number = _open_sale(journal)
    first = journal.remainder_started(number, Decimal(6000), PART)
    assert first == f"{number}-2"
    journal.remainder_opened(number, first, OpenInvoice("inv-2", "qr-2", short_url="https://s/2"))
    journal.remainder_cancel_started(number, first)
    journal.remainder_cancelled(number, first)
    second = journal.remainder_started(number, Decimal(6000), PART)
    journal.remainder_failed(number, second, "refused: INVALID_AMOUNT")
    rows = journal.invoices_of(number)
    assert [(row.sender_invoice_no, row.status) for row in rows] == [
        (f"{number}-2", InvoiceStatus.CANCELLED), (f"{number}-3", InvoiceStatus.FAILED)]
    assert rows[0].invoice == OpenInvoice("inv-2", "qr-2", short_url="https://s/2") and not rows[0].is_live
    assert rows[1].failure == "refused: INVALID_AMOUNT" and rows[1].invoice is None
    kinds = [kind for _, kind, _ in journal.events(number)]
    assert kinds[2:] == ["remainder_started", "remainder_opened", "remainder_cancel_started", "remainder_cancelled",
                         "remainder_started", "remainder_failed"]
    assert journal.get(number).status is JournalStatus.OPEN


def test_the_rest_must_be_the_total_less_the_part(journal: Journal) -> None:
    number = _open_sale(journal)
    with pytest.raises(JournalError, match="rest"):
        journal.remainder_started(number, Decimal(5000), PART)
    with pytest.raises(JournalError):
        journal.remainder_started(number, Decimal(0), ())


def test_one_rest_at_a_time_while_its_answer_is_unknown(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.remainder_started(number, Decimal(6000), PART)
    with pytest.raises(JournalError, match="still being created"):
        journal.remainder_started(number, Decimal(6000), PART)


def test_only_an_open_sale_gets_an_invoice_for_the_rest(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.payments_seen(number, [PaymentSeen("p1", TOTAL)])
    with pytest.raises(JournalError, match="paid"):
        journal.remainder_started(number, Decimal(6000), PART)


def test_the_part_given_back_is_recorded_on_the_open_sale(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.part_reversal_started(number, PART, "customer left")
    with pytest.raises(JournalError, match="given back"):
        journal.remainder_started(number, Decimal(6000), PART)     # not while the money goes back
    journal.part_reversal_done(number, Decimal(4000))
    journal.cancel_started(number)
    journal.invoice_cancelled(number)
    sale = journal.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == Decimal(4000) and sale.payments == PART and sale.reversal_reason == "customer left"
    assert not sale.money_kept and not sale.can_reverse


def test_only_card_payments_are_given_back_and_a_refusal_is_kept(journal: Journal) -> None:
    number = _open_sale(journal)
    with pytest.raises(JournalError, match="card"):
        journal.part_reversal_started(number, [PaymentSeen("p1", Decimal(4000), kind="P2P")], "customer left")
    journal.part_reversal_started(number, PART, "customer left")
    with pytest.raises(JournalError):
        journal.part_reversal_started(number, PART, "again")
    journal.part_reversal_failed(number, "refused: PAYMENT_NOT_PAID")
    sale = journal.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.failure == "refused: PAYMENT_NOT_PAID"
    journal.part_reversal_started(number, PART, "customer left")      # the cashier may try again


def test_a_version_4_file_gets_the_table(path: Path) -> None:
    Journal(path, "T1").close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE sale_invoices")
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()
    with Journal(path, "T1") as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION >= 5
        assert journal.invoices_of("T1-20261121-000001") == ()


def test_the_day_close_counts_a_part_given_back_as_paid_and_given_back(journal: Journal) -> None:
    # The money came and went: both show, so the day's net is right and nothing is hidden from the accountant.
    from pos_app.journal.day_summary import load_day

    number = _open_sale(journal)
    journal.part_reversal_started(number, PART, "customer left")
    journal.part_reversal_done(number, Decimal(4000))
    journal.cancel_started(number)
    journal.invoice_cancelled(number)
    day = journal.get(number).created_at.date()
    summary = load_day(journal, day).summary
    assert summary.paid.amount == Decimal(4000) and summary.given_back.amount == Decimal(4000)
    assert summary.net == Decimal(0)
