"""QPay merchant API v2 client. Example::

    from decimal import Decimal
    from pos_app.qpay import QPayClient, SimpleInvoice

    with QPayClient("https://merchant.qpay.mn", "MERCHANT", password) as qpay:
        created = qpay.create_invoice(SimpleInvoice(
            invoice_code="MERCHANT_INVOICE", sender_invoice_no="SALE-0001",
            invoice_receiver_code="terminal", invoice_description="Sale 0001",
            amount="12500", callback_url="https://shop.example/qpay/callback"))
        verdict = qpay.paid_state(created.invoice_id, Decimal("12500"))
"""

from .auth import TokenManager
from .builders import (
    Address,
    BankAccount,
    EbarimtInvoice,
    EbarimtRequest,
    FullInvoice,
    InvoiceLine,
    InvoiceTransaction,
    LineAdjustment,
    PartyData,
    SenderBranchData,
    SimpleInvoice,
    StaffData,
)
from .callbacks import CALLBACK_ACK, CallbackHint, CallbackVerification, parse_callback, verify_callback
from .client import QPayClient
from .errors import (
    APIConnectionError,
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    InvalidResponseError,
    NotFoundError,
    OutcomeUnknownError,
    PaymentStateError,
    PermissionDeniedError,
    QPayError,
    RateLimitError,
    ServerError,
    UnreadableAnswerError,
    error_from_response,
)
from .models import (
    BankLink,
    BarimtHistory,
    BarimtItem,
    CardTransaction,
    CheckResult,
    CheckRow,
    Ebarimt,
    EbarimtCancelResult,
    Invoice,
    InvoiceCreated,
    InvoiceLineInfo,
    InvoiceList,
    InvoiceSummary,
    P2PTransaction,
    Payment,
    PaymentList,
    PaymentSummary,
    TokenPair,
)
from .paid import PaidState, PaidVerdict, paid_state
from .retry import DEFAULT_RETRY_POLICY, RetryPolicy, retry_delay
from .statuses import BarimtStatus, InvoiceStatus, PaymentStatus, ReceiverType

__all__ = [
    "CALLBACK_ACK",
    "DEFAULT_RETRY_POLICY",
    "APIConnectionError",
    "Address",
    "AuthenticationError",
    "BankAccount",
    "BankLink",
    "BarimtHistory",
    "BarimtItem",
    "BarimtStatus",
    "CallbackHint",
    "CallbackVerification",
    "CardTransaction",
    "CheckResult",
    "CheckRow",
    "ConflictError",
    "Ebarimt",
    "EbarimtCancelResult",
    "EbarimtInvoice",
    "EbarimtRequest",
    "FullInvoice",
    "InvalidRequestError",
    "InvalidResponseError",
    "Invoice",
    "InvoiceCreated",
    "InvoiceLine",
    "InvoiceLineInfo",
    "InvoiceList",
    "InvoiceStatus",
    "InvoiceSummary",
    "InvoiceTransaction",
    "LineAdjustment",
    "NotFoundError",
    "OutcomeUnknownError",
    "P2PTransaction",
    "PaidState",
    "PaidVerdict",
    "PartyData",
    "Payment",
    "PaymentList",
    "PaymentStateError",
    "PaymentStatus",
    "PaymentSummary",
    "PermissionDeniedError",
    "QPayClient",
    "QPayError",
    "RateLimitError",
    "ReceiverType",
    "RetryPolicy",
    "SenderBranchData",
    "ServerError",
    "SimpleInvoice",
    "StaffData",
    "TokenManager",
    "TokenPair",
    "UnreadableAnswerError",
    "error_from_response",
    "paid_state",
    "parse_callback",
    "retry_delay",
    "verify_callback",
]
