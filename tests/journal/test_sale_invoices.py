"""The journal's steps of a partly paid sale (sale_invoices.py): invoices for the rest under their own
numbers, and the part given back while the sale is still open."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import OpenInvoice, PaymentSeen, ReceiptVia
from pos_app.domain.taxes import TaxSplit
from pos_app.domain.tenders import CashTender
from pos_app.journal import Journal, JournalError, JournalStatus, ReversalKind, ReversalStatus, schema
from pos_app.journal.sale_invoices import InvoiceStatus

from .conftest import rewind, version_before

TOTAL = Decimal(10000)
PART = (PaymentSeen("p1", Decimal(4000), "Хаан банк", "CARD"),)


def _open_sale(journal: Journal) -> str:
    number = journal.sales.begin([CartLine("Сүү", Decimal(1), TOTAL)], TOTAL, TaxSplit(Decimal(900), Decimal(0)))
    journal.sales.invoice_opened(number, OpenInvoice("inv-1", "qr-1"))
    return number


def test_the_rest_has_its_own_number_each_time(journal: Journal) -> None:
    number = _open_sale(journal)
    first = journal.remainders.started(number, Decimal(6000), PART)
    assert first == f"{number}-2"
    journal.remainders.opened(number, first, OpenInvoice("inv-2", "qr-2", short_url="https://s/2"))
    journal.remainders.cancel_started(number, first)
    journal.remainders.cancelled(number, first)
    second = journal.remainders.started(number, Decimal(6000), PART)
    journal.remainders.failed(number, second, "refused: INVALID_AMOUNT")
    rows = journal.remainders.invoices(number)
    assert [(row.sender_invoice_no, row.status) for row in rows] == [
        (f"{number}-2", InvoiceStatus.CANCELLED), (f"{number}-3", InvoiceStatus.FAILED)]
    assert rows[0].invoice == OpenInvoice("inv-2", "qr-2", short_url="https://s/2") and not rows[0].is_live
    assert rows[1].failure == "refused: INVALID_AMOUNT" and rows[1].invoice is None
    kinds = [kind for _, kind, _ in journal.queries.events(number)]
    assert kinds[2:] == ["remainder_started", "remainder_opened", "remainder_cancel_started", "remainder_cancelled",
                         "remainder_started", "remainder_failed"]
    assert journal.queries.get(number).status is JournalStatus.OPEN


def test_the_rest_must_be_the_total_less_the_part(journal: Journal) -> None:
    number = _open_sale(journal)
    with pytest.raises(JournalError, match="rest"):
        journal.remainders.started(number, Decimal(5000), PART)
    with pytest.raises(JournalError):
        journal.remainders.started(number, Decimal(0), ())


def test_the_rest_of_a_split_sale_is_its_qpay_parts_less_what_qpay_paid(journal: Journal) -> None:
    # 4,000 in cash first; QPay asks for the other 6,000 and has 2,000 of it: 4,000 is left, not 8,000.
    number = journal.tenders.begin([CartLine("Сүү", Decimal(1), TOTAL)], TOTAL, TaxSplit(Decimal(900),
                                   Decimal(0)), CashTender(Decimal(4000), Decimal(4000)), ReceiptVia.POSAPI)
    assert journal.tenders.rest_started(number) == Decimal(6000)
    journal.sales.invoice_opened(number, OpenInvoice("inv-1", "qr-1"))
    part = (PaymentSeen("p1", Decimal(2000), "Хаан банк", "P2P"),)
    with pytest.raises(JournalError, match="rest of 6000 after 2000 is not 8000"):
        journal.remainders.started(number, Decimal(8000), part)          # the cash asked for again
    assert journal.remainders.started(number, Decimal(4000), part) == f"{number}-2"
    journal.remainders.opened(number, f"{number}-2", OpenInvoice("inv-2", "qr-2"))
    journal.sales.payments_seen(number, part + (PaymentSeen("p2", Decimal(4000), "Хаан банк", "P2P"),))
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.paid_amount == TOTAL


def test_one_rest_at_a_time_while_its_answer_is_unknown(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.remainders.started(number, Decimal(6000), PART)
    with pytest.raises(JournalError, match="still being created"):
        journal.remainders.started(number, Decimal(6000), PART)


def test_only_an_open_sale_gets_an_invoice_for_the_rest(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.sales.payments_seen(number, [PaymentSeen("p1", TOTAL)])
    with pytest.raises(JournalError, match="paid"):
        journal.remainders.started(number, Decimal(6000), PART)


def test_the_part_given_back_is_recorded_on_the_open_sale(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.remainders.part_reversal_started(number, PART, "customer left")
    with pytest.raises(JournalError, match="given back"):
        journal.remainders.started(number, Decimal(6000), PART)     # not while the money goes back
    journal.remainders.part_reversal_done(number, Decimal(4000))
    journal.sales.cancel_started(number)
    journal.sales.invoice_cancelled(number)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.CANCELLED and sale.reversal_status is ReversalStatus.DONE
    assert sale.reversed_amount == Decimal(4000) and sale.payments == PART and sale.reversal_reason == "customer left"
    assert not sale.money_kept and not sale.can_reverse


def test_only_card_payments_are_given_back_and_a_refusal_is_kept(journal: Journal) -> None:
    number = _open_sale(journal)
    with pytest.raises(JournalError, match="card"):
        journal.remainders.part_reversal_started(number, [PaymentSeen("p1", Decimal(4000), kind="P2P")],
                                                 "customer left")
    journal.remainders.part_reversal_started(number, PART, "customer left")
    with pytest.raises(JournalError):
        journal.remainders.part_reversal_started(number, PART, "again")
    journal.remainders.part_reversal_failed(number, "refused: PAYMENT_NOT_PAID")
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.failure == "refused: PAYMENT_NOT_PAID"
    journal.remainders.part_reversal_started(number, PART, "customer left")      # the cashier may try again


def test_a_version_4_file_gets_the_table(path: Path) -> None:
    Journal(path, "T1").close()
    rewind(path, version_before("_add_sale_invoices"))
    with Journal(path, "T1") as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION >= 5
        assert journal.remainders.invoices("T1-20261121-000001") == ()


def test_the_day_close_counts_a_part_given_back_as_paid_and_given_back(journal: Journal) -> None:
    # The money came and went: both show, so the day's net is right and nothing is hidden from the accountant.
    from pos_app.journal.day_summary import load_day

    number = _open_sale(journal)
    journal.remainders.part_reversal_started(number, PART, "customer left")
    journal.remainders.part_reversal_done(number, Decimal(4000))
    journal.sales.cancel_started(number)
    journal.sales.invoice_cancelled(number)
    day = journal.queries.get(number).created_at.date()
    summary = load_day(journal.queries, day).summary
    assert summary.paid.amount == Decimal(4000) and summary.given_back.amount == Decimal(4000)
    assert summary.net == Decimal(0)


# -- a give-back applies to payments, not to the sale (issue 16 point 6) ---------------------------------------

REST = (PaymentSeen("p2", Decimal(6000), "Хаан банк", "CARD"),)
AGAIN = (PaymentSeen("p3", Decimal(4000), "Хаан банк", "CARD"),)


def _part_given_back(journal: Journal) -> str:
    number = _open_sale(journal)
    journal.remainders.part_reversal_started(number, PART, "customer left")
    journal.remainders.part_reversal_done(number, Decimal(4000))
    return number


def test_money_after_a_part_given_back_is_kept_and_owed_its_receipts(journal: Journal) -> None:
    number = _part_given_back(journal)
    sale = journal.queries.get(number)
    assert sale.given_back == PART and sale.payments_given_back == PART
    journal.remainders.money_after_give_back(number, REST)             # the rest paid while the part went back
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.OPEN and sale.reversal_status is None and sale.given_back == ()
    journal.sales.payments_seen(number, REST + AGAIN)             # and the part paid again: paid in full
    sale = journal.queries.get(number)
    assert sale.money_kept and sale.owes_receipt and sale.payments_without_receipt == REST + AGAIN
    assert sale.can_reverse and number in [s.number for s in journal.queries.unfinished()]
    kinds = [kind for _, kind, _ in journal.queries.events(number)]
    assert kinds[-4:] == ["part_reversal_started", "part_reversal_done", "money_after_give_back", "payments_seen"]
    [closed] = [detail for _, kind, detail in journal.queries.events(number) if kind == "money_after_give_back"]
    assert closed["given_back"] == [{"payment_id": "p1", "amount": "4000", "bank": "Хаан банк", "type": "CARD"}]
    assert [p["payment_id"] for p in closed["payments"]] == ["p2"] and closed["reversal_status"] == "done"


def test_a_payment_given_back_is_never_taken_for_new_money(journal: Journal) -> None:
    number = _part_given_back(journal)
    with pytest.raises(JournalError, match="given back already"):
        journal.remainders.money_after_give_back(number, PART)
    with pytest.raises(JournalError, match="given back already"):
        journal.remainders.part_reversal_started(number, PART, "again")
    with pytest.raises(JournalError, match="given back already"):
        journal.remainders.started(number, Decimal(6000), PART)
    with pytest.raises(JournalError, match="nothing was paid"):
        journal.remainders.started(number, TOTAL, ())
    assert journal.queries.get(number).reversal_status is ReversalStatus.DONE


def test_new_money_after_a_part_given_back_can_be_invoiced_or_given_back(journal: Journal) -> None:
    # The steps themselves take the new payments (not only after a check closed the give-back).
    number = _part_given_back(journal)
    sender_no = journal.remainders.started(number, Decimal(4000), REST)
    assert sender_no == f"{number}-2" and journal.queries.get(number).reversal_status is None
    other = _part_given_back(journal)
    journal.remainders.part_reversal_started(other, REST, "customer left again")
    journal.remainders.part_reversal_done(other, Decimal(6000))
    sale = journal.queries.get(other)
    assert sale.given_back == REST and sale.reversed_amount == Decimal(6000) and sale.payments == REST


def test_a_part_give_back_refused_half_way_keeps_what_went_back_and_goes_on(journal: Journal) -> None:
    number = _open_sale(journal)
    two = (PaymentSeen("p1", Decimal(1000), "Хаан банк", "CARD"), PaymentSeen("p2", Decimal(3000), "Голомт", "CARD"))
    journal.remainders.part_reversal_started(number, two, "customer left")
    journal.remainders.part_reversal_failed(number, "refused: PAYMENT_SETTLED", given_back=two[:1])
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.given_back == two[:1]
    assert sale.reversed_amount == Decimal(1000) and sale.failure == "refused: PAYMENT_SETTLED"
    [refused] = [detail for _, kind, detail in journal.queries.events(number) if kind == "part_reversal_failed"]
    assert refused["amount"] == "1000" and [p["payment_id"] for p in refused["given_back"]] == ["p1"]
    journal.remainders.part_reversal_started(number, two[1:], "customer left")       # the rest of it, asked again
    journal.remainders.part_reversal_done(number, Decimal(3000), two[1:])
    sale = journal.queries.get(number)
    assert sale.given_back == two and sale.payments == two and sale.reversed_amount == Decimal(4000)
    started = [detail for _, kind, detail in journal.queries.events(number) if kind == "part_reversal_started"]
    assert [p["payment_id"] for p in started[1]["payments"]] == [] and started[1]["again"][0]["payment_id"] == "p2"


def test_a_give_back_refused_half_way_is_failed_only_for_what_remains(journal: Journal) -> None:
    number = _open_sale(journal)
    two = (PaymentSeen("p1", Decimal(4000), "Хаан банк", "CARD"), PaymentSeen("p2", Decimal(6000), "Хаан банк", "CARD"))
    journal.sales.payments_seen(number, two)
    journal.reversals.started(number, ReversalKind.CANCEL, "customer returned it")
    journal.remainders.reversal_partly_done(number, two[:1], "refused: PAYMENT_SETTLED")
    sale = journal.queries.get(number)
    assert sale.reversal_status is ReversalStatus.FAILED and sale.reversed_amount == Decimal(4000)
    assert sale.payments_given_back == two[:1] and sale.payments_kept == two[1:] and sale.money_kept
    assert sale.payments_without_receipt == two[1:] and sale.can_reverse
    [(kind, detail)] = [(kind, detail) for _, kind, detail in journal.queries.events(number) if "given_back" in detail]
    assert kind == "reversal_failed" and detail["amount"] == "4000"
    journal.reversals.started(number, ReversalKind.CANCEL, "customer returned it")
    journal.reversals.done(number, Decimal(6000))          # what this give-back returned: the rest
    sale = journal.queries.get(number)
    assert sale.payments_given_back == two and not sale.money_kept and not sale.owes_receipt
    assert sale.reversed_amount == Decimal(10000)         # what went back in all


def test_payments_after_the_sale_was_paid_are_recorded_as_an_over_payment(journal: Journal) -> None:
    number = _open_sale(journal)
    journal.sales.payments_seen(number, PART + REST)
    late = PaymentSeen("p9", Decimal(500), "Голомт", "P2P")
    assert journal.remainders.surplus_payments_seen(number, [PART[0], late]) == (late,)      # p1 it had
    assert journal.remainders.surplus_payments_seen(number, [late]) == ()                    # recorded once
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.payments == PART + REST + (late,)
    assert sale.paid_amount == Decimal(10500) and sale.payments_without_receipt == PART + REST + (late,)
    [surplus] = [detail for _, kind, detail in journal.queries.events(number)
                 if kind == "payments_seen" and "surplus" in detail]
    assert surplus["overpaid"] == "500" and [p["payment_id"] for p in surplus["payments"]] == ["p9"]
    other = _open_sale(journal)
    journal.sales.payments_seen(other, (PaymentSeen("q1", TOTAL, "", "CARD"),))
    journal.reversals.started(other, ReversalKind.CANCEL, "customer returned it")
    journal.reversals.done(other, TOTAL)
    with pytest.raises(JournalError, match="given back"):       # after a give-back: a person looks
        journal.remainders.surplus_payments_seen(other, [late])


def test_an_over_payment_on_a_completed_sale_makes_it_owe_a_receipt_again(journal: Journal) -> None:
    from pos_app.domain.sale import IssuedReceipt, Receiver

    number = _open_sale(journal)
    journal.sales.payments_seen(number, (PaymentSeen("p1", TOTAL, "", "CARD"),))
    journal.sales.receipt_started(number, Receiver())
    journal.sales.receipt_issued(number, IssuedReceipt("R1", "AB 1", "qr", TOTAL, Decimal(900), Decimal(0), Receiver(),
                                                       "p1"))
    journal.remainders.surplus_payments_seen(number, [PaymentSeen("p2", Decimal(100), "", "CARD")])
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.PAID and sale.owes_receipt
    assert [p.payment_id for p in sale.payments_without_receipt] == ["p2"]
    assert number in [s.number for s in journal.queries.unfinished()]


def test_a_version_5_file_keeps_its_give_backs(path: Path) -> None:
    with Journal(path, "T1") as journal:
        number = _open_sale(journal)
        journal.sales.payments_seen(number, PART + REST)
        journal.reversals.started(number, ReversalKind.CANCEL, "customer returned it")
        journal.reversals.done(number, TOTAL)
    rewind(path, version_before("_add_given_back_payments"))
    with Journal(path, "T1") as journal:
        assert journal.pragma("user_version") == schema.LATEST_VERSION >= 6
        sale = journal.queries.get(number)
        assert sale.given_back == PART + REST and sale.payments_given_back == PART + REST and not sale.money_kept
