"""Cart to invoice, check to verdict, payment to receipt: one method a step."""

from __future__ import annotations

import base64
import binascii
import logging
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING

from pos_app.domain.cart import CartLine
from pos_app.domain.sale import (
    BankApp,
    IssuedReceipt,
    OpenInvoice,
    PaymentSeen,
    Receiver,
    ReceiverKind,
    Sale,
)
from pos_app.qpay import (
    APIConnectionError,
    AuthenticationError,
    BarimtStatus,
    Ebarimt,
    EbarimtCancelResult,
    EbarimtRequest,
    FullInvoice,
    InvalidRequestError,
    InvalidResponseError,
    InvoiceCreated,
    InvoiceLine,
    LineAdjustment,
    NotFoundError,
    OutcomeUnknownError,
    PaidVerdict,
    QPayClient,
    QPayError,
    RateLimitError,
    ServerError,
)
from pos_app.qpay.statuses import normalize_invoice_status, normalize_receiver_type

if TYPE_CHECKING:
    from pos_app.config import Settings

logger = logging.getLogger(__name__)

# The service marks a line as city-taxed by this entry in its `taxes` list;
# the amount is computed by the tax system, so it is sent as 0.
CITY_TAX_MARK = LineAdjustment(description="CITY_TAX", amount=Decimal(0))
# The `discounts` descriptions QPay keeps with the invoice (and its ebarimt): the line's own, and its share
# of the sale's.
LINE_DISCOUNT = "Хөнгөлөлт"
SALE_DISCOUNT = "Нийт дүнгийн хөнгөлөлт"
MAX_DESCRIPTION = 255
# On Cancel Ebarimt, this code means "no ebarimt for the payment" (already voided, or never made).
NO_RECEIPT = "EBARIMT_NOT_REGISTERED"    # the contract's answer to a void with no receipt (or no registration)
NO_ACTIVE_RECEIPT = "BARIMT_NOT_FOUND"   # the live service's: no active receipt for this payment, nothing else


class ReceiptCancelRefused(QPayError):
    """The service answered the receipt cancel with status false."""


class ReceiptAnswerIncomplete(InvalidResponseError):
    """Create Ebarimt answered, but not with a valid receipt (not active, or without its lottery or amounts).
    The receipt may exist all the same: the step stays pending and is settled by asking again."""


# What Create Invoice raises when it certainly made no invoice (the login failed, or its one request was refused or
# never sent): OutcomeUnknownError (a subclass of APIConnectionError, raised after a lost answer) must be caught
# before these, and an unreadable answer is not among them.
CERTAIN_REFUSALS = (InvalidRequestError, AuthenticationError, NotFoundError, RateLimitError, ServerError,
                    APIConnectionError)


_UNDONE = ("CANCELLED", "REFUNDED")   # a payment given back


def given_back_before(exc: BaseException) -> tuple[PaymentSeen, ...]:
    """The payments `Checkout.reverse_payments` gave back before it raised `exc`."""
    return tuple(getattr(exc, "given_back", ()))


def is_definite_refusal(exc: BaseException) -> bool:
    """True when the answer proves the call changed nothing: the service read the request and said no
    (4xx), or never let it in (login refused, slow down). A 5xx, a timeout, a lost connection or an answer we
    cannot read proves nothing: the outcome is unknown and is settled by reading the state back."""
    return isinstance(exc, QPayError) and not isinstance(exc, (ServerError, APIConnectionError,
                                                               InvalidResponseError))


@dataclass(frozen=True)
class CheckoutConfig:
    invoice_code: str
    callback_url: str
    receiver_code: str = "terminal"
    branch_code: str | None = None
    district_code: str = ""
    classification_code: str = ""
    shop_name: str = ""

    @classmethod
    def for_shop(cls, settings: Settings, invoice_code: str, callback_url: str) -> CheckoutConfig:
        """The shop's ebarimt defaults and name from its settings, with the QPay account's invoice code."""
        return cls(invoice_code=invoice_code, callback_url=callback_url, district_code=settings.district_code,
                   classification_code=settings.classification_code, shop_name=settings.shop_name)


