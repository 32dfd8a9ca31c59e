"""The sales history's details: one sale's details and its event log, rendered as HTML into the two browsers the
dialog gives.

Texts keep the dialog's translation context ("HistoryDialog"), where they were first written.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from html import escape

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTextBrowser

from pos_app.bank_names import bank_text
from pos_app.domain.sale import Receiver
from pos_app.formats import datetime_text, money_text, quantity_text, signed_money_text, time_text
from pos_app.journal import JournalSale, JournalStatus, ReceiptStatus, ReversalStatus

from pos_app.ui.common.messages import describe_error
from pos_app.ui.history.model import payment_type_text, reversal_kind_text, status_text, step_text
from pos_app.ui.history.returns import stale_words
from pos_app.ui.common.receipt_words import lottery_text, receiver_text
from pos_app.ui.history.return_items_dialog import money_words

translate = QCoreApplication.translate     # lupdate reads translate("HistoryDialog", "...") calls


class SaleDetails:
    """One sale's details in `details` and its event log in `event_log` (a part of `HistoryDialog`); `posapi_set`
    says whether the shop's receipts go through PosAPI, which changes what a receipt left standing asks for."""

    def __init__(self, details: QTextBrowser, event_log: QTextBrowser, *, posapi_set: bool) -> None:
        self.details = details
        self.event_log = event_log
        self._posapi_set = posapi_set

    def show(self, sale: JournalSale | None) -> None:
        """The sale's details now, and its event log as being read (`show_events` follows)."""
        if sale is None:
            self.details.setHtml("<p>" + escape(translate("HistoryDialog", "No sale selected.")) + "</p>")
            self.event_log.clear()
            return
        self.details.setHtml(self._details_html(sale))
        self.event_log.setHtml("<p>" + escape(translate("HistoryDialog", "Reading the event log…")) + "</p>")

    def _details_html(self, sale: JournalSale) -> str:
        muted = "color:#616e7c"

        def section(title: str) -> str:
            return f"<p style='margin-top:8px; margin-bottom:1px'><b>{escape(title)}</b></p>"

        def table(headers: list[str], rows: list[list[str]], right: frozenset[int] = frozenset()) -> str:
            def cell(tag: str, i: int, text: str) -> str:
                align = "right" if i in right else "left"
                pad = "" if i == len(headers) - 1 else " style='padding-right:18px'"
                return f"<{tag} align='{align}'{pad}>{escape(text)}</{tag}>"
            head = "".join(cell("th", i, h) for i, h in enumerate(headers))
            body = "".join("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>" for row in rows)
            return f"<table cellspacing='0' cellpadding='1'><tr style='{muted}'>{head}</tr>{body}</table>"

        def line(pairs: list[tuple[str, str]]) -> str:
            return " · ".join(f"<span style='{muted}'>{escape(name)}</span> {escape(value)}"
                              for name, value in pairs if value)

        title = translate("HistoryDialog", "Sale {number}").format(number=sale.number)
        parts = [f"<p style='margin-bottom:2px; font-size:12pt'><b>{escape(title)} — "
                 f"{escape(status_text(sale))}</b></p>",
                 "<p style='margin-top:0'>" + line([
                     (translate("HistoryDialog", "Started"), datetime_text(sale.created_at, seconds=True)),
                     (translate("HistoryDialog", "Total"), money_text(sale.total)),
                     (translate("HistoryDialog", "VAT"), money_text(sale.taxes.vat)),
                     (translate("HistoryDialog", "City tax"),
                      money_text(sale.taxes.city_tax) if sale.taxes.city_tax else "")])
                 + ("<br>" + line([(translate("HistoryDialog", "Invoice"), sale.invoice_id)])
                    if sale.invoice_id else "") + "</p>"]
        parts.append(section(translate("HistoryDialog", "Lines")))
        parts.append(table([translate("HistoryDialog", "Item"), translate("HistoryDialog", "Qty"),
                            translate("HistoryDialog", "Price"), translate("HistoryDialog", "Amount")],
                           [[line_.description, quantity_text(line_.quantity), money_text(line_.unit_price),
                             money_text(line_.total)] for line_ in sale.lines], frozenset({1, 2, 3})))
        parts.append(section(translate("HistoryDialog", "Payments")))
        if sale.payments or sale.tenders:
            # A tender at the counter: its approval code (card terminal) or cash given (and the rounding that made
            # it whole tögrög) where a bank and id go.
            counter = [["", payment_type_text(tender.as_payment().kind), money_text(tender.amount),
                        getattr(tender.tender, "approval_code", "") or _cash_given_text(tender.tender)]
                       for tender in sale.tenders]
            parts.append(table([translate("HistoryDialog", "Bank"), translate("HistoryDialog", "Type"),
                                translate("HistoryDialog", "Amount"), translate("HistoryDialog", "Payment id")],
                               counter + [[bank_text(payment.bank), payment_type_text(payment.kind),
                                           money_text(payment.amount), payment.payment_id]
                                          for payment in sale.payments], frozenset({2})))
        else:
            parts.append("<p style='margin-top:0'>" + escape(translate("HistoryDialog", "None.")) + "</p>")
        parts.append(section(translate("HistoryDialog", "Tax receipt")))
        lost = translate("HistoryDialog", "bill {bill}: answer lost")
        if sale.receipts:
            parts.append(table([translate("HistoryDialog", "Receipt id"), translate("HistoryDialog", "Lottery"),
                                translate("HistoryDialog", "Amount"), translate("HistoryDialog", "Receiver"),
                                translate("HistoryDialog", "Status")],
                               [[row.receipt.receipt_id or lost.format(bill=row.bill),
                                 lottery_text(row.receipt, posapi=row.is_posapi),
                                 money_text(row.receipt.amount),
                                 self._receiver_text(row.receipt.receiver),
                                 self._receipt_status_text(row.status)
                                 + (" · " + translate("HistoryDialog", "void refused: {reason}").format(
                                     reason=row.failure) if row.failure else "")
                                 + (" · " + translate("HistoryDialog", "settled: {note}").format(note=row.settled)
                                    if row.settled else "")]
                                for row in sale.receipts], frozenset({2})))
            stale = stale_words(sale, self._posapi_set)
            if stale:
                parts.append(f"<p style='margin-top:0; color:#ba2525'>{escape(stale)}</p>")
            if sale.owes_receipt and sale.status is not JournalStatus.RECEIPT_PENDING:
                parts.append("<p style='margin-top:0; color:#ba2525'>" + escape(translate(
                    "HistoryDialog",
                    "The money was kept but has no valid receipt: issue one with Issue receipt (F9).")) + "</p>")
        else:
            text = (translate("HistoryDialog", "Being issued…") if sale.receipt_status is ReceiptStatus.PENDING
                    else translate("HistoryDialog", "Not issued (the last try failed).")
                    if sale.receipt_status is ReceiptStatus.FAILED
                    else translate("HistoryDialog", "None."))
            parts.append(f"<p style='margin-top:0'>{escape(text)}</p>")
        if sale.part_returns:
            parts.append(section(translate("HistoryDialog", "Items returned")))
            parts.append(table([translate("HistoryDialog", "Time"), translate("HistoryDialog", "Items"),
                                translate("HistoryDialog", "Amount"), translate("HistoryDialog", "Given back"),
                                translate("HistoryDialog", "Reason")],
                               [[time_text(part.at), ", ".join(
                                   f"{sale.lines[back.line].description} × {quantity_text(back.quantity)}"
                                   for back in part.lines), money_text(part.amount),
                                 "; ".join(money_words(money.back) + (
                                     "" if money.is_done else " (" + translate("HistoryDialog", "refused: {reason}")
                                     .format(reason=money.note) + ")" if money.is_refused else " …")
                                     for money in part.money), part.reason]
                                for part in sale.part_returns], frozenset({2})))
        if sale.reversal_status is not None:
            parts.append(section(translate("HistoryDialog", "Payment given back")))
            status = {ReversalStatus.DONE: translate("HistoryDialog", "Done"),
                      ReversalStatus.PENDING: translate("HistoryDialog", "Pending: the answer was not recorded"),
                      ReversalStatus.FAILED: translate("HistoryDialog", "Failed: the payment is still paid"),
                      }[sale.reversal_status]
            if sale.reversal_status is ReversalStatus.FAILED and sale.given_back:
                status = translate("HistoryDialog",
                                   "Failed half-way: {amount} went back, the rest is still paid").format(
                    amount=money_text(sum((payment.amount for payment in sale.given_back), Decimal(0))))
            parts.append(table([translate("HistoryDialog", "How"), translate("HistoryDialog", "Amount"),
                                translate("HistoryDialog", "Status"), translate("HistoryDialog", "Reason")],
                               [[reversal_kind_text(sale.reversal_kind),
                                 money_text(sale.reversed_amount) if sale.reversed_amount else "",
                                 status, sale.reversal_reason]], frozenset({1})))
        if sale.failure:
            parts.append(section(translate("HistoryDialog", "Last failure")))
            parts.append(f"<p style='margin-top:0; color:#ba2525'>{escape(sale.failure)}</p>")
        return "".join(parts)

    def _receiver_text(self, receiver: Receiver) -> str:
        return receiver_text(receiver)

    def _receipt_status_text(self, status: ReceiptStatus | None) -> str:
        return {ReceiptStatus.ISSUED: translate("HistoryDialog", "Valid"),
                ReceiptStatus.CANCELLING: translate("HistoryDialog", "Being voided…"),
                ReceiptStatus.CANCELLED: translate("HistoryDialog", "Voided in the tax system"),
                ReceiptStatus.CORRECTED: translate("HistoryDialog", "Replaced by a corrected receipt"),
                ReceiptStatus.PENDING: translate("HistoryDialog", "Being issued…"),
                ReceiptStatus.FAILED: translate("HistoryDialog", "Failed")}.get(status, "") if status else ""

    def show_events(self, events: list[tuple[datetime, str, dict]]) -> None:
        self.event_log.setHtml(self._events_html(events))

    def show_events_unread(self, error: BaseException) -> None:
        self.event_log.setPlainText(describe_error(error, translate("HistoryDialog",
                                                                    "The sale's event log could not be read.")))

    def _events_html(self, events: list[tuple[datetime, str, dict]]) -> str:
        rows = "".join(
            f"<tr><td style='color:#616e7c; padding-right:8px' valign='top'>{escape(time_text(at, seconds=True))}</td>"
            f"<td>{escape(step_text(kind, detail))}</td></tr>" for at, kind, detail in events)
        return ("<h4 style='margin-bottom:2px'>" + escape(translate("HistoryDialog", "Event log")) + "</h4>"
                f"<table cellspacing='0' cellpadding='1'>{rows}</table>")


def _cash_given_text(tender: object) -> str:
    """What the customer handed over, and the rounding the drawer kept beyond the amount applied (cash is whole
    tögrög)."""
    given = money_text(getattr(tender, "given", Decimal(0)))
    rounding = getattr(tender, "rounding", Decimal(0))
    if rounding:
        return translate("HistoryDialog", "given {amount}, rounding {rounding}").format(
            amount=given, rounding=signed_money_text(rounding))
    return translate("HistoryDialog", "given {amount}").format(amount=given)
