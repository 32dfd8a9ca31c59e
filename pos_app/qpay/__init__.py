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

from typing import TYPE_CHECKING

from pos_app.lazy import lazy_names

if TYPE_CHECKING:    # what type checkers and the installer's bundler read; loaded when first used
    from .auth import (
        TokenManager as TokenManager,
    )
    from .builders import (
        Address as Address,
        BankAccount as BankAccount,
        EbarimtInvoice as EbarimtInvoice,
        EbarimtRequest as EbarimtRequest,
        FullInvoice as FullInvoice,
        InvoiceLine as InvoiceLine,
        InvoiceTransaction as InvoiceTransaction,
        LineAdjustment as LineAdjustment,
        PartyData as PartyData,
        SenderBranchData as SenderBranchData,
        SimpleInvoice as SimpleInvoice,
        StaffData as StaffData,
    )
    from .callbacks import (
        CALLBACK_ACK as CALLBACK_ACK,
        CallbackHint as CallbackHint,
        CallbackVerification as CallbackVerification,
        parse_callback as parse_callback,
        verify_callback as verify_callback,
    )
    from .client import (
        QPayClient as QPayClient,
    )
    from .errors import (
        APIConnectionError as APIConnectionError,
        AuthenticationError as AuthenticationError,
        CertificateChangedError as CertificateChangedError,
        ConflictError as ConflictError,
        InvalidRequestError as InvalidRequestError,
        InvalidResponseError as InvalidResponseError,
        NotFoundError as NotFoundError,
        OutcomeUnknownError as OutcomeUnknownError,
        PaymentStateError as PaymentStateError,
        PermissionDeniedError as PermissionDeniedError,
        QPayError as QPayError,
        RateLimitError as RateLimitError,
        ServerError as ServerError,
        UnreadableAnswerError as UnreadableAnswerError,
        error_from_response as error_from_response,
    )
    from .models import (
        BankLink as BankLink,
        BarimtHistory as BarimtHistory,
        BarimtItem as BarimtItem,
        CardTransaction as CardTransaction,
        CheckResult as CheckResult,
        CheckRow as CheckRow,
        Ebarimt as Ebarimt,
        EbarimtCancelResult as EbarimtCancelResult,
        Invoice as Invoice,
        InvoiceCreated as InvoiceCreated,
        InvoiceLineInfo as InvoiceLineInfo,
        InvoiceList as InvoiceList,
        InvoiceSummary as InvoiceSummary,
        P2PTransaction as P2PTransaction,
        Payment as Payment,
        PaymentList as PaymentList,
        PaymentSummary as PaymentSummary,
        TokenPair as TokenPair,
    )
    from .paid import (
        PaidState as PaidState,
        PaidVerdict as PaidVerdict,
        paid_state as paid_state,
    )
    from .retry import (
        DEFAULT_RETRY_POLICY as DEFAULT_RETRY_POLICY,
        RetryPolicy as RetryPolicy,
        retry_delay as retry_delay,
    )
    from .statuses import (
        BarimtStatus as BarimtStatus,
        InvoiceStatus as InvoiceStatus,
        PaymentStatus as PaymentStatus,
        ReceiverType as ReceiverType,
    )

__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "auth": "TokenManager",
    "builders": "Address BankAccount EbarimtInvoice EbarimtRequest FullInvoice InvoiceLine InvoiceTransaction "
                "LineAdjustment PartyData SenderBranchData SimpleInvoice StaffData",
    "callbacks": "CALLBACK_ACK CallbackHint CallbackVerification parse_callback verify_callback",
    "client": "QPayClient",
    "errors": "APIConnectionError AuthenticationError CertificateChangedError ConflictError InvalidRequestError "
              "InvalidResponseError NotFoundError OutcomeUnknownError PaymentStateError PermissionDeniedError "
              "QPayError RateLimitError ServerError UnreadableAnswerError error_from_response",
    "models": "BankLink BarimtHistory BarimtItem CardTransaction CheckResult CheckRow Ebarimt "
              "EbarimtCancelResult Invoice InvoiceCreated InvoiceLineInfo InvoiceList InvoiceSummary "
              "P2PTransaction Payment PaymentList PaymentSummary TokenPair",
    "paid": "PaidState PaidVerdict paid_state",
    "retry": "DEFAULT_RETRY_POLICY RetryPolicy retry_delay",
    "statuses": "BarimtStatus InvoiceStatus PaymentStatus ReceiverType",
})