class InvoiceState(Enum):
    OPEN = "open"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@dataclass(frozen=True)
class PaymentCheck:
    """What one check learned: the verdict and, when asked, the invoice's own status."""

    is_paid: bool
    paid_amount: Decimal
    payments: tuple[PaymentSeen, ...]
    invoice_state: InvoiceState = InvoiceState.OPEN


class Checkout:
    def __init__(self, client: QPayClient, config: CheckoutConfig) -> None:
        self.client = client
        self.config = config

    def __repr__(self) -> str:
        return f"Checkout(invoice_code={self.config.invoice_code!r})"

    # -- invoice ------------------------------------------------------------------

    def invoice_request(self, sale: Sale) -> FullInvoice:
        """The sale's invoice: its lines when it is for the whole total; for the rest after cash or the card
        terminal (a split sale) only the amount, whose lines would not add up to it (the sale's receipt then
        comes from PosAPI, never from this invoice)."""
        description = f"{self.config.shop_name or 'Sale'} {sale.number}".strip()[:MAX_DESCRIPTION]
        whole = sale.qpay_amount == sale.total
        return FullInvoice(
            invoice_code=self.config.invoice_code,
            sender_invoice_no=sale.number,
            invoice_receiver_code=self.config.receiver_code,
            invoice_description=description,
            callback_url=self.config.callback_url,
            sender_branch_code=self.config.branch_code,
            amount=sale.qpay_amount,
            lines=[_invoice_line(line) for line in sale.lines] if whole else None,
        )

    def create_invoice(self, sale: Sale) -> OpenInvoice:
        """One invoice for the sale; a lost answer is reconciled by the client, never resent blindly."""
        created = self.client.create_invoice(self.invoice_request(sale))
        return open_invoice(created)

    def cancel_invoice(self, invoice_id: str) -> None:
        self.client.cancel_invoice(invoice_id)

    # -- payment ------------------------------------------------------------------

    def check_payment(self, invoice_id: str, amount: Decimal, *, with_status: bool = False) -> PaymentCheck:
        """Paid in full? Optionally also read the invoice to learn of a cancel or expiry elsewhere."""
        verdict = self.client.paid_state(invoice_id, amount)
        state = InvoiceState.OPEN
        if with_status and not verdict.is_paid:
            status = normalize_invoice_status(self.client.get_invoice(invoice_id).invoice_status)
            if status == "CANCELLED":
                state = InvoiceState.CANCELLED
            elif status == "EXPIRED":
                state = InvoiceState.EXPIRED
        return PaymentCheck(verdict.is_paid, verdict.paid_amount, payments_seen(verdict), state)

    # -- receipt ------------------------------------------------------------------

    def issue_receipt(self, payment_id: str, receiver: Receiver) -> IssuedReceipt:
        """The ebarimt of one paid payment, as the service made it. Never resent by the client: a lost answer
        raises. Asking again for a payment that has its receipt returns that receipt (one active receipt a
        payment), whose receiver may not be the one asked: the answer's receiver is what is recorded."""
        request = EbarimtRequest(
            payment_id=payment_id,
            ebarimt_receiver_type=receiver.kind.value,
            ebarimt_receiver=receiver.register or None,
            district_code=self.config.district_code or None,
            classification_code=self.config.classification_code or None,
        )
        return issued_receipt(self.client.create_ebarimt(request), payment_id, receiver)

    def cancel_receipt(self, payment_id: str, *, asked_before: bool = False) -> None:
        """Void the payment's ebarimt. After a lost answer it is asked again: once voided, the service
        answers `EBARIMT_NOT_REGISTERED` ("no receipt for this payment"), taken as done only then
        (or with `asked_before`, in recovery) because the same code on a first ask can also mean the
        merchant is not registered, and the receipt would still be valid. The live service's
        `BARIMT_NOT_FOUND` has the one meaning (no active receipt: voided already, here or elsewhere),
        so it is done at any ask."""
        lost_once = asked_before
        while True:
            try:
                result = self.client.cancel_ebarimt(payment_id)
            except (APIConnectionError, ServerError):
                if lost_once and not asked_before:
                    raise
                logger.warning("receipt cancel: answer lost; asking again")
                lost_once, asked_before = True, False
                continue
            except QPayError as exc:
                if exc.error_code == NO_ACTIVE_RECEIPT or (exc.error_code == NO_RECEIPT and lost_once):
                    return
                raise
            if result.status is False:
                raise ReceiptCancelRefused(None, "EBARIMT_CANCEL_REFUSED", "The tax system did not cancel the receipt.")
            if _says_cancelled(result):
                return
            # An answer that does not say the receipt is cancelled ({}, or still REGISTERED) proves nothing:
            # asked again, as after a lost answer; twice, and the void stays unknown (left cancelling).
            if lost_once and not asked_before:
                raise OutcomeUnknownError(f"receipt cancel of payment {payment_id}: the answer does not say the "
                                          "receipt is cancelled", method="DELETE", path="/v2/ebarimt_v3/")
            logger.warning("receipt cancel: the answer does not say cancelled; asking again")
            lost_once, asked_before = True, False

    # -- after the sale ---------------------------------------------------------

    def reverse_payments(self, payments: tuple[PaymentSeen, ...], refund: bool, reason: str) -> Decimal:
        """Cancel (or refund) each card payment; returns the amount given back. An already reversed payment
        counts as given back. A refusal does not stop the others: each is asked, then the first refusal is
        raised. A lost answer the client could not settle is raised at once (the rest are not asked). Either
        way the error carries the payments that did go back (`given_back_before`)."""
        given_back: list[PaymentSeen] = []
        refused: list[QPayError] = []
        undo = self.client.refund_payment if refund else self.client.cancel_payment
        for payment in payments:
            try:
                undo(payment.payment_id, note=reason)
            except QPayError as exc:
                if exc.error_code == "PAYMENT_ALREADY_CANCELED":
                    given_back.append(payment)
                    continue
                if not is_definite_refusal(exc):
                    exc.given_back = tuple(given_back)   # type: ignore[attr-defined]
                    raise
                refused.append(exc)
                continue
            given_back.append(payment)
        if refused:
            refused[0].given_back = tuple(given_back)   # type: ignore[attr-defined]
            raise refused[0]
        return sum((payment.amount for payment in given_back), Decimal(0))

    def payments_given_back(self, payments: tuple[PaymentSeen, ...]) -> tuple[PaymentSeen, ...]:
        """Read back: those of `payments` that are cancelled or refunded."""
        return tuple(payment for payment in payments
                     if self.client.get_payment(payment.payment_id).status in _UNDONE)

    def payments_reversed(self, payments: tuple[PaymentSeen, ...]) -> bool | None:
        """After a crash: True when every payment is cancelled or refunded, False when all are still paid,
        None when it is mixed (`payments_given_back` says which)."""
        undone = self.payments_given_back(payments)
        if len(undone) == len(payments):
            return True
        return False if not undone else None

    def log_in(self) -> None:
        """Prove the credentials: a fresh login ("Test connection")."""
        self.client.authenticate()


def issued_receipt(answer: Ebarimt, payment_id: str, asked: Receiver) -> IssuedReceipt:
    """The receipt in the answer, checked: active, with its id, every amount (a missing VAT is not a VAT of 0)
    and, for an individual, its lottery number (a receipt to an organization has none in the tax system). The
    receiver is the answer's; only an answer silent on it keeps the one asked."""
    receiver = _answered_receiver(answer, asked)
    required = [("id", answer.id), ("amount", answer.amount), ("vat_amount", answer.vat_amount),
                ("city_tax_amount", answer.city_tax_amount)]
    if receiver.kind is ReceiverKind.INDIVIDUAL:
        required.append(("ebarimt_lottery", answer.ebarimt_lottery))
    missing = [name for name, value in required if value in (None, "")]
    if missing:
        raise ReceiptAnswerIncomplete(None, None, "The receipt answer lacks " + ", ".join(missing) + ".")
    if answer.status is False or answer.state not in ("", "CREATED"):
        raise ReceiptAnswerIncomplete(None, None, f"The receipt answer is not an active receipt "
                                      f"(status {answer.barimt_status or answer.status}).")
    assert answer.id and answer.amount is not None
    assert answer.vat_amount is not None and answer.city_tax_amount is not None
    return IssuedReceipt(
        receipt_id=answer.id,
        lottery=answer.ebarimt_lottery or "",
        qr_data=answer.ebarimt_qr_data or "",
        amount=answer.amount,
        vat=answer.vat_amount,
        city_tax=answer.city_tax_amount,
        receiver=receiver,
        payment_id=payment_id,
    )


def _answered_receiver(answer: Ebarimt, asked: Receiver) -> Receiver:
    kind = normalize_receiver_type(answer.ebarimt_receiver_type)
    if kind == ReceiverKind.ORGANIZATION.value:
        return Receiver(ReceiverKind.ORGANIZATION, (answer.ebarimt_receiver or "").strip())
    if kind == ReceiverKind.INDIVIDUAL.value:
        return Receiver(ReceiverKind.INDIVIDUAL, "")
    return asked


def _invoice_line(line: CartLine) -> InvoiceLine:
    """A sale line on the invoice, with its discounts. The service adds quantity × price − discounts exactly,
    unrounded, and keeps a quantity to 2 decimals (the live service answers "1.00"); a weighed line whose
    product is not whole cents (0.123 kg × 12,995) or whose weight has 3 decimals is therefore sent as one
    piece at the till's rounded amount, its weight in the note, so the invoice comes to the sale's total."""
    quantity = line.quantity if line.quantity == line.quantity.to_integral_value() \
        else line.quantity.normalize()       # 0.500 is 0.5; 100 stays 100 (normalize would write 1E+2)
    exact = line.is_exact and quantity.as_tuple().exponent >= -2  # type: ignore[operator]
    discounts = []
    if line.line_discount is not None and line.discount:
        discounts.append(LineAdjustment(description=f"{LINE_DISCOUNT} {line.line_discount.label}",
                                        amount=line.discount))
    if line.sale_share:
        discounts.append(LineAdjustment(description=SALE_DISCOUNT, amount=line.sale_share))
    return InvoiceLine(
        tax_product_code=line.tax_product_code or None,
        line_description=line.description,
        line_quantity=quantity if exact else Decimal(1),
        line_unit_price=line.unit_price if exact else line.gross,
        note=None if exact else f"{line.quantity.normalize():f} x {line.unit_price}",
        discounts=discounts or None,
        classification_code=line.classification_code or None,
        taxes=[CITY_TAX_MARK] if line.city_tax else None,
    )


def open_invoice(created: InvoiceCreated) -> OpenInvoice:
    return OpenInvoice(
        invoice_id=created.invoice_id,
        qr_text=created.qr_text or "",
        qr_image=_png(created.qr_image),
        short_url=created.short_url or "",
        banks=tuple(BankApp(link.name or "", link.description or "", link.logo or "", link.link or "")
                    for link in created.urls if link.name or link.description),
        recovered=created.recovered,
    )


def _png(data: str | None) -> bytes:
    """The QR image as bytes; a broken one is dropped (the QR is then drawn from `qr_text`)."""
    if not data:
        return b""
    if data.startswith("data:"):
        data = data.partition(",")[2]
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        logger.warning("qr_image is not base64; drawing the QR from qr_text")
        return b""


def payments_seen(verdict: PaidVerdict) -> tuple[PaymentSeen, ...]:
    return tuple(
        PaymentSeen(row.payment_id or "", row.payment_amount or Decimal(0), row.payment_wallet or "",
                    (row.payment_type or "").upper())
        for row in verdict.rows
        if row.payment_id in verdict.paid_payment_ids
    )


def _says_cancelled(result: EbarimtCancelResult) -> bool:
    """The void's answer says the receipt is cancelled: its status is CANCELLED (CANCELED), or it gives no
    status but `status: true` (the operation succeeded)."""
    if result.barimt_status is not None or result.ebarimt_status is not None:
        return result.state == BarimtStatus.CANCELLED and result.status is not False
    return result.status is True
